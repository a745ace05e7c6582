"""LOOP's new ACTIVITY at a real table asked as one form, laid out like the printed card (issue
41): its name, the 2 MATERIAL colours it needs and the 2 PROPERTY it shows (LOOP 2.2 c: "the 2
colours shown on that ACTIVITY"; 2.3: "Each ACTIVITY has 2 different PROPERTY"), the colours
the 5 MATERIAL (1.1: FOOD, GLASS, METAL, PLASTIC, UTILITY) and the PROPERTY the 5 of 2.3 as
chips to tap; posted as the ``reveal activity NAME --needs A,B --props X,Y`` the command line
takes, recording what that line records.

Two games of 2 players in one database, real cards and no cards file (every face new): one
revealed from the table's page, one with ``referee loop ...`` typed with the same words."""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from ledger.service import Referee
from ledger.store import Store
from referee_cli.serve import make_app
from tests.conftest import Result, fixed_clock
from tests.serve.test_setup_form import forms
from tests.serve.test_setup_forms_planet_b import payload, picker_of

Cli = Callable[..., Result]
MATERIALS = ["food", "glass", "metal", "plastic", "utility"]  # 1.1
PROPERTIES = ["house", "group", "leaf", "book", "heart"]  # 2.3


@dataclass
class Tables:
    referee: Referee
    page: int
    typed: int
    token: str
    client: TestClient
    cli: Cli

    def form(self) -> dict[str, Any]:
        (move,) = forms(picker_of(self.client, self.token))
        return move

    def rows(self, game: int) -> list[tuple[str, dict[str, Any], str]]:
        rows = self.referee.store.rows(game)
        return [(r.type, {k: v for k, v in json.loads(r.body).items() if k != "salt"}, r.actor) for r in rows]

    def post(self, text: str) -> tuple[int, dict[str, Any]]:
        head = self.referee.store.head(self.page)[0]
        reply = self.client.post(f"/t/{self.token}/move", json={"text": text, "head": head})
        return reply.status_code, reply.json()


@pytest.fixture
def tables(db_path: Path, cli: Cli) -> Iterator[Tables]:
    referee = Referee(Store(db_path), clock=fixed_clock())
    typed = referee.new_game("loop", ["ann", "ben"])
    page = referee.new_game("loop", ["ann", "ben"])
    token = referee.new_links(page)["table"]
    with TestClient(make_app(db_path, page, poll=0.05)) as client:
        yield Tables(referee, page, typed, token, client, cli)
    referee.store.close()


def test_a_new_activity_is_one_form_its_colours_and_property_as_chips(tables: Tables) -> None:
    move = tables.form()
    assert (move["text"], move["label"]) == ("reveal activity", "a new ACTIVITY card")
    asks = [(a["flag"], a["count"], a["tap"], a["choices"]) for a in move["asks"]]
    assert asks == [
        ("", 1, False, []),  # the name, typed as printed
        ("--needs", 2, True, MATERIALS),  # 2 colours: a field each, the 5 MATERIAL to tap
        ("--props", 2, True, PROPERTIES),  # 2 PROPERTY: a field each, the 5 PROPERTY to tap
    ]


def test_the_form_posts_the_command_line_s_words_and_records_what_they_record(tables: Tables) -> None:
    """DANCE needs a GLASS and a PLASTIC (2.2 c); its PROPERTY are typed as the card shows them
    (the rulebook prints none); a second card, its 2 colours the same (2.2 c: "an ACTIVITY
    showing 2 same colour")."""
    for answers in (
        ["dance", "glass", "plastic", "group", "heart"],
        ["yoga", "utility", "utility", "heart", "leaf"],
    ):
        move = tables.form()
        text = payload(move, answers)
        assert text == "reveal activity {} --needs {},{} --props {},{}".format(*answers)
        before = len(tables.rows(tables.page))
        assert tables.post(text)[0] == 200
        typed = tables.cli("--game", str(tables.typed), "loop", *shlex.split(text))
        assert typed.code == 0, typed
        page, cli = tables.rows(tables.page), tables.rows(tables.typed)
        assert len(page) == len(cli) > before
        assert page[before:] == cli[before:], text
    faces = tables.referee.load(tables.page).state.activity_faces
    assert (faces["DANCE"].needs, faces["DANCE"].props) == (("glass", "plastic"), ("group", "heart"))
    assert (faces["YOGA"].needs, faces["YOGA"].props) == (("utility", "utility"), ("heart", "leaf"))


def test_a_card_with_the_same_property_twice_is_refused_and_records_nothing(tables: Tables) -> None:
    """2.3: "Each ACTIVITY has 2 different PROPERTY": the form posted with HEART twice is refused
    in one line, nothing appended, and the form is still asked."""
    move = tables.form()
    head = tables.referee.store.head(tables.page)[0]
    code, reply = tables.post(payload(move, ["yoga", "utility", "food", "heart", "heart"]))
    assert code == 422 and "\n" not in reply["line"] and "PROPERTY" in reply["line"].upper(), reply
    assert tables.referee.store.head(tables.page)[0] == head
    assert tables.form() == move
