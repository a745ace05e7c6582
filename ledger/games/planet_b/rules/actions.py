"""What Actions Are There?, Offices, and the particular cards: the moves a player makes
inside their turn, each performing units of an action of the open box (``core``).

Also the turn's free moves (Your Turn: A Summary): the deal, selling, production tiles, the
office action.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from msgspec.structs import replace

from ledger.errors import AmbiguousMove, BadInput, IllegalMove, NotYourTurn
from ledger.games.planet_b import data, effects
from ledger.games.planet_b.effects import Box, Item, Slot, parse_box
from ledger.games.planet_b.faces import areas_of
from ledger.games.planet_b.model import (
    SPACES,
    BoxOpened,
    Build,
    BuildingDestroyed,
    BuildingReturned,
    Built,
    BuySwindle,
    BuyTile,
    ChooseBox,
    CopyBox,
    Deal,
    Destroy,
    Discard,
    Drawn,
    DrawVotes,
    Export,
    Faction,
    Frame,
    Gain,
    Give,
    LawDrawn,
    LawMove,
    Marker,
    MarkerMoved,
    NewsTaken,
    Office,
    OfficeDone,
    PayCost,
    PlayNews,
    Produce,
    Recall,
    Replay,
    Sell,
    Skip,
    State,
    SuitcasePlaced,
    SwindlePlaced,
    TilePlaced,
    Workie,
    WorkiePlaced,
    WorkiesRecalled,
)
from ledger.games.planet_b.rules import core
from ledger.games.planet_b.rules.core import (
    REFEREE,
    Out,
    acting,
    close,
    find,
    missing,
    open_box,
    slot_free,
    top,
    use,
)
from ledger.games.planet_b.sections import (
    R_BUILD,
    R_COSTS,
    R_DEAL,
    R_FACTION,
    R_MARKER,
    R_NEWS,
    R_OFFICES,
    R_PARTICULAR,
    R_PLACE,
    R_PRESIDENT,
    R_PRODUCTION,
    R_SCORING,
    R_SELL,
    R_SUMMARY,
    R_SWINDLE,
    R_TAKE,
    R_TILES,
    R_WORKIE,
)
from ledger.piles import counts_text, draw, require_all, rng
from ledger.words import card_word

# ---------------------------------------------------------------------------- gains


def move_marker(out: Out, n: int) -> None:
    """The Election Track: ``n`` spaces right (left if negative), no further than an end;
    reaching the last space, or moving right on it, calls an election after the turn."""
    last = core.side(out.state).track
    to = max(1, min(last, out.state.marker + n))
    out.add(MarkerMoved(to, n > 0 and to == last))


def settle(out: Out) -> None:
    """Perform what is left with nothing to choose, and close finished boxes, until the top
    box waits for a choice (Costs and Action Boxes: every action performed as fully as can)."""
    while True:
        frame = top(out.state)
        if frame is None:
            return
        if not frame.slots:
            close(out)
            continue
        if not all(slot_free(out.state, slot) for slot in frame.slots):
            return
        item = frame.slots[0].items[0]
        use(out, 0, 0, item.n, "" if out.state.legacy else REFEREE)
        perform_free(out, frame, item)


def perform_free(out: Out, frame: Frame, item: Item) -> None:
    """Perform an item with nothing to choose; a scoped one for every player it names (a
    choice among them opens a box for each, the first in turn order on top)."""
    if item.scope:
        names = core.scoped(out.state, frame.owner, item)
        one = replace(item, scope="")
        boxes = []
        for name in names:
            if core.free(out.state, one):
                gain(out, name, one, frame)
            elif name != data.DUMMY:
                boxes.append(name)
        for name in reversed(boxes):
            open_box(out, name, f"{frame.source} ({item.scope})", Box((), (Slot((one,)),)))
        return
    gain(out, frame.owner, item, frame)


def gain(out: Out, name: str, item: Item, frame: Frame) -> None:
    """One item with nothing to choose, for ``name``."""
    why = frame.source
    n, symbol = item.n, item.symbol
    if symbol == "money":
        core.money(out, name, n, why)
    elif symbol == "vp":
        if name != data.DUMMY:
            core.change(out, name, why, vp=n)
    elif symbol == "mood":
        if name != data.DUMMY:
            core.mood(out, name, n, why)
    elif symbol in data.RESOURCES:
        core.resources(out, name, {symbol: n}, why)
    elif symbol in data.WORKIES:
        core.workies(out, name, n if symbol == "crafty" else 0, n if symbol == "brainy" else 0, why)
    elif symbol == "vote":
        core.add_votes(out, name, n, why)
    elif symbol in ("right", "left"):
        move_marker(out, n if symbol == "right" else -n)
    elif symbol in data.TRACKS:
        core.steps(out, name, symbol, n, why)
    elif symbol == "sculpture":
        # CUTE SCULPTURE: a vote for each step advanced on the 3 faction tracks (12 maximum).
        advanced = sum(out.state.players[name].factions.values())
        core.add_votes(out, name, min(data.SCULPTURE_MAX, advanced), why)
    elif symbol == "mood-bottom":
        low, _ = core.mood_range(out.state)
        core.change(out, name, why, mood=low - out.state.players[name].mood)
    elif symbol in ("draw-build-a", "draw-build-b"):
        _draw_build(out, name, symbol[-1].upper(), None, why)
    elif symbol in ("chance", "bet"):
        _bag_draw(out, name, symbol, None)
    elif symbol == "law":
        draw_law(out, name, "blue" if core.immoral(out.state, name) else "yellow", None, why)
    else:
        raise AssertionError(item)


# ---------------------------------------------------------------------------- the turn


def turn_player(state: State, name: str, rule: str = R_SUMMARY) -> None:
    """It is ``name``'s turn and no one else's box is open (selling, tiles, deal, office)."""
    core.player_of(state, name)
    if state.phase != "turn":
        raise NotYourTurn("this is done in one's own turn", rule=rule)
    if state.active != name:
        raise NotYourTurn(f"it is {state.active}'s turn, not {name}'s", rule=rule)
    frame = core.top(state)
    if frame is not None and frame.owner != name:
        raise NotYourTurn(f"{frame.owner} performs {frame.source} now", rule=R_COSTS)


def _no_box(state: State, name: str, what: str) -> None:
    frame = core.top(state)
    if frame is not None:
        raise IllegalMove(
            f"{what} only once the open box is done: one action is finished before the next",
            rule=R_COSTS,
            legal=f"left in {frame.source}: {core.offered(frame)}",
        )


def deal(out: Out, command: Deal) -> None:
    """Your Turn: Make a Deal: a suitcase on the topmost empty space, a red side costs 1
    mood, then the tile's box."""
    state = out.state
    turn_player(state, command.player, R_DEAL)
    _no_box(state, command.player, "a deal")
    if state.dealt:
        raise IllegalMove(f"{command.player} has made a deal this turn", rule=R_DEAL, legal="end the turn")
    index = core.space_index(command.space)
    space = state.spaces[index]
    room = core.side(state).suitcases
    if space.tile is None or space.suitcases >= room:
        raise IllegalMove(
            f"no conglomerate tile with an empty suitcase space on the {command.space}",
            rule=R_DEAL,
            legal=f"deal to {' | '.join(open_spaces(state))}",
        )
    box: Box | None = deal_box(state, index)
    assert box is not None
    if not core.can_pay(state, command.player, box.costs):
        payable = [
            SPACES[i]
            for i in open_space_indices(state)
            if core.can_pay(state, command.player, deal_box(state, i).costs)
        ]
        if payable:
            raise IllegalMove(
                f"{command.player} cannot pay the costs of {space.tile}'s box",
                rule=R_COSTS,
                legal=f"deal to {' | '.join(payable)}",
            )
        box = None
    elif box.costs:
        core.plan(state, command.player, box.costs, command.pay)
    out.add(SuitcasePlaced(command.player, index, space.suitcases + 1 == room))
    if space.red:
        core.mood(out, command.player, -1, "an illegal deal costs 1 mood")
    source = f"{command.space} {space.tile}"
    if box is not None:
        open_box(out, command.player, source, box, pay_words=command.pay)
        settle(out)


def deal_box(state: State, index: int) -> Box:
    space = state.spaces[index]
    assert space.tile is not None
    face = state.faces.tiles[space.tile]
    return parse_box(face.red if space.red else face.grey)


def open_space_indices(state: State) -> list[int]:
    room = core.side(state).suitcases if state.side else 0
    return [i for i, s in enumerate(state.spaces) if s.tile is not None and s.suitcases < room]


def open_spaces(state: State) -> list[str]:
    return [SPACES[i] for i in open_space_indices(state)]


def sell(out: Out, command: Sell) -> None:
    """Selling Resources: at the current price, in one's own turn."""
    state = out.state
    turn_player(state, command.player, R_SELL)
    player = state.players[command.player]
    wanted = Counter(command.resources)
    for resource, n in wanted.items():
        if resource not in data.RESOURCES:
            raise BadInput(f"unknown resource {resource!r}", legal=", ".join(data.RESOURCES))
        if player.warehouse.get(resource, 0) < n:
            raise IllegalMove(
                f"{command.player} has {player.warehouse.get(resource, 0)} {resource}, not {n}",
                rule=R_SELL,
                legal=f"the warehouse holds {_warehouse(player.warehouse)}",
            )
    earned = sum(core.price(state, r) * n for r, n in wanted.items())
    core.change(
        out, command.player, "sells", resources={r: -n for r, n in sorted(wanted.items())}, money=earned
    )


def _warehouse(warehouse: dict[str, int]) -> str:
    return ", ".join(f"{n} {r}" for r, n in warehouse.items()) or "nothing"


def production_space(word: str) -> int:
    for i, line in enumerate(data.LINES):
        for n in range(1, data.LINE_SPACES + 1):
            if word.lower() == f"{line}{n}":
                return i * data.LINE_SPACES + n - 1
    raise BadInput(f"unknown production space {word!r}", legal="upper1 .. upper3, lower1 .. lower3")


def buy_tile(out: Out, command: BuyTile) -> None:
    """Production Tiles: 10 money for one of one's own tiles, onto a production space; or one
    returned to the supply at any time, without a refund."""
    state = out.state
    player = core.player_of(state, command.player)
    index = production_space(command.space)
    if command.resource not in data.RESOURCES:
        raise BadInput(f"unknown resource {command.resource!r}", legal=", ".join(data.RESOURCES))
    if command.back:
        if command.resource not in player.production[index]:
            raise IllegalMove(f"no {command.resource} tile on {command.space}", rule=R_TILES)
        out.add(TilePlaced(command.player, command.resource, index, back=True))
        return
    turn_player(state, command.player, R_TILES)
    left = core.tiles_left(state, player)
    if command.resource not in left:
        raise IllegalMove(
            f"{command.player} has no {command.resource} production tile left",
            rule=R_TILES,
            legal=f"left: {counts_text(left)}",
        )
    core.check_money(state, command.player, data.TILE_PRICE, "a production tile", R_TILES)
    frame = core.top(state)
    spot = find(frame, ["tile"]) if frame is not None else None
    if spot is not None:
        use(out, *spot, 1)
    core.money(out, command.player, -data.TILE_PRICE, "buys a production tile")
    out.add(TilePlaced(command.player, command.resource, index))
    if spot is not None:
        settle(out)


def office(out: Out, command: Office) -> None:
    """Offices: the holder's action once every turn, before or after the deal."""
    state = out.state
    turn_player(state, command.player, R_OFFICES)
    _no_box(state, command.player, "the office action")
    player = state.players[command.player]
    if not player.office:
        raise IllegalMove(f"{command.player} holds no office", rule=R_OFFICES)
    if state.office_done:
        raise IllegalMove(
            f"{command.player} has done the {data.OFFICE_NAMES[player.office]}'s action this turn",
            rule=R_OFFICES,
            legal="it is done once every turn",
        )
    immoral = core.immoral(state, command.player)
    why = data.OFFICE_NAMES[player.office]
    if player.office == "president":
        out.add(OfficeDone(command.player))
        draw_law(out, command.player, "blue" if immoral else "yellow", command.choice or None, why)
        settle(out)
        return
    moral_only = player.office == "vice-president" and not immoral
    if command.choice and not moral_only:
        # a rule, not the grammar: an immoral Vice-President takes money, and no track
        raise IllegalMove(
            f"the {why}'s action has nothing to choose now"
            + (" (immoral: the money, no faction step)" if immoral else ""),
            rule=R_OFFICES,
            legal=f"office {command.player}",
        )
    out.add(OfficeDone(command.player))
    money_text, action = data.OFFICE_ACTION[player.office]
    if immoral:
        core.money(out, command.player, parse_box(money_text).slots[0].items[0].n, why)
    elif action == "faction":
        if command.choice not in data.TRACKS:
            raise BadInput(
                "the Vice-President moves 1 step on the faction track of their choice",
                legal=" | ".join(f"office {command.player} {t}" for t in data.TRACKS),
            )
        core.steps(out, command.player, command.choice, 1, why)
    elif action == "mood":
        core.mood(out, command.player, 1, why)
    else:
        core.add_votes(out, command.player, 1, why)


# ---------------------------------------------------------------------------- actions


def gain_move(out: Out, command: Gain) -> None:
    """Perform actions with nothing to choose (all of them, or those named), or choose the
    resources of a "resource of your choice"."""
    frame = acting(out.state, command.player, [_counted(word)[1] for word in command.items])
    if not command.items:
        done = False
        while True:
            frame = acting(out.state, command.player)
            spots = [s for s, slot in enumerate(frame.slots) if core.slot_free(out.state, slot)]
            if not spots:
                break
            s = spots[0]
            slot = frame.slots[s]
            use(out, s, 0, slot.items[0].n)
            perform_free(out, frame, slot.items[0])
            done = True
            if core.top(out.state) != replace(frame, slots=frame.slots[:s] + frame.slots[s + 1 :]):
                break  # the gain opened a box of its own: that one is performed first
        if not done:
            raise missing(frame, "gains", R_COSTS)
        settle(out)
        return
    for word in command.items:
        frame = acting(out.state, command.player)
        n, symbol = _counted(word)
        wants = [symbol, "resource"] if symbol in data.RESOURCES else [symbol]
        if symbol not in effects.GAINS and symbol not in data.RESOURCES:
            raise BadInput(f"{symbol!r} is not a gain", legal=f"left: {core.offered(frame)}")
        spot = find(frame, wants, n)
        if spot is None:
            raise core.performed_already(out.state, command.player, [symbol]) or missing(
                frame, f"{n} {symbol}", R_COSTS
            )
        s, i = spot
        item = frame.slots[s].items[i]
        use(out, s, i, n)
        perform_free(out, frame, Item(symbol, n, item.scope))
    settle(out)


def _counted(word: str) -> tuple[int, str]:
    digits = "".join(c for c in word if c.isdigit())
    symbol = word[len(digits) :].lower()
    if not word.startswith(digits):
        raise BadInput(f"cannot read {word!r}", legal="like 2plastic or water")
    return (int(digits) if digits else 1), symbol


def produce(out: Out, command: Produce) -> None:
    """Production: the upper or lower line; over 4 of a resource sold at once."""
    frame = acting(out.state, command.player)
    if command.line not in data.LINES:
        raise BadInput(f"a production line is upper or lower, not {command.line!r}", legal="upper | lower")
    spot = find(frame, ["produce"])
    if spot is None:
        raise missing(frame, "production", R_PRODUCTION)
    use(out, *spot, 1)
    line = core.line_resources(out.state, out.state.players[command.player], command.line)
    core.resources(
        out, command.player, dict(sorted(Counter(line).items())), f"production ({command.line} line)"
    )
    settle(out)


def build(out: Out, command: Build) -> None:
    """Build: pay the cost, take the VP; or a building under its pile for 5 money. Also
    PREFABRICATED HOUSES (free), ILLEGAL BUILD and UNEXPECTED INHERITANCE (a drawn card)."""
    state = out.state
    frame = acting(state, command.player)
    player = state.players[command.player]
    name = command.card
    if command.back:
        spot = find(frame, ["build"])
        if spot is None:
            raise missing(frame, "build action", R_BUILD)
        _in_hand(state, command.player, name)
        use(out, *spot, 1)
        out.add(BuildingReturned(command.player, name))
        core.money(out, command.player, data.RETURN_MONEY, f"{name} under its pile")
        settle(out)
        return
    for symbol in ("draw-build-a", "draw-build-b"):
        spot = find(frame, [symbol])
        if spot is not None and name not in player.hand:
            use(out, *spot, 1)
            _draw_build(out, command.player, symbol[-1].upper(), name, frame.source)
            settle(out)
            return
    free = find(frame, ["build-free"])
    spot = free or find(frame, ["build"])
    if spot is None:
        raise missing(frame, "build action", R_BUILD)
    _in_hand(state, command.player, name)
    face = state.faces.buildings[name]
    if free is None:
        core.check_money(state, command.player, face.cost, name, R_BUILD)
    use(out, *spot, 1)
    cost = 0 if free else face.cost
    core.change(out, command.player, f"builds {name}", money=-cost, vp=face.vp)
    out.add(Built(command.player, name))
    settle(out)


def _in_hand(state: State, name: str, card: str) -> None:
    hand = state.players[name].hand
    if card not in hand:
        raise IllegalMove(
            f"{name} has no {card} in hand", rule=R_BUILD, legal=f"in hand: {', '.join(hand) or 'none'}"
        )


def _pile_names(state: State, pile: str) -> list[str]:
    return [b.name for b in state.faces.buildings.values() if b.pile == pile]


def _draw_build(out: Out, name: str, pile: str, typed: str | None, why: str) -> None:
    """ILLEGAL BUILD, UNEXPECTED INHERITANCE: the top card of a pile, built without its cost."""
    state = out.state
    if typed is not None and typed not in state.faces.buildings:
        raise BadInput(f"the referee does not know building {typed} yet: declare it first")
    card = draw(state.piles[pile], typed, _pile_names(state, pile), f"{pile} pile", R_PARTICULAR)
    face = state.faces.buildings[card]
    out.add(Built(name, card, pile))
    core.change(out, name, f"{why}: {card} built free", vp=face.vp)


# --- workies


def _unit(word: str) -> tuple[str, str, int | None]:
    colour, at, where = word.lower().partition("@")
    if colour not in data.WORKIES:
        raise BadInput(
            f"a workie is a crafty or a brainy, not {colour!r}", legal="crafty | brainy | crafty@BUILDING"
        )
    if not at:
        return colour, "", None
    building, dot, area = where.rpartition(".")
    if dot and area.isdigit():
        return colour, building, int(area)
    return colour, where, None


def site(state: State, name: str, building: str) -> tuple[int, int] | None:
    """The index of ``name``'s constructed ``building`` (and its area count)."""
    for i, built in enumerate(state.players[name].buildings):
        if built.name == building:
            return i, len(built.placed)
    return None


def free_areas(state: State, name: str, building: str, colour: str) -> list[int]:
    """Work areas of the building with an empty ``colour`` space."""
    player = state.players[name]
    built = next(b for b in player.buildings if b.name == building)
    face = core.building(state, building)
    found = []
    for a, area in enumerate(face.areas):
        spaces = areas_of(area)
        if built.placed[a].count(colour) < spaces.count(colour):
            found.append(a)
    return found


def workie(out: Out, command: Workie) -> None:
    """Workie Action: take and/or place as the symbol allows. Taking only: a craftie or
    brainie symbol without the take/place option cannot place."""
    if not command.units:
        raise BadInput("say each workie: crafty, brainy, or crafty@BUILDING to place one")
    for k, word in enumerate(command.units):
        state = out.state
        frame = acting(state, command.player)
        colour, building, area = _unit(word)
        if not building:
            spot = find(frame, [colour, "workie", "work"])
            if spot is None:
                raise missing(frame, f"{colour} to take", R_WORKIE)
            use(out, *spot, 1)
            core.workies(out, command.player, int(colour == "crafty"), int(colour == "brainy"), frame.source)
            continue
        spot = find(frame, ["work"])
        if spot is None:
            if find(frame, [colour, "workie"]) is not None:
                raise IllegalMove(
                    "only the take/place symbol places workies; this one only takes them",
                    rule=R_TAKE,
                    legal=f"take one: workie {command.player} {colour}",
                )
            raise missing(frame, "workie to place", R_PLACE)
        card = _building_name(state, command.player, building)
        player = state.players[command.player]
        if (player.crafties if colour == "crafty" else player.brainies) < 1:
            raise IllegalMove(f"{command.player} has no {colour} on the board to place", rule=R_PLACE)
        areas = free_areas(state, command.player, card, colour)
        if area is not None:
            if area - 1 not in areas:
                raise IllegalMove(f"{card} has no empty {colour} space in work area {area}", rule=R_PLACE)
            chosen = area - 1
        elif len(areas) == 1:
            chosen = areas[0]
        elif not areas:
            raise IllegalMove(f"{card} has no empty {colour} work space", rule=R_PLACE)
        else:
            raise BadInput(
                f"{card} has {len(areas)} work areas with an empty {colour} space: say which",
                legal=" | ".join(f"{colour}@{card_word(card)}.{a + 1}" for a in areas),
            )
        fills = _fills(state, command.player, card, chosen, colour)
        if fills and k < len(command.units) - 1:
            raise IllegalMove(
                f"the workie fills a work area of {card}: its box comes at once, before the rest",
                rule=R_PLACE,
                legal=f"workie {command.player} {' '.join(command.units[: k + 1])}",
            )
        use(out, *spot, 1)
        out.add(WorkiePlaced(command.player, card, chosen, colour))
        if fills:
            choose_building_box(out, command.player, card)
    settle(out)


def _building_name(state: State, name: str, typed: str) -> str:
    from ledger.words import card_name

    card = card_name(typed)
    if site(state, name, card) is None:
        built = ", ".join(b.name for b in state.players[name].buildings)
        raise IllegalMove(f"{name} has not constructed {card}", rule=R_PLACE, legal=f"constructed: {built}")
    return card


def _fills(state: State, name: str, card: str, area: int, colour: str) -> bool:
    built = next(b for b in state.players[name].buildings if b.name == card)
    spaces = areas_of(core.building(state, card).areas[area])
    return len(built.placed[area]) + 1 == len(spaces)


def choose_building_box(out: Out, name: str, card: str) -> None:
    """A work area just filled: one of the building's boxes at once (Placing a Workie)."""
    boxes = core.building(out.state, card).boxes
    items = tuple(Item(f"box{i + 1}") for i in range(len(boxes)))
    open_box(out, name, card, Box((), (Slot(items),)), card=card)


def choose_box(out: Out, command: ChooseBox) -> None:
    frame = acting(out.state, command.player)
    spot = find(frame, [f"box{command.box}"])
    if spot is None:
        raise missing(frame, f"box {command.box} to choose", R_PLACE)
    box = parse_box(core.building(out.state, frame.card).boxes[command.box - 1])
    core.plan(out.state, command.player, box.costs, command.pay)
    use(out, *spot, 1)
    core.close(out)
    open_box(
        out, command.player, f"{frame.card} box {command.box}", box, pay_words=command.pay, card=frame.card
    )
    settle(out)


# --- factions


def _faction_unit(word: str) -> tuple[str, tuple[int, int] | None]:
    track, colon, where = word.lower().partition(":")
    if track not in data.TRACKS:
        raise BadInput(f"unknown faction track {track!r}", legal=", ".join(data.TRACKS))
    if not colon:
        return track, None
    number, letter = where[:-1], where[-1:]
    if not number.isdigit() or letter not in ("a", "b"):
        raise BadInput(f"score a space's box as TRACK:SPACE+a|b, like {track}:3a, not {word!r}")
    return track, (int(number), "ab".index(letter))


def faction(out: Out, command: Faction) -> None:
    """Faction Action, per the Symbol Summary: a step on the track of one's choice or the
    indicated one; only a symbol with the checkmark scores (a box at or left of the disc,
    then the disc back to the start)."""
    if not command.units:
        raise BadInput("say each step: TRACK, or TRACK:SPACEa|b to score", legal="faction PLAYER futurist")
    for k, word in enumerate(command.units):
        state = out.state
        frame = acting(state, command.player)
        track, score = _faction_unit(word)
        if score is None:
            spot = find(frame, [track, "faction", f"{track}-check", "faction-check", "neglect"])
            if spot is None:
                raise missing(frame, f"step on the {track} track", R_FACTION)
            use(out, *spot, 1)
            core.steps(out, command.player, track, 1, frame.source)
            continue
        spot = find(frame, [f"{track}-check", "faction-check", "neglect"])
        if spot is None:
            raise IllegalMove(
                "only a faction symbol with the checkmark scores a track",
                rule=R_SCORING,
                legal=f"step instead: faction {command.player} {track}",
            )
        if k < len(command.units) - 1:
            raise IllegalMove("scoring opens a box: score last", rule=R_SCORING)
        position = state.players[command.player].factions[track]
        space, which = score
        if not 1 <= space <= position:
            where = f"on space {position}" if position else "on the start space"
            raise IllegalMove(
                f"{command.player}'s {track} disc is {where}: only a box at or left of the disc scores",
                rule=R_SCORING,
                legal=f"a box of spaces 1 to {position}"
                if position
                else f"step instead: faction {command.player} {track}",
            )
        box = parse_box(core.track(state, track).spaces[space - 1][which])
        core.plan(state, command.player, box.costs, command.pay)
        neglect = frame.slots[spot[0]].items[spot[1]].symbol == "neglect"
        use(out, *spot, 1)
        if not neglect:
            core.change(out, command.player, f"scores the {track} track: the disc back to the start",
                        factions={track: -position})  # fmt: skip
        source = f"{track} space {space}{'ab'[which]}"
        open_box(out, command.player, source, box, pay_words=command.pay)
    settle(out)


# --- news


def play_news(out: Out, command: PlayNews) -> None:
    """News Card: the face-up top card of a pile, costs first; on top of one's news stack
    once its actions are done; the pile shows no card until the turn ends."""
    state = out.state
    frame = acting(state, command.player)
    spot = find(frame, ["news"])
    if spot is None:
        raise missing(frame, "news card", R_NEWS)
    if command.pile not in data.NEWS_PILES:
        raise BadInput(f"news piles are I, II and III, not {command.pile!r}", legal="I | II | III")
    card = state.news_up.get(command.pile, "")
    if not card:
        up = [p for p in data.NEWS_PILES if state.news_up.get(p)]
        raise IllegalMove(
            f"pile {command.pile} has no face-up news card"
            + (" until the turn ends" if command.pile in state.taken else ""),
            rule=R_NEWS,
            legal=f"face up: {', '.join(f'{p} {state.news_up[p]}' for p in up) or 'none'}",
        )
    box = parse_box(state.faces.news[card].box)
    core.plan(state, command.player, box.costs, command.pay)
    use(out, *spot, 1)
    out.add(NewsTaken(command.player, command.pile, card))
    open_box(out, command.player, f"news {card}", box, pay_words=command.pay, card=card, then="stack")
    settle(out)


# --- swindle, marker, law


def swindle(out: Out, command: BuySwindle) -> None:
    """Buy a Swindle Tile: the topmost empty space, its cost (none if "free") and reward."""
    state = out.state
    frame = acting(state, command.player)
    free_spot = find(frame, ["swindle-free"])
    spot = free_spot or find(frame, ["swindle"])
    if spot is None:
        raise missing(frame, "swindle tile", R_SWINDLE)
    player = state.players[command.player]
    left = core.swindles_left(player)
    if command.tile not in left:
        raise IllegalMove(
            f"{command.player} has no {command.tile} swindle tile left",
            rule=R_SWINDLE,
            legal=f"left: {', '.join(left) or 'none'}",
        )
    face = state.faces.swindle
    assert face is not None
    cost, reward = face.spaces[len(player.swindles)]
    if free_spot is None:
        core.plan(state, command.player, parse_box(cost).costs, ())
    use(out, *spot, 1)
    if free_spot is None:
        for asked in reversed(core.pay(out, command.player, parse_box(cost).costs, (), "a swindle tile")):
            out.add(BoxOpened(asked))
    out.add(SwindlePlaced(command.player, command.tile))
    open_box(out, command.player, f"swindle space {len(player.swindles) + 1}", parse_box(reward))
    settle(out)


def marker(out: Out, command: Marker) -> None:
    frame = acting(out.state, command.player)
    if command.direction not in ("left", "right"):
        raise BadInput("the election marker moves left or right", legal="left | right")
    spot = find(frame, ["marker", command.direction])
    if spot is None:
        raise missing(frame, f"election marker move to the {command.direction}", R_MARKER)
    n = frame.slots[spot[0]].items[spot[1]].n
    use(out, *spot, n)
    move_marker(out, n if command.direction == "right" else -n)
    settle(out)


def draw_law(out: Out, name: str, colour: str, typed: str | None, why: str) -> None:
    """Offices: President: a law drawn (the table types which), then its left or right box."""
    state = out.state
    if typed is not None and typed not in state.faces.laws:
        raise BadInput(
            f"the referee does not know law {typed} yet: declare it first",
            legal=f"declare law {card_word(typed)} colour={colour} left=BOX/BOX right=BOX/BOX",
        )
    names = [law.name for law in state.faces.laws.values() if law.colour == colour]
    card = draw(state.piles[colour], typed, names, f"{colour} law pile", R_PRESIDENT)
    out.add(LawDrawn(name, colour, card))
    choice = Slot((Item("law-left"), Item("law-right")))
    open_box(out, name, f"law {card} ({why})", Box((), (choice,)), card=card, then="law")


def dummy_votes(out: Out, box: Box, why: str) -> None:
    """Election Changes with 2 Players: the dummy "can gain or lose votes from effects that
    affect all players": of a law's "All Others" part, its votes (a cost only if it can pay it
    in full, as the others), and nothing else."""
    for item in box.costs:
        if item.symbol == "vote" and out.state.bag.get(data.DUMMY, 0) >= item.n:
            core.pay_votes(out, data.DUMMY, item.n, f"{why} (all others)")
    for slot in box.slots:
        if len(slot.items) == 1 and slot.items[0].symbol == "vote":
            core.add_votes(out, data.DUMMY, slot.items[0].n, why)


def law(out: Out, command: LawMove) -> None:
    state = out.state
    frame = acting(state, command.player)
    if command.side:
        spot = find(frame, [f"law-{command.side}"])
        if spot is None:
            raise missing(frame, "law to decide", R_PRESIDENT)
        face = state.faces.laws[frame.card]
        president, others = face.left if command.side == "left" else face.right
        own = parse_box(president)
        core.plan(state, command.player, own.costs, command.pay)
        use(out, *spot, 1)
        if state.dummy:
            dummy_votes(out, parse_box(others), f"law {face.name}: All Others")
        for name in reversed(core.clockwise(state, command.player)[1:]):
            open_box(out, name, f"law {face.name}: All Others", parse_box(others), forced=True)
        open_box(out, command.player, f"law {face.name}: President", own, pay_words=command.pay)
        settle(out)
        return
    spot = find(frame, ["law", "pick-law"])
    if spot is None:
        raise missing(frame, "law to draw", R_PRESIDENT)
    symbol = frame.slots[spot[0]].items[spot[1]].symbol
    if symbol == "pick-law":
        if command.pile not in data.LAW_PILES:
            raise BadInput(
                "I PICK NUMBER 3: the top card of either law pile", legal="law PLAYER yellow | blue"
            )
        colour = command.pile
    else:
        colour = "blue" if core.immoral(state, command.player) else "yellow"
        if command.pile and command.pile != colour:
            raise IllegalMove(
                f"{command.player} draws a {colour} law: blue when immoral, else yellow", rule=R_PRESIDENT
            )
    use(out, *spot, 1)
    draw_law(out, command.player, colour, command.card or None, frame.source)
    settle(out)


# --- skip


def possible(state: State, frame: Frame, slot: Slot) -> bool:
    return any(item_possible(state, frame, item) for item in slot.items)


def item_possible(state: State, frame: Frame, item: Item) -> bool:
    name = frame.owner
    player = state.players[name]
    symbol = item.symbol
    if item.cost:  # a payer's share of an "All Others" cost (asked only of one who can pay it)
        return core.can_pay(state, name, [replace(item, cost=False)])
    if core.free(state, item):
        return True
    if symbol == "tile":
        return player.money >= data.TILE_PRICE and bool(core.tiles_left(state, player))
    if symbol in ("build", "build-free"):
        return bool(player.hand)
    if symbol == "news":
        return any(
            card and core.can_pay(state, name, parse_box(state.faces.news[card].box).costs)
            for card in state.news_up.values()
        )
    if symbol in ("swindle", "swindle-free"):
        face = state.faces.swindle
        if face is None or len(player.swindles) >= len(face.spaces):
            return False
        return symbol == "swindle-free" or core.can_pay(
            state, name, parse_box(face.spaces[len(player.swindles)][0]).costs
        )
    if symbol in ("renovate", "export-building"):
        return bool(player.buildings)
    if symbol in ("draw-build-a", "draw-build-b"):
        return len(state.piles[symbol[-1].upper()]) > 0
    if symbol in ("chance", "bet"):
        return sum(state.bag.values()) > 0
    if symbol == "solar":
        return any(
            core.can_pay(state, name, parse_box(box).costs)
            for b in player.buildings
            if b.name != frame.card
            for box in core.building(state, b.name).boxes
        )
    if symbol == "vaccinate":
        return any(any(area) for b in player.buildings if b.name != frame.card for area in b.placed)
    if symbol == "replay":
        return any(core.can_pay(state, name, parse_box(state.faces.news[c].box).costs) for c in player.news)
    if symbol == "smoothie":
        return player.warehouse.get("plant", 0) > 0
    if symbol.startswith("box"):
        text = core.building(state, frame.card).boxes[int(symbol[3:]) - 1]
        return core.can_pay(state, name, parse_box(text).costs)
    if symbol.startswith("law-"):
        law_face = state.faces.laws[frame.card]
        president = (law_face.left if symbol == "law-left" else law_face.right)[0]
        return core.can_pay(state, name, parse_box(president).costs)
    return True


def pay_cost(out: Out, command: PayCost) -> None:
    """Costs and Action Boxes, "All Others": a payer's share of a cost of choice, what they
    say they pay (the table asks each payer: option others-choice)."""
    frame = acting(out.state, command.player)
    due = core.cost_due(frame)
    if due is None:
        raise IllegalMove(
            f"{frame.source} asks {command.player} to pay nothing",
            rule=R_COSTS,
            legal=f"left to perform: {core.offered(frame)}",
        )
    s, i, item = due
    cost = replace(item, cost=False)
    try:
        taken = core.plan(out.state, command.player, [cost], command.items)
    except AmbiguousMove as error:
        ways = [f"pay {command.player} {c.removeprefix('--pay ')}" for c in error.candidates]
        raise AmbiguousMove(
            f"say what {command.player} pays for {effects.item_text(item)} ({frame.source})",
            rule=R_COSTS,
            candidates=ways,
        ) from None
    use(out, s, i, item.n)
    for one, took in taken:
        core.pay_one(out, command.player, one, took, frame.source)
    settle(out)


def skip(out: Out, command: Skip) -> None:
    """Costs and Action Boxes: an action that cannot be performed is left out ("perform all
    actions as fully as you can"); one that can is not."""
    state = out.state
    frame = acting(state, command.player)
    impossible = [s for s, slot in enumerate(frame.slots) if not possible(state, frame, slot)]
    if not impossible:
        raise IllegalMove(
            "every action left can be performed: you must perform all actions as fully as you can",
            rule=R_COSTS,
            legal=f"left in {frame.source}: {core.offered(frame)}",
        )
    core.drop(out, impossible)
    settle(out)


# ---------------------------------------------------------------------------- particular cards


def _special(out: Out, name: str, symbols: Sequence[str], what: str) -> tuple[Frame, tuple[int, int]]:
    frame = acting(out.state, name)
    spot = find(frame, symbols)
    if spot is None:
        raise missing(frame, what, R_PARTICULAR)
    return frame, spot


def discard(out: Out, command: Discard) -> None:
    """INVITATION TO BID: 0 to 3 buildings from hand to the bottoms of their piles."""
    _, spot = _special(out, command.player, ["invitation"], "INVITATION TO BID")
    if len(command.cards) > data.INVITATION or len(set(command.cards)) != len(command.cards):
        raise IllegalMove("discard 0 to 3 different buildings", rule=R_PARTICULAR)
    for card in command.cards:
        _in_hand(out.state, command.player, card)
    use(out, *spot, 1)
    for card in command.cards:
        out.add(BuildingReturned(command.player, card))
    settle(out)


def destroy(out: Out, command: Destroy) -> None:
    """RENOVATIONS (its VP back, none for Headquarters) and BUILDING EXPORT: a constructed
    building to the game box, its workies to the general supply."""
    frame, spot = _special(out, command.player, ["renovate", "export-building"], "building to destroy")
    card = _building_name(out.state, command.player, command.building)
    symbol = frame.slots[spot[0]].items[spot[1]].symbol
    use(out, *spot, 1)
    out.add(BuildingDestroyed(command.player, card))
    if symbol == "renovate" and card != data.HEADQUARTERS:
        face = out.state.faces.buildings[card]
        back = face.cost if out.state.options.get(core.OPTION_RENOVATIONS) == "cost" else face.vp
        core.change(out, command.player, f"RENOVATIONS: {card}'s victory points back", vp=back)
    settle(out)


def copy(out: Out, command: CopyBox) -> None:
    """SOLAR ENERGY: the actions of one box of another constructed building."""
    frame, spot = _special(out, command.player, ["solar"], "SOLAR ENERGY")
    card = _building_name(out.state, command.player, command.building)
    if card == frame.card:
        raise IllegalMove(f"SOLAR ENERGY uses one of your other buildings, not {card}", rule=R_PARTICULAR)
    boxes = core.building(out.state, card).boxes
    if not 1 <= command.box <= len(boxes):
        raise BadInput(
            f"{card} has {len(boxes)} box(es)", legal=" | ".join(str(i + 1) for i in range(len(boxes)))
        )
    box = parse_box(boxes[command.box - 1])
    core.plan(out.state, command.player, box.costs, command.pay)
    use(out, *spot, 1)
    open_box(
        out, command.player, f"{card} box {command.box} (SOLAR ENERGY)", box, pay_words=command.pay, card=card
    )
    settle(out)


def replay(out: Out, command: Replay) -> None:
    """CELL REGENERATION: one of your played news cards again, its costs paid, on top."""
    _, spot = _special(out, command.player, ["replay"], "CELL REGENERATION")
    if command.card not in out.state.players[command.player].news:
        raise IllegalMove(f"{command.player} has not played {command.card}", rule=R_PARTICULAR)
    box = parse_box(out.state.faces.news[command.card].box)
    core.plan(out.state, command.player, box.costs, command.pay)
    use(out, *spot, 1)
    source = f"news {command.card} again"
    open_box(out, command.player, source, box, pay_words=command.pay, card=command.card, then="stack")
    settle(out)


def give(out: Out, command: Give) -> None:
    """GREEN SMOOTHIE: 1 to 4 plants to other players of one's choice; 10 money and 1 vote
    into the bag for each."""
    _, spot = _special(out, command.player, ["smoothie"], "GREEN SMOOTHIE")
    low, high, paid, votes = data.SMOOTHIE
    if not low <= len(command.to) <= high:
        raise IllegalMove("GREEN SMOOTHIE gives 1 to 4 plants", rule=R_PARTICULAR)
    for name in command.to:
        core.player_of(out.state, name)
        if name == command.player:
            raise IllegalMove("the plants go to the other players", rule=R_PARTICULAR)
    have = out.state.players[command.player].warehouse.get("plant", 0)
    if have < len(command.to):
        raise IllegalMove(f"{command.player} has {have} plant(s), not {len(command.to)}", rule=R_PARTICULAR)
    use(out, *spot, 1)
    core.change(out, command.player, "GREEN SMOOTHIE", resources={"plant": -len(command.to)})
    for name, n in sorted(Counter(command.to).items()):
        core.resources(out, name, {"plant": n}, f"GREEN SMOOTHIE from {command.player}")
    core.money(out, command.player, paid * len(command.to), "GREEN SMOOTHIE")
    core.add_votes(out, command.player, votes * len(command.to), "GREEN SMOOTHIE")
    settle(out)


def export(out: Out, command: Export) -> None:
    """GOODS EXPORT: up to 2 resources sold at triple the current price."""
    _, spot = _special(out, command.player, ["triple-sale"], "GOODS EXPORT")
    most, times = data.EXPORT
    if len(command.resources) > most:
        raise IllegalMove("GOODS EXPORT sells up to 2 resources", rule=R_PARTICULAR)
    wanted = Counter(command.resources)
    warehouse = out.state.players[command.player].warehouse
    for resource, n in wanted.items():
        if warehouse.get(resource, 0) < n:
            raise IllegalMove(
                f"{command.player} has {warehouse.get(resource, 0)} {resource}", rule=R_PARTICULAR
            )
    use(out, *spot, 1)
    earned = sum(times * core.price(out.state, r) * n for r, n in wanted.items())
    core.change(out, command.player, "GOODS EXPORT at triple the price",
                resources={r: -n for r, n in sorted(wanted.items())}, money=earned)  # fmt: skip
    settle(out)


def draw_votes(out: Out, command: DrawVotes) -> None:
    """GAME OF CHANCE, SPORTS BET at a real table: the 3 votes drawn, by colour."""
    _, spot = _special(out, command.player, ["chance", "bet"], "votes to draw")
    symbol = acting(out.state, command.player).slots[spot[0]].items[spot[1]].symbol
    use(out, *spot, 1)
    _bag_draw(out, command.player, symbol, command.colours)
    settle(out)


def bag_draw_size(state: State, wanted: int) -> int:
    return min(wanted, sum(state.bag.values()))


def check_draw(state: State, colours: Sequence[str], size: int, rule: str) -> None:
    """A draw from the bag typed by colour: exactly ``size`` votes the bag can hold."""
    if len(colours) != size:
        raise IllegalMove(
            f"the draw is {size} vote(s), not {len(colours)}",
            rule=rule,
            legal=f"{sum(state.bag.values())} in the bag",
        )
    bag = [colour for colour, n in state.bag.items() for _ in range(n)]
    require_all(bag, colours, "bag", rule)


def virtual_draw(state: State, size: int) -> tuple[str, ...]:
    bag = sorted(colour for colour, n in state.bag.items() for _ in range(n))
    return tuple(sorted(rng(state.seed, "bag", state.draws).sample(bag, size)))


def _bag_draw(out: Out, name: str, symbol: str, typed: Sequence[str] | None) -> None:
    wanted = data.CHANCE[0] if symbol == "chance" else data.BET[0]
    size = bag_draw_size(out.state, wanted)
    if typed is None:
        colours = virtual_draw(out.state, size)
    else:
        check_draw(out.state, typed, size, R_PARTICULAR)
        colours = tuple(sorted(typed))
    out.add(Drawn(name, colours, "supply"))
    own = colours.count(name)
    if symbol == "chance":
        core.change(out, name, "GAME OF CHANCE", money=data.CHANCE[1] * own, vp=data.CHANCE[2] * own)
    else:
        core.money(out, name, data.BET[1] * own, "SPORTS BET")


def vaccinate(out: Out, command: Recall) -> None:
    """VACCINATION, NANNY BOTS: a workie back from one of your buildings (not the one whose
    box this is) to the board."""
    frame, spot = _special(out, command.player, ["vaccinate"], "VACCINATION")
    if len(command.areas) != 1 or command.colour not in data.WORKIES:
        raise BadInput(
            "say the building's work area and the workie", legal="recall PLAYER BUILDING.AREA crafty|brainy"
        )
    building, _, number = command.areas[0].rpartition(".")
    card = _building_name(out.state, command.player, building)
    if card == frame.card:
        raise IllegalMove(f"not from {card} itself", rule=R_PARTICULAR)
    built = next(b for b in out.state.players[command.player].buildings if b.name == card)
    area = int(number) - 1 if number.isdigit() else -1
    if not 0 <= area < len(built.placed) or command.colour not in built.placed[area]:
        raise IllegalMove(f"no {command.colour} on {card} work area {number}", rule=R_PARTICULAR)
    use(out, *spot, 1)
    out.add(WorkiesRecalled(command.player, card, area, (command.colour,)))
    limit(out, command.player, "VACCINATION")
    settle(out)


def limit(out: Out, name: str, why: str) -> None:
    """Workie Action: more than 8 crafties or brainies on the board go back at once."""
    player = out.state.players[name]
    extra_c = max(0, player.crafties - data.WORKIE_LIMIT)
    extra_b = max(0, player.brainies - data.WORKIE_LIMIT)
    core.change(out, name, f"{why}: 8 of a kind at most on the board", crafties=-extra_c, brainies=-extra_b)
