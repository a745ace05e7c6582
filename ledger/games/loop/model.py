"""The LOOP state, commands and events: msgspec Structs with stable string tags.

Tags are the stored names ("loop.buy", "loop.bought"): renaming a class never changes stored
data. Every container in ``State`` is a tuple or a dict with str keys, so a snapshot encodes
to JSON and decodes back equal. ``evolve`` replaces what it changes and never mutates.

A MATERIAL card is ``(type, quality)``: two cards of the same type and QUALITY are
interchangeable, so a player's MATERIAL are a sorted tuple of such pairs. A FAVOUR in a hand
is its type, or ``"?"`` for a card the referee has not seen (a physical hand).
"""

import msgspec

Mat = tuple[str, int]  # a MATERIAL card: (type, QUALITY)
UNKNOWN = "?"  # a FAVOUR card the referee has not seen

# ---------------------------------------------------------------------------- state


class ActivityFace(msgspec.Struct, frozen=True):
    """What an ACTIVITY card shows: 2 MATERIAL colours and 2 different PROPERTY (sorted)."""

    needs: tuple[str, ...] | None = None
    props: tuple[str, ...] | None = None

    @property
    def complete(self) -> bool:
        return self.needs is not None and self.props is not None


class GoalFace(msgspec.Struct, frozen=True):
    """What a GOAL card shows: its PROPERTY (sorted) or a special rule, and its reward."""

    needs: tuple[str, ...] | None = None
    reward: int | None = None
    special: str = ""  # "HOBBY" or "CURIOSITY" (LOOP 3.2): no PROPERTY needs

    @property
    def complete(self) -> bool:
        return self.reward is not None and (bool(self.special) or self.needs is not None)


class Kept(msgspec.Struct, frozen=True):
    """A completed ACTIVITY in a player's AREA, with the MATERIAL types spent on it."""

    name: str
    types: tuple[str, ...]


class Player(msgspec.Struct, frozen=True, kw_only=True):
    """One player's AREA and hand (an INTERN in Basic Mode)."""

    name: str
    happiness: int
    reputation: int = 0
    coin: int = 0
    materials: tuple[Mat, ...] = ()  # sorted
    landfill: tuple[str, ...] = ()  # BROKEN MATERIAL types, in the order they broke
    kept: tuple[Kept, ...] = ()  # oldest first, at most 3
    completed: int = 0  # every ACTIVITY completed this game
    achieved: tuple[str, ...] = ()  # GOAL achieved, in order
    goals: tuple[str, ...] = ()  # secret GOAL dealt (virtual decks only; empty when unknown)
    hand: tuple[str, ...] = ()  # FAVOUR in hand; "?" for unseen cards


class Offer(msgspec.Struct, frozen=True, kw_only=True):
    """A FAVOUR played, with the MATERIAL it names resolved to exact cards."""

    kind: str
    player: str
    target: str
    mine: Mat | None = None  # BARTER, RESELL: the player's MATERIAL
    theirs: Mat | None = None  # ACQUIRE, BARTER, SHARE: the target's MATERIAL
    landfill: str | None = None  # RECYCLE: the type taken from the target's LANDFILL
    pay: int = 0  # RECYCLE: COIN paid to the WORK AREA, the new QUALITY


class Grant(msgspec.Struct, frozen=True):
    """A SHARE accepted this turn: 1 QUALITY of ``owner``'s MATERIAL may be spent.

    ``material`` follows the card: when another grant on it is spent and the owner has no
    identical card left, it moves to the card's lower QUALITY (``evolve.follow_shares``).
    """

    owner: str
    material: Mat


class State(msgspec.Struct, frozen=True, kw_only=True):
    """The whole table. ``phase``: cards, setup, turn, refill or over."""

    seats: tuple[str, ...]  # seat order; the first is the starting player
    players: dict[str, Player]
    seed: int | None = None  # set: the referee plays virtual decks
    phase: str
    round: int = 0
    turn: int = 0  # seat index of the active player
    main: str = ""  # the main action done this turn: "work", "buy" or "consume"
    # ACTIVITY consumed this turn, over all its ``consume`` moves (LOOP 2.2 c: up to 3 in 1
    # turn). 0 with ``main == "consume"``: a GOAL was achieved before the first CONSUME (2.3).
    consumed: int = 0
    pending: Offer | None = None  # a FAVOUR awaiting its target's answer
    shares: tuple[Grant, ...] = ()
    awaiting_start: tuple[str, ...] = ()  # physical: starting MATERIAL still to reveal
    removed: tuple[str, ...] = ()  # MATERIAL sets removed at setup (LOOP 1.0)
    buy_area: tuple[str, ...] = ()  # face-up MATERIAL (sorted), at most 5
    material_deck: tuple[str, ...] = ()  # virtual: top first; physical: sorted composition
    consume_area: tuple[str, ...] = ()  # face-up ACTIVITY (sorted), at most 5
    activity_deck: tuple[str, ...] = ()  # cards in the deck the referee knows (virtual: top first)
    activity_unseen: int = 0  # physical: cards in the deck never seen yet
    activity_discard: tuple[str, ...] = ()
    activity_seen: dict[str, int] = {}  # ACTIVITY cards identified, per name
    activity_faces: dict[str, ActivityFace] = {}
    goal_faces: dict[str, GoalFace] = {}
    favour_deck: tuple[str, ...] = ()  # virtual: top first; physical: all "?"
    favour_discard: tuple[str, ...] = ()
    reshuffles: int = 0  # deck reshuffles so far (seeds the virtual reshuffle)
    final_round: str = ""  # why the final round started, "" until it has (LOOP 2.8)
    # A game recorded under rules version "basic-1" keeps that version's rules (see
    # ``rules.setup.LEGACY``): one BUY move a turn, and its recorded moves mean what they meant.
    legacy: bool = False
    options: dict[str, str] = {}  # the setup's options, each with its value (defaults filled in)
    bought: int = 0  # MATERIAL bought this turn, over all its ``buy`` moves (LOOP 2.2 b: up to 3)

    @property
    def virtual(self) -> bool:
        return self.seed is not None

    @property
    def active(self) -> str:
        return self.seats[self.turn]


# ---------------------------------------------------------------------------- commands


class MatRef(msgspec.Struct, frozen=True, omit_defaults=True):
    """A MATERIAL as typed: ``glass``, ``glass@2``, or a SHAREd ``bob:glass@2``."""

    type: str
    quality: int | None = None
    owner: str | None = None  # a SHAREd MATERIAL's owner (in CONSUME only)


class Spend(msgspec.Struct, frozen=True):
    """One ACTIVITY in a CONSUME and the 2 MATERIAL that pay for it."""

    activity: str
    materials: tuple[MatRef, ...]


class RevealMaterial(msgspec.Struct, frozen=True, tag="loop.reveal_material", omit_defaults=True):
    material: str
    to: str | None = None  # a player's random starting MATERIAL (LOOP 1.0)
    more: tuple[str, ...] = ()  # further cards flipped, in order (``reveal material glass metal``)


class RevealActivity(msgspec.Struct, frozen=True, tag="loop.reveal_activity", omit_defaults=True):
    name: str
    needs: tuple[str, ...] | None = None
    props: tuple[str, ...] | None = None


class DeclareActivity(msgspec.Struct, frozen=True, tag="loop.declare_activity", omit_defaults=True):
    name: str
    needs: tuple[str, ...] | None = None
    props: tuple[str, ...] | None = None


class DeclareGoal(msgspec.Struct, frozen=True, tag="loop.declare_goal", omit_defaults=True):
    name: str
    needs: tuple[str, ...] | None = None
    reward: int | None = None


class Work(msgspec.Struct, frozen=True, tag="loop.work", omit_defaults=True):
    player: str
    rep: int = 0


class Buy(msgspec.Struct, frozen=True, tag="loop.buy", omit_defaults=True):
    player: str
    cards: tuple[Mat, ...]
    rep: int = 0


class Consume(msgspec.Struct, frozen=True, tag="loop.consume", omit_defaults=True):
    player: str
    spends: tuple[Spend, ...]
    drop: tuple[str, ...] = ()
    rep_happiness: bool = False


class RepHappiness(msgspec.Struct, frozen=True, tag="loop.rep_happiness", omit_defaults=True):
    """LOOP 2.5 c): 2 REPUTATION for 1 HAPPINESS, any time in the CONSUME turn."""

    player: str
    force: bool = False  # spend them even though HAPPINESS is at 12 and gains nothing


class Goal(msgspec.Struct, frozen=True, tag="loop.goal", omit_defaults=True):
    player: str
    goal: str
    needs: tuple[str, ...] | None = None
    reward: int | None = None


class Favour(msgspec.Struct, frozen=True, tag="loop.favour", omit_defaults=True):
    player: str
    kind: str
    target: str
    mine: MatRef | None = None
    theirs: MatRef | None = None
    pay: int = 0


class Accept(msgspec.Struct, frozen=True, tag="loop.accept"):
    target: str


class Reject(msgspec.Struct, frozen=True, tag="loop.reject"):
    target: str
    by: str  # "discard" (another same FAVOUR) or "rep" (1 REPUTATION)


class End(msgspec.Struct, frozen=True, tag="loop.end"):
    player: str


Command = (
    RevealMaterial
    | RevealActivity
    | DeclareActivity
    | DeclareGoal
    | Work
    | Buy
    | Consume
    | RepHappiness
    | Goal
    | Favour
    | Accept
    | Reject
    | End
)

# ---------------------------------------------------------------------------- events


class ActivityDeclared(msgspec.Struct, frozen=True, tag="loop.activity_declared"):
    name: str
    needs: tuple[str, ...]
    props: tuple[str, ...]


class GoalDeclared(msgspec.Struct, frozen=True, tag="loop.goal_declared"):
    name: str
    needs: tuple[str, ...] | None
    reward: int


class Dealt(msgspec.Struct, frozen=True, tag="loop.dealt"):
    """Virtual decks: the shuffled ACTIVITY deck (top first) and every player's 3 GOAL."""

    activities: tuple[str, ...]
    goals: dict[str, tuple[str, ...]]


class MaterialRevealed(msgspec.Struct, frozen=True, tag="loop.material_revealed", omit_defaults=True):
    material: str
    to: str | None = None


class ActivityRevealed(msgspec.Struct, frozen=True, tag="loop.activity_revealed"):
    name: str


class ActivitiesReshuffled(msgspec.Struct, frozen=True, tag="loop.activities_reshuffled"):
    order: tuple[str, ...]


class FavoursReshuffled(msgspec.Struct, frozen=True, tag="loop.favours_reshuffled"):
    order: tuple[str, ...]


class TurnStarted(msgspec.Struct, frozen=True, tag="loop.turn_started"):
    player: str
    round: int


class FavourDrawn(msgspec.Struct, frozen=True, tag="loop.favour_drawn"):
    player: str
    card: str  # "?" when the referee does not see it


class Worked(msgspec.Struct, frozen=True, tag="loop.worked"):
    player: str
    coin: int
    happiness: int  # lost
    reputation: int  # spent


class Bought(msgspec.Struct, frozen=True, tag="loop.bought"):
    player: str
    cards: tuple[Mat, ...]
    coin: int
    reputation: int


class Use(msgspec.Struct, frozen=True):
    """1 QUALITY deducted from ``owner``'s MATERIAL of this type and QUALITY (before)."""

    owner: str
    type: str
    quality: int


class Completion(msgspec.Struct, frozen=True):
    activity: str
    uses: tuple[Use, ...]


class Consumed(msgspec.Struct, frozen=True, tag="loop.consumed"):
    player: str
    completions: tuple[Completion, ...]
    dropped: tuple[str, ...]
    happiness: int  # gained, after the cap
    reputation: int  # spent for HAPPINESS (LOOP 2.5 c)


class ReputationSpent(msgspec.Struct, frozen=True, tag="loop.reputation_spent"):
    """LOOP 2.5 c): REPUTATION spent for HAPPINESS in a CONSUME turn, as a move of its own."""

    player: str
    reputation: int  # spent
    happiness: int  # gained, after the cap


class GoalAchieved(msgspec.Struct, frozen=True, tag="loop.goal_achieved"):
    player: str
    goal: str
    happiness: int  # gained, after the cap


class FavourPlayed(msgspec.Struct, frozen=True, tag="loop.favour_played"):
    offer: Offer


class FavourAccepted(msgspec.Struct, frozen=True, tag="loop.favour_accepted"):
    offer: Offer
    reputation: int  # gained, after the cap


class FavourRejected(msgspec.Struct, frozen=True, tag="loop.favour_rejected"):
    offer: Offer
    by: str  # "discard" or "rep"


class TurnEnded(msgspec.Struct, frozen=True, tag="loop.turn_ended", omit_defaults=True):
    player: str
    automatic: bool = False  # WORK with no HAPPINESS to deduct ends the turn (LOOP 2.2 a)


class Depleted(msgspec.Struct, frozen=True, tag="loop.depleted"):
    player: str
    happiness: int  # lost (LOOP 2.8 a: DEPLETION Penalty)


class FinalRound(msgspec.Struct, frozen=True, tag="loop.final_round"):
    reason: str  # "depletion" or "happiness"
    player: str


class GameEnded(msgspec.Struct, frozen=True, tag="loop.game_ended"):
    pass


Event = (
    ActivityDeclared
    | GoalDeclared
    | Dealt
    | MaterialRevealed
    | ActivityRevealed
    | ActivitiesReshuffled
    | FavoursReshuffled
    | TurnStarted
    | FavourDrawn
    | Worked
    | Bought
    | Consumed
    | ReputationSpent
    | GoalAchieved
    | FavourPlayed
    | FavourAccepted
    | FavourRejected
    | TurnEnded
    | Depleted
    | FinalRound
    | GameEnded
)
