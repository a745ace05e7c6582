"""The table's declared faces and settings as the referee reads them (``faces.check``), one
declaration at a time, without a game: each setting's grammar (docs/cards.md, "The base
game's numbers the table declares") and each card's shape as the texts give it; what cannot
be read is BadInput (exit 2), what the texts or a track rule out IllegalMove (exit 1)."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from ledger.errors import BadInput, IllegalMove
from ledger.games.pursuit import effects, faces
from ledger.games.pursuit.sections import (
    R_ADDITIONAL,
    R_BLIND_DATE,
    R_COMPONENTS,
    R_ENGAGE,
    R_FRIENDS,
    R_MOST,
    R_OUTCOME,
    R_PETS,
    R_PILES,
    R_SCHOOL,
    R_SETTINGS,
    R_STAND_ALONE,
)
from tests.pursuit.table import CARDS

ACCEPTED = [
    ("hourglasses", "6,9", "6,9"),  # START,MAX
    ("hourglasses", "1,1", "1,1"),  # START may be MAX
    ("hourglasses", " 6, 9 ", "6,9"),
    ("hourglasses", "6 ,9", "6,9"),
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
    ("refresh", "1money", "1money"),  # COST, in the effect language
    ("refresh", " 1money ", "1money"),
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
    ("stress", "x:0"),
    ("stress", ":0"),
    ("stress", "3:0:1"),
    ("stress", ""),  # no sections
    ("rounds", ""),
    ("rounds", "1,a"),
    ("rounds", "1 2,3"),  # numbers apart by commas: not 12, 3
    ("hourglasses", "6 9,12"),
    ("popularity", "1,2,2"),  # six sections
    ("popularity", "1,2,2,2,2,2,2"),
    ("order", "random"),
    ("relax", "all"),
    ("slots", "5"),  # N:KIND,...
    ("slots", "5:dragon"),
    ("slots", "-1:job"),
    ("slots", "x:job"),
    ("slots", "5,6:job"),  # one N
    ("life-goals", "some"),
    ("life-goals", "1,2"),  # N: one number
    ("child-traits", "1,2"),
    ("child-traits", "two"),
    ("solo-target", ""),
    ("friend-cards", "1,2"),
    ("teen-closed", "get job"),  # an action's name is typed as one word
    ("refresh", "2dragons"),
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


L = faces.Level
CARD_REFUSED = [
    # (the face, the error, the rule: None for BadInput, what cannot be read)
    (faces.Card(name="X", kind="dragon", levels=(L(),)), BadInput, None),  # data.KINDS
    (faces.Card(name="X", kind="job", set="expansion", levels=(L(),)), BadInput, None),
    (faces.Card(name="", kind="job", levels=(L(),)), BadInput, None),
    (faces.Card(name="X", kind="job", levels=()), IllegalMove, R_PILES),
    (faces.Card(name="X", kind="job", levels=(L(reward="2dragons"),)), BadInput, None),
    (faces.Card(name="X", kind="job", levels=(L(),), retirement="3money"), IllegalMove, R_SCHOOL),
    (
        faces.Card(name="X", kind="job", levels=(L(),), harder_upkeep=("1sth", "1money")),
        IllegalMove,
        R_STAND_ALONE,
    ),
    # KS Promos 4, Friends: "Start Friendship checks the L1 Requirement and gives the L1
    # Reward"; the last Level (L3) is Repeatable, with no Upkeep Cost.
    (faces.Card(name="X", kind="friend", levels=(L(cost="1money"), L(), L())), IllegalMove, R_FRIENDS),
    (faces.Card(name="X", kind="friend", levels=(L(), L(), L(income="1money"))), IllegalMove, R_FRIENDS),
    (faces.Card(name="X", kind="friend", levels=(L(), L(), L(), L())), IllegalMove, R_FRIENDS),
    # School: a Career Job advances through its levels (its upkeep: the next Level Cost).
    (faces.Card(name="X", kind="career-job", levels=(L(),)), IllegalMove, R_SCHOOL),
    (faces.Card(name="X", kind="career-job", levels=(L(), L(upkeep="1money"))), IllegalMove, R_SCHOOL),
    (faces.Card(name="X", kind="career-job", levels=(L(income="1money"), L())), IllegalMove, R_SCHOOL),
    (faces.Card(name="X", kind="educational-project", levels=(L(), L(), L())), IllegalMove, R_SCHOOL),
    # Pets: a Pet advances at each Upkeep Phase; at its final level nothing more to pay.
    (faces.Card(name="X", kind="pet", levels=(L(),)), IllegalMove, R_PETS),
    (faces.Card(name="X", kind="pet", levels=(L(upkeep="1money"), L(income="1money"))), IllegalMove, R_PETS),
    (faces.Card(name="X", kind="pet", levels=(L(), L(), L(income="1money"))), IllegalMove, R_PETS),
    (faces.Card(name="X", kind="stand-alone-job", levels=()), IllegalMove, R_PILES),
    # A Life Goal and a Child Trait: one requirement and one reward.
    (faces.Card(name="X", kind="life-goal", levels=(L(reward="1lth"), L())), IllegalMove, R_PILES),
    (faces.Card(name="X", kind="life-goal", levels=(L(cost="1money", reward="1lth"),)), IllegalMove, R_PILES),
    (faces.Card(name="X", kind="child-trait", levels=(L(upkeep="1money"),)), IllegalMove, R_PILES),
    (faces.Card(name="X", kind="child-trait", levels=(L(income="1money"),)), IllegalMove, R_PILES),
    # Community, FAQ: only Blind Date's Outcome 3 takes a Partner.
    (faces.Card(name="X", kind="job", levels=(L(reward="partner"),)), IllegalMove, R_BLIND_DATE),
    (faces.Card(name="X", kind="pet", levels=(L(), L(reward="partner"))), IllegalMove, R_BLIND_DATE),
    # Additional Cards: Projects, Items & Activities, Jobs, Partners, Life Goals, Child Traits.
    (faces.Card(name="X", kind="friend", set="community", levels=(L(), L(), L())), IllegalMove, R_ADDITIONAL),
]


@pytest.mark.parametrize(("face", "error", "rule"), CARD_REFUSED)
def test_a_card_the_texts_do_not_allow_is_refused(face: faces.Card, error: type, rule: str | None) -> None:
    with pytest.raises(error) as info:
        faces.check(faces.Faces(), face)
    assert getattr(info.value, "rule", None) == rule


CARD_ACCEPTED = [
    faces.Card(
        name="X", kind="friend", levels=(L(requirement="job", reward="1lth"), L(upkeep="1money"), L())
    ),
    faces.Card(
        name="X", kind="career-job", levels=(L(cost="1knowledge"), L(cost="1money")), retirement="3money"
    ),
    faces.Card(name="X", kind="educational-project", levels=(L(), L())),
    faces.Card(name="X", kind="pet", levels=(L(cost="5money", upkeep="1money"), L(reward="1lth"))),
    faces.Card(
        name="X",
        kind="stand-alone-job",
        levels=(L(upkeep="1hourglass", income="3money"),),
        harder=("1sth", "2money"),
    ),
    faces.Card(name="X", kind="life-goal", levels=(L(requirement="job", reward="3lth"),)),
    faces.Card(name="X", kind="child-trait", levels=(L(),), ability="an ability the table applies"),
    faces.Card(
        name="X",
        kind="job",
        set="community",
        levels=(L(requirement="3knowledge", upkeep="2hourglass", income="6money"),),
    ),
]


@pytest.mark.parametrize("face", CARD_ACCEPTED)
def test_a_card_of_the_shape_its_module_gives_is_accepted(face: faces.Card) -> None:
    assert faces.check(faces.Faces(), face) == face


COMMUNITY_REFUSED = [
    # Community: "each Community card consists of 2 parts: Engage and Outcome".
    (faces.Community(name="X", engage=L(), outcomes=()), R_OUTCOME),
    # Engage and the Outcomes show a requirement, a cost and a reward: no upkeep, no income.
    (faces.Community(name="X", engage=L(upkeep="1money"), outcomes=(L(),)), R_ENGAGE),
    (faces.Community(name="X", engage=L(), outcomes=(L(), L(income="1money"))), R_ENGAGE),
    # Engaged with one Community or Hourglass token: no hourglass in its costs.
    (faces.Community(name="X", engage=L(cost="1hourglass"), outcomes=(L(),)), R_ENGAGE),
    (faces.Community(name="X", engage=L(), outcomes=(L(cost="1money 1hourglass"),)), R_ENGAGE),
    # FAQ: Blind Date's Outcome 3 takes a Partner; no other part of any card does.
    (faces.Community(name="X", engage=L(reward="partner"), outcomes=(L(),)), R_BLIND_DATE),
    (faces.Community(name="X", engage=L(), outcomes=(L(), L(), L(reward="partner"))), R_BLIND_DATE),
    (faces.Community(name="BLIND DATE", engage=L(), outcomes=(L(), L(reward="partner"), L())), R_BLIND_DATE),
    (
        faces.Community(
            name="BLIND DATE", engage=L(), outcomes=(L(reward="partner"), L(), L(reward="partner"))
        ),
        R_BLIND_DATE,
    ),
]


@pytest.mark.parametrize(("face", "rule"), COMMUNITY_REFUSED)
def test_a_community_card_the_texts_do_not_allow_is_refused(face: faces.Community, rule: str) -> None:
    with pytest.raises(IllegalMove) as info:
        faces.check(faces.Faces(), face)
    assert info.value.rule == rule


def test_48_community_cards_and_blind_dates_partner_at_outcome_3() -> None:
    # Community: Components: "48 Community Cards"; a card declared again is the same card.
    known = faces.Faces()
    for n in range(48):
        face = faces.Community(name=f"EVENT {n}", engage=L(cost="1money"), outcomes=(L(reward="1lth"),))
        known = faces.added(known, faces.check(known, face))
    again = faces.Community(name="EVENT 0", engage=L(cost="1money"), outcomes=(L(reward="1lth"),))
    assert faces.check(known, again) == again
    with pytest.raises(IllegalMove) as info:
        faces.check(known, faces.Community(name="EVENT 48", engage=L(), outcomes=(L(),)))
    assert info.value.rule == R_COMPONENTS and "there are 48 Community cards" in str(info.value)
    date = faces.Community(
        name="BLIND DATE", engage=L(), outcomes=(L(), L(), L(cost="1influence", reward="partner"))
    )
    assert faces.check(faces.Faces(), date) == date


def _test_face(name: str) -> faces.Card | faces.Community:
    """A named card's face in the test data (what the texts print of it, the rest invented)."""
    table = tomllib.loads(CARDS)
    for face in table["card"]:
        if face["name"] == name:
            return msgspec.convert(face, faces.Card)
    return msgspec.convert(next(f for f in table["community"] if f["name"] == name), faces.Community)


PRINTED_REFUSED = [
    # KS Promos 4, Pets: the Koi's "fourth Level ... This is the final Level".
    ("KOI", {"levels": lambda f: (*f.levels, faces.Level())}, R_PETS, "KOI shows 4 levels"),
    ("KOI", {"kind": lambda f: "item"}, R_PETS, "KOI shows kind pet"),
    # School: the Rugby Player retired gets "3 Money during each subsequent Upkeep Phase".
    ("RUGBY PLAYER", {"retirement": lambda f: "2money"}, R_SCHOOL, "RUGBY PLAYER shows retirement 3money"),
    # Stand-Alone Jobs: "She loses 2 STH to gain 6 Money": 1 STH for 3 Money, twice.
    (
        "GRAPHIC DESIGNER",
        {"harder_upkeep": lambda f: ("1sth", "2money")},
        R_STAND_ALONE,
        "GRAPHIC DESIGNER shows harder_upkeep 1sth / 3money",
    ),
    # Community: the Renaissance Fair's Outcome 3 (Nick "gains 4 Creativity, 2 Popularity, and
    # 1 LTH"); New Family Next Door's "the most Popularity".
    (
        "RENAISSANCE FAIR",
        {
            "outcomes": lambda f: (
                *f.outcomes[:2],
                faces.Level(cost="2knowledge 3influence", reward="4creativity"),
            )
        },
        R_ENGAGE,
        "RENAISSANCE FAIR shows o3.reward",
    ),
    (
        "NEW FAMILY NEXT DOOR",
        {"outcomes": lambda f: (faces.Level(reward="2lth"), *f.outcomes[1:])},
        R_MOST,
        "NEW FAMILY NEXT DOOR asks for the popularity (most-popularity)",
    ),
]


@pytest.mark.parametrize(("name", "change", "rule", "says"), PRINTED_REFUSED)
def test_a_named_card_showing_other_than_its_text_is_refused(
    name: str, change: dict[str, Callable[[Any], Any]], rule: str, says: str
) -> None:
    face = _test_face(name)
    faces.check(faces.Faces(), face)  # as the text prints it: accepted
    changed = msgspec.structs.replace(face, **{key: make(face) for key, make in change.items()})
    with pytest.raises(IllegalMove) as info:
        faces.check(faces.Faces(), changed)
    assert info.value.rule == rule and says in str(info.value)


def test_a_community_card_may_show_more_outcomes_than_its_text_names() -> None:
    # The Renaissance Fair's text names its Outcomes 2 and 3; a 4th is not ruled out.
    fair = _test_face("RENAISSANCE FAIR")
    assert isinstance(fair, faces.Community)
    more = msgspec.structs.replace(fair, outcomes=(*fair.outcomes, faces.Level(reward="1lth")))
    checked = faces.check(faces.Faces(), more)
    assert isinstance(checked, faces.Community) and len(checked.outcomes) == 4


UNREADABLE_BOX = [
    # A box that cannot be read is refused naming the face and the part it is in.
    (faces.Community(name="X", engage=L(reward="2dragons"), outcomes=(L(),)), "community X: "),
    (faces.Community(name="X", engage=L(), outcomes=(L(), L(reward="2dragons"))), "community X Outcome 2: "),
    (faces.Community(name="x y", engage=L(), outcomes=(L(),)), "cannot use 'x y' as a Community card name"),
    (faces.Card(name="x y", kind="job", levels=(L(),)), "cannot use 'x y' as a card name"),
    (faces.Card(name="X", kind="job", levels=(L(reward="2dragons"),)), "job X: "),
    (faces.Card(name="X", kind="career-job", levels=(L(), L()), retirement="2dragons"), "career-job X: "),
    (
        faces.Card(name="X", kind="stand-alone-job", levels=(L(),), harder=("2dragons", "")),
        "stand-alone-job X: ",
    ),
    (
        faces.Card(name="X", kind="stand-alone-job", levels=(L(),), harder=("", "2dragons")),
        "stand-alone-job X: ",
    ),
    (
        faces.Card(name="X", kind="stand-alone-job", levels=(L(),), harder_upkeep=("2dragons", "")),
        "stand-alone-job X: ",
    ),
    (
        faces.Card(name="X", kind="stand-alone-job", levels=(L(),), harder_upkeep=("", "2dragons")),
        "stand-alone-job X: ",
    ),
    (faces.Action(name="study", reward="2dragons"), "action study: "),
    (faces.Action(name="study", reward="3knowledge", requirement="2dragons"), "action study: "),
    (faces.Action(name="Study", reward="3knowledge"), "cannot use 'Study' as an action name"),
]


@pytest.mark.parametrize(("face", "says"), UNREADABLE_BOX)
def test_an_unreadable_face_is_refused_saying_where(face: faces.Face, says: str) -> None:
    with pytest.raises(BadInput) as info:
        faces.check(faces.Faces(), face)
    assert str(info.value).startswith(says)


def test_a_face_is_known_by_its_name_a_card_and_a_community_card_sharing_theirs() -> None:
    # Each face and setting is declared once; a card and a Community card share one name space
    # (the card library keys both as a card).
    koi = _test_face("KOI")
    seminar = faces.Community(name="SAFETY SEMINAR", engage=L(cost="1money"), outcomes=(L(reward="1lth"),))
    study = faces.Action(name="study", reward="3knowledge")
    known = faces.Faces()
    for face in (faces.Setting("sth", "-5,5"), study, koi, seminar):
        known = faces.added(known, face)
    assert (known.settings, known.actions) == ({"sth": "-5,5"}, {"study": study})
    assert (known.cards, known.community) == ({"KOI": koi}, {"SAFETY SEMINAR": seminar})
    assert faces.known(known, faces.Setting("sth", "-3,3")) == faces.Setting("sth", "-5,5")
    assert faces.known(known, faces.Setting("rounds", "1")) is None
    assert faces.known(known, faces.Action(name="study", reward="1knowledge")) == study
    assert faces.known(known, faces.Action(name="play", reward="1creativity")) is None
    assert faces.known(known, faces.Card(name="KOI", kind="pet", levels=(L(), L()))) == koi
    assert faces.known(known, faces.Community(name="SAFETY SEMINAR", engage=L(), outcomes=(L(),))) == seminar
    assert faces.known(known, faces.Card(name="SAFETY SEMINAR", kind="job", levels=(L(),))) == seminar
    assert faces.known(known, faces.Community(name="KOI", engage=L(), outcomes=(L(),))) == koi
    assert faces.known(known, faces.Card(name="KEVIN", kind="friend", levels=(L(), L(), L()))) is None
    assert [faces.kind_of(f) for f in (koi, seminar, study, faces.Setting("sth", "-5,5"))] == [
        "pet",
        "community",
        "action",
        "setting",
    ]


def test_a_board_action_is_declared_with_its_reward_and_requirement() -> None:
    # docs/pursuit.md: `declare action NAME reward=REWARD [requirement=REQUIREMENT]`; a board
    # action that takes a card (Get Job, Spend, ...) is the texts' own, not declared.
    study = faces.Action(name="study", reward="3knowledge", requirement="1money")
    assert faces.check(faces.Faces(), study) == study
    with pytest.raises(IllegalMove) as info:
        faces.check(faces.Faces(), faces.Action(name="get-job", reward="3money"))
    assert info.value.rule == R_SETTINGS and "Get Job takes a card: it is not declared" in str(info.value)


def test_a_cards_boxes_and_words_are_kept_in_one_form() -> None:
    # A box is kept in one form whatever the order it was typed in (the card library and the
    # check against the texts compare faces so); an ability's words as one line.
    def job(cost: str, harder_upkeep: tuple[str, str], ability: str) -> faces.Face:
        levels = (L(cost=cost),)
        card = faces.Card(
            name="X", kind="stand-alone-job", levels=levels, harder_upkeep=harder_upkeep, ability=ability
        )
        return faces.check(faces.Faces(), card)

    one = job("4creativity 2knowledge", ("1sth", "3money 1lth"), "an  ability\n the table   applies")
    other = job("2knowledge 4creativity", ("1sth", "1lth 3money"), "an ability the table applies")
    assert one == other and faces.check(faces.Faces(), one) == one
    assert isinstance(one, faces.Card) and one.ability == "an ability the table applies"


def test_a_box_as_people_read_it() -> None:
    # docs/pursuit.md: `1lth/item` is "per Item bought this round"; an empty box shows nothing.
    assert effects.shown("1lth/item 2money") == "2 money, 1 lth per Item bought"
    assert effects.shown("job most-money") == "job, most-money"
    assert effects.shown("") == "nothing"
