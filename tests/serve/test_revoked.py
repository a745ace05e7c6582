"""Issue 40, hole 5: a link replaced or revoked stops streaming at once.

A player's page listens to its event stream, which sends that player's own view (their FAVOUR,
their GOAL) at every move. When the table's page shows that player's link again (a new link,
the old one revoked), or `referee serve --revoke NAME` runs in another process on the same
database, the old link's open streams end: a last "closed" event that replaces what the page
showed, then nothing more, whatever is played after."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx

from ledger.service import Referee
from ledger.store import Store
from tests.serve.conftest import served_game
from tests.serve.live import serving


def events_of(response: httpx.Response) -> Iterator[tuple[str, dict[str, Any]]]:
    """An event stream's events, as (name, data), until the server ends it."""
    event = "message"
    for line in response.iter_lines():
        if line.startswith("event: "):
            event = line[7:]
        elif line.startswith("data: "):
            yield event, json.loads(line[6:])


def rest_of(events: Iterator[tuple[str, dict[str, Any]]], seconds: float) -> list[tuple[str, dict[str, Any]]]:
    """Every event the stream sends from now until it ends (at most ``seconds``: a stream that
    is still open then fails the test)."""
    got: list[tuple[str, dict[str, Any]]] = []
    done = threading.Event()

    def drain() -> None:
        got.extend(events)
        done.set()

    threading.Thread(target=drain, daemon=True).start()
    assert done.wait(seconds), f"the stream is still open, having sent {[name for name, _ in got]}"
    return got


def test_the_old_link_stream_ends_when_the_table_page_shows_the_link_again(tmp_path: Path) -> None:
    db = tmp_path / "ledger.db"
    referee, game, _ = served_game(db)
    with (
        serving(db, game) as server,
        httpx.stream("GET", server.links["ann"] + "/events", timeout=10) as old,
    ):
        events = events_of(old)
        name, first = next(events)
        assert name == "board" and "FAVOUR" in first["html"]  # ann's own view: her FAVOUR cards
        reply = httpx.post(server.links["table"] + "/link", json={"role": "ann"}, timeout=10)
        assert reply.status_code == 200
        new = reply.json()["url"]
        # ann plays on with her new link; the old stream is sent nothing of it.
        assert httpx.post(new + "/move", json={"text": "work ann"}, timeout=10).status_code == 200
        assert httpx.post(new + "/move", json={"text": "end ann"}, timeout=10).status_code == 200
        rest = rest_of(events, 5.0)
        assert [name for name, _ in rest] == ["closed"]
        closed = rest[0][1]
        assert "this link was replaced or revoked" in closed["line"]
        assert "FAVOUR" not in closed["html"] and "barter" not in closed["html"]
        assert httpx.get(server.links["ann"] + "/events", timeout=10).status_code == 403
    referee.store.close()


def test_a_link_revoked_by_another_process_stops_streaming_within_the_poll(tmp_path: Path) -> None:
    db = tmp_path / "ledger.db"
    referee, game, _ = served_game(db)
    with (
        serving(db, game) as server,
        httpx.stream("GET", server.links["ben"] + "/events", timeout=10) as ben,
        httpx.stream("GET", server.links["cat"] + "/events", timeout=10) as cat,
    ):
        ben_events, cat_events = events_of(ben), events_of(cat)
        assert next(ben_events)[0] == "board" and next(cat_events)[0] == "board"
        start = time.monotonic()
        Referee(Store(db)).revoke_link(game, "ben")  # as `referee serve --revoke ben` would
        assert [name for name, _ in rest_of(ben_events, 5.0)] == ["closed"]
        assert time.monotonic() - start < 2.0  # the server looks every quarter second
        # Every other link keeps streaming.
        assert (
            httpx.post(server.links["ann"] + "/move", json={"text": "work ann"}, timeout=10).status_code
            == 200
        )
        name, update = next(cat_events)
        assert name == "board" and "work ann" in update["html"]
    referee.store.close()


def test_new_links_for_every_role_end_every_player_stream(tmp_path: Path) -> None:
    db = tmp_path / "ledger.db"
    referee, game, _ = served_game(db)
    with (
        serving(db, game) as server,
        httpx.stream("GET", server.links["ann"] + "/events", timeout=10) as ann,
        httpx.stream("GET", server.base + "/events", timeout=10) as board,
    ):
        ann_events, board_events = events_of(ann), events_of(board)
        assert next(ann_events)[0] == "board" and next(board_events)[0] == "board"
        fresh = Referee(Store(db)).new_links(game)  # `serve --new-links`, elsewhere
        assert [name for name, _ in rest_of(ann_events, 5.0)] == ["closed"]
        url = server.base + "/t/" + fresh["ann"]
        assert httpx.post(url + "/move", json={"text": "work ann"}, timeout=10).status_code == 200
        assert (
            "work ann" in next(e for n, e in board_events if "work ann" in e["html"])["html"]
        )  # the board: on
    referee.store.close()
