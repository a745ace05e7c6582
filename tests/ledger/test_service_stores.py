"""The service on every store implementation (``tests/stores.py``): a whole game of PEBBLES played,
taken back, voided, audited, linked, exported and imported through ``Referee``, each step checked
against the rules in ``tests/pebbles.py``. The store's own suite (``test_store.py``) checks the
Protocol method by method; this checks that the referee needs nothing of a store beyond it (issue
44's PostgreSQL store joins ``IMPLEMENTATIONS`` and runs this unchanged)."""

from __future__ import annotations

import pytest

from ledger.errors import IllegalMove
from ledger.service import Referee
from tests import pebbles
from tests.conftest import fixed_clock
from tests.stores import StoreMaker


def held(referee: Referee, game: int) -> dict[str, int]:
    state = referee.load(game).state
    assert isinstance(state, pebbles.State)
    return {**state.held, "pile": state.pile}


def test_a_game_played_reverted_audited_and_moved_on_each_store(make_store: StoreMaker) -> None:
    referee = Referee(make_store(), clock=fixed_clock())
    assert referee.notices() == []  # a new database: nothing to tell
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "5"})
    referee.submit_text(game, ["take", "alice", "2"])  # 2. a turn takes 1 to 3
    referee.submit_text(game, ["take", "bob", "1"])
    assert held(referee, game) == {"alice": 2, "bob": 1, "pile": 2}
    referee.undo(game)  # bob's take, reverted by a row of its own
    assert held(referee, game) == {"alice": 2, "bob": 0, "pile": 3}
    referee.redo(game)
    gift = referee.submit_text(game, ["give", "alice", "bob", "1"])  # 3. a gift at any time
    assert held(referee, game) == {"alice": 1, "bob": 2, "pile": 2}
    with pytest.raises(IllegalMove):  # the gift came after: voiding alice's take breaks it
        referee.void(game, 2, reason="miscounted")
    referee.void(game, gift.seq, reason="a gift by mistake")
    assert held(referee, game) == {"alice": 2, "bob": 1, "pile": 2}
    referee.submit_text(game, ["take", "alice", "2"])  # the pile is empty: 4. the game ends
    result = referee.result(game)
    assert (result.over, result.winners, result.scores) == (True, ["alice"], {"alice": 4, "bob": 1})

    head, head_hash = referee.head(game)
    report = referee.verify(game, head_hash)
    assert (report.rows, report.head_hash) == (head, head_hash)
    assert [row.seq for row in referee.witness(game, 0).rows] == list(range(1, head + 1))
    assert [entry.seq for entry in referee.log(game)][:2] == [1, 2]

    tokens = referee.new_links(game)
    assert referee.link_role(game, tokens["bob"]) == "bob"
    referee.revoke_link(game, "bob")
    assert referee.link_role(game, tokens["bob"]) is None
    assert referee.link_role(game, tokens["alice"]) == "alice"

    lines, exported_head = referee.export(game)
    assert exported_head == head_hash
    assert referee.import_lines(lines) == (game, False)  # the same log is not loaded twice
    other = Referee(make_store("other.db"), clock=fixed_clock())
    copied, new = other.import_lines(lines)
    assert new and other.head(copied) == (head, head_hash)
    assert other.export(copied) == (lines, head_hash)  # byte for byte, both ways
    assert other.verify(copied).head_hash == head_hash
    assert other.result(copied).scores == result.scores
    other.close()
    referee.close()
