"""A game's table for the tests: typed moves go through parse -> decide -> evolve.

``GameTable`` keeps the log so a test can replay it; ``refuse`` checks a move is refused with
the right error and rule and that nothing changed. ``give`` and ``set`` edit the state for a
worked example (the log then no longer replays, so tests that use them never call
``replayed``). Each game's tests subclass it with their own setup.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from ledger import codec
from ledger.decider import Game, Setup
from ledger.errors import RefereeError
from ledger.history import decoders
from ledger.randomplay import accepted


class GameTable:
    """A game's table: a subclass names the game, its mode, its players and its cards file."""

    game: Game
    mode: str
    names: tuple[str, ...]
    cards: str
    players: int

    def __init__(
        self,
        players: tuple[str, ...] | int | None = None,
        *,
        seed: int | None = None,
        cards: bool = True,
        options: dict[str, str] | None = None,
        rules_version: str | None = None,
    ) -> None:
        """The table after ``initial``, and the declarations of the cards file (``cards``);
        ``rules_version`` for a game recorded under an earlier version."""
        if players is None or isinstance(players, int):
            players = self.names[: players or self.players]
        self.setup = Setup(
            game=self.game.name,
            rules_version=rules_version or self.game.rules_version,
            players=players,
            mode=self.mode,
            options=options or {},
            seed=seed,
        )
        self.state: Any = self.game.initial(self.setup)
        self.log: list[tuple[Any, list[Any]]] = []
        for command in self.game.load_cards(self.setup, self.cards) if cards else ():
            self.apply(command)

    def p(self, name: str) -> Any:
        return self.state.players[name]

    def apply(self, command: Any) -> list[Any]:
        events = list(self.game.decide(self.state, command))
        # each fact is stored as JSON and must read back the same (a field typed str that the
        # rules filled with None would not)
        stored = "[" + ",".join(codec.encode(event) for event in events) + "]"
        assert decoders(self.game).events.decode(stored) == events, "a fact does not read back"
        for event in events:
            self.state = self.game.evolve(self.state, event)
        self.log.append((command, events))
        return events

    def play(self, *lines: str) -> list[Any]:
        """Play each line; the events of the last."""
        events: list[Any] = []
        for line in lines:
            events = self.apply(self.game.parse(self.state, shlex.split(line)))
        return events

    def refuse(self, line: str, error: type[RefereeError], rule: str | None = None) -> RefereeError:
        return self._refused(lambda: self.play(line), error, rule)

    def refuse_command(
        self, command: Any, error: type[RefereeError], rule: str | None = None
    ) -> RefereeError:
        """``refuse`` for a command the grammar cannot type but a service caller may send."""
        return self._refused(lambda: self.apply(command), error, rule)

    def _refused(
        self, move: Callable[[], object], error: type[RefereeError], rule: str | None
    ) -> RefereeError:
        before = self.state
        encoded = msgspec.json.encode(before)
        with pytest.raises(error) as info:
            move()
        assert self.state is before, "a refused move changed the state"
        assert msgspec.json.encode(before) == encoded, "a refused move mutated the state"
        if rule is not None:
            assert info.value.rule == rule, str(info.value)
        return info.value

    def events(self) -> list[Any]:
        return [event for _, events in self.log for event in events]

    def replayed(self) -> Any:
        state = self.game.initial(self.setup)
        for event in self.events():
            state = self.game.evolve(state, event)
        return state

    def give(self, name: str, **fields: Any) -> None:
        """Set a player's fields directly (worked examples only)."""
        players = dict(self.state.players)
        players[name] = replace(players[name], **fields)
        self.state = replace(self.state, players=players)

    def set(self, **fields: Any) -> None:
        """Set board fields directly (worked examples only)."""
        self.state = replace(self.state, **fields)

    def listed(self) -> list[Any]:
        """The moves ``legal`` lists now, each one accepted by ``decide`` (with at least 1 fact)
        from a player who may act."""
        return accepted(self.game, self.state)
