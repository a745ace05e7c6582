"""Buy a Swindle Tile: "You must immediately pay the indicated costs and take the indicated
reward", costs as any box's (Costs and Action Boxes): an "all others" cost there is each
other player's to pay too, and a cost of choice is asked of each payer who has a choice (the
README's reading). A swindle board declared for this test: space 1 costs 3 money and all
others 1 resource of their choice."""

from __future__ import annotations

from ledger.errors import NotYourTurn
from ledger.games.planet_b.faces import Swindle
from tests.planet_b.table import started
from tests.planet_b.test_examples import board

SPACES = (
    ("-3money others:-resource", "2vote"),
    ("-5money", "3vote"),
    ("-8money", "4vote"),
    ("-12money", "6vote"),
)


def test_a_swindle_spaces_all_others_cost_of_choice_is_asked_of_each_payer() -> None:
    table = board(started(), "swindle")
    table.face(Swindle(spaces=SPACES))
    table.give("ben", warehouse={"plastic": 1, "water": 1})
    table.give("cat", warehouse={"chip": 2})
    table.play("deal ann left", "swindle ann +1")
    assert table.p("ann").money == 10 - 3 and table.state.bag["ann"] == 3 + 2
    assert table.p("cat").warehouse == {"chip": 1}  # one kind: paid at once
    assert table.state.stack[-1].owner == "ben"  # asked what he pays
    table.play("pay ben water")
    assert table.p("ben").warehouse == {"plastic": 1} and table.state.stack == ()


def test_while_another_player_says_what_they_pay_the_active_player_waits() -> None:
    """Costs and Action Boxes: "You can only perform another action once you have fully
    completed the first one": the swindle tile's cost is paid once ben has paid his share,
    so ann sells and buys production tiles after that, not while he chooses."""
    table = board(started(), "swindle")
    table.face(Swindle(spaces=SPACES))
    table.give("ann", warehouse={"water": 1}, money=20)
    table.give("ben", warehouse={"plastic": 1, "water": 1})
    table.play("deal ann left", "swindle ann +1")
    table.refuse("sell ann water", NotYourTurn)
    table.refuse("tile ann meat upper1", NotYourTurn)
    table.play("pay ben water", "sell ann water")
    assert table.p("ann").warehouse == {} and table.state.stack == ()
