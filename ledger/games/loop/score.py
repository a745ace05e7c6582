"""``score``: the LOOP score sheet.

2.8: the highest HAPPINESS wins, then the tie-breaks in order. Competitive, Cooperative and
Solo first take the game-end penalties off the HAPPINESS on the mat (the DEPLETION Penalty
was taken in play, 2.8 a): 2 HAPPINESS per CREDIT CARD not paid off (5.4 Debt Penalty) and 1
per 3 MATERIAL in one's own LANDFILL (5.5), never below 0. Then Competitive ranks (5.0 is
Basic's 2.8), Cooperative wins as a team only if every player ends at 11 or more (6.3), and
Solo wins at 11 or more (7.3).
"""

from __future__ import annotations

from ledger.decider import Score, ScoreLine, Standing
from ledger.games.loop import data
from ledger.games.loop.model import Player, State
from ledger.games.loop.modes import MODES
from ledger.games.loop.rules import OPTION_ACTIVITY_TIEBREAK, is_over

CATEGORIES = ["happiness", "reputation", "landfill", "goals", "activities"]
# The modes' sheet: the HAPPINESS on the mat, each penalty, the final HAPPINESS; then 2.8's
# tie-breaks. "depletion" is already off the mat (taken in play); debt and landfill-penalty
# are taken now. Cooperative and Solo add each player's margin to 11 (6.3, 7.3).
MODE_CATEGORIES = [
    "mat",
    "depletion",
    "debt",
    "landfill-penalty",
    "happiness",
    "reputation",
    "landfill",
    "goals",
    "activities",
]


def debt_penalty(player: Player) -> int:
    """5.4 Debt Penalty: 2 HAPPINESS per CREDIT CARD not paid off at game end."""
    return data.DEBT_PENALTY * len(player.credit)


def landfill_penalty(player: Player) -> int:
    """5.5 LANDFILL Penalty: 1 HAPPINESS for every 3 MATERIAL in one's own LANDFILL."""
    return len(player.landfill) // data.LANDFILL_PENALTY_PER


def final_happiness(state: State, player: Player) -> int:
    """The HAPPINESS that counts: the mat's, less the game-end penalties of the mode (not below 0)."""
    mode = MODES[state.mode]
    lost = (debt_penalty(player) if mode.credit else 0) + (
        landfill_penalty(player) if mode.landfill_penalty else 0
    )
    return max(0, player.happiness - lost)


_TIEBREAKS = ("REPUTATION", "LANDFILL", "GOAL achieved", "ACTIVITY completed")  # LOOP 2.8, in order


def _activities(state: State, player: Player) -> int:
    """Tie-break 4's count (option ``activity-tiebreak``): the ACTIVITY kept on the mat, or every
    ACTIVITY completed this game."""
    return (
        player.completed if state.options.get(OPTION_ACTIVITY_TIEBREAK) == "completed" else len(player.kept)
    )


def _key(state: State, player: Player) -> tuple[int, ...]:
    """Bigger is better, in the LOOP 2.8 order."""
    return (
        final_happiness(state, player),
        player.reputation,
        -len(player.landfill),
        len(player.achieved),
        _activities(state, player),
    )


def _values(key: tuple[int, ...]) -> list[int]:
    """The key's tie-break values as shown on the sheet (LANDFILL counted, not negated)."""
    return [key[1], -key[2], key[3], key[4]]


def _tiebreak(state: State, player: Player, others: list[Player]) -> str | None:
    """What separated the player from the others at the same HAPPINESS (LOOP 2.8), in words.

    A player whose every tie-break equals someone's shares their rank. Otherwise the label
    names the tie-break that put them below the player(s) ranked just above them among those
    tied on HAPPINESS, or, at the top of that group, above the one(s) just below.
    """
    happiness = final_happiness(state, player)
    group = [o for o in others if final_happiness(state, o) == happiness]
    if len(group) < 2:
        return None
    mine = _key(state, player)
    same = [o.name for o in group if o.name != player.name and _key(state, o) == mine]
    if same:
        return f"rank shared with {' and '.join(same)}: equal on HAPPINESS and every tie-break (LOOP 2.8)"
    above = [_key(state, o) for o in group if _key(state, o) > mine]
    theirs = min(above) if above else max(_key(state, o) for o in group if _key(state, o) < mine)
    names = " and ".join(o.name for o in group if _key(state, o) == theirs)
    depth = next(i for i in range(1, len(mine)) if mine[i] != theirs[i])
    equal = [f"HAPPINESS {happiness}"]
    labels = _TIEBREAKS
    if state.options.get(OPTION_ACTIVITY_TIEBREAK) != "completed":
        labels = (*_TIEBREAKS[:3], "ACTIVITY kept")
    equal += [f"{labels[i]} {value}" for i, value in enumerate(_values(mine)[: depth - 1])]
    both = equal[0] if len(equal) == 1 else f"{', '.join(equal[:-1])} and {equal[-1]}"
    name = labels[depth - 1]
    me, them = _values(mine)[depth - 1], _values(theirs)[depth - 1]
    more = "more" if me > them else ("less" if name == "REPUTATION" else "fewer")
    where = "below" if above else "above"
    return f"{where} {names}: both {both}, {more} {name} ({me} against {them}) (LOOP 2.8)"


def score(state: State) -> Score:
    """The score sheet; provisional until the game is over."""
    if state.mode != "basic":
        return _score_modes(state)
    players = [state.players[name] for name in state.seats]
    ordered = sorted(players, key=lambda p: _key(state, p), reverse=True)
    lines = [
        ScoreLine(
            player=p.name,
            rank=1 + sum(_key(state, o) > _key(state, p) for o in players),
            categories={
                "happiness": p.happiness,
                "reputation": p.reputation,
                "landfill": len(p.landfill),
                "goals": len(p.achieved),
                "activities": _activities(state, p),
            },
            tiebreak=_tiebreak(state, p, players),
        )
        for p in ordered
    ]
    notes = ["LOOP 2.8: in Basic Mode the highest HAPPINESS wins"]
    if not state.legacy:  # a basic-1 game's sheet stays as it was recorded
        notes.append(
            "tie-break 4 counts the ACTIVITY kept on each mat (option activity-tiebreak=kept)"
            if state.options.get(OPTION_ACTIVITY_TIEBREAK) != "completed"
            else "tie-break 4 counts every ACTIVITY completed, dropped ones included "
            "(option activity-tiebreak=completed)"
        )
    if not is_over(state):
        notes.append("provisional: the game is not over")
    return Score(
        final=is_over(state),
        categories=list(CATEGORIES),
        lines=lines,
        winners=[line.player for line in lines if line.rank == 1],
        notes=notes,
        points="happiness",
    )


def _score_modes(state: State) -> Score:
    """Competitive (5.0), Cooperative (6.3) and Solo (7.3): each penalty, then the mode's result."""
    mode = MODES[state.mode]
    players = [state.players[name] for name in state.seats]
    ordered = sorted(players, key=lambda p: _key(state, p), reverse=True)
    categories = list(MODE_CATEGORIES)
    if mode.threshold:
        categories.insert(5, "margin")
    lines = []
    notes: list[str] = []
    for p in ordered:
        happiness = final_happiness(state, p)
        values = {
            "mat": p.happiness,
            "depletion": -p.depletion,
            "debt": -debt_penalty(p),
            "landfill-penalty": -landfill_penalty(p),
            "happiness": happiness,
            "reputation": p.reputation,
            "landfill": len(p.landfill),
            "goals": len(p.achieved),
            "activities": _activities(state, p),
        }
        if mode.threshold:
            values["margin"] = happiness - mode.threshold
        rank = 1 + sum(_key(state, o) > _key(state, p) for o in players)
        lines.append(ScoreLine(p.name, rank, values, _tiebreak(state, p, players)))
        if p.depletion:
            notes.append(f"{p.name}: DEPLETION Penalty -{p.depletion}, taken in play (LOOP 2.8 a)")
        if debt_penalty(p):
            notes.append(
                f"{p.name}: Debt Penalty -{debt_penalty(p)}, "
                f"{len(p.credit)} CREDIT CARD not paid off (LOOP 5.4)"
            )
        if landfill_penalty(p):
            notes.append(
                f"{p.name}: LANDFILL Penalty -{landfill_penalty(p)}, {len(p.landfill)} MATERIAL in LANDFILL "
                "(LOOP 5.5)"
            )
    if mode.result == "rank":
        winners = [line.player for line in lines if line.rank == 1]
        notes.insert(0, "LOOP 5.0, 2.8: the highest HAPPINESS after the penalties wins")
    else:
        won = all(line.categories["happiness"] >= mode.threshold for line in lines)
        over = is_over(state)
        # a team or a solo player wins or loses only at the end; until then nobody leads
        winners = [line.player for line in lines] if won and over else []
        margins = ", ".join(f"{line.player} {line.categories['margin']:+d}" for line in lines)
        if mode.result == "team":
            verdict = (
                ("the team wins" if won else "the team loses")
                if over
                else "so far the team would " + ("win" if won else "lose")
            )
            rule = "6.3"
            who = "every player needs"
        else:
            verdict = (
                (f"{lines[0].player} wins" if won else f"{lines[0].player} loses")
                if over
                else (f"so far {lines[0].player} would " + ("win" if won else "lose"))
            )
            rule = "7.3"
            who = "the solo player needs"
        notes.insert(
            0,
            f"LOOP {rule}: {verdict}: {who} HAPPINESS {mode.threshold} or more after the DEPLETION, "
            f"Debt and LANDFILL Penalties (margin to {mode.threshold}: {margins})",
        )
    notes.append(
        "tie-break 4 counts the ACTIVITY kept on each mat (option activity-tiebreak=kept)"
        if state.options.get(OPTION_ACTIVITY_TIEBREAK) != "completed"
        else "tie-break 4 counts every ACTIVITY completed, dropped ones included "
        "(option activity-tiebreak=completed)"
    )
    if not is_over(state):
        notes.append("provisional: the game is not over")
    return Score(
        final=is_over(state),
        categories=categories,
        lines=lines,
        winners=winners,
        notes=notes,
        points="happiness",
    )


def standing(state: State, reveal: bool = False) -> Standing:
    """Each player's HAPPINESS in the round being played, for the score chart; once the game is
    over, the HAPPINESS that counts (the mode's game-end penalties taken). Nothing is hidden."""
    over = is_over(state)
    return Standing(
        round=state.round or None,
        label=str(state.round),
        measure="HAPPINESS",
        scores={
            name: final_happiness(state, state.players[name]) if over else state.players[name].happiness
            for name in state.seats
        },
    )
