"""Two rules in one move, in the order the rulebook fixes (issue 21): each test fails if the
order is swapped. The other places are guarded in ``test_flow.py``, ``test_elections.py``,
``test_election_steps.py`` and ``test_score.py``. Expected values come from the rulebook's
text and the test data (``fixtures/planet-b-test-cards.toml``, not the publisher's cards):
8 election spaces; the left market plastic 3 grey, 4 red; the middle market plant 4 red;
mood +1 is 2 money and 1 vote.
"""

from __future__ import annotations

from ledger.games.planet_b import data
from ledger.games.planet_b.model import Constructed, Drawn, GameEnded
from tests.planet_b.table import physical, started
from tests.planet_b.test_examples import board
from tests.planet_b.test_flow import fill_last


def test_the_exchanges_extra_container_sells_at_the_price_before_the_disc_moves() -> None:
    """Exchanges: "Take 2 resources of your choice" first, and "Finally, adjust the resource
    cost marker ... Important: This last step changes the price you get when selling
    resources"; Production: resources with no room "you immediately sell them for the current
    price". Ann holds 4 plastic and takes 2 more from the exchange of the grey left tile: both
    sell at the grey price, 3 each, not at the red 4 the disc moves to after."""
    table = board(started(), "2money")
    fill_last(table)
    table.give("ann", warehouse={"plastic": 4})
    table.play("deal ann left", "end ann")
    money = table.p("ann").money
    table.play("exchange ann plastic:2")
    assert table.p("ann").money == money + 2 * 3
    assert table.state.markets[0] is True  # the disc moved to red, after the sale


def test_money_from_the_resources_sold_is_exchanged_with_the_money_in_hand() -> None:
    """Game End: "Sell all of your remaining resources to the supply for their current market
    values", then "Exchange your money: for every 3 money you take 1 victory point. Return any
    leftover money to the supply." 2 money and 1 plant sold for 4 (the middle market starts red)
    make 6 money: 2 VP (exchanged apart, 2 and 4 would make 0 + 1)."""
    table = started()
    for name in table.state.seats:
        table.give(name, money=0, factions=dict.fromkeys(data.TRACKS, 0), mood=0, vp=0, warehouse={})
    table.give("ann", money=2, warehouse={"plant": 1})
    table.set(phase="over", bag={})
    ann = next(line for line in table.game.score(table.state).lines if line.player == "ann")
    assert (ann.categories["resources"], ann.categories["money"], ann.categories["money VP"]) == (4, 6, 2)


def test_the_player_who_triggered_the_election_draws_first_then_clockwise() -> None:
    """3. Carry Out the Election: "The player who triggered the election starts ... Then give
    the bag to the next player in clockwise direction ... Keep drawing votes from the bag, in
    turn order, until the bag is empty." Ben (seat 2) ends the turn that called it: ben, cat,
    dan, ann draw 3 each and ben the last 1 of the 13."""
    table = started()
    table.set(dealt=True)
    table.play("end ann")
    assert table.state.active == "ben"
    table.set(called=True, dealt=True, bag={"ann": 4, "ben": 3, "cat": 3, "dan": 3})
    events = table.play("end ben")
    draws = [(e.player, len(e.colours)) for e in events if isinstance(e, Drawn)]
    assert draws == [("ben", 3), ("cat", 3), ("dan", 3), ("ann", 3), ("ben", 1)]


def test_the_mood_votes_go_into_the_bag_before_a_plus_1_tile_takes_its_vote() -> None:
    """2. Score Mood Tracks before 3. Carry Out the Election: "For positive mood, you take
    money and add votes to the bag", then "If you bought 1 or 2 "+1" swindle tiles, you now take
    1 or 2 votes of your color from your supply ... If this happens [none left], just add 1 or
    2 votes to your total"; Adding Votes to the Bag: "If you don't have enough votes left in
    your supply, you take 1 money for each missing vote." You, mood +1 (2 money, 1 vote) and 1
    vote in the supply: the vote goes into the bag, the "+1" is added to the total; in the
    other order the "+1" would take the vote and the mood's vote be 1 money."""
    table = physical()
    table.give("you", mood=1, swindles=("+1",))
    table.set(
        bag={"blue": 3, "red": 3, "yellow": 3},
        supply={"you": 1, "blue": 22, "red": 22, "yellow": 22},
        out={"you": 24},
        called=True,
        dealt=True,
    )
    money = table.p("you").money
    table.play("end you")
    election = table.state.election
    assert election is not None and election.step == "draw"
    assert table.p("you").money == money + 2 and table.state.bag["you"] == 1
    assert "you" not in election.front and election.phantom == {"you": 1}


def test_no_mood_is_scored_while_step_1_waits_for_a_player() -> None:
    """Elections: "Elections are completed in 5 steps: Return Workies, Score Mood Tracks, ...":
    while red still says which partly filled work area returns (step 1), blue's mood +1 is not
    scored yet; once red has, it is (2 money, then the marker back to neutral)."""
    table = physical()
    table.give("red", buildings=(Constructed("TAILOR", (("crafty",),)),))
    table.give("blue", mood=1)
    table.set(called=True, dealt=True)
    money = table.p("blue").money
    table.play("end you")
    assert table.state.election is not None and table.state.election.recall == ("red",)
    assert (table.p("blue").mood, table.p("blue").money) == (1, money)
    table.play("recall red")
    assert (table.p("blue").mood, table.p("blue").money) == (0, money + 2)


def test_the_buildings_are_redrawn_before_the_election_the_turn_called() -> None:
    """Your Turn: A Summary: "After your turn, redraw to 3 building cards in hand and reveal a
    new news card if necessary. ... Eventually, an election will take place." Ann ends a turn
    that called an election with 2 buildings in hand: she redraws first, then the election."""
    table = started()
    table.give("ann", hand=table.p("ann").hand[:2])
    table.set(called=True, dealt=True)
    table.play("end ann")
    assert table.state.phase == "refill" and table.state.elections == 0
    table.play("redraw ann A")
    assert table.state.elections == 1 and len(table.p("ann").hand) == 3


def test_a_marker_that_reached_the_last_space_and_moved_back_still_calls_the_election() -> None:
    """The Election Track: "If the election marker reaches the last space, then an election
    will take place immediately after your turn." A box moves the marker right to the last
    space, then left: the election was called when it reached it."""
    table = board(started(), "right left")
    table.set(marker=7)
    table.play("deal ann left")
    assert table.state.marker == 7 and table.state.called
    table.play("end ann")
    assert table.state.elections == 1


def test_the_last_turns_exchange_and_election_come_before_the_end_scoring() -> None:
    """Exchanges: "If you filled one of the conglomerates' last empty suitcase space, then an
    exchange happens right after your turn ... Next, move the election marker 2 spaces
    forward"; Game End: "Once the last player has taken their turn, end scoring takes place."
    The exchange and the election it calls are part of the last turn (*reading*: the rulebook
    does not say otherwise): ann's resources are taken and the offices given, then the game
    ends."""
    table = board(started(), "2money")
    fill_last(table)
    table.set(final=1, marker=6)  # ann's turn is the last of the game
    table.play("deal ann left", "end ann")
    assert table.state.phase == "exchange"
    events = table.play("exchange ann meat:2")
    assert events[-1] == GameEnded() and table.state.phase == "over"
    assert table.p("ann").warehouse == {"meat": 2} and table.state.elections == 1
