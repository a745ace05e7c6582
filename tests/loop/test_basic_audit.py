"""LOOP Basic Mode as an independent audit of the rulebook found it (issue 8, first section).

Each test is a rule the audit read in the text: 2.2 b) and 2.4 for a BUY in several moves,
2.5 c) for REPUTATION spent as a move of its own, 2.8 and 1.1 for tie-break 4, and the words
a table types. Games recorded under rules version basic-1 keep that version's rules.
"""

from __future__ import annotations

import ledger.games.loop as loop
from ledger.errors import IllegalMove
from ledger.games.loop.model import (
    Bought,
    Consume,
    FinalRound,
    Kept,
    MaterialRevealed,
    RepHappiness,
    ReputationSpent,
    TurnStarted,
    Work,
)
from tests.loop.table import Table, started

LEGACY = "basic-1"
DANCE = Kept("DANCE", ("glass", "plastic"))
PICNIC = Kept("PICNIC", ("food", "utility"))


# --- 2.2 b) "up to 3 MATERIAL in 1 turn", and 2.4 FAVOUR "before, during, and/or after" BUY


def test_buy_sell_by_favour_and_buy_again_in_one_turn() -> None:
    """The issue's table: buy, RESELL by FAVOUR, accept, buy again."""
    table = started()
    table.give("alice", coin=2, materials=(("food", 2),), hand=("resell",))
    table.give("bob", coin=2)
    table.play("buy alice plastic:1", "favour alice resell bob food@2", "accept bob")
    assert table.p("alice").coin == 2 - 1 + 2
    events = table.play("buy alice metal:2")
    assert events == [Bought("alice", (("metal", 2),), 2, 0)]
    alice = table.p("alice")
    assert (alice.coin, alice.materials) == (1, (("metal", 2), ("plastic", 1)))
    assert table.state.bought == 2 and table.state.main == "buy"


def test_three_material_at_most_over_the_turns_buy_moves() -> None:
    table = started()
    table.give("alice", coin=10)
    table.play("buy alice food:1 glass:1")
    error = table.refuse("buy alice metal:1 plastic:1", IllegalMove, "LOOP 2.2 b) BUY")
    assert "not 4; alice has bought 2 this turn" in str(error) and "1 more MATERIAL at most" in str(error)
    table.play("buy alice metal:1")  # the 3rd is accepted
    error = table.refuse("buy alice plastic:1", IllegalMove, "LOOP 2.2 b) BUY")
    assert "play FAVOUR or end alice" in str(error)
    assert table.state.bought == 3


def test_a_buy_after_work_or_consume_is_still_a_second_main_action() -> None:
    table = started()
    table.give("alice", coin=5)
    table.play("work alice")
    error = table.refuse("buy alice food:1", IllegalMove, "LOOP 2.2 Start Turn")
    assert "already did WORK" in str(error) and "BUY up to" not in str(error)
    table = started()
    table.give("alice", coin=5)
    table.play("buy alice food:1")
    error = table.refuse("work alice", IllegalMove, "LOOP 2.2 Start Turn")
    assert "now BUY up to 2 more, play FAVOUR or end alice" in str(error)


def test_a_new_turn_starts_with_nothing_bought() -> None:
    table = started()
    table.give("alice", coin=5)
    table.play("buy alice food:1 glass:1 metal:1", "end alice", "reveal material food glass metal")
    assert table.state.active == "bob" and table.state.bought == 0
    table.give("bob", coin=5)
    table.play("buy bob plastic:1 utility:1")  # 2 of bob's own 3
    assert table.state.bought == 2


def test_legal_lists_more_buys_only_while_there_is_room() -> None:
    table = started()
    table.give("alice", coin=10)
    table.play("buy alice food:1 glass:1")
    buys = [m for m in loop.legal(table.state) if type(m).__name__ == "Buy"]
    assert buys and all(len(m.cards) == 1 for m in buys)
    assert not any(isinstance(m, Work) for m in loop.legal(table.state))
    table.play("buy alice metal:1")
    assert not [m for m in loop.legal(table.state) if type(m).__name__ == "Buy"]


def test_basic_1_games_buy_in_one_move() -> None:
    table = started(rules_version=LEGACY)
    table.give("alice", coin=5)
    table.play("buy alice food:1")
    error = table.refuse("buy alice glass:1", IllegalMove, "LOOP 2.2 Start Turn")
    assert "already did BUY" in str(error) and "BUY up to" not in str(error)


# --- 2.5 c) "Spend 2 REPUTATION to get 1 HAPPINESS" any time in the CONSUME turn


def test_rep_happiness_after_the_consume_is_typed() -> None:
    table = started()
    table.give("alice", reputation=2, materials=(("glass", 2), ("plastic", 2)))
    table.play("consume alice dance=glass,plastic")  # 4 + 1
    events = table.play("rep-happiness alice")
    assert events == [ReputationSpent("alice", 2, 1)]
    assert (table.p("alice").happiness, table.p("alice").reputation) == (6, 0)


def test_rep_happiness_before_the_first_consume_makes_a_consume_turn() -> None:
    table = started()
    table.give("alice", reputation=2, materials=(("glass", 2), ("plastic", 2)))
    table.play("rep-happiness alice")
    assert table.state.main == "consume" and table.p("alice").happiness == 5
    table.refuse("work alice", IllegalMove)
    table.refuse("end alice", IllegalMove, "LOOP 2.7 End Turn")  # a CONSUME is owed now
    table.play("consume alice dance=glass,plastic", "end alice")


def test_rep_happiness_needs_a_consume_turn() -> None:
    table = started()  # alice owns glass@2 only: nothing to CONSUME
    table.give("alice", reputation=2)
    error = table.refuse("rep-happiness alice", IllegalMove, "LOOP 2.5 c) CONSUME")
    assert "cannot CONSUME" in str(error)
    table.play("work alice")
    error = table.refuse("rep-happiness alice", IllegalMove, "LOOP 2.5 c) CONSUME")
    assert "WORK turn" in str(error)


def test_rep_happiness_takes_2_reputation_at_the_same_time() -> None:
    table = started()
    table.give("alice", reputation=1, materials=(("glass", 2), ("plastic", 2)))
    table.play("consume alice dance=glass,plastic")
    table.refuse("rep-happiness alice", IllegalMove, "LOOP 2.5 c) CONSUME")


def test_rep_happiness_that_gains_nothing_is_refused_unless_forced() -> None:
    table = started()
    table.give("alice", happiness=11, reputation=2, materials=(("glass", 2), ("plastic", 2)))
    table.play("consume alice dance=glass,plastic")  # 11 + 1 = 12
    error = table.refuse("rep-happiness alice", IllegalMove, "LOOP 2.5 c) CONSUME")
    assert "would buy nothing" in str(error) and "--force" in str(error)
    assert list(loop.legal(table.state, "alice")).count(RepHappiness("alice", force=True)) == 1
    events = table.play("rep-happiness alice --force")
    assert events == [ReputationSpent("alice", 2, 0)] and table.p("alice").reputation == 0


def test_rep_happiness_to_12_starts_the_final_round() -> None:
    table = started()
    table.give("alice", happiness=10, reputation=2, materials=(("glass", 2), ("plastic", 2)))
    table.play("consume alice dance=glass,plastic")
    events = table.play("rep-happiness alice")
    assert FinalRound("happiness", "alice") in events and table.p("alice").happiness == 12


def test_consume_rep_happiness_that_gains_nothing_is_refused() -> None:
    """The same rule on the flag: at 11, one ACTIVITY reaches 12 and the REPUTATION buys nothing."""
    table = started()
    table.give("alice", happiness=11, reputation=2, materials=(("glass", 2), ("plastic", 2)))
    error = table.refuse(
        "consume alice dance=glass,plastic --rep-happiness", IllegalMove, "LOOP 2.5 c) CONSUME"
    )
    assert "would buy nothing" in str(error)
    table.give("alice", happiness=10)  # at 10 it buys the 12th
    table.play("consume alice dance=glass,plastic --rep-happiness")
    assert (table.p("alice").happiness, table.p("alice").reputation) == (12, 0)


def test_basic_1_games_keep_the_flag_and_have_no_rep_happiness_move() -> None:
    table = started(rules_version=LEGACY)
    table.give("alice", happiness=11, reputation=2, materials=(("glass", 2), ("plastic", 2)))
    table.refuse("rep-happiness alice", IllegalMove, "LOOP 2.5 c) CONSUME")
    table.play("consume alice dance=glass,plastic --rep-happiness")  # as recorded under basic-1
    assert (table.p("alice").happiness, table.p("alice").reputation) == (12, 0)


# --- 2.8 tie-break 4: "More ACTIVITY completed wins"


def _tied(**options: str) -> list[str]:
    """bob keeps 2 ACTIVITY and completed 2; alice keeps 1 and completed 5 (4 dropped)."""
    table = started(**options)
    table.give("alice", kept=(DANCE,), completed=5)
    table.give("bob", happiness=4, kept=(DANCE, PICNIC), completed=2)
    sheet = loop.score(table.state)
    return [line.player for line in sheet.lines] + sheet.notes


def test_tie_break_4_counts_the_activity_kept_by_default() -> None:
    order = _tied()
    assert order[:2] == ["bob", "alice"]
    assert "tie-break 4 counts the ACTIVITY kept on each mat (option activity-tiebreak=kept)" in order


def test_tie_break_4_counts_every_activity_completed_as_an_option() -> None:
    order = _tied(**{"activity-tiebreak": "completed"})
    assert order[:2] == ["alice", "bob"]
    assert any("counts every ACTIVITY completed, dropped ones included" in note for note in order)


def test_tie_break_4_names_what_it_counted() -> None:
    table = started()
    table.give("alice", kept=(DANCE,), completed=5)
    table.give("bob", happiness=4, kept=(DANCE, PICNIC), completed=2)
    lines = {line.player: line for line in loop.score(table.state).lines}
    assert lines["alice"].categories["activities"] == 1 and lines["bob"].categories["activities"] == 2
    assert lines["alice"].tiebreak == (
        "below bob: both HAPPINESS 4, REPUTATION 0, LANDFILL 0 and GOAL achieved 0,"
        " fewer ACTIVITY kept (1 against 2) (LOOP 2.8)"
    )


def test_basic_1_games_count_every_activity_completed() -> None:
    table = started(rules_version=LEGACY)
    table.give("alice", kept=(DANCE,), completed=5)
    table.give("bob", happiness=4, kept=(DANCE, PICNIC), completed=2)
    sheet = loop.score(table.state)
    assert [line.player for line in sheet.lines] == ["alice", "bob"]
    assert sheet.notes == [
        "LOOP 2.8: in Basic Mode the highest HAPPINESS wins",
        "provisional: the game is not over",
    ]


# --- at the table


def test_reveal_several_refills_in_one_line() -> None:
    table = started()
    table.give("alice", coin=5)
    table.play("buy alice food:1 metal:1", "end alice")
    events = table.play("reveal material glass utility")
    assert events[:2] == [MaterialRevealed("glass"), MaterialRevealed("utility")]
    assert TurnStarted("bob", 1) in events


def test_a_reveal_of_more_cards_than_the_slots_await_records_none() -> None:
    table = started()
    table.give("alice", coin=5)
    table.play("buy alice food:1", "end alice")
    error = table.refuse("reveal material glass utility", IllegalMove, "LOOP 2.7 End Turn")
    assert "no empty BUY AREA slot" in str(error)
    table.refuse("reveal material glass --to alice", IllegalMove, "LOOP 1.0 Setup")


def test_basic_1_games_reveal_one_card_per_move() -> None:
    table = started(rules_version=LEGACY)
    table.give("alice", coin=5)
    table.play("buy alice food:1 metal:1", "end alice")
    table.refuse("reveal material glass utility", IllegalMove, "LOOP 1.0 Setup")
    table.play("reveal material glass", "reveal material utility")


def test_a_refusal_names_the_card_the_move_already_took() -> None:
    """alice's only card is glass@1, taken as DANCE's GLASS: the hint says so, not "none"."""
    table = started()
    table.give("alice", materials=(("glass", 1),))
    error = table.refuse("consume alice dance=glass,plastic", IllegalMove, "LOOP 2.2 c) CONSUME")
    assert str(error) == (
        "LOOP 2.2 c) CONSUME: alice has no PLASTIC (alice has nothing else; glass@1 taken for DANCE)"
    )
    table.give("alice", materials=(("glass", 1), ("metal", 2)))
    error = table.refuse("consume alice dance=glass,plastic", IllegalMove)
    assert "(alice has metal@2; glass@1 taken for DANCE)" in str(error)


def consumes(table: Table) -> list[Consume]:
    return [m for m in loop.legal(table.state) if isinstance(m, Consume)]


def test_legal_lists_a_consume_with_2_reputation_for_happiness_while_it_buys_some() -> None:
    """2.5 c): "Spend 2 REPUTATION to get 1 HAPPINESS" with a CONSUME: listed with each single
    ACTIVITY alice can pay for when she holds 2 REPUTATION and the HAPPINESS can still rise (12 at
    most, 1.1), not with 1 REPUTATION nor where the ACTIVITY's HAPPINESS reaches 12; with 3 kept,
    with the same drop as the CONSUME alone (3.2). Every one listed is accepted."""
    cards = (("glass", 2), ("plastic", 2), ("food", 1), ("food", 2))
    ways = {"consume alice cooking=food@1,food@2", "consume alice dance=glass@2,plastic@2"}
    for happiness, reputation, listed in ((10, 2, ways), (11, 2, set()), (10, 1, set())):
        table = started()
        table.give("alice", happiness=happiness, reputation=reputation, materials=cards)
        rep = {loop.text(m).removesuffix(" --rep-happiness") for m in consumes(table) if m.rep_happiness}
        assert rep == listed, (happiness, reputation)
    table.refuse("consume alice dance=glass@2,plastic@2 --rep-happiness", IllegalMove)  # at 11
    table = started()
    kept = tuple(Kept(name, ("food", "food")) for name in ("COOKING", "LIBRARY", "PICNIC"))
    table.give("alice", reputation=2, materials=cards, kept=kept)
    listed = {loop.text(m) for m in table.listed() if isinstance(m, Consume)}
    assert {f"{way} --drop cooking --rep-happiness" for way in ways} <= listed


def test_legal_lists_every_way_to_pay_for_one_activity() -> None:
    """3.0: an ACTIVITY is paid with the 2 MATERIAL it shows. With FOOD, GLASS, PLASTIC and UTILITY
    at each QUALITY 1 to 4, COOKING (FOOD+FOOD) and LIBRARY (GLASS+GLASS) have 6 pairs each, DANCE
    (GLASS+PLASTIC) and PICNIC (FOOD+UTILITY) 16: 44 single CONSUMEs, none left out, and the two
    PICNIC of the CONSUME AREA listed once (no move is listed twice)."""
    table = started()
    every = tuple((kind, q) for kind in ("glass", "plastic", "food", "utility") for q in (1, 2, 3, 4))
    table.give("alice", materials=every)
    listed = [loop.text(m) for m in consumes(table)]
    assert len(listed) == len(set(listed))
    single = [m for m in consumes(table) if len(m.spends) == 1 and not m.rep_happiness]
    assert len(single) == 6 + 6 + 16 + 16
