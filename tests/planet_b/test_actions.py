"""What Actions Are There?: each action performed as the rulebook says, one unit at a time:
a symbol with a count is that many actions, a choice is one of them, the costs of what an
action opens are paid as the player says. Expected values come from the rulebook's text and
the test data's printed boxes (``fixtures/planet-b-test-cards.toml``, not the publisher's).
"""

from __future__ import annotations

import pytest
from msgspec.structs import replace

import ledger.games.planet_b as planet_b
from ledger.errors import AmbiguousMove, BadInput, IllegalMove
from ledger.games.planet_b.faces import Law
from ledger.games.planet_b.model import Constructed, LawDrawn, LawMove, Workie
from ledger.games.planet_b.sections import (
    R_COSTS,
    R_OFFICES,
    R_PLACE,
    R_PRESIDENT,
    R_SCORING,
    R_SELL,
    R_TAKE,
    R_WORKIE,
)
from tests.planet_b.table import physical, started
from tests.planet_b.test_examples import board

# (a box with 2 of an action, its first unit, what the table looks like after that unit)
TWICE = {
    "tile": ("2tile", "tile ann meat upper1", {"money": 20 - 10}),
    "build": ("2build", "build ann workshop", {"money": 20 - 4, "vp": 1}),
    "return a building": ("2build", "build ann workshop --back", {"money": 20 + 5}),
    "news": ("2news", "news ann I", {"warehouse": {"plastic": 2}}),
    "swindle": ("2swindle", "swindle ann +1", {"money": 20 - 3, "swindles": ("+1",)}),
    "free swindle": ("2swindle-free", "swindle ann -1", {"money": 20, "swindles": ("-1",)}),
    "production": ("2produce", "produce ann upper", {"warehouse": {"plastic": 1, "iridium": 1, "plant": 1}}),
    "faction step": (
        "2faction",
        "faction ann futurist",
        {"factions": {"capitalist": 0, "futurist": 1, "traditionalist": 0}},
    ),
    "workie": ("2work", "workie ann crafty", {"crafties": 3}),
}


@pytest.mark.parametrize("case", TWICE)
def test_a_symbol_with_a_count_is_that_many_actions_one_at_a_time(case: str) -> None:
    """Costs and Action Boxes: "You can only perform another action once you have fully
    completed the first one"; a count of 2 is 2 actions: after the first, one is left."""
    box, first, after = TWICE[case]
    table = board(started(), box)
    table.give("ann", money=20, hand=("WORKSHOP", "TAILOR", "SKYHOOK"))
    table.set(news_up={**table.state.news_up, "I": "PLASTIC BAGS"})
    table.play("deal ann left", first)
    ann = table.p("ann")
    assert {field: getattr(ann, field) for field in after} == after
    assert len(table.state.stack) == 1 and table.state.stack[-1].slots[0].items[0].n == 1


def test_buying_a_production_tile_with_the_tile_action_uses_it() -> None:
    """Symbol Summary: "Buy a production tile for 10 money and add it to your player board":
    the action's tile closes the box; another tile is bought outside it for 10 more."""
    table = board(started(), "tile")
    table.give("ann", money=25)
    table.play("deal ann left", "tile ann chip lower1")
    assert table.state.stack == () and table.p("ann").money == 15
    table.play("tile ann meat lower2", "end ann")
    assert table.p("ann").money == 5 and table.p("ann").production[3:5] == (("chip",), ("meat",))


def test_a_choice_of_two_all_actions_gives_the_chosen_one_to_everyone() -> None:
    """Costs and Action Boxes: "all" players take what is chosen (a diagonal line: 1 of 2)."""
    table = board(started(), "all:3money/2plastic")
    table.play("deal ann left", "gain ann 3money")
    assert {p.name: p.money for p in table.state.players.values()} == dict.fromkeys(
        ("ann", "ben", "cat", "dan"), 13
    )
    assert all(p.warehouse == {} for p in table.state.players.values())


def test_gain_with_nothing_free_to_perform_is_refused() -> None:
    table = board(started(), "news/build")
    table.play("deal ann left")
    table.refuse("gain ann", IllegalMove, R_COSTS)


def test_gain_performs_all_the_free_actions_left() -> None:
    """``gain PLAYER`` performs every action with nothing to choose (the README's grammar),
    also when a choice comes before them in the box; the choice stays open."""
    table = board(started(), "news/build 3money 2vote")
    table.play("deal ann left", "gain ann")
    assert table.p("ann").money == 13 and table.state.bag["ann"] == 5
    assert len(table.state.stack) == 1 and table.state.stack[-1].slots[0].choice


def test_a_work_area_named_by_number() -> None:
    """Placing a Workie: "exactly 1 workie onto 1 matching-color work space"; BAKERY has two
    crafty work areas: the player says which; the filled one's box comes at once."""
    table = board(started(), "2work")
    table.give("ann", buildings=(Constructed("BAKERY", ((), ())),))
    table.play("deal ann left")
    table.refuse("workie ann crafty@bakery", BadInput)
    table.refuse("workie ann crafty@bakery.3", IllegalMove, R_PLACE)
    table.refuse("workie ann crafty@bakery.2 crafty", IllegalMove, R_PLACE)  # its box first
    table.play("workie ann crafty@bakery.2")
    assert table.p("ann").buildings[0].placed == ((), ("crafty",)) and table.p("ann").crafties == 1
    table.play("box ann 2")  # BAKERY box 2: 3 money
    assert table.p("ann").money == 13
    table.refuse("workie ann crafty@bakery.2", IllegalMove, R_PLACE)  # taken
    table.play("workie ann crafty@bakery.1", "box ann 1")  # box 1: 2 plant
    assert table.p("ann").buildings[0].placed == (("crafty",), ("crafty",))
    assert table.p("ann").warehouse == {"plant": 2} and table.p("ann").crafties == 0


def test_a_workie_placed_comes_from_the_board() -> None:
    """Placing a Workie: the workie comes from one's board; with no brainy there, none."""
    table = board(started(), "work")
    table.give("ann", buildings=(Constructed("RESTAURANT", ((), ())),), crafties=1, brainies=0)
    table.play("deal ann left")
    table.refuse("workie ann brainy@restaurant", IllegalMove, R_PLACE)
    table.play("workie ann crafty@restaurant", "box ann 2")
    assert table.p("ann").crafties == 0 and table.p("ann").money == 18


def test_an_either_workie_symbol_only_takes() -> None:
    """Taking Workies: "An "either" workie symbol means that you can choose whether to take a
    craftie or a brainie" (it cannot place: only the take/place symbol does)."""
    table = board(started(), "workie")
    table.give("ann", buildings=(Constructed("WORKSHOP", ((),)),))
    table.play("deal ann left")
    table.refuse("workie ann crafty@workshop", IllegalMove, R_TAKE)
    table.play("workie ann brainy")
    assert (table.p("ann").crafties, table.p("ann").brainies) == (2, 3)


def test_a_box_showing_one_colour_lists_and_takes_that_colour_only() -> None:
    """Taking Workies: "If only a craftie or brainie symbol is shown (without the take/place
    option), then you can only take workies": a box of 1 craftie and production (open until
    both are done) lists taking a craftie, and nothing else of workies; a brainie is refused."""
    table = board(started(), "crafty produce")
    table.give("ann", buildings=(Constructed("WORKSHOP", ((),)),))
    table.play("deal ann left")
    listed = [planet_b.text(m) for m in planet_b.legal(table.state, "ann") if isinstance(m, Workie)]
    assert listed == ["workie ann crafty"]
    table.refuse("workie ann brainy", IllegalMove, R_WORKIE)
    table.play("workie ann crafty")
    assert (table.p("ann").crafties, table.p("ann").brainies) == (3, 2)


def test_two_faction_steps_on_two_tracks_and_scoring_last() -> None:
    """Faction Action: "If you have multiple choice actions, you can move up on or score
    different faction tracks"; scoring opens its box, so it comes last."""
    table = board(started(), "2faction", "2faction-check")
    table.play("deal ann left", "faction ann futurist capitalist")
    assert table.p("ann").factions == {"capitalist": 1, "futurist": 1, "traditionalist": 0}
    assert table.state.stack == ()
    table.set(dealt=False)
    table.play("deal ann middle")
    table.refuse("faction ann capitalist:1a futurist", IllegalMove, R_SCORING)
    table.play("faction ann futurist capitalist:1a")  # capitalist space 1, box a: 3 money
    ann = table.p("ann")
    assert ann.factions == {"capitalist": 0, "futurist": 2, "traditionalist": 0} and ann.money == 13


def test_parliamentary_neglect_may_step_instead_of_scoring() -> None:
    """Parliamentary Neglect: "You may choose to advance 1 step on the faction track of your
    choice instead of scoring.\""""
    table = board(started(), "parliamentary-neglect")
    table.give("ann", factions={"capitalist": 2, "futurist": 0, "traditionalist": 0})
    table.play("deal ann left --pay capitalist,capitalist", "faction ann traditionalist")
    assert table.p("ann").factions == {"capitalist": 0, "futurist": 0, "traditionalist": 1}
    assert table.state.stack == () and table.state.marker == 3


def test_the_costs_of_an_opened_box_are_paid_as_the_player_says() -> None:
    """Costs and Action Boxes: costs first, "fully"; a cost of choice the player names
    (STRIKE BREAK: -workie 6money; STOCK EXCHANGE box 1: -2resource 14money)."""
    table = board(started(), "news", "work")
    table.set(news_up={**table.state.news_up, "II": "STRIKE BREAK"})
    table.play("deal ann left", "news ann II --pay brainy")
    assert (table.p("ann").crafties, table.p("ann").brainies, table.p("ann").money) == (2, 1, 16)
    table.set(dealt=False)
    table.give("ann", buildings=(Constructed("STOCK EXCHANGE", ((),)),), warehouse={"chip": 2, "water": 1})
    table.play("deal ann middle", "workie ann brainy@stock-exchange", "box ann 1 --pay chip,water")
    assert table.p("ann").warehouse == {"chip": 1} and table.p("ann").money == 30


def test_copying_a_box_whose_cost_has_a_choice() -> None:
    table = board(started(), "solar-energy")
    table.give("ann", buildings=(Constructed("STOCK EXCHANGE", ((),)),), warehouse={"chip": 2, "water": 1})
    table.play("deal ann left", "copy ann stock-exchange 1 --pay water,chip")
    assert table.p("ann").warehouse == {"chip": 1} and table.p("ann").money == 24


def test_the_lama_has_nothing_to_choose() -> None:
    """L.A.M.A.: "If you are immoral, you take 3 money. Otherwise, receive 1 positive mood
    step": no track to choose (only the Vice-President chooses one)."""
    table = started()
    table.give("ann", office="lama")
    table.refuse("office ann futurist", IllegalMove, R_OFFICES)  # a rule: exit 1
    table.play("office ann")
    assert table.p("ann").mood == 1 and table.p("ann").money == 10


def test_a_free_swindle_tile_needs_no_money() -> None:
    """Buy a Swindle Tile: "If the word "free" is beneath the symbol, then you can place 1
    swindle tile for free ... You still take the indicated reward" (space 1: 2 votes)."""
    table = board(started(), "swindle-free")
    table.give("ann", money=0)
    table.play("deal ann left", "swindle ann +1")
    assert table.p("ann").money == 0 and table.state.bag["ann"] == 3 + 2


def test_selling_what_one_does_not_have() -> None:
    table = started()
    table.refuse("sell ann water", IllegalMove, R_SELL)
    table.give("ann", warehouse={"water": 1})
    table.refuse("sell ann water:2", IllegalMove, R_SELL)


def test_an_immoral_player_draws_a_blue_law_from_the_law_symbol_at_a_real_table() -> None:
    """Offices, President: "If you are immoral, draw 1 blue law" (the law symbol)."""
    table = board(physical(), "law")
    table.give("you", news=("BRIBE",))
    table.play("deal you left")
    table.refuse("law you yellow", IllegalMove, R_PRESIDENT)
    events = table.play("law you blue tax-haven")
    assert LawDrawn("you", "blue", "TAX HAVEN") in events
    table.play("law you right")  # TAX HAVEN right: 3 vote / -vote
    assert table.state.bag == {"you": 3 + 3, "blue": 3 - 1, "red": 3 - 1, "yellow": 3 - 1}


def test_production_spaces_and_faction_boxes_are_named_as_printed() -> None:
    """Production: "Each production line consists of 3 production spaces" (upper1..lower3);
    Scoring: "Choose 1 of the two action boxes next to the space" (a or b; test data:
    capitalist space 3, box a: 7 money)."""
    table = board(started(), "capitalist-check")
    table.give("ann", money=30, factions={"capitalist": 3, "futurist": 0, "traditionalist": 0})
    table.refuse("tile ann meat upper4", BadInput)
    table.refuse("tile ann meat lower0", BadInput)
    table.play("tile ann meat lower3", "tile ann chip upper1")
    assert table.p("ann").production == (("chip",), (), (), (), (), ("meat",))
    table.play("deal ann left")
    table.refuse("faction ann capitalist:3c", BadInput)
    table.refuse("faction ann capitalist:a", BadInput)
    table.play("faction ann capitalist:3a")
    assert table.p("ann").money == 30 - 20 + 7 and table.p("ann").factions["capitalist"] == 0


def test_headquarters_needs_a_crafty_and_a_brainy_then_offers_its_boxes() -> None:
    """Placing a Workie: "The Headquarters has only one area that needs to be filled with 1
    crafty and 1 brainy"; then one of its boxes (test data: box 2 is production and a vote)."""
    table = board(started(), "2work")
    table.play("deal ann left", "workie ann crafty@headquarters")
    assert table.state.stack[-1].source != "HEADQUARTERS"  # not full yet
    table.play("workie ann brainy@headquarters", "box ann 2", "produce ann upper")
    ann = table.p("ann")
    assert ann.buildings[0].placed == (("crafty", "brainy"),) and table.state.bag["ann"] == 3 + 1
    assert ann.warehouse == {"plastic": 1, "iridium": 1, "plant": 1} and table.state.stack == ()


def test_production_tiles_change_only_their_own_line() -> None:
    """Production Tiles: a tile covers the resource of the production space it is placed on
    (test data, board 1: upper plastic iridium plant, lower water meat chip)."""
    table = board(started(), "2produce")
    table.give("ann", money=20)
    table.play("tile ann chip upper1", "tile ann meat lower1", "deal ann left", "produce ann upper")
    assert table.p("ann").warehouse == {"chip": 1, "iridium": 1, "plant": 1}
    table.play("produce ann lower")
    assert table.p("ann").warehouse == {"chip": 2, "iridium": 1, "plant": 1, "meat": 2}


def test_gain_names_only_gains_the_box_offers() -> None:
    """Resource of your choice: "you take a resource of your choice" (not money)."""
    table = board(started(), "resource produce")
    table.play("deal ann left")
    table.refuse("gain ann produce", BadInput)
    table.refuse("gain ann 2money", IllegalMove, R_COSTS)
    table.play("gain ann water")
    assert table.p("ann").warehouse == {"water": 1}


def test_a_law_whose_president_part_has_costs() -> None:
    """Offices, President: "You take whatever is indicated under "President"", its costs first,
    paid as the President says; an "all others" cost in it is not the President's (a law
    declared for this test: -resource, all others -money, 6 money / 1 money)."""
    table = started()
    table.face(
        Law(
            name="LEVY",
            colour="yellow",
            left=("-resource others:-money 6money", "money"),
            right=("vp", "money"),
        )
    )
    yellow = table.state.piles["yellow"]
    table.set(piles={**table.state.piles, "yellow": replace(yellow, known=("LEVY", *yellow.known))})
    table.give("ann", office="president", money=0, warehouse={"plastic": 1, "water": 1})
    table.play("office ann")
    table.refuse("law ann left", AmbiguousMove)
    table.play("law ann left --pay water")
    ann = table.p("ann")
    assert ann.warehouse == {"plastic": 1} and ann.money == 6
    assert all(table.p(n).money == 10 - 1 + 1 for n in ("ben", "cat", "dan"))


def test_the_law_symbol_lists_only_the_laws_of_the_pile_drawn_from_at_a_real_table() -> None:
    """Offices, President: "If you are immoral, draw 1 blue law" (else a yellow one): at a real
    table the moves listed name the cards that pile may show, each of its colour, and no
    other pile's."""
    for news, colour in (((), "yellow"), (("BRIBE",), "blue")):
        table = board(physical(), "law")
        table.give("you", news=news)
        table.play("deal you left")
        pile = table.state.piles[colour]
        printed = {law.name for law in table.state.faces.laws.values() if law.colour == colour}
        listed = {move.card for move in planet_b.legal(table.state, "you") if isinstance(move, LawMove)}
        assert listed == printed - set(pile.seen) and listed


def test_the_workies_listed_are_the_ones_the_player_has_to_place_and_only_for_a_workie_box() -> None:
    """Placing a Workie: "placing exactly 1 workie onto 1 matching-color work space", from the
    player's board; Taking Workies: a "take/place" symbol may take either. With no crafty on
    the board, only a brainy is listed to place (the Headquarters' brainy space), each move
    accepted; a box with no workie symbol lists none."""
    table = board(started(), "work")
    table.give("ann", crafties=0, brainies=1)
    table.play("deal ann left")
    listed = [planet_b.text(m) for m in planet_b.legal(table.state, "ann") if isinstance(m, Workie)]
    assert listed == ["workie ann crafty", "workie ann brainy", "workie ann brainy@headquarters"]
    for move in listed:
        each = board(started(), "work")
        each.give("ann", crafties=0, brainies=1)
        each.play("deal ann left", move)
    table = board(started(), "produce")
    table.play("deal ann left")
    assert not [m for m in planet_b.legal(table.state, "ann") if isinstance(m, Workie)]
