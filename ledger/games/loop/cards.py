"""A table's own card faces as TOML: ``load_cards`` reads them as declarations,
``dump_cards`` writes every face declared in a game.

The file holds what the rulebook does not print, so it is the group's, never the
publisher's::

    [[activity]]
    name = "DANCE"
    needs = ["glass", "plastic"]      # the 2 MATERIAL colours
    props = ["group", "heart"]        # the 2 different PROPERTY

    [[goal]]
    name = "SENSE OF BELONGING"
    needs = ["house", "house", "group", "group"]
    reward = 3                        # HAPPINESS

    [[goal]]
    name = "HOBBY"                    # HOBBY and CURIOSITY have no needs
    reward = 2
"""

from __future__ import annotations

from typing import Any

import msgspec

from ledger.decider import Setup
from ledger.errors import BadInput
from ledger.games.loop import data
from ledger.games.loop.grammar import card_name
from ledger.games.loop.model import Command, DeclareActivity, DeclareGoal, State


def _strings(entry: dict[str, Any], key: str, allowed: tuple[str, ...], where: str) -> tuple[str, ...] | None:
    value = entry.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BadInput(f"cards file: {where}: {key} must be a list of names")
    items = tuple(v.lower() for v in value)
    for item in items:
        if item not in allowed:
            raise BadInput(f"cards file: {where}: unknown {key} {item!r}", legal=", ".join(allowed))
    return items


def _entries(doc: dict[str, Any], key: str) -> list[dict[str, Any]]:
    entries = doc.get(key, [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise BadInput(f"cards file: [[{key}]] must be tables")
    for entry in entries:
        if not isinstance(entry.get("name"), str) or not entry["name"].strip():
            raise BadInput(f"cards file: every [[{key}]] needs a name")
    return entries


def load_cards(setup: Setup, text: str) -> list[Command]:
    """Declarations of the ACTIVITY and GOAL faces in a cards file (TOML)."""
    import tomllib  # only here: every other command starts faster without it

    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BadInput(f"cards file is not TOML: {error}") from None
    unknown = set(doc) - {"activity", "goal"}
    if unknown:
        raise BadInput(f"cards file: unknown section {sorted(unknown)[0]!r}", legal="activity, goal")
    commands: list[Command] = []
    for entry in _entries(doc, "activity"):
        name = card_name(entry["name"])
        where = f"activity {name}"
        extra = set(entry) - {"name", "needs", "props"}
        if extra:
            raise BadInput(f"cards file: {where}: unknown key {sorted(extra)[0]!r}")
        needs = _strings(entry, "needs", data.MATERIALS, where)
        props = _strings(entry, "props", data.PROPERTIES, where)
        commands.append(DeclareActivity(name, needs, props))
    for entry in _entries(doc, "goal"):
        name = card_name(entry["name"])
        where = f"goal {name}"
        extra = set(entry) - {"name", "needs", "reward"}
        if extra:
            raise BadInput(f"cards file: {where}: unknown key {sorted(extra)[0]!r}")
        reward = entry.get("reward")
        if reward is not None and (not isinstance(reward, int) or isinstance(reward, bool)):
            raise BadInput(f"cards file: {where}: reward must be a number")
        needs = _strings(entry, "needs", data.PROPERTIES, where)
        commands.append(DeclareGoal(name, needs, reward))
    return commands


def _string(text: str) -> str:
    """A TOML basic string (a JSON string is one)."""
    return msgspec.json.encode(text).decode()


def _array(items: tuple[str, ...]) -> str:
    return "[" + ", ".join(_string(item) for item in items) + "]"


def dump_cards(state: State) -> str:
    """Every whole ACTIVITY and GOAL face known in this game, as a cards file."""
    lines = [
        "# LOOP card faces declared at this table (the group's record, not the publisher's data).",
        "",
    ]
    for name, face in sorted(state.activity_faces.items()):
        if face.needs is None or face.props is None:
            continue
        lines += [
            "[[activity]]",
            f"name = {_string(name)}",
            f"needs = {_array(face.needs)}",
            f"props = {_array(face.props)}",
            "",
        ]
    for name, goal in sorted(state.goal_faces.items()):
        if not goal.complete:
            continue
        lines += ["[[goal]]", f"name = {_string(name)}"]
        if goal.needs is not None:
            lines.append(f"needs = {_array(goal.needs)}")
        lines += [f"reward = {goal.reward}", ""]
    return "\n".join(lines)
