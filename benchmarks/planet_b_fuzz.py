"""Planet B random-play fuzzing, longer than the test suite's run, with throughput figures.

    python benchmarks/planet_b_fuzz.py [--games N] [--physical] [--no-check] [--seed S]

Plays N whole games (2 to 4 players in turn) choosing among ``legal()`` moves, with every
invariant checked (unless --no-check), and prints games per second and moves per second.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.planet_b.fuzz import play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=100_000, help="first seed")
    parser.add_argument("--physical", action="store_true", help="a real table: no seed, the fuzzer reveals")
    parser.add_argument("--no-check", dest="check", action="store_false")
    args = parser.parse_args()
    moves = events = elections = 0
    start = time.perf_counter()
    for i in range(args.games):
        played = play(args.seed + i, 2 + i % 3, physical=args.physical, check=args.check)
        moves += played.moves
        events += played.events
        elections += played.state.elections
    seconds = time.perf_counter() - start
    mode = "real tables" if args.physical else "virtual piles"
    checks = "invariants checked" if args.check else "no checks"
    print(f"Planet B fuzz: {args.games} games ({mode}, {checks}) in {seconds:.1f} s")
    print(
        f"  {args.games / seconds:.1f} games/s, {moves / seconds:.0f} moves/s, "
        f"{events / seconds:.0f} events/s, {moves / args.games:.0f} moves/game, "
        f"{elections / args.games:.1f} elections/game"
    )


if __name__ == "__main__":
    main()
