"""A whole first Pursuit setup from the table's page on a phone (390x844, issue 41: "the group
never needs the terminal again for that game"): a new game with every module, its settings as
one form, each Life Goal and each Friend as its card's form (KEVIN with the Friends text's
printed boxes filled in, not editable), until a player is to keep a Child Trait; that one on
the player's page, as its card's form. No command typed at a terminal after ``new``.

The settings and the test cards' faces typed are invented (fixtures/pursuit-test-*.toml): no
text in ../shared/rules prints the base game's numbers."""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from ledger.service import Referee
from ledger.store import Store
from tests.conftest import fixed_clock
from tests.pursuit.table import ALL, SETTINGS
from tests.serve.browser import chromium_path
from tests.serve.live import serving

pytestmark = pytest.mark.skipif(
    chromium_path() is None and not os.environ.get("REFEREE_REQUIRE_BROWSER"),
    reason="no chromium here (apt-get install chromium; .ci/run installs it, so CI runs this test)",
)
PHONE = {"width": 390, "height": 844}
VALUES: dict[str, str] = tomllib.loads(SETTINGS)["settings"]
GOALS = {"test-well-read": ("5knowledge", "4lth"), "test-career-minded": ("job", "3lth")}
GOALS |= {"test-richest": ("most-money", "5lth")}
FRIEND = {"L1 Reward": "1money", "L2 Cost": "1hourglass,1influence", "L2 Reward": "1lth"}
FRIEND |= {"L3 Cost": "1hourglass", "L3 Reward": "2lth"}


def test_a_phone_sets_up_a_first_pursuit_game_from_the_table_page(tmp_path: Path, browser: Any) -> None:
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee = Referee(Store(db), clock=fixed_clock())
    game = referee.new_game("pursuit", ["ann", "ben", "cat"], options={"modules": ALL})
    referee.store.close()
    with serving(db, game) as server:
        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(server.links["table"])
        form = page.locator("form.card-form")

        def field(label: str) -> Any:
            return form.get_by_role("textbox", name=label)

        def record(said: str) -> None:
            form.get_by_role("button", name="tell the move").click()
            told = page.locator("#picker .told")
            expect(told).to_contain_text(said)
            told.get_by_role("button", name="record").click()
            expect(page.locator("#said")).to_contain_text(said)

        # the settings: one form, opened at once, a field a setting (Community's and Friends'
        # too, the game has them); the turn order and Relax chosen among their values
        expect(form.locator("h3")).to_have_text("the base game's settings")
        for name in ("hourglasses", "stress", "sth", "rounds", "slots", "life-goals", "child-traits"):
            field(_starting(name)).fill(VALUES[name])
        for name in ("popularity", "friend-cards"):
            field(_starting(name)).fill(VALUES[name])
        order = form.get_by_role("combobox", name="order: the Action Phase's turn order")
        expect(order).to_have_value("seats")
        page.evaluate("document.querySelector('#picker').scrollIntoView()")
        page.screenshot(path=str(tmp_path / "pursuit-settings-form.png"))
        record("setting hourglasses: 6,9")
        # each Life Goal turned up: its name and its level's boxes
        for name, (requirement, reward) in GOALS.items():
            expect(form.locator("h3")).to_have_text("a Life Goal turned up")
            field("its name, as printed on the card").fill(name)
            field(_starting("L1 Requirement")).fill(requirement)
            field(_starting("L1 Reward")).fill(reward)
            record(f"life-goal {name.upper().replace('-', ' ')} declared")
        # the Friends board: KEVIN, whose text prints part of him, from the reveal's choices
        expect(form.locator("h3")).to_have_text("a Friend turned up")
        form.get_by_role("button", name="cancel").click()
        picker = page.locator("#picker")
        picker.get_by_role("button", name=_starting("reveal")).click()
        picker.get_by_role("button", name="kevin", exact=True).click()
        expect(form.locator("h3")).to_have_text("KEVIN (the Friends text prints part of it)")
        printed = field("L1 Requirement (printed)")
        expect(printed).to_have_value("job")
        expect(printed).not_to_be_editable()
        expect(field("L1 Reward (printed)")).to_have_value("1creativity 2influence")
        asked = form.get_by_role("textbox", name=_starting("L1 Requirement (as"))
        expect(asked).to_have_count(0)  # printed: not asked
        field(_starting("L1 Upkeep Cost")).fill("1influence")
        field(_starting("L2 Cost")).fill("1hourglass")
        field(_starting("L2 Reward")).fill("1lth")
        page.evaluate("document.querySelector('#picker').scrollIntoView()")
        page.screenshot(path=str(tmp_path / "pursuit-kevin-form.png"))
        record("friend KEVIN declared")
        for n in (1, 2, 3):
            expect(form.locator("h3")).to_have_text("a Friend turned up")
            field("its name, as printed on the card").fill(f"test-friend-{n}")
            for label, value in FRIEND.items():
                field(_starting(label)).fill(value)
            record(f"friend TEST FRIEND {n} declared")
        # laid out: the players keep their Child Traits, each on their own page
        expect(page.locator("#picker form.card-form")).to_have_count(0)
        ann = browser.new_context(viewport=PHONE).new_page()
        ann.goto(server.links["ann"])
        form = ann.locator("form.card-form")
        expect(form.locator("h3")).to_have_text("a Child Trait new to the referee")
        field("its name, as printed on the card").fill("test-artist")
        field(_starting("L1 Reward")).fill("2creativity")
        form.get_by_role("button", name="tell the move").click()
        told = ann.locator("#picker .told")
        expect(told).to_contain_text("TEST ARTIST")
        told.get_by_role("button", name="record").click()
        expect(ann.locator("#said")).to_contain_text("child-trait TEST ARTIST declared")
    referee = Referee(Store(db), clock=fixed_clock())
    state = referee.load(game).state
    assert state.faces.settings == {n: VALUES[n] for n in state.faces.settings}
    assert len(state.goals) == 3 and len([f for f in state.friends if f]) == 4
    assert state.friends[0] == "KEVIN" and state.faces.cards["KEVIN"].levels[0].requirement == "job"
    assert state.players["ann"].traits == ("TEST ARTIST",)
    referee.store.close()


def _starting(text: str) -> re.Pattern[str]:
    """A field's label by how it starts (the rest says its shape and an example)."""
    return re.compile("^" + re.escape(text))
