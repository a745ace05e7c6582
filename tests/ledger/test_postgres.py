"""A club's server (issue 44): the command line on PostgreSQL, the key kept outside the database,
and a group's ledger moved from a laptop's SQLite file to the server and back.

The Protocol's own tests run on PostgreSQL through ``make_store`` (``tests/stores.py``); these
are what only a server has: its address in ``--db``, ``REFEREE_KEY_FILE``, the move between
databases. Each test has its own schema in the session's cluster (``postgres_url``)."""

from __future__ import annotations

import multiprocessing
import multiprocessing.synchronize
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ledger.service import Referee
from ledger.store import Store
from referee_cli.main import run
from tests.conftest import Result, fixed_clock
from tests.pgcluster import in_schema

Cli = Callable[..., Result]


@pytest.fixture
def referee_cli(capsys: pytest.CaptureFixture[str]) -> Cli:
    """``referee ARGS`` in-process, the database named by ARGS or ``REFEREE_DB``."""

    def invoke(*args: str) -> Result:
        capsys.readouterr()
        code = run(list(args))
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return invoke


@pytest.fixture
def server(postgres_url: str, tmp_path: Path) -> str:
    """A database of this test's own on the session's server: a schema named after it."""
    return in_schema(postgres_url, "c_" + tmp_path.name.lower().replace("-", "_")[-40:] + f"_{os.getpid()}")


def _played(referee: Referee) -> list[int]:
    """Two games of PEBBLES (tests/pebbles.py): one over, one running, with a revert in it."""
    first = referee.new_game("pebbles", ["ann", "ben"], options={"pile": "4"})
    referee.submit_text(first, ["take", "ann", "3"])  # rule 2: 1 to 3
    referee.submit_text(first, ["take", "ben", "1"])  # rule 4: the pile is empty, the game is over
    second = referee.new_game("pebbles", ["cat", "dan", "eve"])
    referee.submit_text(second, ["take", "cat", "2"])
    referee.submit_text(second, ["give", "cat", "eve", "1"])  # rule 3: a gift at any time
    referee.undo(second)
    return [first, second]


def test_a_ledger_moves_to_the_server_and_back_every_game_to_the_same_head(
    server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    laptop = Referee(Store(tmp_path / "laptop.db"), clock=fixed_clock())
    games = _played(laptop)
    heads = {game: laptop.head(game) for game in games}
    exports = {game: laptop.export(game) for game in games}
    tokens = laptop.new_links(games[1])
    monkeypatch.setenv("REFEREE_KEY_FILE", str(tmp_path / "club.key"))

    key = laptop.backup(server)  # SQLite -> PostgreSQL
    assert key == tmp_path / "club.key"
    assert key.read_bytes() == (tmp_path / "laptop.db.key").read_bytes()  # the same key: seals hold
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    club = Referee.open(server)
    assert club.notices() == []  # no key changed, no mark lost
    for game in games:
        assert club.verify(game).head_hash == heads[game][1]
        assert club.export(game) == exports[game]  # byte for byte
        assert club.store.tip(game).mark == heads[game][0]  # its verified mark came with it
    assert club.link_role(games[1], tokens["eve"]) == "eve"
    assert club.result(games[0]).scores == {"ann": 3, "ben": 1}
    assert club.new_game("pebbles", ["fay", "gus"]) == games[-1] + 1  # ids go on past the copied ones

    back = tmp_path / "back.db"
    assert club.backup(back) == Path(f"{back}.key")  # PostgreSQL -> SQLite
    home = Referee.open(back)
    assert home.notices() == []
    for game in games:
        assert home.verify(game).head_hash == heads[game][1]
        assert home.export(game) == exports[game]
    assert [g.id for g in home.games()] == [*games, games[-1] + 1]


def test_a_ledger_moves_only_into_a_server_that_holds_no_game(
    server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, referee_cli: Cli
) -> None:
    monkeypatch.setenv("REFEREE_KEY_FILE", str(tmp_path / "club.key"))
    laptop = Referee(Store(tmp_path / "laptop.db"), clock=fixed_clock())
    _played(laptop)
    laptop.backup(server)
    again = referee_cli("--db", str(tmp_path / "laptop.db"), "backup", server)
    assert again.code == 2 and "holds games already" in again.err and len(again.err.splitlines()) == 1
    other = Referee(Store(tmp_path / "other.db"), clock=fixed_clock())
    other.new_game("pebbles", ["ann", "ben"])
    refused = referee_cli("--db", str(tmp_path / "other.db"), "backup", server)
    # another ledger's key is not written over the club's: the club's seals would all fail
    assert refused.code == 2 and "is the key of another ledger" in refused.err


def test_the_command_line_on_a_server(
    server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, referee_cli: Cli
) -> None:
    monkeypatch.delenv("REFEREE_KEY_FILE", raising=False)
    refused = referee_cli("--db", server, "games")
    assert refused.code == 3 and refused.out == ""
    assert refused.err.count("\n") == 1 and "set REFEREE_KEY_FILE to a file" in refused.err
    monkeypatch.setenv("REFEREE_KEY_FILE", str(tmp_path / "keys" / "club.key"))
    monkeypatch.setenv("REFEREE_DB", server)
    made = referee_cli("new", "pebbles", "--players", "ann,ben", "--option", "pile=5")
    assert made.code == 0, made.err
    assert stat.S_IMODE((tmp_path / "keys" / "club.key").stat().st_mode) == 0o600
    assert referee_cli("pebbles", "take", "ann", "3").code == 0
    late = referee_cli("pebbles", "take", "ann", "1")  # rule 2: the turn passed to ben
    assert late.code != 0 and late.err.count("\n") == 1
    assert referee_cli("verify").code == 0
    status = referee_cli("status")
    assert status.code == 0 and "ben" in status.out


@pytest.mark.parametrize(
    "address",
    [
        "postgresql://nobody@127.0.0.1:1/none",
        "postgresql://nobody:s3cret@127.0.0.1:1/none",
        "postgresql://nobody@/none?host=/nonexistent-folder",
    ],
    ids=["no server at the port", "with a password", "no server at the socket"],
)
def test_a_server_not_reached_is_one_line(
    address: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, referee_cli: Cli
) -> None:
    monkeypatch.setenv("REFEREE_KEY_FILE", str(tmp_path / "club.key"))
    result = referee_cli("--db", address, "games")
    assert result.code == 3 and result.out == ""
    assert result.err.startswith("referee: cannot reach the referee database postgresql://nobody@")
    assert result.err.count("\n") == 1 and "Traceback" not in result.err
    assert "s3cret" not in result.err  # messages show the address without its password
    assert not (tmp_path / "club.key").exists()  # nothing made for a database not reached


def _first_user(url: str, key: str, gate: multiprocessing.synchronize.Barrier, results: Any) -> None:
    from ledger.store.postgres import PostgresStore

    gate.wait()
    try:
        referee = Referee(PostgresStore(url, key_file=key), clock=fixed_clock())
        results.put(referee.new_game("pebbles", ["ann", "ben"]))
    except Exception as error:  # the test names what went wrong
        results.put(f"{type(error).__name__}: {error}")


def test_processes_opening_a_new_database_at_once_all_record(server: str, tmp_path: Path) -> None:
    """Six processes make their first game on an empty database at the same instant: one makes the
    tables, none waits on another's writes for ever (the schema made again under their writes
    once deadlocked), and every game is recorded with an id of its own."""
    context = multiprocessing.get_context("spawn")
    gate, results = context.Barrier(6), context.Queue()
    key = str(tmp_path / "club.key")
    procs = [context.Process(target=_first_user, args=(server, key, gate, results)) for _ in range(6)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    ids = sorted(results.get(timeout=5) for _ in procs)
    assert ids == [1, 2, 3, 4, 5, 6]


def test_a_server_tells_its_listeners_of_each_write_by_game_and_sqlite_none(
    server: str, postgres_url: str, tmp_path: Path
) -> None:
    """``EventStore.listen``: on PostgreSQL, the game of each append (PEBBLES rule 2's take),
    revert and hand edit, as it commits, to a listener in another connection; nothing of another
    database (schema) on the same server; SQLite sends no news (its front ends poll)."""
    import asyncio

    from ledger.store.postgres import PostgresStore, connect

    assert Store(tmp_path / "l.db").listen() is None
    key = str(tmp_path / "club.key")
    writer = Referee(PostgresStore(server, key_file=key), clock=fixed_clock())
    first, second = writer.new_game("pebbles", ["ann", "ben"]), writer.new_game("pebbles", ["cat", "dan"])
    elsewhere = Referee(
        PostgresStore(in_schema(postgres_url, f"other_{os.getpid()}"), key_file=f"{key}.other"),
        clock=fixed_clock(),
    )
    other = elsewhere.new_game("pebbles", ["eve", "fay"])
    listening = PostgresStore(server, key_file=key).listen()
    assert listening is not None

    def edit(game: int) -> None:  # by hand, as with psql
        conn = connect(server)
        conn.execute("UPDATE events SET actor = 'ben' WHERE game_id = ? AND seq = 2", (game,))
        conn.close()

    async def heard() -> list[int | None]:
        news = listening.news()
        told = [await anext(news)]  # None: listening now (anything before it, not heard)
        writes = [
            lambda: writer.submit_text(second, ["take", "cat", "1"]),
            lambda: elsewhere.submit_text(other, ["take", "eve", "1"]),  # another database's
            lambda: writer.undo(second),
            lambda: writer.submit_text(first, ["take", "ann", "2"]),
            lambda: edit(first),
        ]
        for write in writes:
            write()
            if write is not writes[1]:
                told.append(await asyncio.wait_for(anext(news), 5))
        await news.aclose()  # type: ignore[attr-defined]
        return told

    assert asyncio.run(heard()) == [None, second, second, first, first]
    writer.close()
    elsewhere.close()


def test_a_database_made_before_the_news_gets_it_when_next_opened(server: str, tmp_path: Path) -> None:
    """A club's database made by a referee before the news (no NOTIFY triggers): the next
    process to open it adds them, once, and its listeners hear each write from then on."""
    import asyncio

    from ledger.store.postgres import PostgresStore, connect

    key = str(tmp_path / "club.key")
    made = Referee(PostgresStore(server, key_file=key), clock=fixed_clock())
    game = made.new_game("pebbles", ["ann", "ben"])
    conn = connect(server)
    for table in ("events", "links"):
        conn.execute(f"DROP TRIGGER {table}_news ON {table}")
        conn.execute(f"DROP TRIGGER {table}_emptied ON {table}")
    conn.execute("DROP FUNCTION referee_news()")
    made.close()

    listening = PostgresStore(server, key_file=key).listen()
    writer = Referee(PostgresStore(server, key_file=key), clock=fixed_clock())

    async def heard() -> list[int | None]:
        news = listening.news()
        told = [await anext(news)]
        writer.submit_text(game, ["take", "ann", "1"])  # PEBBLES rule 2
        told.append(await asyncio.wait_for(anext(news), 5))
        await news.aclose()  # type: ignore[attr-defined]
        return told

    assert asyncio.run(heard()) == [None, game]
    (count,) = conn.execute(
        "SELECT count(*) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid"
        " WHERE t.tgname LIKE '%\\_news' AND c.relnamespace = current_schema()::regnamespace"
    ).fetchone()
    assert count == 2  # events' and links', made once
    conn.close()
    writer.close()
