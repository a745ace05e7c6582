"""The Planet B verbs every front end offers (help, Tab, the page's picker): each move of the
grammar with its usage, a help line, and the other words it is typed as."""

from __future__ import annotations

import ledger.games.planet_b as planet_b
from ledger.games.planet_b.grammar import ALIASES, USAGE


def test_every_move_is_a_verb_with_its_usage_help_and_other_words() -> None:
    assert sorted(verb.name for verb in planet_b.verbs) == sorted(USAGE)
    assert all(verb.usage == USAGE[verb.name] and verb.help for verb in planet_b.verbs)
    assert {verb.name: verb.aliases for verb in planet_b.verbs if verb.aliases} == ALIASES
    assert next(v for v in planet_b.verbs if v.name == "deal").help.startswith("Your Turn: a suitcase")
