"""The event log: SQLite through sqlite-utils.

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

import contextlib
import hashlib
import hmac
import os
import sqlite3
import stat
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    import sqlite_utils

import msgspec

from ledger.codec import GENESIS, row_hash
from ledger.errors import BadInput, NotFound, RefereeError, StorageFailed, StoreUnreadable, WriteConflict

BUSY_TIMEOUT = 30.0  # seconds a command waits for another process's write lock
CURRENT_GAME = "current_game"  # the settings key of the current game
MAX_ID = 2**63 - 1  # SQLite's largest INTEGER: a larger id or seq names nothing
TABLES = frozenset({"games", "events", "snapshots", "settings", "verified"})
SEALED = frozenset({"checked", "folded"})  # the caches of the chain check (sealed batches)
_MARK_COLUMNS = frozenset({"seal", "bad_seq", "bad"})  # the verified marks' seal and damage
KEY_BYTES = 32
SEALED_BY = "sealed_by"  # the settings key of the sealing record (``Store._check_record``)

# SQLite's primary result codes (the low byte of an extended code)
_BUSY, _LOCKED, _READONLY, _IOERR, _FULL, _CANTOPEN = 5, 6, 8, 10, 13, 14


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


class _Record(msgspec.Struct, frozen=True, array_like=True):
    """The sealing record: the key's id, the games with no mark to expect, and its seal."""

    key: str
    unmarked: list[int]
    seal: str


class StaleHead(Exception):
    """The log moved on since the caller read it: the append was based on an old seq."""

    def __init__(self, expected: int, actual: int) -> None:
        super().__init__(f"expected head #{expected}, found #{actual}")
        self.expected = expected
        self.actual = actual


_COLUMNS = "seq, type, body, actor, recorded_at, prev_hash, hash"
# The declaration facts of every game (``loop.goal_declared``, ``pursuit.declared``): the partial
# index ``events_declared`` serves exactly the queries that name this term.
_DECLARED = "type LIKE '%declared'"


class Store:
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

    @property
    def key_path(self) -> Path:
        """Where this database's sealing key is kept (``key_beside``)."""
        return key_beside(self.path)

    def seal(self, *parts: object) -> str:
        """The HMAC of ``parts`` with this installation's key: only it can make one that matches."""
        return hmac.new(self.key, msgspec.json.encode(parts), hashlib.sha256).hexdigest()

    def _sealed(self, stored: object, *parts: object) -> bool:
        return self.keyed and isinstance(stored, str) and hmac.compare_digest(stored, self.seal(*parts))

    def key_id(self) -> str:
        """Which key seals this database, as the record keeps it: an HMAC of a constant with the
        key (it tells nothing of the key, and only the same key gives it)."""
        digest = hmac.new(self.key, b"referee: the key that seals this database", hashlib.sha256)
        return digest.hexdigest()[:32]

    def _check_record(self) -> None:
        """Read (or write) the sealing record: which key sealed this database, and the games that
        have no verified mark to expect. Every game the referee makes gets a mark in the same
        transaction as its rows, so under the key of the record a game without a mark that holds
        is evidence that it was deleted or forged (``Tip.lost``); the record lists the games for
        which that is no evidence: those of a database an older referee made (no record yet), or
        every game once the key changed (its marks were sealed with the lost key). Made on first
        use; written again only when it changes. Best effort: a database that cannot be written
        now is guarded with what was found, in this process; one opened read-only is guarded
        only by a record of this key already in it.

        A record that says another key sealed the database while marks made with this key hold is
        a forgery (a key lost leaves no mark that holds), as is one that does not read or whose
        seal fails: then every game is expected to have its mark."""
        stored = self.setting(SEALED_BY)
        record = self._record(stored)
        games = [row[0] for row in self._read("SELECT id FROM games ORDER BY id")]
        if record is not None and record.key == self.key_id():
            self.guarded = True
            self.unmarked = frozenset(record.unmarked)
            if self._sealed(record.seal, SEALED_BY, record.key, record.unmarked):
                return
            self.key_news, self.unmarked = "altered", frozenset()
        elif self.read_only:
            return  # no record of this key, and none can be written: this opening judges no mark
        else:
            holding = {g for g in games if self._holds_mark(g)}
            if stored is None:
                self.key_news = "first" if games else None
                self.unmarked = frozenset(games) - holding
            elif record is not None and not holding:
                self.key_news, self.unmarked = "changed", frozenset(games)
            else:  # a record that does not read, or names another key though this one's marks hold
                self.key_news, self.unmarked = "altered", frozenset()
        self.guarded = True
        with self._best_effort() as conn:
            self._put_record(conn)

    def _record(self, stored: str | None) -> _Record | None:
        try:
            return msgspec.json.decode(stored or "", type=_Record)
        except (msgspec.DecodeError, TypeError):
            return None

    def _put_record(self, conn: sqlite3.Connection) -> None:
        unmarked = sorted(self.unmarked)
        key = self.key_id()
        text = msgspec.json.encode(_Record(key, unmarked, self.seal(SEALED_BY, key, unmarked))).decode()
        conn.execute(
            "INSERT INTO settings (key, value) VALUES (?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (SEALED_BY, text),
        )

    def _expects_mark(self, game_id: int) -> bool:
        """Whether a game with no mark that holds is evidence (``Tip.lost``): under the record of
        this key, and not one of its unmarked games. The record is read again first: another
        process may have found this key replaced (this one then believes none of its marks) or
        listed the game (a long-lived process, ``serve``, opened it before)."""
        if not self.guarded:
            return False
        record = self._record(self.setting(SEALED_BY))
        if record is None or record.key != self.key_id():
            return False  # the record gone or made with another key: this opening is not the judge
        if self._sealed(record.seal, SEALED_BY, record.key, record.unmarked):
            self.unmarked = frozenset(record.unmarked)
        return game_id not in self.unmarked

    def _holds_mark(self, game_id: int) -> bool:
        """Whether a game has a verified mark whose seal holds under this key."""
        row = self._read_one(
            "SELECT seq, hash, setup_hash, bad_seq, bad, seal FROM verified WHERE game_id = ?", (game_id,)
        )
        return row is not None and self._sealed(row[5], "verified", game_id, *row[:5])

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

    def backup(self, target: Path) -> Path | None:
        """Copy the database, as it stands at one instant, to the new file ``target``, and its key
        beside it as ``<target>.key`` (mode 0600): the two files a complete backup consists of
        (``--db target`` opens it as it is). Returns the key's copy, None if this database has no
        key to copy (nothing sealed: the copy checks each game whole). Nothing is overwritten."""
        key = key_beside(target)
        for path in (target, key):
            if path.exists() or path.is_symlink():
                raise BadInput(f"{path} exists already: a backup never overwrites a file", legal="a new FILE")
        try:
            copy = sqlite3.connect(target)
            try:
                self.conn.backup(copy)
            finally:
                copy.close()
        except sqlite3.Error as exc:
            with contextlib.suppress(OSError):
                target.unlink()
            raise self._failure(exc, "back up") from None
        if not self.keyed or self.path == ":memory:":
            return None
        try:
            descriptor = os.open(key, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "wb") as file:
                file.write(self.key)
                file.flush()
                os.fsync(file.fileno())
        except OSError as exc:
            raise StorageFailed(
                f"copied the database to {target}, but not its key to {key} ({exc.strerror}):"
                " the copy alone cannot open the sealed seeds",
                legal=f"copy {self.key_path} to {key} by hand",
            ) from None
        return key

    @property
    def db(self) -> sqlite_utils.Database:
        """The sqlite-utils view of the connection (imported on first use: it is slow to import)."""
        if self._db is None:
            import sqlite_utils

            self._db = sqlite_utils.Database(self.conn)
        return self._db

    def close(self) -> None:
        self.conn.close()

    def files(self) -> list[Path]:
        """The files this database consists of on disk: the file itself, SQLite's ``-wal`` and
        ``-shm`` beside it, and its sealing key (``key_path``); none for ``:memory:``."""
        if self.path == ":memory:":
            return []
        return [Path(self.path), Path(self.path + "-wal"), Path(self.path + "-shm"), self.key_path]

    def remove(self) -> None:
        """Close the database and delete it from disk, with what this opening made for it: its
        key if there was none before, and the folders made for the file (innermost first). For a
        new database a refused command leaves with no game in it: a refusal leaves no file behind."""
        self.close()
        for path in self.files():
            if path != self.key_path or self._made_key:  # a key found there is not this opening's to take
                path.unlink(missing_ok=True)
        for folder in self._made_folders:
            with contextlib.suppress(OSError):
                folder.rmdir()

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

    # --- games ------------------------------------------------------------------------

    def create_game(
        self,
        *,
        kind: str,
        rules_version: str,
        title: str,
        players: Sequence[str],
        options: dict[str, str],
        created_at: str,
        rows: Sequence[NewRow],
        status: str = "active",
        current: bool = False,
    ) -> int:
        """Insert a game and its first rows (the setup) in one transaction; return its id.

        The rows were just decided, so they are marked verified; with ``current`` the game
        becomes the current game in the same transaction."""
        with self._immediate() as conn:
            cursor = conn.execute(
                "INSERT INTO games (kind, rules_version, title, players, options, created_at, status)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    kind,
                    rules_version,
                    title,
                    msgspec.json.encode(list(players)).decode(),
                    msgspec.json.encode(options, order="sorted").decode(),
                    created_at,
                    status,
                ),
            )
            game_id = cursor.lastrowid
            assert game_id is not None
            stored = self._insert(conn, game_id, 0, GENESIS, rows, created_at)
            self._mark(conn, game_id, stored[-1].seq, stored[-1].hash, stored[0].hash, current)
        return game_id

    def import_game(self, game: GameRow, rows: Sequence[Row], *, current: bool = False) -> int:
        """Insert a game with rows exactly as recorded elsewhere (hashes and times kept); the
        caller has checked them, so they are marked verified."""
        with self._immediate() as conn:
            cursor = conn.execute(
                "INSERT INTO games (kind, rules_version, title, players, options, created_at, status)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    game.kind,
                    game.rules_version,
                    game.title,
                    msgspec.json.encode(game.players).decode(),
                    msgspec.json.encode(game.options, order="sorted").decode(),
                    game.created_at,
                    game.status,
                ),
            )
            game_id = cursor.lastrowid
            assert game_id is not None
            conn.executemany(
                f"INSERT INTO events (game_id, {_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(game_id, r.seq, r.type, r.body, r.actor, r.recorded_at, r.prev_hash, r.hash) for r in rows],
            )
            self._mark(conn, game_id, rows[-1].seq, rows[-1].hash, rows[0].hash, current)
        return game_id

    def _mark(
        self, conn: sqlite3.Connection, game_id: int, seq: int, hash_: str, setup_hash: str, current: bool
    ) -> None:
        conn.execute(
            "INSERT INTO verified (game_id, seq, hash, setup_hash, seal) VALUES (?, ?, ?, ?, ?)",
            (game_id, seq, hash_, setup_hash, self._mark_seal(game_id, seq, hash_, setup_hash)),
        )
        if current:
            conn.execute(
                "INSERT INTO settings (key, value) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (CURRENT_GAME, str(game_id)),
            )

    def _mark_seal(
        self,
        game_id: int,
        seq: int,
        hash_: str,
        setup_hash: str,
        bad_seq: int | None = None,
        bad: str | None = None,
    ) -> str:
        return self.seal("verified", game_id, seq, hash_, setup_hash, bad_seq, bad)

    def game(self, game_id: int) -> GameRow:
        """The ``games`` row as stored: a cache of the setup row (see the service)."""
        if not 0 < game_id <= MAX_ID:
            raise NotFound(f"no game #{game_id} in {self.path}", legal="see `referee games`")
        row = self._read_one(
            "SELECT id, kind, rules_version, title, players, options, created_at, status"
            " FROM games WHERE id = ?",
            (game_id,),
        )
        if row is None:
            raise NotFound(f"no game #{game_id} in {self.path}", legal="see `referee games`")
        return _game_row(row)

    def games(self) -> list[GameRow]:
        rows = self._read(
            "SELECT id, kind, rules_version, title, players, options, created_at, status"
            " FROM games ORDER BY id"
        )
        return [_game_row(r) for r in rows]

    def setups(self) -> list[tuple[int, str, str, str]]:
        """Every game's id, when its setup row was recorded (as text: "?" if none) and its
        cached status, with its setup row's body."""
        return self._read(
            "SELECT g.id, ifnull(CAST(e.recorded_at AS TEXT), '?'), g.status, e.body FROM games g"
            " JOIN events e ON e.game_id = g.id AND e.seq = 1 ORDER BY g.id"
        )

    def repair_game(self, game: GameRow) -> None:
        """Rewrite a game's cached ``games`` row (``verify`` does, from the setup row)."""
        with self._immediate() as conn:
            conn.execute(
                "UPDATE games SET kind = ?, rules_version = ?, title = ?, players = ?, options = ?,"
                " created_at = ?, status = ? WHERE id = ?",
                (
                    game.kind,
                    game.rules_version,
                    game.title,
                    msgspec.json.encode(game.players).decode(),
                    msgspec.json.encode(game.options, order="sorted").decode(),
                    game.created_at,
                    game.status,
                    game.id,
                ),
            )

    # --- the log ----------------------------------------------------------------------

    def tip(self, game_id: int) -> Tip:
        """The head and the verified mark in one statement, so that a writer committing
        between two reads cannot make them disagree. A mark whose seal does not hold (edited,
        made with another key, from before the seals) is not believed: no mark."""
        if not self.bound or not self.sealed:
            head, head_hash = self.head(game_id)
            return Tip(head, head_hash, None, None, None, None)
        row = self._read_one(
            "SELECT h.seq, h.hash, v.seq, v.hash, m.hash, v.setup_hash, v.seal, v.bad_seq, v.bad"
            " FROM (SELECT seq, hash FROM events WHERE game_id = ? ORDER BY seq DESC LIMIT 1) h"
            " LEFT JOIN verified v ON v.game_id = ?"
            " LEFT JOIN events m ON m.game_id = ? AND m.seq = v.seq",
            (game_id, game_id, game_id),
        )
        if row is None:
            return Tip(0, GENESIS, None, None, None, None)
        head, head_hash, seq, hash_, now, setup_hash, seal, bad_seq, bad = row
        if seq is None or not self._sealed(seal, "verified", game_id, seq, hash_, setup_hash, bad_seq, bad):
            return Tip(head, head_hash, None, None, None, None, seal, lost=self._expects_mark(game_id))
        if seq == 0:  # a damage record for a game none of whose rows were checked
            return Tip(head, head_hash, None, None, None, None, seal, bad_seq, bad)
        return Tip(head, head_hash, seq, hash_, now, setup_hash, seal, bad_seq, bad)

    def set_verified(self, game_id: int, seq: int, hash_: str, setup_hash: str, *, since: Tip) -> None:
        """Move a game's verified mark to ``seq`` (clearing any damage it recorded), unless it
        changed since ``since`` was read. Best effort: on read-only media, or while another
        process writes, it stays behind."""
        self._put_mark(game_id, (seq, hash_, setup_hash, None, None), since)

    def mark_bad(self, game_id: int, seq: int | None, bad: dict[str, str | None], *, since: Tip) -> None:
        """Record that a check found row ``seq`` bad (``bad``: what, and what the table can do),
        sealed with the mark: every command refuses the game until a check passes again. The
        rows checked before stay marked. Best effort."""
        kept = (since.mark, since.mark_hash, since.setup_hash) if since.mark is not None else (0, "", "")
        import json  # only a damaged game needs it

        text = json.dumps(bad, sort_keys=True)
        self._put_mark(game_id, (*kept, seq, text), since)  # type: ignore[arg-type]

    def _put_mark(self, game_id: int, mark: tuple[int, str, str, int | None, str | None], since: Tip) -> None:
        if not self.bound or not self.sealed or self.read_only or not self.keyed:
            return
        with self._best_effort() as conn:
            conn.execute("DELETE FROM verified WHERE game_id = ? AND seal IS ?", (game_id, since.seal))
            conn.execute(
                "INSERT OR IGNORE INTO verified (game_id, seq, hash, setup_hash, bad_seq, bad, seal)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, *mark, self._mark_seal(game_id, *mark)),
            )
            if game_id in self.unmarked:  # it has its mark now: from here on, one is expected
                self.unmarked -= {game_id}
                self._put_record(conn)

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

    def head(self, game_id: int) -> tuple[int, str]:
        """The last seq and its hash (0 and the genesis hash for an empty log)."""
        row = self._read_one(
            "SELECT seq, hash FROM events WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,)
        )
        return (row[0], row[1]) if row else (0, GENESIS)

    def append(
        self,
        game_id: int,
        expected_seq: int,
        rows: Sequence[NewRow],
        recorded_at: str,
        status: str | None = None,
    ) -> list[Row]:
        """Append the rows of one move after ``expected_seq``, atomically.

        Raises ``StaleHead`` if the log's head is no longer ``expected_seq`` (another writer
        appended first); then nothing is written.
        """
        with self._immediate() as conn:
            head = conn.execute(
                "SELECT seq, hash FROM events WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
                (game_id,),
            ).fetchone()
            seq, prev = head if head else (0, GENESIS)
            if seq != expected_seq:
                raise StaleHead(expected_seq, seq)
            stored = self._insert(conn, game_id, seq, prev, rows, recorded_at)
            if self.bound and self.sealed and self.keyed:
                # The rows were decided on the checked state at ``seq``: the mark moves with them
                # (only if it stood at ``seq``, sealed and clean: rows not yet checked stay to be
                # checked, and a damaged game stays damaged).
                mark = conn.execute(
                    "SELECT seq, hash, setup_hash, seal, bad_seq, bad FROM verified WHERE game_id = ?",
                    (game_id,),
                ).fetchone()
                if (
                    mark is not None
                    and (mark[0], mark[1], mark[4], mark[5]) == (seq, prev, None, None)
                    and self._sealed(mark[3], "verified", game_id, seq, prev, mark[2], None, None)
                ):
                    last = stored[-1]
                    conn.execute(
                        "UPDATE verified SET seq = ?, hash = ?, seal = ? WHERE game_id = ?",
                        (
                            last.seq,
                            last.hash,
                            self._mark_seal(game_id, last.seq, last.hash, mark[2]),
                            game_id,
                        ),
                    )
            if status is not None:
                conn.execute(
                    "UPDATE games SET status = ? WHERE id = ? AND status != ?",
                    (status, game_id, status),
                )
        return stored

    def _insert(
        self,
        conn: sqlite3.Connection,
        game_id: int,
        seq: int,
        prev: str,
        rows: Sequence[NewRow],
        recorded_at: str,
    ) -> list[Row]:
        stored = []
        for new in rows:
            seq += 1
            digest = row_hash(prev, seq, new.type, new.body, new.actor, recorded_at)
            stored.append(Row(seq, new.type, new.body, new.actor, recorded_at, prev, digest))
            prev = digest
        try:
            conn.executemany(
                f"INSERT INTO events (game_id, {_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (game_id, r.seq, r.type, r.body, r.actor, r.recorded_at, r.prev_hash, r.hash)
                    for r in stored
                ],
            )
        except sqlite3.IntegrityError:
            # The primary key (game_id, seq) refused a row: another writer holds that seq.
            raise StaleHead(stored[0].seq - 1, -1) from None
        return stored

    def rows(self, game_id: int, after: int = 0, upto: int | None = None) -> list[Row]:
        """Rows with ``after < seq <= upto`` in seq order."""
        sql = f"SELECT {_COLUMNS} FROM events WHERE game_id = ? AND seq > ?"
        params: list[Any] = [game_id, after]
        if upto is not None:
            sql += " AND seq <= ?"
            params.append(upto)
        return [Row(*r) for r in self._read(sql + " ORDER BY seq", params)]

    def iter_rows(
        self, game_id: int, after: int = 0, batch: int = 500, *, upto: int = MAX_ID
    ) -> Iterator[Row]:
        """Rows with ``after < seq <= upto`` in seq order, read a batch at a time (flat memory)."""
        while True:
            rows = self._read(
                f"SELECT {_COLUMNS} FROM events WHERE game_id = ? AND seq > ? AND seq <= ?"
                " ORDER BY seq LIMIT ?",
                (game_id, after, upto, batch),
            )
            for row in rows:
                yield Row(*row)
            if len(rows) < batch:
                return
            after = rows[-1][0]

    def chain_links(self, game_id: int, after: int, upto: int) -> list[tuple[int, str, str]]:
        """``(seq, prev_hash, hash)`` of the rows with ``after < seq <= upto``: the chain's links
        without the rows' contents (a cheap read, to check the links of a long stretch)."""
        return self._read(
            "SELECT seq, prev_hash, hash FROM events WHERE game_id = ? AND seq > ? AND seq <= ? ORDER BY seq",
            (game_id, after, upto),
        )

    def nth_last_meta(self, game_id: int, n: int) -> int:
        """The seq of the ``n``-th last setup, move or revert row (1 if there are fewer)."""
        row = self._read_one(
            "SELECT seq FROM events WHERE game_id = ? AND type IN ('setup', 'move', 'reverted')"
            " ORDER BY seq DESC LIMIT 1 OFFSET ?",
            (game_id, n - 1),
        )
        return row[0] if row else 1

    def fold_rows(self, game_id: int, after: int, upto: int) -> list[tuple[int, str, str, str, str, str]]:
        """``(seq, type, body, actor, recorded_at, hash)`` of the rows with ``after < seq <= upto``:
        what a fold reads and checks against the chain, as plain tuples (it reads many)."""
        return self._read(
            "SELECT seq, type, body, actor, recorded_at, hash FROM events"
            " WHERE game_id = ? AND seq > ? AND seq <= ? ORDER BY seq",
            (game_id, after, upto),
        )

    def fold_facts(self, game_id: int, after: int, upto: int) -> list[tuple[int, str, str]]:
        """``(seq, type, body)`` of the rows with ``after < seq <= upto``: all a fold uses."""
        return self._read(
            "SELECT seq, type, body FROM events WHERE game_id = ? AND seq > ? AND seq <= ? ORDER BY seq",
            (game_id, after, upto),
        )

    def meta_at(self, game_id: int, seq: int) -> tuple[int, str]:
        """The setup, move or revert row that row ``seq`` belongs to: (its seq, its type)."""
        row = self._read_one(
            "SELECT seq, type FROM events WHERE game_id = ? AND seq <= ?"
            " AND type IN ('setup', 'move', 'reverted') ORDER BY seq DESC LIMIT 1",
            (game_id, seq),
        )
        return (row[0], row[1]) if row else (1, "setup")

    def setup_span(self, game_id: int) -> int:
        """For a log from before the setup recorded its extent (``Setup.setup_moves``): the last
        seq of the rows ``create_game`` wrote, the setup row and the table's moves decided with
        it (they share its ``recorded_at``; every later append reads the clock again)."""
        row = self._read_one(
            "SELECT seq FROM events WHERE game_id = ? AND seq > 1 AND (recorded_at !="
            " (SELECT recorded_at FROM events WHERE game_id = ? AND seq = 1)"
            " OR actor != 'table' OR type = 'reverted') ORDER BY seq LIMIT 1",
            (game_id, game_id),
        )
        if row is not None:
            return int(row[0]) - 1
        return self.head(game_id)[0]

    def nth_meta(self, game_id: int, n: int) -> int | None:
        """The seq of the ``n``-th move or revert row (1 is the first after the setup), if any."""
        row = self._read_one(
            "SELECT seq FROM events WHERE game_id = ? AND type IN ('move', 'reverted')"
            " ORDER BY seq LIMIT 1 OFFSET ?",
            (game_id, n - 1),
        )
        return row[0] if row else None

    def next_meta(self, game_id: int, after: int) -> int | None:
        """The seq of the first move or revert row after ``after``: where the next append began."""
        row = self._read_one(
            "SELECT seq FROM events WHERE game_id = ? AND seq > ? AND type IN ('move', 'reverted')"
            " ORDER BY seq LIMIT 1",
            (game_id, after),
        )
        return row[0] if row else None

    def reverts(self, game_id: int, upto: int | None = None) -> list[Row]:
        """The revert rows with ``seq <= upto``, in seq order (through a partial index)."""
        sql = f"SELECT {_COLUMNS} FROM events WHERE game_id = ? AND type = 'reverted'"
        params: list[Any] = [game_id]
        if upto is not None:
            sql += " AND seq <= ?"
            params.append(upto)
        return [Row(*r) for r in self._read(sql + " ORDER BY seq", params)]

    def rows_of_meta(self, game_id: int) -> list[Row]:
        """The move and revert rows (not the facts), in seq order."""
        return [
            Row(*r)
            for r in self._read(
                f"SELECT {_COLUMNS} FROM events WHERE game_id = ? AND type IN ('move', 'reverted')"
                " ORDER BY seq",
                (game_id,),
            )
        ]

    def seqs_of_type(self, game_id: int, type_: str, *, descending: bool = False) -> Iterator[int]:
        order = "DESC" if descending else "ASC"
        try:
            cursor = self.conn.execute(
                f"SELECT seq FROM events WHERE game_id = ? AND type = ? ORDER BY seq {order}",
                (game_id, type_),
            )
        except sqlite3.Error as exc:
            raise self._failure(exc, "read") from None
        return (r[0] for r in cursor)

    # --- snapshots (a cache of the fold, never the truth) ------------------------------

    def has_snapshots(self, game_id: int, upto: int) -> bool:
        """Any snapshot of this game at or before ``upto``, whatever its key."""
        row = self._read_one(
            "SELECT 1 FROM snapshots WHERE game_id = ? AND seq <= ? LIMIT 1", (game_id, upto)
        )
        return row is not None

    def snapshot_seqs(self, game_id: int, key: str, upto: int) -> list[int]:
        """Seqs of the bound snapshots (those that record the row hash at their seq)."""
        if not self.bound:
            return []
        rows = self._read(
            "SELECT seq FROM snapshots WHERE game_id = ? AND key = ? AND seq <= ? AND hash IS NOT NULL"
            " ORDER BY seq DESC",
            (game_id, key, upto),
        )
        return [r[0] for r in rows]

    def snapshot(self, game_id: int, key: str, seq: int) -> tuple[str, str] | None:
        """A snapshot's body and the row hash it is bound to, only if that row still has that
        hash and the snapshot is sealed by this installation (body, seq, key and hash as
        written); else None."""
        if not self.bound:
            return None
        row = self._read_one(
            "SELECT s.body, s.digest, s.hash FROM snapshots s"
            " JOIN events e ON e.game_id = s.game_id AND e.seq = s.seq AND e.hash = s.hash"
            " WHERE s.game_id = ? AND s.key = ? AND s.seq = ?",
            (game_id, key, seq),
        )
        if row is None or not self.snapshot_sealed(game_id, Snapshot(seq, key, row[0], row[2], row[1])):
            return None
        return row[0], row[2]

    def snapshot_sealed(self, game_id: int, snapshot: Snapshot) -> bool:
        """Whether this installation wrote this snapshot as it is (its seal matches)."""
        return self._sealed(
            snapshot.digest, "snapshot", game_id, snapshot.seq, snapshot.key, snapshot.hash, snapshot.body
        )

    def put_snapshot(self, game_id: int, key: str, seq: int, body: str, hash_: str) -> None:
        """Cache the fold at ``seq``, bound to that row's hash ``hash_``. Best effort."""
        if not self.bound or self.read_only or not self.keyed:
            return
        seal = self.seal("snapshot", game_id, seq, key, hash_, body)
        with self._best_effort() as conn:
            conn.execute(
                "INSERT OR IGNORE INTO snapshots (game_id, seq, key, body, hash, digest)"
                " SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS"
                " (SELECT 1 FROM events WHERE game_id = ? AND seq = ? AND hash = ?)",
                (game_id, seq, key, body, hash_, seal, game_id, seq, hash_),
            )

    def all_snapshots(self, game_id: int) -> list[Snapshot]:
        if not self.bound:
            rows = self._read("SELECT seq, key, body FROM snapshots WHERE game_id = ?", (game_id,))
            return [Snapshot(seq, key, body, None, None) for seq, key, body in rows]
        rows = self._read(
            "SELECT seq, key, body, hash, digest FROM snapshots WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        return [Snapshot(*r) for r in rows]

    def drop_snapshots(self, game_id: int, which: Sequence[Snapshot]) -> None:
        """Delete cache rows that do not hold (``verify`` does). Best effort."""
        with self._best_effort() as conn:
            conn.executemany(
                "DELETE FROM snapshots WHERE game_id = ? AND seq = ? AND key = ?",
                [(game_id, s.seq, s.key) for s in which],
            )

    # --- sealed batches (a cache of the chain check) ------------------------------------

    def batch_sealed(self, game_id: int, lo: int, hi: int, prev: str, rows: Sequence[Sequence[Any]]) -> bool:
        """Whether rows ``lo < seq <= hi`` (as the fold reads them) are exactly the ones sealed
        when they were checked, following the row whose hash is ``prev``."""
        if not self.keyed or "checked" not in self._known_tables():
            return False
        row = self._read_one("SELECT hi, seal FROM checked WHERE game_id = ? AND lo = ?", (game_id, lo))
        return row is not None and row[0] == hi and self._sealed(row[1], "rows", game_id, lo, hi, prev, rows)

    def folded_last(self, game_id: int, lo: int, hi: int) -> tuple[str, str] | None:
        """The hash of row ``hi`` and the seal kept for the batch ``(lo, hi]`` as a fold reads it
        (``folded``), if any: neither checked yet (``folded_sealed``)."""
        if not self.keyed or "folded" not in self._known_tables():
            return None
        row = self._read_one("SELECT hi, last, seal FROM folded WHERE game_id = ? AND lo = ?", (game_id, lo))
        return (row[1], row[2]) if row is not None and row[0] == hi else None

    def folded_sealed(
        self, game_id: int, lo: int, hi: int, prev: str, rows: Sequence[Sequence[Any]], kept: tuple[str, str]
    ) -> bool:
        """Whether ``rows`` ``(seq, type, body)`` are exactly the ones sealed (``kept``, from
        ``folded_last``) when they were checked, following the row whose hash is ``prev``."""
        last, seal = kept
        return self._sealed(seal, "folded", game_id, lo, hi, prev, last, rows)

    def batch_seals(
        self, game_id: int, lo: int, hi: int, prev: str, rows: Sequence[Sequence[Any]]
    ) -> list[tuple[str, tuple[Any, ...]]]:
        """The seals of a batch just checked row by row, ``(seq, type, body, actor, recorded_at,
        hash)`` each: as `log` reads it (``checked``) and as a fold does (``folded``), for
        ``put_seals`` once the rows are known to end at a hash already checked (none where
        nothing is sealed)."""
        if not self.keyed or self.read_only or not self._known_tables() >= SEALED:
            return []
        last = rows[-1][5]
        facts = [(r[0], r[1], r[2]) for r in rows]
        return [
            ("checked", (lo, hi, self.seal("rows", game_id, lo, hi, prev, rows))),
            ("folded", (lo, hi, last, self.seal("folded", game_id, lo, hi, prev, last, facts))),
        ]

    def put_seals(self, game_id: int, seals: Sequence[tuple[str, tuple[Any, ...]]]) -> None:
        """Store seals made by ``batch_seals``. Best effort."""
        if not seals:
            return
        with self._best_effort() as conn:
            for table, row in seals:
                marks = ", ".join("?" * (len(row) + 1))
                conn.execute(f"INSERT OR REPLACE INTO {table} VALUES ({marks})", (game_id, *row))

    def _known_tables(self) -> set[str]:
        if self._table_names is None:
            self._table_names = self._tables()
        return self._table_names

    # --- settings ---------------------------------------------------------------------

    def setting(self, key: str) -> str | None:
        row = self._read_one("SELECT value FROM settings WHERE key = ?", (key,))
        return None if row is None or row[0] is None else str(row[0])

    def set_setting(self, key: str, value: str) -> None:
        with self._immediate():
            self.db.table("settings").upsert({"key": key, "value": value}, pk="key")

    # --- the sealed seeds of virtual games -------------------------------------------

    def put_seed(self, commitment: str, seed: int, salt: str) -> None:
        """Keep a virtual game's seed and salt, encrypted with this installation's key (an
        HMAC-SHA256 keystream bound to the setup's ``commitment``): the file alone does not
        tell them; the file and ``<db>.key`` together do."""
        if not self.keyed:
            raise StoreUnreadable(
                f"cannot keep a seed sealed: the key {self.key_path} cannot be read or made",
                legal="make the folder of the database writable, or play without --seed",
            )
        plain = msgspec.json.encode([seed, salt])
        box = bytes(a ^ b for a, b in zip(plain, self._keystream(commitment, len(plain)), strict=True))
        with self._immediate() as conn:
            conn.execute("CREATE TABLE IF NOT EXISTS seeds (commitment TEXT PRIMARY KEY, box TEXT NOT NULL)")
            conn.execute(
                "INSERT OR REPLACE INTO seeds (commitment, box) VALUES (?, ?)", (commitment, box.hex())
            )
        self._table_names = None

    def kept_seed(self, commitment: str) -> tuple[int, str] | None:
        """The seed and salt kept for ``commitment`` (``put_seed``), or None if this installation
        keeps none that opens with its key (the caller checks them against the commitment)."""
        if not self.keyed or "seeds" not in self._known_tables():
            return None
        row = self._read_one("SELECT box FROM seeds WHERE commitment = ?", (commitment,))
        if row is None:
            return None
        try:
            box = bytes.fromhex(str(row[0]))
            plain = bytes(a ^ b for a, b in zip(box, self._keystream(commitment, len(box)), strict=True))
            seed, salt = msgspec.json.decode(plain, type=tuple[int, str])
        except (ValueError, msgspec.DecodeError):
            return None
        return seed, salt

    def _keystream(self, commitment: str, size: int) -> bytes:
        blocks = (self.seal("seed", commitment, n) for n in range(size // 32 + 1))
        return b"".join(bytes.fromhex(block) for block in blocks)[:size]

    # --- the links of `referee serve` -------------------------------------------------

    def ensure_links(self) -> None:
        """Create the ``links`` table if missing: only ``serve`` needs it, so a database that is
        never served is never changed for it."""
        if "links" in self._tables():
            return
        with self._immediate():
            self.db.table("links").create(
                {"game_id": int, "role": str, "token_hash": str},
                pk=("game_id", "role"),
                not_null={"token_hash"},
                foreign_keys=[("game_id", "games", "id")],
                if_not_exists=True,
            )

    def links(self, game_id: int) -> dict[str, str]:
        """A game's link hashes, token hash -> role (none if ``serve`` never made any)."""
        if "links" not in self._tables():
            return {}
        rows = self._read("SELECT token_hash, role FROM links WHERE game_id = ?", (game_id,))
        return {str(h): str(r) for h, r in rows}

    def put_links(self, game_id: int, hashes: dict[str, str]) -> None:
        """Replace a game's links (role -> token hash) in one transaction: the old ones stop working."""
        self.ensure_links()
        with self._immediate() as conn:
            conn.execute("DELETE FROM links WHERE game_id = ?", (game_id,))
            conn.executemany(
                "INSERT INTO links (game_id, role, token_hash) VALUES (?, ?, ?)",
                [(game_id, role, digest) for role, digest in hashes.items()],
            )

    # --- the card library (``ledger.library``) ------------------------------------------

    def ensure_library(self) -> None:
        """Create the ``library`` table, and the index that finds declaration facts, if missing
        (on read-only media the write is refused as any is: only writes call this)."""
        if "library" in self._tables():
            return
        with self._immediate() as conn:
            conn.execute(
                "CREATE TABLE IF NOT EXISTS library (id INTEGER PRIMARY KEY, kind TEXT NOT NULL,"
                " key TEXT NOT NULL, type TEXT NOT NULL, body TEXT NOT NULL, source TEXT NOT NULL,"
                " note TEXT NOT NULL, affects TEXT NOT NULL, recorded_at TEXT NOT NULL)"
            )
            conn.execute(
                f"CREATE INDEX IF NOT EXISTS events_declared ON events (game_id, seq) WHERE {_DECLARED}"
            )

    def declaration_rows(self, kind: str) -> list[tuple[int, int, int, str, str, str]]:
        """``(game_id, seq, move_seq, type, body, recorded_at)`` of every declaration fact (an
        event whose type ends in ``declared``) in the logs of ``kind``'s games, oldest first;
        ``move_seq`` is the setup or move row it belongs to."""
        return self._read(
            "SELECT e.game_id, e.seq, (SELECT m.seq FROM events m WHERE m.game_id = e.game_id"
            " AND m.seq <= e.seq AND m.type IN ('setup', 'move', 'reverted') ORDER BY m.seq DESC"
            " LIMIT 1), e.type, e.body, e.recorded_at FROM events e"
            f" JOIN games g ON g.id = e.game_id WHERE {_DECLARED} AND g.kind = ?"
            " ORDER BY e.recorded_at, e.game_id, e.seq",
            (kind,),
        )

    def library_rows(self, kind: str) -> list[tuple[int, str, str, str, str, str, str, str]]:
        """``(id, key, type, body, source, note, affects, recorded_at)`` of ``kind``'s library rows."""
        if "library" not in self._tables():
            return []
        return self._read(
            "SELECT id, key, type, body, source, note, affects, recorded_at FROM library"
            " WHERE kind = ? ORDER BY id",
            (kind,),
        )

    def add_library(
        self, kind: str, rows: Sequence[tuple[str, str, str, str, str, str]], recorded_at: str
    ) -> None:
        """Append ``(key, type, body, source, note, affects)`` rows to ``kind``'s library, atomically."""
        self.ensure_library()
        with self._immediate() as conn:
            conn.executemany(
                "INSERT INTO library (kind, key, type, body, source, note, affects, recorded_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(kind, *row, recorded_at) for row in rows],
            )

    # --- reading ----------------------------------------------------------------------

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


def _code(exc: sqlite3.Error) -> int:
    """SQLite's primary result code of an error (0 if it carries none)."""
    return int(getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF


def installation_key(path: Path, *, create: bool) -> bytes | None:
    """The sealing key kept at ``path``, made there (mode 0600) if missing and ``create``; None
    if it is missing and cannot be made (then nothing is sealed, and no cache is believed).

    A file there that is no key the referee made is refused (``StoreUnreadable``), saying what is
    wrong with it: anything but a regular file (a FIFO would hang the read, a device never end
    it), one that cannot be read, one of another size than a key's. At most a key's size and
    one byte more is read. A key is written to a private temporary file and linked into place,
    so that two processes making it at once agree on one key and none reads a half-written one."""
    try:
        return _read_key(path)
    except FileNotFoundError:
        if not create:
            return None
    temporary = path.with_name(f"{path.name}.{os.getpid()}.{os.urandom(4).hex()}")
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as file:
            file.write(os.urandom(KEY_BYTES))
            file.flush()
            os.fsync(file.fileno())
        with contextlib.suppress(FileExistsError):
            os.link(temporary, path)
    except OSError:
        return None
    finally:
        with contextlib.suppress(OSError):
            temporary.unlink()
    try:
        return _read_key(path)
    except FileNotFoundError:  # a link there to a file that does not exist
        raise StoreUnreadable(
            f"the key {path} is a link to a file that does not exist",
            legal="remove the link, or make it point at the database's own key, then run the referee again",
        ) from None


def key_beside(database: str | Path) -> Path:
    """Where the database at ``database`` keeps its sealing key: beside it, as ``<db>.key``
    (a backup's copy too, so that ``--db`` opens the copy with its key)."""
    return Path(f"{database}.key")


def _read_key(path: Path) -> bytes:
    """The key in the file at ``path`` (FileNotFoundError if there is none), read without waiting
    on a FIFO and never more than a key and a byte; ``StoreUnreadable`` for a file that is no key:
    its kind is looked at before it is opened (a socket cannot be opened at all), and again once
    it is (the one read is the one looked at)."""
    fix = (
        f"move it away and run the referee again (it makes a new key, says what that costs, and"
        f" checks each game once), or put the database's own key back at {path}"
    )
    try:
        _regular(path, os.stat(path).st_mode, fix)
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise StoreUnreadable(f"cannot read the key {path}: {exc.strerror}", legal=fix) from None
    try:
        _regular(path, os.fstat(descriptor).st_mode, fix)
        key = os.read(descriptor, KEY_BYTES + 1)
    except OSError as exc:
        raise StoreUnreadable(f"cannot read the key {path}: {exc.strerror}", legal=fix) from None
    finally:
        os.close(descriptor)
    if len(key) != KEY_BYTES:
        size = f"{len(key)} bytes" if len(key) <= KEY_BYTES else "longer"
        raise StoreUnreadable(
            f"the key {path} is {size}, not a key of {KEY_BYTES} bytes: it was cut short or is another file",
            legal=fix,
        )
    return key


def _regular(path: Path, mode: int, fix: str) -> None:
    if not stat.S_ISREG(mode):
        raise StoreUnreadable(f"the key {path} is {_file_kind(mode)}, not a file the referee made", legal=fix)


def _file_kind(mode: int) -> str:
    for test, name in (
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return name
    return "not a regular file"


def _game_row(row: Sequence[Any]) -> GameRow:
    return GameRow(
        id=row[0],
        kind=row[1],
        rules_version=row[2],
        title=row[3] or "",
        players=_cached_json(row[4], list[str], []),
        options=_cached_json(row[5], dict[str, str], {}),
        created_at=row[6],
        status=row[7],
    )


def _cached_json(text: Any, type_: Any, unreadable: Any) -> Any:
    """A JSON column of the ``games`` cache; ``unreadable`` if someone wrote garbage there
    (``verify`` then names the difference from the setup row)."""
    try:
        return msgspec.json.decode(text, type=type_)
    except (msgspec.DecodeError, TypeError):
        return unreadable
