"""The referee service: what every front end (the command line, ``play``, ``serve``) calls.

It joins the store (the log) and a game's rules (its Decider): a move is decided on the
current state and its facts appended atomically; undo, void and redo are appended too;
state, score and the log are read back by folding the live history.

``Referee`` is a thin facade over one-job modules, each taking the repository, and pointing
one way (``tests/test_layers.py`` checks it)::

    directory ─→ queries ─────────────┐
    reverts ──→ moves, log, audit ─────┼─→ repository ─→ the store (``EventStore``)
    cards, links, transfer ───────────┘

``repository`` turns log rows into a state the referee trusts (the checks, seals, snapshots and
the last-state cache); the others are named for their job. Every name a front end imports from
``ledger.service`` is here, wherever in the package it is defined.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ledger.codec import utcnow
from ledger.decider import Board, Score, Screen, Verb
from ledger.history import TABLE as TABLE  # the actor nobody in particular is: the front ends' too
from ledger.service.catalogue import game_schema, game_verbs
from ledger.service.repository import Repository
from ledger.service.results import (
    TAKE_BACK_WITHIN,
    WITNESS_ROWS,
    Corrected,
    ExportHeader,
    ExportLine,
    GameLength,
    HeadToHead,
    History,
    Imported,
    LegalMove,
    Loaded,
    LogEntry,
    Opened,
    Played,
    PlayerStats,
    Preview,
    Recorded,
    Result,
    RoundStart,
    ScoreChart,
    Started,
    TakeBack,
    VerifyReport,
    VoidPreview,
    Wanted,
    Witnessed,
    WitnessRow,
)
from ledger.service.snapshots import snapshot_key
from ledger.storage import EventStore, News, is_server
from ledger.store import GameRow as GameRow  # a result type of the service's: the front ends' too
from ledger.store import Store

if TYPE_CHECKING:  # each imported where it is used: a status or a move needs neither
    from ledger import library
    from ledger.picker import Picker
    from ledger.service.audit import Audit
    from ledger.service.cards import Cards
    from ledger.service.directory import Directory
    from ledger.service.links import Links
    from ledger.service.log import Log
    from ledger.service.moves import Moves
    from ledger.service.queries import Queries
    from ledger.service.reverts import Reverts
    from ledger.service.transfer import Transfer

# What the front ends import from here: the facade and the types and functions it answers with,
# wherever in the package each is defined (a front end never names the module behind it).
__all__ = [
    "TABLE",
    "Corrected",
    "ExportHeader",
    "ExportLine",
    "GameLength",
    "GameRow",
    "HeadToHead",
    "History",
    "Imported",
    "LegalMove",
    "Loaded",
    "LogEntry",
    "Opened",
    "Played",
    "PlayerStats",
    "Preview",
    "Recorded",
    "Referee",
    "Result",
    "RoundStart",
    "ScoreChart",
    "Started",
    "TakeBack",
    "VerifyReport",
    "VoidPreview",
    "Wanted",
    "WitnessRow",
    "Witnessed",
    "game_schema",
    "game_verbs",
    "snapshot_key",
]


class Referee:
    """The service. One instance per open database: each method hands the call to the job
    named in its section (the module of that name), whose method says what it does."""

    def __init__(self, store: EventStore, clock: Callable[[], str] = utcnow) -> None:
        self.repo = Repository(store, clock)

    # Each job is made, and its module imported, when first asked for: a status, a move or an undo
    # starts without the modules it never calls (benchmarks/cli_bench.py counts a start-up).

    @functools.cached_property
    def _directory(self) -> Directory:
        from ledger.service.directory import Directory  # lazy: start-up

        return Directory(self.repo, self._queries)

    @functools.cached_property
    def _cards(self) -> Cards:
        from ledger.service.cards import Cards  # lazy: start-up

        return Cards(self.repo)

    @functools.cached_property
    def _queries(self) -> Queries:
        from ledger.service.queries import Queries  # lazy: start-up

        return Queries(self.repo)

    @functools.cached_property
    def _log(self) -> Log:
        from ledger.service.log import Log  # lazy: start-up

        return Log(self.repo)

    @functools.cached_property
    def _moves(self) -> Moves:
        from ledger.service.moves import Moves  # lazy: start-up

        return Moves(self.repo)

    @functools.cached_property
    def _audit(self) -> Audit:
        from ledger.service.audit import Audit  # lazy: start-up

        return Audit(self.repo)

    @functools.cached_property
    def _reverts(self) -> Reverts:
        from ledger.service.reverts import Reverts  # lazy: start-up

        return Reverts(self.repo, self._moves, self._log, self._audit)

    @functools.cached_property
    def _links(self) -> Links:
        from ledger.service.links import Links  # lazy: start-up

        return Links(self.repo)

    @functools.cached_property
    def _transfer(self) -> Transfer:
        from ledger.service.transfer import Transfer  # lazy: start-up

        return Transfer(self.repo)

    @property
    def store(self) -> EventStore:
        """The database (the repository's): tests and benchmarks read it; a front end never does."""
        return self.repo.store

    @classmethod
    def open(cls, path: str | Path, *, create: bool = True) -> Referee:
        """The referee on the database at ``path`` (made there if missing, unless not ``create``):
        an SQLite file, or a PostgreSQL server's ``postgresql://`` address (its key in the file
        ``REFEREE_KEY_FILE`` names)."""
        if is_server(path):
            from ledger.store.postgres import PostgresStore  # psycopg: a server's database only

            return cls(PostgresStore(str(path), create=create))
        return cls(Store(path, create=create))

    def backup(self, target: str | Path) -> Path | None:
        """A complete backup: the database as it stands now, and its key beside it (see
        ``Store.backup``); the key's copy, or None where there is no key to copy. A
        ``postgresql://`` target is a club's server that holds no game yet: the whole ledger
        moves there, its key to ``REFEREE_KEY_FILE`` (``ledger.store.postgres``)."""
        if is_server(target):
            from ledger.store.postgres import copy_ledger  # psycopg: moving a ledger to a server only

            return copy_ledger(self.repo.store, target)  # type: ignore[arg-type]
        return self.repo.store.backup(Path(target))

    @property
    def created(self) -> bool:
        """Whether this opening made the database (a new file)."""
        return self.repo.store.created

    def discard(self) -> bool:
        """Close the database this opening made and delete it with all it made for it (see
        ``Store.remove``), if no game is in it: a refused ``new`` or ``import`` leaves no file
        behind. False, leaving it open and as it is, for one it did not make or that holds a game."""
        if not self.repo.store.created or self.repo.store.games():
            return False
        self.repo.store.remove()
        return True

    def close(self) -> None:
        self.repo.store.close()

    def version(self) -> int:
        """A number that changes whenever another process has written to the database since this
        referee last asked (see ``Store.version``): a long-lived front end polls it."""
        return self.repo.store.version()

    def version_of(self, game_id: int) -> tuple[int, ...]:
        """A value that changes whenever another process may have written to game ``game_id``
        (``Repository.version_of``): ``version``, or once the referee is ``told`` of every write,
        what was heard of that game."""
        return self.repo.version_of(game_id)

    def told(self, on: bool) -> None:
        """Whether a front end now hears every write to the database game by game (``listen``'s
        news, each given to ``heard``): a write to one game then costs the others nothing."""
        self.repo.told(on)

    def heard(self, game_id: int | None) -> None:
        """News of a write to game ``game_id`` (None: any game): it is loaded afresh next time."""
        self.repo.heard(game_id)

    def at_once(self) -> contextlib.AbstractContextManager[None]:
        """Read as at one moment (``Repository.at_once``): a front end drawing the parts of one
        page from one state, checked once, with one look at the database."""
        return self.repo.at_once()

    def listen(self) -> News | None:
        """News of other processes' writes as they commit, game by game, where the database sends
        it (PostgreSQL's NOTIFY: ``EventStore.listen``); None on SQLite, whose front ends poll
        ``version``."""
        return self.repo.store.listen()

    # --- the trusted state, and which game (``repository``) ---
    def load(
        self,
        game_id: int,
        upto: int | None = None,
        *,
        without: Iterable[int] = (),
        all_reverts: bool = False,
    ) -> Loaded:
        return self.repo.load(game_id, upto, without=without, all_reverts=all_reverts)

    def peek(self, game_id: int) -> GameRow:
        return self.repo.peek(game_id)

    def head(self, game_id: int) -> tuple[int, str]:
        return self.repo.head(game_id)

    def use(self, game_id: int) -> None:
        return self.repo.use(game_id)

    def current(self) -> int | None:
        return self.repo.current()

    def resolve(self, game_id: int | None) -> int:
        return self.repo.resolve(game_id)

    # --- the database's games (``directory``) ---
    def new_game(
        self,
        kind: str,
        players: Sequence[str],
        *,
        mode: str | None = None,
        options: dict[str, str] | None = None,
        seed: int | None = None,
        title: str = "",
        cards: str | None = None,
        fresh: bool = False,
    ) -> int:
        return self._directory.new_game(
            kind, players, mode=mode, options=options, seed=seed, title=title, cards=cards, fresh=fresh
        )

    def start_game(
        self,
        kind: str,
        players: Sequence[str],
        *,
        mode: str | None = None,
        options: dict[str, str] | None = None,
        seed: int | None = None,
        title: str = "",
        cards: str | None = None,
        fresh: bool = False,
    ) -> Started:
        return self._directory.start_game(
            kind, players, mode=mode, options=options, seed=seed, title=title, cards=cards, fresh=fresh
        )

    def games(self) -> list[GameRow]:
        return self._directory.games()

    def overview(self) -> list[tuple[GameRow, Result]]:
        return self._directory.overview()

    def stats(
        self, kind: str | None = None, *, abandoned: bool = False, wanted: Wanted | None = None
    ) -> list[PlayerStats]:
        return self._directory.stats(wanted or Wanted(kind=kind, abandoned=abandoned))

    def results(self, wanted: Wanted | None = None) -> list[Played]:
        return self._directory.results(wanted)

    def history(
        self,
        *,
        kind: str | None = None,
        player: str | None = None,
        players: int | None = None,
        since: str | None = None,
        until: str | None = None,
        abandoned: bool = False,
    ) -> History:
        wanted = Wanted(
            kind=kind, player=player, players=players, since=since, until=until, abandoned=abandoned
        )
        return self._directory.history(wanted)

    # --- the card library (``cards``) ---
    def card_library(self, kind: str) -> library.Library:
        return self._cards.card_library(kind)

    def library_toml(self, kind: str) -> str:
        return self._cards.library_toml(kind)

    def import_library(self, kind: str, text: str, source: str, *, correct: str | None = None) -> Imported:
        return self._cards.import_library(kind, text, source, correct=correct)

    def correct_card(self, kind: str, words: Sequence[str], reason: str) -> Corrected:
        return self._cards.correct_card(kind, words, reason)

    # --- what a page or the terminal shows of a game (``queries``) ---
    def game(self, game_id: int) -> GameRow:
        return self._queries.game(game_id)

    def board(
        self,
        game_id: int,
        *,
        as_player: str | None = None,
        reveal: bool = False,
        upto: int | None = None,
    ) -> tuple[Loaded, Board, Screen]:
        return self._queries.board(game_id, as_player=as_player, reveal=reveal, upto=upto)

    def show(
        self, loaded: Loaded, *, as_player: str | None = None, reveal: bool = False
    ) -> tuple[Board, Screen]:
        return self._queries.show(loaded, as_player=as_player, reveal=reveal)

    def score(self, game_id: int) -> tuple[Loaded, Score]:
        return self._queries.score(game_id)

    def score_by_round(self, game_id: int) -> tuple[Loaded, ScoreChart]:
        return self._queries.score_by_round(game_id)

    def round_starts(self, game_id: int) -> list[RoundStart]:
        return self._queries.round_starts(game_id)

    def verbs(self, game_id: int) -> list[Verb]:
        return self._queries.verbs(game_id)

    def legal(self, game_id: int, player: str | None = None) -> list[LegalMove]:
        return self._queries.legal(game_id, player)

    def unlisted(self, game_id: int, role: str) -> list[str]:
        return self._queries.unlisted(game_id, role)

    def picker(self, game_id: int, role: str) -> Picker:
        return self._queries.picker(game_id, role)

    def result(self, game_id: int) -> Result:
        return self._queries.result(game_id)

    def cards(self, game_id: int) -> str:
        return self._queries.cards(game_id)

    # --- the log and its witnesses (``log``) ---
    def log(
        self,
        game_id: int,
        *,
        since: int | None = None,
        last: int | None = None,
        as_player: str | None = None,
        reveal: bool = False,
    ) -> Iterator[LogEntry]:
        return self._log.log(game_id, since=since, last=last, as_player=as_player, reveal=reveal)

    def witness(
        self,
        game_id: int,
        after: int,
        known: str | None = None,
        *,
        as_player: str | None = None,
        limit: int = WITNESS_ROWS,
    ) -> Witnessed:
        return self._log.witness(game_id, after, known, as_player=as_player, limit=limit)

    # --- moves (``moves``) ---
    def submit_text(self, game_id: int, words: Sequence[str], *, seen: int | None = None) -> Recorded:
        return self._moves.submit_text(game_id, words, seen=seen)

    def command(
        self,
        game_id: int,
        role: str,
        *,
        json: str | None = None,
        text: str | None = None,
        seen: int | None = None,
    ) -> Any:
        return self._moves.command(game_id, role, json=json, text=text, seen=seen)

    def seen(self, game_id: int, head: int | None) -> Loaded:
        return self._moves.seen(game_id, head)

    def submit(
        self,
        game_id: int,
        command: Any,
        actor: str | None = None,
        *,
        redo_of: int | None = None,
        seen: int | None = None,
        _loaded: Loaded | None = None,
    ) -> Recorded:
        return self._moves.submit(game_id, command, actor, redo_of=redo_of, seen=seen, _loaded=_loaded)

    def preview(self, game_id: int, command: Any, *, seen: int | None = None) -> Preview:
        return self._moves.preview(game_id, command, seen=seen)

    # --- undo, take-back, void, redo (``reverts``) ---
    def undo(
        self, game_id: int, *, by: str | None = None, reason: str = "", seen: int | None = None
    ) -> Recorded:
        return self._reverts.undo(game_id, by=by, reason=reason, seen=seen)

    def take_back(self, game_id: int, player: str, seq: int | None = None) -> Recorded:
        return self._reverts.take_back(game_id, player, seq)

    def take_back_offer(self, game_id: int, player: str, within: int = TAKE_BACK_WITHIN) -> TakeBack | None:
        return self._reverts.take_back_offer(game_id, player, within)

    def void(
        self,
        game_id: int,
        seq: int,
        *,
        by: str = TABLE,
        reason: str,
        cascade: bool = False,
        seen: int | None = None,
    ) -> Recorded:
        return self._reverts.void(game_id, seq, by=by, reason=reason, cascade=cascade, seen=seen)

    def void_preview(
        self, game_id: int, seq: int, *, by: str = TABLE, reason: str, cascade: bool = False
    ) -> VoidPreview:
        return self._reverts.void_preview(game_id, seq, by=by, reason=reason, cascade=cascade)

    def redo(self, game_id: int, *, by: str | None = None, seen: int | None = None) -> Recorded:
        return self._reverts.redo(game_id, by=by, seen=seen)

    def abandon(self, game_id: int, *, by: str = TABLE, reason: str, seen: int | None = None) -> Recorded:
        return self._reverts.abandon(game_id, by=by, reason=reason, seen=seen)

    # --- links (``referee serve``) (``links``) ---
    def new_links(self, game_id: int) -> dict[str, str]:
        return self._links.new_links(game_id)

    def new_link(self, game_id: int, role: str) -> str:
        return self._links.new_link(game_id, role)

    def revoke_link(self, game_id: int, role: str) -> str:
        return self._links.revoke_link(game_id, role)

    def has_links(self, game_id: int) -> bool:
        return self._links.has_links(game_id)

    def link_role(self, game_id: int, token: str) -> str | None:
        return self._links.link_role(game_id, token)

    def find_link(self, token: str) -> tuple[int, str] | None:
        return self._links.find_link(token)

    # --- audit (``audit``) ---
    def notices(self) -> list[str]:
        return self._audit.notices()

    def reveal_seed(self, game_id: int) -> tuple[int, int]:
        return self._audit.reveal_seed(game_id)

    def verify(self, game_id: int, head_hash: str | None = None, *, accept: bool = False) -> VerifyReport:
        return self._audit.verify(game_id, head_hash, accept=accept)

    # --- export and import (``transfer``) ---
    def export(self, game_id: int, *, with_seed: bool = False) -> tuple[list[str], str]:
        return self._transfer.export(game_id, with_seed=with_seed)

    def import_lines(self, lines: Iterable[str], *, copy: bool = False) -> tuple[int, bool]:
        return self._transfer.import_lines(lines, copy=copy)
