"""The log read as history: moves, reverts, and re-validation through the rules.

A game's log is a setup row, then *moves* and *reverts*:

- a ``move`` row carries the command as typed; the game's event rows that follow it are
  the facts ``decide`` gave for it. One move is one atomic append.
- a ``reverted`` row takes an earlier move out of the live history (undo, void, or a void's
  cascade), or takes a void back (``restore``: its moves are live again). Nothing is ever
  deleted: the reverted move stays in the record.
- a redo is a new move that repeats an undone move's command (``Move.redo_of``).

The live history is the moves not reverted, in seq order; folding their facts gives the
state. Everything here is pure: it reads rows, the store is elsewhere. What each row holds
and how it decodes is the log's format (``ledger.logformat``).
"""

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import msgspec

from ledger.codec import GENESIS, chain_holds, row_hash
from ledger.decider import Game, Setup, optional
from ledger.errors import (
    AmbiguousMove,
    BadInput,
    IllegalMove,
    MoveRefused,
    RefereeError,
    VerificationFailed,
)

# The record format is ledger.logformat's; its names import from here too, as they always have.
from ledger.logformat import ABANDONED as ABANDONED
from ledger.logformat import META_TYPES as META_TYPES
from ledger.logformat import MOVE as MOVE
from ledger.logformat import REVERTED as REVERTED
from ledger.logformat import SEED as SEED
from ledger.logformat import SETUP as SETUP
from ledger.logformat import TABLE as TABLE
from ledger.logformat import UNREADABLE as UNREADABLE
from ledger.logformat import Abandoned as Abandoned
from ledger.logformat import Entry
from ledger.logformat import Move as Move
from ledger.logformat import MoveEntry as MoveEntry
from ledger.logformat import Reverted as Reverted
from ledger.logformat import RevertEntry as RevertEntry
from ledger.logformat import SeedRevealed as SeedRevealed
from ledger.logformat import TakenOut as TakenOut
from ledger.logformat import check_commands as check_commands
from ledger.logformat import decode_command as decode_command
from ledger.logformat import decode_facts as decode_facts
from ledger.logformat import decode_revert as decode_revert
from ledger.logformat import decode_setup as decode_setup
from ledger.logformat import decoders as decoders
from ledger.logformat import group_entries as group_entries
from ledger.logformat import iter_entries as iter_entries
from ledger.logformat import read_entries as read_entries
from ledger.logformat import seed_commitment as seed_commitment
from ledger.logformat import taken_out as taken_out
from ledger.names import MAX_REASON
from ledger.store import Row


class Broken(Exception):
    """A live move that the rules no longer accept after a revert."""

    def __init__(self, move: MoveEntry, error: RefereeError) -> None:
        super().__init__(str(error))
        self.move = move
        self.error = error


def check_chain(rows: Sequence[Row], *, prev: str = GENESIS, first: int = 1) -> None:
    """Recompute the hash chain; raise ``VerificationFailed`` naming the first bad seq.

    ``prev`` and ``first`` check a stretch of the log that follows a row already known good:
    its hash, and the seq the stretch must start at."""
    for expected, row in enumerate(rows, start=first):
        if row.seq != expected:
            raise VerificationFailed(
                f"row #{expected} is missing or out of place (found #{row.seq} there)", seq=expected
            )
        if row.prev_hash != prev:
            raise VerificationFailed(
                f"row #{row.seq} does not follow row #{row.seq - 1}: the chain is broken there",
                seq=row.seq,
            )
        if row_hash(row.prev_hash, row.seq, row.type, row.body, row.actor, row.recorded_at) != row.hash:
            raise VerificationFailed(
                f"row #{row.seq} was altered: its contents do not match its hash", seq=row.seq
            )
        prev = row.hash


def find_head(rows: Sequence[Row], prefix: str) -> Row | None:
    """The row whose hash starts with ``prefix`` (``head_prefix``: a head hash kept elsewhere),
    None if no row has it; ``AmbiguousMove`` if more than one has."""
    found = [row for row in rows if row.hash.startswith(prefix)]
    if len(found) > 1:
        raise AmbiguousMove(f"head hash {prefix} matches {len(found)} rows", legal="give more of its digits")
    return found[0] if found else None


def head_prefix(text: str) -> str:
    """A kept head hash as typed: the whole hash or, like git, 8 or more of its first hex
    digits (a trailing ``...`` is allowed, as the README and ``export`` print it)."""
    prefix = text.strip().rstrip(".").lower()
    if not 8 <= len(prefix) <= 64 or any(c not in "0123456789abcdef" for c in prefix):
        raise BadInput(
            f"{text!r} is not a head hash",
            legal="the 64 hex digits `export` printed, or 8 or more of the first",
        )
    return prefix


def links_hold(rows: Sequence[tuple[int, str, str, str, str, str]], prev: str, first: int) -> bool:
    """Whether rows ``(seq, type, body, actor, recorded_at, hash)`` follow the row whose hash
    is ``prev``, from seq ``first`` on, each matching its hash: ``check_chain``'s fast path,
    on the rows as SQLite returns them (``check_chain`` then says where it breaks)."""
    return chain_holds(rows, prev, first)


def fold(game: Game, state: Any, events: Sequence[Any]) -> Any:
    evolve = game.evolve
    for event in events:
        state = evolve(state, event)
    return state


def seed_lost(state: Any) -> bool:
    """Whether ``state`` is a game's dealt from a sealed seed that could not be opened (the key
    that sealed it lost, or the seed not kept here, and the log reveals none). Such a game folds
    from what its log holds, and goes on as a real table would: the decks' order went with the
    seed, the cards that came out of them are facts."""
    return bool(getattr(state, "sealed", False)) and getattr(state, "seed", 0) is None


def by_chance(game: Game, recorded: Sequence[Any], decided: Sequence[Any] | None) -> bool:
    """Whether the facts ``recorded`` for a move may differ from those ``decided`` again only by
    what the referee dealt by chance (the game's ``chance``): both agree up to a recorded fact
    dealt by chance, or up to where a real table's rules stop for the table (the virtual game's
    referee went on by itself, and dealt by chance on the way), and what follows hangs on what
    it dealt. ``decided`` None: the rules now ask the table what the referee drew (refused as
    bad input)."""
    chance = optional(game, "chance")
    if chance is None:
        return False
    if decided is None:
        return any(chance(fact) for fact in recorded)
    same = 0
    while same < min(len(recorded), len(decided)) and recorded[same] == decided[same]:
        same += 1
    stopped = same == len(decided)  # the rules wait for the table where the referee went on
    return (stopped or (same < len(recorded) and bool(chance(recorded[same])))) and any(
        chance(fact) for fact in recorded[same:]
    )


def _short(state: Any, move: MoveEntry, decided: Sequence[Any]) -> bool:
    """Where the seed is lost and cards only it dealt are still unknown (a state's optional
    ``dealt_unknown``: a starting card of unknown type, a deck whose size that card leaves in
    doubt), whether the rules now stop short of the facts recorded: the table would be asked
    to reveal where the virtual game went on, knowing what the seed had dealt."""
    return bool(getattr(state, "dealt_unknown", False)) and list(move.events[: len(decided)]) == list(decided)


def redecide(game: Game, state: Any, move: MoveEntry, unconfirmed: set[int] | None = None) -> Any:
    """Decide ``move`` again on ``state``; its facts must be the ones recorded. Returns the new state.

    In a game whose seed is lost (``seed_lost``), a move whose recorded facts differ from the
    rules' only by chance (``by_chance``: a card the referee drew, which a real table now reveals
    itself) is taken as recorded, and its seq added to ``unconfirmed``: only the seed could
    confirm what it dealt. Every other move is checked as in any game."""
    lost = seed_lost(state)
    identify = optional(game, "identify")
    if lost and identify is not None:
        known = identify(state, move.events)
        if known is not state:  # a card the seed alone dealt, told by this move's facts only
            if unconfirmed is not None:
                unconfirmed.add(move.seq)
            state = known
    events: list[Any] | None
    try:
        events = list(game.decide(state, move.command))
    except BadInput:
        if not (lost and by_chance(game, move.events, None)):
            raise
        events = None  # the rules now ask the table what the referee drew (a card, a toss)
    if events == move.events:
        return fold(game, state, move.events)
    if events is not None and not (
        lost and (by_chance(game, move.events, events) or _short(state, move, events))
    ):
        now = "; ".join(filter(None, map(game.describe, events))) or "nothing"
        raise IllegalMove(f"it would now record different facts ({now})")
    if unconfirmed is not None:
        unconfirmed.add(move.seq)
    try:
        return fold(game, state, move.events)
    except Exception as exc:  # facts that do not apply: no seed could have dealt them
        raise IllegalMove(f"its recorded facts do not apply ({type(exc).__name__}: {exc})") from None


def recheck(game: Game, state: Any, move: MoveEntry, unconfirmed: set[int] | None = None) -> Any:
    """``redecide`` for a move read back from the log, whose row must also name the actor its
    command implies (a redo names who asked for it). A recorded command the rules cannot even
    evaluate (it fails inside them) is refused like an illegal one."""
    if move.redo_of is None and move.actor != game.actor(move.command):
        raise IllegalMove(f"its row names {move.actor!r}, but {game.actor(move.command)!r} makes this move")
    try:
        return redecide(game, state, move, unconfirmed)
    except RefereeError:
        raise
    except Exception as exc:  # a forged command may break any assumption of decide
        raise IllegalMove(f"the rules cannot evaluate it ({type(exc).__name__}: {exc})") from None


def revalidate(game: Game, state: Any, moves: Sequence[MoveEntry], *, cascade: bool) -> tuple[Any, list[int]]:
    """Replay ``moves`` on ``state`` through the rules.

    Without ``cascade`` the first move that no longer holds raises ``Broken``; with it, such
    moves are dropped too (they would be voided) and their seqs returned.
    """
    dropped: list[int] = []
    for move in moves:
        try:
            state = redecide(game, state, move)
        except RefereeError as error:
            if not cascade:
                raise Broken(move, error) from None
            dropped.append(move.seq)
    return state, dropped


_seed_decoder = msgspec.json.Decoder(SeedRevealed)


def revealed_seed(setup: Setup, rows: Sequence[Row]) -> SeedRevealed | None:
    """The seed a log reveals (its ``seed`` row), checked: it matches the setup's commitment
    and is the log's last row. None if the log reveals none."""
    found = [row for row in rows if row.type == SEED]
    if not found:
        return None
    row = found[0]
    if row.actor != TABLE:
        raise VerificationFailed(
            f"row #{row.seq} names {row.actor!r}, but the referee reveals a seed as {TABLE!r}", seq=row.seq
        )
    if setup.commitment is msgspec.UNSET:
        raise VerificationFailed(f"row #{row.seq} reveals a seed, but the setup commits to none", seq=row.seq)
    if row is not rows[-1]:
        raise VerificationFailed(
            f"row #{rows[-1].seq} follows the seed revealed at #{row.seq}", seq=rows[-1].seq
        )
    try:
        reveal = _seed_decoder.decode(row.body)
    except UNREADABLE as exc:
        raise VerificationFailed(f"row #{row.seq} does not decode: {exc}", seq=row.seq) from None
    if seed_commitment(reveal.seed, reveal.salt) != setup.commitment:
        raise VerificationFailed(
            f"row #{row.seq} reveals seed {reveal.seed}, which does not match the setup's commitment"
            f" ({setup.commitment[:12]}...): it is not the seed the decks were dealt from",
            seq=row.seq,
        )
    return reveal


_abandoned_decoder = msgspec.json.Decoder(Abandoned)


def abandoned(setup: Setup, rows: Sequence[Row]) -> Abandoned | None:
    """The abandon a log ends with (``referee abandon``), checked: the log's last row, asked by
    a player at the table or the table, who its row names, with a reason no longer than
    ``abandon`` takes. None if the log holds none."""
    found = [row for row in rows if row.type == ABANDONED]
    if not found:
        return None
    row = found[0]
    if row is not rows[-1]:
        raise VerificationFailed(
            f"row #{rows[-1].seq} follows the abandon at #{row.seq}: nothing is played in an abandoned game",
            seq=rows[-1].seq,
        )
    try:
        given = _abandoned_decoder.decode(row.body)
    except (*UNREADABLE, TypeError) as exc:
        raise VerificationFailed(f"row #{row.seq} does not decode: {exc}", seq=row.seq) from None
    if row.actor != given.by or (given.by not in setup.players and given.by != TABLE):
        raise VerificationFailed(
            f"row #{row.seq} names {row.actor!r}, but the abandon says {given.by!r} asked"
            f" ({', '.join(setup.players)} or {TABLE} may)",
            seq=row.seq,
        )
    if not given.reason.strip() or len(given.reason) > MAX_REASON:
        raise VerificationFailed(
            f"row #{row.seq} holds a reason of {len(given.reason)} characters (1 to {MAX_REASON})",
            seq=row.seq,
        )
    return given


class Replay(msgspec.Struct):
    """The whole history replayed through the rules, as ``verify`` and import need it."""

    setup: Setup
    state: Any
    live: list[MoveEntry]
    entries: list[Entry]
    # The moves taken as recorded in a game whose seed is lost (``redecide``): only the seed
    # could confirm what they dealt. Empty in any other game.
    unconfirmed: set[int] = msgspec.field(default_factory=set)


def replay_checked(
    game: Game,
    rows: Sequence[Row],
    *,
    at: Callable[[int, Any], None] | None = None,
    voided: Iterable[int] = (),
    seed: int | None = None,
) -> Replay:
    """Re-validate every move and revert in the order they were recorded.

    Raises ``VerificationFailed`` at the first move the rules refuse (or whose recorded
    facts differ from the rules', or whose row names another actor), or the first revert
    that names no live move, names another actor than who asked, or leaves a later move
    illegal; or the first row that holds what the live commands never write (``check_seated``:
    someone not at the table, a reason too long; a setup or a seed not the table's).
    ``at(seq, state)`` is told the state after each move or revert ending at ``seq``
    (``verify`` compares the snapshots with it).

    A move the rules refuse that a later void takes out (the table's answer to a move found
    refused, ``Referee.void``) is no failure: it never joined the live history, and its void
    only records that. ``voided`` adds targets of a void not yet recorded (``void`` tries one).

    A setup that commits to a seed is dealt from the seed the log reveals (checked against the
    commitment), else from ``seed`` (the one the referee keeps sealed while the game runs); with
    neither (the seed is lost), the game folds from what its log holds, and a move that dealt by
    chance is taken as recorded (``Replay.unconfirmed``, ``redecide``).
    """
    setup, entries = read_entries(game, rows)
    if rows[0].actor != TABLE:
        raise VerificationFailed(f"row #1 (the setup) names {rows[0].actor!r}, not {TABLE!r}", seq=1)
    if setup.commitment is not msgspec.UNSET:
        reveal = revealed_seed(setup, rows)
        if reveal is not None:
            seed = reveal.seed
        setup = msgspec.structs.replace(setup, seed=seed)
    else:
        revealed_seed(setup, rows)  # a seed row in a log whose setup commits to none is damage
    abandoned(setup, rows)  # the last row, if any, and who asked
    try:
        state = game.initial(setup)
    except RefereeError as error:
        raise VerificationFailed(f"the setup row is refused: {error}", seq=1) from None
    live: list[MoveEntry] = []
    before: list[Any] = []  # before[i] is the state before live[i]
    void_targets = set(voided).union(
        *(e.revert.targets for e in entries if isinstance(e, RevertEntry) and e.revert.how == "void")
    )
    refused_voided: set[int] = set()
    unconfirmed: set[int] = set()

    def push(move: MoveEntry, failure: str, seq: int) -> None:
        nonlocal state
        try:
            after = recheck(game, state, move, unconfirmed)
        except RefereeError as error:
            if seq == move.seq and move.seq in void_targets:
                refused_voided.add(move.seq)
                return
            refused = MoveRefused if seq == move.seq else VerificationFailed
            raise refused(f"{failure}: {error}", seq=seq) from None
        live.append(move)
        before.append(state)
        state = after

    def restore(entry: RevertEntry, void: Reverted | None) -> None:
        """A void taken back: its moves join the live history again, in seq order, and every
        live move from the first of them on is re-checked."""
        nonlocal state
        if void is None:
            raise VerificationFailed(
                f"row #{entry.seq} restores #{entry.revert.target}, which is not a void in force",
                seq=entry.seq,
            )
        back = set(void.targets)
        refused = sorted(back & refused_voided)
        if refused:
            raise VerificationFailed(
                f"row #{entry.seq} restores move #{refused[0]}, which the rules refuse", seq=entry.seq
            )
        first = sum(1 for move in live if move.seq < min(back))
        later = sorted([*live[first:], *(moves[s] for s in back)], key=lambda move: move.seq)
        if first < len(live):
            state = before[first]
        del live[first:], before[first:]
        for move in later:
            text = command_text(game, move.command)
            push(move, f"restore #{entry.seq} leaves move #{move.seq} ({text}) illegal", entry.seq)

    moves: dict[int, MoveEntry] = {}  # every move read so far, live or not (a restore brings some back)
    voids: dict[int, Reverted] = {}  # the voids in force, by their row's seq

    for entry in entries:
        check_seated(setup, entry)
        if isinstance(entry, MoveEntry):
            moves[entry.seq] = entry
            push(entry, f"move #{entry.seq} ({command_text(game, entry.command)}) is refused", entry.seq)
            if at is not None:
                at(entry.event_seqs[-1] if entry.event_seqs else entry.seq, state)
            continue
        if entry.actor != entry.revert.by:
            raise VerificationFailed(
                f"row #{entry.seq} names {entry.actor!r}, but {entry.revert.by!r} asked for this"
                f" {entry.revert.how}",
                seq=entry.seq,
            )
        if entry.revert.how == "restore":
            restore(entry, voids.pop(entry.revert.target, None))
            if at is not None:
                at(entry.seq, state)
            continue
        if entry.revert.how == "void":
            voids[entry.seq] = entry.revert
        positions = {move.seq: n for n, move in enumerate(live)}
        targets = set(entry.revert.targets) - refused_voided  # those never joined the live history
        if not targets:
            if at is not None:
                at(entry.seq, state)
            continue
        missing = sorted(targets - positions.keys())
        if missing:
            raise VerificationFailed(
                f"row #{entry.seq} reverts #{missing[0]}, which is not a live move", seq=entry.seq
            )
        first = min(positions[t] for t in targets)
        later = [m for m in live[first:] if m.seq not in targets]
        state = before[first]
        del live[first:], before[first:]
        for move in later:
            text = command_text(game, move.command)
            push(move, f"revert #{entry.seq} leaves move #{move.seq} ({text}) illegal", entry.seq)
        if at is not None:
            at(entry.seq, state)
    return Replay(setup, state, live, entries, unconfirmed)


def check_seated(setup: Setup, entry: Entry) -> None:
    """What the live commands hold a revert or a redo to, for one read back from the log (the
    same row may be written by hand): it names who asked, a player at this table or the table
    (``undo --by``, ``void --by`` and ``redo --by`` take no one else), and a revert's reason is
    no longer than ``undo`` and ``void`` take. (Any other move names the player its command
    does: ``recheck``.)"""
    asked = isinstance(entry, RevertEntry) or entry.redo_of is not None
    if asked and entry.actor not in setup.players and entry.actor != TABLE:
        raise VerificationFailed(
            f"row #{entry.seq} names {entry.actor!r}, who is not at this table"
            f" ({', '.join(setup.players)} or {TABLE})",
            seq=entry.seq,
        )
    if isinstance(entry, RevertEntry) and len(entry.revert.reason) > MAX_REASON:
        length = len(entry.revert.reason)
        raise VerificationFailed(
            f"row #{entry.seq} holds a reason of {length} characters (at most {MAX_REASON})", seq=entry.seq
        )


def command_text(game: Game, command: Any) -> str:
    """A recorded command as typed; a forged one may not even render."""
    try:
        return game.text(command)
    except Exception:  # a forged command may not even render
        return repr(command)
