"""Ledger figures on this machine, with the tests' trivial game: print them, assert nothing.

    python benchmarks/ledger_bench.py [--events 100000] [--db postgresql|postgresql://...]

Each figure is printed beside its yardstick, measured in the same run and interleaved (the
machine may be shared: ratios hold where absolute figures do not), and beside its goal:

1. durable appends, one move (2 rows) per transaction: the store against raw SQLite with the
   same table, pragmas (synchronous=FULL) and row sizes (goal: 0.9x), the disk's fdatasync rate
   beside; with ``--db postgresql``, PostgreSQL's store against raw psycopg on the same server,
   tables, settings (synchronous_commit on) and rows (goal: 0.8x), in the same interleaved
   rounds; then the service's submit on each
1b. with ``--db``: the same replay from scratch on each database, in turns
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
from ledger.store.log import _inserting  # noqa: E402
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


def raw_append(conn: sqlite3.Connection, seq: int, rows: list[tuple[Any, ...]], mark: bool) -> int:
    """One move's rows in one transaction, in the one statement the store writes them with; with
    ``mark``, the verified mark moved too, as the store's append does (one more page a commit)."""
    conn.execute("BEGIN IMMEDIATE")
    conn.execute(_inserting(len(rows)), [v for i, row in enumerate(rows) for v in (1, seq + 1 + i, *row)])
    if mark:
        conn.execute(
            "UPDATE verified SET seq = ?, hash = ? WHERE game_id = 1", (seq + len(rows), rows[-1][-1])
        )
    conn.execute("COMMIT")
    return seq + len(rows)


def raw_postgres(url: str) -> tuple[Any, str]:
    """A bare schema ``raw`` on the same server with the store's ``games``, ``events`` and
    ``verified`` tables (its DDL, its primary key and indexes; not its version trigger, which is
    the store's own work), one game in it: what psycopg alone writes, the yardstick."""
    import psycopg

    from ledger.store import postgres

    conn = psycopg.connect(url, autocommit=True)
    conn.execute("DROP SCHEMA IF EXISTS raw CASCADE")
    conn.execute("CREATE SCHEMA raw")
    conn.execute("SET search_path = raw")
    for ddl in postgres._SCHEMA:
        if ddl.startswith(("CREATE TABLE IF NOT EXISTS games", "CREATE TABLE IF NOT EXISTS events")) or (
            ddl.startswith(("CREATE TABLE IF NOT EXISTS verified", "CREATE INDEX IF NOT EXISTS events_"))
        ):
            conn.execute(ddl)
    conn.execute(
        "INSERT INTO games (id, kind, rules_version, players, options, created_at, status)"
        " VALUES (1, 'pebbles', '1', '[]', '{}', '', 'active')"
    )
    conn.execute("INSERT INTO verified (game_id, seq, hash, setup_hash) VALUES (1, 0, '', '')")
    return conn, url


def raw_pg_append(conn: Any, seq: int, rows: list[tuple[Any, ...]], mark: bool) -> int:
    """One move's rows in one transaction and one statement, as the store's (synchronous_commit
    on: the commit waits for the WAL's flush), psycopg alone; with ``mark``, the mark moved too."""
    from ledger.store.postgres import _dialect

    with conn.transaction():
        conn.execute(
            _dialect(_inserting(len(rows))), [v for i, row in enumerate(rows) for v in (1, seq + 1 + i, *row)]
        )
        if mark:
            conn.execute(
                "UPDATE verified SET seq = %s, hash = %s WHERE game_id = 1", (seq + len(rows), rows[-1][-1])
            )
    return seq + len(rows)


def appends(folder: Path, url: str | None, seconds: float = 0.25, rounds: int = 16) -> None:
    """Durable appends/s of each store beside its own database's raw rate, in interleaved rounds
    (the same disk weather for each); the rows of both made once, before (a store is handed the
    rows a move decided: encoding them is the service's work, not the store's)."""
    fsync = fsync_rate(folder)
    referee = Referee.open(folder / "append.db")
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "1000000000"})
    raw, moves = raw_sqlite(folder, referee.store)
    new_rows = [move_rows(n, ("alice", "bob")) for n in range(2)]
    heads = {"sqlite": 1, "postgres": 1}
    stores: dict[str, tuple[Store | Any, int]] = {"sqlite": (referee.store, game)}
    raw_seq = {"sqlite": 0, "postgres": 0}
    kinds: dict[str, Callable[[int], None]] = {}

    def store_append(db: str) -> Callable[[int], None]:
        store, game_id = stores[db]

        def step(n: int) -> None:
            heads[db] = store.append(game_id, heads[db], new_rows[n % 2], utcnow())[-1].seq

        return step

    def raw_step(db: str, writer: Callable[..., int], conn: Any, mark: bool) -> Callable[[int], None]:
        def step(n: int) -> None:
            raw_seq[db] = writer(conn, raw_seq[db], moves[n % 2], mark)

        return step

    kinds["SQLite store"] = store_append("sqlite")
    kinds["raw SQLite"] = raw_step("sqlite", raw_append, raw, False)
    kinds["raw SQLite + mark"] = raw_step("sqlite", raw_append, raw, True)
    pg_referee = None
    if url is not None:
        pg_referee = Referee.open(url)
        pg_game = pg_referee.new_game("pebbles", ["alice", "bob"], options={"pile": "1000000000"})
        stores["postgres"] = (pg_referee.store, pg_game)
        pg_raw, _ = raw_postgres(url)
        kinds["PostgreSQL store"] = store_append("postgres")
        kinds["raw PostgreSQL"] = raw_step("postgres", raw_pg_append, pg_raw, False)
        kinds["raw PostgreSQL + mark"] = raw_step("postgres", raw_pg_append, pg_raw, True)
    rates: dict[str, list[float]] = {name: [] for name in kinds}
    cpu: dict[str, list[float]] = {name: [] for name in kinds}  # this process's CPU a move
    for _ in range(rounds):  # interleaved: the same disk weather for each
        for name, step in kinds.items():
            n, start, used = 0, time.perf_counter(), time.process_time()
            while time.perf_counter() - start < seconds:
                step(n)
                n += 1
            rates[name].append(n / (time.perf_counter() - start))
            cpu[name].append((time.process_time() - used) / n)
    got = {name: statistics.median(r) for name, r in rates.items()}
    own = {name: statistics.median(c) * 1e6 for name, c in cpu.items()}
    print(
        f"durable appends/s, one move (2 rows) per transaction, median of {rounds} interleaved rounds;"
        f" this disk's fdatasync/s (4 KiB in place): {fsync:,.0f}"
    )
    pairs = [("SQLite", "synchronous=FULL, WAL", 0.9)]
    if url is not None:
        pairs.append(("PostgreSQL", "synchronous_commit on, fsync on", 0.8))
    for db, settings, goal in pairs:
        ours, bare, marked = got[f"{db} store"], got[f"raw {db}"], got[f"raw {db} + mark"]
        print(
            f"  {db} ({settings}): store {ours:,.0f}/s, raw {db} (same tables, settings, row sizes)"
            f" {bare:,.0f}/s: {ours / bare:.2f}x (goal: {goal}x); raw that also moves a verified mark, as the"
            f" store does: {marked:,.0f}/s ({marked / bare:.2f}x raw; the store {ours / marked:.2f}x that)"
        )
        print(
            f"    this process's CPU a move ({'the server' if db == 'PostgreSQL' else 'SQLite'}'s work"
            f" {'not ' if db == 'PostgreSQL' else ''}included, no wait): store {own[f'{db} store']:.0f} us,"
            f" raw {own[f'raw {db}']:.0f} us, raw + mark {own[f'raw {db} + mark']:.0f} us"
        )
    if url is not None:
        stores_ratio = got["PostgreSQL store"] / got["SQLite store"]
        print(
            f"  PostgreSQL store against the SQLite store: {stores_ratio:.2f}x;"
            f" raw PostgreSQL against raw SQLite: {got['raw PostgreSQL'] / got['raw SQLite']:.2f}x"
        )
    for name, ref in (("SQLite", referee), ("PostgreSQL", pg_referee)):
        if ref is None:
            continue
        game = ref.new_game("pebbles", ["alice", "bob"], options={"pile": "1000000000"})
        n = 0
        start = time.perf_counter()
        while time.perf_counter() - start < 2.0:
            ref.submit(game, pebbles.Take(("alice", "bob")[n % 2], 1))
            n += 1
        elapsed = time.perf_counter() - start
        print(f"  the service's submit (load + decide + append) on {name}: {n / elapsed:,.0f}/s")


def long_game(folder: Path, events: int, db: str | Path | None = None) -> tuple[Referee, int]:
    """A game of ``events`` facts, written in bulk (the log is the same as one move at a time),
    in ``db`` (an SQLite file in ``folder`` if not said)."""
    referee = Referee.open(folder / "long.db" if db is None else db)
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


def replay_across(sqlite: tuple[Referee, int], url: str, folder: Path, events: int) -> None:
    """The same replay from scratch of a game of ``events`` on each database, in turns: wall time
    (PostgreSQL's reading is another process's CPU) and this process's CPU time beside it."""
    postgres = long_game(folder, events, url)

    def fold(referee: Referee, game: int) -> Callable[[], object]:
        def step() -> None:
            fresh = Referee.open(referee.store.path if isinstance(referee.store, Store) else url)
            for table in ("snapshots", "checked", "folded"):  # replay from scratch, every row hashed
                fresh.store.conn.execute(f"DELETE FROM {table} WHERE game_id = ?", (game,))
            start = time.perf_counter(), time.process_time()
            assert fresh.load(game).state.pile == 1000000000 - events
            took.append((time.perf_counter() - start[0], time.process_time() - start[1]))
            fresh.store.close()

        took: list[tuple[float, float]] = []
        step.took = took  # type: ignore[attr-defined]
        return step

    steps = {"SQLite": fold(*sqlite), "PostgreSQL": fold(*postgres)}
    for _ in range(5):
        for step in steps.values():
            step()
    best = {name: min(step.took) for name, step in steps.items()}  # type: ignore[attr-defined]
    line = ", ".join(
        f"{name} {events / wall:,.0f} events/s ({wall:.3f} s wall, {cpu:.3f} s of this process's CPU)"
        for name, (wall, cpu) in best.items()
    )
    ratio = best["SQLite"][0] / best["PostgreSQL"][0]
    print(
        f"replay from scratch (every row read, hashed, decoded, folded) of {events:,} events, best of 5"
        f" in turns: {line}; PostgreSQL {ratio:.2f}x SQLite"
    )
    postgres[0].store.close()


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
    parser.add_argument("--appends-only", action="store_true", help="only the appends' figures")
    parser.add_argument(
        "--db",
        default=None,
        help="postgresql: PostgreSQL's figures too, on a throwaway cluster of its own (fsync on,"
        " tests/pgcluster.py); or postgresql://... of a server where the bench may write (its own"
        " schema `raw` is dropped and made)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, postgres(args.db, Path(tmp)) as url:
        folder = Path(tmp)
        if args.replay_only:
            replay(*long_game(folder, args.events), args.events, folder)
            return
        appends(folder, url)
        if args.appends_only:
            return
        referee, game = long_game(folder, args.events)
        if url is not None:
            replay_across((referee, game), url, folder, args.events)
        replay(referee, game, args.events, folder)
        with_snapshots(folder, referee, game, args.events)
        status_wall(folder)


@contextlib.contextmanager
def postgres(db: str | None, folder: Path) -> Iterator[str | None]:
    """The address of the PostgreSQL server to measure (None: SQLite only), the key in ``folder``."""
    if db is None:
        yield None
        return
    os.environ.setdefault("REFEREE_KEY_FILE", str(folder / "club.key"))
    if db != "postgresql":
        yield db
        return
    from tests import pgcluster

    cluster = pgcluster.start(durable=True)
    try:
        yield cluster.url
    finally:
        pgcluster.stop(cluster)


if __name__ == "__main__":
    main()
