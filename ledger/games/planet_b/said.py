"""A Planet B move and a box in the rulebook's words: the contract's ``said`` (each word of a
move's canonical text, ``grammar.text``, as the table says it, built from the typed command) and
``box_words`` (an action box of the effect language, ``effects``, read into its typed items and
said as the rulebook prints them: ``-plastic 2workie right 3money`` is "pay 1 plastic, 2
workies, election marker right, 3 money").

A word that only leads to its value (a flag) ends in ``…``: a chip, never repeated in the
sentence (``decider.sentence``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ledger.errors import BadInput
from ledger.games.planet_b import data, effects
from ledger.games.planet_b.effects import Item, Slot
from ledger.games.planet_b.model import (
    Build,
    BuySwindle,
    BuyTile,
    ChooseBox,
    Command,
    CopyBox,
    Deal,
    Destroy,
    Discard,
    DraftCard,
    DrawAll,
    DrawVotes,
    End,
    Export,
    Faction,
    Gain,
    Give,
    LawMove,
    Marker,
    Office,
    PayCost,
    PlayNews,
    Produce,
    Recall,
    Redraw,
    Replay,
    Reveal,
    Sell,
    Skip,
    State,
    Swap,
    Workie,
)
from ledger.words import card_name

# Each symbol as the rulebook says it (Symbol Summary), singular and plural.
SYMBOLS: dict[str, tuple[str, str]] = {
    "vp": ("victory point", "victory points"),
    "crafty": ("crafty", "crafties"),
    "brainy": ("brainy", "brainies"),
    "workie": ("workie", "workies"),
    "resource": ("resource of your choice", "resources of your choice"),
    "vote": ("vote", "votes"),
    "produce": ("production action", "production actions"),
    "tile": ("production tile (for 10 money)", "production tiles (for 10 money)"),
    "build": ("build action", "build actions"),
    "news": ("news card", "news cards"),
    "swindle": ("swindle tile", "swindle tiles"),
    "swindle-free": ("swindle tile for free", "swindle tiles for free"),
    "right": ("election marker right", "election marker right"),
    "left": ("election marker left", "election marker left"),
    "marker": ("election marker left or right", "election marker left or right"),
    "law": ("law", "laws"),
    "work": ("work action", "work actions"),
    "faction": ("faction step of your choice", "faction steps of your choice"),
    # The actions "Explanation of Particular Cards" describes (``effects.SPECIALS``).
    "invitation": ("INVITATION TO BID: buildings under their piles", ""),
    "build-free": ("build from hand for free", ""),
    "renovate": ("destroy a constructed building, its victory points back", ""),
    "draw-build-a": ("the top A building, built for free", ""),
    "draw-build-b": ("the top B building, built for free", ""),
    "chance": ("3 votes drawn: 10 money and 2 victory points per own", ""),
    "sculpture": ("a vote per faction step", ""),
    "solar": ("a box of another constructed building", ""),
    "vaccinate": ("a workie back from a building", ""),
    "replay": ("a played news card again", ""),
    "export-building": ("destroy a constructed building", ""),
    "smoothie": ("plants to others: 10 money and 1 vote each", ""),
    "bet": ("3 votes drawn: 15 money per own", ""),
    "triple-sale": ("up to 2 resources at triple the price", ""),
    "pick-law": ("the top law of either pile, decided as President", ""),
    "neglect": ("score a faction keeping the disc, or 1 step", ""),
    "mood-bottom": ("the mood marker to the lowest space", ""),
    # the President decides a law drawn (I PICK NUMBER 3): its left box or its right
    "law-left": ("the law's left box", ""),
    "law-right": ("the law's right box", ""),
}
SCOPES = {"all": "everyone", "others": "all others"}
# An action done once: "a build action", not "1 build action".
ONCE = frozenset({"resource", "produce", "tile", "build", "news", "swindle", "swindle-free", "law", "work"})


def _symbol(symbol: str, n: int) -> str:
    if symbol.endswith("-check"):
        track = symbol.removesuffix("-check")
        track = "a faction of your choice" if track == "faction" else track
        return f"{track}: a step or its score (checkmark)" if n == 1 else f"{n} {track} steps (checkmark)"
    if symbol in data.TRACKS:
        return f"{symbol} step" if n == 1 else f"{n} {symbol} steps"
    one, many = SYMBOLS.get(symbol, (symbol, symbol))
    if not many:  # a card's own action: said once
        return one
    if symbol in ("right", "left", "marker"):
        return one
    if n == 1 and symbol in ONCE:
        return f"a {one}"
    return f"{n} {one if n == 1 else many}"


def item_words(item: Item) -> str:
    """One item: ``-2iridium`` is "pay 2 iridium", ``others:-1mood`` "all others: mood -1"."""
    scope = f"{SCOPES[item.scope]}: " if item.scope else ""
    if item.symbol == "mood":
        return f"{scope}mood {'-' if item.cost else '+'}{item.n}"
    said = _symbol(item.symbol, item.n)
    return f"{scope}{'pay ' if item.cost else ''}{said}"


def slot_words(slot: Slot) -> str:
    if slot.mix:
        scope = f"{SCOPES[slot.items[0].scope]}: " if slot.items[0].scope else ""
        return f"{scope}{slot.n} of " + " or ".join(_symbol(i.symbol, 2) for i in slot.items)
    return " or ".join(item_words(item) for item in slot.items)


def box_words(text: str) -> str:
    """A box of the effect language as the rulebook says it; the text itself if it does not read
    (a box is checked where it is declared: this only tells it)."""
    try:
        box = effects.parse_box(text)
    except BadInput:
        return text
    said = [item_words(item) for item in box.costs] + [slot_words(slot) for slot in box.slots]
    return ", ".join(said) or "nothing"


def _grouped(items: Sequence[str], say: str = "{n} {item}") -> list[str]:
    """``grammar._grouped``'s words (``plastic:2 water``), each said: ``2 plastic``, ``water``."""
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return [say.format(n=n, item=k) if n > 1 else k for k, n in counts.items()]


def _pay(pay: tuple[str, ...]) -> list[str]:
    return ["pay with…", "pay with " + " and ".join(pay)] if pay else []


def _space(space: str) -> str:
    """``upper2``: the upper production line's 2nd space."""
    return f"{space.rstrip('0123456789')} line, space {space.lstrip('abcdefghijklmnopqrstuvwxyz')}"


def _area(area: str) -> str:
    """``TAILOR.2``: the 2nd work area of TAILOR."""
    building, dot, n = area.partition(".")
    return f"{card_name(building)} area {n}" if dot else card_name(building)


def _unit(unit: str) -> str:
    """A Workie Action's unit: ``crafty`` (take one), ``crafty@TAILOR.2`` (place one there)."""
    kind, at, where = unit.partition("@")
    return f"{kind} to {_area(where)}" if at else f"take a {kind}"


def _faction(unit: str) -> str:
    """A Faction Action's unit: ``futurist`` (a step) or ``capitalist:6b`` (score space 6, box b)."""
    track, colon, space = unit.partition(":")
    if not colon:
        return f"{track} step"
    return f"score {track}: space {space.rstrip('ab')}, box {space[-1:]}"


def said(state: State, command: Command) -> list[str]:
    """Each word of ``text(command)``, said as the rulebook says it."""
    match command:
        case Reveal(what, names, pile, piles, removed):
            if what == "news":
                each = zip(piles, names, strict=True) if piles else [(pile, names[0])]
                tile = ["removed…", f"tile {card_name(removed)} removed"] if removed else []
                pairs = [w for p, n in each for w in (f"pile {p}", card_name(n))]
                return ["reveal", "news", *pairs, *tile]
            return ["reveal", what, *(card_name(n) for n in names)]
        case DraftCard(player, card):
            return ["keep", player, card_name(card)]
        case Deal(player, space, pay):
            return ["deal", player, f"the {space} conglomerate", *_pay(pay)]
        case Sell(player, resources):
            return ["sell", player, *_grouped(resources)]
        case BuyTile(player, resource, space, back):
            return [
                "production tile",
                player,
                resource,
                _space(space),
                *(["back to the supply (no refund)"] if back else []),
            ]
        case Office(player, choice):
            return [
                "office",
                player,
                *([card_name(choice) if choice not in data.TRACKS else choice] if choice else []),
            ]
        case Gain(player, items):
            return ["gain", player, *(box_words(i) for i in items)]
        case Produce(player, line):
            return ["produce", player, f"{line} line"]
        case Build(player, card, back, pay):
            return [
                "build",
                player,
                card_name(card),
                *(["under its pile for 5 money"] if back else []),
                *_pay(pay),
            ]
        case Workie(player, units):
            return ["workie", player, *(_unit(u) for u in units)]
        case Faction(player, units, pay):
            return ["faction", player, *(_faction(u) for u in units), *_pay(pay)]
        case PlayNews(player, pile, pay):
            return ["news", player, f"pile {pile}", *_pay(pay)]
        case BuySwindle(player, tile):
            return ["swindle", player, f"the {tile} tile"]
        case Marker(player, direction):
            return ["election marker", player, direction]
        case LawMove(player, pile, card, side, pay):
            if side:
                return ["law", player, f"the {side} law", *_pay(pay)]
            words = [f"the {pile} pile" if pile else "", card_name(card) if card else ""]
            return ["law", player, *(w for w in words if w)]
        case ChooseBox(player, box, pay):
            return ["box", player, f"box {box}", *_pay(pay)]
        case Skip(player):
            return ["skip", player]
        case PayCost(player, items):
            return ["pay", player, *_grouped(items)]
        case DrawVotes(player, colours):
            return ["draw", player, *([", ".join(colours)] if colours else [])]
        case DrawAll(draws):
            return ["draw", *(f"{name}: {', '.join(_grouped(c))}" for name, c in draws.items())]
        case Recall(player, areas, colour):
            return ["recall", player, *(_area(a) for a in areas), *([colour] if colour else [])]
        case Discard(player, names):
            return ["discard", player, *(card_name(n) for n in names)]
        case Destroy(player, building):
            return ["destroy", player, card_name(building)]
        case CopyBox(player, building, box, pay):
            return ["copy", player, card_name(building), f"box {box}", *_pay(pay)]
        case Replay(player, card, pay):
            return ["replay", player, card_name(card), *_pay(pay)]
        case Give(player, to):
            return ["give", player, *_grouped(to, "{n} plants to {item}")]
        case Export(player, resources):
            return ["goods export", player, *resources]
        case Swap(player, resources):
            return ["exchange", player, *_grouped(resources)]
        case End(player):
            return ["end the turn", player]
        case Redraw(player, names):
            return [
                "redraw",
                player,
                *(f"pile {n}" if n in data.BUILDING_PILES else card_name(n) for n in names),
            ]
    return []  # (declare: said as typed, ``decider.said``)
