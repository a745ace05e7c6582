"""The games this referee knows: the game a setup row names, its verbs, its typed schema."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from ledger import games
from ledger.decider import Game, Setup, Verb, optional
from ledger.errors import (
    BadInput,
    RefereeError,
    StoreUnreadable,
    VerificationFailed,
)
from ledger.history import (
    MOVE,
    Move,
    decoders,
)
from ledger.store import Row


def game_verbs(game: Game, setup: Setup) -> list[Verb]:
    """``game.verbs`` less those the setup does without (a game's ``absent_verbs``), each
    with its words in that setup (a game's ``usage``)."""
    absent = optional(game, "absent_verbs")
    gone = absent(setup) if absent is not None else {}
    usage = optional(game, "usage")
    words = usage(setup) if usage is not None else {}
    return [
        msgspec.structs.replace(verb, usage=words.get(verb.name, verb.usage))
        for verb in game.verbs
        if verb.name not in gone
    ]


def game_schema(kind: str) -> dict[str, Any]:
    """The JSON Schema of a game's typed view, commands and events: what a front end reads
    (``status --json``'s ``view``, ``moves --json``'s ``command``, ``log --json``'s ``events``)."""
    game = games.get(kind)
    (view, command, event), components = msgspec.json.schema_components(
        [game.View, game.Command, game.Event], ref_template="#/$defs/{name}"
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"{game.title}: typed view, commands and events",
        "game": game.name,
        "rules_version": game.rules_version,
        "view": view,
        "command": command,
        "event": event,
        "$defs": components,
    }


def _game_of(game_id: int, setup: Setup, *, importing: bool = False) -> Game:
    """The game module a setup row names, refusing a game or rules version this referee does
    not know: a log written by a newer referee is not played by an older one's rules."""
    what = "the file" if importing else f"game #{game_id}"
    try:
        game = games.get(setup.game)
    except BadInput:
        raise StoreUnreadable(
            f"{what} is a game of {setup.game!r}, which this referee does not know"
            f" (it knows {', '.join(games.names())}): a newer referee wrote it",
            legal="open it with that version",
        ) from None
    # A game may still read the logs of its earlier rules versions (``rules_versions``), each
    # under the rules it was recorded with; a new game is always the current version.
    readable: tuple[str, ...] = optional(game, "rules_versions") or (game.rules_version,)
    if setup.rules_version not in readable:
        names = [repr(version) for version in readable]
        known = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
        raise StoreUnreadable(
            f"{what} follows {game.name} rules version {setup.rules_version!r}, and this referee"
            f" knows version{'s' if len(readable) > 1 else ''} {known} only",
            legal=f"open it with a referee that knows {setup.rules_version!r}",
        )
    return game


def _other_game(game: Game, rows: Sequence[Row], error: StoreUnreadable) -> RefereeError:
    """A row this game does not know: if another game knows it, the file joins a setup of one
    game to the rows of another (a forgery, or two files spliced), and is refused as such; else
    it is from a newer referee (``error``)."""
    row = rows[error.seq - 1] if error.seq is not None and 1 <= error.seq <= len(rows) else None
    if row is None:
        return error
    tag: object = row.type
    if row.type == MOVE:
        try:
            tag = msgspec.json.decode(bytes(msgspec.json.decode(row.body, type=Move).command)).get("type")
        except (msgspec.DecodeError, AttributeError):
            return error
    for name in games.names():
        other = games.get(name)
        if other.name != game.name and tag in (decoders(other).event_tags | decoders(other).command_tags):
            what = "a move" if row.type == MOVE else "a fact"
            return VerificationFailed(
                f"row #{row.seq} is {what} of {other.name} ({tag!r}), but the setup names {game.name}:"
                " the file joins one game's setup to another's rows",
                seq=row.seq,
            )
    return error
