"""LOOP 1.0 Setup and 5.1 Setup & CAREER, each from the rulebook's text: what the table types
while the game is set up (the mutation run of ``rules/setup.py``, issue 21)."""

from __future__ import annotations

import ledger.games.loop as loop
from ledger.errors import IllegalMove
from ledger.games.loop.model import ChooseCareer, Dealt, RevealCareers
from ledger.games.loop.rules.core import R_CAREER, R_SETUP
from tests.loop.modes_table import Competitive
from tests.loop.table import CARDS, Table


def test_each_player_is_dealt_2_different_careers() -> None:
    """5.1: "Shuffle all CAREER, then deal 2 to each player": 2 cards of the deck, each CAREER
    card one of a kind. The grammar takes exactly 2 names; a service caller may send more."""
    table = Competitive(2)
    table.refuse("reveal career alice artist artist", IllegalMove, R_CAREER)
    for careers in (("ARTIST",), ("ARTIST", "CHEF", "HOMEMAKER")):
        table.refuse_command(RevealCareers("alice", careers), IllegalMove, R_CAREER)
    table.play("reveal career alice artist chef")
    assert table.p("alice").careers == ("ARTIST", "CHEF")


def test_virtual_decks_choose_no_career_before_every_face_is_declared() -> None:
    """Virtual decks are dealt only once every ACTIVITY and GOAL face is known (docs/loop.md):
    until then nobody plays, not even the CAREER choice of 5.1."""
    table = Competitive(2, seed=3, cards=False)
    assert table.state.phase == "cards" and table.p("alice").careers
    table.refuse(f"career alice {table.p('alice').careers[0].lower()}", IllegalMove, R_SETUP)
    table.refuse("career alice intern", IllegalMove, R_SETUP)


def test_a_sealed_seed_deals_the_activity_deck_and_goals_without_showing_them() -> None:
    """docs/auditing.md, sealed seeds: "no fact records" the order of a deck; the fold deals the
    ACTIVITY deck and each player's GOAL from the seed, as the same seed unsealed does."""
    plain = Table(2, seed=7)
    sealed = Table(2, seed=7, cards=False)
    sealed.set(sealed=True)
    for command in loop.load_cards(sealed.setup, CARDS):
        sealed.apply(command)
    dealt = [e for e in sealed.events() if isinstance(e, Dealt)]
    assert dealt == [Dealt((), {})]
    assert [e for e in plain.events() if isinstance(e, Dealt)] != dealt
    assert sealed.state.activity_deck == plain.state.activity_deck
    assert {n: p.goals for n, p in sealed.state.players.items()} == {
        n: p.goals for n, p in plain.state.players.items()
    }


def test_office_lady_is_chosen_by_either_name() -> None:
    """8.0 prints the CAREER as "Office Lady / Clerk": one card, either name, typed or sent by
    a service caller."""
    for choose in ("career alice clerk", ChooseCareer("alice", "CLERK")):
        table = Competitive(2)
        table.play("reveal career alice office-lady chef", "reveal career bob artist homemaker")
        if isinstance(choose, str):
            table.play(choose)
        else:
            table.apply(choose)
        assert table.p("alice").career == "OFFICE LADY"
