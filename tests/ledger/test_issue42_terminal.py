"""Issue 42, at the terminal: "Cosmetic, each a test". Each test fails if its item comes back:
`referee loop` with no verb squeezed into one line with a literal `\\n`; a Basic LOOP game's help
offering a CAREER's, an EVENT's or Solo's words; a 100,000-character name echoed whole; `at -1`
read as an unknown option; `log` times in UTC without saying so; `games` misaligned by wide
(CJK) names; Pursuit's score sheet not saying what its columns count; "vote(s)" and "1 hourglass
and 1 hourglass"; `--help` cutting a command's line with "...". And the store's: `log -n 1`
after an abandon shows one entry, not the move before it too."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable
from pathlib import Path

import pytest

from ledger.games.planet_b.describe import describe as planet_b_describe
from ledger.games.planet_b.model import Votes
from ledger.games.pursuit import effects
from ledger.words import counted
from referee_cli.app import build_command
from referee_cli.base import Session
from referee_cli.main import run
from referee_cli.shell import Shell
from tests.conftest import Result

Cli = Callable[..., Result]
CARDS = str(Path(__file__).parents[2] / "fixtures" / "loop-test-cards.toml")
LONG = "x" * 100_000


def _loop(cli: Cli, players: str = "ann,ben", mode: str = "basic") -> None:
    made = cli("new", "loop", "--players", players, "--mode", mode, "--seed", "7", "--cards", CARDS)
    assert made.code == 0, made.err


def test_a_game_group_with_no_verb_prints_its_usage_as_lines(
    cli: Cli, capsys: pytest.CaptureFixture[str]
) -> None:
    told = cli("loop")
    assert told.code == 2
    lines = told.err.splitlines()
    assert "\\n" not in told.err  # the literal backslash-n of a help squeezed into one line
    assert lines[0] == "Usage: referee loop [OPTIONS] COMMAND [ARGS]..."
    assert "Commands:" in lines
    assert any(line.split()[:1] == ["work"] for line in lines)  # a verb a line
    assert run([]) == 2  # `referee` alone: the same
    root = capsys.readouterr().err
    assert "\\n" not in root and root.startswith("Usage: referee [OPTIONS] COMMAND [ARGS]...\n")


# LOOP 4.0 Mode Comparison: Basic uses "INTERN Only" CAREER (so no CAREER's option: FREELANCER's
# SALARY, ARTIST's create, SCIENTIST's BUY, POLITICIAN's face-down FAVOUR, HYPEBEAST's target),
# no EVENT (BOGOF), "Red Only" FAVOUR (not Solo's blue ones); Competitive adds CAREER and EVENT.
BASIC_NEVER = ("CAREER", "FREELANCER", "ARTIST", "SCIENTIST", "POLITICIAN", "HYPEBEAST", "BOGOF", "Solo")


def test_a_basic_loop_game_offers_only_basic_modes_words(cli: Cli, db_path: Path) -> None:
    _loop(cli)
    work = cli("loop", "work", "--help")
    assert work.code == 0 and "Usage: work PLAYER [--rep N]\n" in work.out
    buy = cli("loop", "buy", "--help").out
    favour = cli("loop", "favour", "--help").out
    session = Session(db_path, None)
    shell_help = Shell(session, session.game_id(), build_command()).help()
    for text in (work.out, buy, favour, shell_help):
        assert not [word for word in BASIC_NEVER if word in text], text
    assert "favour PLAYER acquire TARGET MAT" in shell_help  # the red FAVOUR, still there


def test_a_competitive_loop_game_still_offers_careers_and_events(cli: Cli, db_path: Path) -> None:
    _loop(cli, mode="competitive")
    work = " ".join(cli("loop", "work", "--help").out.split())
    assert "[--salary 7|4|2 (FREELANCER)]" in work and "[--create TYPE (ARTIST)]" in work
    session = Session(db_path, None)
    shell_help = Shell(session, session.game_id(), build_command()).help()
    for words in ("(SCIENTIST)", "(BOGOF)", "reveal career PLAYER CAREER CAREER", "(HYPEBEAST)"):
        assert words in shell_help
    assert "Solo" not in shell_help  # Competitive plays the red FAVOUR only (4.0)


@pytest.mark.parametrize(
    "args",
    [
        ("moves", LONG),
        ("loop", "work", LONG),
        ("use", LONG),
        ("at", LONG),
        ("log", "-n", LONG),
        ("new", LONG, "--players", "a,b"),
        ("stats", "--game-kind", LONG),
        ("new", "loop", "--players", f"{LONG},ben"),
    ],
)
def test_a_very_long_word_is_quoted_back_cut_short(cli: Cli, args: tuple[str, ...]) -> None:
    _loop(cli)
    told = cli(*args)
    assert told.code == 2
    assert len(told.err) < 300 and told.err.count("\n") == 1, told.err[:300]
    assert "x" * 20 in told.err and "x" * 41 not in told.err
    as_json = cli(*args, "--json")
    if as_json.out:  # a refusal told as JSON quotes it cut short too
        assert len(as_json.out) < 600 and "x" * 41 not in as_json.out


@pytest.mark.parametrize("command", [("at", "-1"), ("void", "-1", "--reason", "x"), ("at", "-12")])
def test_a_negative_row_number_is_refused_as_one(cli: Cli, command: tuple[str, ...]) -> None:
    _loop(cli)
    head = json.loads(cli("status", "--json").out)["head"]
    told = cli(*command)
    assert told.code == 2 and told.err.count("\n") == 1
    assert "No such option" not in told.err
    assert f"has no row #{command[1]} (1 to {head})" in told.err


def test_log_says_its_times_are_utc(cli: Cli) -> None:
    _loop(cli)
    shown = cli("log", "-n", "1").out.splitlines()
    assert shown[0].split()[:3] == ["seq", "time", "UTC"]
    entry = json.loads(cli("log", "-n", "1", "--json").out)["entries"][0]
    assert entry["recorded_at"].endswith("+00:00")  # the log's clock is UTC
    assert shown[2].split()[1] == entry["recorded_at"][11:19]  # and shown as it is
    assert "created UTC" in cli("games").out.splitlines()[0]


def _columns(text: str) -> int:
    """The terminal columns ``text`` takes (Unicode's East Asian Width: W and F take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def test_games_aligns_wide_names_by_the_columns_they_take(cli: Cli) -> None:
    _loop(cli, "ann,ben")
    _loop(cli, "zoë,José,李雷")
    _loop(cli, "李雷,韩梅梅")
    lines = cli("games").out.splitlines()
    header = lines[0]
    start = _columns(header[: header.index("result")])
    rows = [line for line in lines[2:] if "Round 1" in line]
    assert len(rows) == 3
    for row in rows:
        assert _columns(row[: row.index("Round 1")]) == start, row


def test_pursuits_score_sheet_says_what_each_column_counts(cli: Cli) -> None:
    assert cli("new", "pursuit", "--players", "ann,ben").code == 0
    sheet = cli("score").out
    legend = sheet.split("share the lead", 1)[1]
    for column in ("cards", "popularity", "life goals", "overflow", "table", "STH", "resources", "alive"):
        assert f"{column} (" in legend or f"{column}: " in legend, column
    assert "LTH: Long Term Happiness" in legend
    assert "alive: 1 while the character lives, 0 once their life has ended" in legend
    # The Community rulebook's Popularity track: "for each excess one, gain 1 LTH instead".
    assert "overflow (1 LTH for each Popularity gained past the rightmost space of the track" in legend


def test_counts_say_one_and_many_in_words() -> None:
    assert [counted(n, "vote") for n in (0, 1, 2)] == ["0 votes", "1 vote", "2 votes"]
    assert [counted(n, "hourglass") for n in (1, 3)] == ["1 hourglass", "3 hourglasses"]
    one = planet_b_describe(Votes("maya", 1, "supply", "bag", why="vote"))
    assert one.startswith("1 maya vote: ") and "(s)" not in one
    assert planet_b_describe(Votes("maya", 2, "supply", "bag")).startswith("2 maya votes: ")


def test_a_cost_counts_the_actions_own_hourglass_in() -> None:
    # Base game: a Card Action places 1 hourglass beside its Level Cost's own hourglasses.
    assert effects.shown("1knowledge 2influence 1stress 1hourglass", 1) == (
        "1 knowledge, 2 influence, 1 stress, 2 hourglasses"
    )
    assert effects.shown("", 1) == "1 hourglass"  # not "nothing and 1 hourglass to place"
    assert effects.shown("2creativity 1hourglass") == "2 creativity, 1 hourglass"
    assert effects.shown("3hourglass") == "3 hourglasses"


@pytest.mark.parametrize("group", [(), ("cards",)])
def test_help_lists_each_command_whole(cli: Cli, group: tuple[str, ...]) -> None:
    listed = cli(*group, "--help").out.split("Commands:")[1]
    assert not [line for line in listed.splitlines() if line.rstrip().endswith("...")]
    flat = " ".join(listed.split())
    if group:
        assert "import Add a cards file (TOML) to the group's library, checked as a declaration is." in flat
    else:
        assert (
            "abandon Give up on a game (a mistake, a try-out): recorded, never deleted; `games` and"
            " `stats` leave it out unless --all." in flat
        )


def test_log_n_1_after_an_abandon_shows_one_entry(cli: Cli) -> None:
    assert cli("new", "pebbles", "--players", "alice,bob", "--option", "pile=3").code == 0
    assert cli("pebbles", "take", "alice", "1").code == 0
    assert cli("abandon", "--reason", "a try-out").code == 0
    last = cli("log", "-n", "1").out.splitlines()[2:]
    assert len(last) == 1 and "abandon" in last[0] and "(a try-out)" in last[0]
    two = [line for line in cli("log", "-n", "2").out.splitlines()[2:] if not line.startswith(" " * 6)]
    assert [line.split()[3] for line in two] == ["take", "abandon:"]
    entries = json.loads(cli("log", "-n", "1", "--json").out)["entries"]
    assert [e["kind"] for e in entries] == ["abandoned"]
    since = cli("log", "--since", str(entries[0]["seq"])).out.splitlines()[2:]
    assert len(since) == 1
