"""LOOP 2.2 a) WORK, with 2.5 a) REPUTATION spent for COIN; the CAREER's SALARY (5.0, 8.0),
5.4's Forced into Debt, ARTIST's Create, and 6.2 and 7.0's FAVOUR back in hand."""

from __future__ import annotations

from ledger.errors import BadInput, IllegalMove
from ledger.games.loop import data
from ledger.games.loop.model import (
    Changed,
    FavoursReturned,
    MaterialTaken,
    Work,
    Worked,
)
from ledger.games.loop.rules.careers import salary
from ledger.games.loop.rules.checks import _active, _main_free
from ledger.games.loop.rules.core import (
    R_CREDIT,
    R_REP_WORK,
    _Out,
    career_of,
    mode_of,
    r_career,
)
from ledger.games.loop.rules.credit import debt_alternative
from ledger.piles import counts_text

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
    career = career_of(player)
    if command.salary and career != "FREELANCER":
        raise IllegalMove("only a FREELANCER chooses the SALARY", rule=r_career("FREELANCER"))
    if command.create and career != "ARTIST":
        raise IllegalMove("only an ARTIST creates", rule=r_career("ARTIST"))
    coin, loss = salary(state, player, command)  # Basic Mode: the INTERN's (1.1, 8.0)
    if career == "ARTIST":
        # Create: "Only when WORK, take 1 face-up MATERIAL at QUALITY 4 from BUY AREA and 1 COIN"
        if state.buy_area and command.create not in state.buy_area:
            raise (IllegalMove if command.create else BadInput)(
                "Create takes a face-up MATERIAL of the BUY AREA at QUALITY 4"
                + (f", and it holds no {command.create.upper()}" if command.create else ""),
                rule=r_career("ARTIST") if command.create else None,
                legal=f"work {player.name} --create TYPE, one of {counts_text(state.buy_area)}",
            )
        if not state.buy_area and command.create:
            raise IllegalMove("the BUY AREA is empty: nothing to create", rule=r_career("ARTIST"))
    exhausted = player.happiness < loss
    if exhausted and mode_of(state).credit and debt_alternative(state, player):
        # 5.4 Forced into Debt: "If WORK is your only option but you have not enough HAPPINESS
        # to deduct, you must APPLY for a CREDIT CARD and choose to BUY or CONSUME instead."
        raise IllegalMove(
            f"{player.name} has {player.happiness} HAPPINESS and this WORK costs {loss}: Forced into Debt",
            rule=R_CREDIT,
            legal=f"BUY or CONSUME instead, after an APPLY if need be (apply {player.name} TYPE)",
        )
    if not mode_of(state).answer and player.played:
        # 6.2, 7.0: "You will and only will take all your played FAVOUR back into your hand when
        # you WORK."
        out.add(FavoursReturned(player.name, player.played))
    if not exhausted:
        out.add(Worked(player.name, coin, loss, command.rep))
        _create(out, command)
        return
    # LOOP 2.2 a): no HAPPINESS to deduct: take 1 COIN, then end turn immediately.
    out.add(Worked(player.name, data.EXHAUSTED_COIN + command.rep, 0, command.rep))
    _create(out, command)
    out.flow._end_turn(out, player.name, automatic=True)


def _create(out: _Out, command: Work) -> None:
    if career_of(out.state.players[command.player]) != "ARTIST":
        return
    if command.create:
        out.add(MaterialTaken(command.player, command.create, data.MAX_QUALITY, "Create"))
    out.add(Changed(command.player, "Create", coin=1))
