"""The event log as every store keeps it: appends, atomicity, racing writers, the sealed caches.

Each test runs once per implementation of ``ledger.storage.EventStore`` (``make_store``, from
``tests/stores.py``), as ``eventsourcing`` runs one recorder suite for each backend; what only the
SQLite store does (its file, its pragmas, edits with the `sqlite3` tool) is in
``test_store_sqlite.py``."""

from __future__ import annotations

import multiprocessing
import sqlite3
from pathlib import Path

import pytest

from ledger.store import GENESIS, NewRow, StaleHead, Store, Tip

ROOT = Path(__file__).resolve().parents[2]


def _new_game(store: Store) -> int:
    """A game whose log is its setup row alone."""
    return store.create_game(
        kind="pebbles",
        rules_version="1",
        title="",
        players=["a", "b"],
        options={},
        created_at="t0",
        rows=[NewRow("setup", '{"x":1}', "table")],
    )


def test_append_and_read_back(tmp_path: Path) -> None:
    store = Store(tmp_path / "l.db")
    game = _new_game(store)
    stored = store.append(game, 1, [NewRow("move", '{"m":1}', "a"), NewRow("fact", '{"f":1}', "a")], "t1")
    assert [r.seq for r in stored] == [2, 3]
    rows = store.rows(game)
    assert [(r.seq, r.type, r.body, r.actor) for r in rows] == [
        (1, "setup", '{"x":1}', "table"),
        (2, "move", '{"m":1}', "a"),
        (3, "fact", '{"f":1}', "a"),
    ]
    assert rows[1].prev_hash == rows[0].hash and rows[2].prev_hash == rows[1].hash
    assert store.head(game) == (3, rows[2].hash)


def test_the_tip_of_an_empty_log_is_the_genesis_with_no_mark(tmp_path: Path) -> None:
    """A log with no row (no game by that id): head 0 at the genesis hash, as ``head`` says,
    and no verified mark."""
    store = Store(tmp_path / "l.db")
    game = _new_game(store)
    assert store.head(game + 1) == (0, GENESIS)
    assert store.tip(game + 1) == Tip(0, GENESIS, None, None, None, None)
    assert store.tip(game)[:2] == store.head(game) == (1, store.rows(game)[0].hash)


def test_append_on_a_stale_head_writes_nothing(tmp_path: Path) -> None:
    store = Store(tmp_path / "l.db")
    game = store.create_game(
        kind="k", rules_version="1", title="", players=["a"], options={}, created_at="t",
        rows=[NewRow("setup", "{}", "table")],
    )  # fmt: skip
    store.append(game, 1, [NewRow("move", "{}", "a")], "t")
    with pytest.raises(StaleHead):
        store.append(game, 1, [NewRow("move", '{"late":1}', "b")], "t")
    assert store.head(game)[0] == 2


def _racer(
    path: str,
    game: int,
    barrier: multiprocessing.synchronize.Barrier,
    name: str,
    results: multiprocessing.Queue,
) -> None:  # type: ignore[type-arg]
    store = Store(path)
    barrier.wait()
    try:
        store.append(game, 1, [NewRow("move", f'{{"by":"{name}"}}', name), NewRow("f", "{}", name)], "t")
        results.put((name, "won"))
    except StaleHead:
        results.put((name, "stale"))


def test_two_processes_racing_on_the_same_seq(tmp_path: Path) -> None:
    path = str(tmp_path / "l.db")
    store = Store(path)
    context = multiprocessing.get_context("spawn")
    for round_ in range(3):
        game = store.create_game(
            kind="k", rules_version="1", title="", players=["a", "b"], options={}, created_at="t",
            rows=[NewRow("setup", "{}", "table")],
        )  # fmt: skip
        barrier = context.Barrier(2)
        results = context.Queue()
        procs = [context.Process(target=_racer, args=(path, game, barrier, n, results)) for n in ("a", "b")]
        for p in procs:
            p.start()
        for p in procs:
            p.join(60)
        outcome = sorted(results.get(timeout=5)[1] for _ in procs)
        assert outcome == ["stale", "won"], round_
        seqs = [r.seq for r in store.rows(game)]
        assert seqs == [1, 2, 3]  # no gap, no duplicate
        assert len({r.actor for r in store.rows(game)[1:]}) == 1  # both rows from the winner


# --- the sealed caches of the store: batches checked, seeds kept (docs/auditing.md) -----------


def _checked_batch(path: Path) -> tuple[Store, int, list[tuple[object, ...]], str]:
    """A game of 11 rows whose rows #2 to #11 were checked and sealed as one batch ``(1, 11]``."""
    store = Store(path)
    game = _new_game(store)
    store.append(game, 1, [NewRow("move", f'{{"m":{n}}}', "a") for n in range(10)], "t1")
    read = store.rows(game)[1:]
    plain: list[tuple[object, ...]] = [(r.seq, r.type, r.body, r.actor, r.recorded_at, r.hash) for r in read]
    store.put_seals(game, store.batch_seals(game, 1, 11, read[0].prev_hash, plain))
    return store, game, plain, read[0].prev_hash


def test_a_batch_is_believed_only_as_it_was_sealed(tmp_path: Path) -> None:
    """A sealed batch spares the row-by-row check only for exactly the rows sealed, in the same
    place of the same game, after the same row: any other reading is checked again."""
    store, game, plain, prev = _checked_batch(tmp_path / "l.db")
    assert store.batch_sealed(game, 1, 11, prev, plain)
    assert Store(tmp_path / "l.db").batch_sealed(game, 1, 11, prev, plain)  # the key kept beside it
    actor_edited = [plain[0], (*plain[1][:3], "b", *plain[1][4:]), *plain[2:]]
    assert not store.batch_sealed(game, 1, 11, prev, actor_edited)
    assert not store.batch_sealed(game, 1, 11, "0" * 64, plain)  # after another row
    assert not store.batch_sealed(game, 1, 10, prev, plain[:-1])  # another batch's end
    assert not store.batch_sealed(game, 2, 11, prev, plain[1:])
    assert not store.batch_sealed(game + 1, 1, 11, prev, plain)


@pytest.mark.parametrize("lost", [True, False], ids=["a key lost, made again", "another installation's key"])
def test_no_batch_is_believed_without_the_key_that_sealed_it(tmp_path: Path, lost: bool) -> None:
    """A key lost (a new one is made) or another installation's: no cache is believed, and the
    store says the key is not the one that sealed the database."""
    _, game, plain, prev = _checked_batch(tmp_path / "l.db")
    if lost:
        (tmp_path / "l.db.key").unlink()
    else:
        (tmp_path / "l.db.key").write_bytes(b"another installation's key, 32b!")
    elsewhere = Store(tmp_path / "l.db")
    assert elsewhere.keyed and elsewhere.key_news == "changed"
    assert not elsewhere.batch_sealed(game, 1, 11, prev, plain)


@pytest.mark.parametrize("seed", [918273645, 10**27 + 7])  # 46 and 65 bytes kept: 2 and 3 blocks
def test_a_kept_seed_opens_only_for_its_commitment_with_its_key(tmp_path: Path, seed: int) -> None:
    """The seed and salt are kept encrypted with ``<db>.key``, by a keystream bound to the setup's
    commitment: the file alone does not tell them, the file and the key together do."""
    salt = "00112233445566778899aabbccddeeff"
    store = Store(tmp_path / "l.db")
    store.put_seed("c1", seed, salt)
    store.put_seed("c2", seed, salt)
    assert Store(tmp_path / "l.db").kept_seed("c1") == (seed, salt)
    assert store.kept_seed("c3") is None
    boxes = dict(sqlite3.connect(tmp_path / "l.db").execute("SELECT commitment, box FROM seeds"))
    plain = f'[{seed},"{salt}"]'.encode()
    streams = {
        c: bytes(a ^ b for a, b in zip(bytes.fromhex(box), plain, strict=True)) for c, box in boxes.items()
    }
    assert streams["c1"] != streams["c2"]  # bound to the commitment: no keystream used twice
    for stream in streams.values():
        blocks = [stream[n : n + 32] for n in range(0, len(stream), 32)]
        assert blocks[0][: len(blocks[1])] != blocks[1]  # it does not repeat
        # No 4 bytes of the plain text readable through one constant byte (an HMAC's random
        # bytes hold a run of 4 alike once in millions of such tests).
        assert all(len(set(stream[n : n + 4])) > 1 for n in range(len(stream) - 3))
    (tmp_path / "l.db.key").write_bytes(b"another installation's key: 32 b")
    assert Store(tmp_path / "l.db").kept_seed("c1") is None
