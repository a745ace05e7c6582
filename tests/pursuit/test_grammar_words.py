"""The words a player types, each read as the move the grammar's usage says it is (issue 21).

``test_grammar.py`` checks that a move's text reads back to the same move, which a reading
wrong both ways passes too; here each typed line has the move written out from the usage
(``referee pursuit --help``, docs/pursuit.md "The moves": names and players in any case, card
names hyphenated, a box's words joined by commas, a level's parts split by ``.``), and each
declaration's canonical text is the one the usage shows.
"""

from __future__ import annotations

import pytest

import ledger.games.pursuit as pursuit
from ledger.decider import Setup
from ledger.errors import BadInput
from ledger.games.pursuit.faces import Action, Card, Community, Face, Level, Setting
from ledger.games.pursuit.model import (
    Act,
    Adjust,
    CardAction,
    Command,
    Declare,
    Discard,
    Engage,
    Outcome,
    Pass,
    Refresh,
    Reveal,
    State,
    Take,
    Trait,
    Upkeep,
    UpkeepAll,
)
from tests.pursuit.table import Table


@pytest.fixture(scope="module")
def state() -> State:
    return Table(("ann", "ben", "cat"), cards=False).state


def read(state: State, line: str) -> Command:
    return pursuit.parse(state, line.split())


MOVES = [
    ("trait ann test-saver", Trait("ann", "TEST SAVER")),
    ("trait ANN Test Saver", Trait("ann", "TEST SAVER")),
    ("action ben Study", Act("ben", "study")),
    ("action ben study --token", Act("ben", "study", token=True)),
    ("get-job ann graphic-designer", Take("ann", "get-job", ("GRAPHIC DESIGNER",))),
    ("get-job ann graphic designer", Take("ann", "get-job", ("GRAPHIC DESIGNER",))),
    (
        "get-job ann graphic-designer --harder 2 --token",
        Take("ann", "get-job", ("GRAPHIC DESIGNER",), harder=2, token=True),
    ),
    ("get-job cat test-clerk --harder 0", Take("cat", "get-job", ("TEST CLERK",))),
    ("start-relationship ben test-alex", Take("ben", "start-relationship", ("TEST ALEX",))),
    ("start-project cat test-novel --token", Take("cat", "start-project", ("TEST NOVEL",), token=True)),
    ("spend ann test-sofa", Take("ann", "spend", ("TEST SOFA",))),
    ("spend ann test-sofa test-laptop", Take("ann", "spend", ("TEST SOFA", "TEST LAPTOP"))),
    ("start-friendship ann kevin", Take("ann", "start-friendship", ("KEVIN",))),
    ("career ann rugby-player", Take("ann", "career", ("RUGBY PLAYER",))),
    ("make-a-career-choice ann rugby player", Take("ann", "career", ("RUGBY PLAYER",))),
    ("advance ann test-novel", CardAction("ann", "advance", "TEST NOVEL")),
    ("advance ann test novel --token", CardAction("ann", "advance", "TEST NOVEL", token=True)),
    ("promote ben graphic-designer", CardAction("ben", "promote", "GRAPHIC DESIGNER")),
    ("get-a-promotion ben graphic-designer --token", CardAction("ben", "promote", "GRAPHIC DESIGNER", True)),
    ("develop cat kevin", CardAction("cat", "develop", "KEVIN")),
    ("dedicate-time cat kevin", CardAction("cat", "dedicate", "KEVIN")),
    ("engage ann renaissance-fair", Engage("ann", "RENAISSANCE FAIR", either=True)),
    ("engage ann renaissance fair --token", Engage("ann", "RENAISSANCE FAIR", token=True)),
    ("engage ann renaissance-fair --hourglass", Engage("ann", "RENAISSANCE FAIR")),
    ("refresh ann Items", Refresh("ann", "items")),
    ("discard ben koi", Discard("ben", "KOI")),
    ("discard ben test sofa", Discard("ben", "TEST SOFA")),
    ("pass Cat", Pass("cat")),
    ("upkeep --all", UpkeepAll()),
    ("upkeep --ALL", UpkeepAll()),
    ("upkeep ann", Upkeep("ann")),
    (
        "upkeep ann --drop koi kevin --harder test-clerk:2 graphic-designer:0",
        Upkeep("ann", ("KOI", "KEVIN"), ("TEST CLERK:2", "GRAPHIC DESIGNER:0")),
    ),
    ("outcome ann blind-date 3 --partner test-alex", Outcome("ann", "BLIND DATE", 3, "TEST ALEX")),
    ("outcome ann blind date 2", Outcome("ann", "BLIND DATE", 2)),
    (
        "adjust ann +2Knowledge -1stress --why a Child Trait's ability",
        Adjust("ann", ("+2knowledge", "-1stress"), "a Child Trait's ability"),
    ),
    ("reveal goals test-well-read test-richest", Reveal("goals", ("TEST WELL READ", "TEST RICHEST"))),
    ("draw Community renaissance-fair", Reveal("community", ("RENAISSANCE FAIR",))),
]


@pytest.mark.parametrize(("line", "move"), MOVES, ids=[line for line, _ in MOVES])
def test_each_typed_move_is_the_move_its_usage_names(state: State, line: str, move: Command) -> None:
    assert read(state, line) == move


CANONICAL = [
    "trait ann test-saver",
    "action ben study",
    "action ben study --token",
    "get-job ann graphic-designer --harder 2 --token",
    "spend ann test-sofa test-laptop",
    "advance ann test-novel",
    "promote ben graphic-designer --token",
    "engage ann renaissance-fair",
    "engage ann renaissance-fair --token",
    "engage ann renaissance-fair --hourglass",
    "refresh ann items",
    "discard ben koi",
    "pass cat",
    "upkeep --all",
    "upkeep ann",
    "upkeep ann --drop koi kevin --harder test-clerk:2 graphic-designer:0",
    "outcome ann blind-date 2",
    "outcome ann blind-date 3 --partner test-alex",
    "adjust ann +2knowledge -1stress --why a Child Trait's ability",
    "reveal goals test-well-read test-richest",
]


@pytest.mark.parametrize("line", CANONICAL)
def test_a_moves_text_is_its_canonical_words(state: State, line: str) -> None:
    """What the log and ``recorded #N:`` print of a move: the usage's words, lower case and
    hyphenated, an option only when it says something."""
    assert pursuit.text(read(state, line)) == line


REFUSED = [
    "trait ann",  # a card is named
    "action ben",
    "action ben study play",  # one action
    "get-job ann",
    "get-job ann graphic-designer --harder two",
    "spend ann test-sofa --harder 2",  # --harder is Get Job's (a Stand-Alone Job's Work Harder)
    "promote ann graphic-designer --harder 2",
    "advance ann",
    "engage ann renaissance-fair --token --hourglass",
    "refresh ann",
    "refresh ann items jobs",
    "pass",
    "pass ann ben",
    "upkeep",
    "upkeep ann koi",
    "upkeep ann --harder test-clerk",  # CARD:N
    "upkeep ann --harder test-clerk:two",
    "outcome ann blind-date",  # a card and its Outcome's number
    "outcome ann blind-date three",
    "adjust ann +1lth",  # the table says why
    "adjust ann +1lth --why",
    "reveal goals",
    "reveal hands test-richest",
    "reveal goals test-richest --token",
    "trait dan test-saver",  # not a player of this game
]


@pytest.mark.parametrize("line", REFUSED)
def test_words_the_usage_does_not_allow_are_refused_as_bad_input(state: State, line: str) -> None:
    with pytest.raises(BadInput):
        read(state, line)


# Faces both read from their words and written back to them (invented test cards).
CHEF = Card(
    name="TEST CHEF",
    kind="career-job",
    levels=(Level(reward="2money", upkeep="1stress", income="3money"),),
    set="community",
    retirement="2lth 1sth",
)
CLERK = Card(
    name="TEST CLERK",
    kind="stand-alone-job",
    levels=(Level(cost="1hourglass", reward="1money"),),
    harder=("1stress", "2money"),
    harder_upkeep=("1stress 1hourglass", "3money"),
)
SAVER = Card(name="TEST SAVER", kind="child-trait", levels=(Level(reward="1money"),), ability="keeps money")
DECLARED = [
    ("declare setting STRESS 3:+1,3:0", Setting("stress", "3:+1,3:0")),
    ("declare action study reward=1knowledge", Action(name="study", reward="1knowledge")),
    (
        "declare action Temp Job reward=2money,1stress requirement=job",
        Action(name="temp-job", reward="2money 1stress", requirement="job"),
    ),
    ("declare action nap", Action(name="nap", reward="")),
    (
        "declare project test-novel L1=job.1money,1stress.2lth l2=.",
        Card(
            name="TEST NOVEL",
            kind="project",
            levels=(Level(requirement="job", cost="1money 1stress", reward="2lth"), Level()),
        ),
    ),
    (
        "declare project l1=..1lth test novel",  # the name after the parts
        Card(name="TEST NOVEL", kind="project", levels=(Level(reward="1lth"),)),
    ),
    (
        "declare career-job test-chef l1=..2money.1stress.3money retirement=2lth,1sth set=Community",
        CHEF,
    ),
    (
        "declare stand-alone-job test-clerk l1=.1hourglass.1money harder=1stress.2money"
        " harder_upkeep=1stress,1hourglass.3money",
        CLERK,
    ),
    (
        "declare child-trait test-saver l1=..1money ability=keeps,money",
        SAVER,
    ),
    (
        "declare child-trait test-saver l1=. ability=1money=1lth",  # only the first "=" ends the key
        Card(name="TEST SAVER", kind="child-trait", levels=(Level(),), ability="1money=1lth"),
    ),
    (
        "declare community test-fair multiple=YES engage=2popularity.1money.1lth outcome=..1lth"
        " outcome=1knowledge.1stress.2lth",
        Community(
            name="TEST FAIR",
            engage=Level(requirement="2popularity", cost="1money", reward="1lth"),
            outcomes=(Level(reward="1lth"), Level(requirement="1knowledge", cost="1stress", reward="2lth")),
            multiple=True,
        ),
    ),
    (
        "declare community test-fair multiple=false engage=. outcome=..1lth",
        Community(name="TEST FAIR", engage=Level(), outcomes=(Level(reward="1lth"),)),
    ),
]


@pytest.mark.parametrize(("line", "face"), DECLARED, ids=[line for line, _ in DECLARED])
def test_each_declaration_is_the_face_its_words_describe(state: State, line: str, face: Face) -> None:
    assert read(state, line) == Declare(face)


DECLARE_REFUSED = [
    "declare",
    "declare setting stress",  # a name and a value
    "declare setting stress 3:+1 x=y",
    "declare setting",
    "declare hand test-x l1=.",
    "declare project l1=.",  # which project
    "declare project test-x l2=..1lth",  # levels are l1, l2, ... in order
    "declare project test-x l1=. l3=..1lth",
    "declare project test-x l1=a.b.c.d.e.f",  # a level has five parts
    "declare project test-x l1=. reward=1lth",  # an action's word
    "declare project test-x l1=. outcome=..1lth",  # a Community card's word
    "declare project test-x l1=. engage=..1lth",
    "declare project test-x l1=. multiple=yes",
    "declare stand-alone-job test-x l1=. harder=1stress",  # a cost and a reward
    "declare stand-alone-job test-x l1=. harder=1stress.2money.3lth",
    "declare stand-alone-job test-x l1=. harder-upkeep=1stress",
    "declare action study l1=..1knowledge",
    "declare action study harder=1stress.1money",
    "declare action study set=community",
    "declare community test-fair outcome=..1lth",  # its Engage part
    "declare community test-fair engage=a.b.c.d",  # an Engage has three parts
    "declare community test-fair engage=. outcome=a.b.c.d",  # an Outcome too
    "declare community test-fair engage=. l1=..1lth",
    "declare community test-fair engage=. harder=1stress.1money",
    "declare community test-fair engage=. retirement=1lth",
    "declare community test-fair engage=. reward=1lth",
    "declare community test-fair multiple=maybe engage=.",
]


@pytest.mark.parametrize("line", DECLARE_REFUSED)
def test_a_declaration_the_usage_does_not_allow_is_refused(state: State, line: str) -> None:
    with pytest.raises(BadInput):
        read(state, line)


TEXTS = [
    (Setting("sth", "-5,5"), "declare setting sth -5,5"),
    (Action(name="study", reward="1knowledge"), "declare action study reward=1knowledge"),
    (
        Action(name="temp-job", reward="2money 1stress", requirement="job"),
        "declare action temp-job reward=2money,1stress requirement=job",
    ),
    (
        Card(name="TEST NOVEL", kind="project", levels=(Level(requirement="job", reward="2lth"), Level())),
        "declare project test-novel l1=job..2lth l2=.",  # trailing parts left out; "." a level with none
    ),
    (
        CHEF,
        "declare career-job test-chef l1=..2money.1stress.3money set=community retirement=2lth,1sth",
    ),
    (
        CLERK,
        "declare stand-alone-job test-clerk l1=.1hourglass.1money harder=1stress.2money"
        " harder-upkeep=1stress,1hourglass.3money",
    ),
    (
        SAVER,
        "declare child-trait test-saver l1=..1money ability=keeps,money",
    ),
    (
        Community(
            name="TEST FAIR",
            engage=Level(requirement="2popularity", reward="1lth"),
            outcomes=(Level(reward="1lth"), Level()),
            multiple=True,
        ),
        "declare community test-fair multiple=yes engage=2popularity..1lth outcome=..1lth outcome=.",
    ),
    (
        Community(name="TEST FAIR", engage=Level(), outcomes=()),
        "declare community test-fair engage=.",
    ),
]


@pytest.mark.parametrize(("face", "line"), TEXTS, ids=[line for _, line in TEXTS])
def test_a_declarations_text_is_the_usages_words(state: State, face: Face, line: str) -> None:
    command = Declare(face)
    assert pursuit.text(command) == line
    assert read(state, line) == command


def test_a_setting_written_with_spaces_is_typed_as_one_word(state: State) -> None:
    """A cards file may write a value with spaces (``rounds = "0, 0, 1"``); its typed text
    keeps the value one word, which declares the same setting."""
    (command,) = pursuit.load_cards(Table(2, cards=False).setup, '[settings]\nrounds = "0, 0, 1"\n')
    text = pursuit.text(command)
    assert text.split()[:3] == ["declare", "setting", "rounds"] and len(text.split()) == 4
    again = read(state, text)
    assert isinstance(again, Declare) and isinstance(again.face, Setting)
    assert again.face.value.replace(",", " ").split() == ["0", "0", "1"]


def test_without_the_modules_option_the_verbs_of_every_module_are_absent() -> None:
    """No ``modules`` option is the base game alone (``setup.initial`` reads it so): the
    Community and Friends modules' verbs are not offered."""
    setup = Setup(game="pursuit", rules_version="3", players=("ann", "ben"), mode="standard", options={})
    modules_verbs = {"engage", "outcome", "start-friendship", "develop", "dedicate"}
    assert set(pursuit.absent_verbs(setup)) == modules_verbs
    assert set(pursuit.absent_verbs(Table(2, cards=False).setup)) == set()
