"""A table's own card faces: declarations, the TOML cards file, and the printed ones."""

from __future__ import annotations

import pytest

import ledger.games.loop as loop
from ledger.errors import BadInput, IllegalMove
from ledger.games.loop import data
from ledger.games.loop.model import ActivityDeclared, DeclareActivity, DeclareGoal, GoalDeclared
from tests.loop.table import CARDS, Table


def test_the_test_deck_declares_15_activities_and_18_goals() -> None:
    table = Table(2, cards=False)
    commands = loop.load_cards(table.setup, CARDS)
    assert sum(isinstance(c, DeclareActivity) for c in commands) == 15
    assert sum(isinstance(c, DeclareGoal) for c in commands) == 18
    assert "NOT the publisher's" in CARDS


def test_the_rulebook_faces_are_known_without_a_cards_file() -> None:
    state = Table(2, cards=False).state
    assert state.activity_faces["DANCE"].needs == ("glass", "plastic")
    assert state.activity_faces["DANCE"].props is None  # not printed
    assert state.goal_faces["SENSE OF BELONGING"].needs == ("group", "group", "house", "house")
    assert state.goal_faces["SENSE OF BELONGING"].reward is None  # not printed
    assert state.goal_faces["HOBBY"].special == "HOBBY"
    assert set(state.goal_faces) == {"SENSE OF BELONGING", "HOBBY", "CURIOSITY", "SOCIAL WELLBEING"}
    assert loop.dump_cards(state).count("[[") == 0  # nothing whole to write yet


def test_dump_then_load_gives_the_same_faces() -> None:
    played = Table(3, seed=4)
    text = loop.dump_cards(played.state)
    fresh = Table(3, cards=False)
    for command in loop.load_cards(fresh.setup, text):
        fresh.apply(command)
    assert fresh.state.activity_faces == played.state.activity_faces
    assert fresh.state.goal_faces == played.state.goal_faces
    assert loop.dump_cards(fresh.state) == text


def test_faces_declared_while_playing_are_dumped() -> None:
    table = Table(2, cards=False)
    table.play("reveal activity dance --props heart,group")
    text = loop.dump_cards(table.state)
    assert '[[activity]]\nname = "DANCE"\nneeds = ["glass", "plastic"]\nprops = ["group", "heart"]' in text
    events = table.log[-1][1]
    assert events[0] == ActivityDeclared("DANCE", ("glass", "plastic"), ("group", "heart"))


def test_declarations_cannot_contradict_the_rulebook_or_themselves() -> None:
    table = Table(2, cards=False)
    table.refuse(
        "declare activity dance --needs glass,metal --props group,heart", IllegalMove, "LOOP 2.2 c) CONSUME"
    )
    table.refuse(
        "declare goal sense-of-belonging --needs house,group,group --reward 2",
        IllegalMove,
        "LOOP 2.3 Achieving GOAL",
    )
    table.refuse("declare goal hobby --needs house,house,house --reward 2", IllegalMove, "LOOP 3.2 GOAL")
    missing = table.refuse("declare goal hobby", BadInput)  # not a refusal: the reward is missing
    assert missing.legal == "declare goal hobby --reward N"
    table.refuse(
        "declare goal nice-day --needs house,group --reward 2", IllegalMove, "LOOP 2.3 Achieving GOAL"
    )
    table.refuse(
        "declare goal nice-day --needs house,group,leaf --reward 0", IllegalMove, "LOOP 2.3 Achieving GOAL"
    )
    assert table.play("declare goal hobby --reward 2") == [GoalDeclared("HOBBY", None, 2)]
    table.refuse("declare goal hobby --reward 2", IllegalMove, "LOOP 3.2 GOAL")
    table.refuse("declare goal hobby --reward 3", IllegalMove, "LOOP 2.3 Achieving GOAL")


def test_a_16th_activity_name_and_a_19th_goal_are_refused() -> None:
    table = Table(2)
    table.refuse(
        "declare activity snorkelling --needs food,food --props heart,leaf", IllegalMove, "LOOP 3.2 GOAL"
    )
    table.refuse("declare goal nice-day --needs house,group,leaf --reward 2", IllegalMove, "LOOP 3.2 GOAL")


@pytest.mark.parametrize(
    "text",
    [
        "not toml [",
        "[[card]]\nname = 'x'",
        "[[activity]]\nneeds = ['glass', 'glass']",
        "[[activity]]\nname = 'X'\ncolour = 'red'",
        "[[activity]]\nname = 'X'\nneeds = ['wood', 'glass']",
        "[[goal]]\nname = 'X'\nreward = 'two'",
        "[[goal]]\nname = 'X'\nneeds = 'house'",
        "activity = 3",
        "[[activity]]\nname = 'A=B'\nneeds = ['glass', 'glass']\nprops = ['house', 'leaf']",
    ],
)
def test_bad_cards_files(text: str) -> None:
    table = Table(2, cards=False)
    with pytest.raises(BadInput):
        for command in loop.load_cards(table.setup, text):
            table.apply(command)


def test_a_partial_cards_file_with_a_seed_keeps_the_virtual_decks_waiting() -> None:
    table = Table(2, seed=1, cards=False)
    for command in loop.load_cards(table.setup, CARDS)[:20]:
        table.apply(command)
    error = table.refuse("work alice", IllegalMove, "LOOP 1.0 Setup")
    assert "15 of 15 ACTIVITY and 5 of 18 GOAL" in str(error)
    assert list(loop.legal(table.state)) == []


def test_data_is_what_the_rulebook_prints() -> None:
    assert len(data.CAREERS) == 21  # 20 CAREER and INTERN, the back of each
    assert sum(c.name != "Intern" for c in data.CAREERS) == 20
    assert len(data.EVENTS) == 30
    assert sum(e.kind == "continuous" for e in data.EVENTS) == 19  # LOOP 5.3
    assert data.ACCEPT_REPUTATION == {"acquire": 1, "barter": 1, "recycle": 0, "resell": 1, "share": 2}
    assert len(data.BLUE_FAVOUR_TEXT) == 5
    assert data.INTERN.happiness == 4 and data.INTERN.salaries == ((3, 1),)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("[[activity]]\nname = 'dance'\ncolour = 'red'", "activity DANCE: unknown key 'colour'"),
        (
            "[[activity]]\nname = 'dance'\nneeds = ['wood', 'glass']",
            "activity DANCE: unknown needs 'wood'",
        ),
        (
            "[[activity]]\nname = 'dance'\nprops = ['fun', 'heart']",
            "activity DANCE: unknown props 'fun'",
        ),
        ("[[goal]]\nname = 'hobby'\ncolour = 'red'", "goal HOBBY: unknown key 'colour'"),
        (
            "[[goal]]\nname = 'nice day'\nneeds = ['house', 'fun']",
            "goal NICE DAY: unknown needs 'fun'",
        ),
    ],
)
def test_a_bad_cards_file_names_the_card_to_fix(text: str, says: str) -> None:
    """A cards file's error is one line a person can fix the file from: it names the card (as
    stored: capitals) and what is wrong with it."""
    table = Table(2, cards=False)
    with pytest.raises(BadInput) as caught:
        loop.load_cards(table.setup, text)
    assert str(caught.value).startswith(f"cards file: {says}")


def test_the_dumped_cards_file_says_it_is_the_groups_record() -> None:
    """The file holds what the rulebook does not print, so it is the group's, never the
    publisher's: its first line says so."""
    text = loop.dump_cards(Table(2, cards=False).state)
    assert text.splitlines()[0] == (
        "# LOOP card faces declared at this table (the group's record, not the publisher's data)."
    )


def test_a_face_not_yet_whole_does_not_stop_the_dump_of_the_next() -> None:
    """Only whole faces are written, every one of them: DANCE's PROPERTY are not printed (2.2 c
    prints its colours) and CURIOSITY's reward is not (3.2), so neither is written, but the
    faces declared after them in the file's order (PICNIC, HOBBY) are."""
    table = Table(2, cards=False)
    table.play("declare activity picnic --needs food,utility --props leaf,group")
    table.play("declare goal hobby --reward 2")
    text = loop.dump_cards(table.state)
    assert 'name = "DANCE"' not in text and 'name = "CURIOSITY"' not in text
    assert '[[activity]]\nname = "PICNIC"\nneeds = ["food", "utility"]\nprops = ["group", "leaf"]' in text
    assert '[[goal]]\nname = "HOBBY"\nreward = 2' in text


def test_card_keys_are_the_printed_names_as_typed() -> None:
    """8.0 prints "Office Lady / Clerk", 9.0 "BOGOF (Buy 1 Get 1 Free)" and "Micro-Plastic":
    each is stored (and typed) by its first name, in capitals with single spaces."""
    assert data._key("Office Lady / Clerk") == "OFFICE LADY"
    assert data._key("BOGOF (Buy 1 Get 1 Free)") == "BOGOF"
    assert data._key("Micro-Plastic") == "MICRO PLASTIC"
    assert data._key("The 2nd Semi Mid-Season Sales") == "THE 2ND SEMI MID SEASON SALES"
    assert data._key("A Diamond Is For Business") == "A DIAMOND IS FOR BUSINESS"
    assert {data._key(c.name) for c in data.CAREERS} == set(data.CAREER)
    assert {data._key(e.name) for e in data.EVENTS} == set(data.EVENT)
