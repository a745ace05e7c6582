"""The words of a move, read the same way in every game's grammar.

Names are case-insensitive. A card name of several words may come as one (quoted) word, as
hyphenated or underscored words, or, where it is the last thing before the options, as
several words; it is stored in capitals with single spaces ("SENSE OF BELONGING") and
written hyphenated ("sense-of-belonging"), so a game's ``parse(state, text(c).split()) == c``.

``scan`` splits the words after a verb into positional words and ``--options``; each game
says which options a verb takes and whether each is a flag, one value or many.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from ledger.errors import BadInput

# A card name is typed in a shell: no character it treats specially (a ' opens a quote, & and
# ! end or expand the command in bash), so letters, digits, spaces (typed as -) and dots.
_NAME = re.compile(r"^[A-Z0-9][A-Z0-9 .]*$")
CARD_NAME_CHARACTERS = "letters, digits, - and . (no character a shell treats specially)"

# Options per verb: name -> (canonical name, "flag" | "value" | "many").
Spec = dict[str, tuple[str, str]]
S = TypeVar("S")
C = TypeVar("C")


def card_name(word: str) -> str:
    """The stored form of a card name: capitals, single spaces."""
    return " ".join(word.replace("-", " ").replace("_", " ").split()).upper()


def card_word(name: str) -> str:
    """The typed form of a card name: lower case, hyphenated."""
    return name.lower().replace(" ", "-")


def is_card_name(name: str) -> bool:
    """A stored card name that can be typed and written back (see ``card_word``)."""
    return bool(_NAME.match(name)) and name == card_name(name)


def name_of(words: Sequence[str], what: str) -> str:
    """The card name ``words`` type, or ``BadInput`` naming ``what`` it should be."""
    name = card_name(" ".join(words))
    if not is_card_name(name):
        raise BadInput(f"cannot read {what} name {' '.join(words)!r}", legal=CARD_NAME_CHARACTERS)
    return name


def near(word: str, known: Iterable[str], cutoff: float = 0.7) -> list[str]:
    """The names of ``known`` close to ``word`` (a typo away, in any case or spelling of a card
    name: ``studdy`` is near ``study``, ``sense of belongin`` near ``SENSE OF BELONGING``), closest
    first, as ``known`` spells them; none for a word ``known`` holds."""
    spelled = {card_name(name).casefold(): name for name in known}
    typed = card_name(unicodedata.normalize("NFC", word)).casefold()
    if not typed or typed in spelled:
        return []
    import difflib  # a refusal's suggestion only: every command imports this module (5M instructions)

    return [spelled[n] for n in difflib.get_close_matches(typed, list(spelled), n=3, cutoff=cutoff)]


def did_you_mean(word: str, known: Iterable[str], typed: Callable[[str], str] = str) -> str:
    """``"did you mean X?"`` (or ``X or Y``) for the names of ``known`` near ``word``, each
    written by ``typed``; ``""`` if none is."""
    close = [typed(name) for name in near(word, known)]
    return f"did you mean {' or '.join(close)}?" if close else ""


def unknown(what: str, word: str, known: Iterable[str], typed: Callable[[str], str] = str) -> str:
    """``unknown WHAT 'word'``, with ``: did you mean X?`` when a known name is near it."""
    hint = did_you_mean(word, known, typed)
    return f"unknown {what} {word!r}: {hint}" if hint else f"unknown {what} {word!r}"


def not_a_typo(name: str, known: Iterable[str], what: str, declare: str) -> None:
    """``BadInput`` "did you mean X?" if ``name``, a card the referee is about to ask the table to
    declare, is a typo away from one it knows (printed in the rules, or declared in this game or
    the group's library): a typo never invites a declaration (issue 41). ``declare`` is how a
    really new card is declared, said after the known one."""
    hint = did_you_mean(name, known, card_word)
    if hint:
        raise BadInput(
            f"the referee knows no {what} {card_word(name)!r}: {hint}", legal=f"a new one: {declare}"
        )


def same_name(name: str, word: str) -> bool:
    """``word`` types ``name``: in any case, composed or decomposed (``zoë`` is NFC when stored)."""
    return name.casefold() == unicodedata.normalize("NFC", word).casefold()


def player_of(seats: Sequence[str], word: str) -> str:
    """The player ``word`` names (in any case)."""
    for name in seats:
        if same_name(name, word):
            return name
    raise BadInput(unknown("player", word, seats), legal=", ".join(seats))


def number(word: str, what: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise BadInput(f"{what} must be a number, not {word!r}") from None


def listed(word: str, allowed: Sequence[str], what: str) -> tuple[str, ...]:
    """A comma-separated list of names from ``allowed`` (lower case), at least one."""
    items = tuple(part.strip().lower() for part in word.split(",") if part.strip())
    for item in items:
        if item not in allowed:
            raise BadInput(unknown(what, item, allowed), legal=", ".join(allowed))
    if not items:
        raise BadInput(f"no {what} given")
    return items


def scan(words: Sequence[str], spec: Spec) -> tuple[list[str], dict[str, list[str]]]:
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
            message = unknown("option", word, [f"--{k}" for k in spec])
            raise BadInput(message, legal=f"options here: {known}")
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


def one(options: dict[str, list[str]], key: str) -> str | None:
    """The value of an option given once, or None."""
    values = options.get(key)
    return values[0] if values else None


def count(positional: Sequence[str], low: int, high: int | None, usage: str) -> None:
    """``BadInput`` with the verb's usage unless there are ``low`` to ``high`` positional words."""
    if len(positional) < low or (high is not None and len(positional) > high):
        raise BadInput("wrong number of words", legal=usage)


def opt(name: str, value: object) -> str:
    """`` --name value`` for ``text``: nothing for None, a tuple joined with commas."""
    if value is None:
        return ""
    if isinstance(value, tuple):
        return f" --{name} {','.join(value)}"
    return f" --{name} {value}"


def player_verb(
    usage: str,
    build: Callable[[S, str, list[str], dict[str, list[str]]], C],
    seats: Callable[[S], Sequence[str]],
    spec: Spec | None = None,
    low: int = 0,
    high: int | None = None,
) -> Callable[[S, Sequence[str]], C]:
    """The parser of a verb whose first word is a player (one of ``seats(state)``), then ``low``
    to ``high`` more words: ``build(state, player, rest, options)``."""

    def parse_verb(state: S, words: Sequence[str]) -> C:
        positional, options = scan(words, spec or {})
        count(positional, 1 + low, None if high is None else 1 + high, usage)
        return build(state, player_of(seats(state), positional[0]), positional[1:], options)

    return parse_verb


def counted(n: int, noun: str) -> str:
    """``1 hourglass``, ``2 hourglasses``, ``0 votes``: a count and its noun, plural but for one."""
    if n == 1:
        return f"{n} {noun}"
    return f"{n} {noun}{'es' if noun.endswith(('s', 'sh', 'ch', 'x')) else 's'}"
