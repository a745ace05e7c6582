"""The Pursuit verbs every front end offers (help, Tab, the page's picker): each move of the
grammar with its usage, and the other words the rules' names give it (Make a Career Choice,
Get a Promotion, Dedicate Time to Your Friend; a reveal is the table's draw)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import ledger.games.pursuit as pursuit
from ledger.games.pursuit.grammar import USAGE
from tests.conftest import Result
from tests.pursuit.table import ALL, CARDS, SETTINGS

ALIASES = {
    "career": ("make-a-career-choice",),
    "promote": ("get-a-promotion",),
    "dedicate": ("dedicate-time",),
    "reveal": ("draw",),
}


def test_every_move_is_a_verb_with_its_usage_help_and_other_words() -> None:
    assert [verb.name for verb in pursuit.verbs] == list(USAGE)
    assert all(verb.usage == USAGE[verb.name] and verb.help for verb in pursuit.verbs)
    assert {verb.name: verb.aliases for verb in pursuit.verbs if verb.aliases} == ALIASES


def test_another_word_for_a_verb_is_typed_on_the_command_line(
    cli: Callable[..., Result], tmp_path: Path
) -> None:
    both = tmp_path / "pursuit-test.toml"
    both.write_text(SETTINGS + "\n" + CARDS)
    assert cli("new", "pursuit", "--players", "ann,ben", "--modules", ALL, "--cards", str(both)).code == 0
    result = cli("pursuit", "draw", "goals", "test-richest")
    assert result.code == 0 and "reveal goals test-richest" in result.out, result
