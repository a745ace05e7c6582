"""Your Turn: A Summary: the turn ends once the box's actions are performed ("You must always
perform all actions as fully as you can"); and in a game recorded under rules version 1 with
virtual piles, an exchange that removes a tile still turns up the next B tile itself."""

from __future__ import annotations

from ledger.errors import IllegalMove
from ledger.games.planet_b.sections import R_COSTS
from ledger.games.planet_b.view import view
from tests.planet_b.table import Table, started
from tests.planet_b.test_examples import board
from tests.planet_b.test_flow import fill_last


def test_the_turn_does_not_end_with_an_action_of_the_box_left() -> None:
    table = board(started(), "produce 2money")
    table.play("deal ann left")
    table.refuse("end ann", IllegalMove, R_COSTS)
    table.play("produce ann upper", "end ann")
    assert table.state.active != "ann" or table.state.phase != "turn"


def test_a_version_1_virtual_exchange_turns_up_the_next_b_tile_itself() -> None:
    table = Table(4, seed=1, rules_version="1")
    table.draft_first()
    assert table.state.legacy
    board(table, "2money")
    table.tile("left", "TEST LEFT", "2money", red=True, then="remove")
    fill_last(table, red=True)
    top = table.state.tiles.top()
    table.play("deal ann left", "end ann", "exchange ann meat:2")
    assert top and table.state.spaces[0].tile == top and table.state.active == "ben"


def test_each_turn_begins_afresh_a_deal_and_an_office_action_for_the_next_player() -> None:
    """Your Turn: Make a Deal, each turn; Offices: "You must perform this action 1 time each
    turn" (L.A.M.A., not immoral: 1 positive mood step; D.O.D.O.: add 1 vote to the bag); and
    "Take your turns in clockwise direction": the round counts the start player's turns."""
    table = board(started(), "2money", "2money", "2money")
    table.give("ann", office="lama")
    table.give("ben", office="dodo")
    assert table.state.active == "ann" and table.state.round == 1
    table.play("office ann", "deal ann left", "end ann")
    assert table.state.active == "ben" and table.state.round == 1
    shown = view(table.state)  # what status shows: no deal yet, no election called, no draft
    assert shown.dealt is False and shown.called is False and shown.draft is None
    bag = table.state.bag["ben"]
    table.play("office ben", "deal ben middle", "end ben")
    assert table.state.bag["ben"] == bag + 1 and table.p("ben").money == 10 + 2
    for name in ("cat", "dan"):
        table.play(f"deal {name} right", f"end {name}")
    assert table.state.active == "ann" and table.state.round == 2
    table.play("office ann", "deal ann left", "end ann")
    assert table.p("ann").money == 10 + 2 + 2


def test_a_virtual_game_shuffles_each_news_pile_from_its_own_cards() -> None:
    """Game Components and Setup: the news cards in 3 piles, I, II and III: a virtual game's
    face-up card and every card under it in pile I are I cards, and so on."""
    table = started()
    news = table.state.faces.news
    for pile in ("I", "II", "III"):
        cards = (table.state.news_up[pile], *table.state.piles[pile].known)
        assert cards and all(news[card].pile == pile for card in cards)


def test_virtual_games_of_other_seeds_are_dealt_otherwise() -> None:
    """Game Components and Setup: a virtual game shuffles its piles from its seed: 5 seeds do
    not all deal the same A tiles, news cards and building piles."""
    deals = set()
    for seed in range(1, 6):
        state = started(seed=seed).state
        deals.add(
            (
                tuple(s.tile for s in state.spaces),
                tuple(sorted(state.news_up.items())),
                state.piles["C"].known,
            )
        )
    assert len(deals) > 1
