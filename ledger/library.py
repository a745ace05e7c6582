"""A group's card library: every face and setting its tables declared, per kind of game.

One database is one group. What its tables declared in any game of a kind (a LOOP ACTIVITY,
a Planet B building, a Pursuit setting) is the library of that kind, so that the next game
starts from it instead of being declared again.

The library is derived, never kept twice: it is the live declaration facts of the logs of
that kind's games (a declaration undone or voided is not in it), with the rows of the
``library`` table, which hold what no game's log holds: the faces imported from a group's
file and the table's corrections. A correction is the latest word on its face; otherwise a
face is what it was first declared to be, and a declaration that says otherwise is refused,
citing the earlier one.

A game names its declaration facts with ``library_face(event) -> (key, face) | None``
(in its ``cards`` module); a game without one has no library.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from ledger.cardfile import toml_value
from ledger.codec import encode, tag_of
from ledger.decider import Game, Setup, optional
from ledger.errors import IllegalMove
from ledger.history import decode_facts, decode_revert, fold, taken_out
from ledger.storage import EventStore

RULE = "the card library"  # what a refusal cites: the group's own record, not a rulebook
IMPORT, CORRECT = "import", "correct"


@dataclass(frozen=True)
class Entry:
    """A face in the library: the declaration fact that says it, and where it came from."""

    key: str  # ``activity DANCE``, ``building TAILOR``, ``setting stress``
    event: Any  # the declaration fact (what a new game's log replays)
    body: str  # its encoding: two declarations agree when their bodies do
    recorded_at: str
    game_id: int | None = None  # a declaration in a game's log: the game and the row
    seq: int | None = None  # the move (or setup) row, as `log` numbers it and `void` takes it
    source: str = ""  # or a library row: IMPORT or CORRECT, and its file or reason
    note: str = ""
    affects: tuple[int, ...] = ()  # a correction: the games whose logs say otherwise

    def cite(self) -> str:
        """Where it was said: ``in game #1, move #4``, ``by the import of cards.toml (...)``."""
        if self.game_id is not None:
            return f"in game #{self.game_id}, move #{self.seq}"
        if self.source == IMPORT:
            return f"by the import of {self.note} ({self.recorded_at})"
        return f"by the correction of {self.recorded_at} ({self.note})"


@dataclass(frozen=True)
class Library:
    """The library of one kind of game, key -> the face as it stands."""

    kind: str
    entries: dict[str, Entry]


def has_library(game: Game) -> bool:
    return optional(game, "library_face") is not None


def faces_of(game: Game, events: Iterable[Any]) -> list[tuple[str, Any, Any]]:
    """``(key, face, event)`` of each declaration fact among ``events``."""
    face_of = optional(game, "library_face")
    if face_of is None:
        return []
    found = []
    for event in events:
        named = face_of(event)
        if named is not None:
            found.append((named[0], named[1], event))
    return found


def said(face: Any) -> str:
    """A face in the cards file's words, without its name: ``needs = ["glass", "plastic"], ...``."""
    fields = msgspec.to_builtins(face)
    fields.pop("type", None)
    fields.pop("name", None)
    return ", ".join(f"{k} = {toml_value(v)}" for k, v in fields.items()) or "(no fields)"


def read(store: EventStore, game: Game) -> Library:
    """The library of ``game``'s kind as the logs and the library rows of ``store`` say it."""
    entries: dict[str, Entry] = {}
    if not has_library(game):
        return Library(game.name, entries)
    found: list[Entry] = []
    for game_id, seq, event, body, recorded_at in _live(store, game):
        for key, _, _ in faces_of(game, [event]):
            found.append(Entry(key, event, body, recorded_at, game_id, seq))
    rows = store.library_rows(game.name)
    events = decode_facts(game, [(0, type_, body) for _, _, type_, body, *_ in rows])
    for (_, key, _, body, source, note, affects, recorded_at), event in zip(rows, events, strict=True):
        found.append(Entry(key, event, body, recorded_at, source=source, note=note, affects=_ids(affects)))
    # (stable: at the same time, the logs' facts in the order read, by game and row, then the
    # library's rows in theirs)
    found.sort(key=lambda e: e.recorded_at)
    for entry in found:
        if entry.source == CORRECT or entry.key not in entries:
            entries[entry.key] = entry  # the first word on a face, or the latest correction
    return Library(game.name, entries)


def check(library: Library, game: Game, events: Iterable[Any]) -> None:
    """Refuse declaration facts that contradict the library, citing what it says and where."""
    for key, face, event in faces_of(game, events):
        known = library.entries.get(key)
        if known is not None and known.body != encode(event):
            raise contradiction(game, key, face, known)


def contradiction(game: Game, key: str, face: Any, known: Entry) -> IllegalMove:
    before = faces_of(game, [known.event])[0][1]
    return IllegalMove(
        f"{key} was declared otherwise {known.cite()}: {said(before)}; not {said(face)}",
        rule=RULE,
        legal=f"declare it as the library says, or fix the library: `referee cards correct {game.name}"
        " DECLARATION --reason TEXT`",
    )


def scratch(game: Game) -> Setup:
    """A setup that every face of the kind fits (a Pursuit library holds every module's)."""
    options = {o.name: o.default for o in game.options}
    options.update(optional(game, "LIBRARY_OPTIONS"))
    players = tuple(f"p{n}" for n in range(1, max(game.min_players, 2) + 1))
    return Setup(
        game=game.name, rules_version=game.rules_version, players=players, mode=game.modes[0], options=options
    )


def as_toml(library: Library, game: Game) -> str:
    """The library as a cards file (what ``new --cards`` and ``cards import`` read)."""
    state = fold(game, game.initial(scratch(game)), [e.event for e in library.entries.values()])
    return game.dump_cards(state)


def commands(library: Library, game: Game, setup: Setup) -> list[Any]:
    """The declarations that give a new game with ``setup`` the library's faces."""
    return game.load_cards(setup, as_toml(library, game)) if library.entries else []


def declared(game: Game, state: Any, commands: Sequence[Any]) -> list[tuple[Any, list[Any]]]:
    """Each command decided in turn from ``state``, with its facts (a refusal is raised)."""
    out = []
    for command in commands:
        events = list(game.decide(state, command))
        state = fold(game, state, events)
        out.append((command, events))
    return out


def affected(store: EventStore, game: Game, key: str, body: str) -> list[int]:
    """The games whose live declaration of ``key`` says otherwise than ``body``."""
    return sorted(
        {
            game_id
            for game_id, _, event, text, _ in _live(store, game)
            if text != body and any(k == key for k, _, _ in faces_of(game, [event]))
        }
    )


def row(
    key: str, event: Any, source: str, note: str, affects: Sequence[int] = ()
) -> tuple[str, str, str, str, str, str]:
    """A ``library`` row (see ``Store.add_library``)."""
    return (key, tag_of(event), encode(event), source, note, encode(list(affects)))


def _live(store: EventStore, game: Game) -> list[tuple[int, int, Any, str, str]]:
    """``(game_id, move_seq, event, body, recorded_at)`` of the declaration facts in the logs of
    ``game``'s kind that no undo or void took back, oldest first."""
    rows = store.declaration_rows(game.name)
    events = decode_facts(game, [(seq, type_, body) for _, seq, _, type_, body, _ in rows])
    reverted: dict[int, set[int]] = {}
    for game_id in {r[0] for r in rows}:
        reverted[game_id] = set(
            taken_out([(r.seq, decode_revert(r.body, r.seq)) for r in store.reverts(game_id)]).out
        )
    return [
        (game_id, move, event, body, recorded_at)
        for (game_id, _, move, _, body, recorded_at), event in zip(rows, events, strict=True)
        if move not in reverted[game_id]
    ]


def _ids(text: str) -> tuple[int, ...]:
    try:
        return tuple(msgspec.json.decode(text, type=list[int]))
    except (msgspec.DecodeError, TypeError):
        return ()
