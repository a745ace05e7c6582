"""Take the docs' screenshots of `referee serve` at a phone's size (390x844): each game's board
page and a player's page a few moves in, a finished Planet B game's end on a player's page
(the final sheet and the chart), and the chart `referee score --chart` writes.

    python -m tests.serve.screenshots

Writes ``docs/serve-board.png`` and ``docs/serve-player.png`` (LOOP), ``docs/serve-planet-b-
board.png``, ``docs/serve-planet-b-player.png``, ``docs/serve-pursuit-board.png``,
``docs/serve-pursuit-player.png``, ``docs/serve-end.png``, ``docs/serve-witness.png`` (a phone
that saw a row rewritten since: ``python -m tests.serve.screenshots witness`` takes it alone),
``docs/serve-start.png`` and ``docs/serve-started.png`` (the table's link of a database with no
game: the form of a new game filled in, then the game's links; ``... screenshots start`` takes
them alone), ``docs/serve-history.png`` (the group's history: a finished LOOP game's chart, a
Planet B game's final sheet; ``... screenshots history`` takes it alone) and
``docs/score-chart.svg``; needs Debian's chromium.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from ledger.service import Referee
from ledger.store import Store
from referee_cli.chart import svg
from tests import finished
from tests.conftest import fixed_clock
from tests.serve.browser import PHONE, chromium
from tests.serve.conftest import PLAYERS, served_game
from tests.serve.live import ROOT, serving

DOCS = ROOT / "docs"
LOOP_MOVES = [["buy", "ann", "plastic:1"], ["end", "ann"], ["work", "ben"]]
LOOP_GAME = ROOT / "fixtures" / "loop-basic-3p.jsonl"
MOVES = {"planet-b": 40, "pursuit": 60}  # a few rounds in: a board with something on it


def _game(db: Path, kind: str, moves: int) -> int:
    """A seeded game of ``kind``, ``moves`` random legal moves in (0: to its end)."""
    if kind == "loop":
        referee, game, _ = served_game(db, seed=7)
        for words in LOOP_MOVES:
            referee.submit_text(game, words)
    else:
        referee = Referee(Store(db), clock=fixed_clock())
        game = finished.new(referee, kind, PLAYERS)
        finished.play(referee, game, kind, until_over=not moves, moves=moves)
    referee.store.close()
    return game


def take() -> list[Path]:
    from playwright.sync_api import expect

    DOCS.mkdir(exist_ok=True)
    shots: list[Path] = []
    shows = [
        ("loop", 0, {"board": "serve-board", "player": "serve-player"}),
        ("planet-b", MOVES["planet-b"], {"board": "serve-planet-b-board", "player": "serve-planet-b-player"}),
        ("pursuit", MOVES["pursuit"], {"board": "serve-pursuit-board", "player": "serve-pursuit-player"}),
        ("planet-b", 0, {"player": "serve-end"}),
    ]
    with tempfile.TemporaryDirectory() as tmp, chromium() as browser:
        for number, (kind, moves, names) in enumerate(shows):
            db = Path(tmp) / f"{number}.db"
            game = _game(db, kind, moves)
            with serving(db, game) as server:
                for which, name in names.items():
                    page = browser.new_context(viewport=PHONE).new_page()
                    page.goto(server.base + "/" if which == "board" else server.links["ben"])
                    expect(page.locator("#link")).to_have_text("live")  # the event stream's board is in
                    if name == "serve-end":
                        page.evaluate("document.querySelector('section.end').scrollIntoView()")
                    path = DOCS / f"{name}.png"
                    page.screenshot(path=str(path), full_page=False)
                    shots.append(path)
        shots.append(witness(browser, Path(tmp)))
        shots.extend(start(browser, Path(tmp)))
        shots.append(history(browser, Path(tmp)))
        referee = Referee(Store(Path(tmp) / "chart.db"), clock=fixed_clock())
        game, _ = referee.import_lines(LOOP_GAME.read_text().splitlines())
        chart = DOCS / "score-chart.svg"
        chart.write_text(svg(referee.score_by_round(game)[1], standalone=True) + "\n")
        shots.append(chart)
    return shots


def witness(browser: Any, tmp: Path) -> Path:
    """ben's LOOP page once row 3 was rewritten behind its back (every hash after it recomputed,
    the referee's mark sealed again): the banner naming #3."""
    from playwright.sync_api import expect

    from tests.serve.test_witness import forge

    db = tmp / "witness.db"
    referee, game, _ = served_game(db, seed=7)
    with serving(db, game) as server:
        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(server.links["ben"])
        expect(page.locator("#state .head.witnessed")).to_be_visible()
        forge(referee, game, 3)
        expect(page.locator("#witness-alarm")).to_be_visible()
        path = DOCS / "serve-witness.png"
        page.screenshot(path=str(path), full_page=False)
    referee.store.close()
    return path


def history(browser: Any, tmp: Path) -> Path:
    """The table's history page of a database with a finished Planet B game, then the hand-made
    LOOP game of tests/serve/test_history_page.py (the latest first: its chart at the top)."""
    from playwright.sync_api import expect

    from tests.serve.test_history_page import _loop_game

    db = tmp / "history.db"
    referee = Referee(Store(db), clock=fixed_clock())
    planet = finished.new(referee, "planet-b", ["ann", "ben"])
    finished.play(referee, planet, "planet-b")
    game, _ = _loop_game(referee)
    referee.store.close()
    with serving(db, game) as server:
        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(server.links["table"] + "/history")
        expect(page.locator("figure.chart svg")).to_be_visible()
        path = DOCS / "serve-history.png"
        page.screenshot(path=str(path), full_page=False)
    return path


def start(browser: Any, tmp: Path) -> list[Path]:
    """The table's link of `referee serve` on a database with no game: the form filled in for a
    Pursuit game with two modules (``serve-start.png``), then the links it shows once started."""
    from playwright.sync_api import expect

    from tests.serve.test_start_browser import fill_form

    # (the command line as installed: the form without the tests' own tiny game)
    program = ("-c", "import sys; from referee_cli.main import run; sys.exit(run())")
    with serving(tmp / "start.db", None, options=("--no-qr",), cli=program) as server:
        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(server.links["table"])
        fill_form(page, "The Pursuit of Happiness", ["maya", "omar", "lin"])
        for module in ("friends", "pets"):
            page.locator('fieldset[data-game="pursuit"]').get_by_role("checkbox", name=module).check()
        page.get_by_role("textbox", name="player 3", exact=True).focus()
        page.evaluate("document.activeElement.blur()")
        shots = [DOCS / "serve-start.png", DOCS / "serve-started.png"]
        page.screenshot(path=str(shots[0]), full_page=True)
        page.get_by_role("button", name="start the game").click()
        expect(page.locator("ul.started-links")).to_be_visible()
        page.screenshot(path=str(shots[1]), full_page=False)
    return shots


if __name__ == "__main__":
    import sys

    if sys.argv[1:] == ["witness"]:
        with tempfile.TemporaryDirectory() as tmp, chromium() as browser:
            shots = [witness(browser, Path(tmp))]
    elif sys.argv[1:] == ["history"]:
        with tempfile.TemporaryDirectory() as tmp, chromium() as browser:
            shots = [history(browser, Path(tmp))]
    elif sys.argv[1:] == ["start"]:
        with tempfile.TemporaryDirectory() as tmp, chromium() as browser:
            shots = start(browser, Path(tmp))
    else:
        shots = take()
    for shot in shots:
        print(f"wrote {shot.relative_to(ROOT)}")
