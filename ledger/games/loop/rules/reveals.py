"""The table's reveals, and the card faces it declares: the cards a real table flips or is
dealt, typed in order (LOOP 1.0 Setup and 2.7 End Turn's MATERIAL and ACTIVITY, 5.1's 2 CAREER,
7.0's Exhibited QUALITY), each checked against what its deck can hold; an ACTIVITY's or GOAL's
face declared (or typed with its first reveal), whose last one lets virtual decks deal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ledger.errors import BadInput, IllegalMove
from ledger.games.loop import data, shuffles
from ledger.games.loop.model import (
    ActivityDeclared,
    ActivityFace,
    ActivityRevealed,
    CareersDealt,
    Dealt,
    DeclareActivity,
    DeclareGoal,
    ExhibitedRevealed,
    GoalDeclared,
    GoalFace,
    MaterialBurned,
    MaterialRevealed,
    MaterialsRemoved,
    RevealActivity,
    RevealCareers,
    RevealExhibited,
    RevealMaterial,
    State,
)
from ledger.games.loop.notation import LONGEST_NAME, as_one, one_at_a_time
from ledger.games.loop.rules.checks import _known_player
from ledger.games.loop.rules.core import (
    LEGACY,
    R_BURN,
    R_CAREER,
    R_CONSUME,
    R_END_TURN,
    R_GOAL,
    R_GOALS,
    R_SETUP,
    R_SOLO,
    _Out,
    activity_wanted,
    awaited_text,
    burn_wanted,
    career_of,
    careers_wanted,
    exhibited_wanted,
    faces_complete,
    material_wanted,
    mode_of,
    r_event,
    up,
)
from ledger.games.loop.rules.events import after_removal
from ledger.piles import counts_text, require_in
from ledger.words import card_word, is_card_name, not_a_typo


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


def goal_not_a_typo(state: State, name: str) -> None:
    """A GOAL named in a move, not declared: refused if a known GOAL is a typo away (issue 41)."""
    if name not in state.goal_faces:
        known = [*state.goal_faces, *data.PRINTED_GOAL_NEEDS, *data.SPECIAL_GOALS, *data.NAMED_GOALS]
        not_a_typo(name, known, "GOAL", f"declare goal {card_word(name)} --needs P,P,P --reward N")


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


def _reveal_gate(state: State) -> None:
    if state.virtual:
        raise IllegalMove(
            "the referee deals the virtual decks itself: nothing to reveal",
            rule=R_SETUP,
        )


def _one_per_move(state: State, several: bool) -> None:
    if several and state.legacy:
        raise IllegalMove(f"this game follows rules version {LEGACY}: reveal one card per move", rule=R_SETUP)


def _reveal_material(out: _Out, command: RevealMaterial) -> None:
    """The cards the table flipped, in order: each is a starting MATERIAL (``--to``), fills an
    empty BUY AREA slot (LOOP 1.0, 2.7; in Solo with its Exhibited QUALITY), or is burnt (6.2,
    7.0) or removed by OVERPRODUCTION (9.0)."""
    _reveal_gate(out.state)
    _one_per_move(out.state, bool(command.more))
    cards = (command.material, *command.more)
    if command.shown and len(command.shown) != len(cards):
        raise BadInput("give every card its Exhibited QUALITY, or none", legal="reveal material TYPE@Q ...")
    players = command.to_each or (command.to,) * len(cards)
    if len(players) != len(cards):
        raise BadInput(
            "name one player for all the cards, or one per card", legal="reveal material TYPE ... --to P,P"
        )
    for i, material in enumerate(cards):
        _reveal_one(out, material, players[i], command.shown[i] if command.shown else 0)
    out.flow._proceed(out)


def _reveal_one(out: _Out, material: str, to: str | None, shown: int) -> None:
    state = out.state
    if material not in data.MATERIALS:
        raise BadInput(f"unknown MATERIAL {material!r}", legal=", ".join(data.MATERIALS))
    rule = R_SETUP if state.phase == "setup" else R_END_TURN
    quality = 0
    solo = mode_of(state).favours == "blue"
    if to is not None:
        _known_player(state, to)
        if to not in state.awaiting_start:
            starting = (
                len(data.CAREER[career_of(state.players[to])].materials) if mode_of(state).careers else 1
            )
            raise IllegalMove(
                (
                    f"{to} already has a starting MATERIAL"
                    if starting == 1
                    else f"{to} already has the {starting} starting MATERIAL of their CAREER (5.1)"
                    if starting
                    else f"{to}'s CAREER starts with no MATERIAL (5.1)"
                )
                if state.phase == "setup"
                else "starting MATERIAL are dealt at setup only",
                rule=R_SETUP,
                legal=awaited_text(state) or None,
            )
        if mode_of(state).careers:  # 5.1: the CAREER's Initial Setup gives the QUALITY
            career = data.CAREER[career_of(state.players[to])]
            quality = career.materials[len(career.materials) - state.awaiting_start.count(to)]
    elif material_wanted(state):  # a refill: never at setup, so the rule is 2.7's already
        if solo and not 1 <= shown <= data.MAX_QUALITY:
            raise BadInput(
                "say the Exhibited QUALITY it lies with (7.0)", legal=f"reveal material {material}@1..4"
            )
        quality = shown if solo else 0
    elif burn_wanted(state):
        rule = R_BURN
    elif state.removing and not state.owed:
        rule = r_event("OVERPRODUCTION")
    elif state.flipped:
        raise IllegalMove(
            f"the refill ({', '.join(map(up, state.flipped))}) was performed already, by the referee:"
            " the MATERIAL deck held one type only, so the card was known",
            rule=R_END_TURN,
            legal="nothing to type for it; `referee log` shows it",
        )
    else:
        raise IllegalMove(
            "no empty BUY AREA slot awaits a card",
            rule=R_END_TURN if state.phase != "setup" else R_SETUP,
            legal=awaited_text(state) or "cards are flipped only at the end of a turn",
        )
    if shown and not (solo and to is None and quality):
        raise BadInput(
            "only a Solo BUY AREA card shows an Exhibited QUALITY", legal=f"reveal material {material}"
        )
    require_in(state.material_deck, material, "MATERIAL deck", rule, shown=up(material), short="deck")
    if rule == R_BURN:
        out.add(MaterialBurned(material))
    elif rule == r_event("OVERPRODUCTION"):
        out.add(MaterialsRemoved((material,)))
        after_removal(out)
    else:
        out.add(MaterialRevealed(material, to, quality))


def _reveal_exhibited(out: _Out, command: RevealExhibited) -> None:
    """7.0 Solo: the Exhibited QUALITY of the 5 MATERIAL placed around DEPLETION at setup."""
    state = out.state
    _reveal_gate(state)
    if not exhibited_wanted(state):
        raise IllegalMove("the BUY AREA's Exhibited QUALITY is typed at Solo setup only", rule=R_SOLO)
    kinds = tuple(sorted(kind for kind, _ in command.cards))
    if kinds != tuple(sorted(state.buy_area)):
        raise IllegalMove(
            f"the BUY AREA holds {counts_text(state.buy_area)}",
            rule=R_SOLO,
            legal="reveal exhibited " + " ".join(f"{kind}@Q" for kind in sorted(state.buy_area)),
        )
    for _, quality in command.cards:
        if not 1 <= quality <= data.MAX_QUALITY:
            raise IllegalMove(f"a card shows QUALITY 1 to {data.MAX_QUALITY}, not {quality}", rule=R_SOLO)
    out.add(ExhibitedRevealed(tuple(sorted(command.cards))))
    out.flow._proceed(out)


def _reveal_careers(out: _Out, command: RevealCareers) -> None:
    """5.1: "Shuffle all CAREER, then deal 2 to each player" (a real table types them)."""
    state = out.state
    _reveal_gate(state)
    player = _known_player(state, command.player)
    if player.name not in careers_wanted(state):
        raise IllegalMove(
            f"{player.name} has been dealt CAREER already"
            if player.careers or player.career
            else "no CAREER are dealt now",
            rule=R_CAREER,
            legal=awaited_text(state) or None,
        )
    careers = command.careers
    for career in careers:
        if career not in data.CAREER:
            raise BadInput(f"unknown CAREER {career!r}", legal=", ".join(sorted(data.CAREER)))
    if len(careers) != data.CAREERS_DEALT or len(set(careers)) != len(careers):
        raise IllegalMove(f"each player is dealt {data.CAREERS_DEALT} different CAREER", rule=R_CAREER)
    for career in careers:
        if career not in state.career_deck:
            excluded = mode_of(state).name in data.CAREER[career].excluded or career == data.INTERN_KEY
            raise IllegalMove(
                f"the CAREER deck holds no {data.CAREER[career].name}"
                + (" (not in this mode)" if excluded else " (dealt already)"),
                rule=R_CAREER,
                legal=f"the deck holds {', '.join(state.career_deck)}",
            )
    out.add(CareersDealt(player.name, tuple(sorted(careers))))
    out.flow._proceed(out)


def _reveal_activity(out: _Out, command: RevealActivity) -> None:
    """The ACTIVITY the table flipped into the CONSUME AREA, in order (LOOP 1.0, 2.7)."""
    _reveal_gate(out.state)
    _one_per_move(out.state, bool(command.more))
    if command.more and (command.needs or command.props):
        raise BadInput(
            "a new ACTIVITY is described alone: reveal it by itself, or declare it first",
            legal=f"reveal activity {card_word(command.name)} --needs T,T --props P,P",
        )
    if command.more:
        _all_known(out.state, (command.name, *command.more))
    for name in (command.name, *command.more):  # each as if typed alone: the deck may reshuffle between
        _reveal_one_activity(out, name, command.needs, command.props)
        out.flow._proceed(out)


def _all_known(state: State, names: Sequence[str]) -> None:
    """Several ACTIVITY revealed in one move: each a known face, for a face belongs to one card.
    Refused otherwise, naming every card the referee does not know yet and how to reveal them
    (issue 41); a typo of a known name first, as if typed alone."""
    for name in names:
        _not_a_typo(state, name)
    new = [name for name in names if not state.activity_faces.get(name, ActivityFace()).complete]
    if new:
        shows = "shows" if len(new) == 1 else "show"
        joined = " ".join(names)
        raise BadInput(
            f"the referee does not know what {' and '.join(new)} {shows} yet, and a face belongs to one card",
            legal=one_at_a_time(state, names)
            + (f"; {as_one(joined)}" if len(names) <= LONGEST_NAME and is_card_name(joined) else ""),
        )


def _not_a_typo(state: State, name: str) -> None:
    if name not in state.activity_faces:  # a typo of a known name is no new card (issue 41)
        known = [*state.activity_faces, *data.PRINTED_ACTIVITY_NEEDS]
        not_a_typo(name, known, "ACTIVITY", f"declare activity {card_word(name)} --needs T,T --props P,P")


def _reveal_one_activity(
    out: _Out, name: str, needs: tuple[str, ...] | None, props: tuple[str, ...] | None
) -> None:
    state = out.state
    if not activity_wanted(state):
        raise IllegalMove(
            "no empty CONSUME AREA slot awaits a card",
            rule=R_END_TURN if state.phase != "setup" else R_SETUP,
            legal=awaited_text(state) or "cards are flipped only at the end of a turn",
        )
    _not_a_typo(state, name)
    face, news = activity_face(state, name, needs, props)
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


def _deal(out: _Out) -> None:
    """Virtual decks: with every face known, shuffle the ACTIVITY deck and deal the GOAL."""
    state = out.state
    if not state.sealed:
        out.add(Dealt(*shuffles.dealt(state)))
    elif not state.records_deals:
        out.add(Dealt((), {}))  # rules before 7: the seed alone tells the deal
    else:
        out.add(_sealed_deal(state))
    out.flow._proceed(out)


def _sealed_deal(state: State) -> Dealt:
    """A sealed game's deal as its log records it (rules 7): no deck's order (the seed deals
    it), but every card the seed dealt to a player or face up, so that none is lost with it."""
    _, goals = shuffles.dealt(state)
    players = state.players.values()
    seat = mode_of(state).deal == "seat"  # a hand of 1 of each, or the blue ones, is no deal
    return Dealt(
        (),
        goals,
        hands={p.name: p.hand for p in players if seat and p.hand},
        careers={p.name: p.careers for p in players if p.careers},
        materials={p.name: p.materials for p in players if p.materials},
        exhibited=state.exhibited,
    )


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
