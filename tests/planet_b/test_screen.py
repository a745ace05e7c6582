"""What ``status`` prints at the top (issue 21): the headline names the phase, who must act
and what is owed (the deal, the office's action, the open box), what follows the turn (an
election, the final turns); the prompt, who acts and the verbs open to them, or what the table
must declare or reveal."""

from __future__ import annotations

import ledger.games.planet_b as planet_b
from ledger.games.planet_b import data
from ledger.games.planet_b.model import Constructed, Space
from tests.planet_b.table import Table, physical, started
from tests.planet_b.test_elections import DRAWS, called
from tests.planet_b.test_examples import board
from tests.planet_b.test_flow import fill_last
from tests.planet_b.test_routine import real_table


def screen(table: Table) -> tuple[str, str]:
    shown = planet_b.present(planet_b.view(table.state))
    return shown.headline, shown.prompt


def test_the_setup_headlines() -> None:
    """Game Components and Setup: the table declares what the rulebook does not print, then
    reveals the 3 A tiles and the news; Starting Buildings: the last player keeps one of as
    many A buildings as there are players."""
    # Game Components: "1 faction track" (one piece, one command for its 3 tracks); the mood
    # track and swindle spaces are on each player board (Setting Up Your Player Board).
    assert screen(Table(("ann", "ben"), cards=False)) == (
        "Setup · waiting for the boards and cards the rulebook does not print",
        "table: declare side 2-3; declare board 1 with mood= neutral= swindle=; declare board 2; "
        "declare production; declare headquarters; declare faction-track",
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
    """Costs and Action Boxes: the box's actions left, in the rulebook's words ("Move the election
    marker ... either to the right or to the left"); an "All Others" cost of choice asks each
    payer in a box of their own, the first in turn order on top."""
    table = board(started(), "marker 2money")
    table.play("deal ann left")
    assert screen(table) == (
        "ann's turn · ann: left TEST LEFT: election marker left or right, 2 money",
        "ann: marker | gain | sell | tile",
    )
    table = board(started(), "others:-2resource 2money")
    table.give("ben", warehouse={"plastic": 2, "water": 2})
    table.give("cat", warehouse={"plastic": 3, "water": 2})
    table.play("deal ann left")
    assert screen(table) == (
        "ann's turn · ben: left TEST LEFT (all others): pay 2 resources of your choice",
        "ben: pay",
    )


def test_the_status_says_each_tiles_box_as_the_rulebook_does() -> None:
    """Costs and Action Boxes: "If the word "all" is printed above an action, then all players
    (including yourself) either take or must pay something"; the Headquarters' "Perform a
    production action": the board's boxes in those words (``box_words``), not the notation
    ``all:iridium produce``."""
    table = board(started(), "all:iridium produce", "-3money news")
    facts = dict(planet_b.present(planet_b.view(table.state)).facts)
    assert facts["left"].startswith(
        "TEST LEFT (grey, 0/4 suitcases, then flip): everyone: 1 iridium, a production action ·"
    )
    assert facts["middle"].startswith(
        "TEST MIDDLE (grey, 0/4 suitcases, then flip): pay 3 money, a news card ·"
    )


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


def test_the_board_and_the_players_at_a_real_table() -> None:
    """What ``status`` lists below the headline: the board (side, marker, each conglomerate
    space with its tile, suitcases and market, the B tiles, the face-up news, the piles, the
    bag, the dummy's votes), the open boxes, and per player the public counters, the pocket
    to its owner only (Victory Points), the top news card and whether it makes them immoral
    (Immoral News Cards), warehouse, production lines and swindle tiles, buildings in hand
    (names to their owner) and the workies on each work area of those constructed."""
    table = real_table()
    ann = table.p("ann")
    table.give(
        "ann",
        office="lama",
        news=("TOWN HALL", "BRIBE"),  # the top card decides: BRIBE, immoral
        mood=2,
        factions={"capitalist": 1, "futurist": 2, "traditionalist": 0},
        warehouse={"water": 2, "meat": 1},
        swindles=("+1",),
        production=(("water",), (), (), (), ("chip", "meat"), ()),  # the top tile produces
        buildings=(*ann.buildings, Constructed("TAILOR", (("crafty", "brainy"),))),
        vp=7,
        crafties=3,
    )
    table.give(
        "ben",
        office="president",
        news=("TOWN HALL",),
        mood=-1,
        swindles=("-1", "+1"),
        buildings=(*table.p("ben").buildings, Constructed("BAKERY", (("crafty",), ()))),
    )
    spaces = list(table.state.spaces)
    spaces[2] = Space()  # a tile removed and no B tile left to replace it
    table.set(
        dummy_office="vice-president",
        out={"ben": 2},
        spaces=tuple(spaces),
        news_up={**table.state.news_up, "II": ""},
    )
    table.play("deal ann left")
    shown = planet_b.present(planet_b.view(table.state, "ann"))
    assert shown.facts == [
        ("board", "side 2-3 · election marker 2 of 7"),
        (
            "left",
            "ORBITAL FARMS (grey, 1/3 suitcases, then flip): a production action, 2 money"
            " · market grey: iridium 3, plastic 3",
        ),
        (
            "middle",
            "ASTEROID MINING (red, 0/3 suitcases, then remove): pay 2 money, 2 iridium, a faction of your"
            " choice: a step or its score (checkmark), a news card · market red: plant 4, water 3",
        ),
        ("right", "empty · market grey: chip 4, hydrogen 3"),
        ("B tiles", "3 to come (DEEP MINE removed)"),
        ("news", "I TOWN HALL · II - · III SUMMIT"),
        ("piles", "buildings A 12, B 12, C 12 · news I 15, II 15, III 13 · laws yellow 10, blue 10"),
        ("bag", "6: 3 ann, 3 ben"),
        ("dummy", "votes: 25 supply, 0 bag, Vice-President"),
        ("open box", "ann: left ORBITAL FARMS: a production action, 2 money"),
    ]
    players, production, buildings = shown.tables
    assert players.title == "players (* start player; P, VP, LAMA, DODO: offices)"
    assert players.columns == [
        "player", "money", "VP", "mood", "cap", "fut", "trad", "crafty", "brainy", "votes s/b", "news",
    ]  # fmt: skip
    assert players.rows == [
        ["ann* (LAMA)", "10", "7", "+2", "1", "2", "0", "3", "2", "22/3", "BRIBE (immoral)"],
        ["ben (P)", "10", "?", "-1", "0", "0", "0", "2", "2", "22/3 (2 out)", "TOWN HALL"],
    ]
    assert production.title == "warehouse and production"
    assert production.columns == ["player", "warehouse", "upper", "lower", "swindle"]
    assert production.rows == [
        ["ann", "2 water, 1 meat", "water, iridium, plant", "water, meat, chip", "+1"],
        ["ben", "none", "iridium, water, hydrogen", "plastic, plant, meat", "-1 +1"],
    ]
    assert buildings.title == "buildings (workies on each work area)"
    assert buildings.columns == ["player", "in hand", "constructed"]
    assert buildings.rows == [
        ["ann", "3: BAKERY, LIBRARY, TAILOR", "HEADQUARTERS [0/2]; TAILOR [2/4]"],
        ["ben", "3", "HEADQUARTERS [0/2]; BAKERY [1/1 0/1]"],
    ]
    assert planet_b.present(planet_b.view(table.state)).tables[0].rows[0][2] == "?"  # nobody's view


def test_the_packet_is_shown_to_the_player_who_holds_it() -> None:
    """Starting Buildings: the last player chooses 1 of as many A buildings as there are
    players (virtual piles: the referee deals them)."""
    table = Table(("ann", "ben", "cat"), seed=2)
    packet = [
        text for what, text in planet_b.present(planet_b.view(table.state, "cat")).facts if what == "packet"
    ]
    assert packet == ["LAUNDRY, SMOOTHIE PLANT, WORKSHOP"]
    assert not [
        what for what, _ in planet_b.present(planet_b.view(table.state, "ann")).facts if what == "packet"
    ]


def election_facts(table: Table) -> list[tuple[str, str]]:
    shown = planet_b.present(planet_b.view(table.state))
    return [(what, text) for what, text in shown.facts if what in ("bag", "election", "in front")]


def test_an_election_lists_the_votes_in_front_of_each_player() -> None:
    """3. Carry Out the Election: each "+1" tile puts a vote from the supply in front of its
    owner, or is just added to the total when the supply is empty; the votes drawn are placed
    in front of the drawer."""
    table = physical()
    table.set(
        bag={"blue": 2, "red": 1, "yellow": 3},
        supply={"you": 1, "blue": 23, "red": 24, "yellow": 22},
        out={"you": 24},
        called=True,
        dealt=True,
    )
    table.give("you", swindles=("+1", "+1"))
    table.give("yellow", swindles=("+1",))
    table.play("end you")
    assert election_facts(table) == [
        ("bag", "6: 2 blue, 1 red, 3 yellow"),
        ("election", "triggered by you · drawing order you, blue, red, yellow"),
        ("in front", "you: 1 you; yellow: 1 yellow · +1 counted: 1 you"),
    ]
    table.play("draw you blue,red,blue,yellow,yellow")
    assert election_facts(table) == [
        ("bag", "1: 1 yellow"),
        ("election", "triggered by you · drawing order you, blue, red, yellow"),
        ("in front", "you: 2 blue, 1 red, 2 yellow, 1 you; yellow: 1 yellow · +1 counted: 1 you"),
    ]
    table = physical(("ann", "ben"))
    table.set(bag={"ann": 1, "ben": 1}, called=True, dealt=True)
    table.play("end ann")
    assert election_facts(table) == [
        ("bag", "11: 1 ann, 1 ben, 9 dummy"),
        ("election", "triggered by ann · drawing order ann, ben, dummy"),
        ("in front", "none"),
    ]
    table.set(bag={})
    assert election_facts(table)[0] == ("bag", "0: none")


def test_the_offices_held_mark_their_holders() -> None:
    """Offices: President, Vice-President, L.A.M.A., D.O.D.O. (4 players); the start player
    is starred."""
    table = physical()
    for name, office in zip(("you", "blue", "red", "yellow"), data.OFFICES, strict=True):
        table.give(name, office=office)
    shown = planet_b.present(planet_b.view(table.state))
    assert [row[0] for row in shown.tables[0].rows] == [
        "you* (P)",
        "blue (VP)",
        "red (LAMA)",
        "yellow (DODO)",
    ]
    table.give("yellow", office="")
    assert planet_b.present(planet_b.view(table.state)).tables[0].rows[3][0] == "yellow"


def test_what_shows_when_there_is_nothing() -> None:
    """Before the boards are declared a player has no production lines; with 4 players no B
    tile is removed and there is no dummy; a tile's side may have an empty box; RENOVATIONS
    can destroy even the Headquarters; a box whose last action filled a work area waits,
    done, under the building's box (Placing a Workie)."""
    shown = planet_b.present(planet_b.view(Table(("ann", "ben"), cards=False).state))
    assert shown.facts == []
    assert shown.tables[0].rows[0] == ["ann*", "10", "?", "+0", "0", "0", "0", "2", "2", "22/3", "-"]
    assert shown.tables[1].rows[0] == ["ann", "none", "", "", "-"]
    assert shown.tables[2].rows[0] == ["ann", "0", "HEADQUARTERS [0/2]"]
    table = board(started(), "work")
    table.tile("right", "TEST EMPTY", "")
    table.give("ann", buildings=(Constructed("TAILOR", (("crafty", "crafty", "brainy"),)),))
    table.give("ben", buildings=())
    table.play("deal ann left", "workie ann brainy@tailor")
    shown = planet_b.present(planet_b.view(table.state))
    facts = dict(shown.facts)
    assert (
        facts["right"]
        == "TEST EMPTY (grey, 0/4 suitcases, then flip): nothing · market grey: chip 4, hydrogen 3"
    )
    assert facts["B tiles"] == "4 to come"
    assert "dummy" not in dict(shown.facts)
    assert [text for what, text in shown.facts if what == "open box"] == [
        "ann: left TEST LEFT: done",
        "ann: TAILOR: box1/box2",
    ]
    assert shown.tables[2].rows[1] == ["ben", "3", "-"]
    table = real_table()
    assert dict(planet_b.present(planet_b.view(table.state)).facts)["dummy"] == "votes: 25 supply, 0 bag"


def test_an_open_box_says_whether_an_action_can_be_left_out() -> None:
    """Costs and Action Boxes: an action that cannot be performed is left out (``skip``):
    a production tile costs 10 money (Production Tiles)."""
    for money, skippable in ((9, True), (10, False)):
        table = board(started(), "tile")
        table.give("ann", money=money)
        table.play("deal ann left")
        (frame,) = planet_b.view(table.state).stack
        assert (frame.owner, frame.source, frame.left) == ("ann", "left TEST LEFT", ["tile"])
        assert frame.skippable is skippable
        assert ("skip" in planet_b.view(table.state).verbs) is skippable
