"""The score chart: each player's score at each round's end, derived from the log
(``Referee.score_by_round``), and ``referee score --chart FILE.svg``."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

import ledger.games.loop as loop
import ledger.games.planet_b as planet_b
from ledger.games.planet_b.model import TurnStarted
from ledger.service import Referee
from referee_cli.chart import _ticks
from tests import finished
from tests.conftest import Result
from tests.loop.fuzz import choose
from tests.loop.table import CARDS
from tests.planet_b import table as planet_b_table

ROOT = Path(__file__).resolve().parents[2]
LOOP_GAME = ROOT / "fixtures" / "loop-basic-3p.jsonl"
SVG = "{http://www.w3.org/2000/svg}"


def loop_game(referee: Referee) -> int:
    return referee.new_game("loop", ["ann", "ben", "cat"], seed=7, cards=CARDS)


def test_loop_happiness_at_each_rounds_end_from_the_rulebook(referee: Referee) -> None:
    """LOOP 2.1: every HAPPINESS token starts on 4 (Basic Mode); 2.2 a) WORK loses 1 HAPPINESS,
    BUY none. Round 1: ann works, takes it back, buys instead; ben and cat work. Round 2: all
    three work. Round 3 has just begun (ann's turn): it stands as round 2 left it."""
    game = loop_game(referee)
    referee.submit_text(game, ["work", "ann"])
    referee.undo(game, by="ann", reason="meant to buy")
    for words in ["buy ann plastic:1", "end ann", "work ben", "end ben", "work cat", "end cat"]:
        referee.submit_text(game, words.split())
    for name in ("ann", "ben", "cat"):
        referee.submit_text(game, ["work", name])
        referee.submit_text(game, ["end", name])
    _, chart = referee.score_by_round(game)
    assert chart.measure == "HAPPINESS"
    assert chart.rounds == ["1", "2", "3"]
    assert chart.scores == {"ann": [4, 3, 3], "ben": [3, 2, 2], "cat": [3, 2, 2]}
    assert chart.final is False


def test_a_finished_loop_game_ends_on_its_final_sheet(referee: Referee) -> None:
    game, _ = referee.import_lines(LOOP_GAME.read_text().splitlines())
    _, sheet = referee.score(game)
    _, chart = referee.score_by_round(game)
    assert chart.final is True
    assert chart.rounds == [str(n) for n in range(1, len(chart.rounds) + 1)]
    assert {line.player: line.categories["happiness"] for line in sheet.lines} == {
        name: values[-1] for name, values in chart.scores.items()
    }
    # LOOP 2.1: the first round ends with everyone near the start's 4 HAPPINESS (one turn each).
    assert all(abs(values[0] - 4) <= 2 for values in chart.scores.values())


@pytest.mark.parametrize(("kind", "first"), [("planet-b", "1"), ("pursuit", "Teen")])
def test_other_games_end_on_their_final_sheet(referee: Referee, kind: str, first: str) -> None:
    """Planet B's rounds are a turn of each player from the start player's; Pursuit's the Teen
    round, then the Adult rounds. The last number is the final sheet's (its end scoring done)."""
    game = finished.new(referee, kind, ["ann", "ben", "cat"])
    finished.play(referee, game, kind)
    _, sheet = referee.score(game)
    _, chart = referee.score_by_round(game)
    assert chart.final is True and chart.rounds[0] == first
    assert len(set(chart.rounds)) == len(chart.rounds) > 2
    assert {line.player: line.categories[sheet.points] for line in sheet.lines} == {
        name: values[-1] for name, values in chart.scores.items()
    }


def test_a_planet_b_round_is_a_turn_of_each_player_from_the_start_players() -> None:
    """PLANET B has no numbered rounds: the chart's round is a turn of each player, clockwise
    from the start player (board 1), whose first turn opens round 1."""
    table = planet_b_table.started(players=3)
    state = table.state
    first, second, third = state.seats
    assert state.players[first].board == 1 and state.active == first and state.round == 1
    for player, round_ in [(second, 1), (third, 1), (first, 2), (second, 2)]:
        state = planet_b.evolve(state, TurnStarted(player))
        assert (state.round, planet_b.standing(state).round) == (round_, round_)
        assert planet_b.view(state).round == round_


def test_planet_b_pockets_stay_hidden_while_the_game_runs(referee: Referee) -> None:
    """PLANET B: the victory points in a pocket are hidden until the Game End: the chart of a
    running game counts what the provisional sheet shows, and says so."""
    game = finished.new(referee, "planet-b", ["ann", "ben", "cat"])
    finished.play(referee, game, "planet-b", until_over=False, moves=80)
    _, sheet = referee.score(game)
    _, chart = referee.score_by_round(game)
    assert not chart.final and "pockets hidden" in chart.measure
    assert {line.player: line.categories["total shown"] for line in sheet.lines} == {
        name: values[-1] for name, values in chart.scores.items()
    }


def test_score_chart_writes_an_svg_with_a_line_per_player(
    cli: Callable[..., Result], referee: Referee, tmp_path: Path
) -> None:
    game, _ = referee.import_lines(LOOP_GAME.read_text().splitlines())
    path = tmp_path / "chart.svg"
    done = cli("--game", str(game), "score", "--chart", str(path))
    assert done.code == 0, done.err
    assert f"wrote {path}: HAPPINESS, " in done.out
    root = ET.fromstring(path.read_text())  # well-formed XML, an SVG document
    assert root.tag == f"{SVG}svg" and root.get("viewBox")
    series = root.findall(f"{SVG}g[@class='series']")
    assert [g.get("data-player") for g in series] == ["ann", "ben", "cat"]
    _, chart = referee.score_by_round(game)
    for g in series:
        assert len(g.findall(f"{SVG}polyline")) == 1
        markers = [m for m in g if m.tag != f"{SVG}polyline" and m.tag != f"{SVG}text"]
        assert len(markers) == len(chart.rounds)
        assert (
            g.findtext(f"{SVG}text")
            == f"{g.get('data-player')} {chart.scores[str(g.get('data-player'))][-1]}"
        )
    # --json keeps stdout JSON: the line about the file goes to stderr.
    done = cli("--game", str(game), "score", "--json", "--chart", str(path))
    assert done.code == 0 and done.out.startswith("{") and f"wrote {path}" in done.err


def test_score_chart_to_a_path_that_cannot_be_written_is_one_line(
    cli: Callable[..., Result], referee: Referee, tmp_path: Path
) -> None:
    loop_game(referee)
    done = cli("score", "--chart", str(tmp_path / "no" / "such" / "dir.svg"))
    assert done.code == 2 and done.err.count("\n") == 1 and "cannot write" in done.err and not done.out


@pytest.mark.parametrize(
    ("low", "high", "ticks"),
    [(0, 0, [0, 1]), (0, 5, [0, 1, 2, 3, 4, 5]), (0, 12, [0, 5, 10, 15]), (-3, 40, [-10, 0, 10, 20, 30, 40])],
)
def test_the_charts_scale_takes_round_steps(low: int, high: int, ticks: list[int]) -> None:
    """At most 6 lines across the chart, a step of 1, 2, 5, 10, ..., from 0 or below."""
    assert _ticks(low, high) == ticks


def test_a_finished_planet_b_chart_counts_the_pockets_at_every_rounds_end(referee: Referee) -> None:
    """PLANET B, Game End: the pockets are revealed. The chart of the finished game counts what
    each pocket held at each round's end: never less than the chart that hid them while the game
    ran, and more wherever a pocket held victory points."""
    game = finished.new(referee, "planet-b", ["ann", "ben", "cat"])
    finished.play(referee, game, "planet-b", until_over=False, moves=120)
    _, running = referee.score_by_round(game)
    finished.play(referee, game, "planet-b", seed=2)
    _, final = referee.score_by_round(game)
    assert final.final and not running.final
    ended = len(running.rounds) - 1  # the running chart's last round was not over yet
    assert final.rounds[:ended] == running.rounds[:ended]
    more = {
        (name, r): final.scores[name][r] - running.scores[name][r]
        for name in running.scores
        for r in range(ended)
    }
    assert min(more.values()) >= 0 and max(more.values()) > 0


def test_each_point_of_a_competitive_chart_is_the_score_sheet_then(referee: Referee) -> None:
    """Issue 42: the chart replays the game's own score at each round's end. In Competitive Mode
    the sheet takes the game-end penalties off the mat's HAPPINESS (5.4 Debt Penalty: 2 per
    CREDIT CARD not paid off; 5.5: 1 per 3 MATERIAL in one's LANDFILL), provisionally before
    the end: the chart's points are the sheet's, not the mat's, wherever the two differ."""
    game = referee.new_game("loop", ["ann", "ben", "cat"], mode="competitive", seed=5, cards=CARDS)
    rng, ends = random.Random(3), []
    while not loop.is_over(state := referee.load(game).state):
        head = referee.store.head(game)[0]
        referee.submit(game, choose(rng, list(loop.legal(state))))
        if state.round and referee.load(game).state.round != state.round:
            ends.append(head)  # the move before the one that starts the next round
    ends.append(referee.store.head(game)[0])
    chart = referee.score_by_round(game)[1]
    assert len(chart.rounds) == len(ends) > 1
    differ = 0
    for i, head in enumerate(ends):
        then = referee.load(game, head).state
        sheet = {line.player: line.categories["happiness"] for line in loop.score(then).lines}
        assert sheet == {name: chart.scores[name][i] for name in sheet}
        differ += sheet != {name: p.happiness for name, p in then.players.items()}
    assert differ  # (this game has penalties pending at some round's end: the test tells)
