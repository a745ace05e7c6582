"""Issue 42, at the terminal: "A mistaken game stays forever". `referee abandon [GAME] --reason`
appends the fact (nothing is deleted): `games` and `stats` leave it out unless `--all`, its log
still verifies, exports and imports, and no move is recorded in it any more (one clear line)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from ledger.errors import BadInput, IllegalMove
from ledger.service import Referee
from tests.conftest import Result

Cli = Callable[..., Result]


@pytest.fixture
def two(referee: Referee) -> tuple[int, int]:
    """A mistaken game (1) and a real one (2), both of PEBBLES with a pile of 2: alice takes
    both and wins (PEBBLES 4: most pebbles wins)."""
    games = []
    for _ in range(2):
        game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "2"})
        referee.submit_text(game, ["take", "alice", "2"])
        games.append(game)
    return games[0], games[1]


def test_abandon_appends_a_row_and_nothing_is_played_after(referee: Referee, two: tuple[int, int]) -> None:
    mistaken, _ = two
    rows = len(referee.store.rows(mistaken))
    recorded = referee.abandon(mistaken, reason="typed the wrong players")
    assert recorded.seq == rows + 1 and len(referee.store.rows(mistaken)) == rows + 1  # appended, kept
    with pytest.raises(IllegalMove, match=r"game #1 was abandoned at #4 \(typed the wrong players\)"):
        referee.undo(mistaken)
    with pytest.raises(IllegalMove, match="was abandoned"):
        referee.abandon(mistaken, reason="again")
    assert referee.verify(mistaken).rows == rows + 1
    last = list(referee.log(mistaken))[-1]
    assert (last.kind, last.actor, last.reason) == ("abandoned", "table", "typed the wrong players")


def test_abandon_needs_a_reason_and_someone_at_the_table(referee: Referee, two: tuple[int, int]) -> None:
    with pytest.raises(BadInput, match="an abandon needs a reason"):
        referee.abandon(1, reason=" ")
    with pytest.raises(BadInput):
        referee.abandon(1, reason="x", by="mallory")
    assert len(referee.store.rows(1)) == 3  # nothing appended


def test_stats_leave_an_abandoned_game_out_unless_asked(referee: Referee, two: tuple[int, int]) -> None:
    referee.abandon(1, reason="a try-out")
    alice = {r.player: r for r in referee.stats()}["alice"]
    assert (alice.played, alice.won) == (1, 1)  # game 2 only
    alice = {r.player: r for r in referee.stats(abandoned=True)}["alice"]
    assert (alice.played, alice.won) == (2, 2)
    statuses = {info.id: info.status for info, _ in referee.overview()}
    assert statuses == {1: "abandoned", 2: "over"}


@pytest.fixture
def table(cli: Cli) -> None:
    for title in ("Mistake", "Friday"):
        assert (
            cli("new", "pebbles", "--players", "alice,bob", "--option", "pile=5", "--title", title).code == 0
        )
        assert cli("pebbles", "take", "alice", "1").code == 0


def test_cli_games_hide_the_abandoned_game_unless_all(cli: Cli, table: None) -> None:
    assert cli("abandon", "1", "--reason", "wrong players").out.startswith("recorded #4: abandon game 1")
    listed = cli("games").out
    assert "Friday" in listed and "Mistake" not in listed
    every = cli("games", "--all").out
    assert "Mistake" in every and "abandoned: wrong players" in every


def test_cli_a_move_in_an_abandoned_game_is_refused_in_one_line(cli: Cli, table: None) -> None:
    assert cli("abandon", "--reason", "try-out").code == 0  # the current game: 2
    refused = cli("pebbles", "take", "bob", "1")
    assert refused.code == 1 and refused.err.count("\n") == 1
    assert "game #2 was abandoned at #4 (try-out): nothing more is recorded in it" in refused.err
    assert cli("verify").code == 0


def test_cli_export_and_import_carry_the_abandon(
    cli: Cli, table: None, tmp_path: Path, elsewhere: Cli
) -> None:
    assert cli("abandon", "1", "--reason", "wrong players").code == 0
    file = tmp_path / "mistake.jsonl"
    assert cli("--game", "1", "export", "-o", str(file)).code == 0
    other = tmp_path / "other.db"
    assert elsewhere(other, "import", str(file)).code == 0
    assert "no games listed: 1 abandoned" in elsewhere(other, "games").out
    assert "abandoned: wrong players" in elsewhere(other, "games", "--all").out
    assert elsewhere(other, "pebbles", "take", "bob", "1").code == 1
    assert elsewhere(other, "verify").code == 0


def test_an_abandoned_game_asks_nobody_for_a_move(referee: Referee) -> None:
    """Its status says it was given up, and why, instead of whose turn it would be (bob's, after
    alice took 1 of 5: PEBBLES 2, the turn passes left)."""
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "5"})
    referee.submit_text(game, ["take", "alice", "1"])
    assert referee.board(game)[1].to_act == ["bob"]
    recorded = referee.abandon(game, reason="a try-out")
    _, board, screen = referee.board(game)
    said = f"abandoned at #{recorded.seq} (a try-out): nothing more is recorded in it"
    assert (board.headline, board.to_act, board.prompt) == (said, [], "")
    assert (screen.headline, screen.prompt) == (said, "")
    assert referee.board(game, upto=recorded.seq - 1)[1].to_act == ["bob"]  # the board before it
