"""A particular card's action is one action: a box printing it twice ("2smoothie", as the
effect language counts any symbol) is performed twice, each use taking one ("You must always
perform all actions as fully as you can"), and the action read is the one the move uses,
wherever it stands in the box. Expected values from Explanation of Particular Cards."""

from __future__ import annotations

from ledger.errors import IllegalMove
from ledger.games.planet_b.model import Constructed
from ledger.games.planet_b.sections import R_PARTICULAR
from tests.planet_b.table import Table, physical, started
from tests.planet_b.test_examples import board


def _left(table: Table) -> list[tuple[str, int]]:
    stack = table.state.stack
    return [(s.items[0].symbol, s.items[0].n) for s in stack[-1].slots] if stack else []


def test_invitation_to_bid_twice_discards_twice() -> None:
    """INVITATION TO BID: "Discard as many buildings from your hand (0 to 3), returning them
    to the bottoms of their respective piles"."""
    table = board(started(), "2invitation")
    table.give("ann", hand=("TAILOR", "WORKSHOP", "SKYHOOK"))
    table.play("deal ann left", "discard ann tailor")
    assert _left(table) == [("invitation", 1)] and table.p("ann").hand == ("WORKSHOP", "SKYHOOK")
    table.play("discard ann workshop")
    assert table.state.stack == () and table.p("ann").hand == ("SKYHOOK",)


def test_green_smoothie_twice_gives_twice() -> None:
    """GREEN SMOOTHIE: "For each plant you gave away, take 10 money and add 1 vote to the bag"."""
    table = board(started(), "2smoothie")
    table.give("ann", warehouse={"plant": 2})
    table.play("deal ann left", "give ann dan")
    assert _left(table) == [("smoothie", 1)] and table.p("ann").money == 10 + 10
    table.play("give ann ben")
    assert table.state.stack == () and table.p("ann").money == 10 + 2 * 10
    assert table.state.bag["ann"] == 3 + 2 and table.p("ben").warehouse == {"plant": 1}


def test_sports_bet_twice_at_a_real_table_draws_twice() -> None:
    """SPORTS BET: "Draw 3 votes from the bag. Take 15 money for each in your color. Give the
    3 drawn votes to the respective players, not back to the bag"."""
    table = board(physical(), "2bet")
    table.set(bag={"you": 3, "red": 3})
    table.play("deal you left", "draw you you,red,you")
    assert _left(table) == [("bet", 1)] and table.p("you").money == 10 + 2 * 15
    table.play("draw you red,red,you")
    assert table.state.stack == () and table.p("you").money == 10 + 3 * 15
    assert sum(table.state.bag.values()) == 0


def test_game_of_chance_after_another_action_of_its_box_is_still_game_of_chance() -> None:
    """GAME OF CHANCE: "Per vote in your color you get 10 money and 2 victory points" (not
    SPORTS BET's 15 money), drawn before the box's production, which stays to perform."""
    table = board(physical(), "produce chance")
    table.set(bag={"you": 3, "red": 2})
    table.play("deal you left", "draw you you,red,you")
    you = table.p("you")
    assert (you.money, you.vp) == (10 + 2 * 10, 2 * 2) and _left(table) == [("produce", 1)]


def test_goods_export_twice_sells_twice() -> None:
    """GOODS EXPORT: "Sell up to 2 resources of your choice from your warehouse. Take triple
    the current price for each" (test data, left market grey: plastic 3)."""
    table = board(started(), "2triple-sale")
    table.give("ann", warehouse={"plastic": 4})
    table.play("deal ann left", "goods-export ann plastic:2")
    assert _left(table) == [("triple-sale", 1)] and table.p("ann").money == 10 + 2 * 3 * 3
    table.play("goods-export ann plastic:2")
    assert table.state.stack == () and table.p("ann").money == 10 + 4 * 3 * 3


def test_renovations_twice_destroys_twice_and_after_another_action_still_gives_its_vp_back() -> None:
    """RENOVATIONS: "Destroy one of your constructed buildings ... You get back the victory
    points you paid for the building" (test data: TAILOR 5 VP, RESTAURANT 4)."""
    table = board(started(), "produce 2renovate")
    built = (Constructed("TAILOR", ((),)), Constructed("RESTAURANT", ((), ())))
    table.give("ann", buildings=built)
    table.play("deal ann left", "destroy ann tailor")
    assert _left(table) == [("produce", 1), ("renovate", 1)] and table.p("ann").vp == 5
    table.play("destroy ann restaurant")
    assert _left(table) == [("produce", 1)] and table.p("ann").vp == 5 + 4
    assert table.p("ann").buildings == ()


def test_vaccination_twice_returns_two_workies() -> None:
    """VACCINATION: "Return 1 previously-placed workie on one of your buildings to your
    supply"; twice, 2 of them."""
    table = board(started(), "2vaccinate")
    placed = (Constructed("RESTAURANT", (("crafty",), ("brainy",))),)
    table.give("ann", buildings=placed, crafties=2, brainies=2)
    table.play("deal ann left", "recall ann restaurant.1 crafty")
    assert _left(table) == [("vaccinate", 1)] and table.p("ann").crafties == 3
    table.play("recall ann restaurant.2 brainy")
    assert table.state.stack == () and table.p("ann").brainies == 3
    assert table.p("ann").buildings[0].placed == ((), ())
    table.set(dealt=False)
    table.give("ann", buildings=placed)
    table.play("deal ann left")
    table.refuse("recall ann restaurant.x brainy", IllegalMove, R_PARTICULAR)  # an area by its number


def test_illegal_build_twice_at_a_real_table_builds_twice() -> None:
    """ILLEGAL BUILD: "Draw the top card from the B pile ... You don't have to pay any cost
    but do take the victory points" (test data: TAILOR 5 VP, RESTAURANT 4)."""
    table = board(physical(), "2draw-build-b")
    table.give("you", hand=())
    table.play("deal you left", "build you tailor")
    assert _left(table) == [("draw-build-b", 1)] and table.p("you").vp == 5
    table.play("build you restaurant")
    assert table.state.stack == () and table.p("you").vp == 5 + 4 and table.p("you").money == 10


def test_a_law_symbol_twice_at_a_real_table_draws_two_laws() -> None:
    """The Symbol Summary: "Draw and play either a yellow or a blue law"; twice, two (ROAD
    TOLL right: 2 votes / 1 vote; HARVEST AID right: mood / 2 money)."""
    table = board(physical(), "2law")
    table.play("deal you left", "law you yellow road-toll", "law you right")
    assert _left(table) == [("law", 1)] and table.state.bag["you"] == 3 + 2
    table.play("law you yellow harvest-aid", "law you right")
    assert table.state.stack == () and table.p("you").mood == 1 and table.p("blue").money == 10 + 2


def test_solar_energy_twice_copies_twice() -> None:
    """SOLAR ENERGY: "Perform all of the actions in a single action box on one of your other
    constructed buildings" (test data: TAILOR box 1, 2 votes 5 money; RESTAURANT box 2, 8 money)."""
    table = board(started(), "2solar")
    table.give("ann", buildings=(Constructed("TAILOR", ((),)), Constructed("RESTAURANT", ((), ()))))
    table.play("deal ann left", "copy ann tailor 1")
    assert _left(table) == [("solar", 1)] and table.p("ann").money == 10 + 5
    table.play("copy ann restaurant 2")
    assert table.state.stack == () and table.p("ann").money == 10 + 5 + 8


def test_solar_energy_copying_vaccination_does_not_take_from_the_hospital_itself() -> None:
    """VACCINATION: "Return 1 previously-placed workie on one of your buildings to your
    supply (not from the hospital itself)": the HOSPITAL's box performed by SOLAR ENERGY is
    still the HOSPITAL's (test data: HOSPITAL box 1, vaccination)."""
    table = board(started(), "solar-energy")
    hospital = Constructed("HOSPITAL", (("crafty",), ()))
    table.give("ann", buildings=(hospital, Constructed("TAILOR", (("crafty",),))), crafties=2)
    table.play("deal ann left", "copy ann hospital 1")
    table.refuse("recall ann hospital.1 crafty", IllegalMove, R_PARTICULAR)
    table.play("recall ann tailor.1 crafty")
    assert table.p("ann").crafties == 3 and table.p("ann").buildings[0].placed == (("crafty",), ())


def test_cell_regeneration_twice_plays_two_news_cards_again() -> None:
    """CELL REGENERATION: "You must use one of your previously-played news cards again. Place
    it on top of your pile of news cards" (test data: PLASTIC BAGS, 2 plastic; BRIBE)."""
    table = board(started(), "2replay")
    table.give("ann", news=("PLASTIC BAGS", "BRIBE"))
    table.play("deal ann left", "replay ann plastic-bags")
    assert _left(table) == [("replay", 1)] and table.p("ann").news == ("BRIBE", "PLASTIC BAGS")
    table.play("replay ann bribe")
    assert table.state.stack == () and table.p("ann").news == ("PLASTIC BAGS", "BRIBE")
