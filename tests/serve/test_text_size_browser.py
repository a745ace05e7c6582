"""No visible text under 12 px (issue 42: Planet B's and the Pursuit's counter labels were
11.2-11.5 px on a phone, a tenth of the text): every piece of visible text on each game's board,
player's and table's page, at a phone's 390x844 and a laptop's 1366x768 (one served game for
both), measured from the browser's computed font sizes (a player's page with its folds opened); and
none of them scrolls sideways."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.serve.browser import VIEWPORTS, chromium_path
from tests.serve.live import serving
from tests.serve.screenshots import MOVES, _game
from tests.serve.test_boards_browser import fits

pytestmark = pytest.mark.skipif(
    chromium_path() is None and not os.environ.get("REFEREE_REQUIRE_BROWSER"),
    reason="no chromium here (apt-get install chromium; .ci/run installs it, so CI runs this test)",
)

SMALLEST = 12  # pixels (issue 42: "No visible text under 12 px")

# Every element holding a text node of its own that is seen (not folded in a closed <details>,
# not hidden): its font size and its text.
SIZES = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const e = node.parentElement;
    if (!text || !e || !e.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;  // in a closed <details>, a <script>, ...
    out.push({size: parseFloat(getComputedStyle(e).fontSize), text: text.slice(0, 40),
              where: e.tagName.toLowerCase() + (e.className ? '.' + [...e.classList].join('.') : '')});
  }
  return out;
}"""


GAMES = [("loop", 0), ("planet-b", MOVES["planet-b"]), ("pursuit", MOVES["pursuit"]), ("pursuit", 0)]


@pytest.mark.parametrize(("kind", "moves"), GAMES)
def test_no_visible_text_under_12_px_on_a_phone_or_a_laptop(
    tmp_path: Path, browser: Any, kind: str, moves: int
) -> None:
    """A few rounds in (LOOP: the screenshots' game), and a Pursuit game at its end: the score
    sheet and its chart too."""
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    game = _game(db, kind, moves)
    with serving(db, game) as server:
        for screen, viewport in VIEWPORTS.items():
            context = browser.new_context(viewport=viewport)
            for url in (server.base + "/", server.links["ben"], server.links["table"]):
                page = context.new_page()
                page.goto(url)
                expect(page.locator("#link")).to_have_text("live")
                # (what a player's page folds is text too, once opened)
                page.evaluate("document.querySelectorAll('#live details.fold').forEach(d => d.open = true)")
                fits(page)  # nothing scrolls sideways either
                texts = page.evaluate(SIZES)
                assert len(texts) > 50, f"{screen} {url}: only {len(texts)} texts seen"
                small = [
                    f"{t['size']:.1f} px {t['where']}: {t['text']!r}" for t in texts if t["size"] < SMALLEST
                ]
                assert not small, f"{kind} on a {screen} {url}:\n" + "\n".join(sorted(set(small)))
            context.close()
