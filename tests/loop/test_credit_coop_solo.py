"""LOOP 5.4 CREDIT CARD, 6.0 to 6.3 Cooperative Mode and 7.0 to 7.3 Solo Mode, each sentence
a test where it can be one; expected values from the text."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

import ledger.games.loop as loop
from ledger.errors import BadInput, IllegalMove, NotYourTurn
from ledger.games.loop import data
from ledger.games.loop.model import FavoursReturned, Goal, Payoff
from tests.loop.modes_table import begun
from tests.loop.table import Table
from tests.loop.test_rulebook import PICNIC

# --- 5.4 CREDIT CARD


def test_apply_gives_4_coin_and_a_quality_1_material_from_the_buy_area() -> None:
    """5.4: "take 4 COIN from WORK AREA and 1 MATERIAL at QUALITY 1 from the 5 face-up MATERIAL
    in BUY AREA as a Welcoming Gift"."""
    table = begun()
    table.play("apply alice metal")
    alice = table.p("alice")
    assert alice.coin == 2 + 4 and ("metal", 1) in alice.materials and alice.credit == ((0, 0),)
    assert "metal" not in table.state.buy_area


def test_apply_names_a_buy_area_card() -> None:
    table = begun()
    table.refuse("apply alice", BadInput)
    table.set(buy_area=("food", "glass"))
    table.refuse("apply alice metal", IllegalMove, "LOOP 5.4 CREDIT CARD")


def test_apply_with_an_empty_buy_area_gives_no_material() -> None:
    """Reading: with no card in the BUY AREA there is no Welcoming Gift MATERIAL."""
    table = begun()
    table.set(buy_area=())
    table.play("apply alice")
    assert table.p("alice").coin == 6 and len(table.p("alice").credit) == 1


def test_apply_only_in_ones_own_turn() -> None:
    table = begun()
    table.refuse("apply bob glass", NotYourTurn)


def test_every_card_is_paid_1_or_2_coin_each_turn_before_the_turn_ends() -> None:
    """5.4: "You must PAYOFF each and every one of your CREDIT CARD during your turn ... place 1
    or 2 COIN on top of it ... (cannot pay more than 2)"."""
    table = begun()
    table.play("apply alice glass", "work alice")
    table.refuse("end alice", IllegalMove, "LOOP 5.4 CREDIT CARD")
    table.refuse("payoff alice 3", BadInput)  # outside the grammar (payoff PLAYER 1|2): exit 2
    table.play("payoff alice 2")
    table.refuse("payoff alice 1", IllegalMove, "LOOP 5.4 CREDIT CARD")  # 2 this turn already
    assert table.p("alice").credit == ((2, 2),)
    table.play("end alice")


def test_a_card_is_clear_at_5_coin() -> None:
    """5.4: "A CREDIT CARD's debt is clear when 5 COIN are paid. Return them all to the WORK
    AREA"."""
    table = begun()
    table.give("alice", credit=((4, 0),), coin=3)
    table.refuse("payoff alice 2", IllegalMove, "LOOP 5.4 CREDIT CARD")  # 1 is owed
    table.play("payoff alice 1")
    assert table.p("alice").credit == () and table.p("alice").coin == 2


def test_without_coin_to_payoff_apply_again() -> None:
    """5.4: "If you have not enough COIN to PAYOFF, you must APPLY for another CREDIT CARD"."""
    table = begun()
    table.give("alice", credit=((0, 0),), coin=0)
    error = table.refuse("payoff alice 1", IllegalMove, "LOOP 5.4 CREDIT CARD")
    assert "apply alice" in str(error)


def test_payoff_with_exactly_the_coin_owed_this_turn() -> None:
    table = begun()
    table.give("alice", credit=((0, 0),), coin=2)
    table.play("payoff alice 2")
    assert table.p("alice").coin == 0 and table.p("alice").credit == ((2, 2),)


def test_the_turn_waits_for_every_card() -> None:
    """5.4: "You must PAYOFF each and every one of your CREDIT CARD during your turn"."""
    table = begun()
    table.give("alice", credit=((1, 0), (0, 0), (3, 1)), coin=9)
    table.play("work alice")
    error = table.refuse("end alice", IllegalMove, "LOOP 5.4 CREDIT CARD")
    assert str(error).startswith("LOOP 5.4 CREDIT CARD: alice has not paid CREDIT CARD 1, 2 this turn")
    assert error.legal == "payoff alice 1 --card 1"
    table.play("payoff alice 1 --card 1", "payoff alice 2 --card 2", "end alice")


def test_apply_when_an_immediate_event_affects_you() -> None:
    """5.4: APPLY "anytime during your turn, or when you are affected by an IMMEDIATE EVENT":
    between turns, the player whose part of it is being resolved, and no other."""
    table = begun()
    table.set(current="INSURANCE", resolving=("bob", "alice"), phase="refill", ending="events")
    table.refuse("apply alice glass", NotYourTurn, "LOOP 5.4 CREDIT CARD")
    table.play("apply bob glass")
    assert len(table.p("bob").credit) == 1 and table.p("bob").coin == 2 + 4


def test_no_apply_between_turns_otherwise() -> None:
    table = begun()
    table.give("alice", coin=2)
    table.play("buy alice glass:1", "end alice")
    assert table.state.phase == "refill" and not table.state.resolving
    table.refuse("apply alice metal", NotYourTurn, "LOOP 5.4 CREDIT CARD")
    table.refuse("apply bob metal", NotYourTurn, "LOOP 5.4 CREDIT CARD")


def test_an_apply_pays_the_coin_owed_to_whom_it_is_owed() -> None:
    """9.0 REPURCHASE: "Give 1 COIN to a player"; with none, alice APPLYs (5.4) and the COIN
    goes to that player from the new COIN at once."""
    table = begun()
    table.give("alice", coin=0)
    table.give("bob", coin=0, landfill=("glass",))
    table.set(current="REPURCHASE", resolving=("alice", "bob"), phase="refill", ending="events")
    table.play("event alice bob glass")
    assert [(o.player, o.coin, o.to) for o in table.state.owed] == [("alice", 1, "bob")]
    events = table.play("apply alice metal")
    assert table.p("alice").coin == 4 - 1 and table.p("bob").coin == 1
    assert "alice pays 1 COIN to bob (REPURCHASE)" in map(loop.describe, events)


def test_an_apply_settles_coin_owed_down_to_the_last_coin() -> None:
    """The new 4 COIN pay 4 owed exactly; 5 owed wait for another APPLY."""
    for owed, settled in ((4, True), (5, False)):
        table = begun()
        table.give("alice", coin=0)
        table.set(current="INSURANCE", resolving=("alice", "bob"), phase="refill", ending="events")
        table.play("event alice lose")
        table.set(owed=(replace(table.state.owed[0], coin=owed),))
        table.play("apply alice glass")
        assert (not table.state.owed) == settled
        assert table.p("alice").coin == (0 if settled else 4)


def test_forced_into_debt() -> None:
    """5.4: "If WORK is your only option but you have not enough HAPPINESS to deduct, you must
    APPLY for a CREDIT CARD and choose to BUY or CONSUME instead" (SCHOLAR's SALARY costs 2)."""
    table = begun(careers={"alice": "scholar"})
    table.give("alice", happiness=1, coin=0)
    table.refuse("work alice", IllegalMove, "LOOP 5.4 CREDIT CARD")
    table.play("apply alice glass", "buy alice metal:1", "payoff alice 1", "end alice")


def test_with_no_buy_or_consume_even_after_an_apply_work_is_2_2_a() -> None:
    """5.4 asks for an APPLY only "If WORK is your only option": with the BUY AREA empty and
    nothing to CONSUME, no APPLY opens a BUY or CONSUME, so 2.2 a holds: "If you do not have
    enough HAPPINESS to deduct, take 1 COIN and end turn immediately"."""
    table = begun(careers={"alice": "scholar"})
    table.set(buy_area=())
    table.give("alice", happiness=1, coin=0, materials=())
    table.play("work alice")
    alice = table.p("alice")
    assert (alice.coin, alice.happiness, alice.credit) == (1, 1, ())
    assert "alice" not in loop.to_act(table.state)


def test_forced_into_debt_when_only_a_buy_would_follow() -> None:
    """Nothing to CONSUME even with the Welcoming Gift: the BUY the new COIN pays for is what
    makes WORK not the only option."""
    table = begun(careers={"alice": "scholar"})
    table.give("alice", happiness=1, coin=0, materials=())
    table.refuse("work alice", IllegalMove, "LOOP 5.4 CREDIT CARD")


def test_forced_into_debt_when_only_the_welcoming_gift_makes_a_consume() -> None:
    """9.0 BAD DEBT forbids a BUY once a CREDIT CARD is owned; alice holds a PLASTIC, so the
    GLASS taken as the Welcoming Gift makes DANCE (GLASS + PLASTIC) a CONSUME: WORK is not her
    only option."""
    table = begun(careers={"alice": "scholar"})
    table.set(event_active="BAD DEBT", buy_area=("glass", "metal"))
    table.give("alice", happiness=1, coin=0, materials=(("plastic", 1),))
    table.refuse("work alice", IllegalMove, "LOOP 5.4 CREDIT CARD")
    table.play("apply alice glass", "consume alice dance=glass,plastic")


def test_forced_into_debt_under_red_gown_counts_a_buy_at_quality_4() -> None:
    """9.0 RED GOWN: "you must BUY at the same or higher QUALITY than your current highest
    QUALITY MATERIAL": with a METAL@4 held and 4 COIN, a BUY at QUALITY 4 is open."""
    table = begun(careers={"alice": "scholar"})
    table.set(event_active="RED GOWN")
    table.give("alice", happiness=1, coin=4, reputation=0, materials=(("metal", 4),))
    table.refuse("work alice", IllegalMove, "LOOP 5.4 CREDIT CARD")
    table.play("buy alice glass:4")


def test_forced_into_debt_counts_a_buy_at_quality_1_before_any_apply() -> None:
    """9.0 BAD DEBT ("cannot choose BUY" once a CREDIT CARD is owned) leaves only the BUY made
    before an APPLY: 1 COIN buys a MATERIAL at QUALITY 1 (2.2 b), so WORK is not the only
    option (5.4) and is refused; with no COIN it is, and 2.2 a's WORK is taken."""
    table = begun(careers={"alice": "scholar"})
    table.set(event_active="BAD DEBT", buy_area=("metal",))
    table.give("alice", happiness=1, coin=1, reputation=0, materials=())
    table.refuse("work alice", IllegalMove, "LOOP 5.4 CREDIT CARD")
    table.play("buy alice metal:1")
    assert ("metal", 1) in table.p("alice").materials

    broke = begun(careers={"alice": "scholar"})
    broke.set(event_active="BAD DEBT", buy_area=("metal",))
    broke.give("alice", happiness=1, coin=0, materials=())
    broke.play("work alice")
    assert broke.p("alice").coin == 1 and broke.p("alice").credit == ()


def test_forced_into_debt_under_bogof_counts_the_buy_with_its_free_card() -> None:
    """9.0 BOGOF: "For every MATERIAL you BUY, you must take 1 MATERIAL at QUALITY 1 from the BUY
    AREA": after an APPLY, a BUY with its free card is possible, so WORK is refused (5.4)."""
    table = begun(careers={"alice": "scholar"})
    table.set(event_active="BOGOF", buy_area=("metal", "glass", "food", "plastic"))
    table.give("alice", happiness=1, coin=0, materials=())
    table.refuse("work alice", IllegalMove, "LOOP 5.4 CREDIT CARD")
    table.play("apply alice metal", "buy alice glass:1 --free food")  # 1 free card per card bought
    assert {("glass", 1), ("food", 1)} <= set(table.p("alice").materials)


def test_landfill_tax_out_of_turn_forces_an_apply_at_once() -> None:
    """9.0 LANDFILL TAX: "If he cannot afford to pay, he must APPLY for a CREDIT CARD
    immediately" (bob, not active, whose card breaks in alice's SHARE)."""
    table = begun()
    table.set(event_active="LANDFILL TAX")
    table.give("alice", materials=(("plastic", 2),), hand=("share",))
    table.give("bob", materials=(("glass", 1),), coin=0)
    table.play("favour alice share bob glass@1", "accept bob", "consume alice dance=bob:glass,plastic")
    assert loop.to_act(table.state) == ["bob"]
    table.refuse("end alice", NotYourTurn)
    table.play("apply bob food")
    assert table.p("bob").coin == 4 - 1 and len(table.p("bob").credit) == 1
    assert loop.to_act(table.state) == ["alice"]


# --- 6.0 to 6.3 Cooperative Mode


def test_cooperative_hands_are_1_of_each_red_favour_and_no_draw() -> None:
    """6.1: "Each player starts with 1 set of 5 red FAVOUR in hand (1 of each). Remove the rest";
    6.2: "You will not draw FAVOUR at the start of your turn"."""
    table = begun("cooperative")
    for name in ("alice", "bob"):
        assert table.p(name).hand == data.FAVOURS
    assert len(table.state.favours_removed) == data.FAVOUR_TOTAL - 2 * len(data.FAVOURS)
    assert table.state.favour_deck == ()


def test_cooperative_favour_lies_face_up_and_takes_effect_without_an_answer() -> None:
    """6.2: "you place it face-up to the left of your AREA ... There is no REJECT in Cooperative
    Mode ... The effect must take place"; the target gains no REPUTATION (nothing is ACCEPTed)."""
    table = begun("cooperative")
    table.give("alice", coin=3)
    table.give("bob", materials=(("metal", 2),), reputation=0)
    table.play("favour alice acquire bob metal")
    assert table.state.pending is None
    assert ("metal", 2) in table.p("alice").materials and table.p("bob").coin == 2 + 2
    assert table.p("alice").played == ("acquire",) and "acquire" not in table.p("alice").hand
    assert table.p("bob").reputation == 0
    table.refuse("reject bob --rep", IllegalMove)


def test_cooperative_played_favours_come_back_only_on_work() -> None:
    """6.2: "You will and only will take all your played FAVOUR back into your hand when you
    WORK"."""
    table = begun("cooperative")
    table.give("alice", coin=3)
    table.give("bob", materials=(("metal", 2),))
    table.play("favour alice acquire bob metal")
    table.refuse("favour alice acquire bob metal", IllegalMove)
    table.play("work alice")
    assert table.p("alice").played == () and table.p("alice").hand == data.FAVOURS


def test_a_work_with_no_favour_played_takes_none_back() -> None:
    """6.2 and 7.0 take back "all your played FAVOUR" on WORK: with none played (Cooperative
    Mode) or none ever played face up (Competitive Mode, 2.4: the target takes it), the WORK
    records no FAVOUR taken back."""
    for mode in ("cooperative", "competitive"):
        table = begun(mode)
        events = table.play("work alice")
        assert not any(isinstance(e, FavoursReturned) for e in events), mode


def test_cooperative_burns_a_material_after_each_full_round() -> None:
    """6.2: "At every turn end of the last player ... discard the top MATERIAL from deck"."""
    table = begun("cooperative")
    deck = len(table.state.material_deck)
    table.play("work alice", "end alice")
    assert table.state.burned == () and len(table.state.material_deck) == deck
    table.play("work bob", "end bob")
    assert loop.to_act(table.state) == ["table"]
    table.play("reveal material food")
    assert table.state.burned == ("food",) and len(table.state.material_deck) == deck - 1


def test_cooperative_burn_depletion_has_no_penalty() -> None:
    """6.2: "If DEPLETION occurs now, the DEPLETION Penalty does not apply to any player"; and
    2.8: "The game ends immediately when the player on the right to the starting player
    completes his turn": the burn is at that turn's end, so this round was the final one."""
    table = begun("cooperative")
    table.set(material_deck=("food",))
    table.play("work alice", "end alice", "work bob", "end bob", "reveal material food")
    assert table.state.depleted and table.state.final_round == "depletion"
    assert table.p("alice").depletion == 0 and table.p("bob").depletion == 0
    assert table.state.phase == "over" and table.state.round == 1


def test_cooperative_team_wins_only_if_everyone_reaches_11() -> None:
    """6.3: "You win if all of you reach HAPPINESS 11 (flag) or above after the DEPLETION Penalty,
    Debt Penalty, and LANDFILL Penalty are factored"."""
    table = begun("cooperative")
    table.give("alice", happiness=12)
    table.give("bob", happiness=11)
    table.set(phase="over")
    sheet = loop.score(table.state)
    assert sheet.winners == ["alice", "bob"]
    assert sheet.notes[0].startswith("LOOP 6.3: the team wins")
    assert "alice +1, bob +0" in sheet.notes[0]
    table.give("bob", happiness=12, credit=((3, 0),))  # 12 - 2 = 10 after the Debt Penalty
    sheet = loop.score(table.state)
    assert sheet.winners == [] and sheet.notes[0].startswith("LOOP 6.3: the team loses")
    assert {line.player: line.categories["margin"] for line in sheet.lines} == {"alice": 1, "bob": -1}


# --- 7.0 to 7.3 Solo Mode


def test_solo_setup() -> None:
    """7.1: the 5 blue FAVOUR in hand, the red put away; 4 GOAL; 1.0 for 1 player."""
    table = begun("solo")
    alice = table.p("alice")
    assert alice.hand == data.BLUE_FAVOURS
    assert len(table.state.favours_removed) == data.FAVOUR_TOTAL
    assert loop.view(table.state).players["alice"].goals_left == 4


def test_solo_is_for_1_player() -> None:
    from ledger.decider import Setup

    setup = Setup(game="loop", rules_version=loop.rules_version, players=("a", "b"), mode="solo")
    try:
        loop.initial(setup)
    except BadInput as error:
        assert "Solo Mode is for 1 player" in str(error)
    else:  # pragma: no cover
        raise AssertionError("2 players in Solo")


# The 5 blue FAVOUR (7.0): tests/loop/test_solo_blue.py


def test_solo_burns_a_material_at_each_turn_end() -> None:
    """7.0: "At the end of each turn, flip over and discard the top MATERIAL from deck"."""
    table = begun("solo")
    deck = len(table.state.material_deck)
    table.play("work alice", "end alice", "reveal material food")
    assert table.state.burned == ("food",) and len(table.state.material_deck) == deck - 1


def test_solo_refill_of_a_known_type_still_waits_for_its_exhibited_quality() -> None:
    """7.0: each BUY AREA card shows an Exhibited QUALITY the table reads off it: a refill
    from a deck of one type only is not the referee's to flip, as it is in the other modes."""
    table = begun("solo")
    table.set(material_deck=("metal", "metal"))
    table.give("alice", coin=3)
    table.play("buy alice glass:1", "end alice")
    assert len(table.state.buy_area) == data.SLOTS - 1 and loop.to_act(table.state) == ["table"]
    table.play("reveal material metal@2")
    assert ("metal", 2) in table.state.exhibited


def test_solo_refill_types_the_exhibited_quality() -> None:
    """7.0: the typed view and the reveals carry each BUY AREA card's Exhibited QUALITY."""
    table = begun("solo")
    table.give("alice", coin=3)
    table.play("favour alice acquire metal@2", "work alice", "end alice")
    table.refuse("reveal material glass", BadInput)
    table.play("reveal material glass@3")
    assert ("glass", 3) in table.state.exhibited
    view = loop.view(table.state)
    assert {(m.type, m.quality) for m in view.exhibited} == set(table.state.exhibited)


def test_solo_threshold() -> None:
    """7.3: "You win if you reach HAPPINESS 11 (flag) or above after the DEPLETION Penalty, Debt
    Penalty, and LANDFILL Penalty are factored"."""
    table = begun("solo")
    table.give("alice", happiness=12, landfill=("food",) * 6)  # 12 - 2 = 10
    table.set(phase="over")
    sheet = loop.score(table.state)
    assert sheet.winners == [] and sheet.notes[0].startswith("LOOP 7.3: alice loses")
    table.give("alice", landfill=("food",) * 3)  # 12 - 1 = 11
    sheet = loop.score(table.state)
    assert sheet.winners == ["alice"] and "margin to 11: alice +0" in sheet.notes[0]


def _goals_offered(table: Table) -> list[str]:
    return [move.goal for move in loop.legal(table.state) if isinstance(move, Goal)]


@pytest.mark.parametrize(("mode", "goals"), [("competitive", 3), ("solo", 4)])
def test_goal_is_offered_while_the_player_has_a_goal_left(mode: str, goals: int) -> None:
    """4.0: "Starting GOAL No. Random 3 ... Random 4" (7.1 Solo: "Draw 4 random GOAL to start
    with instead of 3"); 2.3: each GOAL "can only be achieved once". HOBBY met in a CONSUME turn
    (among others) is offered as the last GOAL left, and no GOAL once all are achieved."""
    held = ("FAMILY TIME", "NATURE LOVER", "BOOKWORM", "FOODIE")
    for achieved, offered in ((held[: goals - 1], True), (held[:goals], False)):
        table = begun(mode)
        table.give(
            "alice", kept=(PICNIC, PICNIC), materials=(("glass", 2), ("plastic", 2)), achieved=achieved
        )
        table.play("consume alice dance=glass,plastic")
        assert ("HOBBY" in _goals_offered(table)) is offered
        assert bool(_goals_offered(table)) is offered
        if offered:
            table.play("goal alice hobby")
            assert len(table.p("alice").achieved) == goals
        else:
            table.refuse("goal alice hobby", IllegalMove, "LOOP 2.3 Achieving GOAL")


def test_apply_with_an_empty_buy_area_gives_no_welcoming_gift() -> None:
    """5.4: APPLY gives "4 COIN ... and 1 MATERIAL at QUALITY 1 from the 5 face-up MATERIAL in
    BUY AREA": with none face up there, the 4 COIN only."""
    table = begun()
    table.set(buy_area=())
    table.give("alice", coin=0, materials=(("glass", 2),))
    table.play("apply alice")
    assert table.p("alice").coin == 4 and table.p("alice").materials == (("glass", 2),)


def test_legal_lists_a_payoff_of_1_and_of_2_coin_for_each_card() -> None:
    """5.4: "place 1 or 2 COIN on top of it ... (cannot pay more than 2)", for each card."""
    table = begun()
    table.give("alice", credit=((1, 0), (0, 0)), coin=9)
    payoffs = sorted((m.card, m.coin) for m in loop.legal(table.state) if isinstance(m, Payoff))
    assert payoffs == [(1, 1), (1, 2), (2, 1), (2, 2)]
