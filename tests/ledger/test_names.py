"""Players' names and a game's title as typed at ``new`` (``ledger.names``): a name reads back
as that player and nobody else, and text shown back cannot move the cursor."""

from __future__ import annotations

import pytest

from ledger import names
from ledger.errors import BadInput

RESERVED = {"table": "the table's name", "b": "an EVENT choice"}


def refused(given: list[str], reserved: dict[str, str] = RESERVED) -> BadInput:
    with pytest.raises(BadInput) as caught:
        names.player_names(given, reserved)
    return caught.value


def test_names_are_stored_composed_and_trimmed() -> None:
    assert names.player_names([" ann ", "zoe\u0308", "Ben-2", "o_k", "Zoé"], RESERVED) == (
        "ann",
        "zoë",
        "Ben-2",
        "o_k",
        "Zoé",
    )
    assert names.player_names(["a" * names.MAX_NAME], {}) == ("a" * 20,)
    assert names.player_names(["δ3", "ёж"], {}) == ("δ3", "ёж")  # one alphabet each


def test_an_empty_or_too_long_name() -> None:
    bad = refused(["ann", " ", "ben"])
    assert bad.message.startswith("player 2 of 3 has no name") and bad.legal == "--players A,B,..."
    bad = refused(["a" * 21])
    assert bad.message == "player name '" + "a" * 20 + "'... has 21 characters" and bad.legal == "at most 20"


def test_a_name_is_one_word_of_letters_and_digits_with_a_hyphen_or_underscore_inside() -> None:
    for name, held in (
        ("ann smith", "' ' (U+0020 SPACE)"),
        ("-ann", "'-' (U+002D HYPHEN-MINUS)"),
        ("_ann", "'_' (U+005F LOW LINE)"),
        ("ann!", "'!' (U+0021 EXCLAMATION MARK)"),
        ("\u0301ann", "'\u0301' (U+0301 COMBINING ACUTE ACCENT)"),  # an accent on nothing
        ("an\x1bn", "U+001B"),
        ("ann½", "'½' (U+00BD VULGAR FRACTION ONE HALF)"),  # a number, not a digit
    ):
        bad = refused([name])
        assert bad.message.endswith(f"holds {held}"), name
        assert bad.legal == "one word of letters and digits, - or _ inside"
    assert "'an\\x1bn'" in refused(["an\x1bn"]).message  # shown escaped
    # a bad character after a hyphen or an accent inside is still found
    assert refused(["ann-b!"]).message.endswith("holds '!' (U+0021 EXCLAMATION MARK)")
    # an accent on the letter before it, where no composed letter exists (q and an acute)
    assert names.player_names(["aq\u0301"], {}) == ("aq\u0301",)


def test_a_name_may_not_mix_alphabets_whose_letters_look_alike() -> None:
    bad = refused(["аnn"])  # a Cyrillic a, then Latin
    assert bad.message == "player name 'аnn' mixes Cyrillic and Latin letters, which look alike"
    assert refused(["aβ"]).message.endswith("mixes Greek and Latin letters, which look alike")
    assert names.player_names(["ann3"], {}) == ("ann3",)  # digits are in no alphabet


def test_a_reserved_word_in_any_case() -> None:
    bad = refused(["ann", "TABLE"])
    assert (bad.message, bad.legal) == ("player name 'TABLE' is the table's name", "choose another name")
    assert refused(["B"]).message == "player name 'B' is an EVENT choice"


def test_two_players_may_not_share_a_name_or_names_that_look_alike() -> None:
    bad = refused(["ann", "ben", "Ben"])
    assert (bad.message, bad.legal) == (
        "players 2 and 3 have the same name, 'Ben'",
        "give each player a different name",
    )
    bad = refused(["boo", "b00"])  # zeros drawn like o
    assert (bad.message, bad.legal) == (
        "player names 'boo' and 'b00' look alike",
        "give each player a name the others can tell apart",
    )
    # all Cyrillic, drawn like the Latin tot: the second's letters spelt out
    assert refused(["тот", "tot"]).message == "player names 'тот' and 'tot' look alike"
    bad = refused(["tot", "тот"])
    assert bad.message == "player names 'tot' and 'тот' look alike (the second is U+0442 U+043E U+0442)"
    assert refused(["ben", "ann", "τοτ", "tot"]).message == "player names 'τοτ' and 'tot' look alike"
    assert names.player_names(["ann", "anna", "пап"], {}) == ("ann", "anna", "пап")  # п is not n


def test_text_shown_back_escapes_control_characters() -> None:
    assert names.shown("a\nb\x1b[31m") == "a\\nb\\x1b[31m"
    assert names.shown("zoë ok") == "zoë ok"


def test_a_title_is_one_line_of_at_most_a_hundred_characters() -> None:
    assert names.checked_title("  Friday e\u0301  ") == "Friday é"
    assert names.checked_title("x" * 100) == "x" * 100
    with pytest.raises(BadInput) as caught:
        names.checked_title("x" * 101)
    assert (caught.value.message, caught.value.legal) == ("the title has 101 characters", "at most 100")
    with pytest.raises(BadInput) as caught:
        names.checked_title("two\nlines")
    assert caught.value.message == "the title 'two\\nlines' holds a control character (U+000A)"
    assert caught.value.legal == "one line of text"
