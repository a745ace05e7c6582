"""A real phone (390x844) starts a game from the table's link of `referee serve` on a database
with no game (issue 41): it fills the form, sees the game's links, and lands on its table page."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from ledger.service import Referee
from ledger.store import Store
from tests.serve.browser import chromium_path
from tests.serve.live import serving

pytestmark = pytest.mark.skipif(
    chromium_path() is None and not os.environ.get("REFEREE_REQUIRE_BROWSER"),
    reason="no chromium here (apt-get install chromium; .ci/run installs it, so CI runs this test)",
)
PHONE = {"width": 390, "height": 844}


def fill_form(page: Any, game: str, players: list[str], mode: str | None = None) -> None:
    """Choose ``game``, type each player's name in a seat, and (if asked) a mode, as a thumb does."""
    page.get_by_role("radio", name=game).check()
    for seat, name in enumerate(players, start=1):
        page.get_by_role("textbox", name=f"player {seat}", exact=True).fill(name)
    if mode is not None:
        page.locator("fieldset.setup:visible").get_by_role("combobox", name="mode").select_option(mode)


def test_a_phone_starts_a_game_and_lands_on_its_table_page(tmp_path: Path, browser: Any) -> None:
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    with serving(db, None, options=("--no-qr",)) as server:
        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(server.links["table"])
        expect(page.locator("h1")).to_have_text("A new game")
        # Pursuit chosen first: its modules are boxes to tick, LOOP's fields hidden.
        page.get_by_role("radio", name="The Pursuit of Happiness").check()
        expect(page.locator('fieldset[data-game="pursuit"]')).to_be_visible()
        expect(page.locator('fieldset[data-game="loop"]')).to_be_hidden()
        # A bad form: one line, nothing recorded.
        fill_form(page, "Planet B", ["ann"])
        page.get_by_role("button", name="start the game").click()
        expect(page.locator("#said")).to_have_text(
            "Planet B takes 2 to 4 players, not 1 (a name in each seat: 2 to 4 of them)"
        )
        fill_form(page, "LOOP: Life of Ordinary People", ["ann", "ben", "cat"], mode="competitive")
        page.get_by_role("button", name="start the game").click()
        expect(page.locator("#start .said")).to_have_text(
            "game 1 started: LOOP: Life of Ordinary People for ann, ben, cat (competitive)"
        )
        expect(page.locator("ul.started-links img")).to_have_count(5)  # the board, 3 players, the table
        page.get_by_role("link", name="to the table’s page").click()
        expect(page.locator("h1")).to_have_text("LOOP: Life of Ordinary People")
        expect(page.locator(".who")).to_contain_text("the table’s page")
        expect(page.locator("#link")).to_have_text("live")
    referee = Referee(Store(db))
    [info] = referee.games()
    assert (info.kind, info.players) == ("loop", ["ann", "ben", "cat"])
    assert referee.load(1).setup.mode == "competitive"
    referee.store.close()


def test_a_retry_of_the_form_keeps_its_submission_id_and_starts_one_game(
    tmp_path: Path, browser: Any
) -> None:
    """The form posted again after the referee could not be reached carries the same submission
    id (start.js, as referee.js's moves), which the server starts one game for (test_start)."""
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    with serving(db, None, options=("--no-qr",)) as server:
        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(server.links["table"])
        sent: list[str] = []

        def handle(route: Any) -> None:
            if route.request.method != "POST":
                route.continue_()
                return
            sent.append(route.request.post_data_json["submission"])
            if len(sent) == 1:
                route.abort()  # the first post never reaches the referee
            else:
                route.continue_()

        page.route("**/new", handle)
        fill_form(page, "LOOP: Life of Ordinary People", ["ann", "ben"])
        page.get_by_role("button", name="start the game").click()
        expect(page.locator("#said")).to_have_text("the referee cannot be reached: no game was started")
        page.get_by_role("button", name="start the game").click()
        expect(page.locator("#start .said")).to_have_text(
            "game 1 started: LOOP: Life of Ordinary People for ann, ben (basic)"
        )
    assert len(sent) == 2 and sent[0] == sent[1] and len(sent[0]) == 32
    referee = Referee(Store(db))
    assert [info.id for info in referee.games()] == [1]
    referee.store.close()
