"""The phones as witnesses (issue 19): the route each page checks the log with. It gives each
row's hash and the bytes the hash covers, but never a fact hidden from the page's viewer; the
hash at the row the page saw last, and every hash only when that one no longer matches."""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec
import pytest

from ledger.codec import GENESIS
from ledger.service import Referee
from ledger.store import Store
from tests.conftest import fixed_clock
from tests.ledger.test_tamper import rechain
from tests.serve.conftest import PLAYERS, Served

ROUND = ["work ann", "end ann", "work ben", "end ben", "work cat", "end cat"]


def witnessed(served: Served, role: str | None, after: int = 0, known: str | None = None) -> dict[str, Any]:
    path = "/witness.json" if role is None else served.url(role, "/witness.json")
    query = f"?after={after}" + (f"&hash={known}" if known else "")
    reply = served.client.get(path + query)
    assert reply.status_code == 200, reply.text
    body: dict[str, Any] = reply.json()
    return body


def rows_of(served: Served, role: str | None) -> list[dict[str, Any]]:
    """Every row the page would witness from the start, as it would check it: linked, and
    hashed as docs/auditing.md's hashing rule says wherever it is given the bytes."""
    rows: list[dict[str, Any]] = []
    prev = GENESIS
    while True:
        reply = witnessed(served, role, len(rows), prev if rows else None)
        assert reply["hashes"] is None
        for row in reply["rows"]:
            assert (row["seq"], row["prev"]) == (len(rows) + 1, prev)
            if row["payload"] is not None:
                assert hashlib.sha256((prev + row["payload"]).encode()).hexdigest() == row["hash"]
            prev = row["hash"]
            rows.append(row)
        if not reply["more"]:
            return rows


def favours_drawn(referee: Referee, game: int) -> dict[int, str]:
    """seq -> who drew the FAVOUR (from the ledger itself, not from the route)."""
    return {
        r.seq: msgspec.json.decode(r.body)["player"]
        for r in referee.store.rows(game)
        if r.type == "loop.favour_drawn"
    }


def test_a_player_page_is_never_sent_a_card_hidden_from_that_player(served: Served) -> None:
    """LOOP with virtual decks: each FAVOUR drawn is its owner's alone (a card in hand); the page
    of anyone else, and the board, get its row's hash without its bytes."""
    for words in ROUND:
        served.referee.submit_text(served.game, words.split())
    stored = {r.seq: r for r in served.referee.store.rows(served.game)}
    drawn = favours_drawn(served.referee, served.game)
    assert set(drawn.values()) == set(PLAYERS)
    for role in [*PLAYERS, None, "table"]:
        rows = rows_of(served, role)
        assert [r["hash"] for r in rows] == [stored[seq].hash for seq in sorted(stored)]
        hidden = {r["seq"] for r in rows if r["payload"] is None}
        viewer = role if role in PLAYERS else None
        assert {seq for seq, who in drawn.items() if who != viewer} <= hidden
        for row in rows:
            if row["payload"] is not None:
                assert stored[row["seq"]].body in row["payload"]  # the row as recorded, whole
            if row["seq"] in drawn and drawn[row["seq"]] == viewer:
                assert row["payload"] is not None  # a player's own FAVOUR is theirs to check
        # Nothing else is held back: a setup, the moves, the public facts are checked by hash.
        assert hidden <= set(drawn) | {r.seq for r in stored.values() if r.type == "loop.dealt"}


def test_the_hash_the_page_saw_last_is_all_it_is_sent_while_it_matches(served: Served) -> None:
    served.referee.submit_text(served.game, ["work", "ann"])
    rows = served.referee.store.rows(served.game)
    reply = witnessed(served, "ann", 3, rows[2].hash)
    assert (reply["at"], reply["hashes"]) == (rows[2].hash, None)
    assert [r["seq"] for r in reply["rows"]] == list(range(4, len(rows) + 1))
    assert (reply["head"], reply["head_hash"]) == (len(rows), rows[-1].hash)
    up_to_date = witnessed(served, "ann", len(rows), rows[-1].hash)
    assert (up_to_date["rows"], up_to_date["more"], up_to_date["hashes"]) == ([], False, None)


def test_a_page_is_sent_every_hash_once_the_row_it_saw_last_changed(served: Served) -> None:
    """A hostile player with the laptop rewrites row 3, recomputes every later hash and seals the
    verified mark again with the key file: the referee believes the rewritten log, and a page
    that saw it before is given what it needs to name #3."""
    served.referee.submit_text(served.game, ["work", "ann"])
    before = [r.hash for r in served.referee.store.rows(served.game)]
    forge(served.referee, served.game, 3)
    fresh = Referee(Store(served.referee.store.path), clock=fixed_clock())
    fresh.submit_text(served.game, ["end", "ann"])  # believed: the table plays on
    reply = witnessed(served, "ben", len(before), before[-1])
    assert reply["at"] != before[-1] and len(reply["hashes"]) == len(before)
    now = reply["hashes"]
    changed = [seq for seq, (old, new) in enumerate(zip(before, now, strict=True), 1) if old != new]
    assert changed[0] == 3
    # A page that opens now, with nothing seen, finds the rewritten chain whole.
    assert len(rows_of(served, "ben")) == fresh.store.head(served.game)[0]


def test_a_page_that_saw_more_rows_than_the_log_holds_is_sent_the_hashes_left(served: Served) -> None:
    head, head_hash = served.referee.store.head(served.game)
    reply = witnessed(served, None, head + 5, head_hash)
    assert reply["at"] is None and len(reply["hashes"]) == head


def test_a_long_log_is_witnessed_a_page_at_a_time(served: Served) -> None:
    head = served.head()
    first = served.referee.witness(served.game, 0, limit=10)
    assert [r.seq for r in first.rows] == list(range(1, 11)) and first.more
    rest = served.referee.witness(served.game, 10, first.rows[-1].hash, limit=head)
    assert rest.rows[-1].seq == head and not rest.more


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ("?after=x", "after must be a number"),
        ("?after=-1", "from #0 on"),
        ("?after=1&hash=zz", "64 hex digits"),
    ],
)
def test_a_bad_question_is_one_line(served: Served, query: str, said: str) -> None:
    reply = served.client.get(served.url("ann", "/witness.json") + query)
    assert reply.status_code == 400 and said in reply.json()["line"]


def test_a_wrong_token_witnesses_nothing(served: Served) -> None:
    assert served.client.get("/t/nope/witness.json?after=0").status_code == 403


def forge(referee: Referee, game: int, seq: int) -> None:
    """Rewrite row ``seq``'s body (a public fact of the setup: DANCE's PROPERTY), recompute every
    hash after it, and seal the verified mark again at the head, as only someone holding
    ``<db>.key`` can: the referee then believes the rewritten log. In one transaction, as a
    careful forger would: a referee reading meanwhile would see a chain half done, and refuse it."""
    store = referee.store
    row = store.rows(game, seq - 1, seq)[0]
    body = row.body.replace('"props":["group","heart"]', '"props":["heart","leaf"]')
    assert body != row.body, row.body
    store.conn.execute("BEGIN IMMEDIATE")
    store.conn.execute("UPDATE events SET body = ? WHERE game_id = ? AND seq = ?", (body, game, seq))
    rechain(referee, game)
    reseal(referee, game)
    store.conn.execute("COMMIT")


def cut(referee: Referee, game: int, seq: int) -> None:
    """Delete the rows from ``seq`` on and seal the verified mark at the new head (``forge``)."""
    store = referee.store
    store.conn.execute("BEGIN IMMEDIATE")
    store.conn.execute("DELETE FROM events WHERE game_id = ? AND seq >= ?", (game, seq))
    reseal(referee, game)
    store.conn.execute("COMMIT")


def reseal(referee: Referee, game: int) -> None:
    """The verified mark moved to the head and sealed with ``<db>.key``, as the referee seals it."""
    store = referee.store
    head, head_hash = store.head(game)
    setup_hash = store.rows(game, 0, 1)[0].hash
    seal = store.seal("verified", game, head, head_hash, setup_hash, None, None)
    store.conn.execute(
        "UPDATE verified SET seq = ?, hash = ?, setup_hash = ?, bad_seq = NULL, bad = NULL, seal = ?"
        " WHERE game_id = ?",
        (head, head_hash, setup_hash, seal, game),
    )
