"""Refusals: each names the rulebook section, says what would be legal, and appends nothing
(``Table.refuse`` checks the state is untouched)."""

from __future__ import annotations

from ledger.errors import BadInput, IllegalMove, NotYourTurn
from ledger.games.planet_b.effects import parse_box
from ledger.games.planet_b.model import Constructed
from ledger.games.planet_b.rules.costs import plan
from ledger.games.planet_b.sections import (
    R_BUILD,
    R_COSTS,
    R_DEAL,
    R_NEWS,
    R_OFFICES,
    R_PAY_STEPS,
    R_PAY_WORKIES,
    R_SCORING,
    R_SELL,
    R_SWINDLE,
    R_TAKE,
)
from tests.planet_b.table import started
from tests.planet_b.test_examples import board


def test_paying_what_one_lacks() -> None:
    table = board(started(), "-11money 20money", "-2plastic 9money")
    error = table.refuse("deal ann left", IllegalMove, R_COSTS)
    assert "deal to middle | right" in str(error) or "right" in (error.legal or "")
    error = table.refuse("deal ann middle", IllegalMove, R_COSTS)
    assert "right" in (error.legal or "")


def test_a_box_nobody_can_pay_still_takes_the_suitcase_without_its_actions() -> None:
    table = board(started(), "-11money 20money", "-11money 20money", "-11money 20money")
    table.play("deal ann left")
    assert table.state.spaces[0].suitcases == 1 and table.p("ann").money == 10 and not table.state.stack


def test_a_fifth_container_is_never_kept_it_is_sold_at_once() -> None:
    table = board(started(), "2plastic")
    table.give("ann", warehouse={"plastic": 3})
    table.play("deal ann left")
    ann = table.p("ann")
    assert ann.warehouse == {"plastic": 4} and ann.money == 10 + 3  # plastic sells for 3 (grey)


def test_a_ninth_crafty_is_never_kept_it_goes_back_at_once() -> None:
    table = board(started(), "2crafty")
    table.give("ann", crafties=7)
    table.play("deal ann left")
    assert table.p("ann").crafties == 8


def test_building_without_the_cost() -> None:
    table = board(started(), "build")
    table.give("ann", hand=("TAILOR",), money=15)
    table.play("deal ann left")
    error = table.refuse("build ann tailor", IllegalMove, R_BUILD)
    assert "15 money, not the 16" in str(error)
    table.play("build ann tailor --back")  # or under its pile for 5 money
    assert table.p("ann").money == 20 and table.state.piles["B"].under == ("TAILOR",)


def test_a_take_only_workie_cannot_be_placed() -> None:
    table = board(started(), "2crafty")
    table.give("ann", buildings=(Constructed("GARAGE", ((),)),))
    table.tile("left", "TAKE ONLY", "2crafty produce")
    table.play("deal ann left")
    table.refuse("workie ann crafty@garage", IllegalMove, R_TAKE)


def test_workies_on_buildings_do_not_pay() -> None:
    table = board(started(), "-3crafty 10money", "2money")
    table.give("ann", crafties=2, buildings=(Constructed("GARAGE", (("crafty", "crafty"),)),))
    error = table.refuse("deal ann left", IllegalMove, R_COSTS)
    assert "middle" in (error.legal or "")
    try:
        plan(table.state, "ann", parse_box("-3crafty").costs, ())
    except IllegalMove as refused:
        assert refused.rule == R_PAY_WORKIES and "workies on buildings do not pay" in str(refused)
    else:
        raise AssertionError("workies on a building paid a cost")


def test_selling_outside_ones_turn() -> None:
    table = started()
    table.give("ben", warehouse={"meat": 1})
    table.refuse("sell ben meat", NotYourTurn, R_SELL)


def test_a_second_office_action() -> None:
    table = started()
    table.give("ann", office="lama")
    table.play("office ann")
    assert table.p("ann").mood == 1  # L.A.M.A., not immoral: 1 positive mood step
    table.refuse("office ann", IllegalMove, R_OFFICES)


def test_end_is_refused_while_the_office_action_is_owed() -> None:
    table = board(started(), "2money")
    table.give("ann", office="dodo")
    table.play("deal ann left")
    error = table.refuse("end ann", IllegalMove, R_OFFICES)
    assert error.legal == "office ann"
    table.play("office ann", "end ann")
    assert table.state.active == "ben"


def test_paying_steps_from_the_start_space() -> None:
    table = board(started(), "-futurist 9money", "2money")
    error = table.refuse("deal ann left", IllegalMove, R_COSTS)
    assert "middle" in (error.legal or "")


def test_paying_steps_cites_its_rule_when_it_is_the_only_box() -> None:
    from ledger.games.planet_b.effects import parse_box
    from ledger.games.planet_b.rules.costs import plan

    table = started()
    try:
        plan(table.state, "ann", parse_box("-futurist").costs, ())
    except IllegalMove as error:
        assert error.rule == R_PAY_STEPS and "start space" in str(error)
    else:
        raise AssertionError("paying a step from the start space was allowed")


def test_scoring_without_a_checkmark() -> None:
    table = board(started(), "faction")
    table.give("ann", factions={"capitalist": 2, "futurist": 0, "traditionalist": 0})
    table.play("deal ann left")
    error = table.refuse("faction ann capitalist:1a", IllegalMove, R_SCORING)
    assert error.legal == "step instead: faction ann capitalist"


def test_scoring_a_box_right_of_the_disc() -> None:
    table = board(started(), "faction-check")
    table.give("ann", factions={"capitalist": 2, "futurist": 0, "traditionalist": 0})
    table.play("deal ann left")
    table.refuse("faction ann capitalist:3a", IllegalMove, R_SCORING)


def test_a_news_pile_taken_from_shows_no_card_until_the_turn_ends() -> None:
    table = board(started(), "2news")
    table.play("deal ann left", "news ann I")
    table.refuse("news ann I", IllegalMove, R_NEWS)


def test_no_second_deal_and_no_end_before_a_deal() -> None:
    table = started()
    table.refuse("end ann", IllegalMove, R_DEAL)
    table.play("deal ann left")
    while table.state.stack:
        table.apply(next(iter(table.game.legal(table.state))))
    table.refuse("deal ann right", IllegalMove, R_DEAL)


def test_skip_only_what_cannot_be_performed() -> None:
    table = board(started(), "swindle produce")
    table.give("ann", money=0)  # test data: the first swindle space costs 3 money
    table.play("deal ann left")
    table.play("produce ann upper")
    table.play("skip ann")
    assert table.state.stack == ()
    table2 = board(started(), "produce")
    table2.play("deal ann left")
    table2.refuse("skip ann", IllegalMove, R_COSTS)


def test_a_swindle_tile_left_over_or_a_full_board() -> None:
    table = board(started(), "swindle-free")
    table.give("ann", swindles=("+1", "+1"))
    table.play("deal ann left")
    table.refuse("swindle ann +1", IllegalMove, R_SWINDLE)
    table.play("swindle ann -1")
    assert table.p("ann").swindles == ("+1", "+1", "-1")


def test_unknown_words_are_bad_input() -> None:
    table = started()
    table.refuse("deal ann centre", BadInput)
    table.refuse("sell ann gold", BadInput)
    table.refuse("fly ann", BadInput)


def test_a_gain_no_larger_than_the_box_offers() -> None:
    table = board(started(), "3money/2plastic")
    table.play("deal ann left")
    table.refuse("gain ann 5money", IllegalMove, R_COSTS)
    table.refuse("gain ann 3plastic", IllegalMove, R_COSTS)
    table.play("gain ann plastic")  # the choice is made: plastic; the other one follows
    assert table.p("ann").warehouse == {"plastic": 2} and table.p("ann").money == 10
