"""LOOP 5.4 CREDIT CARD: APPLY, PAYOFF, COIN owed, and Forced into Debt.

A player APPLYs any time in their turn, while resolving their part of an IMMEDIATE EVENT, or
when forced: COIN they must pay and do not have (an IMMEDIATE EVENT, LANDFILL TAX) is owed
(``core.charge``) until they APPLY, and is paid from the new COIN at once. Every CREDIT CARD
is paid 1 or 2 COIN in every turn of its owner; ``end`` waits for it. The Debt Penalty is the
score sheet's (``score``).
"""

from __future__ import annotations

from ledger.errors import BadInput, IllegalMove, NotYourTurn
from ledger.games.loop import data
from ledger.games.loop.evolve import evolve
from ledger.games.loop.model import (
    AbilityUsed,
    Apply,
    Buy,
    Changed,
    CreditApplied,
    CreditPaid,
    Paid,
    Payoff,
    Player,
    State,
)
from ledger.games.loop.rules.buy import buy_check
from ledger.games.loop.rules.checks import _active, _known_player
from ledger.games.loop.rules.core import (
    R_CREDIT,
    _after_happiness,
    _gain,
    _Out,
    consume_possible,
    in_effect,
    mode_of,
    up,
)
from ledger.piles import counts_text


def _credit_modes(state: State) -> None:
    if not mode_of(state).credit:
        raise IllegalMove("there is no CREDIT CARD in Basic Mode", rule="LOOP 4.0 Mode Comparison")


def may_apply(state: State, name: str) -> bool:
    """5.4: "anytime during your turn, or when you are affected by an IMMEDIATE EVENT"; and when
    COIN is owed."""
    if state.owed:
        return state.owed[0].player == name
    if state.resolving and state.phase == "refill":
        return state.resolving[0] == name
    return state.phase == "turn" and state.pending is None and state.active == name and not state.refilling


def _apply(out: _Out, command: Apply) -> None:
    state = out.state
    _credit_modes(state)
    player = _known_player(state, command.player)
    if not may_apply(state, player.name):
        raise NotYourTurn(
            f"{player.name} may APPLY in their own turn or when an IMMEDIATE EVENT affects them",
            rule=R_CREDIT,
        )
    gift = command.gift
    # "take ... 1 MATERIAL at QUALITY 1 from the 5 face-up MATERIAL in BUY AREA"
    if state.buy_area and not gift:
        raise BadInput(
            "say which MATERIAL of the BUY AREA is the Welcoming Gift",
            legal=f"apply {player.name} TYPE, one of {counts_text(state.buy_area)}",
        )
    if state.buy_area and gift not in state.buy_area:
        raise IllegalMove(
            f"the BUY AREA holds no {up(gift)} for the Welcoming Gift",
            rule=R_CREDIT,
            legal=f"apply {player.name} TYPE, one of {counts_text(state.buy_area)}",
        )
    if not state.buy_area and gift:
        raise IllegalMove(
            "the BUY AREA is empty: there is no Welcoming Gift", rule=R_CREDIT, legal=f"apply {player.name}"
        )
    out.add(CreditApplied(player.name, gift))
    # TREAT YO SELF: "Gain 1 HAPPINESS immediately if you APPLY a new CREDIT CARD this turn."
    if (
        in_effect(state, "TREAT YO SELF")
        and state.phase == "turn"
        and state.active == player.name
        and "TREAT YO SELF" not in state.used
    ):
        out.add(AbilityUsed(player.name, "TREAT YO SELF"))
        gained = _gain(out.state.players[player.name], 1)
        if gained:
            out.add(Changed(player.name, "TREAT YO SELF", happiness=gained))
            _after_happiness(out, player.name)
    # COIN owed is paid from the new COIN at once.
    while out.state.owed and out.state.owed[0].player == player.name:
        owed = out.state.owed[0]
        if out.state.players[player.name].coin < owed.coin:
            break  # still short: another APPLY
        out.add(Paid(player.name, owed.coin, owed.why, owed.to, settles=True))
    out.flow._proceed(out)  # play goes on: the turn end's steps, or the IMMEDIATE EVENT's next player


def _payoff(out: _Out, command: Payoff) -> None:
    state = out.state
    _credit_modes(state)
    player = _active(state, command.player)
    if not 1 <= command.card <= len(player.credit):
        raise IllegalMove(
            f"{player.name} has {len(player.credit)} CREDIT CARD",
            rule=R_CREDIT,
            legal=f"--card 1 to {len(player.credit)}" if player.credit else f"apply {player.name} first",
        )
    paid, now = player.credit[command.card - 1]
    owed = data.CREDIT_DEBT - paid
    most = min(data.PAYOFF_MAX - now, owed)
    if not 1 <= command.coin <= most:
        raise IllegalMove(
            f"place 1 or {data.PAYOFF_MAX} COIN on a CREDIT CARD each turn (cannot pay more than "
            f"{data.PAYOFF_MAX}); card {command.card} has {paid} of {data.CREDIT_DEBT} paid, {now} this turn",
            rule=R_CREDIT,
            legal=f"payoff {player.name} 1..{most} --card {command.card}"
            if most
            else "it is paid for this turn",
        )
    if command.coin > player.coin:
        raise IllegalMove(
            f"{player.name} has {player.coin} COIN, not {command.coin}",
            rule=R_CREDIT,
            legal=f"APPLY for another CREDIT CARD to PAYOFF: apply {player.name} TYPE",
        )
    out.add(CreditPaid(player.name, command.card - 1, command.coin))


def could_buy(state: State, player: Player) -> bool:
    """A BUY of 1 MATERIAL would be accepted now (Forced into Debt asks it)."""
    for kind in sorted(set(state.buy_area)):
        for quality in range(1, data.MAX_QUALITY + 1):
            left = list(state.buy_area)
            left.remove(kind)
            free = tuple(sorted(left)[:1]) if in_effect(state, "BOGOF") else ()
            try:
                buy_check(state, player, Buy(player.name, ((kind, quality),), 0, free))
            except (IllegalMove, BadInput):
                continue
            return True
    return False


def debt_alternative(state: State, player: Player) -> bool:
    """5.4 Forced into Debt: "you must APPLY for a CREDIT CARD and choose to BUY or CONSUME
    instead": a BUY or a CONSUME is possible now, or after an APPLY."""
    if could_buy(state, player) or consume_possible(state, player):
        return True
    for gift in sorted(set(state.buy_area)) or [""]:
        applied = evolve(state, CreditApplied(player.name, gift))
        now = applied.players[player.name]
        if could_buy(applied, now) or consume_possible(applied, now):
            return True
    return False
