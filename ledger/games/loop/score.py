"""``score``: the LOOP score sheet (2.8: the highest HAPPINESS wins, then the tie-breaks in order)."""

from __future__ import annotations

from ledger.decider import Score, ScoreLine
from ledger.games.loop.model import Player, State
from ledger.games.loop.rules import OPTION_ACTIVITY_TIEBREAK, is_over

CATEGORIES = ["happiness", "reputation", "landfill", "goals", "activities"]
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
        player.happiness,
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
    group = [o for o in others if o.happiness == player.happiness]
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
    equal = [f"HAPPINESS {player.happiness}"]
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
