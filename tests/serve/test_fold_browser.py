"""A player's page on a phone (390x844) puts first what that player acts on (issue 42: Pursuit's
phone page was about 4.3k px, five screens; "the player's own area and moves fit the first two
screens, the rest folds"): the your-turn bar and the headline, the moves, the player's own
area; then the rest folded, each fold's summary naming what is inside ("the other players (ann,
cat)"), and a fold opened stays open across the live updates. The board's page and the table's
keep everything open. Measured at each game's busiest state the tests keep: its end (the score
sheet and the chart above the player's own area), and Pursuit a few rounds in (the docs'
screenshot, where the 4.3k px page was)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from ledger.service import Referee
from ledger.store import Store
from tests import finished
from tests.conftest import fixed_clock
from tests.serve.browser import PHONE, chromium_path
from tests.serve.conftest import PLAYERS
from tests.serve.live import serving
from tests.serve.screenshots import MOVES
from tests.serve.test_boards import served

pytestmark = pytest.mark.skipif(
    chromium_path() is None and not os.environ.get("REFEREE_REQUIRE_BROWSER"),
    reason="no chromium here (apt-get install chromium; .ci/run installs it, so CI runs this test)",
)

SCREENS = 2 * PHONE["height"]  # "the first two screens"

# Where each part of the page is, from the top of the page (pixels), in one look.
PLACES = """() => {
  const at = (e) => { const b = e.getBoundingClientRect(); return [b.top + scrollY, b.bottom + scrollY]; };
  const one = (s) => { const e = document.querySelector(s); return e ? at(e) : null; };
  return {
    headline: one('#live .headline'), picker: one('#picker'), mine: one('#live .player.mine'),
    folds: [...document.querySelectorAll('#live details.fold')].map(d => ({
      key: d.dataset.fold, summary: d.querySelector(':scope > summary').textContent.trim(),
      open: d.open, top: at(d)[0]})),
    others: [...document.querySelectorAll('#live .player:not(.mine)')].map(e => e.checkVisibility()),
  };
}"""


def _others(view_seats: list[str], me: str) -> str:
    return "the other players (" + ", ".join(name for name in view_seats if name != me) + ")"


@pytest.mark.parametrize(
    ("kind", "moves"), [("loop", 0), ("planet-b", 0), ("pursuit", 0), ("pursuit", MOVES["pursuit"])]
)
def test_a_players_own_area_and_moves_fit_two_screens_and_the_rest_folds(
    tmp_path: Path, browser: Any, kind: str, moves: int
) -> None:
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    if moves:
        referee = Referee(Store(db), clock=fixed_clock())
        game = finished.new(referee, kind, PLAYERS)
        finished.play(referee, game, kind, until_over=False, moves=moves)
    else:  # the game's end (LOOP: the recorded game of the fixtures)
        referee, game, _ = served(db, kind, over=True)
    seats = list(referee.load(game).setup.players)
    with serving(db, game) as server:
        context = browser.new_context(viewport=PHONE)
        for name in PLAYERS:
            page = context.new_page()
            page.goto(server.links[name])
            expect(page.locator("#link")).to_have_text("live")
            at = page.evaluate(PLACES)
            # In this order: the headline, the moves, the player's own area, then the folds (but
            # the score sheet's notes, folded in the sheet above the moves).
            assert at["headline"][1] <= at["picker"][0] <= at["mine"][0], at
            assert all(fold["top"] >= at["mine"][1] for fold in at["folds"] if fold["key"] != "notes"), at
            # The player's own area and the moves within the first two screens.
            assert at["mine"][1] <= SCREENS and at["picker"][1] <= SCREENS, (name, at)
            # The rest folded, each fold saying what it holds; another player's card unseen.
            folds = {fold["key"]: fold for fold in at["folds"]}
            assert {"board", "others", "log"} <= set(folds), folds
            assert not any(fold["open"] for fold in at["folds"])
            assert folds["others"]["summary"] == _others(seats, name)
            assert folds["board"]["summary"].startswith("the board: ")
            assert folds["log"]["summary"].startswith("the last moves (#")
            if not moves:  # the end: the score sheet's notes folded too, the sheet itself open
                assert folds["notes"]["summary"].startswith("the score sheet’s notes (")
                expect(page.locator("#live section.end ol.sheet")).to_be_visible()
            assert at["others"] == [False] * (len(seats) - 1)
            if name == "ben":
                page.screenshot(path=str(tmp_path / f"{kind}-{moves}-ben.png"))  # to look at
            # Opened, a fold shows what it names.
            page.locator("#live details.fold[data-fold='others'] > summary").click()
            expect(page.locator("#live .player:not(.mine)")).to_have_count(len(seats) - 1)
            for card in page.locator("#live .player:not(.mine)").all():
                expect(card).to_be_visible()
        # The board's page and the table's keep everything open.
        for url in (server.base + "/", server.links["table"]):
            page = context.new_page()
            page.goto(url)
            expect(page.locator("#link")).to_have_text("live")
            expect(page.locator("#live details.fold")).to_have_count(0)
            expect(page.locator("#live .player")).to_have_count(len(seats))
            for card in page.locator("#live .player").all():
                expect(card).to_be_visible()
            expect(page.locator("#live section.last")).to_be_visible()
        context.close()
    referee.store.close()


def test_a_fold_opened_stays_open_across_another_phones_move(tmp_path: Path, browser: Any) -> None:
    """ben opens "the other players" and "the last moves" on his Pursuit page; a move recorded
    elsewhere re-renders the page (the last moves' summary names the new latest move): both stay
    open, the board's fold stays closed."""
    from playwright.sync_api import expect

    kind = "pursuit"
    db = tmp_path / "ledger.db"
    referee = Referee(Store(db), clock=fixed_clock())
    game = finished.new(referee, kind, PLAYERS)
    finished.play(referee, game, kind, until_over=False, moves=MOVES[kind])
    with serving(db, game) as server:
        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(server.links["ben"])
        expect(page.locator("#link")).to_have_text("live")
        log = page.locator("#live details.fold[data-fold='log']")
        before = str(log.locator("> summary").text_content())
        for key in ("others", "log"):
            page.locator(f"#live details.fold[data-fold='{key}'] > summary").click()
        head = referee.store.head(game)[0]
        finished.play(referee, game, kind, seed=3, until_over=False, moves=1)  # another phone's move
        expect(page.locator("#state")).not_to_have_attribute("data-head", str(head))
        expect(log.locator("> summary")).not_to_have_text(before)  # re-rendered: a new latest move
        expect(page.locator("#live details.fold[data-fold='others']")).to_have_attribute("open", "")
        expect(log).to_have_attribute("open", "")
        expect(page.locator("#live details.fold[data-fold='board']")).not_to_have_attribute("open", "")
        expect(page.locator("#live .player:not(.mine)").first).to_be_visible()
    referee.store.close()
