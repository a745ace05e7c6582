"""Issue 41, a typo invites bad data: every unknown command, verb, player, option and card name
is refused in one line, exit 2, nothing appended, with "did you mean X?" naming the close
known one; a card name a typo away from a card the game knows (printed in its rules, or
declared) names the known card before any invitation to declare a new one.

The expected names come from the issue (``referee lop``, ``loop wrok maya``, ``pursuit action
maya studdy``) and the rulebooks: DANCE (LOOP 2.2 c)), KEVIN (KS Promos 4, Friends example)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from ledger.words import did_you_mean, near
from tests.conftest import Result
from tests.pursuit.table import ALL, CARDS, SETTINGS

Cli = Callable[..., Result]


def refused(cli: Cli, *args: str) -> str:
    """The one line ``referee ARGS`` is refused with (exit 2, nothing appended)."""
    before = cli("log", "--json").out if cli("status").code == 0 else ""
    result = cli(*args)
    assert result.code == 2, result
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and not result.out, result
    if before:
        assert cli("log", "--json").out == before
    return lines[0]


def test_near_reads_names_as_typed() -> None:
    assert near("studdy", ["study", "play", "interact"]) == ["study"]
    assert near("wrok", ["work", "buy", "consume"]) == ["work"]
    assert near("sense-of-belongin", ["SENSE OF BELONGING", "HOBBY"]) == ["SENSE OF BELONGING"]
    assert near("study", ["study"]) == []  # a known name is no typo
    assert did_you_mean("xyz", ["loop", "pursuit", "planet-b"]) == ""


def test_an_unknown_command_names_the_close_one(cli: Cli) -> None:
    line = refused(cli, "lop")
    assert "unknown command 'lop': did you mean loop?" in line
    assert "did you mean" not in refused(cli, "xyzzy")


@pytest.fixture
def loop(cli: Cli) -> None:
    assert cli("new", "loop", "--players", "maya,omar,lin").code == 0
    assert cli("loop", "reveal", "material", "glass", "food", "metal", "--to", "maya,omar,lin").code == 0


def test_an_unknown_verb_player_and_option_name_the_close_one(cli: Cli, loop: None) -> None:
    assert "unknown loop move 'wrok': did you mean work?" in refused(cli, "loop", "wrok", "maya")
    line = refused(cli, "loop", "reveal", "activity", "dance", "--nedds", "glass,plastic")
    assert "did you mean --needs?" in line


def test_a_typo_of_a_printed_activity_is_no_new_card(cli: Cli, loop: None) -> None:
    """DANCE is printed in LOOP 2.2 c): `dacne` is not invited as a new ACTIVITY."""
    line = refused(
        cli, "loop", "reveal", "activity", "dacne", "--needs", "glass,plastic", "--props", "group,leaf"
    )
    assert "did you mean dance?" in line
    assert "does not know" not in line


@pytest.fixture
def pursuit(cli: Cli, tmp_path: Path) -> None:
    both = tmp_path / "pursuit-test.toml"
    both.write_text(SETTINGS + "\n" + CARDS)
    assert (
        cli("new", "pursuit", "--players", "maya,omar,lin", "--modules", ALL, "--cards", str(both)).code == 0
    )
    for line in (
        "reveal goals test-well-read test-career-minded test-richest",
        "reveal friends kevin test-friend-1 test-friend-2 test-friend-3",
        "trait maya test-saver",
        "trait omar test-artist",
        "trait lin test-bookworm",
    ):
        assert cli("pursuit", *line.split()).code == 0, line


def test_a_typo_of_a_board_action_is_not_invited_to_be_declared(cli: Cli, pursuit: None) -> None:
    """The issue: `action maya studdy` answered "the table declares it (declare action studdy ...)"."""
    line = refused(cli, "pursuit", "action", "maya", "studdy")
    assert "did you mean study?" in line
    assert "the table declares it" not in line
    assert line.index("did you mean") < line.find("action maya studdy reward=")


def test_a_typo_of_a_printed_card_names_it(cli: Cli, pursuit: None) -> None:
    """KEVIN is printed in KS Promos 4 (Friends)."""
    line = refused(cli, "pursuit", "start-friendship", "maya", "kevn")
    assert "did you mean kevin?" in line and "does not know" not in line
    assert "did you mean maya?" in refused(cli, "pursuit", "action", "mya", "study")
    assert "did you mean start-friendship" in refused(cli, "pursuit", "start-frendship", "maya", "kevin")


def test_a_new_name_far_from_every_known_one_is_still_asked_for(cli: Cli, pursuit: None) -> None:
    line = refused(cli, "pursuit", "action", "maya", "yoga")
    assert "did you mean" not in line and "action maya yoga reward=REWARD" in line
