"""The command line: exit codes, one-line errors, --json shapes, the readable tables, `play`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from ledger import games
from ledger.decider import Verb
from ledger.errors import AmbiguousMove, WriteConflict
from ledger.service import Referee
from ledger.service.moves import Moves
from tests import pebbles
from tests.conftest import Result

ROOT = Path(__file__).resolve().parents[2]
Cli = Callable[..., Result]


@pytest.fixture
def recorded(referee: Referee) -> int:
    """A short game made with a fixed clock, so what the CLI prints of it is stable."""
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "7"}, title="demo")
    for words in ["take alice 3", "give alice bob 1", "take bob 2", "take alice 1"]:
        referee.submit_text(game, words.split())
    referee.undo(game, by="bob", reason="took from the wrong pile")
    referee.void(game, 4, by="alice", reason="gift taken back")
    return game


def one_line(result: Result) -> str:
    lines = result.err.strip().splitlines()
    assert len(lines) == 1, result.err
    assert "Traceback" not in result.err
    return lines[0]


def test_a_whole_game_from_the_command_line(cli: Cli) -> None:
    assert cli("new", "pebbles", "--players", "alice,bob", "--option", "pile=4").code == 0
    moved = cli("pebbles", "take", "alice", "3")
    assert moved.code == 0
    assert moved.out.splitlines()[0] == "recorded #2-3: take alice 3"
    assert "bob's turn" in moved.out
    assert cli("pebbles", "take", "bob", "1").code == 0
    assert "game over" in cli("status").out
    assert "alice wins" in cli("score").out
    assert cli("verify").code == 0


def test_exit_codes_and_one_line_errors(cli: Cli) -> None:
    cli("new", "pebbles", "--players", "alice,bob", "--option", "pile=3")
    cases = [
        (("pebbles", "take", "alice"), 2, "cannot read 'take alice'"),  # bad syntax
        (("new", "chess", "--players", "a,b"), 2, "unknown game 'chess'"),  # unknown name
        (("new", "pebbles"), 2, "Missing option '--players'"),  # a usage error
        (("pebbles", "take", "alice", "4"), 1, "PEBBLES 2: cannot take 4 (1 to 3)"),  # refused
        (("pebbles", "take", "bob", "1"), 1, "PEBBLES 2: it is alice's turn, not bob's"),  # not your turn
        (("void", "9", "--reason", "x"), 2, "has no row #9"),
        (("undo",), 1, "nothing to undo"),
        (("--game", "42", "status"), 2, "no game #42"),
    ]
    for args, code, message in cases:
        result = cli(*args)
        assert (result.code, result.out) == (code, ""), args
        assert message in one_line(result), args
    cli("pebbles", "take", "alice", "3")
    over = cli("pebbles", "give", "alice", "bob", "1")
    assert over.code == 1 and "PEBBLES 4: the pile is empty" in one_line(over)


def test_ambiguous_moves_and_write_conflicts_have_their_codes(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    cli("new", "pebbles", "--players", "alice,bob")

    def ambiguous(state: object, words: object) -> None:
        raise AmbiguousMove("which pebble?", candidates=["take alice 1", "take alice 2"])

    monkeypatch.setattr(pebbles, "parse", ambiguous)
    result = cli("pebbles", "take", "alice")
    assert result.code == 2
    assert one_line(result) == "referee: which pebble?: take alice 1, take alice 2"
    monkeypatch.undo()

    def conflict(*args: object, **kwargs: object) -> None:
        raise WriteConflict("another writer's move #2 (take alice 1) was recorded first")

    monkeypatch.setattr(Moves, "submit", conflict)
    assert cli("pebbles", "take", "alice", "1").code == 3


def test_an_unreadable_database_exits_3(cli: Cli, tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not sqlite" * 100)
    result = cli("--db", str(junk), "games")
    assert result.code == 3
    assert "cannot open the referee database" in one_line(result)


def test_json_errors(cli: Cli, snapshot: SnapshotAssertion) -> None:
    cli("new", "pebbles", "--players", "alice,bob")
    result = cli("pebbles", "take", "bob", "1", "--json")
    assert result.code == 1
    assert json.loads(result.out) == snapshot


def test_a_json_error_carries_each_field_the_reference_names(cli: Cli) -> None:
    """docs/reference.md: `{"error": kind, "message", "rule", "legal", "seq", "candidates",
    "exit_code"}`."""
    cli("new", "pebbles", "--players", "alice,bob")
    result = cli("pebbles", "take", "bob", "1", "--json")
    assert json.loads(result.out) == {
        "error": "not_your_turn",
        "message": "PEBBLES 2: it is alice's turn, not bob's",
        "rule": "PEBBLES 2",
        "legal": None,
        "seq": None,
        "candidates": [],
        "exit_code": 1,
    }


def test_json_shapes(cli: Cli, recorded: int, snapshot: SnapshotAssertion) -> None:
    for args in [("status",), ("at", "3"), ("log",), ("score",), ("games",), ("moves",), ("verify",)]:
        result = cli(*args, "--json")
        assert result.code == 0, args
        data = json.loads(result.out)
        if args[0] == "games":
            for game in data["games"]:
                game["created_at"] = "<created>"
        assert data == snapshot(name=args[0])


def test_the_tables_people_read(cli: Cli, recorded: int, snapshot: SnapshotAssertion) -> None:
    for args in [("status",), ("log",), ("score",), ("at", "5")]:
        result = cli(*args)
        assert result.code == 0
        assert result.out == snapshot(name=args[0])


def test_export_then_import(cli: Cli, recorded: int, tmp_path: Path) -> None:
    target = tmp_path / "game.jsonl"
    written = cli("export", "-o", str(target))
    assert written.code == 0 and "head #" in written.out
    lines = target.read_text().splitlines()
    assert json.loads(lines[0])["players"] == ["alice", "bob"]
    again = cli("import", str(target))  # the same log, already here: no duplicate
    assert again.code == 0 and "is game 1 already" in again.out
    imported = cli("import", str(target), "--copy")
    assert imported.code == 0 and "as game 2" in imported.out
    assert cli("--game", "2", "status").out.replace("game 2", "game 1") == cli("--game", "1", "status").out
    lines[3] = lines[3].replace('"n":3', '"n":1')
    target.write_text("\n".join(lines))
    refused = cli("import", str(target))
    assert refused.code == 1 and "row #3 was altered" in one_line(refused)


def test_verify_with_a_kept_head_hash(cli: Cli, recorded: int, referee: Referee) -> None:
    _, head = referee.export(recorded)
    assert cli("verify", "--head", head).code == 0
    assert cli("verify", "--head", "f" * 64).code == 1
    # Like git, a unique prefix of 8 or more hex digits, also as the README prints it.
    assert cli("verify", "--head", head[:8]).code == 0
    assert cli("verify", "--head", head[:10] + "...").code == 0
    assert cli("verify", "--head", head[:7]).code == 2
    assert cli("verify", "--head", "not-a-hash").code == 2


def test_play_through_a_pipe(db_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "REFEREE_DB": str(db_path)}
    command = [sys.executable, "-m", "tests.run_cli"]
    subprocess.run(
        [*command, "new", "pebbles", "--players", "alice,bob", "--option", "pile=5"], env=env, check=True
    )
    script = (
        "take alice 2\nstatus\ntake alice 1\nhelp\nundo --reason oops\nredo\nfly away\ntake bob 3\nscore\n"
    )
    done = subprocess.run([*command, "play"], input=script, env=env, capture_output=True, text=True, cwd=ROOT)
    assert "Traceback" not in done.stderr
    assert done.stderr.splitlines() == [
        "referee: PEBBLES 2: it is bob's turn, not alice's",
        "referee: 'fly' is not a move or a table command (moves: take, give;"
        " table: status, log, score, moves, undo, redo, void, at, verify, cards, export; or help)",
    ]
    out = done.stdout
    assert "recorded #2-3: take alice 2" in out
    assert "recorded #4: undo #2 (take alice 2)" in out and "recorded #5-6: take alice 2" in out
    assert "recorded #7-8: take bob 3" in out
    assert "bob wins" in out
    assert done.returncode == 1  # a piped session reports that a line failed


@pytest.mark.parametrize(
    ("kind", "verb"),
    [(kind, verb) for kind in ("loop", "planet-b", "pursuit") for verb in games.get(kind).verbs],
    ids=lambda v: v if isinstance(v, str) else v.name,
)
def test_a_verbs_help_shows_its_usage(cli: Callable[..., Result], kind: str, verb: Verb) -> None:
    # Issue 17: `planet-b law --help` lost "[yellow|blue]" (read as a colour); the help shows
    # the usage as the grammar reads it (compared without spaces: help wraps at hyphens).
    result = cli(kind, verb.name, "--help")
    assert result.code == 0
    assert "".join(verb.usage.split()) in "".join(result.out.split())
