"""Each Planet B test parses its boxes afresh: ``effects.parse_box`` caches what it read, and
a cache an earlier test filled (or, under ``benchmarks/mutation.py``, the clean run its
mutants are forked from) would hide a bug in the parser from the tests that follow."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ledger.games.planet_b import effects


@pytest.fixture(autouse=True)
def _boxes_parsed_afresh() -> Iterator[None]:
    effects.parse_box.cache_clear()
    yield
