"""A table's own Pursuit cards and base-game numbers as TOML: ``load_cards`` reads them as
declarations, ``dump_cards`` writes every face and setting declared in a game.

The file holds what the texts do not print, so it is the group's, never the publisher's.
Boxes are in the effect language (``effects``)::

    [settings]                        # the base game's numbers (``data.SETTINGS``)
    stress = "3:0,3:-1,3:-2"
    rounds = "0,0,1,2"

    [[action]]                        # a board action the base game prints
    name = "study"
    reward = "3knowledge"

    [[card]]
    name = "GRAPHIC DESIGNER"
    kind = "stand-alone-job"          # project, item, activity, job, partner, life-goal, child-trait,
    levels = [{cost = "2knowledge 4creativity", reward = "8money",    # friend, pet, career-job,
               upkeep = "1hourglass 1knowledge 2creativity", income = "7money"}]  # educational-project,
    harder = ["1sth", "2money"]                                        # stand-alone-job
    harder_upkeep = ["1sth", "3money"]
    # set = "community" for Community's Additional Cards; retirement = "3money" (Career
    # Jobs); ability = "words" (a Degree's, a Child Trait's)

    [[community]]
    name = "RENAISSANCE FAIR"
    multiple = true
    engage = {cost = "1money"}
    outcomes = [{...}, {cost = "2knowledge 1creativity", reward = "3influence 1popularity 1lth"}, {...}]
"""

from __future__ import annotations

from typing import Any

import msgspec

from ledger import cardfile
from ledger.decider import Setup
from ledger.errors import BadInput, RefereeError
from ledger.games.pursuit import data
from ledger.games.pursuit.faces import (
    Action,
    Card,
    Community,
    Face,
    Faces,
    Setting,
    built_in,
    check,
    kind_of,
)
from ledger.games.pursuit.model import Command, Declare, Declared, State
from ledger.words import card_name

SECTIONS: dict[str, type[Any]] = {"action": Action, "card": Card, "community": Community}
# A library holds every module's faces: read and written with them all in play.
LIBRARY_OPTIONS = {"modules": ",".join(data.MODULES)}


def face_of(section: str, entry: dict[str, Any], where: str) -> Face:
    """The face a cards-file entry (or a typed ``declare``) describes."""
    entry = dict(entry)
    if section != "action" and isinstance(entry.get("name"), str):
        entry["name"] = card_name(entry["name"])
    try:
        face: Face = msgspec.convert(entry, SECTIONS[section])
    except msgspec.ValidationError as error:
        raise BadInput(f"cards file: {where}: {error}") from None
    return face


def _preset(setup: Setup) -> list[Face]:
    """What ``--option preset=...`` declared already: the file need not say it again."""
    preset = setup.options.get("preset", "none")
    settings: list[Face] = [Setting(k, v) for k, v in data.PRESETS.get(preset, {}).items()]
    actions: list[Face] = [Action(name=k, reward=v) for k, v in data.PRESET_ACTIONS.get(preset, {}).items()]
    # and what the texts print whole: built in (``faces.built_in``)
    return settings + actions + list(built_in(data.MODULES, setup.rules_version))


def _same(face: Face, preset: list[Face]) -> bool:
    try:
        checked = check(Faces(), face) if not isinstance(face, Community) else face
    except RefereeError:
        return False
    return any(check(Faces(), p) == checked for p in preset)


def load_cards(setup: Setup, text: str) -> list[Command]:
    """Declarations of the settings, board actions and cards in a cards file (TOML); what the
    preset declared already, the same, is left out."""
    doc = cardfile.parse(text, ("settings", *SECTIONS))
    preset = _preset(setup)
    commands: list[Command] = []
    settings = doc.get("settings", {})
    if not isinstance(settings, dict):
        raise BadInput("cards file: [settings] must be a table of name = value")
    for name, value in settings.items():
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise BadInput(f"cards file: setting {name} must be a string or a number")
        commands.append(Declare(Setting(name, str(value))))
    for section in SECTIONS:
        for i, entry in enumerate(cardfile.entries(doc, section), 1):
            commands.append(Declare(face_of(section, entry, f"{section} {entry.get('name', i)}")))
    return [c for c in commands if not (isinstance(c, Declare) and _same(c.face, preset))]


def dump_cards(state: State) -> str:
    """Every setting, board action and card declared in this game, as a cards file."""
    faces = state.faces
    # What ``--option preset=...`` declared is in the setup, not in the group's file.
    preset = state.options.get("preset", "none")
    preset_settings = data.PRESETS.get(preset, {})
    preset_actions = data.PRESET_ACTIONS.get(preset, {})
    settings = {k: v for k, v in faces.settings.items() if k not in preset_settings}
    lines = [
        "# The Pursuit of Happiness cards and base-game numbers declared at this table",
        "# (the group's record, not the publisher's data).",
        "",
    ]
    if settings:
        lines.append("[settings]")
        lines += [f"{name} = {cardfile.toml_string(value)}" for name, value in sorted(settings.items())]
        lines.append("")
    for name in sorted(set(faces.actions) - set(preset_actions)):
        lines += cardfile.toml_entry("action", faces.actions[name], True)
    for name in sorted(faces.cards):  # a card built in is left out as the file is read (``_preset``)
        lines += cardfile.toml_entry("card", faces.cards[name], True)
    for name in sorted(faces.community):
        lines += cardfile.toml_entry("community", faces.community[name], True)
    return "\n".join(lines)


def library_face(event: object) -> tuple[str, Face] | None:
    """The card library's key of a declaration fact and the face or setting it declares (None
    for any other fact). A card and a Community card share their names (``faces.known``)."""
    if not isinstance(event, Declared):
        return None
    face = event.face
    section = "card" if isinstance(face, Card | Community) else kind_of(face)
    return f"{section} {face.name}", face
