"""``parse`` and ``text``: the LOOP move grammar typed after ``referee loop``.

Names are case-insensitive. A card name of several words may come as one (quoted) word, as
hyphenated or underscored words, or, where it is the last thing before the options, as
several words; it is stored in capitals with single spaces ("SENSE OF BELONGING") and
written hyphenated ("sense-of-belonging"), so ``parse(state, text(c).split()) == c``.

A MATERIAL is ``TYPE@QUALITY`` or ``TYPE`` (the owner has one QUALITY of it; the referee
asks if not); a SHAREd one in a CONSUME is ``OWNER:TYPE@QUALITY``. A card to BUY is
``TYPE:QUALITY`` (``TYPE@QUALITY`` also reads).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ledger.errors import BadInput
from ledger.games.loop import data
from ledger.games.loop.model import (
    Accept,
    Buy,
    Command,
    Consume,
    DeclareActivity,
    DeclareGoal,
    End,
    Favour,
    Goal,
    Mat,
    MatRef,
    Reject,
    RevealActivity,
    RevealMaterial,
    Spend,
    State,
    Work,
)

_NAME = re.compile(r"^[A-Z0-9][A-Z0-9 '&!.]*$")

USAGE = {
    "reveal": "reveal material TYPE [--to PLAYER] | reveal activity NAME [--needs T,T --props P,P]",
    "declare": "declare activity NAME --needs T,T --props P,P | declare goal NAME [--needs P,P,P] --reward N",
    "work": "work PLAYER [--rep N]",
    "buy": "buy PLAYER TYPE:QUALITY [TYPE:QUALITY ...] [--rep N]",
    "consume": "consume PLAYER ACTIVITY=MAT,MAT [ACTIVITY=MAT,MAT ...] [--drop ACTIVITY ...] "
    "[--rep-happiness]",
    "goal": "goal PLAYER GOAL [--needs P,P,...] [--reward N]",
    "favour": "favour PLAYER acquire TARGET MAT | barter TARGET MINE THEIRS | recycle TARGET "
    "TYPE --pay N | resell TARGET MAT | share TARGET MAT",
    "accept": "accept TARGET",
    "reject": "reject TARGET --discard|--rep",
    "end": "end PLAYER",
}


def card_name(word: str) -> str:
    """The stored form of a card name: capitals, single spaces."""
    return " ".join(word.replace("-", " ").replace("_", " ").split()).upper()


def card_word(name: str) -> str:
    """The typed form of a card name: lower case, hyphenated."""
    return name.lower().replace(" ", "-")


def is_card_name(name: str) -> bool:
    """A stored card name that can be typed and written back (see ``card_word``)."""
    return bool(_NAME.match(name)) and name == card_name(name)


def _name(words: Sequence[str], what: str) -> str:
    name = card_name(" ".join(words))
    if not is_card_name(name):
        raise BadInput(f"cannot read {what} name {' '.join(words)!r}", legal="letters and digits")
    return name


def _player(state: State, word: str) -> str:
    for name in state.seats:
        if name.lower() == word.lower():
            return name
    raise BadInput(f"unknown player {word!r}", legal=", ".join(state.seats))


def _int(word: str, what: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise BadInput(f"{what} must be a number, not {word!r}") from None


def _type(word: str) -> str:
    kind = word.lower()
    if kind not in data.MATERIALS:
        raise BadInput(f"unknown MATERIAL {word!r}", legal=", ".join(data.MATERIALS))
    return kind


def _list(word: str, allowed: Sequence[str], what: str) -> tuple[str, ...]:
    items = tuple(part.strip().lower() for part in word.split(",") if part.strip())
    for item in items:
        if item not in allowed:
            raise BadInput(f"unknown {what} {item!r}", legal=", ".join(allowed))
    if not items:
        raise BadInput(f"no {what} given")
    return items


def _ref(state: State, word: str, shared: bool = False) -> MatRef:
    owner = None
    if ":" in word:
        if not shared:
            raise BadInput(f"cannot read MATERIAL {word!r}", legal="TYPE or TYPE@QUALITY")
        who, _, word = word.partition(":")
        owner = _player(state, who)
    kind, at, quality = word.partition("@")
    return MatRef(_type(kind), _int(quality, "QUALITY") if at else None, owner)


def _card(word: str) -> Mat:
    kind, sep, quality = word.replace("@", ":").partition(":")
    if not sep:
        raise BadInput(f"say the QUALITY to BUY {word!r} at", legal=f"{word.lower()}:QUALITY")
    return (_type(kind), _int(quality, "QUALITY"))


# Options per verb: name -> (canonical name, "flag" | "value" | "many").
_Spec = dict[str, tuple[str, str]]
_REP: _Spec = {"rep": ("rep", "value"), "reputation": ("rep", "value")}


def _scan(words: Sequence[str], spec: _Spec) -> tuple[list[str], dict[str, list[str]]]:
    """Positional words, and option values by canonical option name."""
    positional: list[str] = []
    options: dict[str, list[str]] = {}
    i = 0
    while i < len(words):
        word = words[i]
        i += 1
        if not word.startswith("--"):
            positional.append(word)
            continue
        key, eq, value = word[2:].partition("=")
        if key.lower() not in spec:
            known = " ".join(f"--{k}" for k in spec) or "none"
            raise BadInput(f"unknown option {word!r}", legal=f"options here: {known}")
        key, arity = spec[key.lower()]
        if key in options and arity != "many":
            raise BadInput(f"option --{key} given twice")
        values = options.setdefault(key, [])
        if arity == "flag":
            if eq:
                raise BadInput(f"--{key} takes no value")
        elif eq:
            values.append(value)
        elif arity == "value":
            if i >= len(words):
                raise BadInput(f"--{key} needs a value")
            values.append(words[i])
            i += 1
        else:
            while i < len(words) and not words[i].startswith("--") and "=" not in words[i]:
                values.append(words[i])
                i += 1
            if not values:
                raise BadInput(f"--{key} needs a value")
    return positional, options


def _one(options: dict[str, list[str]], key: str) -> str | None:
    values = options.get(key)
    return values[0] if values else None


def _count(positional: list[str], low: int, high: int | None, usage: str) -> None:
    if len(positional) < low or (high is not None and len(positional) > high):
        raise BadInput("wrong number of words", legal=usage)


def _parse_reveal(state: State, words: Sequence[str]) -> Command:
    spec: _Spec = {"to": ("to", "value"), "needs": ("needs", "value"), "props": ("props", "value")}
    positional, options = _scan(words, spec)
    _count(positional, 2, None, USAGE["reveal"])
    what = positional[0].lower()
    if what in ("material", "mat"):
        _count(positional, 2, 2, USAGE["reveal"])
        if "needs" in options or "props" in options:
            raise BadInput("--needs and --props describe an ACTIVITY", legal=USAGE["reveal"])
        to = _one(options, "to")
        return RevealMaterial(_type(positional[1]), _player(state, to) if to else None)
    if what in ("activity", "act"):
        if "to" in options:
            raise BadInput("an ACTIVITY is revealed into the CONSUME AREA", legal=USAGE["reveal"])
        needs, props = _one(options, "needs"), _one(options, "props")
        return RevealActivity(
            _name(positional[1:], "ACTIVITY"),
            _list(needs, data.MATERIALS, "MATERIAL") if needs else None,
            _list(props, data.PROPERTIES, "PROPERTY") if props else None,
        )
    raise BadInput(f"reveal what? {positional[0]!r}", legal=USAGE["reveal"])


def _parse_declare(state: State, words: Sequence[str]) -> Command:
    spec: _Spec = {
        "needs": ("needs", "value"),
        "props": ("props", "value"),
        "reward": ("reward", "value"),
    }
    positional, options = _scan(words, spec)
    _count(positional, 2, None, USAGE["declare"])
    what = positional[0].lower()
    needs = _one(options, "needs")
    if what in ("activity", "act"):
        if "reward" in options:
            raise BadInput("an ACTIVITY has no reward", legal=USAGE["declare"])
        props = _one(options, "props")
        return DeclareActivity(
            _name(positional[1:], "ACTIVITY"),
            _list(needs, data.MATERIALS, "MATERIAL") if needs else None,
            _list(props, data.PROPERTIES, "PROPERTY") if props else None,
        )
    if what == "goal":
        if "props" in options:
            raise BadInput("a GOAL's PROPERTY are given with --needs", legal=USAGE["declare"])
        reward = _one(options, "reward")
        return DeclareGoal(
            _name(positional[1:], "GOAL"),
            _list(needs, data.PROPERTIES, "PROPERTY") if needs else None,
            _int(reward, "--reward") if reward is not None else None,
        )
    raise BadInput(f"declare what? {positional[0]!r}", legal=USAGE["declare"])


def _parse_work(state: State, words: Sequence[str]) -> Command:
    positional, options = _scan(words, _REP)
    _count(positional, 1, 1, USAGE["work"])
    rep = _one(options, "rep")
    return Work(_player(state, positional[0]), _int(rep, "--rep") if rep else 0)


def _parse_buy(state: State, words: Sequence[str]) -> Command:
    positional, options = _scan(words, _REP)
    _count(positional, 2, None, USAGE["buy"])
    rep = _one(options, "rep")
    cards = tuple(_card(word) for word in positional[1:])
    return Buy(_player(state, positional[0]), cards, _int(rep, "--rep") if rep else 0)


def _parse_consume(state: State, words: Sequence[str]) -> Command:
    spec: _Spec = {
        "drop": ("drop", "many"),
        "rep-happiness": ("rep-happiness", "flag"),
        "rep_happiness": ("rep-happiness", "flag"),
    }
    positional, options = _scan(words, spec)
    _count(positional, 2, None, USAGE["consume"])
    spends = []
    for word in positional[1:]:
        activity, eq, mats = word.partition("=")
        if not eq:
            raise BadInput(f"cannot read {word!r}", legal="ACTIVITY=MAT,MAT")
        refs = tuple(_ref(state, part, shared=True) for part in mats.split(",") if part)
        spends.append(Spend(_name([activity], "ACTIVITY"), refs))
    drops = tuple(
        _name([part], "ACTIVITY") for value in options.get("drop", []) for part in value.split(",") if part
    )
    return Consume(_player(state, positional[0]), tuple(spends), drops, "rep-happiness" in options)


def _parse_goal(state: State, words: Sequence[str]) -> Command:
    spec: _Spec = {"needs": ("needs", "value"), "reward": ("reward", "value")}
    positional, options = _scan(words, spec)
    _count(positional, 2, None, USAGE["goal"])
    needs, reward = _one(options, "needs"), _one(options, "reward")
    return Goal(
        _player(state, positional[0]),
        _name(positional[1:], "GOAL"),
        _list(needs, data.PROPERTIES, "PROPERTY") if needs else None,
        _int(reward, "--reward") if reward is not None else None,
    )


def _parse_favour(state: State, words: Sequence[str]) -> Command:
    positional, options = _scan(words, {"pay": ("pay", "value")})
    _count(positional, 3, 5, USAGE["favour"])
    player, kind, target = positional[0], positional[1].lower(), positional[2]
    args = positional[3:]
    player, target = _player(state, player), _player(state, target)
    pay = _one(options, "pay")
    if kind not in data.FAVOURS:
        raise BadInput(f"unknown FAVOUR {positional[1]!r}", legal=", ".join(data.FAVOURS))
    if (kind == "recycle") != (pay is not None):
        raise BadInput(
            "--pay N goes with RECYCLE only", legal=f"favour {player} recycle {target} TYPE --pay N"
        )
    wanted = 2 if kind == "barter" else 1
    if len(args) != wanted:
        raise BadInput(f"wrong number of words for {kind.upper()}", legal=USAGE["favour"])
    if kind == "barter":
        return Favour(player, kind, target, mine=_ref(state, args[0]), theirs=_ref(state, args[1]))
    if kind == "resell":
        return Favour(player, kind, target, mine=_ref(state, args[0]))
    if kind == "recycle":
        assert pay is not None
        return Favour(player, kind, target, theirs=MatRef(_type(args[0])), pay=_int(pay, "--pay"))
    return Favour(player, kind, target, theirs=_ref(state, args[0]))


def _parse_kind(kind: str) -> Callable[[State, Sequence[str]], Command]:
    """``acquire PLAYER TARGET MAT`` is ``favour PLAYER acquire TARGET MAT``."""

    def parse_kind(state: State, words: Sequence[str]) -> Command:
        return _parse_favour(state, [*words[:1], kind, *words[1:]])

    return parse_kind


def _parse_accept(state: State, words: Sequence[str]) -> Command:
    positional, _ = _scan(words, {})
    _count(positional, 1, 1, USAGE["accept"])
    return Accept(_player(state, positional[0]))


def _parse_reject(state: State, words: Sequence[str]) -> Command:
    spec: _Spec = {
        "discard": ("discard", "flag"),
        "rep": ("rep", "flag"),
        "reputation": ("rep", "flag"),
    }
    positional, options = _scan(words, spec)
    _count(positional, 1, 1, USAGE["reject"])
    if len(options) != 1:
        raise BadInput("reject by discarding a same FAVOUR or with 1 REPUTATION", legal=USAGE["reject"])
    return Reject(_player(state, positional[0]), next(iter(options)))


def _parse_end(state: State, words: Sequence[str]) -> Command:
    positional, _ = _scan(words, {})
    _count(positional, 1, 1, USAGE["end"])
    return End(_player(state, positional[0]))


# Other words for a verb, accepted everywhere a verb is (``referee loop``, ``play``, completion).
# ``acquire PLAYER TARGET MAT`` is ``favour PLAYER acquire TARGET MAT``, and so on per kind.
ALIASES: dict[str, tuple[str, ...]] = {
    "reveal": ("flip",),
    "goal": ("achieve",),
    "favour": ("favor", *data.FAVOURS),
    "end": ("end-turn",),
}

_PARSERS: dict[str, Callable[[State, Sequence[str]], Command]] = {
    "reveal": _parse_reveal,
    "flip": _parse_reveal,
    "declare": _parse_declare,
    "work": _parse_work,
    "buy": _parse_buy,
    "consume": _parse_consume,
    "goal": _parse_goal,
    "achieve": _parse_goal,
    "favour": _parse_favour,
    "favor": _parse_favour,
    "accept": _parse_accept,
    "reject": _parse_reject,
    "end": _parse_end,
    "end-turn": _parse_end,
    **{kind: _parse_kind(kind) for kind in data.FAVOURS},
}


def parse(state: State, words: Sequence[str]) -> Command:
    """The command the words after ``referee loop`` type, or ``BadInput``."""
    if not words:
        raise BadInput("no move given", legal=" | ".join(sorted(USAGE)))
    verb = words[0].lower()
    parser = _PARSERS.get(verb)
    if parser is None:
        raise BadInput(f"unknown LOOP move {words[0]!r}", legal=" | ".join(sorted(USAGE)))
    return parser(state, list(words[1:]))


# ---------------------------------------------------------------------------- text


def ref_text(ref: MatRef) -> str:
    owner = f"{ref.owner}:" if ref.owner else ""
    quality = f"@{ref.quality}" if ref.quality is not None else ""
    return f"{owner}{ref.type}{quality}"


def _opt(name: str, value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, tuple):
        return f" --{name} {','.join(value)}"
    return f" --{name} {value}"


def text(command: Command) -> str:
    """The canonical text of a move; ``parse`` reads it back to the same command."""
    match command:
        case RevealMaterial(material, to):
            return f"reveal material {material}{_opt('to', to)}"
        case RevealActivity(name, needs, props):
            return f"reveal activity {card_word(name)}{_opt('needs', needs)}{_opt('props', props)}"
        case DeclareActivity(name, needs, props):
            return f"declare activity {card_word(name)}{_opt('needs', needs)}{_opt('props', props)}"
        case DeclareGoal(name, needs, reward):
            return f"declare goal {card_word(name)}{_opt('needs', needs)}{_opt('reward', reward)}"
        case Work(player, rep):
            return f"work {player}{_opt('rep', rep or None)}"
        case Buy(player, cards, rep):
            bought = " ".join(f"{kind}:{quality}" for kind, quality in cards)
            return f"buy {player} {bought}{_opt('rep', rep or None)}"
        case Consume(player, spends, drop, rep_happiness):
            paid = " ".join(
                f"{card_word(s.activity)}={','.join(ref_text(r) for r in s.materials)}" for s in spends
            )
            drops = "".join(f" --drop {card_word(name)}" for name in drop)
            extra = " --rep-happiness" if rep_happiness else ""
            return f"consume {player} {paid}{drops}{extra}"
        case Goal(player, goal, needs, reward):
            return f"goal {player} {card_word(goal)}{_opt('needs', needs)}{_opt('reward', reward)}"
        case Favour(player, kind, target, mine, theirs, pay):
            args = [ref_text(ref) for ref in (mine, theirs) if ref is not None]
            paid = _opt("pay", pay if kind == "recycle" else None)
            return f"favour {player} {kind} {target} {' '.join(args)}{paid}"
        case Accept(target):
            return f"accept {target}"
        case Reject(target, by):
            return f"reject {target} --{by}"
        case End(player):
            return f"end {player}"
    raise BadInput(f"not a LOOP move: {command!r}")
