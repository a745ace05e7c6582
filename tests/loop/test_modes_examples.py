"""The worked examples LOOP prints in 4.0 to 9.0, each a test (expected values from the text).

The modes' setup is a real table's: the table types the CAREER dealt, the starting MATERIAL,
the CONSUME AREA and the EVENT flipped (``tests.loop.modes_table.begun``).
"""

from __future__ import annotations

import pytest

import ledger.games.loop as loop
from ledger.errors import IllegalMove
from ledger.games.loop.model import Changed, EventDrawn
from tests.loop.modes_table import Competitive, begun, out


def test_scholar_starts_with_2_coin_a_quality_2_material_and_1_reputation() -> None:
    """5.0: "SCHOLAR starts with 2 COIN, 1 random MATERIAL at QUALITY 2, and 1 REPUTATION"."""
    table = begun(careers={"alice": "scholar"}, starts={"alice": "metal"})
    alice = table.p("alice")
    assert (alice.career, alice.happiness, alice.coin, alice.reputation) == ("SCHOLAR", 3, 2, 1)
    assert alice.materials == (("metal", 2),)


def test_scholar_works_for_6_coin_and_2_happiness() -> None:
    """5.0: "When SCHOLAR WORK, she will gain 6 COIN and lose 2 HAPPINESS"."""
    table = begun(careers={"alice": "scholar"})
    table.play("work alice")
    alice = table.p("alice")
    assert (alice.coin, alice.happiness) == (2 + 6, 3 - 2)


def test_scientist_starts_with_2_material_at_quality_1() -> None:
    """5.0: "[2 MATERIAL icons] means 2 MATERIAL each at QUALITY 1" (SCIENTIST, 8.0)."""
    table = begun(careers={"alice": "scientist"}, starts={"alice": "food glass"})
    alice = table.p("alice")
    assert alice.materials == (("food", 1), ("glass", 1))
    assert (alice.happiness, alice.coin, alice.reputation) == (3, 0, 1)


def test_scientist_is_dealt_2_starting_material_not_1() -> None:
    table = Competitive(2)
    table.play("reveal career alice scientist scholar", "reveal career bob tycoon banker")
    table.play("career alice scientist", "career bob intern")
    error = table.refuse("reveal material food metal glass --to alice", IllegalMove)
    assert "alice already has the 2 starting MATERIAL of their CAREER (5.1)" in str(error)
    table.play("reveal material food glass --to alice")
    assert table.p("alice").materials == (("food", 1), ("glass", 1))


def test_happiness_4_to_10_draws_2_event() -> None:
    """5.3: "If your token moves across 2 zones, as shown below from HAPPINESS 4 to 10, you draw
    2 EVENT" (zones 0-4, 5-8, 9-12, the default)."""
    table = begun()
    table.give("alice", happiness=4)
    facts = out(table)
    facts.add(Changed("alice", "test", happiness=6))
    assert [e for e in facts.events if isinstance(e, EventDrawn)] == [EventDrawn("alice", "?")] * 2
    assert len(facts.state.players["alice"].events) == 2


@pytest.mark.parametrize("zones", ["4,8", "4,9"])
def test_happiness_4_to_10_draws_2_event_in_either_zone_reading(zones: str) -> None:
    """The picture of the zones is missing: both readings put 4 and 10 two zones apart."""
    table = begun(zones=zones)
    table.give("alice", happiness=4)
    facts = out(table)
    facts.add(Changed("alice", "test", happiness=6))
    assert len(facts.state.players["alice"].events) == 2


def test_a_drop_into_a_lower_zone_draws_too_and_happiness_0_is_in_the_lowest() -> None:
    """5.3: "either from gaining or losing HAPPINESS"; HAPPINESS 0 is in the zone of 1 to 4."""
    table = begun()
    table.give("alice", happiness=5)
    facts = out(table)
    facts.add(Changed("alice", "test", happiness=-1))
    assert len(facts.state.players["alice"].events) == 1
    facts.add(Changed("alice", "test", happiness=-4))  # 4 to 0: the same zone
    assert len(facts.state.players["alice"].events) == 1


def test_the_zones_option_moves_the_upper_boundary() -> None:
    """Option zones=4,9: 0-4, 5-9, 10-12; HAPPINESS 8 to 9 stays in the middle zone."""
    for zones, drawn in (("4,8", 1), ("4,9", 0)):
        table = begun(zones=zones)
        table.give("alice", happiness=8)
        facts = out(table)
        facts.add(Changed("alice", "test", happiness=1))
        assert len(facts.state.players["alice"].events) == drawn, zones


def test_five_material_in_landfill_cost_1_happiness() -> None:
    """5.5: "Lose 1 HAPPINESS if you end game with 5 MATERIAL in LANDFILL"."""
    table = begun()
    table.give("alice", happiness=7, landfill=("food", "glass", "metal", "plastic", "utility"))
    table.give("bob", happiness=7, landfill=("food", "glass"))
    table.set(phase="over")
    sheet = loop.score(table.state)
    lines = {line.player: line.categories for line in sheet.lines}
    assert (lines["alice"]["landfill-penalty"], lines["alice"]["happiness"]) == (-1, 6)
    assert (lines["bob"]["landfill-penalty"], lines["bob"]["happiness"]) == (0, 7)
    assert sheet.winners == ["bob"]
    assert "alice: LANDFILL Penalty -1, 5 MATERIAL in LANDFILL (LOOP 5.5)" in sheet.notes


def test_debt_penalty_2_happiness_per_card_not_paid_off() -> None:
    """5.4: "Lose 2 HAPPINESS per CREDIT CARD that is not PAYOFF at game end"."""
    table = begun()
    table.give("alice", happiness=9, credit=((4, 0), (0, 0)))
    table.set(phase="over")
    line = next(line for line in loop.score(table.state).lines if line.player == "alice")
    assert (line.categories["debt"], line.categories["happiness"]) == (-4, 5)


def test_landfill_tax_when_p1_shares_p3s_glass_at_quality_1() -> None:
    """9.0 LANDFILL TAX: "P1 SHARE P3's GLASS at QUALITY 1. The GLASS is BROKEN and is sent to
    P3's LANDFILL. P3 loses 1 COIN"."""
    table = begun(players=3)
    table.set(event_active="LANDFILL TAX", consume_area=("DANCE", "LIBRARY", "PICNIC", "PICNIC", "COOKING"))
    table.give("alice", materials=(("plastic", 2),), hand=("share",))
    table.give("carol", materials=(("glass", 1),), coin=3)
    table.play("favour alice share carol glass@1", "accept carol")
    table.play("consume alice dance=carol:glass,plastic")
    carol = table.p("carol")
    assert carol.landfill == ("glass",)
    assert carol.coin == 3 - 1
    assert table.p("alice").landfill == ()


def test_micro_plastic_food_pays_as_plastic() -> None:
    """9.0 MICRO-PLASTIC: "Player may use FOOD as PLASTIC"."""
    table = begun()
    table.set(event_active="MICRO PLASTIC")
    table.give("alice", materials=(("food", 2), ("glass", 1)))
    table.play("consume alice dance=glass,food")
    assert table.p("alice").materials == (("food", 1),)
    assert [k.name for k in table.p("alice").kept] == ["DANCE"]


def test_micro_plastic_no_activity_requiring_food() -> None:
    """9.0 MICRO-PLASTIC: "but cannot CONSUME ACTIVITY requiring FOOD"."""
    table = begun()
    table.set(event_active="MICRO PLASTIC")
    table.give("alice", materials=(("food", 2), ("utility", 1)))
    table.refuse("consume alice cooking=food,utility", IllegalMove, "LOOP 9.0 Micro-Plastic")


def test_the_2nd_semi_mid_season_sales_glass_1_and_food_2_for_2_coin() -> None:
    """9.0: "Pay 2 COIN to BUY 1 GLASS at QUALITY 1 and 1 FOOD at QUALITY 2"."""
    table = begun()
    table.set(event_active="THE 2ND SEMI MID SEASON SALES")
    table.give("alice", coin=2, materials=())
    table.play("buy alice glass:1 food:2")
    alice = table.p("alice")
    assert alice.coin == 0
    assert alice.materials == (("food", 2), ("glass", 1))


def test_the_sales_without_the_event_cost_3() -> None:
    table = begun()
    table.give("alice", coin=2, materials=())
    table.refuse("buy alice glass:1 food:2", IllegalMove, "LOOP 2.2 b) BUY")


def test_hidden_clause_moves_1_coin_from_each_card_to_the_work_area() -> None:
    """9.0 HIDDEN CLAUSE: "Move 1 COIN from each CREDIT CARD to WORK AREA"."""
    from ledger.games.loop.rules.events import IMMEDIATE

    table = begun()
    table.give("alice", credit=((3, 0), (1, 0), (0, 0)))
    table.give("bob", credit=((2, 0),))
    facts = out(table)
    hidden = IMMEDIATE["HIDDEN CLAUSE"].now
    assert hidden is not None
    hidden(facts, "alice")
    state = facts.state
    assert state.players["alice"].credit == ((2, 0), (0, 0), (0, 0))
    assert state.players["bob"].credit == ((1, 0),)


def test_an_apply_forced_by_an_immediate_event_with_no_coin() -> None:
    """5.4: "You must APPLY for a CREDIT CARD when you have no COIN to pay for an IMMEDIATE
    EVENT" (INSURANCE: lose 1 COIN, with none)."""
    table = begun()
    table.give("alice", coin=0)
    table.give("bob", coin=0)
    table.set(current="INSURANCE", resolving=("alice", "bob"), phase="refill", ending="events")
    table.play("event alice lose")
    assert [o.player for o in table.state.owed] == ["alice"]
    assert loop.to_act(table.state) == ["alice"]
    assert {loop.text(m).split()[0] for m in loop.legal(table.state)} == {"apply"}
    table.play("apply alice glass")
    alice = table.p("alice")
    # +4 COIN and a QUALITY 1 MATERIAL as the Welcoming Gift, then the 1 COIN owed paid
    assert alice.coin == 4 - 1 and ("glass", 1) in alice.materials and len(alice.credit) == 1
    assert not table.state.owed
