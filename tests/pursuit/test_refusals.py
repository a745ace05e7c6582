"""The refusals the issue lists: each cites the section as the text titles it, says what is
wrong, and appends nothing (``Table.refuse`` checks the state did not change)."""

from __future__ import annotations

from ledger.errors import IllegalMove, NotYourTurn
from ledger.games.pursuit.model import Held
from ledger.games.pursuit.rules import core
from ledger.games.pursuit.sections import R_ENGAGE, R_FRIENDS, R_PETS, R_PILES, R_SCHOOL, R_STAND_ALONE
from tests.pursuit.table import Table, adult, lay_out, pass_round

BOARD = ("RENAISSANCE FAIR", "ORGANIZE A PARTY", "SAFETY SEMINAR", "BIG PROJECT AT WORK", "ROMANTIC GETAWAY")


def board() -> Table:
    table = adult(("ann", "ben", "cat"), community=BOARD)
    for name in ("ann", "ben", "cat"):
        table.give(name, knowledge=9, creativity=9, influence=9, money=9)
    return table


def test_engaging_twice_in_one_card() -> None:
    table = board()
    table.play("engage ann renaissance-fair --token", "pass ben", "pass cat")
    error = table.refuse("engage ann renaissance-fair", IllegalMove, R_ENGAGE)
    assert "each player can Engage only once in each Community card" in str(error)


def test_a_second_player_on_a_single_player_card() -> None:
    table = board()
    table.play("engage ann organize-a-party --token")
    error = table.refuse("engage ben organize-a-party --token", IllegalMove, R_ENGAGE)
    assert "only one player is allowed to Engage in it" in str(error)
    table.play(
        "engage ben renaissance-fair --token", "engage cat renaissance-fair --token"
    )  # Multiple Players


def test_more_hourglasses_than_the_popularity_score() -> None:
    table = board()
    # score 0: the token only
    error = table.refuse("engage ann safety-seminar --hourglass", IllegalMove, R_ENGAGE)
    assert "more Hourglass tokens than your current Popularity Score (0)" in str(error)
    table.give("ann", popularity=1)  # score 1 (a single-space 0 section: test setting)
    table.play("engage ann safety-seminar --hourglass", "pass ben", "pass cat")
    error = table.refuse("engage ann big-project-at-work --hourglass", IllegalMove, R_ENGAGE)
    assert "Popularity Score (1)" in str(error) and "used 1 this round" in str(error)
    table.play("engage ann renaissance-fair --token")  # the token is besides the hourglasses


def test_the_community_token_on_another_action() -> None:
    table = board()
    for line in ("action ann study --token", "start-project ann test-choir --token", "pass ann"):
        if line.startswith("pass"):
            continue
        error = table.refuse(line, IllegalMove, R_ENGAGE)
        assert "can only be used to perform the Engage in Community Card Action" in str(error)
    table.give("ann", cards=(Held("TEST CHOIR"),))
    table.refuse("advance ann test-choir --token", IllegalMove, R_ENGAGE)


def test_refresh_cards_on_the_community_board() -> None:
    table = board()
    error = table.refuse("refresh ann community", IllegalMove, R_ENGAGE)
    assert "cannot perform the Refresh Cards Free Action" in str(error)
    table.play("refresh ann projects")  # a row of the Game board: the free action is recorded
    assert table.state.active == "ann"  # a free action: still ann's turn


def test_make_a_career_choice_after_the_teen_round() -> None:
    table = board()
    error = table.refuse("career ann rugby-player", IllegalMove, R_SCHOOL)
    assert "only during the Action Phase of the Teen round" in str(error)


def test_a_card_action_on_a_pet_or_on_a_career_job() -> None:
    table = board()
    table.give("ann", cards=(Held("KOI"), Held("RUGBY PLAYER")))
    error = table.refuse("advance ann koi", IllegalMove, R_PETS)
    assert "cannot perform any Card Actions on Pet cards" in str(error)
    error = table.refuse("promote ann rugby-player", IllegalMove, R_SCHOOL)
    assert "cannot be advanced to a different Level by using a Card Action" in str(error)
    table.refuse("advance ann rugby-player", IllegalMove, R_SCHOOL)


def test_get_a_promotion_on_a_stand_alone_job() -> None:
    table = board()
    table.play("get-job ann graphic-designer", "pass ben", "pass cat")
    error = table.refuse("promote ann graphic-designer", IllegalMove, R_STAND_ALONE)
    assert "do not give you the option to Get a Promotion" in str(error)


def test_work_harder_a_third_time() -> None:
    table = board()
    error = table.refuse("get-job ann graphic-designer --harder 3", IllegalMove, R_STAND_ALONE)
    assert "up to 2 times" in str(error)
    table.play("get-job ann graphic-designer --harder 2", "pass ben", "pass cat", "pass ann")
    lay_out(table)
    assert table.state.phase == "upkeep"
    error = table.refuse("upkeep ann --harder graphic-designer:3", IllegalMove, R_STAND_ALONE)
    assert "up to 2 times" in str(error)


def test_dedicate_time_before_l3() -> None:
    table = board()
    table.give("ann", cards=(Held("KEVIN", 2),))
    error = table.refuse("dedicate ann kevin", IllegalMove, R_FRIENDS)
    assert "L3" in str(error)
    table.play("develop ann kevin", "pass ben", "pass cat", "dedicate ann kevin")


def test_a_move_out_of_turn() -> None:
    table = board()
    table.refuse("engage ben renaissance-fair --token", NotYourTurn, R_ENGAGE)
    pass_round(table)
    assert table.state.phase != "action"


def test_a_card_of_a_module_not_played_is_in_no_pile() -> None:
    # KS Promos 4: Pets is a module; in a game without it, no Pet card is in any pile, so
    # Spend cannot buy one (a Pet is its card: test data).
    table = adult(("ann", "ben"), options={"modules": "community"})
    table.give("ann", knowledge=9, creativity=9, influence=9, money=20)
    error = table.refuse("spend ann koi", IllegalMove, R_PILES)
    assert "KOI is not in this game (pets is not played)" in str(error)
    assert not [m for m in table.moves() if m.startswith("spend ann koi")]


def test_a_card_in_a_players_play_area_is_in_no_pile() -> None:
    # One card of each: a Job ann took is in her play area, not on the board for ben.
    table = board()
    table.play("get-job ann test-nurse")
    assert core.held(table.p("ann"), "TEST NURSE")
    error = table.refuse("get-job ben test-nurse", IllegalMove, R_PILES)
    assert "TEST NURSE is not in its pile any more (it is taken or discarded)" in str(error)
