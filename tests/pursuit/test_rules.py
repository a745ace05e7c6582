"""A test for each rule the two texts state without a worked example, and for the base game
as the table declares it. Expected values come from the texts (and the test settings, which
are invented: ``fixtures/pursuit-test-settings.toml``)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

import ledger.games.pursuit as pursuit
from ledger.decider import Setup
from ledger.errors import BadInput, IllegalMove
from ledger.games.pursuit import data
from ledger.games.pursuit.faces import Card, Community, Level, Setting
from ledger.games.pursuit.model import Declare, Held, Shuffled
from ledger.games.pursuit.rules import community, core, flow
from ledger.games.pursuit.sections import (
    R_ADDITIONAL,
    R_BLACK_FRIDAY,
    R_BLIND_DATE,
    R_CARDS,
    R_COMPONENTS,
    R_ENGAGE,
    R_FRIENDS,
    R_OUTCOME,
    R_PETS,
    R_SCHOOL,
    R_SETTINGS,
    R_STAND_ALONE,
)
from tests.pursuit.table import ALL, CARDS, SETTINGS, Table, adult, lay_out, pass_round, state_reads_back

BOARD = ("RENAISSANCE FAIR", "ORGANIZE A PARTY", "SAFETY SEMINAR", "BIG PROJECT AT WORK", "ROMANTIC GETAWAY")


def rich(table: Table, *names: str) -> Table:
    for name in names or table.state.seats:
        table.give(name, knowledge=9, creativity=9, influence=9, money=20)
    return table


def to_upkeep(table: Table) -> Table:
    pass_round(table)
    return lay_out(table)


# ---------------------------------------------------------------------------- setup


def test_community_setup_popularity_tokens_pile_and_slots() -> None:
    """Setup: a Popularity indicator on the leftmost space (Popularity Score 0), the 48
    Community cards face down, a Community token per player; 5 card slots."""
    table = lay_out(Table(3))
    assert all(p.popularity == 0 and p.token for p in table.state.players.values())
    assert len(table.state.community_pile) == data.COMMUNITY_CARDS == 48
    assert len(table.state.community) == 5 and not any(s.card for s in table.state.community)


def test_no_community_cards_in_the_teen_round_then_5_at_the_1st_adult_round() -> None:
    table = rich(lay_out(Table(2)))
    assert table.state.round == 0
    error = table.refuse("engage ann renaissance-fair --token", IllegalMove, R_CARDS)
    assert "Teen round" in str(error)
    pass_round(table)
    assert table.state.phase == "preparation" and flow.awaited(table.state)[0] == "reveal community CARD (x5)"
    lay_out(table)
    assert sum(bool(s.card) for s in table.state.community) == 5


def test_five_players_need_community_and_one_player_is_solo() -> None:
    with pytest.raises(BadInput, match="5th player"):
        Table(5, options={"modules": "friends"})
    assert len(Table(5).state.seats) == 5
    assert len(lay_out(Table(1)).state.seats) == 1
    with pytest.raises(BadInput):
        Table(("a", "b", "c", "d", "e", "f"))


def test_the_friends_board_4_from_setup_then_all_new_at_each_preparation() -> None:
    """Friends: "draw 4 cards ... face-up" at setup; "During the Preparation Phase of each
    round (starting from the 1st Adult round), discard all the cards remaining ... draw 4"."""
    table = lay_out(Table(2))
    first = table.state.friends
    assert len(first) == 4 and all(first)
    pass_round(table)
    assert all(card in table.state.friend_discard for card in first)
    lay_out(table)
    assert all(table.state.friends) and not set(first) & set(table.state.friends)


def test_the_school_tile_and_piles_leave_at_the_1st_adult_round() -> None:
    table = lay_out(Table(2))
    assert table.state.school
    pass_round(table)
    assert not table.state.school


def test_the_additional_cards_are_checked_with_community_only() -> None:
    """Additional Cards: 9 Projects, 10 Items & Activities, 9 Jobs, 3 Partners, 2 Life Goals, 2
    Child Traits, shuffled into their base piles."""
    table = Table(2)
    extra = [
        Card(
            name=f"EXTRA {n}",
            kind="life-goal",
            set="community",
            levels=(Level(requirement="job", reward="1lth"),),
        )
        for n in range(2)
    ]
    # The test data has 1 Community Life Goal: a 2nd is fine, a 3rd is one too many.
    table.apply(Declare(extra[0]))
    with pytest.raises(IllegalMove) as info:
        table.apply(Declare(extra[1]))
    assert info.value.rule == R_COMPONENTS
    with pytest.raises(IllegalMove) as info:
        table.apply(Declare(Card(name="EXTRA PET", kind="pet", set="community", levels=(Level(), Level()))))
    assert info.value.rule == R_ADDITIONAL
    base_only = adult(("ann", "ben"), options={"modules": "friends,pets,school,stand-alone-jobs"})
    rich(base_only)
    base_only.refuse("start-project ann test-mural", IllegalMove)  # a Community project, no Community


def test_a_named_card_must_show_what_the_text_prints() -> None:
    table = Table(2, cards=False)
    kevin = Card(
        name="KEVIN", kind="friend", levels=(Level(requirement="job", reward="2creativity"), Level(), Level())
    )
    with pytest.raises(IllegalMove, match=r"KEVIN shows l1\.reward 1creativity 2influence") as info:
        table.apply(Declare(kevin))
    assert info.value.rule == R_FRIENDS
    # Community's example: Nick "Re-Enacted a Battle (Outcome 3) ... pays 2 Knowledge and 3
    # Influence (Outcome 3 Cost)": declared otherwise, refused.
    fair = Community(
        name="RENAISSANCE FAIR", engage=Level(), outcomes=(Level(), Level(), Level(cost="1knowledge"))
    )
    with pytest.raises(IllegalMove, match=r"RENAISSANCE FAIR shows o3\.cost 2knowledge 3influence"):
        table.apply(Declare(fair))
    date = Community(name="BLIND DATE", engage=Level(), outcomes=(Level(), Level(), Level(reward="1lth")))
    with pytest.raises(IllegalMove) as info:
        table.apply(Declare(date))
    assert info.value.rule == R_BLIND_DATE


def test_the_shape_each_module_gives_its_cards() -> None:
    table = Table(2, cards=False)
    bad = [
        (Card(name="F", kind="friend", levels=(Level(), Level())), R_FRIENDS),
        (Card(name="F", kind="friend", levels=(Level(), Level(), Level(upkeep="1money"))), R_FRIENDS),
        (Card(name="E", kind="educational-project", levels=(Level(),)), R_SCHOOL),
        (Card(name="S", kind="stand-alone-job", levels=(Level(), Level())), R_STAND_ALONE),
        (Card(name="J", kind="job", levels=(Level(),), harder=("1sth", "1money")), R_STAND_ALONE),
        (Card(name="P", kind="pet", levels=(Level(), Level(upkeep="1money"))), R_PETS),
    ]
    for face, rule in bad:
        with pytest.raises(IllegalMove) as info:
            table.apply(Declare(face))
        assert info.value.rule == rule, face


def test_a_setting_is_declared_once_and_read_as_the_base_game_needs() -> None:
    table = Table(2)
    with pytest.raises(IllegalMove, match="declared already"):
        table.apply(Declare(Setting("sth", "-5,5")))
    with pytest.raises(IllegalMove, match="declared otherwise"):
        table.apply(Declare(Setting("sth", "-3,3")))
    with pytest.raises(BadInput):
        table.apply(Declare(Setting("popularity", "1,2,2")))  # six sections
    with pytest.raises(BadInput):
        table.apply(Declare(Setting("colour", "red")))


def test_the_game_waits_for_its_settings_and_the_preset_declares_the_public_ones() -> None:
    setup = Setup(
        game="pursuit", rules_version="1", players=("ann",), mode="standard", options={"preset": "public"}
    )
    state = pursuit.initial(setup)
    assert state.faces.settings["hourglasses"] == "6,9"
    assert state.faces.actions["study"].reward == "3knowledge"
    wanted = pursuit.view(state).awaited
    assert "stress=SPACES:CHANGE,..." in wanted[0].split()  # `declare settings`, in its keys
    assert not any("hourglasses" in w for w in wanted)
    assert any("solo-target" in w for w in wanted)
    assert not any("teen-closed" in w for w in wanted)  # the preset declares it too
    bare = pursuit.initial(Setup(game="pursuit", rules_version="1", players=("ann", "ben"), mode="standard"))
    assert "hourglasses" not in bare.faces.settings and not bare.faces.actions  # never silent defaults
    for command in pursuit.load_cards(
        setup,
        SETTINGS.replace('hourglasses = "6,9"\n', "").replace(
            'teen-closed = "get-job,start-relationship,overtime"\n', ""
        ),
    ):
        for event in pursuit.decide(state, command):
            state = pursuit.evolve(state, event)
    assert state.phase == "setup"


# ---------------------------------------------------------------------------- Engage and Outcome


def test_engage_checks_its_requirement_and_cost() -> None:
    table = adult(("ann", "ben"), community=BOARD)
    error = table.refuse("engage ann big-project-at-work --token", IllegalMove, R_ENGAGE)
    assert "job" in str(error)  # the test face's Engage Requirement
    table.give("ann", money=0, creativity=9)
    error = table.refuse("engage ann organize-a-party --token", IllegalMove, R_ENGAGE)
    assert "money" in str(error)


def test_sth_does_not_change_engage_or_outcome_costs() -> None:
    """FAQ: "Does having positive or negative STH affect the Engage or Outcome Cost of the
    Community cards? No, it does not.\""""
    for sth in (5, 0, -5):
        table = rich(adult(("ann", "ben"), community=BOARD))
        table.give("ann", sth=sth)
        table.play("engage ann organize-a-party --token")
        assert (table.p("ann").money, table.p("ann").creativity) == (20 - 1, 9 - 2)


def test_an_outcome_even_if_the_engage_requirement_no_longer_holds_and_the_same_as_another() -> None:
    table = rich(adult(("ann", "ben"), community=BOARD))
    table.give("ann", cards=(Held("TEST NURSE"),))
    table.play("engage ann big-project-at-work --token", "engage ben renaissance-fair --token")
    table.give("ann", cards=())  # ann has lost her Job since
    pass_round(table)
    assert community.resolving(table.state) == (0, "ben")
    table.play("outcome ben renaissance-fair 2")
    lth = table.p("ann").lth
    table.play("outcome ann big-project-at-work 1")
    assert table.p("ann").lth == lth + 2


def test_an_outcome_requirement_is_checked_and_two_players_may_choose_the_same() -> None:
    table = rich(adult(("ann", "ben"), community=BOARD))
    table.play("engage ann renaissance-fair --token", "engage ben renaissance-fair --token")
    pass_round(table)
    table.play("outcome ann renaissance-fair 3", "outcome ben renaissance-fair 3")
    assert table.p("ann").creativity == table.p("ben").creativity == 9 + 4


def test_no_outcome_possible_is_resolved_with_none_and_the_card_discarded() -> None:
    table = rich(adult(("ann", "ben"), community=BOARD))
    table.play("engage ann safety-seminar --token")
    # SAFETY SEMINAR (test face): Outcome 1 costs 1 knowledge, Outcome 2 is free: both possible.
    table.give("ann", knowledge=0)
    pass_round(table)
    assert community.resolving(table.state) == (2, "ann")
    table.refuse("outcome ann safety-seminar 1", IllegalMove, R_OUTCOME)
    table.refuse("outcome ann safety-seminar 4", IllegalMove, R_OUTCOME)
    table.play("outcome ann safety-seminar 2")
    assert "SAFETY SEMINAR" in table.state.community_discard


def test_the_token_returns_and_engagements_reset_each_round() -> None:
    table = rich(adult(("ann", "ben"), community=BOARD))
    table.play("engage ann organize-a-party --token")
    assert not table.p("ann").token
    pass_round(table)
    table.play("outcome ann organize-a-party 2")
    assert table.p("ann").token


# ---------------------------------------------------------------------------- Popularity


def test_popularity_never_off_either_end_and_the_excess_is_lth() -> None:
    """Popularity Track: "You cannot move your Popularity Track indicator off either end ... for
    each excess one, gain 1 LTH instead"."""
    table = rich(adult(("ann", "ben"), community=BOARD))
    last = 1 + 2 * 5 - 1  # sections of 1, 2, 2, 2, 2, 2 spaces (test setting)
    table.give("ann", popularity=last - 1)
    table.play("engage ann renaissance-fair --token", "pass ben", "pass ann")
    table.play("outcome ann renaissance-fair 3")  # +2 Popularity: 1 space, 1 LTH
    ann = table.p("ann")
    assert ann.popularity == last - 1  # the last space, then one to the left at the end
    assert ann.lth_from.get("overflow") == 1
    assert ann.lth_from.get("cards") == 1


def test_popularity_lth_after_a_life_has_ended_while_others_play() -> None:
    table = rich(adult(("ann", "ben"), community=BOARD))
    table.give("ann", popularity=3, alive=False, hourglasses=0)
    table.give("ben", popularity=0)
    pass_round(table)
    assert table.p("ann").lth_from.get("popularity") == 2  # score 2 on space 3
    assert table.p("ann").popularity == 2


def test_popularity_scores_by_section() -> None:
    table = adult(("ann", "ben"))
    scores = [core.popularity_score(table.state, space) for space in range(11)]
    assert scores == [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


# ---------------------------------------------------------------------------- named cards


def test_black_friday_buys_items_one_after_another_and_counts_the_round() -> None:
    """FAQ: Black Friday: after Engaging, a Spend that buys an Item may buy another, and
    another; the Outcomes count every Item bought this round, even before engaging."""
    friday = ("BLACK FRIDAY", "ORGANIZE A PARTY", "SAFETY SEMINAR", "BIG PROJECT AT WORK", "ROMANTIC GETAWAY")
    table = rich(adult(("ann", "ben"), community=friday))
    table.play("spend ann test-bicycle", "pass ben")
    assert table.p("ann").bought == 1
    error = table.refuse("spend ann test-sofa test-laptop", IllegalMove, R_BLACK_FRIDAY)
    assert "Black Friday" in str(error)
    table.play("engage ann black-friday --token")
    table.refuse("spend ann test-sofa test-concert", IllegalMove, R_BLACK_FRIDAY)  # an Activity
    table.refuse("spend ann test-sofa koi", IllegalMove, R_BLACK_FRIDAY)  # Pets are not Items
    hourglasses = table.p("ann").hourglasses
    table.play("spend ann test-sofa test-laptop")
    assert table.p("ann").bought == 3 and table.p("ann").hourglasses == hourglasses - 1  # one Spend
    pass_round(table)
    sth = table.p("ann").sth
    table.play("outcome ann black-friday 1")  # test face: 1 STH per Item bought this round
    assert table.p("ann").sth == sth + 3


def test_blind_date_outcome_3_takes_a_partner_ignoring_its_requirement_and_reward() -> None:
    date = ("BLIND DATE", "ORGANIZE A PARTY", "SAFETY SEMINAR", "BIG PROJECT AT WORK", "ROMANTIC GETAWAY")
    table = rich(adult(("ann", "ben"), community=date))
    table.give("ann", cards=(Held("TEST ALEX"),), money=1)  # a Partner already
    table.play("engage ann blind-date --token")
    pass_round(table)
    table.give("ann", influence=1, money=0)  # TEST ROBIN requires 2 money
    ann = table.p("ann")
    table.refuse("outcome ann blind-date 3", BadInput)  # which Partner?
    table.play("outcome ann blind-date 3 --partner test-robin")
    after = table.p("ann")
    assert [(h.name, h.level) for h in after.cards] == [("TEST ALEX", 1), ("TEST ROBIN", 1)]
    assert after.lth == ann.lth and after.influence == 0  # its cost; no Partner reward


def test_most_among_all_players_whose_life_goes_on_ties_get_it() -> None:
    """FAQ: "You need to have the most Popularity/Resources among all active players in the
    game"; "What happens if I am tied ...? You receive the Reward as normal."."""
    most = (
        "PUMPKIN CONTEST",
        "NEW FAMILY NEXT DOOR",
        "SAFETY SEMINAR",
        "BIG PROJECT AT WORK",
        "ROMANTIC GETAWAY",
    )
    table = adult(("ann", "ben", "cat"), community=most)
    for name in ("ann", "ben", "cat"):
        table.give(name, knowledge=0, creativity=1, influence=0, money=0)
    table.play("engage ann pumpkin-contest --token")
    table.give("cat", money=5)  # cat did not engage, and has the most resources
    pass_round(table)
    table.refuse("outcome ann pumpkin-contest 1", IllegalMove, R_OUTCOME)
    table.give("cat", money=0, alive=False)  # a player whose life has ended is not active
    table.give("ben", creativity=0)
    lth = table.p("ann").lth
    table.play("outcome ann pumpkin-contest 1")  # tied with ben at 0: the reward as normal
    assert table.p("ann").lth == lth + 3


def test_most_popularity_compares_popularity_scores_not_track_spaces() -> None:
    """*Reading*: "The section on which your Popularity Track indicator is positioned,
    determines your Popularity Score", and the Score is what the Community cards read (the
    hourglasses you may Engage with, the LTH it awards): "the most Popularity" of New Family
    Next Door is the highest Score. Test sections 1, 2, 2, ...: spaces 1 and 2 both score 1."""
    board = (
        "NEW FAMILY NEXT DOOR",
        "ORGANIZE A PARTY",
        "SAFETY SEMINAR",
        "BIG PROJECT AT WORK",
        "BLIND DATE",
    )
    table = adult(("ann", "ben", "cat"), community=board)
    table.play("engage ann new-family-next-door --token")
    pass_round(table)
    table.give("ann", popularity=1)
    table.give("ben", popularity=2)  # one space further, the same section: a tie on the Score
    table.give("cat", popularity=3)  # the next section: Score 2, the most
    table.refuse("outcome ann new-family-next-door 1", IllegalMove, R_OUTCOME)
    table.give("cat", popularity=0)
    cards = table.p("ann").lth_from.get("cards", 0)
    table.play("outcome ann new-family-next-door 1")  # then the round ends: Popularity LTH apart
    assert table.p("ann").lth_from.get("cards", 0) == cards + 2


@pytest.mark.parametrize(
    ("option", "ann", "ben"), [(None, 0, 3), ("after-decay", 0, 3), ("before-decay", 3, 3)]
)
def test_life_goals_are_scored_after_the_last_popularity_decay(
    option: str | None, ann: int, ben: int
) -> None:
    """*Reading*: the game ends after the last round, whose Resolution Phase ends with "move all
    Popularity Track indicators one space to the left": a Life Goal asking a Popularity Score
    of 2 reads it after that (option goals-scored=before-decay: before). Ann on space 3 (Score
    2) falls to space 2 (Score 1); ben on space 4 stays in Score 2 on space 3."""
    table = adult(("ann", "ben"), options={"goals-scored": option} if option else None)
    table.set(goals=("TEST GOOD NEIGHBOUR",), round=core.last_round(table.state))
    table.give("ann", popularity=3)
    table.give("ben", popularity=4)
    pass_round(table)
    assert table.state.phase == "over"
    assert (table.p("ann").lth_from.get("goals", 0), table.p("ben").lth_from.get("goals", 0)) == (ann, ben)
    assert (table.p("ann").popularity, table.p("ben").popularity) == (2, 3)


def test_solo_a_most_card_drawn_is_discarded_and_replaced_and_the_target_is_plus_10() -> None:
    table = lay_out(Table(1))
    pass_round(table)
    table.play("reveal community pumpkin-contest")
    assert "PUMPKIN CONTEST" in table.state.community_discard
    assert not any(s.card for s in table.state.community)
    table.play("reveal community safety-seminar")
    assert table.state.community[0].card == "SAFETY SEMINAR"
    assert flow.solo_target(table.state) == 20 + 10


# ---------------------------------------------------------------------------- Friends, Pets


def test_start_friendship_checks_l1_friends_take_no_slot_and_have_no_limit() -> None:
    table = rich(adult(("ann", "ben"), friends=("KEVIN",)))
    error = table.refuse("start-friendship ann kevin", IllegalMove, R_FRIENDS)
    assert "job" in str(error)
    table.give("ann", cards=(Held("TEST NURSE"),))
    table.play("start-friendship ann kevin")
    assert sum(core.occupies(table.state, h) for h in table.p("ann").cards) == 1  # the Job only


def _upkeep_of(table: Table, kind: str) -> str:
    """ann holds a card of ``kind`` with an upkeep at the next Upkeep; its word."""
    if kind == "friend":
        table.give("ann", cards=(Held("KEVIN"),))
        return "kevin"
    move, word = {
        "pet": ("spend ann koi", "koi"),
        "stand-alone-job": ("get-job ann test-courier", "test-courier"),
    }[kind]
    table.play(move)
    return word


@pytest.mark.parametrize("kind", ["friend", "pet", "stand-alone-job"])
@pytest.mark.parametrize(("option", "penalty"), [(None, 1), ("penalty", 1), ("free", 0)])
def test_an_unpaid_upkeep_discards_a_friend_pet_or_stand_alone_job_alike(
    kind: str, option: str | None, penalty: int
) -> None:
    """*Reading*, one for the three: none of their texts names a penalty (Pets: "If you do not,
    the card must be discarded"; Stand-Alone Jobs: "to ... keep your Stand-Alone Job you must
    pay the Upkeep Cost"; Friends: nothing), and School's Career Job, discarded for its unpaid
    level, takes "1 Stress and lose 1 STH (see "Discarding a Card - Penalty")": so each takes
    the penalty, as any card discarded, or none with option unpaid-upkeep=free."""
    table = rich(adult(("ann", "ben"), options={"unpaid-upkeep": option} if option else None))
    word = _upkeep_of(table, kind)
    to_upkeep(table)
    ann = table.p("ann")
    table.play(f"upkeep ann --drop {word}")
    after = table.p("ann")
    assert after.cards == () and word.upper().replace("-", " ") in table.state.discarded
    assert (after.stress - ann.stress, ann.sth - after.sth) == (penalty, penalty)


def test_a_career_job_unpaid_takes_the_penalty_whatever_the_option() -> None:
    """School prints it: "you must discard it and, as a result, you get 1 Stress and lose 1 STH"."""
    table = rich(lay_out(Table(2, options={"unpaid-upkeep": "free"})))
    table.play("career ann test-singer")
    to_upkeep(table)
    ann = table.p("ann")
    table.play("upkeep ann --drop test-singer")
    assert (table.p("ann").stress - ann.stress, ann.sth - table.p("ann").sth) == (1, 1)


def test_an_upkeep_that_cannot_be_paid_must_be_dropped() -> None:
    table = rich(adult(("ann", "ben")))
    table.play("spend ann koi")
    to_upkeep(table)
    table.give("ann", money=0)
    error = table.refuse("upkeep ann", IllegalMove, R_PETS)
    assert "--drop koi" in str(error)
    assert "KOI's upkeep and its L2 costs 1 money: ann has 0 money" in str(error)  # L2 shows no cost


# ---------------------------------------------------------------------------- School, Stand-Alone Jobs


def test_school_covers_three_board_actions_in_the_teen_round() -> None:
    table = rich(lay_out(Table(2)))
    for line in ("get-job ann test-clerk", "start-relationship ann test-alex", "action ann overtime"):
        error = table.refuse(line, IllegalMove, R_SCHOOL)
        assert "School tile covers" in str(error)


def test_unavailable_tokens_without_school() -> None:
    table = rich(lay_out(Table(2, options={"modules": "community"})))
    error = table.refuse("get-job ann test-clerk", IllegalMove)
    assert "Unavailable token" in str(error)


def test_a_career_job_takes_a_slot_until_retired_and_an_unpaid_level_costs_the_penalty() -> None:
    table = rich(lay_out(Table(2)))
    table.play("career ann test-singer")
    assert core.occupies(table.state, table.p("ann").cards[0])
    to_upkeep(table)
    ann = table.p("ann")
    table.play("upkeep ann --drop test-singer")
    after = table.p("ann")
    assert after.cards == () and (after.stress - ann.stress, ann.sth - after.sth) == (1, 1)


def test_taking_another_job_comes_out_of_retirement_without_penalty() -> None:
    table = rich(adult(("ann", "ben")))
    # School: "you must Come Out of Retirement and the Career Job card will be discarded":
    # that card only; ann's Pet stays.
    table.give("ann", cards=(Held("TEST SINGER", 2, "retired"), Held("KOI", 2)))
    assert not core.occupies(table.state, table.p("ann").cards[0])
    ann = table.p("ann")
    table.play("get-job ann test-nurse")
    after = table.p("ann")
    assert sorted(h.name for h in after.cards) == ["KOI", "TEST NURSE"]
    assert "TEST SINGER" in table.state.discarded and "KOI" not in table.state.discarded
    assert (after.stress, after.sth) == (ann.stress, ann.sth)


def test_taking_a_stand_alone_job_comes_out_of_retirement_too() -> None:
    """School: "unless you decide to get another Job. In that case, you must Come Out of
    Retirement and the Career Job card will be discarded with no Penalty"; and Stand-Alone
    Jobs: "whenever you perform the Get Job Board Action, you may choose to take a Stand-Alone
    Job": a Stand-Alone Job is another Job, so the retired Career Job goes, with no penalty."""
    table = rich(adult(("ann", "ben")))
    table.give("ann", cards=(Held("TEST SINGER", 2, "retired"), Held("KOI", 2)))
    ann = table.p("ann")
    table.play("get-job ann test-courier")
    after = table.p("ann")
    assert sorted(h.name for h in after.cards) == ["KOI", "TEST COURIER"]
    assert "TEST SINGER" in table.state.discarded and "KOI" not in table.state.discarded
    assert (after.stress, after.sth) == (ann.stress, ann.sth)


def test_an_educational_project_completes_with_one_advance_as_a_degree() -> None:
    table = rich(lay_out(Table(2)))
    table.play("career ann test-medicine", "pass ben")
    table.play("advance ann test-medicine")
    held = table.p("ann").cards[0]
    assert (held.level, held.status) == (2, "degree") and not core.occupies(table.state, held)


# ---------------------------------------------------------------------------- the base game as declared


def test_hourglasses_by_stress_section_and_a_life_ends_past_the_last_space() -> None:
    """Test settings: 6 hourglasses; Stress sections 3:+1, 3:0, 3:-1, 3:-2 (12 spaces)."""
    table = adult(("ann", "ben"))
    assert table.p("ann").hourglasses == 7
    for stress, hourglasses in ((3, 6), (6, 5), (11, 4)):
        table.give("ann", stress=stress)
        assert flow.hourglasses_for(table.state, "ann") == hourglasses
    table.give("ann", stress=11, money=0)
    table.play("adjust ann +1stress --why old age came early")
    assert not table.p("ann").alive
    assert table.state.active == "ben"


def test_relax_moves_stress_left_within_its_section() -> None:
    table = rich(adult(("ann", "ben")))
    table.give("ann", stress=4)
    table.play("action ann rest")  # test action: 1 Relax, 1 STH
    assert table.p("ann").stress == 3 and table.p("ann").relax == 1
    table.play("pass ben", "action ann rest")
    assert table.p("ann").stress == 3  # not into the section to the left


def test_the_game_ends_after_the_last_round_and_every_player_scores() -> None:
    table = adult(("ann", "ben"))
    while not pursuit.is_over(table.state):
        if table.state.phase == "action":
            pass_round(table)
        elif table.state.phase == "upkeep":
            for name in list(table.state.owed):
                table.play(f"upkeep {name}")
        else:
            lay_out(table)
    assert table.state.round == 6  # test setting: 6 Adult rounds
    sheet = pursuit.score(table.state)
    assert sheet.final and {line.player for line in sheet.lines} == {"ann", "ben"}


def test_discarding_a_card_costs_the_penalty() -> None:
    table = rich(adult(("ann", "ben")))
    table.play("start-project ann test-choir", "pass ben")
    ann = table.p("ann")
    table.play("discard ann test-choir")
    after = table.p("ann")
    assert after.cards == () and (after.stress - ann.stress, ann.sth - after.sth) == (1, 1)
    assert table.state.active == "ann"  # a free action


def test_slots_are_enforced() -> None:
    table = rich(adult(("ann", "ben"), friends=("TEST FRIEND 5",)))
    table.give(
        "ann",
        cards=tuple(
            Held(n)
            for n in ("TEST CHOIR", "TEST NOVEL", "TEST GARDEN", "TEST PODCAST", "TEST PIANO", "TEST SOFA")
        ),
    )
    error = table.refuse("start-project ann test-charity-run", IllegalMove)
    assert "6 slots and 6 are taken" in str(error)
    table.play("start-friendship ann test-friend-5")  # a Friend takes no slot


def test_modules_are_read_and_unknown_ones_refused() -> None:
    assert Table(2, options={"modules": "Pets, school"}).state.modules == ("pets", "school")
    with pytest.raises(BadInput, match="unknown module"):
        Table(2, options={"modules": "nostalgia"})
    assert Table(2).state.options["modules"] == ALL


# ---------------------------------------------------------------------------- what a mutation
# run of rules/setup.py found untested (benchmarks/mutation.py --modules pursuit-setup)


def test_four_players_without_community_and_no_player_named_table() -> None:
    """Community: Playing with 5 Players: "Community contains all the necessary components to
    add a 5th player": 4 play without it. "table" is the name the table's own moves go under."""
    assert len(Table(4, options={"modules": "friends"}).state.seats) == 4
    with pytest.raises(BadInput, match="'table' is taken"):
        Table(("Table", "ann"))


def test_the_school_tile_replaces_the_teen_rounds_unavailable_action_tokens() -> None:
    """School: "place the School tile ... so that it covers the Get Job, Start Relationship, and
    Overtime Board Action spaces, instead of placing the 3 Unavailable Action tokens": with
    School the table declares no Teen round's closed actions (``teen-closed``)."""

    def asked(modules: str) -> bool:
        state = Table(2, cards=False, options={"modules": modules}).state
        return any("teen-closed" in w for w in pursuit.view(state).awaited)

    assert asked("friends") and not asked("friends,school")
    # A table's own setting names other actions: with School the tile's three are closed still.
    for modules, closed in (
        ("friends", ("study", "play")),
        ("friends,school", ("get-job", "start-relationship", "overtime")),
    ):
        table = Table(2, options={"modules": modules})
        faces = table.state.faces
        table.set(faces=replace(faces, settings={**faces.settings, "teen-closed": "study,play"}))
        assert core.teen_closed(table.state) == closed, modules


def test_a_module_left_out_has_no_pile() -> None:
    """Community: Setup and KS Promos 4: 1. Friends: each module's pile is a step of its own
    setup (the test settings declare friend-cards whatever the modules)."""
    assert len(lay_out(Table(2, options={"modules": "friends"})).state.community_pile) == 0
    assert len(lay_out(Table(2, options={"modules": "community"})).state.friend_pile) == 0


def _cards(table: Table) -> list[Declare]:
    return [c for c in pursuit.load_cards(table.setup, SETTINGS + "\n" + CARDS) if isinstance(c, Declare)]


def _friend_faces(table: Table) -> list[Declare]:
    return [c for c in _cards(table) if isinstance(c.face, Card) and c.face.kind == "friend"]


def test_the_friend_pile_holds_the_friend_cards_declared_no_more() -> None:
    """KS Promos 4: 1. Friends: "shuffle all the Friend cards": the pile is the ``friend-cards``
    the table declared; a Friend beyond them, or a count below those declared, is refused."""
    table = Table(2, cards=False)
    first, second, third = _friend_faces(table)[:3]
    table.apply(Declare(Setting("friend-cards", "2")))
    table.apply(first)
    table.apply(second)
    with pytest.raises(IllegalMove, match="holds 2 cards") as info:
        table.apply(third)
    assert info.value.rule == R_FRIENDS

    table = Table(2, cards=False)
    table.apply(first)
    table.apply(second)
    with pytest.raises(IllegalMove, match="2 Friend cards are declared already"):
        table.apply(Declare(Setting("friend-cards", "1")))
    table.apply(Declare(Setting("friend-cards", "2")))  # as many as declared: the whole pile


def test_a_virtual_game_waits_for_every_card_it_shuffles() -> None:
    """Community: Components: "48 Community Cards"; Friends: the ``friend-cards`` declared. With
    a seed the referee shuffles the piles itself, so it waits for every face, and counts down."""
    table = Table(2, seed=1, cards=False)
    awaited = pursuit.view(table.state).awaited
    assert "declare community ... (48 more to shuffle)" in awaited
    cards = _cards(table)
    community = next(c for c in cards if isinstance(c.face, Community))
    table.apply(community)
    table.apply(Declare(Setting("friend-cards", "16")))
    table.apply(_friend_faces(table)[0])
    awaited = pursuit.view(table.state).awaited
    assert "declare community ... (47 more to shuffle)" in awaited
    assert "declare friend ... (15 more to shuffle)" in awaited
    assert not any("friend ..." in w for w in pursuit.view(Table(2, seed=1).state).awaited)


@pytest.mark.parametrize(("modules", "seeded"), [("community", ("community",)), ("friends", ("friends",))])
def test_a_sealed_seed_shuffles_the_piles_without_showing_their_order(
    modules: str, seeded: tuple[str, ...]
) -> None:
    """While the seed is sealed the log names the piles the seed shuffles, never their order
    (docs/auditing.md), and only the piles of the modules in play."""
    setup = Setup(
        game="pursuit",
        rules_version=pursuit.rules_version,
        players=("ann", "ben"),
        mode="standard",
        options={"modules": modules},
        seed=1,
        commitment="0" * 64,
    )
    state = pursuit.initial(setup)
    events = []
    for command in pursuit.load_cards(setup, SETTINGS + "\n" + CARDS):
        new = pursuit.decide(state, command)
        events += new
        for event in new:
            state = pursuit.evolve(state, event)
    (shuffled,) = (e for e in events if isinstance(e, Shuffled))
    assert shuffled.piles == {} and shuffled.seeded == seeded
    assert not len(state.community_pile) if modules == "friends" else not len(state.friend_pile)
    state_reads_back(state)  # the pile of a module left out is an empty pile, as a snapshot holds it


def test_the_life_goals_face_up_are_as_many_as_the_setting_each_once() -> None:
    """Table setting ``life-goals`` (``players``: as many as the players, 2 here): a third, or
    the same card twice, is refused, in one reveal or over two; then none more."""
    table = Table(2)
    for line in (
        "reveal goals test-career-minded test-family-first test-richest",
        "reveal goals test-career-minded test-career-minded",
    ):
        error = table.refuse(line, IllegalMove, R_SETTINGS)
        assert "2 more Life Goals" in str(error)
    table.play("reveal goals test-career-minded")
    for line in ("reveal goals test-family-first test-richest", "reveal goals test-richest test-richest"):
        error = table.refuse(line, IllegalMove, R_SETTINGS)
        assert "1 more Life Goals" in str(error)
    table.play("reveal goals test-richest")
    assert table.state.goals == ("TEST CAREER MINDED", "TEST RICHEST")
    table.refuse("reveal goals test-family-first", IllegalMove, R_SETTINGS)


def test_a_number_of_life_goals_set_is_that_many_whatever_the_players() -> None:
    """Table setting ``life-goals N``: N face up at setup, not one a player (1 here, 3
    players): a second is refused, in the same reveal or after."""
    table = Table(("ann", "ben", "cat"), cards=False)
    cards = table.cards.replace('life-goals = "players"', 'life-goals = "1"')
    for command in pursuit.load_cards(table.setup, cards):
        table.apply(command)
    error = table.refuse("reveal goals test-career-minded test-richest", IllegalMove, R_SETTINGS)
    assert "1 more Life Goals" in str(error)
    table.play("reveal goals test-career-minded")
    error = table.refuse("reveal goals test-richest", IllegalMove, R_SETTINGS)
    assert "face up already" in str(error) and table.state.goals == ("TEST CAREER MINDED",)


def test_child_traits_are_kept_after_the_layout_as_many_as_the_setting() -> None:
    """Table setting ``child-traits`` (1 here), kept once the table has laid out the setup's
    cards (docs/pursuit.md: Setup); a second is refused."""
    table = Table(2)
    table.refuse("trait ann test-artist", IllegalMove, R_SETTINGS)
    while table.state.phase == "setup" and pursuit.to_act(table.state) == ["table"]:
        table.play(next(m for m in table.moves() if m.startswith("reveal")))
    table.play("trait ann test-artist")
    error = table.refuse("trait ann test-saver", IllegalMove, R_SETTINGS)
    assert "keeps 1 Child Traits" in str(error)
