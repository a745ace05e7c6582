"""Costs and Action Boxes: the actions of the open box (``core``'s stack) performed.

What has nothing to choose the referee performs (``settle``, each section's move ends in it)
or the player names (the ``gain`` move), the Election Track's marker moved among them; a
payer's share of an "All Others" cost of choice; an action that cannot be performed left out
(``skip``: "perform all actions as fully as you can").
"""

from __future__ import annotations

from msgspec.structs import replace

from ledger.errors import AmbiguousMove, BadInput, IllegalMove
from ledger.games.planet_b import data, effects
from ledger.games.planet_b.effects import Box, Item, Slot, parse_box
from ledger.games.planet_b.model import Frame, Gain, MarkerMoved, PayCost, Skip, State
from ledger.games.planet_b.rules import core, costs
from ledger.games.planet_b.rules.chance import _bag_draw, _draw_build, draw_law
from ledger.games.planet_b.rules.core import (
    REFEREE,
    Out,
    acting,
    close,
    find,
    missing,
    slot_free,
    top,
    use,
)
from ledger.games.planet_b.rules.costs import open_box
from ledger.games.planet_b.sections import R_COSTS


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
        names = costs.scoped(out.state, frame.owner, item)
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


def possible(state: State, frame: Frame, slot: Slot) -> bool:
    return any(item_possible(state, frame, item) for item in slot.items)


def item_possible(state: State, frame: Frame, item: Item) -> bool:
    name = frame.owner
    player = state.players[name]
    symbol = item.symbol
    if item.cost:  # a payer's share of an "All Others" cost (asked only of one who can pay it)
        return costs.can_pay(state, name, [replace(item, cost=False)])
    if core.free(state, item):
        return True
    if symbol == "tile":
        return player.money >= data.TILE_PRICE and bool(core.tiles_left(state, player))
    if symbol in ("build", "build-free"):
        return bool(player.hand)
    if symbol == "news":
        return any(
            card and costs.can_pay(state, name, parse_box(state.faces.news[card].box).costs)
            for card in state.news_up.values()
        )
    if symbol in ("swindle", "swindle-free"):
        face = state.faces.swindle
        if face is None or len(player.swindles) >= len(face.spaces):
            return False
        return symbol == "swindle-free" or costs.can_pay(
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
            costs.can_pay(state, name, parse_box(box).costs)
            for b in player.buildings
            if b.name != frame.card
            for box in core.building(state, b.name).boxes
        )
    if symbol == "vaccinate":
        return any(any(area) for b in player.buildings if b.name != frame.card for area in b.placed)
    if symbol == "replay":
        return any(costs.can_pay(state, name, parse_box(state.faces.news[c].box).costs) for c in player.news)
    if symbol == "smoothie":
        return player.warehouse.get("plant", 0) > 0
    if symbol.startswith("box"):
        text = core.building(state, frame.card).boxes[int(symbol[3:]) - 1]
        return costs.can_pay(state, name, parse_box(text).costs)
    if symbol.startswith("law-"):
        law_face = state.faces.laws[frame.card]
        president = (law_face.left if symbol == "law-left" else law_face.right)[0]
        return costs.can_pay(state, name, parse_box(president).costs)
    return True


def pay_cost(out: Out, command: PayCost) -> None:
    """Costs and Action Boxes, "All Others": a payer's share of a cost of choice, what they
    say they pay (the table asks each payer: option others-choice)."""
    frame = acting(out.state, command.player)
    due = costs.cost_due(frame)
    if due is None:
        raise IllegalMove(
            f"{frame.source} asks {command.player} to pay nothing",
            rule=R_COSTS,
            legal=f"left to perform: {core.offered(frame)}",
        )
    s, i, item = due
    cost = replace(item, cost=False)
    try:
        taken = costs.plan(out.state, command.player, [cost], command.items)
    except AmbiguousMove as error:
        ways = [f"pay {command.player} {c.removeprefix('--pay ')}" for c in error.candidates]
        raise AmbiguousMove(
            f"say what {command.player} pays for {effects.item_text(item)} ({frame.source})",
            rule=R_COSTS,
            candidates=ways,
        ) from None
    use(out, s, i, item.n)
    for one, took in taken:
        costs.pay_one(out, command.player, one, took, frame.source)
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
