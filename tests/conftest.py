"""Shared fixtures: the tiny test game registered, a referee on a fresh database, the CLI."""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from ledger import games
from ledger.service import Referee
from ledger.store import Store
from referee_cli.main import run
from tests import pebbles, pgcluster
from tests.stores import POSTGRES_URL

# Tests never assert on wall-clock time: Hypothesis's per-example deadline (200 ms) is one,
# and failed a property under a loaded machine's slow draw. Every property runs without it.
settings.register_profile("referee", deadline=None)
settings.load_profile("referee")

games.register("pebbles", pebbles)


def fixed_clock() -> Callable[[], str]:
    """A clock that ticks one second per call from a fixed instant: stable snapshots."""
    ticks = itertools.count()
    return lambda: f"2026-01-01T12:{(n := next(ticks)) // 60:02d}:{n % 60:02d}.000000+00:00"


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads the user's own database: a command given no --db uses ledger.db in the data
    dir (README), which is here a fresh one per test. Without it, `referee loop --help` after the
    README's first command listed the verbs of that Basic game."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))


def fold_starts(referee: Referee) -> list[int]:
    """Where each fold of ``referee`` starts reading the log: after the snapshot it starts from
    (or after the setup row, #1, without one)."""
    starts: list[int] = []
    read = referee.store.fold_rows

    def spy(game_id: int, after: int, upto: int) -> list[tuple[int, str, str, str, str, str]]:
        starts.append(after)
        return read(game_id, after, upto)

    referee.store.fold_rows = spy  # type: ignore[method-assign]
    return starts


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "ledger.db"


@pytest.fixture
def referee(db_path: Path) -> Iterator[Referee]:
    ref = Referee(Store(db_path), clock=fixed_clock())
    yield ref
    ref.store.close()


@dataclass
class Result:
    code: int
    out: str
    err: str


@pytest.fixture
def cli(db_path: Path, capsys: pytest.CaptureFixture[str]) -> Callable[..., Result]:
    """Run ``referee ARGS`` in-process against the test database."""

    def invoke(*args: str) -> Result:
        capsys.readouterr()
        code = run(["--db", str(db_path), *args])
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return invoke


@pytest.fixture
def elsewhere(capsys: pytest.CaptureFixture[str]) -> Callable[..., Result]:
    """``referee --db DB ARGS`` in-process: another database (another installation, its own key)."""

    def invoke(db: Path, *args: str) -> Result:
        capsys.readouterr()
        code = run(["--db", str(db), *args])
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return invoke


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL server for this test process (one per xdist worker): ``REFEREE_TEST_POSTGRES``
    if set, else a throwaway cluster started here and stopped at the end. Without one the tests
    that take it skip (``pytest_terminal_summary`` says so in one line), or fail where
    ``REFEREE_REQUIRE_POSTGRES`` is set (CI)."""
    why = pgcluster.missing()
    if why is not None:
        if os.environ.get(pgcluster.REQUIRE):
            pytest.fail(f"{pgcluster.REQUIRE} is set, but {why}")
        pytest.skip(f"PostgreSQL: {why}")
    given = os.environ.get(pgcluster.GIVEN)
    cluster = None if given else pgcluster.start()
    os.environ[POSTGRES_URL] = given or cluster.url  # type: ignore[union-attr]
    try:
        yield os.environ[POSTGRES_URL]
    finally:
        del os.environ[POSTGRES_URL]
        if cluster is not None:
            pgcluster.stop(cluster)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """One line when the PostgreSQL store's tests were skipped for want of a server."""
    why = pgcluster.missing()
    if why is not None and not os.environ.get(pgcluster.REQUIRE):
        terminalreporter.write_line(f"PostgreSQL: {why}: the tests of the PostgreSQL store were skipped")
