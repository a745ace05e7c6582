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

from ledger.errors import VerificationFailed
from ledger.service import Referee
from ledger.store import Store
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


# --- what the notes say, and the record's corners (mutation run, issue 40) ---------------------

LOOP_CARDS = str(ROOT / "fixtures" / "loop-test-cards.toml")
SEALED_LOST = (
    "; the sealed seeds of {games} (virtual decks) cannot be opened without the key they were sealed"
    " with: the order of their decks to come is lost; each reads, scores and exports from its log,"
    " goes on as at a real table (the table reveals what it draws), and `referee verify` names the"
    " moves only the seed could confirm"
)
BEFORE_NOW = (
    "; a cut at the end of a game's log, or a rewrite within the rules, made before now can no longer"
    " be shown but by a head hash kept elsewhere (`referee verify --head HASH`)"
)


def key_id(db: Path) -> str:
    """The id the record keeps of the key beside ``db`` (what ``Store.key_id`` computes)."""
    import hashlib
    import hmac

    key = Path(f"{db}.key").read_bytes()
    return hmac.new(key, b"referee: the key that seals this database", hashlib.sha256).hexdigest()[:32]


def test_a_lost_key_is_told_with_the_sealed_seeds_it_cost_and_no_other(
    cli: Cli, db_path: Path, referee: Referee
) -> None:
    """The note names the running virtual games whose seeds went with the key, and no other: not a
    game without a seed, not one whose seed its log revealed, and not a game past one whose setup
    does not read."""
    from tests import finished

    assert cli("new", "pebbles", "--players", "alice,bob").code == 0  # 1: no seed
    for _ in range(2):  # 2 and 3: running, sealed
        assert cli("new", "loop", "--players", "ann,ben", "--seed", "7", "--cards", LOOP_CARDS).code == 0
    assert cli("new", "loop", "--players", "ann,ben", "--seed", "8", "--cards", LOOP_CARDS).code == 0
    finished.play(referee, 4, "loop")
    assert cli("--game", "4", "reveal-seed").code == 0  # 4: over, its seed in its log
    sql(db_path, "UPDATE events SET body = '{' WHERE game_id = 1 AND seq = 1")
    Path(f"{db_path}.key").unlink()
    said = cli("games").err
    assert said == (
        f"referee: note: {db_path}.key is not the key that sealed {db_path} (the key was lost or"
        " replaced, or the database was copied without it): from now on a new key seals it; every"
        " game is checked whole, once" + BEFORE_NOW + SEALED_LOST.format(games="games 2, 3") + "\n"
    )


def test_one_lost_seed_is_told_as_one(cli: Cli, db_path: Path) -> None:
    assert cli("new", "loop", "--players", "ann,ben", "--seed", "7", "--cards", LOOP_CARDS).code == 0
    Path(f"{db_path}.key").unlink()
    assert cli("status").err.endswith(SEALED_LOST.format(games="game 1") + "\n")


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        (
            "DELETE FROM settings WHERE key = 'sealed_by'",
            "is missing (an older referee's database, or deleted by hand)",
        ),
        (
            "UPDATE settings SET value = '[\"{id}\",[],\"forged\"]' WHERE key = 'sealed_by'",
            "was altered by hand",
        ),
    ],
    ids=["deleted, every mark kept", "this key's id, its seal forged"],
)
def test_the_record_deleted_or_forged_is_told_with_the_games_that_have_no_mark(
    cli: Cli, db_path: Path, played: tuple[int, str], edit: str, said: str
) -> None:
    sql(db_path, edit.format(id=key_id(db_path)))
    told = cli("status")
    assert told.code == 0
    assert told.err == (
        f"referee: note: the record of the key that seals {db_path} {said}: it is made again, and the"
        " games with no verified mark (none) are checked whole, once" + BEFORE_NOW + "\n"
    )
    store = Store(db_path)
    assert (store.key_news, store.guarded, store.unmarked) == (None, True, frozenset())
    store.close()
    sql(db_path, "DELETE FROM verified")  # every game is expected to have its mark again
    assert LOST in cli("status").err


def test_a_database_without_a_record_is_first_opened_as_an_older_referees(
    db_path: Path, played: tuple[int, str]
) -> None:
    sql(db_path, "DELETE FROM settings WHERE key = 'sealed_by'", "DELETE FROM verified")
    store = Store(db_path)
    assert (store.key_news, store.unmarked) == ("first", frozenset({1}))
    store.close()


def test_a_game_checked_whole_once_expects_its_mark_from_then_on(
    cli: Cli, db_path: Path, played: tuple[int, str]
) -> None:
    """A game an older referee left without a mark is checked whole once and marked: its mark is
    expected from then on (the record no longer lists it), so deleting it later is named."""
    sql(db_path, "DELETE FROM settings WHERE key = 'sealed_by'", "DELETE FROM verified")
    assert cli("status").code == 0  # checked whole and marked (the note told once)
    sql(db_path, "DELETE FROM verified")
    assert LOST in cli("status").err


def test_the_lost_mark_names_the_first_row_that_may_be_cut(
    cli: Cli, db_path: Path, played: tuple[int, str]
) -> None:
    import json

    sql(db_path, "DELETE FROM events WHERE seq >= 10", "DELETE FROM verified")
    error = json.loads(cli("status", "--json").out)
    assert (error["error"], error["seq"]) == ("damaged", 10)
    checked = json.loads(cli("verify", "--json").out)
    assert (checked["error"], checked["seq"]) == ("verification", 10)


def test_the_service_accepts_no_lost_mark_unless_asked(db_path: Path, played: tuple[int, str]) -> None:
    sql(db_path, "DELETE FROM verified")
    referee = Referee.open(db_path)
    with pytest.raises(VerificationFailed, match="verified mark was deleted or altered by hand"):
        referee.verify(1)
    assert referee.verify(1, accept=True).head_seq == 11
    referee.store.close()


def test_a_long_lived_referee_takes_a_key_replaced_elsewhere_for_no_evidence(
    db_path: Path, played: tuple[int, str]
) -> None:
    """`serve` keeps its store open: another process that found the key lost (made a new one and
    marked the game again with it) leaves this one's key unable to read any mark. That is no mark
    deleted: the record now names another key, so this process checks the game whole."""
    served = Referee.open(db_path)
    assert served.load(1).head == 11
    Path(f"{db_path}.key").unlink()
    other = Referee.open(db_path)  # the key lost: a new one, every game checked and marked again
    assert other.store.key_news == "changed" and other.load(1).head == 11
    other.store.close()
    assert served.load(1).head == 11  # not "the verified mark was deleted"
    served.store.close()


def test_a_long_lived_referee_follows_the_record_another_process_made(
    db_path: Path, played: tuple[int, str]
) -> None:
    """The record deleted with the mark while `serve` runs: the next process to open the database
    tells the table and lists the game as one with no mark to expect; the long-lived one reads
    that record (its seal holds) and checks the game whole, as that process did."""
    served = Referee.open(db_path)
    assert served.load(1).head == 11
    sql(db_path, "DELETE FROM settings WHERE key = 'sealed_by'", "DELETE FROM verified WHERE game_id = 1")
    sql(db_path, "UPDATE events SET recorded_at = recorded_at WHERE seq = 1")  # a write: a new version
    opener = Store(db_path)
    assert opener.key_news == "first" and opener.unmarked == frozenset({1})
    opener.close()
    assert served.load(1).head == 11
    served.store.close()


def test_a_forged_deal_in_a_sealed_game_checked_whole_is_named(cli: Cli, db_path: Path) -> None:
    """Checked whole (its mark and the record gone), a virtual game is dealt again from the seed
    kept here: a FAVOUR drawn changed by hand, every hash recomputed, is a move the rules refuse,
    not one taken as recorded (which only a game whose seed is lost does)."""
    import json

    from ledger.codec import GENESIS, row_hash

    assert cli("new", "loop", "--players", "ann,ben", "--seed", "7", "--cards", LOOP_CARDS).code == 0
    for words in ("work ann", "end ann"):
        assert cli("loop", *words.split()).code == 0
    with sqlite3.connect(db_path) as conn:
        seq, body = conn.execute(
            "SELECT seq, body FROM events WHERE type = 'loop.favour_drawn' ORDER BY seq DESC LIMIT 1"
        ).fetchone()
        drawn = json.loads(body)
        drawn["card"] = next(c for c in ("resell", "barter", "share", "acquire") if c != drawn["card"])
        conn.execute(
            "UPDATE events SET body = ? WHERE seq = ?",
            (json.dumps(drawn, sort_keys=True, separators=(",", ":")), seq),
        )
        prev = GENESIS
        for s, t, b, a, r in conn.execute(
            "SELECT seq, type, body, actor, recorded_at FROM events ORDER BY seq"
        ):
            digest = row_hash(prev, s, t, b, a, r)
            conn.execute("UPDATE events SET prev_hash = ?, hash = ? WHERE seq = ?", (prev, digest, s))
            prev = digest
        conn.execute("DELETE FROM verified")
        conn.execute("DELETE FROM settings WHERE key = 'sealed_by'")
    conn.close()
    result = cli("status")
    assert result.code == 3 and "is refused" in result.err and LOST not in result.err


def test_verify_drops_a_snapshot_an_older_referee_kept_of_a_sealed_game(
    cli: Cli, db_path: Path, referee: Referee
) -> None:
    """An older referee cached a sealed game's fold, and with it every deck's order to come: the
    referee keeps none, and verify drops one it finds, checking the log as it is."""
    from ledger.service.snapshots import _snapshot_body, snapshot_key

    assert cli("new", "loop", "--players", "ann,ben", "--seed", "7", "--cards", LOOP_CARDS).code == 0
    assert cli("loop", "work", "ann").code == 0
    loaded = referee.load(1)
    referee.store.put_snapshot(
        1, snapshot_key(loaded.game), loaded.head, _snapshot_body(loaded.state), loaded.head_hash
    )
    assert referee.store.all_snapshots(1)  # as an older referee left it
    assert cli("verify").code == 0
    assert referee.store.all_snapshots(1) == []


# --- backups that cannot be made whole ----------------------------------------------------------


def test_a_backup_into_a_missing_folder_says_so_in_one_line(
    cli: Cli, tmp_path: Path, played: tuple[int, str]
) -> None:
    target = tmp_path / "no such folder" / "copy.db"
    result = cli("backup", str(target))
    assert result.code == 3 and result.out == ""
    assert result.err.startswith("referee: cannot back up the referee database ")
    assert len(result.err.strip().splitlines()) == 1 and "Traceback" not in result.err
    assert not target.parent.exists()


def test_a_backup_of_a_database_with_no_key_copies_no_key(
    db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where no key could be made (nothing sealed), the copy is the database alone: no key file
    is made up for it (a throwaway key would seal nothing the copy could use)."""
    real_open = os.open

    def refused(path: str | Path, flags: int, mode: int = 0o777) -> int:
        if ".key." in Path(path).name:  # the private file a key is made in
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, mode)

    monkeypatch.setattr(os, "open", refused)
    referee = Referee.open(db_path)
    referee.new_game("pebbles", ["alice", "bob"])
    assert not referee.store.keyed
    target = tmp_path / "copy.db"
    assert referee.backup(target) is None
    assert target.exists() and not Path(f"{target}.key").exists()
    referee.store.close()


def test_a_backup_of_an_in_memory_database_copies_no_key(tmp_path: Path) -> None:
    referee = Referee.open(":memory:")
    referee.new_game("pebbles", ["alice", "bob"])
    target = tmp_path / "copy.db"
    assert referee.backup(target) is None
    assert not Path(f"{target}.key").exists()
    copy = Referee.open(target)
    assert copy.load(1).head == 1
    copy.store.close()


# --- each kind of file that is no key, said in-process too ----------------------------------------


@pytest.mark.parametrize("kind", ["fifo", "device", "folder", "socket", "block"])
def test_the_kind_of_file_that_is_no_key_is_named(
    cli: Cli, db_path: Path, played: tuple[int, str], kind: str
) -> None:
    import socket

    key = Path(f"{db_path}.key")
    key.unlink()
    names = {
        "fifo": "a FIFO",
        "device": "a character device",
        "folder": "a folder",
        "socket": "a socket",
        "block": "a block device",
    }
    held = None
    if kind == "socket":
        held = socket.socket(socket.AF_UNIX)
        held.bind(str(key))
    elif kind == "block":
        devices = sorted(p for p in Path("/dev").iterdir() if p.is_block_device())
        if not devices:
            pytest.skip("no block device on this machine")
        key.symlink_to(devices[0])
    elif kind == "fifo":
        os.mkfifo(key)
    elif kind == "device":
        key.symlink_to("/dev/zero")
    else:
        key.mkdir()
    try:
        result = cli("status")
    finally:
        if held is not None:
            held.close()
    assert result.code == 3
    assert f"the key {key} is {names[kind]}, not a file the referee made" in result.err
