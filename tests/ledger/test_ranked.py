"""``decider.ranked``, the score sheet's order that Planet B and Pursuit share: "The player with
the most victory points wins ... ties share the win" (PLANET B, Game End) and Pursuit's most
Victory Points; a rank is 1 plus how many scored more."""

from __future__ import annotations

from ledger.decider import ranked

TIE = "shares the rank"


def test_the_most_points_first_equal_points_share_the_rank_and_the_next_skips() -> None:
    seats = ["ann", "ben", "cat", "dan"]
    lines = {"ann": {"vp": 7}, "ben": {"vp": 9}, "cat": {"vp": 9}, "dan": {"vp": 3}}
    sheet = ranked(seats, lines, "vp", TIE)
    assert [(s.player, s.rank, s.tiebreak) for s in sheet] == [
        ("ben", 1, TIE),  # seat order among equals
        ("cat", 1, TIE),
        ("ann", 3, None),  # two scored more
        ("dan", 4, None),
    ]
    assert sheet[0].categories == {"vp": 9}


def test_a_lone_winner_shares_nothing() -> None:
    sheet = ranked(["ann", "ben"], {"ann": {"vp": 2}, "ben": {"vp": 5}}, "vp", TIE)
    assert [(s.player, s.rank, s.tiebreak) for s in sheet] == [("ben", 1, None), ("ann", 2, None)]
