"""The effect language: what a card level, an Engage or an Outcome shows, as words.

A box is words separated by spaces (a typed ``declare`` joins them with commas). Each word is
a count and a symbol, the count 1 if left out: ``2knowledge``, ``money``. Three parts:

- a *requirement* is checked, not paid: ``3knowledge`` (have at least 3), ``2popularity``
  (a Popularity Score of at least 2), ``job`` (have a card of that kind in play: job,
  partner, project, item, activity, friend, pet, degree, retired), ``most-money`` (the most
  among the players whose life goes on; ties too: also ``most-popularity``,
  ``most-resources`` and the other resources and tracks), ``2bought`` (at least 2 Items
  bought this round: Black Friday);
- a *cost* is what the player gives: resources paid, ``stress`` taken, ``sth`` lost,
  ``popularity`` lost, ``hourglass`` placed on the card;
- a *reward* is what the player gains: resources, ``sth``, ``lth``, ``relax``,
  ``popularity``, ``hourglass`` (a token owned from then on); ``/item`` after a word
  multiplies it by the Items bought this round (Black Friday); ``partner`` is Blind Date's
  Outcome 3 (a Partner from the board).
"""

from __future__ import annotations

import functools
import re

import msgspec

from ledger import words
from ledger.errors import BadInput
from ledger.games.pursuit import data

TRACKS = ("stress", "sth", "lth", "relax", "popularity", "hourglass")
ORDER = (*data.RESOURCES, *TRACKS)
COST = frozenset({*data.RESOURCES, "stress", "sth", "popularity", "hourglass"})
REWARD = frozenset({*data.RESOURCES, "sth", "lth", "relax", "popularity", "hourglass"})
SPECIAL = frozenset({"partner"})  # Blind Date's Outcome 3
HAVE = ("job", "partner", "project", "item", "activity", "friend", "pet", "degree", "retired")
AT_LEAST = frozenset({*data.RESOURCES, "sth", "lth", "popularity", "bought"})
MOST = tuple(f"most-{what}" for what in (*data.RESOURCES, "resources", "popularity", "sth", "lth"))
REQUIREMENT = frozenset({*HAVE, *AT_LEAST, *MOST})
PARTS = {"requirement": REQUIREMENT, "cost": COST, "reward": REWARD | SPECIAL}

_WORD = re.compile(r"^(\d*)([a-z-]+)(/item)?$")


class Item(msgspec.Struct, frozen=True, omit_defaults=True):
    """One word of a box: ``n`` of ``symbol``; ``per_item``: times the Items bought this round."""

    symbol: str
    n: int = 1
    per_item: bool = False


def _bad(word: str, part: str, why: str) -> BadInput:
    examples = {
        "requirement": "job 3knowledge 2popularity most-money 2bought",
        "cost": "2knowledge 1money 1stress 1sth 1hourglass",
        "reward": "3money 1sth 2lth 1relax 1popularity 1lth/item",
    }
    return BadInput(f"cannot read {word!r} in a {part}: {why}", legal=f"words like {examples[part]}")


@functools.lru_cache(maxsize=4096)
def parse(text: str, part: str) -> tuple[Item, ...]:
    """The items of a box (``part``: requirement, cost or reward), counts of a symbol added
    up, in a fixed order; ``BadInput`` saying what cannot be read."""
    allowed = PARTS[part]
    found: dict[tuple[str, bool], int] = {}
    for word in text.lower().replace(",", " ").split():
        match = _WORD.match(word)
        if not match:
            raise _bad(word, part, "not a count and a symbol")
        digits, symbol, per = match.groups()
        n = int(digits) if digits else 1
        if n < 1:
            raise _bad(word, part, "a count is 1 or more")
        if symbol not in allowed:
            raise _bad(word, part, f"{symbol!r} cannot be in a {part}")
        if part == "requirement" and symbol not in AT_LEAST and digits:
            raise _bad(word, part, f"{symbol} takes no count")
        if per and part != "reward":
            raise _bad(word, part, "only a reward counts per Item bought")
        key = (symbol, bool(per))
        found[key] = found.get(key, 0) + n
    rank = {s: i for i, s in enumerate((*ORDER, *SPECIAL, *HAVE, "bought", *MOST))}
    return tuple(
        Item(symbol, n, per)
        for (symbol, per), n in sorted(found.items(), key=lambda kv: (rank[kv[0][0]], kv[0][1]))
    )


def word(item: Item) -> str:
    count = "" if item.n == 1 and item.symbol in (*HAVE, *MOST, *SPECIAL) else str(item.n)
    return f"{count}{item.symbol}{'/item' if item.per_item else ''}"


def normal(text: str, part: str) -> str:
    """The stored form of a box: read (so it is valid), counts written, a fixed order."""
    return " ".join(word(item) for item in parse(text, part))


def amounts(text: str, part: str) -> dict[str, int]:
    """A box as {symbol: count} (words per Item bought left out)."""
    return {item.symbol: item.n for item in parse(text, part) if not item.per_item}


def hourglasses(text: str) -> int:
    """The hourglasses a cost places on its card."""
    return amounts(text, "cost").get("hourglass", 0)


def has(text: str, symbol: str, part: str) -> bool:
    return any(item.symbol == symbol for item in parse(text, part))


def shown(text: str, hourglasses: int = 0) -> str:
    """A box as people read it: ``2 knowledge, 1 money, 2 hourglasses`` (``nothing`` if empty);
    ``hourglasses`` more (a board action's own, on its space) are counted in with the box's."""
    parts = []
    for item in parse_any(text):
        if item.symbol in (*HAVE, *MOST, *SPECIAL):
            parts.append(item.symbol)
        elif item.symbol == "hourglass" and not item.per_item:
            parts.append(words.counted(item.n + hourglasses, "hourglass"))
            hourglasses = 0
        else:
            parts.append(f"{item.n} {item.symbol}" + (" per Item bought" if item.per_item else ""))
    if hourglasses:
        parts.append(words.counted(hourglasses, "hourglass"))
    return ", ".join(parts) or "nothing"


def parse_any(text: str) -> tuple[Item, ...]:
    """A stored box of any part (for display)."""
    for part in ("reward", "cost", "requirement"):
        try:
            return parse(text, part)
        except BadInput:
            continue
    raise AssertionError(text)
