"""The effect language (``ledger.games.planet_b.effects``): a box's words read back as they
were written, as a page, the log and the open box show them."""

from __future__ import annotations

import pytest

from ledger.games.planet_b.effects import item_text, parse_box, slot_text


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
    ],
)
def test_each_word_of_a_box_reads_back_as_written(word: str, costs: list[str], slots: list[str]) -> None:
    box = parse_box(word)
    assert [item_text(c) for c in box.costs] == costs
    assert [slot_text(s) for s in box.slots] == slots
