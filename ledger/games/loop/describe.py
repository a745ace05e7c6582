"""``describe`` (one log line per fact) and ``redact`` (a fact as one viewer may see it).

The log is read at the table, so neither shows a hidden card: a FAVOUR drawn, the GOAL
dealt, or the order of a shuffled deck.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from ledger.games.loop import data
from ledger.games.loop.evolve import AREA, CENTRAL
from ledger.games.loop.model import (
    UNKNOWN,
    AbilityUsed,
    ActivitiesReshuffled,
    ActivityDeclared,
    ActivityRevealed,
    BluffCalled,
    Bought,
    CareerChosen,
    CareersDealt,
    Changed,
    Consumed,
    CreditApplied,
    CreditPaid,
    Dealt,
    Depleted,
    Event,
    EventDone,
    EventDrawn,
    EventResolved,
    EventsFlipped,
    EventsReshuffled,
    EventTriggered,
    ExhibitedRevealed,
    FavourAccepted,
    FavourDrawn,
    FavourMoved,
    FavourPlayed,
    FavourRejected,
    FavourResolved,
    FavoursReshuffled,
    FavoursReturned,
    FinalRound,
    Forged,
    GameEnded,
    GoalAchieved,
    GoalDeclared,
    Mat,
    MaterialBurned,
    MaterialGiven,
    MaterialRevealed,
    MaterialsRemoved,
    MaterialsReturned,
    MaterialTaken,
    MaterialWorn,
    Objected,
    Offer,
    Owing,
    Paid,
    Peeked,
    Repaired,
    ReputationSpent,
    Step,
    Tossed,
    TurnEnded,
    TurnStarted,
    Worked,
)
from ledger.games.loop.rules import mat_text, mats_text, up

# A FAVOUR moved by its receiver's act (SOLDIER's Enlist, SOCIAL RESPONSIBILITY), not its giver's
_TAKEN = ("Soldier", "SOCIAL RESPONSIBILITY")


def _dealt(e: Dealt) -> str:
    each = len(next(iter(e.goals.values()), ()))
    if e.activities:  # a plain seed (logs from before the sealed seed): the order is the fact's
        return f"the referee shuffles {len(e.activities)} ACTIVITY and deals {each} secret GOAL each"
    goals = f"deals {each} secret GOAL each" if each else "deals the secret GOAL"
    return f"the referee shuffles the ACTIVITY deck from its sealed seed and {goals}"


def _favour_moved(e: FavourMoved) -> str:
    if not e.to:
        return f"{e.player} discards {up(e.card)} ({e.why})"
    if e.why in _TAKEN:
        return f"{e.to} takes a FAVOUR from {e.player} ({e.why})"
    return f"{e.player} gives a FAVOUR to {e.to} ({e.why})"


def offer_text(
    kind: str,
    player: str,
    target: str,
    mine: Mat | None,
    theirs: Mat | None,
    landfill: str | None,
    pay: int,
    card: str = "",
    face_down: bool = False,
) -> str:
    """A FAVOUR played, in words (the log and the status share it)."""
    if not target:  # 7.0: a blue FAVOUR, on the BUY AREA
        what = {
            "acquire": f"takes {mat_text(theirs)} from the BUY AREA for {theirs[1]} COIN" if theirs else "",
            "barter": f"gives {mat_text(mine)} for the BUY AREA's {mat_text(theirs)}"
            if mine and theirs
            else "",
            "renew": f"takes {landfill} from the central LANDFILL at QUALITY {theirs[1] if theirs else '?'} "
            f"for {pay} COIN",
            "resell": f"puts {mat_text(mine)} under the MATERIAL deck for {mine[1]} COIN" if mine else "",
            "share": f"may spend 1 QUALITY of the BUY AREA's {mat_text(theirs)}" if theirs else "",
        }[kind]
        played = f" (a {up(card)})" if card else ""
        return f"{player} plays {up(kind)}{played}: {player} {what}"
    what = {
        "acquire": f"takes {mat_text(theirs)} for {theirs[1]} COIN" if theirs else "",
        "barter": f"gives {mat_text(mine)} for {mat_text(theirs)}" if mine and theirs else "",
        "recycle": f"takes {landfill} from the LANDFILL for {pay} COIN",
        "resell": f"gives {mat_text(mine)} for {mine[1]} COIN" if mine else "",
        "share": f"may spend 1 QUALITY of {mat_text(theirs)}" if theirs else "",
    }[kind]
    if kind == "recycle" and landfill:
        what = f"takes {landfill} from the LANDFILL at QUALITY {pay}"
    how = " face down, claiming" if face_down else ""
    played = f" (a {up(card)})" if card and not face_down else ""
    return f"{player} plays{how} {up(kind)}{played} to {target}: {player} {what}"


def _offer(offer: Offer) -> str:
    return offer_text(
        offer.kind,
        offer.player,
        offer.target,
        offer.mine,
        offer.theirs,
        offer.landfill,
        offer.pay,
        offer.card if offer.card != UNKNOWN else "",
        offer.face_down,
    )


def broken(owner: str, kind: str) -> str:
    """2.2 c): a MATERIAL whose QUALITY reaches 0 "is BROKEN and must be moved to its owner
    LANDFILL"; 7.0 SHARE: a BUY AREA card to the central LANDFILL. Said, since the table moves
    the card: QUALITY 1 before the deduction."""
    where = "the central LANDFILL" if owner == AREA else f"{owner}'s LANDFILL"
    whose = "the BUY AREA's " if owner == AREA else ""
    return f"{whose}{up(kind)}@1 BROKEN: to {where}"


def _whose(owner: str, player: str) -> str:
    """Whose card a CONSUME used: the player's own unsaid, a SHAREd one's owner, the BUY AREA's (7.0)."""
    return "" if owner == player else "the BUY AREA's " if owner == AREA else f"{owner}'s "


def _describe_consumed(e: Consumed) -> str:
    done = "; ".join(
        f"{c.activity} with " + ", ".join(_whose(u.owner, e.player) + f"{u.type}@{u.quality}" for u in c.uses)
        for c in e.completions
    )
    extra = f", drops {', '.join(e.dropped)}" if e.dropped else ""
    if e.reputation:
        extra += f", spends {e.reputation} REPUTATION"
    breaks = "".join(f"; {broken(u.owner, u.type)}" for c in e.completions for u in c.uses if u.quality == 1)
    return f"{e.player} consumes {done}{extra}: +{e.happiness} HAPPINESS{breaks}"


def _bought(e: Bought) -> str:
    """A BUY, with where each card came from when not the BUY AREA: the SCIENTIST's last card
    from a LANDFILL (8.0), BOGOF's QUALITY 1 cards taken free (9.0)."""
    line = f"{e.player} buys {mats_text(e.cards)} for {e.coin} COIN"
    if e.reputation:
        line += f" and {e.reputation} REPUTATION"
    if e.scrap is not None:
        where = "the central LANDFILL" if e.scrap.owner == CENTRAL else f"{e.scrap.owner}'s LANDFILL"
        line += f" ({mat_text(e.cards[-1])} from {where})"
    if e.free:
        free = ", ".join(mat_text((kind, data.CREDIT_GIFT_QUALITY)) for kind in e.free)
        line += f", and takes {free} from the BUY AREA free (BOGOF)"
    return line


def _worn(e: MaterialWorn) -> str:
    line = f"{e.owner}'s {mat_text(e.mat)} loses 1 QUALITY ({e.why})"
    return line + (f"; {broken(e.owner, e.mat[0])}" if e.mat[1] == 1 else "")


_DESCRIBE: dict[type, Callable[[Any], str]] = {
    ActivityDeclared: lambda e: (
        f"ACTIVITY {e.name} declared: {' and '.join(map(up, e.needs))}; {', '.join(map(up, e.props))}"
    ),
    GoalDeclared: lambda e: (
        f"GOAL {e.name} declared: "
        f"{', '.join(map(up, e.needs)) if e.needs else data.SPECIAL_GOALS.get(e.name, '')}; "
        f"+{e.reward} HAPPINESS"
    ),
    Dealt: lambda e: _dealt(e),
    MaterialRevealed: lambda e: (
        f"{up(e.material)} to {e.to} at QUALITY {e.quality or 2} (starting MATERIAL)"
        if e.to
        else f"{up(e.material)} flipped into the BUY AREA"
        + (f", showing QUALITY {e.quality}" if e.quality else "")
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
    Bought: _bought,
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
        if not e.cause
        else f"DEPLETION ({e.cause}): the MATERIAL deck runs out"
        + (f", -{e.happiness} HAPPINESS to {e.player}" if e.happiness else ", no penalty")
    ),
    FinalRound: lambda e: (
        f"final round: {e.player} "
        + ("triggered DEPLETION" if e.reason == "depletion" else "reached HAPPINESS 12")
    ),
    GameEnded: lambda e: "the game ends",
}


def _signed(value: int, what: str) -> str:
    return f"{value:+d} {what}"


def _changed(e: Changed) -> str:
    parts = [
        _signed(v, w)
        for v, w in ((e.coin, "COIN"), (e.happiness, "HAPPINESS"), (e.reputation, "REPUTATION"))
        if v
    ]
    return f"{e.player}: {', '.join(parts) or 'nothing'} ({e.why})"


def _used(e: AbilityUsed) -> str:
    if e.power in data.CAREER:
        return f"{e.player} uses the {data.CAREER[e.power].name}'s ABILITY"
    return f"{e.player}: {e.power} (once this turn)"


_DESCRIBE.update(
    {
        ExhibitedRevealed: lambda e: f"the BUY AREA shows {mats_text(e.cards)} (Exhibited QUALITY)",
        CareersDealt: lambda e: f"{e.player} is dealt 2 CAREER",
        CareerChosen: lambda e: (
            f"{e.player} plays {data.CAREER[e.career].name}: HAPPINESS {e.happiness}, {e.coin} COIN, "
            f"{e.reputation} REPUTATION"
            + (
                f", {len(e.materials)} MATERIAL at QUALITY {'/'.join(map(str, e.materials))}"
                if e.materials
                else ""
            )
        ),
        Changed: _changed,
        MaterialTaken: lambda e: (
            f"{e.player} takes {e.material}@{e.quality} from "
            + (f"{e.scrap.owner}'s LANDFILL" if e.scrap else "the BUY AREA")
            + f" ({e.why})"
        ),
        MaterialWorn: _worn,
        MaterialGiven: lambda e: f"{e.player} gives {mat_text(e.mat)} to {e.to} ({e.why})",
        MaterialsRemoved: lambda e: f"{', '.join(map(up, e.cards))} removed from the game (OVERPRODUCTION)",
        MaterialsReturned: lambda e: (
            f"{e.player}'s LANDFILL {', '.join(e.cards)} back into the MATERIAL deck (COMBUSTION ENERGY)"
        ),
        MaterialBurned: lambda e: f"{up(e.card)} burnt from the MATERIAL deck",
        Repaired: lambda e: f"{e.player} repairs {e.owner}'s {mat_text(e.mat)}: +1 QUALITY",
        Forged: lambda e: (
            f"{e.player} forges {e.forge.owner}'s {mat_text(e.forge.mat)} into {up(e.forge.as_type)}"
        ),
        AbilityUsed: _used,
        Tossed: lambda e: f"{e.player} tosses: {', '.join(e.outcomes)}",
        Peeked: lambda e: f"{e.player} looks at the top of the {up(e.deck)} deck",
        FavourMoved: _favour_moved,
        FavoursReturned: lambda e: f"{e.player} takes back {len(e.cards)} FAVOUR played",
        FavourResolved: lambda e: f"the {up(e.offer.kind)} takes effect",
        BluffCalled: lambda e: (
            f"{e.offer.target} calls the bluff: it is {up(e.card)}, "
            + (
                f"as claimed (+{e.reputation} REPUTATION to {e.offer.player})"
                if e.true
                else "a lie: discarded"
            )
        ),
        Objected: lambda e: (
            f"{e.player} objects, discarding {up(e.card)}: the {up(e.offer.kind)} is REJECTed"
        ),
        CreditApplied: lambda e: (
            f"{e.player} APPLYs for a CREDIT CARD: +4 COIN" + (f" and {e.gift}@1" if e.gift else "")
        ),
        CreditPaid: lambda e: (
            f"{e.player} pays {e.coin} COIN on CREDIT CARD {e.card + 1}"
            if e.coin > 0
            else f"{e.player}'s CREDIT CARD {e.card + 1} loses {-e.coin} COIN to the WORK AREA"
        ),
        Owing: lambda e: (
            f"{e.owed.player} owes {e.owed.coin} COIN ({e.owed.why}) and must APPLY for a CREDIT CARD"
        ),
        Paid: lambda e: f"{e.player} pays {e.coin} COIN" + (f" to {e.to}" if e.to else "") + f" ({e.why})",
        # The turn end's steps say nothing themselves: what happens in them does (the card
        # burnt, the EVENT flipped and resolved), and a turn end with none logs none.
        Step: lambda e: {
            "skinner": "SKINNER BOX: the empty slots are refilled now",
            "skinner-done": "the slots are refilled",
        }.get(e.step, ""),
        EventDrawn: lambda e: f"{e.player} draws an EVENT face down",
        EventsReshuffled: lambda e: f"EVENT discard pile shuffled into the deck ({len(e.order)} cards)",
        EventsFlipped: lambda e: f"{e.player} flips {', '.join(data.EVENT[n].name for n in e.names)}",
        EventTriggered: lambda e: (
            f"{data.EVENT[e.name].name} is in effect from the next turn"
            if data.EVENT[e.name].kind == "continuous"
            else f"{data.EVENT[e.name].name} takes place"
        ),
        EventDone: lambda e: f"{e.player} has resolved it",
        EventResolved: lambda e: f"{data.EVENT[e.name].name} goes under the EVENT discard pile",
    }
)


def describe(event: Event) -> str:
    """One short line for the log."""
    return _DESCRIBE[type(event)](event)


# A fact the referee deals by chance with virtual decks (``chance``): what it dealt, in the
# rulebook's words. A MATERIAL the referee flips because the deck holds only that type (rules
# 4, ``by`` "referee") is known to all, so no chance.
_CHANCE: dict[type, str] = {
    Dealt: "the ACTIVITY deck and the GOAL dealt",
    CareersDealt: "the CAREER dealt",
    ExhibitedRevealed: "the Exhibited QUALITY turned up",
    MaterialRevealed: "a MATERIAL turned up from the deck",
    MaterialBurned: "a MATERIAL burnt from the top of the deck",
    MaterialsRemoved: "MATERIAL removed from the top of the deck",
    MaterialsReturned: "the MATERIAL deck reshuffled",
    ActivityRevealed: "an ACTIVITY turned up from the deck",
    ActivitiesReshuffled: "the ACTIVITY deck reshuffled",
    FavoursReshuffled: "the FAVOUR deck reshuffled",
    FavourDrawn: "a FAVOUR drawn from the deck",
    EventDrawn: "an EVENT drawn",
    EventsReshuffled: "the EVENT deck reshuffled",
    EventsFlipped: "the EVENT drawn face down flipped",
    Peeked: "the top card of a deck looked at",
    Tossed: "a coin tossed",
}
_PICKED = ("Soldier", "SOCIAL RESPONSIBILITY")  # a random FAVOUR out of a hand (8.0, 9.0)


def chance(event: Event) -> str:
    """What the referee dealt by chance in ``event`` at a table with virtual decks (a card
    drawn or turned up, a deck shuffled, a coin tossed), or "" if it dealt nothing: a move
    with such a fact is not taken back from the phone, its mover having seen the deal."""
    if isinstance(event, MaterialRevealed) and event.by == "referee":
        return ""
    if isinstance(event, FavourMoved) and event.why in _PICKED:
        return "a random FAVOUR taken from a hand"
    return _CHANCE.get(type(event), "")


def redact(event: Event, as_player: str | None = None, reveal: bool = False) -> Event:
    """The fact as ``as_player`` may see it: a hidden card becomes "?" (all shown with ``reveal``).

    A FAVOUR drawn and the GOAL dealt are their owner's; the order of a shuffled deck is
    nobody's until the game is over (the service passes ``reveal`` then).
    """
    if reveal:
        return event
    viewer = as_player.lower() if as_player else None  # None: the table, nobody's cards
    match event:
        case FavourDrawn(player, card) if card != UNKNOWN and player.lower() != viewer:
            return replace(event, card=UNKNOWN)
        case Dealt(activities, goals, hands, careers):
            # the GOAL, and from rules 7 a sealed game's FAVOUR and CAREER dealt, are their owner's
            def theirs(cards: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
                return {p: c if p.lower() == viewer else (UNKNOWN,) * len(c) for p, c in cards.items()}

            return replace(
                event,
                activities=(UNKNOWN,) * len(activities),
                goals=theirs(goals),
                hands=theirs(hands),
                careers=theirs(careers),
            )
        case ActivitiesReshuffled(order):
            return ActivitiesReshuffled((UNKNOWN,) * len(order))
        case FavoursReshuffled(order):
            return FavoursReshuffled((UNKNOWN,) * len(order))
        # Competitive, Cooperative, Solo: an EVENT is drawn face down (5.3), nobody's until it
        # flips; the CAREER dealt are their owner's (5.1); a SCHOLAR's look is hers (8.0).
        case EventDrawn(card=card) if card != UNKNOWN:
            return replace(event, card=UNKNOWN)
        case EventsReshuffled(order):
            return EventsReshuffled((UNKNOWN,) * len(order))
        case CareersDealt(player, careers) if player.lower() != viewer:
            return replace(event, careers=(UNKNOWN,) * len(careers))
        case Peeked(player=player) if player.lower() != viewer:
            return replace(event, card=UNKNOWN)
        case MaterialsReturned(order=order):
            return replace(event, order=tuple(sorted(order)))
    return event
