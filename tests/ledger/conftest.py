"""The ledger's own fixtures: a store of each implementation (``tests/stores.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.stores import IMPLEMENTATIONS, StoreMaker


@pytest.fixture(params=sorted(IMPLEMENTATIONS))
def make_store(request: pytest.FixtureRequest, tmp_path: Path) -> StoreMaker:
    """Opens stores of one implementation: each test that takes it runs once per implementation
    (PostgreSQL's in the session's cluster: ``postgres_url``, which skips without one)."""
    if request.param == "postgresql":
        request.getfixturevalue("postgres_url")
    return StoreMaker(request.param, tmp_path)
