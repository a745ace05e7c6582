"""LOOP 2.4 Playing FAVOUR, 2.4 b) REJECT and 3.1 FAVOUR."""

from __future__ import annotations

from ledger.errors import BadInput, IllegalMove, NotYourTurn
from ledger.games.loop import data
from ledger.games.loop.model import (
    UNKNOWN,
    Accept,
    Favour,
    FavourAccepted,
    FavourPlayed,
    FavourRejected,
    Offer,
    Player,
    Reject,
    State,
)
from ledger.games.loop.rules.core import (
    R_FAVOUR,
    R_REJECT,
    _active,
    _known_player,
    _Out,
    holds_favour,
    mat_text,
    mats_text,
    r_favour,
    resolve,
    up,
)
from ledger.piles import counts_text

# --- FAVOUR


def _favour(out: _Out, command: Favour) -> None:
    state = out.state
    player = _active(state, command.player)
    kind = command.kind
    if kind not in data.FAVOURS:
        raise BadInput(f"unknown FAVOUR {kind!r}", legal=", ".join(data.FAVOURS))
    target = _known_player(state, command.target)
    if target.name == player.name:
        raise IllegalMove("play a FAVOUR to another player", rule=R_FAVOUR)
    if not holds_favour(state, player, kind):
        unseen = player.hand.count(UNKNOWN)
        hand = counts_text(c for c in player.hand if c != UNKNOWN)
        raise IllegalMove(
            f"{player.name} holds no {up(kind)}",
            rule=R_FAVOUR,
            legal=f"{player.name} holds {hand}" + (f" and {unseen} unseen" if unseen else ""),
        )
    rule = r_favour(kind)
    expects = {
        "acquire": (False, True, False),
        "barter": (True, True, False),
        "recycle": (False, True, True),
        "resell": (True, False, False),
        "share": (False, True, False),
    }[kind]
    if (command.mine is not None, command.theirs is not None, command.pay != 0) != expects:
        raise BadInput(
            f"{up(kind)} takes other arguments",
            legal={
                "acquire": "acquire TARGET MAT",
                "barter": "barter TARGET MINE THEIRS",
                "recycle": "recycle TARGET TYPE --pay N",
                "resell": "resell TARGET MAT",
                "share": "share TARGET MAT",
            }[kind],
        )
    for ref in (command.mine, command.theirs):
        if ref is not None and ref.type not in data.MATERIALS:
            raise BadInput(f"unknown MATERIAL {ref.type!r}", legal=", ".join(data.MATERIALS))
    offer = Offer(kind=kind, player=player.name, target=target.name)
    if kind == "recycle":
        assert command.theirs is not None
        landfill = command.theirs.type
        if landfill == "utility":
            raise IllegalMove("UTILITY cannot be RECYCLEd", rule=rule)
        if landfill not in target.landfill:
            raise IllegalMove(
                f"{target.name}'s LANDFILL holds no {up(landfill)}",
                rule=rule,
                legal=f"{target.name}'s LANDFILL holds {counts_text(target.landfill)}",
            )
        if not 1 <= command.pay <= data.MAX_QUALITY:
            raise IllegalMove(f"the COIN paid is the new QUALITY, 1 to {data.MAX_QUALITY}", rule=rule)
        if command.pay > player.coin:
            raise IllegalMove(
                f"{player.name} has {player.coin} COIN, not the {command.pay} to pay",
                rule=rule,
                legal=f"--pay 1 to {min(data.MAX_QUALITY, player.coin)}"
                if player.coin
                else "RECYCLE needs at least 1 COIN",
            )
        offer = Offer(kind=kind, player=player.name, target=target.name, landfill=landfill, pay=command.pay)
    else:
        mine = theirs = None
        if command.theirs is not None:
            if not target.materials:
                holders = [p.name for p in state.players.values() if p.materials and p.name != player.name]
                raise IllegalMove(
                    f"{target.name} has no MATERIAL",
                    rule=rule,
                    legal=f"play it to a player with MATERIAL: {', '.join(holders)}"
                    if holders
                    else "no other player has MATERIAL",
                )
            theirs = resolve(target.materials, command.theirs, target.name, rule)
        if command.mine is not None:
            mine = resolve(player.materials, command.mine, player.name, rule)
        if kind == "acquire" and theirs and theirs[1] > player.coin:
            cheap = [m for m in target.materials if m[1] <= player.coin]
            raise IllegalMove(
                f"{player.name} has {player.coin} COIN; {mat_text(theirs)} costs {theirs[1]}",
                rule=rule,
                legal=f"ACQUIRE one of QUALITY {player.coin} or less: {mats_text(sorted(set(cheap)))}"
                if cheap
                else f"{player.name} cannot pay for any of {target.name}'s MATERIAL",
            )
        if kind == "barter" and theirs and mine and theirs[1] > mine[1]:
            raise IllegalMove(
                f"{target.name}'s {mat_text(theirs)} has more QUALITY than {mat_text(mine)}",
                rule=rule,
                legal="exchange for one of the same or less QUALITY than yours",
            )
        if kind == "resell" and mine and mine[1] > target.coin:
            cheap = [m for m in player.materials if m[1] <= target.coin]
            payers = [p.name for p in state.players.values() if p.name != player.name and p.coin >= mine[1]]
            hints = []
            if cheap:
                cards = mats_text(sorted(set(cheap)))
                hints.append(f"RESELL {target.name} one of QUALITY {target.coin} or less: {cards}")
            if payers:
                hints.append(f"RESELL {mat_text(mine)} to {', '.join(payers)}")
            raise IllegalMove(
                f"{target.name} has {target.coin} COIN, not enough to pay {mine[1]}",
                rule=rule,
                legal=", or ".join(hints) or f"no player can pay for {mat_text(mine)}",
            )
        offer = Offer(kind=kind, player=player.name, target=target.name, mine=mine, theirs=theirs)
    out.add(FavourPlayed(offer))


def _pending_for(state: State, target: str) -> Offer:
    _known_player(state, target)
    offer = state.pending
    if state.phase != "turn" or offer is None:
        raise IllegalMove(f"no FAVOUR awaits {target}'s answer", rule=R_FAVOUR)
    if offer.target != target:
        raise NotYourTurn(
            f"{offer.player}'s {up(offer.kind)} was played to {offer.target}, not {target}",
            rule=R_FAVOUR,
        )
    return offer


def _accept(out: _Out, command: Accept) -> None:
    offer = _pending_for(out.state, command.target)
    target = out.state.players[offer.target]
    gain = min(data.MAX_REPUTATION, target.reputation + data.ACCEPT_REPUTATION[offer.kind])
    out.add(FavourAccepted(offer, gain - target.reputation))


def reject_options(state: State, target: Player, kind: str) -> list[str]:
    ways = []
    if holds_favour(state, target, kind):
        ways.append("discard")
    if target.reputation > 0:
        ways.append("rep")
    return ways


def _reject(out: _Out, command: Reject) -> None:
    state = out.state
    offer = _pending_for(state, command.target)
    target = state.players[offer.target]
    ways = reject_options(state, target, offer.kind)
    if command.by not in ("discard", "rep"):
        raise BadInput(f"reject by {command.by!r}?", legal="--discard or --rep")
    if command.by not in ways:
        why = (
            f"{target.name} holds no other {up(offer.kind)} to discard"
            if command.by == "discard"
            else f"{target.name} has no REPUTATION to deduct"
        )
        legal = " | ".join(f"reject {target.name} --{w}" for w in ways)
        raise IllegalMove(
            why,
            rule=R_REJECT,
            legal=legal or f"{target.name} can do neither, so must ACCEPT: accept {target.name}",
        )
    out.add(FavourRejected(offer, command.by))
