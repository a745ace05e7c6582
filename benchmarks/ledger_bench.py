"""Ledger figures on this machine, with the tests' trivial game: print them, assert nothing.

    python benchmarks/ledger_bench.py [--events 100000]

Each figure is printed beside its yardstick, measured in the same run and interleaved (the
machine may be shared: ratios hold where absolute figures do not), and beside its goal:

1. durable appends, one move (2 rows) per transaction, synchronous=FULL: the store against raw
   SQLite with the same table, pragmas and row sizes (goal: 0.9x), the disk's fdatasync rate
   beside; then the service's submit
2. replay from scratch (read + check the chain + decode + fold) of a long game, in CPU time
   (this process's, SQLite's included: other work on the machine moves it far less), against the
   same replay without the chain check (goal: 0.75x), and against the `eventsourcing`
   library's replay of as many events from its SQLite recorder, when it is installed
   (every row read is checked against the hash chain; issues 7 and 19), and `referee log`
   of it, each beside the same run without the checks
3. loading state of that game with snapshots, against a 10-event game
4. wall time of `referee status` as a whole process
"""

from __future__ import annotations

import argparse
import contextlib
import os
import secrets
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ledger import games  # noqa: E402
from ledger.codec import encode, utcnow  # noqa: E402
from ledger.history import MOVE, Move  # noqa: E402
from ledger.service import Referee, repository  # noqa: E402
from ledger.service.repository import Repository  # noqa: E402
from ledger.store import NewRow, Store  # noqa: E402
from referee_cli import render  # noqa: E402
from tests import pebbles  # noqa: E402

games.register("pebbles", pebbles)


def move_rows(n: int, players: tuple[str, str]) -> list[NewRow]:
    player = players[n % 2]
    command = pebbles.Take(player, 1)
    import msgspec

    body = encode(Move(command=msgspec.Raw(encode(command).encode())))
    return [NewRow(MOVE, body, player), NewRow("pebbles.taken", encode(pebbles.Taken(player, 1)), player)]


def fsync_rate(folder: Path, seconds: float = 2.0) -> float:
    """The disk's own limit, for context: 4 KiB rewritten in place and fdatasync'd."""
    fd = os.open(folder / "fsync.bin", os.O_WRONLY | os.O_CREAT)
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        os.pwrite(fd, b"x" * 4096, 0)
        os.fdatasync(fd)
        n += 1
    os.close(fd)
    return n / seconds


def raw_sqlite(folder: Path, like: Store) -> tuple[sqlite3.Connection, list[list[tuple[Any, ...]]]]:
    """A bare SQLite database with the store's ``events`` and ``verified`` tables and pragmas,
    and rows of the same sizes as the store's moves (hashes made up: SQLite computes none)."""
    conn = sqlite3.connect(folder / "raw.db", isolation_level=None)
    for table in ("events", "verified"):
        (ddl,) = like.conn.execute("SELECT sql FROM sqlite_master WHERE name = ?", (table,)).fetchone()
        conn.execute(ddl)
    conn.execute("INSERT INTO verified (game_id, seq, hash, setup_hash) VALUES (1, 0, '', '')")
    for pragma in ("journal_mode", "synchronous"):
        (value,) = like.conn.execute(f"PRAGMA {pragma}").fetchone()
        conn.execute(f"PRAGMA {pragma}={value}")
    moves = []
    for n in range(2):
        moves.append(
            [(row.type, row.body, row.actor, utcnow(), secrets.token_hex(32), secrets.token_hex(32))
             for row in move_rows(n, ("alice", "bob"))]
        )  # fmt: skip
    return conn, moves


RAW_INSERT = (
    "INSERT INTO events (game_id, seq, type, body, actor, recorded_at, prev_hash, hash)"
    " VALUES (1, ?, ?, ?, ?, ?, ?, ?)"
)


def raw_append(conn: sqlite3.Connection, seq: int, rows: list[tuple[Any, ...]], mark: bool) -> int:
    """One move's rows in one transaction, as the store writes them; with ``mark``, the
    verified mark moved too, as the store's append does (one more table page a commit)."""
    conn.execute("BEGIN IMMEDIATE")
    conn.executemany(RAW_INSERT, [(seq + 1 + i, *row) for i, row in enumerate(rows)])
    if mark:
        conn.execute(
            "UPDATE verified SET seq = ?, hash = ? WHERE game_id = 1", (seq + len(rows), rows[-1][-1])
        )
    conn.execute("COMMIT")
    return seq + len(rows)


def appends(folder: Path, seconds: float = 0.25, rounds: int = 16) -> None:
    fsync = fsync_rate(folder)
    referee = Referee.open(folder / "append.db")
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "1000000000"})
    store, head = referee.store, 1
    raw, moves = raw_sqlite(folder, store)
    raw_seq = 0
    rates: dict[str, list[float]] = {"store": [], "raw": [], "raw+mark": []}
    for _ in range(rounds):  # interleaved: the same disk weather for each
        for name, times in rates.items():
            n, start = 0, time.perf_counter()
            while time.perf_counter() - start < seconds:
                if name == "store":
                    head = store.append(game, head, move_rows(n, ("alice", "bob")), utcnow())[-1].seq
                else:
                    raw_seq = raw_append(raw, raw_seq, moves[n % 2], mark=name == "raw+mark")
                n += 1
            times.append(n / (time.perf_counter() - start))
    ours, bare, marked = (statistics.median(rates[k]) for k in ("store", "raw", "raw+mark"))
    print(
        f"durable appends/s, one move (2 rows) per transaction, synchronous=FULL: store {ours:,.0f},"
        f" raw SQLite (same table, pragmas, row sizes) {bare:,.0f}: {ours / bare:.2f}x (goal: 0.9x);"
        f" this disk's fdatasync/s (4 KiB in place): {fsync:,.0f}"
    )
    print(
        f"  raw SQLite that also moves a verified mark, as the store does: {marked:,.0f}/s"
        f" ({marked / bare:.2f}x raw; the store is {ours / marked:.2f}x that)"
    )
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "1000000000"})
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 2.0:
        referee.submit(game, pebbles.Take(("alice", "bob")[n % 2], 1))
        n += 1
    elapsed = time.perf_counter() - start
    print(f"  the service's submit (load + decide + append): {n / elapsed:,.0f}/s")


def long_game(folder: Path, events: int) -> tuple[Referee, int]:
    """A game of ``events`` facts, written in bulk (the log is the same as one move at a time)."""
    referee = Referee.open(folder / "long.db")
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "1000000000"})
    head = 1
    batch = 5000
    for first in range(0, events, batch):
        rows = [
            row for n in range(first, min(events, first + batch)) for row in move_rows(n, ("alice", "bob"))
        ]
        head = referee.store.append(game, head, rows, utcnow())[-1].seq
    return referee, game


@contextlib.contextmanager
def unchecked() -> Iterator[None]:
    """The same code with the row checks taken out: the chain is believed as read."""
    stretch, batch = Repository.checked_stream, Repository._fold_batch
    Repository._fold_batch = lambda self, game_id, lo, hi, prev, seals: (  # type: ignore[method-assign]
        self.store.fold_facts(game_id, lo, hi),
        prev,
    )
    Repository.checked_stream = lambda self, loaded, after: self.store.iter_rows(  # type: ignore[method-assign]
        loaded.info.id, after, upto=loaded.head
    )
    try:
        yield
    finally:
        Repository.checked_stream, Repository._fold_batch = stretch, batch  # type: ignore[method-assign]


def best_of(runs: int, step: Callable[[], object]) -> float:
    """The least CPU time of ``step`` (this process's: SQLite runs in it too), which other
    work on a shared machine moves far less than wall time."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        step()
        times.append(time.process_time() - start)
    return min(times)


def side_by_side(runs: int, step: Callable[[], object]) -> tuple[float, float]:
    """The best time of ``step`` with the checks and without, run in turns (a busy machine's
    load then weighs on both alike)."""
    checked, bare = [], []
    for _ in range(runs):
        checked.append(best_of(1, step))
        with unchecked():
            bare.append(best_of(1, step))
    return min(checked), min(bare)


def replay(referee: Referee, game: int, events: int, folder: Path) -> None:
    def fold(*, sealed: bool = True) -> None:
        fresh = Referee(Store(referee.store.path))  # a new process's view: no state in memory
        fresh.store.conn.execute("DELETE FROM snapshots")  # a long fold writes one: replay from scratch
        if not sealed:
            for table in ("checked", "folded"):  # nor any batch sealed by an earlier fold
                fresh.store.conn.execute(f"DELETE FROM {table}")
        assert fresh.load(game).state.pile == 1000000000 - events

    first = best_of(3, lambda: fold(sealed=False))
    checked, bare = side_by_side(5, fold)
    print(
        f"replay (read + check the chain + decode + fold) of {events:,} events, no snapshot, CPU time:"
        f" {checked:.3f} s = {events / checked:,.0f} events/s"
        f" ({(checked / bare - 1) * 100:+.0f}%, goal: +25%);"
        f" every row hashed (no sealed batch yet) {first:.3f} s ({(first / bare - 1) * 100:+.0f}%);"
        f" without the checks {bare:.3f} s: {bare / checked:.2f}x (goal: 0.75x)"
    )
    peer = eventsourcing_replay(folder, events)
    if peer is None:
        print("  the eventsourcing library is not installed: no peer figure (pip install eventsourcing)")
    else:
        print(
            f"  eventsourcing {peer[1]} (SQLite recorder) replaying {events:,} events of one aggregate:"
            f" {events / peer[0]:,.0f} events/s; ours: {peer[0] / checked:.1f}x (goal: 5x)"
        )

    def log() -> None:
        fresh = Referee(Store(referee.store.path))
        head = fresh.store.head(game)[0]
        lines = render.log(fresh.log(game), head, ["alice", "bob", "table"])
        assert sum(1 for _ in lines) > events

    referee.load(game)  # with a snapshot at the head, as a second `log` would find it
    checked, bare = side_by_side(5, log)
    print(
        f"`referee log` of it (rendered, in-process), CPU time: {checked:.3f} s; without the checks"
        f" {bare:.3f} s ({(checked / bare - 1) * 100:+.0f}%, goal: +25%)"
    )


def eventsourcing_replay(folder: Path, events: int) -> tuple[float, str] | None:
    """The best of 3 ``repository.get`` (CPU time) of an aggregate of ``events`` events from a new
    application on the same SQLite file; None if the library is not installed."""
    try:
        from importlib.metadata import version

        from eventsourcing.application import Application
        from eventsourcing.domain import Aggregate, event
    except ImportError:
        return None

    class Pile(Aggregate):  # type: ignore[misc]
        def __init__(self, size: int) -> None:
            self.size = size

        @event("Taken")  # type: ignore[untyped-decorator]
        def take(self, player: str, count: int) -> None:
            self.size -= count

    env = {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": str(folder / "eventsourcing.db"),
        "SQLITE_LOCK_TIMEOUT": "10",
    }
    app = Application(env=env)
    pile = Pile(1_000_000_000)
    for n in range(1, events):  # the creation is the first event
        pile.take(("alice", "bob")[n % 2], 1)
        if n % 5000 == 0:
            app.save(pile)
    app.save(pile)
    times = []
    for _ in range(3):
        fresh = Application(env=env)
        start = time.process_time()  # CPU time, as ``best_of``
        got = fresh.repository.get(pile.id)
        times.append(time.process_time() - start)
    assert got.size == 1_000_000_000 - (events - 1)
    return min(times), version("eventsourcing")


def with_snapshots(folder: Path, referee: Referee, game: int, events: int) -> None:
    loaded = referee.load(game)
    repository.SNAPSHOT_EVERY = 1000
    head = referee.store.rows(game, loaded.head - 1)[-1]
    referee.repo._maybe_snapshot(loaded, head, loaded.state)  # what an append does every 1,000 rows
    small = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "100"})
    for n in range(10):
        referee.submit(small, pebbles.Take(("alice", "bob")[n % 2], 1))

    def best(game_id: int) -> float:
        runs = []
        for _ in range(20):
            fresh = Referee(Store(referee.store.path))
            start = time.perf_counter()
            fresh.load(game_id)
            runs.append(time.perf_counter() - start)
        return statistics.median(runs)

    long_t, short_t = best(game), best(small)
    print(
        f"load state with snapshots: {events:,}-event game {long_t * 1000:.2f} ms,"
        f" 10-event game {short_t * 1000:.2f} ms, ratio {long_t / short_t:.2f}x"
    )


def status_wall(folder: Path) -> None:
    db = folder / "status.db"
    env = {**os.environ, "REFEREE_DB": str(db), "PYTHONPATH": str(ROOT)}
    launcher = [sys.executable, "-m", "tests.run_cli"]
    subprocess.run(
        [*launcher, "new", "pebbles", "--players", "alice,bob"], env=env, check=True, capture_output=True
    )
    subprocess.run([*launcher, "pebbles", "take", "alice", "2"], env=env, check=True, capture_output=True)
    commands = {"`referee status` (pebbles, launched from tests/)": [*launcher, "status"]}
    referee_bin = Path(sys.executable).parent / "referee"
    if referee_bin.exists():
        loop_db = folder / "loop.db"
        recorded = ROOT / "fixtures" / "loop-basic-3p.jsonl"
        subprocess.run(
            [str(referee_bin), "--db", str(loop_db), "import", str(recorded)], check=True, capture_output=True
        )
        commands["`referee status` (the recorded LOOP game)"] = [
            str(referee_bin),
            "--db",
            str(loop_db),
            "status",
        ]
        commands["`referee --help`"] = [str(referee_bin), "--help"]
    for name, command in commands.items():
        runs = []
        for _ in range(15):
            start = time.perf_counter()
            subprocess.run(command, env=env, check=True, capture_output=True, cwd=ROOT)
            runs.append(time.perf_counter() - start)
        print(f"wall time of {name} as a whole process: median {statistics.median(runs) * 1000:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--replay-only", action="store_true", help="only the replay and log figures")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if args.replay_only:
            replay(*long_game(folder, args.events), args.events, folder)
            return
        appends(folder)
        referee, game = long_game(folder, args.events)
        replay(referee, game, args.events, folder)
        with_snapshots(folder, referee, game, args.events)
        status_wall(folder)


if __name__ == "__main__":
    main()
