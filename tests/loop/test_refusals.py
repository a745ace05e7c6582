"""Refusals: the error class, the rule cited, and nothing changed (``Table.refuse``)."""

from __future__ import annotations

from ledger.errors import AmbiguousMove, BadInput, GameOver, IllegalMove, NotYourTurn
from ledger.games.loop.model import Kept, MaterialRevealed
from tests.loop.table import Table, started


def test_a_second_main_action() -> None:
    table = started()
    table.play("work alice")
    error = table.refuse("buy alice food:1", IllegalMove, "LOOP 2.2 Start Turn")
    assert "already did WORK" in str(error)
    table.refuse("work alice", IllegalMove, "LOOP 2.2 Start Turn")


def test_buying_a_4th_card() -> None:
    table = started()
    table.give("alice", coin=10)
    table.refuse("buy alice food:1 glass:1 metal:1 plastic:1", IllegalMove, "LOOP 2.2 b) BUY")


def test_buying_at_quality_5_or_0() -> None:
    table = started()
    table.give("alice", coin=10)
    table.refuse("buy alice glass:5", IllegalMove, "LOOP 2.2 b) BUY")
    table.refuse("buy alice glass:0", IllegalMove, "LOOP 2.2 b) BUY")


def test_buying_what_the_buy_area_does_not_hold_or_cannot_be_paid() -> None:
    table = started()
    table.refuse("buy alice glass:1 glass:1", IllegalMove, "LOOP 2.2 b) BUY")
    table.refuse("buy alice glass:3", IllegalMove, "LOOP 2.2 b) BUY")
    table.refuse("buy alice glass:1 --rep 1", IllegalMove, "LOOP 2.5 b) BUY")


def test_consuming_without_the_colours() -> None:
    table = started()  # alice owns glass@2 only
    table.refuse("consume alice dance=glass,metal", IllegalMove, "LOOP 2.2 c) CONSUME")
    error = table.refuse("consume alice dance=glass,plastic", IllegalMove, "LOOP 2.2 c) CONSUME")
    assert "no PLASTIC" in str(error)
    table.refuse("consume alice yoga=utility,utility", IllegalMove, "LOOP 2.2 c) CONSUME")


def test_consuming_more_than_3_or_spending_reputation_one_does_not_have() -> None:
    # 2.2 c) "up to 3 ACTIVITY in 1 turn": 4 that alice could each pay for, with the --drop
    # the 4th kept would need; only their number is wrong.
    table = started()
    cards = (("food", 4), ("food", 4), ("glass", 4), ("glass", 4), ("glass", 4), ("plastic", 4))
    table.give("alice", materials=(*cards, ("utility", 4), ("utility", 4)))
    three = "consume alice dance=glass@4,plastic@4 picnic=food@4,utility@4 picnic=food@4,utility@4"
    error = table.refuse(f"{three} library=glass@4,glass@4 --drop dance", IllegalMove, "LOOP 2.2 c) CONSUME")
    assert "up to 3 ACTIVITY in 1 turn, not 4" in str(error)
    table.refuse("consume alice dance=glass,plastic --rep-happiness", IllegalMove, "LOOP 2.5 c) CONSUME")
    table.play(three)  # the first 3 of them are accepted
    assert table.p("alice").completed == 3


def test_a_goal_outside_a_consume_turn() -> None:
    table = started()
    table.refuse("goal alice hobby", IllegalMove, "LOOP 2.3 Achieving GOAL")
    table.play("work alice")
    error = table.refuse("goal alice hobby", IllegalMove, "LOOP 2.3 Achieving GOAL")
    assert "CONSUME turn" in str(error)


def test_a_goal_achieved_twice() -> None:
    from ledger.games.loop.model import Kept

    table = started()
    picnic = Kept("PICNIC", ("food", "utility"))
    table.give("alice", kept=(picnic, picnic), materials=(("glass", 2), ("plastic", 2)))
    table.give("bob", achieved=("HOBBY",))
    table.play("consume alice dance=glass,plastic")
    table.refuse("goal alice hobby", IllegalMove, "LOOP 2.3 Achieving GOAL")


def test_rejecting_without_a_same_favour_or_reputation() -> None:
    table = started()
    table.give("bob", hand=("share",), reputation=0)
    table.play("favour alice acquire bob plastic")
    error = table.refuse("reject bob --discard", IllegalMove, "LOOP 2.4 b) REJECT")
    assert "no other ACQUIRE" in str(error) and "must ACCEPT" in str(error)
    table.refuse("reject bob --rep", IllegalMove, "LOOP 2.4 b) REJECT")
    table.play("accept bob")


def test_rejecting_with_an_unseen_card_when_every_copy_is_accounted_for() -> None:
    table = started()
    table.give("bob", hand=("?",))
    table.set(favour_discard=("acquire",) * 4)
    table.give("alice", hand=("acquire", "acquire"))
    table.play("favour alice acquire bob plastic")  # 4 discarded, 1 played, 1 in alice's hand
    table.refuse("reject bob --discard", IllegalMove, "LOOP 2.4 b) REJECT")


def test_playing_a_favour_one_cannot_hold() -> None:
    table = started()
    table.give("alice", hand=("share",))
    table.refuse("favour alice acquire bob plastic", IllegalMove, "LOOP 2.4 Playing FAVOUR")
    table.refuse("favour alice share alice glass", IllegalMove, "LOOP 2.4 Playing FAVOUR")


def test_favours_the_target_or_player_cannot_pay() -> None:
    table = started()
    table.give("alice", coin=1)
    table.refuse("favour alice acquire bob plastic", IllegalMove, "LOOP 3.1 ACQUIRE")
    table.give("bob", coin=1)
    table.refuse("favour alice resell bob glass", IllegalMove, "LOOP 3.1 RESELL")
    table.give("bob", materials=())
    table.refuse("favour alice acquire bob plastic", IllegalMove, "LOOP 3.1 ACQUIRE")
    table.give("bob", materials=(("plastic", 3),))
    table.refuse("favour alice barter bob glass plastic", IllegalMove, "LOOP 3.1 BARTER")
    table.refuse("favour alice recycle bob food --pay 1", IllegalMove, "LOOP 3.1 RECYCLE")


def test_moving_out_of_turn() -> None:
    table = started()
    error = table.refuse("work bob", NotYourTurn, "LOOP 2.1 Start Game")
    assert "alice's turn" in str(error)
    table.play("favour alice share bob plastic")
    table.refuse("work alice", NotYourTurn, "LOOP 2.4 Playing FAVOUR")
    table.refuse("accept alice", NotYourTurn, "LOOP 2.4 Playing FAVOUR")
    table.play("accept bob")
    table.refuse("accept bob", IllegalMove, "LOOP 2.4 Playing FAVOUR")


def test_players_wait_while_the_table_reveals() -> None:
    table = Table(2)
    table.refuse("work alice", NotYourTurn, "LOOP 1.0 Setup")
    table = started()
    table.play("buy alice glass:1", "end alice")
    table.refuse("work bob", NotYourTurn, "LOOP 2.7 End Turn")


def test_any_move_after_the_game_is_over() -> None:
    table = started()
    table.set(final_round="happiness")
    table.play("work alice", "end alice", "work bob", "end bob")
    assert table.state.phase == "over"
    for line in ("work alice", "end bob", "reveal material food", "declare goal hobby --reward 1"):
        table.refuse(line, GameOver, "LOOP 2.8 End Game")


def test_revealing_a_card_the_deck_cannot_hold() -> None:
    table = Table(2)  # 2 players: 2 sets removed, 1 in the BUY AREA: 3 of each type left
    table.play("reveal material glass --to alice", "reveal material glass --to bob")
    error = table.refuse("reveal material glass --to alice", IllegalMove, "LOOP 1.0 Setup")
    assert "already has" in str(error)
    table.play("reveal activity dance", "reveal activity dance")
    error = table.refuse("reveal activity dance", IllegalMove, "LOOP 3.2 GOAL")
    assert "2 of 2 already seen" in str(error)
    table.play("reveal activity yoga", "reveal activity yoga", "reveal activity library")
    table.play("buy alice glass:1", "end alice", "reveal material glass")
    table.play("buy bob glass:1", "end bob")
    error = table.refuse("reveal material glass", IllegalMove, "LOOP 2.7 End Turn")  # the refill
    assert "holds no GLASS" in str(error) and "the deck holds food x3" in (error.legal or "")


def test_revealing_a_16th_activity_name_or_an_unknown_face() -> None:
    table = Table(2)
    error = table.refuse("reveal activity snorkelling", IllegalMove, "LOOP 3.2 GOAL")
    assert "all known" in str(error)
    bare = Table(2, cards=False)
    # A face the referee has not seen is not a refusal (exit 1) but words missing (exit 2).
    error = bare.refuse("reveal activity snorkelling", BadInput)
    assert error.legal == "reveal activity snorkelling --needs TYPE,TYPE --props P,P"
    error = bare.refuse("reveal activity dance", BadInput)  # 3.2 prints DANCE's colours only
    assert error.legal == "reveal activity dance --props P,P"
    bare.refuse("reveal activity dance --needs glass,metal --props group,heart", IllegalMove)
    bare.refuse("reveal activity dance --props group,group", IllegalMove, "LOOP 2.3 Achieving GOAL")


def test_revealing_when_no_empty_slot_awaits_a_card() -> None:
    table = started()
    table.refuse("reveal material food", IllegalMove, "LOOP 2.7 End Turn")
    table.refuse("reveal activity yoga", IllegalMove, "LOOP 2.7 End Turn")
    setup = Table(2)
    setup.refuse("reveal material food", IllegalMove, "LOOP 1.0 Setup")


def test_revealing_with_virtual_decks() -> None:
    table = Table(2, seed=1)
    table.refuse("reveal material food", IllegalMove, "LOOP 1.0 Setup")


def test_ending_the_turn_without_a_main_action() -> None:
    table = started()
    error = table.refuse("end alice", IllegalMove, "LOOP 2.7 End Turn")
    assert "passing is not allowed" in str(error)


def test_dropping_when_nothing_must_go_or_a_new_one() -> None:
    table = started()
    table.give("alice", materials=(("glass", 2), ("plastic", 2)))
    table.refuse("consume alice dance=glass,plastic --drop dance", IllegalMove, "LOOP 2.2 c) CONSUME")


def test_unknown_names_and_ambiguous_materials() -> None:
    table = started()
    table.refuse("work zoe", BadInput)
    table.refuse("buy alice wood:1", BadInput)
    table.refuse("dance alice", BadInput)
    table.give("alice", materials=(("glass", 1), ("glass", 3), ("plastic", 2)))
    error = table.refuse("consume alice dance=glass,plastic", AmbiguousMove)
    assert error.candidates == ["glass@1", "glass@3"]
    table.play("consume alice dance=glass@3,plastic")


def test_refusals_say_what_would_be_legal() -> None:
    """Each refusal names its rule and what would be legal instead."""
    from ledger.games.loop.model import Kept

    table = started(3)
    cases: list[tuple[str, type[Exception], str, str]] = [
        ("work bob", NotYourTurn, "LOOP 2.1 Start Game", "only alice moves now"),
        ("work alice --rep 1", IllegalMove, "LOOP 2.5 a) WORK", "leave out --rep"),
        ("buy alice food:2 --rep 1", IllegalMove, "LOOP 2.5 b) BUY", "leave out --rep"),
        ("favour alice acquire bob plastic@2", IllegalMove, "LOOP 3.1 ACQUIRE", "QUALITY 1 or less"),
        ("favour alice recycle bob food --pay 2", IllegalMove, "LOOP 3.1 RECYCLE", "--pay 1 to 1"),
        ("favour alice resell carol glass@2", IllegalMove, "LOOP 3.1 RESELL", "to bob"),
        ("favour alice share bob plastic", IllegalMove, "LOOP 3.1 SHARE", "with MATERIAL: carol"),
        (
            "consume alice dance=glass,plastic --drop dance",
            IllegalMove,
            "LOOP 2.2 c) CONSUME",
            "leave out --drop",
        ),
        (
            "consume alice dance=glass,plastic --rep-happiness",
            IllegalMove,
            "LOOP 2.5 c) CONSUME",
            "leave out",
        ),
        ("goal alice hobby", IllegalMove, "LOOP 2.3 Achieving GOAL", "achieved so far: HOBBY (carol)"),
    ]
    table.give("alice", coin=1, reputation=0, hand=("acquire", "recycle", "resell", "share"))
    table.give(
        "alice", materials=(("glass", 2), ("plastic", 2)), kept=(Kept("PICNIC", ("food", "utility")),) * 2
    )
    table.give("bob", materials=(("food", 1), ("plastic", 2)), landfill=("food",), coin=4)
    table.give("carol", materials=(("plastic", 1), ("plastic", 3)), coin=1, achieved=("HOBBY",))
    for line, error, rule, legal in cases:
        if line.startswith("favour alice share"):
            table.give("bob", materials=())  # a FAVOUR to a player without MATERIAL
        refused = table.refuse(line, error, rule)  # type: ignore[arg-type]
        assert legal in (refused.legal or ""), (line, str(refused))
    table.give("alice", reputation=1)
    assert table.refuse("work alice --rep 2", IllegalMove).legal == "--rep 0 to 1"


def test_a_goal_not_met_is_refused_before_its_unknown_reward_is_asked_for() -> None:
    # Issue 17: what is known is checked before what is not is asked for. The rulebook prints
    # SENSE OF BELONGING's needs (2 HOUSE, 2 GROUP) and no reward; alice keeps only DANCE
    # (HEART, LEAF), so 2.3 refuses it (exit 1) whatever the reward on the card.
    table = Table(2, cards=False)
    table.play(
        "reveal material glass --to alice",
        "reveal material food --to bob",
        "reveal activity dance --props heart,leaf",
        "reveal activity picnic --needs food,food --props house,leaf",
        "reveal activity picnic",
        "reveal activity library --needs glass,glass --props book,group",
        "reveal activity cooking --needs food,utility --props group,house",
    )
    table.give("alice", materials=(("glass", 2), ("plastic", 2)))
    table.play("consume alice dance=glass,plastic")
    error = table.refuse("goal alice sense-of-belonging", IllegalMove, "LOOP 2.3 Achieving GOAL")
    assert "do not meet SENSE OF BELONGING" in str(error)
    # met, the reward is asked for (exit 2) before anything is recorded
    kept = (
        Kept("PICNIC", ("food", "food")),
        Kept("LIBRARY", ("glass", "glass")),
        Kept("COOKING", ("food", "utility")),
    )
    table.give("alice", kept=kept)  # HOUSE, LEAF; BOOK, GROUP; GROUP, HOUSE
    asked = table.refuse("goal alice sense-of-belonging", BadInput)
    assert asked.legal is not None and "--reward N" in asked.legal


def test_a_refill_whose_material_is_known_is_flipped_by_the_referee() -> None:
    # LOOP 2.7: the BUY AREA's empty slot is refilled from the MATERIAL deck. With every card
    # left of one type (here 2 METAL), the card is known: the referee records the flip, and
    # the table has nothing to type (a reveal typed then is refused: no slot awaits a card).
    table = started()
    table.set(material_deck=("metal", "metal"))
    table.play("buy alice glass:1")
    events = table.play("end alice")
    assert MaterialRevealed("metal", by="referee") in events
    assert table.state.material_deck == ("metal",) and table.state.active == "bob"
    table.refuse("reveal material metal", IllegalMove, "LOOP 2.7 End Turn")
    mixed = started()  # two types left: the table says which came up
    mixed.set(material_deck=("food", "metal"))
    mixed.play("buy alice glass:1", "end alice")
    assert mixed.state.phase == "refill"
    mixed.play("reveal material metal")


def test_a_game_recorded_under_rules_version_2_still_types_a_known_refill() -> None:
    table = started(rules_version="2")
    table.set(material_deck=("metal", "metal"))
    table.play("buy alice glass:1", "end alice")
    assert table.state.phase == "refill"
    table.play("reveal material metal")
    assert table.state.active == "bob"
