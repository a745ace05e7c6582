"""Setup as a guided form in a real browser on a phone (390x844, issue 41): a new Planet B
game's table page opens with the board side the setup waits for, laid out as one form: the
side the rulebook names for 3 players shown and not editable, each box a field; filled and
told, it is recorded as the command line records it, and the next board (player board 1, its
number filled in) is asked for.

The side's numbers typed are invented (the rulebook prints none of them)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from ledger.service import Referee
from ledger.store import Store
from tests.conftest import fixed_clock
from tests.serve.browser import chromium_path
from tests.serve.live import serving

pytestmark = pytest.mark.skipif(
    chromium_path() is None and not os.environ.get("REFEREE_REQUIRE_BROWSER"),
    reason="no chromium here (apt-get install chromium; .ci/run installs it, so CI runs this test)",
)
PHONE = {"width": 390, "height": 844}


def test_a_phone_fills_the_board_side_as_one_form(tmp_path: Path, browser: Any) -> None:
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee = Referee(Store(db), clock=fixed_clock())
    game = referee.new_game("planet-b", ["ann", "ben", "cat"])
    referee.store.close()
    with serving(db, game) as server:
        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(server.links["table"])
        form = page.locator("form.card-form")
        expect(form).to_be_visible()  # opened at once: no chip to find
        expect(form.locator("h3")).to_have_text("the board's side")
        side = form.get_by_role("textbox", name="side, for 2 or 3 players (Game Components and Setup)")
        expect(side).to_have_value("2-3")
        expect(side).not_to_be_editable()
        fields = {
            "suitcase spaces beside each conglomerate tile": "3",
            "spaces of the election track (the last calls an election)": "7",
            "the election marker's starting space (1: the leftmost)": "2",
        }
        markets = ["plastic:3/4,iridium:3/5", "water:2/3,plant:2/4", "hydrogen:3/5,chip:4/6"]
        for where, value in zip(("left", "middle", "right"), markets, strict=True):
            fields[f"the market below the {where} tile, RESOURCE:GREY/RED,..."] = value
        # a box left empty: said, nothing posted
        form.get_by_role("button", name="tell the move").click()
        expect(page.locator("#said")).to_contain_text("as printed, please")
        for name, value in fields.items():
            form.get_by_role("textbox", name=name, exact=True).fill(value)
        form.locator("h3").scroll_into_view_if_needed()
        page.evaluate("document.querySelector('#picker').scrollIntoView()")
        page.screenshot(path=str(tmp_path / "setup-form.png"))  # (looked at when written: issue 41)
        form.get_by_role("button", name="tell the move").click()
        told = page.locator("#picker .told")
        expect(told).to_contain_text("side 2-3 declared")
        told.get_by_role("button", name="record").click()
        expect(page.locator("#said")).to_contain_text("side 2-3 declared")
        # the side is known: the next board the setup waits for is asked, one at a time
        expect(page.locator("form.card-form h3")).to_have_text("player board 1")
        number = page.locator("form.card-form").get_by_role(
            "textbox", name="player board, its number as printed on it"
        )
        expect(number).to_have_value("1")
        expect(number).not_to_be_editable()
    referee = Referee(Store(db), clock=fixed_clock())
    last = next(iter(referee.log(game, last=1)))
    assert last.text.startswith("declare side 2-3 suitcases=3 track=7 start=2 market=")
    referee.store.close()
