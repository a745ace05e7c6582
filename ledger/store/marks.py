"""The verified marks (``verified``): per game, the last row checked and the first bad row a
check found, sealed; and the sealing record (in ``settings``) of which key sealed the database
and which games have no mark to expect."""

from __future__ import annotations

import hashlib
import hmac

import msgspec

from ledger.store.rows import Tip
from ledger.store.settings import CURRENT_GAME, Settings
from ledger.store.tables import Executor

SEALED_BY = "sealed_by"  # the settings key of the sealing record (``Store._check_record``)


class _Record(msgspec.Struct, frozen=True, array_like=True):
    """The sealing record: the key's id, the games with no mark to expect, and its seal."""

    key: str
    unmarked: list[int]
    seal: str


class Marks(Settings):
    """The verified marks and the sealing record."""

    # What opening found of the key and its record (``Store.__init__``, ``_check_record``).
    key_news: str | None
    unmarked: frozenset[int]  # games with no mark to expect (``Tip.lost``)
    guarded: bool  # the record holds: a game's missing mark is evidence (``Tip.lost``)

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

    def _put_record(self, conn: Executor) -> None:
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

    def _mark(
        self, conn: Executor, game_id: int, seq: int, hash_: str, setup_hash: str, current: bool
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
            conn.execute(
                "DELETE FROM verified WHERE game_id = ? AND seal IS NOT DISTINCT FROM ?",
                (game_id, since.seal),
            )
            conn.execute(
                "INSERT INTO verified (game_id, seq, hash, setup_hash, bad_seq, bad, seal)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (game_id, *mark, self._mark_seal(game_id, *mark)),
            )
            if game_id in self.unmarked:  # it has its mark now: from here on, one is expected
                self.unmarked -= {game_id}
                self._put_record(conn)
