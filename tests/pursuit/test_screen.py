"""What ``status`` prints at the top (issue 21): the headline names the phase and who must act,
the result at the end (solo: against the target), the order the players engaged in a card that
is resolved (Community, Outcome: each player chooses an Outcome on each card they engaged in);
the prompt offers the table's ``upkeep --all`` while more than one player owes upkeep."""

from __future__ import annotations

import ledger.games.pursuit as pursuit
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
