"""Every worked example printed in the Planet B rulebook, as a test.

The tables are virtual games on the test data (``fixtures/planet-b-test-cards.toml``, not the
publisher's cards), set to the example's situation with ``give``, ``set`` and ``tile``, the
way a rulebook sets up its pictures. Expected values come from the rulebook's text.
"""

from __future__ import annotations

from msgspec.structs import replace

from ledger.errors import AmbiguousMove
from ledger.games.planet_b.faces import Board
from ledger.games.planet_b.model import Constructed, Drawn, NewsRevealed
from ledger.piles import Pile
from tests.planet_b.table import Table, started

FREE = "2money"  # a plain box for the tiles an example does not use


def board(table: Table, *boxes: str) -> Table:
    """Left, middle and right tiles showing ``boxes`` (grey), ann to play."""
    for space, box in zip(("left", "middle", "right"), (*boxes, FREE, FREE, FREE), strict=False):
        table.tile(space, f"TEST {space.upper()}", box)
    return table


def test_costs_first_then_the_actions_pay_5_billies_then_3_actions() -> None:
    """Costs and Action Boxes: "you must pay 5 billies and can then perform 3 different
    actions"."""
    table = board(started(), "-5money produce vote 2plastic")
    table.play("deal ann left")
    ann = table.p("ann")
    assert ann.money == 10 - 5
    assert [s.items[0].symbol for s in table.state.stack[-1].slots] == ["produce", "vote", "plastic"]
    table.play("produce ann upper")
    ann = table.p("ann")
    # board 1's upper line (test data): plastic, iridium, plant; the box's 2 plastic and 1 vote.
    assert ann.warehouse == {"iridium": 1, "plant": 1, "plastic": 3}
    assert table.state.bag["ann"] == 3 + 1 and table.state.stack == ()


def test_asteroid_mining_all_players_take_1_iridium() -> None:
    """Costs and Action Boxes: on "Asteroid Mining", "All" players take 1 iridium."""
    table = started()
    table.tile("left", "ASTEROID MINING", "all:iridium")
    table.play("deal ann left")
    assert {p.name: p.warehouse.get("iridium", 0) for p in table.state.players.values()} == dict.fromkeys(
        ("ann", "ben", "cat", "dan"), 1
    )


def test_a_diagonal_line_is_a_choice_and_a_line_between_symbols_a_mix() -> None:
    table = board(started(), "news/build", "2plastic+workie")
    table.give("ann", hand=("WORKSHOP",))
    table.play("deal ann left", "build ann workshop")
    assert table.state.stack == ()  # the news was the other choice: gone with it
    assert table.p("ann").buildings[-1].name == "WORKSHOP"
    table.set(dealt=False)
    table.play("deal ann middle", "gain ann plastic", "workie ann brainy")
    ann = table.p("ann")
    assert ann.warehouse == {"plastic": 1} and ann.brainies == 3 and table.state.stack == ()


def test_a_red_deal_costs_1_mood() -> None:
    """Your Turn: Make a Deal: "Whenever you make an 'illegal' deal, it will cost you 1 mood"."""
    table = started()
    table.tile("middle", "RED TEST", "-2money 3money", red=True)
    table.play("deal ann middle")
    assert table.p("ann").mood == -1 and table.p("ann").money == 10 - 2 + 3


def test_the_production_lines_and_a_production_tile() -> None:
    """Production: "You use the lower production line, and take 1 plastic, 1 iridium, and 1
    plant"; Production Tiles: pay 10 for a meat tile on that line: "1 plastic, 1 meat, and 1
    plant"."""
    table = board(started(), "produce", "produce")
    table.face(Board(number=1, upper=("water", "water", "chip"), lower=("plastic", "iridium", "plant")))
    table.play("deal ann left", "produce ann lower")
    assert table.p("ann").warehouse == {"iridium": 1, "plant": 1, "plastic": 1}
    table.give("ann", warehouse={})
    table.set(dealt=False)
    table.play("tile ann meat lower2")
    ann = table.p("ann")
    assert ann.money == 10 - 10 and ann.production[4] == ("meat",)
    assert sorted(table.state.players["ann"].production[4]) == ["meat"]
    table.play("deal ann middle", "produce ann lower")
    assert table.p("ann").warehouse == {"meat": 1, "plant": 1, "plastic": 1}


def test_a_production_tile_can_be_returned_without_refund() -> None:
    table = started()
    table.play("tile ann meat upper1", "tile ann meat upper1 --back")
    ann = table.p("ann")
    assert ann.money == 0 and ann.production[0] == ()
    assert table.state.players["ann"].production == ((),) * 6


def test_selling_two_resources_at_3_each() -> None:
    """Selling Resources: "You can currently sell two particular resources for 3 money each"
    (the test data's left market, grey: plastic 3, iridium 3)."""
    table = started()
    table.give("ann", warehouse={"plastic": 1, "iridium": 1})
    table.play("sell ann plastic iridium")
    assert table.p("ann").money == 10 + 3 + 3 and table.p("ann").warehouse == {}


def test_meat_always_sells_for_6() -> None:
    table = started()
    table.give("ann", warehouse={"meat": 2})
    table.play("sell ann meat:2")
    assert table.p("ann").money == 10 + 12


def test_take_2_crafties_and_1_brainy_then_place_1() -> None:
    """Workie Action: "You take 2 crafties and 1 brainy, then you place 1 on one of your
    buildings."""
    table = board(started(), "4work")
    table.give("ann", buildings=(Constructed("GARAGE", ((),)),))
    table.play("deal ann left", "workie ann crafty crafty brainy crafty@garage")
    ann = table.p("ann")
    assert (ann.crafties, ann.brainies) == (2 + 2 - 1, 2 + 1)
    assert ann.buildings[0].placed == (("crafty",),) and table.state.stack == ()


def test_the_tailors_fourth_workie_triggers_a_box_at_once() -> None:
    """Placing a Workie: "There are already 3 workies on the Tailor. You place another. You
    must immediately perform the actions in one of the two action boxes.\""""
    table = board(started(), "work")
    table.give("ann", buildings=(Constructed("TAILOR", (("crafty", "crafty", "brainy"),)),))
    table.play("deal ann left", "workie ann brainy@tailor")
    assert table.state.stack[-1].source == "TAILOR"  # the box is chosen before anything else
    table.play("box ann 1")  # test data: "2vote 5money"
    ann = table.p("ann")
    assert ann.money == 10 + 5 and table.state.bag["ann"] == 3 + 2
    assert ann.buildings[0].placed == (("crafty", "crafty", "brainy", "brainy"),)  # the workies stay


def test_pay_2_workies_as_1_crafty_and_1_brainy() -> None:
    """Paying Workies: "You must pay any 2 workies; you may choose to pay 1 craftie and 1
    brainy." """
    table = board(started(), "-2workie 3money")
    error = table.refuse("deal ann left", AmbiguousMove)
    assert "--pay crafty,crafty" in error.candidates
    table.play("deal ann left --pay crafty,brainy")
    ann = table.p("ann")
    assert (ann.crafties, ann.brainies, ann.money) == (1, 1, 13)


def test_capitalist_scoring_a_build_instead_of_20_money() -> None:
    """Faction Action, Scoring: on the last capitalist space, "you'd rather have a build action
    than 20 money, so you perform a build action"; then the disc goes back to the start."""
    table = board(started(), "capitalist-check", "capitalist-check")
    table.give("ann", factions={"capitalist": 6, "futurist": 0, "traditionalist": 0}, hand=("WORKSHOP",))
    table.play("deal ann left", "faction ann capitalist:6b", "build ann workshop")
    ann = table.p("ann")
    assert ann.factions["capitalist"] == 0 and ann.money == 10 - 4 and ann.buildings[-1].name == "WORKSHOP"
    table.set(dealt=False)
    table.give("ann", factions={"capitalist": 6, "futurist": 0, "traditionalist": 0})
    table.play("deal ann middle", "faction ann capitalist:6a")
    assert table.p("ann").money == 10 - 4 + 20


def test_a_pile_I_news_card_2_plastic_then_the_next_card_revealed() -> None:
    """News Card: "You choose this news card from the I pile ... You take 2 plastic ... At the
    end of your turn, you reveal the top card in the I pile for the next player."""
    table = board(started(), "news")
    table.set(news_up={**table.state.news_up, "I": "PLASTIC BAGS"})
    table.play("deal ann left", "news ann I")
    assert table.p("ann").warehouse == {"plastic": 2} and table.p("ann").news == ("PLASTIC BAGS",)
    assert table.state.news_up["I"] == ""  # no face-up card until the turn ends
    top = table.state.piles["I"].top()
    events = table.play("end ann")
    assert NewsRevealed("I", top or "") in events and table.state.news_up["I"] == top


def test_the_marker_moved_2_right_calls_an_election() -> None:
    """The Election Track: "You move the disc two spaces to the right. An election will
    happen after your turn." (test data: 8 spaces)."""
    table = board(started(), "2right")
    table.set(marker=6)
    table.play("deal ann left")
    assert table.state.marker == 8 and table.state.called
    table.play("end ann")
    assert table.state.elections == 1 and table.state.marker == 2  # back to its start


def test_moving_right_on_the_last_space_still_calls_an_election() -> None:
    table = board(started(), "right")
    table.set(marker=8)
    table.play("deal ann left")
    assert table.state.marker == 8 and table.state.called


def test_space_port_sells_1_meat_and_1_plant_for_30() -> None:
    """GOODS EXPORT: "You sell 1 meat for 6 money and 1 plant for 4 money. You take a total of
    30 money." (the test data's middle market, red: plant 4)."""
    table = board(started(), "news")
    table.set(news_up={**table.state.news_up, "I": "SPACE PORT"}, markets=(False, True, False))
    table.give("ann", warehouse={"meat": 1, "plant": 1})
    table.play("deal ann left", "news ann I", "goods-export ann meat plant")
    assert table.p("ann").money == 10 + 30 and table.p("ann").warehouse == {}


def test_the_mood_example_from_one_below_neutral_2_up_is_positive() -> None:
    """Mood: "You get 2 mood and move your marker up the track. You are now back in positive
    territory." (its start is not printed: one below neutral; the neutral space counts)."""
    table = board(started(), "2mood")
    table.give("ann", mood=-1)
    table.play("deal ann left")
    assert table.p("ann").mood == 1


def test_mood_past_the_top_gives_2_vp_a_step_past_the_bottom_costs_2() -> None:
    table = board(started(), "3mood", "-2mood")
    table.give("ann", mood=2)  # the test data's top is +3
    table.play("deal ann left")
    assert (table.p("ann").mood, table.p("ann").vp) == (3, 2 * 2)
    table.set(dealt=False)
    table.give("ann", mood=-3, vp=3)  # the bottom is -3
    table.play("deal ann middle")
    assert (table.p("ann").mood, table.p("ann").vp) == (-3, 0)  # 4 owed, 3 in the pocket


def test_the_coal_law_others_at_the_end_of_the_futurist_track_take_4_money() -> None:
    """Offices, President: "You decide for ceasing coal burning ... You can either move 1 step
    forward on the futurist track or score it ... All other players move 1 step forward on
    the futurist track. Even in this case, players already on the last space on the track
    take 4 money instead." (test data: COAL PHASE OUT, futurist track of 5 spaces)."""
    table = started()
    table.give("ann", office="president")
    table.give("ben", factions={"capitalist": 0, "futurist": 5, "traditionalist": 0})
    yellow = table.state.piles["yellow"]
    table.set(
        piles={**table.state.piles, "yellow": replace(yellow, known=("COAL PHASE OUT", *yellow.known[1:]))}
    )
    table.play("office ann", "law ann left", "faction ann futurist")
    players = table.state.players
    assert players["ann"].factions["futurist"] == 1 and players["ben"].money == 10 + 4
    assert players["cat"].factions["futurist"] == 1 and players["dan"].factions["futurist"] == 1
    assert table.state.piles["yellow"].under == ("COAL PHASE OUT",)  # to the bottom of its pile


def test_game_of_chance_10_money_and_2_vp_per_own_vote_drawn() -> None:
    table = board(started(), "game-of-chance")
    table.set(bag={"ann": 3})
    events = table.play("deal ann left")
    assert Drawn("ann", ("ann", "ann", "ann"), "supply") in events
    assert table.p("ann").money == 10 + 30 and table.p("ann").vp == 6 and table.state.supply["ann"] == 22 + 3


def test_a_virtual_pile_runs_out() -> None:
    table = started()
    table.set(piles={**table.state.piles, "A": Pile(), "B": Pile(), "C": Pile(known=("LIBRARY",))})
    table.give("ann", hand=())
    table.set(dealt=True)
    table.play("end ann", "redraw ann C")
    assert table.p("ann").hand == ("LIBRARY",) and table.state.active == "ben"
