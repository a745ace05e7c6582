"""``view``: the LOOP table as typed data, as one person may see it.

Every front end reads this: ``present`` renders it as text, ``status --json`` prints it, a
web page would draw it. Numbers are numbers; a MATERIAL is ``{"type", "quality"}``; decks
are counts (and their composition where the whole table can count it); players are keyed
by name.

Hidden information is shown only to whom it belongs: with virtual decks the referee knows
every hand and secret GOAL, shown to ``as_player`` (or everyone with ``reveal``, or once the
game is over); the seed and the order of any deck never appear before the game is over. At
a real table the referee only knows the FAVOUR the whole table has seen (an ACCEPTed card),
so those are public.
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from ledger.games.loop import data
from ledger.games.loop.model import UNKNOWN, Mat, Offer, Player, State
from ledger.games.loop.modes import MODES
from ledger.games.loop.moves import legal
from ledger.games.loop.notation import text
from ledger.games.loop.rules import (
    accept_gain,
    achieved_by,
    activity_wanted,
    consume_possible,
    holds_favour,
    is_over,
    material_wanted,
    may_end,
    reject_options,
    to_act,
)
from ledger.games.loop.rules.core import objectors, zones
from ledger.games.loop.rules.events import event_usage
from ledger.games.loop.score import score
from ledger.piles import counts


class Material(msgspec.Struct, frozen=True):
    """A MATERIAL card: its type and QUALITY."""

    type: str
    quality: int


class KeptActivity(msgspec.Struct, frozen=True):
    """A completed ACTIVITY kept in an AREA, with the MATERIAL types spent on it."""

    name: str
    types: list[str]


class PlayerView(msgspec.Struct, frozen=True, kw_only=True):
    """One player's AREA, hand and GOAL, as the viewer may see them."""

    name: str
    seat: int  # 1 is the starting player (LOOP 2.1)
    happiness: int
    reputation: int
    coin: int
    materials: list[Material]
    landfill: list[str]  # BROKEN MATERIAL types, in the order they broke
    kept: list[KeptActivity]  # oldest first
    completed: int  # every ACTIVITY completed this game, dropped ones included
    achieved: list[str]  # GOAL achieved, in order
    goals_left: int  # secret GOAL not yet achieved
    goals: list[str] | None  # those GOAL by name, when the viewer may see them (virtual decks)
    hand: int  # FAVOUR cards in hand
    favours: list[str] | None  # the FAVOUR in hand the viewer can name (None: hidden)
    unseen: int  # FAVOUR in hand nobody at the table has seen (a real table)
    # Competitive, Cooperative and Solo (LOOP 5.0 to 7.3):
    career: str | None = None  # the CAREER played (8.0); None until chosen, and in Basic Mode
    careers: list[str] | None = None  # the 2 CAREER dealt, while the choice is open (owner's eyes)
    credit: list[int] = []  # COIN paid on each CREDIT CARD not yet paid off (5.4)
    events: int = 0  # face-down EVENT beside the CAREER (5.3): a count; nobody has seen them
    played: list[str] = []  # FAVOUR played face up beside the GOAL (6.2, 7.0)
    peek: str | None = None  # SCHOLAR's look at a deck's top card this turn (owner's eyes)


class Events(msgspec.Struct, frozen=True, kw_only=True):
    """The EVENT (5.3): the deck, the discard pile, the CONTINUOUS EVENT in effect."""

    deck: int  # face down
    discard: list[str]  # top first: CONTINUOUS on top, IMMEDIATE underneath (9.0)
    active: str | None  # the CONTINUOUS EVENT in effect
    next: str | None  # a CONTINUOUS EVENT flipped, in effect from the next turn's start
    resolving: str | None  # the IMMEDIATE EVENT being resolved, and who still resolves it
    players: list[str]
    choice: str | None  # what the next of them types: ``event PLAYER ...``
    triggered: list[str]  # flipped, still to be resolved in this order
    removed: list[str]  # Not-For-Coop / Not-For-Solo cards out of the game (6.1, 7.1)
    zones: list[list[int]]  # the 3 HAPPINESS zones (option zones)


class Deck(msgspec.Struct, frozen=True):
    """A face-down deck: how many cards, and which (not in what order) where that is public."""

    count: int
    cards: dict[str, int] | None = None


class OfferView(msgspec.Struct, frozen=True, kw_only=True):
    """A FAVOUR played and awaiting its target's answer (LOOP 2.4)."""

    kind: str
    player: str
    target: str
    mine: Material | None  # BARTER, RESELL: the player's MATERIAL
    theirs: Material | None  # ACQUIRE, BARTER, SHARE: the target's MATERIAL
    landfill: str | None  # RECYCLE: the type taken from the target's LANDFILL
    pay: int  # RECYCLE: COIN paid, the new QUALITY
    reputation: int  # what the FAVOUR gives its ACCEPTing target (LOOP 3.1)
    gain: int  # what the target gains by ACCEPTing now: ``reputation`` up to the 2 kept (1.1)
    answers: list[str]  # the target's answers now, as moves
    rejects: list[str] = []  # how the target may REJECT now (2.4 b, 2.5 d): "discard", "rep"


class Share(msgspec.Struct, frozen=True):
    """A SHARE accepted this turn: 1 QUALITY of ``owner``'s MATERIAL may be spent (LOOP 3.1)."""

    owner: str
    material: Material


class ActivityCard(msgspec.Struct, frozen=True, kw_only=True):
    """An ACTIVITY face: 2 MATERIAL colours and 2 PROPERTY (None: not known yet)."""

    name: str
    needs: list[str] | None
    props: list[str] | None
    seen: int | None  # copies identified so far (a real table; None with virtual decks)


class GoalCard(msgspec.Struct, frozen=True, kw_only=True):
    """A GOAL face: the PROPERTY it needs or its special rule, and its reward."""

    name: str
    needs: list[str] | None
    special: str | None  # the rule of HOBBY or CURIOSITY (LOOP 3.2)
    reward: int | None
    achieved_by: str | None


class Awaited(msgspec.Struct, frozen=True, kw_only=True):
    """What the table owes before play goes on: card faces, or cards to flip."""

    faces: bool  # every ACTIVITY and GOAL face, to deal virtual decks
    starting: list[str]  # players whose starting MATERIAL is to be revealed (LOOP 1.0)
    material: int  # MATERIAL to flip into the BUY AREA (LOOP 2.7)
    activity: int  # ACTIVITY to flip into the CONSUME AREA (LOOP 1.0, 2.7)


class Limits(msgspec.Struct, frozen=True, kw_only=True):
    """The rulebook's numbers a reader of the view needs beside it."""

    per_turn: int = data.MAX_PER_TURN  # MATERIAL bought, ACTIVITY consumed (LOOP 2.2 b, c)
    max_happiness: int = data.MAX_HAPPINESS  # starts the final round (LOOP 2.8 b)
    max_reputation: int = data.MAX_REPUTATION
    max_kept: int = data.MAX_KEPT
    goals: int = data.GOALS_PER_PLAYER
    activity_copies: int = data.ACTIVITY_COPIES


class View(msgspec.Struct, frozen=True, kw_only=True):
    """The LOOP table (Basic Mode) as one viewer may see it."""

    mode: str
    virtual: bool  # the referee deals virtual decks
    phase: str  # cards | setup | turn | refill | over
    round: int
    active: str | None  # whose turn it is
    main: str | None  # WORK, BUY or CONSUME done this turn
    consumed: int  # ACTIVITY consumed this turn
    to_act: list[str]  # who must act now ("table" for reveals and declarations)
    verbs: list[str]  # the moves open to them now
    pending: OfferView | None
    awaited: Awaited | None
    seats: list[str]
    players: dict[str, PlayerView]
    buy_area: list[str]
    material_deck: Deck
    material_removed: dict[str, int]
    consume_area: list[str]
    activity_deck: Deck
    activity_discard: dict[str, int]
    favour_deck: Deck
    favour_discard: dict[str, int]
    shares: list[Share]
    final_round: str | None  # why the final round started: depletion or happiness (LOOP 2.8)
    activities: list[ActivityCard]  # a real table: every face known; virtual: the faces in play
    goals: list[GoalCard]
    winners: list[str]  # once the game is over
    limits: Limits = Limits()
    seed: int | None = None  # shown once the game is over
    # Competitive, Cooperative and Solo (LOOP 5.0 to 7.3); None or empty in Basic Mode:
    events: Events | None = None
    career_deck: int = 0  # CAREER not dealt
    burned: list[str] = []  # MATERIAL burnt to the discard pile (6.2, 7.0)
    central: list[str] = []  # Solo: the central LANDFILL (7.0)
    exhibited: list[Material] = []  # Solo: each BUY AREA card with its Exhibited QUALITY (7.0)
    owed: list[str] = []  # COIN a player must pay and must APPLY for first (5.4)
    favours_removed: int = 0  # FAVOUR out of the game (6.1, 7.1)


def material(mat: Mat) -> Material:
    return Material(mat[0], mat[1])


def _player(state: State, player: Player, seat: int, shown: bool) -> PlayerView:
    known = [card for card in player.hand if card != UNKNOWN]
    # 6.2 "You may play open-handedly", and a hand of 1 of each FAVOUR less those lying face
    # up (6.1, 7.1) is known to all anyway: only a hand dealt from the deck (1.0) is hidden.
    # A lost seed's hand holds the cards the log says the referee dealt: still its owner's.
    dealt = state.virtual or state.seed_lost
    hidden = dealt and not shown and MODES[state.mode].deal == "seat"
    return PlayerView(
        name=player.name,
        seat=seat,
        happiness=player.happiness,
        reputation=player.reputation,
        coin=player.coin,
        materials=[material(m) for m in player.materials],
        landfill=list(player.landfill),
        kept=[KeptActivity(k.name, list(k.types)) for k in player.kept],
        completed=player.completed,
        achieved=list(player.achieved),
        goals_left=_goals_left(state, player),
        # dealt (virtual decks), or recorded (rules 7) where the seed is lost: else unknown
        goals=[g for g in player.goals if g not in player.achieved]
        if shown and (state.virtual or player.goals)
        else None,
        hand=len(player.hand),
        favours=None if hidden else sorted(known),
        unseen=len(player.hand) - len(known),
        career=player.career or None,
        # the CAREER dealt are their owner's until one is chosen (5.1; a real table types them)
        careers=list(player.careers) if player.careers and (shown or not dealt) else None,
        credit=[paid for paid, _ in player.credit],
        events=len(player.events),
        played=list(player.played),
        peek=player.peek or None if shown else None,
    )


def _reject_ways(state: State, offer: Offer, shown: bool = False) -> list[str]:
    """How the target may REJECT (2.4 b, 2.5 d) as a viewer may know it. Whether a hidden hand
    (virtual decks) holds a same FAVOUR is its owner's to know: a viewer who cannot see it is
    told the discard may be open, wherever the rules would let a same FAVOUR be discarded
    (not against an OFFICER's first FAVOUR, nor under MANNERS MAKYTH MAN: both are public)."""
    target = state.players[offer.target]
    if (state.virtual or state.seed_lost) and not shown and target.hand:
        target = replace(target, hand=(*target.hand, offer.kind))
    return reject_options(state, target, offer.kind)


def _offer(state: State, offer: Offer, shown: bool) -> OfferView:
    """The FAVOUR awaiting an answer, with its target's answers as ``shown`` lets them be known."""
    target = state.players[offer.target]
    ways = _reject_ways(state, offer, shown)
    return OfferView(
        kind=offer.kind,
        player=offer.player,
        target=offer.target,
        mine=material(offer.mine) if offer.mine else None,
        theirs=material(offer.theirs) if offer.theirs else None,
        landfill=offer.landfill,
        pay=offer.pay,
        reputation=data.ACCEPT_REPUTATION[offer.kind],
        gain=accept_gain(offer.kind, target.reputation),
        answers=[f"accept {target.name}"] + [f"reject {target.name} --{way}" for way in ways],
        rejects=ways,
    )


_HAND_VERBS = ("favour", "reject", "goal", "object")


def _goals_left(state: State, player: Player) -> int:
    """Secret GOAL not yet achieved: 3 each, 4 in Solo Mode (LOOP 2.3, 4.0, 7.1)."""
    return MODES[state.mode].goals - len(player.achieved)


def verbs(state: State) -> list[str]:
    """The moves open to whoever must act now (the prompt names them; ``moves`` lists each)."""
    if state.mode != "basic" and state.phase != "cards":
        # The modes' moves are many (CAREER, CREDIT CARD, EVENT, ABILITY): named from ``legal``,
        # a reveal with what it reveals ("reveal event").
        # Moves that turn on a hidden hand (which FAVOUR, whether a same one to REJECT with,
        # which GOAL) are named by what everyone can see, so the prompt gives nothing away.
        named: list[str] = []
        for move in legal(state):
            words = text(move).split()
            verb = " ".join(words[:2]) if words[0] == "reveal" else words[0]
            if verb not in named and verb not in _HAND_VERBS:
                named.append(verb)
        if state.phase != "turn" or state.owed or state.refilling:
            return named
        if state.pending is not None:
            rejects = ["reject"] if _reject_ways(state, state.pending) else []
            return named + rejects + (["object"] if objectors(state) else [])  # 8.0 LAWYER
        player = state.players[state.active]
        possible = consume_possible(state, player)
        if _goals_left(state, player) and (state.main == "consume" or (possible and not state.main)):
            named.append("goal")
        if player.hand:
            named.append("favour")
        return named
    if state.phase == "cards":
        return ["declare"]
    if state.phase in ("setup", "refill"):
        return ["reveal"]
    if state.phase != "turn":
        return []
    if state.pending is not None:
        # LOOP 2.4 b: "If you can do neither, then you must ACCEPT"
        return ["accept", "reject"] if _reject_ways(state, state.pending) else ["accept"]
    player = state.players[state.active]
    open_: list[str] = []
    may_buy = player.coin > 0 and bool(state.buy_area)  # LOOP 2.5 b: at least 1 COIN a MATERIAL
    if not state.main:
        open_ += ["work", "buy"] if may_buy else ["work"]
    elif state.main == "buy" and state.bought < data.MAX_PER_TURN and not state.legacy and may_buy:
        open_.append("buy")  # LOOP 2.2 b: up to 3 MATERIAL over the turn's BUY moves
    possible = consume_possible(state, player)
    if possible and state.main in ("", "consume"):
        open_.append("consume")
    if state.main == "consume" or (possible and not state.main):
        if _goals_left(state, player):
            open_.append("goal")  # LOOP 2.3: in a CONSUME turn (a first GOAL makes one)
        if player.reputation >= data.REPUTATION_FOR_HAPPINESS and not state.legacy:
            open_.append("rep-happiness")  # LOOP 2.5 c
    if any(holds_favour(state, player, kind) for kind in data.FAVOURS):
        open_.append("favour")
    if may_end(state, player):
        open_.append("end")
    return open_


def _awaited(state: State) -> Awaited | None:
    if state.phase not in ("cards", "setup", "refill"):
        return None
    return Awaited(
        faces=state.phase == "cards",
        starting=list(state.awaiting_start),
        material=material_wanted(state),
        activity=activity_wanted(state),
    )


def _activity(state: State, name: str) -> ActivityCard:
    face = state.activity_faces[name]
    return ActivityCard(
        name=name,
        needs=list(face.needs) if face.needs is not None else None,
        props=list(face.props) if face.props is not None else None,
        seen=None if state.virtual else state.activity_seen.get(name, 0),
    )


def _goal(state: State, name: str) -> GoalCard:
    face = state.goal_faces[name]
    return GoalCard(
        name=name,
        needs=list(face.needs) if face.needs is not None else None,
        special=data.SPECIAL_GOALS.get(name),
        reward=face.reward,
        achieved_by=achieved_by(state, name),
    )


def view(state: State, as_player: str | None = None, reveal: bool = False) -> View:
    """The table as ``as_player`` may see it (everything with ``reveal`` or once it is over)."""
    over = is_over(state)
    viewer = (as_player or "").lower()
    shown = {name: reveal or over or viewer == name.lower() for name in state.seats}
    players = [state.players[name] for name in state.seats]
    # A real table learns its card faces as it plays: every declared face is shown. With
    # virtual decks the whole deck is declared up front, so only the faces in play are: the
    # CONSUME AREA, kept ACTIVITY, and the GOAL achieved or visible to this viewer.
    activities = sorted(state.activity_faces)
    goals = sorted(state.goal_faces)
    if state.virtual:
        in_play = {*state.consume_area, *(k.name for p in players for k in p.kept)}
        activities = [name for name in activities if name in in_play]
        visible = {g for p in players for g in (*p.achieved, *(p.goals if shown[p.name] else ()))}
        goals = [name for name in goals if name in visible]
    turn = state.phase in ("turn", "refill")
    return View(
        mode=state.mode,
        virtual=state.virtual,
        phase=state.phase,
        round=state.round,
        active=state.active if turn else None,
        main=state.main or None,
        consumed=state.consumed,
        to_act=to_act(state),
        verbs=verbs(state),
        pending=_offer(state, state.pending, shown[state.pending.target]) if state.pending else None,
        awaited=_awaited(state),
        seats=list(state.seats),
        players={p.name: _player(state, p, seat, shown[p.name]) for seat, p in enumerate(players, 1)},
        buy_area=list(state.buy_area),
        # the count: a lost seed's unknown starting MATERIAL left it; the types: what it may hold
        material_deck=Deck(state.materials_left, counts(state.material_deck)),
        material_removed=counts(state.removed),
        consume_area=list(state.consume_area),
        activity_deck=Deck(len(state.activity_deck) + state.activity_unseen),
        activity_discard=counts(state.activity_discard),
        favour_deck=Deck(len(state.favour_deck)),
        favour_discard=counts(state.favour_discard),
        shares=[Share(g.owner, material(g.material)) for g in state.shares],
        final_round=state.final_round or None,
        activities=[_activity(state, name) for name in activities],
        goals=[_goal(state, name) for name in goals],
        winners=score(state).winners if over else [],
        seed=state.seed if over and not state.sealed else None,  # sealed: the log reveals it
        events=None if state.mode == "basic" else _events(state),
        career_deck=len(state.career_deck),
        burned=list(state.burned),
        central=list(state.central),
        exhibited=[material(m) for m in state.exhibited],
        owed=[f"{o.player} owes {o.coin} COIN ({o.why})" for o in state.owed],
        favours_removed=len(state.favours_removed),
    )


def _events(state: State) -> Events:
    low, high = zones(state)
    return Events(
        deck=len(state.event_deck),
        discard=list(state.event_discard),
        active=state.event_active or None,
        next=state.event_next or None,
        resolving=state.current or None,
        players=list(state.resolving),
        choice=event_usage(state, state.resolving[0]) if state.current and state.resolving else None,
        triggered=list(state.triggered),
        removed=list(state.events_removed),
        zones=[[0, low], [low + 1, high], [high + 1, data.MAX_HAPPINESS]],
    )
