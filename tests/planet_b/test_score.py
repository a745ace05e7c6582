"""The score sheet's categories, totals and notes (Game End), and the score chart's standing."""

from __future__ import annotations

from ledger.games.planet_b import data
from tests.planet_b.table import Table, physical, started

GAME_END = "PLANET B Game End: the most victory points win; ties share the win"
PROVISIONAL = "provisional: the game is not over (resources at today's prices, pockets hidden)"
NO_ELECTION = "no election held: bag ties go to the higher board number, as in the first election"
DUMMY_NOTE = "the dummy takes a bag place and collects no victory points"
# Game End, in its order: sold, money, money to VP, factions, mood, President, bag, pocket.
CATEGORIES = ["resources", "money", "money VP", "factions", "mood", "president", "bag", "pocket", "total"]


def plain(table: Table) -> None:
    """Nothing on anyone's sheet but what the test gives them."""
    for name in table.state.seats:
        table.give(name, money=0, factions=dict.fromkeys(data.TRACKS, 0), mood=0, vp=0, warehouse={})


def test_resources_sell_at_the_market_disc_price() -> None:
    """Game End: "Sell all of your remaining resources to the supply for their current market
    values." At the start the left disc is grey and the middle red (Setup): plastic 3 and plant
    4 in the test data's markets, meat always 6 (Selling Resources)."""
    table = started()
    plain(table)
    table.give("ann", warehouse={"plastic": 2, "plant": 1, "meat": 1})
    table.set(phase="over", bag={})
    ann = next(line for line in table.game.score(table.state).lines if line.player == "ann")
    assert ann.categories["resources"] == 2 * 3 + 4 + 6
    assert ann.categories["money VP"] == 16 // 3


def test_before_the_board_is_declared_nothing_is_sold() -> None:
    """No board, no warehouse: a sheet asked for while the faces are declared counts no
    resources."""
    table = Table(4, cards=False)
    assert table.state.phase == "cards"
    sheet = table.game.score(table.state)
    assert all(line.categories["resources"] == 0 for line in sheet.lines)


def test_the_provisional_total_leaves_the_pocket_out() -> None:
    """Before the end the pockets are hidden (Money and Victory Points): the total shown is the
    rest, and the sheet says it is provisional."""
    table = started()
    plain(table)
    table.give("ann", money=9, vp=30)
    table.set(bag={})
    sheet = table.game.score(table.state)
    assert sheet.categories == [*CATEGORIES[:-2], "total shown"] and sheet.points == "total shown"
    ann = next(line for line in sheet.lines if line.player == "ann")
    assert ann.categories["total shown"] == 3
    assert sheet.notes == [GAME_END, "votes in the bag: nobody has any, no places awarded", PROVISIONAL]


def test_a_final_sheet_shows_the_pocket_and_the_total() -> None:
    table = started()
    plain(table)
    table.set(phase="over", bag={"ann": 5, "ben": 2, "cat": 2})
    sheet = table.game.score(table.state)
    assert sheet.categories == CATEGORIES and sheet.points == "total"
    assert sheet.notes == [
        GAME_END,
        "votes in the bag: ann 15, cat 8 VP (ties: the higher board number)",
        NO_ELECTION,
    ]
    assert sheet.winners == ["ann"]


def test_after_an_election_bag_ties_go_to_the_lower_office() -> None:
    """Game End: "The same tiebreaker counts here as during elections": after the first, the
    lower office (the note says which rule broke the ties, and no longer the first election's)."""
    table = started()
    plain(table)
    table.set(phase="over", elections=1, bag={"ann": 5, "ben": 2})
    notes = table.game.score(table.state).notes
    assert notes == [GAME_END, "votes in the bag: ann 15, ben 8 VP (ties: the lower office)"]


def test_the_dummy_takes_a_bag_place_and_no_points() -> None:
    """Changes for 2 players: the dummy's votes count for the places; it scores nothing."""
    table = physical(("ann", "ben"))
    table.set(bag={"ann": 2, data.DUMMY: 5})
    sheet = table.game.score(table.state)
    assert sheet.notes[1:3] == [
        f"votes in the bag: {data.DUMMY} 15, ann 8 VP (ties: the higher board number)",
        DUMMY_NOTE,
    ]
    assert {line.player: line.categories["bag"] for line in sheet.lines} == {"ann": 8, "ben": 0}


def test_a_shared_rank_says_ties_share_the_win() -> None:
    """Game End: "In the case of a tie, there are multiple winners"."""
    table = started()
    plain(table)
    table.give("dan", vp=1)
    table.set(phase="over", bag={})
    lines = {line.player: line for line in table.game.score(table.state).lines}
    tie = "shares the rank: ties share the win (PLANET B Game End)"
    assert [lines[name].tiebreak for name in ("ann", "ben", "cat")] == [tie] * 3
    assert lines["dan"].tiebreak is None and lines["dan"].rank == 1 and lines["ann"].rank == 2


def test_the_standing_hides_the_pockets_until_the_end() -> None:
    """The score chart counts as the Game End would now: money 3:1, bag 15 and 8, the pocket
    only when revealed or once the game is over."""
    table = started()
    plain(table)
    table.give("ann", money=9, vp=4)
    table.set(round=3, bag={"ann": 2, "ben": 1})
    now = table.game.standing(table.state)
    assert (now.round, now.label) == (3, "3")
    assert now.measure == "victory points shown (pockets hidden)"
    assert now.scores == {"ann": 3 + 15, "ben": 8, "cat": 0, "dan": 0}
    shown = table.game.standing(table.state, reveal=True)
    assert shown.measure == "victory points" and shown.scores["ann"] == 3 + 15 + 4
    table.set(phase="over")
    over = table.game.standing(table.state)
    assert over.measure == "victory points" and over.scores["ann"] == 3 + 15 + 4
