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

from ledger import cardfile
from ledger.cardfile import toml_array, toml_string
from ledger.decider import Setup
from ledger.errors import BadInput
from ledger.games.loop import data
from ledger.games.loop.model import (
    ActivityDeclared,
    Command,
    DeclareActivity,
    DeclareGoal,
    GoalDeclared,
    State,
)
from ledger.words import card_name


def load_cards(setup: Setup, text: str) -> list[Command]:
    """Declarations of the ACTIVITY and GOAL faces in a cards file (TOML)."""
    doc = cardfile.parse(text, ("activity", "goal"))
    commands: list[Command] = []
    for entry in cardfile.entries(doc, "activity"):
        name = card_name(entry["name"])
        where = f"activity {name}"
        cardfile.keys(entry, {"name", "needs", "props"}, where)
        needs = cardfile.strings(entry, "needs", data.MATERIALS, where)
        props = cardfile.strings(entry, "props", data.PROPERTIES, where)
        commands.append(DeclareActivity(name, needs, props))
    for entry in cardfile.entries(doc, "goal"):
        name = card_name(entry["name"])
        where = f"goal {name}"
        cardfile.keys(entry, {"name", "needs", "reward"}, where)
        reward = entry.get("reward")
        if reward is not None and (not isinstance(reward, int) or isinstance(reward, bool)):
            raise BadInput(f"cards file: {where}: reward must be a number")
        needs = cardfile.strings(entry, "needs", data.PROPERTIES, where)
        commands.append(DeclareGoal(name, needs, reward))
    return commands


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
            f"name = {toml_string(name)}",
            f"needs = {toml_array(face.needs)}",
            f"props = {toml_array(face.props)}",
            "",
        ]
    for name, goal in sorted(state.goal_faces.items()):
        if not goal.complete:
            continue
        lines += ["[[goal]]", f"name = {toml_string(name)}"]
        if goal.needs is not None:
            lines.append(f"needs = {toml_array(goal.needs)}")
        lines += [f"reward = {goal.reward}", ""]
    return "\n".join(lines)


def library_face(event: object) -> tuple[str, ActivityDeclared | GoalDeclared] | None:
    """The card library's key of a declaration fact, and the face it declares (None for any
    other fact): a group's ACTIVITY and GOAL are named once across its games."""
    if isinstance(event, ActivityDeclared):
        return f"activity {event.name}", event
    if isinstance(event, GoalDeclared):
        return f"goal {event.name}", event
    return None
