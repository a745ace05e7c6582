"""What `verify` covers beyond the hash chain, and what every command checks before it shows
or appends anything: snapshots, the ``games`` table, a move's actor, a log edited in place,
rewritten, cut, or appended to by hand."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest

from ledger.codec import GENESIS, encode, row_hash
from ledger.errors import LogDamaged, VerificationFailed
from ledger.history import replay_checked
from ledger.service import Referee, repository, snapshot_key
from ledger.store import Store
from tests import pebbles
from tests.conftest import Result, fixed_clock

Cli = Callable[..., Result]


def sql(referee: Referee, statement: str, *params: object) -> None:
    referee.store.conn.execute(statement, params)


def rechain(referee: Referee, game: int) -> None:
    """What a careful forger does after an edit: recompute every hash, so the chain holds."""
    prev = GENESIS
    for row in referee.store.rows(game):
        digest = row_hash(prev, row.seq, row.type, row.body, row.actor, row.recorded_at)
        sql(
            referee,
            "UPDATE events SET prev_hash = ?, hash = ? WHERE game_id = ? AND seq = ?",
            prev,
            digest,
            game,
            row.seq,
        )
        prev = digest


def fresh(referee: Referee) -> Referee:
    """Another process's view of the same database: nothing remembered in memory."""
    return Referee(Store(referee.store.path), clock=fixed_clock())


def play(referee: Referee, game: int, *moves: str) -> None:
    for words in moves:
        referee.submit_text(game, words.split())


# --- snapshots ---------------------------------------------------------------------------


@pytest.fixture
def snapshotted(referee: Referee, monkeypatch: pytest.MonkeyPatch) -> int:
    """A game with a snapshot at #5 (after two moves: alice took 2, bob took 1)."""
    monkeypatch.setattr(repository, "SNAPSHOT_EVERY", 4)
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "20"})
    play(referee, game, "take alice 2", "take bob 1", "take alice 1")
    assert referee.store.snapshot_seqs(game, snapshot_key(pebbles), 99) == [5]  # type: ignore[arg-type]
    return game


def forge_snapshot(referee: Referee, game: int, *, digest: bool, key: bool = False) -> None:
    """Give bob 9 pebbles and the turn in the snapshot at #5; with ``digest``, as a careful
    forger would, make its checksum match the new body too (a plain sha256, which anyone can
    compute); with ``key``, seal it as only someone holding this installation's key can."""
    conn = referee.store.conn
    (body,) = conn.execute("SELECT body FROM snapshots WHERE game_id = ? AND seq = 5", (game,)).fetchone()
    state = msgspec.json.decode(body, type=pebbles.State)
    forged = encode(msgspec.structs.replace(state, held={"alice": 2, "bob": 9}, turn=1))
    sql(referee, "UPDATE snapshots SET body = ? WHERE game_id = ? AND seq = 5", forged, game)
    if digest:
        checksum = hashlib.sha256(forged.encode()).hexdigest()
        if key:
            bound = referee.store.rows(game, 4, 5)[0].hash
            checksum = referee.store.seal("snapshot", game, 5, snapshot_key(pebbles), bound, forged)  # type: ignore[arg-type]
        sql(referee, "UPDATE snapshots SET digest = ? WHERE game_id = ? AND seq = 5", checksum, game)


def test_a_snapshot_edited_in_place_is_not_used(referee: Referee, snapshotted: int) -> None:
    forge_snapshot(referee, snapshotted, digest=False)
    state = fresh(referee).load(snapshotted).state
    assert (state.held, state.turn) == ({"alice": 3, "bob": 1}, 1)  # the log's truth: 2+1 and 1


def test_a_snapshot_from_before_bound_snapshots_is_not_used(referee: Referee, snapshotted: int) -> None:
    """A snapshot row that does not record the row hash at its seq is never trusted."""
    key = snapshot_key(pebbles)  # type: ignore[arg-type]
    forged = encode(pebbles.State(("alice", "bob"), 0, {"alice": 50, "bob": 0}))
    sql(
        referee,
        "INSERT INTO snapshots (game_id, seq, key, body) VALUES (?, 7, ?, ?)",
        snapshotted,
        key,
        forged,
    )
    state = fresh(referee).load(snapshotted).state
    assert (state.pile, state.held) == (16, {"alice": 3, "bob": 1})


def test_a_snapshot_forged_with_its_digest_recomputed_is_never_believed(
    cli: Cli, referee: Referee, snapshotted: int
) -> None:
    """Issue 19, hole 1: a digest anyone can recompute binds nothing; the seal (an HMAC with the
    installation's key, kept outside the database) does."""
    forge_snapshot(referee, snapshotted, digest=True)
    shown = json.loads(cli("status", "--json").out)["view"]
    assert shown["held"] == {"alice": 3, "bob": 1}  # the log's truth, not the forged 9
    refused = cli("pebbles", "take", "alice", "1")  # bob's turn in truth: the forged turn is not used
    assert refused.code == 1 and "it is bob's turn" in refused.err
    assert referee.store.head(snapshotted)[0] == 7
    failed = cli("verify")
    assert failed.code == 1 and "the snapshot at #5 does not match the fold" in failed.err
    assert "dropped" in failed.err
    assert cli("verify").code == 0  # the log itself is fine


def test_a_snapshot_forged_with_the_key_is_named_by_verify_not_the_honest_move_made_on_it(
    referee: Referee, snapshotted: int
) -> None:
    """Whoever holds the key can seal a forged cache; `verify` still replays the log and blames
    the snapshot, not the move decided on it."""
    forge_snapshot(referee, snapshotted, digest=True, key=True)
    other = fresh(referee)
    assert other.load(snapshotted).state.held["bob"] == 9  # believed: it carries a good seal
    other.submit_text(snapshotted, ["take", "alice", "1"])  # alice's turn on the forged state
    with pytest.raises(VerificationFailed) as caught:
        fresh(referee).verify(snapshotted)
    message = str(caught.value)
    assert message.startswith("the snapshot at #5 does not match the fold of the log there")
    assert "move #8 (take alice 1) is refused: PEBBLES 2: it is bob's turn" in message
    assert caught.value.seq == 8  # the first bad row of the log: the table can void it
    assert "referee void 8" in message
    assert 5 not in [s.seq for s in referee.store.all_snapshots(snapshotted)]  # "dropped", as it says


def seal_snapshot(referee: Referee, game: int, seq: int, state: pebbles.State) -> None:
    """Put a snapshot at ``seq`` holding ``state``, sealed as only the key's holder can."""
    referee.store.conn.execute("DELETE FROM snapshots WHERE game_id = ?", (game,))
    bound = referee.store.rows(game, seq - 1, seq)[0].hash
    referee.store.put_snapshot(game, snapshot_key(pebbles), seq, encode(state), bound)  # type: ignore[arg-type]


def test_a_snapshot_the_logs_facts_cannot_apply_to_is_damage_not_a_crash(
    cli: Cli, referee: Referee, snapshotted: int
) -> None:
    """Facts the rules gave that do not apply to the state a snapshot holds (one sealed with the
    key, forged without alice, who takes at #7): the fold names it, in one line, as a state
    that cannot be rebuilt from the log, and the game is marked."""
    seal_snapshot(referee, snapshotted, 5, pebbles.State(("alice", "bob"), 17, {"bob": 1}))
    refused_everywhere(cli, "the state cannot be rebuilt from the log (KeyError: 'alice')")


def test_a_snapshot_between_a_move_and_its_fact_is_never_folded_from(
    cli: Cli, referee: Referee, snapshotted: int
) -> None:
    """A snapshot (sealed with the key) bound to a move's own row, #6, not to the last row of
    the move: a fold from it would read the move's fact, #7, as no move's. It is named so."""
    seal_snapshot(referee, snapshotted, 6, pebbles.State(("alice", "bob"), 17, {"alice": 2, "bob": 1}, 0))
    refused_everywhere(cli, "row #7 is a fact outside any move", seq=7)


def test_a_long_running_referee_forgets_a_forged_snapshot_once_verify_has_named_it(
    referee: Referee, snapshotted: int
) -> None:
    """A referee that stays up (``play``, ``serve``) keeps the last state it folded; a check
    that finds the snapshot it was folded from forged leaves it folding from the log again."""
    forge_snapshot(referee, snapshotted, digest=True, key=True)
    served = fresh(referee)
    assert served.load(snapshotted).state.held["bob"] == 9  # believed, and kept in memory
    with pytest.raises(VerificationFailed, match="the snapshot at #5 does not match the fold"):
        served.verify(snapshotted)
    state = served.load(snapshotted).state
    assert (state.held, state.turn) == ({"alice": 3, "bob": 1}, 1)  # the log's truth: 2+1 and 1


def test_a_snapshot_from_before_bound_snapshots_is_dropped_by_verify_without_a_word(
    referee: Referee, snapshotted: int
) -> None:
    """A snapshot that records no row hash (made before snapshots were bound) is never used; a
    check drops it and says nothing of it."""
    sql(referee, "UPDATE snapshots SET hash = NULL WHERE game_id = ? AND seq = 5", snapshotted)
    assert [s.hash for s in referee.store.all_snapshots(snapshotted)] == [None]
    fresh(referee).verify(snapshotted)
    assert referee.store.all_snapshots(snapshotted) == []


def test_a_stale_snapshot_is_named_by_verify(referee: Referee, snapshotted: int) -> None:
    """A snapshot bound to a hash the row no longer has (a log rewritten under it)."""
    sql(referee, "UPDATE snapshots SET hash = ? WHERE game_id = ? AND seq = 5", "0" * 64, snapshotted)
    with pytest.raises(
        VerificationFailed, match="the snapshot at #5 is bound to a row that is not in the log"
    ):
        fresh(referee).verify(snapshotted)
    fresh(referee).verify(snapshotted)


# --- the games table is a cache of the setup row --------------------------------------


def test_the_setup_row_not_the_games_table_says_who_plays(cli: Cli, referee: Referee) -> None:
    cli("new", "pebbles", "--players", "alice,bob", "--title", "friday", "--option", "pile=9")
    sql(
        referee,
        "UPDATE games SET players = ?, title = 'forged', options = ?, rules_version = '7', status = 'over'",
        json.dumps(["mallory", "bob"]),
        json.dumps({"pile": "99"}),
    )
    shown = json.loads(cli("status", "--json").out)["game"]
    assert shown == {
        "id": 1,
        "kind": "pebbles",
        "title": "friday",
        "players": ["alice", "bob"],
        "status": "active",
    }
    listed = json.loads(cli("games", "--json").out)["games"][0]
    assert (listed["players"], listed["title"], listed["options"]) == (
        ["alice", "bob"],
        "friday",
        {"pile": "9"},
    )
    failed = cli("verify")
    assert failed.code == 1
    line = failed.err.strip()
    for column in (
        "rules_version ('7', not '1')",
        "title ('forged', not 'friday')",
        "players",
        "options",
        "status",
    ):
        assert column in line, column
    assert "(a cache: rewritten from the setup row)" in line
    assert cli("verify").code == 0  # rewritten: the cache agrees again
    assert referee.store.game(1).players == ["alice", "bob"]


@pytest.mark.parametrize(("players", "options"), [("{not json", "{not json"), ("7", "[1, 2]")])
def test_a_games_row_whose_lists_do_not_read_is_read_as_empty_and_rewritten_by_verify(
    cli: Cli, referee: Referee, players: str, options: str
) -> None:
    """The players and options of the games table are JSON a hand can garble (not JSON, or JSON
    of another shape): read as empty, they stop no command (`log` sizes its columns by the
    players), and verify names each as read, then rewrites them from the setup row."""
    cli("new", "pebbles", "--players", "alice,bob", "--option", "pile=9")
    assert cli("pebbles", "take", "alice", "1").code == 0
    sql(referee, "UPDATE games SET players = ?, options = ?", players, options)
    log = cli("log")
    assert log.code == 0 and "take alice 1" in log.out, log
    failed = cli("verify")
    assert failed.code == 1
    assert (
        "the games table differs from the log in players ([], not ['alice', 'bob']),"
        " options ({}, not {'pile': '9'}) (a cache: rewritten from the setup row)" in failed.err
    ), failed.err
    assert cli("verify").code == 0
    assert referee.store.game(1).players == ["alice", "bob"]


def test_verify_names_each_column_of_the_games_table_that_differs_from_the_log(
    cli: Cli, referee: Referee
) -> None:
    cli("new", "pebbles", "--players", "alice,bob", "--title", "friday", "--option", "pile=9")
    sql(referee, "UPDATE games SET title = 'forged', rules_version = '7'")
    failed = cli("verify")
    assert failed.code == 1
    assert failed.err.strip() == (
        "referee: the games table differs from the log in rules_version ('7', not '1'), title"
        " ('forged', not 'friday') (a cache: rewritten from the setup row) (the log itself checks out)"
    )


# --- a move's actor follows from its command ----------------------------------------------


def test_verify_checks_the_actor_of_every_move(referee: Referee) -> None:
    game = referee.new_game("pebbles", ["alice", "bob"])
    play(referee, game, "take alice 2", "take bob 1")
    # Row #2 is alice's move, #3 its fact: say bob made it, and recompute every hash.
    sql(referee, "UPDATE events SET actor = 'bob' WHERE game_id = ? AND seq IN (2, 3)", game)
    rechain(referee, game)
    with pytest.raises(
        VerificationFailed, match="its row names 'bob', but 'alice' makes this move"
    ) as caught:
        fresh(referee).verify(game)
    assert caught.value.seq == 2


def test_verify_checks_that_a_fact_names_its_moves_actor(referee: Referee) -> None:
    game = referee.new_game("pebbles", ["alice", "bob"])
    play(referee, game, "take alice 2")
    sql(referee, "UPDATE events SET actor = 'bob' WHERE game_id = ? AND seq = 3", game)
    rechain(referee, game)
    with pytest.raises(VerificationFailed, match="row #3 names 'bob', not 'alice' who made move #2"):
        fresh(referee).verify(game)


# --- a log that does not check out is not shown, nor appended to -------------------------


@pytest.fixture
def played(referee: Referee) -> int:
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "30"})
    play(referee, game, "take alice 2", "take bob 1", "give alice bob 1")
    return game  # rows: 1 setup, then moves at 2, 4, 6 with their facts; head #7


def refused_everywhere(cli: Cli, message: str, seq: int | None = None) -> None:
    """Every command but verify and export refuses, with one line naming what is wrong (and,
    with --json, the first bad row: ``seq``), the first time and every time after."""
    for args in (["status"], ["score"], ["moves"], ["log"], ["pebbles", "take", "alice", "1"], ["undo"]):
        result = cli(*args)
        assert (result.code, result.out) == (3, ""), args
        line = result.err.strip()
        assert "\n" not in line and message in line, (args, line)
        assert line.endswith("`referee verify` keeps working)"), line
    if seq is not None:
        error = json.loads(cli("status", "--json").out)
        assert (error["seq"], error["message"].count(message)) == (seq, 1), error


def test_a_body_edited_in_place_is_neither_shown_nor_appended_to(
    cli: Cli, referee: Referee, played: int
) -> None:
    sql(
        referee,
        "UPDATE events SET body = replace(body, '\"n\":1', '\"n\":3') WHERE game_id = ? AND seq = 5",
        played,
    )
    refused_everywhere(cli, "the log does not check out: row #5 was altered", seq=5)
    with pytest.raises(LogDamaged, match="row #5 was altered"):  # marked: not even its verbs (help)
        referee.verbs(played)
    assert "void" not in cli("status").err  # a row altered is not a move to void
    assert referee.store.head(played)[0] == 7
    assert cli("verify").code == 1


def test_a_rewritten_log_with_its_hashes_recomputed_is_refused(
    cli: Cli, referee: Referee, played: int
) -> None:
    sql(referee, "UPDATE events SET recorded_at = 'then' WHERE game_id = ? AND seq = 4", played)
    rechain(referee, played)  # every row checks out on its own: only the mark remembers
    refused_everywhere(cli, "row #7 is not the one checked before: the log up to it was rewritten")
    failed = cli("verify")
    assert failed.code == 1 and "it was rewritten and its hashes recomputed" in failed.err
    with pytest.raises(VerificationFailed) as caught:
        fresh(referee).verify(played)
    assert caught.value.seq == 7  # the mark's row: what was checked before ends there


def test_a_setup_row_rewritten_with_its_hash_is_refused(cli: Cli, referee: Referee, played: int) -> None:
    sql(
        referee,
        "UPDATE events SET body = replace(body, 'alice', 'mallory') WHERE game_id = ? AND seq = 1",
        played,
    )
    first = referee.store.rows(played, 0, 1)[0]
    digest = row_hash(GENESIS, 1, first.type, first.body, first.actor, first.recorded_at)
    sql(referee, "UPDATE events SET hash = ? WHERE game_id = ? AND seq = 1", digest, played)
    with pytest.raises(LogDamaged) as rewritten:  # even the verbs, read off the setup row alone
        referee.verbs(played)
    assert rewritten.value.message == (
        "the log does not check out: row #1 (the setup) is not the one checked before: it was rewritten"
    )
    refused_everywhere(cli, "row #1 (the setup) is not the one checked before", seq=1)


def test_a_setup_rewritten_to_a_newer_rules_version_is_damage_not_a_newer_referee(
    referee: Referee, played: int
) -> None:
    """A setup row rewritten (its hash recomputed) to name rules this referee does not know
    would read as a log from a newer referee: the row checked before says it was rewritten,
    before its rules are asked for (another process's load, with no state kept in memory)."""
    sql(
        referee,
        'UPDATE events SET body = replace(body, \'"rules_version":"1"\', \'"rules_version":"99"\')'
        " WHERE game_id = ? AND seq = 1",
        played,
    )
    first = referee.store.rows(played, 0, 1)[0]
    assert '"rules_version":"99"' in first.body
    digest = row_hash(GENESIS, 1, first.type, first.body, first.actor, first.recorded_at)
    sql(referee, "UPDATE events SET hash = ? WHERE game_id = ? AND seq = 1", digest, played)
    with pytest.raises(LogDamaged) as rewritten:
        fresh(referee).load(played)
    assert "row #1 (the setup) is not the one checked before: it was rewritten" in rewritten.value.message


def test_a_setup_row_chained_to_anything_but_the_start_is_refused(referee: Referee, played: int) -> None:
    """Row #1 follows the genesis hash and nothing else: its prev_hash column edited, its own
    hash left to match its contents, is altered all the same."""
    sql(referee, "UPDATE events SET prev_hash = ? WHERE game_id = ? AND seq = 1", "f" * 64, played)
    with pytest.raises(LogDamaged) as altered:
        fresh(referee).load(played)
    assert "row #1 (the setup) was altered: it does not match its hash" in altered.value.message


@pytest.mark.parametrize(
    "edit",
    ["DELETE FROM events WHERE game_id = ?", "UPDATE events SET type = 'move' WHERE game_id = ? AND seq = 1"],
    ids=["every row removed", "the setup row's type rewritten"],
)
def test_a_log_that_does_not_start_with_its_setup_row_is_refused(
    cli: Cli, referee: Referee, played: int, edit: str
) -> None:
    """No row, or a first row that is not a setup: the game cannot be opened, and every
    command says so in one line (no crash on a log with no row at all)."""
    sql(referee, edit, played)
    refused_everywhere(cli, "the log does not check out: the log does not start with a setup row", seq=1)


def test_a_cut_tail_is_refused(cli: Cli, referee: Referee, played: int) -> None:
    sql(referee, "DELETE FROM events WHERE game_id = ? AND seq >= 6", played)
    refused_everywhere(cli, "the log ends at #5, but rows up to #7 were recorded: rows were removed", seq=6)


def append_by_hand(referee: Referee, game: int, words: str) -> None:
    """Rows added with a valid chain by something that is not this referee (an older version,
    or a forger): the verified mark stays where it was."""
    from ledger.history import Move

    command = pebbles.parse(None, words.split())  # type: ignore[arg-type]
    move = encode(Move(command=msgspec.Raw(encode(command).encode())))
    event = encode(pebbles.Taken(command.player, command.n))
    head, prev = referee.store.head(game)
    for seq, type_, body in ((head + 1, "move", move), (head + 2, "pebbles.taken", event)):
        digest = row_hash(prev, seq, type_, body, command.player, "t")
        sql(
            referee,
            "INSERT INTO events (game_id, seq, type, body, actor, recorded_at, prev_hash, hash)"
            " VALUES (?, ?, ?, ?, ?, 't', ?, ?)",
            game,
            seq,
            type_,
            body,
            command.player,
            prev,
            digest,
        )
        prev = digest


def test_rows_appended_since_the_last_check_are_checked_through_the_rules(
    cli: Cli, referee: Referee, played: int
) -> None:
    append_by_hand(referee, played, "take bob 9")  # it is alice's turn, and 9 is more than 3
    refused_everywhere(cli, "move #8 (take bob 9) is refused: PEBBLES 2")
    assert referee.store.head(played)[0] == 9


def test_legal_rows_appended_since_the_last_check_are_accepted(
    cli: Cli, referee: Referee, played: int
) -> None:
    append_by_hand(referee, played, "take alice 3")
    assert cli("pebbles", "take", "bob", "1").code == 0
    assert referee.store.tip(played).mark == 11  # checked, and the mark moved on with the append
    assert cli("verify").code == 0


def test_a_game_from_before_the_marks_is_checked_whole_once(cli: Cli, referee: Referee, played: int) -> None:
    # As an older referee left the database: no mark, and no record of the key that seals it.
    sql(referee, "DELETE FROM verified WHERE game_id = ?", played)
    sql(referee, "DELETE FROM settings WHERE key = 'sealed_by'")
    assert cli("status").code == 0
    assert referee.store.tip(played).mark == 7
    sql(referee, "DELETE FROM verified WHERE game_id = ?", played)
    sql(referee, "DELETE FROM settings WHERE key = 'sealed_by'")
    sql(referee, "UPDATE events SET actor = 'bob' WHERE game_id = ? AND seq IN (2, 3)", played)
    rechain(referee, played)
    assert "games with no verified mark (1) are checked whole, once" in cli("games").err  # told once
    # Marked with no rows checked (no mark to keep): the refusal said again still names row #2.
    refused_everywhere(
        cli, "move #2 (take alice 2) is refused: its row names 'bob', but 'alice' makes", seq=2
    )


def test_a_new_database_starts_with_every_game_marked(tmp_path: Path) -> None:
    referee = Referee(Store(tmp_path / "l.db"), clock=fixed_clock())
    game = referee.new_game("pebbles", ["alice", "bob"])
    assert referee.store.tip(game).mark == 1
    play(referee, game, "take alice 1")
    assert referee.store.tip(game).mark == 3


# --- verify keeps what is true (mutation run of ledger/service.py, issue 21) ---------------


def test_verify_keeps_a_true_snapshot_even_at_the_head(
    referee: Referee, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Snapshots are a cache that agrees with the fold: verify passes them and drops none, the
    one bound to the last row of the log included."""
    monkeypatch.setattr(repository, "SNAPSHOT_EVERY", 4)
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "20"})
    play(referee, game, "take alice 2", "take bob 1", "take alice 1", "take bob 1")
    key = snapshot_key(pebbles)  # type: ignore[arg-type]
    assert referee.store.snapshot_seqs(game, key, 99) == [9, 5]  # #9 is the head
    assert fresh(referee).verify(game).head_seq == 9
    assert referee.store.snapshot_seqs(game, key, 99) == [9, 5]


def test_verify_names_a_snapshot_that_no_longer_reads(referee: Referee, snapshotted: int) -> None:
    """A cache entry whose body is not a state of the game is not the fold there: named, dropped."""
    sql(referee, "UPDATE snapshots SET body = ? WHERE game_id = ? AND seq = 5", '{"pile": "x"}', snapshotted)
    with pytest.raises(VerificationFailed, match="the snapshot at #5 does not match the fold"):
        fresh(referee).verify(snapshotted)
    assert referee.store.snapshot_seqs(snapshotted, snapshot_key(pebbles), 99) == []  # type: ignore[arg-type]


def test_a_log_cut_below_a_snapshot_is_named_by_every_reader(referee: Referee, snapshotted: int) -> None:
    """Rows removed from the end, the snapshot bound to one of them left behind: a clear refusal
    naming the first row missing, from a load and from verify, never a crash."""
    sql(referee, "DELETE FROM events WHERE game_id = ? AND seq >= 4", snapshotted)  # bob's move on
    with pytest.raises(VerificationFailed, match="rows were removed") as loading:
        fresh(referee).load(snapshotted)
    assert loading.value.seq == 4
    with pytest.raises(VerificationFailed, match="rows were removed") as verifying:
        fresh(referee).verify(snapshotted)
    assert verifying.value.seq == 4


def test_a_revert_appended_since_the_last_check_is_checked_with_the_whole_log(
    referee: Referee, played: int
) -> None:
    """A revert written by a referee that does not move the mark (an older version): the next
    read checks the whole log through the rules again, and shows the table without the move."""
    tip = referee.store.tip(played)
    referee.undo(played)
    assert tip.mark is not None and tip.mark_hash is not None and tip.setup_hash is not None
    # The mark left where it was, sealed as this installation seals it (a mark edited by
    # hand no longer matches its seal, and the whole log is checked for that reason instead).
    referee.store.set_verified(
        played, tip.mark, tip.mark_hash, tip.setup_hash, since=referee.store.tip(played)
    )
    assert referee.store.tip(played).mark == tip.mark
    other = fresh(referee)
    assert other.load(played).state == replay_checked(pebbles, referee.store.rows(played)).state  # type: ignore[arg-type]
    assert other.store.tip(played).mark == referee.store.head(played)[0]
