"""The event log: appends, atomicity, racing writers, crashes, and tamper evidence."""

from __future__ import annotations

import multiprocessing
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
from ledger.store import NewRow, StaleHead, Store

ROOT = Path(__file__).resolve().parents[2]


def test_append_and_read_back(tmp_path: Path) -> None:
    store = Store(tmp_path / "l.db")
    game = store.create_game(
        kind="pebbles",
        rules_version="1",
        title="",
        players=["a", "b"],
        options={},
        created_at="t0",
        rows=[NewRow("setup", '{"x":1}', "table")],
    )
    stored = store.append(game, 1, [NewRow("move", '{"m":1}', "a"), NewRow("fact", '{"f":1}', "a")], "t1")
    assert [r.seq for r in stored] == [2, 3]
    rows = store.rows(game)
    assert [(r.seq, r.type, r.body, r.actor) for r in rows] == [
        (1, "setup", '{"x":1}', "table"),
        (2, "move", '{"m":1}', "a"),
        (3, "fact", '{"f":1}', "a"),
    ]
    assert rows[1].prev_hash == rows[0].hash and rows[2].prev_hash == rows[1].hash
    assert store.head(game) == (3, rows[2].hash)


def test_append_on_a_stale_head_writes_nothing(tmp_path: Path) -> None:
    store = Store(tmp_path / "l.db")
    game = store.create_game(
        kind="k", rules_version="1", title="", players=["a"], options={}, created_at="t",
        rows=[NewRow("setup", "{}", "table")],
    )  # fmt: skip
    store.append(game, 1, [NewRow("move", "{}", "a")], "t")
    with pytest.raises(StaleHead):
        store.append(game, 1, [NewRow("move", '{"late":1}', "b")], "t")
    assert store.head(game)[0] == 2


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


def _racer(
    path: str,
    game: int,
    barrier: multiprocessing.synchronize.Barrier,
    name: str,
    results: multiprocessing.Queue,
) -> None:  # type: ignore[type-arg]
    store = Store(path)
    barrier.wait()
    try:
        store.append(game, 1, [NewRow("move", f'{{"by":"{name}"}}', name), NewRow("f", "{}", name)], "t")
        results.put((name, "won"))
    except StaleHead:
        results.put((name, "stale"))


def test_two_processes_racing_on_the_same_seq(tmp_path: Path) -> None:
    path = str(tmp_path / "l.db")
    store = Store(path)
    context = multiprocessing.get_context("spawn")
    for round_ in range(3):
        game = store.create_game(
            kind="k", rules_version="1", title="", players=["a", "b"], options={}, created_at="t",
            rows=[NewRow("setup", "{}", "table")],
        )  # fmt: skip
        barrier = context.Barrier(2)
        results = context.Queue()
        procs = [context.Process(target=_racer, args=(path, game, barrier, n, results)) for n in ("a", "b")]
        for p in procs:
            p.start()
        for p in procs:
            p.join(60)
        outcome = sorted(results.get(timeout=5)[1] for _ in procs)
        assert outcome == ["stale", "won"], round_
        seqs = [r.seq for r in store.rows(game)]
        assert seqs == [1, 2, 3]  # no gap, no duplicate
        assert len({r.actor for r in store.rows(game)[1:]}) == 1  # both rows from the winner


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
    with pytest.raises(VerificationFailed, match="does not contain head hash") as caught:
        referee.verify(played, head)
    assert caught.value.seq == 10


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
