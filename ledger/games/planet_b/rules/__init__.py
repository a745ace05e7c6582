"""``decide`` and the queries of whose move it is: Planet B, by rulebook section.

``core`` holds what every rule uses; ``setup`` the setup and the building draft;
``actions`` the moves inside a turn; ``flow`` what follows a turn (redraw, reveals,
exchange, election, the end). ``decide`` folds each move's facts as it finds them
(``core.Out``), so one move can chain: an ``end`` may run an exchange and an election and
start the next turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ledger.decider import decide_by_type
from ledger.games.planet_b import data
from ledger.games.planet_b.model import (
    Build,
    BuySwindle,
    BuyTile,
    ChooseBox,
    Command,
    CopyBox,
    Deal,
    Declare,
    Destroy,
    Discard,
    DraftCard,
    DrawAll,
    DrawVotes,
    End,
    Event,
    Export,
    Faction,
    Gain,
    Give,
    LawMove,
    Marker,
    Office,
    PayCost,
    PlayNews,
    Produce,
    Recall,
    Redraw,
    Replay,
    Reveal,
    Sell,
    Skip,
    State,
    Swap,
    Workie,
)
from ledger.games.planet_b.rules import actions, core, flow, setup
from ledger.games.planet_b.sections import R_END

initial = setup.initial

_DECIDERS: dict[type, Callable[[core.Out, Any], None]] = {
    Declare: setup.declare,
    Reveal: setup.reveal,
    DraftCard: setup.draft,
    Deal: actions.deal,
    Sell: actions.sell,
    BuyTile: actions.buy_tile,
    Office: actions.office,
    Gain: actions.gain_move,
    Produce: actions.produce,
    Build: actions.build,
    Workie: actions.workie,
    Faction: actions.faction,
    PlayNews: actions.play_news,
    BuySwindle: actions.swindle,
    Marker: actions.marker,
    LawMove: actions.law,
    ChooseBox: actions.choose_box,
    Skip: actions.skip,
    DrawVotes: flow.draw_votes,
    DrawAll: flow.draw_all,
    PayCost: actions.pay_cost,
    Recall: flow.recall,
    Discard: actions.discard,
    Destroy: actions.destroy,
    CopyBox: actions.copy,
    Replay: actions.replay,
    Give: actions.give,
    Export: actions.export,
    Swap: flow.swap,
    End: flow.end,
    Redraw: flow.redraw,
}


def decide(state: State, command: Command) -> list[Event]:
    """The facts ``command`` produces in ``state``, or a typed error saying why not."""
    return decide_by_type(
        _DECIDERS, core.Out(state, flow), command, over=is_over(state), title="Planet B", rule=R_END
    )


def is_over(state: State) -> bool:
    return state.phase == "over"


def to_act(state: State) -> list[str]:
    """Who must act now: a player, or "table" for declarations and reveals."""
    phase = state.phase
    if phase == "over":
        return []
    if phase in ("cards", "setup"):
        return ["table"]
    if phase == "draft":
        assert state.draft is not None
        return [state.draft.order[state.draft.index]]
    if phase == "turn":
        frame = core.top(state)
        return [frame.owner if frame is not None else state.active]
    if phase == "refill":
        return [state.active] if flow.redraw_needed(state) else ["table"]
    if phase == "exchange":
        assert state.exchange is not None
        return [state.exchange.player] if flow.exchange_step(state) == "resources" else ["table"]
    election = state.election
    assert election is not None
    if election.step == "recall":
        return [election.recall[0]]
    name = flow.drawer(state)
    return ["table" if name == data.DUMMY else name]


# The table's bookkeeping: moves the table may make for the players who must act (the whole
# election draw at a real table), so ``legal()`` lists them beside those players' own moves.
BOOKKEEPING: tuple[type, ...] = (DrawAll,)


def actor(command: Command) -> str:
    """Who makes the move: a player, or "table" for declarations, reveals, the dummy's draws."""
    if isinstance(command, Declare | Reveal | DrawAll):
        return "table"
    if isinstance(command, DrawVotes) and command.player == data.DUMMY:
        return "table"
    player: str = command.player
    return player
