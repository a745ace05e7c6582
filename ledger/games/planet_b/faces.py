"""What the table declares: the boards and cards the rulebook does not print.

A face is declared once (a ``declare`` move or a cards file), recorded as an event, and
checked against what the rulebook does say (``check``): pile sizes, the cost ranges and
workie colours of A, B and C buildings, the immoral II and III news cards, the Headquarters'
work area, the last capitalist space, the named boxes of the particular cards. Boxes are
kept as their text in the effect language (``effects``).
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from ledger.errors import BadInput, IllegalMove
from ledger.games.planet_b import data, effects
from ledger.games.planet_b.sections import (
    R_BOARD,
    R_BUILD,
    R_COMPONENTS,
    R_DEAL,
    R_ELECTION,
    R_EXCHANGE,
    R_FACTION,
    R_IMMORAL,
    R_MOOD_SCORE,
    R_PARTICULAR,
    R_PLACE,
    R_PRODUCTION,
    R_REDRAW,
    R_SCORING,
    R_SELL,
    R_SMALL,
    R_SWINDLE,
)
from ledger.words import card_word, is_card_name

Prices = dict[str, tuple[int, int]]  # resource -> (grey price, red price)


class Side(msgspec.Struct, frozen=True, tag="side", kw_only=True):
    """One side of the game board: "4" or "2-3" (Game Components and Setup)."""

    name: str
    suitcases: int  # suitcase spaces beside each conglomerate tile
    track: int  # election track spaces; the last calls an election
    start: int  # the election marker's starting space, 1 the leftmost
    markets: tuple[Prices, ...]  # below the left, middle and right tile


class Board(msgspec.Struct, frozen=True, tag="board", kw_only=True):
    """A player board's production lines (Setting Up Your Player Board)."""

    number: int
    upper: tuple[str, ...]
    lower: tuple[str, ...]


class Production(msgspec.Struct, frozen=True, tag="production", kw_only=True):
    """The resources of each player's 10 production tiles (the same for every colour)."""

    tiles: tuple[str, ...]


class Headquarters(msgspec.Struct, frozen=True, tag="headquarters", kw_only=True):
    """Headquarters' boxes; its work area (1 crafty, 1 brainy) is printed."""

    boxes: tuple[str, ...]


class Mood(msgspec.Struct, frozen=True, tag="mood", kw_only=True):
    """The mood track, lowest space first, and each space's box at an election."""

    spaces: tuple[str, ...]
    neutral: int  # index of the neutral space


class Track(msgspec.Struct, frozen=True, tag="track", kw_only=True):
    """A faction track: the 2 boxes beside each space after the start."""

    name: str
    spaces: tuple[tuple[str, ...], ...]


class Swindle(msgspec.Struct, frozen=True, tag="swindle", kw_only=True):
    """The swindle spaces of a player board, topmost first: (cost, reward)."""

    spaces: tuple[tuple[str, str], ...]


class Tile(msgspec.Struct, frozen=True, tag="tile", kw_only=True):
    """A conglomerate tile: each side's box and whether it is then flipped or removed."""

    name: str
    set: str  # "A" or "B"
    grey: str
    red: str
    grey_then: str  # "flip" or "remove"
    red_then: str


class Building(msgspec.Struct, frozen=True, tag="building", kw_only=True):
    name: str
    pile: str  # "A", "B" or "C"
    cost: int
    vp: int
    areas: tuple[str, ...]  # each work area's spaces: "crafty+brainy"
    boxes: tuple[str, ...]


class News(msgspec.Struct, frozen=True, tag="news", kw_only=True):
    name: str
    pile: str  # "I", "II" or "III"
    box: str
    immoral: bool


class Law(msgspec.Struct, frozen=True, tag="law", kw_only=True):
    """A law: its left and right box, each a "President" and an "All Others" part."""

    name: str
    colour: str  # "yellow" or "blue"
    left: tuple[str, str]
    right: tuple[str, str]


Face = Side | Board | Production | Headquarters | Mood | Track | Swindle | Tile | Building | News | Law


class Faces(msgspec.Struct, frozen=True, kw_only=True):
    """Every face declared so far."""

    sides: dict[str, Side] = {}
    boards: dict[str, Board] = {}  # by board number
    production: Production | None = None
    headquarters: Headquarters | None = None
    mood: Mood | None = None
    tracks: dict[str, Track] = {}
    swindle: Swindle | None = None
    tiles: dict[str, Tile] = {}
    buildings: dict[str, Building] = {}
    news: dict[str, News] = {}
    laws: dict[str, Law] = {}


def kind_of(face: Face) -> str:
    tag = type(face).__struct_config__.tag
    assert isinstance(tag, str)
    return tag


def key_of(face: Face) -> str:
    """What names the face within its kind ("" for a kind declared once)."""
    if isinstance(face, Board):
        return str(face.number)
    return str(getattr(face, "name", ""))


def known(faces: Faces, face: Face) -> Face | None:
    """The face already declared under the same kind and name."""
    match face:
        case Side():
            return faces.sides.get(face.name)
        case Board():
            return faces.boards.get(str(face.number))
        case Production():
            return faces.production
        case Headquarters():
            return faces.headquarters
        case Mood():
            return faces.mood
        case Track():
            return faces.tracks.get(face.name)
        case Swindle():
            return faces.swindle
        case Tile():
            return faces.tiles.get(face.name)
        case Building():
            return faces.buildings.get(face.name)
        case News():
            return faces.news.get(face.name)
        case Law():
            return faces.laws.get(face.name)
    raise AssertionError(face)


def added(faces: Faces, face: Face) -> Faces:
    """``faces`` with ``face`` declared (``check`` has accepted it)."""
    replace = msgspec.structs.replace
    match face:
        case Side():
            return replace(faces, sides={**faces.sides, face.name: face})
        case Board():
            return replace(faces, boards={**faces.boards, str(face.number): face})
        case Production():
            return replace(faces, production=face)
        case Headquarters():
            return replace(faces, headquarters=face)
        case Mood():
            return replace(faces, mood=face)
        case Track():
            return replace(faces, tracks={**faces.tracks, face.name: face})
        case Swindle():
            return replace(faces, swindle=face)
        case Tile():
            return replace(faces, tiles={**faces.tiles, face.name: face})
        case Building():
            return replace(faces, buildings={**faces.buildings, face.name: face})
        case News():
            return replace(faces, news={**faces.news, face.name: face})
        case Law():
            return replace(faces, laws={**faces.laws, face.name: face})
    raise AssertionError(face)


# ---------------------------------------------------------------------------- checks


def _box(text: str, where: str) -> str:
    try:
        return effects.normal(text)
    except BadInput as error:
        raise BadInput(f"{where}: {error.message}", legal=error.legal) from None


def _boxes(texts: Iterable[str], where: str) -> tuple[str, ...]:
    return tuple(_box(text, where) for text in texts)


def _resources(items: Iterable[str], where: str) -> tuple[str, ...]:
    """Resources only: a production line or tile produces one ("resource" is a box's symbol)."""
    out = tuple(item.lower() for item in items)
    for item in out:
        if item not in data.RESOURCES:
            raise BadInput(f"{where}: unknown resource {item!r}", legal=", ".join(data.RESOURCES))
    return out


def _name(name: str, what: str) -> None:
    if not is_card_name(name):
        raise BadInput(f"cannot use {name!r} as a {what} name", legal="letters and digits")


def areas_of(text: str) -> tuple[str, ...]:
    """A work area's spaces: ``crafty+brainy`` -> ("crafty", "brainy")."""
    return tuple(text.split("+"))


def _areas(areas: Iterable[str], where: str) -> tuple[str, ...]:
    out = []
    for area in areas:
        spaces = areas_of(area.lower().replace(" ", ""))
        if not spaces or any(s not in data.WORKIES for s in spaces):
            raise BadInput(
                f"{where}: a work area is crafty and brainy spaces, like crafty+brainy, not {area!r}"
            )
        out.append("+".join(spaces))
    return tuple(out)


def _capacity(count: int, size: int, what: str) -> None:
    if count > size:
        raise IllegalMove(f"there are only {size} {what}", rule=R_COMPONENTS)


def _named(name: str, kind: str, texts: Iterable[str]) -> None:
    """A card the rulebook explains shows its named boxes (Explanation of Particular Cards)."""
    printed = data.NAMED_CARDS.get(name)
    if printed is None:
        return
    want, boxes = printed
    if want is not None and want != kind:
        raise IllegalMove(f"{name} is a {want} card, not a {kind}", rule=R_PARTICULAR)
    used = set().union(*(effects.named_in(t) for t in texts))
    missing = [box for box in boxes if box not in used]
    if missing:
        raise IllegalMove(
            f"{name} shows {', '.join(missing)}",
            rule=R_PARTICULAR,
            legal=f"include {' and '.join(card_word(b) for b in missing)} in its boxes",
        )


def check(faces: Faces, face: Face) -> Face:
    """``face`` as stored (names and boxes normalised) if the rulebook allows it; ``BadInput``
    for what cannot be read, ``IllegalMove`` for what contradicts the rulebook."""
    replace = msgspec.structs.replace
    match face:
        case Side():
            return _side(face)
        case Board():
            if not 1 <= face.number <= max(data.PLAYER_COUNTS):
                raise IllegalMove(f"player boards are numbered 1 to 4, not {face.number}", rule=R_BOARD)
            where = f"board {face.number}"
            upper, lower = _resources(face.upper, where), _resources(face.lower, where)
            if len(upper) != data.LINE_SPACES or len(lower) != data.LINE_SPACES:
                raise IllegalMove("each production line has 3 production spaces", rule=R_PRODUCTION)
            return replace(face, upper=upper, lower=lower)
        case Production():
            tiles = _resources(face.tiles, "production tiles")
            if len(tiles) != data.PRODUCTION_TILES:
                raise IllegalMove(
                    f"each player has {data.PRODUCTION_TILES} production tiles", rule=R_COMPONENTS
                )
            return replace(face, tiles=tiles)
        case Headquarters():
            if not 1 <= len(face.boxes) <= 2:
                raise IllegalMove("a building shows 1 or 2 action boxes", rule=R_PLACE)
            return replace(face, boxes=_boxes(face.boxes, "headquarters"))
        case Mood():
            return _mood(face)
        case Track():
            return _track(face)
        case Swindle():
            return _swindle(face)
        case Tile():
            return _tile(faces, face)
        case Building():
            return _building(faces, face)
        case News():
            return _news(faces, face)
        case Law():
            return _law(faces, face)
    raise AssertionError(face)


def _side(face: Side) -> Side:
    if face.name not in (data.FULL_SIDE, data.SMALL_SIDE):
        raise BadInput(f"the board has a 4 side and a 2-3 side, not {face.name!r}", legal="4 | 2-3")
    if face.name == data.SMALL_SIDE and face.suitcases != data.SMALL_SUITCASES:
        raise IllegalMove("on the 2-3 side exchanges happen after the 3rd suitcase", rule=R_SMALL)
    if face.suitcases < 1:
        raise IllegalMove("a conglomerate tile has suitcase spaces", rule=R_DEAL)
    if face.track < 2 or not 1 <= face.start < face.track:
        raise IllegalMove("the election marker starts before the last space of its track", rule=R_ELECTION)
    if len(face.markets) != 3:
        raise IllegalMove("there is a market below each of the 3 conglomerate tiles", rule=R_EXCHANGE)
    markets = []
    listed: list[str] = []
    for market in face.markets:
        prices: Prices = {}
        for resource, (grey, red) in market.items():
            resource = resource.lower()
            if resource not in data.RESOURCES or resource == "meat":
                raise IllegalMove(f"a market lists resources other than meat, not {resource!r}", rule=R_SELL)
            if grey < 0 or red < 0:
                raise IllegalMove("a price is a number of money", rule=R_SELL)
            prices[resource] = (grey, red)
            listed.append(resource)
        markets.append(dict(sorted(prices.items())))
    others = [r for r in data.RESOURCES if r != "meat"]
    if sorted(listed) != sorted(others):
        raise IllegalMove(
            "every resource but meat has its price in exactly one market",
            rule=R_SELL,
            legal=", ".join(others),
        )
    return msgspec.structs.replace(face, markets=tuple(markets))


def _mood(face: Mood) -> Mood:
    spaces = _boxes(face.spaces, "mood")
    if not 0 < face.neutral < len(spaces) - 1:
        raise IllegalMove("the mood track has spaces above and below the neutral one", rule=R_MOOD_SCORE)
    if spaces[face.neutral]:
        empty = [str(i) for i, text in enumerate(spaces) if not text]
        raise IllegalMove(
            f"for neutral mood, nothing happens: neutral={face.neutral} shows {spaces[face.neutral]}"
            " (neutral= counts the spaces from 0, the bottom one)",
            rule=R_MOOD_SCORE,
            legal=f"neutral={empty[0]}, the space showing nothing"
            if empty
            else "mood= with nothing after it, the neutral space",
        )
    for i, text in enumerate(spaces):
        box = effects.parse_box(text)
        items = [*box.costs, *(item for slot in box.slots for item in slot.items)]
        if i > face.neutral and not all(it.symbol in ("money", "vote") and not it.cost for it in items):
            raise IllegalMove("for positive mood, you take money and add votes to the bag", rule=R_MOOD_SCORE)
        if i < face.neutral and not all(
            it.symbol == "vote" and it.cost != (it.scope == "others") for it in items
        ):
            raise IllegalMove(
                "for negative mood, you pay votes (very negative: all others also add votes)",
                rule=R_MOOD_SCORE,
            )
    return msgspec.structs.replace(face, spaces=spaces)


def _track(face: Track) -> Track:
    if face.name not in data.TRACKS:
        raise BadInput(f"unknown faction track {face.name!r}", legal=", ".join(data.TRACKS))
    if not face.spaces:
        raise IllegalMove("a faction track has spaces after its start", rule=R_FACTION)
    spaces = tuple(_boxes(boxes, f"{face.name} track") for boxes in face.spaces)
    if any(len(boxes) != 2 for boxes in spaces):
        raise IllegalMove("each space has 2 action boxes next to it", rule=R_SCORING)
    if face.name == "capitalist" and sorted(spaces[-1]) != sorted(data.CAPITALIST_LAST):
        raise IllegalMove(
            "the last capitalist space offers 20 money or a build action",
            rule=R_SCORING,
            legal=" and ".join(data.CAPITALIST_LAST),
        )
    return msgspec.structs.replace(face, spaces=spaces)


def _swindle(face: Swindle) -> Swindle:
    if len(face.spaces) != len(data.SWINDLE_TILES):
        raise IllegalMove("each player has 4 swindle tiles and 4 spaces for them", rule=R_SWINDLE)
    spaces = []
    for cost, reward in face.spaces:
        cost, reward = _box(cost, "swindle cost"), _box(reward, "swindle reward")
        if not effects.only(cost, effects.COSTS, costs=True):
            raise IllegalMove("a swindle space's cost is costs only", rule=R_SWINDLE)
        if effects.parse_box(reward).costs:
            raise IllegalMove("a swindle space's reward has no costs", rule=R_SWINDLE)
        spaces.append((cost, reward))
    return msgspec.structs.replace(face, spaces=tuple(spaces))


def _tile(faces: Faces, face: Tile) -> Tile:
    _name(face.name, "conglomerate tile")
    if face.set not in data.TILE_SETS:
        raise BadInput(f"conglomerate tiles are A or B, not {face.set!r}", legal="A | B")
    for then in (face.grey_then, face.red_then):
        if then not in ("flip", "remove"):
            raise BadInput(f"a tile is then flipped or removed, not {then!r}", legal="flip | remove")
    grey, red = _box(face.grey, f"tile {face.name}"), _box(face.red, f"tile {face.name}")
    if effects.parse_box(grey).costs:
        raise IllegalMove("costs only appear on the red, illegal side of the conglomerate tiles", rule=R_DEAL)
    if face.name not in faces.tiles:
        same = sum(t.set == face.set for t in faces.tiles.values())
        _capacity(same + 1, data.TILE_SETS[face.set], f"{face.set} conglomerate tiles")
    return msgspec.structs.replace(face, grey=grey, red=red)


def _building(faces: Faces, face: Building) -> Building:
    _name(face.name, "building")
    if face.name == data.HEADQUARTERS:
        raise IllegalMove("each player's Headquarters is declared once, as headquarters", rule=R_BOARD)
    if face.pile not in data.BUILDING_PILES:
        raise BadInput(f"building piles are A, B and C, not {face.pile!r}", legal="A | B | C")
    low, high = data.BUILDING_COSTS[face.pile]
    if not low <= face.cost <= high:
        raise IllegalMove(f"{face.pile} buildings cost between {low} and {high} money", rule=R_REDRAW)
    if face.vp < 0:
        raise IllegalMove("a building gives victory points", rule=R_BUILD)
    areas = _areas(face.areas, f"building {face.name}")
    if not 1 <= len(areas) <= 2:
        raise IllegalMove("a building is used 1 or 2 times: 1 or 2 work areas", rule=R_PLACE)
    colours = {space for area in areas for space in areas_of(area)}
    if colours != data.BUILDING_WORKIES[face.pile]:
        uses = " and ".join(sorted(data.BUILDING_WORKIES[face.pile]))
        raise IllegalMove(f"{face.pile} buildings use {uses} only" if face.pile != "B" else
                          "B buildings use both crafties and brainies", rule=R_REDRAW)  # fmt: skip
    if not 1 <= len(face.boxes) <= 2:
        raise IllegalMove("a building shows 1 or 2 action boxes", rule=R_PLACE)
    boxes = _boxes(face.boxes, f"building {face.name}")
    _named(face.name, "building", boxes)
    if face.name not in faces.buildings:
        same = sum(b.pile == face.pile for b in faces.buildings.values())
        _capacity(same + 1, data.BUILDING_PILES[face.pile], f"{face.pile} buildings")
    return msgspec.structs.replace(face, areas=areas, boxes=boxes)


def _news(faces: Faces, face: News) -> News:
    _name(face.name, "news card")
    if face.pile not in data.NEWS_PILES:
        raise BadInput(f"news piles are I, II and III, not {face.pile!r}", legal="I | II | III")
    if face.pile == "II" and not face.immoral:
        raise IllegalMove("all II news cards are immoral", rule=R_IMMORAL)
    box = _box(face.box, f"news {face.name}")
    _named(face.name, "news", [box])
    if face.name not in faces.news:
        same = [n for n in faces.news.values() if n.pile == face.pile]
        _capacity(len(same) + 1, data.NEWS_PILES[face.pile], f"{face.pile} news cards")
        if face.pile == "III":
            alike = sum(n.immoral == face.immoral for n in same)
            if alike + 1 > data.IMMORAL_III:
                kind = "immoral" if face.immoral else "moral"
                raise IllegalMove(f"half of the 14 III news cards are immoral: 7 are {kind}", rule=R_IMMORAL)
    return msgspec.structs.replace(face, box=box)


def _law(faces: Faces, face: Law) -> Law:
    _name(face.name, "law")
    if face.colour not in data.LAW_PILES:
        raise BadInput(f"laws are yellow or blue, not {face.colour!r}", legal="yellow | blue")
    where = f"law {face.name}"
    left = (_box(face.left[0], where), _box(face.left[1], where))
    right = (_box(face.right[0], where), _box(face.right[1], where))
    if face.name not in faces.laws:
        same = sum(law.colour == face.colour for law in faces.laws.values())
        _capacity(same + 1, data.LAW_PILES[face.colour], f"{face.colour} laws")
    return msgspec.structs.replace(face, left=left, right=right)


# ---------------------------------------------------------------------------- completeness


def board_missing(faces: Faces, players: int) -> list[str]:
    """The board faces still to declare before setup, as the words of a cards file."""
    side = data.FULL_SIDE if players == 4 else data.SMALL_SIDE
    missing = []
    if side not in faces.sides:
        missing.append(f"side {side}")
    missing += [f"board {n}" for n in range(1, players + 1) if str(n) not in faces.boards]
    for kind, face in (
        ("production", faces.production),
        ("headquarters", faces.headquarters),
        ("mood", faces.mood),
        ("swindle", faces.swindle),
    ):
        if face is None:
            missing.append(kind)
    missing += [f"track {t}" for t in data.TRACKS if t not in faces.tracks]
    return missing


def cards_missing(faces: Faces) -> list[str]:
    """How many of each kind of card are still to declare (virtual piles need them all)."""
    missing = []
    for group, size in data.TILE_SETS.items():
        have = sum(t.set == group for t in faces.tiles.values())
        if have < size:
            missing.append(f"{size - have} {group} tiles")
    for pile, size in data.BUILDING_PILES.items():
        have = sum(b.pile == pile for b in faces.buildings.values())
        if have < size:
            missing.append(f"{size - have} {pile} buildings")
    for pile, size in data.NEWS_PILES.items():
        have = sum(n.pile == pile for n in faces.news.values())
        if have < size:
            missing.append(f"{size - have} {pile} news")
    for colour, size in data.LAW_PILES.items():
        have = sum(law.colour == colour for law in faces.laws.values())
        if have < size:
            missing.append(f"{size - have} {colour} laws")
    return missing
