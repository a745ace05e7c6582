"""``initial`` and ``decide``: LOOP Basic Mode (rulebook sections 1.0 to 3.2).

``decide`` checks a command and returns its facts, or raises a typed error citing the rule.
It builds the facts through a scratch fold (``_Out``) so that one move can chain: an
``end`` refills the board and starts the next turn with its FAVOUR draw, and the last
setup reveal starts the first turn. Chance comes only from the setup seed: the virtual
decks are shuffled by ``random.Random`` seeded from it and from the reshuffle count.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from msgspec.structs import replace

from ledger.decider import Facts, Setup, decide_by_type
from ledger.errors import AmbiguousMove, BadInput, IllegalMove, NotYourTurn
from ledger.games.loop import data
from ledger.games.loop.evolve import evolve, settle, take
from ledger.games.loop.model import (
    UNKNOWN,
    Accept,
    ActivitiesReshuffled,
    ActivityDeclared,
    ActivityFace,
    ActivityRevealed,
    Bought,
    Buy,
    Command,
    Completion,
    Consume,
    Consumed,
    Dealt,
    DeclareActivity,
    DeclareGoal,
    Depleted,
    End,
    Event,
    Favour,
    FavourAccepted,
    FavourDrawn,
    FavourPlayed,
    FavourRejected,
    FavoursReshuffled,
    FinalRound,
    GameEnded,
    Goal,
    GoalAchieved,
    GoalDeclared,
    GoalFace,
    Grant,
    Mat,
    MaterialRevealed,
    MatRef,
    Offer,
    Player,
    Reject,
    RevealActivity,
    RevealMaterial,
    State,
    TurnEnded,
    TurnStarted,
    Use,
    Work,
    Worked,
)
from ledger.piles import counts_text, require_in, rng
from ledger.words import card_word, is_card_name

# Rule citations, as the rulebook titles its sections.
R_SETUP = "LOOP 1.0 Setup"
R_AREA = "LOOP 1.1 Player AREA"
R_ORDER = "LOOP 2.1 Start Game"
R_TURN = "LOOP 2.2 Start Turn"
R_WORK = "LOOP 2.2 a) WORK"
R_BUY = "LOOP 2.2 b) BUY"
R_CONSUME = "LOOP 2.2 c) CONSUME"
R_GOAL = "LOOP 2.3 Achieving GOAL"
R_FAVOUR = "LOOP 2.4 Playing FAVOUR"
R_REJECT = "LOOP 2.4 b) REJECT"
R_REP_WORK = "LOOP 2.5 a) WORK"
R_REP_BUY = "LOOP 2.5 b) BUY"
R_REP_CONSUME = "LOOP 2.5 c) CONSUME"
R_END_TURN = "LOOP 2.7 End Turn"
R_END_GAME = "LOOP 2.8 End Game"
R_GOALS = "LOOP 3.2 GOAL"


def r_favour(kind: str) -> str:
    return f"LOOP 3.1 {kind.upper()}"


OPTION_FAVOUR_DEAL = "favour-deal"
# LOOP 1.0 prints the FAVOUR deal for seats 1 to 3 only; later seats follow the printed
# pattern (each seat gets as many or more than the one before, the last seat gets 3).
RULEBOOK_DEAL: dict[int, tuple[int, ...]] = {
    2: (2, 3),
    3: (1, 2, 3),
    4: (1, 2, 2, 3),
    5: (1, 1, 2, 2, 3),
    6: (1, 1, 2, 2, 3, 3),
}

# ---------------------------------------------------------------------------- text helpers


def up(name: str) -> str:
    return name.upper()


def mat_text(mat: Mat) -> str:
    return f"{mat[0]}@{mat[1]}"


def mats_text(mats: Iterable[Mat]) -> str:
    return ", ".join(mat_text(m) for m in mats) or "none"


# ---------------------------------------------------------------------------- queries


def is_over(state: State) -> bool:
    return state.phase == "over"


def material_wanted(state: State) -> int:
    """BUY AREA slots the table must still fill from the deck (LOOP 2.7)."""
    if state.phase != "refill":
        return 0
    return min(data.SLOTS - len(state.buy_area), len(state.material_deck))


def activity_wanted(state: State) -> int:
    """CONSUME AREA slots the table must still fill from the deck (LOOP 1.0, 2.7)."""
    if state.phase not in ("setup", "refill"):
        return 0
    held = len(state.activity_deck) + state.activity_unseen
    return min(data.SLOTS - len(state.consume_area), held)


def to_act(state: State) -> list[str]:
    """Who must act now: the active player, a FAVOUR's target, or the table."""
    if state.phase == "over":
        return []
    if state.phase in ("cards", "setup", "refill"):
        return ["table"]
    if state.pending is not None:
        return [state.pending.target]
    return [state.active]


def faces_complete(state: State) -> bool:
    """Every ACTIVITY and GOAL face is known: virtual decks can be dealt."""
    return (
        len(state.activity_faces) == data.ACTIVITY_NAMES
        and all(face.complete for face in state.activity_faces.values())
        and len(state.goal_faces) == data.GOAL_TOTAL
        and all(face.complete for face in state.goal_faces.values())
    )


def unseen_favours(state: State, kind: str) -> int:
    """FAVOUR of ``kind`` whose place the referee does not know (deck or unseen hand cards)."""
    known = state.favour_discard.count(kind) + state.favour_deck.count(kind)
    known += sum(player.hand.count(kind) for player in state.players.values())
    if state.pending is not None and state.pending.kind == kind:
        known += 1
    return data.FAVOUR_COPIES - known


def holds_favour(state: State, player: Player, kind: str) -> bool:
    """The player holds a ``kind``: a known card, or an unseen one that may be it."""
    if kind in player.hand:
        return True
    return UNKNOWN in player.hand and unseen_favours(state, kind) > 0


def achieved_by(state: State, goal: str) -> str | None:
    for player in state.players.values():
        if goal in player.achieved:
            return player.name
    return None


def goal_met(state: State, player: Player, goal: str, face: GoalFace) -> bool:
    """LOOP 2.3 and 3.2: the kept ACTIVITY meet the GOAL."""
    if face.special == "HOBBY":
        names = [k.name for k in player.kept]
        return len(set(names)) < len(names)
    if face.special == "CURIOSITY":
        used = {t for k in player.kept for t in k.types}
        return used >= set(data.MATERIALS)
    props = Counter(p for k in player.kept for p in state.activity_faces[k.name].props or ())
    return not Counter(face.needs or ()) - props


def spendable(state: State, me: str, kind: str) -> int:
    """Separate MATERIAL of ``kind`` the player may spend now: their own, and SHAREd cards
    (as many of an owner's identical cards as there are grants on them)."""
    count = sum(1 for t, _ in state.players[me].materials if t == kind)
    grants = Counter((g.owner, g.material) for g in state.shares if g.material[0] == kind)
    for (owner, mat), n in grants.items():
        count += min(n, state.players[owner].materials.count(mat))
    return count


def consume_possible(state: State, player: Player) -> bool:
    """Some ACTIVITY in the CONSUME AREA can be paid for now (LOOP 2.2 c, 3.1 SHARE)."""
    if state.consumed >= data.MAX_PER_TURN:
        return False
    for name in set(state.consume_area):
        needs = state.activity_faces[name].needs or ()
        if len(needs) != 2:
            continue
        first, second = needs
        if first == second:
            if spendable(state, player.name, first) >= 2:
                return True
        elif spendable(state, player.name, first) and spendable(state, player.name, second):
            return True
    return False


def may_end(state: State, player: Player) -> bool:
    """The player may end the turn (LOOP 2.7: after WORK, BUY or CONSUME). A GOAL achieved
    before any CONSUME made it a CONSUME turn (2.3), so 1 ACTIVITY is owed first, unless no
    CONSUME is possible any more (MATERIAL given away since): never a dead end."""
    if state.main == "consume" and not state.consumed:
        return not consume_possible(state, player)
    return bool(state.main)


def next_seat(state: State) -> tuple[str, int]:
    """The next player and round: turn goes to the left (LOOP 2.7)."""
    nxt = (state.turn + 1) % len(state.seats)
    return state.seats[nxt], state.round + (1 if nxt == 0 else 0)


def awaited_text(state: State) -> str:
    """What the table must reveal now, in the command grammar."""
    wants = []
    for player in state.awaiting_start:
        wants.append(f"reveal material TYPE --to {player}")
    if material_wanted(state):
        wants.append(f"reveal material TYPE (x{material_wanted(state)})")
    if activity_wanted(state):
        wants.append(f"reveal activity NAME (x{activity_wanted(state)})")
    return "; ".join(wants)


# ---------------------------------------------------------------------------- setup


def favour_deal(value: str, count: int) -> tuple[int, ...]:
    """The ``favour-deal`` option: "rulebook" or FAVOUR counts per seat, e.g. "1,2,2,3"."""
    if value.strip().lower() == "rulebook":
        return RULEBOOK_DEAL[count]
    try:
        deal = tuple(int(part) for part in value.split(","))
    except ValueError:
        raise BadInput(
            f"favour-deal {value!r} is not a list of numbers",
            legal="rulebook, or one count per seat like 1,2,2,3",
        ) from None
    if len(deal) != count or min(deal) < 0 or sum(deal) > data.FAVOUR_TOTAL:
        raise BadInput(
            f"favour-deal {value!r} must give one count per seat ({count} seats), "
            f"none negative, {data.FAVOUR_TOTAL} FAVOUR at most",
            legal=f"rulebook ({','.join(map(str, RULEBOOK_DEAL[count]))})",
        )
    return deal


def _check_players(players: Sequence[str]) -> None:
    if not 2 <= len(players) <= 6:
        raise BadInput(
            f"LOOP Basic Mode is for 2 to 6 players, not {len(players)}",
            legal="2 to 6 players (1 player is Solo Mode)",
        )
    seen: set[str] = set()
    for name in players:
        if not name or any(c in name for c in " \t:=,@") or name.startswith("-"):
            raise BadInput(
                f"player name {name!r} cannot be typed in moves",
                legal="a name without spaces, ':', '=', ',' or '@'",
            )
        if name.lower() in seen or name.lower() == "table":
            raise BadInput(f"player name {name!r} is taken", legal="distinct names, not 'table'")
        seen.add(name.lower())


def initial(setup: Setup) -> State:
    """The table after LOOP 1.0 Setup (Basic Mode)."""
    if setup.mode != "basic":
        raise BadInput(f"unknown LOOP mode {setup.mode!r}", legal="basic")
    for option in setup.options:
        if option != OPTION_FAVOUR_DEAL:
            raise BadInput(f"unknown LOOP option {option!r}", legal=OPTION_FAVOUR_DEAL)
    seats = tuple(setup.players)
    _check_players(seats)
    count = len(seats)
    deal = favour_deal(setup.options.get(OPTION_FAVOUR_DEAL, "rulebook"), count)
    sets_removed = data.SETS_REMOVED[count]
    removed = tuple(sorted(data.MATERIALS * sets_removed))
    # 1 set face-up in the BUY AREA; the rest is the deck.
    deck = sorted(data.MATERIALS * (data.MATERIAL_COPIES - sets_removed - 1))
    activity_faces = {
        name: ActivityFace(tuple(sorted(needs)), None) for name, needs in data.PRINTED_ACTIVITY_NEEDS.items()
    }
    goal_faces = {name: GoalFace(tuple(sorted(n)), None) for name, n in data.PRINTED_GOAL_NEEDS.items()}
    goal_faces.update({name: GoalFace(None, None, name) for name in data.SPECIAL_GOALS})
    goal_faces.update({name: GoalFace() for name in data.NAMED_GOALS})
    base = State(
        seats=seats,
        players={},
        seed=setup.seed,
        phase="setup",
        removed=removed,
        buy_area=data.MATERIALS,
        activity_faces=activity_faces,
        goal_faces=goal_faces,
    )
    if setup.seed is None:
        # A real table: hands and the starting MATERIAL are unseen until revealed.
        players = {
            name: Player(
                name=name,
                happiness=data.INTERN_HAPPINESS,
                coin=data.INTERN_COIN,
                hand=(UNKNOWN,) * deal[i],
            )
            for i, name in enumerate(seats)
        }
        return replace(
            base,
            players=players,
            awaiting_start=seats,
            material_deck=tuple(deck),
            activity_unseen=data.ACTIVITY_TOTAL,
            favour_deck=(UNKNOWN,) * (data.FAVOUR_TOTAL - sum(deal)),
        )
    # Virtual decks: shuffle and deal MATERIAL and FAVOUR now; ACTIVITY and GOAL once every
    # face is declared (see ``_deal``).
    generator = random.Random(setup.seed)
    generator.shuffle(deck)
    favours = sorted(data.FAVOURS * data.FAVOUR_COPIES)
    generator.shuffle(favours)
    players = {}
    for i, name in enumerate(seats):
        hand, favours = favours[: deal[i]], favours[deal[i] :]
        players[name] = Player(
            name=name,
            happiness=data.INTERN_HAPPINESS,
            coin=data.INTERN_COIN,
            materials=((deck[i], data.INTERN_MATERIAL_QUALITY),),
            hand=tuple(sorted(hand)),
        )
    return replace(
        base,
        players=players,
        phase="cards",
        material_deck=tuple(deck[count:]),
        favour_deck=tuple(favours),
    )


# ---------------------------------------------------------------------------- decide


class _Out(Facts[State, Event]):
    """The facts of one LOOP move (``ledger.decider.Facts``)."""

    def __init__(self, state: State) -> None:
        super().__init__(state, evolve)


def _rng(state: State, deck: str) -> random.Random:
    return rng(state.seed, deck, state.reshuffles)


def _known_player(state: State, name: str) -> Player:
    player = state.players.get(name)
    if player is None:
        raise BadInput(f"unknown player {name!r}", legal=", ".join(state.seats))
    return player


def _cards_needed(state: State) -> IllegalMove:
    acts = sum(face.complete for face in state.activity_faces.values())
    goals = sum(face.complete for face in state.goal_faces.values())
    return IllegalMove(
        f"virtual decks need every ACTIVITY and GOAL face: {acts} of {data.ACTIVITY_NAMES} "
        f"ACTIVITY and {goals} of {data.GOAL_TOTAL} GOAL are declared",
        rule=R_SETUP,
        legal="declare the rest (a --cards file), or play without a seed with real cards",
    )


def _active(state: State, name: str) -> Player:
    """The player, if it is their turn to play (and no FAVOUR awaits an answer)."""
    player = _known_player(state, name)
    if state.phase == "cards":
        raise _cards_needed(state)
    if state.phase in ("setup", "refill"):
        rule = R_SETUP if state.phase == "setup" else R_END_TURN
        raise NotYourTurn(f"the table must first reveal cards: {awaited_text(state)}", rule=rule)
    if state.pending is not None:
        offer = state.pending
        raise NotYourTurn(
            f"{offer.target} must first accept or reject {offer.player}'s {up(offer.kind)}",
            rule=R_FAVOUR,
            legal=f"accept {offer.target} | reject {offer.target} --discard|--rep",
        )
    if state.active != name:
        raise NotYourTurn(
            f"it is {state.active}'s turn, not {name}'s",
            rule=R_ORDER,
            legal=f"only {state.active} moves now; turn goes to the left after {state.active} ends",
        )
    return player


def _main_free(state: State, player: Player) -> None:
    """No WORK, BUY or CONSUME yet this turn (for WORK and BUY)."""
    if state.main == "consume" and not state.consumed:
        raise IllegalMove(
            f"{player.name} achieved a GOAL, which makes this a CONSUME turn; "
            "LOOP 2.2: 1 and only 1 of WORK, BUY or CONSUME per turn",
            rule=R_GOAL,
            legal=f"consume {player.name} ACTIVITY=MAT,MAT, then end {player.name}"
            if consume_possible(state, player)
            else f"play FAVOUR or end {player.name}",
        )
    if state.main:
        raise IllegalMove(
            f"{player.name} already did {up(state.main)} this turn",
            rule=R_TURN,
            legal=f"1 and only 1 of WORK, BUY or CONSUME per turn; now play FAVOUR or end {player.name}",
        )


def resolve(mats: Sequence[Mat], ref: MatRef, whose: str, rule: str, also: str = "", prefix: str = "") -> Mat:
    """The card ``ref`` names among ``mats``; AmbiguousMove if its QUALITY is needed."""
    qualities = sorted({q for t, q in mats if t == ref.type})
    if not qualities:
        raise IllegalMove(
            f"{whose} has no {up(ref.type)}{also}", rule=rule, legal=f"{whose} has {mats_text(mats)}"
        )
    if ref.quality is None:
        if len(qualities) > 1:
            raise AmbiguousMove(
                f"{whose} has {up(ref.type)} at QUALITY {', '.join(map(str, qualities))}; say which",
                candidates=[f"{prefix}{ref.type}@{q}" for q in qualities],
            )
        return (ref.type, qualities[0])
    if ref.quality not in qualities:
        same = sorted(m for m in mats if m[0] == ref.type)
        if prefix:  # SHAREs: one line per card, however many grants it has
            same = sorted(set(same))
        raise IllegalMove(
            f"{whose} has no {ref.type}@{ref.quality}{also}",
            rule=rule,
            legal=f"{whose} has {', '.join(prefix + mat_text(m) for m in same)}",
        )
    return (ref.type, ref.quality)


def _check_types(types: Iterable[str], count: int, rule: str) -> tuple[str, ...]:
    types = tuple(types)
    for kind in types:
        if kind not in data.MATERIALS:
            raise BadInput(f"unknown MATERIAL {kind!r}", legal=", ".join(data.MATERIALS))
    if len(types) != count:
        raise IllegalMove(f"an ACTIVITY shows {count} MATERIAL colours", rule=rule)
    return tuple(sorted(types))


def _check_props(props: Iterable[str], low: int, high: int, rule: str, what: str) -> tuple[str, ...]:
    props = tuple(props)
    for prop in props:
        if prop not in data.PROPERTIES:
            raise BadInput(f"unknown PROPERTY {prop!r}", legal=", ".join(data.PROPERTIES))
    if not low <= len(props) <= high:
        count = str(low) if low == high else f"{low} to {high}"
        raise IllegalMove(f"{what} shows {count} PROPERTY, not {len(props)}", rule=rule)
    return tuple(sorted(props))


def activity_face(
    state: State, name: str, needs: Sequence[str] | None, props: Sequence[str] | None
) -> tuple[ActivityFace, bool]:
    """The face of ACTIVITY ``name`` with what is typed merged in; and whether that is news."""
    known = state.activity_faces.get(name)
    if known is None and not is_card_name(name):
        raise BadInput(f"cannot use {name!r} as an ACTIVITY name", legal="letters and digits")
    if known is None and len(state.activity_faces) >= data.ACTIVITY_NAMES:
        raise IllegalMove(
            f"the {data.ACTIVITY_NAMES} ACTIVITY names are all known; {name} is not one of them",
            rule=R_GOALS,
            legal=", ".join(sorted(state.activity_faces)),
        )
    face = known or ActivityFace()
    if needs is not None:
        typed = _check_types(needs, 2, R_CONSUME)
        if face.needs is not None and typed != face.needs:
            raise IllegalMove(
                f"{name} shows {' and '.join(map(up, face.needs))}, not {' and '.join(map(up, typed))}",
                rule=R_CONSUME,
            )
        face = ActivityFace(typed, face.props)
    if props is not None:
        typed = _check_props(props, 2, 2, R_GOAL, "an ACTIVITY")
        if typed[0] == typed[1]:
            raise IllegalMove("each ACTIVITY has 2 different PROPERTY", rule=R_GOAL)
        if face.props is not None and typed != face.props:
            raise IllegalMove(
                f"{name} shows {' and '.join(map(up, face.props))}, not {' and '.join(map(up, typed))}",
                rule=R_GOAL,
            )
        face = ActivityFace(face.needs, typed)
    return face, face != known


def goal_face(
    state: State, name: str, needs: Sequence[str] | None, reward: int | None
) -> tuple[GoalFace, bool]:
    """The face of GOAL ``name`` with what is typed merged in; and whether that is news."""
    known = state.goal_faces.get(name)
    if known is None and not is_card_name(name):
        raise BadInput(f"cannot use {name!r} as a GOAL name", legal="letters and digits")
    if known is None and len(state.goal_faces) >= data.GOAL_TOTAL:
        raise IllegalMove(
            f"the {data.GOAL_TOTAL} GOAL are all known; {name} is not one of them",
            rule=R_GOALS,
            legal=", ".join(sorted(state.goal_faces)),
        )
    face = known or GoalFace()
    if needs is not None:
        if face.special:
            raise IllegalMove(f"{name} has its own rule, no PROPERTY to declare", rule=R_GOALS)
        typed = _check_props(needs, data.GOAL_NEEDS_MIN, data.GOAL_NEEDS_MAX, R_GOAL, "a GOAL")
        if face.needs is not None and typed != face.needs:
            raise IllegalMove(
                f"{name} needs {', '.join(map(up, face.needs))}, not {', '.join(map(up, typed))}",
                rule=R_GOAL,
            )
        face = GoalFace(typed, face.reward, face.special)
    if reward is not None:
        if not 1 <= reward <= data.MAX_HAPPINESS:
            raise IllegalMove(f"a GOAL reward of {reward} HAPPINESS is out of range", rule=R_GOAL)
        if face.reward is not None and reward != face.reward:
            raise IllegalMove(
                f"{name} was declared with a reward of {face.reward} HAPPINESS, not {reward}",
                rule=R_GOAL,
            )
        face = GoalFace(face.needs, reward, face.special)
    return face, face != known


def _start_turn(out: _Out, player: str, round_: int) -> None:
    """LOOP 2.2 Start Turn: draw 1 FAVOUR if fewer than 5 in hand (reshuffle if needed)."""
    out.add(TurnStarted(player, round_))
    state = out.state
    if len(state.players[player].hand) >= data.HAND_DRAW_LIMIT:
        return
    if not state.favour_deck and state.favour_discard:
        if state.virtual:
            order = list(state.favour_discard)
            _rng(state, "favours").shuffle(order)
        else:
            order = [UNKNOWN] * len(state.favour_discard)
        out.add(FavoursReshuffled(tuple(order)))
    if out.state.favour_deck:
        out.add(FavourDrawn(player, out.state.favour_deck[0]))


def _proceed(out: _Out) -> None:
    """After a reveal or an end of turn: deal what the referee deals, then start the turn."""
    while True:
        state = out.state
        if state.phase not in ("setup", "refill"):
            return
        empty = data.SLOTS - len(state.consume_area)
        if empty and not state.activity_deck and not state.activity_unseen and state.activity_discard:
            # LOOP 2.7: "If ACTIVITY deck is empty, shuffle and refill from the Discard Pile."
            order = list(state.activity_discard)
            if state.virtual:
                _rng(state, "activities").shuffle(order)
            else:
                order.sort()
            out.add(ActivitiesReshuffled(tuple(order)))
            continue
        if state.virtual and material_wanted(state):
            out.add(MaterialRevealed(state.material_deck[0]))
            continue
        if state.virtual and activity_wanted(state):
            out.add(ActivityRevealed(state.activity_deck[0]))
            continue
        break
    if state.awaiting_start or material_wanted(state) or activity_wanted(state):
        return  # the table reveals the rest
    if state.phase == "setup":
        _start_turn(out, state.seats[0], 1)
    else:
        _start_turn(out, *next_seat(state))


def _end_turn(out: _Out, player: str, automatic: bool) -> None:
    """LOOP 2.7 End Turn, with 2.8's DEPLETION and the final round."""
    out.add(TurnEnded(player, automatic))
    state = out.state
    empty = data.SLOTS - len(state.buy_area)
    if 0 < len(state.material_deck) <= empty:
        # LOOP 2.8 a): this refill empties the MATERIAL deck: DEPLETION Penalty.
        out.add(Depleted(player, min(1, state.players[player].happiness)))
        if not out.state.final_round:
            out.add(FinalRound("depletion", player))
    if out.state.final_round and player == state.seats[-1]:
        out.add(GameEnded())
        return
    _proceed(out)


def _after_happiness(out: _Out, player: str) -> None:
    """LOOP 2.8 b): reaching HAPPINESS 12 starts the final round."""
    if out.state.players[player].happiness >= data.MAX_HAPPINESS and not out.state.final_round:
        out.add(FinalRound("happiness", player))


def _gain(player: Player, amount: int) -> int:
    return min(data.MAX_HAPPINESS, player.happiness + amount) - player.happiness


# --- table moves


def _reveal_gate(state: State) -> None:
    if state.virtual:
        raise IllegalMove(
            f"the referee deals the virtual decks itself (seed {state.seed}): nothing to reveal",
            rule=R_SETUP,
        )


def _reveal_material(out: _Out, command: RevealMaterial) -> None:
    state = out.state
    _reveal_gate(state)
    if command.material not in data.MATERIALS:
        raise BadInput(f"unknown MATERIAL {command.material!r}", legal=", ".join(data.MATERIALS))
    if command.to is not None:
        _known_player(state, command.to)
        if command.to not in state.awaiting_start:
            raise IllegalMove(
                f"{command.to} already has a starting MATERIAL"
                if state.phase == "setup"
                else "starting MATERIAL are dealt at setup only",
                rule=R_SETUP,
                legal=awaited_text(state) or None,
            )
    elif not material_wanted(state):
        raise IllegalMove(
            "no empty BUY AREA slot awaits a card",
            rule=R_END_TURN if state.phase != "setup" else R_SETUP,
            legal=awaited_text(state) or "cards are flipped only at the end of a turn",
        )
    require_in(
        state.material_deck,
        command.material,
        "MATERIAL deck",
        R_SETUP if state.phase == "setup" else R_END_TURN,
        shown=up(command.material),
        short="deck",
    )
    out.add(MaterialRevealed(command.material, command.to))
    _proceed(out)


def _reveal_activity(out: _Out, command: RevealActivity) -> None:
    state = out.state
    _reveal_gate(state)
    if not activity_wanted(state):
        raise IllegalMove(
            "no empty CONSUME AREA slot awaits a card",
            rule=R_END_TURN if state.phase != "setup" else R_SETUP,
            legal=awaited_text(state) or "cards are flipped only at the end of a turn",
        )
    name = command.name
    face, news = activity_face(state, name, command.needs, command.props)
    if not face.complete:
        # Not a refusal: the card is new to the referee, so the table says what it shows.
        missing = " ".join(
            option
            for option, known in (("--needs TYPE,TYPE", face.needs), ("--props P,P", face.props))
            if not known
        )
        raise BadInput(
            f"the referee does not know what {name} shows yet: type it as the card shows it",
            legal=f"reveal activity {card_word(name)} {missing}",
        )
    seen = state.activity_seen.get(name, 0)
    if name not in state.activity_deck and (state.activity_unseen == 0 or seen >= data.ACTIVITY_COPIES):
        left = counts_text(state.activity_deck) if state.activity_deck else "no known card"
        raise IllegalMove(
            f"the ACTIVITY deck cannot hold another {name} ({seen} of {data.ACTIVITY_COPIES} already seen)",
            rule=R_GOALS,
            legal=f"the deck holds {left} and {state.activity_unseen} unseen",
        )
    if news:
        assert face.needs is not None and face.props is not None
        out.add(ActivityDeclared(name, face.needs, face.props))
    out.add(ActivityRevealed(name))
    _proceed(out)


def _deal(out: _Out) -> None:
    """Virtual decks: with every face known, shuffle the ACTIVITY deck and deal the GOAL."""
    state = out.state
    generator = rng(state.seed, "deal")
    activities = sorted(state.activity_faces) * data.ACTIVITY_COPIES
    activities.sort()
    generator.shuffle(activities)
    goals = sorted(state.goal_faces)
    generator.shuffle(goals)
    each = data.GOALS_PER_PLAYER
    dealt = {name: tuple(goals[i * each : (i + 1) * each]) for i, name in enumerate(state.seats)}
    out.add(Dealt(tuple(activities), dealt))
    _proceed(out)


def _declare_activity(out: _Out, command: DeclareActivity) -> None:
    state = out.state
    face, news = activity_face(state, command.name, command.needs, command.props)
    if face.needs is None or face.props is None:
        raise BadInput(
            f"declare {command.name} whole",
            legal=f"declare activity {card_word(command.name)} --needs T,T --props P,P",
        )
    if not news:
        raise IllegalMove(f"{command.name} is already declared", rule=R_GOALS)
    out.add(ActivityDeclared(command.name, face.needs, face.props))
    if state.virtual and state.phase == "cards" and faces_complete(out.state):
        _deal(out)


def _declare_goal(out: _Out, command: DeclareGoal) -> None:
    state = out.state
    face, news = goal_face(state, command.name, command.needs, command.reward)
    if not face.complete or face.reward is None:
        raise BadInput(
            f"declare {command.name} whole",
            legal=f"declare goal {card_word(command.name)} "
            + ("--reward N" if face.special else "--needs P,P,P --reward N"),
        )
    if not news:
        raise IllegalMove(f"{command.name} is already declared", rule=R_GOALS)
    out.add(GoalDeclared(command.name, face.needs, face.reward))
    if state.virtual and state.phase == "cards" and faces_complete(out.state):
        _deal(out)


# --- main actions


def _work(out: _Out, command: Work) -> None:
    state = out.state
    player = _active(state, command.player)
    _main_free(state, player)
    if not 0 <= command.rep <= player.reputation:
        raise IllegalMove(
            f"{player.name} has {player.reputation} REPUTATION to spend, not {command.rep}",
            rule=R_REP_WORK,
            legal=f"--rep 0 to {player.reputation}" if player.reputation else "leave out --rep",
        )
    if player.happiness > 0:
        out.add(Worked(player.name, data.INTERN_SALARY_COIN + command.rep, 1, command.rep))
        return
    # LOOP 2.2 a): no HAPPINESS to deduct: take 1 COIN, then end turn immediately.
    out.add(Worked(player.name, data.EXHAUSTED_COIN + command.rep, 0, command.rep))
    _end_turn(out, player.name, automatic=True)


def _buy(out: _Out, command: Buy) -> None:
    state = out.state
    player = _active(state, command.player)
    _main_free(state, player)
    cards = command.cards
    if not 1 <= len(cards) <= data.MAX_PER_TURN:
        raise IllegalMove(
            f"you may BUY up to {data.MAX_PER_TURN} MATERIAL in 1 turn, not {len(cards)}",
            rule=R_BUY,
        )
    for kind, quality in cards:
        if kind not in data.MATERIALS:
            raise BadInput(f"unknown MATERIAL {kind!r}", legal=", ".join(data.MATERIALS))
        if not 1 <= quality <= data.MAX_QUALITY:
            raise IllegalMove(
                f"QUALITY is the COIN paid for a MATERIAL, 1 to {data.MAX_QUALITY}, not {quality}",
                rule=R_BUY,
            )
    wanted = Counter(kind for kind, _ in cards)
    area = Counter(state.buy_area)
    if wanted - area:
        raise IllegalMove(
            f"the BUY AREA does not hold {counts_text((wanted - area).elements())}",
            rule=R_BUY,
            legal=f"the BUY AREA holds {counts_text(state.buy_area)}",
        )
    if not 0 <= command.rep <= player.reputation:
        raise IllegalMove(
            f"{player.name} has {player.reputation} REPUTATION to spend, not {command.rep}",
            rule=R_REP_BUY,
            legal=f"--rep 0 to {player.reputation}" if player.reputation else "leave out --rep",
        )
    total = sum(q for _, q in cards)
    if command.rep > total - len(cards):
        raise IllegalMove(
            "you must pay at least 1 COIN for each MATERIAL",
            rule=R_REP_BUY,
            legal=f"spend at most {total - len(cards)} REPUTATION on these",
        )
    coin = total - command.rep
    if coin > player.coin:
        raise IllegalMove(
            f"{player.name} has {player.coin} COIN, these cost {coin}",
            rule=R_BUY,
            legal=f"QUALITY adds up to COIN paid plus REPUTATION spent ({player.reputation} left)",
        )
    out.add(Bought(player.name, cards, coin, command.rep))


def _pair(holdings: dict[str, list[Mat]], player: str, refs: Sequence[MatRef]) -> list[Mat] | None:
    """``glass,glass`` when the player owns exactly 2 GLASS: both, whatever their QUALITY."""
    if len(refs) != 2 or refs[0] != refs[1] or refs[0].quality is not None or refs[0].owner:
        return None
    pool = [m for m in holdings[player] if m[0] == refs[0].type]
    return sorted(pool) if len(pool) == 2 else None


def _shared_text(grants: Iterable[Grant], holdings: dict[str, list[Mat]], kind: str, owner: str = "") -> str:
    """The SHAREd cards of ``kind`` that may be spent, as typed: ``bob:glass@2, carol:glass@1``."""
    cards = sorted(
        {
            (g.owner, g.material)
            for g in grants
            if g.material[0] == kind and g.material in holdings[g.owner] and g.owner != owner
        }
    )
    return ", ".join(f"{who}:{mat_text(mat)}" for who, mat in cards)


def _own_colour(holdings: dict[str, list[Mat]], grants: list[Grant], me: str, ref: MatRef, also: str) -> None:
    """A colour the player lacks but a SHARE holds: say how to name the SHAREd card."""
    if any(t == ref.type for t, _ in holdings[me]):
        return
    shared = _shared_text(grants, holdings, ref.type, me)
    if shared:
        raise IllegalMove(
            f"{me} has no {up(ref.type)}{also}",
            rule=R_CONSUME,
            legal=f"a SHAREd one is written OWNER:TYPE@QUALITY: {shared}",
        )


def _shared(
    holdings: dict[str, list[Mat]], grants: list[Grant], me: str, owner: str, ref: MatRef, also: str
) -> Mat:
    """The SHAREd card ``owner:ref`` names (LOOP 3.1 SHARE)."""
    rule = r_favour("share")
    mine = [g.material for g in grants if g.owner == owner and g.material[0] == ref.type]
    shared = [m for m in mine if m in holdings[owner]]
    if not shared:
        others = _shared_text(grants, holdings, ref.type)
        if mine and also:
            why = f"{owner}'s SHAREd {up(ref.type)} is taken for this ACTIVITY; none{also}"
        elif mine:
            why = f"{owner} no longer has the SHAREd {', '.join(sorted(map(mat_text, set(mine))))}"
        else:
            why = f"no accepted SHARE of {owner}'s {up(ref.type)} is left to spend this turn{also}"
        raise IllegalMove(
            why,
            rule=rule,
            legal=f"SHAREd {up(ref.type)} left: {others}"
            if others
            else f"favour {me} share {owner} {ref.type}, and {owner} accepts it",
        )
    return resolve(shared, ref, f"the SHARE from {owner}", rule, also, f"{owner}:")


def _consume(out: _Out, command: Consume) -> None:
    state = out.state
    player = _active(state, command.player)
    if state.main and state.main != "consume":
        _main_free(state, player)
    spends = command.spends
    # LOOP 2.2 c) "up to 3 ACTIVITY in 1 turn": over all the turn's consume moves, so a GOAL
    # may be achieved between them (2.3 "anytime during your CONSUME turn").
    room = data.MAX_PER_TURN - state.consumed
    if not 1 <= len(spends) <= room:
        done = f"; {player.name} has consumed {state.consumed} this turn" if state.consumed else ""
        raise IllegalMove(
            f"you may CONSUME up to {data.MAX_PER_TURN} ACTIVITY in 1 turn, not "
            f"{state.consumed + len(spends)}{done}",
            rule=R_CONSUME,
            legal=f"{room} more ACTIVITY at most"
            if room
            else f"achieve a GOAL, play FAVOUR or end {player.name}",
        )
    area = list(state.consume_area)
    holdings = {name: list(p.materials) for name, p in state.players.items()}
    grants = list(state.shares)
    completions = []
    for spend in spends:
        name = spend.activity
        if name not in area:
            raise IllegalMove(
                f"{name} is not in the CONSUME AREA",
                rule=R_CONSUME,
                legal=f"the CONSUME AREA holds {counts_text(area)}",
            )
        area.remove(name)
        needs = state.activity_faces[name].needs or ()
        refs = spend.materials
        typed = tuple(sorted(ref.type for ref in refs))
        if typed != needs:
            raise IllegalMove(
                f"{name} needs {' and '.join(map(up, needs))}, "
                f"not {' and '.join(map(up, typed)) or 'nothing'}",
                rule=R_CONSUME,
                legal="1 QUALITY from each of 2 separate MATERIAL of the colours shown",
            )
        for ref in refs:
            if ref.owner is not None:
                _known_player(state, ref.owner)
        paired = _pair(holdings, player.name, refs)
        taken: list[tuple[str, Mat]] = []
        for i, ref in enumerate(refs):
            owner = ref.owner or player.name
            also = " left for a 2nd, separate one" if i and refs[0].type == ref.type else ""
            if paired is not None:
                mat = paired[i]
            elif owner == player.name:
                _own_colour(holdings, grants, player.name, ref, also)
                mat = resolve(holdings[owner], ref, owner, R_CONSUME, also)
            else:
                mat = _shared(holdings, grants, player.name, owner, ref, also)
            take(holdings, grants, player.name, owner, mat)
            taken.append((owner, mat))
        grants = settle(holdings, grants, player.name, taken)
        uses = tuple(Use(owner, kind, quality) for owner, (kind, quality) in taken)
        completions.append(Completion(name, uses))
    kept = [k.name for k in player.kept]
    new = [spend.activity for spend in spends]
    excess = len(kept) + len(new) - data.MAX_KEPT
    if excess <= 0 and command.drop:
        raise IllegalMove(
            f"you keep up to {data.MAX_KEPT} ACTIVITY; nothing to drop yet",
            rule=R_CONSUME,
            legal=f"leave out --drop: {player.name} would keep {len(kept) + len(new)}",
        )
    if excess > 0:
        older = kept + new[:-1]
        if len(command.drop) != excess:
            raise IllegalMove(
                f"{player.name} would keep {len(kept) + len(new)} ACTIVITY: "
                f"discard {excess} older one{'s' if excess > 1 else ''}",
                rule=R_CONSUME,
                legal=f"--drop one of {counts_text(older)}",
            )
        for name in command.drop:
            if name not in older:
                raise IllegalMove(
                    f"{name} is not an older ACTIVITY of {player.name}'s",
                    rule=R_CONSUME,
                    legal=f"--drop one of {counts_text(older)}",
                )
            older.remove(name)
    spent = 0
    if command.rep_happiness:
        if player.reputation < data.REPUTATION_FOR_HAPPINESS:
            raise IllegalMove(
                f"{player.name} has {player.reputation} REPUTATION; 1 HAPPINESS costs 2",
                rule=R_REP_CONSUME,
                legal="leave out --rep-happiness",
            )
        spent = data.REPUTATION_FOR_HAPPINESS
    gained = _gain(player, len(completions) + (1 if spent else 0))
    out.add(Consumed(player.name, tuple(completions), command.drop, gained, spent))
    _after_happiness(out, player.name)


def _goal(out: _Out, command: Goal) -> None:
    state = out.state
    player = _active(state, command.player)
    name = command.goal
    if state.main and state.main != "consume":
        raise IllegalMove(
            f"a GOAL is achieved in your CONSUME turn, and this is a {up(state.main)} turn",
            rule=R_GOAL,
            legal=f"play FAVOUR or end {player.name}; achieve it in a CONSUME turn",
        )
    if not state.main and not consume_possible(state, player):
        # 2.3 "anytime during your CONSUME turn": achieving it first commits the turn to
        # CONSUME, so the player must be able to CONSUME now.
        raise IllegalMove(
            f"a GOAL is achieved in your CONSUME turn, and {player.name} cannot CONSUME any "
            "ACTIVITY in the CONSUME AREA now",
            rule=R_GOAL,
            legal=f"claim it after you CONSUME: get the MATERIAL (or an accepted SHARE), "
            f"consume {player.name} ACTIVITY=MAT,MAT, then goal {player.name} {card_word(name)}",
        )
    holder = achieved_by(state, name)
    if holder is not None:
        taken = ", ".join(f"{g} ({p.name})" for p in state.players.values() for g in p.achieved)
        raise IllegalMove(
            f"{name} was achieved by {holder}; each GOAL can only be achieved once",
            rule=R_GOAL,
            legal=f"a GOAL no one has achieved; achieved so far: {taken}",
        )
    if len(player.achieved) >= data.GOALS_PER_PLAYER:
        raise IllegalMove(
            f"{player.name} has achieved all {data.GOALS_PER_PLAYER} of their GOAL", rule=R_GOAL
        )
    if state.virtual and name not in player.goals:
        raise IllegalMove(f"{name} is not one of {player.name}'s GOAL", rule=R_GOAL)
    face, news = goal_face(state, name, command.needs, command.reward)
    # A face new to the referee is not a refusal: the table types what the card shows.
    if not face.special and face.needs is None:
        raise BadInput(
            f"the referee does not know what {name} needs yet: type it as the card shows it",
            legal=f"goal {player.name} {card_word(name)} --needs P,P,P --reward N",
        )
    if face.reward is None:
        raise BadInput(
            f"the referee does not know {name}'s reward yet: type it as the card shows it",
            legal=f"goal {player.name} {card_word(name)} --reward N (the HAPPINESS on the card)",
        )
    if not goal_met(state, player, name, face):
        kept = "; ".join(
            f"{k.name} ({', '.join(state.activity_faces[k.name].props or ())})" for k in player.kept
        )
        wants = data.SPECIAL_GOALS.get(name) or ", ".join(map(up, face.needs or ()))
        raise IllegalMove(
            f"{player.name}'s kept ACTIVITY do not meet {name}: {wants}",
            rule=R_GOALS if face.special else R_GOAL,
            legal=f"kept: {kept or 'none'}",
        )
    if news:
        out.add(GoalDeclared(name, face.needs, face.reward))
    out.add(GoalAchieved(player.name, name, _gain(player, face.reward)))
    _after_happiness(out, player.name)


# --- FAVOUR


def _favour(out: _Out, command: Favour) -> None:
    state = out.state
    player = _active(state, command.player)
    kind = command.kind
    if kind not in data.FAVOURS:
        raise BadInput(f"unknown FAVOUR {kind!r}", legal=", ".join(data.FAVOURS))
    target = _known_player(state, command.target)
    if target.name == player.name:
        raise IllegalMove("play a FAVOUR to another player", rule=R_FAVOUR)
    if not holds_favour(state, player, kind):
        unseen = player.hand.count(UNKNOWN)
        hand = counts_text(c for c in player.hand if c != UNKNOWN)
        raise IllegalMove(
            f"{player.name} holds no {up(kind)}",
            rule=R_FAVOUR,
            legal=f"{player.name} holds {hand}" + (f" and {unseen} unseen" if unseen else ""),
        )
    rule = r_favour(kind)
    expects = {
        "acquire": (False, True, False),
        "barter": (True, True, False),
        "recycle": (False, True, True),
        "resell": (True, False, False),
        "share": (False, True, False),
    }[kind]
    if (command.mine is not None, command.theirs is not None, command.pay != 0) != expects:
        raise BadInput(
            f"{up(kind)} takes other arguments",
            legal={
                "acquire": "acquire TARGET MAT",
                "barter": "barter TARGET MINE THEIRS",
                "recycle": "recycle TARGET TYPE --pay N",
                "resell": "resell TARGET MAT",
                "share": "share TARGET MAT",
            }[kind],
        )
    for ref in (command.mine, command.theirs):
        if ref is not None and ref.type not in data.MATERIALS:
            raise BadInput(f"unknown MATERIAL {ref.type!r}", legal=", ".join(data.MATERIALS))
    offer = Offer(kind=kind, player=player.name, target=target.name)
    if kind == "recycle":
        assert command.theirs is not None
        landfill = command.theirs.type
        if landfill == "utility":
            raise IllegalMove("UTILITY cannot be RECYCLEd", rule=rule)
        if landfill not in target.landfill:
            raise IllegalMove(
                f"{target.name}'s LANDFILL holds no {up(landfill)}",
                rule=rule,
                legal=f"{target.name}'s LANDFILL holds {counts_text(target.landfill)}",
            )
        if not 1 <= command.pay <= data.MAX_QUALITY:
            raise IllegalMove(f"the COIN paid is the new QUALITY, 1 to {data.MAX_QUALITY}", rule=rule)
        if command.pay > player.coin:
            raise IllegalMove(
                f"{player.name} has {player.coin} COIN, not the {command.pay} to pay",
                rule=rule,
                legal=f"--pay 1 to {min(data.MAX_QUALITY, player.coin)}"
                if player.coin
                else "RECYCLE needs at least 1 COIN",
            )
        offer = Offer(kind=kind, player=player.name, target=target.name, landfill=landfill, pay=command.pay)
    else:
        mine = theirs = None
        if command.theirs is not None:
            if not target.materials:
                holders = [p.name for p in state.players.values() if p.materials and p.name != player.name]
                raise IllegalMove(
                    f"{target.name} has no MATERIAL",
                    rule=rule,
                    legal=f"play it to a player with MATERIAL: {', '.join(holders)}"
                    if holders
                    else "no other player has MATERIAL",
                )
            theirs = resolve(target.materials, command.theirs, target.name, rule)
        if command.mine is not None:
            mine = resolve(player.materials, command.mine, player.name, rule)
        if kind == "acquire" and theirs and theirs[1] > player.coin:
            cheap = [m for m in target.materials if m[1] <= player.coin]
            raise IllegalMove(
                f"{player.name} has {player.coin} COIN; {mat_text(theirs)} costs {theirs[1]}",
                rule=rule,
                legal=f"ACQUIRE one of QUALITY {player.coin} or less: {mats_text(sorted(set(cheap)))}"
                if cheap
                else f"{player.name} cannot pay for any of {target.name}'s MATERIAL",
            )
        if kind == "barter" and theirs and mine and theirs[1] > mine[1]:
            raise IllegalMove(
                f"{target.name}'s {mat_text(theirs)} has more QUALITY than {mat_text(mine)}",
                rule=rule,
                legal="exchange for one of the same or less QUALITY than yours",
            )
        if kind == "resell" and mine and mine[1] > target.coin:
            cheap = [m for m in player.materials if m[1] <= target.coin]
            payers = [p.name for p in state.players.values() if p.name != player.name and p.coin >= mine[1]]
            hints = []
            if cheap:
                cards = mats_text(sorted(set(cheap)))
                hints.append(f"RESELL {target.name} one of QUALITY {target.coin} or less: {cards}")
            if payers:
                hints.append(f"RESELL {mat_text(mine)} to {', '.join(payers)}")
            raise IllegalMove(
                f"{target.name} has {target.coin} COIN, not enough to pay {mine[1]}",
                rule=rule,
                legal=", or ".join(hints) or f"no player can pay for {mat_text(mine)}",
            )
        offer = Offer(kind=kind, player=player.name, target=target.name, mine=mine, theirs=theirs)
    out.add(FavourPlayed(offer))


def _pending_for(state: State, target: str) -> Offer:
    _known_player(state, target)
    offer = state.pending
    if state.phase != "turn" or offer is None:
        raise IllegalMove(f"no FAVOUR awaits {target}'s answer", rule=R_FAVOUR)
    if offer.target != target:
        raise NotYourTurn(
            f"{offer.player}'s {up(offer.kind)} was played to {offer.target}, not {target}",
            rule=R_FAVOUR,
        )
    return offer


def _accept(out: _Out, command: Accept) -> None:
    offer = _pending_for(out.state, command.target)
    target = out.state.players[offer.target]
    gain = min(data.MAX_REPUTATION, target.reputation + data.ACCEPT_REPUTATION[offer.kind])
    out.add(FavourAccepted(offer, gain - target.reputation))


def reject_options(state: State, target: Player, kind: str) -> list[str]:
    ways = []
    if holds_favour(state, target, kind):
        ways.append("discard")
    if target.reputation > 0:
        ways.append("rep")
    return ways


def _reject(out: _Out, command: Reject) -> None:
    state = out.state
    offer = _pending_for(state, command.target)
    target = state.players[offer.target]
    ways = reject_options(state, target, offer.kind)
    if command.by not in ("discard", "rep"):
        raise BadInput(f"reject by {command.by!r}?", legal="--discard or --rep")
    if command.by not in ways:
        why = (
            f"{target.name} holds no other {up(offer.kind)} to discard"
            if command.by == "discard"
            else f"{target.name} has no REPUTATION to deduct"
        )
        legal = " | ".join(f"reject {target.name} --{w}" for w in ways)
        raise IllegalMove(
            why,
            rule=R_REJECT,
            legal=legal or f"{target.name} can do neither, so must ACCEPT: accept {target.name}",
        )
    out.add(FavourRejected(offer, command.by))


def _end(out: _Out, command: End) -> None:
    state = out.state
    player = _active(state, command.player)
    if not state.main:
        raise IllegalMove(
            "you must WORK, BUY or CONSUME before you end your turn; passing is not allowed",
            rule=R_END_TURN,
            legal=f"work {player.name} | buy {player.name} ... | consume {player.name} ...",
        )
    if not may_end(state, player):
        raise IllegalMove(
            f"{player.name} achieved a GOAL, so this is a CONSUME turn: CONSUME before you end it",
            rule=R_END_TURN,
            legal=f"consume {player.name} ACTIVITY=MAT,MAT, then end {player.name}",
        )
    _end_turn(out, player.name, automatic=False)


_DECIDERS: dict[type, Callable[[_Out, Any], None]] = {
    RevealMaterial: _reveal_material,
    RevealActivity: _reveal_activity,
    DeclareActivity: _declare_activity,
    DeclareGoal: _declare_goal,
    Work: _work,
    Buy: _buy,
    Consume: _consume,
    Goal: _goal,
    Favour: _favour,
    Accept: _accept,
    Reject: _reject,
    End: _end,
}


def decide(state: State, command: Command) -> list[Event]:
    """The facts ``command`` produces in ``state``, or a typed error saying why not."""
    return decide_by_type(
        _DECIDERS, _Out(state), command, over=state.phase == "over", title="LOOP", rule=R_END_GAME
    )


def actor(command: Command) -> str:
    """Who makes the move: a player, or "table" for reveals and declarations."""
    if isinstance(command, RevealMaterial | RevealActivity | DeclareActivity | DeclareGoal):
        return "table"
    if isinstance(command, Accept | Reject):
        return command.target
    return command.player
