"""``initial`` and ``decide``: the LOOP rules, one module per rulebook section.

``decide`` checks a command and returns its facts, or raises a typed error citing the rule.
It builds the facts through a scratch fold (``core._Out``) so that one move can chain: an
``end`` refills the board and starts the next turn with its FAVOUR draw, and the last
setup reveal starts the first turn. Chance comes only from the setup seed: the virtual
decks are shuffled by ``random.Random`` seeded from it and from the reshuffle count.

- ``core``: the rule citations, the queries the rules and the views share, ``_Out`` and the
  ``Flow`` it carries to the sections; ``checks``: whether a move's player may move now, and
  the card a move names;
- ``setup``: 1.0 Setup (5.1, 6.1, 7.1 in the other modes); ``reveals``: the table's reveals
  and declared card faces;
- ``work``, ``buy``, ``consume``: 2.2 a) to c) with 2.5's REPUTATION;
- ``goal``: 2.3 and 3.2; ``favour``: 2.4 and 3.1;
- ``end``: the turn's flow, above the sections (they reach it through ``_Out.flow``): 2.2 Start
  Turn, 2.7 End Turn and 2.8 End Game, and the burn of 6.2 and 7.0;
- ``careers``: 8.0, each CAREER's ABILITY; ``events``: 5.3 and 9.0, the IMMEDIATE EVENT as
  data and the flip; ``credit``: 5.4 CREDIT CARD; ``blue``: 7.0's blue FAVOUR (Solo).

The modes are switches (``modes.MODES``) the rules read; the readings are in ``modes``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ledger.decider import decide_by_type
from ledger.games.loop.model import (
    Ability,
    Accept,
    Apply,
    Buy,
    Call,
    ChooseCareer,
    Command,
    Consume,
    DeclareActivity,
    DeclareGoal,
    End,
    Event,
    Favour,
    Goal,
    Object,
    Payoff,
    Reject,
    RepHappiness,
    Respond,
    RevealActivity,
    RevealCareers,
    RevealEvents,
    RevealExhibited,
    RevealMaterial,
    State,
    Work,
)
from ledger.games.loop.rules import end
from ledger.games.loop.rules.blue import _blue_favour as _blue_favour
from ledger.games.loop.rules.buy import _buy
from ledger.games.loop.rules.careers import _ability
from ledger.games.loop.rules.consume import _consume, _rep_happiness
from ledger.games.loop.rules.core import (
    OPTION_DISPOSABLE,
    OPTION_ZONES,
    R_END_GAME,
    _Out,
    achieved_by,
    activity_wanted,
    consume_possible,
    goal_met,
    holds_favour,
    is_over,
    mat_text,
    material_wanted,
    mats_text,
    may_end,
    to_act,
    up,
)
from ledger.games.loop.rules.credit import _apply, _payoff
from ledger.games.loop.rules.end import _end, refill_now
from ledger.games.loop.rules.events import _respond, _reveal_events
from ledger.games.loop.rules.favour import (
    _accept,
    _call,
    _favour,
    _object,
    _reject,
    accept_gain,
    reject_options,
)
from ledger.games.loop.rules.goal import _goal
from ledger.games.loop.rules.reveals import (
    _declare_activity,
    _declare_goal,
    _reveal_activity,
    _reveal_careers,
    _reveal_exhibited,
    _reveal_material,
)
from ledger.games.loop.rules.setup import (
    OPTION_ACTIVITY_TIEBREAK,
    OPTION_FAVOUR_DEAL,
    _choose_career,
    initial,
)
from ledger.games.loop.rules.work import _work

__all__ = [
    "OPTION_ACTIVITY_TIEBREAK",
    "OPTION_DISPOSABLE",
    "OPTION_FAVOUR_DEAL",
    "OPTION_ZONES",
    "accept_gain",
    "achieved_by",
    "activity_wanted",
    "actor",
    "consume_possible",
    "decide",
    "goal_met",
    "holds_favour",
    "initial",
    "is_over",
    "mat_text",
    "material_wanted",
    "mats_text",
    "may_end",
    "reject_options",
    "to_act",
    "up",
]

_DECIDERS: dict[type, Callable[[_Out, Any], None]] = {
    RevealMaterial: _reveal_material,
    RevealActivity: _reveal_activity,
    DeclareActivity: _declare_activity,
    DeclareGoal: _declare_goal,
    Work: _work,
    Buy: _buy,
    Consume: _consume,
    RepHappiness: _rep_happiness,
    Goal: _goal,
    Favour: _favour,
    Accept: _accept,
    Reject: _reject,
    End: _end,
    RevealExhibited: _reveal_exhibited,
    RevealCareers: _reveal_careers,
    RevealEvents: _reveal_events,
    ChooseCareer: _choose_career,
    Apply: _apply,
    Payoff: _payoff,
    Ability: _ability,
    Respond: _respond,
    Call: _call,
    Object: _object,
}

# Moves of the active player in their turn, after which SKINNER BOX refills (9.0); from rules
# version 6 on, any move that leaves a turn with an empty slot (``State.skinner_every_move``).
_TURN_MOVES = (
    Work,
    Buy,
    Consume,
    RepHappiness,
    Goal,
    Favour,
    Accept,
    Reject,
    Apply,
    Payoff,
    Ability,
    Object,
    Call,
)


def decide(state: State, command: Command) -> list[Event]:
    """The facts ``command`` produces in ``state``, or a typed error saying why not."""
    out = _Out(state, end)
    events = decide_by_type(
        _DECIDERS, out, command, over=state.phase == "over", title="LOOP", rule=R_END_GAME
    )
    if (isinstance(command, _TURN_MOVES) or state.skinner_every_move) and state.mode != "basic":
        refill_now(out)
        return out.events
    return events


def actor(command: Command) -> str:
    """Who makes the move: a player, or "table" for reveals and declarations."""
    if isinstance(
        command,
        RevealMaterial
        | RevealActivity
        | DeclareActivity
        | DeclareGoal
        | RevealExhibited
        | RevealCareers
        | RevealEvents,
    ):
        return "table"
    if isinstance(command, Accept | Reject | Call):
        return command.target
    return command.player
