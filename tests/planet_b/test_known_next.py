"""After a turn at a real table, the next card the table would reveal, when only one card can
be it (every face of the pile declared, all but one seen), is turned up by the referee
itself (rules version 2 on); and a B tile a virtual exchange turns up is dealt by chance, so
the move that did it is not taken back from the phone (``describe.chance``)."""

from __future__ import annotations

from ledger.games.planet_b.describe import chance
from ledger.games.planet_b.model import NewsRevealed, TileTurned
from ledger.piles import Pile
from tests.planet_b.table import physical, started
from tests.planet_b.test_examples import board
from tests.planet_b.test_flow import fill_last


def test_the_one_news_card_left_unseen_is_turned_up_by_the_referee() -> None:
    """News Card: "After your turn, draw and reveal a new news card from the pile you chose"
    (test data: the 14 cards of pile III, FUSION face up: 3 hydrogen; PEACE PRIZE the one
    not seen yet)."""
    table = board(physical(), "news")
    names = [n.name for n in table.state.faces.news.values() if n.pile == "III"]
    seen = tuple(sorted(n for n in names if n != "PEACE PRIZE"))
    table.set(
        piles={**table.state.piles, "III": Pile(unseen=1, seen=seen)},
        news_up={**table.state.news_up, "III": "FUSION"},
    )
    table.play("deal you left", "news you III")
    events = table.play("end you")
    assert NewsRevealed("III", "PEACE PRIZE") in events
    assert table.state.news_up["III"] == "PEACE PRIZE" and table.state.active == "blue"


def test_a_b_tile_turned_up_by_a_virtual_exchange_is_a_chance_deal() -> None:
    table = board(started(), "2money")
    table.tile("left", "TEST LEFT", "2money", red=True, then="remove")
    fill_last(table, red=True)
    events = table.play("deal ann left", "end ann", "exchange ann meat:2")
    added = [e for e in events if isinstance(e, TileTurned) and e.tile]
    assert [chance(e) for e in added] == ["a new B tile turned up"]
    assert table.state.spaces[0].tile == added[0].tile and not table.state.spaces[0].red
