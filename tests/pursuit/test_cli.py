"""The Pursuit of Happiness from the command line, the way a table plays it: the settings the
referee asks for at ``new``, a real table's reveals, refusals that append nothing, a whole
virtual game typed into ``referee play``; what people see (status, the score sheet) as
snapshots."""

from __future__ import annotations

import io
import json
import shlex
from collections.abc import Callable
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

import ledger.games.pursuit as pursuit
from ledger.decider import Setup
from ledger.games.pursuit.faces import Faces, added, check
from tests.conftest import Result
from tests.pursuit.fuzz import play
from tests.pursuit.table import ALL, CARDS, SETTINGS

ROOT = Path(__file__).resolve().parents[2]
CARDS_FILE = str(ROOT / "fixtures" / "pursuit-test-cards.toml")
Cli = Callable[..., Result]
BOARD = "renaissance-fair organize-a-party safety-seminar big-project-at-work romantic-getaway"


def move(cli: Cli, line: str) -> Result:
    result = cli("pursuit", *shlex.split(line))
    assert result.code == 0, f"{line}: {result.err}"
    return result


def head(cli: Cli) -> int:
    return int(json.loads(cli("status", "--json").out)["head"])


def status(cli: Cli) -> dict[str, object]:
    return dict(json.loads(cli("status", "--json").out))


@pytest.fixture
def both(tmp_path: Path) -> str:
    """The test settings and the test cards in one file (NOT the publisher's)."""
    path = tmp_path / "pursuit-test.toml"
    path.write_text(SETTINGS + "\n" + CARDS)
    return str(path)


def test_new_shows_the_settings_the_table_must_declare(cli: Cli) -> None:
    result = cli("new", "pursuit", "--players", "ann,ben", "--modules", ALL, "--cards", CARDS_FILE)
    assert result.code == 0, result.err
    assert "The Pursuit of Happiness for ann, ben" in result.out
    awaited = status(cli)["view"]["awaited"]  # type: ignore[index]
    # every setting awaited in one command, in its keys (issue 41); Community's popularity too
    [settings] = [a for a in awaited if a.startswith("declare settings ")]
    assert "hourglasses=START,MAX" in settings.split() and "popularity=A,B,C,D,E,F" in settings.split()
    bad = cli("pursuit", "declare", "setting", "sth", "2,5")
    assert bad.code == 1 and "runs from MIN up to MAX through 0" in bad.err
    move(cli, "declare setting sth -5,5")
    again = cli("pursuit", "declare", "setting", "sth", "-4,4")
    assert again.code == 1 and "declared otherwise" in again.err
    preset = cli("new", "pursuit", "--players", "ann", "--option", "preset=public", "--modules", "community")
    assert preset.code == 0
    awaited = status(cli)["view"]["awaited"]  # type: ignore[index]
    assert not any("hourglasses" in a for a in awaited) and any("solo-target" in a for a in awaited)
    five = cli("new", "pursuit", "--players", "a,b,c,d,e", "--modules", "friends")
    assert five.code == 2 and "5th player" in five.err


def test_a_real_table_reveals_refusals_append_nothing(cli: Cli, both: str) -> None:
    assert cli("new", "pursuit", "--players", "john,maria,nick", "--modules", ALL, "--cards", both).code == 0
    assert status(cli)["to_act"] == ["table"]
    unknown = cli("pursuit", "reveal", "goals", "make-a-fortune")
    assert unknown.code == 2 and "reveal goals make-a-fortune l1=" in unknown.err  # the face in the reveal
    move(cli, "reveal goals test-well-read test-career-minded test-richest")
    move(cli, "reveal friends kevin test-friend-1 test-friend-2 test-friend-3")
    twice = cli("pursuit", "reveal", "friends", "kevin")
    assert twice.code == 1
    for name, trait in (("john", "test-saver"), ("maria", "test-artist"), ("nick", "test-bookworm")):
        move(cli, f"trait {name} {trait}")
    assert status(cli)["headline"] == "Teen round · Action · john's turn"
    before = head(cli)
    refused = cli("pursuit", "engage", "john", "renaissance-fair", "--token")
    assert refused.code == 1 and "PURSUIT Community: Community Cards" in refused.err
    refused = cli("pursuit", "get-job", "john", "graphic-designer")
    assert refused.code == 1 and "the School tile covers Get Job" in refused.err
    refused = cli("pursuit", "action", "john", "study", "--token")
    assert refused.code == 1 and "PURSUIT Community: Engage in Community: the Community token" in refused.err
    bad = cli("pursuit", "action", "john")
    assert bad.code == 2
    assert head(cli) == before
    for name in ("john", "maria", "nick"):
        move(cli, f"pass {name}")
    assert "reveal community CARD (x5)" in status(cli)["prompt"]  # type: ignore[operator]
    move(cli, f"reveal community {BOARD}")
    board = status(cli)["view"]["community"]  # type: ignore[index]
    assert [slot["card"] for slot in board] == [c.upper().replace("-", " ") for c in BOARD.split()]  # type: ignore[index]


def test_a_whole_virtual_game_typed_into_the_shell(
    cli: Cli, monkeypatch: pytest.MonkeyPatch, snapshot: SnapshotAssertion, both: str
) -> None:
    """A game the fuzzer played, typed line by line into ``referee play``: the same end, the
    same score, a log that verifies; what people see, as snapshots."""
    played = play(11, 3, check_all=False)
    lines = [pursuit.text(command) for command in played.commands]
    new = cli("new", "pursuit", "--players", "ann,ben,cat", "--seed", "11", "--modules", ALL, "--cards", both)
    assert new.code == 0, new.err
    first = next(i for i, line in enumerate(lines) if line.startswith("engage"))
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines[:first]) + "\n"))
    assert cli("play").code == 0
    assert cli("status").out == snapshot(name="status before the first Engage")
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines[first:]) + "\n"))
    assert cli("play").code == 0
    sheet = json.loads(cli("score", "--json").out)["score"]
    assert sheet["final"] and sheet["winners"] == pursuit.score(played.state).winners
    assert cli("score").out == snapshot(name="the score sheet")
    assert cli("verify").code == 0


def test_the_cards_a_game_declared_load_back_the_same(cli: Cli, tmp_path: Path, both: str) -> None:
    """What the texts do not print, saved as TOML (`referee cards -o`), loaded with --cards."""
    assert cli("new", "pursuit", "--players", "ann,ben", "--modules", ALL, "--cards", both).code == 0
    saved = tmp_path / "ours.toml"
    assert cli("cards", "-o", str(saved)).code == 0
    text = saved.read_text()
    assert text.startswith("# The Pursuit of Happiness cards and base-game numbers declared at this table")
    setup = Setup(game="pursuit", rules_version="1", players=("ann", "ben"), mode="standard")
    assert _faces(pursuit.load_cards(setup, text)) == _faces(pursuit.load_cards(setup, SETTINGS + CARDS))


def _faces(commands: list[pursuit.Command]) -> Faces:
    declared = Faces()
    for command in commands:
        declared = added(declared, check(declared, command.face))
    return declared
