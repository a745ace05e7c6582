"""Tamper evidence that each check in ``verify`` carries alone.

Each test makes an edit that only one of verify's checks can see, so that removing that
check lets the edit through: a row re-hashed on its own (only the ``prev_hash`` link shows
it), and a fact row edited under an untouched move with the whole chain rebuilt (only the
comparison of the recorded facts with what ``decide`` gives shows it).
"""

from __future__ import annotations

import pytest

from ledger.codec import GENESIS, row_hash
from ledger.errors import VerificationFailed
from ledger.service import Referee


@pytest.fixture
def played(referee: Referee) -> int:
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "30"})
    for words in ["take alice 2", "take bob 1", "give alice bob 1", "take alice 3", "take bob 2"]:
        referee.submit_text(game, words.split())
    return game  # rows: 1 setup, then moves at 2, 4, 6, 8, 10, each followed by its fact


def _sql(referee: Referee, sql: str, *params: object) -> None:
    referee.store.conn.execute(sql, params)


def _rehash(referee: Referee, game: int, seq: int) -> None:
    """Recompute one row's own hash from its (possibly edited) contents and prev_hash."""
    row = next(r for r in referee.store.rows(game) if r.seq == seq)
    digest = row_hash(row.prev_hash, row.seq, row.type, row.body, row.actor, row.recorded_at)
    _sql(referee, "UPDATE events SET hash = ? WHERE game_id = ? AND seq = ?", digest, game, seq)


def test_a_row_re_hashed_alone_breaks_the_link_to_the_next_row(referee: Referee, played: int) -> None:
    """Row 5's time is edited and its own hash recomputed: row 5 is consistent in itself, and
    the rules do not look at times, but row 6 still carries row 5's old hash."""
    _sql(
        referee,
        "UPDATE events SET recorded_at = '2030-01-01T00:00:00.000000+00:00' WHERE game_id = ? AND seq = 5",
        played,
    )
    _rehash(referee, played, 5)
    with pytest.raises(VerificationFailed, match="row #6 does not follow row #5") as caught:
        referee.verify(played)
    assert caught.value.seq == 6


def test_a_row_whose_prev_hash_is_edited_and_re_hashed(referee: Referee, played: int) -> None:
    _sql(referee, "UPDATE events SET prev_hash = ? WHERE game_id = ? AND seq = 5", "f" * 64, played)
    _rehash(referee, played, 5)
    with pytest.raises(VerificationFailed, match="row #5 does not follow row #4") as caught:
        referee.verify(played)
    assert caught.value.seq == 5


def test_a_fact_edited_under_its_move_with_the_chain_rebuilt(referee: Referee, played: int) -> None:
    """Row 3 is the fact of move #2 ``take alice 2``; it is edited to say alice took 3, and
    every hash is recomputed. The chain holds and the move is legal, but ``decide`` gives
    ``alice takes 2``, not what the log records."""
    _sql(
        referee,
        "UPDATE events SET body = replace(body, '\"n\":2', '\"n\":3') WHERE game_id = ? AND seq = 3",
        played,
    )
    prev = GENESIS
    for row in referee.store.rows(played):
        digest = row_hash(prev, row.seq, row.type, row.body, row.actor, row.recorded_at)
        _sql(
            referee,
            "UPDATE events SET prev_hash = ?, hash = ? WHERE game_id = ? AND seq = ?",
            prev,
            digest,
            played,
            row.seq,
        )
        prev = digest
    with pytest.raises(VerificationFailed, match="rewritten"):  # the mark kept since sees it
        referee.load(played)
    with pytest.raises(
        VerificationFailed, match=r"move #2 \(take alice 2\) is refused: it would now record different facts"
    ) as caught:
        referee.verify(played)
    assert caught.value.seq == 2


def _rechain(referee: Referee, game: int) -> None:
    """Recompute every row's prev_hash and hash, as someone covering an edit would."""
    prev = GENESIS
    for row in referee.store.rows(game):
        digest = row_hash(prev, row.seq, row.type, row.body, row.actor, row.recorded_at)
        _sql(
            referee,
            "UPDATE events SET prev_hash = ?, hash = ? WHERE game_id = ? AND seq = ?",
            prev,
            digest,
            game,
            row.seq,
        )
        prev = digest


def test_a_fact_right_after_the_setup_belongs_to_no_move(referee: Referee, played: int) -> None:
    """Row 2 (the move ``take alice 2``) is turned into a copy of its own fact: the chain is
    rebuilt, and row 2 is a fact that no move row came before."""
    _sql(
        referee,
        "UPDATE events SET type = (SELECT type FROM events WHERE game_id = ? AND seq = 3),"
        " body = (SELECT body FROM events WHERE game_id = ? AND seq = 3) WHERE game_id = ? AND seq = 2",
        played,
        played,
        played,
    )
    _rechain(referee, played)
    with pytest.raises(VerificationFailed, match="row #2 is a fact outside any move") as caught:
        referee.verify(played)
    assert caught.value.seq == 2


def test_a_fact_after_a_revert_row_belongs_to_no_move(referee: Referee, played: int) -> None:
    referee.undo(played, reason="a typo")  # row 12 reverts move #10
    _sql(
        referee,
        "INSERT INTO events (game_id, seq, type, body, actor, recorded_at, prev_hash, hash)"
        " SELECT game_id, 13, type, body, actor, recorded_at, '', ''"
        " FROM events WHERE game_id = ? AND seq = 11",
        played,
    )
    _rechain(referee, played)
    with pytest.raises(VerificationFailed, match="row #13 is a fact outside any move") as caught:
        referee.verify(played)
    assert caught.value.seq == 13


def test_a_revert_of_a_move_that_is_not_live(referee: Referee, played: int) -> None:
    """The undo of move #10 is edited to revert row #11, which is a fact, not a move."""
    referee.undo(played, reason="a typo")
    _sql(
        referee,
        "UPDATE events SET body = replace(body, '\"target\":10', '\"target\":11')"
        " WHERE game_id = ? AND seq = 12",
        played,
    )
    _rechain(referee, played)
    with pytest.raises(VerificationFailed, match="row #12 reverts #11, which is not a live move") as caught:
        referee.verify(played)
    assert caught.value.seq == 12


def test_an_export_with_no_row_after_its_header_is_refused(referee: Referee, played: int) -> None:
    lines, _ = referee.export(played)
    with pytest.raises(VerificationFailed, match="does not start with a setup row"):
        referee.import_lines(lines[:1])
    assert [game.id for game in referee.games()] == [played]


def test_a_revert_that_leaves_a_later_move_illegal(referee: Referee, played: int) -> None:
    """A revert row of move #2 (take alice 2) is written in directly, past the service's own
    check: without it, move #4 (take bob 1) is out of turn."""
    _sql(
        referee,
        "INSERT INTO events (game_id, seq, type, body, actor, recorded_at, prev_hash, hash)"
        " VALUES (?, 12, 'reverted', ?, 'table', '2030-01-01T00:00:00.000000+00:00', '', '')",
        played,
        '{"by":"table","how":"void","target":2,"type":"reverted"}',
    )
    _rechain(referee, played)
    with pytest.raises(
        VerificationFailed, match=r"revert #12 leaves move #4 \(take bob 1\) illegal: PEBBLES 2"
    ) as caught:
        referee.verify(played)
    assert caught.value.seq == 12


def test_an_imported_game_keeps_its_players_and_options(referee: Referee, played: int) -> None:
    lines, _ = referee.export(played)
    copy, _ = referee.import_lines(lines, copy=True)
    original, imported = referee.store.game(played), referee.store.game(copy)
    assert (imported.players, imported.options) == (["alice", "bob"], {"pile": "30"})
    assert (imported.kind, imported.title) == (original.kind, original.title)
