"""The sealed seed (docs/auditing.md, "Sealed seeds"): while the game runs "no fact records" a
deck's order, "the fold shuffles from the seed"; and a log recorded earlier must still deal
the same from its seed."""

from __future__ import annotations

from pathlib import Path

import pytest

import ledger.games.loop as loop
from ledger.games.loop.model import MaterialsReturned
from ledger.service import Referee
from ledger.store import Store
from tests.loop.modes_table import virtual
from tests.loop.record_sealed_fixture import GAMES
from tests.loop.test_events import combusted


def test_a_sealed_combustion_energy_records_no_order() -> None:
    """9.0 COMBUSTION ENERGY: "put all non-UTILITY MATERIAL in his LANDFILL back into the
    MATERIAL Deck, then shuffle the deck thoroughly". With the seed sealed the fact names the
    cards put back and no order; the fold still shuffles the deck they went into."""
    table = virtual()
    table.set(sealed=True)
    deck, facts = combusted(table)
    returned = [fact for fact in facts.events if isinstance(fact, MaterialsReturned)]
    assert returned == [MaterialsReturned("bob", ("metal", "metal"), ())]
    after = facts.state
    assert after.players["bob"].landfill == ("utility",)
    assert sorted(after.material_deck) == sorted((*deck, "metal", "metal"))
    assert after.material_deck != (*deck, "metal", "metal")


@pytest.mark.parametrize("path", GAMES, ids=lambda path: path.stem)
def test_a_recorded_sealed_game_is_dealt_again_the_same_from_its_seed(path: Path, tmp_path: Path) -> None:
    """A game recorded earlier (``tests/loop/record_sealed_fixture.py``) still imports: every
    deck is dealt again from its seed (each draw by chance from the seed, which draw it is and
    the reshuffles before it) and every move's facts come out as recorded. A draw's generator
    changed without a new rules version would deal such a game otherwise on its next fold."""
    referee = Referee(Store(tmp_path / "ledger.db"))
    game, new = referee.import_lines(path.read_text().splitlines())
    report = referee.verify(game)
    assert new and report.seed == "sealed"
    assert loop.is_over(referee.load(game).state)
