"""SQLite failures as people meet them: a new database opened by many at once, a lock held
too long, a full disk, an I/O error, read-only media. Each is one line and exit 3, never an
internal error, and the database is left as it was."""

from __future__ import annotations

import ctypes
import os
import resource
import shutil
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from ledger import store as store_module
from ledger.errors import RefereeError, StorageFailed, WriteConflict
from ledger.service import Referee, repository
from ledger.store import Store
from tests.conftest import Result, fixed_clock

pytestmark = pytest.mark.sqlite_only  # SQLite's own failures, files and pragmas

ROOT = Path(__file__).resolve().parents[2]
CLI = [sys.executable, "-m", "tests.run_cli"]
Cli = Callable[..., Result]


def referee_process(*args: str, before: Callable[[], None] | None = None) -> subprocess.CompletedProcess[str]:
    """``referee ARGS`` as a real process; ``before`` runs in the child before it starts."""
    return subprocess.run(
        [*CLI, *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=before,
    )


def file_size_limit(limit: int) -> Callable[[], None]:
    return lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


PR_CAPBSET_DROP = 24
CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER = 1, 2, 3


def bound_by_permissions() -> None:
    """In the child: make file permissions bind even if it runs as root (which may otherwise
    write a read-only file), by dropping the capabilities that override them."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for cap in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER):
        if libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "cannot drop the capability to override file permissions")


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err and "internal error" not in err
    return lines[0]


def intact(path: Path, game: int, rows: int) -> None:
    """The database checks out and still holds exactly ``rows`` rows of ``game``."""
    assert sqlite3.connect(path).execute("PRAGMA integrity_check").fetchone() == ("ok",)
    referee = Referee(Store(path))
    assert referee.verify(game).head_seq == rows
    referee.store.close()


# --- 1. concurrent first use ------------------------------------------------------------


STARTER = """
import sys, time
from pathlib import Path
from ledger import games
from referee_cli.app import build_command
from referee_cli.main import run
from tests import pebbles
games.register("pebbles", pebbles)
app = build_command()  # the slow part of a start, before the gate: the database part races
gate = Path(sys.argv[1])
print("ready", flush=True)
while not gate.exists():
    time.sleep(0.001)
sys.exit(run(sys.argv[2:], app))
"""


def test_eight_tables_starting_games_on_a_new_database_at_once(tmp_path: Path) -> None:
    """Creating the schema and switching to WAL must wait for the others, not fail at once."""
    for round_ in range(1):
        db, gate = tmp_path / f"new{round_}.db", tmp_path / f"go{round_}"
        starts = [
            subprocess.Popen(
                [
                    sys.executable,
                    "-c",
                    STARTER,
                    str(gate),
                    "--db",
                    str(db),
                    "new",
                    "loop",
                    "--players",
                    f"a{n},b{n}",
                ],
                cwd=ROOT,
                env={**os.environ, "PYTHONPATH": str(ROOT)},
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for n in range(8)
        ]
        for process in starts:  # every process imported and waiting: then all go at once
            assert process.stdout is not None and process.stdout.readline() == "ready\n"
        gate.touch()
        outcomes = [(p.wait(120), p.stderr.read() if p.stderr else "") for p in starts]
        # Exactly one of them made the database, and says where (issue 17).
        made = f"created the referee database {db}\n"
        assert sorted(outcomes) == [(0, "")] * 7 + [(0, made)], round_
        referee = Referee(Store(db))
        assert sorted(tuple(g.players) for g in referee.games()) == [(f"a{n}", f"b{n}") for n in range(8)]
        referee.store.close()


# --- 2. every SQLite failure is a clear exit 3 -------------------------------------------


@pytest.fixture
def lock(db_path: Path) -> Iterator[sqlite3.Connection]:
    """Another process's connection, ready to hold the write lock."""
    other = sqlite3.connect(db_path, isolation_level=None)
    yield other
    if other.in_transaction:
        other.execute("ROLLBACK")
    other.close()


def test_a_lock_held_past_the_busy_timeout_says_so(
    cli: Cli, lock: sqlite3.Connection, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cli("new", "pebbles", "--players", "alice,bob")
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT", 0.3, raising=False)
    lock.execute("BEGIN IMMEDIATE")
    result = cli("pebbles", "take", "alice", "1")
    assert result.code == 3
    line = one_line(result.err)
    assert "another process has held the referee database" in line
    assert "locked for over 0.3 s" in line and "nothing was recorded" in line
    lock.execute("ROLLBACK")
    intact(db_path, 1, 1)


def test_the_busy_timeout_is_the_referees_not_sqlites_own(
    cli: Cli, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A lock held past the referee's busy timeout is a conflict then, even one freed a moment
    later, before SQLite's own default wait (5 s) would have ended."""
    cli("new", "pebbles", "--players", "alice,bob")
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT", 0.3, raising=False)
    other = sqlite3.connect(db_path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    freed = threading.Timer(1.5, other.execute, ("ROLLBACK",))
    freed.start()
    result = cli("pebbles", "take", "alice", "1")
    freed.join()
    other.close()
    assert result.code == 3 and "locked for over 0.3 s" in one_line(result.err), result
    intact(db_path, 1, 1)


def older(db: Path, *drop: str) -> int:
    """A pebbles game where alice took 2, in a database from before the tables ``drop``
    (and their indexes), closed; returns the game."""
    game = started(db)
    with sqlite3.connect(db) as conn:
        for table in drop:
            for (index,) in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL",
                (table,),
            ).fetchall():
                conn.execute(f"DROP INDEX {index}")
            conn.execute(f"DROP TABLE {table}")
    conn.close()
    return game


def test_a_database_at_the_current_schema_opens_while_another_process_writes(
    cli: Cli, lock: sqlite3.Connection, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database whose schema is up to date is opened without taking the write lock: while
    another process holds it, the table still reads its game (here a database from before the
    card library, whose table only a write makes: its schema is as current as any)."""
    older(db_path, "library")
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT", 0.3, raising=False)
    lock.execute("BEGIN IMMEDIATE")
    status = cli("status")
    assert status.code == 0, status
    assert "bob's turn" in status.out and "alice   2" in status.out
    lock.execute("ROLLBACK")


def test_a_database_from_before_the_fold_cache_is_brought_up_to_date_when_opened(
    cli: Cli, db_path: Path
) -> None:
    """A database from before the ``folded`` cache table (its verified marks sealed already)
    gets it when opened: its game reads, checks out and takes the next move."""
    game = older(db_path, "folded")
    assert cli("status").code == 0
    assert "folded" in {r[0] for r in sqlite3.connect(db_path).execute("SELECT name FROM sqlite_master")}
    assert cli("pebbles", "take", "bob", "1").code == 0
    intact(db_path, game, 5)


def test_a_database_to_bring_up_to_date_while_another_process_writes_says_it_is_locked(
    cli: Cli, lock: sqlite3.Connection, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database whose schema needs bringing up to date is never used half done: while another
    process holds the write lock past the timeout, opening it says so in one line (exit 3), and
    once the lock is free it is brought up to date and reads."""
    game = older(db_path, "folded")
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT", 0.3, raising=False)
    lock.execute("BEGIN IMMEDIATE")
    result = cli("status")
    assert result.code == 3, result
    line = one_line(result.err)
    assert "another process has held the referee database" in line and "locked for over 0.3 s" in line
    lock.execute("ROLLBACK")
    assert cli("status").code == 0
    intact(db_path, game, 3)


def test_a_full_disk_records_nothing_and_says_so(referee: Referee) -> None:
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "100000"})
    pages = referee.store.conn.execute("PRAGMA page_count").fetchone()[0]
    # SQLite's own limit on the file: what a full disk looks like to it (SQLITE_FULL).
    referee.store.conn.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(StorageFailed) as failed:
        for n in range(1000):
            referee.submit_text(game, ["take", ("alice", "bob")[n % 2], "1"])
    assert failed.value.exit_code == 3
    assert "is full (database or disk is full): nothing was recorded" in str(failed.value)
    head = referee.store.head(game)[0]
    assert head == 1 + 2 * n  # every move before the failing one, and none of it
    referee.store.conn.execute("PRAGMA max_page_count = 1073741823")
    intact(Path(referee.store.path), game, head)


def test_an_io_error_while_recording_is_exit_3_and_leaves_the_log_intact(
    referee: Referee, db_path: Path
) -> None:
    game = referee.new_game("pebbles", ["alice", "bob"])
    referee.submit_text(game, ["take", "alice", "1"])
    # The test keeps its connection open, so the write-ahead log stays; a process that may
    # not grow any file past the log's size now fails on the first page it appends.
    wal = os.path.getsize(f"{db_path}-wal")
    result = referee_process("--db", str(db_path), "pebbles", "take", "bob", "1", before=file_size_limit(wal))
    assert result.returncode == 3, result.stderr
    assert "a disk I/O error hit the referee database" in one_line(result.stderr)
    assert "nothing was recorded" in result.stderr
    assert referee.store.head(game)[0] == 3
    intact(db_path, game, 3)


def test_an_io_error_while_recording_in_this_process_is_exit_3(
    referee: Referee, db_path: Path, cli: Cli
) -> None:
    """The same, in the test process (the mutation run sees only what this process runs): no
    file may grow past the write-ahead log's size while the move is recorded (Python ignores
    SIGXFSZ, so the write fails with EFBIG: an I/O error to SQLite)."""
    game = referee.new_game("pebbles", ["alice", "bob"])
    referee.submit_text(game, ["take", "alice", "1"])
    wal = os.path.getsize(f"{db_path}-wal")
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (wal, hard))
    try:
        result = cli("--db", str(db_path), "pebbles", "take", "bob", "1")
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
    assert result.code == 3, result
    line = one_line(result.err)
    assert f"a disk I/O error hit the referee database {db_path}" in line and "nothing was recorded" in line
    assert "check the disk and its free space, then `referee verify`" in line
    assert referee.store.head(game)[0] == 3
    intact(db_path, game, 3)


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "media"
    folder.mkdir()
    yield folder
    folder.chmod(0o755)


@pytest.mark.parametrize("media", ["read-only file", "read-only folder"])
def test_read_only_media_reads_and_refuses_moves_with_exit_3(folder: Path, media: str) -> None:
    db = folder / "ledger.db"
    game = started(db)
    db.chmod(0o444)
    folder.chmod(0o755 if media == "read-only file" else 0o555)
    if os.geteuid() == 0:
        try:
            subprocess.run([sys.executable, "-c", "pass"], preexec_fn=bound_by_permissions, check=True)
        except (OSError, subprocess.SubprocessError):
            pytest.skip("running as root without the right to drop capabilities: nothing is read-only")
    status = referee_process("--db", str(db), "status", before=bound_by_permissions)
    assert status.returncode == 0, status.stderr
    assert "bob's turn" in status.stdout and "alice   2" in status.stdout
    for reading in (["verify"], ["log"]):
        done = referee_process("--db", str(db), *reading, before=bound_by_permissions)
        assert (done.returncode, done.stderr) == (0, ""), reading
    refused = referee_process("--db", str(db), "pebbles", "take", "bob", "1", before=bound_by_permissions)
    assert refused.returncode == 3
    line = one_line(refused.stderr)
    assert f"the referee database {db} is read-only" in line and "nothing was recorded" in line
    folder.chmod(0o755)
    db.chmod(0o644)
    intact(db, game, 3)


def test_a_write_conflict_is_still_a_conflict(referee: Referee, lock: sqlite3.Connection) -> None:
    """The service path too: a lock past the timeout is a WriteConflict (exit 3)."""
    game = referee.new_game("pebbles", ["alice", "bob"])
    hurried = Referee(Store(referee.store.path, timeout=0.2))
    lock.execute("BEGIN IMMEDIATE")
    with pytest.raises(WriteConflict, match=r"locked for over 0\.2 s"):
        hurried.submit_text(game, ["take", "alice", "1"])
    lock.execute("ROLLBACK")
    assert referee.store.head(game)[0] == 1


# --- 5. read-only media, in this process -------------------------------------------------------


@pytest.fixture
def read_only() -> Iterator[Callable[..., None]]:
    """Make paths read-only for this very process: by their mode for a user, by the immutable
    attribute for root (whom the mode does not bind); undone after the test."""
    made: list[Path] = []

    def make(*paths: Path) -> None:
        for path in paths:
            if os.geteuid() != 0:
                path.chmod(0o555 if path.is_dir() else 0o444)
            elif not shutil.which("chattr") or subprocess.run(["chattr", "+i", str(path)]).returncode:
                pytest.skip("running as root without chattr or a file system with the immutable attribute")
            made.append(path)

    yield make
    for path in reversed(made):
        if os.geteuid() != 0:
            path.chmod(0o755 if path.is_dir() else 0o644)
        else:
            subprocess.run(["chattr", "-i", str(path)], check=True)


def started(db: Path) -> int:
    """A pebbles game where alice took 2, its database closed (the write-ahead log folded in)."""
    referee = Referee(Store(db), clock=fixed_clock())
    game = referee.new_game("pebbles", ["alice", "bob"])
    referee.submit_text(game, ["take", "alice", "2"])
    referee.store.close()  # the last connection: the write-ahead log is folded in and removed
    assert not Path(f"{db}-wal").exists()
    return game


@pytest.mark.parametrize("media", ["read-only file", "read-only folder"])
def test_read_only_media_in_this_process_reads_and_refuses_moves_with_exit_3(
    folder: Path, media: str, read_only: Callable[..., None], cli: Cli
) -> None:
    db = folder / "ledger.db"
    game = started(db)
    read_only(db, *([folder] if media == "read-only folder" else []))
    opened = Store(db)
    assert opened.read_only == (media == "read-only folder")
    assert (opened.bound, opened.sealed, opened.keyed) == (True, True, True)
    opened.close()
    status = cli("--db", str(db), "status")
    assert status.code == 0, status
    assert "bob's turn" in status.out and "alice   2" in status.out
    for reading in (["verify"], ["log"]):
        done = cli("--db", str(db), *reading)
        assert (done.code, done.err) == (0, ""), (reading, done)
    refused = cli("--db", str(db), "pebbles", "take", "bob", "1")
    assert refused.code == 3, refused
    line = one_line(refused.err)
    assert f"the referee database {db} is read-only" in line and "nothing was recorded" in line
    assert "record moves on a writable copy" in line
    kept = Store(db)
    assert kept.head(game)[0] == 3
    kept.close()


@pytest.mark.parametrize("media", ["read-only file", "read-only folder"])
def test_a_cut_tail_on_read_only_media_is_named_and_a_copy_without_its_key_reads(
    folder: Path, media: str, read_only: Callable[..., None], cli: Cli
) -> None:
    """Issue 40, hole 3, where nothing can be written: a copy whose last move was cut and its
    mark deleted is named as the writable file is (the record of the key is read, not written);
    the same copy without its key (so with no record it can judge by) reads as it stands."""
    db = folder / "ledger.db"
    started(db)
    cut = folder.parent / "cut.db"
    with sqlite3.connect(db) as conn, sqlite3.connect(cut) as target:
        conn.execute("DELETE FROM events WHERE seq >= 2")
        conn.execute("DELETE FROM verified")
        conn.execute("DELETE FROM snapshots")
        conn.commit()
        conn.backup(target)
    conn.close()
    target.close()
    read_only(db, *([folder] if media == "read-only folder" else []))
    for reading in (["status"], ["verify"]):
        named = cli("--db", str(db), *reading)
        assert named.code in (1, 3) and "game #1's verified mark was deleted" in named.err, named
    keyless = folder.parent / "keyless"
    keyless.mkdir()
    shutil.copy(cut, keyless / "ledger.db")
    read_only(keyless / "ledger.db", *([keyless] if media == "read-only folder" else []))
    status = cli("--db", str(keyless / "ledger.db"), "status")
    assert status.code == 0 and "alice's turn" in status.out, status


@pytest.mark.parametrize("media", ["read-only file", "read-only folder"])
def test_a_library_import_on_read_only_media_says_it_is_read_only(
    folder: Path, media: str, read_only: Callable[..., None], cli: Cli
) -> None:
    """`cards import` on read-only media, into a database from before the card library (no
    library table yet): refused as read-only, nothing recorded, as a move is."""
    db = folder / "ledger.db"
    started(db)
    with sqlite3.connect(db) as conn:
        conn.execute("DROP INDEX events_declared")
        conn.execute("DROP TABLE library")
    conn.close()
    cards = folder.parent / "group.toml"
    cards.write_text('[[goal]]\nname = "HOBBY"\nreward = 2\n')
    read_only(db, *([folder] if media == "read-only folder" else []))
    refused = cli("--db", str(db), "cards", "import", str(cards), "--kind", "loop")
    assert refused.code == 3, refused
    line = one_line(refused.err)
    assert f"the referee database {db} is read-only" in line and "nothing was recorded" in line


def test_read_only_media_holding_rows_not_yet_folded_in_says_to_copy_them_with_it(
    tmp_path: Path, folder: Path, read_only: Callable[..., None], cli: Cli
) -> None:
    """A database whose write-ahead log still holds rows, on a read-only folder: it cannot be
    read without it (opening it as immutable would ignore those rows), so it says to copy both."""
    source = tmp_path / "ledger.db"
    referee = Referee(Store(source), clock=fixed_clock())
    game = referee.new_game("pebbles", ["alice", "bob"])
    referee.submit_text(game, ["take", "alice", "2"])  # still in the write-ahead log: it stays open
    db = folder / "ledger.db"
    for suffix in ("", "-wal", ".key"):
        (folder / f"ledger.db{suffix}").write_bytes(Path(f"{source}{suffix}").read_bytes())
    referee.store.close()
    assert Path(f"{db}-wal").stat().st_size > 0
    read_only(db, Path(f"{db}-wal"), folder)
    status = cli("--db", str(db), "status")
    assert status.code == 3, status
    line = one_line(status.err)
    assert f"cannot open the referee database {db}: it is read-only" in line, line
    assert "copy it (with its -wal file) to a writable folder" in line, line


def test_an_empty_write_ahead_log_on_read_only_media_holds_nothing_to_copy(
    folder: Path, read_only: Callable[..., None], cli: Cli
) -> None:
    """An empty ``-wal`` file beside the database (left by a reader, say) holds no row: the
    database on a read-only folder is read all the same."""
    db = folder / "ledger.db"
    started(db)
    wal = Path(f"{db}-wal")
    wal.touch()
    read_only(db, wal, folder)
    status = cli("--db", str(db), "status")
    assert status.code == 0 and "bob's turn" in status.out, status


def test_an_empty_file_on_read_only_media_is_no_referee_database(
    folder: Path, read_only: Callable[..., None], cli: Cli
) -> None:
    db = folder / "ledger.db"
    db.touch()
    read_only(db, folder)
    status = cli("--db", str(db), "status")
    assert status.code == 3, status
    line = one_line(status.err)
    assert f"cannot open the referee database {db}: it is read-only and holds no referee tables" in line


@pytest.mark.parametrize("media", ["read-only file", "read-only folder"])
def test_a_database_from_before_the_marks_on_read_only_media_is_read_and_checked(
    folder: Path, media: str, read_only: Callable[..., None], cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database made before the verified marks, bound snapshots, sealed batches and the card
    library (its four tables alone), which a writable one gets on opening: on read-only media it
    cannot be brought up to date, and is read as it is (its snapshots bound to no row, so not
    believed; no batch sealed), checked whole."""
    monkeypatch.setattr(repository, "SNAPSHOT_EVERY", 4)
    monkeypatch.setattr(repository, "FOLD_BATCH", 3)  # batches (1, 3] and (3, 6] are sealable
    db = folder / "ledger.db"
    referee = Referee(Store(db), clock=fixed_clock())
    game = referee.new_game("pebbles", ["alice", "bob"])
    for n in range(3):
        referee.submit_text(game, ["take", ("alice", "bob")[n % 2], "2"])
    referee.store.close()
    old = sqlite3.connect(db, isolation_level=None)
    for table in ("verified", "checked", "folded", "library"):
        old.execute(f"DROP TABLE {table}")
    for column in ("hash", "digest"):
        old.execute(f"ALTER TABLE snapshots DROP COLUMN {column}")
    assert old.execute("SELECT count(*) FROM snapshots").fetchone() == (1,)
    old.close()
    read_only(db, *([folder] if media == "read-only folder" else []))
    opened = Store(db)
    assert (opened.bound, opened.sealed) == (False, False)
    opened.close()
    status = cli("--db", str(db), "status")
    assert status.code == 0, status
    assert "bob's turn" in status.out and "alice   4" in status.out
    assert cli("--db", str(db), "log").code == 0
    checked = cli("--db", str(db), "verify")
    assert checked.code == 0 and "7 rows, 3 moves (3 live)" in checked.out, checked
    refused = cli("--db", str(db), "pebbles", "take", "bob", "1")
    assert refused.code == 3 and "is read-only" in one_line(refused.err), refused


@pytest.mark.parametrize("media", ["read-only file", "read-only folder"])
def test_a_database_from_before_the_marks_seals_on_read_only_media_believes_no_mark(
    folder: Path, media: str, read_only: Callable[..., None], cli: Cli
) -> None:
    """A database whose verified marks are from before their seals (no seal, bad_seq or bad
    column), on read-only media where it cannot be brought up to date: a mark no seal holds is
    not believed (``Store.tip``), so the head is read alone and every reading checks the log
    whole."""
    db = folder / "ledger.db"
    game = started(db)
    referee = Referee(Store(db), clock=fixed_clock())
    referee.verify(game)  # a mark at the head
    head = referee.store.head(game)
    referee.store.close()
    old = sqlite3.connect(db, isolation_level=None)
    assert old.execute("SELECT count(*) FROM verified").fetchone() == (1,)
    for column in ("seal", "bad_seq", "bad"):
        old.execute(f"ALTER TABLE verified DROP COLUMN {column}")
    old.close()
    read_only(db, *([folder] if media == "read-only folder" else []))
    opened = Store(db)
    assert (opened.bound, opened.sealed) == (True, False)
    assert opened.tip(game) == store_module.Tip(*head, None, None, None, None)
    assert opened.tip(game + 1) == store_module.Tip(0, store_module.GENESIS, None, None, None, None)
    opened.close()
    status = cli("--db", str(db), "status")
    assert status.code == 0 and "bob's turn" in status.out and "alice   2" in status.out, status
    checked = cli("--db", str(db), "verify")
    assert checked.code == 0 and "3 rows" in checked.out, checked


def test_the_referee_opens_a_new_database_where_none_is_unless_told_not_to(tmp_path: Path) -> None:
    """`Referee.open` makes the database (and its key) at a path that has none, as `new` does;
    with create=False, as every reading command opens it, it makes nothing."""
    with pytest.raises(RefereeError):
        Referee.open(tmp_path / "read.db", create=False)
    assert not (tmp_path / "read.db").exists()
    made = Referee.open(tmp_path / "made.db")
    assert (tmp_path / "made.db").exists() and made.store.keyed
    made.store.close()
