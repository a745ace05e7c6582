"""`referee serve`'s figure on this machine: print it, assert nothing.

    python benchmarks/serve_bench.py [--pages 50] [--moves 40]

A move made on a player's page (posted to `referee serve` running in its own process on
loopback) until it is shown on every one of PAGES board pages listening to the event stream:
the median and the 95th percentile of that latency over every page and move; goal: under
50 ms median with 50 pages.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.serve.conftest import served_game  # noqa: E402
from tests.serve.live import load, serving  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=50)
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "ledger.db"
        referee, game, _ = served_game(db, seed=7)
        referee.store.close()
        with serving(db, game) as server:
            run = load(server, pages=args.pages, moves=args.moves, seed=3)
    ms = sorted(1000 * t for t in run.latencies)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    answers = [1000 * t for t in run.answers]
    print(
        f"a move on a player's page shown on {args.pages} board pages ({len(run.heads)} moves,"
        f" {len(ms)} page updates): median {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms,"
        f" max {ms[-1]:.1f} ms (goal: median under 50 ms)"
    )
    print(
        f"the same moves recorded and answered to their page (a durable append included):"
        f" median {statistics.median(answers):.1f} ms, max {max(answers):.1f} ms"
    )


if __name__ == "__main__":
    main()
