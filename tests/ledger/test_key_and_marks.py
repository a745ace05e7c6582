"""Issue 40 (trust, round 3), holes 2, 3 and 10, tried as someone at the laptop would: the
verified mark deleted or forged with the `sqlite3` tool to hide a cut tail, the key file lost,
replaced or damaged, and the one command that backs a database up whole.

The referee writes a game's verified mark in the same transaction as its rows, and keeps in the
database a sealed record of the key that seals it (and of the games that have no mark to expect):
so under that key, a game whose mark is gone or does not hold its seal is evidence, named on
every command until the table answers it (a head hash kept elsewhere, or ``verify --accept``).
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Result

Cli = Callable[..., Result]
ROOT = Path(__file__).resolve().parents[2]
LOST = "game #1's verified mark was deleted or altered by hand"


def sql(db: Path, *statements: str) -> None:
    with sqlite3.connect(db) as conn:
        for statement in statements:
            conn.execute(statement)
    conn.close()


def head(db: Path) -> tuple[int, str]:
    with sqlite3.connect(db) as conn:
        row = conn.execute(
            "SELECT seq, hash FROM events WHERE game_id = 1 ORDER BY seq DESC LIMIT 1"
        ).fetchone()
    conn.close()
    return int(row[0]), str(row[1])


def referee_process(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``referee --db DB ARGS`` in a process of its own (as a table's next command is), which may
    not hang: 20 s at most."""
    return subprocess.run(
        [sys.executable, "-m", "tests.run_cli", "--db", str(db), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=20,
        check=False,
    )


@pytest.fixture
def played(cli: Cli) -> tuple[int, str]:
    """A game of pebbles with five moves (rows #2 to #11, a move and its fact each), and the head
    hash at #9 as an export would have printed it then (kept elsewhere)."""
    assert cli("new", "pebbles", "--players", "alice,bob").code == 0
    kept = ""
    for n, player in enumerate(["alice", "bob", "alice", "bob", "alice"]):
        assert cli("pebbles", "take", player, "1").code == 0
        if n == 3:
            kept = cli("export").err.split()[-1]  # "... rows · head #9 HASH"
    return 11, kept


# --- hole 3: a cut tail with the mark deleted --------------------------------------------------


def test_a_tail_cut_with_its_mark_deleted_is_named_and_nothing_is_appended(
    cli: Cli, db_path: Path, played: tuple[int, str]
) -> None:
    """The issue's edit: the last move's rows deleted, then the mark and the snapshots. Every
    command that shows the game or appends to it refuses, naming the lost mark and what the
    table can do; `verify` says the log checks out as far as it goes but cannot rule out a cut."""
    sql(db_path, "DELETE FROM events WHERE seq >= 10", "DELETE FROM verified", "DELETE FROM snapshots")
    for args in (["status"], ["log"], ["score"], ["moves"], ["pebbles", "take", "bob", "1"], ["undo"]):
        result = cli(*args)
        assert (result.code, result.out) == (3, ""), args
        assert LOST in result.err and "`referee verify --accept`" in result.err, result.err
    assert head(db_path)[0] == 9  # nothing appended
    checked = cli("verify")
    assert checked.code == 1 and "the log checks out, but " + LOST in checked.err
    assert "damaged: " + LOST in cli("games").out
    assert cli("export").code == 0  # the record is still carried away as it is
    assert cli("status").code == 3  # a plain verify does not lift it


def test_a_head_kept_elsewhere_answers_a_lost_mark(cli: Cli, db_path: Path, played: tuple[int, str]) -> None:
    """A head hash kept from before (an export's) that the log still holds shows nothing was cut
    before it: the game is marked again and goes on."""
    _, kept = played
    sql(db_path, "DELETE FROM verified")
    assert cli("status").code == 3
    assert cli("verify", "--head", kept[:8]).code == 0
    assert cli("status").code == 0 and cli("pebbles", "take", "bob", "1").code == 0


def test_a_head_kept_elsewhere_shows_the_cut_and_accept_takes_the_log_as_it_stands(
    cli: Cli, db_path: Path, played: tuple[int, str]
) -> None:
    _, kept = played
    sql(db_path, "DELETE FROM events WHERE seq >= 8", "DELETE FROM verified")
    cut = cli("verify", "--head", kept)
    assert cut.code == 1 and f"no row of this log (#1 to #7) has the head hash {kept[:12]}" in cut.err
    assert cli("status").code == 3  # still named
    accepted = cli("verify", "--accept")
    assert accepted.code == 0 and "game 1: OK · 7 rows" in accepted.out
    assert cli("status").code == 0 and cli("pebbles", "take", "bob", "1").code == 0


@pytest.mark.parametrize(
    "forgery",
    [
        "UPDATE verified SET seq = 7, hash = (SELECT hash FROM events WHERE seq = 7)",
        "UPDATE verified SET seal = 'forged'",
        "UPDATE verified SET seal = NULL",
    ],
    ids=["moved back over a cut", "its seal replaced", "its seal blanked"],
)
def test_a_mark_edited_by_hand_is_named_as_one_deleted(
    cli: Cli, db_path: Path, played: tuple[int, str], forgery: str
) -> None:
    sql(db_path, "DELETE FROM events WHERE seq >= 8", forgery)
    result = cli("status")
    assert result.code == 3 and LOST in result.err


def test_a_refused_move_under_a_lost_mark_is_named_first(
    cli: Cli, db_path: Path, played: tuple[int, str]
) -> None:
    """Proven damage comes before what cannot be proven: with the mark gone and a row edited in
    place, the row is named (and the game marked damaged), not the lost mark."""
    sql(
        db_path,
        "DELETE FROM verified",
        "UPDATE events SET body = replace(body, '\"n\":1', '\"n\":3') WHERE seq = 5",
    )
    result = cli("status")
    assert result.code == 3 and "row #5 was altered" in result.err and LOST not in result.err


def test_a_new_database_records_its_key_and_every_game_expects_its_mark(cli: Cli, db_path: Path) -> None:
    assert cli("new", "pebbles", "--players", "alice,bob").code == 0
    with sqlite3.connect(db_path) as conn:
        (record,) = conn.execute("SELECT value FROM settings WHERE key = 'sealed_by'").fetchone()
    conn.close()
    assert "[]" in record  # no game without a mark to expect
    sql(db_path, "DELETE FROM verified")
    assert LOST in cli("status").err


def test_a_database_with_its_record_deleted_says_so_once(
    cli: Cli, db_path: Path, played: tuple[int, str]
) -> None:
    """Deleting the record as well makes the database look like an older referee's: the games
    without a mark are checked whole, which cannot rule out a cut; the table is told, once."""
    sql(
        db_path,
        "DELETE FROM events WHERE seq >= 10",
        "DELETE FROM verified",
        "DELETE FROM settings WHERE key = 'sealed_by'",
    )
    first = cli("games")
    assert first.code == 0
    assert "referee: note: the record of the key that seals" in first.err
    assert "is missing (an older referee's database, or deleted by hand)" in first.err
    assert "games with no verified mark (1) are checked whole, once" in first.err
    assert "can no longer be shown but by a head hash kept elsewhere" in first.err
    again = cli("status")
    assert again.code == 0 and again.err == ""


# --- hole 2: the key lost, and a complete backup ----------------------------------------------


def test_a_lost_key_is_told_once_and_costs_no_game(cli: Cli, db_path: Path, played: tuple[int, str]) -> None:
    Path(f"{db_path}.key").unlink()
    first = cli("status")
    assert first.code == 0, first.err
    note = first.err.strip()
    assert note.startswith(f"referee: note: {db_path}.key is not the key that sealed {db_path}")
    assert "(the key was lost or replaced, or the database was copied without it)" in note
    assert "every game is checked whole, once" in note
    assert len(Path(f"{db_path}.key").read_bytes()) == 32  # a new key, made 0600
    assert Path(f"{db_path}.key").stat().st_mode & 0o777 == 0o600
    again = cli("status")
    assert again.code == 0 and again.err == ""  # told once
    assert cli("pebbles", "take", "bob", "1").code == 0 and cli("verify").code == 0


def test_a_database_copied_without_its_key_is_told_so_where_it_is_opened(
    cli: Cli, db_path: Path, tmp_path: Path, played: tuple[int, str]
) -> None:
    elsewhere = tmp_path / "copy" / "ledger.db"
    elsewhere.parent.mkdir()
    with sqlite3.connect(db_path) as source, sqlite3.connect(elsewhere) as copy:
        source.backup(copy)  # the file as a copy tool would leave it, its write-ahead log in it
    source.close()
    copy.close()
    result = referee_process(elsewhere, "score")
    assert result.returncode == 0, result.stderr
    assert f"{elsewhere}.key is not the key that sealed {elsewhere}" in result.stderr


def test_backup_makes_the_database_and_its_key_and_the_copy_reads_as_the_original(
    cli: Cli, db_path: Path, tmp_path: Path, played: tuple[int, str]
) -> None:
    target = tmp_path / "saved" / "friday.db"
    target.parent.mkdir()
    done = cli("backup", str(target))
    assert done.code == 0, done.err
    assert f"backed up {db_path} to {target} and its key to {target}.key" in done.out
    assert Path(f"{target}.key").read_bytes() == Path(f"{db_path}.key").read_bytes()
    assert Path(f"{target}.key").stat().st_mode & 0o777 == 0o600
    original = cli("verify").out
    copy = cli("--db", str(target), "verify")
    assert copy.code == 0 and copy.err == "" and copy.out == original
    again = cli("backup", str(target))
    assert again.code == 2 and "exists already: a backup never overwrites a file" in again.err


# --- hole 10: a key file that is no key -------------------------------------------------------


def damaged_key(kind: str, key: Path) -> None:
    key.unlink()
    if kind == "fifo":
        os.mkfifo(key)
    elif kind == "device":
        key.symlink_to("/dev/zero")
    elif kind == "short":
        key.write_bytes(b"0123456789")
    elif kind == "long":
        key.write_bytes(b"k" * 33)
    elif kind == "folder":
        key.mkdir()
    elif kind == "dangling":
        key.symlink_to(key.with_name("nowhere"))


@pytest.mark.parametrize(
    ("kind", "said"),
    [
        ("fifo", "is a FIFO, not a file the referee made"),
        ("device", "is a character device, not a file the referee made"),
        ("short", "is 10 bytes, not a key of 32 bytes: it was cut short or is another file"),
        ("long", "is longer, not a key of 32 bytes"),
        ("folder", "is a folder, not a file the referee made"),
        ("dangling", "is a link to a file that does not exist"),
    ],
)
def test_a_key_file_that_is_no_key_is_refused_at_once_saying_what_is_wrong(
    db_path: Path, played: tuple[int, str], kind: str, said: str
) -> None:
    """A FIFO hung every command, /dev/zero ran out of memory, a short key re-checked every game
    on every command: each is now one line naming what is wrong and what to do, exit 3, and the
    file is left as it was (no new key made over it)."""
    key = Path(f"{db_path}.key")
    damaged_key(kind, key)
    before = os.lstat(key)
    result = referee_process(db_path, "status")
    assert result.returncode == 3 and result.stdout == ""
    line = result.stderr.strip()
    assert "\n" not in line and f"the key {key} {said}" in line, line
    assert "move it away and run the referee again" in line or "remove the link" in line
    assert (os.lstat(key).st_mode, os.lstat(key).st_size) == (before.st_mode, before.st_size)


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a file whatever its mode")
def test_a_key_that_cannot_be_read_is_refused_saying_why(
    cli: Cli, db_path: Path, played: tuple[int, str]
) -> None:
    key = Path(f"{db_path}.key")
    key.chmod(0)
    result = cli("status")
    assert result.code == 3 and f"cannot read the key {key}: Permission denied" in result.err


@pytest.mark.parametrize(
    "record",
    ["'garbage'", """'["0123456789abcdef0123456789abcdef",[1],"x"]'"""],
    ids=["a record that does not read", "a record naming another key, this key's marks holding"],
)
def test_a_forged_record_hides_no_deleted_mark(
    cli: Cli, db_path: Path, played: tuple[int, str], record: str
) -> None:
    """To make a deleted mark look expected, the record is rewritten by hand: as if the key had
    changed, or as garbage. A key truly lost leaves no mark that holds under the key in use, so
    a record saying so beside marks that hold is itself a forgery: every game must then have its
    mark, and the one deleted is named."""
    assert cli("new", "pebbles", "--players", "carol,dave").code == 0  # game 2 keeps its mark
    assert cli("use", "1").code == 0
    sql(
        db_path,
        "DELETE FROM events WHERE game_id = 1 AND seq >= 10",
        "DELETE FROM verified WHERE game_id = 1",
        f"UPDATE settings SET value = {record} WHERE key = 'sealed_by'",
    )
    result = cli("status")
    assert result.code == 3 and LOST in result.err
    assert "referee: note: the record of the key that seals" in result.err
    assert "was altered by hand" in result.err
    assert cli("--game", "2", "status").code == 0
