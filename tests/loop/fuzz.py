"""Random play for LOOP: whole games from ``legal()``, with the invariants checked.

The harness is ``ledger.randomplay`` (every game's): LOOP gives it its ``WEIGHTS`` (so turns
end and games finish), the invariants below, and a check that a turn can always be ended.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import ledger.games.loop as loop
from ledger import randomplay
from ledger.decider import Setup
from ledger.games.loop import data
from ledger.games.loop.model import (
    UNKNOWN,
    Ability,
    Accept,
    Apply,
    Buy,
    Call,
    ChooseCareer,
    Command,
    Consume,
    End,
    Favour,
    Goal,
    Object,
    Payoff,
    Reject,
    RepHappiness,
    Respond,
    RevealActivity,
    RevealCareers,
    RevealEvents,
    RevealExhibited,
    RevealMaterial,
    State,
    Work,
)
from ledger.games.loop.modes import MODES
from ledger.games.loop.score import final_happiness
from ledger.randomplay import Played
from tests.loop.table import CARDS, NAMES

WEIGHTS: dict[type, float] = {
    Ability: 1.5,
    Apply: 0.3,
    Call: 1,
    ChooseCareer: 1,
    Object: 0.5,
    Payoff: 6,
    Respond: 3,
    RevealCareers: 1,
    RevealEvents: 1,
    RevealExhibited: 1,
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
    materials.update(state.burned)  # 6.2, 7.0: the burn pile
    materials.update(state.central)  # 7.0: the central LANDFILL
    for player in state.players.values():
        materials.update(kind for kind, _ in player.materials)
        materials.update(player.landfill)
        assert all(1 <= q <= data.MAX_QUALITY for _, q in player.materials), player
        assert 0 <= player.happiness <= data.MAX_HAPPINESS, player
        assert 0 <= player.reputation <= data.MAX_REPUTATION, player
        assert player.coin >= 0, player
        assert len(player.kept) <= data.MAX_KEPT, player
        assert len(player.achieved) <= MODES[state.mode].goals, player
    assert materials == Counter(dict.fromkeys(data.MATERIALS, data.MATERIAL_COPIES)), materials

    favours: Counter[str] = Counter(state.favour_deck)
    favours.update(state.favour_discard)
    blue = state.mode == "solo"
    if blue:  # 7.1: the red FAVOUR are put away, the 5 blue are in play
        assert Counter(state.favours_removed) == Counter(data.FAVOURS * data.FAVOUR_COPIES)
    else:
        favours.update(state.favours_removed)
    for player in state.players.values():
        favours.update(player.hand)
        favours.update(player.played)  # 6.2, 7.0: face up beside the GOAL
    if state.pending is not None:
        favours[state.pending.card or state.pending.kind] += 1
    if blue:
        assert favours == Counter(data.BLUE_FAVOURS), favours
    else:
        assert sum(favours.values()) == data.FAVOUR_TOTAL, favours
    unseen = favours.pop(UNKNOWN, 0)
    assert all(n <= data.FAVOUR_COPIES for n in favours.values()), favours
    if state.virtual:
        assert unseen == 0

    if state.mode != "basic":
        _check_modes(state)

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


def _check_modes(state: State) -> None:
    """Competitive, Cooperative and Solo: the 30 EVENT, the CREDIT CARD, the Solo BUY AREA."""
    events: Counter[str] = Counter(state.event_deck)
    events.update(state.event_discard)
    events.update(state.events_removed)
    events.update(state.triggered)
    if state.current:
        events[state.current] += 1
    for player in state.players.values():
        events.update(player.events)
        for paid, now in player.credit:
            assert 0 <= paid < data.CREDIT_DEBT and 0 <= now <= data.PAYOFF_MAX, player.credit
    assert sum(events.values()) == data.EVENT_TOTAL, events
    unseen = events.pop(UNKNOWN, 0)
    assert all(n == 1 for n in events.values()), events  # 30 different cards
    assert set(events) <= set(data.EVENT)
    if state.virtual:
        assert unseen == 0
    else:  # the names a real table's deck and face-down cards may hold
        assert len(state.event_pool) == unseen and not set(state.event_pool) & set(events)
    assert state.event_active in ("", *state.event_discard), state.event_active
    if state.mode == "solo" and (state.exhibited or state.phase != "setup"):
        assert sorted(k for k, _ in state.exhibited) == sorted(state.buy_area), (
            state.exhibited,
            state.buy_area,
        )
        assert all(1 <= q <= data.MAX_QUALITY for _, q in state.exhibited)
    for owed in state.owed:
        assert owed.coin > state.players[owed.player].coin, owed
    if loop.is_over(state):
        _check_result(state)


def _check_result(state: State) -> None:
    """The mode's result (5.0 ranks, 6.3 the team, 7.3 the threshold) from the penalties."""
    mode = MODES[state.mode]
    sheet = loop.score(state)
    final = {name: final_happiness(state, p) for name, p in state.players.items()}
    for line in sheet.lines:
        values = line.categories
        assert 0 <= values["happiness"] <= data.MAX_HAPPINESS, line
        assert values["happiness"] == max(0, values["mat"] + values["debt"] + values["landfill-penalty"])
        assert values["happiness"] == final[line.player]
    if mode.result == "rank":
        assert sheet.winners and all(final[w] == max(final.values()) for w in sheet.winners)
    else:
        won = all(h >= mode.threshold for h in final.values())
        assert sheet.winners == ([line.player for line in sheet.lines] if won else []), sheet


def choose(rng: random.Random, moves: list[Command]) -> Command:
    chosen: Command = randomplay.choose(rng, moves, WEIGHTS)
    return chosen


def _turn_can_end(state: State, legal: list[Command]) -> None:
    if (
        state.phase == "turn"
        and state.pending is None
        and state.main
        and not state.refilling
        and not state.owed
    ):
        # After WORK, BUY, CONSUME or a GOAL first (2.3), the turn can still be ended.
        # (5.4: a CREDIT CARD is paid first, with COIN or a new CREDIT CARD)
        assert any(isinstance(m, End | Consume | Payoff | Apply) for m in legal), "the turn cannot end"


def setup(seed: int, names: Sequence[str], mode: str = "basic", physical: bool = False) -> Setup:
    """A game of ``names`` in ``mode``: with virtual decks shuffled from ``seed``, or (``physical``)
    at a real table, where random play reveals the cards too."""
    return Setup(
        game="loop",
        rules_version=loop.rules_version,
        players=tuple(names),
        mode=mode,
        seed=None if physical else seed,
    )


def play_from(setup: Setup, seed: int, check: bool = True) -> Played:
    """One whole game from ``setup`` (the test cards declared first); AssertionError if anything
    breaks."""
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


def play(
    seed: int,
    players: int,
    *,
    physical: bool = False,
    check: bool = True,
    mode: str = "basic",
    names: Sequence[str] = NAMES,
) -> Played:
    """One whole game of ``players`` players; AssertionError if anything breaks."""
    return play_from(setup(seed, names[:players], mode, physical), seed, check)
