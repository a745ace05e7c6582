"""Costs and Action Boxes: "you must always fully pay these first ... If you can't pay the
costs, then you cannot choose the action box". How a player pays a box's costs (``plan``
checks and chooses, ``can_pay`` asks), each other payer's share of an "All Others" cost, and
the box then opened on ``core``'s stack (``open_box``, which pays first).

The first section above ``core`` (its counters pay the costs): every section that opens a
box imports it.
"""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from ledger.errors import AmbiguousMove, BadInput, IllegalMove
from ledger.games.planet_b import data
from ledger.games.planet_b.effects import Box, Item, Slot
from ledger.games.planet_b.model import BoxOpened, Frame, State
from ledger.games.planet_b.rules.core import (
    OPTION_OTHERS_CHOICE,
    Out,
    change,
    clockwise,
    money,
    mood,
    pay_votes,
)
from ledger.games.planet_b.sections import R_COSTS, R_PAY_STEPS, R_PAY_WORKIES, R_VOTES
from ledger.piles import counts_text


def others(state: State, owner: str, symbol: str) -> list[str]:
    """ "All others": every other player; the dummy too where votes move."""
    names = clockwise(state, owner)[1:] if owner in state.seats else list(state.seats)
    if symbol == "vote" and state.dummy and owner != data.DUMMY:
        names.append(data.DUMMY)
    return names


def scoped(state: State, owner: str, item: Item) -> list[str]:
    if item.scope == "all":
        return [owner, *others(state, owner, item.symbol)]
    if item.scope == "others":
        return others(state, owner, item.symbol)
    return [owner]


Plan = list[tuple[Item, tuple[str, ...]]]  # each cost with what it takes: resources, workies, tracks


def _choose(item: Item, held: dict[str, int], words: list[str], what: str, pay_word: str) -> tuple[str, ...]:
    """What a cost of ``item.n`` from a choice of ``held`` takes: the ``--pay`` words, or the
    only way there is."""
    total = sum(held.values())
    if total < item.n:
        raise IllegalMove(
            f"{item.n} {what} to pay, and there are {total}",
            rule=R_COSTS,
            legal=f"held: {counts_text([k for k, n in held.items() for _ in range(n)])}",
        )
    kinds = [k for k, n in held.items() if n]
    if len(words) >= item.n:
        chosen = tuple(words[: item.n])
        del words[: item.n]
        for kind in set(chosen):
            if chosen.count(kind) > held.get(kind, 0):
                raise IllegalMove(f"cannot pay {chosen.count(kind)} {kind}", rule=R_COSTS)
        return chosen
    if len(kinds) == 1 or total == item.n:
        return tuple(sorted(k for k, n in held.items() for _ in range(min(n, item.n))))[: item.n]
    raise AmbiguousMove(
        f"say which {what} pay {item.n} ({pay_word})",
        candidates=[f"--pay {','.join([k] * item.n)}" for k in kinds if held[k] >= item.n][:6]
        or [f"--pay {','.join(kinds[: item.n])}"],
    )


def plan(state: State, name: str, costs: Sequence[Item], pay: Sequence[str]) -> Plan:
    """How ``name`` pays a box's ``costs``: their own and the "all" ones, not the "all
    others" ones, which others pay (Costs); ``IllegalMove`` if they cannot pay them all: VP
    never pays (Money and Victory Points)."""
    costs = [c for c in costs if c.scope != "others"]
    player = state.players[name]
    words = [w.lower() for w in pay]
    need_money = sum(c.n for c in costs if c.symbol == "money")
    if need_money > player.money:
        raise IllegalMove(
            f"{name} has {player.money} money, not the {need_money} to pay",
            rule=R_COSTS,
            legal="sell resources first, or choose something else (VP never pays a cost)",
        )
    warehouse = dict(player.warehouse)
    board = {"crafty": player.crafties, "brainy": player.brainies}
    factions = dict(player.factions)
    plan_: Plan = []
    for item in costs:
        took: tuple[str, ...] = ()
        if item.symbol in data.RESOURCES:
            if warehouse.get(item.symbol, 0) < item.n:
                raise IllegalMove(
                    f"{name} has {warehouse.get(item.symbol, 0)} {item.symbol}, not the {item.n} to pay",
                    rule=R_COSTS,
                )
            took = (item.symbol,) * item.n
        elif item.symbol == "resource":
            took = _choose(item, warehouse, words, "resources", "--pay RESOURCE,...")
        elif item.symbol in data.WORKIES:
            if board[item.symbol] < item.n:
                raise IllegalMove(
                    f"{name} has {board[item.symbol]} {item.symbol} on the board, not {item.n}; workies on "
                    "buildings do not pay",
                    rule=R_PAY_WORKIES,
                )
            took = (item.symbol,) * item.n
        elif item.symbol == "workie":
            took = _choose(item, board, words, "workies", "--pay crafty,brainy")
        elif item.symbol in data.TRACKS:
            if factions[item.symbol] < item.n:
                raise IllegalMove(
                    f"{name} is {factions[item.symbol]} steps along the {item.symbol} track and cannot pay "
                    f"{item.n}; from the start space no steps can be paid",
                    rule=R_PAY_STEPS,
                )
            took = (item.symbol,) * item.n
        elif item.symbol == "faction":
            took = _choose(item, factions, words, "faction steps", "--pay TRACK,...")
        elif item.symbol == "vote":
            if state.bag.get(name, 0) < item.n:
                raise IllegalMove(
                    f"{name} has {state.bag.get(name, 0)} votes in the bag, not {item.n}", rule=R_VOTES
                )
        elif item.symbol not in ("money", "mood"):
            raise AssertionError(item)
        for kind in took:
            for pool in (warehouse, board, factions):
                if kind in pool:
                    pool[kind] -= 1
                    break
        plan_.append((item, took))
    if words:
        raise BadInput(f"nothing more to choose in paying: {' '.join(words)}", legal="leave out --pay")
    return plan_


def can_pay(state: State, name: str, costs: Sequence[Item]) -> bool:
    """Whether ``name`` can pay ``costs`` some way (choices made any way)."""
    mine = [c for c in costs if not c.scope or c.scope == "all"]
    player = state.players[name]
    if sum(c.n for c in mine if c.symbol == "money") > player.money:
        return False
    needs: dict[str, int] = {}
    for c in mine:
        needs[c.symbol] = needs.get(c.symbol, 0) + c.n
    warehouse = sum(player.warehouse.values()) - sum(needs.get(r, 0) for r in data.RESOURCES)
    if any(player.warehouse.get(r, 0) < needs.get(r, 0) for r in data.RESOURCES) or warehouse < needs.get(
        "resource", 0
    ):
        return False
    if player.crafties < needs.get("crafty", 0) or player.brainies < needs.get("brainy", 0):
        return False
    if player.crafties + player.brainies - needs.get("crafty", 0) - needs.get("brainy", 0) < needs.get(
        "workie", 0
    ):
        return False
    if any(player.factions[t] < needs.get(t, 0) for t in data.TRACKS):
        return False
    spare = sum(player.factions.values()) - sum(needs.get(t, 0) for t in data.TRACKS)
    return spare >= needs.get("faction", 0) and state.bag.get(name, 0) >= needs.get("vote", 0)


def pay_one(out: Out, name: str, item: Item, took: tuple[str, ...], why: str) -> None:
    if item.symbol == "money":
        money(out, name, -item.n, why)
    elif item.symbol == "mood":
        mood(out, name, -item.n, why)
    elif item.symbol == "vote":
        pay_votes(out, name, item.n, why)
    elif took and took[0] in data.WORKIES:
        change(out, name, why, crafties=-took.count("crafty"), brainies=-took.count("brainy"))
    elif took and took[0] in data.TRACKS:
        change(out, name, why, factions={t: -took.count(t) for t in sorted(set(took))})
    else:
        change(out, name, why, resources={r: -took.count(r) for r in sorted(set(took))})


def pay(out: Out, owner: str, costs: Sequence[Item], words: Sequence[str], why: str) -> list[Frame]:
    """Pay a box's costs: the owner's in full (``plan`` has checked); "all"/"all others"
    costs by every other who can pay each in full (Costs and Action Boxes). Returns the
    boxes of the others asked what they pay (``share``), to open above the owner's."""
    for item, took in plan(out.state, owner, costs, words):
        pay_one(out, owner, item, took, why)
    asked = []
    for item in costs:
        if not item.scope:
            continue
        for name in others(out.state, owner, item.symbol):
            if name == data.DUMMY:  # it loses votes to effects on all (2 players), nothing else
                if item.symbol == "vote" and out.state.bag.get(name, 0) >= item.n:
                    pay_votes(out, name, item.n, f"{why} (all others)")
                continue
            if item.symbol == "mood" or can_pay(out.state, name, [Item(item.symbol, item.n)]):
                box = share(out, name, Item(item.symbol, item.n), f"{why} (all others)")
                if box is not None:
                    asked.append(box)
    return asked


def share(out: Out, name: str, item: Item, why: str) -> Frame | None:
    """One payer's share of an "All Others" cost, paid now; or, for a cost of choice the
    table asks each payer (option ``others-choice=ask``), the box they pay it from."""
    try:
        taken = plan(out.state, name, [item], ())
    except AmbiguousMove:
        if out.state.options.get(OPTION_OTHERS_CHOICE) == "ask":
            return Frame(name, why, (Slot((replace(item, scope="", cost=True),)),))
        taken = [(item, _cheapest(out.state, name, item))]
    for one, took in taken:
        pay_one(out, name, Item(one.symbol, one.n), took, why)
    return None


def cost_due(frame: Frame) -> tuple[int, int, Item] | None:
    """The cost of choice a payer's box holds (slot, item, the cost), if it is one."""
    for s, slot in enumerate(frame.slots):
        for i, item in enumerate(slot.items):
            if item.cost:
                return s, i, item
    return None


def _cheapest(state: State, name: str, item: Item) -> tuple[str, ...]:
    """What another player pays for a cost with a choice: the kinds they hold most of."""
    player = state.players[name]
    held = (
        dict(player.warehouse)
        if item.symbol == "resource"
        else {"crafty": player.crafties, "brainy": player.brainies}
        if item.symbol == "workie"
        else dict(player.factions)
    )
    took: list[str] = []
    for _ in range(item.n):
        kind = max(sorted(held), key=lambda k: held[k])
        held[kind] -= 1
        took.append(kind)
    return tuple(took)


def open_box(
    out: Out,
    owner: str,
    source: str,
    box: Box,
    *,
    pay_words: Sequence[str] = (),
    card: str = "",
    then: str = "",
    forced: bool = False,
) -> None:
    """Pay ``box``'s costs and put it on the stack, and above it the boxes of the payers asked
    what they pay; ``forced`` (the "All Others" part of a law) pays only the costs the player
    can pay in full."""
    asked: list[Frame] = []
    if forced:
        for item in box.costs:
            if item.symbol == "mood" or can_pay(out.state, owner, [item]):
                found = share(out, owner, item, source)
                asked += [found] if found is not None else []
    else:
        asked = pay(out, owner, box.costs, pay_words, source)
    out.add(BoxOpened(Frame(owner, source, box.slots, card, then)))
    for frame in reversed(asked):  # the first in turn order on top
        out.add(BoxOpened(frame))
