"""Facts folded as the rulebook has them: Build ("choose 1 building from your hand ... place
the building to the left of your player board"), Production Tiles ("You may return any
production tiles you bought back to your supply")."""

from __future__ import annotations

from ledger.games.planet_b.model import Constructed
from tests.planet_b.table import started
from tests.planet_b.test_examples import board


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
