"""The designed boards of Planet B and The Pursuit of Happiness, and the game's end on every page
(the final score sheet with its tie-break reasons, the chart of each round's end), through
Starlette's test client."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest
from starlette.testclient import TestClient

from ledger import games
from ledger.decider import Score, ScoreLine
from ledger.service import Referee
from ledger.store import Store
from referee_cli.serve import make_app
from tests import finished
from tests.conftest import fixed_clock
from tests.serve.conftest import PLAYERS

ROOT = Path(__file__).resolve().parents[2]
LOOP_GAME = ROOT / "fixtures" / "loop-basic-3p.jsonl"
SVG = "{http://www.w3.org/2000/svg}"


def served(db: Path, kind: str, *, over: bool, moves: int = 40) -> tuple[Referee, int, dict[str, str]]:
    referee = Referee(Store(db), clock=fixed_clock())
    if kind == "loop":
        game, _ = referee.import_lines(LOOP_GAME.read_text().splitlines())
    else:
        game = finished.new(referee, kind, PLAYERS)
        finished.play(referee, game, kind, until_over=over, moves=0 if over else moves)
    return referee, game, referee.new_links(game)


@pytest.fixture(params=["loop", "planet-b", "pursuit"])
def ended(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[tuple[Referee, int, dict[str, str], TestClient]]:
    referee, game, tokens = served(tmp_path / "ledger.db", request.param, over=True)
    with TestClient(make_app(tmp_path / "ledger.db", game)) as client:
        yield referee, game, tokens, client
    referee.store.close()


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def test_every_page_shows_the_end_sheet_and_the_chart(
    ended: tuple[Referee, int, dict[str, str], TestClient],
) -> None:
    referee, game, tokens, client = ended
    _, sheet = referee.score(game)
    _, chart = referee.score_by_round(game)
    assert sheet.final and chart.final
    for role in (None, "ben", "table"):
        html = client.get("/" if role is None else f"/t/{tokens[role]}").text
        end = html[
            html.index('<section class="end"') : html.index("</section>", html.index('<section class="end"'))
        ]
        rows = re.findall(r'<li class="line[^"]*">(.*?)</li>', end, re.S)
        # A player to a row, in rank order, each with their points and every category.
        assert [text_of(row).split()[:2] for row in rows] == [
            [str(line.rank), line.player] for line in sheet.lines
        ]
        for row, line in zip(rows, sheet.lines, strict=True):
            assert f"{line.categories[sheet.points]} {sheet.points}" in text_of(row)
            for category in sheet.categories:
                assert category in text_of(row)
        assert all(note in text_of(end) for note in sheet.notes)
        svg = re.search(r"<svg.*?</svg>", end, re.S)
        assert svg is not None
        series = re.findall(r'<g class="series" data-player="([^"]+)">', svg.group(0))
        assert series == list(chart.scores)
        mine = [row for row in re.findall(r'<li class="line([^"]*)">', end) if "mine" in row]
        assert len(mine) == (1 if role == "ben" else 0)
        # What the chart shows: Planet B has no score before its Game End ("only when the game
        # ends"), so its chart says it counts each round's end as that end would
        caption = text_of(re.findall(r"<figcaption>(.*?)</figcaption>", end, re.S)[0])
        if chart.only_at_end:
            assert caption.startswith(
                "each player’s score as the Game End would count it at each round’s end"
            )
        else:
            assert caption.startswith("each player’s score at each round’s end, from the log")
    # The chart as a file too: the board's, one series per player.
    reply = client.get("/chart.svg")
    assert reply.status_code == 200 and reply.headers["content-type"].startswith("image/svg+xml")
    root = ET.fromstring(reply.text)
    assert [g.get("data-player") for g in root.findall(f"{SVG}g[@class='series']")] == list(chart.scores)


def test_the_sheet_says_each_tie_break(tmp_path: Path) -> None:
    """LOOP 2.8's tie-breaks in words, as the game's score() gives them, on the page's sheet."""
    app = make_app(tmp_path / "none.db", 1)
    reason = "below ann: both HAPPINESS 9, fewer REPUTATION (1 against 3) (LOOP 2.8)"
    sheet = Score(
        final=True,
        categories=["happiness", "reputation"],
        lines=[
            ScoreLine("ann", 1, {"happiness": 9, "reputation": 3}, "above ben: both HAPPINESS 9 (LOOP 2.8)"),
            ScoreLine("ben", 2, {"happiness": 9, "reputation": 1}, reason),
        ],
        winners=["ann"],
        points="happiness",
    )
    html = app.state.table.env.get_template("sheet.html").render(sheet=sheet, as_player="ben", chart=None)
    assert f"tie-break: {reason}" in text_of(html)
    assert "The end · score sheet, final: ann wins" in text_of(html)


@pytest.mark.parametrize("kind", ["planet-b", "pursuit"])
def test_a_running_game_is_drawn_from_its_view(tmp_path: Path, kind: str) -> None:
    referee, game, tokens = served(tmp_path / "ledger.db", kind, over=False)
    rules = games.get(kind)
    with TestClient(make_app(tmp_path / "ledger.db", game)) as client:
        html = client.get(f"/t/{tokens['ben']}").text
        view = msgspec.to_builtins(rules.view(referee.load(game).state, "ben"))
        chart = client.get("/chart.svg").text  # the public chart of a running game
    assert '<section class="end"' not in html and "<svg" not in html
    board = html[html.index(f'<div class="{kind}">') :]
    cards = re.findall(r'<div class="player[^"]*">\s*<h3>(\w+)', board)
    assert cards == ["ben"] + [name for name in view["seats"] if name != "ben"]  # the viewer's first
    assert re.search(r'<div class="player[^"]*\bmine\b[^"]*">\s*<h3>ben <span class="you">you</span>', board)
    assert " mine" not in board[board.index('<div class="players">') :]  # only ben's card is marked
    ben = view["players"]["ben"]
    first = board[: board.index('<div class="players">')]  # the viewer's own card
    if kind == "pursuit":
        # The four resources as four labelled counters, not "0/5/1/3".
        for resource in ("knowledge", "creativity", "influence", "money"):
            counter = f'<span class="counter res res-{resource}"><small>{resource.title()}</small>'
            assert f"{counter}<b>{ben[resource]}</b>" in first, resource
        assert f"<small>Long Term Happiness</small><b>{ben['lth']}</b>" in first
    else:
        assert f"<small>money</small><b>{ben['money']}</b>" in first
        assert f"<small>victory points</small><b>{ben['vp']}</b>" in first  # ben sees his own pocket
        tiles = re.findall(r'<div class="card tile [^"]*">\s*<small>(\w+)</small>', board)
        assert tiles == [space["name"] for space in view["spaces"]]
        # Another's pocket stays hidden, on the board and in the chart.
        assert board.count('<span title="in the pocket: hidden">?</span>') == len(view["seats"]) - 1
        assert (
            "<title>victory points shown (pockets hidden) at each round&#x27;s end (so far)</title>" in chart
        )
    referee.store.close()


@pytest.mark.parametrize("kind", ["planet-b", "pursuit"])
@pytest.mark.parametrize("declared", [False, True])
def test_a_real_table_before_its_first_turn_is_drawn(tmp_path: Path, kind: str, declared: bool) -> None:
    """A real table (no seed), with nothing declared yet or with its cards file: every page
    draws (nothing on the boards the table has not declared yet)."""
    referee = Referee(Store(tmp_path / "ledger.db"), clock=fixed_clock())
    cards = finished.CARDS[kind] if declared else None
    game = referee.new_game(kind, PLAYERS, cards=cards, options=finished.OPTIONS[kind])
    tokens = referee.new_links(game)
    with TestClient(make_app(tmp_path / "ledger.db", game)) as client:
        for url in ("/", *(f"/t/{token}" for token in tokens.values())):
            page = client.get(url)
            assert page.status_code == 200 and f'<div class="{kind}">' in page.text, url
    referee.store.close()


@pytest.mark.parametrize("kind", ["planet-b", "pursuit"])
def test_every_phase_of_a_whole_game_is_drawn(tmp_path: Path, kind: str) -> None:
    """A whole random game (drafts, exchanges, elections; upkeep, resolutions): after every move
    the board and a player's page draw their designed board."""
    db = tmp_path / "ledger.db"
    referee = Referee(Store(db), clock=fixed_clock())
    game = finished.new(referee, kind, PLAYERS)
    table = make_app(db, game).state.table
    phases = set()
    for _ in range(finished.MAX_MOVES):
        for role in (None, "ben"):
            assert f'<div class="{kind}">' in table.fragment(role)
        phases.add(referee.load(game).state.phase)
        if not finished.play(referee, game, kind, until_over=False, moves=1):
            break
    assert "over" in phases and len(phases) >= 4, phases
    referee.store.close()
