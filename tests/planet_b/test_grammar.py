"""The grammar: whatever is typed, a move or one of the typed errors, never a crash; and
every legal move's text reads back to it (the fuzzer checks that on every move it plays)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import ledger.games.planet_b as planet_b
from ledger.errors import RefereeError
from tests.planet_b.table import physical, started

TYPED = """
ann ben cat dan dummy table left middle right upper lower I II III A B C +1 -1 0 1 2 99
crafty brainy crafty@tailor brainy@headquarters crafty@headquarters.2 capitalist futurist:1a
plastic plastic:2 meat:0 yellow blue --pay crafty,brainy --back tailor plastic-bags 2money
headquarters.1 all:vote x=y box=money pile=A cost=5 --pay=plastic resource @ . : ,
"""
WORDS = [verb.name for verb in planet_b.verbs] + TYPED.split()
TABLES = {"virtual": started(), "real": physical()}


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(sorted(TABLES)), st.lists(st.sampled_from(WORDS), max_size=6))
def test_any_words_are_a_move_or_a_typed_error(table: str, words: list[str]) -> None:
    state = TABLES[table].state
    try:
        command = planet_b.parse(state, words)
        assert planet_b.parse(state, planet_b.text(command).split()) == command
        planet_b.decide(state, command)
    except RefereeError:
        pass


def test_declarations_read_back_from_their_text() -> None:
    table = started()
    for command in planet_b.load_cards(table.setup, table.cards):
        text = planet_b.text(command)
        assert planet_b.text(planet_b.parse(table.state, text.split())) == text
