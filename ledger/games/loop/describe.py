"""``describe`` (one log line per fact) and ``redact`` (a fact as one viewer may see it).

The log is read at the table, so neither shows a hidden card: a FAVOUR drawn, the GOAL
dealt, or the order of a shuffled deck.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from ledger.games.loop import data
from ledger.games.loop.model import (
    UNKNOWN,
    ActivitiesReshuffled,
    ActivityDeclared,
    ActivityRevealed,
    Bought,
    Consumed,
    Dealt,
    Depleted,
    Event,
    FavourAccepted,
    FavourDrawn,
    FavourPlayed,
    FavourRejected,
    FavoursReshuffled,
    FinalRound,
    GameEnded,
    GoalAchieved,
    GoalDeclared,
    Mat,
    MaterialRevealed,
    Offer,
    ReputationSpent,
    TurnEnded,
    TurnStarted,
    Worked,
)
from ledger.games.loop.rules import mat_text, mats_text, up


def offer_text(
    kind: str, player: str, target: str, mine: Mat | None, theirs: Mat | None, landfill: str | None, pay: int
) -> str:
    """A FAVOUR played, in words (the log and the status share it)."""
    what = {
        "acquire": f"takes {mat_text(theirs)} for {theirs[1]} COIN" if theirs else "",
        "barter": f"gives {mat_text(mine)} for {mat_text(theirs)}" if mine and theirs else "",
        "recycle": f"takes {landfill} from the LANDFILL at QUALITY {pay}",
        "resell": f"gives {mat_text(mine)} for {mine[1]} COIN" if mine else "",
        "share": f"may spend 1 QUALITY of {mat_text(theirs)}" if theirs else "",
    }[kind]
    return f"{player} plays {up(kind)} to {target}: {player} {what}"


def _offer(offer: Offer) -> str:
    return offer_text(
        offer.kind, offer.player, offer.target, offer.mine, offer.theirs, offer.landfill, offer.pay
    )


def _describe_consumed(e: Consumed) -> str:
    done = "; ".join(
        f"{c.activity} with "
        + ", ".join(
            ("" if u.owner == e.player else f"{u.owner}'s ") + f"{u.type}@{u.quality}" for u in c.uses
        )
        for c in e.completions
    )
    extra = f", drops {', '.join(e.dropped)}" if e.dropped else ""
    if e.reputation:
        extra += f", spends {e.reputation} REPUTATION"
    return f"{e.player} consumes {done}{extra}: +{e.happiness} HAPPINESS"


_DESCRIBE: dict[type, Callable[[Any], str]] = {
    ActivityDeclared: lambda e: (
        f"ACTIVITY {e.name} declared: {' and '.join(map(up, e.needs))}; {', '.join(map(up, e.props))}"
    ),
    GoalDeclared: lambda e: (
        f"GOAL {e.name} declared: "
        f"{', '.join(map(up, e.needs)) if e.needs else data.SPECIAL_GOALS.get(e.name, '')}; "
        f"+{e.reward} HAPPINESS"
    ),
    Dealt: lambda e: (
        f"the referee shuffles {len(e.activities)} ACTIVITY and deals "
        f"{data.GOALS_PER_PLAYER} secret GOAL each"
    ),
    MaterialRevealed: lambda e: (
        f"{up(e.material)} to {e.to} at QUALITY 2 (starting MATERIAL)"
        if e.to
        else f"{up(e.material)} flipped into the BUY AREA"
    ),
    ActivityRevealed: lambda e: f"{e.name} flipped into the CONSUME AREA",
    ActivitiesReshuffled: lambda e: f"ACTIVITY discard pile shuffled into the deck ({len(e.order)} cards)",
    FavoursReshuffled: lambda e: f"FAVOUR discard pile shuffled into the deck ({len(e.order)} cards)",
    TurnStarted: lambda e: f"round {e.round}: {e.player}'s turn",
    # The log is public at the table: a drawn card stays hidden (status shows it to its owner).
    FavourDrawn: lambda e: f"{e.player} draws a FAVOUR",
    Worked: lambda e: (
        f"{e.player} works: +{e.coin} COIN, -{e.happiness} HAPPINESS"
        + (f", spends {e.reputation} REPUTATION" if e.reputation else "")
    ),
    Bought: lambda e: (
        f"{e.player} buys {mats_text(e.cards)} for {e.coin} COIN"
        + (f" and {e.reputation} REPUTATION" if e.reputation else "")
    ),
    Consumed: _describe_consumed,
    ReputationSpent: lambda e: f"{e.player} spends {e.reputation} REPUTATION: +{e.happiness} HAPPINESS",
    GoalAchieved: lambda e: f"{e.player} achieves {e.goal}: +{e.happiness} HAPPINESS",
    FavourPlayed: lambda e: _offer(e.offer),
    FavourAccepted: lambda e: f"{e.offer.target} accepts {up(e.offer.kind)} (+{e.reputation} REPUTATION)",
    FavourRejected: lambda e: (
        f"{e.offer.target} rejects {up(e.offer.kind)} "
        + ("discarding another" if e.by == "discard" else "with 1 REPUTATION")
    ),
    TurnEnded: lambda e: (
        f"{e.player} ends the turn" + (" (no HAPPINESS to WORK with)" if e.automatic else "")
    ),
    Depleted: lambda e: (
        f"DEPLETION: the MATERIAL deck runs out at {e.player}'s turn end, -{e.happiness} HAPPINESS"
    ),
    FinalRound: lambda e: (
        f"final round: {e.player} "
        + ("triggered DEPLETION" if e.reason == "depletion" else "reached HAPPINESS 12")
    ),
    GameEnded: lambda e: "the game ends",
}


def describe(event: Event) -> str:
    """One short line for the log."""
    return _DESCRIBE[type(event)](event)


def redact(event: Event, as_player: str | None = None, reveal: bool = False) -> Event:
    """The fact as ``as_player`` may see it: a hidden card becomes "?" (all shown with ``reveal``).

    A FAVOUR drawn and the GOAL dealt are their owner's; the order of a shuffled deck is
    nobody's until the game is over (the service passes ``reveal`` then).
    """
    if reveal:
        return event
    viewer = (as_player or "").lower()
    match event:
        case FavourDrawn(player, card) if card != UNKNOWN and player.lower() != viewer:
            return replace(event, card=UNKNOWN)
        case Dealt(activities, goals):
            hidden = {p: g if p.lower() == viewer else (UNKNOWN,) * len(g) for p, g in goals.items()}
            return Dealt((UNKNOWN,) * len(activities), hidden)
        case ActivitiesReshuffled(order):
            return ActivitiesReshuffled((UNKNOWN,) * len(order))
        case FavoursReshuffled(order):
            return FavoursReshuffled((UNKNOWN,) * len(order))
    return event
