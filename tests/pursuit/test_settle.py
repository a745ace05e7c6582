"""What a life ending in the middle of a move leaves to do (``rules.settle``, issue 21): once
every life has ended the game is over (the Community text has the game go on "as long as there
are other players still in the game"), and then every move is refused; in the Upkeep Phase, a
life that ends leaves nothing owed, and once nobody owes upkeep the Action Phase starts; in the
Action Phase, the turn passes on. Test settings: the Stress track's 12 spaces; a life ends past
the last one."""

from __future__ import annotations

import pytest

from ledger.errors import GameOver
from ledger.games.pursuit.model import GameEnded, Held, LifeEnded, PhaseStarted
from tests.pursuit.table import adult, lay_out, pass_round


def test_the_last_life_to_end_mid_move_ends_the_game() -> None:
    """A discard's penalty (1 Stress) past the last space ends ann's life, the only one."""
    table = adult(("ann",))
    table.give("ann", stress=11, cards=(Held("TEST NOVEL"),))
    events = table.play("discard ann test-novel")
    assert LifeEnded("ann", "Stress past the last space of the Stress track") in events
    assert any(isinstance(e, GameEnded) for e in events) and table.state.phase == "over"
    with pytest.raises(GameOver) as refused:
        table.play("adjust ann +1lth --why a move after the end")
    assert refused.value.rule == "PURSUIT base game: the end of the game"


def test_a_life_ending_in_the_upkeep_phase_leaves_nothing_owed_and_the_round_goes_on() -> None:
    """ben has paid; ann, the last to owe, has her life ended by what the table adjusts."""
    table = adult(("ann", "ben"))
    for name in ("ann", "ben"):
        table.give(name, knowledge=9, creativity=9, influence=9, money=20)
    table.give("ann", cards=(Held("TEST TUTOR"),))
    table.give("ben", cards=(Held("TEST CLERK"),))
    pass_round(table)
    lay_out(table)
    table.play("upkeep ben")
    assert table.state.phase == "upkeep" and table.state.owed == ("ann",)
    table.give("ann", stress=11)
    events = table.play("adjust ann +1stress --why a card the referee does not model")
    assert any(isinstance(e, PhaseStarted) and e.phase == "action" for e in events)
    assert table.state.phase == "action" and table.state.owed == () and table.state.active == "ben"


def test_a_life_ending_in_the_action_phase_passes_the_turn_on() -> None:
    table = adult(("ann", "ben"))
    table.give("ann", stress=11)
    table.play("adjust ann +1stress --why a card the referee does not model")
    assert table.state.phase == "action" and table.state.active == "ben"
