"""Issue 44: a served page costs few round trips to PostgreSQL, and no check less. Each page is
drawn from one state, its tip read once (``Referee.at_once``), and what every page of one state
reads alike (the reverts, where the last entries start, the take-back's moves, whether the log
ends abandoned) is read once for all of them (``Repository.per_state``); but the first page drawn
after a row was edited by hand, with news of it (NOTIFY) or without, still refuses the game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from referee_cli.serve.start import Tables
from tests.serve.club import club_game, edit_by_hand

ROLES = ("ann", "ben", "cat", "table")
READS = ("tip", "version", "reverts", "nth_last_meta", "setup_span", "seqs_of_type")


def counted(store: Any, monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Each call of the store's reads in ``READS``, counted from now on."""
    calls: Counter[str] = Counter()

    def spy(name: str, read: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            calls[name] += 1
            return read(*args, **kwargs)

        return call

    for name in READS:
        monkeypatch.setattr(store, name, spy(name, getattr(store, name)))
    return calls


def served(postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, Tables, int]:
    url, referee, game, _ = club_game(postgres_url, tmp_path, monkeypatch)
    referee.store.close()
    tables = Tables(url, game)
    for role in ROLES:
        tables.table(game).fragment(role)
    return url, tables, game


def test_each_page_reads_its_tip_once_and_the_pages_of_one_state_share_their_other_reads(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, tables, game = served(postgres_url, tmp_path, monkeypatch)
    table = tables.table(game)
    table.move("ann", {"text": "work ann"})  # (LOOP 2.2 a: ann acts first)
    calls = counted(tables.referee.store, monkeypatch)
    table.fragment("ann")
    # the board, the log, the picker and the take-back offer all from one load: one tip, one
    # look at the database's version (besides the page's own look for news)
    assert calls["tip"] == 1
    for role in ROLES[1:]:
        table.fragment(role)
    assert calls["tip"] == len(ROLES)  # (each page checks the state it is drawn from)
    # read once for the four pages: the log's reverts and the take-back's, where the last
    # entries start, the take-back's span and moves
    assert calls["reverts"] == 2
    assert calls["nth_last_meta"] == calls["setup_span"] == calls["seqs_of_type"] == 1
    assert 'data-who="ben"' in table.fragment("ben")  # ben's turn, his moves offered (LOOP 2.1)
    tables.referee.close()


@pytest.mark.parametrize("told", [False, True], ids=["polled", "told"])
def test_a_row_edited_by_hand_after_the_pages_were_drawn_stops_every_page(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, told: bool
) -> None:
    url, tables, game = served(postgres_url, tmp_path, monkeypatch)
    if told:
        tables.referee.told(True)
    table = tables.table(game)
    recorded = table.move("ann", {"text": "work ann"})
    seq = recorded.head  # ann's WORK's fact: 3 coins (LOOP 2.2 a)
    for role in ROLES:
        assert "The game is stopped" not in table.fragment(role)
    edit_by_hand(url, game, seq)  # as with psql: no referee process wrote it
    if told:
        tables.referee.heard(game)  # its NOTIFY, as ``serve`` hears it
    for role in ROLES:
        page = table.fragment(role)
        assert "The game is stopped" in page and f"row #{seq} was altered" in page, role
        assert 'id="picker"' not in page
    tables.referee.close()
