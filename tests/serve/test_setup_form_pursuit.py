"""The Pursuit of Happiness's setup as guided forms on the table's page (issue 41: "Setup as a
guided form ... a Pursuit setting, a Child Trait ... asked on the table page one card at a time,
laid out like the printed card ... the value printed in the rulebook already filled in and not
editable"; "posting the same command the CLI takes").

The settings and the test cards' faces posted are invented (fixtures/pursuit-test-*.toml): no
text in ../shared/rules prints the base game's numbers. KEVIN's printed boxes are the Friends
text's (KS Promos 4, 1. Friends, its example)."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from ledger.games.pursuit.faces import Level
from ledger.service import Referee
from ledger.store import Store
from referee_cli.serve import make_app
from tests.conftest import fixed_clock
from tests.pursuit.table import ALL, SETTINGS
from tests.serve.test_setup_form import forms, picker_of

VALUES: dict[str, str] = tomllib.loads(SETTINGS)["settings"]
# What the setup waits for with every module and 3 players: the School tile closes the Teen
# round's actions (no teen-closed), Community's Popularity track, Friends' pile.
AWAITED = [
    "hourglasses",
    "stress",
    "sth",
    "rounds",
    "order",
    "slots",
    "relax",
    "life-goals",
    "child-traits",
    "popularity",
    "friend-cards",
]
FOLDED = "declare settings " + " ".join(f"{n}={VALUES[n]}" for n in AWAITED)
GOALS = ("test-well-read", "test-career-minded", "test-richest")  # life-goals=players: 3
FRIEND = "l1.reward=1money l2.cost=1hourglass,1influence l2.reward=1lth l3.cost=1hourglass l3.reward=2lth"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Referee, int, dict[str, str], TestClient]]:
    db = tmp_path / "ledger.db"
    referee = Referee(Store(db), clock=fixed_clock())
    game = referee.new_game("pursuit", ["ann", "ben", "cat"], options={"modules": ALL})
    tokens = referee.new_links(game)
    with TestClient(make_app(db, game, poll=0.05)) as client:
        yield referee, game, tokens, client
    referee.store.close()


def post(served: Any, text: str, who: str = "table") -> Any:
    referee, game, tokens, client = served
    head = referee.store.head(game)[0]
    return client.post(f"/t/{tokens[who]}/move", json={"text": text, "head": head})


def form_of(served: Any, who: str = "table") -> list[dict[str, Any]]:
    _, _, tokens, client = served
    return forms(picker_of(client, tokens[who]))


def test_the_settings_are_one_form_a_field_a_setting_and_record_a_declaration_each(served: Any) -> None:
    referee, game, _, _ = served
    [settings] = form_of(served)
    assert settings["text"] == "declare settings" and settings["fixed"] == []  # nothing printed
    assert [a["flag"] for a in settings["asks"]] == [f"{n}=" for n in AWAITED]
    order = next(a for a in settings["asks"] if a["flag"] == "order=")
    assert order["choices"] == ["seats", "rotate", "sth"]  # ("seats|rotate|sth")
    assert form_of(served, "ann") == []  # the table's, not a player's
    # a field left empty: every missing one named at once, each with an example; nothing appended
    head = referee.store.head(game)[0]
    refused = post(served, "declare settings hourglasses=6,9 order=seats")
    assert refused.status_code == 400 and referee.store.head(game)[0] == head
    line = refused.json()["line"]
    assert "missing " + ", ".join(n for n in AWAITED if n not in ("hourglasses", "order")) in line
    assert "stress=3:+1,3:0,3:-1,3:-2" in line
    # what the page posts: the form's words, a field a key (referee.js's payload)
    assert post(served, FOLDED).status_code == 200
    [entry] = referee.log(game, last=1)
    assert entry.text == FOLDED
    # the facts of a `declare setting` each, then the setup
    assert entry.facts == [f"setting {n}: {VALUES[n]}" for n in AWAITED] + [
        "setup: 6 hourglass tokens each; the Community pile: 48 cards; the Friend pile: 16 cards"
    ]
    assert referee.load(game).state.faces.settings == {n: VALUES[n] for n in AWAITED}
    assert referee.load(game).state.phase == "setup"


def test_a_life_goal_is_asked_with_its_boxes_and_revealed_with_its_face(served: Any) -> None:
    referee, game, _, _ = served
    post(served, FOLDED)
    goal = next(f for f in form_of(served) if f["text"] == "reveal goals")
    # a Life Goal's one level: what it requires and what it gives (its procedure reads no more)
    # and, with Community, whether it is one of Community's Additional Cards ("Additional Cards")
    assert [a["flag"] for a in goal["asks"]] == ["", "l1.requirement=", "l1.reward=", "set="]
    posted = post(served, f"reveal goals {GOALS[0]} l1.requirement=5knowledge l1.reward=4lth")
    assert posted.status_code == 200, posted.json()
    state = referee.load(game).state
    assert state.goals == ("TEST WELL READ",)
    assert state.faces.cards["TEST WELL READ"].levels == (Level(requirement="5knowledge", reward="4lth"),)
    # the log records it as the command line's canonical words
    assert next(iter(referee.log(game, last=1))).text == "reveal goals test-well-read l1=5knowledge..4lth"
    # one of Community's Additional Life Goals, its set chosen in the form
    additional = "reveal goals test-good-neighbour l1.requirement=2popularity l1.reward=3lth set=community"
    assert post(served, additional).status_code == 200
    assert referee.load(game).state.faces.cards["TEST GOOD NEIGHBOUR"].set == "community"


def test_a_friend_is_asked_level_by_level_and_kevin_with_his_printed_boxes_filled_in(served: Any) -> None:
    referee, game, _, _ = served
    post(served, FOLDED)
    for goal in GOALS:
        assert post(served, f"reveal goals {goal} l1.requirement=job l1.reward=3lth").status_code == 200
    found = {f["text"]: f for f in form_of(served)}
    # KS Promos 4, 1. Friends: L1 "check if you meet the L1 Requirement ... receive the L1
    # Reward" (and its upkeep and income while at it), Develop: "pay the depicted Level Cost,
    # and receive the corresponding Level Reward"; "The last Level (L3) of a Friend card is
    # Repeatable", with no Upkeep Cost
    assert [a["flag"] for a in found["reveal friends"]["asks"]] == [
        "",
        "l1.requirement=",
        "l1.reward=",
        "l1.upkeep=",
        "l1.income=",
        "l2.cost=",
        "l2.reward=",
        "l2.upkeep=",
        "l2.income=",
        "l3.cost=",
        "l3.reward=",
    ]
    kevin = found["reveal friends kevin"]
    # Friends example: "As he has a Job (L1 Requirement) ... gains 1 Creativity and 2 Influence
    # (L1 Reward)"; L3 "pay 4 Knowledge to gain 2 Creativity, 3 Influence, and 2 LTH"; "he does
    # not have to pay any Upkeep Cost": shown, not asked
    assert dict(kevin["fixed"]) == {
        "L1 Requirement (printed)": "job",
        "L1 Reward (printed)": "1creativity 2influence",
        "L3 Cost (printed)": "4knowledge",
        "L3 Reward (printed)": "2creativity 3influence 2lth",
        "L3 Upkeep Cost (printed)": "none",
    }
    asked = [a["flag"] for a in kevin["asks"]]
    assert asked == ["l1.upkeep=", "l1.income=", "l2.cost=", "l2.reward=", "l2.upkeep=", "l2.income="]
    # a box typed against the text is refused, naming it; nothing appended
    head = referee.store.head(game)[0]
    refused = post(served, "reveal friends kevin l1.requirement=2money l1.upkeep=1influence")
    assert refused.status_code in (400, 422) and referee.store.head(game)[0] == head
    assert "KEVIN" in refused.json()["line"] and "job" in refused.json()["line"]
    posted = post(served, "reveal friends kevin l1.upkeep=1influence l2.cost=1hourglass l2.reward=1lth")
    assert posted.status_code == 200, posted.json()
    face = referee.load(game).state.faces.cards["KEVIN"]
    assert face.levels[0] == Level(requirement="job", reward="1creativity 2influence", upkeep="1influence")
    assert face.levels[2].cost == "4knowledge" and face.levels[2].reward == "2creativity 3influence 2lth"
    assert "reveal friends kevin" not in [f["text"] for f in form_of(served)]  # known now: listed


def test_a_child_trait_is_asked_on_its_players_page_as_one_form(served: Any) -> None:
    referee, game, _, _ = served
    post(served, FOLDED)
    for goal in GOALS:
        post(served, f"reveal goals {goal} l1.requirement=job l1.reward=3lth")
    for n in (1, 2, 3, 4):
        assert post(served, f"reveal friends test-friend-{n} {FRIEND}").status_code == 200
    assert referee.load(game).state.phase == "setup"
    [trait] = form_of(served, "ann")
    assert trait["text"] == "trait ann" and trait["form"]
    assert [a["flag"] for a in trait["asks"]] == ["", "l1.requirement=", "l1.reward=", "ability=", "set="]
    assert [f["text"] for f in form_of(served)] == []  # nothing left for the table to lay out
    posted = post(served, "trait ann test-artist l1.reward=2creativity", "ann")
    assert posted.status_code == 200, posted.json()
    assert referee.load(game).state.players["ann"].traits == ("TEST ARTIST",)
