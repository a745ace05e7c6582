"""The implementations of ``ledger.storage.EventStore`` the store's tests run against.

As ``eventsourcing``'s ``tests/persistence.py`` writes one recorder suite and runs it for each
backend, ``tests/ledger/test_store.py`` is written against the Protocol and ``make_store``
(``tests/ledger/conftest.py``) runs each of its tests once per entry of ``IMPLEMENTATIONS``.
Today that is SQLite alone; issue 44 adds PostgreSQL here (skipped, saying so, where no
PostgreSQL runs) and nothing in the suite changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ledger.storage import EventStore
from ledger.store import Store

# name -> how to open the database named ``place / name`` (made if missing, as ``Store`` does).
IMPLEMENTATIONS: dict[str, Callable[..., EventStore]] = {"sqlite": Store}


@dataclass(frozen=True)
class StoreMaker:
    """Opens databases of one implementation in one test's own place. ``make("l.db")`` again
    opens the same database again, as another process or a later command would; a plain value,
    so a test hands it to the processes it starts."""

    kind: str
    place: Path

    def __call__(self, name: str = "l.db", **options: Any) -> EventStore:
        return IMPLEMENTATIONS[self.kind](self.place / name, **options)
