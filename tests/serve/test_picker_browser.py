"""The phones as the table's way to play, in a real browser at 390x844: for each game, a round
of moves made from the players' (and the table's) pages with the picker alone, the move told in
words before it is recorded, a mis-tap taken back from the phone, a refused move's line, the
board updating without a reload, the table's page showing one player's link again while the
others keep working, and no page wider than the phone."""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from ledger.decider import sentence
from ledger.errors import RefereeError
from ledger.service import Referee
from ledger.store import Store
from tests.conftest import fixed_clock
from tests.loop.table import CARDS as LOOP_CARDS
from tests.loop.table import hobby_game
from tests.planet_b.table import CARDS as PLANET_B_CARDS
from tests.pursuit.table import CARDS as PURSUIT_CARDS
from tests.pursuit.table import SETTINGS as PURSUIT_SETTINGS
from tests.serve.browser import chromium_path
from tests.serve.conftest import PLAYERS
from tests.serve.live import serving

pytestmark = pytest.mark.skipif(
    chromium_path() is None and not os.environ.get("REFEREE_REQUIRE_BROWSER"),
    reason="no chromium here (apt-get install chromium; .ci/run installs it, so CI runs this test)",
)

PHONE = {"viewport": {"width": 390, "height": 844}}
GAMES = {
    "loop": LOOP_CARDS,
    "planet-b": PLANET_B_CARDS,
    "pursuit": PURSUIT_SETTINGS + "\n" + PURSUIT_CARDS,
}
ROUND = 7  # moves made from the pages at least: every player's turn (LOOP: WORK, then end)
MOST = 24  # moves at most, until every player has moved


def fits(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.evaluate("innerWidth"), f"{page.url} scrolls sideways ({width} px)"


def pick(page: Any) -> str:
    """Tap the picker's first chip at each step until the move is told, then record it; the
    move's words as told."""
    from playwright.sync_api import expect

    picker = page.locator("#picker")
    for _ in range(20):
        page.wait_for_selector("#picker .told, #picker .picks button")
        if picker.locator(".told").count():
            break
        picker.locator(".picks button").first.click()
    expect(picker.locator(".told .move-text")).not_to_be_empty()
    told = str(picker.locator(".told .move-text").text_content())
    fits(page)
    picker.get_by_role("button", name="record", exact=True).click()
    expect(page.locator("#said")).to_contain_text(f": {told}")
    return told


def tap(page: Any, *labels: str) -> None:
    """Tap the picker's chips named ``labels``, then record the move told."""
    from playwright.sync_api import expect

    for label in labels:
        page.locator("#picker").get_by_role("button", name=label, exact=True).click()
    expect(page.locator("#picker .told")).to_be_visible()
    page.locator("#picker").get_by_role("button", name="record", exact=True).click()


@pytest.mark.parametrize("kind", list(GAMES))
def test_a_round_played_with_the_picker_on_phones(tmp_path: Path, kind: str, browser: Any) -> None:
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee = Referee(Store(db), clock=fixed_clock())
    # Virtual decks: a mis-tap is taken back from the phone unless the referee dealt its mover
    # a card by chance (Referee.take_back); a draft pick, a Child Trait, a WORK deal none.
    game = referee.new_game(kind, PLAYERS, seed=7, cards=GAMES[kind])
    with serving(db, game) as server:
        board = browser.new_context(**PHONE).new_page()
        board.goto(server.base + "/")
        pages = {}
        for role in (*PLAYERS, "table"):
            pages[role] = browser.new_context(**PHONE).new_page()
            pages[role].goto(server.links[role])
        for page in (board, *pages.values()):
            expect(page.locator("#link")).to_have_text("live")
            fits(page)
        board.evaluate("window.notReloaded = true")
        assert all(page.locator("input[name=text]").is_hidden() for page in pages.values())  # folded away

        made = []
        taken = False  # a player's first move is a mis-tap, taken back
        while len(made) < MOST and (len(made) < ROUND or not {*PLAYERS} <= {r for r, _ in made}):
            state = httpx.get(server.base + "/state.json").json()
            role = state["status"]["to_act"][0]
            told = pick(pages[role])
            made.append((role, told))
            # the last moves say it as told, its mover apart ("ann: WORK" is "#76 ann WORK")
            expect(board.locator("ol.log")).to_contain_text(told.split(": ", 1)[-1])
            offer = referee.take_back_offer(game, role) if role != "table" else None
            if offer is not None and not offer.dealt and not taken:
                # A mis-tap: taken back from the same phone while nobody has moved since (not
                # a move that dealt cards by chance: its page has shown them).
                pages[role].get_by_role("button", name="take back #").click()
                expect(pages[role].locator("#said")).to_contain_text("undo #")
                expect(board.locator("ol.log")).to_contain_text("[undone by #")
                entry = next(iter(referee.log(game, last=1)))
                assert entry.kind == "undo" and entry.actor == role and entry.reason == "taken back"
                taken = True
        assert taken and {r for r, _ in made} >= {*PLAYERS}, " ".join(r for r, _ in made)
        assert board.evaluate("window.notReloaded") is True
        for page in (board, *pages.values()):
            fits(page)

        # A refused move (a player's latest move, made again): the rules' one line, as the
        # command line prints it, and nothing appended.
        role, text = next((role, text) for role, text in reversed(made) if role != "table")
        head = referee.store.head(game)[0]
        loaded = referee.load(game)
        with pytest.raises(RefereeError) as refused:
            loaded.game.decide(loaded.state, loaded.game.parse(loaded.state, shlex.split(text)))
        page = pages[role]
        page.locator("details.typed summary").click()
        page.get_by_role("textbox", name="a move").fill(text)
        page.get_by_role("button", name="record", exact=True).click()
        expect(page.locator("#said")).to_have_text(str(refused.value))
        expect(page.locator("#said")).to_have_class("said refused")
        assert referee.store.head(game)[0] == head

        # The table's page shows one player's link again; the others keep working.
        table = pages["table"]
        table.get_by_label("whose link").select_option(PLAYERS[1])
        table.get_by_role("button", name="show this player’s link again").click()
        expect(table.locator("#qr img")).to_be_visible()
        url = str(table.locator("#said").text_content()).rsplit(": ", 1)[-1]
        assert httpx.get(url).status_code == 200
        assert httpx.get(server.links[PLAYERS[1]]).status_code == 403
        for role in (PLAYERS[0], PLAYERS[2], "table"):
            assert httpx.get(server.links[role]).status_code == 200
        fits(table)
    referee.store.close()


# A real-card LOOP table (no seed, no GOAL in its cards file) up to ann's second CONSUME of
# COOKING: she has kept 2 COOKING, so HOBBY (LOOP 3.2) is met, and nobody has typed its reward.
def test_a_goal_whose_reward_nobody_typed_is_asked_in_the_picker(tmp_path: Path, browser: Any) -> None:
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee, game = hobby_game(db)
    assert referee.load(game).state.goal_faces["HOBBY"].reward is None
    with serving(db, game) as server:
        ann = browser.new_context(**PHONE).new_page()
        ann.goto(server.links["ann"])
        picker = ann.locator("#picker")
        # (beside HOBBY: SOCIAL WELLBEING, whose PROPERTY nobody typed, and a GOAL nobody named)
        picker.get_by_role("button", name="GOAL (3)", exact=True).click()
        picker.get_by_role("button", name="HOBBY", exact=True).click()
        expect(picker.locator(".ask")).to_have_text("HOBBY's reward: the HAPPINESS printed on the card")
        assert picker.locator(".picks button").all_text_contents() == [str(n) for n in range(1, 13)]
        fits(ann)
        picker.get_by_role("button", name="2", exact=True).click()
        # told in LOOP's words (2.3: a GOAL's reward is HAPPINESS), recorded as typed
        expect(picker.locator(".told .move-text")).to_have_text("ann: GOAL HOBBY +2 HAPPINESS")
        picker.get_by_role("button", name="record", exact=True).click()
        expect(ann.locator("#said")).to_contain_text("ann: GOAL HOBBY +2 HAPPINESS")
    state = referee.load(game).state
    assert state.players["ann"].achieved == ("HOBBY",) and state.goal_faces["HOBBY"].reward == 2
    referee.store.close()


def test_a_goal_nobody_has_named_is_achieved_from_the_picker_its_face_asked(
    tmp_path: Path, browser: Any
) -> None:
    """LOOP 2.3 at a real table: ann's kept 2 COOKING (HOUSE, HEART each) meet a GOAL nobody
    has named yet; she names it, taps its PROPERTY (3 of the 3 to 5 it may print) and reward."""
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee, game = hobby_game(db)
    with serving(db, game) as server:
        ann = browser.new_context(**PHONE).new_page()
        ann.goto(server.links["ann"])
        picker = ann.locator("#picker")
        picker.get_by_role("button", name="GOAL (3)", exact=True).click()
        picker.get_by_role("button", name="a GOAL nobody has named yet", exact=True).click()
        expect(picker.locator(".ask")).to_have_text("the GOAL's name, as printed on the card")
        picker.get_by_role("textbox").fill("TEST HOME LIFE")
        picker.get_by_role("button", name="next").click()
        expect(picker.locator(".ask")).to_have_text(
            "the PROPERTY it calls for, as printed on the card (1 of 3 to 5)"
        )
        for value in ("house", "house", "heart"):
            picker.get_by_role("button", name=value, exact=True).click()
        fits(ann)
        picker.get_by_role("button", name="that is all", exact=True).click()
        expect(picker.locator(".ask")).to_have_text("its reward: the HAPPINESS printed on the card")
        picker.get_by_role("button", name="3", exact=True).click()
        expect(picker.locator(".told .move-text")).to_have_text(
            "ann: GOAL TEST HOME LIFE needs HOUSE, HOUSE, HEART +3 HAPPINESS"
        )
        picker.get_by_role("button", name="record", exact=True).click()
        expect(ann.locator("#said")).to_contain_text("ann: GOAL TEST HOME LIFE")
        assert ann.locator("input[name=text]").is_hidden()  # the move's text box stayed folded
    state = referee.load(game).state
    assert state.players["ann"].achieved == ("TEST HOME LIFE",)
    assert state.goal_faces["TEST HOME LIFE"].reward == 3
    referee.store.close()


def test_a_new_activity_card_is_revealed_from_the_table_page_its_face_asked(
    tmp_path: Path, browser: Any
) -> None:
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee = Referee(Store(db), clock=fixed_clock())
    game = referee.new_game("loop", ["ann", "ben"])  # real cards, no cards file: every face is new
    with serving(db, game) as server:
        table = browser.new_context(**PHONE).new_page()
        table.goto(server.links["table"])
        picker = table.locator("#picker")
        # Asked as one form laid out like the card (issue 41): its name typed, each of its 2
        # colours and 2 PROPERTY a field with the chips to tap. It waits behind its chip while the
        # starting MATERIAL are offered to tap (a form opening by itself would cover them).
        expect(picker.get_by_role("button", name="reveal MATERIAL")).to_be_visible()
        expect(picker.locator("form.card-form")).to_have_count(0)
        picker.get_by_role("button", name="reveal activity").click()
        form = picker.locator("form.card-form")
        expect(form.locator("h3")).to_have_text("a new ACTIVITY card")
        form.get_by_role("textbox", name="the new ACTIVITY's name, as printed on the card").fill("YOGA")
        boxes = [f"the 2 MATERIAL colours it needs ({n} of 2)" for n in (1, 2)]
        boxes += [f"the 2 PROPERTY it shows ({n} of 2)" for n in (1, 2)]
        # a field holds one colour: a second tap changes it, it adds none
        form.locator("label.field", has_text=boxes[0]).get_by_role("button", name="food", exact=True).click()
        for box, value in zip(boxes, ("utility", "utility", "heart", "leaf"), strict=True):
            form.locator("label.field", has_text=box).get_by_role("button", name=value, exact=True).click()
            expect(form.get_by_role("textbox", name=box, exact=True)).to_have_value(value)
        fits(table)
        form.get_by_role("button", name="tell the move").click()
        expect(picker.locator(".told .move-text")).to_have_text(
            "table: reveal ACTIVITY YOGA needs UTILITY, UTILITY PROPERTY HEART, LEAF"
        )
        picker.get_by_role("button", name="record", exact=True).click()
        expect(table.locator("#said")).to_contain_text("reveal ACTIVITY YOGA")
    face = referee.load(game).state.activity_faces["YOGA"]
    assert (face.needs, face.props) == (("utility", "utility"), ("heart", "leaf"))
    referee.store.close()


def test_a_planet_b_news_card_nobody_declared_is_declared_from_the_table_page(
    tmp_path: Path, browser: Any
) -> None:
    """Planet B at a real table whose cards file lacks one news card (the tests' own, invented):
    the table's page declares it with the picker, each part of the card asked in the game's
    words, the move's text box folded away."""
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee = Referee(Store(db), clock=fixed_clock())
    blocks = re.split(r"\n(?=\[\[)", PLANET_B_CARDS)
    cards = "\n".join(b for b in blocks if 'name = "SOLAR ROOFS"' not in b)
    game = referee.new_game("planet-b", PLAYERS, cards=cards)
    while referee.load(game).state.phase != "turn":  # the setup and the draft, typed
        referee.submit(game, referee.legal(game)[0].command)
    with serving(db, game) as server:
        table = browser.new_context(**PHONE).new_page()
        table.goto(server.links["table"])
        expect(table.locator("#link")).to_have_text("live")
        picker = table.locator("#picker")
        picker.get_by_role("button", name="declare", exact=True).click()
        expect(picker.locator(".ask")).to_have_text("its name, as printed on the card")
        picker.get_by_role("textbox").fill("SOLAR ROOFS")
        # A player moves meanwhile: the page updates, the table's choices are the same, and
        # what it was typing stays.
        tile = next(m for m in referee.legal(game) if m.text.startswith("tile "))
        loaded = referee.load(game)
        said = sentence(loaded.game, loaded.state, tile.command).partition(": ")[2]
        referee.submit(game, tile.command)
        expect(table.locator("ol.log")).to_contain_text(said)  # (production tile chip upper line, ...)
        expect(picker.get_by_role("textbox")).to_have_value("SOLAR ROOFS")
        picker.get_by_role("button", name="next").click()
        expect(picker.locator(".ask")).to_have_text("its pile")
        picker.get_by_role("button", name="I", exact=True).click()
        expect(picker.locator(".ask")).to_contain_text("its box, as printed, in the effect language")
        picker.get_by_role("textbox").fill("2plant news")
        picker.get_by_role("button", name="next").click()
        picker.get_by_role("button", name="no", exact=True).click()
        # a card's face declared is told by its fact (the grammar's words stay the command line's)
        expect(picker.locator(".told .move-text")).to_have_text("news SOLAR ROOFS declared")
        fits(table)
        picker.get_by_role("button", name="record", exact=True).click()
        expect(table.locator("#said")).to_contain_text("news SOLAR ROOFS declared")
        assert table.locator("input[name=text]").is_hidden()
    news = referee.load(game).state.faces.news["SOLAR ROOFS"]  # a reveal of pile I may now name it
    assert (news.pile, news.box, news.immoral) == ("I", "2plant news", False)
    referee.store.close()


def test_a_pursuit_card_nobody_declared_is_declared_from_the_table_page(tmp_path: Path, browser: Any) -> None:
    """The Pursuit of Happiness at a real table whose cards file lacks one project (the tests'
    own): its name and levels typed as printed, the level it does not print left out."""
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee = Referee(Store(db), clock=fixed_clock())
    blocks = re.split(r"\n(?=\[\[)", PURSUIT_CARDS)
    cards = PURSUIT_SETTINGS + "\n" + "\n".join(b for b in blocks if 'name = "TEST CHOIR"' not in b)
    game = referee.new_game("pursuit", PLAYERS, cards=cards)
    with serving(db, game) as server:
        table = browser.new_context(**PHONE).new_page()
        table.goto(server.links["table"])
        picker = table.locator("#picker")
        # the cards file's cards are offered to tap: no card's form opens over them (issue 41)
        expect(picker.locator("form.card-form")).to_have_count(0)
        picker.get_by_role("button", name=re.compile(r"^declare \(")).click()
        picker.get_by_role("button", name="project", exact=True).click()
        picker.get_by_role("textbox").fill("TEST CHOIR")
        # The page's first live update redraws the picker: what was typed stays.
        expect(table.locator("#link")).to_have_text("live")
        expect(picker.get_by_role("textbox")).to_have_value("TEST CHOIR")
        picker.get_by_role("button", name="next").click()
        for n, level in enumerate(
            (".2creativity.1sth", ".1hourglass,2creativity.2lth", ".2hourglass,3creativity.4lth")
        ):
            expect(picker.locator(".ask")).to_contain_text(f"its level {n + 1}, as printed")
            picker.get_by_role("textbox").fill(level)
            picker.get_by_role("button", name="next").click()
        expect(picker.locator(".ask")).to_contain_text("its level 4, as printed")
        fits(table)
        picker.get_by_role("button", name="not on the card", exact=True).click()
        expect(picker.locator(".told .move-text")).to_have_text("project TEST CHOIR declared")
        picker.get_by_role("button", name="record", exact=True).click()
        expect(table.locator("#said")).to_contain_text("project TEST CHOIR declared")
    assert len(referee.load(game).state.faces.cards["TEST CHOIR"].levels) == 3
    referee.store.close()


def test_a_planet_b_building_nobody_declared_is_declared_with_its_one_work_area(
    tmp_path: Path, browser: Any
) -> None:
    """A building prints 1 or 2 work areas and action boxes: "that is all" after the first."""
    from playwright.sync_api import expect

    db = tmp_path / "ledger.db"
    referee = Referee(Store(db), clock=fixed_clock())
    blocks = re.split(r"\n(?=\[\[)", PLANET_B_CARDS)
    game = referee.new_game(
        "planet-b", PLAYERS, cards="\n".join(b for b in blocks if 'name = "WORKSHOP"' not in b)
    )
    with serving(db, game) as server:
        table = browser.new_context(**PHONE).new_page()
        table.goto(server.links["table"])
        expect(table.locator("#link")).to_have_text("live")
        picker = table.locator("#picker")
        picker.get_by_role("button", name="declare", exact=True).click()

        def typed(value: str) -> None:
            picker.get_by_role("textbox").fill(value)
            picker.get_by_role("button", name="next").click()

        typed("TEST SHED")
        picker.get_by_role("button", name="A", exact=True).click()
        typed("4")
        typed("1")
        typed("crafty")
        expect(picker.locator(".ask")).to_have_text(
            "each work area's spaces, as printed (crafty+brainy) (2 of 1 to 2)"
        )
        fits(table)
        picker.get_by_role("button", name="that is all", exact=True).click()
        typed("3money")
        picker.get_by_role("button", name="that is all", exact=True).click()
        expect(picker.locator(".told .move-text")).to_have_text("building TEST SHED declared")
        picker.get_by_role("button", name="record", exact=True).click()
        expect(table.locator("#said")).to_have_class("said ok")
    building = referee.load(game).state.faces.buildings["TEST SHED"]
    assert (building.cost, building.areas, building.boxes) == (4, ("crafty",), ("3money",))
    referee.store.close()
