"""What a real table's page asks to declare a card new to the referee (``unlisted``, issue 21):
the levels each kind prints (KS Promos 4: "The last Level (L3) of a Friend card is
Repeatable", "Each Educational Project only features two Levels", a Stand-Alone Job its hiring
only; a Career Job and a Pet at least two; a Life Goal and a Child Trait one), the parts only
some kinds print, and Community's Additional Cards ("shuffled into their corresponding piles of
the main game": Projects, Items & Activities, Jobs, Partners, Life Goals, Child Traits)."""

from __future__ import annotations

from msgspec.structs import replace

import ledger.games.pursuit as pursuit
from ledger.decider import Ask, Unlisted
from ledger.games.pursuit.faces import Community, Level
from tests.pursuit.table import ALL, Table

LEVEL = "as printed: REQUIREMENT.COST.REWARD.UPKEEP.INCOME, each part's words joined by commas"
PART = "as printed: REQUIREMENT.COST.REWARD, each part's words joined by commas"
NAME = Ask("", "its name, as printed on the card", ())
SET = Ask("set=", "one of Community's Additional Cards", ("community",), optional=True)


def levels(least: int, most: int) -> tuple[Ask, ...]:
    return tuple(Ask(f"l{n}=", f"its level {n}, {LEVEL}", (), optional=n > least) for n in range(1, most + 1))


def offered(table: Table) -> dict[str, Unlisted]:
    found = {
        u.text: u for u in pursuit.unlisted(table.state) if not u.form
    }  # (the setup's forms: their own test)
    assert all(u.actor == "table" for u in found.values())
    return found


def test_each_kind_asks_the_levels_and_parts_it_prints() -> None:
    table = Table(("ann", "ben"), options={"modules": ALL})
    faces = table.state.faces
    table.set(faces=replace(faces, community=dict(list(faces.community.items())[1:])))  # 47 known
    found = offered(table)
    harder = Ask("harder=", "its Work Harder at hiring, as printed: COST.REWARD", (), optional=True)
    harder_upkeep = Ask(
        "harder-upkeep=", "its Work Harder at upkeep, as printed: COST.REWARD", (), optional=True
    )
    expected = {
        "project": ((NAME, *levels(1, 4), SET), "a new project card"),
        "item": ((NAME, *levels(1, 4), SET), "a new item card"),
        "activity": ((NAME, *levels(1, 4), SET), "a new activity card"),  # Items & Activities
        "job": ((NAME, *levels(1, 4), SET), "a new job card"),
        "partner": ((NAME, *levels(1, 4), SET), "a new partner card"),
        "life-goal": ((NAME, *levels(1, 1), SET), "a new life goal card"),
        "child-trait": (
            (NAME, *levels(1, 1), Ask("ability=", "its ability, as printed", (), optional=True), SET),
            "a new child trait card",
        ),
        "friend": ((NAME, *levels(3, 3)), "a new friend card"),
        "pet": ((NAME, *levels(2, 4)), "a new pet card"),
        "career-job": (
            (NAME, *levels(2, 4), Ask("retirement=", "its Retirement reward, as printed", ())),
            "a new career job card",
        ),
        "educational-project": (
            (NAME, *levels(2, 2), Ask("ability=", "its Degree's ability, as printed", (), optional=True)),
            "a new educational project card",
        ),
        "stand-alone-job": ((NAME, *levels(1, 1), harder, harder_upkeep), "a new stand alone job card"),
    }
    for kind, (asks, label) in expected.items():
        assert found[f"declare {kind}"] == Unlisted("table", f"declare {kind}", asks, label), kind
    assert found["declare community"] == Unlisted(
        "table",
        "declare community",
        (
            NAME,
            Ask("multiple=", "the Multiple Players indicator", ("yes", "no")),
            Ask("engage=", f"its Engage, {PART}", ()),
            Ask("outcome=", f"each Outcome in order, {PART}", (), 4, least=1),
        ),
        "a new Community card",
    )
    assert len(found) == len(expected) + 1


def test_without_community_no_additional_card_and_no_community_card_is_asked() -> None:
    table = Table(("ann", "ben"), options={"modules": "friends,pets"})
    found = offered(table)
    assert found["declare project"].asks == (NAME, *levels(1, 4))
    assert found["declare life-goal"].asks == (NAME, *levels(1, 1))
    assert "declare community" not in found and "declare career-job" not in found
    # each module's cards with that module only, whichever others are left out
    found = offered(Table(("ann", "ben"), options={"modules": "stand-alone-jobs"}))
    assert "declare stand-alone-job" in found and "declare pet" not in found and "declare friend" not in found


def test_once_the_48_community_cards_are_known_none_is_asked() -> None:
    """Community, Components: "48 Community Cards"."""
    table = Table(("ann", "ben"), options={"modules": ALL})
    faces = table.state.faces
    known = dict(faces.community)
    for n in range(len(known), 48):
        name = f"TEST EXTRA {n}"
        known[name] = Community(name=name, engage=Level(), outcomes=(Level(reward="1lth"),))
    table.set(faces=replace(faces, community=known))
    assert "declare community" not in offered(table)
    table.set(faces=replace(faces, community=dict(list(known.items())[1:])))
    assert "declare community" in offered(table)


def test_a_virtual_game_or_a_game_over_asks_nothing() -> None:
    assert list(pursuit.unlisted(Table(("ann", "ben"), seed=7).state)) == []
    table = Table(("ann", "ben"))
    table.set(phase="over")
    assert list(pursuit.unlisted(table.state)) == []
