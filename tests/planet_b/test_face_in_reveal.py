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
from msgspec.structs import replace

import ledger.games.planet_b as planet_b
from ledger import library
from ledger.errors import BadInput, IllegalMove, RefereeError
from ledger.games.planet_b.faces import (
    Board,
    Headquarters,
    Mood,
    News,
    Production,
    Side,
    Swindle,
    Tile,
    Track,
)
from ledger.games.planet_b.model import DraftCard, Reveal, TileLaidOut, TilesPlaced
from tests.conftest import Result
from tests.planet_b.table import CARDS, Table, physical
from tests.planet_b.test_election_steps import exchange_at_a_real_table

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


def at_setup(players: tuple[str, ...] = ("ann", "ben")) -> Table:
    """A real table (every face of the test decks declared) at its setup's reveals."""
    table = Table(players)
    while table.state.phase != "setup":
        table.apply(next(iter(planet_b.legal(table.state))))
    return table


def example(error: RefereeError) -> str:
    """The working example a refusal's hint ends with ("...; e.g. LINE")."""
    return (error.legal or "").split("; e.g. ")[1]


def test_each_reveal_names_itself_in_a_new_cards_hint(boards: Cli) -> None:
    """Every hint is a working example (issue 41): the hint for a card new to the referee is
    the reveal that brings it out, with the face's parts, and typed as shown it is recorded."""
    cli = boards
    hint = refused(cli, "planet-b reveal removed deep-mine")  # 2 players: a B tile removed
    assert "(reveal removed deep-mine grey=BOX red=BOX grey_then=flip|remove red_then=remove|flip;" in hint
    shown = hint.split("; e.g. ")[1].rstrip(")\n")
    assert shown.startswith("reveal removed deep-mine ") and "set=" not in shown
    ok(cli, f"planet-b {shown}")
    assert view(cli)["removed"] == "DEEP MINE"


def test_a_face_with_several_cards_names_the_reveal_to_type_instead(boards: Cli) -> None:
    err = refused(boards, f"planet-b reveal tiles orbital-farms media-house {TILES['media-house']}")
    assert "(reveal tiles CARD with its face, one card a command)" in err


def test_a_service_callers_face_of_another_card_is_refused_naming_its_move() -> None:
    """A command the grammar cannot type (a face not the named card's, or of a kind the move
    does not bring out): refused, naming the move as typed, nothing recorded."""
    table = at_setup()
    news = News(name="PLASTIC BAGS", pile="I", box="2plastic", immoral=False)
    error = table.refuse_command(Reveal("news", ("BRIBE",), "I", face=news), BadInput)
    assert error.legal == "reveal news I CARD with its face, one card a command"
    with_removed = Reveal("news", ("PLASTIC BAGS",), "I", removed="DEEP MINE", face=news)
    error = table.refuse_command(with_removed, BadInput)  # 2 players: the removed tile is its own card
    assert "a face belongs to one card" in str(error)
    tile = Tile(name="BAKERY", set="B", grey="vote", red="money", grey_then="flip", red_then="remove")
    error = table.refuse_command(Reveal("law", ("BAKERY",), face=tile), BadInput)
    assert "reveal law takes no face" in str(error)
    while table.state.phase != "draft":
        table.apply(next(iter(planet_b.legal(table.state))))
    plan = table.state.draft
    assert plan is not None
    picker = plan.order[plan.index]
    card = next(name for name, face in table.state.faces.buildings.items() if face.pile == plan.pile)
    error = table.refuse_command(DraftCard(picker, card, face=replace(tile, name=card)), IllegalMove)
    assert f"{card} typed as a tile: draft {picker} brings out a building" in str(error)


def test_three_a_tiles_named_at_once_are_one_fact_and_one_at_a_time_a_fact_each() -> None:
    """Setup, "3 A tiles": the three named in one reveal are recorded as the one fact a first
    game has always recorded (TilesPlaced); named one at a time, each is laid out on the next
    empty space from the left (TileLaidOut). Old logs replay either way."""
    table = at_setup()
    a_tiles = [name for name, face in table.state.faces.tiles.items() if face.set == "A"][:3]
    words = " ".join(name.lower().replace(" ", "-") for name in a_tiles)
    assert table.play(f"reveal tiles {words}") == [TilesPlaced(tuple(a_tiles))]
    table = at_setup()
    first, *rest = words.split()
    assert table.play(f"reveal tiles {first}") == [TileLaidOut(a_tiles[0], 0)]
    assert table.play(f"reveal tiles {' '.join(rest)}") == [
        TileLaidOut(a_tiles[1], 1),
        TileLaidOut(a_tiles[2], 2),
    ]
    assert [space.tile for space in table.state.spaces] == a_tiles
    # Setup: "Add the 3 A tiles ... the middle one red side up": its market on red, the others grey
    assert table.state.markets == (False, True, False)


def test_an_exchange_takes_a_new_b_tiles_face_in_its_reveal() -> None:
    """Exchanges: "take the next one from the pile": a B tile new to the referee is typed with
    its face in the exchange's ``reveal tile``; the hint shows that reveal, set B filled in by
    the move (not ``declare tile ... set=A``, as it once did)."""
    table = physical()
    table.tile("left", "TEST LEFT", "2money", red=True, then="remove")
    exchange_at_a_real_table(table)
    faces = table.state.faces
    table.set(faces=replace(faces, tiles={k: v for k, v in faces.tiles.items() if k != "GENE LABS"}))
    table.play("deal you left", "end you", "exchange you meat water")
    error = table.refuse("reveal tile gene-labs", BadInput)
    shown = example(error)
    assert shown.startswith("reveal tile gene-labs grey=") and "set=" not in shown and "declare" not in shown
    table.play(shown)
    assert table.state.spaces[0].tile == "GENE LABS" and table.state.faces.tiles["GENE LABS"].set == "B"
