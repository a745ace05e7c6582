"""Random play for LOOP: whole games from ``legal()``, with the invariants checked.

Each step picks a kind of move with ``WEIGHTS`` (so turns end and games finish), then a move
of that kind uniformly. With ``check`` on, every step also checks: the move's text parses
back to it and it survives JSON; ``decide`` is deterministic and accepts it; ``evolve`` does
not touch the old state; the invariants below hold. At the end, replaying every event from
``initial`` rebuilds the final state, and the state survives a JSON snapshot.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import msgspec

import ledger.games.loop as loop
from ledger.decider import Setup
from ledger.games.loop import data
from ledger.games.loop.model import (
    UNKNOWN,
    Accept,
    Buy,
    Command,
    Consume,
    End,
    Event,
    Favour,
    Goal,
    Reject,
    RevealActivity,
    RevealMaterial,
    State,
    Work,
)
from tests.loop.table import CARDS, NAMES

WEIGHTS: dict[type, float] = {
    Work: 1,
    Buy: 3,
    Consume: 5,
    Goal: 10,
    Favour: 1.5,
    Accept: 2,
    Reject: 1,
    End: 5,
    RevealMaterial: 1,
    RevealActivity: 1,
}
MAX_MOVES = 4000


@dataclass
class Played:
    moves: int
    events: int
    rounds: int
    state: State
    log: list[Event]
    setup: Setup


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
    groups: dict[type, list[Command]] = {}
    for move in moves:
        groups.setdefault(type(move), []).append(move)
    kinds = sorted(groups, key=lambda kind: kind.__name__)
    kind = rng.choices(kinds, [WEIGHTS[k] for k in kinds])[0]
    return rng.choice(groups[kind])


def play(seed: int, players: int, *, physical: bool = False, check: bool = True) -> Played:
    """One whole game of ``players`` players; AssertionError if anything breaks."""
    setup = Setup(
        game="loop",
        rules_version=loop.rules_version,
        players=NAMES[:players],
        mode="basic",
        seed=None if physical else seed,
    )
    state: State = loop.initial(setup)
    log: list[Event] = []
    for command in loop.load_cards(setup, CARDS):
        for event in loop.decide(state, command):
            state = loop.evolve(state, event)
            log.append(event)
    rng = random.Random(seed)
    moves = 0
    while not loop.is_over(state):
        moves += 1
        assert moves <= MAX_MOVES, f"seed {seed}: no end after {MAX_MOVES} moves"
        legal = list(loop.legal(state))
        assert legal, f"seed {seed}: dead end at {loop.present(loop.view(state)).headline}"
        if state.phase == "turn" and state.pending is None and state.main:
            # After WORK, BUY, CONSUME or a GOAL first (2.3), the turn can still be ended.
            assert any(isinstance(m, End | Consume) for m in legal), f"seed {seed}: the turn cannot end"
        command = choose(rng, legal)
        if check:
            words = loop.text(command).split()
            assert loop.parse(state, words) == command, loop.text(command)
            encoded = msgspec.json.encode(command)
            assert msgspec.json.decode(encoded, type=loop.Command) == command
            before = msgspec.json.encode(state)
        events = loop.decide(state, command)
        if check:
            assert loop.decide(state, command) == events
            assert loop.actor(command) in loop.to_act(state)
        new = state
        for event in events:
            new = loop.evolve(new, event)
            log.append(event)
        if check:
            assert msgspec.json.encode(state) == before, "evolve changed the previous state"
            check_invariants(new)
        state = new
    if check:
        replayed = loop.initial(setup)
        for event in log:
            replayed = loop.evolve(replayed, event)
        assert replayed == state, f"seed {seed}: replay differs"
        stored = msgspec.json.decode(msgspec.json.encode(log), type=list[loop.Event])
        assert stored == log
        snapshot = msgspec.json.decode(msgspec.json.encode(state), type=loop.State)
        assert snapshot == state
        assert loop.score(state).final
    return Played(moves, len(log), state.round, state, log, setup)
