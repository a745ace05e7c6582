"""What people see: ``status`` (the board and the players), ``describe`` (one log line per
fact) and ``score`` (LOOP 2.8: highest HAPPINESS wins, then the tie-breaks in order).

Hidden information is shown only to whom it belongs: with virtual decks the referee knows
every hand and secret GOAL, shown to ``as_player`` (or everyone with ``reveal`` or once the
game is over). At a real table the referee only knows FAVOUR the whole table has seen (an
ACCEPTed card), so those are public.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ledger.decider import Score, ScoreLine, Status, Table
from ledger.games.loop import data
from ledger.games.loop.grammar import USAGE
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
    MaterialRevealed,
    Offer,
    Player,
    State,
    TurnEnded,
    TurnStarted,
    Worked,
)
from ledger.games.loop.rules import (
    achieved_by,
    awaited_text,
    counts_text,
    is_over,
    mat_text,
    mats_text,
    may_end,
    reject_options,
    to_act,
    up,
)

# ---------------------------------------------------------------------------- score

CATEGORIES = ["happiness", "reputation", "landfill", "goals", "activities"]
_TIEBREAKS = ("REPUTATION", "LANDFILL", "GOAL achieved", "ACTIVITY completed")  # LOOP 2.8, in order


def _key(player: Player) -> tuple[int, ...]:
    """Bigger is better, in the LOOP 2.8 order."""
    return (
        player.happiness,
        player.reputation,
        -len(player.landfill),
        len(player.achieved),
        player.completed,
    )


def _values(key: tuple[int, ...]) -> list[int]:
    """The key's tie-break values as shown on the sheet (LANDFILL counted, not negated)."""
    return [key[1], -key[2], key[3], key[4]]


def _tiebreak(player: Player, others: list[Player]) -> str | None:
    """What separated the player from the others at the same HAPPINESS (LOOP 2.8).

    A player whose every tie-break equals someone's shares their rank. Otherwise the label
    names the tie-break that separated them from the player ranked just above them among
    those tied on HAPPINESS, or, at the top of that group, from the one just below.
    """
    group = [o for o in others if o.happiness == player.happiness]
    if len(group) < 2:
        return None
    mine = _key(player)
    same = [o.name for o in group if o.name != player.name and _key(o) == mine]
    if same:
        return f"rank shared with {' and '.join(same)} (LOOP 2.8: tied on every tie-break)"
    above = [_key(o) for o in group if _key(o) > mine]
    theirs = min(above) if above else max(_key(o) for o in group if _key(o) < mine)
    depth = next(i for i in range(1, len(mine)) if mine[i] != theirs[i])
    tied = [f"HAPPINESS {player.happiness}"]
    tied += [f"{_TIEBREAKS[i]} {value}" for i, value in enumerate(_values(mine)[: depth - 1])]
    ties = tied[0] if len(tied) == 1 else f"{', '.join(tied[:-1])} and {tied[-1]}"
    return f"tied on {ties}; {_TIEBREAKS[depth - 1]} decided (LOOP 2.8)"


def score(state: State) -> Score:
    """The score sheet; provisional until the game is over."""
    players = [state.players[name] for name in state.seats]
    ordered = sorted(players, key=_key, reverse=True)
    lines = [
        ScoreLine(
            player=p.name,
            rank=1 + sum(_key(o) > _key(p) for o in players),
            categories={
                "happiness": p.happiness,
                "reputation": p.reputation,
                "landfill": len(p.landfill),
                "goals": len(p.achieved),
                "activities": p.completed,
            },
            tiebreak=_tiebreak(p, players),
        )
        for p in ordered
    ]
    notes = ["LOOP 2.8: in Basic Mode the highest HAPPINESS wins"]
    if not is_over(state):
        notes.append("provisional: the game is not over")
    return Score(
        final=is_over(state),
        categories=list(CATEGORIES),
        lines=lines,
        winners=[line.player for line in lines if line.rank == 1],
        notes=notes,
    )


# ---------------------------------------------------------------------------- status


def _offer_text(offer: Offer) -> str:
    what = {
        "acquire": f"takes {mat_text(offer.theirs)} for {offer.theirs[1]} COIN" if offer.theirs else "",
        "barter": f"gives {mat_text(offer.mine)} for {mat_text(offer.theirs)}"
        if offer.mine and offer.theirs
        else "",
        "recycle": f"takes {offer.landfill} from the LANDFILL at QUALITY {offer.pay}",
        "resell": f"gives {mat_text(offer.mine)} for {offer.mine[1]} COIN" if offer.mine else "",
        "share": f"may spend 1 QUALITY of {mat_text(offer.theirs)}" if offer.theirs else "",
    }[offer.kind]
    return f"{offer.player} plays {up(offer.kind)} to {offer.target}: {offer.player} {what}"


def _hand(state: State, player: Player, show: bool) -> str:
    count = len(player.hand)
    if state.virtual and not show:
        return str(count)
    known = [card for card in player.hand if card != UNKNOWN]
    unseen = count - len(known)
    parts = [counts_text(known)] if known else []
    if unseen:
        parts.append(f"{unseen} unseen")
    return f"{count}: {', '.join(parts)}" if count else "0"


def _goals(state: State, player: Player, show: bool) -> str:
    left = data.GOALS_PER_PLAYER - len(player.achieved)
    if state.virtual and show:
        return ", ".join(g for g in player.goals if g not in player.achieved) or "none"
    return f"{left} secret"


def _prompt(state: State) -> str:
    who = to_act(state)
    if not who:
        return ""
    if who == ["table"]:
        if state.phase == "cards":
            return "table: declare activity NAME ... | declare goal NAME ... (a --cards file)"
        return f"table: {awaited_text(state)}"
    if state.pending is not None:
        target = state.pending.target
        ways = [f"accept {target}"] + [
            f"reject {target} --{way}"
            for way in reject_options(state, state.players[target], state.pending.kind)
        ]
        return f"{target}: {' | '.join(ways)}"
    name = state.active
    moves = []
    if not state.main:
        moves += [USAGE["work"], USAGE["buy"], USAGE["consume"]]
    elif state.main == "consume":
        if state.consumed < data.MAX_PER_TURN:
            moves.append(USAGE["consume"])
        moves.append(USAGE["goal"])
    moves.append(f"favour {name} KIND TARGET ...")
    if may_end(state, state.players[name]):
        moves.append(f"end {name}")
    return f"{name}: " + " | ".join(m.replace("PLAYER", name) for m in moves)


def _headline(state: State) -> str:
    if state.phase == "cards":
        return "Setup · waiting for every ACTIVITY and GOAL face (virtual decks)"
    if state.phase == "setup":
        return "Setup · the table reveals the starting MATERIAL and the CONSUME AREA"
    if state.phase == "over":
        winners = score(state).winners
        return f"Game over · {' and '.join(winners)} win{'s' if len(winners) == 1 else ''}"
    parts = [f"Round {state.round}"]
    if state.phase == "refill":
        parts.append(f"{state.active} ended the turn · the table refills")
    else:
        parts.append(f"{state.active}'s turn")
        if state.main == "consume":
            parts.append(f"CONSUME turn: {state.consumed} of {data.MAX_PER_TURN} ACTIVITY consumed")
        else:
            parts.append(f"{up(state.main)} done" if state.main else "WORK, BUY or CONSUME to do")
        if state.pending is not None:
            offer = state.pending
            parts.append(f"{offer.target} to answer {offer.player}'s {up(offer.kind)}")
    if state.final_round:
        parts.append("FINAL ROUND")
    return " · ".join(parts)


def _face(state: State, name: str) -> str:
    face = state.activity_faces.get(name)
    if face is None:
        return name
    needs = "+".join(face.needs or ("?",))
    props = ", ".join(face.props or ("?",))
    return f"{name} ({needs}: {props})"


def _activity_row(state: State, name: str) -> list[str]:
    face = state.activity_faces[name]
    seen = "" if state.virtual else f"{state.activity_seen.get(name, 0)} of {data.ACTIVITY_COPIES} seen"
    return [f"ACTIVITY {name}", f"{'+'.join(face.needs or ('?',))}: {', '.join(face.props or ('?',))}", seen]


def _goal_row(state: State, name: str) -> list[str]:
    face = state.goal_faces[name]
    shows = data.SPECIAL_GOALS.get(name) or ", ".join(face.needs or ("?",))
    reward = face.reward if face.reward is not None else "?"
    holder = achieved_by(state, name)
    return [f"GOAL {name}", f"{shows} -> +{reward} HAPPINESS", f"achieved by {holder}" if holder else ""]


def status(state: State, as_player: str | None = None, reveal: bool = False) -> Status:
    """The board, the players and what may be done now."""
    over = is_over(state)
    seen = {name: reveal or over or (as_player or "").lower() == name.lower() for name in state.seats}
    deck = state.material_deck
    facts: list[tuple[str, str]] = [
        ("BUY AREA", counts_text(state.buy_area)),
        ("MATERIAL deck", f"{len(deck)} ({counts_text(deck)})" if deck else "0: DEPLETION"),
        ("MATERIAL removed", counts_text(state.removed)),
        ("CONSUME AREA", "; ".join(_face(state, n) for n in state.consume_area) or "none"),
        ("ACTIVITY deck", str(len(state.activity_deck) + state.activity_unseen)),
        ("ACTIVITY discard", counts_text(state.activity_discard)),
        ("FAVOUR deck", str(len(state.favour_deck))),
        ("FAVOUR discard", counts_text(state.favour_discard)),
    ]
    if state.pending is not None:
        facts.append(("FAVOUR played", _offer_text(state.pending)))
    if state.shares:
        facts.append(("SHARE accepted", ", ".join(f"{g.owner}:{mat_text(g.material)}" for g in state.shares)))
    if state.final_round:
        why = "DEPLETION" if state.final_round == "depletion" else "a player reached HAPPINESS 12"
        facts.append(("end", f"final round ({why}); the game ends after {state.seats[-1]}'s turn"))
    else:
        facts.append(("end", "DEPLETION or HAPPINESS 12 starts the final round"))

    def label(name: str) -> str:
        return f"{name}*" if name == state.seats[0] else name

    ranks = [state.players[name] for name in state.seats]
    players = Table(
        "players (* starting player)",
        ["player", "HAPPINESS", "REPUTATION", "COIN", "LANDFILL", "completed", "FAVOUR"],
        [
            [
                label(p.name),
                str(p.happiness),
                str(p.reputation),
                str(p.coin),
                counts_text(p.landfill),
                str(p.completed),
                _hand(state, p, seen[p.name]),
            ]
            for p in ranks
        ],
    )
    areas = Table(
        "AREA",
        ["player", "MATERIAL", "ACTIVITY kept"],
        [
            [
                label(p.name),
                mats_text(p.materials) if p.materials else "none",
                "; ".join(f"{k.name} ({'+'.join(k.types)})" for k in p.kept) or "none",
            ]
            for p in ranks
        ],
    )
    goals = Table(
        "GOAL",
        ["player", "achieved", "left"],
        [[label(p.name), ", ".join(p.achieved) or "none", _goals(state, p, seen[p.name])] for p in ranks],
    )
    # At a real table every declared face is shown: the table learns its cards as it plays.
    # With virtual decks the whole deck is declared up front, so only the faces in play are
    # shown: the CONSUME AREA, kept ACTIVITY, and the GOAL achieved or visible to this viewer.
    activities = sorted(state.activity_faces)
    goal_names = sorted(state.goal_faces)
    if state.virtual:
        in_play = {*state.consume_area, *(k.name for p in ranks for k in p.kept)}
        activities = [name for name in activities if name in in_play]
        visible = {g for p in ranks for g in (*p.achieved, *(p.goals if seen[p.name] else ()))}
        goal_names = [name for name in goal_names if name in visible]
    faces = Table(
        "card faces in play" if state.virtual else "card faces known",
        ["card", "shows", "note"],
        [_activity_row(state, name) for name in activities] + [_goal_row(state, name) for name in goal_names],
    )
    return Status(
        headline=_headline(state),
        to_act=to_act(state),
        prompt=_prompt(state),
        over=over,
        facts=facts,
        tables=[players, areas, goals, faces],
    )


# ---------------------------------------------------------------------------- describe


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
    GoalAchieved: lambda e: f"{e.player} achieves {e.goal}: +{e.happiness} HAPPINESS",
    FavourPlayed: lambda e: _offer_text(e.offer),
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
