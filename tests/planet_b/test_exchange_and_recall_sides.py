"""Exchanges: "either turn the conglomerate tile over or remove it. Which you do depends on
whether the gray or red side of the conglomerate tile is face up"; 1. Return Workies: a
partly filled work area returns by its number, the second one too. A tile declared for the
test: grey side flipped, red side removed."""

from __future__ import annotations

from ledger.games.planet_b.faces import Tile
from ledger.games.planet_b.model import Constructed, Space
from ledger.piles import Pile
from tests.planet_b.table import Table, physical, started
from tests.planet_b.test_examples import board


def _filled(table: Table, *, red: bool) -> None:
    sides = Tile(name="TEST SIDES", set="A", grey="2money", red="2money", grey_then="flip", red_then="remove")
    table.face(sides)
    spaces = list(table.state.spaces)
    spaces[0] = Space("TEST SIDES", red=red, suitcases=3)
    table.set(spaces=tuple(spaces))


def test_a_filled_grey_side_is_turned_over() -> None:
    table = board(started(), "2money")
    _filled(table, red=False)
    table.play("deal ann left", "end ann", "exchange ann meat:2")
    assert table.state.spaces[0] == Space("TEST SIDES", red=True)


def test_a_filled_red_side_is_removed_and_replaced() -> None:
    table = board(started(), "2money")
    _filled(table, red=True)
    table.set(tiles=Pile(known=("DEEP MINE",)))
    table.play("deal ann left", "end ann", "exchange ann meat:2")
    assert table.state.spaces[0] == Space("DEEP MINE", red=False)


def test_the_second_work_area_of_a_building_returns_by_its_number() -> None:
    """Test data: HOSPITAL, work areas crafty+brainy and brainy."""
    table = physical()
    table.give("red", buildings=(Constructed("HOSPITAL", (("crafty",), ())),), crafties=2)
    table.set(called=True, dealt=True)
    table.play("end you", "recall red hospital.1")
    red = table.p("red")
    assert red.buildings[0].placed == ((), ()) and red.crafties == 3
