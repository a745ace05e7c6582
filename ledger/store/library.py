"""The ``library`` table (``ledger.library``): per kind of game, the card faces a group imported
or corrected, and the declaration facts its games' logs hold."""

from __future__ import annotations

from collections.abc import Sequence

from ledger.store.tables import Tables

# The declaration facts of every game (``loop.goal_declared``, ``pursuit.declared``): the partial
# index ``events_declared`` serves exactly the queries that name this term.
_DECLARED = "type LIKE '%declared'"


class Library(Tables):
    """The ``library`` table (made on first use) and the declaration facts of the log."""

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
