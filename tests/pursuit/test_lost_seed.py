"""A sealed Pursuit game whose seed is lost (its key gone, issue 40): its piles are a real
table's (unseen, in no order); every card that came out is a fact, and a card that came out
already cannot come out again."""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

import ledger.games.pursuit as pursuit
from ledger.errors import IllegalMove
from ledger.games.pursuit.model import Slot, State
from ledger.words import card_word
from tests.pursuit.fuzz import choose
from tests.pursuit.table import Table

COMMITTED = "0" * 64  # a setup's commitment to its seed


def test_a_lost_seed_deals_no_pile_and_the_table_reveals_what_it_can_hold() -> None:
    table = Table(3, seed=7, cards=False)
    table.setup = replace(table.setup, commitment=COMMITTED)
    table.state = pursuit.initial(table.setup)
    for command in pursuit.load_cards(table.setup, table.cards):
        table.apply(command)
    rng = random.Random(3)
    for _ in range(40):
        table.apply(choose(rng, list(pursuit.legal(table.state))))
    state: State = pursuit.initial(replace(table.setup, seed=None))
    for event in table.events():
        state = pursuit.evolve(state, event)
    assert state.seed_lost and not state.virtual
    assert state.players == table.state.players and state.community == table.state.community
    for pile, seeded in (
        (state.community_pile, table.state.community_pile),
        (state.friend_pile, table.state.friend_pile),
    ):
        assert not pile.known and len(pile) == len(seeded)  # no order: what it holds, unseen
    assert pursuit.score(state) == pursuit.score(table.state)
    # A slot emptied (as the next Preparation does): the table reveals the card it turns up;
    # one that came out of the pile already cannot come out again, any other unseen may.
    out = next(slot.card for slot in state.community if slot.card)
    slots = tuple(Slot() if slot.card == out else slot for slot in state.community)
    emptied = replace(state, community=slots, phase="preparation")
    with pytest.raises(IllegalMove, match="it came out of it already"):
        pursuit.decide(emptied, pursuit.parse(emptied, ["reveal", "community", card_word(out)]))
    unseen = sorted(set(state.faces.community) - set(state.community_pile.seen))[0]
    assert pursuit.decide(emptied, pursuit.parse(emptied, ["reveal", "community", card_word(unseen)]))
