"""Issue 17, a grammar no number can confuse, typed from bash and into `referee play`: a
negative move word (``-1lth``) is a word of the move, never a cluster of short options; a
level's parts are split by a character no shell treats specially."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Result
from tests.pursuit.table import ALL, CARDS, SETTINGS

Cli = Callable[..., Result]
SHELL_SPECIAL = set(";&|<>()$`\\!*?[]#~'\" ")


@pytest.fixture
def dealt(cli: Cli, tmp_path: Path) -> None:
    """A 3-player game with the test settings and cards (NOT the publisher's), its Life Goals,
    Friends and Child Traits revealed: the Teen round's first action."""
    both = tmp_path / "pursuit-test.toml"
    both.write_text(SETTINGS + "\n" + CARDS)
    assert cli("new", "pursuit", "--players", "ann,ben,cat", "--modules", ALL, "--cards", str(both)).code == 0
    for line in (
        "reveal goals test-well-read test-career-minded test-richest",
        "reveal friends kevin test-friend-1 test-friend-2 test-friend-3",
        "trait ann test-saver",
        "trait ben test-artist",
        "trait cat test-bookworm",
    ):
        assert cli("pursuit", *line.split()).code == 0, line


def lth(cli: Cli, player: str) -> int:
    view = json.loads(cli("status", "--json").out)["view"]
    return int(view["players"][player]["lth"])


@pytest.mark.parametrize("word", ["-1lth", "-1sth", "-1hourglass", "-2h"])
def test_a_negative_word_is_a_move_word_not_short_options(cli: Cli, dealt: None, word: str) -> None:
    """`adjust ann -1lth --why x` printed the help, exited 0 and recorded nothing: click read
    `-1lth` as `-1 -l -t -h`. Now it is recorded, or refused by the grammar or the rules."""
    before = cli("log", "--json").out
    result = cli("pursuit", "adjust", "ann", word, "--why", "x")
    assert "Usage:" not in result.out + result.err
    if result.code == 0:
        assert "adjust ann" in result.out and cli("log", "--json").out != before
    else:
        assert result.code in (1, 2) and len(result.err.strip().splitlines()) == 1, result
        assert cli("log", "--json").out == before


def test_a_negative_adjustment_is_recorded(cli: Cli, dealt: None) -> None:
    start = lth(cli, "ann")
    assert cli("pursuit", "adjust", "ann", "+2lth", "--why", "x").code == 0
    result = cli("pursuit", "adjust", "ann", "-1lth", "--why", "a misread card")
    assert result.code == 0, result
    assert lth(cli, "ann") == start + 1
    # --json and --help are the command line's only words of a move line
    result = cli("pursuit", "adjust", "ann", "-1lth", "--why", "x", "--json")
    assert result.code == 0 and json.loads(result.out)["text"].startswith("adjust ann -1lth")
    assert "Usage: referee pursuit adjust" in cli("pursuit", "adjust", "--help").out


def test_the_shell_reads_a_negative_word_as_a_move_word(
    cli: Cli, dealt: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The `play` shell printed the help and took the line as accepted."""
    start = lth(cli, "ann")
    monkeypatch.setattr("sys.stdin", io.StringIO("adjust ann +2lth --why x\nadjust ann -1lth --why y\n"))
    result = cli("play")
    assert result.code == 0 and "Usage:" not in result.out, result
    assert lth(cli, "ann") == start + 1


def test_what_bash_leaves_of_a_semicolon_level_is_refused(cli: Cli, dealt: None) -> None:
    """`declare item lamp l1=;2money;1influence` typed in bash recorded LAMP with an empty
    level (the `;` ended the command); what reaches the referee, `l1=`, is refused now."""
    before = cli("log", "--json").out
    for word in ("l1=", "l1=;2money;1influence"):
        result = cli("pursuit", "declare", "item", "lamp", word)
        assert result.code == 2, result
        assert "its parts are split by '.'" in result.err and len(result.err.splitlines()) == 1
    assert cli("log", "--json").out == before


def test_a_level_typed_in_bash_reaches_the_referee_whole(tmp_path: Path) -> None:
    """The separator is no character a shell treats specially: the line as bash runs it."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    both = tmp_path / "pursuit-test.toml"
    both.write_text(SETTINGS + "\n" + CARDS)
    script = (
        f"referee() {{ {sys.executable} -c 'from referee_cli.main import main; main()' \"$@\"; }}\n"
        f"referee new pursuit --players ann,ben --modules {ALL} --cards {both} >/dev/null\n"
        "referee pursuit declare item lamp l1=.2money.1influence\n"
        "referee cards --json\n"
    )
    done = subprocess.run(
        ["bash", "-c", script],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root), "REFEREE_DB": str(tmp_path / "ledger.db")},
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    recorded, cards = done.stdout.splitlines()[:2], json.loads(done.stdout.splitlines()[-1])["cards"]
    assert recorded[0].endswith("declare item lamp l1=.2money.1influence"), done.stdout
    [lamp] = [card for card in cards["card"] if card["name"] == "LAMP"]
    assert lamp["levels"][0] == {"cost": "2money", "reward": "1influence"}, lamp


def test_the_verbs_of_a_module_left_out_are_not_offered(cli: Cli) -> None:
    """Each game's verbs follow its setup: without the Community module there is no Engage in
    Community nor Outcome, without Friends no Friend action; help and errors say so."""
    assert cli("new", "pursuit", "--players", "ann,ben", "--modules", "friends").code == 0
    listed = cli("pursuit", "--help").out
    assert " develop " in listed and " engage " not in listed and " outcome " not in listed
    for verb in ("engage", "outcome"):
        refused = cli("pursuit", verb, "ann", "x")
        assert refused.code == 1, refused
        assert "Engage in Community: this game is played without the community module" in refused.err
    unknown = cli("pursuit", "fly")
    assert unknown.code == 2 and "engage" not in unknown.err and "develop" in unknown.err
    assert cli("new", "pursuit", "--players", "ann,ben", "--modules", "community").code == 0
    refused = cli("pursuit", "develop", "ann", "kevin")
    assert refused.code == 1 and "PURSUIT KS Promos 4: 1. Friends: this game is played without" in refused.err
