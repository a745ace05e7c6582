"""What a store keeps beside the appends of ``test_store.py``, as ``ledger.storage.EventStore``
names it: the games' rows, the log's reads, the verified marks, snapshots, settings, links, the
card library, the version, a game imported, and the database's own files.

Each test runs once per implementation (``make_store``, from ``tests/stores.py``) and uses the
Protocol's methods alone, never the database under it: issue 44's PostgreSQL store runs them as
they are. What only SQLite does is in ``test_store_sqlite.py``."""

from __future__ import annotations

import json

import msgspec
import pytest

from ledger.errors import BadInput, NotFound
from ledger.storage import EventStore
from ledger.store import CURRENT_GAME, MAX_ID, GameRow, NewRow, Store
from tests.stores import StoreMaker

SETUP = NewRow("setup", '{"x":1}', "table")


def _new_game(store: EventStore, *rows: NewRow, kind: str = "pebbles", current: bool = False) -> int:
    """A game of ``kind`` whose first rows are the setup row and ``rows``, recorded at t0."""
    return store.create_game(
        kind=kind,
        rules_version="1",
        title="a title",
        players=["a", "b"],
        options={"o": "1"},
        created_at="t0",
        rows=[SETUP, *rows],
        current=current,
    )


def _played(store: EventStore) -> int:
    """A log with every kind of row a fold meets: #1 setup, #2 move, #3 and #4 facts, #5 a revert,
    #6 move, #7 fact; each append at its own time."""
    game = _new_game(store)
    store.append(game, 1, [NewRow("move", '{"m":1}', "a"), NewRow("fact", '{"f":1}', "a")], "t1")
    store.append(game, 3, [NewRow("fact", '{"f":2}', "a")], "t2")
    store.append(game, 4, [NewRow("reverted", '{"of":2}', "b")], "t3")
    store.append(game, 5, [NewRow("move", '{"m":2}', "b"), NewRow("fact", '{"f":3}', "b")], "t4")
    return game


# --- games ---------------------------------------------------------------------------------


def test_a_games_row_is_kept_as_created_and_repaired(make_store: StoreMaker) -> None:
    store = make_store()
    game = _new_game(store)
    expected = GameRow(game, "pebbles", "1", "a title", ["a", "b"], {"o": "1"}, "t0", "active")
    assert store.game(game) == expected
    assert store.games() == [expected]
    assert store.setups() == [(game, "t0", "active", SETUP.body)]
    store.append(game, 1, [NewRow("move", "{}", "a")], "t1", status="over")
    assert store.game(game).status == "over"
    repaired = GameRow(game, "pebbles", "2", "", ["b", "a"], {}, "t9", "active")
    store.repair_game(repaired)
    assert make_store().game(game) == repaired  # opened again: it was written


@pytest.mark.parametrize("missing", [0, -1, 2, MAX_ID, MAX_ID + 1])
def test_no_such_game_is_not_found(make_store: StoreMaker, missing: int) -> None:
    store = make_store()
    _new_game(store)
    with pytest.raises(NotFound):
        store.game(missing)


def test_a_new_game_can_become_the_current_one_with_its_rows(make_store: StoreMaker) -> None:
    store = make_store()
    first = _new_game(store)
    assert store.setting(CURRENT_GAME) is None
    second = _new_game(store, current=True)
    assert store.setting(CURRENT_GAME) == str(second) != str(first)


def test_an_imported_game_keeps_its_rows_hashes_and_times(make_store: StoreMaker) -> None:
    """``import_game`` writes the rows exactly as recorded elsewhere, and marks them verified."""
    source = make_store("there.db")
    game = _played(source)
    rows = source.rows(game)
    here = make_store("here.db")
    _new_game(here)  # another game first: the imported one gets an id of its own
    imported = here.import_game(source.game(game), rows, current=True)
    assert imported != game
    assert here.rows(imported) == rows
    assert here.game(imported) == msgspec.structs.replace(source.game(game), id=imported)
    assert here.setting(CURRENT_GAME) == str(imported)
    tip = here.tip(imported)
    assert (tip.mark, tip.mark_hash, tip.setup_hash) == (7, rows[-1].hash, rows[0].hash)


# --- the log's reads -----------------------------------------------------------------------


def test_rows_read_whole_in_batches_and_as_a_fold_reads_them(make_store: StoreMaker) -> None:
    store = make_store()
    game = _played(store)
    rows = store.rows(game)
    assert [r.seq for r in rows] == [1, 2, 3, 4, 5, 6, 7]
    assert [r.recorded_at for r in rows] == ["t0", "t1", "t1", "t2", "t3", "t4", "t4"]
    assert store.rows(game, after=2, upto=4) == rows[2:4]
    assert list(store.iter_rows(game, batch=2)) == rows
    assert list(store.iter_rows(game, 2, 2, upto=5)) == rows[2:5]
    assert store.chain_links(game, 1, 3) == [(r.seq, r.prev_hash, r.hash) for r in rows[1:3]]
    assert store.fold_rows(game, 0, 2) == [
        (r.seq, r.type, r.body, r.actor, r.recorded_at, r.hash) for r in rows[:2]
    ]
    assert store.fold_facts(game, 2, 4) == [(r.seq, r.type, r.body) for r in rows[2:4]]
    assert store.rows(game + 1) == [] and list(store.iter_rows(game + 1)) == []


def test_the_setup_move_and_revert_rows_are_found_by_place(make_store: StoreMaker) -> None:
    store = make_store()
    game = _played(store)
    rows = store.rows(game)
    assert [store.meta_at(game, seq) for seq in range(1, 8)] == [
        (1, "setup"),
        (2, "move"),
        (2, "move"),
        (2, "move"),
        (5, "reverted"),
        (6, "move"),
        (6, "move"),
    ]
    assert [store.nth_meta(game, n) for n in (1, 2, 3, 4)] == [2, 5, 6, None]
    assert [store.nth_last_meta(game, n) for n in (1, 2, 3, 4, 9)] == [6, 5, 2, 1, 1]
    assert [store.next_meta(game, after) for after in (0, 2, 5, 6)] == [2, 5, 6, None]
    assert store.reverts(game) == [rows[4]] and store.reverts(game, upto=4) == []
    assert [r.seq for r in store.rows_of_meta(game)] == [2, 5, 6]
    assert list(store.seqs_of_type(game, "fact")) == [3, 4, 7]
    assert list(store.seqs_of_type(game, "fact", descending=True)) == [7, 4, 3]


def test_the_setup_span_is_what_create_game_wrote(make_store: StoreMaker) -> None:
    """For a log from before the setup recorded its extent: the setup row and the table's moves
    recorded with it, up to the first row another append wrote."""
    store = make_store()
    game = _new_game(store, NewRow("move", '{"deal":1}', "table"), NewRow("fact", "{}", "table"))
    assert store.setup_span(game) == 3  # nothing appended since: the head
    store.append(game, 3, [NewRow("move", "{}", "table")], "t1")
    assert store.setup_span(game) == 3
    alone = _new_game(store)
    store.append(alone, 1, [NewRow("move", "{}", "a")], "t0")  # at the same time, by a player
    assert store.setup_span(alone) == 1


# --- the verified marks --------------------------------------------------------------------


def test_a_mark_follows_clean_appends_and_records_damage(make_store: StoreMaker) -> None:
    store = make_store()
    game = _new_game(store)
    setup = store.rows(game)[0]
    tip = store.tip(game)
    assert (tip.head, tip.mark, tip.mark_hash, tip.mark_now, tip.setup_hash) == (
        1,
        1,
        setup.hash,
        setup.hash,
        setup.hash,
    )
    assert (tip.bad_seq, tip.bad, tip.lost) == (None, None, False)
    store.append(game, 1, [NewRow("move", "{}", "a")], "t1")
    moved = store.tip(game)
    assert moved.mark == moved.head == 2 and moved.mark_hash == moved.head_hash
    store.mark_bad(game, 2, {"message": "no", "legal": None}, since=moved)
    bad = store.tip(game)
    assert (bad.mark, bad.bad_seq) == (2, 2)
    assert json.loads(bad.bad or "") == {"message": "no", "legal": None}
    store.append(game, 2, [NewRow("move", "{}", "b")], "t2")
    assert store.tip(game).mark == 2  # a damaged game's mark stays where it was
    store.set_verified(game, 3, store.head(game)[1], setup.hash, since=store.tip(game))
    again = store.tip(game)
    assert (again.mark, again.bad_seq, again.bad) == (3, None, None)
    assert make_store().tip(game) == again  # opened again: the mark is sealed with the key


def test_a_mark_moves_only_from_the_mark_it_was_read_with(make_store: StoreMaker) -> None:
    """``since``: a writer whose reading of the mark is stale changes nothing."""
    store = make_store()
    game = _new_game(store)
    store.append(game, 1, [NewRow("move", "{}", "a"), NewRow("move", "{}", "a")], "t1")
    stale = store.tip(game)
    store.mark_bad(game, 3, {"message": "broken", "legal": None}, since=stale)
    now = store.tip(game)
    store.set_verified(game, 2, store.rows(game)[1].hash, stale.setup_hash or "", since=stale)
    assert store.tip(game) == now


def test_no_mark_is_believed_under_another_key(make_store: StoreMaker) -> None:
    store = make_store()
    game = _new_game(store)
    assert store.tip(game).mark == 1 and store.unmarked == frozenset()
    store.close()
    store.key_path.unlink()  # a key lost: a new one is made
    elsewhere = make_store()
    assert elsewhere.key_news == "changed" and elsewhere.unmarked == {game}
    tip = elsewhere.tip(game)
    assert (tip.mark, tip.lost) == (None, False)  # checked whole, and no evidence of a loss


# --- snapshots -----------------------------------------------------------------------------


def test_a_snapshot_is_believed_only_bound_to_its_row_and_sealed(make_store: StoreMaker) -> None:
    store = make_store()
    game = _played(store)
    rows = store.rows(game)
    assert not store.has_snapshots(game, 7)
    store.put_snapshot(game, "k", 2, "state at 2", rows[1].hash)
    store.put_snapshot(game, "k", 4, "state at 4", rows[1].hash)  # not the hash of row #4: not kept
    store.put_snapshot(game, "other", 6, "state at 6", rows[5].hash)
    assert store.snapshot(game, "k", 2) == ("state at 2", rows[1].hash)
    assert store.snapshot(game, "k", 4) is None and store.snapshot(game, "k", 6) is None
    assert store.snapshot_seqs(game, "k", 7) == [2] and store.snapshot_seqs(game, "k", 1) == []
    assert store.snapshot_seqs(game, "other", 7) == [6]
    assert (store.has_snapshots(game, 1), store.has_snapshots(game, 2)) == (False, True)
    kept = store.all_snapshots(game)
    assert [(s.seq, s.key, s.body, s.hash) for s in kept] == [
        (2, "k", "state at 2", rows[1].hash),
        (6, "other", "state at 6", rows[5].hash),
    ]
    assert all(store.snapshot_sealed(game, s) for s in kept)
    assert not store.snapshot_sealed(game, kept[0]._replace(body="another state"))
    assert not store.snapshot_sealed(game + 1, kept[0])
    assert store.all_snapshots(game + 1) == []
    store.drop_snapshots(game, kept[:1])
    assert store.snapshot(game, "k", 2) is None
    assert store.all_snapshots(game) == kept[1:]


def test_no_snapshot_is_believed_under_another_key(make_store: StoreMaker) -> None:
    store = make_store()
    game = _played(store)
    store.put_snapshot(game, "k", 2, "state at 2", store.rows(game)[1].hash)
    store.close()
    store.key_path.write_bytes(b"another installation's key, 32b!")
    elsewhere = make_store()
    assert elsewhere.snapshot(game, "k", 2) is None
    assert not any(elsewhere.snapshot_sealed(game, s) for s in elsewhere.all_snapshots(game))


def test_a_folded_batch_is_believed_only_as_it_was_sealed(make_store: StoreMaker) -> None:
    """The seal a fold checks (``folded_last``, ``folded_sealed``): the facts ``(seq, type,
    body)`` exactly as checked, after the same row, ending at the same hash."""
    store = make_store()
    game = _new_game(store)
    store.append(game, 1, [NewRow("move", f'{{"m":{n}}}', "a") for n in range(10)], "t1")
    read = store.rows(game)[1:]
    plain = [(r.seq, r.type, r.body, r.actor, r.recorded_at, r.hash) for r in read]
    prev = read[0].prev_hash
    assert store.folded_last(game, 1, 11) is None
    store.put_seals(game, store.batch_seals(game, 1, 11, prev, plain))
    kept = store.folded_last(game, 1, 11)
    assert kept is not None and kept[0] == read[-1].hash
    facts = [(r.seq, r.type, r.body) for r in read]
    assert store.folded_sealed(game, 1, 11, prev, facts, kept)
    assert not store.folded_sealed(game, 1, 11, prev, [*facts[:-1], (11, "move", "{}")], kept)
    assert not store.folded_sealed(game, 1, 11, "0" * 64, facts, kept)
    assert store.folded_last(game, 1, 10) is None and store.folded_last(game + 1, 1, 11) is None


# --- settings, links, the card library ------------------------------------------------------


def test_a_setting_is_kept_and_replaced(make_store: StoreMaker) -> None:
    store = make_store()
    assert store.setting("colour") is None
    store.set_setting("colour", "blue")
    store.set_setting("colour", "green")
    assert make_store().setting("colour") == "green"


def test_a_games_links_are_replaced_whole(make_store: StoreMaker) -> None:
    store = make_store()
    game, other = _new_game(store), _new_game(store)
    assert store.links(game) == {}
    store.put_links(game, {"a": "hash-a", "table": "hash-t"})
    store.put_links(other, {"b": "hash-b"})
    assert make_store().links(game) == {"hash-a": "a", "hash-t": "table"}
    store.put_links(game, {"a": "hash-a2"})  # the old links stop working
    assert store.links(game) == {"hash-a2": "a"}
    assert store.links(other) == {"hash-b": "b"}


def test_the_library_keeps_a_kinds_rows_and_finds_its_declarations(make_store: StoreMaker) -> None:
    store = make_store()
    assert store.library_rows("pebbles") == []
    game = _new_game(store)
    _new_game(store, kind="other")
    store.append(game, 1, [NewRow("move", "{}", "a"), NewRow("pebbles.declared", '{"face":1}', "a")], "t1")
    store.ensure_library()
    store.ensure_library()  # made once: a second call changes nothing
    row = ("key", "type", "body", "source", "note", "affects")
    store.add_library("pebbles", [row, ("key2", *row[1:])], "t2")
    kept = make_store().library_rows("pebbles")
    assert [r[1:] for r in kept] == [(*row, "t2"), ("key2", *row[1:], "t2")]
    assert kept[0][0] < kept[1][0]  # in the order added
    assert store.library_rows("other") == []
    assert store.declaration_rows("pebbles") == [(game, 3, 2, "pebbles.declared", '{"face":1}', "t1")]
    assert store.declaration_rows("other") == []


# --- what opening found, the version, the database's files -----------------------------------


def test_the_version_moves_with_another_connections_writes_only(make_store: StoreMaker) -> None:
    store, other = make_store(), make_store()
    before = store.version()
    store.set_setting("mine", "1")
    assert store.version() == before
    other.set_setting("theirs", "1")
    after = store.version()
    assert after != before
    assert store.version() == after  # asked again, nothing new


def test_a_new_database_is_created_once_and_removed_whole(make_store: StoreMaker) -> None:
    store = make_store("new.db")
    assert store.created and store.key_news is None and store.key_path.exists()
    game = _new_game(store)
    again = make_store("new.db")
    assert not again.created and again.game(game).kind == "pebbles"
    again.close()
    store.remove()
    assert not store.key_path.exists()  # the key this opening made goes with it
    fresh = make_store("new.db")
    assert fresh.created and fresh.games() == []


def test_a_backup_opens_as_it_was_with_its_key(make_store: StoreMaker) -> None:
    """A backup is an SQLite file and its key, whatever the database (a club's server's too: the
    file any laptop's referee opens with ``--db``)."""
    store = make_store()
    game = _played(store)
    rows = store.rows(game)
    target = make_store.place / "copy.db"
    key = store.backup(target)
    assert key is not None and key.exists()
    store.append(game, 7, [NewRow("move", "{}", "a")], "t5")  # after the backup: not in it
    copy = Store(target)
    assert copy.rows(game) == rows and copy.key_news is None
    assert copy.tip(game).mark == 7  # its marks hold: the key came with it
    with pytest.raises(BadInput):
        store.backup(target)  # a backup never overwrites a file
