"""The shell a table types into, and completion: the next word comes from ``legal()``; help
speaks the grammar; aliases work everywhere a verb does."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from referee_cli.app import Session, build_command
from referee_cli.shell import Shell, history_path
from tests.conftest import Result
from tests.loop.test_cli import AREA, move

ROOT = Path(__file__).resolve().parents[2]
Cli = Callable[..., Result]


@pytest.fixture
def shell(cli: Cli, db_path: Path) -> Shell:
    """ann and ben at a real table after setup (ann GLASS@2, ben FOOD@2), ann's turn."""
    assert cli("new", "loop", "--players", "ann,ben").code == 0
    move(cli, "reveal material glass --to ann")
    move(cli, "reveal material food --to ben")
    for card in AREA:
        move(cli, f"reveal activity {card}")
    session = Session(db_path, None)
    return Shell(session, session.game_id(), build_command())


def test_tab_completes_the_next_word_from_the_legal_moves(shell: Shell) -> None:
    assert "favour" in shell.candidates("fa", "fa") and "favor" in shell.candidates("fa", "fa")
    assert shell.candidates("st", "st") == ["status"]
    # 1.0: the BUY AREA is one set of the 5 types; QUALITY 1 or 2 with ann's 2 COIN.
    buys = shell.candidates("buy ann ", "")
    assert {"glass:1", "glass:2", "food:1", "utility:2"} <= set(buys)
    assert "glass:3" not in buys  # 2.2 b: QUALITY is the COIN paid, and ann has 2
    assert shell.candidates("buy ann gl", "gl") == ["glass:1", "glass:2"]
    # A FAVOUR to ben: the kinds ann may hold (her hand is unseen at a real table) and may
    # play now (3.1: no RECYCLE while no LANDFILL holds a card), then ben's MATERIAL.
    assert set(shell.candidates("favour ann ", "")) == {"acquire", "barter", "resell", "share"}
    assert shell.candidates("favour ann share ", "") == ["ben"]
    assert shell.candidates("favour ann share ben ", "") == ["food@2"]
    assert shell.candidates("favor ann share ben ", "") == ["food@2"]  # an alias completes too
    assert shell.candidates("status --as ", "") == ["ann", "ben"]


def test_tab_offers_the_activity_a_player_can_pay_for(shell: Shell, cli: Cli) -> None:
    move(cli, "buy ann glass:1")  # ann: GLASS@2 and GLASS@1; LIBRARY needs GLASS and GLASS
    for line in ("end ann", "reveal material glass", "work ben", "end ben"):
        move(cli, line)
    assert shell.candidates("consume ann ", "") == ["library=glass@1,glass@2"]


def test_help_speaks_the_grammar(shell: Shell, capsys: pytest.CaptureFixture[str]) -> None:
    assert shell.help("favor").startswith("favour PLAYER acquire TARGET MAT")
    assert "(also: favor, acquire, barter, recycle, resell, share, renew)" in shell.help("favour")
    assert "work PLAYER [--rep N]" in shell.help()
    assert shell.run_line("?") == 0 and "table commands:" in capsys.readouterr().out
    assert shell.run_line("help undo") == 0 and "--reason" in capsys.readouterr().out
    assert shell.help("fly") == "no help on 'fly': try `help` for the list"


def test_the_history_lives_in_the_user_data_directory() -> None:
    assert history_path().name == "history"
    assert history_path().parent.name == "referee"


def test_aliases_work_from_the_command_line(shell: Shell, cli: Cli) -> None:
    move(cli, "WORK ann")
    move(cli, "favor ann share ben food")  # favor is favour
    move(cli, "accept ben")
    move(cli, "end-turn ann")  # end-turn is end
    move(cli, "acquire ben ann glass@2")  # a FAVOUR kind as a verb
    assert "ben plays ACQUIRE to ann" in cli("log", "-n", "1").out


def complete(db: Path, words: str) -> list[str]:
    """What bash's completion asks the installed command for (`referee --install-completion`)."""
    env = {
        **os.environ,
        "REFEREE_DB": str(db),
        "PYTHONPATH": str(ROOT),
        "_REFEREE_COMPLETE": "complete_bash",
        "COMP_WORDS": words,
        "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1)),
    }
    done = subprocess.run(
        [sys.executable, "-c", "from referee_cli.main import main; main()"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    # click's protocol, one `type,value` a line: "plain" words, or "file" for bash's file names
    return [line.partition(",")[2] or line for line in done.stdout.split()]


def test_shell_completion_of_verbs_players_and_moves(shell: Shell, db_path: Path) -> None:
    assert complete(db_path, "referee lo") == ["log", "loop"]
    assert complete(db_path, "referee loop fav") == ["favour"]
    assert complete(db_path, "referee loop work ") == ["ann"]
    assert complete(db_path, "referee loop favour ann share ben ") == ["food@2"]
    assert complete(db_path, "referee moves ") == ["ann", "ben"]
    assert complete(db_path, "referee new ") == ["loop", "planet-b", "pursuit"]


def test_ctrl_c_clears_the_line_and_ctrl_d_leaves(shell: Shell, monkeypatch: pytest.MonkeyPatch) -> None:
    keys = iter([KeyboardInterrupt(), "status", EOFError()])

    def typed(prompt: str) -> str:
        key = next(keys)
        if isinstance(key, BaseException):
            raise key
        return key

    monkeypatch.setattr("builtins.input", typed)
    assert shell.read(interactive=True) == "status"  # Ctrl-C: a new, empty line; still here
    assert shell.read(interactive=True) is None  # Ctrl-D: leave
