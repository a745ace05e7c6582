"""Virtual decks nobody can peek at (issue 19): a game with ``--seed`` records only a
commitment to its seed (sha256 of ``"{seed}:{salt}"``); the referee keeps the seed sealed with
the installation's key until the game is over and the table reveals it (``reveal-seed``); then
``verify`` checks it against the commitment and deals the decks again from it."""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from ledger import games
from ledger.codec import encode, row_hash
from ledger.games.loop.model import End, Favour
from ledger.games.planet_b.evolve import seeded_piles
from ledger.history import replay_checked
from ledger.service import Referee, repository
from ledger.store import Store
from tests import finished
from tests.conftest import Result, fold_starts
from tests.loop import fuzz as loop_fuzz

Cli = Callable[..., Result]


Other = Callable[..., Result]
SEED = 918273645  # a number no card, count or time in these games prints
LOOP_CARDS = "fixtures/loop-test-cards.toml"
RESHUFFLED = "loop.favours_reshuffled"


def start(cli: Cli, tmp_path: Path, kind: str) -> None:
    if kind == "loop":
        result = cli("new", "loop", "--players", "ann,ben,cat", "--seed", str(SEED), "--cards", LOOP_CARDS)
    else:
        cards = tmp_path / f"{kind}.toml"
        cards.write_text(finished.CARDS[kind])
        options = [f"--option={k}={v}" for k, v in finished.OPTIONS[kind].items()]
        result = cli(
            "new", kind, "--players", "ann,ben,cat", "--seed", str(SEED), "--cards", str(cards), *options
        )
    assert result.code == 0, result.err


def hidden_order(referee: Referee, kind: str) -> list[str]:
    """A deck the table has not seen yet, in the order the referee will deal it."""
    state = referee.load(1).state
    if kind == "loop":
        return list(state.activity_deck)
    if kind == "planet-b":
        return list(max(state.piles.values(), key=lambda pile: len(pile.known)).known)
    return list(state.community_pile.known)


@pytest.mark.parametrize("kind", ["loop", "planet-b", "pursuit"])
def test_a_running_seeded_game_shows_no_seed_and_no_deck_order(
    kind: str, cli: Cli, tmp_path: Path, referee: Referee, db_path: Path
) -> None:
    start(cli, tmp_path, kind)
    order = hidden_order(referee, kind)
    assert len(order) >= 2
    shown = [
        cli("log", "--json").out,
        cli("export").out,
        cli("status", "--json", "--reveal").out,
        cli("status", "--reveal").out,
    ]
    # Everything in the file a reader can open without the key: the rows and the caches.
    with sqlite3.connect(db_path) as db:
        shown += [str(row) for row in db.execute("SELECT body FROM events")]
        shown += [str(row) for row in db.execute("SELECT body FROM snapshots")]
    tail = order[-3:]  # the bottom of the deck: nobody has seen it, in any order
    for text in shown:
        assert str(SEED) not in text
        assert json.dumps(tail, separators=(",", ":"))[1:-1] not in text
        assert json.dumps(tail)[1:-1] not in text
    assert cli("reveal-seed").code == 1  # not while the game runs


@pytest.mark.parametrize("kind", ["loop", "planet-b", "pursuit"])
def test_a_seeded_game_is_never_cached_in_the_file(
    kind: str, cli: Cli, tmp_path: Path, referee: Referee, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cached fold is in the file for anyone to read, and a sealed game's fold holds every
    deck's order dealt from the seed (issue 40: a snapshot showed the ACTIVITY deck to come): so
    a game whose setup commits to a seed is never cached, however long, and its fold starts
    from the setup with the seed kept sealed."""
    monkeypatch.setattr(repository, "SNAPSHOT_EVERY", 4)
    start(cli, tmp_path, kind)
    tail = hidden_order(referee, kind)[-3:]  # the bottom of a deck: nobody sees it this game
    finished.play(referee, 1, kind, until_over=False, moves=8)
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT count(*) FROM snapshots").fetchone() == (0,)
        bodies = " ".join(str(body) for (body,) in db.execute("SELECT body FROM events"))
    assert json.dumps(tail, separators=(",", ":"))[1:-1] not in bodies
    other = Referee(Store(db_path))
    starts = fold_starts(other)
    state = other.load(1).state
    assert starts == [1] and state.seed == SEED
    assert state == replay_checked(games.get(kind), other.store.rows(1), seed=SEED).state
    other.store.close()


def test_a_seeded_game_from_before_the_marks_is_checked_whole_with_its_sealed_seed(
    cli: Cli, tmp_path: Path, referee: Referee, db_path: Path
) -> None:
    """A game with no verified mark (from before the marks, or its mark lost) is checked whole
    once, its moves replayed: a seeded one is dealt from the seed kept sealed here."""
    start(cli, tmp_path, "loop")
    finished.play(referee, 1, "loop", until_over=False, moves=3)
    with sqlite3.connect(db_path) as db:  # as an older referee left it: no marks, no sealing record
        db.execute("DELETE FROM verified")
        db.execute("DELETE FROM settings WHERE key = 'sealed_by'")
    status = cli("status")
    assert status.code == 0, status.err
    assert "games with no verified mark (1) are checked whole, once" in status.err
    assert referee.store.tip(1).mark == referee.store.head(1)[0]  # checked, and marked again


def finish(referee: Referee, kind: str) -> None:
    finished.play(referee, 1, kind)


def commitment_of(cli: Cli) -> str:
    setup_row = cli("export").out.splitlines()[1]
    body = json.loads(setup_row)["body"]
    assert body["seed"] is None
    return str(body["commitment"])


@pytest.mark.parametrize("kind", ["loop", "planet-b", "pursuit"])
def test_the_revealed_seed_matches_the_commitment_and_redeals(
    kind: str, cli: Cli, tmp_path: Path, referee: Referee
) -> None:
    start(cli, tmp_path, kind)
    finish(referee, kind)
    commitment = commitment_of(cli)
    before = cli("verify")
    assert before.code == 0 and "waits for `referee reveal-seed`" in before.out
    # Over, but not revealed: a take-back could still resume it, so nothing shows the seed.
    assert str(SEED) not in cli("status", "--json").out + cli("log", "--json").out
    revealed = cli("reveal-seed")
    assert revealed.code == 0, revealed.err
    last = json.loads(cli("export").out.splitlines()[-1])
    assert last["type"] == "seed" and last["body"]["seed"] == SEED
    assert revealed.out.startswith(f"#{last['seq']} seed {SEED} revealed")
    salt = last["body"]["salt"]
    assert hashlib.sha256(f"{SEED}:{salt}".encode()).hexdigest() == commitment
    assert f"reveal-seed: seed {SEED}, salt {salt}" in cli("log", "-n", "1").out
    entry = json.loads(cli("log", "--json").out)["entries"][-1]
    assert (entry["seq"], entry["kind"], entry["body"]["seed"]) == (last["seq"], "seed", SEED)
    after = cli("verify")
    assert after.code == 0 and "matches the setup's commitment" in after.out
    assert json.loads(cli("verify", "--json").out)["seed"] == "revealed"
    # Nothing follows a revealed seed: an undo would replay decks everyone now knows.
    undo = cli("undo")
    assert undo.code == 1 and "revealed" in undo.err
    assert cli("reveal-seed").code == 1


def test_a_wrong_revealed_seed_is_named(
    cli: Cli, elsewhere: Other, tmp_path: Path, referee: Referee, db_path: Path
) -> None:
    start(cli, tmp_path, "planet-b")
    finish(referee, "planet-b")
    assert cli("reveal-seed").code == 0
    lines = cli("export").out.splitlines()
    row = json.loads(lines[-1])
    row["body"]["seed"] = SEED + 1
    body = json.dumps(row["body"], separators=(",", ":"), sort_keys=True)
    row["hash"] = row_hash(row["prev_hash"], row["seq"], row["type"], body, row["actor"], row["recorded_at"])
    row["body"] = json.loads(body)
    forged = tmp_path / "forged.jsonl"
    forged.write_text("\n".join([*lines[:-1], json.dumps(row, separators=(",", ":"))]) + "\n")
    result = elsewhere(tmp_path / "other.db", "import", str(forged))
    assert result.code != 0
    assert (
        f"row #{row['seq']} reveals seed {SEED + 1}, which does not match the setup's commitment"
        in result.err
    )
    # The same forgery in the database itself: verify names the row.
    with sqlite3.connect(db_path) as db:
        db.execute(
            "UPDATE events SET body = ?, hash = ? WHERE game_id = 1 AND seq = ?",
            (body, row["hash"], row["seq"]),
        )
    verified = cli("verify")
    assert verified.code != 0 and f"row #{row['seq']} reveals seed {SEED + 1}" in verified.err


def test_export_with_seed_round_trips(cli: Cli, elsewhere: Other, tmp_path: Path) -> None:
    start(cli, tmp_path, "loop")
    assert cli("loop", "work", "ann").code == 0
    plain, sealed = tmp_path / "plain.jsonl", tmp_path / "sealed.jsonl"
    assert cli("export", "-o", str(plain)).code == 0
    assert cli("export", "--with-seed", "-o", str(sealed)).code == 0
    assert str(SEED) not in plain.read_text()
    assert json.loads(sealed.read_text().splitlines()[0])["seed"] == SEED
    here = cli("status", "--json").out
    # Without its seed the game is read there as its log holds it (issue 40), and the import says so.
    unsealed = elsewhere(tmp_path / "a.db", "import", str(plain))
    assert unsealed.code == 0 and "does not carry the seed" in unsealed.err
    assert json.loads(elsewhere(tmp_path / "a.db", "verify", "--json").out)["seed"] == "lost"
    loaded = elsewhere(tmp_path / "b.db", "import", str(sealed))
    assert loaded.code == 0, loaded.err
    there = elsewhere(tmp_path / "b.db", "status", "--json")
    assert there.code == 0 and json.loads(there.out)["view"] == json.loads(here)["view"]
    # The game goes on there, dealt from the seed the file carried.
    move = json.loads(elsewhere(tmp_path / "b.db", "moves", "--json").out)["moves"][-1]["text"]
    assert elsewhere(tmp_path / "b.db", "loop", *move.split()).code == 0
    assert elsewhere(tmp_path / "b.db", "verify").code == 0
    # A header whose seed is not the one the setup committed to is refused, at the setup's row.
    header, *rest = sealed.read_text().splitlines()
    wrong = tmp_path / "wrong.jsonl"
    wrong.write_text("\n".join([json.dumps({**json.loads(header), "seed": SEED + 1}), *rest]) + "\n")
    forged = elsewhere(tmp_path / "c.db", "import", str(wrong), "--json")
    error = json.loads(forged.out)
    assert forged.code != 0 and error["seq"] == 1
    assert f"the header's seed {SEED + 1} does not match the setup's commitment" in error["message"]


def test_a_log_from_before_the_commitment_keeps_its_plain_seed(
    referee: Referee, elsewhere: Other, tmp_path: Path
) -> None:
    """A log recorded before the sealed seeds (the seed in the setup row, the piles' orders in
    the facts) still imports, verifies and plays on, and its export says its seed as before."""
    kind = "planet-b"
    game = finished.new(referee, kind, ["ann", "ben", "cat"], seed=SEED)
    lines, _ = referee.export(game)
    header, rows = json.loads(lines[0]), [json.loads(line) for line in lines[1:]]
    # Written as that referee wrote it: the seed in the setup row, the orders in the fact.
    header["seed"] = rows[0]["body"]["seed"] = SEED
    del rows[0]["body"]["commitment"]
    for row in rows:
        if row["type"] == "planet-b.shuffled":
            state = referee.load(game, row["seq"] - 1).state
            row["body"] = {"type": row["type"], "piles": seeded_piles(state), "seeded": False}
    prev = rows[0]["prev_hash"]
    for row in rows:
        body = encode(row["body"])  # the canonical text, as the referee writes a body
        row["prev_hash"] = prev
        row["hash"] = prev = row_hash(prev, row["seq"], row["type"], body, row["actor"], row["recorded_at"])
    old = tmp_path / "old.jsonl"
    old.write_text("\n".join(encode(x) for x in [header, *rows]) + "\n")
    db = tmp_path / "old.db"
    imported = elsewhere(db, "import", str(old))
    assert imported.code == 0, imported.err
    there = Referee.open(db)
    finished.play(there, 1, kind)
    there.store.close()
    verified = elsewhere(db, "verify")
    assert verified.code == 0 and "seed" not in verified.out
    assert json.loads(elsewhere(db, "export").out.splitlines()[0])["seed"] == SEED
    assert elsewhere(db, "reveal-seed").code == 1  # nothing sealed: it is in the setup row


def test_a_loop_reshuffle_is_dealt_from_the_sealed_seed_and_dealt_again_from_the_revealed_one(
    cli: Cli, elsewhere: Other, tmp_path: Path, referee: Referee
) -> None:
    """LOOP 2.2: an empty FAVOUR deck is refilled from the discard pile, shuffled. With a sealed
    seed the fact records no order (nobody reads the new deck from the log); the referee deals
    it from the seed it keeps; once the game is over and the seed revealed, another installation,
    given the export alone (the seed in its last row), deals the same cards again."""
    start(cli, tmp_path, "loop")
    rules, rng = games.get("loop"), random.Random(1)
    for _ in range(400):  # the players play FAVOURs and end their turns, so the deck runs out
        state = referee.load(1).state
        assert not rules.is_over(state), "the game ended before its FAVOUR deck ran out"
        legal = list(rules.legal(state))
        favours = [m for m in legal if isinstance(m, Favour)]
        ends = [m for m in legal if isinstance(m, End)]
        referee.submit(
            1, rng.choice(favours) if favours else ends[0] if ends else loop_fuzz.choose(rng, legal)
        )
        seq = next(referee.store.seqs_of_type(1, RESHUFFLED), None)
        if seq is not None:
            break
    assert seq is not None, "no FAVOUR reshuffle in 400 moves"
    row = referee.store.rows(1, seq - 1, seq)[0]
    assert json.loads(row.body)["order"] == []  # no order recorded: the seed deals it
    before = referee.load(1, seq - 1).state
    assert not before.favour_deck and before.favour_discard
    after = referee.load(1, seq).state
    assert sorted(after.favour_deck) == sorted(before.favour_discard)  # the discard pile, shuffled
    assert after.favour_discard == ()
    finished.play(referee, 1, "loop")
    assert cli("reveal-seed").code == 0
    verified = cli("verify")
    assert verified.code == 0 and "matches the setup's commitment" in verified.out
    exported = tmp_path / "revealed.jsonl"
    assert cli("export", "-o", str(exported)).code == 0
    assert elsewhere(tmp_path / "other.db", "import", str(exported)).code == 0
    there = Referee.open(tmp_path / "other.db")  # its only seed: the export's revealed row
    assert there.load(1, seq).state.favour_deck == after.favour_deck  # dealt again, the same
    assert there.load(1).state == referee.load(1).state
    there.store.close()
    assert elsewhere(tmp_path / "other.db", "verify").code == 0


def test_a_running_seeded_game_whose_sealed_seed_is_gone_deals_nothing_from_the_log(
    cli: Cli, tmp_path: Path, db_path: Path
) -> None:
    """The decks come from the seed kept sealed here, never from the log: with it gone (the
    database copied without its seeds, or the key lost) nothing deals them. The game reads as
    its log holds it (issue 40) and goes on as at a real table: the referee flips no card
    itself, the table reveals it."""
    start(cli, tmp_path, "loop")
    with sqlite3.connect(db_path) as db:
        db.execute("DELETE FROM seeds")
        db.execute("DELETE FROM snapshots")  # or the cache would spare the fold its deal
    status = cli("status", "--json")
    assert status.code == 0, status.err
    assert json.loads(status.out)["view"]["virtual"] is False
    assert cli("loop", "work", "ann").code == 0
    ended = cli("loop", "end", "ann", "--json")
    assert ended.code == 0, ended.err
    head = json.loads(ended.out)["head"]
    with sqlite3.connect(db_path) as db:  # as recorded, not as the table is shown it
        drawn = db.execute("SELECT body FROM events WHERE seq = ?", (head,)).fetchone()[0]
    assert json.loads(drawn) == {"type": "loop.favour_drawn", "player": "ben", "card": "?"}  # unseen
