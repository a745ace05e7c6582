"""The move grammar: parse, text, aliases, and what a person may type."""

from __future__ import annotations

import shlex

import pytest

import ledger.games.loop as loop
from ledger.errors import BadInput
from ledger.games.loop.model import (
    Accept,
    Buy,
    Command,
    Consume,
    DeclareActivity,
    DeclareGoal,
    End,
    Favour,
    Goal,
    MatRef,
    Reject,
    RevealActivity,
    RevealMaterial,
    Spend,
    Work,
)
from tests.loop.table import Table

STATE = Table(("Alice", "bob", "carol"), cards=False).state


def parse(line: str) -> Command:
    return loop.parse(STATE, shlex.split(line))


COMMANDS: list[Command] = [
    RevealMaterial("glass"),
    RevealMaterial("food", "Alice"),
    RevealActivity("DANCE"),
    RevealActivity("BOARD GAMES", ("plastic", "plastic"), ("group", "book")),
    DeclareActivity("ICE SKATING", ("metal", "glass"), ("heart", "group")),
    DeclareGoal("HOBBY", None, 2),
    DeclareGoal("SENSE OF BELONGING", ("house", "house", "group", "group"), 3),
    Work("Alice"),
    Work("bob", 2),
    Buy("Alice", (("glass", 2),), 1),
    Buy("bob", (("metal", 1), ("utility", 3))),
    Consume("Alice", (Spend("DANCE", (MatRef("glass", 1), MatRef("plastic"))),)),
    Consume(
        "carol",
        (
            Spend("DANCE", (MatRef("glass", 1, "bob"), MatRef("plastic", 2))),
            Spend("BOARD GAMES", (MatRef("plastic"), MatRef("plastic"))),
        ),
        ("YOGA", "SENSE OF BELONGING"),
        True,
    ),
    Goal("Alice", "SENSE OF BELONGING"),
    Goal("bob", "FAMILY TIME", ("house", "house", "heart"), 2),
    Favour("Alice", "acquire", "bob", theirs=MatRef("glass", 2)),
    Favour("Alice", "barter", "bob", mine=MatRef("glass"), theirs=MatRef("metal", 1)),
    Favour("Alice", "recycle", "bob", theirs=MatRef("food"), pay=3),
    Favour("Alice", "resell", "carol", mine=MatRef("utility", 4)),
    Favour("Alice", "share", "carol", theirs=MatRef("plastic")),
    Accept("bob"),
    Reject("bob", "discard"),
    Reject("carol", "rep"),
    End("Alice"),
]


@pytest.mark.parametrize("command", COMMANDS, ids=loop.text)
def test_text_parses_back_to_the_same_command(command: Command) -> None:
    assert loop.parse(STATE, loop.text(command).split()) == command


def test_the_issue_example() -> None:
    assert loop.parse(STATE, ["buy", "alice", "glass:2", "--rep", "1"]) == Buy("Alice", (("glass", 2),), 1)


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("BUY ALICE Glass:2 --REP=1", "buy Alice glass:2 --rep 1"),
        ("buy alice glass@2 --reputation 1", "buy Alice glass:2 --rep 1"),
        ("goal alice 'sense of belonging'", "goal Alice sense-of-belonging"),
        ("goal alice sense of belonging", "goal Alice sense-of-belonging"),
        ("goal alice SENSE_OF_BELONGING", "goal Alice sense-of-belonging"),
        ("achieve alice sense-of-belonging", "goal Alice sense-of-belonging"),
        ("acquire alice bob glass@2", "favour Alice acquire bob glass@2"),
        ("favor alice share bob glass", "favour Alice share bob glass"),
        ("favor alice recycle bob food --pay=2", "favour Alice recycle bob food --pay 2"),
        ("flip material glass", "reveal material glass"),
        ("reveal act 'ice skating'", "reveal activity ice-skating"),
        ("consume alice 'board games=plastic,plastic' --drop yoga,dance",
         "consume Alice board-games=plastic,plastic --drop yoga --drop dance"),
        ("consume alice --drop yoga dance=glass,plastic --rep_happiness",
         "consume Alice dance=glass,plastic --drop yoga --rep-happiness"),
        ("reject bob --reputation", "reject bob --rep"),
        ("end-turn alice", "end Alice"),
        ("work alice --rep 0", "work Alice"),
    ],
)  # fmt: skip
def test_aliases_and_spellings(typed: str, canonical: str) -> None:
    assert loop.text(parse(typed)) == canonical


@pytest.mark.parametrize(
    "typed",
    [
        "",
        "dance alice",
        "work",
        "work zoe",
        "work alice bob",
        "work alice --rep",
        "work alice --rep x",
        "work alice --pay 1",
        "buy alice",
        "buy alice glass",
        "buy alice wood:1",
        "consume alice dance",
        "consume alice dance=glass,zz",
        "consume alice dance=bob:glass@x,plastic",
        "favour alice hug bob glass",
        "favour alice acquire bob",
        "favour alice acquire bob glass --pay 1",
        "favour alice recycle bob food",
        "favour alice barter bob glass",
        "favour alice acquire bob zoe:glass",
        "reject bob",
        "reject bob --rep --discard",
        "reveal card glass",
        "reveal material glass --props house,group",
        "reveal activity dance --to alice",
        "reveal activity dance --props house,garden",
        "declare goal hobby --props house",
        "declare activity dance --reward 2",
        "goal alice sense=of",
    ],
)
def test_bad_input(typed: str) -> None:
    with pytest.raises(BadInput):
        parse(typed)


def test_actor() -> None:
    assert loop.actor(parse("reveal material glass")) == "table"
    assert loop.actor(parse("declare goal hobby --reward 2")) == "table"
    assert loop.actor(parse("accept bob")) == "bob"
    assert loop.actor(parse("favour alice share bob glass")) == "Alice"


def test_commands_and_events_survive_json() -> None:
    import msgspec

    for command in COMMANDS:
        encoded = msgspec.json.encode(command)
        assert msgspec.json.decode(encoded, type=loop.Command) == command
    assert b'"type":"loop.buy"' in msgspec.json.encode(Buy("bob", (("metal", 1),)))
