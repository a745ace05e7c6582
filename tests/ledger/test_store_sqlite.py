"""The event log as the SQLite store keeps it: its file, pragmas and indexes, a writer killed,
tamper evidence made with the `sqlite3` tool, the key beside the file. Every test here is
``sqlite_only``: what any store must do is in ``test_store.py``, run for each implementation."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ledger.errors import StoreUnreadable, VerificationFailed
from ledger.service import Referee
from ledger.store import SEALED, TABLES, NewRow, StaleHead, Store
from referee_cli.main import run

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.sqlite_only


def test_a_move_whose_last_row_collides_leaves_no_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The primary key is the last guard: if the seq check were fooled, the insert still fails whole."""
    store = Store(tmp_path / "l.db")
    game = store.create_game(
        kind="k", rules_version="1", title="", players=["a"], options={}, created_at="t",
        rows=[NewRow("setup", "{}", "table")],
    )  # fmt: skip
    # Another writer has already taken seq 4 (the third row of the move below).
    store.conn.execute(
        "INSERT INTO events (game_id, seq, type, body, actor, recorded_at, prev_hash, hash)"
        " VALUES (?, 4, 'x', '{}', 'b', 't', 'p', 'h')",
        (game,),
    )
    real = store.conn

    class Fooled:
        """A connection whose head query still answers seq 1, as if read before the other write."""

        in_transaction = property(lambda self: real.in_transaction)

        def execute(self, sql: str, params: tuple[object, ...] = ()) -> sqlite3.Cursor:
            if sql.startswith("SELECT seq, hash FROM events"):
                return real.execute("SELECT 1, hash FROM events WHERE game_id = ? AND seq = 1", params)
            return real.execute(sql, params)

        def executemany(self, sql: str, rows: list[tuple[object, ...]]) -> sqlite3.Cursor:
            return real.executemany(sql, rows)

    monkeypatch.setattr(store, "conn", Fooled())
    with pytest.raises(StaleHead):
        store.append(
            game, 1, [NewRow("move", "{}", "a"), NewRow("f", "{}", "a"), NewRow("f", "{}", "a")], "t"
        )
    monkeypatch.undo()
    assert [r.seq for r in store.rows(game)] == [1, 4]  # none of seqs 2, 3 (or 4) of the move landed


CRASHER = """
import sys
from ledger import games
from ledger.service import Referee
from tests import pebbles
games.register("pebbles", pebbles)
referee = Referee.open(sys.argv[1])
game = int(sys.argv[2])
print("ready", flush=True)
n = 0
while True:
    player = ("alice", "bob")[n % 2]
    referee.submit_text(game, ["take", player, "1"])
    n += 1
"""


def test_killed_writer_leaves_a_verifiable_prefix(tmp_path: Path, referee: Referee) -> None:
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "1000000"})
    child = subprocess.Popen(
        [sys.executable, "-c", CRASHER, str(referee.store.path), str(game)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert child.stdout is not None and child.stdout.readline().strip() == b"ready"
    deadline = time.monotonic() + 20
    while referee.store.head(game)[0] < 200 and time.monotonic() < deadline:
        time.sleep(0.05)
    child.send_signal(signal.SIGKILL)
    child.wait()
    rows = referee.store.rows(game)
    assert len(rows) > 1
    # A prefix of what was attempted: complete moves (a move row and its fact), alternating players.
    assert (len(rows) - 1) % 2 == 0
    for n, i in enumerate(range(1, len(rows), 2)):
        assert rows[i].type == "move" and rows[i + 1].type == "pebbles.taken"
        assert rows[i].actor == ("alice", "bob")[n % 2]
    check = sqlite3.connect(referee.store.path).execute("PRAGMA integrity_check").fetchone()
    assert check == ("ok",)
    report = referee.verify(game)
    assert report.head_seq == len(rows)


@pytest.fixture
def played(referee: Referee) -> int:
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "30"})
    for words in ["take alice 2", "take bob 1", "give alice bob 1", "take alice 3", "take bob 2"]:
        referee.submit_text(game, words.split())
    return game  # rows: 1 setup, then moves at 2, 4, 6, 8, 10 with their facts


def _sql(referee: Referee, sql: str, *params: object) -> None:
    referee.store.conn.execute(sql, params)


def test_verify_accepts_an_untouched_log(referee: Referee, played: int) -> None:
    report = referee.verify(played)
    assert (report.rows, report.moves, report.live_moves, report.head_seq) == (11, 5, 5, 11)


def test_verify_names_an_edited_body(referee: Referee, played: int) -> None:
    _sql(
        referee,
        "UPDATE events SET body = replace(body, '\"n\":1', '\"n\":3') WHERE game_id = ? AND seq = 5",
        played,
    )
    with pytest.raises(VerificationFailed, match="row #5 was altered") as caught:
        referee.verify(played)
    assert caught.value.seq == 5


def test_verify_names_a_deleted_middle_row(referee: Referee, played: int) -> None:
    _sql(referee, "DELETE FROM events WHERE game_id = ? AND seq = 6", played)
    with pytest.raises(VerificationFailed, match="row #6 is missing") as caught:
        referee.verify(played)
    assert caught.value.seq == 6


def test_verify_names_swapped_rows(referee: Referee, played: int) -> None:
    _sql(referee, "UPDATE events SET seq = -1 WHERE game_id = ? AND seq = 4", played)
    _sql(referee, "UPDATE events SET seq = 4 WHERE game_id = ? AND seq = 6", played)
    _sql(referee, "UPDATE events SET seq = 6 WHERE game_id = ? AND seq = -1", played)
    with pytest.raises(VerificationFailed) as caught:
        referee.verify(played)
    assert caught.value.seq == 4


def test_verify_detects_a_truncated_tail_against_an_exported_head(referee: Referee, played: int) -> None:
    _, head = referee.export(played)
    _sql(referee, "DELETE FROM events WHERE game_id = ? AND seq >= 10", played)
    # The chain alone still holds, but the database remembers the last head it checked.
    with pytest.raises(
        VerificationFailed, match="rows up to #11 were recorded and checked: rows were removed"
    ):
        referee.verify(played)
    with pytest.raises(VerificationFailed, match="rows were removed"):  # the mark names it first
        referee.verify(played, head)
    # With the mark deleted too, the head hash kept elsewhere is what shows the cut; it is not
    # in the log, which proves nothing by itself (a typo?), so nothing is marked.
    _sql(referee, "DELETE FROM verified WHERE game_id = ?", played)
    with pytest.raises(
        VerificationFailed, match=f"no row of this log \\(#1 to #9\\) has the head hash {head[:12]}"
    ):
        referee.verify(played, head)
    assert referee.store.tip(played).bad is None


def test_verify_names_a_move_the_rules_refuse_even_with_a_rebuilt_chain(
    referee: Referee, played: int
) -> None:
    """Someone edits a move and recomputes every hash: the chain holds, the rules do not."""
    from ledger.codec import row_hash

    _sql(
        referee,
        "UPDATE events SET body = replace(body, '\"n\":1', '\"n\":9') WHERE game_id = ? AND seq IN (4, 5)",
        played,
    )
    prev = "0" * 64
    for row in referee.store.rows(played):
        digest = row_hash(prev, row.seq, row.type, row.body, row.actor, row.recorded_at)
        _sql(
            referee,
            "UPDATE events SET prev_hash = ?, hash = ? WHERE game_id = ? AND seq = ?",
            prev,
            digest,
            played,
            row.seq,
        )
        prev = digest
    with pytest.raises(VerificationFailed, match=r"move #4 \(take bob 9\) is refused: PEBBLES 2") as caught:
        referee.verify(played)
    assert caught.value.seq == 4


def test_an_unreadable_database_is_a_clear_error(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreUnreadable, match="cannot open the referee database"):
        Store(junk)


def test_the_file_refuses_a_row_with_a_part_blanked(tmp_path: Path) -> None:
    """The schema as the module says: every part the referee always writes is NOT NULL (a
    game's title may be none; so may the parts of a cache row from before its seals), the
    games' ids are SQLite's own row ids, and a log row names its game by ``games.id``. An edit
    with the `sqlite3` tool that blanks a part is refused."""
    db = tmp_path / "ledger.db"
    referee = Referee(Store(db))
    game = referee.new_game("pebbles", ["alice", "bob"])
    referee.store.close()
    conn = sqlite3.connect(db, isolation_level=None)
    info = 'SELECT name, type, "notnull", pk FROM pragma_table_info(?)'
    schema = {
        table: [(n, t, bool(nn), pk) for n, t, nn, pk in conn.execute(info, (table,))]
        for table in TABLES | SEALED
    }
    text, number = "TEXT", "INTEGER"
    assert schema == {
        "games": [
            ("id", number, False, 1),
            ("kind", text, True, 0),
            ("rules_version", text, True, 0),
            ("title", text, False, 0),
            ("players", text, True, 0),
            ("options", text, True, 0),
            ("created_at", text, True, 0),
            ("status", text, True, 0),
        ],
        "events": [
            ("game_id", number, False, 1),
            ("seq", number, False, 2),
            ("type", text, True, 0),
            ("body", text, True, 0),
            ("actor", text, True, 0),
            ("recorded_at", text, True, 0),
            ("prev_hash", text, True, 0),
            ("hash", text, True, 0),
        ],
        "snapshots": [
            ("game_id", number, False, 1),
            ("seq", number, False, 2),
            ("key", text, False, 3),
            ("body", text, True, 0),
            ("hash", text, False, 0),
            ("digest", text, False, 0),
        ],
        "settings": [("key", text, False, 1), ("value", text, False, 0)],
        "verified": [
            ("game_id", number, False, 1),
            ("seq", number, True, 0),
            ("hash", text, True, 0),
            ("setup_hash", text, True, 0),
            ("bad", text, False, 0),
            ("bad_seq", number, False, 0),
            ("seal", text, False, 0),
        ],
        "checked": [
            ("game_id", number, False, 1),
            ("lo", number, False, 2),
            ("hi", number, True, 0),
            ("seal", text, True, 0),
        ],
        "folded": [
            ("game_id", number, False, 1),
            ("lo", number, False, 2),
            ("hi", number, True, 0),
            ("last", text, True, 0),
            ("seal", text, True, 0),
        ],
    }
    assert [row[2:5] for row in conn.execute("PRAGMA foreign_key_list(events)")] == [
        ("games", "game_id", "id")
    ]
    assert conn.execute("SELECT rowid FROM games WHERE id = ?", (game,)).fetchone() == (game,)
    for table, column in [("games", "players"), ("games", "status"), ("events", "body"), ("events", "hash")]:
        with pytest.raises(sqlite3.IntegrityError, match=f"NOT NULL constraint failed: {table}.{column}"):
            conn.execute(f"UPDATE {table} SET {column} = NULL")
    conn.close()


def test_a_fold_finds_the_revert_rows_through_their_partial_index(tmp_path: Path) -> None:
    """Every fold looks up the game's revert rows first: SQLite answers it from the partial index
    of revert rows (``events_reverted``), not by reading the game's every row."""
    referee = Referee(Store(tmp_path / "ledger.db"))
    game = referee.new_game("pebbles", ["alice", "bob"])
    referee.submit_text(game, ["take", "alice", "1"])
    referee.undo(game)
    store = referee.store
    queries: list[str] = []
    store.conn.set_trace_callback(queries.append)
    for upto in (None, 4):
        assert [row.seq for row in store.reverts(game, upto)] == [4]
    store.conn.set_trace_callback(None)
    for query in queries:
        plan = " ".join(str(step[-1]) for step in store.conn.execute(f"EXPLAIN QUERY PLAN {query}"))
        assert "USING INDEX events_reverted" in plan or "USING COVERING INDEX events_reverted" in plan, plan
    assert len(queries) == 2
    store.close()


def _sqlite_error(code: int) -> sqlite3.OperationalError:
    error = sqlite3.OperationalError(f"SQLite result code {code}")
    error.sqlite_errorcode = code  # type: ignore[attr-defined]  # as sqlite3 sets it
    return error


def test_a_step_sqlite_answers_busy_at_once_is_tried_again_until_the_timeout(tmp_path: Path) -> None:
    """``journal_mode=WAL`` answers busy at once (no busy handler) while another process makes
    the same new database: the store tries such a step again until its timeout, then gives the
    busy error; any other error at once. (The race itself is too quick to make on demand here:
    `test_eight_tables_starting_games_on_a_new_database_at_once` runs it.)"""
    store = Store(tmp_path / "l.db", timeout=0.2)
    calls: list[int] = []

    def busy_twice() -> str:
        calls.append(1)
        if len(calls) <= 2:
            raise _sqlite_error(5 if len(calls) == 1 else 6)  # busy, then locked
        return "done"

    assert store._until_free(busy_twice) == "done" and len(calls) == 3

    def read_only() -> None:
        calls.append(1)
        raise _sqlite_error(8)

    calls.clear()
    with pytest.raises(sqlite3.OperationalError, match="code 8"):
        store._until_free(read_only)
    assert len(calls) == 1

    def always_busy() -> None:
        calls.append(1)
        raise _sqlite_error(5)

    calls.clear()
    started = time.monotonic()
    with pytest.raises(sqlite3.OperationalError, match="code 5"):
        store._until_free(always_busy)
    assert time.monotonic() - started >= 0.2 and len(calls) > 1
    store.close()


@pytest.mark.parametrize("theirs", [b"k" * 32, b"short"], ids=["a key", "a file too short"])
def test_two_makers_of_the_key_agree_on_the_one_linked_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, theirs: bytes
) -> None:
    """The key is made in a private file and linked into place: a process that finds one linked
    there first (another referee making it at the same moment) reads and uses that one, and one
    too short to be a key is refused, saying so (issue 40: it is no key the referee made). No
    private file is left."""
    db = tmp_path / "l.db"
    real_link = os.link

    def another_first(source: str | Path, target: str | Path) -> None:
        Path(target).write_bytes(theirs)
        real_link(source, target)  # FileExistsError, as for the second of two makers

    monkeypatch.setattr(os, "link", another_first)
    if len(theirs) == 32:
        store = Store(db)
        assert (store.keyed, store.key) == (True, theirs)
        store.close()
    else:
        with pytest.raises(StoreUnreadable, match="is 5 bytes, not a key of 32 bytes"):
            Store(db)
    assert sorted(p.name for p in tmp_path.iterdir() if ".key" in p.name) == ["l.db.key"]


def test_a_key_that_cannot_be_made_leaves_the_referee_playing_and_believing_no_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where ``<db>.key`` cannot be made (its private file refused), the database still opens:
    nothing is sealed and no cache believed, and a game is started, played and checked all the
    same (each reading checks the log whole)."""
    db = tmp_path / "l.db"
    real_open = os.open

    def refused(path: str | Path, flags: int, mode: int = 0o777) -> int:
        if ".key." in Path(path).name:
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, mode)

    monkeypatch.setattr(os, "open", refused)
    referee = Referee(Store(db))
    assert not referee.store.keyed and not Path(f"{db}.key").exists()
    game = referee.new_game("pebbles", ["alice", "bob"])
    referee.submit_text(game, ["take", "alice", "2"])
    assert referee.load(game).state.held == {"alice": 2, "bob": 0}
    assert referee.store.tip(game).mark is None  # a mark no seal holds is none
    referee.verify(game)
    referee.store.close()


def test_an_in_memory_database_is_keyed_for_its_process_and_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--db :memory:`` (the fuzzers' database) is a database for one process: opened without
    a file, even by a command that makes none, sealed with a key kept only in memory."""
    monkeypatch.chdir(tmp_path)
    assert run(["--db", ":memory:", "games"]) == 0
    assert capsys.readouterr().out.startswith("no games yet")
    store = Store(":memory:", create=False)
    assert store.keyed
    store.close()
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("seed", [918273645, 10**27 + 7])  # 46 and 65 bytes kept: 2 and 3 blocks
def test_a_kept_seed_is_boxed_by_a_keystream_bound_to_its_commitment(tmp_path: Path, seed: int) -> None:
    """The seed and salt are kept encrypted with ``<db>.key``, by a keystream bound to the setup's
    commitment: the file alone does not tell them (that the file and the key together do:
    ``test_store.py``)."""
    salt = "00112233445566778899aabbccddeeff"
    store = Store(tmp_path / "l.db")
    store.put_seed("c1", seed, salt)
    store.put_seed("c2", seed, salt)
    boxes = dict(sqlite3.connect(tmp_path / "l.db").execute("SELECT commitment, box FROM seeds"))
    plain = f'[{seed},"{salt}"]'.encode()
    streams = {
        c: bytes(a ^ b for a, b in zip(bytes.fromhex(box), plain, strict=True)) for c, box in boxes.items()
    }
    assert streams["c1"] != streams["c2"]  # bound to the commitment: no keystream used twice
    for stream in streams.values():
        blocks = [stream[n : n + 32] for n in range(0, len(stream), 32)]
        assert blocks[0][: len(blocks[1])] != blocks[1]  # it does not repeat
        # No 4 bytes of the plain text readable through one constant byte (an HMAC's random
        # bytes hold a run of 4 alike once in millions of such tests).
        assert all(len(set(stream[n : n + 4])) > 1 for n in range(len(stream) - 3))
