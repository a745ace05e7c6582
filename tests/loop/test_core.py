"""What every LOOP rule leans on (``rules/core``), each read from the rulebook: who must answer a
FAVOUR (8.0 LAWYER), whether a CONSUME is still possible after an early GOAL (2.3, with 9.0
MICRO-PLASTIC and 8.0 CRAFTSMAN's Forge), COIN charged with exactly enough in hand (5.4, 9.0
LANDFILL TAX), BUY MORE EARN MORE over two BUYs, the EVENT deck refilled from its discard pile
with virtual decks (5.3), what the table is asked to reveal at setup, and shuffles that follow
the seed.

Test-deck faces used here: DANCE glass+plastic; PICNIC food+utility; LIBRARY glass+glass;
COOKING food+food. A GOAL claimed before any CONSUME needs a CONSUME possible then (2.3: the
GOAL is placed "during your CONSUME turn")."""

from __future__ import annotations

from msgspec.structs import replace

import ledger.games.loop as loop
from ledger.errors import BadInput, IllegalMove, NotYourTurn
from ledger.games.loop import shuffles
from ledger.games.loop.model import EventDrawn, EventsReshuffled, Kept, Owing, Paid, Work
from tests.loop.modes_table import Competitive, begun, virtual
from tests.loop.table import Table, started

PICNIC = Kept("PICNIC", ("food", "utility"))


# --- 8.0 LAWYER: who is waited for while a FAVOUR awaits its answer


def test_a_lawyer_holding_a_favour_is_waited_for_beside_the_target() -> None:
    """8.0 LAWYER: "You may discard any 1 FAVOUR to REJECT a FAVOUR, even if that FAVOUR is not
    targeting you": while alice's ACQUIRE awaits bob's answer, carol (a LAWYER with a FAVOUR)
    may act too; dave (an INTERN) may not, nor a LAWYER with no FAVOUR to discard."""
    careers = {"alice": "engineer", "bob": "nurse", "carol": "lawyer", "dave": "soldier"}
    table = begun(careers=careers, players=4)
    table.give("alice", hand=("acquire",), coin=3)
    table.give("bob", materials=(("metal", 2),))
    table.give("carol", hand=("share",))
    table.give("dave", hand=("share",))
    table.play("favour alice acquire bob metal")
    assert loop.to_act(table.state) == ["bob", "carol"]
    table.give("carol", hand=())
    assert loop.to_act(table.state) == ["bob"]


def test_the_lawyer_who_played_the_favour_is_not_waited_for() -> None:
    """8.0 LAWYER's Objection REJECTs another's FAVOUR: alice, a LAWYER, plays one to bob, and
    only bob is waited for."""
    table = begun(careers={"alice": "lawyer"}, players=3)
    table.give("alice", hand=("acquire", "share"), coin=3)
    table.give("bob", materials=(("metal", 2),))
    table.play("favour alice acquire bob metal")
    assert loop.to_act(table.state) == ["bob"]


# --- 2.3: a GOAL before any CONSUME needs a CONSUME possible, whatever pays for it


def test_an_early_goal_counts_food_as_plastic_under_micro_plastic() -> None:
    """9.0 MICRO-PLASTIC: "Player may use FOOD as PLASTIC": alice's GLASS and FOOD pay for DANCE
    (GLASS and PLASTIC), so she may claim HOBBY (2 kept PICNIC) before consuming; without the
    EVENT they pay for no ACTIVITY of the CONSUME AREA."""
    table = begun()
    table.give("alice", kept=(PICNIC, PICNIC), materials=(("glass", 2), ("food", 2)))
    table.refuse("goal alice hobby", IllegalMove, "LOOP 2.3 Achieving GOAL")
    table.set(event_active="MICRO PLASTIC")
    table.play("goal alice hobby")
    assert table.p("alice").achieved == ("HOBBY",)
    table.play("consume alice dance=glass,food")
    assert [k.name for k in table.p("alice").kept][-1] == "DANCE"


def test_no_early_goal_under_micro_plastic_when_only_an_activity_requiring_food_is_paid_for() -> None:
    """9.0 MICRO-PLASTIC: "cannot CONSUME ACTIVITY requiring FOOD": alice's FOOD and UTILITY pay
    for PICNIC, so HOBBY may come first; under the EVENT no CONSUME is possible, so it may not."""
    table = begun()
    table.give("alice", kept=(PICNIC, PICNIC), materials=(("food", 2), ("utility", 2)))
    assert "goal" in loop.view(table.state).verbs
    table.set(event_active="MICRO PLASTIC")
    table.refuse("goal alice hobby", IllegalMove, "LOOP 2.3 Achieving GOAL")
    assert "goal" not in loop.view(table.state).verbs


def test_an_early_goal_counts_a_forged_card_as_its_forged_type() -> None:
    """8.0 CRAFTSMAN: "make 1 of your or other player's MATERIAL into any non-FOOD MATERIAL for
    your entire turn": alice's FOOD forged into PLASTIC pays for DANCE with her GLASS, so HOBBY
    may be claimed before the CONSUME."""
    table = begun(careers={"alice": "craftsman"})
    table.give("alice", kept=(PICNIC, PICNIC), materials=(("glass", 2), ("food", 2)))
    table.refuse("goal alice hobby", IllegalMove, "LOOP 2.3 Achieving GOAL")
    table.play("ability alice forge food@2 plastic", "goal alice hobby")
    assert table.p("alice").achieved == ("HOBBY",)


def test_the_forge_makes_only_1_of_2_identical_cards_another_type() -> None:
    """8.0 CRAFTSMAN: "make 1 of your or other player's MATERIAL into any non-FOOD MATERIAL":
    of alice's 2 FOOD at QUALITY 2, the one forged into GLASS is GLASS and the other still FOOD,
    so neither COOKING (2 FOOD) nor LIBRARY (2 GLASS) can be paid for and no GOAL comes first."""
    table = begun(careers={"alice": "craftsman"})
    table.give("alice", kept=(PICNIC, PICNIC), materials=(("food", 2), ("food", 2)))
    table.play("ability alice forge food@2 glass")
    table.refuse("goal alice hobby", IllegalMove, "LOOP 2.3 Achieving GOAL")


# --- 5.4: COIN charged when exactly enough is in hand


def test_landfill_tax_is_paid_with_the_last_coin() -> None:
    """9.0 LANDFILL TAX: "loses 1 COIN per MATERIAL sent to his own LANDFILL. If he cannot afford
    to pay, he must APPLY for a CREDIT CARD": with 1 COIN for 1 card he can, and pays it."""
    table = begun()
    table.set(event_active="LANDFILL TAX")
    table.give("alice", coin=1, materials=(("glass", 1), ("plastic", 2)))
    events = table.play("consume alice dance=glass,plastic")
    assert any(isinstance(e, Paid) for e in events) and not any(isinstance(e, Owing) for e in events)
    assert table.p("alice").coin == 0 and table.state.owed == ()
    assert table.p("alice").landfill == ("glass",)


# --- 9.0 BUY MORE EARN MORE over a turn


def test_buy_more_earn_more_counts_the_coin_of_the_whole_turn() -> None:
    """9.0: "Get 1 COIN from WORK AREA for every 3 COIN you spent": 3 COIN spent, then 1 more in
    a 2nd BUY of the turn, make 4 spent, 1 COIN back in all."""
    table = begun()
    table.set(event_active="BUY MORE EARN MORE")
    table.give("alice", coin=10, materials=())
    table.play("buy alice glass:3")
    assert table.p("alice").coin == 10 - 3 + 1
    table.play("buy alice metal:1")
    assert table.p("alice").coin == 10 - 4 + 1


# --- 5.3: an EVENT drawn from an empty deck, with virtual decks


def _events_back(sealed: bool) -> tuple[Table, list[object], list[str]]:
    """alice, at HAPPINESS 5, WORKs down to 4 (into another zone: 5.3 draws an EVENT) while the
    EVENT deck is empty and its discard pile holds 3 cards, one of them the CONTINUOUS EVENT in
    effect."""
    table = virtual()
    deck = table.state.event_deck
    active, *back = deck[:3]
    table.set(sealed=sealed, event_deck=(), event_discard=(active, *back), event_active=active)
    alice = table.state.active
    table.give(alice, happiness=5)
    return table, table.play(f"work {alice}"), back


def test_an_empty_event_deck_is_refilled_from_the_discard_pile_less_the_event_in_effect() -> None:
    """5.3 "draw an EVENT immediately", and 9.0 keeps "the currently active CONTINUOUS EVENT on top
    of the EVENT Discard Pile": the other 2 are shuffled into the deck and its top is drawn."""
    table, events, back = _events_back(sealed=False)
    (reshuffled,) = [e for e in events if isinstance(e, EventsReshuffled)]
    (active,) = table.state.event_discard
    assert sorted(reshuffled.order) == sorted(back) and active not in reshuffled.order
    alice = table.state.active
    assert EventDrawn(alice, reshuffled.order[0]) in events
    assert table.p(alice).events == (reshuffled.order[0],)


def test_a_sealed_seed_refills_the_event_deck_without_showing_its_order() -> None:
    """The sealed seed (docs/auditing.md) shows no deck's order: the EVENT deck refilled from its
    discard pile is recorded without it, and the referee still deals alice her EVENT."""
    table, events, _ = _events_back(sealed=True)
    assert EventsReshuffled(()) in events
    alice = table.state.active
    (drawn,) = table.p(alice).events
    assert drawn not in table.state.event_discard and len(table.state.event_deck) == 1


# --- what the table is asked to reveal


def test_the_starting_material_asked_of_one_player_names_them_once() -> None:
    """5.1: "draw random MATERIAL ... according to your CAREER's Initial Setup"; 8.0 SCIENTIST
    starts with "2 random MATERIAL": the one command asked names her once for her 2 cards,
    and each player once per card when several are owed."""
    table = Competitive(2)
    table.play("reveal career alice scientist chef", "reveal career bob artist tycoon")
    table.play("career alice scientist", "career bob intern")
    error = table.refuse("work alice", NotYourTurn, "LOOP 1.0 Setup")
    assert "reveal material TYPE TYPE TYPE --to alice,alice,bob" in str(error)
    table.play("reveal material food --to bob")
    error = table.refuse("work alice", NotYourTurn, "LOOP 1.0 Setup")
    assert "reveal material TYPE TYPE --to alice;" in str(error)
    table.play("reveal material glass metal --to alice")
    assert table.p("alice").materials == (("glass", 1), ("metal", 1))


# --- virtual decks: every shuffle follows the seed and the reshuffles before it


def test_a_reshuffle_follows_the_seed_and_how_many_came_before() -> None:
    """The referee's shuffles are its dice (docs/auditing.md): another seed gives another order,
    and so does the same discard pile shuffled again later in the same game."""
    state = virtual().state
    pile = tuple(sorted(state.event_deck))[:10]
    state = replace(state, event_deck=(), event_discard=pile, event_active="", event_next="")
    orders = {shuffles.events(replace(state, seed=seed)) for seed in range(1, 6)}
    assert len(orders) > 1
    again = {shuffles.events(replace(state, reshuffles=n)) for n in range(5)}
    assert len(again) > 1
    assert all(sorted(order) == sorted(pile) for order in orders | again)


def test_vulgarian_allows_an_early_goal_from_4_coin() -> None:
    """9.0 VULGARIAN: "Cannot CONSUME unless you have 4 or more COIN": with 3 COIN alice cannot
    CONSUME, so no GOAL before it (2.3); with 4 she may claim HOBBY first."""
    table = begun()
    table.set(event_active="VULGARIAN")
    table.give("alice", coin=3, kept=(PICNIC, PICNIC), materials=(("glass", 2), ("plastic", 2)))
    table.refuse("goal alice hobby", IllegalMove, "LOOP 2.3 Achieving GOAL")
    table.give("alice", coin=4)
    table.play("goal alice hobby")
    assert table.p("alice").achieved == ("HOBBY",)


def test_no_4th_consume_is_offered_in_a_turn() -> None:
    """2.2 c) "You may CONSUME up to 3 ACTIVITY in 1 turn": with MATERIAL for a 4th, alice is
    offered CONSUME after 1 and after 2, not after 3."""
    table = started()
    table.give(
        "alice",
        materials=(("glass", 1),) * 3 + (("plastic", 1),) + (("food", 1),) * 3 + (("utility", 1),),
    )
    for done, line in enumerate(("dance=glass,plastic", "library=glass,glass", "cooking=food,food"), 1):
        table.play(f"consume alice {line}")  # PICNIC (FOOD and UTILITY) is left to pay for
        assert table.state.consumed == done
        assert ("consume" in loop.view(table.state).verbs) == (done < 3)
    assert "end" in loop.view(table.state).verbs


def test_a_move_for_a_player_not_at_the_table_names_those_who_are() -> None:
    """A name not seated is bad input (exit 2), answered with the players seated, whether typed
    or sent by a caller of the service (which the grammar does not check)."""
    table = begun()
    for error in (table.refuse("work zed", BadInput), table.refuse_command(Work("zed"), BadInput)):
        assert str(error).startswith("unknown player 'zed'") and error.legal == "alice, bob"


def test_an_activity_slot_emptied_mid_turn_is_refilled_only_at_the_turn_end() -> None:
    """2.7: "you will only refill cards at your turn end": DANCE's slot, emptied by alice's
    CONSUME, takes no card until she ends her turn; then it does."""
    table = started()
    table.give("alice", materials=(("glass", 1), ("plastic", 1)))
    table.play("consume alice dance=glass,plastic")
    table.refuse("reveal activity library", IllegalMove, "LOOP 2.7 End Turn")
    table.play("end alice", "reveal activity library")
    assert sorted(table.state.consume_area) == ["COOKING", "LIBRARY", "LIBRARY", "PICNIC", "PICNIC"]
