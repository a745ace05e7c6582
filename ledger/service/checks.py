"""A new game's setup as ``new`` takes it, and an imported one's as ``new`` would have written it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from ledger.decider import Game, Setup, optional
from ledger.errors import (
    BadInput,
    VerificationFailed,
)
from ledger.history import (
    TABLE,
    seed_commitment,
)
from ledger.names import checked_title, player_names, shown
from ledger.service.results import ExportHeader
from ledger.store import Row
from ledger.words import same_name


def _describe_setup(setup: Setup) -> str:
    text = f"new {setup.game} --players {','.join(setup.players)} --mode {setup.mode}"
    if setup.seed is not None:
        text += f" --seed {setup.seed}"
    elif setup.commitment is not msgspec.UNSET:
        text += " --seed (sealed)"  # the seed itself stays out of the log until it is revealed
    if setup.title:
        import shlex

        text += f" --title {shlex.quote(setup.title)}"
    for name, value in sorted(setup.options.items()):
        text += f" --option {name}={value}"
    return text


def _player(setup: Setup, name: str) -> str:
    for player in setup.players:
        if same_name(player, name):
            return player
    raise BadInput(f"unknown player {name!r}", legal=f"players: {', '.join(setup.players)}")


def _actor(setup: Setup, by: str) -> str:
    """Who asked for an undo, a void or a redo (``--by``): a player, as seated, or the table."""
    for actor in (*setup.players, TABLE):
        if same_name(actor, by):
            return actor
    raise BadInput(
        f"--by {by!r} is not at this table", legal=f"a player ({', '.join(setup.players)}) or {TABLE}"
    )


def _new_names(game: Game, setup: Setup) -> tuple[str, ...]:
    """The players of a new game, as ``player_names`` reads them: no word the table (the
    actor ``table``) or the game's grammar in this setup (``reserved_words``) already holds."""
    reserved = {TABLE: "the table's name (the actor of the moves no player makes)"}
    words = optional(game, "reserved_words")
    if words is not None:
        reserved |= {word.casefold(): what for word, what in words(setup).items()}
    return player_names(setup.players, reserved)


def _check_players(game: Game, players: Sequence[str]) -> tuple[str, ...]:
    names = tuple(p.strip() for p in players if p.strip())
    if not game.min_players <= len(names) <= game.max_players:
        raise BadInput(
            f"{game.title} takes {game.min_players} to {game.max_players} players, not {len(names)}",
            legal="--players A,B,...",
        )
    folded = [n.casefold() for n in names]  # as a typed name is matched (``same_name``)
    if len(set(folded)) != len(folded):
        raise BadInput("two players have the same name", legal="give each player a different name")
    for name in names:
        # A name is typed inside moves: one word, not an option (-x), not the table's actor.
        word = name.replace("-", "").replace("_", "")
        if not word.isalnum() or name.startswith("-") or name.lower() == TABLE:
            raise BadInput(
                f"player name {name!r} must be one word of letters, digits, - or _"
                f" (not starting with -), and not {TABLE!r}"
            )
    return names


def _check_setup(game: Game, setup: Setup) -> None:
    """An imported setup row as `new` writes one, or ``BadInput`` in `new`'s words: its mode,
    options (one of the game's, with a value it takes; a log of an earlier version may lack
    one, which the game reads as its default), title and players (``player_names``)."""
    mode = _check_mode(game, setup.mode)
    if mode != setup.mode:
        raise BadInput(f"the mode {setup.mode!r} is not as `new` stores it: {mode!r}")
    _check_options(game, setup.options)
    title = checked_title(setup.title)
    if title != setup.title:
        raise BadInput(f"the title {shown(setup.title)!r} is not as `new` stores it: {title!r}")
    players = _check_players(game, _new_names(game, setup))
    for given, stored in zip(setup.players, players, strict=True):
        if given != stored:
            raise BadInput(
                f"player name {shown(given)!r} is not as `new` stores it: {stored!r}",
                legal="a name in Unicode's composed form (NFC), without spaces around it",
            )


def _check_header(header: ExportHeader, setup: Setup, first: Row) -> None:
    """The header repeats the setup row (and its time) for whoever reads the file: refuse one
    that says otherwise, naming the field. A sealed seed is in it only with its salt, and only
    the one the setup commits to. (Its ``status`` is the replay's to say: import stores that.)"""
    said: dict[str, tuple[Any, Any]] = {
        "game": (header.game, setup.game),
        "rules_version": (header.rules_version, setup.rules_version),
        "title": (header.title, setup.title),
        "players": (header.players, list(setup.players)),
        "mode": (header.mode, setup.mode),
        "options": (header.options, setup.options),
        "created_at": (header.created_at, first.recorded_at),
    }
    if setup.commitment is msgspec.UNSET:
        said |= {"seed": (header.seed, setup.seed), "salt": (header.salt, None)}
    elif header.seed is None or header.salt is msgspec.UNSET:
        said |= {"seed": (header.seed, None), "salt": (header.salt, None)}  # both, or neither
    elif seed_commitment(header.seed, header.salt) != setup.commitment:
        raise VerificationFailed(
            f"the header's seed {header.seed} does not match the setup's commitment", seq=1
        )
    for field, (written, stored) in said.items():
        if (None if written is msgspec.UNSET else written) != stored:
            raise VerificationFailed(
                f"the header does not match the setup row at {field}: {_as_said(written)} in the header,"
                f" {_as_said(stored)} in the setup row",
                seq=1,
            )


def _as_said(value: Any) -> str:
    return "none" if value is None or value is msgspec.UNSET else shown(repr(value))


def _check_mode(game: Game, mode: str | None) -> str:
    if mode is None:
        return game.modes[0]
    if mode.lower() not in game.modes:
        raise BadInput(f"{game.title} has no mode {mode!r}", legal=f"modes: {', '.join(game.modes)}")
    return mode.lower()


def _check_options(game: Game, given: dict[str, str]) -> dict[str, str]:
    known = {o.name: o for o in game.options}
    chosen = {o.name: o.default for o in game.options}
    for name, value in given.items():
        option = known.get(name)
        if option is None:
            legal = ", ".join(known) or "this game has no options"
            raise BadInput(f"{game.title} has no option {name!r}", legal=legal)
        if option.choices and value not in option.choices:
            raise BadInput(f"option {name} cannot be {value!r}", legal=" | ".join(option.choices))
        chosen[name] = value
    return chosen
