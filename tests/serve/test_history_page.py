"""The group's history on the table's page (issue 42, "A group's history"): each finished game
with its players' final scores and ranks, latest first, and each player's record, as
``referee stats`` counts them; read-only, and the table's link's only.

Every expected number comes from PEBBLES' rules (tests/pebbles.py: take 1 to 3 from the pile in
turn; the game ends when the pile is empty; most pebbles wins, ties share the rank, a player's
rank is 1 + how many hold more), applied by hand to the moves below."""

from __future__ import annotations

import re
from pathlib import Path

from starlette.testclient import TestClient

import ledger.games.loop as loop
from ledger.service import Referee
from referee_cli.serve import make_app
from tests import finished
from tests.loop.table import CARDS as LOOP_CARDS


def _games(referee: Referee) -> int:
    """Game 1: alice takes all 3: alice 3, bob 0. Game 2 (a pile of 4): alice 2, bob 2, carol 0:
    alice and bob share the win, carol ranks 3. Game 3, abandoned: alice takes all 3. Game 4,
    unfinished: the one served."""
    one = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "3"})
    referee.submit_text(one, ["take", "alice", "3"])
    two = referee.new_game("pebbles", ["alice", "bob", "carol"], options={"pile": "4"}, title="Friday")
    referee.submit_text(two, ["take", "alice", "2"])
    referee.submit_text(two, ["take", "bob", "2"])
    three = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "3"})
    referee.submit_text(three, ["take", "alice", "3"])
    referee.abandon(three, reason="a try-out")
    four = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "5"})
    referee.submit_text(four, ["take", "alice", "1"])
    return four


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def test_the_table_page_shows_the_finished_games_with_their_scores(referee: Referee, db_path: Path) -> None:
    served = _games(referee)
    tokens = referee.new_links(served)
    head = referee.store.head(served)
    with TestClient(make_app(db_path, served)) as client:
        table = client.get(f"/t/{tokens['table']}")
        assert f'href="/t/{tokens["table"]}/history"' in table.text
        page = client.get(f"/t/{tokens['table']}/history")
        assert page.status_code == 200, page.text
        sections = re.findall(
            r'<section class="played" aria-label="game (\d+)">(.*?)</section>', page.text, re.S
        )
        # The finished games only (not the abandoned, not the one still played), latest first.
        assert [int(game) for game, _ in sections] == [2, 1]
        friday, first = (_text(html) for _, html in sections)
        assert friday.startswith("game 2 “Friday” · Pebbles (test game)")  # the box's name, not its kind
        assert "3 players" in friday
        assert "1 alice 2 pebbles shared the win 1 bob 2 pebbles shared the win 3 carol 0 pebbles" in friday
        assert "1 alice 3 pebbles won 2 bob 0 pebbles" in first
        # Each player's record: alice played 2, won 1, shared 1 (100 %), average 2.5, best 3.
        rows = {
            re.findall(r"<b>(.*?)</b>", row)[0]: re.findall(r"<b>(\d[\d.]*)</b>", row)
            for row in re.findall(r"<li><b>[a-z]+</b> · Pebbles \(test game\):.*?</li>", page.text, re.S)
        }
        assert rows["alice"] == ["2", "1", "1", "100", "2.5", "3", "2", "1"]
        assert rows["bob"] == ["2", "0", "1", "50", "1.0", "2", "2", "1"]
        assert rows["carol"] == ["1", "0", "0", "0", "0.0", "0", "0", "3"]
        # Read-only, and the table's: a player's link or the board is shown no history.
        assert "<form" not in page.text and "data-post" not in page.text
        refused = client.get(f"/t/{tokens['alice']}/history")
        assert refused.status_code == 403 and "from the table&#39;s link only" in refused.text
        assert client.get("/history").status_code == 404
    assert referee.store.head(served) == head  # nothing recorded by looking


# A hand-made LOOP Basic game at a real table (tests/loop/test-cards: alice and bob, INTERN each).
# LOOP 1.0: HAPPINESS 4 and 2 COIN each, 1 MATERIAL at QUALITY 2; 2 players leave 13 MATERIAL in
# the deck (food 3, glass 2, metal 3, plastic 2, utility 3) under a BUY AREA of one of each.
LOOP_SETUP = [
    "reveal material glass --to alice",
    "reveal material plastic --to bob",
    *(f"reveal activity {name}" for name in ("dance", "picnic", "picnic", "library", "cooking")),
]
LOOP_ROUNDS = [
    # 1: both WORK (2.2 a: -1 HAPPINESS, +3 COIN): alice 3, bob 3.
    ["work alice", "end alice", "work bob", "end bob"],
    # 2: both BUY 3 at QUALITY 1 (3 COIN each), the BUY AREA refilled (2.7): 13 - 6 = 7 in the deck.
    ["buy alice plastic:1 food:1 utility:1", "end alice"]
    + [f"reveal material {m}" for m in ("food", "utility", "metal")]
    + ["buy bob glass:1 metal:1 food:1", "end bob"]
    + [f"reveal material {m}" for m in ("glass", "plastic", "food")],
    # 3: alice CONSUMEs DANCE and PICNIC (2.2 c: +1 HAPPINESS each): 5; bob WORKs: 2.
    [
        "consume alice dance=glass@2,plastic@1 picnic=food@1,utility@1",
        "end alice",
        *("reveal activity yoga", "reveal activity hiking", "work bob", "end bob"),
    ],
    # 4: alice WORKs: 4; bob BUYs 3: 4 left in the deck.
    ["work alice", "end alice", "buy bob metal:1 utility:1 glass:1", "end bob"]
    + [f"reveal material {m}" for m in ("metal", "utility", "plastic")],
    # 5: alice BUYs 3: 1 left; bob WORKs: 1.
    ["buy alice plastic:1 food:1 metal:1", "end alice"]
    + [f"reveal material {m}" for m in ("food", "glass", "metal")]
    + ["work bob", "end bob"],
    # 6: alice BUYs 1 and her refill takes the deck's last card: DEPLETION, the final round, and
    # her DEPLETION Penalty (2.8 a: -1 HAPPINESS): 3. bob, right of the starting player, WORKs: 0,
    # and the game ends (2.8). Basic Mode: no game-end penalty; alice wins (2.8).
    ["buy alice utility:1", "end alice", "work bob", "end bob"],
]
# Each player's HAPPINESS at each round's end, from the rules as the comments above apply them.
LOOP_CHART = {"alice": [3, 3, 5, 4, 4, 3], "bob": [3, 3, 2, 2, 1, 0]}


def _loop_game(referee: Referee) -> tuple[int, list[int]]:
    """The game above, played to its end; the log's head at each round's end (the move before
    the one that starts the next round, and the last)."""
    game = referee.new_game("loop", ["alice", "bob"], cards=LOOP_CARDS)
    for line in LOOP_SETUP:
        referee.submit_text(game, line.split())
    ends = []
    for moves in LOOP_ROUNDS:
        for line in moves:
            before, (head, _) = referee.load(game).state.round, referee.store.head(game)
            referee.submit_text(game, line.split())
            if referee.load(game).state.round != before:
                ends.append(head)
    ends.append(referee.store.head(game)[0])
    assert loop.is_over(referee.load(game).state)
    return game, ends


def test_a_finished_loop_games_chart_is_its_score_sheet_at_each_rounds_end(
    referee: Referee, db_path: Path
) -> None:
    """Issue 42: "each finished game's score chart": the score each player had at the end of each
    round, replayed from the log; each point equals what the score sheet gave at that point."""
    game, ends = _loop_game(referee)
    chart = referee.score_by_round(game)[1]
    assert (chart.rounds, chart.scores, chart.final, chart.only_at_end) == (
        ["1", "2", "3", "4", "5", "6"],
        LOOP_CHART,
        True,
        "",
    )
    for i, head in enumerate(ends):  # the sheet then (2.8: the HAPPINESS that counts)
        sheet = loop.score(referee.load(game, head).state)
        assert {line.player: line.categories["happiness"] for line in sheet.lines} == {
            name: LOOP_CHART[name][i] for name in LOOP_CHART
        }
    tokens = referee.new_links(game)
    with TestClient(make_app(db_path, game)) as client:
        page = client.get(f"/t/{tokens['table']}/history").text
    section = re.search(r'<section class="played" aria-label="game 1">(.*?)</section>', page, re.S)
    assert section is not None
    svg = section[1]
    # Drawn here as SVG, each point titled (not told by colour alone), each line named at its end.
    assert '<svg class="chart"' in svg and "<script" not in page
    points = re.findall(r"<title>(\w+): (\d+) at the end of round (\d+)</title>", svg)
    assert {(name, int(n), int(r)) for name, n, r in points} == {
        (name, n, r) for name, values in LOOP_CHART.items() for r, n in enumerate(values, start=1)
    }
    assert ">alice 3</text>" in svg and ">bob 0</text>" in svg


def test_a_game_scored_only_at_its_end_shows_the_final_sheet_instead(referee: Referee, db_path: Path) -> None:
    """Planet B counts its score at the Game End only (money exchanged, factions, mood, the
    President, the bag, the pockets turned): no chart is drawn of points nobody had; the page
    says so and shows the final sheet's every category."""
    game = finished.new(referee, "planet-b", ["ann", "ben"])
    finished.play(referee, game, "planet-b")
    sheet = referee.score(game)[1]
    tokens = referee.new_links(game)
    with TestClient(make_app(db_path, game)) as client:
        page = client.get(f"/t/{tokens['table']}/history").text
    section = re.search(r'<section class="played" aria-label="game 1">(.*?)</section>', page, re.S)
    assert section is not None
    assert "<svg" not in section[1]
    assert "no score chart: PLANET B Game End:" in _text(section[1])
    for line in sheet.lines:
        for category in ("money VP", "factions", "mood", "president", "bag", "pocket"):
            said = f'<span class="cat">{category} <b>{line.categories[category]}</b></span>'
            assert said in section[1]
