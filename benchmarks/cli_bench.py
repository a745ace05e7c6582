"""The command line's figures on this machine: print them, assert nothing.

    python benchmarks/cli_bench.py [--moves 200] [--runs 15] [--instructions]

1. a move inside `referee play`: 200 LOOP moves piped into one shell (virtual decks), the
   time of each line (the service's own share beside it); goal: 2 ms median. Beside it what
   bounds it: a line's CPU time (this process's, SQLite's included) and the disk's
   fdatasync rate measured right after (each move is one durable commit: one fdatasync)
2. whole processes against the floor any command pays, `python -c "import msgspec, typer"`,
   run in interleaved pairs (the machine may be shared: the ratio holds where milliseconds
   do not): `referee status`, a move and `undo` (goal: 1.25x the floor), `referee --help`
   and `referee loop --help` (goal: 1.5x)
   With ``--instructions`` (valgrind installed), the same commands' instructions, counted by
   callgrind over the whole process: a ratio other work on the machine does not move
3. `referee log` of a 100,000-row game: time to the first line, the whole log, peak memory
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.ledger_bench import fsync_rate  # noqa: E402
from ledger.service import Referee  # noqa: E402
from referee_cli.app import build_command  # noqa: E402
from referee_cli.base import Session  # noqa: E402
from referee_cli.shell import Shell  # noqa: E402
from tests.loop.fuzz import choose  # noqa: E402

CARDS = ROOT / "fixtures" / "loop-test-cards.toml"
PLAYERS = ["ann", "ben", "cat"]


def new_game(db: Path, seed: int) -> tuple[Referee, int]:
    referee = Referee.open(db)
    return referee, referee.new_game("loop", PLAYERS, seed=seed, cards=CARDS.read_text())


def script(folder: Path, count: int) -> list[tuple[int, list[str]]]:
    """``count`` legal moves of virtual games (seed, moves as typed), replayed elsewhere."""
    games: list[tuple[int, list[str]]] = []
    total, seed = 0, 7
    while total < count:
        referee, game = new_game(folder / f"script-{seed}.db", seed)
        rng = random.Random(seed)
        lines: list[str] = []
        while total + len(lines) < count:
            loaded = referee.load(game)
            if loaded.game.is_over(loaded.state):
                break
            move = choose(rng, [m.command for m in referee.legal(game)])
            lines.append(loaded.game.text(move))
            referee.submit(game, move)
        games.append((seed, lines))
        total += len(lines)
        seed += 1
    return games


def ms(values: list[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[int(len(ordered) * 0.9) - 1]
    return f"median {statistics.median(values) * 1000:.1f} ms, p90 {p90 * 1000:.1f} ms"


def shell_moves(folder: Path, games: list[tuple[int, list[str]]]) -> None:
    shell_times: list[float] = []
    shell_cpu: list[float] = []
    service_times: list[float] = []
    for seed, lines in games:
        db = folder / f"shell-{seed}.db"
        referee, game = new_game(db, seed)
        shell = Shell(Session(db, game, referee), game, build_command())
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            for line in lines:
                start, cpu = time.perf_counter(), time.process_time()
                code = shell.run_line(line)
                shell_times.append(time.perf_counter() - start)
                shell_cpu.append(time.process_time() - cpu)
                assert code == 0, line
        referee, game = new_game(folder / f"service-{seed}.db", seed)
        for line in lines:
            start = time.perf_counter()
            referee.submit_text(game, line.split())
            service_times.append(time.perf_counter() - start)
    count = len(shell_times)
    print(
        f"a move inside `referee play` ({count} LOOP moves piped in): {ms(shell_times)} (goal: 2 ms median)"
    )
    print(f"  the service alone (parse, decide, append) for the same moves: {ms(service_times)}")
    rate = fsync_rate(folder, 1.0)
    print(
        f"  what bounds it: a line's CPU {ms(shell_cpu)}; this disk's fdatasync now {rate:,.0f}/s"
        f" ({1000 / rate:.2f} ms each, one a move)"
    )


def paired(command: list[str], floor: list[str], runs: int, env: dict[str, str]) -> tuple[float, float]:
    """Median wall times of ``command`` and of ``floor``, run in turn (after one warm-up run of
    each, which also writes the bytecode cache)."""
    subprocess.run(command, env=env, capture_output=True)
    subprocess.run(floor, env=env, capture_output=True)
    ours, base = [], []
    for _ in range(runs):
        for argv, times in ((floor, base), (command, ours)):
            start = time.perf_counter()
            subprocess.run(argv, env=env, check=True, capture_output=True)
            times.append(time.perf_counter() - start)
    return statistics.median(ours), statistics.median(base)


def instructions(argv: list[str], env: dict[str, str]) -> int:
    """The instructions ``argv`` executes, the whole process (valgrind's callgrind)."""
    counted = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return int(re.findall(r"Collected : (\d+)", counted.stderr)[-1])


def processes(folder: Path, runs: int, count: bool) -> None:
    referee_bin = str(Path(sys.executable).parent / "referee")
    env = {**os.environ, "REFEREE_DB": str(folder / "whole.db")}
    env.pop("REFEREE_GAME", None)
    # As installed for a user: Python caches the compiled modules (some sandboxes turn that off).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    floor = [sys.executable, "-c", "import msgspec, typer"]
    run = lambda *argv: subprocess.run([referee_bin, *argv], env=env, check=True, capture_output=True)  # noqa: E731
    run("import", str(ROOT / "fixtures" / "loop-basic-3p.jsonl"))
    run("new", "loop", "--players", "ann,ben,cat", "--seed", "7", "--cards", str(CARDS))
    print(f"whole processes against the floor, {runs} interleaved pairs each, medians:")
    cases = [
        ("referee status (LOOP, a new game)", ["status"], 1.25),
        ("referee --help", ["--help"], 1.5),
        ("referee loop --help", ["loop", "--help"], 1.5),
    ]
    for name, argv, goal in cases:
        ours, base = paired([referee_bin, *argv], floor, runs, env)
        shown = f"{ours * 1000:6.0f} ms, floor {base * 1000:4.0f} ms"
        print(f"  {name:38} {shown}: {ours / base:.2f}x (goal: {goal}x)")
    # A move and its undo, each timed against the floor: the game returns to where it was.
    moved, undone, base = [], [], []
    for _ in range(runs):
        for argv, times in ((None, base), (["loop", "work", "ann"], moved), (["undo"], undone)):
            start = time.perf_counter()
            if argv is None:
                subprocess.run(floor, env=env, check=True, capture_output=True)
            else:
                run(*argv)
            times.append(time.perf_counter() - start)
    b = statistics.median(base)
    for name, times in (("referee loop work ann", moved), ("referee undo", undone)):
        ours = statistics.median(times)
        print(f"  {name:38} {ours * 1000:6.0f} ms, floor {b * 1000:4.0f} ms: {ours / b:.2f}x (goal: 1.25x)")
    if not count:
        return
    if shutil.which("valgrind") is None:
        print("instructions: valgrind is not installed, not counted")
        return
    base = instructions(floor, env)
    print(f"instructions (callgrind, whole process), floor {base / 1e6:.0f}M:")
    counted = [*cases, ("referee loop work ann", ["loop", "work", "ann"], 1.25)]
    counted.append(("referee undo", ["undo"], 1.25))
    for name, argv, goal in counted:
        ours = instructions([referee_bin, *argv], env)
        print(f"  {name:38} {ours / 1e6:6.0f}M: {ours / base:.2f}x (goal: {goal}x)")


def log_stream(folder: Path, rows: int) -> None:
    """`log` of a long game (the tests' trivial game, launched through tests/run_cli.py)."""
    from benchmarks.ledger_bench import long_game

    referee, _ = long_game(folder, rows // 2)  # a move and its fact: 2 rows each
    env = {**os.environ, "REFEREE_DB": referee.store.path, "PYTHONPATH": str(ROOT)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    for run in ("first", "again"):
        start = time.perf_counter()
        process = subprocess.Popen(
            [sys.executable, "-m", "tests.run_cli", "log"], env=env, stdout=subprocess.PIPE, cwd=ROOT
        )
        assert process.stdout is not None
        process.stdout.readline()
        first = time.perf_counter() - start
        lines = 1 + sum(1 for _ in process.stdout)
        _, status, usage = os.wait4(process.pid, 0)
        total = time.perf_counter() - start
        assert status == 0
        why = " (the log is checked against its chain and a snapshot cached)" if run == "first" else ""
        print(
            f"`referee log` of a {rows:,}-row game, {run}{why}: first line after {first * 1000:.0f} ms,"
            f" {lines:,} lines in {total:.1f} s, peak memory {usage.ru_maxrss / 1024:.0f} MB"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--log-rows", type=int, default=100_000)
    parser.add_argument("--instructions", action="store_true", help="also count instructions (valgrind)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        shell_moves(folder, script(folder, args.moves))
        processes(folder, args.runs, args.instructions)
        log_stream(folder, args.log_rows)


if __name__ == "__main__":
    main()
