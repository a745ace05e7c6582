"""Issue 40's holes at the edges, tried as a hostile player at the table would: files nested
deeper than any parser's stack (hole 8), an export piped into a reader that stops early under
either buffering of the output (hole 11). Each test failed on e60c247, before the fix it
guards."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from ledger.service import Referee
from tests import pebbles
from tests.conftest import Result
from tests.ledger.test_integrity import head, moves, rechain

Cli = Callable[..., Result]
ROOT = Path(__file__).resolve().parents[2]


def one_line(result: Result, code: int) -> str:
    """A refusal: exit ``code``, one line on stderr, no traceback."""
    assert result.code == code, result
    assert "Traceback" not in result.err and "internal error" not in result.err, result.err
    lines = result.err.strip().splitlines()
    assert len(lines) == 1, result.err
    return lines[0]


def game_count(cli: Cli) -> int:
    return len(json.loads(cli("games", "--json").out)["games"])


# --- hole 8: nesting deeper than a parser's stack ------------------------------------------


@pytest.mark.parametrize("where", ["header", "row", "body"])
def test_an_import_line_nested_1000_deep_is_bad_input_naming_the_line(
    cli: Cli, tmp_path: Path, where: str
) -> None:
    """A value nested 1,000 deep anywhere in an export (an unknown field of the header, of a
    row, or inside a row's body) is refused as bad input naming its line, before any of it is
    decoded: the referee's own lines nest a few levels."""
    cli("new", "pebbles", "--players", "alice,bob")
    moves(cli, "take alice 2")
    lines = cli("export").out.splitlines()
    deep = "[" * 1000 + "]" * 1000
    if where == "header":
        lines[0] = lines[0][:-1] + f',"note":{deep}}}'
    elif where == "row":
        lines[2] = lines[2][:-1] + f',"note":{deep}}}'
    else:
        lines[2] = lines[2].replace('"body":{', f'"body":{{"note":{deep},', 1)
    forged = tmp_path / "deep.jsonl"
    forged.write_text("\n".join(lines) + "\n")
    line = one_line(cli("import", str(forged), "--copy"), 2)
    number = 1 if where == "header" else 3
    assert line.startswith(f"referee: line {number} of the file nests arrays and objects more than"), line
    assert game_count(cli) == 1
    # Into a database that does not exist yet: refused, it leaves no file behind.
    fresh = tmp_path / "fresh.db"
    done = subprocess.run(
        [sys.executable, "-m", "tests.run_cli", "--db", str(fresh), "import", str(forged)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
    )
    assert (done.returncode, done.stdout, done.stderr.count("\n")) == (2, "", 1), done
    assert not fresh.exists()


@pytest.mark.parametrize(
    "toml",
    [
        "[[activity]]\nname = 'DEEP'\nneeds = " + "[" * 500 + "]" * 500 + "\n",
        "[[activity]]\nname = 'DEEP'\nneeds = " + "{a = " * 500 + "1" + "}" * 500 + "\n",
        "[[activity]]\nname = 'DEEP'\nneeds = " + "[" * 80 + "]" * 80 + "\n",  # parses, still too deep
    ],
    ids=["arrays-500", "tables-500", "arrays-80"],
)
def test_a_cards_file_nested_500_deep_is_bad_input(cli: Cli, tmp_path: Path, toml: str) -> None:
    """`new --cards FILE` and `cards import FILE` refuse a cards file nested deeper than any
    cards file is, as bad input: one line, nothing made."""
    cards = tmp_path / "deep.toml"
    cards.write_text(toml)
    line = one_line(cli("new", "loop", "--players", "ann,ben", "--cards", str(cards)), 2)
    assert line.startswith("referee: cards file: it nests arrays and tables more than"), line
    line = one_line(cli("cards", "import", str(cards), "--kind", "loop"), 2)
    assert line.startswith("referee: cards file: it nests arrays and tables more than"), line
    assert cli("new", "pebbles", "--players", "alice,bob").code == 0
    assert game_count(cli) == 1
    assert "DEEP" not in cli("cards", "--kind", "loop").out


def test_a_body_nested_2000_deep_in_the_database_is_named_by_verify(cli: Cli, db_path: Path) -> None:
    """A row's body rewritten with a value nested 2,000 deep, every hash recomputed and the
    verified marks deleted (so that only a whole check finds it): `verify` names the row,
    and every other command refuses the game; none is an internal error."""
    cli("new", "pebbles", "--players", "alice,bob")
    moves(cli, "take alice 2", "take bob 1")
    conn = sqlite3.connect(db_path, isolation_level=None)
    deep = "[" * 2000 + "]" * 2000
    conn.execute(
        "UPDATE events SET body = replace(body, '{', '{\"note\":' || ? || ',') WHERE seq = 4", (deep,)
    )
    conn.execute("DELETE FROM verified")
    conn.close()
    rechain(db_path)
    line = one_line(cli("verify"), 1)
    assert "row #4 does not decode" in line, line
    for args in (("status",), ("log",), ("pebbles", "take", "alice", "1")):
        assert "row #4 does not decode" in one_line(cli(*args), 3), args
    assert head(db_path) == 5


# --- hole 11: an export piped into a reader that stops early -----------------------------------


@pytest.fixture(scope="module")
def long_export(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A pebbles game of 2,001 rows: its export (about 630 KB) is far more than a pipe holds."""
    db = tmp_path_factory.mktemp("long") / "ledger.db"
    referee = Referee.open(db)
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "100000"})
    for n in range(1000):
        referee.submit(game, pebbles.Take(("alice", "bob")[n % 2], 1))
    referee.store.close()
    return db


def read_one_line(db: Path, args: list[str], unbuffered: bool) -> tuple[int, bytes, str]:
    """``referee ARGS | head -1``: the reader takes the first line (at most 4 KB of it: `log
    --json` is one line) and closes the pipe. Returns the exit code, the line read and stderr."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYTHONUNBUFFERED", None)
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"  # as some shells and IDEs set it
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.run_cli", "--db", str(db), *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdout is not None and child.stderr is not None
    first = child.stdout.readline(4096)
    child.stdout.close()
    err = child.stderr.read().decode()
    return child.wait(timeout=60), first, err


@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("args", [["export"], ["log"], ["log", "--json"]], ids=" ".join)
def test_a_command_piped_into_head_says_its_output_was_cut(
    long_export: Path, args: list[str], unbuffered: bool
) -> None:
    """`referee export | head -1` under either buffering of Python's output: the first line
    arrives, then one line says the output was closed before all of it was written (exit 5),
    and no summary claims every row."""
    code, first, err = read_one_line(long_export, args, unbuffered)
    assert first.strip(), first
    assert code == 5, (code, err)
    assert err == "referee: the output was closed: not all of it was written\n", err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "unbuffered"])
def test_an_export_to_a_full_disk_says_so_under_either_buffering(long_export: Path, unbuffered: bool) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYTHONUNBUFFERED", None)
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [sys.executable, "-m", "tests.run_cli", "--db", str(long_export), "export"],
            cwd=ROOT,
            env=env,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
        )
    assert done.returncode == 5, done.stderr
    assert done.stderr == "referee: the output failed (No space left on device): not all of it was written\n"
