"""LOOP from the command line, the way a table plays it: real cards revealed as they are
flipped, the rulebook's worked examples arising in play, refusals that append nothing, a
whole virtual-deck game driven by `moves`, and snapshots of a recorded game."""

from __future__ import annotations

import json
import random
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from syrupy.assertion import SnapshotAssertion

from tests.conftest import Result

ROOT = Path(__file__).resolve().parents[2]
CARDS = ROOT / "fixtures" / "loop-test-cards.toml"
RECORDED = ROOT / "fixtures" / "loop-basic-3p.jsonl"
Cli = Callable[..., Result]

AREA = [
    "dance --props heart,leaf",  # the rulebook prints DANCE's colours, not its PROPERTY
    "picnic --needs food,food --props house,leaf",
    "library --needs glass,glass --props book,group",
    "cooking --needs food,utility --props heart,house",
    "museum --needs glass,utility --props book,house",
]


def move(cli: Cli, line: str) -> Result:
    result = cli("loop", *shlex.split(line))
    assert result.code == 0, f"{line}: {result.err}"
    return result


def players(cli: Cli, *args: str) -> dict[str, dict[str, Any]]:
    """Each player in the typed view of ``status --json`` (with ``args``, e.g. --as ann)."""
    return dict(json.loads(cli("status", "--json", *args).out)["view"]["players"])


def mats(player: dict[str, Any]) -> list[str]:
    return [f"{m['type']}@{m['quality']}" for m in player["materials"]]


def head(cli: Cli) -> int:
    return int(json.loads(cli("status", "--json").out)["head"])


@pytest.fixture
def table(cli: Cli) -> Cli:
    """ann and ben at a real table, after setup: ann GLASS, ben FOOD; five ACTIVITY face up."""
    assert cli("new", "loop", "--players", "ann,ben").code == 0
    move(cli, "reveal material glass --to ann")
    move(cli, "reveal material food --to ben")
    for card in AREA:
        move(cli, f"reveal activity {card}")
    return cli


def test_setup_then_the_starting_players_turn(table: Cli) -> None:
    status = json.loads(table("status", "--json").out)
    assert status["to_act"] == ["ann"]
    assert status["headline"].startswith("Round 1 · ann's turn")
    ann, ben = players(table)["ann"], players(table)["ben"]
    # 1.0: HAPPINESS 4, 2 COIN, the revealed MATERIAL at QUALITY 2; FAVOUR 2 and 3 by seat, +1 drawn by ann.
    assert (ann["happiness"], ann["coin"], mats(ann), ann["hand"], ann["unseen"]) == (4, 2, ["glass@2"], 3, 3)
    assert (ben["happiness"], ben["coin"], mats(ben), ben["hand"], ben["unseen"]) == (4, 2, ["food@2"], 3, 3)


def test_share_dance_and_the_rejected_second_share(table: Cli) -> None:
    """2.2 c): DANCE takes GLASS 1 -> 0 (to its owner's LANDFILL) and PLASTIC 2 -> 1; a SHAREd
    QUALITY 1 MATERIAL breaks into her LANDFILL; 3.1: a second SHARE rejected deducts nothing."""
    move(table, "buy ann glass:1")
    move(table, "end ann")
    move(table, "reveal material glass")
    move(table, "buy ben plastic:2")
    move(table, "end ben")
    move(table, "reveal material plastic")
    move(table, "work ann")
    move(table, "end ann")
    move(table, "favour ben share ann glass@1")
    assert "+2 REPUTATION" in move(table, "accept ann").out  # 2.4 a): SHARE gives 2
    move(table, "favour ben share ann glass@2")
    move(table, "reject ann --rep")  # 2.5 d)
    consumed = move(table, "consume ben dance=ann:glass@1,plastic@2").out
    assert (
        "GLASS@1 BROKEN: to ann's LANDFILL" in consumed
    )  # "her MATERIAL is BROKEN and is moved to her LANDFILL"
    ann, ben = players(table)["ann"], players(table)["ben"]
    assert (mats(ann), ann["landfill"], ann["reputation"]) == (["glass@2"], ["glass"], 1)
    assert (mats(ben), ben["happiness"], ben["kept"]) == (
        ["food@2", "plastic@1"],
        5,
        [{"name": "DANCE", "types": ["glass", "plastic"]}],
    )


def test_a_consume_says_which_card_broke(table: Cli) -> None:
    """2.2 c): "If a MATERIAL's QUALITY reaches 0, it is BROKEN and must be moved to its owner
    LANDFILL immediately": the table moves the card, so the move's facts say so (issue 42: a
    LIBRARY with GLASS@1 and GLASS@2 said only "+1 HAPPINESS"); the other GLASS stays, at 1."""
    move(table, "buy ann glass:1")
    move(table, "end ann")
    move(table, "reveal material glass")
    move(table, "work ben")
    move(table, "end ben")
    printed = move(table, "consume ann library=glass@1,glass@2").out
    assert "GLASS@1 BROKEN: to ann's LANDFILL" in printed
    assert printed.count("BROKEN") == 1  # GLASS@2 only loses 1 QUALITY
    ann = players(table)["ann"]
    assert (mats(ann), ann["landfill"]) == (["glass@1"], ["glass"])
    log = table("log", "-n", "1").out
    assert "GLASS@1 BROKEN: to ann's LANDFILL" in log  # and the log says it, as the pages do


def test_reputation_worked_examples(table: Cli) -> None:
    """2.5 a) 2 REPUTATION in a WORK turn as INTERN gives 5 COIN; 2.5 b) 2 REPUTATION and
    2 COIN buy METAL@1 and UTILITY@3; 1 REPUTATION cannot buy a QUALITY 1 MATERIAL."""
    move(table, "favour ann share ben food@2")
    move(table, "accept ben")
    move(table, "work ann")  # the SHARE goes unused: nothing is deducted from ben's FOOD
    move(table, "end ann")
    assert mats(players(table)["ben"]) == ["food@2"]
    move(table, "work ben --rep 2")
    assert (players(table)["ben"]["coin"], players(table)["ben"]["reputation"]) == (7, 0)
    move(table, "end ben")
    move(table, "favour ann share ben food@2")
    move(table, "accept ben")
    move(table, "work ann")
    move(table, "end ann")
    before = head(table)
    refused = table("loop", "buy", "ben", "food:1", "--rep", "1")
    assert refused.code == 1 and refused.err.startswith("referee: LOOP 2.5 b)")
    assert head(table) == before  # nothing appended
    move(table, "buy ben metal:1 utility:3 --rep 2")
    ben = players(table)["ben"]
    assert (ben["coin"], ben["reputation"]) == (5, 0)  # 7 - 2
    assert "metal@1" in mats(ben) and "utility@3" in mats(ben)


@pytest.mark.parametrize(
    ("line", "code", "rule"),
    [
        ("work ben", 1, "LOOP 2.1"),  # not ben's turn (turns go clockwise)
        ("buy ann glass:5", 1, "LOOP 2.2 b)"),  # QUALITY 1 to 4
        ("buy ann glass:1 food:1 metal:1 plastic:1", 1, "LOOP 2.2 b)"),  # a 4th card
        ("consume ann picnic=glass,glass", 1, "LOOP 2.2 c)"),  # without the colours
        ("goal ann sense-of-belonging --reward 3", 1, "LOOP 2.3"),  # outside a CONSUME turn
        ("end ann", 1, "LOOP 2.7"),  # no main action yet
        ("reveal material glass", 1, "LOOP 2.7"),  # no empty slot awaits it
        ("buy ann gold:1", 2, None),  # not a MATERIAL
    ],
)
def test_refusals_append_nothing(table: Cli, line: str, code: int, rule: str | None) -> None:
    before = head(table)
    result = table("loop", *shlex.split(line))
    assert result.code == code, result.err
    assert len(result.err.strip().splitlines()) == 1 and "Traceback" not in result.err
    if rule:
        assert result.err.startswith(f"referee: {rule}"), result.err
    assert head(table) == before


def test_a_second_main_action_is_refused(table: Cli) -> None:
    move(table, "work ann")
    result = table("loop", "buy", "ann", "glass:1")
    assert result.code == 1 and "LOOP 2.2" in result.err


def test_a_whole_virtual_game_from_the_command_line(cli: Cli) -> None:
    """With --seed and a full cards file the referee deals everything; `moves` lists what is
    legal, and any of it is accepted, until the final tally."""
    assert cli("new", "loop", "--players", "ann,ben,cat", "--seed", "4", "--cards", str(CARDS)).code == 0
    rng = random.Random(4)
    for _ in range(2000):
        status = json.loads(cli("status", "--json").out)
        if status["over"]:
            break
        moves = [m["text"] for m in json.loads(cli("moves", "--json").out)["moves"]]
        ends = [m for m in moves if m.split()[0] in ("end", "consume", "goal", "accept")]
        move(cli, rng.choice(ends if ends and rng.random() < 0.6 else moves))
    else:
        pytest.fail("the game did not end")
    sheet = json.loads(cli("score", "--json").out)["score"]
    assert sheet["final"] and sheet["winners"]
    assert [line["rank"] for line in sheet["lines"]] == sorted(line["rank"] for line in sheet["lines"])
    assert cli("verify").code == 0
    shown = players(cli).values()
    assert all(p["favours"] is not None and len(p["favours"]) == p["hand"] for p in shown)  # over: all shown


def test_hands_are_shown_only_to_their_owner(cli: Cli) -> None:
    cli("new", "loop", "--players", "ann,ben", "--seed", "9", "--cards", str(CARDS))
    table, mine = players(cli), players(cli, "--as", "ann")
    # 1.0, 2 players: 2 and 3 FAVOUR by seat; ann (1st) drew 1 at her turn's start (2.2).
    assert (table["ann"]["hand"], table["ann"]["favours"]) == (3, None)  # counts only
    assert (table["ben"]["hand"], table["ben"]["favours"]) == (3, None)
    assert len(mine["ann"]["favours"]) == 3  # ann sees her own cards
    assert mine["ben"]["favours"] is None  # ben's hand stays hidden from ann
    assert len(mine["ann"]["goals"]) == 3 and mine["ben"]["goals"] is None
    assert table["ben"]["goals_left"] == 3

    def goal_faces(*args: str) -> list[str]:
        return [g["name"] for g in json.loads(cli("status", "--json", *args).out)["view"]["goals"]]

    # Virtual decks declare every face up front; only those in play are shown, secret GOAL
    # only to their owner.
    assert goal_faces() == []
    assert sorted(goal_faces("--as", "ann")) == sorted(mine["ann"]["goals"])
    text = cli("status", "--as", "ann").out
    assert all(f"GOAL {g}" in text for g in mine["ann"]["goals"])


def test_play_a_loop_game_through_a_pipe(cli: Cli, db_path: Path) -> None:
    import os
    import subprocess
    import sys

    env = {**os.environ, "REFEREE_DB": str(db_path), "PYTHONPATH": str(ROOT)}
    referee = [sys.executable, "-c", "from referee_cli.main import main; main()"]
    subprocess.run(
        [*referee, "new", "loop", "--players", "ann,ben"], env=env, check=True, capture_output=True
    )
    lines = [
        "reveal material glass --to ann",
        "reveal material food --to ben",
        *(f"reveal activity {card}" for card in AREA),
        "buy ann glass:1",
        "work ann",
        "end ann",
        "reveal material glass",
        "status",
    ]
    done = subprocess.run(
        [*referee, "play"], input="\n".join(lines) + "\n", env=env, capture_output=True, text=True
    )
    assert done.stderr.splitlines() == [
        "referee: LOOP 2.2 Start Turn: ann already did BUY this turn"
        " (1 and only 1 of WORK, BUY or CONSUME per turn; now BUY up to 2 more, play FAVOUR or end ann)"
    ]
    assert "Round 1 · ben's turn" in done.stdout


def test_the_recorded_game(cli: Cli, snapshot: SnapshotAssertion) -> None:
    """A whole three-player game kept in fixtures/: it imports, verifies, and reads the same."""
    assert cli("import", str(RECORDED)).code == 0
    assert cli("verify").code == 0
    for args in [("status",), ("log",), ("score",)]:
        result = cli(*args)
        assert result.code == 0
        assert result.out == snapshot(name=args[0])
    assert json.loads(cli("score", "--json").out) == snapshot(name="score-json")


def test_the_log_does_not_name_a_favour_drawn(cli: Cli) -> None:
    """With virtual decks the referee knows each card drawn; the log, read at the table, and
    the lines printed after a move say only that one was drawn."""
    assert cli("new", "loop", "--players", "ann,ben", "--seed", "9", "--cards", str(CARDS)).code == 0
    move(cli, "work ann")
    ended = move(cli, "end ann")
    assert "ben draws a FAVOUR" in ended.out
    log = cli("log").out
    assert "ann draws a FAVOUR" in log and "draws a FAVOUR (" not in log
    assert "draws a FAVOUR (" not in ended.out


def test_a_goal_first_needs_a_consume_possible(table: Cli) -> None:
    """2.3: a GOAL is achieved "anytime during your CONSUME turn": before the 1st CONSUME only
    if one is possible now. After a CONSUME the headline counts the turn's ACTIVITY (up to 3,
    over several moves) and WORK stays refused."""
    refused = table("loop", "goal", "ann", "hobby", "--reward", "2")  # ann: GLASS only
    assert refused.code == 1 and refused.err.startswith("referee: LOOP 2.3"), refused.err
    assert "claim it after you CONSUME" in refused.err
    move(table, "buy ann glass:1")
    move(table, "end ann")
    move(table, "reveal material glass")
    move(table, "work ben")
    move(table, "end ben")
    move(table, "consume ann library=glass@2,glass@1")  # LIBRARY needs GLASS and GLASS
    assert "CONSUME turn: 1 of 3 ACTIVITY consumed" in json.loads(table("status", "--json").out)["headline"]
    refused = table("loop", "work", "ann")
    assert refused.code == 1 and refused.err.startswith("referee: LOOP 2.2"), refused.err
    move(table, "end ann")


def test_moves_for_a_player_while_the_table_refills_names_the_reveal_owed(table: Cli) -> None:
    move(table, "buy ann plastic:1")
    move(table, "end ann")
    shown = table("moves", "ben")
    assert shown.code == 0
    lines = shown.out.splitlines()
    assert lines[0] == "ben has no move now; table: reveal material TYPE (x1)"
    assert "reveal material plastic" in lines[1:] and "no legal moves" not in shown.out
    move(table, "reveal material plastic")
    assert table("moves", "ann").out.startswith("ann has no move now; ben: work | buy | favour")


def test_moves_while_the_table_must_declare_faces_says_what_to_type(cli: Cli) -> None:
    """Virtual decks with no faces declared (STYLE: the table declares unknown faces): nothing
    can be listed, so `moves` says which declaration the table owes, not "no legal moves"."""
    assert cli("new", "loop", "--players", "ann,ben", "--seed", "4").code == 0
    shown = cli("moves")
    assert shown.code == 0
    assert shown.out.startswith("no move to list now; table: declare activity NAME")
