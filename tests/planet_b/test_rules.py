"""Rules without a worked example in the rulebook: each has a test that fails if it breaks."""

from __future__ import annotations

from collections import Counter

from msgspec.structs import replace

from ledger.errors import IllegalMove
from ledger.games.planet_b import data
from ledger.games.planet_b.model import Constructed
from ledger.games.planet_b.rules.elections import counts, draw_size
from ledger.games.planet_b.sections import R_COSTS, R_PLACE
from ledger.piles import candidates
from tests.planet_b.table import Table, physical, started
from tests.planet_b.test_examples import board


def test_setting_up_each_player_board() -> None:
    """Setting Up Your Player Board: 10 billies, 2 crafties and 2 brainies, 25 votes with 3 in
    the bag, mood neutral, the faction discs on their starts, Headquarters built; boards
    numbered clockwise from the start player."""
    table = started(3)
    for n, name in enumerate(("ann", "ben", "cat"), 1):
        player = table.p(name)
        assert (player.board, player.money, player.crafties, player.brainies, player.mood) == (n, 10, 2, 2, 0)
        assert player.factions == dict.fromkeys(data.TRACKS, 0) and player.vp == 0
        assert [b.name for b in player.buildings] == ["HEADQUARTERS"]
        assert (table.state.supply[name], table.state.bag[name]) == (22, 3)
    state = table.state
    assert state.side == "2-3" and state.marker == 2  # test data: the 2-3 side starts on 2
    assert [s.red for s in state.spaces] == [False, True, False] and state.markets == (False, True, False)
    assert all(state.news_up[pile] for pile in data.NEWS_PILES)
    assert started(4).state.side == "4"


def test_the_building_draft_order_and_hands() -> None:
    """Starting Buildings: A from the last player to the right, B from the start player to
    the left, C like A; each player ends with 1 A, 1 B and 1 C."""
    table = Table(4, seed=3)
    orders = []
    while table.state.phase == "draft":
        plan = table.state.draft
        assert plan is not None
        if plan.index == 0:
            orders.append((plan.pile, plan.order))
        table.play(f"draft {plan.order[plan.index]} {sorted(plan.packet)[0].lower().replace(' ', '-')}")
    assert orders == [
        ("A", ("dan", "cat", "ben", "ann")),
        ("B", ("ann", "ben", "cat", "dan")),
        ("C", ("dan", "cat", "ben", "ann")),
    ]
    for player in table.state.players.values():
        piles = sorted(table.state.faces.buildings[card].pile for card in player.hand)
        assert piles == ["A", "B", "C"]
    assert table.state.phase == "turn" and table.state.active == "ann"


def test_the_draft_passes_on_the_cards_not_chosen_and_takes_players_cards_off_each_pile() -> None:
    """Starting Buildings: "Give the last player as many A-buildings as there are players ...
    That player chooses 1 building and adds it to their hand. They then give the remaining
    cards to the player on their right": typed in that order, each packet is the one before
    without the card chosen, and each pile ends 4 cards shorter (4 players)."""
    table = Table(4, seed=3)
    sizes = Counter(b.pile for b in table.state.faces.buildings.values())
    pickers = ["dan", "cat", "ben", "ann", "ann", "ben", "cat", "dan", "dan", "cat", "ben", "ann"]
    chosen: list[str] = []
    for i, name in enumerate(pickers):
        plan = table.state.draft
        assert plan is not None and len(plan.packet) == 4 - i % 4
        assert not set(plan.packet) & set(chosen)
        card = sorted(plan.packet)[0]
        chosen.append(card)
        table.play(f"draft {name} {card.lower().replace(' ', '-')}")
    assert table.state.phase == "turn"
    for pile in ("A", "B", "C"):
        assert len(table.state.piles[pile]) == sizes[pile] - 4


def test_at_a_real_table_the_cards_drafted_are_off_their_piles() -> None:
    """Starting Buildings at a real table (the table types each card chosen): each pile ends
    as many cards shorter as there are players, and a card in a hand is not one a pile can
    give again (every building is a single card)."""
    table = physical()
    sizes = Counter(b.pile for b in table.state.faces.buildings.values())
    for pile in ("A", "B", "C"):
        names = [b.name for b in table.state.faces.buildings.values() if b.pile == pile]
        assert len(table.state.piles[pile]) == sizes[pile] - 4
        held = {c for p in table.state.players.values() for c in p.hand if c in names}
        assert len(held) == 4 and not held & set(candidates(table.state.piles[pile], names))


def test_votes_missing_from_the_supply_pay_1_money_each() -> None:
    """Adding Votes to the Bag: "If you don't have enough votes left in your supply, you take
    1 money for each missing vote." """
    table = board(started(), "3vote")
    table.set(supply={**table.state.supply, "ann": 1})
    table.play("deal ann left")
    assert table.state.bag["ann"] == 3 + 1 and table.p("ann").money == 10 + 2


def test_a_swindle_tile_costs_its_space_and_gives_its_reward() -> None:
    """Buy a Swindle Tile (test data: space 1 costs 3 money for 2 votes, space 2 costs 5 money
    and a plastic for 3 votes and 2 money); "free" skips the cost and keeps the reward."""
    table = board(started(), "swindle", "swindle-free")
    table.give("ann", warehouse={"plastic": 1})
    table.play("deal ann left", "swindle ann +1")
    assert (table.p("ann").money, table.state.bag["ann"]) == (10 - 3, 3 + 2)
    table.set(dealt=False)
    table.play("deal ann middle", "swindle ann -1")
    ann = table.p("ann")
    assert ann.swindles == ("+1", "-1") and ann.warehouse == {"plastic": 1} and ann.money == 7 + 2
    assert table.state.bag["ann"] == 5 + 3


def test_all_others_who_cannot_pay_do_not_pay() -> None:
    """Costs and Action Boxes: "If others can't pay then they are lucky"."""
    table = board(started(), "others:-2money 3money")
    table.give("ben", money=1)
    table.play("deal ann left")
    money = {p.name: p.money for p in table.state.players.values()}
    assert money == {"ann": 13, "ben": 1, "cat": 8, "dan": 8}


def test_all_includes_the_actor() -> None:
    table = board(started(), "all:2vote")
    table.play("deal ann left")
    assert all(table.state.bag[name] == 3 + 2 for name in table.state.seats)


def test_a_workie_goes_on_an_empty_work_space_of_its_colour() -> None:
    """Placing a Workie: exactly 1 workie onto 1 matching-color work space."""
    table = board(started(), "3work")
    table.give(
        "ann", buildings=(Constructed("TAILOR", (("crafty", "crafty"),)), Constructed("WORKSHOP", ((),)))
    )
    table.play("deal ann left")
    table.refuse("workie ann crafty@tailor", IllegalMove, R_PLACE)  # both crafty spaces are taken
    table.refuse("workie ann brainy@workshop", IllegalMove, R_PLACE)  # A buildings: crafties only
    table.refuse("workie ann crafty@bank", IllegalMove, R_PLACE)  # not built
    table.play("workie ann brainy@tailor")
    assert table.p("ann").buildings[0].placed == (("crafty", "crafty", "brainy"),)


def test_one_action_is_finished_before_the_next_starts() -> None:
    table = board(started(), "produce")
    table.give("ann", office="lama")
    table.play("deal ann left")
    table.refuse("office ann", IllegalMove, R_COSTS)
    table.give("ann", warehouse={"meat": 1})
    table.play("sell ann meat")  # selling is no action: it is allowed any time in one's turn
    table.play("produce ann upper", "office ann")


def test_option_mood_votes_supply() -> None:
    table = physical()
    table.set(options={**table.state.options, "mood-votes": "supply"})
    table.give("red", mood=-2)  # test data: -2 pays 2 votes
    table.set(called=True, dealt=True)
    table.play("end you")
    assert table.state.out == {} and table.state.supply["red"] == 22 + 2


def test_option_minus_tile() -> None:
    """The "-1" tile's election effect is not printed: nothing (the default), 1 vote fewer
    drawn, or 1 own vote fewer counted."""
    table = physical()
    table.give("you", swindles=("-1",))
    table.set(called=True, dealt=True)
    table.play("end you")
    assert draw_size(table.state, "you") == 3
    table.set(options={**table.state.options, "minus-tile": "draw"})
    assert draw_size(table.state, "you") == 2
    election = table.state.election
    assert election is not None
    table.set(election=replace(election, front={"you": {"you": 3}}))
    assert counts(table.state)["you"] == 3
    table.set(options={**table.state.options, "minus-tile": "count"})
    assert counts(table.state)["you"] == 3 - 1


def test_option_renovations_cost() -> None:
    table = board(started(options={"renovations": "cost"}), "renovations")
    table.give("ann", buildings=(Constructed("TAILOR", ((),)),), hand=())
    table.play("deal ann left", "destroy ann tailor")
    assert table.p("ann").vp == 16  # TAILOR's cost (test data), as VP


def test_equal_totals_share_the_win() -> None:
    table = started()
    table.set(phase="over", bag={})
    sheet = table.game.score(table.state)
    assert sheet.winners == ["ann", "ben", "cat", "dan"] and {line.rank for line in sheet.lines} == {1}


def test_the_vote_count_of_each_colour_is_25() -> None:
    table = started(4)
    for name in table.state.seats:
        assert (
            Counter({"supply": table.state.supply[name], "bag": table.state.bag[name]}).total() == data.VOTES
        )


def test_the_view_hides_what_piles_and_hands_hide() -> None:
    """Hidden: each pocket, the buildings in hand, the virtual piles' cards; public: the
    declared boards and the cards in play."""
    table = started(2)
    ann_hand = set(table.p("ann").hand)
    public = table.game.view(table.state)
    assert public.players["ann"].vp is None and public.players["ann"].in_hand is None
    assert not ann_hand & set(public.faces.buildings) and len(public.faces.tracks) == 3
    assert set(public.faces.tiles) == {s.tile for s in table.state.spaces if s.tile} | {table.state.removed}
    mine = table.game.view(table.state, as_player="ann")
    assert mine.players["ann"].vp == 0 and set(mine.players["ann"].in_hand or ()) == ann_hand
    assert ann_hand <= set(mine.faces.buildings) and mine.players["ben"].in_hand is None
    revealed = table.game.view(table.state, reveal=True)
    assert revealed.players["ben"].vp == 0 and revealed.seed is None  # the seed once the game is over
