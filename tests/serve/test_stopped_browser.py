"""Issue 40 in a real browser, on phones (390x844):

- hole 4: a page open when a row is edited in place (its hash left alone) is told at once from
  its event stream: the log does not check out, at which row, what the table can do; no move
  picker, no move to type. Put back and checked, the game shows again.
- hole 4: under witness.js's red banner (the log differs from what this phone saw) the move
  picker, the typed move and take back are hidden, and nothing is posted from the page.
- hole 5: a page whose link the table's page replaces loses what it showed, at once.
- hole 6: the table's page posts the head it showed with undo: a page that missed a move typed
  at the laptop (its live updates cut) is refused, naming the move, and nothing is undone."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from ledger.service import Referee
from ledger.store import Store
from tests.conftest import fixed_clock
from tests.serve.browser import chromium_path
from tests.serve.conftest import served_game
from tests.serve.live import serving
from tests.serve.test_stopped import edit_in_place, put_back
from tests.serve.test_witness import forge

pytestmark = pytest.mark.skipif(
    chromium_path() is None and not os.environ.get("REFEREE_REQUIRE_BROWSER"),
    reason="no chromium here (apt-get install chromium; .ci/run installs it, so CI runs this test)",
)

PHONE = {"viewport": {"width": 390, "height": 844}}


def test_an_open_page_stops_when_a_row_is_edited_in_place_and_shows_the_game_once_it_is_back(
    tmp_path: Path,
    browser: Any,
) -> None:
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee, game, _ = served_game(db, seed=7)
    seq = referee.submit_text(game, ["work", "ann"]).head  # ann's WORK's fact
    with serving(db, game) as server:
        ann = browser.new_context(**PHONE).new_page()
        ann.goto(server.links["ann"])
        expect(ann.locator("#picker .picks button").first).to_be_visible()
        was = edit_in_place(db, game, seq, "body")
        stopped = ann.locator("#stopped")
        expect(stopped).to_contain_text("The game is stopped: no page takes a move")
        expect(stopped).to_contain_text(f"row #{seq} was altered")
        expect(stopped).to_contain_text("What the table can do: restore an export")
        assert ann.locator("#picker").count() == 0
        expect(ann.locator("details.typed")).to_be_hidden()  # (the page's own form, outside the live part)
        assert ann.evaluate("document.documentElement.scrollWidth") <= 390
        ann.reload()
        expect(ann.locator("#stopped")).to_contain_text(f"row #{seq} was altered")
        assert ann.locator("details.typed").count() == 0

        put_back(db, game, seq, "body", was)
        Referee(Store(db), clock=fixed_clock()).verify(game)
        expect(ann.locator("#picker .picks button").first).to_be_visible()  # live, no reload
        assert ann.locator("#stopped").count() == 0
    referee.store.close()


def test_no_move_is_made_from_a_page_under_the_red_banner(tmp_path: Path, browser: Any) -> None:
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee, game, _ = served_game(db, seed=7)
    referee.submit_text(game, ["work", "ann"])  # ann may take it back, or end her turn
    with serving(db, game) as server:
        ann = browser.new_context(**PHONE).new_page()
        ann.goto(server.links["ann"])
        expect(ann.locator("#state .head.witnessed")).to_be_visible()
        expect(ann.locator("#picker .picks button").first).to_be_visible()
        expect(ann.get_by_role("button", name="take back #")).to_be_visible()
        head = referee.store.head(game)[0]

        forge(referee, game, 3)  # rewritten, rehashed, resealed: the referee believes it
        banner = ann.locator("#witness-alarm")
        expect(banner).to_contain_text("rewritten at #3")
        expect(banner).to_contain_text("This page records no move while this banner is up.")
        expect(ann.locator("#picker")).to_be_hidden()
        expect(ann.locator("details.typed")).to_be_hidden()
        expect(ann.get_by_role("button", name="take back #")).to_be_hidden()
        # Nor does the page post one, whatever is clicked or submitted on it.
        ann.evaluate("document.querySelector('form[data-post=move] input').value = 'end ann'")
        ann.evaluate("document.querySelector('form[data-post=move]').requestSubmit()")
        expect(ann.locator("#said")).to_contain_text("nothing is posted from this page")
        assert referee.store.head(game)[0] == head
        ann.reload()  # the banner is kept, and so is the picker hidden
        expect(banner).to_contain_text("rewritten at #3")
        expect(ann.locator("#picker")).to_be_hidden()

        ann.get_by_role("button", name="forget what this phone saw").click()
        expect(ann.locator("#picker .picks button").first).to_be_visible()
    referee.store.close()


def test_a_replaced_link_page_loses_what_it_showed(tmp_path: Path, browser: Any) -> None:
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee, game, _ = served_game(db, seed=7)
    with serving(db, game) as server:
        ann = browser.new_context(**PHONE).new_page()
        table = browser.new_context(**PHONE).new_page()
        ann.goto(server.links["ann"])
        table.goto(server.links["table"])
        expect(ann.locator("#live")).to_contain_text("FAVOUR")
        table.locator("select[name=role]").select_option("ann")
        table.get_by_role("button", name="show this player’s link again").click()
        expect(table.locator("#said")).to_contain_text("ann's new link")
        expect(ann.locator("#live")).to_contain_text("this link was replaced or revoked")
        expect(ann.locator("#link")).to_have_text("closed")
        assert "FAVOUR" not in ann.locator("#live").inner_text()
    referee.store.close()


def test_the_table_page_undo_is_refused_when_a_move_came_since_it_was_shown(
    tmp_path: Path, browser: Any
) -> None:
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee, game, _ = served_game(db, seed=7)
    referee.submit_text(game, ["work", "ann"])
    with serving(db, game) as server:
        table = browser.new_context(**PHONE).new_page()
        table.route("**/events", lambda route: route.abort())  # a page that misses the updates
        table.goto(server.links["table"])
        shown = referee.store.head(game)[0]
        expect(table.locator("#state .head")).to_contain_text(f"#{shown} ")
        since = referee.submit_text(game, ["end", "ann"])  # typed at the laptop meanwhile
        head = referee.store.head(game)[0]
        table.locator("form[data-post='table/undo'] button").click()
        said = table.locator("#said")
        expect(said).to_contain_text(
            f"another writer's move #{since.seq} (end ann) was recorded after #{shown}"
        )
        expect(said).to_have_class("said refused")
        assert referee.store.head(game)[0] == head
    referee.store.close()
