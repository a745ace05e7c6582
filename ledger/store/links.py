"""The ``links`` table: per game and role, the hash of the secret token in that role's
`referee serve` link."""

from __future__ import annotations

from ledger.store.tables import Tables


class Links(Tables):
    """The ``links`` table (made on first use)."""

    def ensure_links(self) -> None:
        """Create the ``links`` table if missing: only ``serve`` needs it, so a database that is
        never served is never changed for it."""
        if "links" in self._tables():
            return
        with self._immediate() as conn:
            conn.execute(
                "CREATE TABLE IF NOT EXISTS links (game_id INTEGER REFERENCES games (id), role TEXT,"
                " token_hash TEXT NOT NULL, PRIMARY KEY (game_id, role))"
            )

    def _has_links(self) -> bool:
        """Whether the ``links`` table is there: asked of the database until it is (another
        process may make it), then known (the referee never drops it). A served page asks at each
        request: on PostgreSQL, the catalogue's query cost more than the links' own."""
        if self._table_names is None or "links" not in self._table_names:
            self._table_names = self._tables()
        return "links" in self._table_names

    def links(self, game_id: int) -> dict[str, str]:
        """A game's link hashes, token hash -> role (none if ``serve`` never made any)."""
        if not self._has_links():
            return {}
        rows = self._read("SELECT token_hash, role FROM links WHERE game_id = ?", (game_id,))
        return {str(h): str(r) for h, r in rows}

    def link_owner(self, token_hash: str) -> tuple[int, str] | None:
        """The game and role whose link's token has this hash, if any game's has (a served page's
        link names no game: its token alone finds it)."""
        if not self._has_links():
            return None
        rows = self._read("SELECT game_id, role FROM links WHERE token_hash = ?", (token_hash,))
        return next(((int(g), str(r)) for g, r in rows), None)

    def put_links(self, game_id: int, hashes: dict[str, str]) -> None:
        """Replace a game's links (role -> token hash) in one transaction: the old ones stop working."""
        self.ensure_links()
        with self._immediate() as conn:
            conn.execute("DELETE FROM links WHERE game_id = ?", (game_id,))
            conn.executemany(
                "INSERT INTO links (game_id, role, token_hash) VALUES (?, ?, ?)",
                [(game_id, role, digest) for role, digest in hashes.items()],
            )
