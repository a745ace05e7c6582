"""Random play for Planet B's own cases, with the test data (not the publisher's cards); the
games every registered game plays (virtual piles and bag and real tables for 2 to 4 players,
names that look like words, every offered move accepted, an election before the end) are
``tests/test_random_games.py``'s, driven by ``tests.planet_b.fuzz``.

A longer run with throughput figures: ``python benchmarks/planet_b_fuzz.py``.
"""

from __future__ import annotations

import random

import ledger.games.planet_b as planet_b
from ledger.games.planet_b import data
from ledger.games.planet_b.faces import areas_of
from ledger.games.planet_b.model import Constructed
from ledger.words import card_word
from tests.planet_b.fuzz import Checker, choose
from tests.planet_b.table import Table, started
from tests.planet_b.test_examples import board


def test_every_box_of_the_particular_buildings_then_random_choices() -> None:
    """Each box of each building "Explanation of Particular Cards" names (rare in random
    play): the last workie placed on it, the box chosen, then random legal moves to the end
    of the turn, with the invariants checked after each (the state is set by hand)."""
    named = [name for name, (kind, _) in data.NAMED_CARDS.items() if kind == "building"]
    rng = random.Random(9)
    for card in named:
        face = Table().state.faces.buildings[card]
        for box in range(1, len(face.boxes) + 1):
            table = board(started(seed=box), "work")
            one_short = tuple(areas_of(a)[1:] for a in face.areas)
            others = Constructed("TAILOR", (("crafty", "crafty"),))
            table.give("ann", buildings=(*table.p("ann").buildings, others, Constructed(card, one_short)),
                       crafties=6, brainies=6, money=60, warehouse={"iridium": 4, "plant": 4, "hydrogen": 2},
                       news=("PLASTIC BAGS",), hand=("WORKSHOP", "BANK"))  # fmt: skip
            where = card_word(card) + (".1" if len(face.areas) > 1 else "")
            table.play("deal ann left", f"workie ann {areas_of(face.areas[0])[0]}@{where}")
            table.play(f"box ann {box}")
            checker = Checker()
            while table.state.stack:
                for event in table.apply(choose(rng, list(planet_b.legal(table.state)))):
                    checker.watch(table.state, event)
                checker(table.state)
            table.play("end ann")
            checker(table.state)
