"""LOOP 2.2 b) BUY, with 2.5 b) REPUTATION spent for QUALITY."""

from __future__ import annotations

from collections import Counter

from ledger.errors import BadInput, IllegalMove
from ledger.games.loop import data
from ledger.games.loop.model import (
    Bought,
    Buy,
)
from ledger.games.loop.rules.core import R_BUY, R_REP_BUY, _active, _main_free, _Out
from ledger.piles import counts_text


def _buy(out: _Out, command: Buy) -> None:
    state = out.state
    player = _active(state, command.player)
    # LOOP 2.2 b) "up to 3 MATERIAL in 1 turn", over all the turn's buy moves: 2.4 lets a
    # FAVOUR be played "before, during, and/or after" the BUY, so a table buys, sells by
    # FAVOUR and buys again. A game recorded under rules basic-1 buys in one move.
    if state.main != "buy" or state.legacy:
        _main_free(state, player)
    cards = command.cards
    room = data.MAX_PER_TURN - state.bought
    if not 1 <= len(cards) <= room:
        done = f"; {player.name} has bought {state.bought} this turn" if state.bought else ""
        raise IllegalMove(
            f"you may BUY up to {data.MAX_PER_TURN} MATERIAL in 1 turn, "
            f"not {state.bought + len(cards)}{done}",
            rule=R_BUY,
            legal=f"{room} more MATERIAL at most" if room else f"play FAVOUR or end {player.name}",
        )
    for kind, quality in cards:
        if kind not in data.MATERIALS:
            raise BadInput(f"unknown MATERIAL {kind!r}", legal=", ".join(data.MATERIALS))
        if not 1 <= quality <= data.MAX_QUALITY:
            raise IllegalMove(
                f"QUALITY is the COIN paid for a MATERIAL, 1 to {data.MAX_QUALITY}, not {quality}",
                rule=R_BUY,
            )
    wanted = Counter(kind for kind, _ in cards)
    area = Counter(state.buy_area)
    if wanted - area:
        raise IllegalMove(
            f"the BUY AREA does not hold {counts_text((wanted - area).elements())}",
            rule=R_BUY,
            legal=f"the BUY AREA holds {counts_text(state.buy_area)}",
        )
    if not 0 <= command.rep <= player.reputation:
        raise IllegalMove(
            f"{player.name} has {player.reputation} REPUTATION to spend, not {command.rep}",
            rule=R_REP_BUY,
            legal=f"--rep 0 to {player.reputation}" if player.reputation else "leave out --rep",
        )
    total = sum(q for _, q in cards)
    if command.rep > total - len(cards):
        raise IllegalMove(
            "you must pay at least 1 COIN for each MATERIAL",
            rule=R_REP_BUY,
            legal=f"spend at most {total - len(cards)} REPUTATION on these",
        )
    coin = total - command.rep
    if coin > player.coin:
        raise IllegalMove(
            f"{player.name} has {player.coin} COIN, these cost {coin}",
            rule=R_BUY,
            legal=f"QUALITY adds up to COIN paid plus REPUTATION spent ({player.reputation} left)",
        )
    out.add(Bought(player.name, cards, coin, command.rep))
