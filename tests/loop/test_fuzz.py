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
        Table(3, seed=seed).try_every_move(random.Random(seed), 150)


MODE_GAMES = 40  # per mode here; benchmarks/loop_fuzz.py --mode all plays 300 a mode and more


@pytest.mark.parametrize("mode", ["competitive", "cooperative", "solo"])
def test_random_games_in_each_mode(mode: str) -> None:
    """5.0 to 7.3: whole games with virtual decks, every invariant checked after each move (the
    30 EVENT, the CREDIT CARD, the burn pile and central LANDFILL) and the result at the end."""
    for seed in range(MODE_GAMES):
        played = play(7000 + seed, 1 if mode == "solo" else 2 + seed % 5, mode=mode)
        assert loop.is_over(played.state)


@pytest.mark.parametrize("mode", ["competitive", "cooperative", "solo"])
def test_random_games_in_each_mode_with_real_cards(mode: str) -> None:
    """The same at a real table: the fuzzer types the CAREER dealt, the EVENT flipped, the
    tosses and the Exhibited QUALITY, as legal() lists them."""
    for seed in range(8):
        played = play(9000 + seed, 1 if mode == "solo" else 2 + seed % 5, physical=True, mode=mode)
        assert loop.is_over(played.state)


@pytest.mark.parametrize("mode", ["basic", "competitive", "cooperative", "solo"])
def test_random_games_with_names_that_look_like_words(mode: str) -> None:
    """Issue 17: players named like a verb, a MATERIAL, with a composed letter or another
    alphabet, that `new` accepts in this mode; every move's text reads back as the same
    players (typed decomposed too) and needs no quoting in a shell."""
    from ledger.randomplay import LOOKALIKE_NAMES
    from ledger.service import Referee
    from ledger.store import Store

    for seed in range(4):
        count = 1 if mode == "solo" else 2 + seed % 4
        names = LOOKALIKE_NAMES[seed : seed + count]
        Referee(Store(":memory:")).new_game("loop", names, mode=mode)  # accepted by `new`
        played = play(11000 + seed, count, mode=mode, names=names, physical=seed % 2 == 1)
        assert loop.is_over(played.state) and played.state.seats == names


def test_random_games_with_the_grammars_words_as_names_where_they_collide_with_nothing() -> None:
    """Basic Mode has no EVENT and no SCIENTIST: players `a`, `b`, `c` and `central` are fine
    there (and refused where they would collide: the harness plays what `new` accepts)."""
    from ledger.errors import BadInput
    from ledger.service import Referee
    from ledger.store import Store

    names = ("a", "b", "c", "central")
    referee = Referee(Store(":memory:"))
    referee.new_game("loop", names)
    with pytest.raises(BadInput, match="is an EVENT choice"):
        referee.new_game("loop", names, mode="competitive")
    for seed in range(3):
        played = play(14000 + seed, 4, names=names, physical=seed == 2)
        assert loop.is_over(played.state)
