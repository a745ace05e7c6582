"""The phones as witnesses, through the service (issue 19; ``Referee.witness``): the hash at the
row a page saw last, and which rows' bytes a viewer is sent (and, alike, what ``log`` masks).
The route itself, and a page's check of what it is sent, are tested in
tests/serve/test_witness.py."""

from __future__ import annotations

import re

import msgspec
import pytest

from ledger.codec import GENESIS, SALT, encode, row_hash
from ledger.decider import Setup
from ledger.history import SETUP
from ledger.service import Referee
from ledger.service.hidden import _witnessed
from ledger.store import MAX_ID, Row
from tests import finished, pebbles
from tests.loop.table import CARDS


def test_a_page_is_told_the_hash_at_the_row_it_saw_last(referee: Referee) -> None:
    game = referee.new_game("pebbles", ["alice", "bob"])
    for words in ("take alice 2", "take bob 1"):
        referee.submit_text(game, words.split())
    rows = referee.store.rows(game)
    assert referee.witness(game, 0).at == GENESIS  # a page that saw nothing yet: before row #1
    assert referee.witness(game, 1).at == rows[0].hash  # the setup's
    last = referee.witness(game, len(rows))
    assert (last.at, last.rows, last.more) == (rows[-1].hash, [], False)
    beyond = referee.witness(game, MAX_ID)  # it saw more than the log holds
    assert (beyond.at, beyond.rows, beyond.head) == (None, [], len(rows))


def test_once_the_game_is_over_every_row_is_told_to_every_page(referee: Referee) -> None:
    """LOOP with virtual decks: a FAVOUR drawn is its owner's until the game is over (1.0), then
    anyone's, like every other hidden card: each page is sent every row's bytes."""
    game = referee.new_game("loop", ["ann", "ben", "cat"], seed=7, cards=CARDS)
    finished.play(referee, game, "loop", until_over=False, moves=12)
    running = referee.witness(game, 0, as_player="ann")
    assert any(row.payload is None for row in running.rows)  # the others' FAVOUR, the GOAL dealt
    finished.play(referee, game, "loop")
    for viewer in ("ann", None):
        over = referee.witness(game, 0, as_player=viewer)
        assert not over.more and [r.payload is None for r in over.rows] == [False] * over.head


def test_once_the_game_is_over_the_log_masks_no_card_for_anyone(referee: Referee) -> None:
    """The same for ``log``: the FAVOURs drawn are masked in the table's log while the game
    runs, and once it is over every viewer's log is the revealed one."""
    game = referee.new_game("loop", ["ann", "ben", "cat"], seed=7, cards=CARDS)
    finished.play(referee, game, "loop", until_over=False, moves=12)

    def facts(viewer: str | None = None, reveal: bool = False) -> list[object]:  # the typed facts
        return [entry.events for entry in referee.log(game, as_player=viewer, reveal=reveal)]

    assert facts() != facts(reveal=True)
    finished.play(referee, game, "loop")
    assert facts() == facts("ann") == facts(reveal=True)
    assert len(list(referee.log(game, last=MAX_ID))) == len(facts())  # -n at its most


def test_the_status_view_shows_a_player_their_own_cards_and_hides_the_others(referee: Referee) -> None:
    """LOOP 1.0: a FAVOUR drawn is its owner's; the table's status shows nobody's hand unless
    it asks to reveal, a player's shows their own."""
    game = referee.new_game("loop", ["ann", "ben", "cat"], seed=7, cards=CARDS)
    finished.play(referee, game, "loop", until_over=False, moves=12)

    def hands(**how: object) -> dict[str, object]:
        _, board, _ = referee.board(game, **how)  # the board `status` prints
        return {name: player.favours for name, player in board.view.players.items()}

    everything, table, ann = hands(reveal=True), hands(), hands(as_player="ANN")
    shown, _ = referee.show(referee.load(game))  # the service's own default: nothing revealed
    assert {name: player.favours for name, player in shown.view.players.items()} == table
    assert table != everything and ann["ann"] == everything["ann"] != table["ann"]
    assert {name: ann[name] for name in ("ben", "cat")} == {name: table[name] for name in ("ben", "cat")}


def test_a_seed_written_plainly_in_the_setup_is_told_only_once_the_game_is_over() -> None:
    """A log from before the sealed seeds holds its seed in the setup row: it tells every deck's
    order, so a page is sent that row's bytes only once the game is over."""
    setup = Setup(
        game="pebbles", rules_version="1", players=("alice", "bob"), mode="basic", options={}, seed=7
    )
    row = Row(1, SETUP, encode(setup), "table", "t", GENESIS, "h")
    assert _witnessed(pebbles, row, "alice", False) is None
    told = _witnessed(pebbles, row, "alice", True)
    assert told is not None and '"seed":7' in told
    unseeded = msgspec.structs.replace(setup, seed=None)
    assert _witnessed(pebbles, Row(1, SETUP, encode(unseeded), "table", "t", GENESIS, "h"), None, False)


@pytest.mark.parametrize("kind", ["loop", "planet-b", "pursuit"])
def test_a_row_hidden_from_a_page_hashes_its_fact_with_a_salt_of_its_own(referee: Referee, kind: str) -> None:
    """Issue 40, hole 1 (docs/auditing.md, "A hidden card is not told by its hash"): a fact
    hidden from someone is stored with a salt, 128 random bits drawn for that row, which its hash
    covers. The board's page (it sees no hand) is sent such a row as its hash alone; the fact
    itself, hashed bare (the one guess a page could make that is always right), is not that
    hash. (The whole guessing attack, through the pages: tests/serve/test_witness_guess.py.)"""
    if kind == "loop":
        game = referee.new_game("loop", ["ann", "ben", "cat"], seed=7, cards=CARDS)
    else:
        game = finished.new(referee, kind, ["ann", "ben", "cat", "dan"][: 4 if kind == "planet-b" else 3])
    finished.play(referee, game, kind, until_over=False, moves=40)
    stored = {row.seq: row for row in referee.store.rows(game)}
    hidden = [row for row in referee.witness(game, 0, limit=10_000).rows if row.payload is None]
    assert hidden
    salts = []
    for told in hidden:
        row = stored[told.seq]
        assert row_hash(told.prev, row.seq, row.type, row.body, row.actor, row.recorded_at) == told.hash
        members = msgspec.json.decode(row.body)
        salt = members.pop(SALT, None)
        assert isinstance(salt, str) and re.fullmatch("[0-9a-f]{32}", salt), (row.seq, row.type, salt)
        salts.append(salt)
        bare = encode(members)
        assert row_hash(told.prev, row.seq, row.type, bare, row.actor, row.recorded_at) != told.hash
    assert len(set(salts)) == len(salts)  # drawn afresh for each row
