"""LOOP 2.2 c) CONSUME and what pays for it: the colours an ACTIVITY shows, a SHAREd card (3.1),
a forged one (8.0 CRAFTSMAN). Test-deck faces: DANCE glass+plastic, BAKING food+glass, COOKING
food+food, PICNIC food+utility."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from ledger.errors import BadInput, IllegalMove
from ledger.games.loop.model import Consume, MatRef, Spend
from tests.loop.modes_table import begun
from tests.loop.table import Table, started


def test_cards_owned_of_the_wrong_colours_do_not_consume() -> None:
    """2.2 c): "deduct 1 QUALITY from each of the required MATERIAL that you own according to the
    2 colours shown on that ACTIVITY": alice owns a GLASS and a METAL, DANCE shows GLASS and
    PLASTIC; the refusal names both, and nothing is spent."""
    table = started()
    table.give("alice", materials=(("glass", 2), ("metal", 2)))
    error = table.refuse("consume alice dance=glass,metal", IllegalMove, "LOOP 2.2 c) CONSUME")
    assert "DANCE needs GLASS and PLASTIC" in str(error)
    assert table.p("alice").materials == (("glass", 2), ("metal", 2))


def _bobs_food_forged(forged: str) -> Table:
    """alice, a CRAFTSMAN with a GLASS, holds the accepted SHARE of bob's FOOD@2 (of his 2 FOOD)
    and forges ``forged``, one of bob's FOOD, into PLASTIC."""
    table = begun(careers={"alice": "craftsman"})
    table.give("alice", materials=(("glass", 2),))
    table.give("bob", materials=(("food", 2), ("food", 1)))
    table.play("favour alice share bob food@2", "accept bob")
    table.play(f"ability alice forge bob:{forged} plastic")
    return table


def test_another_players_forged_card_pays_once_it_is_shared() -> None:
    """8.0 CRAFTSMAN: "make 1 of your or other player's MATERIAL into any non-FOOD MATERIAL for
    your entire turn"; 3.1 SHARE: "Spend 1 QUALITY of a player's MATERIAL to CONSUME. You don't
    take the MATERIAL, just deduct its 1 QUALITY". bob's SHAREd FOOD forged into PLASTIC pays
    for alice's DANCE: it loses 1 QUALITY and stays bob's."""
    table = _bobs_food_forged("food@2")
    table.play("consume alice dance=glass,bob:food@2")
    assert table.p("bob").materials == (("food", 1), ("food", 1))
    assert table.p("alice").materials == (("glass", 1),)
    assert [k.name for k in table.p("alice").kept] == ["DANCE"]


def test_another_players_forged_card_not_shared_does_not_pay() -> None:
    """3.1 SHARE: another player's MATERIAL is spent only through an accepted SHARE: bob's other
    FOOD, forged into PLASTIC but not SHAREd, cannot pay for alice's DANCE."""
    table = _bobs_food_forged("food@1")
    error = table.refuse("consume alice dance=glass,bob:food@1", IllegalMove, "LOOP 8.0 Craftsman")
    assert "not SHAREd to alice" in str(error)
    assert table.p("bob").materials == (("food", 2), ("food", 1))


def test_a_share_accepted_after_the_forge_keeps_the_card_forged() -> None:
    """8.0 CRAFTSMAN: the card is forged "for your entire turn. It returns to its original type
    when you end turn"; 3.1 SHARE: "You don't take the MATERIAL". bob's FOOD forged into PLASTIC,
    then SHAREd, still pays for alice's DANCE as PLASTIC (rules version 5 on)."""
    table = begun(careers={"alice": "craftsman"})
    table.give("alice", materials=(("glass", 2),))
    table.give("bob", materials=(("food", 2),))
    table.play("ability alice forge bob:food@2 plastic", "favour alice share bob food", "accept bob")
    table.play("consume alice dance=glass,bob:food@2")
    assert table.p("bob").materials == (("food", 1),)


def test_a_game_recorded_before_rules_version_5_ends_the_forge_at_a_share() -> None:
    """A log recorded under rules version 4 or earlier replays as it was played: there the SHARE
    of the forged card ended the forge, so the card is FOOD again and cannot pay as PLASTIC."""
    for version, keeps in (("basic-1", False), ("2", False), ("3", False), ("4", False), ("5", True)):
        assert started(rules_version=version).state.share_keeps_forge is keeps, version
    table = begun(careers={"alice": "craftsman"})
    table.state = replace(table.state, share_keeps_forge=False)
    table.give("alice", materials=(("glass", 2),))
    table.give("bob", materials=(("food", 2),))
    table.play("ability alice forge bob:food@2 plastic", "favour alice share bob food", "accept bob")
    assert table.state.forge is None
    with pytest.raises(IllegalMove):
        table.play("consume alice dance=glass,bob:food@2")


def _forger(
    *materials: tuple[str, int], area: tuple[str, ...] = ("BAKING", "COOKING", "DANCE", "PICNIC", "LIBRARY")
) -> Table:
    """alice, a CRAFTSMAN holding ``materials``, the CONSUME AREA ``area``."""
    table = begun(careers={"alice": "craftsman"}, area=area)
    table.give("alice", materials=materials)
    return table


def test_the_forged_card_pays_for_its_forged_colour_in_either_place_typed() -> None:
    """8.0 CRAFTSMAN: alice's FOOD@2 forged into GLASS and her FOOD@1 pay for BAKING (FOOD and
    GLASS), typed in either order: 1 QUALITY from each (2.2 c), the FOOD@1 BROKEN to her
    LANDFILL (2.2 b "If a MATERIAL's QUALITY reaches 0, it is BROKEN")."""
    for typed in ("food@2,food", "food,food@2"):
        table = _forger(("food", 2), ("food", 1), ("plastic", 1))
        table.play("ability alice forge food@2 glass", f"consume alice baking={typed}")
        alice = table.p("alice")
        assert alice.materials == (("food", 1), ("plastic", 1)), typed
        assert alice.landfill == ("food",) and [k.name for k in alice.kept] == ["BAKING"]


def test_of_2_like_cards_one_forged_the_other_pays_for_its_printed_colour() -> None:
    """8.0 CRAFTSMAN makes "1 of your ... MATERIAL" another type: of alice's 2 FOOD@2, the one
    forged into GLASS and the other, still FOOD, pay for BAKING (FOOD and GLASS), both typed
    ``food@2``; each loses 1 QUALITY (2.2 c)."""
    table = _forger(("food", 2), ("food", 2))
    table.play("ability alice forge food@2 glass", "consume alice baking=food@2,food@2")
    assert table.p("alice").materials == (("food", 1), ("food", 1))


def test_the_forged_card_does_not_pay_for_its_printed_colour() -> None:
    """8.0 CRAFTSMAN: the forged card is "any non-FOOD MATERIAL for your entire turn": alice's
    FOOD@2 forged into GLASS is no FOOD for COOKING (2 FOOD), however the cards are typed."""
    for typed in ("food,food", "food@1,food@2", "food@2,food@1"):
        table = _forger(("food", 2), ("food", 1))
        table.play("ability alice forge food@2 glass")
        table.refuse(f"consume alice cooking={typed}", IllegalMove, "LOOP 2.2 c) CONSUME")
        assert sorted(table.p("alice").materials) == [("food", 1), ("food", 2)], typed


def test_the_forge_follows_its_card_for_the_whole_turn() -> None:
    """8.0 CRAFTSMAN: "for your entire turn": alice's FOOD@2 forged into GLASS pays for DANCE's
    GLASS, then, at QUALITY 1, for BAKING's in her next CONSUME of the turn (2.2 c: "up to 3
    ACTIVITY in 1 turn")."""
    table = _forger(("food", 2), ("food", 3), ("plastic", 1))
    table.play("ability alice forge food@2 glass", "consume alice dance=food@2,plastic")
    table.play("consume alice baking=food@3,food@1")
    alice = table.p("alice")
    assert alice.materials == (("food", 2),) and [k.name for k in alice.kept] == ["DANCE", "BAKING"]


def test_the_forge_follows_its_card_down_to_quality_1() -> None:
    """8.0 CRAFTSMAN: "for your entire turn": alice's FOOD@2 forged into GLASS pays for DANCE's
    GLASS and is then at QUALITY 1, still GLASS: with her other FOOD@1 it pays for BAKING (FOOD
    and GLASS); both are BROKEN (2.2 c)."""
    table = _forger(("food", 2), ("food", 1), ("plastic", 1))
    table.play("ability alice forge food@2 glass", "consume alice dance=food@2,plastic")
    table.play("consume alice baking=food,food")
    alice = table.p("alice")
    assert alice.materials == () and [k.name for k in alice.kept] == ["DANCE", "BAKING"]


def test_a_forged_card_broken_by_one_activity_leaves_the_rest_to_pay_for_the_next() -> None:
    """2.2 c: "up to 3 ACTIVITY in 1 turn", in one CONSUME: alice's FOOD@1 forged into GLASS
    pays for DANCE and is BROKEN; her FOOD@2 and UTILITY then pay for PICNIC."""
    table = _forger(("food", 1), ("plastic", 1), ("food", 2), ("utility", 1))
    table.play("ability alice forge food@1 glass")
    table.play("consume alice dance=food@1,plastic picnic=food@2,utility")
    alice = table.p("alice")
    assert alice.materials == (("food", 1),) and [k.name for k in alice.kept] == ["DANCE", "PICNIC"]


def test_economic_slowdown_allows_1_activity_in_the_consume_turn() -> None:
    """9.0 ECONOMIC SLOWDOWN: "CONSUME 1 ACTIVITY in CONSUME turn": 2 at once are refused, and
    after 1 another in the same turn."""
    table = begun()
    table.set(event_active="ECONOMIC SLOWDOWN")
    table.give("alice", materials=(("glass", 2), ("plastic", 2), ("food", 1), ("utility", 1)))
    both = "consume alice dance=glass,plastic picnic=food,utility"
    table.refuse(both, IllegalMove, "LOOP 9.0 Economic Slowdown")
    table.play("consume alice dance=glass,plastic")
    table.refuse("consume alice picnic=food,utility", IllegalMove, "LOOP 9.0 Economic Slowdown")
    assert [k.name for k in table.p("alice").kept] == ["DANCE"]


def test_a_solo_consume_naming_a_player_not_at_the_table_is_refused() -> None:
    """7.0 Solo Mode: the only MATERIAL not the player's own that a CONSUME may SHARE is in the
    BUY AREA; a card typed as another player's names nobody at the table."""
    table = begun("solo")
    table.give("alice", materials=(("glass", 2),))
    table.refuse("consume alice dance=glass,bob:plastic", BadInput)
    sent = Consume("alice", (Spend("DANCE", (MatRef("glass"), MatRef("plastic", owner="bob"))),))
    error = table.refuse_command(sent, BadInput)
    assert "unknown player 'bob'" in str(error)
    assert table.p("alice").materials == (("glass", 2),)


def test_once_the_forged_card_breaks_a_pair_of_like_colours_pays_as_usual() -> None:
    """8.0 CRAFTSMAN: the forge ends when its card is BROKEN (2.2 c: it goes to the LANDFILL);
    then alice's 2 GLASS typed ``glass,glass`` pay for LIBRARY (2 GLASS), whatever their
    QUALITY, as with no forge."""
    table = _forger(("food", 1), ("glass", 2), ("glass", 3))
    table.play("ability alice forge food@1 plastic", "consume alice dance=glass@2,food")
    assert table.p("alice").landfill == ("food",) and table.state.forge is None
    table.play("consume alice library=glass,glass")
    alice = table.p("alice")
    assert alice.materials == (("glass", 2),) and [k.name for k in alice.kept] == ["DANCE", "LIBRARY"]
