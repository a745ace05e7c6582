"""Which Outcomes a player can still choose at the Resolution Phase, and Blind Date's Outcome 3
when no Partner can be taken (found missing by the mutation run: ``benchmarks/mutation.py
--modules pursuit-community``). A player with no Outcome they can take is passed over: the
referee records it and goes on. Card faces are the invented test data; where a case needs
Outcomes no test face has, the test gives the face in play other Outcomes (said so there)."""

from __future__ import annotations

from msgspec.structs import replace

import ledger.games.pursuit as pursuit
from ledger.errors import IllegalMove
from ledger.games.pursuit.faces import Level
from ledger.games.pursuit.model import Held, Resolved
from ledger.games.pursuit.rules import community
from ledger.games.pursuit.sections import R_BLIND_DATE, R_ENGAGE, R_OUTCOME
from tests.pursuit.table import Table, adult, pass_round, reads_back

DATE = ("BLIND DATE", "SAFETY SEMINAR", "PUMPKIN CONTEST", "BIG PROJECT AT WORK", "ROMANTIC GETAWAY")
SIX = ("TEST CHOIR", "TEST NOVEL", "TEST GARDEN", "TEST PODCAST", "TEST PIANO", "TEST SOFA")  # 6 slots

# Outcomes 1 and 2 cost more than ann has; Outcome 3 is Blind Date's Partner, for 1 Influence.
ONLY_3 = (
    Level(cost="9knowledge", reward="1sth"),
    Level(cost="9money", reward="1lth"),
    Level(cost="1influence", reward="partner"),
)


def engaged(card: str, outcomes: tuple[Level, ...] = ()) -> Table:
    """ann has engaged in ``card`` (with her token) and is left with 1 Influence and nothing
    else; ben passes. ``outcomes``: the face in play is given these instead of its own."""
    table = adult(("ann", "ben"), community=DATE)
    table.give("ann", knowledge=9, creativity=9, influence=9, money=9)
    table.play(f"engage ann {card.lower().replace(' ', '-')} --token")
    table.give("ann", knowledge=0, creativity=0, influence=1, money=0)
    if outcomes:
        faces = table.state.faces
        face = replace(faces.community[card], outcomes=outcomes)
        table.set(faces=replace(faces, community={**faces.community, card: face}))
    return table


def partners_gone(table: Table) -> None:
    """Every Partner taken or discarded: none left on the Game board to take."""
    partners = tuple(c.name for c in table.state.faces.cards.values() if c.kind == "partner")
    table.set(discarded=(*table.state.discarded, *partners))


def passed_over(table: Table, card: str) -> bool:
    """The Resolution passed ann over on ``card``: no Outcome she can take."""
    return Resolved("ann", DATE.index(card), card, 0, "no Outcome they can take") in table.events()


def test_blind_date_outcome_3_needs_a_free_slot_for_the_partner() -> None:
    """Blind Date: "You take one of the Partners on the Game board and place it in your play
    area": a full play area has no room for it; Outcome 1 (free) is still there to choose."""
    table = engaged("BLIND DATE")
    table.give("ann", cards=tuple(Held(n) for n in SIX))
    pass_round(table)
    assert community.resolving(table.state) == (0, "ann")
    error = table.refuse("outcome ann blind-date 3 --partner test-robin", IllegalMove, R_BLIND_DATE)
    assert "6 slots and 6 are taken" in str(error)
    table.play("outcome ann blind-date 1")
    assert not passed_over(table, "BLIND DATE") and "BLIND DATE" in table.state.community_discard


def test_blind_date_outcome_3_alone_is_an_outcome_while_a_partner_can_be_taken() -> None:
    """Only Outcome 3 can be paid: it is chosen while a Partner is on the Game board and a slot
    is free, and the player is passed over when every Partner is gone or the play area full.
    (The face in play is given Outcomes 1 and 2 that cost what ann does not have.)"""
    table = engaged("BLIND DATE", ONLY_3)
    pass_round(table)
    assert community.resolving(table.state) == (0, "ann")
    table.play("outcome ann blind-date 3 --partner test-robin")
    assert [h.name for h in table.p("ann").cards] == ["TEST ROBIN"]
    reads_back(table)

    table = engaged("BLIND DATE", ONLY_3)
    partners_gone(table)
    pass_round(table)
    assert passed_over(table, "BLIND DATE") and "BLIND DATE" in table.state.community_discard
    assert table.p("ann").influence == 1

    table = engaged("BLIND DATE", ONLY_3)
    table.give("ann", cards=tuple(Held(n) for n in SIX))
    pass_round(table)
    assert passed_over(table, "BLIND DATE")

    # an Outcome after the Partner's one is still looked at (a 4th, free, given to the face)
    table = engaged("BLIND DATE", (*ONLY_3, Level(reward="1sth")))
    partners_gone(table)
    pass_round(table)
    assert community.resolving(table.state) == (0, "ann")


def test_an_outcome_whose_requirement_is_not_met_is_no_choice() -> None:
    """Outcome: "Check if you meet any Outcome Requirement indicated, pay any Outcome Cost":
    an Outcome is a choice only if both hold. (SAFETY SEMINAR is given a free Outcome 1 that
    needs Popularity Score 3, and an Outcome 2 that costs 9 Money.)"""
    outcomes = (Level(requirement="3popularity", reward="1lth"), Level(cost="9money", reward="1sth"))
    table = engaged("SAFETY SEMINAR", outcomes)
    pass_round(table)
    assert passed_over(table, "SAFETY SEMINAR") and "SAFETY SEMINAR" in table.state.community_discard


def test_an_outcome_refused_says_which_card_and_outcome() -> None:
    table = engaged("SAFETY SEMINAR")
    pass_round(table)
    error = table.refuse("outcome ann safety-seminar 1", IllegalMove, R_OUTCOME)
    assert f"{R_OUTCOME}: SAFETY SEMINAR's Outcome 1 costs 1 knowledge: ann has 0 knowledge" in str(error)
    table = engaged("PUMPKIN CONTEST")
    table.give("ben", money=9)
    pass_round(table)
    error = table.refuse("outcome ann pumpkin-contest 1", IllegalMove, R_OUTCOME)
    assert f"{R_OUTCOME}: PUMPKIN CONTEST's Outcome 1 requires" in str(error)


def test_popularity_lth_after_a_life_has_ended_only_while_others_still_play() -> None:
    """Popularity Track: "You gain LTH equal to your Popularity Score. This also applies even
    after your in-game life has come to an end, as long as there are other players still in
    the game": the last life ending at this Resolution leaves nobody to gain it. (SAFETY
    SEMINAR's Outcome 1 is given a cost of 1 Stress; test settings: 12 Stress spaces.)"""
    table = engaged("SAFETY SEMINAR", (Level(cost="1stress", reward="1lth"),))
    table.give("ann", stress=11, popularity=3)
    table.give("ben", alive=False, hourglasses=0, popularity=3)
    pass_round(table)
    table.play("outcome ann safety-seminar 1")
    assert not table.p("ann").alive and table.state.phase == "over"
    assert [table.p(name).lth_from.get("popularity") for name in ("ann", "ben")] == [None, None]


def test_a_player_whose_life_has_ended_is_passed_over_and_leaves_the_turn_order() -> None:
    """A life that ends (Stress past the last space: test settings) leaves its engagements
    without an Outcome, as nobody is left to choose one, and the next rounds' turns."""
    table = engaged("SAFETY SEMINAR")
    table.give("ann", stress=11)
    table.play("adjust ann +1stress --why 'a Child Trait the referee does not model'")
    assert not table.p("ann").alive
    pass_round(table)
    assert Resolved("ann", 1, "SAFETY SEMINAR", 0, "their life has ended") in table.events()
    assert table.state.round == 2 and table.state.order == ()
    while table.state.phase != "action":
        table.apply(next(iter(pursuit.legal(table.state))))
    assert table.state.order == ("ben",)


def test_engaging_in_a_card_not_on_the_community_board() -> None:
    table = engaged("SAFETY SEMINAR")
    table.play("pass ben")
    error = table.refuse("engage ann test-happening-9", IllegalMove, R_ENGAGE)
    assert "TEST HAPPENING 9 is not on the Community board" in str(error)
