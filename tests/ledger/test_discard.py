"""What a database consists of on disk, and what a refused command that made it takes away
(issue 43: the files are the store's to name; front ends ask the service to discard)."""

from __future__ import annotations

from pathlib import Path

from ledger.service import Referee
from ledger.store import Store
from tests.conftest import fixed_clock


def test_a_database_is_its_file_its_write_ahead_log_its_shared_memory_and_its_key(tmp_path: Path) -> None:
    db = tmp_path / "ledger.db"
    store = Store(db)
    assert store.files() == [db, Path(f"{db}-wal"), Path(f"{db}-shm"), Path(f"{db}.key")]
    store.close()
    assert Store(":memory:").files() == []  # nothing on disk


def test_a_new_empty_database_is_discarded_with_all_it_made(tmp_path: Path) -> None:
    db = tmp_path / "made" / "here" / "ledger.db"
    referee = Referee(Store(db))
    assert referee.created and Path(f"{db}.key").exists()
    (tmp_path / "made" / "other.txt").write_text("not the referee's")
    assert referee.discard() is True
    assert not [p for p in Store.files(referee.store) if p.exists()]
    assert not (tmp_path / "made" / "here").exists()  # the folder it made, emptied
    assert (tmp_path / "made" / "other.txt").exists()  # a folder holding something else stays
    assert Referee(Store(":memory:")).discard() is True  # nothing on disk to take


def test_an_empty_file_opened_without_create_takes_back_only_the_key_it_made(tmp_path: Path) -> None:
    db = tmp_path / "ledger.db"
    db.touch()
    referee = Referee(Store(db, create=False))
    assert referee.created and Path(f"{db}.key").exists()
    assert referee.discard() is True
    assert not db.exists() and not Path(f"{db}.key").exists()
    db.touch()
    Path(f"{db}.key").write_bytes(bytes(range(32)))  # a key found there stays
    referee = Referee(Store(db, create=False))
    assert referee.discard() is True and Path(f"{db}.key").read_bytes() == bytes(range(32))


def test_a_database_it_did_not_make_or_that_holds_a_game_is_kept(tmp_path: Path) -> None:
    db = tmp_path / "ledger.db"
    Referee(Store(db)).close()  # made, empty, by an earlier command
    found = Referee(Store(db))
    assert not found.created and found.discard() is False
    assert db.exists() and Path(f"{db}.key").exists()
    found.close()
    fresh = tmp_path / "fresh.db"
    playing = Referee(Store(fresh), clock=fixed_clock())
    playing.new_game("pebbles", ["alice", "bob"])
    assert playing.created and playing.discard() is False
    assert fresh.exists()
    playing.close()


def test_the_head_the_service_gives_is_the_games(tmp_path: Path) -> None:
    referee = Referee(Store(tmp_path / "ledger.db"), clock=fixed_clock())
    game = referee.new_game("pebbles", ["alice", "bob"])
    referee.submit_text(game, ["take", "alice", "2"])
    assert referee.head(game) == referee.store.head(game)
    assert referee.head(game)[0] == 3 and len(referee.head(game)[1]) == 64
