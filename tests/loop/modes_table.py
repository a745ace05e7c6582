"""LOOP tables for Competitive, Cooperative and Solo Mode tests (real cards: the table types
the CAREER dealt, the starting MATERIAL and the CONSUME AREA, as at a real table)."""

from __future__ import annotations

from ledger.games.loop.rules import end
from ledger.games.loop.rules.core import _Out
from tests.loop.table import AREA, Table


class Competitive(Table):
    mode = "competitive"


class Cooperative(Table):
    mode = "cooperative"


class Solo(Table):
    mode = "solo"
    players = 1


TABLES = {"competitive": Competitive, "cooperative": Cooperative, "solo": Solo}
# CAREER dealt in the tests' order; the first is chosen unless a test says otherwise
DEALT = {"alice": ("intern", "salesman"), "bob": ("intern", "craftsman"), "carol": ("intern", "engineer")}


def begun(
    mode: str = "competitive",
    careers: dict[str, str] | None = None,
    players: int = 2,
    starts: dict[str, str] | None = None,
    area: tuple[str, ...] = AREA,
    **options: str,
) -> Table:
    """A real-card game after 5.1's setup: each player dealt 2 CAREER (the one chosen and
    another), the CAREER chosen, the starting MATERIAL and the CONSUME AREA revealed."""
    table = TABLES[mode](1 if mode == "solo" else players, options=options)
    chosen = {name: "intern" for name in table.state.seats} | (careers or {})
    used = {c for c in chosen.values() if c != "intern"}
    spare = [c for c in ("artist", "chef", "homemaker", "investor", "scavenger", "tycoon") if c not in used]
    for name in table.state.seats:
        other = spare.pop()
        dealt = (chosen[name], other) if chosen[name] != "intern" else (other, spare.pop())
        table.play(f"reveal career {name} {' '.join(dealt)}")
    for name in table.state.seats:
        table.play(f"career {name} {chosen[name]}")
    kinds = iter(("glass", "plastic", "food", "metal", "utility", "food", "glass", "metal"))
    for name in table.state.seats:
        wanted = (
            2
            if chosen[name] == "scientist"
            else 0
            if chosen[name] in ("investor", "politician", "tycoon")
            else 1
        )
        typed = (starts or {}).get(name) or " ".join(next(kinds) for _ in range(wanted))
        if wanted:
            table.play(f"reveal material {typed} --to {name}")
    if mode == "solo":
        table.play("reveal exhibited food@1 glass@1 metal@2 plastic@3 utility@4")
    for name in area:
        table.play(f"reveal activity {name.lower().replace(' ', '-')}")
    return table


def virtual(seed: int = 3) -> Table:
    """A 2-player Competitive game with virtual decks (the test cards' faces), each player an
    INTERN: the referee deals and flips."""
    table = Competitive(2, seed=seed)
    for name in table.state.seats:
        table.play(f"career {name} intern")
    return table


def out(table: Table) -> _Out:
    """The facts of one move, built by hand (a rule's effect seen without a move to carry it)."""
    return _Out(table.state, end)
