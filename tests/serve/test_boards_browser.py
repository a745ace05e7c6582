"""A real browser on the designed boards of Planet B and The Pursuit of Happiness, at a phone's
390x844 and a laptop's 1366x768: no page scrolls sideways, the viewer's own card is marked,
the log is readable, and a finished game shows its final sheet and chart."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.serve.browser import VIEWPORTS, chromium_path
from tests.serve.live import serving
from tests.serve.test_boards import served

pytestmark = pytest.mark.skipif(
    chromium_path() is None and not os.environ.get("REFEREE_REQUIRE_BROWSER"),
    reason="no chromium here (apt-get install chromium; .ci/run installs it, so CI runs this test)",
)

READABLE = 14  # pixels: the smallest text a log line's facts may have


def fits(page: Any) -> None:
    """Nothing wider than the screen: the page itself never scrolls sideways."""
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"{page.url}: {width} px wide on a {inner} px screen"


def smallest_log_text(page: Any) -> float:
    sizes = page.evaluate(
        "[...document.querySelectorAll('ol.log li, ol.log small')]"
        ".map(e => parseFloat(getComputedStyle(e).fontSize))"
    )
    assert sizes, "no log lines"
    return float(min(sizes))


@pytest.mark.parametrize("kind", ["planet-b", "pursuit"])
def test_the_boards_fit_a_phone_and_a_laptop(tmp_path: Path, browser: Any, kind: str) -> None:
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee, game, _ = served(db, kind, over=False)
    referee.store.close()
    with serving(db, game) as server:
        for viewport in VIEWPORTS.values():
            context = browser.new_context(viewport=viewport)
            board, ben = context.new_page(), context.new_page()
            board.goto(server.base + "/")
            ben.goto(server.links["ben"])
            for page in (board, ben):
                expect(page.locator("#link")).to_have_text("live")
                expect(page.locator(f".{kind} .player").first).to_be_visible()
                fits(page)
                assert smallest_log_text(page) >= READABLE
            # The viewer's own card: first, marked, and only on their page.
            mine = ben.locator(f".{kind} .player.mine")
            expect(mine).to_have_count(1)
            expect(mine.locator("h3")).to_contain_text("ben")
            expect(mine.locator(".you")).to_have_text("you")
            assert ben.locator(f".{kind} .player").first.evaluate("e => e.classList.contains('mine')")
            expect(board.locator(".player.mine")).to_have_count(0)
            # The text tables folded under the board scroll in their own box, never the page.
            board.locator("details.tables > summary").click()
            expect(board.locator("details.tables table").first).to_be_visible()
            fits(board)
            table = context.new_page()
            table.goto(server.links["table"])
            expect(table.locator("#link")).to_have_text("live")
            fits(table)
            if kind == "pursuit":
                for resource in ("Knowledge", "Creativity", "Influence", "Money"):
                    expect(mine.locator(".counters.resources")).to_contain_text(resource)
            else:
                expect(board.locator(".card.tile")).to_have_count(3)
            context.close()


@pytest.mark.parametrize("kind", ["planet-b", "pursuit"])
def test_a_finished_game_shows_its_end_on_a_phone_and_a_laptop(
    tmp_path: Path, browser: Any, kind: str
) -> None:
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee, game, _ = served(db, kind, over=True)
    _, sheet = referee.score(game)
    referee.store.close()
    with serving(db, game) as server:
        for viewport in VIEWPORTS.values():
            context = browser.new_context(viewport=viewport)
            for url in (server.base + "/", server.links["ben"]):  # (the table's page: test_boards)
                page = context.new_page()
                page.goto(url)
                expect(page.locator("#link")).to_have_text("live")
                end = page.locator("section.end")
                expect(end).to_be_visible()
                expect(end.locator("h2")).to_contain_text("score sheet, final")
                expect(end.locator("ol.sheet li")).to_have_count(len(sheet.lines))
                expect(end.locator("ol.sheet li .name").first).to_contain_text(sheet.lines[0].player)
                expect(end.locator("svg.chart g.series")).to_have_count(len(sheet.lines))
                # read in one step in the page: a live update may replace the section meanwhile
                width = page.evaluate(
                    "document.querySelector('section.end svg.chart').getBoundingClientRect().width"
                )
                assert 0 < width <= viewport["width"]
                fits(page)
                if url == server.links["ben"]:
                    expect(end.locator("li.mine .name")).to_contain_text("ben")
            context.close()
