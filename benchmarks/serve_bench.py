"""`referee serve`'s figures on this machine: print them, assert nothing.

    python benchmarks/serve_bench.py [--pages 50] [--moves 40] [--games 3]

- Taps: seeded games of each game played at random from its legal moves; for each move, the
  taps its page's picker needs (the verb, each real choice, the confirm: ``ledger.picker.taps``);
  the most common kind of move of each game, with its median and most taps (goal: at most 3
  after the verb), and the most chips any step showed.
- A move made on a player's page (posted to `referee serve` running in its own process on
  loopback) until it is shown on every one of PAGES board pages listening to the event stream:
  the median and the 95th percentile of that latency over every page and move; goal: under
  50 ms median with 50 pages.
"""

from __future__ import annotations

import argparse
import random
import shlex
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ledger import games, picker  # noqa: E402
from ledger.service import Referee  # noqa: E402
from ledger.store import Store  # noqa: E402
from tests.loop.table import CARDS as LOOP_CARDS  # noqa: E402
from tests.planet_b.table import CARDS as PLANET_B_CARDS  # noqa: E402
from tests.pursuit.table import CARDS as PURSUIT_CARDS  # noqa: E402
from tests.pursuit.table import SETTINGS as PURSUIT_SETTINGS  # noqa: E402
from tests.serve.conftest import PLAYERS, served_game  # noqa: E402
from tests.serve.live import load, serving  # noqa: E402

CARDS = {"loop": LOOP_CARDS, "planet-b": PLANET_B_CARDS, "pursuit": PURSUIT_SETTINGS + "\n" + PURSUIT_CARDS}
MAX_MOVES = 400  # moves of each game at most


def taps(kind: str, seed: int) -> tuple[dict[str, list[int]], int]:
    """Per kind of move (its verb), the taps of each move played; and the widest step."""
    with tempfile.TemporaryDirectory() as tmp:
        referee = Referee(Store(Path(tmp) / "taps.db"))
        try:
            return _taps(referee, kind, seed)
        finally:
            referee.store.close()


def _taps(referee: Referee, kind: str, seed: int) -> tuple[dict[str, list[int]], int]:
    rules = games.get(kind)
    game = referee.new_game(kind, PLAYERS, seed=seed, cards=CARDS[kind])
    rng = random.Random(seed)
    counts: dict[str, list[int]] = {}
    widest = 0
    for _ in range(MAX_MOVES):
        loaded = referee.load(game)
        if rules.is_over(loaded.state):
            break
        role = rules.to_act(loaded.state)[0]
        tree = referee.picker(game, role)
        widest = max(widest, picker.widest(tree))
        verb = rng.choice(sorted({v.verb for v in tree.verbs}))  # a verb, whatever its kinds' chips
        move = rng.choice([m for v in tree.verbs if v.verb == verb for m in picker.moves(v.step)])
        if move.asks:
            continue
        tapped = picker.taps(tree, move.text)
        assert tapped is not None
        counts.setdefault(verb, []).append(tapped)
        referee.submit_text(game, shlex.split(move.text))
    return counts, widest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=50)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    for kind in CARDS:
        played: dict[str, list[int]] = {}
        widest = 0
        for seed in range(1, args.games + 1):
            counts, wide = taps(kind, seed)
            widest = max(widest, wide)
            for verb, numbers in counts.items():
                played.setdefault(verb, []).extend(numbers)
        common, numbers = max(played.items(), key=lambda item: len(item[1]))
        every = [t for n in played.values() for t in n]
        total = len(every)
        print(
            f"{kind}: the most common move is {common} ({len(numbers)} of {total} moves in {args.games}"
            f" games): median {statistics.median(numbers):.0f} taps, at most {max(numbers)}, the verb"
            f" and the confirm included (goal: 3 after the verb); every move: median"
            f" {statistics.median(every):.0f}; at most {widest} chips a step"
        )
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
