"""Random play for Pursuit's own cases, with the test data (not the publisher's cards or
numbers): games with some of the modules. The games every registered game plays (every module,
1 to 5 players, virtual piles and real tables, names that look like words with an adjustment's
words read back at each step, every offered move accepted) are ``tests/test_random_games.py``'s,
driven by ``tests.pursuit.fuzz``.

A longer run with throughput figures: ``python benchmarks/pursuit_fuzz.py``.
"""

from __future__ import annotations

import pytest

import ledger.games.pursuit as pursuit
from tests.pursuit.fuzz import MODULE_SETS, play


@pytest.mark.parametrize("modules", MODULE_SETS[1:])
def test_random_games_with_some_modules(modules: tuple[str, ...]) -> None:
    played = play(7, 3, modules, physical=True)
    assert pursuit.is_over(played.state) and played.state.modules == modules
