"""``evolve``: apply one LOOP fact to the state, without touching the previous state.

Each handler copies only the containers it changes. The checks live in ``rules.decide``;
here every event is taken as true.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from msgspec.structs import replace

from ledger.games.loop import data
from ledger.games.loop.model import (
    UNKNOWN,
    ActivitiesReshuffled,
    ActivityDeclared,
    ActivityFace,
    ActivityRevealed,
    Bought,
    Consumed,
    Dealt,
    Depleted,
    Event,
    FavourAccepted,
    FavourDrawn,
    FavourPlayed,
    FavourRejected,
    FavoursReshuffled,
    FinalRound,
    GameEnded,
    GoalAchieved,
    GoalDeclared,
    GoalFace,
    Grant,
    Kept,
    Mat,
    MaterialRevealed,
    Player,
    ReputationSpent,
    State,
    TurnEnded,
    TurnStarted,
    Worked,
)
from ledger.piles import without


def with_mat(mats: tuple[Mat, ...], mat: Mat) -> tuple[Mat, ...]:
    return tuple(sorted((*mats, mat)))


def take_favour(hand: tuple[str, ...], kind: str) -> tuple[str, ...]:
    """The hand less a ``kind`` card: a known one if held, else an unseen one (now known)."""
    return without(hand, kind if kind in hand else UNKNOWN)


def deduct(player: Player, mat: Mat) -> Player:
    """1 QUALITY off one of the player's MATERIAL; at 0 it is BROKEN, into the LANDFILL (2.2 c)."""
    kind, quality = mat
    mats = without(player.materials, mat)
    if quality > 1:
        return replace(player, materials=with_mat(mats, (kind, quality - 1)))
    return replace(player, materials=mats, landfill=(*player.landfill, kind))


def follow_shares(
    shares: tuple[Grant, ...], me: str, uses: Iterable[tuple[str, Mat]], left: Mapping[str, Sequence[Mat]]
) -> tuple[Grant, ...]:
    """LOOP 3.1 SHARE, after one ACTIVITY: grants follow their card.

    ``uses`` are the cards the ACTIVITY took, one grant already spent for each SHAREd one;
    ``left`` is every owner's MATERIAL with those cards taken out. A SHAREd card whose owner
    has no identical card left takes its other grants along to its lower QUALITY; a card
    that broke (QUALITY 1 to 0) lets them lapse. Each grant moves at most once.
    """
    moved = {(owner, mat) for owner, mat in uses if owner != me and mat not in left[owner]}
    if not moved:
        return shares
    followed = []
    for grant in shares:
        if (grant.owner, grant.material) in moved:
            kind, quality = grant.material
            if quality > 1:
                followed.append(Grant(grant.owner, (kind, quality - 1)))
        else:
            followed.append(grant)
    return tuple(followed)


def take(holdings: dict[str, list[Mat]], grants: list[Grant], me: str, owner: str, mat: Mat) -> None:
    """Take one card for an ACTIVITY from working copies of the MATERIAL and SHAREs: it is out
    of ``holdings`` until ``settle``, so a 2nd MATERIAL is a separate card (LOOP 2.2 c), and a
    SHAREd card spends one grant (3.1 SHARE)."""
    if owner != me:
        grants.remove(Grant(owner, mat))
    holdings[owner].remove(mat)


def settle(
    holdings: dict[str, list[Mat]], grants: list[Grant], me: str, taken: Sequence[tuple[str, Mat]]
) -> list[Grant]:
    """After one ACTIVITY: grants follow their card, and each card taken comes back 1 QUALITY
    lower (a BROKEN one does not). Returns the grants left."""
    followed = list(follow_shares(tuple(grants), me, taken, holdings))
    for owner, (kind, quality) in taken:
        if quality > 1:
            holdings[owner].append((kind, quality - 1))
    return followed


def _players(state: State, *updated: Player) -> dict[str, Player]:
    players = dict(state.players)
    for player in updated:
        players[player.name] = player
    return players


def _activity_declared(state: State, event: ActivityDeclared) -> State:
    faces = {**state.activity_faces, event.name: ActivityFace(event.needs, event.props)}
    return replace(state, activity_faces=faces)


def _goal_declared(state: State, event: GoalDeclared) -> State:
    special = event.name if event.name in data.SPECIAL_GOALS else ""
    faces = {**state.goal_faces, event.name: GoalFace(event.needs, event.reward, special)}
    return replace(state, goal_faces=faces)


def _dealt(state: State, event: Dealt) -> State:
    players = {
        name: replace(player, goals=event.goals.get(name, ())) for name, player in state.players.items()
    }
    seen: dict[str, int] = {}
    for name in event.activities:
        seen[name] = seen.get(name, 0) + 1
    return replace(
        state,
        players=players,
        activity_deck=event.activities,
        activity_unseen=0,
        activity_seen=seen,
        phase="setup",
    )


def _material_revealed(state: State, event: MaterialRevealed) -> State:
    deck = without(state.material_deck, event.material)
    if event.to is None:
        area = tuple(sorted((*state.buy_area, event.material)))
        return replace(state, material_deck=deck, buy_area=area)
    player = state.players[event.to]
    player = replace(
        player, materials=with_mat(player.materials, (event.material, data.INTERN_MATERIAL_QUALITY))
    )
    return replace(
        state,
        material_deck=deck,
        players=_players(state, player),
        awaiting_start=without(state.awaiting_start, event.to),
    )


def _activity_revealed(state: State, event: ActivityRevealed) -> State:
    area = tuple(sorted((*state.consume_area, event.name)))
    if event.name in state.activity_deck:
        return replace(state, consume_area=area, activity_deck=without(state.activity_deck, event.name))
    seen = {**state.activity_seen, event.name: state.activity_seen.get(event.name, 0) + 1}
    return replace(
        state,
        consume_area=area,
        activity_unseen=state.activity_unseen - 1,
        activity_seen=seen,
    )


def _activities_reshuffled(state: State, event: ActivitiesReshuffled) -> State:
    return replace(
        state,
        activity_deck=event.order,
        activity_discard=(),
        reshuffles=state.reshuffles + 1,
    )


def _favours_reshuffled(state: State, event: FavoursReshuffled) -> State:
    return replace(
        state,
        favour_deck=event.order,
        favour_discard=(),
        reshuffles=state.reshuffles + 1,
    )


def _turn_started(state: State, event: TurnStarted) -> State:
    return replace(
        state,
        phase="turn",
        turn=state.seats.index(event.player),
        round=event.round,
        main="",
        consumed=0,
        bought=0,
        pending=None,
        shares=(),
    )


def _favour_drawn(state: State, event: FavourDrawn) -> State:
    player = state.players[event.player]
    player = replace(player, hand=tuple(sorted((*player.hand, event.card))))
    return replace(
        state,
        favour_deck=without(state.favour_deck, event.card),
        players=_players(state, player),
    )


def _worked(state: State, event: Worked) -> State:
    player = state.players[event.player]
    player = replace(
        player,
        coin=player.coin + event.coin,
        happiness=player.happiness - event.happiness,
        reputation=player.reputation - event.reputation,
    )
    return replace(state, players=_players(state, player), main="work")


def _bought(state: State, event: Bought) -> State:
    player = state.players[event.player]
    area = state.buy_area
    for kind, _ in event.cards:
        area = without(area, kind)
    player = replace(
        player,
        coin=player.coin - event.coin,
        reputation=player.reputation - event.reputation,
        materials=tuple(sorted(player.materials + event.cards)),
    )
    bought = state.bought + len(event.cards)
    return replace(state, players=_players(state, player), buy_area=area, main="buy", bought=bought)


def _consumed(state: State, event: Consumed) -> State:
    players = dict(state.players)
    shares = state.shares
    area = state.consume_area
    kept = list(players[event.player].kept)
    for completion in event.completions:
        uses = [(use.owner, (use.type, use.quality)) for use in completion.uses]
        left = {owner: list(players[owner].materials) for owner, _ in uses}
        for owner, mat in uses:
            left[owner].remove(mat)
            if owner != event.player:
                shares = without(shares, Grant(owner, mat))
        shares = follow_shares(shares, event.player, uses, left)
        for owner, mat in uses:
            players[owner] = deduct(players[owner], mat)
        area = without(area, completion.activity)
        types = tuple(sorted(use.type for use in completion.uses))
        kept.append(Kept(completion.activity, types))
    discard = state.activity_discard
    for name in event.dropped:
        kept.pop(next(i for i, k in enumerate(kept) if k.name == name))
        discard = (*discard, name)
    me = players[event.player]
    players[event.player] = replace(
        me,
        kept=tuple(kept),
        completed=me.completed + len(event.completions),
        happiness=me.happiness + event.happiness,
        reputation=me.reputation - event.reputation,
    )
    return replace(
        state,
        players=players,
        shares=shares,
        consume_area=area,
        activity_discard=discard,
        main="consume",
        consumed=state.consumed + len(event.completions),
    )


def _reputation_spent(state: State, event: ReputationSpent) -> State:
    player = state.players[event.player]
    player = replace(
        player,
        reputation=player.reputation - event.reputation,
        happiness=player.happiness + event.happiness,
    )
    # LOOP 2.5 c): only in a CONSUME turn; spent before the first CONSUME, it makes one (as 2.3).
    return replace(state, players=_players(state, player), main=state.main or "consume")


def _goal_achieved(state: State, event: GoalAchieved) -> State:
    player = state.players[event.player]
    player = replace(
        player,
        achieved=(*player.achieved, event.goal),
        happiness=player.happiness + event.happiness,
    )
    # LOOP 2.3: a GOAL is achieved in a CONSUME turn; one achieved before the first CONSUME
    # makes the turn one.
    return replace(state, players=_players(state, player), main=state.main or "consume")


def _favour_played(state: State, event: FavourPlayed) -> State:
    offer = event.offer
    player = state.players[offer.player]
    player = replace(player, hand=take_favour(player.hand, offer.kind))
    return replace(state, players=_players(state, player), pending=offer)


def _favour_accepted(state: State, event: FavourAccepted) -> State:
    offer = event.offer
    me, them = state.players[offer.player], state.players[offer.target]
    shares = state.shares
    if offer.kind == "acquire" and offer.theirs:
        price = offer.theirs[1]
        me = replace(me, materials=with_mat(me.materials, offer.theirs), coin=me.coin - price)
        them = replace(them, materials=without(them.materials, offer.theirs), coin=them.coin + price)
    elif offer.kind == "barter" and offer.theirs and offer.mine:
        me = replace(me, materials=with_mat(without(me.materials, offer.mine), offer.theirs))
        them = replace(them, materials=with_mat(without(them.materials, offer.theirs), offer.mine))
    elif offer.kind == "recycle" and offer.landfill:
        me = replace(
            me,
            materials=with_mat(me.materials, (offer.landfill, offer.pay)),
            coin=me.coin - offer.pay,
        )
        them = replace(them, landfill=without(them.landfill, offer.landfill))
    elif offer.kind == "resell" and offer.mine:
        price = offer.mine[1]
        me = replace(me, materials=without(me.materials, offer.mine), coin=me.coin + price)
        them = replace(them, materials=with_mat(them.materials, offer.mine), coin=them.coin - price)
    elif offer.kind == "share" and offer.theirs:
        shares = (*shares, Grant(offer.target, offer.theirs))
    # LOOP 2.4 a): ACCEPT-ed FAVOURs always go into the hand of the ACCEPTEE.
    them = replace(
        them,
        hand=tuple(sorted((*them.hand, offer.kind))),
        reputation=them.reputation + event.reputation,
    )
    return replace(state, players=_players(state, me, them), shares=shares, pending=None)


def _favour_rejected(state: State, event: FavourRejected) -> State:
    offer = event.offer
    them = state.players[offer.target]
    discard = (*state.favour_discard, offer.kind)
    if event.by == "discard":
        them = replace(them, hand=take_favour(them.hand, offer.kind))
        discard = (*discard, offer.kind)
    else:
        them = replace(them, reputation=them.reputation - 1)
    return replace(state, players=_players(state, them), favour_discard=discard, pending=None)


def _turn_ended(state: State, event: TurnEnded) -> State:
    return replace(state, phase="refill", main="", consumed=0, bought=0, pending=None, shares=())


def _depleted(state: State, event: Depleted) -> State:
    player = state.players[event.player]
    player = replace(player, happiness=player.happiness - event.happiness)
    return replace(state, players=_players(state, player))


def _final_round(state: State, event: FinalRound) -> State:
    return replace(state, final_round=event.reason)


def _game_ended(state: State, event: GameEnded) -> State:
    return replace(state, phase="over")


_HANDLERS: dict[type, Callable[[State, Any], State]] = {
    ActivityDeclared: _activity_declared,
    GoalDeclared: _goal_declared,
    Dealt: _dealt,
    MaterialRevealed: _material_revealed,
    ActivityRevealed: _activity_revealed,
    ActivitiesReshuffled: _activities_reshuffled,
    FavoursReshuffled: _favours_reshuffled,
    TurnStarted: _turn_started,
    FavourDrawn: _favour_drawn,
    Worked: _worked,
    Bought: _bought,
    Consumed: _consumed,
    ReputationSpent: _reputation_spent,
    GoalAchieved: _goal_achieved,
    FavourPlayed: _favour_played,
    FavourAccepted: _favour_accepted,
    FavourRejected: _favour_rejected,
    TurnEnded: _turn_ended,
    Depleted: _depleted,
    FinalRound: _final_round,
    GameEnded: _game_ended,
}


def evolve(state: State, event: Event) -> State:
    """The state after one fact."""
    return _HANDLERS[type(event)](state, event)
