"""A real browser on `referee serve`: two players' pages and the board page open at once; the
moves made on the players' pages show on the board page without a reload; a refused move
shows its one line."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from ledger.errors import RefereeError
from tests.serve.browser import chromium_path
from tests.serve.conftest import served_game
from tests.serve.live import serving
from tests.serve.test_picker_browser import tap

pytestmark = pytest.mark.skipif(
    chromium_path() is None and not os.environ.get("REFEREE_REQUIRE_BROWSER"),
    reason="no chromium here (apt-get install chromium; .ci/run installs it, so CI runs this test)",
)


def test_moves_on_two_phones_show_on_the_board_without_reload(tmp_path: Path, browser: Any) -> None:
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee, game, _ = served_game(db, seed=7)
    with serving(db, game) as server:
        phone = {"viewport": {"width": 375, "height": 800}}
        board = browser.new_context().new_page()
        ann = browser.new_context(**phone).new_page()
        ben = browser.new_context(**phone).new_page()
        board.goto(server.base + "/")
        ann.goto(server.links["ann"])
        ben.goto(server.links["ben"])
        for page in (board, ann, ben):
            expect(page.locator("#link")).to_have_text("live")
        board.evaluate("window.notReloaded = true")
        expect(ben.locator("#state")).to_contain_text("no move for ben now")

        # the chips, the move recorded and the last moves in LOOP's words (2.2 a: WORK)
        tap(ann, "WORK")
        expect(ann.locator("#said")).to_contain_text("ann: WORK")
        expect(board.locator("ol.log")).to_contain_text("ann WORK")
        tap(ann, "end the turn")
        expect(board.locator(".headline")).to_contain_text("ben's turn")
        # ben's page learnt it is his turn from the event stream, and offers his moves.
        tap(ben, "WORK")
        expect(board.locator("ol.log")).to_contain_text("ben WORK")
        assert board.evaluate("window.notReloaded") is True

        words = ["consume", "ben", "dance=plastic,glass"]
        head = referee.store.head(game)[0]
        with pytest.raises(RefereeError) as refused:
            referee.submit_text(game, words)
        ben.locator("details.typed summary").click()
        ben.get_by_role("textbox", name="a move").fill(" ".join(words))
        ben.get_by_role("button", name="record").click()
        expect(ben.locator("#said")).to_have_text(str(refused.value))
        expect(ben.locator("#said")).to_have_class("said refused")
        assert str(refused.value).startswith("LOOP 2.2")
        assert referee.store.head(game)[0] == head
        assert ann.locator("#picker button").count() == 0
        # Nothing wider than a phone: no sideways scrolling of the page (wide tables scroll alone).
        for page in (ann, ben):
            assert page.evaluate("document.documentElement.scrollWidth") <= 375

        # The table's page takes back ben's WORK: every page shows it.
        table = browser.new_context().new_page()
        table.goto(server.links["table"])
        table.get_by_role("textbox", name="reason for the undo").fill("wrong card")
        table.get_by_role("button", name="undo", exact=True).click()
        expect(table.locator("#said")).to_contain_text("undo #")
        expect(board.locator("ol.log")).to_contain_text("[undone by #")
        expect(ben.locator("#picker").get_by_role("button", name="WORK", exact=True)).to_be_visible()
        assert board.evaluate("window.notReloaded") is True


def test_a_move_retried_after_the_referee_seemed_unreachable_is_recorded_once(
    tmp_path: Path, browser: Any
) -> None:
    """Issue 19, hole 8: the page keeps its submission's id for the retry, and the server
    answers it with the first result instead of deciding the move again."""
    from playwright.sync_api import Route, expect

    db = tmp_path / "ledger.db"
    referee, game, _ = served_game(db, seed=7)
    with serving(db, game) as server:
        ann = browser.new_context(viewport={"width": 375, "height": 800}).new_page()
        ann.goto(server.links["ann"])
        expect(ann.locator("#link")).to_have_text("live")
        head = referee.store.head(game)[0]
        lost: list[str] = []

        def arrives_but_the_answer_is_lost(route: Route) -> None:
            if not lost:
                lost.append(route.fetch().text())  # the referee records it; the phone never hears
                route.abort()
            else:
                route.continue_()

        ann.route("**/move", arrives_but_the_answer_is_lost)
        ann.locator("details.typed summary").click()
        ann.get_by_role("textbox", name="a move").fill("work ann")
        ann.get_by_role("button", name="record").click()
        expect(ann.locator("#said")).to_contain_text("cannot be reached")
        ann.get_by_role("button", name="record").click()  # the player taps again
        expect(ann.locator("#said")).to_have_class("said ok")
        expect(ann.locator("#said")).to_contain_text("ann: WORK")  # (typed as words, told in LOOP's)
        assert '"ok":true' in lost[0]
        assert [e.text for e in referee.log(game, last=3)].count("work ann") == 1
        assert referee.store.head(game)[0] > head
