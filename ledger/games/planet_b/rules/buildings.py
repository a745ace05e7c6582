"""Build and Workie Action: a building from hand built (or under its pile for money), workies
taken and placed (Taking Workies, Placing a Workie), a filled work area's box chosen, and
the 8 of a kind a player may have on the board.
"""

from __future__ import annotations

from ledger.errors import BadInput, IllegalMove
from ledger.games.planet_b import data
from ledger.games.planet_b.effects import Box, Item, Slot, parse_box
from ledger.games.planet_b.faces import areas_of
from ledger.games.planet_b.model import Build, BuildingReturned, Built, ChooseBox, State, Workie, WorkiePlaced
from ledger.games.planet_b.rules import core, costs
from ledger.games.planet_b.rules.boxes import settle
from ledger.games.planet_b.rules.chance import _draw_build
from ledger.games.planet_b.rules.core import Out, acting, find, missing, use
from ledger.games.planet_b.rules.costs import open_box
from ledger.games.planet_b.sections import R_BUILD, R_PLACE, R_TAKE, R_WORKIE
from ledger.words import card_word


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
    costs.plan(out.state, command.player, box.costs, command.pay)
    use(out, *spot, 1)
    core.close(out)
    open_box(
        out, command.player, f"{frame.card} box {command.box}", box, pay_words=command.pay, card=frame.card
    )
    settle(out)


def limit(out: Out, name: str, why: str) -> None:
    """Workie Action: more than 8 crafties or brainies on the board go back at once."""
    player = out.state.players[name]
    extra_c = max(0, player.crafties - data.WORKIE_LIMIT)
    extra_b = max(0, player.brainies - data.WORKIE_LIMIT)
    core.change(out, name, f"{why}: 8 of a kind at most on the board", crafties=-extra_c, brainies=-extra_b)
