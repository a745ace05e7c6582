"""LOOP 2.2 Start Turn (the FAVOUR draw), 2.7 End Turn and 2.8 End Game."""

from __future__ import annotations

from ledger.errors import IllegalMove
from ledger.games.loop import data
from ledger.games.loop.model import (
    UNKNOWN,
    ActivitiesReshuffled,
    ActivityRevealed,
    Depleted,
    End,
    FavourDrawn,
    FavoursReshuffled,
    FinalRound,
    GameEnded,
    MaterialRevealed,
    TurnEnded,
    TurnStarted,
)
from ledger.games.loop.rules.core import (
    R_END_TURN,
    _active,
    _Out,
    _rng,
    activity_wanted,
    material_wanted,
    may_end,
    next_seat,
)


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
