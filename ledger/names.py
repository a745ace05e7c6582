"""The names and titles a table types at ``new``, and text shown back to people.

A player's name is typed inside every move, so it must read back as that player and nothing
else: normalised (NFC, so a decomposed ``zoë`` is the same name as a composed one), one word
of letters and digits (``-`` and ``_`` inside), not too long, not another player's name in
any case or in letters that look the same (``ann`` and a Cyrillic ``аnn``), and no word the
game's grammar reads as something else (``Game.reserved_words``). A title is one line; a
reason (of an undo or a void) a few sentences at most.

Text is stored as given; ``shown`` escapes its control characters wherever it is printed, so
a reason or a title cannot move the cursor or colour the terminal.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence

from ledger.errors import BadInput

MAX_NAME = 20  # characters in a player's name
MAX_TITLE = 100  # characters in a game's title
MAX_REASON = 500  # characters in the reason of an undo or a void: a sentence or two, never a file

# Letters of the Cyrillic and Greek alphabets drawn like Latin ones (lower case: names are
# compared case-folded), and the digits drawn like letters: what makes two names look alike.
_LOOKALIKE = str.maketrans(
    {
        **dict(zip("аеорсухіјѕһԁԛԝвкмнтӏ", "aeopcyxijshdqwbkmhtl", strict=True)),
        **dict(zip("αεικνορτυχ", "aeikvoptux", strict=True)),
        "0": "o",
        "1": "l",
    }
)
_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")  # scripts whose letters a name may not mix


def shown(text: str) -> str:
    """``text`` with every control character (newline, escape, ...) shown as its escape."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in text)


def _quoted(name: str) -> str:
    return f"'{shown(name)}'"


def _script(char: str) -> str:
    return unicodedata.name(char, "?").split()[0]


def _bad_character(name: str) -> str | None:
    """What makes ``name`` not one word of letters and digits, or None."""
    for n, char in enumerate(name):
        category = unicodedata.category(char)
        if category[0] == "L" or category == "Nd":
            continue
        if n and (category[0] == "M" or char in "-_"):
            continue  # an accent on the letter before it; a hyphen or underscore inside
        what = f"U+{ord(char):04X} {unicodedata.name(char, '')}".strip()
        return f"{shown(char)!r} ({what})" if char.isprintable() else what
    return None


def _lookalike(name: str) -> str:
    """The letters ``name`` looks like: case-folded, each look-alike letter as its Latin twin."""
    return unicodedata.normalize("NFC", name).casefold().translate(_LOOKALIKE)


def player_names(given: Sequence[str], reserved: Mapping[str, str]) -> tuple[str, ...]:
    """The players' names as stored (NFC), or ``BadInput`` naming the first that cannot be.

    ``reserved`` maps each word no player may be named (case-folded) to what it is already:
    the table's name, a word the game's grammar reads in a player's place (``{"b": "an EVENT
    choice ..."}``)."""
    names: list[str] = []
    for n, raw in enumerate(given, start=1):
        name = unicodedata.normalize("NFC", raw.strip())
        if not name:
            raise BadInput(
                f"player {n} of {len(given)} has no name (two commas, or one at the start or end?)",
                legal="--players A,B,...",
            )
        if len(name) > MAX_NAME:
            raise BadInput(
                f"player name {_quoted(name[:MAX_NAME])}... has {len(name)} characters",
                legal=f"at most {MAX_NAME}",
            )
        bad = _bad_character(name)
        if bad:
            raise BadInput(
                f"player name {_quoted(name)} holds {bad}",
                legal="one word of letters and digits, - or _ inside",
            )
        scripts = sorted({_script(c) for c in name if c.isalpha()} & set(_SCRIPTS))
        if len(scripts) > 1:
            raise BadInput(
                f"player name {_quoted(name)} mixes {' and '.join(s.title() for s in scripts)} letters,"
                " which look alike",
                legal="the letters of one alphabet",
            )
        word = name.casefold()
        if word in reserved:
            raise BadInput(f"player name {_quoted(name)} is {reserved[word]}", legal="choose another name")
        for m, other in enumerate(names, start=1):
            if other.casefold() == word:
                raise BadInput(
                    f"players {m} and {n} have the same name, {_quoted(name)}",
                    legal="give each player a different name",
                )
            if _lookalike(other) == _lookalike(name):
                spelt = (
                    "" if name.isascii() else f" (the second is {' '.join(f'U+{ord(c):04X}' for c in name)})"
                )
                raise BadInput(
                    f"player names {_quoted(other)} and {_quoted(name)} look alike{spelt}",
                    legal="give each player a name the others can tell apart",
                )
        names.append(name)
    return tuple(names)


def checked_title(text: str) -> str:
    """A game's title as stored, or ``BadInput``: one line of at most ``MAX_TITLE`` characters."""
    text = unicodedata.normalize("NFC", text.strip())
    if len(text) > MAX_TITLE:
        raise BadInput(f"the title has {len(text)} characters", legal=f"at most {MAX_TITLE}")
    for char in text:
        if not char.isprintable():
            raise BadInput(
                f"the title {_quoted(text[:40])} holds a control character (U+{ord(char):04X})",
                legal="one line of text",
            )
    return text


def checked_reason(text: str) -> str:
    """The reason of an undo or a void as stored (as typed), or ``BadInput``: at most
    ``MAX_REASON`` characters."""
    if len(text) > MAX_REASON:
        raise BadInput(f"the reason has {len(text)} characters", legal=f"at most {MAX_REASON}")
    return text
