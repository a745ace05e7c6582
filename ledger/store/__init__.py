"""The event log: SQLite through sqlite-utils.

``Store`` is the one implementation of ``ledger.storage.EventStore`` today: mixins over one
shared connection (``connection.Connection``), a module each for one job, mixed here with the
opening (``Store.__init__``). They depend one way: ``games`` on ``log`` (a game is made with its
first rows), ``log`` on ``marks`` (an append moves the verified mark), ``marks`` on ``settings``
(the sealing record is a setting); the other tables on the connection alone.

Modules
  rows        the rows the service reads and hands in (``Row``, ``Tip``, ...), ``StaleHead``
  keys        the installation's key beside the database (``<db>.key``)
  connection  the transactions, reads, failures and seals every table goes through
  schema      the tables made or brought up to date; another program's file; read-only media
  files       the files a database consists of: ``files``, ``remove``, ``backup``
  games, log, marks, snapshots, batches, settings, seeds, links, library: a table's job each

Tables
  games      one row a game: id, kind, rules version, title, players, options, created_at, status
  events     the log: (game_id, seq) primary key, type, body, actor, recorded_at, prev_hash, hash
  snapshots  a cache of the fold at some seq, keyed by a state-shape / rules-version key, bound
             to the chain by the hash of the row at that seq (and a digest of its own body)
  settings   small key/value facts of this database (the current game)
  verified   per game, the last seq whose rows were checked (chain and rules), with its hash and
             the setup row's: a command checks only the rows after it; and the first bad row a
             check found (``bad_seq``, ``bad``), which makes every command refuse the game
  checked    per game, batches of rows (5,000, cut at multiples of 5,000; the first from row 2)
             once checked against the chain up to a hash already checked, sealed: `log`, which
             reads them again unchanged, checks one seal, not every row's hash
  folded     the same batches, sealed with only what a fold uses (seq, type, body) and the hash
             of the batch's last row: a fold reads those 3 columns and checks one seal
  links      per game and role (a player, or the table), the sha256 of the secret token in that
             role's `referee serve` link: made by `serve` on first use (``ensure_links``)
  library    per kind of game, the card faces a group imported or corrected (what no game's log
             holds; the faces its games declared are read from their logs): made on first use
             (``ensure_library``), appended to only

Every part of a row that the referee always writes is NOT NULL, and a log row names its game by
``games.id`` (a foreign key): the file itself refuses a row with a part blanked. A hand edit can
still rebuild a table without them; a NULL in the log is then damage like any edit (its row
matches no hash), one in ``games`` a cache that differs, one in a sealed cache a seal that fails.

Durability: WAL with ``synchronous=FULL``, so a move the referee has reported as recorded
survives a power cut. Every append is one ``BEGIN IMMEDIATE`` transaction: all rows of a
move land together or none do. The log is never updated or deleted from, and rows are
never inserted with ``OR IGNORE`` / ``OR REPLACE``: the primary key is the last guard
against two writers taking the same seq.

The caches (the snapshots, the verified marks) are sealed: each carries an HMAC-SHA256 made
with this installation's key, kept outside the database in ``<db>.key`` (created on first use,
mode 0600). A cache whose seal does not match (edited by hand, or made with another key, or
before the seals) is not believed: it is ignored and rebuilt from the log. Without the key
(lost, or not readable) nothing is sealed and nothing is believed: every game is checked whole.

Every SQLite failure leaves as a ``RefereeError`` (exit 3) that says what happened: a write
lock held past the busy timeout, a full disk, read-only media, an I/O error. A database on
read-only media opens read-only, so that reading commands still work.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import sqlite_utils

from ledger.codec import GENESIS
from ledger.errors import NotFound, StoreUnreadable
from ledger.store.batches import Batches
from ledger.store.connection import _CANTOPEN, _READONLY, _code
from ledger.store.files import Files
from ledger.store.games import Games
from ledger.store.keys import KEY_BYTES, installation_key, key_beside
from ledger.store.library import Library
from ledger.store.links import Links
from ledger.store.marks import SEALED_BY
from ledger.store.rows import MAX_ID, GameRow, NewRow, Row, Snapshot, StaleHead, Tip
from ledger.store.schema import SEALED, TABLES, Schema
from ledger.store.seeds import Seeds
from ledger.store.settings import CURRENT_GAME
from ledger.store.snapshots import Snapshots

__all__ = [
    "BUSY_TIMEOUT",
    "CURRENT_GAME",
    "GENESIS",
    "KEY_BYTES",
    "MAX_ID",
    "SEALED",
    "SEALED_BY",
    "TABLES",
    "GameRow",
    "NewRow",
    "Row",
    "Snapshot",
    "StaleHead",
    "Store",
    "Tip",
    "installation_key",
    "key_beside",
]

BUSY_TIMEOUT = 30.0  # seconds a command waits for another process's write lock


class Store(Games, Snapshots, Batches, Seeds, Links, Library, Schema, Files):
    """One SQLite database holding any number of games' logs."""

    def __init__(self, path: str | Path, *, timeout: float | None = None, create: bool = True) -> None:
        """Open the database at ``path``; unless ``create``, one that does not exist yet is a
        ``NotFound`` and nothing is made on disk (no file, no folder)."""
        self.path = str(path)
        self.timeout = BUSY_TIMEOUT if timeout is None else timeout
        self.read_only = False  # opened read-only: the file or its folder cannot be written
        self.bound = True  # the schema has the verified marks and bound snapshots
        self.sealed = True  # the marks have their seal columns (a database from before: not)
        self.key = os.urandom(32)  # replaced by the installation's key once opened
        self.keyed = False  # the key is this installation's (kept in ``key_path``), not a throwaway
        self._table_names: set[str] | None = None
        self.created = False  # this Store made the referee's tables (a new database)
        self._db: sqlite_utils.Database | None = None
        if not create and self.path != ":memory:" and not Path(self.path).exists():
            raise NotFound(
                f"no referee database at {self.path}",
                legal="start a game with `referee new GAME --players A,B`, or give --db PATH",
            )
        # What this opening may make on disk besides the database's own files, seen before it does:
        # the key, if there is none yet, and the folders the file goes in (for ``remove``).
        # (An opening that may not create the file can still find it empty and make the tables,
        # and the key: ``created`` then holds, and ``remove`` takes only what it made.)
        self._made_key = False
        self._made_folders: list[Path] = []
        if self.path != ":memory:":
            self._made_key = not self.key_path.exists()
            self._made_folders = [p for p in Path(self.path).absolute().parents if not p.exists()]
        try:
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self.conn = sqlite3.connect(self.path, isolation_level=None, timeout=self.timeout)
            self._refuse_foreign()  # before WAL mode, which would rewrite another program's file
            self._until_free(lambda: self.conn.execute("PRAGMA journal_mode=WAL"))
            self.conn.execute("PRAGMA synchronous=FULL")
            self._ensure_schema()
        except sqlite3.OperationalError as exc:
            if _code(exc) in (_READONLY, _CANTOPEN) and self.path != ":memory:" and Path(self.path).is_file():
                self._open_read_only()
            else:
                raise self._failure(exc, "open") from None
        except (sqlite3.DatabaseError, OSError) as exc:
            raise StoreUnreadable(f"cannot open the referee database {self.path}: {exc}") from None
        # What this opening found of the key and the record of it (``_check_record``): None, or
        # "changed" (not the key that sealed the database), "first" (no record: a database from
        # an older referee, or the record deleted), "altered" (the record edited by hand).
        self.key_news: str | None = None
        self.unmarked: frozenset[int] = frozenset()  # games with no mark to expect (``Tip.lost``)
        self.guarded = False  # the record holds: a game's missing mark is evidence (``Tip.lost``)
        if self.path == ":memory:":
            self.keyed = True  # the database lives as long as this process and its key
        else:
            try:
                found = installation_key(self.key_path, create=not self.read_only)
            except StoreUnreadable:
                self.close()
                raise
            if found is not None:
                self.key, self.keyed = found, True
        if self.keyed and self.bound and self.sealed:
            self._check_record()
