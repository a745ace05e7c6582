"""Snapshots, a cache of the fold: the key that ties one to a game's code, and what one holds."""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path
from typing import Any

import msgspec

from ledger.codec import (
    encode,
)
from ledger.decider import Game, Setup
from ledger.history import (
    UNREADABLE,
)


def snapshot_key(game: Game) -> str:
    """A key that changes whenever the game's code or rules version changes."""
    cached: str | None = getattr(game, "_ledger_snapshot_key", None)
    if cached is None:
        module = sys.modules[getattr(game, "__name__", "")]
        path = Path(getattr(module, "__file__", "") or "")
        if path.name == "__init__.py":
            files = sorted(
                os.path.join(folder, name)
                for folder, _, names in os.walk(path.parent)
                for name in names
                if name.endswith(".py")
            )
        else:
            files = [str(path)]

        digest = hashlib.sha256()
        for file in files:
            with open(file, "rb") as source:
                digest.update(source.read())
        cached = f"{game.name}/{game.rules_version}/{digest.hexdigest()[:16]}"
        setattr(game, "_ledger_snapshot_key", cached)  # noqa: B010 - a module attribute cache
    return cached


def _unseeded(state: Any) -> Any:
    """A state without its seed: what a snapshot holds (the file shows no deck's order)."""
    if getattr(state, "seed", None) is None:
        return state
    return msgspec.structs.replace(state, seed=None)


def _cacheable(setup: Setup) -> bool:
    """Whether the fold of a game may be cached in the database as a snapshot: not where the
    setup commits to a sealed seed, whose fold holds every deck's order dealt from it (a
    snapshot in the file would show the decks to whoever reads it, which the sealed seed keeps
    from everyone while the game runs; such a game is folded from its setup, as its length
    allows)."""
    return setup.commitment is msgspec.UNSET


def _snapshot_body(state: Any) -> str:
    return encode(_unseeded(state))


def _same_state(game: Game, body: str, state: Any) -> bool:
    try:
        return bool(msgspec.json.decode(body, type=game.State) == _unseeded(state))
    except (*UNREADABLE, TypeError):
        return False
