"""Election Changes with 2 Players: "The dummy can gain or lose votes from effects that affect
all players": a law's "All Others" part moves the dummy's votes, and nothing else of it (the
dummy "is only involved in the election and during end scoring"). Test data: HARVEST AID
right, mood / 2 money; ROAD TOLL left, 4 money / -2 money; SECRET POLICE left, 3 votes /
-1 vote."""

from __future__ import annotations

from ledger.games.planet_b import data
from tests.planet_b.table import physical


def test_a_laws_all_others_part_without_votes_leaves_the_dummys_votes_alone() -> None:
    table = physical(("ann", "ben"))
    table.give("ann", office="president")
    table.set(bag={"ann": 3, "ben": 3, data.DUMMY: 9})
    table.play("office ann harvest-aid", "law ann right")  # All Others: 2 money
    assert table.state.bag == {"ann": 3, "ben": 3, data.DUMMY: 9}
    assert table.p("ben").money == 10 + 2
    table.set(office_done=False)
    table.play("office ann road-toll", "law ann left")  # All Others: pay 2 money
    assert table.state.bag == {"ann": 3, "ben": 3, data.DUMMY: 9}
    assert table.p("ben").money == 10 + 2 - 2


def test_a_dummy_with_exactly_the_votes_an_all_others_cost_asks_pays_them() -> None:
    """Like any other player, who must pay a cost in full: exactly enough is enough."""
    table = physical(("ann", "ben"))
    table.give("ann", office="president", news=("SPY",))  # immoral: a blue law
    table.set(bag={"ann": 3, "ben": 3, data.DUMMY: 1})
    table.play("office ann secret-police", "law ann left")  # All Others: pay 1 vote
    bag = table.state.bag
    assert (bag["ann"], bag["ben"], bag.get(data.DUMMY, 0)) == (3 + 3, 3 - 1, 0)
