"""Explanation of Particular Cards, each card's own rule, at a real table (the table types
what it draws) and in a virtual game. Expected values come from the rulebook's text and the
test data's printed boxes (``fixtures/planet-b-test-cards.toml``, not the publisher's).
"""

from __future__ import annotations

from msgspec.structs import replace

from ledger.errors import BadInput, IllegalMove
from ledger.games.planet_b.model import Constructed, Drawn, LawDrawn
from ledger.games.planet_b.sections import R_COSTS, R_PARTICULAR, R_PRESIDENT
from tests.planet_b.table import physical, started
from tests.planet_b.test_examples import board


def test_game_of_chance_at_a_real_table_draws_exactly_3_and_gives_them_back() -> None:
    """GAME OF CHANCE: "Draw 3 votes from the bag. Per vote in your color you get 10 money and
    2 victory points. Give the 3 drawn votes to the respective players, not back in the bag."""
    table = board(physical(), "game-of-chance")
    table.set(bag={"you": 3, "red": 2})
    table.play("deal you left")
    table.refuse("draw you you,you", IllegalMove, R_PARTICULAR)  # 3 votes, not 2
    table.refuse("draw you you,you,red,red", IllegalMove, R_PARTICULAR)
    table.refuse("draw you you,blue,red", IllegalMove, R_PARTICULAR)  # no blue vote in the bag
    supply = dict(table.state.supply)
    table.play("draw you you,red,you")
    you = table.p("you")
    assert (you.money, you.vp) == (10 + 2 * 10, 2 * 2) and table.state.stack == ()
    assert table.state.bag == {"you": 1, "red": 1}
    assert table.state.supply == {**supply, "you": supply["you"] + 2, "red": supply["red"] + 1}


def test_a_draw_from_a_bag_with_fewer_votes_takes_what_is_left() -> None:
    """SPORTS BET: "Take 15 money for each in your color"; a bag of 2 gives a draw of 2."""
    table = board(physical(), "sports-bet")
    table.set(bag={"you": 1, "blue": 1})
    table.play("deal you left")
    table.refuse("draw you you,blue,blue", IllegalMove, R_PARTICULAR)
    table.play("draw you blue,you")
    assert table.p("you").money == 10 + 15 and table.p("you").vp == 0
    assert sum(table.state.bag.values()) == 0


def test_virtual_games_of_chance_and_an_election_between_them_each_draw_from_the_bag() -> None:
    """GAME OF CHANCE: "Draw 3 votes from the bag. Per vote in your color you get 10 money
    and 2 victory points. Give the 3 drawn votes to the respective players, not back in the
    bag"; 3. Carry Out the Election: "Keep drawing votes from the bag, in turn order, until the
    bag is empty". A virtual game draws each itself: a game of chance, then an election,
    then a game of chance again (test data: 3 votes of each player in the bag)."""
    table = board(started(), "game-of-chance")
    table.set(called=True, bag={"ann": 3, "ben": 3, "cat": 3, "dan": 3})
    events = table.play("deal ann left")
    [drawn] = [e for e in events if isinstance(e, Drawn)]
    assert drawn.to == "supply" and len(drawn.colours) == 3
    mine = drawn.colours.count("ann")
    assert (table.p("ann").money, table.p("ann").vp) == (10 + 10 * mine, 2 * mine)
    assert sum(table.state.bag.values()) == 12 - 3
    events = table.play("end ann")  # the election: the 9 left, 3 each for ann, ben and cat
    fronts = [e for e in events if isinstance(e, Drawn)]
    drawers = [(n, 3, "front") for n in ("ann", "ben", "cat")]
    assert [(d.player, len(d.colours), d.to) for d in fronts] == drawers
    assert table.state.elections == 1 and table.state.active == "ben"
    bag, money, vp = sum(table.state.bag.values()), table.p("ben").money, table.p("ben").vp
    assert bag >= 3
    events = table.play("deal ben left")
    [drawn] = [e for e in events if isinstance(e, Drawn)]
    assert drawn.to == "supply" and len(drawn.colours) == 3
    mine = drawn.colours.count("ben")
    assert (table.p("ben").money, table.p("ben").vp) == (money + 10 * mine, vp + 2 * mine)
    assert sum(table.state.bag.values()) == bag - 3


def test_illegal_build_at_a_real_table_builds_the_typed_b_card_without_its_cost() -> None:
    """ILLEGAL BUILD: "Pay 2 iridium. Draw the top card from the B pile ... You don't have to
    pay any cost but do take the victory points" (test data: TAILOR, B, 16 money, 5 VP)."""
    table = board(physical(), "illegal-build")
    table.give("you", warehouse={"iridium": 2}, hand=())
    table.play("deal you left")
    table.refuse("build you workshop", IllegalMove, R_PARTICULAR)  # an A card, not off the B pile
    table.refuse("build you no-such-building", BadInput)  # to declare first
    size = len(table.state.piles["B"])
    table.play("build you tailor")
    you = table.p("you")
    assert (you.money, you.vp, you.warehouse) == (10, 5, {})
    assert you.buildings[-1].name == "TAILOR" and len(table.state.piles["B"]) == size - 1
    assert table.state.stack == ()


def test_unexpected_inheritance_builds_the_top_a_card_free() -> None:
    """Unexpected Inheritance: "Works in the same manner as ILLEGAL BUILD ... Draw from the A
    pile instead" (test data: CASINO, A, 10 money, 4 VP)."""
    table = board(started(), "unexpected-inheritance")
    a = table.state.piles["A"]
    table.set(
        piles={**table.state.piles, "A": replace(a, known=("CASINO", *(c for c in a.known if c != "CASINO")))}
    )
    table.play("deal ann left")
    ann = table.p("ann")
    assert ann.buildings[-1].name == "CASINO" and (ann.money, ann.vp) == (10, 4)


def test_a_law_symbol_draws_blue_when_immoral_else_yellow() -> None:
    """Offices, President: "If you are immoral, draw 1 blue law. Otherwise, draw 1 yellow
    law" (the Symbol Summary's law symbol); immoral: the top news card (BRIBE: immoral)."""
    for news, colour in (((), "yellow"), (("BRIBE",), "blue"), (("BRIBE", "PLASTIC BAGS"), "yellow")):
        table = board(started(), "law")
        table.give("ann", news=news)
        events = table.play("deal ann left")
        assert [e.colour for e in events if isinstance(e, LawDrawn)] == [colour]
        assert table.state.stack[-1].card in table.state.faces.laws
        assert table.state.faces.laws[table.state.stack[-1].card].colour == colour


def test_at_a_real_table_the_law_pile_follows_morality() -> None:
    table = board(physical(), "law")
    table.play("deal you left")
    table.refuse("law you blue", IllegalMove, R_PRESIDENT)  # not immoral: yellow
    table.play("law you yellow road-toll", "law you right")  # ROAD TOLL right: 2 vote / vote
    assert table.state.bag == {"you": 3 + 2, "blue": 3 + 1, "red": 3 + 1, "yellow": 3 + 1}
    assert table.state.piles["yellow"].under == ("ROAD TOLL",)


def test_green_smoothie_limits_and_payment() -> None:
    """GREEN SMOOTHIE: "Give 1-4 plants from your warehouse to the other players of your
    choice ... For each plant you gave away, take 10 money and add 1 vote to the bag.\""""
    table = board(started(), "green-smoothie", "green-smoothie")
    table.give("ann", warehouse={"plant": 4, "water": 1})
    table.play("deal ann left")
    table.refuse("give ann ben:2 cat:2 dan", IllegalMove, R_PARTICULAR)  # 5 plants
    table.refuse("give ann ann", IllegalMove, R_PARTICULAR)  # to the other players
    table.play("give ann dan")
    ann = table.p("ann")
    assert ann.warehouse == {"plant": 3, "water": 1} and ann.money == 10 + 10
    assert table.state.bag["ann"] == 3 + 1 and table.p("dan").warehouse == {"plant": 1}
    table.set(dealt=False)
    table.give("ann", warehouse={"plant": 1})
    table.play("deal ann middle")
    table.refuse("give ann ben cat", IllegalMove, R_PARTICULAR)  # 1 plant, not 2


def test_goods_export_sells_up_to_2_at_triple_the_price() -> None:
    """GOODS EXPORT: "Sell up to 2 resources of your choice from your warehouse. Take triple
    the current price for each" (test data, left market grey: plastic 3)."""
    table = board(started(), "goods-export")
    table.give("ann", warehouse={"plastic": 3, "meat": 1})
    table.play("deal ann left")
    table.refuse("goods-export ann plastic:3", IllegalMove, R_PARTICULAR)
    table.refuse("goods-export ann meat:2", IllegalMove, R_PARTICULAR)
    table.play("goods-export ann plastic:2")
    assert table.p("ann").money == 10 + 2 * 3 * 3 and table.p("ann").warehouse == {"plastic": 1, "meat": 1}


def test_invitation_to_bid_discards_0_to_3_different_buildings() -> None:
    """INVITATION TO BID: "Discard as many buildings from your hand (0 to 3) ... Take 25
    money.\""""
    table = board(started(), "invitation-to-bid")
    table.give("ann", hand=("TAILOR", "WORKSHOP", "SKYHOOK"))
    table.play("deal ann left")
    table.refuse("discard ann tailor tailor", IllegalMove, R_PARTICULAR)
    table.refuse("discard ann library", IllegalMove)
    table.play("discard ann")
    assert table.p("ann").hand == ("TAILOR", "WORKSHOP", "SKYHOOK") and table.p("ann").money == 10 + 25
    assert table.state.stack == ()


def test_renovations_of_headquarters_give_no_vp_building_export_none_at_all() -> None:
    """RENOVATIONS: "You get back the victory points you paid for the building. You may
    destroy your Headquarters, but don't get any victory points back"; BUILDING EXPORT gives
    3 votes and 30 money, no victory points."""
    table = board(started(), "renovations", "building-export")
    table.give("ann", buildings=(Constructed("HEADQUARTERS", ((),)), Constructed("TAILOR", ((),))), hand=())
    table.play("deal ann left", "destroy ann headquarters")
    assert table.p("ann").vp == 0 and [b.name for b in table.p("ann").buildings] == ["TAILOR"]
    table.set(dealt=False, stack=())
    table.play("deal ann middle", "destroy ann tailor")
    assert table.p("ann").vp == 0 and table.p("ann").buildings == ()


def test_solar_energy_pays_the_copied_boxs_costs() -> None:
    """SOLAR ENERGY: "Perform all of the actions in a single action box on one of your other
    constructed buildings" (MARKET HALL box 2: pay 1 water, take 8 money); as usual the costs
    first."""
    table = board(started(), "solar-energy")
    table.give("ann", buildings=(Constructed("MARKET HALL", ((),)),), warehouse={"water": 1})
    table.play("deal ann left")
    table.refuse("copy ann market-hall 3", BadInput)
    table.refuse("copy ann market-hall 1", IllegalMove, R_COSTS)  # no plastic
    table.play("copy ann market-hall 2")
    ann = table.p("ann")
    assert ann.warehouse == {} and ann.money == 10 + 8 and ann.factions["futurist"] == 1
    assert table.state.stack == ()


def test_cell_regeneration_pays_the_news_cards_costs_and_puts_it_on_top() -> None:
    """CELL REGENERATION: "Pay 1 hydrogen. You must use one of your previously-played news
    cards again. Place it on top ... you must pay the costs of the news card" (BRIBE: pay 3
    money, add 3 votes; immoral). "Take 2 victory points.\""""
    table = board(started(), "cell-regeneration")
    table.give("ann", warehouse={"hydrogen": 1}, news=("BRIBE", "PLASTIC BAGS"))
    table.play("deal ann left")
    table.refuse("replay ann tax-cut", IllegalMove, R_PARTICULAR)  # not played
    table.play("replay ann bribe")
    ann = table.p("ann")
    assert (ann.money, ann.vp, ann.warehouse) == (10 - 3, 2, {})
    assert ann.news == ("PLASTIC BAGS", "BRIBE") and table.state.bag["ann"] == 3 + 3


def test_vaccination_returns_one_workie_and_keeps_8_at_most() -> None:
    """VACCINATION: "Return 1 previously-placed workie on one of your buildings to your
    supply"; Workie Action: "more than 8 crafties ... return any excess".\""""
    table = board(started(), "vaccination")
    table.give("ann", buildings=(Constructed("RESTAURANT", (("crafty",), ())),), crafties=8)
    table.play("deal ann left")
    table.refuse("recall ann restaurant.2 crafty", IllegalMove, R_PARTICULAR)  # nothing there
    table.refuse("recall ann restaurant.1 brainy", IllegalMove, R_PARTICULAR)
    table.refuse("recall ann restaurant.3 crafty", IllegalMove, R_PARTICULAR)
    table.play("recall ann restaurant.1 crafty")
    ann = table.p("ann")
    assert ann.crafties == 8 and ann.buildings[0].placed == ((), ())
    assert ann.factions["futurist"] == 1


def test_weapons_test_moves_the_mood_marker_to_the_lowest_space() -> None:
    """Weapons Test: "Move your mood marker to the lowest space. If it is already there, leave
    it there" (test data: the lowest space is -3)."""
    for start in (2, -3):
        table = board(started(), "weapons-test")
        table.give("ann", mood=start, vp=5)
        table.play("deal ann left")
        assert (table.p("ann").mood, table.p("ann").vp) == (-3, 5)


def test_parliamentary_neglect_keeps_the_disc_wherever_it_is_in_the_box() -> None:
    """Parliamentary Neglect: "Score the faction of your choice. Unlike the usual rules, do not
    return your disc to the faction track's starting space" (here after a VP in the same
    box; capitalist space 2, box a: 5 money)."""
    table = board(started(), "vp parliamentary-neglect")
    table.give("ann", factions={"capitalist": 3, "futurist": 1, "traditionalist": 0})
    table.play("deal ann left --pay capitalist,futurist", "faction ann capitalist:2a")
    ann = table.p("ann")
    assert ann.factions == {"capitalist": 2, "futurist": 0, "traditionalist": 0} and ann.money == 15


def test_i_pick_number_3_chooses_either_pile_wherever_it_is_in_the_box() -> None:
    """I PICK NUMBER 3: "Choose the top card from either pile of laws. It doesn't matter if
    you are immoral or not" (here after 2 money in the same box)."""
    table = board(started(), "2money i-pick-number-3")
    events = table.play("deal ann left", "law ann blue")
    assert [e.colour for e in events if isinstance(e, LawDrawn)] == ["blue"]


def test_vaccination_names_one_work_area_by_number() -> None:
    table = board(started(), "vaccination")
    table.give("ann", buildings=(Constructed("RESTAURANT", (("crafty",), ())),))
    table.play("deal ann left")
    table.refuse("recall ann restaurant.x crafty", IllegalMove, R_PARTICULAR)
    table.refuse("recall ann restaurant.1 restaurant.2 crafty", BadInput)
    table.refuse("recall ann restaurant.1 meat", BadInput)


def test_goods_export_and_green_smoothie_only_from_the_warehouse() -> None:
    """GOODS EXPORT: "from your warehouse"; GREEN SMOOTHIE: "Give 1-4 plants from your
    warehouse": 4 plants to 2 players is allowed, none without plants."""
    table = board(started(), "goods-export", "green-smoothie", "green-smoothie")
    table.play("deal ann left")
    table.refuse("goods-export ann water", IllegalMove, R_PARTICULAR)
    table.play("goods-export ann")  # up to 2: none is allowed
    assert table.p("ann").money == 10 and table.state.stack == ()
    table.set(dealt=False)
    table.play("deal ann middle")
    table.refuse("give ann ben", IllegalMove, R_PARTICULAR)
    table.set(dealt=False, stack=())
    table.give("ann", warehouse={"plant": 4})
    table.play("deal ann right", "give ann ben:3 cat")
    assert table.p("ann").money == 10 + 40 and table.state.bag["ann"] == 3 + 4
    assert (table.p("ben").warehouse, table.p("cat").warehouse) == ({"plant": 3}, {"plant": 1})


def test_unexpected_inheritance_at_a_real_table_builds_the_typed_a_card() -> None:
    table = board(physical(), "unexpected-inheritance")
    table.give("you", hand=())
    table.play("deal you left")
    table.refuse("build you tailor", IllegalMove, R_PARTICULAR)  # a B card
    table.play("build you workshop")
    you = table.p("you")
    assert you.buildings[-1].name == "WORKSHOP" and (you.money, you.vp) == (10, 1)
