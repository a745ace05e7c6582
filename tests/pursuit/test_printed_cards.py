"""Ask only for what no rulebook prints (issue 41): a card the texts print whole is built in,
never declared; a card printed in part is declared with only its missing parts, the printed
ones filled in from the text; the refusal that asks for one names only what is missing, in a
form that is accepted as typed.

Expected values come from the texts (KS Promos 4: 1. Friends, 3. School, 4. Stand-Alone Jobs;
Community: the Engage in Community example), not from the program.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable
from pathlib import Path

import pytest

import ledger.games.pursuit as pursuit
from ledger.decider import Setup
from ledger.games.pursuit import faces
from ledger.games.pursuit.faces import Level
from ledger.games.pursuit.model import Declare
from tests.conftest import Result
from tests.pursuit.table import CARDS, SETTINGS

Cli = Callable[..., Result]


def setup_of(modules: str, version: str = pursuit.rules_version) -> Setup:
    return Setup(
        game="pursuit",
        rules_version=version,
        players=("ann", "bob"),
        mode="standard",
        options={"modules": modules},
    )


def ok(cli: Cli, line: str) -> Result:
    result = cli(*shlex.split(line))
    assert result.code == 0, f"{line}: {result.err}"
    return result


def player(cli: Cli, name: str) -> dict[str, int]:
    view = json.loads(cli("status", "--json").out)["view"]
    return dict(view["players"][name])


@pytest.fixture
def teen(cli: Cli, tmp_path: Path) -> Cli:
    """A real table's first game with School and Friends, no card file: the base game's numbers
    (a group's own), two Life Goals and a Child Trait each (invented: no text prints them)."""
    settings = tmp_path / "settings.toml"
    settings.write_text(SETTINGS)
    ok(cli, f"new pursuit --players maya,omar --modules school,friends --cards {settings}")
    for goal in ("goal-a", "goal-b"):
        ok(cli, f"pursuit declare life-goal {goal} l1=1knowledge..2lth")
    ok(cli, "pursuit reveal goals goal-a goal-b")
    for friend in ("anna", "bob", "carl"):
        ok(cli, f"pursuit declare friend {friend} l1=..1creativity.1money l2=.1money.1lth l3=.2money.1lth")
    return cli


def test_rugby_player_is_played_without_a_declaration(teen: Cli) -> None:
    cli = teen
    ok(cli, "pursuit declare friend kevin l1=...1money l2=.1influence.1lth.1money")
    ok(cli, "pursuit reveal friends kevin anna bob carl")
    ok(cli, "pursuit declare child-trait bookish l1=..1knowledge,2influence")
    ok(cli, "pursuit declare child-trait sporty l1=..1creativity")
    ok(cli, "pursuit trait maya sporty")
    ok(cli, "pursuit trait omar bookish")
    ok(cli, "pursuit pass maya")
    before = player(cli, "omar")
    result = ok(cli, "pursuit career omar rugby-player")
    after = player(cli, "omar")
    # 3. School: "He places 1 Hourglass token on the card, gets 1 Stress and pays 1 Knowledge
    # and 2 Influence to place the card in front of him and gain 9 Money" (and the hourglass on
    # the School tile, the Board Action's).
    assert "omar takes RUGBY PLAYER (L1)" in result.out
    assert after["knowledge"] == before["knowledge"] - 1 and after["influence"] == before["influence"] - 2
    assert after["stress"] == before["stress"] + 1 and after["money"] == before["money"] + 9
    assert after["hourglasses"] == before["hourglasses"] - 2
    assert "declare" not in json.dumps(
        [line for line in cli("log").out.splitlines() if "rugby" in line.lower()]
    )


def test_kevin_is_asked_only_what_friends_does_not_print(teen: Cli) -> None:
    cli = teen
    refused = cli("pursuit", "reveal", "friends", "kevin", "anna", "bob", "carl")
    assert refused.code != 0
    # Printed: the L1 Requirement (a Job) and Reward, L3's cost and reward, no Upkeep at L3.
    hint = "reveal friends kevin l1=...UPKEEP.INCOME l2=.COST.REWARD.UPKEEP.INCOME"  # typed with the reveal
    assert hint in refused.err
    ok(cli, "pursuit declare friend kevin l1=...1money l2=.1influence.1lth.1money")
    kevin = json.loads(cli("status", "--json").out)["view"]["faces"]["cards"]["KEVIN"]
    levels = kevin["levels"]
    # "As he has a Job (L1 Requirement) ... gains 1 Creativity and 2 Influence (L1 Reward)";
    # L3: "pay 4 Knowledge to gain 2 Creativity, 3 Influence, and 2 LTH".
    assert levels[0] == {"requirement": "job", "reward": "1creativity 2influence", "upkeep": "1money"}
    assert levels[2] == {"cost": "4knowledge", "reward": "2creativity 3influence 2lth"}
    assert len(levels) == 3


def test_a_part_declared_otherwise_than_printed_is_refused(teen: Cli) -> None:
    refused = teen(
        "pursuit", "declare", "friend", "kevin", "l1=job..2influence.1money", "l2=.1influence.1lth"
    )
    assert refused.code == 1 and "KEVIN shows l1.reward 1creativity 2influence" in refused.err


@pytest.mark.parametrize(
    ("name", "kind", "hint"),
    [
        # 4. Stand-Alone Jobs prints every cost and reward of the Graphic Designer, not its
        # Requirement.
        ("GRAPHIC DESIGNER", "stand-alone-job", "declare stand-alone-job graphic-designer l1=REQUIREMENT"),
        # 2. Pets: the Koi's L1 cost and reward, its L3 Upkeep, its final (4th) level.
        ("KOI", "pet", "declare pet koi l1=...UPKEEP l2=.COST.REWARD.UPKEEP l3=.COST.REWARD"),
        # Community's example: the Renaissance Fair's Multiple Players indicator, Engage Cost,
        # Outcomes 2 and 3's costs and rewards.
        (
            "RENAISSANCE FAIR",
            "community",
            "declare community renaissance-fair engage=REQUIREMENT..REWARD outcome=REQUIREMENT.COST.REWARD"
            " outcome=REQUIREMENT outcome=REQUIREMENT",
        ),
    ],
)
def test_a_partly_printed_card_asks_only_its_missing_parts(name: str, kind: str, hint: str) -> None:
    assert faces.hint(name, kind) == hint
    # the hint, each placeholder given a value, is accepted and gives back the printed parts
    typed = hint.replace("REQUIREMENT", "job").replace("COST", "1money").replace("REWARD", "1lth")
    typed = typed.replace("UPKEEP", "1money").replace("INCOME", "1money")
    command = pursuit.parse(pursuit.initial(setup_of("community,pets")), typed.split())
    face = faces.check(faces.Faces(), command.face)  # type: ignore[attr-defined]
    printed = faces.data.PRINTED_CARDS.get(name) or faces.data.PRINTED_COMMUNITY[name]
    assert all(faces._get(face, key) for key, value in printed.items() if value and key != "kind")


def test_only_a_card_printed_whole_is_built_in() -> None:
    # RUGBY PLAYER (3. School's example: every level, its Retirement) and nothing else.
    built = faces.printed_whole()
    assert list(built) == ["RUGBY PLAYER"]
    rugby = built["RUGBY PLAYER"]
    assert rugby.levels[1] == Level(cost="1knowledge 2influence 2stress 3hourglass", reward="14money 1lth")
    assert rugby.levels[2] == Level(cost="1influence 1sth", reward="3money 2lth 1relax")
    assert rugby.retirement == "3money"
    assert "RUGBY PLAYER" in pursuit.initial(setup_of("school")).faces.cards
    # without School, or in a log of rules version 3 (which declared it), not built in
    assert "RUGBY PLAYER" not in pursuit.initial(setup_of("friends")).faces.cards
    assert "RUGBY PLAYER" not in pursuit.initial(setup_of("school", "3")).faces.cards


def test_what_a_table_types_of_a_printed_card_declares_the_same_face() -> None:
    # The test data's named cards (what the texts print, the rest invented): typed without the
    # printed parts, each comes back whole; a Community card keeps its own Outcomes.
    for command in pursuit.load_cards(setup_of(",".join(faces.data.MODULES)), CARDS):
        face = command.face  # type: ignore[attr-defined]
        if getattr(face, "name", "") not in {*faces.data.PRINTED_CARDS, *faces.data.PRINTED_COMMUNITY}:
            continue
        typed = faces.as_typed(face)
        assert len(pursuit.text(Declare(typed))) <= len(pursuit.text(command)), face.name
        assert typed != face or face.name not in faces.data.PRINTED_CARDS, face.name
        assert faces.check(faces.Faces(), typed) == faces.check(faces.Faces(), face), face.name
