"""`referee serve` in its own process: links printed, live updates on the event stream from a
page's move and from another process's (the command line's), 50 board pages at once."""

from __future__ import annotations

from pathlib import Path

import httpx2 as httpx

from ledger.service import Referee
from ledger.store import Store
from tests.serve.conftest import PLAYERS, served_game
from tests.serve.live import load, serving


def test_serve_prints_the_links_and_revokes_the_old_ones(tmp_path: Path) -> None:
    db = tmp_path / "ledger.db"
    referee, game, old = served_game(db)
    referee.store.close()
    with serving(db, game) as server:
        assert sorted(server.links) == sorted([*PLAYERS, "table"])
        assert httpx.get(server.links["ann"]).status_code == 200
        assert httpx.get(f"{server.base}/t/{old['ann']}").status_code == 403  # --new-links


def test_fifty_board_pages_see_every_move(tmp_path: Path) -> None:
    db = tmp_path / "ledger.db"
    referee, game, _ = served_game(db)
    referee.store.close()
    with serving(db, game) as server:
        run = load(server, pages=50, moves=15)
    assert len(run.heads) == 15
    for listener in run.listeners:
        assert set(run.heads) <= listener.heads()


def test_a_move_typed_at_the_command_line_reaches_the_pages(tmp_path: Path) -> None:
    db = tmp_path / "ledger.db"
    referee, game, _ = served_game(db)
    referee.store.close()
    with serving(db, game) as server, httpx.stream("GET", server.base + "/events", timeout=10) as events:
        lines = events.iter_lines()
        assert next(line for line in lines if line.startswith("data: "))
        cli = Referee(Store(db))  # another process's writer, as far as the server knows
        cli.submit_text(game, ["work", "ann"])
        shown = next(line for line in lines if line.startswith("data: "))
        assert "work ann" in shown and f'"head":{cli.store.head(game)[0]}' in shown
