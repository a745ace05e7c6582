"""Random play for the Pursuit of Happiness: whole games from ``legal()`` on the shared harness
(``ledger.randomplay``), with the invariants checked after every move, on the test data (NOT
the publisher's cards or numbers).

Invariants: resources, hourglasses and hourglass tokens never negative (nor over MAX); STH,
Stress and Popularity on their tracks; no play area over its slots; LTH the sum of its
sources; a Community card engaged by a player at most once, by one player unless it shows
the Multiple Players indicator; every Community card in one place (pile, board or discard);
a player whose life has ended holds no hourglass; the view and its text render. The harness
adds: every listed move parses back and is accepted, replay reproduces the state, every game
ends.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import ledger.games.pursuit as pursuit
from ledger import randomplay
from ledger.decider import Setup
from ledger.games.pursuit import data
from ledger.games.pursuit.model import (
    Act,
    Adjust,
    CardAction,
    Command,
    Discard,
    Engage,
    Outcome,
    Pass,
    Refresh,
    Reveal,
    State,
    Take,
    Trait,
    Upkeep,
    UpkeepAll,
)
from ledger.games.pursuit.rules import core
from ledger.randomplay import Played
from tests.pursuit.table import CARDS, NAMES, SETTINGS

WEIGHTS: dict[type, float] = {
    Reveal: 1,
    Trait: 1,
    Act: 3,
    Take: 4,
    CardAction: 4,
    Engage: 6,
    Refresh: 0.3,
    Discard: 0.2,
    Pass: 1.2,
    Upkeep: 1,
    UpkeepAll: 0.5,  # the table's, for every player who owes upkeep
    Outcome: 1,
}
MAX_MOVES = 2500
MODULE_SETS = (
    data.MODULES,
    ("community",),
    ("friends", "pets"),
    ("school", "stand-alone-jobs"),
    ("community", "school"),
    (),
)


def check_invariants(state: State) -> None:
    if state.phase == "settings":
        return
    low, high = core.sth_range(state)
    _, most = core.hourglass_limits(state)
    spaces = core.stress_spaces(state)
    slots, _ = core.slot_rule(state)
    last = sum(core.popularity_spaces(state)) - 1 if "community" in state.modules else 0
    for player in state.players.values():
        assert all(getattr(player, r) >= 0 for r in data.RESOURCES), player
        assert 0 <= player.hourglasses <= most and 0 <= player.owned <= most, player
        assert low <= player.sth <= high and 0 <= player.stress <= spaces, player
        assert 0 <= player.popularity <= last, player
        assert sum(core.occupies(state, h) for h in player.cards) <= slots, player
        assert player.lth == sum(player.lth_from.values()), player
        assert player.alive or player.hourglasses == 0, player
        assert player.alive == (player.stress < spaces), player
    for slot in state.community:
        engaged = [g.player for g in slot.engaged]
        assert len(engaged) == len(set(engaged)), slot
        assert len(engaged) <= 1 or state.faces.community[slot.card].multiple, slot
    if "community" in state.modules:
        where = Counter([s.card for s in state.community if s.card] + list(state.community_discard))
        assert all(n == 1 for n in where.values()), where
        assert len(state.community_pile) + sum(where.values()) == data.COMMUNITY_CARDS
    assert pursuit.present(pursuit.view(state)).headline


# Where the grammar takes any word: an adjustment's signed amounts (a word starting with -)
# and its --why text, which may hold what a shell treats specially (typed quoted there).
ADJUSTMENTS = ("-1lth", "-1sth +2money", "-1hourglass +1lth", "-2knowledge")
WHY = "a;b && c|d $x `y` (z) <w> ~ # * ? [v] !"


def _adjustments_read_back(state: State, legal: list[Command]) -> None:
    """An adjustment of each player, with negative words and shell metacharacters in its
    reason, reads back from its text (issue 17): nothing in it is taken for an option."""
    for player in state.seats:
        for amounts in ADJUSTMENTS:
            command = pursuit.parse(state, f"adjust {player} {amounts} --why {WHY}".split())
            assert command == Adjust(player, tuple(amounts.split()), WHY), command
            assert pursuit.parse(state, pursuit.text(command).split()) == command


def setup(
    seed: int,
    names: Sequence[str],
    mode: str = "standard",
    physical: bool = False,
    modules: tuple[str, ...] = data.MODULES,
) -> Setup:
    """A game of ``names`` with ``modules``: with virtual piles from ``seed``, or (``physical``)
    at a real table, where random play reveals the cards too."""
    return Setup(
        game="pursuit",
        rules_version=pursuit.rules_version,
        players=tuple(names),
        mode=mode,
        options={"modules": ",".join(modules)},
        seed=None if physical else seed,
    )


def play_from(setup: Setup, seed: int, check: bool = True) -> Played:
    """One whole game from ``setup`` (the test settings and cards declared first), each step an
    adjustment's words read back too."""
    return randomplay.play(
        pursuit,
        setup,
        seed=seed,
        weights=WEIGHTS,
        invariants=check_invariants,
        prelude=pursuit.load_cards(setup, SETTINGS + "\n" + CARDS),
        each=_adjustments_read_back if check else None,
        max_moves=MAX_MOVES,
        check=check,
    )


def play(
    seed: int,
    players: int,
    modules: tuple[str, ...] = data.MODULES,
    *,
    physical: bool = False,
    check_all: bool = True,
    names: Sequence[str] = NAMES,
) -> Played:
    return play_from(setup(seed, names[:players], physical=physical, modules=modules), seed, check_all)


def choose(rng: random.Random, moves: list[Command]) -> Command:
    chosen: Command = randomplay.choose(rng, moves, WEIGHTS)
    return chosen
