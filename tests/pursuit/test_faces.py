"""The table's declared faces and settings as the referee reads them (docs/cards.md, "The
base game's numbers the table declares"): what each setting's grammar accepts, what it
refuses as unreadable (BadInput, exit 2) and what it refuses as no track could be so
(IllegalMove, exit 1), one declaration at a time, without a game."""

from __future__ import annotations

import pytest

from ledger.errors import BadInput, IllegalMove
from ledger.games.pursuit import faces
from ledger.games.pursuit.sections import R_COMPONENTS, R_SETTINGS

ACCEPTED = [
    ("hourglasses", "6,9", "6,9"),  # START,MAX
    ("hourglasses", "1,1", "1,1"),  # START may be MAX
    ("hourglasses", " 6, 9 ", "6,9"),
    ("sth", "-5,5", "-5,5"),  # MIN,MAX through 0
    ("sth", "0,0", "0,0"),
    ("stress", "3:0,3:-1,3:-2", "3:0,3:-1,3:-2"),  # SPACES:CHANGE, from no Stress up
    ("stress", "2:0, 1:-1", "2:0,1:-1"),
    ("rounds", "0,1,2", "0,1,2"),  # the Stress of old age at each Adult round
    ("popularity", "1,2,2,2,2,2", "1,2,2,2,2,2"),  # the six sections
    ("order", "seats", "seats"),
    ("order", "Rotate", "rotate"),
    ("order", "sth", "sth"),
    ("relax", "section", "section"),
    ("relax", "SPACE", "space"),
    ("slots", "5:project,item,activity,job,partner", "5:project,item,activity,job,partner"),
    ("slots", "4:job,project,job", "4:project,job"),  # each kind once, in the kinds' order
    ("slots", "0:", "0:"),
    ("life-goals", "players", "players"),
    ("life-goals", "Players", "players"),
    ("life-goals", "2", "2"),
    ("life-goals", "0", "0"),
    ("child-traits", "0", "0"),  # N: 0 or more
    ("child-traits", "2", "2"),
    ("solo-target", "20", "20"),
    ("friend-cards", "16", "16"),
    ("teen-closed", "get-job,start-relationship,overtime", "get-job,start-relationship,overtime"),
    ("teen-closed", "Get-Job, overtime", "get-job,overtime"),
    ("teen-closed", "", ""),
]


@pytest.mark.parametrize(("name", "value", "stored"), ACCEPTED)
def test_a_setting_in_its_grammar_is_accepted(name: str, value: str, stored: str) -> None:
    assert faces.setting(name, value) == stored


UNREADABLE = [
    ("colour", "red"),  # no such setting
    ("hourglasses", "6"),  # START,MAX: two numbers
    ("hourglasses", "6,9,12"),
    ("hourglasses", "six,9"),
    ("hourglasses", ""),
    ("sth", "5"),
    ("stress", "3"),  # not SPACES:CHANGE
    ("stress", "3:x"),
    ("stress", "3:0:1"),
    ("stress", ""),  # no sections
    ("rounds", ""),
    ("rounds", "1,a"),
    ("popularity", "1,2,2"),  # six sections
    ("popularity", "1,2,2,2,2,2,2"),
    ("order", "random"),
    ("relax", "all"),
    ("slots", "5"),  # N:KIND,...
    ("slots", "5:dragon"),
    ("slots", "-1:job"),
    ("slots", "x:job"),
    ("life-goals", "some"),
    ("life-goals", "1,2"),  # N: one number
    ("child-traits", "1,2"),
    ("child-traits", "two"),
    ("solo-target", ""),
    ("friend-cards", "1,2"),
    ("teen-closed", "get job"),  # an action's name is typed as one word
]


@pytest.mark.parametrize(("name", "value"), UNREADABLE)
def test_a_setting_out_of_its_grammar_is_unreadable(name: str, value: str) -> None:
    with pytest.raises(BadInput) as info:
        faces.setting(name, value)
    assert info.value.exit_code == 2 and str(info.value)


IMPOSSIBLE = [
    ("hourglasses", "0,9"),  # a player starts with 1 or more
    ("hourglasses", "7,6"),  # at most MAX
    ("sth", "1,5"),  # through 0, where it starts
    ("sth", "-5,-1"),
    ("stress", "3:0,0:-1"),  # a section has 1 space or more
    ("rounds", "1,-1"),  # old age adds Stress
    ("popularity", "1,2,0,2,2,2"),  # a section has 1 space or more
    ("life-goals", "-1"),  # 0 or more
    ("child-traits", "-1"),
    ("solo-target", "-1"),
    ("friend-cards", "-1"),
]


@pytest.mark.parametrize(("name", "value"), IMPOSSIBLE)
def test_a_setting_no_track_could_have_is_refused(name: str, value: str) -> None:
    with pytest.raises(IllegalMove) as info:
        faces.setting(name, value)
    assert info.value.rule == R_SETTINGS and info.value.exit_code == 1


def test_communitys_items_and_activities_are_one_count_of_10() -> None:
    # Community: Components: "10 Items & Activities", one pile of the main game for the two
    # kinds ("shuffle them in their corresponding piles"): Activities count with the Items.
    known = faces.Faces()
    for n in range(10):
        kind = "activity" if n % 2 else "item"
        face = faces.Card(name=f"EXTRA {n}", kind=kind, set="community", levels=(faces.Level(cost="1money"),))
        known = faces.added(known, faces.check(known, face))
    assert sum(c.kind == "activity" for c in known.cards.values()) == 5
    for kind in ("item", "activity"):
        with pytest.raises(IllegalMove) as info:
            faces.check(
                known, faces.Card(name="EXTRA 10", kind=kind, set="community", levels=(faces.Level(),))
            )
        assert info.value.rule == R_COMPONENTS and "Community adds 10 item cards" in str(info.value)
