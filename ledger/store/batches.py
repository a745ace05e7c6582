"""The sealed batches (``checked``, ``folded``): a cache of the chain check, batches of rows
sealed once checked, as `log` reads them and as a fold does."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ledger.store.schema import SEALED
from ledger.store.tables import COPIED, Tables


class Batches(Tables):
    """The ``checked`` and ``folded`` tables."""

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
                columns = COPIED[table]
                updated = ", ".join(f"{c} = excluded.{c}" for c in columns[2:])
                conn.execute(
                    f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
                    f" ON CONFLICT (game_id, lo) DO UPDATE SET {updated}",
                    (game_id, *row),
                )
