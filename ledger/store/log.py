"""The log (``events``): one move's rows appended atomically on the head the caller read,
hashed into a chain as they are; the head and the tip (the head with the verified mark); and
the reads of the service and the games' histories."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any

from ledger.codec import GENESIS, row_hash
from ledger.store.marks import Marks
from ledger.store.rows import MAX_ID, NewRow, Row, StaleHead, Tip
from ledger.store.tables import Executor

_COLUMNS = "seq, type, body, actor, recorded_at, prev_hash, hash"
# A game's head and its verified mark, read by an append in one statement (one row, NULLs for
# what is missing)
_HEAD_AND_MARK = (
    "SELECT h.seq, h.hash, v.seq, v.hash, v.setup_hash, v.seal, v.bad_seq, v.bad FROM (SELECT 1 AS one) o"
    " LEFT JOIN (SELECT seq, hash FROM events WHERE game_id = ? ORDER BY seq DESC LIMIT 1) h ON 1 = 1"
    " LEFT JOIN verified v ON v.game_id = ?"
)
_AT_ONCE = 200  # rows an INSERT statement writes at most (8 parameters a row)


@lru_cache(maxsize=8)
def _inserting(rows: int) -> str:
    """The INSERT of ``rows`` rows of ``events`` in one statement."""
    return f"INSERT INTO events (game_id, {_COLUMNS}) VALUES " + ", ".join(
        ["(?, ?, ?, ?, ?, ?, ?, ?)"] * rows
    )


class Log(Marks):
    """The ``events`` table: append, head and tip, reading."""

    # The mark this store's last append wrote: (game, seq, hash, setup hash, seal)
    _marked: tuple[Any, ...] | None = None

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
        marked = self.bound and self.sealed and self.keyed
        with self._immediate() as conn:
            if marked:  # the head and the mark in one statement (a round trip on a server)
                found = conn.execute(_HEAD_AND_MARK, (game_id, game_id)).fetchone()
                seq, prev = (found[0], found[1]) if found[0] is not None else (0, GENESIS)
                mark = found[2:]
            else:
                head = conn.execute(
                    "SELECT seq, hash FROM events WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
                    (game_id,),
                ).fetchone()
                seq, prev = head if head else (0, GENESIS)
            if seq != expected_seq:
                raise StaleHead(expected_seq, seq)
            stored = self._insert(conn, game_id, seq, prev, rows, recorded_at)
            # The rows were decided on the checked state at ``seq``: the mark moves with them (only
            # if it stood at ``seq``, sealed and clean: rows not yet checked stay to be checked,
            # and a damaged game stays damaged). A mark exactly as this store last wrote it holds
            # the seal made then: its seal is not made again to be compared.
            if (
                marked
                and (mark[0], mark[1], mark[4], mark[5]) == (seq, prev, None, None)
                and (
                    (game_id, *mark[:4]) == self._marked
                    or self._sealed(mark[3], "verified", game_id, seq, prev, mark[2], None, None)
                )
            ):
                last = stored[-1]
                seal = self._mark_seal(game_id, last.seq, last.hash, mark[2])
                conn.execute(
                    "UPDATE verified SET seq = ?, hash = ?, seal = ? WHERE game_id = ?",
                    (last.seq, last.hash, seal, game_id),
                )
                self._marked = (game_id, last.seq, last.hash, mark[2], seal)
            if status is not None:
                conn.execute(
                    "UPDATE games SET status = ? WHERE id = ? AND status != ?",
                    (status, game_id, status),
                )
        return stored

    def _insert(
        self,
        conn: Executor,
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
        values = [
            v
            for r in stored
            for v in (game_id, r.seq, r.type, r.body, r.actor, r.recorded_at, r.prev_hash, r.hash)
        ]
        try:
            # A move's rows in one statement (on a server: one round trip, one trigger's bump); a
            # long batch (an import) in statements of ``_AT_ONCE`` rows, within both databases'
            # limits on a statement's parameters.
            step = 8 * _AT_ONCE
            for first in range(0, len(values), step):
                chunk = values[first : first + step]
                conn.execute(_inserting(len(chunk) // 8), chunk)
        except self._DUPLICATE:
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
        """The seq of the ``n``-th last row that begins a log entry: a setup, move or revert row,
        or a seed or abandon row (each an entry of its own in ``log``) (1 if there are fewer)."""
        row = self._read_one(
            "SELECT seq FROM events WHERE game_id = ?"
            " AND type IN ('setup', 'move', 'reverted', 'seed', 'abandoned')"
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
        """The row that begins the log entry row ``seq`` belongs to (a setup, move or revert
        row, or a seed or abandon row, each an entry of its own): (its seq, its type)."""
        row = self._read_one(
            "SELECT seq, type FROM events WHERE game_id = ? AND seq <= ?"
            " AND type IN ('setup', 'move', 'reverted', 'seed', 'abandoned') ORDER BY seq DESC LIMIT 1",
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
        """The seq of the first move, revert or abandon row after ``after``: where the next append
        began (an abandon is an append of its own, though it changes no state)."""
        row = self._read_one(
            "SELECT seq FROM events WHERE game_id = ? AND seq > ?"
            " AND type IN ('move', 'reverted', 'abandoned') ORDER BY seq LIMIT 1",
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
        rows = self._read(
            f"SELECT seq FROM events WHERE game_id = ? AND type = ? ORDER BY seq {order}", (game_id, type_)
        )
        return (r[0] for r in rows)
