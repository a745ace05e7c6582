"""Every worked example printed in LOOP sections 1 to 3, as a test.

Most examples start from a real-card game (``started``) and set the players' AREA to the
example's situation with ``give``, the way a rulebook sets up its pictures.
"""

from __future__ import annotations

from ledger.errors import BadInput, IllegalMove
from ledger.games.loop.model import (
    Depleted,
    FavourAccepted,
    FinalRound,
    GameEnded,
    GoalAchieved,
    GoalFace,
    Kept,
    MaterialRevealed,
    TurnEnded,
    TurnStarted,
    Worked,
)
from tests.loop.table import Table, started


def test_2_2_a_work_as_intern_gains_3_coin_and_loses_1_happiness() -> None:
    table = started()
    table.play("work alice")
    alice = table.p("alice")
    assert (alice.coin, alice.happiness) == (2 + 3, 4 - 1)


def test_2_5_a_spending_2_reputation_in_a_work_turn_as_intern_gives_5_coin() -> None:
    table = started()
    table.give("alice", reputation=2, coin=0)
    table.play("work alice --rep 2")
    assert (table.p("alice").coin, table.p("alice").reputation) == (5, 0)


def test_2_2_a_work_with_no_happiness_takes_1_coin_and_ends_the_turn() -> None:
    table = started()
    table.give("alice", happiness=0, coin=0)
    events = table.play("work alice")
    assert events[0] == Worked("alice", 1, 0, 0)
    assert TurnEnded("alice", automatic=True) in events
    assert table.state.active == "bob" and table.p("alice").coin == 1


def test_2_2_b_a_food_at_quality_1_and_a_utility_at_quality_3() -> None:
    table = started()
    table.give("alice", coin=4)
    table.play("buy alice food:1 utility:3")
    assert ("food", 1) in table.p("alice").materials
    assert ("utility", 3) in table.p("alice").materials
    assert table.p("alice").coin == 0
    assert sorted(table.state.buy_area) == ["glass", "metal", "plastic"]


def test_2_5_b_2_reputation_and_2_coin_buy_metal_1_and_utility_3() -> None:
    table = started()
    table.give("alice", reputation=2, coin=2)
    table.play("buy alice metal:1 utility:3 --rep 2")
    alice = table.p("alice")
    assert {("metal", 1), ("utility", 3)} <= set(alice.materials)
    assert (alice.coin, alice.reputation) == (0, 0)


def test_2_5_b_1_reputation_cannot_buy_a_quality_1_material() -> None:
    table = started()
    table.give("alice", reputation=1, coin=0)
    error = table.refuse("buy alice food:1 --rep 1", IllegalMove, "LOOP 2.5 b) BUY")
    assert "at least 1 COIN" in str(error)


def test_2_2_c_dance_deducts_glass_1_to_0_into_the_landfill_and_plastic_2_to_1() -> None:
    table = started()
    table.give("alice", materials=(("glass", 1), ("plastic", 2)))
    table.play("consume alice dance=glass,plastic")
    alice = table.p("alice")
    assert alice.materials == (("plastic", 1),)
    assert alice.landfill == ("glass",)
    assert alice.kept == (Kept("DANCE", ("glass", "plastic")),)
    assert (alice.happiness, alice.completed) == (5, 1)
    assert "DANCE" not in table.state.consume_area


def test_2_2_c_two_same_colours_take_two_separate_materials() -> None:
    table = started()  # LIBRARY (in the test deck) shows GLASS and GLASS
    table.give("alice", materials=(("glass", 2),))
    error = table.refuse("consume alice library=glass@2,glass@2", IllegalMove, "LOOP 2.2 c) CONSUME")
    assert "separate" in str(error)
    table.give("alice", materials=(("glass", 1), ("glass", 2)))
    table.play("consume alice library=glass,glass")
    alice = table.p("alice")
    assert alice.materials == (("glass", 1),)  # 1 QUALITY off each, not 2 off one
    assert alice.landfill == ("glass",)


def test_2_2_c_sharing_her_quality_1_material_breaks_it_into_her_landfill() -> None:
    table = started()
    table.give("alice", materials=(("plastic", 2),))
    table.give("bob", materials=(("glass", 1),))
    table.play("favour alice share bob glass@1", "accept bob")
    assert table.p("bob").reputation == 2  # 2.4 a): ACCEPT SHARE gains 2
    table.play("consume alice dance=bob:glass@1,plastic@2")
    assert table.p("bob").landfill == ("glass",)
    assert table.p("bob").materials == ()
    assert table.p("alice").landfill == ()
    assert table.p("alice").materials == (("plastic", 1),)


def test_3_1_share_accepted_then_another_rejected_deducts_nothing() -> None:
    table = started(3)
    table.give("alice", materials=())
    table.give("bob", materials=(("glass", 2),))
    table.give("carol", materials=(("plastic", 2),), reputation=1)
    table.play("favour alice share bob glass@2", "accept bob")
    table.play("favour alice share carol plastic@2", "reject carol --rep")
    table.refuse("consume alice dance=bob:glass@2,carol:plastic@2", IllegalMove, "LOOP 3.1 SHARE")
    table.play("work alice", "end alice")
    assert table.p("bob").materials == (("glass", 2),)
    assert table.p("carol").materials == (("plastic", 2),)
    assert table.state.shares == ()


def test_2_3_sense_of_belonging_needs_2_house_and_2_group() -> None:
    table = started()  # PICNIC (test deck) shows HOUSE and GROUP
    table.give("alice", kept=(Kept("PICNIC", ("food", "utility")),))
    table.give("alice", materials=(("food", 2), ("utility", 2)))
    table.play("consume alice picnic=food,utility")
    table.play("goal alice sense-of-belonging")
    assert table.p("alice").achieved == ("SENSE OF BELONGING",)
    assert table.p("alice").happiness == 4 + 1 + 3


def test_2_3_one_house_short_of_sense_of_belonging_is_refused() -> None:
    table = started()
    table.give("alice", materials=(("glass", 2), ("plastic", 2)))
    table.give("alice", kept=(Kept("PICNIC", ("food", "utility")),))
    table.play("consume alice dance=glass,plastic")
    table.refuse("goal alice sense-of-belonging", IllegalMove, "LOOP 2.3 Achieving GOAL")


def test_2_3_the_same_activities_fulfil_several_goals() -> None:
    # The rulebook's picture: the 3 kept ACTIVITY meet SENSE OF BELONGING, HOBBY and
    # SOCIAL WELLBEING at once (test-deck faces: PICNIC house+group, DANCE group+heart).
    table = started()
    picnic = Kept("PICNIC", ("food", "utility"))
    table.give("alice", kept=(picnic, picnic), materials=(("glass", 2), ("plastic", 2)), happiness=6)
    table.play("consume alice dance=glass,plastic")
    table.play("goal alice sense-of-belonging", "goal alice hobby")  # 6 + 1 + 3 + 2 = 12
    assert table.p("alice").happiness == 12 and table.state.final_round == "happiness"
    events = table.play('goal alice "social wellbeing"')
    alice = table.p("alice")
    assert alice.achieved == ("SENSE OF BELONGING", "HOBBY", "SOCIAL WELLBEING")
    assert alice.happiness == 12  # capped at 12 (1.1), not 14
    assert events == [GoalAchieved("alice", "SOCIAL WELLBEING", 0)]


def test_2_3_a_goal_the_referee_does_not_know_is_declared_at_first_use() -> None:
    table = Table(2, cards=False)
    for line in (
        "reveal material glass --to alice",
        "reveal material plastic --to bob",
        "reveal activity dance --props group,heart",
        "reveal activity picnic --needs food,utility --props house,group",
        "reveal activity picnic",
        "reveal activity yoga --needs utility,utility --props heart,leaf",
        "reveal activity hiking --needs food,metal --props leaf,heart",
    ):
        table.play(line)
    picnic = Kept("PICNIC", ("food", "utility"))
    table.give("alice", kept=(picnic,), materials=(("food", 1), ("utility", 1)))
    table.play("consume alice picnic=food,utility")
    error = table.refuse("goal alice hobby", BadInput)  # exit 2: say what the card shows
    assert error.legal and "goal alice hobby --reward N" in error.legal
    table.play("goal alice hobby --reward 2")
    assert table.state.goal_faces["HOBBY"].reward == 2
    error = table.refuse("goal alice family-time", BadInput)
    assert error.legal and "--needs P,P,P --reward N" in error.legal
    table.play("goal alice family-time --needs house,house,group --reward 3")
    assert table.p("alice").achieved == ("HOBBY", "FAMILY TIME")
    assert table.state.goal_faces["FAMILY TIME"] == GoalFace(("group", "house", "house"), 3)


def test_2_2_c_a_4th_activity_discards_an_older_one() -> None:
    table = started()
    kept = (
        Kept("DANCE", ("glass", "plastic")),
        Kept("PICNIC", ("food", "utility")),
        Kept("COOKING", ("food", "food")),
    )
    table.give("alice", kept=kept, materials=(("glass", 1), ("glass", 2)), completed=3)
    error = table.refuse("consume alice library=glass,glass", IllegalMove, "LOOP 2.2 c) CONSUME")
    assert "--drop" in str(error)
    table.play("consume alice library=glass,glass --drop picnic")
    alice = table.p("alice")
    assert [k.name for k in alice.kept] == ["DANCE", "COOKING", "LIBRARY"]
    assert table.state.activity_discard == ("PICNIC",)
    assert alice.completed == 4


def test_2_4_b_reject_by_discarding_a_same_favour_or_with_1_reputation() -> None:
    table = started()
    table.give("bob", hand=("acquire",), materials=(("plastic", 2),), reputation=1)
    table.play("favour alice acquire bob plastic@2", "reject bob --discard")
    assert table.state.favour_discard == ("acquire", "acquire")
    assert table.p("bob").hand == ()
    assert table.p("bob").reputation == 1
    table.play("favour alice acquire bob plastic@2", "reject bob --rep")
    assert table.p("bob").reputation == 0
    assert table.state.favour_discard == ("acquire", "acquire", "acquire")
    assert table.p("bob").materials == (("plastic", 2),)


def test_2_4_a_accept_acquire_pays_the_quality_and_gains_reputation() -> None:
    table = started()
    table.play("favour alice acquire bob plastic", "accept bob")
    assert table.p("alice").materials == (("glass", 2), ("plastic", 2))
    assert (table.p("alice").coin, table.p("bob").coin) == (0, 4)
    assert table.p("bob").reputation == 1
    assert "acquire" in table.p("bob").hand  # the ACCEPTEE takes it, and it is known


def test_2_4_a_accepting_at_reputation_2_gains_none() -> None:
    table = started()
    table.give("bob", reputation=2)
    table.play("favour alice share bob plastic")
    offer = table.state.pending
    assert offer is not None
    assert table.play("accept bob") == [FavourAccepted(offer, 0)]
    assert table.p("bob").reputation == 2


def test_3_1_barter_recycle_and_resell() -> None:
    table = started()
    table.give("alice", materials=(("glass", 3),), coin=4)
    table.give("bob", materials=(("plastic", 2),), landfill=("food", "utility"), coin=5)
    table.play("favour alice barter bob glass plastic", "accept bob")
    assert table.p("alice").materials == (("plastic", 2),)
    assert table.p("bob").materials == (("glass", 3),)
    assert table.p("bob").reputation == 1  # "Player who ACCEPT gain 1 REPUTATION."
    table.refuse("favour alice recycle bob utility --pay 2", IllegalMove, "LOOP 3.1 RECYCLE")
    table.play("favour alice recycle bob food --pay 3", "accept bob")
    assert ("food", 3) in table.p("alice").materials
    assert table.p("bob").landfill == ("utility",)
    assert table.p("alice").coin == 1
    assert table.p("bob").reputation == 1  # "Player who ACCEPT gain 0 REPUTATION."
    table.play("favour alice resell bob plastic", "accept bob")
    assert table.p("alice").coin == 3 and table.p("bob").coin == 3
    assert table.p("bob").reputation == 2  # "Player who ACCEPT gains 1 REPUTATION."


def test_2_8_depletion_penalty_final_round_and_the_end_after_the_last_seat() -> None:
    table = started(3)
    table.set(material_deck=("food",))
    table.play("buy alice glass:2")
    events = table.play("end alice")
    assert Depleted("alice", 1) in events and FinalRound("depletion", "alice") in events
    assert table.p("alice").happiness == 3
    # the deck's last card is known (FOOD): the referee flips it itself (issue 17)
    assert MaterialRevealed("food", by="referee") in events
    assert table.state.active == "bob" and table.state.material_deck == ()
    table.play("work bob", "end bob")  # nothing more to flip: DEPLETION has no 2nd penalty
    assert table.p("bob").happiness == 3
    events = table.play("work carol", "end carol")
    assert events[-1] == GameEnded()
    assert table.state.phase == "over"


def test_2_8_happiness_12_and_depletion_in_one_turn_one_final_round_and_the_penalty() -> None:
    """2.8: "When either of the following occurs, the game will end after the final round is
    completed": alice's CONSUME to 12 starts it, her refill then empties the MATERIAL deck:
    the DEPLETION Penalty still takes 1 HAPPINESS, no second final round starts, and the
    game ends after carol, the player on the right of the starting player."""
    table = started(3)
    table.give("alice", happiness=11, materials=(("glass", 2), ("plastic", 2)))
    table.set(material_deck=("food",), buy_area=table.state.buy_area[:-1])  # a slot to refill
    events = table.play("consume alice dance=glass,plastic")
    assert FinalRound("happiness", "alice") in events
    events = table.play("end alice")
    assert Depleted("alice", 1) in events and not any(isinstance(e, FinalRound) for e in events)
    assert table.p("alice").happiness == 11 and table.state.final_round == "happiness"
    assert (
        MaterialRevealed("food", by="referee") in events
    )  # the deck's one known card, flipped by the referee
    table.play("reveal activity yoga")
    table.play("work bob", "end bob")
    assert table.play("work carol", "end carol")[-1] == GameEnded()


def test_2_8_the_final_round_ends_after_the_player_right_of_the_starting_player() -> None:
    table = started(3)
    table.give("bob", happiness=11, materials=(("glass", 2), ("plastic", 2)))
    table.play("work alice", "end alice")
    table.play("consume bob dance=glass,plastic")
    assert table.state.final_round == "happiness"
    assert table.play("end bob") == [TurnEnded("bob")]
    assert table.state.phase == "refill"  # the table flips a new ACTIVITY first
    assert TurnStarted("carol", 1) in table.play("reveal activity yoga")
    assert table.play("work carol", "end carol")[-1] == GameEnded()


def test_2_8_tie_breaks_in_order_reputation_landfill_goals_activities() -> None:
    import ledger.games.loop as loop

    table = started(6)
    for name, fields in {
        "alice": {"happiness": 8, "reputation": 2},
        "bob": {"happiness": 8, "reputation": 1},
        "carol": {"happiness": 8, "reputation": 1, "landfill": ("food",), "achieved": ("HOBBY",)},
        "dave": {"happiness": 8, "reputation": 1, "landfill": ("food",), "kept": ()},
        # tie-break 4 counts the ACTIVITY kept (option activity-tiebreak=kept): erin keeps 1
        "erin": {
            "happiness": 8,
            "reputation": 1,
            "landfill": ("food",),
            "kept": (Kept("DANCE", ("glass", "plastic")),),
        },
        "fred": {"happiness": 8, "reputation": 1, "landfill": ("food",), "completed": 4},
    }.items():
        table.give(name, **fields)
    sheet = loop.score(table.state)
    assert [(line.player, line.rank) for line in sheet.lines] == [
        ("alice", 1),
        ("bob", 2),
        ("carol", 3),
        ("erin", 4),
        ("dave", 5),
        ("fred", 5),
    ]
    tiebreaks = {line.player: line.tiebreak for line in sheet.lines}
    # Each is labelled by what separated them from the player just above (alice: just below).
    assert tiebreaks == {
        "alice": "above bob: both HAPPINESS 8, more REPUTATION (2 against 1) (LOOP 2.8)",
        "bob": "below alice: both HAPPINESS 8, less REPUTATION (1 against 2) (LOOP 2.8)",
        "carol": "below bob: both HAPPINESS 8 and REPUTATION 1, more LANDFILL (1 against 0) (LOOP 2.8)",
        "erin": "below carol: both HAPPINESS 8, REPUTATION 1 and LANDFILL 1,"
        " fewer GOAL achieved (0 against 1) (LOOP 2.8)",
        "dave": "rank shared with fred: equal on HAPPINESS and every tie-break (LOOP 2.8)",
        "fred": "rank shared with dave: equal on HAPPINESS and every tie-break (LOOP 2.8)",
    }
    assert sheet.categories == ["happiness", "reputation", "landfill", "goals", "activities"]
    assert sheet.winners == ["alice"] and not sheet.final


def test_2_8_highest_happiness_wins_without_a_tie_break() -> None:
    import ledger.games.loop as loop

    table = started(3)
    table.give("bob", happiness=9)
    sheet = loop.score(table.state)
    assert sheet.lines[0].player == "bob" and sheet.lines[0].tiebreak is None
    assert [(line.player, line.rank, line.tiebreak) for line in sheet.lines[1:]] == [
        ("alice", 2, "rank shared with carol: equal on HAPPINESS and every tie-break (LOOP 2.8)"),
        ("carol", 2, "rank shared with alice: equal on HAPPINESS and every tie-break (LOOP 2.8)"),
    ]


def test_2_8_tie_break_labels_in_a_tie_of_4_are_each_true() -> None:
    """The audit's example: all at HAPPINESS 8; carol has more REPUTATION; bob and dave are
    tied on everything; alice has as much REPUTATION as they but more LANDFILL."""
    import ledger.games.loop as loop

    table = started(4)
    for name, fields in {
        "alice": {"reputation": 1, "landfill": ("glass",)},
        "bob": {"reputation": 1},
        "carol": {"reputation": 2},
        "dave": {"reputation": 1},
    }.items():
        table.give(name, happiness=8, **fields)
    sheet = loop.score(table.state)
    assert [(line.player, line.rank) for line in sheet.lines] == [
        ("carol", 1),
        ("bob", 2),
        ("dave", 2),
        ("alice", 4),
    ]
    tiebreaks = {line.player: line.tiebreak or "" for line in sheet.lines}
    assert (
        tiebreaks["carol"] == "above bob and dave: both HAPPINESS 8, more REPUTATION (2 against 1) (LOOP 2.8)"
    )
    assert tiebreaks["bob"] == "rank shared with dave: equal on HAPPINESS and every tie-break (LOOP 2.8)"
    assert tiebreaks["dave"] == "rank shared with bob: equal on HAPPINESS and every tie-break (LOOP 2.8)"
    assert tiebreaks["alice"] == (
        "below bob and dave: both HAPPINESS 8 and REPUTATION 1, more LANDFILL (1 against 0) (LOOP 2.8)"
    )
    assert sheet.winners == ["carol"]
