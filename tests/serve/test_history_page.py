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

from ledger.service import Referee
from referee_cli.serve import make_app


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
        assert friday.startswith("game 2 “Friday” · pebbles")
        assert "3 players" in friday
        assert "1 alice 2 pebbles shared the win 1 bob 2 pebbles shared the win 3 carol 0 pebbles" in friday
        assert "1 alice 3 pebbles won 2 bob 0 pebbles" in first
        # Each player's record: alice played 2, won 1, shared 1 (100 %), average 2.5, best 3.
        rows = {
            re.findall(r"<b>(.*?)</b>", row)[0]: re.findall(r"<b>(\d[\d.]*)</b>", row)
            for row in re.findall(r"<li><b>[a-z]+</b> · pebbles:.*?</li>", page.text, re.S)
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
