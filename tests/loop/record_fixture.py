"""Record the LOOP game kept in ``fixtures/loop-basic-3p.jsonl``.

    python -m tests.loop.record_fixture

A real-card game (no seed) of three players, played through the referee service the way a
table plays it: the table declares its cards from the test deck, reveals every card flipped,
the players move; one move is undone and redone, and one disputed FAVOUR is voided with its
cascade. Moves are picked at random from ``legal()`` with a fixed seed and a fixed clock, so
the file is the same every time the rules are. Rerun it only when the rules change on
purpose (the snapshot tests of this game then change too).

The file is the program's own output: it catches change, not error. A regenerated fixture
(and the snapshots that change with it) is reviewed against the rulebook, move by move
where the rules changed, before it is committed; and no rule may be covered by this game's
snapshots alone: each has a test written from the rulebook (``tests/loop/test_examples.py``,
``test_rulebook.py``, ``test_refusals.py``), which ``benchmarks/mutation.py`` checks.
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
FIXTURE = ROOT / "fixtures" / "loop-basic-3p.jsonl"
SEED = 11


def record() -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        referee = Referee(Store(Path(tmp) / "fixture.db"), clock=fixed_clock())
        game = referee.new_game("loop", ["ann", "ben", "cat"], title="Friday night", cards=CARDS)
        rng = random.Random(SEED)
        moves = 0
        voided = False
        while not loop.is_over(referee.load(game).state):
            state = referee.load(game).state
            referee.submit(game, choose(rng, list(loop.legal(state))))
            moves += 1
            if moves == 30:
                referee.undo(game, by="ben", reason="typed the wrong move")
                referee.redo(game, by="ben")
            if not voided and moves >= 60:
                disputed = _disputed_favour(referee, game)
                if disputed is not None:
                    referee.void(game, disputed, by="cat", reason="disputed at the table", cascade=True)
                    voided = True
        lines, _ = referee.export(game)
        referee.store.close()
        return lines


def _disputed_favour(referee: Referee, game: int) -> int | None:
    """A live FAVOUR played, answered, and followed by another move: worth a dispute."""
    live = [e for e in referee.log(game) if e.kind in ("move", "redo") and e.reverted_by is None]
    if len(live) >= 3 and live[-3].text.startswith("favour ") and live[-2].text.startswith("accept "):
        return live[-3].seq
    return None


if __name__ == "__main__":
    FIXTURE.write_text("\n".join(record()) + "\n")
    print(f"wrote {FIXTURE}")
