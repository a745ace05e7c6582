"""The candidate moves of a turn that every mode lists (``legal`` in ``moves`` keeps them):
the table's reveals of MATERIAL and ACTIVITY, and a player's BUY (2.2 b, 2.5 b), CONSUME
(2.2 c, 3.2), REPUTATION for HAPPINESS (2.5 c), GOAL (2.3) and FAVOUR (6.0). The basic game
lists them as they are; the other modes add their own around them (``moves``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations_with_replacement, islice, product

from ledger.games.loop import data
from ledger.games.loop.evolve import AREA, settle, take
from ledger.games.loop.model import (
    Buy,
    Command,
    Consume,
    Favour,
    Goal,
    Grant,
    Mat,
    MatRef,
    Player,
    RepHappiness,
    RevealActivity,
    RevealMaterial,
    Spend,
    State,
)
from ledger.games.loop.rules import (
    achieved_by,
    activity_wanted,
    goal_met,
    holds_favour,
    material_wanted,
)
from ledger.games.loop.rules.core import burn_wanted, mode_of

CONSUME_CAP = 40  # multi-ACTIVITY CONSUME candidates listed at most


def _reveals(state: State) -> Iterator[Command]:
    kinds = sorted(set(state.material_deck))
    for name in sorted(set(state.awaiting_start)):
        for kind in kinds:
            yield RevealMaterial(kind, name)
    if material_wanted(state):
        for kind in kinds:
            if mode_of(state).favours == "blue":  # 7.0: with its Exhibited QUALITY
                for shown in range(1, data.MAX_QUALITY + 1):
                    yield RevealMaterial(kind, shown=(shown,))
            else:
                yield RevealMaterial(kind)
    if burn_wanted(state) or (state.removing and not state.owed):
        for kind in kinds:
            yield RevealMaterial(kind)
    if activity_wanted(state):
        names = set(state.activity_deck)
        if state.activity_unseen:
            names.update(
                name
                for name, face in state.activity_faces.items()
                if face.complete and state.activity_seen.get(name, 0) < data.ACTIVITY_COPIES
            )
        for name in sorted(names):
            yield RevealActivity(name)


def _buys(state: State, player: Player) -> Iterator[Command]:
    """BUYs the player can pay for, with the least and the most REPUTATION they may spend."""
    area = Counter(state.buy_area)
    budget = player.coin + player.reputation
    if state.mode != "basic":
        # CHEF (8.0 Supersize) and THE 2ND SEMI MID-SEASON SALES (9.0) pay less than the
        # QUALITY: a BUY past the COIN and REPUTATION held by up to MAX_QUALITY is a candidate,
        # and ``decide`` sorts them out
        budget += data.MAX_QUALITY
    for size in range(1, data.MAX_PER_TURN - state.bought + 1):
        for combo in combinations_with_replacement(sorted(area), size):
            if Counter(combo) - area:
                continue
            qualities: list[tuple[int, ...]]
            if size < 3:
                qualities = list(product(range(1, data.MAX_QUALITY + 1), repeat=size))
            else:  # capped: QUALITY 1 or 2 in any mix, or all 3, or all 4
                qualities = [*product((1, 2), repeat=size), (3,) * size, (4,) * size]
            for vector in qualities:
                cards = tuple(zip(combo, vector, strict=True))
                if size == 2 and combo[0] == combo[1] and vector[0] > vector[1]:
                    continue  # the same two cards in the other order
                total = sum(vector)
                if total > budget:
                    continue
                # 2.5 b): REPUTATION for the QUALITY the COIN does not pay, at least 1 COIN a card
                low = min(max(0, total - player.coin), player.reputation)
                high = min(player.reputation, total - size)
                for rep in sorted({low, high}):
                    if low <= rep <= high:
                        yield Buy(player.name, cards, rep)


def _classes(
    kind: str, me: str, holdings: dict[str, list[Mat]], grants: list[Grant]
) -> list[tuple[str, Mat]]:
    """Distinct (owner, card) of ``kind`` the player may spend: own, or SHAREd to them."""
    own = [(me, m) for m in sorted(set(holdings[me])) if m[0] == kind]
    shared = {
        (g.owner, g.material) for g in grants if g.material[0] == kind and g.material in holdings[g.owner]
    }
    return own + sorted(shared)


def _ways(
    needs: tuple[str, ...], me: str, holdings: dict[str, list[Mat]], grants: list[Grant]
) -> Iterator[tuple[tuple[MatRef, ...], dict[str, list[Mat]], list[Grant]]]:
    """Each way to pay an ACTIVITY: its refs and what is left afterwards."""
    first, second = needs
    for owner1, mat1 in _classes(first, me, holdings, grants):
        h1 = {k: list(v) for k, v in holdings.items()}
        g1 = list(grants)
        take(h1, g1, me, owner1, mat1)
        for owner2, mat2 in _classes(second, me, h1, g1):
            if first == second and (owner2, mat2) < (owner1, mat1):
                continue
            h2 = {k: list(v) for k, v in h1.items()}
            g2 = list(g1)
            take(h2, g2, me, owner2, mat2)
            taken = ((owner1, mat1), (owner2, mat2))
            g2 = settle(h2, g2, me, taken)
            refs = tuple(
                MatRef(kind, quality, None if owner == me else owner) for owner, (kind, quality) in taken
            )
            yield refs, h2, g2


_Partial = tuple[tuple[Spend, ...], dict[str, list[Mat]], list[Grant], int]


def _grow(state: State, me: str, names: list[str], frontier: list[_Partial]) -> Iterator[_Partial]:
    """Each partial CONSUME with one more ACTIVITY (names in order, so no repeats)."""
    for spends, holdings, grants, index in frontier:
        for i in range(index, len(names)):
            if i > index and names[i] == names[i - 1]:
                continue
            needs = state.activity_faces[names[i]].needs or ()
            for refs, left, granted in _ways(needs, me, holdings, grants):
                yield (*spends, Spend(names[i], refs)), left, granted, i + 1


def _consumes(state: State, player: Player) -> Iterator[Command]:
    me = player.name
    owners = {me} | {g.owner for g in state.shares}
    start = {
        name: list(state.exhibited if name == AREA else state.players[name].materials) for name in owners
    }
    names = sorted(state.consume_area)
    found: list[tuple[Spend, ...]] = []
    frontier: list[_Partial] = [((), start, list(state.shares), 0)]
    for depth in range(data.MAX_PER_TURN - state.consumed):
        grown = _grow(state, me, names, frontier)
        frontier = list(grown if depth == 0 else islice(grown, CONSUME_CAP))
        found.extend(spends for spends, *_ in frontier)
    kept = [k.name for k in player.kept]
    for spends in found:
        # 3.2: the oldest kept go; a turn CONSUMEs no more than MAX_KEPT, so never a new one
        drop = tuple(kept[: max(0, len(kept) + len(spends) - data.MAX_KEPT)])
        yield Consume(me, spends, drop)
        # the 2 REPUTATION must buy something: HAPPINESS below 12 after the ACTIVITY (2.5 c)
        gains = player.happiness + len(spends) < data.MAX_HAPPINESS or state.legacy
        if player.reputation >= data.REPUTATION_FOR_HAPPINESS and len(spends) == 1 and gains:
            yield Consume(me, spends, drop, rep_happiness=True)


def _rep_happiness(state: State, player: Player) -> Iterator[Command]:
    """LOOP 2.5 c) as a move of its own; at HAPPINESS 12 only with --force (it gains nothing)."""
    if player.reputation >= data.REPUTATION_FOR_HAPPINESS and not state.legacy:
        yield RepHappiness(player.name, force=player.happiness >= data.MAX_HAPPINESS)


def _goals(state: State, player: Player) -> Iterator[Command]:
    if len(player.achieved) >= mode_of(state).goals:  # 4.0: 3 GOAL each, 4 in Solo Mode
        return
    names = player.goals if state.virtual else tuple(sorted(state.goal_faces))
    for name in names:
        face = state.goal_faces.get(name)
        if face is None or achieved_by(state, name) is not None:
            continue
        # 2.3 at a physical table: no GOAL reward is printed in the rulebook, so the first
        # player to achieve one types it from the card (``asks``); its PROPERTY must be known.
        known = face.complete or (not state.virtual and (face.special or face.needs is not None))
        if known and goal_met(state, player, face):
            yield Goal(player.name, name)


def _favours(state: State, player: Player) -> Iterator[Command]:
    me = player.name
    mine = sorted(set(player.materials))
    for kind in data.FAVOURS:
        if not holds_favour(state, player, kind):
            continue
        for target in state.seats:
            if target == me:
                continue
            them = state.players[target]
            theirs = sorted(set(them.materials))
            if kind == "acquire":
                for mat in theirs:
                    if mat[1] <= player.coin:
                        yield Favour(me, kind, target, theirs=MatRef(*mat))
            elif kind == "barter":
                for own, other in product(mine, theirs):
                    if other[1] <= own[1]:
                        yield Favour(me, kind, target, mine=MatRef(*own), theirs=MatRef(*other))
            elif kind == "recycle":
                for landfill in sorted(set(them.landfill) - {"utility"}):
                    for pay in range(1, min(data.MAX_QUALITY, player.coin) + 1):
                        yield Favour(me, kind, target, theirs=MatRef(landfill), pay=pay)
            elif kind == "resell":
                for mat in mine:
                    if mat[1] <= them.coin:
                        yield Favour(me, kind, target, mine=MatRef(*mat))
            else:  # share
                for mat in theirs:
                    yield Favour(me, kind, target, theirs=MatRef(*mat))
