"""Planet B at a real table, as issue 17 found it: an action the referee performed by itself
is refused by name when typed again; one command takes a whole election draw; a cost of
choice "All Others" pay is asked of each payer; grammar errors exit 2, rule refusals 1."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from msgspec.structs import replace

import ledger.games.planet_b as planet_b
from ledger.decider import Setup
from ledger.errors import AmbiguousMove, BadInput, GameOver, IllegalMove, NotYourTurn
from ledger.games.planet_b.model import DrawAll, Reveal, Shuffled, Used
from ledger.games.planet_b.rules.setup import waiting_for
from ledger.games.planet_b.sections import R_COMPONENTS, R_COSTS, R_DRAFT, R_DRAWS, R_END, R_OFFICES
from ledger.piles import Pile
from tests.conftest import Result
from tests.planet_b.table import Table, physical, started
from tests.planet_b.test_elections import DRAWS, called
from tests.planet_b.test_examples import board
from tests.planet_b.test_flow import fill_last

CARDS = str(Path(__file__).resolve().parents[2] / "fixtures" / "planet-b-test-cards.toml")
Cli = Callable[..., Result]

SETUP = (
    "reveal tiles orbital-farms asteroid-mining media-house",
    "reveal removed deep-mine",
    "reveal news I town-hall",
    "reveal news II bribe",
    "reveal news III summit",
)
DRAFT = ("draft ben workshop", "draft ann bakery", "draft ann tailor", "draft ben bank")
DRAFT_END = ("draft ben skyhook", "draft ann library")


def real_table() -> Table:
    """ann and ben at a real table (the README's game), at ann's first turn."""
    table = Table(("ann", "ben"))
    table.play(*SETUP, *DRAFT, *DRAFT_END)
    return table


def test_a_building_of_another_pile_is_refused_with_its_pile_named() -> None:
    table = Table(("ann", "ben"))
    table.play(*SETUP)
    error = table.refuse("draft ben tailor", IllegalMove, R_DRAFT)  # TAILOR is a B building
    assert "TAILOR is from the B pile, not the A pile" in str(error)


def test_an_action_the_referee_performed_by_itself_is_refused_saying_so() -> None:
    # News Card: TOWN HALL's box is 2vote, nothing to choose: the referee performs it at once.
    table = real_table()
    table.play("deal ann middle", "news ann I")
    assert table.state.bag["ann"] == 3 + 2
    error = table.refuse("votes ann 2", IllegalMove, R_COSTS)
    assert "ann's vote (news TOWN HALL) was performed already, by the referee" in str(error)
    assert table.state.bag["ann"] == 5


def test_the_open_box_is_performed_whatever_the_referee_performed_before_it() -> None:
    # Costs and Action Boxes: the tile's box offers news, produce and vote; TOWN HALL's 2vote,
    # opened by its news, is performed by the referee. Back in the tile's box, ann still
    # performs its vote (a vote of this box, not the one performed) and its production.
    table = board(real_table(), "news produce vote")
    table.play("deal ann left", "news ann I")
    assert table.state.bag["ann"] == 3 + 2
    table.play("votes ann 1")
    assert table.state.bag["ann"] == 3 + 2 + 1
    table.play("produce ann upper")
    assert table.p("ann").warehouse == {"plastic": 1, "iridium": 1, "plant": 1} and not table.state.stack


@pytest.mark.parametrize(
    "line",
    [
        "swindle ann +2",  # Buy a Swindle Tile: 2 "-1" and 2 "+1"
        "marker ann up",  # The Election Track: left or right
        "produce ann middle",  # Production: the upper or the lower line
        "tile ann water upper4",  # Production Tiles: 3 spaces a line
        "news ann IV",  # News Card: piles I, II and III
        "box ann 3",  # Placing a Workie: box 1 or 2
    ],
)
def test_words_outside_the_grammar_exit_2_before_any_rule(cli: Cli, line: str) -> None:
    # Issue 17: grammar errors exit 2, rule refusals 1, whatever the table's state (here the
    # first player's turn with no box open, where each would be refused by a rule).
    assert cli("new", "planet-b", "--players", "ann,ben", "--cards", CARDS).code == 0
    for move in (*SETUP, *DRAFT, *DRAFT_END):
        assert cli("planet-b", *move.split()).code == 0
    result = cli("planet-b", *line.split())
    assert result.code == 2, result.err


def test_an_immoral_vice_president_naming_a_track_is_a_rule_refusal() -> None:
    # Offices, Vice-President: "If you are immoral, you take 6 money. Otherwise, move 1 step
    # forward on the faction track of your choice": immoral, a track named is a rule refusal.
    table = real_table()
    table.give("ann", office="vice-president", news=("HEADLINES",))  # an immoral news card on top
    error = table.refuse("office ann capitalist", IllegalMove, R_OFFICES)
    assert error.exit_code == 1
    money = table.p("ann").money
    table.play("office ann")
    assert table.p("ann").money == money + 6


# Elections 3: the rulebook's example (tests.planet_b.test_elections: You and Yellow hold a
# "+1" tile; 19 votes in the bag: You 4, Blue 3, Yellow 2, Red 10): You draw 4 + 4, Blue
# 3 + 1, Red 3, Yellow 4, typed there as 6 draws; here as one command.
WHOLE = "draw you=you:3,red:5 blue=blue:2,red:2 red=you,blue,yellow yellow=yellow,red:3"


def rulebook_election() -> Table:
    return called(physical(), {"you": 4, "blue": 3, "yellow": 2, "red": 10})


def test_one_command_takes_the_whole_election_draw() -> None:
    one, six = rulebook_election(), rulebook_election()
    six.play(*DRAWS)
    one.play(WHOLE)
    assert one.state == six.state  # the same election: offices, money, votes back, the next turn
    offices = {p.name: p.office for p in one.state.players.values()}
    assert offices == {"you": "president", "yellow": "vice-president", "blue": "lama", "red": "dodo"}
    command = one.log[-1][0]
    assert planet_b.parse(one.state, planet_b.text(command).split()) == command


def test_the_whole_draw_is_a_legal_move_of_the_table_at_a_real_table() -> None:
    # Issue 18: the table page's picker offers what `legal()` lists: a few whole draws, each
    # drawer's share of the bag (you 8, blue 4, red 3, yellow 4), the table's, not a drawer's.
    table = rulebook_election()
    whole = [move for move in planet_b.legal(table.state, "table") if isinstance(move, DrawAll)]
    assert whole and whole == [move for move in planet_b.legal(table.state) if isinstance(move, DrawAll)]
    for move in whole:
        assert {name: len(colours) for name, colours in move.draws.items()} == {
            "you": 8,
            "blue": 4,
            "red": 3,
            "yellow": 4,
        }
        assert planet_b.actor(move) == "table"
        assert planet_b.parse(table.state, planet_b.text(move).split()) == move
    assert not any(isinstance(move, DrawAll) for move in planet_b.legal(table.state, "you"))
    table.apply(whole[0])
    assert table.state.phase == "turn"  # the election is over


def test_the_whole_draw_may_leave_out_one_drawer_who_drew_the_rest() -> None:
    one, six = rulebook_election(), rulebook_election()
    six.play(*DRAWS)
    one.play("draw you=you:3,red:5 blue=blue:2,red:2 red=you,blue,yellow")  # yellow: the rest
    assert one.state == six.state


def test_the_whole_draw_is_refused_unless_it_is_each_drawers_share_of_the_bag() -> None:
    table = rulebook_election()
    assert "in all you 8, blue 4, red 3, yellow 4" in planet_b.present(planet_b.view(table.state)).headline
    error = table.refuse("draw you=you:3,red:4 blue=blue:2,red:2 red=you,blue,yellow", IllegalMove, R_DRAWS)
    assert "you draws 8 votes in all, not 7" in str(error)
    table.refuse("draw you=you:4,red:4 blue=blue:2,red:2 red=you,blue,yellow", IllegalMove, R_DRAWS)  # 3 you
    table.refuse("draw you=you:3,red:5 blue=blue:2,red:2", IllegalMove, R_DRAWS)  # red and yellow left out
    table.refuse("draw you=you:3,red:5 you=red", BadInput)
    table.play(DRAWS[0])  # after a draw typed alone, the rest in one command
    table.play("draw blue=blue:2,red:2 red=you,blue,yellow yellow=yellow,red:3 you=you,red:3")
    assert table.state.phase == "turn" and table.state.active == "blue"


def test_a_whole_draw_reads_a_count_after_a_colour() -> None:
    table = Table(("ann", "ben"), seed=3)
    table.draft_first()
    assert planet_b.parse(table.state, ["draw", "ann=ann:3"]) == DrawAll({"ann": ("ann", "ann", "ann")})


def test_the_news_cards_of_several_piles_are_revealed_in_one_command() -> None:
    # Game Components and Setup: the top card of each news pile face up; after a turn, each
    # pile taken from shows its next card.
    one, each = Table(("ann", "ben")), Table(("ann", "ben"))
    each.play(*SETUP)
    one.play(*SETUP[:2], "reveal news I town-hall II bribe III summit")
    assert one.state == each.state and one.state.phase == "draft"
    assert one.replayed() == one.state
    command = one.log[-1][0]
    assert planet_b.text(command) == "reveal news I town-hall II bribe III summit"
    assert planet_b.parse(one.state, planet_b.text(command).split()) == command
    again = Table(("ann", "ben"))
    again.play(*SETUP[:2])
    assert planet_b.view(again.state).awaited == ["reveal news I CARD II CARD III CARD"]
    again.refuse("reveal news I town-hall II", BadInput)
    again.refuse("reveal news I town-hall II summit", IllegalMove)  # SUMMIT is a pile III card
    assert again.state.news_up == {}


def test_all_others_are_each_asked_what_they_pay_for_a_cost_of_choice() -> None:
    # Costs and Action Boxes: "All others" pay the cost; a resource "of your choice" is the
    # payer's choice. ben (2 plastic, 2 water) and cat (3 plastic, 2 water) are asked, in turn
    # order; dan (1 plastic) cannot pay in full and pays none of it.
    table = board(started(), "others:-2resource 2money")
    table.give("ben", warehouse={"plastic": 2, "water": 2})
    table.give("cat", warehouse={"plastic": 3, "water": 2})
    table.give("dan", warehouse={"plastic": 1})
    table.play("deal ann left")
    assert planet_b.to_act(table.state) == ["ben"]
    screen = planet_b.present(planet_b.view(table.state))
    assert screen.prompt == "ben: pay"
    assert [text for what, text in screen.facts if what == "open box"] == [  # each asked once
        "ann: left TEST LEFT: 2 money",
        "cat: left TEST LEFT (all others): pay 2 resources of your choice",
        "ben: left TEST LEFT (all others): pay 2 resources of your choice",
    ]
    assert {planet_b.text(m) for m in planet_b.legal(table.state)} >= {"pay ben water:2", "pay ben plastic:2"}
    table.refuse("pay cat plastic:2", NotYourTurn, R_COSTS)
    table.refuse("gain ben water", IllegalMove, R_COSTS)  # a cost is paid, not gained
    asked = table.refuse("pay ben water", AmbiguousMove, R_COSTS)
    assert asked.exit_code == 2
    table.play("pay ben water:2")  # ben's choice, not what he holds most of
    table.play("pay cat plastic water")
    warehouses = {name: table.p(name).warehouse for name in ("ben", "cat", "dan")}
    assert warehouses == {"ben": {"plastic": 2}, "cat": {"plastic": 2, "water": 1}, "dan": {"plastic": 1}}
    assert table.state.stack == () and table.p("ann").money == 10 + 2


def test_a_payer_with_one_way_to_pay_is_not_asked() -> None:
    table = board(started(), "others:-2resource 2money")
    for name in ("ben", "cat", "dan"):
        table.give(name, warehouse={"water": 3})
    table.play("deal ann left")
    assert table.state.stack == () and all(
        table.p(n).warehouse == {"water": 1} for n in ("ben", "cat", "dan")
    )


def test_a_game_recorded_under_rules_version_1_keeps_its_rules() -> None:
    # Version 1 took each payer's share from what they hold most of, and marked nothing as
    # performed by the referee: its logs must record the same facts when verified again.
    table = Table(4, seed=1, rules_version="1")
    table.draft_first()
    assert table.state.legacy and table.state.options["others-choice"] == "most"
    board(table, "others:-2resource 2money")
    table.give("ben", warehouse={"plastic": 2, "water": 2})
    events = table.play("deal ann left")
    assert table.state.stack == () and table.p("ben").warehouse == {"plastic": 1, "water": 1}
    assert all(e.by == "" for e in events if isinstance(e, Used))
    assert "1" in planet_b.rules_versions and planet_b.rules_version == "2"


def test_the_last_b_tile_a_real_table_could_turn_up_is_added_by_the_referee() -> None:
    # Exchanges: a removed tile is replaced by the next B tile. With every B tile declared
    # (4: "7 conglomerate tiles (3xA, 4xB)") and 3 of them seen, the next one is known.
    def exchange(unseen_left: int) -> Table:
        table = board(physical(), "2money")
        table.tile("left", "TEST LEFT", "2money", red=True, then="remove")
        b = sorted(t.name for t in table.state.faces.tiles.values() if t.set == "B")
        assert len(b) == 4
        table.set(tiles=Pile(unseen=unseen_left, seen=tuple(b[: 4 - unseen_left])))
        fill_last(table, red=True)
        table.play("deal you left", "end you", "exchange you meat:2")
        return table

    known = exchange(1)
    last = sorted(t.name for t in known.state.faces.tiles.values() if t.set == "B")[-1]
    assert known.state.spaces[0].tile == last and known.state.phase == "turn"
    assert known.state.final == 4  # the last tile added starts the final turns
    open_ = exchange(2)  # two it could be: the table says which
    assert open_.state.phase == "exchange" and planet_b.view(open_.state).awaited == ["reveal tile TILE"]


def test_two_players_type_the_removed_b_tile_with_the_news() -> None:
    # Game Components and Setup, with 2 players: "Remove one B conglomerate tile at random",
    # and the top card of each news pile flipped: one command for both, as if typed apart.
    one, each = Table(("ann", "ben")), Table(("ann", "ben"))
    each.play(*SETUP)
    one.play(SETUP[0])
    assert planet_b.view(one.state).awaited == ["reveal news I CARD II CARD III CARD --removed TILE"]
    one.play("reveal news I town-hall II bribe III summit --removed deep-mine")
    assert one.state == each.state and one.state.phase == "draft"
    assert one.replayed() == one.state
    command = one.log[-1][0]
    assert planet_b.text(command) == "reveal news I town-hall II bribe III summit --removed deep-mine"
    assert planet_b.parse(one.state, planet_b.text(command).split()) == command
    four = Table(("ann", "ben", "cat", "dan"))  # 3 players and more remove no B tile
    four.play(SETUP[0])
    four.refuse("reveal news I town-hall II bribe III summit --removed deep-mine", IllegalMove)
    assert four.state.news_up == {}
    later = Table(("ann", "ben"))
    later.play(SETUP[0])
    later.refuse("reveal tiles a b c --removed deep-mine", BadInput)  # with the news only


def test_the_a_tiles_a_real_table_may_lay_out_are_listed_in_more_than_one_order() -> None:
    # Setup: "Add the 3 A tiles to the game board in random order": each order listed names
    # the 3 A tiles (test data: asteroid mining, media house, orbital farms), each once, and
    # is accepted as typed; more than one is offered, since the order is the table's.
    a_tiles = {"ASTEROID MINING", "MEDIA HOUSE", "ORBITAL FARMS"}
    table = Table(("ann", "ben"))
    listed = [
        move for move in planet_b.legal(table.state) if isinstance(move, Reveal) and move.what == "tiles"
    ]
    assert len(set(listed)) > 1
    for move in listed:
        assert len(move.cards) == 3 and set(move.cards) == a_tiles
        each = Table(("ann", "ben"))
        each.play(planet_b.text(move))
        assert [space.tile for space in each.state.spaces] == list(move.cards)


def test_no_new_card_is_asked_once_every_card_is_declared_or_the_game_is_over() -> None:
    # Game Components: 7 conglomerate tiles, 42 buildings, 46 news cards, 20 laws. With all
    # of them declared (the test data) a real table is asked for no new card; one short, for
    # that one only, its name typed as printed (no choices); once the game is over, for none.
    table = physical()
    assert list(planet_b.unlisted(table.state)) == []
    faces = table.state.faces
    shorter = {
        "tile": replace(faces, tiles=dict(list(faces.tiles.items())[1:])),
        "building": replace(faces, buildings=dict(list(faces.buildings.items())[1:])),
        "news": replace(faces, news=dict(list(faces.news.items())[1:])),
        "law": replace(faces, laws=dict(list(faces.laws.items())[1:])),
    }
    for kind, short in shorter.items():
        table.set(faces=short, phase="turn")
        (move,) = planet_b.unlisted(table.state)
        assert move.text == f"declare {kind}" and (move.asks[0].flag, move.asks[0].choices) == ("", ())
        table.set(phase="over")
        assert list(planet_b.unlisted(table.state)) == []


def test_the_3_a_tiles_are_3_different_ones_and_a_2_player_table_is_asked_its_removed_tile() -> None:
    # Game Components and Setup: "3 A-tiles are on the board at the start of the game", one
    # on each space; Changes for 2 and 3 Players: with 2, a B tile is removed. A tile named
    # twice is refused; with the news revealed alone, the removed tile is what is awaited.
    table = Table(("ann", "ben"))
    table.refuse("reveal tiles orbital-farms orbital-farms media-house", BadInput)
    table.refuse("reveal tiles orbital-farms media-house", BadInput)
    table.play(SETUP[0], *SETUP[2:])
    assert planet_b.view(table.state).awaited == ["reveal removed TILE"]
    assert table.state.phase == "setup"
    table.play(SETUP[1])
    assert table.state.phase == "draft"


def test_a_news_reveal_with_a_card_for_each_pile_or_refused() -> None:
    # A service caller's command the grammar cannot type: fewer piles than cards is refused as
    # bad input (it was a crash), and nothing is revealed.
    table = Table(("ann", "ben"))
    table.play(*SETUP[:2])
    table.refuse_command(Reveal("news", ("TOWN HALL", "BRIBE"), piles=("I",)), BadInput)
    assert table.state.news_up == {}


@pytest.mark.parametrize("players", [("ann",), ("ann", "ben", "cat", "dan", "eve")])
def test_planet_b_is_for_2_to_4_players(players: tuple[str, ...]) -> None:
    # Game Components: boards and pieces for 4; Changes for 2 and 3 Players: the dummy from 2.
    with pytest.raises(BadInput, match="2 to 4 players"):
        Table(players)


@pytest.mark.parametrize("name", ["dummy", "Dummy", "table", "TABLE"])
def test_the_dummy_and_the_table_are_not_player_names(name: str) -> None:
    # The dummy takes a colour of its own (Changes for 2 Players) and "table" types the table's
    # reveals: a player by either name, in any case, is refused.
    with pytest.raises(BadInput, match="is taken"):
        Table(("ann", name))


def test_a_sealed_seed_shuffles_the_piles_without_showing_their_order() -> None:
    # docs/auditing.md: while the seed is sealed, no fact records a pile's order; the fold
    # shuffles the piles from the seed, and a 2-player game removes a B tile from them.
    setup = Setup(
        game="planet-b",
        rules_version=planet_b.rules_version,
        players=("ann", "ben"),
        mode="standard",
        seed=1,
        commitment="0" * 64,
    )
    state = planet_b.initial(setup)
    events = []
    for command in planet_b.load_cards(setup, Path(CARDS).read_text()):
        new = planet_b.decide(state, command)
        events += new
        for event in new:
            state = planet_b.evolve(state, event)
    (shuffled,) = (e for e in events if isinstance(e, Shuffled))
    assert shuffled.piles == {} and shuffled.seeded is True
    assert state.removed and state.removed not in state.tiles.known and len(state.tiles.known) == 3


def test_a_virtual_2_player_game_removes_the_top_b_tile_of_its_shuffle() -> None:
    # Changes for 2 and 3 Players: one B tile is removed; with virtual piles, the top one of
    # the shuffled B tiles, and the other 3 stay in the pile in their order.
    table = Table(("ann", "ben"), seed=5)
    (shuffled,) = (e for _, events in table.log for e in events if isinstance(e, Shuffled))
    b_tiles = shuffled.piles["tiles-B"]
    assert table.state.removed == b_tiles[0] and table.state.tiles.known == b_tiles[1:]


BOARD_FACES = ["side 2-3", "board 1", "board 2", "production", "headquarters", "mood", "swindle"]
BOARD_FACES += [f"track {t}" for t in ("capitalist", "futurist", "traditionalist")]


def test_virtual_piles_wait_for_the_board_and_every_card_a_real_table_for_the_board() -> None:
    # Game Components: a virtual game's piles are shuffled from the cards the table declared,
    # so its setup waits for all of them (7 tiles, 42 buildings, 46 news cards, 20 laws) as
    # well as the board's faces; a real table turns up its cards, and waits for the board only.
    cards = ["3 A tiles", "4 B tiles", "14 A buildings", "14 B buildings", "14 C buildings"]
    cards += ["16 I news", "16 II news", "14 III news", "10 yellow laws", "10 blue laws"]
    assert waiting_for(Table(("ann", "ben"), seed=1, cards=False).state) == BOARD_FACES + cards
    assert waiting_for(Table(("ann", "ben"), cards=False).state) == BOARD_FACES


def test_a_face_is_declared_once_and_not_once_the_game_is_over() -> None:
    # Game Components: each card is one card: declared again the same, or otherwise, it is
    # refused and the first declaration stands; nothing is declared once the game is over.
    table = Table(("ann", "ben"), cards=False)
    table.play("declare news smear pile=II box=2vote immoral=yes")
    table.refuse("declare news smear pile=II box=2vote immoral=yes", IllegalMove, R_COMPONENTS)
    table.refuse("declare news smear pile=II box=3vote immoral=yes", IllegalMove, R_COMPONENTS)
    assert table.state.faces.news["SMEAR"].box == "2vote"
    table.set(phase="over")
    table.refuse("declare news spin pile=II box=vote immoral=yes", GameOver, R_END)


@pytest.mark.parametrize(
    ("players", "colours", "taken"),
    [
        (("ann", "ben", "cat"), "yellow,blue,red", True),
        (("ann", "ben"), "yellow,blue,red", True),  # the dummy's colour too (Changes for 2 Players)
        (("ann", "ben"), "yellow,blue", False),
        (("ann", "ben", "cat"), "yellow,blue,yellow", False),
        (("ann", "ben", "cat"), "yellow blue red", False),
    ],
)
def test_the_colours_option_names_one_colour_per_player_and_the_dummys(
    players: tuple[str, ...], colours: str, taken: bool
) -> None:
    # Setup: "Choose a color"; the dummy "gets one of the unused player colors": option
    # colours names each seat's colour, in seat order, the dummy's last with 2 players, each
    # once, separated by commas; an option after an empty one still applies.
    options = {"colours": colours, "mood-votes": "supply"}
    if not taken:
        with pytest.raises(BadInput, match="one colour per player"):
            Table(players, options=options)
        return
    assert Table(players, options=options).state.options["mood-votes"] == "supply"
    assert (
        Table(players, options={"colours": "", "mood-votes": "supply"}).state.options["mood-votes"]
        == "supply"
    )
