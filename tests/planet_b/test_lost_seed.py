"""A sealed Planet B game whose seed is lost (its key gone, issue 40): the piles are a real
table's (each card unseen, in no order), the cards that came out of them are the log's facts, and
the game goes on as at a real table."""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

import ledger.games.planet_b as planet_b
from ledger.errors import IllegalMove
from ledger.games.planet_b.model import PacketDealt, State
from tests.planet_b.fuzz import choose
from tests.planet_b.table import CARDS, Table

COMMITTED = "0" * 64  # a setup's commitment to its seed


def sealed(players: int = 3, moves: int = 0) -> Table:
    table = Table(players, seed=7, cards=False)
    table.setup = replace(table.setup, commitment=COMMITTED)
    table.state = planet_b.initial(table.setup)
    for command in planet_b.load_cards(table.setup, CARDS):
        table.apply(command)
    rng = random.Random(3)
    for _ in range(moves):
        table.apply(choose(rng, list(planet_b.legal(table.state))))
    return table


def lost(table: Table) -> State:
    state: State = planet_b.initial(replace(table.setup, seed=None))
    for event in table.events():
        state = planet_b.evolve(state, event)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_lost_seed_deals_no_pile_and_keeps_every_card_that_came_out(players: int) -> None:
    table = sealed(players, moves=60)
    state = lost(table)
    assert state.seed_lost and not state.virtual
    assert state.players == table.state.players  # hands and pockets: the log's facts
    for name, pile in state.piles.items():
        assert not pile.known and len(pile) == len(table.state.piles[name]), name  # no order
    assert not state.tiles.known and len(state.tiles) == len(table.state.tiles)
    assert planet_b.score(state) == planet_b.score(table.state)


def test_a_packet_the_referee_dealt_is_drafted_from_where_the_seed_is_lost() -> None:
    """Starting Buildings: the packet the referee dealt is a fact (its cards, to its picker): it
    came out of the pile, and its picker chooses from it; the next packet is a real table's."""
    table = sealed()
    state = lost(table)
    (packet,) = [e for e in table.events() if isinstance(e, PacketDealt)]
    assert state.draft is not None and state.draft.packet == packet.cards
    assert set(packet.cards) <= set(state.piles[packet.pile].seen)
    picker = state.draft.order[state.draft.index]
    outside = next(
        n for n, b in state.faces.buildings.items() if b.pile == packet.pile and n not in packet.cards
    )
    with pytest.raises(IllegalMove, match="holds no"):
        planet_b.decide(state, planet_b.parse(state, ["draft", picker, outside]))
    assert planet_b.decide(state, planet_b.parse(state, ["draft", picker, packet.cards[0]]))
