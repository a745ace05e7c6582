"""A card's face typed in the move that brings it out (issue 41): "The same data typed at the
CLI stays possible, in one command per card, with the face in the reveal or draft that brings
the card out ..., never a separate `declare` first." At a real table's first Planet B game:
``reveal tiles TILE grey=... red=...`` (one A tile at a time, from the left: Setup, "3 A tiles
... the middle one red side up"), ``reveal removed TILE ...`` (2 players), ``reveal news PILE
CARD box=... immoral=...``, ``draft PLAYER BUILDING cost=...``. The move fills what it knows
(the A or B set, the pile); several cards with a face are refused, naming them.

The boards and faces are the invented test decks (fixtures/planet-b-test-cards.toml): the
rulebook prints none of them.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable

import pytest

import ledger.games.planet_b as planet_b
from ledger import library
from ledger.games.planet_b.faces import Board, Headquarters, Mood, Production, Side, Swindle, Track
from tests.conftest import Result
from tests.planet_b.table import CARDS

Cli = Callable[..., Result]
TILES = {
    "orbital-farms": "grey=produce,2money red=-plastic,2workie,right,3money grey_then=flip red_then=remove",
    "asteroid-mining": "grey=all:iridium,produce,work red=-2money,2iridium,faction-check,news"
    " grey_then=flip red_then=remove",
    "media-house": "grey=news/build,vote red=-3money,news,right grey_then=flip red_then=remove",
}
DEEP_MINE = "grey=faction,vote,left red=-2money,build,produce grey_then=flip red_then=remove"
NEWS = {"I": "plastic-bags box=2plastic immoral=no", "II": "bribe box=-3money,3vote immoral=yes"}
BAKERY = "cost=5 vp=1 area=crafty area=crafty box=2plant box=3money"


def ok(cli: Cli, line: str) -> Result:
    result = cli(*shlex.split(line))
    assert result.code == 0, f"{line}: {result.err}"
    return result


def refused(cli: Cli, line: str) -> str:
    before = cli("log", "--json").out
    result = cli(*shlex.split(line))
    assert result.code != 0 and "Traceback" not in result.err, line
    assert cli("log", "--json").out == before, f"{line} appended something"
    return result.err


def view(cli: Cli) -> dict[str, object]:
    return dict(json.loads(cli("status", "--json").out)["view"])


@pytest.fixture
def boards(cli: Cli) -> Cli:
    """A 2-player first game with the boards declared (no move brings a board out)."""
    ok(cli, "new planet-b --players ann,ben")
    setup = library.scratch(planet_b)
    kinds = (Side, Board, Production, Headquarters, Mood, Swindle, Track)
    for command in planet_b.load_cards(setup, CARDS):
        if isinstance(command.face, kinds):
            ok(cli, f"planet-b {planet_b.text(command)}")
    return cli


def test_the_a_tiles_come_out_one_at_a_time_each_with_its_face(boards: Cli) -> None:
    cli = boards
    hint = refused(cli, "planet-b reveal tiles orbital-farms")
    assert "(reveal tiles orbital-farms grey=BOX red=BOX grey_then=flip|remove red_then=remove|flip;" in hint
    assert "set=" not in hint  # the move says the A set itself
    names = list(TILES)
    out = ok(cli, f"planet-b reveal tiles {names[0]} {TILES[names[0]]}").out
    assert out.count("recorded #") == 1 and "tile ORBITAL FARMS declared" in out
    assert "reveal tiles MIDDLE RIGHT" in cli("status").out  # the spaces still empty, in order
    ok(cli, f"planet-b reveal tiles {names[1]} {TILES[names[1]]}")
    ok(cli, f"planet-b reveal tiles {names[2]} {TILES[names[2]]}")
    spaces = view(cli)["spaces"]
    assert isinstance(spaces, list)
    # Setup: the tiles left to right, the middle one red side up
    assert [(s["tile"], s["side"]) for s in spaces] == [
        ("ORBITAL FARMS", "grey"),
        ("ASTEROID MINING", "red"),
        ("MEDIA HOUSE", "grey"),
    ]
    assert "on the board already" in refused(cli, "planet-b reveal tiles orbital-farms")


def test_a_face_belongs_to_one_card(boards: Cli) -> None:
    cli = boards
    err = refused(cli, f"planet-b reveal tiles orbital-farms media-house {TILES['media-house']}")
    assert "a face belongs to one card" in err and "orbital-farms, media-house" in err
    err = refused(cli, f"planet-b reveal news I {NEWS['I']} --removed deep-mine")
    assert "a face belongs to one card" in err and "PLASTIC BAGS, DEEP MINE" in err


def test_a_tile_revealed_as_a_b_tile_at_setup_is_refused(boards: Cli) -> None:
    # Setup: "3 A tiles"; a face typed set=B in that reveal is refused, nothing declared
    err = refused(boards, f"planet-b reveal tiles orbital-farms {TILES['orbital-farms']} set=B")
    assert "B tile, not A" in err


def test_a_first_game_news_and_draft_take_their_faces(boards: Cli) -> None:
    cli = boards
    for name, face in TILES.items():
        ok(cli, f"planet-b reveal tiles {name} {face}")
    ok(cli, f"planet-b reveal removed deep-mine {DEEP_MINE}")  # 2 players: a B tile removed
    for pile, card in NEWS.items():
        ok(cli, f"planet-b reveal news {pile} {card}")
    hint = refused(cli, "planet-b reveal news III summit")
    assert "reveal news III summit box=BOX immoral=yes|no" in hint
    ok(cli, "planet-b reveal news III summit box=law immoral=no")
    news = view(cli)["news_up"]
    assert news == {"I": "PLASTIC BAGS", "II": "BRIBE", "III": "SUMMIT"}, news
    # Starting Buildings: with 2 players the A packet goes to the second player first
    hint = refused(cli, "planet-b draft ben bakery")
    assert "draft ben bakery cost=N vp=N" in hint and "pile=" not in hint
    out = ok(cli, f"planet-b draft ben bakery {BAKERY}").out
    assert out.count("recorded #") == 1 and "building BAKERY declared" in out
    faces = view(cli)["faces"]
    assert isinstance(faces, dict) and faces["buildings"]["BAKERY"]["pile"] == "A"  # the packet's pile


def test_the_face_in_a_move_reads_back_as_typed() -> None:
    start = planet_b.initial(library.scratch(planet_b))
    for line in (
        f"reveal tiles orbital-farms set=A {TILES['orbital-farms']}",
        "reveal news I plastic-bags pile=I box=2plastic immoral=no",
        f"reveal removed deep-mine set=B {DEEP_MINE}",
    ):
        command = planet_b.parse(start, line.split())
        assert planet_b.text(command) == line
        assert planet_b.parse(start, planet_b.text(command).split()) == command
    typed = planet_b.parse(start, f"reveal tiles orbital-farms {TILES['orbital-farms']}".split())
    assert typed == planet_b.parse(
        start, f"reveal tiles orbital-farms set=A {TILES['orbital-farms']}".split()
    )
