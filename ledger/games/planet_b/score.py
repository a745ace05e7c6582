"""``score``: the Planet B end scoring (Game End), line by line.

Resources sold at their current value; money to VP at 3:1 (the rest lost); 2 VP per faction
step; 2 VP per mood step above neutral, -2 per step below; the President 20; the most and
second most votes in the bag 15 and 8 (the election tie rule; not awarded when nobody, or
only one, has votes in the bag); the pocket. The most VP wins; ties share the win.
"""

from __future__ import annotations

from ledger.decider import Score, Standing, ranked
from ledger.games.planet_b import data
from ledger.games.planet_b.model import Player, State
from ledger.games.planet_b.rules import core, elections

# (the contract's ``score_only_at_end``): what the sheet counts at Game End is counted then only
SCORE_ONLY_AT_END = (
    "PLANET B Game End: resources are sold, money exchanged, factions, mood, the President and "
    "the votes in the bag counted, and the pockets turned, only when the game ends"
)
CATEGORIES = ["resources", "money", "money VP", "factions", "mood", "president", "bag", "pocket", "total"]
# Before the end the pockets are hidden (Money and Victory Points): the sheet leaves them out.
PROVISIONAL = [*CATEGORIES[:-2], "total shown"]


def bag_places(state: State) -> list[str]:
    """Who takes 15 and 8 VP for votes in the bag (the dummy may take a place and gives no VP):
    only those with votes in the bag, most first, ties broken as in an election."""
    holders = {name: state.bag.get(name, 0) for name in core.participants(state) if state.bag.get(name, 0)}
    return elections.ranking(state, holders)[: len(data.BAG_VP)]


def _line(state: State, player: Player, places: list[str]) -> dict[str, int]:
    sold = sum(core.price(state, r) * n for r, n in player.warehouse.items()) if state.side else 0
    money = player.money + sold
    mood = data.MOOD_VP * player.mood
    bag = data.BAG_VP[places.index(player.name)] if player.name in places else 0
    president = data.PRESIDENT_VP if player.office == "president" else 0
    line = {
        "resources": sold,
        "money": money,
        "money VP": money // data.MONEY_PER_VP,
        "factions": data.FACTION_VP * sum(player.factions.values()),
        "mood": mood,
        "president": president,
        "bag": bag,
        "pocket": player.vp,
    }
    line["total"] = line["money VP"] + line["factions"] + mood + president + bag + player.vp
    return line


def score(state: State) -> Score:
    """The score sheet; provisional until the game is over, and without the hidden pockets."""
    final = state.phase == "over"
    places = bag_places(state) if state.players else []
    lines = {name: _line(state, state.players[name], places) for name in state.seats}
    if not final:
        for line in lines.values():
            line["total shown"] = line.pop("total") - line.pop("pocket")
    key = "total" if final else "total shown"
    sheet = ranked(state.seats, lines, key, "shares the rank: ties share the win (PLANET B Game End)")
    notes = ["PLANET B Game End: the most victory points win; ties share the win"]
    if places:
        rule = "the higher board number" if state.elections == 0 else "the lower office"
        won = ", ".join(f"{name} {vp}" for name, vp in zip(places, data.BAG_VP, strict=False))
        notes.append(f"votes in the bag: {won} VP (ties: {rule})")
        if data.DUMMY in places:
            notes.append("the dummy takes a bag place and collects no victory points")
        if state.elections == 0:
            notes.append("no election held: bag ties go to the higher board number, as in the first election")
    else:
        notes.append("votes in the bag: nobody has any, no places awarded")
    if not final:
        notes.append("provisional: the game is not over (resources at today's prices, pockets hidden)")
    return Score(
        final=final,
        categories=list(CATEGORIES if final else PROVISIONAL),
        lines=sheet,
        winners=[line.player for line in sheet if line.rank == 1],
        notes=notes,
        points=key,
    )


def standing(state: State, reveal: bool = False) -> Standing:
    """Each player's victory points in the round being played (a round: a turn of each player
    from the start player's), as the Game End would count them now, for the score chart. The
    pockets are hidden (left out) unless ``reveal`` or the game is over."""
    places = bag_places(state) if state.players else []
    shown = reveal or state.phase == "over"
    scores = {}
    for name in state.seats:
        line = _line(state, state.players[name], places)
        scores[name] = line["total"] if shown else line["total"] - line["pocket"]
    return Standing(
        round=state.round or None,
        label=str(state.round),
        measure="victory points" if shown else "victory points shown (pockets hidden)",
        scores=scores,
    )
