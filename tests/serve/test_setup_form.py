"""Setup as a guided form (issue 41): what the referee waits for before the first move is asked
on the table's page one card at a time, laid out like the printed board, its named boxes as
fields, what the rulebook prints filled in and not editable; posted as the same command the
command line takes. Planet B's board side first: Game Components and Setup, "Make sure you use
the right side of the board. Look for the "4" symbol" (the player count says which side).

The side's numbers posted are invented (the rulebook prints none of them)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from ledger.service import Referee
from ledger.store import Store
from referee_cli.serve import make_app
from tests.conftest import fixed_clock

SIDE = "suitcases=3 track=7 start=2 market=plastic:3/4,iridium:3/5 market=water:2/3,plant:2/4"
SIDE += " market=hydrogen:3/5,chip:4/6"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Referee, int, dict[str, str], TestClient]]:
    db = tmp_path / "ledger.db"
    referee = Referee(Store(db), clock=fixed_clock())
    game = referee.new_game("planet-b", ["ann", "ben", "cat"])
    tokens = referee.new_links(game)
    with TestClient(make_app(db, game, poll=0.05)) as client:
        yield referee, game, tokens, client
    referee.store.close()


def forms(picker: dict[str, Any]) -> list[dict[str, Any]]:
    """Every move of the picker asked as one form."""
    found = []

    def walk(step: dict[str, Any]) -> None:
        if step.get("move") and step["move"]["form"]:
            found.append(step["move"])
        for choice in step["choices"]:
            walk(choice["step"])

    for verb in picker["verbs"]:
        walk(verb["step"])
    return found


def picker_of(client: TestClient, token: str) -> dict[str, Any]:
    page = client.get(f"/t/{token}").text
    raw = page.split('data-picker="', 1)[1].split('"', 1)[0]
    return dict(json.loads(raw.replace("&#34;", '"').replace("&quot;", '"').replace("&amp;", "&")))


def test_the_board_side_is_asked_as_one_form_its_side_filled_in(served: Any) -> None:
    _, _, tokens, client = served
    [side] = forms(picker_of(client, tokens["table"]))
    # 3 players: the "2-3" side (the rulebook's), shown and not asked; the text carries it
    assert side["text"] == "declare side 2-3"
    assert side["fixed"] == [["side, for 2 or 3 players (Game Components and Setup)", "2-3"]]
    # every named box of the side a field, in the move's own keys; a market below each tile
    assert [(a["flag"], a["count"]) for a in side["asks"]] == [
        ("suitcases=", 1),
        ("track=", 1),
        ("start=", 1),
        ("market=", 1),
        ("market=", 1),
        ("market=", 1),
    ]
    # one market below each of the 3 conglomerate tiles (Exchanges), left to right
    assert [a["words"].split(",")[0] for a in side["asks"][3:]] == [
        "the market below the left tile",
        "the market below the middle tile",
        "the market below the right tile",
    ]
    # no player's page asks it
    assert forms(picker_of(client, tokens["ann"])) == []


def test_the_form_posts_the_command_the_command_line_takes(served: Any) -> None:
    referee, game, tokens, client = served
    head = referee.store.head(game)[0]
    # what the page posts: the move's words and each field as its key (referee.js's payload)
    posted = client.post(
        f"/t/{tokens['table']}/move", json={"text": f"declare side 2-3 {SIDE}", "head": head}
    )
    assert posted.status_code == 200, posted.json()
    assert posted.json()["line"].endswith("side 2-3 declared")
    last = next(iter(referee.log(game, last=1)))
    # as `referee planet-b declare side 2-3 ...` records it (each market's prices in one order)
    assert last.text.startswith("declare side 2-3 suitcases=3 track=7 start=2 market=")
    # one card at a time: the side known, player board 1 is asked next (Setting Up Your Player
    # Board), its number filled in, a field for each production line
    [board] = forms(picker_of(client, tokens["table"]))
    assert board["text"] == "declare board 1"
    assert board["fixed"] == [["player board, its number as printed on it", "1"]]
    assert [(a["flag"], a["count"]) for a in board["asks"]] == [("upper=", 1), ("lower=", 1)]
    head = referee.store.head(game)[0]
    text = "declare board 1 upper=plastic,iridium,plant lower=water,meat,chip"
    assert client.post(f"/t/{tokens['table']}/move", json={"text": text, "head": head}).status_code == 200
    assert [f["text"] for f in forms(picker_of(client, tokens["table"]))] == ["declare board 2"]


def test_a_form_with_a_box_left_empty_names_what_is_missing_and_records_nothing(served: Any) -> None:
    referee, game, tokens, client = served
    head = referee.store.head(game)[0]
    text = "declare side 2-3 suitcases=3 market=plastic:3/4,iridium:3/5"
    refused = client.post(f"/t/{tokens['table']}/move", json={"text": text, "head": head})
    assert refused.status_code == 400 and referee.store.head(game)[0] == head
    assert "declare side 2-3 is missing track= start=" in refused.json()["line"]
