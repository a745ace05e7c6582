"""LOOP 1.0 Setup, 2.2 Start Turn and the virtual decks."""

from __future__ import annotations

from collections import Counter

import pytest

import ledger.games.loop as loop
from ledger.decider import Setup
from ledger.errors import BadInput, IllegalMove
from ledger.games.loop.model import (
    ActivitiesReshuffled,
    Consume,
    FavourDrawn,
    FavoursReshuffled,
    Kept,
    TurnStarted,
)
from tests.loop.table import CARDS, Table, started


@pytest.mark.parametrize(("count", "removed"), [(2, 2), (3, 1), (4, 1), (5, 0), (6, 0)])
def test_material_sets_removed_by_player_count(count: int, removed: int) -> None:
    table = Table(count, seed=count)
    state = table.state
    assert Counter(state.removed) == Counter(dict.fromkeys(loop_materials(), removed))
    assert state.buy_area == loop_materials()  # 1 set face-up
    owned = [m for p in state.players.values() for m in p.materials]
    assert all(quality == 2 for _, quality in owned) and len(owned) == count
    assert len(state.material_deck) + count == 30 - 5 * removed - 5


def loop_materials() -> tuple[str, ...]:
    return ("food", "glass", "metal", "plastic", "utility")


@pytest.mark.parametrize(
    ("count", "deal"),
    [(2, [2, 3]), (3, [1, 2, 3]), (4, [1, 2, 2, 3]), (5, [1, 1, 2, 2, 3]), (6, [1, 1, 2, 2, 3, 3])],
)
def test_favour_deal_by_seat(count: int, deal: list[int]) -> None:
    table = Table(count, seed=5, cards=False)
    assert [len(table.p(n).hand) for n in table.state.seats] == deal
    assert len(table.state.favour_deck) == 30 - sum(deal)


def test_favour_deal_option() -> None:
    table = Table(4, cards=False, options={"favour-deal": "2,2,2,2"})
    assert [len(table.p(n).hand) for n in table.state.seats] == [2, 2, 2, 2]
    for bad in ("1,2,3", "a,b,c,d", "10,10,10,10", "-1,1,1,1"):
        with pytest.raises(BadInput):
            Table(4, cards=False, options={"favour-deal": bad})


@pytest.mark.parametrize(
    ("players", "mode", "options"),
    [
        (("alice",), "basic", {}),
        (("a", "b", "c", "d", "e", "f", "g"), "basic", {}),
        (("alice", "Alice"), "basic", {}),
        (("alice", "table"), "basic", {}),
        (("alice", "bo b"), "basic", {}),
        (("alice", "bob"), "solo", {}),
        (("alice", "bob"), "basic", {"careers": "all"}),
    ],
)
def test_setups_refused(players: tuple[str, ...], mode: str, options: dict[str, str]) -> None:
    setup = Setup(game="loop", rules_version="x", players=players, mode=mode, options=options)
    with pytest.raises(BadInput):
        loop.initial(setup)


def test_a_real_table_reveals_starting_material_and_activities_before_the_first_turn() -> None:
    table = Table(2)
    assert loop.to_act(table.state) == ["table"]
    assert table.state.awaiting_start == ("alice", "bob")
    assert table.state.players["alice"].hand == ("?", "?")
    table.play("reveal material food --to alice", "reveal material metal --to bob")
    assert table.p("alice").materials == (("food", 2),)
    for name in ("dance", "picnic", "yoga", "yoga"):
        table.play(f"reveal activity {name}")
        assert loop.to_act(table.state) == ["table"]
    events = table.play("reveal activity cooking")
    assert events[-2:] == [TurnStarted("alice", 1), FavourDrawn("alice", "?")]
    assert loop.to_act(table.state) == ["alice"]
    assert table.p("alice").coin == 2 and table.p("alice").happiness == 4
    assert table.p("alice").reputation == 0


def test_virtual_decks_wait_for_every_face() -> None:
    table = Table(2, seed=3, cards=False)
    assert table.state.phase == "cards" and loop.to_act(table.state) == ["table"]
    error = table.refuse("work alice", IllegalMove, "LOOP 1.0 Setup")
    assert "1 of 15 ACTIVITY" not in str(error) and "0 of 15 ACTIVITY" in str(error)
    commands = loop.load_cards(table.setup, CARDS)
    for command in commands[:-1]:
        table.apply(command)
    assert table.state.phase == "cards"
    events = table.apply(commands[-1])
    assert table.state.phase == "turn" and events[-2] == TurnStarted("alice", 1)
    assert len(table.state.consume_area) == 5 and len(table.state.activity_deck) == 25
    goals = [g for p in table.state.players.values() for g in p.goals]
    assert len(goals) == 6 and len(set(goals)) == 6


def test_virtual_decks_are_the_same_for_the_same_seed() -> None:
    assert Table(4, seed=11).state == Table(4, seed=11).state
    assert Table(4, seed=11).state != Table(4, seed=12).state


def test_start_of_turn_draw_only_below_5_and_reshuffles_the_discard() -> None:
    table = started()
    table.give("bob", hand=("?",) * 5)
    events = table.play("work alice", "end alice")
    assert not any(isinstance(e, FavourDrawn) for e in events)
    table.set(favour_deck=(), favour_discard=("share", "share"))
    table.give("alice", hand=())
    events = table.play("work bob", "end bob")
    assert FavoursReshuffled(("?", "?")) in events
    assert FavourDrawn("alice", "?") in events
    assert table.state.favour_discard == () and len(table.state.favour_deck) == 1


def test_no_draw_when_deck_and_discard_are_empty() -> None:
    table = started()
    table.set(favour_deck=(), favour_discard=())
    events = table.play("work alice", "end alice")
    assert events[-1] == TurnStarted("bob", 1)


def test_an_empty_activity_deck_reshuffles_the_discard_pile() -> None:
    table = started()
    table.set(activity_unseen=0, activity_discard=("YOGA", "HIKING"))
    table.give("alice", materials=(("glass", 2), ("plastic", 2)))
    table.play("consume alice dance=glass,plastic")
    events = table.play("end alice")
    assert events[-1] == ActivitiesReshuffled(("HIKING", "YOGA"))
    assert table.state.activity_discard == ()  # the Discard Pile became the deck
    table.refuse("reveal activity cooking", IllegalMove, "LOOP 3.2 GOAL")
    table.play("reveal activity yoga")
    assert table.state.activity_deck == ("HIKING",) and table.state.active == "bob"


def test_virtual_activity_reshuffle_is_seeded() -> None:
    table = Table(2, seed=9)
    table.set(activity_deck=(), activity_discard=("YOGA", "HIKING", "DANCE"))
    alice = table.state.active
    mats = (("glass", 2), ("plastic", 2), ("food", 2), ("utility", 2))
    table.give(alice, materials=mats)
    move = next(m for m in loop.legal(table.state) if isinstance(m, Consume))
    table.apply(move)
    events = table.play(f"end {alice}")
    shuffles = [e for e in events if isinstance(e, ActivitiesReshuffled)]
    assert len(shuffles) == 1 and sorted(shuffles[0].order) == ["DANCE", "HIKING", "YOGA"]
    again = Table(2, seed=9)
    again.set(activity_deck=(), activity_discard=("YOGA", "HIKING", "DANCE"))
    again.give(alice, materials=mats)
    again.apply(move)
    assert again.play(f"end {alice}") == events


def test_hands_over_5_keep_their_cards_but_draw_nothing() -> None:
    table = started()
    table.give("bob", hand=("?",) * 5, materials=(("plastic", 2),))
    table.play("favour alice share bob plastic", "accept bob")
    assert len(table.p("bob").hand) == 6  # 2.4 a): no hand limit
    deck = table.state.favour_deck
    events = table.play("work alice", "end alice")
    # 2.4 a): "You just cannot draw new FAVOUR at the beginning of your next turn."
    assert events[-1] == TurnStarted("bob", 1)
    assert not any(isinstance(e, FavourDrawn) for e in events)
    assert len(table.p("bob").hand) == 6 and table.state.favour_deck == deck


def test_curiosity_needs_all_5_types_among_the_kept() -> None:
    table = started()
    table.give(
        "alice",
        kept=(Kept("PICNIC", ("food", "utility")), Kept("LIBRARY", ("glass", "glass"))),
        materials=(("glass", 2), ("plastic", 2)),
    )
    table.play("consume alice dance=glass,plastic")
    table.refuse("goal alice curiosity", IllegalMove, "LOOP 3.2 GOAL")
    table = started()
    table.give(
        "alice",
        kept=(Kept("PICNIC", ("food", "utility")), Kept("CYCLING", ("metal", "metal"))),
        materials=(("glass", 2), ("plastic", 2)),
    )
    table.play("consume alice dance=glass,plastic", "goal alice curiosity")
    assert table.p("alice").achieved == ("CURIOSITY",)
