"""Planet B from the command line, the way a table plays it: a real table typing its
reveals and draft; refusals that append nothing; a whole virtual game typed into
``referee play``; what people see (status, an election, the score sheet) as snapshots."""

from __future__ import annotations

import io
import json
import shlex
from collections.abc import Callable
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

import ledger.games.planet_b as planet_b
from ledger.decider import Setup
from ledger.games.planet_b.faces import Faces, added, check
from ledger.games.planet_b.model import ElectionEnded
from ledger.randomplay import Played
from tests.conftest import Result
from tests.planet_b.fuzz import play

ROOT = Path(__file__).resolve().parents[2]
CARDS = str(ROOT / "fixtures" / "planet-b-test-cards.toml")
Cli = Callable[..., Result]


def move(cli: Cli, line: str) -> Result:
    result = cli("planet-b", *shlex.split(line))
    assert result.code == 0, f"{line}: {result.err}"
    return result


def head(cli: Cli) -> int:
    return int(json.loads(cli("status", "--json").out)["head"])


def view(cli: Cli, *args: str) -> dict[str, object]:
    return dict(json.loads(cli("status", "--json", *args).out)["view"])


@pytest.fixture
def table(cli: Cli) -> Cli:
    """ann and ben at a real table, their boards and cards from the test data file."""
    assert cli("new", "planet-b", "--players", "ann,ben", "--cards", CARDS).code == 0
    return cli


def test_a_real_table_reveals_its_setup_and_drafts(table: Cli) -> None:
    status = json.loads(table("status", "--json").out)
    assert status["to_act"] == ["table"]
    assert status["view"]["awaited"] == [
        "reveal tiles LEFT MIDDLE RIGHT",
        # one command for the three news and, with 2 players, the removed B tile (issue 17)
        "reveal news I CARD II CARD III CARD --removed TILE",
    ]
    wrong = table("planet-b", "reveal", "tiles", "gene-labs", "media-house", "orbital-farms")
    assert wrong.code == 1 and "GENE LABS is a B tile, not A" in wrong.err
    unknown = table("planet-b", "reveal", "news", "I", "moon-landing")
    assert unknown.code == 2 and "reveal news I moon-landing box=" in unknown.err  # the face with the reveal
    before = head(table)
    move(table, "reveal tiles orbital-farms asteroid-mining media-house")
    move(table, "reveal removed deep-mine")
    for pile, card in (("I", "plastic-bags"), ("II", "bribe"), ("III", "summit")):
        move(table, f"reveal news {pile} {card}")
    assert head(table) > before
    board = view(table)
    assert [s["side"] for s in board["spaces"]] == ["grey", "red", "grey"]  # type: ignore[index]
    assert board["draft"]["picker"] == "ben"  # type: ignore[index]
    # Starting Buildings: A from the last player to the right, B from the start player, C as A.
    for line in ("draft ben workshop", "draft ann bakery", "draft ann tailor", "draft ben bank",
                 "draft ben skyhook", "draft ann library"):  # fmt: skip
        move(table, line)
    refused = table("planet-b", "draft", "ann", "garage")
    assert refused.code == 1  # the draft is over: the game is on
    players = view(table, "--as", "ann")["players"]
    assert players["ann"]["in_hand"] == ["BAKERY", "LIBRARY", "TAILOR"]  # type: ignore[index]
    assert players["ben"]["in_hand"] is None and players["ben"]["hand"] == 3  # type: ignore[index]
    status = json.loads(table("status", "--json").out)
    assert status["headline"].startswith("ann's turn")


def test_refusals_append_nothing_and_say_what_is_legal(table: Cli) -> None:
    move(table, "reveal tiles orbital-farms asteroid-mining media-house")
    before = head(table)
    result = table("planet-b", "deal", "ann", "left")
    assert result.code == 1 and "PLANET B Your Turn: Make a Deal" in result.err
    result = table("planet-b", "sell", "ann", "gold")
    assert result.code == 2 and "unknown resource 'gold'" in result.err
    assert head(table) == before


def test_declaring_a_card_the_referee_does_not_know(cli: Cli) -> None:
    """The first time a face matters the table declares it; it is checked from then on."""
    assert cli("new", "planet-b", "--players", "ann,ben,cat").code == 0
    bad = cli("planet-b", "declare", "news", "smear", "pile=II", "box=2vote", "immoral=no")
    assert bad.code == 1 and "all II news cards are immoral" in bad.err
    move(cli, "declare news smear pile=II box=2vote immoral=yes")
    again = cli("planet-b", "declare", "news", "smear", "pile=II", "box=3vote", "immoral=yes")
    assert again.code == 1 and "declared otherwise" in again.err
    cheap = cli(
        "planet-b", "declare", "building", "shack", "pile=C", "cost=5", "vp=1", "area=brainy", "box=vote"
    )
    assert cheap.code == 1 and "C buildings cost between 24 and 30 money" in cheap.err
    assert "SMEAR" in cli("cards").out


def test_virtual_piles_with_no_cards_file_ask_for_every_face_first(cli: Cli) -> None:
    """Virtual piles are dealt from declared faces (the rulebook prints few of them): a game
    started without a cards file shows what the table is to declare before the setup, and
    each view (the table's, a player's) reads before any pile is laid out."""
    assert cli("new", "planet-b", "--players", "ann,ben", "--seed", "1").code == 0
    status = cli("status")
    assert status.code == 0, status.err
    assert "waiting for the boards and cards the rulebook does not print" in status.out
    assert "declare 14 A buildings" in status.out and "declare 10 blue laws" in status.out
    seen = view(cli, "--as", "ann")
    # no board side yet: no track, no room on the spaces, and no tile to show a side of
    assert (seen["side"], seen["track"]) == (None, 0)
    assert [(s["tile"], s["side"], s["room"]) for s in seen["spaces"]] == [(None, None, 0)] * 3
    assert (
        seen["phase"] == "cards" and seen["faces"] == json.loads(cli("status", "--json").out)["view"]["faces"]
    )


def test_a_whole_virtual_game_typed_into_the_shell(
    cli: Cli, monkeypatch: pytest.MonkeyPatch, snapshot: SnapshotAssertion
) -> None:
    """A game the fuzzer played, typed line by line into ``referee play``: the same end, the
    same score, a log that verifies; and what people see, as snapshots."""
    played = play(7, 3, check=False)
    lines = [planet_b.text(command) for command in played.commands]
    assert cli("new", "planet-b", "--players", "ann,ben,cat", "--seed", "7", "--cards", CARDS).code == 0
    first = next(i for i, e in enumerate(lines) if e.startswith("end"))
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines[:first]) + "\n"))
    assert cli("play").code == 0
    assert cli("status").out == snapshot(name="status in the first turn")
    election = _first_election(played)
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines[first:election]) + "\n"))
    assert cli("play").code == 0
    assert move(cli, lines[election]).out == snapshot(name="the move that holds the first election")
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines[election + 1 :]) + "\n"))
    assert cli("play").code == 0
    sheet = json.loads(cli("score", "--json").out)["score"]
    assert sheet["final"] and sheet["winners"] == planet_b.score(played.state).winners
    assert cli("score").out == snapshot(name="the end scoring sheet")
    assert cli("verify").code == 0
    assert "VP" in cli("status", "--reveal").out


def _first_election(played: Played) -> int:
    """The index of the played move whose facts hold the first election."""
    state = planet_b.initial(played.setup)
    for command in planet_b.load_cards(played.setup, Path(CARDS).read_text()):
        for event in planet_b.decide(state, command):
            state = planet_b.evolve(state, event)
    for i, command in enumerate(played.commands):
        events = planet_b.decide(state, command)
        if any(isinstance(event, ElectionEnded) for event in events):
            return i
        for event in events:
            state = planet_b.evolve(state, event)
    raise AssertionError("no election in the game")


def test_the_cards_a_game_declared_load_back_the_same(cli: Cli, tmp_path: Path) -> None:
    """Data the rulebook does not print: saved as TOML (`referee cards -o`), loaded with --cards."""
    assert cli("new", "planet-b", "--players", "ann,ben,cat", "--cards", CARDS).code == 0
    saved = tmp_path / "ours.toml"
    assert cli("cards", "-o", str(saved)).code == 0
    text = saved.read_text()
    assert text.startswith("# Planet B boards and cards declared at this table (the group's record")
    setup = Setup(game="planet-b", rules_version="1", players=("ann", "ben", "cat"), mode="standard")
    assert _faces(planet_b.load_cards(setup, text)) == _faces(
        planet_b.load_cards(setup, Path(CARDS).read_text())
    )


def _faces(commands: list[planet_b.Command]) -> Faces:
    declared = Faces()
    for command in commands:
        declared = added(declared, check(declared, command.face))
    return declared
