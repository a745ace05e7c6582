"""The grammar: whatever is typed, a move or one of the typed errors, never a crash; and every
move's text reads back to it (the fuzzer checks that on every move it plays); every card and
setting of the test data declared by its typed words reads back the same."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import ledger.games.pursuit as pursuit
from ledger.errors import RefereeError
from tests.pursuit.table import Table, adult

TYPED = """
ann ben cat table goals community friends setting stress sth 3:+1 -5,5 action study kevin koi
rugby-player graphic-designer renaissance-fair blind-date test-alex test-clerk --token --harder
2 3 0 -1 --drop --harder graphic-designer:2 --partner --why +2knowledge -1stress l1=job..1money
reward=1lth engage=.1money outcome=..1lth l1= l1=job;;1money multiple=yes set=community projects
items x=y : ; ,
"""
WORDS = [verb.name for verb in pursuit.verbs] + TYPED.split()
TABLES = {"settings": Table(2, cards=False), "adult": adult(("ann", "ben", "cat"))}


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(sorted(TABLES)), st.lists(st.sampled_from(WORDS), max_size=6))
def test_any_words_are_a_move_or_a_typed_error(table: str, words: list[str]) -> None:
    state = TABLES[table].state
    try:
        command = pursuit.parse(state, words)
        assert pursuit.parse(state, pursuit.text(command).split()) == command
        pursuit.decide(state, command)
    except RefereeError:
        pass


def test_declarations_read_back_from_their_text() -> None:
    table = Table(2, cards=False)
    for command in pursuit.load_cards(table.setup, Table.cards):
        text = pursuit.text(command)
        assert pursuit.parse(table.state, text.split()) == command, text


def test_moves_read_back_from_their_text() -> None:
    table = adult(("ann", "ben", "cat"))
    for line in (
        "get-job ann graphic-designer --harder 2 --token",
        "spend ann test-sofa test-laptop",
        "upkeep ann --drop koi kevin --harder graphic-designer:2",
        "outcome ann blind-date 3 --partner test-alex",
        "adjust ann +2knowledge -1stress --why a Child Trait's ability",
        "engage ann renaissance-fair --token",
        "make-a-career-choice ann rugby-player",
    ):
        command = pursuit.parse(table.state, line.split())
        assert pursuit.parse(table.state, pursuit.text(command).split()) == command, line
