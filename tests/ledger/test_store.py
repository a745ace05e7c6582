"""The event log as every store keeps it: appends, atomicity, racing writers, the sealed caches.

Each test runs once per implementation of ``ledger.storage.EventStore`` (``make_store``, from
``tests/stores.py``), as ``eventsourcing`` runs one recorder suite for each backend; what only the
SQLite store does (its file, its pragmas, edits with the `sqlite3` tool) is in
``test_store_sqlite.py``."""

from __future__ import annotations

import multiprocessing

import pytest

from ledger.storage import EventStore
from ledger.store import GENESIS, NewRow, StaleHead, Tip
from tests.stores import StoreMaker


def _new_game(store: EventStore) -> int:
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


def test_append_and_read_back(make_store: StoreMaker) -> None:
    store = make_store()
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


def test_the_tip_of_an_empty_log_is_the_genesis_with_no_mark(make_store: StoreMaker) -> None:
    """A log with no row (no game by that id): head 0 at the genesis hash, as ``head`` says,
    and no verified mark."""
    store = make_store()
    game = _new_game(store)
    assert store.head(game + 1) == (0, GENESIS)
    assert store.tip(game + 1) == Tip(0, GENESIS, None, None, None, None)
    assert store.tip(game)[:2] == store.head(game) == (1, store.rows(game)[0].hash)


def test_append_on_a_stale_head_writes_nothing(make_store: StoreMaker) -> None:
    store = make_store()
    game = store.create_game(
        kind="k", rules_version="1", title="", players=["a"], options={}, created_at="t",
        rows=[NewRow("setup", "{}", "table")],
    )  # fmt: skip
    store.append(game, 1, [NewRow("move", "{}", "a")], "t")
    with pytest.raises(StaleHead):
        store.append(game, 1, [NewRow("move", '{"late":1}', "b")], "t")
    assert store.head(game)[0] == 2


def _racer(
    make_store: StoreMaker,
    game: int,
    barrier: multiprocessing.synchronize.Barrier,
    name: str,
    results: multiprocessing.Queue,
) -> None:  # type: ignore[type-arg]
    store = make_store()
    barrier.wait()
    try:
        store.append(game, 1, [NewRow("move", f'{{"by":"{name}"}}', name), NewRow("f", "{}", name)], "t")
        results.put((name, "won"))
    except StaleHead:
        results.put((name, "stale"))


def test_two_processes_racing_on_the_same_seq(make_store: StoreMaker) -> None:
    store = make_store()
    context = multiprocessing.get_context("spawn")
    for round_ in range(3):
        game = store.create_game(
            kind="k", rules_version="1", title="", players=["a", "b"], options={}, created_at="t",
            rows=[NewRow("setup", "{}", "table")],
        )  # fmt: skip
        barrier = context.Barrier(2)
        results = context.Queue()
        procs = [
            context.Process(target=_racer, args=(make_store, game, barrier, n, results)) for n in ("a", "b")
        ]
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


def _checked_batch(make_store: StoreMaker) -> tuple[EventStore, int, list[tuple[object, ...]], str]:
    """A game of 11 rows whose rows #2 to #11 were checked and sealed as one batch ``(1, 11]``."""
    store = make_store()
    game = _new_game(store)
    store.append(game, 1, [NewRow("move", f'{{"m":{n}}}', "a") for n in range(10)], "t1")
    read = store.rows(game)[1:]
    plain: list[tuple[object, ...]] = [(r.seq, r.type, r.body, r.actor, r.recorded_at, r.hash) for r in read]
    store.put_seals(game, store.batch_seals(game, 1, 11, read[0].prev_hash, plain))
    return store, game, plain, read[0].prev_hash


def test_a_batch_is_believed_only_as_it_was_sealed(make_store: StoreMaker) -> None:
    """A sealed batch spares the row-by-row check only for exactly the rows sealed, in the same
    place of the same game, after the same row: any other reading is checked again."""
    store, game, plain, prev = _checked_batch(make_store)
    assert store.batch_sealed(game, 1, 11, prev, plain)
    assert make_store().batch_sealed(game, 1, 11, prev, plain)  # opened again: the same key
    actor_edited = [plain[0], (*plain[1][:3], "b", *plain[1][4:]), *plain[2:]]
    assert not store.batch_sealed(game, 1, 11, prev, actor_edited)
    assert not store.batch_sealed(game, 1, 11, "0" * 64, plain)  # after another row
    assert not store.batch_sealed(game, 1, 10, prev, plain[:-1])  # another batch's end
    assert not store.batch_sealed(game, 2, 11, prev, plain[1:])
    assert not store.batch_sealed(game + 1, 1, 11, prev, plain)


@pytest.mark.parametrize("lost", [True, False], ids=["a key lost, made again", "another installation's key"])
def test_no_batch_is_believed_without_the_key_that_sealed_it(make_store: StoreMaker, lost: bool) -> None:
    """A key lost (a new one is made) or another installation's: no cache is believed, and the
    store says the key is not the one that sealed the database."""
    store, game, plain, prev = _checked_batch(make_store)
    store.close()
    if lost:
        store.key_path.unlink()
    else:
        store.key_path.write_bytes(b"another installation's key, 32b!")
    elsewhere = make_store()
    assert elsewhere.key_news == "changed"  # a key of its own (a store without one has no news)
    assert not elsewhere.batch_sealed(game, 1, 11, prev, plain)


@pytest.mark.parametrize("seed", [918273645, 10**27 + 7])  # 46 and 65 bytes kept: 2 and 3 blocks
def test_a_kept_seed_opens_only_for_its_commitment_with_its_key(make_store: StoreMaker, seed: int) -> None:
    """The seed and salt are kept encrypted with the installation's key, bound to the setup's
    commitment: the database alone does not tell them, the database and the key together do
    (how SQLite keeps them: ``test_store_sqlite.py``)."""
    salt = "00112233445566778899aabbccddeeff"
    store = make_store()
    store.put_seed("c1", seed, salt)
    store.put_seed("c2", seed, salt)
    assert make_store().kept_seed("c1") == (seed, salt)
    assert store.kept_seed("c3") is None
    store.key_path.write_bytes(b"another installation's key: 32 b")
    assert make_store().kept_seed("c1") is None
