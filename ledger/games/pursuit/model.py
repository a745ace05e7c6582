"""The Pursuit of Happiness state, commands and events: msgspec Structs with stable
"pursuit.*" tags.

Every container in ``State`` is a tuple or a dict with str keys, so a snapshot encodes to JSON
and decodes back equal; ``evolve`` replaces what it changes and never mutates.
"""

from __future__ import annotations

import msgspec

from ledger.games.pursuit.faces import Face, Faces
from ledger.piles import Pile

UNKNOWN = "?"
# What a player's counters are called in a ``Changed`` fact (``owned``: hourglass tokens).
COUNTERS = (
    "knowledge",
    "creativity",
    "influence",
    "money",
    "stress",
    "sth",
    "lth",
    "relax",
    "popularity",
    "owned",
)
LTH_SOURCES = ("cards", "popularity", "goals", "overflow", "table")

# ---------------------------------------------------------------------------- state


class Held(msgspec.Struct, frozen=True, omit_defaults=True):
    """A card in a play area: its level; ``status`` "retired" (a Career Job set aside as
    Retirement) or "degree" (an Educational Project completed); hourglasses on it this round."""

    name: str
    level: int = 1
    status: str = ""
    hourglasses: int = 0


class Player(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    alive: bool = True
    knowledge: int = 0
    creativity: int = 0
    influence: int = 0
    money: int = 0
    stress: int = 0  # spaces from the start of the Stress track
    sth: int = 0
    lth: int = 0
    lth_from: dict[str, int] = {}  # LTH by source (``LTH_SOURCES``)
    relax: int = 0  # Relax gained in all
    popularity: int = 0  # the space of the Popularity indicator, 0 the leftmost
    owned: int = 0  # hourglass tokens
    hourglasses: int = 0  # this round's, not placed yet
    on_board: int = 0  # placed on board actions this round
    token: bool = True  # the Community token is in the play area
    engaged: int = 0  # hourglasses that Engaged in Community this round
    bought: int = 0  # Items bought this round (Black Friday)
    black_friday: bool = False  # engaged in Black Friday this round
    passed: bool = False
    cards: tuple[Held, ...] = ()  # the play area, in the order the cards came
    traits: tuple[str, ...] = ()  # Child Traits kept


class Engagement(msgspec.Struct, frozen=True):
    player: str
    token: bool  # the Community token, else an hourglass


class Slot(msgspec.Struct, frozen=True, omit_defaults=True):
    """A card slot of the Community board: its card ("" empty), who engaged, who resolved."""

    card: str = ""
    engaged: tuple[Engagement, ...] = ()
    resolved: tuple[str, ...] = ()


class State(msgspec.Struct, frozen=True, kw_only=True):
    """The whole table. ``phase``: settings, setup, preparation, upkeep, action, resolution,
    over."""

    seats: tuple[str, ...]
    options: dict[str, str]
    modules: tuple[str, ...]
    seed: int | None = None
    # The setup commits to the seed (issue 19): facts carry no pile's order, the fold deals it.
    sealed: bool = False
    faces: Faces = Faces()
    phase: str = "settings"
    round: int = -1  # 0 the Teen round, then the Adult rounds 1, 2, ...
    players: dict[str, Player] = {}
    community: tuple[Slot, ...] = ()
    community_pile: Pile = Pile()
    community_discard: tuple[str, ...] = ()
    friends: tuple[str, ...] = ()  # the Friends board's slots ("" empty)
    friend_pile: Pile = Pile()
    friend_discard: tuple[str, ...] = ()
    school: bool = False  # the School tile and its two piles are on the table
    goals: tuple[str, ...] = ()  # Life Goals face up
    discarded: tuple[str, ...] = ()  # cards out of the game: discarded or returned to the box
    order: tuple[str, ...] = ()  # this round's turn order
    turn: int = 0  # index in ``order`` of the player to act
    owed: tuple[str, ...] = ()  # players still to pay their upkeep this round
    winners: tuple[str, ...] = ()
    # Rules version 2 on (issue 17): at a real table a refill whose card is known (the top of
    # a pile the referee knows, or the one face of the pile not seen yet, every face declared)
    # is flipped by the referee, recorded as its own (``SlotFilled.by``); ``flipped``: the
    # cards it flipped since the table last filled a slot, for the refusal of a typed reveal.
    marks_flips: bool = True
    flipped: tuple[str, ...] = ()
    # Rules version 3 on: a Stand-Alone Job ("a new type of Job card") takes a slot wherever
    # the ``slots`` setting lists ``job``; before, only where it listed ``stand-alone-job``.
    jobs_share_slots: bool = True

    @property
    def virtual(self) -> bool:
        return self.seed is not None

    @property
    def seed_lost(self) -> bool:
        """Sealed, and its seed could not be opened (its key lost): the fold deals nothing
        from it; the piles are a real table's (their order unknown), and so is the play on."""
        return self.sealed and self.seed is None

    @property
    def active(self) -> str:
        return self.order[self.turn] if self.order else ""


# ---------------------------------------------------------------------------- commands


class Declare(msgspec.Struct, frozen=True, tag="pursuit.declare"):
    face: Face


class DeclareSettings(msgspec.Struct, frozen=True, tag="pursuit.declare-settings"):
    """Every setting the setup still waits for, in one command (``declare settings NAME=VALUE
    ...``, issue 41): the same facts as a ``declare setting`` each, one ``Declared`` a setting,
    in the order typed. ``settings``: (name, value) as typed, checked by ``decide``."""

    settings: tuple[tuple[str, str], ...]


class Reveal(msgspec.Struct, frozen=True, tag="pursuit.reveal", omit_defaults=True):
    """The table says what it turned up: ``goals`` face up at setup, or the cards drawn onto
    the ``community`` or ``friends`` board (empty slots filled from the left). ``face``: the
    one card's face, new to the referee, typed in the reveal that brings it out (issue 41)."""

    what: str
    cards: tuple[str, ...]
    face: Face | None = None


class Trait(msgspec.Struct, frozen=True, tag="pursuit.trait", omit_defaults=True):
    """A player keeps a Child Trait; ``face``: the card's face if it is new to the referee."""

    player: str
    card: str
    face: Face | None = None


class Act(msgspec.Struct, frozen=True, tag="pursuit.act", omit_defaults=True):
    """A board action the table declared (Study, Overtime, ...); ``face``: what the board prints
    of it, typed with the first move onto it (issue 41: no ``declare action`` first)."""

    player: str
    action: str
    token: bool = False
    face: Face | None = None


class Take(msgspec.Struct, frozen=True, tag="pursuit.take", omit_defaults=True):
    """A board action that takes a card (``data.TAKES``): Spend may take several Items after
    Black Friday; ``harder`` Work Harder times at hiring (Stand-Alone Jobs)."""

    player: str
    how: str
    cards: tuple[str, ...]
    harder: int = 0
    token: bool = False


class CardAction(msgspec.Struct, frozen=True, tag="pursuit.card_action", omit_defaults=True):
    """advance (Advance a Project, and Partners, Items, Activities), promote (Get a Promotion),
    develop (Develop a Friendship), dedicate (Dedicate Time to Your Friend)."""

    player: str
    how: str
    card: str
    token: bool = False


class Engage(msgspec.Struct, frozen=True, tag="pursuit.engage", omit_defaults=True):
    player: str
    card: str
    token: bool = False  # the Community token, else an hourglass
    either: bool = False  # neither --token nor --hourglass typed: the one way that is possible


class Refresh(msgspec.Struct, frozen=True, tag="pursuit.refresh"):
    player: str
    row: str


class Discard(msgspec.Struct, frozen=True, tag="pursuit.discard"):
    player: str
    card: str


class Pass(msgspec.Struct, frozen=True, tag="pursuit.pass"):
    player: str


class Upkeep(msgspec.Struct, frozen=True, tag="pursuit.upkeep", omit_defaults=True):
    """Pay every upkeep but the cards ``drop``ped; Work Harder ``harder`` ("CARD:N")."""

    player: str
    drop: tuple[str, ...] = ()
    harder: tuple[str, ...] = ()


class UpkeepAll(msgspec.Struct, frozen=True, tag="pursuit.upkeep-all"):
    """The table, for every player who still owes upkeep: each pays all of it (no card
    dropped, no Work Harder): the Upkeep Phase in one command."""


class Outcome(msgspec.Struct, frozen=True, tag="pursuit.outcome", omit_defaults=True):
    player: str
    card: str
    outcome: int
    partner: str = ""  # Blind Date's Outcome 3


class Adjust(msgspec.Struct, frozen=True, tag="pursuit.adjust"):
    """What the base game does that the referee does not model, as the table records it."""

    player: str
    changes: tuple[str, ...]  # "+2knowledge", "-1stress"
    why: str


Command = (
    Declare
    | DeclareSettings
    | Reveal
    | Trait
    | Act
    | Take
    | CardAction
    | Engage
    | Refresh
    | Discard
    | Pass
    | Upkeep
    | UpkeepAll
    | Outcome
    | Adjust
)

# ---------------------------------------------------------------------------- events


class Declared(msgspec.Struct, frozen=True, tag="pursuit.declared"):
    face: Face


class Began(msgspec.Struct, frozen=True, tag="pursuit.began"):
    """Every setting is in: the setup. Each player's hourglass tokens, the Community board,
    the Friends board, the School tile, the piles' sizes."""

    hourglasses: int
    community: int  # cards in the Community pile (0 without Community)
    friends: int  # cards in the Friend pile


class Shuffled(msgspec.Struct, frozen=True, tag="pursuit.shuffled"):
    """Virtual piles: each pile's order, top first; or, with a sealed seed, only the names of
    the piles (``seeded``) that the fold shuffles from the seed, so the log shows no order."""

    piles: dict[str, tuple[str, ...]]
    seeded: tuple[str, ...] = ()


class GoalsRevealed(msgspec.Struct, frozen=True, tag="pursuit.goals_revealed"):
    cards: tuple[str, ...]


class TraitKept(msgspec.Struct, frozen=True, tag="pursuit.trait_kept"):
    player: str
    card: str


class SlotFilled(msgspec.Struct, frozen=True, tag="pursuit.slot_filled", omit_defaults=True):
    board: str  # community or friends
    slot: int
    card: str
    by: str = ""  # "referee": the card was known, flipped by the referee itself (rules 2)


class SlotEmptied(msgspec.Struct, frozen=True, tag="pursuit.slot_emptied"):
    """The card on a slot discarded (``why``)."""

    board: str
    slot: int
    card: str
    why: str


class Drawn(msgspec.Struct, frozen=True, tag="pursuit.drawn", omit_defaults=True):
    """A card drawn and discarded at once (Solo Game: a "most" Community card)."""

    board: str  # always "community" (the log says which pile)
    card: str
    why: str
    by: str = ""  # "referee": as ``SlotFilled.by``


class Slid(msgspec.Struct, frozen=True, tag="pursuit.slid"):
    """The Community board after its cards slid to the right."""

    cards: tuple[str, ...]


class SchoolLeft(msgspec.Struct, frozen=True, tag="pursuit.school_left"):
    pass


class RoundStarted(msgspec.Struct, frozen=True, tag="pursuit.round_started"):
    round: int


class Hourglasses(msgspec.Struct, frozen=True, tag="pursuit.hourglasses"):
    """A player's hourglasses for the round."""

    player: str
    n: int


class PhaseStarted(msgspec.Struct, frozen=True, tag="pursuit.phase_started", omit_defaults=True):
    phase: str  # upkeep, action, resolution
    players: tuple[str, ...] = ()  # upkeep: who owes it; action: the turn order


class TurnStarted(msgspec.Struct, frozen=True, tag="pursuit.turn_started"):
    player: str


class Changed(msgspec.Struct, frozen=True, tag="pursuit.changed", omit_defaults=True):
    """Counters of one player changed (``COUNTERS``), and why; ``source`` of any LTH."""

    player: str
    why: str
    changes: dict[str, int]
    source: str = ""


class Placed(msgspec.Struct, frozen=True, tag="pursuit.placed", omit_defaults=True):
    """Hourglasses placed: on a board action (``card`` empty) or on a card in play."""

    player: str
    n: int
    where: str
    card: str = ""


class Taken(msgspec.Struct, frozen=True, tag="pursuit.taken"):
    """A card into a play area at ``level``."""

    player: str
    card: str
    how: str
    level: int


class Leveled(msgspec.Struct, frozen=True, tag="pursuit.leveled"):
    player: str
    card: str
    level: int


class StatusChanged(msgspec.Struct, frozen=True, tag="pursuit.status_changed"):
    """A Career Job retired, an Educational Project a Degree: out of its slot, kept."""

    player: str
    card: str
    status: str


class Discarded(msgspec.Struct, frozen=True, tag="pursuit.discarded"):
    player: str
    card: str
    why: str


class Engaged(msgspec.Struct, frozen=True, tag="pursuit.engaged"):
    player: str
    slot: int
    card: str
    token: bool


class Resolved(msgspec.Struct, frozen=True, tag="pursuit.resolved", omit_defaults=True):
    """A player's Outcome of the card on ``slot`` (0: none), their token back."""

    player: str
    slot: int
    card: str
    outcome: int
    why: str = ""


class Passed(msgspec.Struct, frozen=True, tag="pursuit.passed"):
    player: str


class UpkeepPaid(msgspec.Struct, frozen=True, tag="pursuit.upkeep_paid"):
    player: str


class Refreshed(msgspec.Struct, frozen=True, tag="pursuit.refreshed"):
    player: str
    row: str


class LifeEnded(msgspec.Struct, frozen=True, tag="pursuit.life_ended"):
    player: str
    why: str


class Returned(msgspec.Struct, frozen=True, tag="pursuit.returned"):
    """The end of the Resolution Phase: every hourglass and Community token returns."""


class GameEnded(msgspec.Struct, frozen=True, tag="pursuit.game_ended"):
    winners: tuple[str, ...]


Event = (
    Declared
    | Began
    | Shuffled
    | GoalsRevealed
    | TraitKept
    | SlotFilled
    | SlotEmptied
    | Drawn
    | Slid
    | SchoolLeft
    | RoundStarted
    | Hourglasses
    | PhaseStarted
    | TurnStarted
    | Changed
    | Placed
    | Taken
    | Leveled
    | StatusChanged
    | Discarded
    | Engaged
    | Resolved
    | Passed
    | UpkeepPaid
    | Refreshed
    | LifeEnded
    | Returned
    | GameEnded
)
