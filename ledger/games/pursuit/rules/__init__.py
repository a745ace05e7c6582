"""``decide`` and the queries of whose move it is: the Pursuit of Happiness, by section.

``core`` holds what every rule uses; ``setup`` the options, declarations and setup;
``flow`` the rounds and phases; ``actions`` the board and card actions; ``community`` the
Community board, Engage, the Outcomes and Popularity. ``decide`` folds each move's facts as
it finds them (``core.Out``), so one move can chain: a last Outcome can end the round and
start the next one's Preparation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ledger.decider import decide_by_type
from ledger.games.pursuit.model import (
    Act,
    Adjust,
    CardAction,
    Command,
    Declare,
    DeclareSettings,
    Discard,
    Engage,
    Event,
    Outcome,
    Pass,
    Refresh,
    Reveal,
    State,
    Take,
    Trait,
    Upkeep,
    UpkeepAll,
)
from ledger.games.pursuit.rules import actions, community, core, flow, setup
from ledger.games.pursuit.sections import R_END

initial = setup.initial
to_act = flow.to_act

_DECIDERS: dict[type, Callable[[core.Out, Any], None]] = {
    Declare: setup.declare,
    DeclareSettings: setup.declare_settings,
    Reveal: setup.reveal,
    Trait: setup.trait,
    Act: actions.act,
    Take: actions.take,
    CardAction: actions.card_action,
    Engage: community.engage,
    Refresh: actions.refresh,
    Discard: actions.discard,
    Pass: flow.pass_turn,
    Upkeep: flow.upkeep,
    UpkeepAll: flow.upkeep_all,
    Outcome: community.outcome,
    Adjust: actions.adjust,
}


def settle(out: core.Out) -> None:
    """What a life ending mid-move leaves to do: the game over once every life has ended, the
    turn passed on, the Upkeep Phase over once nobody owes it."""
    state = out.state
    if state.phase in ("settings", "setup", "over"):
        return
    if not core.living(state):
        flow.end_game(out)
    elif state.phase == "action" and not flow.can_act(state, state.active):
        flow.next_turn(out)
    elif state.phase == "upkeep" and not state.owed:
        flow.start_action(out)


def decide(state: State, command: Command) -> list[Event]:
    """The facts ``command`` produces in ``state``, or a typed error saying why not."""
    out = core.Out(state, flow)
    decide_by_type(_DECIDERS, out, command, over=is_over(state), title="Pursuit", rule=R_END)
    settle(out)
    return out.events


def is_over(state: State) -> bool:
    return state.phase == "over"


# The table's bookkeeping: moves the table may make for the players who must act (every owed upkeep at once),
# so ``legal()`` lists them beside those players' own moves.
BOOKKEEPING: tuple[type, ...] = (UpkeepAll,)


def actor(command: Command) -> str:
    """Who makes the move: a player, or "table" for declarations and reveals."""
    if isinstance(command, Declare | DeclareSettings | Reveal | UpkeepAll):
        return "table"
    player: str = command.player
    return player
