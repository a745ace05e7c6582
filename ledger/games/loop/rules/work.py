"""LOOP 2.2 a) WORK, with 2.5 a) REPUTATION spent for COIN."""

from __future__ import annotations

from ledger.errors import IllegalMove
from ledger.games.loop import data
from ledger.games.loop.model import (
    Work,
    Worked,
)
from ledger.games.loop.rules.core import R_REP_WORK, _active, _main_free, _Out
from ledger.games.loop.rules.end import _end_turn

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
