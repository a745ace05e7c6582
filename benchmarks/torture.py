"""Torture figures for the ledger: print them, assert nothing.

    python benchmarks/torture.py [--kills 30] [--racers 8] [--moves 100] [--rounds 2] [--big ROWS]

1. SIGKILLs: a writer process plays moves (the test game with snapshots every 1,000 rows,
   and whole LOOP games with virtual decks) and reports each move the referee acknowledged;
   it is killed at a random moment, the database is checked, and a new writer carries on.
   ``--big ROWS`` first writes a game of ROWS rows (with its snapshots) and kills writers
   appending to that one too.
2. Racing writers: ``--racers`` processes append ``--moves`` moves each to one game at once.
3. Concurrent first use: 8 ``referee new`` processes on a database that does not exist yet,
   started at the same instant, ``--rounds`` times.
4. Tampering (the cases of issue 7, section 3, and issue 19): each edit of the database from
   outside (SQL), then status, log, games, stats, a move, verify and status again; printed per
   case: whether the bad row was named and at which seq, whether anything of the forgery was
   shown, whether anything was appended. Then exports edited and imported (the setup's extent,
   a setup over another game's rows), and output failures (a full disk, a closed pipe). Then
   issue 40's edges: an import line and a cards file nested deeper than a parser's stack, an
   export piped into ``head -1`` with Python's output buffered and unbuffered, and exports forged
   to hold what the referee never writes (an undo by someone not at the table, a 1 MB reason, a
   header that is not its setup row, names alike, a title `new` refuses).
   ``--tamper-only`` runs just these.
7. ``--db postgresql`` (a throwaway cluster, tests/pgcluster.py, fsync on) or ``--db
   postgresql://...`` (a server where the user may create databases): the SIGKILLs, the racing
   writers, the concurrent first use and the tampering of the log (the ``TAMPERS`` cases, as SQL
   from ``psql``) run against PostgreSQL (issue 44); a database is then "corrupt" when amcheck
   finds the events' primary key index and its rows disagree.
5. The witness guess (issue 40): a ``--seed`` game of each game played to one move from its
   end; every row a page (the board's or a link's) is sent as its hash alone is attacked with
   the fact itself and every name of the rulebook's data and the cards file, and every public
   value, in each of its fields (``tests.serve.guess``). Printed per game: hidden rows tried,
   guesses hashed, guesses that matched (0). ``--witness-only`` runs just these.
6. `referee serve` under attack from the table's network (issue 40), in its own process with a
   limit of 256 open files: 300 event streams without a link, then a page; a 200 MB body posted
   in chunks and one nested 5,000 deep; a row's body, then an actor, edited in place while the
   pages are open. Printed per case: refused in one line (named) or not, the server's memory,
   and whether any page still showed the game or any move was appended after. With the
   tampering cases (``--tamper-only`` too); ``--serve-only`` runs just these.

Printed: kills, acknowledged moves lost, corrupted databases (integrity_check), verify
failures, gaps and duplicates in the seqs, exit 4s (internal errors), tampering missed.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ledger import games  # noqa: E402
from ledger.codec import GENESIS, encode, row_hash, utcnow  # noqa: E402
from ledger.errors import RefereeError  # noqa: E402
from ledger.history import MOVE, REVERTED, Move, Reverted  # noqa: E402
from ledger.service import Referee  # noqa: E402
from ledger.storage import is_server  # noqa: E402
from ledger.store import NewRow  # noqa: E402
from tests import pebbles  # noqa: E402

Db = Path | str  # an SQLite file, or a PostgreSQL address (--db postgresql)
SERVER: str | None = None  # --db postgresql: the server every database of the run is made on


def with_database(url: str, name: str) -> str:
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


def place(folder: Path, name: str) -> Db:
    """The new database ``name``: a file in ``folder``, or (--db postgresql) a database made anew
    on the server, as ``template`` if named."""
    if SERVER is None:
        return folder / f"{name}.db"
    return made(name)


def made(name: str, template: str | None = None) -> str:
    assert SERVER is not None
    admin = connect(with_database(SERVER, "postgres"))
    admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    admin.execute(f"CREATE DATABASE {name}" + (f" TEMPLATE {template}" if template else ""))
    admin.close()
    return with_database(SERVER, name)


def connect(db: Db) -> Any:
    """A connection that edits the database from outside the referee (``?`` parameters)."""
    if is_server(db):
        from ledger.store.postgres import connect as server

        return server(str(db))
    return sqlite3.connect(db, isolation_level=None)


games.register("pebbles", pebbles)
CARDS = ROOT / "fixtures" / "loop-test-cards.toml"
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
CLI = [sys.executable, "-m", "tests.run_cli"]


@dataclass
class Tally:
    kills: int = 0
    acknowledged: int = 0
    lost: int = 0
    corrupt: int = 0
    verify_failures: int = 0
    gaps: int = 0
    duplicates: int = 0
    exit4: int = 0
    notes: list[str] = field(default_factory=list)

    def note(self, text: str) -> None:
        self.notes.append(text)
        print(f"  ! {text}", flush=True)


# --- the writer child ---------------------------------------------------------------------


def writer(db: str, kind: str, game: int, seed: int) -> None:
    """Play moves forever, printing ``ack GAME SEQ HASH`` once each is recorded."""
    from tests.loop.fuzz import choose

    referee = Referee.open(db)
    rng = random.Random(seed)
    print("ready", flush=True)
    while True:
        try:
            if kind == "pebbles":
                state = referee.load(game).state
                recorded = referee.submit(game, pebbles.Take(state.players[state.turn], 1))
            else:
                loaded = referee.load(game)
                legal = list(loaded.game.legal(loaded.state))
                if loaded.game.is_over(loaded.state) or not legal:
                    game = referee.new_game("loop", ["ann", "ben", "cat"], seed=rng.randrange(10**6),
                                            cards=CARDS.read_text())  # fmt: skip
                    print(f"game {game}", flush=True)
                    continue
                recorded = referee.submit(game, choose(rng, legal))
        except RefereeError as error:
            print(f"refused {type(error).__name__}: {error}", flush=True)
            continue
        head = referee.store.rows(game, recorded.head - 1, recorded.head)[0]
        print(f"ack {game} {head.seq} {head.hash}", flush=True)


def kill_writers(tally: Tally, db: Db, kind: str, game: int, kills: int, rng: random.Random) -> None:
    acked: dict[tuple[int, int], str] = {}
    for n in range(kills):
        child = subprocess.Popen(
            [sys.executable, __file__, "--child", str(db), kind, str(game), str(rng.randrange(10**6))],
            cwd=ROOT,
            env=ENV,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert child.stdout is not None
        if child.stdout.readline().strip() != "ready":
            tally.note(f"{kind} writer {n} did not start: {child.stderr.read() if child.stderr else ''}")
            continue
        time.sleep(rng.uniform(0.05, 0.6))
        child.send_signal(signal.SIGKILL)
        out, err = child.communicate()
        tally.kills += 1
        if "Traceback" in err or "internal error" in err:
            tally.exit4 += 1
            tally.note(f"{kind} writer {n}: {err.strip().splitlines()[-1]}")
        for line in out.splitlines():
            words = line.split()
            if words[:1] == ["ack"] and len(words) == 4:
                acked[(int(words[1]), int(words[2]))] = words[3]
            elif words[:1] == ["game"] and len(words) == 2:
                game = int(words[1])
        check_after(tally, db, acked)
    tally.acknowledged += len(acked)


def check_after(tally: Tally, db: Db, acked: dict[tuple[int, int], str]) -> None:
    """After a kill: integrity, every acknowledged move still there, every game verifies."""
    conn = connect(db)
    if not intact(conn, server=is_server(db)):
        tally.corrupt += 1
        tally.note(f"integrity check failed on {db}")
    rows = {(g, s): h for g, s, h in conn.execute("SELECT game_id, seq, hash FROM events")}
    conn.close()
    lost = [key for key, digest in acked.items() if rows.get(key) != digest]
    if lost:
        tally.lost += len(lost)
        tally.note(f"acknowledged rows gone: {lost[:5]}")
        for key in lost:
            del acked[key]  # counted once
    referee = Referee.open(db, create=False)
    for info in referee.store.games():
        seqs = [r.seq for r in referee.store.rows(info.id)]
        tally.gaps += sum(b - a > 1 for a, b in itertools.pairwise(seqs))
        tally.duplicates += len(seqs) - len(set(seqs))
        try:
            referee.verify(info.id)
        except RefereeError as error:
            tally.verify_failures += 1
            tally.note(f"verify game {info.id}: {error}")
    referee.store.close()


def intact(conn: Any, *, server: bool) -> bool:
    """SQLite's integrity_check, or on PostgreSQL amcheck's check of the events' primary key
    index against every row of the table."""
    if not server:
        return bool(conn.execute("PRAGMA integrity_check").fetchone() == ("ok",))
    import psycopg

    try:
        conn.execute("CREATE EXTENSION IF NOT EXISTS amcheck")
        conn.execute("SELECT bt_index_check('events_pkey', true)")
        conn.execute("SELECT bt_index_check('games_pkey', true)")
    except psycopg.Error as error:
        print(f"  amcheck: {error}", flush=True)
        return False
    return True


def big_game(db: Path, rows: int) -> int:
    """A game of about ``rows`` rows written in bulk, with a snapshot every 1,000 rows."""
    referee = Referee.open(db)
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "1000000000"})
    head = 1
    for first in range(0, rows // 2, 1000):
        batch = []
        for n in range(first, min(rows // 2, first + 1000)):
            player = ("alice", "bob")[n % 2]
            command = pebbles.Take(player, 1)
            body = encode(Move(command=__import__("msgspec").Raw(encode(command).encode())))
            batch += [
                NewRow(MOVE, body, player),
                NewRow("pebbles.taken", encode(pebbles.Taken(player, 1)), player),
            ]
        stored = referee.store.append(game, head, batch, utcnow())
        head = stored[-1].seq
        loaded = referee.load(game)
        referee.repo._maybe_snapshot(loaded, stored[-1], loaded.state)
    referee.store.close()
    return game


# --- racing writers -------------------------------------------------------------------------


def racer(db: str, game: int, moves: int, gate: str) -> None:
    referee = Referee.open(db)
    print("ready", flush=True)
    while not Path(gate).exists():
        time.sleep(0.001)
    done = conflicts = 0
    while done < moves:
        try:
            state = referee.load(game).state
            recorded = referee.submit(game, pebbles.Take(state.players[state.turn], 1))
        except RefereeError as error:  # a conflict that could not be re-decided: try again
            conflicts += 1
            if error.exit_code != 3:
                print(f"refused {error}", flush=True)
            continue
        print(f"ack {recorded.seq}", flush=True)
        done += 1
    print(f"conflicts {conflicts}", flush=True)


def race(tally: Tally, folder: Path, racers: int, moves: int) -> None:
    db = place(folder, "race")
    referee = Referee.open(db)
    game = referee.new_game("pebbles", ["alice", "bob", "cat"], options={"pile": "1000000000"})
    referee.store.close()
    gate = folder / "race.go"
    children = [
        subprocess.Popen(
            [sys.executable, __file__, "--racer", str(db), str(game), str(moves), str(gate)],
            cwd=ROOT,
            env=ENV,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(racers)
    ]
    for child in children:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
    start = time.perf_counter()
    gate.touch()
    acked: list[int] = []
    conflicts = 0
    for child in children:
        out, err = child.communicate(timeout=600)
        if child.returncode != 0 or "Traceback" in err:
            tally.exit4 += 1
            tally.note(f"racer: {err.strip().splitlines()[-1] if err.strip() else child.returncode}")
        acked += [int(line.split()[1]) for line in out.splitlines() if line.startswith("ack ")]
        conflicts += sum(int(line.split()[1]) for line in out.splitlines() if line.startswith("conflicts "))
    seconds = time.perf_counter() - start
    referee = Referee.open(db, create=False)
    rows = referee.store.rows(game)
    seqs = [r.seq for r in rows]
    tally.gaps += sum(b - a > 1 for a, b in itertools.pairwise(seqs))
    tally.duplicates += len(seqs) - len(set(seqs)) + len(acked) - len(set(acked))
    moves_rows = {r.seq for r in rows if r.type == "move"}
    tally.lost += len(set(acked) - moves_rows)
    tally.acknowledged += len(acked)
    try:
        referee.verify(game)
    except RefereeError as error:
        tally.verify_failures += 1
        tally.note(f"verify after the race: {error}")
    referee.store.close()
    print(
        f"racing writers: {racers} processes x {moves} moves: {len(acked)} acknowledged,"
        f" {len(moves_rows)} move rows, {conflicts} conflicts retried, {len(acked) / seconds:,.0f} moves/s",
        flush=True,
    )


# --- concurrent first use ---------------------------------------------------------------

STARTER = """
import sys, time
from pathlib import Path
from ledger import games
from referee_cli.app import build_command
from referee_cli.main import run
from tests import pebbles
games.register("pebbles", pebbles)
app = build_command()
gate = Path(sys.argv[1])
print("ready", flush=True)
while not gate.exists():
    time.sleep(0.001)
sys.exit(run(sys.argv[2:], app))
"""


def first_use(tally: Tally, folder: Path, rounds: int) -> None:
    failed = 0
    for round_ in range(rounds):
        db, gate = place(folder, f"first{round_}"), folder / f"first{round_}.go"
        children = [
            subprocess.Popen(
                [
                    sys.executable,
                    "-c",
                    STARTER,
                    str(gate),
                    "--db",
                    str(db),
                    "new",
                    "loop",
                    "--players",
                    f"a{n},b{n}",
                ],
                cwd=ROOT,
                env=ENV,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for n in range(8)
        ]
        for child in children:
            assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        gate.touch()
        for child in children:
            _, err = child.communicate(timeout=300)
            if child.returncode != 0:
                failed += 1
                tally.exit4 += child.returncode == 4
                tally.note(f"first use: exit {child.returncode}: {err.strip()}")
        conn = connect(db)
        if conn.execute("SELECT count(*) FROM games").fetchone() != (8 - failed if round_ == 0 else 8,):
            tally.note(f"first use round {round_}: not 8 games")
        conn.close()
    print(
        f"concurrent first use: {rounds} rounds x 8 `referee new` on a new database: {failed} failed",
        flush=True,
    )


# --- tampering -------------------------------------------------------------------------------
#
# Each case edits the database as a hostile player with the laptop would (SQL from outside the
# referee), then uses the referee as usual: status, log, a move, verify, status again. Printed
# per case: whether the bad row was named (and at which seq), whether anything from the
# forgery was shown, and whether anything was appended after it. The goal: every case named,
# nothing shown, nothing appended.

BASE_MOVES = 1003  # rows: the setup, then 1,003 moves of 2 rows: head #2007, snapshots at #1001, #2001
HEAD = 1 + 2 * BASE_MOVES


def cli(db: Db, *args: str, stdout: Any = subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CLI, "--db", str(db), *args], cwd=ROOT, env=ENV, stdout=stdout, stderr=subprocess.PIPE, text=True
    )


def sql(db: Db, statement: str, *params: object) -> None:
    conn = connect(db)
    conn.execute(statement, params)
    conn.close()


def rechain(db: Db) -> None:
    conn = connect(db)
    prev = GENESIS
    rows = conn.execute(
        "SELECT seq, type, body, actor, recorded_at FROM events WHERE game_id = 1 ORDER BY seq"
    )
    for seq, type_, body, actor, recorded_at in rows.fetchall():
        digest = row_hash(prev, seq, type_, body, actor, recorded_at)
        conn.execute(
            "UPDATE events SET prev_hash = ?, hash = ? WHERE game_id = 1 AND seq = ?", (prev, digest, seq)
        )
        prev = digest
    conn.close()


def head_of(db: Db) -> int:
    conn = connect(db)
    (seq,) = conn.execute("SELECT max(seq) FROM events WHERE game_id = 1").fetchone()
    conn.close()
    return int(seq or 0)


def forge_snapshot(db: Db) -> None:
    """Issue 19, hole 1: the latest snapshot gives alice 5,010 pebbles, its sha256 digest redone."""
    import hashlib

    import msgspec

    conn = connect(db)
    seq, body = conn.execute("SELECT seq, body FROM snapshots WHERE game_id = 1 ORDER BY seq DESC").fetchone()
    state = msgspec.json.decode(body, type=pebbles.State)
    forged = encode(msgspec.structs.replace(state, held={**state.held, "alice": 5010}))
    digest = hashlib.sha256(forged.encode()).hexdigest()
    conn.execute(
        "UPDATE snapshots SET body = ?, digest = ? WHERE game_id = 1 AND seq = ?", (forged, digest, seq)
    )
    conn.close()


def edit_players(db: Db) -> None:
    sql(db, 'UPDATE games SET players = \'["mallory","bob"]\'')


def edit_status(db: Db) -> None:
    sql(db, "UPDATE games SET status = 'over'")


def edit_actor(db: Db) -> None:
    sql(db, "UPDATE events SET actor = 'bob' WHERE seq IN (2, 3)")
    rechain(db)


def edit_body(db: Db) -> None:
    sql(db, f"UPDATE events SET body = replace(body, '\"n\":1', '\"n\":3') WHERE seq = {HEAD}")


def edit_early_row(db: Db) -> None:
    """Issue 19, hole 2: a row long before the latest snapshot."""
    sql(db, "UPDATE events SET body = replace(body, '\"n\":1', '\"n\":3') WHERE seq = 3")


def edit_time(db: Db) -> None:
    sql(db, "UPDATE events SET recorded_at = 'then' WHERE seq = 4")
    rechain(db)


def cut_tail(db: Db) -> None:
    sql(db, f"DELETE FROM events WHERE seq > {HEAD - 2}")


def cut_mid_move(db: Db) -> None:
    """Issue 19, hole 4: the last rows cut, through the middle of a move."""
    sql(db, f"DELETE FROM events WHERE seq > {HEAD - 3}")


def append_refused(db: Db) -> None:
    """Issue 19, hole 3: a move the rules refuse (bob takes 9), appended with a valid chain."""
    import msgspec

    command = pebbles.Take("bob", 9)
    move = encode(Move(command=msgspec.Raw(encode(command).encode())))
    conn = connect(db)
    (prev,) = conn.execute(f"SELECT hash FROM events WHERE seq = {HEAD}").fetchone()
    for seq, type_, body in (
        (HEAD + 1, MOVE, move),
        (HEAD + 2, "pebbles.taken", encode(pebbles.Taken("bob", 9))),
    ):
        digest = row_hash(prev, seq, type_, body, "bob", "t")
        conn.execute(
            "INSERT INTO events VALUES (1, ?, ?, ?, 'bob', 't', ?, ?)", (seq, type_, body, prev, digest)
        )
        prev = digest
    conn.close()


def append_refused_unmarked(db: Db) -> None:
    """The same, and the verified mark deleted, so that only a whole check finds it."""
    append_refused(db)
    sql(db, "DELETE FROM verified")


def cut_unmarked(db: Db) -> None:
    """Issue 40, hole 3: the last move cut, then the verified mark and the snapshots deleted, so
    that nothing left in the database remembers the rows."""
    cut_tail(db)
    sql(db, "DELETE FROM verified")
    sql(db, "DELETE FROM snapshots")


def cut_mark_moved(db: Db) -> None:
    """Issue 40, hole 3: the last move cut and the mark moved back onto the new head by hand
    (its seal left as it was)."""
    cut_tail(db)
    sql(db, f"UPDATE verified SET seq = {HEAD - 2}, hash = (SELECT hash FROM events WHERE seq = {HEAD - 2})")


def edit_version(db: Db) -> None:
    version = """replace(body, '"rules_version":"1"', '"rules_version":"9"')"""
    sql(db, f"UPDATE events SET body = {version} WHERE seq = 1")
    rechain(db)


def edit_deep_body(db: Db) -> None:
    """Issue 40, hole 8: a body nested 2,000 deep, the chain recomputed and the marks deleted
    (so that only a whole check, which decodes every row, finds it)."""
    deep = "[" * 2000 + "]" * 2000
    sql(
        db,
        "UPDATE events SET body = replace(body, '{\"n\"', '{\"note\":' || ? || ',\"n\"') WHERE seq = 3",
        deep,
    )
    sql(db, "DELETE FROM verified")
    rechain(db)


def append_revert_by_mallory(db: Db) -> None:
    """Issue 40, hole 12: an undo of the last move asked by mallory, who is not at the table,
    appended with a valid chain."""
    body = encode(Reverted(target=HEAD - 1, how="undo", reason="x" * 1000, by="mallory"))
    conn = connect(db)
    (prev,) = conn.execute(f"SELECT hash FROM events WHERE seq = {HEAD}").fetchone()
    digest = row_hash(prev, HEAD + 1, REVERTED, body, "mallory", "t")
    conn.execute(
        "INSERT INTO events VALUES (1, ?, ?, ?, 'mallory', 't', ?, ?)",
        (HEAD + 1, REVERTED, body, prev, digest),
    )
    conn.close()


@dataclass(frozen=True)
class Case:
    edit: Callable[[Db], None]
    seq: int  # the row that must be named
    cache: bool = False  # only a cache is edited: the game goes on, on the log's truth
    forged: str = ""  # a text that shows only if the forgery is believed


TAMPERS: dict[str, Case] = {
    "a snapshot forged, its digest redone (19.1)": Case(forge_snapshot, 2001, cache=True, forged="5010"),
    "the games row's players": Case(edit_players, 1, cache=True, forged="mallory"),
    "the games row's status set to over (19.5)": Case(edit_status, 1, cache=True, forged='"status":"over"'),
    "a move's actor, chain recomputed": Case(edit_actor, 2),
    "a body edited in place at the head": Case(edit_body, HEAD),
    "a row edited before the latest snapshot (19.2)": Case(edit_early_row, 3),
    # A rewrite the rules accept, its hashes recomputed: only the mark remembers, at the head.
    "a time edited, chain recomputed": Case(edit_time, HEAD),
    "the tail cut": Case(cut_tail, HEAD - 1),
    "the tail cut through a move (19.4)": Case(cut_mid_move, HEAD - 2),
    "a refused move appended (19.3)": Case(append_refused, HEAD + 1),
    "a refused move appended, the mark deleted (19.3)": Case(append_refused_unmarked, HEAD + 1),
    "the tail cut, the mark and snapshots deleted (40.3)": Case(cut_unmarked, HEAD - 1),
    "the tail cut, the mark moved back by hand (40.3)": Case(cut_mark_moved, HEAD - 1),
    "the setup's rules version, chain recomputed": Case(edit_version, 1),
    "a body nested 2,000 deep, chain recomputed, marks deleted (40.8)": Case(edit_deep_body, 3),
    "an undo by mallory, not at the table, appended (40.12)": Case(append_revert_by_mallory, HEAD + 1),
}
GIFT = ["pebbles", "give", "alice", "bob", "4000", "--json"]  # legal only on the forged snapshot
GAMES = ["games", "--json"]
AFTER = (
    ["status", "--json"],
    ["log", "--json"],
    GAMES,
    ["stats", "--json"],
    GIFT,
    ["pebbles", "take", "bob", "1", "--json"],
    ["verify", "--json"],
    ["status", "--json"],
)


def named_seq(result: subprocess.CompletedProcess[str]) -> int | None:
    """The seq a refusal named (its JSON error), if it is one."""
    import json

    try:
        error = json.loads(result.stdout)
    except ValueError:
        return None
    return error.get("seq") if isinstance(error, dict) and "error" in error else None


def tamper(tally: Tally, folder: Path) -> int:
    """Each case on a fresh copy of a game with two snapshots; returns the cases missed."""
    base = place(folder, "tamperbase")
    referee = Referee.open(base)
    game = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "100000"})
    for n in range(BASE_MOVES):
        referee.submit(game, pebbles.Take(("alice", "bob")[n % 2], 1))
    referee.store.close()
    missed = 0
    for name, case in TAMPERS.items():
        db: Db
        if SERVER is not None:  # the same server, the same key (REFEREE_KEY_FILE)
            db = made("tamper", template="tamperbase")
        else:
            db = folder / "tamper.db"
            for suffix in ("", "-wal", "-shm", ".key"):
                Path(f"{db}{suffix}").unlink(missing_ok=True)
            with sqlite3.connect(base) as source, sqlite3.connect(db) as copy:
                source.backup(copy)
            shutil.copy(f"{base}.key", f"{db}.key")  # the same installation
        case.edit(db)
        before = head_of(db)
        results = [cli(db, *args) for args in AFTER]
        tally.exit4 += sum(r.returncode == 4 for r in results)
        seqs = [s for s in map(named_seq, results) if s is not None]
        named = case.seq in seqs
        showing = [(r, args) for r, args in zip(results, AFTER, strict=True) if args[0] != "verify"]
        if case.cache:  # the truth is shown, never the forgery; nothing is decided on it
            # the forged text as a word of its own: not inside a hash or a time's microseconds
            alone = re.compile(rf"(?<![0-9a-f.]){re.escape(case.forged)}(?![0-9a-f])")
            shown = any(alone.search(r.stdout) for r, _ in showing)
            appended = results[AFTER.index(GIFT)].returncode == 0
        else:
            # Nothing is shown once the damage is named (before, a command that reads none of
            # the damaged rows shows the log's truth), and `games` lists the game as damaged.
            first = next((n for n, r in enumerate(results) if named_seq(r) is not None), len(results))
            shown = any(
                r.returncode == 0 and args[0] in ("status", "log") and n > first
                for n, (r, args) in enumerate(zip(results, AFTER, strict=True))
            ) or '"status":"damaged"' not in results[AFTER.index(GAMES)].stdout.replace(" ", "")
            appended = head_of(db) > before
        missed += not named or shown or appended
        print(
            f"  tamper: {name}: named {f'at #{case.seq}' if named else f'NO (seqs {seqs[:3]})'},"
            f" shown {'YES' if shown else 'no'}, appended {'YES' if appended else 'no'}"
            f" · exits {' '.join(str(r.returncode) for r in results)}",
            flush=True,
        )
    return missed


def forged_export(
    lines: list[str], edit: Callable[[dict[str, Any], list[dict[str, Any]]], None], path: Path
) -> Path:
    """An export's ``lines`` edited by ``edit(header, rows)``, every hash recomputed: a careful
    forgery, written to ``path``."""
    import json

    header, rows = json.loads(lines[0]), [json.loads(line) for line in lines[1:]]
    edit(header, rows)
    prev, out = GENESIS, [json.dumps(header)]
    for row in rows:
        body = json.dumps(row.pop("body"), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        row["prev_hash"] = prev
        row["hash"] = prev = row_hash(prev, row["seq"], row["type"], body, row["actor"], row["recorded_at"])
        out.append(json.dumps(row)[:-1] + ', "body": ' + body + "}")
    path.write_text("\n".join(out) + "\n")
    return path


def imports(folder: Path) -> int:
    """Issue 19, hole 6: exports edited and imported. Returns the cases missed."""
    import json

    missed = 0
    db = folder / "imports.db"
    cli(db, "new", "loop", "--players", "ann,ben,cat", "--seed", "7", "--cards", str(CARDS))
    cli(db, "loop", "work", "ann")
    cli(db, "loop", "end", "ann")
    lines = cli(db, "export").stdout.splitlines()

    def forged(edit: Callable[[dict[str, Any], list[dict[str, Any]]], None], path: Path) -> Path:
        return forged_export(lines, edit, path)

    def later(header: dict[str, Any], rows: list[dict[str, Any]]) -> None:
        for row in rows[1:]:
            row["recorded_at"] = "2030-01-01T00:00:00.000000+00:00"

    def same_time(header: dict[str, Any], rows: list[dict[str, Any]]) -> None:
        for row in rows:
            row["recorded_at"] = rows[0]["recorded_at"]

    def spliced(header: dict[str, Any], rows: list[dict[str, Any]]) -> None:
        pebbles_game = games.get("pebbles")
        setup = {"game": "pebbles", "rules_version": pebbles_game.rules_version, "mode": "basic"}
        header.update(setup, options={})
        rows[0]["body"].update(setup, options={})

    cases: list[tuple[str, Path, list[str], Callable[[subprocess.CompletedProcess[str]], bool]]] = [
        (
            "card rows stamped later: void 2 --cascade",
            forged(later, folder / "later.jsonl"),
            ["void", "2", "--reason", "x", "--cascade"],
            lambda r: r.returncode == 1 and "part of the setup" in r.stderr,
        ),
        (
            "moves stamped with the setup's time: undo",
            forged(same_time, folder / "same.jsonl"),
            ["undo"],
            lambda r: r.returncode == 0,
        ),
    ]
    for name, path, args, right in cases:
        loaded = cli(db, "import", str(path), "--copy")
        result = cli(db, *args)
        ok = loaded.returncode == 0 and right(result)
        missed += not ok
        said = (result.stderr or result.stdout).strip().splitlines()[0][:90]
        print(f"  import: {name}: {'right' if ok else 'WRONG'} · {said}")
    # A running --seed game's export carries only the commitment: elsewhere (another database
    # and key) its decks cannot be dealt, and it reads as its log holds it, saying so (issue 40:
    # as where the key is lost; `verify` says the seed is lost); with --with-seed it loads whole.
    plain, sealed = folder / "running.jsonl", folder / "running-with-seed.jsonl"
    plain.write_text("\n".join(lines) + "\n")
    sealed.write_text(cli(db, "export", "--with-seed").stdout)
    setup = json.loads(lines[1])["body"]
    hidden = json.loads(lines[0])["seed"] is None and setup["seed"] is None and "commitment" in setup
    unsealed = cli(folder / "elsewhere.db", "import", str(plain))
    lost = json.loads(cli(folder / "elsewhere.db", "verify", "--json").stdout).get("seed") == "lost"
    loaded = cli(folder / "elsewhere-seeded.db", "import", str(sealed))
    whole = json.loads(cli(folder / "elsewhere-seeded.db", "verify", "--json").stdout).get("seed") == "sealed"
    told = "does not carry the seed" in unsealed.stderr
    ok = hidden and unsealed.returncode == 0 and told and lost and loaded.returncode == 0 and whole
    missed += not ok
    said = unsealed.stderr.strip()[:90]
    print(f"  import: a running --seed game's export, elsewhere: {'sealed' if ok else 'NOT SEALED'} · {said}")
    result = cli(db, "import", str(forged(spliced, folder / "spliced.jsonl")))
    ok = result.returncode == 1 and "but the setup names pebbles" in result.stderr
    missed += not ok
    said = result.stderr.strip()[:90]
    print(f"  import: a LOOP log under a pebbles setup: {'named' if ok else 'NOT NAMED'} · {said}")
    return missed


def outputs(folder: Path) -> int:
    """Issue 19, hole 7: a move whose output fails is reported as recorded. Returns the cases missed."""
    db = folder / "tamper.db"
    missed = 0
    checks: list[tuple[str, list[str], Any, Callable[[subprocess.CompletedProcess[str]], bool]]] = []
    if Path("/dev/full").exists():
        checks.append(
            (
                "a move > /dev/full",
                ["pebbles", "take", "alice", "1"],
                "full",
                lambda r: r.returncode == 5 and "recorded #" in r.stderr,
            )
        )
    checks += [
        (
            "a move into a closed pipe",
            ["pebbles", "take", "bob", "1"],
            "pipe",
            lambda r: r.returncode == 5 and "recorded #" in r.stderr,
        ),
        (
            "export into a closed pipe",
            ["export"],
            "pipe",
            lambda r: r.returncode == 5 and "rows · head" not in r.stderr,
        ),
    ]
    if Path("/dev/full").exists():
        checks.append(
            (
                "export -o /dev/full",
                ["export", "-o", "/dev/full"],
                subprocess.PIPE,
                lambda r: r.returncode == 3,
            )
        )
    for suffix in ("", "-wal", "-shm", ".key"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    cli(db, "new", "pebbles", "--players", "alice,bob", "--option", "pile=100")
    for name, args, target, right in checks:
        if target == "full":
            with open("/dev/full", "w") as full:
                result = cli(db, *args, stdout=full)
        elif target == "pipe":
            read, write = os.pipe()
            os.close(read)
            result = cli(db, *args, stdout=write)
            os.close(write)
        else:
            result = cli(db, *args, stdout=target)
        ok = right(result) and "Traceback" not in result.stderr
        missed += not ok
        said = result.stderr.strip()[:90]
        print(f"  output: {name}: exit {result.returncode} {'right' if ok else 'WRONG'} · {said}")
    return missed


def keys(folder: Path) -> int:
    """Issue 40, holes 2 and 10: the key lost (deleted, or the database copied without it) and a
    key file that is no key (a FIFO, one cut short, a link to /dev/zero). A lost key must be told
    once and cost no game (a virtual one included: it reads, scores, verifies and exports); a
    damaged one must be named at once, nothing shown or appended. Returns the cases missed."""
    base = folder / "keys-base.db"
    cli(base, "new", "pebbles", "--players", "alice,bob", "--option", "pile=100")
    cli(base, "pebbles", "take", "alice", "1")
    cli(base, "new", "loop", "--players", "ann,ben,cat", "--seed", "7", "--cards", str(CARDS))
    cli(base, "loop", "work", "ann")
    cli(base, "loop", "end", "ann")
    readers = [["status"], ["log"], ["score"], ["verify"], ["export"], ["export", "--with-seed"]]
    missed = 0

    def fresh(name: str, key: bool) -> Path:
        db = folder / name
        db.parent.mkdir(exist_ok=True)
        for suffix in ("", "-wal", "-shm", ".key"):
            Path(f"{db}{suffix}").unlink(missing_ok=True)
        with sqlite3.connect(base) as source, sqlite3.connect(db) as copy:
            source.backup(copy)
        if key:
            shutil.copy(f"{base}.key", f"{db}.key")
        return db

    for name, db in (
        ("the key deleted", fresh("keys.db", key=False)),
        ("the database copied without its key", fresh("elsewhere/keys.db", key=False)),
    ):
        told = [
            cli(db, "games").stderr.count("referee: note:"),
            cli(db, "games").stderr.count("referee: note:"),
        ]
        exits = [cli(db, "--game", str(game), *args).returncode for game in (1, 2) for args in readers]
        # export --with-seed of the virtual game is the one that may refuse: its seed is lost
        ok = told == [1, 0] and exits.count(0) >= len(exits) - 1 and 4 not in exits
        missed += not ok
        print(
            f"  key: {name}: told {told[0]}x then {told[1]}x, {'read' if ok else 'NOT READ'} ·"
            f" exits {' '.join(map(str, exits))}",
            flush=True,
        )
    damaged: list[tuple[str, Callable[[Path], None], str]] = [
        ("a FIFO", lambda key: os.mkfifo(key), "is a FIFO"),
        ("cut short", lambda key: key.write_bytes(b"0123456789"), "is 10 bytes"),
        ("a link to /dev/zero", lambda key: key.symlink_to("/dev/zero"), "is a character device"),
    ]
    for name, make, said in damaged:
        db = fresh("damaged.db", key=False)
        make(Path(f"{db}.key"))
        before = head_of(db)
        started = time.perf_counter()
        try:
            results = [
                subprocess.run(
                    [*CLI, "--db", str(db), *args],
                    cwd=ROOT,
                    env=ENV,
                    capture_output=True,
                    text=True,
                    timeout=20,
                )
                for args in (["status"], ["pebbles", "take", "bob", "1"], ["export"])
            ]
        except subprocess.TimeoutExpired:
            results = []
        named = bool(results) and all(r.returncode == 3 and said in r.stderr for r in results)
        shown = any(r.stdout for r in results)
        appended = head_of(db) > before
        missed += not named or shown or appended
        print(
            f"  key: {name}: named {'yes' if named else 'NO'}, shown {'YES' if shown else 'no'},"
            f" appended {'YES' if appended else 'no'} · {time.perf_counter() - started:.2f} s",
            flush=True,
        )
    return missed


# --- issue 40's edges: nesting, piped exports, imports of what the referee never writes ---------

EDGE_CASES = 14  # printed by ``edges``: 6 nested, 6 forged, 2 piped


def piped(db: Path, unbuffered: bool) -> tuple[int, str]:
    """``referee export | head -1``: the reader takes the first line and closes the pipe."""
    env = {k: v for k, v in ENV.items() if k != "PYTHONUNBUFFERED"}
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    child = subprocess.Popen(
        [*CLI, "--db", str(db), "export"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert child.stdout is not None and child.stderr is not None
    child.stdout.readline()
    child.stdout.close()
    err = child.stderr.read().decode()
    return child.wait(timeout=60), err


def edges(tally: Tally, folder: Path) -> int:
    """Issue 40, holes 8, 11 and 12: files nested deeper than a parser's stack (an import line,
    a cards file), an export piped into a reader that stops at its first line under both
    bufferings of the output, and exports forged to hold what the referee never writes. Printed
    per case: named (the refusal's one line says what is wrong) or not, and whether anything was
    shown or appended after. Returns the cases missed."""
    import json

    missed = 0
    db = folder / "edges.db"
    cli(db, "new", "pebbles", "--players", "alice,bob", "--title", "Friday")
    for words in ("take alice 2", "take bob 1", "take alice 1"):
        cli(db, "pebbles", *words.split())
    cli(db, "undo", "--by", "bob", "--reason", "misheard")  # #8 undoes #6
    lines = cli(db, "export").stdout.splitlines()
    deep = "[" * 1000 + "]" * 1000

    def report(
        name: str, result: subprocess.CompletedProcess[str], code: int, said: str, forged: str
    ) -> None:
        nonlocal missed
        listed = cli(db, "games", "--json").stdout
        shown = forged in listed + cli(db, "log").stdout + cli(db, "cards", "--kind", "loop").stdout
        appended = len(json.loads(listed)["games"]) != 1
        named = result.returncode == code and said in result.stderr and result.stderr.count("\n") == 1
        tally.exit4 += result.returncode == 4
        missed += not named or shown or appended
        said_now = result.stderr.strip()[:80]
        print(
            f"  edge: {name}: named {'yes' if named else 'NO'}, shown {'YES' if shown else 'no'},"
            f" appended {'YES' if appended else 'no'} · exit {result.returncode} · {said_now}",
            flush=True,
        )

    def imported(path: Path) -> subprocess.CompletedProcess[str]:
        return cli(db, "import", str(path), "--copy")

    # Hole 8: nesting (an unknown field of the header, a row's body), and cards files.
    header_deep = folder / "deep-header.jsonl"
    header_deep.write_text("\n".join([lines[0][:-1] + f',"note":{deep}}}', *lines[1:]]) + "\n")
    report(
        "an import's header nested 1,000 deep", imported(header_deep), 2, "line 1 of the file nests", "note"
    )
    body_deep = folder / "deep-body.jsonl"
    rows = [*lines[1:]]
    rows[1] = rows[1].replace('"body":{', f'"body":{{"note":{deep},', 1)
    body_deep.write_text("\n".join([lines[0], *rows]) + "\n")
    report("a row's body nested 1,000 deep", imported(body_deep), 2, "line 3 of the file nests", "note")
    for nested, what in (("[" * 500 + "]" * 500, "arrays"), ("{a = " * 500 + "1" + "}" * 500, "tables")):
        cards = folder / "deep.toml"
        cards.write_text(f"[[activity]]\nname = 'DEEP'\nneeds = {nested}\n")
        result = cli(db, "new", "loop", "--players", "ann,ben", "--cards", str(cards))
        report(f"`new --cards` of {what} nested 500 deep", result, 2, "nests arrays and tables", "DEEP")
        result = cli(db, "cards", "import", str(cards), "--kind", "loop")
        report(f"`cards import` of {what} nested 500 deep", result, 2, "nests arrays and tables", "DEEP")

    # Hole 12: what the referee never writes, every hash recomputed.
    def mallory(header: dict[str, Any], rows: list[dict[str, Any]]) -> None:
        rows[7]["actor"] = rows[7]["body"]["by"] = "mallory"

    def long_reason(header: dict[str, Any], rows: list[dict[str, Any]]) -> None:
        rows[7]["body"]["reason"] = "x" * 1_000_000

    def version(header: dict[str, Any], rows: list[dict[str, Any]]) -> None:
        header["rules_version"] = "0"

    def seats(header: dict[str, Any], rows: list[dict[str, Any]]) -> None:
        header["players"] = ["bob", "alice"]

    def lookalike(header: dict[str, Any], rows: list[dict[str, Any]]) -> None:
        renamed = json.loads(
            json.dumps([header, rows]).replace('"bob"', '"\\u0430\\u0440\\u0435"').replace('"alice"', '"ape"')
        )
        header.update(renamed[0])
        rows[:] = renamed[1]

    def title(header: dict[str, Any], rows: list[dict[str, Any]]) -> None:
        header["title"] = rows[0]["body"]["title"] = "Friday\x1b[2J" + "x" * 200

    forgeries: list[tuple[str, Callable[[dict[str, Any], list[dict[str, Any]]], None], int, str, str]] = [
        ("an undo asked by mallory", mallory, 1, "names 'mallory', who is not at this table", "mallory"),
        ("an undo with a 1 MB reason", long_reason, 1, "holds a reason of 1000000 characters", "xxxxxxxxxx"),
        (
            "a header whose rules version is not the setup's",
            version,
            1,
            "the setup row at rules_version",
            '"rules_version":"0"',
        ),
        ("a header whose seats are not the setup's", seats, 1, "the setup row at players", '["bob","alice"]'),
        ("a setup with names alike (ape, Cyrillic аре)", lookalike, 2, "look alike", '"ape"'),
        ("a setup whose title `new` refuses", title, 2, "the title has 210 characters", "xxxxxxxxxx"),
    ]
    for name, edit, code, said, forged in forgeries:
        path = forged_export(lines, edit, folder / "forged.jsonl")
        report(f"import: {name}", imported(path), code, said, forged)

    # Hole 11: `export | head -1`, the export (the tampering game's) far more than a pipe holds.
    base = folder / "tamperbase.db"  # made by tampering() (place(folder, "tamperbase"))
    for unbuffered in (False, True):
        code, err = piped(base, unbuffered)
        right = code == 5 and err == "referee: the output was closed: not all of it was written\n"
        tally.exit4 += code == 4
        missed += not right
        mode = "PYTHONUNBUFFERED=1" if unbuffered else "buffered"
        said = err.strip()[:80]
        print(
            f"  edge: export | head -1 ({mode}): exit {code} {'right' if right else 'WRONG'} · {said}",
            flush=True,
        )
    return missed


# --- `referee serve` under attack (issue 40) ---------------------------------------------

SERVE_FILES = 256  # the open-file limit the served process runs under (the issue's)


def peak_memory(pid: int) -> int:
    """A process's peak resident memory so far, in bytes (Linux; 0 elsewhere)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    line = next((line for line in status.splitlines() if line.startswith("VmHWM:")), "VmHWM: 0 kB")
    return int(line.split()[1]) * 1024


def post_chunked(url: str, chunks: Iterator[bytes]) -> tuple[str, int]:
    """POST ``chunks`` (chunked, as JSON) on a raw socket until the server answers; its status
    line and body, and how many body bytes were sent before it did."""
    import select
    import socket
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    sent = 0
    with socket.create_connection((parts.hostname, parts.port or 80), timeout=30) as conn:
        head = f"POST {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\nContent-Type: application/json\r\n"
        conn.sendall((head + "Transfer-Encoding: chunked\r\n\r\n").encode())
        for chunk in chunks:
            if select.select([conn], [], [], 0)[0]:
                break  # answered (and so refused) before the end
            try:
                conn.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            except OSError:
                break  # the server closed the connection
            sent += len(chunk)
        else:
            conn.sendall(b"0\r\n\r\n")
        answer = b""
        with contextlib.suppress(OSError):
            while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
                data = conn.recv(65536)
                if not data:
                    break
                answer += data
    status, _, rest = answer.decode(errors="replace").partition("\r\n")
    return status + " " + rest.rpartition("\r\n\r\n")[2], sent


def serve_attacks(folder: Path) -> int:
    """Issue 40, holes 4, 8 and 9, against `serve` in its own process. Returns the cases missed."""
    import asyncio
    import resource

    import httpx2 as httpx

    from referee_cli.serve import stream_cap
    from tests.serve.conftest import served_game
    from tests.serve.live import serving

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (SERVE_FILES, SERVE_FILES))

    db = folder / "serve.db"
    referee, game, _ = served_game(db)
    missed = 0
    with serving(db, game, preexec=limited) as server:
        pid = server.process.pid

        async def streams() -> tuple[list[int], list[str], int]:
            limits = httpx.Limits(max_connections=400, max_keepalive_connections=0)
            async with httpx.AsyncClient(limits=limits, timeout=httpx.Timeout(20.0)) as client:
                held: list[httpx.Response] = []

                async def one() -> tuple[int, str]:
                    try:
                        response = await client.send(
                            client.build_request("GET", server.base + "/events"), stream=True
                        )
                    except httpx.TransportError as error:
                        return 0, type(error).__name__
                    if response.status_code == 200:
                        held.append(response)
                        return 200, ""
                    await response.aread()
                    return response.status_code, response.text

                answers = await asyncio.gather(*(one() for _ in range(300)))
                page = (await client.get(server.links["ann"])).status_code
                for response in held:
                    await response.aclose()
                return [status for status, _ in answers], [text for _, text in answers if text], page

        statuses, said, page = asyncio.run(streams())
        one_line = all(text.startswith("{") and "\n" not in text for text in said)
        held, refused = statuses.count(200), len(statuses) - statuses.count(200)
        ok = page == 200 and held <= stream_cap(SERVE_FILES) and one_line and refused == 300 - held
        missed += not ok
        print(
            f"  serve: 300 event streams without a link ({SERVE_FILES} open files): {held} held,"
            f" {refused} refused {'in one line' if one_line else 'NOT in one line'}"
            f" ({', '.join(sorted({str(s) for s in statuses if s != 200}))}); a page after: {page}",
            flush=True,
        )

        url = server.links["ann"] + "/move"
        before = peak_memory(pid)
        chunk = b"[" * 65_536
        answer, sent = post_chunked(url, (chunk for _ in range(200 * 16)))
        grown = peak_memory(pid) - before
        head = referee.store.head(game)[0]
        ok = answer.startswith("HTTP/1.1 400") and "too long" in answer and grown < 16 * 2**20
        missed += not ok
        print(
            f"  serve: a 200 MB body, chunked: {'refused in one line' if ok else 'NOT REFUSED'}"
            f" after {sent / 2**20:.1f} MB sent; the server's peak memory +{grown / 2**20:.1f} MB",
            flush=True,
        )
        nested = "[" * 5000 + "]" * 5000
        reply = httpx.post(url, content=nested, headers={"content-type": "application/json"}, timeout=10)
        ok = reply.status_code == 400 and "nested too deeply" in reply.json()["line"]
        ok = ok and referee.store.head(game)[0] == head and httpx.get(server.base + "/").status_code == 200
        missed += not ok
        print(
            f"  serve: a body nested 5,000 deep: {reply.status_code} {reply.json()['line'][:60]}", flush=True
        )

        # A row edited in place, its hash left alone, while the pages are open.
        missed += edited_while_serving(server, referee, db, game, "body", '"coin":3', '"coin":9')
        missed += edited_while_serving(server, referee, db, game, "actor", "ann", "ben")
    referee.store.close()
    return missed


def edited_while_serving(
    server: Any, referee: Referee, db: Path, game: int, column: str, was: str, now: str
) -> int:
    """Row ``column`` of ann's WORK edited in place (``was`` to ``now``, its hash left alone) while
    ben's page listens and the server's referee holds the game folded: named on that page's
    stream and on every page, no page showing the game, no move appended; then put back and
    checked, and the round played on. Returns 1 if missed."""
    import json
    import threading

    import httpx2 as httpx

    url = server.links["ann"] + "/move"
    moved = httpx.post(url, json={"text": "work ann"}, timeout=10)
    assert moved.status_code == 200, moved.text
    seq = moved.json()["head"] - (column == "actor")  # her WORK's fact, or its move row
    edit = f"UPDATE events SET {column} = replace({column}, ?, ?) WHERE game_id = ? AND seq = ?"
    got: list[dict[str, Any]] = []
    with httpx.stream("GET", server.links["ben"] + "/events", timeout=10) as events:
        updates = (json.loads(line[6:]) for line in events.iter_lines() if line.startswith("data: "))
        next(updates)
        sql(db, edit, was, now, game, seq)
        reader = threading.Thread(target=lambda: got.append(next(updates)), daemon=True)
        reader.start()
        reader.join(5)
    streamed = bool(got) and f"row #{seq} was altered" in got[0]["html"]
    head = referee.store.head(game)[0]
    tried = httpx.post(url, json={"text": "end ann"}, timeout=10)
    pages = [
        httpx.get(u, timeout=10) for u in (server.base + "/", server.links["ann"], server.links["table"])
    ]
    named = streamed and tried.status_code == 409 and f"row #{seq}" in tried.json()["line"]
    named = named and all(p.status_code == 409 and f"row #{seq} was altered" in p.text for p in pages)
    shown = any('id="picker"' in p.text or p.status_code == 200 for p in pages)
    appended = referee.store.head(game)[0] > head
    print(
        f"  serve: a row's {column} edited in place while serving: named {f'at #{seq}' if named else 'NO'}"
        f" (on the open page's stream {'too' if streamed else 'NOT'}), shown {'YES' if shown else 'no'},"
        f" appended {'YES' if appended else 'no'}",
        flush=True,
    )
    sql(db, edit, now, was, game, seq)
    referee.verify(game)  # put back and checked: the game goes on
    for role, verb in (("ann", "end"), ("ben", "work"), ("ben", "end"), ("cat", "work"), ("cat", "end")):
        httpx.post(server.links[role] + "/move", json={"text": f"{verb} {role}"}, timeout=10)
    return int(not named or shown or appended)


SERVE_CASES = 5


def tampering(tally: Tally, folder: Path) -> None:
    missed = (
        tamper(tally, folder)
        + imports(folder)
        + outputs(folder)
        + keys(folder)
        + edges(tally, folder)
        + serve_attacks(folder)
    )
    cases = len(TAMPERS) + 4 + 3 + Path("/dev/full").exists() * 2 + 5 + EDGE_CASES + SERVE_CASES
    print(f"tampering: {cases} cases, {missed} missed", flush=True)
    if missed:
        tally.note(f"{missed} tamper cases missed")


def witness_guess(tally: Tally, folder: Path) -> None:
    from tests.serve.guess import SEATINGS, Table, attack

    matched = 0
    for seating in SEATINGS:
        table = Table.open(seating, folder / f"witness-{seating.kind}.db")
        try:
            table.play_to_the_end()
            found = attack(table, table.pages())
        finally:
            table.close()
        matched += len(found.matched)
        print(
            f"  witness guess: {seating.kind}: {found.rows} hidden rows tried after {table.moves} moves,"
            f" {found.guesses:,} guesses hashed (up to {found.most:,} a row), {len(found.matched)} matched",
            flush=True,
        )
    print(f"witness guess: {len(SEATINGS)} games, {matched} hidden rows found from their hash", flush=True)
    if matched:
        tally.note(f"{matched} hidden rows found by guessing their hash")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--kills", type=int, default=30, help="SIGKILLs in all (half LOOP, half the test game)"
    )
    parser.add_argument("--racers", type=int, default=8)
    parser.add_argument("--moves", type=int, default=100, help="moves per racing writer")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of concurrent first use")
    parser.add_argument("--big", type=int, default=0, help="also kill writers on a game of this many rows")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--tamper-only", action="store_true", help="only the tampering cases (issues 7 and 19)"
    )
    parser.add_argument("--witness-only", action="store_true", help="only the witness guess (issue 40)")
    parser.add_argument("--serve-only", action="store_true", help="only the attacks on `serve` (issue 40)")
    parser.add_argument(
        "--db",
        default="",
        help="postgresql: the storage cases on a throwaway PostgreSQL cluster; postgresql://...: on that"
        " server (issue 44)",
    )
    args = parser.parse_args()
    if args.db:
        on_server(args)
        return
    rng = random.Random(args.seed)
    tally = Tally()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if args.serve_only:
            missed = serve_attacks(folder)
            print(f"serve under attack: {SERVE_CASES} cases, {missed} missed", flush=True)
            return
        if args.tamper_only or args.witness_only:
            (tampering if args.tamper_only else witness_guess)(tally, folder)
            print("\n".join(f"  ! {n}" for n in tally.notes))
            return
        kills(tally, place(folder, "kills"), args.kills, rng)
        if args.big:
            big_db = folder / "big.db"
            built = time.perf_counter()
            big = big_game(big_db, args.big)
            print(f"a game of {args.big:,} rows written in {time.perf_counter() - built:.1f} s", flush=True)
            kill_writers(tally, big_db, "pebbles", big, args.kills // 2, rng)
        print(
            f"SIGKILLs: {tally.kills} writers killed, {tally.acknowledged} acknowledged moves re-checked",
            flush=True,
        )
        race(tally, folder, args.racers, args.moves)
        first_use(tally, folder, args.rounds)
        tampering(tally, folder)
        witness_guess(tally, folder)
    summary(tally, start)


def kills(tally: Tally, db: Db, count: int, rng: random.Random) -> None:
    """Writers of the test game, then of LOOP games with virtual decks, killed ``count`` times."""
    referee = Referee.open(db)
    small = referee.new_game("pebbles", ["alice", "bob"], options={"pile": "1000000000"})
    loop_game = referee.new_game("loop", ["ann", "ben", "cat"], seed=1, cards=CARDS.read_text())
    referee.store.close()
    kill_writers(tally, db, "pebbles", small, count - count // 2, rng)
    kill_writers(tally, db, "loop", loop_game, count // 2, rng)


def summary(tally: Tally, start: float, label: str = "") -> None:
    print(
        f"\n{label}kills {tally.kills} · acknowledged moves {tally.acknowledged} · lost {tally.lost} ·"
        f" corrupt databases {tally.corrupt} · verify failures {tally.verify_failures} · gaps {tally.gaps} ·"
        f" duplicates {tally.duplicates} · exit 4s {tally.exit4} · {time.perf_counter() - start:.0f} s"
    )
    if tally.notes:
        print("\n".join(f"  ! {n}" for n in tally.notes))


def on_server(args: argparse.Namespace) -> None:
    """The SIGKILLs, racing writers, concurrent first use and tampering of the log on PostgreSQL."""
    global SERVER
    from tests import pgcluster

    cluster = pgcluster.start(durable=True) if args.db == "postgresql" else None
    SERVER = cluster.url if cluster else args.db
    rng = random.Random(args.seed)
    tally = Tally()
    start = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            os.environ["REFEREE_KEY_FILE"] = ENV["REFEREE_KEY_FILE"] = str(folder / "club.key")
            kills(tally, place(folder, "kills"), args.kills, rng)
            print(
                f"SIGKILLs on PostgreSQL: {tally.kills} writers killed, {tally.acknowledged} acknowledged"
                " moves re-checked",
                flush=True,
            )
            race(tally, folder, args.racers, args.moves)
            first_use(tally, folder, args.rounds)
            missed = tamper(tally, folder)
            print(f"tampering on PostgreSQL: {len(TAMPERS)} cases, {missed} missed", flush=True)
            if missed:
                tally.note(f"{missed} tamper cases missed")
    finally:
        if cluster is not None:
            pgcluster.stop(cluster)
    summary(tally, start, "PostgreSQL: ")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        writer(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
    elif sys.argv[1:2] == ["--racer"]:
        racer(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5])
    else:
        main()
