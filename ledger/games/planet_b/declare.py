"""``declare``: a face the rulebook does not print (a side, a board, a building, a news card,
a law...) typed as words (``parse_declare``, which ``cards.face_of`` checks) and written back
(``declare_text``), for ``grammar``'s ``parse`` and ``text`` of the verb.

A box's words are written with commas (``box=-2money,news``); a law's or a swindle space's
two parts, and a track space's two boxes, are split by ``.`` (``grammar`` says why).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from ledger.errors import BadInput
from ledger.games.planet_b import cards
from ledger.games.planet_b.data import TRACKS
from ledger.games.planet_b.faces import (
    Board,
    Building,
    Face,
    Headquarters,
    Law,
    Mood,
    News,
    Production,
    Side,
    Swindle,
    Tile,
    Track,
)
from ledger.games.planet_b.model import Command, Declare, State
from ledger.words import card_word, name_of, not_a_typo, number

DECLARE_USAGE = (
    "declare side|board|production|headquarters|mood|track|swindle|faction-track|tile|building|news"
    "|law [NAME] KEY=VALUE ..."
)


def _box(value: str) -> str:
    return value.replace(",", " ")


def _pair(value: str, what: str) -> tuple[str, str]:
    pieces = value.split(".")
    if len(pieces) != 2 or ";" in value:
        shell = ", not ';' (a shell ends the command at ';')" if ";" in value else ""
        raise BadInput(f"{what} has two parts split by '.'{shell}", legal=f"{what}=BOX.BOX")
    return _box(pieces[0]), _box(pieces[1])


def _market(value: str) -> dict[str, list[int]]:
    prices: dict[str, list[int]] = {}
    for part in value.split(","):
        resource, colon, both = part.partition(":")
        grey, slash, red = both.partition("/")
        if not colon or not slash:
            raise BadInput(f"cannot read market {value!r}", legal="market=plastic:2/4,iridium:3/5")
        prices[resource.lower()] = [number(grey, "a price"), number(red, "a price")]
    return prices


_BOOL = {"yes": True, "true": True, "no": False, "false": False}
# section -> key -> how the value reads: int, list, box, pair, bool, word; a "+" repeats.
_KEYS: dict[str, dict[str, str]] = {
    "side": {"suitcases": "int", "track": "int", "start": "int", "market": "market+"},
    "board": {"upper": "list", "lower": "list"},
    "production": {"tiles": "list"},
    "headquarters": {"box": "box+"},
    "mood": {"space": "box+", "neutral": "int"},
    "track": {"space": "pair+"},
    "swindle": {"space": "pair+"},
    "tile": {"set": "word", "grey": "box", "red": "box", "grey_then": "word", "red_then": "word"},
    "building": {"pile": "word", "cost": "int", "vp": "int", "area": "word+", "box": "box+"},
    "news": {"pile": "word", "box": "box", "immoral": "bool"},
    "law": {"colour": "word", "left": "pair", "right": "pair"},
}
_PLURAL = {"market": "markets", "box": "boxes", "space": "spaces", "area": "areas"}
_SINGULAR = {plural: key for key, plural in _PLURAL.items()}  # `areas=` reads as `area=`
# Each key's form, in the move's words: what a refusal names when a key is missing.
_FORMS: dict[str, dict[str, str]] = {
    "side": {
        "suitcases": "suitcases=N",
        "track": "track=N",
        "start": "start=N",
        "market": "market=RESOURCE:GREY/RED,... (x3)",
    },
    "board": {"upper": "upper=RESOURCE,RESOURCE,RESOURCE", "lower": "lower=RESOURCE,RESOURCE,RESOURCE"},
    "production": {"tiles": "tiles=RESOURCE,... (x10)"},
    "headquarters": {"box": "box=BOX (x1-2)"},
    "mood": {"space": "space=BOX (one per space, bottom up)", "neutral": "neutral=N"},
    "track": {"space": "space=BOX.BOX (one per space)"},
    "swindle": {"space": "space=COST.REWARD (x4)"},
    "tile": {
        "set": "set=A|B",
        "grey": "grey=BOX",
        "red": "red=BOX",
        "grey_then": "grey_then=flip|remove",
        "red_then": "red_then=remove|flip",
    },
    "building": {
        "pile": "pile=A|B|C",
        "cost": "cost=N",
        "vp": "vp=N",
        "area": "area=WORKIE[+WORKIE] (x1-2)",
        "box": "box=BOX (x1-2)",
    },
    "news": {"pile": "pile=I|II|III", "box": "box=BOX", "immoral": "immoral=yes|no"},
    "law": {"colour": "colour=yellow|blue", "left": "left=BOX.BOX", "right": "right=BOX.BOX"},
}
# One example of each declaration, in the move's words, that the grammar and the face checks
# accept (tests/planet_b/test_declare_hints.py). The numbers are the shape of a face, NOT a
# card's: a table types what its own card shows. A box's words are joined by commas.
EXAMPLES: dict[str, str] = {
    "side": "declare side 2-3 suitcases=3 track=7 start=2 market=plastic:3/4,iridium:3/5"
    " market=water:2/3,plant:2/4 market=hydrogen:3/5,chip:4/6",
    "board": "declare board 1 upper=plastic,iridium,plant lower=water,meat,chip",
    "production": "declare production"
    " tiles=plastic,iridium,water,plant,hydrogen,chip,meat,meat,chip,hydrogen",
    "headquarters": "declare headquarters box=swindle,2money box=produce,vote",
    "mood": "declare mood space=-2vote space=-vote space= space=2money,vote space=4money,2vote neutral=2",
    "track": "declare track capitalist space=3money.vote space=7money.brainy space=20money.build",
    "swindle": "declare swindle space=-3money.2vote space=-5money.3vote space=-8money.4vote"
    " space=-12money.6vote",
    "tile": "declare tile NAME set=A grey=produce,2money red=-3money,news grey_then=flip red_then=remove",
    "building": "declare building NAME pile=A cost=5 vp=1 area=crafty area=crafty box=2plant box=3money",
    "news": "declare news NAME pile=I box=2vote immoral=no",
    "law": "declare law NAME colour=yellow left=capitalist-check.capitalist right=5money.money",
}


# The key a move that brings a card out fills itself (the tile set, the pile it came off):
# typed with that move, a face leaves it out (issue 41).
FILLED = {"tile": "set", "news": "pile", "building": "pile"}


def form(section: str, name: str | None = None, via: str = "") -> str:
    """How ``declare SECTION [NAME]`` is typed, every key in the move's words, and an example
    of it (of card ``name``, where the example's name is a placeholder). ``via``: the move that
    brings the card out and takes its face instead (``reveal tiles``), the key it fills left out."""
    field = _NAMED.get(section)
    named = f" {name or ('N' if field == 'number' else 'NAME')}" if field else ""
    filled = FILLED.get(section, "") if via else ""
    keys = " ".join(text for key, text in _FORMS[section].items() if key != filled)
    example = EXAMPLES[section].replace(" NAME ", f" {name} " if name else " NAME ")
    head = f"declare {section}"
    if via:
        example = re.sub(rf" {filled}=\S+", "", example).replace(head, via, 1)
        head = via
    return f"{head}{named} {keys}; e.g. {example}"


_NAMED = dict.fromkeys(("side", "track", "tile", "building", "news", "law"), "name") | {"board": "number"}
_UPPER = {"set", "pile"}


def face_needed(
    kind: str,
    name: str,
    known: Iterable[str],
    *,
    said: str = "declare it first",
    new: str | None = None,
    via: str = "",
) -> BadInput:
    """The refusal asking the table to declare card ``name`` of ``kind`` before it is played, with
    how (``new``: ``form``'s by default), unless it is a typo of a card the referee knows (then
    "did you mean", issue 41): one place for every rule that meets a card nobody declared.
    ``via``: the move bringing the card out, which takes its face (the hint is that move)."""
    if via:
        said = "type what the card shows with it"
    new = new or form(kind, card_word(name), via)
    not_a_typo(name, known, kind, new)
    return BadInput(f"the referee does not know {kind} {name} yet: {said}", legal=new)


def _value(kind: str, key: str, value: str) -> Any:
    if kind == "int":
        return number(value, key)
    if kind == "list":
        return [part.strip().lower() for part in value.split(",") if part.strip()]
    if kind == "box":
        return _box(value)
    if kind == "pair":
        return list(_pair(value, key))
    if kind == "bool":
        return _BOOL.get(value.lower(), value)
    if kind == "market":
        return _market(value)
    return value.upper() if key in _UPPER else value.lower()


def _read(section: str, words: Sequence[str]) -> tuple[dict[str, Any], list[str], list[str]]:
    """``declare SECTION WORDS`` read as a face's entry, with the keys it misses and its names."""
    keys = _KEYS[section]
    entry: dict[str, Any] = {}
    names: list[str] = []
    for word in words:
        key, eq, value = word.partition("=")
        if not eq:
            names.append(word)
            continue
        key = _SINGULAR.get(key.lower(), key.lower())
        kind = keys.get(key)
        if kind is None:
            raise BadInput(f"{section} has no {key!r}", legal=form(section))
        read = _value(kind.rstrip("+"), key, value)
        if kind.endswith("+"):
            entry.setdefault(_PLURAL[key], []).append(read)
        else:
            entry[key] = read
    field = _NAMED.get(section)
    if field and not names:
        raise BadInput(f"say which {section} (its {field}) and what it shows", legal=form(section))
    if field == "number":
        entry[field] = number(names[0], "a board number")
    elif field:
        entry[field] = name_of(names, section) if section in cards.NAMED else " ".join(names).lower()
    elif names:
        raise BadInput(f"{section} has no name: {' '.join(names)!r}")
    missing = [
        key for key, kind in keys.items() if (_PLURAL[key] if kind.endswith("+") else key) not in entry
    ]
    return entry, missing, names


def parse_declare(state: State, words: Sequence[str]) -> Command:
    if not words:
        raise BadInput("declare what?", legal=DECLARE_USAGE)
    section = words[0].lower()
    if section in PIECES:
        return _parse_piece(section, words[1:])
    if section not in _KEYS:
        raise BadInput(f"nothing to declare as {words[0]!r}", legal=", ".join([*_KEYS, *PIECES]))
    entry, missing, names = _read(section, words[1:])
    if missing:
        which = f"{section} {card_word(' '.join(names))}" if names else section
        listed = " ".join(f"{key}=" for key in missing)
        raise BadInput(
            f"declare {which} is missing {listed}", legal=form(section, card_word(" ".join(names)) or None)
        )
    return Declare(cards.face_of(section, entry, f"declare {section}"))


# ---------------------------------------------------------------------------- pieces

# What is printed on one physical piece (Game Components: "1 faction track", "4 player
# boards"), declared in one command, one part a face of its own kind as ``declare KIND`` makes
# it (each stays a fact of its own: the log and the card library keep one face a part).
# piece -> the key typed on the piece -> (the part's declaration, its key there). A player
# board's production lines are its own part; its mood track ("the mood track on your player
# board", Setting Up Your Player Board) and swindle spaces ("the topmost empty space on your
# player board", Buy a Swindle Tile) are printed the same on every board ("otherwise the boards
# are identical"), so any board's declaration may carry them. The faction track is one piece of
# 3 tracks. The board's side prints its markets and election track only (the faction track is
# placed above it): ``declare side`` is already one command.
PIECES: dict[str, dict[str, tuple[str, str]]] = {
    "board": {"mood": ("mood", "space"), "neutral": ("mood", "neutral"), "swindle": ("swindle", "space")},
    "faction-track": {track: (f"track {track}", "space") for track in TRACKS},
}
_PIECE_FORMS = {
    "mood": "mood=BOX (one per space, bottom up)",
    "neutral": "neutral=N",
    "swindle": "swindle=COST.REWARD (x4)",
    **{track: f"{track}=BOX.BOX (one per space)" for track in TRACKS},
}
PIECE_EXAMPLES = {
    "board": EXAMPLES["board"] + " mood=-2vote mood=-vote mood= mood=2money,vote mood=4money,2vote neutral=2"
    " swindle=-3money.2vote swindle=-5money.3vote swindle=-8money.4vote swindle=-12money.6vote",
    "faction-track": "declare faction-track capitalist=3money.vote capitalist=7money.brainy"
    " capitalist=20money.build futurist=iridium.right futurist=2hydrogen.work"
    " traditionalist=plant,2money.mood traditionalist=2vote.meat",
}


def piece_form(piece: str, number: str = "") -> str:
    """How one piece is declared in one command, every key in the move's words, and an example."""
    own = f" {number or 'N'} {' '.join(_FORMS['board'].values())}" if piece == "board" else ""
    keys = " ".join(_PIECE_FORMS[key] for key in PIECES[piece])
    example = PIECE_EXAMPLES[piece]
    if number:
        example = example.replace("declare board 1 ", f"declare board {number} ")
    return f"declare {piece}{own} {keys}; e.g. {example}"


def _parse_piece(piece: str, words: Sequence[str]) -> Command:
    """``declare board N ... mood=... swindle=...`` or ``declare faction-track capitalist=...``:
    each part read as its own ``declare`` reads it, every part's missing keys named at once."""
    routes = PIECES[piece]
    own: list[str] = []
    parts: dict[str, list[str]] = {}
    for word in words:
        key, eq, value = word.partition("=")
        route = routes.get(key.lower()) if eq else None
        if route is None:
            own.append(word)
        else:
            parts.setdefault(route[0], []).append(f"{route[1]}={value}")
    wanted = list(dict.fromkeys(part for part, _ in routes.values()))
    if piece == "board":
        wanted = [part for part in wanted if part in parts]  # a board alone is still its lines only
    elif own:
        raise BadInput(f"{piece} has no {own[0].partition('=')[0]!r}", legal=piece_form(piece))
    faces: list[Face] = []
    missing: list[str] = []
    names: list[str] = []
    if piece == "board":
        entry, lacking, names = _read("board", own)
        missing += lacking
        if not lacking:
            faces.append(cards.face_of("board", entry, "declare board"))
    for part in wanted:
        section, *name = part.split(" ")
        entry, lacking, _ = _read(section, [*name, *parts.get(part, [])])
        back = {there: key for key, (whose, there) in routes.items() if whose == part}
        missing += [back[key] for key in lacking]
        if not lacking:
            faces.append(cards.face_of(section, entry, f"declare {part}"))
    if missing:
        which = f"{piece} {names[0]}" if names else piece
        listed = " ".join(f"{key}=" for key in dict.fromkeys(missing))
        number = names[0] if names else ""
        legal = piece_form(piece, number) if wanted else form(piece, number or None)
        raise BadInput(f"declare {which} is missing {listed}", legal=legal)
    return Declare(faces[0], also=tuple(faces[1:]))


def piece_text(faces: Sequence[Face]) -> str:
    """``declare``'s text of several parts of one piece, in the piece's keys (``_parse_piece``)."""
    first, *rest = faces
    head = declare_text(first) if isinstance(first, Board) else "declare faction-track"
    parts = [] if isinstance(first, Board) else [first]
    words = [head]
    for face in [*parts, *rest]:
        match face:
            case Mood():
                words += [f"mood={_words(b)}" for b in face.spaces] + [f"neutral={face.neutral}"]
            case Swindle():
                words += [f"swindle={_words(c)}.{_words(r)}" for c, r in face.spaces]
            case Track():
                words += [f"{face.name}={'.'.join(map(_words, s))}" for s in face.spaces]
            case _:
                raise AssertionError(face)
    return " ".join(words)


def _words(box: str) -> str:
    return box.replace(" ", ",")


def declare_text(face: Face) -> str:
    match face:
        case Side():
            markets = " ".join(
                "market=" + ",".join(f"{r}:{g}/{red}" for r, (g, red) in m.items()) for m in face.markets
            )
            numbers = f"suitcases={face.suitcases} track={face.track} start={face.start}"
            return f"declare side {face.name} {numbers} {markets}"
        case Board():
            return f"declare board {face.number} upper={','.join(face.upper)} lower={','.join(face.lower)}"
        case Production():
            return f"declare production tiles={','.join(face.tiles)}"
        case Headquarters():
            return "declare headquarters " + " ".join(f"box={_words(b)}" for b in face.boxes)
        case Mood():
            return (
                "declare mood "
                + " ".join(f"space={_words(b)}" for b in face.spaces)
                + f" neutral={face.neutral}"
            )
        case Track():
            return f"declare track {face.name} " + " ".join(
                f"space={'.'.join(map(_words, s))}" for s in face.spaces
            )
        case Swindle():
            return "declare swindle " + " ".join(f"space={_words(c)}.{_words(r)}" for c, r in face.spaces)
        case Tile():
            sides = f"grey={_words(face.grey)} red={_words(face.red)}"
            then = f"grey_then={face.grey_then} red_then={face.red_then}"
            return f"declare tile {card_word(face.name)} set={face.set} {sides} {then}"
        case Building():
            areas = " ".join(f"area={a}" for a in face.areas)
            boxes = " ".join(f"box={_words(b)}" for b in face.boxes)
            numbers = f"pile={face.pile} cost={face.cost} vp={face.vp}"
            return f"declare building {card_word(face.name)} {numbers} {areas} {boxes}"
        case News():
            immoral = "yes" if face.immoral else "no"
            box = _words(face.box)
            return f"declare news {card_word(face.name)} pile={face.pile} box={box} immoral={immoral}"
        case Law():
            left = ".".join(map(_words, face.left))
            right = ".".join(map(_words, face.right))
            return f"declare law {card_word(face.name)} colour={face.colour} left={left} right={right}"
    raise AssertionError(face)
