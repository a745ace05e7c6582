"""A level's named boxes typed one at a time (``l1.reward=1creativity,2influence``), as the table
page's card forms post them (issue 41: "laid out like the printed card ... its named boxes as
fields"): the same face as the level typed whole (``l1=REQUIREMENT.COST.REWARD.UPKEEP.INCOME``).
The faces are invented (a test card); KEVIN's printed boxes are the Friends text's example."""

from __future__ import annotations

import pytest

import ledger.games.pursuit as pursuit
from ledger.errors import BadInput, IllegalMove
from ledger.games.pursuit.faces import Level
from ledger.games.pursuit.model import Declare, Reveal
from tests.pursuit.table import Table


def parse(line: str) -> object:
    return pursuit.parse(Table().state, line.split())


def test_a_box_at_a_time_is_the_level_typed_whole() -> None:
    by_box = parse(
        "declare friend test-pal l1.requirement=job l1.reward=1money l2.cost=1hourglass l2.reward=1lth"
    )
    whole = parse("declare friend test-pal l1=job..1money l2=.1hourglass.1lth")
    assert by_box == whole
    assert isinstance(by_box, Declare)
    assert by_box.face.levels[0] == Level(requirement="job", reward="1money")  # type: ignore[union-attr]
    # in a reveal, the face that brings the card out; the log keeps the canonical words
    reveal = parse("reveal goals test-rich l1.requirement=most-money l1.reward=5lth")
    assert isinstance(reveal, Reveal) and pursuit.text(reveal) == "reveal goals test-rich l1=most-money..5lth"


def test_a_level_typed_both_ways_or_a_box_with_a_semicolon_is_refused() -> None:
    with pytest.raises(BadInput, match="l1 is typed whole and by its boxes"):
        parse("declare life-goal test-rich l1=most-money..5lth l1.reward=5lth")
    with pytest.raises(BadInput, match="joined by ','"):
        parse("declare life-goal test-rich l1.reward=5lth;1money")
    with pytest.raises(BadInput, match="levels are l1, l2"):
        parse("declare friend test-pal l2.reward=1lth")


def test_kevin_by_his_unprinted_boxes_takes_the_printed_ones_from_the_text() -> None:
    """KS Promos 4, 1. Friends: "As he has a Job (L1 Requirement) ... gains 1 Creativity and 2
    Influence (L1 Reward)"; a box typed against it is refused."""
    table = Table(cards=False, options={"modules": "friends"})
    table.play(
        "declare settings hourglasses=6,9 stress=3:0,3:-1 sth=-5,5 rounds=0,1 order=seats"
        " slots=5:project,item,activity,job,partner relax=section life-goals=1 child-traits=1"
        " teen-closed=get-job friend-cards=16"
    )
    table.play("reveal goals test-rich l1.requirement=most-money l1.reward=5lth")
    with pytest.raises(IllegalMove, match=r"KEVIN shows l1\.requirement job"):
        table.play("reveal friends kevin l1.requirement=money l1.upkeep=1influence")
    table.play("reveal friends kevin l1.upkeep=1influence l2.cost=1hourglass l2.reward=1lth")
    level = table.state.faces.cards["KEVIN"].levels[0]
    assert level == Level(requirement="job", reward="1creativity 2influence", upkeep="1influence")
