"""What issue 43's moves must leave as it was, as one digest per line to compare before and after.

    python benchmarks/invariants.py [--games N] > before.txt   # then, after a move: diff

Prints, for every fixture log in ``fixtures/``, the head hash it verifies to once imported
(``referee import --copy``, then ``referee verify``); and for each game, the sha256 of the
fuzzed logs of N whole games from fixed seeds (virtual decks and a real table, 2 to 4 or 5
players in turn), every command and fact encoded as the ledger stores them. A rules move that
changes no behaviour leaves every line the same.
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ledger.codec import encode  # noqa: E402
from ledger.randomplay import Played  # noqa: E402
from tests.loop import fuzz as loop_fuzz  # noqa: E402
from tests.planet_b import fuzz as planet_b_fuzz  # noqa: E402
from tests.pursuit import fuzz as pursuit_fuzz  # noqa: E402

FUZZ: dict[str, tuple[Callable[..., Played], range]] = {
    "loop": (loop_fuzz.play, range(2, 6)),
    "planet-b": (planet_b_fuzz.play, range(2, 5)),
    "pursuit": (pursuit_fuzz.play, range(2, 5)),
}


def fixture_heads() -> list[str]:
    lines = []
    referee = [sys.executable, "-c", "from referee_cli.main import main; main()"]
    with tempfile.TemporaryDirectory() as folder:
        for n, fixture in enumerate(sorted((ROOT / "fixtures").glob("*.jsonl")), start=1):
            db = str(Path(folder) / f"{n}.db")
            run = [*referee, "--db", db]
            subprocess.run([*run, "import", str(fixture), "--copy"], capture_output=True, check=True)
            done = subprocess.run([*run, "verify"], capture_output=True, text=True, check=True)
            head = done.stdout.splitlines()[0].split()[-1]  # "game 1: OK · ... · head #N HASH"
            lines.append(f"fixture {fixture.name}: {head}")
    return lines


def fuzz_digests(games: int) -> list[str]:
    lines = []
    for kind, (play, sizes) in FUZZ.items():
        for physical in (False, True):
            digest = hashlib.sha256()
            for seed in range(games):
                played = play(1000 + seed, sizes[seed % len(sizes)], physical=physical)
                for item in [*played.commands, *played.log]:
                    digest.update(encode(item).encode())
            table = "a real table" if physical else "virtual decks"
            lines.append(f"fuzz {kind}, {table}, {games} games: {digest.hexdigest()}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12, help="fuzzed games per game and kind of table")
    args = parser.parse_args()
    for line in [*fixture_heads(), *fuzz_digests(args.games)]:
        print(line, flush=True)


if __name__ == "__main__":
    main()
