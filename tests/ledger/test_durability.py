"""Durability: the settings SQLite runs with, read back from every connection the store opens.

A move the referee has reported as recorded must survive a power cut, which needs WAL with
``synchronous=FULL`` (the WAL is synced at every commit). A killed process cannot show it
(the operating system still writes the pages out), so the test reads the pragmas SQLite
reports on each connection the store opened while a game was played, audited, exported,
imported and opened again.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any, ClassVar

import pytest

from ledger.service import Referee
from ledger.store import Store
from tests.conftest import fixed_clock

pytestmark = pytest.mark.sqlite_only  # SQLite's own failures, files and pragmas

FULL = 2  # PRAGMA synchronous: 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA


class Watched(sqlite3.Connection):
    """A connection that remembers its pragmas when it is closed."""

    opened: ClassVar[list[Watched]] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.at_close: tuple[int, str] | None = None
        Watched.opened.append(self)

    def close(self) -> None:
        self.at_close = pragmas(self)
        super().close()


def pragmas(conn: sqlite3.Connection) -> tuple[int, str]:
    return conn.execute("PRAGMA synchronous").fetchone()[0], conn.execute("PRAGMA journal_mode").fetchone()[0]


def test_every_connection_the_store_opens_is_wal_with_synchronous_full(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = sqlite3.connect

    def connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        kwargs.setdefault("factory", Watched)
        return real(*args, **kwargs)

    Watched.opened = []
    monkeypatch.setattr(sqlite3, "connect", connect)
    path = tmp_path / "ledger.db"
    referee = Referee(Store(path), clock=fixed_clock())
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "9"})
    for words in ("take alice 2", "take bob 1", "take alice 1"):
        referee.submit_text(game, words.split())
    referee.undo(game, reason="a typo")
    referee.redo(game)
    referee.verify(game)
    lines, _ = referee.export(game)
    referee.import_lines(lines, copy=True)
    referee.store.close()
    again = Referee.open(path)  # as every `referee` command opens it
    again.load(game)
    monkeypatch.undo()

    assert len(Watched.opened) >= 2
    for conn in Watched.opened:
        seen = conn.at_close or pragmas(conn)
        assert seen == (FULL, "wal"), f"a store connection runs with synchronous={seen[0]}, {seen[1]}"
    again.store.close()
