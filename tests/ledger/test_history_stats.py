"""Issue 42, "A group's history (BG Stats is the anchor)": per player and game, plays, wins and
win %, average, best and latest score, the usual finishing rank, the games' length, head to head;
filters by game, player, player count and date; `referee stats --csv` (and `--json`) writes the
finished games' results, one row per player per game (date, game, mode, player count, player,
score, rank, winner, length).

Every expected number comes from PEBBLES' rules (tests/pebbles.py: take 1 to 3 from the pile in
turn; the game ends when the pile is empty; most pebbles wins, ties share the rank, a player's
rank is 1 + how many hold more), applied by hand to the moves below."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable

import pytest

from ledger.service import Referee
from tests.conftest import Result

Cli = Callable[..., Result]


@pytest.fixture
def three(referee: Referee) -> None:
    """Game 1: alice takes all 3: alice 3, bob 0. Game 2: alice 1, bob 2: bob wins. Game 3
    (alice, bob, carol, a pile of 4): alice 2, bob 2, carol 0: alice and bob share the win,
    carol ranks 3 (two hold more). Game 4, abandoned: alice takes all 3."""
    one = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "3"})
    referee.submit_text(one, ["take", "alice", "3"])
    two = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "3"})
    referee.submit_text(two, ["take", "alice", "1"])
    referee.submit_text(two, ["take", "bob", "2"])
    three = referee.new_game("pebbles", ["alice", "bob", "carol"], options={"pile": "4"})
    referee.submit_text(three, ["take", "alice", "2"])
    referee.submit_text(three, ["take", "bob", "2"])
    four = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "3"})
    referee.submit_text(four, ["take", "alice", "3"])
    referee.abandon(four, reason="a try-out")


def _stats(cli: Cli, *args: str) -> dict[str, dict[str, str]]:
    """The per-player table of `stats`, as {player: {column: cell}}."""
    told = cli("stats", *args)
    assert told.code == 0, told.err
    lines = told.out.split("\n\n")[1].splitlines()
    header = [c.strip() for c in lines[0].split("  ") if c.strip()]
    return {row.split()[1]: dict(zip(header, row.split(), strict=True)) for row in lines[2:]}


def test_stats_per_player_from_the_rules(cli: Cli, three: None) -> None:
    rows = _stats(cli)
    # alice: 3, 1, 2 pebbles; won game 1, shared game 3; ranks 1, 2, 1.
    assert rows["alice"] == {
        "game": "pebbles",
        "player": "alice",
        "played": "3",
        "won": "1",
        "shared": "1",
        "win %": "67",
        "average": "2.0",
        "best": "3",
        "latest": "2",
        "usual rank": "1",
        "last played": "2026-01-01",
    }
    # bob: 0, 2, 2; won game 2, shared game 3; ranks 2, 1, 1.
    assert [
        rows["bob"][c] for c in ("played", "won", "shared", "average", "best", "latest", "usual rank")
    ] == [
        "3",
        "1",
        "1",
        "1.3",
        "2",
        "2",
        "1",
    ]
    # carol: game 3 only, 0 pebbles, rank 3.
    assert [rows["carol"][c] for c in ("played", "won", "win %", "best", "usual rank")] == [
        "1",
        "0",
        "0",
        "0",
        "3",
    ]


def test_stats_filters_by_player_count_date_and_abandoned(cli: Cli, three: None) -> None:
    assert set(_stats(cli, "--players", "3")) == {"alice", "bob", "carol"}
    assert _stats(cli, "--players", "3")["alice"]["played"] == "1"
    assert _stats(cli, "--players", "2")["alice"]["played"] == "2"
    assert _stats(cli, "--all")["alice"]["played"] == "4"  # the abandoned game 4 counted when asked
    assert _stats(cli, "--since", "2026-01-01", "--until", "2026-01-01")["alice"]["played"] == "3"
    assert cli("stats", "--since", "2026-01-02").out == "no finished games yet\n"
    refused = cli("stats", "--since", "1/2/2026")
    assert refused.code == 2 and refused.err.count("\n") == 1 and "YYYY-MM-DD" in refused.err
    refused = cli("stats", "--csv", "--json")  # the refusal as JSON, as --json asks
    assert refused.code == 2 and json.loads(refused.out)["message"].startswith("--csv and --json")


def test_head_to_head_for_a_player(cli: Cli, three: None) -> None:
    told = cli("stats", "--player", "ALICE")  # names in any case
    assert told.code == 0
    head = told.out.split("head to head")[1].splitlines()[4:]  # after the heading, header and rule
    rows = {line.split()[1]: line.split()[2:] for line in head}
    # against bob: ahead in game 1, behind in game 2, level in game 3; against carol: ahead once.
    assert rows == {"bob": ["3", "1", "1", "1"], "carol": ["1", "1", "0", "0"]}
    assert set(_stats(cli, "--player", "alice")) == {"alice"}


def test_stats_csv_is_a_row_per_player_per_finished_game(cli: Cli, three: None) -> None:
    told = cli("stats", "--csv")
    assert told.code == 0
    assert told.err == "7 results of 3 finished games\n"
    rows = list(csv.DictReader(io.StringIO(told.out)))
    assert len(rows) == 7  # 2 + 2 + 3 players; the abandoned game left out
    for needed in (
        "date",
        "game",
        "mode",
        "players",
        "player",
        "score",
        "rank",
        "winner",
        "rounds",
        "minutes",
    ):
        assert needed in rows[0]
    by_game: dict[str, list[dict[str, str]]] = {}
    for row in rows:
        by_game.setdefault(row["game_id"], []).append(row)
    assert {(r["player"], r["score"], r["rank"], r["winner"], r["shared"]) for r in by_game["1"]} == {
        ("alice", "3", "1", "yes", "no"),
        ("bob", "0", "2", "no", "no"),
    }
    assert {(r["player"], r["score"], r["rank"], r["winner"], r["shared"]) for r in by_game["3"]} == {
        ("alice", "2", "1", "yes", "yes"),
        ("bob", "2", "1", "yes", "yes"),
        ("carol", "0", "3", "no", "no"),
    }
    assert {r["players"] for r in by_game["3"]} == {"3"}
    assert {(r["game"], r["mode"], r["date"], r["rounds"]) for r in rows} == {
        ("pebbles", "basic", "2026-01-01", "1")  # PEBBLES' one mode; has no rounds: the whole game is one
    }
    carol = list(csv.DictReader(io.StringIO(cli("stats", "--csv", "--player", "carol").out)))
    assert {r["game_id"] for r in carol} == {"3"}  # the games carol played, every player of them


def test_stats_csv_and_json_to_a_file(cli: Cli, three: None, tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    target = tmp_path / "plays.csv"
    told = cli("stats", "--csv", "-o", str(target))
    assert told.code == 0 and told.out == f"wrote {target}: 7 results of 3 finished games\n"
    assert len(target.read_text().splitlines()) == 8
    shown = json.loads(cli("stats", "--json").out)
    assert len(shown["results"]) == 7
    alice = next(s for s in shown["stats"] if s["player"] == "alice")
    assert (alice["played"], alice["won"], alice["shared"], alice["latest"], alice["rank"]) == (3, 1, 1, 2, 1)
    assert [g["players"] for g in shown["lengths"]] == [2, 3]
    assert shown["head_to_head"] == []  # only with --player


def test_a_title_a_spreadsheet_would_run_is_kept_as_text(cli: Cli, referee: Referee) -> None:
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "1"}, title="=SUM(A1)")
    referee.submit_text(game, ["take", "alice", "1"])
    rows = list(csv.DictReader(io.StringIO(cli("stats", "--csv").out)))
    assert {r["title"] for r in rows} == {"'=SUM(A1)"}
