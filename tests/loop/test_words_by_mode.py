"""Issue 17: each game's verbs, completion and errors follow the game's mode (LOOP's Basic Mode
has no CAREER, CREDIT CARD or EVENT: 4.0 Mode Comparison), and completion offers what can
follow or nothing (never a player's name where none fits, never file names after `use`)."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest

from referee_cli.app import Session, build_command
from referee_cli.complete import BASH_SCRIPT
from referee_cli.shell import Shell
from tests.conftest import Result
from tests.loop.test_cli import AREA, move
from tests.loop.test_shell import complete

Cli = Callable[..., Result]
OTHER_MODES = ("career", "apply", "payoff", "ability", "event", "call", "object")


@pytest.fixture
def basic(cli: Cli, db_path: Path) -> Shell:
    """ann and ben at a real table, Basic Mode, right after `new` (the table's reveals wait)."""
    assert cli("new", "loop", "--players", "ann,ben").code == 0
    session = Session(db_path, None)
    return Shell(session, session.game_id(), build_command())


def dealt(cli: Cli) -> None:
    move(cli, "reveal material glass --to ann")
    move(cli, "reveal material food --to ben")
    for card in AREA:
        move(cli, f"reveal activity {card}")


def test_a_verb_of_another_mode_is_refused_by_4_0(cli: Cli, basic: Shell) -> None:
    """`loop career ann intern` in Basic said "ann has not been dealt 2 CAREER yet"."""
    before = cli("log", "--json").out
    result = cli("loop", "career", "ann", "intern")
    assert result.code == 1, result
    assert result.err.startswith("referee: LOOP 4.0 Mode Comparison: there is no CAREER in Basic Mode")
    for verb, what in (("payoff", "CREDIT CARD"), ("event", "EVENT"), ("call", "CAREER")):
        refused = cli("loop", verb, "ann")
        assert refused.code == 1 and f"there is no {what} in Basic Mode" in refused.err, refused
    assert cli("log", "--json").out == before
    assert cli("new", "loop", "--mode", "cooperative", "--players", "ann,ben").code == 0
    refused = cli("loop", "accept", "ann")
    assert refused.code == 1 and "there is no ACCEPT or REJECT in Cooperative Mode" in refused.err


def test_help_and_errors_list_only_this_modes_verbs(cli: Cli, basic: Shell) -> None:
    listed = cli("loop", "--help").out
    assert "work" in listed and not any(f" {verb} " in listed for verb in OTHER_MODES)
    unknown = cli("loop", "fly", "ann")
    assert unknown.code == 2 and "unknown loop move 'fly'" in unknown.err
    assert "work" in unknown.err and not any(verb in unknown.err for verb in OTHER_MODES)
    text = basic.help()
    assert "work PLAYER" in text and not any(f"  {verb} " in text for verb in OTHER_MODES)
    assert not set(OTHER_MODES) & set(basic.candidates("", ""))
    assert complete(Path(basic.session.db), "referee loop ca") == []  # no `career`, `call`


def test_the_shell_refuses_another_modes_verb_by_the_rule(
    cli: Cli, basic: Shell, capsys: pytest.CaptureFixture[str]
) -> None:
    assert basic.run_line("career ann intern") == 1
    assert "there is no CAREER in Basic Mode" in capsys.readouterr().err
    assert basic.run_line("fly ann") == 2
    error = capsys.readouterr().err
    assert "'fly' is not a move" in error and "career" not in error


def test_other_modes_keep_their_verbs(cli: Cli) -> None:
    assert cli("new", "loop", "--mode", "competitive", "--players", "ann,ben").code == 0
    assert all(f" {verb} " in cli("loop", "--help").out for verb in OTHER_MODES)


def test_tab_offers_no_player_where_none_fits(cli: Cli, basic: Shell) -> None:
    """`undo`, `void`, `log`, `status`, `reveal material` and `end` before the main action
    offered the players' names."""
    for line in ("undo ", "void ", "void 3 ", "log ", "status ", "at ", "undo --reason "):
        assert not {"ann", "ben"} & set(basic.candidates(line, "")), line
    assert basic.candidates("undo --by ", "") == ["ann", "ben", "table"]
    assert basic.candidates("status --as ", "") == ["ann", "ben"]
    assert basic.candidates("moves ", "") == ["ann", "ben"]
    assert basic.candidates("undo --", "--") == ["--by", "--json", "--reason"]
    assert basic.candidates("undo --reason ", "") == basic.candidates("log -n ", "") == []
    # 1.0: the starting MATERIAL, any of the 5 types; once dealt, no reveal is open
    assert basic.candidates("reveal material ", "") == ["food", "glass", "metal", "plastic", "utility"]
    dealt(cli)
    assert basic.candidates("reveal material ", "") == []
    assert basic.candidates("end ", "") == []  # 2.7: ann ends her turn after WORK, BUY or CONSUME
    assert basic.candidates("work ", "") == ["ann"]


def test_bash_lists_file_names_only_where_a_file_is_asked_for(cli: Cli, basic: Shell, db_path: Path) -> None:
    """bash completed file names after `use`, `--game` and `void` (`complete -o default`)."""
    assert "-o default" not in BASH_SCRIPT.rpartition("complete ")[2]
    for words in (
        "referee use ",
        "referee --game ",
        "referee void ",
        "referee status ",
        "referee loop work ",
    ):
        assert complete(db_path, words) == [], words
    for words in ("referee import ", "referee export -o ", "referee new loop --cards ", "referee --db "):
        assert complete(db_path, words) == ["file,"], words
    assert complete(db_path, "referee undo --by ") == ["ann", "ben", "table"]


def test_a_piped_shell_line_of_another_mode_fails_with_its_exit_code(
    cli: Cli, basic: Shell, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("career ann intern\n"))
    assert cli("play").code == 1
