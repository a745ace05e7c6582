"""Random-play fuzzing: 300 virtual-deck games of 2 to 6 players, and real-card games.

A longer run with throughput figures: ``python benchmarks/loop_fuzz.py``.
"""

from __future__ import annotations

import pytest

import ledger.games.loop as loop
from tests.loop.fuzz import play

GAMES_PER_COUNT = 60  # x 5 player counts = 300 virtual games


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_with_virtual_decks(players: int) -> None:
    for seed in range(GAMES_PER_COUNT):
        played = play(1000 * players + seed, players)
        assert loop.is_over(played.state)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_games_with_real_cards(players: int) -> None:
    # No seed: the fuzzer plays the table too, revealing cards legal() lists.
    for seed in range(10):
        played = play(5000 * players + seed, players, physical=True)
        assert loop.is_over(played.state)
        assert played.state.seed is None


def test_every_listed_move_is_accepted() -> None:
    """Not just the moves the fuzzer picks: every move legal() lists, in a few games."""
    import random

    from tests.loop.table import Table

    for seed in range(4):
        table = Table(3, seed=seed)
        rng = random.Random(seed)
        for _ in range(150):
            if loop.is_over(table.state):
                break
            moves = list(loop.legal(table.state))
            for move in moves:
                events = loop.decide(table.state, move)
                assert events, move  # accepted, with at least 1 fact
                assert loop.actor(move) in loop.to_act(table.state), move
            table.apply(rng.choice(moves))
