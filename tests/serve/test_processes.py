"""``referee serve`` as several processes on one PostgreSQL (issue 44): whatever process records
a move (another ``serve``, the command line), the pages of every ``serve`` process are told at
once by the database's news (LISTEN/NOTIFY), not by polling: the processes here look by
themselves once a minute only (``DEAF``). A row edited by hand stops every process's pages.
Skipped in one line without PostgreSQL (``postgres_url``), failed under
``REFEREE_REQUIRE_POSTGRES``."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import httpx2 as httpx
import pytest

from referee_cli.main import run
from tests.serve.club import DEAF, club_game, edit_by_hand
from tests.serve.live import serving
from tests.serve.test_stopped import next_board

# seconds: far under the minute these processes poll, so only the database's news can explain
# it; not a latency goal (tests assert no wall-clock figure: benchmarks/club_bench.py measures
# that), so a loaded machine does not fail it (it did at 0.2 s, under a load of 18)
AT_ONCE = 5.0


def test_a_move_at_the_command_line_reaches_a_serve_process_at_once(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    url, referee, game, _ = club_game(postgres_url, tmp_path, monkeypatch)
    with (
        serving(url, game, cli=DEAF) as server,
        httpx.stream("GET", server.base + "/events", timeout=10) as events,
    ):
        lines = events.iter_lines()
        assert next_board(lines)["head"] == referee.head(game)[0]
        # LOOP 2.2 a) WORK, then ending the turn: ann's, then ben's (each a move of its own)
        for words in (["work", "ann"], ["end", "ann"], ["work", "ben"], ["end", "ben"]):
            assert run(["--db", url, "--game", str(game), "loop", *words]) == 0, capsys.readouterr()
            recorded = time.perf_counter()
            board = next_board(lines)
            took = time.perf_counter() - recorded
            assert board["head"] == referee.head(game)[0], words
            assert took < AT_ONCE, f"{' '.join(words)} reached the page after {took:.3f} s"
    referee.close()


@pytest.fixture
def two(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[str, int, dict[str, str], str, str]]:
    """Two ``serve`` processes on one club's game: the first made the links, the second honours
    them (they are the database's); each one's address."""
    url, referee, game, _ = club_game(postgres_url, tmp_path, monkeypatch)
    with serving(url, game, cli=DEAF) as one, serving(url, game, options=("--no-qr",), cli=DEAF) as other:
        tokens = {role: link.rsplit("/", 1)[1] for role, link in one.links.items()}
        yield url, game, tokens, one.base, other.base
    referee.close()


def test_a_move_on_one_serve_process_reaches_the_pages_of_another_at_once(
    two: tuple[str, int, dict[str, str], str, str],
) -> None:
    _, _, tokens, one, other = two
    with httpx.stream("GET", f"{other}/t/{tokens['ben']}/events", timeout=10) as events:
        lines = events.iter_lines()
        head = int(next_board(lines)["head"])  # type: ignore[call-overload]
        for words in ("work ann", "end ann"):
            moved = httpx.post(
                f"{one}/t/{tokens['ann']}/move", json={"text": words, "head": head}, timeout=10
            )
            answered = time.perf_counter()
            assert moved.status_code == 200, moved.text
            board = next_board(lines)
            took = time.perf_counter() - answered
            head = int(board["head"])  # type: ignore[call-overload]
            assert head == moved.json()["head"] and took < AT_ONCE, f"{words}: {took:.3f} s"
        # ben's turn now (LOOP 2.1), told on his page by the other process: his moves offered
        assert str(board["html"]).startswith(f'<section id="state" data-head="{head}" data-turn>')
        assert 'data-who="ben"' in str(board["html"])  # (his your-turn cue, and his picker)


def test_a_row_edited_by_hand_stops_the_pages_of_every_process(
    two: tuple[str, int, dict[str, str], str, str],
) -> None:
    url, game, tokens, one, other = two
    moved = httpx.post(f"{one}/t/{tokens['ann']}/move", json={"text": "work ann"}, timeout=10)
    assert moved.status_code == 200, moved.text
    seq = moved.json()["head"]  # ann's WORK's fact: 3 coins (LOOP 2.2 a)
    with (
        httpx.stream("GET", f"{one}/events", timeout=10) as on_one,
        httpx.stream("GET", f"{other}/t/{tokens['ben']}/events", timeout=10) as on_other,
    ):
        streams = [on_one.iter_lines(), on_other.iter_lines()]
        for lines in streams:
            assert next_board(lines)["head"] == seq
        edit_by_hand(url, game, seq)  # as with psql: no referee process wrote it
        edited = time.perf_counter()
        for lines in streams:
            stopped = str(next_board(lines)["html"])
            assert "The game is stopped" in stopped and f"row #{seq} was altered" in stopped
            assert 'id="picker"' not in stopped
        # both, one after the other, each process checking the rows again (far within the
        # minute these processes would take to look by themselves)
        assert time.perf_counter() - edited < 5 * AT_ONCE
    for base in (one, other):
        refused = httpx.post(f"{base}/t/{tokens['ann']}/move", json={"text": "end ann"}, timeout=10)
        assert refused.status_code == 409 and f"row #{seq}" in refused.json()["line"]
