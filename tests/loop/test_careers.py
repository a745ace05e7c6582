"""LOOP 8.0 CAREER Overview: each CAREER's starting resources, SALARY and ABILITY, with its
refusals citing the rule, and the readings of modes.py (docs/loop.md's rules notes)."""

from __future__ import annotations

import pytest

import ledger.games.loop as loop
from ledger.errors import BadInput, IllegalMove
from ledger.games.loop import data
from ledger.games.loop.model import Ability, Buy, Grant, Work
from tests.loop.modes_table import Competitive, begun, virtual
from tests.loop.table import Table

# 8.0, as printed: starting HAPPINESS, COIN, REPUTATION, MATERIAL QUALITY; SALARY COIN and HAPPINESS
PRINTED = {
    "artist": (3, 1, 0, (1,), 1, 1),
    "banker": (3, 0, 1, (2,), 7, 2),
    "chef": (3, 2, 0, (1,), 4, 1),
    "craftsman": (3, 1, 0, (1,), 4, 1),
    "engineer": (3, 0, 0, (1,), 6, 2),
    "freelancer": (3, 2, 0, (2,), 7, 2),
    "homemaker": (3, 2, 0, (2,), 3, 1),
    "intern": (4, 2, 0, (2,), 3, 1),
    "investor": (3, 1, 0, (), 5, 1),
    "lawyer": (3, 0, 1, (2,), 7, 2),
    "nurse": (3, 1, 1, (2,), 4, 1),
    "office-lady": (3, 1, 0, (2,), 4, 1),
    "officer": (3, 1, 0, (2,), 4, 1),
    "politician": (3, 2, 1, (), 4, 1),
    "salesman": (3, 0, 0, (2,), 4, 1),
    "scavenger": (3, 1, 0, (1,), 3, 1),
    "scholar": (3, 2, 1, (2,), 6, 2),
    "scientist": (3, 0, 1, (1, 1), 7, 2),
    "soldier": (3, 1, 0, (2,), 4, 1),
    "tycoon": (3, 2, 1, (), 2, 1),  # x2 COIN: as much as the 2 COIN held
    "waitress": (3, 1, 0, (2,), 4, 1),
}


def test_every_printed_career_is_here() -> None:
    assert len(data.CAREERS) == 21  # 20 with an ABILITY, and INTERN (8.0)
    assert {c.replace("-", " ").upper() for c in PRINTED} == set(data.CAREER)


@pytest.mark.parametrize("career", sorted(PRINTED))
def test_starting_resources_and_salary(career: str) -> None:
    """8.0: each CAREER's Initial Setup and SALARY for WORK (the ARTIST's Create comes on top)."""
    happiness, coin, reputation, qualities, salary, loss = PRINTED[career]
    starts = "food glass" if len(qualities) == 2 else "food"
    table = begun(careers={"alice": career}, starts={"alice": starts})
    alice = table.p("alice")
    assert (alice.happiness, alice.coin, alice.reputation) == (happiness, coin, reputation)
    assert sorted(q for _, q in alice.materials) == sorted(qualities)
    work = "work alice"
    if career == "freelancer":
        work += " --salary 7"
    if career == "artist":
        work += " --create glass"
    table.play(work)
    alice = table.p("alice")
    extra = 1 if career == "artist" else 0  # Create: "and 1 COIN"
    assert (alice.coin, alice.happiness) == (coin + salary + extra, happiness - loss)


def test_the_modes_deal_without_the_excluded_careers() -> None:
    """8.0: two shields, Not-For-Coop and Not-For-Solo; one shield, Not-For-Solo only (BANKER)."""
    coop = begun("cooperative").state
    solo = begun("solo").state
    for name in ("FREELANCER", "LAWYER", "NURSE", "OFFICER", "POLITICIAN", "SOLDIER", "WAITRESS"):
        assert "cooperative" in data.CAREER[name].excluded and "solo" in data.CAREER[name].excluded
        assert name not in coop.career_deck and name not in solo.career_deck
    assert data.CAREER["BANKER"].excluded == ("solo",)
    assert "BANKER" not in solo.career_deck
    table = begun("cooperative", careers={"alice": "banker"})
    assert table.p("alice").career == "BANKER"


def test_a_career_out_of_the_mode_cannot_be_dealt() -> None:
    from tests.loop.modes_table import Solo

    table = Solo(1)
    table.refuse("reveal career alice banker chef", IllegalMove)


# --- ARTIST (Create)


def test_artist_create_takes_a_buy_area_card_at_quality_4_and_1_coin() -> None:
    """8.0 ARTIST: "Only when WORK, take 1 face-up MATERIAL at QUALITY 4 from BUY AREA and 1
    COIN" (on top of the SALARY's +1 COIN)."""
    table = begun(careers={"alice": "artist"}, starts={"alice": "food"})
    table.play("work alice --create metal")
    alice = table.p("alice")
    assert ("metal", 4) in alice.materials and alice.coin == 1 + 1 + 1
    assert "metal" not in table.state.buy_area


def test_artist_create_is_not_optional_while_the_buy_area_holds_a_card() -> None:
    table = begun(careers={"alice": "artist"})
    error = table.refuse("work alice", BadInput)
    assert "--create" in str(error)


def test_artist_creates_only_a_type_the_buy_area_shows() -> None:
    """8.0 ARTIST: "take 1 face-up MATERIAL at QUALITY 4 from BUY AREA": a type the BUY AREA does
    not show is a rule refusal (exit 1), the types it does show named."""
    table = begun(careers={"alice": "artist"})
    table.set(buy_area=("food", "glass", "metal", "plastic"))
    error = table.refuse("work alice --create utility", IllegalMove, "LOOP 8.0 Artist")
    assert "UTILITY" in str(error) and "metal" in (error.legal or "")


def test_only_an_artist_creates() -> None:
    table = begun()
    table.refuse("work alice --create metal", IllegalMove, "LOOP 8.0 Artist")


def test_only_a_freelancer_chooses_the_salary() -> None:
    """8.0 FREELANCER: "When WORK, you may choose from 1 of the SALARY above": an INTERN's WORK
    follows the INTERN's SALARY."""
    table = begun()
    error = table.refuse("work alice --salary 7", IllegalMove, "LOOP 8.0 Freelancer")
    assert "FREELANCER" in str(error)


# --- BANKER (Influence)


def test_banker_gives_1_reputation_for_1_coin_once_per_turn() -> None:
    """8.0 BANKER: "Once per turn, exchange 1 REPUTATION with any player for his 1 COIN or vice
    versa" (no consent: nothing to ACCEPT is named)."""
    table = begun(careers={"alice": "banker"})
    table.give("bob", coin=2, reputation=0)
    table.play("ability alice rep bob")
    assert (table.p("alice").reputation, table.p("alice").coin) == (0, 1)
    assert (table.p("bob").reputation, table.p("bob").coin) == (1, 1)
    table.refuse("ability alice coin bob", IllegalMove, "LOOP 8.0 Banker")  # once per turn


def test_banker_buys_1_reputation_for_1_coin() -> None:
    table = begun(careers={"alice": "banker"})
    table.give("alice", coin=1, reputation=0)
    table.give("bob", reputation=1)
    table.play("ability alice coin bob")
    assert (table.p("alice").reputation, table.p("alice").coin) == (1, 0)
    assert (table.p("bob").reputation, table.p("bob").coin) == (0, 3)


def test_banker_refusals() -> None:
    table = begun(careers={"alice": "banker"})
    table.give("bob", coin=0)
    table.refuse("ability alice rep bob", IllegalMove, "LOOP 8.0 Banker")  # bob has no COIN
    table.give("bob", coin=1, reputation=data.MAX_REPUTATION)
    error = table.refuse("ability alice rep bob", IllegalMove, "LOOP 8.0 Banker")
    assert "gives them nothing" in str(error)  # the REPUTATION cap
    table.refuse("ability alice rep alice", IllegalMove, "LOOP 8.0 Banker")


def test_another_careers_ability_is_refused_naming_ones_own() -> None:
    table = begun(careers={"alice": "banker"})
    error = table.refuse("ability alice repair glass@1", IllegalMove, "LOOP 8.0 Engineer")
    assert "ability alice rep TARGET" in str(error)


# --- CHEF (Supersize)


def test_chef_buys_food_at_twice_the_quality_paid() -> None:
    """8.0 CHEF: "When you BUY or RECYCLE FOOD, you get double the QUALITY than COIN you paid"."""
    table = begun(careers={"alice": "chef"})
    table.give("alice", coin=2)
    table.play("buy alice food:4")
    assert ("food", 4) in table.p("alice").materials and table.p("alice").coin == 0


def test_chef_quality_stops_at_4() -> None:
    """A card shows QUALITY 4 at most (2.2 b): FOOD at 5 or more is refused."""
    table = begun(careers={"alice": "chef"})
    table.give("alice", coin=4)
    table.refuse("buy alice food:5", IllegalMove, "LOOP 2.2 b) BUY")


# --- CRAFTSMAN (Forge)


def test_craftsman_forges_a_card_for_the_turn() -> None:
    """8.0 CRAFTSMAN: "make 1 of your or other player's MATERIAL into any non-FOOD MATERIAL for
    your entire turn. It returns to its original type when you end turn"."""
    table = begun(careers={"alice": "craftsman"})
    table.give("alice", materials=(("food", 2), ("glass", 1)))
    table.play("ability alice forge food@2 plastic")
    table.play("consume alice dance=glass,food")
    alice = table.p("alice")
    assert alice.materials == (("food", 1),) and [k.name for k in alice.kept] == ["DANCE"]
    table.play("end alice")
    assert table.state.forge is None


def test_craftsman_refusals() -> None:
    table = begun(careers={"alice": "craftsman"})
    table.give("alice", materials=(("food", 2), ("glass", 1)))
    table.refuse("ability alice forge glass@1 food", IllegalMove, "LOOP 8.0 Craftsman")  # non-FOOD
    table.refuse("ability alice forge glass@1 glass", IllegalMove, "LOOP 8.0 Craftsman")
    table.play("ability alice forge glass@1 metal")
    table.refuse("ability alice forge food@2 metal", IllegalMove, "LOOP 8.0 Craftsman")  # once a turn


# --- ENGINEER (Repair)


def test_engineer_repairs_another_players_card() -> None:
    """8.0 ENGINEER: "add 1 QUALITY to 1 of your or other player's non-UTILITY MATERIAL"."""
    table = begun(careers={"alice": "engineer"})
    table.give("bob", materials=(("metal", 2),))
    table.play("ability alice repair bob:metal@2")
    assert table.p("bob").materials == (("metal", 3),)


def test_engineer_refusals() -> None:
    table = begun(careers={"alice": "engineer"})
    table.give("alice", materials=(("utility", 1), ("glass", 4), ("food", 1)))
    table.refuse("ability alice repair utility@1", IllegalMove, "LOOP 8.0 Engineer")
    table.refuse("ability alice repair glass@4", IllegalMove, "LOOP 8.0 Engineer")  # 4 at most
    table.play("ability alice repair food@1")
    table.refuse("ability alice repair food@2", IllegalMove, "LOOP 8.0 Engineer")  # once a turn


# --- FREELANCER (Freedom)


@pytest.mark.parametrize(("salary", "coin", "loss"), [(7, 7, 2), (4, 4, 1), (2, 2, 0)])
def test_freelancer_chooses_a_salary(salary: int, coin: int, loss: int) -> None:
    """8.0 FREELANCER: "+7 COIN and -2 HAPPINESS; or +4 COIN and -1 HAPPINESS; or +2 COIN and -0"."""
    table = begun(careers={"alice": "freelancer"})
    table.play(f"work alice --salary {salary}")
    assert (table.p("alice").coin, table.p("alice").happiness) == (2 + coin, 3 - loss)


def test_freelancer_must_name_a_printed_salary() -> None:
    table = begun(careers={"alice": "freelancer"})
    table.refuse("work alice", BadInput)
    table.refuse("work alice --salary 5", BadInput)


def test_freelancer_swaps_a_favour_once_a_turn() -> None:
    """8.0: "Once per turn, you may discard 1 FAVOUR and draw a new one"."""
    table = begun(careers={"alice": "freelancer"})
    table.give("alice", hand=("share",))
    table.play("ability alice swap share")
    alice = table.p("alice")
    assert len(alice.hand) == 1 and "share" in table.state.favour_discard
    table.refuse("ability alice swap share", IllegalMove, "LOOP 8.0 Freelancer")
    table.set(used=())
    table.give("alice", hand=("share",))
    table.refuse("ability alice swap acquire", IllegalMove, "LOOP 8.0 Freelancer")  # not held


# --- HOMEMAKER (Minimalist)


def test_homemaker_gains_1_reputation_holding_1_material_or_fewer() -> None:
    """8.0 HOMEMAKER: "gain 1 REPUTATION if you have no more than 1 MATERIAL at any given time
    in your turn"."""
    table = begun(careers={"alice": "homemaker"})
    assert len(table.p("alice").materials) == 1
    table.play("ability alice minimalist")
    assert table.p("alice").reputation == 1
    table.refuse("ability alice minimalist", IllegalMove, "LOOP 8.0 Homemaker")  # once a turn


def test_homemaker_at_the_reputation_cap_gains_nothing() -> None:
    """8.0 HOMEMAKER: "gain 1 REPUTATION"; 1.1: "You can keep up to 2 REPUTATION"."""
    table = begun(careers={"alice": "homemaker"})
    table.give("alice", reputation=data.MAX_REPUTATION)
    table.refuse("ability alice minimalist", IllegalMove, "LOOP 8.0 Homemaker")


def test_banker_under_everything_is_online_spends_no_coin_without_a_credit_card() -> None:
    """9.0 EVERYTHING IS ONLINE: "Player without a CREDIT CARD cannot spend COIN, including ...
    uses ABILITY that uses COIN (Banker & Investor)": the BANKER may not pay 1 COIN for
    REPUTATION, may still be paid 1 COIN for his, and pays once he holds a CREDIT CARD."""
    table = begun(careers={"alice": "banker"})
    table.set(event_active="EVERYTHING IS ONLINE")
    table.give("alice", coin=2, reputation=1)
    table.give("bob", coin=2, reputation=1)
    table.refuse("ability alice coin bob", IllegalMove, "LOOP 9.0 Everything Is Online")
    table.play("ability alice rep bob")  # bob pays alice: alice spends nothing
    assert (table.p("alice").coin, table.p("bob").coin) == (3, 1)
    table = begun(careers={"alice": "banker"})
    table.set(event_active="EVERYTHING IS ONLINE")
    table.give("alice", coin=2, reputation=0, credit=((0, 0),))
    table.give("bob", reputation=1)
    table.play("ability alice coin bob")
    assert (table.p("alice").coin, table.p("alice").reputation) == (1, 1)


def test_homemaker_at_any_given_time_means_some_moment_of_the_turn_so_far() -> None:
    table = begun(careers={"alice": "homemaker"})
    table.give("alice", coin=3)
    table.play("buy alice glass:1 metal:1")  # 3 MATERIAL now, 1 at the turn's start
    table.play("ability alice minimalist")
    assert table.p("alice").reputation == 1


def test_homemaker_refused_with_2_material_all_turn() -> None:
    table = begun(careers={"alice": "homemaker"})
    table.give("alice", materials=(("glass", 1), ("metal", 1)))
    table.set(low=2)  # 2 MATERIAL since the turn's start
    table.refuse("ability alice minimalist", IllegalMove, "LOOP 8.0 Homemaker")


# --- INVESTOR (Invest)


def test_investor_pays_1_and_gains_2_if_either_toss_is_dollar() -> None:
    """8.0 INVESTOR: "pay 1 COIN to toss twice. Gain 2 COIN if either toss lands on the "$"
    side; otherwise nothing happens" (a real table types the tosses)."""
    table = begun(careers={"alice": "investor"})
    table.play("ability alice invest blank dollar")
    assert table.p("alice").coin == 1 - 1 + 2


def test_investor_loses_the_coin_on_two_blanks() -> None:
    table = begun(careers={"alice": "investor"})
    table.play("ability alice invest blank blank")
    assert table.p("alice").coin == 0
    table.refuse("ability alice invest dollar dollar", IllegalMove, "LOOP 8.0 Investor")  # once a turn


def test_investor_without_coin_is_refused() -> None:
    table = begun(careers={"alice": "investor"})
    table.give("alice", coin=0)
    table.refuse("ability alice invest dollar blank", IllegalMove, "LOOP 8.0 Investor")


# --- LAWYER (Objection)


def test_lawyer_rejects_a_favour_not_targeting_him() -> None:
    """8.0 LAWYER: "discard any 1 FAVOUR to REJECT a FAVOUR, even if that FAVOUR is not targeting
    you"; the target loses nothing."""
    table = begun(careers={"carol": "lawyer"}, players=3)
    table.give("alice", hand=("acquire",), coin=3)
    table.give("bob", materials=(("metal", 2),))
    table.give("carol", hand=("share",))
    table.play("favour alice acquire bob metal")
    table.play("object carol share")
    assert table.p("bob").materials == (("metal", 2),)
    assert table.state.pending is None
    assert "share" in table.state.favour_discard and "acquire" in table.state.favour_discard


def test_lawyer_cannot_object_to_his_own_favour_nor_without_the_card() -> None:
    table = begun(careers={"alice": "lawyer"})
    table.give("alice", hand=("acquire", "share"), coin=3)
    table.give("bob", materials=(("metal", 2),))
    table.play("favour alice acquire bob metal")
    table.refuse("object alice share", IllegalMove, "LOOP 8.0 Lawyer")


# --- NURSE (Care)


def test_nurse_gives_a_favour_and_gains_1_reputation() -> None:
    """8.0 NURSE: "give 1 FAVOUR to any player and you gain 1 REPUTATION. The targeted player
    must take that FAVOUR"."""
    table = begun(careers={"alice": "nurse"})
    table.give("alice", hand=("share",), reputation=0)
    before = len(table.p("bob").hand)
    table.play("ability alice care bob share")
    assert table.p("alice").reputation == 1 and len(table.p("bob").hand) == before + 1
    table.give("alice", hand=("share",))
    table.refuse("ability alice care bob share", IllegalMove, "LOOP 8.0 Nurse")  # once a turn


def test_nurse_cannot_give_a_card_she_does_not_hold() -> None:
    table = begun(careers={"alice": "nurse"})
    table.give("alice", hand=("share",))
    table.refuse("ability alice care bob resell", IllegalMove, "LOOP 8.0 Nurse")


# --- OFFICE LADY / CLERK (Slack Off)


def test_office_lady_buys_1_material_in_her_work_turn() -> None:
    """8.0 OFFICE LADY: "During your WORK turn, you may also BUY 1 and only 1 MATERIAL at any
    QUALITY"."""
    table = begun(careers={"alice": "office-lady"})
    table.play("work alice", "buy alice metal:3")
    assert ("metal", 3) in table.p("alice").materials
    table.refuse("buy alice glass:1", IllegalMove, "LOOP 8.0 Office Lady / Clerk")


def test_office_lady_buys_only_1_card() -> None:
    table = begun(careers={"alice": "office-lady"})
    table.play("work alice")
    table.refuse("buy alice metal:1 glass:1", IllegalMove, "LOOP 8.0 Office Lady / Clerk")


def test_legal_lists_the_office_ladys_buy_after_her_work_and_nobody_elses() -> None:
    """8.0 OFFICE LADY: her WORK turn may hold a BUY of 1 MATERIAL, so legal lists BUYs after
    her WORK; after anyone else's WORK it lists none (2.1: one of WORK, BUY or CONSUME), and
    after a BUY it lists BUYs again (2.2 b: up to 3 in the turn)."""

    def buys(table: Table) -> bool:
        return any(isinstance(m, Buy) for m in loop.legal(table.state, "alice"))

    lady = begun(careers={"alice": "office-lady"})
    lady.give("alice", coin=5)
    lady.play("work alice")
    assert buys(lady)
    other = begun(careers={"alice": "salesman"})
    other.give("alice", coin=5)
    other.play("work alice")
    assert not buys(other)
    buyer = begun(careers={"alice": "salesman"})
    buyer.give("alice", coin=5)
    buyer.play("buy alice glass:1")
    assert buys(buyer)


# --- OFFICER (Enforce)


def test_officers_first_favour_cannot_be_rejected() -> None:
    """8.0 OFFICER: "Your first played FAVOUR per turn cannot be REJECT"."""
    table = begun(careers={"alice": "officer"})
    table.give("alice", hand=("acquire",), coin=3)
    table.give("bob", materials=(("metal", 2),), hand=("acquire",), reputation=2)
    table.play("favour alice acquire bob metal")
    table.refuse("reject bob --discard", IllegalMove, "LOOP 8.0 Officer")
    table.refuse("reject bob --rep", IllegalMove, "LOOP 8.0 Officer")
    table.play("accept bob")


def test_lawyer_overrules_the_officer() -> None:
    """8.0 LAWYER: "Your ABILITY overrules OFFICER's ABILITY: Enforce"."""
    table = begun(careers={"alice": "officer", "carol": "lawyer"}, players=3)
    table.give("alice", hand=("acquire",), coin=3)
    table.give("bob", materials=(("metal", 2),))
    table.give("carol", hand=("barter",))
    table.play("favour alice acquire bob metal", "object carol barter")
    assert table.p("bob").materials == (("metal", 2),)


# --- POLITICIAN


def test_politician_bluff_called_and_true_gains_1_reputation() -> None:
    """8.0 POLITICIAN: "If that FAVOUR is what you claim it is (true), you gain 1 REPUTATION then
    he continues to choose ACCEPT or REJECT"."""
    table = begun(careers={"alice": "politician"})
    table.give("alice", hand=("acquire",), coin=3, reputation=0)
    table.give("bob", materials=(("metal", 2),))
    table.play("favour alice acquire bob metal --face-down --card acquire")
    table.play("call bob --card acquire")
    assert table.p("alice").reputation == 1 and table.state.pending is not None
    table.play("accept bob")
    assert ("metal", 2) in table.p("alice").materials


def test_politician_lie_called_is_discarded_without_effect() -> None:
    """8.0: "If it is a lie, discard the falsely claimed FAVOUR to the Discard Pile"."""
    table = begun(careers={"alice": "politician"})
    table.give("alice", hand=("share",), coin=3)
    table.give("bob", materials=(("metal", 2),))
    table.play("favour alice acquire bob metal --face-down --card share")
    table.play("call bob --card share")
    assert table.state.pending is None and table.p("bob").materials == (("metal", 2),)
    assert "share" in table.state.favour_discard


def test_only_a_politician_plays_face_down() -> None:
    table = begun()
    table.give("alice", hand=("share",), coin=3)
    table.give("bob", materials=(("metal", 2),))
    table.refuse(
        "favour alice acquire bob metal --face-down --card share", IllegalMove, "LOOP 8.0 Politician"
    )


# --- SALESMAN


def test_salesman_gains_1_coin_when_his_acquire_is_accepted() -> None:
    """8.0 SALESMAN: "when others ACCEPT your played ACQUIRE or RESELL, you gain 1 COIN"."""
    table = begun(careers={"alice": "salesman"})
    table.give("alice", hand=("acquire",), coin=3)
    table.give("bob", materials=(("metal", 2),))
    table.play("favour alice acquire bob metal", "accept bob")
    assert table.p("alice").coin == 3 - 2 + 1


def test_salesman_gains_nothing_on_a_share() -> None:
    table = begun(careers={"alice": "salesman"})
    table.give("alice", hand=("share",), coin=3)
    table.give("bob", materials=(("metal", 2),))
    table.play("favour alice share bob metal", "accept bob")
    assert table.p("alice").coin == 3


# --- SCAVENGER


def test_scavenger_takes_a_landfill_card_at_quality_1() -> None:
    """8.0 SCAVENGER: "take 1 non-UTILITY MATERIAL at QUALITY 1 from any LANDFILL to your AREA"."""
    table = begun(careers={"alice": "scavenger"})
    table.give("alice", materials=())
    table.give("bob", landfill=("glass", "utility"))
    table.play("ability alice scavenge bob glass")
    assert table.p("alice").materials == (("glass", 1),) and table.p("bob").landfill == ("utility",)


def test_scavenger_in_solo_takes_from_the_central_or_her_own_landfill() -> None:
    """8.0 SCAVENGER: "from any LANDFILL": in Solo the central LANDFILL (7.0) and her own."""
    table = begun("solo", careers={"alice": "scavenger"})
    table.give("alice", materials=(), landfill=("metal",))
    table.set(central=("glass",))
    table.play("ability alice scavenge central glass")
    assert (table.p("alice").materials, table.state.central) == ((("glass", 1),), ())
    table.set(used=())
    table.play("ability alice scavenge alice metal")
    assert table.p("alice").landfill == () and ("metal", 1) in table.p("alice").materials
    table = begun(careers={"alice": "scavenger"})
    table.set(central=("glass",))
    table.refuse("ability alice scavenge central glass", BadInput)  # no central LANDFILL here


def test_scavenger_refusals() -> None:
    table = begun(careers={"alice": "scavenger"})
    table.give("bob", landfill=("glass", "utility", "metal"))
    table.refuse("ability alice scavenge bob utility", IllegalMove, "LOOP 8.0 Scavenger")
    table.refuse("ability alice scavenge bob food", IllegalMove, "LOOP 8.0 Scavenger")
    table.play("ability alice scavenge bob glass")
    table.refuse("ability alice scavenge bob metal", IllegalMove, "LOOP 8.0 Scavenger")  # once a turn


# --- SCHOLAR


def test_scholar_looks_at_a_deck_top_once_a_turn() -> None:
    """8.0 SCHOLAR: "Once per turn, may look at the top card of either the MATERIAL, ACTIVITY,
    FAVOUR, or EVENT deck" (a real table records the look, not the card)."""
    table = begun(careers={"alice": "scholar"})
    table.play("ability alice peek event")
    assert "SCHOLAR" in table.state.used
    table.refuse("ability alice peek material", IllegalMove, "LOOP 8.0 Scholar")


def test_scholar_names_a_deck() -> None:
    table = begun(careers={"alice": "scholar"})
    table.refuse("ability alice peek hand", BadInput)


# --- SCIENTIST


def test_scientist_buys_1_card_from_any_landfill() -> None:
    """8.0 SCIENTIST: "In your BUY turn, may BUY any 1 MATERIAL (including UTILITY) from any
    LANDFILL, including your own"."""
    table = begun(careers={"alice": "scientist"}, starts={"alice": "food glass"})
    table.give("alice", coin=5)
    table.give("bob", landfill=("utility",))
    table.play("buy alice bob:utility:3")
    assert ("utility", 3) in table.p("alice").materials and table.p("bob").landfill == ()
    table.give("alice", landfill=("metal",))
    table.refuse("buy alice alice:metal:1", IllegalMove, "LOOP 8.0 Scientist")  # 1 a turn


def test_only_a_scientist_buys_from_a_landfill() -> None:
    table = begun()
    table.give("alice", coin=5)
    table.give("bob", landfill=("utility",))
    table.refuse("buy alice bob:utility:3", IllegalMove, "LOOP 8.0 Scientist")


# --- SOLDIER


def test_soldier_takes_a_random_favour_once_a_turn() -> None:
    """8.0 SOLDIER: "Once per turn, you may take 1 random FAVOUR from any player's hand" (a real
    table types the card when the hand holds seen cards)."""
    table = begun(careers={"alice": "soldier"})
    table.give("bob", hand=("share",))
    before = len(table.p("alice").hand)
    table.play("ability alice take bob")
    assert len(table.p("alice").hand) == before + 1 and table.p("bob").hand == ()
    table.give("bob", hand=("share",))
    table.refuse("ability alice take bob", IllegalMove, "LOOP 8.0 Soldier")


def test_soldier_cannot_take_from_an_empty_hand() -> None:
    table = begun(careers={"alice": "soldier"})
    table.give("bob", hand=())
    table.refuse("ability alice take bob", IllegalMove, "LOOP 8.0 Soldier")


# --- TYCOON


def test_tycoon_doubles_coin_and_loses_1_more_happiness_per_credit_card() -> None:
    """8.0 TYCOON: "take the same amount of COIN from WORK AREA as you currently have and lose 1
    additional HAPPINESS per CREDIT CARD you owned"."""
    table = begun(careers={"alice": "tycoon"})
    table.give("alice", coin=5, happiness=6, credit=((0, 0), (2, 0)))
    table.play("work alice")
    assert (table.p("alice").coin, table.p("alice").happiness) == (10, 6 - 1 - 2)


def test_tycoon_doubles_before_overtime() -> None:
    """Reading: TYCOON doubles the COIN held, then OVERTIME's 4 is added, not doubled."""
    table = begun(careers={"alice": "tycoon"})
    table.set(event_active="OVERTIME")
    table.give("alice", coin=3, happiness=6)
    table.play("work alice")
    assert (table.p("alice").coin, table.p("alice").happiness) == (3 + 3 + 4, 6 - 1 - 1)


# --- WAITRESS


def test_waitress_draws_2_favour_below_5_in_hand() -> None:
    """8.0 WAITRESS: "Draw 2 FAVOUR if you have less than 5 FAVOUR in hand at the start of your
    turn"."""
    table = begun(careers={"bob": "waitress"})
    before = len(table.p("bob").hand)
    table.play("work alice", "end alice")
    while table.state.phase == "refill":
        table.play("reveal material glass")
    assert len(table.p("bob").hand) == before + 2


def test_politician_blind_accept_takes_the_claimed_effect() -> None:
    """Reading: a blind ACCEPT takes the claimed FAVOUR's effect and REPUTATION; the real card
    goes to the target's hand."""
    table = begun(careers={"alice": "politician"})
    table.give("alice", hand=("share",), coin=3)
    table.give("bob", materials=(("metal", 2),), hand=(), reputation=0)
    table.play("favour alice acquire bob metal --face-down --card share", "accept bob")
    assert ("metal", 2) in table.p("alice").materials and table.p("alice").coin == 1
    assert table.p("bob").hand == ("share",)
    assert table.p("bob").reputation == data.ACCEPT_REPUTATION["acquire"]


def test_manners_makyth_man_leaves_the_lawyers_objection() -> None:
    """Reading: MANNERS MAKYTH MAN limits REJECT; LAWYER's Objection is an ABILITY."""
    table = begun(careers={"carol": "lawyer"}, players=3)
    table.set(event_active="MANNERS MAKYTH MAN")
    table.give("alice", hand=("acquire",), coin=3)
    table.give("bob", materials=(("metal", 2),))
    table.give("carol", hand=("share",))
    table.play("favour alice acquire bob metal", "object carol share")
    assert table.state.pending is None and table.p("bob").materials == (("metal", 2),)


def test_scholar_with_virtual_decks_sees_the_card_in_her_view_only() -> None:
    """Reading: with virtual decks the card looked at is shown in the SCHOLAR's view until the
    turn ends; nobody else's view or log shows it."""
    from tests.loop.modes_table import virtual

    table = virtual()
    table.give("alice", career="SCHOLAR")
    top = table.state.material_deck[0]
    events = table.play("ability alice peek material")
    assert loop.view(table.state, "alice").players["alice"].peek == f"material: {top}"
    assert loop.view(table.state, "bob").players["alice"].peek is None
    assert loop.view(table.state).players["alice"].peek is None
    peeked = [loop.redact(e, "bob") for e in events if type(e).__name__ == "Peeked"]
    assert peeked and all(top not in loop.describe(e) for e in peeked)


@pytest.mark.parametrize(
    ("career", "given", "move", "logged"),
    [
        (
            "banker",
            {"bob": {"coin": 2, "reputation": 0}},
            "rep bob",
            [
                "alice: -1 REPUTATION (Influence)",
                "bob: +1 REPUTATION (Influence)",
                "bob: -1 COIN (Influence)",
                "alice: +1 COIN (Influence)",
            ],
        ),
        ("freelancer", {"alice": {"hand": ("share",)}}, "swap share", ["alice discards SHARE (Freedom)"]),
        ("homemaker", {}, "minimalist", ["alice: +1 REPUTATION (Minimalist)"]),
        ("investor", {}, "invest blank dollar", ["alice pays 1 COIN (Invest)", "alice: +2 COIN (Invest)"]),
        (
            "nurse",
            {"alice": {"hand": ("share",), "reputation": 0}},
            "care bob share",
            ["alice gives a FAVOUR to bob (Care)", "alice: +1 REPUTATION (Care)"],
        ),
        ("scavenger", {"bob": {"landfill": ("glass",)}}, "scavenge bob glass", ["(Scavenger)"]),
        ("soldier", {"bob": {"hand": ("share",)}}, "take bob", ["alice takes a FAVOUR from bob (Soldier)"]),
    ],
)
def test_the_log_names_the_ability_that_moved_each_thing(
    career: str, given: dict[str, dict[str, object]], move: str, logged: list[str]
) -> None:
    """8.0: the log says which ABILITY (by its printed name) moved COIN, REPUTATION or a card."""
    table = begun(careers={"alice": career})
    for name, fields in given.items():
        table.give(name, **fields)
    lines = [line for line in map(loop.describe, table.play(f"ability alice {move}")) if line]
    assert lines[0] == f"alice uses the {data.CAREER[career.upper()].name}'s ABILITY"
    for line in logged:
        assert any(line in told for told in lines), (line, lines)


# --- what a mutation run of careers.py found untested (benchmarks/mutation.py)


def test_reputation_spent_on_work_adds_to_any_salary() -> None:
    """2.5 a): "+1 COIN per REPUTATION spent" on WORK, on top of the CAREER's SALARY (5.0)."""
    table = begun(careers={"alice": "scholar"})  # SALARY +6 COIN; 1 REPUTATION to start
    table.play("work alice --rep 1")
    assert table.p("alice").coin == 2 + 6 + 1 and table.p("alice").reputation == 0


def test_economic_slowdown_takes_an_artists_only_salary_coin() -> None:
    """9.0 ECONOMIC SLOWDOWN: "lose 1 COIN in WORK turn": the ARTIST's SALARY is +1 COIN, so
    her WORK gains only Create's 1 COIN (README, rules notes: on top of the SALARY)."""
    table = begun(careers={"alice": "artist"})
    table.set(event_active="ECONOMIC SLOWDOWN")
    coin = table.p("alice").coin
    table.play("work alice --create glass")
    assert table.p("alice").coin == coin + 0 + 1


def test_craftsman_forges_into_a_known_material_only() -> None:
    """The grammar refuses an unknown type; a service caller's command is refused by the rule."""
    from ledger.games.loop.model import Ability, MatRef

    table = begun(careers={"alice": "craftsman"})
    table.give("alice", materials=(("glass", 1),))
    table.refuse("ability alice forge glass@1 wood", BadInput)
    table.refuse_command(Ability("alice", "forge", mat=MatRef("glass", 1), kind="wood"), BadInput)


def test_engineer_names_whose_card_is_missing() -> None:
    table = begun(careers={"alice": "engineer"})
    table.give("bob", materials=(("metal", 2),))
    error = table.refuse("ability alice repair bob:glass@1", IllegalMove, "LOOP 8.0 Engineer")
    assert "bob has no GLASS" in str(error)


def test_freelancer_and_nurse_at_a_real_table_with_unseen_hands() -> None:
    """At a real table a hand is unseen ("?"): a FAVOUR the pool could still hold may be named."""
    table = begun(careers={"alice": "freelancer"})
    assert set(table.p("alice").hand) == {"?"}
    table.play("ability alice swap share")
    assert "share" in table.state.favour_discard
    table = begun(careers={"alice": "nurse"})
    table.play("ability alice care bob share")
    assert len(table.p("bob").hand) == 4


def test_investor_types_both_tosses() -> None:
    """8.0 INVESTOR: "toss twice": a real table types 2 outcomes."""
    table = begun(careers={"alice": "investor"})
    table.refuse("ability alice invest dollar", BadInput)
    table.refuse("ability alice invest dollar blank blank", BadInput)


def test_scholar_at_a_real_table_looks_without_the_referee_seeing() -> None:
    """The ACTIVITY deck's cards are unseen at a real table, and not empty; the referee records
    the look and never names a card it cannot know (the MATERIAL deck's composition is known,
    not its order)."""
    for deck in ("activity", "material"):
        table = begun(careers={"alice": "scholar"})
        events = table.play(f"ability alice peek {deck}")
        assert [(e.deck, e.card) for e in events if type(e).__name__ == "Peeked"] == [(deck, "?")]


@pytest.mark.parametrize("deck", ["activity", "favour", "event"])
def test_scholar_with_virtual_decks_looks_at_the_top_card(deck: str) -> None:
    from tests.loop.modes_table import virtual

    table = virtual()
    table.give("alice", career="SCHOLAR")
    top = getattr(table.state, f"{deck}_deck")[0]
    table.play(f"ability alice peek {deck}")
    assert loop.view(table.state, "alice").players["alice"].peek == f"{deck}: {top}"


def test_the_lawyers_objection_discards_his_own_favour_from_his_hand() -> None:
    """8.0 LAWYER: "You may discard any 1 FAVOUR to REJECT a FAVOUR": the FAVOUR carol discards
    leaves her hand (and lies on the Discard Pile)."""
    table = begun(careers={"carol": "lawyer"}, players=3)
    table.give("alice", hand=("acquire",), coin=3)
    table.give("bob", materials=(("metal", 2),))
    table.give("carol", hand=("share", "barter"))
    table.play("favour alice acquire bob metal", "object carol share")
    assert table.p("carol").hand == ("barter",)
    assert table.state.favour_discard[-1] == "share"


def test_a_politicians_true_claim_called_is_answered_face_up() -> None:
    """8.0 POLITICIAN: "You will only reveal the FAVOUR if it is called. If that FAVOUR is what you
    claim it is (true) ... he continues to choose ACCEPT or REJECT that FAVOUR as usual": the
    FAVOUR now lies face up, and ACCEPTed goes into bob's hand as the card it is (2.4 a)."""
    table = begun(careers={"alice": "politician"})
    table.give("alice", hand=("acquire",), coin=3, reputation=0)
    table.give("bob", materials=(("metal", 2),), hand=())
    table.play("favour alice acquire bob metal --face-down --card acquire", "call bob --card acquire")
    pending = table.state.pending
    assert pending is not None and not pending.face_down and pending.kind == "acquire"
    table.play("accept bob")
    assert table.p("bob").hand == ("acquire",)


def test_an_engineers_repair_of_a_shared_card_carries_its_share() -> None:
    """8.0 ENGINEER: "add 1 QUALITY to 1 of your or other player's non-UTILITY MATERIAL"; 3.1
    SHARE: "Spend 1 QUALITY of a player's MATERIAL to CONSUME": bob's FOOD@1, SHAREd to alice,
    is repaired to FOOD@2 and still pays for her PICNIC (FOOD and UTILITY), at QUALITY 2; bob's
    other SHAREd card, his GLASS@2, is left as it was."""
    table = begun(careers={"alice": "engineer"})
    table.give("alice", hand=("share", "share"), materials=(("utility", 2),))
    table.give("bob", materials=(("food", 1), ("glass", 2)))
    table.play("favour alice share bob food@1", "accept bob", "favour alice share bob glass@2", "accept bob")
    table.play("ability alice repair bob:food@1")
    assert set(table.state.shares) == {Grant("bob", ("food", 2)), Grant("bob", ("glass", 2))}
    table.play("consume alice picnic=utility,bob:food@2")
    assert table.p("bob").materials == (("food", 1), ("glass", 2))
    assert table.state.shares == (Grant("bob", ("glass", 2)),)


def test_a_career_dealt_to_one_player_is_not_in_the_deck_for_the_next() -> None:
    """5.1: each player is dealt 2 CAREER from the one CAREER deck: the CHEF dealt to alice
    cannot be dealt to bob as well."""
    table = Competitive(2)
    table.play("reveal career alice chef scientist")
    error = table.refuse("reveal career bob chef artist", IllegalMove, "LOOP 5.1 Setup & CAREER")
    assert "dealt already" in str(error)
    table.play("reveal career bob artist tycoon")


def test_at_a_real_table_the_scholars_look_leaves_no_card_in_her_view() -> None:
    """8.0 SCHOLAR: "look at the top card of either the MATERIAL, ACTIVITY, FAVOUR, or EVENT deck":
    at a real table she looks at the card itself; the referee, not knowing it, shows none."""
    table = begun(careers={"alice": "scholar"})
    table.play("ability alice peek material")
    assert table.p("alice").peek == ""
    assert loop.view(table.state, "alice").players["alice"].peek is None


# --- issue 21: evolve.py's survivors, each a sentence of 8.0 or 9.0


def test_chef_recycles_food_at_twice_the_quality_paid_and_other_material_at_the_coin() -> None:
    """8.0 CHEF: "When you BUY or RECYCLE FOOD, you get double the QUALITY than COIN you paid";
    3.1 RECYCLE: "Pay COIN to WORK AREA to determine its QUALITY" (a GLASS: 1 COIN, QUALITY 1)."""
    table = begun(careers={"alice": "chef"})
    table.give("alice", coin=4, materials=(), hand=("recycle", "recycle"))
    table.give("bob", landfill=("food", "glass"))
    table.play("favour alice recycle bob food --pay 1", "accept bob")
    assert table.p("alice").materials == (("food", 2),) and table.p("alice").coin == 3
    table.play("favour alice recycle bob glass --pay 1", "accept bob")
    assert table.p("alice").materials == (("food", 2), ("glass", 1)) and table.p("alice").coin == 2
    other = begun(careers={"alice": "salesman"})  # not a CHEF: FOOD at the COIN paid
    other.give("alice", coin=4, materials=(), hand=("recycle",))
    other.give("bob", landfill=("food",))
    other.play("favour alice recycle bob food --pay 1", "accept bob")
    assert other.p("alice").materials == (("food", 1),)


def test_officers_second_favour_of_the_turn_may_be_rejected() -> None:
    """8.0 OFFICER: "Your first played FAVOUR per turn cannot be REJECT": only the first; the
    second of the turn may be REJECTed (2.4 b)."""
    table = begun(careers={"alice": "officer"})
    table.give("alice", hand=("acquire", "acquire", "acquire"), coin=9)
    table.give("bob", materials=(("metal", 2), ("glass", 1)), hand=(), reputation=2)
    table.play("favour alice acquire bob metal")
    table.refuse("reject bob --rep", IllegalMove, "LOOP 8.0 Officer")
    table.play("accept bob", "favour alice acquire bob glass", "reject bob --rep")
    assert table.p("bob").materials == (("glass", 1),) and table.p("bob").reputation == 1


def test_homemaker_counts_a_moment_in_the_turn_after_giving_material_away() -> None:
    """8.0 HOMEMAKER: "no more than 1 MATERIAL at any given time in your turn": alice starts the
    turn with 2, RESELLs 1 to bob (1 held: the moment counts), then BUYs 2 more."""
    table = begun(careers={"alice": "homemaker"})
    table.give("alice", materials=(("glass", 1), ("metal", 1)), hand=("resell",), coin=4)
    table.set(low=2)  # 2 MATERIAL since the turn's start
    table.give("bob", coin=3)
    table.play("favour alice resell bob glass", "accept bob", "buy alice food:1 plastic:1")
    assert len(table.p("alice").materials) == 3
    table.play("ability alice minimalist")
    assert table.p("alice").reputation == 1


def test_scientist_buys_2_from_the_buy_area_and_1_from_a_landfill() -> None:
    """8.0 SCIENTIST: "may BUY any 1 MATERIAL ... from any LANDFILL"; the other cards of the BUY
    leave the BUY AREA (2.2 b), both of them."""
    table = begun(careers={"alice": "scientist"}, starts={"alice": "food glass"})
    table.give("alice", coin=3)
    table.give("bob", landfill=("utility",))
    table.play("buy alice glass:1 metal:1 bob:utility:1")
    assert sorted(table.state.buy_area) == ["food", "plastic", "utility"]
    assert table.p("bob").landfill == ()


def test_scholars_look_leaves_her_view_when_her_turn_ends() -> None:
    """Reading: with virtual decks the card looked at is shown in the SCHOLAR's view "until the
    turn ends" (8.0 SCHOLAR looks "Once per turn")."""
    from tests.loop.modes_table import virtual

    table = virtual()
    table.give("alice", career="SCHOLAR")
    table.play("ability alice peek material", "work alice")
    assert loop.view(table.state, "alice").players["alice"].peek is not None
    table.play("end alice")
    assert loop.view(table.state, "alice").players["alice"].peek is None
    assert table.p("alice").peek == ""


def test_the_careers_dealt_leave_the_view_once_one_is_chosen() -> None:
    """5.1: "deal 2 to each player. Choose either one or the INTERN (back) to play": the 2 dealt
    are a choice until it is made; then the player has their CAREER, and no pair is shown."""
    table = begun(careers={"alice": "salesman"})
    alice = loop.view(table.state).players["alice"]
    assert alice.careers is None and table.p("alice").careers == ()
    assert table.p("alice").career == "SALESMAN"


def test_homemaker_counts_only_her_own_turn() -> None:
    """8.0 HOMEMAKER: "no more than 1 MATERIAL at any given time in your turn": bob held none in
    his turn, but alice holds 2 all through hers, so Minimalist is refused."""
    table = begun(careers={"alice": "homemaker"})
    table.give("alice", materials=(("glass", 1), ("metal", 1)))
    table.play("work alice", "end alice")
    while loop.to_act(table.state) == ["table"]:
        table.play("reveal material glass")
    table.give("bob", materials=())
    table.play("work bob", "end bob")
    while loop.to_act(table.state) == ["table"]:
        table.play("reveal material glass")
    assert table.state.active == "alice" and len(table.p("alice").materials) == 2
    table.refuse("ability alice minimalist", IllegalMove, "LOOP 8.0 Homemaker")


def test_legal_lists_the_freelancers_3_salaries_and_the_artists_create() -> None:
    """8.0 FREELANCER: "When WORK, you may choose from 1 of the SALARY above" (7, 4 or 2 COIN);
    ARTIST: "Only when WORK, take 1 face-up MATERIAL at QUALITY 4": each WORK listed names it."""
    table = begun(careers={"alice": "freelancer"})
    works = {loop.text(m) for m in loop.legal(table.state) if isinstance(m, Work)}
    assert works == {"work alice --salary 7", "work alice --salary 4", "work alice --salary 2"}
    table = begun(careers={"alice": "artist"})
    works = {loop.text(m) for m in loop.legal(table.state) if isinstance(m, Work)}
    assert works and all(w.startswith("work alice --create ") for w in works)


def test_chef_recycles_food_for_at_most_2_coin_as_quality_stops_at_4() -> None:
    """8.0 CHEF: double the QUALITY of the COIN paid for FOOD; 2.2 b: QUALITY 1 to 4. Her
    RECYCLE of FOOD takes 1 or 2 COIN (QUALITY 2 or 4), of GLASS up to 4; anyone else's of
    FOOD up to 4 as well."""
    table = begun(careers={"alice": "chef"})
    table.give("alice", coin=4, materials=(), hand=("recycle",))
    table.give("bob", landfill=("food", "glass"))
    table.refuse("favour alice recycle bob food --pay 3", IllegalMove, "LOOP 8.0 Chef")
    table.play("favour alice recycle bob food --pay 2", "accept bob")
    assert table.p("alice").materials == (("food", 4),)
    glass = begun(careers={"alice": "chef"})
    glass.give("alice", coin=4, materials=(), hand=("recycle",))
    glass.give("bob", landfill=("glass",))
    glass.play("favour alice recycle bob glass --pay 3", "accept bob")
    assert glass.p("alice").materials == (("glass", 3),)
    other = begun(careers={"alice": "salesman"})
    other.give("alice", coin=4, materials=(), hand=("recycle",))
    other.give("bob", landfill=("food",))
    other.play("favour alice recycle bob food --pay 3", "accept bob")
    assert other.p("alice").materials == (("food", 3),)


LISTED = [
    # 8.0: each CAREER's ABILITY by choice, and the FAVOUR a CAREER plays its own way, listed by
    # `legal` (Competitive Mode, alice's first turn; bob holds PLASTIC@2)
    ("banker", ["ability alice rep bob"]),
    (
        "politician",
        ["favour alice acquire bob glass@2 --face-down", "favour alice share bob glass@2 --face-down"],
    ),
    ("scavenger", ["favour alice resell bob glass@1 --card recycle"]),
    ("engineer", ["ability alice repair glass@1", "ability alice repair bob:plastic@2"]),
    ("investor", ["ability alice invest dollar blank", "ability alice invest blank blank"]),
    ("craftsman", [f"ability alice forge bob:plastic@2 {kind}" for kind in ("glass", "metal", "utility")]),
    ("freelancer", ["ability alice swap acquire"]),
    ("homemaker", ["ability alice minimalist"]),
    ("scholar", [f"ability alice peek {deck}" for deck in ("material", "activity", "favour", "event")]),
]


@pytest.mark.parametrize(("career", "lines"), LISTED)
def test_legal_lists_each_careers_own_moves(career: str, lines: list[str]) -> None:
    table = begun(careers={"alice": career})
    listed = {loop.text(move) for move in loop.legal(table.state)}
    assert set(lines) <= listed


def abilities(table: Table) -> set[str]:
    return {loop.text(m) for m in loop.legal(table.state, "alice") if isinstance(m, Ability)}


def test_legal_lists_the_bankers_exchange_either_way_with_each_player() -> None:
    """8.0 BANKER: "exchange 1 REPUTATION with any player for his 1 COIN or vice versa"."""
    table = begun(careers={"alice": "banker"}, players=3)
    for name in table.state.seats:
        table.give(name, coin=1, reputation=1)
    exchanges = {f"ability alice {way} {p}" for way in ("rep", "coin") for p in ("bob", "carol")}
    assert abilities(table) == exchanges


def test_legal_lists_the_freelancers_swap_of_each_favour_held_or_one_unseen() -> None:
    """8.0 FREELANCER: "discard 1 FAVOUR and draw a new one": each kind held; from a hand the
    referee has not seen, one the table names."""
    table = begun(careers={"alice": "freelancer"})
    assert abilities(table) == {"ability alice swap acquire"}
    table.give("alice", hand=("share", "barter", "share"))
    assert abilities(table) == {"ability alice swap barter", "ability alice swap share"}


def test_legal_lists_the_nurses_care_with_each_favour_held_or_one_unseen() -> None:
    """8.0 NURSE: "give 1 FAVOUR to any player": each kind held, to each other player; from a hand
    the referee has not seen, one the table names."""
    table = begun(careers={"alice": "nurse"}, players=3)
    assert abilities(table) == {"ability alice care bob acquire", "ability alice care carol acquire"}
    table.give("alice", hand=("share", "barter", "share"))
    cares = {f"ability alice care {p} {k}" for p in ("bob", "carol") for k in ("barter", "share")}
    assert abilities(table) == cares


def test_legal_lists_the_scavengers_take_from_each_landfill_but_a_utility() -> None:
    """8.0 SCAVENGER: "take 1 non-UTILITY MATERIAL at QUALITY 1 from any LANDFILL", their own too,
    and in Solo Mode the central LANDFILL (7.0)."""
    table = begun(careers={"alice": "scavenger"})
    table.give("alice", landfill=("metal",))
    table.give("bob", landfill=("glass", "utility", "glass"))
    assert abilities(table) == {"ability alice scavenge alice metal", "ability alice scavenge bob glass"}
    solo = begun("solo", careers={"alice": "scavenger"})
    solo.set(central=("food", "utility"))
    solo.give("alice", landfill=("glass",))
    assert abilities(solo) == {"ability alice scavenge alice glass", "ability alice scavenge central food"}


def test_legal_lists_the_soldiers_take_with_the_card_drawn_where_the_table_must_say_it() -> None:
    """8.0 SOLDIER: "take 1 random FAVOUR from any player's hand": from a hand of one kind, or one
    nobody has seen, or with virtual decks (the referee draws), the take alone; from a hand of
    several kinds the table says which it drew, an unseen card too; nothing from an empty hand."""
    table = begun(careers={"alice": "soldier"}, players=3)
    table.give("carol", hand=())
    assert abilities(table) == {"ability alice take bob"}
    table.give("bob", hand=("share", "share"))
    assert abilities(table) == {"ability alice take bob"}
    table.give("bob", hand=("share", "barter"))
    assert abilities(table) == {"ability alice take bob barter", "ability alice take bob share"}
    table.give("bob", hand=("share", "?"))
    assert abilities(table) == {"ability alice take bob share", "ability alice take bob unseen"}
    dealt = virtual()
    dealt.give("alice", career="SOLDIER")
    assert abilities(dealt) == {"ability alice take bob"}


def test_legal_lists_the_craftsmans_forge_into_each_other_non_food_material() -> None:
    """8.0 CRAFTSMAN: "make 1 of your or other player's MATERIAL into any non-FOOD MATERIAL"."""
    table = begun(careers={"alice": "craftsman"})  # alice holds GLASS@1, bob PLASTIC@2
    assert abilities(table) == {
        *(f"ability alice forge glass@1 {kind}" for kind in ("metal", "plastic", "utility")),
        *(f"ability alice forge bob:plastic@2 {kind}" for kind in ("glass", "metal", "utility")),
    }


def test_legal_lists_a_virtual_investors_toss_without_its_outcome() -> None:
    """8.0 INVESTOR: "pay 1 COIN to toss twice": with virtual decks the referee tosses."""
    table = virtual()
    table.give("alice", career="INVESTOR", coin=1)
    assert abilities(table) == {"ability alice invest"}


def answers(table: Table) -> set[str]:
    return {loop.text(m) for m in loop.legal(table.state)}


def objections(table: Table) -> set[str]:
    return {line for line in answers(table) if line.startswith("object")}


def test_legal_lists_the_lawyers_objection_with_each_favour_held() -> None:
    """8.0 LAWYER: "discard any 1 FAVOUR to REJECT a FAVOUR, even if that FAVOUR is not targeting
    you": the LAWYER objects with each kind held (an unseen card as one the table names), the
    target LAWYER too; nobody else objects."""
    table = begun(careers={"carol": "lawyer"}, players=3)
    table.give("alice", hand=("acquire",), coin=3)
    table.give("bob", materials=(("metal", 2),), hand=("share", "barter"))
    table.give("carol", hand=("share", "?"))
    table.play("favour alice acquire bob metal")
    assert objections(table) == {"object carol acquire", "object carol share"}
    target = begun(careers={"bob": "lawyer"}, players=3)
    target.give("alice", hand=("acquire",), coin=3)
    target.give("bob", materials=(("metal", 2),), hand=("share", "?"))
    target.give("carol", hand=("share",))
    target.play("favour alice acquire bob metal")
    assert objections(target) == {"object bob acquire", "object bob share"}


def test_legal_lists_calling_a_politicians_bluff_with_the_card_the_table_turns_up() -> None:
    """8.0 POLITICIAN: the target "can then choose to blindly ACCEPT or REJECT as usual; or call
    your bluff": at a real table where the card was played without its face typed, the call says
    which card it turns out to be (any FAVOUR); where it was typed, or with virtual decks, the
    call alone."""
    table = begun(careers={"alice": "politician"})
    table.give("alice", coin=3)
    table.give("bob", materials=(("metal", 2),))
    table.play("favour alice acquire bob metal --face-down")
    calls = {a for a in answers(table) if a.startswith("call")}
    assert calls == {f"call bob --card {kind}" for kind in data.FAVOURS}
    typed = begun(careers={"alice": "politician"})
    typed.give("alice", hand=("share",), coin=3)
    typed.give("bob", materials=(("metal", 2),))
    typed.play("favour alice acquire bob metal --face-down --card share")
    assert {a for a in answers(typed) if a.startswith("call")} == {"call bob"}


def test_legal_lists_a_virtual_politicians_face_down_plays_with_each_card_held() -> None:
    """8.0 POLITICIAN: "play FAVOUR face-down to a player and claim what that is": with virtual
    decks the referee holds the hand, so each FAVOUR play is listed face down as each card held
    (the claim is the play's kind); the bluff is then called without naming a card."""
    table = virtual()
    table.give("alice", career="POLITICIAN", coin=3, hand=("barter", "acquire", "share", "barter"))
    listed = {loop.text(m) for m in loop.legal(table.state, "alice") if loop.text(m).startswith("favour")}
    face_up = {line for line in listed if "--face-down" not in line}
    assert face_up and listed - face_up == {
        f"{line} --card {card} --face-down" for line in face_up for card in ("acquire", "barter", "share")
    }
    table.play(f"{min(face_up)} --card barter --face-down")
    assert {a for a in answers(table) if a.startswith("call")} == {"call bob"}
