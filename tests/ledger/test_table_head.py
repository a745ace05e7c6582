"""Issue 40, hole 6, through the service as the table's page calls it: ``undo``, ``redo`` and
``void`` with ``seen``, the head the page showed. If anything was recorded since, the action is
refused as another writer's move (``WriteConflict``), naming what came since and the action, and
nothing is appended; on the head the page shows now, it is recorded. (The routes themselves are
tested in tests/serve/test_table_actions.py.)"""

from __future__ import annotations

import pytest

from ledger.errors import WriteConflict
from ledger.service import Referee


@pytest.fixture
def game(referee: Referee) -> int:
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "10"})
    for words in ("take alice 2", "take bob 1"):
        referee.submit_text(game, words.split())
    return game


def head(referee: Referee, game: int) -> int:
    return referee.load(game).head


def refused(referee: Referee, game: int, action: str, shown: int, **args: object) -> str:
    """``action`` asked on a page that showed head ``shown``: refused, nothing appended."""
    before = head(referee, game)
    with pytest.raises(WriteConflict) as refusal:
        getattr(referee, action)(game, seen=shown, **args)
    assert head(referee, game) == before
    assert f"the {action} was not recorded" in refusal.value.message
    assert f"then {action} again" in str(refusal.value.legal)
    return refusal.value.message


def test_an_undo_on_the_head_the_page_shows_undoes_the_move_it_shows(referee: Referee, game: int) -> None:
    shown = head(referee, game)  # #5: bob's take, the last move the page shows
    done = referee.undo(game, seen=shown, reason="misheard")
    assert done.text.endswith("(take bob 1)")
    assert referee.load(game).state.held == {"alice": 2, "bob": 0}


def test_an_undo_on_an_older_head_is_refused_naming_the_move_since_however_often_tapped(
    referee: Referee, game: int
) -> None:
    """The issue's #86/#87: the page showed alice's take, then bob's was typed at the laptop.
    The undo would take back bob's, and a second tap alice's: both are refused."""
    shown = head(referee, game) - 2  # alice's take, #3
    for _ in range(2):
        line = refused(referee, game, "undo", shown)
        assert line.startswith(f"another writer's move #4 (take bob 1) was recorded after #{shown}"), line
    assert referee.load(game).state.held == {"alice": 2, "bob": 1}


def test_a_redo_on_an_older_head_is_refused_and_on_the_head_shown_redoes(referee: Referee, game: int) -> None:
    referee.undo(game)
    shown = head(referee, game)  # the undo, as the page shows it
    referee.submit_text(game, ["take", "bob", "1"])  # bob takes again from the laptop
    referee.undo(game)  # and takes it back: the first undone move is the one to redo again
    line = refused(referee, game, "redo", shown)
    assert f"was recorded after #{shown}" in line and "(take bob 1)" in line, line
    done = referee.redo(game, seen=head(referee, game))
    assert done.text.endswith("take bob 1") and referee.load(game).state.held == {"alice": 2, "bob": 1}


def test_a_void_on_an_older_head_is_refused_and_on_the_head_shown_voids(referee: Referee, game: int) -> None:
    shown = head(referee, game)
    referee.submit_text(game, ["give", "alice", "bob", "1"])  # #6, from the laptop
    line = refused(referee, game, "void", shown, seq=6, reason="disputed")
    assert line.startswith(f"another writer's move #6 (give alice bob 1) was recorded after #{shown}"), line
    done = referee.void(game, 6, reason="disputed", seen=head(referee, game))
    assert done.text.startswith("void #6")
    assert referee.load(game).state.held == {"alice": 2, "bob": 1}


def test_without_a_head_the_command_line_acts_on_the_log_as_it_is(referee: Referee, game: int) -> None:
    """The command line shows no head first: its undo, redo and void are not checked."""
    referee.submit_text(game, ["give", "alice", "bob", "1"])
    assert referee.undo(game).text.endswith("(give alice bob 1)")
    redone = referee.redo(game)
    assert redone.text.endswith("give alice bob 1")
    assert referee.void(game, redone.seq, reason="disputed").text.startswith(f"void #{redone.seq}")
