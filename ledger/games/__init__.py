"""The registry of games: a game name maps to a module that satisfies ``ledger.decider.Game``.

Modules are imported on first use so that starting the command line stays fast.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, cast

from ledger.decider import Game
from ledger.errors import BadInput

if TYPE_CHECKING:
    # mypy checks each built-in game module against the Decider contract here.
    from ledger.games import loop as _loop
    from ledger.games import planet_b as _planet_b
    from ledger.games import pursuit as _pursuit

    _contract: Game = _loop
    _planet_b_contract: Game = _planet_b
    _pursuit_contract: Game = _pursuit

_REGISTRY: dict[str, str | ModuleType] = {
    "loop": "ledger.games.loop",
    "planet-b": "ledger.games.planet_b",
    "pursuit": "ledger.games.pursuit",
}
# Each built-in game's ``title``, so that `referee --help` lists the games without importing
# their rules (tests/ledger/test_cli_help.py checks these against the modules).
_TITLES: dict[str, str] = {
    "ledger.games.loop": "LOOP: Life of Ordinary People",
    "ledger.games.planet_b": "Planet B",
    "ledger.games.pursuit": "The Pursuit of Happiness",
}


def register(name: str, module: str | ModuleType) -> None:
    """Make a game available under ``name`` (a module object or its dotted import path)."""
    _REGISTRY[name] = module


def unregister(name: str) -> None:
    _REGISTRY.pop(name, None)


def names() -> list[str]:
    return sorted(_REGISTRY)


def title(name: str) -> str:
    """The title of the game registered as ``name``, importing its module only if need be."""
    entry = _REGISTRY.get(name.lower())
    if isinstance(entry, str) and entry in _TITLES:
        return _TITLES[entry]
    return get(name).title


def get(name: str) -> Game:
    """The game module registered as ``name``; a ``BadInput`` naming the known games if none."""
    try:
        entry = _REGISTRY[name.lower()]
    except KeyError:
        known = ", ".join(names()) or "none registered"
        raise BadInput(f"unknown game {name!r}", legal=f"known games: {known}") from None
    if isinstance(entry, str):
        entry = importlib.import_module(entry)
        _REGISTRY[name.lower()] = entry
    return cast(Game, entry)
