"""Record the sealed-seed LOOP games kept in ``fixtures/loop-sealed-*.jsonl``.

    python -m tests.loop.record_sealed_fixture

Two virtual-deck Competitive games (a seed, sealed: docs/auditing.md) of five players, the test
cards declared, played through the referee service with moves picked at random from
``legal()`` (a fixed seed, a fixed clock) to their end, exported with their seed. Whoever
imports one deals every deck's order again from the seed, and every move's facts must come
out as they were recorded (``tests/loop/test_sealed_decks.py``). The seeds were picked so that
between them the referee's draws by chance each happen: the deal, the FAVOUR deck shuffled
from its discard pile, COMBUSTION ENERGY's MATERIAL deck, the INVESTOR's and INSURANCE's COIN
tosses, and the SOLDIER's and SOCIAL RESPONSIBILITY's random FAVOUR.

The files are the program's own output: they guard that a log recorded earlier still deals
the same (each draw's generator: the seed, which draw, how many reshuffles before), not a
rule. They were recorded under rules version 4, and are kept as they are when
the rules change: a log of an earlier version must still import, under its own rules (a new
recording differs anyway: the seed's salt is drawn afresh).

``fixtures/loop-sealed-basic-3p.jsonl`` is a Basic game of three (seed 3) recorded the same way
under rules version 6, the last before a sealed game's deal was recorded (issue 40): the log of a
game whose starting MATERIAL, FAVOUR and GOAL dealt only its seed told, for the tests of a lost
key (``tests/ledger/test_lost_key.py``). It is recorded under that version whatever the current.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import ledger.games.loop as loop
from ledger.service import Referee
from ledger.store import Store
from tests.conftest import fixed_clock
from tests.loop.fuzz import choose
from tests.loop.table import CARDS

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["ann", "ben", "cat", "dan", "eve"]
SEEDS = (7, 11)
GAMES = {ROOT / "fixtures" / f"loop-sealed-5p-{seed}.jsonl": seed for seed in SEEDS}
BASIC = ROOT / "fixtures" / "loop-sealed-basic-3p.jsonl"


def record(seed: int, mode: str = "competitive", players: list[str] = PLAYERS) -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        referee = Referee(Store(Path(tmp) / "fixture.db"), clock=fixed_clock())
        title = "a sealed game" if mode == "competitive" else f"a sealed {mode} game"
        game = referee.new_game("loop", players, mode=mode, seed=seed, cards=CARDS, title=title)
        rng = random.Random(seed)
        while not loop.is_over(referee.load(game).state):
            referee.submit(game, choose(rng, [m.command for m in referee.legal(game)]))
        lines, _ = referee.export(game, with_seed=True)
        referee.store.close()
        return lines


if __name__ == "__main__":
    for path, seed in GAMES.items():
        path.write_text("".join(line + "\n" for line in record(seed)))
        print(f"wrote {path}")
    current, loop.rules_version = loop.rules_version, "6"  # before the deal was recorded
    try:
        BASIC.write_text("".join(line + "\n" for line in record(3, "basic", PLAYERS[:3])))
    finally:
        loop.rules_version = current
    print(f"wrote {BASIC}")
