"""Issue 42, at the terminal: "A void cannot be taken back, and a cascade is never previewed".

`undo` takes back the latest recorded action, a void included (its moves come back, each
re-checked); `redo` makes that void again; `void N --cascade` shows what it would take back and
asks (at the CLI, `--yes` to skip, refused without a terminal), `--dry-run` shows it without
recording. Expected holdings follow PEBBLES 2 (a take) and 3 (a gift needs the pebbles held).
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest

from ledger.codec import encode
from ledger.errors import IllegalMove, VerificationFailed, WriteConflict
from ledger.history import REVERTED, Reverted, replay_checked
from ledger.service import Referee
from ledger.store import Row, Store
from tests.conftest import Result

Cli = Callable[..., Result]

# PEBBLES 2-3: alice 2; gift to bob (alice 0, bob 2); bob 4; bob gives 4 back (alice 4, bob 0);
# alice 5; alice gives bob 5 (alice 0, bob 5); bob 6. Each move is its row and one fact row.
MOVES = (
    "take alice 2",  # #2
    "give alice bob 2",  # #4: the disputed gift
    "take bob 2",  # #6
    "give bob alice 4",  # #8: bob holds 2 without #4: breaks
    "take alice 1",  # #10
    "give alice bob 5",  # #12: alice holds 3 without #4 and #8: breaks
    "take bob 1",  # #14: the latest move
)
ALL_LIVE = {"alice": 0, "bob": 6}
VOIDED = {"alice": 3, "bob": 3}  # #2, #6, #10, #14 only: alice 2+1, bob 2+1


def held(referee: Referee, game: int, upto: int | None = None) -> dict[str, int]:
    return dict(referee.load(game, upto).state.held)


@pytest.fixture
def game(referee: Referee) -> int:
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "10"})
    for words in MOVES:
        referee.submit_text(game, words.split())
    return game


def test_undo_after_a_cascade_takes_the_void_back_not_the_latest_move(referee: Referee, game: int) -> None:
    """The issue: after `void --cascade`, `undo` undid an older move instead of the void."""
    voided = referee.void(game, 5, reason="disputed", cascade=True)  # #5: the fact of the gift #4
    assert (voided.seq, held(referee, game)) == (16, VOIDED)
    undone = referee.undo(game, reason="we agree after all")
    assert undone.seq == 17
    assert undone.text == (
        "restore #4 (give alice bob 2), #8 (give bob alice 4), #12 (give alice bob 5): void #16 taken back"
    )
    assert held(referee, game) == ALL_LIVE  # #14 (take bob 1) still live: not undone
    entries = {e.seq: e for e in referee.log(game)}
    assert all(entries[s].reverted_by is None for s in (4, 8, 12, 14))  # every move live again
    assert (entries[17].kind, entries[17].reason) == ("restore", "we agree after all")
    assert entries[17].actor == "table"  # who asked for the void, unless said
    assert held(referee, game, 16) == VOIDED  # the table as it stood before the undo
    report = referee.verify(game)
    assert report.rows == 17


def test_a_second_undo_takes_back_the_move_before_the_void(referee: Referee, game: int) -> None:
    referee.void(game, 4, reason="disputed", cascade=True)
    referee.undo(game)
    assert referee.undo(game).text == "undo #14 (take bob 1)"
    assert held(referee, game) == {"alice": 0, "bob": 5}
    referee.verify(game)


def test_redo_makes_the_void_taken_back_again_and_then_the_undone_move(referee: Referee, game: int) -> None:
    referee.void(game, 4, reason="disputed", cascade=True)  # #16
    referee.undo(game)  # #17 restores it
    referee.undo(game)  # #18 undoes #14
    assert referee.redo(game).seq == 19  # take bob 1 again
    assert held(referee, game) == ALL_LIVE
    again = referee.redo(game)
    assert (
        again.text
        == "void #4 (give alice bob 2) and, by cascade, #8 (give bob alice 4), #12 (give alice bob 5)"
    )
    assert held(referee, game) == VOIDED
    with pytest.raises(IllegalMove, match="nothing to redo"):
        referee.redo(game)
    assert referee.undo(game).text.endswith(f"void #{again.seq} taken back")  # the void made again
    assert held(referee, game) == ALL_LIVE
    referee.verify(game)


def test_a_player_cannot_take_back_a_move_the_table_voided_after(referee: Referee, game: int) -> None:
    """bob's take #14 is his latest move, but the table's void came since: his phone may not
    take it back alone (only while nobody has acted since)."""
    referee.void(game, 4, reason="disputed", cascade=True)
    offer = referee.take_back_offer(game, "bob")
    assert offer is not None and offer.seq == 14 and offer.since == ["table"]
    head = referee.store.head(game)
    with pytest.raises(IllegalMove, match="the latest action is void #16"):
        referee.take_back(game, "bob")
    assert referee.store.head(game) == head


def test_void_preview_shows_the_cascade_and_records_nothing(referee: Referee, game: int) -> None:
    head = referee.store.head(game)
    preview = referee.void_preview(game, 5, reason="disputed", cascade=True)
    assert (preview.seq, preview.target, preview.cascade) == (5, 4, [8, 12])
    assert preview.moves == ["#4 (give alice bob 2)", "#8 (give bob alice 4)", "#12 (give alice bob 5)"]
    assert preview.head == 15
    assert referee.store.head(game) == head
    with pytest.raises(IllegalMove, match=r"would make move #8 \(give bob alice 4\) illegal"):
        referee.void_preview(game, 4, reason="disputed")  # without --cascade: refused as void is


def test_a_void_recorded_after_the_preview_is_refused_if_the_log_moved(referee: Referee, game: int) -> None:
    preview = referee.void_preview(game, 4, reason="disputed", cascade=True)
    referee.submit_text(game, ["take", "alice", "1"])
    with pytest.raises(WriteConflict, match=r"move #16 \(take alice 1\) was recorded after #15"):
        referee.void(game, 4, reason="disputed", cascade=True, seen=preview.head)


def test_verify_refuses_a_restore_that_names_no_void_in_force(referee: Referee, game: int) -> None:
    """A restore row written by hand that names a move (or a void already taken back) is damage."""
    rows = referee.store.rows(game)
    forged = Reverted(target=14, how="restore", by="table")
    row = Row(16, REVERTED, encode(forged), "table", rows[-1].recorded_at, rows[-1].hash, "")
    with pytest.raises(VerificationFailed, match="restores #14, which is not a void in force"):
        replay_checked(referee.load(game).game, [*rows, row])


# --- at the terminal ---------------------------------------------------------------------------


@pytest.fixture
def table(cli: Cli) -> None:
    assert cli("new", "pebbles", "--players", "alice,bob", "--option", "pile=10").code == 0
    for words in MOVES:
        assert cli("pebbles", *words.split()).code == 0


@pytest.fixture
def head(db_path: Path) -> Callable[[], int]:
    """The log's last row, read from the database itself."""

    def read() -> int:
        store = Store(db_path)
        try:
            return store.head(1)[0]
        finally:
            store.close()

    return read


def test_cli_a_cascade_without_a_terminal_is_refused_saying_add_yes(
    cli: Cli, table: None, head: Callable[[], int]
) -> None:
    result = cli("void", "5", "--reason", "disputed", "--cascade")
    assert result.code == 2
    assert result.err.count("\n") == 1 and "add --yes" in result.err and "#8, #12" in result.err
    assert head() == 15  # nothing appended


def test_cli_dry_run_shows_what_the_cascade_takes_back_and_records_nothing(
    cli: Cli, table: None, head: Callable[[], int]
) -> None:
    result = cli("void", "5", "--reason", "disputed", "--cascade", "--dry-run")
    assert result.code == 0
    assert result.out.splitlines() == [
        "void #5 (a row of move #4) would take back 3 moves:",
        "  #4 (give alice bob 2)",
        "  #8 (give bob alice 4)  by cascade: it does not hold without #4",
        "  #12 (give alice bob 5)  by cascade: it does not hold without #4",
        "(--dry-run: nothing recorded)",
    ]
    assert head() == 15


@pytest.mark.parametrize(("answer", "recorded"), [("n\n", False), ("y\n", True)])
def test_cli_at_a_terminal_the_cascade_is_shown_then_asked(
    cli: Cli,
    table: None,
    head: Callable[[], int],
    monkeypatch: pytest.MonkeyPatch,
    answer: str,
    recorded: bool,
) -> None:
    monkeypatch.setattr("referee_cli.record.interactive", lambda: True)
    monkeypatch.setattr("sys.stdin", io.StringIO(answer))
    result = cli("void", "4", "--reason", "disputed", "--cascade")
    assert "#12 (give alice bob 5)  by cascade" in result.out and "Record this void?" in result.out
    assert (result.code == 0) is recorded
    assert head() == (16 if recorded else 15)
    if not recorded:
        assert "nothing recorded" in result.out


def test_cli_yes_records_the_cascade_and_undo_takes_it_back(
    cli: Cli, table: None, head: Callable[[], int]
) -> None:
    voided = cli("void", "4", "--reason", "disputed", "--cascade", "--yes")
    assert voided.code == 0 and voided.out.startswith(
        "recorded #16: void #4 (give alice bob 2) and, by cascade"
    )
    undone = cli("undo")
    assert undone.code == 0
    assert undone.out.startswith("recorded #17: restore #4 (give alice bob 2), #8 (give bob alice 4)")
    log = cli("log", "-n", "2").out
    assert "restore #4" in log and "void #16 taken back" in log
    assert cli("verify").code == 0


def test_cli_a_void_without_a_cascade_records_without_asking(
    cli: Cli, table: None, head: Callable[[], int]
) -> None:
    assert cli("void", "14", "--reason", "miscounted").code == 0  # the latest move: nothing later breaks
    assert head() == 16
