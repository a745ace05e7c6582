"""What the table declares: the cards the texts do not print whole, the base game's board
actions, and the base game's numbers (table settings).

A face is declared once (a ``declare`` move or a cards file), recorded as an event and checked
against what the texts do say (``check``): the named cards' printed parts (``data``), the
Additional Cards' counts, 48 Community cards, the shape each module gives its cards (a Friend
has 3 levels and no upkeep at L3, an Educational Project 2 levels, a Stand-Alone Job none).
Boxes are kept in the effect language (``effects``), normalised.
"""

from __future__ import annotations

import functools

import msgspec

from ledger.errors import BadInput, IllegalMove
from ledger.games.pursuit import data, effects
from ledger.games.pursuit.sections import (
    R_ADDITIONAL,
    R_BLIND_DATE,
    R_COMPONENTS,
    R_ENGAGE,
    R_FRIENDS,
    R_MOST,
    R_OUTCOME,
    R_PETS,
    R_PILES,
    R_SCHOOL,
    R_SETTINGS,
    R_STAND_ALONE,
)
from ledger.words import card_word, is_card_name

LEVEL_PARTS = ("requirement", "cost", "reward", "upkeep", "income")
PART_OF = {
    "requirement": "requirement",
    "cost": "cost",
    "reward": "reward",
    "upkeep": "cost",
    "income": "reward",
}


class Level(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One level of a card (an Engage or an Outcome has the first three): checked, paid,
    gained; ``upkeep`` paid at each Upkeep Phase at this level (a Pet's: to advance), for
    ``income``."""

    requirement: str = ""
    cost: str = ""
    reward: str = ""
    upkeep: str = ""
    income: str = ""


class Card(msgspec.Struct, frozen=True, tag="card", kw_only=True, omit_defaults=True):
    """A card of a base pile or a module: its kind (``data.KINDS``), ``set`` "community" for
    Community's Additional Cards, its levels; a Career Job's ``retirement`` reward; a
    Stand-Alone Job's Work Harder (cost, reward) at hiring and at upkeep; an ability's words
    (a Degree, a Child Trait: the table applies it)."""

    name: str
    kind: str
    levels: tuple[Level, ...]
    set: str = "base"
    retirement: str = ""
    harder: tuple[str, str] = ("", "")
    harder_upkeep: tuple[str, str] = ("", "")
    ability: str = ""


class Community(msgspec.Struct, frozen=True, tag="community", kw_only=True, omit_defaults=True):
    """A Community card: the Multiple Players indicator, Engage, the numbered Outcomes."""

    name: str
    engage: Level
    outcomes: tuple[Level, ...]
    multiple: bool = False


class Action(msgspec.Struct, frozen=True, tag="action", kw_only=True, omit_defaults=True):
    """A board action the base game prints and the texts do not (Study, Overtime, ...)."""

    name: str
    reward: str
    requirement: str = ""


class Setting(msgspec.Struct, frozen=True, tag="setting"):
    """A base-game number the table declares (``data.SETTINGS``)."""

    name: str
    value: str


Face = Card | Community | Action | Setting


class Faces(msgspec.Struct, frozen=True, kw_only=True):
    settings: dict[str, str] = {}
    actions: dict[str, Action] = {}
    cards: dict[str, Card] = {}
    community: dict[str, Community] = {}


def kind_of(face: Face) -> str:
    if isinstance(face, Card):
        return face.kind
    tag = type(face).__struct_config__.tag
    assert isinstance(tag, str)
    return tag


def known(faces: Faces, face: Face) -> Face | None:
    match face:
        case Setting():
            value = faces.settings.get(face.name)
            return None if value is None else Setting(face.name, value)
        case Action():
            return faces.actions.get(face.name)
        case Card():
            return faces.cards.get(face.name) or faces.community.get(face.name)
        case Community():
            return faces.community.get(face.name) or faces.cards.get(face.name)
    raise AssertionError(face)


def added(faces: Faces, face: Face) -> Faces:
    replace = msgspec.structs.replace
    match face:
        case Setting():
            return replace(faces, settings={**faces.settings, face.name: face.value})
        case Action():
            return replace(faces, actions={**faces.actions, face.name: face})
        case Card():
            return replace(faces, cards={**faces.cards, face.name: face})
        case Community():
            return replace(faces, community={**faces.community, face.name: face})
    raise AssertionError(face)


# ---------------------------------------------------------------------------- settings


def _ints(value: str, what: str, n: int | None = None) -> tuple[int, ...]:
    try:
        out = tuple(int(part) for part in value.split(",") if part.strip())  # "1 2": not 12
    except ValueError:
        raise BadInput(
            f"setting {what}: {value!r} is not numbers", legal=f"{what} {data.SETTINGS[what]}"
        ) from None
    if not out or (n is not None and len(out) != n):
        raise BadInput(f"setting {what}: {value!r}", legal=f"{what} {data.SETTINGS[what]}")
    return out


def _words(value: str) -> tuple[str, ...]:
    return tuple(part.strip().lower() for part in value.split(",") if part.strip())


def setting(name: str, value: str) -> str:
    """The stored form of a setting's value; ``BadInput`` for what cannot be read,
    ``IllegalMove`` for what no track could be."""
    if name not in data.SETTINGS:
        raise BadInput(f"no base-game setting {name!r}", legal=", ".join(data.SETTINGS))
    value = value.strip()
    bad = IllegalMove
    if name in ("hourglasses", "sth"):
        low, high = _ints(value, name, 2)
        if name == "hourglasses" and not 0 < low <= high:
            raise bad("a player starts with 1 or more hourglasses, at most MAX", rule=R_SETTINGS)
        if name == "sth" and not low <= 0 <= high:
            raise bad("the STH track runs from MIN up to MAX through 0, where it starts", rule=R_SETTINGS)
        return f"{low},{high}"
    if name == "stress":
        sections = []
        for part in _words(value):
            spaces, colon, change = part.partition(":")
            if not colon:
                raise BadInput(f"setting stress: {part!r} is not SPACES:CHANGE", legal="stress 3:0,3:-1,3:-2")
            size, delta = _ints(spaces, name, 1)[0], _ints(change, name, 1)[0]
            if size < 1:
                raise bad("a section of the Stress track has 1 space or more", rule=R_SETTINGS)
            sections.append(f"{size}:{delta:+d}" if delta else f"{size}:0")
        if not sections:
            raise BadInput("setting stress: no sections", legal="stress 3:0,3:-1,3:-2")
        return ",".join(sections)
    if name in ("rounds", "popularity"):
        numbers = _ints(value, name, data.POPULARITY_SECTIONS if name == "popularity" else None)
        if name == "popularity" and min(numbers) < 1:
            raise bad("each section of the Popularity track has 1 space or more", rule=R_SETTINGS)
        if name == "rounds" and min(numbers) < 0:
            raise bad("old age adds Stress, never takes it", rule=R_SETTINGS)
        return ",".join(map(str, numbers))
    if name in ("order", "relax"):
        allowed = ("seats", "rotate", "sth") if name == "order" else ("section", "space")
        if value.lower() not in allowed:
            raise BadInput(
                f"setting {name} is one of {', '.join(allowed)}", legal=f"{name} {data.SETTINGS[name]}"
            )
        return value.lower()
    if name == "slots":
        count, colon, kinds = value.partition(":")
        n = _ints(count, name, 1)[0]
        listed = _words(kinds)
        for kind in listed:
            if kind not in data.KINDS:
                raise BadInput(f"setting slots: unknown kind {kind!r}", legal=", ".join(data.KINDS))
        if n < 0 or not colon:
            raise BadInput(f"setting slots: {value!r}", legal="slots 5:project,item,activity,job,partner")
        return f"{n}:{','.join(sorted(set(listed), key=data.KINDS.index))}"
    if name == "life-goals":
        if value.lower() == "players":
            return "players"
        return str(_nonnegative(value, name))
    if name in ("child-traits", "solo-target", "friend-cards"):
        return str(_nonnegative(value, name))
    if name == "teen-closed":
        names = _words(value)
        for action in names:
            if card_word(action) != action:
                raise BadInput(f"setting teen-closed: {action!r} is not an action name")
        return ",".join(names)
    return effects.normal(value, "cost")  # refresh


def _nonnegative(value: str, name: str) -> int:
    n = _ints(value, name, 1)[0]
    if n < 0:
        raise IllegalMove(f"setting {name} is 0 or more", rule=R_SETTINGS)
    return n


# ---------------------------------------------------------------------------- printed cards

_EXTRAS = {"career-job": ("retirement",), "stand-alone-job": ("harder", "harder_upkeep")}


def parts_shown(kind: str, n: int, levels: int) -> tuple[str, ...]:
    """The parts level ``n`` (of ``levels``) of a ``kind`` of card shows, by the procedure its
    text gives; the base game's own cards show all five."""
    last = n == levels
    if kind == "career-job":
        # 3. School: Make a Career Choice: "pay the depicted L1 Cost ... receive the L1 Reward"
        # (no Requirement); each Upkeep Phase "pay the depicted Level Cost to gain the
        # corresponding Level Reward" (its upkeep is its next level).
        return ("cost", "reward")
    if kind == "friend":
        # 1. Friends: Start Friendship: "check if you meet the L1 Requirement ... receive the L1
        # Reward"; Develop a Friendship: "pay the depicted Level Cost, and receive the
        # corresponding Level Reward"; at L3 "he does not have to pay any Upkeep Cost".
        if n == 1:
            return ("requirement", "reward", "upkeep", "income")
        return ("cost", "reward") if last else ("cost", "reward", "upkeep", "income")
    if kind == "pet":
        # 2. Pets: "pay the L1 Cost of the card ... Receive the L1 Reward"; each Upkeep Phase
        # "pay the required Upkeep Cost ... pay any Level Cost depicted, and gain the
        # corresponding Level Reward"; nothing more at the final level.
        return ("cost", "reward") if last else ("cost", "reward", "upkeep")
    if kind in ("life-goal", "child-trait"):
        return ("requirement", "reward")
    return LEVEL_PARTS


def _count(printed: dict[str, object], key: str, prefix: str) -> int:
    """How many levels (or Outcomes) a printed card shows: its printed count, its kind's, or
    the last one the text names."""
    count = printed.get(key)
    if isinstance(count, int):
        return count
    kind = printed.get("kind")
    if kind == "friend":
        return data.FRIEND_LEVELS
    if kind == "stand-alone-job":
        return 1
    named = [int(k.split(".")[0][len(prefix) :]) for k in printed if k.startswith(prefix) and "." in k]
    return max(named, default=0)


def unprinted(name: str) -> list[str]:
    """The parts of a named card its text does not print (``data.PRINTED_CARDS`` keys: "l2.cost",
    "harder", ...; a Community card's "engage.requirement", "o1.reward", "multiple",
    "outcomes" when their number is not printed); [] for a card printed whole, or not named."""
    printed = data.PRINTED_CARDS.get(name)
    if printed is not None:
        kind = str(printed["kind"])
        levels = _count(printed, "levels", "l")
        missing = [
            f"l{n}.{part}"
            for n in range(1, levels + 1)
            for part in parts_shown(kind, n, levels)
            if f"l{n}.{part}" not in printed
        ]
        return missing + [extra for extra in _EXTRAS.get(kind, ()) if extra not in printed]
    printed = data.PRINTED_COMMUNITY.get(name)
    if printed is None:
        return []
    missing = [] if "multiple" in printed else ["multiple"]
    missing += [f"engage.{part}" for part in LEVEL_PARTS[:3] if f"engage.{part}" not in printed]
    outcomes = _count(printed, "outcomes", "o")
    missing += [
        f"o{n}.{part}"
        for n in range(1, outcomes + 1)
        for part in LEVEL_PARTS[:3]
        if f"o{n}.{part}" not in printed
    ]
    return missing + ([] if "outcomes" in printed else ["outcomes"])


def _filled(level: Level, printed: dict[str, object], prefix: str) -> Level:
    """``level`` with each part the table left empty taken from what the text prints."""
    fields = {}
    for part in LEVEL_PARTS:
        value = printed.get(f"{prefix}.{part}")
        if isinstance(value, str) and not getattr(level, part):
            fields[part] = value
    return msgspec.structs.replace(level, **fields) if fields else level


def complete(face: Card) -> Card:
    """A named card's declaration with what its text prints filled in where the table left
    it out (KS Promos 4 and Community print parts of some cards: the table is asked only for
    the rest, ``unprinted``); a part declared otherwise is refused later (``_printed``)."""
    printed = data.PRINTED_CARDS.get(face.name)
    if printed is None or printed["kind"] != face.kind:
        return face
    shown = max(len(face.levels), _count(printed, "levels", "l"))
    levels = (*face.levels, *(Level() for _ in range(shown - len(face.levels))))
    fields: dict[str, object] = {
        "levels": tuple(_filled(level, printed, f"l{n}") for n, level in enumerate(levels, 1))
    }
    for extra in _EXTRAS.get(face.kind, ()):
        have = getattr(face, extra)
        if extra in printed and not (any(have) if isinstance(have, tuple) else have):
            fields[extra] = printed[extra]
    return msgspec.structs.replace(face, **fields)


def complete_community(face: Community) -> Community:
    """``complete`` for a Community card (Community prints parts of some, in its example)."""
    printed = data.PRINTED_COMMUNITY.get(face.name)
    if printed is None:
        return face
    shown = max(len(face.outcomes), _count(printed, "outcomes", "o"))
    outcomes = (*face.outcomes, *(Level() for _ in range(shown - len(face.outcomes))))
    return msgspec.structs.replace(
        face,
        multiple=face.multiple or bool(printed.get("multiple", False)),
        engage=_filled(face.engage, printed, "engage"),
        outcomes=tuple(_filled(level, printed, f"o{n}") for n, level in enumerate(outcomes, 1)),
    )


BUILT_IN_SINCE = "4"  # rules versions before it asked for every card (their logs verify as recorded)


def built_in(modules: tuple[str, ...], rules_version: str) -> list[Card]:
    """The cards printed whole that a game with ``modules`` holds, known from its setup on."""
    if rules_version in ("1", "2", "3"):
        return []
    return [c for c in printed_whole().values() if data.MODULE_OF.get(c.kind) in (None, *modules)]


@functools.cache
def printed_whole() -> dict[str, Card]:
    """The named cards a text prints whole (nothing ``unprinted``), as faces: built into
    every game whose modules hold them, never asked (RUGBY PLAYER: 3. School's example)."""
    out = {}
    for name, printed in data.PRINTED_CARDS.items():
        if not unprinted(name):
            out[name] = _card(Faces(), Card(name=name, kind=str(printed["kind"]), levels=()))
    return out


def as_typed(face: Face) -> Face:
    """What a table types of ``face``: for a card a text prints in part, only the rest (the
    parts printed left empty, levels printed whole at the end left out); ``complete`` fills
    them back in."""
    if isinstance(face, Card) and face.name in data.PRINTED_CARDS:
        printed = data.PRINTED_CARDS[face.name]
        levels = [_unprinted_parts(level, printed, f"l{n}") for n, level in enumerate(face.levels, 1)]
        while levels and levels[-1] == Level():
            levels.pop()
        cleared = {
            e: ("", "") if isinstance(printed[e], tuple) else ""
            for e in _EXTRAS.get(face.kind, ())
            if e in printed
        }
        return msgspec.structs.replace(face, levels=tuple(levels), **cleared)
    if isinstance(face, Community) and face.name in data.PRINTED_COMMUNITY:
        printed = data.PRINTED_COMMUNITY[face.name]
        outcomes = [_unprinted_parts(level, printed, f"o{n}") for n, level in enumerate(face.outcomes, 1)]
        while (
            len(outcomes) > 1
            and outcomes[-1] == Level()
            and len(outcomes) <= _count(printed, "outcomes", "o")
        ):
            outcomes.pop()
        return msgspec.structs.replace(
            face,
            multiple=face.multiple and "multiple" not in printed,
            engage=_unprinted_parts(face.engage, printed, "engage"),
            outcomes=tuple(outcomes),
        )
    return face


def _unprinted_parts(level: Level, printed: dict[str, object], prefix: str) -> Level:
    return Level(**{p: "" if f"{prefix}.{p}" in printed else getattr(level, p) for p in LEVEL_PARTS})


def hint(name: str, kind: str) -> str:
    """How the table declares ``name``: only the parts its text does not print, each a
    placeholder in the move's own keys and separators (a part it prints left empty)."""
    missing = set(unprinted(name))
    if name in data.PRINTED_COMMUNITY:
        words = [f"declare community {card_word(name)}"]
        if "multiple" in missing:
            words.append("multiple=yes|no")
        words.append(f"engage={_placeholders(missing, 'engage', LEVEL_PARTS[:3])}")
        printed = data.PRINTED_COMMUNITY[name]
        outcomes = _count(printed, "outcomes", "o")
        for n in range(1, outcomes + 1):
            words.append(f"outcome={_placeholders(missing, f'o{n}', LEVEL_PARTS[:3])}")
        if "outcomes" in missing:
            words.append("outcome=REQUIREMENT.COST.REWARD ...")
        return " ".join(words)
    words = [f"declare {kind} {card_word(name)}"]
    printed = data.PRINTED_CARDS[name]
    levels = _count(printed, "levels", "l")
    asked = [n for n in range(1, levels + 1) if any(m.startswith(f"l{n}.") for m in missing)]
    for n in range(1, max(asked, default=0) + 1):
        words.append(f"l{n}={_placeholders(missing, f'l{n}', LEVEL_PARTS)}")
    if "retirement" in missing:
        words.append("retirement=REWARD")
    for extra in ("harder", "harder_upkeep"):
        if extra in missing:
            words.append(f"{extra.replace('_', '-')}=COST.REWARD")
    return " ".join(words)


def _placeholders(missing: set[str], prefix: str, parts: tuple[str, ...]) -> str:
    pieces = [part.upper() if f"{prefix}.{part}" in missing else "" for part in parts]
    while pieces and not pieces[-1]:
        pieces.pop()
    return ".".join(pieces) or "."


# ---------------------------------------------------------------------------- cards


def _name(name: str, what: str) -> None:
    if not is_card_name(name):
        raise BadInput(f"cannot use {name!r} as a {what} name", legal="letters and digits")


def _box(text: str, part: str, where: str) -> str:
    try:
        return effects.normal(text, part)
    except BadInput as error:
        raise BadInput(f"{where}: {error.message}", legal=error.legal) from None


def _level(level: Level, where: str) -> Level:
    fields = {part: _box(getattr(level, part), PART_OF[part], where) for part in LEVEL_PARTS}
    return Level(**fields)


_SHAPE_RULE = {"friend": R_FRIENDS, "pet": R_PETS, "career-job": R_SCHOOL, "educational-project": R_SCHOOL}


def _card(faces: Faces, face: Card) -> Card:
    _name(face.name, "card")
    where = f"{face.kind} {face.name}"
    if face.kind not in data.KINDS:
        raise BadInput(f"unknown kind of card {face.kind!r}", legal=", ".join(data.KINDS))
    if face.set not in ("base", "community"):
        raise BadInput(f"a card's set is base or community, not {face.set!r}", legal="base | community")
    face = complete(face)
    levels = tuple(_level(level, where) for level in face.levels)
    if not levels:
        raise IllegalMove(f"{face.name} shows no level", rule=R_PILES)
    card = msgspec.structs.replace(
        face,
        levels=levels,
        retirement=_box(face.retirement, "reward", where),
        harder=(_box(face.harder[0], "cost", where), _box(face.harder[1], "reward", where)),
        harder_upkeep=(
            _box(face.harder_upkeep[0], "cost", where),
            _box(face.harder_upkeep[1], "reward", where),
        ),
        ability=" ".join(face.ability.split()),
    )
    _shape(card)
    if card.set == "community":
        _additional(faces, card)
    _printed(card, data.PRINTED_CARDS.get(card.name))
    return card


def _shape(card: Card) -> None:
    """What the texts say of each kind's levels."""
    levels, kind = card.levels, card.kind
    rule = _SHAPE_RULE.get(kind, R_PILES)
    if card.retirement and kind != "career-job":
        raise IllegalMove("only a Career Job shows a Retirement reward", rule=R_SCHOOL)
    if (any(card.harder) or any(card.harder_upkeep)) and kind != "stand-alone-job":
        raise IllegalMove("only a Stand-Alone Job shows Work Harder", rule=R_STAND_ALONE)
    if kind == "friend":
        if len(levels) != data.FRIEND_LEVELS:
            raise IllegalMove("a Friend card has 3 levels; the last (L3) is Repeatable", rule=rule)
        if levels[0].cost:
            raise IllegalMove(
                "Start Friendship checks the L1 Requirement and gives the L1 Reward: no L1 cost", rule=rule
            )
        if levels[2].upkeep or levels[2].income:
            raise IllegalMove("at L3 a Friend has no Upkeep Cost", rule=rule)
    elif kind == "educational-project" and len(levels) != data.EDUCATIONAL_LEVELS:
        raise IllegalMove("each Educational Project only features two Levels", rule=rule)
    elif kind == "stand-alone-job" and len(levels) != 1:
        raise IllegalMove(
            "Stand-Alone Jobs do not feature Levels: one hiring and upkeep part", rule=R_STAND_ALONE
        )
    elif kind == "career-job":
        if len(levels) < 2:
            raise IllegalMove("a Career Job advances through its levels to Retirement", rule=rule)
        if any(level.upkeep or level.income for level in levels):
            raise IllegalMove("a Career Job's upkeep is its next Level Cost", rule=rule)
    elif kind == "pet":
        if len(levels) < 2:
            raise IllegalMove("a Pet advances to its next level at each Upkeep Phase", rule=rule)
        if levels[-1].upkeep or levels[-1].income:
            raise IllegalMove("a Pet at its final level has nothing more to pay", rule=rule)
    elif kind in ("life-goal", "child-trait"):
        level = levels[0]
        if len(levels) != 1 or level.cost or level.upkeep or level.income:
            raise IllegalMove(f"a {kind.replace('-', ' ')} shows one requirement and reward", rule=R_PILES)
    if any(effects.has(level.reward, "partner", "reward") for level in levels):
        raise IllegalMove("only Blind Date's Outcome 3 takes a Partner", rule=R_BLIND_DATE)


def _additional(faces: Faces, card: Card) -> None:
    pile = data.ADDITIONAL_PILE.get(card.kind, card.kind)
    if pile not in data.ADDITIONAL:
        raise IllegalMove(
            f"Community's Additional Cards are Projects, Items & Activities, Jobs, Partners, Life Goals and"
            f" Child Traits, not a {card.kind}",
            rule=R_ADDITIONAL,
        )
    if card.name in faces.cards:
        return
    same = sum(
        c.set == "community" and data.ADDITIONAL_PILE.get(c.kind, c.kind) == pile
        for c in faces.cards.values()
    )
    if same + 1 > data.ADDITIONAL[pile]:
        raise IllegalMove(f"Community adds {data.ADDITIONAL[pile]} {pile} cards", rule=R_COMPONENTS)


def _get(face: Card | Community, key: str) -> object:
    """A printed key's value on a declared face."""
    if key in ("kind", "multiple", "retirement", "harder", "harder_upkeep"):
        return getattr(face, key)
    if key in ("levels", "outcomes"):
        return len(face.levels if isinstance(face, Card) else face.outcomes)
    where, _, part = key.partition(".")
    if isinstance(face, Community):
        level = face.engage if where == "engage" else face.outcomes[int(where[1:]) - 1]
    else:
        level = face.levels[int(where[1:]) - 1]
    return getattr(level, part)


def _printed(face: Card | Community, printed: dict[str, object] | None) -> None:
    """A named card shows what the text prints of it."""
    if printed is None:
        return
    rule = _printed_rule(face)
    for key, want in printed.items():
        if key == "most":
            assert isinstance(face, Community)
            parts = [face.engage.requirement, *(o.requirement for o in face.outcomes)]
            if not any(effects.has(text, str(want), "requirement") for text in parts):
                raise IllegalMove(
                    f"{face.name} asks for the {str(want).removeprefix('most-')} ({want})", rule=R_MOST
                )
            continue
        if key.endswith(".special"):
            assert isinstance(face, Community)
            n = int(key.split(".")[0][1:])
            if len(face.outcomes) < n or not effects.has(face.outcomes[n - 1].reward, str(want), "reward"):
                raise IllegalMove(
                    f"{face.name}'s Outcome {n} takes a Partner (reward {want})", rule=R_BLIND_DATE
                )
            continue
        if key in ("levels", "outcomes"):
            have = _get(face, key)
            assert isinstance(have, int) and isinstance(want, int)
            if (have < want) if key == "outcomes" else (have != want):
                raise IllegalMove(f"{face.name} shows {want} {key}", rule=rule)
            continue
        try:
            have = _get(face, key)
        except IndexError:
            raise IllegalMove(f"{face.name} shows {key.split('.')[0].upper()}", rule=rule) from None
        if isinstance(want, str) and key not in ("kind",):
            part = PART_OF.get(key.split(".")[-1], "reward" if key == "retirement" else "cost")
            want = effects.normal(want, part)
        if isinstance(want, tuple):
            want = (effects.normal(want[0], "cost"), effects.normal(want[1], "reward"))
        if have != want:
            shown = " / ".join(want) if isinstance(want, tuple) else str(want)
            raise IllegalMove(f"{face.name} shows {key} {shown or 'nothing'}", rule=rule)


def _printed_rule(face: Card | Community) -> str:
    if isinstance(face, Community):
        return R_ENGAGE
    return {
        "friend": R_FRIENDS,
        "pet": R_PETS,
        "career-job": R_SCHOOL,
        "stand-alone-job": R_STAND_ALONE,
    }.get(str(data.PRINTED_CARDS[face.name].get("kind", face.kind)), R_PILES)


def _community(faces: Faces, face: Community) -> Community:
    _name(face.name, "Community card")
    face = complete_community(face)
    where = f"community {face.name}"
    engage = _level(face.engage, where)
    outcomes = tuple(_level(o, f"{where} Outcome {i}") for i, o in enumerate(face.outcomes, 1))
    if not outcomes:
        raise IllegalMove("each Community card consists of 2 parts: Engage and Outcome", rule=R_OUTCOME)
    for level in (engage, *outcomes):
        if level.upkeep or level.income:
            raise IllegalMove("Engage and Outcome show a requirement, a cost and a reward", rule=R_ENGAGE)
        if effects.hourglasses(level.cost):
            raise IllegalMove(
                "a Community card is engaged with one Community or Hourglass token, not paid in hourglasses",
                rule=R_ENGAGE,
            )
    partners = [i for i, o in enumerate(outcomes, 1) if effects.has(o.reward, "partner", "reward")]
    if effects.has(engage.reward, "partner", "reward") or (
        partners and (face.name != data.BLIND_DATE or partners != [data.BLIND_DATE_OUTCOME])
    ):
        raise IllegalMove("only Blind Date's Outcome 3 takes a Partner", rule=R_BLIND_DATE)
    card = msgspec.structs.replace(face, engage=engage, outcomes=outcomes)
    if face.name not in faces.community and len(faces.community) + 1 > data.COMMUNITY_CARDS:
        raise IllegalMove(f"there are {data.COMMUNITY_CARDS} Community cards", rule=R_COMPONENTS)
    _printed(card, data.PRINTED_COMMUNITY.get(face.name))
    return card


def _action(face: Action) -> Action:
    if card_word(face.name) != face.name or not face.name:
        raise BadInput(f"cannot use {face.name!r} as an action name", legal="lower-case words with hyphens")
    if face.name in data.TAKES:
        raise IllegalMove(f"{data.ACTION_NAMES[face.name]} takes a card: it is not declared", rule=R_SETTINGS)
    where = f"action {face.name}"
    return Action(
        name=face.name,
        reward=_box(face.reward, "reward", where),
        requirement=_box(face.requirement, "requirement", where),
    )


def check(faces: Faces, face: Face) -> Face:
    """``face`` as stored (names and boxes normalised) if the texts allow it."""
    match face:
        case Setting():
            return Setting(face.name, setting(face.name, face.value))
        case Action():
            return _action(face)
        case Card():
            return _card(faces, face)
        case Community():
            return _community(faces, face)
    raise AssertionError(face)


def most(face: Community) -> bool:
    """A card that asks for the most of something (Solo Game: discarded when drawn)."""
    return any(
        item.symbol.startswith("most-")
        for level in (face.engage, *face.outcomes)
        for item in effects.parse(level.requirement, "requirement")
    )
