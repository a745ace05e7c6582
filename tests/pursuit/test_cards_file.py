"""A Pursuit game's cards file (``referee cards``, ``cards.dump_cards``) and the card library's
keys (``cards.library_face``): what the table declared, as the group's record; what a preset
declared is the setup's, not the file's."""

from __future__ import annotations

import pytest

from ledger.decider import Setup
from ledger.errors import BadInput
from ledger.games.pursuit import cards
from ledger.games.pursuit.faces import Action, Card, Setting
from ledger.games.pursuit.model import Declare, Declared
from tests.pursuit.table import Table

HEADER = (
    "# The Pursuit of Happiness cards and base-game numbers declared at this table\n"
    "# (the group's record, not the publisher's data).\n"
)
# --option preset=public declares these (ledger/games/pursuit/data.py PRESETS, PRESET_ACTIONS)
PRESET_SETTINGS = ('hourglasses = "6,9"', 'teen-closed = "get-job,start-relationship,overtime"')
PRESET_ACTIONS = ('name = "study"', 'name = "play"', 'name = "interact"')


def test_the_file_says_it_is_the_groups_record() -> None:
    assert cards.dump_cards(Table(("ann", "ben")).state).startswith(HEADER + "\n[settings]\n")


def test_what_the_preset_declared_is_left_out_and_the_rest_kept() -> None:
    plain = cards.dump_cards(Table(("ann", "ben")).state)
    preset = cards.dump_cards(Table(("ann", "ben"), options={"preset": "public"}).state)
    for line in PRESET_SETTINGS + PRESET_ACTIONS:
        assert line in plain and line not in preset, line
    for line in ('sth = "-5,5"', 'name = "overtime"', 'name = "KEVIN"', 'name = "BLIND DATE"'):
        assert line in plain and line in preset, line  # declared by the table, not the preset


def test_the_librarys_key_is_the_section_and_name_a_card_and_a_community_card_share() -> None:
    faces = Table(("ann", "ben")).state.faces
    assert cards.library_face(Declared(Setting("sth", "-5,5"))) == ("setting sth", Setting("sth", "-5,5"))
    assert cards.library_face(Declared(faces.actions["study"]))[0] == "action study"
    assert cards.library_face(Declared(faces.cards["TEST NOVEL"]))[0] == "card TEST NOVEL"
    community = faces.community["BLIND DATE"]
    assert cards.library_face(Declared(community)) == ("card BLIND DATE", community)
    assert cards.library_face(object()) is None  # not a declaration


PUBLIC = Setup(
    game="pursuit", rules_version="1", players=("ann",), mode="standard", options={"preset": "public"}
)


def test_a_file_loaded_into_a_preset_game_leaves_out_only_what_the_preset_declared_the_same() -> None:
    """What ``--option preset=public`` declared is not declared again, read as the referee reads
    a declaration ("6, 9" is "6,9"); what differs from it, or the preset does not name, is."""
    text = (
        '[settings]\nhourglasses = "6, 9"\nsth = "-5,5"\n'
        '[[action]]\nname = "study"\nreward = "3knowledge"\n'
        '[[action]]\nname = "play"\nreward = "2creativity"\n'  # the preset's is 3creativity
    )
    assert cards.load_cards(PUBLIC, text) == [
        Declare(Setting("sth", "-5,5")),
        Declare(Action(name="play", reward="2creativity")),
    ]
    plain = Setup(game="pursuit", rules_version="1", players=("ann",), mode="standard")
    assert len(cards.load_cards(plain, text)) == 4  # no preset: every line is declared


def test_a_setting_the_referee_cannot_read_is_declared_to_be_refused_not_left_out() -> None:
    assert cards.load_cards(PUBLIC, '[settings]\nhourglasses = "x"\n') == [
        Declare(Setting("hourglasses", "x"))
    ]


def test_a_card_named_in_any_case_or_spacing_is_the_card_of_that_name() -> None:
    """A card's name is read as the table types it (``card_name``): a file written by hand with
    "test  novel" declares TEST NOVEL, as ``declare`` would."""
    text = cards.dump_cards(Table(("ann", "ben")).state).replace(
        'name = "TEST NOVEL"', 'name = "test  novel"'
    )
    declared = cards.load_cards(PUBLIC, text)
    assert any(isinstance(c.face, Card) and c.face.name == "TEST NOVEL" for c in declared)


@pytest.mark.parametrize("value", ["true", "[6, 9]", "{a = 1}"])
def test_a_setting_is_a_string_or_a_number(value: str) -> None:
    with pytest.raises(BadInput, match="setting hourglasses must be a string or a number"):
        cards.load_cards(PUBLIC, f"[settings]\nhourglasses = {value}\n")
