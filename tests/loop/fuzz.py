"""Random play for LOOP: whole games from ``legal()``, with the invariants checked.

The harness is ``ledger.randomplay`` (every game's): LOOP gives it its ``WEIGHTS`` (so turns
end and games finish), the invariants below, and a check that a turn can always be ended.
"""

from __future__ import annotations

import random
from collections import Counter

import ledger.games.loop as loop
from ledger import randomplay
from ledger.decider import Setup
from ledger.games.loop import data
from ledger.games.loop.model import (
    UNKNOWN,
    Accept,
    Buy,
    Command,
    Consume,
    End,
    Favour,
    Goal,
    Reject,
    RepHappiness,
    RevealActivity,
    RevealMaterial,
    State,
    Work,
)
from ledger.randomplay import Played
from tests.loop.table import CARDS, NAMES

WEIGHTS: dict[type, float] = {
    Work: 1,
    Buy: 3,
    Consume: 5,
    RepHappiness: 1,
    Goal: 10,
    Favour: 1.5,
    Accept: 2,
    Reject: 1,
    End: 5,
    RevealMaterial: 1,
    RevealActivity: 1,
}
MAX_MOVES = 4000


def check_invariants(state: State) -> None:
    """What must hold after every move."""
    materials: Counter[str] = Counter(state.material_deck)
    materials.update(state.buy_area)
    materials.update(state.removed)
    for player in state.players.values():
        materials.update(kind for kind, _ in player.materials)
        materials.update(player.landfill)
        assert all(1 <= q <= data.MAX_QUALITY for _, q in player.materials), player
        assert 0 <= player.happiness <= data.MAX_HAPPINESS, player
        assert 0 <= player.reputation <= data.MAX_REPUTATION, player
        assert player.coin >= 0, player
        assert len(player.kept) <= data.MAX_KEPT, player
        assert len(player.achieved) <= data.GOALS_PER_PLAYER, player
    assert materials == Counter(dict.fromkeys(data.MATERIALS, data.MATERIAL_COPIES)), materials

    favours: Counter[str] = Counter(state.favour_deck)
    favours.update(state.favour_discard)
    for player in state.players.values():
        favours.update(player.hand)
    if state.pending is not None:
        favours[state.pending.kind] += 1
    assert sum(favours.values()) == data.FAVOUR_TOTAL, favours
    unseen = favours.pop(UNKNOWN, 0)
    assert all(n <= data.FAVOUR_COPIES for n in favours.values()), favours
    if state.virtual:
        assert unseen == 0

    if state.phase != "cards":
        activities: Counter[str] = Counter(state.activity_deck)
        activities.update(state.consume_area)
        activities.update(state.activity_discard)
        for player in state.players.values():
            activities.update(k.name for k in player.kept)
        assert sum(activities.values()) + state.activity_unseen == data.ACTIVITY_TOTAL
        assert all(n <= data.ACTIVITY_COPIES for n in activities.values()), activities

    achieved = [g for p in state.players.values() for g in p.achieved]
    assert len(achieved) == len(set(achieved)), achieved
    assert loop.to_act(state) or loop.is_over(state)


def choose(rng: random.Random, moves: list[Command]) -> Command:
    chosen: Command = randomplay.choose(rng, moves, WEIGHTS)
    return chosen


def _turn_can_end(state: State, legal: list[Command]) -> None:
    if state.phase == "turn" and state.pending is None and state.main:
        # After WORK, BUY, CONSUME or a GOAL first (2.3), the turn can still be ended.
        assert any(isinstance(m, End | Consume) for m in legal), "the turn cannot end"


def play(seed: int, players: int, *, physical: bool = False, check: bool = True) -> Played:
    """One whole game of ``players`` players; AssertionError if anything breaks."""
    setup = Setup(
        game="loop",
        rules_version=loop.rules_version,
        players=NAMES[:players],
        mode="basic",
        seed=None if physical else seed,
    )
    return randomplay.play(
        loop,
        setup,
        seed=seed,
        weights=WEIGHTS,
        invariants=check_invariants,
        prelude=loop.load_cards(setup, CARDS),
        each=_turn_can_end,
        max_moves=MAX_MOVES,
        check=check,
    )
