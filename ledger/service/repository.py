"""The repository: the log's rows turned into a state the referee trusts.

Every other job of the service reads a game through ``Repository.load`` (or the rows it checks,
``checked_stream``) and appends through its store: the checks of the hash chain and the verified
mark, the seals of batches checked row by row, the snapshots and the last state folded, the
seeds kept sealed, and which game the commands act on. It knows nothing of moves, reverts or the
log's text.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from typing import Any, TypeVar

import msgspec

from ledger.codec import GENESIS, row_hash, utcnow
from ledger.decider import Game, Setup
from ledger.errors import (
    BadInput,
    IllegalMove,
    LogDamaged,
    MoveRefused,
    NotFound,
    RefereeError,
    VerificationFailed,
)
from ledger.history import (
    ABANDONED,
    META_TYPES,
    MOVE,
    SEED,
    SETUP,
    Abandoned,
    MoveEntry,
    RevertEntry,
    TakenOut,
    check_chain,
    check_commands,
    check_seated,
    command_text,
    decode_facts,
    decode_revert,
    decode_setup,
    fold,
    group_entries,
    links_hold,
    recheck,
    replay_checked,
    revealed_seed,
    seed_commitment,
    taken_out,
)
from ledger.service.catalogue import _game_of
from ledger.service.damage import (
    _changed_head,
    _initial,
    _mark_lost,
    _MarkLost,
    _recorded_damage,
    _setup_rewritten,
    _untrusted,
)
from ledger.service.results import Loaded, Opened
from ledger.service.snapshots import _cacheable, _cached, _snapshot_body, snapshot_key
from ledger.storage import EventStore
from ledger.store import CURRENT_GAME, MAX_ID, GameRow, Row, Tip

SNAPSHOT_EVERY = 1000  # rows between cached folds
FOLD_BATCH = 5000  # rows a fold reads at a time
_T = TypeVar("_T")
PlainRows = list[tuple[int, str, str, str, str, str]]  # (seq, type, body, actor, recorded_at, hash)
Seals = list[tuple[str, tuple[Any, ...]]]  # of batches checked row by row, to store (``Store.batch_seals``)


class Repository:
    """The log's rows as a trusted state, for every other job: one per ``Referee``."""

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
        # Told of each write game by game instead (``told``: a front end that hears the
        # database's news of every write, PostgreSQL's NOTIFY naming its game, ``heard``): a
        # write then drops the kept state of its own game only, and ``Store.version`` is not
        # asked. ``_news`` counts what was heard, of all games (None) and of each game.
        self._told = False
        self._news: dict[int | None, int] = {}
        # While ``at_once`` holds: the state each game was loaded at, given again to every load
        # of its head (a page drawn from one tip: one look at the database, not one per part).
        self._pinned: dict[int, Loaded] | None = None
        # What was read of a game's log beside the state kept for it (``per_state``): the same for
        # every page drawn from that state, read once; dropped with it.
        self._reads: dict[int, tuple[Loaded, dict[Hashable, Any]]] = {}

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
        pinned = self._pinned.get(game_id) if self._pinned is not None else None
        if pinned is not None and (upto is None or upto == pinned.head) and not without:
            return pinned  # (at the head every revert is recorded: ``all_reverts`` changes nothing)
        if not self._told:
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
            return self._pin(game_id, cached[1])
        try:
            opened = self.open(game_id, tip)
            self._check_tip(opened, tip)
            if upto is None:
                upto = head
            elif not 1 <= upto <= head:
                raise NotFound(f"game #{game_id} has no row #{upto}", legal=f"1 to {head}")
            anchor = tip.head_hash if upto == head else None
            state, read = self._fold(opened, upto, extra, all_reverts, anchor)
        except LogDamaged as error:
            if not isinstance(error, _MarkLost):  # said again on every command: only ``verify`` answers it
                self.mark_bad(game_id, error, tip)
            raise
        info = msgspec.structs.replace(opened.info, status=_status_of(opened.game, state))
        loaded = Loaded(info, opened.game, opened.setup, state, head, upto, tip.head_hash)
        if upto == head and not extra and not all_reverts:
            self._pin(game_id, loaded)
            self._tips[game_id] = (tip.head_hash, loaded)
            # A long fold (an imported game, say): cache it (best effort).
            if read >= SNAPSHOT_EVERY and _cacheable(opened.setup):
                self.store.put_snapshot(
                    game_id, snapshot_key(opened.game), head, _snapshot_body(state), tip.head_hash
                )
        return loaded

    def _pin(self, game_id: int, loaded: Loaded) -> Loaded:
        if self._pinned is not None:
            self._pinned[game_id] = loaded
        return loaded

    @contextlib.contextmanager
    def at_once(self) -> Iterator[None]:
        """Read as at one moment (the parts of one page): the first load of a game's head checks
        it as ever (its tip, its mark, the rows since); every later load of that head within
        gets the same state, without asking the database again, until this process writes to
        it, forgets it or hears news of it. Within one synchronous stretch only: what another
        process writes meanwhile is seen at the next ``at_once``."""
        if self._pinned is not None:  # (nested: the outer one holds)
            yield
            return
        self._pinned = {}
        try:
            yield
        finally:
            self._pinned = None

    def per_state(self, loaded: Loaded, what: Hashable, read: Callable[[], _T]) -> _T:
        """``read()``: what it reads of the log as stored at ``loaded``'s head (its reverts, where
        its last entries start), read once while ``loaded`` is the state kept for its game and
        given again to every later asker (each page drawn from that state). The state kept is
        dropped at any write to the game, by this process or (heard, or seen in ``version``)
        another, and what was read beside it with it: nothing is kept longer than the state,
        which ``load`` checks at every call. Another state (a past one) reads afresh each time."""
        game_id = loaded.info.id
        kept = self._reads.get(game_id)
        if kept is None or kept[0] is not loaded:
            current = self._tips.get(game_id)
            if current is None or current[1] is not loaded:
                return read()
            kept = self._reads[game_id] = (loaded, {})
        if what not in kept[1]:
            kept[1][what] = read()
        value: _T = kept[1][what]
        return value

    def _unpin(self, game_id: int | None) -> None:
        if game_id is None:
            self._reads.clear()
        else:
            self._reads.pop(game_id, None)
        if self._pinned is not None:
            if game_id is None:
                self._pinned.clear()
            else:
                self._pinned.pop(game_id, None)

    def told(self, on: bool) -> None:
        """Whether every write by anyone is now heard, game by game (``heard``): while it is, a
        write to one game leaves every other game's kept state as it was; from either change on,
        nothing kept before is used (what was written while nobody listened is not known)."""
        self._told = on
        self._version = None
        self.heard(None)

    def heard(self, game_id: int | None) -> None:
        """News of a write to game ``game_id`` (None: to any game, or to one not named): its kept
        state is folded and checked afresh at its next load, as after another process's write."""
        self._unpin(game_id)
        if game_id is None:
            self._tips.clear()
        else:
            self._tips.pop(game_id, None)
        self._news[game_id] = self._news.get(game_id, 0) + 1

    def version_of(self, game_id: int) -> tuple[int, ...]:
        """A value that changes whenever another process may have written to game ``game_id``:
        what was heard of it (and of every game) while told, else ``Store.version``."""
        if self._told:
            return (self._news.get(None, 0), self._news.get(game_id, 0))
        return (self.store.version(),)

    def forget(self, game_id: int) -> None:
        """Drop the last state kept for the game: an append made outside ``wrote`` (a revealed
        seed, a void that lifts a damage mark, ``verify``) is folded afresh next time."""
        self._unpin(game_id)
        self._tips.pop(game_id, None)

    def mark_bad(self, game_id: int, error: RefereeError, tip: Tip) -> None:
        """Remember, sealed with the mark, that a check failed: every later command refuses the
        game at once (naming the row) until a check passes again."""
        self.forget(game_id)
        self.store.mark_bad(game_id, error.seq, {"message": error.message, "legal": error.legal}, since=tip)

    def open(self, game_id: int, tip: Tip | None = None) -> Opened:
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
        setup = self.seeded(setup, game_id)
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

    def kept(self, rows: Sequence[Row]) -> int | None:
        return self._kept_seed(decode_setup(rows[0].body)) if rows and rows[0].type == SETUP else None

    def seeded(self, setup: Setup, game_id: int) -> Setup:
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
            if any(isinstance(e, RevertEntry) for e in entries) or any(
                r.type in (SEED, ABANDONED) for r in rows
            ):
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
            reading = taken_out(
                [
                    (row.seq, decode_revert(row.body, row.seq))
                    for row in self.store.reverts(game_id, None if all_reverts else upto)
                ]
            )
        except VerificationFailed as error:  # a revert row that does not decode: damage
            raise _untrusted(error) from None
        reverts = reading.touched  # a snapshot from before any of them is stale
        targets = set(reading.out) | extra
        state, start, start_hash = _cached(
            self.store, game, game_id, upto, reverts, min(extra, default=None), opened.setup.seed
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

    def wrote(self, loaded: Loaded, stored: list[Row], state: Any) -> None:
        """After an append: remember the new tip, and cache a snapshot now and then."""
        self._unpin(loaded.info.id)  # (the next load looks at the database again)
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

    def checked_rows(self, loaded: Loaded, after: int) -> list[Row]:
        """The rows after ``after`` up to ``loaded``'s head, checked (see ``checked_stream``)."""
        return list(self.checked_stream(loaded, after))

    def checked_stream(self, loaded: Loaded, after: int) -> Iterator[Row]:
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

        with self.damage_marked(game_id):
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
            with self.damage_marked(game_id):
                batch = checked(lo, hi)
            yield from batch

    @contextlib.contextmanager
    def damage_marked(self, game_id: int) -> Iterator[None]:
        """A check that fails inside marks the game damaged, and leaves as ``LogDamaged``."""
        try:
            yield
        except VerificationFailed as error:
            damage = error if isinstance(error, LogDamaged) else _untrusted(error)
            self.mark_bad(game_id, damage, self.store.tip(game_id))
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

    def move_end(self, game_id: int, upto: int | None) -> int | None:
        """Round a seq inside a move up to the move's last row: a move is atomic."""
        if upto is None:
            return None
        head, _ = self.store.head(game_id)
        if not 1 <= upto <= head:
            raise NotFound(f"game #{game_id} has no row #{upto}", legal=f"1 to {head}")
        following = self.store.next_meta(game_id, upto)
        return head if following is None else following - 1

    def reverted(self, game_id: int) -> set[int]:
        """The moves out of the live history now."""
        return set(self.taken_out(game_id).out)

    def taken_out(self, game_id: int) -> TakenOut:
        """The log's reverts composed (``history.taken_out``): the moves out, the voids in force."""
        return taken_out([(r.seq, decode_revert(r.body, r.seq)) for r in self.store.reverts(game_id)])

    def abandoned(self, game_id: int, head: int | None = None) -> Abandoned | None:
        """The abandon the game's log ends with (at ``head``, the one a state was loaded at; else
        as stored now), if it does (read as stored: ``load`` checks it)."""
        if head is None:
            head, _ = self.store.head(game_id)
        last = self.store.rows(game_id, head - 1, head)
        return decode_abandoned(last[0]) if last and last[0].type == ABANDONED else None

    def refuse_closed(self, loaded: Loaded) -> None:
        """A game abandoned (``abandon``) or whose seed is revealed is closed: nothing follows its
        abandon row, nor the seed row (the decks of any further play would be known to everyone)."""
        head = self.store.rows(loaded.info.id, loaded.head - 1, loaded.head)
        if head and head[0].type == ABANDONED:
            given = decode_abandoned(head[0])
            raise IllegalMove(
                f"game #{loaded.info.id} was abandoned at #{loaded.head} ({given.reason}): nothing more"
                " is recorded in it",
                legal="start a new game, or `referee use ID` another; `referee games --all` still lists it",
            )
        if head and head[0].type == SEED:
            raise IllegalMove(
                f"game #{loaded.info.id} is closed: its seed was revealed at #{loaded.head}",
                legal="start a new game (nothing may follow a revealed seed)",
            )


def decode_abandoned(row: Row) -> Abandoned:
    try:
        return msgspec.json.decode(row.body, type=Abandoned)
    except (msgspec.DecodeError, TypeError) as exc:
        raise _untrusted(VerificationFailed(f"row #{row.seq} does not decode: {exc}", seq=row.seq)) from None


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


def _status_of(game: Game, state: Any) -> str:
    return "over" if game.is_over(state) else "active"
