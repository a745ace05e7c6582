"""Random play over whole Pursuit games with the test data (not the publisher's cards or
numbers): every module, 1 to 5 players, virtual piles and real tables where the fuzzer plays
the table too. Every move is checked by ``ledger.randomplay`` and ``tests.pursuit.fuzz``.

A longer run with throughput figures: ``python benchmarks/pursuit_fuzz.py``.
"""

from __future__ import annotations

import random

import pytest

import ledger.games.pursuit as pursuit
from ledger.games.pursuit import data
from tests.pursuit.fuzz import MODULE_SETS, play
from tests.pursuit.table import Table


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_random_games_with_every_module(players: int) -> None:
    for seed in range(2):
        played = play(100 * players + seed, players)
        assert pursuit.is_over(played.state)
        assert played.state.round >= 1 or not any(p.alive for p in played.state.players.values())


@pytest.mark.parametrize("modules", MODULE_SETS[1:])
def test_random_games_with_some_modules(modules: tuple[str, ...]) -> None:
    played = play(7, 3, modules, physical=True)
    assert pursuit.is_over(played.state) and played.state.modules == modules


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_at_a_real_table(players: int) -> None:
    for seed in range(2):
        played = play(500 * players + seed, players, data.MODULES, physical=True)
        assert pursuit.is_over(played.state) and played.state.seed is None


def test_every_listed_move_is_accepted() -> None:
    """Not just the moves the fuzzer picks: every move legal() lists, in a game."""
    Table(3, seed=3).try_every_move(random.Random(3), 150)


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_with_names_that_look_like_words(players: int) -> None:
    """Issue 17: players named like a verb, in another alphabet or with a composed letter,
    that `new` accepts; every move reads back as the same players, and each step an
    adjustment with negative words and shell metacharacters in its reason reads back too."""
    from ledger.randomplay import LOOKALIKE_NAMES
    from ledger.service import Referee
    from ledger.store import Store

    names = LOOKALIKE_NAMES[players : 2 * players]
    Referee(Store(":memory:")).new_game("pursuit", names)
    played = play(13000 + players, players, names=names)
    assert pursuit.is_over(played.state) and played.state.seats == names
