"""The registry of games (``ledger.games``): a game registered by module or by dotted path, its
title read without importing a built-in game's rules, and taken out again."""

from __future__ import annotations

import subprocess
import sys

import pytest

from ledger import games
from ledger.errors import BadInput
from tests import pebbles


def test_a_built_in_games_title_is_told_without_importing_its_rules() -> None:
    """`referee --help` lists the games by title: that must not import LOOP's rules."""
    code = (
        "import sys; from ledger import games; print(games.title('LOOP'), 'ledger.games.loop' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out == "LOOP: Life of Ordinary People False\n"


def test_a_game_registered_by_path_or_module_and_taken_out_again() -> None:
    games.register("pebbles-by-path", "tests.pebbles")  # a dotted path with no title known ahead
    try:
        assert games.title("pebbles-by-path") == pebbles.title
        assert games.get("PEBBLES-BY-PATH") is pebbles
    finally:
        games.unregister("pebbles-by-path")
    assert "pebbles-by-path" not in games.names()
    with pytest.raises(BadInput, match="unknown game 'pebbles-by-path'"):
        games.get("pebbles-by-path")
    games.unregister("pebbles-by-path")  # taking out a game not registered is no error
