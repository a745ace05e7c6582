"""Planet B's whole setup as guided forms (issue 41): after the board's side and the player
boards, each remaining thing the setup waits for is asked on the table's page as one form, in
the order the setup waits for it, what the rulebook prints filled in and not editable; each
form's post is the command the command line takes, and records what that command records.

Two games of 2 players in one database: one set up from the page (each form filled with its
own examples, as ``referee.js``'s ``payload`` posts them), one from ``referee planet-b ...``
typed with the same words; every step appends the same rows to both. The values typed are the
forms' examples (the rulebook prints no board or card); what is filled in comes from the
rulebook, cited at each expectation."""

from __future__ import annotations

import html
import json
import re
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

Cli = Callable[..., Result]
PLAYERS = ["ann", "ben"]
# What the setup of 2 players waits for, in order, as the forms' labels (Game Components and
# Setup; Setting Up Your Player Board; Changes for 2 and 3 Players; Starting Buildings): the
# last player chooses first from A and C, the start player from B.
ORDER = [
    "the board's side",
    "player board 1",
    "player board 2",
    "the production tiles",
    "the headquarters",
    "the mood track",
    "the swindle spaces",
    "the capitalist track",
    "the futurist track",
    "the traditionalist track",
    "the A tile on the left space",
    "the A tile on the middle space",
    "the A tile on the right space",
    "the B tile removed (2 players)",
    "the top news card of pile I",
    "the top news card of pile II",
    "the top news card of pile III",
    "the A building ben keeps",
    "the A building ann keeps",
    "the B building ann keeps",
    "the B building ben keeps",
    "the C building ben keeps",
    "the C building ann keeps",
]


def picker_of(client: TestClient, token: str) -> dict[str, Any]:
    """The picker a page carries (its ``data-picker`` attribute, unescaped)."""
    page = client.get(f"/t/{token}").text
    return dict(json.loads(html.unescape(page.split('data-picker="', 1)[1].split('"', 1)[0])))


def printed(ask: dict[str, Any]) -> bool:
    """A question whose one answer the rulebook prints (``referee.js``'s ``printed``)."""
    return len(ask["choices"]) == 1 and not ask["optional"] and not ask["tap"]


def filled(move: dict[str, Any], step: int) -> list[str]:
    """Each field of a form as a table fills it from what the form shows: its example (a card's
    name made its own), a choice among few, as many values as the card must print."""
    answers: list[str] = []
    for ask in move["asks"]:
        if printed(ask) or (ask["choices"] and not ask["tap"]):
            value = ask["choices"][0]
        else:
            assert ask["example"], ask  # every field typed freely shows a working example
            value = ask["example"] + (f"-{step}" if not ask["flag"] else "")
        wanted = ask["least"] or ask["count"]
        answers += [value] * wanted + [""] * (ask["count"] - wanted)
    return answers


def payload(move: dict[str, Any], answers: list[str]) -> str:
    """The words the page posts for ``answers`` (``referee.js``'s ``payload``)."""
    at, words = 0, [move["text"]]
    for ask in move["asks"]:
        values = answers[at : at + ask["count"]]
        values = [ask["choices"][0]] if printed(ask) else [v for v in values if v != ""]
        at += ask["count"]
        if not values:
            continue
        if ask["flag"].endswith("="):
            words += [shlex.quote(ask["flag"] + v) for v in values]
        else:
            words.append((ask["flag"] + " " if ask["flag"] else "") + shlex.quote(",".join(values)))
    return " ".join(words)


@dataclass
class Tables:
    referee: Referee
    page: int  # the game set up from the table's page
    typed: int  # the same game set up with `referee planet-b ...`
    tokens: dict[str, str]
    client: TestClient
    cli: Cli

    def form(self) -> tuple[str, dict[str, Any]]:
        """The one form the setup asks now, of whichever page asks it (the table's, or the page
        of the player choosing a building)."""
        found = [
            (role, move)
            for role in ("table", *PLAYERS)
            for move in forms(picker_of(self.client, self.tokens[role]))
        ]
        assert len(found) == 1, found
        return found[0]

    def rows(self, game: int) -> list[tuple[str, dict[str, Any], str]]:
        """Each row's kind, body and actor; a hidden card's salt left out (drawn afresh per game)."""
        rows = self.referee.store.rows(game)
        return [(r.type, {k: v for k, v in json.loads(r.body).items() if k != "salt"}, r.actor) for r in rows]

    def post(self, role: str, text: str) -> None:
        """``text`` posted from ``role``'s page and typed at the command line, into each game:
        both accepted, the same rows appended."""
        before = len(self.rows(self.page))
        head = self.referee.store.head(self.page)[0]
        posted = self.client.post(f"/t/{self.tokens[role]}/move", json={"text": text, "head": head})
        assert posted.status_code == 200, (text, posted.json())
        typed = self.cli("--game", str(self.typed), "planet-b", *shlex.split(text))
        assert typed.code == 0, (text, typed)
        page, cli = self.rows(self.page), self.rows(self.typed)
        assert len(page) == len(cli) and len(page) > before
        assert page[before:] == cli[before:], text

    def through(self, label: str) -> dict[str, Any]:
        """Every form filled and posted from the one asked now up to the one labelled ``label``,
        which is returned."""
        now = self.form()[1]["label"]
        for step in range(ORDER.index(now), len(ORDER)):
            wanted = ORDER[step]
            role, move = self.form()
            assert move["label"] == wanted
            if wanted == label:
                return move
            self.post(role, payload(move, filled(move, step)))
        raise AssertionError(label)


@pytest.fixture
def tables(db_path: Path, cli: Cli) -> Iterator[Tables]:
    referee = Referee(Store(db_path), clock=fixed_clock())
    typed = referee.new_game("planet-b", PLAYERS)
    page = referee.new_game("planet-b", PLAYERS)
    tokens = referee.new_links(page)
    with TestClient(make_app(db_path, page, poll=0.05)) as client:
        yield Tables(referee, page, typed, tokens, client, cli)
    referee.store.close()


def fixed(move: dict[str, Any]) -> dict[str, str]:
    """What the form shows filled in: its fixed rows and each printed field, by label."""
    shown = {label: value for label, value in move["fixed"]}
    return shown | {ask["words"]: ask["choices"][0] for ask in move["asks"] if printed(ask)}


def test_the_whole_setup_is_asked_form_by_form_and_posted_as_the_command_line_takes(tables: Tables) -> None:
    tables.through("the C building ann keeps")
    role, move = tables.form()
    tables.post(role, payload(move, filled(move, len(ORDER))))
    # the setup is over: no form asked; ann, the start player (seated first: "Give that player
    # the board with the "1""), makes the first move; nothing was typed at a terminal for it
    assert not any(forms(picker_of(tables.client, tables.tokens[r])) for r in ("table", *PLAYERS))
    _, board, _ = tables.referee.board(tables.page)
    assert board.to_act == ["ann"] and not board.over
    assert picker_of(tables.client, tables.tokens["ann"])["verbs"]


# Each kind of form: its move's words, what it shows filled in (from the rulebook), and its
# fields' keys with how many values each takes.
KINDS: dict[str, tuple[str, dict[str, str], list[tuple[str, int]]]] = {
    # Game Components: "40 production tiles (10 per player)"
    "the production tiles": (
        "declare production",
        {"production tiles per player (Game Components)": "10"},
        [("tiles=", 1)],
    ),
    # Placing a Workie: "The Headquarters has only one area that needs to be filled with 1
    # crafty and 1 brainy"; a building shows 1 or 2 action boxes
    "the headquarters": (
        "declare headquarters",
        {"its work area, 1 crafty and 1 brainy (Placing a Workie)": "crafty+brainy"},
        [("box=", 2)],
    ),
    # 2. Score Mood Tracks: "For neutral mood, nothing happens"
    "the mood track": (
        "declare mood",
        {"the neutral space: nothing happens (2. Score Mood Tracks)": ""},
        [("space=", 5), ("space=", 1), ("space=", 5), ("neutral=", 1)],
    ),
    # Buy a Swindle Tile: "You have a total of 4 swindle tiles"
    "the swindle spaces": (
        "declare swindle",
        {"swindle spaces, one per swindle tile (Buy a Swindle Tile)": "4"},
        [("space=", 4)],
    ),
    # Faction Action: Scoring example: "the last track space of the Capitalist track ... a
    # build action than 20 money"
    "the capitalist track": (
        "declare track capitalist",
        {
            "faction track (Faction Action)": "capitalist",
            "its last space (Faction Action: Scoring example)": "20money.build",
        },
        [("space=", 7), ("space=", 1)],
    ),
    "the futurist track": (
        "declare track futurist",
        {"faction track (Faction Action)": "futurist"},
        [("space=", 8)],
    ),
    "the traditionalist track": (
        "declare track traditionalist",
        {"faction track (Faction Action)": "traditionalist"},
        [("space=", 8)],
    ),
    # Setup: "Add the 3 A tiles to the game board in random order"
    "the A tile on the left space": (
        "reveal tiles",
        {"set, on its back (Game Components and Setup)": "A", "its space on the board": "left"},
        [("", 1), ("grey=", 1), ("grey_then=", 1), ("red=", 1), ("red_then=", 1)],
    ),
    "the A tile on the right space": (
        "reveal tiles",
        {"set, on its back (Game Components and Setup)": "A", "its space on the board": "right"},
        [("", 1), ("grey=", 1), ("grey_then=", 1), ("red=", 1), ("red_then=", 1)],
    ),
    # Changes for 2 and 3 Players: a B tile removed with 2 players
    "the B tile removed (2 players)": (
        "reveal removed",
        {"set, on its back (Changes for 2 and 3 Players)": "B"},
        [("", 1), ("grey=", 1), ("grey_then=", 1), ("red=", 1), ("red_then=", 1)],
    ),
    # Setup: "flip the top news card of each pile"
    "the top news card of pile I": (
        "reveal news I",
        {"pile, the top card flipped (Game Components and Setup)": "I"},
        [("", 1), ("box=", 1), ("immoral=", 1)],
    ),
    # Immoral News Cards: "All II news cards are immoral"
    "the top news card of pile II": (
        "reveal news II",
        {
            "pile, the top card flipped (Game Components and Setup)": "II",
            "immoral: all II news cards are (Immoral News Cards)": "yes",
        },
        [("", 1), ("box=", 1), ("immoral=", 1)],
    ),
    # Starting Buildings: "Give the last player as many A-buildings as there are players"
    "the A building ben keeps": (
        "draft ben",
        {"its pile, the packet's (Starting Buildings)": "A"},
        [("", 1), ("cost=", 1), ("vp=", 1), ("area=", 2), ("box=", 2)],
    ),
    # "Then, give the start player as many B-buildings"
    "the B building ann keeps": (
        "draft ann",
        {"its pile, the packet's (Starting Buildings)": "B"},
        [("", 1), ("cost=", 1), ("vp=", 1), ("area=", 2), ("box=", 2)],
    ),
}


@pytest.mark.parametrize("label", list(KINDS))
def test_each_form_shows_what_the_rulebook_prints_and_records_what_its_command_records(
    tables: Tables, label: str
) -> None:
    move = tables.through(label)
    text, shown, keys = KINDS[label]
    assert move["text"] == text
    assert fixed(move) == shown
    assert [(a["flag"], a["count"]) for a in move["asks"]] == keys
    # the fields a table fills hold a working example each, in the move's own keys
    role, _ = tables.form()
    assert role == ("table" if not text.startswith("draft") else text.split()[1])
    tables.post(role, payload(move, filled(move, ORDER.index(label))))
    assert tables.form()[1]["label"] == ORDER[ORDER.index(label) + 1]


def test_a_list_of_resources_offers_the_resources_as_chips(tables: Tables) -> None:
    """A production line and the production tiles: the 7 resources (What Actions Are There?
    Production) to tap; a market: every resource but meat (Selling Resources: "Meat you can
    always sell for 6 money")."""
    resources = ["plastic", "iridium", "water", "plant", "hydrogen", "chip", "meat"]
    side = tables.through("the board's side")
    assert [a["choices"] for a in side["asks"] if a["tap"]] == [resources[:-1]] * 3
    board = tables.through("player board 1")
    assert [a["choices"] for a in board["asks"] if a["tap"]] == [resources] * 2
    production = tables.through("the production tiles")
    assert [a["choices"] for a in production["asks"] if a["tap"]] == [resources]


def test_a_box_the_rulebook_prints_cannot_be_posted_otherwise(tables: Tables) -> None:
    """The last capitalist space is the rulebook's (Faction Action: Scoring example): a form
    posted with another is refused, naming it, and records nothing."""
    move = tables.through("the capitalist track")
    text = "declare track capitalist space=3money.vote space=14money.news"
    head = tables.referee.store.head(tables.page)[0]
    refused = tables.client.post(f"/t/{tables.tokens['table']}/move", json={"text": text, "head": head})
    assert refused.status_code == 422 and tables.referee.store.head(tables.page)[0] == head
    assert re.search(r"20 money or a build action", refused.json()["line"]), refused.json()
    assert tables.form()[1] == move
