"""``codec.chain_holds``, the batch check a fold runs on every row it reads, says exactly what
``row_hash`` a row at a time says: the same chain holds, and any one changed field breaks it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.codec import GENESIS, chain_holds, row_hash

# Names and times as a table may type them: quotes, backslashes, control characters, accents.
text = st.text(max_size=12)
body = st.sampled_from(['{"type":"pebbles.taken","player":"alice","count":1}', '{"a":"\\"é\\n"}', "[]", "{}"])
rows_of = st.lists(
    st.tuples(st.sampled_from(["move", "pebbles.taken", "reverted"]), body, text, text), max_size=8
)


def chained(
    fields: list[tuple[str, str, str, str]], prev: str, first: int
) -> list[tuple[int, str, str, str, str, str]]:
    rows = []
    for seq, (type_, body_, actor, recorded_at) in enumerate(fields, start=first):
        prev = row_hash(prev, seq, type_, body_, actor, recorded_at)
        rows.append((seq, type_, body_, actor, recorded_at, prev))
    return rows


def per_row(rows: list[tuple[int, str, str, str, str, str]], prev: str, first: int) -> bool:
    for expected, (seq, type_, body_, actor, recorded_at, digest) in enumerate(rows, start=first):
        if seq != expected or row_hash(prev, seq, type_, body_, actor, recorded_at) != digest:
            return False
        prev = digest
    return True


@settings(max_examples=300)
@given(fields=rows_of, first=st.integers(1, 10**12))
def test_a_chain_made_by_row_hash_holds_in_the_batch_check(
    fields: list[tuple[str, str, str, str]], first: int
) -> None:
    rows = chained(fields, GENESIS, first)
    assert chain_holds(rows, GENESIS, first) is True
    assert per_row(rows, GENESIS, first) is True


@settings(max_examples=300)
@given(fields=rows_of.filter(bool), data=st.data())
def test_one_changed_field_breaks_both_checks_alike(
    fields: list[tuple[str, str, str, str]], data: st.DataObject
) -> None:
    rows = chained(fields, GENESIS, 2)
    n = data.draw(st.integers(0, len(rows) - 1))
    column = data.draw(st.integers(0, 5))
    row = list(rows[n])
    row[column] = (
        row[column] + 1 if column == 0 else row[column] + data.draw(st.sampled_from(["x", '"', "\\", "\n"]))
    )
    rows[n] = tuple(row)  # type: ignore[assignment]
    assert chain_holds(rows, GENESIS, 2) is per_row(rows, GENESIS, 2) is False


def test_the_previous_hash_and_the_first_seq_are_checked() -> None:
    rows = chained([("move", "{}", "alice", "2026-01-01T00:00:00+00:00")], GENESIS, 2)
    assert chain_holds(rows, GENESIS, 2)
    assert not chain_holds(rows, "f" * 64, 2)
    assert not chain_holds(rows, GENESIS, 3)
