"""A LOOP table for the tests (``tests.gametable``, with LOOP's setup and test cards).

``started`` sets up a real-card (no seed) game: the starting MATERIAL and the CONSUME AREA
come from the test, like a table typing what it flipped.
"""

from __future__ import annotations

from pathlib import Path

import ledger.games.loop as loop
from ledger.games.loop.model import Player, State
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
