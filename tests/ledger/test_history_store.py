"""Small pieces of the history and the store that the larger tests pass through without
looking: the decoders a game's log is read with, and a setting that was never set."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from ledger import history
from ledger.codec import GENESIS, encode, row_hash
from ledger.errors import AmbiguousMove, BadInput, IllegalMove, VerificationFailed
from ledger.service import Referee
from ledger.store import Row, Store
from tests import pebbles
from tests.serve.conftest import CARDS
from tests.stores import StoreMaker


def test_a_games_decoders_are_built_once_and_read_its_commands_and_events() -> None:
    saved = pebbles.__dict__.pop("_ledger_decoders", None)
    try:
        built = history.decoders(pebbles)
        command, event, events = built.command, built.event, built.events
        assert (built.command_tags, built.event_tags) == (
            frozenset({"take", "give"}),
            frozenset({"pebbles.taken", "pebbles.given"}),
        )
        assert command.decode(b'{"type":"take","player":"alice","n":2}') == pebbles.Take("alice", 2)
        assert event.decode(b'{"type":"pebbles.taken","player":"bob","n":1}') == pebbles.Taken("bob", 1)
        assert events.decode(b'[{"type":"pebbles.given","player":"a","to":"b","n":1}]') == [
            pebbles.Given("a", "b", 1)
        ]
        assert history.decoders(pebbles) is built  # cached on the module
    finally:
        if saved is not None:
            pebbles._ledger_decoders = saved  # type: ignore[attr-defined]


def test_a_setting_never_set_reads_as_none(make_store: StoreMaker) -> None:
    store = make_store()
    assert store.setting("current_game") is None
    store.set_setting("current_game", "3")
    assert store.setting("current_game") == "3"
    store.close()


def test_a_kept_head_hash_is_read_like_git_reads_a_short_one() -> None:
    """docs/auditing.md: `verify --head` takes the 64 hex digits `export` printed, or 8 or more
    of the first, in either case, with the ``...`` it is printed with; nothing else."""
    digits = "0123456789abcdef" * 4
    assert history.head_prefix(f"  {digits.upper()}\n") == digits
    assert history.head_prefix("ABCDEF12...") == "abcdef12"
    for bad in ("abcdef1", digits + "0", "abcdef12X", "abcdef12x", "abcdefg12"):
        with pytest.raises(BadInput, match="is not a head hash"):
            history.head_prefix(bad)


def test_a_head_hash_prefix_two_rows_share_is_ambiguous() -> None:
    """docs/auditing.md: `verify --head` takes the first 8 or more hex digits like git: a prefix
    two rows of the log share names neither. With 8 digits (32 bits) two rows share one after
    some 80,000 rows (the birthday bound): a chain is made until they do."""
    rows: list[Row] = []
    seen: dict[str, int] = {}
    prev = GENESIS
    while True:
        seq = len(rows) + 1
        digest = row_hash(prev, seq, "move", "{}", "alice", "t")
        rows.append(Row(seq, "move", "{}", "alice", "t", prev, digest))
        prev = digest
        if digest[:8] in seen:
            break
        seen[digest[:8]] = seq
    with pytest.raises(AmbiguousMove, match=f"head hash {digest[:8]} matches 2 rows"):
        history.find_head(rows, digest[:8])
    assert history.find_head(rows, digest) == rows[-1]  # the whole hash: the last row alone


def test_a_move_whose_command_is_no_json_object_does_not_decode() -> None:
    """A hand-made move row holding a JSON list, not an object: damage named at its row, not a
    crash while looking for the type a newer referee would have written."""
    body = msgspec.json.encode({"command": [1, 2], "redo_of": None}).decode()
    rows = [Row(2, "move", body, "alice", "t", "p", "h")]
    with pytest.raises(VerificationFailed, match="row #2 does not decode") as failed:
        history.group_entries(pebbles, rows)
    assert failed.value.seq == 2


def test_a_setups_extent_read_from_a_log_that_does_not_say_it(referee: Referee) -> None:
    """A log from before the setup row recorded how many moves ``new`` decided with it: the
    setup is the rows ``create_game`` wrote (here the setup row alone), however many follow."""
    game = referee.new_game("pebbles", ["alice", "bob"])
    assert referee.store.setup_span(game) == 1  # nothing after it yet
    referee.submit_text(game, ["take", "alice", "1"])
    referee.submit_text(game, ["take", "bob", "2"])
    assert referee.store.setup_span(game) == 1
    loop = referee.new_game("loop", ["ann", "ben", "cat"], seed=7, cards=CARDS)
    setup = referee.load(loop).head  # the setup row and the table's moves decided with it
    assert setup > 1 and referee.store.setup_span(loop) == setup
    with pytest.raises(IllegalMove, match="nothing to undo: no move has been made since `new`"):
        referee.undo(loop)  # the setup's own record says how many moves it holds: all of them
    assert referee.load(loop).head == setup
    referee.submit_text(loop, ["work", "ann"])
    assert referee.store.setup_span(loop) == setup


def test_a_log_that_does_not_say_its_setups_extent_keeps_its_setup_moves(
    referee: Referee, tmp_path: Path
) -> None:
    """The same log as a referee from before ``setup_moves`` wrote it, imported elsewhere: the
    table's moves that share the setup row's time are still the setup, which no undo takes out."""
    game = referee.new_game("loop", ["ann", "ben", "cat"], seed=7, cards=CARDS)
    lines, _ = referee.export(game, with_seed=True)
    header, rows = msgspec.json.decode(lines[0]), [msgspec.json.decode(line) for line in lines[1:]]
    del rows[0]["body"]["setup_moves"]
    prev = GENESIS
    for row in rows:
        body = encode(row["body"])  # the canonical text, as the referee writes a body
        row["prev_hash"] = prev
        row["hash"] = prev = row_hash(prev, row["seq"], row["type"], body, row["actor"], row["recorded_at"])
    there = Referee(Store(tmp_path / "old.db"))
    old, new = there.import_lines([encode(x) for x in [header, *rows]])
    assert new and there.load(old).setup.setup_moves is msgspec.UNSET
    with pytest.raises(IllegalMove, match="nothing to undo: no move has been made since `new`"):
        there.undo(old)
    assert there.load(old).head == len(rows)
