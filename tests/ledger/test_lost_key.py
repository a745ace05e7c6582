"""A table that loses ``<db>.key``, or copies ``ledger.db`` without it, loses the sealed seed
of every ``--seed`` game, and with it only what the seed alone could tell (issue 40, hole 2):
the order of each deck still to come, and the confirmation of what the referee dealt. Every
fact stays: each game reads, scores, verifies and exports from its log, and goes on as at a
real table, whose cards the table reveals itself, checked against what the decks still hold."""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ledger import games
from ledger.games.loop import data as loop_data
from ledger.service import Referee
from ledger.store import Store
from ledger.words import card_word
from tests import finished
from tests.conftest import Result
from tests.ledger.test_sealed_seed import start

Cli = Callable[..., Result]
KINDS = ["loop", "planet-b", "pursuit"]
# Every command that reads a game, each of which exited 3 once the key was gone.
READING = [["status"], ["log"], ["score"], ["moves"], ["verify"], ["export"], ["games"], ["stats"]]
VIEWERS = ("ann", "ben", "cat")
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def lose_key(db: Path) -> None:
    Path(f"{db}.key").unlink()


def seen(cli: Cli) -> dict[str, Any]:
    """What each player's page shows them of the table (``status --as``), and the score sheet."""
    views = {viewer: json.loads(cli("status", "--json", "--as", viewer).out)["view"] for viewer in VIEWERS}
    return {
        "players": {viewer: view["players"] for viewer, view in views.items()},
        "score": json.loads(cli("score", "--json").out),
    }


def rows_of(export: str) -> list[str]:
    return export.splitlines()[1:]  # the header says the game's status; the rows are the record


@pytest.mark.parametrize("kind", KINDS)
def test_a_running_game_whose_key_is_lost_reads_scores_verifies_and_exports_its_log(
    kind: str, cli: Cli, tmp_path: Path, referee: Referee, db_path: Path
) -> None:
    start(cli, tmp_path, kind)
    finished.play(referee, 1, kind, until_over=False, moves=12)
    before, rows = seen(cli), rows_of(cli("export").out)
    lose_key(db_path)
    for args in READING:
        result = cli(*args)
        assert result.code == 0, (args, result.err)
        assert "damaged" not in result.out, args
    # Each player is shown exactly the cards the log records of their hand (the same as with
    # the seed: a new log records every card dealt), and none of the others'.
    assert seen(cli) == before
    assert rows_of(cli("export").out) == rows
    verified = json.loads(cli("verify", "--json").out)
    assert verified["ok"] and verified["seed"] == "lost" and verified["unconfirmed"] > 0
    said = cli("verify").out.splitlines()[-1]
    assert said.startswith("the seed is lost") and f"{verified['unconfirmed']} move" in said
    assert "every other move checked through the rules" in said
    listed = json.loads(cli("games", "--json").out)["games"]
    assert [game["status"] for game in listed] == ["active"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_finished_game_whose_key_is_lost_scores_the_same(
    kind: str, cli: Cli, tmp_path: Path, referee: Referee, db_path: Path
) -> None:
    """Played to its end without ``reveal-seed``: the score, the statistics and each player's
    hidden cards read the same from the log alone."""
    start(cli, tmp_path, kind)
    finished.play(referee, 1, kind)
    before, stats = seen(cli), cli("stats", "--json").out
    lose_key(db_path)
    assert seen(cli) == before
    assert cli("stats", "--json").out == stats
    assert json.loads(cli("games", "--json").out)["games"][0]["status"] == "over"
    assert json.loads(cli("verify", "--json").out)["seed"] == "lost"
    # Nobody can reveal it any more, nor export it: it is not here. One line each, nothing appended.
    head = referee.store.head(1)
    for args, code in ((["reveal-seed"], 1), (["export", "--with-seed"], 2)):
        refused = cli(*args)
        assert refused.code == code and refused.out == "", args
        assert refused.err.count("\n") == 1 and "lost" in refused.err and "Traceback" not in refused.err
    assert referee.store.head(1) == head


def test_a_database_copied_without_its_key_reads_every_game_and_the_original_keeps_its_seeds(
    cli: Cli, elsewhere: Callable[..., Result], tmp_path: Path, referee: Referee, db_path: Path
) -> None:
    for game, kind in enumerate(KINDS, start=1):
        start(cli, tmp_path, kind)
        finished.play(referee, game, kind, until_over=False, moves=8)
    copy = tmp_path / "copy" / "ledger.db"
    copy.parent.mkdir()
    with sqlite3.connect(db_path) as source, sqlite3.connect(copy) as target:
        source.backup(target)  # the file as a backup would hold it, without ``ledger.db.key``
    assert not Path(f"{copy}.key").exists()
    for game in range(1, len(KINDS) + 1):
        for args in READING:
            result = elsewhere(copy, "--game", str(game), *args)
            assert result.code == 0, (game, args, result.err)
        assert json.loads(elsewhere(copy, "--game", str(game), "verify", "--json").out)["seed"] == "lost"
        assert json.loads(cli("--game", str(game), "verify", "--json").out)["seed"] == "sealed"
    assert [g["status"] for g in json.loads(elsewhere(copy, "games", "--json").out)["games"]] == [
        "active"
    ] * 3


# What each reveal a real table types may name: every face of that kind the game knows.
def faces(kind: str, state: Any, words: list[str]) -> set[str]:
    if kind == "loop":
        names = loop_data.MATERIALS if words[1] == "material" else tuple(state.activity_faces)
    elif kind == "planet-b":
        names = tuple(name for name, face in state.faces.news.items() if face.pile == words[2])
    elif words[1] == "community":
        names = tuple(state.faces.community)
    else:
        names = tuple(c.name for c in state.faces.cards.values() if c.kind == "friend")
    return {card_word(name) for name in names}


def awaited_reveal(referee: Referee, kind: str) -> tuple[list[str], str, str]:
    """Play on (random legal moves) until the table must reveal a card and some card of that
    kind is one the deck can no longer hold: the words before the card, one it can hold (a
    legal reveal), and one it cannot."""
    rules, rng = games.get(kind), random.Random(2)
    for _ in range(300):
        state = referee.load(1).state
        legal = [rules.text(move) for move in rules.legal(state)]
        reveals = [text.split() for text in legal if text.startswith("reveal ")]
        if reveals:
            words = reveals[0][:-1]
            held = {text[-1] for text in reveals if text[:-1] == words}
            cannot = sorted(faces(kind, state, words) - held)
            if cannot:
                return words, sorted(held)[0], cannot[0]
        referee.submit_text(1, rng.choice(legal).split())
    raise AssertionError(f"{kind}: no reveal the deck cannot hold in 300 moves")


@pytest.mark.parametrize("kind", KINDS)
def test_after_the_key_is_lost_the_table_reveals_what_the_decks_can_still_hold(
    kind: str, cli: Cli, tmp_path: Path, referee: Referee, db_path: Path
) -> None:
    """From the loss on the game is a real table's: the referee deals nothing (it no longer
    knows any deck's order), the table reveals each card it turns up, and the referee refuses a
    card the deck cannot hold (its composition, from the cards the log says came out)."""
    start(cli, tmp_path, kind)
    finished.play(referee, 1, kind, until_over=False, moves=30 if kind == "loop" else 6)
    lose_key(db_path)
    lost = Referee(Store(db_path))
    words, can, cannot = awaited_reveal(lost, kind)
    head = lost.store.head(1)
    lost.store.close()
    refused = cli(kind, *words, cannot)
    assert refused.code == 1 and refused.out == "" and "Traceback" not in refused.err, refused.err
    assert refused.err.count("\n") == 1 and cannot.replace("-", " ").upper() in refused.err.upper()
    assert referee.store.head(1) == head  # nothing appended
    accepted = cli(kind, *words, can)
    assert accepted.code == 0, accepted.err
    assert cli("verify").code == 0


def test_an_old_log_whose_key_is_lost_reads_with_what_only_its_seed_dealt_unknown(
    cli: Cli, referee: Referee, db_path: Path
) -> None:
    """A sealed LOOP game recorded before rules version 7 (the fixture, Competitive Mode, rules
    4) records no deal: its GOAL, FAVOUR and CAREER dealt came from the seed alone. Without the
    key it still reads, verifies and scores the same (a GOAL achieved, a FAVOUR drawn, a CAREER
    chosen are facts); what differs is what the seed alone told: each player's GOAL not achieved,
    and a FAVOUR dealt at the setup that never left the hand, are unknown, shown to nobody."""
    assert cli("import", str(FIXTURES / "loop-sealed-5p-7.jsonl")).code == 0
    score, views = cli("score", "--json").out, cli("status", "--json", "--as", "ann").out
    goals = json.loads(views)["view"]["players"]["ann"]["goals"]
    assert goals is not None  # the seed dealt them; once over, all are shown
    lose_key(db_path)
    verified = json.loads(cli("verify", "--json").out)
    assert verified["seed"] == "lost" and verified["unconfirmed"] > 0
    assert cli("score", "--json").out == score
    was = json.loads(views)["view"]["players"]["ann"]
    after = json.loads(cli("status", "--json", "--as", "ann").out)["view"]["players"]["ann"]
    assert after["goals"] is None  # unknown: not an empty list, no placeholder
    assert (after["hand"], after["unseen"], after["favours"]) == (was["hand"], 1, ["share"])
    assert was["favours"] == ["acquire", "share"] and was["unseen"] == 0  # the acquire: the seed's deal
    assert {k: v for k, v in after.items() if k not in ("goals", "favours", "unseen")} == {
        k: v for k, v in was.items() if k not in ("goals", "favours", "unseen")
    }


def test_an_old_basic_log_whose_key_is_lost_names_each_starting_material_when_used(
    cli: Cli, db_path: Path
) -> None:
    """Basic Mode before rules 7: each starting MATERIAL came from the seed alone. Without the
    key it is a card of unknown type at QUALITY 2 ("?"), learnt from the first fact that uses
    it; the game reads, verifies and scores the same."""
    assert cli("import", str(FIXTURES / "loop-sealed-basic-3p.jsonl")).code == 0
    score = cli("score", "--json").out
    lose_key(db_path)
    assert cli("verify").code == 0
    assert cli("score", "--json").out == score
    materials = [
        m
        for player in json.loads(cli("status", "--json").out)["view"]["players"].values()
        for m in player["materials"]
    ]
    assert all(m["type"] in loop_data.MATERIALS or m == {"type": "?", "quality": 2} for m in materials)


def test_an_export_without_its_seed_imports_and_reads_as_its_log_holds_it(
    cli: Cli, elsewhere: Callable[..., Result], tmp_path: Path, referee: Referee
) -> None:
    """An export of a running sealed game without ``--with-seed`` (or one made where the key was
    lost) imports elsewhere, says what it lacks, and plays on there as at a real table."""
    start(cli, tmp_path, "planet-b")
    finished.play(referee, 1, "planet-b", until_over=False, moves=10)
    exported = tmp_path / "game.jsonl"
    assert cli("export", "-o", str(exported)).code == 0
    there = tmp_path / "there.db"
    imported = elsewhere(there, "import", str(exported))
    assert imported.code == 0 and "does not carry the seed" in imported.err, imported.err
    assert json.loads(elsewhere(there, "verify", "--json").out)["seed"] == "lost"
    assert elsewhere(there, "status").code == 0
