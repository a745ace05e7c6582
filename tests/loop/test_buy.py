"""LOOP 2.2 b) BUY and 2.5 b) REPUTATION for QUALITY, with what changes a BUY: CHEF's Supersize,
SCIENTIST's LANDFILL card (8.0), BOGOF and THE 2ND SEMI MID-SEASON SALES (9.0). Each expected
COIN is worked from the rulebook's text, in the test's docstring."""

from __future__ import annotations

import pytest

import ledger.games.loop as loop
from ledger.errors import IllegalMove
from ledger.games.loop.model import Buy
from tests.loop.modes_table import begun
from tests.loop.table import Table, started

SALES = "THE 2ND SEMI MID SEASON SALES"

# --- CHEF: "When you BUY or RECYCLE FOOD, you get double the QUALITY than COIN you paid" (8.0),
# and 2.5 b: "You must pay at least 1 COIN for each MATERIAL".


def test_chef_pays_half_for_the_food_and_full_for_the_rest() -> None:
    """FOOD at 2 is 1 COIN (Supersize), METAL at 3 is 3 COIN (2.2 b): 4 COIN, not 3."""
    table = begun(careers={"alice": "chef"})
    table.set(buy_area=("food", "metal"))
    table.give("alice", coin=3, materials=())
    table.refuse("buy alice food:2 metal:3", IllegalMove, "LOOP 2.2 b) BUY")
    table.give("alice", coin=4)
    table.play("buy alice food:2 metal:3")
    assert table.p("alice").coin == 0


def test_chef_pays_the_least_coin_reputation_can_make() -> None:
    """FOOD at 4 for 2 COIN (Supersize) and METAL at 3 for 1 COIN and 2 REPUTATION (2.5 b): 3
    COIN, where 1 COIN and 2 REPUTATION for the FOOD would leave the METAL at 3 COIN."""
    table = begun(careers={"alice": "chef"})
    table.set(buy_area=("food", "metal"))
    table.give("alice", coin=3, reputation=2, materials=())
    table.play("buy alice food:4 metal:3 --rep 2")
    assert (table.p("alice").coin, table.p("alice").reputation) == (0, 0)


def test_chef_spends_no_reputation_a_card_at_1_coin_cannot_take() -> None:
    """FOOD at 2 is its 1 COIN (no REPUTATION fits), METAL at 3 takes 2 REPUTATION at most (1
    COIN each, 2.5 b): 3 REPUTATION is refused."""
    table = begun(careers={"alice": "chef"})
    table.set(buy_area=("food", "metal"))
    table.give("alice", coin=9, reputation=3, materials=())
    table.refuse("buy alice food:2 metal:3 --rep 3", IllegalMove, "LOOP 8.0 Chef")


# --- THE 2ND SEMI MID-SEASON SALES: "choose 1 of the MATERIAL you BUY and only pay half the COIN
# for its QUALITY" (9.0); the half rounded up, as the other readings of this card (a card at 1
# cannot cost 0: 2.5 b's 1 COIN at least).


@pytest.mark.parametrize(("quality", "coin"), [(1, 1), (2, 1), (3, 2), (4, 2)])
def test_the_sales_halve_a_card_rounded_up(quality: int, coin: int) -> None:
    table = begun()
    table.set(event_active=SALES, buy_area=("metal",))
    table.give("alice", coin=4, materials=())
    table.play(f"buy alice metal:{quality}")
    assert table.p("alice").coin == 4 - coin


def test_the_sales_are_not_spent_on_a_buy_they_take_nothing_off() -> None:
    """Reading: a BUY of cards at 1 COIN halves nothing (half of 1, rounded up, is 1), so the
    turn's next BUY still chooses its card: METAL at 4 for 2 COIN."""
    table = begun()
    table.set(event_active=SALES, buy_area=("glass", "metal"))
    table.give("alice", coin=3, materials=())
    table.play("buy alice glass:1", "buy alice metal:4")
    assert table.p("alice").coin == 0


# --- SCIENTIST: "In your BUY turn, may BUY any 1 MATERIAL (including UTILITY) from any
# LANDFILL, including your own" (8.0).


def test_scientist_buys_from_a_landfill_what_the_buy_area_lacks() -> None:
    table = begun(careers={"alice": "scientist"}, starts={"alice": "food glass"})
    table.set(buy_area=("glass",))
    table.give("alice", coin=3)
    table.give("bob", landfill=("utility",))
    table.play("buy alice bob:utility:3")
    assert ("utility", 3) in table.p("alice").materials and table.state.buy_area == ("glass",)


def test_scientist_buys_only_what_the_landfill_holds() -> None:
    table = begun(careers={"alice": "scientist"}, starts={"alice": "food glass"})
    table.set(buy_area=("utility",))
    table.give("alice", coin=3)
    table.give("bob", landfill=("glass",))
    error = table.refuse("buy alice bob:utility:3", IllegalMove, "LOOP 8.0 Scientist")
    assert error.legal == "it holds glass"


def test_scientist_buys_the_rest_from_the_buy_area() -> None:
    """The other cards of the BUY come from the BUY AREA (2.2 b): METAL it lacks is refused."""
    table = begun(careers={"alice": "scientist"}, starts={"alice": "food glass"})
    table.set(buy_area=("glass",))
    table.give("alice", coin=5)
    table.give("bob", landfill=("utility",))
    table.refuse("buy alice metal:2 bob:utility:3", IllegalMove, "LOOP 2.2 b) BUY")


def test_solo_scientist_buys_from_the_central_landfill() -> None:
    """Solo Mode (7.0) puts BROKEN cards in the central LANDFILL: "any LANDFILL" includes it."""
    table = begun("solo", careers={"alice": "scientist"}, starts={"alice": "food glass"})
    table.set(central=("utility",))
    table.give("alice", coin=2)
    table.play("buy alice central:utility:2")
    assert ("utility", 2) in table.p("alice").materials and table.state.central == ()


def test_solo_scientist_buys_from_her_own_landfill() -> None:
    """8.0 SCIENTIST "including your own": in Solo Mode too, beside the central LANDFILL."""
    table = begun("solo", careers={"alice": "scientist"}, starts={"alice": "food glass"})
    table.set(central=("glass",))
    table.give("alice", coin=1, landfill=("metal",))
    table.play("buy alice alice:metal:1")
    assert ("metal", 1) in table.p("alice").materials and table.p("alice").landfill == ()


# --- BOGOF: "For every MATERIAL you BUY, you must take 1 MATERIAL at QUALITY 1 from the BUY AREA
# if there is any" (9.0).


def test_bogof_owes_nothing_when_the_buy_area_is_left_empty() -> None:
    table = begun()
    table.set(event_active="BOGOF", buy_area=("glass",))
    table.give("alice", coin=1, materials=())
    table.play("buy alice glass:1")
    assert table.p("alice").materials == (("glass", 1),) and table.state.buy_area == ()


def test_bogof_takes_the_free_card_from_the_buy_area() -> None:
    table = begun()
    table.set(event_active="BOGOF", buy_area=("glass", "metal"))
    table.give("alice", coin=1, materials=())
    table.refuse("buy alice glass:1 --free food", IllegalMove, "LOOP 9.0 BOGOF (Buy 1 Get 1 Free)")


def test_legal_lists_a_scientists_buy_from_each_landfill_at_each_quality() -> None:
    """8.0 SCIENTIST: "BUY 1 MATERIAL from any LANDFILL (including your own)", at any QUALITY
    (2.2 b: 1 to 4): legal lists, for each card type each LANDFILL holds, a BUY of it at
    QUALITY 1 to 4 naming that LANDFILL; in Solo Mode the central one too. Nobody else's BUY
    names a LANDFILL."""

    def scraps(table: Table) -> set[tuple[str, str, int]]:
        return {
            (m.scrap.owner, m.scrap.type, m.cards[-1][1])
            for m in loop.legal(table.state, "alice")
            if isinstance(m, Buy) and m.scrap is not None
        }

    table = begun(careers={"alice": "scientist"}, starts={"alice": "food glass"})
    table.give("alice", coin=5, landfill=("metal",))
    table.give("bob", landfill=("utility", "utility", "glass"))
    every = {
        (owner, kind, q)
        for owner, kind in (("alice", "metal"), ("bob", "glass"), ("bob", "utility"))
        for q in range(1, 5)
    }
    assert scraps(table) == every
    solo = begun("solo", careers={"alice": "scientist"}, starts={"alice": "food glass"})
    solo.set(central=("plastic",))
    solo.give("alice", coin=5, landfill=())
    assert scraps(solo) == {("central", "plastic", q) for q in range(1, 5)}
    other = begun(careers={"alice": "salesman"})
    other.give("alice", coin=5, landfill=("metal",))
    assert scraps(other) == set()


def test_legal_lists_a_buy_of_two_at_quality_4_with_the_coin_for_it() -> None:
    """2.2 b): "COIN you decide to pay for each MATERIAL (1 to 4)": with 10 COIN, outside Basic
    Mode too, 2 MATERIAL at QUALITY 4 (8 COIN) is a BUY listed."""
    table = begun()
    table.give("alice", coin=10)
    listed = {loop.text(m) for m in loop.legal(table.state, "alice") if isinstance(m, Buy)}
    assert {"buy alice glass:4 metal:4", "buy alice food:4 utility:4"} <= listed


def test_legal_lists_the_buys_a_chef_or_the_sales_pay_less_for() -> None:
    """8.0 CHEF: FOOD at QUALITY 4 for 2 COIN (Supersize), and 9.0 THE 2ND SEMI MID-SEASON
    SALES: METAL at 4 for 2 COIN, are BUYs listed, though the QUALITY is past the COIN held;
    nothing past what ``decide`` accepts is."""
    chef = begun(careers={"alice": "chef"})
    chef.set(buy_area=("food", "metal"))
    chef.give("alice", coin=2, reputation=0)
    sales = begun()
    sales.set(event_active=SALES, buy_area=("food", "metal"))
    sales.give("alice", coin=2, reputation=0)
    for table, cheap in ((chef, "food:4"), (sales, "metal:4")):
        buys = [m for m in loop.legal(table.state, "alice") if isinstance(m, Buy)]
        assert f"buy alice {cheap}" in {loop.text(m) for m in buys}
    assert "buy alice metal:4" not in {loop.text(m) for m in loop.legal(chef.state, "alice")}


def test_legal_lists_each_buy_of_two_once_with_the_least_and_most_reputation() -> None:
    """2.2 b): "You may BUY up to 3 MATERIAL in 1 turn. COIN you decide to pay for each MATERIAL
    (1 to 4) ... is equal to its QUALITY"; 2.5 b): "Spend a REPUTATION to get an extra QUALITY
    for any MATERIAL ... You must pay at least 1 COIN for each MATERIAL". Alice has 4 COIN and 1
    REPUTATION before a BUY AREA of GLASS, GLASS, FOOD: every pair of cards at each QUALITY she
    can pay is listed once (two GLASS at 1 and 2 is one BUY, not two), with the least and the
    most REPUTATION she may spend on it."""
    table = started()
    table.set(buy_area=("glass", "glass", "food"))
    table.give("alice", coin=4, reputation=1)
    expected = set()
    for first, second in (("food", "glass"), ("glass", "glass")):
        for q1 in range(1, 5):
            for q2 in range(q1 if first == second else 1, 5):
                total = q1 + q2
                # REPUTATION r: the COIN paid (total - r) at most 4, and at least 1 a card
                spends = [r for r in range(0, 2) if total - r <= 4 and total - r >= 2]
                for rep in {min(spends), max(spends)} if spends else ():
                    expected.add(f"buy alice {first}:{q1} {second}:{q2}" + (f" --rep {rep}" if rep else ""))
    listed = [loop.text(m) for m in table.listed() if isinstance(m, Buy) and len(m.cards) == 2]
    assert len(listed) == len(set(listed))  # no BUY twice
    assert set(listed) == expected
    some = {"buy alice glass:2 glass:2", "buy alice food:2 glass:1", "buy alice food:1 glass:4 --rep 1"}
    assert some <= expected
    assert "buy alice glass:2 glass:1" not in expected and "buy alice food:1 glass:3" in expected
