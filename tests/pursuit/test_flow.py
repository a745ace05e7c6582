"""Rounds and phases as the table declared them (test settings, invented): turn order, who may
act, hourglasses by Stress, old age, Retirement, Life Goals and the winner."""

from __future__ import annotations

from msgspec.structs import replace

import ledger.games.pursuit as pursuit
from ledger.errors import IllegalMove
from ledger.games.pursuit.model import (
    Changed,
    Discarded,
    Engagement,
    Held,
    Leveled,
    LifeEnded,
    Placed,
    UpkeepPaid,
)
from ledger.games.pursuit.rules import community, core, flow
from ledger.games.pursuit.sections import (
    R_CARDS,
    R_ENGAGE,
    R_FRIENDS,
    R_PENALTY,
    R_PETS,
    R_SCHOOL,
    R_SETTINGS,
    R_STAND_ALONE,
    R_UPKEEP,
)
from tests.pursuit.table import ALL, Table, adult, lay_out, pass_round, reads_back

BOARD = ("RENAISSANCE FAIR", "ORGANIZE A PARTY", "SAFETY SEMINAR", "BIG PROJECT AT WORK", "ROMANTIC GETAWAY")


def order_table(order: str) -> Table:
    """The test settings with another turn order (a cards file's setting, replaced)."""
    table = Table(("ann", "ben", "cat"), cards=False)
    text = table.cards.replace('order = "seats"', f'order = "{order}"')
    for command in pursuit.load_cards(table.setup, text):
        table.apply(command)
    return lay_out(table)


def test_turn_order_by_seats_rotating_or_by_sth() -> None:
    assert order_table("seats").state.order == ("ann", "ben", "cat")
    rotate = order_table("rotate")
    assert rotate.state.order == ("ann", "ben", "cat")  # the Teen round: round 0
    pass_round(rotate)
    lay_out(rotate)
    assert rotate.state.order == ("ben", "cat", "ann")
    sth = order_table("sth")
    sth.give("cat", sth=3)
    sth.give("ann", sth=-1)
    pass_round(sth)
    lay_out(sth)
    assert sth.state.order == ("cat", "ben", "ann")  # the highest STH first, ties in seat order


def test_a_turn_is_one_action_then_the_next_player_and_a_pass_is_final() -> None:
    table = adult(("ann", "ben", "cat"))
    table.play("action ann study")
    assert table.state.active == "ben"
    table.play("pass ben", "action cat study", "action ann study")
    assert table.state.active == "cat"  # ben passed: skipped for the rest of the round
    table.give("ann", hourglasses=0, token=False)  # no hourglass, and no token to Engage with
    table.play("action cat study")
    assert table.state.active == "cat"  # nobody else can act: cat again
    table.play("pass cat")
    assert table.state.phase == "preparation" and table.state.round == 2


def test_the_last_hourglass_takes_a_board_action_and_its_player_still_acts() -> None:
    """A board action places 1 hourglass on its space: a player with 1 left may act, and
    take one with it; with none left (and no Community token) they act no more."""
    table = adult(("ann", "ben"))
    table.give("ann", hourglasses=1, token=False)
    table.play("action ann study")
    assert table.p("ann").hourglasses == 0 and table.state.active == "ben"
    table.give("ann", hourglasses=1)
    table.play("action ben study")
    assert table.state.active == "ann"
    table.play("action ann study")
    assert table.state.active == "ben" and not flow.can_act(table.state, "ann")


def test_an_action_phase_where_nobody_can_act_goes_on_to_the_resolution() -> None:
    """Nobody with an hourglass (1 owned, Stress 9: the test settings' section takes 1) and no
    Community played: the 2nd Adult round's Action Phase has no turn, and the round ends."""
    table = adult(("ann", "ben"), options={"modules": "friends"})
    for name in ("ann", "ben"):
        table.give(name, owned=1, stress=9)
    pass_round(table)
    assert table.state.round == 2
    while table.state.round == 2:
        table.apply(next(iter(pursuit.legal(table.state))))
    assert table.state.round == 3 and table.state.phase == "preparation"
    assert all(p.alive for p in table.state.players.values())


def test_a_player_with_only_the_community_token_may_still_engage() -> None:
    table = adult(("ann", "ben"), community=BOARD)
    table.give("ann", hourglasses=0, money=5)
    assert flow.can_act(table.state, "ann")
    table.play("engage ann renaissance-fair --token")
    assert not flow.can_act(table.state, "ann")
    table.give("ben", hourglasses=0, token=False)
    assert not flow.can_act(table.state, "ben")


def test_hourglasses_each_round_are_own_plus_the_stress_section_within_0_and_max() -> None:
    table = adult(("ann", "ben"))
    for owned, stress, expected in ((6, 0, 7), (9, 0, 9), (6, 9, 4), (1, 9, 0), (0, 0, 1)):
        table.give("ann", owned=owned, stress=stress)
        assert flow.hourglasses_for(table.state, "ann") == expected, (owned, stress)


def test_old_age_adds_stress_at_the_upkeep_of_each_adult_round() -> None:
    """Test setting rounds 0,0,0,1,2,4: Adult rounds 4 to 6 add 1, 2 and 4 Stress."""
    table = adult(("ann", "ben"))
    stress = []
    while table.state.round < 6:
        pass_round(table)
        lay_out(table)
        stress.append(table.p("ann").stress)
    assert stress == [0, 0, 1, 3, 7]
    table.give("ann", stress=11)
    pass_round(table)
    assert pursuit.is_over(table.state) and pursuit.to_act(table.state) == []  # nobody acts


def test_a_life_ended_by_old_age_is_over_for_the_round_and_the_game_ends_with_the_last() -> None:
    table = adult(("ann", "ben"))
    table.give("ann", stress=11)
    table.give("ben", stress=11)
    for _ in range(3):
        pass_round(table)
        lay_out(table)
    assert table.state.round == 4
    pass_round(table)
    lay_out(table)
    assert pursuit.is_over(table.state) and not any(p.alive for p in table.state.players.values())
    assert table.state.round == 4


def test_retirement_pays_at_each_upkeep_until_another_job() -> None:
    table = adult(("ann", "ben"))
    table.give("ann", cards=(Held("RUGBY PLAYER", 3, "retired"), Held("TEST SINGER", 1)))
    assert [h.name for h in flow.upkeep_cards(table.state, "ann")] == ["TEST SINGER"]
    money = table.p("ann").money
    pass_round(table)
    lay_out(table)
    assert table.p("ann").money == money + 3  # RUGBY PLAYER's Retirement, before ann's upkeep
    assert table.state.owed == ("ann",)


def test_upkeep_is_owed_for_income_alone_and_not_for_a_card_without_upkeep() -> None:
    table = adult(("ann", "ben"))
    table.give("ann", cards=(Held("TEST PARK RANGER"), Held("TEST BICYCLE"), Held("KEVIN", 3)))
    assert [h.name for h in flow.upkeep_cards(table.state, "ann")] == ["TEST PARK RANGER"]
    table.give("ben", cards=(Held("TEST CHOIR", 3),))
    assert flow.upkeep_cards(table.state, "ben") == []


def test_who_acts_in_each_phase() -> None:
    table = Table(("ann", "ben"), cards=False)
    assert table.state.phase == "settings" and pursuit.to_act(table.state) == ["table"]  # declares
    table = Table(("ann", "ben"))
    assert pursuit.to_act(table.state) == ["table"]  # the setup's reveals
    lay_out(table)
    assert pursuit.to_act(table.state) == ["ann"]
    pass_round(table)
    assert pursuit.to_act(table.state) == ["table"]  # the Preparation's reveals
    assert flow.awaited(table.state) == ["reveal community CARD (x5)", "reveal friends CARD (x4)"]
    lay_out(table)
    table.play("pass ann", "pass ben")
    assert table.state.phase == "preparation" and table.state.round == 2


def test_life_goals_score_at_the_end_for_each_player_who_meets_them() -> None:
    table = adult(("ann", "ben"))
    goals = table.state.goals
    assert len(goals) == 2  # life-goals: players
    table.set(goals=("TEST RICHEST", "TEST CAREER MINDED"))
    table.give("ann", money=9, cards=(Held("TEST NURSE"),))
    table.give("ben", money=9)
    out = core.Out(table.state, flow)
    flow.end_game(out)
    table.state = out.state
    scored = [(e.player, e.why) for e in out.events if isinstance(e, Changed)]
    assert scored == [
        ("ann", "Life Goal TEST RICHEST"),
        ("ben", "Life Goal TEST RICHEST"),
        ("ann", "Life Goal TEST CAREER MINDED"),
    ]
    assert table.p("ann").lth_from.get("goals") == 5 + 3  # the most money (tied) and a Job
    assert table.p("ben").lth_from.get("goals") == 5
    assert table.state.winners == ("ann",)


def test_ties_share_the_win() -> None:
    table = adult(("ann", "ben", "cat"))
    table.give("ann", lth=4)
    table.give("ben", lth=4)
    sheet = pursuit.score(table.state)
    assert [(line.player, line.rank) for line in sheet.lines] == [("ann", 1), ("ben", 1), ("cat", 3)]
    assert sheet.lines[0].tiebreak and sheet.lines[2].tiebreak is None


def test_solo_the_target_is_the_base_one_plus_10_with_community_and_reaching_it_wins() -> None:
    """Community, Solo Game: "The sole difference is that in order to win you must now have +10
    LTH when finishing the game" (test setting solo-target 20: 30 with Community, 20 without)."""
    for modules, target in (("community,friends", 30), ("friends,pets", 20)):
        table = lay_out(Table(1, options={"modules": modules}))
        assert flow.solo_target(table.state) == target
        table.give("ann", lth=target)
        assert flow.winners(table.state) == ("ann",)
        table.give("ann", lth=target - 1)
        assert flow.winners(table.state) == ()


def test_no_reveal_onto_a_full_board() -> None:
    """The Community board has 5 card slots, the Friends board 4: a reveal past them is refused,
    citing the board's own section."""
    table = Table(("ann", "ben"))
    words = " ".join(f"test-friend-{n}" for n in range(1, 6))
    error = table.refuse(f"reveal friends {words}", IllegalMove, R_FRIENDS)
    assert "no empty slot on the friends board" in str(error)
    lay_out(table)
    pass_round(table)
    words = " ".join(f"test-happening-{n}" for n in range(1, 7))
    error = table.refuse(f"reveal community {words}", IllegalMove, R_CARDS)
    assert "no empty slot on the community board" in str(error)


# ---------------------------------------------------------------------------- the Upkeep Phase


def upkeep_table(*cards: Held, names: tuple[str, ...] = ("ann", "ben")) -> Table:
    """ann holds ``cards`` and ben a Job: both owe upkeep at the 2nd Adult round's Upkeep."""
    table = adult(names)
    for name in names:
        table.give(name, knowledge=9, creativity=9, influence=9, money=20)
    table.give("ann", cards=cards)
    table.give("ben", cards=(Held("TEST CLERK"),))
    pass_round(table)
    lay_out(table)
    assert table.state.phase == "upkeep" and table.state.owed == names
    return table


def test_the_action_phase_starts_once_every_player_has_paid_upkeep() -> None:
    table = upkeep_table(Held("TEST COURIER"))
    table.play("upkeep ann")
    assert table.state.phase == "upkeep" and table.state.owed == ("ben",)
    table.play("upkeep ben")
    assert table.state.phase == "action" and pursuit.to_act(table.state) == ["ann"]


def test_a_stand_alone_job_works_harder_only_when_asked_and_only_itself() -> None:
    """Stand-Alone Jobs: "you may choose to additionally pay up to 2 times the Work Harder
    Upkeep Cost": none unless chosen; only a Stand-Alone Job kept works harder (TEST COURIER,
    test data: upkeep 1 hourglass for 3 Money; Work Harder Upkeep -1 STH for 2 Money)."""
    table = upkeep_table(Held("TEST COURIER"), Held("TEST ALEX"))
    for line in ("upkeep ann --harder test-alex:1", "upkeep ann --drop test-courier --harder test-courier:1"):
        error = table.refuse(line, IllegalMove, R_STAND_ALONE)
        assert "is not a Stand-Alone Job" in str(error)
    ann = table.p("ann")
    table.play("upkeep ann")
    after = table.p("ann")
    assert (after.money - ann.money, after.sth - ann.sth) == (3 - 1, 0)  # TEST ALEX's upkeep: 1 Money


def test_an_unpaid_upkeep_says_which_rule_discards_the_card() -> None:
    """Each card not kept is discarded citing its rule: a Pet (Pets), a Friend (Friends), a
    Career Job (School), a Stand-Alone Job (Stand-Alone Jobs), any other card (the base game's
    Upkeep); each with the penalty (option unpaid-upkeep, the default)."""
    kept = (Held("KOI"), Held("KEVIN"), Held("TEST SINGER"), Held("TEST COURIER"), Held("TEST ALEX"))
    table = upkeep_table(*kept)
    events = table.play("upkeep ann --drop koi kevin test-singer test-courier test-alex")
    why = {e.card: e.why for e in events if isinstance(e, Discarded)}
    assert why == {
        "KOI": f"its upkeep is not paid ({R_PETS})",
        "KEVIN": f"its upkeep is not paid ({R_FRIENDS})",
        "TEST SINGER": f"its upkeep is not paid ({R_SCHOOL})",
        "TEST COURIER": f"its upkeep is not paid ({R_STAND_ALONE})",
        "TEST ALEX": f"its upkeep is not paid ({R_UPKEEP})",
    }
    penalties = [e.why for e in events if isinstance(e, Changed)]
    assert penalties == [
        f"{card} discarded: the penalty ({R_PENALTY})"
        for card in ("KOI", "KEVIN", "TEST SINGER", "TEST COURIER", "TEST ALEX")
    ]
    reads_back(table)


def test_a_career_jobs_next_level_unpaid_is_refused_with_its_drop() -> None:
    """School: "If you are unable or unwilling to pay the Level Cost required by your Career
    Job, then you must discard it" (TEST SINGER's L2, test data: 1 Creativity, 1 Influence)."""
    table = upkeep_table(Held("TEST SINGER"))
    table.give("ann", creativity=0)
    error = table.refuse("upkeep ann", IllegalMove, R_SCHOOL)
    assert "TEST SINGER's L2 costs 1 creativity, 1 influence: ann has 0 creativity" in str(error)
    assert error.legal == "upkeep ann --drop test-singer discards it"


def test_the_game_ends_when_the_last_life_ends_at_the_upkeep() -> None:
    """A life ends past the last space of the Stress track (test settings: 12 spaces); with
    no other life going on, the game is over and scored."""
    table = upkeep_table(Held("TEST TUTOR"))  # Work Harder Upkeep: 1 Stress for 2 Money
    table.play("upkeep ben --drop test-clerk")
    table.give("ben", alive=False)
    table.give("ann", stress=11)
    table.play("upkeep ann --harder test-tutor:1")
    assert not table.p("ann").alive and pursuit.is_over(table.state)


def test_the_token_alone_keeps_a_player_acting_while_a_card_is_open_to_them() -> None:
    """Engage in Community: "only one player is allowed to Engage in" a card without the
    Multiple Players indicator, and "each player can Engage only once in each Community card":
    a player with no hourglass left acts on with the token while such a card is open."""
    table = adult(("ann", "ben"), community=BOARD)  # RENAISSANCE FAIR: Multiple Players
    ben = (Engagement("ben", True),)
    slots = tuple(replace(slot, engaged=ben) for slot in table.state.community)
    table.set(community=slots)
    table.give("ann", hourglasses=0)
    assert community.open_cards(table.state, "ann") == [0] and flow.can_act(table.state, "ann")
    ann_too = (Engagement("ben", True), Engagement("ann", True))
    table.set(community=(replace(slots[0], engaged=ann_too), *slots[1:]))
    table.give("ann", token=True)
    assert community.open_cards(table.state, "ann") == [] and not flow.can_act(table.state, "ann")


def test_the_token_alone_keeps_a_player_acting_while_a_card_further_right_is_open() -> None:
    """Engage in Community: the cards a player may still Engage in are looked for on the whole
    board, not only up to the first they may not: here the first is one ann engaged in, the
    second (no Multiple Players indicator) one ben did, the third slot is empty; the last
    two are open to ann, so her token keeps her acting."""
    table = adult(("ann", "ben"), community=BOARD)  # RENAISSANCE FAIR: Multiple Players
    fair, party, seminar, *rest = table.state.community
    table.set(
        community=(
            replace(fair, engaged=(Engagement("ann", False),)),
            replace(party, engaged=(Engagement("ben", True),)),
            replace(seminar, card=""),
            *rest,
        )
    )
    table.give("ann", hourglasses=0)
    assert community.open_cards(table.state, "ann") == [3, 4] and flow.can_act(table.state, "ann")


def test_the_setup_awaits_the_life_goals_and_the_friends_board_before_the_child_traits() -> None:
    """Setup: the Life Goals face up (test setting ``life-goals``: players, 2 here); Friends:
    "During the Setup of the Base game ... draw 4 cards from the Friend pile and place them
    face-up"; the Child Traits are kept once the table has laid out its cards. A virtual
    game lays out its own Friends board, all 4 cards, at setup and each Preparation."""
    table = Table(("ann", "ben"))
    assert pursuit.view(table.state).awaited == ["reveal goals CARD (x2)", "reveal friends CARD (x4)"]
    table.play("reveal goals test-career-minded test-richest")
    assert pursuit.view(table.state).awaited == ["reveal friends CARD (x4)"]
    assert table.state.phase == "setup" and pursuit.to_act(table.state) == ["table"]
    table.refuse("trait ann test-artist", IllegalMove, R_SETTINGS)
    virtual = Table(("ann", "ben"), seed=1)
    assert len(virtual.state.friends) == 4 and all(virtual.state.friends)
    while virtual.state.round < 1:
        virtual.apply(next(iter(pursuit.legal(virtual.state))))
    assert virtual.state.phase == "action" and all(virtual.state.friends)


def test_the_community_token_is_placed_once_a_round() -> None:
    """The Community token is placed "on the card instead of an Hourglass token": once, until
    it returns at the Resolution."""
    table = adult(("ann", "ben"), community=BOARD)
    table.give("ann", knowledge=9, creativity=9, influence=9, money=9)
    table.play("engage ann safety-seminar --token", "pass ben")
    error = table.refuse("engage ann renaissance-fair --token", IllegalMove, R_ENGAGE)
    assert "Community token is on another card this round" in str(error)


def test_a_pet_pays_its_upkeep_then_its_next_levels_cost_for_its_reward() -> None:
    """Pets: "Pets advance to the next Level, provided that you pay the required Upkeep Cost.
    If you do so, move the Level indicator onto the next Level of the card, pay any Level Cost
    depicted, and gain the corresponding Level Reward" (TEST PUPPY, test data: upkeep 1
    Money; L2 costs 1 hourglass for 1 LTH; its L1 upkeep and its L2 cost are each given 1
    more here: an hourglass and 1 Money)."""
    table = upkeep_table(Held("TEST PUPPY"))
    puppy = table.state.faces.cards["TEST PUPPY"]
    first = replace(puppy.levels[0], upkeep="1money 1hourglass")
    second = replace(puppy.levels[1], cost="1hourglass 1money")
    puppy = replace(puppy, levels=(first, second, *puppy.levels[2:]))
    table.set(faces=replace(table.state.faces, cards={**table.state.faces.cards, "TEST PUPPY": puppy}))
    events = table.play("upkeep ann")
    assert events == [
        Placed("ann", 1, "TEST PUPPY", "TEST PUPPY"),
        Changed("ann", "TEST PUPPY's upkeep", {"money": -1}),
        Leveled("ann", "TEST PUPPY", 2),
        Placed("ann", 1, "TEST PUPPY", "TEST PUPPY"),
        Changed("ann", "TEST PUPPY L2", {"money": -1}),
        Changed("ann", "TEST PUPPY L2", {"lth": 1}, "cards"),
        UpkeepPaid("ann"),
    ]
    assert table.p("ann").cards == (Held("TEST PUPPY", 2, hourglasses=2),) and table.p("ann").on_board == 0


def _first_level(table: Table, card: str, **fields: str) -> None:
    """``card``'s L1 with ``fields`` changed (the test data, given another upkeep)."""
    face = table.state.faces.cards[card]
    face = replace(face, levels=(replace(face.levels[0], **fields), *face.levels[1:]))
    table.set(faces=replace(table.state.faces, cards={**table.state.faces.cards, card: face}))


def test_a_pet_with_no_upkeep_cost_shown_still_advances_at_the_upkeep() -> None:
    """Pets: "During each subsequent Upkeep Phase, Pets advance to the next Level, provided
    that you pay the required Upkeep Cost": TEST PUPPY's L1 given no Upkeep Cost, nothing is
    required, and it goes to L2 (1 hourglass on it, 1 LTH)."""
    table = adult(("ann", "ben"))
    table.give("ann", cards=(Held("TEST PUPPY"),), lth=0)
    _first_level(table, "TEST PUPPY", upkeep="")
    pass_round(table)
    lay_out(table)
    assert table.state.phase == "upkeep" and table.state.owed == ("ann",)
    table.play("upkeep ann")
    assert table.p("ann").cards == (Held("TEST PUPPY", 2, hourglasses=1),) and table.p("ann").lth == 1


def test_a_stand_alone_job_with_no_upkeep_cost_shown_may_still_work_harder() -> None:
    """Stand-Alone Jobs: "The same applies during the Upkeep Phase ... you may choose to
    additionally pay up to 2 times the Work Harder Upkeep Cost": TEST COURIER given no Upkeep
    Cost or Reward still has its upkeep to decide (Work Harder Upkeep: -1 STH, +2 Money)."""
    table = adult(("ann", "ben"))
    table.give("ann", cards=(Held("TEST COURIER"),), money=0, sth=0)
    _first_level(table, "TEST COURIER", upkeep="", income="")
    pass_round(table)
    lay_out(table)
    assert table.state.phase == "upkeep" and table.state.owed == ("ann",)
    table.play("upkeep ann --harder test-courier:2")
    assert (table.p("ann").money, table.p("ann").sth) == (4, -2)


def test_old_age_at_the_1st_adult_round_when_the_setting_gives_it() -> None:
    """Old age: the Stress of each Adult round's Upkeep (setting rounds), the 1st Adult round's
    too: rounds 2,0,0,1,2,4 gives each living player 2 Stress at the 1st Adult round."""
    table = Table(("ann", "ben"), cards=False)
    text = table.cards.replace('rounds = "0,0,0,1,2,4"', 'rounds = "2,0,0,1,2,4"')
    for command in pursuit.load_cards(table.setup, text):
        table.apply(command)
    lay_out(table)
    pass_round(table)
    lay_out(table)
    assert table.state.round == 1
    assert [table.p(name).stress for name in ("ann", "ben")] == [2, 2]


def test_the_work_harder_upkeep_cost_is_what_is_paid_not_its_reward() -> None:
    """Stand-Alone Jobs: "pay up to 2 times the Work Harder Upkeep Cost and gain that many times
    the Work Harder Upkeep Reward" (GRAPHIC DESIGNER as Anna's example prints it: -1 STH for
    +3 Money); with no Money at all, ann can still lose the STH."""
    table = upkeep_table(Held("GRAPHIC DESIGNER"))
    table.give("ann", money=0, sth=0)
    table.play("upkeep ann --harder graphic-designer:2")
    assert (table.p("ann").money, table.p("ann").sth) == (7 + 2 * 3, -2)


def test_an_upkeep_not_paid_cites_the_rule_of_its_card() -> None:
    table = upkeep_table(Held("TEST COURIER"), Held("TEST CLERK"))
    table.give("ann", hourglasses=1)  # TEST COURIER's and TEST CLERK's upkeep: 1 hourglass each
    error = table.refuse("upkeep ann", IllegalMove, R_UPKEEP)
    assert "TEST CLERK's upkeep costs 1 hourglass" in str(error)
    table.give("ann", hourglasses=0)
    error = table.refuse("upkeep ann", IllegalMove, R_STAND_ALONE)
    assert "TEST COURIER's upkeep costs 1 hourglass" in str(error)


def test_a_stand_alone_jobs_upkeep_and_work_harder_fact_by_fact() -> None:
    """Stand-Alone Jobs: "In order to gain the Upkeep Reward and keep your Stand-Alone Job you
    must pay the Upkeep Cost. At that moment, you may choose to additionally pay up to 2 times
    the Work Harder Upkeep Cost and gain that many times the Work Harder Upkeep Reward"
    (GRAPHIC DESIGNER as Anna's example prints it; its Work Harder Upkeep Cost is given an
    hourglass more here, which goes on the card like the upkeep's)."""
    table = upkeep_table(Held("GRAPHIC DESIGNER"))
    designer = table.state.faces.cards["GRAPHIC DESIGNER"]
    designer = replace(designer, harder_upkeep=("1sth 1hourglass", "3money"))
    table.set(
        faces=replace(table.state.faces, cards={**table.state.faces.cards, "GRAPHIC DESIGNER": designer})
    )
    table.give("ann", hourglasses=2)
    error = table.refuse("upkeep ann --harder graphic-designer:2", IllegalMove, R_STAND_ALONE)
    assert "GRAPHIC DESIGNER's upkeep and Work Harder x2 costs" in str(error)
    assert error.legal == "upkeep ann --drop graphic-designer discards it"
    table.give("ann", hourglasses=3)
    events = table.play("upkeep ann --harder graphic-designer:2")
    assert events == [
        Placed("ann", 1, "GRAPHIC DESIGNER", "GRAPHIC DESIGNER"),
        Changed("ann", "GRAPHIC DESIGNER's upkeep", {"knowledge": -1, "creativity": -2}),
        Changed("ann", "GRAPHIC DESIGNER's upkeep", {"money": 7}),
        Placed("ann", 2, "GRAPHIC DESIGNER", "GRAPHIC DESIGNER"),
        Changed("ann", "GRAPHIC DESIGNER: Work Harder x2", {"sth": -2}),
        Changed("ann", "GRAPHIC DESIGNER: Work Harder x2", {"money": 6}),
        UpkeepPaid("ann"),
    ]
    assert table.p("ann").cards == (Held("GRAPHIC DESIGNER", hourglasses=3),)


def test_a_real_tables_page_asks_for_new_cards_of_the_piles_in_play_only() -> None:
    """The modules' cards are in the game only with their module (KS Promos 4: each module is
    added to the Base game; Community: its cards). The table's page offers to declare a new card
    of each pile in play, and a new Community card while any of the 48 is undeclared."""
    base = {"project", "item", "activity", "job", "partner", "life-goal", "child-trait"}
    table = Table(("ann", "ben"), options={"modules": "friends"})
    offered = {u.text.removeprefix("declare ") for u in pursuit.unlisted(table.state) if not u.form}
    assert offered == base | {"friend"}
    assert table.state.community == () and len(table.state.friends) == 4  # no Community board
    assert Table(("ann", "ben"), options={"modules": "pets"}).state.friends == ()  # no Friends board
    table = Table(("ann", "ben"), options={"modules": ALL})
    faces = table.state.faces
    table.set(faces=replace(faces, community=dict(list(faces.community.items())[1:])))  # 47 known
    offered = {u.text.removeprefix("declare ") for u in pursuit.unlisted(table.state) if not u.form}
    modules = {"friend", "pet", "career-job", "educational-project", "stand-alone-job"}
    assert offered == base | modules | {"community"}


def test_a_life_that_ends_at_the_upkeep_owes_nothing_more_and_holds_no_hourglass() -> None:
    """A life ends past the last space of the Stress track (test settings: 12 spaces): that
    player owes no more upkeep, the others still do, and there is no hourglass left to place."""
    table = upkeep_table(Held("TEST TUTOR"))  # Work Harder Upkeep: 1 Stress for 2 Money
    table.give("ann", stress=11, hourglasses=3)
    events = table.play("upkeep ann --harder test-tutor:1")
    assert LifeEnded("ann", "Stress past the last space of the Stress track") in events  # as the log says
    ann = table.p("ann")
    assert ann.alive is False and ann.hourglasses == 0
    assert table.state.phase == "upkeep" and table.state.owed == ("ben",)
    assert pursuit.to_act(table.state) == ["ben"]
    table.play("upkeep ben")
    assert table.state.phase == "action" and pursuit.to_act(table.state) == ["ben"]


def test_the_friends_board_is_emptied_at_each_preparation_then_refilled() -> None:
    """Friends: "During the Preparation Phase of each round (starting from the 1st Adult
    round), discard all the cards remaining on the Friends board, draw 4 cards from the Friend
    pile and place them face-up on the corresponding card slots": at a real table the 4 slots
    stand empty until the table reveals the cards drawn."""
    table = adult(("ann", "ben"))
    shown = table.state.friends
    pass_round(table)
    assert table.state.friends == ("", "", "", "")
    assert set(shown) <= set(table.state.friend_discard)
    lay_out(table)
    assert all(table.state.friends) and not set(table.state.friends) & set(shown)
