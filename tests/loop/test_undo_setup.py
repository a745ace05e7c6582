"""Undo at the edge of setup: the card faces `new --cards` declared deal the game (virtual
decks), so a plain `undo` right after `new` must not take them back."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from ledger import games
from tests.conftest import Result

Cli = Callable[..., Result]
CARDS = Path(__file__).resolve().parents[2] / "fixtures" / "loop-test-cards.toml"


@pytest.fixture(autouse=True)
def loop_registered() -> Iterator[None]:
    """test_contract.py unregisters LOOP when it is done; these tests need it registered."""
    games.register("loop", "ledger.games.loop")
    yield


def test_undo_right_after_new_with_cards_leaves_the_deal_alone(cli: Cli) -> None:
    assert cli("new", "loop", "--players", "ann,ben", "--seed", "7", "--cards", str(CARDS)).code == 0
    before = cli("status").out
    moves = cli("moves").out
    assert "ann's turn" in before and moves.strip()  # dealt: ann may WORK, BUY or CONSUME

    undone = cli("undo")
    assert (undone.code, undone.out) == (1, "")
    assert undone.err.startswith("referee: nothing to undo: no move has been made since `new`")
    assert "part of the setup that deals the game (start a new game to set it up differently)" in undone.err
    assert cli("status").out == before and cli("moves").out == moves

    # Voiding one of those declarations by its seq is the same thing, and refused the same way.
    voided = cli("void", "2", "--reason", "wrong face")
    assert voided.code == 1
    assert voided.err.startswith("referee: #2 is part of the setup `new` recorded")
    assert cli("status").out == before


def test_undo_after_a_move_still_undoes_that_move_and_no_further(cli: Cli) -> None:
    cli("new", "loop", "--players", "ann,ben", "--seed", "7", "--cards", str(CARDS))
    before = cli("status").out
    assert cli("loop", "work", "ann").code == 0
    assert cli("undo").code == 0
    assert cli("status").out.splitlines()[1:] == before.splitlines()[1:]  # all but the #head line
    assert cli("undo").code == 1


def test_a_table_with_real_cards_can_still_undo_its_first_reveal(cli: Cli) -> None:
    """Without a seed the setup moves are typed at the table, one by one: each can be undone."""
    cli("new", "loop", "--players", "ann,ben")
    assert cli("loop", "reveal", "material", "glass", "--to", "ann").code == 0
    assert cli("undo").code == 0
    assert "reveal material TYPE TYPE --to ann,ben" in cli("status").out  # both owed again
