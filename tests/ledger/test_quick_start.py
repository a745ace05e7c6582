"""`status`, `undo` and a move start without typer (``referee_cli.base.quick``): each must do
exactly what its typer command does (the same output, error line, exit code and log), and
anything else must still reach typer."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ledger import games
from ledger.service import Referee
from ledger.store import Store
from referee_cli.app import build_command
from referee_cli.base import quick
from referee_cli.main import run

QUICK = [
    ["status"],
    ["STATUS"],
    ["undo"],
    ["pebbles", "take", "alice", "3"],
    ["PEBBLES", "Take", "alice", "3"],
    ["pebbles", "take", "alice", "3", "--json"],
    ["pebbles", "take", "alice", "--JSON", "2"],
    ["pebbles", "take", "alice"],  # the game's grammar refuses it: exit 2
    ["pebbles", "take"],
    ["pebbles", "take", "bob", "1"],  # not bob's turn: exit 1
    ["pebbles", "take", "alice", "-1"],  # a word, not an option
    ["pebbles", "take", "alice", "--", "3"],
    ["--game", "1", "status"],
    ["--game=2", "undo"],
    ["--game", "9", "status"],  # no such game
    ["--game", "1", "pebbles", "take", "alice", "1"],  # game 1 is over
]
TYPED = [
    ["pebbles", "nosuch", "alice"],  # typer words the unknown verb
    ["pebbles", "moves"],
    ["pebbles", "take", "--help"],
    ["pebbles", "take", "alice", "-h"],
    ["pebbles"],
    ["status", "--json"],
    ["undo", "--reason", "misread"],
    ["--game", "x", "status"],
    ["--game", "-1", "status"],
    ["--game", "status"],
    ["--db", "other.db", "status"],  # a second --db: click takes the last
    ["--version"],
    ["--help"],
    [],
]


@pytest.fixture
def table(tmp_path: Path) -> Path:
    """A pebbles game that is over (game 1) and one in play (game 2, the current one: alice to
    take from 4 pebbles)."""
    path = tmp_path / "table.db"
    referee = Referee(Store(path))
    over = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "1"})
    referee.submit_text(over, ["take", "alice", "1"])
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "7"})
    referee.submit_text(game, ["take", "alice", "2"])
    referee.submit_text(game, ["take", "bob", "1"])
    referee.use(game)
    referee.store.close()
    assert (over, game) == (1, 2)
    return path


def both(table: Path, argv: list[str], capsys: pytest.CaptureFixture[str]) -> list[tuple[object, ...]]:
    """``argv`` run quick and through typer, each on its own copy of ``table``: what each
    printed and exited with, and the rows each left in the log."""
    seen = []
    for name, command in (("quick", None), ("typed", build_command())):
        copy = table.with_name(f"{name}.db")
        shutil.copy(table, copy)
        shutil.copy(f"{table}.key", f"{copy}.key")
        capsys.readouterr()
        code = run(["--db", str(copy), *argv], command=command)
        out, err = capsys.readouterr()
        store = Store(copy)
        rows = [(r.seq, r.type, r.body) for g in store.games() for r in store.rows(g.id)]
        store.close()
        seen.append((code, out.replace(str(copy), "DB"), err.replace(str(copy), "DB"), rows))
    return seen


@pytest.mark.parametrize("argv", QUICK, ids=" ".join)
def test_a_quick_command_does_what_its_typer_command_does(
    table: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert quick(["--db", str(table), *argv]) is not None
    quick_run, typed_run = both(table, argv, capsys)
    assert quick_run == typed_run


@pytest.mark.parametrize("argv", TYPED, ids=" ".join)
def test_every_other_command_line_is_left_to_typer(table: Path, argv: list[str]) -> None:
    assert quick(["--db", str(table), *argv]) is None


def test_the_game_chosen_by_the_environment_is_read_as_click_reads_it(
    table: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for value, fast in (("1", True), ("", True), ("x", False), ("٣", False)):
        monkeypatch.setenv("REFEREE_GAME", value)
        assert (quick(["--db", str(table), "status"]) is not None) is fast, value
        if fast:
            quick_run, typed_run = both(table, ["status"], capsys)
            assert quick_run == typed_run
    monkeypatch.setenv("_REFEREE_COMPLETE", "bash_complete")  # Tab completion is click's
    assert quick(["--db", str(table), "status"]) is None


def test_status_a_move_and_undo_start_without_typer(table: Path) -> None:
    """What the quick start is for: typer and click are a third of a start's time."""
    probe = (
        "import sys; from referee_cli.main import run; code = run(sys.argv[1:]);"
        " assert code == 0, code; assert 'typer' not in sys.modules and 'click' not in sys.modules"
    )
    for argv in (["status"], ["pebbles", "take", "alice", "1"], ["undo"]):
        done = subprocess.run(
            [
                sys.executable,
                "-c",
                f"from tests import pebbles; from ledger import games;"
                f" games.register('pebbles', pebbles); {probe}",
                "--db",
                str(table),
                *argv,
            ],
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr


def test_no_database_is_refused_alike_and_none_is_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "none.db"
    seen = []
    for command in (None, build_command()):
        for argv in (["status"], ["undo"], ["pebbles", "take", "alice", "1"]):
            capsys.readouterr()
            code = run(["--db", str(missing), *argv], command=command)
            seen.append((argv[0], code, capsys.readouterr()))
    assert seen[:3] == seen[3:]
    assert {code for _, code, _ in seen} == {2}  # docs/reference.md: "no such game or database"
    assert not missing.exists()


def test_a_game_that_fails_to_load_is_one_line_either_way(
    table: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The quick start reads a game's verbs inside the run's guard: a game whose module does
    not import is the internal error's one line (exit 4), as through typer, never a traceback."""
    games.register("broken", "tests.no_such_module")
    try:
        quick_run, typed_run = both(table, ["broken", "move", "x"], capsys)
    finally:
        games.unregister("broken")
    assert quick_run == typed_run
    code, _, err, _ = quick_run
    assert code == 4 and "Traceback" not in err and len(err.splitlines()) == 1, err
