"""What ``legal`` lists a player in their turn and at an exchange (the moves a page offers):
each move the rulebook allows there, of each kind, and every one listed accepted as it is.
Expected values come from the rulebook's text and the test data (not the publisher's):
the test data's 10 production tiles are one of each resource, and a second meat, chip and
hydrogen.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from msgspec.structs import replace

import ledger.games.planet_b as planet_b
from ledger.games.planet_b import data
from ledger.games.planet_b.faces import Law, Track
from ledger.games.planet_b.model import (
    Build,
    BuyTile,
    ChooseBox,
    Constructed,
    CopyBox,
    Deal,
    Discard,
    DraftCard,
    DrawVotes,
    End,
    Faction,
    LawMove,
    Office,
    PlayNews,
    Recall,
    Replay,
    Reveal,
    Sell,
    Swap,
    Workie,
)
from ledger.games.planet_b.moves import SWAP_WAYS
from ledger.words import card_word
from tests.planet_b.table import Table, physical, started
from tests.planet_b.test_election_steps import exchange_at_a_real_table
from tests.planet_b.test_examples import board
from tests.planet_b.test_flow import fill_last

SPACES = ("upper1", "upper2", "upper3", "lower1", "lower2", "lower3")


def listed(table: Table, kind: type | tuple[type, ...], name: str = "ann") -> list[object]:
    """The moves of ``kind`` listed for ``name``, each accepted (at least one fact)."""
    moves = [m for m in planet_b.legal(table.state, name) if isinstance(m, kind)]
    accepted(table, moves)
    return moves


def accepted(table: Table, moves: Iterable[object]) -> None:
    for move in moves:
        assert list(planet_b.decide(table.state, move)), move


def box_texts(table: Table) -> list[str]:
    """What ann's open box offers, each accepted, sorted: selling, production tiles and the
    end of the turn (allowed at any point of it) left aside."""
    moves = [m for m in planet_b.legal(table.state, "ann") if not isinstance(m, Sell | End | BuyTile)]
    accepted(table, moves)
    return sorted(planet_b.text(m) for m in moves)


def test_free_time_lists_each_deal_each_sale_and_selling_all() -> None:
    """Selling Resources: "You are always allowed to sell as many resources as you want ... on
    your turn as often as you like"; a turn's deal goes on any of the 3 conglomerate tiles: each
    deal is listed, a sale of each resource held and of all of them, and no end of the turn
    before the deal; after it (its box done), the end."""
    table = board(started())
    table.give("ann", warehouse={"plant": 2, "water": 1})
    assert sorted(m.space for m in listed(table, Deal)) == ["left", "middle", "right"]
    sales = {tuple(sorted(m.resources)) for m in listed(table, Sell)}
    assert sales == {("plant",), ("water",), ("plant", "plant", "water")}
    assert not listed(table, End)
    table.play("deal ann left")  # its box, 2 money, performed at once
    assert listed(table, End) == [End("ann")] and not listed(table, Deal)


def test_production_tiles_are_listed_for_10_money_on_each_space_and_back() -> None:
    """Production Tiles: "You can buy these for 10 money at any point during your turn ...
    Take 1 production tile of your choice and place it onto one of the production spaces ...
    You may return any production tiles you bought back to your supply at any time": with
    exactly 10 money, each resource on each of the 6 spaces; one's only plastic tile placed,
    no plastic to buy and that tile to return; with 9 money, nothing to buy."""
    table = board(started())
    table.give("ann", money=data.TILE_PRICE, warehouse={})
    bought = {(m.resource, m.space) for m in listed(table, BuyTile) if not m.back}
    assert bought == {(r, s) for r in data.RESOURCES for s in SPACES}
    assert not [m for m in listed(table, BuyTile) if m.back]
    table.play("tile ann plastic upper1")
    table.give("ann", money=data.TILE_PRICE)
    bought = {(m.resource, m.space) for m in listed(table, BuyTile) if not m.back}
    assert bought == {(r, s) for r in data.RESOURCES if r != "plastic" for s in SPACES}
    assert [m for m in listed(table, BuyTile) if m.back] == [BuyTile("ann", "plastic", "upper1", back=True)]
    table.give("ann", money=data.TILE_PRICE - 1)
    assert [m for m in listed(table, BuyTile) if not m.back] == []


def test_an_exchange_lists_2_resources_of_choice_or_5_when_immoral() -> None:
    """Exchanges: "Take 2 resources of your choice, or, if you are immoral, take 5": mixes
    of 2 resources are listed (as many as ``legal`` lists of any one move, all different),
    each accepted; an immoral player is listed mixes of 5 only."""
    for news, size in (((), 2), (("SPY",), 5)):
        table = board(started(), "2money")
        fill_last(table)
        table.give("ann", news=news)
        table.play("deal ann left", "end ann")
        swaps = listed(table, Swap)
        assert {len(m.resources) for m in swaps} == {size}
        assert len({tuple(sorted(m.resources)) for m in swaps}) == len(swaps) == SWAP_WAYS


HAND = ("WORKSHOP", "BANK", "UNIVERSITY")  # test data: cost 4, 15 and 27 money
ALL_TILES = [f"tile ann {r} {s}" for r in sorted(data.RESOURCES) for s in SPACES]
PRODUCE = ["produce ann upper", "produce ann lower"]
BACKS = ["build ann bank --back", "build ann university --back", "build ann workshop --back"]
BUILDS = ["build ann workshop", *BACKS]


@pytest.mark.parametrize(
    ("box", "money", "expected"),
    [
        # Symbol Summary: "Move the election marker to the left or to the right"
        ("marker produce", 12, ["marker ann left", "marker ann right", *PRODUCE]),
        # "Buy a production tile for 10 money": each resource on each space, or none below 10
        ("tile produce", 10, [*ALL_TILES, *PRODUCE]),
        ("tile produce", 9, ["skip ann", *PRODUCE]),  # "as fully as you can": skipped
        # Build: "choose 1 building from your hand ... You must pay the Cost"; "If you can't or
        # don't want to build a building, you must instead choose a building from your hand
        # and add it to the bottom of the corresponding pile"
        ("build produce", 4, [*BUILDS, *PRODUCE]),  # WORKSHOP's 4, exactly
        ("build produce", 3, [*BACKS, *PRODUCE]),
        # Buy a Swindle Tile: "Place either 1 "-1" tile or 1 "+1" tile"
        ("swindle produce", 12, ["swindle ann +1", "swindle ann -1", *PRODUCE]),
        # "You must immediately pay the indicated costs" (test data: the first space 3 money)
        ("swindle produce", 2, ["skip ann", *PRODUCE]),
        ("swindle-free produce", 0, ["swindle ann +1", "swindle ann -1", *PRODUCE]),
        # Play a face-up news card: one of each pile's
        ("news produce", 12, ["news ann I", "news ann II", "news ann III", *PRODUCE]),
        # a choice (a diagonal line): one of its actions
        ("2money/plastic", 12, ["gain ann 2money", "gain ann plastic"]),
        # "Take containers and place them in the storage locations of your choice"
        ("resource produce", 12, [*(f"gain ann {r}" for r in sorted(data.RESOURCES)), *PRODUCE]),
        # a free mix: each unit a plastic or a workie (of either colour: Taking Workies)
        ("2plastic+workie", 12, ["gain ann plastic", "workie ann crafty", "workie ann brainy"]),
        # an action with nothing to choose is performed when the player says (gain)
        ("vp produce", 12, ["gain ann", *PRODUCE]),
        # Taking Workies: "If only a craftie or brainie symbol is shown ... you can only take"
        ("brainy produce", 12, ["gain ann", "workie ann brainy", *PRODUCE]),
        # Move forward on the faction track of your choice (page 10): each track
        ("faction produce", 12, [*(f"faction ann {t}" for t in data.TRACKS), *PRODUCE]),
    ],
)
def test_an_open_box_lists_each_way_to_perform_each_action(box: str, money: int, expected: list[str]) -> None:
    """Costs and Action Boxes: a box's actions are performed one by one, each in the ways
    its symbol allows; every one listed is accepted (selling and production tiles, allowed
    at any point of the turn, are left aside unless the box prints the tile)."""
    table = board(started(), box)
    table.give("ann", money=money, warehouse={}, hand=HAND)
    table.play("deal ann left")
    moves = [m for m in planet_b.legal(table.state, "ann") if not isinstance(m, Sell | End)]
    if "tile" not in box:
        moves = [m for m in moves if not isinstance(m, BuyTile)]
    accepted(table, moves)
    assert sorted(planet_b.text(m) for m in moves) == sorted(expected)


def test_an_action_that_cannot_be_performed_may_be_skipped() -> None:
    """Costs and Action Boxes, "as fully as you can": a build with no building in hand cannot
    be performed: it may be skipped, and nothing is offered to build."""
    table = board(started(), "build produce")
    table.give("ann", hand=())
    table.play("deal ann left")
    listed_texts = [
        planet_b.text(m) for m in planet_b.legal(table.state, "ann") if not isinstance(m, Sell | BuyTile)
    ]
    accepted(table, planet_b.legal(table.state, "ann"))
    assert sorted(listed_texts) == sorted(["skip ann", *PRODUCE])


DISCS = {"capitalist": 2, "futurist": 1, "traditionalist": 0}
SCORES_2 = ["capitalist:1a", "capitalist:1b", "capitalist:2a", "capitalist:2b"]


@pytest.mark.parametrize(
    ("box", "discs", "expected"),
    [
        ("capitalist-check produce", DISCS, ["capitalist", *SCORES_2]),
        (
            "faction-check produce",
            DISCS,
            ["capitalist", *SCORES_2, "futurist", "futurist:1a", "futurist:1b", "traditionalist"],
        ),
        ("capitalist produce", DISCS, ["capitalist"]),
        # its last space (test data: 6): every box of the track; a step still 4 money
        (
            "capitalist-check produce",
            {**DISCS, "capitalist": 6},
            ["capitalist", *(f"capitalist:{n}{ab}" for n in range(1, 7) for ab in "ab")],
        ),
    ],
)
def test_a_faction_checkmark_lists_a_step_or_each_box_at_or_left_of_the_disc(
    box: str, discs: dict[str, int], expected: list[str]
) -> None:
    """Faction Action: "A "steps" symbol allows you to move up 1 step on the corresponding
    faction's track or score the faction"; with a checkmark, "Choose 1 of the two action boxes
    next to the space your disc is on ... You may also choose any of the action boxes to the
    left of your disc"; without one, "you can only move up"; "Once you reach the last space of
    a track ... take 4 money for each extra step". Each move listed is accepted."""
    table = board(started(), box)
    table.give("ann", factions=discs)
    table.play("deal ann left")
    moves = listed(table, Faction)
    assert sorted(planet_b.text(m) for m in moves) == sorted(f"faction ann {e}" for e in expected)


HQ_TAILOR = (Constructed("HEADQUARTERS", ((),)), Constructed("TAILOR", ((),)))


@pytest.mark.parametrize(
    ("box", "give", "expected"),
    [
        # "Give 1-4 plants from your warehouse to the other players of your choice"
        ("green-smoothie", {"warehouse": {"plant": 2}}, ["give ann ben", "give ann cat", "give ann dan"]),
        ("green-smoothie", {"warehouse": {"water": 1}}, ["skip ann"]),
        # "Sell up to 2 resources of your choice from your warehouse"
        (
            "goods-export",
            {"warehouse": {"plastic": 3, "meat": 1}},
            [
                "goods-export ann",
                "goods-export ann meat",
                "goods-export ann plastic",
                "goods-export ann meat plastic",
                "goods-export ann plastic plastic",
            ],
        ),
        # "Destroy one of your constructed buildings ... You may destroy your Headquarters"
        # (RENOVATIONS' build, with no building in hand, cannot be performed)
        (
            "renovations",
            {"buildings": HQ_TAILOR, "hand": ()},
            ["destroy ann headquarters", "destroy ann tailor", "skip ann"],
        ),
        (
            "building-export",
            {"buildings": HQ_TAILOR},
            ["gain ann", "destroy ann headquarters", "destroy ann tailor"],
        ),
        # "a single action box on one of your other constructed buildings" (MARKET HALL: box 1
        # pays plastic, box 2 water: as usual, the costs first)
        (
            "solar-energy",
            {"buildings": (Constructed("MARKET HALL", ((),)),), "warehouse": {"water": 1}},
            ["gain ann", "faction ann futurist", "copy ann market-hall 2"],
        ),
        (
            "solar-energy",
            {"buildings": (Constructed("MARKET HALL", ((),)),), "warehouse": {"water": 1, "plastic": 1}},
            ["gain ann", "faction ann futurist", "copy ann market-hall 1", "copy ann market-hall 2"],
        ),
        # "You must use one of your previously-played news cards again"
        (
            "cell-regeneration",
            {"warehouse": {"hydrogen": 1}, "news": ("BRIBE", "PLASTIC BAGS")},
            ["gain ann", "replay ann bribe", "replay ann plastic-bags"],
        ),
        # "Return 1 previously-placed workie on one of your buildings to your supply"
        (
            "vaccination",
            {
                "buildings": (
                    Constructed("RESTAURANT", (("crafty",), ())),
                    Constructed("BAKERY", (("crafty", "brainy"), ())),
                )
            },
            [
                "gain ann",
                "faction ann futurist",
                "recall ann restaurant.1 crafty",
                "recall ann bakery.1 brainy",
                "recall ann bakery.1 crafty",
            ],
        ),
    ],
)
def test_a_particular_cards_box_lists_each_way_the_card_allows(
    box: str, give: dict[str, object], expected: list[str]
) -> None:
    """Explanation of Particular Cards: each way its text allows is listed, and nothing else
    (selling and production tiles aside); each move listed is accepted."""
    table = board(started(), box)
    table.give("ann", **give)
    table.play("deal ann left")
    assert box_texts(table) == sorted(expected)


def test_invitation_to_bid_lists_none_each_and_all_of_the_hand() -> None:
    """INVITATION TO BID: "Discard as many buildings from your hand (0 to 3)": none, each one
    and all three are listed (among others), each accepted."""
    table = board(started(), "invitation-to-bid")
    table.give("ann", hand=("TAILOR", "WORKSHOP", "SKYHOOK"))
    table.play("deal ann left")
    texts = {planet_b.text(m) for m in listed(table, Discard)}
    assert {"discard ann", "discard ann tailor", "discard ann workshop", "discard ann skyhook"} <= texts
    assert {"discard ann tailor workshop skyhook", "discard ann skyhook tailor workshop"} & texts


def _laws(table: Table, colour: str) -> list[str]:
    return sorted(card_word(n) for n, law in table.state.faces.laws.items() if law.colour == colour)


@pytest.mark.parametrize(
    ("office", "immoral", "expected"),
    [
        # President: "If you are immoral, draw 1 blue law. Otherwise, draw 1 yellow law": at a
        # real table any law of that pile may be drawn
        ("president", False, "yellow"),
        ("president", True, "blue"),
        # Vice President: "If you are immoral, you take 6 money. Otherwise, move 1 step forward
        # on the faction track of your choice"
        ("vice-president", False, list(data.TRACKS)),
        ("vice-president", True, [""]),
        ("lama", False, [""]),
        ("dodo", True, [""]),
    ],
)
def test_an_office_lists_its_action_each_way_it_allows(
    office: str, immoral: bool, expected: str | list[str]
) -> None:
    """Offices: "You must perform this action 1 time each turn ... either before or after
    another action": listed before the deal as after it, each accepted; the turn does not end
    before it."""
    table = physical(("ann", "ben"))
    table.give("ann", office=office, news=("SPY",) if immoral else ())
    choices = _laws(table, expected) if isinstance(expected, str) else expected
    texts = [planet_b.text(m) for m in listed(table, Office)]
    assert sorted(texts) == sorted(f"office ann {c}".strip() for c in choices)
    table.play("deal ann left")
    while table.state.stack:
        table.play(planet_b.text(next(iter(planet_b.legal(table.state, "ann")))))
    assert not listed(table, End) and sorted(planet_b.text(m) for m in listed(table, Office)) == sorted(texts)


def test_a_law_drawn_lists_its_left_and_right_box() -> None:
    """President: "You must choose either the left or right action box" (ROAD TOLL)."""
    table = physical(("ann", "ben"))
    table.give("ann", office="president")
    table.play("office ann road-toll")
    assert sorted(planet_b.text(m) for m in listed(table, LawMove)) == ["law ann left", "law ann right"]


def test_i_pick_number_3_lists_the_top_of_either_pile() -> None:
    """ "I Pick Number 3": "Choose the top card from either pile of laws. It doesn't matter if
    you are immoral or not": with virtual piles, either pile; at a real table, any law of
    either pile, each accepted."""
    table = board(started(), "2money i-pick-number-3")
    table.play("deal ann left")
    assert sorted(planet_b.text(m) for m in listed(table, LawMove)) == ["law ann blue", "law ann yellow"]
    table = board(physical(("ann", "ben")), "2money i-pick-number-3")
    table.play("deal ann left")
    expected = [f"law ann {c} {law}" for c in ("yellow", "blue") for law in _laws(table, c)]
    assert sorted(planet_b.text(m) for m in listed(table, LawMove)) == sorted(expected)


@pytest.mark.parametrize(
    ("warehouse", "expected"),
    [
        ({"water": 1}, ["box ann 2"]),
        ({"water": 1, "plastic": 1}, ["box ann 1", "box ann 2"]),
        ({}, ["skip ann"]),
    ],
)
def test_a_filled_work_area_lists_each_box_whose_costs_can_be_paid(
    warehouse: dict[str, int], expected: list[str]
) -> None:
    """Placing a Workie: a filled work area's box, "as usual, you must first pay any costs"
    (test data: MARKET HALL, box 1 pays a plastic, box 2 a water, each for 8 money); with
    neither, as fully as you can: skipped."""
    table = board(started(), "work")
    table.give("ann", buildings=(Constructed("MARKET HALL", ((),)),), warehouse=warehouse)
    table.play("deal ann left", "workie ann crafty@market-hall")
    assert box_texts(table) == expected


def test_a_news_card_whose_cost_cannot_be_paid_is_not_listed() -> None:
    """Play a News Card: its box's costs first (test data: FARMERS MARKET, pay a plant for 7
    money): without a plant the card of pile I is not listed, with one it is."""
    for plants, piles in ((0, ["II", "III"]), (1, ["I", "II", "III"])):
        table = board(started(), "news produce")
        table.set(news_up={**table.state.news_up, "I": "FARMERS MARKET"})
        table.give("ann", warehouse={"plant": plants} if plants else {})
        table.play("deal ann left")
        assert [m.pile for m in listed(table, PlayNews)] == piles


def test_a_box_of_two_work_areas_lists_each_area_by_number() -> None:
    """Placing a Workie: "exactly 1 workie onto 1 matching-color work space"; BAKERY has two
    crafty work areas, each listed by its number (and the take of either colour)."""
    table = board(started(), "work")
    table.give("ann", buildings=(Constructed("BAKERY", ((), ())),))
    table.play("deal ann left")
    texts = [planet_b.text(m) for m in listed(table, Workie)]
    assert texts == [
        "workie ann crafty",
        "workie ann brainy",
        "workie ann crafty@bakery.1",
        "workie ann crafty@bakery.2",
    ]


def test_a_deal_whose_box_charges_all_others_asks_nothing_of_the_dealer() -> None:
    """Costs and Action Boxes: "all others" pay that cost, not the active player: a box that
    charges the others 2 resources is listed for a dealer with none, on each tile."""
    table = board(started(), "others:-2resource 2money", "others:-2resource 2money", "others:-vote")
    table.give("ann", warehouse={})
    assert sorted(m.space for m in listed(table, Deal)) == ["left", "middle", "right"]


def test_a_virtual_draft_lists_each_card_of_the_packet_held() -> None:
    """Starting Buildings: each player keeps 1 card of the packet they hold and passes the
    rest: each card of it is listed for its holder, each accepted."""
    table = Table(4, seed=1)
    plan = table.state.draft
    assert plan is not None
    moves = listed(table, DraftCard, plan.order[plan.index])
    assert sorted(m.card for m in moves) == sorted(set(plan.packet)) and len(moves) > 1
    assert {m.player for m in moves} == {plan.order[plan.index]}


def test_a_face_nobody_declared_is_asked_of_the_table() -> None:
    """Game Components: 20 laws; one of the test data's taken out, the table (not a player) is
    asked to declare a new law, and nothing else."""
    table = physical()
    laws = dict(table.state.faces.laws)
    laws.pop(sorted(laws)[0])
    table.set(faces=replace(table.state.faces, laws=laws))
    assert [(u.actor, u.text) for u in planet_b.unlisted(table.state)] == [("table", "declare law")]


def test_a_draw_from_the_bag_lists_draws_it_can_give_at_a_real_table() -> None:
    """GAME OF CHANCE: "Draw 3 votes from the bag"; SPORTS BET the same: at a real table each
    draw listed is 3 votes the bag holds, a draw starting with each colour in the bag, each
    accepted; with virtual piles the referee draws, nothing to list."""
    for box in ("game-of-chance", "sports-bet"):
        table = board(physical(), box)
        table.set(bag={"you": 3, "red": 2})
        table.play("deal you left")
        draws = listed(table, DrawVotes, "you")
        assert draws and all(len(m.colours) == 3 for m in draws)
        assert {c for m in draws for c in m.colours} == {"you", "red"}
        assert all(m.colours.count("red") <= 2 for m in draws)


def test_a_building_drawn_off_a_pile_lists_each_card_it_may_be_at_a_real_table() -> None:
    """ILLEGAL BUILD: "Draw the top card from the B pile"; UNEXPECTED INHERITANCE the same
    from the A pile: at a real table each building of that pile not seen yet nor in hand may
    be the one drawn, each accepted."""
    for box, pile in (("illegal-build", "B"), ("unexpected-inheritance", "A")):
        table = board(physical(), box)
        table.give("you", warehouse={"iridium": 2}, hand=("TAILOR",))
        table.play("deal you left")
        seen = set(table.state.piles[pile].seen) | {"TAILOR"}
        printed = {n for n, f in table.state.faces.buildings.items() if f.pile == pile}
        assert {m.card for m in listed(table, Build, "you")} == printed - seen


def test_a_real_tables_exchange_lists_each_b_tile_that_may_replace_a_removed_one() -> None:
    """Exchanges: "If you removed a conglomerate tile, take the next one from the pile": at a
    real table, after the resources, each B tile of the test data may be the one revealed
    (the removed tile of a 2-player game aside), each accepted."""
    table = physical()
    table.tile("left", "TEST LEFT", "2money", red=True, then="remove")
    exchange_at_a_real_table(table)
    table.play("deal you left", "end you", "exchange you meat water")
    b_tiles = {n for n, t in table.state.faces.tiles.items() if t.set == "B"}
    reveals = listed(table, Reveal, "table")
    assert {m.what for m in reveals} == {"tile"} and {m.cards for m in reveals} == {(n,) for n in b_tiles}


@pytest.mark.parametrize(
    ("boxes", "resources", "expected"),
    [
        # a box of a cost of choice is listed with each way to pay it; the one ann cannot pay
        # (5 money of her 2) is not
        (
            ("-resource 5money", "-5money 2vp", "2money"),
            {"plastic": 1, "water": 1},
            ["deal ann left --pay plastic", "deal ann left --pay water", "deal ann right"],
        ),
        # no box can be paid: each tile may be dealt to, its box not performed
        (
            ("-resource 5money", "-5money 2vp", "-5money 2vp"),
            {},
            ["deal ann left", "deal ann middle", "deal ann right"],
        ),
    ],
)
def test_the_deals_listed_are_the_tiles_whose_box_can_be_paid_or_any_when_none_can(
    boxes: tuple[str, ...], resources: dict[str, int], expected: list[str]
) -> None:
    """Costs and Action Boxes: "you must always fully pay these first"; the referee's reading
    (docs/planet-b.md): a tile whose box the player cannot pay may be dealt to only when no
    tile's box can be paid. Each deal listed is accepted."""
    table = board(started(), *boxes)
    table.give("ann", money=2, warehouse=resources)
    assert sorted(planet_b.text(m) for m in listed(table, Deal)) == sorted(expected)


def test_a_cost_of_choice_is_listed_with_each_way_to_pay_it() -> None:
    """Costs and Action Boxes: a cost "of your choice" is the player's choice: a news card
    (STRIKE BREAK: pay a workie, take 6 money), a played one again (CELL REGENERATION) and a
    building's box copied (SOLAR ENERGY of POWER PLANT, onto STOCK EXCHANGE's "-2resource
    14money", the other buildings only) are each listed with the ways to pay, each accepted."""
    table = board(started(), "news produce")
    table.set(news_up={**table.state.news_up, "II": "STRIKE BREAK"})
    table.play("deal ann left")
    texts = sorted(planet_b.text(m) for m in listed(table, PlayNews))
    assert texts == ["news ann I", "news ann II --pay brainy", "news ann II --pay crafty", "news ann III"]
    table = board(started(), "cell-regeneration")
    table.give("ann", warehouse={"hydrogen": 1}, news=("STRIKE BREAK",))
    table.play("deal ann left")
    texts = sorted(planet_b.text(m) for m in listed(table, Replay))
    assert texts == ["replay ann strike-break --pay brainy", "replay ann strike-break --pay crafty"]
    table = board(started(), "work")
    buildings = (Constructed("POWER PLANT", (("crafty",),)), Constructed("STOCK EXCHANGE", ((),)))
    table.give("ann", buildings=buildings, warehouse={"plastic": 2, "water": 1})
    table.play("deal ann left", "workie ann brainy@power-plant", "box ann 1")
    texts = sorted(planet_b.text(m) for m in listed(table, CopyBox))
    assert texts == ["copy ann stock-exchange 1 --pay plastic,plastic", "copy ann stock-exchange 2"]


def test_a_law_whose_president_part_has_a_cost_of_choice_lists_each_way_to_pay() -> None:
    """President: "You take whatever is indicated under "President"": a law (made up for
    the test) whose left President part pays a resource of one's choice is listed with each
    way to pay it; its right side, with nothing to pay, once."""
    table = physical(("ann", "ben"))
    table.face(
        Law(name="TEST LAW", colour="yellow", left=("-resource 5money", "vote"), right=("2money", "-vote"))
    )
    table.give("ann", office="president", warehouse={"plastic": 1, "water": 1})
    table.play("office ann test-law")
    texts = sorted(planet_b.text(m) for m in listed(table, LawMove))
    assert texts == ["law ann left --pay plastic", "law ann left --pay water", "law ann right"]


def test_prefabricated_houses_lists_each_building_in_hand_without_its_cost() -> None:
    """PREFABRICATED HOUSES: "Pay 3 iridium. Build 1 building from your hand without paying
    its cost": with no money, each building in hand is listed (not to a pile's bottom)."""
    table = board(started(), "prefabricated-houses")
    table.give("ann", money=0, warehouse={"iridium": 3}, hand=HAND)
    table.play("deal ann left")
    texts = sorted(planet_b.text(m) for m in listed(table, Build))
    assert texts == ["build ann bank", "build ann university", "build ann workshop"]


def test_parliamentary_neglect_lists_a_step_or_a_score_of_each_track() -> None:
    """PARLIAMENTARY NEGLECT: "Score the faction of your choice ... You may choose to advance
    1 step on the faction track of your choice instead of scoring" (after its 2 steps back)."""
    table = board(started(), "vp parliamentary-neglect")
    table.give("ann", factions={"capitalist": 3, "futurist": 1, "traditionalist": 0})
    table.play("deal ann left --pay capitalist,capitalist")  # capitalist 1, futurist 1 left
    texts = sorted(planet_b.text(m).removeprefix("faction ann ") for m in listed(table, Faction))
    assert texts == sorted(
        [
            "capitalist",
            "capitalist:1a",
            "capitalist:1b",
            "futurist",
            "futurist:1a",
            "futurist:1b",
            "traditionalist",
        ]
    )


def test_a_pile_showing_no_news_card_lists_the_others() -> None:
    """Play a News Card: one of the face-up cards; a pile run out shows none, and the other
    two are listed."""
    table = board(started(), "news produce")
    table.set(news_up={p: c for p, c in table.state.news_up.items() if p != "III"})
    table.play("deal ann left")
    assert [m.pile for m in listed(table, PlayNews)] == ["I", "II"]


def test_at_a_real_table_every_move_listed_in_a_box_is_accepted_and_the_players() -> None:
    """A real table's box of a marker and the law symbol ("Draw and play either a yellow or
    a blue law", by morality): every move listed is accepted, each the active player's, and
    no draw from the bag is listed (only GAME OF CHANCE and SPORTS BET draw)."""
    table = board(physical(), "marker law")
    table.play("deal you left")
    moves = list(planet_b.legal(table.state))
    accepted(table, moves)
    assert moves and not [m for m in moves if isinstance(m, DrawVotes)]
    assert {m.player for m in moves if isinstance(m, LawMove)} == {"you"}


def test_vaccination_on_the_hospital_lists_the_workies_of_the_other_buildings() -> None:
    """VACCINATION: "Return 1 previously-placed workie on one of your buildings to your supply
    (not from the hospital itself)": the Hospital's box, its workies filled in first, lists
    the workies on the building after it, each accepted, and none of its own."""
    table = board(started(), "work")
    hospital = Constructed("HOSPITAL", (("crafty",), ()))
    table.give("ann", buildings=(hospital, Constructed("RESTAURANT", (("crafty",), ()))))
    table.play("deal ann left", "workie ann brainy@hospital.1", "box ann 1")
    texts = [planet_b.text(m) for m in listed(table, Recall)]
    assert texts == ["recall ann restaurant.1 crafty"]


def test_a_faction_box_or_a_buildings_box_with_a_cost_of_choice_lists_each_way_to_pay() -> None:
    """Faction Action, scoring: "Choose 1 of the two action boxes next to the space your disc
    is on ... or any of the action boxes to the left"; a box's cost of choice is the player's
    choice. A futurist track made up for the test, its first space's box a paying a resource;
    STOCK EXCHANGE's box 1 paying 2 (test data). Each listed with the ways to pay, each
    accepted."""
    table = board(started(), "futurist-check produce")
    spaces = (("-resource 5money", "right"), ("2hydrogen", "work"), ("chip vote", "left"))
    table.face(Track(name="futurist", spaces=spaces))
    table.give("ann", factions={"capitalist": 0, "futurist": 2, "traditionalist": 0})
    table.give("ann", warehouse={"plastic": 1, "water": 1})
    table.play("deal ann left")
    texts = sorted(planet_b.text(m).removeprefix("faction ann ") for m in listed(table, Faction))
    expected = ["futurist", "futurist:1a --pay plastic", "futurist:1a --pay water", "futurist:1b"]
    assert texts == sorted([*expected, "futurist:2a", "futurist:2b"])
    table = board(started(), "work")
    table.give("ann", buildings=(Constructed("STOCK EXCHANGE", ((),)),), warehouse={"plastic": 2, "water": 1})
    table.play("deal ann left", "workie ann brainy@stock-exchange")
    texts = {planet_b.text(m) for m in listed(table, ChooseBox)}
    assert {"box ann 1 --pay plastic,plastic", "box ann 2"} <= texts
    assert all(t == "box ann 2" or t.startswith("box ann 1 --pay ") for t in texts)
