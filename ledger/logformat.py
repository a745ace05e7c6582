"""The log's rows, the record format: the row types, what a ``move``, ``reverted`` and ``seed``
row holds, and how rows decode into entries (a move with its facts, a revert). A body this
referee cannot read is named by its row; one of a type it does not know was written by a newer
referee. Like python-chess's ``chess/pgn.py``, the format is kept apart from what reads the game
from it (``ledger.history``: the chain, the fold and re-validation through the rules).
"""

import hashlib
import typing
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Literal, NamedTuple

import msgspec

from ledger.decider import Game, Setup
from ledger.errors import StoreUnreadable, VerificationFailed
from ledger.store import Row

SETUP, MOVE, REVERTED, SEED = "setup", "move", "reverted", "seed"
ABANDONED = "abandoned"
META_TYPES = frozenset({SETUP, MOVE, REVERTED, SEED, ABANDONED})
TABLE = "table"  # the actor for moves nobody in particular makes
# A body that does not decode: bad JSON, or JSON nested so deep that it exhausts the decoder's
# stack (it recurses once a level; only a body written by hand holds one).
UNREADABLE = (msgspec.DecodeError, RecursionError)


class Move(msgspec.Struct, frozen=True, tag=MOVE, kw_only=True):
    """A move as typed at the table: the game's command, and the undone move it redoes."""

    command: msgspec.Raw
    redo_of: int | None = None


class Reverted(msgspec.Struct, frozen=True, tag=REVERTED, kw_only=True):
    """An earlier move taken out of the live history, with who asked and why.

    A void with ``--cascade`` is one row: ``target`` and the later moves it broke. A
    ``restore`` (an ``undo`` of a void) names the void's row as ``target``: the moves that void
    took out are live again (``taken_out``). Logs before restores hold none, and read as before.
    """

    target: int
    how: Literal["undo", "void", "restore"]
    reason: str = ""
    by: str = ""
    cascade: tuple[int, ...] = ()

    @property
    def targets(self) -> tuple[int, ...]:
        return (self.target, *self.cascade)


class TakenOut(NamedTuple):
    """What a log's reverts leave out of the live history (``taken_out``)."""

    out: dict[int, int]  # each move taken out -> the seq of the undo or void row in force on it
    voids: dict[int, Reverted]  # the voids in force (none of them restored), by their row's seq
    touched: list[tuple[int, int]]  # (row, move): every move a revert or restore took out or back


def taken_out(reverts: Iterable[tuple[int, Reverted]]) -> TakenOut:
    """The reverts ``(seq, revert)``, in seq order, composed: an undo or a void takes its targets
    out; a restore takes back a void in force (its moves are live again). A restore naming no
    void in force changes nothing here (``replay_checked`` refuses it)."""
    out: dict[int, int] = {}
    voids: dict[int, Reverted] = {}
    touched: list[tuple[int, int]] = []
    for seq, revert in reverts:
        if revert.how == "restore":
            void = voids.pop(revert.target, None)
            for move in void.targets if void is not None else ():
                out.pop(move, None)
                touched.append((seq, move))
            continue
        if revert.how == "void":
            voids[seq] = revert
        for move in revert.targets:
            out[move] = seq
            touched.append((seq, move))
    return TakenOut(out, voids, touched)


class MoveEntry(msgspec.Struct):
    seq: int
    actor: str
    recorded_at: str
    command: Any
    events: list[Any]
    redo_of: int | None = None
    event_seqs: list[int] = msgspec.field(default_factory=list)


class RevertEntry(msgspec.Struct):
    seq: int
    actor: str
    recorded_at: str
    revert: Reverted


Entry = MoveEntry | RevertEntry


class SeedRevealed(msgspec.Struct, frozen=True, tag=SEED, kw_only=True):
    """A virtual game's seed, appended once the game is over (``referee reveal-seed``): it must
    match the setup's commitment, and the decks are dealt again from it. The last row of a log."""

    seed: int
    salt: str


class Abandoned(msgspec.Struct, frozen=True, tag=ABANDONED, kw_only=True):
    """A game the table gives up on (``referee abandon``: a mistaken game, a try-out), with who
    asked and why. The last row of its log: nothing is deleted, and nothing more is played."""

    reason: str
    by: str = TABLE


def seed_commitment(seed: int, salt: str) -> str:
    """What a setup records instead of its seed: sha256 of ``"{seed}:{salt}"`` (hex)."""
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


class Decoders(NamedTuple):
    command: msgspec.json.Decoder[Any]
    event: msgspec.json.Decoder[Any]
    events: msgspec.json.Decoder[Any]  # a JSON array of events: the fold decodes in one call
    command_tags: frozenset[str]
    event_tags: frozenset[str]


def decoders(game: Game) -> Decoders:
    """Decoders for a game's commands and events (cached on the module)."""
    cached: Decoders | None = getattr(game, "_ledger_decoders", None)
    if cached is None:
        cached = Decoders(
            msgspec.json.Decoder(game.Command),
            msgspec.json.Decoder(game.Event),
            msgspec.json.Decoder(list[game.Event]),  # type: ignore[name-defined]
            _tags(game.Command),
            _tags(game.Event),
        )
        setattr(game, "_ledger_decoders", cached)  # noqa: B010 - a module attribute cache
    return cached


def _tags(union: Any) -> frozenset[str]:
    return frozenset(str(_tag_of_type(t)) for t in typing.get_args(union) or (union,))


def _tag_of_type(struct_type: Any) -> Any:
    return struct_type.__struct_config__.tag


def unknown(seq: int, tag: object, what: str) -> StoreUnreadable:
    """A row this referee cannot read although its chain holds: a newer referee wrote it."""
    return StoreUnreadable(
        f"row #{seq} holds {what} {tag!r}, which this referee does not know:"
        " the log was written by a newer referee",
        legal="read it with that version",
        seq=seq,
    )


def _probe_tag(body: str | bytes) -> object:
    """The ``type`` field of a body that did not decode, if it is a JSON object."""
    try:
        value = msgspec.json.decode(body)
    except UNREADABLE:
        return None
    return value.get("type") if isinstance(value, dict) else None


_move_decoder = msgspec.json.Decoder(Move)
_revert_decoder = msgspec.json.Decoder(Reverted)
_setup_decoder = msgspec.json.Decoder(Setup)


def decode_setup(body: str, seq: int = 1) -> Setup:
    try:
        return _setup_decoder.decode(body)
    except (*UNREADABLE, TypeError) as exc:  # TypeError: no text at all (a NULL)
        raise VerificationFailed(f"row #{seq} (the setup) does not decode: {exc}", seq=seq) from None


def decode_revert(body: str, seq: int | None = None) -> Reverted:
    try:
        return _revert_decoder.decode(body)
    except (*UNREADABLE, TypeError) as exc:  # TypeError: no text at all (a NULL)
        where = f"row #{seq}" if seq is not None else "a revert row"
        raise VerificationFailed(f"{where} does not decode: {exc}", seq=seq) from None


def decode_facts(game: Game, rows: Sequence[tuple[int, str, str]]) -> list[Any]:
    """The events of fact rows ``(seq, type, body)``, decoded in one call; a row that does not
    decode is named."""
    try:
        events: list[Any] = decoders(game).events.decode("[" + ",".join(body for _, _, body in rows) + "]")
        return events
    except UNREADABLE:
        pass
    event_decoder, tags = decoders(game).event, decoders(game).event_tags
    events = []
    for seq, type_, body in rows:
        if type_ not in tags:
            raise unknown(seq, type_, "a fact of type")
        try:
            events.append(event_decoder.decode(body))
        except UNREADABLE as exc:
            tag = _probe_tag(body)
            if tag is not None and tag not in tags:
                raise unknown(seq, tag, "a fact of type") from None
            raise VerificationFailed(f"row #{seq} does not decode: {exc}", seq=seq) from None
    return events


def check_commands(game: Game, moves: Sequence[tuple[int, str]]) -> None:
    """Every move row ``(seq, body)`` holds a command of this game (the fold itself reads only
    facts, but a move this referee cannot read means the log is not one it may play on)."""
    command_decoder, command_tags = decoders(game).command, decoders(game).command_tags
    for seq, body in moves:
        try:
            command_decoder.decode(_move_decoder.decode(body).command)
        except UNREADABLE as exc:
            try:
                tag = _probe_tag(bytes(_move_decoder.decode(body).command))
            except UNREADABLE:
                tag = None
            if tag is not None and tag not in command_tags:
                raise unknown(seq, tag, "a move of type") from None
            raise VerificationFailed(f"row #{seq} does not decode: {exc}", seq=seq) from None


def decode_command(game: Game, body: str) -> Any:
    """The game's command in a stored ``move`` row."""
    return decoders(game).command.decode(_move_decoder.decode(body).command)


def read_entries(game: Game, rows: Sequence[Row]) -> tuple[Setup, list[Entry]]:
    """The setup (row 1) and the entries after it; a row that does not decode fails."""
    if not rows or rows[0].type != SETUP:
        raise VerificationFailed("the log does not start with a setup row", seq=1)
    return decode_setup(rows[0].body), group_entries(game, rows[1:])


def group_entries(game: Game, rows: Sequence[Row]) -> list[Entry]:
    """Group rows (which start at a move or a revert) into moves with their facts, and reverts."""
    return list(iter_entries(game, rows))


def iter_entries(game: Game, rows: Iterable[Row]) -> Iterator[Entry]:
    """``group_entries`` one entry at a time: a move is given once its last fact is read."""
    command_decoder, event_decoder = decoders(game).command, decoders(game).event
    command_tags, event_tags = decoders(game).command_tags, decoders(game).event_tags
    current: MoveEntry | None = None
    for row in rows:
        try:
            if row.type == MOVE:
                if current is not None:
                    yield current
                move = _move_decoder.decode(row.body)
                try:
                    command = command_decoder.decode(move.command)
                except msgspec.DecodeError:
                    tag = _probe_tag(bytes(move.command))
                    if tag is not None and tag not in command_tags:
                        raise unknown(row.seq, tag, "a move of type") from None
                    raise
                current = MoveEntry(row.seq, row.actor, row.recorded_at, command, [], move.redo_of)
            elif row.type == REVERTED:
                if current is not None:
                    yield current
                current = None
                yield RevertEntry(row.seq, row.actor, row.recorded_at, _revert_decoder.decode(row.body))
            elif row.type == SETUP:
                raise VerificationFailed(f"row #{row.seq} is a second setup", seq=row.seq)
            elif row.type in (SEED, ABANDONED):  # no move: checked apart (``revealed_seed``, ``abandoned``)
                if current is not None:
                    yield current
                current = None
            elif row.type not in event_tags:
                raise unknown(row.seq, row.type, "a fact of type")
            elif current is None:
                raise VerificationFailed(f"row #{row.seq} is a fact outside any move", seq=row.seq)
            elif row.actor != current.actor:
                raise VerificationFailed(
                    f"row #{row.seq} names {row.actor!r}, not {current.actor!r} who made move"
                    f" #{current.seq} it belongs to",
                    seq=row.seq,
                )
            else:
                event = event_decoder.decode(row.body)
                if _tag(event) != row.type:
                    raise VerificationFailed(
                        f"row #{row.seq} says type {row.type!r} but holds {_tag(event)!r}",
                        seq=row.seq,
                    )
                current.events.append(event)
                current.event_seqs.append(row.seq)
        except UNREADABLE as exc:
            raise VerificationFailed(f"row #{row.seq} does not decode: {exc}", seq=row.seq) from None
    if current is not None:
        yield current


def _tag(struct: Any) -> Any:
    return type(struct).__struct_config__.tag
