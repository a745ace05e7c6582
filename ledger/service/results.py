"""What the ``Referee``'s methods return: the service's result types, typed data for the front ends."""

from __future__ import annotations

import datetime
from typing import Any

import msgspec

from ledger.codec import (
    GENESIS,
)
from ledger.decider import Game, Setup
from ledger.errors import BadInput
from ledger.store import GameRow, Row

# How much one call answers with (the facade's defaults as well as its jobs').
WITNESS_ROWS = 2000  # rows a page is sent at a time to witness (``Witnessed``)
TAKE_BACK_WITHIN = 50  # moves back a page looks for its player's latest (``TakeBack``)


class Loaded(msgspec.Struct, frozen=True):
    """A game's state folded from its log as of ``upto`` (the head unless time travelling)."""

    info: GameRow
    game: Game
    setup: Setup
    state: Any
    head: int
    upto: int
    head_hash: str = GENESIS  # the head's hash, checked against the verified mark


class Opened(msgspec.Struct, frozen=True):
    """A game as its setup row tells it (the truth; the ``games`` row is only a cache of it)."""

    info: GameRow  # from the setup row, but for the cached status
    game: Game
    setup: Setup
    first: Row  # the setup row itself


class Started(msgspec.Struct):
    """What ``new`` made: the game, and the faces and settings declared in it at the start."""

    game_id: int
    from_file: int  # declared by the table's cards file (and new to the library)
    from_library: int  # taken from the group's card library
    left_out: int  # library faces this setup does not take
    games: list[int]  # the games the library's faces were first declared in
    rows: list[str]  # and the library rows they came from: an import, a correction


class Corrected(msgspec.Struct, frozen=True):
    """A correction of the card library: the face as it now reads, as it read, and the games
    whose logs keep the earlier word."""

    key: str
    now: str
    was_cited: str
    was: str
    affects: list[int]


class Imported(msgspec.Struct, frozen=True):
    """What ``cards import`` added to the library: new faces, faces it held already, corrections."""

    added: int
    known: int
    corrected: list[Corrected]


class Recorded(msgspec.Struct, frozen=True):
    """What an accepted write appended."""

    game_id: int
    seq: int  # the first row appended
    head: int  # the last row appended
    text: str
    facts: list[str]
    state: Any
    events: list[Any] = msgspec.field(default_factory=list)  # the typed facts, hidden cards masked


class LogEntry(msgspec.Struct):
    """One line of ``referee log``: a move, a setup, or a revert, and what became of it.

    ``body`` is the typed record: the setup, the command of a move, or the revert; ``events``
    are a move's typed facts (the stored event bodies, hidden cards masked for the viewer)
    beside their text in ``facts``.
    """

    seq: int
    kind: str  # setup | move | redo | undo | void | restore | seed
    actor: str
    recorded_at: str
    text: str
    facts: list[str] = []
    reverted_by: int | None = None
    reverted_how: str | None = None
    reason: str | None = None
    body: Any = None
    events: list[Any] = []


class Result(msgspec.Struct):
    """How a game stands: its winners and final scores once over, else whose turn it is."""

    game_id: int
    kind: str
    over: bool
    headline: str
    winners: list[str]
    points: str  # the score category (LOOP: happiness)
    scores: dict[str, int]  # each player's final score
    last_played: str  # when its last row was recorded


class ScoreChart(msgspec.Struct):
    """Each player's score at each round's end, from the log (``Referee.score_by_round``).

    ``rounds`` are the rounds' labels; ``scores`` one list per player, one number per round.
    Each number is the game's own score sheet (``score``, its ``points``) replayed at that
    round's end. Once the game is over the last round's number is the score that counts (its
    end scoring done); before, the last is the round being played, as it stands now (``final``
    False).
    """

    measure: str
    rounds: list[str]
    scores: dict[str, list[int]]
    final: bool
    # the game's ``score_only_at_end``: why no score stands at a round's end (Planet B's Game End);
    # its numbers are then where the Game End would put each player so far (``standing``)
    only_at_end: str = ""


class RoundStart(msgspec.Struct, frozen=True):
    """Where a round begins in the live history (``Referee.round_starts``): ``seq``, the entry
    after which the game first stands in round ``round`` (the game's own count, its
    ``standing``: the setup's seq for a round the game starts in), and ``label``, how the table
    says it ("Teen" for Pursuit's round 0, "3")."""

    seq: int
    round: int
    label: str


class PlayerStats(msgspec.Struct):
    """One player's record in one kind of game, over the finished games."""

    player: str
    kind: str
    played: int
    won: int  # sole winner
    shared: int  # winner with others
    average: float  # final score (the game's ``points``), over the games played
    best: int
    last_played: str
    latest: int = 0  # the score of the game that ended last
    rank: int = 0  # the usual finishing rank: the most frequent (the better of a tie)
    rounds: float = 0.0  # rounds a game, on average
    minutes: float = 0.0  # minutes a game (its log's first row to its last), on average


class Played(msgspec.Struct, frozen=True):
    """One player's result in one finished game: a row of ``stats --csv``, for a spreadsheet or
    a play-logging app (BG Stats). Times are the log's own (UTC)."""

    date: str  # the day the game ended, YYYY-MM-DD (UTC)
    game_id: int
    game: str  # its kind: loop, planet-b, pursuit
    title: str
    mode: str
    players: int  # how many played it
    player: str
    score: int  # the game's final score (its ``points``)
    points: str  # what the score counts (LOOP: HAPPINESS)
    rank: int
    winner: bool
    shared: bool  # a winner with others
    rounds: int  # the rounds played (the score chart's)
    minutes: int  # from the log's first row (the setup) to its last
    started: str  # the setup row's time
    ended: str  # the last row's time


class HeadToHead(msgspec.Struct, frozen=True):
    """One player against one opponent, over the finished games both played (``stats --player``)."""

    player: str
    opponent: str
    kind: str
    together: int  # finished games both played
    ahead: int  # the player finished better ranked
    behind: int
    level: int  # the same rank


class LegalMove(msgspec.Struct):
    """A legal move: its text in the game's grammar and the typed command it parses to."""

    text: str
    command: Any


class Preview(msgspec.Struct):
    """A move as it would be recorded, told before it is (``Referee.preview``): its text and
    the facts it would add, as its mover may see them."""

    text: str
    facts: list[str]
    more: bool = False  # facts left untold (a deck's cards), told once it is recorded
    said: str = ""  # the move in the rulebook's words (``decider.sentence``), for a page


class VoidPreview(msgspec.Struct, frozen=True):
    """What ``void`` would take back (``Referee.void_preview``), recorded nowhere."""

    game_id: int
    seq: int  # the row named
    target: int  # the move it belongs to
    cascade: list[int]  # the later moves it would break, voided with it (``--cascade``)
    moves: list[str]  # each move taken back, ``#84 (favour ben acquire ann food@1)``, the target first
    text: str  # the log's words for it: ``void #84 (...) and, by cascade, #86 (...)``
    head: int  # the log's head it was computed at (``void``'s ``seen``: nothing recorded since)


class TakeBack(msgspec.Struct):
    """A player's latest live move, and whether they may still take it back themselves
    (``Referee.take_back``): only while no move has been made since; else who moved since,
    whose agreement the table needs to undo or void it."""

    seq: int
    text: str
    since: list[str]  # the players (or the table) who moved after it; empty: theirs to take back
    dealt: str = ""  # what it dealt by chance (virtual decks), its mover having seen it: the table's to undo


class VerifyReport(msgspec.Struct):
    game_id: int
    rows: int
    moves: int
    live_moves: int
    head_seq: int
    head_hash: str
    # A virtual game's seed: "" (the setup commits to none), "sealed" (not revealed yet: the
    # deals were checked with the seed this installation keeps, and the commitment check waits
    # for `reveal-seed`), "revealed" (it matches the commitment, and the decks were re-dealt), or
    # "lost" (neither kept here nor revealed: its key is lost; the game reads as its log holds it).
    seed: str = ""
    # With the seed lost: the moves taken as recorded, their deals by chance unconfirmed (only the
    # seed could confirm them); every other move was checked through the rules.
    unconfirmed: int = 0


class WitnessRow(msgspec.Struct, frozen=True):
    """One row as a page witnesses it: its seq, the hash before it, its hash, and the bytes its
    hash covers (``codec.payload``, as text), or None where they would tell the page's viewer
    a hidden card (the page then checks only that the row links to the one before)."""

    seq: int
    prev: str
    hash: str
    payload: str | None


class Witnessed(msgspec.Struct, frozen=True):
    """What a page asks on each update to check that the log still extends what it saw
    (``Referee.witness``)."""

    head: int
    head_hash: str
    at: str | None  # the hash of the row the page last saw, now (None: the log is shorter)
    rows: list[WitnessRow]  # the rows after it, at most a page's worth
    more: bool  # more rows follow: ask again after the last
    # Every row's hash up to the row the page last saw, when the hash it holds for that row is
    # not ``at``: the page names the first row that no longer matches.
    hashes: list[str] | None = None


class ExportHeader(msgspec.Struct, kw_only=True):
    format: str
    game: str
    rules_version: str
    title: str
    players: list[str]
    mode: str
    options: dict[str, str]
    seed: int | None
    salt: str | msgspec.UnsetType = msgspec.UNSET  # with a sealed seed (``export --with-seed``)
    created_at: str
    status: str


class ExportLine(msgspec.Struct, kw_only=True):
    seq: int
    type: str
    actor: str
    recorded_at: str
    prev_hash: str
    hash: str
    body: msgspec.Raw


class GameLength(msgspec.Struct, frozen=True):
    """How long the finished games of one kind and player count ran (``stats``)."""

    kind: str
    players: int
    played: int
    rounds: float  # on average
    minutes: float  # on average, from the log's first row to its last
    longest: int  # minutes


class History(msgspec.Struct, frozen=True):
    """A group's history of finished games (``stats``): each player's result in each
    (``stats --csv``), per player and kind, the games' length, and head to head."""

    results: list[Played]
    stats: list[PlayerStats]
    lengths: list[GameLength]
    head_to_head: list[HeadToHead]


class Wanted(msgspec.Struct, frozen=True, kw_only=True):
    """Which finished games ``stats`` counts: of a kind, with a player, of a player count,
    ended within dates (YYYY-MM-DD, UTC, both days included), abandoned ones or not."""

    kind: str | None = None
    player: str | None = None
    players: int | None = None
    since: str | None = None
    until: str | None = None
    abandoned: bool = False

    def __post_init__(self) -> None:
        for option, day in (("--since", self.since), ("--until", self.until)):
            if day is not None:
                try:
                    datetime.date.fromisoformat(day)
                except ValueError:
                    raise BadInput(
                        f"{option} takes a day as YYYY-MM-DD, not {day!r}", legal=f"{option} 2026-01-31"
                    ) from None
        if self.players is not None and not 1 <= self.players <= 99:
            raise BadInput(f"--players takes a number of players, 1 to 99, not {self.players}")

    def fits(self, info: GameRow, result: Result) -> bool:
        """Whether a finished game (as ``overview`` tells it) is one of these, the player's aside."""
        day = result.last_played[:10]
        if (self.since and day < self.since) or (self.until and day > self.until):
            return False
        return self.players is None or len(info.players) == self.players
