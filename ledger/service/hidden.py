"""What a row or a move may tell each viewer: a hidden card or a deal is kept from whom it is hidden."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ledger.codec import (
    payload,
)
from ledger.decider import Game, Setup, optional
from ledger.history import (
    META_TYPES,
    SETUP,
    MoveEntry,
    decode_facts,
    decode_setup,
)
from ledger.service.results import Loaded
from ledger.store import Row


def _witnessed(game: Game, row: Row, as_player: str | None, reveal: bool) -> str | None:
    """The bytes row ``row``'s hash covers, as text, if they tell ``as_player`` nothing hidden:
    a setup, a move's command, a revert and a revealed seed are what ``log`` shows anyone; a fact
    is sent only if ``redact`` leaves it as it is for this viewer; a seed written plainly in the
    setup (logs from before the commitment) only once the game is over."""
    if row.type == SETUP:
        hidden = decode_setup(row.body).seed is not None and not reveal
    elif row.type in META_TYPES:
        hidden = False
    else:
        (event,) = decode_facts(game, [(row.seq, row.type, row.body)])
        hidden = game.redact(event, as_player, reveal) != event
    return None if hidden else payload(row.seq, row.type, row.body, row.actor, row.recorded_at).decode()


def _told_before(game: Game, events: Sequence[Any]) -> list[Any]:
    """The facts of a move at a table with virtual decks that its page may tell before it is
    recorded: only its first, and not even that if it holds a card hidden from others."""
    return [e for e in events[:1] if game.redact(e, None) == e]


def _mover(game: Game, setup: Setup, command: Any) -> str | None:
    """The player who makes ``command``, as a viewer of its facts (None: the table's move)."""
    mover = game.actor(command)
    return mover if mover in setup.players else None


def _dealt(loaded: Loaded, move: MoveEntry) -> str:
    """What the referee dealt by chance in ``move`` (as its facts were recorded) at a table with
    virtual decks that its mover has seen, so that taking it back would let them deal again,
    knowing: the game's ``chance`` of each such fact, joined ("" if none). A deal hidden from
    the mover (a shuffle's order, the next player's FAVOUR) taught them nothing. A game without
    ``chance``: any fact its page could not tell before (``_told_before``)."""
    if loaded.setup.seed is None:
        return ""
    game, events = loaded.game, move.events
    chance = optional(game, "chance")  # the facts a game deals by chance
    if chance is None:
        return "facts its page could not tell before" if len(_told_before(game, events)) < len(events) else ""
    as_player = _mover(game, loaded.setup, move.command)
    hidden = [game.redact(e, None) for e in events]  # as someone who sees no hand does
    seen = [e for e, h in zip(events, hidden, strict=True) if h == e or game.redact(e, as_player) != h]
    dealt = [chance(e) for e in seen]
    return ", ".join(dict.fromkeys(d for d in dealt if d))
