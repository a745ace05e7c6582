"""Every worked example printed in the two texts, as a test, with its numbers.

The tables are real tables on the test data (``fixtures/pursuit-test-*.toml``, not the
publisher's cards or numbers: only what the texts print of their named cards is as printed),
set to the example's situation with ``give`` where the text does not say how the players
got there. Expected values come from the texts, never from the program.
"""

from __future__ import annotations

from ledger.errors import IllegalMove
from ledger.games.pursuit import data
from ledger.games.pursuit.model import Held
from ledger.games.pursuit.rules import community, flow
from ledger.games.pursuit.sections import R_OUTCOME
from tests.pursuit.table import Table, adult, lay_out, pass_round

FAIR = "RENAISSANCE FAIR"
PARTY = "ORGANIZE A PARTY"
SEMINAR = "SAFETY SEMINAR"
BIG = "BIG PROJECT AT WORK"
GETAWAY = "ROMANTIC GETAWAY"
BOARD = (FAIR, PARTY, SEMINAR, BIG, GETAWAY)  # the layout the example's resolution order implies
PLAYERS = ("john", "maria", "nick")


def community_example() -> Table:
    """The Community example: the 1st Adult round, John then Maria then Nick."""
    table = adult(PLAYERS, community=BOARD)
    for name in PLAYERS:
        table.give(name, knowledge=5, creativity=5, influence=5, money=5)
    return table


def test_maria_organizes_a_party_with_her_community_token() -> None:
    """ "She places her Community token on the card and pays 1 Money and 2 Creativity (Engage
    Cost). Immediately, she gains 1 STH and 1 Popularity (Engage Reward)"."""
    table = community_example()
    table.play("engage john renaissance-fair --token")
    before = table.p("maria")
    table.play("engage maria organize-a-party --token")
    maria = table.p("maria")
    assert (before.money - maria.money, before.creativity - maria.creativity) == (1, 2)
    assert (maria.sth - before.sth, maria.popularity - before.popularity) == (1, 1)
    assert not maria.token and maria.hourglasses == before.hourglasses  # the token, not an hourglass
    assert [g.player for g in table.state.community[1].engaged] == ["maria"]


def test_nick_engages_in_the_renaissance_fair_beside_john() -> None:
    """ "Nick ... places his Community token on it, paying 1 Money (Engage Cost). As the card
    features the Multiple Players indicator, there is no problem that John had already
    engaged in it"."""
    table = community_example()
    table.play("engage john renaissance-fair --token", "engage maria organize-a-party --token")
    money = table.p("nick").money
    table.play("engage nick renaissance-fair --token")
    assert table.p("nick").money == money - 1
    assert [g.player for g in table.state.community[0].engaged] == ["john", "nick"]


def test_maria_engages_with_an_hourglass_at_popularity_score_1() -> None:
    """ "As she has a Popularity Score of 1, she is eligible to use one of her Hourglass tokens
    to Engage in the Safety Seminar" (the score-0 section is a single space: test setting)."""
    table = community_example()
    table.play(
        "engage john renaissance-fair --token",
        "engage maria organize-a-party --token",
        "engage nick renaissance-fair --token",
        "pass john",
    )
    hourglasses = table.p("maria").hourglasses
    table.play("engage maria safety-seminar")
    maria = table.p("maria")
    assert maria.hourglasses == hourglasses - 1 and maria.engaged == 1
    assert table.state.community[2].engaged[0].token is False


def resolution_example() -> Table:
    table = community_example()
    table.play(
        "engage john renaissance-fair --token",
        "engage maria organize-a-party --token",
        "engage nick renaissance-fair --token",
        "pass john",
        "engage maria safety-seminar",
    )
    pass_round(table)
    return table


def test_the_resolution_goes_from_the_left_john_then_nick_then_maria() -> None:
    """ "players resolve the Community cards they engaged in, starting from the left with the
    Renaissance Fair ... It's now time for Maria to resolve the Organize a Party before
    proceeding with the Safety Seminar"."""
    table = resolution_example()
    assert table.state.phase == "resolution"
    assert community.resolving(table.state) == (0, "john")
    john = table.p("john")
    table.play("outcome john renaissance-fair 2")
    after = table.p("john")
    # Outcome 2: "pays 2 Knowledge and 1 Creativity ... gains 3 Influence, 1 Popularity, and 1 LTH"
    assert (john.knowledge - after.knowledge, john.creativity - after.creativity) == (2, 1)
    assert (after.influence - john.influence, after.popularity - john.popularity, after.lth - john.lth) == (
        3,
        1,
        1,
    )
    assert after.token  # "the Community token gets returned to your play area"
    nick = table.p("nick")
    table.play("outcome nick renaissance-fair 3")
    after = table.p("nick")
    # Outcome 3: "pays 2 Knowledge and 3 Influence ... gains 4 Creativity, 2 Popularity, and 1 LTH"
    assert (nick.knowledge - after.knowledge, nick.influence - after.influence) == (2, 3)
    assert (after.creativity - nick.creativity, after.popularity - nick.popularity, after.lth - nick.lth) == (
        4,
        2,
        1,
    )
    # "they remove their tokens from the card, which is then discarded"
    assert table.state.community[0].card == "" and FAIR in table.state.community_discard
    assert community.resolving(table.state) == (1, "maria")
    table.refuse("outcome maria safety-seminar 1", IllegalMove, R_OUTCOME)
    table.play("outcome maria organize-a-party 1")
    assert community.resolving(table.state) == (2, "maria")
    table.play("outcome maria safety-seminar 2")
    assert PARTY in table.state.community_discard and SEMINAR in table.state.community_discard


def test_the_next_preparation_discards_the_5th_and_slides_the_rest_right() -> None:
    """ "During the Preparation Phase of the next round, the Romantic Getaway is discarded, the
    Big Project at Work is moved onto the rightmost card slot, and 4 new Community cards are
    drawn to fill the empty slots"."""
    table = resolution_example()
    table.play(
        "outcome john renaissance-fair 2",
        "outcome nick renaissance-fair 3",
        "outcome maria organize-a-party 1",
        "outcome maria safety-seminar 2",
    )
    assert table.state.phase == "preparation" and table.state.round == 2
    assert GETAWAY in table.state.community_discard
    assert [slot.card for slot in table.state.community] == ["", "", "", "", BIG]
    assert "reveal community CARD (x4)" in flow.awaited(table.state)
    lay_out(table)
    assert [slot.card for slot in table.state.community][-1] == BIG
    assert all(slot.card for slot in table.state.community)
    assert len(table.state.community_pile) == data.COMMUNITY_CARDS - 5 - 4


def test_the_3rd_adult_round_maria_3_nick_2_john_0_lth_then_one_space_left() -> None:
    """ "Maria (yellow) gains 3 LTH, Nick (green) 2 LTH, and John (gray) 0 LTH. Then, their
    Popularity Track indicators move one space to the left except of John's that stays where
    it is." Sections of 1, 2, 2, 2, 2, 2 spaces (test setting): spaces 5, 3 and 0."""
    table = adult(PLAYERS)
    for _ in range(2):
        pass_round(table)
        lay_out(table)
    assert table.state.round == 3 and table.state.phase == "action"
    table.give("maria", popularity=5)
    table.give("nick", popularity=3)
    table.give("john", popularity=0)
    before = {name: table.p(name).lth for name in PLAYERS}
    pass_round(table)
    gained = {name: table.p(name).lth - before[name] for name in PLAYERS}
    assert gained == {"maria": 3, "nick": 2, "john": 0}
    assert {name: table.p(name).lth_from.get("popularity", 0) for name in PLAYERS} == gained
    assert {name: table.p(name).popularity for name in PLAYERS} == {"maria": 4, "nick": 2, "john": 0}


def test_popularity_from_an_outcome_counts_for_that_rounds_lth_then_the_decay() -> None:
    """Popularity Track: "During the Resolution Phase, after checking all the engaged Community
    cards, awards you with additional LTH ... At the end of the Resolution Phase, move all
    Popularity Track indicators one space to the left." John's Outcome 2 (+1 Popularity) and
    Nick's Outcome 3 (+2) take them from space 0 (score 0) to spaces 1 and 2 (score 1; test
    sections 1, 2, 2, ...): 1 LTH each that round, then one space back."""
    table = resolution_example()
    assert (table.p("john").popularity, table.p("nick").popularity) == (0, 0)
    table.play(
        "outcome john renaissance-fair 2",
        "outcome nick renaissance-fair 3",
        "outcome maria organize-a-party 1",
        "outcome maria safety-seminar 2",
    )
    john, nick = table.p("john"), table.p("nick")
    assert john.lth_from.get("popularity") == 1 and nick.lth_from.get("popularity") == 1
    assert (john.popularity, nick.popularity) == (1 - 1, 2 - 1)


# ---------------------------------------------------------------------------- KS Promos 4


def test_jim_befriends_kevin_develops_him_to_best_friend_and_dedicates_time() -> None:
    """Friends example: "As he has a Job (L1 Requirement), he performs the Start Friendship
    Board Action ... and gains 1 Creativity and 2 Influence (L1 Reward)"; at the final level
    "he does not have to pay any Upkeep Cost ... pay 4 Knowledge to gain 2 Creativity, 3
    Influence, and 2 LTH", as often as he likes."""
    table = adult(("jim", "kim"), friends=("KEVIN",))
    assert "KEVIN" in table.state.friends
    table.give("jim", cards=(Held("TEST CLERK"),), knowledge=20)
    jim = table.p("jim")
    table.play("start-friendship jim kevin")
    after = table.p("jim")
    assert (after.creativity - jim.creativity, after.influence - jim.influence) == (1, 2)
    assert after.hourglasses == jim.hourglasses - 1  # a Board Action: 1 hourglass
    assert [(h.name, h.level) for h in after.cards][-1] == ("KEVIN", 1)
    assert "KEVIN" not in table.state.friends  # its slot waits for a new card
    # "draw a new card from the Friend pile": the table's step, beside the next player's turn
    assert flow.to_act(table.state) == [table.state.active, "table"]
    assert table.state.active != "jim"
    lay_out(table)
    assert all(table.state.friends)
    # "Later on, Jim that is already a Close Friend of Kevin" (L2) "decides to further develop".
    table.give("jim", cards=(Held("TEST CLERK"), Held("KEVIN", 2)), hourglasses=5)
    if table.state.active == "kim":
        table.play("pass kim")
    jim = table.p("jim")
    table.play("develop jim kevin")
    after = table.p("jim")
    assert (jim.knowledge - after.knowledge, after.creativity - jim.creativity) == (4, 2)
    assert (after.influence - jim.influence, after.lth - jim.lth) == (3, 2)
    assert [h.level for h in after.cards if h.name == "KEVIN"] == [3]
    assert "KEVIN" not in [h.name for h in flow.upkeep_cards(table.state, "jim")]  # no Upkeep Cost at L3
    for _ in range(2):  # "each time he decides to"
        if table.state.active != "jim":
            table.play(f"pass {table.state.active}")
        jim = table.p("jim")
        table.play("dedicate jim kevin")
        after = table.p("jim")
        assert (jim.knowledge - after.knowledge, after.creativity - jim.creativity) == (4, 2)
        assert (after.influence - jim.influence, after.lth - jim.lth) == (3, 2)


def test_noels_koi_from_spend_to_its_final_level() -> None:
    """Pets example: "pays 5 Money, takes the card ... gaining 1 Relax and 1 LTH. Three rounds
    after that, during the Upkeep Phase, Noel ... pays 2 Money for the L3 Upkeep Cost ... the
    final Level of the card. Noel loses 1 STH, but gains 3 LTH"."""
    table = adult(("noel", "olga"))
    table.give("noel", money=20)
    noel = table.p("noel")
    table.play("spend noel koi")
    after = table.p("noel")
    assert noel.money - after.money == 5
    assert (after.relax - noel.relax, after.lth - noel.lth) == (1, 1)
    assert [(h.name, h.level) for h in after.cards] == [("KOI", 1)]
    assert after.bought == noel.bought  # a Pet is not an Item
    levels = []
    for _ in range(3):
        pass_round(table)
        lay_out(table)
        assert table.state.phase == "upkeep" and "noel" in table.state.owed
        noel = table.p("noel")
        table.play("upkeep noel")
        levels.append(table.p("noel").cards[0].level)
    assert levels == [2, 3, 4]  # one level at each later Upkeep Phase
    after = table.p("noel")
    assert noel.money - after.money == 2  # the L3 Upkeep Cost
    assert (after.sth - noel.sth, after.lth - noel.lth) == (-1, 3)  # the final level
    pass_round(table)
    lay_out(table)
    assert "KOI" not in [h.name for h in flow.upkeep_cards(table.state, "noel")]


def test_nicks_rugby_player_career_to_retirement() -> None:
    """School example: the Make a Career Choice Board Action "by placing an Hourglass token on
    the School tile ... He places 1 Hourglass token on the card, gets 1 Stress and pays 1
    Knowledge and 2 Influence ... gain 9 Money"; next Upkeep "3 Hourglass tokens on the card,
    get 2 Stress, and pay 1 Knowledge and 2 Influence ... gains 14 Money and 1 LTH"; then "pay
    1 Influence and lose 1 STH to gain 3 Money, 1 Relax, and 2 LTH"; "3 Money during each
    subsequent Upkeep Phase"."""
    table = lay_out(Table(("nick", "olga")))
    assert table.state.round == 0 and table.state.school
    table.give("nick", knowledge=5, influence=10)
    nick = table.p("nick")
    table.play("career nick rugby-player")
    after = table.p("nick")
    assert nick.hourglasses - after.hourglasses == 2 and after.on_board == 1  # the tile and the card
    assert after.cards[0].hourglasses == 1
    assert (
        after.stress - nick.stress,
        nick.knowledge - after.knowledge,
        nick.influence - after.influence,
    ) == (1, 1, 2)
    assert after.money - nick.money == 9
    assert table.moves()  # the round goes on
    pass_round(table)
    lay_out(table)
    assert not table.state.school  # "At the Preparation Phase of the 1st Adult round, remove the School tile"
    assert table.state.phase == "upkeep"
    nick = table.p("nick")
    table.play("upkeep nick")
    after = table.p("nick")
    assert nick.hourglasses - after.hourglasses == 3 and after.cards[0].hourglasses == 3
    assert (
        after.stress - nick.stress,
        nick.knowledge - after.knowledge,
        nick.influence - after.influence,
    ) == (2, 1, 2)
    assert (after.money - nick.money, after.lth - nick.lth) == (14, 1)
    assert after.cards[0].level == 2
    pass_round(table)
    lay_out(table)
    nick = table.p("nick")
    table.play("upkeep nick")
    after = table.p("nick")
    assert (nick.influence - after.influence, after.sth - nick.sth) == (1, -1)
    assert (after.money - nick.money, after.relax - nick.relax, after.lth - nick.lth) == (3, 1, 2)
    assert after.cards[0].level == 3 and after.cards[0].status == "retired"
    for _ in range(2):
        pass_round(table)
        nick = table.p("nick")
        lay_out(table)
        assert table.state.phase == "action"  # no upkeep to decide: the Retirement is paid
        assert table.p("nick").money - nick.money == 3


def test_annas_graphic_designer_works_harder_at_hiring_and_at_upkeep() -> None:
    """Stand-Alone Jobs example: "pays 2 Knowledge and 4 Creativity ... she loses 1 STH to
    gain 2 Money in addition to the Hiring Reward, for an overall total of 10 Money"; then "1
    Hourglass token on the card and pay 1 Knowledge and 2 Creativity ... She loses 2 STH to
    gain 6 Money in addition to the regular Upkeep Reward, for an overall total of 13
    Money"."""
    table = adult(("anna", "olga"))
    table.give("anna", knowledge=5, creativity=10)
    anna = table.p("anna")
    table.play("get-job anna graphic-designer --harder 1")
    after = table.p("anna")
    assert (anna.knowledge - after.knowledge, anna.creativity - after.creativity) == (2, 4)
    assert (after.sth - anna.sth, after.money - anna.money) == (-1, 10)
    pass_round(table)
    lay_out(table)
    anna = table.p("anna")
    table.play("upkeep anna --harder graphic-designer:2")
    after = table.p("anna")
    assert anna.hourglasses - after.hourglasses == 1 and after.cards[0].hourglasses == 1
    assert (anna.knowledge - after.knowledge, anna.creativity - after.creativity) == (1, 2)
    assert (after.sth - anna.sth, after.money - anna.money) == (-2, 13)
