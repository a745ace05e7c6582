"""``present``: the typed view rendered as the text ``status`` and ``at`` print.

It reads nothing but the view, so the text cannot show what the view does not hold: a
hidden card, or a number the view does not carry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from ledger.decider import Screen, Table
from ledger.games.loop.describe import offer_text
from ledger.games.loop.rules.core import starting_text
from ledger.games.loop.said import favour_name
from ledger.games.loop.view import ActivityCard, GoalCard, Material, OfferView, PlayerView, View


def _counts(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{k} x{n}" if n > 1 else k for k, n in counts.items()) or "none"


def _list(items: Iterable[str]) -> str:
    counts: dict[str, int] = {}
    for item in sorted(items):
        counts[item] = counts.get(item, 0) + 1
    return _counts(counts)


def _favours(kinds: Iterable[str]) -> str:
    """FAVOUR cards counted, each kind as the rulebook prints it (``said.favour_name``)."""
    return _list(map(favour_name, kinds))


def _mats(mats: Iterable[Material]) -> str:
    return ", ".join(f"{m.type}@{m.quality}" for m in mats) or "none"


def _mat(m: Material | None) -> tuple[str, int] | None:
    return (m.type, m.quality) if m else None


def _offer(o: OfferView) -> str:
    return offer_text(o.kind, o.player, o.target, _mat(o.mine), _mat(o.theirs), o.landfill, o.pay)


def _hand(p: PlayerView) -> str:
    if p.favours is None:
        return str(p.hand)
    parts = [_favours(p.favours)] if p.favours else []
    if p.unseen:
        parts.append(f"{p.unseen} unseen")
    return f"{p.hand}: {', '.join(parts)}" if p.hand else "0"


def _goals_left(p: PlayerView) -> str:
    if p.goals is not None:
        return ", ".join(p.goals) or "none"
    return f"{p.goals_left} secret"


def _face(view: View, name: str) -> str:
    card = next((a for a in view.activities if a.name == name), None)
    if card is None:
        return name
    return f"{name} ({'+'.join(card.needs or ('?',))}: {', '.join(card.props or ('?',))})"


def _activity_row(view: View, card: ActivityCard) -> list[str]:
    seen = "" if card.seen is None else f"{card.seen} of {view.limits.activity_copies} seen"
    return [
        f"ACTIVITY {card.name}",
        f"{'+'.join(card.needs or ('?',))}: {', '.join(card.props or ('?',))}",
        seen,
    ]


def _goal_row(card: GoalCard) -> list[str]:
    shows = card.special or ", ".join(card.needs or ("?",))
    reward = card.reward if card.reward is not None else "?"
    holder = f"achieved by {card.achieved_by}" if card.achieved_by else ""
    return [f"GOAL {card.name}", f"{shows} -> +{reward} HAPPINESS", holder]


def prompt(view: View) -> str:
    """Who acts and the moves open to them, in a few words (``moves`` lists each one)."""
    if not view.to_act:
        return ""
    if view.mode != "basic" and view.phase != "cards":
        return f"{', '.join(view.to_act)}: {' | '.join(view.verbs)}"
    if view.awaited is not None:
        if view.awaited.faces:
            return "table: declare activity NAME ... | declare goal NAME ... (a --cards file)"
        wants = [starting_text(view.awaited.starting)] if view.awaited.starting else []
        if view.awaited.material:
            wants.append(f"reveal material TYPE (x{view.awaited.material})")
        if view.awaited.activity:
            wants.append(f"reveal activity NAME [NAME ...] (x{view.awaited.activity})")
        return "table: " + "; ".join(wants)
    if view.pending is not None:
        return f"{view.pending.target}: {' | '.join(view.pending.answers)}"
    return f"{view.active}: {' | '.join(view.verbs)}"


def headline(view: View) -> str:
    if view.phase == "cards":
        return "Setup · waiting for every ACTIVITY and GOAL face (virtual decks)"
    if view.phase == "setup":
        if view.to_act and "table" not in view.to_act:  # 5.1: the table waits for the choices
            return f"Setup · {', '.join(view.to_act)} to choose a CAREER or INTERN (LOOP 5.1)"
        dealt = "" if view.mode == "basic" else "the CAREER dealt, "
        return f"Setup · the table reveals {dealt}the starting MATERIAL and the CONSUME AREA"
    if view.phase == "over":
        winners = view.winners
        if view.mode == "cooperative":  # 6.3: all or none
            verdict = "the team wins" if winners else "the team loses: a player ends below HAPPINESS 11"
            return f"Game over · {verdict}"
        if view.mode == "solo":  # 7.3
            player = view.seats[0]
            verdict = f"{player} wins" if winners else f"{player} loses: below HAPPINESS 11"
            return f"Game over · {verdict}"
        return f"Game over · {' and '.join(winners)} win{'s' if len(winners) == 1 else ''}"
    parts = [f"Round {view.round}"]
    if view.phase == "refill":
        parts.append(f"{view.active} ended the turn · the table refills")
    else:
        parts.append(f"{view.active}'s turn")
        if view.main == "consume":
            parts.append(f"CONSUME turn: {view.consumed} of {view.limits.per_turn} ACTIVITY consumed")
        else:
            parts.append(f"{view.main.upper()} done" if view.main else "WORK, BUY or CONSUME to do")
        if view.pending is not None:
            offer = view.pending
            parts.append(f"{offer.target} to answer {offer.player}'s {offer.kind.upper()}")
    if view.final_round:
        parts.append("FINAL ROUND")
    return " · ".join(parts)


def present(view: View) -> Screen:
    """The board, the players and what may be done now, as text."""
    deck = view.material_deck
    facts: list[tuple[str, str]] = [
        ("BUY AREA", _list(view.buy_area)),
        ("MATERIAL deck", f"{deck.count} ({_counts(deck.cards or {})})" if deck.count else "0: DEPLETION"),
        ("MATERIAL removed", _counts(view.material_removed)),
        ("CONSUME AREA", "; ".join(_face(view, n) for n in view.consume_area) or "none"),
        ("ACTIVITY deck", str(view.activity_deck.count)),
        ("ACTIVITY discard", _counts(view.activity_discard)),
        ("FAVOUR deck", str(view.favour_deck.count)),
        ("FAVOUR discard", _counts({favour_name(k): n for k, n in view.favour_discard.items()})),
    ]
    if view.pending is not None:
        facts.append(("FAVOUR played", _offer(view.pending)))
    if view.shares:
        shared = ", ".join(f"{s.owner}:{s.material.type}@{s.material.quality}" for s in view.shares)
        facts.append(("SHARE accepted", shared))
    top = view.limits.max_happiness
    if view.final_round:
        why = "DEPLETION" if view.final_round == "depletion" else f"a player reached HAPPINESS {top}"
        facts.append(("end", f"final round ({why}); the game ends after {view.seats[-1]}'s turn"))
    else:
        facts.append(("end", f"DEPLETION or HAPPINESS {top} starts the final round"))

    def label(p: PlayerView) -> str:
        return f"{p.name}*" if p.seat == 1 else p.name

    ranks = [view.players[name] for name in view.seats]
    players = Table(
        "players (* starting player)",
        ["player", "HAPPINESS", "REPUTATION", "COIN", "LANDFILL", "completed", "FAVOUR"],
        [
            [
                label(p),
                str(p.happiness),
                str(p.reputation),
                str(p.coin),
                _list(p.landfill),
                str(p.completed),
                _hand(p),
            ]
            for p in ranks
        ],
    )
    areas = Table(
        "AREA",
        ["player", "MATERIAL", "ACTIVITY kept"],
        [
            [
                label(p),
                _mats(p.materials),
                "; ".join(f"{k.name} ({'+'.join(k.types)})" for k in p.kept) or "none",
            ]
            for p in ranks
        ],
    )
    goals = Table(
        "GOAL",
        ["player", "achieved", "left"],
        [[label(p), ", ".join(p.achieved) or "none", _goals_left(p)] for p in ranks],
    )
    faces = Table(
        "card faces in play" if view.virtual else "card faces known",
        ["card", "shows", "note"],
        [_activity_row(view, card) for card in view.activities] + [_goal_row(card) for card in view.goals],
    )
    tables = [players, areas, goals, faces]
    if view.events is not None:
        _modes(view, facts, tables, label)
    return Screen(headline(view), prompt(view), facts, tables)


def _modes(
    view: View, facts: list[tuple[str, str]], tables: list[Table], label: Callable[[PlayerView], str]
) -> None:
    """Competitive, Cooperative and Solo: CAREER, CREDIT CARD, EVENT, the burn pile, the central
    LANDFILL and the Exhibited QUALITY (LOOP 5.0 to 7.3)."""
    events = view.events
    assert events is not None
    zones = ", ".join(f"{low}-{high}" for low, high in events.zones)
    facts.append(("EVENT deck", f"{events.deck} (HAPPINESS zones {zones})"))
    facts.append(("EVENT in effect", events.active or "none"))
    if events.next:
        facts.append(("EVENT next", f"{events.next} (in effect from the next turn)"))
    if events.resolving:
        who = f" ({', '.join(events.players)} to resolve)" if events.players else ""
        facts.append(("EVENT resolving", f"{events.resolving}{who}"))
        if events.choice:
            facts.append(("EVENT choice", events.choice))
    if events.triggered:
        facts.append(("EVENT flipped", ", ".join(events.triggered)))
    facts.append(("EVENT discard", ", ".join(events.discard) or "none"))
    if view.exhibited:
        facts.append(("Exhibited QUALITY", _mats(view.exhibited)))
    if view.burned or view.mode != "competitive":
        facts.append(("burnt MATERIAL", _list(view.burned)))
    if view.central or view.mode == "solo":
        facts.append(("central LANDFILL", _list(view.central)))
    for owed in view.owed:
        facts.append(("owed", owed))
    ranks = [view.players[name] for name in view.seats]

    def career(p: PlayerView) -> str:
        if p.career:
            return p.career
        return f"choosing: {' or '.join(p.careers)} or INTERN" if p.careers else "choosing"

    tables.insert(
        1,
        Table(
            "CAREER, CREDIT CARD and EVENT",
            ["player", "CAREER", "CREDIT CARD (COIN paid of 5)", "EVENT face down", "FAVOUR face up"],
            [
                [
                    label(p),
                    career(p),
                    ", ".join(str(paid) for paid in p.credit) or "none",
                    str(p.events),
                    _favours(p.played) if p.played else "none",
                ]
                for p in ranks
            ],
        ),
    )
