"""Costs and Action Boxes: "You must always perform all actions as fully as you can."

``skip`` leaves out only an action that cannot be performed; each case below is one the
rulebook says cannot (or can) be performed, and the test checks that ``skip`` agrees: a
left-out action is gone and nothing else changed, a performable one is refused with the rule.
Values come from the rulebook and the test data's printed costs (``fixtures/...``, not the
publisher's).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from msgspec.structs import replace

from ledger.errors import IllegalMove
from ledger.games.planet_b.faces import Law
from ledger.games.planet_b.model import Constructed
from ledger.games.planet_b.sections import R_COSTS
from ledger.piles import Pile
from tests.planet_b.table import Table, physical, started
from tests.planet_b.test_examples import board

ALL_TILES = (  # the test data's 10 production tiles, all on the board
    ("plastic", "iridium"),
    ("water", "plant"),
    ("hydrogen", "chip"),
    ("meat", "meat"),
    ("chip",),
    ("hydrogen",),
)


def left_out(table: Table, box: str, prepare: Callable[[Table], Any], who: str = "ann") -> bool:
    """Deal to a tile showing ``box`` after ``prepare``; whether ``skip`` drops its action."""
    board(table, box)
    prepare(table)
    table.play(f"deal {who} left")
    assert table.state.stack, "the box waits for a choice"
    before = table.state.players
    try:
        table.play(f"skip {who}")
    except IllegalMove as error:
        assert error.rule == R_COSTS
        assert table.state.stack and table.state.players == before
        return False
    assert table.state.stack == () and table.state.players == before
    return True


def give(**fields: Any) -> Callable[[Table], None]:
    return lambda table: table.give(table.state.active, **fields)


# (box, how the table is set, can it be left out?)
CASES = {
    # Production Tiles: "You can buy these for 10 money"; 10 tiles of one's own colour.
    "tile, 9 money": ("tile", give(money=9), True),
    "tile, 10 money": ("tile", give(money=10), False),
    "tile, 10 money, none left": ("tile", give(money=10, production=ALL_TILES), True),
    # Build: "If you can't or don't want to build ... add it to the bottom of the pile": a card
    # in hand can always be returned, even without the money to build it.
    "build, empty hand": ("build", give(hand=()), True),
    "build, no money": ("build", give(hand=("SKYHOOK",), money=0), False),
    "prefabricated, empty hand": ("build-free", give(hand=()), True),
    "prefabricated, a card": ("build-free", give(hand=("SKYHOOK",), money=0), False),
    # News Card: the costs are paid first (FARMERS MARKET -plant, BRIBE -3money, COUP -5money).
    "news, none payable": (
        "news",
        lambda t: (t.set(news_up={"I": "FARMERS MARKET", "II": "BRIBE", "III": ""}), t.give("ann", money=2)),
        True,
    ),
    "news, one payable": (
        "news",
        lambda t: (t.set(news_up={"I": "FARMERS MARKET", "II": "BRIBE", "III": ""}), t.give("ann", money=3)),
        False,
    ),
    "news, no card up": ("news", lambda t: t.set(news_up={"I": "", "II": "", "III": ""}), True),
    # Buy a Swindle Tile: 4 tiles; the topmost empty space's cost (test data: 3, 5+plastic...).
    "swindle, 2 money": ("swindle", give(money=2), True),
    "swindle, 3 money": ("swindle", give(money=3), False),
    "swindle, all 4 placed": ("swindle", give(money=50, swindles=("+1", "+1", "-1", "-1")), True),
    "swindle free, no money": ("swindle-free", give(money=0), False),
    "swindle free, all 4 placed": ("swindle-free", give(swindles=("+1", "+1", "-1", "-1")), True),
    # RENOVATIONS, BUILDING EXPORT: destroy one of your constructed buildings.
    "renovate, nothing built": ("renovate", give(buildings=()), True),
    "renovate, headquarters": ("renovate", lambda t: None, False),
    "building export, nothing built": ("export-building", give(buildings=()), True),
    "building export, headquarters": ("export-building", lambda t: None, False),
    # GREEN SMOOTHIE: plants from your warehouse.
    "smoothie, no plant": ("smoothie", give(warehouse={"water": 4}), True),
    "smoothie, 1 plant": ("smoothie", give(warehouse={"plant": 1}), False),
    # CELL REGENERATION: "As usual you must pay the costs of the news card" (BRIBE: 3 money).
    "replay, nothing played": ("replay", give(news=()), True),
    "replay, unpaid": ("replay", give(news=("BRIBE",), money=2), True),
    "replay, paid": ("replay", give(news=("BRIBE",), money=3), False),
    # VACCINATION: a previously placed workie on one of your buildings.
    "vaccinate, none placed": ("vaccinate", give(buildings=(Constructed("TAILOR", ((),)),)), True),
    "vaccinate, one placed": ("vaccinate", give(buildings=(Constructed("TAILOR", (("crafty",),)),)), False),
    # SOLAR ENERGY: a box of another constructed building, its costs paid first (MARKET HALL:
    # -plastic or -water).
    "solar, nothing payable": ("solar", give(buildings=(Constructed("MARKET HALL", ((),)),)), True),
    "solar, payable": (
        "solar",
        give(buildings=(Constructed("MARKET HALL", ((),)),), warehouse={"water": 1}),
        False,
    ),
}


@pytest.mark.parametrize("case", CASES)
def test_only_what_cannot_be_performed_is_left_out(case: str) -> None:
    box, prepare, expected = CASES[case]
    assert left_out(started(), box, prepare) is expected


REAL_TABLE = {
    # ILLEGAL BUILD / UNEXPECTED INHERITANCE: "Draw the top card from the B pile": none left.
    "illegal build, B pile empty": (
        "draw-build-b",
        lambda t: t.set(piles={**t.state.piles, "B": Pile()}),
        True,
    ),
    "illegal build, 1 left": (
        "draw-build-b",
        lambda t: t.set(piles={**t.state.piles, "B": Pile(unseen=1)}),
        False,
    ),
    "inheritance, A pile empty": (
        "draw-build-a",
        lambda t: t.set(piles={**t.state.piles, "A": Pile()}),
        True,
    ),
    # GAME OF CHANCE, SPORTS BET: "Draw 3 votes from the bag": an empty bag.
    "chance, empty bag": ("chance", lambda t: t.set(bag={}), True),
    "chance, 1 vote": ("chance", lambda t: t.set(bag={"red": 1}), False),
    "bet, empty bag": ("bet", lambda t: t.set(bag={}), True),
    "bet, 1 vote": ("bet", lambda t: t.set(bag={"red": 1}), False),
}


@pytest.mark.parametrize("case", REAL_TABLE)
def test_at_a_real_table_only_what_cannot_be_drawn_is_left_out(case: str) -> None:
    box, prepare, expected = REAL_TABLE[case]
    assert left_out(physical(), box, prepare, "you") is expected


def test_a_building_box_whose_costs_cannot_be_paid_is_left_out() -> None:
    """Placing a Workie: a filled work area's box, "as usual, you must first pay any costs":
    MARKET HALL's boxes cost 1 plastic or 1 water."""
    for warehouse, expected in (({}, True), ({"plastic": 1}, False)):
        table = board(started(), "work")
        table.give("ann", buildings=(Constructed("MARKET HALL", ((),)),), warehouse=warehouse)
        table.play("deal ann left", "workie ann crafty@market-hall")
        assert table.state.stack[-1].source == "MARKET HALL"
        if expected:
            table.play("skip ann")
            assert table.state.stack == () and table.p("ann").warehouse == warehouse
        else:
            table.refuse("skip ann", IllegalMove, R_COSTS)


def test_a_building_box_left_out_leaves_the_rest_of_the_deal_to_perform() -> None:
    """Costs and Action Boxes: "You can only perform another action once you have fully
    completed the first one": MARKET HALL's boxes (-plastic, -water) cannot be paid, so its
    choice is left out; the deal's production, under it, is still to perform (board 1's upper
    line, test data: plastic, iridium, plant)."""
    table = board(started(), "work produce")
    table.give("ann", buildings=(Constructed("MARKET HALL", ((),)),), warehouse={})
    table.play("deal ann left", "workie ann crafty@market-hall", "skip ann")
    assert [f.source for f in table.state.stack] == ["left TEST LEFT"]
    assert [s.items[0].symbol for s in table.state.stack[-1].slots] == ["produce"]
    table.play("produce ann upper")
    assert table.state.stack == () and table.p("ann").warehouse == {"plastic": 1, "iridium": 1, "plant": 1}


def test_solar_energy_uses_another_building_not_its_own() -> None:
    """SOLAR ENERGY: "a single action box on one of your other constructed buildings": the
    Power Plant's own boxes (no costs) do not count, and MARKET HALL's (-plastic, -water)
    cannot be paid: left out, then the futurist step."""
    table = board(started(), "work")
    table.give(
        "ann", buildings=(Constructed("POWER PLANT", (("brainy",),)), Constructed("MARKET HALL", ((),)))
    )
    table.play("deal ann left", "workie ann crafty@power-plant", "box ann 1", "skip ann")
    assert table.state.stack == () and table.p("ann").money == 10
    assert table.p("ann").factions["futurist"] == 1


def test_vaccination_not_from_the_hospital_itself() -> None:
    """VACCINATION: "Return 1 previously-placed workie on one of your buildings to your supply
    (not from the hospital itself)": with workies only on the Hospital it is left out."""
    table = board(started(), "work")
    table.give("ann", buildings=(Constructed("HOSPITAL", (("crafty",), ("brainy",))),))
    table.play("deal ann left", "workie ann brainy@hospital.1")
    table.play("box ann 1", "skip ann")  # VACCINATION left out, then 1 futurist step
    assert table.state.stack == () and table.p("ann").factions["futurist"] == 1
    assert table.p("ann").buildings[0].placed == (("crafty", "brainy"), ("brainy",))


def test_a_law_whose_president_part_cannot_be_paid_is_left_out() -> None:
    """Offices, President: the President takes the "President" part of the chosen box, paying
    its costs first; the "All Others" part is not the President's to pay. A law (declared for
    this test) whose President parts both cost 20 money, with 10 money: left out."""
    table = started()
    table.face(
        Law(name="DEAR LAW", colour="yellow", left=("-20money 5vp", "money"), right=("-20money 3vp", "money"))
    )
    yellow = table.state.piles["yellow"]
    table.set(piles={**table.state.piles, "yellow": replace(yellow, known=("DEAR LAW", *yellow.known))})
    table.give("ann", office="president")
    table.play("office ann")
    assert table.state.stack[-1].card == "DEAR LAW"
    table.play("skip ann")
    assert table.state.stack == () and table.p("ann").money == 10
    assert all(table.p(n).money == 10 for n in ("ben", "cat", "dan"))


def test_two_actions_that_cannot_be_performed_are_both_left_out() -> None:
    """With no money, neither the tile (10) nor the swindle tile (3) can be bought: both are
    left out and the production between them stays to perform."""
    table = board(started(), "tile produce swindle")
    table.give("ann", money=0)
    table.play("deal ann left", "skip ann")
    assert [s.items[0].symbol for s in table.state.stack[-1].slots] == ["produce"]
    table.play("produce ann upper")
    assert table.state.stack == () and table.p("ann").warehouse == {"plastic": 1, "iridium": 1, "plant": 1}
