"""A sealed game whose seed is lost (its key gone, issue 40): the fold takes what the log holds
and deals nothing, and the game goes on as a real table's. The setup commits to a seed (the
commitment's value is no concern of the rules) and the fold has none: ``State.seed_lost``."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from msgspec.structs import replace

import ledger.games.loop as loop
from ledger.errors import IllegalMove
from ledger.games.loop import data, shuffles
from ledger.games.loop.model import (
    UNKNOWN,
    ActivitiesReshuffled,
    Dealt,
    FavourPlayed,
    FavoursReshuffled,
    Offer,
    State,
)
from ledger.games.loop.rules.core import R_END_TURN
from ledger.history import MoveEntry, redecide
from tests.loop.fuzz import choose
from tests.loop.modes_table import TABLES
from tests.loop.table import CARDS, Table

COMMITTED = "0" * 64  # a setup's commitment to its seed


def sealed(mode: str = "basic", rules_version: str | None = None, moves: int = 0) -> Table:
    """A virtual game whose setup commits to its seed, its cards declared, ``moves`` played."""
    kind = TABLES.get(mode, Table)
    table = kind(1 if mode == "solo" else 2, seed=7, cards=False, rules_version=rules_version)
    table.setup = replace(table.setup, commitment=COMMITTED)
    table.state = loop.initial(table.setup)
    for command in loop.load_cards(table.setup, CARDS):
        table.apply(command)
    rng = random.Random(3)
    for _ in range(moves):
        if loop.is_over(table.state):
            break
        table.apply(choose(rng, list(loop.legal(table.state))))
    return table


def lost(table: Table, upto: int | None = None) -> State:
    """The same log folded where its seed is lost: the setup as the log holds it."""
    return folded(table, upto, lost=True)


def folded(table: Table, upto: int | None = None, *, lost: bool = False) -> State:
    state: State = loop.initial(replace(table.setup, seed=None) if lost else table.setup)
    for event in table.events()[:upto]:
        state = loop.evolve(state, event)
    return state


def dealt_at(table: Table) -> int:
    """How many facts up to the deal (``Dealt``), it included."""
    return next(n for n, e in enumerate(table.events(), 1) if isinstance(e, Dealt))


@pytest.fixture
def no_seed(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """Called once the seeded game is played: from then on nothing may be shuffled or drawn from
    a seed (a lost seed is no seed at all)."""

    def refuse(*args: Any) -> Any:
        raise AssertionError(f"dealt from a seed: {args}")

    def forbid() -> None:
        monkeypatch.setattr(shuffles, "rng", refuse)
        monkeypatch.setattr(shuffles, "deck_rng", refuse)

    return forbid


@pytest.mark.parametrize("mode", ["basic", "competitive", "cooperative", "solo"])
def test_a_lost_seed_keeps_every_card_the_log_records_and_deals_no_deck(
    mode: str, no_seed: Callable[[], None]
) -> None:
    table = sealed(mode, moves=40)
    no_seed()
    state = lost(table)
    assert state.seed_lost and not state.virtual
    for name, player in table.state.players.items():
        # rules 7: the GOAL, FAVOUR and CAREER dealt are facts; so is every card drawn since
        assert state.players[name] == player, name
    # Each deck is a real table's: what it holds (the cards the log says came out, gone), in no order.
    assert Counter(state.material_deck) == Counter(table.state.material_deck)
    assert len(state.activity_deck) + state.activity_unseen == len(table.state.activity_deck)
    assert len(state.favour_deck) == len(table.state.favour_deck)
    assert set(state.favour_deck) <= {UNKNOWN} and set(state.event_deck) <= {UNKNOWN}
    assert len(state.event_deck) == len(table.state.event_deck)
    assert loop.score(state) == loop.score(table.state)


def test_a_lost_reshuffle_is_a_real_tables_deck(no_seed: Callable[[], None]) -> None:
    """LOOP 2.2, 2.7: a deck refilled from its discard pile. Its order went with the seed: the
    ACTIVITY deck holds the discarded cards, the FAVOUR deck as many unseen cards."""
    table = sealed()
    no_seed()
    state = replace(lost(table), activity_discard=("DANCE", "YOGA"), favour_discard=("share", "barter"))
    state = loop.evolve(state, ActivitiesReshuffled(()))
    assert (state.activity_deck, state.activity_discard) == (("DANCE", "YOGA"), ())
    state = loop.evolve(state, FavoursReshuffled(()))
    assert (state.favour_deck, state.favour_discard) == ((UNKNOWN, UNKNOWN), ())


def test_a_deal_recorded_before_rules_version_7_is_unknown_where_the_seed_is_lost(
    no_seed: Callable[[], None],
) -> None:
    """A log from before rules 7 records no deal: the GOAL, the FAVOUR and the 2 CAREER dealt
    are unknown (as at a real table), and so is each starting MATERIAL: a card of unknown type
    at QUALITY 2 (Basic Mode, 1.0), the deck holding it still, in no order."""
    old, old_competitive, competitive_setup = (
        sealed(rules_version="6"),
        sealed("competitive", rules_version="6"),
        sealed("competitive").setup,
    )
    no_seed()
    basic = lost(old, dealt_at(old))
    for player in basic.players.values():
        assert player.goals == () and set(player.hand) == {UNKNOWN}
        assert player.materials == ((UNKNOWN, data.INTERN_MATERIAL_QUALITY),)
    assert not basic.awaiting_start
    competitive = lost(old_competitive, dealt_at(old_competitive))
    for player in competitive.players.values():
        assert player.careers == (UNKNOWN,) * data.CAREERS_DEALT
    # which were dealt is unknown, so which are left is too: only how many
    every = loop.initial(replace(competitive_setup, seed=None)).career_deck
    assert competitive.career_deck == (UNKNOWN,) * (len(every) - data.CAREERS_DEALT * len(competitive.seats))


def test_an_unknown_starting_material_is_named_by_the_first_fact_that_uses_it() -> None:
    state = lost(sealed(rules_version="6"))
    glass = state.material_deck.count("glass")
    offer = Offer(kind="acquire", player="bob", target="alice", theirs=("glass", 2))
    named = loop.identify(state, [FavourPlayed(offer)])
    assert named.players["alice"].materials == (("glass", 2),)
    assert named.material_deck.count("glass") == glass - 1  # it came from the deck
    assert loop.evolve(state, FavourPlayed(offer)).players["alice"].materials == (("glass", 2),)
    # A card it already holds tells nothing of the unknown one.
    assert loop.identify(named, [FavourPlayed(offer)]) is named


def test_where_the_seed_is_lost_the_table_reveals_and_the_deck_refuses_what_it_cannot_hold() -> None:
    """From the loss on, the referee flips nothing: the table types each card it turns up,
    checked against the deck's composition (LOOP 2.7)."""
    table = sealed()
    state = lost(table)
    while state.phase != "turn" or state.main or loop.to_act(state) != [state.active]:
        state = loop.evolve(state, loop.decide(state, next(iter(loop.legal(state))))[0])
    player = state.active
    buy = next(m for m in loop.legal(state) if type(m).__name__ == "Buy")
    for event in loop.decide(state, buy):
        state = loop.evolve(state, event)
    for event in loop.decide(state, loop.parse(state, ["end", player])):
        state = loop.evolve(state, event)
    assert loop.to_act(state) == ["table"]  # the refill: nothing dealt from a seed
    state = replace(state, material_deck=("food", "glass"))
    with pytest.raises(IllegalMove) as refused:
        loop.decide(state, loop.parse(state, ["reveal", "material", "metal"]))
    assert refused.value.rule == R_END_TURN and "food, glass" in str(refused.value)
    assert loop.decide(state, loop.parse(state, ["reveal", "material", "glass"]))


def test_a_move_that_dealt_by_chance_is_taken_as_recorded_and_any_other_checked() -> None:
    """``history.redecide`` where the seed is lost: the recorded facts of a move that dealt by
    chance (a FAVOUR drawn as a turn starts) are taken as recorded, unconfirmed; a move whose
    facts differ otherwise is refused, as in any game."""
    table = sealed()
    start = len(table.events())
    state = lost(table)
    player = table.state.active
    worked = table.play(f"work {player}")
    ended = table.play(f"end {player}")
    assert any(loop.chance(e) for e in ended)
    unconfirmed: set[int] = set()
    move = MoveEntry(10, player, "", loop.parse(state, ["work", player]), worked)
    state = redecide(loop, state, move, unconfirmed)
    assert not unconfirmed  # checked through the rules: no chance in it
    end = MoveEntry(12, player, "", loop.parse(state, ["end", player]), ended)
    after = redecide(loop, state, end, unconfirmed)
    assert unconfirmed == {12} and after == lost(table, start + len(worked) + len(ended))
    forged = replace(worked[0], coin=worked[0].coin + 1)
    before = lost(table, start)
    with pytest.raises(IllegalMove, match="different facts"):
        redecide(loop, before, MoveEntry(10, player, "", move.command, [forged, *worked[1:]]), set())
    # With its seed at hand the same move is checked whole: another card drawn is refused.
    drawn = [
        replace(e, card="share" if e.card != "share" else "barter") if loop.chance(e) else e for e in ended
    ]
    seeded = folded(table, start + len(worked))
    with pytest.raises(IllegalMove, match="different facts"):
        redecide(loop, seeded, MoveEntry(12, player, "", end.command, drawn), set())
