"""The registry of games (``ledger.games``): a game registered by module or by dotted path, its
title read without importing a built-in game's rules, and taken out again."""

from __future__ import annotations

import pytest

from ledger import games
from ledger.errors import BadInput
from tests import pebbles


def test_a_built_in_games_title_is_told_without_importing_its_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """`referee --help` lists the games by title: that must not import LOOP's rules."""
    monkeypatch.setitem(games._REGISTRY, "loop", "ledger.games.loop")  # as a new process finds it
    imported: list[str] = []
    monkeypatch.setattr(games.importlib, "import_module", imported.append)
    assert games.title("LOOP") == "LOOP: Life of Ordinary People"
    assert imported == []


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
