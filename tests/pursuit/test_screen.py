"""What ``status`` prints at the top (issue 21): the headline names the phase and who must act,
the result at the end (solo: against the target), the order the players engaged in a card that
is resolved (Community, Outcome: each player chooses an Outcome on each card they engaged in);
the prompt offers the table's ``upkeep --all`` while more than one player owes upkeep."""

from __future__ import annotations

import ledger.games.pursuit as pursuit
from ledger.decider import Screen
from ledger.games.pursuit.model import Held
from ledger.games.pursuit.rules import flow
from tests.pursuit.table import Table, adult, lay_out, pass_round


def screen(table: Table) -> tuple[str, str]:
    shown = pursuit.present(pursuit.view(table.state))
    return shown.headline, shown.prompt


def test_the_setup_headlines() -> None:
    assert (
        screen(Table(("ann", "ben"), cards=False))[0] == "Setup · the table declares the base game's settings"
    )
    table = Table(("ann", "ben"))
    assert screen(table)[0] == "Setup · the table lays out its cards"
    table.play(
        "reveal goals test-richest test-well-read",
        "reveal friends kevin test-friend-1 test-friend-2 test-friend-3",
    )
    assert screen(table)[0] == "Setup · Child Traits: ann, ben to keep theirs"


def test_the_end_headlines() -> None:
    table = adult(("ann", "ben", "cat"))
    table.give("ann", lth=7)
    table.set(phase="over", winners=flow.winners(table.state))
    assert screen(table) == ("Game over · ann wins (LTH 7)", "")
    table.give("ben", lth=7)
    table.set(phase="over", winners=flow.winners(table.state))
    assert screen(table)[0] == "Game over · ann and ben win (LTH 7)"
    solo = adult(("ann",))
    solo.give("ann", lth=31)
    solo.set(phase="over", winners=flow.winners(solo.state))
    assert screen(solo)[0] == "Game over · ann wins the solo game (LTH 31, target 30)"
    solo.give("ann", lth=12)
    solo.set(phase="over", winners=flow.winners(solo.state))
    assert screen(solo)[0] == "Game over · ann loses the solo game (LTH 12, target 30)"


def test_a_card_resolved_shows_who_engaged_first() -> None:
    table = adult(("ann", "ben"), community=("NEW FAMILY NEXT DOOR",))  # Multiple Players
    table.play("engage ann new-family-next-door --token", "engage ben new-family-next-door --token")
    pass_round(table)
    assert screen(table)[0] == (
        "Adult round 1 · Resolution · ann resolves NEW FAMILY NEXT DOOR · engaged first: ann, then ben"
    )


def test_the_upkeep_prompt_offers_the_tables_upkeep_all_while_two_owe() -> None:
    """The 2nd Adult round's Upkeep Phase (after its Preparation), both owing a Job's upkeep."""
    table = adult(("ann", "ben"))
    for name in ("ann", "ben"):
        table.give(name, knowledge=9, creativity=9, influence=9, money=20, cards=(Held("TEST CLERK"),))
    pass_round(table)
    lay_out(table)
    headline, prompt = screen(table)
    assert headline == "Adult round 2 · Upkeep · ann, ben to pay upkeep"
    assert prompt == "ann, ben: upkeep · table: upkeep --all (each pays all of it)"
    table.play("upkeep ann")
    assert screen(table) == ("Adult round 2 · Upkeep · ben to pay upkeep", "ben: upkeep")


def shown(table: Table) -> Screen:
    return pursuit.present(pursuit.view(table.state))


def test_the_settings_screen_has_no_tables_and_the_setup_screen_no_round() -> None:
    """While the base game's settings are declared there are no tracks to show; in the setup the
    boards are empty, each place shown, and no round has begun."""
    assert shown(Table(("ann", "ben"), cards=False)).tables == []
    table = Table(("ann", "ben"))
    view = pursuit.view(table.state)
    assert shown(table).facts == [
        ("modules", "community, friends, pets, school, stand-alone-jobs"),
        ("community", "1 - · 2 - · 3 - · 4 - · 5 -"),  # five Community slots, none dealt
        ("community pile", f"{view.community_pile} left, 0 discarded"),
        ("friends", "- · - · - · -"),  # Friends: "draw 4 cards ... on the corresponding card slots"
        ("friend pile", f"{view.friend_pile} left"),
        ("school", "the School tile: Make a Career Choice (Teen round)"),
    ]
    players, areas = shown(table).tables
    assert players.rows[0][-2:] == ["0 (space 0)", "yes"]  # Popularity Score 0; token in hand
    assert areas.columns == ["player", "slots", "cards", "child traits"]
    assert areas.rows[0] == ["ann", "0 of 6", "-", "-"]  # test slots 6


def test_the_round_fact_reads_the_teen_round_then_the_adult_rounds() -> None:
    table = lay_out(Table(("ann", "ben")))
    assert dict(shown(table).facts)["round"] == "Teen round (then 6 Adult rounds)"
    assert dict(shown(table).facts)["turn order"] == "ann, ben"
    table = adult(("ann", "ben"), community=("NEW FAMILY NEXT DOOR",))
    assert dict(shown(table).facts)["round"] == "Adult round 1 (of 6 Adult rounds)"
    assert "school" not in dict(shown(table).facts)  # the School tile is for the Teen round only
    table.play("engage ann new-family-next-door --token")
    assert shown(table).tables[0].rows[0][-1] == "placed"  # ann's Community token is on the card
    pass_round(table)
    assert "turn order" not in dict(shown(table).facts)  # the Resolution goes card by card


def test_a_play_area_shows_levels_status_hourglasses_and_an_ended_life() -> None:
    """A card's level is shown as L<level>/<levels> only where it has more than one level."""
    table = adult(("ann", "ben"))
    table.give(
        "ann",
        alive=False,
        traits=("TEST ARTIST", "TEST SAVER"),
        cards=(
            Held("TEST BICYCLE", 1),  # one level
            Held("TEST NOVEL", 1, hourglasses=2),  # two levels
            Held("RUGBY PLAYER", 3, "retired"),  # three levels
        ),
    )
    players, areas = shown(table).tables
    assert players.rows[0][0] == "ann (life ended)" and players.rows[1][0] == "ben"
    ann = areas.rows[0]
    assert ann[2] == "TEST BICYCLE, TEST NOVEL L1/2 (2h), RUGBY PLAYER L3/3 retired"
    assert ann[3] == "TEST ARTIST, TEST SAVER"


def test_the_headline_asks_the_table_to_refill_the_friends_board() -> None:
    """Friends, Start Friendship: "draw a new card from the Friend pile to fill the empty card
    slot": the table's step, shown beside the next player's verbs, never hiding them (issue 41)."""
    table = adult(("ann", "ben"))
    table.give("ann", knowledge=9, creativity=9, influence=9, money=9)
    table.play("start-friendship ann test-friend-10")
    assert screen(table) == (
        "Adult round 1 · Action · ben's turn · the table refills the Friends board",
        "ben: action | get-job | start-relationship | start-project | start-friendship | engage | refresh"
        " | pass · table: reveal friends CARD (x1)",
    )
