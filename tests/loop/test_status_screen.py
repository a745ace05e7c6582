"""What ``status`` prints for a Basic table, line by line, with the numbers of LOOP 1.0's setup
(written here from the rulebook, not from a run): the decks and piles, each player's row, AREA
and GOAL, and what a player sees of their own hand and GOAL and of the others'."""

from __future__ import annotations

from msgspec.structs import replace

import ledger.games.loop as loop
from ledger.decider import Screen
from ledger.games.loop.view import Deck, KeptActivity, Material, Share, View
from tests.loop.table import Table, started

PLAYER_COLUMNS = ["player", "HAPPINESS", "REPUTATION", "COIN", "LANDFILL", "completed", "FAVOUR"]


def tables(shown: Screen) -> dict[str, tuple[list[str], list[list[str]]]]:
    return {t.title: (t.columns, t.rows) for t in shown.tables}


def test_a_real_table_after_setup_shows_what_1_0_lays_out() -> None:
    """2 players (alice starts): 2 sets of MATERIAL removed, 1 set face up round the DEPLETION
    (the BUY AREA), the other 30 - 10 - 5 = 15 shuffled, less the starting glass and plastic: 13
    (of 6 each: 3 food, 2 glass, 3 metal, 2 plastic, 3 utility); 5 of the 30 ACTIVITY flipped
    (25 left); FAVOUR dealt 2 to the 1st seat and 3 to the 2nd, and alice draws 1 at the start
    of her turn (2.2): 3 each, 30 - 6 = 24 in the deck. Everyone at HAPPINESS 4 with 2 COIN."""
    shown = loop.present(loop.view(started().state))
    assert shown.facts == [
        ("BUY AREA", "food, glass, metal, plastic, utility"),
        ("MATERIAL deck", "13 (food x3, glass x2, metal x3, plastic x2, utility x3)"),
        ("MATERIAL removed", "food x2, glass x2, metal x2, plastic x2, utility x2"),
        (
            "CONSUME AREA",
            "COOKING (food+food: heart, house); DANCE (glass+plastic: group, heart); LIBRARY"
            " (glass+glass: book, heart); PICNIC (food+utility: group, house); PICNIC (food+utility:"
            " group, house)",
        ),
        ("ACTIVITY deck", "25"),
        ("ACTIVITY discard", "none"),
        ("FAVOUR deck", "24"),
        ("FAVOUR discard", "none"),
        ("end", "DEPLETION or HAPPINESS 12 starts the final round"),
    ]
    seen = tables(shown)
    assert seen["players (* starting player)"] == (
        PLAYER_COLUMNS,
        [
            ["alice*", "4", "0", "2", "none", "0", "3: 3 unseen"],  # a real hand: the table's own
            ["bob", "4", "0", "2", "none", "0", "3: 3 unseen"],
        ],
    )
    assert seen["AREA"] == (
        ["player", "MATERIAL", "ACTIVITY kept"],
        [["alice*", "glass@2", "none"], ["bob", "plastic@2", "none"]],
    )
    assert seen["GOAL"] == (
        ["player", "achieved", "left"],
        [["alice*", "none", "3 secret"], ["bob", "none", "3 secret"]],
    )


def test_a_player_sees_their_own_favour_and_goal_by_name_and_only_how_many_others_hold() -> None:
    """Virtual decks, shown to alice: her 3 FAVOUR by kind (as many of a kind counted) and her
    3 GOAL by name; bob's hand and GOAL as numbers. Shown to the table: numbers only."""
    table = Table(seed=3)
    mine = sorted(table.p("alice").hand)
    counted = ", ".join(
        f"{kind.upper()} x{mine.count(kind)}" if mine.count(kind) > 1 else kind.upper()
        for kind in dict.fromkeys(mine)
    )
    as_alice = tables(loop.present(loop.view(table.state, as_player="alice")))
    assert [row[-1] for row in as_alice["players (* starting player)"][1]] == [f"3: {counted}", "3"]
    assert [row[-1] for row in as_alice["GOAL"][1]] == [", ".join(table.p("alice").goals), "3 secret"]
    assert "card faces in play" in as_alice  # virtual decks: the faces dealt, not every face
    as_table = tables(loop.present(loop.view(table.state)))
    assert [row[-1] for row in as_table["players (* starting player)"][1]] == ["3", "3"]
    assert [row[-1] for row in as_table["GOAL"][1]] == ["3 secret", "3 secret"]


def _with(view: View, name: str, **changed: object) -> View:
    return replace(view, players={**view.players, name: replace(view.players[name], **changed)})


def test_a_hand_known_in_part_an_empty_hand_no_material_and_every_goal_achieved() -> None:
    """The ACTIVITY kept (3.0) with the MATERIAL spent on each, the GOAL achieved in order."""
    view = loop.view(started().state)
    kept = [KeptActivity("COOKING", ["food", "food"]), KeptActivity("DANCE", ["glass", "plastic"])]
    achieved = ["HOBBY", "BOOKWORM", "CULTURED"]
    view = _with(
        view,
        "alice",
        hand=2,
        favours=["acquire"],
        unseen=1,
        materials=[],
        goals=[],
        kept=kept,
        achieved=achieved,
    )
    view = _with(view, "bob", hand=0, favours=[], unseen=0)
    seen = tables(loop.present(view))
    assert [row[-1] for row in seen["players (* starting player)"][1]] == ["2: ACQUIRE, 1 unseen", "0"]
    assert seen["AREA"][1] == [
        ["alice*", "none", "COOKING (food+food); DANCE (glass+plastic)"],
        ["bob", "plastic@2", "none"],
    ]
    assert seen["GOAL"][1] == [["alice*", "HOBBY, BOOKWORM, CULTURED", "none"], ["bob", "none", "3 secret"]]


def test_an_empty_material_deck_is_the_depletion_the_final_round_and_a_share_names_whose_material() -> None:
    """2.8 a: the MATERIAL deck run out is the DEPLETION, which starts the final round (or b, a
    player at HAPPINESS 12): the game ends once the last seat (bob, on the starting player's
    right) completes his turn; a SHARE accepted this turn (3.1) is listed as OWNER:TYPE@QUALITY;
    a CONSUME AREA emptied, as none."""
    view = replace(
        loop.view(started().state),
        material_deck=Deck(0, {}),
        final_round="depletion",
        consume_area=[],
        shares=[Share("bob", Material("plastic", 2)), Share("carol", Material("food", 1))],
    )
    facts = dict(loop.present(view).facts)
    assert facts["MATERIAL deck"] == "0: DEPLETION"
    assert facts["end"] == "final round (DEPLETION); the game ends after bob's turn"
    assert facts["SHARE accepted"] == "bob:plastic@2, carol:food@1"
    assert facts["CONSUME AREA"] == "none"
    reached = dict(loop.present(replace(view, final_round="happiness")).facts)["end"]
    assert reached == "final round (a player reached HAPPINESS 12); the game ends after bob's turn"


def test_a_modes_table_waiting_for_its_card_faces_asks_the_table_for_them() -> None:
    """Virtual decks without a cards file: before any deal, in every mode, the table declares
    each ACTIVITY and GOAL face (docs/cards.md)."""
    for mode in ("basic", "competitive"):
        table = type("T", (Table,), {"mode": mode})(seed=3, cards=False)
        shown = loop.present(loop.view(table.state))
        assert shown.prompt == "table: declare activity NAME ... | declare goal NAME ... (a --cards file)", (
            mode
        )


def test_the_favour_kinds_are_said_as_the_rulebook_prints_them() -> None:
    """3.1 "1 REPUTATION if you ACCEPT ACQUIRE, BARTER, or RESELL": the FAVOUR kinds in capitals,
    as the rulebook and the pages say them, in each hand and in the FAVOUR Discard Pile (never
    the grammar's ``barter``)."""
    table = started()
    table.give("alice", hand=("resell", "barter", "acquire", "barter"))
    table.set(favour_discard=("acquire", "barter", "resell"))
    as_alice = loop.present(loop.view(table.state, as_player="alice"))
    rows = tables(as_alice)["players (* starting player)"][1]
    assert rows[0][-1] == "4: ACQUIRE, BARTER x2, RESELL"
    assert ("FAVOUR discard", "ACQUIRE, BARTER, RESELL") in as_alice.facts
