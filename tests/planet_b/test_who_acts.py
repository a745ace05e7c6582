"""Who must act now (``to_act``) and who makes a move (``actor``): what the status line, the
phones and the links go by. The table acts for declarations and reveals (Game Components and
Setup: the news cards and tiles are turned up at the table) and for the dummy's draws (Changes
for 2 and 3 Players: the dummy "draws" last); a player for their own turn, their redraw, their
exchange and their recall."""

from __future__ import annotations

import ledger.games.planet_b as planet_b
from ledger.games.planet_b import data
from ledger.games.planet_b.model import Constructed, DrawVotes, Space
from tests.planet_b.table import physical, started
from tests.planet_b.test_examples import board


def test_the_turn_then_the_redraw_is_the_active_players_and_the_news_reveal_the_tables() -> None:
    """After your turn, "redraw to 3 building cards in hand and reveal a new news card if
    necessary": the redraw is the player's, the news card the table turns up."""
    table = board(physical(), "news")
    table.give("you", hand=("TAILOR", "WORKSHOP"))
    assert planet_b.to_act(table.state) == ["you"]
    table.play("deal you left", "news you I", "end you")
    assert table.state.phase == "refill" and planet_b.to_act(table.state) == ["you"]  # 2 in hand
    table.apply(next(iter(planet_b.legal(table.state, "you"))))  # a building drawn
    assert table.state.phase == "refill" and planet_b.to_act(table.state) == ["table"]  # news I


def test_the_exchange_is_the_triggering_players_and_the_new_tile_the_tables() -> None:
    """Exchanges: the player who placed the last suitcase takes the resources; a removed red
    tile is replaced by the next B tile, turned up at the table."""
    table = board(physical(), "2money")
    table.tile("left", "TEST LEFT", "2money", red=True, then="remove")
    spaces = list(table.state.spaces)
    spaces[0] = Space("TEST LEFT", red=True, suitcases=3)
    table.set(spaces=tuple(spaces))
    table.play("deal you left", "end you")
    assert table.state.phase == "exchange" and planet_b.to_act(table.state) == ["you"]
    table.play("exchange you meat:2")
    assert table.state.phase == "exchange" and planet_b.to_act(table.state) == ["table"]


def test_the_recall_is_each_players_own_and_the_dummys_draw_the_tables() -> None:
    """1. Return Workies, each player in turn; 3. Carry Out the Election: the dummy draws
    last, and the table draws for it."""
    table = physical(("ann", "ben"))
    table.give("ben", buildings=(Constructed("HOSPITAL", (("crafty",), ())),))
    table.set(called=True, dealt=True)
    table.play("end ann")
    election = table.state.election
    assert election is not None and election.step == "recall"
    assert planet_b.to_act(table.state) == ["ben"]
    table.play("recall ben")
    assert planet_b.to_act(table.state) == ["ann"]  # the first to draw
    while planet_b.to_act(table.state) != ["table"]:
        (name,) = planet_b.to_act(table.state)
        move = next(m for m in planet_b.legal(table.state, name) if isinstance(m, DrawVotes))
        assert planet_b.actor(move) == name
        table.apply(move)
    assert table.state.election is not None and table.state.election.order[-1] == data.DUMMY
    dummy = next(m for m in planet_b.legal(table.state, "table") if isinstance(m, DrawVotes))
    assert dummy.player == data.DUMMY and planet_b.actor(dummy) == "table"


def test_nobody_acts_once_the_game_is_over() -> None:
    table = started()
    table.set(phase="over")
    assert planet_b.to_act(table.state) == []
