"""The moves the status prompt names for whoever must act now (``view.verbs``: "alice: work |
buy | consume | goal | favour | end"), situation by situation, as the rulebook opens them; and
the parts of the typed view that follow the game as it is played (GOAL left and achieved, the
CAREER deck, the final round, the ACTIVITY Discard Pile, SHAREs, the winners).

Test-deck faces used here: DANCE glass+plastic; PICNIC food+utility; COOKING food+food. The
starting table (``started``): alice holds glass@2 and 2 COIN, bob plastic@2; the CONSUME AREA
holds DANCE, PICNIC x2, LIBRARY and COOKING; each hand is dealt face down (1.0).
"""

from __future__ import annotations

import ledger.games.loop as loop
from ledger.games.loop.model import Kept
from ledger.games.loop.rules.core import LEGACY
from ledger.games.loop.view import Material, Share
from tests.loop.modes_table import Competitive, Cooperative, Solo, begun, virtual
from tests.loop.table import Table, started

DANCE_READY = (("glass", 2), ("plastic", 2))  # DANCE may be CONSUMEd (2.2 c)
PICNIC = Kept("PICNIC", ("food", "utility"))
COOKING = Kept("COOKING", ("food", "food"))


def verbs(table: Table) -> list[str]:
    return loop.view(table.state).verbs


def public_answers(table: Table) -> list[str]:
    """The answers to the FAVOUR awaiting one, as a viewer who is nobody's player sees them."""
    pending = loop.view(table.state).pending
    assert pending is not None
    return pending.answers


# --- Basic Mode: the table's part (1.0, 2.7)


def test_the_table_declares_the_faces_then_reveals_the_cards() -> None:
    """1.0: with virtual decks every card face is declared before the deal; at a real table the
    starting MATERIAL and the CONSUME AREA are flipped and typed; 2.7: "When you are done, flip
    over new MATERIAL and/or ACTIVITY to refill all empty card slots"."""
    assert verbs(Table(2, seed=1, cards=False)) == ["declare"]
    table = Table(2)
    assert verbs(table) == ["reveal"]
    table = started()
    table.play("buy alice food:1", "end alice")
    assert table.state.phase == "refill" and verbs(table) == ["reveal"]
    table.play("reveal material glass")
    assert verbs(table) == ["work", "buy", "favour"]  # bob's turn


def test_a_modes_table_declares_the_faces_first_too() -> None:
    """1.0 and 5.1: Competitive Mode sets up as Basic Mode does, so a virtual game waits for
    every card face before anything is dealt."""
    assert verbs(Competitive(2, seed=1, cards=False)) == ["declare"]


def test_active_names_whose_turn_it_is_only_once_turns_have_begun() -> None:
    """2.1: the starting player plays first once setup is done; 2.7: the turn passes only after
    the table has refilled the card slots, so alice is still the one whose turn it is then."""
    assert loop.view(Table(2).state).active is None
    table = started()
    assert loop.view(table.state).active == "alice"
    table.play("buy alice food:1", "end alice")
    assert loop.view(table.state).active == "alice"
    table.play("reveal material glass")
    assert loop.view(table.state).active == "bob"


# --- Basic Mode: a turn (2.2 to 2.7)


def test_a_turn_opens_with_work_buy_and_a_consume_that_can_be_paid() -> None:
    """2.2: "you must do 1 and only 1 of these 3 actions" (WORK, BUY, CONSUME), CONSUME only
    when an ACTIVITY's 2 colours can be paid (DANCE: glass and plastic); 2.3: a GOAL may be
    placed "anytime during your CONSUME turn"; 2.4: FAVOUR "anytime in your turn"; 2.7: "you
    must choose to either WORK, BUY, or CONSUME before turn end", so no end yet. 2.5 c) needs
    2 REPUTATION: alice has none."""
    table = started()
    table.give("alice", materials=DANCE_READY)
    assert verbs(table) == ["work", "buy", "consume", "goal", "favour"]


def test_two_reputation_open_rep_happiness_where_a_consume_is_possible() -> None:
    """2.5 c) "Only when CONSUME Spend 2 REPUTATION to get 1 HAPPINESS"."""
    table = started()
    table.give("alice", materials=DANCE_READY, reputation=2)
    assert verbs(table) == ["work", "buy", "consume", "goal", "rep-happiness", "favour"]
    table.give("alice", reputation=1)
    assert verbs(table) == ["work", "buy", "consume", "goal", "favour"]


def test_a_basic_1_game_has_no_rep_happiness_move() -> None:
    """A game recorded under the first rules version keeps its rules: REPUTATION bought
    HAPPINESS only within a ``consume`` move there (``consume --rep-happiness``)."""
    table = started(rules_version=LEGACY)
    table.give("alice", materials=DANCE_READY, reputation=2)
    assert verbs(table) == ["work", "buy", "consume", "goal", "favour"]


def test_in_a_consume_turn_goal_stays_open_after_the_consume() -> None:
    """2.3: "Place achieved GOAL ... anytime during your CONSUME turn"; 2.5 c) in the CONSUME
    turn; 2.2 c) "up to 3 ACTIVITY in 1 turn": PICNIC is still payable after DANCE; then the
    turn may end (2.7)."""
    table = started()
    table.give("alice", materials=(*DANCE_READY, ("food", 1), ("utility", 1)), reputation=2)
    table.play("consume alice dance=glass,plastic")
    assert verbs(table) == ["consume", "goal", "rep-happiness", "favour", "end"]
    table.play("consume alice picnic=food,utility")  # nothing else can be paid now
    assert verbs(table) == ["goal", "rep-happiness", "favour", "end"]


def test_a_buy_turn_buys_up_to_3_material() -> None:
    """2.2 b) "You may BUY up to 3 MATERIAL in 1 turn": BUY stays open until 3 are bought."""
    table = started()
    table.give("alice", coin=10)
    table.play("buy alice food:1")
    assert verbs(table) == ["buy", "favour", "end"]
    table.play("buy alice glass:1 metal:1")
    assert verbs(table) == ["favour", "end"]


def test_a_basic_1_game_buys_in_one_move() -> None:
    """Under the first rules version a turn's BUY was 1 move: no second one."""
    table = started(rules_version=LEGACY)
    table.give("alice", coin=10)
    table.play("buy alice food:1")
    assert verbs(table) == ["favour", "end"]


def test_no_buy_without_a_coin_to_pay() -> None:
    """2.2 b) "COIN you decide to pay for each MATERIAL (1 to 4)"; 2.5 b) "You must pay at
    least 1 COIN for each MATERIAL": alice spends her 2 COIN 1 at a time, and has none left
    on her next turn."""
    table = started()
    table.play("buy alice food:1")
    assert verbs(table) == ["buy", "favour", "end"]
    table.play("buy alice metal:1")
    assert verbs(table) == ["favour", "end"]
    table.play("end alice", "reveal material food metal", "work bob", "end bob")
    assert (table.state.active, table.p("alice").coin) == ("alice", 0)
    assert verbs(table) == ["work", "favour"]
    # 2.2 b) "get MATERIAL from the BUY AREA": none face up there (DEPLETION, 2.8 a)
    table = started()
    table.set(buy_area=())
    assert verbs(table) == ["work", "favour"]


def test_after_work_only_favours_and_the_turn_end() -> None:
    """2.2: "1 and only 1 of these 3 actions"; 2.4: FAVOUR before, during and after."""
    table = started()
    table.play("work alice")
    assert verbs(table) == ["favour", "end"]


def test_favour_needs_a_favour_in_hand() -> None:
    """2.4: "To play a FAVOUR, place it down from your hand"; with virtual decks the referee
    knows the hand it dealt (alice: ACQUIRE, SHARE, SHARE)."""
    table = Table(2, seed=1)
    assert table.p("alice").hand == ("acquire", "share", "share")
    assert verbs(table) == ["work", "buy", "favour"]
    table = started()
    table.give("alice", hand=())
    assert verbs(table) == ["work", "buy"]


def test_no_goal_once_every_goal_is_achieved() -> None:
    """2.3: "Each player will only have 3 GOAL for the entire game", and 7.1: 4 in Solo Mode."""
    table = started()
    table.give("alice", materials=DANCE_READY, achieved=("HOBBY", "BOOKWORM", "CULTURED"))
    assert verbs(table) == ["work", "buy", "consume", "favour"]
    table.give("alice", achieved=("HOBBY", "BOOKWORM"))
    assert verbs(table) == ["work", "buy", "consume", "goal", "favour"]
    table = begun()
    table.give("alice", materials=DANCE_READY, achieved=("HOBBY", "BOOKWORM", "CULTURED"))
    assert verbs(table) == ["work", "buy", "consume", "apply", "favour"]
    table = begun("solo")
    table.give("alice", materials=DANCE_READY, achieved=("HOBBY", "BOOKWORM", "CULTURED"))
    assert "goal" in verbs(table)


def test_a_favour_awaits_accept_or_reject() -> None:
    """2.4: "When others plays you a FAVOUR, you must choose to either ACCEPT or REJECT"; b)
    REJECT by discarding a same FAVOUR (bob's hand is dealt face down: he may hold one) or by
    deducting 1 REPUTATION; "If you can do neither, then you must ACCEPT"."""
    table = started()
    table.play("favour alice barter bob glass plastic")
    assert verbs(table) == ["accept", "reject"]
    table = started()
    table.give("bob", hand=(), reputation=1)
    table.play("favour alice barter bob glass plastic")
    assert verbs(table) == ["accept", "reject"]
    table = started()
    table.give("bob", hand=(), reputation=0)
    table.play("favour alice barter bob glass plastic")
    assert verbs(table) == ["accept"]
    # at a real table an ACCEPTed FAVOUR is seen by all: bob's one card is an ACQUIRE
    table = started()
    table.give("bob", hand=("acquire",), reputation=0)
    table.play("favour alice barter bob glass plastic")
    assert verbs(table) == ["accept"]


def test_the_answers_to_a_favour_follow_the_viewers_eyes() -> None:
    """2.4 b): bob may REJECT alice's SHARE only by discarding a SHARE (he has no REPUTATION);
    his hand (ACQUIRE, ACQUIRE, BARTER, virtual decks) is his alone: he is told he must ACCEPT,
    the others only that he may REJECT."""
    table = Table(2, seed=1)
    assert (table.p("bob").hand, table.p("bob").reputation) == (("acquire", "acquire", "barter"), 0)
    table.play("favour alice share bob plastic")
    mine = loop.view(table.state, as_player="bob").pending
    theirs = loop.view(table.state, as_player="alice").pending
    assert mine is not None and theirs is not None
    assert mine.answers == ["accept bob"]
    assert theirs.answers == ["accept bob", "reject bob --discard"]
    assert verbs(table) == ["accept", "reject"]  # the prompt is public: it gives nothing away
    table = Table(2, seed=1)
    table.give("bob", hand=())  # nothing to discard, no REPUTATION: bob must ACCEPT
    table.play("favour alice share bob plastic")
    assert verbs(table) == ["accept"]
    assert public_answers(table) == ["accept bob"]


def test_a_hidden_hand_may_reject_only_where_the_rules_let_a_same_favour_be_discarded() -> None:
    """With virtual decks bob's hand (ACQUIRE, ACQUIRE, SHARE) is his alone, but what stops any
    discard is public: 8.0 OFFICER's first FAVOUR "cannot be REJECT"; 9.0 MANNERS MAKYTH MAN:
    "Player can only REJECT by deducting 1 REPUTATION"."""
    table = virtual()
    table.play("favour alice acquire bob plastic")
    assert public_answers(table) == ["accept bob", "reject bob --discard"]
    table = virtual()
    table.give("bob", hand=("share",))  # no ACQUIRE to discard, no REPUTATION: his to know
    table.play("favour alice acquire bob plastic")
    assert loop.view(table.state, as_player="bob").pending.answers == ["accept bob"]  # type: ignore[union-attr]
    assert public_answers(table) == ["accept bob", "reject bob --discard"]
    assert verbs(table) == ["accept", "reject"]
    table = virtual()
    table.give("alice", career="OFFICER")
    table.play("favour alice acquire bob plastic")
    assert public_answers(table) == ["accept bob"]
    assert verbs(table) == ["accept"]
    table = virtual()
    table.set(event_active="MANNERS MAKYTH MAN")
    table.play("favour alice acquire bob plastic")
    assert public_answers(table) == ["accept bob"]
    table.give("bob", reputation=1)
    assert public_answers(table) == ["accept bob", "reject bob --rep"]


# --- Competitive, Cooperative and Solo Mode


def test_a_modes_turn_names_the_moves_open() -> None:
    """5.2: "Gameplay is identical to Basic Mode, plus" APPLY for a CREDIT CARD "Anytime during
    your own turn"; 2.3 GOAL in the CONSUME turn, 2.4 FAVOUR any time in the turn."""
    table = begun()
    table.give("alice", materials=DANCE_READY)
    assert verbs(table) == ["work", "buy", "consume", "apply", "goal", "favour"]
    table.play("consume alice dance=glass,plastic")
    assert verbs(table) == ["end", "apply", "goal", "favour"]
    table.give("alice", hand=())
    assert verbs(table) == ["end", "apply", "goal"]
    for mode in ("cooperative", "solo"):
        assert verbs(begun(mode)) == ["work", "buy", "apply", "favour"], mode


def test_a_modes_favour_awaits_accept_or_reject() -> None:
    """2.4: ACCEPT or REJECT; b) "If you can do neither, then you must ACCEPT"; 8.0 LAWYER's
    Objection is nobody's here."""
    table = begun()
    table.play("favour alice barter bob glass plastic")
    assert verbs(table) == ["accept", "reject"]
    table = begun()
    table.give("bob", hand=(), reputation=0)
    table.play("favour alice barter bob glass plastic")
    assert verbs(table) == ["accept"]


def _acquire(careers: dict[str, str], carol: tuple[str, ...] = ("share",)) -> Table:
    """alice plays ACQUIRE to bob for his metal@2; 3 players (carol holds ``carol``)."""
    table = begun(careers=careers, players=3)
    table.give("alice", hand=("acquire",), coin=3)
    table.give("bob", materials=(("metal", 2),))
    table.give("carol", hand=carol)
    table.play("favour alice acquire bob metal")
    return table


def test_a_lawyer_may_object_to_a_favour_not_targeting_him() -> None:
    """8.0 LAWYER: "You may discard any 1 FAVOUR to REJECT a FAVOUR, even if that FAVOUR is
    not targeting you": only with a FAVOUR in hand."""
    table = _acquire({"carol": "lawyer"})
    assert loop.view(table.state).to_act == ["bob", "carol"]
    assert verbs(table) == ["accept", "reject", "object"]
    table = _acquire({"carol": "lawyer"}, carol=())
    assert verbs(table) == ["accept", "reject"]


def test_an_officers_first_favour_cannot_be_rejected_but_a_lawyer_may_object() -> None:
    """8.0 OFFICER: "Your first played FAVOUR per turn cannot be REJECT, except intercepted by
    Lawyer's Objection"; LAWYER: "Your ABILITY overrules OFFICER's ABILITY: Enforce"."""
    assert verbs(_acquire({"alice": "officer"})) == ["accept"]
    assert verbs(_acquire({"alice": "officer", "carol": "lawyer"})) == ["accept", "object"]


def test_a_lawyer_targeted_by_an_officer_may_still_object() -> None:
    """8.0 LAWYER: "discard any 1 FAVOUR to REJECT a FAVOUR", his own target too, and it
    "overrules OFFICER's ABILITY": bob, a LAWYER holding SHARE, is not bound to ACCEPT."""
    table = begun(careers={"alice": "officer", "bob": "lawyer"})
    table.give("alice", hand=("acquire",), coin=3)
    table.give("bob", materials=(("metal", 2),), hand=("share",))
    table.play("favour alice acquire bob metal")
    assert verbs(table) == ["accept", "object"]
    table.play("object bob share")
    assert table.state.pending is None and table.p("bob").materials == (("metal", 2),)


def test_coin_owed_is_settled_before_anything_else() -> None:
    """9.0 LANDFILL TAX: "If he cannot afford to pay, he must APPLY for a CREDIT CARD
    immediately": bob, whose glass@1 breaks in alice's SHARE, does that before alice goes on."""
    table = begun()
    table.set(event_active="LANDFILL TAX")
    table.give("alice", materials=(("plastic", 2),), hand=("share", "acquire"))
    table.give("bob", materials=(("glass", 1),), coin=0)
    table.play("favour alice share bob glass@1", "accept bob", "consume alice dance=bob:glass,plastic")
    view = loop.view(table.state)
    assert (view.to_act, view.verbs) == (["bob"], ["apply"])
    table.play("apply bob food")
    assert verbs(table) == ["end", "apply", "goal", "favour"]


def test_skinner_box_refill_comes_first() -> None:
    """9.0 SKINNER BOX: "Refill empty MATERIAL and ACTIVITY slot immediately": the table flips
    the card before alice's next move."""
    table = begun()
    table.set(event_active="SKINNER BOX")
    table.play("buy alice glass:1")
    view = loop.view(table.state)
    assert (view.to_act, view.verbs) == (["table"], ["reveal material"])
    table.play("reveal material metal")
    assert verbs(table) == ["buy", "end", "apply", "favour"]


# --- the rest of the view, as the game is played


def test_goals_left_and_who_achieved_a_goal() -> None:
    """2.3: "Each player will only have 3 GOAL for the entire game" (7.1: 4 in Solo Mode); an
    achieved GOAL is placed face up to the left of its owner's AREA. HOBBY: 2 kept ACTIVITY
    share the same name (3.2)."""
    table = started()
    table.give("alice", kept=(PICNIC, PICNIC), materials=DANCE_READY)
    table.play("goal alice hobby")
    view = loop.view(table.state)
    assert (view.players["alice"].goals_left, view.players["bob"].goals_left) == (2, 3)
    (hobby,) = [goal for goal in view.goals if goal.name == "HOBBY"]
    assert hobby.achieved_by == "alice"
    assert {goal.achieved_by for goal in view.goals if goal.name != "HOBBY"} == {None}
    assert loop.view(begun("solo").state).players["alice"].goals_left == 4


def test_a_virtual_table_shows_the_activity_in_play_and_counts_no_copies() -> None:
    """The faces of a virtual deck are declared up front: the view shows those in the CONSUME
    AREA (1.0: 5 flipped), not the deck's; the referee dealt them, so no copy is counted."""
    table = Table(2, seed=1)
    view = loop.view(table.state)
    assert [card.name for card in view.activities] == sorted(table.state.consume_area)
    assert {card.seen for card in view.activities} == {None}


def test_the_career_deck_counts_the_career_not_dealt() -> None:
    """5.1: "Shuffle all CAREER, then deal 2 to each player": 20 CAREER (INTERN is the back of
    each), 7 Not-For-Coop out in Cooperative Mode (6.1), 8 Not-For-Solo in Solo Mode (7.1);
    Basic Mode plays INTERN only (4.0)."""
    assert loop.view(Competitive(2).state).career_deck == 20
    assert loop.view(begun().state).career_deck == 16
    assert loop.view(Cooperative(2).state).career_deck == 13
    assert loop.view(Solo(1).state).career_deck == 12
    assert loop.view(started().state).career_deck == 0


def test_happiness_12_starts_the_final_round_and_nobody_has_won_yet() -> None:
    """2.8 b) "When any player(s) reaches HAPPINESS 12" the game "will end after the final
    round is completed": the winner is named only then."""
    table = started()
    assert loop.view(table.state).final_round is None
    table.give("alice", happiness=11, materials=DANCE_READY)
    table.play("consume alice dance=glass,plastic")
    view = loop.view(table.state)
    assert (view.final_round, view.phase, view.winners) == ("happiness", "turn", [])


def test_a_4th_activity_sends_the_oldest_to_the_discard_pile() -> None:
    """2.2 c) "must discard any older one to the Discard Pile when you complete the 4th"."""
    table = started()
    table.give("alice", kept=(PICNIC, PICNIC, COOKING), materials=DANCE_READY)
    assert loop.view(table.state).activity_discard == {}
    table.play("consume alice dance=glass,plastic --drop picnic")
    assert loop.view(table.state).activity_discard == {"PICNIC": 1}


def test_a_share_accepted_names_whose_material_it_is() -> None:
    """3.1 SHARE: "Spend 1 QUALITY of a player's MATERIAL to CONSUME. You don't take the
    MATERIAL": bob's plastic@2 stays his."""
    table = started()
    table.play("favour alice share bob plastic", "accept bob")
    assert loop.view(table.state).shares == [Share("bob", Material("plastic", 2))]


def test_a_status_for_nobody_shows_no_hand_whatever_the_players_are_called() -> None:
    """Hidden information is shown only to whom it belongs: a view asked for no player shows
    no hand and no GOAL, whatever name a player took."""
    table = Table(("xxxx", "bob"), seed=1)
    public = loop.view(table.state).players["xxxx"]
    assert (public.favours, public.goals) == (None, None)
    assert loop.view(table.state, as_player="xxxx").players["xxxx"].favours is not None
