"""The Pursuit of Happiness at a real table, as issue 17 found it: an Engage that could
spend the Community token or an hourglass asks which; the table is told who engaged first
when the Outcomes are resolved; the Upkeep Phase's payments in one command."""

from __future__ import annotations

from unittest.mock import ANY

import ledger.games.pursuit as pursuit
from ledger.errors import AmbiguousMove, BadInput, IllegalMove
from ledger.games.pursuit.model import Drawn, Engage, Engaged, Held, SlotFilled, UpkeepAll
from ledger.games.pursuit.sections import R_ACTION, R_CARDS, R_ENGAGE, R_FRIENDS, R_STAND_ALONE, R_UPKEEP
from ledger.piles import Pile
from tests.pursuit.table import Table, adult, card_words, lay_out, pass_round
from tests.pursuit.test_flow import upkeep_table
from tests.pursuit.test_refusals import board


def test_an_engage_that_could_spend_the_token_or_an_hourglass_asks_which() -> None:
    # Engage in Community: the Community token is placed "instead of an Hourglass token", and
    # hourglasses may Engage up to "your current Popularity Score". ann holds her token and has
    # a Popularity Score of 1: either may be spent, so the player says which.
    table = board()
    table.give("ann", popularity=1)
    error = table.refuse("engage ann safety-seminar", AmbiguousMove, R_ENGAGE)
    assert error.exit_code == 2
    assert error.candidates == ["engage ann safety-seminar --token", "engage ann safety-seminar --hourglass"]
    events = table.play("engage ann safety-seminar --hourglass")
    assert events[0] == Engaged("ann", 2, "SAFETY SEMINAR", False)
    assert table.p("ann").token  # the token is still hers


def test_an_engage_with_one_way_possible_takes_it_and_says_so() -> None:
    table = board()  # Popularity Score 0: no hourglass may Engage, the token only
    events = table.play("engage ann safety-seminar")
    assert events[0] == Engaged("ann", 2, "SAFETY SEMINAR", True)
    table.play("pass ben", "pass cat")
    table.give("ann", popularity=1)  # token spent: an hourglass is the one way left
    assert table.play("engage ann renaissance-fair")[0] == Engaged("ann", 0, "RENAISSANCE FAIR", False)
    table.refuse("engage ann organize-a-party --token --hourglass", BadInput)


def test_an_engage_the_rules_refuse_is_refused_before_the_way_is_asked_for() -> None:
    table = board()
    table.give("ann", popularity=1, creativity=0)  # ORGANIZE A PARTY costs 2 creativity
    table.refuse("engage ann organize-a-party", IllegalMove, R_ENGAGE)


def test_the_engage_text_reads_back_to_the_same_command() -> None:
    table = board()
    for command in (Engage("ann", "SAFETY SEMINAR", True), Engage("ann", "SAFETY SEMINAR", False),
                    Engage("ann", "SAFETY SEMINAR", either=True)):  # fmt: skip
        assert pursuit.parse(table.state, pursuit.text(command).split()) == command


def test_the_table_is_told_who_engaged_first_when_outcomes_are_resolved() -> None:
    # Outcome: on a Multiple Players card each engaged player chooses, in the order they
    # engaged (the text's Nick and John on the Renaissance Fair).
    table = board()
    table.play("pass ann", "engage ben renaissance-fair --token", "engage cat renaissance-fair --token")
    table.play("pass ben", "pass cat")
    screen = pursuit.present(pursuit.view(table.state))
    assert "ben resolves RENAISSANCE FAIR · engaged first: ben, then cat" in screen.headline


def test_the_upkeep_phase_in_one_command_is_each_players_upkeep_paid() -> None:
    # Upkeep Phase: each card with upkeep is paid or dropped; `upkeep --all` pays every one.
    one, each = upkeep_table(Held("TEST COURIER")), upkeep_table(Held("TEST COURIER"))
    each.play("upkeep ann", "upkeep ben")
    one.play("upkeep --all")
    assert one.state == each.state and one.state.phase == "action"
    assert pursuit.actor(UpkeepAll()) == "table"
    assert pursuit.parse(one.state, ["upkeep", "--all"]) == UpkeepAll()


def test_the_upkeep_phase_in_one_command_waits_for_a_player_who_cannot_pay_it_all() -> None:
    # TEST TUTOR's upkeep (test data) costs 1 hourglass and 1 knowledge: ann has no knowledge.
    table = upkeep_table(Held("TEST TUTOR"))
    table.give("ann", knowledge=0)
    error = table.refuse("upkeep --all", IllegalMove, R_STAND_ALONE)
    assert "ann cannot pay all of their upkeep" in str(error) and "upkeep ann --drop test-tutor" in str(error)
    table.play("upkeep ann --drop test-tutor", "upkeep --all")  # then ben's, the one left
    assert table.state.phase == "action"
    table.refuse("upkeep --all", IllegalMove, R_UPKEEP)  # the Upkeep Phase is over


def test_the_upkeep_prompt_offers_the_one_command_when_several_owe() -> None:
    table = upkeep_table(Held("TEST COURIER"))
    assert pursuit.present(pursuit.view(table.state)).prompt.endswith(
        "· table: upkeep --all (each pays all of it)"
    )
    table.play("upkeep ann")
    assert "--all" not in pursuit.present(pursuit.view(table.state)).prompt


def test_a_board_action_without_an_hourglass_is_refused_before_an_unknown_card_is_asked_for() -> None:
    # A board action places 1 hourglass on its space: with none left (her Community token
    # still lets ann act), Spend and Get Job are refused by that rule, not asked for a face.
    table = board()
    table.give("ann", hourglasses=0)
    for line in ("spend ann unknown-item", "get-job ann unknown-job", "action ann unknown-action"):
        error = table.refuse(line, IllegalMove, R_ACTION)
        assert "has none left this round" in str(error) and "engage ann CARD --token" in str(error)


def test_the_upkeep_phase_in_one_command_is_a_legal_move_of_the_table() -> None:
    # Issue 18: the table page's picker offers what `legal()` lists, so `upkeep --all` is in it
    # while players owe upkeep; it is the table's, not a player's, and gone once nobody owes.
    table = upkeep_table(Held("TEST COURIER"))
    assert UpkeepAll() in list(pursuit.legal(table.state))
    assert UpkeepAll() in list(pursuit.legal(table.state, "table"))
    assert UpkeepAll() not in list(pursuit.legal(table.state, "ann"))
    table.play("upkeep ann", "upkeep ben")
    assert UpkeepAll() not in list(pursuit.legal(table.state))


def _one_friend_unseen(table: Table) -> str:
    """The Friend pile with one card left unseen: every other declared face has come out."""
    state = table.state
    out = set(state.friends) | set(state.friend_discard)
    left = sorted(f for f in state.faces.cards if state.faces.cards[f].kind == "friend" and f not in out)
    table.set(friend_pile=Pile(unseen=1, seen=tuple(sorted(out - {""}) + left[1:])))
    return left[0]


def test_a_refill_whose_card_is_known_is_flipped_by_the_referee_as_its_own_fact() -> None:
    # Issue 17: a bookkeeping step with one legal outcome is the referee's. Every face of the
    # Friend pile is declared and one card is left unseen: the slot Start Friendship empties
    # can only get that card, so the referee flips it and records it as its own.
    table = adult(friends=tuple(f"TEST FRIEND {n}" for n in range(5, 9)))
    known = _one_friend_unseen(table)
    events = table.play("start-friendship ann test-friend-5")
    assert SlotFilled("friends", 0, known, "referee") in events
    assert table.state.friends[0] == known and pursuit.to_act(table.state) != ["table"]
    error = table.refuse(f"reveal friends {known.lower().replace(' ', '-')}", IllegalMove, R_FRIENDS)
    assert "performed already, by the referee" in str(error)


def _community_pile_of(table: Table, unseen_faces: int) -> list[str]:
    """The Community pile with 1 card left unseen and ``unseen_faces`` declared faces it may be
    (every other face has come out); those faces, sorted."""
    faces = set(table.state.faces.community)
    left = sorted(faces - set(table.state.community_pile.seen))[:unseen_faces]
    table.set(community_pile=Pile(unseen=1, seen=tuple(sorted(faces - set(left)))))
    return left


def test_a_community_refill_whose_card_is_known_is_flipped_by_the_referee() -> None:
    # Community: "During the Preparation Phase (starting from the 2nd Adult round), discard the
    # card on the 5th slot ..., slide any remaining cards to the right, and draw new ones to
    # fill the empty slots." One slot empties and one card is left in the pile, of one face
    # only: the referee flips it (issue 17), the Friends board's reveal is still the table's.
    table = adult()
    (known,) = _community_pile_of(table, 1)
    pass_round(table)
    assert table.state.phase == "preparation" and table.state.round == 2
    assert table.state.community[0].card == known
    assert SlotFilled("community", 0, known, "referee") in table.events()
    assert "reveal community" not in " ".join(pursuit.view(table.state).awaited)
    error = table.refuse(f"reveal community {card_words((known,))}", IllegalMove, R_CARDS)
    assert "performed already, by the referee" in str(error)


def test_one_card_left_that_may_be_either_of_two_faces_is_the_tables_to_reveal() -> None:
    # The referee decides a card only when the pile can hold no other: 1 card unseen, 2 faces
    # it may be, so the table flips it and types which (``reveal community``).
    table = adult()
    left = _community_pile_of(table, 2)
    pass_round(table)
    assert table.state.phase == "preparation" and table.state.community[0].card == ""
    assert pursuit.to_act(table.state) == ["table"]
    assert "reveal community CARD (x1)" in pursuit.view(table.state).awaited
    events = table.play(f"reveal community {card_words((left[1],))}")
    assert SlotFilled("community", 0, left[1]) in events


def test_a_known_friend_is_flipped_by_the_referee_while_the_community_board_waits() -> None:
    # Issue 17's reading: a bookkeeping step with one legal outcome is the referee's, on each
    # board apart. At the 2nd Adult round's Preparation the Community card drawn may be either
    # of two faces (the table's to reveal) while the Friend pile's one card left is known (KS
    # Promos 4: "discard all the cards remaining on the Friends board, draw 4 cards"): the
    # referee flips that one, and the table is asked for the Community card only.
    table = adult()
    _community_pile_of(table, 2)
    known = _one_friend_unseen(table)
    pass_round(table)
    assert table.state.phase == "preparation" and table.state.round == 2
    assert table.state.friends[0] == known and SlotFilled("friends", 0, known, "referee") in table.events()
    assert pursuit.view(table.state).awaited == ["reveal community CARD (x1)"]


def test_a_version_1_log_keeps_the_refill_typed_by_the_table() -> None:
    # Logs recorded under rules version 1 verify as recorded: the table typed that reveal.
    table = adult(friends=tuple(f"TEST FRIEND {n}" for n in range(5, 9)), rules_version="1")
    assert not table.state.marks_flips
    known = _one_friend_unseen(table)
    table.play("start-friendship ann test-friend-5")
    assert table.state.friends[0] == "" and pursuit.to_act(table.state) == [table.state.active, "table"]
    assert SlotFilled("friends", 0, known) in table.play(f"reveal friends {known.lower().replace(' ', '-')}")
    assert "1" in pursuit.rules_versions and pursuit.rules_version == "4"


def test_the_last_hourglass_may_engage_in_community() -> None:
    # Engage in Community: "You may also Engage in Community cards using your Hourglass tokens,
    # but you cannot use more Hourglass tokens than your current Popularity Score": a Popularity
    # Score of 1 and 1 hourglass left, as well as the token: either may be spent, so she is asked.
    table = board()
    table.give("ann", popularity=1, hourglasses=1)
    table.refuse("engage ann safety-seminar", AmbiguousMove, R_ENGAGE)
    events = table.play("engage ann safety-seminar --hourglass")
    assert events[0] == Engaged("ann", 2, "SAFETY SEMINAR", False)
    assert table.p("ann").hourglasses == 0 and table.p("ann").token


def test_solo_a_known_most_card_is_drawn_and_discarded_by_the_referee() -> None:
    # Solo Game: "if you draw a card that requires you to have the most of something ...
    # discard it and draw a new one in its place." At the 2nd Adult round's Preparation one
    # slot empties and the Community pile's one card left can only be PUMPKIN CONTEST (the most
    # Resources): the referee flips it as its own (issue 17) and discards it; the pile is then
    # empty, so the slot stays empty, and the table's reveal of it is told it was performed.
    table = lay_out(Table(1))
    pass_round(table)
    lay_out(table)
    faces = set(table.state.faces.community)
    table.set(community_pile=Pile(unseen=1, seen=tuple(sorted(faces - {"PUMPKIN CONTEST"}))))
    pass_round(table)
    assert Drawn("community", "PUMPKIN CONTEST", ANY, "referee") in table.events()
    assert table.state.community_discard[-1] == "PUMPKIN CONTEST" and not len(table.state.community_pile)
    error = table.refuse("reveal community pumpkin-contest", IllegalMove, R_CARDS)
    assert "the refill (PUMPKIN CONTEST) was performed already, by the referee" in str(error)


def test_solo_a_most_card_typed_by_the_table_is_not_named_as_the_referees_flip() -> None:
    # The same Preparation with 2 cards left, PUMPKIN CONTEST or SAFETY SEMINAR: the table
    # flips and types PUMPKIN CONTEST (discarded: Solo Game), and the one card left can then
    # only be SAFETY SEMINAR, which the referee flips. The refusal of a further reveal names
    # the referee's flip only.
    table = lay_out(Table(1))
    pass_round(table)
    lay_out(table)
    left = {"PUMPKIN CONTEST", "SAFETY SEMINAR"}
    table.set(community_pile=Pile(unseen=2, seen=tuple(sorted(set(table.state.faces.community) - left))))
    pass_round(table)
    events = table.play("reveal community pumpkin-contest")
    assert events[0] == Drawn("community", "PUMPKIN CONTEST", ANY)
    assert SlotFilled("community", 0, "SAFETY SEMINAR", "referee") in events
    error = table.refuse("reveal community safety-seminar", IllegalMove, R_CARDS)
    assert "the refill (SAFETY SEMINAR) was performed already, by the referee" in str(error)
