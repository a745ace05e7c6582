"""The ``settings`` table: small key/value facts of this database (the current game, the
sealing record)."""

from __future__ import annotations

from ledger.store.tables import Tables

CURRENT_GAME = "current_game"  # the settings key of the current game


class Settings(Tables):
    """The ``settings`` table."""

    def setting(self, key: str) -> str | None:
        row = self._read_one("SELECT value FROM settings WHERE key = ?", (key,))
        return None if row is None or row[0] is None else str(row[0])

    def set_setting(self, key: str, value: str) -> None:
        with self._immediate() as conn:
            conn.execute(
                "INSERT INTO settings (key, value) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )
