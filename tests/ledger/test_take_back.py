"""Taking a move back from the phone at a table with virtual decks (issue 18): a move whose
page could not tell all of its facts before it was recorded (the referee dealt cards by
chance) cannot be taken back from the phone, since its mover would deal again knowing the
cards; the table's undo still can, logged. A move told in full can be taken back."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ledger.errors import IllegalMove
from ledger.service import LegalMove, Referee
from ledger.store import Store
from tests.planet_b.table import CARDS as PLANET_B_CARDS
from tests.pursuit.table import CARDS as PURSUIT_CARDS
from tests.pursuit.table import SETTINGS as PURSUIT_SETTINGS
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


# Each game names the facts its referee deals by chance (``chance``): a move that dealt nothing
# its mover could see may be taken back from the phone, one that turned up or drew a card for
# them may not, and the refusal says what was dealt.
KINDS = {
    "loop": ({}, CARDS),
    "planet-b": ({}, PLANET_B_CARDS),
    "pursuit": ({"modules": "community,friends"}, PURSUIT_SETTINGS + "\n" + PURSUIT_CARDS),
}


def seeded(tmp_path: Path, kind: str) -> tuple[Referee, int]:
    options, cards = KINDS[kind]
    referee = Referee(Store(tmp_path / "ledger.db"))
    return referee, referee.new_game(kind, PLAYERS, seed=5, options=options, cards=cards)


def play_until(referee: Referee, game: int, verb: str) -> LegalMove:
    """Random legal moves until one of ``verb`` is offered; that move, not yet made."""
    rng = random.Random(1)
    for _ in range(300):
        moves = referee.legal(game)
        found = [m for m in moves if m.text.split()[0] == verb]
        if found:
            return found[0]
        referee.submit(game, rng.choice(moves).command)
    raise AssertionError(f"no {verb} move offered")


def made(tmp_path: Path, kind: str, turn: str, verb: str) -> tuple[Referee, int, str]:
    """A seeded game of ``kind`` where a move of ``verb`` was just made (LOOP: after a ``turn``
    of WORK or BUY by the first player); the game, and who made it."""
    referee, game = seeded(tmp_path, kind)
    if kind == "loop":
        referee.submit(game, next(m for m in referee.legal(game) if m.text.startswith(f"{turn} ")).command)
    move = play_until(referee, game, verb)
    referee.submit(game, move.command)
    return referee, game, referee.load(game).game.actor(move.command)


@pytest.mark.parametrize(
    ("kind", "verb"),
    [
        ("loop", "end"),  # after a WORK nothing is refilled (2.7); the next player's FAVOUR is theirs
        ("planet-b", "tile"),  # Production Tiles: bought from the supply, nothing drawn
        ("pursuit", "action"),  # a board action: its reward, nothing turned up
    ],
)
def test_a_move_that_dealt_its_mover_nothing_is_taken_back(tmp_path: Path, kind: str, verb: str) -> None:
    referee, game, player = made(tmp_path, kind, "work", verb)
    offer = referee.take_back_offer(game, player)
    assert offer is not None and not offer.dealt and not offer.since, offer
    referee.take_back(game, player)
    entry = list(referee.log(game))[-1]
    assert (entry.kind, entry.actor, entry.reason) == ("undo", player, "taken back")


@pytest.mark.parametrize(
    ("kind", "verb", "dealt"),
    [
        ("loop", "end", "a MATERIAL turned up from the deck"),  # 2.7: the BUY AREA refilled
        ("planet-b", "redraw", "a building drawn"),  # the hand drawn back up from a pile
        ("pursuit", "start-friendship", "a Friend card turned up from its pile"),  # the slot refilled
    ],
)
def test_a_move_that_dealt_its_mover_a_card_is_not_taken_back(
    tmp_path: Path, kind: str, verb: str, dealt: str
) -> None:
    referee, game, player = made(tmp_path, kind, "buy", verb)
    head = referee.load(game).head
    with pytest.raises(IllegalMove) as refused:
        referee.take_back(game, player)
    assert "the referee dealt it cards by chance" in refused.value.message
    assert dealt in refused.value.message
    assert referee.load(game).head == head
    offer = referee.take_back_offer(game, player)
    assert offer is not None and dealt in offer.dealt


def test_no_move_is_taken_back_from_the_phone_once_the_game_is_over(tmp_path: Path) -> None:
    referee, game = seeded(tmp_path, "pursuit")
    rng = random.Random(1)
    while not referee.load(game).game.is_over(referee.load(game).state):
        moves = referee.legal(game)
        referee.submit(game, rng.choice(moves).command)
    last = next(iter(referee.log(game, last=1))).actor
    assert referee.take_back_offer(game, last) is None  # the page shows no take-back line
    with pytest.raises(IllegalMove) as refused:
        referee.take_back(game, last)
    assert "the game is over" in refused.value.message
