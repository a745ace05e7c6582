"""What a declared face is checked against (issue 21): a side's suitcases and election track
(Your Turn: Make a Deal; The Election Track), a board's production lines (resources only), a
building's work areas (crafty and brainy spaces, Placing a Workie) and boxes."""

from __future__ import annotations

import msgspec
import pytest

import ledger.games.planet_b as planet_b
from ledger.errors import BadInput, IllegalMove
from ledger.games.planet_b.faces import (
    Board,
    Building,
    Face,
    Faces,
    Headquarters,
    Law,
    Mood,
    News,
    Production,
    Side,
    Swindle,
    Tile,
    Track,
    board_missing,
    check,
)
from ledger.games.planet_b.model import Declare
from ledger.games.planet_b.sections import (
    R_BUILD,
    R_COMPONENTS,
    R_DEAL,
    R_ELECTION,
    R_IMMORAL,
    R_MOOD_SCORE,
    R_PARTICULAR,
    R_PLACE,
    R_PRODUCTION,
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


def law(
    name: str = "TEST LAW",
    colour: str = "yellow",
    left: tuple[str, str] = ("money", "vote"),
    right: tuple[str, str] = ("2money", "-vote"),
) -> Law:
    return Law(name=name, colour=colour, left=left, right=right)


@pytest.mark.parametrize(
    ("face", "refusal"),
    [
        (tile(name="TILE#1"), "cannot use 'TILE#1' as a conglomerate tile name"),
        (
            Building(name="HUT#1", pile="A", cost=5, vp=1, areas=("crafty",), boxes=("2money",)),
            "cannot use 'HUT#1' as a building name",
        ),
        (law(name="LAW#1"), "cannot use 'LAW#1' as a law name"),
        (
            News(name="NEWS#1", pile="I", box="2money", immoral=False),
            "cannot use 'NEWS#1' as a news card name",
        ),
    ],
)
def test_a_card_name_that_cannot_be_typed_names_the_kind_of_card(face: Face, refusal: str) -> None:
    """A card name is typed in a shell: letters, digits, spaces and dots, no '#'."""
    with pytest.raises(BadInput) as info:
        check(Faces(), face)
    assert info.value.message == refusal


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
        (Headquarters(boxes=("2money", "flying-pigs")), "headquarters"),
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


def test_a_building_gives_0_or_more_victory_points() -> None:
    """Build: "You take victory points for this"; never fewer than none."""
    face = Building(name="TEST HUT", pile="A", cost=5, vp=0, areas=("crafty",), boxes=("2money",))
    assert check(Faces(), face) == face
    with pytest.raises(IllegalMove, match="a building gives victory points") as info:
        check(Faces(), msgspec.structs.replace(face, vp=-1))
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


@pytest.mark.parametrize(
    "face",
    [
        Building(name="TEST HUT", pile="A", cost=5, vp=1, areas=("crafty",), boxes=()),
        Building(name="TEST HUT", pile="A", cost=5, vp=1, areas=("crafty",), boxes=("money", "vote", "vp")),
        Headquarters(boxes=()),
        Headquarters(boxes=("money", "vote", "vp")),
    ],
)
def test_a_building_shows_1_or_2_action_boxes(face: Face) -> None:
    """Costs and Action Boxes: "a building may show 2 action boxes"; Headquarters is a building."""
    with pytest.raises(IllegalMove, match="a building shows 1 or 2 action boxes") as info:
        check(Faces(), face)
    assert info.value.rule == R_PLACE


def news(name: str = "TEST NEWS", pile: str = "I", box: str = "2money", immoral: bool = False) -> News:
    return News(name=name, pile=pile, box=box, immoral=immoral)


@pytest.mark.parametrize(
    ("face", "accepted"),
    [
        (news(pile="II", immoral=True), True),
        (news(pile="II", immoral=False), False),
        (news(pile="I", immoral=False), True),
        (news(pile="III", immoral=False), True),
    ],
)
def test_all_ii_news_cards_are_immoral(face: News, accepted: bool) -> None:
    """Immoral News Cards: "All II news cards are immoral, as are half of the III news cards."
    (I cards may be either)."""
    if accepted:
        assert check(Faces(), face) == face
        return
    with pytest.raises(IllegalMove, match="all II news cards are immoral") as info:
        check(Faces(), face)
    assert info.value.rule == R_IMMORAL


def test_a_news_box_is_read_naming_the_card_and_stored_as_its_normal_text() -> None:
    with pytest.raises(BadInput) as info:
        check(Faces(), news(box="2money flying-pigs"))
    assert info.value.message.startswith("news TEST NEWS: cannot read ")
    assert check(Faces(), news(box="2MONEY 1Vote")) == news(box="2money vote")


@pytest.mark.parametrize(
    ("face", "refusal"),
    [
        (news(name="WEAPONS TEST", box="weapons-test"), None),
        (news(name="WEAPONS TEST", box="2money"), "WEAPONS TEST shows WEAPONS TEST"),
        (news(name="CASINO", box="game-of-chance"), "CASINO is a building card, not a news"),
        (news(name="STADIUM", box="sports-bet"), None),  # listed under news with a building's box
    ],
)
def test_a_news_card_the_rulebook_explains_shows_its_named_box(face: News, refusal: str | None) -> None:
    """Explanation of Particular Cards: Weapons Test is a news card, the Casino a building."""
    if refusal is None:
        assert check(Faces(), face) == face
        return
    with pytest.raises(IllegalMove) as info:
        check(Faces(), face)
    assert (info.value.message, info.value.rule) == (refusal, R_PARTICULAR)


I_NEWS = {f"NEWS {n}": news(name=f"NEWS {n}") for n in range(1, 16)}  # 15 of the 16 I news cards


@pytest.mark.parametrize(
    ("known", "face"),
    [
        (I_NEWS, news(name="NEWS 16")),  # the 16th fills the pile
        ({**I_NEWS, "NEWS 16": news(name="NEWS 16")}, news(name="NEWS 15", box="3money")),  # again
        ({**I_NEWS, "NEWS 16": news(name="NEWS 16")}, news(name="NEWS 17", pile="III")),
    ],
)
def test_a_news_card_that_fits_its_pile(known: dict[str, News], face: News) -> None:
    """Game Components: 46 news cards (16xI, 16xII, 14xIII)."""
    assert check(Faces(news=known), face) == face


def test_a_17th_i_news_card_is_refused() -> None:
    known = {**I_NEWS, "NEWS 16": news(name="NEWS 16")}
    with pytest.raises(IllegalMove) as info:
        check(Faces(news=known), news(name="NEWS 17"))
    assert (info.value.message, info.value.rule) == ("there are only 16 I news cards", R_COMPONENTS)


def iii_news(immoral: int, moral: int) -> Faces:
    cards = [news(name=f"IMMORAL {n}", pile="III", immoral=True) for n in range(immoral)]
    cards += [news(name=f"MORAL {n}", pile="III") for n in range(moral)]
    return Faces(news={card.name: card for card in cards})


@pytest.mark.parametrize(
    ("faces", "immoral", "kind"),
    [
        (iii_news(immoral=6, moral=7), True, None),  # the 7th immoral one: 14 cards
        (iii_news(immoral=7, moral=6), False, None),
        (iii_news(immoral=7, moral=6), True, "immoral"),
        (iii_news(immoral=6, moral=7), False, "moral"),
    ],
)
def test_half_of_the_iii_news_cards_are_immoral(faces: Faces, immoral: bool, kind: str | None) -> None:
    """Immoral News Cards: half of the 14 III news cards are immoral (7 of them), half moral."""
    face = news(name="LAST ONE", pile="III", immoral=immoral)
    if kind is None:
        assert check(faces, face) == face
        return
    with pytest.raises(IllegalMove) as info:
        check(faces, face)
    message = f"half of the 14 III news cards are immoral: 7 are {kind}"
    assert (info.value.message, info.value.rule) == (message, R_IMMORAL)


def hut(name: str = "TEST HUT", boxes: tuple[str, ...] = ("2money",)) -> Building:
    return Building(name=name, pile="A", cost=5, vp=1, areas=("crafty",), boxes=boxes)


def test_a_building_is_stored_with_its_boxes_normal_text() -> None:
    assert check(Faces(), hut(boxes=("2MONEY", "1Vote"))) == hut(boxes=("2money", "vote"))


def test_a_building_the_rulebook_explains_shows_its_named_boxes() -> None:
    """Explanation of Particular Cards: the Casino's GAME OF CHANCE."""
    with pytest.raises(IllegalMove) as info:
        check(Faces(), hut(name="CASINO"))
    assert (info.value.message, info.value.rule) == ("CASINO shows GAME OF CHANCE", R_PARTICULAR)
    assert check(Faces(), hut(name="CASINO", boxes=("game-of-chance",))) == hut(
        name="CASINO", boxes=("game-of-chance",)
    )


A_BUILDINGS = Faces(buildings={f"HUT {n}": hut(name=f"HUT {n}") for n in range(1, 15)})  # 14xA


def test_a_15th_a_building_is_refused_and_one_declared_again_fits() -> None:
    """Game Components: 46 buildings (14xA, 14xB, 14xC, 4 Headquarters)."""
    with pytest.raises(IllegalMove) as info:
        check(A_BUILDINGS, hut(name="HUT 15"))
    assert (info.value.message, info.value.rule) == ("there are only 14 A buildings", R_COMPONENTS)
    assert check(A_BUILDINGS, hut(name="HUT 14", boxes=("3money",))) == hut(name="HUT 14", boxes=("3money",))


PRICES = (
    {"iridium": (3, 5), "plastic": (3, 4)},
    {"plant": (2, 4), "water": (2, 3)},
    {"chip": (4, 6), "hydrogen": (3, 5)},
)


@pytest.mark.parametrize(
    ("first", "again", "key"),
    [
        (
            Side(name="4", suitcases=4, track=8, start=2, markets=PRICES),
            Side(name="4", suitcases=3, track=8, start=2, markets=PRICES),
            "side 4",
        ),
        (
            Board(number=2, upper=("plastic", "water", "chip"), lower=("meat", "plant", "iridium")),
            Board(number=2, upper=("water", "plastic", "chip"), lower=("meat", "plant", "iridium")),
            "board 2",
        ),
        (
            Track(name="futurist", spaces=(("money", "vote"),)),
            Track(name="futurist", spaces=(("2money", "vote"),)),
            "track futurist",
        ),
        (tile(), tile(grey="3money"), "tile TEST TILE"),
        (hut(), hut(boxes=("3money",)), "building TEST HUT"),
        (law(), law(left=("3money", "vote")), "law TEST LAW"),
        (news(), news(box="3money"), "news TEST NEWS"),
    ],
)
def test_a_face_is_declared_once(first: Face, again: Face, key: str) -> None:
    """Game Components: each board and card is one: declared again the same or otherwise, the
    first declaration stands."""
    table = Table(cards=False)
    table.apply(Declare(first))
    error = table.refuse_command(Declare(first), IllegalMove, R_COMPONENTS)
    assert error.message == f"{key} is declared already"
    error = table.refuse_command(Declare(again), IllegalMove, R_COMPONENTS)
    assert error.message == f"{key} was declared otherwise; a face is declared once"


LINE = ("plastic", "water", "chip")


@pytest.mark.parametrize(
    "face",
    [
        Board(number=3, upper=("plastic", "resource", "chip"), lower=LINE),
        Board(number=3, upper=LINE, lower=("plastic", "resource", "chip")),
    ],
)
def test_a_resource_that_cannot_be_read_names_the_board(face: Board) -> None:
    with pytest.raises(BadInput) as info:
        check(Faces(), face)
    assert info.value.message == "board 3: unknown resource 'resource'"


@pytest.mark.parametrize(
    "face",
    [
        Board(number=1, upper=LINE[:2], lower=LINE),
        Board(number=1, upper=LINE, lower=(*LINE, "meat")),
    ],
)
def test_each_production_line_has_3_spaces(face: Board) -> None:
    """Production: each production line consists of 3 production spaces."""
    with pytest.raises(IllegalMove, match="each production line has 3 production spaces") as info:
        check(Faces(), face)
    assert info.value.rule == R_PRODUCTION


@pytest.mark.parametrize(
    ("face", "stored"),
    [
        (
            Board(number=1, upper=("Plastic", "WATER", "chip"), lower=("MEAT", "plant", "Iridium")),
            Board(number=1, upper=("plastic", "water", "chip"), lower=("meat", "plant", "iridium")),
        ),
        (Production(tiles=("Plastic", "WATER") * 5), Production(tiles=("plastic", "water") * 5)),
        (Headquarters(boxes=("2MONEY",)), Headquarters(boxes=("2money",))),
        (Headquarters(boxes=("1money", "Vote")), Headquarters(boxes=("money", "vote"))),
    ],
)
def test_a_board_is_stored_in_lower_case(face: Face, stored: Face) -> None:
    """Resources and boxes as typed in any case; Headquarters shows 1 or 2 action boxes."""
    assert check(Faces(), face) == stored


@pytest.mark.parametrize(("players", "side"), [(4, "side 4"), (3, "side 2-3"), (2, "side 2-3")])
def test_a_table_of_4_declares_the_4_side_and_a_smaller_table_the_2_3_side(players: int, side: str) -> None:
    """Game Components and Setup: the "4" symbol; Changes for 2 and 3 Players: the "2-3" side."""
    assert board_missing(Faces(), players)[0] == side
