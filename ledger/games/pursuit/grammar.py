"""``parse`` and ``text``: the Pursuit move grammar typed after ``referee pursuit``.

Names and card names are read as ``ledger.words`` reads them (``graphic-designer`` or "GRAPHIC
DESIGNER"), so ``parse(state, text(c).split()) == c``. In a ``declare`` a box's words are
joined by commas (``reward=1creativity,2influence``) and a level's five parts by ``.``
(``l1=REQUIREMENT.COST.REWARD.UPKEEP.INCOME``, the trailing ones may be left out; ``l1=.`` is
a level with none). No word uses a character a shell treats specially: in bash a ``;`` would
end the command (issue 17).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from ledger.decider import Setup
from ledger.errors import BadInput, IllegalMove
from ledger.games.pursuit import cards, data
from ledger.games.pursuit.faces import LEVEL_PARTS, Action, Card, Community, Face, Level, Setting
from ledger.games.pursuit.model import (
    Act,
    Adjust,
    CardAction,
    Command,
    Declare,
    DeclareSettings,
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
from ledger.games.pursuit.rules.setup import REVEALED_KIND, modules_of, required, settings_example
from ledger.games.pursuit.sections import R_ENGAGE, R_FRIENDS
from ledger.piles import several_cards
from ledger.words import Spec, card_word, count, name_of, number, one, player_verb, scan, unknown

USAGE = {
    "declare": "declare setting NAME VALUE | declare settings NAME=VALUE ..."
    " | declare action NAME reward=BOX [requirement=BOX]"
    " | declare KIND NAME l1=REQUIREMENT.COST.REWARD.UPKEEP.INCOME (or l1.reward=BOX ...) ..."
    " [set=community] [retirement=BOX]"
    " [harder=COST.REWARD] [harder-upkeep=COST.REWARD] [ability=WORDS] | declare community NAME"
    " [multiple=yes]"
    " engage=REQUIREMENT.COST.REWARD outcome=REQUIREMENT.COST.REWARD ...",
    "reveal": "reveal goals|community|friends CARD ... | reveal goals|community|friends CARD"
    " l1=REQUIREMENT.COST.REWARD.UPKEEP.INCOME ... (a card new to the referee, one a command)",
    "trait": "trait PLAYER CARD [l1=REQUIREMENT.COST.REWARD.UPKEEP.INCOME ...]",
    "action": "action PLAYER ACTION [reward=BOX requirement=BOX] (the board's box, the first time)",
    "get-job": "get-job PLAYER JOB [--harder N]",
    "start-relationship": "start-relationship PLAYER PARTNER",
    "start-project": "start-project PLAYER PROJECT",
    "spend": "spend PLAYER CARD [ITEM ...]",
    "start-friendship": "start-friendship PLAYER FRIEND",
    "career": "career PLAYER CARD",
    "advance": "advance PLAYER CARD",
    "promote": "promote PLAYER JOB",
    "develop": "develop PLAYER FRIEND",
    "dedicate": "dedicate PLAYER FRIEND",
    "engage": "engage PLAYER CARD [--token | --hourglass]",
    "refresh": "refresh PLAYER projects|items|jobs|partners|friends",
    "discard": "discard PLAYER CARD",
    "pass": "pass PLAYER",
    "upkeep": "upkeep PLAYER [--drop CARD ...] [--harder CARD:N ...] | upkeep --all",
    "outcome": "outcome PLAYER CARD N [--partner PARTNER]",
    "adjust": "adjust PLAYER +Nsymbol -Nsymbol ... --why TEXT",
}
ALIASES: dict[str, tuple[str, ...]] = {
    "career": ("make-a-career-choice",),
    "promote": ("get-a-promotion",),
    "dedicate": ("dedicate-time",),
    "reveal": ("draw",),
}
CARD_ACTIONS = ("advance", "promote", "develop", "dedicate")
_TOKEN: Spec = {"token": ("token", "flag")}
_LEVEL = re.compile(r"^l(\d+)$")
# One named box of a level, typed alone (``l1.reward=1creativity,2influence``): how the table
# page's form posts a card, a field a box (issue 41).
_LEVEL_PART = re.compile(r"^l(\d+)\.(" + "|".join(LEVEL_PARTS) + r")$")


def _card(words: Sequence[str], what: str = "card") -> str:
    return name_of(words, what)


# ---------------------------------------------------------------------------- declare


def _box(value: str) -> str:
    return value.replace(",", " ").strip()


def _parts(value: str, key: str, legal: str) -> list[str]:
    """A value's parts split by ``.``; an empty value (what bash leaves of ``l1=;2money``, the
    ``;`` having ended the command) and a ``;`` are refused."""
    if not value or ";" in value:
        why = "is empty" if not value else "splits its parts by ';', which ends the command in a shell"
        raise BadInput(f"{key}={value} {why}: its parts are split by '.'", legal=f"{key}={legal}")
    return value.split(".")


def _level(value: str, key: str, parts: Sequence[str] = LEVEL_PARTS) -> Level:
    shape = ".".join(parts).upper()
    pieces = _parts(value, key, shape)
    if len(pieces) > len(parts):
        raise BadInput(f"a level has {len(parts)} parts split by '.': {value!r}", legal=f"{key}={shape}")
    return Level(**{part: _box(piece) for part, piece in zip(parts, pieces, strict=False)})


def _pair(value: str, key: str) -> tuple[str, str]:
    pieces = _parts(value, key, "COST.REWARD")
    if len(pieces) != 2:
        raise BadInput(f"{key} is a cost and a reward split by '.'", legal=f"{key}=COST.REWARD")
    return _box(pieces[0]), _box(pieces[1])


_YES = {"yes": True, "true": True, "no": False, "false": False}


def _parse_declare(state: State, words: Sequence[str]) -> Command:
    if not words:
        raise BadInput("declare what?", legal=USAGE["declare"])
    kind = words[0].lower()
    names = [w for w in words[1:] if "=" not in w]
    pairs = [w.partition("=") for w in words[1:] if "=" in w]
    if kind == "setting":
        if len(names) != 2 or pairs:
            raise BadInput("declare setting NAME VALUE", legal=", ".join(data.SETTINGS))
        return Declare(Setting(names[0].lower(), names[1]))
    if kind == "settings":  # every setting awaited at once, checked by the rules (issue 41)
        if names or not pairs:
            loose = f": {' '.join(names)} is not NAME=VALUE" if names else ""
            raise BadInput(f"declare settings NAME=VALUE ...{loose}", legal=settings_example(required(state)))
        return DeclareSettings(tuple((key, "".join(value.split())) for key, _, value in pairs))
    if kind not in ("action", "community", *data.KINDS):
        raise BadInput(
            f"nothing to declare as {words[0]!r}",
            legal=", ".join(("setting", "settings", "action", "community", *data.KINDS)),
        )
    if not names:
        raise BadInput(f"say which {kind}", legal=USAGE["declare"])
    entry: dict[str, Any] = {}
    levels: dict[int, Level] = {}
    boxes: dict[int, dict[str, str]] = {}
    outcomes: list[Level] = []
    for key, _, value in pairs:
        key = key.lower().replace("_", "-")
        level = _LEVEL.match(key)
        box = _LEVEL_PART.match(key)
        if kind in data.KINDS and box:
            if ";" in value:
                raise BadInput(
                    f"{key}={value}: a box's words are joined by ','", legal=f"{key}=1knowledge,2money"
                )
            boxes.setdefault(int(box.group(1)), {})[box.group(2)] = _box(value)
            continue
        if kind == "action" and key in ("reward", "requirement"):
            entry[key] = _box(value)
        elif kind == "community" and key == "multiple":
            if value.lower() not in _YES:
                raise BadInput(f"multiple={value!r}", legal="multiple=yes | multiple=no")
            entry["multiple"] = _YES[value.lower()]
        elif kind == "community" and key == "engage":
            entry["engage"] = _level(value, key, LEVEL_PARTS[:3])
        elif kind == "community" and key == "outcome":
            outcomes.append(_level(value, key, LEVEL_PARTS[:3]))
        elif kind in data.KINDS and level:
            levels[int(level.group(1))] = _level(value, key)
        elif kind in data.KINDS and key in ("set", "retirement", "ability"):
            entry[key] = value.lower() if key == "set" else _box(value)
        elif kind in data.KINDS and key in ("harder", "harder-upkeep"):
            entry[key.replace("-", "_")] = _pair(value, key)
        else:
            raise BadInput(f"{kind} has no {key!r}", legal=USAGE["declare"])
    if kind == "action":
        return Declare(
            Action(
                name="-".join(names).lower(),
                reward=entry.get("reward", ""),
                requirement=entry.get("requirement", ""),
            )
        )
    name = name_of(names, kind)
    if kind == "community":
        if name in data.PRINTED_COMMUNITY:  # what the text prints of it is filled in (faces.complete)
            entry.setdefault("engage", Level())
        if "engage" not in entry:
            raise BadInput("a Community card shows its Engage part", legal="engage=REQUIREMENT.COST.REWARD")
        return Declare(cards.face_of("community", {"name": name, "outcomes": outcomes, **entry}, "declare"))
    for n, fields in boxes.items():
        if n in levels:
            raise BadInput(f"l{n} is typed whole and by its boxes", legal=f"l{n}=... or l{n}.reward=... ...")
        levels[n] = Level(**fields)
    if sorted(levels) != list(range(1, len(levels) + 1)):
        raise BadInput("levels are l1, l2, ... in order", legal="l1=REQUIREMENT.COST.REWARD.UPKEEP.INCOME")
    ordered = [levels[n] for n in sorted(levels)]
    return Declare(cards.face_of("card", {"name": name, "kind": kind, "levels": ordered, **entry}, "declare"))


def _words(box: str) -> str:
    return box.replace(" ", ",")


def _level_text(level: Level, parts: Sequence[str] = LEVEL_PARTS) -> str:
    pieces = [_words(getattr(level, part)) for part in parts]
    while pieces and not pieces[-1]:
        pieces.pop()
    return ".".join(pieces) if pieces else "."  # ".": a level with no part (never an empty value)


def declare_text(face: Face) -> str:
    match face:
        case Setting():
            return f"declare setting {face.name} {face.value.replace(' ', ',')}"
        case Action():
            requirement = f" requirement={_words(face.requirement)}" if face.requirement else ""
            return f"declare action {face.name} reward={_words(face.reward)}{requirement}"
        case Community():
            multiple = " multiple=yes" if face.multiple else ""
            outcomes = "".join(f" outcome={_level_text(o, LEVEL_PARTS[:3])}" for o in face.outcomes)
            engage = _level_text(face.engage, LEVEL_PARTS[:3])
            return f"declare community {card_word(face.name)}{multiple} engage={engage}{outcomes}"
        case Card():
            words = [f"declare {face.kind} {card_word(face.name)}"]
            words += [f"l{n}={_level_text(level)}" for n, level in enumerate(face.levels, 1)]
            if face.set != "base":
                words.append(f"set={face.set}")
            if face.retirement:
                words.append(f"retirement={_words(face.retirement)}")
            if any(face.harder):
                words.append(f"harder={_words(face.harder[0])}.{_words(face.harder[1])}")
            if any(face.harder_upkeep):
                words.append(f"harder-upkeep={_words(face.harder_upkeep[0])}.{_words(face.harder_upkeep[1])}")
            if face.ability:
                words.append(f"ability={_words(face.ability)}")
            return " ".join(words)
    raise AssertionError(face)


# ---------------------------------------------------------------------------- moves


def _face(kind: str, via: str, state: State, names: Sequence[str], words: Sequence[str]) -> Face | None:
    """The face typed after the one card a move brings out (``l1=...``, ``engage=...``), read
    as ``declare KIND NAME ...`` reads it; None if no part is typed (issue 41)."""
    parts = [w for w in words if "=" in w]
    if not parts:
        return None
    if len(names) != 1:
        raise several_cards([card_word(_card([n])) for n in names], via)
    declared = _parse_declare(state, [kind, *names, *parts])
    assert isinstance(declared, Declare)
    return declared.face


def _parse_reveal(state: State, words: Sequence[str]) -> Command:
    positional, _ = scan(words, {})
    count(positional, 2, None, USAGE["reveal"])
    what = positional[0].lower()
    if what not in ("goals", "community", "friends"):
        raise BadInput(f"reveal what? {positional[0]!r}", legal=USAGE["reveal"])
    names = [w for w in positional[1:] if "=" not in w]
    face = _face(REVEALED_KIND[what], f"reveal {what}", state, names, positional[1:])
    return Reveal(what, tuple(_card([w]) for w in names), face)


# A verb whose first word is the player: ``build(verb, state, player, rest, options)``, its
# options, and how many words follow the player (at least, at most). Every parser is a plain
# function called as the move is read, none a closure made when the module is imported (a
# mutation run forks its mutants from a process that has imported it already).
Build = Callable[[str, State, str, list[str], dict[str, list[str]]], Command]


def _seats(state: State) -> Sequence[str]:
    return state.seats


def _verb(verb: str, state: State, words: Sequence[str]) -> Command:
    build, spec, low, high = _PLAYER_VERBS[verb]
    return player_verb(USAGE[verb], partial(build, verb), _seats, spec, low, high)(state, words)


def _trait(how: str, state: State, player: str, rest: list[str], options: dict[str, list[str]]) -> Command:
    names = [w for w in rest if "=" not in w]
    return Trait(
        player, _card(names), _face("child-trait", f"trait {player}", state, [" ".join(names)], rest)
    )


def _act(how: str, state: State, player: str, rest: list[str], options: dict[str, list[str]]) -> Command:
    names = [w for w in rest if "=" not in w]
    if len(names) != 1:
        raise BadInput("name one board action", legal=USAGE["action"])
    face = _face("action", f"action {player}", state, names, rest)
    return Act(player, names[0].lower(), "token" in options, face)


def _take(how: str, state: State, player: str, rest: list[str], options: dict[str, list[str]]) -> Command:
    cards_ = tuple(_card([w]) for w in rest) if how == "spend" else (_card(rest),)
    harder = one(options, "harder")
    return Take(player, how, cards_, number(harder, "Work Harder") if harder else 0, "token" in options)


def _card_action(
    how: str, state: State, player: str, rest: list[str], options: dict[str, list[str]]
) -> Command:
    return CardAction(player, how, _card(rest), "token" in options)


def _engage(how: str, state: State, player: str, rest: list[str], options: dict[str, list[str]]) -> Command:
    token, hourglass = "token" in options, "hourglass" in options
    if token and hourglass:
        raise BadInput("Engage with the Community token or an hourglass, not both", legal=USAGE["engage"])
    return Engage(player, _card(rest), token, either=not token and not hourglass)


def _refresh(how: str, state: State, player: str, rest: list[str], options: dict[str, list[str]]) -> Command:
    return Refresh(player, rest[0].lower())


def _discard(how: str, state: State, player: str, rest: list[str], options: dict[str, list[str]]) -> Command:
    return Discard(player, _card(rest))


def _pass(how: str, state: State, player: str, rest: list[str], options: dict[str, list[str]]) -> Command:
    return Pass(player)


def _upkeep(how: str, state: State, player: str, rest: list[str], options: dict[str, list[str]]) -> Command:
    drop = tuple(_card([w]) for w in options.get("drop", []))
    harder = []
    for word in options.get("harder", []):
        card, colon, n = word.rpartition(":")
        if not colon:
            raise BadInput(f"--harder {word!r}: CARD:N", legal="--harder graphic-designer:2")
        harder.append(f"{_card([card])}:{number(n, 'Work Harder')}")
    return Upkeep(player, drop, tuple(harder))


def _outcome(how: str, state: State, player: str, rest: list[str], options: dict[str, list[str]]) -> Command:
    partner = one(options, "partner")
    return Outcome(
        player, _card(rest[:-1]), number(rest[-1], "an Outcome"), _card([partner]) if partner else ""
    )


def _adjust(how: str, state: State, player: str, rest: list[str], options: dict[str, list[str]]) -> Command:
    why = " ".join(options.get("why", []))
    if not why:
        raise BadInput("say why the table adjusts", legal=USAGE["adjust"])
    return Adjust(player, tuple(w.lower() for w in rest), why)


def _parse_upkeep(state: State, words: Sequence[str]) -> Command:
    if [w.lower() for w in words] == ["--all"]:
        return UpkeepAll()
    return _verb("upkeep", state, words)


_HARDER: Spec = {"harder": ("harder", "value")}
_ENGAGE: Spec = {**_TOKEN, "hourglass": ("hourglass", "flag")}
_PLAYER_VERBS: dict[str, tuple[Build, Spec, int, int | None]] = {
    "trait": (_trait, {}, 1, None),
    "action": (_act, _TOKEN, 1, 3),
    **{how: (_take, {**_TOKEN, **(_HARDER if how == "get-job" else {})}, 1, None) for how in data.TAKES},
    **{how: (_card_action, _TOKEN, 1, None) for how in CARD_ACTIONS},
    "engage": (_engage, _ENGAGE, 1, None),
    "refresh": (_refresh, {}, 1, 1),
    "discard": (_discard, {}, 1, None),
    "pass": (_pass, {}, 0, 0),
    "upkeep": (_upkeep, {"drop": ("drop", "many"), "harder": ("harder", "many")}, 0, 0),
    "outcome": (_outcome, {"partner": ("partner", "value")}, 2, None),
    "adjust": (_adjust, {"why": ("why", "many")}, 1, None),
}
_OWN: dict[str, Callable[[State, Sequence[str]], Command]] = {
    "declare": _parse_declare,
    "reveal": _parse_reveal,
    "upkeep": _parse_upkeep,
}
_PARSERS = {verb: _OWN.get(verb) or partial(_verb, verb) for verb in USAGE}
_ALIAS = {alias: verb for verb, aliases in ALIASES.items() for alias in aliases}


# The verbs a module brings (the game without it has none of them), with the section cited.
_MODULE_VERBS = {
    "community": (("engage", "outcome"), R_ENGAGE),
    "friends": (("start-friendship", "develop", "dedicate"), R_FRIENDS),
}


def absent_verbs(setup: Setup) -> dict[str, str]:
    """The verbs of the modules this setup plays without, each with why."""
    return {verb: why for verb, (why, _) in _absent(modules_of(setup.options.get("modules", ""))).items()}


def _absent(modules: Sequence[str]) -> dict[str, tuple[str, str]]:
    return {
        verb: (f"this game is played without the {module} module (--modules {module})", rule)
        for module, (verbs, rule) in _MODULE_VERBS.items()
        if module not in modules
        for verb in verbs
    }


def parse(state: State, words: Sequence[str]) -> Command:
    """The command typed as ``words`` (the verb first); a verb of a module the game is played
    without is refused by that module's rules (``IllegalMove``)."""
    absent = _absent(state.modules)
    usage = ", ".join(verb for verb in _PARSERS if verb not in absent)
    if not words:
        raise BadInput("no move given", legal=usage)
    verb = words[0].lower()
    verb = _ALIAS.get(verb, verb)
    if verb in absent:
        why, rule = absent[verb]
        raise IllegalMove(why, rule=rule, legal=usage)
    parser = _PARSERS.get(verb)
    if parser is None:
        raise BadInput(unknown("move", words[0], [v for v in _PARSERS if v not in absent]), legal=usage)
    return parser(state, words[1:])


def _face_text(face: Face | None) -> str:
    """A face typed with the move that brings its card out: its declaration's parts."""
    if face is None:
        return ""
    parts = declare_text(face).split(" ", 3)[3:]
    return f" {parts[0]}" if parts else ""


def _token(token: bool) -> str:
    return " --token" if token else ""


def text(command: Command) -> str:
    """The canonical words of a move (``parse`` reads them back to the same command)."""
    match command:
        case Declare(face):
            return declare_text(face)
        case DeclareSettings(settings):
            return "declare settings " + " ".join(f"{name}={value}" for name, value in settings)
        case Reveal(what, found, face):
            return f"reveal {what} " + " ".join(card_word(c) for c in found) + _face_text(face)
        case Trait(player, card, face):
            return f"trait {player} {card_word(card)}" + _face_text(face)
        case Act(player, action, token, face):
            return f"action {player} {action}{_face_text(face)}{_token(token)}"
        case Take(player, how, found, harder, token):
            more = f" --harder {harder}" if harder else ""
            return f"{how} {player} {' '.join(card_word(c) for c in found)}{more}{_token(token)}"
        case CardAction(player, how, card, token):
            return f"{how} {player} {card_word(card)}{_token(token)}"
        case Engage(player, card, token, either):
            how = "" if either else _token(token) or " --hourglass"
            return f"engage {player} {card_word(card)}{how}"
        case Refresh(player, row):
            return f"refresh {player} {row}"
        case Discard(player, card):
            return f"discard {player} {card_word(card)}"
        case Pass(player):
            return f"pass {player}"
        case UpkeepAll():
            return "upkeep --all"
        case Upkeep(player, drop, harder):
            words = [f"upkeep {player}"]
            if drop:
                words.append("--drop " + " ".join(card_word(c) for c in drop))
            if harder:
                words.append(
                    "--harder "
                    + " ".join(card_word(h.rpartition(":")[0]) + ":" + h.rpartition(":")[2] for h in harder)
                )
            return " ".join(words)
        case Outcome(player, card, n, partner):
            return f"outcome {player} {card_word(card)} {n}" + (
                f" --partner {card_word(partner)}" if partner else ""
            )
        case Adjust(player, changes, why):
            return f"adjust {player} {' '.join(changes)} --why {why}"
    raise AssertionError(command)
