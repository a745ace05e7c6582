"""Draws, by the card or office that asks for one: a building from its pile (ILLEGAL BUILD,
UNEXPECTED INHERITANCE: Explanation of Particular Cards), a law (Offices: President), votes
from the bag (GAME OF CHANCE, SPORTS BET; Elections: 3. Carry Out the Election checks its
draws here too).

A virtual game draws from its own piles and bag, seeded (``ledger.piles``); at a real table
the table types what it drew, checked against what the pile or the bag holds.
"""

from __future__ import annotations

from collections.abc import Sequence

from ledger.errors import IllegalMove
from ledger.games.planet_b import data
from ledger.games.planet_b.declare import face_needed, form
from ledger.games.planet_b.effects import Box, Item, Slot
from ledger.games.planet_b.model import Built, Drawn, LawDrawn, State
from ledger.games.planet_b.rules import core
from ledger.games.planet_b.rules.core import Out
from ledger.games.planet_b.rules.costs import open_box
from ledger.games.planet_b.sections import R_PARTICULAR, R_PRESIDENT
from ledger.piles import draw, require_all, rng
from ledger.words import card_word, counted


def _pile_names(state: State, pile: str) -> list[str]:
    return [b.name for b in state.faces.buildings.values() if b.pile == pile]


def _draw_build(out: Out, name: str, pile: str, typed: str | None, why: str) -> None:
    """ILLEGAL BUILD, UNEXPECTED INHERITANCE: the top card of a pile, built without its cost."""
    state = out.state
    if typed is not None and typed not in state.faces.buildings:
        raise face_needed("building", typed, state.faces.buildings)
    card = draw(state.piles[pile], typed, _pile_names(state, pile), f"{pile} pile", R_PARTICULAR)
    face = state.faces.buildings[card]
    out.add(Built(name, card, pile))
    core.change(out, name, f"{why}: {card} built free", vp=face.vp)


def draw_law(out: Out, name: str, colour: str, typed: str | None, why: str) -> None:
    """Offices: President: a law drawn (the table types which), then its left or right box."""
    state = out.state
    if typed is not None and typed not in state.faces.laws:
        new = form("law", card_word(typed)).replace("colour=yellow|blue", f"colour={colour}", 1)
        raise face_needed("law", typed, state.faces.laws, new=new)
    names = [law.name for law in state.faces.laws.values() if law.colour == colour]
    card = draw(state.piles[colour], typed, names, f"{colour} law pile", R_PRESIDENT)
    out.add(LawDrawn(name, colour, card))
    choice = Slot((Item("law-left"), Item("law-right")))
    open_box(out, name, f"law {card} ({why})", Box((), (choice,)), card=card, then="law")


def bag_draw_size(state: State, wanted: int) -> int:
    return min(wanted, sum(state.bag.values()))


def check_draw(state: State, colours: Sequence[str], size: int, rule: str) -> None:
    """A draw from the bag typed by colour: exactly ``size`` votes the bag can hold."""
    if len(colours) != size:
        raise IllegalMove(
            f"the draw is {counted(size, 'vote')}, not {len(colours)}",
            rule=rule,
            legal=f"{sum(state.bag.values())} in the bag",
        )
    bag = [colour for colour, n in state.bag.items() for _ in range(n)]
    require_all(bag, colours, "bag", rule)


def virtual_draw(state: State, size: int) -> tuple[str, ...]:
    bag = sorted(colour for colour, n in state.bag.items() for _ in range(n))
    return tuple(sorted(rng(state.seed, "bag", state.draws).sample(bag, size)))


def _bag_draw(out: Out, name: str, symbol: str, typed: Sequence[str] | None) -> None:
    wanted = data.CHANCE[0] if symbol == "chance" else data.BET[0]
    size = bag_draw_size(out.state, wanted)
    if typed is None:
        colours = virtual_draw(out.state, size)
    else:
        check_draw(out.state, typed, size, R_PARTICULAR)
        colours = tuple(sorted(typed))
    out.add(Drawn(name, colours, "supply"))
    own = colours.count(name)
    if symbol == "chance":
        core.change(out, name, "GAME OF CHANCE", money=data.CHANCE[1] * own, vp=data.CHANCE[2] * own)
    else:
        core.money(out, name, data.BET[1] * own, "SPORTS BET")
