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
    # Competitive, Cooperative and Solo (LOOP 5.0 to 7.3):
    career: str = ""  # the CAREER played (a key of ``data.CAREER``); "" until chosen, or Basic
    careers: tuple[str, ...] = ()  # the 2 CAREER dealt, until one is chosen (5.1; "?" unseen)
    credit: tuple[tuple[int, int], ...] = ()  # CREDIT CARD: (COIN paid, COIN paid this turn) (5.4)
    events: tuple[str, ...] = ()  # face-down EVENT, oldest first ("?": not known to the referee)
    played: tuple[str, ...] = ()  # FAVOUR played face up beside the GOAL (6.2, 7.0)
    peek: str = ""  # SCHOLAR: "DECK: CARD" looked at this turn (virtual decks; the owner's eyes)
    depletion: int = 0  # HAPPINESS lost to the DEPLETION Penalty (2.8 a), for the score sheet


class Offer(msgspec.Struct, frozen=True, kw_only=True):
    """A FAVOUR played, with the MATERIAL it names resolved to exact cards."""

    kind: str
    player: str
    target: str
    mine: Mat | None = None  # BARTER, RESELL: the player's MATERIAL
    theirs: Mat | None = None  # ACQUIRE, BARTER, SHARE: the target's MATERIAL
    landfill: str | None = None  # RECYCLE: the type taken from the target's LANDFILL
    pay: int = 0  # RECYCLE: COIN paid to the WORK AREA, the new QUALITY
    card: str = ""  # the card played, when not ``kind`` (SCAVENGER's RECYCLE as RESELL; a
    # POLITICIAN's face-down card, "?" at a real table)
    face_down: bool = False  # POLITICIAN: played face down, ``kind`` is the claim
    officer: bool = False  # OFFICER's first FAVOUR of the turn: it cannot be REJECTed


class Grant(msgspec.Struct, frozen=True):
    """A SHARE accepted this turn: 1 QUALITY of ``owner``'s MATERIAL may be spent.

    ``material`` follows the card: when another grant on it is spent and the owner has no
    identical card left, it moves to the card's lower QUALITY (``evolve.follow_shares``).
    """

    owner: str
    material: Mat


class Owed(msgspec.Struct, frozen=True):
    """COIN a player must pay and does not have: they APPLY for a CREDIT CARD first (5.4)."""

    player: str
    coin: int
    to: str  # a player, or "" for the WORK AREA
    why: str


class Forge(msgspec.Struct, frozen=True):
    """CRAFTSMAN's Forge: ``owner``'s card ``mat`` counts as ``as_type`` this turn (8.0)."""

    owner: str
    mat: Mat
    as_type: str


class State(msgspec.Struct, frozen=True, kw_only=True):
    """The whole table. ``phase``: cards, setup, turn, refill or over."""

    seats: tuple[str, ...]  # seat order; the first is the starting player
    players: dict[str, Player]
    seed: int | None = None  # set: the referee plays virtual decks
    # The setup commits to the seed (issue 19): no fact records a virtual deck's order (nor the
    # GOAL dealt); the fold shuffles from the seed (``ledger.games.loop.shuffles``).
    sealed: bool = False
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
    # Rules version 3 on: at a real table the referee flips a MATERIAL refill whose card is
    # known (every card left in the deck of one type), as a recorded fact (``rules.end``).
    known_refill: bool = False
    # Rules version 4 on: that flip is recorded as the referee's (``MaterialRevealed.by``), and
    # ``flipped`` holds the cards it flipped since the last turn ended, so a reveal the table
    # types for one of them is refused saying who flipped it.
    marks_flips: bool = False
    # Rules version 5 on: a SHARE of a forged card leaves it forged, since the card stays in its
    # owner's AREA (3.1: "You don't take the MATERIAL"); before, the SHARE ended the forge.
    share_keeps_forge: bool = False
    # Rules version 6 on: SKINNER BOX refills after any move that leaves a slot empty in a turn,
    # so a turn that starts with one emptied between turns (an IMMEDIATE EVENT's) is refilled
    # before its player acts (9.0: "immediately"); before, only after the active player's moves.
    skinner_every_move: bool = False
    # Rules version 7 on: a sealed game's ``Dealt`` records what the seed dealt at the setup
    # (GOAL, FAVOUR, CAREER, starting MATERIAL, Exhibited QUALITY), though never a deck's order;
    # before, only the seed did, and a lost seed leaves them unknown.
    records_deals: bool = False
    flipped: tuple[str, ...] = ()
    options: dict[str, str] = {}  # the setup's options, each with its value (defaults filled in)
    bought: int = 0  # MATERIAL bought this turn, over all its ``buy`` moves (LOOP 2.2 b: up to 3)
    mode: str = "basic"  # a key of ``modes.MODES``
    depleted: bool = False  # DEPLETION has occurred (2.8 a): once a game
    refilling: bool = False  # SKINNER BOX: empty slots are refilled now, mid-turn
    # the turn end's step after ``end`` (5.3): "" (the refill), then "burn", "flip", "events"
    ending: str = ""
    # CAREER (5.1): the undealt CAREER (virtual: in order; a real table: what is left)
    career_deck: tuple[str, ...] = ()
    # EVENT (5.3): the deck (virtual: names, top first; a real table: "?" per card), and the
    # names a real table's deck and face-down cards may hold
    event_deck: tuple[str, ...] = ()
    event_pool: tuple[str, ...] = ()
    event_discard: tuple[str, ...] = ()  # top first: CONTINUOUS on top, IMMEDIATE underneath
    events_removed: tuple[str, ...] = ()  # Not-For-Coop / Not-For-Solo (6.1, 7.1)
    event_active: str = ""  # the CONTINUOUS EVENT in effect
    event_next: str = ""  # a CONTINUOUS EVENT flipped, in effect from the next turn's start
    flipper: str = ""  # whose face-down EVENT flip in this turn's end
    triggered: tuple[str, ...] = ()  # flipped, waiting to be resolved in this order
    current: str = ""  # the IMMEDIATE EVENT being resolved
    resolving: tuple[str, ...] = ()  # players still to resolve it, in order
    removing: int = 0  # OVERPRODUCTION: MATERIAL the table still flips out of the game
    owed: tuple[Owed, ...] = ()  # COIN owed by players who must APPLY first (5.4)
    burned: tuple[str, ...] = ()  # MATERIAL burnt to the discard pile (6.2, 7.0)
    burn_owed: int = 0  # MATERIAL to burn now
    exhibited: tuple[Mat, ...] = ()  # Solo: the BUY AREA with each card's Exhibited QUALITY
    central: tuple[str, ...] = ()  # Solo: the central LANDFILL (BUY AREA cards BROKEN by SHARE)
    favours_removed: tuple[str, ...] = ()  # FAVOUR out of the game (6.1, 7.1)
    chances: int = 0  # coin tosses and random picks the referee made (seeds the next one)
    # this turn
    used: tuple[str, ...] = ()  # once-a-turn things done: ABILITY, SALES, TREAT YO SELF, ...
    spent: int = 0  # COIN spent on ACQUIRE, BUY, RECYCLE, RENEW (BUY MORE EARN MORE, MAKE IT RAIN)
    low: int = 0  # the fewest MATERIAL the active player held at any moment (HOMEMAKER)
    favours_played: int = 0  # FAVOUR the active player played (OFFICER)
    forge: Forge | None = None  # CRAFTSMAN's forged card

    @property
    def virtual(self) -> bool:
        return self.seed is not None

    @property
    def seed_lost(self) -> bool:
        """Sealed, and its seed could not be opened (its key lost): the fold deals nothing
        from it; the piles are a real table's (their order unknown), and so is the play on."""
        return self.sealed and self.seed is None

    @property
    def dealt_unknown(self) -> bool:
        """The seed is lost, and cards only it dealt are still unknown (a log from before rules
        version 7): a starting MATERIAL of unknown type, or (Solo) a BUY AREA card's Exhibited
        QUALITY. ``ledger.history``'s check takes a move the rules now stop short of (asking
        the table for them) as recorded."""
        return self.seed_lost and (
            self.unknown_starting > 0 or (self.mode == "solo" and len(self.exhibited) < len(self.buy_area))
        )

    @property
    def unknown_starting(self) -> int:
        """Starting MATERIAL of unknown type in the players' AREAs (a lost seed's, before rules
        7): the MATERIAL deck's composition still counts them, not knowing which they are."""
        return sum(m[0] == UNKNOWN for p in self.players.values() for m in p.materials)

    @property
    def materials_left(self) -> int:
        """Cards in the MATERIAL deck (less those ``unknown_starting`` that left it)."""
        return len(self.material_deck) - self.unknown_starting

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
    shown: tuple[int, ...] = ()  # Solo: each card's Exhibited QUALITY as it lies (7.0)
    # the player each card goes to, in order, when they differ (``--to ann,ben,cat``); else ``to``
    to_each: tuple[str, ...] = ()


class RevealExhibited(msgspec.Struct, frozen=True, tag="loop.reveal_exhibited"):
    """Solo setup: the Exhibited QUALITY of the 5 MATERIAL placed around DEPLETION (7.0)."""

    cards: tuple[Mat, ...]


class RevealCareers(msgspec.Struct, frozen=True, tag="loop.reveal_careers"):
    """The 2 CAREER the table dealt a player (5.1)."""

    player: str
    careers: tuple[str, ...]


class RevealEvents(msgspec.Struct, frozen=True, tag="loop.reveal_events"):
    """The face-down EVENT a player flips at once after their turn, in the order resolved (5.3)."""

    names: tuple[str, ...]


class ChooseCareer(msgspec.Struct, frozen=True, tag="loop.career"):
    """5.1: "Choose either one or the INTERN (back) to play"."""

    player: str
    career: str


class RevealActivity(msgspec.Struct, frozen=True, tag="loop.reveal_activity", omit_defaults=True):
    name: str
    needs: tuple[str, ...] | None = None
    props: tuple[str, ...] | None = None
    more: tuple[str, ...] = ()  # further cards flipped, in order (``reveal activity dance picnic``)


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
    salary: int = 0  # FREELANCER: the COIN of the SALARY chosen (8.0)
    create: str = ""  # ARTIST: the MATERIAL taken at QUALITY 4 (8.0 Create)


class Scrap(msgspec.Struct, frozen=True):
    """A MATERIAL in a LANDFILL: ``owner``'s, or the central one (``owner`` "central")."""

    owner: str
    type: str


class Buy(msgspec.Struct, frozen=True, tag="loop.buy", omit_defaults=True):
    player: str
    cards: tuple[Mat, ...]
    rep: int = 0
    free: tuple[str, ...] = ()  # BOGOF: the QUALITY 1 cards taken free
    scrap: Scrap | None = None  # SCIENTIST: the last card of ``cards`` comes from this LANDFILL


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
    target: str  # "" for a blue FAVOUR (Solo), which acts on the BUY AREA
    mine: MatRef | None = None
    theirs: MatRef | None = None
    pay: int = 0
    card: str = ""  # the card played when not ``kind`` (SCAVENGER; POLITICIAN face down)
    face_down: bool = False  # POLITICIAN: ``kind`` is the claim


class Call(msgspec.Struct, frozen=True, tag="loop.call", omit_defaults=True):
    """POLITICIAN: the target calls the bluff; at a real table ``card`` is what was shown."""

    target: str
    card: str = ""


class Object(msgspec.Struct, frozen=True, tag="loop.object"):
    """LAWYER's Objection: discard any FAVOUR to REJECT the FAVOUR awaiting an answer."""

    player: str
    discard: str


class Apply(msgspec.Struct, frozen=True, tag="loop.apply", omit_defaults=True):
    """5.4: APPLY for a CREDIT CARD; ``gift`` the QUALITY 1 MATERIAL taken from the BUY AREA."""

    player: str
    gift: str = ""


class Payoff(msgspec.Struct, frozen=True, tag="loop.payoff", omit_defaults=True):
    """5.4: 1 or 2 COIN on a CREDIT CARD (``card``: 1 is the oldest)."""

    player: str
    coin: int
    card: int = 1


class Ability(msgspec.Struct, frozen=True, tag="loop.ability", omit_defaults=True):
    """A CAREER's ABILITY used by choice (8.0): ``power`` names it; the rest as it needs."""

    player: str
    power: str
    target: str = ""
    mat: MatRef | None = None
    kind: str = ""  # a MATERIAL type, a FAVOUR, a deck, or REPUTATION/COIN (BANKER)
    outcome: tuple[str, ...] = ()  # what the table saw: tosses, the card taken


class Respond(msgspec.Struct, frozen=True, tag="loop.respond", omit_defaults=True):
    """A player's part of an IMMEDIATE EVENT (9.0): ``choice`` and what it needs."""

    player: str
    choice: str = ""
    target: str = ""
    mat: MatRef | None = None
    kind: str = ""
    outcome: str = ""


class Accept(msgspec.Struct, frozen=True, tag="loop.accept"):
    target: str


class Reject(msgspec.Struct, frozen=True, tag="loop.reject"):
    target: str
    by: str  # "discard" (another same FAVOUR) or "rep" (1 REPUTATION)


class End(msgspec.Struct, frozen=True, tag="loop.end", omit_defaults=True):
    player: str
    target: str = ""  # HYPEBEAST: the player compared with at the turn end


Command = (
    RevealMaterial
    | RevealActivity
    | DeclareActivity
    | DeclareGoal
    | RevealExhibited
    | RevealCareers
    | RevealEvents
    | ChooseCareer
    | Apply
    | Payoff
    | Ability
    | Respond
    | Call
    | Object
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


class Dealt(msgspec.Struct, frozen=True, tag="loop.dealt", omit_defaults=True):
    """Virtual decks: the shuffled ACTIVITY deck (top first) and every player's 3 GOAL.

    With a sealed seed (issue 19) no deck's order: ``activities`` is empty, and the fold deals
    it from the seed. From rules version 7 on, it records what the seed dealt at the setup, so
    that a lost seed loses none of it: each player's GOAL, FAVOUR in hand (dealt per seat) and 2
    CAREER (hidden from the others: ``redact``), starting MATERIAL (Basic Mode) and the BUY
    AREA's Exhibited QUALITY (Solo Mode)."""

    activities: tuple[str, ...]
    goals: dict[str, tuple[str, ...]]
    hands: dict[str, tuple[str, ...]] = {}
    careers: dict[str, tuple[str, ...]] = {}
    materials: dict[str, tuple[Mat, ...]] = {}
    exhibited: tuple[Mat, ...] = ()


class MaterialRevealed(msgspec.Struct, frozen=True, tag="loop.material_revealed", omit_defaults=True):
    material: str
    to: str | None = None
    quality: int = 0  # a starting MATERIAL's QUALITY (0: 2, Basic's); Solo: its Exhibited QUALITY
    by: str = ""  # "referee": the deck's one known card, flipped by the referee itself (rules 4)


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
    free: tuple[str, ...] = ()  # BOGOF: taken at QUALITY 1 from the BUY AREA, for nothing
    scrap: Scrap | None = None  # SCIENTIST: the last card of ``cards`` came from this LANDFILL


class Use(msgspec.Struct, frozen=True, omit_defaults=True):
    """1 QUALITY deducted from ``owner``'s MATERIAL of this type and QUALITY (before).
    ``colour`` is the colour it paid for when that is not its type (MICRO-PLASTIC, a forge);
    ``owner`` "area" is a SHAREd BUY AREA card (Solo)."""

    owner: str
    type: str
    quality: int
    colour: str = ""


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
    cause: str = ""  # "" a refill; "burn" (6.2, 7.0: no penalty), "overproduction", "skinner box"


# --- Competitive, Cooperative and Solo (5.0 to 9.0)


class ExhibitedRevealed(msgspec.Struct, frozen=True, tag="loop.exhibited_revealed"):
    """Solo: the Exhibited QUALITY of the BUY AREA (setup)."""

    cards: tuple[Mat, ...]


class CareersDealt(msgspec.Struct, frozen=True, tag="loop.careers_dealt"):
    player: str
    careers: tuple[str, ...]


class CareerChosen(msgspec.Struct, frozen=True, tag="loop.career_chosen"):
    """5.1: the CAREER played and its Initial Setup (the MATERIAL come as reveals)."""

    player: str
    career: str
    happiness: int
    coin: int
    reputation: int
    materials: tuple[int, ...]  # the QUALITY of each random starting MATERIAL


class Changed(msgspec.Struct, frozen=True, tag="loop.changed", omit_defaults=True):
    """A player's COIN, HAPPINESS or REPUTATION moved by a rule named in ``why``."""

    player: str
    why: str
    coin: int = 0
    happiness: int = 0
    reputation: int = 0


class MaterialTaken(msgspec.Struct, frozen=True, tag="loop.material_taken", omit_defaults=True):
    """A MATERIAL comes to a player's AREA at ``quality``: from the BUY AREA (``scrap`` None),
    or from a LANDFILL."""

    player: str
    material: str
    quality: int
    why: str
    scrap: Scrap | None = None


class MaterialWorn(msgspec.Struct, frozen=True, tag="loop.material_worn"):
    """1 QUALITY off ``owner``'s card (PLANNED OBSOLESCENCE); at 0 it goes to their LANDFILL."""

    owner: str
    mat: Mat
    why: str


class MaterialGiven(msgspec.Struct, frozen=True, tag="loop.material_given"):
    player: str
    to: str
    mat: Mat
    why: str


class MaterialsRemoved(msgspec.Struct, frozen=True, tag="loop.materials_removed"):
    """OVERPRODUCTION: cards off the top of the MATERIAL deck, out of the game."""

    cards: tuple[str, ...]


class MaterialsReturned(msgspec.Struct, frozen=True, tag="loop.materials_returned"):
    """COMBUSTION ENERGY: LANDFILL cards back into the MATERIAL deck, then a shuffle."""

    player: str
    cards: tuple[str, ...]
    order: tuple[str, ...]  # the deck after the shuffle (virtual; a real table: sorted)


class MaterialBurned(msgspec.Struct, frozen=True, tag="loop.material_burned"):
    card: str


class Repaired(msgspec.Struct, frozen=True, tag="loop.repaired"):
    """ENGINEER: 1 QUALITY added to ``owner``'s card."""

    player: str
    owner: str
    mat: Mat


class Forged(msgspec.Struct, frozen=True, tag="loop.forged"):
    player: str
    forge: Forge


class AbilityUsed(msgspec.Struct, frozen=True, tag="loop.ability_used"):
    """A once-a-turn ABILITY (or EVENT bonus) is spent for this turn."""

    player: str
    power: str


class Tossed(msgspec.Struct, frozen=True, tag="loop.tossed"):
    """A coin tossed: "dollar" or "blank" each (INVESTOR, INSURANCE)."""

    player: str
    outcomes: tuple[str, ...]


class Peeked(msgspec.Struct, frozen=True, tag="loop.peeked"):
    """SCHOLAR: the top card of a deck ("?" at a real table, or to other viewers)."""

    player: str
    deck: str
    card: str


class FavourMoved(msgspec.Struct, frozen=True, tag="loop.favour_moved"):
    """A FAVOUR card from one hand to another (NURSE, SOLDIER, SOCIAL RESPONSIBILITY), or to the
    discard pile (``to`` "")."""

    player: str
    to: str
    card: str
    why: str


class FavoursReturned(msgspec.Struct, frozen=True, tag="loop.favours_returned"):
    """6.2, 7.0: the FAVOUR played face up back in hand on WORK."""

    player: str
    cards: tuple[str, ...]


class FavourResolved(msgspec.Struct, frozen=True, tag="loop.favour_resolved"):
    """6.2, 7.0: a FAVOUR played face up; its effect takes place (nothing is ACCEPTed)."""

    offer: Offer


class BluffCalled(msgspec.Struct, frozen=True, tag="loop.bluff_called"):
    """POLITICIAN: the card shown; ``true`` if it is what was claimed."""

    offer: Offer
    card: str
    true: bool
    reputation: int  # the POLITICIAN gains, after the cap


class Objected(msgspec.Struct, frozen=True, tag="loop.objected"):
    """LAWYER's Objection: ``card`` discarded, the FAVOUR REJECTed."""

    player: str
    card: str
    offer: Offer


class CreditApplied(msgspec.Struct, frozen=True, tag="loop.credit_applied", omit_defaults=True):
    player: str
    gift: str = ""  # the QUALITY 1 MATERIAL taken from the BUY AREA ("" none was there)


class CreditPaid(msgspec.Struct, frozen=True, tag="loop.credit_paid"):
    """COIN placed on CREDIT CARD ``card`` (0 is the oldest); negative: taken off (HIDDEN
    CLAUSE). At 5 paid the card and its COIN leave (5.4)."""

    player: str
    card: int
    coin: int


class Owing(msgspec.Struct, frozen=True, tag="loop.owing"):
    owed: Owed


class Paid(msgspec.Struct, frozen=True, tag="loop.paid", omit_defaults=True):
    """COIN paid to the WORK AREA or a player (``to``); ``settles`` the first thing owed."""

    player: str
    coin: int
    why: str
    to: str = ""
    settles: bool = False


class Step(msgspec.Struct, frozen=True, tag="loop.step"):
    """The turn end moves on to ``step`` ("burn", "flip", "events"); or SKINNER BOX's
    refill starts ("skinner") or is done ("skinner-done")."""

    step: str


class EventDrawn(msgspec.Struct, frozen=True, tag="loop.event_drawn"):
    player: str
    card: str  # "?" where the referee does not know it


class EventsReshuffled(msgspec.Struct, frozen=True, tag="loop.events_reshuffled"):
    order: tuple[str, ...]


class EventsFlipped(msgspec.Struct, frozen=True, tag="loop.events_flipped"):
    player: str
    names: tuple[str, ...]


class EventTriggered(msgspec.Struct, frozen=True, tag="loop.event_triggered"):
    """An EVENT flipped takes its place: a CONTINUOUS one on top of the discard pile (in effect
    from the next turn); an IMMEDIATE one to be resolved by ``players`` in this order."""

    name: str
    players: tuple[str, ...]


class EventDone(msgspec.Struct, frozen=True, tag="loop.event_done"):
    """A player's part of the IMMEDIATE EVENT is over."""

    player: str


class EventResolved(msgspec.Struct, frozen=True, tag="loop.event_resolved"):
    """The IMMEDIATE EVENT goes under the discard pile."""

    name: str


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
    | ExhibitedRevealed
    | CareersDealt
    | CareerChosen
    | Changed
    | MaterialTaken
    | MaterialWorn
    | MaterialGiven
    | MaterialsRemoved
    | MaterialsReturned
    | MaterialBurned
    | Repaired
    | Forged
    | AbilityUsed
    | Tossed
    | Peeked
    | FavourMoved
    | FavoursReturned
    | FavourResolved
    | BluffCalled
    | Objected
    | CreditApplied
    | CreditPaid
    | Owing
    | Paid
    | Step
    | EventDrawn
    | EventsReshuffled
    | EventsFlipped
    | EventTriggered
    | EventDone
    | EventResolved
)
