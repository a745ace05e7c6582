"""Issue 42 at the table, in a real browser on phones (390x844): a half-made pick kept across
another phone's move while it stays legal (dropped, saying so, once it is not), the your-turn
cue, a stale phone's refused move bringing the table as it stands, every error a page can meet
as a page a phone reads, and the table's page showing a player's link again with its QR code
together at the top, its player selector kept."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from ledger.service import Referee
from ledger.store import Store
from tests.conftest import fixed_clock
from tests.pursuit.table import CARDS as PURSUIT_CARDS
from tests.pursuit.table import SETTINGS as PURSUIT_SETTINGS
from tests.serve.browser import LAPTOP, chromium_path
from tests.serve.conftest import PLAYERS, served_game
from tests.serve.live import serving
from tests.serve.test_stopped import edit_in_place

pytestmark = pytest.mark.skipif(
    chromium_path() is None and not os.environ.get("REFEREE_REQUIRE_BROWSER"),
    reason="no chromium here (apt-get install chromium; .ci/run installs it, so CI runs this test)",
)

PHONE = {"viewport": {"width": 390, "height": 844}}
# Counts the cues a page gives: navigator.vibrate's calls and the tones it starts.
CUES = """
window.cues = { vibrate: 0, tone: 0 };
const vibrate = () => { window.cues.vibrate++; return true; };
Object.defineProperty(navigator, "vibrate", { configurable: true, value: vibrate });
if (window.AudioContext) {
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args) { window.cues.tone++; return start.apply(this, args); };
}
"""


def child_traits(db: Path) -> tuple[Referee, int]:
    """A Pursuit table through the table's setup reveals, at the Child Traits step (Pursuit's
    setup: each player keeps one of the Child Traits laid out, all at once)."""
    referee = Referee(Store(db), clock=fixed_clock())
    game = referee.new_game("pursuit", PLAYERS, seed=7, cards=PURSUIT_SETTINGS + "\n" + PURSUIT_CARDS)
    while referee.board(game)[1].to_act == ["table"]:
        loaded = referee.load(game)
        referee.submit(game, next(iter(loaded.game.legal(loaded.state))))
    assert referee.board(game)[1].to_act == PLAYERS
    return referee, game


def trait(referee: Referee, game: int, player: str, card: str) -> int:
    """``player`` keeps the Child Trait ``card`` (from another phone, or the laptop): its seq."""
    loaded = referee.load(game)
    return referee.submit(game, loaded.game.parse(loaded.state, ["trait", player, card])).seq


def pick_trait(page: Any, card: str) -> None:
    """Tap the trait verb, then the card (by its name, however the chip spells it): the move told."""
    from playwright.sync_api import expect

    picker = page.locator("#picker")
    picker.locator(".picks button").filter(has_text=re.compile(r"^(child )?trait", re.I)).click()
    picker.get_by_role("button", name=re.compile(card.replace(" ", "[ -]"), re.I)).click()
    expect(picker.locator(".told .move-text")).to_contain_text(re.compile(card.replace(" ", "[ -]"), re.I))


def test_a_half_made_pick_survives_another_phones_move_while_it_stays_legal(
    tmp_path: Path, browser: Any
) -> None:
    """Child Traits: ben has tapped TEST BOOKWORM and cat TEST ARTIST, neither recorded; ann
    keeps TEST ARTIST. ben's pick, still legal, stays as he left it (told again, recordable);
    cat's, now taken, is dropped with a line saying so, and TEST ARTIST is no longer offered."""
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee, game = child_traits(db)
    with serving(db, game) as server:
        pages = {}
        for role in ("ben", "cat"):
            pages[role] = browser.new_context(**PHONE).new_page()
            pages[role].goto(server.links[role])
            expect(pages[role].locator("#link")).to_have_text("live")
        ben, cat = pages["ben"], pages["cat"]
        pick_trait(ben, "TEST BOOKWORM")
        pick_trait(cat, "TEST ARTIST")
        head = referee.store.head(game)[0]
        trait(referee, game, "ann", "test-artist")  # ann's phone (or the laptop): recorded
        for page in (ben, cat):
            expect(page.locator("#state")).not_to_have_attribute("data-head", str(head))
        # ben: the same pick, told again at the new head, and nothing said against it.
        expect(ben.locator("#picker .told .move-text")).to_contain_text(re.compile("bookworm", re.I))
        assert "pick again" not in str(ben.locator("#said").text_content())
        # cat: dropped, said in words, and the chip taken is gone.
        expect(cat.locator("#said")).to_contain_text("the table changed: your pick (")
        expect(cat.locator("#said")).to_contain_text(
            re.compile(r"artist\) is no longer a move now: pick again", re.I)
        )
        expect(cat.locator("#said")).to_have_class("said refused")
        expect(cat.locator("#picker .told")).to_have_count(0)
        cat.locator("#picker .picks button").filter(has_text=re.compile(r"^(child )?trait", re.I)).click()
        chips = " ".join(cat.locator("#picker .picks button").all_text_contents())
        assert re.search("bookworm", chips, re.I) and not re.search("artist", chips, re.I)
        ben.get_by_role("button", name="record", exact=True).click()
        expect(ben.locator("#said")).to_contain_text(re.compile(r"recorded #[0-9-]+: .*bookworm", re.I))
        ben.screenshot(path=str(tmp_path / "ben.png"))
    assert referee.load(game).state.players["ben"].traits == ("TEST BOOKWORM",)
    referee.store.close()


def test_the_phone_whose_player_must_act_says_so_and_no_other(tmp_path: Path, browser: Any) -> None:
    """LOOP 2.1, ann's turn: her page's title and a bar in sight say so; ben's and cat's say
    nothing. Once ann ENDs, ben's says so, vibrating (and sounding, his "sound" box ticked);
    cat's, without the box, vibrates never and sounds never: nothing is asked of cat."""
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee, game, _ = served_game(db, seed=7)
    with serving(db, game) as server:
        pages = {}
        for role in PLAYERS:
            context = browser.new_context(**PHONE)
            context.add_init_script(CUES)
            pages[role] = context.new_page()
            pages[role].goto(server.links[role])
            expect(pages[role].locator("#link")).to_have_text("live")
        ann, ben, cat = (pages[role] for role in PLAYERS)
        expect(ann.locator("#turn")).to_be_visible()
        expect(ann.locator("#turn")).to_have_text("Your turn, ann: your move below")
        assert ann.title().startswith("● Your turn, ann · ")
        for page in (ben, cat):
            expect(page.locator("#turn")).to_be_hidden()
            assert not page.title().startswith("●")
        assert not ben.locator("#sound").is_checked()  # off unless ticked
        ben.locator("#sound").check()
        tones = ben.evaluate("window.cues.tone")  # (ticking it plays the tone once, as a sample)
        ann.mouse.wheel(0, 3000)  # the bar stays in sight as the page scrolls
        expect(ann.locator("#turn")).to_be_in_viewport()
        referee.submit_text(game, ["work", "ann"])
        referee.submit_text(game, ["end", "ann"])
        expect(ben.locator("#turn")).to_be_visible()
        expect(ben).to_have_title(re.compile("^● Your turn, ben · "))
        expect(ann.locator("#turn")).to_be_hidden()
        assert not ann.title().startswith("●")
        assert ben.evaluate("window.cues.vibrate") == 1 and ben.evaluate("window.cues.tone") == tones + 1
        expect(cat.locator("#turn")).to_be_hidden()
        assert cat.evaluate("window.cues") == {"vibrate": 0, "tone": 0}
        assert ann.evaluate("window.cues") == {"vibrate": 0, "tone": 0}  # (hers was asked at load)
        # The box is kept by this browser: ben's page opened again finds it ticked.
        ben.reload()
        expect(ben.locator("#sound")).to_be_checked()
        ben.screenshot(path=str(tmp_path / "ben.png"))
    referee.store.close()


def test_a_stale_phones_refused_move_brings_the_fresh_table(tmp_path: Path, browser: Any) -> None:
    """cat's page misses its live updates; ann keeps TEST ARTIST meanwhile. cat records TEST
    ARTIST from the old board: refused (taken), and the page shows the table as it stands (the
    new head, ann's move among the last, TEST ARTIST no longer offered)."""
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee, game = child_traits(db)
    with serving(db, game) as server:
        cat = browser.new_context(**PHONE).new_page()
        cat.route("**/events", lambda route: route.abort())  # a phone that misses the updates
        cat.goto(server.links["cat"])
        shown = referee.store.head(game)[0]
        pick_trait(cat, "TEST ARTIST")
        seq = trait(referee, game, "ann", "test-artist")
        head = referee.store.head(game)[0]
        cat.get_by_role("button", name="record", exact=True).click()
        expect(cat.locator("#said")).to_have_class("said refused")
        expect(cat.locator("#state")).to_have_attribute("data-head", str(head))
        assert head > shown and referee.store.head(game)[0] == head  # nothing recorded
        expect(cat.locator("ol.log li").first).to_contain_text(re.compile(f"#{seq} ann .*artist", re.I))
        cat.locator("#picker .picks button").filter(has_text=re.compile(r"^(child )?trait", re.I)).click()
        chips = " ".join(cat.locator("#picker .picks button").all_text_contents())
        assert re.search("bookworm", chips, re.I) and not re.search("artist", chips, re.I)
    referee.store.close()


def readable(page: Any) -> None:
    """Styled for a phone and a laptop: at each screen's size, no sideways scroll, every visible
    text at 12 px or more, the stylesheet applied (the body's font is the page's, not the
    browser's default serif); left at the phone's."""
    for viewport in (LAPTOP, PHONE["viewport"]):
        page.set_viewport_size(viewport)
        _readable(page)


def _readable(page: Any) -> None:
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"{width} px wide on a {inner} px screen"
    smallest = page.evaluate(
        """() => Math.min(...[...document.querySelectorAll("body *")]
            .filter((e) => e.offsetParent
                && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
            .map((e) => parseFloat(getComputedStyle(e).fontSize)))"""
    )
    assert smallest >= 12, smallest
    assert "system-ui" in page.evaluate("getComputedStyle(document.body).fontFamily")


def test_every_error_a_page_can_show_is_a_page_for_a_phone_and_a_laptop(tmp_path: Path, browser: Any) -> None:
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee, game, _ = served_game(db, seed=7)
    seq = referee.submit_text(game, ["work", "ann"]).head
    with serving(db, game) as server:
        page = browser.new_context(**PHONE).new_page()
        missing = page.goto(server.base + "/no/such/page")
        assert missing is not None and missing.status == 404
        expect(page.locator("h2")).to_have_text("404: no such page")
        readable(page)
        page.screenshot(path=str(tmp_path / "404.png"))
        wrong = page.goto(server.base + "/t/not-a-link")
        assert wrong is not None and wrong.status == 403
        expect(page.locator(".notice")).to_contain_text("This link opens no page of a player")
        readable(page)
        edit_in_place(db, game, seq, "body")
        stopped = page.goto(server.links["ann"])
        assert stopped is not None and stopped.status == 409
        expect(page.locator("#stopped")).to_contain_text("The game is stopped: no page takes a move")
        readable(page)
        page.screenshot(path=str(tmp_path / "409.png"))
    referee.store.close()


def test_the_table_page_shows_a_link_again_with_its_qr_code_at_the_top(tmp_path: Path, browser: Any) -> None:
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee, game, _ = served_game(db, seed=7)
    with serving(db, game) as server:
        table = browser.new_context(**PHONE).new_page()
        table.goto(server.links["table"])
        expect(table.locator("#qr")).to_be_hidden()
        table.get_by_label("whose link").select_option("cat")
        table.get_by_role("button", name="show this player’s link again").click()
        shown = table.locator("#qr")
        expect(shown.locator("img")).to_be_visible()
        url = str(shown.locator("code").text_content())
        assert url.startswith(server.base + "/t/")
        expect(shown).to_contain_text(re.compile("cat.s new link"))
        expect(shown.locator("img")).to_have_attribute("alt", "QR code of " + url)
        # Together, in sight at once, above the live part of the page.
        expect(shown.locator("code")).to_be_in_viewport()
        expect(shown.locator("img")).to_be_in_viewport()
        above = table.evaluate(
            "document.querySelector('#qr').compareDocumentPosition(document.querySelector('#live'))"
        )
        assert above & 4  # (#live follows)
        assert table.get_by_label("whose link").input_value() == "cat"  # the selector kept
        assert httpx.get(url).status_code == 200 and httpx.get(server.links["cat"]).status_code == 403
        assert table.evaluate("document.documentElement.scrollWidth") <= 390
        table.screenshot(path=str(tmp_path / "link.png"))
    referee.store.close()
