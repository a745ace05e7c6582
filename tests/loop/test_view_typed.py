"""The typed view ``status --json`` prints, in Competitive, Cooperative and Solo Mode: the EVENT
(5.3: the deck, the discard pile, the CONTINUOUS EVENT in effect and next, the IMMEDIATE EVENT
being resolved and by whom, the EVENT flipped still to resolve, those a mode removes (6.1,
7.1), the 3 HAPPINESS zones); and a FAVOUR awaiting its answer (2.4), with the MATERIAL it
names and the REPUTATION its target gains by ACCEPTing (3.1)."""

from __future__ import annotations

import pytest

import ledger.games.loop as loop
from ledger.games.loop import data
from ledger.games.loop.view import Events, Material, OfferView
from tests.loop.modes_table import Competitive, begun
from tests.loop.table import started
from tests.loop.test_screen_words import _insurance

ZONES = [[0, 4], [5, 8], [9, 12]]


def test_a_new_games_events() -> None:
    assert loop.view(begun().state).events == Events(
        deck=30,
        discard=[],
        active=None,
        next=None,
        resolving=None,
        players=[],
        choice=None,
        triggered=[],
        removed=[],
        zones=ZONES,
    )
    assert loop.view(started().state).events is None  # 4.0: no EVENT in Basic Mode


@pytest.mark.parametrize(("mode", "deck"), [("cooperative", 26), ("solo", 21)])
def test_the_events_a_mode_removes(mode: str, deck: int) -> None:
    """6.1, 7.1: the EVENT with the Not-For-Coop / Not-For-Solo icon are out of the game."""
    events = loop.view(begun(mode).state).events
    assert events is not None
    out = sorted(e.name.upper() for e in data.EVENTS if mode in e.excluded)
    assert (events.deck, sorted(events.removed)) == (deck, out)
    assert len(out) == 30 - deck


def test_the_zones_follow_the_option() -> None:
    events = loop.view(begun(zones="4,9").state).events
    assert events is not None and events.zones == [[0, 4], [5, 9], [10, 12]]


def test_events_flipped_resolving_and_next() -> None:
    """5.3: OVERTIME (CONTINUOUS) is in effect from the next turn; INSURANCE is resolved by
    alice then bob; STATUS CLIMB and THE GAP wait their turn."""
    table = _insurance()
    assert loop.view(table.state).events == Events(
        deck=30,
        discard=["OVERTIME"],
        active=None,
        next="OVERTIME",
        resolving="INSURANCE",
        players=["alice", "bob"],
        choice="event alice toss [dollar|blank] | lose",
        triggered=["STATUS CLIMB", "THE GAP"],
        removed=[],
        zones=ZONES,
    )
    table.play("event alice toss dollar")
    before = table.state
    events = table.play("event bob toss blank")
    assert loop.view(table.state).events == Events(
        deck=30,
        discard=["OVERTIME", "INSURANCE", "STATUS CLIMB", "THE GAP"],
        active="OVERTIME",
        next=None,
        resolving=None,
        players=[],
        choice=None,
        triggered=[],
        removed=[],
        zones=ZONES,
    )
    # between bob's part and INSURANCE going under the discard pile (``at``): nobody resolves
    state = before
    for event in events[: [type(e).__name__ for e in events].index("EventResolved")]:
        state = loop.evolve(state, event)
    seen = loop.view(state).events
    assert seen is not None
    assert (seen.resolving, seen.players, seen.choice) == ("INSURANCE", [], None)


def test_a_favour_awaiting_its_answer() -> None:
    """2.4 and 3.1: ACCEPT a BARTER for 1 REPUTATION, a RECYCLE for none, a SHARE for 2."""
    table = started()
    table.play("favour alice barter bob glass plastic")
    answers = ["accept bob", "reject bob --discard"]
    assert loop.view(table.state).pending == OfferView(
        kind="barter",
        player="alice",
        target="bob",
        mine=Material("glass", 2),
        theirs=Material("plastic", 2),
        landfill=None,
        pay=0,
        reputation=1,
        gain=1,
        answers=answers,
        rejects=["discard"],
    )
    table = started()
    table.give("bob", landfill=("metal",))
    table.play("favour alice recycle bob metal --pay 2")
    assert loop.view(table.state).pending == OfferView(
        kind="recycle",
        player="alice",
        target="bob",
        mine=None,
        theirs=None,
        landfill="metal",
        pay=2,
        reputation=0,
        gain=0,
        answers=answers,
        rejects=["discard"],
    )
    table = started()
    table.play("favour alice share bob plastic")
    pending = loop.view(table.state).pending
    assert pending is not None
    assert (pending.theirs, pending.mine, pending.reputation) == (Material("plastic", 2), None, 2)
    assert pending.gain == 2


def test_the_reputation_an_accept_gains_up_to_two_kept() -> None:
    """1.1 "You can keep up to 2 REPUTATION" and 2.4 a): "can keep at most 2 REPUTATION, at which
    you can still ACCEPT but gain no REPUTATION": a SHARE (2, LOOP 3.1) ACCEPTed by a target
    holding 1 gains 1, holding 2 gains none; the view says it and ACCEPT records it."""
    for held, gained in ((0, 2), (1, 1), (2, 0)):
        table = started()
        table.give("bob", reputation=held)
        table.play("favour alice share bob plastic")
        pending = loop.view(table.state).pending
        assert pending is not None
        assert (pending.reputation, pending.gain) == (2, gained)
        table.play("accept bob")
        assert table.p("bob").reputation == held + gained


def test_a_players_career_credit_cards_events_and_favours_face_up() -> None:
    """5.1 the CAREER, 5.4 the COIN paid on each CREDIT CARD, 5.3 the EVENT face down (a
    count), 6.2 the FAVOUR face up; 8.0 SCHOLAR's look is its owner's alone."""
    table = begun("cooperative", careers={"bob": "chef"})
    table.give("alice", credit=((3, 1), (0, 0)), events=("?", "?"), played=("share", "acquire"), peek="glass")
    view = loop.view(table.state)
    alice = view.players["alice"]
    assert (alice.career, alice.careers, alice.credit, alice.events, alice.played, alice.peek) == (
        "INTERN",
        None,
        [3, 0],
        2,
        ["share", "acquire"],
        None,
    )
    assert view.players["bob"].career == "CHEF"
    assert loop.view(table.state, as_player="alice").players["alice"].peek == "glass"
    assert loop.view(table.state, as_player="bob").players["alice"].peek is None
    # 6.1: 1 set of 5 red FAVOUR each, the rest out of the game
    assert (view.favours_removed, loop.view(begun().state).favours_removed) == (20, 0)


def test_the_careers_dealt_are_shown_as_far_as_the_table_knows_them() -> None:
    """5.1: the 2 CAREER dealt are their owner's; a real table types them, so all see them."""
    table = Competitive(2, seed=3)
    dealt = list(table.p("alice").careers)
    assert loop.view(table.state).players["alice"].careers is None
    assert loop.view(table.state, as_player="bob").players["alice"].careers is None
    assert loop.view(table.state, as_player="alice").players["alice"].careers == dealt
    table = Competitive(2)
    table.play("reveal career alice chef tycoon")
    assert loop.view(table.state).players["alice"].careers == ["CHEF", "TYCOON"]
    assert loop.view(table.state).players["bob"].careers is None
