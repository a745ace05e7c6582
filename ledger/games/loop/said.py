"""A LOOP move in the rulebook's words (the contract's ``said``): each word of its canonical text
(``notation.text``) as a table says it, built from the typed command, for the page's chips and
its move in words: ``food:1`` is ``FOOD at QUALITY 1``, ``dance=glass@1,plastic@2`` is ``DANCE:
GLASS@1 + PLASTIC@2``, ``--rep 1`` on WORK is ``spend 1 REPUTATION (+1 COIN)`` (LOOP 2.2, 2.5).

A word that only leads to its value (a flag) ends in ``…``: a chip, never repeated in the
sentence (``decider.sentence``).
"""

from __future__ import annotations

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
    Mat,
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
    State,
    Work,
)
from ledger.words import card_name


def _name(word: str) -> str:
    """A card or a term as printed: ``study-circle`` is STUDY CIRCLE."""
    return card_name(word)


def favour_name(kind: str) -> str:
    """A FAVOUR kind as the rulebook prints it (3.1: ``barter`` is BARTER, ``blue-share`` BLUE
    SHARE): the move's words here, and the status's hands and piles (``present``)."""
    return _name(kind)


def _ref(ref: MatRef) -> str:
    quality = f"@{ref.quality}" if ref.quality is not None else ""
    owner = "" if not ref.owner else "the BUY AREA's " if ref.owner == AREA else f"{ref.owner}'s "
    return f"{owner}{ref.type.upper()}{quality}"


def _mat(mat: Mat | None) -> str:
    return "" if mat is None else f"{mat[0].upper()}@{mat[1]}"


def _opt(label: str, value: object, said: str) -> list[str]:
    """A flag and its value: nothing when the text has none (``opt``'s None)."""
    return [] if value is None else [label + "…", said]


def _list(values: tuple[str, ...]) -> str:
    return ", ".join(_name(v) for v in values)


def said(state: State, command: Command) -> list[str]:
    """Each word of ``text(command)``, said as the rulebook says it."""
    match command:
        case RevealMaterial(material, to, more, shown, to_each):
            cards = [m.upper() for m in (material, *more)]
            if shown:
                cards = [f"{c}@{q}" for c, q in zip(cards, shown, strict=True)]
            to_said = ", ".join(to_each) if to_each else to
            return ["reveal", "MATERIAL", *cards, *_opt("to", to_said, f"to {to_said}")]
        case RevealCareers(player, careers):
            return ["reveal", "CAREER", player, *(_name(c) for c in careers)]
        case RevealEvents(names):
            return ["reveal", "EVENT", *(_name(n) for n in names)]
        case RevealExhibited(cards):
            return ["reveal", "Exhibited", *(_mat(c) for c in cards)]
        case ChooseCareer(player, career):
            return ["CAREER", player, _name(career)]
        case Apply(player, gift):
            return ["APPLY for a CREDIT CARD", player, *([f"with {gift.upper()}@1"] if gift else [])]
        case Payoff(player, coin, card):
            card_said = _opt("CREDIT CARD", card if card != 1 else None, f"CREDIT CARD {card}")
            return ["pay off", player, f"{coin} COIN", *card_said]
        case Ability(player, power, target, mat, kind, outcome):
            words = [target, _ref(mat) if mat else "", kind.upper(), *(o.upper() for o in outcome)]
            return ["ABILITY", player, _name(power), *(w for w in words if w)]
        case Respond(player, choice, target, mat, kind, outcome):
            words = [_name(choice) if choice else "", target, _ref(mat) if mat else "", kind.upper(), outcome]
            return ["EVENT", player, *(w for w in words if w)]
        case Call(target, card):
            return ["call the bluff", target, *_opt("card", card or None, f"shown {card.upper()}")]
        case Object(player, discard):
            return ["Objection", player, f"discard {discard.upper()}"]
        case RevealActivity(name, needs, props, more):
            face = _opt("needs", needs, f"needs {_list(needs or ())}")
            face += _opt("props", props, f"PROPERTY {_list(props or ())}")
            return ["reveal", "ACTIVITY", *(_name(n) for n in (name, *more)), *face]
        case DeclareActivity(name, needs, props):
            face = _opt("needs", needs, f"needs {_list(needs or ())}")
            face += _opt("props", props, f"PROPERTY {_list(props or ())}")
            return ["declare", "ACTIVITY", _name(name), *face]
        case DeclareGoal(name, needs, reward):
            face = _opt("needs", needs, f"needs {_list(needs or ())}")
            face += _opt("reward", reward, f"+{reward} HAPPINESS")
            return ["declare", "GOAL", _name(name), *face]
        case Work(player, rep, salary, create):
            words = ["WORK", player]
            words += _opt("spend REPUTATION", rep or None, f"spend {rep} REPUTATION (+{rep} COIN)")
            words += _opt("SALARY", salary or None, f"SALARY {salary} COIN")
            words += _opt("create", create or None, f"create {create.upper()}")
            return words
        case Buy(player, cards, rep, free, scrap):
            # (a 2nd and 3rd card: a chip that adds one)
            bought = [f"{'+ ' if i else ''}{t.upper()} at QUALITY {q}" for i, (t, q) in enumerate(cards)]
            if scrap is not None:
                where = "the central LANDFILL" if scrap.owner == CENTRAL else f"{scrap.owner}'s LANDFILL"
                bought[-1] = f"{bought[-1]} from {where}"
            paid = _opt("spend REPUTATION", rep or None, f"spend {rep} REPUTATION (+{rep} QUALITY)")
            taken = _opt("free", free or None, f"{', '.join(t.upper() for t in free)} free (BOGOF)")
            return ["BUY", player, *bought, *paid, *taken]
        case Consume(player, spends, drop, rep_happiness):
            paid = [f"{s.activity}: {' + '.join(_ref(r) for r in s.materials)}" for s in spends]
            drops = [w for name in drop for w in ("drop…", f"drop {name}")]
            extra = ["spend 2 REPUTATION: +1 HAPPINESS"] if rep_happiness else []
            return ["CONSUME", player, *paid, *drops, *extra]
        case RepHappiness(player, force):
            return ["spend 2 REPUTATION: +1 HAPPINESS", player, *(["even so"] if force else [])]
        case Goal(player, goal, needs, reward):
            face = _opt("needs", needs, f"needs {_list(needs or ())}")
            face += _opt("reward", reward, f"+{reward} HAPPINESS")
            return ["GOAL", player, _name(goal), *face]
        case Favour(player, kind, target, mine, theirs, pay, card, face_down):
            paid = _opt("pay", pay if kind == "recycle" else None, f"pay {pay} COIN (QUALITY {pay})")
            extra = _opt("card", card or None, f"play {card.upper()}") + (["face down"] if face_down else [])
            words = [w for w in ("FAVOUR", player, favour_name(kind), f"to {target}:" if target else "") if w]
            return [*words, *_favour_mats(kind, target, mine, theirs), *paid, *extra]
        case Accept(target):
            # (what it moves: the FAVOUR's terms, told beside the answers and in its facts)
            return ["ACCEPT", target]
        case Reject(target, by):
            how = "by discarding another same FAVOUR" if by == "discard" else "by spending 1 REPUTATION"
            return ["REJECT", target, how]
        case End(player, target):
            return ["end the turn", player, *_opt("compare with", target or None, f"compare with {target}")]
    return []  # (a command this does not know: said as typed, ``decider.said``)


def _favour_mats(kind: str, target: str, mine: MatRef | None, theirs: MatRef | None) -> list[str]:
    """The MATERIAL a FAVOUR names, as its player reads them (3.1): ``mine`` the player's own,
    ``theirs`` the target's (a RECYCLE's: the type from the target's LANDFILL); Solo's blue
    FAVOUR (no target) acts on the BUY AREA (7.0)."""
    whose = f"{target}'s " if target else "the BUY AREA's "
    said = []
    if mine is not None:
        said.append(f"{'give' if kind == 'barter' else 'sell'} your {_ref(mine)}")
    if theirs is not None:
        if kind == "recycle":
            said.append(f"{theirs.type.upper()} from {target}'s LANDFILL")
        elif kind == "barter":
            said.append(f"for {whose}{_ref(theirs)}")
        elif kind == "share":  # (the target named just before: "to ben: 1 QUALITY of PLASTIC@2")
            said.append(f"1 QUALITY of {_ref(theirs)}")
        else:
            said.append(f"take {_ref(theirs)}")
    return said
