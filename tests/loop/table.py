"""A LOOP table for the tests: typed moves go through parse -> decide -> evolve.

``Table`` keeps the log so a test can replay it; ``refuse`` checks a move is refused with the
right error and rule and that nothing changed. ``started`` sets up a real-card (no seed)
game: the starting MATERIAL and the CONSUME AREA come from the test, like a table typing
what it flipped. ``give`` edits a player for a worked example (the log then no longer
replays, so tests that use it never call ``replayed``).
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

import ledger.games.loop as loop
from ledger.decider import Setup
from ledger.errors import RefereeError
from ledger.games.loop.model import Command, Event, Player, State

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "loop-test-cards.toml"
CARDS = FIXTURE.read_text()
NAMES = ("alice", "bob", "carol", "dave", "erin", "fred")


class Table:
    def __init__(
        self,
        players: tuple[str, ...] | int = 2,
        *,
        seed: int | None = None,
        cards: bool = True,
        options: dict[str, str] | None = None,
    ) -> None:
        if isinstance(players, int):
            players = NAMES[:players]
        self.setup = Setup(
            game="loop",
            rules_version=loop.rules_version,
            players=players,
            mode="basic",
            options=options or {},
            seed=seed,
        )
        self.state: State = loop.initial(self.setup)
        self.log: list[tuple[Command, list[Event]]] = []
        if cards:
            for command in loop.load_cards(self.setup, CARDS):
                self.apply(command)

    def apply(self, command: Command) -> list[Event]:
        events = loop.decide(self.state, command)
        for event in events:
            self.state = loop.evolve(self.state, event)
        self.log.append((command, events))
        return events

    def play(self, *lines: str) -> list[Event]:
        """Play each line; the events of the last."""
        events: list[Event] = []
        for line in lines:
            events = self.apply(loop.parse(self.state, shlex.split(line)))
        return events

    def refuse(self, line: str, error: type[RefereeError], rule: str | None = None) -> RefereeError:
        before = self.state
        encoded = loop_encode(before)
        with pytest.raises(error) as info:
            self.play(line)
        assert self.state is before, "a refused move changed the state"
        assert loop_encode(before) == encoded, "a refused move mutated the state"
        if rule is not None:
            assert info.value.rule == rule, str(info.value)
        return info.value

    def p(self, name: str) -> Player:
        return self.state.players[name]

    def events(self) -> list[Event]:
        return [event for _, events in self.log for event in events]

    def replayed(self) -> State:
        state = loop.initial(self.setup)
        for event in self.events():
            state = loop.evolve(state, event)
        return state

    def give(self, name: str, **fields: Any) -> None:
        """Set a player's fields directly (worked examples only)."""
        players = dict(self.state.players)
        players[name] = replace(players[name], **fields)
        self.state = replace(self.state, players=players)

    def set(self, **fields: Any) -> None:
        """Set board fields directly (worked examples only)."""
        self.state = replace(self.state, **fields)


def loop_encode(state: State) -> bytes:
    return msgspec.json.encode(state)


AREA = ("DANCE", "PICNIC", "PICNIC", "LIBRARY", "COOKING")


def started(
    players: tuple[str, ...] | int = 2,
    area: tuple[str, ...] = AREA,
    starts: tuple[str, ...] = ("glass", "plastic", "food", "metal", "utility", "food"),
    **options: str,
) -> Table:
    """A real-card game after setup: starting MATERIAL and CONSUME AREA revealed."""
    table = Table(players, options=options)
    for name, kind in zip(table.state.seats, starts, strict=False):
        table.play(f"reveal material {kind} --to {name}")
    for name in area:
        table.play(f"reveal activity {name.lower().replace(' ', '-')}")
    return table
