"""Costs and Action Boxes: "you must always fully pay these first ... If you can't pay the
costs, then you cannot choose the action box", a cost at a time and at its edge (one exactly
enough, one short), for ``costs.can_pay`` (which boxes are open) and ``costs.plan`` (the
payment), which must agree. The player: 5 money and 20 victory points, 2 plastic and 1 water,
1 crafty and 2 brainies on the board (2 crafties on a building), 2 steps along the capitalist
track, 1 along the traditionalist one and the futurist disc on its start space, 2 votes in
the bag."""

from __future__ import annotations

import contextlib

import pytest

from ledger.errors import AmbiguousMove, BadInput, IllegalMove
from ledger.games.planet_b.effects import parse_box
from ledger.games.planet_b.model import Constructed
from ledger.games.planet_b.rules.costs import can_pay, plan
from ledger.games.planet_b.sections import R_SUMMARY
from tests.planet_b.table import Table, started
from tests.planet_b.test_examples import board

CASES = [
    # Money and Victory Points: "You cannot use victory points to pay costs"
    ("-5money", True),
    ("-6money", False),
    ("-3money -2money", True),
    ("-3money -3money", False),
    # Resources
    ("-2plastic", True),
    ("-3plastic", False),
    ("-1plastic -1plastic", True),
    ("-2plastic -1plastic", False),
    ("-2plastic -1water", True),
    ("-1water -1plastic -2plastic", False),
    ("-3resource", True),  # any resources: the 3 held
    ("-4resource", False),
    ("-2plastic -1resource", True),  # the water is left
    ("-2plastic -2resource", False),
    ("-1water -2resource", True),
    ("-1iridium", False),  # none held
    # Workies: "You cannot choose to return workies on buildings"
    ("-1crafty", True),
    ("-2crafty", False),
    ("-2brainy", True),
    ("-3brainy", False),
    ("-3workie", True),
    ("-4workie", False),
    ("-1crafty -2workie", True),
    ("-1crafty -3workie", False),
    ("-2brainy -1workie", True),
    ("-2brainy -2workie", False),
    ("-1crafty -2brainy", True),  # every workie on the board, and no workie of choice
    # Faction tracks: "If your disc is already on the starting space, then you cannot pay"
    ("-2capitalist", True),
    ("-3capitalist", False),
    ("-1futurist", False),
    ("-1traditionalist", True),
    ("-2traditionalist", False),
    ("-3faction", True),
    ("-4faction", False),
    ("-2capitalist -1faction", True),
    ("-2capitalist -2faction", False),
    ("-1traditionalist -2faction", True),
    # Votes from the bag
    ("-2vote", True),
    ("-3vote", False),
    # "all": "all players (including yourself) ... must pay"; "all others": "only affects the
    # other players, not you ... that doesn't affect your ability to choose the action box"
    ("all:-5money", True),
    ("all:-6money", False),
    ("others:-9money", True),
    ("others:-9plastic -2plastic", True),
    ("others:-1plastic -3plastic", False),
]


def _player() -> Table:
    table = started()
    table.give(
        "ann",
        money=5,
        vp=20,
        warehouse={"plastic": 2, "water": 1},
        crafties=1,
        brainies=2,
        buildings=(Constructed("GARAGE", (("crafty", "crafty"),)),),
        factions={"capitalist": 2, "futurist": 0, "traditionalist": 1},
    )
    table.set(bag={**table.state.bag, "ann": 2})
    return table


@pytest.mark.parametrize(("box", "payable"), CASES)
def test_a_cost_is_paid_in_full_or_the_box_cannot_be_chosen(box: str, payable: bool) -> None:
    state = _player().state
    costs = parse_box(box).costs
    assert can_pay(state, "ann", costs) is payable
    own = [c for c in costs if c.scope != "others"]
    if payable:
        with contextlib.suppress(AmbiguousMove):  # payable: the player says which (--pay)
            plan(state, "ann", own, ())
    else:
        with pytest.raises(IllegalMove):
            plan(state, "ann", own, ())


def _took(box: str, pay: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    return [took for _, took in plan(_player().state, "ann", parse_box(box).costs, pay)]


def test_what_a_cost_of_choice_takes() -> None:
    """A cost of "any" resources, workies or faction steps takes what the player says (--pay),
    or the only way there is: one kind left, or exactly as many as the cost."""
    assert _took("-2resource", ("plastic", "water")) == [("plastic", "water")]
    assert _took("-2plastic -1resource") == [("plastic", "plastic"), ("water",)]
    assert _took("-3resource") == [("plastic", "plastic", "water")]
    assert _took("-1crafty -2workie") == [("crafty",), ("brainy", "brainy")]
    assert _took("-2capitalist -1faction") == [("capitalist", "capitalist"), ("traditionalist",)]
    with pytest.raises(AmbiguousMove) as asked:
        _took("-2resource")
    assert asked.value.candidates == ["--pay plastic,plastic"]  # 2 of one kind: plastic only
    with pytest.raises(IllegalMove, match="cannot pay 2 water"):
        _took("-2resource", ("water", "water"))
    with pytest.raises(BadInput, match="nothing more to choose"):
        _took("-1resource", ("water", "plastic"))


def test_all_pay_the_actor_included() -> None:
    """Costs and Action Boxes: "If the word "all" is printed above an action, then all players
    (including yourself) either take or must pay something"."""
    table = board(started(), "all:-2money 5money")
    table.play("deal ann left")
    assert {p.name: p.money for p in table.state.players.values()} == {
        "ann": 10 - 2 + 5,
        "ben": 10 - 2,
        "cat": 10 - 2,
        "dan": 10 - 2,
    }


def test_a_gain_typed_before_any_box_is_open_is_refused() -> None:
    """Summary of a turn: the actions are a box's, once a suitcase is dealt and the box opened:
    before the deal there is nothing to take (one clear line, not a crash)."""
    table = started()
    error = table.refuse("gain ann plastic", IllegalMove, R_SUMMARY)
    assert "no action box open" in str(error) and "deal" in (error.legal or "")
