"""Issue 40's holes at the edges, tried as a hostile player at the table would: files nested
deeper than any parser's stack (hole 8), an export piped into a reader that stops early under
either buffering of the output (hole 11), and exports forged to hold what the referee never
writes (hole 12). Each test failed on e60c247, before the fix it guards."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import unicodedata
from collections.abc import Callable
from pathlib import Path

import pytest

from ledger.names import MAX_REASON
from ledger.service import Referee
from tests import pebbles
from tests.conftest import Result
from tests.ledger.test_integrity import exported, head, moves, rechain, write_export
from tests.ledger.test_issue17_cli import one_line

Cli = Callable[..., Result]
ROOT = Path(__file__).resolve().parents[2]
CARDS = ROOT / "fixtures" / "loop-test-cards.toml"


def game_count(cli: Cli) -> int:
    return len(json.loads(cli("games", "--json").out)["games"])


# --- hole 8: nesting deeper than a parser's stack ------------------------------------------


@pytest.mark.parametrize("where", ["header", "row", "body"])
def test_an_import_line_nested_1000_deep_is_bad_input_naming_the_line(
    cli: Cli, tmp_path: Path, where: str
) -> None:
    """A value nested 1,000 deep anywhere in an export (an unknown field of the header, of a
    row, or inside a row's body) is refused as bad input naming its line, before any of it is
    decoded: the referee's own lines nest a few levels."""
    cli("new", "pebbles", "--players", "alice,bob")
    moves(cli, "take alice 2")
    lines = cli("export").out.splitlines()
    deep = "[" * 1000 + "]" * 1000
    if where == "header":
        lines[0] = lines[0][:-1] + f',"note":{deep}}}'
    elif where == "row":
        lines[2] = lines[2][:-1] + f',"note":{deep}}}'
    else:
        lines[2] = lines[2].replace('"body":{', f'"body":{{"note":{deep},', 1)
    forged = tmp_path / "deep.jsonl"
    forged.write_text("\n".join(lines) + "\n")
    line = one_line(cli("import", str(forged), "--copy"), 2)
    number = 1 if where == "header" else 3
    assert line.startswith(f"referee: line {number} of the file nests arrays and objects more than"), line
    assert game_count(cli) == 1
    # Into a database that does not exist yet: refused, it leaves no file behind.
    fresh = tmp_path / "fresh.db"
    done = subprocess.run(
        [sys.executable, "-m", "tests.run_cli", "--db", str(fresh), "import", str(forged)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
    )
    assert (done.returncode, done.stdout, done.stderr.count("\n")) == (2, "", 1), done
    assert not fresh.exists()


@pytest.mark.parametrize(
    "deep",
    [
        "[" * 1000 + "1" + "]" * 1000,
        '{"a": ' * 1000 + '"x"' + "}" * 1000,
        "[ " * 1000 + "]" * 1000,
    ],
    ids=["arrays-around-a-number", "objects-with-keys", "spaced"],
)
def test_a_line_nested_1000_deep_around_values_is_bad_input_too(cli: Cli, tmp_path: Path, deep: str) -> None:
    """Nesting is nesting whatever the levels hold (a number at the bottom, keys and strings at
    every level, spaces between the brackets)."""
    cli("new", "pebbles", "--players", "alice,bob")
    lines = cli("export").out.splitlines()
    lines[0] = lines[0][:-1] + f',"note":{deep}}}'
    forged = tmp_path / "deep.jsonl"
    forged.write_text("\n".join(lines) + "\n")
    line = one_line(cli("import", str(forged), "--copy"), 2)
    assert line.startswith("referee: line 1 of the file nests arrays and objects more than 64 deep"), line
    assert game_count(cli) == 1


def test_a_line_nested_64_deep_imports_and_65_does_not(cli: Cli, tmp_path: Path) -> None:
    """docs/auditing.md: an import refuses a line nested more than 64 levels deep; 64 (the
    header's own object and 63 arrays in one of its members) is not more."""
    cli("new", "pebbles", "--players", "alice,bob")
    moves(cli, "take alice 2")
    lines = cli("export").out.splitlines()
    for levels, code in ((63, 0), (64, 2)):
        lines_now = [lines[0][:-1] + f',"note":{"[" * levels + "]" * levels}}}', *lines[1:]]
        forged = tmp_path / f"deep{levels}.jsonl"
        forged.write_text("\n".join(lines_now) + "\n")
        result = cli("import", str(forged), "--copy")
        assert result.code == code, result
    assert game_count(cli) == 2
    assert cli("verify").code == 0


@pytest.mark.parametrize(
    "toml",
    [
        "[[activity]]\nname = 'DEEP'\nneeds = " + "[" * 500 + "]" * 500 + "\n",
        "[[activity]]\nname = 'DEEP'\nneeds = " + "{a = " * 500 + "1" + "}" * 500 + "\n",
        "[[activity]]\nname = 'DEEP'\nneeds = " + "[" * 80 + "]" * 80 + "\n",  # parses, still too deep
    ],
    ids=["arrays-500", "tables-500", "arrays-80"],
)
def test_a_cards_file_nested_500_deep_is_bad_input(cli: Cli, tmp_path: Path, toml: str) -> None:
    """`new --cards FILE` and `cards import FILE` refuse a cards file nested deeper than any
    cards file is, as bad input: one line, nothing made."""
    cards = tmp_path / "deep.toml"
    cards.write_text(toml)
    line = one_line(cli("new", "loop", "--players", "ann,ben", "--cards", str(cards)), 2)
    assert line.startswith("referee: cards file: it nests arrays and tables more than"), line
    line = one_line(cli("cards", "import", str(cards), "--kind", "loop"), 2)
    assert line.startswith("referee: cards file: it nests arrays and tables more than"), line
    assert cli("new", "pebbles", "--players", "alice,bob").code == 0
    assert game_count(cli) == 1
    assert "DEEP" not in cli("cards", "--kind", "loop").out


def test_a_body_nested_2000_deep_in_the_database_is_named_by_verify(cli: Cli, db_path: Path) -> None:
    """A row's body rewritten with a value nested 2,000 deep, every hash recomputed and the
    verified marks deleted (so that only a whole check finds it): `verify` names the row,
    and every other command refuses the game; none is an internal error."""
    cli("new", "pebbles", "--players", "alice,bob")
    moves(cli, "take alice 2", "take bob 1")
    conn = sqlite3.connect(db_path, isolation_level=None)
    deep = "[" * 2000 + "]" * 2000
    conn.execute(
        "UPDATE events SET body = replace(body, '{', '{\"note\":' || ? || ',') WHERE seq = 4", (deep,)
    )
    conn.execute("DELETE FROM verified")
    conn.close()
    rechain(db_path)
    line = one_line(cli("verify"), 1)
    assert "row #4 does not decode" in line, line
    for args in (("status",), ("log",), ("pebbles", "take", "alice", "1")):
        assert "row #4 does not decode" in one_line(cli(*args), 3), args
    assert head(db_path) == 5


# --- hole 11: an export piped into a reader that stops early -----------------------------------


@pytest.fixture(scope="module")
def long_export(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A pebbles game of 2,001 rows: its export (about 630 KB) is far more than a pipe holds."""
    db = tmp_path_factory.mktemp("long") / "ledger.db"
    referee = Referee.open(db)
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "100000"})
    for n in range(1000):
        referee.submit(game, pebbles.Take(("alice", "bob")[n % 2], 1))
    referee.store.close()
    return db


def read_one_line(db: Path, args: list[str], unbuffered: bool) -> tuple[int, bytes, str]:
    """``referee ARGS | head -1``: the reader takes the first line (at most 4 KB of it: `log
    --json` is one line) and closes the pipe. Returns the exit code, the line read and stderr."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYTHONUNBUFFERED", None)
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"  # as some shells and IDEs set it
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.run_cli", "--db", str(db), *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdout is not None and child.stderr is not None
    first = child.stdout.readline(4096)
    child.stdout.close()
    err = child.stderr.read().decode()
    return child.wait(timeout=60), first, err


@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("args", [["export"], ["log"], ["log", "--json"]], ids=" ".join)
def test_a_command_piped_into_head_says_its_output_was_cut(
    long_export: Path, args: list[str], unbuffered: bool
) -> None:
    """`referee export | head -1` under either buffering of Python's output: the first line
    arrives, then one line says the output was closed before all of it was written (exit 5),
    and no summary claims every row."""
    code, first, err = read_one_line(long_export, args, unbuffered)
    assert first.strip(), first
    assert code == 5, (code, err)
    assert err == "referee: the output was closed: not all of it was written\n", err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "unbuffered"])
def test_an_export_to_a_full_disk_says_so_under_either_buffering(long_export: Path, unbuffered: bool) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYTHONUNBUFFERED", None)
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [sys.executable, "-m", "tests.run_cli", "--db", str(long_export), "export"],
            cwd=ROOT,
            env=env,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
        )
    assert done.returncode == 5, done.stderr
    assert done.stderr == "referee: the output failed (No space left on device): not all of it was written\n"


# --- hole 12: imports that hold what the referee never writes ------------------------------------


@pytest.fixture
def undone(cli: Cli) -> tuple[dict[str, object], list[dict[str, object]]]:
    """A pebbles game with an undo (#8, of alice's #6, asked by bob) and a void (#11, of
    alice's #9, by the table), exported; #2 and #4 are live."""
    cli("new", "pebbles", "--players", "alice,bob", "--title", "Friday")
    moves(cli, "take alice 2", "take bob 1", "take alice 1")
    assert cli("undo", "--by", "bob", "--reason", "misheard").code == 0
    moves(cli, "take alice 3")
    assert cli("void", "9", "--reason", "disputed").code == 0
    return exported(cli)


def refused_import(cli: Cli, path: Path, code: int = 1) -> str:
    line = one_line(cli("import", str(path), "--copy"), code)
    assert game_count(cli) == 1
    return line


def test_an_import_refuses_a_revert_by_someone_not_at_the_table(
    cli: Cli, tmp_path: Path, undone: tuple[dict[str, object], list[dict[str, object]]]
) -> None:
    """`undo --by mallory` is refused at the table; an export whose undo names mallory (as
    its actor and as who asked, every hash recomputed) is refused too, naming the row."""
    assert "--by 'mallory' is not at this table" in one_line(cli("undo", "--by", "mallory"), 2)
    header, rows = undone
    revert = rows[7]
    assert revert["type"] == "reverted"
    revert["actor"] = revert["body"]["by"] = "mallory"  # type: ignore[index]
    line = refused_import(cli, write_export(tmp_path / "mallory.jsonl", header, rows))
    assert "row #8 names 'mallory', who is not at this table" in line, line


def test_a_revert_appended_by_hand_by_someone_not_at_the_table_is_damage(cli: Cli, db_path: Path) -> None:
    """The same revert appended to the database with sqlite3 (its hash right): the next
    command that reads it names the row, and nothing is shown or appended after."""
    cli("new", "pebbles", "--players", "alice,bob")
    moves(cli, "take alice 2", "take bob 1")
    conn = sqlite3.connect(db_path, isolation_level=None)
    body = '{"by":"mallory","cascade":[],"how":"undo","reason":"","target":4,"type":"reverted"}'
    conn.execute(
        "INSERT INTO events SELECT game_id, 6, 'reverted', ?, 'mallory', recorded_at, hash, ''"
        " FROM events WHERE seq = 5",
        (body,),
    )
    conn.close()
    rechain(db_path)
    line = one_line(cli("status"), 3)
    assert "row #6 names 'mallory', who is not at this table" in line, line
    assert "row #6 names 'mallory'" in one_line(cli("verify"), 1)
    assert one_line(cli("pebbles", "take", "alice", "1"), 3) and head(db_path) == 6


def test_a_void_of_a_damaged_game_by_someone_not_at_the_table_is_refused(cli: Cli, db_path: Path) -> None:
    """The table's answer to a refused move appended by hand (void it) takes `--by` as every
    void does: a player or the table, never a name from outside."""
    cli("new", "pebbles", "--players", "alice,bob")
    moves(cli, "take alice 2")
    conn = sqlite3.connect(db_path, isolation_level=None)
    move = '{"command":{"n":9,"player":"bob","type":"take"},"redo_of":null,"type":"move"}'
    conn.execute(
        "INSERT INTO events SELECT game_id, 4, 'move', ?, 'bob', recorded_at, hash, ''"
        " FROM events WHERE seq = 3",
        (move,),
    )
    conn.execute(
        "INSERT INTO events SELECT game_id, 5, 'pebbles.taken', ?, 'bob', recorded_at, hash, ''"
        " FROM events WHERE seq = 3",
        ('{"n":9,"player":"bob","type":"pebbles.taken"}',),
    )
    conn.close()
    rechain(db_path)
    assert one_line(cli("status"), 3)
    line = one_line(cli("void", "4", "--reason", "typo", "--by", "mallory"), 2)
    assert "--by 'mallory' is not at this table" in line, line
    assert head(db_path) == 5
    assert cli("void", "4", "--reason", "typo", "--by", "bob").code == 0
    assert cli("verify").code == 0


def test_a_reason_is_at_most_max_reason_characters_at_the_table_and_in_an_import(
    cli: Cli, tmp_path: Path, undone: tuple[dict[str, object], list[dict[str, object]]]
) -> None:
    """`undo --reason` and `void --reason` take at most MAX_REASON characters; an export whose
    revert holds a 1 MB reason (hashes recomputed) is refused naming the row."""
    long = "x" * (MAX_REASON + 1)
    before = int(exported(cli)[1][-1]["seq"])  # type: ignore[call-overload]
    for args in (("undo", "--reason", long), ("void", "4", "--reason", long)):  # #4 is live
        line = one_line(cli(*args), 2)
        assert line == f"referee: the reason has {MAX_REASON + 1} characters (at most {MAX_REASON})", line
    assert int(exported(cli)[1][-1]["seq"]) == before  # type: ignore[call-overload]
    header, rows = undone
    rows[7]["body"]["reason"] = "x" * 1_000_000  # type: ignore[index]
    line = refused_import(cli, write_export(tmp_path / "long.jsonl", header, rows))
    assert f"row #8 holds a reason of 1000000 characters (at most {MAX_REASON})" in line, line


def test_a_reason_of_max_reason_characters_is_taken_at_the_table_and_in_an_import(
    cli: Cli, tmp_path: Path, undone: tuple[dict[str, object], list[dict[str, object]]]
) -> None:
    """At most MAX_REASON characters (docs/auditing.md: "longer than 500" is refused): exactly
    that many is a reason `undo`, `void` and an import take."""
    assert MAX_REASON == 500
    longest = "x" * MAX_REASON
    header, rows = undone
    rows[7]["body"]["reason"] = longest  # type: ignore[index]
    assert cli("import", str(write_export(tmp_path / "longest.jsonl", header, rows)), "--copy").code == 0
    assert cli("verify").code == 0 and game_count(cli) == 2
    assert cli("undo", "--reason", longest).code == 0  # takes the void #11 back (issue 42): #9 is live
    assert cli("void", "9", "--reason", longest).code == 0
    assert [e["reason"] for e in json.loads(cli("log", "--json").out)["entries"][-2:]] == [longest] * 2


def test_a_redo_appended_by_hand_by_someone_not_at_the_table_is_damage(cli: Cli, db_path: Path) -> None:
    """A redo names who asked for it: the same redo by mallory appended to the database with
    sqlite3 (its hashes right) is named by the next command, and nothing is appended after."""
    cli("new", "pebbles", "--players", "alice,bob")
    moves(cli, "take alice 2")
    assert cli("undo").code == 0  # #4
    conn = sqlite3.connect(db_path, isolation_level=None)
    move = '{"command":{"n":2,"player":"alice","type":"take"},"redo_of":2,"type":"move"}'
    for seq, type_, body in (
        (5, "move", move),
        (6, "pebbles.taken", '{"n":2,"player":"alice","type":"pebbles.taken"}'),
    ):
        conn.execute(
            "INSERT INTO events SELECT game_id, ?, ?, ?, 'mallory', recorded_at, hash, ''"
            " FROM events WHERE seq = 4",
            (seq, type_, body),
        )
    conn.close()
    rechain(db_path)
    line = one_line(cli("status"), 3)
    assert "row #5 names 'mallory', who is not at this table" in line, line
    assert one_line(cli("pebbles", "take", "bob", "1"), 3) and head(db_path) == 6


def test_a_redo_by_someone_not_at_the_table_is_refused_in_an_import(cli: Cli, tmp_path: Path) -> None:
    """A redo names who asked for it: a player or the table, as `redo --by` takes."""
    cli("new", "pebbles", "--players", "alice,bob")
    moves(cli, "take alice 2")
    assert cli("undo").code == 0 and cli("redo", "--by", "bob").code == 0
    header, rows = exported(cli)
    assert rows[4]["body"]["redo_of"] == 2  # type: ignore[index]
    rows[4]["actor"] = rows[5]["actor"] = "mallory"
    line = refused_import(cli, write_export(tmp_path / "redo.jsonl", header, rows))
    assert "row #5 names 'mallory', who is not at this table" in line, line


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("game", "loop"),
        ("rules_version", "0"),
        ("players", ["bob", "alice"]),
        ("mode", "advanced"),
        ("options", {"pile": "7"}),
        ("title", "Saturday"),
        ("seed", 7),
        ("salt", "00" * 16),
        ("created_at", "2020-01-01T00:00:00.000000+00:00"),
    ],
)
def test_an_import_refuses_a_header_that_disagrees_with_its_setup_row(
    cli: Cli,
    tmp_path: Path,
    undone: tuple[dict[str, object], list[dict[str, object]]],
    field: str,
    value: object,
) -> None:
    """The header repeats the setup row (and the row's time) for a reader; one that says
    otherwise (a rules version, a seat order, a seed the setup does not have) is refused,
    naming the field."""
    header, rows = undone
    header[field] = value
    line = refused_import(cli, write_export(tmp_path / "header.jsonl", header, rows))
    assert f"the header does not match the setup row at {field}: " in line, line


@pytest.fixture
def sealed(cli: Cli) -> tuple[list[str], list[str]]:
    """A LOOP game dealt from a sealed seed, exported without its seed and with it (the header
    then carries the seed and its salt)."""
    assert cli("new", "loop", "--players", "ann,ben,cat", "--seed", "7", "--cards", str(CARDS)).code == 0
    moves_made = [cli("loop", *words.split()).code for words in ("work ann", "end ann")]
    assert moves_made == [0, 0]
    return cli("export").out.splitlines(), cli("export", "--with-seed").out.splitlines()


@pytest.mark.parametrize(
    ("without", "field"),
    [("salt", "seed"), ("seed", "salt")],
    ids=["seed-without-salt", "salt-without-seed"],
)
def test_an_import_refuses_a_sealed_seed_without_its_salt_or_a_salt_without_its_seed(
    cli: Cli, tmp_path: Path, sealed: tuple[list[str], list[str]], without: str, field: str
) -> None:
    """A sealed seed is in a header only with its salt (both, or neither): one without the other
    is refused, naming the field the setup row does not have."""
    _, with_seed = sealed
    header = json.loads(with_seed[0])
    if without == "seed":
        header["seed"] = None  # a header always has the member, null without a seed
    else:
        del header["salt"]
    forged = tmp_path / "half.jsonl"
    forged.write_text("\n".join([json.dumps(header), *with_seed[1:]]) + "\n")
    line = refused_import(cli, forged)
    assert f"the header does not match the setup row at {field}: " in line, line


@pytest.mark.parametrize(
    ("field", "value"), [("title", "Saturday"), ("rules_version", "0"), ("players", ["x", "y"])]
)
def test_an_import_of_a_sealed_game_checks_every_field_of_its_header(
    cli: Cli, tmp_path: Path, sealed: tuple[list[str], list[str]], field: str, value: object
) -> None:
    """A header of a game with a sealed seed that carries no seed (an export while it runs) is
    matched with its setup row field by field, as any other."""
    plain, _ = sealed
    header = json.loads(plain[0])
    assert header["seed"] is None and "salt" not in header
    header[field] = value
    forged = tmp_path / "header.jsonl"
    forged.write_text("\n".join([json.dumps(header), *plain[1:]]) + "\n")
    line = refused_import(cli, forged)
    assert f"the header does not match the setup row at {field}: " in line, line


def test_an_import_refuses_a_player_named_a_word_the_games_grammar_reads(cli: Cli, tmp_path: Path) -> None:
    """LOOP's competitive mode reads `central` where a player's name may stand (the central
    LANDFILL): `new` refuses a player so named, and so does an import of a setup that names one."""
    line = one_line(cli("new", "loop", "--players", "ann,central", "--mode", "competitive"), 2)
    assert "player name 'central' is the central LANDFILL" in line, line
    cli("new", "loop", "--players", "ann,ben", "--mode", "competitive")
    text = cli("export").out.replace('"ben"', '"central"')
    header, *rows = (json.loads(line) for line in text.splitlines())
    line = refused_import(cli, write_export(tmp_path / "central.jsonl", header, rows), 2)
    assert "player name 'central' is the central LANDFILL" in line, line


def _setup_edited(
    undone: tuple[dict[str, object], list[dict[str, object]]], **fields: object
) -> tuple[dict[str, object], list[dict[str, object]]]:
    """The export with ``fields`` changed in the setup row and the header alike."""
    header, rows = undone
    header.update(fields)
    rows[0]["body"].update(fields)  # type: ignore[attr-defined]
    if "players" in fields:
        old = ["alice", "bob"]
        for row in rows[1:]:
            text = json.dumps(row)
            for was, now in zip(old, fields["players"], strict=True):  # type: ignore[call-overload]
                text = text.replace(f'"{was}"', json.dumps(now))
            row.clear()
            row.update(json.loads(text))
    return header, rows


@pytest.mark.parametrize(
    ("fields", "refusal"),
    [
        ({"players": ["ape", "\u0430\u0440\u0435"]}, "player names 'ape' and 'аре' look alike"),
        ({"players": ["zoe\u0308", "bob"]}, "stores it: 'zo\u00eb' (a name in Unicode's composed form"),
        ({"players": ["alice", "b" * 21]}, "has 21 characters"),
        ({"title": "x" * 101}, "the title has 101 characters"),
        ({"title": "Friday\x1b[31m"}, "the title 'Friday\\x1b[31m' holds a control character"),
        ({"title": " Friday"}, "the title ' Friday' is not as `new` stores it"),
        ({"options": {"pile": "20", "colour": "red"}}, "Pebbles (test game) has no option 'colour'"),
        ({"mode": "Basic"}, "the mode 'Basic' is not as `new` stores it"),
    ],
)
def test_an_import_checks_the_setup_as_new_does(
    cli: Cli,
    tmp_path: Path,
    undone: tuple[dict[str, object], list[dict[str, object]]],
    fields: dict[str, object],
    refusal: str,
) -> None:
    """A setup `new` would never write (names that look alike, a name not in composed form or
    too long, a title too long or with a control character, an option the game does not
    have) is refused with `new`'s own words, header and setup row alike, hashes recomputed."""
    header, rows = _setup_edited(undone, **fields)
    line = refused_import(cli, write_export(tmp_path / "setup.jsonl", header, rows), 2)
    assert refusal in line, line
    typed = fields.get("players")
    if isinstance(typed, list) and unicodedata.is_normalized("NFC", "".join(typed)):
        assert refusal in one_line(cli("new", "pebbles", "--players", ",".join(typed)), 2)


@pytest.mark.parametrize("fixture", sorted((ROOT / "fixtures").glob("*.jsonl")), ids=lambda p: p.name)
def test_every_recorded_export_still_imports_and_verifies(cli: Cli, fixture: Path) -> None:
    """The stricter import still takes every export the referee has written (the fixtures,
    of earlier rules versions and formats)."""
    assert cli("import", str(fixture)).code == 0, fixture
    result = cli("verify")
    assert result.code == 0, result
