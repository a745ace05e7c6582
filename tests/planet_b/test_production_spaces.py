"""Production: "Each production line consists of 3 production spaces"; Production Tiles: a
tile goes "onto one of the production spaces on your player board" (upper1 .. upper3,
lower1 .. lower3, no others). And a count of two digits read as written (Symbol Summary)."""

from __future__ import annotations

import pytest

from ledger.errors import BadInput
from ledger.games.planet_b.model import BuyTile
from tests.planet_b.table import started
from tests.planet_b.test_examples import board


@pytest.mark.parametrize("space", ["upper0", "upper4", "lower0", "lower4"])
def test_a_production_tile_goes_on_one_of_the_3_spaces_of_a_line(space: str) -> None:
    table = board(started(), "2money")
    table.give("ann", money=20)
    table.refuse(f"tile ann meat {space}", BadInput)  # typed
    table.refuse_command(BuyTile("ann", "meat", space), BadInput)  # a service caller's command
    assert table.p("ann").money == 20
    table.play("tile ann meat upper3", "tile ann meat lower1")
    assert table.p("ann").money == 0


def test_a_gain_of_12_money_named_in_the_move() -> None:
    table = board(started(), "produce 12money")
    table.play("deal ann left", "gain ann 12money")
    assert table.p("ann").money == 10 + 12
    assert [s.items[0].symbol for s in table.state.stack[-1].slots] == ["produce"]
