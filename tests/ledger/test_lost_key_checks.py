"""What a lost seed still checks, and what a revealed one keeps (issue 40). Where a sealed
game's seed is lost, only a move whose facts differ from the rules' by what the referee dealt by
chance is taken as recorded (unconfirmed): any other fact forged in the log is refused as in any
game, and a file of it does not import. Where the seed was revealed, the log holds it: the key's
loss then loses nothing, and an export ``--with-seed`` carries it."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from ledger import games
from ledger.errors import IllegalMove
from ledger.history import MoveEntry, read_entries, redecide, replay_checked, seed_lost
from ledger.service import Referee
from ledger.service.snapshots import _snapshot_body, snapshot_key
from ledger.store import Store
from tests import finished
from tests.conftest import Result
from tests.ledger.test_integrity import exported, rechain, write_export
from tests.ledger.test_lost_key import FIXTURES, lose_key, seen
from tests.ledger.test_sealed_seed import SEED, start

Cli = Callable[..., Result]
Other = Callable[..., Result]
Rows = list[dict[str, Any]]


def dealt_by_chance(game: Any, rows: Sequence[Any]) -> set[int]:
    """The moves of a log whose facts hold something the referee dealt by chance (the game's
    ``chance``: a card drawn or turned up, a deck shuffled, a coin tossed)."""
    _, entries = read_entries(game, rows)
    return {e.seq for e in entries if isinstance(e, MoveEntry) and any(game.chance(f) for f in e.events)}


# --- a forged log where the seed is lost ---------------------------------------------------


@pytest.fixture
def unsealed(cli: Cli, tmp_path: Path) -> tuple[dict[str, Any], Rows]:
    """A running sealed LOOP game exported without its seed (as anyone may export it): ann
    works and ends her turn (ben draws a FAVOUR: by chance), then ben works."""
    start(cli, tmp_path, "loop")
    for words in ("work ann", "end ann", "work ben"):
        assert cli("loop", *words.split()).code == 0, words
    header, rows = exported(cli)
    assert header["seed"] is None
    return header, rows


def move_rows(rows: Rows, text: str) -> Rows:
    """The rows of the last move whose command is ``text`` (``work ann``): its row, then its facts."""
    verb, player = text.split()
    at = max(
        n
        for n, row in enumerate(rows)
        if row["type"] == "move" and row["body"]["command"] == {"player": player, "type": f"loop.{verb}"}
    )
    end = next((n for n in range(at + 1, len(rows)) if rows[n]["type"] == "move"), len(rows))
    return rows[at:end]


def imported(elsewhere: Other, tmp_path: Path, header: dict[str, Any], rows: Rows) -> Result:
    """The file imported into another database: one that keeps no seed for it (lost there)."""
    path = write_export(tmp_path / "forged.jsonl", header, rows)
    return elsewhere(tmp_path / "there.db", "import", str(path))


def refused_as_different(result: Result, seq: int) -> None:
    """Refused in one line, naming the move and why: the rules would record other facts (not
    that they failed on it)."""
    assert result.code != 0 and "Traceback" not in result.err, result.err
    assert result.err.count("\n") == 1, result.err
    assert f"move #{seq} " in result.err and "it would now record different facts" in result.err, result.err


def test_the_file_as_exported_imports_with_the_draw_unconfirmed(
    unsealed: tuple[dict[str, Any], Rows], elsewhere: Other, tmp_path: Path
) -> None:
    header, rows = unsealed
    assert imported(elsewhere, tmp_path, header, rows).code == 0
    verified = json.loads(elsewhere(tmp_path / "there.db", "verify", "--json").out)
    # The last card declared dealt the game (the deal, the CONSUME AREA, ann's first FAVOUR:
    # LOOP 1.0, 2.1 a), and ann's end of turn ben's FAVOUR: by chance, each.
    assert (verified["seed"], verified["unconfirmed"]) == ("lost", 2)


def test_a_fact_forged_before_a_draw_is_refused(
    unsealed: tuple[dict[str, Any], Rows], elsewhere: Other, tmp_path: Path
) -> None:
    """The end of ann's turn forged to read as ended by the referee (``automatic``): a fact
    the referee dealt nothing in, ahead of ben's FAVOUR drawn. The draw is by chance; the fact
    before it is not, and no seed could have dealt it."""
    header, rows = unsealed
    ended = move_rows(rows, "end ann")
    assert [row["type"] for row in ended[1:]] == ["loop.turn_ended", "loop.turn_started", "loop.favour_drawn"]
    ended[1]["body"]["automatic"] = True
    refused_as_different(imported(elsewhere, tmp_path, header, rows), ended[0]["seq"])


def test_a_fact_added_to_a_move_that_dealt_nothing_is_refused(
    unsealed: tuple[dict[str, Any], Rows], elsewhere: Other, tmp_path: Path
) -> None:
    """Ben's WORK recorded twice: the rules record it once, and nothing was dealt after it."""
    header, rows = unsealed
    worked = move_rows(rows, "work ben")
    assert [row["type"] for row in worked[1:]] == ["loop.worked"]
    rows.append({**worked[1], "body": dict(worked[1]["body"]), "seq": rows[-1]["seq"] + 1})
    refused_as_different(imported(elsewhere, tmp_path, header, rows), worked[0]["seq"])


def test_a_draw_cut_from_the_end_of_a_move_is_refused(
    unsealed: tuple[dict[str, Any], Rows], elsewhere: Other, tmp_path: Path
) -> None:
    """The log cut after ann's turn ended and ben's began, before the FAVOUR ben draws
    (LOOP 2.1 a): the rules draw it, the log says nothing was drawn."""
    header, rows = unsealed
    ended = move_rows(rows, "end ann")
    cut = rows[: rows.index(ended[-1])]
    assert cut[-1]["type"] == "loop.turn_started"
    refused_as_different(imported(elsewhere, tmp_path, header, cut), ended[0]["seq"])


def test_a_command_the_rules_refuse_is_refused_whatever_its_facts(
    unsealed: tuple[dict[str, Any], Rows], elsewhere: Other, tmp_path: Path
) -> None:
    """Ben's WORK forged as made by someone not at the table, its facts left as they were:
    the rules refuse the command (bad input), and nothing in it was dealt by chance."""
    header, rows = unsealed
    worked = move_rows(rows, "work ben")
    for row in worked:
        row["actor"] = "zed"
    worked[0]["body"]["command"]["player"] = "zed"
    result = imported(elsewhere, tmp_path, header, rows)
    assert result.code != 0 and result.err.count("\n") == 1, result.err
    assert f"move #{worked[0]['seq']} " in result.err and "unknown player 'zed'" in result.err, result.err


def test_at_a_real_table_a_card_drawn_is_the_table_s_and_a_forged_one_is_refused(
    cli: Cli, tmp_path: Path
) -> None:
    """A game without a seed (the table deals its own cards) has no seed to lose: a FAVOUR
    drawn is recorded unseen ("?"), and a log that names it is refused, as any other forgery."""
    lines = (FIXTURES / "loop-basic-3p.jsonl").read_text().splitlines()
    header, rows = json.loads(lines[0]), [json.loads(line) for line in lines[1:]]
    assert header["seed"] is None and "commitment" not in rows[0]["body"]
    drawn = next(row for row in rows if row["type"] == "loop.favour_drawn")
    assert drawn["body"]["card"] == "?"
    drawn["body"]["card"] = "share"
    result = cli("import", str(write_export(tmp_path / "forged.jsonl", header, rows)))
    owner = max(row["seq"] for row in rows if row["type"] == "move" and row["seq"] < drawn["seq"])
    refused_as_different(result, owner)


# --- what the log's check takes as recorded, for any game (``ledger.decider``'s contract) -----


class Stub:
    """A game as the ledger sees it: a turn ends (``ended``), then the next card is drawn
    (``drew:CARD``, by chance); where the seed is lost the rules draw nothing, they ask the table
    (``drew:?``). ``stops``: the rules stop for the table after ``ended`` (a deck whose size a card
    only the seed dealt leaves in doubt)."""

    def __init__(self, *, chance: bool = True, stops: bool = False) -> None:
        self.stops = stops
        if chance:
            self.chance = lambda fact: "a card drawn" if fact.startswith("drew:") else ""

    def decide(self, state: Any, command: str) -> list[str]:
        if self.stops:
            return ["ended"]
        return ["ended", "drew:?" if seed_lost(state) else "drew:share"]

    def evolve(self, state: Any, fact: str) -> Any:
        return SimpleNamespace(**{**vars(state), "facts": (*state.facts, fact)})

    def describe(self, fact: str) -> str:
        return fact


def lost_state(**fields: Any) -> SimpleNamespace:
    return SimpleNamespace(**{"sealed": True, "seed": None, "facts": (), **fields})


def taken(game: Any, state: Any, recorded: list[str]) -> set[int]:
    """The move redecided from ``state`` with its facts ``recorded``: they must be the state's
    facts after it; the seqs taken as recorded (unconfirmed)."""
    unconfirmed: set[int] = set()
    after = redecide(game, state, MoveEntry(5, "ann", "", "end", recorded), unconfirmed)
    assert after.facts == tuple(recorded)
    return unconfirmed


def test_a_draw_the_lost_seed_dealt_is_taken_as_recorded_unconfirmed() -> None:
    assert taken(Stub(), lost_state(), ["ended", "drew:barter"]) == {5}


def test_a_move_the_rules_now_stop_short_of_is_taken_as_recorded_only_while_a_card_is_unknown() -> None:
    """The virtual game went on where the rules now ask the table (a card only the seed dealt
    still unknown, ``dealt_unknown``): what the log says it did is taken as recorded. Once that
    card is known, or in a game that has none, the same facts are a forgery."""
    recorded = ["ended", "passed"]  # the deck was empty: nothing drawn, the turn passed
    assert taken(Stub(stops=True), lost_state(dealt_unknown=True), recorded) == {5}
    for state in (lost_state(dealt_unknown=False), lost_state()):
        with pytest.raises(IllegalMove, match="different facts"):
            taken(Stub(stops=True), state, recorded)
    # Facts that do not even begin as the rules' are refused, a card unknown or not.
    with pytest.raises(IllegalMove, match="different facts"):
        taken(Stub(stops=True), lost_state(dealt_unknown=True), ["passed", "ended"])


def test_a_game_that_says_nothing_is_dealt_by_chance_checks_every_fact() -> None:
    with pytest.raises(IllegalMove, match="different facts"):
        taken(Stub(chance=False), lost_state(), ["ended", "drew:barter"])


def test_only_a_sealed_game_with_no_seed_has_lost_it() -> None:
    """A game's state says it is ``sealed`` (its setup commits to a seed) and holds the ``seed``
    its fold deals from; a state that says neither, or only one, has no seed to lose."""
    assert seed_lost(lost_state())
    assert not seed_lost(SimpleNamespace(seed=None))  # not sealed: a real table's game
    assert not seed_lost(SimpleNamespace(sealed=True))  # keeps no seed: deals nothing from one
    assert not seed_lost(SimpleNamespace(sealed=True, seed=SEED))
    # The same move where the seed is at hand: another card drawn is refused.
    for state in (SimpleNamespace(seed=None, facts=()), lost_state(seed=SEED)):
        with pytest.raises(IllegalMove, match="different facts"):
            taken(Stub(), state, ["ended", "drew:barter"])


# --- which moves verify names unconfirmed ---------------------------------------------------


@pytest.mark.parametrize("kind", ["loop", "planet-b", "pursuit"])
def test_verify_counts_each_move_that_dealt_by_chance_as_unconfirmed(
    kind: str, cli: Cli, tmp_path: Path, referee: Referee, db_path: Path
) -> None:
    start(cli, tmp_path, kind)
    finished.play(referee, 1, kind, until_over=False, moves=20)
    chance = dealt_by_chance(games.get(kind), referee.store.rows(1))
    assert len(chance) > 1
    lose_key(db_path)
    assert json.loads(cli("verify", "--json").out)["unconfirmed"] == len(chance)


def test_a_move_that_first_names_a_card_only_the_seed_dealt_is_unconfirmed(cli: Cli, db_path: Path) -> None:
    """An old Basic log (rules 6) records no starting MATERIAL: the seed dealt each. Without
    it, the first fact to name one tells it, and only the seed could confirm it: ben's ACQUIRE
    of ann's metal at QUALITY 2 (#84), ben's BARTER of his food at 2 (#88), cat's of her glass at
    2 (#122). Those three moves dealt nothing by chance; they are unconfirmed with every move
    that did."""
    assert cli("import", str(FIXTURES / "loop-sealed-basic-3p.jsonl")).code == 0
    referee = Referee(Store(db_path))
    game, rows = games.get("loop"), referee.store.rows(1)
    setup_done = min(e.seq for e in read_entries(game, rows)[1] if isinstance(e, MoveEntry)) - 1
    dealt = referee.load(1, setup_done).state.players
    assert {name: p.materials for name, p in dealt.items()} == {
        "ann": (("metal", 2),),
        "ben": (("food", 2),),
        "cat": (("glass", 2),),
    }
    texts = {e.seq: game.text(e.command) for e in read_entries(game, rows)[1] if isinstance(e, MoveEntry)}
    assert [texts[84], texts[88], texts[122]] == [
        "favour ben acquire ann metal@2",
        "favour ben barter ann food@2 plastic@1",
        "favour cat barter ann glass@2 glass@1",
    ]
    chance = dealt_by_chance(game, rows)
    assert not chance & {84, 88, 122}
    referee.store.close()
    lose_key(db_path)
    assert json.loads(cli("verify", "--json").out)["unconfirmed"] == len(chance) + 3


# --- a revealed seed is the log's ------------------------------------------------------------


def test_once_revealed_the_seed_is_the_log_s_and_the_key_s_loss_loses_nothing(
    cli: Cli, elsewhere: Other, tmp_path: Path, db_path: Path
) -> None:
    """The old LOOP log (rules 4) whose seed alone dealt each GOAL, FAVOUR and CAREER, over and
    its seed revealed (the log's last row): without the key every player is shown what they
    were shown with it, verify re-deals every move from the revealed seed (none unconfirmed),
    and an export ``--with-seed`` carries the seed and salt the setup committed to."""
    assert cli("import", str(FIXTURES / "loop-sealed-5p-7.jsonl")).code == 0
    assert cli("reveal-seed").code == 0
    shown = seen(cli)
    last = json.loads(cli("export").out.splitlines()[-1])
    assert last["type"] == "seed"
    lose_key(db_path)
    assert seen(cli) == shown
    verified = json.loads(cli("verify", "--json").out)
    assert (verified["ok"], verified["seed"], verified.get("unconfirmed", 0)) == (True, "revealed", 0)
    with_seed = cli("export", "--with-seed")
    assert with_seed.code == 0, with_seed.err
    header, setup = (json.loads(line) for line in with_seed.out.splitlines()[:2])
    assert (header["seed"], header["salt"]) == (last["body"]["seed"], last["body"]["salt"])
    committed = hashlib.sha256(f"{header['seed']}:{header['salt']}".encode()).hexdigest()
    assert committed == setup["body"]["commitment"]
    file = tmp_path / "with-seed.jsonl"
    file.write_text(with_seed.out)
    assert elsewhere(tmp_path / "there.db", "import", str(file)).code == 0
    assert json.loads(elsewhere(tmp_path / "there.db", "verify", "--json").out)["seed"] == "revealed"


def test_a_log_damaged_after_its_revealed_seed_still_exports_whole_with_it(
    cli: Cli, tmp_path: Path, referee: Referee, db_path: Path
) -> None:
    """An export is also how a damaged log is kept: here the seed row written twice by hand
    (its hashes recomputed) and the key lost. ``--with-seed`` still writes every row, and the
    seed and salt of the row the log ends with, which match the setup's commitment."""
    start(cli, tmp_path, "planet-b")
    finished.play(referee, 1, "planet-b")
    assert cli("reveal-seed").code == 0
    with sqlite3.connect(db_path) as db:
        columns = [column[1] for column in db.execute("PRAGMA table_info(events)")]
        row = dict(
            zip(columns, db.execute("SELECT * FROM events ORDER BY seq DESC LIMIT 1").fetchone(), strict=True)
        )
        row["seq"] += 1
        db.execute(
            f"INSERT INTO events ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})", list(row.values())
        )
    rechain(db_path)
    lose_key(db_path)
    assert "follows the seed revealed" in cli("verify").err
    exported = cli("export", "--with-seed")
    assert exported.code == 0, exported.err
    header, setup, *rest = (json.loads(line) for line in exported.out.splitlines())
    assert [r["seq"] for r in rest[-2:]] == [row["seq"] - 1, row["seq"]]
    assert (header["seed"], header["salt"]) == (SEED, rest[-1]["body"]["salt"])
    assert hashlib.sha256(f"{SEED}:{header['salt']}".encode()).hexdigest() == setup["body"]["commitment"]


def test_a_sealed_seed_that_does_not_match_the_commitment_is_never_revealed(
    cli: Cli, tmp_path: Path, referee: Referee
) -> None:
    """The seed kept here for a game replaced by another (the seeds table damaged, or written by
    another tool with the key): it is not the seed the decks were dealt from, so the game reads
    as one whose seed is lost, and reveal-seed appends nothing (the log would no longer verify)."""
    start(cli, tmp_path, "planet-b")
    finished.play(referee, 1, "planet-b")
    commitment = json.loads(cli("export").out.splitlines()[1])["body"]["commitment"]
    referee.store.put_seed(commitment, SEED + 1, "00" * 16)
    head = referee.store.head(1)
    refused = cli("reveal-seed")
    assert refused.code == 1 and refused.out == "" and refused.err.count("\n") == 1, refused.err
    assert "seed is lost" in refused.err
    assert referee.store.head(1) == head
    assert json.loads(cli("verify", "--json").out)["seed"] == "lost"


def test_an_export_with_its_seed_lost_says_what_would_be_legal(
    cli: Cli, tmp_path: Path, db_path: Path
) -> None:
    start(cli, tmp_path, "pursuit")
    lose_key(db_path)
    assert "the key was lost" in cli("status").err  # said once
    refused = cli("export", "--with-seed")
    assert refused.code == 2 and refused.out == "" and refused.err.count("\n") == 1, refused.err
    assert "seed is lost" in refused.err and "`referee export` without --with-seed" in refused.err


# --- a snapshot of a sealed game, as a referee before issue 40 cached it ---------------------


def old_snapshot(referee: Referee, kind: str, seq: int) -> None:
    """The fold at ``seq`` cached as referees before issue 40 cached a sealed game's (its seed
    left out, every deck's order in it), bound to the row as it is."""
    game = games.get(kind)
    state = referee.load(1, seq).state
    body = _snapshot_body(state)
    bound = referee.store.rows(1, seq - 1, seq)[0].hash
    referee.store.put_snapshot(1, snapshot_key(game), seq, body, bound)


@pytest.mark.parametrize("lost", [None, "seed", "key"], ids=["kept", "seed-gone", "key-lost"])
@pytest.mark.parametrize("kind", ["loop", "planet-b", "pursuit"])
def test_an_old_snapshot_of_a_sealed_game_folds_as_its_log_does(
    kind: str, lost: str | None, cli: Cli, tmp_path: Path, referee: Referee, db_path: Path
) -> None:
    """A cached fold is only a cache: with the seed kept here, the game goes on dealt from it
    (the snapshot holds none); with it gone (the seeds table copied without, or the key lost),
    the game reads as its log holds it: the snapshot's decks, dealt from the lost seed, are not
    the table's."""
    start(cli, tmp_path, kind)
    finished.play(referee, 1, kind, until_over=False, moves=12)
    game, head = games.get(kind), referee.store.head(1)[0]
    old_snapshot(referee, kind, head)
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT count(*) FROM snapshots").fetchone() == (1,)
        if lost == "seed":
            db.execute("DELETE FROM seeds")
    if lost == "key":
        lose_key(db_path)
    seed = None if lost else SEED
    other = Referee(Store(db_path))
    state = other.load(1).state
    assert state.seed == seed
    assert state == replay_checked(game, other.store.rows(1), seed=seed).state
    other.store.close()
