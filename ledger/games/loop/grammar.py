"""``parse``: the LOOP move grammar typed after ``referee loop``: each verb's words (``USAGE``),
its other names (``ALIASES``), and the verbs a mode does without (4.0).

The terms a verb takes (a MATERIAL, a card to BUY, a CAREER...) are read as the notation
(``loop/notation.py``) writes them, and names and card names as ``ledger.words`` reads them in
every game, so ``parse(state, text(c).split()) == c``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from msgspec.structs import replace

from ledger.decider import Setup
from ledger.errors import BadInput, IllegalMove
from ledger.games.loop import data
from ledger.games.loop.evolve import AREA, CENTRAL
from ledger.games.loop.model import (
    Ability,
    Accept,
    Apply,
    Buy,
    Call,
    ChooseCareer,
    Command,
    Consume,
    DeclareActivity,
    DeclareGoal,
    End,
    Favour,
    Goal,
    MatRef,
    Object,
    Payoff,
    Reject,
    RepHappiness,
    Respond,
    RevealActivity,
    RevealCareers,
    RevealEvents,
    RevealExhibited,
    RevealMaterial,
    Scrap,
    Spend,
    State,
    Work,
)
from ledger.games.loop.modes import MODES
from ledger.games.loop.notation import (
    _activities,
    _blue,
    _card,
    _career,
    _favour_kind,
    _goal,
    _owner,
    _ref,
    _shown,
    _type,
)
from ledger.words import (
    Spec,
    count,
    listed,
    name_of,
    number,
    one,
    opt,
    player_of,
    scan,
    unknown,
)

USAGE = {
    "reveal": "reveal material TYPE[@Q] [TYPE[@Q] ...] [--to PLAYER[,PLAYER ...]] | reveal activity NAME "
    "[NAME ...] [--needs T,T --props P,P] | reveal career PLAYER CAREER CAREER "
    "| reveal event EVENT [EVENT ...] | reveal exhibited TYPE@Q ...",
    "declare": "declare activity NAME --needs T,T --props P,P | declare goal NAME [--needs P,P,P] --reward N",
    "work": "work PLAYER [--rep N] [--salary 7|4|2 (FREELANCER)] [--create TYPE (ARTIST)]",
    "buy": "buy PLAYER TYPE:QUALITY [TYPE:QUALITY ...] [OWNER:TYPE:QUALITY (SCIENTIST)] [--rep N] "
    "[--free TYPE,... (BOGOF)]",
    "consume": "consume PLAYER ACTIVITY=MAT,MAT [ACTIVITY=MAT,MAT ...] [--drop ACTIVITY ...] "
    "[--rep-happiness]",
    "rep-happiness": "rep-happiness PLAYER [--force]",
    "goal": "goal PLAYER GOAL [--needs P,P,...] [--reward N]",
    "favour": "favour PLAYER acquire TARGET MAT | barter TARGET MINE THEIRS | recycle TARGET "
    "TYPE --pay N | resell TARGET MAT | share TARGET MAT [--face-down --card KIND (POLITICIAN)]; "
    "Solo: favour PLAYER acquire|share TYPE@Q | barter MINE TYPE@Q | renew TYPE@Q | resell MINE",
    "accept": "accept TARGET",
    "reject": "reject TARGET --discard|--rep",
    "end": "end PLAYER [--target PLAYER (HYPEBEAST)]",
    "career": "career PLAYER CAREER|intern",
    "apply": "apply PLAYER [TYPE]",
    "payoff": "payoff PLAYER 1|2 [--card K]",
    "ability": "ability PLAYER rep|coin TARGET | forge [OWNER:]TYPE@Q TYPE | repair [OWNER:]TYPE@Q "
    "| swap KIND | minimalist | invest [dollar|blank dollar|blank] | care TARGET KIND | scavenge OWNER TYPE "
    "| peek material|activity|favour|event | take TARGET [KIND|unseen]",
    "event": "event PLAYER toss [dollar|blank] | lose | none | a|b|c TYPE | TYPE@Q "
    "| TARGET [TYPE | TYPE@Q | KIND]",
    "call": "call TARGET [--card KIND]",
    "object": "object PLAYER KIND",
}


def reserved_words(setup: Setup) -> dict[str, str]:
    """The words this mode's grammar reads where a player's name may stand: no player may be
    named one (``new`` refuses it, naming what the word is here)."""
    mode = MODES.get(setup.mode)
    words: dict[str, str] = {}
    if mode is not None and mode.events:
        for choice in _CHOICES:
            words[choice] = f"an EVENT choice in `event PLAYER {choice} ...` (9.0), where a TARGET may stand"
    if mode is not None and mode.careers:
        # a SCIENTIST's BUY from a LANDFILL reads ``central:TYPE:Q`` in every mode with CAREER
        # (8.0), Solo's too, where the blue FAVOUR read it as well (7.0)
        words[CENTRAL] = "the central LANDFILL (7.0, SCIENTIST 8.0), where an OWNER may stand"
    if mode is not None and mode.favours == "blue":
        words[AREA] = "the BUY AREA in `area:TYPE@Q` (7.0 SHARE), where an OWNER may stand"
    return words


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
        words_ = positional[1:]
        if any("@" in word for word in words_):  # Solo: each card with its Exhibited QUALITY
            cards = [_shown(word) for word in words_]
            kinds, shown = [k for k, _ in cards], tuple(q for _, q in cards)
        else:
            kinds, shown = [_type(word) for word in words_], ()
        players = [player_of(state.seats, who) for who in to.split(",")] if to else []
        if len(set(players)) > 1 and len(players) != len(kinds):
            raise BadInput(
                f"--to names {len(players)} players for {len(kinds)} cards:"
                " one player for all, or one per card",
                legal=f"--to {players[0]}, or --to with {len(kinds)} players in the cards' order",
            )
        each = tuple(players) if len(set(players)) > 1 else ()
        return RevealMaterial(kinds[0], players[0] if players else None, tuple(kinds[1:]), shown, each)
    if what == "career":
        count(positional, 4, 4, "reveal career PLAYER CAREER CAREER")
        careers = tuple(_career(word) for word in positional[2:])
        return RevealCareers(player_of(state.seats, positional[1]), careers)
    if what == "event":
        return RevealEvents(tuple(name_of([word], "EVENT") for word in positional[1:]))
    if what == "exhibited":
        return RevealExhibited(tuple(_shown(word) for word in positional[1:]))
    if what in ("activity", "act"):
        if "to" in options:
            raise BadInput("an ACTIVITY is revealed into the CONSUME AREA", legal=USAGE["reveal"])
        needs, props = one(options, "needs"), one(options, "props")
        names = _activities(state, positional[1:], needs, props)
        return RevealActivity(
            names[0],
            listed(needs, data.MATERIALS, "MATERIAL") if needs else None,
            listed(props, data.PROPERTIES, "PROPERTY") if props else None,
            names[1:],
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
    positional, options = scan(words, {**_REP, "salary": ("salary", "value"), "create": ("create", "value")})
    count(positional, 1, 1, USAGE["work"])
    rep, salary, create = one(options, "rep"), one(options, "salary"), one(options, "create")
    return Work(
        player_of(state.seats, positional[0]),
        number(rep, "--rep") if rep else 0,
        number(salary, "--salary") if salary else 0,
        _type(create) if create else "",
    )


def _parse_buy(state: State, words: Sequence[str]) -> Command:
    positional, options = scan(words, {**_REP, "free": ("free", "value")})
    count(positional, 2, None, USAGE["buy"])
    rep, free = one(options, "rep"), one(options, "free")
    scrap = None
    cards = []
    for word in positional[1:]:
        parts = word.replace("@", ":").split(":")
        if len(parts) == 3:  # SCIENTIST: OWNER:TYPE:Q from a LANDFILL (the last card)
            owner = CENTRAL if parts[0].lower() == CENTRAL else player_of(state.seats, parts[0])
            scrap = Scrap(owner, _type(parts[1]))
            cards.append(_card(":".join(parts[1:])))
        else:
            if scrap is not None:
                raise BadInput("the LANDFILL card comes last", legal=USAGE["buy"])
            cards.append(_card(word))
    return Buy(
        player_of(state.seats, positional[0]),
        tuple(cards),
        number(rep, "--rep") if rep else 0,
        listed(free, data.MATERIALS, "MATERIAL") if free else (),
        scrap,
    )


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
    player = player_of(state.seats, positional[0])
    return Goal(
        player,
        _goal(state, player, positional[1:], opt("needs", needs) + opt("reward", reward)),
        listed(needs, data.PROPERTIES, "PROPERTY") if needs else None,
        number(reward, "--reward") if reward is not None else None,
    )


def _parse_blue(state: State, words: Sequence[str], card: str) -> Command:
    """Solo's blue FAVOUR: no target (7.0)."""
    count(words, 3, 4, "favour PLAYER KIND ...")
    player, kind, args = player_of(state.seats, words[0]), words[1].lower(), words[2:]
    if kind not in data.BLUE_FAVOURS:
        raise BadInput(f"unknown blue FAVOUR {words[1]!r}", legal=", ".join(data.BLUE_FAVOURS))
    if len(args) != (2 if kind == "barter" else 1):
        raise BadInput(f"wrong number of words for {kind.upper()}", legal=f"favour {player} {kind} ...")
    if kind == "barter":
        return Favour(player, kind, "", mine=_ref(state, args[0]), theirs=_ref(state, args[1]), card=card)
    if kind == "resell":
        return Favour(player, kind, "", mine=_ref(state, args[0]), card=card)
    return Favour(player, kind, "", theirs=_ref(state, args[0]), card=card)


def _parse_favour(state: State, words: Sequence[str], kind_verb: str = "") -> Command:
    """``favour PLAYER KIND ...``; typed by its kind (``acquire PLAYER TARGET MAT``), the kind
    goes after the player, wherever the options are."""
    spec: Spec = {"pay": ("pay", "value"), "card": ("card", "value"), "face-down": ("face-down", "flag")}
    positional, options = scan(words, spec)
    if kind_verb:
        positional = [*positional[:1], kind_verb, *positional[1:]]
    card = one(options, "card") or ""
    if card and card != "?" and card.lower() not in (*data.FAVOURS, *data.BLUE_FAVOURS):
        raise BadInput(f"unknown FAVOUR {card!r}", legal=", ".join(data.FAVOURS))
    card = card.lower() if card != "?" else card
    if _blue(state):
        return _parse_blue(state, positional, card)
    face_down = "face-down" in options
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
        made = Favour(player, kind, target, mine=_ref(state, args[0]), theirs=_ref(state, args[1]))
    elif kind == "resell":
        made = Favour(player, kind, target, mine=_ref(state, args[0]))
    elif kind == "recycle":
        assert pay is not None
        made = Favour(player, kind, target, theirs=MatRef(_type(args[0])), pay=number(pay, "--pay"))
    else:
        made = Favour(player, kind, target, theirs=_ref(state, args[0]))
    return replace(made, card=card, face_down=face_down)


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
    positional, options = scan(words, {"target": ("target", "value")})
    count(positional, 1, 1, USAGE["end"])
    target = one(options, "target")
    return End(player_of(state.seats, positional[0]), player_of(state.seats, target) if target else "")


def _parse_career(state: State, words: Sequence[str]) -> Command:
    positional, _ = scan(words, {})
    count(positional, 2, None, USAGE["career"])
    return ChooseCareer(player_of(state.seats, positional[0]), _career("-".join(positional[1:])))


def _parse_apply(state: State, words: Sequence[str]) -> Command:
    positional, _ = scan(words, {})
    count(positional, 1, 2, USAGE["apply"])
    return Apply(player_of(state.seats, positional[0]), _type(positional[1]) if len(positional) > 1 else "")


def _parse_payoff(state: State, words: Sequence[str]) -> Command:
    positional, options = scan(words, {"card": ("card", "value")})
    count(positional, 2, 2, USAGE["payoff"])
    card = one(options, "card")
    coin = number(positional[1], "COIN")
    if not 1 <= coin <= data.PAYOFF_MAX:  # the grammar's 1|2: outside it is exit 2, before any rule
        raise BadInput(f"a PAYOFF is 1 or {data.PAYOFF_MAX} COIN, not {coin}", legal=USAGE["payoff"])
    return Payoff(player_of(state.seats, positional[0]), coin, number(card, "--card") if card else 1)


def _parse_ability(state: State, words: Sequence[str]) -> Command:
    positional, _ = scan(words, {})
    count(positional, 2, None, USAGE["ability"])
    player, power, args = player_of(state.seats, positional[0]), positional[1].lower(), positional[2:]
    usage = USAGE["ability"]
    if power in ("rep", "coin"):
        count(args, 1, 1, usage)
        return Ability(player, power, target=player_of(state.seats, args[0]))
    if power == "forge":
        count(args, 2, 2, usage)
        return Ability(player, power, mat=_ref(state, args[0], shared=True), kind=_type(args[1]))
    if power == "repair":
        count(args, 1, 1, usage)
        return Ability(player, power, mat=_ref(state, args[0], shared=True))
    if power == "swap":
        count(args, 1, 1, usage)
        return Ability(player, power, kind=_favour_kind(args[0]))
    if power == "minimalist":
        count(args, 0, 0, usage)
        return Ability(player, power)
    if power == "invest":
        outcome = tuple(word.lower() for word in args)
        for side in outcome:
            if side not in data.COIN_SIDES:
                raise BadInput(f"a COIN lands {side!r}?", legal="dollar | blank")
        return Ability(player, power, outcome=outcome)
    if power == "care":
        count(args, 2, 2, usage)
        return Ability(player, power, target=player_of(state.seats, args[0]), kind=_favour_kind(args[1]))
    if power == "scavenge":
        count(args, 2, 2, usage)
        return Ability(player, power, target=_owner(state, args[0]), kind=_type(args[1]))
    if power == "peek":
        count(args, 1, 1, usage)
        return Ability(player, power, kind=args[0].lower())
    if power == "take":
        count(args, 1, 2, usage)
        outcome = (args[1].lower(),) if len(args) > 1 else ()
        if outcome and outcome[0] != "unseen":
            _favour_kind(outcome[0])
        return Ability(player, power, target=player_of(state.seats, args[0]), outcome=outcome)
    raise BadInput(f"unknown ABILITY {positional[1]!r}", legal=usage)


_CHOICES = ("toss", "lose", "none", "a", "b", "c")


def _parse_event(state: State, words: Sequence[str]) -> Command:
    """``event PLAYER ...``: a choice in an IMMEDIATE EVENT (9.0)."""
    positional, _ = scan(words, {})
    count(positional, 2, 3, USAGE["event"])
    player, first, rest = player_of(state.seats, positional[0]), positional[1], positional[2:]
    word = rest[0] if rest else ""
    if first.lower() in _CHOICES:
        choice = first.lower()
        if choice == "toss":
            if word and word.lower() not in data.COIN_SIDES:
                raise BadInput(f"a COIN lands {word!r}?", legal="dollar | blank")
            return Respond(player, choice, outcome=word.lower())
        if choice in ("a", "b", "c"):
            count(rest, 1, 1, USAGE["event"])
            return Respond(player, choice, kind=_type(word))
        count(rest, 0, 0, USAGE["event"])
        return Respond(player, choice)
    if "@" in first:
        count(rest, 0, 0, USAGE["event"])
        return Respond(player, mat=_ref(state, first))
    target = player_of(state.seats, first)
    if not word:
        return Respond(player, target=target)
    if "@" in word:
        return Respond(player, target=target, mat=_ref(state, word))
    if word.lower() in data.MATERIALS:
        return Respond(player, target=target, kind=word.lower())
    if word.lower() != "unseen":
        _favour_kind(word)
    return Respond(player, target=target, outcome=word.lower())


def _parse_call(state: State, words: Sequence[str]) -> Command:
    positional, options = scan(words, {"card": ("card", "value")})
    count(positional, 1, 1, USAGE["call"])
    card = one(options, "card")
    return Call(player_of(state.seats, positional[0]), _favour_kind(card) if card else "")


def _parse_object(state: State, words: Sequence[str]) -> Command:
    positional, _ = scan(words, {})
    count(positional, 2, 2, USAGE["object"])
    return Object(player_of(state.seats, positional[0]), _favour_kind(positional[1]))


# Other words for a verb, accepted everywhere a verb is (``referee loop``, ``play``, completion).
# ``acquire PLAYER TARGET MAT`` is ``favour PLAYER acquire TARGET MAT``, and so on per kind.
ALIASES: dict[str, tuple[str, ...]] = {
    "reveal": ("flip",),
    "goal": ("achieve",),
    "favour": ("favor", *data.FAVOURS, "renew"),
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
    "career": _parse_career,
    "apply": _parse_apply,
    "payoff": _parse_payoff,
    "ability": _parse_ability,
    "event": _parse_event,
    "call": _parse_call,
    "object": _parse_object,
    **{kind: partial(_parse_favour, kind_verb=kind) for kind in (*data.FAVOURS, "renew")},
}


# The verbs a mode does without (LOOP 4.0 Mode Comparison), by the switch that turns them on.
_MODE_VERBS: tuple[tuple[str, tuple[str, ...], str, str], ...] = (
    ("careers", ("career", "ability", "call", "object"), "CAREER", " (5.1, 8.0)"),
    ("credit", ("apply", "payoff"), "CREDIT CARD", " (5.4)"),
    ("events", ("event",), "EVENT", " (5.3, 9.0)"),
    ("answer", ("accept", "reject"), "ACCEPT or REJECT", ": a FAVOUR takes effect at once (6.2, 7.0)"),
)
R_MODES = "LOOP 4.0 Mode Comparison"


# The parts of ``USAGE`` only some modes have (LOOP 4.0 Mode Comparison), each with what the
# mode needs for it: a CAREER's option, an EVENT's, the red FAVOUR or the blue (Solo, 7.0).
_RED, _SOLO, _BLUE = USAGE["favour"].partition("; Solo: ")
_MODE_PARTS: tuple[tuple[str, str, str], ...] = (
    ("red", "favour", _RED + _SOLO),  # the whole of a colour first: a CAREER's part is inside it
    ("blue", "favour", _SOLO + _BLUE),
    ("careers", "reveal", " | reveal career PLAYER CAREER CAREER"),
    ("events", "reveal", " | reveal event EVENT [EVENT ...]"),
    ("blue", "reveal", " | reveal exhibited TYPE@Q ..."),
    ("careers", "work", " [--salary 7|4|2 (FREELANCER)]"),
    ("careers", "work", " [--create TYPE (ARTIST)]"),
    ("careers", "buy", " [OWNER:TYPE:QUALITY (SCIENTIST)]"),
    ("events", "buy", " [--free TYPE,... (BOGOF)]"),
    ("careers", "favour", " [--face-down --card KIND (POLITICIAN)]"),
    ("careers", "end", " [--target PLAYER (HYPEBEAST)]"),
)


def usage(setup: Setup) -> dict[str, str]:
    """Each verb's words in this setup's mode: no CAREER's option in Basic Mode, no EVENT's
    where there is none, only the FAVOUR of the mode's colour (4.0)."""
    mode = MODES.get(setup.mode)
    if mode is None:
        return dict(USAGE)
    has = {"careers": mode.careers, "events": mode.events, "red": mode.favours == "red"}
    has["blue"] = mode.favours == "blue"
    shown = dict(USAGE)
    for switch, verb, part in _MODE_PARTS:
        if not has[switch]:
            shown[verb] = shown[verb].replace(part, "", 1)
    return shown


def absent_verbs(setup: Setup) -> dict[str, str]:
    """The verbs of LOOP that this setup's mode does not have, each with why."""
    return _absent(setup.mode)


def _absent(name: str) -> dict[str, str]:
    mode = MODES.get(name)
    absent: dict[str, str] = {}
    for switch, verbs, what, why in _MODE_VERBS:
        if mode is not None and not getattr(mode, switch):
            absent.update(dict.fromkeys(verbs, f"there is no {what} in {mode.title}{why}"))
    return absent


def parse(state: State, words: Sequence[str]) -> Command:
    """The command the words after ``referee loop`` type, or ``BadInput``; a verb of another
    mode is refused by 4.0 (``IllegalMove``)."""
    absent = _absent(state.mode)
    usage = " | ".join(sorted(verb for verb in USAGE if verb not in absent))
    if not words:
        raise BadInput("no move given", legal=usage)
    verb = words[0].lower()
    if verb in absent:
        raise IllegalMove(absent[verb], rule=R_MODES, legal=usage)
    parser = _PARSERS.get(verb)
    if parser is None:
        raise BadInput(unknown("LOOP move", words[0], [v for v in USAGE if v not in absent]), legal=usage)
    return parser(state, list(words[1:]))
