"""``evolve``: apply one LOOP fact to the state, without touching the previous state.

Each handler copies only the containers it changes. The checks live in ``rules.decide``;
here every event is taken as true.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from msgspec.structs import replace

from ledger.games.loop import data, shuffles
from ledger.games.loop.model import (
    UNKNOWN,
    AbilityUsed,
    ActivitiesReshuffled,
    ActivityDeclared,
    ActivityFace,
    ActivityRevealed,
    BluffCalled,
    Bought,
    CareerChosen,
    CareersDealt,
    Changed,
    Consumed,
    CreditApplied,
    CreditPaid,
    Dealt,
    Depleted,
    Event,
    EventDone,
    EventDrawn,
    EventResolved,
    EventsFlipped,
    EventsReshuffled,
    EventTriggered,
    ExhibitedRevealed,
    FavourAccepted,
    FavourDrawn,
    FavourMoved,
    FavourPlayed,
    FavourRejected,
    FavourResolved,
    FavoursReshuffled,
    FavoursReturned,
    FinalRound,
    Forged,
    GameEnded,
    GoalAchieved,
    GoalDeclared,
    GoalFace,
    Grant,
    Kept,
    Mat,
    MaterialBurned,
    MaterialGiven,
    MaterialRevealed,
    MaterialsRemoved,
    MaterialsReturned,
    MaterialTaken,
    MaterialWorn,
    Objected,
    Offer,
    Owing,
    Paid,
    Peeked,
    Player,
    Repaired,
    ReputationSpent,
    Scrap,
    State,
    Step,
    Tossed,
    TurnEnded,
    TurnStarted,
    Worked,
)
from ledger.games.loop.modes import MODES
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


AREA = "area"  # Solo: the owner of a SHAREd BUY AREA card (7.0 SHARE)
CENTRAL = "central"  # Solo: the central LANDFILL


def buy_area_without(state: State, kind: str) -> State:
    """A card of ``kind`` leaves the BUY AREA; in Solo the one of that type with the lowest
    Exhibited QUALITY, unless a use names another (see ``_consumed``)."""
    area = without(state.buy_area, kind)
    if not state.exhibited:
        return replace(state, buy_area=area)
    if state.seed_lost and _unknown_exhibited(state, kind):
        # Some of that type lie with a QUALITY only the lost seed told (a Solo log from before
        # rules 7): which one leaves is unknown, so every one of that type is unknown now.
        return replace(state, buy_area=area, exhibited=tuple(m for m in state.exhibited if m[0] != kind))
    shown = min(m for m in state.exhibited if m[0] == kind)
    return replace(state, buy_area=area, exhibited=without(state.exhibited, shown))


def _unknown_exhibited(state: State, kind: str) -> int:
    """Solo: BUY AREA cards of ``kind`` whose Exhibited QUALITY is unknown (a lost seed's)."""
    return state.buy_area.count(kind) - sum(m[0] == kind for m in state.exhibited)


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
    if state.seed_lost:
        return _dealt_lost(state, event)
    if state.sealed and not event.activities:  # dealt from the seed, not from the log
        event = Dealt(*shuffles.dealt(state))
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


def _dealt_lost(state: State, event: Dealt) -> State:
    """A sealed deal whose seed is lost: what the log records of it (rules 7: every card the seed
    dealt), on the real table's setup ``initial`` laid out (each deck's composition, in no
    order). A log from before rules 7 records none of it: the GOAL and FAVOUR dealt stay
    unknown (as at a real table: none, "?"), and so do the 2 CAREER each player was dealt ("?",
    and the CAREER deck's cards) and each starting MATERIAL (a card of unknown type at QUALITY
    2), until a fact names them (``identify``)."""
    players = dict(state.players)
    deck, careers, waiting = state.material_deck, state.career_deck, state.awaiting_start
    unknown_careers = MODES[state.mode].careers and not event.careers
    if unknown_careers:  # which were dealt is unknown: so is which are left
        careers = (UNKNOWN,) * (len(careers) - data.CAREERS_DEALT * len(state.seats))
    for name, player in state.players.items():
        player = replace(player, goals=event.goals.get(name, ()))
        if name in event.hands:
            player = replace(player, hand=tuple(sorted(event.hands[name])))
        if name in event.careers:
            player = replace(player, careers=event.careers[name])
            for career in event.careers[name]:
                careers = without(careers, career)
        elif unknown_careers:
            player = replace(player, careers=(UNKNOWN,) * data.CAREERS_DEALT)
        if name in waiting:  # Basic Mode: the starting MATERIAL the seed dealt from the deck
            start = event.materials.get(name, ((UNKNOWN, data.INTERN_MATERIAL_QUALITY),))
            for kind, _ in event.materials.get(name, ()):
                deck = without(deck, kind)
            player = replace(player, materials=start)
            waiting = without(waiting, name)
        players[name] = player
    return replace(
        state,
        players=players,
        material_deck=deck,
        career_deck=careers,
        awaiting_start=waiting,
        exhibited=event.exhibited or state.exhibited,
        phase="setup",
    )


def identify(state: State, events: Iterable[Event]) -> State:
    """Where the seed is lost (a log from before rules 7), the cards only the seed dealt that
    ``events`` name, made known: the fold learns them so (``evolve``), and so does a move checked
    again before the rules see it (``ledger.history.redecide``; they are unconfirmed)."""
    for event in events:
        state = _identify(state, event)
    return state


def _identify(state: State, event: Event) -> State:
    """A lost seed's unknown card named by a fact: a CAREER chosen from 2 unknown ones; a
    starting MATERIAL, by the first fact that uses it (a player holding no such card but an
    unknown one at that QUALITY held it, and it came from the MATERIAL deck)."""
    if isinstance(event, CareerChosen):
        player = state.players.get(event.player)
        if player is None or event.career in player.careers or UNKNOWN not in player.careers:
            return state
        if event.career == data.INTERN_KEY:  # the back of either card: it tells neither
            return state
        careers = tuple(sorted((*without(player.careers, UNKNOWN), event.career)))
        return replace(state, players=_players(state, replace(player, careers=careers)))
    groups: list[list[tuple[str, Mat]]] = []  # the cards taken together (an ACTIVITY's 2)
    match event:
        case Consumed(completions=completions):
            groups = [[(u.owner, (u.type, u.quality)) for u in c.uses] for c in completions]
        case FavourPlayed(offer=offer) | FavourResolved(offer=offer) if not offer.target and offer.theirs:
            groups = [[(AREA, offer.theirs)]]  # Solo: a blue FAVOUR names a BUY AREA card
        case FavourPlayed(offer=offer) | FavourAccepted(offer=offer) | FavourResolved(offer=offer):
            groups = [[(o, m) for o, m in ((offer.player, offer.mine), (offer.target, offer.theirs)) if m]]
        case (
            MaterialWorn(owner=owner, mat=mat)
            | MaterialGiven(player=owner, mat=mat)
            | Repaired(owner=owner, mat=mat)
        ):
            groups = [[(owner, mat)]]
    held = {name: list(player.materials) for name, player in state.players.items()}
    for group in groups:
        for owner, mat in group:
            if owner == AREA:  # Solo: a BUY AREA card, with the Exhibited QUALITY it lies with
                if mat not in state.exhibited and _unknown_exhibited(state, mat[0]) > 0:
                    state = replace(state, exhibited=with_mat(state.exhibited, mat))
                continue
            cards, unknown = held.get(owner), (UNKNOWN, mat[1])
            if cards is None or mat in cards:
                if cards is not None:
                    cards.remove(mat)  # a card known to be held: the unknown one is another
                continue
            if unknown not in cards:
                continue
            cards.remove(unknown)
            player = state.players[owner]
            player = replace(player, materials=with_mat(without(player.materials, unknown), mat))
            deck = state.material_deck
            state = replace(
                state,
                players=_players(state, player),
                material_deck=without(deck, mat[0]) if mat[0] in deck else deck,
            )
        for owner, (kind, quality) in group:  # an ACTIVITY's cards come back 1 QUALITY lower
            if owner in held and quality > 1:
                held[owner].append((kind, quality - 1))
    return state


def _material_revealed(state: State, event: MaterialRevealed) -> State:
    if event.by:
        state = replace(state, flipped=(*state.flipped, event.material))
    deck = without(state.material_deck, event.material)
    if event.to is None:
        area = tuple(sorted((*state.buy_area, event.material)))
        if event.quality:  # Solo: the card lies with its Exhibited QUALITY (7.0)
            shown = with_mat(state.exhibited, (event.material, event.quality))
            return replace(state, material_deck=deck, buy_area=area, exhibited=shown)
        return replace(state, material_deck=deck, buy_area=area)
    player = state.players[event.to]
    quality = event.quality or data.INTERN_MATERIAL_QUALITY
    player = replace(player, materials=with_mat(player.materials, (event.material, quality)))
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
    if state.seed_lost:  # a real table's deck: the discard pile's cards, in no order
        order = event.order or tuple(sorted(state.activity_discard))
    elif state.sealed:
        order = event.order or shuffles.activities(state)
    else:
        order = event.order
    return replace(
        state,
        activity_deck=order,
        activity_discard=(),
        reshuffles=state.reshuffles + 1,
    )


def _favours_reshuffled(state: State, event: FavoursReshuffled) -> State:
    if state.seed_lost:  # a real table's deck: every card unseen
        order = event.order or (UNKNOWN,) * len(state.favour_discard)
    elif state.sealed:
        order = event.order or shuffles.favours(state)
    else:
        order = event.order
    return replace(
        state,
        favour_deck=order,
        favour_discard=(),
        reshuffles=state.reshuffles + 1,
    )


def _turn_started(state: State, event: TurnStarted) -> State:
    players = state.players
    player = players[event.player]
    if player.credit:  # 5.4: every CREDIT CARD is paid again this turn
        player = replace(player, credit=tuple((paid, 0) for paid, _ in player.credit))
        players = _players(state, player)
    return replace(
        state,
        players=players,
        phase="turn",
        turn=state.seats.index(event.player),
        round=event.round,
        main="",
        consumed=0,
        bought=0,
        pending=None,
        shares=(),
        # 5.3: a CONTINUOUS EVENT flipped at the last turn end is in effect from now
        event_active=state.event_next or state.event_active,
        event_next="",
        ending="",
        used=(),
        spent=0,
        low=len(player.materials),
        favours_played=0,
        forge=None,
    )


def _favour_drawn(state: State, event: FavourDrawn) -> State:
    player = state.players[event.player]
    player = replace(player, hand=tuple(sorted((*player.hand, event.card))))
    return replace(
        state,
        favour_deck=without(state.favour_deck, _drawn(state.favour_deck, event.card)),
        players=_players(state, player),
    )


def _drawn(deck: tuple[str, ...], card: str) -> str:
    """The card a deck gives for ``card`` drawn: itself, or an unseen one (a lost seed's deck is
    a real table's, every card unseen, while the log names what the referee drew)."""
    return card if card in deck else UNKNOWN


def _changed(state: State, event: Changed) -> State:
    player = state.players[event.player]
    player = replace(
        player,
        coin=player.coin + event.coin,
        happiness=player.happiness + event.happiness,
        reputation=player.reputation + event.reputation,
    )
    return replace(state, players=_players(state, player))


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
    from_area = event.cards[:-1] if event.scrap else event.cards
    for kind, _ in from_area:
        state = buy_area_without(state, kind)
    for kind in event.free:  # BOGOF
        state = buy_area_without(state, kind)
    if event.scrap is not None:  # SCIENTIST: a LANDFILL card
        state = _off_landfill(state, event.scrap)
    player = state.players[event.player]
    free = tuple((kind, data.CREDIT_GIFT_QUALITY) for kind in event.free)
    player = replace(
        player,
        coin=player.coin - event.coin,
        reputation=player.reputation - event.reputation,
        materials=tuple(sorted(player.materials + event.cards + free)),
    )
    bought = state.bought + len(event.cards)
    return replace(
        state,
        players=_players(state, player),
        main="work" if state.main == "work" else "buy",  # OFFICE LADY's BUY leaves it a WORK turn
        bought=bought,
        spent=state.spent + event.coin,
    )


def _off_landfill(state: State, scrap: Scrap) -> State:
    """A card leaves a LANDFILL: a player's, or Solo's central one."""
    if scrap.owner == CENTRAL:
        return replace(state, central=without(state.central, scrap.type))
    owner = state.players[scrap.owner]
    return replace(
        state, players=_players(state, replace(owner, landfill=without(owner.landfill, scrap.type)))
    )


def _consumed(state: State, event: Consumed) -> State:
    players = dict(state.players)
    shares = state.shares
    area = state.consume_area
    kept = list(players[event.player].kept)
    forge = state.forge
    for completion in event.completions:
        uses = [(use.owner, (use.type, use.quality)) for use in completion.uses]
        left = {owner: list(_cards(state, players, owner)) for owner, _ in uses}
        for owner, mat in uses:
            left[owner].remove(mat)
            if owner != event.player:
                shares = without(shares, Grant(owner, mat))
        shares = follow_shares(shares, event.player, uses, left)
        for use in completion.uses:
            mat = (use.type, use.quality)
            if use.owner == AREA:  # Solo SHARE: a BUY AREA card; BROKEN, to the central LANDFILL
                state = _wear_exhibited(state, mat)
            else:
                players[use.owner] = deduct(players[use.owner], mat)
            if (
                forge is not None
                and use.colour == forge.as_type
                and (use.owner, mat) == (forge.owner, forge.mat)
            ):
                # CRAFTSMAN: the forge follows its card, and ends when it breaks
                forge = replace(forge, mat=(use.type, use.quality - 1)) if use.quality > 1 else None
        area = without(area, completion.activity)
        types = tuple(sorted(use.colour or use.type for use in completion.uses))
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
        forge=forge,
    )


def _cards(state: State, players: Mapping[str, Player], owner: str) -> tuple[Mat, ...]:
    """The MATERIAL a use may take: a player's, or (Solo) the BUY AREA's as exhibited."""
    return state.exhibited if owner == AREA else players[owner].materials


def _wear_exhibited(state: State, mat: Mat) -> State:
    kind, quality = mat
    shown = without(state.exhibited, mat)
    if quality > 1:
        return replace(state, exhibited=with_mat(shown, (kind, quality - 1)))
    return replace(
        state, exhibited=shown, buy_area=without(state.buy_area, kind), central=(*state.central, kind)
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
    card = offer.card or offer.kind
    player = replace(player, hand=take_favour(player.hand, card))
    played = state.favours_played + 1
    if not MODES[state.mode].answer:  # 6.2, 7.0: face up beside the GOAL; the effect follows
        player = replace(player, played=(*player.played, card))
        return replace(state, players=_players(state, player), favours_played=played)
    return replace(state, players=_players(state, player), pending=offer, favours_played=played)


def _favour_resolved(state: State, event: FavourResolved) -> State:
    offer = event.offer
    if not offer.target:
        return _blue_effect(state, offer)
    return _favour_effect(state, offer)


def _blue_effect(state: State, offer: Offer) -> State:
    """7.0: a blue FAVOUR acts on the BUY AREA, the central LANDFILL or the MATERIAL deck."""
    me = state.players[offer.player]
    if offer.kind == "acquire" and offer.theirs:
        state = _off_exhibited(state, offer.theirs)
        me = replace(me, materials=with_mat(me.materials, offer.theirs), coin=me.coin - offer.theirs[1])
        state = replace(state, spent=state.spent + offer.theirs[1])
    elif offer.kind == "barter" and offer.theirs and offer.mine:
        state = _off_exhibited(state, offer.theirs)
        state = replace(
            state,
            buy_area=tuple(sorted((*state.buy_area, offer.mine[0]))),
            exhibited=with_mat(state.exhibited, offer.mine),
        )
        me = replace(me, materials=with_mat(without(me.materials, offer.mine), offer.theirs))
    elif offer.kind == "renew" and offer.landfill and offer.theirs:
        state = replace(state, central=without(state.central, offer.landfill), spent=state.spent + offer.pay)
        me = replace(me, materials=with_mat(me.materials, offer.theirs), coin=me.coin - offer.pay)
    elif offer.kind == "resell" and offer.mine:
        state = replace(
            state,
            material_deck=(*state.material_deck, offer.mine[0])
            if state.virtual
            else tuple(sorted((*state.material_deck, offer.mine[0]))),
        )
        me = replace(me, materials=without(me.materials, offer.mine), coin=me.coin + offer.mine[1])
    elif offer.kind == "share" and offer.theirs:
        state = replace(state, shares=(*state.shares, Grant(AREA, offer.theirs)))
    return replace(state, players=_players(state, me))


def _off_exhibited(state: State, mat: Mat) -> State:
    return replace(state, buy_area=without(state.buy_area, mat[0]), exhibited=without(state.exhibited, mat))


def _favour_effect(state: State, offer: Offer) -> State:
    """3.1: what an ACCEPTed FAVOUR does (or, in Cooperative Mode, any FAVOUR played)."""
    me, them = state.players[offer.player], state.players[offer.target]
    shares = state.shares
    spent = state.spent
    if offer.kind == "acquire" and offer.theirs:
        price = offer.theirs[1]
        me = replace(me, materials=with_mat(me.materials, offer.theirs), coin=me.coin - price)
        them = replace(them, materials=without(them.materials, offer.theirs), coin=them.coin + price)
        spent += price
    elif offer.kind == "barter" and offer.theirs and offer.mine:
        me = replace(me, materials=with_mat(without(me.materials, offer.mine), offer.theirs))
        them = replace(them, materials=with_mat(without(them.materials, offer.theirs), offer.mine))
    elif offer.kind == "recycle" and offer.landfill:
        quality = offer.pay * (2 if offer.landfill == "food" and me.career == "CHEF" else 1)  # Supersize
        me = replace(
            me,
            materials=with_mat(me.materials, (offer.landfill, quality)),
            coin=me.coin - offer.pay,
        )
        them = replace(them, landfill=without(them.landfill, offer.landfill))
        spent += offer.pay
    elif offer.kind == "resell" and offer.mine:
        price = offer.mine[1]
        me = replace(me, materials=without(me.materials, offer.mine), coin=me.coin + price)
        them = replace(them, materials=with_mat(them.materials, offer.mine), coin=them.coin - price)
    elif offer.kind == "share" and offer.theirs:
        shares = (*shares, Grant(offer.target, offer.theirs))
    forge = state.forge
    if (
        forge is not None
        and forge.owner in (offer.player, offer.target)
        and forge.mat in (offer.mine, offer.theirs)
        and not (offer.kind == "share" and state.share_keeps_forge)
    ):
        forge = None  # CRAFTSMAN: a forged card that leaves its owner's AREA is printed again
    return replace(state, players=_players(state, me, them), shares=shares, spent=spent, forge=forge)


def _favour_accepted(state: State, event: FavourAccepted) -> State:
    offer = event.offer
    state = _favour_effect(state, offer)
    them = state.players[offer.target]
    # LOOP 2.4 a): ACCEPT-ed FAVOURs always go into the hand of the ACCEPTEE (the card played:
    # a POLITICIAN's face-down card, a SCAVENGER's RECYCLE).
    them = replace(
        them,
        hand=tuple(sorted((*them.hand, offer.card or offer.kind))),
        reputation=them.reputation + event.reputation,
    )
    return replace(state, players=_players(state, them), pending=None)


def _favour_rejected(state: State, event: FavourRejected) -> State:
    offer = event.offer
    them = state.players[offer.target]
    discard = (*state.favour_discard, offer.card or offer.kind)
    if event.by == "discard":
        them = replace(them, hand=take_favour(them.hand, offer.kind))
        discard = (*discard, offer.kind)
    else:
        them = replace(them, reputation=them.reputation - 1)
    return replace(state, players=_players(state, them), favour_discard=discard, pending=None)


def _turn_ended(state: State, event: TurnEnded) -> State:
    mode = MODES[state.mode]
    if mode.name == "basic":
        return replace(
            state, phase="refill", main="", consumed=0, bought=0, pending=None, shares=(), flipped=()
        )
    player = state.players[event.player]
    last = event.player == state.seats[-1]
    return replace(
        state,
        players=_players(state, replace(player, peek="")) if player.peek else state.players,
        phase="refill",
        main="",
        consumed=0,
        bought=0,
        pending=None,
        shares=(),
        flipped=(),
        forge=None,  # CRAFTSMAN: "It returns to its original type when you end turn."
        flipper=event.player if mode.events else "",  # 5.3: flipped after the turn
        burn_owed=1 if mode.burn == "turn" or (mode.burn == "round" and last) else 0,
    )


def _depleted(state: State, event: Depleted) -> State:
    player = state.players[event.player]
    player = replace(
        player, happiness=player.happiness - event.happiness, depletion=player.depletion + event.happiness
    )
    return replace(state, players=_players(state, player), depleted=True)


def _final_round(state: State, event: FinalRound) -> State:
    return replace(state, final_round=event.reason)


def _game_ended(state: State, event: GameEnded) -> State:
    return replace(state, phase="over")


# --- Competitive, Cooperative and Solo


def _exhibited_revealed(state: State, event: ExhibitedRevealed) -> State:
    return replace(state, exhibited=tuple(sorted(event.cards)))


def _careers_dealt(state: State, event: CareersDealt) -> State:
    player = replace(state.players[event.player], careers=event.careers)
    deck = state.career_deck
    for career in event.careers:
        deck = without(deck, career if career in deck else UNKNOWN)
    return replace(state, players=_players(state, player), career_deck=deck)


def _career_chosen(state: State, event: CareerChosen) -> State:
    player = replace(
        state.players[event.player],
        career=event.career,
        careers=(),
        happiness=event.happiness,
        coin=event.coin,
        reputation=event.reputation,
    )
    waiting = (*state.awaiting_start, *(event.player,) * len(event.materials))
    return replace(state, players=_players(state, player), awaiting_start=waiting)


def _material_taken(state: State, event: MaterialTaken) -> State:
    if event.scrap is None:
        state = buy_area_without(state, event.material)
    else:
        state = _off_landfill(state, event.scrap)
    player = state.players[event.player]
    player = replace(player, materials=with_mat(player.materials, (event.material, event.quality)))
    return replace(state, players=_players(state, player))


def _material_worn(state: State, event: MaterialWorn) -> State:
    return replace(state, players=_players(state, deduct(state.players[event.owner], event.mat)))


def _material_given(state: State, event: MaterialGiven) -> State:
    giver, taker = state.players[event.player], state.players[event.to]
    giver = replace(giver, materials=without(giver.materials, event.mat))
    taker = replace(taker, materials=with_mat(taker.materials, event.mat))
    return replace(state, players=_players(state, giver, taker))


def _materials_removed(state: State, event: MaterialsRemoved) -> State:
    deck = state.material_deck
    for card in event.cards:
        deck = without(deck, card)
    removing = max(0, state.removing - len(event.cards))
    return replace(
        state, material_deck=deck, removed=tuple(sorted((*state.removed, *event.cards))), removing=removing
    )


def _materials_returned(state: State, event: MaterialsReturned) -> State:
    player = state.players[event.player]
    landfill = player.landfill
    for card in event.cards:
        landfill = without(landfill, card)
    if state.seed_lost:  # a real table's deck: its composition, in no order
        order = event.order or tuple(sorted((*state.material_deck, *event.cards)))
    elif state.sealed:
        order = event.order or shuffles.materials(state, event.cards)
    else:
        order = event.order
    player = replace(player, landfill=landfill)
    return replace(state, players=_players(state, player), material_deck=order)


def _material_burned(state: State, event: MaterialBurned) -> State:
    return replace(
        state,
        material_deck=without(state.material_deck, event.card),
        burned=(*state.burned, event.card),
        burn_owed=max(0, state.burn_owed - 1),
    )


def _repaired(state: State, event: Repaired) -> State:
    owner = state.players[event.owner]
    kind, quality = event.mat
    owner = replace(owner, materials=with_mat(without(owner.materials, event.mat), (kind, quality + 1)))
    shares = state.shares
    if event.mat not in owner.materials:  # a SHARE follows its card
        shares = tuple(
            Grant(g.owner, (kind, quality + 1)) if (g.owner, g.material) == (event.owner, event.mat) else g
            for g in shares
        )
    return replace(state, players=_players(state, owner), shares=shares)


def _forged(state: State, event: Forged) -> State:
    return replace(state, forge=event.forge)


def _ability_used(state: State, event: AbilityUsed) -> State:
    return replace(state, used=(*state.used, event.power))


def _tossed(state: State, event: Tossed) -> State:
    return replace(state, chances=state.chances + 1)


def _peeked(state: State, event: Peeked) -> State:
    player = state.players[event.player]
    peek = f"{event.deck}: {event.card}" if event.card != UNKNOWN else ""
    return replace(state, players=_players(state, replace(player, peek=peek)), chances=state.chances)


def _favour_moved(state: State, event: FavourMoved) -> State:
    giver = state.players[event.player]
    giver = replace(giver, hand=take_favour(giver.hand, event.card))
    if not event.to:
        return replace(
            state, players=_players(state, giver), favour_discard=(*state.favour_discard, event.card)
        )
    taker = state.players[event.to]
    taker = replace(taker, hand=tuple(sorted((*taker.hand, event.card))))
    return replace(state, players=_players(state, giver, taker), chances=state.chances + 1)


def _favours_returned(state: State, event: FavoursReturned) -> State:
    player = state.players[event.player]
    player = replace(player, hand=tuple(sorted((*player.hand, *event.cards))), played=())
    return replace(state, players=_players(state, player))


def _bluff_called(state: State, event: BluffCalled) -> State:
    politician = state.players[event.offer.player]
    politician = replace(politician, reputation=politician.reputation + event.reputation)
    players = _players(state, politician)
    if event.true:  # shown: the target answers again, face up
        offer = replace(
            event.offer, face_down=False, card=event.card if event.card != event.offer.kind else ""
        )
        return replace(state, players=players, pending=offer)
    return replace(state, players=players, pending=None, favour_discard=(*state.favour_discard, event.card))


def _objected(state: State, event: Objected) -> State:
    lawyer = state.players[event.player]
    lawyer = replace(lawyer, hand=take_favour(lawyer.hand, event.card))
    offer = event.offer
    discard = (*state.favour_discard, offer.card or offer.kind, event.card)
    return replace(state, players=_players(state, lawyer), pending=None, favour_discard=discard)


def _credit_applied(state: State, event: CreditApplied) -> State:
    if event.gift:
        state = buy_area_without(state, event.gift)
    player = state.players[event.player]
    gift = ((event.gift, data.CREDIT_GIFT_QUALITY),) if event.gift else ()
    player = replace(
        player,
        coin=player.coin + data.CREDIT_COIN,
        credit=(*player.credit, (0, 0)),
        materials=tuple(sorted(player.materials + gift)),
    )
    return replace(state, players=_players(state, player))


def _credit_paid(state: State, event: CreditPaid) -> State:
    player = state.players[event.player]
    paid, now = player.credit[event.card]
    cards = list(player.credit)
    if paid + event.coin >= data.CREDIT_DEBT:
        del cards[event.card]  # 5.4: "clear when 5 COIN are paid"; the COIN go back
    else:
        cards[event.card] = (paid + event.coin, now + max(0, event.coin))
    coin = player.coin - max(0, event.coin)  # HIDDEN CLAUSE's COIN go from the card, not the player
    player = replace(player, credit=tuple(cards), coin=coin)
    return replace(state, players=_players(state, player))


def _owing(state: State, event: Owing) -> State:
    return replace(state, owed=(*state.owed, event.owed))


def _paid(state: State, event: Paid) -> State:
    payer = state.players[event.player]
    players = _players(state, replace(payer, coin=payer.coin - event.coin))
    if event.to:
        taker = players[event.to]
        players[event.to] = replace(taker, coin=taker.coin + event.coin)
    owed = state.owed
    if event.settles:
        owed = without(owed, next(o for o in owed if o.player == event.player))
    return replace(state, players=players, owed=owed)


def _step(state: State, event: Step) -> State:
    if event.step == "skinner":
        return replace(state, refilling=True)
    if event.step == "skinner-done":
        return replace(state, refilling=False)
    return replace(state, ending=event.step)


def _event_drawn(state: State, event: EventDrawn) -> State:
    player = state.players[event.player]
    player = replace(player, events=(*player.events, event.card))
    deck = without(state.event_deck, _drawn(state.event_deck, event.card))
    return replace(state, players=_players(state, player), event_deck=deck)


def _events_reshuffled(state: State, event: EventsReshuffled) -> State:
    keep = tuple(name for name in state.event_discard if name in (state.event_active, state.event_next))
    back = [name for name in state.event_discard if name not in keep]
    pool = state.event_pool if state.virtual else tuple(sorted((*state.event_pool, *back)))
    if state.seed_lost:  # a real table's deck: every card unseen
        order = event.order or (UNKNOWN,) * len(back)
    elif state.sealed:
        order = event.order or shuffles.events(state)
    else:
        order = event.order
    return replace(
        state, event_deck=order, event_discard=keep, event_pool=pool, reshuffles=state.reshuffles + 1
    )


def _events_flipped(state: State, event: EventsFlipped) -> State:
    player = state.players[event.player]
    player = replace(player, events=player.events[len(event.names) :])
    pool = state.event_pool
    for name in event.names:
        if name in pool:
            pool = without(pool, name)
    return replace(
        state,
        players=_players(state, player),
        flipper="",
        triggered=(*state.triggered, *event.names),
        event_pool=pool,
    )


def _event_triggered(state: State, event: EventTriggered) -> State:
    triggered = without(state.triggered, event.name)
    if data.EVENT[event.name].kind == "continuous":
        # 5.3: on top of the discard pile; "only the latest one takes effect"
        return replace(
            state,
            triggered=triggered,
            event_next=event.name,
            event_discard=(event.name, *state.event_discard),
        )
    # OVERPRODUCTION at a real table: the table flips the top 2 MATERIAL out of the game
    removing = min(2, len(state.material_deck)) if event.name == "OVERPRODUCTION" and not state.virtual else 0
    return replace(state, triggered=triggered, current=event.name, resolving=event.players, removing=removing)


def _event_done(state: State, event: EventDone) -> State:
    return replace(state, resolving=without(state.resolving, event.player))


def _event_resolved(state: State, event: EventResolved) -> State:
    # 5.3: "Place the resolved IMMEDIATE EVENT to the bottom of the EVENT Discard Pile"
    return replace(state, current="", resolving=(), event_discard=(*state.event_discard, event.name))


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
    ExhibitedRevealed: _exhibited_revealed,
    CareersDealt: _careers_dealt,
    CareerChosen: _career_chosen,
    Changed: _changed,
    MaterialTaken: _material_taken,
    MaterialWorn: _material_worn,
    MaterialGiven: _material_given,
    MaterialsRemoved: _materials_removed,
    MaterialsReturned: _materials_returned,
    MaterialBurned: _material_burned,
    Repaired: _repaired,
    Forged: _forged,
    AbilityUsed: _ability_used,
    Tossed: _tossed,
    Peeked: _peeked,
    FavourMoved: _favour_moved,
    FavoursReturned: _favours_returned,
    FavourResolved: _favour_resolved,
    BluffCalled: _bluff_called,
    Objected: _objected,
    CreditApplied: _credit_applied,
    CreditPaid: _credit_paid,
    Owing: _owing,
    Paid: _paid,
    Step: _step,
    EventDrawn: _event_drawn,
    EventsReshuffled: _events_reshuffled,
    EventsFlipped: _events_flipped,
    EventTriggered: _event_triggered,
    EventDone: _event_done,
    EventResolved: _event_resolved,
}


def evolve(state: State, event: Event) -> State:
    """The state after one fact."""
    if state.seed_lost:
        state = _identify(state, event)
    new = _HANDLERS[type(event)](state, event)
    if new.mode != "basic" and new.phase == "turn":
        # HOMEMAKER's "no more than 1 MATERIAL at any given time in your turn": the fewest held
        held = len(new.players[new.active].materials)
        if held < new.low:
            new = replace(new, low=held)
    return new
