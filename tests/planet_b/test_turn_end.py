"""Your Turn: A Summary: the turn ends once the box's actions are performed ("You must always
perform all actions as fully as you can"); and in a game recorded under rules version 1 with
virtual piles, an exchange that removes a tile still turns up the next B tile itself."""

from __future__ import annotations

from ledger.errors import IllegalMove
from ledger.games.planet_b.sections import R_COSTS
from tests.planet_b.table import Table, started
from tests.planet_b.test_examples import board
from tests.planet_b.test_flow import fill_last


def test_the_turn_does_not_end_with_an_action_of_the_box_left() -> None:
    table = board(started(), "produce 2money")
    table.play("deal ann left")
    table.refuse("end ann", IllegalMove, R_COSTS)
    table.play("produce ann upper", "end ann")
    assert table.state.active != "ann" or table.state.phase != "turn"


def test_a_version_1_virtual_exchange_turns_up_the_next_b_tile_itself() -> None:
    table = Table(4, seed=1, rules_version="1")
    table.draft_first()
    assert table.state.legacy
    board(table, "2money")
    table.tile("left", "TEST LEFT", "2money", red=True, then="remove")
    fill_last(table, red=True)
    top = table.state.tiles.top()
    table.play("deal ann left", "end ann", "exchange ann meat:2")
    assert top and table.state.spaces[0].tile == top and table.state.active == "ben"
