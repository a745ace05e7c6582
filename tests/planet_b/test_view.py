"""The typed view ``status --json`` prints (issue 21): what each player and the table show,
hidden to everyone but its owner the VP pocket and the buildings in hand (a count), the
packet to the player holding it; the phase's own parts (draft, exchange, election, the end);
with virtual piles only the faces in play."""

from __future__ import annotations

import msgspec

import ledger.games.planet_b as planet_b
from ledger.games.planet_b.faces import cards_missing
from ledger.games.planet_b.model import Constructed, Frame
from ledger.games.planet_b.view import BuildingView, DraftView, ElectionView, Votes
from tests.planet_b.table import Table, physical, started
from tests.planet_b.test_elections import called
from tests.planet_b.test_examples import board
from tests.planet_b.test_flow import fill_last
from tests.planet_b.test_routine import real_table


def rich() -> Table:
    table = real_table()
    table.give(
        "ann",
        production=(("water",), (), (), (), (), ()),
        buildings=(*table.p("ann").buildings, Constructed("TAILOR", (("crafty", "brainy"),))),
        office="lama",
        news=("BRIBE",),
        vp=4,
    )
    return table


def test_a_players_view() -> None:
    """Player board: production lines, the tiles bought (10 a player, Production Tiles), the
    buildings constructed with their work areas and boxes; immoral by the top news card."""
    view = planet_b.view(rich().state, "ann")
    ann, ben = view.players["ann"], view.players["ben"]
    assert (ann.name, ann.board, ann.money, ann.vp, ann.mood, ann.crafties, ann.brainies) == (
        "ann",
        1,
        10,
        4,
        0,
        2,
        2,
    )
    assert ann.factions == {"capitalist": 0, "futurist": 0, "traditionalist": 0}
    assert ann.lines == {"upper": ["water", "iridium", "plant"], "lower": ["water", "meat", "chip"]}
    assert ann.tiles == [["water"], [], [], [], [], []]
    assert ann.tiles_left == [
        "chip",
        "chip",
        "hydrogen",
        "hydrogen",
        "iridium",
        "meat",
        "meat",
        "plant",
        "plastic",
    ]
    assert (ann.hand, ann.in_hand) == (3, ["BAKERY", "LIBRARY", "TAILOR"])
    hq = BuildingView(
        name="HEADQUARTERS",
        areas=[["crafty", "brainy"]],
        placed=[[]],
        boxes=["swindle 2money", "produce vote"],
    )
    tailor = BuildingView(
        name="TAILOR",
        areas=[["crafty", "crafty", "brainy", "brainy"]],
        placed=[["crafty", "brainy"]],
        boxes=["2vote 5money", "news"],
    )
    assert ann.buildings == [hq, tailor]
    assert (ann.news, ann.immoral, ann.office, ann.swindles, ann.warehouse) == (
        ["BRIBE"],
        True,
        "lama",
        [],
        {},
    )
    assert ann.votes == Votes(supply=22, bag=3, out=0)
    assert (ben.vp, ben.hand, ben.in_hand, ben.immoral, ben.office) == (None, 3, None, False, None)
    assert planet_b.view(rich().state, "ben").players["ann"].vp is None


def test_the_tables_view() -> None:
    view = planet_b.view(rich().state, "ann")
    assert (view.virtual, view.phase, view.round, view.side, view.seats) == (
        False,
        "turn",
        1,
        "2-3",
        ["ann", "ben"],
    )
    assert (view.active, view.to_act, view.verbs, view.awaited) == (
        "ann",
        ["ann"],
        ["deal", "office", "sell", "tile"],
        [],
    )
    assert (view.dealt, view.office_owed, view.marker, view.track, view.called) == (
        False,
        "lama",
        2,
        7,
        False,
    )
    assert (view.tiles_left, view.removed, view.elections, view.final, view.winners) == (
        3,
        "DEEP MINE",
        0,
        None,
        [],
    )
    assert view.news_up == {"I": "TOWN HALL", "II": "BRIBE", "III": "SUMMIT"}
    assert view.piles == {"A": 12, "B": 12, "C": 12, "I": 15, "II": 15, "III": 13, "yellow": 10, "blue": 10}
    assert (view.bag, view.dummy, view.dummy_office) == (
        {"ann": 3, "ben": 3},
        Votes(supply=25, bag=0, out=0),
        None,
    )
    assert (view.draft, view.exchange, view.exchange_resources, view.election, view.seed) == (
        None,
        None,
        0,
        None,
        None,
    )
    assert view.options == {
        "mood-votes": "out",
        "others-choice": "ask",
        "minus-tile": "none",
        "renovations": "vp",
    }
    middle = view.spaces[1]
    assert (middle.name, middle.tile, middle.side, middle.box, middle.then) == (
        "middle", "ASTEROID MINING", "red", "-2money 2iridium faction-check news", "remove",
    )  # fmt: skip
    assert (middle.suitcases, middle.room, middle.market, middle.prices) == (
        0,
        3,
        "red",
        {"plant": 4, "water": 3},
    )
    left = view.spaces[0]
    assert (left.side, left.then, left.market, left.prices) == (
        "grey",
        "flip",
        "grey",
        {"iridium": 3, "plastic": 3},
    )
    assert planet_b.view(physical().state).dummy is None


def test_the_draft_view_shows_the_packet_to_its_holder() -> None:
    """Starting Buildings: the last player chooses first, then passes to the right."""
    table = Table(("ann", "ben", "cat"), seed=2)
    shown = DraftView(pile="A", order=["cat", "ben", "ann"], picker="cat", size=3,
                      packet=["LAUNDRY", "SMOOTHIE PLANT", "WORKSHOP"])  # fmt: skip
    assert planet_b.view(table.state, "cat").draft == shown
    assert planet_b.view(table.state, "ann").draft == DraftView(
        pile="A", order=["cat", "ben", "ann"], picker="cat", size=3, packet=None
    )
    assert (planet_b.view(table.state).active, planet_b.view(table.state).virtual) == (None, True)


def test_the_exchange_and_election_views() -> None:
    """Exchanges: 5 resources when immoral; Elections: the drawing order from the trigger."""
    table = board(physical(), "2money")
    table.tile("left", "TEST LEFT", "2money", red=True, then="remove")
    fill_last(table, red=True)
    table.give("you", news=("BRIBE",))
    table.play("deal you left", "end you")
    view = planet_b.view(table.state)
    assert (view.phase, view.active, view.exchange, view.exchange_resources, view.verbs) == (
        "exchange", "you", "you", 5, ["exchange"],
    )  # fmt: skip
    table.play("exchange you meat:5")
    view = planet_b.view(table.state)
    assert (view.exchange, view.verbs, view.awaited, view.to_act) == (
        "you",
        ["reveal"],
        ["reveal tile TILE"],
        ["table"],
    )
    table = called(physical(), {"you": 4, "blue": 3, "yellow": 2, "red": 10})
    view = planet_b.view(table.state)
    assert view.election == ElectionView(
        trigger="you", step="draw", recall=[], order=["you", "blue", "red", "yellow"], drawer="you", draw=4,
        left={"you": 8, "blue": 4, "red": 3, "yellow": 4}, front={"you": {"you": 1}, "yellow": {"yellow": 1}},
        phantom={},
    )  # fmt: skip
    assert (view.phase, view.active, view.verbs) == ("election", "you", ["draw"])


def test_the_end_shows_every_pocket_and_hand() -> None:
    """Game End: the pockets are counted (and the seed, never sealed here, is shown)."""
    table = started()
    table.set(phase="over", final=0)
    table.give("ann", vp=100)
    view = planet_b.view(table.state)
    assert (view.winners, view.seed, view.final, view.active) == (["ann"], 1, 0, None)
    assert (view.players["ben"].vp, view.players["ben"].in_hand) == (
        0,
        ["CLINIC", "LAUNDRY", "STOCK EXCHANGE"],
    )


def test_virtual_piles_show_only_the_faces_in_play() -> None:
    """Hidden: virtual pile orders and what a pile still hides; the viewer's own hand shown."""
    table = started()
    faces = planet_b.view(table.state, "ann").faces
    assert sorted(faces.buildings) == ["BANK", "UNIVERSITY", "WORKSHOP"]  # ann's hand
    assert sorted(faces.news) == ["FAKE NEWS", "LAND GRAB", "SOLAR ROOFS"]  # face up
    assert (sorted(faces.laws), sorted(faces.tiles)) == (
        [],
        ["ASTEROID MINING", "MEDIA HOUSE", "ORBITAL FARMS"],
    )
    assert sorted(planet_b.view(table.state).faces.buildings) == []
    assert len(physical().state.faces.buildings) == len(planet_b.view(physical().state).faces.buildings)


def test_the_verbs_open_in_each_phase() -> None:
    """What ``status --json`` lists as open: the table declares, then reveals; after a turn
    the table reveals the news; a faction step in a box is typed with ``faction``; in step 1
    of an election nobody draws yet."""
    assert planet_b.view(Table(("ann", "ben"), cards=False).state).verbs == ["declare"]
    assert planet_b.view(Table(("ann", "ben")).state).verbs == ["reveal"]
    table = board(physical(), "news")
    table.play("deal you left", "news you I", "end you")
    assert planet_b.view(table.state).verbs == ["reveal"]
    table = board(started(), "faction 2money")
    table.play("deal ann left")
    assert planet_b.view(table.state).verbs == ["faction", "gain", "sell", "tile"]
    table = physical()
    table.give("red", buildings=(Constructed("TAILOR", (("crafty", "brainy"),)),))
    table.set(called=True, dealt=True)
    table.play("end you")
    election = planet_b.view(table.state).election
    assert election is not None and (election.step, election.recall, election.drawer, election.draw) == (
        "recall", ["red"], None, 0,
    )  # fmt: skip


def test_votes_nowhere_count_0() -> None:
    """A colour with no vote in the supply, the bag or out of play shows 0 there."""
    table = physical()
    table.set(supply={"blue": 2}, bag={"red": 3}, out={"yellow": 1})
    players = planet_b.view(table.state).players
    assert [players[name].votes for name in ("you", "blue", "red", "yellow")] == [
        Votes(supply=0, bag=0, out=0),
        Votes(supply=2, bag=0, out=0),
        Votes(supply=0, bag=3, out=0),
        Votes(supply=0, bag=0, out=1),
    ]


def test_the_news_played_and_the_laws_in_play_are_faces_in_view() -> None:
    """With virtual piles: a played news card, a law under its pile and the law being decided
    are in play; the laws still in their piles are not."""
    table = started()
    table.give("ben", news=("BRIBE",))
    laws = table.state.piles["yellow"]
    table.set(piles={**table.state.piles, "yellow": msgspec.structs.replace(laws, under=("COAL PHASE OUT",))})
    faces = planet_b.view(table.state).faces
    assert sorted(faces.news) == ["BRIBE", "FAKE NEWS", "LAND GRAB", "SOLAR ROOFS"]
    assert sorted(faces.laws) == ["COAL PHASE OUT"]
    law = next(name for name, face in table.state.faces.laws.items() if face.colour == "blue")
    table.set(stack=(Frame("ann", "law", (), card=law, then="law"),))
    assert sorted(planet_b.view(table.state).faces.laws) == sorted(["COAL PHASE OUT", law])


def test_a_building_put_under_its_pile_is_a_face_in_view() -> None:
    """Your Turn: a building not built goes "to the bottom of the corresponding pile", face
    known: in play, unlike the buildings still in the pile."""
    table = started()
    pile = table.state.piles["B"]
    under = sorted(name for name, face in table.state.faces.buildings.items() if face.pile == "B")[0]
    before = set(planet_b.view(table.state).faces.buildings)
    table.set(piles={**table.state.piles, "B": msgspec.structs.replace(pile, under=(under,))})
    assert set(planet_b.view(table.state).faces.buildings) - before == {under}


def test_a_virtual_table_waits_for_every_card_face() -> None:
    """Game Components: 3 A and 4 B tiles, 14 buildings of each pile, 16 I, 16 II and 14 III
    news, 10 yellow and 10 blue laws; virtual piles need every face."""
    full = started().state.faces
    some = msgspec.structs.replace(
        full,
        tiles=dict(list(full.tiles.items())[:2]),  # 2 A tiles
        buildings=dict(list(full.buildings.items())[:3]),  # 3 A buildings
        news={k: v for k, v in full.news.items() if v.pile != "II" or k == "BRIBE"},
        laws=dict(list(full.laws.items())[:19]),  # 9 blue
    )
    assert cards_missing(some) == [
        "1 A tiles", "4 B tiles", "11 A buildings", "14 B buildings", "14 C buildings",
        "15 II news", "1 blue laws",
    ]  # fmt: skip
    assert cards_missing(full) == []


def test_a_players_production_lines_show_once_their_board_is_declared() -> None:
    table = Table(("ann", "ben"), cards=False)
    table.play("declare board 1 upper=plastic,iridium,plant lower=water,meat,chip")
    players = planet_b.view(table.state).players
    assert players["ann"].lines == {
        "upper": ["plastic", "iridium", "plant"],
        "lower": ["water", "meat", "chip"],
    }
    assert players["ben"].lines == {}
