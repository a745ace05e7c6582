"""LOOP 1.0 Setup: ``initial``, the table's reveals and the card faces it declares."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from msgspec.structs import replace

from ledger.decider import Setup
from ledger.errors import BadInput, IllegalMove
from ledger.games.loop import data
from ledger.games.loop.model import (
    UNKNOWN,
    ActivityDeclared,
    ActivityFace,
    ActivityRevealed,
    Dealt,
    DeclareActivity,
    DeclareGoal,
    GoalDeclared,
    GoalFace,
    MaterialRevealed,
    Player,
    RevealActivity,
    RevealMaterial,
    State,
)
from ledger.games.loop.rules.core import (
    LEGACY,
    R_CONSUME,
    R_END_TURN,
    R_GOAL,
    R_GOALS,
    R_SETUP,
    _known_player,
    _Out,
    activity_wanted,
    awaited_text,
    faces_complete,
    material_wanted,
    up,
)
from ledger.games.loop.rules.end import _proceed
from ledger.piles import counts_text, require_in, rng
from ledger.words import card_word, is_card_name

OPTION_FAVOUR_DEAL = "favour-deal"
# LOOP 2.8 tie-break 4, "More ACTIVITY completed wins": the ACTIVITY kept on the mat (1.1 calls
# them "completed ACTIVITY", and they are what a table can count at the end), or every
# ACTIVITY completed this game, dropped ones included.
OPTION_ACTIVITY_TIEBREAK = "activity-tiebreak"
ACTIVITY_TIEBREAKS = ("kept", "completed")
# LOOP 1.0 prints the FAVOUR deal for seats 1 to 3 only; later seats follow the printed
# pattern (each seat gets as many or more than the one before, the last seat gets 3).
RULEBOOK_DEAL: dict[int, tuple[int, ...]] = {
    2: (2, 3),
    3: (1, 2, 3),
    4: (1, 2, 2, 3),
    5: (1, 1, 2, 2, 3),
    6: (1, 1, 2, 2, 3, 3),
}

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
    known = (OPTION_FAVOUR_DEAL, OPTION_ACTIVITY_TIEBREAK)
    for option in setup.options:
        if option not in known:
            raise BadInput(f"unknown LOOP option {option!r}", legal=", ".join(known))
    legacy = setup.rules_version == LEGACY
    options = {
        OPTION_FAVOUR_DEAL: setup.options.get(OPTION_FAVOUR_DEAL, "rulebook"),
        OPTION_ACTIVITY_TIEBREAK: setup.options.get(
            OPTION_ACTIVITY_TIEBREAK, "completed" if legacy else "kept"
        ),
    }
    if options[OPTION_ACTIVITY_TIEBREAK] not in ACTIVITY_TIEBREAKS:
        raise BadInput(
            f"{OPTION_ACTIVITY_TIEBREAK} cannot be {options[OPTION_ACTIVITY_TIEBREAK]!r}",
            legal=" | ".join(ACTIVITY_TIEBREAKS),
        )
    seats = tuple(setup.players)
    _check_players(seats)
    count = len(seats)
    deal = favour_deal(options[OPTION_FAVOUR_DEAL], count)
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
        legacy=legacy,
        options=options,
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


# --- table moves


def _reveal_gate(state: State) -> None:
    if state.virtual:
        raise IllegalMove(
            f"the referee deals the virtual decks itself (seed {state.seed}): nothing to reveal",
            rule=R_SETUP,
        )


def _reveal_material(out: _Out, command: RevealMaterial) -> None:
    """The cards the table flipped, in order: each is a starting MATERIAL (``--to``) or fills
    an empty BUY AREA slot (LOOP 1.0, 2.7)."""
    _reveal_gate(out.state)
    if command.more and out.state.legacy:
        raise IllegalMove(f"this game follows rules version {LEGACY}: reveal one card per move", rule=R_SETUP)
    for material in (command.material, *command.more):
        _reveal_one(out, material, command.to)
    _proceed(out)


def _reveal_one(out: _Out, material: str, to: str | None) -> None:
    state = out.state
    if material not in data.MATERIALS:
        raise BadInput(f"unknown MATERIAL {material!r}", legal=", ".join(data.MATERIALS))
    if to is not None:
        _known_player(state, to)
        if to not in state.awaiting_start:
            raise IllegalMove(
                f"{to} already has a starting MATERIAL"
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
        material,
        "MATERIAL deck",
        R_SETUP if state.phase == "setup" else R_END_TURN,
        shown=up(material),
        short="deck",
    )
    out.add(MaterialRevealed(material, to))


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
