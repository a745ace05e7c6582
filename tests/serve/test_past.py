"""The board at any move (issue 42): the board's, the table's and a player's page show the game as
it stood right after an entry of the log, as ``referee at SEQ`` shows it to that viewer: read-only
(no move chips), marked as the past, never a hand hidden from that viewer then."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from ledger.service import Referee
from ledger.store import Store
from referee_cli.serve import make_app
from tests import finished
from tests.conftest import Result, fixed_clock
from tests.serve.conftest import PLAYERS, Served


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


def _round_buttons(html: str) -> dict[str, int | None]:
    """The past view's two steps by round: where "◀◀" and "▶▶" land (None: disabled)."""
    nav = re.search(r'<nav class="replay rounds".*?</nav>', html, re.S)
    assert nav is not None, "no steps by round"
    buttons = re.findall(r'<button [^>]*data-at="(\d+)"( disabled)?[^>]*>([^<]*)</button>', nav.group(0))
    assert [text[:2] if "◀" in text else text[-2:] for _, _, text in buttons] == ["◀◀", "▶▶"], buttons
    back, on = ((None if disabled else int(seq)) for seq, disabled, _ in buttons)
    return {"back": back, "on": on}


def test_a_loop_round_steps_back_to_where_it_began(served: Served) -> None:
    """LOOP 2.7 (the turn goes to the left) and 6.2 (a full round is completed at the turn end of
    the last player): in a 3-player game round 2 begins when cat, the last seat, ends the turn;
    round 1 once the setup is done, at the entry before ann's first move. "Round back" from ann's
    second WORK lands on cat's END, from there on the setup's end; "round on" the other way."""
    setup_done = served.last().seq
    moves = [
        ["work", "ann"],
        ["end", "ann"],
        ["work", "ben"],
        ["end", "ben"],
        ["work", "cat"],
        ["end", "cat"],
    ]
    seqs = [served.referee.submit_text(served.game, words).seq for words in moves]
    cat_ended = seqs[-1]
    again = served.referee.submit_text(served.game, ["work", "ann"]).seq
    for role in (None, "ann", "table"):
        assert _round_buttons(_past(served, role, again)["html"]) == {"back": cat_ended, "on": None}
        assert _round_buttons(_past(served, role, cat_ended)["html"]) == {"back": setup_done, "on": None}
        html = _past(served, role, seqs[2])["html"]  # ben's WORK, in round 1
        assert _round_buttons(html) == {"back": setup_done, "on": cat_ended}
        assert f'aria-label="the board as round 1 began (#{setup_done})">◀◀ round 1 (#{setup_done})' in html
        assert f'aria-label="the board as round 2 began (#{cat_ended})">round 2 (#{cat_ended}) ▶▶' in html
    # Before round 1 began (the setup's reveals), no round to step back to.
    assert _round_buttons(_past(served, None, 1)["html"])["back"] is None
    # A move taken back starts no round: cat's END undone, round 2 has not begun.
    served.referee.undo(served.game, by="table")  # (ann's second WORK)
    served.referee.undo(served.game, by="table")  # cat's END
    assert _round_buttons(_past(served, None, seqs[4])["html"]) == {"back": setup_done, "on": None}


def test_a_pursuit_round_steps_back_to_where_it_began(tmp_path: Path) -> None:
    """The Pursuit with the Community module: "When you enter the 1st Adult round, during the
    Preparation Phase, draw 5 Community cards and place them face-up" (Community rules). The move
    after which the Community board first holds cards is where Adult round 1 began: "round back"
    from a few moves later lands on it, and "round on" from the move before it too."""
    db = tmp_path / "ledger.db"
    referee = Referee(Store(db), clock=fixed_clock())
    game = finished.new(referee, "pursuit", PLAYERS)
    dealt = before = None
    while dealt is None:
        finished.play(referee, game, "pursuit", until_over=False, moves=1)
        latest = next(iter(referee.log(game, last=1)))
        if any(slot.card for slot in referee.board(game)[1].view.community):
            dealt = latest.seq
        else:
            before = latest.seq
    assert len([s for s in referee.board(game)[1].view.community if s.card]) == 5
    finished.play(referee, game, "pursuit", seed=2, until_over=False, moves=4)
    later = next(iter(referee.log(game, last=1))).seq
    tokens = referee.new_links(game)
    with TestClient(make_app(db, game)) as client:
        for path in ("", f"/t/{tokens['ben']}"):
            later_html = client.get(f"{path}/at/{later}.json").json()["html"]
            assert _round_buttons(later_html)["back"] == dealt
            assert f"◀◀ round 1 (#{dealt})" in later_html
            assert _round_buttons(client.get(f"{path}/at/{before}.json").json()["html"])["on"] == dealt
    referee.store.close()
