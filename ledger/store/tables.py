"""What every table's class goes through, whatever the database: the seal made with the
installation's key, and the reads and transactions each database's connection provides
(``connection.Connection`` for SQLite, ``postgres.Server`` for PostgreSQL).

The tables' modules (``games``, ``log``, ``marks``, ``snapshots``, ...) are written once, in the
SQL both databases speak (``?`` for a parameter, ``ON CONFLICT`` for an upsert, ``RETURNING``
for a new id), and mixed over either connection: PostgreSQL's turns the ``?`` into its own
placeholders. What differs (the schema, the locks, the failures, the files) is the connection's.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, ClassVar, Protocol

import msgspec


class Executor(Protocol):
    """The part of a DB-API connection the tables use inside a transaction."""

    def execute(self, sql: str, parameters: Sequence[Any] = ..., /) -> Any: ...

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> Any: ...


# Every table a ledger may hold, with its columns in order: what a copy of a whole ledger from
# one database to another (``dump``, ``load``) moves, ids, seals and all.
COPIED: dict[str, tuple[str, ...]] = {
    "games": ("id", "kind", "rules_version", "title", "players", "options", "created_at", "status"),
    "events": ("game_id", "seq", "type", "body", "actor", "recorded_at", "prev_hash", "hash"),
    "snapshots": ("game_id", "seq", "key", "body", "hash", "digest"),
    "settings": ("key", "value"),
    "verified": ("game_id", "seq", "hash", "setup_hash", "seal", "bad_seq", "bad"),
    "checked": ("game_id", "lo", "hi", "seal"),
    "folded": ("game_id", "lo", "hi", "last", "seal"),
    "links": ("game_id", "role", "token_hash"),
    "library": ("id", "kind", "key", "type", "body", "source", "note", "affects", "recorded_at"),
    "seeds": ("commitment", "box"),
}


_ORDER = ("id", "game_id", "seq", "lo", "key", "commitment")  # a table's rows in their order


class Tables:
    """The seal and the connection's operations the tables' classes are written against."""

    path: str
    timeout: float
    read_only: bool  # opened read-only: the database cannot be written
    bound: bool  # the schema has the verified marks and bound snapshots
    sealed: bool  # the marks have their seal columns (a database from before: not)
    key: bytes
    keyed: bool  # the key is this installation's (kept in ``key_path``), not a throwaway
    _table_names: set[str] | None
    # What the database raises when a primary key refuses a row (another writer's seq).
    _DUPLICATE: ClassVar[tuple[type[Exception], ...]] = ()

    @property
    def key_path(self) -> Path:
        raise NotImplementedError

    def seal(self, *parts: object) -> str:
        """The HMAC of ``parts`` with this installation's key: only it can make one that matches."""
        return hmac.new(self.key, msgspec.json.encode(parts), hashlib.sha256).hexdigest()

    def _sealed(self, stored: object, *parts: object) -> bool:
        return self.keyed and isinstance(stored, str) and hmac.compare_digest(stored, self.seal(*parts))

    def _known_tables(self) -> set[str]:
        if self._table_names is None:
            self._table_names = self._tables()
        return self._table_names

    # --- what each database's connection provides ----------------------------------------

    def _tables(self) -> set[str]:
        raise NotImplementedError

    def _immediate(self) -> contextlib.AbstractContextManager[Executor]:
        """A write transaction that holds the database's write lock from its start; a failure
        inside it rolls it back and leaves as a one-line ``RefereeError``."""
        raise NotImplementedError

    def _best_effort(self) -> contextlib.AbstractContextManager[Executor]:
        """A write to a cache: skipped without a word if the database is busy for more than a
        moment, read-only or failing (a reading command must not fail over a cache)."""
        raise NotImplementedError

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        raise NotImplementedError

    def _read_one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        raise NotImplementedError

    # --- a whole ledger, table by table (moving it to another database) --------------------

    def dump(self) -> Iterator[tuple[str, tuple[str, ...], list[Any]]]:
        """Every table this ledger holds, ``(table, columns, rows)``, in the order ``load``
        takes them (games before the rows that name them)."""
        tables = self._tables()
        for table, columns in COPIED.items():
            if table in tables:
                order = ", ".join(c for c in columns if c in _ORDER)
                rows = self._read(f"SELECT {', '.join(columns)} FROM {table} ORDER BY {order or columns[0]}")
                yield table, columns, rows

    def snapshot_of(self) -> list[tuple[str, tuple[str, ...], list[Any]]]:
        """``dump`` read at one instant (each database's read transaction)."""
        raise NotImplementedError

    def ensure_library(self) -> None:
        raise NotImplementedError

    def ensure_links(self) -> None:
        raise NotImplementedError

    def load(self, tables: Iterable[tuple[str, tuple[str, ...], list[Any]]]) -> None:
        """Write ``dump``'s tables into this ledger, which holds no game yet, in one transaction."""
        with self._immediate() as conn:
            for table, columns, rows in tables:
                if not rows:
                    continue
                marks = ", ".join("?" * len(columns))
                if table == "settings":  # a new database may have written its sealing record
                    conn.execute("DELETE FROM settings")
                conn.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)
        self._table_names = None
