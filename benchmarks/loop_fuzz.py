"""LOOP random-play fuzzing, longer than the test suite's run, with throughput figures.

    python benchmarks/loop_fuzz.py [--games N] [--mode MODE|all] [--physical] [--no-check] [--seed S]

Plays N whole games per mode (2 to 6 players in turn; 1 in Solo) choosing among ``legal()`` moves, with every
invariant checked (unless --no-check), and prints games per second and moves per second.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ledger.games.loop as loop
from ledger.games.loop.modes import MODES
from tests.loop.fuzz import play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=100_000, help="first seed")
    parser.add_argument("--physical", action="store_true", help="real cards, no seed")
    parser.add_argument("--no-check", dest="check", action="store_false")
    parser.add_argument("--mode", default="basic", help="basic, competitive, cooperative, solo or all")
    args = parser.parse_args()
    for mode in MODES if args.mode == "all" else [args.mode]:
        _run(args, mode)


def _run(args: argparse.Namespace, mode: str) -> None:
    moves = events = over = won = 0
    start = time.perf_counter()
    for i in range(args.games):
        players = 1 if mode == "solo" else 2 + i % 5
        played = play(args.seed + i, players, physical=args.physical, check=args.check, mode=mode)
        moves += played.moves
        events += played.events
        over += loop.is_over(played.state)
        won += bool(loop.score(played.state).winners)
    seconds = time.perf_counter() - start
    decks = "real cards" if args.physical else "virtual decks"
    checks = "invariants checked" if args.check else "no checks"
    print(f"LOOP fuzz, {mode}: {args.games} games ({decks}, {checks}) in {seconds:.1f} s, {over} finished")
    print(
        f"  {args.games / seconds:.1f} games/s, {moves / seconds:.0f} moves/s, "
        f"{events / seconds:.0f} events/s, {moves / args.games:.0f} moves/game, {won} with a winner"
    )


if __name__ == "__main__":
    main()
