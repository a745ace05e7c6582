"""The sealed seed (docs/auditing.md, "Sealed seeds"): while the game runs "no fact records" a
deck's order, "the fold shuffles from the seed"; and a log recorded earlier must still deal
the same from its seed."""

from __future__ import annotations

from ledger.games.loop.model import MaterialsReturned
from ledger.games.loop.rules.events import IMMEDIATE
from tests.loop.modes_table import out, virtual


def test_a_sealed_combustion_energy_records_no_order() -> None:
    """9.0 COMBUSTION ENERGY: "put all non-UTILITY MATERIAL in his LANDFILL back into the
    MATERIAL Deck, then shuffle the deck thoroughly". With the seed sealed the fact names the
    cards put back and no order; the fold still shuffles the deck they went into."""
    table = virtual()
    table.set(sealed=True)
    table.give("alice", happiness=6, landfill=("glass",))
    table.give("bob", happiness=2, landfill=("metal", "metal", "utility"))
    deck = table.state.material_deck
    facts = out(table)
    now = IMMEDIATE["COMBUSTION ENERGY"].now
    assert now is not None
    now(facts, "alice")
    returned = [fact for fact in facts.events if isinstance(fact, MaterialsReturned)]
    assert returned == [MaterialsReturned("bob", ("metal", "metal"), ())]
    after = facts.state
    assert after.players["bob"].landfill == ("utility",)
    assert sorted(after.material_deck) == sorted((*deck, "metal", "metal"))
    assert after.material_deck != (*deck, "metal", "metal")
