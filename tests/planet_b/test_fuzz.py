"""Random play over whole Planet B games with the test data (not the publisher's cards):
virtual piles and bag for 2, 3 and 4 players, and real tables where the fuzzer plays the
table too. Every move is checked by ``ledger.randomplay`` and ``tests.planet_b.fuzz``.

A longer run with throughput figures: ``python benchmarks/planet_b_fuzz.py``.
"""

from __future__ import annotations

import random

import pytest

import ledger.games.planet_b as planet_b
from tests.planet_b.fuzz import play
from tests.planet_b.table import Table

GAMES = 6


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_virtual_piles(players: int) -> None:
    for seed in range(GAMES):
        played = play(100 * players + seed, players)
        assert planet_b.is_over(played.state)
        assert played.state.elections >= 1


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_at_a_real_table(players: int) -> None:
    for seed in range(3):
        played = play(500 * players + seed, players, physical=True)
        assert planet_b.is_over(played.state) and played.state.seed is None


def test_every_listed_move_is_accepted() -> None:
    """Not just the moves the fuzzer picks: every move legal() lists, in a few games."""
    for seed in range(2):
        table = Table(3, seed=seed)
        rng = random.Random(seed)
        for _ in range(120):
            if planet_b.is_over(table.state):
                break
            moves = list(planet_b.legal(table.state))
            for move in moves:
                planet_b.decide(table.state, move)
            table.apply(rng.choice(moves))
