"""``view``: the Planet B table as typed data, as one person may see it.

Every front end reads this: ``present`` renders it as text, ``status --json`` prints it.
Hidden from everyone but their owner (unless ``reveal`` or the game is over): each VP
pocket (``vp`` is None), the buildings in hand (a count), the draft packet held; the order
of virtual piles and the seed. Money, warehouses, votes and everything on the boards are
public.
"""

from __future__ import annotations

import msgspec

from ledger.games.planet_b import data, effects
from ledger.games.planet_b.faces import Faces, areas_of
from ledger.games.planet_b.model import SPACES, Frame, Player, State
from ledger.games.planet_b.rules import core, elections, flow, is_over, setup, to_act
from ledger.games.planet_b.rules.boxes import possible
from ledger.games.planet_b.rules.turn import open_spaces
from ledger.games.planet_b.score import score
from ledger.piles import Pile


class Votes(msgspec.Struct, frozen=True, kw_only=True):
    """A colour's votes: in its supply, in the bag, out of play."""

    supply: int
    bag: int
    out: int


class BuildingView(msgspec.Struct, frozen=True, kw_only=True):
    """A constructed building: each work area's spaces and the workies on it."""

    name: str
    areas: list[list[str]]
    placed: list[list[str]]
    boxes: list[str]


class PlayerView(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    board: int  # the number on the player board, 1 the start player
    money: int
    vp: int | None  # the pocket: None unless the viewer may see it
    mood: int  # spaces from neutral
    factions: dict[str, int]  # steps from each track's start
    crafties: int
    brainies: int
    warehouse: dict[str, int]
    lines: dict[str, list[str]]  # what each production line produces now
    tiles: list[list[str]]  # production tiles bought, on upper 1-3 then lower 1-3
    tiles_left: list[str]
    swindles: list[str]  # on the swindle spaces, topmost first
    hand: int  # buildings in hand
    in_hand: list[str] | None  # their names, if the viewer may see them
    buildings: list[BuildingView]
    news: list[str]  # played news cards, the top last
    immoral: bool
    office: str | None
    votes: Votes


class SpaceView(msgspec.Struct, frozen=True, kw_only=True):
    """A conglomerate space, its tile's face-up box, and the market below it."""

    name: str  # left, middle, right
    tile: str | None
    side: str | None  # grey or red
    box: str | None  # the face-up box, in the effect language
    then: str | None  # flip or remove, once its last suitcase space is filled
    suitcases: int
    room: int
    market: str  # the disc: grey or red
    prices: dict[str, int]  # what each resource of this market sells for now


class FrameView(msgspec.Struct, frozen=True, kw_only=True):
    """An open action box: whose, from where, the actions left (effect language)."""

    owner: str
    source: str
    left: list[str]
    skippable: bool


class DraftView(msgspec.Struct, frozen=True, kw_only=True):
    pile: str
    order: list[str]
    picker: str
    size: int
    packet: list[str] | None  # the cards, to the picker (virtual piles)


class ElectionView(msgspec.Struct, frozen=True, kw_only=True):
    trigger: str
    step: str  # recall or draw
    recall: list[str]  # players still to say which partly filled areas return
    order: list[str]  # the drawing order, the dummy last
    drawer: str | None
    draw: int  # the size of the next draw
    left: dict[str, int]  # the votes each drawer still draws until the bag is empty
    front: dict[str, dict[str, int]]  # votes in front of each, by colour
    phantom: dict[str, int]  # "+1" votes counted without a vote


class View(msgspec.Struct, frozen=True, kw_only=True):
    """The Planet B table as one viewer may see it."""

    virtual: bool
    phase: str  # cards | setup | draft | turn | refill | exchange | election | over
    round: int  # a turn of each player from the start player's (0 before the first turn)
    side: str | None
    seats: list[str]
    active: str | None
    to_act: list[str]
    verbs: list[str]  # the moves open to them now
    awaited: list[str]  # what the table must declare or reveal, in the grammar
    dealt: bool
    office_owed: str | None
    stack: list[FrameView]  # open boxes, the top last
    spaces: list[SpaceView]
    marker: int
    track: int  # election track spaces; the last calls an election
    called: bool  # an election follows this turn
    tiles_left: int  # B tiles still to come
    removed: str | None
    news_up: dict[str, str | None]
    piles: dict[str, int]  # cards left: buildings A B C, news I II III, laws yellow blue
    bag: dict[str, int]
    dummy: Votes | None
    dummy_office: str | None
    players: dict[str, PlayerView]
    draft: DraftView | None
    exchange: str | None  # the player taking the exchange's resources
    exchange_resources: int
    election: ElectionView | None
    elections: int
    final: int | None  # turns left once the last conglomerate tile is added
    winners: list[str]
    options: dict[str, str]
    faces: Faces  # the declared boards, and the cards in play (a real table: every card declared)
    seed: int | None = None


def _votes(state: State, colour: str) -> Votes:
    return Votes(
        supply=state.supply.get(colour, 0), bag=state.bag.get(colour, 0), out=state.out.get(colour, 0)
    )


def _player(state: State, player: Player, shown: bool) -> PlayerView:
    buildings = []
    for site in player.buildings:
        face = core.building(state, site.name)
        buildings.append(
            BuildingView(
                name=site.name,
                areas=[list(areas_of(a)) for a in face.areas],
                placed=[list(p) for p in site.placed],
                boxes=list(face.boxes),
            )
        )
    ready = bool(state.faces.boards) and str(player.board) in state.faces.boards
    return PlayerView(
        name=player.name,
        board=player.board,
        money=player.money,
        vp=player.vp if shown else None,
        mood=player.mood,
        factions=dict(player.factions),
        crafties=player.crafties,
        brainies=player.brainies,
        warehouse=dict(player.warehouse),
        lines={line: list(core.line_resources(state, player, line)) for line in data.LINES} if ready else {},
        tiles=[list(t) for t in player.production],
        tiles_left=sorted(core.tiles_left(state, player)) if state.faces.production else [],
        swindles=list(player.swindles),
        hand=len(player.hand),
        in_hand=sorted(player.hand) if shown else None,
        buildings=buildings,
        news=list(player.news),
        immoral=core.immoral(state, player.name),
        office=player.office or None,
        votes=_votes(state, player.name),
    )


def _space(state: State, i: int) -> SpaceView:
    space = state.spaces[i]
    face = state.faces.tiles.get(space.tile or "")
    market = core.side(state).markets[i] if state.side else {}
    red = state.markets[i]
    return SpaceView(
        name=SPACES[i],
        tile=space.tile,
        side=("red" if space.red else "grey") if space.tile else None,
        box=(face.red if space.red else face.grey) if face else None,
        then=(face.red_then if space.red else face.grey_then) if face else None,
        suitcases=space.suitcases,
        room=core.side(state).suitcases if state.side else 0,
        market="red" if red else "grey",
        prices={r: prices[1] if red else prices[0] for r, prices in market.items()},
    )


def _frame(state: State, frame: Frame) -> FrameView:
    return FrameView(
        owner=frame.owner,
        source=frame.source,
        left=[effects.slot_text(slot) for slot in frame.slots],
        skippable=any(not possible(state, frame, slot) for slot in frame.slots),
    )


_VERB = {
    "resource": "gain",
    "produce": "produce",
    "tile": "tile",
    "build": "build",
    "build-free": "build",
    "draw-build-a": "build",
    "draw-build-b": "build",
    "crafty": "workie",
    "brainy": "workie",
    "workie": "workie",
    "work": "workie",
    "news": "news",
    "swindle": "swindle",
    "swindle-free": "swindle",
    "marker": "marker",
    "law": "law",
    "pick-law": "law",
    "law-left": "law",
    "law-right": "law",
    "box1": "box",
    "box2": "box",
    "invitation": "discard",
    "renovate": "destroy",
    "export-building": "destroy",
    "chance": "draw",
    "bet": "draw",
    "solar": "copy",
    "vaccinate": "recall",
    "replay": "replay",
    "smoothie": "give",
    "triple-sale": "goods-export",
    "neglect": "faction",
}


def verbs(state: State) -> list[str]:
    """The verbs open to whoever must act now (``moves`` lists each move)."""
    phase = state.phase
    if phase == "cards":
        return ["declare"]
    if phase == "setup":
        return ["reveal"]
    if phase == "draft":
        return ["draft"]
    if phase == "refill":
        return ["redraw"] if flow.redraw_needed(state) else ["reveal"]
    if phase == "exchange":
        return ["exchange"] if flow.exchange_step(state) == "resources" else ["reveal"]
    if phase == "election":
        assert state.election is not None
        return ["recall"] if state.election.step == "recall" else ["draw"]
    if phase != "turn":
        return []
    frame = core.top(state)
    if frame is None:
        open_ = []
        if not state.dealt and open_spaces(state):
            open_.append("deal")
        if flow.office_owed(state):
            open_.append("office")
        open_ += ["sell", "tile"]
        if flow.may_end(state):
            open_.append("end")
        return open_
    found: list[str] = []
    for slot in frame.slots:
        for item in slot.items:
            verb = (
                "pay"
                if item.cost
                else "gain"
                if core.free(state, item)
                else _VERB.get(item.symbol, "faction")
            )
            if verb not in found:
                found.append(verb)
    if any(not possible(state, frame, slot) for slot in frame.slots):
        found.append("skip")
    return found + [v for v in ("sell", "tile") if frame.owner == state.active]


def faces_in_view(state: State, shown: dict[str, bool]) -> Faces:
    """The faces a viewer may see: a real table declares its cards as they come, so all of
    them; with virtual piles only the cards in play (on the board, face up, played, built,
    drawn laws, and the viewer's own hand), never what a pile still hides."""
    faces = state.faces
    if not state.virtual:
        return faces
    players = state.players.values()
    none = Pile()  # under each pile, before the setup lays them out
    buildings = {b.name for p in players for b in p.buildings} | {
        c for p in players if shown.get(p.name) for c in p.hand
    }
    buildings |= {c for pile in data.BUILDING_PILES for c in state.piles.get(pile, none).under}
    news = {c for c in state.news_up.values() if c} | {c for p in players for c in p.news}
    laws = {c for colour in data.LAW_PILES for c in state.piles.get(colour, none).under}
    laws |= {frame.card for frame in state.stack if frame.then == "law"}
    tiles = {s.tile for s in state.spaces} | {state.removed}  # an empty space's None, no tile's "": no face
    return msgspec.structs.replace(
        faces,
        tiles={k: v for k, v in faces.tiles.items() if k in tiles},
        buildings={k: v for k, v in faces.buildings.items() if k in buildings},
        news={k: v for k, v in faces.news.items() if k in news},
        laws={k: v for k, v in faces.laws.items() if k in laws},
    )


def awaited(state: State) -> list[str]:
    if state.phase == "cards":
        return setup.declarations_awaited(state)
    return flow.awaited(state)


def view(state: State, as_player: str | None = None, reveal: bool = False) -> View:
    """The table as ``as_player`` may see it (everything with ``reveal`` or once it is over)."""
    over = is_over(state)
    viewer = as_player.lower() if as_player else None
    shown = {name: reveal or over or viewer == name.lower() for name in state.seats}
    draft = state.draft
    election = state.election
    drawer = elections.drawer(state)
    piles = {name: len(pile) for name, pile in state.piles.items()}
    return View(
        virtual=state.virtual,
        phase=state.phase,
        round=state.round,
        side=state.side or None,
        seats=list(state.seats),
        active=state.active if state.phase in ("turn", "refill", "exchange", "election") else None,
        to_act=to_act(state),
        verbs=verbs(state),
        awaited=awaited(state),
        dealt=state.dealt,
        office_owed=flow.office_owed(state) or None,
        stack=[_frame(state, frame) for frame in state.stack],
        spaces=[_space(state, i) for i in range(len(state.spaces))],
        marker=state.marker,
        track=core.side(state).track if state.side else 0,
        called=state.called,
        tiles_left=len(state.tiles),
        removed=state.removed or None,
        news_up={pile: state.news_up.get(pile) or None for pile in data.NEWS_PILES},
        piles=piles,
        bag=dict(state.bag),
        dummy=_votes(state, data.DUMMY) if state.dummy else None,
        dummy_office=state.dummy_office or None,
        players={name: _player(state, state.players[name], shown[name]) for name in state.seats},
        draft=DraftView(
            pile=draft.pile,
            order=list(draft.order),
            picker=draft.order[draft.index] if draft.size else "",
            size=draft.size,
            packet=sorted(draft.packet)
            if draft.packet and draft.size and shown[draft.order[draft.index]]
            else None,
        )
        if draft is not None and state.phase == "draft"
        else None,
        exchange=state.exchange.player if state.exchange else None,
        exchange_resources=flow.exchange_size(state, state.exchange.player) if state.exchange else 0,
        election=ElectionView(
            trigger=election.trigger,
            step=election.step,
            recall=list(election.recall),
            order=list(election.order),
            drawer=drawer or None,
            draw=elections.draw_size(state, drawer) if drawer and sum(state.bag.values()) else 0,
            left=elections.draws_left(state),
            front={k: dict(v) for k, v in election.front.items()},
            phantom=dict(election.phantom),
        )
        if election is not None
        else None,
        elections=state.elections,
        final=state.final if state.final >= 0 else None,
        winners=score(state).winners if over else [],
        options=dict(state.options),
        faces=faces_in_view(state, shown),
        seed=state.seed if over and not state.sealed else None,  # sealed: the log reveals it
    )
