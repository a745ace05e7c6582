"""Two rules in one move, in the order the texts fix (issue 21): each test fails if the order
is swapped. The other places are guarded in ``test_rules.py``, ``test_flow.py`` and
``test_outcomes.py``.

A requirement, a cost and a reward of one card are checked, paid and gained in that order;
the order shows where the cost and the reward move one counter kept on its track: at the
rightmost Popularity space, losing 1 Popularity and then gaining 2 leaves 1 excess (1 LTH),
gaining first would leave 2 excess and the indicator a space to the left. No card of the test
data (``fixtures/pursuit-test-cards.toml``, not the publisher's) has such a cost and reward,
so each test gives one card these (a worked example, as the rulebooks' pictures set them up).
Test setting popularity 1,2,2,2,2,2: 11 spaces, the last one (10) in Score 5.
"""

from __future__ import annotations

from msgspec.structs import replace

from ledger.errors import IllegalMove
from ledger.games.pursuit.faces import Level
from ledger.games.pursuit.model import Held
from ledger.games.pursuit.sections import R_FRIENDS
from tests.pursuit.table import Table, adult, lay_out, pass_round

LAST = 10  # the rightmost Popularity space
BOARD = ("SAFETY SEMINAR", "ORGANIZE A PARTY", "RENAISSANCE FAIR", "BIG PROJECT AT WORK", "ROMANTIC GETAWAY")
SWAP = Level(requirement="2knowledge", cost="2knowledge 1popularity", reward="2popularity")


def _community(table: Table, name: str, *, engage: Level | None = None, outcome: Level | None = None) -> None:
    """The Community card ``name`` with this Engage, or this Outcome 1."""
    faces = table.state.faces
    face = faces.community[name]
    if engage is not None:
        face = replace(face, engage=engage)
    if outcome is not None:
        face = replace(face, outcomes=(outcome, *face.outcomes[1:]))
    table.set(faces=replace(faces, community={**faces.community, name: face}))


def _card(table: Table, name: str, level: int, **fields: str) -> None:
    """The card ``name`` with level ``level`` (1 on) changed."""
    faces = table.state.faces
    face = faces.cards[name]
    levels = list(face.levels)
    levels[level - 1] = replace(levels[level - 1], **fields)
    table.set(faces=replace(faces, cards={**faces.cards, name: replace(face, levels=tuple(levels))}))


def test_an_engage_checks_its_requirement_pays_its_cost_then_gains_its_reward() -> None:
    """Engage in Community: "check if you meet any Engage Requirement indicated, pay any Engage
    Cost depicted, and gain any corresponding Engage Reward". Requirement 2 Knowledge, cost 2
    Knowledge and 1 Popularity, reward 2 Popularity; ann has 2 Knowledge, on the last space."""
    table = adult(("ann", "ben"), community=BOARD)
    _community(table, "SAFETY SEMINAR", engage=SWAP)
    table.give("ann", knowledge=2, popularity=LAST)
    table.play("engage ann safety-seminar --token")
    ann = table.p("ann")
    assert (ann.knowledge, ann.popularity, ann.lth_from.get("overflow", 0)) == (0, LAST, 1)


def test_an_outcome_checks_its_requirement_pays_its_cost_then_gains_its_reward() -> None:
    """Outcome: "Check if you meet any Outcome Requirement indicated, pay any Outcome Cost
    depicted, gain any corresponding Outcome Reward". Outcome 1 as the Engage above; then the
    Resolution ends: "You gain LTH equal to your Popularity Score" (5), and the indicator one
    space to the left."""
    table = adult(("ann", "ben"), community=BOARD)
    _community(table, "SAFETY SEMINAR", outcome=SWAP)
    table.play("engage ann safety-seminar --token", "pass ben", "pass ann")
    table.give("ann", knowledge=2, popularity=LAST)
    table.play("outcome ann safety-seminar 1")
    ann = table.p("ann")
    assert (ann.knowledge, ann.lth_from.get("overflow", 0), ann.lth_from.get("popularity", 0)) == (0, 1, 5)
    assert ann.popularity == LAST - 1


def test_a_pet_taken_pays_its_l1_cost_then_gains_its_l1_reward() -> None:
    """Pets: "pay the L1 Cost of the card and place it in your play area. Receive the L1
    Reward". KOI's L1 given the cost 1 Popularity and the reward 2 Popularity."""
    table = adult(("ann", "ben"))
    _card(table, "KOI", 1, cost="1popularity", reward="2popularity")
    table.give("ann", popularity=LAST)
    table.play("spend ann koi")
    ann = table.p("ann")
    assert (ann.popularity, ann.lth_from.get("overflow", 0)) == (LAST, 1)


def test_a_career_job_at_the_upkeep_pays_its_level_cost_then_gains_its_reward() -> None:
    """School: "your Career Job automatically advances to the next Level: Move the Level
    indicator there and pay the depicted Level Cost to gain the corresponding Level Reward".
    TEST DANCER's L2 given the cost 1 Popularity and the reward 2 Popularity."""
    table = adult(("ann", "ben"))
    _card(table, "TEST DANCER", 2, cost="1popularity", reward="2popularity")
    table.give("ann", cards=(Held("TEST DANCER"),))
    pass_round(table)
    lay_out(table)
    assert table.state.phase == "upkeep"
    table.give("ann", popularity=LAST)
    table.play("upkeep ann")
    ann = table.p("ann")
    assert (ann.popularity, ann.lth_from.get("overflow", 0)) == (LAST, 1)


def test_start_friendship_checks_the_l1_requirement_before_the_l1_reward() -> None:
    """Friends: "check if you meet the L1 Requirement and place it your play area. Then,
    receive the L1 Reward". TEST FRIEND 6 asks a Popularity Score of 1 and gives 1
    Popularity: ann on space 0 (Score 0) cannot start it, the reward would not count; on
    space 1 she can, and moves to space 2."""
    table = adult(("ann", "ben"), friends=("TEST FRIEND 6",))
    table.give("ann", popularity=0)
    error = table.refuse("start-friendship ann test-friend-6", IllegalMove, R_FRIENDS)
    assert "popularity" in str(error).lower()
    table.give("ann", popularity=1)
    table.play("start-friendship ann test-friend-6")
    assert table.p("ann").popularity == 2 and any(h.name == "TEST FRIEND 6" for h in table.p("ann").cards)


def test_a_career_job_that_retires_at_this_upkeep_pays_its_retirement_only_from_the_next() -> None:
    """School: "Once advanced to the final Level ... Thereafter, during each subsequent Upkeep
    Phase you will receive the depicted Retirement Upkeep Reward"; the Rugby Player example:
    "the Level indicator is moved onto the final Level ... he must pay 1 Influence and lose 1
    STH to gain 3 Money, 1 Relax, and 2 LTH. As he retires, he sets aside the card which will
    provide him with 3 Money during each subsequent Upkeep Phase." So 3 Money at the upkeep
    it retires (its L3), and 3 at the next (the Retirement)."""
    table = adult(("ann", "ben"))
    table.give("ann", cards=(Held("RUGBY PLAYER", 2),), influence=1)
    pass_round(table)
    lay_out(table)
    money = table.p("ann").money
    table.play("upkeep ann")
    assert table.p("ann").money == money + 3 and table.p("ann").cards[0].status == "retired"
    pass_round(table)
    lay_out(table)
    assert table.p("ann").money == money + 3 + 3


def test_a_preparation_discards_the_5th_card_if_any_before_the_rest_slide_right() -> None:
    """Community: "During the Preparation Phase (starting from the 2nd Adult round), discard
    the card on the 5th slot of the Community board (if any), slide any remaining cards to the
    right, and draw new ones to fill the empty slots." The 5th card (SAFETY SEMINAR) was
    resolved and discarded: nothing is on the 5th slot, so nothing more is discarded, and the
    other 4 slide right (sliding first would put ROMANTIC GETAWAY on the 5th slot to discard)."""
    cards = (
        "ORGANIZE A PARTY",
        "RENAISSANCE FAIR",
        "BIG PROJECT AT WORK",
        "ROMANTIC GETAWAY",
        "SAFETY SEMINAR",
    )
    table = adult(("ann", "ben"), community=cards)
    table.play("engage ann safety-seminar --token", "pass ben", "pass ann", "outcome ann safety-seminar 2")
    assert table.state.phase == "preparation" and table.state.round == 2
    assert [slot.card for slot in table.state.community] == ["", *cards[:4]]
    assert table.state.community_discard == ("SAFETY SEMINAR",)
