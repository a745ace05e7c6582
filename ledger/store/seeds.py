"""The ``seeds`` table: the seeds of virtual games, encrypted with the installation's key."""

from __future__ import annotations

import msgspec

from ledger.errors import StoreUnreadable
from ledger.store.tables import Tables


class Seeds(Tables):
    """The ``seeds`` table (made on first use)."""

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
                "INSERT INTO seeds (commitment, box) VALUES (?, ?)"
                " ON CONFLICT (commitment) DO UPDATE SET box = excluded.box",
                (commitment, box.hex()),
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
