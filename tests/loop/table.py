"""A LOOP table for the tests (``tests.gametable``, with LOOP's setup and test cards).

``started`` sets up a real-card (no seed) game: the starting MATERIAL and the CONSUME AREA
come from the test, like a table typing what it flipped.
"""

from __future__ import annotations

import re
from pathlib import Path

import ledger.games.loop as loop
from ledger.games.loop.model import Player, State
from ledger.service import Referee
from ledger.store import Store
from tests.conftest import fixed_clock
from tests.gametable import GameTable

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "loop-test-cards.toml"
CARDS = FIXTURE.read_text()
NAMES = ("alice", "bob", "carol", "dave", "erin", "fred")


class Table(GameTable):
    game = loop
    mode = "basic"
    names = NAMES
    cards = CARDS
    players = 2
    state: State

    def p(self, name: str) -> Player:
        return self.state.players[name]


AREA = ("DANCE", "PICNIC", "PICNIC", "LIBRARY", "COOKING")


def started(
    players: tuple[str, ...] | int = 2,
    area: tuple[str, ...] = AREA,
    starts: tuple[str, ...] = ("glass", "plastic", "food", "metal", "utility", "food"),
    rules_version: str | None = None,
    **options: str,
) -> Table:
    """A real-card game after setup: starting MATERIAL and CONSUME AREA revealed."""
    table = Table(players, options=options, rules_version=rules_version)
    for name, kind in zip(table.state.seats, starts, strict=False):
        table.play(f"reveal material {kind} --to {name}")
    for name in area:
        table.play(f"reveal activity {name.lower().replace(' ', '-')}")
    return table


HOBBY_READY = [
    "reveal material food --to ann",
    "reveal material glass --to ben",
    *(f"reveal activity {name}" for name in ("cooking", "cooking", "picnic", "dance", "yoga")),
    *("buy ann food:1", "end ann", "reveal material food", "work ben", "end ben"),
    *("consume ann cooking=food,food", "end ann", "reveal activity picnic", "work ben", "end ben"),
    *("buy ann food:1", "end ann", "reveal material food", "work ben", "end ben"),
    "consume ann cooking=food,food",
]


def hobby_game(db: Path) -> tuple[Referee, int]:
    """A physical LOOP table (ann, ben; no GOAL faces) where ann meets HOBBY, its reward untyped."""
    referee = Referee(Store(db), clock=fixed_clock())
    activities = "\n".join(b for b in re.split(r"\n(?=\[\[)", CARDS) if not b.startswith("[[goal]]"))
    game = referee.new_game("loop", ["ann", "ben"], cards=activities)
    for line in HOBBY_READY:
        referee.submit_text(game, line.split())
    return referee, game
