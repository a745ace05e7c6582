"""A real browser on a phone (390x844): the board steps back to the board as it was after an
earlier move (issue 42), marked as the past with no move to make, steps on, back by round, and
returns to live in one tap."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from tests.serve.browser import LAPTOP, PHONE, chromium_path
from tests.serve.conftest import served_game
from tests.serve.live import serving
from tests.serve.test_boards_browser import fits

pytestmark = pytest.mark.skipif(
    chromium_path() is None and not os.environ.get("REFEREE_REQUIRE_BROWSER"),
    reason="no chromium here (apt-get install chromium; .ci/run installs it, so CI runs this test)",
)


def test_a_phone_steps_back_to_a_move_and_returns_to_live(tmp_path: Path, browser: Any) -> None:
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee, game, _ = served_game(db, seed=7)
    setup_done = next(iter(referee.log(game, last=1))).seq  # round 1 begins (LOOP: once set up)
    worked = referee.submit_text(game, ["work", "ann"]).seq
    ended = referee.submit_text(game, ["end", "ann"]).seq
    with serving(db, game) as server:
        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(server.links["ben"])
        expect(page.locator("#link")).to_have_text("live")
        expect(page.locator("#picker")).to_be_visible()  # ben's turn: his moves
        page.get_by_role("button", name=f"◀ the board as after #{worked}").click()
        mark = page.locator(".past-mark")
        # LOOP 2.2 a) WORK: ann's, in the rulebook's word, marked as the past.
        expect(mark).to_have_text(f"as after #{worked} (ann: WORK) · the past, read-only")
        expect(mark).to_be_in_viewport()
        expect(page.locator("#live")).to_be_hidden()  # no move chips meanwhile
        expect(page.locator("#past .chip")).to_have_count(0)
        page.screenshot(path=str(tmp_path / "past.png"))  # the phone's screen, to look at
        for viewport in (LAPTOP, PHONE):  # nothing scrolls sideways, on a laptop either
            page.set_viewport_size(viewport)
            fits(page)
        page.get_by_role("button", name="the board as after the entry after").click()
        expect(mark).to_have_text(f"as after #{ended} (ann: end the turn) · the past, read-only")
        # By round: back to where round 1 began, the setup done (the table's last declaration).
        page.get_by_role("button", name=f"the board as round 1 began (#{setup_done})").click()
        then = rf"^as after #{setup_done} \(table: .*\) · the past, read-only$"
        expect(mark).to_have_text(re.compile(then))
        expect(page.locator(".past-board .headline")).to_contain_text("ann")  # ann to play first
        # A move recorded meanwhile keeps the past shown; back to live shows it at once.
        referee.submit_text(game, ["work", "ben"])
        page.wait_for_timeout(600)
        expect(mark).to_be_visible()
        page.get_by_role("button", name="back to live").click()
        expect(page.locator("#past")).to_be_hidden()
        expect(page.locator("#live")).to_be_visible()
        expect(page.locator("#live .headline")).to_contain_text("WORK done")
        expect(page.locator("#live")).to_contain_text("ben")
        # The table's page, stepped back to a disputed move: "void this move" fills in the void.
        table = page.context.new_page()
        table.goto(server.links["table"])
        table.get_by_role("button", name=f"◀ the board as after #{ended}").click()
        table.screenshot(path=str(tmp_path / "table-past.png"))  # the phone's screen, to look at
        table.get_by_role("button", name=f"void this move (#{ended})…").click()
        expect(table.get_by_role("textbox", name="seq of the disputed move")).to_have_value(str(ended))
        expect(table.get_by_role("textbox", name="reason for the void")).to_be_focused()
