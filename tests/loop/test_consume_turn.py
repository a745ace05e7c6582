"""A CONSUME turn over several moves (LOOP 2.2 c, 2.3) and SHAREs that follow their card (3.1).

2.2 c) allows "up to 3 ACTIVITY in 1 turn" and 2.3 lets a GOAL be placed "anytime during
your CONSUME turn", so a turn's CONSUME may be typed in several ``consume`` moves with GOAL
achieved between them, or a GOAL may come first, which makes the turn a CONSUME turn.

Test-deck faces used here: DANCE glass+plastic (group, heart); PICNIC food+utility (house,
group); LIBRARY glass+glass (book, heart); COOKING food+food (house, heart).
"""

from __future__ import annotations

import ledger.games.loop as loop
from ledger.errors import IllegalMove
from ledger.games.loop.model import Consume, Consumed, End, Goal, Grant, Kept, MatRef, Spend
from tests.loop.table import started

DANCE = Kept("DANCE", ("glass", "plastic"))
PICNIC = Kept("PICNIC", ("food", "utility"))
COOKING = Kept("COOKING", ("food", "food"))


def test_a_goal_met_before_a_4th_activity_forces_a_drop_can_be_achieved_in_between() -> None:
    table = started()
    table.give(
        "alice",
        kept=(DANCE, COOKING),
        materials=(("food", 2), ("glass", 2), ("glass", 2), ("utility", 2)),
    )
    table.play("consume alice picnic=food,utility")  # DANCE, COOKING, PICNIC: 2 HOUSE, 2 GROUP
    assert table.state.consumed == 1 and table.state.main == "consume"
    table.play("goal alice sense-of-belonging")
    table.play("consume alice library=glass,glass --drop dance")  # the GOAL would be lost now
    alice = table.p("alice")
    assert alice.achieved == ("SENSE OF BELONGING",)
    assert [k.name for k in alice.kept] == ["COOKING", "PICNIC", "LIBRARY"]
    assert alice.happiness == 4 + 1 + 3 + 1
    assert table.state.consumed == 2
    assert "CONSUME turn: 2 of 3 ACTIVITY consumed" in loop.present(loop.view(table.state)).headline
    table.play("end alice")
    assert table.state.consumed == 0  # counted afresh each turn


def test_up_to_3_activity_over_all_the_turns_consume_moves() -> None:
    table = started()
    table.give("alice", materials=(("food", 4),) * 4 + (("glass", 4), ("plastic", 4), ("utility", 4)))
    table.play("consume alice picnic=food@4,utility dance=glass,plastic")
    error = table.refuse(
        "consume alice picnic=food@4,utility cooking=food@4,food@4", IllegalMove, "LOOP 2.2 c) CONSUME"
    )
    assert "has consumed 2 this turn" in str(error) and error.legal == "1 more ACTIVITY at most"
    assert not any(isinstance(m, Consume) and len(m.spends) > 1 for m in loop.legal(table.state))
    table.play("consume alice cooking=food@4,food@4")
    error = table.refuse("consume alice picnic=food@3,utility", IllegalMove, "LOOP 2.2 c) CONSUME")
    assert "end alice" in (error.legal or "")
    assert not any(isinstance(m, Consume) for m in loop.legal(table.state))
    assert table.p("alice").completed == 3 and table.p("alice").happiness == 7


def test_a_work_or_buy_turn_still_refuses_consume() -> None:
    table = started()
    table.give("alice", materials=(("glass", 2), ("plastic", 2)))
    table.play("work alice")
    error = table.refuse("consume alice dance=glass,plastic", IllegalMove, "LOOP 2.2 Start Turn")
    assert "already did WORK" in str(error)
    table.play("end alice")
    table.give("bob", materials=(("glass", 2), ("plastic", 2)))
    table.play("buy bob food:1")
    table.refuse("consume bob dance=glass,plastic", IllegalMove, "LOOP 2.2 Start Turn")


def test_a_goal_achieved_before_consuming_makes_a_consume_turn() -> None:
    table = started()
    table.give("alice", kept=(PICNIC, PICNIC), materials=(("glass", 2), ("plastic", 2)))
    assert Goal("alice", "HOBBY") in list(loop.legal(table.state))
    table.play("goal alice hobby")
    assert table.state.main == "consume" and table.state.consumed == 0
    for line in ("work alice", "buy alice food:1"):
        error = table.refuse(line, IllegalMove, "LOOP 2.3 Achieving GOAL")
        assert "CONSUME turn" in str(error) and "LOOP 2.2" in str(error)
        assert "consume alice" in (error.legal or "")
    error = table.refuse("end alice", IllegalMove, "LOOP 2.7 End Turn")
    assert "consume alice" in (error.legal or "")
    moves = list(loop.legal(table.state))
    assert End("alice") not in moves and any(isinstance(m, Consume) for m in moves)
    assert not any(m.__class__.__name__ in ("Work", "Buy") for m in moves)
    table.play("consume alice dance=glass,plastic")
    assert End("alice") in list(loop.legal(table.state))
    table.play("end alice")
    assert table.p("alice").achieved == ("HOBBY",)


def test_a_goal_before_consuming_needs_a_consume_possible_now() -> None:
    table = started()
    table.give("alice", kept=(PICNIC, PICNIC), materials=(("glass", 2),))  # DANCE needs PLASTIC too
    assert not any(isinstance(m, Goal) for m in loop.legal(table.state))
    error = table.refuse("goal alice hobby", IllegalMove, "LOOP 2.3 Achieving GOAL")
    assert "cannot CONSUME" in str(error) and "claim it after you CONSUME" in (error.legal or "")
    # An accepted SHARE counts: bob's PLASTIC pays for DANCE.
    table.play("favour alice share bob plastic", "accept bob")
    assert Goal("alice", "HOBBY") in list(loop.legal(table.state))
    table.play("goal alice hobby", "consume alice dance=glass,bob:plastic@2")
    assert table.p("bob").materials == (("plastic", 1),)


def test_ending_after_an_early_goal_when_no_consume_is_possible_any_more() -> None:
    table = started()
    table.give("alice", kept=(PICNIC, PICNIC), materials=(("glass", 2), ("plastic", 2)), hand=("resell",))
    table.play("goal alice hobby")
    table.refuse("end alice", IllegalMove, "LOOP 2.7 End Turn")
    table.play("favour alice resell bob plastic", "accept bob")  # no DANCE possible now
    moves = list(loop.legal(table.state))
    assert End("alice") in moves and not any(isinstance(m, Consume) for m in moves)
    error = table.refuse("work alice", IllegalMove, "LOOP 2.3 Achieving GOAL")
    assert error.legal == "play FAVOUR or end alice"
    table.play("end alice")
    assert table.state.active == "bob" and table.p("alice").completed == 0


def test_two_shares_of_one_card_are_both_spent_as_it_loses_quality() -> None:
    """3.1: each accepted SHARE lets 1 QUALITY be spent; the 2nd grant follows the card from
    QUALITY 3 to 2 after the 1st is used."""
    table = started()
    table.give("alice", materials=(("food", 2), ("food", 2)), hand=("share", "share"))
    table.give("bob", materials=(("utility", 3),))
    table.play("favour alice share bob utility", "accept bob")
    table.play("favour alice share bob utility", "accept bob")
    assert table.state.shares == (Grant("bob", ("utility", 3)),) * 2
    two = Consume(
        "alice",
        (
            Spend("PICNIC", (MatRef("food", 2), MatRef("utility", 3, "bob"))),
            Spend("PICNIC", (MatRef("food", 2), MatRef("utility", 2, "bob"))),
        ),
    )
    listed = list(loop.legal(table.state))
    assert two in listed
    for move in listed:  # every one of them is accepted, the grant that follows its card too
        events = loop.decide(table.state, move)
        if isinstance(move, Consume):
            done = events[0]
            assert isinstance(done, Consumed), move
            assert [c.activity for c in done.completions] == [s.activity for s in move.spends]
        else:
            assert events, move
    before = table.state
    table.play("consume alice picnic=food@2,bob:utility@3")
    assert table.p("bob").materials == (("utility", 2),)
    assert table.state.shares == (Grant("bob", ("utility", 2)),)
    error = table.refuse("consume alice picnic=food@2,bob:utility@3", IllegalMove, "LOOP 3.1 SHARE")
    assert "bob:utility@2" in str(error)
    table.play("consume alice picnic=food@2,bob:utility@2")
    assert table.p("bob").materials == (("utility", 1),) and table.state.shares == ()
    after_two = table.state

    # decide's own bookkeeping, within one move, agrees with evolve's.
    table.state = before
    table.apply(two)
    assert table.state.players == after_two.players and table.state.shares == after_two.shares


def test_a_shared_card_that_breaks_lets_its_other_grants_lapse() -> None:
    table = started()
    table.give("alice", materials=(("food", 2), ("food", 2)), hand=("share", "share"))
    table.give("bob", materials=(("utility", 1),))
    table.play("favour alice share bob utility", "accept bob")
    table.play("favour alice share bob utility", "accept bob")
    table.play("consume alice picnic=food@2,bob:utility@1")
    assert table.p("bob").landfill == ("utility",) and table.state.shares == ()
    error = table.refuse("consume alice picnic=food@2,bob:utility", IllegalMove, "LOOP 3.1 SHARE")
    assert "was accepted" not in str(error) and "no accepted SHARE" in str(error)


def test_grants_stay_while_the_owner_holds_an_identical_card() -> None:
    table = started()
    table.give("alice", materials=(("food", 2), ("food", 2)), hand=("share", "share"))
    table.give("bob", materials=(("utility", 3), ("utility", 3)))
    table.play("favour alice share bob utility", "accept bob")
    table.play("favour alice share bob utility", "accept bob")
    table.play("consume alice picnic=food@2,bob:utility@3")
    assert table.state.shares == (Grant("bob", ("utility", 3)),)
    table.play("consume alice picnic=food@2,bob:utility@3")
    assert table.p("bob").materials == (("utility", 2), ("utility", 2))
    assert table.state.shares == ()


def test_two_grants_on_one_card_cannot_pay_both_colours_of_one_activity() -> None:
    """2.2 c): 2 same colours take 2 separate MATERIAL, SHAREd or not."""
    table = started()
    table.give("alice", materials=(), hand=("share", "share"))
    table.give("bob", materials=(("glass", 3),))
    table.play("favour alice share bob glass", "accept bob")
    table.play("favour alice share bob glass", "accept bob")
    error = table.refuse("consume alice library=bob:glass@3,bob:glass@3", IllegalMove, "LOOP 3.1 SHARE")
    assert "separate" in str(error)
    assert not any(isinstance(m, Consume) for m in loop.legal(table.state))


def test_a_colour_one_lacks_but_a_share_holds_is_written_owner_type_quality() -> None:
    table = started()
    table.give("alice", materials=(("food", 2),))
    table.give("bob", materials=(("utility", 3),))
    table.play("favour alice share bob utility", "accept bob")
    error = table.refuse("consume alice picnic=food,utility", IllegalMove, "LOOP 2.2 c) CONSUME")
    assert "OWNER:TYPE@QUALITY" in (error.legal or "") and "bob:utility@3" in (error.legal or "")
    table.play("consume alice picnic=food,bob:utility@3")
