"""Snapshots, a cache of the fold: the key that ties one to a game's code, what one holds, and
the latest one a fold may start from (``_cached``)."""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from ledger.codec import GENESIS, encode
from ledger.decider import Game, Setup
from ledger.history import UNREADABLE

if TYPE_CHECKING:
    from ledger.storage import EventStore


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


def _cached(
    store: EventStore,
    game: Game,
    game_id: int,
    upto: int,
    reverts: list[tuple[int, int]],
    first_extra: int | None,
    seed: int | None,
) -> tuple[Any, int, str]:
    """The latest snapshot still valid for this fold, the seq it stands at and the hash of
    that row (a snapshot is used only while that row still has the hash it was taken at)."""
    if not store.has_snapshots(game_id, upto):
        return None, 0, GENESIS  # most games never reach one: no need to key the game's code
    key = snapshot_key(game)
    for seq in store.snapshot_seqs(game_id, key, upto):
        stale = any(at > seq and target <= seq for at, target in reverts)
        if stale or (first_extra is not None and first_extra <= seq):
            continue
        found = store.snapshot(game_id, key, seq)
        if found is None:
            continue  # not bound to the chain as it is now, or its body was edited
        try:
            cached = msgspec.json.decode(found[0], type=game.State)
            if seed is not None:  # a snapshot never holds the seed (it is no shown record)
                cached = msgspec.structs.replace(cached, seed=seed)
            elif getattr(cached, "sealed", False):
                continue  # dealt from a seed this fold has lost: it starts from the log itself
            return cached, seq, found[1]
        except (msgspec.DecodeError, TypeError):
            continue  # a cache entry that no longer reads is simply not used
    return None, 0, GENESIS
