"""LOOP 2.3 at a physical table: no GOAL reward is printed in the rulebook, so a GOAL whose
PROPERTY are known and met is offered (``legal``, ``referee moves``, a page's picker) and its
reward is asked of the table (``asks``), in the words the refusal uses."""

from __future__ import annotations

import shlex

from msgspec.structs import replace

import ledger.games.loop as loop
from ledger.decider import Ask
from ledger.errors import BadInput
from ledger.games.loop.model import Goal, GoalAchieved, GoalDeclared, Kept, RevealActivity
from tests.loop.modes_table import begun
from tests.loop.table import Table, started

PICNIC = Kept("PICNIC", ("food", "glass"))


def hobby_ready() -> Table:
    """alice may CONSUME DANCE and kept 2 PICNIC (HOBBY, 3.2), at a table with no cards file."""
    table = Table(2, cards=False)
    for name, kind in zip(table.state.seats, ("glass", "plastic"), strict=False):
        table.play(f"reveal material {kind} --to {name}")
    table.play("reveal activity dance --props house,group")
    for name in ("picnic", "picnic", "library", "cooking"):
        table.play(f"reveal activity {name} --needs food,glass --props leaf,book")
    table.give("alice", kept=(PICNIC, PICNIC), materials=(("glass", 2), ("plastic", 2)))
    return table


def test_a_goal_whose_reward_nobody_typed_is_offered_and_its_reward_asked() -> None:
    table = hobby_ready()
    assert table.state.goal_faces["HOBBY"].reward is None
    offered = [m for m in loop.legal(table.state) if isinstance(m, Goal)]
    assert offered == [Goal("alice", "HOBBY")]
    (ask,) = loop.asks(table.state, offered[0])
    assert ask == Ask("--reward", "HOBBY's reward: the HAPPINESS printed on the card", ask.choices)
    assert ask.choices == tuple(str(n) for n in range(1, 13))  # 1.1: HAPPINESS 0 to 12
    # Typed without it, the referee asks the same; typed with it, the face is learnt.
    table.refuse("goal alice hobby", BadInput)
    events = table.play("goal alice hobby --reward 3")
    assert events[:2] == [GoalDeclared("HOBBY", None, 3), GoalAchieved("alice", "HOBBY", 3)]


def test_a_goal_not_met_or_with_a_known_reward_asks_nothing() -> None:
    table = hobby_ready()
    table.play("declare goal hobby --reward 2")
    goal = Goal("alice", "HOBBY")
    assert goal in list(loop.legal(table.state)) and loop.asks(table.state, goal) == ()
    table.give("alice", kept=(PICNIC,))
    assert not any(isinstance(m, Goal) for m in loop.legal(table.state))


def test_a_new_activity_card_at_a_physical_table_is_unlisted_its_face_asked() -> None:
    table = Table(2, cards=False)
    (new,) = loop.unlisted(table.state)
    assert (new.actor, new.text) == ("table", "reveal activity")
    assert [(a.flag, a.count) for a in new.asks] == [("", 1), ("--needs", 2), ("--props", 2)]
    words = "reveal activity yoga --needs utility,utility --props heart,leaf"
    table.play(words)  # the words the picker posts with the answers
    assert table.state.activity_faces["YOGA"].complete
    # Virtual decks: every face is known, nothing is unlisted.
    seeded = Table(2, seed=1)
    assert list(loop.unlisted(seeded.state)) == []


def test_a_goal_nobody_has_named_or_whose_property_nobody_typed_is_unlisted_its_face_asked() -> None:
    """LOOP 2.3 and 3.2 at a physical table: 18 GOAL, of which the rulebook names a few; a GOAL
    whose PROPERTY nobody has typed (SOCIAL WELLBEING, named in an example only) or that nobody
    has named can still be achieved from a page: the player types what the card shows."""
    table = hobby_ready()
    goals = {u.label: u for u in loop.unlisted(table.state) if u.actor == "alice"}
    assert set(goals) == {"SOCIAL WELLBEING", "a GOAL nobody has named yet"}
    named = goals["SOCIAL WELLBEING"]
    assert named.text == "goal alice social-wellbeing"
    assert [(a.flag, a.count, a.least) for a in named.asks] == [("--needs", 5, 3), ("--reward", 1, 0)]
    assert named.asks[0].choices == loop.data.PROPERTIES  # 3.2: "3 to 5 PROPERTY"
    new = goals["a GOAL nobody has named yet"]
    assert (new.text, [a.flag for a in new.asks]) == ("goal alice", ["", "--needs", "--reward"])
    # The words the picker posts with the answers: the face is learnt and the GOAL achieved,
    # if the kept ACTIVITY meet it (2 PICNIC: LEAF, BOOK each).
    events = table.play("goal alice 'TEST FRIENDS' --needs leaf,book,leaf --reward 4")
    assert events[:2] == [
        GoalDeclared("TEST FRIENDS", ("book", "leaf", "leaf"), 4),
        GoalAchieved("alice", "TEST FRIENDS", 4),
    ]
    # Achieved, it is asked no more (each GOAL once, 2.3).
    assert "TEST FRIENDS" not in {u.label for u in loop.unlisted(table.state)}


def test_no_goal_is_asked_outside_a_consume_turn_or_with_virtual_decks() -> None:
    table = hobby_ready()
    table.play("work alice")  # a WORK turn: GOAL are achieved in a CONSUME turn (2.3)
    assert [u.actor for u in loop.unlisted(table.state)] in ([], ["table"])
    seeded = Table(2, seed=1)
    assert list(loop.unlisted(seeded.state)) == []


def _asked_goals(table: Table) -> set[str]:
    return {u.label for u in loop.unlisted(table.state) if u.actor != "table"}


def test_goals_are_asked_through_the_consume_turn() -> None:
    """2.3: "Place achieved GOAL to the left of your AREA anytime during your CONSUME turn": after
    alice's CONSUME, a GOAL nobody has typed is still asked of her."""
    table = hobby_ready()
    table.play("consume alice dance=glass,plastic")
    assert table.state.main == "consume"
    assert _asked_goals(table) == {"SOCIAL WELLBEING", "a GOAL nobody has named yet"}


def test_no_goal_is_asked_while_a_favour_awaits_its_answer() -> None:
    """2.4 a) and b): when a FAVOUR is played, its target ACCEPTs or REJECTs it; until then
    nobody else moves, so alice's GOAL are not asked."""
    table = hobby_ready()
    table.play("favour alice acquire bob plastic@2")
    assert loop.to_act(table.state) == ["bob"]
    assert _asked_goals(table) == set()


def test_no_goal_is_asked_of_a_player_who_achieved_all_three() -> None:
    """2.3: "Each player will only have 3 GOAL for the entire game": with 3 achieved, no GOAL is
    asked of alice, named or not."""
    table = hobby_ready()
    table.give("alice", achieved=("CURIOSITY", "HOBBY", "SENSE OF BELONGING"))
    assert _asked_goals(table) == set()
    table.give("alice", achieved=("CURIOSITY", "HOBBY"))
    assert "a GOAL nobody has named yet" in _asked_goals(table)


def test_a_new_activity_is_asked_only_while_a_slot_waits_for_a_card_nobody_knows() -> None:
    """1.0 and 2.7: the table says what an ACTIVITY flipped shows. None is asked while no slot
    waits for a card (the CONSUME AREA is full), nor when the 15 names' faces are all known
    (3.2: "15 pairs share the same name"), where ``legal`` lists the flip of each of them."""
    table = hobby_ready()
    assert table.state.phase == "turn"
    assert [u for u in loop.unlisted(table.state) if u.actor == "table"] == []
    known = Table(2)  # the test cards file declares all 15 ACTIVITY
    assert known.state.phase == "setup" and known.state.activity_unseen
    assert list(loop.unlisted(known.state)) == []
    assert any(isinstance(m, RevealActivity) for m in loop.legal(known.state))


def test_what_a_new_card_asks_offers_its_choices() -> None:
    """A new ACTIVITY's name is typed freely, its colours are MATERIAL (1.1: 5 types) and its
    PROPERTY the 5 of 2.3; a new GOAL's name is typed freely, its reward a HAPPINESS (1 to 12,
    1.1)."""
    (new,) = loop.unlisted(Table(2, cards=False).state)
    assert [a.choices for a in new.asks] == [(), loop.data.MATERIALS, loop.data.PROPERTIES]
    goals = {u.label: u for u in loop.unlisted(hobby_ready().state) if u.actor == "alice"}
    rewards = tuple(str(n) for n in range(1, 13))
    assert [a.choices for a in goals["SOCIAL WELLBEING"].asks] == [loop.data.PROPERTIES, rewards]
    unnamed = goals["a GOAL nobody has named yet"]
    assert [a.choices for a in unnamed.asks] == [(), loop.data.PROPERTIES, rewards]


def test_no_goal_is_asked_before_a_consume_turn_that_cannot_be() -> None:
    """2.3: GOAL are achieved "In CONSUME turn": before the turn's action, only if a CONSUME is
    possible (alice without the GLASS and PLASTIC DANCE needs has no CONSUME to make)."""
    table = hobby_ready()
    table.give("alice", materials=(("metal", 2),))
    assert _asked_goals(table) == set()


def test_no_goal_nobody_named_is_asked_once_all_18_are_named() -> None:
    """3.2: "There are in total 18 different GOAL": with the 18 faces known (the test cards
    file), none is left to name, and none is asked (every PROPERTY is known)."""
    table = started()
    table.give("alice", materials=(("glass", 2), ("plastic", 2)))
    assert len(table.state.goal_faces) == loop.data.GOAL_TOTAL
    assert list(loop.unlisted(table.state)) == []


def test_a_move_with_no_card_face_to_learn_asks_nothing() -> None:
    """Only a GOAL's reward is asked (2.3: no reward is printed); a WORK, a BUY or a GOAL declared
    whole needs nothing more typed."""
    table = hobby_ready()
    declared = "declare goal nice-day --needs house,group,leaf --reward 2"
    for line in ("work alice", "buy alice glass:1", declared):
        assert loop.asks(table.state, loop.parse(table.state, shlex.split(line))) == ()


def test_a_player_who_achieved_3_goals_is_offered_no_4th() -> None:
    """2.3: "Each player will only have 3 GOAL for the entire game": HOBBY met, its reward known,
    is offered until alice has achieved 3 GOAL, then not (Basic Mode lists without ``decide``)."""
    table = hobby_ready()
    table.play("declare goal hobby --reward 2")
    table.give("alice", achieved=("GOAL A", "GOAL B"))
    assert Goal("alice", "HOBBY") in list(loop.legal(table.state))
    table.give("alice", achieved=("GOAL A", "GOAL B", "GOAL C"))
    assert not any(isinstance(m, Goal) for m in loop.legal(table.state))


def test_outside_basic_mode_a_goal_whose_reward_nobody_typed_is_offered_too() -> None:
    """The same GOAL offered in Competitive Mode, where ``legal`` keeps only what ``decide``
    accepts: the reward it asks is stood in for while the GOAL's other rules are checked."""
    table = begun()
    hobby = table.state.goal_faces["HOBBY"]
    table.set(goal_faces={**table.state.goal_faces, "HOBBY": replace(hobby, reward=None)})
    table.give("alice", kept=(PICNIC, PICNIC), materials=(("glass", 2), ("plastic", 2)))
    hobby_goal = Goal("alice", "HOBBY")
    assert hobby_goal in list(loop.legal(table.state)) and loop.asks(table.state, hobby_goal)
