"""The ``games`` table: one row a game, a cache of its setup row, made with the game's first
rows (or an imported log) in one transaction."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from ledger.codec import GENESIS
from ledger.errors import NotFound
from ledger.store.log import _COLUMNS, Log
from ledger.store.rows import MAX_ID, GameRow, NewRow, Row


class Games(Log):
    """The ``games`` table."""

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
                " VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
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
            game_id = int(cursor.fetchone()[0])
            stored = self._insert(conn, game_id, 0, GENESIS, rows, created_at)
            self._mark(conn, game_id, stored[-1].seq, stored[-1].hash, stored[0].hash, current)
        return game_id

    def import_game(self, game: GameRow, rows: Sequence[Row], *, current: bool = False) -> int:
        """Insert a game with rows exactly as recorded elsewhere (hashes and times kept); the
        caller has checked them, so they are marked verified."""
        with self._immediate() as conn:
            cursor = conn.execute(
                "INSERT INTO games (kind, rules_version, title, players, options, created_at, status)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
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
            game_id = int(cursor.fetchone()[0])
            conn.executemany(
                f"INSERT INTO events (game_id, {_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(game_id, r.seq, r.type, r.body, r.actor, r.recorded_at, r.prev_hash, r.hash) for r in rows],
            )
            self._mark(conn, game_id, rows[-1].seq, rows[-1].hash, rows[0].hash, current)
        return game_id

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
            "SELECT g.id, coalesce(CAST(e.recorded_at AS TEXT), '?'), g.status, e.body FROM games g"
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
