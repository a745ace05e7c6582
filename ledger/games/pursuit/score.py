"""``score``: the score sheet: LTH with its sources, STH, resources, who is still alive; the
winner (the most LTH; *Reading*: ties share the win); solo, the result against its target.
"""

from __future__ import annotations

from ledger.decider import Score, Standing, ranked
from ledger.games.pursuit import data
from ledger.games.pursuit.model import Player, State
from ledger.games.pursuit.rules import flow
from ledger.games.pursuit.sections import R_END, R_SOLO

SOURCES = {
    "cards": "cards",
    "popularity": "popularity",
    "goals": "life goals",
    "overflow": "overflow",
    "table": "table",
}
CATEGORIES = ["LTH", *SOURCES.values(), "STH", "resources", "alive"]
# What each column of the sheet counts, in words (the sheet's legend, under it).
LEGEND = [
    "LTH: Long Term Happiness, the total of: cards (the rewards of cards and board actions),"
    " popularity (the Popularity Score gained each round, Community), life goals (the Life Goals"
    " met at the end), overflow (1 LTH for each Popularity gained past the rightmost space"
    " of the track, Community), table (adjustments the table made, `adjust`)",
    "STH: Short Term Happiness; resources: the knowledge, creativity, influence and money held, added;"
    " alive: 1 while the character lives, 0 once their life has ended",
]


def _line(player: Player) -> dict[str, int]:
    line = {"LTH": player.lth}
    for source, label in SOURCES.items():
        line[label] = player.lth_from.get(source, 0)
    line["STH"] = player.sth
    line["resources"] = sum(getattr(player, r) for r in data.RESOURCES)
    line["alive"] = int(player.alive)
    return line


def score(state: State) -> Score:
    """The score sheet; provisional until the game is over."""
    final = state.phase == "over"
    lines = {name: _line(state.players[name]) for name in state.seats}
    totals = {name: line["LTH"] for name, line in lines.items()}
    sheet = ranked(
        state.seats,
        lines,
        "LTH",
        "shares the rank: ties share the win (the referee knows no base-game tie-break)",
    )
    ordered = [line.player for line in sheet]
    notes = [*LEGEND, f"{R_END}: the most LTH wins; a player whose life has ended still scores"]
    if len(state.seats) == 1 and "solo-target" in state.faces.settings:
        name = state.seats[0]
        target = flow.solo_target(state)
        extra = f" + {data.SOLO_EXTRA} with Community ({R_SOLO})" if "community" in state.modules else ""
        verdict = ("wins" if state.winners else "loses") if final else "needs it"
        notes.append(
            f"solo: {name} has {totals[name]} LTH against the target {target} "
            f"(solo-target {state.faces.settings['solo-target']}{extra}): {verdict}"
        )
        winners = list(state.winners) if final else []
    else:
        best = max(totals.values(), default=0)
        winners = list(state.winners) if final else [name for name in ordered if totals[name] == best]
    if not final:
        notes.append("provisional: the game is not over")
    return Score(
        final=final, categories=list(CATEGORIES), lines=sheet, winners=winners, notes=notes, points="LTH"
    )


def standing(state: State, reveal: bool = False) -> Standing:
    """Each player's Long Term Happiness in the round being played (the Teen round is round 0),
    for the score chart. Nothing is hidden."""
    number = state.round if state.round >= 0 else None
    return Standing(
        round=number,
        label="Teen" if number == 0 else str(number),
        measure="Long Term Happiness",
        scores={name: state.players[name].lth for name in state.seats},
    )
