"""LOOP 8.0 CAREER Overview (5.0, 5.1): every CAREER as data; an ABILITY used by choice as one
small effect, a conditional one indexed to the rules it changes.

The printed cards are ``data.CAREERS``. Here each ABILITY a player uses by choice (``ability
PLAYER POWER ...``) is a ``Power``: the CAREER it belongs to and one function. A conditional
ABILITY (and a SALARY that is not a fixed pair) changes another rule, so it acts inside that
rule; ``ACTS_IN`` below is the index by CAREER of the functions where each one acts
(``tests/loop/test_shape.py`` checks it against the code both ways). Readings: ``modes``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ledger.errors import BadInput, IllegalMove
from ledger.games.loop import data, shuffles
from ledger.games.loop.evolve import CENTRAL
from ledger.games.loop.model import (
    UNKNOWN,
    Ability,
    AbilityUsed,
    Changed,
    FavourMoved,
    Forge,
    Forged,
    MaterialTaken,
    Paid,
    Peeked,
    Player,
    Repaired,
    Scrap,
    State,
    Tossed,
    Work,
)
from ledger.games.loop.rules.checks import _active, _known_player, resolve
from ledger.games.loop.rules.core import (
    _Out,
    career_of,
    holds_favour,
    in_effect,
    mat_text,
    mode_of,
    r_career,
    up,
)
from ledger.piles import counts_text


def salary(state: State, player: Player, command: Work) -> tuple[int, int]:
    """The COIN a WORK gains and the HAPPINESS it costs (5.0 SALARY, 2.5 a, 9.0)."""
    career = career_of(player)
    if career == "TYCOON":
        # "x2 COIN": as much COIN as the TYCOON holds; "lose 1 additional HAPPINESS per CREDIT CARD"
        coin, loss = player.coin, 1 + len(player.credit)
    elif career == "FREELANCER":
        chosen = [pair for pair in data.CAREER[career].salaries if pair[0] == command.salary]
        if not chosen:
            choices = "|".join(str(coin) for coin, _ in data.CAREER[career].salaries)
            raise BadInput(
                f"say which SALARY {player.name} works for", legal=f"work {player.name} --salary {choices}"
            )
        coin, loss = chosen[0]
    else:
        coin, loss = data.CAREER[career].salaries[0]
    coin += command.rep  # 2.5 a): 1 extra COIN per REPUTATION spent (not doubled for TYCOON)
    if in_effect(state, "OVERTIME"):
        coin, loss = coin + 4, loss + 1
    if in_effect(state, "ECONOMIC SLOWDOWN"):
        coin = max(0, coin - 1)  # "lose 1 COIN in WORK turn": 1 COIN less from the SALARY
    return coin, loss


# ---------------------------------------------------------------------------- powers


def _other(state: State, player: Player, name: str, career: str) -> Player:
    target = _known_player(state, name)
    if target.name == player.name:
        raise IllegalMove(f"{player.name} picks another player", rule=r_career(career))
    return target


def _influence(out: _Out, player: Player, command: Ability) -> None:
    """BANKER: "exchange 1 REPUTATION with any player for his 1 COIN or vice versa"."""
    rule = r_career("BANKER")
    state = out.state
    target = _other(state, player, command.target, "BANKER")
    gives_rep = command.power == "rep"
    giver, taker = (player, target) if gives_rep else (target, player)
    payer, paid = (target, player) if gives_rep else (player, target)
    if giver.reputation < 1:
        raise IllegalMove(f"{giver.name} has no REPUTATION to give", rule=rule)
    if taker.reputation >= data.MAX_REPUTATION:
        raise IllegalMove(
            f"{taker.name} holds {data.MAX_REPUTATION} REPUTATION already: the exchange gives them nothing",
            rule=rule,
        )
    if payer.coin < 1:
        raise IllegalMove(f"{payer.name} has no COIN to give", rule=rule)
    if payer.name == player.name and in_effect(state, "EVERYTHING IS ONLINE") and not player.credit:
        raise IllegalMove(
            f"{player.name} has no CREDIT CARD and cannot spend COIN", rule="LOOP 9.0 Everything Is Online"
        )
    out.add(Changed(giver.name, "Influence", reputation=-1))
    out.add(Changed(taker.name, "Influence", reputation=1))
    out.add(Changed(payer.name, "Influence", coin=-1))
    out.add(Changed(paid.name, "Influence", coin=1))


def _forge(out: _Out, player: Player, command: Ability) -> None:
    """CRAFTSMAN: "make 1 of your or other player's MATERIAL into any non-FOOD MATERIAL for your
    entire turn"."""
    rule = r_career("CRAFTSMAN")
    state = out.state
    if command.mat is None or command.kind not in data.MATERIALS:
        raise BadInput("forge a card into a type", legal=f"ability {player.name} forge [OWNER:]TYPE@Q TYPE")
    owner = _known_player(state, command.mat.owner or player.name)
    mat = resolve(owner.materials, command.mat, owner.name, rule)
    if command.kind == "food":
        raise IllegalMove("a card is forged into a non-FOOD MATERIAL", rule=rule)
    if command.kind == mat[0]:
        raise IllegalMove(f"{mat_text(mat)} is {up(mat[0])} already", rule=rule)
    out.add(Forged(player.name, Forge(owner.name, mat, command.kind)))


def _repair(out: _Out, player: Player, command: Ability) -> None:
    """ENGINEER: "add 1 QUALITY to 1 of your or other player's non-UTILITY MATERIAL"."""
    rule = r_career("ENGINEER")
    state = out.state
    if command.mat is None:
        raise BadInput("repair which card?", legal=f"ability {player.name} repair [OWNER:]TYPE@Q")
    owner = _known_player(state, command.mat.owner or player.name)
    mat = resolve(owner.materials, command.mat, owner.name, rule)
    if mat[0] == "utility":
        raise IllegalMove("a UTILITY cannot be repaired", rule=rule)
    if mat[1] >= data.MAX_QUALITY:
        # a card shows 4 QUALITY at most (2.2 b: "1 to 4")
        raise IllegalMove(
            f"{mat_text(mat)} is at QUALITY {data.MAX_QUALITY}, the most a card shows", rule=rule
        )
    out.add(Repaired(player.name, owner.name, mat))


def _freedom(out: _Out, player: Player, command: Ability) -> None:
    """FREELANCER: "Once per turn, you may discard 1 FAVOUR and draw a new one"."""
    kind = command.kind
    if kind not in data.FAVOURS or not holds_favour(out.state, player, kind):
        raise IllegalMove(f"{player.name} holds no {up(kind or 'FAVOUR')}", rule=r_career("FREELANCER"))
    out.add(FavourMoved(player.name, "", kind, "Freedom"))
    out.flow.draw_favour(out, player.name)


def _minimalist(out: _Out, player: Player, command: Ability) -> None:
    """HOMEMAKER: "gain 1 REPUTATION if you have no more than 1 MATERIAL at any given time in
    your turn" (at some moment of the turn so far)."""
    rule = r_career("HOMEMAKER")
    if out.state.low > 1:
        raise IllegalMove(
            f"{player.name} has held {out.state.low} MATERIAL or more all this turn, not 1 or fewer",
            rule=rule,
        )
    if player.reputation >= data.MAX_REPUTATION:
        raise IllegalMove(
            f"{player.name} holds {data.MAX_REPUTATION} REPUTATION: it would gain nothing", rule=rule
        )
    out.add(Changed(player.name, "Minimalist", reputation=1))


def _toss(out: _Out, player: Player, outcome: tuple[str, ...], tosses: int, rule: str) -> tuple[str, ...]:
    """Coins tossed: typed at a real table, tossed by the referee with virtual decks."""
    state = out.state
    if state.virtual:
        if outcome:
            raise IllegalMove(
                "the referee tosses the COIN with virtual decks: leave out the outcome", rule=rule
            )
        generator = shuffles.deck_rng(state, f"toss {state.chances}")
        outcome = tuple(generator.choice(data.COIN_SIDES) for _ in range(tosses))
    elif len(outcome) != tosses or any(side not in data.COIN_SIDES for side in outcome):
        raise BadInput(
            f"say how the {tosses} COIN toss{'es' if tosses > 1 else ''} landed",
            legal=" ".join(["dollar|blank"] * tosses),
        )
    out.add(Tossed(player.name, outcome))
    return outcome


def _invest(out: _Out, player: Player, command: Ability) -> None:
    """INVESTOR: "pay 1 COIN to toss twice. Gain 2 COIN if either toss lands on the "$" side"."""
    rule = r_career("INVESTOR")
    if player.coin < 1:
        raise IllegalMove(f"{player.name} has no COIN to pay", rule=rule)
    if in_effect(out.state, "EVERYTHING IS ONLINE") and not player.credit:
        raise IllegalMove(
            f"{player.name} has no CREDIT CARD and cannot spend COIN", rule="LOOP 9.0 Everything Is Online"
        )
    out.add(Paid(player.name, 1, "Invest"))
    if "dollar" in _toss(out, player, command.outcome, 2, rule):
        out.add(Changed(player.name, "Invest", coin=2))


def _care(out: _Out, player: Player, command: Ability) -> None:
    """NURSE: "give 1 FAVOUR to any player and you gain 1 REPUTATION. The targeted player must
    take that FAVOUR"."""
    rule = r_career("NURSE")
    target = _other(out.state, player, command.target, "NURSE")
    if command.kind not in data.FAVOURS or not holds_favour(out.state, player, command.kind):
        raise IllegalMove(f"{player.name} holds no {up(command.kind or 'FAVOUR')}", rule=rule)
    out.add(FavourMoved(player.name, target.name, command.kind, "Care"))
    if player.reputation < data.MAX_REPUTATION:
        out.add(Changed(player.name, "Care", reputation=1))


def _scavenge(out: _Out, player: Player, command: Ability) -> None:
    """SCAVENGER: "take 1 non-UTILITY MATERIAL at QUALITY 1 from any LANDFILL to your AREA"."""
    rule = r_career("SCAVENGER")
    state = out.state
    kind = command.kind
    if command.target == CENTRAL and mode_of(state).favours == "blue":
        landfill, owner = state.central, CENTRAL
    else:
        owner = _known_player(state, command.target).name
        landfill = state.players[owner].landfill
    if kind == "utility":
        raise IllegalMove("a UTILITY cannot be taken", rule=rule)
    if kind not in landfill:
        raise IllegalMove(
            f"{owner}'s LANDFILL holds no {up(kind)}", rule=rule, legal=f"it holds {counts_text(landfill)}"
        )
    out.add(MaterialTaken(player.name, kind, 1, "Scavenger", Scrap(owner, kind)))


DECKS = ("material", "activity", "favour", "event")


def _look(out: _Out, player: Player, command: Ability) -> None:
    """SCHOLAR: "look at the top card of either the MATERIAL, ACTIVITY, FAVOUR, or EVENT deck"."""
    state = out.state
    deck = {
        "material": state.material_deck,
        "activity": state.activity_deck if not state.activity_unseen else (UNKNOWN,) * state.activity_unseen,
        "favour": state.favour_deck,
        "event": state.event_deck,
    }.get(command.kind)
    if deck is None:
        raise BadInput(f"look at which deck? {command.kind!r}", legal=" | ".join(DECKS))
    if not deck:
        raise IllegalMove(f"the {up(command.kind)} deck is empty", rule=r_career("SCHOLAR"))
    card = deck[0] if state.virtual else UNKNOWN
    out.add(Peeked(player.name, command.kind, card))


def pick(out: _Out, hand: tuple[str, ...], typed: str, owner: str, rule: str) -> str:
    """A random FAVOUR from ``owner``'s hand (SOLDIER, SOCIAL RESPONSIBILITY): the referee picks
    with virtual decks; at a real table an unseen card moves unseen, or the table types it."""
    state = out.state
    if state.virtual:
        if typed:
            raise IllegalMove("the referee picks the card with virtual decks: leave it out", rule=rule)
        return shuffles.deck_rng(state, f"pick {state.chances}").choice(sorted(hand))
    kinds = set(hand)
    if typed == "unseen":
        typed = UNKNOWN
    if not typed:
        if len(kinds) > 1:
            raise BadInput(
                f"say which card came out of {owner}'s hand",
                legal=" | ".join(sorted(k if k != UNKNOWN else "unseen" for k in kinds)),
            )
        return hand[0]
    if typed not in kinds:
        raise IllegalMove(f"{owner}'s hand holds no {typed}", rule=rule, legal=counts_text(hand))
    return typed


def _enlist(out: _Out, player: Player, command: Ability) -> None:
    """SOLDIER: "take 1 random FAVOUR from any player's hand"."""
    rule = r_career("SOLDIER")
    target = _other(out.state, player, command.target, "SOLDIER")
    if not target.hand:
        raise IllegalMove(f"{target.name} holds no FAVOUR", rule=rule)
    card = pick(out, target.hand, command.outcome[0] if command.outcome else "", target.name, rule)
    out.add(FavourMoved(target.name, player.name, card, "Soldier"))


class Power(NamedTuple):
    """An ABILITY used by choice: its CAREER and its effect (the CAREER's ``ability_kind`` says
    whether it is once per turn)."""

    career: str
    act: Callable[[_Out, Player, Ability], None]
    usage: str


POWERS: dict[str, Power] = {
    "rep": Power("BANKER", _influence, "rep TARGET (1 REPUTATION for their 1 COIN)"),
    "coin": Power("BANKER", _influence, "coin TARGET (1 COIN for their 1 REPUTATION)"),
    "forge": Power("CRAFTSMAN", _forge, "forge [OWNER:]TYPE@Q TYPE"),
    "repair": Power("ENGINEER", _repair, "repair [OWNER:]TYPE@Q"),
    "swap": Power("FREELANCER", _freedom, "swap KIND"),
    "minimalist": Power("HOMEMAKER", _minimalist, "minimalist"),
    "invest": Power("INVESTOR", _invest, "invest [dollar|blank dollar|blank]"),
    "care": Power("NURSE", _care, "care TARGET KIND"),
    "scavenge": Power("SCAVENGER", _scavenge, "scavenge OWNER TYPE"),
    "peek": Power("SCHOLAR", _look, "peek material|activity|favour|event"),
    "take": Power("SOLDIER", _enlist, "take TARGET [KIND|unseen]"),
}


# Where each CAREER is consulted by name (under ledger.games.loop), beyond its ``Power``:
# ``moves`` lists what is legal for it; the others are the rules its ABILITY or SALARY changes.
ACTS_IN: dict[str, tuple[str, ...]] = {
    "ARTIST": ("rules.work._work", "rules.work._create", "moves._turn_modes"),
    "BANKER": ("moves._abilities",),
    "CHEF": (
        "rules.buy.buy_check",
        "rules.favour._favour",
        "rules.blue._blue_favour",
        "evolve._favour_effect",
    ),
    "CRAFTSMAN": ("moves._abilities",),
    "ENGINEER": ("moves._abilities",),
    "FREELANCER": ("rules.careers.salary", "rules.work._work", "moves._abilities", "moves._turn_modes"),
    "HOMEMAKER": ("moves._abilities",),
    "INVESTOR": ("moves._abilities",),
    "LAWYER": ("rules.favour._object", "rules.core.lawyers", "rules.core.objectors", "moves._modes"),
    "NURSE": ("moves._abilities",),
    "OFFICE LADY": ("rules.buy.buy_check", "moves._turn_modes"),
    "OFFICER": ("rules.favour._favour",),
    "POLITICIAN": ("rules.favour._card_played", "moves._favours_modes"),
    "SALESMAN": ("rules.core._salesman",),
    "SCAVENGER": (
        "rules.favour._card_played",
        "rules.blue._blue_favour",
        "moves._abilities",
        "moves._blue",
        "moves._favours_modes",
    ),
    "SCHOLAR": ("moves._abilities",),
    "SCIENTIST": ("rules.buy.buy_check", "moves._turn_modes"),
    "SOLDIER": ("moves._abilities",),
    "TYCOON": ("rules.careers.salary",),
    "WAITRESS": ("rules.end._start_turn",),
}


def _ability(out: _Out, command: Ability) -> None:
    """``ability PLAYER POWER ...``: a CAREER's ABILITY, in the player's own turn (8.0)."""
    state = out.state
    player = _active(state, command.player)
    power = POWERS.get(command.power)
    if power is None:
        raise BadInput(f"unknown ABILITY {command.power!r}", legal=" | ".join(POWERS))
    career = career_of(player)
    if career != power.career:
        mine = [f"ability {player.name} {p.usage}" for name, p in POWERS.items() if p.career == career]
        raise IllegalMove(
            f"{command.power} is the {data.CAREER[power.career].name}'s ABILITY, and {player.name} is "
            f"{'an' if career[0] in 'AEIOU' else 'a'} {data.CAREER[career].name}",
            rule=r_career(power.career),
            legal=" | ".join(mine) or f"{data.CAREER[career].name} has no ABILITY to use by choice",
        )
    if data.CAREER[career].ability_kind == "once-per-turn" and career in state.used:
        raise IllegalMove(
            f"{player.name} has used the {data.CAREER[career].name}'s ABILITY this turn: once per turn",
            rule=r_career(career),
        )
    out.add(AbilityUsed(player.name, career))
    power.act(out, out.state.players[player.name], command)
