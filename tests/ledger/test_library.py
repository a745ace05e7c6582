"""A group's card library (issue 17): every face a table declares is remembered for the
database's next game of that kind, with where it was said; a contradiction is refused citing
it; a correction is explicit and names the games it affects; the library travels as TOML."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import msgspec
import pytest

from ledger import library
from ledger.service import Referee
from ledger.store import Store
from tests.conftest import Result

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
Cli = Callable[..., Result]

# Invented faces (the rulebook prints neither PICNIC nor these props): a group's own record.
PICNIC = ("declare", "activity", "picnic", "--needs", "food,utility", "--props", "house,group")
PICNIC_OTHERWISE = ("declare", "activity", "picnic", "--needs", "food,food", "--props", "house,group")
HOBBY = ("declare", "goal", "hobby", "--reward", "2")


def loop_game(cli: Cli, *more: str) -> Result:
    result = cli("new", "loop", "--players", "ann,ben,cat", *more)
    assert result.code == 0, result.err
    return result


def faces(db: Path, game_id: int) -> dict[str, object]:
    referee = Referee(Store(db))
    try:
        state = referee.load(game_id).state
        return {name: face for name, face in state.activity_faces.items() if face.props is not None}
    finally:
        referee.store.close()


def test_declarations_feed_the_library_with_where_they_were_said(cli: Cli, db_path: Path) -> None:
    loop_game(cli)
    assert cli("loop", *PICNIC).code == 0  # move #2
    assert cli("loop", *HOBBY).code == 0  # move #4
    exported = cli("cards", "--kind", "loop")
    assert exported.code == 0
    assert (
        '[[activity]]\nname = "PICNIC"\nneeds = ["food", "utility"]\nprops = ["group", "house"]'
        in exported.out
    )
    assert '[[goal]]\nname = "HOBBY"\nreward = 2' in exported.out
    told = msgspec.json.decode(cli("cards", "--kind", "loop", "--json").out)
    assert told["kind"] == "loop"
    sources = told["sources"]
    assert sources == {"activity PICNIC": "in game #1, move #2", "goal HOBBY": "in game #1, move #4"}
    referee = Referee(Store(db_path))
    entries = referee.card_library("loop").entries
    assert (entries["activity PICNIC"].game_id, entries["activity PICNIC"].seq) == (1, 2)
    assert (entries["goal HOBBY"].game_id, entries["goal HOBBY"].seq) == (1, 4)


def test_a_second_game_starts_from_the_library_and_its_log_carries_the_faces(cli: Cli, db_path: Path) -> None:
    loop_game(cli)
    cli("loop", *PICNIC)
    cli("loop", *HOBBY)
    second = loop_game(cli)
    assert "cards: 2 from the library (#1)" in second.out.splitlines()
    assert "PICNIC" in faces(db_path, 2)
    log = cli("log").out
    # Declared in game 2's own log, right after its setup row (part of what `new` recorded).
    assert "  2  " in log and "declare activity picnic --needs food,utility --props group,house" in log
    assert "declare goal hobby --reward 2" in log
    # ... so the table's move declaring it again is refused by the game itself.
    assert cli("loop", *PICNIC).code == 1


def test_fresh_takes_nothing_from_the_library(cli: Cli, db_path: Path) -> None:
    loop_game(cli)
    cli("loop", *PICNIC)
    fresh = loop_game(cli, "--fresh")
    assert "cards:" not in fresh.out
    assert "PICNIC" not in faces(db_path, 2)
    assert cli("loop", *PICNIC).code == 0  # the same face again: agreed, so recorded


def test_the_python_api_starts_a_game_from_the_library_and_untitled_unless_told(
    cli: Cli, db_path: Path
) -> None:
    """docs/python.md's ``Referee.new_game``: like ``new`` without ``--fresh`` or ``--title``."""
    loop_game(cli)
    cli("loop", *PICNIC)
    referee = Referee(Store(db_path))
    try:
        second = referee.new_game("loop", ["ann", "ben", "cat"])
        third = referee.new_game("loop", ["ann", "ben", "cat"], fresh=True, title="Friday")
        assert (referee.store.game(second).title, referee.store.game(third).title) == ("", "Friday")
    finally:
        referee.store.close()
    assert "PICNIC" in faces(db_path, second)
    assert "PICNIC" not in faces(db_path, third)


def test_a_declaration_that_contradicts_the_library_is_refused_citing_the_earlier_one(
    cli: Cli, db_path: Path
) -> None:
    loop_game(cli)
    cli("loop", *PICNIC)
    loop_game(cli, "--fresh")
    head = cli("log").out.count("\n")
    refused = cli("loop", *PICNIC_OTHERWISE)
    assert refused.code == 1
    assert "activity PICNIC was declared otherwise in game #1, move #2" in refused.err
    assert 'needs = ["food", "utility"]' in refused.err  # what it said
    assert "referee cards correct loop" in refused.err  # how to fix it if it was wrong
    assert cli("log").out.count("\n") == head  # nothing appended
    # A reveal that declares the face on the way is checked the same way.
    reveal = cli("loop", "reveal", "activity", "picnic", "--needs", "food,food", "--props", "house,group")
    assert reveal.code == 1 and "in game #1, move #2" in reveal.err


def test_a_cards_file_is_merged_and_checked_against_the_library(
    cli: Cli, db_path: Path, tmp_path: Path
) -> None:
    loop_game(cli)
    cli("loop", *PICNIC)
    mine = tmp_path / "mine.toml"
    mine.write_text('[[goal]]\nname = "HOBBY"\nreward = 2\n')
    merged = loop_game(cli, "--cards", str(mine))
    assert "cards: 1 from the library (#1); 1 new from mine.toml" in merged.out
    wrong = tmp_path / "wrong.toml"
    wrong.write_text('[[activity]]\nname = "PICNIC"\nneeds = ["food", "food"]\nprops = ["house", "group"]\n')
    refused = cli("new", "loop", "--players", "ann,ben", "--cards", str(wrong))
    assert refused.code == 1 and "in game #1, move #2" in refused.err
    assert cli("games").out.count("loop") == 2  # no third game


def test_an_undone_or_voided_declaration_leaves_the_library(cli: Cli) -> None:
    loop_game(cli)
    cli("loop", *PICNIC)
    cli("loop", *HOBBY)
    before = cli("cards", "--kind", "loop").out
    assert "HOBBY" in before and "PICNIC" in before
    assert cli("undo").code == 0
    assert "HOBBY" not in cli("cards", "--kind", "loop").out
    assert cli("void", "2", "--reason", "misread the card").code == 0
    assert "PICNIC" not in cli("cards", "--kind", "loop").out
    # The table may now declare it as the card shows, in this game or another.
    assert cli("loop", *PICNIC_OTHERWISE).code == 0


def test_a_correction_is_logged_and_names_the_games_it_affects(cli: Cli, db_path: Path) -> None:
    loop_game(cli)
    cli("loop", *PICNIC)
    loop_game(cli)  # takes PICNIC from the library
    loop_game(cli, "--fresh")  # never declares it
    missing = cli("cards", "correct", "loop", "declare", "activity", "picnic", "--needs", "food,food")
    assert missing.code == 2  # no --reason
    fixed = cli("cards", "correct", "loop", *PICNIC_OTHERWISE, "--reason", "it shows two FOOD")
    assert fixed.code == 0, fixed.err
    assert "corrected activity PICNIC" in fixed.out
    assert 'was needs = ["food", "utility"]' in fixed.out and "in game #1, move #2)" in fixed.out
    assert fixed.out.rstrip().endswith("games whose logs keep the earlier word: #1, #2")
    entry = Referee(Store(db_path)).card_library("loop").entries["activity PICNIC"]
    assert (entry.source, entry.note, entry.affects) == ("correct", "it shows two FOOD", (1, 2))
    # New games take the correction; a declaration of the old face is refused, citing it.
    assert "PICNIC" in faces(db_path, int(loop_game(cli).out.split()[1].rstrip(":")))
    loop_game(cli, "--fresh")
    refused = cli("loop", *PICNIC)
    assert refused.code == 1 and "by the correction of" in refused.err and "it shows two FOOD" in refused.err
    # The games played with the earlier word keep it: their logs are what happened.
    assert faces(db_path, 2)["PICNIC"] == faces(db_path, 1)["PICNIC"]
    assert cli("--game", "1", "verify").code == 0
    # Its own export, imported again, is the game it is (not a contradiction of the correction).
    exported = db_path.parent / "game1.jsonl"
    assert cli("--game", "1", "export", "-o", str(exported)).code == 0
    again = cli("import", str(exported))
    assert again.code == 0 and "is game 1 already" in again.out, again.err
    same = cli("cards", "correct", "loop", *PICNIC_OTHERWISE, "--reason", "again")
    assert same.code == 1 and "says that of activity PICNIC already" in same.err


def test_the_library_exported_as_toml_imports_into_another_database(
    cli: Cli, db_path: Path, tmp_path: Path
) -> None:
    loop_game(cli)
    cli("loop", *PICNIC)
    cli("loop", *HOBBY)
    shared = tmp_path / "group.toml"
    assert cli("cards", "--kind", "loop", "-o", str(shared)).code == 0
    other = str(tmp_path / "other.db")
    first = cli("--db", other, "cards", "import", str(shared), "--kind", "loop")
    assert first.code == 0
    assert "imported 2 faces and settings" in first.out and "(0 known already, 0 corrected)" in first.out
    again = cli("--db", other, "cards", "import", str(shared), "--kind", "loop")
    assert "imported 0 faces and settings" in again.out and "(2 known already" in again.out
    assert cli("--db", other, "cards", "--kind", "loop").out == shared.read_text()
    started = cli("--db", other, "new", "loop", "--players", "ann,ben")
    assert "cards: 2 from the library (an import)" in started.out
    # Imported faces are checked as declarations are: a contradicting file adds nothing.
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(shared.read_text().replace('"food", "utility"', '"food", "food"'))
    refused = cli("--db", other, "cards", "import", str(wrong), "--kind", "loop")
    assert refused.code == 1 and "by the import of group.toml" in refused.err
    assert cli("--db", other, "cards", "--kind", "loop").out == shared.read_text()


def test_a_game_started_from_the_library_replays_on_a_fresh_database(cli: Cli, tmp_path: Path) -> None:
    loop_game(cli)
    cli("loop", *PICNIC)
    loop_game(cli)
    exported = tmp_path / "game2.jsonl"
    assert cli("--game", "2", "export", "-o", str(exported)).code == 0
    fresh = tmp_path / "fresh.db"
    assert cli("--db", str(fresh), "import", str(exported)).code == 0
    assert cli("--db", str(fresh), "verify").code == 0
    assert "PICNIC" in faces(fresh, 1)


@pytest.mark.parametrize(
    ("kind", "players", "more"),
    [
        ("planet-b", "ann,ben", ("--cards", str(FIXTURES / "planet-b-test-cards.toml"))),
        (
            "pursuit",
            "ann,ben,cat",
            (
                "--modules",
                "community,friends,pets,school,stand-alone-jobs",
                "--cards",
                str(FIXTURES / "pursuit-test-settings.toml"),
            ),
        ),
    ],
)
def test_every_game_kind_keeps_a_library(cli: Cli, kind: str, players: str, more: tuple[str, ...]) -> None:
    first = cli("new", kind, "--players", players, *more)
    assert first.code == 0, first.err
    declared = cli("cards").out
    second = cli("new", kind, "--players", players, *more[:-2])
    assert second.code == 0, second.err
    assert "from the library (#1)" in second.out
    assert cli("cards").out == declared  # the second game knows what the first declared


def test_an_imported_game_meets_the_library_as_a_declaration_would(cli: Cli, tmp_path: Path) -> None:
    loop_game(cli)
    cli("loop", *PICNIC_OTHERWISE)
    exported = tmp_path / "theirs.jsonl"
    assert cli("export", "-o", str(exported)).code == 0
    ours = str(tmp_path / "ours.db")
    cli("--db", ours, "new", "loop", "--players", "ann,ben")
    cli("--db", ours, "loop", *PICNIC)
    refused = cli("--db", ours, "import", str(exported))
    assert refused.code == 1 and "activity PICNIC was declared otherwise in game #1, move #2" in refused.err
    assert cli("--db", ours, "games").out.count("loop") == 1  # nothing imported


def test_a_file_imported_with_correct_takes_its_word_and_names_the_games(
    cli: Cli, db_path: Path, tmp_path: Path
) -> None:
    loop_game(cli)
    cli("loop", *PICNIC)
    cli("loop", *HOBBY)
    theirs = tmp_path / "theirs.toml"
    theirs.write_text(
        '[[activity]]\nname = "PICNIC"\nneeds = ["food", "food"]\nprops = ["house", "group"]\n\n'
        '[[goal]]\nname = "HOBBY"\nreward = 2\n\n[[goal]]\nname = "CURIOSITY"\nreward = 3\n'
    )
    done = cli("cards", "import", str(theirs), "--kind", "loop", "--correct", "their deck is right")
    assert done.code == 0, done.err
    lines = done.out.splitlines()
    assert lines[0].endswith("into the loop library (1 known already, 1 corrected)")
    assert lines[0].startswith(f"imported 1 faces and settings from {theirs}")  # CURIOSITY
    assert lines[1].startswith("corrected activity PICNIC") and lines[1].endswith("earlier word: #1")
    entry = Referee(Store(db_path)).card_library("loop").entries["activity PICNIC"]
    assert (entry.source, entry.note, entry.affects) == ("correct", "their deck is right", (1,))


def test_a_correction_names_only_the_games_whose_logs_say_otherwise(
    cli: Cli, db_path: Path, tmp_path: Path
) -> None:
    """A correction names the games whose logs keep another word than the one it gives: a game
    that says what the correction says is not one of them, by `cards correct` or by a file
    imported with --correct."""
    loop_game(cli)  # #1 declares PICNIC with FOOD and UTILITY
    cli("loop", *PICNIC)
    fixed = cli("cards", "correct", "loop", *PICNIC_OTHERWISE, "--reason", "it shows two FOOD")
    assert fixed.out.startswith(
        'corrected activity PICNIC in the loop library: needs = ["food", "food"], props = ["group", "house"]'
        ' (was needs = ["food", "utility"], props = ["group", "house"], '
    )
    loop_game(cli)  # #2 takes the correction from the library
    first = tmp_path / "first.toml"
    first.write_text(
        '[[activity]]\nname = "PICNIC"\nneeds = ["food", "utility"]\nprops = ["house", "group"]\n'
    )
    back = cli("cards", "import", str(first), "--kind", "loop", "--correct", "the first word was right")
    assert back.code == 0, back.err
    assert back.out.splitlines()[1].endswith("games whose logs keep the earlier word: #2")  # #1 says so
    again = cli("cards", "correct", "loop", *PICNIC_OTHERWISE, "--reason", "two FOOD after all")
    assert again.out.rstrip().endswith("games whose logs keep the earlier word: #1")  # #2 says so


def test_a_pursuit_setting_imported_as_a_correction_reads_as_the_file_says_it(
    cli: Cli, tmp_path: Path
) -> None:
    """A cards file of another game kind (Pursuit's settings, read beside its preset) imported
    with --correct: the correction tells the setting as it now reads and as it read."""
    settings = str(FIXTURES / "pursuit-test-settings.toml")
    assert cli("new", "pursuit", "--players", "ann,ben", "--cards", settings).code == 0  # solo-target 20
    theirs = tmp_path / "theirs.toml"
    theirs.write_text('[settings]\nsolo-target = "25"\n')
    done = cli("cards", "import", str(theirs), "--kind", "pursuit", "--correct", "our box says 25")
    assert done.code == 0, done.err
    assert (
        'corrected setting solo-target in the pursuit library: value = "25" (was value = "20", ' in done.out
    )


def test_a_pursuit_setting_declared_otherwise_is_refused_citing_the_library(cli: Cli, tmp_path: Path) -> None:
    """A second game's file that says otherwise of a setting is refused, citing the card library
    (the group's own record) and telling each face as the file says it."""
    settings = str(FIXTURES / "pursuit-test-settings.toml")
    assert cli("new", "pursuit", "--players", "ann,ben", "--cards", settings).code == 0  # solo-target 20
    theirs = tmp_path / "theirs.toml"
    theirs.write_text('[settings]\nsolo-target = "25"\n')
    refused = cli("new", "pursuit", "--players", "ann,ben", "--cards", str(theirs))
    assert refused.code == 1, refused
    assert refused.err.startswith(
        "referee: the card library: setting solo-target was declared otherwise in game #1"
    )
    assert ': value = "20"; not value = "25"' in refused.err


def test_the_pursuit_library_takes_every_modules_cards(cli: Cli, db_path: Path, tmp_path: Path) -> None:
    """A Pursuit library holds the cards of every module, whichever modules its games play."""
    friend = tmp_path / "friend.toml"
    friend.write_text(
        '[[card]]\nname = "KEVIN"\nkind = "friend"\nlevels = [{requirement = "job", reward = "1creativity'
        ' 2influence", upkeep = "1influence"}, {cost = "1hourglass 1influence", reward = "1lth", upkeep ='
        ' "1money"}, {cost = "4knowledge", reward = "2creativity 3influence 2lth"}]\n'
    )
    done = cli("cards", "import", str(friend), "--kind", "pursuit")
    assert done.code == 0, done.err
    assert "card KEVIN" in Referee(Store(db_path)).card_library("pursuit").entries


def test_a_planet_b_mood_track_declared_otherwise_is_refused_telling_each_track(
    cli: Cli, tmp_path: Path
) -> None:
    """A face with no name of its own (Planet B's mood track, keyed `mood`) is told by its parts
    when a second game's file says otherwise of it."""
    assert (
        cli(
            "new", "planet-b", "--players", "ann,ben", "--cards", str(FIXTURES / "planet-b-test-cards.toml")
        ).code
        == 0
    )
    theirs = tmp_path / "theirs.toml"
    theirs.write_text(
        '[mood]\nspaces = ["-2vote", "-vote", "", "2money vote", "4money 2vote"]\nneutral = 2\n'
    )
    refused = cli("new", "planet-b", "--players", "ann,ben", "--cards", str(theirs))
    assert refused.code == 1, refused
    assert "the card library: mood was declared otherwise in game #1" in refused.err
    assert "; not spaces = [" in refused.err and "neutral = 2" in refused.err


def test_a_kind_of_game_that_keeps_no_faces_has_an_empty_library(tmp_path: Path) -> None:
    """A game without ``library_face`` (the Game protocol makes it optional): its library is
    empty and named for it, so a new game of it is given no declarations."""
    toy = SimpleNamespace(name="toy")
    store = Store(tmp_path / "ledger.db")
    found = library.read(store, toy)
    assert (found.kind, found.entries) == ("toy", {})
    assert library.commands(found, toy, None) == []  # type: ignore[arg-type]
    store.close()


def test_a_face_the_file_says_as_the_library_does_is_taken_from_the_library(
    cli: Cli, db_path: Path, tmp_path: Path
) -> None:
    """A cards file's face that agrees with the library is the library's: `new` counts it as
    taken from there (citing the game it was first declared in), declared once, none new."""
    loop_game(cli)
    cli("loop", *PICNIC)
    same = tmp_path / "same.toml"
    same.write_text(
        '[[activity]]\nname = "PICNIC"\nneeds = ["food", "utility"]\nprops = ["house", "group"]\n'
    )
    second = loop_game(cli, "--cards", str(same))
    assert "cards: 1 from the library (#1); 0 new from same.toml" in second.out.splitlines()
    assert "PICNIC" in faces(db_path, 2)


def test_fresh_with_a_cards_file_declares_the_files_faces_even_those_the_library_holds(
    cli: Cli, db_path: Path, tmp_path: Path
) -> None:
    """`--fresh` takes nothing from the library, but every face of the table's own file is
    declared, a face the library holds too included."""
    loop_game(cli)
    cli("loop", *PICNIC)
    same = tmp_path / "same.toml"
    same.write_text(
        '[[activity]]\nname = "PICNIC"\nneeds = ["food", "utility"]\nprops = ["house", "group"]\n'
    )
    fresh = loop_game(cli, "--fresh", "--cards", str(same))
    assert "cards:" not in fresh.out
    assert "PICNIC" in faces(db_path, 2)
    assert cli("loop", *PICNIC).code == 1  # declared already, by `new`


@pytest.mark.parametrize("names", [("KEVIN", "LUCY"), ("KEVIN", "LUCY", "MAX")])
def test_a_library_declaration_this_setup_cannot_take_is_left_out_and_counted(
    cli: Cli, tmp_path: Path, names: tuple[str, ...]
) -> None:
    """The library holds every declaration its games and imports made, whatever their setup: a
    new game takes those its setup can, and counts each one it left out, not only the first
    (here a Friend pile of one card, the library's own setting, takes one FRIEND of 2 or 3)."""
    level = (
        'levels = [{requirement = "job", reward = "1creativity 2influence", upkeep = "1influence"},'
        ' {cost = "1hourglass 1influence", reward = "1lth", upkeep = "1money"},'
        ' {cost = "4knowledge", reward = "2creativity 3influence 2lth"}]\n'
    )
    friends = tmp_path / "friends.toml"
    friends.write_text("".join(f'[[card]]\nname = "{n}"\nkind = "friend"\n{level}\n' for n in names))
    size = tmp_path / "size.toml"
    size.write_text('[settings]\nfriend-cards = "1"\n')
    for file in (friends, size):
        assert cli("cards", "import", str(file), "--kind", "pursuit").code == 0
    started = cli("new", "pursuit", "--players", "ann,ben,cat")
    assert started.code == 0, started.err
    left_out = len(names) - 1
    assert (
        f"cards: 2 from the library (an import); {left_out} library declarations not for this setup"
        in started.out.splitlines()
    )


def test_new_counts_every_face_of_the_file_beside_those_of_the_library(
    cli: Cli, db_path: Path, tmp_path: Path
) -> None:
    """`new` says how many faces the table's file declared, all of them, beside those taken from
    the library: here 2 new from the file (each its own declaration) and 1 from the library."""
    loop_game(cli)
    cli("loop", *PICNIC)
    mine = tmp_path / "mine.toml"
    mine.write_text(
        '[[goal]]\nname = "HOBBY"\nreward = 2\n\n'
        '[[activity]]\nname = "BARBECUE"\nneeds = ["food", "food"]\nprops = ["group", "house"]\n'
    )
    merged = loop_game(cli, "--cards", str(mine))
    assert "cards: 1 from the library (#1); 2 new from mine.toml" in merged.out.splitlines()
    assert {"PICNIC", "BARBECUE"} <= set(faces(db_path, 2))


def test_the_faces_new_declared_from_the_library_are_the_setup_and_the_first_move_is_not(
    cli: Cli,
) -> None:
    """Every face `new` took from the library is part of the setup it recorded: neither can be
    voided or undone (the last of them included); the table's first move after them can."""
    loop_game(cli)
    cli("loop", *PICNIC)
    cli("loop", *HOBBY)
    second = loop_game(cli)
    assert "cards: 2 from the library (#1)" in second.out.splitlines()
    declared = [line.split()[0] for line in cli("log").out.splitlines() if " declare " in line]
    assert declared == ["2", "4"]  # each declaration a move of 2 rows: the move and its fact
    for seq in declared:
        voided = cli("void", seq, "--reason", "not ours")
        assert voided.code == 1 and f"#{seq} is part of the setup" in voided.err
    undone = cli("undo")
    assert undone.code == 1 and "no move has been made since `new`" in undone.err
    assert cli("loop", "reveal", "material", "glass", "--to", "ann").code == 0  # #6-7
    taken_back = cli("undo")
    assert taken_back.code == 0 and "undo #6 (reveal material glass --to ann)" in taken_back.out
