"""``legal``: concrete moves for whoever may act now, every one accepted by ``decide``.

It is the random-play fuzzer's move source, so it covers every kind of move, but it caps the
combinatorial ones: a workie or faction action one unit at a time; the resources of an
exchange and the colours of a draw a few ways each; building redraws a few pile mixes.
Cards a real table has never declared cannot be listed (their faces are unknown).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations, combinations_with_replacement

from ledger.decider import Ask, Unlisted
from ledger.errors import AmbiguousMove, RefereeError
from ledger.games.planet_b import data, effects
from ledger.games.planet_b import faces as pb_faces
from ledger.games.planet_b.effects import Item, parse_box
from ledger.games.planet_b.model import (
    SPACES,
    Build,
    BuySwindle,
    BuyTile,
    ChooseBox,
    Command,
    CopyBox,
    Deal,
    Destroy,
    Discard,
    DraftCard,
    DrawAll,
    DrawVotes,
    End,
    Export,
    Faction,
    Frame,
    Gain,
    Give,
    LawMove,
    Marker,
    Office,
    PayCost,
    Player,
    PlayNews,
    Produce,
    Recall,
    Redraw,
    Replay,
    Reveal,
    Sell,
    Skip,
    State,
    Swap,
    Workie,
)
from ledger.games.planet_b.rules import boxes, buildings, chance, core, elections, flow, setup, to_act, turn
from ledger.games.planet_b.rules.costs import can_pay, cost_due, plan
from ledger.piles import candidates, take_top
from ledger.words import card_word

PRODUCTION_SPACES = [f"{line}{n}" for line in data.LINES for n in range(1, data.LINE_SPACES + 1)]
DRAW_WAYS = 6  # whole draws listed for an election at a real table
SWAP_WAYS = 12  # resource mixes listed for an exchange of 5


def legal(state: State, player: str | None = None) -> Iterator[Command]:
    """Legal moves now, for everyone who may act (or only for ``player``)."""
    if player is None or player.lower() == "table":
        # The table's bookkeeping (``BOOKKEEPING``): the whole draw at once, for the drawers.
        yield from _draw_all(state)
    who = to_act(state)
    if player is not None:
        who = [name for name in who if name.lower() == player.lower()]
    if not who:
        return
    phase = state.phase
    if phase == "setup":
        yield from _setup_reveals(state)
    elif phase == "draft":
        yield from _draft(state)
    elif phase == "turn":
        yield from _turn(state, who[0])
    elif phase == "refill":
        yield from _refill(state)
    elif phase == "exchange":
        yield from _exchange(state)
    elif phase == "election":
        yield from _election(state)


def _composition(state: State, pile: str) -> list[str]:
    if pile in data.BUILDING_PILES:
        return [b.name for b in state.faces.buildings.values() if b.pile == pile]
    if pile in data.NEWS_PILES:
        return [n.name for n in state.faces.news.values() if n.pile == pile]
    return [law.name for law in state.faces.laws.values() if law.colour == pile]


def _tops(state: State, pile: str) -> list[str]:
    return candidates(state.piles[pile], _composition(state, pile))


def _setup_reveals(state: State) -> Iterator[Command]:
    placed = {space.tile for space in state.spaces}
    a_tiles = sorted(t.name for t in state.faces.tiles.values() if t.set == "A" and t.name not in placed)
    empty = setup.empty_spaces(state)
    if empty and len(a_tiles) == len(empty):  # the only tiles left to place, from the left
        yield Reveal("tiles", tuple(a_tiles[: len(empty)]))
        if len(empty) > 1:
            yield Reveal("tiles", tuple((a_tiles[1:] + a_tiles[:1])[: len(empty)]))
    if state.dummy and not state.removed:
        for name in sorted(t.name for t in state.faces.tiles.values() if t.set == "B"):
            yield Reveal("removed", (name,))
    for pile in data.NEWS_PILES:
        if pile not in state.news_up:
            for name in _tops(state, pile):
                yield Reveal("news", (name,), pile)


def _draft(state: State) -> Iterator[Command]:
    plan = state.draft
    assert plan is not None
    picker = plan.order[plan.index]
    if state.virtual or plan.packet:  # a packet the referee dealt (and knows, its seed lost or not)
        for card in sorted(set(plan.packet)):
            yield DraftCard(picker, card)
    else:
        for card in sorted(set(_composition(state, plan.pile)) - set(state.piles[plan.pile].seen)):
            yield DraftCard(picker, card)


def pay_ways(state: State, name: str, costs: Sequence[Item]) -> list[tuple[str, ...]]:
    """The ``--pay`` choices that pay ``costs`` (``()`` when there is nothing to choose)."""
    ways: list[tuple[str, ...]] = []
    frontier: list[tuple[str, ...]] = [()]
    for _ in range(3):
        grown: list[tuple[str, ...]] = []
        for words in frontier:
            try:
                plan(state, name, costs, words)
                ways.append(words)
            except AmbiguousMove as error:
                grown += [(*words, *c.removeprefix("--pay ").split(",")) for c in error.candidates]
            except RefereeError:
                pass
        frontier = grown
    return ways[:4]


def _turn(state: State, name: str) -> Iterator[Command]:
    frame = core.top(state)
    if frame is None:
        yield from _free_time(state, name)
        return
    yield from _frame(state, frame)


def _free_time(state: State, name: str) -> Iterator[Command]:
    player = state.players[name]
    if not state.dealt:
        spaces = turn.open_space_indices(state)
        payable = [i for i in spaces if can_pay(state, name, turn.deal_box(state, i).costs)]
        for i in payable or spaces:
            for words in pay_ways(state, name, turn.deal_box(state, i).costs) if payable else [()]:
                yield Deal(name, SPACES[i], words)
    owed = flow.office_owed(state)
    if owed:
        immoral = core.immoral(state, name)
        if owed == "vice-president" and not immoral:
            for track in data.TRACKS:
                yield Office(name, track)
        elif owed == "president" and not state.virtual:
            colour = "blue" if immoral else "yellow"
            for law in _tops(state, colour):
                yield Office(name, law)
        else:
            yield Office(name)
    if flow.may_end(state):
        yield End(name)
    yield from _sales(player)
    yield from _tiles(state, name)


def _sales(player: Player) -> Iterator[Command]:
    for resource in player.warehouse:
        yield Sell(player.name, (resource,))
    if len(player.warehouse) > 1:
        yield Sell(player.name, tuple(sorted(r for r, n in player.warehouse.items() for _ in range(n))))


def _tiles(state: State, name: str) -> Iterator[Command]:
    player = state.players[name]
    if player.money >= data.TILE_PRICE:
        for resource in sorted(set(core.tiles_left(state, player))):
            for space in PRODUCTION_SPACES:
                yield BuyTile(name, resource, space)
    for i, stack in enumerate(player.production):
        for resource in sorted(set(stack)):
            yield BuyTile(name, resource, PRODUCTION_SPACES[i], back=True)


def _frame(state: State, frame: Frame) -> Iterator[Command]:
    name = frame.owner
    player = state.players[name]
    due = cost_due(frame)
    if due is not None:  # a payer's share of an "All Others" cost: what they pay, and nothing else
        for words in pay_ways(state, name, [due[2]]):
            yield PayCost(name, tuple(sorted(words)))
        return
    symbols = {item.symbol for slot in frame.slots for item in slot.items}
    if any(core.slot_free(state, slot) for slot in frame.slots):
        yield Gain(name)
    gains: set[str] = set()
    for slot in frame.slots:
        for item in slot.items:
            if core.free(state, item) and (slot.choice or slot.mix):
                gains.add(effects.item_text(Item(item.symbol, item.n if slot.choice else 1)))
            if item.symbol == "resource":
                gains.update(data.RESOURCES)
    for word in sorted(gains):
        yield Gain(name, (word,))
    if "produce" in symbols:
        yield Produce(name, "upper")
        yield Produce(name, "lower")
    if "tile" in symbols:
        yield from (m for m in _tiles(state, name) if isinstance(m, BuyTile) and not m.back)
    if symbols & {"build", "build-free"}:
        for card in sorted(set(player.hand)):
            face = state.faces.buildings[card]
            if "build-free" in symbols or player.money >= face.cost:
                yield Build(name, card)
            if "build" in symbols:
                yield Build(name, card, back=True)
    for symbol in ("draw-build-a", "draw-build-b"):
        if symbol in symbols and not state.virtual:
            for card in _tops(state, symbol[-1].upper()):
                if card not in player.hand:
                    yield Build(name, card)
    if symbols & {"crafty", "brainy", "workie", "work"}:
        yield from _workies(state, frame, symbols)
    yield from _factions(state, frame, symbols)
    if "news" in symbols:
        for pile in data.NEWS_PILES:
            card = state.news_up.get(pile, "")
            if card:
                box = parse_box(state.faces.news[card].box)
                for words in pay_ways(state, name, box.costs):
                    yield PlayNews(name, pile, words)
    if any(boxes.item_possible(state, frame, Item(s)) for s in symbols & {"swindle", "swindle-free"}):
        for tile in sorted(set(core.swindles_left(player))):
            yield BuySwindle(name, tile)
    if "marker" in symbols:
        yield Marker(name, "left")
        yield Marker(name, "right")
    yield from _laws(state, frame, symbols)
    for symbol in sorted(s for s in symbols if s.startswith("box")):
        n = int(symbol[3:])
        box = parse_box(core.building(state, frame.card).boxes[n - 1])
        for words in pay_ways(state, name, box.costs):
            yield ChooseBox(name, n, words)
    yield from _specials(state, frame, symbols)
    if any(not boxes.possible(state, frame, slot) for slot in frame.slots):
        yield Skip(name)


def _workies(state: State, frame: Frame, symbols: set[str]) -> Iterator[Command]:
    name = frame.owner
    player = state.players[name]
    for colour in data.WORKIES:
        if symbols & {colour, "workie", "work"}:
            yield Workie(name, (colour,))
    if "work" not in symbols:
        return
    for site in player.buildings:
        for colour in data.WORKIES:
            if (player.crafties if colour == "crafty" else player.brainies) < 1:
                continue
            areas = buildings.free_areas(state, name, site.name, colour)
            for area in areas:
                where = card_word(site.name) + (f".{area + 1}" if len(areas) > 1 else "")
                yield Workie(name, (f"{colour}@{where}",))


def _factions(state: State, frame: Frame, symbols: set[str]) -> Iterator[Command]:
    name = frame.owner
    player = state.players[name]
    for track in data.TRACKS:
        steps = {track, "faction", f"{track}-check", "faction-check", "neglect"}
        if symbols & steps:
            yield Faction(name, (track,))
        if symbols & {f"{track}-check", "faction-check", "neglect"}:
            for space in range(1, player.factions[track] + 1):
                for which, text in zip("ab", core.track(state, track).spaces[space - 1], strict=True):
                    for words in pay_ways(state, name, parse_box(text).costs):
                        yield Faction(name, (f"{track}:{space}{which}",), words)


def _laws(state: State, frame: Frame, symbols: set[str]) -> Iterator[Command]:
    name = frame.owner
    for side in ("left", "right"):
        if f"law-{side}" in symbols:
            face = state.faces.laws[frame.card]
            president = (face.left if side == "left" else face.right)[0]
            for words in pay_ways(state, name, parse_box(president).costs):
                yield LawMove(name, side=side, pay=words)
    if "law" in symbols and not state.virtual:
        colour = "blue" if core.immoral(state, name) else "yellow"
        for card in _tops(state, colour):
            yield LawMove(name, card=card)
    if "pick-law" in symbols:
        for colour in data.LAW_PILES:
            if state.virtual:
                yield LawMove(name, pile=colour)
            else:
                for card in _tops(state, colour):
                    yield LawMove(name, pile=colour, card=card)


def _specials(state: State, frame: Frame, symbols: set[str]) -> Iterator[Command]:
    name = frame.owner
    player = state.players[name]
    if "invitation" in symbols:
        yield Discard(name, ())
        for card in sorted(set(player.hand)):
            yield Discard(name, (card,))
        if player.hand:
            yield Discard(name, tuple(player.hand))
    if symbols & {"renovate", "export-building"}:
        for site in player.buildings:
            yield Destroy(name, site.name)
    if "solar" in symbols:
        for site in player.buildings:
            if site.name == frame.card:
                continue
            for n, text in enumerate(core.building(state, site.name).boxes, 1):
                for words in pay_ways(state, name, parse_box(text).costs):
                    yield CopyBox(name, site.name, n, words)
    if "vaccinate" in symbols:
        for site in player.buildings:
            if site.name == frame.card:
                continue
            for a, placed in enumerate(site.placed):
                for colour in sorted(set(placed)):
                    yield Recall(name, (f"{card_word(site.name)}.{a + 1}",), colour)
    if "replay" in symbols:
        for card in sorted(set(player.news)):
            for words in pay_ways(state, name, parse_box(state.faces.news[card].box).costs):
                yield Replay(name, card, words)
    if "smoothie" in symbols and player.warehouse.get("plant", 0):
        for other in state.seats:
            if other != name:
                yield Give(name, (other,))
    if "triple-sale" in symbols:
        yield Export(name, ())
        held = sorted(r for r, n in player.warehouse.items() for _ in range(min(n, 2)))
        for pair in sorted(set(combinations(held, 2)) | {(r,) for r in held}):
            yield Export(name, pair)
    if symbols & {"chance", "bet"} and not state.virtual:
        for colours in draw_ways(state, chance.bag_draw_size(state, 3)):
            yield DrawVotes(name, colours)


def draw_ways(state: State, size: int) -> list[tuple[str, ...]]:
    """A few colour mixes of ``size`` votes the bag holds: one for each colour it holds (not
    one it holds none of), that colour first, then the colours it holds most of. The bag
    holds the players' colours only (and the dummy's), so no more than 4 mixes."""
    bag = +Counter(state.bag)
    ways: set[tuple[str, ...]] = set()
    for first in sorted(bag):
        pool = Counter(bag)
        drawn = [first]
        pool[first] -= 1
        for colour in sorted(pool, key=lambda c: (-pool[c], c)):
            while len(drawn) < size and pool[colour] > 0:
                drawn.append(colour)
                pool[colour] -= 1
        if len(drawn) == size:
            ways.add(tuple(sorted(drawn)))
    return sorted(ways)


def _draw_all(state: State) -> Iterator[Command]:
    """A few whole draws at a real table: the bag's votes, in a few orders, dealt out in turn
    to each drawer's total (``elections.draws_left``)."""
    totals = elections.draws_left(state)
    if not totals or state.virtual:
        return
    bag = sorted(colour for colour, n in state.bag.items() for _ in range(n))
    ways: set[tuple[tuple[str, tuple[str, ...]], ...]] = set()
    for shift in range(len(bag)):
        votes = bag[shift:] + bag[:shift]
        dealt: list[tuple[str, tuple[str, ...]]] = []
        for name, n in totals.items():
            at = sum(len(colours) for _, colours in dealt)
            dealt.append((name, tuple(sorted(votes[at : at + n]))))
        ways.add(tuple(dealt))
        if len(ways) >= DRAW_WAYS:
            break
    for way in sorted(ways):
        yield DrawAll(dict(way))


def _refill(state: State) -> Iterator[Command]:
    name = state.active
    needed = flow.redraw_needed(state)
    if needed:
        piles = [p for p in data.BUILDING_PILES if len(state.piles[p])]
        for combo in combinations_with_replacement(piles, needed):
            if any(combo.count(p) > len(state.piles[p]) for p in piles):
                continue
            if state.virtual:
                yield Redraw(name, combo)
                continue
            # each card the pile may give next, the pile followed as it is drawn from (a top
            # the referee knows, as after INVITATION TO BID, is the one drawn)
            after = dict(state.piles)
            picked: list[str] = []
            for pile in combo:
                left = candidates(after[pile], _composition(state, pile))
                if not left:
                    break
                picked.append(left[len(picked) % len(left)])
                after[pile] = take_top(after[pile], picked[-1])
            if len(picked) == needed:
                yield Redraw(name, tuple(picked))
        return
    for pile in flow.news_awaited(state):
        for card in _tops(state, pile):
            yield Reveal("news", (card,), pile)


def _exchange(state: State) -> Iterator[Command]:
    exchange = state.exchange
    assert exchange is not None
    if flow.exchange_step(state) == "resources":
        size = flow.exchange_size(state, exchange.player)
        ways = list(combinations_with_replacement(data.RESOURCES, size))
        if len(ways) > SWAP_WAYS:
            ways = ways[:: len(ways) // SWAP_WAYS][:SWAP_WAYS]
        for combo in ways:
            yield Swap(exchange.player, tuple(sorted(combo)))
        return
    names = [t.name for t in state.faces.tiles.values() if t.set == "B"]
    for tile in candidates(state.tiles, names):
        yield Reveal("tile", (tile,))


def _election(state: State) -> Iterator[Command]:
    election = state.election
    assert election is not None
    if election.step == "recall":
        name = election.recall[0]
        areas = elections.partly_filled(state, name)
        yield Recall(name)  # keeps them all
        for area in areas:
            yield Recall(name, (area,))
        if len(areas) > 1:
            yield Recall(name, tuple(areas))
        return
    name = elections.drawer(state)
    for colours in draw_ways(state, elections.draw_size(state, name)):
        yield DrawVotes(name, colours)


# ---------------------------------------------------------------------------- new cards

_NAME = "its name, as printed on the card"
_BOX = "as printed, in the effect language (a box's words joined by commas: -2money,news)"


def unlisted(state: State) -> Iterator[Unlisted]:
    """Moves ``legal`` cannot list at a real table, the card being new to the referee: a
    conglomerate tile, building, news card or law whose face nobody has declared, while its
    pile is not all declared (Game Components: 7 tiles, 42 buildings, 46 news cards, 20 laws).
    The table types what the card shows, in the effect language; ``reveal`` then lists it.
    And the redraw after a turn (Redrawing Buildings: "You may choose which pile(s) to draw
    from"): ``legal`` lists one draw per mix of piles, so the player names each building they
    drew, one ask a card, among every declared building of a pile not empty that the player
    can see is not drawn (not in their own hand nor built: the others' hands are hidden)."""
    if state.virtual or state.phase == "over":
        return
    needed = flow.redraw_needed(state)
    if needed:
        seen = {
            *state.players[state.active].hand,
            *(b.name for p in state.players.values() for b in p.buildings),
        }
        buildings = state.faces.buildings.values()
        drawn = {card_word(b.name) for b in buildings if len(state.piles[b.pile]) and b.name not in seen}
        ask = Ask("", "a building you drew, as printed", tuple(sorted(drawn)))
        yield Unlisted(state.active, f"redraw {state.active}", (ask,) * needed, "the buildings I drew")
    faces = state.faces
    form = setup_form(state)
    if form is not None:
        yield form
    kinds = [
        ("tile", "a new conglomerate tile", len(faces.tiles) < sum(data.TILE_SETS.values())),
        ("building", "a new building", len(faces.buildings) < sum(data.BUILDING_PILES.values())),
        ("news", "a new news card", len(faces.news) < sum(data.NEWS_PILES.values())),
        ("law", "a new law", len(faces.laws) < sum(data.LAW_PILES.values())),
    ]
    for kind, label, wanted in kinds:
        if wanted:
            yield Unlisted("table", f"declare {kind}", (Ask("", _NAME, ()), *_ASKS[kind]), label)


def setup_form(state: State) -> Unlisted | None:
    """What the setup waits for first, one card or board at a time, asked as one form (issue
    41): in phase "cards" the board faces (``faces.board_missing``'s order: the side, each
    player board, the production tiles, the headquarters, the mood track, the swindle spaces,
    the 3 faction tracks); at a real table's setup the cards it brings out with their faces
    (the A tiles from the left, the B tile removed with 2 players, the top news card of each
    pile); in the draft, a building new to the referee, asked of the player choosing."""
    if state.phase == "cards":
        missing = pb_faces.board_missing(state.faces, len(state.seats))
        first = missing[0].split(" ") if missing else [""]
        if first[0] == "side":
            return side_form(state)
        if first[0] == "board":
            return board_form(first[1])
        if first[0] == "track":
            return track_form(first[1])
        build = _BOARD_FORMS.get(first[0])
        return build() if build is not None else None
    if state.phase == "setup":
        return reveal_form(state)
    if state.phase == "draft":
        return draft_form(state)
    return None


_SOLD = tuple(r for r in data.RESOURCES if r != "meat")  # Selling Resources: meat is sold for 6
_RESOURCES = "left to right, a resource each: tap them or type RESOURCE,RESOURCE,RESOURCE"


def board_form(number: str) -> Unlisted:
    """A player board (Setting Up Your Player Board): its number, printed on it, filled in; its
    two production lines, a field each, the resources chips to tap."""
    asks = (
        Ask("upper=", f"the upper production line, {_RESOURCES}", data.RESOURCES, tap=True,
            example="plastic,iridium,plant"),
        Ask("lower=", f"the lower production line, {_RESOURCES}", data.RESOURCES, tap=True,
            example="water,meat,chip"),
    )  # fmt: skip
    fixed = (("player board, its number as printed on it", number),)
    label = f"player board {number}"
    return Unlisted("table", f"declare board {number}", asks, label, form=True, fixed=fixed)


def side_form(state: State) -> Unlisted:
    """The board's side the setup waits for first, asked as one form (issue 41): which side is
    the rulebook's ("Make sure you use the right side of the board. Look for the "4" symbol":
    the player count says it), filled in; what the side shows, a field each, in the move's keys."""
    name = setup.side_name(state)
    players = "4 players" if name == data.FULL_SIDE else "2 or 3 players"
    examples = ("plastic:3/4,iridium:3/5", "water:2/3,plant:2/4", "hydrogen:3/5,chip:4/6")
    asks = (
        Ask("suitcases=", "suitcase spaces beside each conglomerate tile", (), example="3"),
        Ask("track=", "spaces of the election track (the last calls an election)", (), example="7"),
        Ask("start=", "the election marker's starting space (1: the leftmost)", (), example="2"),
        *(
            Ask("market=", f"the market below the {where} tile, RESOURCE:GREY/RED,...", _SOLD, tap=True,
                example=example)
            for where, example in zip(SPACES, examples, strict=True)
        ),
    )  # fmt: skip
    fixed = ((f"side, for {players} (Game Components and Setup)", name),)
    return Unlisted("table", f"declare side {name}", asks, "the board's side", form=True, fixed=fixed)


def production_form() -> Unlisted:
    """Each player's production tiles (Game Components: "40 production tiles (10 per player)";
    Setting Up Your Player Board: "Take the 4 swindle tiles and 10 production tiles"): how many
    is printed, filled in; the resource of each, chips to tap."""
    ask = Ask(
        "tiles=",
        "the resource on each of them, tap them or type RESOURCE,... (10)",
        data.RESOURCES,
        tap=True,
        example="plastic,iridium,water,plant,hydrogen,chip,meat,meat,chip,hydrogen",
    )
    fixed = (("production tiles per player (Game Components)", str(data.PRODUCTION_TILES)),)
    return Unlisted("table", "declare production", (ask,), "the production tiles", form=True, fixed=fixed)


def headquarters_form() -> Unlisted:
    """The headquarters (Placing a Workie: "The Headquarters has only one area that needs to be
    filled with 1 crafty and 1 brainy"): its work area printed, filled in; its 1 or 2 action
    boxes, a field each."""
    ask = Ask("box=", f"each action box, {_BOX}", (), 2, least=1, example="swindle,2money")
    fixed = (("its work area, 1 crafty and 1 brainy (Placing a Workie)", data.HEADQUARTERS_AREAS[0]),)
    return Unlisted("table", "declare headquarters", (ask,), "the headquarters", form=True, fixed=fixed)


MOOD_SPACES = 5  # fields offered on each side of the neutral space (the rulebook prints no count)


def mood_form() -> Unlisted:
    """The mood track, lowest space first (Elections: 2. Score Mood Tracks): the neutral space
    printed empty ("For neutral mood, nothing happens"), shown and posted as it is; the spaces
    below it ("you must pay the indicated number of votes"; very negative: "all other players
    ... add the indicated number of votes") and above it ("you take money and add votes to the
    bag"), a field each; and the neutral space's place, which is how many spaces lie below it."""
    asks = (
        Ask("space=", "a space below neutral, the lowest first: its box (votes paid; very negative: others:"
            "Nvote too)", (), MOOD_SPACES, least=1, example="-2vote"),
        Ask("space=", "the neutral space: nothing happens (2. Score Mood Tracks)", ("",)),
        Ask("space=", "a space above neutral, upwards: its box (money and votes)", (), MOOD_SPACES, least=1,
            example="2money,vote"),
        Ask("neutral=", "how many spaces lie below the neutral one", (), example="1"),
    )  # fmt: skip
    return Unlisted("table", "declare mood", asks, "the mood track", form=True)


def swindle_form() -> Unlisted:
    """The swindle spaces of a player board, topmost first (Buy a Swindle Tile: "You have a total
    of 4 swindle tiles"; "pay the indicated costs and take the indicated reward"): how many is
    printed, filled in; each space's cost and reward, a field each."""
    ask = Ask(
        "space=",
        "each space, the topmost first: its costs, then its reward, split by '.'",
        (),
        len(data.SWINDLE_TILES),
        example="-3money.2vote",
    )
    fixed = (("swindle spaces, one per swindle tile (Buy a Swindle Tile)", str(len(data.SWINDLE_TILES))),)
    return Unlisted("table", "declare swindle", (ask,), "the swindle spaces", form=True, fixed=fixed)


TRACK_SPACES = 8  # fields offered for a faction track's spaces (the rulebook prints no count)


def track_form(name: str) -> Unlisted:
    """A faction track (Faction Action: Scoring, "Choose 1 of the two action boxes next to the
    space your disc is on"): its name filled in; each space after the start, its 2 boxes split
    by '.', a field each; the last capitalist space printed, shown and posted as it is (the
    Scoring example: "you'd rather have a build action than 20 money")."""
    two = "a space after the start, left to right: its 2 action boxes split by '.'"
    last = data.CAPITALIST_LAST if name == "capitalist" else None
    asks: tuple[Ask, ...] = (
        Ask("space=", two, (), TRACK_SPACES - (last is not None), least=1, example="3money.vote"),
    )
    if last is not None:
        asks += (Ask("space=", "its last space (Faction Action: Scoring example)", (".".join(last),)),)
    fixed = (("faction track (Faction Action)", name),)
    return Unlisted("table", f"declare track {name}", asks, f"the {name} track", form=True, fixed=fixed)


_BOARD_FORMS = {
    "production": production_form,
    "headquarters": headquarters_form,
    "mood": mood_form,
    "swindle": swindle_form,
}


def _tile_asks(example: str) -> tuple[Ask, ...]:
    return (
        Ask("", _NAME, (), example=example),
        Ask("grey=", f"its grey side's box, {_BOX}", (), example="produce,2money"),
        Ask("grey_then=", "after its grey side is used, the tile is", ("flip", "remove")),
        Ask("red=", f"its red side's box, {_BOX}", (), example="-3money,news"),
        Ask("red_then=", "after its red side is used, the tile is", ("remove", "flip")),
    )


def reveal_form(state: State) -> Unlisted | None:
    """A real table's setup (Game Components and Setup), each card it brings out asked with its
    face, one a form: the A tiles, from the left ("Add the 3 A tiles to the game board"), the
    B tile removed with 2 players (Changes for 2 and 3 Players), then the top card of each news
    pile ("flip the top news card of each pile"); the set or pile it comes off filled in, and
    a II news card's immoral symbol ("All II news cards are immoral")."""
    if state.virtual or not setup.awaited(state):
        return None
    set_a = sum(t.set == "A" for t in state.faces.tiles.values()) < data.TILE_SETS["A"]
    empty = setup.empty_spaces(state)
    if empty and set_a:
        where = SPACES[empty[0]]
        fixed: tuple[tuple[str, str], ...] = (
            ("set, on its back (Game Components and Setup)", "A"),
            ("its space on the board", where),
        )
        label = f"the A tile on the {where} space"
        return Unlisted("table", "reveal tiles", _tile_asks("orbital-farms"), label, form=True, fixed=fixed)
    set_b = sum(t.set == "B" for t in state.faces.tiles.values()) < data.TILE_SETS["B"]
    if state.dummy and not state.removed and set_b and not empty:
        fixed = (("set, on its back (Changes for 2 and 3 Players)", "B"),)
        label = "the B tile removed (2 players)"
        return Unlisted("table", "reveal removed", _tile_asks("deep-mine"), label, form=True, fixed=fixed)
    for pile in data.NEWS_PILES:
        known = sum(n.pile == pile for n in state.faces.news.values())
        if pile in state.news_up or known >= data.NEWS_PILES[pile]:
            continue
        immoral = Ask("immoral=", "an immoral news card (all II are, half of the III)", ("yes", "no"))
        if pile == "II":
            immoral = Ask("immoral=", "immoral: all II news cards are (Immoral News Cards)", ("yes",))
        asks = (
            Ask("", _NAME, (), example="plastic-bags"),
            Ask("box=", f"its box, {_BOX}", (), example="2plastic"),
            immoral,
        )
        fixed = (("pile, the top card flipped (Game Components and Setup)", pile),)
        label = f"the top news card of pile {pile}"
        return Unlisted("table", f"reveal news {pile}", asks, label, form=True, fixed=fixed)
    return None


def draft_form(state: State) -> Unlisted | None:
    """Starting Buildings at a real table: the building the player choosing keeps, new to the
    referee, its face typed with the draft (``draft PLAYER NAME cost=...``): the pile, the
    packet's, filled in; its cost (Redrawing Buildings: the pile's range), victory points, work
    areas (the pile's workies) and action boxes, a field each."""
    plan = state.draft
    if state.virtual or plan is None or plan.packet:
        return None
    pile = plan.pile
    if sum(b.pile == pile for b in state.faces.buildings.values()) >= data.BUILDING_PILES[pile]:
        return None
    player = plan.order[plan.index]
    low, high = data.BUILDING_COSTS[pile]
    workies = " and ".join(sorted(data.BUILDING_WORKIES[pile]))
    asks = (
        Ask("", _NAME, (), example="garage"),
        Ask("cost=", f"its cost in money ({pile} buildings cost {low} to {high}: Redrawing Buildings)", (),
            example=str(low)),
        Ask("vp=", "its victory points", (), example="1"),
        Ask("area=", f"each work area's spaces, {workies} ({pile} buildings: Redrawing Buildings),"
            " joined by '+'", (), 2, least=1, example=_AREA_EXAMPLE[pile]),
        Ask("box=", f"each action box, {_BOX}", (), 2, least=1, example="2plant"),
    )  # fmt: skip
    fixed = (("its pile, the packet's (Starting Buildings)", pile),)
    label = f"the {pile} building {player} keeps"
    return Unlisted(player, f"draft {player}", asks, label, form=True, fixed=fixed)


_AREA_EXAMPLE = {"A": "crafty", "B": "crafty+brainy", "C": "brainy"}


_ASKS: dict[str, tuple[Ask, ...]] = {
    "tile": (
        Ask("set=", "its set (the tile's back)", tuple(data.TILE_SETS)),
        Ask("grey=", f"its grey side's box, {_BOX}", ()),
        Ask("grey_then=", "after its grey side is used, the tile is", ("flip", "remove")),
        Ask("red=", f"its red side's box, {_BOX}", ()),
        Ask("red_then=", "after its red side is used, the tile is", ("flip", "remove")),
    ),
    "building": (
        Ask("pile=", "its pile", tuple(data.BUILDING_PILES)),
        Ask("cost=", "its cost in money", ()),
        Ask("vp=", "its victory points", ()),
        Ask("area=", "each work area's spaces, as printed (crafty+brainy)", (), 2, least=1),
        Ask("box=", f"each action box, {_BOX}", (), 2, least=1),
    ),
    "news": (
        Ask("pile=", "its pile", tuple(data.NEWS_PILES)),
        Ask("box=", f"its box, {_BOX}", ()),
        Ask("immoral=", "an immoral news card (all II are, half of the III)", ("yes", "no")),
    ),
    "law": (
        Ask("colour=", "its colour", tuple(data.LAW_PILES)),
        Ask("left=", "its left box: the President's part, then All Others', split by '.'", ()),
        Ask("right=", "its right box: the President's part, then All Others', split by '.'", ()),
    ),
}
