"""`referee serve`'s routes through Starlette's test client: who may see and do what."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from ledger.codec import encode
from ledger.errors import RefereeError
from referee_cli.serve import make_app
from tests.serve.conftest import PLAYERS, Served


def test_the_board_is_public_and_offers_no_moves(served: Served) -> None:
    page = served.client.get("/")
    assert page.status_code == 200
    assert "Round 1 · ann&#39;s turn" in page.text
    assert "data-command" not in page.text and "data-action" not in page.text
    state = served.client.get("/state.json").json()
    assert state["head"] == served.head() and state["role"] is None and "moves" not in state
    assert state["status"]["to_act"] == ["ann"]
    assert page.headers["cache-control"] == "no-store"
    assert "default-src 'self'" in page.headers["content-security-policy"]


def test_a_player_page_offers_that_player_moves_only(served: Served) -> None:
    page = served.client.get(served.url("ann"))
    assert page.status_code == 200
    assert "ann’s page" in page.text and "work ann" in page.text
    state = served.client.get(served.url("ann", "/state.json")).json()
    texts = [text for group in state["moves"] for text, _ in group["moves"]]
    assert sorted(texts) == sorted(
        m.text for m in served.referee.legal(served.game, "ann")
    )  # by verb, then word
    assert all(" ann" in text for text in texts)
    assert served.client.get(served.url("ben", "/state.json")).json()["moves"] == []


@pytest.mark.parametrize("token", ["nope", "x" * 24, "%00", "a" * 300])
def test_a_wrong_token_gets_the_public_board_only(served: Served, token: str) -> None:
    head = served.head()
    page = served.client.get(f"/t/{token}")
    assert page.status_code == 403
    assert "the board" in page.text and "data-command" not in page.text and "data-action" not in page.text
    assert served.client.get(f"/t/{token}/state.json").status_code == 403
    assert served.client.get(f"/t/{token}/events").status_code == 403
    work = served.referee.legal(served.game, "ann")[0].command
    for path in ("/move", "/table/undo", "/table/verify"):
        reply = served.client.post(f"/t/{token}{path}", json={"command": encode(work)})
        assert reply.status_code == 403 and reply.json()["error"] == "forbidden"
    assert served.client.get("/t/").status_code == 404
    assert served.head() == head


def test_new_links_revoke_the_old_ones(served: Served) -> None:
    old = served.tokens["ann"]
    assert served.client.get(f"/t/{old}").status_code == 200
    new = served.referee.new_links(served.game)
    assert served.client.get(f"/t/{old}").status_code == 403
    assert served.client.get(f"/t/{new['ann']}").status_code == 200
    # Only hashes are kept.
    stored = served.referee.store.links(served.game)
    assert len(stored) == len(PLAYERS) + 1 and not set(stored) & set(new.values())


def test_a_move_from_its_player_page_is_recorded_as_at_the_command_line(served: Served) -> None:
    head = served.head()
    reply = served.move("ann", "work ann")
    assert reply.status_code == 200, reply.text
    body = reply.json()
    assert body["ok"] and body["line"].startswith(f"recorded #{head + 1}-")
    assert body["line"].endswith("ann: WORK")  # told in LOOP's words; recorded as typed (below)
    assert body["head"] == served.head() > head
    assert "data-picker=" in body["html"] and "take back #" in body["html"]  # the page now, to swap in
    entry = served.last()
    assert (entry.actor, entry.text) == ("ann", "work ann")


def test_a_player_cannot_act_for_another(served: Served) -> None:
    head = served.head()
    for text in ("work ann", "buy ann food:1"):
        reply = served.move("ben", text)
        assert reply.status_code == 403
        assert reply.json()["line"] == f"this is ben's page: {text} is ann's move, not ben's"
        typed = served.post("ben", "/move", {"text": text, "head": head})
        assert typed.status_code == 403
    assert served.head() == head


def test_a_player_cannot_make_the_table_moves(served: Served) -> None:
    # A physical-deck game: the table reveals the starting MATERIAL.
    game = served.referee.new_game("loop", PLAYERS)
    tokens = served.referee.new_links(game)
    with TestClient(make_app(Path(served.referee.store.path), game)) as client:
        reply = client.post(f"/t/{tokens['ann']}/move", json={"text": "reveal material glass --to ann"})
        assert reply.status_code == 403
        assert reply.json()["line"].endswith("is the table's move, not ann's")
        reply = client.post(f"/t/{tokens['table']}/move", json={"text": "reveal material glass --to ann"})
        assert reply.status_code == 200 and reply.json()["line"].startswith("recorded #")


def test_a_refused_move_shows_the_command_line_line(served: Served) -> None:
    head = served.head()
    words = ["consume", "ann", "dance=plastic,glass"]
    with pytest.raises(RefereeError) as refused:
        served.referee.submit_text(served.game, words)
    reply = served.post("ann", "/move", {"text": " ".join(words), "head": head})
    assert reply.status_code == 422
    answer = reply.json()
    assert {k: answer[k] for k in ("ok", "error", "line")} == {
        "ok": False,
        "error": refused.value.kind,
        "line": str(refused.value),
    }
    # (with the table as it stands, for the page to show: issue 42's stale phone)
    assert answer["head"] == head and f'data-head="{head}"' in answer["html"]
    assert str(refused.value).startswith("LOOP 2.2")
    assert served.head() == head


@pytest.mark.parametrize(
    ("body", "status", "says"),
    [
        ({"text": ""}, 400, "no move given"),
        ({"text": "dance ann"}, 400, ""),
        ({"text": "work ann 'open"}, 400, "cannot read"),
        ({"command": "{not json"}, 400, "not a LOOP"),
        ({"command": '{"type": "loop.nothing"}'}, 400, "not a LOOP"),
        ({"command": 7}, 400, "post a move as"),
        ({}, 400, "post a move as"),
        ({"text": "work ann", "head": "soon"}, 400, "head must be a number"),
        ({"text": "work ann", "head": 10**6}, 400, "has no row"),
    ],
)
def test_bad_input_is_one_line_and_appends_nothing(
    served: Served, body: dict[str, object], status: int, says: str
) -> None:
    head = served.head()
    reply = served.post("ann", "/move", body)
    assert reply.status_code == status, reply.text
    line = reply.json()["line"]
    assert says in line and "\n" not in line and "Traceback" not in line
    assert served.head() == head


def test_a_body_that_is_not_json_is_refused(served: Served) -> None:
    url = served.url("ann", "/move")
    assert served.client.post(url, content="text=work+ann").status_code == 400
    form = served.client.post(url, data={"text": "work ann"})
    assert form.status_code == 400 and "post JSON" in form.json()["line"]
    big = served.client.post(url, json={"text": "x" * 20_000})
    assert big.status_code == 400 and "too long" in big.json()["line"]
    listed = served.client.post(url, json=["work", "ann"])
    assert listed.status_code == 400


def test_two_phones_at_once_one_wins_and_the_other_is_told(served: Served) -> None:
    head = served.head()
    favour = next(m.text for m in served.referee.legal(served.game, "ann") if m.text.startswith("favour"))
    work, buy = served.move("ann", "work ann", head), served.move("ann", "buy ann food:1", head)
    assert work.status_code == 200
    assert buy.status_code == 409
    line = buy.json()["line"]
    assert line.startswith("LOOP 2.2 Start Turn: another writer's move")
    assert f"#{head + 1} (work ann) was recorded first, and now ann already did WORK this turn" in line
    # A move still legal after the other one is decided again and recorded, as in two terminals.
    assert served.move("ann", favour, head).status_code == 200
    # One decided on the page's state first: a move that was not legal there is refused as such.
    refused = served.post("ann", "/move", {"text": "end ann", "head": head})
    assert refused.status_code == 422 and "another writer" not in refused.json()["line"]


def test_the_table_page_undoes_redoes_voids_and_verifies(served: Served) -> None:
    assert served.move("ann", "work ann").status_code == 200
    undo = served.post("table", "/table/undo", {"reason": "wrong card"})
    assert undo.status_code == 200 and undo.json()["line"].endswith("work ann)")
    redo = served.post("table", "/table/redo", {})
    assert redo.status_code == 200 and redo.json()["line"].endswith("work ann")
    seq = served.last().seq
    void = served.post("table", "/table/void", {"seq": seq})
    assert void.status_code == 400 and void.json()["line"].startswith("a void needs a reason")
    void = served.post("table", "/table/void", {"seq": str(seq), "reason": "disputed", "by": "cat"})
    assert void.status_code == 200, void.text
    assert served.last().actor == "cat"
    verify = served.post("table", "/table/verify", {})
    assert verify.status_code == 200 and verify.json()["line"].startswith(f"game {served.game}: OK")
    # Issue 42: undo takes back the latest action, the void, then the move before it.
    restore = served.post("table", "/table/undo", {})
    assert restore.status_code == 200 and restore.json()["line"].split("\n")[0].endswith("taken back")
    assert served.post("table", "/table/undo", {}).status_code == 200  # the redone work ann
    nothing = served.post("table", "/table/undo", {})
    assert nothing.status_code == 422 and nothing.json()["line"].startswith("nothing to undo")
    assert served.post("table", "/table/shuffle", {}).status_code == 400


def test_players_cannot_use_the_table_actions(served: Served) -> None:
    assert served.move("ann", "work ann").status_code == 200
    head = served.head()
    for action in ("undo", "redo", "void", "verify"):
        reply = served.post("ann", f"/table/{action}", {"seq": head, "reason": "mine"})
        assert reply.status_code == 403 and reply.json()["line"].endswith("is for the table's page")
    assert served.head() == head


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    role=st.sampled_from(["ann", "ben", "table"]),
    path=st.sampled_from(["/move", "/table/undo", "/table/void", "/table/redo"]),
    body=st.one_of(
        st.fixed_dictionaries({"text": st.text(max_size=40)}, optional={"head": json_values}),
        st.fixed_dictionaries({"command": st.text(max_size=60)}, optional={"head": json_values}),
        st.dictionaries(st.sampled_from(["text", "command", "head", "seq", "reason", "by"]), json_values),
        json_values,
    ),
)
def test_whatever_is_posted_the_answer_is_one_line_never_a_crash(
    served: Served, role: str, path: str, body: object
) -> None:
    head = served.head()
    reply = served.client.post(served.url(role, path), json=body)
    assert reply.status_code in (200, 400, 403, 409, 422), reply.text
    line = reply.json()["line"]
    assert line and "\n" not in line and "Traceback" not in line
    if reply.status_code != 200:
        assert served.head() == head


def test_the_table_page_moves_for_anyone_as_the_command_line_does(served: Served) -> None:
    reply = served.move("table", "work ann")
    assert reply.status_code == 200 and reply.json()["line"].endswith("ann: WORK")
    assert (served.last().actor, served.last().text) == ("ann", "work ann")


def test_a_player_takes_back_their_own_latest_move_only(served: Served) -> None:
    served.move("ann", "work ann")
    seq = served.head() - 1
    moved = served.last().seq
    # ben may not take back ann's move; ann may, while it is the latest.
    refused = served.post("ben", "/takeback", {"seq": moved})
    assert refused.status_code == 422 and refused.json()["line"].startswith("ben has no move to take back")
    assert "take back #" in served.client.get(served.url("ann")).text
    taken = served.post("ann", "/takeback", {"seq": moved})
    assert taken.status_code == 200, taken.text
    entry = served.last()
    assert (entry.kind, entry.actor, entry.reason) == ("undo", "ann", "taken back")
    assert served.head() > seq
    # Once another has moved since, only the table may undo it, and the page says who must agree.
    served.move("ann", "work ann")
    served.move("ann", "end ann")
    ann_move = served.last().seq
    served.move("ben", "work ben")
    refused = served.post("ann", "/takeback", {"seq": ann_move})
    assert refused.status_code == 422
    assert "ann cannot take back" in refused.json()["line"] and "ben moved since" in refused.json()["line"]
    page = served.client.get(served.url("ann")).text
    assert "ben moved since, so the table’s page undoes or voids it if ben agrees" in page
    assert served.post("table", "/takeback", {}).status_code == 403


def test_a_move_that_dealt_cards_by_chance_is_not_taken_back_from_the_phone(served: Served) -> None:
    # The served game has virtual decks: ending a turn after a BUY refills the BUY AREA from the
    # shuffled deck (LOOP 2.7), by chance (issue 18's rule).
    buy = next(m.text for m in served.referee.legal(served.game, "ann") if m.text.startswith("buy "))
    served.move("ann", buy)
    served.move("ann", "end ann")
    page = served.client.get(served.url("ann")).text
    assert "data-takeback" not in page
    assert "dealt cards by chance that this page has shown you (a MATERIAL turned up from the deck" in page
    refused = served.post("ann", "/takeback", {"seq": served.last().seq})
    assert refused.status_code == 422 and "the referee dealt it cards by chance" in refused.json()["line"]
    assert served.last().kind != "undo"


def test_a_move_is_told_in_words_before_it_is_recorded(served: Served) -> None:
    head = served.head()
    loaded = served.referee.load(served.game)
    command = loaded.game.parse(loaded.state, ["work", "ann"])
    told = served.post("ann", "/preview", {"command": encode(command), "head": head})
    assert told.status_code == 200 and told.json()["text"] == "work ann"
    facts = [loaded.game.describe(e) for e in loaded.game.decide(loaded.state, command)]
    assert told.json()["facts"] == facts and not told.json()["more"]
    assert served.head() == head  # nothing recorded
    assert served.post("ben", "/preview", {"command": encode(command), "head": head}).status_code == 403


def test_a_move_told_before_it_is_made_does_not_peek_at_a_virtual_deck(served: Served) -> None:
    served.move("ann", "buy ann food:1")
    loaded = served.referee.load(served.game)
    end = loaded.game.parse(loaded.state, ["end", "ann"])
    events = loaded.game.decide(loaded.state, end)
    flipped = [loaded.game.describe(e) for e in events[1:] if "flipped" in loaded.game.describe(e)]
    assert flipped  # ending the turn refills the BUY AREA from the shuffled deck
    told = served.post("ann", "/preview", {"command": encode(end), "head": served.head()}).json()
    assert told["facts"] == [loaded.game.describe(events[0])] and told["more"]
    assert not any(fact in told["facts"] for fact in flipped)


def test_the_table_page_shows_one_player_link_again_and_only_that_one_changes(served: Served) -> None:
    assert served.post("ann", "/link", {"role": "ben"}).status_code == 403  # not a player's to ask
    reply = served.post("table", "/link", {"role": "ben"})
    assert reply.status_code == 200, reply.text
    body = reply.json()
    assert body["qr"].startswith("data:image/svg+xml") and body["line"].endswith(body["url"])
    token = body["url"].rsplit("/t/", 1)[1]
    assert served.referee.link_role(served.game, token) == "ben"
    assert served.referee.link_role(served.game, served.tokens["ben"]) is None
    for role in ("ann", "cat", "table"):
        assert served.referee.link_role(served.game, served.tokens[role]) == role
    assert served.post("table", "/link", {"role": "zed"}).json()["line"].startswith("unknown player 'zed'")


def test_the_text_box_shows_the_grammar_of_the_page_s_own_moves(served: Served) -> None:
    def placeholder(role: str) -> str:
        page = served.client.get(served.url(role)).text
        return page.split('name="text"', 1)[1].split('placeholder="', 1)[1].split('"', 1)[0]

    assert placeholder("ann").startswith("work ann [--rep N]")  # her move now
    assert placeholder("ben").startswith("work ben")  # not his turn: still a player's move, his
    assert placeholder("table").startswith("reveal material")  # the table's


def test_a_double_tap_records_once_and_is_answered_with_the_first_result(served: Served) -> None:
    """Issue 19, hole 8: the page's id for one submission, not the move, decides."""
    head = served.head()
    tap = {"text": "work ann", "head": head, "submission": "tap-1"}
    first, again = served.post("ann", "/move", tap), served.post("ann", "/move", tap)
    assert first.status_code == again.status_code == 200
    assert again.json() == first.json()
    assert served.head() == first.json()["head"] > head
    assert [e.text for e in served.referee.log(served.game, last=3)].count("work ann") == 1
    # Another id is another submission: decided again by the rules (WORK once a turn), not
    # answered from memory.
    other = served.post("ann", "/move", {**tap, "submission": "tap-2"})
    assert other.status_code == 409 and "already did WORK this turn" in other.json()["line"]
    assert served.head() == first.json()["head"]
    # An id is remembered per page: another player's page posting it is answered afresh.
    ben = served.post("ben", "/move", {**tap, "text": "work ben"})
    assert ben.status_code == 422 and not ben.json()["ok"]  # not ben's turn: ann's answer is not his


def test_a_submission_id_must_be_short_text(served: Served) -> None:
    head = served.head()
    for bad in (7, "x" * 200, ["a"]):
        reply = served.post("ann", "/move", {"text": "work ann", "head": head, "submission": bad})
        assert reply.status_code == 400 and "submission" in reply.json()["line"]
    assert served.head() == head
