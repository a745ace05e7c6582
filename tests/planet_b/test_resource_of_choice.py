"""Production: "the "resource of your choice" symbol ... means that you take a resource of
your choice": a resource, not money or anything else typed in its place."""

from __future__ import annotations

from ledger.errors import IllegalMove
from tests.planet_b.table import started
from tests.planet_b.test_examples import board


def test_a_resource_of_choice_is_not_taken_as_money() -> None:
    table = board(started(), "produce 2resource")
    table.play("deal ann left")
    table.refuse("gain ann 2money", IllegalMove)
    table.play("gain ann 2water")
    assert table.p("ann").warehouse == {"water": 2} and table.p("ann").money == 10
