"""LOOP 7.0 Solo Mode's 5 blue FAVOUR: played face up beside the GOAL, acting on the BUY AREA
(each card with its Exhibited QUALITY, "its current No. of white dots shown on top"), the
central LANDFILL and the MATERIAL deck. ``favour PLAYER KIND ...`` names no target.
"""

from __future__ import annotations

from msgspec.structs import replace

from ledger.errors import BadInput, IllegalMove
from ledger.games.loop import data
from ledger.games.loop.model import Favour, FavourPlayed, FavourResolved, MatRef, Offer, Player, State
from ledger.games.loop.rules.checks import resolve
from ledger.games.loop.rules.core import (
    OPTION_DISPOSABLE,
    R_SOLO,
    _Out,
    _salesman,
    career_of,
    in_effect,
    mat_text,
    mats_text,
    r_career,
    r_event,
    up,
)
from ledger.piles import counts_text

USAGE = {
    "acquire": "acquire TYPE@QUALITY (a BUY AREA card, by its Exhibited QUALITY)",
    "barter": "barter MINE TYPE@QUALITY (yours, then a BUY AREA card)",
    "renew": "renew TYPE@QUALITY (from the central LANDFILL, 2 COIN per QUALITY)",
    "resell": "resell MINE",
    "share": "share TYPE@QUALITY (a BUY AREA card)",
}
_ARGS = {  # mine, theirs
    "acquire": (False, True),
    "barter": (True, True),
    "renew": (False, True),
    "resell": (True, False),
    "share": (False, True),
}


def _exhibited(state: State, ref: MatRef | None, rule: str) -> tuple[str, int]:
    """The BUY AREA card ``ref`` names, by its Exhibited QUALITY."""
    assert ref is not None
    return resolve(state.exhibited, ref, "the BUY AREA", rule)


def _blue_favour(out: _Out, player: Player, command: Favour) -> None:
    state = out.state
    kind = command.kind
    if kind not in data.BLUE_FAVOURS:
        raise BadInput(f"unknown blue FAVOUR {kind!r}", legal=", ".join(data.BLUE_FAVOURS))
    if command.target:
        raise BadInput(
            "a blue FAVOUR has no target: it acts on the BUY AREA",
            legal=f"favour {player.name} {USAGE[kind]}",
        )
    card = command.card or kind
    # SCAVENGER: "play RECYCLE (or RENEW in Solo Mode) as RESELL"
    if card != kind and ((kind, card) != ("resell", "renew") or career_of(player) != "SCAVENGER"):
        raise IllegalMove("only a SCAVENGER plays RENEW as RESELL", rule=r_career("SCAVENGER"))
    if card not in player.hand:
        raise IllegalMove(
            f"{player.name} holds no {up(card)}"
            + (" (played face up: back to hand on WORK)" if card in player.played else ""),
            rule=R_SOLO,
            legal=f"{player.name} holds {counts_text(player.hand)}",
        )
    if ((command.mine is not None), (command.theirs is not None)) != _ARGS[kind] or command.pay:
        raise BadInput(f"{up(kind)} takes other arguments", legal=f"favour {player.name} {USAGE[kind]}")
    rule = f"LOOP 7.0 {up(kind)}"
    spends = kind in ("acquire", "renew")
    if spends and in_effect(state, "EVERYTHING IS ONLINE") and not player.credit:
        raise IllegalMove(
            f"{player.name} has no CREDIT CARD and cannot spend COIN", rule=r_event("EVERYTHING IS ONLINE")
        )
    if kind in ("acquire", "share"):
        theirs = _exhibited(state, command.theirs, rule)
        if kind == "acquire" and theirs[1] > player.coin:
            raise IllegalMove(
                f"{player.name} has {player.coin} COIN; {mat_text(theirs)} costs its Exhibited QUALITY",
                rule=rule,
            )
        offer = Offer(kind=kind, player=player.name, target="", theirs=theirs)
    elif kind == "barter":
        assert command.mine is not None
        mine = resolve(player.materials, command.mine, player.name, rule)
        theirs = _exhibited(state, command.theirs, rule)
        if theirs[1] > mine[1]:
            raise IllegalMove(
                f"{mat_text(theirs)} shows more QUALITY than {mat_text(mine)}",
                rule=rule,
                legal="a BUY AREA card of the same or less Exhibited QUALITY: "
                + mats_text(m for m in state.exhibited if m[1] <= mine[1]),
            )
        offer = Offer(kind=kind, player=player.name, target="", mine=mine, theirs=theirs)
    elif kind == "renew":
        assert command.theirs is not None
        taken, quality = command.theirs.type, command.theirs.quality
        if taken not in state.central:
            legal = f"it holds {counts_text(state.central)}"
            raise IllegalMove(f"the central LANDFILL holds no {up(taken)}", rule=rule, legal=legal)
        if quality is None or not 1 <= quality <= data.MAX_QUALITY:
            raise BadInput("say the QUALITY to RENEW it at", legal=f"favour {player.name} renew {taken}@1..4")
        # "pay double the COIN ... to determine its QUALITY"; CHEF's FOOD has twice the QUALITY
        # its COIN pays (8.0 Supersize): 1 COIN per QUALITY
        coin = quality if (taken == "food" and career_of(player) == "CHEF") else 2 * quality
        if in_effect(state, "DISPOSABLE CULTURE"):
            only = state.options.get(OPTION_DISPOSABLE) == "only-plastic"
            if (taken == "plastic" or only) and (taken != "plastic" or quality != 1):
                raise IllegalMove(
                    "only PLASTIC, at QUALITY 1" if only else "a PLASTIC is RENEWed at QUALITY 1 only",
                    rule=r_event("DISPOSABLE CULTURE"),
                )
        if coin > player.coin:
            raise IllegalMove(
                f"{player.name} has {player.coin} COIN; QUALITY {quality} costs {coin}", rule=rule
            )
        offer = Offer(
            kind=kind, player=player.name, target="", theirs=(taken, quality), landfill=taken, pay=coin
        )
    else:  # resell
        assert command.mine is not None
        mine = resolve(player.materials, command.mine, player.name, rule)
        offer = Offer(kind=kind, player=player.name, target="", mine=mine)
    if card != kind:
        offer = replace(offer, card=card)
    out.add(FavourPlayed(offer))
    out.add(FavourResolved(offer))
    _salesman(out, offer)
