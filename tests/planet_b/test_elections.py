"""Elections, Offices and the 2-player dummy, at a real table where the draws are typed.

The rulebook's example: Yellow and You hold a "+1" swindle tile; the counts end Yellow 2,
You 4, Blue 2, Red 0; You become President, Yellow (board 4) wins the tie with Blue in the
first election. The rulebook's Yellow draws 3; by the rule a "+1" tile draws 1 more, so
here she draws 4 (the rule wins over the example).
"""

from __future__ import annotations

from collections import Counter

import pytest

import ledger.games.planet_b as planet_b
from ledger.errors import IllegalMove, NotYourTurn
from ledger.games.planet_b import data
from ledger.games.planet_b.model import Constructed, Drawn, DrawVotes
from ledger.games.planet_b.rules.elections import ranking
from ledger.games.planet_b.sections import R_DRAWS
from tests.planet_b.table import Table, physical

DRAWS = [
    "draw you you,you,red,red",
    "draw blue blue,blue,red",
    "draw red you,blue,yellow",
    "draw yellow yellow,red,red,red",
    "draw you you,red,red,red",
    "draw blue red",
]


def called(table: Table, bag: dict[str, int]) -> Table:
    """You end a turn in which the marker reached the last space."""
    table.set(bag=bag, supply={c: 25 - n for c, n in bag.items()}, called=True, dealt=True)
    table.give("you", swindles=("+1",))
    table.give("yellow", swindles=("+1",))
    table.play("end you")
    return table


@pytest.fixture
def election() -> Table:
    return called(physical(), {"you": 4, "blue": 3, "yellow": 2, "red": 10})


def test_plus_one_tiles_put_a_vote_in_front_and_draw_one_more(election: Table) -> None:
    state = election.state
    assert state.phase == "election" and state.election is not None
    assert state.election.front == {"you": {"you": 1}, "yellow": {"yellow": 1}}
    assert state.election.order == ("you", "blue", "red", "yellow")  # the trigger first
    assert state.supply["you"] == 21 - 1


def test_a_draw_of_the_wrong_size_or_beyond_the_bag_is_refused(election: Table) -> None:
    election.refuse("draw you you,you,red", IllegalMove, R_DRAWS)  # a "+1" tile: 4
    election.refuse("draw you yellow,yellow,yellow,red", IllegalMove, R_DRAWS)  # 2 yellow in the bag
    election.refuse("draw blue blue,blue,red", NotYourTurn, R_DRAWS)
    election.play(*DRAWS[:3])
    error = election.refuse("draw yellow yellow,red,red", IllegalMove, R_DRAWS)
    assert "4 votes, not 3" in str(error)  # the rule, not the example's 3


def test_the_rulebooks_election_yellow_2_you_4_blue_2_red_0(election: Table) -> None:
    before = {p.name: p.money for p in election.state.players.values()}
    election.play(*DRAWS)
    state = election.state
    assert state.phase == "turn" and state.active == "blue"  # the next player after the trigger
    offices = {p.name: p.office for p in state.players.values()}
    assert offices == {"you": "president", "yellow": "vice-president", "blue": "lama", "red": "dodo"}
    # 4B: 25, 10, 3 and 1 money.
    assert {n: state.players[n].money - before[n] for n in before} == {
        "you": 25,
        "yellow": 10,
        "blue": 3,
        "red": 1,
    }
    # 5: the President has all of their votes in their supply and none in the bag; the
    # Vice-President fewer in the bag than before; L.A.M.A. and D.O.D.O. lost none.
    assert state.bag.get("you", 0) == 0 and state.supply["you"] == 25
    assert state.bag == {"blue": 3, "red": 10, "yellow": 1}
    assert state.supply["yellow"] == 25 - 1 and state.marker == 2  # the marker back to its start


def test_later_elections_the_lower_office_wins_a_tie(election: Table) -> None:
    election.play(*DRAWS)
    state = election.state
    assert ranking(state, {"you": 2, "yellow": 2, "blue": 2, "red": 2}) == ["red", "blue", "yellow", "you"]


def test_an_election_returns_full_work_areas_and_asks_for_partly_filled_ones() -> None:
    table = physical()
    table.give(
        "blue",
        buildings=(
            *table.state.players["blue"].buildings[:0],
            *(),
        ),
    )

    table.give("blue", buildings=(Constructed("HEADQUARTERS", (("crafty", "brainy"),)),
                                  Constructed("TAILOR", (("crafty",),))), crafties=8)  # fmt: skip
    table.set(called=True, dealt=True)
    table.play("end you")
    blue = table.state.players["blue"]
    assert blue.buildings[0].placed == ((),) and blue.crafties == 8 and blue.brainies == 3  # the 8-limit
    assert table.state.election is not None and table.state.election.recall == ("blue",)
    table.play("recall blue tailor.1")
    assert table.state.players["blue"].buildings[1].placed == ((),)


def test_mood_is_scored_then_back_to_neutral() -> None:
    """2. Score Mood Tracks (test data: +1 is 2 money and 1 vote; -3 pays 3 votes and lets all
    others add 2)."""
    table = physical()
    table.give("blue", mood=1)
    table.give("red", mood=-3)
    table.set(called=True, dealt=True)
    money = table.state.players["blue"].money
    table.play("end you")
    players = table.state.players
    assert players["blue"].money == money + 2 and (players["blue"].mood, players["red"].mood) == (0, 0)
    assert table.state.out == {"red": 3}  # paid out of the bag, out of play (option mood-votes)
    bag = table.state.election.before if table.state.election else {}
    assert bag["blue"] == 3 + 1 + 2 and "red" not in bag and bag["you"] == 3 + 2


def test_two_players_the_dummy() -> None:
    """Changes for 2 and 3 Players: none of the dummy's votes in the bag at setup, 9 added
    before the election; it draws last and loses every tie in the first election."""
    table = physical(("ann", "ben"))
    assert table.state.supply[data.DUMMY] == 25 and data.DUMMY not in table.state.bag
    table.set(called=True, dealt=True)
    table.play("end ann")
    election = table.state.election
    assert election is not None and election.order == ("ann", "ben", data.DUMMY)
    assert table.state.bag[data.DUMMY] == 9
    assert ranking(table.state, {"ann": 1, "ben": 1, data.DUMMY: 1}) == ["ben", "ann", data.DUMMY]


@pytest.mark.parametrize(
    "bag",
    [
        {"you": 1, "blue": 1, "red": 1, "yellow": 1},  # the draw takes the whole bag
        {"you": 0, "blue": 0, "red": 4, "yellow": 0},  # all of one colour
        {"you": 4, "blue": 3, "yellow": 2, "red": 10},  # the rulebook's election
    ],
)
def test_each_draw_listed_at_a_real_table_is_one_the_bag_holds(bag: dict[str, int]) -> None:
    """3. Carry Out the Election: "draw 3 votes from the bag", 1 more with a "+1" swindle tile
    (you hold one: 4): the draws listed are each 4 votes the bag holds, accepted as typed,
    and one is listed whenever the bag holds 4 (the whole bag when that is all it holds)."""
    table = called(physical(), bag)
    listed = [move for move in planet_b.legal(table.state, "you") if isinstance(move, DrawVotes)]
    assert listed
    held = Counter({colour: n for colour, n in bag.items() if n})
    for move in listed:
        drawn = Counter(move.colours)
        assert move.player == "you" and drawn.total() == 4 and drawn <= held, move
    if held.total() == 4:
        assert [Counter(move.colours) for move in listed] == [held]
    for move in listed:
        each = called(physical(), bag)
        assert Drawn("you", move.colours, "front") in each.play(planet_b.text(move))
