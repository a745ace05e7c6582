"""A served game: a seeded LOOP game (virtual decks: every hidden card is known to the
referee), its links, and Starlette's test client on the pages."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec
import pytest
from starlette.testclient import TestClient

from ledger.codec import encode
from ledger.service import LogEntry, Referee
from ledger.store import Store
from referee_cli.serve import make_app
from tests.conftest import fixed_clock
from tests.loop.table import CARDS

PLAYERS = ["ann", "ben", "cat"]
SALTED = re.compile('"salt":"[0-9a-f]{32}"')  # a hidden fact's salt (docs/auditing.md, the hashing rule)


@dataclass
class Served:
    referee: Referee  # another connection to the same database, like the command line's
    game: int
    tokens: dict[str, str]  # role -> token
    client: TestClient

    def url(self, role: str, path: str = "") -> str:
        return f"/t/{self.tokens[role]}{path}"

    def head(self) -> int:
        return self.referee.store.head(self.game)[0]

    def last(self) -> LogEntry:
        return next(iter(self.referee.log(self.game, last=1)))

    def post(self, role: str, path: str, body: dict[str, Any]) -> Any:
        return self.client.post(self.url(role, path), json=body)

    def move(self, role: str, text: str, head: int | None = None) -> Any:
        """Post the move ``text`` as a page's button does: the typed command, not words."""
        loaded = self.referee.load(self.game)
        command = loaded.game.parse(loaded.state, text.split())
        return self.post(role, "/move", {"command": encode(command), "head": head or self.head()})


def ledger_rows(referee: Referee, game: int) -> list[tuple[int, str, str, str]]:
    """The log as recorded, but for the times (and so the hashes), a sealed seed's commitment
    and a hidden fact's salt (each drawn afresh for every game: the salt's place is kept, so
    both logs must salt the same facts)."""
    return [
        (
            r.seq,
            r.type,
            re.sub('"commitment":"[0-9a-f]+",', "", r.body)
            if r.seq == 1
            else SALTED.sub('"salt":"<salt>"', r.body),
            r.actor,
        )
        for r in referee.store.rows(game)
    ]


def offered(client: TestClient, tokens: dict[str, str], kind: Any) -> list[tuple[str, str, Any]]:
    """Every move offered now on the pages of whoever may act: (role, text, typed command)."""
    board = client.get("/state.json").json()["status"]
    out = []
    for role in board["to_act"]:
        for group in client.get(f"/t/{tokens[role]}/state.json").json()["moves"]:
            for text, command in group["moves"]:
                out.append((role, text, msgspec.json.decode(command, type=kind)))
    return sorted(out, key=lambda move: (move[0], move[1]))  # whatever order the picker shows them in


def served_game(db: Path, seed: int | None = 7) -> tuple[Referee, int, dict[str, str]]:
    referee = Referee(Store(db), clock=fixed_clock())
    game = referee.new_game("loop", PLAYERS, seed=seed, cards=CARDS)
    return referee, game, referee.new_links(game)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    db = tmp_path / "ledger.db"
    referee, game, tokens = served_game(db)
    with TestClient(make_app(db, game, poll=0.05)) as client:
        yield Served(referee, game, tokens, client)
    referee.store.close()


@pytest.fixture(scope="module")
def chromium_for_the_module() -> Iterator[Any]:
    """One headless Chromium for a module's browser tests (on each worker that runs them): a
    launch costs about a CPU second and three on a busy machine, and there were 20 of them.
    Not one for the whole run: Playwright's sync API keeps its event loop running while the
    browser is open, and the next module's ``asyncio.run`` (Starlette's tests) would fail."""
    from tests.serve.browser import chromium

    with chromium() as launched:
        yield launched


@pytest.fixture
def browser(chromium_for_the_module: Any) -> Iterator[Any]:
    """The module's Chromium, for one test: the contexts (and their pages) it opens are closed
    after it, so that no test sees another's pages, cookies or storage."""
    yield chromium_for_the_module
    for context in chromium_for_the_module.contexts:
        context.close()
