"""LOOP 5.3 EVENT and 9.0 EVENT Overview: every EVENT as data; an IMMEDIATE one as one small
effect, a CONTINUOUS one indexed to the rules it changes.

The printed cards are ``data.EVENTS``. An EVENT is drawn face down whenever a HAPPINESS token
enters another zone (``core._Out``), and its owner's face-down EVENT flip after their turn
(``end``): a real table types them in one ``reveal event`` line, in the order they resolve.

A CONTINUOUS EVENT changes another rule while it is active, so it acts inside that rule
through ``core.in_effect``; ``CONTINUOUS`` below is the index by name of the functions where
each one acts (``tests/loop/test_shape.py`` checks it against the code both ways). An
IMMEDIATE EVENT is an ``Immediate`` below: what it does at once, or what each player chooses,
in turn from the triggerer (``event PLAYER ...``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ledger.errors import BadInput, IllegalMove, NotYourTurn
from ledger.games.loop import data, shuffles
from ledger.games.loop.model import (
    Changed,
    CreditPaid,
    EventDone,
    EventResolved,
    EventsFlipped,
    EventTriggered,
    FavourMoved,
    MaterialGiven,
    MaterialsRemoved,
    MaterialsReturned,
    MaterialTaken,
    MaterialWorn,
    Player,
    Respond,
    RevealEvents,
    Scrap,
    State,
)
from ledger.games.loop.rules.careers import _toss, pick
from ledger.games.loop.rules.checks import _known_player, resolve
from ledger.games.loop.rules.core import (
    R_EVENT,
    _lose,
    _Out,
    charge,
    r_event,
    up,
)
from ledger.piles import counts_text


def clockwise(state: State, first: str) -> tuple[str, ...]:
    """5.3: "The EVENT triggerer goes first, then other players follow in clockwise"."""
    start = state.seats.index(first)
    return state.seats[start:] + state.seats[:start]


def _triggerer(state: State) -> str:
    return state.seats[state.turn]


# ---------------------------------------------------------------------------- CONTINUOUS

# Where each CONTINUOUS EVENT acts: the functions (under ledger.games.loop) that consult it.
# ``moves`` lists what is legal under it; the others are the rules it changes.
CONTINUOUS: dict[str, tuple[str, ...]] = {
    "A DIAMOND IS FOR BUSINESS": ("rules.end._turn_end_checks",),
    "BAD DEBT": ("rules.buy.buy_check",),
    "BOGOF": ("rules.buy.buy_check", "rules.credit.could_buy", "moves._bogof"),
    "BUY MORE EARN MORE": ("rules.core._spending",),
    "COLLECTOR": ("rules.end._turn_end_checks",),
    "DISPOSABLE CULTURE": ("rules.buy.buy_check", "rules.favour._favour", "rules.blue._blue_favour"),
    "ECONOMIC SLOWDOWN": (
        "rules.careers.salary",
        "rules.buy.buy_check",
        "rules.consume._consume",
        "rules.core.consume_possible",
    ),
    "EVERYTHING IS ONLINE": (
        "rules.buy.buy_check",
        "rules.favour._favour",
        "rules.blue._blue_favour",
        "rules.careers._influence",
        "rules.careers._invest",
    ),
    "HYPEBEAST": ("rules.end._end", "rules.end._turn_end_checks", "moves._turn_modes"),
    "LANDFILL TAX": ("rules.core.add",),
    "MAKE IT RAIN": ("rules.core._spending",),
    "MANNERS MAKYTH MAN": ("rules.favour._reject", "rules.favour.reject_options"),
    "MICRO PLASTIC": ("rules.consume.colours", "rules.consume._consume", "rules.core.spend_cards"),
    "OVERTIME": ("rules.careers.salary",),
    "RED GOWN": ("rules.buy.buy_check",),
    "SKINNER BOX": ("rules.end.refill_now",),
    "THE 2ND SEMI MID SEASON SALES": ("rules.buy.buy_check",),
    "TREAT YO SELF": ("rules.credit._apply",),
    "VULGARIAN": ("rules.consume._consume", "rules.core.consume_possible"),
}


# ---------------------------------------------------------------------------- IMMEDIATE


def _combustion(out: _Out, triggerer: str) -> None:
    """COMBUSTION ENERGY: "Player(s) with the least HAPPINESS put all non-UTILITY MATERIAL in
    his LANDFILL back into the MATERIAL Deck, then shuffle the deck thoroughly"."""
    state = out.state
    least = min(p.happiness for p in state.players.values())
    for name in clockwise(state, triggerer):
        player = out.state.players[name]
        cards = tuple(kind for kind in player.landfill if kind != "utility")
        if player.happiness != least or not cards:
            continue
        if state.virtual:
            order = () if state.sealed else shuffles.materials(out.state, cards)
        else:
            order = tuple(sorted((*out.state.material_deck, *cards)))
        out.add(MaterialsReturned(name, cards, order))


def _hidden_clause(out: _Out, triggerer: str) -> None:
    """HIDDEN CLAUSE: "Move 1 COIN from each CREDIT CARD to WORK AREA"."""
    for name in clockwise(out.state, triggerer):
        for card, (paid, _) in enumerate(out.state.players[name].credit):
            if paid:
                out.add(CreditPaid(name, card, -1))


def _overproduction(out: _Out, triggerer: str) -> None:
    """OVERPRODUCTION: "Remove from game the top 2 cards of MATERIAL deck" (a real table types
    them: ``reveal material TYPE TYPE``)."""
    state = out.state
    if state.virtual and state.material_deck:
        out.add(MaterialsRemoved(state.material_deck[:2]))
        after_removal(out)


def after_removal(out: _Out) -> None:
    """A DEPLETION that OVERPRODUCTION causes penalises its triggerer (2.8 a)."""
    if not out.state.material_deck and not out.state.removing:
        out.flow.depletion(out, _triggerer(out.state), "overproduction")


def _the_gap(out: _Out, triggerer: str) -> None:
    """THE GAP: COIN (not on a CREDIT CARD) plus the QUALITY of every MATERIAL; "If the largest
    different among players is greater than 7, all lose 1 HAPPINESS"."""
    state = out.state
    worth = [p.coin + sum(q for _, q in p.materials) for p in state.players.values()]
    if max(worth) - min(worth) <= 7:
        return
    for name in clockwise(state, triggerer):
        lost = _lose(out.state.players[name], 1)
        if lost:
            out.add(Changed(name, "THE GAP", happiness=-lost))


def _everyone(state: State, name: str) -> bool:
    return True


def _insurance(out: _Out, player: Player, command: Respond) -> None:
    """INSURANCE: "Choose to toss 1 COIN or lose 1 COIN. If you chose to toss, gain 2 COIN if it
    lands on the "$" side, otherwise lose 2 COIN"."""
    rule = r_event("INSURANCE")
    if command.choice == "lose":
        charge(out, player.name, 1, "", "INSURANCE")
        return
    if command.choice != "toss":
        raise BadInput(
            "toss or lose?", legal=f"event {player.name} toss [dollar|blank] | event {player.name} lose"
        )
    typed = (command.outcome,) if command.outcome else ()
    if _toss(out, player, typed, 1, rule) == ("dollar",):
        out.add(Changed(player.name, "INSURANCE", coin=2))
    else:
        charge(out, player.name, 2, "", "INSURANCE")


def _has_material(state: State, name: str) -> bool:
    return bool(state.players[name].materials)


def _obsolescence(out: _Out, player: Player, command: Respond) -> None:
    """PLANNED OBSOLESCENCE: "Choose 1 MATERIAL in your AREA to lose 1 QUALITY. If BROKEN, move
    it to your LANDFILL"."""
    if command.mat is None:
        raise BadInput("which MATERIAL loses 1 QUALITY?", legal=f"event {player.name} TYPE@QUALITY")
    mat = resolve(player.materials, command.mat, player.name, r_event("PLANNED OBSOLESCENCE"))
    out.add(MaterialWorn(player.name, mat, "PLANNED OBSOLESCENCE"))


_BONUS = {"a": (1, 1, 0), "b": (2, 1, 1), "c": (3, 3, 2)}  # COIN, QUALITY, FAVOUR drawn


def _redeem(out: _Out, player: Player, command: Respond) -> None:
    """REDEEM BONUS: "Do nothing, or 1 of the following: a) Pay 1 COIN to get 1 MATERIAL at
    QUALITY 1 ... b) Pay 2 COIN ... QUALITY 1 ... and draw 1 FAVOUR ... c) Pay 3 COIN ... QUALITY 3
    ... and draw 2 FAVOUR"."""
    rule = r_event("REDEEM BONUS")
    if command.choice == "none":
        return
    if command.choice not in _BONUS:
        raise BadInput("none, a, b or c?", legal=f"event {player.name} none | event {player.name} a|b|c TYPE")
    coin, quality, favours = _BONUS[command.choice]
    if command.kind not in out.state.buy_area:
        raise IllegalMove(
            f"the BUY AREA holds no {up(command.kind or 'MATERIAL')}",
            rule=rule,
            legal=f"it holds {counts_text(out.state.buy_area)}",
        )
    if player.coin < coin:
        raise IllegalMove(
            f"{player.name} has {player.coin} COIN, not {coin}",
            rule=rule,
            legal=f"event {player.name} none, or APPLY for a CREDIT CARD first (apply {player.name} TYPE)",
        )
    out.add(Changed(player.name, "REDEEM BONUS", coin=-coin))
    out.add(MaterialTaken(player.name, command.kind, quality, "REDEEM BONUS"))
    for _ in range(favours):
        out.flow.draw_favour(out, player.name)


def _repurchasable(state: State, name: str) -> bool:
    return any(
        kind != "utility" for other in state.players.values() if other.name != name for kind in other.landfill
    )


def _repurchase(out: _Out, player: Player, command: Respond) -> None:
    """REPURCHASE: "Give 1 COIN to a player and take 1 non-UTILITY MATERIAL at QUALITY 1 from
    his LANDFILL" (a player without COIN APPLYs first)."""
    rule = r_event("REPURCHASE")
    target = _known_player(out.state, command.target)
    if target.name == player.name:
        raise IllegalMove("give the COIN to another player", rule=rule)
    kind = command.kind
    if kind == "utility" or kind not in target.landfill:
        raise IllegalMove(
            f"{target.name}'s LANDFILL holds no non-UTILITY {up(kind or 'MATERIAL')}",
            rule=rule,
            legal=f"it holds {counts_text(target.landfill)}",
        )
    out.add(MaterialTaken(player.name, kind, 1, "REPURCHASE", Scrap(target.name, kind)))
    charge(out, player.name, 1, target.name, "REPURCHASE")


def _gives(state: State, name: str) -> bool:
    return bool(state.players[name].materials) and len(state.seats) > 1


def _satan_santa(out: _Out, player: Player, command: Respond) -> None:
    """SATAN SANTA: "Give 1 MATERIAL (only if one has any) to another player"."""
    rule = r_event("SATAN SANTA")
    target = _known_player(out.state, command.target)
    if target.name == player.name:
        raise IllegalMove("give it to another player", rule=rule)
    if command.mat is None:
        raise BadInput("which MATERIAL?", legal=f"event {player.name} {target.name} TYPE@QUALITY")
    mat = resolve(player.materials, command.mat, player.name, rule)
    out.add(MaterialGiven(player.name, target.name, mat, "SATAN SANTA"))


def _richer_hands(state: State, name: str) -> list[str]:
    me = state.players[name]
    return [p.name for p in state.players.values() if p.happiness > me.happiness and p.hand]


def _responsibility(out: _Out, player: Player, command: Respond) -> None:
    """SOCIAL RESPONSIBILITY: "Draw 1 FAVOUR from a player's hand (if he has any) who has higher
    HAPPINESS than you"."""
    rule = r_event("SOCIAL RESPONSIBILITY")
    target = _known_player(out.state, command.target)
    if target.name not in _richer_hands(out.state, player.name):
        raise IllegalMove(
            f"{target.name} has no FAVOUR or no higher HAPPINESS than {player.name}",
            rule=rule,
            legal=", ".join(_richer_hands(out.state, player.name)),
        )
    card = pick(out, target.hand, command.outcome, target.name, rule)
    out.add(FavourMoved(target.name, player.name, card, "SOCIAL RESPONSIBILITY"))


def _poorer(state: State, name: str) -> list[str]:
    me = state.players[name]
    return [p.name for p in state.players.values() if p.happiness < me.happiness]


def _status_climb(out: _Out, player: Player, command: Respond) -> None:
    """STATUS CLIMB: "Choose a player who has less HAPPINESS than you. Lose 1 HAPPINESS if he
    has more COIN than you, otherwise nothing happens"."""
    rule = r_event("STATUS CLIMB")
    target = _known_player(out.state, command.target)
    if target.name not in _poorer(out.state, player.name):
        raise IllegalMove(
            f"{target.name} has no less HAPPINESS than {player.name}",
            rule=rule,
            legal=", ".join(_poorer(out.state, player.name)),
        )
    if target.coin > player.coin:
        lost = _lose(player, 1)
        if lost:
            out.add(Changed(player.name, "STATUS CLIMB", happiness=-lost))


class Immediate(NamedTuple):
    """An IMMEDIATE EVENT: what it does at once to all (``now``), or what each player whom it
    concerns (``concerns``) chooses (``choose``), with the words of that choice."""

    now: Callable[[_Out, str], None] | None = None
    concerns: Callable[[State, str], bool] | None = None
    choose: Callable[[_Out, Player, Respond], None] | None = None
    usage: str = ""


IMMEDIATE: dict[str, Immediate] = {
    "COMBUSTION ENERGY": Immediate(now=_combustion),
    "HIDDEN CLAUSE": Immediate(now=_hidden_clause),
    "INSURANCE": Immediate(concerns=_everyone, choose=_insurance, usage="toss [dollar|blank] | lose"),
    "OVERPRODUCTION": Immediate(now=_overproduction),
    "PLANNED OBSOLESCENCE": Immediate(concerns=_has_material, choose=_obsolescence, usage="TYPE@QUALITY"),
    "REDEEM BONUS": Immediate(concerns=_everyone, choose=_redeem, usage="none | a TYPE | b TYPE | c TYPE"),
    "REPURCHASE": Immediate(concerns=_repurchasable, choose=_repurchase, usage="TARGET TYPE"),
    "SATAN SANTA": Immediate(concerns=_gives, choose=_satan_santa, usage="TARGET TYPE@QUALITY"),
    "SOCIAL RESPONSIBILITY": Immediate(
        concerns=lambda state, name: bool(_richer_hands(state, name)),
        choose=_responsibility,
        usage="TARGET [KIND|unseen]",
    ),
    "STATUS CLIMB": Immediate(
        concerns=lambda state, name: bool(_poorer(state, name)), choose=_status_climb, usage="TARGET"
    ),
    "THE GAP": Immediate(now=_the_gap),
}


# ---------------------------------------------------------------------------- flip and resolve


def resolve_events(out: _Out) -> bool:
    """One step of the flipped EVENT's resolution; False when it waits or nothing is left."""
    state = out.state
    if state.current:
        rule = IMMEDIATE[state.current]
        if state.resolving:
            head = state.resolving[0]
            if rule.concerns is not None and rule.concerns(state, head):
                return False  # waits for ``event HEAD ...``
            out.add(EventDone(head))
            return True
        out.add(EventResolved(state.current))
        return True
    if not state.triggered:
        return False
    name = state.triggered[0]
    if data.EVENT[name].kind == "continuous":
        out.add(EventTriggered(name, ()))
        return True
    rule = IMMEDIATE[name]
    triggerer = _triggerer(state)
    out.add(EventTriggered(name, clockwise(state, triggerer) if rule.choose else ()))
    if rule.now is not None:
        rule.now(out, triggerer)
    return True


def _reveal_events(out: _Out, command: RevealEvents) -> None:
    """A real table flips a player's face-down EVENT at once and types them, in the order they
    resolve (5.3)."""
    state = out.state
    if state.virtual:
        raise IllegalMove("the referee flips the virtual decks itself: nothing to reveal", rule=R_EVENT)
    wanted = len(state.players[state.flipper].events) if state.flipper and state.ending == "flip" else 0
    if not wanted or state.phase != "refill":
        raise IllegalMove(
            "no face-down EVENT is flipped now", rule=R_EVENT, legal="they flip after their owner's turn"
        )
    names = command.names
    for name in names:
        if name not in data.EVENT:
            raise BadInput(f"unknown EVENT {name!r}", legal=", ".join(sorted(data.EVENT)))
    if len(names) != wanted:
        raise IllegalMove(
            f"{state.flipper} flips {wanted} EVENT at once, not {len(names)}",
            rule=R_EVENT,
            legal=f"reveal event NAME (x{wanted}), in the order they resolve",
        )
    pool = list(state.event_pool)
    for name in names:
        if name not in pool:
            raise IllegalMove(
                f"{name} cannot be among {state.flipper}'s face-down EVENT: it is "
                + ("out of this mode" if name in state.events_removed else "face up already"),
                rule=R_EVENT,
            )
        pool.remove(name)
    out.add(EventsFlipped(state.flipper, names))
    out.flow._proceed(out)


def _respond(out: _Out, command: Respond) -> None:
    """``event PLAYER ...``: a player's part of the IMMEDIATE EVENT being resolved."""
    state = out.state
    player = _known_player(state, command.player)
    if not state.current or not state.resolving:
        raise IllegalMove("no IMMEDIATE EVENT awaits a player's choice", rule=R_EVENT)
    if state.owed or state.resolving[0] != player.name:
        waiting = state.owed[0].player if state.owed else state.resolving[0]
        raise NotYourTurn(
            f"{waiting} resolves {data.EVENT[state.current].name} first",
            rule=R_EVENT,
            legal="the triggerer goes first, then the others clockwise",
        )
    rule = IMMEDIATE[state.current]
    assert rule.choose is not None
    rule.choose(out, player, command)
    out.add(EventDone(player.name))
    out.flow._proceed(out)


def event_usage(state: State, player: str) -> str:
    """What ``event PLAYER`` takes for the IMMEDIATE EVENT being resolved."""
    if not state.current:
        return f"event {player} ..."
    return f"event {player} {IMMEDIATE[state.current].usage}"
