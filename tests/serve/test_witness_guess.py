"""Issue 40, hole 1: a hidden card cannot be read back from the hashes the pages witness.

The board's ``/witness.json`` needs no link, and every page is sent a row hidden from its
viewer as its hash alone. In a ``--seed`` game of each of the three games, played with random
legal moves up to the move that would end it, every such row is attacked as a hostile page
would (``tests.serve.guess``): no body hashed reproduces its hash, not even the fact itself.
Its owner's page is sent it whole, and so is everyone once the game is over; either checks it
by the hashing rule (docs/auditing.md)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ledger.service import Referee
from ledger.store import Store
from tests.serve.guess import SEATINGS, Table, attack, hidden_rows

# The hidden facts each game's play deals at least: LOOP's FAVOUR drawn, Planet B's buildings
# dealt and drafted, Pursuit's piles shuffled (nobody's: told to no page until the end).
HIDDEN = {
    "loop": {"loop.favour_drawn"},
    "planet-b": {"planet-b.packet_dealt", "planet-b.drafted", "planet-b.building_drawn"},
    "pursuit": {"pursuit.shuffled"},
}


@pytest.fixture(params=SEATINGS, ids=lambda seating: seating.kind, scope="module")
def table(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    """A ``--seed`` game one move from its end, with its pages."""
    table = Table.open(request.param, tmp_path_factory.mktemp(request.param.kind) / "ledger.db")
    try:
        table.play_to_the_end()
        yield table
    finally:
        table.close()


def test_no_guess_reproduces_the_hash_of_a_row_a_page_is_not_told(table: Table) -> None:
    pages = table.pages()
    hidden = hidden_rows(pages)
    stored = table.stored()
    assert HIDDEN[table.seating.kind] <= {stored[seq].type for seq in hidden}
    found = attack(table, pages)
    print(
        f"{table.seating.kind}: {found.rows} hidden rows tried, {found.guesses} guesses"
        f" ({found.most} for the row with most), {len(found.matched)} matched"
    )
    assert found.matched == []
    assert found.rows == len(hidden) and found.most > 1  # each tried far beyond the truth


def test_a_hidden_row_is_told_whole_to_its_owner_and_to_all_at_the_end(table: Table, tmp_path: Path) -> None:
    players = table.seating.players
    hidden = hidden_rows(table.pages())
    stored = table.stored()
    owned = {seq: [p for p in players if p not in roles] for seq, roles in hidden.items()}
    for seq, owners in owned.items():
        assert None in hidden[seq]  # the board never sees a card more than a player does
        assert len(owners) <= 1, f"#{seq} is told to {owners}"
    if table.seating.kind != "pursuit":  # a shuffle's order is nobody's
        assert any(owned.values())
    for seq, owners in owned.items():
        for owner in owners:
            (row,) = [r for r in table.witnessed(owner) if r["seq"] == seq]
            assert stored[seq].body in row["payload"]  # and it hashes to the row's hash (``witnessed``)
    table.end()
    board = table.witnessed(None)  # over: every card is public now
    assert all(row["payload"] is not None for row in board)
    for seq in hidden:
        assert stored[seq].body in board[seq - 1]["payload"]
    # The log checks out and travels: verify replays it, an export imports elsewhere.
    assert table.referee.verify(table.game).rows == len(board)
    table.referee.reveal_seed(table.game)
    lines, head = table.referee.export(table.game)
    elsewhere = Referee(Store(tmp_path / "elsewhere.db"))
    game, _ = elsewhere.import_lines(lines)
    assert elsewhere.verify(game).head_hash == head
    elsewhere.store.close()
