"""The orders the referee shuffles virtual decks into, from the seed: one function per shuffle,
called by the rules when a fact records the order (a game from before the sealed seed), and by
``evolve`` when it does not (the setup commits to the seed: no fact shows a deck's order, the
fold deals it, issue 19). Each is given the state just before its fact applies."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ledger.games.loop import data
from ledger.games.loop.model import State
from ledger.games.loop.modes import MODES
from ledger.piles import rng, shuffled

if TYPE_CHECKING:  # ``piles.rng`` imports it for a seeded game
    import random


def deck_rng(state: State, deck: str) -> random.Random:
    """The generator for one shuffle or draw by chance of this game (``deck`` names which), after
    as many reshuffles as the game has had: another seed or a later reshuffle, another order."""
    return rng(state.seed, deck, state.reshuffles)


def dealt(state: State) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]]:
    """The ACTIVITY deck (top first) and every player's GOAL, once every face is known."""
    generator = rng(state.seed, "deal")
    activities = sorted(state.activity_faces) * data.ACTIVITY_COPIES
    activities.sort()
    generator.shuffle(activities)
    goals = sorted(state.goal_faces)
    generator.shuffle(goals)
    each = MODES[state.mode].goals  # 4.0: 3 GOAL, 4 in Solo Mode
    return tuple(activities), {
        name: tuple(goals[i * each : (i + 1) * each]) for i, name in enumerate(state.seats)
    }


def activities(state: State) -> tuple[str, ...]:
    """LOOP 2.7: the ACTIVITY discard pile shuffled into the deck."""
    order = list(state.activity_discard)
    deck_rng(state, "activities").shuffle(order)
    return tuple(order)


def favours(state: State) -> tuple[str, ...]:
    """2.2: the FAVOUR discard pile shuffled into the deck."""
    order = list(state.favour_discard)
    deck_rng(state, "favours").shuffle(order)
    return tuple(order)


def events_back(state: State) -> list[str]:
    """5.3: the EVENT discard pile less the CONTINUOUS EVENT in effect or about to be."""
    keep = (state.event_active, state.event_next)
    return [name for name in state.event_discard if name not in keep]


def events(state: State) -> tuple[str, ...]:
    back = events_back(state)
    deck_rng(state, "events").shuffle(back)
    return tuple(back)


def materials(state: State, cards: tuple[str, ...]) -> tuple[str, ...]:
    """COMBUSTION ENERGY: the MATERIAL deck with ``cards`` put back, shuffled."""
    deck = (*state.material_deck, *cards)
    return shuffled(deck, deck_rng(state, f"combustion {len(deck)}"))
