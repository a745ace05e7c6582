"""A club's server for the tests of ``referee serve`` as several processes (issue 44): a LOOP
game on PostgreSQL (a schema of its own in the test process's throwaway cluster,
``tests/pgcluster.py``; its key the file ``REFEREE_KEY_FILE`` names), and a row edited by hand
there, as ``psql`` would."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from ledger.service import Referee
from ledger.store.postgres import KEY_FILE, PostgresStore, connect
from tests.conftest import fixed_clock
from tests.loop.table import CARDS
from tests.pgcluster import in_schema
from tests.serve.conftest import PLAYERS
from tests.serve.test_stopped import EDITS

# ``referee serve`` in a child process that looks at the log only once a minute by itself: a
# move from elsewhere that its pages show at once came by the database's news, not by polling.
DEAF = ("-m", "tests.serve.deaf_cli")


def club_game(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[str, Referee, int, dict[str, str]]:
    """The club's database (its address), a referee on it, a seeded LOOP game and its links; the
    key's file named in the environment, which the ``serve`` processes started here inherit."""
    monkeypatch.setenv(KEY_FILE, str(tmp_path / "club.key"))
    url = in_schema(postgres_url, "t_" + hashlib.sha1(str(tmp_path).encode()).hexdigest()[:24])
    referee = Referee(PostgresStore(url), clock=fixed_clock())
    game = referee.new_game("loop", PLAYERS, seed=7, cards=CARDS)
    return url, referee, game, referee.new_links(game)


def edit_by_hand(url: str, game: int, seq: int) -> None:
    """Row ``seq``'s body altered in place (its hash left alone): a damaged log."""
    was, now = EDITS["body"]
    conn = connect(url)
    try:
        (body,) = conn.execute(
            "SELECT body FROM events WHERE game_id = ? AND seq = ?", (game, seq)
        ).fetchone()
        assert was in body, body
        conn.execute(
            "UPDATE events SET body = ? WHERE game_id = ? AND seq = ?", (body.replace(was, now), game, seq)
        )
    finally:
        conn.close()
