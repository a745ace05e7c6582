"""Every game is served, through the generic template of its own ``present()``: Planet B and
The Pursuit of Happiness played from the players' pages give the ledger the command line
types, and each page's typed view is exactly its viewer's ``view()``."""

from __future__ import annotations

import random
import shlex
from pathlib import Path

import msgspec
import pytest
from starlette.testclient import TestClient

from ledger import games
from ledger.codec import encode
from ledger.service import Referee
from ledger.store import Store
from referee_cli.serve import make_app
from tests.conftest import fixed_clock
from tests.planet_b.table import CARDS as PLANET_B_CARDS
from tests.pursuit.table import CARDS as PURSUIT_CARDS
from tests.pursuit.table import SETTINGS as PURSUIT_SETTINGS
from tests.serve.conftest import PLAYERS, ledger_rows, offered

MOVES = 40


@pytest.mark.parametrize(
    ("kind", "cards"), [("planet-b", PLANET_B_CARDS), ("pursuit", PURSUIT_SETTINGS + "\n" + PURSUIT_CARDS)]
)
def test_a_game_played_from_the_pages(tmp_path: Path, kind: str, cards: str) -> None:
    referee = Referee(Store(tmp_path / "pages.db"), clock=fixed_clock())
    game = referee.new_game(kind, PLAYERS, seed=5, cards=cards)
    tokens = referee.new_links(game)
    typed = Referee(Store(tmp_path / "typed.db"), clock=fixed_clock())
    twin = typed.new_game(kind, PLAYERS, seed=5, cards=cards)
    rules = games.get(kind)
    rng = random.Random(2)
    with TestClient(make_app(tmp_path / "pages.db", game)) as client:
        for number in range(MOVES):
            state = referee.load(game).state
            if number % 10 == 0:
                for role in (None, *PLAYERS):
                    url = "/state.json" if role is None else f"/t/{tokens[role]}/state.json"
                    view = client.get(url).json()["status"]["view"]
                    assert view == msgspec.json.decode(encode(rules.view(state, role))), (kind, role)
                    page = client.get("/" if role is None else f"/t/{tokens[role]}")
                    assert page.status_code == 200 and rules.present(rules.view(state, role)).headline in (
                        page.text.replace("&#39;", "'")
                    )
            moves = offered(client, tokens, rules.Command)
            if not moves:
                break
            role, text, command = rng.choice(moves)
            head = client.get("/state.json").json()["head"]
            reply = client.post(f"/t/{tokens[role]}/move", json={"command": encode(command), "head": head})
            assert reply.status_code == 200, reply.text
            typed.submit_text(twin, shlex.split(text))
    assert number > 20
    assert ledger_rows(referee, game) == ledger_rows(typed, twin)
