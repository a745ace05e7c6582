"""``parse`` and ``text``: the Planet B move grammar typed after ``referee planet-b``.

Names and card names are read as ``ledger.words`` reads them (``plastic-bags`` or "PLASTIC
BAGS"), so ``parse(state, text(c).split()) == c``. A box typed in a ``declare`` writes its
words with commas (``box=-2money,news``); a law's or a swindle space's two parts, and a
track space's two boxes, are split by ``.`` (no word uses a character a shell treats
specially: in bash a ``;`` would end the command, issue 17).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from functools import partial

from ledger.decider import Setup
from ledger.errors import BadInput
from ledger.games.planet_b import data
from ledger.games.planet_b.declare import DECLARE_USAGE, FILLED, declare_text, parse_declare, piece_text
from ledger.games.planet_b.faces import Face
from ledger.games.planet_b.model import (
    SPACES,
    Build,
    BuySwindle,
    BuyTile,
    ChooseBox,
    Command,
    CopyBox,
    Deal,
    Declare,
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
from ledger.piles import several_cards
from ledger.words import Spec, card_word, count, name_of, number, one, player_verb, scan, unknown

USAGE = {
    "declare": DECLARE_USAGE,
    "reveal": "reveal tiles LEFT MIDDLE RIGHT | reveal removed TILE | reveal news PILE CARD [PILE CARD ...]"
    " [--removed TILE] | reveal tile TILE | a card new to the referee, one a command, its face with it:"
    " reveal tiles TILE grey=BOX red=BOX grey_then=flip|remove red_then=remove|flip"
    " | reveal news PILE CARD box=BOX immoral=yes|no",
    "draft": "draft PLAYER BUILDING [cost=N vp=N area=WORKIE[+WORKIE] box=BOX ...] (the face of a new one)",
    "deal": "deal PLAYER left|middle|right [--pay X,Y]",
    "sell": "sell PLAYER RESOURCE[:N] ...",
    "tile": "tile PLAYER RESOURCE upper1..lower3 [--back]",
    "office": "office PLAYER [TRACK | LAW]",
    "gain": "gain PLAYER [ITEM ...]",
    "produce": "produce PLAYER upper|lower",
    "build": "build PLAYER BUILDING [--back] [--pay X,Y]",
    "workie": "workie PLAYER crafty|brainy|crafty@BUILDING[.AREA] ...",
    "faction": "faction PLAYER TRACK|TRACK:SPACEa|b ... [--pay X,Y]",
    "news": "news PLAYER I|II|III [--pay X,Y]",
    "swindle": "swindle PLAYER +1|-1",
    "marker": "marker PLAYER left|right",
    "law": "law PLAYER [yellow|blue] [LAW] | law PLAYER left|right [--pay X,Y]",
    "box": "box PLAYER 1|2 [--pay X,Y]",
    "skip": "skip PLAYER",
    "pay": "pay PLAYER RESOURCE|crafty|brainy|TRACK[:N] ...",
    "draw": "draw PLAYER COLOUR,COLOUR,... | draw PLAYER=COLOUR[:N],... PLAYER=... (a whole election draw)",
    "recall": "recall PLAYER [BUILDING.AREA ...] | recall PLAYER BUILDING.AREA crafty|brainy",
    "discard": "discard PLAYER [BUILDING ...]",
    "destroy": "destroy PLAYER BUILDING",
    "copy": "copy PLAYER BUILDING 1|2 [--pay X,Y]",
    "replay": "replay PLAYER NEWS [--pay X,Y]",
    "give": "give PLAYER OTHER[:N] ...",
    "goods-export": "goods-export PLAYER [RESOURCE ...]",
    "exchange": "exchange PLAYER RESOURCE[:N] ...",
    "end": "end PLAYER",
    "redraw": "redraw PLAYER A|B|C|BUILDING ...",
}
ALIASES: dict[str, tuple[str, ...]] = {"end": ("end-turn",), "gain": ("votes",)}
_PAY: Spec = {"pay": ("pay", "value")}


def _pay(options: dict[str, list[str]]) -> tuple[str, ...]:
    value = one(options, "pay")
    return tuple(w.strip().lower() for w in value.split(",") if w.strip()) if value else ()


def _counted(words: Sequence[str], allowed: Sequence[str], what: str) -> tuple[str, ...]:
    """``plastic:2 water`` -> ("plastic", "plastic", "water"), sorted."""
    out: list[str] = []
    for word in words:
        name, colon, n = word.lower().partition(":")
        if name not in allowed:
            raise BadInput(unknown(what, name, allowed), legal=", ".join(allowed))
        out += [name] * (number(n, "a count") if colon else 1)
    return tuple(sorted(out))


def reserved_words(setup: Setup) -> dict[str, str]:
    """The words of the ``colours`` option a player may not be named: another seat's colour
    (``draw`` reads colours and names alike). The setup refuses ``dummy`` itself."""
    seats = [*setup.players, *((data.DUMMY,) if len(setup.players) == 2 else ())]
    words: dict[str, str] = {}
    chosen = setup.options.get("colours") or ""
    for colour, seat in zip((c.strip() for c in chosen.split(",")), seats, strict=False):
        if colour and colour.lower() != seat.lower():
            words[colour.lower()] = f"{seat}'s colour in `draw` (--option colours={chosen})"
    return words


def colour_names(state: State) -> dict[str, str]:
    """Words for each colour: a player's name, ``dummy``, and the ``colours`` option."""
    names = {p.lower(): p for p in state.seats}
    if state.dummy:
        names[data.DUMMY] = data.DUMMY
    chosen = state.options.get("colours")
    if chosen:
        owners = [*state.seats, *((data.DUMMY,) if state.dummy else ())]
        names.update({c.strip().lower(): o for c, o in zip(chosen.split(","), owners, strict=False)})
    return names


def _colour_word(word: str) -> str:
    """A typed player or colour as ``colour_names`` keys it: a name is stored composed (NFC), and a
    terminal may type ``zoë`` decomposed."""
    return unicodedata.normalize("NFC", word).lower()


def _colours(state: State, word: str) -> tuple[str, ...]:
    """``ann:2,dummy`` -> ("ann", "ann", "dummy"), sorted."""
    names = colour_names(state)
    out = []
    for part in word.split(","):
        part, colon, n = _colour_word(part.strip()).partition(":")
        if not part:
            continue
        if part not in names:
            raise BadInput(unknown("colour", part, names), legal=", ".join(sorted(names)))
        out += [names[part]] * (number(n, "a count") if colon else 1)
    return tuple(sorted(out))


# ---------------------------------------------------------------------------- moves


def _face(
    kind: str, via: str, state: State, names: Sequence[str], parts: Sequence[str], filled: str
) -> Face | None:
    """The face typed after the one card a move brings out (``grey=... red=...``), read as
    ``declare KIND NAME ...`` reads it, the key the move fills (``FILLED``: the tile set, the
    pile) added from it when not typed; None if no part is typed (issue 41)."""
    if not parts:
        return None
    if len(names) != 1:
        raise several_cards(names, via)
    key = FILLED[kind]
    if filled and not any(part.lower().startswith(f"{key}=") for part in parts):
        parts = [*parts, f"{key}={filled}"]
    declared = parse_declare(state, [kind, names[0], *parts])
    assert isinstance(declared, Declare)
    return declared.face


def _parse_reveal(state: State, words: Sequence[str]) -> Command:
    positional, options = scan(words, {"removed": ("removed", "value")})
    parts = [w for w in positional if "=" in w]
    positional = [w for w in positional if "=" not in w]
    count(positional, 2, None, USAGE["reveal"])
    what = positional[0].lower()
    removed = one(options, "removed")
    if removed is not None and what != "news":
        raise BadInput(
            "--removed goes with the setup's news reveal", legal="reveal news PILE CARD ... --removed TILE"
        )
    tile = name_of([removed], "tile") if removed is not None else ""
    if what == "tiles":
        count(positional, 2, 4, USAGE["reveal"])
        face = _face("tile", "reveal tiles", state, positional[1:], parts, "A")
        if len(positional) > 2:  # every tile still to place, left to right (or the next one alone)
            empty = sum(space.tile is None for space in state.spaces) or 3
            count(positional, 1 + empty, 1 + empty, USAGE["reveal"])
        return Reveal("tiles", tuple(name_of([w], "tile") for w in positional[1:]), face=face)
    if what in ("removed", "tile"):
        name = name_of(positional[1:], "tile")
        return Reveal(what, (name,), face=_face("tile", f"reveal {what}", state, [name], parts, "B"))
    if what == "news":
        count(positional, 3, None, USAGE["reveal"])
        if positional[1].upper() not in data.NEWS_PILES:
            raise BadInput(f"news piles are I, II and III, not {positional[1]!r}", legal="I | II | III")
        groups: list[tuple[str, list[str]]] = []
        for word in positional[1:]:
            if word.upper() in data.NEWS_PILES:
                groups.append((word.upper(), []))
            else:
                groups[-1][1].append(word)
        for pile, words in groups:
            if not words:
                raise BadInput(f"say the card revealed on news pile {pile}", legal=USAGE["reveal"])
        cards_ = tuple(name_of(words, "news card") for _, words in groups)
        if parts and (len(groups) > 1 or tile):
            raise BadInput(
                "a face belongs to one card: reveal news names "
                + ", ".join((*cards_, *([tile] if tile else []))),
                legal="reveal news PILE CARD with its face, one card a command"
                + (" (reveal removed TILE with its own first)" if tile else ""),
            )
        if len(groups) == 1:
            pile = groups[0][0]
            face = _face("news", f"reveal news {pile}", state, cards_, parts, pile)
            return Reveal("news", cards_, pile, removed=tile, face=face)
        return Reveal("news", cards_, piles=tuple(pile for pile, _ in groups), removed=tile)
    raise BadInput(f"reveal what? {positional[0]!r}", legal=USAGE["reveal"])


def _draft(state: State, player: str, rest: list[str], options: dict[str, list[str]]) -> Command:
    """``draft PLAYER BUILDING [cost=N vp=N area=... box=...]``: the face of a building new to the
    referee typed with it, its pile the packet's (issue 41)."""
    name = name_of([w for w in rest if "=" not in w], "building")
    parts = [w for w in rest if "=" in w]
    if state.draft is None:  # no draft now: the rules refuse the move and say why, the face unread
        return DraftCard(player, name)
    return DraftCard(
        player, name, _face("building", f"draft {player}", state, [name], parts, state.draft.pile)
    )


_Build = Callable[[State, str, list[str], dict[str, list[str]]], Command]


def _seats(state: State) -> Sequence[str]:
    return state.seats


def _simple(
    verb: str,
    build: _Build,
    state: State,
    words: Sequence[str],
    *,
    spec: Spec | None = None,
    low: int = 0,
    high: int | None = None,
) -> Command:
    """A verb whose first word is the player: ``build(state, player, rest, options)``, read at
    each parse (``_PARSERS`` holds ``partial(_simple, verb, build, ...)``)."""
    return player_verb(USAGE[verb], build, _seats, spec, low, high)(state, words)


def _space(word: str) -> str:
    if word.lower() not in SPACES:
        raise BadInput(
            f"the conglomerate spaces are left, middle and right, not {word!r}", legal=" | ".join(SPACES)
        )
    return word.lower()


def _one_of(word: str, allowed: Sequence[str], verb: str, what: str) -> str:
    """A word the grammar allows only a few values for (checked before any rule: exit 2)."""
    for value in allowed:
        if word.lower() == value.lower():
            return value
    raise BadInput(f"{what} is {' or '.join(allowed)}, not {word!r}", legal=USAGE[verb])


_SWINDLE_TILES = tuple(dict.fromkeys(data.SWINDLE_TILES))
_TILE_SPACES = tuple(f"{line}{n}" for line in data.LINES for n in range(1, data.LINE_SPACES + 1))
_BOXES = ("1", "2")
_PAYMENTS = (*data.RESOURCES, *data.WORKIES, *data.TRACKS)  # what a cost of choice takes
_NEWS = tuple(data.NEWS_PILES)


def _office(state: State, player: str, rest: list[str], options: dict[str, list[str]]) -> Command:
    if not rest:
        return Office(player)
    if len(rest) == 1 and rest[0].lower() in data.TRACKS:
        return Office(player, rest[0].lower())
    return Office(player, name_of(rest, "law"))


def _law(state: State, player: str, rest: list[str], options: dict[str, list[str]]) -> Command:
    if rest and rest[0].lower() in ("left", "right"):
        count(rest, 1, 1, USAGE["law"])
        return LawMove(player, side=rest[0].lower(), pay=_pay(options))
    pile = ""
    if rest and rest[0].lower() in data.LAW_PILES:
        pile, rest = rest[0].lower(), rest[1:]
    return LawMove(player, pile=pile, card=name_of(rest, "law") if rest else "")


def _recall(state: State, player: str, rest: list[str], options: dict[str, list[str]]) -> Command:
    if rest and rest[-1].lower() in data.WORKIES:
        return Recall(player, tuple(w.lower() for w in rest[:-1]), rest[-1].lower())
    return Recall(player, tuple(w.lower() for w in rest))


def _redraw(state: State, player: str, rest: list[str], options: dict[str, list[str]]) -> Command:
    return Redraw(player, tuple(name_of([w], "building") for w in rest))  # a pile letter reads as A, B, C


def _give(state: State, player: str, rest: list[str], options: dict[str, list[str]]) -> Command:
    return Give(player, _counted(rest, [p.lower() for p in state.seats], "player"))


_PARSERS: dict[str, Callable[[State, Sequence[str]], Command]] = {
    "declare": parse_declare,
    "reveal": _parse_reveal,
    "draft": partial(_simple, "draft", _draft, low=1),
    "deal": partial(
        _simple, "deal", lambda s, p, r, o: Deal(p, _space(r[0]), _pay(o)), spec=_PAY, low=1, high=1
    ),
    "sell": partial(
        _simple, "sell", lambda s, p, r, o: Sell(p, _counted(r, data.RESOURCES, "resource")), low=1
    ),
    "tile": partial(
        _simple,
        "tile",
        lambda s, p, r, o: BuyTile(
            p,
            _one_of(r[0], data.RESOURCES, "tile", "a production tile"),
            _one_of(r[1], _TILE_SPACES, "tile", "a production space"),
            "back" in o,
        ),
        spec={"back": ("back", "flag")},
        low=2,
        high=2,
    ),
    "office": partial(_simple, "office", _office),
    "gain": partial(_simple, "gain", lambda s, p, r, o: Gain(p, tuple(w.lower() for w in r))),
    "votes": partial(_simple, "gain", lambda s, p, r, o: Gain(p, (f"{r[0]}vote" if r else "vote",)), high=1),
    "produce": partial(
        _simple,
        "produce",
        lambda s, p, r, o: Produce(p, _one_of(r[0], data.LINES, "produce", "a line")),
        low=1,
        high=1,
    ),
    "build": partial(
        _simple,
        "build",
        lambda s, p, r, o: Build(p, name_of(r, "building"), "back" in o, _pay(o)),
        spec={**_PAY, "back": ("back", "flag")},
        low=1,
    ),
    "workie": partial(_simple, "workie", lambda s, p, r, o: Workie(p, tuple(w.lower() for w in r)), low=1),
    "faction": partial(
        _simple,
        "faction",
        lambda s, p, r, o: Faction(p, tuple(w.lower() for w in r), _pay(o)),
        spec=_PAY,
        low=1,
    ),
    "news": partial(
        _simple,
        "news",
        lambda s, p, r, o: PlayNews(p, _one_of(r[0], _NEWS, "news", "a news pile"), _pay(o)),
        spec=_PAY,
        low=1,
        high=1,
    ),
    "swindle": partial(
        _simple,
        "swindle",
        lambda s, p, r, o: BuySwindle(p, _one_of(r[0], _SWINDLE_TILES, "swindle", "a swindle tile")),
        low=1,
        high=1,
    ),
    "marker": partial(
        _simple,
        "marker",
        lambda s, p, r, o: Marker(p, _one_of(r[0], ("left", "right"), "marker", "a move")),
        low=1,
        high=1,
    ),
    "law": partial(_simple, "law", _law, spec=_PAY),
    "box": partial(
        _simple,
        "box",
        lambda s, p, r, o: ChooseBox(p, int(_one_of(r[0], _BOXES, "box", "the box")), _pay(o)),
        spec=_PAY,
        low=1,
        high=1,
    ),
    "skip": partial(_simple, "skip", lambda s, p, r, o: Skip(p), high=0),
    "pay": partial(_simple, "pay", lambda s, p, r, o: PayCost(p, _counted(r, _PAYMENTS, "payment")), low=1),
    "draw": lambda s, w: _parse_draw(s, w),
    "recall": partial(_simple, "recall", _recall),
    "discard": partial(
        _simple, "discard", lambda s, p, r, o: Discard(p, tuple(name_of([w], "building") for w in r))
    ),
    "destroy": partial(_simple, "destroy", lambda s, p, r, o: Destroy(p, name_of(r, "building")), low=1),
    "copy": partial(
        _simple,
        "copy",
        lambda s, p, r, o: CopyBox(
            p, name_of(r[:-1], "building"), int(_one_of(r[-1], _BOXES, "copy", "the box")), _pay(o)
        ),
        spec=_PAY,
        low=2,
    ),
    "replay": partial(
        _simple, "replay", lambda s, p, r, o: Replay(p, name_of(r, "news card"), _pay(o)), spec=_PAY, low=1
    ),
    "give": partial(_simple, "give", _give, low=1),
    "goods-export": partial(
        _simple, "goods-export", lambda s, p, r, o: Export(p, _counted(r, data.RESOURCES, "resource"))
    ),
    "exchange": partial(
        _simple, "exchange", lambda s, p, r, o: Swap(p, _counted(r, data.RESOURCES, "resource")), low=1
    ),
    "end": partial(_simple, "end", lambda s, p, r, o: End(p), high=0),
    "end-turn": partial(_simple, "end", lambda s, p, r, o: End(p), high=0),
    "redraw": partial(_simple, "redraw", _redraw, low=1),
}


def _drawer(state: State, word: str) -> str:
    names = colour_names(state)
    key = _colour_word(word)
    if key not in names:
        raise BadInput(unknown("player", word, names), legal=", ".join(sorted(names)))
    return names[key]


def _parse_draw(state: State, words: Sequence[str]) -> Command:
    positional, _ = scan(words, {})
    count(positional, 1, None, USAGE["draw"])
    if any("=" in word for word in positional):
        draws: dict[str, tuple[str, ...]] = {}
        for word in positional:
            who, eq, colours = word.partition("=")
            if not eq:
                raise BadInput(
                    f"a whole draw names each drawer: PLAYER=COLOURS, not {word!r}", legal=USAGE["draw"]
                )
            name = _drawer(state, who)
            if name in draws:
                raise BadInput(f"{name} is named twice in the draw", legal=USAGE["draw"])
            draws[name] = _colours(state, colours)
        return DrawAll(draws)
    count(positional, 1, 2, USAGE["draw"])
    return DrawVotes(
        _drawer(state, positional[0]), _colours(state, positional[1]) if len(positional) > 1 else ()
    )


def parse(state: State, words: Sequence[str]) -> Command:
    """The command the words after ``referee planet-b`` type, or ``BadInput``."""
    if not words:
        raise BadInput("no move given", legal=" | ".join(sorted(USAGE)))
    parser = _PARSERS.get(words[0].lower())
    if parser is None:
        raise BadInput(unknown("Planet B move", words[0], USAGE), legal=" | ".join(sorted(USAGE)))
    return parser(state, list(words[1:]))


# ---------------------------------------------------------------------------- text


def _face_text(face: Face | None) -> str:
    """A face typed with the move that brings its card out: its declaration's keys."""
    if face is None:
        return ""
    parts = declare_text(face).split(" ", 3)[3:]
    return f" {parts[0]}" if parts else ""


def _pay_text(pay: tuple[str, ...]) -> str:
    return f" --pay {','.join(pay)}" if pay else ""


def _grouped(items: Sequence[str]) -> str:
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return " ".join(f"{k}:{n}" if n > 1 else k for k, n in counts.items())


def text(command: Command) -> str:
    """The canonical text of a move; ``parse`` reads it back to the same command."""
    match command:
        case Declare(face, also):
            return piece_text((face, *also)) if also else declare_text(face)
        case Reveal(what, names, pile, piles, removed, face):
            if what == "news":
                each = zip(piles, names, strict=True) if piles else [(pile, names[0])]
                tile = f" --removed {card_word(removed)}" if removed else ""
                return (
                    "reveal news "
                    + " ".join(f"{p} {card_word(n)}" for p, n in each)
                    + tile
                    + _face_text(face)
                )
            return f"reveal {what} {' '.join(map(card_word, names))}" + _face_text(face)
        case DraftCard(player, card, face):
            return f"draft {player} {card_word(card)}" + _face_text(face)
        case Deal(player, space, pay):
            return f"deal {player} {space}{_pay_text(pay)}"
        case Sell(player, resources):
            return f"sell {player} {_grouped(resources)}"
        case BuyTile(player, resource, space, back):
            return f"tile {player} {resource} {space}{' --back' if back else ''}"
        case Office(player, choice):
            return f"office {player}" + (f" {card_word(choice)}" if choice else "")
        case Gain(player, items):
            return " ".join(["gain", player, *items])
        case Produce(player, line):
            return f"produce {player} {line}"
        case Build(player, card, back, pay):
            return f"build {player} {card_word(card)}{' --back' if back else ''}{_pay_text(pay)}"
        case Workie(player, units):
            return " ".join(["workie", player, *units])
        case Faction(player, units, pay):
            return " ".join(["faction", player, *units]) + _pay_text(pay)
        case PlayNews(player, pile, pay):
            return f"news {player} {pile}{_pay_text(pay)}"
        case BuySwindle(player, tile):
            return f"swindle {player} {tile}"
        case Marker(player, direction):
            return f"marker {player} {direction}"
        case LawMove(player, pile, card, side, pay):
            if side:
                return f"law {player} {side}{_pay_text(pay)}"
            return " ".join(w for w in ("law", player, pile, card_word(card) if card else "") if w)
        case ChooseBox(player, box, pay):
            return f"box {player} {box}{_pay_text(pay)}"
        case Skip(player):
            return f"skip {player}"
        case PayCost(player, items):
            return f"pay {player} {_grouped(items)}"
        case DrawVotes(player, colours):
            return f"draw {player} {','.join(colours)}".rstrip()
        case DrawAll(draws):
            return "draw " + " ".join(
                f"{name}={_grouped(colours).replace(' ', ',')}" for name, colours in draws.items()
            )
        case Recall(player, areas, colour):
            return " ".join(w for w in ("recall", player, *areas, colour) if w)
        case Discard(player, names):
            return " ".join(["discard", player, *map(card_word, names)])
        case Destroy(player, building):
            return f"destroy {player} {card_word(building)}"
        case CopyBox(player, building, box, pay):
            return f"copy {player} {card_word(building)} {box}{_pay_text(pay)}"
        case Replay(player, card, pay):
            return f"replay {player} {card_word(card)}{_pay_text(pay)}"
        case Give(player, to):
            return f"give {player} {_grouped(to)}"
        case Export(player, resources):
            return " ".join(["goods-export", player, *resources])
        case Swap(player, resources):
            return f"exchange {player} {_grouped(resources)}"
        case End(player):
            return f"end {player}"
        case Redraw(player, names):
            return " ".join(
                ["redraw", player, *(n if n in data.BUILDING_PILES else card_word(n) for n in names)]
            )
    raise BadInput(f"not a Planet B move: {command!r}")
