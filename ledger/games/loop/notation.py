"""The notation of a LOOP move: its terms read from a word (a MATERIAL, a card to BUY, a CAREER,
a FAVOUR, a LANDFILL's owner, the ACTIVITY revealed), and a whole move written as its canonical
text, which ``grammar.parse`` reads back to the same command (``parse(state, text(c).split()) == c``).

A MATERIAL is ``TYPE@QUALITY`` or ``TYPE`` (the owner has one QUALITY of it; the referee
asks if not); a SHAREd one in a CONSUME is ``OWNER:TYPE@QUALITY``. A card to BUY is
``TYPE:QUALITY`` (``TYPE@QUALITY`` also reads).
"""

from __future__ import annotations

from collections.abc import Sequence

from ledger.errors import BadInput
from ledger.games.loop import data
from ledger.games.loop.evolve import AREA, CENTRAL
from ledger.games.loop.model import (
    Ability,
    Accept,
    ActivityFace,
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
from ledger.games.loop.modes import MODES
from ledger.words import (
    card_name,
    card_word,
    name_of,
    number,
    opt,
    player_of,
)


def _blue(state: State) -> bool:
    """7.0: the blue FAVOUR act on the BUY AREA (``area:``) and the central LANDFILL."""
    return MODES[state.mode].favours == "blue"


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
        # Solo: a SHAREd BUY AREA card is ``area:TYPE@Q`` (7.0)
        owner = AREA if who.lower() == AREA and _blue(state) else player_of(state.seats, who)
    kind, at, quality = word.partition("@")
    return MatRef(_type(kind), number(quality, "QUALITY") if at else None, owner)


def _shown(word: str) -> Mat:
    """``glass@3``: a MATERIAL and the QUALITY it shows (Solo's Exhibited QUALITY)."""
    kind, at, quality = word.partition("@")
    if not at:
        raise BadInput(f"say the QUALITY {word!r} shows", legal=f"{word.lower()}@QUALITY")
    return (_type(kind), number(quality, "QUALITY"))


def _card(word: str) -> Mat:
    kind, sep, quality = word.replace("@", ":").partition(":")
    if not sep:
        raise BadInput(f"say the QUALITY to BUY {word!r} at", legal=f"{word.lower()}:QUALITY")
    return (_type(kind), number(quality, "QUALITY"))


# The longest card name the rulebook prints has 3 words (SENSE OF BELONGING, LOOP 2.3): a new
# ACTIVITY named in more separate words is read as several cards, not as one made up (issue 41).
LONGEST_NAME = 3


def _activities(
    state: State, words: Sequence[str], needs: str | None = None, props: str | None = None
) -> tuple[str, ...]:
    """The ACTIVITY ``reveal activity`` names: one card per word (``dance picnic``), except a
    known name typed in several words (``board games``) and the one new card a face follows
    (``ice skating --needs ...``; ``needs`` and ``props`` are the options typed). A face belongs to
    one card: words that read as several (one of them a known ACTIVITY, or more than
    ``LONGEST_NAME``) are refused, naming the cards read and how to reveal them; a longer name a
    card really shows is typed as one word (``yoga-picnic``, or quoted), always one card (issue 41)."""
    joined = card_name(" ".join(words))
    known = state.activity_faces
    if len(words) == 1 or (joined in known and not all(card_name(w) in known for w in words)):
        return (name_of(words, "ACTIVITY"),)
    names = tuple(name_of([word], "ACTIVITY") for word in words)
    face = bool(needs or props)
    if face and (len(names) > LONGEST_NAME or any(name in known for name in names)):
        raise BadInput(
            f"a face belongs to one card, and this reveal names {len(names)}: {', '.join(names)}",
            legal=one_at_a_time(state, names)
            + ("" if all(name in known for name in names) else f"; {as_one(joined, needs, props)}"),
        )
    return (name_of(words, "ACTIVITY"),) if face else names


def as_one(name: str, needs: str | None = None, props: str | None = None) -> str:
    """How to reveal a new card ``name`` of several words, with the face typed (``--needs`` and
    ``--props``, or what stands for each): its name typed as one word."""
    face = f"--needs {needs or 'T,T'} --props {props or 'P,P'}"
    return f"or, if one card shows {name}, its name as one word: reveal activity {card_word(name)} {face}"


def one_at_a_time(state: State, names: Sequence[str]) -> str:
    """How to reveal ``names`` in order: each with what the referee does not know of its face
    yet (a face belongs to one card), the ones it knows together."""
    steps: list[tuple[list[str], bool]] = []  # each reveal's words, and whether it adds no face
    for name in names:
        face = state.activity_faces.get(name, ActivityFace())
        needs = [] if face.needs else ["--needs T,T"]
        missing = needs + ([] if face.props else ["--props P,P"])
        if not missing and steps and steps[-1][1]:
            steps[-1][0].append(card_word(name))  # cards whose face is known are revealed together
        else:
            steps.append(([card_word(name), *missing], not missing))
    if len(steps) == 1 and steps[0][1]:
        return f"their faces are known: reveal activity {' '.join(steps[0][0])}"
    return "one card at a time: " + "; ".join(f"reveal activity {' '.join(step)}" for step, _ in steps)


def _goal(state: State, player: str, words: Sequence[str], face: str = "") -> str:
    """The GOAL ``goal PLAYER`` names: one card, though its name may have several words
    (``sense of belonging``). Words that read as several GOAL (one of them a known GOAL, or a
    new name of more than ``LONGEST_NAME``) are refused, naming them: a move achieves one GOAL,
    and a longer name a card really shows is typed as one word, with the ``face`` typed (issue 41)."""
    joined = name_of(words, "GOAL")
    known = state.goal_faces
    if len(words) == 1 or joined in known:
        return joined
    names = tuple(name_of([word], "GOAL") for word in words)
    if len(names) > LONGEST_NAME or any(name in known for name in names):
        raise BadInput(
            f"a move achieves one GOAL, and these words name {len(names)}: {', '.join(names)}",
            legal=f"one at a time: {'; '.join(f'goal {player} {card_word(name)}' for name in names)}; or, if"
            f" one card shows {joined}, its name as one word: goal {player} {card_word(joined)}{face}",
        )
    return joined


def _career(word: str) -> str:
    name = name_of([word], "CAREER")
    name = data.CAREER_ALIASES.get(name, name)
    if name not in data.CAREER:
        raise BadInput(f"unknown CAREER {word!r}", legal=", ".join(card_word(c) for c in sorted(data.CAREER)))
    return name


def _owner(state: State, word: str) -> str:
    """A LANDFILL's owner: a player, or Solo's central LANDFILL."""
    return CENTRAL if word.lower() == CENTRAL and _blue(state) else player_of(state.seats, word)


def _favour_kind(word: str) -> str:
    kind = word.lower()
    if kind not in (*data.FAVOURS, *data.BLUE_FAVOURS):
        raise BadInput(f"unknown FAVOUR {word!r}", legal=", ".join(data.FAVOURS))
    return kind


# ---------------------------------------------------------------------------- text


def ref_text(ref: MatRef) -> str:
    owner = f"{ref.owner}:" if ref.owner else ""
    quality = f"@{ref.quality}" if ref.quality is not None else ""
    return f"{owner}{ref.type}{quality}"


def text(command: Command) -> str:
    """The canonical text of a move; ``parse`` reads it back to the same command."""
    match command:
        case RevealMaterial(material, to, more, shown, to_each):
            cards = (material, *more)
            if shown:
                cards = tuple(f"{kind}@{quality}" for kind, quality in zip(cards, shown, strict=True))
            return f"reveal material {' '.join(cards)}{opt('to', to_each or to)}"
        case RevealCareers(player, careers):
            return f"reveal career {player} {' '.join(card_word(c) for c in careers)}"
        case RevealEvents(names):
            return f"reveal event {' '.join(card_word(name) for name in names)}"
        case RevealExhibited(cards):
            return "reveal exhibited " + " ".join(f"{kind}@{quality}" for kind, quality in cards)
        case ChooseCareer(player, career):
            return f"career {player} {card_word(career)}"
        case Apply(player, gift):
            return f"apply {player}" + (f" {gift}" if gift else "")
        case Payoff(player, coin, card):
            return f"payoff {player} {coin}" + (f" --card {card}" if card != 1 else "")
        case Ability(player, power, target, mat, kind, outcome):
            words = [target, ref_text(mat) if mat else "", kind, *outcome]
            return " ".join(["ability", player, power, *(w for w in words if w)])
        case Respond(player, choice, target, mat, kind, outcome):
            words = [choice, target, ref_text(mat) if mat else "", kind, outcome]
            return " ".join(["event", player, *(w for w in words if w)])
        case Call(target, card):
            return f"call {target}" + (f" --card {card}" if card else "")
        case Object(player, discard):
            return f"object {player} {discard}"
        case RevealActivity(name, needs, props, more):
            flipped = " ".join(card_word(n) for n in (name, *more))
            return f"reveal activity {flipped}{opt('needs', needs)}{opt('props', props)}"
        case DeclareActivity(name, needs, props):
            return f"declare activity {card_word(name)}{opt('needs', needs)}{opt('props', props)}"
        case DeclareGoal(name, needs, reward):
            return f"declare goal {card_word(name)}{opt('needs', needs)}{opt('reward', reward)}"
        case Work(player, rep, salary, create):
            extra = opt("salary", salary or None) + opt("create", create or None)
            return f"work {player}{opt('rep', rep or None)}{extra}"
        case Buy(player, cards, rep, free, scrap):
            words = [f"{kind}:{quality}" for kind, quality in cards]
            if scrap is not None:
                words[-1] = f"{scrap.owner}:{words[-1]}"
            return f"buy {player} {' '.join(words)}{opt('rep', rep or None)}{opt('free', free or None)}"
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
        case Favour(player, kind, target, mine, theirs, pay, card, face_down):
            args = [ref_text(ref) for ref in (mine, theirs) if ref is not None]
            paid = opt("pay", pay if kind == "recycle" else None)
            extra = opt("card", card or None) + (" --face-down" if face_down else "")
            return " ".join(w for w in ("favour", player, kind, target, *args) if w) + paid + extra
        case Accept(target):
            return f"accept {target}"
        case Reject(target, by):
            return f"reject {target} --{by}"
        case End(player, target):
            return f"end {player}{opt('target', target or None)}"
    raise BadInput(f"not a LOOP move: {command!r}")
