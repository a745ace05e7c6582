"""Random play over whole Planet B games with the test data (not the publisher's cards):
virtual piles and bag for 2, 3 and 4 players, and real tables where the fuzzer plays the
table too. Every move is checked by ``ledger.randomplay`` and ``tests.planet_b.fuzz``.

A longer run with throughput figures: ``python benchmarks/planet_b_fuzz.py``.
"""

from __future__ import annotations

import random

import pytest

import ledger.games.planet_b as planet_b
from ledger.games.planet_b import data
from ledger.games.planet_b.faces import areas_of
from ledger.games.planet_b.model import Constructed
from ledger.words import card_word
from tests.planet_b.fuzz import Checker, choose, play
from tests.planet_b.table import Table, started
from tests.planet_b.test_examples import board

GAMES = 6


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_virtual_piles(players: int) -> None:
    for seed in range(GAMES):
        played = play(100 * players + seed, players)
        assert planet_b.is_over(played.state)
        assert played.state.elections >= 1


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_at_a_real_table(players: int) -> None:
    for seed in range(3):
        played = play(500 * players + seed, players, physical=True)
        assert planet_b.is_over(played.state) and played.state.seed is None


def test_every_listed_move_is_accepted() -> None:
    """Not just the moves the fuzzer picks: every move legal() lists, in a few games."""
    for seed in range(2):
        Table(3, seed=seed).try_every_move(random.Random(seed), 120)


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


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_names_that_look_like_words(players: int) -> None:
    """Issue 17: players named like a verb, a resource, in another alphabet or with a composed
    letter, that `new` accepts; every move reads back as the same players."""
    from ledger.randomplay import LOOKALIKE_NAMES
    from ledger.service import Referee
    from ledger.store import Store

    for seed in range(2):
        names = LOOKALIKE_NAMES[seed + players : seed + 2 * players]
        Referee(Store(":memory:")).new_game("planet-b", names)
        played = play(12000 + seed, players, names=names, physical=seed == 1)
        assert planet_b.is_over(played.state) and played.state.seats == names
