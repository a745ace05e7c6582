"""Small pieces of the history and the store that the larger tests pass through without
looking: the decoders a game's log is read with, and a setting that was never set."""

from __future__ import annotations

from pathlib import Path

from ledger import history
from ledger.store import Store
from tests import pebbles


def test_a_games_decoders_are_built_once_and_read_its_commands_and_events() -> None:
    saved = pebbles.__dict__.pop("_ledger_decoders", None)
    try:
        built = history.decoders(pebbles)
        command, event, events = built.command, built.event, built.events
        assert (built.command_tags, built.event_tags) == (
            frozenset({"take", "give"}),
            frozenset({"pebbles.taken", "pebbles.given"}),
        )
        assert command.decode(b'{"type":"take","player":"alice","n":2}') == pebbles.Take("alice", 2)
        assert event.decode(b'{"type":"pebbles.taken","player":"bob","n":1}') == pebbles.Taken("bob", 1)
        assert events.decode(b'[{"type":"pebbles.given","player":"a","to":"b","n":1}]') == [
            pebbles.Given("a", "b", 1)
        ]
        assert history.decoders(pebbles) is built  # cached on the module
    finally:
        if saved is not None:
            pebbles._ledger_decoders = saved  # type: ignore[attr-defined]


def test_a_setting_never_set_reads_as_none(tmp_path: Path) -> None:
    store = Store(tmp_path / "l.db")
    assert store.setting("current_game") is None
    store.set_setting("current_game", "3")
    assert store.setting("current_game") == "3"
    store.close()
