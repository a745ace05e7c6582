"""LOOP 7.0 Solo Mode's 5 blue FAVOUR, sentence by sentence: what each takes and gives, the
limits the text sets, the careers and EVENTs that change them (8.0, 9.0), and the refusals.

The BUY AREA of every test shows food@1 glass@1 metal@2 plastic@3 utility@4 (Exhibited QUALITY,
"its current No. of white dots shown on top"); the expected values come from the text.
"""

from __future__ import annotations

import random
import shlex
from pathlib import Path

import pytest

import ledger.games.loop as loop
from ledger.errors import BadInput, IllegalMove
from ledger.games.loop.model import Favour, MaterialRevealed, MatRef, RevealExhibited, RevealMaterial
from ledger.service import Referee
from ledger.store import Store
from tests.loop.fuzz import choose
from tests.loop.modes_table import TABLES, begun
from tests.loop.table import Table

CARDS = Path(__file__).resolve().parents[2] / "fixtures" / "loop-test-cards.toml"

SHOWN = (("food", 1), ("glass", 1), ("metal", 2), ("plastic", 3), ("utility", 4))


def solo(career: str = "intern", **options: str) -> Table:
    table = begun("solo", careers={"alice": career}, **options)
    assert table.state.exhibited == SHOWN
    return table


def without_shown(mat: tuple[str, int]) -> tuple[tuple[str, int], ...]:
    shown = list(SHOWN)
    shown.remove(mat)
    return tuple(shown)


# --- "When you play a FAVOUR, place it face-up to the left of your AREA (next to GOAL) then
# effect takes place. You will and only will take all your played FAVOUR back into your hand
# when you WORK."


def test_a_played_blue_favour_lies_face_up_until_work() -> None:
    table = solo()
    table.give("alice", coin=9, materials=(("glass", 3),))
    table.play("favour alice resell glass@3", "favour alice acquire metal@2")
    alice = table.p("alice")
    assert alice.played == ("resell", "acquire")
    assert "resell" not in alice.hand and "acquire" not in alice.hand
    error = table.refuse("favour alice acquire food@1", IllegalMove, "LOOP 7.0 Solo Mode")
    assert "back to hand on WORK" in str(error)
    table.play("work alice")
    assert sorted(table.p("alice").hand) == ["acquire", "barter", "renew", "resell", "share"]
    assert table.p("alice").played == ()


# --- ACQUIRE: "Take 1 MATERIAL from the BUY AREA and pay COIN equal to its Exhibited QUALITY
# (its current No. of white dots shown on top) to WORK AREA."


@pytest.mark.parametrize("mat", [("food", 1), ("metal", 2), ("utility", 4)])
def test_acquire_pays_exactly_the_exhibited_quality(mat: tuple[str, int]) -> None:
    table = solo()
    table.give("alice", coin=mat[1], materials=())
    table.play(f"favour alice acquire {mat[0]}@{mat[1]}")
    alice = table.p("alice")
    assert alice.materials == (mat,) and alice.coin == 0
    assert table.state.exhibited == without_shown(mat)
    assert mat[0] not in table.state.buy_area


def test_acquire_refused_one_coin_short() -> None:
    table = solo()
    table.give("alice", coin=3)
    error = table.refuse("favour alice acquire utility@4", IllegalMove, "LOOP 7.0 ACQUIRE")
    assert "3 COIN" in str(error)


def test_acquire_names_a_card_as_exhibited() -> None:
    """The QUALITY typed is the Exhibited one: METAL shows 2 dots, not 3."""
    table = solo()
    table.give("alice", coin=9)
    error = table.refuse("favour alice acquire metal@3", IllegalMove, "LOOP 7.0 ACQUIRE")
    assert str(error).startswith("LOOP 7.0 ACQUIRE: the BUY AREA has no metal@3")
    table.set(buy_area=("food", "glass", "plastic", "utility"), exhibited=without_shown(("metal", 2)))
    table.refuse("favour alice acquire metal", IllegalMove, "LOOP 7.0 ACQUIRE")


# --- BARTER: "Exchange 1 of your MATERIAL with another 1 from BUY AREA of the same or less
# Exhibited QUALITY."


def test_barter_for_the_same_exhibited_quality() -> None:
    table = solo()
    table.give("alice", materials=(("glass", 2),), coin=0)
    table.play("favour alice barter glass@2 metal@2")
    assert table.p("alice").materials == (("metal", 2),) and table.p("alice").coin == 0
    # the given card lies in the BUY AREA showing its QUALITY
    assert ("glass", 2) in table.state.exhibited and ("metal", 2) not in table.state.exhibited
    assert sorted(table.state.buy_area) == ["food", "glass", "glass", "plastic", "utility"]


def test_barter_for_less_exhibited_quality() -> None:
    table = solo()
    table.give("alice", materials=(("metal", 4),))
    table.play("favour alice barter metal@4 food@1")
    assert table.p("alice").materials == (("food", 1),)
    assert ("metal", 4) in table.state.exhibited and ("food", 1) not in table.state.exhibited


def test_barter_never_for_more_exhibited_quality() -> None:
    table = solo()
    table.give("alice", materials=(("glass", 2),))
    error = table.refuse("favour alice barter glass@2 plastic@3", IllegalMove, "LOOP 7.0 BARTER")
    assert error.legal is not None and "metal@2" in error.legal and "plastic" not in error.legal


def test_barter_gives_only_what_alice_holds_for_what_the_buy_area_shows() -> None:
    table = solo()
    table.give("alice", materials=(("glass", 2),))
    error = table.refuse("favour alice barter food@2 metal@2", IllegalMove, "LOOP 7.0 BARTER")
    assert "alice has no FOOD" in str(error)
    error = table.refuse("favour alice barter glass@2 metal@1", IllegalMove, "LOOP 7.0 BARTER")
    assert "the BUY AREA has no metal@1" in str(error)


# --- RENEW: "Take any 1 MATERIAL (including UTILITY) from central LANDFILL, then pay double the
# COIN to the WORK AREA to determine its QUALITY."


@pytest.mark.parametrize("quality", [1, 2, 3, 4])
def test_renew_pays_2_coin_per_quality(quality: int) -> None:
    table = solo()
    table.set(central=("glass", "utility"))
    table.give("alice", coin=2 * quality, materials=())
    table.play(f"favour alice renew utility@{quality}")
    assert table.p("alice").materials == (("utility", quality),) and table.p("alice").coin == 0
    assert table.state.central == ("glass",)


def test_renew_refused_one_coin_short() -> None:
    table = solo()
    table.set(central=("glass",))
    table.give("alice", coin=5)
    table.refuse("favour alice renew glass@3", IllegalMove, "LOOP 7.0 RENEW")


def test_renew_only_what_the_central_landfill_holds() -> None:
    """Not alice's own LANDFILL, and not the BUY AREA."""
    table = solo()
    table.set(central=("glass",))
    table.give("alice", coin=9, landfill=("metal",))
    error = table.refuse("favour alice renew metal@1", IllegalMove, "LOOP 7.0 RENEW")
    assert error.legal == "it holds glass"


def test_renew_says_the_quality() -> None:
    table = solo()
    table.set(central=("glass",))
    table.give("alice", coin=9)
    table.refuse("favour alice renew glass", BadInput)
    table.refuse("favour alice renew glass@5", BadInput)


def test_a_chef_renews_food_at_1_coin_per_quality() -> None:
    """8.0 Chef, Supersize: "you get double the QUALITY than COIN you paid" on FOOD."""
    table = solo("chef")
    table.set(central=("food", "glass"))
    table.give("alice", coin=3, materials=())
    table.refuse("favour alice renew glass@2", IllegalMove, "LOOP 7.0 RENEW")  # 4 COIN
    table.play("favour alice renew food@3")
    assert table.p("alice").materials == (("food", 3),) and table.p("alice").coin == 0


def test_renew_under_disposable_culture() -> None:
    """9.0 Disposable Culture: "Player can only BUY and RECYCLE PLASTIC at QUALITY 1"; RENEW is
    Solo's RECYCLE. The default reading limits PLASTIC only (README, rules notes)."""
    table = solo()
    table.set(central=("plastic", "glass"), event_active="DISPOSABLE CULTURE")
    table.give("alice", coin=9, materials=())
    table.refuse("favour alice renew plastic@2", IllegalMove, "LOOP 9.0 Disposable Culture")
    table.play("favour alice renew glass@2")
    assert table.p("alice").materials == (("glass", 2),)


def test_renew_under_disposable_culture_plastic_at_quality_1() -> None:
    table = solo()
    table.set(central=("plastic",), event_active="DISPOSABLE CULTURE")
    table.give("alice", coin=2, materials=())
    table.play("favour alice renew plastic@1")
    assert table.p("alice").materials == (("plastic", 1),) and table.p("alice").coin == 0


def test_renew_under_disposable_culture_only_plastic_reading() -> None:
    table = solo(**{"disposable-culture": "only-plastic"})
    table.set(central=("plastic", "glass"), event_active="DISPOSABLE CULTURE")
    table.give("alice", coin=9)
    table.refuse("favour alice renew glass@1", IllegalMove, "LOOP 9.0 Disposable Culture")
    table.refuse("favour alice renew plastic@2", IllegalMove, "LOOP 9.0 Disposable Culture")
    table.play("favour alice renew plastic@1")


# --- RESELL: "Move 1 MATERIAL from your AREA to the bottom of MATERIAL deck. Take COIN equal to
# its QUALITY from WORK AREA."


def test_resell_takes_coin_equal_to_the_quality() -> None:
    table = solo()
    table.give("alice", materials=(("glass", 3), ("metal", 1)), coin=1)
    deck = sorted(table.state.material_deck)
    table.play("favour alice resell glass@3")
    assert table.p("alice").materials == (("metal", 1),) and table.p("alice").coin == 4
    assert sorted(table.state.material_deck) == sorted([*deck, "glass"])
    assert table.state.exhibited == SHOWN  # not to the BUY AREA


def test_resell_goes_to_the_bottom_of_a_virtual_deck() -> None:
    """With virtual decks the top is drawn first; the resold card comes last."""
    table = solo()
    table.set(seed=1, material_deck=("food", "metal"))
    table.give("alice", materials=(("glass", 2),), coin=0)
    table.play("favour alice resell glass@2")
    assert table.state.material_deck == ("food", "metal", "glass")


def test_resell_only_alice_s_own_card() -> None:
    table = solo()
    table.give("alice", materials=(("glass", 3),))
    error = table.refuse("favour alice resell metal@2", IllegalMove, "LOOP 7.0 RESELL")
    assert str(error) == "LOOP 7.0 RESELL: alice has no METAL (alice has glass@3)"


# --- SHARE: "Use 1 QUALITY of any MATERIAL in BUY AREA to CONSUME. Move it to central LANDFILL
# if it is BROKEN."


def test_share_wears_a_buy_area_card_by_1_quality() -> None:
    table = solo()
    table.give("alice", materials=(("glass", 2),), coin=1)
    table.play("favour alice share plastic@3")
    assert table.p("alice").coin == 1  # SHARE costs nothing
    table.play("consume alice dance=glass,area:plastic")
    assert ("plastic", 2) in table.state.exhibited and "plastic" in table.state.buy_area
    assert table.state.central == ()


def test_share_a_broken_card_goes_to_the_central_landfill() -> None:
    table = solo()
    table.give("alice", materials=(("plastic", 2),))
    table.play("favour alice share glass@1", "consume alice dance=area:glass,plastic")
    assert table.state.central == ("glass",) and "glass" not in table.state.buy_area
    assert ("glass", 1) not in table.state.exhibited and table.p("alice").landfill == ()


def test_share_names_a_card_as_exhibited() -> None:
    table = solo()
    error = table.refuse("favour alice share plastic@1", IllegalMove, "LOOP 7.0 SHARE")
    assert "the BUY AREA has no plastic@1" in str(error)


# --- careers and EVENTs on the blue FAVOUR


def test_a_scavenger_plays_renew_as_resell() -> None:
    """8.0 Scavenger: "You may also play RECYCLE (or RENEW in Solo Mode) as RESELL"."""
    table = solo("scavenger")
    table.give("alice", materials=(("glass", 3),), coin=0)
    table.play("favour alice resell glass@3 --card renew")
    alice = table.p("alice")
    assert alice.coin == 3 and alice.played == ("renew",) and "resell" in alice.hand


def test_only_a_scavenger_plays_renew_as_resell() -> None:
    table = solo()
    table.give("alice", materials=(("glass", 3),))
    table.refuse("favour alice resell glass@3 --card renew", IllegalMove, "LOOP 8.0 Scavenger")
    table.give("alice", hand=("acquire", "barter", "resell", "share"))
    error = table.refuse("favour alice renew glass@1", IllegalMove, "LOOP 7.0 Solo Mode")
    assert error.legal == "alice holds acquire, barter, resell, share"


def test_a_scavenger_plays_no_other_card_as_another() -> None:
    table = solo("scavenger")
    table.give("alice", materials=(("glass", 3),), coin=9)
    table.refuse("favour alice resell glass@3 --card acquire", IllegalMove, "LOOP 8.0 Scavenger")
    table.refuse("favour alice acquire metal@2 --card renew", IllegalMove, "LOOP 8.0 Scavenger")


@pytest.mark.parametrize("line", ["favour alice acquire metal@2", "favour alice resell glass@3"])
def test_a_salesman_gains_1_coin_on_acquire_and_resell(line: str) -> None:
    """8.0 Salesman: "you gain 1 COIN" on an ACQUIRE or RESELL (in Solo, when it takes effect)."""
    plain, salesman = solo(), solo("salesman")
    for table in (plain, salesman):
        table.give("alice", materials=(("glass", 3),), coin=5)
        table.play(line)
    assert salesman.p("alice").coin == plain.p("alice").coin + 1


def test_a_salesman_gains_nothing_on_barter() -> None:
    plain, salesman = solo(), solo("salesman")
    for table in (plain, salesman):
        table.give("alice", materials=(("glass", 3),), coin=5)
        table.play("favour alice barter glass@3 metal@2")
    assert salesman.p("alice").coin == plain.p("alice").coin == 5


@pytest.mark.parametrize(
    ("line", "cost"),
    [("favour alice acquire food@1", 1), ("favour alice renew glass@1", 2)],
    ids=["acquire", "renew"],
)
def test_everything_is_online_stops_spending_without_a_credit_card(line: str, cost: int) -> None:
    """9.0 Everything Is Online: "Player without a CREDIT CARD cannot spend COIN, including
    cannot ACQUIRE"; RENEW pays COIN too."""
    table = solo()
    table.set(central=("glass",), event_active="EVERYTHING IS ONLINE")
    table.give("alice", coin=9)
    table.refuse(line, IllegalMove, "LOOP 9.0 Everything Is Online")
    table.give("alice", credit=((0, 0),))
    table.play(line)
    assert table.p("alice").coin == 9 - cost


@pytest.mark.parametrize(
    "line",
    ["favour alice barter glass@3 metal@2", "favour alice resell glass@3", "favour alice share food@1"],
    ids=["barter", "resell", "share"],
)
def test_everything_is_online_leaves_favours_that_spend_nothing(line: str) -> None:
    table = solo()
    table.set(event_active="EVERYTHING IS ONLINE")
    table.give("alice", materials=(("glass", 3),))
    table.play(line)
    assert len(table.p("alice").played) == 1


# --- what the grammar cannot type, refused where a service caller could send it


def test_a_blue_favour_names_no_target() -> None:
    table = solo()
    table.give("alice", coin=9)
    command = Favour("alice", "acquire", "bob", theirs=MatRef("metal", 2))
    error = table.refuse_command(command, BadInput)
    assert "no target" in str(error)
    assert error.legal == "favour alice acquire TYPE@QUALITY (a BUY AREA card, by its Exhibited QUALITY)"


def test_only_the_5_blue_favours() -> None:
    table = solo()
    command = Favour("alice", "recycle", "", theirs=MatRef("glass"), pay=1)
    assert "unknown blue FAVOUR" in str(table.refuse_command(command, BadInput))
    table.refuse("favour alice recycle glass", BadInput)


@pytest.mark.parametrize(
    "command",
    [
        Favour("alice", "acquire", "", theirs=MatRef("metal", 2), pay=2),
        Favour("alice", "acquire", "", mine=MatRef("glass", 3), theirs=MatRef("metal", 2)),
        Favour("alice", "resell", "", theirs=MatRef("metal", 2)),
        Favour("alice", "barter", "", mine=MatRef("glass", 3)),
    ],
    ids=["pay", "acquire-mine", "resell-theirs", "barter-half"],
)
def test_each_blue_favour_takes_its_own_arguments(command: Favour) -> None:
    table = solo()
    table.give("alice", coin=9, materials=(("glass", 3),))
    assert "takes other arguments" in str(table.refuse_command(command, BadInput))


def test_the_grammar_counts_the_words() -> None:
    table = solo()
    table.give("alice", coin=9, materials=(("glass", 3),))
    table.refuse("favour alice acquire bob metal@2", BadInput)
    table.refuse("favour alice barter glass@3", BadInput)


def test_a_virtual_solo_table_exhibits_each_quality_a_material_can_have(tmp_path: Path) -> None:
    """7.0: a MATERIAL in the BUY AREA shows its "Exhibited QUALITY (its current No. of white
    dots shown on top)". With virtual decks the referee draws it, at setup and at each refill,
    from every QUALITY a MATERIAL can have: 1 to 4 (2.2 b: "COIN you decide to pay for each
    MATERIAL (1 to 4) will determine and is equal to its QUALITY"). Seeded games played at
    random show each of them, both ways."""
    referee = Referee(Store(tmp_path / "solo.db"))
    at_setup: list[int] = []
    refilled: list[int] = []
    for seed in range(4):
        game = referee.new_game("loop", ["alice"], mode="solo", seed=seed, cards=CARDS.read_text())
        at_setup += [quality for _, quality in referee.load(game).state.exhibited]
        rng = random.Random(seed)
        for _ in range(80):
            loaded = referee.load(game)
            if loaded.game.is_over(loaded.state):
                break
            done = referee.submit(game, choose(rng, [m.command for m in referee.legal(game)]))
            refilled += [e.quality for e in done.events if isinstance(e, MaterialRevealed) and e.to is None]
    assert set(at_setup) == {1, 2, 3, 4}
    assert len(refilled) >= 20 and set(refilled) == {1, 2, 3, 4}


def test_share_of_a_quality_2_card_leaves_it_at_quality_1_in_the_buy_area() -> None:
    """SHARE: "Use 1 QUALITY of any MATERIAL in BUY AREA ... Move it to central LANDFILL if it is
    BROKEN": the GLASS exhibited at 2, worn once for LIBRARY (2 GLASS), is GLASS@1, not BROKEN,
    and stays in the BUY AREA."""
    table = solo()
    table.set(exhibited=tuple(sorted((*without_shown(("glass", 1)), ("glass", 2)))))
    table.give("alice", materials=(("glass", 2),))
    table.play("favour alice share glass@2", "consume alice library=glass,area:glass")
    assert ("glass", 1) in table.state.exhibited and "glass" in table.state.buy_area
    assert table.state.central == ()


@pytest.mark.parametrize(
    ("central", "line"), [((), "favour alice acquire utility@4"), (("glass",), "favour alice renew glass@2")]
)
def test_buy_more_earn_more_counts_the_coin_a_blue_favour_pays(central: tuple[str, ...], line: str) -> None:
    """9.0 BUY MORE EARN MORE: "Get 1 COIN from WORK AREA for every 3 COIN you spent": ACQUIRE
    pays 4 COIN for UTILITY@4, RENEW 4 for GLASS@2 (2 per QUALITY): 1 COIN back."""
    table = solo()
    table.set(central=central, event_active="BUY MORE EARN MORE")
    table.give("alice", coin=4, materials=())
    table.play(line)
    assert table.p("alice").coin == 1


# --- what ``legal`` offers: every blue FAVOUR play the text allows, nothing else


def _blue_plays(table: Table) -> set[str]:
    return {loop.text(move) for move in loop.legal(table.state) if isinstance(move, Favour)}


@pytest.mark.parametrize("career", ["intern", "scavenger"])
def test_legal_lists_every_blue_favour_play(career: str) -> None:
    """7.0, with the 5 blue FAVOUR in hand, 9 COIN, GLASS@2 and FOOD@1, and a METAL in the
    central LANDFILL: ACQUIRE any BUY AREA card (9 COIN pay any Exhibited QUALITY); SHARE any of
    them; BARTER each of hers for a card "of the same or less Exhibited QUALITY"; RENEW the
    METAL at each QUALITY 1 to 4 ("double the COIN": 2 to 8); RESELL each of hers. 8.0
    SCAVENGER: "You may also play RECYCLE (or RENEW in Solo Mode) as RESELL"."""
    table = solo(career)
    table.give("alice", coin=9, materials=(("food", 1), ("glass", 2)))
    table.set(central=("metal",))
    area = ("food@1", "glass@1", "metal@2", "plastic@3", "utility@4")
    expected = {f"favour alice acquire {card}" for card in area}
    expected |= {f"favour alice share {card}" for card in area}
    expected |= {f"favour alice barter glass@2 {card}" for card in ("food@1", "glass@1", "metal@2")}
    expected |= {f"favour alice barter food@1 {card}" for card in ("food@1", "glass@1")}
    expected |= {f"favour alice renew metal@{quality}" for quality in (1, 2, 3, 4)}
    expected |= {"favour alice resell glass@2", "favour alice resell food@1"}
    if career == "scavenger":
        expected |= {"favour alice resell glass@2 --card renew", "favour alice resell food@1 --card renew"}
    assert _blue_plays(table) == expected


def test_legal_lists_the_blue_favour_plays_the_coin_pays_for() -> None:
    """7.0 ACQUIRE pays "COIN equal to its Exhibited QUALITY" and RENEW "double the COIN": with
    3 COIN, ACQUIRE takes a card shown at 3 at most, RENEW a card at QUALITY 1 only; a FAVOUR
    played lies face up until a WORK, so a second ACQUIRE is not offered."""
    table = solo()
    table.give("alice", coin=3, materials=())
    table.set(central=("utility", "glass"))
    area = ("food@1", "glass@1", "metal@2", "plastic@3", "utility@4")
    expected = {f"favour alice acquire {card}" for card in area[:4]}
    expected |= {f"favour alice share {card}" for card in area}
    expected |= {"favour alice renew glass@1", "favour alice renew utility@1"}
    assert _blue_plays(table) == expected
    table.play("favour alice acquire food@1")
    assert not any(play.startswith("favour alice acquire") for play in _blue_plays(table))


def test_legal_lists_each_exhibited_quality_for_each_card_once() -> None:
    """7.0: at a real table the Exhibited QUALITY of each MATERIAL around DEPLETION is typed
    (1 to 4 white dots): the reveals listed show each card at each QUALITY 1 to 4, each once."""
    table = TABLES["solo"](1)
    table.play("reveal career alice artist chef", "career alice intern", "reveal material glass --to alice")
    reveals = [m for m in loop.legal(table.state) if isinstance(m, RevealExhibited)]
    assert len(reveals) == len(set(reveals))
    for kind in ("food", "glass", "metal", "plastic", "utility"):
        assert sorted(q for m in reveals for k, q in m.cards if k == kind) == [1, 2, 3, 4]


def test_a_solo_refill_flips_its_card_off_the_material_deck() -> None:
    """2.7: "flip over new MATERIAL ... to refill all empty card slots": in Solo the card flipped
    lies with its Exhibited QUALITY (7.0) and leaves the MATERIAL deck, 1 card fewer (2.8 a:
    DEPLETION comes when the deck is empty)."""
    table = solo()
    table.give("alice", coin=3)
    table.play("buy alice glass:1", "end alice")
    before = len(table.state.material_deck)
    table.play("reveal material metal@2")
    assert len(table.state.material_deck) == before - 1
    assert table.state.exhibited.count(("metal", 2)) == 2


def test_legal_lists_each_solo_refill_at_each_exhibited_quality() -> None:
    """7.0: a Solo refill is typed with the Exhibited QUALITY the card lies with (1 to 4 white
    dots): each type left in the deck is offered at each of them, once."""
    table = solo()
    table.give("alice", coin=3)
    table.play("buy alice glass:1", "end alice")
    reveals = [loop.text(m) for m in loop.legal(table.state) if isinstance(m, RevealMaterial)]
    kinds = sorted(set(table.state.material_deck))
    assert sorted(reveals) == sorted(f"reveal material {k}@{q}" for k in kinds for q in (1, 2, 3, 4))


def test_each_blue_favour_listed_is_the_move_its_words_type() -> None:
    """What ``legal`` lists is what a player types: each blue FAVOUR play, written out and read
    back, is the same move (a blue FAVOUR names no target: it acts on the BUY AREA, 7.0)."""
    table = solo("scavenger")
    table.give("alice", coin=9, materials=(("glass", 2),))
    table.set(central=("metal",))
    listed = [m for m in loop.legal(table.state) if isinstance(m, Favour)]
    assert listed
    for move in listed:
        assert loop.parse(table.state, shlex.split(loop.text(move))) == move
