"""A card's face typed in the move that brings it out (issue 41): "The same data typed at the
CLI stays possible, in one command per card, with the face in the reveal or draft that brings
the card out ..., never a separate `declare` first." ``reveal goals|friends|community CARD
l1=...`` and ``trait PLAYER CARD l1=...`` declare the face and make the move in one atomic
append; several names with a face are refused, naming them ("a face belongs to one card").

The faces are invented (no text prints these cards); KEVIN's printed parts come from KS Promos
4: 1. Friends, the Child Trait's reward from Child Traits ("gain the reward shown").
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable
from pathlib import Path

import pytest

import ledger.games.pursuit as pursuit
from ledger.decider import Setup
from ledger.games.pursuit.faces import Card, Level
from ledger.games.pursuit.model import Reveal, Trait
from tests.conftest import Result
from tests.pursuit.table import SETTINGS

Cli = Callable[..., Result]
FRIEND = "l1=..1creativity.1money l2=.1money.1lth l3=.2money.1lth"


def ok(cli: Cli, line: str) -> Result:
    result = cli(*shlex.split(line))
    assert result.code == 0, f"{line}: {result.err}"
    return result


def refused(cli: Cli, line: str) -> str:
    before = head(cli)
    result = cli(*shlex.split(line))
    assert result.code != 0, line
    assert "Traceback" not in result.err
    assert head(cli) == before, f"{line} appended something"
    return result.err


def head(cli: Cli) -> int:
    return int(json.loads(cli("status", "--json").out)["head"])


def view(cli: Cli) -> dict[str, object]:
    return dict(json.loads(cli("status", "--json").out)["view"])


@pytest.fixture
def table(cli: Cli, tmp_path: Path) -> Cli:
    """A real table's first game with Friends, no card known: the group's settings only."""
    settings = tmp_path / "settings.toml"
    settings.write_text(SETTINGS)
    ok(cli, f"new pursuit --players maya,omar --modules friends --cards {settings}")
    return cli


def test_a_life_goal_is_revealed_with_its_face_in_one_command(table: Cli) -> None:
    cli = table
    hint = refused(cli, "pursuit reveal goals goal-a")
    # the refusal shows the reveal itself carrying the face, never a `declare` first
    assert "reveal goals goal-a l1=REQUIREMENT.COST.REWARD.UPKEEP.INCOME" in hint
    assert "declare" not in hint
    out = ok(cli, "pursuit reveal goals goal-a l1=1knowledge..2lth").out
    assert out.count("recorded #") == 1  # one command, one move: the face and the card face up
    assert "life-goal GOAL A declared" in out and "Life Goals face up: GOAL A" in out
    ok(cli, "pursuit reveal goals goal-b l1=job..3lth")
    assert view(cli)["goals"] == ["GOAL A", "GOAL B"]
    assert "GOAL B" in cli("cards", "--kind", "pursuit").out  # the group's library learns it too


def test_a_face_belongs_to_one_card(table: Cli) -> None:
    err = refused(table, "pursuit reveal goals goal-a goal-b l1=1knowledge..2lth")
    assert "a face belongs to one card" in err and "goal-a, goal-b" in err


def test_a_face_of_another_kind_or_a_different_face_is_refused(table: Cli) -> None:
    cli = table
    ok(cli, "pursuit reveal goals goal-a l1=1knowledge..2lth")
    ok(cli, "pursuit reveal goals goal-b l1=job..3lth")
    ok(cli, f"pursuit reveal friends anna {FRIEND}")
    # ANNA is a Friend now: typed again as something else, or with another face, it is refused
    assert "declared otherwise" in refused(cli, "pursuit reveal friends anna l1=..9money l2=. l3=.")


def test_a_partly_printed_friend_is_typed_with_only_its_missing_parts(table: Cli) -> None:
    cli = table
    ok(cli, "pursuit reveal goals goal-a l1=1knowledge..2lth")
    ok(cli, "pursuit reveal goals goal-b l1=job..3lth")
    hint = refused(cli, "pursuit reveal friends kevin")
    assert "reveal friends kevin l1=" in hint and "declare" not in hint.split("(")[-1]
    # KS Promos 4: 1. Friends prints KEVIN's L1 reward (1 Influence) and L2's hourglass cost
    ok(cli, "pursuit reveal friends kevin l1=...1money l2=.1influence.1lth.1money")
    friends = view(cli)["friends"]
    assert isinstance(friends, list) and friends[0] == "KEVIN"


def test_a_child_trait_is_kept_with_its_face_in_one_command(table: Cli) -> None:
    cli = table
    ok(cli, "pursuit reveal goals goal-a l1=1knowledge..2lth")
    ok(cli, "pursuit reveal goals goal-b l1=job..3lth")
    for friend in ("kevin", "anna", "bob", "carl"):
        extra = "l1=...1money l2=.1influence.1lth.1money" if friend == "kevin" else FRIEND
        ok(cli, f"pursuit reveal friends {friend} {extra}")
    status = cli("status").out
    assert "trait PLAYER CARD l1=" in status  # the prompt says the one command
    hint = refused(cli, "pursuit trait maya bookish")
    assert "trait maya bookish l1=" in hint
    out = ok(cli, "pursuit trait maya bookish l1=..1knowledge,2influence").out
    assert out.count("recorded #") == 1 and "child-trait BOOKISH declared" in out
    players = view(cli)["players"]
    assert isinstance(players, dict)
    # Child Traits: the reward shown is gained at once (1 Knowledge, 2 Influence)
    assert players["maya"]["knowledge"] == 1 and players["maya"]["influence"] == 2
    # omar takes another trait; the one maya keeps is out of the pile
    assert "not in its pile" in refused(cli, "pursuit trait omar bookish l1=..1knowledge,2influence")
    ok(cli, "pursuit trait omar sporty l1=..1creativity")


def test_the_face_in_a_move_reads_back_as_typed() -> None:
    setup = Setup(
        game="pursuit",
        rules_version=pursuit.rules_version,
        players=("maya",),
        mode="standard",
        options={"modules": "friends"},
    )
    state = pursuit.initial(setup)
    for line in (
        "reveal goals goal-a l1=1knowledge..2lth",
        "reveal friends anna l1=..1creativity.1money l2=.1money.1lth l3=.2money.1lth",
        "trait maya bookish l1=..1knowledge,2influence",
        "reveal friends anna",
        "reveal community block-party engage=..1hourglass outcome=2sth..1lth outcome=..2money",
    ):
        command = pursuit.parse(state, line.split())
        assert pursuit.text(command) == line
        assert pursuit.parse(state, pursuit.text(command).split()) == command
    trait = pursuit.parse(state, ["trait", "maya", "bookish", "l1=..1knowledge,2influence"])
    assert trait == Trait(
        "maya",
        "BOOKISH",
        Card(name="BOOKISH", kind="child-trait", levels=(Level(reward="1knowledge 2influence"),)),
    )
    assert pursuit.parse(state, ["reveal", "goals", "goal-a"]) == Reveal("goals", ("GOAL A",))
