"""``view``: the Pursuit table as typed data, as one person may see it.

Every front end reads this: ``present`` renders it as text, ``status --json`` prints it. The
game is open: resources, tracks, play areas and boards are public. Hidden: the order of a
virtual pile (with a seed, only the faces of cards that came out of it are shown).
"""

from __future__ import annotations

import msgspec

from ledger.games.pursuit import data
from ledger.games.pursuit.faces import Faces
from ledger.games.pursuit.grammar import text
from ledger.games.pursuit.model import Held, Player, State
from ledger.games.pursuit.moves import legal
from ledger.games.pursuit.rules import actor, community, core, flow, is_over, setup, to_act

# A Child Trait's face as the table declares it: one requirement and reward, an ability's words.
TRAIT_FACE = "l1=REQUIREMENT..REWARD [ability=WORD,WORD,...]"


class CardView(msgspec.Struct, frozen=True, kw_only=True):
    """A card in a play area: its kind, level (of how many), where it stands."""

    name: str
    kind: str
    level: int
    levels: int
    status: str  # "in play", "retired" (a Career Job's Retirement), "degree"
    slot: bool  # it takes a slot of the play area
    hourglasses: int  # on it this round


class PlayerView(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    alive: bool
    knowledge: int
    creativity: int
    influence: int
    money: int
    stress: int
    stress_section: int | None  # the section of the Stress track, 0 the first
    sth: int
    lth: int
    lth_from: dict[str, int]
    relax: int
    popularity: int  # the indicator's space, 0 the leftmost
    popularity_score: int
    owned: int  # hourglass tokens
    hourglasses: int  # this round's, not placed yet
    on_board: int
    token: bool  # the Community token is in the play area
    engaged: int  # hourglasses that Engaged this round
    bought: int  # Items bought this round
    passed: bool
    slots: int  # slots taken
    cards: list[CardView]
    traits: list[str]


class SlotView(msgspec.Struct, frozen=True, kw_only=True):
    """A Community card slot: the card, its Multiple Players indicator, who engaged (and how)."""

    card: str | None
    multiple: bool
    engaged: dict[str, str]  # player -> "token" | "hourglass"
    resolved: list[str]


class StressSection(msgspec.Struct, frozen=True, kw_only=True):
    """A section of the Stress track: its spaces, and the hourglasses it changes each round."""

    spaces: int
    change: int


class Tracks(msgspec.Struct, frozen=True, kw_only=True):
    """The tracks of the boards, as the table declared them (empty or None until then), for a
    front end to draw them: the Stress track's sections from no Stress up, STH's ends, the
    Popularity track's six sections (score 0 first), the hourglass tokens at most."""

    stress: list[StressSection]
    sth: list[int] | None  # [lowest, highest]
    popularity: list[int]  # spaces of each section
    hourglasses: int | None


class View(msgspec.Struct, frozen=True, kw_only=True):
    """The Pursuit table as one viewer may see it."""

    virtual: bool
    phase: str  # settings | setup | preparation | upkeep | action | resolution | over
    round: int | None  # 0 the Teen round, then the Adult rounds
    rounds: int | None  # Adult rounds in all (setting rounds)
    modules: list[str]
    seats: list[str]
    order: list[str]  # this round's turn order
    active: str | None
    to_act: list[str]
    verbs: list[str]  # the moves open to them now
    awaited: list[str]  # what the table must declare or reveal, in the grammar
    owed: list[str]  # players still to pay upkeep
    resolving: str | None  # the Community card being resolved
    players: dict[str, PlayerView]
    community: list[SlotView]
    community_pile: int
    community_discard: list[str]
    friends: list[str | None]
    friend_pile: int
    school: bool
    goals: list[str]
    slots: int | None  # play area slots (setting slots)
    settings: dict[str, str]
    options: dict[str, str]
    faces: Faces  # the declared cards (with a seed, those out of the piles)
    winners: list[str]
    solo_target: int | None
    tracks: Tracks
    seed: int | None = None


def _card(state: State, held: Held) -> CardView:
    face = state.faces.cards[held.name]
    return CardView(
        name=held.name,
        kind=face.kind,
        level=held.level,
        levels=len(face.levels),
        status=held.status or "in play",
        slot=core.occupies(state, held) if "slots" in state.faces.settings else False,
        hourglasses=held.hourglasses,
    )


def _player(state: State, player: Player) -> PlayerView:
    ready = "stress" in state.faces.settings
    sections = core.stress_sections(state) if ready else []
    section = None
    if ready:
        start = 0
        for i, (size, _) in enumerate(sections):
            if player.stress < start + size:
                section = i
                break
            start += size
    return PlayerView(
        name=player.name,
        alive=player.alive,
        knowledge=player.knowledge,
        creativity=player.creativity,
        influence=player.influence,
        money=player.money,
        stress=player.stress,
        stress_section=section,
        sth=player.sth,
        lth=player.lth,
        lth_from=dict(player.lth_from),
        relax=player.relax,
        popularity=player.popularity,
        popularity_score=core.score(state, player.name),
        owned=player.owned,
        hourglasses=player.hourglasses,
        on_board=player.on_board,
        token=player.token,
        engaged=player.engaged,
        bought=player.bought,
        passed=player.passed,
        slots=sum(core.occupies(state, h) for h in player.cards) if "slots" in state.faces.settings else 0,
        cards=[_card(state, h) for h in player.cards],
        traits=list(player.traits),
    )


def verbs(state: State) -> list[str]:
    """The verbs open to the players who must act now (``moves`` lists each move); the
    table's own steps are ``awaited``. At a real table a step whose card nobody declared yet
    keeps its verb (``trait``, ``action``): ``awaited`` then says what the table declares."""
    if state.phase == "settings":
        return ["declare"]
    players = [name for name in to_act(state) if name != "table"]
    found: list[str] = []
    for move in legal(state):
        verb = text(move).split()[0]
        if verb not in found and (actor(move) != "table" or not players):
            found.append(verb)
    if players and not state.virtual:
        if state.phase == "setup" and "trait" not in found:
            found.insert(0, "trait")
        elif core.actions_unknown(state) and "action" not in found:
            found.insert(0, "action")
    return found


def awaited(state: State) -> list[str]:
    """What the table types now, in the grammar: the settings, the reveals; at a real table,
    the face of a card or board action a player's step needs and nobody declared yet (a Child
    Trait, the board's actions: the base game prints them, these texts do not)."""
    if state.phase == "settings":  # the settings in one command (issue 41), the rest as they are
        waiting = setup.waiting_for(state)
        settings = [w.split(" ")[1] for w in waiting if w.startswith("setting ")]
        keys = " ".join(f"{name}={data.SETTINGS[name].split(' ')[0]}" for name in settings)
        return [f"declare settings {keys}"] * bool(settings) + [
            f"declare {what}" for what in waiting if not what.startswith("setting ")
        ]
    steps = flow.awaited(state)
    if state.virtual:
        return steps
    if state.phase == "setup" and not steps and _traits_unknown(state):
        steps.append(f"trait PLAYER CARD {TRAIT_FACE} (a Child Trait new to the referee: its face with it)")
    if core.actions_unknown(state):
        steps.append(
            f"action {state.active} NAME reward=REWARD (the board's actions are new to the referee: "
            "the first move onto one types its box with it)"
        )
    return steps


def _traits_unknown(state: State) -> bool:
    """Fewer Child Traits known and still in the pile than the players still keep: some card a
    player holds is new to the referee."""
    owed = sum(
        int(core.setting(state, "child-traits")) - len(state.players[n].traits)
        for n in flow.traits_owed(state)
    )
    known = [
        c
        for name, c in state.faces.cards.items()
        if c.kind == "child-trait" and core.in_game(state, c) and not core.gone(state, name)
    ]
    return len(known) < owed


def faces_in_view(state: State) -> Faces:
    """A real table declares its cards as they come: all of them. With virtual piles, the
    Community and Friend cards only once out of their piles."""
    faces = state.faces
    if not state.virtual:
        return faces
    out = {s.card for s in state.community if s.card} | set(state.community_discard)
    friends = {c for c in state.friends if c} | set(state.friend_discard) | core.in_play(state)
    return msgspec.structs.replace(
        faces,
        community={k: v for k, v in faces.community.items() if k in out},
        cards={k: v for k, v in faces.cards.items() if v.kind != "friend" or k in friends},
    )


def tracks(state: State) -> Tracks:
    settings = state.faces.settings
    return Tracks(
        stress=[StressSection(spaces=s, change=c) for s, c in core.stress_sections(state)]
        if "stress" in settings
        else [],
        sth=list(core.sth_range(state)) if "sth" in settings else None,
        popularity=list(core.popularity_spaces(state)) if "popularity" in settings else [],
        hourglasses=core.hourglass_limits(state)[1] if "hourglasses" in settings else None,
    )


def view(state: State, as_player: str | None = None, reveal: bool = False) -> View:
    """The table as anyone may see it (the game is open; ``as_player`` and ``reveal`` change
    nothing: a plain seed shows once the game is over; a sealed one only in the log, revealed)."""
    over = is_over(state)
    found = community.resolving(state)
    settings = state.faces.settings
    return View(
        virtual=state.virtual,
        phase=state.phase,
        round=state.round if state.round >= 0 else None,
        rounds=core.last_round(state) if "rounds" in settings else None,
        modules=list(state.modules),
        seats=list(state.seats),
        order=list(state.order),
        active=state.active if state.phase == "action" else None,
        to_act=to_act(state),
        verbs=verbs(state),
        awaited=awaited(state),
        owed=list(state.owed),
        resolving=state.community[found[0]].card if found else None,
        players={name: _player(state, state.players[name]) for name in state.seats},
        community=[
            SlotView(
                card=slot.card or None,
                multiple=bool(slot.card) and state.faces.community[slot.card].multiple,
                engaged={g.player: "token" if g.token else "hourglass" for g in slot.engaged},
                resolved=list(slot.resolved),
            )
            for slot in state.community
        ],
        community_pile=len(state.community_pile),
        community_discard=list(state.community_discard),
        friends=[card or None for card in state.friends],
        friend_pile=len(state.friend_pile),
        school=state.school,
        goals=list(state.goals),
        slots=core.slot_rule(state)[0] if "slots" in settings else None,
        settings=dict(settings),
        options=dict(state.options),
        faces=faces_in_view(state),
        winners=list(state.winners),
        solo_target=flow.solo_target(state) if len(state.seats) == 1 and "solo-target" in settings else None,
        tracks=tracks(state),
        seed=state.seed if over and not state.sealed else None,  # sealed: the log reveals it
    )
