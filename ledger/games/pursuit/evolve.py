"""``evolve``: apply one Pursuit fact to the state, without touching the previous state.

The checks live in ``rules``; here every event is taken as true.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from ledger.games.pursuit import data
from ledger.games.pursuit.faces import added
from ledger.games.pursuit.model import (
    Began,
    Changed,
    Declared,
    Discarded,
    Drawn,
    Engaged,
    Engagement,
    Event,
    GameEnded,
    GoalsRevealed,
    Held,
    Hourglasses,
    Leveled,
    LifeEnded,
    Passed,
    PhaseStarted,
    Placed,
    Player,
    Refreshed,
    Resolved,
    Returned,
    RoundStarted,
    SchoolLeft,
    Shuffled,
    Slid,
    Slot,
    SlotEmptied,
    SlotFilled,
    State,
    StatusChanged,
    Taken,
    TraitKept,
    TurnStarted,
    UpkeepPaid,
)
from ledger.piles import Pile, rng, shuffled, take_top


def _player(state: State, name: str, **fields: Any) -> State:
    players = dict(state.players)
    players[name] = replace(players[name], **fields)
    return replace(state, players=players)


def _held(player: Player, card: str, **fields: Any) -> tuple[Held, ...]:
    return tuple(replace(h, **fields) if h.name == card else h for h in player.cards)


def _declared(state: State, e: Declared) -> State:
    return replace(state, faces=added(state.faces, e.face))


def _began(state: State, e: Began) -> State:
    players = {name: replace(p, owned=e.hourglasses) for name, p in state.players.items()}
    return replace(
        state,
        phase="setup",
        players=players,
        community=(Slot(),) * data.COMMUNITY_SLOTS if "community" in state.modules else (),
        community_pile=Pile(unseen=e.community),
        friends=("",) * data.FRIEND_SLOTS if "friends" in state.modules else (),
        friend_pile=Pile(unseen=e.friends),
        school="school" in state.modules,
    )


def seeded_piles(state: State, names: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """The virtual piles ``names`` shuffled from the seed (one generator, in this order)."""
    generator = rng(state.seed, "setup")
    friends = [c.name for c in state.faces.cards.values() if c.kind == "friend"]
    return {
        name: shuffled(state.faces.community if name == "community" else friends, generator) for name in names
    }


def _shuffled(state: State, e: Shuffled) -> State:
    if state.seed_lost:  # no order to deal: the piles stay as ``Began`` laid them, unseen
        return state
    piles = seeded_piles(state, e.seeded) if e.seeded else e.piles
    return replace(
        state,
        community_pile=Pile(known=piles.get("community", ())),
        friend_pile=Pile(known=piles.get("friends", ())),
    )


def _slot_filled(state: State, e: SlotFilled) -> State:
    state = replace(state, flipped=(*state.flipped, e.card) if e.by else ())
    if e.board == "community":
        slots = list(state.community)
        slots[e.slot] = Slot(e.card)
        return replace(state, community=tuple(slots), community_pile=take_top(state.community_pile, e.card))
    friends = list(state.friends)
    friends[e.slot] = e.card
    return replace(state, friends=tuple(friends), friend_pile=take_top(state.friend_pile, e.card))


def _slot_emptied(state: State, e: SlotEmptied) -> State:
    if e.board == "community":
        slots = list(state.community)
        slots[e.slot] = Slot()
        return replace(state, community=tuple(slots), community_discard=(*state.community_discard, e.card))
    friends = list(state.friends)
    friends[e.slot] = ""
    return replace(state, friends=tuple(friends), friend_discard=(*state.friend_discard, e.card))


def _drawn(state: State, e: Drawn) -> State:
    """Solo Game: a Community card asking for the most of something, drawn and discarded (the
    only card drawn so: ``rules.setup.draw_one``)."""
    state = replace(state, flipped=(*state.flipped, e.card) if e.by else ())
    pile = take_top(state.community_pile, e.card)
    return replace(state, community_pile=pile, community_discard=(*state.community_discard, e.card))


def _round_started(state: State, e: RoundStarted) -> State:
    players = {
        name: replace(p, passed=False, engaged=0, bought=0, black_friday=False)
        for name, p in state.players.items()
    }
    return replace(
        state, round=e.round, phase="preparation", players=players, order=(), turn=0, owed=(), flipped=()
    )


def _phase_started(state: State, e: PhaseStarted) -> State:
    if e.phase == "upkeep":
        return replace(state, phase="upkeep", owed=e.players)
    if e.phase == "action":
        return replace(state, phase="action", order=e.players, turn=0)
    return replace(state, phase=e.phase)


def _changed(state: State, e: Changed) -> State:
    player = state.players[e.player]
    fields: dict[str, Any] = {key: getattr(player, key) + n for key, n in e.changes.items()}
    lth = e.changes.get("lth", 0)
    if lth:
        fields["lth_from"] = {**player.lth_from, e.source: player.lth_from.get(e.source, 0) + lth}
    return _player(state, e.player, **fields)


def _placed(state: State, e: Placed) -> State:
    player = state.players[e.player]
    if e.card:
        held = next(h for h in player.cards if h.name == e.card)
        cards = _held(player, e.card, hourglasses=held.hourglasses + e.n)
        return _player(state, e.player, hourglasses=player.hourglasses - e.n, cards=cards)
    return _player(state, e.player, hourglasses=player.hourglasses - e.n, on_board=player.on_board + e.n)


def _taken(state: State, e: Taken) -> State:
    player = state.players[e.player]
    face = state.faces.cards[e.card]
    bought = player.bought + (e.how == "spend" and face.kind == "item")
    state = _player(state, e.player, cards=(*player.cards, Held(e.card, e.level)), bought=bought)
    if e.how == "start-friendship":
        state = replace(state, friends=tuple("" if c == e.card else c for c in state.friends))
    return state


def _discarded(state: State, e: Discarded) -> State:
    player = state.players[e.player]
    state = _player(state, e.player, cards=tuple(h for h in player.cards if h.name != e.card))
    return replace(state, discarded=(*state.discarded, e.card))


def _engaged(state: State, e: Engaged) -> State:
    slots = list(state.community)
    slot = slots[e.slot]
    slots[e.slot] = replace(slot, engaged=(*slot.engaged, Engagement(e.player, e.token)))
    state = replace(state, community=tuple(slots))
    player = state.players[e.player]
    friday = player.black_friday or slot.card == data.BLACK_FRIDAY
    if e.token:
        return _player(state, e.player, token=False, black_friday=friday)
    return _player(
        state, e.player, hourglasses=player.hourglasses - 1, engaged=player.engaged + 1, black_friday=friday
    )


def _resolved(state: State, e: Resolved) -> State:
    slots = list(state.community)
    slot = slots[e.slot]
    slots[e.slot] = replace(slot, resolved=(*slot.resolved, e.player))
    state = replace(state, community=tuple(slots))
    if any(g.player == e.player and g.token for g in slot.engaged):
        state = _player(state, e.player, token=True)  # "the Community token gets returned"
    return state


def _life_ended(state: State, e: LifeEnded) -> State:
    state = _player(state, e.player, alive=False, hourglasses=0)
    return replace(state, owed=tuple(p for p in state.owed if p != e.player))


def _returned(state: State, e: Returned) -> State:
    players = {
        name: replace(
            p,
            hourglasses=0,
            on_board=0,
            token=True,
            cards=tuple(replace(h, hourglasses=0) for h in p.cards),
        )
        for name, p in state.players.items()
    }
    return replace(state, players=players)


_EVOLVE: dict[type, Callable[[State, Any], State]] = {
    Declared: _declared,
    Began: _began,
    Shuffled: _shuffled,
    GoalsRevealed: lambda s, e: replace(s, goals=(*s.goals, *e.cards)),
    TraitKept: lambda s, e: _player(s, e.player, traits=(*s.players[e.player].traits, e.card)),
    SlotFilled: _slot_filled,
    SlotEmptied: _slot_emptied,
    Drawn: _drawn,
    Slid: lambda s, e: replace(s, community=tuple(Slot(card) for card in e.cards)),
    SchoolLeft: lambda s, e: replace(s, school=False),
    RoundStarted: _round_started,
    Hourglasses: lambda s, e: _player(s, e.player, hourglasses=e.n),
    PhaseStarted: _phase_started,
    TurnStarted: lambda s, e: replace(s, turn=s.order.index(e.player)),
    Changed: _changed,
    Placed: _placed,
    Taken: _taken,
    Leveled: lambda s, e: _player(s, e.player, cards=_held(s.players[e.player], e.card, level=e.level)),
    StatusChanged: lambda s, e: _player(
        s, e.player, cards=_held(s.players[e.player], e.card, status=e.status)
    ),
    Discarded: _discarded,
    Engaged: _engaged,
    Resolved: _resolved,
    Passed: lambda s, e: _player(s, e.player, passed=True),
    UpkeepPaid: lambda s, e: replace(s, owed=tuple(p for p in s.owed if p != e.player)),
    Refreshed: lambda s, e: s,
    LifeEnded: _life_ended,
    Returned: _returned,
    GameEnded: lambda s, e: replace(s, phase="over", winners=e.winners),
}


def evolve(state: State, event: Event) -> State:
    """The state after ``event``."""
    return _EVOLVE[type(event)](state, event)
