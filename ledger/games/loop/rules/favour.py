"""LOOP 2.4 Playing FAVOUR, 2.4 b) REJECT and 3.1 FAVOUR."""

from __future__ import annotations

from msgspec.structs import replace

from ledger.errors import BadInput, IllegalMove, NotYourTurn
from ledger.games.loop import data
from ledger.games.loop.model import (
    UNKNOWN,
    Accept,
    BluffCalled,
    Call,
    Favour,
    FavourAccepted,
    FavourPlayed,
    FavourRejected,
    FavourResolved,
    Object,
    Objected,
    Offer,
    Player,
    Reject,
    State,
)
from ledger.games.loop.rules.blue import _blue_favour
from ledger.games.loop.rules.checks import _active, _known_player, resolve
from ledger.games.loop.rules.core import (
    OPTION_DISPOSABLE,
    R_FAVOUR,
    R_REJECT,
    _Out,
    _salesman,
    career_of,
    holds_favour,
    in_effect,
    lawyers,
    mat_text,
    mats_text,
    mode_of,
    r_career,
    r_event,
    r_favour,
    unseen_favours,
    up,
)
from ledger.piles import counts_text

# --- FAVOUR


def _card_played(state: State, player: Player, command: Favour) -> str:
    """The card a FAVOUR is played with: its kind; a RECYCLE played as RESELL by a SCAVENGER;
    a POLITICIAN's face-down card (unseen at a real table unless typed)."""
    kind = command.kind
    if command.face_down:
        rule = r_career("POLITICIAN")
        if career_of(player) != "POLITICIAN":
            raise IllegalMove("only a POLITICIAN plays a FAVOUR face down", rule=rule)
        if not command.card or command.card == UNKNOWN:
            if state.virtual:
                raise BadInput(
                    "say which card goes face down (only you see it)",
                    legal=f"favour {player.name} {kind} ... --face-down CARD",
                )
            if not player.hand:
                raise IllegalMove(f"{player.name} holds no FAVOUR", rule=rule)
            return UNKNOWN if UNKNOWN in player.hand else player.hand[0]
        return command.card
    if command.card and command.card != kind:
        if not (kind == "resell" and command.card == "recycle"):
            raise IllegalMove(
                f"a {up(command.card)} is played as itself",
                rule=R_FAVOUR,
                legal="only a SCAVENGER plays RECYCLE as RESELL (--card recycle)",
            )
        if career_of(player) != "SCAVENGER":
            raise IllegalMove("only a SCAVENGER plays RECYCLE as RESELL", rule=r_career("SCAVENGER"))
        return command.card
    return kind


def _favour(out: _Out, command: Favour) -> None:
    state = out.state
    player = _active(state, command.player)
    if mode_of(state).favours == "blue":
        _blue_favour(out, player, command)
        return
    kind = command.kind
    if kind not in data.FAVOURS:
        raise BadInput(f"unknown FAVOUR {kind!r}", legal=", ".join(data.FAVOURS))
    target = _known_player(state, command.target)
    if target.name == player.name:
        raise IllegalMove("play a FAVOUR to another player", rule=R_FAVOUR)
    card = _card_played(state, player, command)
    if card != UNKNOWN and (card not in data.FAVOURS or not holds_favour(state, player, card)):
        unseen = player.hand.count(UNKNOWN)
        hand = counts_text(c for c in player.hand if c != UNKNOWN)
        raise IllegalMove(
            f"{player.name} holds no {up(card)}",
            rule=R_FAVOUR,
            legal=f"{player.name} holds {hand}" + (f" and {unseen} unseen" if unseen else ""),
        )
    rule = r_favour(kind)
    if kind in ("acquire", "recycle") and in_effect(state, "EVERYTHING IS ONLINE") and not player.credit:
        raise IllegalMove(
            f"{player.name} has no CREDIT CARD and cannot spend COIN", rule=r_event("EVERYTHING IS ONLINE")
        )
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
        chef = landfill == "food" and career_of(player) == "CHEF"  # 8.0 Supersize: twice the QUALITY
        most = data.MAX_QUALITY // 2 if chef else data.MAX_QUALITY
        if not 1 <= command.pay <= most:
            raise IllegalMove(
                f"the COIN paid makes the new QUALITY, 1 to {data.MAX_QUALITY}: pay 1 to {most}",
                rule=r_career("CHEF") if chef else rule,
            )
        if in_effect(state, "DISPOSABLE CULTURE"):
            only = state.options.get(OPTION_DISPOSABLE) == "only-plastic"
            if (landfill == "plastic" or only) and (landfill != "plastic" or command.pay != 1):
                raise IllegalMove(
                    "only PLASTIC, at QUALITY 1" if only else "a PLASTIC is RECYCLEd at QUALITY 1 only",
                    rule=r_event("DISPOSABLE CULTURE"),
                )
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
    offer = replace(
        offer,
        card="" if card == kind else card,
        face_down=command.face_down,
        # OFFICER: "Your first played FAVOUR per turn cannot be REJECT"
        officer=career_of(player) == "OFFICER" and not state.favours_played,
    )
    out.add(FavourPlayed(offer))
    if not mode_of(state).answer:
        # 6.2: "There is no REJECT in Cooperative Mode ... The effect must take place."
        out.add(FavourResolved(offer))
        _salesman(out, offer)


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


def accept_gain(kind: str, held: int) -> int:
    """The REPUTATION the target of a ``kind`` FAVOUR holding ``held`` gains by ACCEPTing it: the
    FAVOUR's (LOOP 3.1: 2 for SHARE, 1 for ACQUIRE, BARTER and RESELL, 0 for RECYCLE) up to the
    2 one may keep (1.1; 2.4 a: "at which you can still ACCEPT but gain no REPUTATION")."""
    return max(0, min(data.ACCEPT_REPUTATION[kind], data.MAX_REPUTATION - held))


def _accept(out: _Out, command: Accept) -> None:
    offer = _pending_for(out.state, command.target)
    target = out.state.players[offer.target]
    # A blind ACCEPT of a POLITICIAN's face-down FAVOUR takes the claimed effect and REPUTATION.
    out.add(FavourAccepted(offer, accept_gain(offer.kind, target.reputation)))
    _salesman(out, offer)


def reject_options(state: State, target: Player, kind: str) -> list[str]:
    """2.4 b) and 2.5 d): the ways the target may REJECT the FAVOUR awaiting an answer."""
    if state.pending is not None and state.pending.officer:
        return []  # OFFICER: "cannot be REJECT, except intercepted by Lawyer's Objection"
    ways = []
    # MANNERS MAKYTH MAN: "Cannot REJECT by discarding a same FAVOUR."
    if holds_favour(state, target, kind) and not in_effect(state, "MANNERS MAKYTH MAN"):
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
    if offer.officer:
        raise IllegalMove(
            f"{offer.player}'s first FAVOUR this turn cannot be REJECTed",
            rule=r_career("OFFICER"),
            legal=f"accept {target.name}"
            + (f", or a LAWYER objects: {', '.join(lawyers(state))}" if lawyers(state) else ""),
        )
    if command.by == "discard" and in_effect(state, "MANNERS MAKYTH MAN"):
        raise IllegalMove(
            "REJECT only by deducting 1 REPUTATION",
            rule=r_event("MANNERS MAKYTH MAN"),
            legal=f"reject {target.name} --rep" if target.reputation else f"accept {target.name}",
        )
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


def _object(out: _Out, command: Object) -> None:
    """LAWYER's Objection: "You may discard any 1 FAVOUR to REJECT a FAVOUR, even if that FAVOUR
    is not targeting you. Your ABILITY overrules OFFICER's ABILITY"."""
    state = out.state
    rule = r_career("LAWYER")
    lawyer = _known_player(state, command.player)
    offer = state.pending
    if state.phase != "turn" or offer is None:
        raise IllegalMove("no FAVOUR awaits an answer", rule=rule)
    if career_of(lawyer) != "LAWYER":
        raise IllegalMove(f"{lawyer.name} is not a LAWYER", rule=rule)
    if offer.player == lawyer.name:
        raise IllegalMove("a LAWYER objects to another player's FAVOUR", rule=rule)
    if command.discard not in data.FAVOURS or not holds_favour(state, lawyer, command.discard):
        raise IllegalMove(
            f"{lawyer.name} holds no {up(command.discard)} to discard",
            rule=rule,
            legal=f"{lawyer.name} holds {counts_text(lawyer.hand)}",
        )
    out.add(Objected(lawyer.name, command.discard, offer))


def _call(out: _Out, command: Call) -> None:
    """POLITICIAN: the target calls the bluff. "If that FAVOUR is what you claim it is (true), you
    gain 1 REPUTATION then he continues to choose ACCEPT or REJECT that FAVOUR as usual. If it is a
    lie, discard the falsely claimed FAVOUR to the Discard Pile."""
    state = out.state
    rule = r_career("POLITICIAN")
    offer = _pending_for(state, command.target)
    if not offer.face_down:
        raise IllegalMove(f"{offer.player}'s {up(offer.kind)} is face up: nothing to call", rule=rule)
    card = offer.card or offer.kind
    if card == UNKNOWN:
        if command.card not in data.FAVOURS:
            raise BadInput("say which card the POLITICIAN showed", legal=f"call {command.target} --card KIND")
        card = command.card
        if unseen_favours(state, card) <= 0:  # every copy is seen elsewhere
            raise IllegalMove(f"every {up(card)} is accounted for: it cannot be that card", rule=rule)
    elif command.card and command.card != card:
        raise IllegalMove(f"the face-down card is {up(card)}", rule=rule, legal=f"call {command.target}")
    true = card == offer.kind
    politician = state.players[offer.player]
    gain = min(data.MAX_REPUTATION, politician.reputation + 1) - politician.reputation if true else 0
    out.add(BluffCalled(offer, card, true, gain))
