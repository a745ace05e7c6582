"""The LOOP score sheet of Competitive, Cooperative and Solo (2.8, 5.4, 5.5, 6.3, 7.3), and the
standing the score chart draws (the mutation run of ``score.py``, issue 21)."""

from __future__ import annotations

import pytest

import ledger.games.loop as loop
from tests.loop.modes_table import begun
from tests.loop.table import started

# the mat's HAPPINESS, each penalty (2.8 a, 5.4, 5.5), the HAPPINESS that counts, then 2.8's
# tie-breaks in order; Cooperative (6.3) and Solo (7.3) add the margin to HAPPINESS 11
SHEET = ["mat", "depletion", "debt", "landfill-penalty", "happiness"]
TIEBREAKS = ["reputation", "landfill", "goals", "activities"]


@pytest.mark.parametrize(
    ("mode", "categories"),
    [
        ("competitive", [*SHEET, *TIEBREAKS]),
        ("cooperative", [*SHEET, "margin", *TIEBREAKS]),
        ("solo", [*SHEET, "margin", *TIEBREAKS]),
    ],
)
def test_each_modes_sheet_shows_the_penalties_then_the_tiebreaks(mode: str, categories: list[str]) -> None:
    """2.8 a: the DEPLETION Penalty "loses 1 HAPPINESS immediately" (taken off the mat in play,
    shown as -1); 5.4: 2 per CREDIT CARD not paid off; 5.5: 1 per 3 MATERIAL in the LANDFILL."""
    table = begun(mode)
    table.give(
        "alice",
        happiness=12,
        depletion=1,
        credit=((0, 0),),
        reputation=2,
        landfill=("food", "glass", "metal"),
        achieved=("HOBBY",),
        completed=5,
    )
    table.set(phase="over")
    sheet = loop.score(table.state)
    assert sheet.categories == categories
    line = next(line for line in sheet.lines if line.player == "alice")
    expected = {
        "mat": 12,
        "depletion": -1,
        "debt": -2,
        "landfill-penalty": -1,
        "happiness": 12 - 2 - 1,
        "reputation": 2,
        "landfill": 3,
        "goals": 1,
        "activities": 0,  # tie-break 4 counts the ACTIVITY kept (the default): none
    }
    if mode != "competitive":
        expected["margin"] = 12 - 2 - 1 - 11  # 6.3, 7.3: "HAPPINESS 11 (flag) or above"
    assert line.categories == expected


def test_the_standing_is_the_mat_during_the_game_and_the_penalties_taken_at_the_end() -> None:
    """The score chart's HAPPINESS by round: the mat's while the game runs, and at the end the
    HAPPINESS that counts, the Debt (5.4) and LANDFILL (5.5) Penalties taken."""
    table = begun()
    table.give("alice", happiness=9, credit=((0, 0),), landfill=("food",) * 3)
    standing = loop.standing(table.state)
    assert (standing.round, standing.label, standing.measure) == (1, "1", "HAPPINESS")
    assert standing.scores == {"alice": 9, "bob": 4}
    table.set(phase="over")
    assert loop.standing(table.state).scores == {"alice": 9 - 2 - 1, "bob": 4}


def test_before_the_first_round_the_standing_has_no_round() -> None:
    table = started()
    table.set(round=0)
    standing = loop.standing(table.state)
    assert (standing.round, standing.label) == (None, "0")
    assert standing.scores == {"alice": 4, "bob": 4}  # 1.0: "HAPPINESS 4"
