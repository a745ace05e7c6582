"""What a lost seed leaves of the deal (issue 40). From rules version 7 a sealed game's ``Dealt``
records every card the seed dealt to a player or face up, so that the fold without the seed holds
them all. A log from before 7 records none: each such card is unknown ("?") until a fact names it
(``identify``): a CAREER by the choice of it, a starting MATERIAL by the first fact that uses it,
a Solo BUY AREA card's Exhibited QUALITY by the blue FAVOUR that names it."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from msgspec.structs import replace

import ledger.games.loop as loop
from ledger.games.loop import data
from ledger.games.loop.evolve import AREA
from ledger.games.loop.model import (
    UNKNOWN,
    CareerChosen,
    ChooseCareer,
    Completion,
    Consumed,
    Dealt,
    FavourPlayed,
    FavourResolved,
    MaterialGiven,
    MaterialWorn,
    Offer,
    Repaired,
    State,
    Use,
)
from tests.loop.test_lost_seed import dealt_at, folded, lost, sealed

MODES = ["basic", "competitive", "cooperative", "solo"]


def after_deal(mode: str, rules_version: str | None = None) -> State:
    """A sealed game folded, its seed lost, up to its deal (``Dealt``) included."""
    table = sealed(mode, rules_version=rules_version)
    return lost(table, dealt_at(table))


def chosen(player: str, career: str) -> CareerChosen:
    card = data.CAREER[career]
    return CareerChosen(player, career, card.happiness, card.coin, card.reputation, card.materials)


# --- rules 7: the deal recorded ------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_right_after_the_deal_the_lost_seed_keeps_every_card_it_dealt(mode: str) -> None:
    """Each player's GOAL, FAVOUR, 2 CAREER and starting MATERIAL, and Solo's Exhibited QUALITY,
    are the seed's deal as the log records it; the CAREER deck holds the others, in no order; the
    game is at its setup (5.1: the CAREER are chosen next)."""
    table = sealed(mode)
    state, seeded = lost(table, dealt_at(table)), folded(table, dealt_at(table))
    assert state.seed_lost and state.players == seeded.players
    assert state.phase == seeded.phase == "setup" and state.exhibited == seeded.exhibited
    assert bool(state.exhibited) == (mode == "solo")
    assert Counter(state.career_deck) == Counter(seeded.career_deck)
    assert any(p.careers for p in state.players.values()) == (mode != "basic")


@pytest.mark.parametrize("mode", MODES)
def test_a_deal_records_a_hand_only_where_the_seed_dealt_one(mode: str) -> None:
    """LOOP 1.0: FAVOUR are dealt per seat in Basic and Competitive Mode; a hand of 1 of each
    (Cooperative) or the blue ones (Solo) is known to all from the rules, so the deal records none."""
    (deal,) = [e for e in sealed(mode).events() if isinstance(e, Dealt)]
    assert bool(deal.hands) == (mode in ("basic", "competitive"))


# --- before rules 7: a CAREER, by its choice -------------------------------------------------


def test_a_career_chosen_from_2_unknown_tells_that_one_only() -> None:
    state = after_deal("competitive", "6")
    assert state.players["alice"].careers == state.players["bob"].careers == (UNKNOWN, UNKNOWN)
    named = loop.identify(state, [chosen("alice", "SCHOLAR")])
    assert named.players["alice"].careers == (UNKNOWN, "SCHOLAR")
    assert named.players["bob"] == state.players["bob"]
    # The same choice again tells nothing more; nor does the INTERN (the back of either card),
    # nor a choice by someone not at the table.
    assert loop.identify(named, [chosen("alice", "SCHOLAR")]) == named
    for event in (chosen("alice", data.INTERN_KEY), chosen("zed", "CHEF")):
        assert loop.identify(state, [event]) == state


def test_a_career_chosen_where_the_deal_is_recorded_tells_nothing() -> None:
    state = after_deal("competitive")
    assert UNKNOWN not in state.players["alice"].careers
    assert loop.identify(state, [chosen("alice", "CHEF")]) == state


def career_choices(state: State, player: str) -> list[str]:
    return [m.career for m in loop.legal(state) if isinstance(m, ChooseCareer) and m.player == player]


def test_a_player_whose_careers_are_unknown_may_choose_any_the_deck_held_that_nobody_holds() -> None:
    """5.1: one of the 2 CAREER dealt, or the INTERN. Which 2 were dealt is unknown: any the
    deck held for this mode (1.0: Cooperative leaves some out) that nobody is known to hold or
    play, then the INTERN."""
    state = after_deal("cooperative", "6")
    mode = [k for k, c in data.CAREER.items() if "cooperative" not in c.excluded and k != data.INTERN_KEY]
    assert career_choices(state, "alice") == [*sorted(mode), data.INTERN_KEY]
    bob = replace(state.players["bob"], careers=(UNKNOWN, "CHEF"))
    state = replace(state, players={**state.players, "bob": bob})
    assert career_choices(state, "alice") == [*sorted(set(mode) - {"CHEF"}), data.INTERN_KEY]
    assert career_choices(state, "bob") == ["CHEF", *sorted(set(mode) - {"CHEF"}), data.INTERN_KEY]
    known = after_deal("cooperative")
    assert career_choices(known, "alice") == [*known.players["alice"].careers, data.INTERN_KEY]


# --- before rules 7: a starting MATERIAL, by the first fact that uses it ----------------------


def basic_lost(**alice: Any) -> State:
    """Basic Mode before rules 7, seed lost: alice and bob each hold a starting MATERIAL of
    unknown type at QUALITY 2 (1.0); ``alice`` replaces fields of hers."""
    state = after_deal("basic", "6")
    assert state.players["alice"].materials == state.players["bob"].materials == ((UNKNOWN, 2),)
    return replace(state, players={**state.players, "alice": replace(state.players["alice"], **alice)})


def learnt(before: State, after: State, player: str, mat: tuple[str, int]) -> None:
    """``player``'s unknown card is ``mat``, which left the MATERIAL deck; nothing else changed."""
    held = [m for m in before.players[player].materials if m != (UNKNOWN, 2)]
    assert after.players[player].materials == tuple(sorted((*held, mat)))
    assert Counter(before.material_deck) - Counter(after.material_deck) == Counter([mat[0]])
    others = {n: p for n, p in before.players.items() if n != player}
    assert {n: p for n, p in after.players.items() if n != player} == others


@pytest.mark.parametrize(
    "fact",
    [
        MaterialWorn("alice", ("glass", 2), "SPOILED"),
        MaterialGiven("alice", "bob", ("glass", 2), "GIFT"),
        Repaired("bob", "alice", ("glass", 2)),
    ],
    ids=["worn", "given", "repaired"],
)
def test_a_material_worn_given_or_repaired_names_the_unknown_one(fact: Any) -> None:
    state = basic_lost()
    learnt(state, loop.identify(state, [fact]), "alice", ("glass", 2))


def consumed(*completions: tuple[Use, ...]) -> Consumed:
    return Consumed("alice", tuple(Completion("DANCE", uses) for uses in completions), (), 0, 0)


def test_a_consume_names_the_unknown_card_it_uses() -> None:
    state = basic_lost()
    fact = consumed((Use("alice", "glass", 2), Use("alice", "metal", 1)))  # no unknown at QUALITY 1
    learnt(state, loop.identify(state, [fact]), "alice", ("glass", 2))


def test_a_card_known_to_be_held_tells_nothing_of_the_unknown_one() -> None:
    state = basic_lost(materials=((UNKNOWN, 2), ("glass", 2)))
    assert loop.identify(state, [MaterialWorn("alice", ("glass", 2), "SPOILED")]) == state
    # Two glass at 2 used together: the known one, and the unknown one.
    learnt(state, loop.identify(state, [consumed((Use("alice", "glass", 2),) * 2)]), "alice", ("glass", 2))


def test_each_card_of_a_barter_is_read_for_its_own_owner() -> None:
    """Bob's plastic at 1 is no unknown card (his is at 2): alice's glass at 2 is hers."""
    state = basic_lost()
    offer = Offer(kind="barter", player="bob", target="alice", mine=("plastic", 1), theirs=("glass", 2))
    learnt(state, loop.identify(state, [FavourPlayed(offer)]), "alice", ("glass", 2))


def test_a_card_an_activity_gave_back_1_quality_lower_is_the_one_a_later_completion_uses() -> None:
    """LOOP 2.2: an ACTIVITY's MATERIAL come back 1 QUALITY lower. Alice's glass at 3, used by the
    first ACTIVITY of a CONSUME, is a glass at 2 for the second: that one tells nothing of her
    unknown card at 2."""
    state = basic_lost(materials=((UNKNOWN, 2), ("glass", 3)))
    fact = consumed((Use("alice", "glass", 3),), (Use("alice", "glass", 2),))
    assert loop.identify(state, [fact]) == state


def test_a_card_named_that_the_deck_no_longer_shows_is_still_named() -> None:
    """The deck counts the unknown starting cards, which the table cannot tell from the others:
    it may have revealed every glass the deck counted. Alice's card is still named."""
    state = basic_lost()
    state = replace(state, material_deck=tuple(k for k in state.material_deck if k != "glass"))
    named = loop.identify(state, [MaterialWorn("alice", ("glass", 2), "SPOILED")])
    assert named.players["alice"].materials == (("glass", 2),)
    assert named.material_deck == state.material_deck


# --- before rules 7: Solo's Exhibited QUALITY, by the blue FAVOUR that names a card -------------


def solo_lost(area: tuple[str, ...], exhibited: tuple[tuple[str, int], ...]) -> State:
    """Solo before rules 7, seed lost: the BUY AREA ``area``, of which only ``exhibited`` lie
    with a QUALITY the log tells (7.0)."""
    state = after_deal("solo", "6")
    assert state.exhibited == ()
    return replace(state, buy_area=area, exhibited=exhibited)


@pytest.mark.parametrize("fact", [FavourPlayed, FavourResolved])
def test_a_blue_favour_naming_a_buy_area_card_tells_its_exhibited_quality(fact: Any) -> None:
    state = solo_lost(("food", "glass", "metal"), (("food", 3),))
    offer = Offer(kind="acquire", player="alice", target="", theirs=("glass", 1))
    assert loop.identify(state, [fact(offer)]).exhibited == (("food", 3), ("glass", 1))
    # A card of a type whose every QUALITY is known tells nothing (the FAVOUR is refused).
    named = Offer(kind="acquire", player="alice", target="", theirs=("food", 2))
    assert loop.identify(state, [fact(named)]) == state


def test_a_quality_one_card_of_that_type_is_known_to_lie_with_tells_nothing() -> None:
    """2 glass, 1 known at QUALITY 1: a FAVOUR naming a glass at 1 may name that one."""
    state = solo_lost(("glass", "glass"), (("glass", 1),))
    offer = Offer(kind="acquire", player="alice", target="", theirs=("glass", 1))
    assert loop.identify(state, [FavourPlayed(offer)]) == state


def test_each_buy_area_card_an_activity_shares_tells_its_exhibited_quality() -> None:
    """7.0 SHARE: a CONSUME may use BUY AREA cards; each one named tells its QUALITY."""
    state = solo_lost(("glass", "metal"), ())
    fact = Consumed("alice", (Completion("DANCE", (Use(AREA, "glass", 1), Use(AREA, "metal", 2))),), (), 0, 0)
    assert loop.identify(state, [fact]).exhibited == (("glass", 1), ("metal", 2))
