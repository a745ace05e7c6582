"""What a declared face is checked against (issue 21): a side's suitcases and election track
(Your Turn: Make a Deal; The Election Track), a board's production lines (resources only), a
building's work areas (crafty and brainy spaces, Placing a Workie) and boxes."""

from __future__ import annotations

import pytest

import ledger.games.planet_b as planet_b
from ledger.errors import BadInput, IllegalMove
from ledger.games.planet_b.faces import Building
from ledger.games.planet_b.model import Declare
from ledger.games.planet_b.sections import R_DEAL, R_ELECTION
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
