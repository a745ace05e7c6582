"""Ledger figures on this machine, with the tests' trivial game: print them, assert nothing.

    python benchmarks/ledger_bench.py [--events 100000]

1. appends per second, one move per transaction, synchronous=FULL (store, then service)
2. replay (read + check the chain + decode + fold) of a long game, events per second, and
   `referee log` of it (rendered, in-process), each beside the same run without the checks
   (every row read checked against the hash chain; issues 7 and 19)
3. loading state of that game with snapshots, against a 10-event game
4. wall time of `referee status` as a whole process
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ledger import games  # noqa: E402
from ledger import service as service_module  # noqa: E402
from ledger.codec import encode, utcnow  # noqa: E402
from ledger.history import MOVE, Move  # noqa: E402
from ledger.service import Referee  # noqa: E402
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


def fsync_rate(folder: Path, seconds: float = 2.0) -> None:
    """The disk's own limit, for context: 4 KiB rewritten in place and fdatasync'd."""
    fd = os.open(folder / "fsync.bin", os.O_WRONLY | os.O_CREAT)
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        os.pwrite(fd, b"x" * 4096, 0)
        os.fdatasync(fd)
        n += 1
    os.close(fd)
    print(f"fdatasync/s of this disk (4 KiB in place), the ceiling for durable appends: {n / seconds:,.0f}")


def appends(folder: Path, seconds: float = 3.0) -> None:
    referee = Referee.open(folder / "append.db")
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "1000000000"})
    store, head, n = referee.store, 1, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        head = store.append(game, head, move_rows(n, ("alice", "bob")), utcnow())[-1].seq
        n += 1
    elapsed = time.perf_counter() - start
    print(f"appends/s, store, one move (2 rows) per transaction, synchronous=FULL: {n / elapsed:,.0f}")
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "1000000000"})
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        referee.submit(game, pebbles.Take(("alice", "bob")[n % 2], 1))
        n += 1
    elapsed = time.perf_counter() - start
    print(f"appends/s, service submit (load + decide + append): {n / elapsed:,.0f}")


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
    links, stretch, hold = service_module.links_hold, Referee._checked_stream, Referee._rows_hold
    service_module.links_hold = lambda rows, prev, first: True  # type: ignore[assignment]
    Referee._rows_hold = lambda self, game_id, rows, prev, lo, hi: True  # type: ignore[method-assign]
    Referee._checked_stream = lambda self, loaded, after: self.store.iter_rows(  # type: ignore[method-assign]
        loaded.info.id, after, upto=loaded.head
    )
    try:
        yield
    finally:
        service_module.links_hold, Referee._checked_stream = links, stretch  # type: ignore[method-assign]
        Referee._rows_hold = hold  # type: ignore[method-assign]


def best_of(runs: int, step: Callable[[], object]) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        step()
        times.append(time.perf_counter() - start)
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


def replay(referee: Referee, game: int, events: int) -> None:
    def fold(*, sealed: bool = True) -> None:
        fresh = Referee(Store(referee.store.path))  # a new process's view: no state in memory
        fresh.store.conn.execute("DELETE FROM snapshots")  # a long fold writes one: replay from scratch
        if not sealed:
            fresh.store.conn.execute("DELETE FROM checked")  # nor any batch sealed by an earlier fold
        assert fresh.load(game).state.pile == 1000000000 - events

    first = best_of(3, lambda: fold(sealed=False))
    checked, bare = side_by_side(5, fold)
    print(
        f"replay (read + check the chain + decode + fold) of {events:,} events, no snapshot: {checked:.3f} s"
        f" = {events / checked:,.0f} events/s ({(checked / bare - 1) * 100:+.0f}%);"
        f" every row hashed (no sealed batch yet) {first:.3f} s ({(first / bare - 1) * 100:+.0f}%);"
        f" without the checks {bare:.3f} s"
    )

    def log() -> None:
        fresh = Referee(Store(referee.store.path))
        head = fresh.store.head(game)[0]
        lines = render.log(fresh.log(game), head, ["alice", "bob", "table"])
        assert sum(1 for _ in lines) > events

    referee.load(game)  # with a snapshot at the head, as a second `log` would find it
    checked, bare = side_by_side(5, log)
    print(
        f"`referee log` of it (rendered, in-process): {checked:.3f} s; without the checks {bare:.3f} s"
        f" ({(checked / bare - 1) * 100:+.0f}%)"
    )


def with_snapshots(folder: Path, referee: Referee, game: int, events: int) -> None:
    loaded = referee.load(game)
    service_module.SNAPSHOT_EVERY = 1000
    head = referee.store.rows(game, loaded.head - 1)[-1]
    referee._maybe_snapshot(loaded, head, loaded.state)  # what an append does every 1,000 rows
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
            replay(*long_game(folder, args.events), args.events)
            return
        fsync_rate(folder)
        appends(folder)
        referee, game = long_game(folder, args.events)
        replay(referee, game, args.events)
        with_snapshots(folder, referee, game, args.events)
        status_wall(folder)


if __name__ == "__main__":
    main()
