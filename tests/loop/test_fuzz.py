"""Random play for LOOP's own cases; the games every registered game plays (each mode, virtual
decks and real cards, names that look like words, every offered move accepted) are
``tests/test_random_games.py``'s, driven by ``tests.loop.fuzz``.

A longer run with throughput figures: ``python benchmarks/loop_fuzz.py``.
"""

from __future__ import annotations

import pytest

import ledger.games.loop as loop
from ledger.errors import BadInput
from ledger.service import Referee
from ledger.store import Store
from tests.loop.fuzz import play


def test_random_games_with_the_grammars_words_as_names_where_they_collide_with_nothing() -> None:
    """Basic Mode has no EVENT and no SCIENTIST: players `a`, `b`, `c` and `central` are fine
    there (and refused where they would collide: the harness plays what `new` accepts)."""
    names = ("a", "b", "c", "central")
    referee = Referee(Store(":memory:"))
    referee.new_game("loop", names)
    with pytest.raises(BadInput, match="is an EVENT choice"):
        referee.new_game("loop", names, mode="competitive")
    for seed in range(3):
        played = play(14000 + seed, 4, names=names, physical=seed == 2)
        assert loop.is_over(played.state)
