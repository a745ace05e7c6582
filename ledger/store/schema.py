"""The referee's tables in an SQLite file: made (or brought up to date) when it is opened, a
file of another program refused untouched, and a database that cannot be written opened
read-only."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import sqlite_utils

from ledger.errors import StoreUnreadable
from ledger.store.connection import Connection

TABLES = frozenset({"games", "events", "snapshots", "settings", "verified"})
SEALED = frozenset({"checked", "folded"})  # the caches of the chain check (sealed batches)
_MARK_COLUMNS = frozenset({"seal", "bad_seq", "bad"})  # the verified marks' seal and damage


class Schema(Connection):
    """The tables: made, brought up to date, or found read-only or another program's."""

    created: bool  # this Store made the referee's tables (a new database)

    def _open_read_only(self) -> None:
        """Open a database that cannot be written (a read-only file, folder or mount).

        SQLite needs to create the ``-shm`` file beside a WAL database even to read it; on a
        read-only folder it cannot, and the database is opened as immutable instead, which is
        only right when no write-ahead log holds rows not yet in the file itself.
        """
        if hasattr(self, "conn"):
            with contextlib.suppress(sqlite3.Error):
                self.conn.close()
        uri = Path(self.path).resolve().as_uri() + "?mode=ro"
        wal = Path(self.path + "-wal")
        pending = wal.exists() and wal.stat().st_size > 0
        tries = [uri] if pending else [uri, uri + "&immutable=1"]
        failure: sqlite3.Error | None = None
        for attempt in tries:
            try:
                self.conn = sqlite3.connect(attempt, uri=True, isolation_level=None, timeout=self.timeout)
                tables = self._tables()
            except sqlite3.Error as exc:
                failure = exc
                continue
            self.read_only = True
            if not {"games", "events", "snapshots", "settings"} <= tables:
                raise StoreUnreadable(
                    f"cannot open the referee database {self.path}: it is read-only and holds no"
                    " referee tables"
                )
            self.bound = tables >= TABLES
            self.sealed = self.bound and "seal" in self._columns("verified")
            return
        raise StoreUnreadable(
            f"cannot open the referee database {self.path}: it is read-only ({failure})",
            legal="copy it (with its -wal file) to a writable folder" if pending else None,
        )

    def _refuse_foreign(self) -> None:
        """``StoreUnreadable`` for an SQLite file of another program: one that holds tables but
        not the referee's log (``games`` and ``events`` with the referee's columns). Nothing in
        it is changed: no table added, no column altered, not even its journal mode."""
        tables = self._tables()
        if not tables:
            return  # a new (or empty) file: the referee's tables are made in it
        problem = _not_ours(self.conn, tables)
        if problem:
            shown = ", ".join(sorted(tables)[:6]) + (", ..." if len(tables) > 6 else "")
            with contextlib.suppress(sqlite3.Error):
                self.conn.close()
            raise StoreUnreadable(
                f"{self.path} is not a referee database ({problem}; its tables: {shown}): nothing was"
                " changed",
                legal="give --db a new file or a referee database",
            )

    def _ensure_schema(self) -> None:
        if self._tables() >= TABLES | SEALED and self._columns("verified") >= _MARK_COLUMNS:
            return
        db = self.db
        # BEGIN IMMEDIATE: a process creating the same new database meanwhile is waited for. On
        # read-only media this or the first write fails, and ``__init__`` opens it read-only.
        self._until_free(lambda: self.conn.execute("BEGIN IMMEDIATE"))
        try:
            self.created = not self._tables()  # checked under the write lock: one process makes it
            self._create_tables(db)
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    def _create_tables(self, db: sqlite_utils.Database) -> None:
        with db.atomic():
            db.table("games").create(
                {
                    "id": int,
                    "kind": str,
                    "rules_version": str,
                    "title": str,
                    "players": str,
                    "options": str,
                    "created_at": str,
                    "status": str,
                },
                pk="id",
                not_null={"kind", "rules_version", "players", "options", "created_at", "status"},
                if_not_exists=True,
            )
            db.table("events").create(
                {
                    "game_id": int,
                    "seq": int,
                    "type": str,
                    "body": str,
                    "actor": str,
                    "recorded_at": str,
                    "prev_hash": str,
                    "hash": str,
                },
                pk=("game_id", "seq"),
                not_null={"type", "body", "actor", "recorded_at", "prev_hash", "hash"},
                foreign_keys=[("game_id", "games", "id")],
                if_not_exists=True,
            )
            # Only revert rows are looked up by type often (every fold); a partial index keeps
            # the other appends from writing an index page each.
            db.execute(
                "CREATE INDEX IF NOT EXISTS events_reverted ON events (game_id, seq) WHERE type = 'reverted'"
            )
            db.table("snapshots").create(
                {"game_id": int, "seq": int, "key": str, "body": str, "hash": str, "digest": str},
                pk=("game_id", "seq", "key"),
                not_null={"body"},
                if_not_exists=True,
            )
            columns = {c.name for c in db.table("snapshots").columns}
            for column in ("hash", "digest"):  # a database from before bound snapshots
                if column not in columns:
                    db.execute(f"ALTER TABLE snapshots ADD COLUMN {column} TEXT")
            db.table("settings").create({"key": str, "value": str}, pk="key", if_not_exists=True)
            db.table("verified").create(
                {"game_id": int, "seq": int, "hash": str, "setup_hash": str},
                pk="game_id",
                not_null={"seq", "hash", "setup_hash"},
                if_not_exists=True,
            )
            # A cache of the chain check: a whole batch of a game's rows, sealed once checked.
            db.table("checked").create(
                {"game_id": int, "lo": int, "hi": int, "seal": str},
                pk=("game_id", "lo"),
                not_null={"hi", "seal"},
                if_not_exists=True,
            )
            # The same, sealed with what a fold reads (seq, type, body) and the last row's hash.
            db.table("folded").create(
                {"game_id": int, "lo": int, "hi": int, "last": str, "seal": str},
                pk=("game_id", "lo"),
                not_null={"hi", "last", "seal"},
                if_not_exists=True,
            )
            for column in sorted(_MARK_COLUMNS - self._columns("verified")):  # from before the seals
                db.execute(
                    f"ALTER TABLE verified ADD COLUMN {column} {'INTEGER' if column == 'bad_seq' else 'TEXT'}"
                )


# The columns of the two tables that make a file the referee's: what every version wrote.
_OURS = {
    "games": {"id", "kind", "rules_version", "title", "players", "options", "created_at", "status"},
    "events": {"game_id", "seq", "type", "body", "actor", "recorded_at", "prev_hash", "hash"},
}


def _not_ours(conn: sqlite3.Connection, tables: set[str]) -> str:
    """What makes a database with ``tables`` not the referee's ("" if it is)."""
    for table, columns in _OURS.items():
        if table not in tables:
            return f"no {table} table"
        found = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
        if not columns <= found:
            return f"its {table} table has no column {min(columns - found)}"
    return ""
