"""Every registered game, in every mode, played whole from random legal moves (the line of
OpenSpiel's generic random-simulation test, run over every game it registers).

For each game, each mode and each kind of table (virtual decks from a seed; a real table,
where random play types what the table flipped too), ``GAMES`` games (``FEWER`` for a slow
one) from fixed seeds on ``ledger.randomplay``, cycling through the player counts the mode
takes and through plain names and ``LOOKALIKE_NAMES`` (a verb, a material, a composed letter,
another alphabet: each set first accepted by `new`). Every game must hold, besides its own
invariants (its ``tests/<game>/fuzz.py``): every move ``legal`` offers at every step is
accepted, the chosen one's text parses back, the log replays to the same state and survives
JSON, the game ends and its score sheet is final, and nothing raises.

A game is driven by its ``tests/<game>/fuzz.py``: ``setup(seed, names, mode, physical)``, the
game's setup, and ``play_from(setup, seed)``, one whole game from it on the harness with the
game's weights and invariants. A game registered without one fails here. Longer runs with
throughput figures: ``benchmarks/loop_fuzz.py`` and its siblings.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ledger import games
from ledger.decider import Game
from ledger.errors import BadInput
from ledger.randomplay import LOOKALIKE_NAMES, Played, accepted
from ledger.service import Referee
from ledger.store import Store
from tests.loop import fuzz as loop_fuzz
from tests.planet_b import fuzz as planet_b_fuzz
from tests.pursuit import fuzz as pursuit_fuzz

DRIVERS: dict[str, Any] = {
    "loop": loop_fuzz,
    "planet-b": planet_b_fuzz,
    "pursuit": pursuit_fuzz,
}
# The registered games random play does not drive, each with why.
NOT_DRIVEN = {
    # tests/conftest.py registers the tests' template game. Its PEBBLES 3 lets a player give out
    # of turn, which ``legal`` lists and the harness refuses (``may_act``: only one who must act
    # may): it is there for the ledger's tests of such moves, not a rule a real game here has.
    "pebbles": "a player gives out of turn",
}
# What a game's end must show besides ``is_over`` and a final score (each game's rules).
ENDS: dict[str, Callable[[Any], bool]] = {
    "planet-b": lambda state: state.elections >= 1,  # the game ends after an election at the earliest
    "pursuit": lambda state: state.round >= 1 or not any(p.alive for p in state.players.values()),
}
GAMES = 12  # per game, mode and kind of table; benchmarks/*_fuzz.py play hundreds more
FEWER = {"pursuit": 8}  # a Pursuit game costs as much as ten of LOOP's (its 5 modules' cards)


def registered() -> dict[str, Game]:
    return {name: games.get(name) for name in games.names() if name not in NOT_DRIVEN}


CASES = [
    pytest.param(name, mode, physical, id=f"{name}-{mode}-{'real' if physical else 'virtual'}")
    for name, game in registered().items()
    for mode in game.modes
    for physical in (False, True)
]


def counts(game: Game, driver: Any, mode: str) -> list[int]:
    """The player counts ``mode`` takes (the game's ``initial`` refuses the others)."""
    taken = []
    for count in range(game.min_players, game.max_players + 1):
        try:
            game.initial(driver.setup(1, driver.NAMES[:count], mode))
        except BadInput:
            continue
        taken.append(count)
    return taken


def names_of(driver: Any, seed: int, count: int) -> tuple[str, ...]:
    """Plain names on even seeds, lookalike ones on odd seeds (from a different one on each)."""
    if seed % 2 == 0:
        return tuple(driver.NAMES[:count])
    start = seed // 2 % len(LOOKALIKE_NAMES)
    return tuple((LOOKALIKE_NAMES * 2)[start : start + count])


def every_offered_move_is_accepted(game: Game, played: Played) -> None:
    """Not just the moves random play chose: at each step, every move ``legal`` offered."""
    state = played.start
    for command in played.commands:
        accepted(game, state)
        for event in game.decide(state, command):
            state = game.evolve(state, event)
    assert state == played.state


def test_every_registered_game_has_a_driver() -> None:
    assert [name for name in registered() if name not in DRIVERS] == []


@pytest.mark.parametrize(("name", "mode", "physical"), CASES)
def test_random_games_end_with_every_invariant_held(name: str, mode: str, physical: bool) -> None:
    game, driver = registered()[name], DRIVERS[name]
    taken = counts(game, driver, mode)
    assert taken, f"{name} {mode} takes no number of players"
    for seed in range(FEWER.get(name, GAMES)):
        names = names_of(driver, seed, taken[seed % len(taken)])
        setup = driver.setup(1000 + seed, names, mode, physical)
        if seed % 2:  # names `new` accepts in this setup
            Referee(Store(":memory:")).new_game(name, list(names), mode=mode, options=dict(setup.options))
        played = driver.play_from(setup, 1000 + seed)
        assert game.is_over(played.state), seed
        assert game.score(played.state).final
        assert ENDS.get(name, lambda state: True)(played.state), seed
        # the players seated as `new` took them; at a real table, no seed (and so no deck) kept
        assert getattr(played.state, "seats", names) == names
        assert not physical or getattr(played.state, "seed", None) is None
        if seed % 3 == 0:  # a third of the games: the check costs as much as the game
            every_offered_move_is_accepted(game, played)
