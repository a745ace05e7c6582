"""Taking a move back from the phone at a table with virtual decks (issue 18): a move whose
page could not tell all of its facts before it was recorded (the referee dealt cards by
chance) cannot be taken back from the phone, since its mover would deal again knowing the
cards; the table's undo still can, logged. A move told in full can be taken back."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.errors import IllegalMove
from ledger.service import Referee
from ledger.store import Store
from tests.serve.conftest import CARDS, PLAYERS


def referee_at(tmp_path: Path, seed: int | None) -> tuple[Referee, int]:
    referee = Referee(Store(tmp_path / "ledger.db"))
    return referee, referee.new_game("loop", PLAYERS, seed=seed, cards=CARDS)


def test_a_move_told_in_full_is_taken_back_from_the_phone(tmp_path: Path) -> None:
    referee, game = referee_at(tmp_path, seed=7)
    buy = next(m for m in referee.legal(game) if m.text.startswith("buy "))
    assert not referee.preview(game, buy.command).more  # nothing dealt by chance
    referee.submit(game, buy.command)
    player = buy.text.split()[1]
    offer = referee.take_back_offer(game, player)
    assert offer is not None and not offer.dealt
    referee.take_back(game, player)
    entry = list(referee.log(game))[-1]
    assert (entry.kind, entry.actor, entry.reason) == ("undo", player, "taken back")


def test_a_move_that_dealt_from_a_virtual_deck_is_not_taken_back_from_the_phone(tmp_path: Path) -> None:
    referee, game = referee_at(tmp_path, seed=7)
    referee.submit(game, next(m for m in referee.legal(game) if m.text.startswith("buy ")).command)
    end = next(m for m in referee.legal(game) if m.text.startswith("end "))
    assert referee.preview(game, end.command).more  # its page could not tell every fact before
    referee.submit(game, end.command)
    player = end.text.split()[1]
    head = referee.load(game).head
    with pytest.raises(IllegalMove) as refused:
        referee.take_back(game, player)
    assert "from the phone: the referee dealt it cards by chance" in refused.value.message
    assert "the table's page undoes it" in (refused.value.legal or "")
    assert referee.load(game).head == head  # nothing appended
    offer = referee.take_back_offer(game, player)  # what the phone's page shows instead of a button
    assert offer is not None and offer.dealt and not offer.since
    referee.undo(game, reason="the table agreed")  # the table still can, logged
    assert list(referee.log(game))[-1].kind == "undo"
