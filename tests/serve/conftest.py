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
