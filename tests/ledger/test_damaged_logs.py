"""Damaged, foreign and future logs: never an internal error, one line that says what is wrong
and what to do."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from ledger.codec import GENESIS, row_hash
from ledger.service import Referee, repository
from ledger.store import NewRow
from tests.conftest import Result

Cli = Callable[..., Result]
ROOT = Path(__file__).resolve().parents[2]
RECORDED = ROOT / "fixtures" / "loop-basic-3p.jsonl"
READING = (["status"], ["score"], ["moves"], ["log"])


def sql(referee: Referee, statement: str, *params: object) -> None:
    referee.store.conn.execute(statement, params)


def rechain(referee: Referee, game: int) -> None:
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


def one_line(result: Result, code: int) -> str:
    assert (result.code, result.out) == (code, ""), result
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.err and "internal error" not in result.err, (
        result.err
    )
    return lines[0]


def test_a_missing_fact_row_is_named_not_a_crash(cli: Cli, referee: Referee) -> None:
    assert cli("import", str(RECORDED)).code == 0
    # Row #99 is a BUY's fact (the MATERIAL bought): without it the fold would take from a
    # supply what it never put there.
    assert referee.store.rows(1, 98, 99)[0].type == "loop.bought"
    sql(referee, "DELETE FROM events WHERE game_id = 1 AND seq = 99")
    for args in [*READING, ["loop", "end", "ann"]]:
        line = one_line(cli(*args), 3)
        assert "row #99 is missing" in line and "`referee verify` keeps working" in line, args
    assert "row #99 is missing or out of place (found #100 there)" in one_line(cli("verify"), 1)


@pytest.fixture
def loop_game(cli: Cli) -> int:
    cli("new", "loop", "--players", "ann,ben")
    assert cli("loop", "reveal", "material", "glass", "--to", "ann").code == 0
    return 1  # rows: 1 setup, 2 a move, 3 its fact


def test_a_fact_from_a_newer_referee_is_refused_with_what_to_do(
    cli: Cli, referee: Referee, loop_game: int
) -> None:
    """A newer referee appended (through the store, as it would) a fact this one does not know."""
    head = referee.store.head(loop_game)[0]
    move = '{"command":{"material":"food","to":"ben","type":"loop.reveal_material"},"redo_of":null}'
    fact = '{"to":"ben","type":"loop.teleported"}'
    referee.store.append(
        loop_game, head, [NewRow("move", move, "table"), NewRow("loop.teleported", fact, "table")], "t"
    )
    for args in [*READING, ["loop", "reveal", "material", "food", "--to", "ben"], ["verify"]]:
        line = one_line(cli(*args), 3)
        assert "row #5 holds a fact of type 'loop.teleported', which this referee does not know" in line, args
        assert "the log was written by a newer referee (read it with that version)" in line
    assert referee.store.head(loop_game)[0] == 5


def test_a_known_fact_type_holding_an_unknown_tag_is_refused(
    cli: Cli, referee: Referee, loop_game: int
) -> None:
    head = referee.store.head(loop_game)[0]
    move = '{"command":{"material":"food","to":"ben","type":"loop.reveal_material"},"redo_of":null}'
    fact = '{"to":"ben","type":"loop.teleported"}'
    referee.store.append(
        loop_game, head, [NewRow("move", move, "table"), NewRow("loop.material_revealed", fact, "table")], "t"
    )
    for args in READING:
        assert "row #5 holds a fact of type 'loop.teleported'" in one_line(cli(*args), 3), args


def test_a_move_from_a_newer_referee_is_refused_with_what_to_do(
    cli: Cli, referee: Referee, loop_game: int
) -> None:
    head = referee.store.head(loop_game)[0]
    move = '{"command":{"player":"ann","type":"loop.fly"},"redo_of":null}'
    referee.store.append(loop_game, head, [NewRow("move", move, "ann")], "t")
    for args in [*READING, ["verify"], ["undo"], ["loop", "reveal", "material", "food", "--to", "ben"]]:
        assert "row #4 holds a move of type 'loop.fly'" in one_line(cli(*args), 3), args
    assert referee.store.head(loop_game)[0] == 4


@pytest.mark.parametrize(
    "move",
    [
        '{"command":{"type":"loop.work","player":7},"redo_of":null}',
        '{"command":[1,2],"redo_of":null}',
        '{"redo_of":null}',
    ],
    ids=["a known type with fields that do not decode", "no JSON object", "no command"],
)
def test_a_move_that_does_not_decode_is_damage_not_a_newer_referees(
    cli: Cli, referee: Referee, loop_game: int, move: str
) -> None:
    """A move row holding a command of a type this referee knows whose fields do not decode, one
    that is no JSON object, or none at all, appended where the fold reads it: damage (exit 3,
    the game marked until it is resolved), named as a row that does not decode, not as a move a
    newer referee wrote (whose type this one would not know)."""
    head = referee.store.head(loop_game)[0]
    referee.store.append(loop_game, head, [NewRow("move", move, "ann")], "t")
    for args in [*READING, ["undo"]]:
        line = one_line(cli(*args), 3)
        assert "the log does not check out: row #4 does not decode" in line, (args, line)
        assert "newer referee" not in line, (args, line)
    assert referee.store.head(loop_game)[0] == 4


def test_a_fact_that_does_not_decode_is_damage(cli: Cli, referee: Referee, loop_game: int) -> None:
    """A fact of a type this referee knows whose fields do not decode, where the fold reads it:
    damage (exit 3, the game marked), named at its row."""
    head = referee.store.head(loop_game)[0]
    move = '{"command":{"material":"food","to":"ben","type":"loop.reveal_material"},"redo_of":null}'
    fact = '{"to":7,"type":"loop.material_revealed"}'
    referee.store.append(
        loop_game, head, [NewRow("move", move, "table"), NewRow("loop.material_revealed", fact, "table")], "t"
    )
    for args in [*READING, ["undo"]]:
        assert "the log does not check out: row #5 does not decode" in one_line(cli(*args), 3), args
    assert referee.store.head(loop_game)[0] == 5


def test_a_revert_row_that_no_longer_decodes_is_damage_named_at_its_row(cli: Cli, referee: Referee) -> None:
    """An undo's row edited in place into something that does not decode, below the checked
    mark (where only the fold reads it): damage (exit 3, the game marked), named at its row,
    also in `--json`, and no move is appended."""
    assert cli("new", "pebbles", "--players", "alice,bob").code == 0
    assert cli("pebbles", "take", "alice", "1").code == 0
    assert cli("undo").code == 0  # row #4
    sql(referee, "UPDATE events SET body = '{not json' WHERE game_id = 1 AND seq = 4")
    for args in [["status"], ["score"], ["moves"], ["pebbles", "take", "alice", "2"]]:
        assert "the log does not check out: row #4 does not decode" in one_line(cli(*args), 3), args
    assert json.loads(cli("status", "--json").out)["seq"] == 4
    assert referee.store.head(1)[0] == 4


def test_a_bad_current_game_setting_is_bad_input(cli: Cli, referee: Referee, loop_game: int) -> None:
    for value in ("seven", "99999999999999999999", "-1", ""):
        sql(referee, "UPDATE settings SET value = ? WHERE key = 'current_game'", value)
        line = one_line(cli("status"), 2)
        assert f"the current game setting of {referee.store.path} is {value!r}, not a game id" in line
        assert "(pick a game with `referee use ID` (see `referee games`))" in line
        listed = cli("games", "--json")
        assert listed.code == 0 and json.loads(listed.out)["current"] is None
    assert cli("use", "1").code == 0 and cli("status").code == 0


def test_a_rules_version_this_referee_does_not_know_is_not_played(
    cli: Cli, referee: Referee, loop_game: int, tmp_path: Path
) -> None:
    version = '\'"rules_version":"{}"\''.format
    sql(referee, f"UPDATE events SET body = replace(body, {version(7)}, {version('basic-99')}) WHERE seq = 1")
    rechain(referee, loop_game)
    # As a newer referee would leave it: its own mark of its own setup row (a setup row unlike
    # the one this referee checked is a rewrite, and named as such), sealed with the key.
    rows = referee.store.rows(loop_game)
    tip = referee.store.tip(loop_game)
    referee.store.set_verified(loop_game, rows[-1].seq, rows[-1].hash, rows[0].hash, since=tip)
    expected = (
        "game #1 follows loop rules version 'basic-99', and this referee knows versions 'basic-1', '2',"
        " '3', '4', '5', '6' and '7' only"
        " (open it with a referee that knows 'basic-99')"
    )
    for args in [*READING, ["loop", "reveal", "material", "food", "--to", "ben"], ["verify"], ["export"]]:
        assert one_line(cli(*args), 3) == f"referee: {expected}", args
    assert referee.store.head(loop_game)[0] == 3
    # An export of it, from a referee that knew the version, is refused on import too.
    exported = tmp_path / "future.jsonl"
    lines = []
    for row in referee.store.rows(loop_game):
        body = json.loads(row.body)
        lines.append(
            json.dumps(
                {
                    "seq": row.seq,
                    "type": row.type,
                    "actor": row.actor,
                    "recorded_at": row.recorded_at,
                    "prev_hash": row.prev_hash,
                    "hash": row.hash,
                    "body": body,
                },
                separators=(",", ":"),
                sort_keys=True,
            )
        )
    header = {
        "format": "referee-log/1",
        "game": "loop",
        "rules_version": "basic-99",
        "title": "",
        "players": ["ann", "ben"],
        "mode": "basic",
        "options": {"favour-deal": "rulebook"},
        "seed": None,
        "created_at": "t",
        "status": "active",
    }
    exported.write_text("\n".join([json.dumps(header), *lines]) + "\n")
    line = one_line(cli("import", str(exported)), 3)
    assert "the file follows loop rules version 'basic-99'" in line
    assert len(referee.games()) == 1


def unguarded(db: Path, *edits: str) -> None:
    """Hand edits with the `sqlite3` tool, after taking the NOT NULLs away (as rebuilding the
    tables would): what the file itself refuses, a hostile player can still get in."""
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA writable_schema = 1")
        conn.execute("UPDATE sqlite_master SET sql = replace(sql, 'NOT NULL', '') WHERE type = 'table'")
    conn.close()
    with sqlite3.connect(db) as conn:  # a new connection reads the schema as edited
        for edit in edits:
            conn.execute(edit)
    conn.close()


def never_a_crash(result: Result) -> None:
    assert result.code in (0, 1, 3), result
    assert "Traceback" not in result.err and "internal error" not in result.err, result.err
    assert len(result.err.strip().splitlines()) <= 1, result.err


@pytest.mark.parametrize("first", ["status", "log", "games"])
@pytest.mark.parametrize("column", ["type", "body", "actor", "recorded_at", "prev_hash", "hash"])
@pytest.mark.parametrize("seq", [1, 2, 4], ids=["the setup", "a move", "an undo"])
def test_a_null_put_by_hand_into_a_log_row_is_damage_named_at_its_row(
    cli: Cli, db_path: Path, column: str, seq: int, first: str
) -> None:
    """A row of the log whose part was made NULL by hand (the table rebuilt without its NOT
    NULLs): never an internal error, whichever reading meets it first (a NULL body or previous
    hash used to be a TypeError in the hashing and decoding); a reading that checks it refuses
    it as damage, and `verify` names the row."""
    assert cli("new", "pebbles", "--players", "alice,bob").code == 0
    assert cli("pebbles", "take", "alice", "1").code == 0
    assert cli("undo").code == 0  # rows: 1 setup, 2 the move, 3 its fact, 4 the undo
    unguarded(db_path, f"UPDATE events SET {column} = NULL WHERE game_id = 1 AND seq = {seq}")
    met = cli(first)
    never_a_crash(met)
    if first == "status" and column != "prev_hash":  # a fold follows the previous row's own hash
        assert "the log does not check out" in one_line(met, 3)
    for args in [*READING, ["games"], ["export", "-o", str(db_path.parent / "kept.jsonl")], ["undo"]]:
        never_a_crash(cli(*args))
    checked = cli("verify")
    assert checked.code == 1 and f"row #{seq} " in one_line(checked, 1), checked


@pytest.mark.parametrize("column", ["kind", "rules_version", "players", "options", "created_at", "status"])
def test_a_null_put_by_hand_into_the_games_table_is_a_cache_rewritten(
    cli: Cli, db_path: Path, column: str
) -> None:
    """The games table is a cache of the setup row: a NULL in it is never shown and never a crash;
    `verify` rewrites it from the log."""
    assert cli("new", "pebbles", "--players", "alice,bob").code == 0
    started = setup_recorded_at(db_path)
    unguarded(db_path, f"UPDATE games SET {column} = NULL")
    listed = cli("games")
    assert listed.code == 0 and "pebbles" in listed.out and started[:16] in listed.out, listed
    assert cli("status").code == 0
    line = one_line(cli("verify"), 1)
    assert f"the games table differs from the log in {column} (" in line, line
    assert cli("verify").code == 0


def test_games_shows_when_the_setup_row_was_recorded_not_the_cache(cli: Cli, db_path: Path) -> None:
    """`games` shows each game's start from its setup row: a date forged in the games table
    (a cache) is never shown."""
    assert cli("new", "pebbles", "--players", "alice,bob").code == 0
    started = setup_recorded_at(db_path)
    unguarded(db_path, "UPDATE games SET created_at = '1999-01-01T00:00:00'")
    listed = cli("games")
    assert started[:16] in listed.out and "1999" not in listed.out, listed


def setup_recorded_at(db: Path) -> str:
    with sqlite3.connect(db) as conn:
        (recorded,) = conn.execute("SELECT recorded_at FROM events WHERE seq = 1").fetchone()
    conn.close()
    return str(recorded)


@pytest.mark.parametrize(
    "column",
    [
        "snapshots.body",
        "snapshots.hash",
        "snapshots.digest",
        "verified.seq",
        "verified.hash",
        "verified.setup_hash",
        "verified.seal",
        "checked.hi",
        "checked.seal",
        "folded.hi",
        "folded.last",
        "folded.seal",
    ],
)
def test_a_null_put_by_hand_into_a_cache_is_not_believed(
    cli: Cli, db_path: Path, column: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A NULL in a snapshot, a verified mark or a sealed batch matches no seal: the cache is not
    believed and the table reads the same from the log, never an internal error."""
    monkeypatch.setattr(repository, "SNAPSHOT_EVERY", 4)
    monkeypatch.setattr(repository, "FOLD_BATCH", 3)  # batches (1, 3] and (3, 6] are sealable
    assert cli("new", "pebbles", "--players", "alice,bob").code == 0
    for player in ("alice", "bob", "alice"):
        assert cli("pebbles", "take", player, "1").code == 0
    assert (
        cli("verify").code == 0 and cli("log").code == 0
    )  # the batches sealed as `log` and a fold read them
    before = cli("status").out.splitlines()[1:]  # the table, under the head's headline
    table, part = column.split(".")
    with sqlite3.connect(db_path) as conn:
        assert conn.execute(f"SELECT count(*) FROM {table} WHERE {part} IS NOT NULL").fetchone()[0] > 0
    conn.close()
    unguarded(db_path, f"UPDATE {table} SET {part} = NULL")
    for args in [["status"], ["log"], ["games"], ["pebbles", "take", "bob", "1"], ["verify"]]:
        never_a_crash(cli(*args))
    if table == "verified":  # the mark no longer holds its seal: evidence, until the table answers
        assert "game #1's verified mark was deleted or altered by hand" in cli("status").err
        assert cli("verify", "--accept").code == 0
        assert cli("pebbles", "take", "bob", "1").code == 0
    assert cli("undo").code == 0  # the take just recorded
    assert cli("status").out.splitlines()[1:] == before


def test_a_null_previous_hash_is_named_by_log_as_verify_names_it(cli: Cli, db_path: Path) -> None:
    """`log` checks each batch from its first row's stored previous hash: one made NULL by hand
    is damage named at its row (exit 3), as `verify` names it, not a batch taken as holding."""
    assert cli("new", "pebbles", "--players", "alice,bob").code == 0
    assert cli("pebbles", "take", "alice", "1").code == 0
    unguarded(db_path, "UPDATE events SET prev_hash = NULL WHERE game_id = 1 AND seq = 2")
    assert "the log does not check out: row #2 " in one_line(cli("log"), 3)
    assert "row #2 does not follow row #1" in one_line(cli("verify"), 1)
