"""``describe`` (one log line per fact) and ``redact`` (a fact as one viewer may see it).

The game is open; only a virtual pile's order is hidden (``Shuffled``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ledger.games.pursuit import data
from ledger.games.pursuit.faces import Setting, kind_of
from ledger.games.pursuit.model import (
    UNKNOWN,
    Began,
    Changed,
    Declared,
    Discarded,
    Drawn,
    Engaged,
    Event,
    GameEnded,
    GoalsRevealed,
    Hourglasses,
    Leveled,
    LifeEnded,
    Passed,
    PhaseStarted,
    Placed,
    Refreshed,
    Resolved,
    Returned,
    RoundStarted,
    SchoolLeft,
    Shuffled,
    Slid,
    SlotEmptied,
    SlotFilled,
    StatusChanged,
    Taken,
    TraitKept,
    TurnStarted,
    UpkeepPaid,
)

NAMES = {"sth": "STH", "lth": "LTH", "owned": "hourglass token"}


def _changed(e: Changed) -> str:
    parts = [f"{n:+d} {NAMES.get(key, key)}" for key, n in e.changes.items()]
    # (a board action's reward is stored with the action's key as its why: said by its name)
    why = data.action_title(e.why) if re.fullmatch(r"[a-z]+(-[a-z]+)+", e.why) else e.why
    return f"{e.player}: {', '.join(parts)} ({why})"


def _round(n: int) -> str:
    return "the Teen round" if n == 0 else f"Adult round {n}"


def _phase(e: PhaseStarted) -> str:
    if e.phase == "upkeep":
        return "Upkeep Phase" + (f": {', '.join(e.players)} to pay upkeep" if e.players else "")
    if e.phase == "action":
        return f"Action Phase: {', '.join(e.players)}"
    return f"{e.phase.title()} Phase"


_DESCRIBE: dict[type, Callable[[Any], str]] = {
    Declared: lambda e: (
        f"setting {e.face.name}: {e.face.value}"
        if isinstance(e.face, Setting)
        else f"{kind_of(e.face)} {getattr(e.face, 'name', '')} declared"
    ),
    Began: lambda e: (
        f"setup: {e.hourglasses} hourglass tokens each"
        + (f"; the Community pile: {e.community} cards" if e.community else "")
        + (f"; the Friend pile: {e.friends} cards" if e.friends else "")
    ),
    Shuffled: lambda e: "the referee shuffles the piles",
    GoalsRevealed: lambda e: f"Life Goals face up: {', '.join(e.cards)}",
    TraitKept: lambda e: f"{e.player} keeps the Child Trait {e.card}",
    SlotFilled: lambda e: f"{e.card} onto slot {e.slot + 1} of the {e.board} board",
    SlotEmptied: lambda e: f"{e.card} discarded from the {e.board} board ({e.why})",
    Drawn: lambda e: f"{e.card} drawn and discarded ({e.why})",
    Slid: lambda e: "the Community cards slide right: " + " · ".join(c or "-" for c in e.cards),
    SchoolLeft: lambda e: "the School tile and its piles return to the box",
    RoundStarted: lambda e: f"{_round(e.round)}: Preparation Phase",
    Hourglasses: lambda e: f"{e.player}: {e.n} hourglasses this round",
    PhaseStarted: _phase,
    TurnStarted: lambda e: f"{e.player}'s turn",
    Changed: _changed,
    Placed: lambda e: (
        f"{e.player} places {e.n} hourglass{'es' if e.n > 1 else ''} on "
        + (e.card if e.card else data.action_title(e.where))
    ),
    Taken: lambda e: f"{e.player} takes {e.card} (L{e.level})",
    Leveled: lambda e: f"{e.player}'s {e.card} to L{e.level}",
    StatusChanged: lambda e: (
        f"{e.player}'s {e.card} set aside as {'Retirement' if e.status == 'retired' else 'a Degree'}"
    ),
    Discarded: lambda e: f"{e.player} discards {e.card} ({e.why})",
    Engaged: lambda e: (
        f"{e.player} engages in {e.card} with " + ("the Community token" if e.token else "an hourglass")
    ),
    Resolved: lambda e: (
        f"{e.player} resolves {e.card}: " + (f"Outcome {e.outcome}" if e.outcome else f"no Outcome ({e.why})")
    ),
    Passed: lambda e: f"{e.player} passes",
    UpkeepPaid: lambda e: f"{e.player} has paid their upkeep",
    Refreshed: lambda e: f"{e.player} refreshes the {e.row}",
    LifeEnded: lambda e: f"{e.player}'s life has ended ({e.why})",
    Returned: lambda e: "every hourglass and Community token returns",
    GameEnded: lambda e: "the game ends" + (f": {' and '.join(e.winners)}" if e.winners else ""),
}


def describe(event: Event) -> str:
    """One short line for the log."""
    return _DESCRIBE[type(event)](event)


def chance(event: Event) -> str:
    """What the referee dealt by chance in ``event`` at a table with virtual piles (a card
    turned up or drawn, a pile shuffled), or "" if it dealt nothing: a move with such a fact is
    not taken back from the phone, its mover having seen the deal. A card the referee flips
    because it was known (``by`` "referee", rules 2) is no chance, nor the Life Goals the
    table reveals."""
    match event:
        case Shuffled():
            return "the piles shuffled"
        case SlotFilled(by="") | Drawn(by=""):
            return f"a {'Community' if event.board == 'community' else 'Friend'} card turned up from its pile"
    return ""


def redact(event: Event, as_player: str | None = None, reveal: bool = False) -> Event:
    """The fact as ``as_player`` may see it: a virtual pile's order becomes "?"."""
    if isinstance(event, Shuffled) and not reveal:
        return Shuffled({name: (UNKNOWN,) * len(order) for name, order in event.piles.items()})
    return event
