"""Elections, 1. Return Workies: "Return all workies in completely filled work areas ... You
may, but are not forced to, also return any workies in work areas that are not completely
filled": only a player with a partly filled area is asked; 3. Carry Out the Election: a
player without "+1" tiles puts nothing in front. And a game recorded under rules version 1
with virtual piles still turns up its news cards itself."""

from __future__ import annotations

from ledger.errors import IllegalMove
from ledger.games.planet_b.model import Constructed, Drawn, NewsRevealed, Votes
from ledger.games.planet_b.sections import R_DRAWS
from tests.planet_b.table import Table, physical, started
from tests.planet_b.test_examples import board


def test_a_player_with_only_full_work_areas_is_not_asked_what_returns() -> None:
    table = started()
    table.give("ben", buildings=(Constructed("TAILOR", (("crafty", "crafty", "brainy", "brainy"),)),))
    table.set(called=True, dealt=True)
    events = table.play("end ann")
    assert table.state.elections == 1 and table.state.phase == "turn" and table.state.active == "ben"
    assert table.p("ben").buildings[0].placed == ((),)
    assert all(e.n for e in events if isinstance(e, Votes))  # no fact that moves no vote


def test_a_version_1_virtual_game_turns_up_the_next_news_card_itself() -> None:
    table = Table(4, seed=1, rules_version="1")
    table.draft_first()
    assert table.state.legacy
    board(table, "news")
    table.set(news_up={**table.state.news_up, "I": "PLASTIC BAGS"})  # test data: 2 plastic
    top = table.state.piles["I"].top()
    table.play("deal ann left", "news ann I")
    events = table.play("end ann")
    assert top and NewsRevealed("I", top) in events and table.state.news_up["I"] == top


def test_no_votes_are_drawn_while_step_1_waits_for_a_player() -> None:
    """The 5 steps in order: 3. Carry Out the Election comes after 1. Return Workies, which
    waits for red, who has a partly filled work area (test data: TAILOR)."""
    table = physical()
    table.give("red", buildings=(Constructed("TAILOR", (("crafty",),)),))
    table.set(called=True, dealt=True, bag={"you": 3, "blue": 3, "red": 3, "yellow": 3})
    table.play("end you")
    assert table.state.election is not None and table.state.election.recall == ("red",)
    table.refuse("draw you=you:3 blue=blue:3 red=red:3 yellow=yellow:3", IllegalMove, R_DRAWS)
    table.play("recall red")
    assert table.state.election is not None and table.state.election.step == "draw"


def test_a_draw_typed_while_step_1_waits_is_refused_as_out_of_its_step() -> None:
    table = physical()
    table.give("red", buildings=(Constructed("TAILOR", (("crafty",),)),))
    table.set(called=True, dealt=True)
    table.play("end you")
    table.refuse("draw you you,red,you", IllegalMove, R_DRAWS)


def test_a_plus_1_tile_draws_4_in_a_virtual_election() -> None:
    """3. Carry Out the Election: "If you have one of the "+1" swindle tiles, draw an
    additional vote from the bag"."""
    table = started()
    table.give("ann", swindles=("+1",))
    table.set(called=True, dealt=True, bag={"ann": 3, "ben": 3, "cat": 3, "dan": 3})
    events = table.play("end ann")
    draws = [e for e in events if isinstance(e, Drawn)]
    assert [(d.player, len(d.colours)) for d in draws[:4]] == [("ann", 4), ("ben", 3), ("cat", 3), ("dan", 2)]
