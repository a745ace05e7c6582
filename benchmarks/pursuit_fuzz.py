"""The Pursuit of Happiness random-play fuzzing, longer than the test suite's run, with
throughput figures.

    python benchmarks/pursuit_fuzz.py [--games N] [--physical] [--no-check] [--seed S]

Plays N whole games on the test data (NOT the publisher's cards or numbers), 1 to 5 players
and the module sets of ``tests.pursuit.fuzz`` in turn, choosing among ``legal()`` moves, with
every invariant checked (unless --no-check), and prints games and moves per second.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.pursuit.fuzz import MODULE_SETS, play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=100_000, help="first seed")
    parser.add_argument("--physical", action="store_true", help="a real table: no seed, the fuzzer reveals")
    parser.add_argument("--no-check", dest="check", action="store_false")
    args = parser.parse_args()
    moves = events = 0
    facts: Counter[str] = Counter()
    start = time.perf_counter()
    for i in range(args.games):
        modules = MODULE_SETS[i % len(MODULE_SETS)]
        players = 1 + i % (5 if "community" in modules else 4)
        played = play(args.seed + i, players, modules, physical=args.physical, check_all=args.check)
        moves += played.moves
        events += played.events
        facts.update(type(event).__name__ for event in played.log)
    seconds = time.perf_counter() - start
    mode = "real tables" if args.physical else "virtual piles"
    checks = "invariants checked" if args.check else "no checks"
    print(f"Pursuit fuzz: {args.games} games ({mode}, {checks}) in {seconds:.1f} s")
    print(
        f"  {args.games / seconds:.1f} games/s, {moves / seconds:.0f} moves/s, "
        f"{events / seconds:.0f} events/s, "
        f"{moves / args.games:.0f} moves/game; {facts['Engaged']} engagements, {facts['LifeEnded']} lives "
        f"ended early, {facts['StatusChanged']} retirements and degrees"
    )


if __name__ == "__main__":
    main()
