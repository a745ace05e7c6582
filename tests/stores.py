"""The implementations of ``ledger.storage.EventStore`` the store's tests run against.

As ``eventsourcing``'s ``tests/persistence.py`` writes one recorder suite and runs it for each
backend, ``tests/ledger/test_store.py`` is written against the Protocol and ``make_store``
(``tests/ledger/conftest.py``) runs each of its tests once per entry of ``IMPLEMENTATIONS``.
SQLite, and PostgreSQL (issue 44): each test's database is a schema of its own in the cluster
the session's ``postgres_url`` fixture started (``tests/pgcluster.py``), its key the file
``<place>/<name>.key``; skipped, with one line saying so, where no PostgreSQL can be had.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ledger.storage import EventStore
from ledger.store import Store

POSTGRES_URL = "_REFEREE_TEST_POSTGRES_URL"  # the cluster of this test process (``postgres_url``)


def postgres(path: Path, **options: Any) -> EventStore:
    """The PostgreSQL database named ``path``: a schema of its own, keyed by ``<path>.key``."""
    from ledger.store.postgres import PostgresStore
    from tests.pgcluster import in_schema

    schema = "t_" + hashlib.sha1(str(path).encode()).hexdigest()[:24]
    return PostgresStore(in_schema(os.environ[POSTGRES_URL], schema), key_file=f"{path}.key", **options)


# name -> how to open the database named ``place / name`` (made if missing, as ``Store`` does).
IMPLEMENTATIONS: dict[str, Callable[..., EventStore]] = {"sqlite": Store, "postgresql": postgres}


@dataclass(frozen=True)
class StoreMaker:
    """Opens databases of one implementation in one test's own place. ``make("l.db")`` again
    opens the same database again, as another process or a later command would; a plain value,
    so a test hands it to the processes it starts."""

    kind: str
    place: Path

    def __call__(self, name: str = "l.db", **options: Any) -> EventStore:
        return IMPLEMENTATIONS[self.kind](self.place / name, **options)
