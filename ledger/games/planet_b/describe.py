"""``describe`` (one log line per fact) and ``redact`` (a fact as one viewer may see it).

The log is read at the table, so neither shows a hidden thing: a building drawn or kept in
the draft, a virtual pile's order, a VP pocket's change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from ledger.games.planet_b import data
from ledger.games.planet_b.faces import key_of, kind_of
from ledger.games.planet_b.model import (
    SPACES,
    UNKNOWN,
    BoxClosed,
    BoxOpened,
    BuildingDestroyed,
    BuildingDrawn,
    BuildingReturned,
    Built,
    Changed,
    Declared,
    Drafted,
    Drawn,
    DrawsStarted,
    Dropped,
    ElectionEnded,
    ElectionStarted,
    Event,
    ExchangeEnded,
    ExchangeStarted,
    FinalRound,
    GameEnded,
    LawDrawn,
    LawReturned,
    MarkerMoved,
    NewsRevealed,
    NewsStacked,
    NewsTaken,
    OfficeDone,
    OfficesGiven,
    PacketDealt,
    RecallDone,
    SetUp,
    Shuffled,
    SuitcasePlaced,
    SwindlePlaced,
    TileLaidOut,
    TilePlaced,
    TileRemoved,
    TilesPlaced,
    TileTurned,
    TurnEnded,
    TurnStarted,
    Used,
    Votes,
    WorkiePlaced,
    WorkiesRecalled,
)
from ledger.games.planet_b.said import slot_words
from ledger.piles import counts_text


def _changed(e: Changed) -> str:
    parts = []
    if e.money:
        parts.append(f"{e.money:+d} money")
    if e.vp:
        parts.append("VP to the pocket" if e.vp > 0 else "VP from the pocket")
    if e.mood:
        parts.append(f"mood {e.mood:+d}")
    parts += [f"{n:+d} {r}" for r, n in e.resources.items()]
    if e.crafties:
        parts.append(f"{e.crafties:+d} crafty")
    if e.brainies:
        parts.append(f"{e.brainies:+d} brainy")
    parts += [f"{track} {n:+d}" for track, n in e.factions.items()]
    return f"{e.player}: {', '.join(parts)} ({e.why})"


def _votes(e: Votes) -> str:
    where = {  # the others are read as they are ("supply")
        "bag": "the bag",
        "out": "out of play",
        "none": "nowhere",
        "phantom": "counted",
    }
    source = f"in front of {e.holder}" if e.source == "front" else where.get(e.source, e.source)
    target = f"in front of {e.holder}" if e.target == "front" else where.get(e.target, e.target)
    why = f" ({e.why})" if e.why else ""
    return f"{e.n} {e.colour} vote{'' if e.n == 1 else 's'}: {source} -> {target}{why}"


def _offices(e: OfficesGiven) -> str:
    given = ", ".join(f"{data.OFFICE_NAMES[o]} {name}" for name, o in e.offices.items())
    return f"own votes counted: {', '.join(f'{k} {v}' for k, v in e.counts.items())} · {given}"


_DESCRIBE: dict[type, Callable[[Any], str]] = {
    Declared: lambda e: f"{kind_of(e.face)} {key_of(e.face)} declared".replace("  ", " "),
    SetUp: lambda e: (
        f"the board's {e.side} side; the election marker on space {e.marker}"
        + ("; the dummy's 25 votes beside the board" if e.dummy else "")
    ),
    Shuffled: lambda e: "the referee shuffles every pile",
    TilesPlaced: lambda e: (
        f"conglomerates: {e.tiles[0]} left, {e.tiles[1]} middle (red side up), {e.tiles[2]} right"
    ),
    TileLaidOut: lambda e: (
        f"conglomerate {e.tile} onto the {SPACES[e.space]} space" + (" (red side up)" if e.space == 1 else "")
    ),
    TileRemoved: lambda e: f"{e.tile} removed from the B tiles (2 players)",
    NewsRevealed: lambda e: f"news pile {e.pile}: {e.card} face up",
    PacketDealt: lambda e: f"{e.size} {e.pile} buildings to {e.order[0]}, then {' -> '.join(e.order[1:])}",
    Drafted: lambda e: f"{e.player} keeps a building",
    TurnStarted: lambda e: f"{e.player}'s turn",
    SuitcasePlaced: lambda e: (
        f"{e.player} deals: a suitcase on the {SPACES[e.space]} tile"
        + (" (its last space: an exchange after the turn)" if e.last else "")
    ),
    Changed: _changed,
    Votes: _votes,
    BoxOpened: lambda e: (
        f"{e.frame.owner}: {e.frame.source}: "
        + (", ".join(slot_words(s) for s in e.frame.slots) or "nothing to do")
    ),
    Used: lambda e: "",
    Dropped: lambda e: "an action that cannot be performed is left out",
    BoxClosed: lambda e: "",
    TilePlaced: lambda e: (
        f"{e.player}: {e.resource} tile "
        + ("back to the supply" if e.back else f"on {'upper' if e.space < 3 else 'lower'}{e.space % 3 + 1}")
    ),
    Built: lambda e: (
        f"{e.player} builds {e.card}" + ("" if e.source == "hand" else f" from the {e.source} pile")
    ),
    BuildingReturned: lambda e: f"{e.player} puts {e.card} under its pile",
    BuildingDestroyed: lambda e: f"{e.player}'s {e.card} destroyed",
    WorkiePlaced: lambda e: f"{e.player} places a {e.colour} on {e.building} (work area {e.area + 1})",
    WorkiesRecalled: lambda e: (
        f"{e.player}: {counts_text(e.colours)} back from {e.building} (work area {e.area + 1})"
    ),
    NewsTaken: lambda e: f"{e.player} plays news {e.card} from pile {e.pile}",
    NewsStacked: lambda e: f"{e.card} on top of {e.player}'s news",
    SwindlePlaced: lambda e: f"{e.player} places a {e.tile} swindle tile",
    MarkerMoved: lambda e: (
        f"the election marker to space {e.to}" + (": an election after the turn" if e.called else "")
    ),
    LawDrawn: lambda e: f"{e.player} draws the {e.colour} law {e.card}",
    LawReturned: lambda e: f"{e.card} under the {e.colour} laws",
    OfficeDone: lambda e: f"{e.player} does the office's action",
    TurnEnded: lambda e: f"{e.player} ends the turn",
    BuildingDrawn: lambda e: f"{e.player} draws a building from pile {e.pile}",
    ExchangeStarted: lambda e: f"exchange on the {SPACES[e.space]}, triggered by {e.player}",
    TileTurned: lambda e: {
        "flip": f"the {SPACES[e.space]} tile turned over",
        "remove": f"the {SPACES[e.space]} tile removed",
    }.get(e.how, f"{e.tile} added on the {SPACES[e.space]}"),
    ExchangeEnded: lambda e: f"the {SPACES[e.space]} market disc follows its tile",
    ElectionStarted: lambda e: f"election, triggered by {e.trigger}",
    RecallDone: lambda e: f"{e.player} is done returning workies",
    DrawsStarted: lambda e: "the draws begin",
    Drawn: lambda e: (
        f"{e.player} draws {counts_text(e.colours)}" + (" (back to their owners)" if e.to == "supply" else "")
    ),
    OfficesGiven: _offices,
    ElectionEnded: lambda e: f"the election is over; the marker back to space {e.marker}",
    FinalRound: lambda e: (
        f"the last conglomerate tile is on the board: {e.turns} more turns, {e.player} last"
    ),
    GameEnded: lambda e: "the game ends",
}


def describe(event: Event) -> str:
    """One short line for the log ("" for bookkeeping facts)."""
    return _DESCRIBE[type(event)](event)


# A fact the referee deals by chance with virtual piles (``chance``): what it dealt.
_CHANCE: dict[type, str] = {
    Shuffled: "the piles shuffled",
    TilesPlaced: "the conglomerate tiles turned up",
    TileRemoved: "a B tile removed at random",
    NewsRevealed: "a news card turned up",
    PacketDealt: "a packet of buildings dealt",
    BuildingDrawn: "a building drawn",
    LawDrawn: "a law drawn",
    Drawn: "votes drawn from the bag",
}


def chance(event: Event) -> str:
    """What the referee dealt by chance in ``event`` at a table with virtual piles (a card
    drawn or turned up, votes drawn from the bag), or "" if it dealt nothing: a move with such
    a fact is not taken back from the phone, its mover having seen the deal."""
    if isinstance(event, TileTurned):
        return "a new B tile turned up" if event.how == "add" else ""
    if isinstance(event, Built):  # from the top of a pile (a news card's free build), not a hand
        return "a building drawn from its pile and built" if event.source != "hand" else ""
    return _CHANCE.get(type(event), "")


def redact(event: Event, as_player: str | None = None, reveal: bool = False) -> Event:
    """The fact as ``as_player`` may see it: a hidden card becomes "?", a pocket's change 0."""
    if reveal:
        return event
    viewer = (as_player or "").lower()
    match event:
        case Drafted(player, _) if player.lower() != viewer:
            return replace(event, card=UNKNOWN)
        case BuildingDrawn(player, _, _) if player.lower() != viewer:
            return replace(event, card=UNKNOWN)
        case PacketDealt(_, order, cards, _) if cards and order[0].lower() != viewer:
            return replace(event, cards=(UNKNOWN,) * len(cards))
        case Shuffled(piles):
            return Shuffled({name: (UNKNOWN,) * len(order) for name, order in piles.items()})
        case Changed(player) if event.vp and player.lower() != viewer:
            return replace(event, vp=0)
    return event
