"""Whole games through the service, for the tests that need a game's end: random legal moves
(each game's fuzzer's weights) from a seeded virtual game until it is over, in under a second."""

from __future__ import annotations

import random

from ledger import games
from ledger.service import Referee
from tests.loop import fuzz as loop_fuzz
from tests.planet_b import fuzz as planet_b_fuzz
from tests.planet_b.table import CARDS as PLANET_B_CARDS
from tests.pursuit import fuzz as pursuit_fuzz
from tests.pursuit.table import CARDS as PURSUIT_CARDS
from tests.pursuit.table import SETTINGS as PURSUIT_SETTINGS

CARDS = {"planet-b": PLANET_B_CARDS, "pursuit": PURSUIT_SETTINGS + "\n" + PURSUIT_CARDS}
CHOOSE = {"loop": loop_fuzz.choose, "planet-b": planet_b_fuzz.choose, "pursuit": pursuit_fuzz.choose}
OPTIONS = {"planet-b": {}, "pursuit": {"modules": "community"}}
MAX_MOVES = 2000


def new(referee: Referee, kind: str, players: list[str], seed: int = 5) -> int:
    return referee.new_game(kind, players, seed=seed, cards=CARDS[kind], options=OPTIONS[kind])


def play(
    referee: Referee, game: int, kind: str, *, seed: int = 1, until_over: bool = True, moves: int = 0
) -> int:
    """Random legal moves until the game is over (or ``moves`` of them); how many were made."""
    rules, rng = games.get(kind), random.Random(seed)
    for made in range(moves or MAX_MOVES):
        state = referee.load(game).state
        if rules.is_over(state):
            return made
        referee.submit(game, CHOOSE[kind](rng, list(rules.legal(state))))
    assert not until_over or rules.is_over(referee.load(game).state), f"{kind} did not end"
    return moves or MAX_MOVES
