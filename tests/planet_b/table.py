"""A Planet B table for the tests (``tests.gametable``, with Planet B's setup and test data).

``fixtures/planet-b-test-cards.toml`` is invented for the tests: NOT the publisher's boards
or cards (the rulebook prints none of them). ``started`` plays a virtual game through the
draft to the start player's first turn.
"""

from __future__ import annotations

from pathlib import Path

from msgspec.structs import replace

import ledger.games.planet_b as planet_b
from ledger.games.planet_b.faces import Face, Tile, added
from ledger.games.planet_b.model import SPACES, Player, Space, State
from tests.gametable import GameTable

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "planet-b-test-cards.toml"
CARDS = FIXTURE.read_text()
NAMES = ("ann", "ben", "cat", "dan")


class Table(GameTable):
    game = planet_b
    mode = "standard"
    names = NAMES
    cards = CARDS
    players = 4
    state: State

    def p(self, name: str) -> Player:
        return self.state.players[name]

    def face(self, face: Face) -> None:
        """A face for a worked example, past the pile sizes (worked examples only)."""
        self.state = replace(self.state, faces=added(self.state.faces, face))

    def tile(self, space: str, name: str, box: str, *, red: bool = False, then: str = "flip") -> None:
        """A conglomerate tile showing ``box`` on ``space`` (worked examples only)."""
        self.face(Tile(name=name, set="A", grey=box if not red else "", red=box if red else "-money",
                       grey_then=then, red_then=then))  # fmt: skip
        spaces = list(self.state.spaces)
        spaces[SPACES.index(space)] = Space(name, red=red)
        markets = list(self.state.markets)
        markets[SPACES.index(space)] = red
        self.set(spaces=tuple(spaces), markets=tuple(markets))

    def draft_first(self) -> None:
        """Virtual piles: each player keeps the first card (by name) of the packet they hold."""
        while self.state.phase == "draft":
            plan = self.state.draft
            assert plan is not None
            self.play(f"draft {plan.order[plan.index]} {sorted(plan.packet)[0].lower().replace(' ', '-')}")


def started(players: int = 4, seed: int = 1, options: dict[str, str] | None = None) -> Table:
    table = Table(players, seed=seed, options=options)
    table.draft_first()
    return table


def physical(players: tuple[str, ...] = ("you", "blue", "red", "yellow")) -> Table:
    """A real table after its setup and draft: the first legal reveal and keep each time."""
    table = Table(players)
    while table.state.phase != "turn":
        table.apply(next(iter(planet_b.legal(table.state))))
    return table
