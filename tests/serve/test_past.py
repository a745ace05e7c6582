"""The board at any move (issue 42): the board's, the table's and a player's page show the game as
it stood right after an entry of the log, as ``referee at SEQ`` shows it to that viewer: read-only
(no move chips), marked as the past, never a hand hidden from that viewer then."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from tests.conftest import Result
from tests.serve.conftest import Served


def _player(html: str, name: str) -> str:
    """The part of a LOOP page's board that is ``name``'s player card (its name to its FAVOURs)."""
    found = re.search(rf"<h3>{name}\b.*?<p>GOAL", html, re.S)
    assert found is not None, f"no player card of {name}"
    return found.group(0)


def _stat(card: str, what: str) -> int:
    found = re.search(rf"{what} <b>(\d+)</b>", card)
    assert found is not None, f"no {what} on {card!r}"
    return int(found.group(1))


def _past(served: Served, role: str | None, seq: int) -> Any:
    path = f"/at/{seq}.json" if role is None else served.url(role, f"/at/{seq}.json")
    reply = served.client.get(path)
    assert reply.status_code == 200, reply.text
    return reply.json()


def test_the_board_at_a_move_is_the_board_referee_at_shows(
    served: Served, cli: Callable[..., Result]
) -> None:
    """LOOP 1 (INTERN: 2 COIN, HAPPINESS 4 to start) and 2.2 a) WORK: -1 HAPPINESS, +3 COIN. The
    board as after ann's WORK and as after the row before it, on the board's page and the
    table's, are those of ``referee at SEQ``, whatever was recorded since."""
    before = served.head()
    worked = served.referee.submit_text(served.game, ["work", "ann"]).seq
    served.referee.submit_text(served.game, ["end", "ann"])
    served.referee.submit_text(served.game, ["work", "ben"])  # recorded since: not shown then
    said = cli("--game", str(served.game), "at", str(worked), "--json")
    assert said.code == 0, said.err
    told = json.loads(said.out)
    assert told["view"]["players"]["ann"]["coin"] == 5
    for role in (None, "table"):
        at_work = _past(served, role, worked)
        html = at_work["html"]
        assert at_work["seq"] == worked and at_work["seqs"][-1] > worked  # the entries to step through
        # Marked as the past, with the move that led there in the game's words and its mover.
        assert f"as after #{worked} (ann: WORK) · the past, read-only" in html
        assert "data-picker" not in html and "chip" not in html.replace('class="chips"', "")
        # The table's page may void the move found there (shown first, as every void); the board not.
        assert (f'data-void="{worked}"' in html) == (role == "table")
        ann, ben = _player(html, "ann"), _player(html, "ben")
        assert (_stat(ann, "COIN"), _stat(ann, "HAPPINESS")) == (5, 3)
        assert (_stat(ben, "COIN"), _stat(ben, "HAPPINESS")) == (2, 4)  # ben's WORK: not yet
        earlier = _player(_past(served, role, before)["html"], "ann")
        assert (_stat(earlier, "COIN"), _stat(earlier, "HAPPINESS")) == (2, 4)
        # What the command line's `at` says of that row, the page says.
        assert f'<h2 class="headline">{told["headline"].replace(chr(39), "&#39;")}</h2>' in html
    # A row the log does not hold: one clear line, nothing shown.
    head = served.head()
    reply = served.client.get(f"/at/{head + 5}.json")
    assert reply.status_code == 400
    assert reply.json()["line"] == f"game #{served.game} has no row #{head + 5} (1 to {head})"


def test_a_players_page_at_a_move_never_shows_another_players_hand(
    served: Served, cli: Callable[..., Result]
) -> None:
    """LOOP's FAVOUR cards are a hand: at any move a player's page shows their own FAVOURs and only
    the count of another's, as ``referee at SEQ --as PLAYER`` does; the board shows none."""
    served.referee.submit_text(served.game, ["work", "ann"])
    seq = served.referee.submit_text(served.game, ["end", "ann"]).seq
    hands = {}
    for name in ("ann", "ben"):
        said = cli("--game", str(served.game), "at", str(seq), "--as", name, "--json")
        assert said.code == 0, said.err
        hands[name] = json.loads(said.out)["view"]["players"][name]["favours"]
        assert hands[name], f"{name} holds FAVOURs at #{seq}"
    shown = {name: ", ".join(f.upper() for f in favours) for name, favours in hands.items()}
    ann_page = _past(served, "ann", seq)["html"]
    ben_page = _past(served, "ben", seq)["html"]
    board = _past(served, None, seq)["html"]
    assert f"FAVOUR {len(hands['ann'])}: {shown['ann']}" in _player(ann_page, "ann")
    assert f"FAVOUR {len(hands['ben'])}: {shown['ben']}" in _player(ben_page, "ben")
    # Another's hand: its count only, on a player's page and on the board.
    assert re.search(rf"<p>FAVOUR {len(hands['ann'])}</p>", _player(ben_page, "ann"))
    assert re.search(rf"<p>FAVOUR {len(hands['ann'])}</p>", _player(board, "ann"))
    assert shown["ann"] not in ben_page and shown["ann"] not in board
    assert shown["ben"] not in ann_page and shown["ben"] not in board
    # The link decides the viewer: a page of nobody's link is refused.
    assert served.client.get(f"/t/nope/at/{seq}.json").status_code == 403


def test_the_live_page_offers_the_move_before_and_the_way_back(served: Served) -> None:
    worked = served.referee.submit_text(served.game, ["work", "ann"]).seq
    served.referee.submit_text(served.game, ["end", "ann"])
    page = served.client.get(served.url("ben")).text
    assert f'data-at="{worked}"' in page and 'id="past"' in page
    past = _past(served, "ben", worked)["html"]
    assert "data-live" in past and "back to live" in past
