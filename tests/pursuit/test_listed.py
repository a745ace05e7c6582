"""What ``legal`` lists (issue 21): every move a player may make now, each accepted. It is the
move source of the fuzzer and of a page's picker, so a move it leaves out is one a player at a
page cannot find. The expected lists are written from the rules: the Upkeep Phase (pay every
upkeep, or drop cards; Stand-Alone Jobs: "you may choose to additionally pay up to 2 times the
Work Harder Cost"), the Resolution Phase (each Outcome of the card engaged; Blind Date's Outcome
3 names the Partner taken)."""

from __future__ import annotations

import ledger.games.pursuit as pursuit
from ledger.games.pursuit.model import Held, Outcome, Reveal, Take, Trait, Upkeep
from ledger.words import card_word
from tests.pursuit.table import ALL, Table, adult, lay_out, pass_round


def listed(table: Table, player: str) -> list[object]:
    moves = list(pursuit.legal(table.state, player))
    for move in moves:
        pursuit.decide(table.state, move)  # each one accepted
        assert pursuit.parse(table.state, pursuit.text(move).split()) == move  # and typed as listed
    return moves


def upkeep_table(*cards: Held) -> Table:
    """ann holds ``cards``, both players owe upkeep at the 2nd Adult round's Upkeep Phase."""
    table = adult(("ann", "ben"))
    for name in ("ann", "ben"):
        table.give(name, knowledge=9, creativity=9, influence=9, money=20)
    table.give("ann", cards=cards)
    table.give("ben", cards=(Held("TEST CLERK"),))
    pass_round(table)
    lay_out(table)
    assert table.state.phase == "upkeep" and table.state.owed == ("ann", "ben")
    return table


def test_the_upkeep_phase_lists_paying_dropping_each_card_all_and_working_harder() -> None:
    table = upkeep_table(Held("TEST TUTOR"), Held("TEST ALEX"))  # a Stand-Alone Job and a Partner
    assert sorted(map(pursuit.text, listed(table, "ann"))) == sorted(
        [
            "upkeep ann",
            "upkeep ann --drop test-tutor",
            "upkeep ann --drop test-alex",
            "upkeep ann --drop test-tutor test-alex",
            "upkeep ann --harder test-tutor:1",
            "upkeep ann --harder test-tutor:2",
        ]
    )


def test_one_card_owing_upkeep_lists_paying_or_dropping_it() -> None:
    table = upkeep_table(Held("TEST ALEX"))
    assert listed(table, "ann") == [Upkeep("ann"), Upkeep("ann", ("TEST ALEX",))]


def test_the_resolution_phase_lists_each_outcome_and_blind_dates_partners() -> None:
    """Test face of BLIND DATE: Outcome 1 free, 2 for 1 Money, 3 a Partner for 1 Influence."""
    table = adult(("ann", "ben"), community=("BLIND DATE",))
    table.give("ann", knowledge=9, creativity=9, influence=9, money=9)
    table.give("ben", cards=(Held("TEST ALEX"),))  # a Partner taken is no Partner to take
    table.play("engage ann blind-date --token")
    pass_round(table)
    assert table.state.phase == "resolution"
    moves = listed(table, "ann")
    assert [m for m in moves if isinstance(m, Outcome) and m.outcome != 3] == [
        Outcome("ann", "BLIND DATE", 1),
        Outcome("ann", "BLIND DATE", 2),
    ]
    partners = [m.partner for m in moves if isinstance(m, Outcome) and m.outcome == 3]
    # at most 3 listed, each a different Partner still to take (the test data has four)
    assert sorted(partners) == ["TEST JORDAN", "TEST ROBIN", "TEST SAM"]
    assert all(isinstance(m, Outcome) for m in moves)


def test_the_action_phase_lists_a_move_of_every_kind_the_player_may_make() -> None:
    """ann, rich, holds a Project and has Engaged in Black Friday this round (FAQ: "you may
    immediately buy another Item"); a Popularity Score of 1 (Community: Engage with an
    hourglass, up to the Popularity Score); Refresh Cards costs the test setting's 1 Influence,
    the Friends board too with option friends-refresh=yes."""
    options = {"modules": ALL, "friends-refresh": "yes"}
    table = adult(("ann", "ben"), community=("BLIND DATE",), options=options)
    table.give("ann", knowledge=9, creativity=9, influence=9, money=20, popularity=2)
    table.give("ann", cards=(Held("TEST NOVEL"),), black_friday=True)
    assert table.state.friends[1] == "TEST FRIEND 10"
    typed = list(map(pursuit.text, listed(table, "ann")))
    assert len(typed) == len(set(typed))  # each move listed once
    moves = set(typed)
    expected = {
        "action ann study",
        "action ann temp-job",
        "get-job ann test-clerk",
        "get-job ann test-tutor",  # a Stand-Alone Job: Work Harder 0 to 2 times
        "get-job ann test-tutor --harder 1",
        "get-job ann test-tutor --harder 2",
        "start-relationship ann test-alex",
        "start-project ann test-choir",
        "spend ann test-sofa",
        "spend ann test-puppy",  # a Pet
        "spend ann test-bicycle test-laptop",  # two Items after Black Friday
        "start-friendship ann test-friend-10",  # on the Friends board
        "advance ann test-novel",
        "engage ann blind-date --token",
        "engage ann blind-date --hourglass",
        "refresh ann projects",
        "refresh ann items",
        "refresh ann jobs",
        "refresh ann partners",
        "refresh ann friends",
        "discard ann test-novel",
        "pass ann",
    }
    assert expected <= moves, expected - moves
    assert not [m for m in moves if m.startswith("get-job ann test-clerk --harder")]  # not Stand-Alone
    assert not [m for m in moves if m.startswith("get-job ann test-tutor --harder 3")]


def test_without_black_friday_a_spend_buys_one_card() -> None:
    table = adult(("ann", "ben"))
    table.give("ann", knowledge=9, creativity=9, influence=9, money=20)
    spends = [m for m in listed(table, "ann") if isinstance(m, Take) and m.how == "spend"]
    assert spends and all(len(m.cards) == 1 for m in spends)


def test_a_held_card_lists_its_card_action() -> None:
    """A Job's Get a Promotion, a Friend's Develop a Friendship, and at its last level Dedicate
    Time to Your Friend (KS Promos 4: "The last Level (L3) of a Friend card is Repeatable")."""
    table = adult(("ann", "ben"))
    table.give("ann", knowledge=9, creativity=9, influence=9, money=20)
    table.give("ann", cards=(Held("TEST CLERK"), Held("KEVIN"), Held("TEST FRIEND 5", 3)))
    moves = set(map(pursuit.text, listed(table, "ann")))
    assert {"promote ann test-clerk", "develop ann kevin", "discard ann kevin"} <= moves
    assert "dedicate ann test-friend-5" in moves


def names(table: Table, kind: str) -> list[str]:
    return sorted(n for n, c in table.state.faces.cards.items() if c.kind == kind)


def test_the_setup_lists_the_reveals_then_each_players_child_traits() -> None:
    """The table reveals a Life Goal per player (test setting life-goals=players) and the Friends
    board's 4 cards; then each player keeps a Child Trait (test setting child-traits=1)."""
    table = Table(("ann", "ben"))
    goals = [f"reveal goals {card_word(n)}" for n in names(table, "life-goal")]
    friends = [f"reveal friends {card_word(n)}" for n in names(table, "friend")]
    assert len(goals) == 5 and len(friends) == 16  # the test data's
    assert sorted(map(pursuit.text, listed(table, "table"))) == sorted(goals + friends)
    table.play("reveal goals test-richest", "reveal goals test-well-read")
    assert sorted(map(pursuit.text, listed(table, "table"))) == sorted(friends)  # 2 players: 2 goals
    table.play("reveal friends kevin test-friend-1 test-friend-2 test-friend-3")
    traits = names(table, "child-trait")
    assert listed(table, "BEN") == [Trait("ben", n) for n in traits]  # a player named in any case
    assert listed(table, "table") == []
    assert listed(table, "ann") == [Trait("ann", n) for n in traits]
    assert list(pursuit.legal(table.state)) == [Trait(p, n) for p in ("ann", "ben") for n in traits]


def test_an_adult_rounds_preparation_lists_the_community_cards_to_reveal() -> None:
    """Community: the board's 5 slots are filled at each Adult round's Preparation."""
    table = adult(("ann", "ben"))
    pass_round(table)
    while table.state.phase == "upkeep":
        table.play(f"upkeep {table.state.owed[0]}")
    assert table.state.phase == "preparation" and pursuit.to_act(table.state) == ["table"]
    shown = {m.cards[0] for m in listed(table, "table") if isinstance(m, Reveal) and m.what == "community"}
    assert shown and shown <= set(table.state.faces.community)
