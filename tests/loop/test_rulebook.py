"""Rules the rulebook states in a sentence (a limit, a threshold, an amount), each with the
test that fails when that rule is broken.

Each test sets up a position where the rule under test is the only thing that decides the
outcome, checks the outcome the rulebook gives, and, for refusals, shows that the same move
is accepted once that one fault is gone. The values come from the rulebook (the test-deck
faces and GOAL rewards from ``fixtures/loop-test-cards.toml``: DANCE glass+plastic
(group, heart), PICNIC food+utility (house, group), LIBRARY glass+glass (book, heart);
SENSE OF BELONGING 3 HAPPINESS, SOCIAL WELLBEING 2, HOBBY 2).
"""

from __future__ import annotations

import pytest

import ledger.games.loop as loop
from ledger.errors import AmbiguousMove, BadInput, IllegalMove
from ledger.games.loop.model import (
    ActivitiesReshuffled,
    ActivityFace,
    ActivityRevealed,
    Buy,
    Consumed,
    DeclareActivity,
    DeclareGoal,
    Depleted,
    Favour,
    FavourDrawn,
    FavoursReshuffled,
    FinalRound,
    GameEnded,
    GoalAchieved,
    GoalFace,
    Grant,
    Kept,
    RevealActivity,
    TurnStarted,
    Work,
)
from ledger.words import card_word
from tests.loop.table import CARDS, Table, started

DANCE = Kept("DANCE", ("glass", "plastic"))
PICNIC = Kept("PICNIC", ("food", "utility"))
LIBRARY = Kept("LIBRARY", ("glass", "glass"))


# --- 2.3 and 3.2: GOAL


def _hobby_ready(achieved: tuple[str, ...]) -> Table:
    """alice in a CONSUME turn keeping PICNIC, PICNIC and DANCE: HOBBY is met (3.2)."""
    table = started()
    table.give("alice", kept=(PICNIC, PICNIC), materials=(("glass", 2), ("plastic", 2)), achieved=achieved)
    table.play("consume alice dance=glass,plastic")
    return table


def test_2_3_each_player_achieves_3_goal_at_most() -> None:
    """2.3: "Each player will only have 3 GOAL for the entire game." (1.1: "3 GOAL only")."""
    three = ("FAMILY TIME", "NATURE LOVER", "BOOKWORM")
    table = _hobby_ready(achieved=three)
    error = table.refuse("goal alice hobby", IllegalMove, "LOOP 2.3 Achieving GOAL")
    assert "all 3" in str(error)
    assert table.p("alice").achieved == three

    table = _hobby_ready(achieved=three[:2])  # the same claim as a 3rd GOAL is accepted
    table.play("goal alice hobby")
    assert table.p("alice").achieved == (*three[:2], "HOBBY")


def test_3_2_hobby_needs_2_kept_activity_of_the_same_name() -> None:
    """3.2 HOBBY: "2 of the ACTIVITY you kept share the same name". A pair in the CONSUME
    AREA (it holds 2 PICNIC) is not kept, so it does not count."""
    table = started()
    table.give("alice", kept=(PICNIC, LIBRARY), materials=(("glass", 2), ("plastic", 2)))
    table.play("consume alice dance=glass,plastic")  # kept: PICNIC, LIBRARY, DANCE
    assert table.state.consume_area.count("PICNIC") == 2
    error = table.refuse("goal alice hobby", IllegalMove, "LOOP 3.2 GOAL")
    assert "share the same name" in str(error)
    assert table.p("alice").achieved == ()

    table = _hobby_ready(achieved=())  # PICNIC, PICNIC, DANCE: a pair
    table.play("goal alice hobby")
    assert table.p("alice").achieved == ("HOBBY",)


# --- 2.5 c: REPUTATION for HAPPINESS


def test_2_5_c_spend_2_reputation_to_get_1_happiness_in_a_consume_turn() -> None:
    """2.5 c: "Spend 2 REPUTATION to get 1 HAPPINESS." With DANCE (2.2 c: +1): 4 + 1 + 1."""
    table = started()
    table.give("alice", reputation=2, materials=(("glass", 2), ("plastic", 2)))
    events = table.play("consume alice dance=glass,plastic --rep-happiness")
    alice = table.p("alice")
    assert (alice.happiness, alice.reputation) == (4 + 1 + 1, 2 - 2)
    consumed = events[0]
    assert isinstance(consumed, Consumed) and (consumed.happiness, consumed.reputation) == (2, 2)


def test_2_5_c_the_2_reputation_are_spent_at_the_same_time() -> None:
    """2.5 c: "You must spend 2 REPUTATION at the same time": 1 REPUTATION buys nothing."""
    table = started()
    table.give("alice", reputation=1, materials=(("glass", 2), ("plastic", 2)))
    table.refuse("consume alice dance=glass,plastic --rep-happiness", IllegalMove, "LOOP 2.5 c) CONSUME")
    table.play("consume alice dance=glass,plastic")
    assert (table.p("alice").happiness, table.p("alice").reputation) == (5, 1)


# --- 1.1 and 2.8 b: HAPPINESS 12


def test_1_1_happiness_stops_at_12_from_activities() -> None:
    """1.1: "Reach HAPPINESS 12" is the top of the track; 2 ACTIVITY at 11 reach 12, not 13."""
    table = started()
    table.give("alice", happiness=11, materials=(("food", 2), ("glass", 2), ("plastic", 2), ("utility", 2)))
    events = table.play("consume alice dance=glass,plastic picnic=food,utility")
    assert table.p("alice").happiness == 12
    consumed = events[0]
    assert isinstance(consumed, Consumed) and consumed.happiness == 1  # gained, after the cap
    assert table.p("alice").completed == 2  # both ACTIVITY are still completed


def test_1_1_happiness_stops_at_12_from_a_goal_and_from_reputation() -> None:
    table = started()
    table.give("alice", happiness=10, reputation=2, kept=(PICNIC,), materials=(("food", 2), ("utility", 2)))
    table.play("consume alice picnic=food,utility --rep-happiness")  # 10 + 1 + 1
    assert table.p("alice").happiness == 12 and table.p("alice").reputation == 0
    events = table.play("goal alice sense-of-belonging")  # 2 HOUSE, 2 GROUP: +3 on the card
    assert events[0] == GoalAchieved("alice", "SENSE OF BELONGING", 0)
    assert table.p("alice").happiness == 12


def test_2_8_b_happiness_11_does_not_start_the_final_round_and_12_does() -> None:
    """2.8 b: the final round starts "when any player(s) reaches HAPPINESS 12"."""
    table = started()
    table.give("alice", happiness=10, materials=(("glass", 2), ("plastic", 2)))
    events = table.play("consume alice dance=glass,plastic")
    assert table.p("alice").happiness == 11
    assert not any(isinstance(e, FinalRound) for e in events) and table.state.final_round == ""
    table.play("end alice", "reveal activity yoga")
    events = table.play("work bob", "end bob")  # the last seat ends round 1: the game goes on
    assert GameEnded() not in events and events[-2] == TurnStarted("alice", 2)

    table.give("alice", materials=(("food", 2), ("utility", 2)))
    events = table.play("consume alice picnic=food,utility")
    assert table.p("alice").happiness == 12
    assert FinalRound("happiness", "alice") in events and table.state.final_round == "happiness"


# --- 2.8 a: DEPLETION


def test_2_8_a_the_depletion_penalty_does_not_take_happiness_below_0() -> None:
    """2.8 a: the player who triggers DEPLETION "loses 1 HAPPINESS"; at 0 there is none to lose
    (the track starts at 0)."""
    table = started(3)
    table.set(material_deck=("food",))
    table.give("alice", happiness=0)
    table.play("buy alice glass:2")
    events = table.play("end alice")
    assert Depleted("alice", 0) in events and FinalRound("depletion", "alice") in events
    assert table.p("alice").happiness == 0


# --- 3.1: RECYCLE


def test_3_1_you_cannot_recycle_from_your_own_landfill() -> None:
    """3.1 RECYCLE: "Take 1 MATERIAL (except UTILITY) from other player's LANDFILL ... You
    cannot RECYCLE from your LANDFILL." (1.1: "You can only RECYCLE from other player's
    LANDFILL.")"""
    table = started()
    table.give("alice", landfill=("food",), coin=2, hand=("recycle",))
    table.give("bob", landfill=())
    error = table.refuse("favour alice recycle alice food --pay 1", IllegalMove)
    assert "another player" in str(error)
    table.give("bob", landfill=("food",))  # the same RECYCLE from bob's LANDFILL is played
    table.play("favour alice recycle bob food --pay 1", "accept bob")
    assert ("food", 1) in table.p("alice").materials and table.p("alice").landfill == ("food",)


# --- 2.4 b: REJECT by discarding a same FAVOUR, from a hand the referee cannot see


def test_2_4_b_an_unseen_card_may_be_the_6th_copy() -> None:
    """1.1: 6 of each FAVOUR. 3 ACQUIRE discarded, 1 in alice's hand, 1 played: the 6th may be
    bob's unseen card, so he may REJECT by discarding it; once it is seen elsewhere he may not."""
    table = started()
    table.give("alice", hand=("acquire", "acquire"))
    table.give("bob", hand=("?",))
    table.set(favour_discard=("acquire",) * 3)
    table.play("favour alice acquire bob plastic")
    table.play("reject bob --discard")
    assert table.p("bob").hand == () and table.state.favour_discard == ("acquire",) * 5


# --- 2.3 with 2.2 c: a GOAL claimed before the first CONSUME needs a CONSUME possible


def test_2_3_a_goal_first_counts_a_pair_of_the_same_colour_as_a_possible_consume() -> None:
    """LIBRARY shows GLASS and GLASS (2.2 c: 2 separate MATERIAL): alice's 2 GLASS can pay
    for it, so she may claim HOBBY first; with 1 GLASS she cannot."""
    table = started()
    table.give("alice", kept=(PICNIC, PICNIC), materials=(("glass", 1), ("glass", 2)))
    table.play("goal alice hobby")
    assert table.p("alice").achieved == ("HOBBY",) and table.state.main == "consume"
    table = started()
    table.give("alice", kept=(PICNIC, PICNIC), materials=(("glass", 2),))
    table.refuse("goal alice hobby", IllegalMove, "LOOP 2.3 Achieving GOAL")
    table.give("bob", materials=(("glass", 3),))
    table.play("favour alice share bob glass", "accept bob")  # 3.1: a SHAREd 2nd GLASS counts
    table.play("goal alice hobby")
    assert table.p("alice").achieved == ("HOBBY",)


def test_2_3_a_share_of_a_colour_no_activity_needs_makes_no_consume_possible() -> None:
    """A SHAREd FOOD (3.1) with alice's own GLASS pays for no ACTIVITY in the CONSUME AREA
    (DANCE needs PLASTIC, LIBRARY a 2nd GLASS, COOKING a 2nd FOOD, PICNIC UTILITY)."""
    table = started()
    table.give("alice", kept=(PICNIC, PICNIC), materials=(("glass", 2),))
    table.give("bob", materials=(("food", 2),))
    table.play("favour alice share bob food", "accept bob")
    table.refuse("goal alice hobby", IllegalMove, "LOOP 2.3 Achieving GOAL")
    table.give("bob", materials=(("food", 2), ("plastic", 2)))
    table.play("favour alice share bob plastic", "accept bob")  # now DANCE: GLASS + PLASTIC
    table.play("goal alice hobby")
    assert table.p("alice").achieved == ("HOBBY",)


# --- 1.0 and 2.3: with virtual decks, each player's own 3 GOAL


def test_1_0_with_virtual_decks_a_player_achieves_only_their_own_dealt_goals() -> None:
    """1.0: "deal 3 GOAL to each player"; 2.3: "Each player will only have 3 GOAL". HOBBY is
    met (2 kept ACTIVITY of one name) but dealt to the other player: refused; dealt to alice:
    accepted."""
    table = Table(2, seed=3)
    alice = table.state.active
    other = next(name for name in table.state.seats if name != alice)
    faces = table.state.activity_faces
    first = table.state.consume_area[0]  # alice can pay for it: a GOAL first is allowed
    spare = next(name for name in sorted(faces) if name not in table.state.consume_area)
    needs, kept = faces[first].needs, faces[spare].needs
    assert needs is not None and kept is not None
    table.give(alice, kept=(Kept(spare, kept),) * 2, materials=tuple((kind, 2) for kind in needs))
    table.give(alice, goals=("CURIOSITY", "BOOKWORM", "CULTURED"))
    table.give(other, goals=("HOBBY", "SELF CARE", "HOMEBODY"))
    error = table.refuse(f"goal {alice} hobby", IllegalMove, "LOOP 2.3 Achieving GOAL")
    assert "not one of" in str(error)
    table.give(alice, goals=("HOBBY", "BOOKWORM", "CULTURED"))
    table.give(other, goals=("CURIOSITY", "SELF CARE", "HOMEBODY"))
    table.play(f"goal {alice} hobby")
    assert table.p(alice).achieved == ("HOBBY",)


# --- 3.1 SHARE: each accepted SHARE spends 1 QUALITY of that card, wherever it is by then


def test_3_1_two_shares_of_a_quality_2_card_are_spent_at_2_then_1() -> None:
    """The README's reading of 3.1: a 2nd SHARE on a card follows it to its lower QUALITY.
    Bob's UTILITY at QUALITY 2, SHAREd twice, pays for 2 PICNIC: at 2, then at 1 (BROKEN)."""
    for moves in (
        ["consume alice picnic=food@2,bob:utility@2 picnic=food@2,bob:utility@1"],
        ["consume alice picnic=food@2,bob:utility@2", "consume alice picnic=food@2,bob:utility@1"],
    ):
        table = started()
        table.give("alice", materials=(("food", 2), ("food", 2)), hand=("share", "share"))
        table.give("bob", materials=(("utility", 2),))
        table.play("favour alice share bob utility", "accept bob")
        table.play("favour alice share bob utility", "accept bob")
        table.play(*moves)
        assert table.p("bob").materials == () and table.p("bob").landfill == ("utility",)
        assert table.p("alice").completed == 2 and table.state.shares == ()


def test_3_1_a_share_on_another_card_stays_when_one_is_used() -> None:
    table = started()
    table.give("alice", materials=(("food", 2), ("utility", 2)), hand=("share", "share"))
    table.give("bob", materials=(("food", 3), ("utility", 3)))
    table.play("favour alice share bob utility", "accept bob")
    table.play("favour alice share bob food", "accept bob")
    table.play("consume alice picnic=food@2,bob:utility@3")
    assert table.state.shares == (Grant("bob", ("food", 3)),)
    table.play("consume alice picnic=bob:food@3,utility@2")
    assert table.p("bob").materials == (("food", 2), ("utility", 2)) and table.state.shares == ()


# --- 2.2 c: 2 same colours are 2 separate MATERIAL, and the player says which


def test_2_2_c_a_pair_written_without_quality_needs_exactly_2_cards_of_that_colour() -> None:
    table = started()  # LIBRARY shows GLASS and GLASS
    table.give("alice", materials=(("glass", 1), ("glass", 2), ("glass", 3)))
    error = table.refuse("consume alice library=glass,glass", AmbiguousMove)
    assert error.candidates == ["glass@1", "glass@2", "glass@3"]
    table.give("alice", materials=(("glass", 2),))
    table.refuse("consume alice library=glass,glass", IllegalMove, "LOOP 2.2 c) CONSUME")
    table.give("alice", materials=(("glass", 1), ("glass", 2)))
    error = table.refuse("consume alice library=glass@2,glass@2", IllegalMove, "LOOP 2.2 c) CONSUME")
    assert "separate" in str(error)
    table.play("consume alice library=glass,glass")
    assert table.p("alice").materials == (("glass", 1),) and table.p("alice").landfill == ("glass",)


def test_2_2_c_an_activity_completed_earlier_in_the_same_consume_counts_as_older() -> None:
    """2.2 c: "discard any older one ... when you complete the 4th and above ACTIVITY". With 3
    kept, a CONSUME of 3 more discards 3 older ones; the README's reading: the first and 2nd
    completed in it are older than the 3rd."""
    table = started()
    yoga, cycling = Kept("YOGA", ("utility", "utility")), Kept("CYCLING", ("metal", "metal"))
    table.give(
        "alice",
        kept=(Kept("COOKING", ("food", "food")), cycling, yoga),
        materials=(("food", 2), ("glass", 2), ("glass", 2), ("glass", 2), ("plastic", 2), ("utility", 2)),
    )
    consume = "consume alice dance=glass@2,plastic picnic=food,utility library=glass@2,glass@2"
    error = table.refuse(f"{consume} --drop cooking,cycling,library", IllegalMove, "LOOP 2.2 c) CONSUME")
    assert "not an older ACTIVITY" in str(error)  # the newest one is not older
    table.play(f"{consume} --drop cooking,cycling,picnic")
    assert [k.name for k in table.p("alice").kept] == ["YOGA", "DANCE", "LIBRARY"]
    assert sorted(table.state.activity_discard) == ["COOKING", "CYCLING", "PICNIC"]


# --- 3.1 RECYCLE, RESELL, BARTER: what is paid, and whose MATERIAL a refusal names


def test_3_1_recycle_pays_1_to_4_coin_for_the_quality_all_of_ones_coin_if_need_be() -> None:
    """3.1 RECYCLE: "Pay COIN to WORK AREA to determine its QUALITY"; 2.2 b: QUALITY 1 to 4."""
    table = started()
    table.give("alice", coin=4, hand=("recycle", "recycle"))
    table.give("bob", landfill=("food", "glass"), reputation=0)
    table.refuse("favour alice recycle bob food --pay 5", IllegalMove, "LOOP 3.1 RECYCLE")
    table.refuse("favour alice recycle bob food --pay 0", BadInput)
    table.play("favour alice recycle bob food --pay 4", "accept bob")  # all 4 of her COIN
    assert ("food", 4) in table.p("alice").materials and table.p("alice").coin == 0
    table.refuse("favour alice recycle bob glass --pay 1", IllegalMove, "LOOP 3.1 RECYCLE")


def test_3_1_a_refused_resell_says_what_could_be_resold_and_to_whom() -> None:
    """3.1 RESELL: "Cannot play to those who has not enough COIN to pay you." Bob has 2 COIN:
    alice may RESELL him her PLASTIC at QUALITY 2, or her GLASS at 3 to carol (3 COIN)."""
    table = started(3)
    table.give("alice", materials=(("glass", 3), ("plastic", 2)), hand=("resell",))
    table.give("bob", coin=2)
    table.give("carol", coin=3)
    error = table.refuse("favour alice resell bob glass", IllegalMove, "LOOP 3.1 RESELL")
    assert "bob has 2 COIN, not enough to pay 3" in str(error)
    assert error.legal == "RESELL bob one of QUALITY 2 or less: plastic@2, or RESELL glass@3 to carol"


def test_3_1_barter_and_resell_name_whose_material_is_missing() -> None:
    table = started()
    table.give("alice", materials=(("glass", 3),), hand=("barter", "resell"))
    table.give("bob", materials=(("plastic", 2),), coin=5)
    error = table.refuse("favour alice barter bob glass food", IllegalMove, "LOOP 3.1 BARTER")
    assert "bob has no FOOD" in str(error)
    error = table.refuse("favour alice barter bob metal plastic", IllegalMove, "LOOP 3.1 BARTER")
    assert "alice has no METAL" in str(error)
    error = table.refuse("favour alice resell bob utility", IllegalMove, "LOOP 3.1 RESELL")
    assert "alice has no UTILITY" in str(error)


# --- 1.0 with virtual decks: dealt once every face is declared, whichever is declared last


def test_1_0_virtual_decks_are_dealt_when_the_last_face_declared_is_an_activity() -> None:
    """1.0: "Shuffle and flip over 5 ACTIVITY", "deal 3 GOAL to each player"; the referee can
    do it once it knows every face (README), here completed by an ACTIVITY, not a GOAL."""
    table = Table(2, seed=6, cards=False)
    commands = loop.load_cards(table.setup, CARDS)
    last = next(c for c in reversed(commands) if isinstance(c, DeclareActivity))
    for command in commands:
        if command is not last:
            table.apply(command)
    assert table.state.phase == "cards"
    table.apply(last)
    assert table.state.phase == "turn" and len(table.state.consume_area) == 5
    assert all(len(p.goals) == 3 for p in table.state.players.values())


def test_a_card_face_is_declared_whole() -> None:
    """An ACTIVITY shows 2 colours and 2 PROPERTY (2.2 c, 2.3); a GOAL its PROPERTY and reward."""
    table = Table(2, cards=False)
    # A half face is words missing (exit 2), and the words to add are named.
    half = table.refuse("declare activity yoga --needs utility,utility", BadInput)
    assert half.legal == "declare activity yoga --needs T,T --props P,P"
    table.refuse("declare activity yoga --props heart,leaf", BadInput)
    half = table.refuse("declare goal nice-day --needs house,group,leaf", BadInput)
    assert half.legal == "declare goal nice-day --needs P,P,P --reward N"
    table.refuse("declare goal nice-day --reward 2", BadInput)
    assert table.state.activity_faces.get("YOGA") is None and "NICE DAY" not in table.state.goal_faces
    # A reward is HAPPINESS on a track of 12 (1.1): 1 to 12.
    for reward in (0, 13):
        table.refuse(f"declare goal nice-day --needs house,group,leaf --reward {reward}", IllegalMove)
    table.play("declare goal nice-day --needs house,group,leaf --reward 1")
    table.play("declare goal long-day --needs house,group,leaf,book --reward 12")
    table.refuse("declare goal nice-day --needs house,group,leaf --reward 1", IllegalMove, "LOOP 3.2 GOAL")
    assert table.state.goal_faces["LONG DAY"] == GoalFace(("book", "group", "house", "leaf"), 12)
    with pytest.raises(BadInput):  # a name no move could type (an imported command, say)
        table.apply(DeclareGoal("NICE:DAY", ("house", "group", "leaf"), 2))


def test_3_1_a_share_is_of_one_players_material_not_the_same_card_elsewhere() -> None:
    """3.1 SHARE: "Spend 1 QUALITY of a player's MATERIAL": carol SHAREd her GLASS, so bob's
    identical GLASS cannot be spent; carol's can."""
    table = started(3)
    table.give("alice", materials=(("plastic", 2),), hand=("share",))
    table.give("bob", materials=(("glass", 2),))
    table.give("carol", materials=(("glass", 2),))
    table.play("favour alice share carol glass", "accept carol")
    error = table.refuse("consume alice dance=bob:glass@2,plastic", IllegalMove, "LOOP 3.1 SHARE")
    assert "no accepted SHARE of bob's GLASS" in str(error)
    table.play("consume alice dance=carol:glass@2,plastic")
    assert table.p("carol").materials == (("glass", 1),) and table.p("bob").materials == (("glass", 2),)


# --- 2.2 b BUY, 2.7 End Turn, 2.8 a DEPLETION


def test_2_2_b_the_coin_paid_for_a_material_is_1_to_4() -> None:
    """2.2 b: "COIN you decide to pay for each MATERIAL (1 to 4) ... is equal to its QUALITY"."""
    table = started()
    table.give("alice", coin=5)
    table.refuse("buy alice food:5", IllegalMove, "LOOP 2.2 b) BUY")
    table.play("buy alice food:4 glass:1")
    assert {("food", 4), ("glass", 1)} <= set(table.p("alice").materials) and table.p("alice").coin == 0


def test_2_7_an_unused_share_lapses_when_the_turn_ends() -> None:
    """3.1: "QUALITY is not deducted if the SHAREd MATERIAL is not used at the end"; the turn's
    WORK, BUY or CONSUME is done with (2.7)."""
    table = started()
    table.give("alice", materials=(("food", 2),))
    table.play("favour alice share bob plastic", "accept bob", "buy alice glass:1", "end alice")
    state = table.state
    assert (state.phase, state.main, state.consumed) == ("refill", "", 0)
    assert state.pending is None and state.shares == ()
    assert table.p("bob").materials == (("plastic", 2),)
    assert loop.to_act(state) == ["table"]  # 2.7: the table flips the refill before bob's turn


def test_2_8_a_no_depletion_while_the_refill_leaves_a_card_in_the_deck() -> None:
    """2.8 a: DEPLETION "when the MATERIAL deck is empty". 2 cards in the deck, 1 slot to
    refill: 1 card is left, no DEPLETION; the next refill of 1 slot empties it."""
    table = started(3)
    table.set(material_deck=("food", "metal"))
    table.play("buy alice glass:2")
    events = table.play("end alice")
    assert not any(isinstance(e, Depleted | FinalRound) for e in events)
    table.play("reveal material metal", "buy bob metal:1")
    events = table.play("end bob")
    assert Depleted("bob", 1) in events and FinalRound("depletion", "bob") in events


# --- 2.2 a WORK


def test_2_2_a_work_at_happiness_1_is_an_ordinary_work() -> None:
    """2.2 a: lose 1 HAPPINESS and gain 3 COIN; only with no HAPPINESS to deduct (0) is it
    1 COIN and the end of the turn."""
    table = started()
    table.give("alice", happiness=1, coin=0)
    events = table.play("work alice")
    assert (table.p("alice").happiness, table.p("alice").coin) == (0, 3)
    assert table.state.active == "alice" and table.state.phase == "turn" and len(events) == 1


def test_2_5_a_reputation_spent_at_happiness_0_still_adds_1_coin_each() -> None:
    """2.2 a: "take 1 COIN from WORK AREA then end turn immediately"; 2.5 a: "Spend a
    REPUTATION to gain an extra COIN" (the README's reading at HAPPINESS 0): 1 + 2."""
    table = started()
    table.give("alice", happiness=0, coin=0, reputation=2)
    table.play("work alice --rep 2")
    alice = table.p("alice")
    assert (alice.coin, alice.reputation, alice.happiness) == (3, 0, 0)
    assert table.state.active == "bob"


def test_2_8_nobody_acts_once_the_game_is_over() -> None:
    table = started()
    table.set(final_round="happiness")
    table.play("work alice", "end alice", "work bob", "end bob")
    assert table.state.phase == "over" and loop.to_act(table.state) == [] and loop.is_over(table.state)


# --- 2.2 and 2.7 with virtual decks: the referee shuffles and draws the top card


def test_2_2_virtual_decks_reshuffle_the_favour_discard_and_draw_its_top_card() -> None:
    """2.2: "If the FAVOUR deck is empty, shuffle FAVOUR from the Discard Pile to refill";
    the card drawn is the top of the new deck."""
    table = Table(2, seed=4)
    first, second = table.state.seats
    table.set(favour_deck=(), favour_discard=("share", "acquire", "barter"))
    table.give(second, hand=())
    events = table.play(f"work {first}", f"end {first}")
    shuffled = next(e for e in events if isinstance(e, FavoursReshuffled))
    assert sorted(shuffled.order) == ["acquire", "barter", "share"]
    assert FavourDrawn(second, shuffled.order[0]) in events
    assert table.p(second).hand == (shuffled.order[0],)
    assert table.state.favour_deck == shuffled.order[1:] and table.state.favour_discard == ()


def test_2_7_virtual_decks_refill_from_the_top_of_the_activity_deck() -> None:
    table = Table(2, seed=4)
    first = table.state.active
    name = table.state.consume_area[0]
    needs = table.state.activity_faces[name].needs
    assert needs is not None
    top = table.state.activity_deck[0]
    table.give(first, materials=tuple((kind, 2) for kind in needs))
    table.play(f"consume {first} {card_word(name)}={needs[0]}@2,{needs[1]}@2", f"end {first}")
    assert ActivityRevealed(top) in [e for _, events in table.log[-1:] for e in events]
    assert table.state.consume_area.count(top) >= 1 and len(table.state.consume_area) == 5


# --- 1.0 setup


def test_1_0_a_real_table_keeps_the_favour_not_dealt_as_its_deck() -> None:
    table = Table(3, cards=False)  # 1.0: seats 1, 2, 3 get 1, 2, 3 of the 30 red FAVOUR
    assert len(table.state.favour_deck) == 30 - 6
    assert [len(table.p(n).hand) for n in table.state.seats] == [1, 2, 3]


def test_1_0_the_favour_deal_option_allows_0_and_all_30() -> None:
    table = Table(2, cards=False, options={"favour-deal": "0,30"})
    assert [len(p.hand) for p in table.state.players.values()] == [0, 30] and table.state.favour_deck == ()


def test_player_names_are_refused_only_for_what_moves_cannot_type() -> None:
    Table(("Xena", "bob"), cards=False)  # an X is an ordinary letter
    with pytest.raises(BadInput):
        Table(("-bob", "ann"), cards=False)  # it would read as an option


def test_an_activity_face_shows_2_property_and_may_be_typed_again_the_same() -> None:
    """2.3: "Each ACTIVITY has 2 different PROPERTY"."""
    table = Table(2, cards=False)
    table.refuse("declare activity yoga --needs utility,utility --props heart,leaf,book", IllegalMove)
    table.play("reveal material glass --to alice", "reveal material food --to bob")
    table.play("reveal activity dance --props group,heart", "reveal activity dance --props group,heart")
    assert table.state.activity_faces["DANCE"] == ActivityFace(("glass", "plastic"), ("group", "heart"))


def test_2_7_the_activity_discard_is_reshuffled_only_to_fill_an_empty_slot() -> None:
    """2.7: "If ACTIVITY deck is empty, shuffle and refill from the Discard Pile" when a slot
    is to be refilled: after a BUY turn no ACTIVITY slot is empty."""
    table = started()
    assert table.state.activity_unseen == 30 - 5  # a real table: 5 flipped, the rest unseen
    table.set(activity_unseen=0, activity_discard=("YOGA",))
    events = table.play("buy alice glass:1", "end alice")
    assert not any(isinstance(e, ActivitiesReshuffled) for e in events)
    assert table.state.activity_discard == ("YOGA",)


def test_faces_typed_again_with_what_is_known_are_accepted() -> None:
    table = Table(2, cards=False)
    table.play("declare activity dance --needs glass,plastic --props group,heart")
    table.play("reveal material glass --to alice", "reveal material food --to bob")
    table.play("reveal activity dance --needs glass,plastic")  # its PROPERTY stay known
    assert table.state.activity_faces["DANCE"] == ActivityFace(("glass", "plastic"), ("group", "heart"))
    table = started()
    picnic = Kept("PICNIC", ("food", "utility"))
    table.give("alice", kept=(picnic,), materials=(("food", 2), ("utility", 2)))
    table.play("consume alice picnic=food,utility")
    table.play("goal alice sense-of-belonging --needs house,house,group,group")  # its reward stays known
    assert table.p("alice").happiness == 4 + 1 + 3


def test_1_1_with_virtual_decks_each_intern_starts_with_2_coin_happiness_4_and_1_material() -> None:
    """1.1: "INTERN starts with 2 COIN and 1 random MATERIAL at QUALITY 2", "at HAPPINESS 4"."""
    table = Table(3, seed=12)
    for player in table.state.players.values():
        assert (player.coin, player.happiness, player.reputation) == (2, 4, 0)
        assert len(player.materials) == 1 and player.materials[0][1] == 2


def test_2_5_a_legal_lists_a_work_with_each_count_of_reputation() -> None:
    """2.5 a): "Only when WORK Spend a REPUTATION to gain an extra COIN": with 2 REPUTATION,
    WORK spending 0, 1 or 2 is listed."""
    table = started()
    table.give("alice", reputation=2)
    works = {loop.text(m) for m in loop.legal(table.state) if isinstance(m, Work)}
    assert works == {"work alice", "work alice --rep 1", "work alice --rep 2"}


def test_3_1_legal_lists_each_recycle_payment_and_each_share() -> None:
    """3.1 RECYCLE: "Take 1 MATERIAL (except UTILITY) from other player's LANDFILL ... Pay COIN
    to WORK AREA to determine its QUALITY" (1 to 4, as the COIN allows); SHARE: "Spend 1 QUALITY
    of a player's MATERIAL". alice holds a RECYCLE and a SHARE, no ACQUIRE, BARTER or RESELL."""
    table = started()
    table.give("alice", hand=("recycle", "share"), coin=3)
    table.give("bob", landfill=("glass", "utility"), materials=(("metal", 2),))
    favours = {loop.text(m) for m in loop.legal(table.state) if isinstance(m, Favour)}
    assert favours == {
        "favour alice recycle bob glass --pay 1",
        "favour alice recycle bob glass --pay 2",
        "favour alice recycle bob glass --pay 3",
        "favour alice share bob metal@2",
    }


def test_3_2_a_refill_lists_no_third_copy_of_an_activity() -> None:
    """3.2: "There are 30 ACTIVITY, 15 pairs share the same name": 2 copies of each. Both PICNIC
    are in the CONSUME AREA, so the refill after alice's CONSUME offers every other name (one
    DANCE is still in the deck) but no PICNIC; each reveal listed is accepted."""
    table = started()
    table.give("alice", materials=(("glass", 1), ("plastic", 1)))
    table.play("consume alice dance=glass,plastic", "end alice")
    names = {m.name for m in loop.legal(table.state) if isinstance(m, RevealActivity)}
    assert "PICNIC" not in names and {"DANCE", "LIBRARY", "COOKING", "YOGA"} <= names
    assert len(names) == loop.data.ACTIVITY_NAMES - 1


def test_2_5_b_legal_lists_the_buy_of_the_rulebooks_example_and_only_buys_it_can_pay() -> None:
    """2.2 b) and 2.5 b): "Spend 2 REPUTATION and 2 COIN to BUY 1 METAL at QUALITY 1 and 1
    UTILITY at QUALITY 3", a QUALITY up to 4 paid the same way, and (Basic Mode lists without
    asking ``decide``) nothing that 2 COIN and 2 REPUTATION cannot pay: every BUY listed is
    accepted."""
    table = started()
    table.give("alice", coin=2, reputation=2)
    buys = [m for m in table.listed() if isinstance(m, Buy)]  # each accepted: it can be paid
    listed = {loop.text(m) for m in buys}
    assert {"buy alice metal:1 utility:3 --rep 2", "buy alice utility:4 --rep 2"} <= listed
    assert max(sum(q for _, q in m.cards) for m in buys) == 2 + 2
    table.give("alice", coin=10)  # QUALITY is 1 to 4 (2.2 b), whatever the COIN
    table.listed()


def test_2_2_b_legal_lists_no_buy_of_3_past_quality_4_however_rich() -> None:
    """2.2 b): "up to 3 MATERIAL in 1 turn", each at a QUALITY of 1 to 4: with 20 COIN, every
    BUY of 3 listed (Basic Mode lists without asking ``decide``) is accepted."""
    table = started()
    table.give("alice", coin=20)
    assert any(len(m.cards) == 3 for m in table.listed() if isinstance(m, Buy))
