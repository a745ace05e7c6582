"""``parse`` and ``text``: the LOOP move grammar typed after ``referee loop``.

Names and card names are read as ``ledger.words`` reads them in every game, so
``parse(state, text(c).split()) == c``.

A MATERIAL is ``TYPE@QUALITY`` or ``TYPE`` (the owner has one QUALITY of it; the referee
asks if not); a SHAREd one in a CONSUME is ``OWNER:TYPE@QUALITY``. A card to BUY is
``TYPE:QUALITY`` (``TYPE@QUALITY`` also reads).
"""

from __future__ import annotations

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
    RepHappiness,
    RevealActivity,
    RevealMaterial,
    Spend,
    State,
    Work,
)
from ledger.words import (
    Spec,
    card_word,
    count,
    listed,
    name_of,
    number,
    one,
    opt,
    player_of,
    scan,
)

USAGE = {
    "reveal": "reveal material TYPE [TYPE ...] [--to PLAYER] | reveal activity NAME "
    "[--needs T,T --props P,P]",
    "declare": "declare activity NAME --needs T,T --props P,P | declare goal NAME [--needs P,P,P] --reward N",
    "work": "work PLAYER [--rep N]",
    "buy": "buy PLAYER TYPE:QUALITY [TYPE:QUALITY ...] [--rep N]",
    "consume": "consume PLAYER ACTIVITY=MAT,MAT [ACTIVITY=MAT,MAT ...] [--drop ACTIVITY ...] "
    "[--rep-happiness]",
    "rep-happiness": "rep-happiness PLAYER [--force]",
    "goal": "goal PLAYER GOAL [--needs P,P,...] [--reward N]",
    "favour": "favour PLAYER acquire TARGET MAT | barter TARGET MINE THEIRS | recycle TARGET "
    "TYPE --pay N | resell TARGET MAT | share TARGET MAT",
    "accept": "accept TARGET",
    "reject": "reject TARGET --discard|--rep",
    "end": "end PLAYER",
}


def _type(word: str) -> str:
    kind = word.lower()
    if kind not in data.MATERIALS:
        raise BadInput(f"unknown MATERIAL {word!r}", legal=", ".join(data.MATERIALS))
    return kind


def _ref(state: State, word: str, shared: bool = False) -> MatRef:
    owner = None
    if ":" in word:
        if not shared:
            raise BadInput(f"cannot read MATERIAL {word!r}", legal="TYPE or TYPE@QUALITY")
        who, _, word = word.partition(":")
        owner = player_of(state.seats, who)
    kind, at, quality = word.partition("@")
    return MatRef(_type(kind), number(quality, "QUALITY") if at else None, owner)


def _card(word: str) -> Mat:
    kind, sep, quality = word.replace("@", ":").partition(":")
    if not sep:
        raise BadInput(f"say the QUALITY to BUY {word!r} at", legal=f"{word.lower()}:QUALITY")
    return (_type(kind), number(quality, "QUALITY"))


_REP: Spec = {"rep": ("rep", "value"), "reputation": ("rep", "value")}


def _parse_reveal(state: State, words: Sequence[str]) -> Command:
    spec: Spec = {"to": ("to", "value"), "needs": ("needs", "value"), "props": ("props", "value")}
    positional, options = scan(words, spec)
    count(positional, 2, None, USAGE["reveal"])
    what = positional[0].lower()
    if what in ("material", "mat"):
        if "needs" in options or "props" in options:
            raise BadInput("--needs and --props describe an ACTIVITY", legal=USAGE["reveal"])
        to = one(options, "to")
        kinds = [_type(word) for word in positional[1:]]
        return RevealMaterial(kinds[0], player_of(state.seats, to) if to else None, tuple(kinds[1:]))
    if what in ("activity", "act"):
        if "to" in options:
            raise BadInput("an ACTIVITY is revealed into the CONSUME AREA", legal=USAGE["reveal"])
        needs, props = one(options, "needs"), one(options, "props")
        return RevealActivity(
            name_of(positional[1:], "ACTIVITY"),
            listed(needs, data.MATERIALS, "MATERIAL") if needs else None,
            listed(props, data.PROPERTIES, "PROPERTY") if props else None,
        )
    raise BadInput(f"reveal what? {positional[0]!r}", legal=USAGE["reveal"])


def _parse_declare(state: State, words: Sequence[str]) -> Command:
    spec: Spec = {
        "needs": ("needs", "value"),
        "props": ("props", "value"),
        "reward": ("reward", "value"),
    }
    positional, options = scan(words, spec)
    count(positional, 2, None, USAGE["declare"])
    what = positional[0].lower()
    needs = one(options, "needs")
    if what in ("activity", "act"):
        if "reward" in options:
            raise BadInput("an ACTIVITY has no reward", legal=USAGE["declare"])
        props = one(options, "props")
        return DeclareActivity(
            name_of(positional[1:], "ACTIVITY"),
            listed(needs, data.MATERIALS, "MATERIAL") if needs else None,
            listed(props, data.PROPERTIES, "PROPERTY") if props else None,
        )
    if what == "goal":
        if "props" in options:
            raise BadInput("a GOAL's PROPERTY are given with --needs", legal=USAGE["declare"])
        reward = one(options, "reward")
        return DeclareGoal(
            name_of(positional[1:], "GOAL"),
            listed(needs, data.PROPERTIES, "PROPERTY") if needs else None,
            number(reward, "--reward") if reward is not None else None,
        )
    raise BadInput(f"declare what? {positional[0]!r}", legal=USAGE["declare"])


def _parse_work(state: State, words: Sequence[str]) -> Command:
    positional, options = scan(words, _REP)
    count(positional, 1, 1, USAGE["work"])
    rep = one(options, "rep")
    return Work(player_of(state.seats, positional[0]), number(rep, "--rep") if rep else 0)


def _parse_buy(state: State, words: Sequence[str]) -> Command:
    positional, options = scan(words, _REP)
    count(positional, 2, None, USAGE["buy"])
    rep = one(options, "rep")
    cards = tuple(_card(word) for word in positional[1:])
    return Buy(player_of(state.seats, positional[0]), cards, number(rep, "--rep") if rep else 0)


def _parse_consume(state: State, words: Sequence[str]) -> Command:
    spec: Spec = {
        "drop": ("drop", "many"),
        "rep-happiness": ("rep-happiness", "flag"),
        "rep_happiness": ("rep-happiness", "flag"),
    }
    positional, options = scan(words, spec)
    count(positional, 2, None, USAGE["consume"])
    spends = []
    for word in positional[1:]:
        activity, eq, mats = word.partition("=")
        if not eq:
            raise BadInput(f"cannot read {word!r}", legal="ACTIVITY=MAT,MAT")
        refs = tuple(_ref(state, part, shared=True) for part in mats.split(",") if part)
        spends.append(Spend(name_of([activity], "ACTIVITY"), refs))
    drops = tuple(
        name_of([part], "ACTIVITY") for value in options.get("drop", []) for part in value.split(",") if part
    )
    return Consume(player_of(state.seats, positional[0]), tuple(spends), drops, "rep-happiness" in options)


def _parse_rep_happiness(state: State, words: Sequence[str]) -> Command:
    positional, options = scan(words, {"force": ("force", "flag")})
    count(positional, 1, 1, USAGE["rep-happiness"])
    return RepHappiness(player_of(state.seats, positional[0]), "force" in options)


def _parse_goal(state: State, words: Sequence[str]) -> Command:
    spec: Spec = {"needs": ("needs", "value"), "reward": ("reward", "value")}
    positional, options = scan(words, spec)
    count(positional, 2, None, USAGE["goal"])
    needs, reward = one(options, "needs"), one(options, "reward")
    return Goal(
        player_of(state.seats, positional[0]),
        name_of(positional[1:], "GOAL"),
        listed(needs, data.PROPERTIES, "PROPERTY") if needs else None,
        number(reward, "--reward") if reward is not None else None,
    )


def _parse_favour(state: State, words: Sequence[str]) -> Command:
    positional, options = scan(words, {"pay": ("pay", "value")})
    count(positional, 3, 5, USAGE["favour"])
    player, kind, target = positional[0], positional[1].lower(), positional[2]
    args = positional[3:]
    player, target = player_of(state.seats, player), player_of(state.seats, target)
    pay = one(options, "pay")
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
        return Favour(player, kind, target, theirs=MatRef(_type(args[0])), pay=number(pay, "--pay"))
    return Favour(player, kind, target, theirs=_ref(state, args[0]))


def _parse_kind(kind: str) -> Callable[[State, Sequence[str]], Command]:
    """``acquire PLAYER TARGET MAT`` is ``favour PLAYER acquire TARGET MAT``."""

    def parse_kind(state: State, words: Sequence[str]) -> Command:
        return _parse_favour(state, [*words[:1], kind, *words[1:]])

    return parse_kind


def _parse_accept(state: State, words: Sequence[str]) -> Command:
    positional, _ = scan(words, {})
    count(positional, 1, 1, USAGE["accept"])
    return Accept(player_of(state.seats, positional[0]))


def _parse_reject(state: State, words: Sequence[str]) -> Command:
    spec: Spec = {
        "discard": ("discard", "flag"),
        "rep": ("rep", "flag"),
        "reputation": ("rep", "flag"),
    }
    positional, options = scan(words, spec)
    count(positional, 1, 1, USAGE["reject"])
    if len(options) != 1:
        raise BadInput("reject by discarding a same FAVOUR or with 1 REPUTATION", legal=USAGE["reject"])
    return Reject(player_of(state.seats, positional[0]), next(iter(options)))


def _parse_end(state: State, words: Sequence[str]) -> Command:
    positional, _ = scan(words, {})
    count(positional, 1, 1, USAGE["end"])
    return End(player_of(state.seats, positional[0]))


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
    "rep-happiness": _parse_rep_happiness,
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


def text(command: Command) -> str:
    """The canonical text of a move; ``parse`` reads it back to the same command."""
    match command:
        case RevealMaterial(material, to, more):
            return f"reveal material {' '.join((material, *more))}{opt('to', to)}"
        case RevealActivity(name, needs, props):
            return f"reveal activity {card_word(name)}{opt('needs', needs)}{opt('props', props)}"
        case DeclareActivity(name, needs, props):
            return f"declare activity {card_word(name)}{opt('needs', needs)}{opt('props', props)}"
        case DeclareGoal(name, needs, reward):
            return f"declare goal {card_word(name)}{opt('needs', needs)}{opt('reward', reward)}"
        case Work(player, rep):
            return f"work {player}{opt('rep', rep or None)}"
        case Buy(player, cards, rep):
            bought = " ".join(f"{kind}:{quality}" for kind, quality in cards)
            return f"buy {player} {bought}{opt('rep', rep or None)}"
        case Consume(player, spends, drop, rep_happiness):
            paid = " ".join(
                f"{card_word(s.activity)}={','.join(ref_text(r) for r in s.materials)}" for s in spends
            )
            drops = "".join(f" --drop {card_word(name)}" for name in drop)
            extra = " --rep-happiness" if rep_happiness else ""
            return f"consume {player} {paid}{drops}{extra}"
        case RepHappiness(player, force):
            return f"rep-happiness {player}" + (" --force" if force else "")
        case Goal(player, goal, needs, reward):
            return f"goal {player} {card_word(goal)}{opt('needs', needs)}{opt('reward', reward)}"
        case Favour(player, kind, target, mine, theirs, pay):
            args = [ref_text(ref) for ref in (mine, theirs) if ref is not None]
            paid = opt("pay", pay if kind == "recycle" else None)
            return f"favour {player} {kind} {target} {' '.join(args)}{paid}"
        case Accept(target):
            return f"accept {target}"
        case Reject(target, by):
            return f"reject {target} --{by}"
        case End(player):
            return f"end {player}"
    raise BadInput(f"not a LOOP move: {command!r}")
