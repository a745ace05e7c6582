"""Elections step by step, beyond the rulebook's worked example: "+1" votes with an empty
supply, the 2-3 player offices, the dummy's 9 votes, the 8-workie limit after returning
workies, later ties; and what a real table reveals after a turn (news, B tiles, buildings).
Expected values come from the rulebook's text and the test data (not the publisher's).
"""

from __future__ import annotations

import pytest
from msgspec.structs import replace

import ledger.games.planet_b as planet_b
from ledger.errors import BadInput, IllegalMove, NotYourTurn
from ledger.games.planet_b import data
from ledger.games.planet_b.model import Constructed, OfficesGiven, Recall, Redraw, Reveal, Space
from ledger.games.planet_b.rules.flow import awaited
from ledger.games.planet_b.sections import R_DRAWS, R_EXCHANGE, R_NEWS, R_RECALL, R_REDRAW
from ledger.piles import Pile
from ledger.words import card_word
from tests.ledger.test_new_cards_asked import posted
from tests.planet_b.table import Table, physical, started
from tests.planet_b.test_examples import board


def test_plus_one_votes_with_an_empty_supply_still_count() -> None:
    """3. Carry Out the Election: "If you bought 1 or 2 "+1" swindle tiles, you now take 1 or 2
    votes of your color from your supply ... It can happen that you don't have any votes left
    in your supply. If this happens, just add 1 or 2 votes to your total." Two "+1" tiles and 1
    vote in the supply: 1 vote in front and 1 added; a draw of 3 + 2 = 5 (3 left in the bag)."""
    table = physical()
    table.set(
        bag={"blue": 2, "red": 1},
        supply={"you": 1, "blue": 23, "red": 24, "yellow": 25},
        out={"you": 24},
        called=True,
        dealt=True,
    )
    table.give("you", swindles=("+1", "+1"))
    table.play("end you")
    assert table.state.election is not None and table.state.election.front == {"you": {"you": 1}}
    assert table.state.supply.get("you", 0) == 0
    table.refuse("draw you blue,blue", IllegalMove, R_DRAWS)  # all 3 left in the bag
    events = table.play("draw you blue,red,blue")
    given = next(e for e in events if isinstance(e, OfficesGiven))
    assert given.counts == {"you": 2, "blue": 0, "red": 0, "yellow": 0}
    # ties in the first election: the higher board number wins (yellow 4, red 3, blue 2)
    assert given.offices == {"you": "president", "yellow": "vice-president", "red": "lama", "blue": "dodo"}
    state = table.state
    assert state.supply["you"] == 1 and state.bag == {"blue": 2, "red": 1}  # the added one was never a vote
    assert state.supply["you"] + state.bag.get("you", 0) + state.out["you"] == data.VOTES


def test_three_players_have_no_dodo() -> None:
    """Changes for 2 and 3 Players: "Return the D.O.D.O. office card to the game box"; later
    elections: the lower office wins a tie, and the President loses all ties."""
    table = physical(("you", "blue", "red"))
    table.set(bag={"you": 1}, called=True, dealt=True)
    table.play("end you", "draw you you")
    offices = {p.name: p.office for p in table.state.players.values()}
    assert offices == {"you": "president", "red": "vice-president", "blue": "lama"}
    # the second election: you (President) and red (Vice-President) tie on 1, blue has 0
    table.set(
        phase="turn", turn=0, bag={"you": 2, "blue": 2, "red": 3}, called=True, dealt=True, office_done=True
    )
    table.play("end you", "draw you you,blue,blue", "draw blue red,red,you", "draw red red")
    offices = {p.name: p.office for p in table.state.players.values()}
    assert offices == {"red": "president", "you": "vice-president", "blue": "lama"}


def test_the_dummy_gets_9_votes_before_each_election_while_its_supply_has_them() -> None:
    """Election Changes with 2 Players: "Before each election ... add 9 votes in the dummy's
    color to the bag ... If the dummy should have all of their votes in the bag at the start
    of an election, they do not get any more added.\""""
    table = physical(("ann", "ben"))
    table.set(
        supply={**table.state.supply, data.DUMMY: 4},
        bag={**table.state.bag, data.DUMMY: 21},
        called=True,
        dealt=True,
    )
    table.play("end ann")
    assert table.state.bag[data.DUMMY] == 25 and table.state.supply.get(data.DUMMY, 0) == 0
    assert table.p("ann").money == 10  # the dummy's missing votes pay nobody


def test_returned_workies_keep_8_brainies_at_most() -> None:
    """1. Return Workies: "As always, you cannot have more than 8 brainies and 8 crafties on
    your player board. Return any extras to the general supply.\""""
    table = physical()
    table.give(
        "blue",
        buildings=(
            Constructed("UNIVERSITY", (("brainy", "brainy"),)),
            Constructed("TAILOR", (("crafty", "brainy"),)),
        ),
        brainies=7,
        crafties=8,
    )
    table.set(called=True, dealt=True)
    table.play("end you")
    blue = table.p("blue")
    assert (blue.crafties, blue.brainies) == (8, 8) and blue.buildings[0].placed == ((),)
    table.refuse("recall you tailor.1", NotYourTurn, R_RECALL)
    table.refuse("recall blue university.1", IllegalMove, R_RECALL)  # already returned
    table.play("recall blue tailor.1")
    blue = table.p("blue")
    assert (blue.crafties, blue.brainies) == (8, 8) and blue.buildings[1].placed == ((),)


def test_a_player_may_keep_partly_filled_work_areas() -> None:
    """1. Return Workies: "You may, but are not forced to, also return any workies in work
    areas that are not completely filled.\""""
    table = physical()
    table.give("red", buildings=(Constructed("TAILOR", (("crafty", "brainy"),)),))
    table.set(called=True, dealt=True)
    table.play("end you", "recall red")
    assert table.p("red").buildings[0].placed == (("crafty", "brainy"),) and table.p("red").crafties == 2
    table.refuse("recall red tailor.1", IllegalMove, R_RECALL)  # step 1 is over


def test_a_real_table_reveals_the_next_news_card_of_the_pile_taken_from() -> None:
    """News Card: "After your turn, draw and reveal a new news card from the pile you chose";
    only that pile, and a card of that pile."""
    table = board(physical(), "news")
    table.give("you", hand=("TAILOR", "WORKSHOP", "SKYHOOK"))
    up = table.state.news_up["I"]
    table.play("deal you left", "news you I", "end you")
    assert table.state.phase == "refill" and table.state.news_up["I"] == ""
    table.refuse("reveal news II slush-fund", IllegalMove, R_NEWS)  # pile II was not taken from
    table.refuse(f"reveal news I {up.lower().replace(' ', '-')}", IllegalMove)  # played: not in the pile
    table.refuse("reveal news I slush-fund", IllegalMove)  # a II card
    card = next(c for c in ("TOWN HALL", "TAX CUT", "JOB FAIR") if c != up)
    table.play(f"reveal news I {card.lower().replace(' ', '-')}")
    assert table.state.news_up["I"] == card and table.state.active == "blue"


def test_a_real_table_types_the_buildings_redrawn() -> None:
    """Redrawing Buildings: "draw as many buildings as you need to have 3 in hand again. You
    may choose which pile(s) to draw from.\""""
    table = physical()
    table.give("you", hand=("TAILOR",))
    table.set(dealt=True)
    table.play("end you")
    table.refuse("redraw blue workshop bakery", NotYourTurn, R_REDRAW)
    table.refuse("redraw you workshop", IllegalMove, R_REDRAW)  # 2 to draw
    table.refuse("redraw you A B", BadInput)  # a real table names the cards
    table.refuse("redraw you workshop no-such-building", BadInput)
    a, c = len(table.state.piles["A"]), len(table.state.piles["C"])
    table.play("redraw you kiosk library")
    assert table.p("you").hand == ("TAILOR", "KIOSK", "LIBRARY")
    assert (len(table.state.piles["A"]), len(table.state.piles["C"])) == (a - 1, c - 1)
    assert table.state.active == "blue"


def exchange_at_a_real_table(table: Table) -> None:
    name = table.state.spaces[0].tile
    board_spaces = list(table.state.spaces)
    board_spaces[0] = Space(name, red=True, suitcases=3)
    table.set(spaces=tuple(board_spaces), markets=(True, True, False))


def test_a_real_table_reveals_the_b_tile_that_replaces_a_removed_one() -> None:
    """Exchanges: "If you removed a conglomerate tile, take the next one from the pile and
    place it onto the now-empty space ... those added to the left or right space are placed
    gray side up"; then the marker 2 forward and the market disc to the grey space."""
    table = physical()
    table.tile("left", "TEST LEFT", "2money", red=True, then="remove")
    exchange_at_a_real_table(table)
    marker = table.state.marker
    table.play("deal you left", "end you")
    table.refuse("exchange blue meat:2", NotYourTurn, R_EXCHANGE)
    table.refuse("reveal tile gene-labs", IllegalMove, R_EXCHANGE)  # the resources come first
    table.play("exchange you meat water")
    assert table.state.spaces[0].tile is None
    table.refuse("reveal tile asteroid-mining", IllegalMove)  # an A tile
    table.refuse("exchange you meat:2", IllegalMove, R_EXCHANGE)  # taken already
    tiles = len(table.state.tiles)
    table.play("reveal tile gene-labs")
    state = table.state
    assert state.spaces[0] == Space("GENE LABS") and state.markets == (False, True, False)
    assert len(state.tiles) == tiles - 1 and state.marker == marker + 2 and state.active == "blue"
    assert state.final == -1  # B tiles are left: not the end yet


def test_with_2_players_the_b_tile_removed_at_the_setup_never_replaces_a_tile() -> None:
    """Game Setup, 2 players only: "Remove one B conglomerate tile at random and return it to
    the game box": at a real table the tile typed as removed (the first the setup lists: DEEP
    MINE) is out of the B pile, so an exchange's next B tile is any other."""
    table = physical(("you", "blue"))
    assert table.state.removed == "DEEP MINE" and len(table.state.tiles) == 4 - 1
    table.tile("left", "TEST LEFT", "2money", red=True, then="remove")
    board_spaces = list(table.state.spaces)
    board_spaces[0] = Space("TEST LEFT", red=True, suitcases=2)  # the 2-3 side: 3 spaces
    table.set(spaces=tuple(board_spaces), markets=(True, True, False))
    table.play("deal you left", "end you", "exchange you meat water")
    table.refuse("reveal tile deep-mine", IllegalMove, R_EXCHANGE)
    table.play("reveal tile gene-labs")
    assert table.state.spaces[0] == Space("GENE LABS") and len(table.state.tiles) == 2


def test_the_last_b_tile_revealed_starts_the_final_turns() -> None:
    """Game End: "The end of the game is triggered when the last conglomerate tile gets added
    to the game board. Each player gets exactly 1 more turn.\""""
    table = physical()
    table.tile("left", "TEST LEFT", "2money", red=True, then="remove")
    exchange_at_a_real_table(table)
    table.set(tiles=Pile(unseen=1))
    table.play("deal you left", "end you", "exchange you meat water", "reveal tile deep-mine")
    assert table.state.final == 4 and len(table.state.tiles) == 0


def test_a_plus_one_tile_with_no_vote_in_the_supply_is_counted_all_the_same() -> None:
    """3. Carry Out the Election: "It can happen that you don't have any votes left in your
    supply. If this happens, just add 1 or 2 votes to your total.\""""
    table = physical()
    table.set(
        bag={"blue": 1},
        supply={"blue": 24, "red": 25, "yellow": 25},
        out={"you": 25},
        called=True,
        dealt=True,
    )
    table.give("you", swindles=("+1",))
    table.play("end you")
    assert table.state.election is not None and table.state.election.front == {}
    events = table.play("draw you blue")
    given = next(e for e in events if isinstance(e, OfficesGiven))
    assert given.counts["you"] == 1 and given.offices["you"] == "president"
    assert table.state.supply.get("you", 0) == 0 and table.state.out == {"you": 25}


def test_a_very_bad_mood_lets_all_others_and_the_dummy_add_votes() -> None:
    """2. Score Mood Tracks: "For very negative mood, all other players (not you) also get to
    add the indicated number of votes"; 2 players: "The dummy can gain or lose votes from
    effects that affect all players (for example, due to very bad moods among the players)"
    (test data: -3 pays 3 votes and lets all others add 2)."""
    table = physical(("ann", "ben"))
    table.give("ann", mood=-3)
    table.set(called=True, dealt=True)
    table.play("end ann")
    election = table.state.election
    assert election is not None
    assert election.before == {"ben": 3 + 2, data.DUMMY: 9 + 2}  # ann's 3 paid out of the bag
    assert table.p("ann").mood == 0


def test_buildings_are_redrawn_after_ones_turn_not_in_it() -> None:
    table = started()
    table.refuse("redraw ann A", NotYourTurn, R_REDRAW)


def test_a_negative_mood_with_no_votes_in_the_bag_pays_nothing() -> None:
    """2. Score Mood Tracks: "you must pay the indicated number of votes" out of the bag; with
    none there, none are paid (test data: -2 pays 2 votes)."""
    table = physical()
    table.give("red", mood=-2)
    table.set(bag={"you": 3, "blue": 3, "yellow": 3}, called=True, dealt=True)
    table.play("end you")
    election = table.state.election
    assert election is not None and "red" not in election.before and table.state.out == {}
    assert table.p("red").mood == 0


def test_a_real_table_is_told_what_to_reveal_after_the_redraw() -> None:
    """Your Turn: A Summary: "After your turn, redraw to 3 building cards in hand and reveal a
    new news card if necessary"; an exchange's removed tile asks for the next B tile."""
    table = board(physical(), "news")
    table.give("you", hand=("TAILOR", "WORKSHOP"))
    table.play("deal you left", "news you I", "end you")
    assert awaited(table.state) == []  # the redraw first
    table.play("redraw you kiosk")
    assert awaited(table.state) == ["reveal news I CARD"]
    table = physical()
    table.tile("left", "TEST LEFT", "2money", red=True, then="remove")
    exchange_at_a_real_table(table)
    table.play("deal you left", "end you", "exchange you meat water")
    assert awaited(table.state) == ["reveal tile TILE"]


def test_votes_are_drawn_only_in_step_3() -> None:
    table = physical()
    table.give("red", buildings=(Constructed("TAILOR", (("crafty", "brainy"),)),))
    table.set(called=True, dealt=True)
    table.play("end you")
    table.refuse("draw you you,you,you", IllegalMove, R_DRAWS)  # step 1 first
    table.play("recall red")
    table.refuse("draw blue blue,blue,blue", NotYourTurn, R_DRAWS)


def test_a_real_table_names_any_buildings_drawn_not_only_the_mix_legal_lists() -> None:
    """Redrawing Buildings: "You may choose which pile(s) to draw from": ``legal`` lists one
    draw per mix of piles, so a page asks for each building drawn, among every declared
    building that may be in a pile as far as the mover can see, and posts their names (issue
    18: no typing on the phone)."""
    table = physical()
    table.give("you", hand=("TAILOR",))
    table.set(dealt=True)
    table.play("end you")
    (redraw,) = [u for u in planet_b.unlisted(table.state) if u.text.startswith("redraw")]
    assert redraw.actor == "you" and redraw.text == "redraw you"
    assert len(redraw.asks) == 2  # 2 to draw, to have 3 in hand
    listed = {planet_b.text(c) for c in planet_b.legal(table.state)}
    choices = redraw.asks[0].choices
    assert {"kiosk", "library", "workshop"} <= set(choices) and "tailor" not in choices  # in your hand
    assert "bakery" in choices  # yellow holds it, but yellow's hand is hidden from you
    pair = "redraw you workshop tower"  # an A and a C building: legal lists another A and C pair
    assert pair not in listed and {"workshop", "tower"} <= set(choices)
    assert posted(redraw, [["workshop"], ["tower"]]) == pair  # the words a page posts from the asks
    table.play(pair)
    hand = table.p("you").hand
    assert hand[0] == "TAILOR" and [card_word(c) for c in hand[1:]] == pair.split()[2:]


def test_the_recalls_listed_are_none_each_partly_filled_area_or_all_of_them() -> None:
    """1. Return Workies: "You may, but are not forced to, also return any workies in work
    areas that are not completely filled": with two such areas, keeping both, returning
    either, or returning both are listed, each once; with one, keeping it or returning it."""
    table = physical()
    tailor = Constructed("TAILOR", (("crafty", "brainy"),))
    table.give("red", buildings=(tailor, Constructed("GARAGE", (("crafty",),))))
    table.give("blue", buildings=(tailor,))
    table.set(called=True, dealt=True)
    table.play("end you")
    assert table.state.election is not None and table.state.election.recall[0] == "blue"
    listed = [move for move in planet_b.legal(table.state) if isinstance(move, Recall)]
    assert listed == [Recall("blue"), Recall("blue", ("tailor.1",))]
    table.play("recall blue")
    listed = [move for move in planet_b.legal(table.state) if isinstance(move, Recall)]
    assert listed == [
        Recall("red"),
        Recall("red", ("tailor.1",)),
        Recall("red", ("garage.1",)),
        Recall("red", ("tailor.1", "garage.1")),
    ]
    table.play(planet_b.text(listed[-1]))
    assert [site.placed for site in table.p("red").buildings] == [((),), ((),)]


def _redraw_table(a_left: int, under: tuple[str, ...] = ()) -> Table:
    """You end a turn with 1 building in hand (2 to draw), pile A holding ``a_left`` cards
    unseen and ``under`` at its bottom."""
    table = physical()
    pile = table.state.piles["A"]
    table.set(piles={**table.state.piles, "A": replace(pile, unseen=a_left, under=under)})
    table.give("you", hand=("TAILOR",))
    table.set(dealt=True)
    table.play("end you")
    return table


def test_each_redraw_listed_is_one_the_piles_can_give_and_every_mix_of_piles_is_listed() -> None:
    """Redrawing Buildings: "draw as many buildings as you need to have 3 in hand again. You
    may choose which pile(s) to draw from": each mix of piles that can give the 2 cards is
    listed once, with buildings of those piles, and is accepted as typed; pile A holding 1
    card gives at most 1 of them."""
    for a_left, mixes in ((10, ["AA", "AB", "AC", "BB", "BC", "CC"]), (1, ["AB", "AC", "BB", "BC", "CC"])):
        table = _redraw_table(a_left)
        listed = [move for move in planet_b.legal(table.state) if isinstance(move, Redraw)]
        pile_of = {name: face.pile for name, face in table.state.faces.buildings.items()}
        assert sorted("".join(sorted(pile_of[c] for c in move.cards)) for move in listed) == mixes
        for move in listed:
            each = _redraw_table(a_left)
            each.play(planet_b.text(move))
            assert each.p("you").hand == ("TAILOR", *move.cards)


def test_with_a_full_hand_the_refill_lists_the_news_cards_the_pile_taken_from_may_show() -> None:
    """News Card: "After your turn, draw and reveal a new news card from the pile you chose"
    (3 buildings in hand: none to redraw): the reveals listed are of pile I only."""
    table = board(physical(), "news")
    table.give("you", hand=("TAILOR", "WORKSHOP", "SKYHOOK"))
    table.play("deal you left", "news you I", "end you")
    listed = list(planet_b.legal(table.state))
    assert listed and all(isinstance(m, Reveal) and (m.what, m.pile) == ("news", "I") for m in listed)
    pile_i = {(n,) for n, face in table.state.faces.news.items() if face.pile == "I"}
    assert {m.cards for m in listed if isinstance(m, Reveal)} <= pile_i
    table.play(planet_b.text(listed[0]))
    assert table.state.active == "blue"


def test_a_redraw_from_a_pile_whose_top_is_known_is_listed_with_that_card() -> None:
    """INVITATION TO BID returns buildings "to the bottoms of their respective piles": once
    pile A's unseen cards are gone, its top is one the referee knows, and a redraw from it
    draws that card (then the one under it), listed like any other."""
    state = physical().state
    held = {"TAILOR", *(c for p in state.players.values() for c in (*p.hand, *(b.name for b in p.buildings)))}
    under = tuple(sorted(n for n, f in state.faces.buildings.items() if f.pile == "A" and n not in held))[:2]
    table = _redraw_table(0, under)
    listed = [move for move in planet_b.legal(table.state) if isinstance(move, Redraw)]
    assert Redraw("you", under) in listed
    assert all(move.cards[0] == under[0] for move in listed if set(move.cards) & set(under))
    table.play(planet_b.text(Redraw("you", under)))
    assert table.p("you").hand == ("TAILOR", *under) and len(table.state.piles["A"]) == 0


def test_a_pile_whose_next_building_nobody_declared_leaves_the_other_mixes_listed() -> None:
    """Redrawing Buildings: "You may choose which pile(s) to draw from". Pile A's buildings
    not yet seen are not declared (the table types one drawn from it, as an unlisted move):
    the mixes of the other piles are still listed, each accepted."""
    table = physical()
    seen = table.state.piles["A"].seen
    buildings = {n: f for n, f in table.state.faces.buildings.items() if f.pile != "A" or n in seen}
    table.set(faces=replace(table.state.faces, buildings=buildings))
    table.give("you", hand=("TAILOR",))
    table.set(dealt=True)
    table.play("end you")
    listed = [move for move in planet_b.legal(table.state) if isinstance(move, Redraw)]
    pile_of = {name: face.pile for name, face in table.state.faces.buildings.items()}
    assert sorted("".join(sorted(pile_of[c] for c in move.cards)) for move in listed) == ["BB", "BC", "CC"]
    table.play(planet_b.text(listed[0]))
    assert len(table.p("you").hand) == 3


def test_a_virtual_redraw_lists_the_piles_each_can_give() -> None:
    """Redrawing Buildings: "You may choose which pile(s) to draw from"; with virtual decks
    the player names the piles: pile A holding 1 card gives at most 1 of the 2 to draw."""
    table = started()
    pile = table.state.piles["A"]
    table.set(piles={**table.state.piles, "A": replace(pile, known=pile.known[:1])})
    table.give("ann", hand=("TAILOR",))
    table.set(dealt=True)
    table.play("end ann")
    listed = [move for move in planet_b.legal(table.state) if isinstance(move, Redraw)]
    assert sorted("".join(move.cards) for move in listed) == ["AB", "AC", "BB", "BC", "CC"]
    assert {move.player for move in listed} == {"ann"}
    table.play("redraw ann A B")
    assert len(table.state.piles["A"]) == 0 and len(table.p("ann").hand) == 3


def test_a_draw_reads_a_name_typed_decomposed() -> None:
    """A name is stored composed (NFC); a terminal may type "Zoë" as "Zoe" and a combining
    diaeresis. The draw of votes names its drawer and the colours drawn by player: both read
    it (found by tests/test_random_games.py, which seats lookalike names at a real table)."""
    table = physical(("Zoë", "blue", "red"))
    decomposed = "Zoe\u0308"
    assert planet_b.parse(table.state, ["draw", decomposed, f"{decomposed},blue"]) == planet_b.parse(
        table.state, ["draw", "Zoë", "Zoë,blue"]
    )
    for words, what in ((["draw", "Zoey", "blue"], "player"), (["draw", "Zoë", "Zoey,blue"], "colour")):
        with pytest.raises(BadInput, match=f"unknown {what} 'zoey'|unknown {what} 'Zoey'") as refused:
            planet_b.parse(table.state, words)
        assert refused.value.legal == "blue, red, zoë"  # what the draw reads: each player, in any case
