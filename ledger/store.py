"""The event log: SQLite through sqlite-utils.

Tables
  games      one row a game: id, kind, rules version, title, players, options, created_at, status
  events     the log: (game_id, seq) primary key, type, body, actor, recorded_at, prev_hash, hash
  snapshots  a cache of the fold at some seq, keyed by a state-shape / rules-version key
  settings   small key/value facts of this database (the current game)

Durability: WAL with ``synchronous=FULL``, so a move the referee has reported as recorded
survives a power cut. Every append is one ``BEGIN IMMEDIATE`` transaction: all rows of a
move land together or none do. The log is never updated or deleted from, and rows are
never inserted with ``OR IGNORE`` / ``OR REPLACE``: the primary key is the last guard
against two writers taking the same seq.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import sqlite_utils

import msgspec

from ledger.codec import GENESIS, row_hash
from ledger.errors import NotFound, StoreUnreadable


@dataclass(frozen=True, slots=True)
class Row:
    """One stored row of a game's log."""

    seq: int
    type: str
    body: str
    actor: str
    recorded_at: str
    prev_hash: str
    hash: str


@dataclass(frozen=True, slots=True)
class NewRow:
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


class StaleHead(Exception):
    """The log moved on since the caller read it: the append was based on an old seq."""

    def __init__(self, expected: int, actual: int) -> None:
        super().__init__(f"expected head #{expected}, found #{actual}")
        self.expected = expected
        self.actual = actual


_COLUMNS = "seq, type, body, actor, recorded_at, prev_hash, hash"


class Store:
    """One SQLite database holding any number of games' logs."""

    def __init__(self, path: str | Path, *, timeout: float = 30.0, create: bool = True) -> None:
        """Open the database at ``path``; unless ``create``, one that does not exist yet is a
        ``NotFound`` and nothing is made on disk (no file, no folder)."""
        self.path = str(path)
        self._db: sqlite_utils.Database | None = None
        if not create and self.path != ":memory:" and not Path(self.path).exists():
            raise NotFound(
                f"no referee database at {self.path}",
                legal="start a game with `referee new GAME --players A,B`, or give --db PATH",
            )
        try:
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self.conn = sqlite3.connect(self.path, isolation_level=None, timeout=timeout)
            self.conn.execute("PRAGMA journal_mode=WAL")
            self.conn.execute("PRAGMA synchronous=FULL")
            self._ensure_schema()
        except (sqlite3.DatabaseError, OSError) as exc:
            raise StoreUnreadable(f"cannot open the referee database {self.path}: {exc}") from None

    @property
    def db(self) -> sqlite_utils.Database:
        """The sqlite-utils view of the connection (imported on first use: it is slow to import)."""
        if self._db is None:
            import sqlite_utils

            self._db = sqlite_utils.Database(self.conn)
        return self._db

    def close(self) -> None:
        self.conn.close()

    def _ensure_schema(self) -> None:
        tables = {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if {"games", "events", "snapshots", "settings"} <= tables:
            return
        db = self.db
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
                {"game_id": int, "seq": int, "key": str, "body": str},
                pk=("game_id", "seq", "key"),
                not_null={"body"},
                if_not_exists=True,
            )
            db.table("settings").create({"key": str, "value": str}, pk="key", if_not_exists=True)

    @contextlib.contextmanager
    def _immediate(self) -> Iterator[sqlite3.Connection]:
        """A write transaction that takes the database's write lock up front."""
        conn = self.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

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
    ) -> int:
        """Insert a game and its first rows (the setup) in one transaction; return its id."""
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
            self._insert(conn, game_id, 0, GENESIS, rows, created_at)
        return game_id

    def import_game(self, game: GameRow, rows: Sequence[Row]) -> int:
        """Insert a game with rows exactly as recorded elsewhere (hashes and times kept)."""
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
        return game_id

    def game(self, game_id: int) -> GameRow:
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

    def set_status(self, game_id: int, status: str) -> None:
        with self._immediate() as conn:
            conn.execute("UPDATE games SET status = ? WHERE id = ?", (status, game_id))

    # --- the log ----------------------------------------------------------------------

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

    def iter_rows(self, game_id: int, after: int = 0, batch: int = 500) -> Iterator[Row]:
        """Rows with ``seq > after`` in seq order, read a batch at a time (flat memory)."""
        while True:
            rows = self._read(
                f"SELECT {_COLUMNS} FROM events WHERE game_id = ? AND seq > ? ORDER BY seq LIMIT ?",
                (game_id, after, batch),
            )
            for row in rows:
                yield Row(*row)
            if len(rows) < batch:
                return
            after = rows[-1][0]

    def nth_last_meta(self, game_id: int, n: int) -> int:
        """The seq of the ``n``-th last setup, move or revert row (1 if there are fewer)."""
        row = self._read_one(
            "SELECT seq FROM events WHERE game_id = ? AND type IN ('setup', 'move', 'reverted')"
            " ORDER BY seq DESC LIMIT 1 OFFSET ?",
            (game_id, n - 1),
        )
        return row[0] if row else 1

    def facts(self, game_id: int, after: int, upto: int) -> list[str]:
        """Bodies of the fact rows (not setup, move or revert rows) with ``after < seq <= upto``."""
        rows = self._read(
            "SELECT body FROM events WHERE game_id = ? AND seq > ? AND seq <= ?"
            " AND type NOT IN ('setup', 'move', 'reverted') ORDER BY seq",
            (game_id, after, upto),
        )
        return [r[0] for r in rows]

    def meta_at(self, game_id: int, seq: int) -> tuple[int, str]:
        """The setup, move or revert row that row ``seq`` belongs to: (its seq, its type)."""
        row = self._read_one(
            "SELECT seq, type FROM events WHERE game_id = ? AND seq <= ?"
            " AND type IN ('setup', 'move', 'reverted') ORDER BY seq DESC LIMIT 1",
            (game_id, seq),
        )
        return (row[0], row[1]) if row else (1, "setup")

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
        cursor = self.conn.execute(
            f"SELECT seq FROM events WHERE game_id = ? AND type = ? ORDER BY seq {order}",
            (game_id, type_),
        )
        return (r[0] for r in cursor)

    # --- snapshots (a cache of the fold, never the truth) ------------------------------

    def has_snapshots(self, game_id: int, upto: int) -> bool:
        """Any snapshot of this game at or before ``upto``, whatever its key."""
        row = self._read_one(
            "SELECT 1 FROM snapshots WHERE game_id = ? AND seq <= ? LIMIT 1", (game_id, upto)
        )
        return row is not None

    def snapshot_seqs(self, game_id: int, key: str, upto: int) -> list[int]:
        rows = self._read(
            "SELECT seq FROM snapshots WHERE game_id = ? AND key = ? AND seq <= ? ORDER BY seq DESC",
            (game_id, key, upto),
        )
        return [r[0] for r in rows]

    def snapshot(self, game_id: int, key: str, seq: int) -> str | None:
        row = self._read_one(
            "SELECT body FROM snapshots WHERE game_id = ? AND key = ? AND seq = ?",
            (game_id, key, seq),
        )
        return row[0] if row else None

    def put_snapshot(self, game_id: int, key: str, seq: int, body: str) -> None:
        with self._immediate() as conn:
            exists = conn.execute(
                "SELECT 1 FROM snapshots WHERE game_id = ? AND key = ? AND seq = ?",
                (game_id, key, seq),
            ).fetchone()
            if not exists:
                conn.execute(
                    "INSERT INTO snapshots (game_id, seq, key, body) VALUES (?, ?, ?, ?)",
                    (game_id, seq, key, body),
                )

    # --- settings ---------------------------------------------------------------------

    def setting(self, key: str) -> str | None:
        row = self._read_one("SELECT value FROM settings WHERE key = ?", (key,))
        return row[0] if row else None

    def set_setting(self, key: str, value: str) -> None:
        with self._immediate():
            self.db.table("settings").upsert({"key": key, "value": value}, pk="key")

    # --- reading ----------------------------------------------------------------------

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        try:
            return self.conn.execute(sql, params).fetchall()
        except sqlite3.DatabaseError as exc:
            raise StoreUnreadable(f"cannot read the referee database {self.path}: {exc}") from None

    def _read_one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        try:
            return self.conn.execute(sql, params).fetchone()
        except sqlite3.DatabaseError as exc:
            raise StoreUnreadable(f"cannot read the referee database {self.path}: {exc}") from None


def _game_row(row: Sequence[Any]) -> GameRow:
    return GameRow(
        id=row[0],
        kind=row[1],
        rules_version=row[2],
        title=row[3] or "",
        players=msgspec.json.decode(row[4]),
        options=msgspec.json.decode(row[5]),
        created_at=row[6],
        status=row[7],
    )
