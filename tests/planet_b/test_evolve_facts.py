"""Facts folded as the rulebook has them: Build ("choose 1 building from your hand ... place
the building to the left of your player board"), Production Tiles ("You may return any
production tiles you bought back to your supply")."""

from __future__ import annotations

from ledger.games.planet_b.model import Constructed
from tests.planet_b.table import started
from tests.planet_b.test_examples import board
from tests.planet_b.test_flow import fill_last


def test_a_building_built_leaves_the_hand_with_its_work_areas_empty() -> None:
    """Test data: TAILOR, 16 money, 5 VP, one work area; the Headquarters, one work area."""
    table = board(started(), "build")
    table.give("ann", hand=("TAILOR", "WORKSHOP"), money=20, buildings=())
    table.play("deal ann left", "build ann tailor")
    ann = table.p("ann")
    assert ann.hand == ("WORKSHOP",) and ann.buildings == (Constructed("TAILOR", ((),)),)
    assert (ann.money, ann.vp) == (20 - 16, 5)


def test_a_production_tile_returned_is_the_one_named_of_those_on_the_space() -> None:
    table = board(started(), "2money")
    table.give("ann", money=20)
    table.play("tile ann meat upper1", "tile ann chip upper1")
    assert table.p("ann").production[0] == ("meat", "chip")
    table.play("tile ann meat upper1 --back")
    assert table.p("ann").production[0] == ("chip",) and table.p("ann").money == 0


def test_a_building_of_two_work_areas_is_built_with_both_empty() -> None:
    """Test data: RESTAURANT, 14 money, 4 VP, work areas crafty and brainy."""
    table = board(started(), "build")
    table.give("ann", hand=("RESTAURANT",), money=14, buildings=())
    table.play("deal ann left", "build ann restaurant")
    assert table.p("ann").buildings == (Constructed("RESTAURANT", ((), ())),)


def test_once_an_exchange_and_an_election_are_over_neither_is_left_waiting() -> None:
    """Exchanges: "Once you have completed all of the steps, it's the next player's turn";
    5. Finish the Election: "Continue playing the game as before" (the status shows neither
    any more; a 4-player table has no dummy, and so no office of one)."""
    table = board(started(), "2money")
    fill_last(table)
    table.set(marker=6)  # test data: 8 spaces: the exchange's 2 call an election
    table.play("deal ann left", "end ann", "exchange ann meat:2")
    state = table.state
    assert state.elections == 1 and state.phase == "turn" and state.active == "ben"
    assert state.exchange is None and state.election is None and state.dummy_office == ""


def test_a_workie_placed_leaves_the_board_by_its_colour() -> None:
    """Placing a Workie: "placing exactly 1 workie onto 1 matching-color work space" from
    the board (test data: RESTAURANT, work areas crafty and brainy)."""
    table = board(started(), "2work")
    table.give("ann", buildings=(Constructed("RESTAURANT", ((), ())),), crafties=2, brainies=2)
    table.play("deal ann left", "workie ann brainy@restaurant")
    assert (table.p("ann").crafties, table.p("ann").brainies) == (2, 1)
