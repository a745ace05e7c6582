"""What a table expects of the command line beyond the moves: the version, any case, a log
that streams and can be cut, reads that never create a database, results across games."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ledger.service import Referee, repository
from tests.conftest import Result

LOOP_CARDS = Path(__file__).parents[2] / "fixtures" / "loop-test-cards.toml"

Cli = Callable[..., Result]


def finish(referee: Referee, players: list[str], takes: list[str], pile: int = 4) -> int:
    game = referee.new_game("pebbles", players, options={"pile": str(pile)})
    for words in takes:
        referee.submit_text(game, words.split())
    return game


def test_version(cli: Cli) -> None:
    result = cli("--version")
    assert result.code == 0 and result.out == "referee 0.1.0\n"


def test_commands_options_and_verbs_in_any_case(cli: Cli) -> None:
    assert cli("NEW", "pebbles", "--PLAYERS", "alice,bob").code == 0
    moved = cli("PEBBLES", "TAKE", "alice", "2")
    assert moved.code == 0, moved.err
    assert "recorded #2-3: take alice 2" in moved.out
    assert cli("Status", "--JSON").code == 0


def test_reads_on_a_missing_database_create_nothing(cli: Cli, tmp_path: Path) -> None:
    missing = tmp_path / "not" / "yet" / "ledger.db"
    for args in [
        ("status",),
        ("log",),
        ("score",),
        ("games",),
        ("stats",),
        ("moves",),
        ("verify",),
        ("export",),
        ("cards",),
        ("at", "1"),
        ("use", "1"),
        ("undo",),
        ("pebbles", "take", "alice", "1"),
    ]:
        result = cli("--db", str(missing), *args)
        assert result.code == 2, (args, result.err)
        assert f"no referee database at {missing}" in result.err
        assert "referee new GAME --players A,B" in result.err
        assert not (tmp_path / "not").exists(), args


def test_log_last_entries_since_a_row_and_typed(cli: Cli, referee: Referee) -> None:
    game = finish(referee, ["alice", "bob"], ["take alice 1", "take bob 1", "take alice 1"], pile=7)
    referee.undo(game)  # #8, taking back #6
    last = cli("log", "-n", "2").out.splitlines()
    assert [line.split()[0] for line in last[2:] if line[:4].strip()] == ["6", "8"]
    assert "undo #6 (take alice 1)" in last[-1]
    since = json.loads(cli("log", "--since", "5", "--json").out)["entries"]
    assert [e["seq"] for e in since] == [4, 6, 8]  # row 5 is a fact of move #4
    move = since[0]
    assert move["body"] == {"type": "take", "player": "bob", "n": 1}
    assert move["events"] == [{"type": "pebbles.taken", "player": "bob", "n": 1}]
    assert since[-1]["body"]["how"] == "undo" and since[-1]["actor"] == "alice"  # the move's player
    assert cli("log", "-n", "0").code == 2
    assert cli("log", "--since", "99").code == 2


def test_the_log_is_read_as_it_is_printed(referee: Referee, monkeypatch: pytest.MonkeyPatch) -> None:
    """The service hands the log out an entry at a time from a cursor read in batches: the
    first entry is there before the rest of the log is read (each batch checked against the
    hash chain before any of it is shown)."""
    monkeypatch.setattr(repository, "FOLD_BATCH", 10)
    game = finish(referee, ["alice", "bob"], [], pile=50)
    for n in range(40):
        referee.submit_text(game, ["take", ("alice", "bob")[n % 2], "1"])
    read: list[int] = []
    original = referee.store.iter_rows

    def counting(game_id: int, after: int = 0, batch: int = 500, **upto: int) -> Any:
        for row in original(game_id, after, batch=10, **upto):
            read.append(row.seq)
            yield row

    monkeypatch.setattr(referee.store, "iter_rows", counting)
    entries = referee.log(game)
    first = [next(entries), next(entries)]
    assert [e.seq for e in first] == [1, 2] and max(read) <= 11  # one batch, not 81 rows
    assert len(list(entries)) == 39


def test_cards_as_json(cli: Cli) -> None:
    cli("new", "pebbles", "--players", "alice,bob")
    result = cli("cards", "--json")
    assert result.code == 0 and json.loads(result.out)["cards"] == {}


def test_cards_gives_back_the_faces_the_table_declared(cli: Cli) -> None:
    """`cards` is the game's own declared faces (reusable with `new --cards`): each ACTIVITY of
    the file the game started from comes back with its MATERIAL needs and PROPERTY."""
    declared = tomllib.loads(LOOP_CARDS.read_text())["activity"]
    cli("new", "loop", "--players", "ann,ben", "--seed", "7", "--cards", str(LOOP_CARDS))
    result = cli("cards", "--json")
    assert result.code == 0
    given = {face["name"]: face for face in json.loads(result.out)["cards"]["activity"]}
    assert {name: (sorted(face["needs"]), sorted(face["props"])) for name, face in given.items()} == {
        face["name"]: (sorted(face["needs"]), sorted(face["props"])) for face in declared
    }


def test_games_show_results_and_stats_sum_them_up(cli: Cli, referee: Referee) -> None:
    # PEBBLES 4: most pebbles wins, ties share the rank.
    finish(referee, ["alice", "bob"], ["take alice 3", "take bob 1"])  # alice 3, bob 1: alice
    finish(referee, ["alice", "bob"], ["take alice 2", "take bob 2"])  # 2 each: shared
    finish(referee, ["bob", "carol"], ["take bob 1", "take carol 3"])  # carol 3, bob 1: carol
    finish(referee, ["alice", "bob"], ["take alice 1"])  # not finished: not counted
    games = cli("games").out
    assert "alice wins (PEBBLES 3)" in games
    assert "alice and bob share the win (PEBBLES 2)" in games
    assert "bob's turn" in games
    rows = {r["player"]: r for r in json.loads(cli("stats", "--json").out)["stats"]}
    assert {k: rows["alice"][k] for k in ("played", "won", "shared", "average", "best")} == {
        "played": 2,
        "won": 1,
        "shared": 1,
        "average": 2.5,
        "best": 3,
    }
    assert {k: rows["bob"][k] for k in ("played", "won", "shared", "average", "best")} == {
        "played": 3,
        "won": 0,
        "shared": 1,
        "average": (1 + 2 + 1) / 3,
        "best": 2,
    }
    assert (rows["carol"]["played"], rows["carol"]["won"]) == (1, 1)
    text = cli("stats", "--game-kind", "pebbles").out
    assert "pebbles  alice" in text and "2.5" in text
    assert cli("stats", "--game-kind", "chess").code == 2


def test_json_carries_numbers_as_numbers(cli: Cli, referee: Referee) -> None:
    finish(referee, ["alice", "bob"], ["take alice 2"], pile=9)
    status = json.loads(cli("status", "--json").out)
    assert set(status) == {"game", "seq", "head", "headline", "to_act", "prompt", "over", "view"}

    def strings(value: Any) -> list[str]:
        if isinstance(value, str):
            return [value]
        if isinstance(value, dict):
            return [s for v in value.values() for s in strings(v)]
        if isinstance(value, list):
            return [s for v in value for s in strings(v)]
        return []

    assert not [s for s in strings(status) if s.strip().isdigit()]
    assert status["view"]["pile"] == 7 and status["view"]["held"] == {"alice": 2, "bob": 0}
