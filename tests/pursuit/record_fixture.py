"""Record the Pursuit game kept in ``fixtures/pursuit-virtual-2p.jsonl``.

    python -m tests.pursuit.record_fixture

A virtual-deck game (a seed) of two players with every module (Community, Friends, Pets,
School, Stand-Alone Jobs), the test settings and cards declared, played through the referee
service with moves picked at random from ``legal()`` (a fixed seed, a fixed clock) to its
end, exported with its seed: whoever imports it deals every pile's order again from the seed,
and every move's facts must come out as they were recorded.

The file is the program's own output: it guards that a log recorded earlier still replays
(the piles' shuffles from the seed, the cards turned up from them), not a rule. It was
recorded under rules version 2, and is kept as it is when the rules change: a log of an
earlier version must still import, under its own rules (a new recording differs anyway: the
seed's salt is drawn afresh).
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from ledger.service import Referee
from ledger.store import Store
from tests.conftest import fixed_clock
from tests.pursuit.fuzz import choose
from tests.pursuit.table import ALL, CARDS, SETTINGS

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "fixtures" / "pursuit-virtual-2p.jsonl"
SEED = 5
MOVES = 400  # at most: the game ends before


def record() -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        referee = Referee(Store(Path(tmp) / "fixture.db"), clock=fixed_clock())
        game = referee.new_game(
            "pursuit",
            ["ann", "ben"],
            seed=SEED,
            options={"modules": ALL},
            cards=SETTINGS + "\n" + CARDS,
            title="a recorded virtual game",
        )
        rng = random.Random(SEED)
        for _ in range(MOVES):
            loaded = referee.load(game)
            if loaded.game.is_over(loaded.state):
                break
            referee.submit(game, choose(rng, [m.command for m in referee.legal(game)]))
        lines, _ = referee.export(game, with_seed=True)
        referee.store.close()
        return lines


if __name__ == "__main__":
    FIXTURE.write_text("".join(line + "\n" for line in record()))
    print(f"wrote {FIXTURE}")
