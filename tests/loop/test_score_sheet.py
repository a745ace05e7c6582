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
    assert sheet.categories == categories and sheet.points == "happiness"  # what the chart draws
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


@pytest.mark.parametrize("over", [False, True])
@pytest.mark.parametrize("happiness", [10, 11])
@pytest.mark.parametrize("mode", ["cooperative", "solo"])
def test_a_team_or_solo_player_wins_at_11_and_only_at_the_end(mode: str, happiness: int, over: bool) -> None:
    """6.3: "You win if all of you reach HAPPINESS 11 (flag) or above after the DEPLETION
    Penalty, Debt Penalty, and LANDFILL Penalty are factored"; 7.3 the same for one player.
    Until the game is over the sheet says only how it would end."""
    table = begun(mode)
    for name in table.state.seats:
        table.give(name, happiness=happiness)
    if over:
        table.set(phase="over")
    sheet = loop.score(table.state)
    won = happiness >= 11
    who = "the team" if mode == "cooperative" else "alice"
    verdict = f"{who} {'wins' if won else 'loses'}"
    if not over:
        verdict = f"so far {who} would {'win' if won else 'lose'}"
    assert sheet.notes[0].startswith(f"LOOP {'6.3' if mode == 'cooperative' else '7.3'}: {verdict}: ")
    needs = "every player needs" if mode == "cooperative" else "the solo player needs"
    assert f"{needs} HAPPINESS 11 or more" in sheet.notes[0]
    assert sheet.winners == (list(table.state.seats) if won and over else [])
    assert ("provisional: the game is not over" in sheet.notes) is not over
    assert sheet.final is over


def test_a_competitive_sheet_ranks_by_happiness_after_the_penalties_then_2_8s_tiebreaks() -> None:
    """5.0 is 2.8's: "the highest HAPPINESS wins", then "Higher REPUTATION wins"; each penalty
    named in a note (2.8 a, 5.4, 5.5)."""
    table = begun(players=3)
    table.give("alice", happiness=9, reputation=1)
    table.give("bob", happiness=11, credit=((0, 0),), depletion=1)  # 11 - 2 = 9, REPUTATION 0
    table.give("carol", happiness=10, landfill=("food",) * 3)  # 10 - 1 = 9, REPUTATION 0, LANDFILL 3
    sheet = loop.score(table.state)
    assert [(line.player, line.rank) for line in sheet.lines] == [("alice", 1), ("bob", 2), ("carol", 3)]
    assert sheet.winners == ["alice"]
    tiebreaks = {line.player: line.tiebreak or "" for line in sheet.lines}
    alice, carol = tiebreaks["alice"], tiebreaks["carol"]
    assert alice.startswith("above bob") and "more REPUTATION (1 against 0)" in alice
    assert carol.startswith("below bob") and "more LANDFILL (3 against 0)" in carol
    assert sheet.notes[0] == "LOOP 5.0, 2.8: the highest HAPPINESS after the penalties wins"
    assert "bob: DEPLETION Penalty -1, taken in play (LOOP 2.8 a)" in sheet.notes
    assert "bob: Debt Penalty -2, 1 CREDIT CARD not paid off (LOOP 5.4)" in sheet.notes
    assert "carol: LANDFILL Penalty -1, 3 MATERIAL in LANDFILL (LOOP 5.5)" in sheet.notes


@pytest.mark.parametrize("option", ["kept", "completed"])
def test_a_modes_sheet_says_what_tie_break_4_counted(option: str) -> None:
    """2.8 tie-break 4, "More ACTIVITY completed wins", read by option activity-tiebreak."""
    table = begun(**{"activity-tiebreak": option})  # type: ignore[arg-type]
    table.give("alice", completed=2)
    notes = loop.score(table.state).notes
    assert (
        "tie-break 4 counts the ACTIVITY kept on each mat (option activity-tiebreak=kept)"
        if option == "kept"
        else "tie-break 4 counts every ACTIVITY completed, dropped ones included"
        " (option activity-tiebreak=completed)"
    ) in notes
    line = next(line for line in loop.score(table.state).lines if line.player == "alice")
    assert line.categories["activities"] == (2 if option == "completed" else 0)


def test_basic_mode_takes_no_penalty_off_the_mat() -> None:
    """2.8: "In Basic Mode, the highest HAPPINESS wins": the LANDFILL Penalty is Competitive's
    (5.0, 5.5), so 3 MATERIAL in alice's LANDFILL still leave her HAPPINESS 8 above bob's 7."""
    table = started()
    table.give("alice", happiness=8, landfill=("food", "glass", "metal"))
    table.give("bob", happiness=7)
    table.set(phase="over")
    sheet = loop.score(table.state)
    assert sheet.winners == ["alice"] and sheet.final and sheet.points == "happiness"
    assert loop.standing(table.state).scores == {"alice": 8, "bob": 7}
    assert [line.categories for line in sheet.lines] == [
        {"happiness": 8, "reputation": 0, "landfill": 3, "goals": 0, "activities": 0},
        {"happiness": 7, "reputation": 0, "landfill": 0, "goals": 0, "activities": 0},
    ]


def test_the_penalties_take_happiness_to_0_not_below() -> None:
    """5.4's Debt Penalty of 2 from HAPPINESS 1 leaves 0: the mat has no HAPPINESS below 0."""
    table = begun()
    table.give("alice", happiness=1, credit=((0, 0),))
    table.set(phase="over")
    line = next(line for line in loop.score(table.state).lines if line.player == "alice")
    assert (line.categories["debt"], line.categories["happiness"]) == (-2, 0)


def test_three_tied_on_everything_share_the_rank() -> None:
    table = started(3)
    lines = {line.player: line.tiebreak for line in loop.score(table.state).lines}
    assert lines["alice"] == (
        "rank shared with bob and carol: equal on HAPPINESS and every tie-break (LOOP 2.8)"
    )


def test_tie_break_4_by_every_activity_completed_is_named_so() -> None:
    """Option activity-tiebreak=completed: 2.8's "More ACTIVITY completed wins", named as such,
    in Basic Mode's notes and label."""
    table = started(**{"activity-tiebreak": "completed"})  # type: ignore[arg-type]
    table.give("alice", completed=3)
    sheet = loop.score(table.state)
    assert sheet.notes[1] == (
        "tie-break 4 counts every ACTIVITY completed, dropped ones included"
        " (option activity-tiebreak=completed)"
    )
    lines = {line.player: line.tiebreak for line in sheet.lines}
    assert lines["bob"] == (
        "below alice: both HAPPINESS 4, REPUTATION 0, LANDFILL 0 and GOAL achieved 0,"
        " fewer ACTIVITY completed (0 against 3) (LOOP 2.8)"
    )
