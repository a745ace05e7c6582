"""A real browser on the table's page (a phone, 390x844): a void with a cascade is shown before it
is recorded (issue 42), the move named and each later move it breaks, in words; confirming
records exactly those, and every page shows them taken back."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.serve.browser import chromium_path
from tests.serve.conftest import served_game
from tests.serve.live import serving

pytestmark = pytest.mark.skipif(
    chromium_path() is None and not os.environ.get("REFEREE_REQUIRE_BROWSER"),
    reason="no chromium here (apt-get install chromium; .ci/run installs it, so CI runs this test)",
)


def test_a_void_with_a_cascade_is_shown_then_confirmed_on_the_table_page(
    tmp_path: Path, browser: Any
) -> None:
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee, game, _ = served_game(db, seed=7)
    referee.submit_text(game, ["work", "ann"])
    ended = referee.submit_text(game, ["end", "ann"]).seq
    worked = referee.submit_text(game, ["work", "ben"]).seq
    head = referee.store.head(game)[0]
    with serving(db, game) as server:
        table = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        table.goto(server.links["table"])
        expect(table.locator("#link")).to_have_text("live")
        table.get_by_role("textbox", name="seq of the disputed move").fill(str(ended))
        table.get_by_role("textbox", name="reason for the void").fill("ann had not finished")
        table.get_by_label("cascade").check()
        table.get_by_role("button", name="void", exact=True).click()
        # Shown, not recorded: ann's end of turn, and ben's WORK by cascade (2.2: still her turn).
        shown = table.get_by_role("group", name="the void, to confirm")
        expect(shown).to_contain_text(f"void #{ended} would take back 2 moves:")
        expect(shown.locator("li")).to_have_text(
            [
                f"#{ended} (ann: end the turn)",
                f"#{worked} (ben: WORK)  by cascade: it does not hold without #{ended}",
            ]
        )
        assert referee.store.head(game)[0] == head
        assert table.evaluate("document.documentElement.scrollWidth") <= 390
        table.screenshot(path=str(tmp_path / "void-confirm.png"))  # the phone's screen, to look at
        shown.get_by_role("button", name="record this void").click()
        expect(table.locator("#said")).to_have_text(
            f"recorded #{head + 1}: void #{ended} (ann: end the turn) and, by cascade, #{worked} (ben: WORK)"
        )
        expect(shown).to_have_count(0)
        log = table.locator("ol.log")
        expect(log).to_contain_text(f"ann end the turn [voided by #{head + 1}]")
        expect(log).to_contain_text(f"ben WORK [voided (cascade) by #{head + 1}]")
        expect(table.locator(".headline")).to_contain_text("ann's turn")
        gone = {e.seq: e.reverted_how for e in referee.log(game) if e.reverted_how}
        assert gone == {ended: "void", worked: "cascade"}


def test_a_void_shown_before_another_move_is_asked_again(tmp_path: Path, browser: Any) -> None:
    """A move recorded elsewhere while the void is shown: the page takes the void shown away (its
    confirmation would be refused) and says so; shown again, it names the new move too. A void
    the referee refuses is said under the void's boxes (the top of the page is far on a phone)."""
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee, game, _ = served_game(db, seed=7)
    referee.submit_text(game, ["work", "ann"])
    ended = referee.submit_text(game, ["end", "ann"]).seq
    worked = referee.submit_text(game, ["work", "ben"]).seq
    with serving(db, game) as server:
        table = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        table.goto(server.links["table"])
        expect(table.locator("#link")).to_have_text("live")
        table.get_by_role("textbox", name="seq of the disputed move").fill(str(ended))
        table.get_by_role("button", name="void", exact=True).click()  # no reason given
        expect(table.locator("form[data-confirm] + p.refused")).to_contain_text("reason")
        table.get_by_role("textbox", name="reason for the void").fill("ann had not finished")
        table.get_by_role("button", name="void", exact=True).click()  # no cascade ticked
        expect(table.locator("form[data-confirm] + p.refused")).to_contain_text("tick cascade to void it too")
        table.get_by_label("cascade").check()
        table.get_by_role("button", name="void", exact=True).click()
        shown = table.get_by_role("group", name="the void, to confirm")
        expect(shown.locator("li")).to_have_count(2)
        ben_ended = referee.submit_text(game, ["end", "ben"]).seq  # at the laptop, meanwhile
        expect(shown).to_have_count(0)
        expect(table.locator("#said")).to_have_text(
            "the table changed since the void was shown: void again to see what it takes back now"
        )
        table.get_by_role("button", name="void", exact=True).click()
        expect(shown.locator("li")).to_have_text(
            [
                f"#{ended} (ann: end the turn)",
                f"#{worked} (ben: WORK)  by cascade: it does not hold without #{ended}",
                f"#{ben_ended} (ben: end the turn)  by cascade: it does not hold without #{ended}",
            ]
        )
        shown.get_by_role("button", name="cancel").click()
        expect(shown).to_have_count(0)
        expect(table.locator("#said")).to_have_text("nothing recorded")
        assert not [e for e in referee.log(game) if e.reverted_how]
