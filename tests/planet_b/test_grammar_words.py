"""The words each Planet B move takes (issue 21): every form a command word reads, the refusal
of too many or too few words, what a refusal names when a number or a name cannot be read, the
words of the ``colours`` option in ``draw``, and the canonical text of each kind of
declaration (``referee cards`` writes it, the table types it)."""

from __future__ import annotations

import pytest

import ledger.games.planet_b as planet_b
from ledger.decider import Setup
from ledger.errors import BadInput
from ledger.games.planet_b.faces import Board, News, Tile, Track
from ledger.games.planet_b.grammar import colour_names
from ledger.games.planet_b.model import (
    Build,
    BuyTile,
    Command,
    Deal,
    Declare,
    DrawAll,
    DrawVotes,
    End,
    Gain,
    Give,
    LawMove,
    Office,
    Recall,
    Redraw,
    Reveal,
    Sell,
    Swap,
)
from tests.planet_b.table import Table, physical

FORMS = [
    ("deal ann left --pay plastic,Water", Deal("ann", "left", ("plastic", "water"))),
    ("deal ANN middle", Deal("ann", "middle")),
    ("sell ann plastic:2 water", Sell("ann", ("plastic", "plastic", "water"))),
    ("office ann", Office("ann")),
    ("office ann Futurist", Office("ann", "futurist")),
    ("office ann coal-phase-out", Office("ann", "COAL PHASE OUT")),
    ("votes ann", Gain("ann", ("vote",))),
    ("votes ann 2", Gain("ann", ("2vote",))),
    ("law ann", LawMove("ann")),
    ("law ann Blue", LawMove("ann", pile="blue")),
    ("law ann yellow coal-phase-out", LawMove("ann", pile="yellow", card="COAL PHASE OUT")),
    ("law ann coal-phase-out", LawMove("ann", card="COAL PHASE OUT")),
    ("law ann Right --pay plastic", LawMove("ann", side="right", pay=("plastic",))),
    ("recall ann", Recall("ann")),
    ("recall ann Tailor.1 Bakery.2", Recall("ann", ("tailor.1", "bakery.2"))),
    ("recall ann Tailor.1 Brainy", Recall("ann", ("tailor.1",), "brainy")),
    ("recall ann crafty", Recall("ann", (), "crafty")),
    ("redraw ann a tailor B", Redraw("ann", ("A", "TAILOR", "B"))),
    ("redraw ann c", Redraw("ann", ("C",))),
    ("give ann ben:2 Cat", Give("ann", ("ben", "ben", "cat"))),
    ("end ann", End("ann")),
    ("end-turn ann", End("ann")),
]


@pytest.mark.parametrize(("line", "command"), FORMS)
def test_the_words_each_move_takes(line: str, command: object) -> None:
    table = physical(("ann", "ben", "cat"))
    assert planet_b.parse(table.state, line.split()) == command


DRAWS = [
    ("draw ann", DrawVotes("ann")),
    ("draw ann ann,ben:2,,dummy", DrawVotes("ann", ("ann", "ben", "ben", "dummy"))),
    ("draw Dummy ben", DrawVotes("dummy", ("ben",))),
    ("draw ann=ann:2 dummy=ben,ANN", DrawAll({"ann": ("ann", "ann"), "dummy": ("ann", "ben")})),
]


@pytest.mark.parametrize(("line", "command"), DRAWS)
def test_the_words_of_a_draw(line: str, command: object) -> None:
    """Elections 3: each drawer's votes by colour; with 2 players the dummy draws too."""
    table = physical(("ann", "ben"))
    assert planet_b.parse(table.state, line.split()) == command


WRONG = [
    "end ann now",
    "skip ann now",
    "law ann left right",
    "draw ann ann,ben ben",
    "deal ann",
    "deal ann left right",
    "produce ann",
    "gain",
    "reveal tiles",  # a reveal: what, then at least one card
    "reveal tiles A1 A2",  # the three A tiles
    "reveal tiles A1 A2 A3 A4",
    "reveal news I",  # a pile, then its card
]


@pytest.mark.parametrize("line", WRONG)
def test_too_many_or_too_few_words_are_refused(line: str) -> None:
    table = physical(("ann", "ben"))
    with pytest.raises(BadInput, match="wrong number of words") as info:
        planet_b.parse(table.state, line.split())
    assert info.value.legal == planet_b.grammar.USAGE[line.split()[0]]  # the verb's words


UNREAD = [
    ("sell ann plastic:x", "a count must be a number, not 'x'"),
    ("draw ann ann:x", "a count must be a number, not 'x'"),
    ("give ann ben:x", "a count must be a number, not 'x'"),
    ("give ann zed", "unknown player 'zed'"),
    ("draw zed ann", "unknown player 'zed'"),
    ("draw ann=ann ann=ben", "ann is named twice in the draw"),
    ("draw ann=ann ben", "a whole draw names each drawer: PLAYER=COLOURS, not 'ben'"),
    ("office ann #", "cannot read law name '#'"),
    ("law ann yellow #", "cannot read law name '#'"),
    ("redraw ann #", "cannot read building name '#'"),
    ("declare side 4 suitcases=x", "suitcases must be a number, not 'x'"),
    ("declare side 4 market=plastic:x/4", "a price must be a number, not 'x'"),
    ("declare side 4 market=plastic:3/x", "a price must be a number, not 'x'"),
    ("declare side 4 market=plastic:3", "cannot read market 'plastic:3'"),
    ("declare side 4 market=plastic/3", "cannot read market 'plastic/3'"),
    ("declare board x upper=plastic", "a board number must be a number, not 'x'"),
    ("declare track capitalist space=3money", "space has two parts split by '.'"),
    ("declare track capitalist space=3money.vote.news", "space has two parts split by '.'"),
    ("declare law coal-phase-out colour=yellow left=a;b right=5money.money", "left has two parts split"),
    ("declare side 4 market=plastic:3:4/5", "a price must be a number, not '3:4'"),  # the first ':'
    ("declare side 4 market=plastic:3/4/5", "a price must be a number, not '4/5'"),  # the first '/'
    ("draw ann=ben=ann", "unknown colour 'ben=ann'"),
    (
        "declare tile # set=A grey=2money red=-money grey_then=flip red_then=flip",
        "cannot read tile name '#'",
    ),  # the first '=' ends the drawer
    (
        "declare news plastic-bags pile=I box=2plastic immoral=maybe",
        "declare news: Expected `bool`, got `str`",
    ),
]


@pytest.mark.parametrize(("line", "message"), UNREAD)
def test_what_cannot_be_read_is_named(line: str, message: str) -> None:
    table = physical(("ann", "ben"))
    with pytest.raises(BadInput) as info:
        planet_b.parse(table.state, line.split())
    assert message in str(info.value)


def test_a_semicolon_in_two_parts_is_named() -> None:
    """Issue 17: a shell ends the command at ';' (typed quoted, it reaches the grammar)."""
    table = physical(("ann", "ben"))
    with pytest.raises(BadInput) as info:
        planet_b.parse(table.state, ["declare", "track", "capitalist", "space=3money;vote"])
    assert "space has two parts split by '.', not ';' (a shell ends the command at ';')" in str(info.value)
    with pytest.raises(BadInput) as info:
        planet_b.parse(table.state, ["declare", "track", "capitalist", "space=3money.vote;news"])
    assert "not ';'" in str(info.value)
    with pytest.raises(BadInput) as info:
        planet_b.parse(table.state, ["declare", "track", "capitalist", "space=3money"])
    assert "not ';'" not in str(info.value)


def test_the_colours_option_names_each_seat_in_draw() -> None:
    """Option ``colours``: words for the colours in seat order, the dummy's last with 2
    players; a player may not be named another seat's colour."""
    table = Table(("ann", "ben"), options={"colours": "Red, blue,green"})
    table.play(
        "reveal tiles orbital-farms asteroid-mining media-house",
        "reveal removed deep-mine",
        "reveal news I town-hall II bribe III summit",
    )
    state = table.state
    assert planet_b.parse(state, ["draw", "red", "blue,green:2,RED"]) == DrawVotes(
        "ann", ("ann", "ben", "dummy", "dummy")
    )
    assert planet_b.parse(state, ["draw", "green=ann"]) == DrawAll({"dummy": ("ann",)})
    setup = Setup(
        game="planet-b", rules_version="2", players=("ann", "ben"), mode="standard",
        options={"colours": "Red, ben,green"},
    )  # fmt: skip
    assert planet_b.reserved_words(setup) == {
        "red": "ann's colour in `draw` (--option colours=Red, ben,green)",
        "green": "dummy's colour in `draw` (--option colours=Red, ben,green)",
    }
    three = Setup(
        game="planet-b", rules_version="2", players=("ann", "ben", "cat"), mode="standard",
        options={"colours": "red,blue,green,black"},
    )  # fmt: skip
    assert sorted(planet_b.reserved_words(three)) == ["blue", "green", "red"]  # no dummy with 3
    plain = Setup(game="planet-b", rules_version="2", players=("ann", "ben"), mode="standard")
    assert planet_b.reserved_words(plain) == {}
    three_table = Table(("ann", "ben", "cat"), options={"colours": "Red,blue,Green"})
    assert colour_names(three_table.state) == {
        "ann": "ann", "ben": "ben", "cat": "cat", "red": "ann", "blue": "ben", "green": "cat",
    }  # fmt: skip


DECLARATIONS = [
    "declare side 4 suitcases=4 track=8 start=2 market=plastic:3/4,iridium:3/5 market=water:2/3,plant:2/4"
    " market=hydrogen:3/5,chip:4/6",
    "declare board 1 upper=plastic,iridium,plant lower=water,meat,chip",
    "declare production tiles=plastic,iridium,water,plant,hydrogen,chip,meat,meat,chip,hydrogen",
    "declare headquarters box=swindle,2money box=produce,vote",
    "declare mood space=-3vote,others:2vote space=-2vote space=-vote space= space=2money,vote"
    " space=4money,2vote space=6money,3vote neutral=3",
    "declare track capitalist space=3money.vote space=5money.crafty space=7money.brainy"
    " space=10money.2vote space=14money.news space=20money.build",
    "declare swindle space=-3money.2vote space=-5money,-plastic.3vote,2money space=-8money.faction,4vote"
    " space=-12money.6vote",
    "declare tile asteroid-mining set=A grey=all:iridium,produce,work red=-2money,2iridium,faction-check,news"
    " grey_then=flip red_then=remove",
    "declare building workshop pile=A cost=4 vp=1 area=crafty box=3money box=plastic,water",
    "declare news plastic-bags pile=I box=2plastic immoral=no",
    "declare news headlines pile=I box=right immoral=yes",
    "declare law coal-phase-out colour=yellow left=futurist-check.futurist right=5money.money",
]


@pytest.mark.parametrize("line", DECLARATIONS)
def test_each_kind_of_declaration_reads_back_to_its_text(line: str) -> None:
    state = Table(("ann", "ben"), cards=False).state
    assert planet_b.text(planet_b.parse(state, line.split())) == line


def test_a_declaration_reads_in_any_case() -> None:
    state = Table(("ann", "ben"), cards=False).state
    words = ["DECLARE", "News", "Plastic-Bags", "PILE=i", "Box=2plastic,vote", "immoral=Yes"]
    command = planet_b.parse(state, words)
    assert command == Declare(News(name="PLASTIC BAGS", pile="I", box="2plastic vote", immoral=True))
    words = ["declare", "news", "plastic-bags", "pile=I", "box=2plastic", "immoral=FALSE"]
    command = planet_b.parse(state, words)
    assert command == Declare(News(name="PLASTIC BAGS", pile="I", box="2plastic", immoral=False))
    with pytest.raises(BadInput):
        planet_b.parse(state, ["declare", "news", "plastic-bags", "pile=I", "box=2plastic", "immoral=maybe"])


def test_a_declarations_values_are_read_as_the_face() -> None:
    """A list's words split by commas; a named card's name in capitals (``ledger.words``), a
    track's and a side's as typed, in lower case; a value is all that follows the first '='."""
    state = Table(("ann", "ben"), cards=False).state

    def face(line: str) -> object:
        command = planet_b.parse(state, line.split())
        assert isinstance(command, Declare)
        return command.face

    assert face("declare board 1 upper=plastic,Iridium,plant lower=water,meat,chip") == Board(
        number=1, upper=("plastic", "iridium", "plant"), lower=("water", "meat", "chip")
    )
    assert face(
        "declare tile asteroid-mining set=a grey=2money red=-money,news grey_then=flip red_then=remove"
    ) == (
        Tile(
            name="ASTEROID MINING",
            set="A",
            grey="2money",
            red="-money news",
            grey_then="flip",
            red_then="remove",
        )
    )
    assert face("declare track Capitalist space=3money.vote") == Track(
        name="capitalist", spaces=(("3money", "vote"),)
    )
    assert face("declare track capital ist space=3money.vote") == Track(
        name="capital ist", spaces=(("3money", "vote"),)
    )
    assert face("declare news x pile=I box=2plastic=3 immoral=no") == News(
        name="X", pile="I", box="2plastic=3", immoral=False
    )


def test_a_draw_takes_no_option_and_names_its_usage() -> None:
    table = physical(("ann", "ben"))
    with pytest.raises(BadInput, match="unknown option '--pay'"):
        planet_b.parse(table.state, ["draw", "ann", "ann", "--pay", "x"])
    for words in (["draw"], ["draw", "ann", "ann", "ben"], ["draw", "ann=ann", "ben"]):
        with pytest.raises(BadInput) as info:
            planet_b.parse(table.state, words)
        assert info.value.legal == planet_b.grammar.USAGE["draw"]


TEXTS = [
    (Sell("ann", ("plastic", "plastic", "water")), "sell ann plastic:2 water"),
    (BuyTile("ann", "water", "upper1", back=True), "tile ann water upper1 --back"),
    (BuyTile("ann", "water", "lower3"), "tile ann water lower3"),
    (Build("ann", "TAILOR", pay=("plastic", "water")), "build ann tailor --pay plastic,water"),
    (Build("ann", "TAILOR", back=True), "build ann tailor --back"),
    (LawMove("ann", pile="yellow", card="COAL PHASE OUT"), "law ann yellow coal-phase-out"),
    (LawMove("ann"), "law ann"),
    (DrawVotes("ann"), "draw ann"),
    (DrawVotes("ann", ("ann", "ben")), "draw ann ann,ben"),
    (DrawAll({"ann": ("ann", "ann", "ben"), "dummy": ("ben",)}), "draw ann=ann:2,ben dummy=ben"),
    (Swap("ann", ("meat", "meat", "water")), "exchange ann meat:2 water"),
    (End("ann"), "end ann"),
    (Redraw("ann", ("A", "TAILOR")), "redraw ann A tailor"),
    (Reveal("news", ("TOWN HALL",), "I", removed="DEEP MINE"), "reveal news I town-hall --removed deep-mine"),
    (Reveal("news", ("TOWN HALL", "BRIBE"), piles=("I", "II")), "reveal news I town-hall II bribe"),
    (Reveal("tiles", ("ORBITAL FARMS", "ASTEROID MINING", "MEDIA HOUSE")),
     "reveal tiles orbital-farms asteroid-mining media-house"),
]  # fmt: skip


@pytest.mark.parametrize(("command", "line"), TEXTS)
def test_the_text_of_a_move_reads_back_to_it(command: Command, line: str) -> None:
    assert planet_b.text(command) == line
    assert planet_b.parse(physical(("ann", "ben")).state, line.split()) == command


REVEALS = [
    ("reveal tiles a b c d", "wrong number of words"),
    ("reveal tiles # b c", "cannot read tile name '#'"),
    ("reveal removed #", "cannot read tile name '#'"),
    ("reveal tile #", "cannot read tile name '#'"),
    ("reveal news I #", "cannot read news card name '#'"),
    ("reveal news I town-hall --removed #", "cannot read tile name '#'"),
]


@pytest.mark.parametrize(("line", "message"), REVEALS)
def test_a_reveal_names_what_it_cannot_read(line: str, message: str) -> None:
    with pytest.raises(BadInput) as info:
        planet_b.parse(Table(("ann", "ben")).state, line.split())
    assert message in str(info.value)


def test_the_removed_tile_takes_one_word_wherever_it_is_typed() -> None:
    """Changes for 2 and 3 Players: the B tile removed is typed with the setup's news."""
    state = Table(("ann", "ben")).state
    line = "reveal news I town-hall --removed deep-mine II bribe"
    assert planet_b.parse(state, line.split()) == Reveal(
        "news", ("TOWN HALL", "BRIBE"), piles=("I", "II"), removed="DEEP MINE"
    )
