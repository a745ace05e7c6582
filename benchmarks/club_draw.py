"""What one served move and its pages cost `serve`, in process: print the figures, assert nothing.

    python benchmarks/club_draw.py [--db sqlite|postgresql]

Three LOOP games (the tests' seeded decks) served by one ``Tables`` as ``referee serve`` serves
them; 12 moves in turn, each posted as a page posts it, then the live part of its 4 pages drawn
(3 players' and the table's). Prints, per move and its 4 pages (the mean of the last 9): serve's
CPU, and on PostgreSQL the statements sent (each a round trip the event loop waits on) and the
wall time spent in them: without the news of each write (``told``) and with it, where the move's
own NOTIFY folds its game again. ``--db postgresql`` starts a throwaway cluster (fsync on).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import msgspec  # noqa: E402

from ledger.service import Referee  # noqa: E402
from ledger.store import postgres  # noqa: E402
from referee_cli.serve.start import Tables  # noqa: E402
from tests import pgcluster  # noqa: E402
from tests.loop.table import CARDS  # noqa: E402
from tests.serve.conftest import PLAYERS  # noqa: E402

ROLES = ("ann", "ben", "cat", "table")
sent = [0, 0.0]  # statements sent to PostgreSQL, seconds spent in them


def counting(execute: Callable[..., Any]) -> Callable[..., Any]:
    def counted(self: Any, sql: str, parameters: Any = (), /) -> Any:
        start = time.perf_counter()
        try:
            return execute(self, sql, parameters)
        finally:
            sent[0] += 1
            sent[1] += time.perf_counter() - start

    return counted


def run(db: str, told: bool, label: str) -> None:
    referee = Referee.open(db)
    games = [referee.new_game("loop", PLAYERS, seed=7, cards=CARDS) for _ in range(3)]
    for game in games:
        referee.new_links(game)
    referee.store.close()
    tables = Tables(db, games[0])
    if told:
        tables.referee.told(True)
    for game in games:
        for role in (*ROLES, None):
            tables.table(game).fragment(role)
    rng = random.Random(7)
    rows = []
    for step in range(12):
        game = games[step % len(games)]
        table = tables.table(game)
        board = msgspec.to_builtins(table.state_json(None))
        role = board["status"]["to_act"][0]
        offered = [c for group in table.state_json(role)["moves"] for _, c in group.moves]
        command = rng.choice(offered)
        sent[:] = [0, 0.0]
        cpu = time.process_time()
        table.move(role, {"command": command, "head": board["head"]})
        if told:
            tables.referee.heard(game)  # the move's own NOTIFY, as serve hears it
        for role in ROLES:
            table.fragment(role)
        rows.append((sent[0], sent[1], time.process_time() - cpu))
    kept = rows[3:]
    statements = sum(r[0] for r in kept) / len(kept)
    waited = 1000 * sum(r[1] for r in kept) / len(kept)
    cpu_ms = 1000 * sum(r[2] for r in kept) / len(kept)
    trips = f", {statements:.0f} statements ({waited:.1f} ms in them)" if statements else ""
    print(f"{label}: a move and its {len(ROLES)} pages: serve's CPU {cpu_ms:.1f} ms{trips}")
    tables.referee.close()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ.setdefault("REFEREE_KEY_FILE", str(Path(tmp) / "club.key"))
        if args.db == "sqlite":
            run(str(Path(tmp) / "club.db"), False, "SQLite")
            return
        postgres._Translated.execute = counting(postgres._Translated.execute)  # type: ignore[method-assign]
        for told in (False, True):
            cluster = pgcluster.start(durable=True)
            try:
                run(cluster.url, told, f"PostgreSQL, {'told of each write' if told else 'not told'}")
            finally:
                pgcluster.stop(cluster)


if __name__ == "__main__":
    main()
