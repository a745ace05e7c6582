"""Exchanges, the offices' actions, the particular cards, the end of the game and its score."""

from __future__ import annotations

from ledger.errors import IllegalMove
from ledger.games.planet_b import data
from ledger.games.planet_b.model import Constructed, FinalRound, GameEnded, Space
from ledger.games.planet_b.sections import R_EXCHANGE
from ledger.piles import Pile
from tests.planet_b.table import Table, physical, started
from tests.planet_b.test_examples import board


def fill_last(table: Table, space: int = 0, *, red: bool = False) -> None:
    """ann deals the last suitcase of a tile (grey: flipped; red: removed)."""
    name = table.state.spaces[space].tile
    spaces = list(table.state.spaces)
    spaces[space] = Space(name, red=red, suitcases=3)
    table.set(spaces=tuple(spaces))


def test_an_exchange_after_the_last_suitcase_flips_a_grey_tile() -> None:
    table = board(started(), "2money")
    fill_last(table)
    table.play("deal ann left", "end ann")
    assert table.state.phase == "exchange" and table.state.exchange is not None
    table.refuse("exchange ann plastic:5", IllegalMove, R_EXCHANGE)  # 2 when not immoral
    marker = table.state.marker
    table.play("exchange ann meat plastic")
    state = table.state
    assert table.p("ann").warehouse == {"meat": 1, "plastic": 1}
    assert state.spaces[0].red and state.spaces[0].suitcases == 0  # turned over, suitcases back
    assert state.markets[0] is True  # the disc follows the tile's face-up side
    assert state.marker == marker + 2 and state.active == "ben"


def test_after_the_turn_the_redraw_comes_before_the_exchange() -> None:
    """Your Turn, A Summary: "After your turn, redraw to 3 building cards in hand and reveal a
    new news card if necessary. If you placed a suitcase onto the last empty space of a
    conglomerate tile, you must perform an exchange" (the order the README's note reads)."""
    table = board(started(), "2money")
    fill_last(table)
    table.give("ann", hand=table.p("ann").hand[:2])
    table.play("deal ann left", "end ann")
    assert table.state.phase == "refill" and table.state.exchange is None
    table.play("redraw ann A")
    assert table.state.phase == "exchange" and len(table.p("ann").hand) == 3


def test_an_immoral_player_takes_5_and_a_removed_tile_is_replaced_grey_on_the_left() -> None:
    table = board(started(), "2money")
    table.tile("left", "TEST LEFT", "2money", red=True, then="remove")
    fill_last(table, red=True)
    table.give("ann", news=("BRIBE",))  # every II news card is immoral
    b_tiles = table.state.tiles
    table.play("deal ann left", "end ann", "exchange ann water:5")
    state = table.state
    assert table.p("ann").warehouse == {"water": 4} and table.p("ann").money > 10  # the 5th sold at once
    assert state.spaces[0].tile == b_tiles.top() and not state.spaces[0].red and not state.markets[0]
    assert len(state.tiles) == len(b_tiles) - 1


def test_a_tile_added_to_the_middle_is_red_side_up() -> None:
    table = started()
    table.tile("middle", "TEST MIDDLE", "2money", red=True, then="remove")
    fill_last(table, 1, red=True)
    table.play("deal ann middle", "end ann", "exchange ann meat:2")
    assert table.state.spaces[1].red and table.state.markets[1]


def test_the_exchange_comes_before_the_election_and_its_marker_can_call_one() -> None:
    table = board(started(), "2money")
    fill_last(table)
    table.set(marker=6)  # test data: 8 spaces
    table.play("deal ann left", "end ann", "exchange ann meat:2")
    assert table.state.elections == 1 and table.state.active == "ben"


def test_a_turn_that_fills_the_last_suitcase_and_calls_an_election_exchanges_first() -> None:
    """Exchanges: "If you also triggered an election on your turn (i.e. the disc reached the
    last space of the election track), the exchange happens first." Then the election, whose
    end returns the election marker to the starting space: the exchange's 2 spaces forward
    come before it, not after."""
    table = board(started(), "right")
    start = table.state.marker
    fill_last(table)
    table.set(marker=7)  # test data: 8 spaces
    table.play("deal ann left")  # the box's "move right" reaches the last space
    assert table.state.called and table.state.marker == 8
    table.play("end ann")
    assert table.state.phase == "exchange" and table.state.elections == 0
    table.play("exchange ann meat:2")
    state = table.state
    assert table.p("ann").warehouse == {"meat": 2}
    assert state.elections == 1 and state.marker == start and state.active == "ben"


def test_the_last_tile_added_gives_everyone_one_more_turn_the_trigger_last() -> None:
    table = board(started(), "2money", "2money", "2money")
    table.tile("left", "TEST LEFT", "2money", red=True, then="remove")
    table.set(tiles=Pile(known=("DEEP MINE",)))
    fill_last(table, red=True)
    events = table.play("deal ann left", "end ann", "exchange ann meat:2")
    assert FinalRound("ann", 4) in events and table.state.final == 4
    for name in ("ben", "cat", "dan"):
        table.play(f"deal {name} middle" if name != "cat" else f"deal {name} right")
        table.play(f"end {name}")
        while table.state.phase == "refill":
            table.play(f"redraw {name} A")
    table.play("deal ann middle")
    assert table.state.phase == "turn"
    events = table.play("end ann")
    assert events[-1] == GameEnded() and table.state.phase == "over"


def test_the_last_tile_and_an_election_in_one_turn_exchange_then_election_then_final_turns() -> None:
    """Exchanges: the exchange first; Game End: "The end of the game is triggered when the last
    conglomerate tile gets added ... Each player gets exactly 1 more turn. The player who
    triggered the last exchange will also take the last turn": the election between them
    is no turn of anyone's."""
    table = board(started(), "right", "2money", "2money")
    table.tile("left", "TEST LEFT", "right", red=True, then="remove")
    table.set(tiles=Pile(known=("DEEP MINE",)), marker=7)  # test data: 8 spaces
    fill_last(table, red=True)
    table.play("deal ann left")  # the box's "move right" reaches the last space
    events = table.play("end ann", "exchange ann meat:2")
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("FinalRound") < kinds.index("ExchangeEnded") < kinds.index("ElectionStarted")
    assert FinalRound("ann", 4) in events and table.state.elections == 1
    # ben's turn, with all 4 final turns still to play (ann's the last): none went to the election.
    assert table.state.active == "ben" and table.state.phase == "turn" and table.state.final == 4


def test_offices_vice_president_and_dodo() -> None:
    table = started()
    table.give("ann", office="vice-president")
    table.play("office ann futurist")
    assert table.p("ann").factions["futurist"] == 1
    table = started()
    table.give("ann", office="vice-president", news=("BRIBE",))
    table.play("office ann")
    assert table.p("ann").money == 10 + 6
    table = started()
    table.give("ann", office="dodo")
    table.play("office ann")
    assert table.state.bag["ann"] == 3 + 1
    table.give("ann", news=("SLUSH FUND",))  # immoral
    table.set(office_done=False)
    table.play("office ann")
    assert table.p("ann").money == 10 + 1


def test_an_immoral_president_draws_a_blue_law_at_a_real_table() -> None:
    table = physical()
    table.give("you", office="president", news=("SPY",))
    error = table.refuse("office you coal-phase-out", IllegalMove)
    assert "blue" in str(error) or "cannot hold" in str(error)
    table.play("office you tax-haven", "law you left")
    assert table.state.players["you"].money == 10 + 12
    # All Others pay what they can in full: 3 money each.
    assert {n: table.state.players[n].money for n in ("blue", "red", "yellow")} == dict.fromkeys(
        ("blue", "red", "yellow"), 10 - 3
    )
    assert table.state.piles["blue"].under == ("TAX HAVEN",)


def test_particular_cards_invitation_to_bid_and_prefabricated_houses() -> None:
    table = board(started(), "invitation-to-bid", "prefabricated-houses")
    table.give("ann", hand=("TAILOR", "WORKSHOP"), warehouse={"iridium": 3})
    table.play("deal ann left", "discard ann tailor")
    assert table.p("ann").money == 10 + 25 and table.p("ann").hand == ("WORKSHOP",)
    table.set(dealt=False)
    table.play("deal ann middle", "build ann workshop")
    ann = table.p("ann")
    assert ann.money == 35 and ann.warehouse == {} and ann.buildings[-1].name == "WORKSHOP" and ann.vp == 1


def test_particular_cards_renovations_and_building_export() -> None:
    table = board(started(), "renovations", "building-export")
    table.give("ann", buildings=(Constructed("HEADQUARTERS", ((),)), Constructed("TAILOR", (("crafty",),))),
               hand=("WORKSHOP",))  # fmt: skip
    table.play("deal ann left", "destroy ann tailor", "build ann workshop")
    ann = table.p("ann")
    assert ann.vp == 5 + 1 and [b.name for b in ann.buildings] == ["HEADQUARTERS", "WORKSHOP"]
    table.set(dealt=False)
    table.play("deal ann middle", "destroy ann headquarters")
    ann = table.p("ann")
    assert ann.money == 10 - 4 + 30 and table.state.bag["ann"] == 3 + 3
    assert [b.name for b in ann.buildings] == ["WORKSHOP"]


def test_particular_cards_illegal_build_and_cute_sculpture_virtual() -> None:
    table = board(started(), "illegal-build", "cute-sculpture")
    top = table.state.piles["B"].top()
    table.give(
        "ann", warehouse={"iridium": 4}, factions={"capitalist": 9, "futurist": 5, "traditionalist": 0}
    )
    table.play("deal ann left")
    assert table.p("ann").buildings[-1].name == top and table.p("ann").warehouse == {"iridium": 2}
    table.set(dealt=False)
    table.play("deal ann middle")
    assert table.state.bag["ann"] == 3 + 12 and table.p("ann").money == 10 + 20  # 12 at most


def test_particular_cards_solar_energy_vaccination_and_cell_regeneration() -> None:
    table = board(started(), "solar-energy", "vaccination", "cell-regeneration")
    table.give("ann", buildings=(Constructed("TAILOR", (("crafty", "crafty"),)),), warehouse={"hydrogen": 1},
               news=("PLASTIC BAGS", "BRIBE"))  # fmt: skip
    table.play("deal ann left", "copy ann tailor 1")
    assert table.p("ann").money == 10 + 5 and table.p("ann").factions["futurist"] == 1
    table.set(dealt=False)
    table.play("deal ann middle", "recall ann tailor.1 crafty")
    assert table.p("ann").crafties == 3 and table.p("ann").buildings[0].placed == (("crafty",),)
    table.set(dealt=False)
    table.play("deal ann right", "replay ann plastic-bags")
    ann = table.p("ann")
    assert ann.warehouse == {"plastic": 2} and ann.news == ("BRIBE", "PLASTIC BAGS") and ann.vp == 2


def test_particular_cards_green_smoothie_and_sports_bet() -> None:
    table = board(started(), "green-smoothie", "sports-bet")
    table.give("ann", warehouse={"plant": 3})
    table.give("ben", warehouse={"plant": 4})
    table.play("deal ann left", "give ann ben cat:2")
    assert table.p("ann").money == 10 + 30 and table.state.bag["ann"] == 3 + 3
    # ben's warehouse is full: the plant he gets is sold at once (the middle market, grey: 2)
    assert table.p("ben").warehouse == {"plant": 4} and table.p("ben").money == 10 + 2
    table.set(dealt=False, bag={"ann": 2, "ben": 1})
    table.play("deal ann middle")
    assert table.p("ann").money == 40 + 30 and table.state.supply["ben"] == 22 + 1


def test_particular_cards_parliamentary_neglect_and_weapons_test() -> None:
    table = board(started(), "parliamentary-neglect", "weapons-test")
    table.give("ann", factions={"capitalist": 3, "futurist": 1, "traditionalist": 0})
    table.play("deal ann left --pay capitalist,futurist", "faction ann capitalist:2a")
    ann = table.p("ann")
    assert ann.factions == {"capitalist": 2, "futurist": 0, "traditionalist": 0}  # not back to the start
    assert ann.money == 10 + 5 and table.state.marker == 3
    table.set(dealt=False)
    table.play("deal ann middle")
    players = table.state.players
    assert players["ann"].mood == -3 and players["ann"].factions == {
        "capitalist": 4,
        "futurist": 2,
        "traditionalist": 2,
    }
    assert all(players[n].mood == -1 for n in ("ben", "cat", "dan"))


def test_i_pick_number_3_and_nanny_bots() -> None:
    table = board(started(), "i-pick-number-3", "nanny-bots")
    table.play("deal ann left", "law ann blue", "law ann left")
    assert table.state.piles["blue"].under and not table.state.stack
    table.set(dealt=False)
    table.play("deal ann middle", "gain ann brainy")
    assert table.p("ann").brainies == 3


def test_the_score_sheet_lines() -> None:
    """Game End: resources sold, money 3:1, 2 VP a faction step, mood, President 20, bag 15
    and 8, pocket."""
    table = started()
    factions = {"capitalist": 2, "futurist": 1, "traditionalist": 0}
    table.give("ann", money=10, warehouse={"meat": 2}, factions=factions, mood=2, office="president", vp=7)
    table.set(bag={"ann": 5, "ben": 2, "cat": 2, "dan": 0})
    table.set(phase="over")
    sheet = table.game.score(table.state)
    ann = next(line for line in sheet.lines if line.player == "ann")
    assert ann.categories == {
        "resources": 12,
        "money": 22,
        "money VP": 7,
        "factions": 6,
        "mood": 4,
        "president": 20,
        "bag": 15,
        "pocket": 7,
        "total": 7 + 6 + 4 + 20 + 15 + 7,
    }
    places = {line.player: line.categories["bag"] for line in sheet.lines}
    assert places["cat"] == 8 and places["ben"] == 0  # a tie and no election held: the higher board
    assert sheet.final and sheet.winners == ["ann"]


def test_a_negative_mood_pays_2_victory_points_a_step() -> None:
    """Game End: "If you are in the negative part, you must pay 2 victory points for each
    step." Ben 3 steps below neutral pays 6 of his 20 VP; ann 1 above takes 2."""
    table = started()
    table.give("ann", money=0, factions=dict.fromkeys(data.TRACKS, 0), mood=1, vp=0)
    table.give("ben", money=0, factions=dict.fromkeys(data.TRACKS, 0), mood=-3, vp=20)
    table.set(bag=dict.fromkeys(table.state.seats, 0), phase="over")
    sheet = table.game.score(table.state)
    lines = {line.player: line.categories for line in sheet.lines}
    assert lines["ben"]["mood"] == -6 and lines["ben"]["total"] == 20 - 6
    assert lines["ann"]["mood"] == 2 and lines["ann"]["total"] == 2


def test_a_provisional_sheet_hides_the_pockets() -> None:
    """Money and Victory Points: the pocket is secret until the end."""
    table = started()
    table.give("ann", vp=30)
    sheet = table.game.score(table.state)
    assert "pocket" not in sheet.categories and not sheet.final
    assert all("pocket" not in line.categories for line in sheet.lines)


def test_bag_places_need_two_holders() -> None:
    table = started()
    table.set(bag={"ann": 5})
    sheet = table.game.score(table.state)
    assert [line.categories["bag"] for line in sheet.lines if line.categories["bag"]] == [15]


def test_the_dummy_as_president_returns_its_votes_and_takes_no_vp() -> None:
    table = physical(("ann", "ben"))
    table.set(called=True, dealt=True, bag={"ann": 1}, supply={"ann": 24, "ben": 25, data.DUMMY: 25})
    table.play("end ann")
    assert table.state.bag == {"ann": 1, data.DUMMY: 9}
    table.play("draw ann dummy,dummy,dummy", "draw ben dummy,dummy,dummy", "draw dummy ann,dummy,dummy")
    table.play("draw ann dummy")
    state = table.state
    assert state.dummy_office == "president"
    assert (state.players["ben"].office, state.players["ann"].office) == ("vice-president", "lama")
    assert state.supply[data.DUMMY] == 25 and data.DUMMY not in state.bag  # all back to its supply
    assert all(line.categories["president"] == 0 for line in table.game.score(state).lines)


def test_two_resources_past_the_warehouse_are_both_sold_at_once() -> None:
    """Production: "You cannot have more than 4 containers of each resource. If you ever get
    resources you don't have room for in your warehouse, you immediately sell them for the
    current price": the exchange's meat (Selling Resources: always 6 billies) and chip (the
    right market, grey in the test data: 4), both sold."""
    table = board(started(), "2money")
    fill_last(table)
    table.give("ann", warehouse={"meat": 4, "chip": 4})
    table.play("deal ann left", "end ann")
    money = table.p("ann").money
    table.play("exchange ann meat chip")
    ann = table.p("ann")
    assert ann.warehouse == {"meat": 4, "chip": 4} and ann.money == money + 6 + 4
