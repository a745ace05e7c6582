"""Planet B at a real table, as issue 17 found it: an action the referee performed by itself
is refused by name when typed again; one command takes a whole election draw; a cost of
choice "All Others" pay is asked of each payer; grammar errors exit 2, rule refusals 1."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from ledger.errors import IllegalMove
from ledger.games.planet_b.sections import R_COSTS, R_DRAFT, R_OFFICES
from tests.conftest import Result
from tests.planet_b.table import Table

CARDS = str(Path(__file__).resolve().parents[2] / "fixtures" / "planet-b-test-cards.toml")
Cli = Callable[..., Result]

SETUP = (
    "reveal tiles orbital-farms asteroid-mining media-house",
    "reveal removed deep-mine",
    "reveal news I town-hall",
    "reveal news II bribe",
    "reveal news III summit",
)
DRAFT = ("draft ben workshop", "draft ann bakery", "draft ann tailor", "draft ben bank")
DRAFT_END = ("draft ben skyhook", "draft ann library")


def real_table() -> Table:
    """ann and ben at a real table (the README's game), at ann's first turn."""
    table = Table(("ann", "ben"))
    table.play(*SETUP, *DRAFT, *DRAFT_END)
    return table


def test_a_building_of_another_pile_is_refused_with_its_pile_named() -> None:
    table = Table(("ann", "ben"))
    table.play(*SETUP)
    error = table.refuse("draft ben tailor", IllegalMove, R_DRAFT)  # TAILOR is a B building
    assert "TAILOR is from the B pile, not the A pile" in str(error)


def test_an_action_the_referee_performed_by_itself_is_refused_saying_so() -> None:
    # News Card: TOWN HALL's box is 2vote, nothing to choose: the referee performs it at once.
    table = real_table()
    table.play("deal ann middle", "news ann I")
    assert table.state.bag["ann"] == 3 + 2
    error = table.refuse("votes ann 2", IllegalMove, R_COSTS)
    assert "ann's vote (news TOWN HALL) was performed already, by the referee" in str(error)
    assert table.state.bag["ann"] == 5


@pytest.mark.parametrize(
    "line",
    [
        "swindle ann +2",  # Buy a Swindle Tile: 2 "-1" and 2 "+1"
        "marker ann up",  # The Election Track: left or right
        "produce ann middle",  # Production: the upper or the lower line
        "tile ann water upper4",  # Production Tiles: 3 spaces a line
        "news ann IV",  # News Card: piles I, II and III
        "box ann 3",  # Placing a Workie: box 1 or 2
    ],
)
def test_words_outside_the_grammar_exit_2_before_any_rule(cli: Cli, line: str) -> None:
    # Issue 17: grammar errors exit 2, rule refusals 1, whatever the table's state (here the
    # first player's turn with no box open, where each would be refused by a rule).
    assert cli("new", "planet-b", "--players", "ann,ben", "--cards", CARDS).code == 0
    for move in (*SETUP, *DRAFT, *DRAFT_END):
        assert cli("planet-b", *move.split()).code == 0
    result = cli("planet-b", *line.split())
    assert result.code == 2, result.err


def test_an_immoral_vice_president_naming_a_track_is_a_rule_refusal() -> None:
    # Offices, Vice-President: "If you are immoral, you take 6 money. Otherwise, move 1 step
    # forward on the faction track of your choice": immoral, a track named is a rule refusal.
    table = real_table()
    table.give("ann", office="vice-president", news=("HEADLINES",))  # an immoral news card on top
    error = table.refuse("office ann capitalist", IllegalMove, R_OFFICES)
    assert error.exit_code == 1
    money = table.p("ann").money
    table.play("office ann")
    assert table.p("ann").money == money + 6
