"""Scoring: "Choose 1 of the two action boxes next to the space your disc is on ... You may
also choose any of the action boxes to the left of your disc": a space past the disc is
refused, however its number is written (test data: capitalist space 1, box a: 3 money)."""

from __future__ import annotations

from ledger.errors import IllegalMove
from ledger.games.planet_b.sections import R_SCORING
from tests.planet_b.table import started
from tests.planet_b.test_examples import board


def test_a_space_of_two_digits_is_past_the_disc() -> None:
    table = board(started(), "capitalist-check")
    table.give("ann", factions={"capitalist": 3, "futurist": 0, "traditionalist": 0})
    table.play("deal ann left")
    table.refuse("faction ann capitalist:13a", IllegalMove, R_SCORING)
    table.play("faction ann capitalist:1a")
    assert table.p("ann").money == 10 + 3 and table.p("ann").factions["capitalist"] == 0


def test_two_checkmark_steps_score_once_and_step_once() -> None:
    """ "If you have multiple step actions, you can combine steps and scoring however you
    like": scoring uses one of the two, and the other is a step after it."""
    table = board(started(), "2capitalist-check")
    table.give("ann", factions={"capitalist": 3, "futurist": 0, "traditionalist": 0})
    table.play("deal ann left", "faction ann capitalist:1a")
    assert table.p("ann").money == 10 + 3 and table.p("ann").factions["capitalist"] == 0
    table.play("faction ann capitalist")
    assert table.p("ann").factions["capitalist"] == 1 and table.state.stack == ()
