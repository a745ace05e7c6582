"""``evolve``: apply one Planet B fact to the state, without touching the previous state.

The checks live in ``rules``; here every event is taken as true.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from ledger.games.planet_b import data
from ledger.games.planet_b.effects import Slot
from ledger.games.planet_b.faces import added
from ledger.games.planet_b.model import (
    BoxClosed,
    BoxOpened,
    BuildingDestroyed,
    BuildingDrawn,
    BuildingReturned,
    Built,
    Changed,
    Constructed,
    Declared,
    Draft,
    Drafted,
    Drawn,
    DrawsStarted,
    Dropped,
    Election,
    ElectionEnded,
    ElectionStarted,
    Event,
    Exchange,
    ExchangeEnded,
    ExchangeStarted,
    FinalRound,
    GameEnded,
    LawDrawn,
    LawReturned,
    MarkerMoved,
    NewsRevealed,
    NewsStacked,
    NewsTaken,
    OfficeDone,
    OfficesGiven,
    PacketDealt,
    Performed,
    Player,
    RecallDone,
    SetUp,
    Shuffled,
    Space,
    State,
    SuitcasePlaced,
    SwindlePlaced,
    TileLaidOut,
    TilePlaced,
    TileRemoved,
    TilesPlaced,
    TileTurned,
    TurnEnded,
    TurnStarted,
    Used,
    Votes,
    WorkiePlaced,
    WorkiesRecalled,
)
from ledger.piles import Pile, put_under, rng, shuffled, take_top, without

PILES = (*data.BUILDING_PILES, *data.NEWS_PILES, *data.LAW_PILES)
SIZES = {**data.BUILDING_PILES, **data.NEWS_PILES, **data.LAW_PILES}


def _players(state: State, *updated: Player) -> dict[str, Player]:
    players = dict(state.players)
    for player in updated:
        players[player.name] = player
    return players


def _add(counts: dict[str, int], key: str, n: int) -> dict[str, int]:
    out = {**counts, key: counts.get(key, 0) + n}
    return {k: v for k, v in sorted(out.items()) if v}


def _declared(state: State, event: Declared) -> State:
    return replace(state, faces=added(state.faces, event.face))


def _set_up(state: State, event: SetUp) -> State:
    piles = {name: Pile(unseen=size) for name, size in SIZES.items()}
    tiles = Pile(unseen=data.TILE_SETS["B"])
    return replace(
        state,
        phase="setup",
        side=event.side,
        dummy=event.dummy,
        marker=event.marker,
        piles=piles,
        tiles=tiles,
    )


def seeded_piles(state: State) -> dict[str, tuple[str, ...]]:
    """Every virtual pile shuffled from the seed (Game Components and Setup), top first."""
    generator = rng(state.seed, "setup")
    piles: dict[str, tuple[str, ...]] = {}
    for pile in data.BUILDING_PILES:
        piles[pile] = shuffled([b.name for b in state.faces.buildings.values() if b.pile == pile], generator)
    for pile in data.NEWS_PILES:
        piles[pile] = shuffled([n.name for n in state.faces.news.values() if n.pile == pile], generator)
    for colour in data.LAW_PILES:
        piles[colour] = shuffled(
            [law.name for law in state.faces.laws.values() if law.colour == colour], generator
        )
    for group in data.TILE_SETS:
        piles[f"tiles-{group}"] = shuffled(
            [t.name for t in state.faces.tiles.values() if t.set == group], generator
        )
    return piles


def _shuffled(state: State, event: Shuffled) -> State:
    if state.seed_lost:  # no order to deal: the piles stay as ``SetUp`` laid them, unseen
        return state
    dealt = seeded_piles(state) if event.seeded else event.piles
    piles = {name: Pile(known=order) for name, order in dealt.items() if name in SIZES}
    return replace(state, piles=piles, tiles=Pile(known=dealt["tiles-B"]))


def _tiles_placed(state: State, event: TilesPlaced) -> State:
    spaces = tuple(Space(tile, red=i == 1) for i, tile in enumerate(event.tiles))
    return replace(state, spaces=spaces, markets=(False, True, False))


def _tile_laid_out(state: State, event: TileLaidOut) -> State:
    spaces = list(state.spaces)
    spaces[event.space] = Space(event.tile, red=event.space == 1)  # the middle one red side up
    return replace(state, spaces=tuple(spaces), markets=(False, True, False))


def _from_tiles(state: State, tile: str) -> Pile:
    if tile in state.tiles.known:
        return replace(state.tiles, known=without(state.tiles.known, tile))
    return take_top(state.tiles, tile)


def _tile_removed(state: State, event: TileRemoved) -> State:
    return replace(state, removed=event.tile, tiles=_from_tiles(state, event.tile))


def _news_revealed(state: State, event: NewsRevealed) -> State:
    piles = {**state.piles, event.pile: take_top(state.piles[event.pile], event.card)}
    return replace(state, piles=piles, news_up={**state.news_up, event.pile: event.card})


def _packet_dealt(state: State, event: PacketDealt) -> State:
    pile = state.piles[event.pile]
    if event.cards and not state.seed_lost:
        pile = replace(pile, known=pile.known[event.size :])
    elif event.cards:  # a virtual packet, its pile's order lost: they came out of the unseen part
        pile = replace(pile, unseen=pile.unseen - event.size, seen=tuple(sorted((*pile.seen, *event.cards))))
    else:
        pile = replace(pile, unseen=pile.unseen - event.size)
    draft = Draft(event.pile, event.order, 0, event.cards, event.size)
    return replace(state, phase="draft", draft=draft, piles={**state.piles, event.pile: pile})


def _drafted(state: State, event: Drafted) -> State:
    draft = state.draft
    assert draft is not None
    player = state.players[event.player]
    player = replace(player, hand=(*player.hand, event.card))
    piles = state.piles
    if draft.packet:
        packet = without(draft.packet, event.card)
    else:
        packet = ()
        pile = state.piles[draft.pile]
        piles = {**piles, draft.pile: replace(pile, seen=tuple(sorted((*pile.seen, event.card))))}
    draft = replace(draft, index=draft.index + 1, packet=packet, size=draft.size - 1)
    return replace(state, players=_players(state, player), draft=draft, piles=piles)


def _turn_started(state: State, event: TurnStarted) -> State:
    return replace(
        state,
        phase="turn",
        turn=state.seats.index(event.player),
        round=state.round + (event.player == state.seats[0]),
        dealt=False,
        filled=-1,
        office_done=False,
        taken=(),
        stack=(),
        performed=(),
        called=False,
        draft=None,
    )


def _suitcase_placed(state: State, event: SuitcasePlaced) -> State:
    spaces = list(state.spaces)
    spaces[event.space] = replace(spaces[event.space], suitcases=spaces[event.space].suitcases + 1)
    return replace(
        state, spaces=tuple(spaces), dealt=True, filled=event.space if event.last else state.filled
    )


def _changed(state: State, e: Changed) -> State:
    p = state.players[e.player]
    warehouse = p.warehouse
    for resource, n in e.resources.items():
        warehouse = _add(warehouse, resource, n)
    factions = {track: p.factions[track] + e.factions.get(track, 0) for track in p.factions}
    p = replace(
        p,
        money=p.money + e.money,
        vp=p.vp + e.vp,
        mood=p.mood + e.mood,
        warehouse=warehouse,
        crafties=p.crafties + e.crafties,
        brainies=p.brainies + e.brainies,
        factions=factions,
    )
    return replace(state, players=_players(state, p))


def _votes(state: State, e: Votes) -> State:
    places: dict[str, Any] = {"supply": state.supply, "bag": state.bag, "out": state.out}
    election = state.election
    for where, sign in ((e.source, -1), (e.target, 1)):
        if where in places:
            places[where] = _add(places[where], e.colour, sign * e.n)
        elif where == "front":
            assert election is not None
            front = {**election.front, e.holder: _add(election.front.get(e.holder, {}), e.colour, sign * e.n)}
            election = replace(election, front={k: v for k, v in front.items() if v})
        elif where == "phantom":
            assert election is not None
            election = replace(election, phantom=_add(election.phantom, e.holder, sign * e.n))
    return replace(state, supply=places["supply"], bag=places["bag"], out=places["out"], election=election)


def _box_opened(state: State, e: BoxOpened) -> State:
    return replace(state, stack=(*state.stack, e.frame))


def _used(state: State, e: Used) -> State:
    frame = state.stack[-1]
    slots = list(frame.slots)
    slot = slots[e.slot]
    used = slot.items[e.item]
    done = Performed(frame.owner, used.symbol, frame.source, used.scope, e.by)
    if slot.mix:
        left = slot.n - e.n
        slots[e.slot] = replace(slot, n=left)
    else:
        item = slot.items[e.item]
        left = item.n - e.n
        slots[e.slot] = Slot((replace(item, n=left),))
    if left <= 0:
        del slots[e.slot]
    stack = (*state.stack[:-1], replace(frame, slots=tuple(slots)))
    return replace(state, stack=stack, performed=(*state.performed, done))


def _dropped(state: State, e: Dropped) -> State:
    frame = state.stack[-1]
    slots = frame.slots[: e.slot] + frame.slots[e.slot + 1 :]
    return replace(state, stack=(*state.stack[:-1], replace(frame, slots=slots)))


def _box_closed(state: State, e: BoxClosed) -> State:
    return replace(state, stack=state.stack[:-1])


def _tile_placed(state: State, e: TilePlaced) -> State:
    p = state.players[e.player]
    production = list(p.production)
    here = production[e.space]
    if e.back:
        i = len(here) - 1 - here[::-1].index(e.resource)
        production[e.space] = here[:i] + here[i + 1 :]
    else:
        production[e.space] = (*here, e.resource)
    return replace(state, players=_players(state, replace(p, production=tuple(production))))


def _areas(state: State, card: str) -> int:
    if card == data.HEADQUARTERS:
        return len(data.HEADQUARTERS_AREAS)
    return len(state.faces.buildings[card].areas)


def _built(state: State, e: Built) -> State:
    p = state.players[e.player]
    piles = state.piles
    hand = p.hand
    if e.source == "hand":
        hand = without(hand, e.card)
    else:
        piles = {**piles, e.source: take_top(piles[e.source], e.card)}
    site = Constructed(e.card, ((),) * _areas(state, e.card))
    p = replace(p, hand=hand, buildings=(*p.buildings, site))
    return replace(state, players=_players(state, p), piles=piles)


def _building_returned(state: State, e: BuildingReturned) -> State:
    p = state.players[e.player]
    pile = state.faces.buildings[e.card].pile
    piles = {**state.piles, pile: put_under(state.piles[pile], e.card)}
    return replace(state, players=_players(state, replace(p, hand=without(p.hand, e.card))), piles=piles)


def _building_destroyed(state: State, e: BuildingDestroyed) -> State:
    p = state.players[e.player]
    buildings = tuple(b for b in p.buildings if b.name != e.card)
    return replace(state, players=_players(state, replace(p, buildings=buildings)))


def _site(p: Player, name: str, area: int, placed: tuple[str, ...]) -> Player:
    buildings = []
    for site in p.buildings:
        if site.name == name:
            areas = list(site.placed)
            areas[area] = placed
            site = Constructed(name, tuple(areas))
        buildings.append(site)
    return replace(p, buildings=tuple(buildings))


def _placed(p: Player, name: str, area: int) -> tuple[str, ...]:
    return next(site.placed[area] for site in p.buildings if site.name == name)


def _workie_placed(state: State, e: WorkiePlaced) -> State:
    p = state.players[e.player]
    p = _site(p, e.building, e.area, (*_placed(p, e.building, e.area), e.colour))
    crafty = e.colour == "crafty"
    p = replace(p, crafties=p.crafties - crafty, brainies=p.brainies - (not crafty))
    return replace(state, players=_players(state, p))


def _workies_recalled(state: State, e: WorkiesRecalled) -> State:
    p = state.players[e.player]
    left = list(_placed(p, e.building, e.area))
    for colour in e.colours:
        left.remove(colour)
    p = _site(p, e.building, e.area, tuple(left))
    p = replace(
        p, crafties=p.crafties + e.colours.count("crafty"), brainies=p.brainies + e.colours.count("brainy")
    )
    return replace(state, players=_players(state, p))


def _news_taken(state: State, e: NewsTaken) -> State:
    return replace(state, news_up={**state.news_up, e.pile: ""}, taken=(*state.taken, e.pile))


def _news_stacked(state: State, e: NewsStacked) -> State:
    p = state.players[e.player]
    news = tuple(card for card in p.news if card != e.card)
    return replace(state, players=_players(state, replace(p, news=(*news, e.card))))


def _swindle_placed(state: State, e: SwindlePlaced) -> State:
    p = state.players[e.player]
    return replace(state, players=_players(state, replace(p, swindles=(*p.swindles, e.tile))))


def _marker_moved(state: State, e: MarkerMoved) -> State:
    return replace(state, marker=e.to, called=state.called or e.called)


def _law_drawn(state: State, e: LawDrawn) -> State:
    return replace(state, piles={**state.piles, e.colour: take_top(state.piles[e.colour], e.card)})


def _law_returned(state: State, e: LawReturned) -> State:
    return replace(state, piles={**state.piles, e.colour: put_under(state.piles[e.colour], e.card)})


def _office_done(state: State, e: OfficeDone) -> State:
    return replace(state, office_done=True)


def _turn_ended(state: State, e: TurnEnded) -> State:
    final = state.final - 1 if state.final > 0 else state.final
    return replace(state, phase="refill", stack=(), final=final)


def _building_drawn(state: State, e: BuildingDrawn) -> State:
    p = state.players[e.player]
    piles = {**state.piles, e.pile: take_top(state.piles[e.pile], e.card)}
    return replace(state, players=_players(state, replace(p, hand=(*p.hand, e.card))), piles=piles)


def _exchange_started(state: State, e: ExchangeStarted) -> State:
    return replace(state, phase="exchange", exchange=Exchange(e.player, e.space))


def _tile_turned(state: State, e: TileTurned) -> State:
    spaces = list(state.spaces)
    here = spaces[e.space]
    tiles = state.tiles
    if e.how == "flip":
        spaces[e.space] = Space(here.tile, not here.red)
    elif e.how == "remove":
        spaces[e.space] = Space()
    else:
        spaces[e.space] = Space(e.tile, e.space == 1)
        tiles = _from_tiles(state, e.tile)
    return replace(state, spaces=tuple(spaces), tiles=tiles)


def _exchange_ended(state: State, e: ExchangeEnded) -> State:
    here = state.spaces[e.space]
    markets = list(state.markets)
    if here.tile is not None:
        markets[e.space] = here.red
    return replace(state, markets=tuple(markets), exchange=None, filled=-1)


def _election_started(state: State, e: ElectionStarted) -> State:
    election = Election(e.trigger, "recall", e.recall, e.order)
    return replace(state, phase="election", election=election)


def _recall_done(state: State, e: RecallDone) -> State:
    assert state.election is not None
    recall = tuple(name for name in state.election.recall if name != e.player)
    return replace(state, election=replace(state.election, recall=recall))


def _draws_started(state: State, e: DrawsStarted) -> State:
    assert state.election is not None
    return replace(state, election=replace(state.election, step="draw", before=e.before))


def _drawn(state: State, e: Drawn) -> State:
    bag = state.bag
    for colour in e.colours:
        bag = _add(bag, colour, -1)
    if e.to == "supply":
        supply = state.supply
        for colour in e.colours:
            supply = _add(supply, colour, 1)
        return replace(state, bag=bag, supply=supply, draws=state.draws + 1)
    election = state.election
    assert election is not None
    mine = election.front.get(e.player, {})
    for colour in e.colours:
        mine = _add(mine, colour, 1)
    front = {k: v for k, v in {**election.front, e.player: mine}.items() if v}
    election = replace(election, front=front, drawer=(election.drawer + 1) % len(election.order))
    return replace(state, bag=bag, draws=state.draws + 1, election=election)


def _offices_given(state: State, e: OfficesGiven) -> State:
    players = {name: replace(p, office=e.offices.get(name, "")) for name, p in state.players.items()}
    return replace(state, players=players, dummy_office=e.offices.get(data.DUMMY, ""))


def _election_ended(state: State, e: ElectionEnded) -> State:
    return replace(state, marker=e.marker, called=False, election=None, elections=state.elections + 1)


def _final_round(state: State, e: FinalRound) -> State:
    return replace(state, final=e.turns)


def _game_ended(state: State, e: GameEnded) -> State:
    return replace(state, phase="over")


_HANDLERS: dict[type, Callable[[State, Any], State]] = {
    Declared: _declared,
    SetUp: _set_up,
    Shuffled: _shuffled,
    TilesPlaced: _tiles_placed,
    TileLaidOut: _tile_laid_out,
    TileRemoved: _tile_removed,
    NewsRevealed: _news_revealed,
    PacketDealt: _packet_dealt,
    Drafted: _drafted,
    TurnStarted: _turn_started,
    SuitcasePlaced: _suitcase_placed,
    Changed: _changed,
    Votes: _votes,
    BoxOpened: _box_opened,
    Used: _used,
    Dropped: _dropped,
    BoxClosed: _box_closed,
    TilePlaced: _tile_placed,
    Built: _built,
    BuildingReturned: _building_returned,
    BuildingDestroyed: _building_destroyed,
    WorkiePlaced: _workie_placed,
    WorkiesRecalled: _workies_recalled,
    NewsTaken: _news_taken,
    NewsStacked: _news_stacked,
    SwindlePlaced: _swindle_placed,
    MarkerMoved: _marker_moved,
    LawDrawn: _law_drawn,
    LawReturned: _law_returned,
    OfficeDone: _office_done,
    TurnEnded: _turn_ended,
    BuildingDrawn: _building_drawn,
    ExchangeStarted: _exchange_started,
    TileTurned: _tile_turned,
    ExchangeEnded: _exchange_ended,
    ElectionStarted: _election_started,
    RecallDone: _recall_done,
    DrawsStarted: _draws_started,
    Drawn: _drawn,
    OfficesGiven: _offices_given,
    ElectionEnded: _election_ended,
    FinalRound: _final_round,
    GameEnded: _game_ended,
}


def evolve(state: State, event: Event) -> State:
    """The state after one fact."""
    return _HANDLERS[type(event)](state, event)
