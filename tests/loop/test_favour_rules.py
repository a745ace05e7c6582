"""LOOP 2.4 FAVOUR answered, with 8.0 LAWYER's Objection and POLITICIAN's bluff, at a real table
(hands unseen, "?") and with the REPUTATION they move (1.1: "You can keep up to 2 REPUTATION")."""

from __future__ import annotations

import ledger.games.loop as loop
from ledger.errors import BadInput, IllegalMove
from ledger.games.loop import data
from ledger.games.loop.model import Reject
from ledger.games.loop.view import view
from tests.loop.modes_table import begun
from tests.loop.table import Table

# --- LAWYER: "You may discard any 1 FAVOUR to REJECT a FAVOUR, even if that FAVOUR is not
# targeting you"


def _lawyer(hand: tuple[str, ...] | None = None) -> Table:
    """carol, a LAWYER; alice's ACQUIRE of bob's METAL is waiting for bob's answer."""
    table = begun(careers={"carol": "lawyer"}, players=3)
    table.give("alice", hand=("acquire",), coin=3)
    table.give("bob", materials=(("metal", 2),))
    if hand is not None:
        table.give("carol", hand=hand)
    table.play("favour alice acquire bob metal")
    return table


def test_a_lawyer_objects_only_with_a_favour_awaiting_an_answer() -> None:
    table = begun(careers={"carol": "lawyer"}, players=3)
    table.give("carol", hand=("share",))
    table.refuse("object carol share", IllegalMove, "LOOP 8.0 Lawyer")


def test_a_lawyer_discards_a_favour_held() -> None:
    """A known hand holding a SHARE only: no ACQUIRE to discard, the FAVOUR still waits."""
    table = _lawyer(hand=("share",))
    table.refuse("object carol acquire", IllegalMove, "LOOP 8.0 Lawyer")
    assert table.state.pending is not None and table.p("carol").hand == ("share",)


def test_a_lawyer_at_a_real_table_discards_an_unseen_card_named() -> None:
    """At a real table carol's hand is unseen: she names the FAVOUR she discards, and the
    ACQUIRE is REJECTed (bob keeps his METAL)."""
    table = _lawyer()
    assert set(table.p("carol").hand) == {"?"}
    table.play("object carol share")
    assert table.state.pending is None and table.p("bob").materials == (("metal", 2),)
    assert "share" in table.state.favour_discard


# --- POLITICIAN: "If that FAVOUR is what you claim it is (true), you gain 1 REPUTATION then he
# continues to choose ACCEPT or REJECT that FAVOUR as usual. If it is a lie, discard the falsely
# claimed FAVOUR to the Discard Pile."


def _face_down(hand: tuple[str, ...] | None = None, reputation: int = 0) -> Table:
    """alice, a POLITICIAN, plays a FAVOUR face down to bob claiming ACQUIRE (his METAL)."""
    table = begun(careers={"alice": "politician"})
    table.give("alice", coin=3, reputation=reputation, **({"hand": hand} if hand is not None else {}))
    table.give("bob", materials=(("metal", 2),))
    table.play("favour alice acquire bob metal --face-down" + (f" --card {hand[0]}" if hand else ""))
    return table


def test_a_true_claim_called_gains_1_reputation_up_to_2() -> None:
    table = _face_down(hand=("acquire",), reputation=1)
    table.play("call bob --card acquire")
    assert table.p("alice").reputation == 2 and table.state.pending is not None
    table = _face_down(hand=("acquire",), reputation=data.MAX_REPUTATION)
    table.play("call bob --card acquire")
    assert table.p("alice").reputation == data.MAX_REPUTATION


def test_a_lie_called_gains_no_reputation() -> None:
    table = _face_down(hand=("share",), reputation=1)
    table.play("call bob --card share")
    assert table.p("alice").reputation == 1 and table.state.pending is None
    assert "share" in table.state.favour_discard


def test_the_card_played_face_down_is_the_one_named() -> None:
    """alice holds an ACQUIRE and a SHARE and plays the SHARE face down claiming ACQUIRE: called,
    it is a lie, so the SHARE is discarded and she keeps the ACQUIRE."""
    table = begun(careers={"alice": "politician"})
    table.give("alice", hand=("acquire", "share"), coin=3, reputation=0)
    table.give("bob", materials=(("metal", 2),))
    table.play("favour alice acquire bob metal --face-down --card share", "call bob --card share")
    assert table.state.pending is None and table.p("alice").reputation == 0
    assert table.p("alice").hand == ("acquire",) and "share" in table.state.favour_discard


def test_at_a_real_table_the_caller_says_which_card_was_shown() -> None:
    """alice's hand is unseen: the card revealed is typed; true, she gains 1 REPUTATION and bob
    answers; a lie, it is discarded."""
    table = _face_down()
    assert set(table.p("alice").hand) == {"?"}
    table.refuse("call bob", BadInput)
    table.play("call bob --card acquire")
    assert table.p("alice").reputation == 1 and table.state.pending is not None
    table = _face_down()
    table.play("call bob --card resell")
    assert table.p("alice").reputation == 0 and table.state.pending is None
    assert "resell" in table.state.favour_discard


def test_at_a_real_table_the_card_shown_cannot_be_one_accounted_for() -> None:
    """2.2: 6 of each FAVOUR. With 5 RESELL in the discard pile the card shown may be the 6th;
    with all 6 there, it cannot be a RESELL."""
    for there, refused in ((data.FAVOUR_COPIES - 1, False), (data.FAVOUR_COPIES, True)):
        table = _face_down()
        table.set(favour_discard=("resell",) * there)
        if refused:
            table.refuse("call bob --card resell", IllegalMove, "LOOP 8.0 Politician")
            assert table.state.pending is not None
        else:
            table.play("call bob --card resell")
            assert table.state.favour_discard.count("resell") == data.FAVOUR_COPIES


# --- the ways to REJECT offered (2.4 b: discard a same FAVOUR, or 1 REPUTATION)


def test_the_ways_to_reject_shown_follow_the_officer_and_manners_makyth_man() -> None:
    """The answers the status shows bob: 2.4 b both ways; 8.0 OFFICER: "Your first played FAVOUR
    per turn cannot be REJECT", so none; 9.0 MANNERS MAKYTH MAN: "Cannot REJECT by discarding a
    same FAVOUR", so REPUTATION only. The moves offered (``legal``) are the same."""
    cases = (
        (False, False, {"discard", "rep"}),
        (True, False, set()),
        (False, True, {"rep"}),
    )
    for officer, manners, offered in cases:
        table = begun(careers={"alice": "officer"} if officer else None)
        if manners:
            table.set(event_active="MANNERS MAKYTH MAN")
        table.give("alice", hand=("acquire",), coin=3)
        table.give("bob", materials=(("metal", 2),), hand=("acquire",), reputation=2)
        table.play("favour alice acquire bob metal")
        pending = view(table.state).pending
        assert pending is not None
        shown = {answer.removeprefix("reject bob --") for answer in pending.answers[1:]}
        assert pending.answers[0] == "accept bob" and shown == offered, (officer, manners)
        listed = {move.by for move in loop.legal(table.state) if isinstance(move, Reject)}
        assert listed == offered, (officer, manners)


# --- SCAVENGER: "You may also play RECYCLE ... as RESELL. Your target player must REJECT by
# discarding a RESELL or deduct 1 REPUTATION; if he ACCEPT, he can only play it later as RECYCLE."


def test_a_scavenger_plays_recycle_as_resell() -> None:
    """alice, a SCAVENGER, RESELLs her GLASS@2 to bob with a RECYCLE: bob pays 2 COIN for it,
    and takes the card, a RECYCLE."""
    table = begun(careers={"alice": "scavenger"})
    table.give("alice", hand=("recycle",), materials=(("glass", 2),), coin=0)
    table.give("bob", hand=(), coin=3)
    table.play("favour alice resell bob glass@2 --card recycle", "accept bob")
    assert table.p("alice").coin == 2 and table.p("alice").hand == ()
    assert ("glass", 2) in table.p("bob").materials and table.p("bob").hand == ("recycle",)


def test_only_a_scavenger_plays_recycle_and_only_as_resell() -> None:
    table = begun(careers={"alice": "scavenger"})
    table.give("alice", hand=("recycle",), materials=(("glass", 2),), coin=3)
    table.give("bob", materials=(("metal", 2),), coin=3)
    table.refuse("favour alice acquire bob metal --card recycle", IllegalMove, "LOOP 2.4 Playing FAVOUR")
    table = begun()
    table.give("alice", hand=("recycle",), materials=(("glass", 2),))
    table.give("bob", coin=3)
    table.refuse("favour alice resell bob glass@2 --card recycle", IllegalMove, "LOOP 8.0 Scavenger")


def test_a_face_down_favour_from_a_known_hand_of_one_card_is_that_card() -> None:
    """A POLITICIAN's hand known to hold only a SHARE: the card played face down is the SHARE,
    so a call shows a lie and it is discarded."""
    table = begun(careers={"alice": "politician"})
    table.give("alice", hand=("share",), coin=3)
    table.give("bob", materials=(("metal", 2),))
    table.play("favour alice acquire bob metal --face-down", "call bob")
    assert table.state.pending is None and "share" in table.state.favour_discard


def test_a_face_down_favour_from_a_hand_partly_unseen_is_unseen() -> None:
    """alice's hand holds a known SHARE and an unseen card: the card played face down is not
    known, so the call must say what was shown."""
    table = begun(careers={"alice": "politician"})
    table.give("alice", hand=("share", "?"), coin=3)
    table.give("bob", materials=(("metal", 2),))
    table.play("favour alice acquire bob metal --face-down")
    table.refuse("call bob", BadInput)
    table.play("call bob --card acquire")
    assert table.p("alice").reputation == 2 and table.state.pending is not None
