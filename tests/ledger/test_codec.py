"""Golden files of encoded events: a change that would break old logs fails here."""

from __future__ import annotations

from datetime import datetime, timedelta

import msgspec
from syrupy.assertion import SnapshotAssertion

from ledger.codec import encode, row_hash, tag_of, utcnow
from ledger.decider import Setup
from ledger.history import Move, Reverted, decode_revert, decode_setup
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
