"""A table's own Planet B boards and cards as TOML: ``load_cards`` reads them as
declarations, ``dump_cards`` writes every face declared in a game.

The file holds what the rulebook does not print, so it is the group's, never the
publisher's. Sections, one per kind of face (``faces``); boxes in the effect language::

    [[side]]                        # a board side: "4" or "2-3"
    name = "4"
    suitcases = 4
    track = 9                       # election track spaces; the marker starts on `start`
    start = 3
    markets = [{plastic = [2, 4], water = [3, 5]}, {...}, {...}]   # [grey, red] prices

    [[board]]                       # a player board's production lines
    number = 1
    upper = ["plastic", "iridium", "plant"]
    lower = ["water", "meat", "chip"]

    [production]                    # the 10 production tiles of each colour
    tiles = ["meat", ...]

    [headquarters]
    boxes = ["swindle 2money", "produce"]

    [mood]                          # lowest space first; its box at an election
    spaces = ["-3vote others:2vote", "-2vote", "-vote", "", "2money vote", "4money 2vote"]
    neutral = 3

    [[track]]                       # a faction track: the 2 boxes of each space after the start
    name = "capitalist"
    spaces = [["3money", "vote"], ..., ["20money", "build"]]

    [swindle]                       # the 4 swindle spaces, topmost first: [cost, reward]
    spaces = [["-3money", "2vote"], ...]

    [[tile]]
    name = "ASTEROID MINING"
    set = "A"
    grey = "all:iridium 2money"
    red = "-3money news"
    grey_then = "flip"
    red_then = "remove"

    [[building]]
    name = "TAILOR"
    pile = "B"
    cost = 16
    vp = 5
    areas = ["crafty+crafty+brainy+brainy"]
    boxes = ["2vote 5money", "news"]

    [[news]]
    name = "PLASTIC BAGS"
    pile = "I"
    box = "2plastic"
    immoral = false

    [[law]]
    name = "COAL"
    colour = "yellow"
    left = ["futurist-check", "futurist"]     # [President, All Others]
    right = ["3money", "-money"]
"""

from __future__ import annotations

from typing import Any

import msgspec

from ledger import cardfile
from ledger.decider import Setup
from ledger.errors import BadInput
from ledger.games.planet_b.faces import (
    Board,
    Building,
    Face,
    Headquarters,
    Law,
    Mood,
    News,
    Production,
    Side,
    Swindle,
    Tile,
    Track,
    key_of,
    kind_of,
)
from ledger.games.planet_b.model import Command, Declare, Declared, State
from ledger.words import card_name

# section -> (face type, repeated: [[section]] or once: [section])
SECTIONS: dict[str, tuple[type[Any], bool]] = {
    "side": (Side, True),
    "board": (Board, True),
    "production": (Production, False),
    "headquarters": (Headquarters, False),
    "mood": (Mood, False),
    "track": (Track, True),
    "swindle": (Swindle, False),
    "tile": (Tile, True),
    "building": (Building, True),
    "news": (News, True),
    "law": (Law, True),
}
NAMED = ("tile", "building", "news", "law")  # card names: capitals, single spaces


def face_of(section: str, entry: dict[str, Any], where: str) -> Face:
    """The face a cards-file entry (or a typed ``declare``) describes."""
    kind, _ = SECTIONS[section]
    entry = dict(entry)
    if section in NAMED and isinstance(entry.get("name"), str):
        entry["name"] = card_name(entry["name"])
    try:
        face: Face = msgspec.convert(entry, kind)
    except msgspec.ValidationError as error:
        raise BadInput(f"cards file: {where}: {error}") from None
    return face


def load_cards(setup: Setup, text: str) -> list[Command]:
    """Declarations of the faces in a cards file (TOML)."""
    doc = cardfile.parse(text, tuple(SECTIONS))
    commands: list[Command] = []
    for section, (_, repeated) in SECTIONS.items():
        if section not in doc:
            continue
        if repeated:
            found = doc[section]
            if not isinstance(found, list) or not all(isinstance(e, dict) for e in found):
                raise BadInput(f"cards file: [[{section}]] must be tables")
            for i, entry in enumerate(found, 1):
                label = entry.get("name", entry.get("number", i))
                commands.append(Declare(face_of(section, entry, f"{section} {label}")))
        else:
            if not isinstance(doc[section], dict):
                raise BadInput(f"cards file: [{section}] must be a table")
            commands.append(Declare(face_of(section, doc[section], section)))
    return commands


def dump_cards(state: State) -> str:
    """Every face declared in this game, as a cards file."""
    faces = state.faces
    lines = [
        "# Planet B boards and cards declared at this table (the group's record, not the publisher's data).",
        "",
    ]
    groups: list[tuple[str, list[Face]]] = [
        ("side", [faces.sides[k] for k in sorted(faces.sides)]),
        ("board", [faces.boards[k] for k in sorted(faces.boards)]),
        ("production", [faces.production] if faces.production else []),
        ("headquarters", [faces.headquarters] if faces.headquarters else []),
        ("mood", [faces.mood] if faces.mood else []),
        ("track", [faces.tracks[k] for k in sorted(faces.tracks)]),
        ("swindle", [faces.swindle] if faces.swindle else []),
        ("tile", [faces.tiles[k] for k in sorted(faces.tiles)]),
        ("building", [faces.buildings[k] for k in sorted(faces.buildings)]),
        ("news", [faces.news[k] for k in sorted(faces.news)]),
        ("law", [faces.laws[k] for k in sorted(faces.laws)]),
    ]
    for section, found in groups:
        for face in found:
            lines += cardfile.toml_entry(section, face, SECTIONS[section][1])
    return "\n".join(lines)


def library_face(event: object) -> tuple[str, Face] | None:
    """The card library's key of a declaration fact (its kind and name: ``building TAILOR``,
    ``board 1``, ``mood``) and the face it declares; None for any other fact."""
    if not isinstance(event, Declared):
        return None
    return f"{kind_of(event.face)} {key_of(event.face)}".strip(), event.face
