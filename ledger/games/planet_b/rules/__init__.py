"""``decide`` and the queries of whose move it is: Planet B, by rulebook section.

``core`` holds what every rule uses; ``costs`` a box's costs paid and the box opened;
``chance`` the draws from the piles and the bag; ``setup`` the setup and the building draft;
the moves inside a turn: ``boxes`` (Costs and Action Boxes: the open box performed, every
move ends in its ``settle``), ``turn`` (the deal, selling, production tiles, the offices),
``actions`` and ``buildings`` (What Actions Are There?), ``particular`` (Explanation of
Particular Cards); ``elections`` (Elections' 5 steps); ``flow`` what follows a turn (redraw,
reveals, exchange, election, the end).
``decide`` folds each move's facts as it finds them (``core.Out``), so one move can chain:
an ``end`` may run an exchange and an election and start the next turn.
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
from ledger.games.planet_b.rules import (
    actions,
    boxes,
    buildings,
    core,
    elections,
    flow,
    particular,
    setup,
    turn,
)
from ledger.games.planet_b.sections import R_END

initial = setup.initial

_DECIDERS: dict[type, Callable[[core.Out, Any], None]] = {
    Declare: setup.declare,
    Reveal: setup.reveal,
    DraftCard: setup.draft,
    Deal: turn.deal,
    Sell: turn.sell,
    BuyTile: turn.buy_tile,
    Office: turn.office,
    Gain: boxes.gain_move,
    Produce: actions.produce,
    Build: buildings.build,
    Workie: buildings.workie,
    Faction: actions.faction,
    PlayNews: actions.play_news,
    BuySwindle: actions.swindle,
    Marker: actions.marker,
    LawMove: turn.law,
    ChooseBox: buildings.choose_box,
    Skip: boxes.skip,
    DrawVotes: elections.draw_votes,
    DrawAll: elections.draw_all,
    PayCost: boxes.pay_cost,
    Recall: elections.recall,
    Discard: particular.discard,
    Destroy: particular.destroy,
    CopyBox: particular.copy,
    Replay: particular.replay,
    Give: particular.give,
    Export: particular.export,
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
    name = elections.drawer(state)
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
