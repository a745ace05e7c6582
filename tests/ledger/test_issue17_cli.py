"""Issue 17, the grammar holes a tryout found that are the whole command line's: numbers too big
for SQLite, a database of another program, a refused `new` that left a file, names and titles
no table can read back, actors who are not at the table, text shown with its control
characters, and each game's verbs following its mode."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from referee_cli.main import run
from tests.conftest import Result

Cli = Callable[..., Result]


def one_line(result: Result, code: int) -> str:
    assert result.code == code, result
    assert "Traceback" not in result.err and "internal error" not in result.err, result.err
    lines = result.err.strip().splitlines()
    assert len(lines) == 1, result.err
    return lines[0]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def other_program(path: Path, *statements: str) -> Path:
    """An SQLite file another program made."""
    with sqlite3.connect(path) as conn:
        for statement in statements:
            conn.execute(statement)
    conn.close()
    return path


def referee_at(db: Path, capsys: pytest.CaptureFixture[str], *args: str) -> Result:
    capsys.readouterr()
    code = run(["--db", str(db), *args])
    captured = capsys.readouterr()
    return Result(code, captured.out, captured.err)


# ---------------------------------------------------------------------------- the database


def test_a_log_count_too_big_for_sqlite_is_one_line(cli: Cli) -> None:
    """`log -n 99999999999999999999999` exited 4 (OverflowError)."""
    assert cli("new", "loop", "--players", "ann,ben").code == 0
    line = one_line(cli("log", "-n", "99999999999999999999999"), 2)
    assert "-n takes a number of entries" in line


def test_another_programs_database_with_a_games_table_is_refused_unchanged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--db` on another program's SQLite file with a `games` table exited 4 (AlterError)."""
    db = other_program(
        tmp_path / "chess.db",
        "CREATE TABLE games (id INTEGER PRIMARY KEY, white TEXT, black TEXT)",
        "INSERT INTO games (white, black) VALUES ('ann', 'ben')",
    )
    before = digest(db)
    for args in (("games",), ("new", "loop", "--players", "ann,ben"), ("status",)):
        line = one_line(referee_at(db, capsys, *args), 3)
        assert f"{db} is not a referee database" in line and "nothing was changed" in line, line
        assert digest(db) == before
    assert not Path(f"{db}-wal").exists()


def test_an_unrelated_sqlite_file_is_never_extended(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = other_program(tmp_path / "notes.db", "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    before = digest(db)
    line = one_line(referee_at(db, capsys, "new", "loop", "--players", "ann,ben"), 3)
    assert "is not a referee database (no games table; its tables: notes)" in line
    assert digest(db) == before
    with sqlite3.connect(db) as conn:
        assert [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")] == [
            "notes"
        ]
    conn.close()


def test_a_refused_new_leaves_no_database_behind(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "new" / "folder" / "ledger.db"
    for args in (
        ("new", "loop", "--players", "ann,ben", "--mode", "nonsense"),
        ("new", "loop", "--players", "ann,,ben"),
        ("new", "loop", "--players", "ann"),
    ):
        assert referee_at(db, capsys, *args).code == 2, args
        assert not db.exists() and not (tmp_path / "new").exists(), args


def test_a_refused_new_keeps_a_key_it_found(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The database a refused `new` made goes, but a key that was there before it is not its to
    take (it may seal a copy of the database kept elsewhere)."""
    db = tmp_path / "ledger.db"
    key = tmp_path / "ledger.db.key"
    key.write_bytes(bytes(range(32)))
    assert referee_at(db, capsys, "new", "loop", "--players", "ann").code == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ledger.db.key"]
    assert key.read_bytes() == bytes(range(32))


def test_a_new_database_is_announced_where_it_is(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A `--db` in a missing folder was created without a word."""
    db = tmp_path / "missing" / "ledger.db"
    made = referee_at(db, capsys, "new", "loop", "--players", "ann,ben")
    assert made.code == 0 and made.err == f"created the referee database {db}\n"
    again = referee_at(db, capsys, "new", "loop", "--players", "ann,ben")
    assert again.code == 0 and again.err == ""


# ---------------------------------------------------------------------------- names and titles

ZOE = "zoe\u0308"  # "zoë" decomposed: z o e and COMBINING DIAERESIS


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ("ann,,ben", "player 2 of 3 has no name"),
        ("ann,ben,", "player 3 of 3 has no name"),
        (",ann,ben", "player 1 of 3 has no name"),
        ("ann," + "x" * 100_000, "has 100000 characters (at most 20)"),
        ("ann,\u0430nn", "player name '\u0430nn' mixes Cyrillic and Latin letters"),
        ("ann,b\u0435n", "player name 'b\u0435n' mixes Cyrillic and Latin letters"),
        (
            "bob,\u0412\u041e\u0412",
            "player names 'bob' and '\u0412\u041e\u0412' look alike (the second is U+0412",
        ),
        ("bob,b0b", "player names 'bob' and 'b0b' look alike (give each player a name"),
        (f"{ZOE},zo\u00eb", "players 1 and 2 have the same name, 'zo\u00eb'"),
        ("ann,b\u200bob", "U+200B ZERO WIDTH SPACE"),
        ("ann,ben\x1b[31m", "\\x1b"),
        ("ann,table", "player name 'table' is the table's name"),
    ],
)
def test_new_refuses_names_no_table_can_tell_apart(
    cli: Cli, db_path: Path, players: str, message: str
) -> None:
    line = one_line(cli("new", "loop", "--players", players), 2)
    assert message in line, line
    assert not db_path.exists()


def test_names_of_other_alphabets_are_fine(cli: Cli) -> None:
    assert cli("new", "loop", "--players", "ann,\u0411\u043e\u0440\u0438\u0441,\u03b6\u03c9\u03b7").code == 0


def test_a_decomposed_name_is_stored_normalised(cli: Cli) -> None:
    """A decomposed `zoë` was refused with a message showing an identical-looking `zoë`."""
    result = cli("new", "loop", "--players", f"{ZOE},ben")
    assert result.code == 0, result
    assert "for zo\u00eb, ben" in result.out
    assert cli("loop", "reveal", "material", "glass", "--to", ZOE).code == 0  # typed decomposed
    again = cli("loop", "reveal", "material", "food", "--to", "zo\u00eb")  # and composed: the same player
    assert again.code == 1 and "zo\u00eb already has a starting MATERIAL" in again.err


@pytest.mark.parametrize(
    ("args", "word"),
    [
        (
            ("loop", "--mode", "competitive", "--players", "a,b,c"),
            "'a' is an EVENT choice in `event PLAYER a ...`",
        ),
        (("loop", "--mode", "cooperative", "--players", "ann,toss"), "'toss' is an EVENT choice"),
        (("loop", "--mode", "solo", "--players", "area"), "'area' is the BUY AREA in `area:TYPE@Q`"),
        (("loop", "--mode", "solo", "--players", "Central"), "'Central' is the central LANDFILL"),
        (("loop", "--mode", "competitive", "--players", "ann,central"), "SCIENTIST 8.0"),
        (("planet-b", "--players", "ann,dummy"), "player name 'dummy' is taken"),
        (
            ("planet-b", "--players", "ann,ben,red", "--option", "colours=red,blue,green"),
            "'red' is ann's colour in `draw`",
        ),
    ],
)
def test_new_refuses_a_name_the_grammar_reads_as_another_word(
    cli: Cli, args: tuple[str, ...], word: str
) -> None:
    """Players `a`, `b`, `c` made `event b a` ambiguous in Competitive; a Solo `area` could
    never SHARE from the BUY AREA. `new` names the word the name collides with."""
    line = one_line(cli("new", *args), 2)
    assert word in line, line


def test_names_that_collide_in_no_grammar_of_the_mode_are_fine(cli: Cli) -> None:
    assert cli("new", "loop", "--players", "a,b,c").code == 0  # Basic Mode has no EVENT
    assert cli("new", "planet-b", "--players", "ann,red", "--option", "colours=red,blue,green").code == 2
    assert cli("new", "planet-b", "--players", "red,ann", "--option", "colours=red,blue,green").code == 0


@pytest.mark.parametrize(
    ("title", "message"),
    [
        ("x" * 120_000, "the title has 120000 characters (at most 100)"),
        ("Friday\nnight", "holds a control character (U+000A)"),
        ("Friday\x1b[2J", "holds a control character (U+001B)"),
    ],
)
def test_new_refuses_a_title_that_is_not_one_short_line(cli: Cli, title: str, message: str) -> None:
    line = one_line(cli("new", "loop", "--players", "ann,ben", "--title", title), 2)
    assert message in line, line


# ---------------------------------------------------------------------------- actors and text


@pytest.fixture
def moved(cli: Cli) -> None:
    assert cli("new", "pebbles", "--players", "alice,bob").code == 0
    assert cli("pebbles", "take", "alice", "1").code == 0
    assert cli("pebbles", "take", "bob", "2").code == 0


@pytest.mark.parametrize(
    "args", [("undo", "--by", "dan"), ("void", "2", "--reason", "x", "--by", "dan"), ("redo", "--by", "dan")]
)
def test_only_a_player_or_the_table_asks_for_a_revert(cli: Cli, moved: None, args: tuple[str, ...]) -> None:
    """`undo --by dan` (not a player) was logged with dan as the actor."""
    if args[0] == "redo":
        assert cli("undo").code == 0
    before = cli("log", "--json").out
    line = one_line(cli(*args), 2)
    assert "--by 'dan' is not at this table (a player (alice, bob) or table)" in line, line
    assert cli("log", "--json").out == before


def test_a_revert_by_a_player_is_logged_as_seated(cli: Cli, moved: None) -> None:
    assert cli("undo", "--by", "ALICE").code == 0
    assert cli("void", "2", "--reason", "miscounted", "--by", "Table").code == 0
    actors = [e["actor"] for e in json.loads(cli("log", "--json").out)["entries"]]
    assert actors[-2:] == ["alice", "table"]


def test_text_a_table_typed_is_shown_with_its_control_characters_escaped(cli: Cli, moved: None) -> None:
    """`undo --reason` with terminal escapes made `log` print them raw."""
    reason = "\x1b[2J\x1b[31mmis\ncounted\u202e"
    undone = cli("undo", "--reason", reason)
    assert undone.code == 0
    log = cli("log")
    assert "\x1b" not in log.out and "\u202e" not in log.out
    assert "\\x1b[2J\\x1b[31mmis\\ncounted\\u202e" in log.out
    assert json.loads(cli("log", "--json").out)["entries"][-1]["reason"] == reason  # stored as given


def test_a_stored_title_is_shown_escaped() -> None:
    """A title from before `new` refused control characters (or from an import) is shown escaped."""
    from ledger.service import Result as GameResult
    from ledger.store import GameRow
    from referee_cli import render

    row = GameRow(1, "loop", "2", "Fri\x1b[31mday\nnight", ["ann", "ben"], {}, "2026-01-01T12:00:00", "live")
    result = GameResult(1, "loop", False, "ann's turn", [], "happiness", {}, "2026-01-01T12:00:00")
    text = render.games([row], [result], 1)
    assert "\x1b" not in text and "Fri\\x1b[31mday\\nnight" in text
