"""The referee service: what every front end (the command line now) calls.

It joins the store (the log) and a game's rules (its Decider): a move is decided on the
current state and its facts appended atomically; undo, void and redo are appended too;
state, score and the log are read back by folding the live history.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from ledger import games
from ledger.codec import (
    GENESIS,
    MAX_NESTING,
    encode,
    new_salt,
    row_hash,
    salted,
    stored_body,
    tag_of,
    too_deep,
    utcnow,
)
from ledger.decider import Board, Game, Score, Screen, Setup, Verb, optional
from ledger.errors import (
    BadInput,
    IllegalMove,
    LogDamaged,
    MoveRefused,
    NotFound,
    RefereeError,
    StoreUnreadable,
    VerificationFailed,
    WriteConflict,
)
from ledger.history import (
    META_TYPES,
    MOVE,
    REVERTED,
    SEED,
    SETUP,
    Broken,
    Move,
    MoveEntry,
    Replay,
    Reverted,
    RevertEntry,
    SeedRevealed,
    check_chain,
    check_commands,
    check_seated,
    command_text,
    decode_command,
    decode_facts,
    decode_revert,
    decode_setup,
    fold,
    group_entries,
    head_prefix,
    iter_entries,
    links_hold,
    read_entries,
    recheck,
    replay_checked,
    revalidate,
    revealed_seed,
    seed_commitment,
)
from ledger.history import TABLE as TABLE  # the actor nobody in particular is: the front ends' too
from ledger.names import checked_reason, checked_title
from ledger.service.catalogue import _game_of, _other_game, game_schema, game_verbs
from ledger.service.checks import (
    _actor,
    _check_header,
    _check_mode,
    _check_options,
    _check_players,
    _check_setup,
    _describe_setup,
    _new_names,
    _player,
)
from ledger.service.damage import (
    _changed_head,
    _check_own_hash,
    _head_in,
    _initial,
    _mark_lost,
    _MarkLost,
    _recorded_damage,
    _setup_rewritten,
    _Unproven,
    _untrusted,
)
from ledger.service.hidden import _dealt, _mover, _told_before, _witnessed
from ledger.service.results import (
    Corrected,
    ExportHeader,
    ExportLine,
    Imported,
    LegalMove,
    Loaded,
    LogEntry,
    Opened,
    PlayerStats,
    Preview,
    Recorded,
    Result,
    ScoreChart,
    Started,
    TakeBack,
    VerifyReport,
    Witnessed,
    WitnessRow,
)
from ledger.service.snapshots import _cacheable, _same_state, _snapshot_body, snapshot_key
from ledger.storage import EventStore
from ledger.store import CURRENT_GAME, MAX_ID, NewRow, Row, Snapshot, StaleHead, Store, Tip
from ledger.store import GameRow as GameRow  # a result type of the service's: the front ends' too

if TYPE_CHECKING:  # each imported where it is used: a status or a move needs neither
    from ledger import library
    from ledger.picker import Picker

# What the front ends import from here: the facade and the types and functions it answers with,
# wherever in the package each is defined (a front end never names the module behind it).
__all__ = [
    "TABLE",
    "Corrected",
    "ExportHeader",
    "ExportLine",
    "GameRow",
    "Imported",
    "LegalMove",
    "Loaded",
    "LogEntry",
    "Opened",
    "PlayerStats",
    "Preview",
    "Recorded",
    "Referee",
    "Result",
    "ScoreChart",
    "Started",
    "TakeBack",
    "VerifyReport",
    "WitnessRow",
    "Witnessed",
    "game_schema",
    "game_verbs",
    "snapshot_key",
]

SNAPSHOT_EVERY = 1000  # rows between cached folds
FOLD_BATCH = 5000  # rows a fold reads at a time
PlainRows = list[tuple[int, str, str, str, str, str]]  # (seq, type, body, actor, recorded_at, hash)
Seals = list[tuple[str, tuple[Any, ...]]]  # of batches checked row by row, to store (``Store.batch_seals``)
MAX_ATTEMPTS = 5  # re-decides after another writer got there first
EXPORT_FORMAT = "referee-log/1"
LOG_HOLDS = "the log itself checks out"  # ``verify``'s word on a problem in a cache only
WITNESS_ROWS = 2000  # rows a page is sent at a time to witness


class Referee:
    """The service. One instance per open database."""

    def __init__(self, store: EventStore, clock: Callable[[], str] = utcnow) -> None:
        self.store = store  # the SQLite ``Store`` today; anything ``EventStore`` lists (issue 44)
        self.clock = clock
        # The last state this process folded or wrote, per game, keyed by the log's head hash:
        # valid exactly while nobody has appended since (a cache, like the snapshots)...
        self._tips: dict[int, tuple[str, Loaded]] = {}
        # ... and nobody else has written at all (``Store.version`` when they were folded): a row
        # edited in place leaves the head's hash as it was, and a long-lived process (``serve``,
        # ``play``) must then check the rows again as a fresh one would.
        self._version: int | None = None

    @classmethod
    def open(cls, path: str | Path, *, create: bool = True) -> Referee:
        """The referee on the database at ``path`` (made there if missing, unless not ``create``)."""
        return cls(Store(path, create=create))

    def notices(self) -> list[str]:
        """What opening the database found that the table must be told, once (the next opening
        finds it settled): the key is not the one that sealed it (lost or replaced, or the
        database copied without it), or it had no record of its key (made by an older referee,
        or the record deleted by hand); and what that costs. Empty as a rule."""
        news, store = self.store.key_news, self.store
        if news is None:
            return []
        if news == "changed":
            said = (
                f"{store.key_path} is not the key that sealed {store.path} (the key was lost or replaced,"
                " or the database was copied without it): from now on a new key seals it; every game is"
                " checked whole, once"
            )
        else:
            why = (
                "was altered by hand"
                if news == "altered"
                else "is missing (an older referee's database, or deleted by hand)"
            )
            unmarked = ", ".join(str(g) for g in sorted(store.unmarked)) or "none"
            said = (
                f"the record of the key that seals {store.path} {why}: it is made again, and the games"
                f" with no verified mark ({unmarked}) are checked whole, once"
            )
        said += (
            "; a cut at the end of a game's log, or a rewrite within the rules, made before now can no"
            " longer be shown but by a head hash kept elsewhere (`referee verify --head HASH`)"
        )
        lost = self._seeds_lost()
        if lost:
            said += (
                f"; the sealed seeds of game{'s' if len(lost) > 1 else ''} {', '.join(map(str, lost))}"
                " (virtual decks) cannot be opened without the key they were sealed with: the order of"
                " their decks to come is lost; each reads, scores and exports from its log, goes on as"
                " at a real table (the table reveals what it draws), and `referee verify` names the"
                " moves only the seed could confirm"
            )
        return [said]

    def _seeds_lost(self) -> list[int]:
        """The games whose setup commits to a seed that this installation cannot open, and whose
        log does not reveal it."""
        lost = []
        for game_id, _, _, body in self.store.setups():
            try:
                setup = decode_setup(body)
            except VerificationFailed:
                continue
            if setup.commitment is not msgspec.UNSET and self._seeded(setup, game_id).seed is None:
                lost.append(game_id)
        return lost

    def backup(self, target: Path) -> Path | None:
        """A complete backup: the database as it stands now, and its key beside it (see
        ``Store.backup``); the key's copy, or None where there is no key to copy."""
        return self.store.backup(target)

    @property
    def created(self) -> bool:
        """Whether this opening made the database (a new file)."""
        return self.store.created

    def discard(self) -> bool:
        """Close the database this opening made and delete it with all it made for it (see
        ``Store.remove``), if no game is in it: a refused ``new`` or ``import`` leaves no file
        behind. False, leaving it open and as it is, for one it did not make or that holds a game."""
        if not self.store.created or self.store.games():
            return False
        self.store.remove()
        return True

    def close(self) -> None:
        self.store.close()

    def version(self) -> int:
        """A number that changes whenever another process has written to the database since this
        referee last asked (see ``Store.version``): a long-lived front end polls it."""
        return self.store.version()

    # --- games ------------------------------------------------------------------------

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
        """Start a game: the setup is its first row. Returns the new game's id."""
        return self.start_game(
            kind, players, mode=mode, options=options, seed=seed, title=title, cards=cards, fresh=fresh
        ).game_id

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
        """Start a game from the group's card library (unless ``fresh``) and a cards file, which
        is checked against the library; every face it takes is declared in its own log, after
        the setup row, so that its export replays anywhere."""
        from ledger import library

        game = games.get(kind)
        setup = Setup(
            game=game.name,
            rules_version=game.rules_version,
            players=tuple(players),  # as given, until read (the grammar's words depend on the setup)
            mode=_check_mode(game, mode),
            options=_check_options(game, options or {}),
            seed=seed,
            title=checked_title(title),
        )
        setup = msgspec.structs.replace(setup, players=_check_players(game, _new_names(game, setup)))
        salt = new_salt()
        if seed is not None:
            # The log commits to the seed and the referee keeps it sealed: nobody reads the
            # decks from the log while the game runs (``reveal_seed`` appends it at the end).
            setup = msgspec.structs.replace(setup, commitment=seed_commitment(seed, salt))
        state = game.initial(setup)
        rows: list[NewRow] = []  # the setup row goes first, once it knows how many moves follow
        moves = 0
        shelf = library.read(self.store, game)
        own = game.load_cards(setup, cards) if cards else []
        # The file's faces meet the library first: one that says otherwise is refused, one that
        # says the same is taken from the library (which cites where it was first declared).
        kept = []
        for command, events in library.declared(game, game.initial(setup), own):
            library.check(shelf, game, events)
            faces = library.faces_of(game, events)
            if fresh or not faces or any(key not in shelf.entries for key, _, _ in faces):
                kept.append(command)
        started = Started(0, from_file=0, from_library=0, left_out=0, games=[], rows=[])
        for command in kept:
            new, events, state = self._decide_rows(game, state, command, TABLE)
            rows.extend(new)
            moves += 1
            started.from_file += len(library.faces_of(game, events))
        taken: set[str] = set()
        for command in [] if fresh else library.commands(shelf, game, setup):
            try:
                new, events, state = self._decide_rows(game, state, command, TABLE)
            except RefereeError:
                started.left_out += 1  # not for this setup (a Planet B side for more players, ...)
                continue
            rows.extend(new)
            moves += 1
            taken.update(key for key, _, _ in library.faces_of(game, events))
        if moves:  # the setup says how many moves it takes: nothing else tells where it ends
            setup = msgspec.structs.replace(setup, setup_moves=moves)
        if seed is not None:
            self.store.put_seed(seed_commitment(seed, salt), seed, salt)
        rows.insert(0, NewRow(SETUP, encode(msgspec.structs.replace(setup, seed=None)), TABLE))
        started.from_library = len(taken)
        sources = [shelf.entries[key] for key in taken if key in shelf.entries]
        started.games = sorted({e.game_id for e in sources if e.game_id is not None})
        started.rows = sorted({e.source for e in sources if e.game_id is None})
        started.game_id = self.store.create_game(
            kind=game.name,
            rules_version=game.rules_version,
            title=title,
            players=setup.players,
            options=setup.options,
            created_at=self.clock(),
            rows=rows,
            status=_status_of(game, state),
            current=True,
        )
        self.store.ensure_library()  # the index that finds the declarations of the next games
        return started

    # --- the card library (``ledger.library``) ------------------------------------------

    def card_library(self, kind: str) -> library.Library:
        """The faces and settings the tables of this database declared in ``kind``'s games."""
        from ledger import library

        return library.read(self.store, games.get(kind))

    def library_toml(self, kind: str) -> str:
        """The library of ``kind`` as a cards file a group can share (``new --cards`` reads it)."""
        from ledger import library

        game = games.get(kind)
        return library.as_toml(library.read(self.store, game), game)

    def import_library(self, kind: str, text: str, source: str, *, correct: str | None = None) -> Imported:
        """Add a cards file's faces to the library of ``kind``, checked as a declaration is: one
        that contradicts the library is refused (and nothing is added), unless ``correct`` gives
        the reason to take the file's word as a correction (naming the games it affects)."""
        from ledger import library

        game = games.get(kind)
        if correct is not None and not correct.strip():
            raise BadInput("a correction needs a reason", legal="--correct REASON")
        shelf = library.read(self.store, game)
        setup = library.scratch(game)
        rows, known, fixed = [], 0, []
        for _, events in library.declared(game, game.initial(setup), game.load_cards(setup, text)):
            for key, face, event in library.faces_of(game, events):
                was = shelf.entries.get(key)
                if was is None:
                    rows.append(library.row(key, event, library.IMPORT, source))
                elif was.body == encode(event):
                    known += 1
                elif correct is None:
                    raise library.contradiction(game, key, face, was)
                else:
                    fixed.append(self._correction(game, key, face, event, was))
                    rows.append(library.row(key, event, library.CORRECT, correct, fixed[-1].affects))
        if rows:
            self.store.add_library(game.name, rows, self.clock())
        return Imported(len(rows) - len(fixed), known, fixed)

    def correct_card(self, kind: str, words: Sequence[str], reason: str) -> Corrected:
        """Replace a face of the library of ``kind`` with the one a declaration in the game's
        grammar (``declare ...``) gives, logged with ``reason`` and the games whose logs say
        otherwise (they keep what they were played with; new games take the correction)."""
        from ledger import library

        if not reason.strip():
            raise BadInput("a correction needs a reason", legal="--reason TEXT")
        game = games.get(kind)
        if not library.has_library(game):
            raise BadInput(f"{game.title} keeps no card library")
        shelf = library.read(self.store, game)
        state = game.initial(library.scratch(game))
        command = game.parse(state, list(words))
        faces = library.faces_of(game, game.decide(state, command))
        if len(faces) != 1:
            raise BadInput(
                "a correction declares one face", legal="declare ... (see the game's `declare` help)"
            )
        key, face, event = faces[0]
        known = shelf.entries.get(key)
        if known is None:
            raise IllegalMove(
                f"the {game.name} library has no {key} to correct",
                rule=library.RULE,
                legal="declare it in a game, or `referee cards import`",
            )
        if known.body == encode(event):
            raise IllegalMove(f"the library says that of {key} already ({known.cite()})", rule=library.RULE)
        fixed = self._correction(game, key, face, event, known)
        self.store.add_library(
            game.name, [library.row(key, event, library.CORRECT, reason, fixed.affects)], self.clock()
        )
        return fixed

    def _correction(self, game: Game, key: str, face: Any, event: Any, was: library.Entry) -> Corrected:
        """What correcting ``key`` to ``face`` changes: the face as it read, and the games whose
        logs keep that earlier word."""
        from ledger import library

        before = library.faces_of(game, [was.event])[0][1]
        affects = library.affected(self.store, game, key, encode(event))
        return Corrected(key, library.said(face), was.cite(), library.said(before), affects)

    def games(self) -> list[GameRow]:
        """Every game as its setup row tells it (see ``overview``)."""
        return [info for info, _ in self.overview()]

    def overview(self) -> list[tuple[GameRow, Result]]:
        """Every game as its setup row tells it, with its result; the status is that of its
        checked state (the ``games`` table's is only a cache, never shown), or ``damaged``
        for a log that does not check out (its result's headline names the first bad row)."""
        out = []
        for game_id, created_at, _, body in self.store.setups():
            try:
                setup = decode_setup(body)
            except VerificationFailed:
                setup = Setup(game="?", rules_version="?", players=(), mode="?", title="(unreadable setup)")
            try:
                result = self.result(game_id)
                status = "over" if result.over else "active"
            except RefereeError as error:
                status = "damaged"
                result = Result(game_id, setup.game, False, f"{status}: {error}", [], "", {}, "")
            out.append((_info(game_id, setup, setup.game, created_at, status), result))
        return out

    def game(self, game_id: int) -> GameRow:
        """One game as its setup row tells it, with the status of its current state."""
        return self.load(game_id).info

    def peek(self, game_id: int) -> GameRow:
        """One game as the ``games`` table caches it, unchecked: a cheap look at its kind and
        players (shell completion, the log's header); ``game`` is the checked one."""
        return self.store.game(game_id)

    def head(self, game_id: int) -> tuple[int, str]:
        """The log's last seq and its hash, as stored (unchecked: cheap to poll)."""
        return self.store.head(game_id)

    def use(self, game_id: int) -> None:
        self.store.game(game_id)  # raises NotFound
        self.store.set_setting(CURRENT_GAME, str(game_id))

    def current(self) -> int | None:
        """The current game's id, or None if there is none (or the setting names nothing)."""
        try:
            return self.resolve(None)
        except RefereeError:
            return None

    def resolve(self, game_id: int | None) -> int:
        """The game to act on: the one named, else the current one."""
        if game_id is not None:
            if not 0 < game_id <= MAX_ID:
                raise NotFound(f"no game #{game_id} in {self.store.path}", legal="see `referee games`")
            return game_id
        current = self.store.setting(CURRENT_GAME)
        if current is None:
            raise NotFound(
                "no current game",
                legal="start one with `referee new` or pick one with `referee use ID`",
            )
        try:
            number = int(current)
        except ValueError:
            number = 0
        if not 0 < number <= MAX_ID:
            raise BadInput(
                f"the current game setting of {self.store.path} is {current[:40]!r}, not a game id",
                legal="pick a game with `referee use ID` (see `referee games`)",
            )
        return number

    # --- reading ----------------------------------------------------------------------

    def load(
        self,
        game_id: int,
        upto: int | None = None,
        *,
        without: Iterable[int] = (),
        all_reverts: bool = False,
    ) -> Loaded:
        """Fold the live history as of ``upto`` (default: the head).

        ``without`` folds as if those moves were reverted too. ``all_reverts`` applies every
        revert in the log (not only those recorded by ``upto``): the state just before a move
        in today's history, which is what a void re-validates from.
        """
        version = self.store.version()  # before anything is read: a write after it is seen next time
        if version != self._version:
            self._tips.clear()
            self._version = version
        tip = self.store.tip(game_id)
        if tip.bad is not None:
            raise _recorded_damage(tip)
        head = tip.head
        extra = set(without)
        cached = self._tips.get(game_id)
        if cached and cached[0] == tip.head_hash and (upto is None or upto == head) and not extra:
            return cached[1]
        try:
            opened = self._open(game_id, tip)
            self._check_tip(opened, tip)
            if upto is None:
                upto = head
            elif not 1 <= upto <= head:
                raise NotFound(f"game #{game_id} has no row #{upto}", legal=f"1 to {head}")
            anchor = tip.head_hash if upto == head else None
            state, read = self._fold(opened, upto, extra, all_reverts, anchor)
        except LogDamaged as error:
            if not isinstance(error, _MarkLost):  # said again on every command: only ``verify`` answers it
                self._mark_bad(game_id, error, tip)
            raise
        info = msgspec.structs.replace(opened.info, status=_status_of(opened.game, state))
        loaded = Loaded(info, opened.game, opened.setup, state, head, upto, tip.head_hash)
        if upto == head and not extra and not all_reverts:
            self._tips[game_id] = (tip.head_hash, loaded)
            # A long fold (an imported game, say): cache it (best effort).
            if read >= SNAPSHOT_EVERY and _cacheable(opened.setup):
                self.store.put_snapshot(
                    game_id, snapshot_key(opened.game), head, _snapshot_body(state), tip.head_hash
                )
        return loaded

    def _mark_bad(self, game_id: int, error: RefereeError, tip: Tip) -> None:
        """Remember, sealed with the mark, that a check failed: every later command refuses the
        game at once (naming the row) until a check passes again."""
        self._tips.pop(game_id, None)
        self.store.mark_bad(game_id, error.seq, {"message": error.message, "legal": error.legal}, since=tip)

    def _open(self, game_id: int, tip: Tip | None = None) -> Opened:
        """The game as its setup row tells it; refuse a game or rules version this referee
        does not know (a log from a newer referee), but first a setup row that is not the one
        checked before (``tip``'s mark): a rewritten setup is damage, not a newer referee."""
        cached = self.store.game(game_id)  # NotFound if there is no such game
        rows = self.store.rows(game_id, 0, 1)
        if not rows or rows[0].type != SETUP:
            raise _untrusted(VerificationFailed("the log does not start with a setup row", seq=1))
        first = rows[0]
        if tip is not None and tip.setup_hash is not None and first.hash != tip.setup_hash:
            raise _untrusted(_setup_rewritten())
        try:
            setup = decode_setup(first.body)
        except VerificationFailed as error:  # damage, as any row that does not decode
            raise _untrusted(error) from None
        game = _game_of(game_id, setup)
        setup = self._seeded(setup, game_id)
        return Opened(_info(game_id, setup, game.name, first.recorded_at, cached.status), game, setup, first)

    def _kept_seed(self, setup: Setup) -> int | None:
        """The seed this installation keeps sealed for a setup that commits to one, if it
        matches the commitment (None: no commitment, or no such seed kept here)."""
        if setup.commitment is msgspec.UNSET:
            return None
        kept = self.store.kept_seed(setup.commitment)
        if kept is None or seed_commitment(*kept) != setup.commitment:
            return None
        return kept[0]

    def _kept(self, rows: Sequence[Row]) -> int | None:
        return self._kept_seed(decode_setup(rows[0].body)) if rows and rows[0].type == SETUP else None

    def _seeded(self, setup: Setup, game_id: int) -> Setup:
        """The setup the fold deals from: a committed seed comes from the referee's sealed
        keeping, never from the log (which holds only the commitment until the reveal), or from
        the log's last row once revealed. With neither (the key that sealed it lost, the database
        copied without it), the seed is lost: the setup keeps no seed, and the game folds from
        what its log holds (``history.seed_lost``), a real table from then on."""
        if setup.commitment is msgspec.UNSET:
            return setup
        seed = self._kept_seed(setup)
        if seed is None:
            seed = self._revealed(game_id, setup)
        return msgspec.structs.replace(setup, seed=seed)

    def _revealed(self, game_id: int, setup: Setup) -> int | None:
        """The seed a game's last row reveals (``reveal-seed``), if it matches the commitment."""
        head, _ = self.store.head(game_id)
        last = self.store.rows(game_id, head - 1, head)
        try:
            reveal = revealed_seed(setup, last) if last and last[0].type == SEED else None
        except VerificationFailed:
            return None  # not the seed committed to: the checks of the log name that row
        return reveal.seed if reveal is not None else None

    def _check_tip(self, opened: Opened, tip: Tip) -> None:
        """Refuse a log that changed since it was last checked, and check (chain and rules) the
        rows appended since, by another version of the referee or by hand; then move the mark.

        The mark is the last seq checked and its hash, moved by every append in the same
        transaction, so that this usually costs one comparison. A game from before the marks
        is checked whole once.
        """
        game_id, game, first = opened.info.id, opened.game, opened.first
        if first.prev_hash != GENESIS or first.hash != row_hash(
            GENESIS, 1, first.type, first.body, first.actor, first.recorded_at
        ):
            raise _untrusted(
                VerificationFailed("row #1 (the setup) was altered: it does not match its hash", seq=1)
            )
        if tip.mark is None or tip.mark_hash is None or tip.setup_hash is None:
            rows = self.store.rows(game_id)
            try:
                check_chain(rows)
                replay_checked(game, rows, seed=opened.setup.seed)
            except VerificationFailed as error:
                raise _untrusted(error) from None
            if tip.lost:  # the log holds as far as it goes, but where it ended is not known
                raise _mark_lost(game_id, tip.head)
        else:
            if first.hash != tip.setup_hash:
                raise _untrusted(_setup_rewritten())
            if tip.mark > tip.head:
                raise _untrusted(
                    VerificationFailed(
                        f"the log ends at #{tip.head}, but rows up to #{tip.mark} were recorded:"
                        " rows were removed",
                        seq=tip.head + 1,
                    )
                )
            if tip.mark_now != tip.mark_hash:
                raise _untrusted(
                    VerificationFailed(
                        f"row #{tip.mark} is not the one checked before: the log up to it was rewritten",
                        seq=tip.mark,
                    )
                )
            if tip.mark == tip.head:
                return
            self._check_since(opened, tip)
        self.store.set_verified(game_id, tip.head, tip.head_hash, first.hash, since=tip)

    def _check_since(self, opened: Opened, tip: Tip) -> None:
        """The rows after the mark: their chain from the mark's hash, and their moves through
        the rules on the state at the mark (the whole log again if one of them is a revert)."""
        assert tip.mark is not None and tip.mark_hash is not None
        game_id, game = opened.info.id, opened.game
        rows = self.store.rows(game_id, tip.mark, tip.head)
        try:
            check_chain(rows, prev=tip.mark_hash, first=tip.mark + 1)
            entries = group_entries(game, rows)
            if any(isinstance(e, RevertEntry) for e in entries) or any(r.type == SEED for r in rows):
                replay_checked(game, self.store.rows(game_id, 0, tip.head), seed=opened.setup.seed)
                return
            state, _ = self._fold(opened, tip.mark, set(), False, tip.mark_hash)
            for move in entries:
                assert isinstance(move, MoveEntry)
                check_seated(opened.setup, move)  # a redo names who asked: someone at the table
                try:
                    state = recheck(game, state, move)
                except RefereeError as error:
                    raise MoveRefused(
                        f"move #{move.seq} ({command_text(game, move.command)}) is refused: {error}",
                        seq=move.seq,
                    ) from None
        except VerificationFailed as error:
            raise _untrusted(error) from None

    def _fold(
        self, opened: Opened, upto: int, extra: set[int], all_reverts: bool, anchor: str | None
    ) -> tuple[Any, int]:
        """The live history as of ``upto`` folded from the latest valid snapshot (or the setup),
        and how many rows were read. Every row read is checked against the hash chain from the
        snapshot's bound row on, so that a row edited in place never shows. The batches checked
        row by row are sealed only if the chain ends at ``anchor``, a hash already checked (the
        head's or the mark's): a stretch rehashed among itself holds until it meets one."""
        game_id, game = opened.info.id, opened.game
        try:
            reverts = [
                (row.seq, target)
                for row in self.store.reverts(game_id, None if all_reverts else upto)
                for target in decode_revert(row.body, row.seq).targets
            ]
        except VerificationFailed as error:  # a revert row that does not decode: damage
            raise _untrusted(error) from None
        targets = {target for _, target in reverts} | extra
        state, start, start_hash = self._cached(
            game, game_id, upto, reverts, min(extra, default=None), opened.setup.seed
        )
        if state is None:
            state, start, start_hash = _initial(game, opened.setup), 1, opened.first.hash
        owner: int | None = None  # the move (or revert) the rows now read belong to
        read = 0
        prev = start_hash
        seals: Seals = []
        # In batches, so that a long fold holds one batch of rows at a time, not the whole log.
        for lo, hi in _batches(start, upto):
            rows, last = self._fold_batch(game_id, lo, hi, prev, seals)
            if rows is None:
                try:  # read them again as rows, to say where and how the chain breaks (with
                    # the row after them: the one missing may be the batch's last)
                    check_chain(self.store.rows(game_id, lo, hi + 1), prev=prev, first=lo + 1)
                except VerificationFailed as error:
                    raise _untrusted(error) from None
                raise _untrusted(VerificationFailed(f"the rows after #{lo} changed while being read"))
            facts, moves = [], []
            for row in rows:
                seq, type_, body = row[0], row[1], row[2]
                if type_ in META_TYPES:
                    owner = seq
                    if type_ == MOVE:
                        moves.append((seq, body))
                elif owner is None:
                    raise _untrusted(VerificationFailed(f"row #{seq} is a fact outside any move", seq=seq))
                elif owner not in targets:
                    facts.append((seq, type_, body))
            try:
                check_commands(game, moves)
                events = decode_facts(game, facts)
            except VerificationFailed as error:  # a row that does not decode: damage, as above
                raise _untrusted(error) from None
            try:
                state = fold(game, state, events)
            except Exception as exc:
                # Only a damaged log (or a forged snapshot) makes facts that decide gave not apply.
                raise _untrusted(
                    VerificationFailed(
                        f"the state cannot be rebuilt from the log ({type(exc).__name__}: {exc})"
                    )
                ) from None
            read += len(rows)
            prev = last
        if anchor is not None and prev == anchor:
            self.store.put_seals(game_id, seals)
        return state, read

    def _fold_batch(
        self, game_id: int, lo: int, hi: int, prev: str, seals: Seals
    ) -> tuple[Sequence[Sequence[Any]] | None, str]:
        """A fold's batch of rows ``(lo, hi]`` (``(seq, type, body, ...)`` each) and the hash of
        the last, checked to follow the row hashed ``prev`` and to match their hashes (None for
        the rows if they do not). A batch once checked row by row is sealed (the installation's
        HMAC over all of it): read again unchanged, only what the fold uses is read, and its seal
        is all that is checked (one call). Any other is read whole, checked row by row, and its
        seals added to ``seals``."""
        kept = self.store.folded_last(game_id, lo, hi) if _sealable(lo, hi) else None
        if kept is not None:
            facts = self.store.fold_facts(game_id, lo, hi)
            if len(facts) == hi - lo and self.store.folded_sealed(game_id, lo, hi, prev, facts, kept):
                return facts, kept[0]
        rows = self.store.fold_rows(game_id, lo, hi)
        if len(rows) != hi - lo or not self._rows_match(game_id, rows, prev, lo, hi, seals):
            return None, prev
        return rows, rows[-1][5]

    def _rows_match(self, game_id: int, rows: PlainRows, prev: str, lo: int, hi: int, seals: Seals) -> bool:
        """Whether rows ``(seq, type, body, actor, recorded_at, hash)`` follow ``prev`` and match
        their hashes, row by row; the batch's seals are added to ``seals``, for the caller to
        store once the chain is known to end at a hash already checked."""
        if not links_hold(rows, prev, lo + 1):
            return False
        if _sealable(lo, hi):
            seals += self.store.batch_seals(game_id, lo, hi, prev, rows)
        return True

    def _cached(
        self,
        game: Game,
        game_id: int,
        upto: int,
        reverts: list[tuple[int, int]],
        first_extra: int | None,
        seed: int | None,
    ) -> tuple[Any, int, str]:
        """The latest snapshot still valid for this fold, the seq it stands at and the hash of
        that row (a snapshot is used only while that row still has the hash it was taken at)."""
        if not self.store.has_snapshots(game_id, upto):
            return None, 0, GENESIS  # most games never reach one: no need to key the game's code
        key = snapshot_key(game)
        for seq in self.store.snapshot_seqs(game_id, key, upto):
            stale = any(at > seq and target <= seq for at, target in reverts)
            if stale or (first_extra is not None and first_extra <= seq):
                continue
            found = self.store.snapshot(game_id, key, seq)
            if found is None:
                continue  # not bound to the chain as it is now, or its body was edited
            try:
                cached = msgspec.json.decode(found[0], type=game.State)
                if seed is not None:  # a snapshot never holds the seed (it is no shown record)
                    cached = msgspec.structs.replace(cached, seed=seed)
                elif getattr(cached, "sealed", False):
                    continue  # dealt from a seed this fold has lost: it starts from the log itself
                return cached, seq, found[1]
            except (msgspec.DecodeError, TypeError):
                continue  # a cache entry that no longer reads is simply not used
        return None, 0, GENESIS

    def _wrote(self, loaded: Loaded, stored: list[Row], state: Any) -> None:
        """After an append: remember the new tip, and cache a snapshot now and then."""
        head = stored[-1].seq
        info = msgspec.structs.replace(loaded.info, status=_status_of(loaded.game, state))
        self._tips[loaded.info.id] = (
            stored[-1].hash,
            msgspec.structs.replace(
                loaded, info=info, state=state, head=head, upto=head, head_hash=stored[-1].hash
            ),
        )
        self._maybe_snapshot(loaded, stored[-1], state)

    def _maybe_snapshot(self, loaded: Loaded, head: Row, state: Any) -> None:
        # None is due yet: no need to key the game's code (its files).
        if head.seq < SNAPSHOT_EVERY or not _cacheable(loaded.setup):
            return
        key = snapshot_key(loaded.game)
        seqs = self.store.snapshot_seqs(loaded.info.id, key, head.seq)
        if head.seq - (seqs[0] if seqs else 0) >= SNAPSHOT_EVERY:
            self.store.put_snapshot(loaded.info.id, key, head.seq, _snapshot_body(state), head.hash)

    def _checked_rows(self, loaded: Loaded, after: int) -> list[Row]:
        """The rows after ``after`` up to ``loaded``'s head, checked (see ``_checked_stream``)."""
        return list(self._checked_stream(loaded, after))

    def _checked_stream(self, loaded: Loaded, after: int) -> Iterator[Row]:
        """The rows after ``after`` up to ``loaded``'s head, each batch checked before any of it
        is given: a batch sealed when it was last checked needs only its seal, and to follow the
        batch given before it; any other is checked row by row against its hashes, and must end
        at a hash already checked: the head ``load`` checked against the verified mark, where it
        ends there, or else the links from it to that head are checked first (hashes only). So a
        row given is the row that was recorded, wherever the reading starts, and a batch
        rewritten with its hashes recomputed is never shown. A batch checked row by row is then
        sealed. The first batch is checked before this returns."""
        game_id = loaded.info.id
        rows = self.store.iter_rows(game_id, after, upto=loaded.head)
        batches = _batches(after, loaded.head)
        linked = [False]  # the links to the head checked
        last: list[str | None] = [None]  # the hash of the last row given

        def checked(lo: int, hi: int) -> list[Row]:
            batch = list(itertools.islice(rows, hi - lo))
            plain = [(r.seq, r.type, r.body, r.actor, r.recorded_at, r.hash) for r in batch]
            prev = batch[0].prev_hash if batch else GENESIS
            read = len(batch) == hi - lo and prev == (last[0] or prev)
            if not (read and _sealable(lo, hi) and self.store.batch_sealed(game_id, lo, hi, prev, plain)):
                if hi < loaded.head and not linked[0]:
                    self._check_links(loaded, lo)
                    linked[0] = True
                seals: Seals = []
                if not read or not self._rows_match(game_id, plain, prev, lo, hi, seals):
                    check_chain(batch, prev=last[0] or prev, first=lo + 1)
                    raise VerificationFailed(f"the rows after #{lo} changed while being read", seq=lo + 1)
                if hi == loaded.head and batch[-1].hash != loaded.head_hash:
                    raise _changed_head(loaded.head)
                self.store.put_seals(game_id, seals)
            last[0] = batch[-1].hash
            return batch

        with self._damage_marked(game_id):
            span = next(batches, None)
            first = checked(*span) if span else []
        return self._check_rest(game_id, first, batches, checked)

    def _check_rest(
        self,
        game_id: int,
        first: list[Row],
        batches: Iterator[tuple[int, int]],
        checked: Callable[[int, int], list[Row]],
    ) -> Iterator[Row]:
        yield from first
        for lo, hi in batches:
            with self._damage_marked(game_id):
                batch = checked(lo, hi)
            yield from batch

    @contextlib.contextmanager
    def _damage_marked(self, game_id: int) -> Iterator[None]:
        """A check that fails inside marks the game damaged, and leaves as ``LogDamaged``."""
        try:
            yield
        except VerificationFailed as error:
            damage = error if isinstance(error, LogDamaged) else _untrusted(error)
            self._mark_bad(game_id, damage, self.store.tip(game_id))
            raise damage from None

    def _check_links(self, loaded: Loaded, after: int) -> None:
        """Each row after ``after`` names the hash of the row before it, up to the checked head."""
        game_id, prev = loaded.info.id, None
        for lo in range(after, loaded.head, FOLD_BATCH):
            hi = min(lo + FOLD_BATCH, loaded.head)
            links = self.store.chain_links(game_id, lo, hi)
            seqs, prevs, hashes = (
                (tuple(column) for column in zip(*links, strict=True)) if links else ((), (), ())
            )
            if (
                not links
                or seqs != tuple(range(lo + 1, hi + 1))
                or (prev is not None and prevs[0] != prev)
                or prevs[1:] != hashes[:-1]
            ):
                check_chain(
                    self.store.rows(game_id, lo, hi), prev=prev or (prevs or (GENESIS,))[0], first=lo + 1
                )
                raise VerificationFailed(f"the rows after #{lo} changed while being read", seq=lo + 1)
            prev = hashes[-1]
        if after < loaded.head and prev != loaded.head_hash:
            raise _changed_head(loaded.head)

    def board(
        self,
        game_id: int,
        *,
        as_player: str | None = None,
        reveal: bool = False,
        upto: int | None = None,
    ) -> tuple[Loaded, Board, Screen]:
        """The table as ``as_player`` may see it (now, or right after row ``upto``): the typed
        view with whose turn it is and what is awaited, and its text rendering."""
        loaded = self.load(game_id, self._move_end(game_id, upto))
        return (loaded, *self.show(loaded, as_player=as_player, reveal=reveal))

    def show(
        self, loaded: Loaded, *, as_player: str | None = None, reveal: bool = False
    ) -> tuple[Board, Screen]:
        """``loaded``'s state as a board and its text (see ``board``)."""
        if as_player is not None:
            as_player = _player(loaded.setup, as_player)
        game, state = loaded.game, loaded.state
        view = game.view(state, as_player, reveal)
        screen = game.present(view)
        board = Board(screen.headline, list(game.to_act(state)), screen.prompt, game.is_over(state), view)
        return board, screen

    def score(self, game_id: int) -> tuple[Loaded, Score]:
        loaded = self.load(game_id)
        return loaded, loaded.game.score(loaded.state)

    def score_by_round(self, game_id: int) -> tuple[Loaded, ScoreChart]:
        """The score chart: the live history folded fact by fact, each player's standing taken
        just before the fact that starts the next round (the state ``at`` that round's end),
        and at the head. A hidden score (Planet B's pockets) counts only once the game is over."""
        loaded = self.load(game_id)  # refuses a log that does not check out
        game = loaded.game
        reveal = game.is_over(loaded.state)
        reverted = self._reverted(game_id)
        state = _initial(game, loaded.setup)
        ends = []
        last = game.standing(state, reveal)
        for entry in iter_entries(game, self.store.iter_rows(game_id, 1)):
            if not isinstance(entry, MoveEntry) or entry.seq in reverted:
                continue
            for event in entry.events:
                state = game.evolve(state, event)
                now = game.standing(state, reveal)
                if now.round != last.round and last.round is not None:
                    ends.append(last)
                last = now
        if last.round is not None:
            ends.append(last)
        chart = ScoreChart(
            measure=last.measure,
            rounds=[s.label for s in ends],
            scores={name: [s.scores[name] for s in ends] for name in loaded.setup.players},
            final=reveal,
        )
        return loaded, chart

    def verbs(self, game_id: int) -> list[Verb]:
        """The verbs of this game's grammar in its setup: a mode's own (LOOP's Basic Mode has no
        CAREER), for help, completion and the unknown-verb error. Read off the setup row alone
        (checked against its hash and the verified mark): `referee loop --help` folds nothing."""
        tip = self.store.tip(game_id)
        if tip.bad is not None:
            raise _recorded_damage(tip)
        opened = self._open(game_id, tip)
        if tip.lost:
            raise _mark_lost(game_id, tip.head)
        _check_own_hash(opened.first)
        return game_verbs(opened.game, opened.setup)

    def legal(self, game_id: int, player: str | None = None) -> list[LegalMove]:
        """The legal moves now (for ``player``, else for whoever may act), typed and as text."""
        loaded = self.load(game_id)
        if player is not None:
            player = _player(loaded.setup, player)
        game = loaded.game
        return [LegalMove(game.text(c), c) for c in game.legal(loaded.state, player)]

    def picker(self, game_id: int, role: str) -> Picker:
        """The legal moves of ``role`` (a player, or the table) as a page's tree of choices."""
        from ledger.picker import build

        loaded = self.load(game_id)
        game, state = loaded.game, loaded.state
        if role == TABLE:
            commands = [c for c in game.legal(state) if game.actor(c) == TABLE]
        else:
            role = _player(loaded.setup, role)
            commands = list(game.legal(state, role))
        unlisted = optional(game, "unlisted")  # moves whose card is new
        new = [u for u in unlisted(state) if u.actor == role] if unlisted is not None else []
        return build(game, state, commands, new)

    def result(self, game_id: int) -> Result:
        """The game's result (final once it is over)."""
        loaded = self.load(game_id)
        game, state = loaded.game, loaded.state
        sheet = game.score(state)
        board, _ = self.show(loaded)
        when = self._checked_rows(loaded, loaded.head - 1)[0].recorded_at
        return Result(
            game_id=game_id,
            kind=loaded.info.kind,
            over=board.over,
            headline=board.headline,
            winners=sheet.winners if board.over else [],
            points=sheet.points,
            scores={line.player: line.categories.get(sheet.points, 0) for line in sheet.lines},
            last_played=when,
        )

    def stats(self, kind: str | None = None) -> list[PlayerStats]:
        """Per player and kind of game: games finished, won, won shared, average and best score."""
        wanted = games.get(kind).name if kind else None
        table: dict[tuple[str, str], PlayerStats] = {}
        for info, result in self.overview():  # the status of each checked log, never the cache's
            if not result.over or (wanted and info.kind != wanted):
                continue
            for player, points in result.scores.items():
                row = table.setdefault(
                    (info.kind, player.lower()), PlayerStats(player, info.kind, 0, 0, 0, 0.0, points, "")
                )
                won = player in result.winners
                row.average = (row.average * row.played + points) / (row.played + 1)
                row.played += 1
                row.won += won and len(result.winners) == 1
                row.shared += won and len(result.winners) > 1
                row.best = max(row.best, points)
                row.last_played = max(row.last_played, result.last_played)
        return sorted(table.values(), key=lambda r: (r.kind, -r.won - r.shared, -r.average, r.player.lower()))

    def cards(self, game_id: int) -> str:
        loaded = self.load(game_id)
        return loaded.game.dump_cards(loaded.state)

    def _move_end(self, game_id: int, upto: int | None) -> int | None:
        """Round a seq inside a move up to the move's last row: a move is atomic."""
        if upto is None:
            return None
        head, _ = self.store.head(game_id)
        if not 1 <= upto <= head:
            raise NotFound(f"game #{game_id} has no row #{upto}", legal=f"1 to {head}")
        following = self.store.next_meta(game_id, upto)
        return head if following is None else following - 1

    def log(
        self,
        game_id: int,
        *,
        since: int | None = None,
        last: int | None = None,
        as_player: str | None = None,
        reveal: bool = False,
    ) -> Iterator[LogEntry]:
        """The log's entries in order, read as they are needed (a long log streams in flat memory).

        ``since`` starts at the entry holding row ``since``; ``last`` keeps only the last
        entries. Hidden cards in the typed facts are masked unless ``as_player`` owns them,
        ``reveal`` is asked for, or the game is over.
        """
        loaded = self.load(game_id)  # refuses a log that does not check out
        info, game = loaded.info, loaded.game
        first = self.store.rows(game_id, 0, 1)[0]
        setup = decode_setup(first.body)
        if as_player is not None:
            as_player = _player(setup, as_player)
        reveal = reveal or info.status == "over"
        start = 1
        if since is not None:
            head, _ = self.store.head(game_id)
            if not 1 <= since <= head:
                raise NotFound(f"game #{game_id} has no row #{since}", legal=f"1 to {head}")
            start = self.store.meta_at(game_id, since)[0]
        if last is not None:
            if not 1 <= last <= MAX_ID:
                raise BadInput(f"-n takes a number of entries, 1 to {MAX_ID}, not {last}")
            start = max(start, self.store.nth_last_meta(game_id, last))
        # Reverts are few and indexed: read them first so each move can say what became of it.
        fate: dict[int, tuple[int, str, str]] = {}
        with self._damage_marked(game_id):
            for row in self.store.reverts(game_id, loaded.head):
                _check_own_hash(row)
                revert = decode_revert(row.body)
                for target in revert.targets:
                    fate[target] = (
                        row.seq,
                        revert.how if target == revert.target else "cascade",
                        revert.reason,
                    )
        # Everything above is checked now, before a line is printed; the entries are read as
        # they are asked for.
        first_entry = LogEntry(1, SETUP, first.actor, first.recorded_at, _describe_setup(setup), body=setup)
        rows = self._checked_stream(loaded, max(start, 2) - 1)  # the links and a first batch checked now
        return self._log_entries(game, loaded, rows, start, first_entry, fate, as_player, reveal)

    def witness(
        self,
        game_id: int,
        after: int,
        known: str | None = None,
        *,
        as_player: str | None = None,
        limit: int = WITNESS_ROWS,
    ) -> Witnessed:
        """What a page needs to check, by itself, that the log extends what it saw up to row
        ``after`` (whose hash it holds as ``known``): the hash of row ``after`` now, every hash up
        to it if that is not ``known``, and the rows after it, checked as ``log`` reads them, each
        with the bytes its hash covers where they tell ``as_player`` nothing hidden (masked as
        ``log`` masks them: facts ``redact`` would change, and a plain seed in the setup, are
        sent as None)."""
        loaded = self.load(game_id)  # refuses a log that does not check out
        if not 0 <= after <= MAX_ID:
            raise BadInput(f"a page witnesses rows from #0 on, not #{after}")
        game, head = loaded.game, loaded.head
        if as_player is not None:
            as_player = _player(loaded.setup, as_player)
        reveal = loaded.info.status == "over"
        links = self.store.chain_links(game_id, after - 1, after) if 0 < after <= head else []
        at = GENESIS if after == 0 else links[0][2] if links else None
        hashes = None
        if known is not None and known != at:
            hashes = [digest for _, _, digest in self.store.chain_links(game_id, 0, min(after, head))]
        rows = []
        if after < head:
            for row in itertools.islice(self._checked_stream(loaded, after), limit):
                told = _witnessed(game, row, as_player, reveal)
                rows.append(WitnessRow(row.seq, row.prev_hash, row.hash, told))
        more = after + len(rows) < head
        return Witnessed(head, loaded.head_hash, at, rows, more, hashes)

    def _log_entries(
        self,
        game: Game,
        loaded: Loaded,
        rows: Iterator[Row],
        start: int,
        first: LogEntry,
        fate: dict[int, tuple[int, str, str]],
        as_player: str | None,
        reveal: bool,
    ) -> Iterator[LogEntry]:
        game_id = loaded.info.id
        if start == 1:
            yield first
        revealed: list[Row] = []  # the seed row (the last, if any): no entry of its own in a fold

        def watched(rows: Iterator[Row]) -> Iterator[Row]:
            for row in rows:
                if row.type == SEED:
                    revealed.append(row)
                yield row

        yield from self._move_entries(game, game_id, watched(rows), fate, as_player, reveal)
        for row in revealed:
            try:
                seed = msgspec.json.decode(row.body, type=SeedRevealed)
            except msgspec.DecodeError as exc:
                raise _untrusted(
                    VerificationFailed(f"row #{row.seq} does not decode: {exc}", seq=row.seq)
                ) from None
            text = f"reveal-seed: seed {seed.seed}, salt {seed.salt} (`verify` checks them against the setup)"
            yield LogEntry(row.seq, SEED, row.actor, row.recorded_at, text, body=seed)

    def _move_entries(
        self,
        game: Game,
        game_id: int,
        rows: Iterator[Row],
        fate: dict[int, tuple[int, str, str]],
        as_player: str | None,
        reveal: bool,
    ) -> Iterator[LogEntry]:
        for entry in iter_entries(game, rows):
            if isinstance(entry, MoveEntry):
                by, how, reason = fate.get(entry.seq, (None, None, ""))
                redo = f"  (redo of #{entry.redo_of})" if entry.redo_of else ""
                # Each fact is told from its event as this viewer may see it (hidden cards
                # masked): the text says no more than the typed facts beside it.
                seen = [game.redact(e, as_player, reveal) for e in entry.events]
                yield LogEntry(
                    entry.seq,
                    "redo" if entry.redo_of else MOVE,
                    entry.actor,
                    entry.recorded_at,
                    game.text(entry.command) + redo,
                    [game.describe(e) for e in seen],
                    reverted_by=by,
                    reverted_how=how,
                    reason=reason or None,
                    body=entry.command,
                    events=seen,
                )
            else:
                revert = entry.revert
                yield LogEntry(
                    entry.seq,
                    revert.how,
                    entry.actor,
                    entry.recorded_at,
                    self._revert_text(game, game_id, revert),
                    reason=revert.reason or None,
                    body=revert,
                )

    def _revert_text(self, game: Game, game_id: int, revert: Reverted) -> str:
        """``undo #25 (buy ann plastic:1)``: a revert names the moves it takes out."""
        names = []
        for seq in revert.targets:
            rows = self.store.rows(game_id, seq - 1, seq)
            with self._damage_marked(game_id):
                for row in rows:
                    _check_own_hash(row)
            command = decode_command(game, rows[0].body) if rows and rows[0].type == MOVE else None
            names.append(f"#{seq} ({game.text(command)})" if command is not None else f"#{seq}")
        text = f"{revert.how} {names[0]}"
        if len(names) > 1:
            text += " and, by cascade, " + ", ".join(names[1:])
        return text

    # --- moves ------------------------------------------------------------------------

    def _decide_rows(
        self, game: Game, state: Any, command: Any, actor: str, redo_of: int | None = None
    ) -> tuple[list[NewRow], list[Any], Any]:
        """The rows of one move: the command, then the facts ``decide`` gives; and the state after.
        A fact ``redact`` hides from the table (and so from anyone who may not see it: nobody sees
        less) is stored salted (``codec.salted``): a page sent its hash without its body cannot
        find it by hashing the few values it may hold (docs/auditing.md, the hashing rule)."""
        events = list(game.decide(state, command))
        move = Move(command=msgspec.Raw(encode(command).encode()), redo_of=redo_of)
        rows = [NewRow(MOVE, encode(move), actor)]
        rows.extend(
            NewRow(tag_of(e), encode(e) if game.redact(e, None) == e else salted(e, new_salt()), actor)
            for e in events
        )
        return rows, events, fold(game, state, events)

    def submit_text(self, game_id: int, words: Sequence[str], *, seen: int | None = None) -> Recorded:
        """Parse a move typed in the game's grammar and submit it (``seen``: see ``submit``)."""
        loaded = self.seen(game_id, seen)
        if not words:
            raise BadInput(
                "no move given", legal=", ".join(v.usage for v in game_verbs(loaded.game, loaded.setup))
            )
        command = loaded.game.parse(loaded.state, list(words))
        return self.submit(game_id, command, _loaded=loaded)

    def seen(self, game_id: int, head: int | None) -> Loaded:
        """The game as a front end last showed it, at log head ``head`` (None: now).

        A move submitted on it is decided there first; if the log has moved on since, it
        meets the same optimistic concurrency as two terminals (``submit``): decided again on
        the new state, and refused, naming what was recorded first, if it no longer holds."""
        loaded = self.load(game_id)
        if head is None or head == loaded.head:
            return loaded
        at = self._move_end(game_id, head)
        if at is None or at == loaded.head:
            return loaded
        return msgspec.structs.replace(self.load(game_id, at), head=at)

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
        """Decide ``command`` on the current state and append its facts, or raise and append nothing.

        If another writer appends first, the command is decided again on the new state and
        appended if still legal; otherwise a ``WriteConflict`` says what got there first.
        ``seen`` is the head the mover was shown (a page drawn earlier): the moves since count
        as appended first.
        """
        loaded = _loaded or self.seen(game_id, seen)
        self._refuse_closed(loaded)
        first_head = loaded.head
        for attempt in range(MAX_ATTEMPTS):
            game = loaded.game
            who = actor or game.actor(command)
            try:
                rows, events, state = self._decide_rows(game, loaded.state, command, who, redo_of)
                from ledger import library  # a move may declare a face the library holds

                if library.faces_of(game, events):
                    library.check(library.read(self.store, game), game, events)
            except RefereeError as error:
                if attempt == 0:
                    raise
                # The rule cited once, as the prefix: ``str(error)`` would repeat it.
                raise WriteConflict(
                    f"{self._since(loaded, first_head)} was recorded first, and now {error.message}",
                    rule=error.rule,
                    legal=error.legal,
                    candidates=error.candidates,
                ) from None
            status = _status_of(game, state)
            try:
                stored = self.store.append(
                    game_id, loaded.head, rows, self.clock(), None if status == loaded.info.status else status
                )
            except StaleHead:
                loaded = self.load(game_id)
                continue
            self._wrote(loaded, stored, state)
            over = game.is_over(state)
            return Recorded(
                game_id,
                stored[0].seq,
                stored[-1].seq,
                game.text(command),
                [game.describe(e) for e in events],
                state,
                [game.redact(e, None, over) for e in events],
            )
        raise WriteConflict("the log kept changing under this move", legal="try again")

    def _since(self, loaded: Loaded, first_head: int) -> str:
        """Name the moves another writer appended after ``first_head``."""
        names = [
            f"#{e.seq} ({loaded.game.text(e.command)})"
            if isinstance(e, MoveEntry)
            else f"#{e.seq} (a revert)"
            for e in group_entries(loaded.game, self.store.rows(loaded.info.id, first_head, loaded.head))
        ]
        return "another writer's move " + ", ".join(names) if names else "another writer's move"

    def _unchanged(self, loaded: Loaded, seen: int | None, action: str) -> None:
        """Refuse a table action (undo, redo, void) asked on the log as a page showed it, at head
        ``seen``, if anything was recorded since: it would act on a table nobody has looked at
        (an undo would take back the move recorded since, not the one shown). None (the command
        line, which shows no head first): not checked."""
        at = self._move_end(loaded.info.id, seen)
        if at is None or at >= loaded.head:
            return
        raise WriteConflict(
            f"{self._since(loaded, at)} was recorded after #{seen}, the head the page showed:"
            f" the {action} was not recorded",
            legal=f"look at the table as it is now, then {action} again if it still should be",
        )

    def undo(
        self, game_id: int, *, by: str | None = None, reason: str = "", seen: int | None = None
    ) -> Recorded:
        """Revert the latest live move; ``by`` (who asked) is its actor unless said; ``seen``: the
        head the asker was shown (refused if anything was recorded since)."""
        return self._undo(game_id, by, checked_reason(reason), None, seen)

    def _undo(
        self, game_id: int, by: str | None, reason: str, player: str | None, seen: int | None = None
    ) -> Recorded:
        """``undo``; with ``player``, only if the latest live move is that player's own."""
        for _ in range(MAX_ATTEMPTS):
            loaded = self.load(game_id)
            self._unchanged(loaded, seen, "undo")
            target = self._last_live_move(game_id)
            if target is None:
                raise IllegalMove("nothing to undo: no move has been made")
            if target <= self._setup_span(loaded):
                raise IllegalMove(
                    "nothing to undo: no move has been made since `new`, whose card faces"
                    f" (#{target} and before) are part of the setup that deals the game",
                    legal="start a new game to set it up differently",
                )
            actor = self._checked_rows(loaded, target - 1)[0].actor
            if player is not None and actor != player:
                raise self._not_yours(game_id, player)
            who = _actor(loaded.setup, by) if by else actor
            result = self._revert(loaded, Reverted(target=target, how="undo", reason=reason, by=who))
            if result is not None:
                return result
        raise WriteConflict("the log kept changing under this undo", legal="try again")

    def take_back(self, game_id: int, player: str, seq: int | None = None) -> Recorded:
        """``player`` takes back their own latest move (``seq``: the one their page showed),
        while it is still the latest live move: an undo by them, logged as such. Once anyone
        has moved since, only the table may undo or void it, with their agreement."""
        loaded = self.load(game_id)
        player = _player(loaded.setup, player)
        if loaded.game.is_over(loaded.state):
            raise IllegalMove(
                f"{player} cannot take back a move from the phone: the game is over",
                legal="the table's page undoes the game's last move (logged), if the table agrees",
            )
        target = self._last_live_move(game_id)
        if seq is not None and seq != target:
            raise self._not_yours(game_id, player, seq)
        if target is not None and target > self.store.setup_span(game_id):
            move = self._move_entry(loaded.game, game_id, target)
            dealt = _dealt(loaded, move) if move.actor == player else ""
            if dealt:
                raise IllegalMove(
                    f"{player} cannot take back #{target} ({loaded.game.text(move.command)}) from the phone:"
                    f" the referee dealt it cards by chance (virtual decks: {dealt}), which its page"
                    " has shown, and taken back it would be dealt again to a mover who knows them",
                    legal="the table's page undoes it (logged), if the table agrees",
                )
        return self._undo(game_id, player, "taken back", player)

    def _move_entry(self, game: Game, game_id: int, seq: int) -> MoveEntry:
        """Move ``seq`` with the facts recorded with it (those rows, as the log holds them)."""
        entry = next(iter_entries(game, self.store.rows(game_id, seq - 1)))
        assert isinstance(entry, MoveEntry) and entry.seq == seq
        return entry

    def take_back_offer(self, game_id: int, player: str, within: int = 50) -> TakeBack | None:
        """``player``'s latest live move among the last ``within`` moves, and who moved since;
        none once the game is over (its end is the table's to undo, not a mis-tap's)."""
        loaded = self.load(game_id)
        game, player = loaded.game, _player(loaded.setup, player)
        if game.is_over(loaded.state):
            return None
        reverted = self._reverted(game_id)
        since: list[str] = []
        setup_span = self.store.setup_span(game_id)
        for n, seq in enumerate(self.store.seqs_of_type(game_id, MOVE, descending=True)):
            if n >= within or seq <= setup_span:
                return None
            if seq in reverted:
                continue
            row = self.store.rows(game_id, seq - 1, seq)[0]
            if row.actor == player:
                move = self._move_entry(game, game_id, seq)
                return TakeBack(seq, game.text(move.command), since, "" if since else _dealt(loaded, move))
            if row.actor not in since:
                since.append(row.actor)
        return None

    def _not_yours(self, game_id: int, player: str, seq: int | None = None) -> IllegalMove:
        offer = self.take_back_offer(game_id, player)
        if offer is None or not offer.since:
            what = f"#{seq}" if seq is not None and offer is None else "it"
            return IllegalMove(
                f"{player} has no move to take back: {what} is no longer the latest move",
                legal="a player takes back their own latest move, while nobody has moved since",
            )
        return IllegalMove(
            f"{player} cannot take back #{offer.seq} ({offer.text}) alone: "
            f"{' and '.join(offer.since)} moved since",
            legal=f"the table's page undoes or voids it, if {' and '.join(offer.since)} agree",
        )

    def preview(self, game_id: int, command: Any, *, seen: int | None = None) -> Preview:
        """``command`` decided as ``submit`` would, told as its mover may see it, and not recorded.

        With virtual decks the referee deals by chance, and a move told before it is made must
        not let its mover peek at a deck: only its first fact is told, and not even that if it
        holds a card hidden from others (a card drawn); the rest is told once recorded."""
        loaded = self.seen(game_id, seen)
        game = loaded.game
        events = list(game.decide(loaded.state, command))
        as_player = _mover(game, loaded.setup, command)
        shown = _told_before(game, events) if loaded.setup.seed is not None else events
        facts = [game.describe(game.redact(e, as_player)) for e in shown]
        return Preview(game.text(command), facts, len(shown) < len(events))

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
        """Revert an earlier disputed move; every later live move must still hold (or, with
        ``cascade``, is voided too). ``seen``: the head the asker was shown (refused if anything
        was recorded since; a damaged log's page shows none)."""
        if not reason.strip():
            raise BadInput("a void needs a reason", legal="--reason TEXT")
        checked_reason(reason)
        tip = self.store.tip(game_id)
        if tip.bad is not None:
            return self._void_refused(game_id, seq, tip, by=by, reason=reason, cascade=cascade)
        for _ in range(MAX_ATTEMPTS):
            loaded = self.load(game_id)
            self._unchanged(loaded, seen, "void")
            by = _actor(loaded.setup, by)
            target = self._move_of(game_id, seq)
            before = self.load(game_id, target - 1, all_reverts=True).state
            reverted = self._reverted(game_id)
            later = [
                e
                for e in group_entries(loaded.game, self._checked_rows(loaded, target - 1))
                if isinstance(e, MoveEntry) and e.seq != target and e.seq not in reverted
            ]
            try:
                _, dropped = revalidate(loaded.game, before, later, cascade=cascade)
            except Broken as broken:
                raise IllegalMove(
                    f"voiding #{target} would make move #{broken.move.seq} "
                    f"({loaded.game.text(broken.move.command)}) illegal: {broken.error}",
                    legal="add --cascade to void it too",
                    seq=broken.move.seq,
                ) from None
            revert = Reverted(target=target, how="void", reason=reason, by=by, cascade=tuple(dropped))
            result = self._revert(loaded, revert)
            if result is not None:
                return result
        raise WriteConflict("the log kept changing under this void", legal="try again")

    def _void_refused(
        self, game_id: int, seq: int, tip: Tip, *, by: str, reason: str, cascade: bool
    ) -> Recorded:
        """The table's answer to a game marked damaged by a move the rules refuse: void it (and,
        with ``cascade``, the later moves that only held on it). Allowed only when that is all
        that is wrong: the chain holds, nothing was cut, and the whole log replays once the
        void is recorded; then the game is checked again and the mark lifted."""
        damage = _recorded_damage(tip)
        rows = self.store.rows(game_id)
        try:
            check_chain(rows)
            if tip.mark is not None and (tip.mark > len(rows) or rows[tip.mark - 1].hash != tip.mark_hash):
                raise VerificationFailed("the log was cut or rewritten since it was checked")
        except VerificationFailed:
            raise damage from None
        setup = decode_setup(rows[0].body)
        game = _game_of(game_id, setup)
        by = _actor(setup, by)  # as every void takes it: a player or the table
        meta = [r for r in rows[1:seq] if r.type in META_TYPES] if 1 <= seq <= len(rows) else []
        if not meta or meta[-1].type != MOVE:
            raise damage
        target = meta[-1].seq
        voided = [target]
        while True:
            try:
                replay = replay_checked(game, rows, voided=voided, seed=self._kept(rows))
                break
            except MoveRefused as error:
                if error.seq is None or error.seq <= target or error.seq in voided:
                    raise damage from None
                if not cascade:
                    raise IllegalMove(
                        f"voiding #{target} leaves {error.message}",
                        legal="add --cascade to void it too",
                        seq=error.seq,
                    ) from None
                voided.append(error.seq)
            except VerificationFailed:
                raise damage from None
        if any(move.seq == target for move in replay.live):
            # The rules take that move: the mark is for other damage (a head hash not in the
            # log, say), which no void answers, and voiding a live move here would skip
            # ``void``'s check of the moves after it.
            raise damage
        revert = Reverted(target=target, how="void", reason=reason, by=by, cascade=tuple(voided[1:]))
        status = _status_of(game, replay.state)
        head = rows[-1]
        try:
            stored = self.store.append(
                game_id, head.seq, [NewRow(REVERTED, encode(revert), by)], self.clock(), status
            )
        except StaleHead:
            raise WriteConflict("the log changed under this void", legal="try again") from None
        self._tips.pop(game_id, None)
        self.verify(game_id)  # the whole log again: it lifts the mark
        text = f"void #{target}" + (
            f" and, by cascade, {', '.join(f'#{s}' for s in voided[1:])}" if voided[1:] else ""
        )
        return Recorded(game_id, stored[0].seq, stored[-1].seq, text, [], replay.state)

    def redo(self, game_id: int, *, by: str | None = None, seen: int | None = None) -> Recorded:
        """Make the last undone move again, as long as no other move came since; ``by`` (who
        asked) is the move's actor unless said; ``seen``: the head the asker was shown (refused
        if anything was recorded since)."""
        loaded = self.load(game_id)
        self._unchanged(loaded, seen, "redo")
        game = loaded.game
        if by:
            by = _actor(loaded.setup, by)
        stack: list[int] = []  # undone moves, the latest last
        commands: dict[int, Any] = {}
        meta = self.store.rows_of_meta(game_id)
        with self._damage_marked(game_id):  # the command redone is the one recorded
            for row in meta:
                _check_own_hash(row)
        for entry in group_entries(game, meta):
            if isinstance(entry, MoveEntry):
                commands[entry.seq] = entry.command
                if entry.redo_of is not None and stack and stack[-1] == entry.redo_of:
                    stack.pop()
                else:
                    stack.clear()  # a new move: nothing left to redo
            elif entry.revert.how == "undo":
                stack.append(entry.revert.target)
            else:
                stack.clear()
        if not stack:
            raise IllegalMove(
                "nothing to redo",
                legal="redo repeats the last undone move, until another move is made",
            )
        target = stack[-1]
        return self.submit(game_id, commands[target], by, redo_of=target)

    def _revert(self, loaded: Loaded, revert: Reverted) -> Recorded | None:
        self._refuse_closed(loaded)
        game_id = loaded.info.id
        after = self.load(game_id, without=revert.targets)
        row = NewRow(REVERTED, encode(revert), revert.by)
        status = _status_of(loaded.game, after.state)
        try:
            stored = self.store.append(game_id, loaded.head, [row], self.clock(), status)
        except StaleHead:
            return None
        self._wrote(loaded, stored, after.state)
        text = self._revert_text(loaded.game, game_id, revert)
        return Recorded(game_id, stored[0].seq, stored[-1].seq, text, [], after.state)

    def _setup_span(self, loaded: Loaded) -> int:
        """The last seq of the setup: its row and the moves ``new`` decided with it, as many as
        the setup row says (a log from before it said so: those that share its time)."""
        count = loaded.setup.setup_moves
        game_id = loaded.info.id
        if count is msgspec.UNSET:
            return self.store.setup_span(game_id)
        following = self.store.nth_meta(game_id, count + 1)
        return loaded.head if following is None else following - 1

    def _reverted(self, game_id: int) -> set[int]:
        return {t for r in self.store.reverts(game_id) for t in decode_revert(r.body, r.seq).targets}

    def _last_live_move(self, game_id: int) -> int | None:
        reverted = self._reverted(game_id)
        for seq in self.store.seqs_of_type(game_id, MOVE, descending=True):
            if seq not in reverted:
                return seq
        return None

    def _move_of(self, game_id: int, seq: int) -> int:
        """The live move that row ``seq`` belongs to."""
        head, _ = self.store.head(game_id)
        if not 1 <= seq <= head:
            raise NotFound(f"game #{game_id} has no row #{seq}", legal=f"1 to {head}")
        rows = self.store.rows(game_id, 0, seq)
        move = next((r for r in reversed(rows) if r.type in (MOVE, REVERTED, SETUP)), rows[0])
        if move.type != MOVE:
            what = "the setup" if move.type == SETUP else "a revert"
            raise IllegalMove(
                f"#{seq} is {what}, not a move", legal="void the seq of a move (see `referee log`)"
            )
        reverted = self._reverted(game_id)
        if move.seq in reverted:
            raise IllegalMove(f"move #{move.seq} is already reverted", legal="see `referee log`")
        if move.seq <= self._setup_span(self.load(game_id)):
            raise IllegalMove(
                f"#{seq} is part of the setup `new` recorded (the card faces that deal the game), not a move",
                legal="start a new game to set it up differently",
            )
        return move.seq

    # --- links (``referee serve``) -------------------------------------------------------

    def new_links(self, game_id: int) -> dict[str, str]:
        """Fresh secret tokens for each player of the game and for the table (role -> token);
        only their hashes are kept, and the game's earlier tokens stop working."""
        loaded = self.load(game_id)
        import secrets

        tokens = {role: secrets.token_urlsafe(18) for role in (*loaded.setup.players, TABLE)}
        self.store.put_links(game_id, {role: _token_hash(t) for role, t in tokens.items()})
        return tokens

    def new_link(self, game_id: int, role: str) -> str:
        """A fresh secret token for one role (a player, or the table): only that role's earlier
        link stops working, every other link keeps working."""
        role, hashes = self._links_but(game_id, role)
        import secrets

        token = secrets.token_urlsafe(18)
        self.store.put_links(game_id, {**hashes, role: _token_hash(token)})
        return token

    def revoke_link(self, game_id: int, role: str) -> str:
        """Stop one role's link (a lost or lent phone) and make none in its place; every other
        link keeps working. The role's name as the game spells it."""
        role, hashes = self._links_but(game_id, role)
        self.store.put_links(game_id, hashes)
        return role

    def _links_but(self, game_id: int, role: str) -> tuple[str, dict[str, str]]:
        """``role`` as the game spells it (a player, or the table; refused if neither) and the
        hashes of every other role's link."""
        loaded = self.load(game_id)
        role = TABLE if role.lower() == TABLE else _player(loaded.setup, role)
        return role, {r: h for h, r in self.store.links(game_id).items() if r != role}

    def has_links(self, game_id: int) -> bool:
        return bool(self.store.links(game_id))

    def link_role(self, game_id: int, token: str) -> str | None:
        """The role (a player, or the table) whose link carries ``token``; None for any other."""
        if not token or len(token) > 200:
            return None
        import hmac  # `serve` only

        digest = _token_hash(token)
        for known, role in self.store.links(game_id).items():
            if hmac.compare_digest(known, digest):
                return role
        return None

    def _refuse_closed(self, loaded: Loaded) -> None:
        """A game whose seed is revealed is closed: nothing follows the seed row (the decks of
        any further play would be known to everyone)."""
        head = self.store.rows(loaded.info.id, loaded.head - 1, loaded.head)
        if head and head[0].type == SEED:
            raise IllegalMove(
                f"game #{loaded.info.id} is closed: its seed was revealed at #{loaded.head}",
                legal="start a new game (nothing may follow a revealed seed)",
            )

    def reveal_seed(self, game_id: int) -> tuple[int, int]:
        """Append a finished virtual game's sealed seed (and salt) to its log, so that anyone
        can check it against the setup's commitment and re-deal the decks (``verify``). Returns
        the row's seq and the seed. Refused while the game runs, and for a game without one."""
        loaded = self.load(game_id)
        if loaded.setup.commitment is msgspec.UNSET:
            why = (
                "its seed is in its setup row already" if loaded.setup.seed is not None else "it has no seed"
            )
            raise IllegalMove(f"game #{game_id} has no sealed seed to reveal: {why}")
        self._refuse_closed(loaded)
        if not loaded.game.is_over(loaded.state):
            raise IllegalMove(
                f"game #{game_id} is not over: its seed stays sealed while it runs (it tells every"
                " deck's order)",
                legal="finish the game first",
            )
        kept = self.store.kept_seed(loaded.setup.commitment)
        if kept is None or loaded.setup.seed is None:
            raise IllegalMove(
                f"game #{game_id}'s seed is lost: {self.store.path} keeps none that {self.store.key_path}"
                " opens (the key it was sealed with is gone), so nobody can reveal it; the log reads and"
                " verifies as it stands",
                legal="reveal it where the key it was sealed with is kept",
            )
        row = NewRow(SEED, encode(SeedRevealed(seed=kept[0], salt=kept[1])), TABLE)
        try:
            stored = self.store.append(game_id, loaded.head, [row], self.clock(), None)
        except StaleHead:
            raise WriteConflict("the log changed meanwhile", legal="try again") from None
        self._tips.pop(game_id, None)
        return stored[0].seq, kept[0]

    # --- audit ------------------------------------------------------------------------

    def verify(self, game_id: int, head_hash: str | None = None, *, accept: bool = False) -> VerifyReport:
        """Recompute the hash chain and re-validate every move (its actor included); name the
        first bad row. Then the caches: every snapshot is compared with the fold at its seq and
        the ``games`` row with the setup row; one that differs is named and dropped (a
        snapshot) or rewritten (the row). A log cut or rewritten since it was last checked is
        named too (the verified mark remembers its hash), before any move is replayed.

        A log that does not check out is marked damaged (every other command then refuses it);
        one that does is marked checked again, which lifts an earlier mark.

        What a check cannot prove is damage is said and marks nothing: a ``head_hash`` that
        matches no row (mistyped, from another database, or rows cut or rewritten after it), and
        a verified mark found missing (``Tip.lost``), which a head hash the log holds, or
        ``accept`` (the table takes the log as it stands), answers: the game is marked again."""
        tip = self.store.tip(game_id)
        try:
            return self._verify(game_id, head_hash, tip, accept)
        except VerificationFailed as error:
            if error.legal != LOG_HOLDS and not isinstance(error, _Unproven):
                damage = _untrusted(error)
                self._mark_bad(game_id, damage, tip)
                if not error.legal:
                    error.legal = damage.legal
            raise

    def _verify(self, game_id: int, head_hash: str | None, tip: Tip, accept: bool) -> VerifyReport:
        cached = self.store.game(game_id)
        rows = self.store.rows(game_id)
        if not rows:
            raise VerificationFailed(f"game #{game_id} has no rows: its log is gone", seq=1)
        prefix = head_prefix(head_hash) if head_hash is not None else None  # a typo is bad input
        check_chain(rows)
        # A cut tail is named as such before any move is replayed (a move cut in half would
        # otherwise be blamed for recording different facts).
        if tip.mark is not None and tip.mark > len(rows):
            raise VerificationFailed(
                f"the log ends at #{len(rows)}, but rows up to #{tip.mark} were recorded and"
                " checked: rows were removed",
                seq=len(rows) + 1,
            )
        if rows[0].type != SETUP:
            raise VerificationFailed("the log does not start with a setup row", seq=1)
        if tip.setup_hash is not None and rows[0].hash != tip.setup_hash:
            raise _setup_rewritten()
        setup = decode_setup(rows[0].body)
        game = _game_of(game_id, setup)
        key = snapshot_key(game)
        snapshots = self.store.all_snapshots(game_id)
        waiting = {s.seq: s for s in snapshots if s.key == key and s.hash == _hash_at(rows, s.seq)}
        bad: list[tuple[Snapshot, str]] = [
            (s, "is bound to a row that is not in the log as it is now")
            for s in snapshots
            if s.key == key and s.hash is not None and s.seq not in waiting
        ]
        # From before bound snapshots, or not sealed by this installation (another key, or a
        # lost one): never used, dropped without a word unless it also differs from the fold.
        old = [s for s in snapshots if s.key == key and s.hash is None]
        unsealed = {s.seq for s in waiting.values() if not self.store.snapshot_sealed(game_id, s)}
        seed = self._kept(rows)
        if not _cacheable(setup):
            # No snapshot of a sealed game is kept (it holds the decks' order to come, and one
            # dealt from a lost seed is never folded on, ``_cached``): one an older referee left
            # is dropped without a word.
            old.extend(waiting.values())
            waiting.clear()

        def at(seq: int, state: Any) -> None:
            snapshot = waiting.pop(seq, None)
            if snapshot is None:
                return
            if not _same_state(game, snapshot.body, state):
                bad.append((snapshot, "does not match the fold of the log there"))
            elif seq in unsealed:
                old.append(snapshot)

        try:
            replay = replay_checked(game, rows, at=at, seed=seed)
        except VerificationFailed as error:
            if not bad:  # each snapshot in it was checked where the fold got to: before the failure
                raise
            self.store.drop_snapshots(game_id, [s for s, _ in bad])
            snapshot, why = bad[0]
            raise type(error)(
                f"the snapshot at #{snapshot.seq} {why} (a forged or stale cache: dropped); the moves"
                f" after it were decided on it, and now {error.message}",
                seq=error.seq,
            ) from None
        # A rewrite the rules accept, its hashes recomputed: only the mark remembers.
        if tip.mark is not None and (
            rows[tip.mark - 1].hash != tip.mark_hash or rows[0].hash != tip.setup_hash
        ):
            raise VerificationFailed(
                f"the log up to #{tip.mark} is not the one checked before: it was rewritten"
                " and its hashes recomputed",
                seq=tip.mark,
            )
        if prefix is not None:
            _head_in(rows, prefix)
        problems: list[str] = []
        if bad:
            self.store.drop_snapshots(game_id, [s for s, _ in bad])
            problems.extend(
                f"the snapshot at #{s.seq} {why} (a forged or stale cache: dropped)" for s, why in bad
            )
        old.extend(waiting[seq] for seq in unsealed if seq in waiting)  # never reached by the replay
        if old:
            self.store.drop_snapshots(game_id, old)  # never used: no word about them
        truth = _info(game_id, setup, game.name, rows[0].recorded_at, _status_of(game, replay.state))
        differ = [name for name in GameRow.__struct_fields__ if getattr(cached, name) != getattr(truth, name)]
        if differ:
            self.store.repair_game(truth)
            problems.append(
                "the games table differs from the log in "
                + ", ".join(
                    f"{name} ({getattr(cached, name)!r}, not {getattr(truth, name)!r})" for name in differ
                )
                + " (a cache: rewritten from the setup row)"
            )
        if tip.lost and prefix is None and not accept:
            lost = _mark_lost(game_id, len(rows))
            also = "".join(f"; and {problem}" for problem in problems)
            raise _Unproven(f"the log checks out, but {lost.message}{also}", legal=lost.legal, seq=lost.seq)
        self.store.set_verified(game_id, len(rows), rows[-1].hash, rows[0].hash, since=tip)
        self._tips.pop(game_id, None)
        if problems:
            first = min((s.seq for s, _ in bad), default=1)
            raise VerificationFailed("; ".join(problems), legal=LOG_HOLDS, seq=first)
        return _report(game_id, rows, replay)

    def export(self, game_id: int, *, with_seed: bool = False) -> tuple[list[str], str]:
        """The game as JSON Lines (a header, then one line a row) and its head hash. The rows
        go out as they are, checked or not: an export is also how a damaged log is kept.

        A sealed seed goes out only once revealed (in its row), or with ``with_seed`` (in the
        header, with its salt): then whoever reads the file can compute every deck's order. A
        lost seed (its key lost) is refused for ``with_seed`` rather than left out: a file asked
        for with it is one that deals the game again, and this one cannot."""
        opened = self._open(game_id)
        info, setup = opened.info, opened.setup
        rows = self.store.rows(game_id)
        written = decode_setup(rows[0].body)
        salt: str | msgspec.UnsetType = msgspec.UNSET
        if with_seed and written.commitment is not msgspec.UNSET:
            kept = self.store.kept_seed(written.commitment)
            reveal = revealed_seed(written, rows[-1:]) if rows[-1].type == SEED else None
            if kept is not None and seed_commitment(*kept) == written.commitment:
                salt = kept[1]
            elif reveal is not None:
                salt = reveal.salt
            else:
                raise NotFound(
                    f"game #{game_id}'s seed is lost: {self.store.path} keeps none that"
                    f" {self.store.key_path} opens (the key it was sealed with is gone), so no file"
                    " can carry it",
                    legal="`referee export` without --with-seed: every row the log holds",
                )
        else:
            setup = written
        header = ExportHeader(
            format=EXPORT_FORMAT,
            game=info.kind,
            rules_version=info.rules_version,
            title=info.title,
            players=list(setup.players),
            mode=setup.mode,
            options=setup.options,
            seed=setup.seed,
            salt=salt,
            created_at=info.created_at,
            status=info.status,
        )
        lines = [encode(header)]
        lines.extend(
            encode(
                ExportLine(
                    seq=r.seq,
                    type=r.type,
                    actor=r.actor,
                    recorded_at=r.recorded_at,
                    prev_hash=r.prev_hash,
                    hash=r.hash,
                    body=stored_body(r.body),
                )
            )
            for r in rows
        )
        return lines, rows[-1].hash

    def import_lines(self, lines: Iterable[str], *, copy: bool = False) -> tuple[int, bool]:
        """Load an exported game after re-validating every row; refuse a tampered or illegal file.
        The game becomes the current one.

        Returns the game's id and whether it is new: a log already in the database (the same
        setup row and head hash) is not loaded twice unless ``copy`` asks for it.
        """
        text = [line for line in lines if line.strip()]
        if not text:
            raise BadInput("the file is empty", legal="a file written by `referee export`")
        deep = too_deep("\n".join(text))  # before any line is parsed: a parser recurses once a level
        if deep is not None:
            raise BadInput(
                f"line {deep + 1} of the file nests arrays and objects more than {MAX_NESTING} deep",
                legal="a file written by `referee export`, whose lines nest a few levels",
            )
        try:
            header = msgspec.json.decode(text[0], type=ExportHeader)
        except msgspec.DecodeError as exc:
            raise BadInput(f"line 1 is not an export header: {exc}") from None
        if header.format != EXPORT_FORMAT:
            raise BadInput(f"unknown export format {header.format!r}", legal=EXPORT_FORMAT)
        game = games.get(header.game)
        rows = []
        for number, line in enumerate(text[1:], start=2):
            try:
                item = msgspec.json.decode(line, type=ExportLine)
            except msgspec.DecodeError as exc:
                raise VerificationFailed(f"line {number} does not read: {exc}") from None
            body = bytes(item.body).decode()
            rows.append(
                Row(
                    item.seq,
                    item.type,
                    body,
                    item.actor,
                    item.recorded_at,
                    item.prev_hash,
                    item.hash,
                )
            )
        check_chain(rows)
        setup = read_entries(game, rows[:1])[0]
        game = _game_of(0, setup, importing=True)
        _check_setup(game, setup)
        _check_header(header, setup, rows[0])
        seed = None
        if setup.commitment is not msgspec.UNSET:
            reveal = revealed_seed(setup, rows)
            if reveal is not None:
                seed, salt = reveal.seed, reveal.salt
            elif header.seed is not None and header.salt is not msgspec.UNSET:
                seed, salt = header.seed, header.salt  # the commitment's (``_check_header``)
            else:  # exported from here, or imported before: the seed kept sealed here
                kept = self.store.kept_seed(setup.commitment)
                if kept is not None and seed_commitment(*kept) == setup.commitment:
                    seed, salt = kept
            # With no seed (the file exported without it, or where its key was lost), the game
            # is read as its log holds it, as where the seed is lost (``history.seed_lost``).
        try:
            replay = replay_checked(game, rows, seed=seed)
        except StoreUnreadable as error:
            raise _other_game(game, rows, error) from None
        if seed is not None and setup.commitment is not msgspec.UNSET:
            self.store.put_seed(setup.commitment, seed, salt)
        if not copy:
            # The head hash covers the whole chain: the same head is the same log.
            head = (rows[-1].seq, rows[-1].hash)
            for known in self.store.games():
                if self.store.head(known.id) == head:
                    self.use(known.id)
                    return known.id, False
        from ledger import library

        if library.has_library(game):
            # Its faces meet the group's library as a declaration would (a game of another group;
            # a log already here, found above, was played by this group before any correction).
            library.check(library.read(self.store, game), game, (e for m in replay.live for e in m.events))
        game_id = self.store.import_game(
            GameRow(
                0,
                game.name,
                setup.rules_version,
                setup.title,
                list(setup.players),
                setup.options,
                rows[0].recorded_at,
                _status_of(game, replay.state),
            ),
            rows,
            current=True,
        )
        return game_id, True


def _report(game_id: int, rows: list[Row], replay: Replay) -> VerifyReport:
    return VerifyReport(
        game_id=game_id,
        rows=len(rows),
        moves=sum(isinstance(e, MoveEntry) for e in replay.entries),
        live_moves=len(replay.live),
        head_seq=rows[-1].seq,
        head_hash=rows[-1].hash,
        seed=_seed_state(rows, replay.setup),
        unconfirmed=len(replay.unconfirmed),
    )


def _seed_state(rows: Sequence[Row], dealt: Setup) -> str:
    """``VerifyReport.seed``: what became of a committed seed (checked by the replay, which
    dealt from the setup ``dealt``)."""
    if decode_setup(rows[0].body).commitment is msgspec.UNSET:
        return ""
    if rows[-1].type == SEED:
        return "revealed"
    return "lost" if dealt.seed is None else "sealed"


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _status_of(game: Game, state: Any) -> str:
    return "over" if game.is_over(state) else "active"


def _batches(start: int, upto: int) -> Iterator[tuple[int, int]]:
    """``(lo, hi]`` stretches from ``start`` to ``upto``, cut at multiples of ``FOLD_BATCH`` (so
    that every fold reads, and seals, the same whole batches)."""
    lo = start
    while lo < upto:
        hi = min((lo // FOLD_BATCH + 1) * FOLD_BATCH, upto)
        yield lo, hi
        lo = hi


def _sealable(lo: int, hi: int) -> bool:
    """Whether the batch ``(lo, hi]`` is one a fold or the log reads again the same: a whole
    batch, or the first, from the row after the setup."""
    return hi % FOLD_BATCH == 0 and (hi - lo == FOLD_BATCH or lo == 1)


def _info(game_id: int, setup: Setup, kind: str, created_at: str, status: str) -> GameRow:
    return GameRow(
        id=game_id,
        kind=kind,
        rules_version=setup.rules_version,
        title=setup.title,
        players=list(setup.players),
        options=dict(setup.options),
        created_at=created_at,
        status=status,
    )


def _hash_at(rows: Sequence[Row], seq: int) -> str | None:
    return rows[seq - 1].hash if 1 <= seq <= len(rows) else None
