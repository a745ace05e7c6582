"""Random play for Planet B: whole games from ``legal()`` on the shared harness
(``ledger.randomplay``), with the invariants checked after every move.

Invariants: each colour's 25 votes are in its supply, the bag, in front of someone during an
election, or out of play; at most 8 crafties and 8 brainies on a board and 4 containers of a
resource; money and VP never negative; the President has no votes in the bag after an
election and the L.A.M.A. and D.O.D.O. lost none in its draws; the view and its text render.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import ledger.games.planet_b as planet_b
from ledger import randomplay
from ledger.decider import Setup
from ledger.games.planet_b import data
from ledger.games.planet_b.model import (
    Build,
    BuySwindle,
    BuyTile,
    ChooseBox,
    Command,
    CopyBox,
    Deal,
    Destroy,
    Discard,
    DraftCard,
    DrawAll,
    DrawsStarted,
    DrawVotes,
    ElectionEnded,
    End,
    Event,
    Export,
    Faction,
    Gain,
    Give,
    LawMove,
    Marker,
    Office,
    PayCost,
    PlayNews,
    Produce,
    Recall,
    Redraw,
    Replay,
    Reveal,
    Sell,
    Skip,
    State,
    Swap,
    Workie,
)
from ledger.randomplay import Played
from tests.planet_b.table import CARDS, NAMES

WEIGHTS: dict[type, float] = {
    Deal: 5,
    End: 8,
    Sell: 0.7,
    BuyTile: 0.4,
    Office: 5,
    Gain: 3,
    Produce: 3,
    Build: 4,
    Workie: 4,
    Faction: 3,
    PlayNews: 3,
    BuySwindle: 3,
    Marker: 3,
    LawMove: 3,
    ChooseBox: 6,
    Skip: 3,
    DrawVotes: 3,
    DrawAll: 1,  # the table's whole draw at a real table
    Recall: 3,
    Discard: 6,
    Destroy: 1,
    CopyBox: 6,
    Replay: 6,
    Give: 6,
    Export: 6,
    Swap: 3,
    Redraw: 3,
    Reveal: 3,
    DraftCard: 3,
    PayCost: 3,  # a payer's share of an "All Others" cost of choice (issue 17)
}
MAX_MOVES = 3000


class Checker:
    """The invariants; ``watch`` sees each election's draws start and its end."""

    def __init__(self) -> None:
        self.before: dict[str, int] = {}

    def watch(self, state: State, event: Event) -> None:
        if isinstance(event, DrawsStarted):
            self.before = dict(event.before)
        elif isinstance(event, ElectionEnded):
            # 5. Finish the Election: "The President has all of their votes back in their
            # supply, and none in the bag ... the L.A.M.A. and D.O.D.O. haven't lost any votes".
            offices = {p.office: p.name for p in state.players.values() if p.office}
            if state.dummy_office:
                offices[state.dummy_office] = data.DUMMY
            assert state.bag.get(offices["president"], 0) == 0, state.bag
            for office in ("lama", "dodo"):
                if office in offices:
                    name = offices[office]
                    assert state.bag.get(name, 0) >= self.before.get(name, 0), (office, state.bag)

    def __call__(self, state: State) -> None:
        for player in state.players.values():
            assert player.money >= 0 and player.vp >= 0, player
            assert 0 <= player.crafties <= data.WORKIE_LIMIT, player
            assert 0 <= player.brainies <= data.WORKIE_LIMIT, player
            assert all(0 < n <= data.WAREHOUSE for n in player.warehouse.values()), player
            assert len(player.hand) <= data.HAND or state.phase == "draft", player
        colours = [*state.seats, *((data.DUMMY,) if state.dummy else ())]
        for colour in colours:
            total = state.supply.get(colour, 0) + state.bag.get(colour, 0) + state.out.get(colour, 0)
            if state.election is not None:
                total += sum(votes.get(colour, 0) for votes in state.election.front.values())
            assert total == data.VOTES, (colour, total)
        screen = planet_b.present(planet_b.view(state))
        assert screen.headline


def setup(seed: int, names: Sequence[str], mode: str = "standard", physical: bool = False) -> Setup:
    """A game of ``names``: with virtual piles and bag from ``seed``, or (``physical``) at a real
    table, where random play reveals and draws too."""
    return Setup(
        game="planet-b",
        rules_version=planet_b.rules_version,
        players=tuple(names),
        mode=mode,
        seed=None if physical else seed,
    )


def play_from(setup: Setup, seed: int, check: bool = True) -> Played:
    """One whole game from ``setup`` (the test cards declared first), a fresh ``Checker`` on it."""
    checker = Checker()
    return randomplay.play(
        planet_b,
        setup,
        seed=seed,
        weights=WEIGHTS,
        invariants=checker,
        watch=checker.watch,
        prelude=planet_b.load_cards(setup, CARDS),
        max_moves=MAX_MOVES,
        check=check,
    )


def play(
    seed: int, players: int, *, physical: bool = False, check: bool = True, names: Sequence[str] = NAMES
) -> Played:
    return play_from(setup(seed, names[:players], physical=physical), seed, check)


def choose(rng: random.Random, moves: list[Command]) -> Command:
    chosen: Command = randomplay.choose(rng, moves, WEIGHTS)
    return chosen
