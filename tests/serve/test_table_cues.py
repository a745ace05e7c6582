"""Issue 42 on the served pages, server-side: a refused move brings the table as it stands, the
"moved since" notice goes once it no longer applies, the your-turn mark, and every error a page
can meet is a page (styled, for a phone), not bare text."""

from __future__ import annotations

import re
from pathlib import Path

from starlette.testclient import TestClient

from referee_cli.serve import make_app
from tests.serve.conftest import Served, served_game


def test_a_stale_phones_refused_move_brings_the_table_as_it_stands(served: Served) -> None:
    """ann's page was shown at ``head``; ann's WORK was recorded since (another phone of hers,
    the laptop): the same WORK from the stale page is refused (LOOP 2.1: one main action), and
    the answer carries the page's live part at the new head, which offers no WORK."""
    head = served.head()
    assert served.move("ann", "work ann", head).status_code == 200
    now = served.head()
    refused = served.move("ann", "work ann", head)
    assert refused.status_code in (409, 422)
    answer = refused.json()
    assert answer["ok"] is False and answer["head"] == now > head
    assert f'data-head="{now}"' in answer["html"]
    assert "#" + str(head + 1) in answer["html"]  # the WORK recorded, among the last moves
    picker = re.search(r'data-picker="([^"]*)"', answer["html"])
    assert picker is not None and "work ann" not in picker.group(1)  # not offered again


def test_who_moved_since_is_said_until_a_second_has_moved(served: Served) -> None:
    """ann's latest move, once ben has moved since, is the table's to undo: her page says so
    while ben alone has moved; once cat has too, the table has moved on and the page drops it."""
    served.move("ann", "work ann")
    served.move("ann", "end ann")
    served.move("ben", "work ben")
    said = "ben moved since, so the table’s page undoes or voids it if ben agrees"
    assert said in served.client.get(served.url("ann")).text
    served.move("ben", "end ben")
    assert said in served.client.get(served.url("ann")).text
    served.move("cat", "work cat")
    page = served.client.get(served.url("ann")).text
    assert "moved since" not in page and "your move #" not in page


def test_the_page_of_whoever_must_act_is_marked(served: Served) -> None:
    """LOOP 2.1: ann's turn first: her page carries the your-turn mark, ben's, cat's, the
    table's and the board's do not; after her END, ben's does."""

    def marked(role: str | None) -> bool:
        text = served.client.get(served.url(role) if role else "/").text
        return bool(re.search(r'<section id="state" data-head="\d+" data-turn>', text))

    assert [marked(r) for r in ("ann", "ben", "cat", "table", None)] == [True, False, False, False, False]
    served.move("ann", "work ann")
    served.move("ann", "end ann")
    assert [marked(r) for r in ("ann", "ben", "cat")] == [False, True, False]


def _styled(text: str) -> None:
    assert text.startswith("<!doctype html>")
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in text
    assert '<link rel="stylesheet" href="/referee.css">' in text
    assert '<a href="/">the board</a>' in text


def test_every_error_a_page_meets_is_a_page_for_a_phone(tmp_path: Path) -> None:
    db = tmp_path / "ledger.db"
    referee, game, tokens = served_game(db)
    app = make_app(db, game)
    with TestClient(app, raise_server_exceptions=False) as client:
        missing = client.get("/no/such/page")
        assert missing.status_code == 404 and missing.headers["content-type"].startswith("text/html")
        _styled(missing.text)
        assert "There is no such page here" in missing.text and "<title>404 · referee</title>" in missing.text
        wrong = client.get(f"/t/{tokens['ann']}/move")  # a move is posted, not opened
        assert wrong.status_code == 405
        _styled(wrong.text)
        # What asks JSON is answered JSON, in one line.
        assert client.get("/no/such.json").json() == {
            "ok": False,
            "error": "http",
            "line": "There is no such page here: open the board, or the link the table gave you.",
        }
        bad = client.get("/t/not-a-link")  # a mistyped link: the board, styled, saying so
        assert bad.status_code == 403 and '<link rel="stylesheet" href="/referee.css">' in bad.text
        assert "This link opens no page of a player" in bad.text

        def crash(*args: object) -> object:
            raise RuntimeError("a bug")

        app.state.table.page = crash
        failed = client.get("/")
        assert failed.status_code == 500
        _styled(failed.text)
        assert "The referee failed on this page (nothing was recorded by it)" in failed.text
        assert "a bug" not in failed.text and "Traceback" not in failed.text
    referee.store.close()
