"""The phones as witnesses, in a real browser (issue 19): a player's page checks the log by
itself; a log rewritten behind its back (row 3's body, every later hash recomputed and the
verified mark sealed again with the key file, so that the referee itself believes it) raises a
red banner naming #3 at the next update, kept across reloads; an ordinary move, an undo and a
reload raise none. One phone has no WebCrypto (as a page over plain http on the table's
network), and checks with witness.js's own SHA-256, which is checked against hashlib here too;
and a page opened at this machine's LAN address (`serve --lan`) has none for real."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

import pytest

from ledger.service import Referee
from ledger.store import Store
from referee_cli.serve import HERE, lan_address
from tests.conftest import fixed_clock
from tests.serve.browser import chromium_path
from tests.serve.conftest import served_game
from tests.serve.live import serving
from tests.serve.test_witness import cut, forge

pytestmark = pytest.mark.skipif(
    chromium_path() is None and not os.environ.get("REFEREE_REQUIRE_BROWSER"),
    reason="no chromium here (apt-get install chromium; .ci/run installs it, so CI runs this test)",
)

PHONE = {"viewport": {"width": 390, "height": 844}}
# What a page over plain http on a LAN address lacks: crypto.subtle (no secure context).
NO_WEBCRYPTO = "Object.defineProperty(window.crypto, 'subtle', {value: undefined})"
VECTORS = [
    "",
    "abc",
    "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
    *("a" * n for n in (55, 56, 63, 64, 65, 119, 120, 1000)),
    "é ✓ 漢字 🃏 " * 9,
]


def witnessed(page: Any, head: int) -> None:
    """The page's head line shows ``head``, checked by the page (its mark), and no banner."""
    from playwright.sync_api import expect

    expect(page.locator("#state .head.witnessed")).to_contain_text(f"#{head} ")
    assert page.locator("#witness-alarm").count() == 0


def test_the_small_sha256_is_sha256(tmp_path: Path, browser: Any) -> None:
    page = browser.new_page()
    page.add_init_script(NO_WEBCRYPTO)
    page.set_content("<!doctype html><p>vectors</p>")
    page.add_script_tag(content=(HERE / "witness.js").read_text())
    assert page.evaluate("window.refereeWitness.webCrypto") is False
    got = page.evaluate("(vectors) => vectors.map(window.refereeWitness.sha256Small)", VECTORS)
    assert got == [hashlib.sha256(v.encode()).hexdigest() for v in VECTORS]
    both = "(vectors) => Promise.all(vectors.map(window.refereeWitness.sha256))"  # (WebCrypto's stand-in)
    assert page.evaluate(both, VECTORS) == got


def test_a_phone_names_the_row_rewritten_behind_its_back(tmp_path: Path, browser: Any) -> None:
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee, game, _ = served_game(db, seed=7)
    with serving(db, game) as server:
        ann = browser.new_context(**PHONE).new_page()
        ben_context = browser.new_context(**PHONE)
        ben_context.add_init_script(NO_WEBCRYPTO)
        ben = ben_context.new_page()
        ann.goto(server.links["ann"])
        ben.goto(server.links["ben"])
        head = referee.store.head(game)[0]
        for page in (ann, ben):
            witnessed(page, head)
        assert ann.evaluate("window.refereeWitness.webCrypto") is True  # http://127.0.0.1 is secure
        assert ben.evaluate("window.refereeWitness.webCrypto") is False

        # An ordinary move, an undo (appended, never a rewrite) and a reload: no banner.
        referee.submit_text(game, ["work", "ann"])
        for page in (ann, ben):
            witnessed(page, referee.store.head(game)[0])
        referee.undo(game, reason="wrong card")
        for page in (ann, ben):
            witnessed(page, referee.store.head(game)[0])
            page.reload()
            witnessed(page, referee.store.head(game)[0])
        referee.submit_text(game, ["work", "ann"])
        seen = referee.store.head(game)[0]
        for page in (ann, ben):
            witnessed(page, seen)

        # The hostile player with the laptop: the referee believes the rewritten log. The pages
        # learn that the head's hash changed (the server's look at the head), and check.
        forge(referee, game, 3)
        for page in (ann, ben):
            expect(page.locator("#witness-alarm")).to_contain_text("rewritten at #3")
        other = Referee(Store(db), clock=fixed_clock())
        other.submit_text(game, ["end", "ann"])  # recorded on it: the table would play on
        # (only `verify`, which replays every move, would find that #2's facts are not #3's)
        for page in (ann, ben):
            witnessed_head = page.locator("#state .head")
            expect(witnessed_head).to_contain_text(f"#{other.store.head(game)[0]} ")
            banner = page.locator("#witness-alarm")
            expect(banner).to_contain_text("The log was rewritten at #3 since this phone saw it")
            expect(banner).to_contain_text(f"This phone saw the log up to #{seen}")
            expect(banner).to_contain_text("referee verify --head")
            page.reload()
            expect(banner).to_contain_text("rewritten at #3")  # kept across reloads
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            assert page.locator("#state .head.witnessed").count() == 0

        # What a phone cannot witness: a page opened after the rewrite sees nothing wrong.
        late = browser.new_context(**PHONE).new_page()
        late.goto(server.links["cat"])
        witnessed(late, other.store.head(game)[0])
        # Until the phone forgets what it saw (meant for another game under the same number).
        ann.get_by_role("button", name="forget what this phone saw").click()
        witnessed(ann, other.store.head(game)[0])
        ann.reload()
        witnessed(ann, other.store.head(game)[0])


@pytest.mark.skipif(lan_address() == "127.0.0.1", reason="this machine has no address on a network")
def test_a_page_over_plain_http_on_the_table_network_witnesses_with_its_own_sha256(
    tmp_path: Path, browser: Any
) -> None:
    """`serve --lan`, opened at the LAN address as a phone would: no secure context, so no
    WebCrypto; the page checks the rows with witness.js's own SHA-256, and names #3."""
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee, game, _ = served_game(db, seed=7)
    with serving(db, game, options=("--new-links", "--no-qr", "--lan")) as server:
        assert f"http://{lan_address()}:" in server.links["ann"]
        ann = browser.new_context(**PHONE).new_page()
        ann.goto(server.links["ann"])
        witnessed(ann, referee.store.head(game)[0])
        assert ann.evaluate("isSecureContext") is False
        assert ann.evaluate("window.refereeWitness.webCrypto") is False
        referee.submit_text(game, ["work", "ann"])
        witnessed(ann, referee.store.head(game)[0])
        forge(referee, game, 3)
        expect(ann.locator("#witness-alarm")).to_contain_text("The log was rewritten at #3")


def test_a_phone_names_where_the_log_was_cut(tmp_path: Path, browser: Any) -> None:
    """The last move's rows deleted and the mark sealed again at the new head: the referee
    believes the shorter log; a page that saw them names the first row gone."""
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee, game, _ = served_game(db, seed=7)
    first = referee.submit_text(game, ["work", "ann"]).seq
    with serving(db, game) as server:
        ann = browser.new_context(**PHONE).new_page()
        ann.goto(server.links["ann"])
        witnessed(ann, referee.store.head(game)[0])
        cut(referee, game, first)
        assert Referee(Store(db), clock=fixed_clock()).load(game).head == first - 1  # believed
        said = f"The log was cut at #{first} since this phone saw it"
        expect(ann.locator("#witness-alarm")).to_contain_text(said)
