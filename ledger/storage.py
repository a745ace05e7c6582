"""The storage seam: what the service asks of a store, whatever database is behind it.

``EventStore`` lists exactly what the service (``ledger.service``) and the card library
(``ledger.library``) use of a store, with the signatures of the one implementation today,
``ledger.store.Store`` on SQLite (the way the ``eventsourcing`` library's application asks its
recorder for no more than ``insert_events`` and ``select_events``). The second implementation,
``ledger.store.postgres.PostgresStore`` (issue 44: PostgreSQL for a club's server), implements
these and nothing else; mypy proves that both are one (``_implementations`` below) and that the
service needs no more (its ``store`` is typed as this). The store's own tests run once per
implementation through ``tests/stores.py``.

What every implementation keeps, whatever its database (``ledger/store/__init__.py``'s docstring
says how SQLite does):

- the log is append-only: one ``append`` is one transaction (all rows of a move or none), on
  the head the caller read (``StaleHead`` otherwise, nothing written), and a unique (game, seq)
  is the last guard against two writers taking the same seq; rows are hashed into a chain
  (``ledger.codec.row_hash``) by the store as it appends them;
- the caches (snapshots, sealed batches, verified marks, the sealing record) are sealed with the
  installation's key, which is never in the database, and a cache whose seal fails is not
  believed; a write to a cache is best effort (a reading command never fails over one);
- a failure of the database leaves as a ``RefereeError`` that says what happened.

The row types (``Row``, ``NewRow``, ``GameRow``, ``Tip``, ``Snapshot``) and ``StaleHead`` are
``ledger.store``'s (kept in ``ledger/store/rows.py``, what every implementation speaks), where the
service and the games' histories import them from; this module
imports them for the type checker only, so it adds no import at run time.

Where a method's name or shape is SQLite's rather than the seam's, a comment says so for
issue 44 (not redesigned here: the move changes no behaviour).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ledger.store import GameRow, NewRow, Row, Snapshot, Store, Tip


def is_server(database: str | Path) -> bool:
    """Whether ``--db`` names a PostgreSQL server (``postgresql://...``) rather than an SQLite file."""
    return str(database).startswith(("postgresql://", "postgres://"))


def without_password(url: str) -> str:
    """A server's address as messages show it: without a password (``user:secret@`` is ``user@``)."""
    import re

    return re.sub(r"^(\w+://[^:/@]*):[^@/]*@", r"\1@", url)


class News(Protocol):
    """A database's news of writes (``EventStore.listen``), read in an asyncio event loop."""

    def news(self) -> AsyncIterator[int | None]:
        """The id of each game whose log or links another process (or a hand edit) changed, as
        its transaction commits; None for "any game" (first, once listening: what was written
        before was not heard). Raises a ``RefereeError`` once no more news can come this way."""
        ...


class EventStore(Protocol):
    """One database holding any number of games' logs, with the caches of their folds and the
    few other things a table keeps (settings, links, the card library, sealed seeds)."""

    # --- what opening it found, and where it is ---------------------------------------

    @property
    def path(self) -> str:
        """The database as people name it (``--db``), in messages. SQLite: a file path or
        ``:memory:``; a server's store: its address, without a password."""

    @property
    def created(self) -> bool:
        """This opening made the referee's tables (a new database): ``Referee.discard`` may
        then ``remove`` it after a refused ``new`` or ``import``."""

    @property
    def key_news(self) -> str | None:
        """What opening found of the key and its record: None, "changed", "first" or
        "altered" (``Referee.notices`` tells the table once)."""

    @property
    def unmarked(self) -> frozenset[int]:
        """The games with no verified mark to expect (``Tip.lost`` is no evidence for them)."""

    @property
    def key_path(self) -> Path:
        """Where the installation's sealing key is kept, outside the database. SQLite: beside it,
        ``<db>.key``; a server's store: the file ``REFEREE_KEY_FILE`` names."""

    def version(self) -> int:
        """A number that changes whenever another connection has committed anything since this
        one last asked (SQLite: ``PRAGMA data_version``; PostgreSQL: a counter every write
        statement bumps, by trigger, so that a hand edit bumps it too)."""

    def listen(self) -> News | None:
        """News of other processes' writes as they commit, where the database sends it (a
        server's store: LISTEN/NOTIFY); None where it does not (SQLite: a long-lived front end
        asks ``version`` now and then instead)."""

    def close(self) -> None: ...

    # --- the database's files: a backup, and removing a database just made -------------

    def backup(self, target: Path) -> Path | None:
        """Copy the database as it stands at one instant to the new file ``target`` and its key
        to ``<target>.key``; the key's copy, or None without a key: a file that ``--db target``
        opens (a server's store writes an SQLite file of its whole ledger too)."""

    def remove(self) -> None:
        """Close and delete what this opening made (its files, a key it made, its folders)."""

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
        current: bool = False,
    ) -> int:
        """A new game and its setup rows in one transaction, marked verified; its id."""

    def import_game(self, game: GameRow, rows: Sequence[Row], *, current: bool = False) -> int:
        """A game with rows exactly as recorded elsewhere (hashes and times kept); its id."""

    def game(self, game_id: int) -> GameRow:
        """The cached ``games`` row; ``NotFound`` for no such game (or an id past ``MAX_ID``)."""

    def games(self) -> list[GameRow]: ...

    def setups(self) -> list[tuple[int, str, str, str]]:
        """``(id, setup row's recorded_at as text or "?", cached status, setup row's body)``."""

    def repair_game(self, game: GameRow) -> None:
        """Rewrite a game's cached row from its setup row (``verify``)."""

    # --- the log: append, head and tip, reading ---------------------------------------

    def append(
        self,
        game_id: int,
        expected_seq: int,
        rows: Sequence[NewRow],
        recorded_at: str,
        status: str | None = None,
    ) -> list[Row]:
        """The rows of one move after ``expected_seq``, atomically, with their seqs and hashes;
        ``StaleHead`` and nothing written if the head moved on. Moves a clean verified mark that
        stood at the head along with them, and the game's cached status to ``status``."""

    def head(self, game_id: int) -> tuple[int, str]:
        """The last seq and its hash (0 and the genesis hash for an empty log)."""

    def tip(self, game_id: int) -> Tip:
        """The head and the verified mark read at one instant (so they agree)."""

    def rows(self, game_id: int, after: int = 0, upto: int | None = None) -> list[Row]: ...

    def iter_rows(self, game_id: int, after: int = 0, batch: int = 500, *, upto: int = ...) -> Iterator[Row]:
        """As ``rows``, read a batch at a time (flat memory); ``upto`` defaults to ``MAX_ID``."""

    def chain_links(self, game_id: int, after: int, upto: int) -> list[tuple[int, str, str]]:
        """``(seq, prev_hash, hash)``: the chain without the rows' contents."""

    def fold_rows(self, game_id: int, after: int, upto: int) -> list[tuple[int, str, str, str, str, str]]:
        """``(seq, type, body, actor, recorded_at, hash)``: what a fold checks against the chain."""

    def fold_facts(self, game_id: int, after: int, upto: int) -> list[tuple[int, str, str]]:
        """``(seq, type, body)``: all a fold uses of rows already checked."""

    def reverts(self, game_id: int, upto: int | None = None) -> list[Row]:
        """The revert rows, in seq order (every fold reads them first: index them)."""

    def rows_of_meta(self, game_id: int) -> list[Row]:
        """The move and revert rows (not the facts)."""

    def seqs_of_type(self, game_id: int, type_: str, *, descending: bool = False) -> Iterator[int]: ...

    def meta_at(self, game_id: int, seq: int) -> tuple[int, str]:
        """The setup, move or revert row that row ``seq`` belongs to: its seq and type."""

    def nth_meta(self, game_id: int, n: int) -> int | None: ...

    def nth_last_meta(self, game_id: int, n: int) -> int: ...

    def next_meta(self, game_id: int, after: int) -> int | None: ...

    def setup_span(self, game_id: int) -> int:
        """For a log from before the setup recorded its extent: the last seq ``create_game`` wrote."""

    # --- the verified marks (sealed; best effort, conditional on the mark read) ---------

    def set_verified(self, game_id: int, seq: int, hash_: str, setup_hash: str, *, since: Tip) -> None: ...

    def mark_bad(self, game_id: int, seq: int | None, bad: dict[str, str | None], *, since: Tip) -> None: ...

    # --- snapshots: a sealed cache of the fold, bound to the row hash at their seq ------

    def has_snapshots(self, game_id: int, upto: int) -> bool: ...

    def snapshot_seqs(self, game_id: int, key: str, upto: int) -> list[int]: ...

    def snapshot(self, game_id: int, key: str, seq: int) -> tuple[str, str] | None:
        """A snapshot's body and bound hash, only if that row still has that hash and its seal holds."""

    def snapshot_sealed(self, game_id: int, snapshot: Snapshot) -> bool: ...

    def put_snapshot(self, game_id: int, key: str, seq: int, body: str, hash_: str) -> None: ...

    def all_snapshots(self, game_id: int) -> list[Snapshot]: ...

    def drop_snapshots(self, game_id: int, which: Sequence[Snapshot]) -> None: ...

    # --- sealed batches: a cache of the chain check -----------------------------------
    # ``batch_seals`` hands the service opaque seals that only ``put_seals`` reads; their first
    # part names SQLite's cache table ("checked", "folded"): another store maps the names.

    def batch_sealed(
        self, game_id: int, lo: int, hi: int, prev: str, rows: Sequence[Sequence[Any]]
    ) -> bool: ...

    def folded_last(self, game_id: int, lo: int, hi: int) -> tuple[str, str] | None: ...

    def folded_sealed(
        self, game_id: int, lo: int, hi: int, prev: str, rows: Sequence[Sequence[Any]], kept: tuple[str, str]
    ) -> bool: ...

    def batch_seals(
        self, game_id: int, lo: int, hi: int, prev: str, rows: Sequence[Sequence[Any]]
    ) -> list[tuple[str, tuple[Any, ...]]]: ...

    def put_seals(self, game_id: int, seals: Sequence[tuple[str, tuple[Any, ...]]]) -> None: ...

    # --- settings ---------------------------------------------------------------------

    def setting(self, key: str) -> str | None: ...

    def set_setting(self, key: str, value: str) -> None: ...

    # --- the sealed seeds of virtual games (encrypted with the key) ---------------------

    def put_seed(self, commitment: str, seed: int, salt: str) -> None: ...

    def kept_seed(self, commitment: str) -> tuple[int, str] | None: ...

    # --- the links of `referee serve` (token hashes per role) ---------------------------

    def links(self, game_id: int) -> dict[str, str]:
        """Token hash -> role."""

    def link_owner(self, token_hash: str) -> tuple[int, str] | None:
        """The game and role whose link's token hash this is, in any game; None if none."""

    def put_links(self, game_id: int, hashes: dict[str, str]) -> None:
        """Replace a game's links (role -> token hash) in one transaction."""

    # --- the card library (``ledger.library``) ------------------------------------------

    def ensure_library(self) -> None:
        """Make the library table and the index of declaration facts if missing (SQLite makes
        them on first use; a store that makes its schema whole may do nothing here)."""

    def declaration_rows(self, kind: str) -> list[tuple[int, int, int, str, str, str]]:
        """``(game_id, seq, move_seq, type, body, recorded_at)`` of the declaration facts of
        ``kind``'s games (types ending in ``declared``), oldest first."""

    def library_rows(self, kind: str) -> list[tuple[int, str, str, str, str, str, str, str]]: ...

    def add_library(
        self, kind: str, rows: Sequence[tuple[str, str, str, str, str, str]], recorded_at: str
    ) -> None: ...


if TYPE_CHECKING:
    from ledger.store.postgres import PostgresStore

    def _implementations(sqlite: Store, postgres: PostgresStore) -> list[EventStore]:
        """For mypy only: each implementation is an ``EventStore``."""
        return [sqlite, postgres]
