"""Card Actions, board actions, Refresh Cards, discarding a card and the table's adjustments,
each rule with its numbers (found missing by the mutation run: ``benchmarks/mutation.py
--modules pursuit-actions``, and by mutants made by hand in what that run did not reach).
Card faces are the invented test data (``fixtures/pursuit-test-cards.toml``) except KEVIN's,
which KS Promos 4 prints (the Jim example)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

import ledger.games.pursuit as pursuit
from ledger.errors import BadInput, IllegalMove, NotYourTurn
from ledger.games.pursuit.model import (
    Adjust,
    Changed,
    Discarded,
    Held,
    Leveled,
    Placed,
    Refreshed,
    SlotEmptied,
    Take,
)
from ledger.games.pursuit.rules import core, flow
from ledger.games.pursuit.rules.core import occupies, unmet
from ledger.games.pursuit.sections import (
    R_ACTION,
    R_BASE,
    R_ENGAGE,
    R_FRIENDS,
    R_PENALTY,
    R_REFRESH,
    R_SETTINGS,
    R_STAND_ALONE,
)
from tests.pursuit.table import Table, adult, lay_out, pass_round, reads_back


def rich(table: Table, *names: str) -> Table:
    for name in names or table.state.seats:
        table.give(name, knowledge=9, creativity=9, influence=9, money=20)
    return table


def facts(table: Table) -> list[object]:
    """The facts of the last move."""
    return list(table.log[-1][1])


# ---------------------------------------------------------------------------- Card Actions


def test_a_card_action_places_its_hourglasses_on_the_card_at_least_one() -> None:
    """A Card Action places the hourglasses its Level Cost shows on the card (Nick's Rugby
    Player: "He places 1 Hourglass token on the card"), and one when the cost shows none
    (*Reading*, as ``card_action`` says: Kevin's L3 costs only "4 Knowledge" in the Jim
    example)."""
    table = rich(adult(("ann", "ben")))
    table.give("ann", cards=(Held("TEST CHOIR"), Held("KEVIN", 2)))
    before = table.p("ann")
    table.play("advance ann test-choir")  # L2: 1 hourglass, 2 Creativity
    ann = table.p("ann")
    assert (ann.hourglasses, ann.on_board, ann.cards[0].hourglasses) == (before.hourglasses - 1, 0, 1)
    assert ann.cards[0].level == 2 and ann.creativity == 9 - 2 and ann.lth == before.lth + 2
    assert [e.why for e in facts(table) if isinstance(e, Changed)] == ["TEST CHOIR L2", "TEST CHOIR L2"]
    table.play("pass ben", "advance ann test-choir")  # L3: 2 hourglasses, 3 Creativity
    ann = table.p("ann")
    assert (ann.hourglasses, ann.cards[0].hourglasses) == (before.hourglasses - 3, 3)
    table.give("ann", hourglasses=5)
    table.play("develop ann kevin")  # L3: 4 Knowledge, no hourglass shown: 1 on the card
    ann = table.p("ann")
    assert (ann.hourglasses, ann.on_board, ann.cards[1].hourglasses) == (4, 0, 1)
    assert [e for e in facts(table) if isinstance(e, Placed)] == [
        Placed("ann", 1, "Develop a Friendship", "KEVIN")
    ]
    reads_back(table)


def test_dedicate_time_keeps_the_friend_at_l3_and_pays_it_again() -> None:
    """Friends: "you can keep making use of the card by performing the Dedicate Time to Your
    Friend Card Action: Pay the depicted Repeatable Level Cost and receive the Repeatable Level
    Reward once more" (Jim: 4 Knowledge for 2 Creativity, 3 Influence and 2 LTH)."""
    table = rich(adult(("ann", "ben")))
    table.give("ann", cards=(Held("KEVIN", 3),))
    before = table.p("ann")
    events = table.play("dedicate ann kevin")
    ann = table.p("ann")
    assert ann.cards == (Held("KEVIN", 3, hourglasses=1),)
    assert not [e for e in events if isinstance(e, Leveled)]  # no Level indicator moves
    gained = [e for e in events if isinstance(e, Changed) and "lth" in e.changes]
    assert gained == [Changed("ann", "KEVIN L3 again", {"creativity": 2, "influence": 3, "lth": 2}, "cards")]
    assert (ann.knowledge, ann.hourglasses) == (before.knowledge - 4, before.hourglasses - 1)
    reads_back(table)


def test_nothing_past_the_final_level() -> None:
    """Develop a Friendship moves to "the next higher Level": a Best Friend (L3) has none, nor
    has a Project at its last level."""
    table = rich(adult(("ann", "ben")))
    table.give("ann", cards=(Held("TEST NOVEL", 2), Held("KEVIN", 3)))
    error = table.refuse("advance ann test-novel", IllegalMove, R_ACTION)
    assert "final level (L2)" in str(error)
    error = table.refuse("develop ann kevin", IllegalMove, R_FRIENDS)
    assert "final level (L3)" in str(error)


def test_a_card_actions_cost_and_requirement_are_checked_and_cited() -> None:
    table = rich(adult(("ann", "ben")))
    table.give(
        "ann", cards=(Held("TEST CHOIR"), Held("KEVIN"), Held("TEST NOVEL")), creativity=1, influence=0
    )
    error = table.refuse("advance ann test-choir", IllegalMove, R_ACTION)
    assert f"{R_ACTION}: Advance a Project TEST CHOIR (L2) costs 2 creativity, 1 hourglass:" in str(error)
    error = table.refuse("develop ann kevin", IllegalMove, R_FRIENDS)
    assert f"{R_FRIENDS}: Develop a Friendship KEVIN (L2) costs" in str(error)
    # No test face has a requirement past L1: TEST NOVEL's L2 is given one here.
    novel = table.state.faces.cards["TEST NOVEL"]
    novel = replace(novel, levels=(novel.levels[0], replace(novel.levels[1], requirement="job")))
    table.set(faces=replace(table.state.faces, cards={**table.state.faces.cards, "TEST NOVEL": novel}))
    error = table.refuse("advance ann test-novel", IllegalMove, R_ACTION)
    assert f"{R_ACTION}: Advance a Project TEST NOVEL (L2) requires job" in str(error)
    # a Level Cost without hourglasses still needs the one the Card Action places
    table.give("ann", cards=(Held("KEVIN", 2),), hourglasses=0, knowledge=9)
    error = table.refuse("develop ann kevin", IllegalMove, R_FRIENDS)
    assert "ann has 0 hourglasses left, not 1" in str(error)


def test_a_card_action_or_a_discard_out_of_turn_cites_its_section() -> None:
    table = rich(adult(("ann", "ben")))
    table.give("ben", cards=(Held("TEST CHOIR"),))
    table.refuse("advance ben test-choir", NotYourTurn, R_ACTION)
    table.refuse("discard ben test-choir", NotYourTurn, R_PENALTY)


# ---------------------------------------------------------------------------- discarding


def test_only_a_card_in_the_play_area_is_discarded_with_the_penalty() -> None:
    """Discarding a Card - Penalty: a card in one's play area, 1 Stress and -1 STH; a
    Retirement or a Degree is set aside, not a card to discard."""
    table = rich(adult(("ann", "ben")))
    table.give(
        "ann",
        cards=(Held("TEST CHOIR"), Held("TEST SINGER", 3, "retired"), Held("TEST MEDICINE", 2, "degree")),
    )
    for card in ("test-singer", "test-medicine", "test-novel"):
        table.refuse(f"discard ann {card}", IllegalMove, R_PENALTY)
    events = table.play("discard ann test-choir")
    assert events[0] == Discarded("ann", "TEST CHOIR", "discarded by ann")
    assert events[1] == Changed(
        "ann", f"TEST CHOIR discarded: the penalty ({R_PENALTY})", {"stress": 1, "sth": -1}
    )
    reads_back(table)


# ---------------------------------------------------------------------------- the table's adjustments


def test_an_adjustment_adds_up_its_words_and_keeps_resources_off_zero() -> None:
    """What the base game does that the referee does not model, recorded as the table says:
    signed amounts (several digits, repeated counters add up), never a resource below 0."""
    table = adult(("ann", "ben"))
    table.give("ann", knowledge=5, money=0, lth=0)
    events = table.play("adjust ann +12money -2knowledge +1lth +2lth --why 'Child Trait and a gift'")
    assert events == [
        Changed("ann", "table: Child Trait and a gift", {"money": 12, "knowledge": -2, "lth": 3}, "table")
    ]
    reads_back(table)  # whole numbers
    ann = table.p("ann")
    assert (ann.money, ann.knowledge, ann.lth) == (12, 3, 3)
    error = table.refuse("adjust ann -4knowledge --why x", IllegalMove, R_BASE)
    assert "has 3 knowledge" in str(error)
    table.play("adjust ann -3knowledge --why x")
    assert table.p("ann").knowledge == 0


def test_an_adjustment_reads_only_signed_amounts_of_known_counters() -> None:
    table = adult(("ann", "ben"))
    table.give("ann", knowledge=5)
    for word in ("+knowledge", "*2knowledge", "X2knowledge", "2knowledge", "+2wisdom"):
        before = table.state
        with pytest.raises(BadInput, match="cannot read"):
            table.apply(Adjust("ann", (word,), "x"))
        assert table.state is before


def test_no_adjustment_before_the_settings_are_declared() -> None:
    table = Table(2, cards=False)
    assert table.state.phase == "settings"
    table.refuse("adjust ann +1knowledge --why x", IllegalMove, R_SETTINGS)


# ---------------------------------------------------------------------------- board actions


def test_work_harder_twice_at_hiring_pays_and_gains_twice() -> None:
    """Stand-Alone Jobs: "you have the option to additionally pay up to 2 times the Work Harder
    Cost and gain that many times the Work Harder Reward in addition to the Hiring Reward"
    (GRAPHIC DESIGNER as Anna's example prints it: -1 STH for +2 Money; 8 Money to hire)."""
    table = adult(("anna", "olga"))
    table.give("anna", knowledge=5, creativity=10, sth=0, money=0)
    table.play("get-job anna graphic-designer --harder 2")
    anna = table.p("anna")
    assert (anna.sth, anna.money, anna.knowledge, anna.creativity) == (-2, 8 + 2 * 2, 3, 6)
    reads_back(table)


def test_work_harder_at_hiring_places_its_hourglasses_on_the_job() -> None:
    """Stand-Alone Jobs: the Work Harder Cost is paid "At the moment that you pay the Hiring
    Cost", and a cost's hourglasses go on the card taken (Nick's Rugby Player: "He places 1
    Hourglass token on the card"); the board action keeps the one hourglass it takes
    (GRAPHIC DESIGNER as Anna's example prints it; its Work Harder Cost is given an hourglass
    more here)."""
    table = adult(("anna", "olga"))
    designer = table.state.faces.cards["GRAPHIC DESIGNER"]
    designer = replace(designer, harder=("1sth 1hourglass", "2money"))
    table.set(
        faces=replace(table.state.faces, cards={**table.state.faces.cards, "GRAPHIC DESIGNER": designer})
    )
    table.give("anna", knowledge=5, creativity=10, sth=0, money=0, hourglasses=3)
    table.play("get-job anna graphic-designer --harder 2")
    assert Placed("anna", 2, "GRAPHIC DESIGNER", "GRAPHIC DESIGNER") in facts(table)
    anna = table.p("anna")
    assert (anna.hourglasses, anna.on_board, anna.cards) == (0, 1, (Held("GRAPHIC DESIGNER", hourglasses=2),))
    assert (anna.sth, anna.money) == (-2, 8 + 2 * 2)
    reads_back(table)


def test_more_than_one_card_for_a_board_action_only_for_black_friday_items_each_with_a_slot() -> None:
    """A board action takes one card; Black Friday's Spend buys Items one after another, each
    taking its own slot in the play area (test setting: 6 slots)."""
    friday = ("BLACK FRIDAY", "ORGANIZE A PARTY", "SAFETY SEMINAR", "BIG PROJECT AT WORK", "ROMANTIC GETAWAY")
    table = rich(adult(("ann", "ben"), community=friday))
    table.play("engage ann black-friday --token", "pass ben")
    with pytest.raises(BadInput, match="Get Job takes one card"):  # the service's command
        table.apply(Take("ann", "get-job", ("TEST CLERK", "TEST CHEF")))
    five = ("TEST CHOIR", "TEST NOVEL", "TEST GARDEN", "TEST PODCAST", "TEST PIANO")
    table.give("ann", cards=tuple(Held(n) for n in five))
    error = table.refuse("spend ann test-sofa test-laptop", IllegalMove)
    assert "6 slots and 5 are taken" in str(error)
    table.play("spend ann test-sofa")
    assert table.p("ann").bought == 1


def test_refresh_cards_pays_the_tables_cost() -> None:
    """Refresh Cards is a free action at the cost the table declared (test setting: 1
    Influence); without it, refused."""
    table = rich(adult(("ann", "ben")))
    table.refuse("refresh ben projects", NotYourTurn, R_REFRESH)
    table.play("refresh ann projects")
    assert table.p("ann").influence == 9 - 1 and table.state.active == "ann"
    reads_back(table)
    table.give("ann", influence=0)
    error = table.refuse("refresh ann projects", IllegalMove, R_REFRESH)
    assert f"{R_REFRESH}: Refresh Cards costs 1 influence: ann has 0 influence, not 1" in str(error)
    # A cost the table declared with an hourglass places it on the board, on no card.
    faces = table.state.faces
    table.set(faces=replace(faces, settings={**faces.settings, "refresh": "1hourglass 1influence"}))
    table.give("ann", influence=1, hourglasses=2)
    table.play("refresh ann projects")
    ann = table.p("ann")
    assert (ann.hourglasses, ann.on_board, ann.influence) == (1, 1, 0)
    assert not any(h.hourglasses for h in ann.cards)


def test_engaging_with_an_hourglass_needs_one_left() -> None:
    """Engage in Community: an Hourglass token (up to the Popularity Score) or the Community
    token is placed on the card."""
    table = rich(adult(("ann", "ben"), community=("SAFETY SEMINAR",)))
    table.give("ann", popularity=1, hourglasses=0)  # score 1; still ann's turn
    error = table.refuse("engage ann safety-seminar --hourglass", IllegalMove, R_ENGAGE)
    assert "no hourglass left" in str(error)
    table.give("ann", hourglasses=1)
    table.play("engage ann safety-seminar --hourglass")
    assert (table.p("ann").hourglasses, table.p("ann").engaged, table.p("ann").token) == (0, 1, True)


def test_work_harder_is_a_stand_alone_jobs_option_only() -> None:
    """Stand-Alone Jobs "give you another option – to Work Harder": another Job has none."""
    table = rich(adult(("ann", "ben")))
    error = table.refuse("get-job ann test-clerk --harder 1", IllegalMove, R_STAND_ALONE)
    assert "Work Harder is a Stand-Alone Job's option" in str(error)


def test_refresh_cards_on_the_friends_board_only_by_the_tables_option() -> None:
    """Friends: the board's cards are discarded and drawn at each Preparation Phase; the text
    says nothing of Refresh Cards on it, so the option friends-refresh=yes allows it: the 4
    cards are discarded and the table reveals 4 more."""
    table = rich(adult(("ann", "ben")))
    table.refuse("refresh ann friends", IllegalMove, R_FRIENDS)
    table = rich(adult(("ann", "ben"), options={"friends-refresh": "yes"}))
    shown = table.state.friends
    events = table.play("refresh ann friends")
    assert events == [
        Changed("ann", "Refresh Cards", {"influence": -1}),
        Refreshed("ann", "friends"),
        *(SlotEmptied("friends", i, card, "Refresh Cards") for i, card in enumerate(shown)),
    ]
    reads_back(table)
    assert not any(table.state.friends) and set(shown) <= set(table.state.friend_discard)
    assert table.p("ann").influence == 9 - 1
    assert pursuit.to_act(table.state) == ["ann", "table"] and pursuit.view(table.state).awaited == [
        "reveal friends CARD (x4)"
    ]


def test_a_declared_board_action_places_an_hourglass_checks_its_requirement_and_gives_its_reward() -> None:
    """A Board Action the table declared (test data: overtime, 4 Money, requires a Job): 1
    Hourglass token on its space, its requirement met, its reward."""
    table = rich(adult(("ann", "ben")))
    error = table.refuse("action ann overtime", IllegalMove, R_ACTION)
    assert "requires job" in str(error)
    table.give("ann", cards=(Held("TEST CLERK"),))
    before = table.p("ann")
    table.play("action ann overtime")
    ann = table.p("ann")
    assert (ann.hourglasses, ann.on_board, ann.money) == (before.hourglasses - 1, 1, before.money + 4)


def test_start_friendship_takes_a_friend_on_the_friends_board_only() -> None:
    """Friends: "choose one of the available Friend cards on the board"."""
    table = rich(adult(("ann", "ben"), friends=("TEST FRIEND 5",)))
    assert "TEST FRIEND 9" not in table.state.friends
    error = table.refuse("start-friendship ann test-friend-9", IllegalMove, R_FRIENDS)
    assert "not on the Friends board" in str(error)


def test_work_harder_at_hiring_must_be_paid_with_the_hiring_cost() -> None:
    """Stand-Alone Jobs: "At the moment that you pay the Hiring Cost, you have the option to
    additionally pay up to 2 times the Work Harder Cost": both are paid together or the Job is
    not taken that way. (TEST COURIER, test data: hires for 1 Influence; its Work Harder Cost
    is given 2 Money here.)"""
    table = rich(adult(("ann", "ben")))
    courier = table.state.faces.cards["TEST COURIER"]
    courier = replace(courier, harder=("2money", "1lth"))
    table.set(faces=replace(table.state.faces, cards={**table.state.faces.cards, "TEST COURIER": courier}))
    table.give("ann", money=3, influence=1)
    error = table.refuse("get-job ann test-courier --harder 2", IllegalMove, R_ACTION)
    assert "ann has 3 money, not 4" in str(error)
    table.play("get-job ann test-courier --harder 1")
    assert (table.p("ann").money, table.p("ann").influence) == (3 + 3 - 2, 0)


def test_the_board_actions_that_take_a_card_without_friends_and_one_card_once() -> None:
    """Without the Friends module only Start Friendship is missing: Get Job still takes its
    card; and Black Friday's Spend buys Items "one after another", never the same one twice."""
    table = rich(adult(("ann", "ben"), options={"modules": "community"}))
    table.play("get-job ann test-clerk")
    assert [h.name for h in table.p("ann").cards] == ["TEST CLERK"]
    friday = ("BLACK FRIDAY", "ORGANIZE A PARTY", "SAFETY SEMINAR", "BIG PROJECT AT WORK", "ROMANTIC GETAWAY")
    table = rich(adult(("ann", "ben"), community=friday))
    table.play("engage ann black-friday --token", "pass ben")
    with pytest.raises(BadInput, match="Spend takes a card"):
        table.apply(Take("ann", "spend", ("TEST SOFA", "TEST SOFA")))


def test_the_last_hourglass_takes_a_card() -> None:
    """A board action that takes a card places 1 hourglass on its space: the last one will do."""
    table = rich(adult(("ann", "ben")))
    table.give("ann", hourglasses=1)
    table.play("get-job ann test-clerk")
    assert [h.name for h in table.p("ann").cards] == ["TEST CLERK"] and table.p("ann").hourglasses == 0


def test_a_career_choice_needs_the_hourglass_on_the_tile_and_those_on_the_card() -> None:
    """School's example: Nick places "an Hourglass token on the School tile" and "1 Hourglass
    token on the card" (RUGBY PLAYER's L1): with 1 hourglass left, he cannot; with 2, he can."""
    table = lay_out(Table(("ann", "ben")))
    table.give("ann", hourglasses=1, knowledge=9, influence=9)
    table.refuse("career ann rugby-player", IllegalMove)
    table.give("ann", hourglasses=2)
    table.play("career ann rugby-player")
    assert [h.name for h in table.p("ann").cards] == ["RUGBY PLAYER"] and table.p("ann").hourglasses == 0


# A requirement of a kind is "a card of that kind in play" (docs/pursuit.md): a Job of any of
# the three kinds, not set aside as Retirement; a Project, Educational ones too, completed or
# not; a Degree (an Educational Project completed); a Retirement (a Career Job set aside).
HAVING = [
    ((), {}),
    ((Held("TEST CLERK"),), {"job"}),
    ((Held("RUGBY PLAYER"),), {"job"}),
    ((Held("GRAPHIC DESIGNER"),), {"job"}),
    ((Held("RUGBY PLAYER", status="retired"),), {"retired"}),
    ((Held("TEST CHOIR"),), {"project"}),
    ((Held("TEST MEDICINE"),), {"project"}),
    ((Held("TEST MEDICINE", status="degree"),), {"project", "degree"}),
    ((Held("TEST ALEX"),), {"partner"}),
    ((Held("TEST BICYCLE"),), {"item"}),
    ((Held("TEST CONCERT"),), {"activity"}),
    ((Held("KEVIN"),), {"friend"}),
    ((Held("KOI"),), {"pet"}),
    ((Held("TEST CHOIR"), Held("KOI"), Held("TEST CLERK")), {"project", "pet", "job"}),
]


@pytest.mark.parametrize(("cards", "met"), HAVING, ids=[",".join(h.name for h in c) for c, _ in HAVING])
def test_a_requirement_of_a_kind_is_a_card_of_that_kind_in_play(
    cards: tuple[Held, ...], met: set[str]
) -> None:
    """Friends: "As he has a Job (L1 Requirement), he performs the Start Friendship Board
    Action"; Community: "check if you meet any Engage Requirement indicated"."""
    table = adult()
    table.give("ann", cards=cards)
    for what in ("job", "partner", "project", "item", "activity", "friend", "pet", "degree", "retired"):
        missing = unmet(table.state, "ann", what)
        assert (missing == "") is (what in met), (what, missing)
        if what not in met:
            assert missing == f"ann has no {what.replace('retired', 'retirement')}"


def test_what_takes_a_slot_in_the_play_area_whatever_the_slots_setting_lists() -> None:
    """KS Promos 4: "A Friend does not occupy any slot in your play area"; School: "Each
    Career Job and each Educational Project occupies one slot in your play area up until it
    has been advanced to its final Level", then is set aside (Retirement, Degree). The table's
    ``slots`` setting names the base game's other kinds; these hold whatever it lists."""
    table = adult()
    faces = table.state.faces
    for listed in ("project,item", "project,item,friend,career-job,educational-project"):
        table.set(faces=replace(faces, settings={**faces.settings, "slots": f"6:{listed}"}))
        taking = {
            h.name: occupies(table.state, h)
            for h in (
                Held("KEVIN"),
                Held("RUGBY PLAYER"),
                Held("TEST DANCER", status="retired"),
                Held("TEST MEDICINE"),
                Held("TEST FINE ARTS", status="degree"),
                Held("TEST CHOIR"),
                Held("TEST ALEX"),
            )
        }
        assert taking == {
            "KEVIN": False,
            "RUGBY PLAYER": True,
            "TEST DANCER": False,
            "TEST MEDICINE": True,
            "TEST FINE ARTS": False,
            "TEST CHOIR": True,  # listed
            "TEST ALEX": False,  # a partner: not listed here
        }, listed
        six = ("TEST CHOIR", "TEST NOVEL", "TEST GARDEN", "TEST PODCAST", "TEST PIANO", "TEST SOFA")
        table.give("ann", cards=tuple(Held(n) for n in six))
        core.room(table.state, "ann", ["friend"], "test")  # 6 of 6 taken: a Friend still fits


def test_the_hourglasses_placed_on_board_actions_come_back_at_the_rounds_end() -> None:
    """Community, Resolution Phase: "just before returning your Hourglass tokens to the
    general supply": the round's end takes every hourglass placed off the board actions."""
    table = rich(adult(("ann", "ben")))
    table.give("ann", cards=(Held("TEST CLERK"),))
    table.play("action ann overtime")
    assert table.p("ann").on_board == 1
    round_ = table.state.round
    pass_round(table)
    assert table.state.round == round_ + 1 and table.p("ann").on_board == 0


def test_black_friday_engaged_with_an_hourglass_lets_one_spend_buy_items_one_after_another() -> None:
    """Black Friday: "After you Engage, if on the same round you perform the Spend Board
    Action and you opt to buy an Item, ... you may immediately buy another Item"; Engage in
    Community: "You may also Engage in Community cards using your Hourglass tokens" (as many
    as the Popularity Score). An hourglass engages as the token does."""
    friday = ("BLACK FRIDAY", "ORGANIZE A PARTY", "SAFETY SEMINAR", "BIG PROJECT AT WORK", "ROMANTIC GETAWAY")
    table = rich(adult(("ann", "ben"), community=friday))
    table.give("ann", popularity=1)
    table.play("engage ann black-friday --hourglass", "pass ben")
    assert table.p("ann").token  # the Community token still in the play area
    table.play("spend ann test-sofa test-laptop")
    assert table.p("ann").bought == 2


def test_the_items_bought_and_black_friday_last_only_the_round() -> None:
    """Black Friday: "After you Engage, if on the same round you perform the Spend Board
    Action ... you may immediately buy another Item", and its Outcomes count the Items bought
    "in the round": the next round starts with no Item bought and one card a Spend."""
    friday = ("BLACK FRIDAY", "ORGANIZE A PARTY", "SAFETY SEMINAR", "BIG PROJECT AT WORK", "ROMANTIC GETAWAY")
    table = rich(adult(("ann", "ben"), community=friday))
    table.play("engage ann black-friday --token", "pass ben", "spend ann test-sofa test-laptop")
    assert table.p("ann").bought == 2
    round_ = table.state.round
    pass_round(table)
    while table.state.phase != "action":
        table.apply(next(iter(pursuit.legal(table.state))))
    ann = table.p("ann")
    assert table.state.round == round_ + 1 and ann.bought == 0 and not ann.black_friday
    reads_back(table)  # the new round's resets are of their types (a snapshot of it reads back)
    items = [c.cards[0] for c in pursuit.legal(table.state) if isinstance(c, Take) and c.how == "spend"]
    with pytest.raises(IllegalMove, match="more Items only after Engaging in Black Friday"):
        table.apply(Take("ann", "spend", (items[0], "TEST PIANO")))


def test_a_career_choice_needs_a_free_slot_in_the_play_area() -> None:
    """School: "Each Career Job and each Educational Project occupies one slot in your play
    area up until it has been advanced to its final Level" (test setting: 6 slots), whatever
    kinds the table's ``slots`` setting lists (it names the base game's)."""
    six = ("TEST CHOIR", "TEST NOVEL", "TEST GARDEN", "TEST PODCAST", "TEST PIANO", "TEST SOFA")
    for card in ("rugby-player", "test-medicine"):
        table = lay_out(Table(("ann", "ben")))
        table.give("ann", hourglasses=3, knowledge=9, influence=9, money=9, cards=tuple(Held(n) for n in six))
        error = table.refuse(f"career ann {card}", IllegalMove)
        assert "6 slots and 6 are taken" in str(error), card
        table.give("ann", cards=tuple(Held(n) for n in six[1:]))
        table.play(f"career ann {card}")


@pytest.mark.parametrize(
    ("rules_version", "takes_a_slot"), [(None, True), ("3", True), ("2", False), ("1", False)]
)
def test_a_stand_alone_job_takes_a_slot_as_a_job_does(rules_version: str | None, takes_a_slot: bool) -> None:
    """Stand-Alone Jobs: "a module that introduces a new type of Job card", shuffled "into the
    Job pile": where the ``slots`` setting lists ``job`` (test setting: 6 slots), a Stand-Alone
    Job takes one too (rules version 3; a log of version 1 or 2 keeps its own reading: it did
    not)."""
    six = ("TEST CHOIR", "TEST NOVEL", "TEST GARDEN", "TEST PODCAST", "TEST PIANO", "TEST CLERK")
    table = rich(adult(("ann", "ben"), rules_version=rules_version))
    table.give("ann", cards=(*(Held(n) for n in six[1:]), Held("TEST COURIER")))
    assert sum(occupies(table.state, h) for h in table.p("ann").cards) == 5 + takes_a_slot
    table.give("ann", cards=tuple(Held(n) for n in six))
    if takes_a_slot:
        error = table.refuse("get-job ann test-tutor", IllegalMove)
        assert "6 slots and 6 are taken" in str(error)
    else:
        table.play("get-job ann test-tutor")


def test_an_unmet_requirement_of_a_number_says_what_was_counted() -> None:
    """A requirement is checked, not paid (docs/pursuit.md): "2popularity" is a Popularity
    Score of at least 2, "2bought" two Items bought this round; the refusal says which."""
    table = adult()
    table.give("ann", knowledge=1)
    assert unmet(table.state, "ann", "3knowledge") == "ann has 1 knowledge, not 3"
    assert unmet(table.state, "ann", "2popularity") == "ann has 0 Popularity Score, not 2"
    assert unmet(table.state, "ann", "2bought") == "ann has 0 Items bought this round, not 2"
    assert unmet(table.state, "ann", "1knowledge") == ""


def changed(table: Table, changes: dict[str, int], source: str | None = None) -> list[object]:
    """The facts of ``core.change`` for ann on ``table`` (its state then updated)."""
    out = core.Out(table.state, flow)
    if source is None:
        core.change(out, "ann", "test", changes)
    else:
        core.change(out, "ann", "test", changes, source)
    table.state = out.state
    return list(out.events)


def test_each_counter_changed_is_kept_on_its_track() -> None:
    """STH within its range (test setting: -5 to 5); Popularity on its track (from its first
    space) only with Community, "for each excess one, gain 1 LTH instead"; hourglass tokens
    owned up to the most (setting ``hourglasses``); a counter changed by 0 is no change and
    the others still are; LTH is counted under what gave it (the score sheet's columns)."""
    table = adult(("ann", "ben"))
    table.give("ann", sth=4, money=0, popularity=0, lth=0)
    kept = Changed("ann", "test", {"sth": 1, "money": 2})
    assert changed(table, {"knowledge": 0, "sth": 3, "money": 2}) == [kept]
    assert changed(table, {"sth": -20}) == [Changed("ann", "test", {"sth": -10})]
    assert table.p("ann").sth == -5
    last = sum(core.popularity_spaces(table.state)) - 1  # test setting: 11 spaces
    events = changed(table, {"popularity": last + 2})
    assert events == [
        Changed("ann", "test", {"popularity": last}),
        Changed("ann", "Popularity past the rightmost space", {"lth": 2}, "overflow"),
    ]
    assert changed(table, {"popularity": -(last + 5)}) == [Changed("ann", "test", {"popularity": -last})]
    table.give("ann", owned=8)  # hourglass tokens owned: up to 9 (test setting hourglasses 6,9)
    assert changed(table, {"owned": 3}) == [Changed("ann", "test", {"owned": 1})]
    assert changed(table, {"lth": 1}) == [Changed("ann", "test", {"lth": 1}, "cards")]
    assert table.p("ann").lth_from == {"overflow": 2, "cards": 1}
    table.give("ann", stress=2)
    assert changed(table, {"stress": -5}) == [Changed("ann", "test", {"stress": -2})]  # not below none
    bare = adult(("ann", "ben"), options={"modules": "friends"})  # no Community: no Popularity track
    assert changed(bare, {"popularity": 2, "money": 1}) == [Changed("ann", "test", {"money": 1})]


@pytest.mark.parametrize(("relax", "moved"), [("section", 1), ("space", 3)])
def test_relax_moves_stress_left_as_the_setting_says(relax: str, moved: int) -> None:
    """The base game's Relax (setting ``relax``: ``section``, back to the first space of the
    Stress section at most; ``space``, a space each, docs/cards.md). Test settings: sections of
    3 spaces; Stress 4 is the 2nd space of the 2nd section."""
    table = adult(("ann", "ben"))
    faces = table.state.faces
    table.set(faces=replace(faces, settings={**faces.settings, "relax": relax}))
    table.give("ann", stress=4)
    assert core.relax(table.state, "ann", 3) == moved
    table.give("ann", stress=1)
    assert core.relax(table.state, "ann", 3) == 1


def test_a_reward_of_hourglasses_is_tokens_owned_and_a_partner_is_not_a_counter() -> None:
    """A reward (docs/pursuit.md): resources, ..., "hourglass (a token owned from then on)",
    "partner (Blind Date)", which is a card, not a counter; Relax moves Stress left."""
    table = adult(("ann", "ben"))
    table.give("ann", owned=6, money=0, sth=0, stress=1)
    out = core.Out(table.state, flow)
    core.gain(out, "ann", "partner 1hourglass 2money 1sth 1relax", "test")
    gained = {"owned": 1, "money": 2, "sth": 1, "relax": 1, "stress": -1}
    assert list(out.events) == [Changed("ann", "test", gained)]
