"""A Pursuit of Happiness move in the rulebook's words (the contract's ``said``): each word of its
canonical text (``grammar.text``) as the table says it, built from the typed command: a card
as printed (TEST CAREER MINDED), ``--token`` as "with the Community token", an Outcome's number
with what the card prints for it, a card dropped at upkeep with its penalty ("Discarding a Card
- Penalty": +1 Stress, -1 STH).

A word that only leads to its value (a flag) ends in ``…``: a chip, never repeated in the
sentence (``decider.sentence``).
"""

from __future__ import annotations

from ledger.games.pursuit import data, effects
from ledger.games.pursuit.faces import Level
from ledger.games.pursuit.model import (
    Act,
    Adjust,
    CardAction,
    Command,
    Discard,
    Engage,
    Outcome,
    Pass,
    Refresh,
    Reveal,
    State,
    Take,
    Trait,
    Upkeep,
    UpkeepAll,
)
from ledger.games.pursuit.rules import core
from ledger.words import card_name

TOKEN = "with the Community token"
# The card actions' names in the texts (``CardAction.how``).
CARD_ACTIONS = {
    "advance": "Advance",
    "promote": "Get a Promotion",
    "develop": "Develop a Friendship",
    "dedicate": "Dedicate Time to Your Friend",
}


_action = data.action_title


NAMES = {"sth": "STH", "lth": "LTH", "stress": "Stress"}


def _symbol(symbol: str) -> str:
    """A symbol as the card prints it: LTH; ``most-money`` "the most money"; ``job`` "a job"."""
    if symbol.startswith("most-"):
        return "the most " + NAMES.get(symbol[5:], symbol[5:])
    if symbol in effects.HAVE or symbol in effects.SPECIAL:
        return f"a {symbol}"
    return NAMES.get(symbol, symbol)


def _box(text: str) -> str:
    """A box of a card as printed, from its typed items: ``1lth 1popularity`` is 1 LTH, 1
    popularity."""
    said = []
    for item in effects.parse_any(text):
        if item.symbol in (*effects.HAVE, *effects.MOST, *effects.SPECIAL):
            said.append(_symbol(item.symbol))
        else:
            said.append(f"{item.n} {_symbol(item.symbol)}" + (" per Item bought" if item.per_item else ""))
    return ", ".join(said) or "nothing"


def _level(level: Level) -> str:
    """What an Outcome prints (its Requirement, Cost and Reward): needs, pay, gain."""
    parts = []
    if level.requirement:
        parts.append(f"needs {_box(level.requirement)}")
    if level.cost:
        parts.append(f"pay {_box(level.cost)}")
    if level.reward:
        parts.append(f"gain {_box(level.reward)}")
    return "; ".join(parts) or "nothing"


def _amounts(text: str) -> str:
    """``1stress 1sth`` as a loss: ``+1 Stress, −1 STH`` (Stress is got, STH lost)."""
    said = []
    for item in effects.parse_any(text):
        sign = "+" if item.symbol == "stress" else "\u2212"
        said.append(f"{sign}{item.n} {_symbol(item.symbol)}")
    return ", ".join(said)


def _dropped(state: State, card: str) -> str:
    """A card dropped at upkeep, and what dropping it costs (``rules.flow.drop``)."""
    face = state.faces.cards.get(card)
    free = (
        face is not None
        and face.kind != "career-job"
        and state.options.get(core.OPTION_UNPAID_UPKEEP) == "free"
    )
    return f"drop {card_name(card)}" + ("" if free else f": {_amounts(data.PENALTY)}")


def _change(change: str) -> str:
    """``+2knowledge``: ``+2 knowledge`` (a counter's change as the table records it)."""
    sign, digits = change[:1], "".join(ch for ch in change[1:] if ch.isdigit())
    return f"{sign}{digits} {change[1 + len(digits) :]}"


def said(state: State, command: Command) -> list[str]:
    """Each word of ``text(command)``, said as the rulebook says it."""
    match command:
        case Reveal(what, found):
            return ["reveal", what, *(card_name(c) for c in found)]
        case Trait(player, card):
            return ["Child Trait", player, card_name(card)]
        case Act(player, action, token):
            return ["board action", player, _action(action), *([TOKEN] if token else [])]
        case Take(player, how, found, harder, token):
            more = ["Work Harder…", f"Work Harder \u00d7{harder}"] if harder else []
            return [_action(how), player, *(card_name(c) for c in found), *more, *([TOKEN] if token else [])]
        case CardAction(player, how, card, token):
            return [CARD_ACTIONS.get(how, how), player, card_name(card), *([TOKEN] if token else [])]
        case Engage(player, card, token, either):
            way = [] if either else [TOKEN if token else "with an Hourglass token"]
            return ["Engage", player, card_name(card), *way]
        case Refresh(player, row):
            return ["Refresh Cards", player, row.capitalize()]
        case Discard(player, card):
            return ["discard", player, f"{card_name(card)}: {_amounts(data.PENALTY)}"]
        case Pass(player):
            return ["pass", player]
        case UpkeepAll():
            return ["upkeep", "everyone pays all"]
        case Upkeep(player, drop, harder):
            words = ["pay upkeep", player]
            if drop:
                words += ["drop…", *(_dropped(state, c) for c in drop)]
            if harder:
                words.append("Work Harder…")
                for h in harder:
                    card, _, times = h.rpartition(":")
                    words.append(f"Work Harder at {card_name(card)} \u00d7{times}")
            return words
        case Outcome(player, card, n, partner):
            face = state.faces.community.get(card)
            printed = f": {_level(face.outcomes[n - 1])}" if face and 0 < n <= len(face.outcomes) else ""
            more = ["partner…", f"partner {card_name(partner)}"] if partner else []
            # (the Resolution Phase: "choose one of the Outcomes on each Community card")
            return ["resolve", player, card_name(card), f"Outcome {n}{printed}", *more]
        case Adjust(player, changes, why):
            return ["adjust", player, *(_change(c) for c in changes), "why…", f"because: {why}"]
    return []  # (a card's face declared: said by its facts)
