"""LOOP satisfies the ledger's game contract (``ledger.decider.Game``), like the reference game."""

from __future__ import annotations

import msgspec
import pytest

import ledger.games
import ledger.games.loop as loop
from ledger.errors import BadInput
from tests import pebbles
from tests.loop.table import Table

CONTRACT = [
    "name", "title", "rules_version", "modes", "min_players", "max_players", "options", "verbs",
    "State", "Event", "Command", "View", "initial", "decide", "evolve", "legal", "score", "parse",
    "text", "actor", "to_act", "is_over", "view", "present", "describe", "redact", "load_cards",
    "dump_cards",
]  # fmt: skip


def test_the_module_has_every_contract_name() -> None:
    for attribute in CONTRACT:
        # the same kind of thing as in the reference game: a function where it has one
        assert callable(getattr(loop, attribute)) == callable(getattr(pebbles, attribute)), attribute
    # 4.0: the 4 modes, Basic the default; Solo is for 1 player (each mode checks its own count)
    assert loop.modes == ("basic", "competitive", "cooperative", "solo")
    assert (loop.min_players, loop.max_players) == (1, 6)
    names = [option.name for option in loop.options]
    assert names == ["favour-deal", "activity-tiebreak", "zones", "disposable-culture"]
    assert [option.default for option in loop.options] == ["rulebook", "kept", "4,8", "plastic-at-1"]
    assert loop.rules_version in loop.rules_versions and "basic-1" in loop.rules_versions


def test_the_contract_names_are_the_rules() -> None:
    """Each name is the LOOP Basic Mode piece it stands for, not just present."""
    from ledger.games.loop import model, rules
    from ledger.games.loop.evolve import evolve
    from ledger.games.loop.moves import legal

    assert (loop.name, loop.title) == ("loop", "LOOP: Life of Ordinary People")
    assert isinstance(loop.rules_version, str) and loop.rules_version
    assert (loop.State, loop.Event, loop.Command) == (model.State, model.Event, model.Command)
    assert (loop.initial, loop.decide, loop.evolve, loop.legal) == (
        rules.initial,
        rules.decide,
        evolve,
        legal,
    )
    # LOOP 2.2 to 2.7, 1.0: the moves of Basic Mode, and the table's reveals and declarations
    assert [verb.name for verb in loop.verbs] == [
        "reveal", "declare", "work", "buy", "consume", "rep-happiness", "goal", "favour", "accept",
        "reject", "end",
        # 5.1, 5.4, 8.0, 5.3: the other modes' moves
        "career", "apply", "payoff", "ability", "event", "call", "object",
    ]  # fmt: skip
    table = Table(2, seed=4)
    assert loop.to_act(table.state) == [table.state.active] and not loop.is_over(table.state)
    assert loop.actor(loop.parse(table.state, ["work", table.state.active])) == table.state.active


def test_it_registers_like_any_game() -> None:
    assert ledger.games.get("loop") is loop  # built in
    # Registered again under another name, then taken away: the built-in "loop" stays, so
    # the tests that run after this one (in any order) still find it.
    ledger.games.register("loop-copy", "ledger.games.loop")
    try:
        assert ledger.games.get("loop-copy") is loop
    finally:
        ledger.games.unregister("loop-copy")
    assert "loop-copy" not in ledger.games.names() and ledger.games.get("LOOP") is loop


def test_tags_are_stable_strings() -> None:
    for union, prefix in ((loop.Command, "loop."), (loop.Event, "loop.")):
        for kind in union.__args__:
            info = msgspec.inspect.type_info(kind)
            assert isinstance(info, msgspec.inspect.StructType)
            assert isinstance(info.tag, str) and info.tag.startswith(prefix), kind
            assert info.tag.removeprefix(prefix).replace("_", "").isalpha()


def test_state_snapshots_round_trip() -> None:
    table = Table(4, seed=8)
    encoded = msgspec.json.encode(table.state)
    assert msgspec.json.decode(encoded, type=loop.State) == table.state


def test_a_move_of_another_game_is_refused_naming_loop() -> None:
    """``decide`` takes LOOP's commands only: another game's move is not a LOOP move, and the
    refusal says which game it was typed into."""
    table = Table(2)
    with pytest.raises(BadInput) as caught:
        loop.decide(table.state, pebbles.Take("alice", 1))
    assert str(caught.value).startswith("not a LOOP move: ")
