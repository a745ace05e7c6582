"""Every chip on each game's board page names what it is, at a phone's 390x844 and a laptop's
1366x768 (issue 42): a
MATERIAL, a resource or a card shows its name as text, whole, with no icon drawn over it. The
names are the rulebooks': LOOP's five MATERIAL (1.1: "FOOD, GLASS, METAL, PLASTIC and UTILITY"),
Planet B's resources ("plastic, iridium, water, plant, hydrogen, computer chip, meat") and the
Pursuit's four resources (Knowledge, Creativity, Influence, Money). Before each game's styles were
scoped to its board, Pursuit's hourglass rule ``.glass`` drew LOOP's GLASS as a 9 px hourglass."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.serve.browser import PHONE, VIEWPORTS, chromium_path
from tests.serve.live import serving
from tests.serve.screenshots import MOVES, _game

pytestmark = pytest.mark.skipif(
    chromium_path() is None and not os.environ.get("REFEREE_REQUIRE_BROWSER"),
    reason="no chromium here (apt-get install chromium; .ci/run installs it, so CI runs this test)",
)

# The rulebooks' names, by the class a chip's kind carries (mat-glass, res-chip, res-money).
LOOP_MATERIAL = {t: t.upper() for t in ("food", "glass", "metal", "plastic", "utility")}
PLANET_B_RESOURCES = {
    "plastic": "plastic",
    "iridium": "iridium",
    "water": "water",
    "plant": "plant",
    "hydrogen": "hydrogen",
    "chip": "chip",  # "computer chip"; the grammar's word and the board's
    "meat": "meat",
}
PURSUIT_RESOURCES = {r.lower(): r for r in ("Knowledge", "Creativity", "Influence", "Money")}

# Each game's chips: (CSS selector, class prefix naming the kind -> the rulebook's names, or
# None for a card, whose name is the table's to declare).
CHIPS: dict[str, list[tuple[str, str, dict[str, str] | None]]] = {
    "loop": [(".loop .mat", "mat-", LOOP_MATERIAL), (".loop .card > b", "", None)],
    "planet-b": [
        (".planet-b .res", "res-", PLANET_B_RESOURCES),
        (".planet-b .card.tile > b", "", None),
        (".planet-b .building > b", "", None),
        (".planet-b .chip", "", None),
    ],
    "pursuit": [
        (".pursuit .counter.res", "res-", PURSUIT_RESOURCES),
        (".pursuit .card > b", "", None),
        (".pursuit .chip", "", None),
    ],
}

# What the browser measures of a chip: its text and where it is drawn, the box it has, anything
# drawn instead of or over it (a clip, a ::before/::after icon), and whether it is seen at all;
# found and measured in one go, so that a live update replacing the board cannot come between.
MEASURE = """(selector) => [...document.querySelectorAll(selector)].map(e => {
  const range = document.createRange();
  range.selectNodeContents(e);
  const text = range.getBoundingClientRect();
  const box = e.getBoundingClientRect();
  const style = getComputedStyle(e);
  const pseudo = ['::before', '::after'].map(p => getComputedStyle(e, p).content)
    .filter(c => c && c !== 'none' && c !== 'normal');
  return {classes: [...e.classList], text: e.innerText.trim(), textWidth: text.width, textHeight: text.height,
          width: box.width, height: box.height, clip: style.clipPath, pseudo: pseudo,
          seen: e.checkVisibility({opacityProperty: true, visibilityProperty: true})};
})"""


def board_of(tmp_path: Path, kind: str) -> tuple[Path, int]:
    """The screenshots' game of ``kind`` (LOOP seed 7 after buy, end, work: GLASS in the BUY
    AREA and in DANCE's needs), a few rounds in."""
    db = tmp_path / "ledger.db"
    return db, _game(db, kind, MOVES.get(kind, 0))


def unreadable(chip: dict[str, Any], names: dict[str, str] | None, prefix: str) -> list[str]:
    """What keeps a chip from being read by name (nothing: it can be read)."""
    wrong = []
    if not chip["seen"]:
        wrong.append("not seen")
    if not chip["text"]:
        wrong.append("no text")
    if chip["clip"] != "none":
        wrong.append(f"clipped by clip-path {chip['clip']}")
    if chip["pseudo"]:
        wrong.append(f"an icon drawn in ::before/::after {chip['pseudo']}")
    if chip["width"] + 1 < chip["textWidth"] or chip["height"] + 1 < chip["textHeight"]:
        wrong.append(
            f"its box {chip['width']:.0f}x{chip['height']:.0f} px is smaller than its text"
            f" {chip['textWidth']:.0f}x{chip['textHeight']:.0f} px"
        )
    if names is not None:
        kinds = [c[len(prefix) :] for c in chip["classes"] if c.startswith(prefix)]
        if len(kinds) != 1 or kinds[0] not in names:
            wrong.append(f"no kind of the rulebook's among its classes {chip['classes']}")
        elif names[kinds[0]] not in chip["text"]:
            wrong.append(f"does not say {names[kinds[0]]!r}")
    return wrong


@pytest.mark.parametrize("kind", ["loop", "planet-b", "pursuit"])
def test_every_chip_on_the_board_shows_its_name(tmp_path: Path, browser: Any, kind: str) -> None:
    from playwright.sync_api import expect

    db, game = board_of(tmp_path, kind)
    with serving(db, game) as server:
        for screen, viewport in VIEWPORTS.items():
            page = browser.new_context(viewport=viewport).new_page()
            page.goto(server.base + "/")
            expect(page.locator("#link")).to_have_text("live")
            problems, seen = [], 0
            for selector, prefix, names in CHIPS[kind]:
                chips = page.evaluate(MEASURE, selector)
                assert chips, f"no {selector} on the {kind} board on a {screen}"
                seen += len(chips)
                for chip in chips:
                    wrong = unreadable(chip, names, prefix)
                    problems += [f"{screen}: {selector} {chip['text']!r}: {why}" for why in wrong]
            assert not problems, "\n".join(problems)
            if kind == "loop":
                # The chip this test was written for: GLASS, in the BUY AREA and in DANCE's needs.
                glass = page.locator(".loop .mat.mat-glass")
                assert glass.count() >= 2 and all(t.startswith("GLASS") for t in glass.all_inner_texts())
                dance = page.locator(".loop .card", has_text="DANCE")
                expect(dance.locator(".mat-glass")).to_have_text("GLASS")
            elif kind == "pursuit":
                expect(page.locator(".pursuit .counter.res")).to_have_count(4 * 3)  # three players' four
            assert seen >= 10
            page.context.close()


def test_a_hourglass_is_still_an_hourglass(tmp_path: Path, browser: Any) -> None:
    """The Pursuit's hourglasses keep their drawing (scoped, not dropped): each ``.glass`` in a
    player's hourglass row is a small clipped shape, not a box of text."""
    db, game = board_of(tmp_path, "pursuit")
    with serving(db, game) as server:
        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(server.base + "/")
        glasses = page.evaluate(MEASURE, ".pursuit .glasses .glass")
        assert glasses
        assert all(g["clip"].startswith("polygon") and g["width"] < 12 for g in glasses)
