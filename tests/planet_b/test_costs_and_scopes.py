"""Costs and Action Boxes, Mood, Workies, Adding Votes: who takes or pays what, and how
much. Expected values come from the rulebook's text and the test data's printed boxes
(``fixtures/planet-b-test-cards.toml``, not the publisher's).
"""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from ledger.errors import AmbiguousMove, IllegalMove, NotYourTurn
from ledger.games.planet_b import data
from ledger.games.planet_b.faces import Law, News, Track
from ledger.games.planet_b.model import Constructed, Votes
from ledger.games.planet_b.sections import R_COSTS
from tests.planet_b.table import physical, started
from tests.planet_b.test_examples import board


def test_all_others_take_and_the_actor_does_not() -> None:
    """Costs and Action Boxes: "If it says "all others" instead, then it only affects the other
    players, not you.\""""
    table = board(started(), "others:2vote 2money")
    table.play("deal ann left")
    assert table.state.bag == {"ann": 3, "ben": 5, "cat": 5, "dan": 5} and table.p("ann").money == 12


def test_with_2_players_the_dummy_gains_votes_from_effects_on_all() -> None:
    """Election Changes with 2 Players: "The dummy can gain or lose votes from effects that
    affect all players"; it takes nothing else ("They do not collect victory points")."""
    table = board(physical(("ann", "ben")), "all:2vote all:3money")
    table.play("deal ann left")
    assert table.state.bag == {"ann": 5, "ben": 5, data.DUMMY: 2}
    assert (table.p("ann").money, table.p("ben").money) == (13, 13)
    table = board(physical(("ann", "ben")), "others:vote")
    table.play("deal ann left")
    assert table.state.bag == {"ann": 3, "ben": 4, data.DUMMY: 1}


def test_each_player_chooses_their_own_resource_in_turn_order() -> None:
    """Costs and Action Boxes: "all" players take; a resource of your choice is each player's
    own choice, one action finished before the next: the actor first, then clockwise."""
    table = board(started(), "all:resource")
    table.play("deal ann left")
    table.refuse("gain ben water", NotYourTurn)
    table.play("gain ann plastic")
    table.refuse("gain cat water", NotYourTurn)
    table.play("gain ben water", "gain cat chip", "gain dan meat")
    warehouses = {p.name: p.warehouse for p in table.state.players.values()}
    assert warehouses == {"ann": {"plastic": 1}, "ben": {"water": 1}, "cat": {"chip": 1}, "dan": {"meat": 1}}
    assert table.state.stack == ()


def test_votes_as_a_cost_leave_the_bag() -> None:
    """Symbol Summary: a vote symbol printed red is a cost: the votes come out of the bag;
    without them in the bag the box cannot be chosen (test data: "-2vote 5money")."""
    table = board(started(), "-2vote 5money")
    table.set(bag={**table.state.bag, "ann": 1})
    table.refuse("deal ann left", IllegalMove, R_COSTS)
    table.set(bag={**table.state.bag, "ann": 3})
    table.play("deal ann left")
    assert table.state.bag["ann"] == 1 and table.p("ann").money == 15
    assert table.state.supply["ann"] + table.state.bag["ann"] + table.state.out["ann"] == data.VOTES


def test_all_others_pay_votes_from_the_bag_if_they_can() -> None:
    table = board(started(), "others:-vote 2money")
    table.set(bag={"ann": 3, "ben": 3, "cat": 0, "dan": 1})
    events = table.play("deal ann left")
    assert table.state.bag == {"ann": 3, "ben": 2} and table.state.out == {"ben": 1, "dan": 1}
    # the log says whose box each paid for
    assert [e for e in events if isinstance(e, Votes)] == [
        Votes(name, 1, "bag", "out", why="left TEST LEFT (all others)") for name in ("ben", "dan")
    ]


def test_no_votes_left_in_the_supply_pay_1_money_each() -> None:
    """Adding Votes to the Bag: "If you don't have enough votes left in your supply, you take 1
    money for each missing vote" (here none at all)."""
    table = board(started(), "3vote")
    table.set(supply={name: n for name, n in table.state.supply.items() if name != "ann"})
    table.play("deal ann left")
    assert table.state.bag["ann"] == 3 and table.p("ann").money == 10 + 3


def test_a_cost_of_resources_of_choice() -> None:
    """Costs and Action Boxes: a "resource of your choice" cost: any resources; when only one
    way exists it is taken, else the player says which (test data box: "-2resource 5money")."""
    table = board(started(), "-2resource 5money", "-2resource 5money", "-2resource 5money")
    table.give("ann", warehouse={"plastic": 1, "water": 1})
    table.play("deal ann left")
    assert table.p("ann").warehouse == {} and table.p("ann").money == 15
    table.set(dealt=False)
    table.give("ann", warehouse={"chip": 3})
    table.play("deal ann middle")
    assert table.p("ann").warehouse == {"chip": 1}
    table.set(dealt=False)
    table.give("ann", warehouse={"chip": 2, "water": 1})
    table.refuse("deal ann right", AmbiguousMove)
    table.refuse("deal ann right --pay water,water", IllegalMove, R_COSTS)
    table.refuse("deal ann right --pay iridium,water", IllegalMove, R_COSTS)  # no iridium
    table.play("deal ann right --pay water,chip")
    assert table.p("ann").warehouse == {"chip": 1} and table.p("ann").money == 25
    table.refuse("deal ann left", IllegalMove)


def test_a_cost_of_2_resources_with_1_cannot_be_paid() -> None:
    table = board(started(), "-2resource 5money")
    table.give("ann", warehouse={"plastic": 1})
    error = table.refuse("deal ann left", IllegalMove, R_COSTS)
    assert error.legal  # the other tiles can be dealt to


def test_mood_steps_past_the_bottom_after_moving_cost_2_vp_each() -> None:
    """Mood: "For each additional negative mood step you receive, lose 2 victory points"; the
    steps that still move the marker cost nothing (test data: the bottom is -3)."""
    table = board(started(), "-3mood 2money", "4mood")
    table.give("ann", mood=-2, vp=10)
    table.play("deal ann left")
    assert (table.p("ann").mood, table.p("ann").vp) == (-3, 10 - 2 * 2)
    table.set(dealt=False)
    table.give("ann", mood=1)
    table.play("deal ann middle")  # the top is +3: 2 steps move, 2 give 2 VP each
    assert (table.p("ann").mood, table.p("ann").vp) == (3, 6 + 2 * 2)


@pytest.mark.parametrize(
    ("box", "crafties", "brainies"), [("3brainy 2crafty", 7, 6), ("brainy crafty", 8, 8)]
)
def test_workies_over_8_of_a_kind_go_back(box: str, crafties: int, brainies: int) -> None:
    """Workie Action: "If, at any point, you have more than 8 crafties or 8 brainies on your
    player board, you must immediately return any excess.\""""
    table = board(started(), box)
    table.give("ann", crafties=crafties, brainies=brainies)
    table.play("deal ann left")
    assert (table.p("ann").crafties, table.p("ann").brainies) == (8, 8)


def test_paying_workies_is_not_limited_by_the_8() -> None:
    table = board(started(), "-2workie 3brainy")
    table.give("ann", crafties=0, brainies=8)
    table.play("deal ann left")
    assert (table.p("ann").crafties, table.p("ann").brainies) == (0, 8)


def test_all_others_pay_a_cost_of_choice_from_what_they_hold_most_of() -> None:
    """Offices, President: the other players take the "All Others" part; the README's reading
    with option others-choice=most: a cost of choice is paid from what each holds most of, and
    who cannot pay does not (BAILOUT right: 2 resources of choice / -resource; ARMS RACE left:
    ... / -workie)."""
    table = started(options={"others-choice": "most"})
    blue = table.state.piles["blue"]
    known = ("BAILOUT", "ARMS RACE", *(c for c in blue.known if c not in ("BAILOUT", "ARMS RACE")))
    table.set(piles={**table.state.piles, "blue": replace(blue, known=known)})
    table.give("ann", office="president", news=("BRIBE",))
    table.give("ben", warehouse={"plastic": 3, "water": 1}, crafties=1, brainies=3)
    table.give("cat", warehouse={"chip": 1}, crafties=2, brainies=2)
    table.give("dan", warehouse={}, crafties=0, brainies=0)
    table.play("office ann", "law ann right", "gain ann water chip")
    warehouses = {p.name: p.warehouse for p in table.state.players.values()}
    assert warehouses == {
        "ann": {"chip": 1, "water": 1},
        "ben": {"plastic": 2, "water": 1},
        "cat": {},
        "dan": {},
    }
    table.set(office_done=False)
    table.play("office ann", "law ann left")  # ARMS RACE left: 2 workie 2 money / -workie
    workies = {p.name: (p.crafties, p.brainies) for p in table.state.players.values() if p.name != "ann"}
    assert workies == {"ben": (1, 2), "cat": (2, 1), "dan": (0, 0)}


def test_a_laws_all_others_part_asks_each_payer_for_every_cost_of_choice() -> None:
    """Offices, President: the other players take the "All Others" part, each cost in full
    where they can (Costs and Action Boxes); the README's reading: a cost of choice is asked of
    each payer who has one. A law declared for this test: All Others -resource -workie. ben has
    a choice in both and is asked twice; cat has one kind of each and pays at once; dan has
    neither."""
    table = started()
    levy = Law(
        name="TEST LEVY", colour="blue", left=("10money", "2money"), right=("2resource", "-resource -workie")
    )
    table.face(levy)
    blue = table.state.piles["blue"]
    table.set(piles={**table.state.piles, "blue": replace(blue, known=("TEST LEVY", *blue.known))})
    table.give("ann", office="president", news=("BRIBE",))
    table.give("ben", warehouse={"plastic": 3, "water": 1}, crafties=1, brainies=3)
    table.give("cat", warehouse={"chip": 1}, crafties=2, brainies=0)
    table.give("dan", warehouse={}, crafties=0, brainies=0)
    table.play("office ann", "law ann right", "gain ann water chip")
    table.play("pay ben plastic", "pay ben brainy")
    held = {
        p.name: (p.warehouse, p.crafties, p.brainies) for p in table.state.players.values() if p.name != "ann"
    }
    assert held == {
        "ben": ({"plastic": 2, "water": 1}, 1, 2),
        "cat": ({}, 1, 0),
        "dan": ({}, 0, 0),
    }


def test_all_others_costs_do_not_stop_the_actor_choosing_a_box() -> None:
    """Costs and Action Boxes: "As usual, you must be able to pay the costs to be able to choose
    the action box. If others can't pay then they are lucky, but that doesn't affect your
    ability to choose the action box." With no money the actor still chooses a box whose only
    money cost is the others' (THEATER box 2: others -money, 6 money; a news card declared for
    this test: others -2money, 3 money), by every way a box is opened."""
    table = board(started(), "work", "solar-energy", "news", "cell-regeneration")
    table.face(News(name="SCANDAL", pile="I", box="others:-2money 3money", immoral=False))
    table.give("ann", money=0, buildings=(Constructed("THEATER", ((), ())),))
    table.play("deal ann left", "workie ann brainy@theater.1", "box ann 2")
    assert table.p("ann").money == 6 and all(table.p(n).money == 10 - 1 for n in ("ben", "cat", "dan"))
    table.set(dealt=False)
    table.give("ann", money=0)
    table.play("deal ann middle", "copy ann theater 2")
    assert table.p("ann").money == 6 and all(table.p(n).money == 10 - 2 for n in ("ben", "cat", "dan"))
    table.set(dealt=False, news_up={**table.state.news_up, "I": "SCANDAL"})
    table.give("ann", money=0)
    table.play("deal ann right", "news ann I")
    assert table.p("ann").money == 3 and all(table.p(n).money == 8 - 2 for n in ("ben", "cat", "dan"))
    table.tile("right", "TEST REGENERATION", "cell-regeneration")
    table.set(dealt=False)
    table.give("ann", money=0, warehouse={"hydrogen": 1})
    table.play("deal ann right", "replay ann scandal")
    assert table.p("ann").money == 3 and all(table.p(n).money == 6 - 2 for n in ("ben", "cat", "dan"))


def test_all_others_costs_do_not_stop_the_actor_scoring_a_faction() -> None:
    """The same rule when scoring a track: a track declared for this test whose first space's
    box a costs all others 1 money and gives 3 money; the actor has none."""
    table = board(started(), "capitalist-check")
    table.face(Track(name="capitalist", spaces=(("others:-money 3money", "vote"), ("5money", "crafty"))))
    table.give("ann", money=0, factions={"capitalist": 1, "futurist": 0, "traditionalist": 0})
    table.play("deal ann left", "faction ann capitalist:1a")
    assert table.p("ann").money == 3 and all(table.p(n).money == 10 - 1 for n in ("ben", "cat", "dan"))


def test_all_others_pay_2_of_a_choice_one_at_a_time_from_what_they_hold_most_of() -> None:
    """The README's reading with option others-choice=most, one unit at a time: with 2 plastic
    and 2 water, 1 of each; with 3 plastic and 2 water, 2 plastic; faction steps the same way."""
    most = started(options={"others-choice": "most"})
    table = board(most, "others:-2resource 2money", "others:-faction 2money")
    table.give("ben", warehouse={"plastic": 2, "water": 2})
    table.give("cat", warehouse={"plastic": 3, "water": 2})
    table.give("dan", warehouse={"plastic": 1})
    table.play("deal ann left")
    warehouses = {p.name: p.warehouse for p in table.state.players.values()}
    assert warehouses == {
        "ann": {},
        "ben": {"plastic": 1, "water": 1},
        "cat": {"plastic": 1, "water": 2},
        "dan": {"plastic": 1},  # who cannot pay in full pays none of it
    }
    table.set(dealt=False)
    table.give("ben", factions={"capitalist": 1, "futurist": 2, "traditionalist": 0})
    table.play("deal ann middle")
    assert table.p("ben").factions == {"capitalist": 1, "futurist": 1, "traditionalist": 0}


@pytest.mark.parametrize("box", ["plastic 2plastic+workie", "2plastic+workie plastic"])
def test_a_plain_action_is_used_before_a_mix_so_the_mix_stays_whole(box: str) -> None:
    """Costs and Action Boxes: a line between symbols lets the player "mix and match": taking
    the plain plastic first leaves both units of "2plastic+workie" to take as workies,
    wherever the box prints the plain one."""
    table = board(started(), box)
    table.play("deal ann left", "gain ann plastic", "workie ann crafty crafty")
    ann = table.p("ann")
    assert ann.warehouse == {"plastic": 1} and ann.crafties == 4 and table.state.stack == ()


def test_a_plain_action_is_used_before_a_choice_so_the_choice_stays_open() -> None:
    """A diagonal line is a choice of one: taking the plain plastic first leaves the choice of
    plastic or water for the water."""
    table = board(started(), "plastic/water plastic")
    table.play("deal ann left", "gain ann plastic", "gain ann water")
    assert table.p("ann").warehouse == {"plastic": 1, "water": 1} and table.state.stack == ()


def test_both_units_of_a_mix_taken_at_once() -> None:
    """ "2plastic+workie": 2 units, each plastic or a workie: both as plastic in one word."""
    table = board(started(), "2plastic+workie")
    table.play("deal ann left", "gain ann 2plastic")
    assert table.p("ann").warehouse == {"plastic": 2} and table.state.stack == ()


def test_with_2_players_the_dummy_loses_votes_to_effects_on_all_others() -> None:
    """Election Changes with 2 Players: "The dummy can gain or lose votes from effects that
    affect all players": an "all others" vote cost takes 1 of its votes out of the bag too,
    if it has one there (who cannot pay in full pays none of it)."""
    table = board(physical(("ann", "ben")), "others:-vote 2money", "others:-2vote 2money")
    table.set(bag={"ann": 3, "ben": 3, data.DUMMY: 9})
    table.play("deal ann left")
    assert table.state.bag == {"ann": 3, "ben": 2, data.DUMMY: 8}
    assert table.state.out == {"ben": 1, data.DUMMY: 1}
    table.set(dealt=False, bag={"ann": 3, "ben": 3, data.DUMMY: 1})
    table.play("deal ann middle")
    assert table.state.bag == {"ann": 3, "ben": 1, data.DUMMY: 1}
    table.set(dealt=False, bag={"ann": 3, "ben": 3, data.DUMMY: 2})
    table.play("deal ann middle")  # exactly the 2 it pays: it pays them
    bag = table.state.bag
    assert (bag["ann"], bag["ben"], bag.get(data.DUMMY, 0)) == (3, 1, 0)


def test_with_2_players_the_dummy_takes_the_votes_of_a_laws_all_others_part() -> None:
    """Election Changes with 2 Players: "The dummy can gain or lose votes from effects that
    affect all players (for example, due to very bad moods among the players)": the example
    is an effect on "all other players (not you)", so a law's "All Others" part, which "the
    other players take", reaches the dummy's votes too, gains and costs alike, and nothing
    else (test data: ROAD TOLL right, 2 votes / 1 vote; SECRET POLICE left, 3 votes / -1 vote)."""
    table = physical(("ann", "ben"))
    table.give("ann", office="president")
    table.set(bag={"ann": 3, "ben": 3})
    table.play("office ann road-toll", "law ann right")
    assert table.state.bag == {"ann": 5, "ben": 4, data.DUMMY: 1}
    table.give("ann", news=("SPY",))  # immoral: a blue law
    table.set(office_done=False, bag={"ann": 3, "ben": 3, data.DUMMY: 9})
    table.play("office ann secret-police", "law ann left")
    assert table.state.bag == {"ann": 6, "ben": 2, data.DUMMY: 8}
    table.set(office_done=False, bag={"ann": 3, "ben": 3})  # none of the dummy's in the bag: none paid
    table.play("office ann censorship", "law ann left")  # CENSORSHIP left: news / -1 vote
    assert table.state.bag == {"ann": 3, "ben": 2}
