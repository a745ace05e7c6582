"""What a declared face is checked against (issue 21): a side's suitcases and election track
(Your Turn: Make a Deal; The Election Track), a board's production lines (resources only), a
building's work areas (crafty and brainy spaces, Placing a Workie) and boxes."""

from __future__ import annotations

import pytest

import ledger.games.planet_b as planet_b
from ledger.errors import BadInput, IllegalMove
from ledger.games.planet_b.faces import Building, Face, Faces, Law, Mood, Swindle, Tile, Track, check
from ledger.games.planet_b.model import Declare
from ledger.games.planet_b.sections import (
    R_BUILD,
    R_COMPONENTS,
    R_DEAL,
    R_ELECTION,
    R_MOOD_SCORE,
    R_PLACE,
    R_SCORING,
    R_SELL,
)
from tests.planet_b.table import Table

MARKETS = "market=plastic:3/4,iridium:3/5 market=water:2/3,plant:2/4 market=hydrogen:3/5,chip:4/6"


def declare(line: str) -> list[object]:
    table = Table(cards=False)
    return table.play(line)


@pytest.mark.parametrize(
    "numbers", ["suitcases=1 track=8 start=2", "suitcases=4 track=2 start=1", "suitcases=4 track=8 start=7"]
)
def test_the_smallest_side_a_table_may_declare(numbers: str) -> None:
    """A tile of 1 suitcase space, a track of 2 spaces, the marker on any space before the last."""
    assert declare(f"declare side 4 {numbers} {MARKETS}")


@pytest.mark.parametrize(
    ("numbers", "rule"),
    [
        ("suitcases=0 track=8 start=2", R_DEAL),
        ("suitcases=4 track=1 start=1", R_ELECTION),
        ("suitcases=4 track=8 start=0", R_ELECTION),
        ("suitcases=4 track=8 start=8", R_ELECTION),  # the last space calls an election at once
    ],
)
def test_a_side_without_suitcase_spaces_or_a_marker_before_the_last_space_is_refused(
    numbers: str, rule: str
) -> None:
    table = Table(cards=False)
    table.refuse(f"declare side 4 {numbers} {MARKETS}", IllegalMove, rule)


def test_a_production_line_has_resources_only() -> None:
    """Setting Up Your Player Board: each space of a line produces one resource ("resource of
    your choice" is a box's symbol, not a line's)."""
    table = Table(cards=False)
    error = table.refuse("declare board 1 upper=resource,iridium,plant lower=water,meat,chip", BadInput)
    assert "unknown resource 'resource'" in str(error)
    error = table.refuse("declare production tiles=resource", BadInput)
    assert "production tiles: unknown resource 'resource'" in str(error)


def building(**fields: object) -> Declare:
    face = {"name": "TEST HUT", "pile": "A", "cost": 5, "vp": 1, "areas": ("crafty",), "boxes": ("2money",)}
    return Declare(Building(**{**face, **fields}))  # type: ignore[arg-type]


def test_a_work_area_is_crafty_and_brainy_spaces() -> None:
    """Placing a Workie: a work area's spaces take crafties or brainies; spaces around the '+'
    do not matter (a cards file may write "crafty + brainy")."""
    table = Table(cards=False)
    error = table.refuse_command(building(areas=("tailor",)), BadInput)
    assert (
        "building TEST HUT: a work area is crafty and brainy spaces, like crafty+brainy, not 'tailor'"
        in str(error)
    )
    (fact,) = planet_b.decide(table.state, building(pile="B", cost=15, areas=("Crafty + brainy",)))
    assert fact.face.areas == ("crafty+brainy",)
    error = table.refuse_command(building(boxes=("2money", "bogus")), BadInput)
    assert str(error).startswith("building TEST HUT: ")


def test_a_market_lists_prices_of_money_for_resources_other_than_meat() -> None:
    """Selling Resources: meat always sells for 6 (no market lists it); a price is money, 0
    too; every other resource in exactly one market, as typed in any case."""
    numbers = "suitcases=4 track=8 start=2"
    table = Table(cards=False)
    (fact,) = table.play(
        f"declare side 4 {numbers} market=PLASTIC:0/0,iridium:3/5 market=water:2/3,plant:2/4 "
        "market=hydrogen:3/5,chip:4/6"
    )
    assert fact.face.markets[0] == {"iridium": (3, 5), "plastic": (0, 0)}
    assert list(fact.face.markets[0]) == ["iridium", "plastic"]  # sorted, as the cards file writes it
    for markets in (
        "market=meat:3/4,iridium:3/5 market=water:2/3,plant:2/4 market=hydrogen:3/5,chip:4/6",
        "market=plastic:-1/4,iridium:3/5 market=water:2/3,plant:2/4 market=hydrogen:3/5,chip:4/6",
        "market=plastic:3/-1,iridium:3/5 market=water:2/3,plant:2/4 market=hydrogen:3/5,chip:4/6",
    ):
        table.refuse(f"declare side 4 {numbers} {markets}", IllegalMove, R_SELL)
    error = table.refuse(
        f"declare side 4 {numbers} market=meat:3/4,iridium:3/5,plastic:3/4 market=water:2/3,plant:2/4 "
        "market=hydrogen:3/5,chip:4/6",
        IllegalMove,
        R_SELL,
    )
    assert "a market lists resources other than meat, not 'meat'" in str(error)


@pytest.mark.parametrize(
    ("spaces", "neutral"),
    [
        (("-vote", "", "vote"), 1),
        (("-2vote", "-vote", "", "money"), 2),
        (("-vote", "", "money", "2money"), 1),
    ],
)
def test_a_mood_track_has_a_space_above_and_below_the_neutral_one(
    spaces: tuple[str, ...], neutral: int
) -> None:
    """Elections 2, Score Mood Tracks: positive mood above the neutral space, negative below."""
    assert check(Faces(), Mood(spaces=spaces, neutral=neutral)) == Mood(spaces=spaces, neutral=neutral)


@pytest.mark.parametrize(
    ("spaces", "neutral"),
    [
        (("", "vote", "money"), 0),
        (("-vote", "-vote", ""), 2),
        (("-vote", "", "money"), 3),
        (("", "money"), 1),
    ],
)
def test_a_mood_track_with_nothing_on_one_side_of_neutral_is_refused(
    spaces: tuple[str, ...], neutral: int
) -> None:
    with pytest.raises(IllegalMove, match="spaces above and below the neutral one") as info:
        check(Faces(), Mood(spaces=spaces, neutral=neutral))
    assert info.value.rule == R_MOOD_SCORE


def test_a_mood_box_that_cannot_be_read_names_the_mood_track() -> None:
    with pytest.raises(BadInput, match=r"^mood: "):
        check(Faces(), Mood(spaces=("-vote", "", "flying-pigs"), neutral=1))


@pytest.mark.parametrize(
    ("spaces", "why"),
    [
        (("-vote", "", "plastic"), "for positive mood, you take money"),
        (("-vote", "", "-money"), "for positive mood, you take money"),  # taken, not paid
        (("vote", "", "money"), "for negative mood, you pay votes"),  # paid, not added
        (("-money", "", "money"), "for negative mood, you pay votes"),
    ],
)
def test_a_mood_space_shows_only_what_its_side_of_neutral_does(spaces: tuple[str, ...], why: str) -> None:
    """Elections 2, Score Mood Tracks: for positive mood, you take money and add votes to the
    bag; for negative mood, you pay votes (for very negative mood all others add votes)."""
    with pytest.raises(IllegalMove, match=why) as info:
        check(Faces(), Mood(spaces=spaces, neutral=1))
    assert info.value.rule == R_MOOD_SCORE


def test_a_mood_track_is_stored_as_its_boxes_normal_text() -> None:
    face = check(Faces(), Mood(spaces=("-1Vote others:VOTE", "-vote", "", "1MONEY 2vote"), neutral=2))
    assert face == Mood(spaces=("-vote others:vote", "-vote", "", "money 2vote"), neutral=2)


def tile(name: str = "TEST TILE", group: str = "A", grey: str = "2money", red: str = "-mood 5money") -> Tile:
    return Tile(name=name, set=group, grey=grey, red=red, grey_then="flip", red_then="remove")


def law(name: str = "TEST LAW", colour: str = "yellow", left: tuple[str, str] = ("money", "vote"),
        right: tuple[str, str] = ("2money", "-vote")) -> Law:  # fmt: skip
    return Law(name=name, colour=colour, left=left, right=right)


@pytest.mark.parametrize(
    ("face", "what"),
    [
        (tile(name="TILE#1"), "conglomerate tile"),
        (Building(name="HUT#1", pile="A", cost=5, vp=1, areas=("crafty",), boxes=("2money",)), "building"),
        (law(name="LAW#1"), "law"),
    ],
)
def test_a_card_name_that_cannot_be_typed_names_the_kind_of_card(face: Face, what: str) -> None:
    with pytest.raises(BadInput) as info:
        check(Faces(), face)
    assert info.value.message == f"cannot use {face.name!r} as a {what} name"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("face", "where"),
    [
        (tile(grey="flying-pigs"), "tile TEST TILE"),
        (tile(red="-mood flying-pigs"), "tile TEST TILE"),
        (law(left=("flying-pigs", "vote")), "law TEST LAW"),
        (law(left=("money", "flying-pigs")), "law TEST LAW"),
        (law(right=("flying-pigs", "-vote")), "law TEST LAW"),
        (law(right=("2money", "flying-pigs")), "law TEST LAW"),
        (
            Track(name="capitalist", spaces=(("money", "flying-pigs"), ("20money", "build"))),
            "capitalist track",
        ),
        (Swindle(spaces=(("-flying-pigs", "vote"), *[("-money", "vote")] * 3)), "swindle cost"),
        (Swindle(spaces=(*[("-money", "vote")] * 3, ("-money", "flying-pigs"))), "swindle reward"),
    ],
)
def test_a_box_that_cannot_be_read_names_its_card(face: Face, where: str) -> None:
    with pytest.raises(BadInput) as info:
        check(Faces(), face)
    assert info.value.message.startswith(f"{where}: cannot read ")


@pytest.mark.parametrize(
    ("face", "stored"),
    [
        (tile(grey="2MONEY", red="-1mood 1Vote"), tile(grey="2money", red="-mood vote")),
        (
            law(left=("1Money", "VOTE"), right=("2money ", "-1vote")),
            law(left=("money", "vote"), right=("2money", "-vote")),
        ),
        (
            Track(name="capitalist", spaces=(("1money", "Vote"), ("20MONEY", "build"))),
            Track(name="capitalist", spaces=(("money", "vote"), ("20money", "build"))),
        ),
        (
            Swindle(spaces=(("-1Money", "1VOTE"), *[("-money", "vote")] * 3)),
            Swindle(spaces=(("-money", "vote"), *[("-money", "vote")] * 3)),
        ),
    ],
)
def test_a_card_is_stored_with_its_boxes_normal_text(face: Face, stored: Face) -> None:
    """Boxes are kept as their text in the effect language: lower case, a count of 1 left out."""
    assert check(Faces(), face) == stored


def test_the_last_capitalist_space_offers_20_money_or_a_build_action() -> None:
    """Faction Action, Scoring: "You are on the last track space of the Capitalist track ...
    you'd rather have a build action than 20 money"; another track's last space is the table's."""
    with pytest.raises(IllegalMove, match="20 money or a build action") as info:
        check(Faces(), Track(name="capitalist", spaces=(("20money", "build"), ("money", "vote"))))
    assert info.value.rule == R_SCORING
    track = Track(name="capitalist", spaces=(("money", "vote"), ("build", "20money")))
    assert check(Faces(), track) == track


@pytest.mark.parametrize(("vp", "accepted"), [(0, True), (-1, False)])
def test_a_building_gives_no_negative_victory_points(vp: int, accepted: bool) -> None:
    face = Building(name="TEST HUT", pile="A", cost=5, vp=vp, areas=("crafty",), boxes=("2money",))
    if accepted:
        assert check(Faces(), face) == face
    else:
        with pytest.raises(IllegalMove, match="a building gives victory points") as info:
            check(Faces(), face)
        assert info.value.rule == R_BUILD


def test_a_building_has_at_most_2_work_areas() -> None:
    """Placing a Workie: a building is used 1 or 2 times."""
    face = Building(name="TEST HUT", pile="A", cost=5, vp=1, areas=("crafty",) * 3, boxes=("2money",))
    with pytest.raises(IllegalMove, match="1 or 2 work areas") as info:
        check(Faces(), face)
    assert info.value.rule == R_PLACE


A_TILES = Faces(tiles={f"TILE {n}": tile(name=f"TILE {n}") for n in (1, 2, 3)})
YELLOW_LAWS = Faces(laws={f"LAW {n}": law(name=f"LAW {n}") for n in range(1, 11)})


@pytest.mark.parametrize(
    ("faces", "face", "only"),
    [
        (A_TILES, tile(name="TILE 4"), "there are only 3 A conglomerate tiles"),  # 3xA
        (YELLOW_LAWS, law(name="LAW 11"), "there are only 10 yellow laws"),  # 10x yellow
    ],
)
def test_a_card_past_its_pile_size_is_refused(faces: Faces, face: Face, only: str) -> None:
    """Game Components: 7 conglomerate tiles (3xA, 4xB); 20 laws (10x yellow, 10x blue)."""
    with pytest.raises(IllegalMove) as info:
        check(faces, face)
    assert (info.value.message, info.value.rule) == (only, R_COMPONENTS)


@pytest.mark.parametrize(
    ("faces", "face"),
    [
        (A_TILES, tile(name="TILE 3", grey="3money")),  # declared again: still 3 A tiles
        (A_TILES, tile(name="TILE 4", group="B")),  # the first of the 4 B tiles
        (YELLOW_LAWS, law(name="LAW 10", left=("2money", "vote"))),
        (YELLOW_LAWS, law(name="LAW 11", colour="blue")),
    ],
)
def test_a_card_declared_again_or_of_another_pile_fits(faces: Faces, face: Face) -> None:
    assert check(faces, face) == face
