"""The Planet B state, commands and events: msgspec Structs with stable "planet-b.*" tags.

Every container in ``State`` is a tuple or a dict with str keys, so a snapshot encodes to
JSON and decodes back equal; ``evolve`` replaces what it changes and never mutates.

Votes are counted per colour (a player's name, or ``dummy``) in four places: the owner's
supply, the bag, out of play, and in front of a player during an election.
"""

from __future__ import annotations

import msgspec

from ledger.games.planet_b.effects import Slot
from ledger.games.planet_b.faces import Face, Faces
from ledger.piles import Pile

SPACES = ("left", "middle", "right")  # the 3 conglomerate spaces on the board
UNKNOWN = "?"

# ---------------------------------------------------------------------------- state


class Constructed(msgspec.Struct, frozen=True):
    """A constructed building and the workies on each of its work areas."""

    name: str
    placed: tuple[tuple[str, ...], ...]  # per work area, the workies on it ("crafty"/"brainy")


class Player(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    board: int  # the number on the player board, 1 the start player (clockwise)
    money: int
    vp: int = 0  # the pocket: hidden
    mood: int = 0  # spaces above (+) or below (-) neutral
    factions: dict[str, int]  # steps from each track's start
    crafties: int
    brainies: int
    warehouse: dict[str, int] = {}  # containers per resource
    production: tuple[tuple[str, ...], ...] = ((), (), (), (), (), ())  # tiles on upper 1-3, lower 1-3
    swindles: tuple[str, ...] = ()  # "+1"/"-1" on the swindle spaces, topmost first
    hand: tuple[str, ...] = ()  # buildings in hand: hidden
    buildings: tuple[Constructed, ...] = ()
    news: tuple[str, ...] = ()  # played news cards, the top last
    office: str = ""


class Frame(msgspec.Struct, frozen=True, omit_defaults=True):
    """An open action box: whose it is, where it comes from, the actions left.

    Closing it may do one thing more: ``then`` "stack" puts news card ``card`` on top of the
    owner's news stack, "law" puts law ``card`` under its pile."""

    owner: str
    source: str
    slots: tuple[Slot, ...]
    card: str = ""
    then: str = ""


class Space(msgspec.Struct, frozen=True, omit_defaults=True):
    """A conglomerate space: its tile (None: empty), which side is up, suitcases on it."""

    tile: str | None = None
    red: bool = False
    suitcases: int = 0


class Draft(msgspec.Struct, frozen=True, omit_defaults=True):
    """Starting Buildings: the packet going round, who keeps a card next."""

    pile: str  # "A", "B" or "C"
    order: tuple[str, ...]  # players in picking order
    index: int = 0
    packet: tuple[str, ...] = ()  # virtual piles: the cards; a real table: unknown
    size: int = 0  # cards left in the packet


class Election(msgspec.Struct, frozen=True, omit_defaults=True):
    """An election under way (Elections, steps 1 and 3 wait for the table)."""

    trigger: str
    step: str  # "recall" or "draw"
    recall: tuple[str, ...] = ()  # players still to say which partly filled areas return
    order: tuple[str, ...] = ()  # the drawing order, the dummy last
    drawer: int = 0  # index in ``order`` of who draws next
    front: dict[str, dict[str, int]] = {}  # votes in front of each, by colour
    phantom: dict[str, int] = {}  # "+1" votes counted without a vote in supply
    before: dict[str, int] = {}  # each colour's votes in the bag before the draws


class Exchange(msgspec.Struct, frozen=True):
    """An exchange under way: the player who triggered it, the space. Its resources are still
    to take while the space's suitcases are there; a new B tile to reveal once it is empty."""

    player: str
    space: int


class Performed(msgspec.Struct, frozen=True, omit_defaults=True):
    """An action of a box performed this turn: whose box, the symbol, for whom (``scope``),
    and ``by`` "referee" when it was performed by itself (nothing was left to choose)."""

    owner: str
    symbol: str
    source: str
    scope: str = ""
    by: str = ""


class State(msgspec.Struct, frozen=True, kw_only=True):
    """The whole table. ``phase``: cards, setup, draft, turn, refill, exchange, election, over."""

    seats: tuple[str, ...]  # clockwise from the start player
    options: dict[str, str]
    seed: int | None = None
    sealed: bool = False  # the setup commits to the seed: no fact records a pile's order
    faces: Faces = Faces()
    phase: str
    players: dict[str, Player] = {}
    dummy: bool = False  # 2 players: the dummy's votes take part in elections
    dummy_office: str = ""
    side: str = ""
    spaces: tuple[Space, ...] = (Space(), Space(), Space())
    tiles: Pile = Pile()  # the B conglomerate tiles
    removed: str = ""  # 2 players: the B tile removed at setup
    markets: tuple[bool, ...] = (False, True, False)  # market disc on red, per space
    marker: int = 0  # the election marker's space, 1 the leftmost
    called: bool = False  # the marker reached the last space this turn: an election follows
    piles: dict[str, Pile] = {}  # buildings A B C, news I II III, laws yellow blue
    news_up: dict[str, str] = {}  # the face-up card of each news pile ("" none)
    supply: dict[str, int] = {}  # votes per colour
    bag: dict[str, int] = {}
    out: dict[str, int] = {}
    draws: int = 0  # draws from the bag so far (seeds a virtual bag)
    draft: Draft | None = None
    turn: int = 0  # seat index of the active player
    round: int = 0  # turns of the start player so far: the round being played (0 before the first)
    dealt: bool = False  # a suitcase placed this turn
    filled: int = -1  # the space whose last suitcase was placed this turn
    office_done: bool = False
    taken: tuple[str, ...] = ()  # news piles taken from this turn
    stack: tuple[Frame, ...] = ()  # open boxes, the top last
    performed: tuple[Performed, ...] = ()  # this turn's actions performed, to name one typed again
    legacy: bool = False  # recorded under rules version 1 (``ledger.games.planet_b.rules_versions``)
    exchange: Exchange | None = None
    election: Election | None = None
    elections: int = 0
    final: int = -1  # turns left once the last tile is added (-1: not yet)

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
        return self.seats[self.turn]


# ---------------------------------------------------------------------------- commands


class Declare(msgspec.Struct, frozen=True, tag="planet-b.declare", omit_defaults=True):
    """A face the rulebook does not print; ``also``: the other parts printed on the same piece
    (a player board's mood track and swindle spaces, the faction track's 3 tracks), declared in
    the one command (``declare.PIECES``), one fact a part."""

    face: Face
    also: tuple[Face, ...] = ()


class Reveal(msgspec.Struct, frozen=True, tag="planet-b.reveal", omit_defaults=True):
    """The table says what it turned up: ``tiles`` (the 3 A tiles, left to right), the
    ``removed`` B tile (2 players), a ``news`` card on ``pile`` (or one on each of ``piles``,
    in one command), or the next B ``tile``."""

    what: str
    cards: tuple[str, ...]
    pile: str = ""
    piles: tuple[str, ...] = ()  # several news cards: the pile of each card, in order
    removed: str = ""  # 2 players: the B tile removed at setup, typed with the news (``--removed``)
    face: Face | None = None  # the one card's face, new to the referee, typed with it (issue 41)


class DraftCard(msgspec.Struct, frozen=True, tag="planet-b.draft", omit_defaults=True):
    player: str
    card: str
    face: Face | None = None  # the building's face, new to the referee, typed with it (issue 41)


class Deal(msgspec.Struct, frozen=True, tag="planet-b.deal", omit_defaults=True):
    player: str
    space: str
    pay: tuple[str, ...] = ()


class Sell(msgspec.Struct, frozen=True, tag="planet-b.sell"):
    player: str
    resources: tuple[str, ...]  # one word a container, sorted


class BuyTile(msgspec.Struct, frozen=True, tag="planet-b.tile", omit_defaults=True):
    player: str
    resource: str
    space: str  # upper1..upper3, lower1..lower3
    back: bool = False  # return it to the supply instead


class Office(msgspec.Struct, frozen=True, tag="planet-b.office", omit_defaults=True):
    player: str
    choice: str = ""  # Vice-President: the track; President at a real table: the law drawn


class Gain(msgspec.Struct, frozen=True, tag="planet-b.gain", omit_defaults=True):
    player: str
    items: tuple[str, ...] = ()  # "2plastic", "water"...; none: every gain left in the box


class Produce(msgspec.Struct, frozen=True, tag="planet-b.produce"):
    player: str
    line: str


class Build(msgspec.Struct, frozen=True, tag="planet-b.build", omit_defaults=True):
    player: str
    card: str
    back: bool = False  # under its pile for 5 money instead
    pay: tuple[str, ...] = ()


class Workie(msgspec.Struct, frozen=True, tag="planet-b.workie"):
    player: str
    units: tuple[str, ...]  # "crafty" (take), "crafty@TAILOR" or "brainy@TAILOR.2" (place)


class Faction(msgspec.Struct, frozen=True, tag="planet-b.faction", omit_defaults=True):
    player: str
    units: tuple[str, ...]  # "futurist" (a step), "capitalist:6b" (score space 6, box b)
    pay: tuple[str, ...] = ()


class PlayNews(msgspec.Struct, frozen=True, tag="planet-b.news", omit_defaults=True):
    player: str
    pile: str
    pay: tuple[str, ...] = ()


class BuySwindle(msgspec.Struct, frozen=True, tag="planet-b.swindle"):
    player: str
    tile: str  # "+1" or "-1"


class Marker(msgspec.Struct, frozen=True, tag="planet-b.marker"):
    player: str
    direction: str  # "left" or "right"


class LawMove(msgspec.Struct, frozen=True, tag="planet-b.law", omit_defaults=True):
    """Draw a law (``pile`` yellow or blue where the player chooses; ``card`` at a real
    table) or decide the law drawn (``side`` left or right)."""

    player: str
    pile: str = ""
    card: str = ""
    side: str = ""
    pay: tuple[str, ...] = ()


class ChooseBox(msgspec.Struct, frozen=True, tag="planet-b.box", omit_defaults=True):
    player: str
    box: int  # 1 or 2
    pay: tuple[str, ...] = ()


class Skip(msgspec.Struct, frozen=True, tag="planet-b.skip"):
    player: str


class DrawVotes(msgspec.Struct, frozen=True, tag="planet-b.draw", omit_defaults=True):
    player: str  # who draws (``dummy`` too)
    colours: tuple[str, ...] = ()  # a real table: the colours drawn, sorted


class PayCost(msgspec.Struct, frozen=True, tag="planet-b.pay"):
    """A payer's share of an "All Others" cost of choice: what they pay (resources, workies or
    faction tracks), when the table asks each payer (option ``others-choice``)."""

    player: str
    items: tuple[str, ...]


class DrawAll(msgspec.Struct, frozen=True, tag="planet-b.draw-all"):
    """Elections 3 at a real table, in one command: the colours each drawer drew in all
    until the bag was empty (sorted); one drawer left out drew the rest."""

    draws: dict[str, tuple[str, ...]]


class Recall(msgspec.Struct, frozen=True, tag="planet-b.recall", omit_defaults=True):
    """Workies back to the board: at an election the partly filled ``areas`` that return
    (none: keep them); VACCINATION one ``colour`` workie from one area."""

    player: str
    areas: tuple[str, ...] = ()  # "TAILOR.1"
    colour: str = ""


class Discard(msgspec.Struct, frozen=True, tag="planet-b.discard"):
    player: str
    cards: tuple[str, ...]


class Destroy(msgspec.Struct, frozen=True, tag="planet-b.destroy"):
    player: str
    building: str


class CopyBox(msgspec.Struct, frozen=True, tag="planet-b.copy", omit_defaults=True):
    player: str
    building: str
    box: int
    pay: tuple[str, ...] = ()


class Replay(msgspec.Struct, frozen=True, tag="planet-b.replay", omit_defaults=True):
    player: str
    card: str
    pay: tuple[str, ...] = ()


class Give(msgspec.Struct, frozen=True, tag="planet-b.give"):
    player: str
    to: tuple[str, ...]  # one name a plant


class Export(msgspec.Struct, frozen=True, tag="planet-b.export"):
    player: str
    resources: tuple[str, ...]


class Swap(msgspec.Struct, frozen=True, tag="planet-b.exchange"):
    player: str
    resources: tuple[str, ...]


class End(msgspec.Struct, frozen=True, tag="planet-b.end"):
    player: str


class Redraw(msgspec.Struct, frozen=True, tag="planet-b.redraw"):
    player: str
    cards: tuple[str, ...]  # pile letters (virtual piles) or the buildings drawn


Command = (
    Declare
    | Reveal
    | DraftCard
    | Deal
    | Sell
    | BuyTile
    | Office
    | Gain
    | Produce
    | Build
    | Workie
    | Faction
    | PlayNews
    | BuySwindle
    | Marker
    | LawMove
    | ChooseBox
    | Skip
    | DrawVotes
    | DrawAll
    | PayCost
    | Recall
    | Discard
    | Destroy
    | CopyBox
    | Replay
    | Give
    | Export
    | Swap
    | End
    | Redraw
)

# ---------------------------------------------------------------------------- events


class Declared(msgspec.Struct, frozen=True, tag="planet-b.declared"):
    face: Face


class Shuffled(msgspec.Struct, frozen=True, tag="planet-b.shuffled"):
    """Virtual piles: every pile's order, top first; or, with a sealed seed (``seeded``), none:
    the fold shuffles them from the seed, so the log shows no pile's order (issue 19)."""

    piles: dict[str, tuple[str, ...]]
    seeded: bool = False


class SetUp(msgspec.Struct, frozen=True, tag="planet-b.set_up"):
    """The board side, every player's board and starting pieces, the bag."""

    side: str
    dummy: bool
    marker: int


class TilesPlaced(msgspec.Struct, frozen=True, tag="planet-b.tiles_placed"):
    tiles: tuple[str, ...]  # left, middle (red side up), right


class TileLaidOut(msgspec.Struct, frozen=True, tag="planet-b.tile_laid_out"):
    """One A tile onto its space at setup (``space``: 0 left, 1 middle, 2 right), as a table
    reveals them one at a time, each with its face (issue 41)."""

    tile: str
    space: int


class TileRemoved(msgspec.Struct, frozen=True, tag="planet-b.tile_removed"):
    tile: str


class NewsRevealed(msgspec.Struct, frozen=True, tag="planet-b.news_revealed"):
    pile: str
    card: str


class PacketDealt(msgspec.Struct, frozen=True, tag="planet-b.packet_dealt"):
    pile: str
    order: tuple[str, ...]
    cards: tuple[str, ...]  # virtual piles; () at a real table
    size: int


class Drafted(msgspec.Struct, frozen=True, tag="planet-b.drafted"):
    player: str
    card: str


class TurnStarted(msgspec.Struct, frozen=True, tag="planet-b.turn_started"):
    player: str


class SuitcasePlaced(msgspec.Struct, frozen=True, tag="planet-b.suitcase_placed"):
    player: str
    space: int
    last: bool  # the tile's last empty space: an exchange after the turn


class Changed(msgspec.Struct, frozen=True, tag="planet-b.changed", omit_defaults=True):
    """Counters of one player changed, and why."""

    player: str
    why: str
    money: int = 0
    vp: int = 0
    mood: int = 0  # spaces moved on the track
    resources: dict[str, int] = {}
    crafties: int = 0
    brainies: int = 0
    factions: dict[str, int] = {}


class Votes(msgspec.Struct, frozen=True, tag="planet-b.votes", omit_defaults=True):
    """``n`` votes of ``colour`` moved: supply, bag, out, front (before ``holder``) or phantom."""

    colour: str
    n: int
    source: str
    target: str
    holder: str = ""
    why: str = ""


class BoxOpened(msgspec.Struct, frozen=True, tag="planet-b.box_opened"):
    frame: Frame


class Used(msgspec.Struct, frozen=True, tag="planet-b.used", omit_defaults=True):
    """Units of a slot of the top box used: ``item`` is the alternative chosen; ``by``
    "referee" when the referee performed it by itself (nothing was left to choose)."""

    slot: int
    item: int
    n: int
    by: str = ""


class Dropped(msgspec.Struct, frozen=True, tag="planet-b.dropped"):
    """A slot of the top box that could not be performed."""

    slot: int


class BoxClosed(msgspec.Struct, frozen=True, tag="planet-b.box_closed"):
    pass


class TilePlaced(msgspec.Struct, frozen=True, tag="planet-b.tile_placed", omit_defaults=True):
    player: str
    resource: str
    space: int  # 0-5: upper 1-3, lower 1-3
    back: bool = False


class Built(msgspec.Struct, frozen=True, tag="planet-b.built", omit_defaults=True):
    player: str
    card: str
    source: str = "hand"  # "hand", or the pile it was drawn from


class BuildingReturned(msgspec.Struct, frozen=True, tag="planet-b.building_returned"):
    player: str
    card: str


class BuildingDestroyed(msgspec.Struct, frozen=True, tag="planet-b.building_destroyed"):
    player: str
    card: str


class WorkiePlaced(msgspec.Struct, frozen=True, tag="planet-b.workie_placed"):
    player: str
    building: str
    area: int
    colour: str


class WorkiesRecalled(msgspec.Struct, frozen=True, tag="planet-b.workies_recalled"):
    player: str
    building: str
    area: int
    colours: tuple[str, ...]


class NewsTaken(msgspec.Struct, frozen=True, tag="planet-b.news_taken"):
    player: str
    pile: str
    card: str


class NewsStacked(msgspec.Struct, frozen=True, tag="planet-b.news_stacked"):
    player: str
    card: str


class SwindlePlaced(msgspec.Struct, frozen=True, tag="planet-b.swindle_placed"):
    player: str
    tile: str


class MarkerMoved(msgspec.Struct, frozen=True, tag="planet-b.marker_moved"):
    to: int
    called: bool


class LawDrawn(msgspec.Struct, frozen=True, tag="planet-b.law_drawn"):
    player: str
    colour: str
    card: str


class LawReturned(msgspec.Struct, frozen=True, tag="planet-b.law_returned"):
    colour: str
    card: str


class OfficeDone(msgspec.Struct, frozen=True, tag="planet-b.office_done"):
    player: str


class TurnEnded(msgspec.Struct, frozen=True, tag="planet-b.turn_ended"):
    player: str


class BuildingDrawn(msgspec.Struct, frozen=True, tag="planet-b.building_drawn"):
    player: str
    pile: str
    card: str


class ExchangeStarted(msgspec.Struct, frozen=True, tag="planet-b.exchange_started"):
    player: str
    space: int


class TileTurned(msgspec.Struct, frozen=True, tag="planet-b.tile_turned", omit_defaults=True):
    """The tile on ``space``: flipped, removed, or a new one added (``tile``)."""

    space: int
    how: str  # "flip", "remove" or "add"
    tile: str = ""


class ExchangeEnded(msgspec.Struct, frozen=True, tag="planet-b.exchange_ended"):
    space: int


class ElectionStarted(msgspec.Struct, frozen=True, tag="planet-b.election_started"):
    trigger: str
    recall: tuple[str, ...]
    order: tuple[str, ...]


class RecallDone(msgspec.Struct, frozen=True, tag="planet-b.recall_done"):
    """A player has said which partly filled work areas return (Elections, step 1)."""

    player: str


class DrawsStarted(msgspec.Struct, frozen=True, tag="planet-b.draws_started"):
    before: dict[str, int]


class Drawn(msgspec.Struct, frozen=True, tag="planet-b.drawn"):
    """Votes drawn from the bag: in front of ``player`` (an election) or, for GAME OF CHANCE
    and SPORTS BET, back to their owners' supplies."""

    player: str
    colours: tuple[str, ...]
    to: str  # "front" or "supply"


class OfficesGiven(msgspec.Struct, frozen=True, tag="planet-b.offices_given"):
    offices: dict[str, str]  # colour -> office
    counts: dict[str, int]  # own-colour votes counted


class ElectionEnded(msgspec.Struct, frozen=True, tag="planet-b.election_ended"):
    marker: int


class FinalRound(msgspec.Struct, frozen=True, tag="planet-b.final_round"):
    player: str
    turns: int


class GameEnded(msgspec.Struct, frozen=True, tag="planet-b.game_ended"):
    pass


Event = (
    Declared
    | Shuffled
    | SetUp
    | TilesPlaced
    | TileLaidOut
    | TileRemoved
    | NewsRevealed
    | PacketDealt
    | Drafted
    | TurnStarted
    | SuitcasePlaced
    | Changed
    | Votes
    | BoxOpened
    | Used
    | Dropped
    | BoxClosed
    | TilePlaced
    | Built
    | BuildingReturned
    | BuildingDestroyed
    | WorkiePlaced
    | WorkiesRecalled
    | NewsTaken
    | NewsStacked
    | SwindlePlaced
    | MarkerMoved
    | LawDrawn
    | LawReturned
    | OfficeDone
    | TurnEnded
    | BuildingDrawn
    | ExchangeStarted
    | TileTurned
    | ExchangeEnded
    | ElectionStarted
    | RecallDone
    | DrawsStarted
    | Drawn
    | OfficesGiven
    | ElectionEnded
    | FinalRound
    | GameEnded
)
