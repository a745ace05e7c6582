"""The contract every game implements, and the plain data the referee shows people.

A game is a module (``ledger.games.<name>``) that satisfies :class:`Game`: the "Decider"
of functional event sourcing. ``decide`` turns a command into facts or raises a typed
error from :mod:`ledger.errors`; ``evolve`` applies one fact. Both are pure: no I/O, no
clock, no randomness beyond what the setup's seed makes deterministic.
"""

import functools
import shlex
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Generic, Protocol, TypeVar

import msgspec

from ledger.errors import BadInput, GameOver


class Setup(msgspec.Struct, frozen=True, tag="setup", kw_only=True):
    """The first event of every game: who plays, in which mode, with which options."""

    game: str
    rules_version: str
    players: tuple[str, ...]
    mode: str
    options: dict[str, str] = {}
    # A virtual game's seed, in logs from before the commitment; a new virtual game writes
    # ``commitment`` instead (sha256 of ``"{seed}:{salt}"``) and the referee keeps the seed
    # sealed beside the database until it is revealed (``ledger.history.SeedRevealed``).
    seed: int | None = None
    title: str = ""
    # How many moves after this row `new` decided with it (the card faces of ``--cards``): the
    # setup's extent, told by the log's structure. Unset (and not written) in logs from before
    # it was recorded, and when there are none.
    setup_moves: int | msgspec.UnsetType = msgspec.UNSET
    commitment: str | msgspec.UnsetType = msgspec.UNSET


class Option(msgspec.Struct, frozen=True):
    """A named setup option a table may set with ``--option name=value``."""

    name: str
    default: str
    choices: tuple[str, ...] = ()
    help: str = ""
    # Values that may be named together, comma-separated (Pursuit's modules): a page offers
    # each as a box to tick, where ``choices`` is one value of several.
    several: tuple[str, ...] = ()


class Verb(msgspec.Struct, frozen=True):
    """One move word of a game's grammar, for help text and tab completion.

    ``aliases`` are other words for it that every front end accepts (``favor`` for
    ``favour``); ``parse`` reads them too.
    """

    name: str
    usage: str
    help: str
    aliases: tuple[str, ...] = ()


class Ask(msgspec.Struct, frozen=True):
    """What a player must type to make a legal move whose card face nobody has declared yet
    (a game's optional ``asks(state, command)``, or an ``Unlisted`` move): the grammar's
    ``flag`` (none: a word of its own; ending in ``=``, as ``pile=``, each value a word
    ``pile=I`` of its own) and a value among ``choices`` (none: typed freely), ``count`` of them
    joined by commas (or as few as ``least``, where the card prints a number between; or none
    at all if ``optional``, a part a card may not print), asked in the game's own ``words``.
    One choice only, not optional: the value the rulebook prints, shown and posted as it is
    (even empty: a mood track's neutral space).
    ``tap``: the choices are chips tapped into one typed value, each tap adding one after a
    comma (a production line's resources), not one value chosen. ``example``: a value the move
    takes, in its own keys and separators (a form's placeholder; tests type it)."""

    flag: str
    words: str
    choices: tuple[str, ...]
    count: int = 1
    least: int = 0  # 0: exactly ``count``
    optional: bool = False
    tap: bool = False
    example: str = ""


class Unlisted(msgspec.Struct, frozen=True):
    """A move ``legal`` cannot list because its card is new to the referee (a game's optional
    ``unlisted(state)``): the grammar's first words, and what to ask for the rest. ``actor``
    makes it (a player, or ``table``)."""

    actor: str
    text: str
    asks: tuple[Ask, ...]
    label: str  # the choice that leads to it, in the game's words
    # A card or board the setup waits for, asked as one form laid out like it (issue 41): every
    # named box a field at once; ``fixed``: what the rulebook prints of it, (label, value),
    # shown filled in and not editable (its words are in ``text`` already).
    form: bool = False
    fixed: tuple[tuple[str, str], ...] = ()

    def template(self) -> str:
        """The move as a line to type, each asked part a capitalised placeholder (a choice
        among few spelled out; an optional part in brackets): ``trait maya NAME``."""
        words = [self.text]
        for ask in self.asks:
            value = "|".join(ask.choices) if 0 < len(ask.choices) <= 3 else "NAME" if not ask.flag else "..."
            word = f"{ask.flag}{value}"
            words.append(f"[{word}]" if ask.optional else word)
        return " ".join(words)


class Table(msgspec.Struct):
    """A titled grid of cells, rendered as a text table or emitted as JSON."""

    title: str
    columns: list[str]
    rows: list[list[str]]


class Screen(msgspec.Struct):
    """A game's view rendered as text: a headline, a short prompt, facts and tables.

    A game builds it from its typed view alone (``present(view)``), so the text can show
    nothing the view does not hold.
    """

    headline: str
    prompt: str
    facts: list[tuple[str, str]] = []
    tables: list[Table] = []


class Board(msgspec.Struct):
    """What ``status`` and ``at`` give a front end: whose turn, what is awaited, the typed view."""

    headline: str
    to_act: list[str]
    prompt: str
    over: bool
    view: Any


class ScoreLine(msgspec.Struct):
    """One player's line on the score sheet."""

    player: str
    rank: int
    categories: dict[str, int]
    tiebreak: str | None = None


class Score(msgspec.Struct):
    """The score sheet: categories in display order, lines in rank order.

    ``points`` names the category that is the game's final score (what ``referee stats``
    averages): HAPPINESS in LOOP.
    """

    final: bool
    categories: list[str]
    lines: list[ScoreLine]
    winners: list[str]
    notes: list[str] = []
    points: str = ""


class Standing(msgspec.Struct, frozen=True, kw_only=True):
    """Where the players stand now, for the score chart (``Referee.score_by_round``).

    ``round`` is the round being played (a number that only grows; None before the first),
    ``label`` how the table says it ("Teen" for Pursuit's round 0); ``scores`` each player's
    score in the game's ``measure`` (LOOP's HAPPINESS, ...).
    """

    round: int | None
    label: str
    measure: str
    scores: dict[str, int]


def ranked(
    seats: Sequence[str], lines: Mapping[str, dict[str, int]], points: str, tie: str
) -> list[ScoreLine]:
    """Score lines, the most ``points`` first (in seat order among equals): a player's rank is 1
    plus how many have more; equal points share the rank, each labelled ``tie``."""
    totals = {name: lines[name][points] for name in seats}
    return [
        ScoreLine(
            player=name,
            rank=1 + sum(t > totals[name] for t in totals.values()),
            categories=lines[name],
            tiebreak=tie if sum(t == totals[name] for t in totals.values()) > 1 else None,
        )
        for name in sorted(seats, key=lambda name: -totals[name])
    ]


class Game(Protocol):
    """What ``ledger.games`` expects of a game module (see STYLE.md, "The rules as a Decider")."""

    name: str
    title: str
    rules_version: str  # what a new game records; a game may also define ``rules_versions``,
    # every version whose logs it still reads (``rules_version`` among them)
    modes: tuple[str, ...]  # the first is the default
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    verbs: tuple[Verb, ...]
    State: Any  # a msgspec Struct type: snapshots encode and decode it
    Event: Any  # a tagged union of msgspec Structs: stored bodies decode to it
    Command: Any  # a tagged union of msgspec Structs: stored moves decode to it
    View: Any  # the msgspec Struct type ``view`` returns: front ends read it (``referee schema``)

    def initial(self, setup: Setup) -> Any: ...
    def decide(self, state: Any, command: Any) -> Sequence[Any]: ...
    def evolve(self, state: Any, event: Any) -> Any: ...
    def legal(self, state: Any, player: str | None = None) -> Iterable[Any]: ...
    def score(self, state: Any) -> Score: ...
    def standing(self, state: Any, reveal: bool = False) -> Standing: ...
    def parse(self, state: Any, words: Sequence[str]) -> Any: ...
    def text(self, command: Any) -> str: ...
    def actor(self, command: Any) -> str: ...
    def to_act(self, state: Any) -> list[str]: ...
    def is_over(self, state: Any) -> bool: ...
    def view(self, state: Any, as_player: str | None = None, reveal: bool = False) -> Any: ...
    def present(self, view: Any) -> Screen: ...
    def describe(self, event: Any) -> str: ...
    def redact(self, event: Any, as_player: str | None = None, reveal: bool = False) -> Any: ...
    def load_cards(self, setup: Setup, text: str) -> list[Any]: ...
    def dump_cards(self, state: Any) -> str: ...

    # A game may also define the optional parts of the contract, each declared once in
    # ``OPTIONAL`` below with what a game that does not gets; look them up with ``optional``.


# Every optional part of the game contract, with what a game that does not define it gets. The
# referee looks each up by ``optional(game, name)`` only, so a name not listed here is a KeyError
# at once, and tests/ledger/test_contract.py fails on a game that spells one this table does not
# know (a misspelt hook would otherwise be silently off).
OPTIONAL: dict[str, Any] = {
    # Every rules version whose logs the game still reads (``rules_version`` among them);
    # None: only ``rules_version``.
    "rules_versions": None,
    # The command types the table may make for the players who must act (``legal()`` lists
    # them, ``actor`` says "table").
    "BOOKKEEPING": (),
    # ``library_face(event) -> (key, face) | None``, naming its declaration facts, to keep a
    # group's card library (``ledger.library``); None: it keeps none.
    "library_face": None,
    # The options a scratch setup for the card library takes (every face of the kind fits).
    "LIBRARY_OPTIONS": MappingProxyType({}),
    # ``reserved_words(setup) -> dict[str, str]``: the words its grammar reads where a player's
    # name may stand in that setup, each with what it is there (LOOP's EVENT choices ``a``,
    # ``b``, ``c``); ``new`` refuses a player named one.
    "reserved_words": None,
    # ``absent_verbs(setup) -> dict[str, str]``: the verbs that setup does without, each with
    # why (LOOP's Basic Mode has no CAREER): help, completion and errors leave them out.
    "absent_verbs": None,
    # ``usage(setup) -> dict[str, str]``: each verb's words in that setup (only the options its
    # mode has: no CAREER's in LOOP's Basic Mode); None: each ``Verb``'s ``usage``.
    "usage": None,
    # ``chance(event) -> str``: what the referee dealt by chance in that fact with virtual decks
    # (a card drawn or turned up, a shuffle, a coin tossed), "" for a fact that deals nothing; a
    # player may take back from the phone a move that dealt nothing (``Referee.take_back``).
    # None: only a move whose page told every fact may be.
    "chance": None,
    # ``identify(state, events) -> state``: where its seed is lost (its ``State.seed_lost``),
    # the cards only that seed dealt and no fact recorded (a log from before a game recorded its
    # deals) that ``events`` name, made known to a move checked again
    # (``ledger.history.redecide``), as its ``evolve`` learns them. None: none are. Its
    # ``State`` may then say ``dealt_unknown``: such cards are still unknown, so a move the
    # rules now stop short of (asking the table to reveal where the virtual game went on) is
    # taken as recorded.
    "identify": None,
    # ``asks(state, command) -> Iterable[Ask]``: what a legal move still asks the player
    # (a part its card may not print), in the picker.
    "asks": None,
    # ``unlisted(state) -> Iterable[Unlisted]``: the moves ``legal`` cannot list
    # because their card is new to the referee (its face asked).
    "unlisted": None,
    # ``said(state, command) -> Sequence[str]``: each word of ``text(command)`` as the
    # rulebook says it (``food:1``: ``FOOD@1 for 1 COIN``), as many as ``text`` has, built from
    # the typed command (never from its text): the picker's chips and a page's move in words.
    # None: the grammar's own words.
    "said": None,
    # ``box_words(text) -> str``: a box of the game's card notation (an action box in Planet B's
    # effect language: ``-plastic 2workie``) as the rulebook prints it, for a page's board.
    # None: boards show the notation as written.
    "box_words": None,
    # ``score_only_at_end``: the rule, in words, by which the game's score is counted only at its
    # end (Planet B's Game End: money, factions, mood, the President and the bag are counted
    # then), so that no score stands at a round's end: a score chart is not drawn of it, the
    # final sheet is shown instead. "": the score sheet holds at any point of the game, and
    # ``score`` replayed at each round's end is its chart (``Referee.score_by_round``).
    "score_only_at_end": "",
}


def optional(game: Game, name: str) -> Any:
    """A game's optional part ``name`` (one of ``OPTIONAL``), or what a game without it gets."""
    return getattr(game, name, OPTIONAL[name])


@functools.lru_cache(maxsize=8192)
def words(text: str) -> tuple[str, ...]:
    """A move's typed text split into its words as the shell splits them (``shlex.split``),
    kept for the texts met again: a served page says every offered move at each update, the
    same few hundred texts from move to move and game to game, and splitting was a third of a
    LOOP page's CPU (docs/benchmarks.md)."""
    return tuple(shlex.split(text))


def said(game: Game, state: Any, command: Any) -> list[str] | None:
    """Each word of ``command``'s text as the rulebook says it (the game's ``said``), as many as
    ``text`` has; None where the game does not say that move (a card's face declared)."""
    hook = optional(game, "said")
    labels = list(hook(state, command)) if hook is not None else []
    if not labels or len(labels) != len(words(game.text(command))):
        return None  # (a count that differs is a game's bug: its tests catch it)
    return labels


def sentence(game: Game, state: Any, command: Any) -> str:
    """The move in the rulebook's words, its mover first (``ann: BUY FOOD at QUALITY 1``); ""
    where the game does not say it. A word that only leads to the next (``spend REPUTATION…``)
    is its chip alone: the sentence says the next."""
    return sentence_of(game, command, said(game, state, command))


def sentence_of(game: Game, command: Any, labels: Sequence[str] | None) -> str:
    """``sentence`` from the words ``said`` gave for ``command`` (said once where both are
    needed: the picker's chips and its sentence)."""
    if labels is None:
        return ""
    labels = list(labels)
    actor = game.actor(command)
    if actor in labels:
        labels.remove(actor)
    return f"{actor}: " + " ".join(label for label in labels if label and not label.endswith("…"))


S = TypeVar("S")
E = TypeVar("E")


class Facts(Generic[S, E]):
    """The facts of one move, folded as they are found so later checks see them.

    A game's ``decide`` builds its events through one, so that one move can chain (an end
    of turn that starts the next) and every check reads the state as it now is.
    """

    def __init__(self, state: S, evolve: Callable[[S, E], S]) -> None:
        self.state = state
        self.events: list[E] = []
        self._evolve = evolve

    def add(self, event: E) -> None:
        self.events.append(event)
        self.state = self._evolve(self.state, event)


def decide_by_type(
    handlers: Mapping[type, Callable[[Any, Any], None]],
    facts: Facts[S, E],
    command: Any,
    *,
    over: bool,
    title: str,
    rule: str,
) -> list[E]:
    """A game's ``decide``: the handler for the command's type adds its facts to ``facts``;
    after the end of the game every move is refused (``rule`` cites the game's end)."""
    if over:
        raise GameOver("the game is over", rule=rule, legal="score shows the standings")
    handler = handlers.get(type(command))
    if handler is None:
        raise BadInput(f"not a {title} move: {command!r}")
    handler(facts, command)
    return facts.events
