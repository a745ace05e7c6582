"""Random play for any game: whole games from ``legal()``, with the checks every game owes.

Like OpenSpiel's generic random-play test and Rally the Troops' fuzzer: each step picks a
kind of move with the game's ``weights`` (so turns end and games finish), then a move of
that kind uniformly. With ``check`` on, every step also checks that the move's text parses
back to it (typed decomposed too: a ``zoë`` typed as ``zoe`` and a diaeresis) and it
survives JSON, and no word of it needs quoting in a shell (``;``, ``&``,
``?``, ...: bash would end the command there, or expand the word); ``decide`` is
deterministic and accepts it, and its actor may act (one who must, or the table at its
``BOOKKEEPING``); ``evolve`` does not touch the old
state; the game's own ``invariants`` hold. At the end, replaying every event from
``initial`` rebuilds the final state, the log and the state survive JSON, and the score
sheet is final.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from ledger.decider import Game, Setup, optional


@dataclass
class Played:
    moves: int
    events: int
    state: Any
    log: list[Any]
    setup: Setup
    commands: list[Any] = field(default_factory=list)  # the moves played, after the prelude
    start: Any = None  # the state they were played from: the one the prelude made


# Names ``new`` accepts that look like something else: a verb, a MATERIAL, an option's word,
# letters of other alphabets, a composed letter, digits first, - and _ inside, capitals.
LOOKALIKE_NAMES = ("Zoë", "work", "glass", "2nd", "b-b", "C_c", "Борис", "end")


SHELL_SPECIAL = frozenset(";&|<>()$`\\\"'*?[]{}#~!")  # what bash ends, expands or quotes at


def shell_safe(text: str) -> bool:
    """Every word of a move's ``text`` can be typed in a shell as it is, unquoted."""
    return not SHELL_SPECIAL & set(text)


def may_act(game: Game, state: Any, command: Any) -> bool:
    """Whether ``command``'s actor may make it now: one who must act, or the table making its
    bookkeeping (the game's optional ``BOOKKEEPING``) for those who must."""
    actor, who = game.actor(command), game.to_act(state)
    bookkeeping = optional(game, "BOOKKEEPING")
    return actor in who or (bool(who) and actor == "table" and isinstance(command, bookkeeping))


def accepted(game: Game, state: Any) -> list[Any]:
    """The moves ``legal`` offers in ``state``, each accepted by ``decide`` (with at least one
    fact) from one who may act; AssertionError naming the first that is not."""
    moves = list(game.legal(state))
    for move in moves:
        assert game.decide(state, move), move
        assert may_act(game, state, move), move
    return moves


def choose(rng: random.Random, moves: Sequence[Any], weights: Mapping[type, float]) -> Any:
    """A kind of move by ``weights`` (kinds in name order), then one of that kind."""
    groups: dict[type, list[Any]] = {}
    for move in moves:
        groups.setdefault(type(move), []).append(move)
    kinds = sorted(groups, key=lambda kind: kind.__name__)
    kind = rng.choices(kinds, [weights[k] for k in kinds])[0]
    return rng.choice(groups[kind])


def play(
    game: Game,
    setup: Setup,
    *,
    seed: int,
    weights: Mapping[type, float],
    invariants: Callable[[Any], None],
    prelude: Iterable[Any] = (),
    each: Callable[[Any, list[Any]], None] | None = None,
    watch: Callable[[Any, Any], None] | None = None,
    max_moves: int = 4000,
    check: bool = True,
) -> Played:
    """One whole game from ``setup``: the ``prelude`` commands (a cards file), then random
    legal moves until it is over; AssertionError if anything breaks. ``each`` may check
    the state and the legal moves before every move; ``watch`` each fact with the state it
    leads to (an invariant over several facts of one move)."""
    state = game.initial(setup)
    log: list[Any] = []
    for command in prelude:
        if check:
            assert shell_safe(game.text(command)), game.text(command)
        for event in game.decide(state, command):
            state = game.evolve(state, event)
            log.append(event)
    rng = random.Random(seed)
    start = state
    moves = 0
    commands: list[Any] = []
    while not game.is_over(state):
        moves += 1
        assert moves <= max_moves, f"seed {seed}: no end after {max_moves} moves"
        legal = list(game.legal(state))
        assert legal, f"seed {seed}: dead end at {game.present(game.view(state)).headline}"
        if each is not None:
            each(state, legal)
        command = choose(rng, legal, weights)
        commands.append(command)
        if check:
            words = game.text(command).split()
            assert game.parse(state, words) == command, game.text(command)
            decomposed = [unicodedata.normalize("NFD", word) for word in words]
            assert game.parse(state, decomposed) == command, game.text(command)
            assert shell_safe(game.text(command)), game.text(command)
            encoded = msgspec.json.encode(command)
            assert msgspec.json.decode(encoded, type=game.Command) == command
            before = msgspec.json.encode(state)
        events = list(game.decide(state, command))
        if check:
            assert list(game.decide(state, command)) == events
            assert may_act(game, state, command), command
        new = state
        for event in events:
            new = game.evolve(new, event)
            log.append(event)
            if check and watch is not None:
                watch(new, event)
        if check:
            assert msgspec.json.encode(state) == before, "evolve changed the previous state"
            invariants(new)
        state = new
    if check:
        replayed = game.initial(setup)
        for event in log:
            replayed = game.evolve(replayed, event)
        assert replayed == state, f"seed {seed}: replay differs"
        stored = msgspec.json.decode(msgspec.json.encode(log), type=list[game.Event])  # type: ignore[name-defined]
        assert stored == log
        snapshot = msgspec.json.decode(msgspec.json.encode(state), type=game.State)
        assert snapshot == state
        assert game.score(state).final
    return Played(moves, len(log), state, log, setup, commands, start)
