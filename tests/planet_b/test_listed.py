"""What ``legal`` lists a player in their turn and at an exchange (the moves a page offers):
each move the rulebook allows there, of each kind, and every one listed accepted as it is.
Expected values come from the rulebook's text and the test data (not the publisher's):
the test data's 10 production tiles are one of each resource, and a second meat, chip and
hydrogen.
"""

from __future__ import annotations

from collections.abc import Iterable

import ledger.games.planet_b as planet_b
from ledger.games.planet_b import data
from ledger.games.planet_b.model import BuyTile, Deal, End, Sell, Swap
from ledger.games.planet_b.moves import SWAP_WAYS
from tests.planet_b.table import Table, started
from tests.planet_b.test_examples import board
from tests.planet_b.test_flow import fill_last

SPACES = ("upper1", "upper2", "upper3", "lower1", "lower2", "lower3")


def listed(table: Table, kind: type | tuple[type, ...], name: str = "ann") -> list[object]:
    """The moves of ``kind`` listed for ``name``, each accepted (at least one fact)."""
    moves = [m for m in planet_b.legal(table.state, name) if isinstance(m, kind)]
    accepted(table, moves)
    return moves


def accepted(table: Table, moves: Iterable[object]) -> None:
    for move in moves:
        assert list(planet_b.decide(table.state, move)), move


def test_free_time_lists_each_deal_each_sale_and_selling_all() -> None:
    """Selling Resources: "You are always allowed to sell as many resources as you want ... on
    your turn as often as you like"; a turn's deal goes on any of the 3 conglomerate tiles: each
    deal is listed, a sale of each resource held and of all of them, and no end of the turn
    before the deal; after it (its box done), the end."""
    table = board(started())
    table.give("ann", warehouse={"plant": 2, "water": 1})
    assert sorted(m.space for m in listed(table, Deal)) == ["left", "middle", "right"]
    sales = {tuple(sorted(m.resources)) for m in listed(table, Sell)}
    assert sales == {("plant",), ("water",), ("plant", "plant", "water")}
    assert not listed(table, End)
    table.play("deal ann left")  # its box, 2 money, performed at once
    assert listed(table, End) == [End("ann")] and not listed(table, Deal)


def test_production_tiles_are_listed_for_10_money_on_each_space_and_back() -> None:
    """Production Tiles: "You can buy these for 10 money at any point during your turn ...
    Take 1 production tile of your choice and place it onto one of the production spaces ...
    You may return any production tiles you bought back to your supply at any time": with
    exactly 10 money, each resource on each of the 6 spaces; one's only plastic tile placed,
    no plastic to buy and that tile to return; with 9 money, nothing to buy."""
    table = board(started())
    table.give("ann", money=data.TILE_PRICE, warehouse={})
    bought = {(m.resource, m.space) for m in listed(table, BuyTile) if not m.back}
    assert bought == {(r, s) for r in data.RESOURCES for s in SPACES}
    assert not [m for m in listed(table, BuyTile) if m.back]
    table.play("tile ann plastic upper1")
    table.give("ann", money=data.TILE_PRICE)
    bought = {(m.resource, m.space) for m in listed(table, BuyTile) if not m.back}
    assert bought == {(r, s) for r in data.RESOURCES if r != "plastic" for s in SPACES}
    assert [m for m in listed(table, BuyTile) if m.back] == [BuyTile("ann", "plastic", "upper1", back=True)]
    table.give("ann", money=data.TILE_PRICE - 1)
    assert [m for m in listed(table, BuyTile) if not m.back] == []


def test_an_exchange_lists_2_resources_of_choice_or_5_when_immoral() -> None:
    """Exchanges: "Take 2 resources of your choice, or, if you are immoral, take 5": mixes
    of 2 resources are listed (as many as ``legal`` lists of any one move, all different),
    each accepted; an immoral player is listed mixes of 5 only."""
    for news, size in (((), 2), (("SPY",), 5)):
        table = board(started(), "2money")
        fill_last(table)
        table.give("ann", news=news)
        table.play("deal ann left", "end ann")
        swaps = listed(table, Swap)
        assert {len(m.resources) for m in swaps} == {size}
        assert len({tuple(sorted(m.resources)) for m in swaps}) == len(swaps) == SWAP_WAYS
