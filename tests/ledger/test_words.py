"""The words of a move as every game's grammar reads them (``ledger.words``): card names in
any typed form, players in any case, numbers and lists, and ``scan``'s options; each bad
word refused with one line that says what would be legal."""

from __future__ import annotations

from typing import Any

import pytest

from ledger import words
from ledger.errors import BadInput

SPEC: words.Spec = {
    "rep": ("rep", "value"),
    "r": ("rep", "value"),
    "face-down": ("face-down", "flag"),
    "needs": ("needs", "many"),
}


def refusal(call: Any, *args: Any) -> BadInput:
    with pytest.raises(BadInput) as caught:
        call(*args)
    return caught.value


def test_a_card_name_in_any_typed_form_is_stored_one_way_and_written_hyphenated() -> None:
    for typed in (
        "sense-of-belonging",
        "Sense_Of_Belonging",
        "  sense   of belonging ",
        "SENSE-of_belonging",
    ):
        assert words.card_name(typed) == "SENSE OF BELONGING"
    assert words.card_word("SENSE OF BELONGING") == "sense-of-belonging"
    assert words.card_name(words.card_word("MR. T 2")) == "MR. T 2"


def test_a_stored_card_name_is_one_a_shell_can_type_and_write_back() -> None:
    assert words.is_card_name("MR. T 2") and words.is_card_name("9 LIVES")
    assert not words.is_card_name("mr. t")  # not stored: lower case
    assert not words.is_card_name("SENSE  OF")  # two spaces
    assert not words.is_card_name(" SENSE")  # a space first
    assert not words.is_card_name(".SENSE")  # a dot first
    assert not words.is_card_name("")
    assert not words.is_card_name("BEN'S CAT")
    assert not words.is_card_name("A&B")


def test_a_card_name_read_from_its_words_or_refused_naming_what_it_should_be() -> None:
    assert words.name_of(["sense", "of", "belonging"], "activity") == "SENSE OF BELONGING"
    assert words.name_of(["mr.", "t"], "career") == "MR. T"
    bad = refusal(words.name_of, ["ben's", "cat"], "activity")
    assert bad.message == 'cannot read activity name "ben\'s cat"'
    assert bad.legal == words.CARD_NAME_CHARACTERS


def test_a_player_is_named_in_any_case_composed_or_not() -> None:
    seats = ["ann", "zoë", "Ben"]
    assert words.player_of(seats, "ANN") == "ann"
    assert words.player_of(seats, "ben") == "Ben"
    assert words.player_of(seats, "zoe\u0308") == "zoë"  # e and a combining diaeresis
    assert words.same_name("zoë", "ZOË") and not words.same_name("zoë", "zoe")
    bad = refusal(words.player_of, seats, "cat")
    assert (bad.message, bad.legal) == ("unknown player 'cat'", "ann, zoë, Ben")


def test_a_number_or_a_refusal_that_says_what_it_was_for() -> None:
    assert words.number("12", "the pay") == 12 and words.number("-1", "a step") == -1
    bad = refusal(words.number, "two", "the pay")
    assert bad.message == "the pay must be a number, not 'two'"


def test_a_list_of_names_from_those_allowed_at_least_one() -> None:
    allowed = ("glass", "food", "metal")
    assert words.listed("Glass, food,,", allowed, "material") == ("glass", "food")
    bad = refusal(words.listed, "glass,gold", allowed, "material")
    assert (bad.message, bad.legal) == ("unknown material 'gold'", "glass, food, metal")
    assert refusal(words.listed, " , ", allowed, "material").message == "no material given"


def test_scan_splits_positional_words_from_options_of_each_arity() -> None:
    positional, options = words.scan(
        ["ann", "--R", "2", "x", "--face-down", "--needs", "a", "b", "--needs=c", "y"], SPEC
    )
    # --r is --rep (any case); --needs takes words up to the next option, --needs=c one
    assert positional == ["ann", "x", "y"]
    assert options == {"rep": ["2"], "face-down": [], "needs": ["a", "b", "c"]}
    assert words.scan(["--rep=3", "--needs", "a", "k=v"], SPEC) == (["k=v"], {"rep": ["3"], "needs": ["a"]})
    assert words.scan([], SPEC) == ([], {})


def test_scan_refuses_each_bad_option_with_what_is_legal() -> None:
    bad = refusal(words.scan, ["--gold"], SPEC)
    assert (bad.message, bad.legal) == (
        "unknown option '--gold'",
        "options here: --rep --r --face-down --needs",
    )
    assert refusal(words.scan, ["--x"], {}).legal == "options here: none"
    assert refusal(words.scan, ["--rep", "1", "--r", "2"], SPEC).message == "option --rep given twice"
    assert refusal(words.scan, ["--face-down=yes"], SPEC).message == "--face-down takes no value"
    assert (
        refusal(words.scan, ["--face-down", "--face-down"], SPEC).message == "option --face-down given twice"
    )
    assert refusal(words.scan, ["ann", "--rep"], SPEC).message == "--rep needs a value"
    assert refusal(words.scan, ["--needs", "--rep", "1"], SPEC).message == "--needs needs a value"
    assert refusal(words.scan, ["--needs", "k=v"], SPEC).message == "--needs needs a value"
    # an option of many values may come again
    assert words.scan(["--needs", "a", "--needs", "b"], SPEC)[1] == {"needs": ["a", "b"]}


def test_one_value_of_an_option_and_the_words_of_an_option_written_back() -> None:
    assert words.one({"rep": ["2"]}, "rep") == "2"
    assert words.one({"rep": []}, "rep") is None and words.one({}, "rep") is None
    assert words.opt("rep", 2) == " --rep 2"
    assert words.opt("needs", ("glass", "food")) == " --needs glass,food"
    assert words.opt("rep", None) == ""
    assert words.opt("rep", 0) == " --rep 0"


def test_the_number_of_words_between_its_bounds_or_the_usage() -> None:
    words.count(["a"], 1, 2, "u")
    words.count(["a", "b"], 1, 2, "u")
    words.count(["a"] * 9, 1, None, "u")
    for given in ([], ["a", "b", "c"]):
        bad = refusal(words.count, given, 1, 2, "verb A [B]")
        assert (bad.message, bad.legal) == ("wrong number of words", "verb A [B]")


def test_a_verb_of_a_player_and_its_words() -> None:
    def build(state: Any, player: str, rest: list[str], options: dict[str, list[str]]) -> tuple[Any, ...]:
        return state, player, rest, options

    parse = words.player_verb("work PLAYER [X] [--rep N]", build, lambda s: s["seats"], SPEC, low=0, high=1)
    state = {"seats": ["ann", "ben"]}
    assert parse(state, ["BEN", "x", "--rep", "2"]) == (state, "ben", ["x"], {"rep": ["2"]})
    assert parse(state, ["ann"]) == (state, "ann", [], {})
    assert refusal(parse, state, []).legal == "work PLAYER [X] [--rep N]"
    assert refusal(parse, state, ["ann", "x", "y"]).message == "wrong number of words"
    assert refusal(parse, state, ["cat"]).message == "unknown player 'cat'"
    # by default the player alone, and no more words
    alone = words.player_verb("pass PLAYER", build, lambda s: s["seats"], high=0)
    assert alone(state, ["ann"]) == (state, "ann", [], {})
    # no options and no upper bound: any number of words, an option refused
    many = words.player_verb("go PLAYER ...", build, lambda s: s["seats"], low=2)
    assert many(state, ["ann", "a", "b", "c"])[2] == ["a", "b", "c"]
    assert refusal(many, state, ["ann", "a"]).message == "wrong number of words"
    assert refusal(many, state, ["ann", "a", "b", "--rep", "1"]).legal == "options here: none"
