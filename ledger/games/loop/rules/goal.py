"""LOOP 2.3 Achieving GOAL and 3.2 GOAL."""

from __future__ import annotations

from ledger.errors import BadInput, IllegalMove
from ledger.games.loop import data
from ledger.games.loop.model import (
    Goal,
    GoalAchieved,
    GoalDeclared,
)
from ledger.games.loop.rules.checks import _active
from ledger.games.loop.rules.core import (
    R_GOAL,
    R_GOALS,
    _after_happiness,
    _gain,
    _Out,
    achieved_by,
    consume_possible,
    goal_met,
    mode_of,
    up,
)
from ledger.games.loop.rules.reveals import goal_face, goal_not_a_typo
from ledger.words import card_word


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
    if len(player.achieved) >= mode_of(state).goals:
        raise IllegalMove(f"{player.name} has achieved all {mode_of(state).goals} of their GOAL", rule=R_GOAL)
    if state.virtual and name not in player.goals:
        raise IllegalMove(f"{name} is not one of {player.name}'s GOAL", rule=R_GOAL)
    goal_not_a_typo(state, name)
    face, news = goal_face(state, name, command.needs, command.reward)
    # A face new to the referee is not a refusal: the table types what the card shows.
    if not face.special and face.needs is None:
        raise BadInput(
            f"the referee does not know what {name} needs yet: type it as the card shows it",
            legal=f"goal {player.name} {card_word(name)} --needs P,P,P --reward N",
        )
    if not goal_met(state, player, face):
        kept = "; ".join(
            f"{k.name} ({', '.join(state.activity_faces[k.name].props or ())})" for k in player.kept
        )
        wants = data.SPECIAL_GOALS.get(name) or ", ".join(map(up, face.needs or ()))
        raise IllegalMove(
            f"{player.name}'s kept ACTIVITY do not meet {name}: {wants}",
            rule=R_GOALS if face.special else R_GOAL,
            legal=f"kept: {kept or 'none'}",
        )
    # What is known is checked before what is not is asked for: a GOAL the kept ACTIVITY do
    # not meet is refused by 2.3 whatever its reward.
    if face.reward is None:
        raise BadInput(
            f"the referee does not know {name}'s reward yet: type it as the card shows it",
            legal=f"goal {player.name} {card_word(name)} --reward N (the HAPPINESS on the card)",
        )
    if news:
        out.add(GoalDeclared(name, face.needs, face.reward))
    out.add(GoalAchieved(player.name, name, _gain(player, face.reward)))
    _after_happiness(out, player.name)
