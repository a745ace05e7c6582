"""LOOP 1.0 Setup and 5.1 Setup & CAREER, each from the rulebook's text: what the table types
while the game is set up (the mutation run of ``rules/setup.py``, issue 21)."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

import ledger.games.loop as loop
from ledger import codec
from ledger.errors import BadInput, IllegalMove
from ledger.games.loop.model import (
    UNKNOWN,
    ChooseCareer,
    Dealt,
    RevealActivity,
    RevealCareers,
    RevealMaterial,
    State,
)
from ledger.games.loop.rules.core import LEGACY, R_CAREER, R_END_TURN, R_SETUP
from tests.loop.modes_table import TABLES, Competitive, Cooperative, Solo, begun
from tests.loop.table import CARDS, Table, started


def test_each_player_is_dealt_2_different_careers() -> None:
    """5.1: "Shuffle all CAREER, then deal 2 to each player": 2 cards of the deck, each CAREER
    card one of a kind. The grammar takes exactly 2 names; a service caller may send more."""
    table = Competitive(2)
    table.refuse("reveal career alice artist artist", IllegalMove, R_CAREER)
    for careers in (("ARTIST",), ("ARTIST", "CHEF", "HOMEMAKER")):
        table.refuse_command(RevealCareers("alice", careers), IllegalMove, R_CAREER)
    table.play("reveal career alice artist chef")
    assert table.p("alice").careers == ("ARTIST", "CHEF")


def test_virtual_decks_choose_no_career_before_every_face_is_declared() -> None:
    """Virtual decks are dealt only once every ACTIVITY and GOAL face is known (docs/loop.md):
    until then nobody plays, not even the CAREER choice of 5.1."""
    table = Competitive(2, seed=3, cards=False)
    assert table.state.phase == "cards" and table.p("alice").careers
    table.refuse(f"career alice {table.p('alice').careers[0].lower()}", IllegalMove, R_SETUP)
    table.refuse("career alice intern", IllegalMove, R_SETUP)


def sealed_table(rules_version: str | None = None) -> Table:
    table = Table(2, seed=7, cards=False, rules_version=rules_version)
    table.set(sealed=True)
    for command in loop.load_cards(table.setup, CARDS):
        table.apply(command)
    return table


def test_a_sealed_seed_deals_the_activity_deck_and_goals_without_showing_them() -> None:
    """docs/auditing.md, sealed seeds: "no fact records" the order of a deck; the fold deals the
    ACTIVITY deck and each player's GOAL from the seed, as the same seed unsealed does. From
    rules version 7 the deal's fact records what the seed dealt to each player (issue 40: a lost
    seed loses no card a player holds), each player's shown to them alone."""
    plain = Table(2, seed=7)
    sealed = sealed_table()
    (dealt,) = [e for e in sealed.events() if isinstance(e, Dealt)]
    (plainly,) = [e for e in plain.events() if isinstance(e, Dealt)]
    assert dealt.activities == () and plainly.activities  # no order: the seed deals it
    assert dealt.goals == plainly.goals == {n: p.goals for n, p in sealed.state.players.items()}
    setup = loop.initial(plain.setup).players  # 1.0: the FAVOUR and MATERIAL each is dealt
    assert dealt.hands == {n: p.hand for n, p in setup.items()}
    assert dealt.materials == {n: p.materials for n, p in setup.items()}
    assert sealed.state.activity_deck == plain.state.activity_deck
    assert {n: p.goals for n, p in sealed.state.players.items()} == {
        n: p.goals for n, p in plain.state.players.items()
    }
    alice = loop.redact(dealt, "alice")
    assert alice.goals["alice"] == dealt.goals["alice"] and alice.hands["alice"] == dealt.hands["alice"]
    assert set(alice.goals["bob"]) == set(alice.hands["bob"]) == {UNKNOWN}
    assert alice.materials == dealt.materials  # a starting MATERIAL lies face up (1.0)


def test_a_sealed_deal_recorded_before_rules_version_7_records_none_of_it() -> None:
    """A log from before rules version 7 keeps its empty deal: its seed alone tells it."""
    (dealt,) = [e for e in sealed_table("6").events() if isinstance(e, Dealt)]
    assert dealt == Dealt((), {})
    assert codec.encode(dealt) == '{"activities":[],"goals":{},"type":"loop.dealt"}'  # as it was written


def test_office_lady_is_chosen_by_either_name() -> None:
    """8.0 prints the CAREER as "Office Lady / Clerk": one card, either name, typed or sent by
    a service caller."""
    for choose in ("career alice clerk", ChooseCareer("alice", "CLERK")):
        table = Competitive(2)
        table.play("reveal career alice office-lady chef", "reveal career bob artist homemaker")
        if isinstance(choose, str):
            table.play(choose)
        else:
            table.apply(choose)
        assert table.p("alice").career == "OFFICE LADY"


RED = ("acquire", "barter", "recycle", "resell", "share")  # 3.1: 5 types of red FAVOUR, 6 each
BLUE = ("acquire", "barter", "renew", "resell", "share")  # 7.0's 5 blue FAVOUR


@pytest.mark.parametrize("seed", [None, 4])
def test_competitive_deals_favour_by_seat_the_rest_on_the_board(seed: int | None) -> None:
    """5.1: "Setup the game board same as Basic Mode (P.2 - Step 1 to 6)": 1.0's FAVOUR by seat
    (2 players: 2 and 3), "Place the rest on the game board", at a real table unseen."""
    table = Competitive(2, seed=seed)
    hands = [table.p(name).hand for name in table.state.seats]
    assert [len(hand) for hand in hands] == [2, 3]
    assert len(table.state.favour_deck) == 30 - 5
    if seed is None:
        assert set(hands[0] + hands[1] + table.state.favour_deck) == {UNKNOWN}
    else:
        dealt = Counter(hands[0] + hands[1] + table.state.favour_deck)
        assert dealt == Counter(dict.fromkeys(RED, 6))


@pytest.mark.parametrize("seed", [None, 4])
def test_cooperative_deals_one_set_of_red_favour_each_and_removes_the_rest(seed: int | None) -> None:
    """6.1: "Each player starts with 1 set of 5 red FAVOUR in hand (1 of each). Remove the rest
    from game."""
    table = Cooperative(3, seed=seed)
    assert [table.p(name).hand for name in table.state.seats] == [RED] * 3
    assert table.state.favour_deck == ()
    assert Counter(table.state.favours_removed) == Counter(dict.fromkeys(RED, 6 - 3))


@pytest.mark.parametrize("seed", [None, 4])
def test_solo_starts_with_the_5_blue_favour_and_puts_away_the_red(seed: int | None) -> None:
    """7.1: "You start with a special set of 5 blue FAVOUR in hand. Put away all the red FAVOUR.\""""
    table = Solo(1, seed=seed)
    assert table.p("alice").hand == BLUE
    assert table.state.favour_deck == ()
    assert Counter(table.state.favours_removed) == Counter(dict.fromkeys(RED, 6))


@pytest.mark.parametrize("mode", ["competitive", "cooperative", "solo"])
@pytest.mark.parametrize("seed", [None, 4])
def test_no_happiness_until_the_career_is_chosen(mode: str, seed: int | None) -> None:
    """5.1: "Place a HAPPINESS token on your mat based on your CAREER starting HAPPINESS", once
    the CAREER is chosen: until then no player has any, and the table's state is whole (a
    snapshot of it reads back)."""
    table = TABLES[mode](1 if mode == "solo" else 2, seed=seed)
    assert {p.happiness for p in table.state.players.values()} == {0}
    assert msgspec.json.decode(codec.encode(table.state), type=State) == table.state
    name = table.state.seats[0]
    if seed is None:
        table.play(f"reveal career {name} artist chef")
    table.play(f"career {name} intern")
    assert table.p(name).happiness == 4  # 1.1: "INTERN starts game at HAPPINESS 4"


# 8.0: the 21 CAREER less INTERN, the back of every card; two shields: Not-For-Coop and
# Not-For-Solo; one: Not-For-Solo only
CAREERS = {
    *("ARTIST", "BANKER", "CHEF", "CRAFTSMAN", "ENGINEER", "FREELANCER", "HOMEMAKER", "INVESTOR"),
    *("LAWYER", "NURSE", "OFFICE LADY", "OFFICER", "POLITICIAN", "SALESMAN", "SCAVENGER"),
    *("SCHOLAR", "SCIENTIST", "SOLDIER", "TYCOON", "WAITRESS"),
}
NOT_FOR_COOP = {"FREELANCER", "LAWYER", "NURSE", "OFFICER", "POLITICIAN", "SOLDIER", "WAITRESS"}
NOT_FOR_SOLO = NOT_FOR_COOP | {"BANKER"}


@pytest.mark.parametrize("mode", ["competitive", "cooperative", "solo"])
@pytest.mark.parametrize("seed", [None, 4])
def test_the_career_deck_holds_the_modes_careers_not_dealt(mode: str, seed: int | None) -> None:
    """5.0: "Exclude Not-For-Coop in Cooperative Mode and exclude Not-For-Solo in Solo Mode";
    5.1: "Shuffle all CAREER, then deal 2 to each player": the rest stay in the deck."""
    left: set[str] = {"competitive": set(), "cooperative": NOT_FOR_COOP, "solo": NOT_FOR_SOLO}[mode]
    table = TABLES[mode](1 if mode == "solo" else 2, seed=seed)
    dealt = [c for p in table.state.players.values() for c in p.careers]
    assert len(dealt) == (0 if seed is None else 2 * len(table.state.seats))
    deck = table.state.career_deck
    assert sorted((*deck, *dealt)) == sorted(CAREERS - left)


@pytest.mark.parametrize(
    "command",
    [
        RevealActivity("DANCE", needs=("glass", "plastic"), more=("PICNIC",)),
        RevealActivity("DANCE", props=("group", "heart"), more=("PICNIC",)),
    ],
)
def test_a_face_typed_with_several_activity_is_refused_as_input(command: RevealActivity) -> None:
    """A face (--needs or --props, either alone) describes one card: typed with several it is
    bad input (exit 2), not read as every card's face."""
    table = Table(2)
    ann, ben = table.state.seats
    table.play(f"reveal material glass food --to {ann},{ben}")
    table.refuse_command(command, BadInput)


def test_a_basic_1_game_reveals_one_activity_per_move() -> None:
    """A game recorded under rules version basic-1 keeps its one card a move (1.0's flips)."""
    table = Table(2, rules_version=LEGACY)
    ann, ben = table.state.seats
    table.play(f"reveal material glass --to {ann}", f"reveal material food --to {ben}")
    table.refuse("reveal activity dance picnic", IllegalMove, R_SETUP)
    table.play("reveal activity dance")
    assert table.state.consume_area == ("DANCE",)


@pytest.mark.parametrize("bad", [0, 5])
def test_a_solo_refill_lies_with_exhibited_quality_1_to_4(bad: int) -> None:
    """7.0: a BUY AREA card's Exhibited QUALITY is "its current No. of white dots shown on top",
    1 to 4 as every QUALITY (2.2 b): 1 and 4 are read, 0 and 5 are not."""
    for shown in (1, 4):
        table = begun("solo")
        table.give("alice", coin=3)
        table.play("buy alice glass:1", "end alice")
        table.refuse(f"reveal material metal@{bad}", BadInput)
        table.play(f"reveal material metal@{shown}")
        assert ("metal", shown) in table.state.exhibited


def test_a_card_the_material_deck_lacks_cites_the_flip_it_was_typed_for() -> None:
    """The starting MATERIAL are dealt at 1.0 Setup, a BUY AREA slot refilled at 2.7 End Turn:
    a card the deck does not hold is refused citing the one the table was doing."""
    table = Table(2)
    table.set(material_deck=("food", "food"))
    table.refuse("reveal material glass --to alice", IllegalMove, R_SETUP)
    table = started()
    table.set(material_deck=("food", "metal"))
    table.play("buy alice glass:1", "end alice")
    table.refuse("reveal material utility", IllegalMove, R_END_TURN)


@pytest.mark.parametrize("mode", ["competitive", "solo"])
def test_a_starting_material_shows_no_exhibited_quality(mode: str) -> None:
    """7.0: only the BUY AREA's cards lie with an Exhibited QUALITY; a starting MATERIAL comes at
    its CAREER's QUALITY (5.1), in Solo too: one typed with it is bad input."""
    table = TABLES[mode](1 if mode == "solo" else 2)
    table.play("reveal career alice artist chef", "career alice intern")
    table.refuse_command(RevealMaterial("glass", "alice", shown=(2,)), BadInput)
    table.play("reveal material glass --to alice")
    assert table.p("alice").materials == (("glass", 2),)  # 8.0 Intern: "at QUALITY 2"
