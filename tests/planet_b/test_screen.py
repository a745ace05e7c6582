"""What ``status`` prints at the top (issue 21): the headline names the phase, who must act
and what is owed (the deal, the office's action, the open box), what follows the turn (an
election, the final turns); the prompt, who acts and the verbs open to them, or what the table
must declare or reveal."""

from __future__ import annotations

import ledger.games.planet_b as planet_b
from ledger.games.planet_b.model import Constructed
from tests.planet_b.table import Table, physical, started
from tests.planet_b.test_elections import DRAWS, called
from tests.planet_b.test_examples import board
from tests.planet_b.test_flow import fill_last


def screen(table: Table) -> tuple[str, str]:
    shown = planet_b.present(planet_b.view(table.state))
    return shown.headline, shown.prompt


def test_the_setup_headlines() -> None:
    """Game Components and Setup: the table declares what the rulebook does not print, then
    reveals the 3 A tiles and the news; Starting Buildings: the last player keeps one of as
    many A buildings as there are players."""
    assert screen(Table(("ann", "ben"), cards=False)) == (
        "Setup · waiting for the boards and cards the rulebook does not print",
        "table: declare side 2-3; declare board 1; declare board 2; declare production; "
        "declare headquarters; declare mood; declare swindle; declare track capitalist; "
        "declare track futurist; declare track traditionalist",
    )
    assert screen(Table(("ann", "ben"))) == (
        "Setup · the table reveals the conglomerate tiles and the news",
        "table: reveal tiles LEFT MIDDLE RIGHT; reveal news I CARD II CARD III CARD --removed TILE",
    )
    assert screen(Table(("ann", "ben"), seed=1)) == (
        "Starting buildings · A buildings · ben keeps one of 2",
        "ben: draft",
    )


def test_a_turn_names_the_deal_and_the_office_owed() -> None:
    """Your Turn: a deal every turn; Offices: the holder's action once every turn."""
    table = board(started(), "2money")
    assert screen(table) == ("ann's turn · deal to do", "ann: deal | sell | tile")
    table.give("ann", office="lama")
    assert screen(table) == (
        "ann's turn · deal to do · L.A.M.A.'s action owed",
        "ann: deal | office | sell | tile",
    )
    table.play("deal ann left")
    assert screen(table) == ("ann's turn · L.A.M.A.'s action owed", "ann: office | sell | tile")
    table.play("office ann")
    assert screen(table) == ("ann's turn", "ann: sell | tile | end")


def test_a_turn_names_the_open_box_on_top() -> None:
    """Costs and Action Boxes: the box's actions left; an "All Others" cost of choice asks each
    payer in a box of their own, the first in turn order on top."""
    table = board(started(), "marker 2money")
    table.play("deal ann left")
    assert screen(table) == (
        "ann's turn · ann: left TEST LEFT: marker 2money",
        "ann: marker | gain | sell | tile",
    )
    table = board(started(), "others:-2resource 2money")
    table.give("ben", warehouse={"plastic": 2, "water": 2})
    table.give("cat", warehouse={"plastic": 3, "water": 2})
    table.play("deal ann left")
    assert screen(table) == ("ann's turn · ben: left TEST LEFT (all others): -2resource", "ben: pay")


def test_after_the_turn_the_redraw_and_the_news_revealed() -> None:
    """Your Turn, A Summary: "After your turn, redraw to 3 building cards in hand and reveal a
    new news card if necessary"."""
    table = board(physical(), "2money")
    table.give("you", hand=table.p("you").hand[:2])
    table.play("deal you left", "end you")
    assert screen(table) == ("you ended the turn · redraw to 3 buildings", "you: redraw")
    table = board(physical(), "news")
    table.play("deal you left", "news you I", "end you")
    assert screen(table) == ("you ended the turn · the table reveals news", "table: reveal news I CARD")


def test_an_exchange_names_who_takes_the_resources_then_the_next_b_tile() -> None:
    """Exchanges: the trigger takes 2 resources of their choice; a tile removed is replaced by
    the next B tile, which a real table reveals."""
    table = board(physical(), "2money")
    table.tile("left", "TEST LEFT", "2money", red=True, then="remove")
    fill_last(table, red=True)
    table.play("deal you left", "end you")
    assert screen(table) == ("Exchange · you takes 2 resources", "you: exchange")
    table.play("exchange you meat:2")
    assert screen(table) == ("Exchange · the table reveals the next B tile", "table: reveal tile TILE")


def test_an_election_names_the_step_and_the_next_draw() -> None:
    """Elections: 1. Return Workies, each player with partly filled areas says which return;
    3. draws of 3 votes, 1 more for each "+1" tile, until the bag is empty (the rulebook's
    example: You 4 + 4, Blue 3 + 1, Red 3, Yellow 4)."""
    table = physical()
    for name in ("red", "blue"):
        table.give(name, buildings=(Constructed("TAILOR", (("crafty", "brainy"),)),))
    table.set(called=True, dealt=True)
    table.play("end you")
    assert screen(table) == (
        "Election · 1. Return Workies · blue says which partly filled areas return",
        "blue: recall",
    )
    table.play("recall blue")
    assert screen(table) == (
        "Election · 1. Return Workies · red says which partly filled areas return",
        "red: recall",
    )
    table = called(physical(), {"you": 4, "blue": 3, "yellow": 2, "red": 10})
    heads = [screen(table)]
    for line in DRAWS[:-1]:
        table.play(line)
        heads.append(screen(table))
    assert heads == [
        ("Election · 3. draws · you draws 4 · in all you 8, blue 4, red 3, yellow 4", "you: draw"),
        ("Election · 3. draws · blue draws 3 · in all blue 4, red 3, yellow 4, you 4", "blue: draw"),
        ("Election · 3. draws · red draws 3 · in all red 3, yellow 4, you 4, blue 1", "red: draw"),
        ("Election · 3. draws · yellow draws 4 · in all yellow 4, you 4, blue 1", "yellow: draw"),
        ("Election · 3. draws · you draws 4 · in all you 4, blue 1", "you: draw"),
        ("Election · 3. draws · blue draws 1", "blue: draw"),  # the last vote: nothing more in all
    ]


def test_the_table_draws_for_the_dummy() -> None:
    """Changes for 2 and 3 Players: the dummy draws last; the table draws its votes."""
    table = physical(("ann", "ben"))
    table.set(bag={"ann": 1, "ben": 1}, called=True, dealt=True)  # + the dummy's 9 at the election
    table.play("end ann")
    assert screen(table) == ("Election · 3. draws · ann draws 3 · in all ann 5, ben 3, dummy 3", "ann: draw")
    table.play("draw ann ann,ben,dummy", "draw ben dummy,dummy,dummy")
    assert screen(table) == ("Election · 3. draws · dummy draws 3 · in all dummy 3, ann 2", "table: draw")


def test_an_election_called_and_the_final_turns_follow_the_turn() -> None:
    """The Election Track: the marker on the last space calls an election after the turn;
    Game End: each player gets exactly 1 more turn once the last tile is added."""
    table = board(started(), "right")
    table.set(marker=7)  # test data: 8 spaces
    table.play("deal ann left")
    assert screen(table) == ("ann's turn · an election follows", "ann: sell | tile | end")
    table.set(final=3)
    assert screen(table) == (
        "ann's turn · an election follows · final turns: 3 left",
        "ann: sell | tile | end",
    )
    table = board(started(), "right")
    fill_last(table)
    table.set(marker=7)
    table.give("ann", hand=table.p("ann").hand[:2])
    table.play("deal ann left", "end ann")
    assert screen(table) == (
        "ann ended the turn · redraw to 3 buildings · an election follows",
        "ann: redraw",
    )
    table.play("redraw ann A")
    assert screen(table) == ("Exchange · ann takes 2 resources · an election follows", "ann: exchange")
    table = started()
    table.set(final=0)
    assert screen(table)[0] == "ann's turn · deal to do · final turns: 0 left"


def test_the_end_headlines() -> None:
    """Game End: the most victory points win; ties share the win."""
    table = started()
    table.set(phase="over")
    table.give("ann", vp=100)
    assert screen(table) == ("Game over · ann wins", "")
    table.give("ben", vp=100)
    assert screen(table) == ("Game over · ann and ben win", "")
