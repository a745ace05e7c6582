"""What a declared face is checked against (issue 21): a side's suitcases and election track
(Your Turn: Make a Deal; The Election Track), a board's production lines (resources only), a
building's work areas (crafty and brainy spaces, Placing a Workie) and boxes."""

from __future__ import annotations

import pytest

import ledger.games.planet_b as planet_b
from ledger.errors import BadInput, IllegalMove
from ledger.games.planet_b.faces import Building, Faces, Mood, check
from ledger.games.planet_b.model import Declare
from ledger.games.planet_b.sections import R_DEAL, R_ELECTION, R_MOOD_SCORE, R_SELL
from tests.planet_b.table import Table

MARKETS = "market=plastic:3/4,iridium:3/5 market=water:2/3,plant:2/4 market=hydrogen:3/5,chip:4/6"


def declare(line: str) -> list[object]:
    table = Table(cards=False)
    return table.play(line)


@pytest.mark.parametrize(
    "numbers", ["suitcases=1 track=8 start=2", "suitcases=4 track=2 start=1", "suitcases=4 track=8 start=7"]
)
def test_the_smallest_side_a_table_may_declare(numbers: str) -> None:
    """A tile of 1 suitcase space, a track of 2 spaces, the marker on any space before the last."""
    assert declare(f"declare side 4 {numbers} {MARKETS}")


@pytest.mark.parametrize(
    ("numbers", "rule"),
    [
        ("suitcases=0 track=8 start=2", R_DEAL),
        ("suitcases=4 track=1 start=1", R_ELECTION),
        ("suitcases=4 track=8 start=0", R_ELECTION),
        ("suitcases=4 track=8 start=8", R_ELECTION),  # the last space calls an election at once
    ],
)
def test_a_side_without_suitcase_spaces_or_a_marker_before_the_last_space_is_refused(
    numbers: str, rule: str
) -> None:
    table = Table(cards=False)
    table.refuse(f"declare side 4 {numbers} {MARKETS}", IllegalMove, rule)


def test_a_production_line_has_resources_only() -> None:
    """Setting Up Your Player Board: each space of a line produces one resource ("resource of
    your choice" is a box's symbol, not a line's)."""
    table = Table(cards=False)
    error = table.refuse("declare board 1 upper=resource,iridium,plant lower=water,meat,chip", BadInput)
    assert "unknown resource 'resource'" in str(error)
    error = table.refuse("declare production tiles=resource", BadInput)
    assert "production tiles: unknown resource 'resource'" in str(error)


def building(**fields: object) -> Declare:
    face = {"name": "TEST HUT", "pile": "A", "cost": 5, "vp": 1, "areas": ("crafty",), "boxes": ("2money",)}
    return Declare(Building(**{**face, **fields}))  # type: ignore[arg-type]


def test_a_work_area_is_crafty_and_brainy_spaces() -> None:
    """Placing a Workie: a work area's spaces take crafties or brainies; spaces around the '+'
    do not matter (a cards file may write "crafty + brainy")."""
    table = Table(cards=False)
    error = table.refuse_command(building(areas=("tailor",)), BadInput)
    assert (
        "building TEST HUT: a work area is crafty and brainy spaces, like crafty+brainy, not 'tailor'"
        in str(error)
    )
    (fact,) = planet_b.decide(table.state, building(pile="B", cost=15, areas=("Crafty + brainy",)))
    assert fact.face.areas == ("crafty+brainy",)
    error = table.refuse_command(building(boxes=("2money", "bogus")), BadInput)
    assert str(error).startswith("building TEST HUT: ")


def test_a_market_lists_prices_of_money_for_resources_other_than_meat() -> None:
    """Selling Resources: meat always sells for 6 (no market lists it); a price is money, 0
    too; every other resource in exactly one market, as typed in any case."""
    numbers = "suitcases=4 track=8 start=2"
    table = Table(cards=False)
    (fact,) = table.play(
        f"declare side 4 {numbers} market=PLASTIC:0/0,iridium:3/5 market=water:2/3,plant:2/4 "
        "market=hydrogen:3/5,chip:4/6"
    )
    assert fact.face.markets[0] == {"iridium": (3, 5), "plastic": (0, 0)}
    assert list(fact.face.markets[0]) == ["iridium", "plastic"]  # sorted, as the cards file writes it
    for markets in (
        "market=meat:3/4,iridium:3/5 market=water:2/3,plant:2/4 market=hydrogen:3/5,chip:4/6",
        "market=plastic:-1/4,iridium:3/5 market=water:2/3,plant:2/4 market=hydrogen:3/5,chip:4/6",
        "market=plastic:3/-1,iridium:3/5 market=water:2/3,plant:2/4 market=hydrogen:3/5,chip:4/6",
    ):
        table.refuse(f"declare side 4 {numbers} {markets}", IllegalMove, R_SELL)
    error = table.refuse(
        f"declare side 4 {numbers} market=meat:3/4,iridium:3/5,plastic:3/4 market=water:2/3,plant:2/4 "
        "market=hydrogen:3/5,chip:4/6",
        IllegalMove,
        R_SELL,
    )
    assert "a market lists resources other than meat, not 'meat'" in str(error)


@pytest.mark.parametrize(
    ("spaces", "neutral"),
    [
        (("-vote", "", "vote"), 1),
        (("-2vote", "-vote", "", "money"), 2),
        (("-vote", "", "money", "2money"), 1),
    ],
)
def test_a_mood_track_has_a_space_above_and_below_the_neutral_one(
    spaces: tuple[str, ...], neutral: int
) -> None:
    """Elections 2, Score Mood Tracks: positive mood above the neutral space, negative below."""
    assert check(Faces(), Mood(spaces=spaces, neutral=neutral)) == Mood(spaces=spaces, neutral=neutral)


@pytest.mark.parametrize(
    ("spaces", "neutral"),
    [
        (("", "vote", "money"), 0),
        (("-vote", "-vote", ""), 2),
        (("-vote", "", "money"), 3),
        (("", "money"), 1),
    ],
)
def test_a_mood_track_with_nothing_on_one_side_of_neutral_is_refused(
    spaces: tuple[str, ...], neutral: int
) -> None:
    with pytest.raises(IllegalMove, match="spaces above and below the neutral one") as info:
        check(Faces(), Mood(spaces=spaces, neutral=neutral))
    assert info.value.rule == R_MOOD_SCORE


def test_a_mood_box_that_cannot_be_read_names_the_mood_track() -> None:
    with pytest.raises(BadInput, match=r"^mood: "):
        check(Faces(), Mood(spaces=("-vote", "", "flying-pigs"), neutral=1))
