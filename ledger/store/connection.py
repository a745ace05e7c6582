"""The one SQLite connection every table of the store shares: its transactions (a write, and a
best-effort write to a cache), its reads and its failures as one-line errors. Each table's class
(``ledger.store``'s modules) is a ``tables.Tables``; ``ledger.store.Store`` mixes them over the
one connection this opens (``ledger.store.postgres.Server`` is PostgreSQL's)."""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import sqlite_utils

from ledger.errors import RefereeError, StorageFailed, StoreUnreadable, WriteConflict
from ledger.store.keys import key_beside
from ledger.store.tables import Tables

# SQLite's primary result codes (the low byte of an extended code)
_BUSY, _LOCKED, _READONLY, _IOERR, _FULL, _CANTOPEN = 5, 6, 8, 10, 13, 14


class Connection(Tables):
    """The connection and what every table reads and writes through (``Store.__init__`` opens it)."""

    conn: sqlite3.Connection
    _db: sqlite_utils.Database | None
    _DUPLICATE = (sqlite3.IntegrityError,)

    @property
    def key_path(self) -> Path:
        """Where this database's sealing key is kept (``key_beside``)."""
        return key_beside(self.path)

    def _until_free(self, step: Any) -> Any:
        """Run ``step``, retrying while SQLite answers busy at once without waiting (as it does
        for ``journal_mode=WAL`` while another process creates the same new database)."""
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                return step()
            except sqlite3.OperationalError as exc:
                if _code(exc) not in (_BUSY, _LOCKED) or time.monotonic() >= deadline:
                    raise
                time.sleep(0.005)

    def _tables(self) -> set[str]:
        return {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}

    def _columns(self, table: str) -> set[str]:
        return {r[1] for r in self.conn.execute(f"PRAGMA table_info({table})")}

    def _failure(self, exc: sqlite3.Error, doing: str) -> RefereeError:
        """The one-line error for an SQLite failure while ``doing`` (open, read, record)."""
        code = _code(exc)
        where = f"the referee database {self.path}"
        nothing = "nothing was recorded" if doing == "record" else f"cannot {doing} it"
        if code in (_BUSY, _LOCKED):
            return WriteConflict(
                f"another process has held {where} locked for over {self.timeout:g} s ({exc}): {nothing}",
                legal="try again once it is done",
            )
        if code == _FULL:
            return StorageFailed(
                f"the disk holding {where} is full ({exc}): {nothing}",
                legal="free some space, then try again",
            )
        if code == _READONLY:
            return StorageFailed(
                f"{where} is read-only ({exc}): {nothing}",
                legal="reading commands still work; record moves on a writable copy",
            )
        if code == _IOERR:
            return StorageFailed(
                f"a disk I/O error hit {where} ({exc}): {nothing}",
                legal="check the disk and its free space, then `referee verify`",
            )
        if doing == "record":
            return StorageFailed(f"{where} could not be written ({exc}): {nothing}")
        return StoreUnreadable(f"cannot {doing} {where}: {exc}")

    @property
    def db(self) -> sqlite_utils.Database:
        """The sqlite-utils view of the connection (imported on first use: it is slow to import)."""
        if self._db is None:
            import sqlite_utils

            self._db = sqlite_utils.Database(self.conn)
        return self._db

    def close(self) -> None:
        self.conn.close()

    def version(self) -> int:
        """A number that changes whenever another connection (another process, or another
        ``Store`` in this one) has committed anything to the database since this one last asked,
        and only then: this connection's own writes leave it as it was. A hand edit that leaves
        every head and hash as it was (a row's body changed in place) changes it too. Cheap (no
        table is read): a long-lived referee (``serve``, ``play``) asks it before believing what
        it folded earlier. SQLite's ``PRAGMA data_version``; a PostgreSQL store will need its own
        equivalent (a counter every write bumps, by trigger, so that a hand edit bumps it too)."""
        row = self._read_one("PRAGMA data_version")
        return int(row[0])

    def listen(self) -> None:
        """No news of other processes' writes: SQLite sends none (a front end asks ``version``)."""
        return None

    @contextlib.contextmanager
    def _immediate(self) -> Iterator[sqlite3.Connection]:
        """A write transaction that takes the database's write lock up front. An SQLite
        failure inside it rolls it back and leaves as a one-line ``RefereeError``."""
        conn = self.conn
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        conn.execute("ROLLBACK")
                raise
        except sqlite3.IntegrityError:
            raise
        except sqlite3.Error as exc:
            raise self._failure(exc, "record") from None

    @contextlib.contextmanager
    def _best_effort(self) -> Iterator[sqlite3.Connection]:
        """A write to a cache: skipped without a word if the database is busy for more than a
        moment, read-only or failing (a reading command must not fail over a cache)."""
        self.conn.execute("PRAGMA busy_timeout = 200")
        try:
            with contextlib.suppress(RefereeError, sqlite3.Error), self._immediate() as conn:
                yield conn
        finally:
            self.conn.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")

    def snapshot_of(self) -> list[tuple[str, tuple[str, ...], list[Any]]]:
        """``dump`` read in one read transaction: the database as it stands at one instant."""
        try:
            self.conn.execute("BEGIN")
            try:
                return list(self.dump())
            finally:
                self.conn.execute("COMMIT")
        except sqlite3.Error as exc:
            raise self._failure(exc, "back up") from None

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        try:
            return self.conn.execute(sql, params).fetchall()
        except sqlite3.Error as exc:
            raise self._failure(exc, "read") from None

    def _read_one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        try:
            return self.conn.execute(sql, params).fetchone()
        except sqlite3.Error as exc:
            raise self._failure(exc, "read") from None


def _code(exc: sqlite3.Error) -> int:
    """SQLite's primary result code of an error (0 if it carries none)."""
    return int(getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF
