"""A card that BREAKS is said on the pages as at the command line (issue 42): LOOP 2.2 c) "If a
MATERIAL's QUALITY reaches 0, it is BROKEN and must be moved to its owner LANDFILL
immediately", so the table must be told to move it: the move's preview before it is recorded,
and the last moves on every page after."""

from __future__ import annotations

from html import unescape
from pathlib import Path

from starlette.testclient import TestClient

from ledger.codec import encode
from referee_cli.serve import make_app
from tests.loop.table import CARDS
from tests.serve.conftest import Served

SETUP = [
    "reveal material glass --to ann",
    "reveal material food --to ben",
    *(f"reveal activity {name}" for name in ("dance", "picnic", "library", "cooking", "museum")),
    # ann buys a GLASS at QUALITY 1 beside her starting GLASS at 2
    "buy ann glass:1",
    "end ann",
    "reveal material glass",
    "work ben",
    "end ben",
]
BROKE = "GLASS@1 BROKEN: to ann's LANDFILL"


def test_the_pages_say_which_card_broke(served: Served) -> None:
    referee = served.referee
    game = referee.new_game("loop", ["ann", "ben"], cards=CARDS)  # LIBRARY needs GLASS and GLASS
    for line in SETUP:
        referee.submit_text(game, line.split())
    tokens = referee.new_links(game)
    loaded = referee.load(game)
    command = loaded.game.parse(loaded.state, ["consume", "ann", "library=glass@1,glass@2"])
    body = {"command": encode(command), "head": loaded.head}
    with TestClient(make_app(Path(referee.store.path), game)) as client:
        told = client.post(f"/t/{tokens['ann']}/preview", json=body).json()
        assert told["ok"] and any(BROKE in fact for fact in told["facts"]), told
        reply = client.post(f"/t/{tokens['ann']}/move", json=body).json()
        assert reply["ok"] and BROKE in unescape(reply["html"])  # the last moves on ann's page
        assert BROKE in unescape(client.get("/").text)  # and on the board
    assert referee.load(game).state.players["ann"].landfill == ("glass",)
