"""The effect language: the rulebook's symbols as words a table types and a cards file holds.

A box is words separated by spaces (Costs and Action Boxes, Symbol Summary):

- ``5money``, ``2plastic``, ``vp``: a symbol and its count (1 if none);
- ``-5money``: a cost, printed red, paid before anything else in the box;
- ``all:iridium``, ``others:-1mood``: "all" players (the actor too) or "all others";
- ``news/build``: a choice of one action (a diagonal line between two actions);
- ``2plastic+workie``: a free mix (a line between two symbols): 2, each plastic or a workie;
- a named box of the rulebook (``illegal-build``) stands for the items it prints
  (``data.NAMED_BOXES``).

Symbols: money, vp, mood (up; as a cost, down); the resources and ``resource`` (of your
choice); crafty, brainy (take only), workie (take either), work (take and/or place);
produce, tile (buy a production tile for 10), build, news, vote (from your supply into the
bag; as a cost, out of the bag), swindle, swindle-free, right, left, marker (either way),
law; the faction tracks by name, or ``faction`` for the track of your choice, each with
``-check`` for the checkmark (score or step).
"""

from __future__ import annotations

import functools
import re

import msgspec

from ledger.errors import BadInput
from ledger.games.planet_b import data
from ledger.words import card_word

RESOURCES = data.RESOURCES
TRACKS = data.TRACKS
CHECKED = tuple(f"{t}-check" for t in (*TRACKS, "faction"))
# Performed with nothing to choose.
GAINS = frozenset({"money", "vp", "mood", *RESOURCES, "crafty", "brainy", "vote", "right", "left", *TRACKS})
# The referee's names for the actions "Explanation of Particular Cards" describes.
SPECIALS = frozenset(
    {
        "invitation",  # INVITATION TO BID: 0 to 3 buildings from hand under their piles
        "build-free",  # PREFABRICATED HOUSES: build from hand without paying its cost
        "renovate",  # RENOVATIONS: destroy a constructed building, its VP back
        "draw-build-a",  # UNEXPECTED INHERITANCE: the top A building, built free
        "draw-build-b",  # ILLEGAL BUILD: the top B building, built free
        "chance",  # GAME OF CHANCE: 3 votes drawn, 10 money and 2 VP per own
        "sculpture",  # CUTE SCULPTURE: a vote per faction step (12 at most)
        "solar",  # SOLAR ENERGY: a box of another constructed building
        "vaccinate",  # VACCINATION: a workie back from a building to the board
        "replay",  # CELL REGENERATION: a played news card again, on top
        "export-building",  # BUILDING EXPORT: destroy a constructed building
        "smoothie",  # GREEN SMOOTHIE: 1 to 4 plants to others, 10 money and 1 vote each
        "bet",  # SPORTS BET: 3 votes drawn, 15 money per own
        "triple-sale",  # GOODS EXPORT: up to 2 resources at triple the price
        "pick-law",  # I PICK NUMBER 3: the top law of either pile, decided as President
        "neglect",  # PARLIAMENTARY NEGLECT: score a faction keeping the disc, or 1 step
        "mood-bottom",  # WEAPONS TEST: the mood marker to the lowest space
    }
)
FREE_SPECIALS = frozenset({"sculpture", "mood-bottom"})
CHOICES = frozenset(
    {
        "resource",
        "workie",
        "work",
        "produce",
        "tile",
        "build",
        "news",
        "swindle",
        "swindle-free",
        "marker",
        "law",
        "faction",
        *CHECKED,
    }
)
COSTS = frozenset(
    {"money", "mood", *RESOURCES, "resource", "crafty", "brainy", "workie", *TRACKS, "faction", "vote"}
)
SYMBOLS = GAINS | CHOICES | SPECIALS
SCOPES = ("all", "others")
NAMED = {card_word(name): text for name, text in data.NAMED_BOXES.items()}

_PART = re.compile(r"^(-?)(\d*)([a-z0-9+-]+)$")


class Item(msgspec.Struct, frozen=True, omit_defaults=True):
    """One symbol with its count: ``2plastic``; a cost if ``cost``; for whom if ``scope``."""

    symbol: str
    n: int = 1
    scope: str = ""  # "" the actor, "all" or "others"
    cost: bool = False

    @property
    def free(self) -> bool:
        """Nothing to choose: performed as it stands."""
        return self.symbol in GAINS or self.symbol in FREE_SPECIALS


class Slot(msgspec.Struct, frozen=True, omit_defaults=True):
    """One action of a box: an item; a choice of one of ``items`` (a diagonal line); or, with
    ``mix``, ``n`` units each one of the ``items``' symbols (a line between symbols)."""

    items: tuple[Item, ...]
    mix: bool = False
    n: int = 0

    @property
    def choice(self) -> bool:
        return len(self.items) > 1 and not self.mix

    @property
    def free(self) -> bool:
        """A plain item with nothing to choose."""
        return len(self.items) == 1 and not self.mix and self.items[0].free


class Box(msgspec.Struct, frozen=True):
    """An action box: costs, paid first, then actions in the order the player chooses."""

    costs: tuple[Item, ...] = ()
    slots: tuple[Slot, ...] = ()


def item_text(item: Item) -> str:
    count = "" if item.n == 1 else str(item.n)
    return f"{item.scope + ':' if item.scope else ''}{'-' if item.cost else ''}{count}{item.symbol}"


def slot_text(slot: Slot) -> str:
    if slot.mix:
        scope = slot.items[0].scope
        count = "" if slot.n == 1 else str(slot.n)
        return f"{scope + ':' if scope else ''}{count}{'+'.join(i.symbol for i in slot.items)}"
    return "/".join(item_text(item) for item in slot.items)


def _bad(token: str, why: str) -> BadInput:
    return BadInput(
        f"cannot read {token!r} in a box: {why}",
        legal="words like 5money -2plastic all:iridium news/build 2plastic+workie faction-check",
    )


def _part(token: str, part: str, scope: str) -> tuple[Item, tuple[str, ...]]:
    match = _PART.match(part)
    if not match:
        raise _bad(token, "not a count and a symbol")
    sign, digits, body = match.groups()
    n = int(digits) if digits else 1
    if n < 1:
        raise _bad(token, "a count is 1 or more")
    symbols = tuple(body.split("+"))
    for symbol in symbols:
        if symbol not in SYMBOLS:
            raise _bad(token, f"unknown symbol {symbol!r}")
    if sign:
        if len(symbols) > 1 or symbols[0] not in COSTS:
            raise _bad(token, f"{body} cannot be a cost")
        return Item(symbols[0], n, scope, True), symbols
    if len(symbols) > 1 and any(s in SPECIALS for s in symbols):
        raise _bad(token, "a named action cannot be mixed")
    if scope and symbols[0] in SPECIALS:
        raise _bad(token, "a named action is the actor's")
    return Item(symbols[0], n, scope), symbols


@functools.lru_cache(maxsize=2048)
def parse_box(text: str) -> Box:
    """The box a text describes; ``BadInput`` saying what cannot be read."""
    costs: list[Item] = []
    slots: list[Slot] = []
    for token in text.lower().split():
        named = NAMED.get(token)
        if named is not None:
            box = parse_box(named)
            costs.extend(box.costs)
            slots.extend(box.slots)
            continue
        scope, sep, rest = token.partition(":")
        if not sep:
            scope, rest = "", token
        elif scope not in SCOPES:
            raise _bad(token, f"{scope!r} is not all or others")
        parts = rest.split("/")
        read = [_part(token, part, scope) for part in parts]
        if len(read) > 1:
            if any(item.cost or len(symbols) > 1 for item, symbols in read):
                raise _bad(token, "a choice is between two plain actions")
            slots.append(Slot(tuple(item for item, _ in read)))
            continue
        item, symbols = read[0]
        if item.cost:
            costs.append(item)
        elif len(symbols) > 1:
            slots.append(Slot(tuple(Item(s, 1, scope) for s in symbols), mix=True, n=item.n))
        else:
            slots.append(Slot((item,)))
    return Box(tuple(costs), tuple(slots))


def normal(text: str) -> str:
    """The stored form of a box text: read (so it is valid), lower case, single spaces, a
    count of 1 left out; named boxes stay named."""
    words = []
    for token in text.lower().split():
        if token in NAMED:
            words.append(token)
            continue
        parse_box(token)
        scope, sep, rest = token.partition(":")
        parts = []
        for part in (rest if sep else token).split("/"):
            sign, digits, body = _PART.match(part).groups()  # type: ignore[union-attr]
            count = "" if not digits or int(digits) == 1 else str(int(digits))
            parts.append(f"{sign}{count}{body}")
        words.append((f"{scope}:" if sep else "") + "/".join(parts))
    return " ".join(words)


def named_in(text: str) -> set[str]:
    """The rulebook's named boxes a box text uses (by their rulebook names)."""
    words = set(text.lower().split())
    return {name for name in data.NAMED_BOXES if card_word(name) in words}


def only(text: str, allowed: frozenset[str], *, costs: bool) -> bool:
    """Every item of the box is one of ``allowed``, costs or gains as asked."""
    box = parse_box(text)
    items = [*box.costs, *(i for s in box.slots for i in s.items)]
    return all(i.symbol in allowed and i.cost == costs for i in items)
