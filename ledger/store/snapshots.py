"""The ``snapshots`` table: a cache of the fold at some seq, never the truth, bound to the row
hash at that seq and sealed."""

from __future__ import annotations

from collections.abc import Sequence

from ledger.store.rows import Snapshot
from ledger.store.tables import Tables


class Snapshots(Tables):
    """The ``snapshots`` table."""

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
                "INSERT INTO snapshots (game_id, seq, key, body, hash, digest)"
                " SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS"
                " (SELECT 1 FROM events WHERE game_id = ? AND seq = ? AND hash = ?) ON CONFLICT DO NOTHING",
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
