"""Issue 40, hole 4: a referee that stays open (`serve`, `play`) checks a row edited in place as a
fresh command does. It keeps the state it last folded while the log's head hash is unchanged;
an edit in place (a body or an actor, the hash left alone) changes no head, so before, it went
on deciding moves on the state folded before the edit while `referee status` refused the game
(exit 3). Now anything another process writes makes it check the rows again."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from ledger.errors import LogDamaged
from ledger.service import Referee
from ledger.store import Store
from tests import pebbles
from tests.conftest import fixed_clock

ROOT = Path(__file__).resolve().parents[2]


def edit(db: Path, statement: str) -> None:
    conn = sqlite3.connect(db, isolation_level=None)  # by hand, from outside the referee
    conn.execute(statement)
    conn.close()


@pytest.mark.parametrize(
    ("statement", "seq"),
    [
        ("""UPDATE events SET body = replace(body, '"n":1', '"n":3') WHERE seq = 3""", 3),
        ("UPDATE events SET actor = 'bob' WHERE seq = 2", 2),
    ],
    ids=["body", "actor"],
)
def test_a_long_lived_referee_refuses_a_row_edited_in_place(db_path: Path, statement: str, seq: int) -> None:
    referee = Referee(Store(db_path), clock=fixed_clock())
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "10"})
    referee.submit(game, pebbles.Take("alice", 1))
    assert referee.load(game).state.held == {"alice": 1, "bob": 0}  # folded, kept in memory
    head = referee.store.head(game)
    edit(db_path, statement)
    assert referee.store.head(game) == head  # the head and its hash are as they were
    with pytest.raises(LogDamaged) as refused:
        referee.submit(game, pebbles.Take("bob", 1))
    assert refused.value.seq == seq and f"row #{seq} was altered" in str(refused.value)
    with pytest.raises(LogDamaged):
        referee.load(game)
    assert referee.store.head(game) == head  # nothing appended
    referee.store.close()


def test_a_long_lived_referee_still_plays_on_what_it_wrote_and_on_other_writers_moves(db_path: Path) -> None:
    referee = Referee(Store(db_path), clock=fixed_clock())
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "10"})
    other = Referee(Store(db_path), clock=fixed_clock())
    referee.submit(game, pebbles.Take("alice", 1))
    other.submit(game, pebbles.Take("bob", 2))
    referee.submit(game, pebbles.Take("alice", 3))
    assert referee.load(game).state.held == other.load(game).state.held == {"alice": 4, "bob": 2}
    referee.store.close()
    other.store.close()


def test_play_refuses_a_row_edited_in_place_during_the_session(db_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "REFEREE_DB": str(db_path)}
    command = [sys.executable, "-m", "tests.run_cli"]
    subprocess.run(
        [*command, "new", "pebbles", "--players", "alice,bob", "--option", "pile=10"], env=env, check=True
    )
    play = subprocess.Popen(
        [*command, "play"],
        env=env,
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert play.stdin is not None and play.stdout is not None
    play.stdin.write("take alice 1\n")
    play.stdin.flush()
    assert any("recorded #2-3: take alice 1" in line for line in iter(play.stdout.readline, ""))
    edit(db_path, """UPDATE events SET body = replace(body, '"n":1', '"n":3') WHERE seq = 3""")
    out, err = play.communicate("take bob 1\nstatus\n", timeout=60)
    assert "Traceback" not in err
    assert "row #3 was altered" in err
    assert "recorded" not in out
    conn = sqlite3.connect(db_path)
    assert conn.execute("SELECT max(seq) FROM events").fetchone() == (3,)
    conn.close()


def test_a_referee_told_of_each_write_by_its_game_folds_again_only_the_game_written(db_path: Path) -> None:
    """Issue 44: a `serve` that hears every write by its game (PostgreSQL's NOTIFY) keeps the
    state of every other game as it was folded and checked; the game written, a row of it edited
    in place too, is folded and checked afresh once its news is heard."""
    referee = Referee(Store(db_path), clock=fixed_clock())
    first = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "10"})
    second = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "10"})
    referee.submit(first, pebbles.Take("alice", 1))
    referee.submit(second, pebbles.Take("alice", 2))
    referee.told(True)
    kept = referee.load(second)
    other = Referee(Store(db_path), clock=fixed_clock())  # another process
    other.submit(first, pebbles.Take("bob", 3))
    referee.heard(first)
    assert referee.load(first).state.held == {"alice": 1, "bob": 3}  # its move, read
    assert referee.load(second) is kept  # another game's write: nothing folded again
    version = referee.version_of(second)
    edit(
        db_path, """UPDATE events SET body = replace(body, '"n":2', '"n":4') WHERE game_id = 2 AND seq = 2"""
    )
    assert referee.load(second) is kept  # the state checked, not the row edited, until heard
    referee.heard(second)
    assert referee.version_of(second) != version  # (its pages look again)
    with pytest.raises(LogDamaged) as refused:
        referee.load(second)
    assert refused.value.seq == 2 and "row #2 was altered" in str(refused.value)
    referee.told(False)  # no news: any write by another process makes every game checked again
    other.submit(first, pebbles.Take("alice", 1))
    assert referee.load(first).state.held == {"alice": 2, "bob": 3}
    other.store.close()
    referee.store.close()
