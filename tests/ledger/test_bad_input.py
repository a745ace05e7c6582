"""Bad input from the command line and from files: exit 2 and one clear line, never an
internal error, and nothing appended. The fuzz test at the end throws argv (bytes included)
and import files at the referee and checks exactly that."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.service import Referee
from ledger.store import Store
from referee_cli.app import build_command
from referee_cli.base import quick
from referee_cli.main import run
from tests.conftest import Result, fixed_clock

Cli = Callable[..., Result]
ROOT = Path(__file__).resolve().parents[2]
CARDS = ROOT / "fixtures" / "loop-test-cards.toml"
HUGE = "99999999999999999999"


def one_line(result: Result, code: int = 2) -> str:
    assert result.code == code, result
    assert "Traceback" not in result.err and "internal error" not in result.err, result.err
    lines = result.err.strip().splitlines()
    assert len(lines) == 1, result.err
    return lines[0]


@pytest.fixture
def game(cli: Cli) -> None:
    assert cli("new", "pebbles", "--players", "alice,bob").code == 0
    assert cli("pebbles", "take", "alice", "1").code == 0


def heads(db_path: Path) -> list[tuple[int, int]]:
    referee = Referee(Store(db_path))
    try:
        return [(g.id, referee.store.head(g.id)[0]) for g in referee.store.games()]
    finally:
        referee.store.close()


def test_arguments_that_are_not_utf8_are_bad_input(cli: Cli, game: None, db_path: Path) -> None:
    before = heads(db_path)
    # Bytes that are not UTF-8 reach Python as lone surrogates (0xff becomes U+DCFF); the
    # arguments are counted after `--db PATH`, which the fixture puts first.
    cases = [
        (("new", "pebbles", "--players", "alice,bob", "--title", "\udcff"), "argument 8 ('\\\\udcff')"),
        (("undo", "--by", "\udcff"), "argument 5 ('\\\\udcff')"),
        (("pebbles", "take", "al\udcffice", "1"), "argument 5 ('al\\\\udcffice')"),
    ]
    for args, what in cases:
        line = one_line(cli(*args))
        assert f"referee: {what} is not UTF-8 text: byte 0xff at offset" in line, line
        assert line.endswith("(type names, titles and reasons as UTF-8 text)")
    # A NUL cannot come from a real argv, but a line of `referee play` can hold one.
    line = one_line(cli("export", "-o", "game\x00.jsonl"))
    assert line == "referee: argument 5 ('game\\x00.jsonl') holds a NUL character at offset 4"
    assert heads(db_path) == before


def test_a_non_utf8_argument_with_json_is_a_json_error_not_a_traceback(
    cli: Cli, game: None, db_path: Path
) -> None:
    """The case that crashed the error handler itself: a real process given the byte 0xff."""
    done = subprocess.run(
        [sys.executable, "-m", "tests.run_cli", "--db", str(db_path), "verify", "--head", b"\xff", "--json"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
    )
    assert (done.returncode, done.stderr) == (2, b"")
    error = json.loads(done.stdout)
    assert (error["error"], error["exit_code"]) == ("bad_input", 2)
    assert error["message"] == (
        "argument 5 ('\\\\udcff') is not UTF-8 text: byte 0xff at offset 0 does not read"
        " (type names, titles and reasons as UTF-8 text)"
    )


def test_huge_numbers_are_bad_input(
    cli: Cli, game: None, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = heads(db_path)
    for args, message in [
        (("--game", HUGE, "status"), f"no game #{HUGE} in {db_path}"),
        (("use", HUGE), f"no game #{HUGE} in {db_path}"),
        (("at", HUGE), f"game #1 has no row #{HUGE}"),
        (("void", HUGE, "--reason", "x"), f"game #1 has no row #{HUGE}"),
    ]:
        assert message in one_line(cli(*args)), args
    monkeypatch.setenv("REFEREE_GAME", HUGE)
    assert f"no game #{HUGE}" in one_line(cli("status"))
    assert f"no game #{HUGE}" in one_line(cli("pebbles", "take", "bob", "1"))
    assert heads(db_path) == before


def test_files_that_are_not_utf8_are_bad_input_naming_file_and_offset(
    cli: Cli, game: None, tmp_path: Path
) -> None:
    latin = tmp_path / "cards.toml"
    latin.write_bytes(CARDS.read_bytes().replace(b"# ", b"# caf\xe9 ", 1))
    offset = latin.read_bytes().index(b"\xe9")
    line = one_line(cli("new", "loop", "--players", "ann,ben", "--seed", "7", "--cards", str(latin)))
    assert line == (
        f"referee: {latin} is not UTF-8 text: byte 0xe9 at offset {offset} does not read (save it as UTF-8)"
    )
    export = tmp_path / "game.jsonl"
    assert cli("export", "-o", str(export)).code == 0
    export.write_bytes(export.read_bytes()[:40] + b"\xff" + export.read_bytes()[40:])
    assert one_line(cli("import", str(export))).endswith(
        f"{export} is not UTF-8 text: byte 0xff at offset 40 does not read (save it as UTF-8)"
    )
    assert len(json.loads(cli("games", "--json").out)["games"]) == 1


# --- the fuzz test ----------------------------------------------------------------------

COMMANDS = [
    "new", "games", "use", "status", "at", "log", "undo", "void", "redo", "score", "moves",
    "verify", "export", "import", "cards", "pebbles", "loop", "take", "give", "reveal",
    "declare", "work", "buy", "consume", "goal", "favour", "accept", "reject", "end",
]  # fmt: skip
OPTIONS = [
    "--json", "--game", "--as", "--reveal", "--players", "--title", "--option", "--seed",
    "--mode", "--cards", "--head", "--reason", "--cascade", "--by", "--rep", "--to", "--needs",
    "--props", "--drop", "--help", "-o", "--discard", "--rep-happiness", "--pay",
]  # fmt: skip
WORDS = [
    "alice", "bob", "ann", "ben", "table", "1", "2", "3", "0", "-1", HUGE, "-" + HUGE, "1e9",
    "glass", "plastic", "food", "metal", "utility", "glass:2", "plastic:99999999999999999999",
    "dance=glass,plastic", "DANCE", "acquire", "barter", "recycle", "resell", "share", "pile=5",
    "pile=-3", "pile=" + HUGE, "alice,bob", "a,b,c,d,e,f,g", "x=y", "", " ", "--", "-",
    # issue 17: negative words (click read -1lth as -1 -l -t -h), shell metacharacters, names
    # that look alike or collide, control characters
    "-1lth", "-1hourglass", "-h", "-2", "l1=;2money", "a;b", "$x", "`y`", "ann,,ben", "alice,\u0430lice",
    "zoe\u0308,zo\u00eb", "a,b,c", "area", "dan", "\x1b[2J", "t\nx",
]  # fmt: skip

value = st.one_of(
    st.sampled_from(WORDS),
    st.text(max_size=12),
    # What a real process gets for arbitrary bytes: decoded with surrogateescape.
    st.binary(max_size=8).map(os.fsdecode),
    st.integers().map(str),
)
token = st.one_of(st.sampled_from(COMMANDS), st.sampled_from(OPTIONS), value)
V = None  # a hole in a command shape, filled with a drawn value
SHAPES = [
    ["new", "pebbles", "--players", V, "--title", V],
    ["new", "pebbles", "--players", "alice,bob", "--option", V, "--seed", V],
    ["new", "loop", "--players", V, "--mode", V, "--cards", V],
    ["--game", V, "status"], ["use", V], ["at", V, "--as", V], ["status", "--as", V, "--reveal"],
    ["undo", "--by", V, "--reason", V], ["--game", V, "undo"], ["redo", "--by", V],
    ["void", V, "--reason", V, "--cascade"],
    ["verify", "--head", V], ["moves", V], ["export", "-o", V], ["import", V], ["log"], ["score"],
    ["pebbles", "take", V, V], ["pebbles", "give", V, V, V], ["--game", "2", "cards", "-o", V],
    ["--game", "2", "loop", "reveal", "material", V, "--to", V],
    ["--game", "2", "loop", "work", V, "--rep", V], ["--game", "2", "loop", "buy", V, V, V],
    ["--game", "2", "loop", "consume", V, V, "--drop", V],
    ["--game", "2", "loop", "goal", V, V, "--needs", V, "--reward", V],
    ["--game", "2", "loop", "favour", V, V, V, V, V], ["--game", "2", "loop", "reject", V, "--rep"],
    ["--game", "2", "loop", "declare", "activity", V, "--needs", V, "--props", V],
    ["--game", "2", "loop", "end", V],
]  # fmt: skip


@st.composite
def shaped(draw: st.DrawFn) -> list[str]:
    """A command of the right shape with values drawn into its holes, maybe with --json."""
    shape = draw(st.sampled_from(SHAPES))
    argv = [draw(value) if word is V else word for word in shape]
    return argv + draw(st.sampled_from([[], ["--json"]]))


ARGV = st.one_of(st.lists(token, min_size=1, max_size=8), shaped())


@st.composite
def mutated(draw: st.DrawFn, lines: list[bytes]) -> bytes:
    """An export with one line damaged: a byte changed, a line dropped or repeated, a number
    made huge, non-UTF-8 bytes added, two lines swapped."""
    out = list(lines)
    n = draw(st.integers(0, len(out) - 1))
    how = draw(st.sampled_from(["byte", "drop", "twice", "huge", "latin", "swap"]))
    if how == "byte" and out[n]:
        at = draw(st.integers(0, len(out[n]) - 1))
        out[n] = out[n][:at] + bytes([draw(st.integers(0, 255))]) + out[n][at + 1 :]
    elif how == "drop":
        del out[n]
    elif how == "twice":
        out.insert(n, out[n])
    elif how == "huge":
        out[n] = out[n].replace(b":1,", f":{HUGE},".encode(), 1)
    elif how == "latin":
        out[n] = out[n] + b"\xe9"
    elif how == "swap" and n + 1 < len(out):
        out[n], out[n + 1] = out[n + 1], out[n]
    return b"\n".join(out) + b"\n"


@pytest.fixture
def fuzz_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, list[bytes]]]:
    """A database with a game of each kind, and an export of the pebbles one."""
    monkeypatch.chdir(tmp_path)  # `-o FILE` writes land here
    for name in [n for n in os.environ if n.startswith("REFEREE_")]:
        monkeypatch.delenv(name)
    db = tmp_path / "fuzz.db"
    referee = Referee(Store(db), clock=fixed_clock())
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "40"})
    for words in ["take alice 2", "give alice bob 1", "take bob 3"]:
        referee.submit_text(game, words.split())
    referee.undo(game, reason="fuzz")
    lines, _ = referee.export(game)
    referee.new_game("loop", ["ann", "ben"], seed=7, cards=CARDS.read_text())
    referee.store.close()
    yield db, [line.encode() for line in lines]


def check_run(db: Path, argv: list[str], app: object, capsys: pytest.CaptureFixture[str]) -> None:
    before = heads(db)
    capsys.readouterr()
    whole = ["--db", str(db), *argv]
    code = run(whole, None if quick(whole) else app)  # status, undo and moves start without typer
    out, err = capsys.readouterr()
    assert code != 4, (argv, err)
    assert "Traceback" not in out + err, (argv, err)
    if code != 0:
        assert heads(db) == before, argv  # a refusal appends nothing, creates no game
        if "--json" in argv and "--help" not in argv:
            assert json.loads(out)["exit_code"] == code, (argv, out)
        elif not err.startswith("Usage:"):  # a group named without a command: its help, as lines
            assert len(err.strip().splitlines()) <= 1, (argv, err)


@settings(max_examples=600, deadline=None, suppress_health_check=list(HealthCheck))
@given(argv=ARGV)
def test_fuzz_argv_never_crashes_and_a_refusal_appends_nothing(
    argv: list[str], fuzz_db: tuple[Path, list[bytes]], capsys: pytest.CaptureFixture[str]
) -> None:
    check_run(fuzz_db[0], argv, FUZZ_APP, capsys)


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_fuzz_import_files_never_crash(
    data: st.DataObject, fuzz_db: tuple[Path, list[bytes]], capsys: pytest.CaptureFixture[str]
) -> None:
    db, lines = fuzz_db
    content = data.draw(st.one_of(st.binary(max_size=200), mutated(lines)))
    path = db.parent / "in.jsonl"
    path.write_bytes(content)
    check_run(db, ["import", str(path), *data.draw(st.sampled_from([[], ["--json"]]))], FUZZ_APP, capsys)


FUZZ_APP = build_command()
