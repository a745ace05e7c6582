"""The rows a store hands the service and takes from it, and the one error of a lost race:
what every implementation of ``ledger.storage.EventStore`` speaks, whatever its database."""

from __future__ import annotations

from typing import NamedTuple

import msgspec

MAX_ID = 2**63 - 1  # SQLite's largest INTEGER: a larger id or seq names nothing


class Row(msgspec.Struct, frozen=True):  # a Struct: made per row read, and cheap to declare
    """One stored row of a game's log."""

    seq: int
    type: str
    body: str
    actor: str
    recorded_at: str
    prev_hash: str
    hash: str


class NewRow(msgspec.Struct, frozen=True):
    """A row about to be appended; the store gives it its seq and hashes."""

    type: str
    body: str
    actor: str


class GameRow(msgspec.Struct, frozen=True):
    """The ``games`` table's row for one game."""

    id: int
    kind: str
    rules_version: str
    title: str
    players: list[str]
    options: dict[str, str]
    created_at: str
    status: str


class Tip(NamedTuple):
    """A game's head and its verified mark, read in one statement (so they agree). A mark whose
    seal does not match is not believed: it reads as no mark (the whole log is checked)."""

    head: int
    head_hash: str
    mark: int | None  # the last seq checked, None if never (or its seal does not hold)
    mark_hash: str | None  # the hash row ``mark`` had when it was checked
    mark_now: str | None  # the hash row ``mark`` has now (None: that row is gone)
    setup_hash: str | None  # the hash the setup row had when it was checked
    seal: str | None = None  # the mark row's seal as stored (a later write is conditional on it)
    bad_seq: int | None = None  # the first bad row a check found (sealed with the mark)
    bad: str | None = None  # what was wrong there, and what the table can do (JSON)
    # The game should have a mark that holds (``Store.guarded``, and not one of the record's
    # ``unmarked``), and has none: it was deleted or forged by hand, and with it what would have
    # shown rows cut from the log's end.
    lost: bool = False


class Snapshot(NamedTuple):
    """A stored snapshot row, as ``verify`` reads them all."""

    seq: int
    key: str
    body: str
    hash: str | None  # the row hash at ``seq`` when it was taken (None: an old, unbound one)
    digest: str | None  # its seal: the HMAC of (game, seq, key, hash, body) with the installation's key


class StaleHead(Exception):
    """The log moved on since the caller read it: the append was based on an old seq."""

    def __init__(self, expected: int, actual: int) -> None:
        super().__init__(f"expected head #{expected}, found #{actual}")
        self.expected = expected
        self.actual = actual
