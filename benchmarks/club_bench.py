"""A club's load on `referee serve`, on loopback: print the figures, assert nothing.

    python benchmarks/club_bench.py [--db sqlite|postgresql|postgresql://...] [--processes 1]
        [--tables 200] [--pages 5] [--rate 100] [--seconds 20] [--game loop|pebbles]

TABLES LOOP games (3 players, the tests' seeded decks), each with PAGES open pages listening to
its event stream (its three players' pages, the table's page, and the table's link open again on
a shared screen: 5 by default), served by PROCESSES `referee serve` processes on one database (a
game's pages spread over them in turn). Moves are posted at a steady total RATE a second, the
games in turn, each the next of one sequence of legal moves (chosen from a page's own offer,
``state.json``, in a scratch game beforehand: choosing is then no work of the timed run), from
the page of the player whose turn it is. ``--game pebbles`` plays the tests' tiny game instead,
whose pages are a few lines: what serving costs without a real game's pages. Bounded: it stops
after SECONDS (and every wait has a timeout), printing

- the moves/s sustained (recorded and answered), against the rate asked;
- tap-to-update: from a move's POST to the update event seen on each of its game's other pages
  (p50, p95, max), and the POST's own answer;
- how many moves waited for their game's previous one (the server falling behind the rate).

Goal on the 2-core development machine: 100 moves/s with p95 under 250 ms, and two processes on
PostgreSQL sustaining more than one. ``--db postgresql`` starts a throwaway cluster of its own
(fsync on, tests/pgcluster.py, with room for every table's connection); the key is a file in a
temporary folder (REFEREE_KEY_FILE).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import httpx2 as httpx  # noqa: E402

from ledger import games  # noqa: E402
from ledger.service import Referee  # noqa: E402
from tests import pebbles  # noqa: E402
from tests.loop.table import CARDS  # noqa: E402
from tests.serve.conftest import PLAYERS  # noqa: E402
from tests.serve.live import Server, serving  # noqa: E402

SEED = 7
# the games a run may play: LOOP (real rules, its pages as a table sees them), or the tests' tiny
# pebbles (a page of a few lines: what serving costs without a real game's pages)
KINDS: dict[str, dict[str, Any]] = {
    "loop": {"seed": SEED, "cards": CARDS},
    "pebbles": {"options": {"pile": "1000000"}},
}
games.register("pebbles", pebbles)
HEAD = re.compile(rb'^data: \{"head":(\d+)')


def sequence(folder: Path, moves: int, kind: str = "loop") -> list[tuple[str, str]]:
    """``(role, command)`` of ``moves`` moves of a seeded LOOP game, each chosen at random from
    what the page of the role whose turn it is offers (its ``state.json``), played through the
    served table's own code in a scratch database: every game of the run replays it."""
    import random

    import msgspec

    from referee_cli.serve.table import Table

    db = folder / "scratch.db"
    referee = Referee.open(db)
    game = referee.new_game(kind, PLAYERS, **KINDS[kind])
    referee.store.close()
    table = Table(db, game)
    rng = random.Random(SEED)
    played: list[tuple[str, str]] = []
    while len(played) < moves:
        board = msgspec.to_builtins(table.state_json(None))
        if board["status"]["over"]:
            break
        role = board["status"]["to_act"][0]
        page = msgspec.to_builtins(table.state_json(role))
        offered = [command for group in page["moves"] for _, command in group["moves"]]
        command = rng.choice(offered)
        table.move(role, {"command": command, "head": board["head"]})
        played.append((role, command))
    table.referee.store.close()
    return played


def club(db: str, tables: int, kind: str = "loop") -> tuple[list[dict[str, str]], int]:
    """``tables`` games of the run and their links; and one more game, the one each process's
    board (``/``) shows (its links are made anew by ``serve --new-links``)."""
    referee = Referee.open(db)
    links = []
    for _ in range(tables):
        game = referee.new_game(kind, PLAYERS, **KINDS[kind])
        links.append({**referee.new_links(game), "game": str(game)})
    board = referee.new_game("loop", PLAYERS, seed=SEED, cards=CARDS)
    referee.store.close()
    return links, board


@dataclass
class Page:
    """One open page's event stream: when it saw each head."""

    game: int
    role: str
    seen: dict[int, float] = field(default_factory=dict)
    event: asyncio.Event = field(default_factory=asyncio.Event)
    latest: int = 0


async def listen(base: str, path: str, page: Page, ready: asyncio.Event, counter: list[int]) -> None:
    """Read ``path``'s event stream (a bare socket: a thousand of them cost the reader little)."""
    host, port = base.removeprefix("http://").split(":")
    reader, writer = await asyncio.open_connection(host, int(port), limit=1 << 22)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode())
    await writer.drain()
    try:
        first = True
        while True:
            line = await reader.readline()
            if not line:
                return
            found = HEAD.match(line)
            if found:
                head = int(found.group(1))
                page.seen.setdefault(head, time.perf_counter())
                page.latest = max(page.latest, head)
                page.event.set()
                if first:
                    first = False
                    counter[0] += 1
                    if counter[0] == counter[1]:
                        ready.set()
    finally:
        writer.close()


@dataclass
class Result:
    posted: int = 0
    answered: list[float] = field(default_factory=list)
    updates: list[float] = field(default_factory=list)
    missed: int = 0  # a page that did not show a move within the timeout
    refused: int = 0
    unanswered: int = 0  # a POST with no answer within the timeout
    waited: int = 0  # a move whose game's previous move was still unanswered at its time
    elapsed: float = 0.0
    served: float = 0.0  # the serve processes' CPU over the timed run
    database: float = 0.0  # the PostgreSQL server's CPU over it (its backends), if measured
    cpu: float = 0.0  # this process's CPU time over the timed run (the pages and posts)


async def drive(
    bases: list[str],
    links: list[dict[str, str]],
    played: list[tuple[str, str]],
    pages: int,
    rate: float,
    seconds: float,
    pids: tuple[list[int], list[int]] = ([], []),
    timeout: float = 10.0,
) -> Result:
    roles = [*PLAYERS, "table", "table"][:pages] if pages <= 5 else [*PLAYERS, *["table"] * (pages - 3)]
    streams: list[tuple[Page, str, str]] = []
    for n, game_links in enumerate(links):
        for k, role in enumerate(roles):
            base = bases[(n + k) % len(bases)]  # a game's pages spread over the processes
            token = game_links[role]
            streams.append((Page(int(game_links["game"]), role), base, f"/t/{token}/events"))
    ready = asyncio.Event()
    counter = [0, len(streams)]
    tasks = [asyncio.create_task(listen(base, path, page, ready, counter)) for page, base, path in streams]
    by_game: dict[int, list[Page]] = {}
    for page, _, _ in streams:
        by_game.setdefault(page.game, []).append(page)
    result = Result()
    limits = httpx.Limits(max_connections=400, max_keepalive_connections=400)
    try:
        await asyncio.wait_for(ready.wait(), timeout=120)  # every page has drawn its game
        async with httpx.AsyncClient(limits=limits, timeout=httpx.Timeout(timeout)) as client:
            games = [int(g["game"]) for g in links]
            heads = {game: max(p.latest for p in by_game[game]) for game in games}
            step = {game: 0 for game in games}
            busy: set[int] = set()
            moves: list[asyncio.Task[None]] = []

            async def move(n: int, game: int) -> None:
                role, command = played[step[game]]
                step[game] += 1
                where = bases[(n + step[game]) % len(bases)]  # posted to each process in turn
                token = links[n][role]
                others = [p for p in by_game[game] if p.role != role]
                start = time.perf_counter()
                try:
                    try:
                        reply = await client.post(
                            f"{where}/t/{token}/move", json={"command": command, "head": heads[game]}
                        )
                    except httpx.HTTPError:  # no answer in time: the game goes on from what its pages show
                        result.unanswered += 1
                        heads[game] = max(p.latest for p in by_game[game])
                        return
                    result.answered.append(time.perf_counter() - start)
                    if reply.status_code != 200:
                        result.refused += 1
                        return
                    head = int(reply.json()["head"])
                    heads[game] = head
                    deadline = time.perf_counter() + timeout
                    for page in others:
                        while page.latest < head and time.perf_counter() < deadline:
                            page.event.clear()
                            with contextlib.suppress(TimeoutError):
                                await asyncio.wait_for(page.event.wait(), deadline - time.perf_counter())
                        at = next((t for h, t in page.seen.items() if h >= head), None)
                        if at is None:
                            result.missed += 1
                        else:
                            result.updates.append(at - start)
                finally:
                    busy.discard(game)

            start, cpu = time.perf_counter(), time.process_time()
            served, database = cpu_seconds(pids[0]), cpu_seconds(pids[1])
            n = 0
            while time.perf_counter() - start < seconds:
                due = start + n / rate
                await asyncio.sleep(max(0.0, due - time.perf_counter()))
                index = n % len(games)
                game = games[index]
                if step[game] >= len(played):
                    break
                while game in busy and time.perf_counter() - start < seconds + timeout:
                    result.waited += 1 if due else 0
                    due = 0.0
                    await asyncio.sleep(0.001)
                busy.add(game)
                moves.append(asyncio.create_task(move(index, game)))
                result.posted += 1
                n += 1
            await asyncio.gather(*moves)
            result.elapsed = time.perf_counter() - start
            result.cpu = time.process_time() - cpu
            result.served = cpu_seconds(pids[0]) - served
            result.database = cpu_seconds(pids[1]) - database
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return result


def cpu_seconds(pids: list[int]) -> float:
    """The CPU time (user and system) the processes ``pids`` have used so far (0 for one gone)."""
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime (the 14th and 15th fields)
    return total / os.sysconf("SC_CLK_TCK")


def server_pids(db: str) -> list[int]:
    """The processes of the PostgreSQL server at ``db`` when it is this machine's throwaway
    cluster (its postmaster and the backends it forked), else none."""
    found = re.search(r"host=([^&]+)", db)
    if not found or not Path(found.group(1), "data", "postmaster.pid").exists():
        return []
    postmaster = int(Path(found.group(1), "data", "postmaster.pid").read_text().split()[0])
    pids = [postmaster]
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if int(entry.joinpath("stat").read_text().rsplit(")", 1)[1].split()[1]) == postmaster:
                    pids.append(int(entry.name))
    return pids


def profiled(stats: str | None, n: int) -> tuple[str, ...]:
    """How a serve process runs the command line: under cProfile (its stats written to
    ``STATS.N`` as it stops) if ``stats`` is said."""
    cli = ("-m", "tests.run_cli")
    return ("-m", "cProfile", "-o", f"{Path(stats).resolve()}.{n}", *cli) if stats else cli


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, round(p * (len(ordered) - 1)))] if ordered else float("nan")


@contextlib.contextmanager
def database(kind: str, folder: Path) -> Iterator[str]:
    if kind == "sqlite":
        yield str(folder / "club.db")
        return
    os.environ.setdefault("REFEREE_KEY_FILE", str(folder / "club.key"))
    if kind != "postgresql":
        yield kind
        return
    from tests import pgcluster

    cluster = pgcluster.start(durable=True)
    try:
        # room for every table's connection in every process (serve opens one a game it serves)
        data, pg_ctl = str(cluster.folder / "data"), str(cluster.bin / "pg_ctl")
        pgcluster._run(cluster.user, pg_ctl, "-D", data, "-m", "fast", "-w", "stop")
        settings = f"-k {cluster.folder} -c listen_addresses='' -c max_connections=900"
        done = pgcluster._run(
            cluster.user, pg_ctl, "-D", data, "-l", str(cluster.folder / "log"), "-o", settings, "-w", "start"
        )
        if done.returncode:
            raise RuntimeError(f"pg_ctl start failed: {done.stderr.strip()}")
        yield cluster.url
    finally:
        pgcluster.stop(cluster)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--db", default="sqlite", help="sqlite, postgresql (a throwaway cluster) or an address"
    )
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--game", choices=sorted(KINDS), default="loop")
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--pages", type=int, default=5)
    parser.add_argument("--rate", type=float, default=100.0, help="moves a second, all tables together")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument(
        "--profile", metavar="FILE", help="each serve process under cProfile, its stats in FILE.N (wall time)"
    )
    args = parser.parse_args()
    per_game = int(args.rate * args.seconds / args.tables) + 2
    with tempfile.TemporaryDirectory() as tmp, database(args.db, Path(tmp)) as db:
        folder = Path(tmp)
        made = time.perf_counter()
        played = sequence(folder, per_game, args.game)
        links, board = club(db, args.tables, args.game)
        made = time.perf_counter() - made
        with contextlib.ExitStack() as stack:
            servers: list[Server] = [
                stack.enter_context(serving(db, board, cli=profiled(args.profile, n)))
                for n in range(args.processes)
            ]
            pids = ([s.process.pid for s in servers], server_pids(db))
            run = asyncio.run(
                drive([s.base for s in servers], links, played, args.pages, args.rate, args.seconds, pids)
            )
    kind = "SQLite" if args.db == "sqlite" else "PostgreSQL"
    processes = f"{args.processes} serve process{'es' if args.processes > 1 else ''}"
    moves = len(run.answered)
    print(
        f"{kind}, {processes}: {args.tables} {args.game} tables x {args.pages} open pages,"
        f" {args.rate:g} moves/s asked for {args.seconds:g} s (setup {made:.0f} s):"
        f" {moves / run.elapsed:.1f} moves/s sustained ({moves} moves answered, {run.refused} refused,"
        f" {run.unanswered} unanswered in 10 s, {run.waited} waited for their game's previous move)"
    )
    print(
        f"  tap-to-update on the game's other pages ({len(run.updates)} updates, {run.missed} missed):"
        f" p50 {pct(run.updates, 0.5):.0f} ms, p95 {pct(run.updates, 0.95):.0f} ms, max"
        f" {pct(run.updates, 1.0):.0f} ms (goal: 100 moves/s, p95 under 250 ms); the POST's answer: p50"
        f" {pct(run.answered, 0.5):.0f} ms, p95 {pct(run.answered, 0.95):.0f} ms"
    )
    per_move = 1000 * run.served / max(1, moves)
    on_server = (
        f", PostgreSQL's server {run.database:.1f} s ({1000 * run.database / max(1, moves):.1f} ms a move)"
        if run.database
        else ""
    )
    print(
        f"  CPU in the {run.elapsed:.1f} s: serve {run.served:.1f} s ({per_move:.1f} ms a move: one core"
        f" would serve {1000 / per_move if per_move else 0:.0f} moves/s){on_server}, the load itself (this"
        f" process: {len(links) * args.pages} streams read, the moves posted) {run.cpu:.1f} s"
    )


if __name__ == "__main__":
    main()
