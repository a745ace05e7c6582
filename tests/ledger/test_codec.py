"""Golden files of encoded events: a change that would break old logs fails here."""

from __future__ import annotations

import re
import typing
from datetime import datetime, timedelta

import msgspec
import pytest
from syrupy.assertion import SnapshotAssertion

from ledger import games
from ledger.codec import SALT, encode, new_salt, row_hash, salted, tag_of, utcnow
from ledger.decider import Setup
from ledger.history import Move, Reverted, decode_revert, decode_setup, decoders
from tests import pebbles

SETUP = Setup(
    game="pebbles", rules_version="1", players=("alice", "bob"), mode="basic", options={"pile": "21"}, seed=7
)


def test_meta_events_encode_as_before(snapshot: SnapshotAssertion) -> None:
    command = msgspec.Raw(encode(pebbles.Take("alice", 2)).encode())
    encoded = {
        "setup": encode(SETUP),
        "move": encode(Move(command=command)),
        "redo": encode(Move(command=command, redo_of=4)),
        "undo": encode(Reverted(target=4, how="undo", by="table")),
        "void": encode(Reverted(target=4, how="void", reason="misread card", by="bob", cascade=(6, 8))),
    }
    assert encoded == snapshot


def test_game_events_and_commands_encode_as_before(snapshot: SnapshotAssertion) -> None:
    values = [pebbles.Take("alice", 2), pebbles.Give("bob", "alice", 1), pebbles.Taken("alice", 2)]
    assert {tag_of(v): encode(v) for v in values} == snapshot


def test_the_row_hash_is_stable(snapshot: SnapshotAssertion) -> None:
    assert (
        row_hash("0" * 64, 1, "setup", encode(SETUP), "table", "2026-01-01T12:00:00.000000+00:00") == snapshot
    )


def test_encoding_is_canonical_whatever_the_field_order() -> None:
    assert encode({"b": 1, "a": {"d": 2, "c": 3}}) == '{"a":{"c":3,"d":2},"b":1}'


def test_an_old_setup_without_later_fields_still_decodes() -> None:
    """Logs written before ``seed`` and ``title`` existed read with their defaults."""
    old = (
        '{"game":"pebbles","mode":"basic","options":{},"players":["a","b"],'
        '"rules_version":"1","type":"setup"}'
    )
    setup = decode_setup(old)
    assert (setup.seed, setup.title, setup.players) == (None, "", ("a", "b"))


def test_an_old_revert_without_later_fields_still_decodes() -> None:
    revert = decode_revert('{"how":"undo","target":3,"type":"reverted"}')
    assert (revert.target, revert.reason, revert.by) == (3, "", "")


def test_a_rows_time_is_utc_with_its_offset_written() -> None:
    """A row's recorded_at: UTC, to the microsecond, its offset written (so that rows from laptops
    in other time zones compare and sort as they were made)."""
    when = datetime.fromisoformat(utcnow())
    assert when.utcoffset() == timedelta(0) and len(utcnow()) == len("2026-01-01T12:00:00.000000+00:00")


def test_a_hidden_fact_reads_back_the_same_and_its_salt_differs_each_time() -> None:
    """A salted body (issue 40) is canonical (the salt in its sorted place), reads back as the
    fact it was, and draws 128 fresh bits each time: two records of one fact share no hash."""
    fact = pebbles.Given("bob", "alice", 1)
    bodies = {salted(fact, new_salt()) for _ in range(50)}
    assert len(bodies) == 50
    for body in bodies:
        assert decoders(pebbles).event.decode(body) == fact
        members = msgspec.json.decode(body)
        assert list(members) == sorted(members) and encode(members) == body
        assert re.fullmatch("[0-9a-f]{32}", members.pop(SALT))
        assert encode(members) == encode(fact)


def test_no_fact_of_any_game_has_a_field_named_like_the_salt() -> None:
    for name in games.names():
        for event in typing.get_args(games.get(name).Event):
            assert SALT not in event.__struct_fields__, f"{name}: {event.__name__}"


class _Marked(msgspec.Struct, frozen=True, tag="marked"):
    """A fact (of no game) with a field of the salt's name."""

    salt: str


def test_a_fact_with_a_field_named_like_the_salt_is_never_salted() -> None:
    """Salting it would overwrite its own field, and it would read back as another fact: refused
    (no game's fact has such a field, the test above)."""
    with pytest.raises(TypeError, match="cannot carry a 'salt' member"):
        salted(_Marked("mine"), new_salt())
