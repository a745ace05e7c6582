"""A game started from the table's page (issue 41, "Start from the table page"): `referee serve`
on a database with no game offers every registered game's modes, modules and options and the
players' names as a form; posted, the game starts as `referee new` starts it (the same checks: a
refusal is one line and records nothing), and the table's page of that game follows."""

from __future__ import annotations

import re
import types
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from ledger import games
from ledger.decider import Option
from ledger.service import Referee
from ledger.store import Store
from referee_cli.serve import make_app
from tests.conftest import fixed_clock

START = "the-servers-own-table-link"
TABLE_LINK = re.compile(r'<a class="go" id="to-table" href="([^"]+)"')
LINK = re.compile(r"<b>(\w+)</b><br><a href=\"([^\"]+)\"")


@pytest.fixture
def empty(tmp_path: Path) -> Iterator[tuple[Referee, TestClient]]:
    """A database with no game, served: the board says so, the table's link is the server's."""
    db = tmp_path / "ledger.db"
    referee = Referee(Store(db), clock=fixed_clock())
    with TestClient(make_app(db, None, poll=0.05, start_token=START)) as client:
        yield referee, client
    referee.store.close()


def start(client: TestClient, **body: object) -> tuple[int, dict[str, object]]:
    answer = client.post(f"/t/{START}/new", json=body)
    return answer.status_code, answer.json()


def test_the_board_and_the_table_link_of_a_database_with_no_game(
    empty: tuple[Referee, TestClient],
) -> None:
    _, client = empty
    board = client.get("/")
    assert board.status_code == 200 and "No game yet" in board.text and "/t/" not in board.text
    opened = client.get(f"/t/{START}", follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == f"/t/{START}/new"
    assert client.get("/state.json").status_code == 400  # no game to tell
    # A link that is no table's opens no form and starts nothing.
    assert client.get("/t/somebody-elses/new").status_code == 403
    refused = client.post("/t/somebody-elses/new", json={"game": "loop", "players": ["ann"]})
    assert refused.status_code == 403 and empty[0].games() == []


def test_the_form_offers_every_registered_game_with_its_modes_and_options(
    empty: tuple[Referee, TestClient],
) -> None:
    _, client = empty
    form = client.get(f"/t/{START}/new").text
    for name in games.names():
        game = games.get(name)
        assert f'<input type="radio" name="game" value="{name}"' in form
        assert f"<b>{game.title}</b> <small>{game.min_players}–{game.max_players} players</small>" in form
        setup = form.split(f'data-game="{name}"')[1].split("</fieldset>")[0]
        if len(game.modes) == 1:  # nothing to choose: said
            assert f'<p class="field">mode: {game.modes[0]}</p>' in setup
        for mode in game.modes[1:]:
            assert f"<option>{mode}</option>" in setup
        for option in game.options:
            assert f'data-option="{option.name}"' in setup
    # Pursuit's modules, each a box to tick (the Community text's "5th player" among them).
    pursuit = form.split('data-game="pursuit"')[1].split("</fieldset>")[0]
    for module in ("community", "friends", "pets", "school", "stand-alone-jobs"):
        assert f'<input type="checkbox" value="{module}">' in pursuit
    # LOOP's four modes (LOOP 4.0: Basic, Competitive, Cooperative, Solo).
    loop = form.split('data-game="loop"')[1].split("</fieldset>")[0]
    assert re.findall(r"<option(?: selected)?>(\w+)</option>", loop)[:4] == [
        "basic",
        "competitive",
        "cooperative",
        "solo",
    ]


def test_a_game_registered_later_is_offered_too(empty: tuple[Referee, TestClient]) -> None:
    """The form reads the registry: a game registered there is on it, with its own options."""
    _, client = empty
    toy = types.ModuleType("toy")
    toy.name, toy.title, toy.min_players, toy.max_players = "toy", "Toy Game", 2, 3  # type: ignore[attr-defined]
    toy.modes = ("short", "long")  # type: ignore[attr-defined]
    toy.options = (Option("dice", "d6", ("d6", "d8"), "which die"),)  # type: ignore[attr-defined]
    games.register("toy", toy)
    try:
        form = client.get(f"/t/{START}/new").text
    finally:
        games.unregister("toy")
    assert '<input type="radio" name="game" value="toy"' in form and "<b>Toy Game</b>" in form
    setup = form.split('data-game="toy"')[1].split("</fieldset>")[0]
    assert "<option selected>short</option><option>long</option>" in setup
    assert '<select data-option="dice"><option selected>d6</option><option>d8</option></select>' in setup


def test_posting_the_form_starts_the_game_with_those_players(empty: tuple[Referee, TestClient]) -> None:
    referee, client = empty
    status, answer = start(
        client,
        game="loop",
        players=["ann", "ben", "", "cat", "", ""],  # the seats left empty are no players
        mode="competitive",
        options={"zones": "4,9", "activity-tiebreak": "kept"},
        title="",
        seed="",
    )
    assert status == 200 and answer["ok"] is True, answer
    assert answer["line"] == "game 1 started: LOOP: Life of Ordinary People for ann, ben, cat (competitive)"
    [info] = referee.games()
    assert (info.id, info.kind, info.players) == (1, "loop", ["ann", "ben", "cat"])
    setup = referee.load(1).setup
    assert setup.mode == "competitive" and setup.seed is None and setup.commitment is not None
    assert setup.options["zones"] == "4,9"
    # Its links, once: the board's, each player's and the table's, each with a QR code.
    html = str(answer["html"])
    assert [whose for whose, _ in LINK.findall(html)] == ["ann", "ben", "cat"]
    assert html.count('<img src="data:image/svg+xml') == 5
    for whose, url in LINK.findall(html):
        assert referee.link_role(1, url.rsplit("/", 1)[1]) == whose
    [table] = TABLE_LINK.findall(html)
    page = client.get(table.removeprefix("http://testserver"))
    assert page.status_code == 200 and "the table’s page" in page.text
    assert "<h1>LOOP: Life of Ordinary People</h1>" in page.text
    assert f'href="{table.removeprefix("http://testserver")}/new"' in page.text  # its "new game"
    assert "<h1>LOOP: Life of Ordinary People</h1>" in client.get("/").text  # the board serves it


def test_a_pursuit_game_with_modules(empty: tuple[Referee, TestClient]) -> None:
    referee, client = empty
    status, answer = start(
        client,
        game="pursuit",
        players=["maya", "omar", "lin", "kai", "ivy"],
        options={"modules": "community,pets", "preset": "none"},
    )
    assert status == 200, answer
    setup = referee.load(1).setup
    assert setup.players == ("maya", "omar", "lin", "kai", "ivy")
    assert setup.options["modules"] == "community,pets"


@pytest.mark.parametrize(
    ("body", "line"),
    [
        (
            {"game": "planet-b", "players": ["ann", "", "", ""]},
            "Planet B takes 2 to 4 players, not 1 (a name in each seat: 2 to 4 of them)",
        ),
        (
            {"game": "loop", "players": ["ann", "ben cat"]},
            "player name 'ben cat' holds",  # (a name is one word: it is typed inside moves)
        ),
        ({"game": "loop", "players": ["ann", "Ann"]}, "have the same name, 'Ann'"),
        (
            # Community, Playing with 5 Players: "Community contains all the necessary components
            # to add a 5th player".
            {"game": "pursuit", "players": ["a", "b", "c", "d", "e"], "options": {"modules": "pets"}},
            "PURSUIT Community: Playing with 5 Players: Community contains all the necessary components"
            " to add a 5th player (modules: community)",
        ),
        ({"game": "chess", "players": ["ann", "ben"]}, None),
        ({"game": "loop", "players": ["ann"], "mode": "speed"}, None),
        ({"game": "loop", "players": ["ann"], "seed": "many"}, "seed must be a number, not 'many'"),
    ],
)
def test_a_bad_form_is_refused_in_one_line_and_nothing_is_recorded(
    empty: tuple[Referee, TestClient], body: dict[str, object], line: str | None
) -> None:
    referee, client = empty
    status, answer = start(client, **body)
    assert status == 400 and answer["ok"] is False
    said = str(answer["line"])
    assert "\n" not in said and "--" not in said  # the page's words, not the command line's flags
    if line is not None:
        assert line in said
    assert referee.games() == [] and client.get("/").status_code == 200
    assert "No game yet" in client.get("/").text


def test_a_post_from_another_site_is_refused(empty: tuple[Referee, TestClient]) -> None:
    """A form another site could post (not JSON) starts nothing: only a page's own script posts."""
    referee, client = empty
    answer = client.post(f"/t/{START}/new", data={"game": "loop", "players": "ann"})
    assert answer.status_code == 400 and referee.games() == []


def test_the_table_page_lists_the_games_each_by_its_public_board(empty: tuple[Referee, TestClient]) -> None:
    """Issue 44 (a club's server, one database for many groups): one game's table link opens its
    own game's table page only. The list of the database's games links each game's public board
    (``/g/N``) and no game's table; taking another game's table needs that game's own table
    link (or ``referee serve --link table`` at the command line), and no page makes one."""
    referee, client = empty
    first_status, first = start(client, game="loop", players=["ann", "ben"])
    assert first_status == 200
    [first_table] = TABLE_LINK.findall(str(first["html"]))
    status, answer = start(client, game="planet-b", players=["ann", "ben", "cat"])
    assert status == 200, answer
    [table] = TABLE_LINK.findall(str(answer["html"]))
    token = table.rsplit("/", 1)[1]
    listing = client.get(f"/t/{token}/new").text
    assert "<b>#1</b> loop: ann, ben" in listing and "<b>#2</b> planet-b: ann, ben, cat" in listing
    assert f'<a href="/t/{token}">back to its table</a>' in listing  # game 2's own
    assert '<a href="/g/1">its board</a>' in listing
    assert re.findall(r'href="(/t/[^"/]+)"', listing) == [f"/t/{token}"]  # no other game's link
    # Game 1's board, public: its own stream and rows to witness, no move, no table action.
    board = client.get("/g/1")
    assert board.status_code == 200 and "<h1>LOOP: Life of Ordinary People</h1>" in board.text
    assert 'data-events="/g/1/events"' in board.text and 'data-witness="/g/1/witness.json"' in board.text
    assert "data-action" not in board.text and "the table’s page" not in board.text
    assert client.get("/g/1/witness.json?after=0").json()["head"] == referee.head(1)[0]
    assert client.get("/g/9").status_code == 404 and client.get("/g/9/witness.json").status_code == 400
    # No page of game 2 takes game 1's table: there is no such request, and game 1's links stay
    # what they were (its table's page opens with its own link only).
    for path in ("open", "new"):
        taken = client.post(f"/t/{token}/{path}", json={"game": 1})
        assert taken.status_code in (400, 404, 405) and referee.head(1)[0] == 1, taken.text
    assert referee.find_link(first_table.rsplit("/", 1)[1]) == (1, "table")
    assert "<h1>LOOP: Life of Ordinary People</h1>" in client.get(first_table).text
    assert "<h1>Planet B</h1>" in client.get(f"/t/{token}").text
    # Game 2's table link acts on game 2 only: with a move in game 1 to undo, an undo from game
    # 2's table page is refused as game 2's (no move made there), and game 1's move stays.
    offered = client.get(f"{first_table}/state.json").json()["moves"][0]["moves"][0][1]  # a reveal
    reply = client.post(f"{first_table}/move", json={"command": offered, "head": 1})
    assert reply.status_code == 200, reply.text
    moved = reply.json()["head"]
    undone = client.post(f"/t/{token}/table/undo", json={"reason": "not ours"})
    assert undone.status_code == 422 and undone.json()["line"] == "nothing to undo: no move has been made"
    assert referee.head(1)[0] == moved and 'data-head="1"' in undone.json()["html"]


def test_the_same_submission_twice_starts_one_game(empty: tuple[Referee, TestClient]) -> None:
    """A double tap (or a retry after the referee could not be reached) posts the form again
    with its submission id (start.js, as referee.js's moves): one game, both posts answered
    alike; another submission of the same form is another game."""
    referee, client = empty
    form = {"game": "loop", "players": ["ann", "ben"], "submission": "a1b2c3"}
    first = start(client, **form)
    again = start(client, **form)
    assert first[0] == again[0] == 200 and first[1] == again[1]
    assert [info.id for info in referee.games()] == [1]
    other = start(client, **{**form, "submission": "d4e5f6"})
    assert other[0] == 200 and other[1]["game"] == 2
    assert [info.id for info in referee.games()] == [1, 2]
    # A refused submission is answered the same again, and starts nothing either time.
    bad = {"game": "planet-b", "players": ["ann"], "submission": "0a0b"}
    assert start(client, **bad) == start(client, **bad) and start(client, **bad)[0] == 400
    assert len(referee.games()) == 2
    assert start(client, **{**form, "submission": "x" * 65})[0] == 400  # no id's length unbounded
