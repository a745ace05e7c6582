"""LOOP 5.3 EVENT and 9.0 EVENT Overview: each EVENT's effect, with its refusals citing the
rule, the flip after a turn and the discard pile, and the readings of modes.py."""

from __future__ import annotations

from typing import Any

import pytest
from msgspec.structs import replace

import ledger.games.loop as loop
from ledger.errors import BadInput, IllegalMove, NotYourTurn
from ledger.games.loop import data
from ledger.games.loop.model import (
    ActivitiesReshuffled,
    Buy,
    Depleted,
    EventDrawn,
    EventsFlipped,
    FavoursReshuffled,
    MaterialRevealed,
    RevealMaterial,
    State,
    Step,
)
from ledger.games.loop.rules.core import flip_wanted
from ledger.games.loop.rules.events import IMMEDIATE
from tests.loop.modes_table import begun, out, virtual
from tests.loop.table import Table, started


def test_the_30_printed_events() -> None:
    """5.3: "30 EVENT cards, 19 of them are CONTINUOUS EVENT and 11 IMMEDIATE EVENT"; 9.0 prints
    the 30 (VULGARIAN last)."""
    kinds = [event.kind for event in data.EVENTS]
    assert (len(kinds), kinds.count("continuous"), kinds.count("immediate")) == (30, 19, 11)
    assert set(IMMEDIATE) == {k for k, e in data.EVENT.items() if e.kind == "immediate"}


@pytest.mark.parametrize(("mode", "count"), [("competitive", 30), ("cooperative", 26), ("solo", 21)])
def test_the_modes_remove_the_marked_events(mode: str, count: int) -> None:
    """9.0: "Remove certain EVENT (Not-For-Coop icon / Not-For-Solo icon) for different modes"."""
    state = begun(mode).state
    assert len(state.event_deck) == count and len(state.events_removed) == 30 - count


def _effect(table: Table, name: str) -> None:
    table.set(event_active=name)


def _immediate(table: Table, name: str, first: str = "alice") -> None:
    """``name`` flipped after ``first``'s turn, to be resolved from them clockwise (5.3)."""
    seats = table.state.seats
    start = seats.index(first)
    table.set(current=name, resolving=seats[start:] + seats[:start], phase="refill", ending="events")


def _ended(table: Table, line: str) -> State:
    table.play(line)
    while table.state.phase == "refill" and loop.to_act(table.state) == ["table"]:
        table.play("reveal material glass")
    return table.state


# --- flipping and the discard pile (5.3)


def test_face_down_events_flip_after_the_owners_turn_and_continuous_starts_next_turn() -> None:
    """5.3: "Only trigger face-down EVENT(s) in your AREA after you end your turn ... The effect of
    a CONTINUOUS EVENT starts on next player's turn"."""
    table = begun()
    table.give("alice", events=("?",))
    table.play("work alice", "end alice")
    assert loop.to_act(table.state) == ["table"]
    table.play("reveal event overtime")
    assert table.state.event_active == "OVERTIME" and table.state.active == "bob"
    assert table.state.event_discard[0] == "OVERTIME"
    table.play("work bob")  # INTERN: 3 COIN, -1 HAPPINESS; OVERTIME: 4 more, 1 more lost
    assert (table.p("bob").coin, table.p("bob").happiness) == (2 + 3 + 4, 4 - 1 - 1)


def test_with_virtual_decks_the_referee_flips_the_face_down_events_after_the_turn() -> None:
    """5.3: "Only trigger face-down EVENT(s) in your AREA after you end your turn": with a
    seed the referee flips them itself; a CONTINUOUS EVENT is in effect from bob's turn."""
    table = virtual()
    card = table.state.event_deck[0]  # BOGOF, a CONTINUOUS EVENT
    table.set(event_deck=table.state.event_deck[1:])
    table.give("alice", events=(card,))
    events = table.play("work alice", "end alice")
    assert EventsFlipped("alice", (card,)) in events
    assert table.p("alice").events == () and table.state.event_active == card
    assert table.state.active == "bob" and loop.to_act(table.state) == ["bob"]


def test_a_sealed_seed_reshuffles_without_showing_the_order() -> None:
    """While the seed is sealed the log shows no deck's order (docs/auditing.md): a FAVOUR
    deck (2.2) or ACTIVITY deck (2.7) shuffled from its discard pile is recorded without it."""
    table = virtual()
    table.set(sealed=True, favour_deck=(), favour_discard=table.p("alice").hand[:2])
    events = table.play("work alice", "end alice")
    assert FavoursReshuffled(()) in events
    table = virtual()
    table.set(sealed=True, activity_deck=(), activity_discard=("COOKING", "PICNIC"))
    table.give("alice", materials=(("glass", 1), ("plastic", 1)))
    table.play("consume alice dance=glass,plastic")  # DANCE's slot is refilled at the turn end
    assert ActivitiesReshuffled(()) in table.play("end alice")
    # and the referee deals on from the shuffled pile: the next turn starts (2.7)
    assert len(table.state.consume_area) == data.SLOTS and loop.to_act(table.state) == ["bob"]


def test_with_virtual_decks_the_starting_material_has_the_careers_quality() -> None:
    """9.0 CAREER, Artist: "Starting resources: 1 COIN and 1 random MATERIAL at QUALITY 1"
    (5.1: "draw random MATERIAL ... according to your CAREER's Initial Setup")."""
    from tests.loop.modes_table import Competitive

    table = Competitive(2, seed=3)
    assert "ARTIST" in table.p("alice").careers
    table.play("career alice artist", "career bob intern")
    ((_, quality),) = table.p("alice").materials
    assert quality == 1


def test_the_latest_continuous_event_replaces_the_previous_one() -> None:
    """5.3: "When 2 or more CONTINUOUS EVENT are triggered, only the latest one takes effect"."""
    table = begun()
    table.give("alice", events=("?", "?"))
    table.play("work alice", "end alice", "reveal event overtime bogof")
    assert table.state.event_active == "BOGOF"
    assert table.state.event_discard[:2] == ("BOGOF", "OVERTIME")


def test_an_immediate_event_goes_under_the_discard_and_leaves_the_continuous_in_effect() -> None:
    """5.3: "Place the resolved IMMEDIATE EVENT to the bottom of the EVENT Discard Pile and it
    will not replace the effect of the currently active CONTINUOUS EVENT"."""
    table = begun()
    table.set(event_active="OVERTIME", event_discard=("OVERTIME",))
    table.give("alice", events=("?",))
    table.play("work alice", "end alice", "reveal event the-gap")
    assert table.state.event_active == "OVERTIME"
    assert table.state.event_discard == ("OVERTIME", "THE GAP")


def test_the_depletion_penalty_into_another_zone_draws_an_event_flipped_at_that_turn_end() -> None:
    """2.8 a: "Player who triggers DEPLETION at turn end loses 1 HAPPINESS immediately and may
    trigger EVENT"; 5.3: a move into another zone draws an EVENT, flipped "after you end your
    turn". Alice at 5 (zone 5-8) drops to 4: the EVENT is drawn, then flipped in this turn end,
    and takes effect on bob's turn."""
    table = begun()
    table.set(material_deck=("food",))
    table.give("alice", happiness=5, coin=10)
    table.play("buy alice glass:2")  # an empty slot the last card refills
    events = table.play("end alice")
    assert events.index(Depleted("alice", 1)) < events.index(EventDrawn("alice", "?"))
    assert table.p("alice").happiness == 4 and table.p("alice").events == ("?",)
    # the deck's last card is known (FOOD): the referee flips it itself (issue 17)
    assert MaterialRevealed("food", by="referee") in events
    assert table.state.ending == "flip" and loop.to_act(table.state) == ["table"]
    table.play("reveal event overtime")
    assert table.state.event_active == "OVERTIME" and table.state.active == "bob"


def test_the_last_turn_of_the_final_round_ends_the_game_before_its_events_flip() -> None:
    """Two rules at one turn end: 2.8: "The game ends immediately when the player on the right
    to the starting player completes his turn", and 5.3: "Only trigger face-down EVENT(s) in
    your AREA after you end your turn". The game ends first: bob's face-down EVENT stays face
    down. The turn end's CONTINUOUS check comes before it (9.0 A DIAMOND IS FOR BUSINESS: "Lose
    1 HAPPINESS if you don't have METAL in your AREA at your turn end"): 8 - 1 (WORK) - 1."""
    table = begun()
    table.set(final_round="happiness")
    table.play("work alice", "end alice")
    _effect(table, "A DIAMOND IS FOR BUSINESS")
    table.give("bob", materials=(("glass", 1),), happiness=8, events=("?",))
    events = table.play("work bob", "end bob")
    assert loop.is_over(table.state) and loop.to_act(table.state) == []
    assert table.p("bob").happiness == 8 - 1 - 1 and table.p("bob").events == ("?",)
    assert not any(isinstance(e, EventsFlipped) for e in events)


def test_an_event_drawn_while_another_resolves_waits_for_its_owners_turn_end() -> None:
    """Two rules in one EVENT: 5.3: "Whenever your HAPPINESS token is moved into another zone
    ... or even when it is not in your turn (gain or lose HAPPINESS due to another EVENT); draw
    an EVENT immediately and place it face-down", and "Only trigger face-down EVENT(s) in your
    AREA after you end your turn". Alice's THE GAP (9.0: a gap over 7, "all lose 1 HAPPINESS")
    takes alice from 5 to 4 and bob from 5 to 4, into the lowest zone: each draws an EVENT at
    once, face down, to flip after their own next turn end (alice's has passed: it waits)."""
    table = begun()
    table.give("alice", coin=20, materials=(), happiness=6, events=("?",))
    table.give("bob", coin=0, materials=(), happiness=5)
    table.play("work alice", "end alice", "reveal event the-gap")
    assert (table.p("alice").happiness, table.p("bob").happiness) == (6 - 1 - 1, 5 - 1)
    assert table.p("alice").events == ("?",) and table.p("bob").events == ("?",)
    assert table.state.active == "bob" and loop.to_act(table.state) == ["bob"]
    table.play("work bob", "end bob")
    assert loop.to_act(table.state) == ["table"] and flip_wanted(table.state) == 1  # bob's
    table.play("reveal event overtime")
    assert table.state.event_active == "OVERTIME" and table.p("bob").events == ()
    assert table.p("alice").events == ("?",) and loop.to_act(table.state) == ["alice"]


def test_the_table_reveals_as_many_events_as_lie_face_down() -> None:
    table = begun()
    table.give("alice", events=("?", "?"))
    table.play("work alice", "end alice")
    table.refuse("reveal event overtime", IllegalMove, "LOOP 5.3 EVENT")


def test_an_event_out_of_the_mode_cannot_be_revealed() -> None:
    table = begun("solo")
    table.give("alice", events=("?",))
    table.play("work alice", "end alice")
    while loop.to_act(table.state) == ["table"] and table.state.ending != "flip":
        table.play("reveal material glass")
    table.refuse("reveal event the-gap", IllegalMove, "LOOP 5.3 EVENT")


# --- CONTINUOUS


def test_a_diamond_is_for_business() -> None:
    """9.0: "Lose 1 HAPPINESS if you don't have METAL in your AREA at your turn end"."""
    table = begun()
    _effect(table, "A DIAMOND IS FOR BUSINESS")
    table.give("alice", materials=(("glass", 1),), happiness=6)
    table.play("work alice", "end alice")
    assert table.p("alice").happiness == 6 - 1 - 1
    table = begun()
    _effect(table, "A DIAMOND IS FOR BUSINESS")
    table.give("alice", materials=(("metal", 1),), happiness=6)
    table.play("work alice", "end alice")
    assert table.p("alice").happiness == 6 - 1


def test_bad_debt() -> None:
    """9.0: "If you own a CREDIT CARD(s), you cannot choose BUY"."""
    table = begun()
    _effect(table, "BAD DEBT")
    table.give("alice", credit=((0, 0),), coin=3)
    table.refuse("buy alice glass:1", IllegalMove, "LOOP 9.0 Bad Debt")
    table.give("alice", credit=())
    table.play("buy alice glass:1")


def test_bogof_takes_a_quality_1_card_free_per_card_bought() -> None:
    """9.0 BOGOF: "For every MATERIAL you BUY, you must take 1 MATERIAL at QUALITY 1 from the BUY
    AREA if there is any"."""
    table = begun()
    _effect(table, "BOGOF")
    table.give("alice", coin=4, materials=())
    table.refuse("buy alice glass:2", IllegalMove, "LOOP 9.0 BOGOF (Buy 1 Get 1 Free)")
    table.play("buy alice glass:2 --free metal")
    assert table.p("alice").materials == (("glass", 2), ("metal", 1))
    assert table.p("alice").coin == 2 and table.state.bought == 1


def test_buy_more_earn_more_pays_1_coin_per_3_spent() -> None:
    """9.0: "Get 1 COIN from WORK AREA for every 3 COIN you spent"."""
    table = begun()
    _effect(table, "BUY MORE EARN MORE")
    table.give("alice", coin=7, materials=())
    table.play("buy alice glass:3 metal:3")
    assert table.p("alice").coin == 7 - 6 + 2


def test_collector_gains_1_happiness_with_all_5_types() -> None:
    """9.0: "Gain 1 HAPPINESS per turn if you have all 5 different types of MATERIAL"."""
    table = begun()
    _effect(table, "COLLECTOR")
    five = tuple((kind, 1) for kind in data.MATERIALS)
    table.give("alice", materials=five, happiness=6)
    table.play("work alice", "end alice")
    assert table.p("alice").happiness == 6 - 1 + 1


def test_disposable_culture_plastic_at_quality_1_only() -> None:
    """9.0: "Player can only BUY and RECYCLE PLASTIC at QUALITY 1" (default reading)."""
    table = begun()
    _effect(table, "DISPOSABLE CULTURE")
    table.give("alice", coin=5)
    table.refuse("buy alice plastic:2", IllegalMove, "LOOP 9.0 Disposable Culture")
    table.play("buy alice plastic:1 glass:2")


def test_disposable_culture_only_plastic_reading() -> None:
    """Option disposable-culture=only-plastic: nothing but PLASTIC, at QUALITY 1."""
    table = begun(**{"disposable-culture": "only-plastic"})
    _effect(table, "DISPOSABLE CULTURE")
    table.give("alice", coin=5)
    table.refuse("buy alice glass:1", IllegalMove, "LOOP 9.0 Disposable Culture")
    table.play("buy alice plastic:1")


def test_economic_slowdown() -> None:
    """9.0: "only BUY 1 MATERIAL in BUY turn; CONSUME 1 ACTIVITY in CONSUME turn; and lose 1
    COIN in WORK turn" (1 COIN less from the SALARY)."""
    table = begun()
    _effect(table, "ECONOMIC SLOWDOWN")
    table.give("alice", coin=5)
    table.refuse("buy alice glass:1 metal:1", IllegalMove, "LOOP 9.0 Economic Slowdown")
    table = begun()
    _effect(table, "ECONOMIC SLOWDOWN")
    table.play("work alice")
    assert table.p("alice").coin == 2 + 3 - 1
    table = begun()
    _effect(table, "ECONOMIC SLOWDOWN")
    table.give("alice", materials=(("glass", 2), ("plastic", 2), ("food", 1), ("utility", 1)))
    table.refuse("consume alice dance=glass,plastic cooking=food,utility", IllegalMove)


def test_everything_is_online() -> None:
    """9.0: "Player without a CREDIT CARD cannot spend COIN"."""
    table = begun(careers={"alice": "investor"})
    _effect(table, "EVERYTHING IS ONLINE")
    table.refuse("buy alice glass:1", IllegalMove, "LOOP 9.0 Everything Is Online")
    table.refuse("ability alice invest dollar blank", IllegalMove, "LOOP 9.0 Everything Is Online")
    table.play("apply alice metal", "buy alice glass:1")


def test_hypebeast_needs_every_type_the_target_owns() -> None:
    """9.0: "Choose a target player at your turn end. If you own every MATERIAL type that he owns,
    nothing happens; otherwise lose 1 HAPPINESS"."""
    table = begun()
    _effect(table, "HYPEBEAST")
    table.give("alice", materials=(("glass", 1),), happiness=6)
    table.give("bob", materials=(("glass", 2), ("metal", 1)))
    table.play("work alice")
    table.refuse("end alice", IllegalMove, "LOOP 9.0 Hypebeast")
    table.play("end alice --target bob")
    assert table.p("alice").happiness == 6 - 1 - 1


def test_make_it_rain_once_a_turn() -> None:
    """9.0: "Spend 4 or more COIN in 1 turn to gain 1 HAPPINESS"."""
    table = begun()
    _effect(table, "MAKE IT RAIN")
    table.give("alice", coin=9, happiness=6, materials=())
    table.play("buy alice glass:2")
    assert table.p("alice").happiness == 6
    table.play("buy alice metal:2")
    assert table.p("alice").happiness == 7
    table.play("buy alice food:4")
    assert table.p("alice").happiness == 7


def test_manners_makyth_man_rejects_by_reputation_only() -> None:
    """9.0: "Player can only REJECT by deducting 1 REPUTATION. Cannot REJECT by discarding a same
    FAVOUR"."""
    table = begun()
    _effect(table, "MANNERS MAKYTH MAN")
    table.give("alice", hand=("acquire",), coin=3)
    table.give("bob", materials=(("metal", 2),), hand=("acquire",), reputation=1)
    table.play("favour alice acquire bob metal")
    table.refuse("reject bob --discard", IllegalMove, "LOOP 9.0 Manners Makyth Man")
    table.play("reject bob --rep")
    assert table.p("bob").reputation == 0


def test_overtime() -> None:
    """9.0: "When WORK, lose 1 additional HAPPINESS and gain 4 more COIN"."""
    table = begun()
    _effect(table, "OVERTIME")
    table.play("work alice")
    assert (table.p("alice").coin, table.p("alice").happiness) == (2 + 3 + 4, 4 - 2)


def test_red_gown() -> None:
    """9.0: "When BUY, you must BUY at the same or higher QUALITY than your current highest
    QUALITY MATERIAL"."""
    table = begun()
    _effect(table, "RED GOWN")
    table.give("alice", coin=6, materials=(("food", 3),))
    table.refuse("buy alice glass:2", IllegalMove, "LOOP 9.0 Red Gown")
    table.play("buy alice glass:3")


def test_skinner_box_refills_at_once() -> None:
    """9.0: "Refill empty MATERIAL and ACTIVITY slot immediately"."""
    table = begun()
    _effect(table, "SKINNER BOX")
    table.give("alice", coin=3)
    table.play("buy alice glass:1")
    assert loop.to_act(table.state) == ["table"]
    table.play("reveal material metal")
    assert sorted(table.state.buy_area) == ["food", "metal", "metal", "plastic", "utility"]
    assert loop.to_act(table.state) == ["alice"]


def test_skinner_box_refills_an_activity_slot_at_once() -> None:
    """9.0: "Refill empty MATERIAL and ACTIVITY slot immediately": the slot a CONSUME empties is
    flipped before alice's next move, not at her turn end (2.7)."""
    table = begun()
    _effect(table, "SKINNER BOX")
    table.give("alice", materials=(("glass", 1), ("plastic", 1)))
    table.play("consume alice dance=glass,plastic")
    assert table.state.phase == "turn" and loop.to_act(table.state) == ["table"]
    table.play("reveal activity library")
    assert sorted(table.state.consume_area) == ["COOKING", "LIBRARY", "LIBRARY", "PICNIC", "PICNIC"]
    assert table.state.phase == "turn" and loop.to_act(table.state) == ["alice"]


def test_skinner_box_refills_from_the_activity_discard_pile_when_the_deck_is_empty() -> None:
    """9.0 with 2.7: "If ACTIVITY deck is empty, shuffle and refill from the ACTIVITY Discard
    Pile", at once under SKINNER BOX."""
    table = begun()
    _effect(table, "SKINNER BOX")
    table.set(activity_deck=(), activity_unseen=0, activity_discard=("COOKING", "DANCE"))
    table.give("alice", materials=(("glass", 1), ("plastic", 1)))
    table.play("consume alice dance=glass,plastic")
    assert table.state.activity_discard == () and len(table.state.activity_deck) == 2
    assert loop.to_act(table.state) == ["table"]
    table.play("reveal activity cooking")
    assert sorted(table.state.consume_area) == ["COOKING", "COOKING", "LIBRARY", "PICNIC", "PICNIC"]
    assert table.state.activity_deck == ("DANCE",) and loop.to_act(table.state) == ["alice"]


def test_skinner_box_refill_comes_before_the_players_next_move_and_turn_end() -> None:
    """9.0: "Refill empty MATERIAL and ACTIVITY slot immediately": until the table has flipped
    the card, the active player neither BUYs again (from a BUY AREA short of a card) nor ends
    the turn (which left the turn end waiting for a refill already done: nobody could act)."""
    table = begun()
    _effect(table, "SKINNER BOX")
    table.give("alice", coin=6)
    table.play("buy alice glass:1")
    assert loop.to_act(table.state) == ["table"]
    table.refuse("buy alice food:1", NotYourTurn, "LOOP 9.0 Skinner Box")
    table.refuse("end alice", NotYourTurn, "LOOP 9.0 Skinner Box")
    table.play("reveal material metal")
    table.play("buy alice food:1", "reveal material glass", "end alice")
    assert table.state.active == "bob" and loop.to_act(table.state) == ["bob"]


def _refilled(events: list[object]) -> bool:
    return any(isinstance(event, Step) and event.step == "skinner" for event in events)


def test_skinner_box_refills_nothing_when_no_slot_is_empty_or_nothing_is_left() -> None:
    """9.0: SKINNER BOX refills an *empty* slot, from a deck (or the ACTIVITY Discard Pile, 2.7)
    that holds a card: a WORK empties none, and with the decks out a slot stays empty (2.8 a:
    the MATERIAL deck runs out; 2.7: nothing to shuffle)."""
    table = begun()
    _effect(table, "SKINNER BOX")
    events = table.play("work alice")
    assert not _refilled(events) and not table.state.refilling
    assert len(table.state.buy_area) == data.SLOTS and loop.to_act(table.state) == ["alice"]

    table = begun()
    _effect(table, "SKINNER BOX")
    table.set(material_deck=(), depleted=True, final_round="depletion")
    table.give("alice", coin=3)
    events = table.play("buy alice glass:1")
    assert not _refilled(events) and not table.state.refilling
    assert len(table.state.buy_area) == data.SLOTS - 1 and loop.to_act(table.state) == ["alice"]

    table = begun()
    _effect(table, "SKINNER BOX")
    table.set(activity_deck=(), activity_unseen=0, activity_discard=())
    table.give("alice", materials=(("glass", 1), ("plastic", 1)))
    events = table.play("consume alice dance=glass,plastic")
    assert not _refilled(events) and not table.state.refilling
    assert len(table.state.consume_area) == data.SLOTS - 1 and loop.to_act(table.state) == ["alice"]


def test_skinner_box_refills_a_slot_emptied_between_turns_when_the_next_turn_starts() -> None:
    """9.0 SKINNER BOX: "Refill empty MATERIAL and ACTIVITY slot immediately"; 5.3: a CONTINUOUS
    EVENT "affects player only during their active turn", and an IMMEDIATE EVENT's "Effect takes
    place in between turns". alice's REDEEM BONUS takes a BUY AREA card after the turn end's
    refill; bob's turn then starts with the slot empty, so it is refilled before bob acts."""
    table = begun()
    _effect(table, "SKINNER BOX")
    table.give("alice", coin=1, materials=())
    table.give("bob", coin=0, materials=())
    _immediate(table, "REDEEM BONUS")
    table.play("event alice a metal", "event bob none")
    assert table.state.active == "bob" and len(table.state.buy_area) == data.SLOTS - 1
    assert loop.to_act(table.state) == ["table"]  # the table flips the refill first
    table.play("reveal material glass")
    assert len(table.state.buy_area) == data.SLOTS and loop.to_act(table.state) == ["bob"]


def test_a_game_recorded_before_rules_version_6_refills_after_the_next_players_first_move() -> None:
    """A log recorded under rules version 5 or earlier replays as it was played: there SKINNER
    BOX refilled only after a move of the active player, so bob's turn starts with the slot
    emptied between turns, and his first move refills it."""
    for version, every in (
        ("basic-1", False),
        ("2", False),
        ("3", False),
        ("4", False),
        ("5", False),
        ("6", True),
    ):
        assert started(rules_version=version).state.skinner_every_move is every, version
    table = begun()
    table.state = replace(table.state, skinner_every_move=False)
    _effect(table, "SKINNER BOX")
    table.give("alice", coin=1, materials=())
    table.give("bob", coin=0, materials=())
    _immediate(table, "REDEEM BONUS")
    table.play("event alice a metal", "event bob none")
    assert len(table.state.buy_area) == data.SLOTS - 1 and loop.to_act(table.state) == ["bob"]
    table.play("work bob")
    assert loop.to_act(table.state) == ["table"]  # now the refill


def test_skinner_box_refill_that_leaves_a_card_is_no_depletion() -> None:
    """2.8 a): DEPLETION when the MATERIAL deck runs out: a SKINNER BOX refill of 1 slot from a
    deck of 2 leaves 1, so no DEPLETION and no penalty; the next refill takes the last one."""
    table = begun()
    _effect(table, "SKINNER BOX")
    table.set(material_deck=("metal", "metal"))
    table.give("alice", coin=3, happiness=6)
    table.play("buy alice glass:1")  # every card left is METAL: the referee flips it
    assert table.state.material_deck == ("metal",) and len(table.state.buy_area) == data.SLOTS
    assert not table.state.depleted and table.p("alice").happiness == 6
    events = table.play("buy alice food:1")
    assert table.state.material_deck == () and table.state.depleted
    assert table.p("alice").happiness == 5 and table.p("alice").depletion == 1
    (depleted,) = (event for event in events if isinstance(event, Depleted))
    assert "turn end" not in loop.describe(depleted)  # mid-turn, by SKINNER BOX


def test_treat_yo_self() -> None:
    """9.0: "Gain 1 HAPPINESS immediately if you APPLY a new CREDIT CARD this turn"."""
    table = begun()
    _effect(table, "TREAT YO SELF")
    events = table.play("apply alice glass")
    assert table.p("alice").happiness == 4 + 1
    assert "alice: +1 HAPPINESS (TREAT YO SELF)" in map(loop.describe, events)
    table.play("apply alice metal")
    assert table.p("alice").happiness == 5  # once a turn


def test_vulgarian() -> None:
    """9.0: "Cannot CONSUME unless you have 4 or more COIN"."""
    table = begun()
    _effect(table, "VULGARIAN")
    table.give("alice", coin=3, materials=(("glass", 1), ("plastic", 1)))
    table.refuse("consume alice dance=glass,plastic", IllegalMove, "LOOP 9.0 Vulgarian")
    table.give("alice", coin=4)
    table.play("consume alice dance=glass,plastic")


def test_continuous_events_act_only_in_the_active_players_turn() -> None:
    """5.3: "CONTINUOUS EVENT affects player only during their active turn": LANDFILL TAX is the
    reading's one exception, out of turn too (a test of its own above)."""
    table = begun()
    _effect(table, "VULGARIAN")
    assert loop.to_act(table.state) == ["alice"]


# --- IMMEDIATE


def test_combustion_energy() -> None:
    """9.0: "Player(s) with the least HAPPINESS put all non-UTILITY MATERIAL in his LANDFILL back
    into the MATERIAL Deck"."""
    table = begun()
    table.give("alice", happiness=2, landfill=("glass", "utility"))
    table.give("bob", happiness=5, landfill=("metal",))
    deck = len(table.state.material_deck)
    facts = out(table)
    now = IMMEDIATE["COMBUSTION ENERGY"].now
    assert now is not None
    now(facts, "alice")
    assert facts.state.players["alice"].landfill == ("utility",)
    assert facts.state.players["bob"].landfill == ("metal",)
    assert len(facts.state.material_deck) == deck + 1


def test_insurance_toss() -> None:
    """9.0: "If you chose to toss, gain 2 COIN if it lands on the "$" side, otherwise lose 2"."""
    table = begun()
    table.give("alice", coin=3)
    table.give("bob", coin=3)
    _immediate(table, "INSURANCE")
    table.refuse("event bob lose", NotYourTurn)  # the triggerer goes first
    table.play("event alice toss dollar", "event bob toss blank")
    assert (table.p("alice").coin, table.p("bob").coin) == (5, 1)


def test_overproduction_removes_the_top_2_cards() -> None:
    """9.0: "Remove from game the top 2 cards of MATERIAL deck" (a real table types them)."""
    table = begun()
    table.give("alice", events=("?",))
    table.play("work alice", "end alice", "reveal event overproduction")
    deck = len(table.state.material_deck)
    table.play("reveal material food metal")
    assert len(table.state.material_deck) == deck - 2
    assert table.state.removed.count("food") == data.SETS_REMOVED[2] + 1
    assert not table.state.depleted and table.state.final_round == ""  # cards are left


def test_planned_obsolescence() -> None:
    """9.0: "Choose 1 MATERIAL in your AREA to lose 1 QUALITY. If BROKEN, move it to your
    LANDFILL"."""
    table = begun()
    table.give("alice", materials=(("glass", 1),))
    table.give("bob", materials=(("metal", 3),))
    _immediate(table, "PLANNED OBSOLESCENCE")
    table.refuse("event alice metal@3", IllegalMove)
    table.play("event alice glass@1", "event bob metal@3")
    assert table.p("alice").landfill == ("glass",) and table.p("bob").materials == (("metal", 2),)


def test_redeem_bonus() -> None:
    """9.0: "a) Pay 1 COIN to get 1 MATERIAL at QUALITY 1 from BUY AREA ... c) Pay 3 COIN to get
    1 MATERIAL at QUALITY 3 from BUY AREA, and draw 2 FAVOUR"."""
    table = begun()
    table.give("alice", coin=1, materials=())
    table.give("bob", coin=3, materials=())
    _immediate(table, "REDEEM BONUS")
    table.refuse("event alice c metal", IllegalMove, "LOOP 9.0 Redeem Bonus")
    table.play("event alice a metal", "event bob none")
    assert table.p("alice").materials == (("metal", 1),) and table.p("alice").coin == 0


def test_repurchase() -> None:
    """9.0: "Give 1 COIN to a player and take 1 non-UTILITY MATERIAL at QUALITY 1 from his
    LANDFILL"."""
    table = begun()
    table.give("alice", coin=2, materials=())
    table.give("bob", coin=0, landfill=("glass", "utility"))
    _immediate(table, "REPURCHASE")
    table.refuse("event alice bob utility", IllegalMove, "LOOP 9.0 Repurchase")
    table.play("event alice bob glass")
    assert table.p("alice").materials == (("glass", 1),) and table.p("alice").coin == 1
    assert table.p("bob").coin == 1 and table.p("bob").landfill == ("utility",)


def test_satan_santa() -> None:
    """9.0: "Give 1 MATERIAL (only if one has any) to another player"."""
    table = begun()
    table.give("alice", materials=(("glass", 2),))
    table.give("bob", materials=())
    _immediate(table, "SATAN SANTA")
    table.refuse("event alice alice glass@2", IllegalMove, "LOOP 9.0 Satan Santa")
    table.play("event alice bob glass@2")
    assert table.p("bob").materials == (("glass", 2),) and table.p("alice").materials == ()


def test_social_responsibility() -> None:
    """9.0: "Draw 1 FAVOUR from a player's hand (if he has any) who has higher HAPPINESS"."""
    table = begun()
    table.give("alice", happiness=2, hand=())
    table.give("bob", happiness=6, hand=("share",))
    _immediate(table, "SOCIAL RESPONSIBILITY")
    table.play("event alice bob")
    assert table.p("alice").hand == ("share",) and "share" not in table.p("bob").hand


def test_status_climb() -> None:
    """9.0: "Choose a player who has less HAPPINESS than you. Lose 1 HAPPINESS if he has more COIN
    than you"."""
    table = begun()
    table.give("alice", happiness=6, coin=1)
    table.give("bob", happiness=3, coin=5)
    _immediate(table, "STATUS CLIMB")
    table.play("event alice bob")
    assert table.p("alice").happiness == 5


def test_status_climb_refuses_a_target_with_more_happiness() -> None:
    table = begun(players=3)
    table.give("alice", happiness=6, coin=1)
    table.give("bob", happiness=7, coin=5)
    table.give("carol", happiness=2, coin=0)
    _immediate(table, "STATUS CLIMB")
    table.refuse("event alice bob", IllegalMove, "LOOP 9.0 Status Climb")
    table.play("event alice carol")
    assert table.p("alice").happiness == 6


def test_the_gap() -> None:
    """9.0: "If the largest different among players is greater than 7, all lose 1 HAPPINESS"."""
    for alice_coin, lost in ((9, 1), (8, 0)):
        table = begun()
        table.give("alice", coin=alice_coin, materials=(), happiness=6, credit=((4, 0),))
        table.give("bob", coin=0, materials=(("glass", 1),), happiness=6)
        facts = out(table)
        now = IMMEDIATE["THE GAP"].now
        assert now is not None
        now(facts, "alice")
        assert facts.state.players["alice"].happiness == 6 - lost, alice_coin
        assert facts.state.players["bob"].happiness == 6 - lost


def test_hypebeast_after_a_work_that_ends_the_turn_at_once_takes_nothing() -> None:
    """Reading: 2.2 a's WORK without the HAPPINESS to deduct ends the turn at once, naming no
    HYPEBEAST target: nothing happens (found by the fuzzer, seed 200,152)."""
    table = begun(careers={"alice": "scholar"})
    _effect(table, "HYPEBEAST")
    table.give("alice", happiness=1, coin=0, materials=())
    table.give("bob", materials=(("glass", 1),))
    table.set(buy_area=())  # nothing to BUY, nothing to CONSUME: WORK is the only option
    table.play("work alice")
    assert table.p("alice").happiness == 1 and table.p("alice").coin == 1  # 2.2 a: 1 COIN
    assert table.state.phase == "refill"  # the turn ended at once


def test_the_view_names_the_immediate_event_being_resolved_and_the_choice() -> None:
    table = begun()
    _immediate(table, "INSURANCE")
    events = loop.view(table.state).events
    assert events is not None
    assert (events.resolving, events.players) == ("INSURANCE", ["alice", "bob"])
    assert events.choice == "event alice toss [dollar|blank] | lose"
    facts = dict(loop.present(loop.view(table.state)).facts)
    assert facts["EVENT choice"] == "event alice toss [dollar|blank] | lose"


def _told(events: list[object]) -> list[str]:
    """The log's lines for a move's facts ("" is a fact with nothing to say)."""
    return [line for line in map(loop.describe, events) if line]  # type: ignore[arg-type]


def test_a_turn_end_logs_only_what_happened() -> None:
    """The turn end's steps (burn, flip, resolve) are said by the facts that happen in them: a
    turn end with no face-down EVENT logs no flip and no resolution."""
    table = begun()
    table.play("work alice")
    assert _told(table.play("end alice")) == [
        "alice ends the turn",
        "round 1: bob's turn",
        "bob draws a FAVOUR",
    ]
    table = begun("solo")
    table.give("alice", events=("?",))
    table.play("work alice")
    assert _told(table.play("end alice")) == ["alice ends the turn"]  # the table flips the burnt card
    assert _told(table.play("reveal material glass")) == ["GLASS burnt from the MATERIAL deck"]
    assert _told(table.play("reveal event overtime")) == [
        "alice flips Overtime",
        "Overtime is in effect from the next turn",
        "round 2: alice's turn",
    ]


def test_status_climb_less_happiness_and_more_coin_are_strict() -> None:
    """9.0 STATUS CLIMB: "Choose a player who has less HAPPINESS than you. Lose 1 HAPPINESS if he
    has more COIN than you, otherwise nothing happens": an equal HAPPINESS is not less, an equal
    COIN is not more, and a player with nobody below him has no one to choose (5.3: the
    triggerer first, then clockwise)."""
    table = begun(players=3)
    table.give("alice", events=("?",), happiness=7, coin=0)  # WORK: HAPPINESS 6, COIN 3
    table.give("bob", happiness=6, coin=9)
    table.give("carol", happiness=2, coin=3)
    table.play("work alice", "end alice", "reveal event status-climb")
    assert loop.to_act(table.state) == ["alice"]
    table.refuse("event alice bob", IllegalMove, "LOOP 9.0 Status Climb")  # 6 is not less than 6
    table.play("event alice carol")  # carol's 3 COIN are not more than alice's 3
    assert table.p("alice").happiness == 6
    assert loop.to_act(table.state) == ["bob"]
    table.refuse("event bob alice", IllegalMove, "LOOP 9.0 Status Climb")
    table.play("event bob carol")
    assert table.p("bob").happiness == 6
    # carol has nobody with less HAPPINESS: the EVENT is over and bob's turn starts
    assert (table.state.current, table.state.active, table.state.phase) == ("", "bob", "turn")


def test_social_responsibility_only_from_a_higher_happiness_with_favour_in_hand() -> None:
    """9.0 SOCIAL RESPONSIBILITY: "Draw 1 FAVOUR from a player's hand (if he has any) who has
    higher HAPPINESS than you": an equal HAPPINESS is not higher, and an empty hand gives
    nothing, so here nobody has a choice to make and the game goes on."""
    table = begun(players=3)
    table.give("alice", events=("?",), happiness=7, hand=())  # WORK: HAPPINESS 6
    table.give("bob", happiness=6, hand=("share",))
    table.give("carol", happiness=9, hand=())
    table.play("work alice", "end alice", "reveal event social-responsibility")
    assert (table.state.current, table.state.active) == ("", "bob")
    assert "share" in table.p("bob").hand and table.p("alice").hand == ()


def test_insurance_lose_1_coin() -> None:
    """9.0 INSURANCE: "Choose to toss 1 COIN or lose 1 COIN"."""
    table = begun()
    table.give("alice", coin=3)
    table.give("bob", coin=3)
    _immediate(table, "INSURANCE")
    table.play("event alice lose", "event bob toss dollar")
    assert (table.p("alice").coin, table.p("bob").coin) == (2, 5)


def test_redeem_bonus_b_and_c() -> None:
    """9.0 REDEEM BONUS: "b) Pay 2 COIN to get 1 MATERIAL at QUALITY 1 from BUY AREA, and draw 1
    FAVOUR from the deck. c) Pay 3 COIN to get 1 MATERIAL at QUALITY 3 from BUY AREA, and draw 2
    FAVOUR from the deck"."""
    table = begun()
    table.give("alice", coin=2, materials=(), hand=())
    table.give("bob", coin=3, materials=(), hand=())
    deck = len(table.state.favour_deck)
    _immediate(table, "REDEEM BONUS")
    table.play("event alice b metal")
    alice = table.p("alice")
    assert (alice.coin, alice.materials, len(alice.hand)) == (0, (("metal", 1),), 1)
    table.play("event bob c food")
    bob = table.p("bob")
    # 2 FAVOUR, then 1 more at the start of bob's turn, which follows the EVENT (2.1)
    assert (bob.coin, bob.materials, len(bob.hand)) == (0, (("food", 3),), 2 + 1)
    assert len(table.state.favour_deck) == deck - 1 - 2 - 1
    assert sorted(table.state.buy_area) == ["glass", "plastic", "utility"]


def test_social_responsibility_at_a_real_table_the_card_drawn_is_typed() -> None:
    """9.0 SOCIAL RESPONSIBILITY: "Draw 1 FAVOUR from a player's hand": at a real table the
    table types the card drawn when the hand holds more than one kind, and the log names the
    EVENT."""
    table = begun()
    table.give("alice", happiness=2, hand=())
    table.give("bob", happiness=6, hand=("share", "acquire"))
    _immediate(table, "SOCIAL RESPONSIBILITY")
    table.refuse("event alice bob", BadInput)  # which card?
    table.refuse("event alice bob barter", IllegalMove, "LOOP 9.0 Social Responsibility")
    events = table.play("event alice bob acquire")
    assert table.p("alice").hand == ("acquire",)
    assert "acquire" not in table.p("bob").hand and "share" in table.p("bob").hand
    assert "alice takes a FAVOUR from bob (SOCIAL RESPONSIBILITY)" in map(loop.describe, events)


def test_the_log_names_the_immediate_event_that_moved_each_thing() -> None:
    """9.0: what an IMMEDIATE EVENT moves is logged with the EVENT's name."""
    table = begun()
    table.give("alice", materials=(("glass", 2),), coin=2, happiness=6)
    table.give("bob", landfill=("metal",), coin=5, happiness=3)
    _immediate(table, "PLANNED OBSOLESCENCE")
    told = _told(table.play("event alice glass@2"))
    assert "alice's glass@2 loses 1 QUALITY (PLANNED OBSOLESCENCE)" in told
    _immediate(table, "REPURCHASE")
    told = _told(table.play("event alice bob metal"))
    assert told[:2] == [
        "alice takes metal@1 from bob's LANDFILL (REPURCHASE)",
        "alice pays 1 COIN to bob (REPURCHASE)",
    ]
    _immediate(table, "STATUS CLIMB")
    assert "alice: -1 HAPPINESS (STATUS CLIMB)" in _told(table.play("event alice bob"))
    table.give("alice", coin=4, happiness=6)
    table.give("bob", coin=4, happiness=6)
    _immediate(table, "INSURANCE")
    assert _told(table.play("event alice lose")) == ["alice pays 1 COIN (INSURANCE)", "alice has resolved it"]
    assert "bob: +2 COIN (INSURANCE)" in _told(table.play("event bob toss dollar"))
    _immediate(table, "REDEEM BONUS", first=table.state.active)
    active = table.state.active
    told = _told(table.play(f"event {active} a metal"))
    assert told[:2] == [
        f"{active}: -1 COIN (REDEEM BONUS)",
        f"{active} takes metal@1 from the BUY AREA (REDEEM BONUS)",
    ]


def test_satan_santa_only_a_player_with_material_gives() -> None:
    """9.0 SATAN SANTA: "Give 1 MATERIAL (only if one has any) to another player. Player may
    receive more than 1 or no MATERIAL at all": alice, with none, is passed over; bob gives."""
    table = begun()
    table.give("alice", events=("?",), materials=(), happiness=7)
    table.give("bob", materials=(("glass", 2),))
    table.play("work alice", "end alice", "reveal event satan-santa")
    assert (loop.to_act(table.state), table.state.resolving) == (["bob"], ("bob",))
    told = _told(table.play("event bob alice glass@2"))
    assert "bob gives glass@2 to alice (SATAN SANTA)" in told
    assert (table.p("alice").materials, table.p("bob").materials) == ((("glass", 2),), ())
    assert (table.state.current, table.state.active) == ("", "bob")


def test_repurchase_concerns_only_who_can_take_from_another_players_landfill() -> None:
    """9.0 REPURCHASE: "Give 1 COIN to a player and take 1 non-UTILITY MATERIAL at QUALITY 1
    from his LANDFILL": alice has only her own GLASS and bob's UTILITY there, so she is passed
    over; bob may take alice's GLASS."""
    table = begun()
    table.give("alice", events=("?",), landfill=("glass",), happiness=7, coin=0)
    table.give("bob", landfill=("utility",), materials=(), coin=2)
    table.play("work alice", "end alice", "reveal event repurchase")
    assert (loop.to_act(table.state), table.state.resolving) == (["bob"], ("bob",))
    table.play("event bob alice glass")
    assert (table.p("bob").materials, table.p("alice").landfill, table.p("alice").coin) == (
        (("glass", 1),),
        (),
        3 + 1,
    )


def test_the_table_types_an_unseen_favour_taken() -> None:
    """8.0 SOLDIER: "take 1 random FAVOUR from any player's hand": at a real table a card the
    referee has not seen moves unseen (``unseen``), and a typed card must be in the hand."""
    table = begun(careers={"alice": "soldier"})
    table.give("alice", hand=())
    table.give("bob", hand=("?", "share"))
    table.refuse("ability alice take bob", BadInput)  # which card came out?
    table.play("ability alice take bob unseen")
    assert (table.p("alice").hand, table.p("bob").hand) == (("?",), ("share",))
    table = begun(careers={"alice": "soldier"})
    table.give("bob", hand=("?", "share"))
    table.play("ability alice take bob share")
    assert table.p("bob").hand == ("?",)


def combusted(table: Table) -> tuple[tuple[str, ...], Any]:
    """alice (HAPPINESS 6, a GLASS in her LANDFILL) triggers COMBUSTION ENERGY; bob (HAPPINESS
    2, METAL, METAL and UTILITY in his) is the least happy. The MATERIAL deck before, and the
    facts it made."""
    table.give("alice", happiness=6, landfill=("glass",))
    table.give("bob", happiness=2, landfill=("metal", "metal", "utility"))
    deck = table.state.material_deck
    facts = out(table)
    now = IMMEDIATE["COMBUSTION ENERGY"].now
    assert now is not None
    now(facts, "alice")
    return deck, facts


def test_combustion_energy_reaches_the_least_happy_wherever_they_sit() -> None:
    """9.0 COMBUSTION ENERGY: "Player(s) with the least HAPPINESS put all non-UTILITY MATERIAL
    in his LANDFILL back into the MATERIAL Deck, then shuffle the deck thoroughly": the
    triggerer is not the least happy here; with virtual decks the deck is shuffled."""
    table = virtual()
    deck, facts = combusted(table)
    after = facts.state
    assert (after.players["alice"].landfill, after.players["bob"].landfill) == (("glass",), ("utility",))
    assert sorted(after.material_deck) == sorted((*deck, "metal", "metal"))
    assert after.material_deck not in ((*deck, "metal", "metal"), tuple(sorted(after.material_deck)))


# --- what a mutation run of events.py found untested (benchmarks/mutation.py)


def test_combustion_energy_at_a_real_table_keeps_the_deck_a_known_composition() -> None:
    """A real table shuffles the cards itself: the referee keeps the deck as its sorted
    composition, the returned cards in it."""
    table = begun()
    table.give("alice", happiness=2, landfill=("glass", "metal"))
    deck = table.state.material_deck
    facts = out(table)
    now = IMMEDIATE["COMBUSTION ENERGY"].now
    assert now is not None
    now(facts, "alice")
    assert facts.state.material_deck == tuple(sorted((*deck, "glass", "metal")))


def test_overproduction_with_virtual_decks_removes_exactly_the_top_2() -> None:
    table = virtual()
    deck = table.state.material_deck
    facts = out(table)
    now = IMMEDIATE["OVERPRODUCTION"].now
    assert now is not None
    now(facts, "alice")
    assert facts.state.material_deck == deck[2:]


def test_overproduction_that_depletes_says_so_in_the_log() -> None:
    """Reading (modes.py): a DEPLETION OVERPRODUCTION causes penalises its triggerer (2.8 a)."""
    table = virtual()
    table.set(material_deck=table.state.material_deck[:2])
    facts = out(table)
    now = IMMEDIATE["OVERPRODUCTION"].now
    assert now is not None
    now(facts, "alice")
    told = [loop.describe(event) for event in facts.events]
    assert "DEPLETION (overproduction): the MATERIAL deck runs out, -1 HAPPINESS to alice" in told


def test_the_gap_names_itself_in_the_log() -> None:
    table = begun()
    table.give("alice", coin=9, materials=(), happiness=6)
    table.give("bob", coin=0, materials=(), happiness=6)
    facts = out(table)
    now = IMMEDIATE["THE GAP"].now
    assert now is not None
    now(facts, "alice")
    told = [loop.describe(event) for event in facts.events]
    assert told == ["alice: -1 HAPPINESS (THE GAP)", "bob: -1 HAPPINESS (THE GAP)"]


def test_insurance_with_virtual_decks_the_referee_tosses() -> None:
    table = virtual()
    table.give("alice", coin=3)
    _immediate(table, "INSURANCE")
    table.refuse("event alice toss dollar", IllegalMove, "LOOP 9.0 Insurance")
    events = table.play("event alice toss")
    tossed = [e for e in events if type(e).__name__ == "Tossed"]
    assert len(tossed) == 1 and tossed[0].outcomes[0] in data.COIN_SIDES
    assert table.p("alice").coin == (5 if tossed[0].outcomes == ("dollar",) else 1)


def test_insurance_lost_toss_is_paid_in_the_log() -> None:
    table = begun()
    table.give("alice", coin=3)
    _immediate(table, "INSURANCE")
    events = table.play("event alice toss blank")
    assert "alice pays 2 COIN (INSURANCE)" in map(loop.describe, events)


def test_no_event_is_revealed_or_answered_out_of_its_time() -> None:
    """5.3: face-down EVENT flip after their owner's turn, and ``event PLAYER`` answers only the
    IMMEDIATE EVENT being resolved."""
    table = begun()
    table.refuse("reveal event overtime", IllegalMove, "LOOP 5.3 EVENT")  # in a turn
    table.refuse("event alice lose", IllegalMove, "LOOP 5.3 EVENT")
    table.give("alice", coin=2)
    table.play("buy alice glass:1", "end alice")  # the table refills the BUY AREA first
    assert table.state.phase == "refill" and loop.to_act(table.state) == ["table"]
    error = table.refuse("reveal event overtime", IllegalMove, "LOOP 5.3 EVENT")
    assert "no face-down EVENT is flipped now" in str(error)
    # alice's face-down EVENT flip after the refills, not before (5.3, modes.py: the turn end)
    table = begun()
    table.give("alice", coin=2, events=("?",))
    table.play("buy alice glass:1", "end alice")
    assert table.state.phase == "refill" and table.state.ending != "flip"
    error = table.refuse("reveal event overtime", IllegalMove, "LOOP 5.3 EVENT")
    assert "no face-down EVENT is flipped now" in str(error)
    table.play("reveal material metal", "reveal event overtime")
    # OVERPRODUCTION at a real table waits for its 2 cards, and for no player's answer
    table = begun()
    table.give("alice", events=("?",))
    table.play("work alice", "end alice", "reveal event overproduction")
    assert table.state.current == "OVERPRODUCTION" and not table.state.resolving
    table.refuse("event alice lose", IllegalMove, "LOOP 5.3 EVENT")


def test_an_event_that_acts_at_once_asks_nobody() -> None:
    """HIDDEN CLAUSE acts on everyone at once: no player is waited for, and the log says no
    player resolved it."""
    table = begun()
    table.give("alice", events=("?",))
    table.give("bob", credit=((2, 0),))
    events = table.play("work alice", "end alice", "reveal event hidden-clause")
    told = [loop.describe(event) for event in events]
    assert "bob's CREDIT CARD 1 loses 1 COIN to the WORK AREA" in told
    assert not any("has resolved it" in line for line in told)
    assert table.state.current == "" and table.state.event_discard[-1] == "HIDDEN CLAUSE"


# --- what a partial mutation run of end.py found untested (the turn-end checks of 9.0)


def test_collector_needs_all_5_types_and_the_event() -> None:
    """9.0 COLLECTOR: "if you have all 5 different types of MATERIAL": 4 gain nothing, and 5
    gain nothing while COLLECTOR is not in effect."""
    five = tuple((kind, 1) for kind in data.MATERIALS)
    for active, held, gained in (("COLLECTOR", five, 1), ("COLLECTOR", five[:4], 0), ("", five, 0)):
        table = begun()
        table.set(event_active=active)
        table.give("alice", materials=held, happiness=6)
        table.play("work alice")
        events = table.play("end alice")
        assert table.p("alice").happiness == 6 - 1 + gained
        assert ("alice: +1 HAPPINESS (COLLECTOR)" in map(loop.describe, events)) == bool(gained)


def test_hypebeast_owning_the_same_types_is_enough() -> None:
    """9.0 HYPEBEAST: "If you own every MATERIAL type that he owns, nothing happens": the same
    types as the target is every one; one missing costs 1 HAPPINESS, named in the log."""
    table = begun()
    _effect(table, "HYPEBEAST")
    table.give("alice", materials=(("glass", 1), ("metal", 3)), happiness=6)
    table.give("bob", materials=(("glass", 2), ("metal", 1)))
    table.play("work alice", "end alice --target bob")
    assert table.p("alice").happiness == 6 - 1
    table = begun()
    _effect(table, "HYPEBEAST")
    table.give("alice", materials=(("glass", 1),), happiness=6)
    table.give("bob", materials=(("metal", 1),))
    table.play("work alice")
    events = table.play("end alice --target bob")
    assert "alice: -1 HAPPINESS (HYPEBEAST)" in map(loop.describe, events)


def test_a_diamond_is_for_business_names_itself_in_the_log() -> None:
    table = begun()
    _effect(table, "A DIAMOND IS FOR BUSINESS")
    table.give("alice", materials=(("glass", 1),), happiness=6)
    table.play("work alice")
    events = table.play("end alice")
    assert "alice: -1 HAPPINESS (A DIAMOND IS FOR BUSINESS)" in map(loop.describe, events)


# --- what a mutation run of evolve.py found untested: a real table's EVENT deck


def test_overproduction_at_a_real_table_waits_for_exactly_2_cards() -> None:
    """9.0 OVERPRODUCTION: "Remove from game the top 2 cards of MATERIAL deck": the table types 2
    cards, and with those 2 nothing more is waited for."""
    table = begun()
    table.give("alice", events=("?",))
    table.play("work alice", "end alice", "reveal event overproduction")
    assert table.state.removing == 2
    table.play("reveal material food metal")
    assert table.state.removing == 0


def test_an_event_flipped_face_up_cannot_be_revealed_again() -> None:
    """5.3: a face-down EVENT is one of the cards not yet seen: OVERTIME, flipped face up after
    alice's turn, cannot be what bob's face-down EVENT turns out to be."""
    table = begun()
    table.give("alice", events=("?",))
    table.play("work alice", "end alice", "reveal event overtime")
    table.give("bob", events=("?",))
    table.play("work bob", "end bob")
    error = table.refuse("reveal event overtime", IllegalMove, "LOOP 5.3 EVENT")
    assert "face up already" in str(error)
    table.play("reveal event red-gown")


def test_at_a_real_table_the_events_reshuffled_can_be_drawn_again() -> None:
    """5.3: "If the EVENT deck is empty, shuffle the Discard Pile" (less the CONTINUOUS EVENT in
    effect): RED GOWN, discarded, is shuffled back, so the EVENT alice draws from the refilled
    deck may be RED GOWN; OVERTIME, in effect, stays out."""
    table = begun()
    pool = tuple(name for name in table.state.event_pool if name not in ("RED GOWN", "OVERTIME"))
    table.set(event_deck=(), event_discard=("OVERTIME", "RED GOWN"), event_active="OVERTIME", event_pool=pool)
    table.give("alice", happiness=5)
    table.play("work alice")  # into another zone: 5.3 draws an EVENT
    assert table.p("alice").events == ("?",)
    assert table.state.event_discard == ("OVERTIME",)
    assert sorted(table.state.event_pool) == sorted((*pool, "RED GOWN"))
    table.play("end alice")
    table.refuse("reveal event overtime", IllegalMove, "LOOP 5.3 EVENT")
    table.play("reveal event red-gown")
    assert table.state.event_next == "RED GOWN" or table.state.event_active == "RED GOWN"


def test_hidden_clause_takes_the_coin_from_the_credit_card_not_from_its_owner() -> None:
    """9.0 HIDDEN CLAUSE: "Move 1 COIN from each CREDIT CARD to WORK AREA": bob's card paid 2
    holds 1; bob's own COIN are untouched."""
    table = begun()
    table.give("alice", events=("?",))
    table.give("bob", credit=((2, 0),), coin=3)
    table.play("work alice", "end alice", "reveal event hidden-clause")
    assert table.p("bob").credit[0][0] == 1 and table.p("bob").coin == 3


# --- what ``legal`` offers a player resolving an IMMEDIATE EVENT (9.0)


def _choices(table: Table) -> set[str]:
    """The player's ``event`` moves listed (an APPLY is open besides, 5.4)."""
    words = {loop.text(move) for move in loop.legal(table.state)}
    return {w for w in words if w.startswith("event ")}


def _resolving(event: str) -> Table:
    """3 players at a real table, alice to resolve ``event``: alice HAPPINESS 5, 5 COIN, 2
    GLASS@2 and a METAL@1; bob HAPPINESS 4, FOOD, GLASS (twice) and UTILITY in his LANDFILL, 2
    SHARE in hand; carol HAPPINESS 7, a UTILITY in her LANDFILL, a SHARE, an ACQUIRE and a card
    the referee has not seen in hand."""
    table = begun(players=3)
    table.give("alice", happiness=5, coin=5, materials=(("glass", 2), ("glass", 2), ("metal", 1)))
    table.give("bob", happiness=4, landfill=("glass", "utility", "food", "glass"), hand=("share", "share"))
    table.give("carol", happiness=7, landfill=("utility",), hand=("?", "acquire", "share"))
    _immediate(table, event)
    return table


@pytest.mark.parametrize(
    ("event", "expected"),
    [
        # "Choose to toss 1 COIN or lose 1 COIN": at a real table the table types the toss
        ("INSURANCE", {"event alice lose", "event alice toss dollar", "event alice toss blank"}),
        # "Choose 1 MATERIAL in your AREA to lose 1 QUALITY"
        ("PLANNED OBSOLESCENCE", {"event alice glass@2", "event alice metal@1"}),
        # "Do nothing, or 1 of the following: a) ... b) ... c) ..." each from the BUY AREA
        (
            "REDEEM BONUS",
            {"event alice none"}
            | {
                f"event alice {choice} {kind}"
                for choice in "abc"
                for kind in ("food", "glass", "metal", "plastic", "utility")
            },
        ),
        # "take 1 non-UTILITY MATERIAL at QUALITY 1 from his LANDFILL": carol's holds only UTILITY
        ("REPURCHASE", {"event alice bob food", "event alice bob glass"}),
        # "Give 1 MATERIAL ... to another player"
        (
            "SATAN SANTA",
            {f"event alice {who} {card}" for who in ("bob", "carol") for card in ("glass@2", "metal@1")},
        ),
        # "Draw 1 FAVOUR from a player's hand ... who has higher HAPPINESS than you": carol's
        # hand holds 3 kinds of card, so the table types the one drawn
        (
            "SOCIAL RESPONSIBILITY",
            {"event alice carol acquire", "event alice carol share", "event alice carol unseen"},
        ),
        # "Choose a player who has less HAPPINESS than you"
        ("STATUS CLIMB", {"event alice bob"}),
    ],
)
def test_legal_lists_each_choice_of_an_immediate_event(event: str, expected: set[str]) -> None:
    table = _resolving(event)
    assert loop.to_act(table.state) == ["alice"]
    assert _choices(table) == expected


def test_legal_lists_a_draw_from_a_hand_of_one_kind_and_a_virtual_toss_without_its_outcome() -> None:
    """9.0 SOCIAL RESPONSIBILITY from a hand of 2 SHARE: either card is a SHARE, nothing to type;
    INSURANCE and SOCIAL RESPONSIBILITY with virtual decks: the referee tosses and draws."""
    table = _resolving("SOCIAL RESPONSIBILITY")
    table.give("bob", happiness=6)
    assert _choices(table) == {
        "event alice bob",
        "event alice carol acquire",
        "event alice carol share",
        "event alice carol unseen",
    }
    table.give("bob", happiness=6, hand=("share", "acquire"))  # 2 kinds: the table types which
    assert _choices(table) == {
        "event alice bob acquire",
        "event alice bob share",
        "event alice carol acquire",
        "event alice carol share",
        "event alice carol unseen",
    }
    table = virtual()
    table.give("alice", happiness=3, coin=5)
    table.give("bob", happiness=6, hand=("share", "acquire"))
    _immediate(table, "SOCIAL RESPONSIBILITY")
    assert _choices(table) == {"event alice bob"}
    _immediate(table, "INSURANCE")
    assert _choices(table) == {"event alice lose", "event alice toss"}


def test_buy_more_earn_more_counts_the_coin_of_an_acquire_and_a_recycle() -> None:
    """9.0 BUY MORE EARN MORE: "Get 1 COIN from WORK AREA for every 3 COIN you spent, including
    ACQUIRE, BUY, and RECYCLE only": a BUY at 3 COIN, then 3 COIN paid for bob's METAL@3, then 3
    for a RECYCLE: 1 COIN back each time, the turn's COIN counted together."""
    table = begun()
    _effect(table, "BUY MORE EARN MORE")
    table.give("alice", coin=9, materials=(), hand=("acquire", "recycle"))
    table.give("bob", coin=0, materials=(("metal", 3),), landfill=("glass",))
    table.play("buy alice glass:3")
    assert table.p("alice").coin == 9 - 3 + 1
    table.play("favour alice acquire bob metal", "accept bob")
    assert table.p("alice").coin == 9 - 3 + 1 - 3 + 1 and table.p("bob").coin == 3
    table.play("favour alice recycle bob glass --pay 3", "accept bob")
    assert table.p("alice").coin == 9 - 3 + 1 - 3 + 1 - 3 + 1


def test_buy_more_earn_more_counts_each_turn_from_0() -> None:
    """9.0 BUY MORE EARN MORE: "for every 3 COIN you spent", counted in each turn: alice's BUY at
    2 COIN pays nothing back, nor does bob's at 1 COIN in the next turn (2 + 1 are not one
    player's turn)."""
    table = begun()
    _effect(table, "BUY MORE EARN MORE")
    table.give("alice", coin=2, materials=())
    table.give("bob", coin=1, materials=())
    table.play("buy alice glass:2")
    assert table.p("alice").coin == 0
    _ended(table, "end alice")
    assert table.state.active == "bob" and table.state.event_active == "BUY MORE EARN MORE"
    table.play("buy bob metal:1")
    assert table.p("bob").coin == 0


def test_a_continuous_event_in_effect_is_no_longer_shown_as_coming_next() -> None:
    """5.3: "The effect of a CONTINUOUS EVENT starts on next player's turn": flipped after
    alice's turn it is coming next; from bob's turn it is in effect, and nothing is coming."""
    table = begun()
    table.give("alice", events=("?",))
    table.play("work alice", "end alice", "reveal event overtime")
    events = loop.view(table.state).events
    assert events is not None and (events.active, events.next) == ("OVERTIME", None)


def test_legal_lists_each_bogof_buy_with_its_free_cards() -> None:
    """9.0 BOGOF: "For every MATERIAL you BUY, you must take 1 MATERIAL at QUALITY 1 from the BUY
    AREA if there is any": every BUY listed takes 1 free card per card bought, from the cards
    left; without BOGOF none is free."""
    table = begun()
    table.give("alice", coin=1)
    plain = [m for m in loop.legal(table.state) if isinstance(m, Buy)]
    assert plain and all(m.free == () for m in plain)
    _effect(table, "BOGOF")
    table.give("alice", coin=2)
    buys = [m for m in loop.legal(table.state) if isinstance(m, Buy)]
    assert buys and all(m.player == "alice" for m in buys)
    assert {len(m.cards) for m in buys} == {1, 2}
    for buy in buys:
        assert len(buy.free) == len(buy.cards)
        taken = sorted([kind for kind, _ in buy.cards] + list(buy.free))
        assert len(set(taken)) == len(taken)  # 1 of each type in the BUY AREA
    assert "buy alice food:1 glass:1 --free metal,plastic" in {loop.text(m) for m in buys}


def test_legal_lists_the_overproduction_removal_of_each_type_left() -> None:
    """9.0 OVERPRODUCTION: "Remove from game the top 2 cards of MATERIAL deck": at a real table
    the table types each card; a reveal of each type the deck holds is listed."""
    table = begun()
    table.give("alice", events=("?",))
    table.play("work alice", "end alice", "reveal event overproduction")
    assert table.state.removing == 2 and loop.to_act(table.state) == ["table"]
    kinds = {m.material for m in loop.legal(table.state) if isinstance(m, RevealMaterial)}
    assert kinds == set(table.state.material_deck)


def test_everything_is_online_stops_a_favour_that_spends_coin() -> None:
    """9.0 EVERYTHING IS ONLINE: "Player without a CREDIT CARD cannot spend COIN": an ACQUIRE
    and a RECYCLE are paid in COIN (3.1), so alice is refused both; a BARTER pays none, and
    once she holds a CREDIT CARD she ACQUIREs."""
    table = begun()
    _effect(table, "EVERYTHING IS ONLINE")
    table.give("alice", coin=5, hand=("acquire", "recycle", "barter"), materials=(("glass", 1),))
    table.give("bob", materials=(("metal", 1),), landfill=("glass",))
    table.refuse("favour alice acquire bob metal", IllegalMove, "LOOP 9.0 Everything Is Online")
    table.refuse("favour alice recycle bob glass --pay 1", IllegalMove, "LOOP 9.0 Everything Is Online")
    table.play("favour alice barter bob glass metal")
    online = begun()
    _effect(online, "EVERYTHING IS ONLINE")
    online.give("alice", coin=5, hand=("acquire",), credit=((0, 0),))
    online.give("bob", materials=(("metal", 2),))
    online.play("favour alice acquire bob metal")


def test_disposable_culture_recycles_plastic_at_quality_1_only() -> None:
    """9.0 DISPOSABLE CULTURE: "Player can only BUY and RECYCLE PLASTIC at QUALITY 1" (3.1
    RECYCLE: the COIN paid is the QUALITY): PLASTIC at 2 COIN is refused, at 1 taken, GLASS
    at 2 as ever; with the only-plastic reading, nothing but PLASTIC."""
    table = begun()
    _effect(table, "DISPOSABLE CULTURE")
    table.give("alice", coin=5, materials=(), hand=("recycle",))
    table.give("bob", landfill=("plastic", "glass"))
    table.refuse("favour alice recycle bob plastic --pay 2", IllegalMove, "LOOP 9.0 Disposable Culture")
    table.play("favour alice recycle bob plastic --pay 1", "accept bob")
    assert table.p("alice").materials == (("plastic", 1),)
    glass = begun()
    _effect(glass, "DISPOSABLE CULTURE")
    glass.give("alice", coin=5, materials=(), hand=("recycle",))
    glass.give("bob", landfill=("glass",))
    glass.play("favour alice recycle bob glass --pay 2", "accept bob")
    assert glass.p("alice").materials == (("glass", 2),)
    only = begun(**{"disposable-culture": "only-plastic"})
    _effect(only, "DISPOSABLE CULTURE")
    only.give("alice", coin=5, materials=(), hand=("recycle",))
    only.give("bob", landfill=("plastic", "glass"))
    only.refuse("favour alice recycle bob glass --pay 1", IllegalMove, "LOOP 9.0 Disposable Culture")
    only.refuse("favour alice recycle bob plastic --pay 2", IllegalMove, "LOOP 9.0 Disposable Culture")
    only.play("favour alice recycle bob plastic --pay 1")


def test_legal_lists_a_consume_as_the_turn_starts_and_none_after_a_work() -> None:
    """2.1: a turn is one of WORK, BUY or CONSUME. At the start of alice's turn, holding GLASS
    and PLASTIC, legal lists the CONSUME of DANCE; after her WORK, no CONSUME."""
    table = begun()
    table.give("alice", materials=(("glass", 1), ("plastic", 1)))
    assert "consume alice dance=glass@1,plastic@1" in {loop.text(m) for m in loop.legal(table.state, "alice")}
    table.play("work alice")
    assert not any(loop.text(m).startswith("consume ") for m in loop.legal(table.state, "alice"))
