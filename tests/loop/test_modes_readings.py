"""A test per reading docs/loop.md's rules notes take where 5.0 to 9.0 are unclear (those not
already tested with their CAREER or EVENT)."""

from __future__ import annotations

from ledger.errors import IllegalMove
from ledger.games.loop import data
from tests.loop.modes_table import begun


def test_salesman_in_cooperative_a_favour_taking_effect_counts_as_accepted() -> None:
    """8.0 SALESMAN names ACCEPT, which Cooperative has not: his ACQUIRE taking effect pays."""
    table = begun("cooperative", careers={"alice": "salesman"})
    table.give("alice", coin=3)
    table.give("bob", materials=(("metal", 2),))
    table.play("favour alice acquire bob metal")
    assert table.p("alice").coin == 3 - 2 + 1


def test_scientists_landfill_card_counts_toward_the_3() -> None:
    table = begun(careers={"alice": "scientist"}, starts={"alice": "food glass"})
    table.give("alice", coin=10)
    table.give("bob", landfill=("utility",))
    table.play("buy alice food:1 glass:1 bob:utility:1")
    table.refuse("buy alice metal:1", IllegalMove, "LOOP 2.2 b) BUY")


def test_bad_debt_forbids_the_office_ladys_buy_too() -> None:
    table = begun(careers={"alice": "office-lady"})
    table.set(event_active="BAD DEBT")
    table.give("alice", credit=((0, 0),))
    table.play("work alice")
    table.refuse("buy alice glass:1", IllegalMove, "LOOP 9.0 Bad Debt")


def test_everything_is_online_paying_off_is_not_spending() -> None:
    table = begun()
    table.set(event_active="EVERYTHING IS ONLINE")
    table.give("alice", credit=((0, 0),), coin=2)
    table.play("payoff alice 1")
    assert table.p("alice").credit == ((1, 1),)


def test_economic_slowdown_salary_not_below_0() -> None:
    """FREELANCER's +2 SALARY less 1 is 1; the reading never takes COIN held."""
    table = begun(careers={"alice": "freelancer"})
    table.set(event_active="ECONOMIC SLOWDOWN")
    table.play("work alice --salary 2")
    assert table.p("alice").coin == 2 + 2 - 1


def test_nurse_reputation_stops_at_the_cap_and_the_gift_still_goes() -> None:
    table = begun(careers={"alice": "nurse"})
    table.give("alice", hand=("share",), reputation=data.MAX_REPUTATION)  # 1.1: "up to 2"
    before = len(table.p("bob").hand)
    table.play("ability alice care bob share")
    assert table.p("alice").reputation == data.MAX_REPUTATION and len(table.p("bob").hand) == before + 1


def test_the_sales_halve_the_card_with_the_largest_saving_rounded_up() -> None:
    """THE 2ND SEMI MID-SEASON SALES: GLASS at 3 costs 2 (half of 3, rounded up), FOOD at 1
    costs 1: 3 COIN for both."""
    table = begun()
    table.set(event_active="THE 2ND SEMI MID SEASON SALES")
    table.give("alice", coin=3, materials=())
    table.play("buy alice glass:3 food:1")
    assert table.p("alice").coin == 0


def test_the_sales_apply_to_the_turns_first_buy_only() -> None:
    table = begun()
    table.set(event_active="THE 2ND SEMI MID SEASON SALES")
    table.give("alice", coin=4, materials=())
    table.play("buy alice glass:2")  # 1 COIN
    table.play("buy alice food:2")  # 2 COIN: the sale is spent
    assert table.p("alice").coin == 4 - 1 - 2


def test_combustion_energy_takes_every_player_tied_for_the_least() -> None:
    from ledger.games.loop.rules.events import IMMEDIATE
    from tests.loop.modes_table import out

    table = begun(players=3)
    for name in ("alice", "bob"):
        table.give(name, happiness=2, landfill=("glass",))
    table.give("carol", happiness=5, landfill=("glass",))
    facts = out(table)
    now = IMMEDIATE["COMBUSTION ENERGY"].now
    assert now is not None
    now(facts, "alice")
    players = facts.state.players
    assert players["alice"].landfill == () and players["bob"].landfill == ()
    assert players["carol"].landfill == ("glass",)


def test_red_gown_compares_with_the_highest_quality_held_when_typed() -> None:
    table = begun()
    table.set(event_active="RED GOWN")
    table.give("alice", coin=8, materials=())
    table.play("buy alice glass:1 metal:4")  # nothing held when typed: any QUALITY
    table.refuse("buy alice food:3", IllegalMove, "LOOP 9.0 Red Gown")


def test_vulgarian_at_each_consume_move() -> None:
    table = begun()
    table.set(event_active="VULGARIAN")
    table.give("alice", coin=4, materials=(("glass", 2), ("plastic", 2), ("food", 1), ("utility", 1)))
    table.play("consume alice dance=glass,plastic")
    table.give("alice", coin=3)
    table.refuse("consume alice picnic=food,utility", IllegalMove, "LOOP 9.0 Vulgarian")


def test_overproduction_taking_the_last_cards_penalises_its_triggerer() -> None:
    """Reading: a DEPLETION that OVERPRODUCTION causes is its triggerer's DEPLETION Penalty."""
    table = begun()
    table.give("alice", events=("?",), happiness=6)
    table.play("work alice", "end alice")
    table.set(material_deck=("food", "glass"))
    table.play("reveal event overproduction", "reveal material food glass")
    assert table.state.depleted and table.state.final_round == "depletion"
    assert table.p("alice").depletion == 1 and table.p("alice").happiness == 6 - 1 - 1


def test_skinner_box_refill_taking_the_last_card_penalises_the_active_player() -> None:
    table = begun()
    table.set(event_active="SKINNER BOX", material_deck=("metal",))
    table.give("alice", coin=3, happiness=6)
    table.play("buy alice glass:1")  # the one card left is known: the referee flips it (issue 17)
    assert table.state.material_deck == () and "metal" in table.state.buy_area
    assert table.state.depleted and table.p("alice").depletion == 1
    assert table.p("alice").happiness == 5


def test_an_empty_event_deck_is_refilled_from_the_discard_less_the_event_in_effect() -> None:
    """Reading: as 2.2 refills the FAVOUR deck; with nothing to shuffle no EVENT is drawn."""
    from ledger.games.loop.model import Changed
    from tests.loop.modes_table import out

    table = begun()
    table.set(event_deck=(), event_discard=("OVERTIME", "THE GAP"), event_active="OVERTIME")
    table.give("alice", happiness=4)
    facts = out(table)
    facts.add(Changed("alice", "test", happiness=1))
    assert len(facts.state.players["alice"].events) == 1
    assert facts.state.event_discard == ("OVERTIME",)
    table.set(event_deck=(), event_discard=("OVERTIME",))
    facts = out(table)
    facts.add(Changed("alice", "test", happiness=1))
    assert facts.state.players["alice"].events == ()
