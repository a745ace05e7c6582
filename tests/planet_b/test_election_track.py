"""The Election Track: "Move the election marker (the disc on the election track) the
indicated number of spaces either to the right or to the left. Important: If you only see 1
symbol then the direction is as indicated." Test data: 8 spaces."""

from __future__ import annotations

from tests.planet_b.table import started
from tests.planet_b.test_examples import board


def test_a_marker_symbol_moves_its_spaces_to_the_left_or_to_the_right_as_chosen() -> None:
    """A box "produce 2marker": the 2 spaces go the way the player chooses; the production
    before it in the box is left for later (so the marker is not the box's first action)."""
    for direction, to in (("left", 5 - 2), ("right", 5 + 2)):
        table = board(started(), "produce 2marker")
        table.set(marker=5)
        table.play("deal ann left", f"marker ann {direction}")
        assert table.state.marker == to and not table.state.called
        assert [s.items[0].symbol for s in table.state.stack[-1].slots] == ["produce"]


def test_a_marker_symbol_moved_to_the_last_space_calls_an_election() -> None:
    """ "If the election marker reaches the last space, then an election will take place
    immediately after your turn."""
    table = board(started(), "2marker")
    table.set(marker=6)
    table.play("deal ann left", "marker ann right")
    assert table.state.marker == 8 and table.state.called
