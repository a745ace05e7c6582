"""The score sheet and the score chart (issue 21): each line's figures are the player's, the
winners are the most LTH (*Reading*: ties share the win), a player whose life has ended still
scores; solo, the sheet says the result against the target (Community, Solo Game: "in order to
win you must now have +10 LTH when finishing the game"); the chart counts the Teen round as
round 0."""

from __future__ import annotations

import ledger.games.pursuit as pursuit
from ledger.games.pursuit.rules import flow
from tests.pursuit.table import Table, adult, lay_out

CATEGORIES = ["LTH", "cards", "popularity", "life goals", "overflow", "table", "STH", "resources", "alive"]


def test_each_line_holds_the_players_own_figures() -> None:
    table = adult(("ann", "ben"))
    table.give(
        "ann",
        lth=9,
        lth_from={"cards": 2, "goals": 5, "table": 2},
        sth=3,
        knowledge=1,
        creativity=2,
        influence=3,
        money=4,
        alive=False,  # a player whose life has ended still scores
    )
    table.give(
        "ben", lth=1, lth_from={"popularity": 1}, sth=-2, knowledge=0, creativity=0, influence=0, money=1
    )
    sheet = pursuit.score(table.state)
    assert sheet.categories == CATEGORIES and sheet.points == "LTH"
    lines = {line.player: line.categories for line in sheet.lines}
    assert lines["ann"] == {
        "LTH": 9,
        "cards": 2,
        "popularity": 0,
        "life goals": 5,
        "overflow": 0,
        "table": 2,
        "STH": 3,
        "resources": 10,
        "alive": 0,
    }
    assert lines["ben"] == {
        "LTH": 1,
        "cards": 0,
        "popularity": 1,
        "life goals": 0,
        "overflow": 0,
        "table": 0,
        "STH": -2,
        "resources": 1,
        "alive": 1,
    }


def test_before_the_end_the_leaders_are_shown_and_the_sheet_is_provisional() -> None:
    table = adult(("ann", "ben", "cat"))
    table.give("ben", lth=6)
    table.give("cat", lth=6)
    table.give("ann", lth=2)
    sheet = pursuit.score(table.state)
    assert not sheet.final and sheet.winners == ["ben", "cat"]
    tie = "shares the rank: ties share the win (the referee knows no base-game tie-break)"
    assert [(line.player, line.rank, line.tiebreak) for line in sheet.lines] == [
        ("ben", 1, tie),
        ("cat", 1, tie),
        ("ann", 3, None),
    ]
    assert "provisional: the game is not over" in sheet.notes


def test_at_the_end_the_winners_are_the_games_and_the_sheet_is_final() -> None:
    table = adult(("ann", "ben"))
    table.give("ann", lth=7)
    table.give("ben", lth=3)
    table.set(phase="over", winners=flow.winners(table.state))
    sheet = pursuit.score(table.state)
    assert sheet.final and sheet.winners == ["ann"]
    assert not any(note.startswith("provisional") for note in sheet.notes)


def solo_note(table: Table) -> str:
    (note,) = [n for n in pursuit.score(table.state).notes if n.startswith("solo: ")]
    return note


def test_solo_the_sheet_says_the_result_against_the_target() -> None:
    """Test setting solo-target 20: 30 with Community, 20 without."""
    table = adult(("ann",))
    table.give("ann", lth=31)
    assert solo_note(table).endswith(
        "(solo-target 20 + 10 with Community (PURSUIT Community: Solo Game)): needs it"
    )
    assert "ann has 31 LTH against the target 30" in solo_note(table)
    assert pursuit.score(table.state).winners == []  # nobody has won while the game goes on
    table.set(phase="over", winners=flow.winners(table.state))
    assert solo_note(table).endswith(": wins") and pursuit.score(table.state).winners == ["ann"]
    table.give("ann", lth=29)
    table.set(phase="over", winners=flow.winners(table.state))
    assert solo_note(table).endswith(": loses") and pursuit.score(table.state).winners == []

    alone = lay_out(Table(1, options={"modules": "friends"}))
    assert solo_note(alone) == "solo: ann has 0 LTH against the target 20 (solo-target 20): needs it"


def test_the_chart_counts_the_teen_round_as_round_0() -> None:
    table = Table(("ann", "ben"))
    assert pursuit.standing(table.state).round is None  # before the first round
    table = lay_out(table)
    teen = pursuit.standing(table.state)
    assert (teen.round, teen.label, teen.measure) == (0, "Teen", "Long Term Happiness")
    table = adult(("ann", "ben"))
    table.give("ann", lth=4)
    first = pursuit.standing(table.state)
    assert (first.round, first.label, first.scores) == (1, "1", {"ann": 4, "ben": 0})
