"""LOOP 2.2 b) BUY, with 2.5 b) REPUTATION spent for QUALITY; and what changes a BUY in the
other modes: CHEF's Supersize, SCIENTIST's LANDFILL card and OFFICE LADY's Slack Off (8.0),
BAD DEBT, BOGOF, DISPOSABLE CULTURE, ECONOMIC SLOWDOWN, EVERYTHING IS ONLINE, RED GOWN and
THE 2ND SEMI MID-SEASON SALES (9.0)."""

from __future__ import annotations

from collections import Counter
from itertools import product

from ledger.errors import BadInput, IllegalMove
from ledger.games.loop import data
from ledger.games.loop.evolve import CENTRAL
from ledger.games.loop.model import (
    AbilityUsed,
    Bought,
    Buy,
    Player,
    State,
)
from ledger.games.loop.rules.checks import _active, _known_player, _main_free
from ledger.games.loop.rules.core import (
    OPTION_DISPOSABLE,
    R_BUY,
    R_REP_BUY,
    _Out,
    career_of,
    in_effect,
    mode_of,
    r_career,
    r_event,
    up,
)
from ledger.piles import counts_text

SALES = "THE 2ND SEMI MID SEASON SALES"


def _costs(cards: tuple[tuple[str, int], ...], rep: int, chef: bool, sale: bool) -> tuple[int, int] | None:
    """The least COIN that buys ``cards`` with ``rep`` REPUTATION (2.5 b: 1 QUALITY each, at
    least 1 COIN a card), and the card halved by the SALES (-1: none); None if no split works.
    CHEF: a FOOD has twice the QUALITY its COIN pays. SALES: half the COIN of 1 card, rounded up."""
    options = []
    for kind, quality in cards:
        times = 2 if chef and kind == "food" else 1
        options.append(
            [(coin, quality - times * coin) for coin in range(1, quality + 1) if quality - times * coin >= 0]
        )
    best: tuple[int, int] | None = None
    for split in product(*options):
        if sum(r for _, r in split) != rep:
            continue
        coins = [coin for coin, _ in split]
        halved, saving = -1, 0
        if sale:
            for i, coin in enumerate(coins):
                if coin - (coin + 1) // 2 > saving:
                    halved, saving = i, coin - (coin + 1) // 2
        total = sum(coins) - saving
        if best is None or total < best[0]:
            best = (total, halved)
    return best


def buy_check(state: State, player: Player, command: Buy) -> tuple[Bought, list[str]]:
    """The BUY's fact and the once-a-turn things it spends, or the refusal."""
    office = career_of(player) == "OFFICE LADY" and state.main == "work" and not state.legacy
    # LOOP 2.2 b) "up to 3 MATERIAL in 1 turn", over all the turn's buy moves: 2.4 lets a
    # FAVOUR be played "before, during, and/or after" the BUY, so a table buys, sells by
    # FAVOUR and buys again. A game recorded under rules basic-1 buys in one move.
    if office:
        # OFFICE LADY: "During your WORK turn, you may also BUY 1 and only 1 MATERIAL"
        if "OFFICE LADY" in state.used or len(command.cards) != 1:
            raise IllegalMove(
                "in a WORK turn the OFFICE LADY BUYs 1 and only 1 MATERIAL", rule=r_career("OFFICE LADY")
            )
    elif state.main != "buy" or state.legacy:
        _main_free(state, player)
    cards = command.cards
    limit = 1 if in_effect(state, "ECONOMIC SLOWDOWN") else data.MAX_PER_TURN
    room = limit - state.bought
    if not 1 <= len(cards) <= room and not office:
        done = f"; {player.name} has bought {state.bought} this turn" if state.bought else ""
        raise IllegalMove(
            f"you may BUY up to {limit} MATERIAL in 1 turn, not {state.bought + len(cards)}{done}",
            rule=R_BUY if limit == data.MAX_PER_TURN else r_event("ECONOMIC SLOWDOWN"),
            legal=f"{room} more MATERIAL at most" if room > 0 else f"play FAVOUR or end {player.name}",
        )
    for kind, quality in cards:
        if kind not in data.MATERIALS:
            raise BadInput(f"unknown MATERIAL {kind!r}", legal=", ".join(data.MATERIALS))
        if not 1 <= quality <= data.MAX_QUALITY:
            raise IllegalMove(
                f"QUALITY is the COIN paid for a MATERIAL, 1 to {data.MAX_QUALITY}, not {quality}",
                rule=R_BUY,
            )
    used: list[str] = ["OFFICE LADY"] if office else []
    from_area = cards
    scrap = command.scrap
    if scrap is not None:
        # SCIENTIST: "In your BUY turn, may BUY any 1 MATERIAL (including UTILITY) from any
        # LANDFILL, including your own."
        rule = r_career("SCIENTIST")
        if career_of(player) != "SCIENTIST" or office:
            raise IllegalMove("only a SCIENTIST BUYs from a LANDFILL, in a BUY turn", rule=rule)
        if "SCIENTIST" in state.used:
            raise IllegalMove(f"{player.name} has bought a LANDFILL card this turn: 1 at most", rule=rule)
        if scrap.owner == CENTRAL and mode_of(state).favours == "blue":
            landfill = state.central
        else:
            landfill = _known_player(state, scrap.owner).landfill
        if scrap.type != cards[-1][0] or scrap.type not in landfill:
            raise IllegalMove(
                f"{scrap.owner}'s LANDFILL holds no {up(scrap.type)}",
                rule=rule,
                legal=f"it holds {counts_text(landfill)}",
            )
        from_area = cards[:-1]
        used.append("SCIENTIST")
    wanted = Counter(kind for kind, _ in from_area)
    area = Counter(state.buy_area)
    if wanted - area:
        raise IllegalMove(
            f"the BUY AREA does not hold {counts_text((wanted - area).elements())}",
            rule=R_BUY,
            legal=f"the BUY AREA holds {counts_text(state.buy_area)}",
        )
    if in_effect(state, "BAD DEBT") and player.credit:
        raise IllegalMove(f"{player.name} owns a CREDIT CARD and cannot choose BUY", rule=r_event("BAD DEBT"))
    if in_effect(state, "EVERYTHING IS ONLINE") and not player.credit:
        raise IllegalMove(
            f"{player.name} has no CREDIT CARD and cannot spend COIN", rule=r_event("EVERYTHING IS ONLINE")
        )
    if in_effect(state, "DISPOSABLE CULTURE"):
        only = state.options.get(OPTION_DISPOSABLE) == "only-plastic"
        for kind, quality in cards:
            if (kind == "plastic" or only) and (kind != "plastic" or quality != 1):
                raise IllegalMove(
                    "only PLASTIC, at QUALITY 1" if only else "a PLASTIC is bought at QUALITY 1 only",
                    rule=r_event("DISPOSABLE CULTURE"),
                )
    if in_effect(state, "RED GOWN"):
        highest = max((q for _, q in player.materials), default=0)
        low = [f"{k}:{q}" for k, q in cards if q < highest]
        if low:
            raise IllegalMove(
                f"{player.name} holds a MATERIAL at QUALITY {highest}: buy at {highest} or more, not "
                f"{', '.join(low)}",
                rule=r_event("RED GOWN"),
            )
    free = command.free
    if in_effect(state, "BOGOF"):
        # "For every MATERIAL you BUY, you must take 1 MATERIAL at QUALITY 1 from the BUY AREA
        # if there is any": from what the bought cards leave.
        left = area - wanted
        owed = min(len(cards), sum(left.values()))
        if len(free) != owed or Counter(free) - left:
            raise IllegalMove(
                f"take {owed} MATERIAL at QUALITY 1 free from the BUY AREA (1 per MATERIAL bought)",
                rule=r_event("BOGOF"),
                legal=f"--free TYPE,... from {counts_text(left.elements())}" if owed else "leave out --free",
            )
    elif free:
        raise IllegalMove("only BOGOF gives MATERIAL free", rule=r_event("BOGOF"))
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
    chef = career_of(player) == "CHEF"
    sale = in_effect(state, SALES) and SALES not in state.used
    cost = _costs(cards, command.rep, chef, sale)
    if cost is None:  # CHEF: a FOOD's QUALITY is twice its COIN, plus REPUTATION
        raise IllegalMove(
            "a FOOD has twice the QUALITY its COIN pays: QUALITY 2 for 1 COIN, 4 for 2 (3 with 1 REPUTATION)",
            rule=r_career("CHEF"),
        )
    coin, halved = cost
    if halved >= 0:
        used.append(SALES)
    if coin > player.coin:
        raise IllegalMove(
            f"{player.name} has {player.coin} COIN, these cost {coin}",
            rule=R_BUY,
            legal=f"QUALITY adds up to COIN paid plus REPUTATION spent ({player.reputation} left)",
        )
    return Bought(player.name, cards, coin, command.rep, free, scrap), used


def _buy(out: _Out, command: Buy) -> None:
    state = out.state
    player = _active(state, command.player)
    bought, used = buy_check(state, player, command)
    for power in used:
        out.add(AbilityUsed(player.name, power))
    out.add(bought)
