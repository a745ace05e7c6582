"""``legal``: concrete moves for whoever may act now, every one accepted by ``decide``.

It is the random-play fuzzer's move source, so it covers every kind of move, but it caps the
combinatorial ones: a 3-card BUY mixes QUALITY 1 and 2 or takes all 3 or all 4, and spends the
least or the most REPUTATION it may; multi-ACTIVITY CONSUMEs stop at ``CONSUME_CAP``
candidates per size, and the ACTIVITY dropped are the oldest. Those candidates, which every mode
lists, are ``candidates``'s; the other modes' own (4.0 to 9.0) are built on them here.
Cards a physical table has never declared cannot be listed (their faces are unknown), with
one exception a table needs: a GOAL whose PROPERTY are known and met but whose reward nobody
has typed yet is offered, and ``asks`` says what the table must type to make it (the reward
printed on the card); every other move listed is accepted by ``decide`` as it is. A new
ACTIVITY flipped at such a table is ``unlisted``: its name and face are asked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations

from msgspec.structs import replace

from ledger.decider import Ask, Unlisted
from ledger.errors import RefereeError
from ledger.games.loop import data
from ledger.games.loop.candidates import (
    _buys,
    _consumes,
    _favours,
    _goals,
    _rep_happiness,
    _reveals,
)
from ledger.games.loop.evolve import CENTRAL
from ledger.games.loop.model import (
    UNKNOWN,
    Ability,
    Accept,
    Apply,
    Buy,
    Call,
    ChooseCareer,
    Command,
    End,
    Favour,
    Goal,
    MatRef,
    Object,
    Payoff,
    Player,
    Reject,
    Respond,
    RevealCareers,
    RevealEvents,
    RevealExhibited,
    Scrap,
    State,
    Work,
)
from ledger.games.loop.rules import (
    achieved_by,
    activity_wanted,
    consume_possible,
    decide,
    may_end,
    reject_options,
    to_act,
)
from ledger.games.loop.rules.core import (
    career_choices,
    career_of,
    careers_wanted,
    choosing,
    exhibited_wanted,
    flip_wanted,
    in_effect,
    mode_of,
    table_owes,
)
from ledger.words import card_word


def legal(state: State, player: str | None = None) -> Iterator[Command]:
    """Legal moves now, for everyone who may act (or only for ``player``)."""
    who = to_act(state)
    if player is not None:
        wanted = player.lower()
        who = [name for name in who if name.lower() == wanted]
    if not who:
        return
    if state.mode != "basic":
        # The other modes' candidates are checked by ``decide`` (every move listed is accepted).
        for move in _modes(state, who):
            try:
                decide(state, _stand_in(state, move))
            except RefereeError:
                continue
            yield move
        return
    for move in _basic(state):
        if state.seed_lost:  # a card only the lost seed told (a "?") is named by no legal move
            try:
                decide(state, move)
            except RefereeError:
                continue
        yield move


def _basic(state: State) -> Iterator[Command]:
    if state.phase in ("setup", "refill"):
        yield from _reveals(state)
    elif state.phase != "turn":
        return  # waiting for card faces: declarations cannot be guessed
    elif state.pending is not None:
        target = state.players[state.pending.target]
        yield Accept(target.name)
        for way in reject_options(state, target, state.pending.kind):
            yield Reject(target.name, way)
    else:
        yield from _turn(state, state.players[state.active])


def _turn(state: State, player: Player) -> Iterator[Command]:
    if not state.main:
        for rep in range(player.reputation + 1):
            yield Work(player.name, rep)
        yield from _buys(state, player)
        yield from _consumes(state, player)
        if consume_possible(state, player):
            yield from _goals(state, player)  # achieved first, it makes a CONSUME turn (2.3)
            yield from _rep_happiness(state, player)
    elif state.main == "buy" and not state.legacy:
        yield from _buys(state, player)  # up to 3 MATERIAL over the turn's BUY moves (2.2 b)
    elif state.main == "consume":
        yield from _consumes(state, player)
        yield from _goals(state, player)
        yield from _rep_happiness(state, player)
    if may_end(state, player):
        yield End(player.name)
    yield from _favours(state, player)


def asks(state: State, command: Command) -> tuple[Ask, ...]:
    """What a table must type before ``command`` can be decided: a face nobody has declared
    (LOOP 2.3: a GOAL's reward, read from the card the first time it is achieved)."""
    if isinstance(command, Goal) and command.reward is None:
        face = state.goal_faces.get(command.goal)
        if face is not None and face.reward is None:
            words = f"{command.goal}'s reward: the HAPPINESS printed on the card"
            return (Ask("--reward", words, _REWARDS),)
    return ()


def unlisted(state: State) -> Iterator[Unlisted]:
    """Moves ``legal`` cannot list at a physical table, the card being new to the referee:
    an ACTIVITY flipped whose face nobody has typed (1.0, 2.7: the table says what it shows, on
    its page in one form laid out like the card),
    and a GOAL achieved whose PROPERTY nobody has typed, or whose name nobody has (2.3)."""
    if state.virtual:
        return
    yield from _new_goals(state)
    if not activity_wanted(state) or not state.activity_unseen:
        return
    known = sum(face.complete for face in state.activity_faces.values())
    if known < data.ACTIVITY_NAMES:
        yield Unlisted(
            "table",
            "reveal activity",
            (
                Ask("", "the new ACTIVITY's name, as printed on the card", (), example="dance"),
                Ask("--needs", "the 2 MATERIAL colours it needs", data.MATERIALS, 2, tap=True),
                Ask("--props", "the 2 PROPERTY it shows", data.PROPERTIES, 2, tap=True),
            ),
            "a new ACTIVITY card",
            form=True,  # laid out like the card: its name, its 2 colours and 2 PROPERTY (issue 41)
        )


def _new_goals(state: State) -> Iterator[Unlisted]:
    """LOOP 2.3 at a physical table: the player to act may achieve, in their CONSUME turn, a
    GOAL whose PROPERTY the referee does not know (SOCIAL WELLBEING, named in the rulebook's
    example only) or one nobody has named yet (18 GOAL, 3.2): the player types what the card
    shows, and ``decide`` checks it against the ACTIVITY they kept."""
    if state.phase != "turn" or state.pending is not None:
        return
    player = state.players[state.active]
    if len(player.achieved) >= mode_of(state).goals or state.main not in ("", "consume"):
        return
    if not state.main and not consume_possible(state, player):
        return
    me = player.name
    needs = Ask(
        "--needs",
        "the PROPERTY it calls for, as printed on the card",
        data.PROPERTIES,
        data.GOAL_NEEDS_MAX,
        least=data.GOAL_NEEDS_MIN,
    )
    reward = Ask("--reward", "its reward: the HAPPINESS printed on the card", _REWARDS)
    for name, face in sorted(state.goal_faces.items()):
        if face.special or face.needs is not None or achieved_by(state, name) is not None:
            continue
        asks = (needs, reward) if face.reward is None else (needs,)
        yield Unlisted(me, f"goal {me} {card_word(name)}", asks, name)
    if len(state.goal_faces) < data.GOAL_TOTAL:
        named = Ask("", "the GOAL's name, as printed on the card", ())
        yield Unlisted(me, f"goal {me}", (named, needs, reward), "a GOAL nobody has named yet")


_REWARDS = tuple(str(n) for n in range(1, data.MAX_HAPPINESS + 1))  # 1.1: HAPPINESS up to 12


def _stand_in(state: State, command: Command) -> Command:
    """``command`` with a stand-in for the face it ``asks`` (a GOAL reward of 1), so that
    ``decide`` checks every other rule of it."""
    if isinstance(command, Goal) and asks(state, command):
        return replace(command, reward=1)
    return command


# ---------------------------------------------------------------------------- other modes


def _modes(state: State, who: list[str]) -> Iterator[Command]:
    """Candidate moves in Competitive, Cooperative and Solo Mode (``legal`` keeps those
    ``decide`` accepts): setup and the table's reveals, COIN owed, an IMMEDIATE EVENT's choices,
    a FAVOUR's answers, and the active player's turn."""
    if state.owed:
        yield from _applies(state, state.owed[0].player)
        return
    if state.phase == "setup" and not careers_wanted(state) and choosing(state):
        for name in choosing(state):
            for career in career_choices(state, state.players[name]):
                yield ChooseCareer(name, career)
        return
    if state.phase in ("setup", "refill") or state.refilling:
        if table_owes(state):
            yield from _table(state)
            yield from _reveals(state)
        elif state.resolving:
            yield from _responds(state, state.players[state.resolving[0]])
            yield from _applies(state, state.resolving[0])
        return
    if state.phase != "turn":
        return
    if state.pending is not None:
        target = state.players[state.pending.target]
        yield Accept(target.name)
        for way in ("discard", "rep"):
            yield Reject(target.name, way)
        if state.pending.face_down:
            if state.virtual or state.pending.card != UNKNOWN:
                yield Call(target.name)
            else:
                for kind in data.FAVOURS:
                    yield Call(target.name, kind)
        for name in who:
            if name != target.name:
                for kind in sorted(set(state.players[name].hand)):
                    yield Object(name, kind if kind != UNKNOWN else data.FAVOURS[0])
        if career_of(target) == "LAWYER":
            for kind in sorted(set(target.hand)):
                yield Object(target.name, kind if kind != UNKNOWN else data.FAVOURS[0])
        return
    player = state.players[state.active]
    yield from _turn_modes(state, player)


def _table(state: State) -> Iterator[Command]:
    """A real table's reveals of the other modes: CAREER dealt, the Solo BUY AREA's Exhibited
    QUALITY, the face-down EVENT flipped."""
    for name in careers_wanted(state):
        pairs = list(combinations(sorted(state.career_deck), data.CAREERS_DEALT))
        for pair in pairs[:: max(1, len(pairs) // 20)]:
            yield RevealCareers(name, pair)
    if exhibited_wanted(state):
        for shown in range(1, data.MAX_QUALITY + 1):
            yield RevealExhibited(
                tuple(
                    (kind, (shown + i) % data.MAX_QUALITY + 1)
                    for i, kind in enumerate(sorted(state.buy_area))
                )
            )
    wanted = flip_wanted(state)
    if wanted:
        pool = sorted(state.event_pool)
        for offset in range(len(pool)):
            names = tuple(dict.fromkeys(pool[(offset + i * 7) % len(pool)] for i in range(wanted)))
            if len(names) == wanted:
                yield RevealEvents(names)


def _applies(state: State, name: str) -> Iterator[Command]:
    if not mode_of(state).credit:
        return
    for kind in sorted(set(state.buy_area)) or [""]:
        yield Apply(name, kind)


def _responds(state: State, player: Player) -> Iterator[Command]:
    """A player's choices in the IMMEDIATE EVENT being resolved (9.0)."""
    name = player.name
    event = state.current
    others = [p for p in state.seats if p != name]
    if event == "INSURANCE":
        yield Respond(name, "lose")
        if state.virtual:
            yield Respond(name, "toss")
        else:
            yield Respond(name, "toss", outcome="dollar")
            yield Respond(name, "toss", outcome="blank")
    elif event == "PLANNED OBSOLESCENCE":
        for kind, quality in sorted(set(player.materials)):
            yield Respond(name, mat=MatRef(kind, quality))
    elif event == "REDEEM BONUS":
        yield Respond(name, "none")
        for choice in ("a", "b", "c"):
            for kind in sorted(set(state.buy_area)):
                yield Respond(name, choice, kind=kind)
    elif event == "REPURCHASE":
        for other in others:
            for kind in sorted(set(state.players[other].landfill) - {"utility"}):
                yield Respond(name, target=other, kind=kind)
    elif event == "SATAN SANTA":
        for other in others:
            for kind, quality in sorted(set(player.materials)):
                yield Respond(name, target=other, mat=MatRef(kind, quality))
    elif event == "SOCIAL RESPONSIBILITY":
        for other in others:
            hand = state.players[other].hand
            if state.virtual or len(set(hand)) <= 1:
                yield Respond(name, target=other)
            else:
                for card in sorted(set(hand)):
                    yield Respond(name, target=other, outcome=card if card != UNKNOWN else "unseen")
    elif event == "STATUS CLIMB":
        for other in others:
            yield Respond(name, target=other)


def _turn_modes(state: State, player: Player) -> Iterator[Command]:
    name = player.name
    career = career_of(player)
    if not state.main:
        salaries = [coin for coin, _ in data.CAREER[career].salaries] if career == "FREELANCER" else [0]
        creates = sorted(set(state.buy_area))[:2] if career == "ARTIST" and state.buy_area else [""]
        for rep in range(player.reputation + 1):
            for pay in salaries:
                for create in creates:
                    yield Work(name, rep, pay, create)
    if not state.main or state.main == "buy" or (state.main == "work" and career == "OFFICE LADY"):
        for buy in _buys(state, player):
            assert isinstance(buy, Buy)
            yield from _bogof(state, buy)
        if career == "SCIENTIST":
            for owner in (*state.seats, CENTRAL):
                landfill = (
                    state.central
                    if owner == CENTRAL
                    else state.players[owner].landfill
                    if owner in state.players
                    else ()
                )
                for kind in sorted(set(landfill)):
                    for quality in range(1, data.MAX_QUALITY + 1):
                        yield Buy(name, ((kind, quality),), 0, scrap=Scrap(owner, kind))
    if state.main in ("", "consume"):
        yield from _consumes(state, player)
        yield from _goals(state, player)
        yield from _rep_happiness(state, player)
    end = [End(name)]
    if in_effect(state, "HYPEBEAST"):
        end = [End(name, other) for other in state.seats if other != name]
    yield from end
    yield from _favours_modes(state, player)
    yield from _applies(state, name)
    for card in range(1, len(player.credit) + 1):
        for coin in (1, 2):
            yield Payoff(name, coin, card)
    yield from _abilities(state, player)


def _bogof(state: State, buy: Buy) -> Iterator[Command]:
    if not in_effect(state, "BOGOF"):
        yield buy
        return
    left = Counter(state.buy_area) - Counter(kind for kind, _ in buy.cards)
    owed = min(len(buy.cards), sum(left.values()))
    yield Buy(buy.player, buy.cards, buy.rep, tuple(sorted(left.elements()))[:owed])


def _favours_modes(state: State, player: Player) -> Iterator[Command]:
    if mode_of(state).favours == "blue":
        yield from _blue(state, player)
        return
    career = career_of(player)
    for move in _favours(state, player):
        assert isinstance(move, Favour)
        yield move
        if career == "SCAVENGER" and move.kind == "resell":
            yield replace(move, card="recycle")  # a RECYCLE played as this RESELL
        if career == "POLITICIAN":
            # 8.0 POLITICIAN: "play FAVOUR face-down to a player and claim what that is"
            if state.virtual:  # the referee holds the hand: each card held, face down
                for card in sorted(set(player.hand)):
                    yield replace(move, card=card, face_down=True)
            else:  # the card played is the table's to show if the bluff is called
                yield replace(move, face_down=True)


def _blue(state: State, player: Player) -> Iterator[Command]:
    """7.0's blue FAVOUR on the BUY AREA, the central LANDFILL and the MATERIAL deck."""
    name = player.name
    shown = sorted(set(state.exhibited))
    mine = sorted(set(player.materials))
    for mat in shown:
        yield Favour(name, "acquire", "", theirs=MatRef(*mat))
        yield Favour(name, "share", "", theirs=MatRef(*mat))
        for own in mine:
            yield Favour(name, "barter", "", mine=MatRef(*own), theirs=MatRef(*mat))
    for kind in sorted(set(state.central)):
        for quality in range(1, data.MAX_QUALITY + 1):
            yield Favour(name, "renew", "", theirs=MatRef(kind, quality))
    for own in mine:
        yield Favour(name, "resell", "", mine=MatRef(*own))
        if career_of(player) == "SCAVENGER":
            yield Favour(name, "resell", "", mine=MatRef(*own), card="renew")


def _abilities(state: State, player: Player) -> Iterator[Command]:
    """The CAREER's ABILITY used by choice (8.0)."""
    name = player.name
    career = career_of(player)
    others = [p for p in state.seats if p != name]
    outcomes: tuple[tuple[str, ...], ...] = (
        ((),) if state.virtual else (("dollar", "blank"), ("blank", "blank"))
    )
    if career == "BANKER":
        for other in others:
            yield Ability(name, "rep", target=other)
            yield Ability(name, "coin", target=other)
    elif career in ("CRAFTSMAN", "ENGINEER"):
        for owner in state.seats:
            for kind, quality in sorted(set(state.players[owner].materials)):
                ref = MatRef(kind, quality, owner if owner != name else None)
                if career == "ENGINEER":
                    yield Ability(name, "repair", mat=ref)
                else:
                    for into in ("glass", "metal", "plastic", "utility"):
                        yield Ability(name, "forge", mat=ref, kind=into)
    elif career == "FREELANCER":
        for kind in sorted(set(player.hand) - {UNKNOWN}) or data.FAVOURS[:1]:
            yield Ability(name, "swap", kind=kind)
    elif career == "HOMEMAKER":
        yield Ability(name, "minimalist")
    elif career == "INVESTOR":
        for outcome in outcomes:
            yield Ability(name, "invest", outcome=outcome)
    elif career == "NURSE":
        for other in others:
            for kind in sorted(set(player.hand) - {UNKNOWN}) or data.FAVOURS[:1]:
                yield Ability(name, "care", target=other, kind=kind)
    elif career == "SCAVENGER":
        for owner in (*state.seats, CENTRAL):
            landfill = state.central if owner == CENTRAL else state.players[owner].landfill
            for kind in sorted(set(landfill)):  # a UTILITY too: ``legal`` keeps what decide takes
                yield Ability(name, "scavenge", target=owner, kind=kind)
    elif career == "SCHOLAR":
        for deck in ("material", "activity", "favour", "event"):
            yield Ability(name, "peek", kind=deck)
    elif career == "SOLDIER":
        for other in others:
            hand = state.players[other].hand
            if state.virtual or len(set(hand)) <= 1:
                yield Ability(name, "take", target=other)
            else:
                for card in sorted(set(hand)):
                    yield Ability(
                        name, "take", target=other, outcome=(card if card != UNKNOWN else "unseen",)
                    )
