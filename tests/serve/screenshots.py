"""Take the README's screenshots of `referee serve`: the board page and a player's page, 390
pixels wide (a phone, 390x844), a few moves into a seeded LOOP game.

    python -m tests.serve.screenshots

Writes ``docs/serve-board.png`` and ``docs/serve-player.png``; needs Debian's chromium.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from tests.serve.browser import chromium
from tests.serve.conftest import served_game
from tests.serve.live import ROOT, serving

DOCS = ROOT / "docs"
MOVES = [["buy", "ann", "plastic:1"], ["end", "ann"], ["work", "ben"]]


def take() -> list[Path]:
    DOCS.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "ledger.db"
        referee, game, _ = served_game(db, seed=7)
        for words in MOVES:
            referee.submit_text(game, words)
        referee.store.close()
        with serving(db, game) as server, chromium() as browser:
            shots = []
            for name, url in (("board", server.base + "/"), ("player", server.links["ben"])):
                page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
                page.goto(url)
                page.locator("#link").wait_for()
                path = DOCS / f"serve-{name}.png"
                page.screenshot(path=str(path), full_page=False)
                shots.append(path)
    return shots


if __name__ == "__main__":
    for shot in take():
        print(f"wrote {shot.relative_to(ROOT)}")
