"""Issue 40, hole 4: a row of the log edited by hand (its hash left alone) while `serve` runs.

The pages had loaded (the server's referee had the game folded in memory), then someone with the
laptop edits one row's body or actor in place with sqlite3. The command line refuses the game
(exit 3); so must every page: the board, a player's and the table's say what is wrong, naming
the row, and what the table can do, with no move picker, and a move posted from a phone is
refused with the one line (HTTP 409), appending nothing. A page already open learns it from its
event stream, and shows the game again once the row is put back and checked."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import httpx2 as httpx
import pytest

from ledger.service import Referee
from ledger.store import Store
from tests.conftest import fixed_clock
from tests.serve.conftest import Served, served_game
from tests.serve.live import serving

EDITS = {
    "body": ('"coin":3', '"coin":9'),  # ann's WORK earns her 9 coins, not 3
    "actor": ("ann", "ben"),  # ben made ann's move
}


def edit_in_place(db: Path, game: int, seq: int, column: str) -> str:
    """Edit row ``seq``'s ``column`` as a hostile player would, with sqlite3 from outside, its
    hash left as it was; the value it had, to put back."""
    was, now = EDITS[column]
    conn = sqlite3.connect(db, isolation_level=None)
    (value,) = conn.execute(
        f"SELECT {column} FROM events WHERE game_id = ? AND seq = ?", (game, seq)
    ).fetchone()
    assert was in value, value
    conn.execute(
        f"UPDATE events SET {column} = ? WHERE game_id = ? AND seq = ?", (value.replace(was, now), game, seq)
    )
    conn.close()
    return str(value)


def put_back(db: Path, game: int, seq: int, column: str, value: str) -> None:
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute(f"UPDATE events SET {column} = ? WHERE game_id = ? AND seq = ?", (value, game, seq))
    conn.close()


def edited_row(served: Served, column: str) -> int:
    """ann's WORK recorded from her page (the server's referee then holds the game folded): the
    row to edit, its move row for the actor, its fact for the body."""
    reply = served.post("ann", "/move", {"text": "work ann"})
    assert reply.status_code == 200, reply.text
    rows = served.referee.store.rows(served.game, reply.json()["head"] - 2)
    return next(r.seq for r in rows if (r.type == "move") == (column == "actor"))


def stopped_page(text: str, seq: int) -> None:
    """A page of a stopped game: styled, saying what is wrong at which row and what the table
    can do, with no way to make a move."""
    assert '<link rel="stylesheet" href="/referee.css">' in text
    assert "The game is stopped: no page takes a move" in text
    assert "the log does not check out" in text
    assert f"row #{seq} was altered" in text
    assert "What the table can do: restore an export" in text
    assert 'id="picker"' not in text and 'data-post="move"' not in text
    assert 'data-post="table/undo"' not in text and 'data-post="table/redo"' not in text


@pytest.mark.parametrize("column", sorted(EDITS))
def test_a_row_edited_in_place_stops_every_page_and_every_move(served: Served, column: str) -> None:
    seq = edited_row(served, column)
    for url in ("/", served.url("ann"), served.url("table")):  # every page loaded: the cache is warm
        assert served.client.get(url).status_code == 200
    head = served.head()
    was = edit_in_place(Path(served.referee.store.path), served.game, seq, column)

    reply = served.post("ann", "/move", {"text": "end ann", "head": head})  # legal: she may end her turn
    assert served.head() == head, "recorded on a log that does not check out"
    assert reply.status_code == 409, reply.text
    assert reply.json()["error"] == "damaged" and f"row #{seq} was altered" in reply.json()["line"]
    assert "\n" not in reply.json()["line"]
    for role, path, body in (
        ("ann", "/move", {"text": "end ann"}),
        ("ann", "/preview", {"text": "end ann"}),
        ("ann", "/takeback", {}),
        ("table", "/table/undo", {}),
        ("table", "/table/redo", {}),
        ("table", "/move", {"text": "end ann"}),
    ):
        refused = served.post(role, path, body)
        assert refused.status_code == 409 and f"row #{seq}" in refused.json()["line"], (path, refused.text)
    assert served.head() == head  # nothing appended

    for url in ("/", served.url("ann"), served.url("ben"), served.url("table")):
        page = served.client.get(url)
        assert page.status_code == 409, url
        stopped_page(page.text, seq)
    assert 'data-post="table/verify"' in served.client.get(served.url("table")).text
    state = served.client.get(served.url("ann", "/state.json"))
    assert state.status_code == 409 and f"row #{seq}" in state.json()["line"]
    board = served.client.get("/state.json")
    assert board.status_code == 409 and f"row #{seq}" in board.json()["line"]
    assert served.head() == head

    # What the table can do: put the row back, and check it again from the table's page.
    put_back(Path(served.referee.store.path), served.game, seq, column, was)
    assert served.client.get("/").status_code == 409  # until it is checked again
    verify = served.post("table", "/table/verify", {})
    assert verify.status_code == 200 and verify.json()["line"].startswith(f"game {served.game}: OK")
    page = served.client.get(served.url("ann"))
    assert page.status_code == 200 and 'id="picker"' in page.text and "does not check out" not in page.text
    assert served.post("ann", "/move", {"text": "end ann", "head": head}).status_code == 200


@pytest.fixture
def live_game(tmp_path: Path) -> Iterator[tuple[Path, int, Referee]]:
    db = tmp_path / "ledger.db"
    referee, game, _ = served_game(db)
    yield db, game, referee
    referee.store.close()


def next_board(lines: Iterator[str]) -> dict[str, object]:
    """The next update an event stream sends (its JSON)."""
    event = ""
    for line in lines:
        if line.startswith("event: "):
            event = line[7:]
        elif line.startswith("data: ") and event == "board":
            data: dict[str, object] = json.loads(line[6:])
            return data
    raise AssertionError("the stream ended")


def test_an_open_page_is_told_at_once_and_shows_the_game_again_once_the_row_is_put_back(
    live_game: tuple[Path, int, Referee],
) -> None:
    db, game, referee = live_game
    with serving(db, game) as server:
        moved = httpx.post(server.links["ann"] + "/move", json={"text": "work ann"}, timeout=10)
        assert moved.status_code == 200
        seq = moved.json()["head"]  # ann's WORK's fact
        with httpx.stream("GET", server.links["ann"] + "/events", timeout=10) as events:
            lines = events.iter_lines()
            first = next_board(lines)
            assert first["head"] == seq and 'id="picker"' in str(first["html"])
            was = edit_in_place(db, game, seq, "body")
            stopped = str(next_board(lines)["html"])  # within the poll: no move, no reload
            assert (
                "The game is stopped" in stopped
                and "the log does not check out" in stopped
                and f"row #{seq} was altered" in stopped
            )
            assert "What the table can do" in stopped and 'id="picker"' not in stopped
            refused = httpx.post(server.links["ann"] + "/move", json={"text": "end ann"}, timeout=10)
            assert refused.status_code == 409 and f"row #{seq}" in refused.json()["line"]

            put_back(db, game, seq, "body", was)
            Referee(Store(db), clock=fixed_clock()).verify(game)  # the table checks it again
            again = str(next_board(lines)["html"])
            assert 'id="picker"' in again and "does not check out" not in again
        assert (
            httpx.post(server.links["ben"] + "/move", json={"text": "work ben"}, timeout=10).status_code
            == 422
        )
        assert (
            httpx.post(server.links["ann"] + "/move", json={"text": "end ann"}, timeout=10).status_code == 200
        )
    assert referee.store.head(game)[0] > seq
