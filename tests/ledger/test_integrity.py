"""Issue 19's holes, each tried the way a hostile player with the laptop would: edit
``ledger.db`` with SQLite (another connection, as the ``sqlite3`` tool is), then use the
referee as usual. Each test failed on the main branch before the fix it guards."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import msgspec
import pytest

from ledger import games, history
from ledger.codec import GENESIS, encode, row_hash
from ledger.errors import IllegalMove, LogDamaged
from ledger.history import Move
from ledger.service import Referee, repository, snapshot_key
from ledger.store import Store
from tests import pebbles
from tests.conftest import Result

Cli = Callable[..., Result]
ROOT = Path(__file__).resolve().parents[2]
CARDS = ROOT / "fixtures" / "loop-test-cards.toml"


@pytest.fixture
def tamper(db_path: Path) -> Iterator[Callable[..., None]]:
    """Run SQL on the database from outside the referee, as the ``sqlite3`` tool would."""
    conn = sqlite3.connect(db_path, isolation_level=None)

    def run(statement: str, *params: object) -> None:
        conn.execute(statement, params)

    yield run
    conn.close()


def rechain(db_path: Path, game: int = 1) -> None:
    """What a careful forger does after an edit: recompute every hash, so the chain holds."""
    conn = sqlite3.connect(db_path, isolation_level=None)
    prev = GENESIS
    rows = conn.execute(
        "SELECT seq, type, body, actor, recorded_at FROM events WHERE game_id = ? ORDER BY seq", (game,)
    ).fetchall()
    for seq, type_, body, actor, recorded_at in rows:
        digest = row_hash(prev, seq, type_, body, actor, recorded_at)
        conn.execute(
            "UPDATE events SET prev_hash = ?, hash = ? WHERE game_id = ? AND seq = ?",
            (prev, digest, game, seq),
        )
        prev = digest
    conn.close()


def head(db_path: Path, game: int = 1) -> int:
    conn = sqlite3.connect(db_path)
    (seq,) = conn.execute("SELECT max(seq) FROM events WHERE game_id = ?", (game,)).fetchone()
    conn.close()
    return int(seq)


def moves(cli: Cli, *typed: str) -> None:
    for words in typed:
        assert cli("pebbles", *words.split()).code == 0, words


@pytest.fixture
def snapshotted(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> int:
    """A pebbles game with a snapshot at #9 (SNAPSHOT_EVERY lowered to 8) and head #11."""
    monkeypatch.setattr(repository, "SNAPSHOT_EVERY", 8)
    assert cli("new", "pebbles", "--players", "alice,bob", "--option", "pile=40").code == 0
    moves(cli, "take alice 3", "take bob 1", "take alice 3", "take bob 1", "take alice 3")
    return 1


def refused(result: Result, *named: str) -> str:
    """A refusal with exit 3, nothing on stdout (but the error itself with --json), one line
    naming ``named``."""
    assert result.code == 3, result
    line = json.loads(result.out)["message"] if result.out else result.err.strip()
    assert "\n" not in line, line
    for text in named:
        assert text in line, (text, line)
    return line


# --- hole 1: a forged snapshot, its digest recomputed --------------------------------------


def test_hole1_a_forged_snapshot_with_a_recomputed_digest_is_never_believed(
    cli: Cli, tamper: Callable[..., None], db_path: Path, snapshotted: int
) -> None:
    conn = sqlite3.connect(db_path)
    seq, body = conn.execute("SELECT seq, body FROM snapshots ORDER BY seq LIMIT 1").fetchone()
    conn.close()
    assert seq == 9
    state = msgspec.json.decode(body, type=pebbles.State)
    forged = encode(msgspec.structs.replace(state, held={"alice": 5010, "bob": 2}))
    tamper(
        "UPDATE snapshots SET body = ?, digest = ? WHERE seq = ?",
        forged,
        hashlib.sha256(forged.encode()).hexdigest(),
        seq,
    )
    shown = json.loads(cli("status", "--json").out)["view"]
    assert shown["held"] == {"alice": 9, "bob": 2}  # the log's truth: 3+3+3 and 1+1
    gift = cli("pebbles", "give", "alice", "bob", "4000")
    assert gift.code == 1 and "alice holds 9, cannot give 4000" in gift.err  # PEBBLES 3
    assert head(db_path) == 11
    failed = cli("verify")
    assert failed.code == 1 and "the snapshot at #9 does not match the fold" in failed.err
    assert cli("verify").code == 0 and cli("status").code == 0  # dropped: the log itself holds


def test_hole1_a_forged_verified_mark_is_not_believed(
    cli: Cli, tamper: Callable[..., None], db_path: Path, snapshotted: int
) -> None:
    """The mark is a cache too: moved over rows a forger appended, its seal no longer holds, and
    the rows are checked (here: bob takes 9, on alice's turn)."""
    move = encode(Move(command=msgspec.Raw(encode(pebbles.Take("bob", 9)).encode())))
    fact = encode(pebbles.Taken("bob", 9))
    conn = sqlite3.connect(db_path, isolation_level=None)
    (prev,) = conn.execute("SELECT hash FROM events WHERE seq = 11").fetchone()
    for seq, type_, body in ((12, "move", move), (13, "pebbles.taken", fact)):
        digest = row_hash(prev, seq, type_, body, "bob", "t")
        conn.execute(
            "INSERT INTO events VALUES (1, ?, ?, ?, 'bob', 't', ?, ?)", (seq, type_, body, prev, digest)
        )
        prev = digest
    conn.execute("UPDATE verified SET seq = 13, hash = ?", (prev,))
    conn.close()
    refused(cli("status"), "move #12 (take bob 9) is refused", "referee void 12")


def test_hole1_a_snapshot_past_a_tail_cut_where_no_mark_remembers_is_named_by_verify(
    cli: Cli, tamper: Callable[..., None], snapshotted: int
) -> None:
    """The tail cut below the snapshot at #9 and the verified mark deleted, so that nothing
    remembers the rows: verify names the snapshot bound to a row no longer in the log."""
    tamper("DELETE FROM events WHERE seq >= 6")
    tamper("DELETE FROM verified")
    failed = cli("verify")
    assert failed.code == 1, failed
    assert "the snapshot at #9 is bound to a row that is not in the log as it is now" in failed.err


# --- hole 2: a row edited before the latest snapshot ----------------------------------------


def test_hole2_a_row_edited_before_the_snapshot_is_not_shown_nor_appended_to(
    cli: Cli, tamper: Callable[..., None], db_path: Path, snapshotted: int
) -> None:
    tamper("UPDATE events SET body = replace(body, '\"n\":3', '\"n\":1') WHERE seq = 3")
    for args in (["log"], ["log", "--json"]):
        refused(cli(*args), "row #3 was altered")
    refused(cli("pebbles", "take", "bob", "1"), "row #3 was altered")  # marked: nothing appended
    refused(cli("status"), "row #3")
    assert head(db_path) == 11
    failed = cli("verify")
    assert failed.code == 1 and "row #3 was altered" in failed.err


def test_hole2_log_since_a_row_checks_the_rows_it_shows(
    cli: Cli, tamper: Callable[..., None], snapshotted: int
) -> None:
    tamper("UPDATE events SET actor = 'bob' WHERE seq = 10")
    refused(cli("log", "-n", "1"), "row #10 was altered")


def rehash_stretch(
    db_path: Path, first: int, last: int, edit: str = "body = replace(body, '\"n\":1', '\"n\":2')"
) -> None:
    """Row ``first`` edited, and rows ``first`` to ``last`` rehashed among themselves: a forger
    who stops short of the head (whose hash the verified mark holds)."""
    conn = sqlite3.connect(db_path, isolation_level=None)
    conn.execute(f"UPDATE events SET {edit} WHERE seq = {first}")
    rows = conn.execute(
        "SELECT seq, type, body, actor, recorded_at, prev_hash FROM events WHERE seq BETWEEN ? AND ?"
        " ORDER BY seq",
        (first, last),
    )
    prev = None
    for seq, type_, body, actor, at, stored_prev in rows.fetchall():
        prev = stored_prev if prev is None else prev
        digest = row_hash(prev, seq, type_, body, actor, at)
        conn.execute("UPDATE events SET prev_hash = ?, hash = ? WHERE seq = ?", (prev, digest, seq))
        prev = digest
    conn.close()


def test_hole2_a_stretch_rewritten_with_its_hashes_is_not_shown_by_log(
    cli: Cli, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rows #3 to #25 edited and rehashed among themselves (the forger stops short of the head):
    `log` checks the links to the checked head before it shows a batch not sealed as checked."""
    monkeypatch.setattr(repository, "FOLD_BATCH", 10)
    cli("new", "pebbles", "--players", "alice,bob", "--option", "pile=90")
    moves(cli, *[f"take {('alice', 'bob')[n % 2]} 1" for n in range(20)])  # head #41
    rehash_stretch(db_path, 3, 25)
    refused(cli("log", "--json"), "row #26 does not follow row #25")


def test_hole2_a_stretch_rewritten_where_the_fold_does_not_read_is_named_by_log(
    cli: Cli, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only a time edited in #3 (the fold reads the seq, type and body), #3 to #25 rehashed: the
    state still folds as checked, but `log` checks the links to the checked head before it
    shows the first batch, and names the first row that does not follow."""
    monkeypatch.setattr(repository, "FOLD_BATCH", 10)
    cli("new", "pebbles", "--players", "alice,bob", "--option", "pile=90")
    moves(cli, *[f"take {('alice', 'bob')[n % 2]} 1" for n in range(20)])  # head #41
    rehash_stretch(db_path, 3, 25, edit="recorded_at = 'then'")
    assert cli("status").code == 0
    log = cli("log", "--json")
    refused(log, "row #26 does not follow row #25")
    assert json.loads(log.out)["seq"] == 26
    assert head(db_path) == 41


@pytest.mark.parametrize(
    ("last", "since", "named"),
    [
        (20, [], "row #21 does not follow row #20"),  # the break falls between two batches
        (15, ["--since", "11"], "row #16 does not follow row #15"),  # in the first batch read
    ],
)
def test_hole2_the_links_to_the_checked_head_name_the_first_row_that_does_not_follow(
    cli: Cli,
    db_path: Path,
    referee: Referee,
    monkeypatch: pytest.MonkeyPatch,
    last: int,
    since: list[str],
    named: str,
) -> None:
    """Only a time edited in #3, #3 to ``last`` rehashed: `log` (from the start, or from a row
    past the edit) checks the links from where it starts reading to the checked head before it
    shows a row, and names the first row that does not follow, wherever its batches fall."""
    monkeypatch.setattr(repository, "FOLD_BATCH", 10)
    cli("new", "pebbles", "--players", "alice,bob", "--option", "pile=90")
    moves(cli, *[f"take {('alice', 'bob')[n % 2]} 1" for n in range(20)])  # head #41
    rehash_stretch(db_path, 3, last, edit="recorded_at = 'then'")
    assert cli("status").code == 0
    shown = []
    with pytest.raises(LogDamaged, match=named):  # the log as it streams, entry by entry
        for entry in referee.log(1, since=int(since[1]) if since else None):
            shown.append(entry)
    assert shown == []  # not a row of the stretch given before the refusal
    refused(cli("log", *since), named)  # and the game is marked
    assert head(db_path) == 41


def test_hole2_a_stretch_rehashed_to_a_batchs_end_is_never_sealed_as_checked(
    cli: Cli, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A chain checked forward from a good row proves nothing until it meets a hash already
    checked: the batches a failed fold read before the break (#2 to #20, rehashed to the end of a
    batch) are not sealed, so no later reading could take them for checked rows."""
    monkeypatch.setattr(repository, "FOLD_BATCH", 10)
    cli("new", "pebbles", "--players", "alice,bob", "--option", "pile=90")
    moves(cli, *[f"take {('alice', 'bob')[n % 2]} 1" for n in range(20)])  # head #41
    conn = sqlite3.connect(db_path, isolation_level=None)
    sealed = "SELECT lo, hi, seal FROM checked UNION ALL SELECT lo, hi, seal FROM folded ORDER BY 1, 3"
    before = conn.execute(sealed).fetchall()  # the true rows' seals, made by the moves' folds
    rehash_stretch(db_path, 3, 20)
    refused(cli("status"), "row #21 does not follow row #20")
    assert conn.execute(sealed).fetchall() == before
    conn.close()


def test_hole2_a_row_removed_at_a_batchs_end_is_named_as_missing(
    cli: Cli, tamper: Callable[..., None], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last row of a batch the fold reads (#20, batches of 10) deleted: the refusal names
    it as missing, also in `--json`, as verify does; not as rows that changed while read."""
    monkeypatch.setattr(repository, "FOLD_BATCH", 10)
    cli("new", "pebbles", "--players", "alice,bob", "--option", "pile=90")
    moves(cli, *[f"take {('alice', 'bob')[n % 2]} 1" for n in range(20)])  # head #41
    tamper("DELETE FROM events WHERE seq = 20")
    refused(cli("status"), "row #20 is missing or out of place (found #21 there)")
    assert json.loads(cli("status", "--json").out)["seq"] == 20


@pytest.mark.parametrize("column", ["body", "type"])
def test_hole2_a_row_edited_in_a_sealed_batch_is_neither_folded_nor_shown(
    cli: Cli, tamper: Callable[..., None], db_path: Path, monkeypatch: pytest.MonkeyPatch, column: str
) -> None:
    """A batch sealed once checked is read again with only what a fold uses, and its seal
    checked: a row edited in place there breaks the seal, and then its own hash."""
    monkeypatch.setattr(repository, "FOLD_BATCH", 10)
    cli("new", "pebbles", "--players", "alice,bob", "--option", "pile=90")
    moves(cli, *[f"take {('alice', 'bob')[n % 2]} 1" for n in range(20)])  # head #41, #2-#40 sealed
    edit = "replace(body, '\"n\":1', '\"n\":2')" if column == "body" else "'pebbles.given'"
    tamper(f"UPDATE events SET {column} = {edit} WHERE seq = 15")
    refused(cli("status"), "row #15 was altered")
    refused(cli("log"), "row #15 was altered")
    assert head(db_path) == 41


def test_hole2_a_row_altered_in_a_later_batch_marks_the_game_as_the_log_streams(
    cli: Cli, tamper: Callable[..., None], referee: Referee, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only a time edited in place in #15 (which the fold does not read): the game still loads,
    and the log, read batch by batch, gives the first batch and stops at the second, whose
    check names the row and marks the game, so what comes next is refused as marked."""
    monkeypatch.setattr(repository, "FOLD_BATCH", 10)
    cli("new", "pebbles", "--players", "alice,bob", "--option", "pile=90")
    moves(cli, *[f"take {('alice', 'bob')[n % 2]} 1" for n in range(20)])  # head #41, #2-#40 sealed
    tamper("UPDATE events SET recorded_at = 'then' WHERE seq = 15")
    shown = []
    with pytest.raises(LogDamaged, match="row #15 was altered"):
        for entry in referee.log(1):
            shown.append(entry)
    # the setup and the moves whose rows are all in the first batch (#10's fact is #11)
    assert [e.seq for e in shown] == [1, 2, 4, 6, 8]
    assert referee.store.tip(1).bad is not None  # marked


def test_hole2_redo_never_repeats_a_command_edited_in_place(cli: Cli, tamper: Callable[..., None]) -> None:
    cli("new", "pebbles", "--players", "alice,bob")
    moves(cli, "take alice 1")
    assert cli("undo").code == 0
    tamper("UPDATE events SET body = replace(body, '\"n\":1', '\"n\":3') WHERE seq = 2")
    refused(cli("redo"), "row #2 was altered")


def test_hole2_a_redo_past_a_snapshot_checks_the_command_it_repeats_and_marks_the_game(
    cli: Cli, tamper: Callable[..., None], db_path: Path, snapshotted: int
) -> None:
    """The undone move's rows lie under a snapshot, which the fold does not read again: the redo
    checks the command it repeats itself, and a failed check marks the game."""
    for _ in range(3):
        assert cli("undo").code == 0  # #12-#14 undo #10, #8 and #6 (alice's second take of 3)
    assert cli("status").code == 0  # a fold of 14 rows: cached at #14
    assert sqlite3.connect(db_path).execute("SELECT max(seq) FROM snapshots").fetchone() == (14,)
    tamper("UPDATE events SET body = replace(body, '\"n\":3', '\"n\":1') WHERE seq = 6")
    refused(cli("redo"), "row #6 was altered")
    tamper("UPDATE events SET body = replace(body, '\"n\":1', '\"n\":3') WHERE seq = 6")  # put back
    refused(cli("status"), "row #6 was altered")  # still marked: nobody has checked it again
    assert head(db_path) == 14


# --- hole 3: once a check fails, the game stays marked until it is resolved ------------------


def test_hole3_a_failed_check_marks_the_game_until_it_is_resolved(
    cli: Cli, tamper: Callable[..., None], db_path: Path, snapshotted: int
) -> None:
    tamper("UPDATE events SET body = replace(body, '\"n\":3', '\"n\":2') WHERE seq = 11")
    first = refused(cli("status"), "row #11 was altered")
    assert "restore an export" in first
    tamper("UPDATE events SET body = replace(body, '\"n\":2', '\"n\":3') WHERE seq = 11")  # put back
    for args in (["status"], ["log"], ["score"], ["moves"], ["pebbles", "take", "bob", "1"], ["undo"]):
        refused(cli(*args), "row #11 was altered")  # still marked: nobody has checked it again
    assert head(db_path) == 11
    assert cli("verify").code == 0  # verify keeps working, and lifts the mark once all holds
    assert cli("pebbles", "take", "bob", "1").code == 0


def test_hole3_a_refused_move_found_by_verify_stops_the_game_and_the_table_can_void_it(
    cli: Cli, tamper: Callable[..., None], db_path: Path, snapshotted: int
) -> None:
    """Rows appended by hand with a valid chain, the mark deleted so nothing remembers."""
    move = encode(Move(command=msgspec.Raw(encode(pebbles.Take("bob", 9)).encode())))
    conn = sqlite3.connect(db_path, isolation_level=None)
    (prev,) = conn.execute("SELECT hash FROM events WHERE seq = 11").fetchone()
    for seq, type_, body in ((12, "move", move), (13, "pebbles.taken", encode(pebbles.Taken("bob", 9)))):
        digest = row_hash(prev, seq, type_, body, "bob", "t")
        conn.execute(
            "INSERT INTO events VALUES (1, ?, ?, ?, 'bob', 't', ?, ?)", (seq, type_, body, prev, digest)
        )
        prev = digest
    conn.execute("DELETE FROM verified")
    conn.close()
    failed = cli("verify")
    assert failed.code == 1 and "move #12 (take bob 9) is refused: PEBBLES 2" in failed.err
    for args in (["status"], ["log"], ["pebbles", "take", "alice", "1"]):
        refused(cli(*args), "move #12 (take bob 9) is refused", "`referee void 12 --reason TEXT`")
    assert head(db_path) == 13
    voided = cli("void", "12", "--reason", "typed in by hand")
    assert voided.code == 0, voided
    assert cli("verify").code == 0
    assert json.loads(cli("status", "--json").out)["view"]["held"] == {"alice": 9, "bob": 2}


def forge(db_path: Path, *moves: tuple[str, object, object], forget: bool = True) -> None:
    """Append moves by hand after the head, chained as the referee would (``(actor, command,
    fact)`` each), and (``forget``) delete the verified mark, so that nothing remembers the last
    check."""
    conn = sqlite3.connect(db_path, isolation_level=None)
    seq, prev = conn.execute("SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1").fetchone()
    for actor, command, fact in moves:
        move = encode(Move(command=msgspec.Raw(encode(command).encode())))
        for type_, body in (("move", move), (f"pebbles.{type(fact).__name__.lower()}", encode(fact))):
            seq += 1
            digest = row_hash(prev, seq, type_, body, actor, "t")
            conn.execute(
                "INSERT INTO events VALUES (1, ?, ?, ?, ?, 't', ?, ?)",
                (seq, type_, body, actor, prev, digest),
            )
            prev = digest
    if forget:
        conn.execute("DELETE FROM verified")
    conn.close()


def forge_revert(db_path: Path, revert: history.Reverted, actor: str) -> None:
    """Append a revert row by hand after the head, in ``actor``'s name, chained as the referee
    would; the verified mark is left where it was."""
    conn = sqlite3.connect(db_path, isolation_level=None)
    seq, prev = conn.execute("SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1").fetchone()
    body = encode(revert)
    digest = row_hash(prev, seq + 1, history.REVERTED, body, actor, "t")
    conn.execute(
        "INSERT INTO events VALUES (1, ?, ?, ?, ?, 't', ?, ?)",
        (seq + 1, history.REVERTED, body, actor, prev, digest),
    )
    conn.close()


def test_hole3_a_refused_move_appended_after_the_checked_head_can_be_voided(
    cli: Cli, db_path: Path, referee: Referee, snapshotted: int
) -> None:
    """docs/auditing.md: rows appended since the verified mark are checked through the rules; a
    move they refuse is the only thing wrong (the rows up to the mark are as checked), so the
    table can void it."""
    forge(db_path, ("bob", pebbles.Take("bob", 9), pebbles.Taken("bob", 9)), forget=False)  # #12, #13
    refused(cli("status"), "move #12 (take bob 9) is refused", "`referee void 12 --reason TEXT`")
    for seq in ("1", "14", "99"):  # the setup, rows not recorded: no move to void
        refused(cli("void", seq, "--reason", "typed in by hand"), "move #12 (take bob 9) is refused")
    assert head(db_path) == 13
    voided = referee.void(1, 13, reason="typed in by hand")  # the last row: a fact of move #12
    assert (voided.seq, voided.text) == (14, "void #12")
    assert dict(referee.load(1).state.held) == {"alice": 9, "bob": 2}  # the game is no longer marked
    assert cli("verify").code == 0
    assert json.loads(cli("status", "--json").out)["view"]["held"] == {"alice": 9, "bob": 2}


def test_hole3_a_refused_move_in_a_seeded_game_is_voided_with_the_seed_kept(
    cli: Cli, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game dealt from a sealed seed replays only with the seed this referee keeps: the void
    of a refused move there replays with it too."""
    monkeypatch.setattr(repository, "SNAPSHOT_EVERY", 8)
    assert cli("new", "pebbles", "--players", "alice,bob", "--seed", "5").code == 0
    moves(cli, "take alice 3", "take bob 1")
    forge(db_path, ("alice", pebbles.Take("alice", 9), pebbles.Taken("alice", 9)), forget=False)  # #6, #7
    refused(cli("status"), "move #6 (take alice 9) is refused")
    assert cli("void", "6", "--reason", "typed in by hand").code == 0
    assert cli("verify").code == 0


def test_hole3_a_revert_appended_since_the_check_in_a_seeded_game_is_checked_with_the_kept_seed(
    cli: Cli, db_path: Path
) -> None:
    """Rows appended since the verified mark are checked through the rules, the whole log again
    when one is a revert; a game dealt from a sealed seed replays only with the seed this
    referee keeps, so that check uses it too: bob's undo of his take, appended by another
    writer, stands."""
    assert cli("new", "pebbles", "--players", "alice,bob", "--seed", "5").code == 0
    moves(cli, "take alice 3", "take bob 1")  # #2-#3, #4-#5
    forge_revert(db_path, history.Reverted(target=4, how="undo", by="bob"), "bob")  # #6
    shown = cli("status", "--json")
    assert shown.code == 0, shown
    assert json.loads(shown.out)["view"]["held"] == {"alice": 3, "bob": 0}


def test_hole3_voiding_a_later_refused_move_leaves_the_game_marked_by_the_first(
    cli: Cli, db_path: Path, snapshotted: int
) -> None:
    """Two moves the rules refuse (bob takes 9, then alice takes 9: PEBBLES 2, 1 to 3): voiding the
    later does not make the log replay, so the game stays marked by the first, nothing appended."""
    forge(
        db_path,
        ("bob", pebbles.Take("bob", 9), pebbles.Taken("bob", 9)),  # #12, #13
        ("alice", pebbles.Take("alice", 9), pebbles.Taken("alice", 9)),  # #14, #15
    )
    assert cli("verify").code == 1
    for cascade in ([], ["--cascade"]):
        refused(
            cli("void", "14", "--reason", "typed in by hand", *cascade), "move #12 (take bob 9) is refused"
        )
    assert head(db_path) == 15


def test_hole3_a_refused_first_move_is_voided_with_each_move_it_made_legal_named(
    cli: Cli, db_path: Path, referee: Referee
) -> None:
    """The refused move can be the game's first (#2, right after the setup); a void by cascade
    names every later move it takes out, and its row is stamped with the time like any other.
    Here alice takes 9 (PEBBLES 2: 1 to 3), then gives 5 of them to bob, who gives 2 back
    (PEBBLES 3: only what each holds)."""
    assert cli("new", "pebbles", "--players", "alice,bob").code == 0
    forge(
        db_path,
        ("alice", pebbles.Take("alice", 9), pebbles.Taken("alice", 9)),  # #2, #3
        ("alice", pebbles.Give("alice", "bob", 5), pebbles.Given("alice", "bob", 5)),  # #4, #5
        ("bob", pebbles.Give("bob", "alice", 2), pebbles.Given("bob", "alice", 2)),  # #6, #7
    )
    assert cli("verify").code == 1  # marks the game: move #2 is refused
    voided = referee.void(1, 2, reason="typed in by hand", cascade=True)
    assert (voided.seq, voided.text) == (8, "void #2 and, by cascade, #4, #6")
    assert dict(voided.state.held) == {"alice": 0, "bob": 0}
    row = referee.store.rows(1)[-1]
    assert row.recorded_at.startswith("2026-01-01T12:")  # the referee's clock, as for any row
    assert cli("verify").code == 0


def test_hole3_a_revert_row_is_no_move_to_void_in_a_marked_game(
    cli: Cli, db_path: Path, referee: Referee, snapshotted: int
) -> None:
    """Only a move is voided: in a game marked by a refused move, the seq of an undo names no
    move, so the void is refused with the damage itself (its row, and the void that answers it),
    and nothing is appended."""
    assert cli("undo").code == 0  # #12 undoes alice's last take
    forge(db_path, ("alice", pebbles.Take("alice", 9), pebbles.Taken("alice", 9)), forget=False)  # #13
    refused(cli("status"), "move #13 (take alice 9) is refused")
    with pytest.raises(LogDamaged) as refusal:
        referee.void(1, 12, reason="typed in by hand")
    assert "move #13 (take alice 9) is refused" in refusal.value.message
    assert "`referee void 13 --reason TEXT`" in (refusal.value.legal or "")
    assert head(db_path) == 14


def test_hole3_a_game_marked_damaged_voids_no_live_move(
    cli: Cli, tamper: Callable[..., None], db_path: Path, snapshotted: int
) -> None:
    """A void answers only a move the rules refuse: in a game marked damaged for something else
    (here a row's time edited in place), voiding a move the rules take (with or without
    --cascade) is refused with the damage and appends nothing (found by the argv fuzzer: the void
    was appended unchecked and broke the moves after it)."""
    tamper("UPDATE events SET recorded_at = 'then' WHERE seq = 3")
    assert cli("verify").code == 1  # row #3 altered: marked
    for cascade in ((), ("--cascade",)):
        refused(cli("void", "2", "--reason", "disputed", *cascade), "row #3 was altered")
    assert head(db_path) == 11


def test_issue40_hole7_a_head_hash_the_log_never_had_marks_nothing(
    cli: Cli, db_path: Path, snapshotted: int
) -> None:
    """`verify --head` with a hash no row has (a typo, or a phone's hash from another database)
    says so and marks nothing: every other command goes on; only a proven mismatch marks."""
    failed = cli("verify", "--head", "498507889")
    assert failed.code == 1
    assert "no row of this log (#1 to #11) has the head hash 498507889" in failed.err
    assert "nothing was marked" in failed.err
    for args in (["status"], ["log"], ["pebbles", "take", "bob", "1"]):
        assert cli(*args).code == 0, args
    assert head(db_path) == 13


def test_hole3_no_void_once_the_checked_rows_were_rewritten(
    cli: Cli, tamper: Callable[..., None], db_path: Path, snapshotted: int
) -> None:
    """A void is the table's answer only when the refused move is all that is wrong: once a row
    the last check passed is rewritten (here only its time, every hash recomputed), the game
    stays marked and nothing is appended."""
    forge(db_path, ("bob", pebbles.Take("bob", 9), pebbles.Taken("bob", 9)), forget=False)  # #12, #13
    refused(cli("status"), "move #12 (take bob 9) is refused")
    tamper("UPDATE events SET recorded_at = 'then' WHERE seq = 3")
    rechain(db_path)
    refused(cli("void", "12", "--reason", "typed in by hand"))
    assert head(db_path) == 13


def test_hole3_a_seed_revealed_in_a_game_that_committed_to_none_is_named(
    cli: Cli, db_path: Path, snapshotted: int
) -> None:
    """docs/auditing.md: `reveal-seed` appends the seed of a game whose setup commits to one; a
    seed row appended by hand to a game that committed to none is damage, named by `verify`."""
    conn = sqlite3.connect(db_path, isolation_level=None)
    (prev,) = conn.execute("SELECT hash FROM events WHERE seq = 11").fetchone()
    body = encode(history.SeedRevealed(seed=7, salt="00"))
    digest = row_hash(prev, 12, history.SEED, body, "table", "t")
    conn.execute(
        "INSERT INTO events VALUES (1, 12, ?, ?, 'table', 't', ?, ?)", (history.SEED, body, prev, digest)
    )
    conn.execute("DELETE FROM verified")
    conn.close()
    failed = cli("verify")
    assert failed.code == 1 and "row #12 reveals a seed, but the setup commits to none" in failed.err


def test_hole3_voiding_a_refused_move_voids_by_cascade_only_the_later_moves_it_made_legal(
    cli: Cli, db_path: Path, referee: Referee, snapshotted: int
) -> None:
    """docs/auditing.md: the table voids a move the rules refuse; with --cascade, the later
    moves that held only on it too, and no other. Here bob takes 9 (PEBBLES 2: 1 to 3), then
    gives 10 of them away (PEBBLES 3: only what he holds), then alice gives 1 (she holds 9)."""
    forge(
        db_path,
        ("bob", pebbles.Take("bob", 9), pebbles.Taken("bob", 9)),  # #12, #13
        ("bob", pebbles.Give("bob", "alice", 10), pebbles.Given("bob", "alice", 10)),  # #14, #15
        ("alice", pebbles.Give("alice", "bob", 1), pebbles.Given("alice", "bob", 1)),  # #16, #17
    )
    assert cli("verify").code == 1  # marks the game: move #12 is refused
    with pytest.raises(IllegalMove) as alone:
        referee.void(1, 12, reason="typed in by hand")
    assert alone.value.message.startswith("voiding #12 leaves move #14 (give bob alice 10) is refused")
    assert alone.value.legal == "add --cascade to void it too" and alone.value.seq == 14
    assert head(db_path) == 17  # nothing appended
    voided = referee.void(1, 13, reason="typed in by hand", cascade=True)  # #13: a fact of move #12
    assert (voided.seq, voided.head, voided.text) == (18, 18, "void #12 and, by cascade, #14")
    assert dict(voided.state.held) == {"alice": 8, "bob": 3}  # 9 - 1 and 2 + 1: #16 still holds
    entry = list(referee.log(1))[-1]
    assert (entry.kind, entry.actor, entry.reason) == ("void", "table", "typed in by hand")
    assert (entry.body.target, entry.body.cascade) == (12, (14,))
    assert cli("verify").code == 0  # the mark is lifted
    assert json.loads(cli("status", "--json").out)["view"]["held"] == {"alice": 8, "bob": 3}
    assert cli("pebbles", "take", "bob", "1").code == 0  # bob's turn again, as before #12


def test_hole3_the_void_of_a_refused_move_is_checked_and_replayed_like_any_row(
    cli: Cli, db_path: Path, referee: Referee, snapshotted: int, tmp_path: Path
) -> None:
    """docs/auditing.md: `verify` re-checks every move and revert, and `export` and `import`
    carry a game, checked. A void of a refused move (#14 here, of bob's take of 9) is a row like
    the others: the replay goes on after it, so a later move the rules refuse is still named;
    a snapshot cached at it is compared with the fold there; and a log holding it imports."""
    forge(db_path, ("bob", pebbles.Take("bob", 9), pebbles.Taken("bob", 9)), forget=False)  # #12, #13
    refused(cli("status"), "move #12 (take bob 9) is refused")
    assert cli("void", "12", "--reason", "typed in by hand").code == 0  # #14
    moves(cli, "take bob 1")  # #15, #16: bob's turn again, as before #12
    exported = tmp_path / "voided.jsonl"
    assert cli("export", "-o", str(exported)).code == 0
    copy = cli("import", str(exported), "--copy")
    assert copy.code == 0 and "game 2" in copy.out, copy
    assert cli("--game", "2", "verify").code == 0
    for game in ("1", "2"):
        shown = json.loads(cli("--game", game, "status", "--json").out)["view"]
        assert shown["held"] == {"alice": 9, "bob": 3}
    # A sealed snapshot at the void that still holds bob's 9 (a stale cache): the fold there differs.
    stale = encode(pebbles.State(("alice", "bob"), 40 - 9 - 2 - 9, {"alice": 9, "bob": 11}, turn=0))
    key = snapshot_key(pebbles)  # type: ignore[arg-type]
    referee.store.put_snapshot(1, key, 14, stale, referee.store.rows(1, 13, 14)[0].hash)
    failed = cli("--game", "1", "verify")
    assert failed.code == 1 and "the snapshot at #14 does not match the fold" in failed.err, failed
    # A move the rules refuse after the void: alice takes 9 (PEBBLES 2: 1 to 3).
    forge(db_path, ("alice", pebbles.Take("alice", 9), pebbles.Taken("alice", 9)))  # #17, #18
    failed = cli("--game", "1", "verify")
    assert failed.code == 1 and "move #17 (take alice 9) is refused: PEBBLES 2" in failed.err, failed


def test_hole1_a_snapshot_cached_at_an_undo_is_compared_with_the_fold_there(
    cli: Cli, referee: Referee, snapshotted: int
) -> None:
    """docs/auditing.md: `verify` compares every cached fold with the log's: one at an undo row
    (#12, alice's last take of 3 undone) holds if it is the fold there, and is named if not."""
    assert cli("undo").code == 0  # #12
    key = snapshot_key(pebbles)  # type: ignore[arg-type]
    bound = referee.store.rows(1, 11, 12)[0].hash
    true = encode(pebbles.State(("alice", "bob"), 40 - 6 - 2, {"alice": 6, "bob": 2}, turn=0))
    referee.store.put_snapshot(1, key, 12, true, bound)
    assert cli("verify").code == 0
    assert referee.store.snapshot_seqs(1, key, 12) == [12, 9]  # kept: it holds
    referee.store.drop_snapshots(1, [s for s in referee.store.all_snapshots(1) if s.seq == 12])
    stale = encode(pebbles.State(("alice", "bob"), 40 - 9 - 2, {"alice": 9, "bob": 2}, turn=1))
    referee.store.put_snapshot(1, key, 12, stale, bound)
    failed = cli("verify")
    assert failed.code == 1 and "the snapshot at #12 does not match the fold" in failed.err, failed


def test_hole3_a_setup_row_that_does_not_decode_is_named_at_row_1(
    cli: Cli, tamper: Callable[..., None], db_path: Path, snapshotted: int
) -> None:
    """docs/auditing.md: `verify` names the first bad row: a setup row rewritten into one that
    does not decode (every hash recomputed, the mark deleted) is row #1, also in `--json`."""
    tamper("UPDATE events SET body = '{\"players\":7}' WHERE seq = 1")
    rechain(db_path)
    tamper("DELETE FROM verified")
    failed = cli("verify")
    assert failed.code == 1 and "row #1 (the setup) does not decode" in failed.err, failed
    assert json.loads(cli("verify", "--json").out)["seq"] == 1


def test_hole3_a_revert_row_in_another_players_name_is_named_at_its_row(
    cli: Cli, tamper: Callable[..., None], db_path: Path, snapshotted: int
) -> None:
    """docs/auditing.md: a revert records who asked; a revert row appended by hand in another
    name than the one who asked (bob's row, alice's undo) is damage, named at its row, also
    in `--json`."""
    forge_revert(db_path, history.Reverted(target=10, how="undo", by="alice"), "bob")  # #12
    tamper("DELETE FROM verified")
    failed = cli("verify")
    assert failed.code == 1 and "row #12 names 'bob', but 'alice' asked for this undo" in failed.err, failed
    assert json.loads(cli("verify", "--json").out)["seq"] == 12


def test_a_move_its_rules_answer_with_no_fact_is_verified(
    cli: Cli, monkeypatch: pytest.MonkeyPatch, snapshotted: int
) -> None:
    """A game's ``decide`` may answer a legal move with no fact (the Game protocol asks for a
    list): the move row alone is recorded, and `verify` replays it like any other."""
    decide = pebbles.decide

    def giving_nothing_is_a_pass(state: pebbles.State, command: pebbles.Command) -> list[pebbles.Event]:
        if isinstance(command, pebbles.Give) and command.n == 0:
            return []
        return decide(state, command)

    monkeypatch.setattr(pebbles, "decide", giving_nothing_is_a_pass)
    assert cli("pebbles", "give", "bob", "alice", "0").code == 0  # #12, no fact
    moves(cli, "take bob 1")  # #13, #14
    checked = cli("verify")
    assert checked.code == 0 and "14 rows, 7 moves (7 live)" in checked.out, checked


# --- hole 4: a cut tail ------------------------------------------------------------------------


def test_hole4_verify_names_a_cut_tail_before_replaying_the_moves(
    cli: Cli, tamper: Callable[..., None], db_path: Path
) -> None:
    cli("new", "loop", "--players", "ann,ben,cat", "--seed", "7", "--cards", str(CARDS))
    for words in ("work ann", "end ann", "work ben", "end ben"):
        assert cli("loop", *words.split()).code == 0
    last = head(db_path)
    tamper("DELETE FROM events WHERE seq > ?", last - 3)  # cuts the last move in the middle
    failed = cli("verify")
    assert failed.code == 1
    assert f"the log ends at #{last - 3}, but rows up to #{last} were recorded" in failed.err
    assert "would now record different facts" not in failed.err


# --- hole 5: the games table's status ---------------------------------------------------------


def test_hole5_games_and_stats_never_believe_the_games_tables_status(
    cli: Cli, tamper: Callable[..., None]
) -> None:
    cli("new", "pebbles", "--players", "alice,bob", "--option", "pile=4")
    moves(cli, "take alice 3")
    tamper("UPDATE games SET status = 'over'")
    listed = json.loads(cli("games", "--json").out)["games"][0]
    assert (listed["status"], listed["result"]["over"]) == ("active", False)
    shown = json.loads(cli("stats", "--json").out)
    assert shown["stats"] == [] and shown["results"] == []  # no game was finished


def test_hole5_games_lists_a_damaged_game_as_damaged(cli: Cli, tamper: Callable[..., None]) -> None:
    cli("new", "pebbles", "--players", "alice,bob")
    moves(cli, "take alice 3")
    tamper("UPDATE events SET body = replace(body, '\"n\":3', '\"n\":1') WHERE seq = 3")
    listed = json.loads(cli("games", "--json").out)["games"][0]
    assert listed["status"] == "damaged" and "row #3 was altered" in listed["result"]["headline"]


def test_hole5_an_import_beside_a_game_whose_rows_were_all_removed_is_still_found(
    cli: Cli, tamper: Callable[..., None], tmp_path: Path
) -> None:
    """docs/auditing.md: importing the same log again makes no duplicate; the games are
    compared by their heads, a game whose every row was removed (head #0) among them."""
    cli("new", "pebbles", "--players", "alice,bob")
    cli("new", "pebbles", "--players", "carol,dave")
    moves(cli, "take carol 2")
    exported = tmp_path / "game2.jsonl"
    assert cli("export", "-o", str(exported)).code == 0
    tamper("DELETE FROM events WHERE game_id = 1")
    again = cli("import", str(exported))
    assert again.code == 0 and "is game 2 already" in again.out, again


def test_hole5_the_overview_tells_each_game_from_its_checked_log(
    referee: Referee, tamper: Callable[..., None]
) -> None:
    """`games`: over or active from each log's own fold; a log that does not check out is
    damaged, with no result but its first bad row; a setup row that does not read is listed
    as unreadable rather than hiding the others."""
    over = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "2"})
    referee.submit_text(over, ["take", "alice", "2"])  # PEBBLES 4: the pile is empty
    running = referee.new_game("pebbles", ["alice", "bob"])
    damaged = referee.new_game("pebbles", ["alice", "bob"])
    referee.submit_text(damaged, ["take", "alice", "3"])
    unreadable = referee.new_game("pebbles", ["alice", "bob"])
    tamper(
        "UPDATE events SET body = replace(body, '\"n\":3', '\"n\":1') WHERE game_id = ? AND seq = 3", damaged
    )
    tamper("UPDATE events SET body = '{' WHERE game_id = ? AND seq = 1", unreadable)
    fresh = Referee(Store(referee.store.path))
    listed = {info.id: (info, result) for info, result in fresh.overview()}
    assert (listed[over][0].status, listed[over][1].over, listed[over][1].winners) == (
        "over",
        True,
        ["alice"],
    )
    assert (listed[running][0].status, listed[running][1].over) == ("active", False)
    info, result = listed[damaged]
    assert (info.status, info.kind, info.players) == ("damaged", "pebbles", ["alice", "bob"])
    assert (result.game_id, result.kind, result.over, result.winners, result.scores) == (
        damaged,
        "pebbles",
        False,
        [],
        {},
    )
    assert result.headline.startswith("damaged: ") and "row #3 was altered" in result.headline
    assert (result.points, result.last_played) == ("", "")
    info, result = listed[unreadable]
    assert (info.status, info.kind, info.title, info.players) == ("damaged", "?", "(unreadable setup)", [])
    assert info.rules_version == "?"
    assert result.headline.startswith("damaged: ")


# --- hole 6: import trusts timestamps; a setup of one game over another's rows ------------------


def exported(cli: Cli) -> tuple[dict[str, object], list[dict[str, object]]]:
    lines = cli("export").out.splitlines()
    return json.loads(lines[0]), [json.loads(line) for line in lines[1:]]


def write_export(path: Path, header: dict[str, object], rows: list[dict[str, object]]) -> Path:
    """The rows with their bodies canonical and every hash recomputed: a careful forgery."""
    prev = GENESIS
    for row in rows:
        body = json.dumps(row["body"], sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        seq, type_, actor, at = row["seq"], row["type"], row["actor"], row["recorded_at"]
        row["prev_hash"], row["hash"] = prev, row_hash(prev, seq, type_, body, actor, at)  # type: ignore[arg-type]
        prev = str(row["hash"])
    lines = [json.dumps(header)]
    for row in rows:
        body = json.dumps(row.pop("body"), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        lines.append(json.dumps(row)[:-1] + ', "body": ' + body + "}")
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.fixture
def dealt(cli: Cli) -> int:
    """A LOOP game dealt from a seed and the test cards, then two moves."""
    cli("new", "loop", "--players", "ann,ben,cat", "--seed", "7", "--cards", str(CARDS))
    for words in ("work ann", "end ann"):
        assert cli("loop", *words.split()).code == 0
    return 1


def test_hole6_card_rows_stamped_later_are_still_the_setup(cli: Cli, tmp_path: Path, dealt: int) -> None:
    header, rows = exported(cli)
    for row in rows[1:]:
        row["recorded_at"] = "2030-01-01T00:00:00.000000+00:00"  # as if every card came later
    assert cli("import", str(write_export(tmp_path / "later.jsonl", header, rows)), "--copy").code == 0
    result = cli("void", "2", "--reason", "take the card back", "--cascade")
    assert result.code == 1 and "part of the setup" in result.err


def test_hole6_moves_stamped_with_the_setups_time_can_be_undone(cli: Cli, tmp_path: Path, dealt: int) -> None:
    header, rows = exported(cli)
    for row in rows:
        row["recorded_at"] = rows[0]["recorded_at"]
    assert cli("import", str(write_export(tmp_path / "same.jsonl", header, rows)), "--copy").code == 0
    undone = cli("undo")
    assert undone.code == 0 and "undo" in undone.out


def test_hole6_an_import_whose_setup_names_another_game_is_refused_as_such(cli: Cli, tmp_path: Path) -> None:
    cli("new", "pebbles", "--players", "ann,ben")
    moves(cli, "take ann 2")
    header, rows = exported(cli)
    loop = games.get("loop")
    # LOOP's own setup (no option of pebbles: an import checks the options as `new` does)
    setup = {"game": "loop", "rules_version": loop.rules_version, "mode": loop.modes[0], "options": {}}
    header.update(setup)
    rows[0]["body"].update(setup)  # type: ignore[attr-defined]
    result = cli("import", str(write_export(tmp_path / "spliced.jsonl", header, rows)))
    assert result.code == 1, result
    assert (
        "row #2 is a move of pebbles ('take'), but the setup names loop:"
        " the file joins one game's setup to another's rows"
    ) in result.err
    assert "newer referee" not in result.err


def test_hole6_a_fact_of_another_game_as_the_last_row_is_named_with_its_game(
    cli: Cli, tmp_path: Path
) -> None:
    """The same splice with a fact, the file's last row: it names the game whose fact it is
    (Pursuit's, here), not a newer referee nor the first other game it knows."""
    cli("new", "pebbles", "--players", "ann,ben")
    moves(cli, "take ann 2")
    header, rows = exported(cli)
    tag = sorted(history.decoders(games.get("pursuit")).event_tags)[0]
    rows[-1]["type"] = tag
    spliced = str(write_export(tmp_path / "spliced.jsonl", header, rows))
    result = cli("import", spliced)
    assert result.code == 1, result
    assert f"row #3 is a fact of pursuit ({tag!r}), but the setup names pebbles" in result.err
    assert json.loads(cli("import", spliced, "--json").out)["seq"] == 3


# --- hole 7: output failures -------------------------------------------------------------------


def run_cli(db: Path, *args: str, stdout: object) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "tests.run_cli", "--db", str(db), *args],
        stdout=stdout,  # type: ignore[arg-type]
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
        check=False,
    )


def closed_pipe() -> int:
    read, write = os.pipe()
    os.close(read)
    return write


@pytest.fixture
def long_game(cli: Cli, db_path: Path) -> Path:
    cli("new", "pebbles", "--players", "alice,bob", "--option", "pile=100000")
    referee = Referee.open(db_path)
    for n in range(600):
        referee.submit(1, pebbles.Take(("alice", "bob")[n % 2], 1))
    referee.store.close()
    return db_path


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_hole7_a_move_whose_output_fails_is_reported_as_recorded(long_game: Path) -> None:
    with open("/dev/full", "w") as full:
        result = run_cli(long_game, "pebbles", "take", "alice", "1", stdout=full)
    assert result.returncode == 5, result.stderr
    assert result.stderr.startswith("referee: recorded #1202: take alice 1, but the output failed")
    assert head(long_game) == 1203
    pipe = closed_pipe()
    result = run_cli(long_game, "pebbles", "take", "bob", "1", stdout=pipe)
    os.close(pipe)
    assert result.returncode == 5, result.stderr
    assert "recorded #1204: take bob 1, but the output was closed" in result.stderr
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr


def test_hole7_an_export_into_a_closed_pipe_does_not_claim_every_row(long_game: Path) -> None:
    pipe = closed_pipe()
    result = run_cli(long_game, "export", stdout=pipe)
    os.close(pipe)
    assert result.returncode == 5
    assert result.stderr.strip() == "referee: the output was closed: not all of it was written"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_hole7_export_to_a_full_disk_is_a_storage_failure(cli: Cli, long_game: Path) -> None:
    result = cli("export", "-o", "/dev/full")
    assert result.code == 3 and "No space left on device" in result.err


# --- the key ----------------------------------------------------------------------------------


def test_the_key_is_made_beside_the_database_readable_by_its_owner_only(cli: Cli, db_path: Path) -> None:
    cli("new", "pebbles", "--players", "alice,bob")
    key = Path(f"{db_path}.key")
    assert key.stat().st_mode & 0o777 == 0o600 and len(key.read_bytes()) == 32


def test_without_the_key_no_cache_is_believed_and_each_is_rebuilt(
    cli: Cli, db_path: Path, snapshotted: int
) -> None:
    Path(f"{db_path}.key").unlink()  # a copy of the database, or a lost key
    referee = Referee.open(db_path)
    tip = referee.store.tip(1)
    assert tip.mark is None  # the mark made with the old key reads as none
    assert referee.store.snapshot(1, snapshot_key(pebbles), 9) is None  # type: ignore[arg-type]
    assert referee.load(1).state.held == {"alice": 9, "bob": 2}  # the whole log, checked
    assert referee.store.tip(1).mark == 11  # marked again, with the new key
    referee.store.close()


def test_a_damaged_key_is_refused_and_leaves_the_verified_mark_as_it_was(
    cli: Cli, tamper: Callable[..., None], db_path: Path, snapshotted: int
) -> None:
    """docs/auditing.md: only the verified mark remembers a rewrite whose hashes were
    recomputed. A key file cut short is refused, saying so (issue 40): nothing runs, nothing is
    sealed, so the mark is left alone: once the key is back, a rewrite of the checked rows is
    still named."""
    key = Path(f"{db_path}.key")
    kept = key.read_bytes()
    assert cli("verify").code == 0  # the mark at #11
    key.write_bytes(b"not a key")  # too short to be read as one, and not made again
    damaged = cli("verify")
    assert damaged.code == 3 and "is 9 bytes, not a key of 32 bytes" in damaged.err
    key.write_bytes(kept)
    tamper("UPDATE events SET recorded_at = 'then' WHERE seq = 3")  # a row the fold does not read
    rechain(db_path)
    failed = cli("verify")
    assert failed.code == 1 and "is not the one checked before" in failed.err, failed


# --- the hashing rule, as written down for a third tool --------------------------------------


def test_the_hashing_rule_in_the_docs_checks_an_export(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = (ROOT / "docs" / "auditing.md").read_text()  # "What the record guarantees"
    start = page.index("```py\nimport hashlib, json\n") + len("```py\n")
    snippet = page[start : page.index("```", start)]
    cli("new", "loop", "--players", "ann,ben,cat", "--seed", "7", "--cards", str(CARDS), "--title", "Zoë's")
    for words in ("work ann", "end ann"):
        assert cli("loop", *words.split()).code == 0
    exported = tmp_path / "friday.jsonl"
    assert cli("export", "-o", str(exported)).code == 0
    printed: list[str] = []
    monkeypatch.chdir(tmp_path)
    exec(snippet, {"print": lambda *words: printed.append(" ".join(map(str, words)))})
    head_hash = json.loads(exported.read_text().splitlines()[-1])["hash"]
    assert printed == [f"head {head_hash}"]


def test_a_revert_row_altered_before_a_snapshot_is_named_by_log_and_marks_the_game(
    cli: Cli, tamper: Callable[..., None], db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The log reads every revert, to say what became of each move, even those a snapshot
    folded in: a revert whose contents no longer match its hash is named, and the game is
    marked damaged, so the next command is refused at once, even with the row put back, until
    a check passes again."""
    monkeypatch.setattr(repository, "SNAPSHOT_EVERY", 8)
    assert cli("new", "pebbles", "--players", "alice,bob", "--option", "pile=40").code == 0
    moves(cli, "take alice 2", "take bob 1")
    assert cli("undo").code == 0  # row #6
    moves(cli, "take bob 2", "take alice 1", "take bob 1", "take alice 1")  # a snapshot at #13
    tamper("UPDATE events SET actor = 'alice' WHERE seq = 6")
    refused(cli("log"), "row #6 was altered")
    tamper("UPDATE events SET actor = 'bob' WHERE seq = 6")  # put back: the mark stands
    before = head(db_path)
    refused(cli("pebbles", "take", "bob", "1"), "row #6")  # nothing appended
    assert head(db_path) == before
    assert cli("verify").code == 0  # a check that passes lifts it
    assert cli("pebbles", "take", "bob", "1").code == 0
