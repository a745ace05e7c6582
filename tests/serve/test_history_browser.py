"""The group's history on a phone (issue 42: "each finished game's score chart ... readable at
390 px: player names, labels >=12 px, not colour alone"): the hand-made LOOP game of
test_history_page.py drawn as an SVG chart, every text on the page at 12 px or more as it is
drawn (an SVG's text scaled by its box), each line named, nothing scrolling sideways."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from ledger.service import Referee
from ledger.store import Store
from tests import finished
from tests.conftest import fixed_clock
from tests.serve.browser import chromium_path
from tests.serve.live import serving
from tests.serve.screenshots import PHONE
from tests.serve.test_history_page import LOOP_CHART, _loop_game
from tests.serve.test_text_size_browser import SIZES, SMALLEST

pytestmark = pytest.mark.skipif(
    chromium_path() is None and not os.environ.get("REFEREE_REQUIRE_BROWSER"),
    reason="no chromium here (apt-get install chromium; .ci/run installs it, so CI runs this test)",
)

# Each SVG text's size as drawn: its font size times its chart's scale (the box's width over the
# viewBox's), and its text.
DRAWN = """() => [...document.querySelectorAll('svg.chart text')].map(t => {
  const svg = t.ownerSVGElement;
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return {size: parseFloat(getComputedStyle(t).fontSize) * scale, text: t.textContent};
})"""


def test_the_history_page_reads_on_a_phone(tmp_path: Path, browser: Any) -> None:
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee = Referee(Store(db), clock=fixed_clock())
    planet = finished.new(referee, "planet-b", ["ann", "ben"])
    finished.play(referee, planet, "planet-b")
    game, _ = _loop_game(referee)
    referee.store.close()
    with serving(db, game) as server:
        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(server.links["table"] + "/history")
        chart = page.locator('section[aria-label="game 2"] figure.chart svg')
        expect(chart).to_be_visible()
        # Each line named at its end, with its last score; each point a marker of its own shape.
        labels = chart.locator("text").all_text_contents()
        assert {"alice 3", "bob 0"} <= set(labels) and {"1", "2", "3", "4", "5", "6"} <= set(labels)
        shapes = {
            name: chart.locator(f'g.series[data-player="{name}"] > :not(polyline):not(text)').evaluate_all(
                "els => els.map(e => e.tagName)"
            )
            for name in LOOP_CHART
        }
        assert [len(set(tags)) for tags in shapes.values()] == [1, 1] and shapes["alice"] != shapes["bob"]
        assert [len(tags) for tags in shapes.values()] == [6, 6]
        # Planet B's section: no chart, the rule and the final sheet instead.
        planet_b = page.locator('section[aria-label="game 1"]')
        expect(planet_b.locator("svg")).to_have_count(0)
        expect(planet_b.locator("p.note")).to_contain_text("no score chart: PLANET B Game End")
        drawn = page.evaluate(DRAWN)
        assert len(drawn) >= 6 + 2 + 6  # the rounds, the names, the scale at least
        texts = page.evaluate(SIZES) + drawn
        small = [f"{t['size']:.1f} px: {t['text']!r}" for t in texts if t["size"] < SMALLEST]
        assert not small, "\n".join(small)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
