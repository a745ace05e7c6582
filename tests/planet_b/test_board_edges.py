"""The edges of the board: the election track's leftmost space, a work area named by
something that is no number, and a turn with no conglomerate tile left to deal with (Game
End: a tile removed in the final turns may have no B tile to replace it)."""

from __future__ import annotations

from ledger.errors import IllegalMove
from ledger.games.planet_b.model import Constructed, Space, TurnStarted
from ledger.games.planet_b.sections import R_DEAL, R_PLACE
from tests.planet_b.table import started
from tests.planet_b.test_examples import board


def test_moving_left_stops_on_the_leftmost_space() -> None:
    """The Election Track: "you may perform the "move left" action even if the disc is on the
    leftmost space — you don't move the disc" (space 1)."""
    table = board(started(), "2left")
    table.set(marker=2)
    table.play("deal ann left")
    assert table.state.marker == 1 and not table.state.called


def test_a_work_area_that_is_no_number_is_refused() -> None:
    table = board(started(), "2work")
    table.give("ann", buildings=(Constructed("BAKERY", ((), ())),))
    table.play("deal ann left")
    table.refuse("workie ann crafty@bakery.x", IllegalMove, R_PLACE)
    table.play("workie ann crafty@bakery.1")
    assert table.p("ann").buildings[0].placed == (("crafty",), ())


def test_with_no_conglomerate_tile_on_the_board_the_turn_ends_without_a_deal() -> None:
    """Your Turn: Make a Deal: a suitcase goes "next to a conglomerate tile"; with none on
    the board there is none to place, and the turn ends without it."""
    table = started()
    table.set(spaces=(Space(), Space(), Space()), final=3)
    events = table.play("end ann")
    assert TurnStarted("ben") in events


def test_a_craftie_symbol_takes_crafties_only_and_a_brainie_symbol_brainies_only() -> None:
    """Taking Workies: "If only a craftie or brainie symbol is shown ... you can only take
    workies": of that kind."""
    table = board(started(), "2crafty", "brainy")
    table.give("ann", crafties=2, brainies=2)
    table.play("deal ann left")
    assert (table.p("ann").crafties, table.p("ann").brainies) == (2 + 2, 2)
    table.set(dealt=False)
    table.play("deal ann middle")
    assert (table.p("ann").crafties, table.p("ann").brainies) == (2 + 2, 2 + 1)


def test_no_deal_on_a_space_without_a_tile() -> None:
    """Your Turn: Make a Deal: "choose the conglomerate tile with which you'd like to make a
    deal": a space whose tile was removed with none to replace it offers no deal."""
    table = board(started(), "2money", "2money", "2money")
    spaces = table.state.spaces
    table.set(spaces=(Space(), spaces[1], spaces[2]), final=3)
    table.refuse("deal ann left", IllegalMove, R_DEAL)
    table.play("deal ann middle")
    assert table.p("ann").money == 10 + 2
