"""The effect language (``ledger.games.planet_b.effects``): a box's words read back as they
were written, as a page, the log and the open box show them."""

from __future__ import annotations

import pytest

from ledger.errors import BadInput, IllegalMove
from ledger.games.planet_b.effects import item_text, normal, parse_box, slot_text
from ledger.games.planet_b.sections import R_SWINDLE
from tests.planet_b.table import Table


@pytest.mark.parametrize(
    ("word", "costs", "slots"),
    [
        ("3vote", [], ["3vote"]),  # a symbol and its count
        ("vote", [], ["vote"]),  # 1 if none
        ("-5money", ["-5money"], []),  # a cost, paid first
        ("all:iridium", [], ["all:iridium"]),  # "all" players, the actor too
        ("others:-2vote", ["others:-2vote"], []),  # "all others", a cost
        ("others:2mood", [], ["others:2mood"]),
        ("news/build", [], ["news/build"]),  # a choice of one action
        ("plastic/2money/vote", [], ["plastic/2money/vote"]),
        ("2plastic+workie", [], ["2plastic+workie"]),  # a free mix: 2, each plastic or a workie
        ("plastic+water", [], ["plastic+water"]),
        ("all:2plastic+workie", [], ["all:2plastic+workie"]),
        ("others:plastic+water", [], ["others:plastic+water"]),
        # a named box stands for the items it prints, the words after it read too
        ("2money prefabricated-houses vote", ["-3iridium"], ["2money", "build-free", "vote"]),
    ],
)
def test_each_word_of_a_box_reads_back_as_written(word: str, costs: list[str], slots: list[str]) -> None:
    box = parse_box(word)
    assert [item_text(c) for c in box.costs] == costs
    assert [slot_text(s) for s in box.slots] == slots


def test_a_box_is_stored_read_in_lower_case_with_a_count_of_1_left_out() -> None:
    """A declared box text is kept in one form: lower case, single spaces, no count of 1,
    the rulebook's named boxes by their names, whatever comes after them."""
    assert normal("GOODS-EXPORT 1Plastic  all:1iridium -1money news/1build") == (
        "goods-export plastic all:iridium -money news/build"
    )


def test_a_swindle_spaces_cost_is_costs_only() -> None:
    """Buy a Swindle Tile: "You must immediately pay the indicated costs and take the indicated
    reward": a space whose cost is printed as a gain (3 money, not -3) is refused."""
    table = Table(("ann", "ben"), cards=False)
    spaces = ("-5money.3vote", "-8money.4vote", "-12money.6vote")
    line = "declare swindle " + " ".join(f"space={s}" for s in spaces)
    table.refuse(f"{line} space=3money.2vote", IllegalMove, R_SWINDLE)
    table.play(f"{line} space=-3money.2vote")
    assert table.state.faces.swindle is not None


@pytest.mark.parametrize(
    "word",
    [
        "-plastic+water",  # a cost is one symbol, not a mix
        "-produce",  # an action is not paid
        "plastic+smoothie",  # a named action is not mixed
        "news/-2money",  # a choice is between plain actions
        "0money",  # a count is 1 or more
        "some:vote",  # all or others
    ],
)
def test_a_word_the_effect_language_cannot_read_is_refused(word: str) -> None:
    with pytest.raises(BadInput, match="cannot read"):
        parse_box(word)
