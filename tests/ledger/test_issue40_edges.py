"""Issue 40's holes at the edges, tried as a hostile player at the table would: files nested
deeper than any parser's stack (hole 8). Each test failed on e60c247, before the fix it
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
