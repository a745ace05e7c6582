"""The referee service: moves, undo, redo, void, time travel, snapshots, export and import."""

from __future__ import annotations

import hashlib
import importlib
import sys
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.decider import Setup
from ledger.errors import (
    BadInput,
    GameOver,
    IllegalMove,
    NotFound,
    NotYourTurn,
    VerificationFailed,
    WriteConflict,
)
from ledger.history import replay_checked
from ledger.service import LegalMove, Referee, repository, snapshot_key
from ledger.service.checks import _describe_setup
from ledger.store import Store
from tests import pebbles
from tests.conftest import fixed_clock, fold_starts


def play(referee: Referee, game: int, *moves: str) -> None:
    for words in moves:
        referee.submit_text(game, words.split())


def held(referee: Referee, game: int, upto: int | None = None) -> dict[str, int]:
    return dict(referee.load(game, upto).state.held)


@pytest.fixture
def game(referee: Referee) -> int:
    return referee.new_game("pebbles", ["alice", "bob"], options={"pile": "10"})


def test_setup_is_the_first_row_and_the_game_becomes_current(referee: Referee, game: int) -> None:
    assert referee.resolve(None) == game
    rows = referee.store.rows(game)
    assert [r.type for r in rows] == ["setup"]
    assert referee.load(game).state.pile == 10


def test_the_board_says_whose_turn_what_is_awaited_and_whether_the_game_is_over(
    referee: Referee, game: int
) -> None:
    """The board a front end draws (status, the pages): whose turn, the prompt the screen
    shows, over or not; after alice takes 2 of the pile's 10, bob may take 1 to 3."""
    referee.submit_text(game, ["take", "alice", "2"])
    board, screen = referee.show(referee.load(game))
    assert (board.headline, board.to_act, board.prompt, board.over) == (
        "bob's turn",
        ["bob"],
        "bob may take 1 to 3",
        False,
    )
    assert (board.headline, board.prompt) == (screen.headline, screen.prompt)


def test_a_refused_move_appends_nothing(referee: Referee, game: int) -> None:
    head = referee.store.head(game)
    with pytest.raises(NotYourTurn, match="PEBBLES 2: it is alice's turn"):
        referee.submit_text(game, ["take", "bob", "1"])
    with pytest.raises(IllegalMove, match="cannot take 4"):
        referee.submit_text(game, ["take", "alice", "4"])
    with pytest.raises(BadInput):
        referee.submit_text(game, ["fly", "alice"])
    assert referee.store.head(game) == head


def test_setup_is_checked_before_anything_is_written(referee: Referee) -> None:
    with pytest.raises(BadInput, match="takes 2 to 4 players, not 1"):
        referee.new_game("pebbles", ["alice"])
    with pytest.raises(BadInput, match="same name"):
        referee.new_game("pebbles", ["alice", "Alice"])
    with pytest.raises(BadInput, match="no option 'piles'"):
        referee.new_game("pebbles", ["a", "b"], options={"piles": "3"})
    with pytest.raises(BadInput, match="no mode"):
        referee.new_game("pebbles", ["a", "b"], mode="campaign")
    with pytest.raises(BadInput, match="unknown game 'chess'"):
        referee.new_game("chess", ["a", "b"])
    assert referee.games() == []


def test_undo_reverts_the_latest_live_move_and_keeps_the_record(referee: Referee, game: int) -> None:
    play(referee, game, "take alice 2", "take bob 3")
    referee.undo(game, by="bob", reason="miscounted")
    assert held(referee, game) == {"alice": 2, "bob": 0}
    referee.undo(game, reason="again")
    assert held(referee, game) == {"alice": 0, "bob": 0}
    with pytest.raises(IllegalMove, match="nothing to undo"):
        referee.undo(game)
    log = list(referee.log(game))
    assert [(e.seq, e.kind, e.reverted_by) for e in log] == [
        (1, "setup", None),
        (2, "move", 7),
        (4, "move", 6),
        (6, "undo", None),
        (7, "undo", None),
    ]
    assert log[2].reason == "miscounted" and log[3].actor == "bob"
    # An undo names the move it reverted; without --by it is the move's own player's.
    assert log[3].text == "undo #4 (take bob 3)"
    assert (log[4].text, log[4].actor) == ("undo #2 (take alice 2)", "alice")


def test_redo_repeats_the_last_undone_moves_until_a_new_move(referee: Referee, game: int) -> None:
    play(referee, game, "take alice 2", "take bob 3")
    referee.undo(game)
    referee.undo(game)
    assert referee.redo(game).text == "take alice 2"
    assert referee.redo(game).text == "take bob 3"
    with pytest.raises(IllegalMove, match="nothing to redo"):
        referee.redo(game)
    referee.undo(game)
    play(referee, game, "take bob 1")
    with pytest.raises(IllegalMove, match="nothing to redo"):
        referee.redo(game)
    assert held(referee, game) == {"alice": 2, "bob": 1}


def test_void_replays_later_moves_without_the_disputed_one(referee: Referee, game: int) -> None:
    play(referee, game, "take alice 3", "give alice bob 1", "take bob 1", "give alice bob 1")
    referee.void(game, 4, reason="bob returned it")  # the first gift
    assert held(referee, game) == {"alice": 2, "bob": 2}


def test_void_refuses_when_a_later_move_breaks_and_names_it(referee: Referee, game: int) -> None:
    play(referee, game, "take alice 2", "give alice bob 2", "take bob 1", "give bob alice 2")
    head = referee.store.head(game)
    with pytest.raises(
        IllegalMove, match=r"voiding #4 would make move #8 \(give bob alice 2\) illegal"
    ) as err:
        referee.void(game, 4, reason="disputed")
    assert err.value.seq == 8 and "--cascade" in str(err.value)
    assert referee.store.head(game) == head


def test_void_with_cascade_voids_the_moves_it_breaks(referee: Referee, game: int) -> None:
    play(referee, game, "take alice 2", "give alice bob 2", "take bob 1", "give bob alice 2", "take alice 1")
    referee.void(game, 4, reason="disputed", cascade=True)
    assert held(referee, game) == {"alice": 3, "bob": 1}
    log = list(referee.log(game))
    kinds = {e.seq: e.reverted_how for e in log}
    assert (kinds[4], kinds[8]) == ("void", "cascade")
    assert log[-1].text == "void #4 (give alice bob 2) and, by cascade, #8 (give bob alice 2)"
    referee.verify(game)


def test_void_with_cascade_voids_every_later_move_it_breaks(referee: Referee, game: int) -> None:
    """Two later moves break: both are voided, and the table stands as if none of the three
    was made (PEBBLES 3: a gift needs the pebbles held)."""
    play(
        referee,
        game,
        "take alice 2",  # #2: alice 2
        "give alice bob 2",  # #4, voided: alice 0, bob 2
        "take bob 2",  # #6: bob 4 (2 without #4)
        "give bob alice 4",  # #8: breaks without #4 (bob holds 2)
        "take alice 1",  # #10: alice 5 (3 without #4 and #8)
        "give alice bob 5",  # #12: breaks without #4 and #8 (alice holds 3)
        "take bob 1",  # #14
    )
    referee.void(game, 4, reason="disputed", cascade=True)
    assert held(referee, game) == {"alice": 3, "bob": 3}
    kinds = {e.seq: e.reverted_how for e in referee.log(game)}
    assert (kinds[4], kinds[8], kinds[12]) == ("void", "cascade", "cascade")
    assert kinds[6] is None and kinds[10] is None and kinds[14] is None
    referee.verify(game)


def test_a_void_rechecks_from_the_table_as_it_stands_today(referee: Referee, game: int) -> None:
    """Voiding #8 replays the later moves on the state before it with every revert in the log
    applied, the void of #4 recorded after #8 included: alice holds 2 then, not 0, and her
    gift of 2 at #12 still holds."""
    play(
        referee,
        game,
        "take alice 2",  # #2: alice 2
        "give alice bob 2",  # #4
        "take bob 1",  # #6
        "give bob alice 1",  # #8
        "take alice 1",  # #10
        "give alice bob 2",  # #12
    )
    referee.void(game, 4, reason="disputed")  # #14: alice 2, bob 1 before #8
    referee.void(game, 8, reason="disputed too")
    assert held(referee, game) == {"alice": 1, "bob": 3}
    referee.verify(game)


def test_redo_records_who_asked(referee: Referee, game: int) -> None:
    """``by`` is who asked for the redo; without it, the move's own actor."""
    play(referee, game, "take alice 2", "take bob 1")
    referee.undo(game)
    referee.undo(game)
    referee.redo(game, by="bob")
    referee.redo(game)
    moves = [r for r in referee.store.rows(game) if r.type == "move"]
    assert [r.actor for r in moves[-2:]] == ["bob", "bob"]


def test_void_cascade_of_a_move_with_several_facts(referee: Referee) -> None:
    """LOOP, virtual decks: voiding ann's end of turn (3 facts: the turn ended, ben's turn
    started, his FAVOUR drawn) makes ben's WORK and end of turn illegal (2.1: it is still
    ann's turn); with --cascade all three go, and the table is as after ann's WORK."""
    from tests.loop.table import CARDS

    game = referee.new_game("loop", ["ann", "ben"], seed=9, cards=CARDS)
    play(referee, game, "work ann")
    after_work = referee.load(game).state
    ended = referee.submit_text(game, ["end", "ann"]).seq
    play(referee, game, "work ben", "end ben")
    referee.void(game, ended, reason="ann had not finished", cascade=True)
    kinds = {e.seq: e.reverted_how for e in referee.log(game)}
    assert [how for seq, how in kinds.items() if seq >= ended and how] == ["void", "cascade", "cascade"]
    assert referee.load(game).state == after_work
    referee.verify(game)


def test_void_needs_a_live_move_and_a_reason(referee: Referee, game: int) -> None:
    play(referee, game, "take alice 2", "take bob 1")
    with pytest.raises(BadInput, match="needs a reason"):
        referee.void(game, 2, reason=" ")
    with pytest.raises(IllegalMove, match="#1 is the setup"):
        referee.void(game, 1, reason="x")
    with pytest.raises(NotFound):
        referee.void(game, 99, reason="x")
    referee.undo(game)
    with pytest.raises(IllegalMove, match="already reverted"):
        referee.void(game, 4, reason="x")
    with pytest.raises(IllegalMove, match="#6 is a revert"):
        referee.void(game, 6, reason="x")


def test_a_fact_row_names_its_move(referee: Referee, game: int) -> None:
    play(referee, game, "take alice 2", "take bob 1")
    referee.undo(game)
    referee.void(game, 3, reason="seq of the fact, not the move")
    assert held(referee, game) == {"alice": 0, "bob": 0}


def test_time_travel_shows_the_table_as_it_stood(referee: Referee, game: int) -> None:
    play(referee, game, "take alice 2", "take bob 3")
    referee.undo(game)
    assert held(referee, game, 3) == {"alice": 2, "bob": 0}
    assert held(referee, game, 5) == {"alice": 2, "bob": 3}  # before the undo at #6
    assert held(referee, game, 6) == {"alice": 2, "bob": 0}
    loaded, board, screen = referee.board(game, upto=4)  # inside a move: the move is atomic
    assert loaded.upto == 5 and board.view.held == {"alice": 2, "bob": 3}
    assert screen.tables[0].rows == [["alice", "2"], ["bob", "3"]]
    assert referee.board(game, upto=6)[0].upto == 6  # the log's last row: no move follows it
    other = Referee(Store(referee.store.path))  # another process: nothing kept in memory
    assert dict(other.load(game, 6).state.held) == {"alice": 2, "bob": 0}  # the head itself
    with pytest.raises(NotFound, match="1 to 6"):
        other.load(game, 7)
    other.store.close()


def test_the_game_ends_and_refuses_further_moves(referee: Referee) -> None:
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "3"})
    play(referee, game, "take alice 3")
    assert referee.store.game(game).status == "over"
    with pytest.raises(GameOver):
        referee.submit_text(game, ["take", "bob", "1"])
    referee.undo(game)
    assert referee.store.game(game).status == "active"


def test_a_writer_that_lost_the_race_re_decides_its_move(referee: Referee, game: int) -> None:
    """Two terminals at one table: the second re-reads and appends if still legal."""
    other = Referee(Store(referee.store.path), clock=fixed_clock())
    play(referee, game, "take alice 2")
    stale = other.load(game)
    play(referee, game, "take bob 1")
    # Still legal on the new state (a gift may come at any time): appended after the winner's move.
    other.submit(game, pebbles.Give("alice", "bob", 1), _loaded=stale)
    assert held(referee, game) == {"alice": 1, "bob": 2}
    assert [r.type for r in referee.store.rows(game)][-2:] == ["move", "pebbles.given"]
    # No longer legal on the new state: a clear conflict naming what got there first.
    stale = other.load(game)
    play(referee, game, "take alice 1")
    with pytest.raises(WriteConflict) as conflict:
        other.submit(game, pebbles.Take("alice", 2), _loaded=stale)
    # The rule is cited once, as the prefix, not again after "and now".
    assert str(conflict.value) == (
        "PEBBLES 2: another writer's move #8 (take alice 1) was recorded first,"
        " and now it is bob's turn, not alice's"
    )


def test_results_and_each_players_record_over_the_finished_games(referee: Referee) -> None:
    """PEBBLES 4: most pebbles wins, ties share. A result names the winners only once the game
    is over, and when its last row was recorded; the record counts finished games only, sole
    and shared wins apart, the average and best score, names in any letter case as one."""
    first = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "3"})
    play(referee, first, "take alice 3")  # alice 3, bob 0
    second = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "3"})
    play(referee, second, "take alice 1", "take bob 2")  # bob 2, alice 1
    third = referee.new_game("pebbles", ["Alice", "bob"], options={"pile": "2"})
    play(referee, third, "take Alice 1", "take bob 1")  # a tie at 1
    unfinished = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "9"})
    play(referee, unfinished, "take alice 3")
    result = referee.result(third)
    assert (result.game_id, result.kind, result.over, result.winners) == (
        third,
        "pebbles",
        True,
        ["Alice", "bob"],
    )
    assert result.scores == {"Alice": 1, "bob": 1}
    assert result.last_played == referee.store.rows(third)[-1].recorded_at
    assert referee.result(unfinished).winners == [] and not referee.result(unfinished).over
    referee.undo(unfinished, reason="miscounted")  # one row, stamped after the move's two
    assert referee.result(unfinished).last_played == referee.store.rows(unfinished)[-1].recorded_at
    alice, bob = referee.stats("pebbles")
    assert (alice.player, alice.played, alice.won, alice.shared, alice.best) == ("alice", 3, 1, 1, 3)
    assert (bob.player, bob.played, bob.won, bob.shared, bob.best) == ("bob", 3, 1, 1, 2)
    assert (alice.average, bob.average) == pytest.approx((5 / 3, 1.0))
    assert alice.last_played == bob.last_played == result.last_played


def test_the_log_says_what_became_of_each_move(referee: Referee, game: int) -> None:
    """Undo, redo and void are entries of their own; each move says how it was reverted, by
    which row and why; a redo names the move it repeats; the setup's entry holds the setup."""
    play(referee, game, "take alice 2", "take bob 1")
    referee.undo(game, reason="miscounted")  # #6 undoes #4
    referee.redo(game)  # #7-8
    referee.void(game, 2, reason="disputed", cascade=True)
    entries = {e.seq: e for e in referee.log(game)}
    assert entries[1].kind == "setup" and entries[1].body == referee.load(game).setup
    assert (entries[4].reverted_by, entries[4].reverted_how, entries[4].reason) == (6, "undo", "miscounted")
    assert (entries[7].kind, entries[7].text) == ("redo", "take bob 1  (redo of #4)")
    assert (entries[2].reverted_how, entries[2].reason) == ("void", "disputed")
    assert (entries[7].reverted_how, entries[7].reverted_by) == ("cascade", 9)  # bob's turn no more
    assert entries[9].kind == "void" and entries[2].reverted_by == 9
    assert referee.log(game).__next__().reverted_how is None  # the setup is never reverted


def test_the_log_from_a_row_or_its_last_entries(referee: Referee, game: int) -> None:
    play(referee, game, "take alice 2", "take bob 1", "take alice 1")
    assert [e.seq for e in referee.log(game, since=1)] == [1, 2, 4, 6]
    assert [e.seq for e in referee.log(game, since=7)] == [6]  # the entry holding row #7
    assert [e.seq for e in referee.log(game, last=1)] == [6]
    assert [e.seq for e in referee.log(game, last=10)] == [1, 2, 4, 6]  # fewer: all, from the setup
    for since in (0, 8):
        with pytest.raises(NotFound, match="1 to 7"):
            list(referee.log(game, since=since))
    with pytest.raises(BadInput, match="-n takes a number of entries, 1 to "):
        list(referee.log(game, last=0))


def test_the_log_shows_a_hidden_card_to_its_owner_only(referee: Referee) -> None:
    """LOOP with virtual decks: a FAVOUR drawn is its drawer's (named in any letter case), and
    everyone's with reveal."""
    from ledger.games.loop.model import FavourDrawn
    from tests.loop.table import CARDS

    game = referee.new_game("loop", ["ann", "ben"], seed=9, cards=CARDS)
    play(referee, game, "work ann", "end ann")

    def drawn(**how: object) -> list[str]:
        facts = [e for entry in referee.log(game, **how) for e in entry.events]  # type: ignore[arg-type]
        return [f.card for f in facts if isinstance(f, FavourDrawn) and f.player == "ben"]

    assert drawn() and all(card == "?" for card in drawn())
    assert drawn(as_player="ann") == drawn()
    assert "?" not in drawn(as_player="BEN") and "?" not in drawn(reveal=True)


def test_export_and_import_round_trip(referee: Referee, game: int) -> None:
    play(referee, game, "take alice 2", "give alice bob 1", "take bob 1")
    referee.undo(game)
    lines, head = referee.export(game)
    copy, new = referee.import_lines(lines, copy=True)
    assert new and copy != game
    assert referee.load(copy).state == referee.load(game).state
    assert referee.verify(copy).head_hash == head


def test_importing_a_log_already_here_makes_no_duplicate(referee: Referee, game: int) -> None:
    play(referee, game, "take alice 2")
    lines, _ = referee.export(game)
    assert referee.import_lines(lines) == (game, False)
    assert len(referee.games()) == 1
    play(referee, game, "take bob 1")  # the database's game has moved on: the file is older
    other, new = referee.import_lines(lines)
    assert new and other != game and len(referee.games()) == 2


def test_import_refuses_a_tampered_file_and_says_where(referee: Referee, game: int) -> None:
    play(referee, game, "take alice 2", "give alice bob 1", "take bob 1")
    lines, _ = referee.export(game)
    tampered = [line.replace('"n":1', '"n":2') if '"seq":5' in line else line for line in lines]
    with pytest.raises(VerificationFailed, match="row #5 was altered"):
        referee.import_lines(tampered)
    assert len(referee.games()) == 1


# --- snapshots: a cache that must always agree with the full fold ---------------------------

ACTIONS = st.lists(
    st.one_of(
        st.tuples(st.just("take"), st.integers(1, 3)),
        st.tuples(st.just("give"), st.integers(1, 2)),
        st.tuples(st.just("undo"), st.just(0)),
        st.tuples(st.just("redo"), st.just(0)),
        st.tuples(st.just("void"), st.integers(0, 40)),
    ),
    max_size=40,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=ACTIONS)
def test_snapshot_plus_tail_equals_full_replay(
    actions: list[tuple[str, int]], tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(repository, "SNAPSHOT_EVERY", 3)
    referee = Referee(Store(tmp_path_factory.mktemp("p") / "l.db"), clock=fixed_clock())
    game = referee.new_game("pebbles", ["alice", "bob", "carol"], options={"pile": "25"})
    for action, n in actions:
        state = referee.load(game).state
        active = state.players[state.turn]
        try:
            if action == "take":
                referee.submit(game, pebbles.Take(active, n))
            elif action == "give":
                referee.submit(game, pebbles.Give(active, state.players[(state.turn + 1) % 3], n))
            elif action == "undo":
                referee.undo(game)
            elif action == "redo":
                referee.redo(game)
            else:
                referee.void(game, n, reason="property", cascade=True)
        except (IllegalMove, BadInput, NotFound):
            pass
    rows = referee.store.rows(game)
    assert referee.load(game).state == replay_checked(pebbles, rows).state  # type: ignore[arg-type]
    for upto in range(1, len(rows) + 1):
        # Time travel with snapshots equals a fold of that prefix of the log from scratch.
        if referee.repo.move_end(game, upto) == upto:
            expected = replay_checked(pebbles, rows[:upto]).state  # type: ignore[arg-type]
            assert referee.load(game, upto).state == expected
    referee.store.close()


def test_a_snapshot_past_an_undone_or_voided_move_is_not_used(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Snapshots are a cache of the fold: once a move folded into one is undone or voided, a
    fresh load (no tip in memory) and every time travel equal a full replay of the log."""
    monkeypatch.setattr(repository, "SNAPSHOT_EVERY", 3)
    referee = Referee(Store(db_path), clock=fixed_clock())
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "10"})
    play(referee, game, "take alice 2", "give alice bob 1", "take bob 1", "take alice 1", "give bob alice 1")
    assert referee.store.snapshot_seqs(game, snapshot_key(referee.load(game).game), 11) == [11, 7, 3]
    referee.void(game, 4, reason="bob returned it")  # #4 is folded into the snapshots at #7 and #11
    referee.undo(game)  # #10, folded into the snapshot at #11
    rows = referee.store.rows(game)
    fresh = Referee(Store(db_path), clock=fixed_clock())
    assert fresh.load(game).state == replay_checked(pebbles, rows).state  # type: ignore[arg-type]
    assert held(fresh, game) == {"alice": 3, "bob": 1}
    for upto in (3, 5, 7, 9, 11, 12, 13):
        expected = replay_checked(pebbles, rows[:upto]).state  # type: ignore[arg-type]
        assert fresh.load(game, upto).state == expected, upto
    assert held(fresh, game, 7) == {"alice": 1, "bob": 2}  # before the void, #4 stands
    fresh.store.close()
    referee.store.close()


@pytest.fixture
def two_snapshots(referee: Referee, monkeypatch: pytest.MonkeyPatch) -> int:
    """A game with snapshots at #3 and #7: alice took 2 (#2), bob 1 (#4), alice 1 (#6)."""
    monkeypatch.setattr(repository, "SNAPSHOT_EVERY", 3)
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "20"})
    play(referee, game, "take alice 2", "take bob 1", "take alice 1")
    assert referee.store.snapshot_seqs(game, snapshot_key(pebbles), 99) == [7, 3]  # type: ignore[arg-type]
    return game


def test_an_undo_of_a_move_folded_into_the_latest_snapshot_leaves_the_state_without_it(
    referee: Referee, two_snapshots: int
) -> None:
    """The state an undo tells, and the one the same referee shows next, are folded without the
    move undone, though the latest snapshot (#7) holds it: from the snapshot before it (#3)."""
    undone = referee.undo(two_snapshots)
    assert dict(undone.state.held) == {"alice": 2, "bob": 1}
    assert held(referee, two_snapshots) == {"alice": 2, "bob": 1}


def test_a_snapshot_at_an_undos_own_row_is_folded_from(
    referee: Referee, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A snapshot taken at an undo's row already folds the undo: a load starts from it, and
    reads only the rows after it."""
    monkeypatch.setattr(repository, "SNAPSHOT_EVERY", 3)
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "20"})
    play(referee, game, "take alice 2", "take bob 1")
    referee.undo(game)  # #6, three rows after the snapshot at #3
    play(referee, game, "take bob 2")
    assert referee.store.snapshot_seqs(game, snapshot_key(pebbles), 99) == [6, 3]  # type: ignore[arg-type]
    other = Referee(Store(referee.store.path), clock=fixed_clock())
    starts = fold_starts(other)
    assert other.load(game).state == replay_checked(pebbles, other.store.rows(game)).state  # type: ignore[arg-type]
    assert starts == [6]
    other.store.close()


@pytest.mark.parametrize("spoilt", ["stale", "edited", "unreadable"])
def test_a_load_folds_from_the_latest_snapshot_that_still_holds(
    referee: Referee, two_snapshots: int, spoilt: str
) -> None:
    """A snapshot that no longer holds (a later undo took back a move it folded in, its body
    was edited, or it no longer reads) is passed over for the one before it, not for a fold of
    the whole log: the fold starts from #3."""
    game, key = two_snapshots, snapshot_key(pebbles)  # type: ignore[arg-type]
    if spoilt == "stale":
        referee.undo(game)  # #8 takes back #6, which the snapshot at #7 folded in
    elif spoilt == "edited":
        referee.store.conn.execute("UPDATE snapshots SET body = replace(body, '3', '4') WHERE seq = 7")
    else:  # sealed as any snapshot is, but not a state of this game
        referee.store.conn.execute("DELETE FROM snapshots WHERE seq = 7")
        referee.store.put_snapshot(game, key, 7, '{"players":7}', referee.store.rows(game, 6, 7)[0].hash)
    assert referee.store.snapshot_seqs(game, key, 99) == [7, 3]
    other = Referee(Store(referee.store.path), clock=fixed_clock())
    starts = fold_starts(other)
    assert other.load(game).state == replay_checked(pebbles, other.store.rows(game)).state  # type: ignore[arg-type]
    assert starts == [3]
    other.store.close()


def test_a_long_fold_is_cached_at_the_head_for_the_next_load(
    referee: Referee, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game imported whole has no snapshot: its first load folds every row, in batches, and
    caches the fold at the head, so that the next referee reads none of them again."""
    monkeypatch.setattr(repository, "FOLD_BATCH", 4)
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "20"})
    play(referee, game, "take alice 2", "take bob 1", "take alice 1", "take bob 1")  # head #9
    lines, _ = referee.export(game)
    monkeypatch.setattr(repository, "SNAPSHOT_EVERY", 6)  # fewer rows than the fold reads
    copy = Referee(Store(tmp_path / "copy.db"), clock=fixed_clock())
    imported, _ = copy.import_lines(lines)
    key = snapshot_key(pebbles)  # type: ignore[arg-type]
    assert copy.store.snapshot_seqs(imported, key, 99) == []
    starts = fold_starts(copy)
    copy.load(imported)
    assert starts == [1, 4, 8]  # three batches, the last of one row
    assert copy.store.snapshot_seqs(imported, key, 99) == [9]
    again = Referee(Store(tmp_path / "copy.db"), clock=fixed_clock())
    starts = fold_starts(again)
    assert held(again, imported) == {"alice": 3, "bob": 2}
    assert starts == []  # folded from the snapshot at the head: no row read
    copy.store.close()
    again.store.close()


def test_the_setup_reads_as_the_new_command_that_made_it(referee: Referee) -> None:
    """The log's first entry, and the export's header, say how the game was set up: players,
    mode, seed, title and options, as `new` takes them."""
    game = referee.new_game(
        "pebbles", ["alice", "bob"], options={"pile": "10"}, title="Friday's game", seed=7
    )
    # The seed itself stays sealed while the game runs (issue 19): the log says there is one.
    assert next(iter(referee.log(game))).text == (
        "new pebbles --players alice,bob --mode basic --seed (sealed) --title 'Friday'\"'\"'s game'"
        " --option pile=10"
    )
    lines, _ = referee.export(game)
    header = msgspec.json.decode(lines[0])
    assert (header["seed"], header["title"], header["mode"]) == (None, "Friday's game", "basic")
    assert msgspec.json.decode(referee.export(game, with_seed=True)[0][0])["seed"] == 7
    copy, _ = referee.import_lines(lines, copy=True)
    assert referee.game(copy).title == "Friday's game"


def test_a_player_is_named_in_any_letter_case(referee: Referee, game: int) -> None:
    assert referee.legal(game, "ALICE")[0] == LegalMove("take alice 1", pebbles.Take("alice", 1))
    assert referee.legal(game, "Bob") == []  # alice's turn, and bob holds nothing to give
    with pytest.raises(BadInput, match="unknown player 'carol'"):
        referee.legal(game, "carol")


def test_an_import_names_the_line_that_does_not_read(referee: Referee, game: int) -> None:
    play(referee, game, "take alice 2")
    lines, _ = referee.export(game)
    with pytest.raises(VerificationFailed, match="line 3 does not read"):
        referee.import_lines([lines[0], lines[1], "{not json", *lines[3:]])


def _rewritten(lines: list[str], old: str, new: str) -> list[str]:
    """An export with ``old`` replaced by ``new`` in every row body, its hashes rebuilt."""
    from ledger.codec import GENESIS, row_hash

    header, *rows = [msgspec.json.decode(line) for line in lines]
    prev = GENESIS
    for row in rows:
        body = msgspec.json.encode(row["body"], order="sorted").decode().replace(old, new)
        row["body"], row["prev_hash"] = msgspec.json.decode(body), prev
        row["hash"] = prev = row_hash(prev, row["seq"], row["type"], body, row["actor"], row["recorded_at"])
    return [msgspec.json.encode(x).decode() for x in [header, *rows]]


def test_import_checks_the_setup_like_new(referee: Referee, game: int) -> None:
    """A file whose setup `new` would refuse is refused too, even with its hashes rebuilt:
    a player's name, a mode the game does not have."""
    lines, _ = referee.export(game)
    header = msgspec.json.decode(lines[0])
    header["players"] = ["alice", "-bob"]
    renamed = _rewritten([msgspec.json.encode(header).decode(), *lines[1:]], '"bob"', '"-bob"')
    with pytest.raises(BadInput, match="player name '-bob'"):
        referee.import_lines(renamed)
    with pytest.raises(BadInput, match="player name '-bob'"):
        referee.new_game("pebbles", ["alice", "-bob"])
    with pytest.raises(BadInput, match="no mode"):
        referee.import_lines(_rewritten(lines, '"mode":"basic"', '"mode":"campaign"'))


def _renamed(lines: list[str], old: str, new: str) -> list[str]:
    """An export with player ``old`` renamed ``new`` in its header and setup, hashes rebuilt."""
    header = msgspec.json.decode(lines[0])
    header["players"] = [new if p == old else p for p in header["players"]]
    return _rewritten([msgspec.json.encode(header).decode(), *lines[1:]], f'"{old}"', f'"{new}"')


@pytest.mark.parametrize(
    ("alice", "bob", "refusal"),
    [
        ("alice", "TABLE", "player name 'TABLE'"),  # the table's actor, in any case
        ("alice", "_-", "player name '_-'"),  # - and _ only inside a word of letters or digits
        ("straße", "STRASSE", "players 1 and 2 have the same name"),  # one name in two cases (as `new` says)
    ],
)
def test_import_refuses_players_new_would_refuse(
    referee: Referee, game: int, alice: str, bob: str, refusal: str
) -> None:
    """An imported setup's players are checked as `new` checks them: none is the table, each is
    a word, and no two are one name in any letter case (``player_of`` could not tell them apart)."""
    lines, _ = referee.export(game)
    with pytest.raises(BadInput, match=refusal):
        referee.import_lines(_renamed(_renamed(lines, "alice", alice), "bob", bob))
    assert referee.games() == [referee.game(game)]


def test_a_game_takes_as_many_players_as_its_rules_allow_named_with_hyphens_and_underscores(
    referee: Referee,
) -> None:
    """Pebbles takes 2 to 4 players: four are seated, a - or _ inside a name is kept."""
    game = referee.new_game("pebbles", ["ann-b", "o_k", "cy", "dee"])
    assert referee.load(game).setup.players == ("ann-b", "o_k", "cy", "dee")
    with pytest.raises(BadInput, match="takes 2 to 4 players, not 5"):
        referee.new_game("pebbles", ["ann-b", "o_k", "cy", "dee", "eve"])


def test_stats_rank_by_wins_shared_wins_included_then_average_past_any_game_unfinished(
    referee: Referee,
) -> None:
    """`referee stats`: each finished game counts, whatever comes before it in the list (an
    unfinished game, one of another kind); a player ranks by wins, shared ones too, then by
    average score."""
    unfinished = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "9"})
    play(referee, unfinished, "take alice 3")  # game 1: not over, not counted
    shared = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "4"})
    play(referee, shared, "take alice 2", "take bob 2")  # game 2: 2 each, a shared win
    won = referee.new_game("pebbles", ["carol", "dave"], options={"pile": "40"})
    takes = ["take carol 3", "take dave 3"] * 6 + ["take carol 3", "take dave 1"]  # game 3: 21 to 19
    play(referee, won, *takes)
    assert referee.load(won).state.held == {"carol": 21, "dave": 19}
    ranked = [(r.player, r.played, r.won, r.shared, r.average) for r in referee.stats()]
    assert ranked == [
        ("carol", 1, 1, 0, 21.0),  # 1 win, the best average
        ("alice", 1, 0, 1, 2.0),  # a shared win ranks above no win, whatever the average
        ("bob", 1, 0, 1, 2.0),
        ("dave", 1, 0, 0, 19.0),
    ]


def test_an_undo_without_a_reason_records_none(referee: Referee, game: int) -> None:
    play(referee, game, "take alice 2")
    referee.undo(game)
    entry = list(referee.log(game))[-1]
    assert (entry.kind, entry.reason, entry.body.reason) == ("undo", None, "")


def test_a_void_by_cascade_names_each_later_move_it_takes_out(referee: Referee, game: int) -> None:
    """Voiding alice's first take breaks every later move: bob's take (PEBBLES 2: it is alice's
    turn again), alice's gift of 3 and bob's of 4 (PEBBLES 3: only what each holds)."""
    play(referee, game, "take alice 3", "take bob 1", "give alice bob 3", "give bob alice 4")
    voided = referee.void(game, 2, reason="disputed", cascade=True)
    assert voided.text == (
        "void #2 (take alice 3) and, by cascade,"
        " #4 (take bob 1), #6 (give alice bob 3), #8 (give bob alice 4)"
    )
    assert held(referee, game) == {"alice": 0, "bob": 0}


def test_the_log_tells_each_move_with_its_facts_and_no_reason_while_it_stands(
    referee: Referee, game: int
) -> None:
    play(referee, game, "take alice 2", "give alice bob 1")
    entries = {e.seq: e for e in referee.log(game)}
    assert [(e.kind, e.actor, e.text, e.facts, e.reason) for e in (entries[2], entries[4])] == [
        ("move", "alice", "take alice 2", ["alice takes 2"], None),
        ("move", "alice", "give alice bob 1", ["alice gives 1 to bob"], None),
    ]


def test_an_undo_tells_what_it_recorded_and_the_state_after(referee: Referee, game: int) -> None:
    play(referee, game, "take alice 2", "take bob 3")
    undone = referee.undo(game, reason="miscounted")
    assert (undone.game_id, undone.seq, undone.head, undone.text) == (game, 6, 6, "undo #4 (take bob 3)")
    assert undone.state == referee.load(game).state and held(referee, game) == {"alice": 2, "bob": 0}


def test_an_imported_copy_with_a_title_checks_out_caches_and_all(referee: Referee) -> None:
    """The games table is a cache of each setup row; an import writes it as `new` does, so that
    `verify` finds nothing to rewrite there."""
    game = referee.new_game("pebbles", ["alice", "bob"], title="friday night")
    play(referee, game, "take alice 2")
    copy, new = referee.import_lines(referee.export(game)[0], copy=True)
    assert new and referee.verify(copy).head_seq == 3  # no cache rewritten: verify raises if one was
    assert referee.game(copy).title == "friday night"


def test_a_setup_is_described_as_the_command_that_made_it() -> None:
    setup = Setup(
        game="pebbles",
        rules_version="1",
        players=("alice", "bob"),
        mode="basic",
        options={"pile": "9"},
        seed=7,
    )
    assert _describe_setup(msgspec.structs.replace(setup, title="a b")) == (
        "new pebbles --players alice,bob --mode basic --seed 7 --title 'a b' --option pile=9"
    )


def test_a_preview_is_decided_where_the_page_last_showed_the_game(referee: Referee, game: int) -> None:
    """A page previews a move on the game as it last showed it (``seen``), as a submission from
    it is decided there first: bob's page, shown at alice's take, still offers bob's."""
    play(referee, game, "take alice 2")  # head #3: bob's turn
    shown = referee.load(game).head
    play(referee, game, "take bob 1")  # meanwhile, from another terminal
    preview = referee.preview(game, pebbles.Take("bob", 2), seen=shown)
    assert (preview.text, preview.facts) == ("take bob 2", ["bob takes 2"])
    with pytest.raises(NotYourTurn):
        referee.preview(game, pebbles.Take("bob", 2))  # now it is alice's turn


def test_a_move_from_a_page_drawn_earlier_meets_the_moves_since_as_appended_first(
    referee: Referee, game: int
) -> None:
    """``seen``: a move posted from a page shown at an earlier head is decided there first,
    then on the log as it is now, the moves since counting as another writer's: refused by
    name if they make it illegal, recorded if it still holds."""
    play(referee, game, "take alice 2")  # head #3: bob's turn
    shown = referee.load(game).head
    play(referee, game, "take bob 1")  # meanwhile, from another terminal: alice's turn
    with pytest.raises(
        WriteConflict, match=r"another writer's move #4 \(take bob 1\) was recorded first, and now"
    ):
        referee.submit(game, pebbles.Take("bob", 2), seen=shown)
    assert referee.load(game).head == 5  # nothing appended
    done = referee.submit(game, pebbles.Give("alice", "bob", 1), seen=shown)  # a give needs no turn
    assert (done.seq, done.text, held(referee, game)) == (6, "give alice bob 1", {"alice": 1, "bob": 2})


def test_a_move_recorded_gives_the_state_after_it_and_its_facts_as_the_table_may_see_them(
    referee: Referee, game: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What ``submit`` returns: the state the move left (a fresh load's) and its typed facts
    redacted for the table (no viewer), every card shown once the move ends the game."""

    def redact(event: object, as_player: str | None = None, reveal: bool = False) -> object:
        return ("shown" if reveal else "masked", as_player, event)

    monkeypatch.setattr(pebbles, "redact", redact)
    done = referee.submit(game, pebbles.Take("alice", 3))
    assert done.state == referee.load(game).state and done.state.pile == 7
    assert done.events == [("masked", None, pebbles.Taken("alice", 3))]
    play(referee, game, "take bob 3", "take alice 3")
    last = referee.submit(game, pebbles.Take("bob", 1))  # the pile's last pebble: the game is over
    assert last.state == referee.load(game).state and last.state.pile == 0
    assert last.events == [("shown", None, pebbles.Taken("bob", 1))]


def test_a_snapshot_key_is_the_game_its_rules_version_and_a_digest_of_all_its_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A snapshot is believed only under the key of the code that folded it: the game's name,
    its rules version, and the first 16 hex digits of a SHA-256 over every .py file of its
    package in path order (one file's change is a new key); a one-file game, its own file."""
    package = tmp_path / "kindofgame"
    (package / "rules").mkdir(parents=True)
    files = {
        package / "__init__.py": "name = 'kind'\nrules_version = '3'\n",
        package / "rules" / "core.py": "X = 1\n",
        package / "notes.txt": "not code\n",
    }
    for path, text in files.items():
        path.write_text(text)
    (tmp_path / "onefile.py").write_text("name = 'one'\nrules_version = '1'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in ("kindofgame", "onefile"):  # imported afresh: pytest may run twice in a process
        monkeypatch.delitem(sys.modules, name, raising=False)
    game, single = importlib.import_module("kindofgame"), importlib.import_module("onefile")

    def digest(*paths: Path) -> str:
        return hashlib.sha256(b"".join(p.read_bytes() for p in sorted(paths, key=str))).hexdigest()[:16]

    code = [package / "__init__.py", package / "rules" / "core.py"]
    first = snapshot_key(game)  # type: ignore[arg-type]
    assert first == f"kind/3/{digest(*code)}"
    assert snapshot_key(single) == f"one/1/{digest(tmp_path / 'onefile.py')}"  # type: ignore[arg-type]
    (package / "rules" / "core.py").write_text("X = 2\n")
    assert snapshot_key(game) == first  # type: ignore[arg-type]  # kept for the process
    del game._ledger_snapshot_key
    assert snapshot_key(game) == f"kind/3/{digest(*code)}" != first  # type: ignore[arg-type]


def test_an_option_with_choices_takes_each_of_them_and_nothing_else(referee: Referee) -> None:
    """`new --option NAME=VALUE` of an option with choices (Planet B's '-1' swindle tile):
    each choice is recorded in the setup, a value that is none of them is refused naming them,
    and nothing is written for it."""
    for value in ("none", "draw", "count"):
        game = referee.new_game("planet-b", ["ann", "ben"], options={"minus-tile": value})
        assert referee.load(game).setup.options["minus-tile"] == value
    with pytest.raises(BadInput, match="option minus-tile cannot be 'half'") as refused:
        referee.new_game("planet-b", ["ann", "ben"], options={"minus-tile": "half"})
    assert refused.value.legal == "none | draw | count"
    assert len(referee.games()) == 3


def test_a_game_over_at_its_setup_is_recorded_over(referee: Referee) -> None:
    """A game whose setup leaves nothing to play (a pile of no pebbles) is over from its first
    row: the record says so, in the export's header too (read from the games table's status)."""
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "0"})
    assert referee.game(game).status == "over"
    lines, _ = referee.export(game)
    assert msgspec.json.decode(lines[0])["status"] == "over"
    playing = referee.new_game("pebbles", ["alice", "bob"])
    lines, _ = referee.export(playing)
    assert msgspec.json.decode(lines[0])["status"] == "active"
