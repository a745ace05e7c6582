"""Explanation of Particular Cards: the buildings' and news cards' actions of their own
(INVITATION TO BID, RENOVATIONS and BUILDING EXPORT, SOLAR ENERGY, CELL REGENERATION, GREEN
SMOOTHIE, GOODS EXPORT, GAME OF CHANCE and SPORTS BET at a real table, VACCINATION and NANNY
BOTS).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ledger.errors import BadInput, IllegalMove
from ledger.games.planet_b import data
from ledger.games.planet_b.effects import parse_box
from ledger.games.planet_b.model import (
    BuildingDestroyed,
    BuildingReturned,
    CopyBox,
    Destroy,
    Discard,
    DrawVotes,
    Export,
    Frame,
    Give,
    Recall,
    Replay,
    WorkiesRecalled,
)
from ledger.games.planet_b.rules import core, costs
from ledger.games.planet_b.rules.boxes import settle
from ledger.games.planet_b.rules.buildings import _building_name, _in_hand, limit
from ledger.games.planet_b.rules.chance import _bag_draw
from ledger.games.planet_b.rules.core import Out, acting, find, missing, use
from ledger.games.planet_b.rules.costs import open_box
from ledger.games.planet_b.sections import R_PARTICULAR
from ledger.words import counted


def _special(out: Out, name: str, symbols: Sequence[str], what: str) -> tuple[Frame, tuple[int, int]]:
    frame = acting(out.state, name)
    spot = find(frame, symbols)
    if spot is None:
        raise missing(frame, what, R_PARTICULAR)
    return frame, spot


def discard(out: Out, command: Discard) -> None:
    """INVITATION TO BID: 0 to 3 buildings from hand to the bottoms of their piles."""
    _, spot = _special(out, command.player, ["invitation"], "INVITATION TO BID")
    if len(command.cards) > data.INVITATION or len(set(command.cards)) != len(command.cards):
        raise IllegalMove("discard 0 to 3 different buildings", rule=R_PARTICULAR)
    for card in command.cards:
        _in_hand(out.state, command.player, card)
    use(out, *spot, 1)
    for card in command.cards:
        out.add(BuildingReturned(command.player, card))
    settle(out)


def destroy(out: Out, command: Destroy) -> None:
    """RENOVATIONS (its VP back, none for Headquarters) and BUILDING EXPORT: a constructed
    building to the game box, its workies to the general supply."""
    frame, spot = _special(out, command.player, ["renovate", "export-building"], "building to destroy")
    card = _building_name(out.state, command.player, command.building)
    symbol = frame.slots[spot[0]].items[spot[1]].symbol
    use(out, *spot, 1)
    out.add(BuildingDestroyed(command.player, card))
    if symbol == "renovate" and card != data.HEADQUARTERS:
        face = out.state.faces.buildings[card]
        back = face.cost if out.state.options.get(core.OPTION_RENOVATIONS) == "cost" else face.vp
        core.change(out, command.player, f"RENOVATIONS: {card}'s victory points back", vp=back)
    settle(out)


def copy(out: Out, command: CopyBox) -> None:
    """SOLAR ENERGY: the actions of one box of another constructed building."""
    frame, spot = _special(out, command.player, ["solar"], "SOLAR ENERGY")
    card = _building_name(out.state, command.player, command.building)
    if card == frame.card:
        raise IllegalMove(f"SOLAR ENERGY uses one of your other buildings, not {card}", rule=R_PARTICULAR)
    boxes = core.building(out.state, card).boxes
    if not 1 <= command.box <= len(boxes):
        raise BadInput(
            f"{card} has {len(boxes)} box(es)", legal=" | ".join(str(i + 1) for i in range(len(boxes)))
        )
    box = parse_box(boxes[command.box - 1])
    costs.plan(out.state, command.player, box.costs, command.pay)
    use(out, *spot, 1)
    open_box(
        out, command.player, f"{card} box {command.box} (SOLAR ENERGY)", box, pay_words=command.pay, card=card
    )
    settle(out)


def replay(out: Out, command: Replay) -> None:
    """CELL REGENERATION: one of your played news cards again, its costs paid, on top."""
    _, spot = _special(out, command.player, ["replay"], "CELL REGENERATION")
    if command.card not in out.state.players[command.player].news:
        raise IllegalMove(f"{command.player} has not played {command.card}", rule=R_PARTICULAR)
    box = parse_box(out.state.faces.news[command.card].box)
    costs.plan(out.state, command.player, box.costs, command.pay)
    use(out, *spot, 1)
    source = f"news {command.card} again"
    open_box(out, command.player, source, box, pay_words=command.pay, card=command.card, then="stack")
    settle(out)


def give(out: Out, command: Give) -> None:
    """GREEN SMOOTHIE: 1 to 4 plants to other players of one's choice; 10 money and 1 vote
    into the bag for each."""
    _, spot = _special(out, command.player, ["smoothie"], "GREEN SMOOTHIE")
    low, high, paid, votes = data.SMOOTHIE
    if not low <= len(command.to) <= high:
        raise IllegalMove("GREEN SMOOTHIE gives 1 to 4 plants", rule=R_PARTICULAR)
    for name in command.to:
        core.player_of(out.state, name)
        if name == command.player:
            raise IllegalMove("the plants go to the other players", rule=R_PARTICULAR)
    have = out.state.players[command.player].warehouse.get("plant", 0)
    if have < len(command.to):
        raise IllegalMove(
            f"{command.player} has {counted(have, 'plant')}, not {len(command.to)}", rule=R_PARTICULAR
        )
    use(out, *spot, 1)
    core.change(out, command.player, "GREEN SMOOTHIE", resources={"plant": -len(command.to)})
    for name, n in sorted(Counter(command.to).items()):
        core.resources(out, name, {"plant": n}, f"GREEN SMOOTHIE from {command.player}")
    core.money(out, command.player, paid * len(command.to), "GREEN SMOOTHIE")
    core.add_votes(out, command.player, votes * len(command.to), "GREEN SMOOTHIE")
    settle(out)


def export(out: Out, command: Export) -> None:
    """GOODS EXPORT: up to 2 resources sold at triple the current price."""
    _, spot = _special(out, command.player, ["triple-sale"], "GOODS EXPORT")
    most, times = data.EXPORT
    if len(command.resources) > most:
        raise IllegalMove("GOODS EXPORT sells up to 2 resources", rule=R_PARTICULAR)
    wanted = Counter(command.resources)
    warehouse = out.state.players[command.player].warehouse
    for resource, n in wanted.items():
        if warehouse.get(resource, 0) < n:
            raise IllegalMove(
                f"{command.player} has {warehouse.get(resource, 0)} {resource}", rule=R_PARTICULAR
            )
    use(out, *spot, 1)
    earned = sum(times * core.price(out.state, r) * n for r, n in wanted.items())
    core.change(out, command.player, "GOODS EXPORT at triple the price",
                resources={r: -n for r, n in sorted(wanted.items())}, money=earned)  # fmt: skip
    settle(out)


def draw_votes(out: Out, command: DrawVotes) -> None:
    """GAME OF CHANCE, SPORTS BET at a real table: the 3 votes drawn, by colour."""
    _, spot = _special(out, command.player, ["chance", "bet"], "votes to draw")
    symbol = acting(out.state, command.player).slots[spot[0]].items[spot[1]].symbol
    use(out, *spot, 1)
    _bag_draw(out, command.player, symbol, command.colours)
    settle(out)


def vaccinate(out: Out, command: Recall) -> None:
    """VACCINATION, NANNY BOTS: a workie back from one of your buildings (not the one whose
    box this is) to the board."""
    frame, spot = _special(out, command.player, ["vaccinate"], "VACCINATION")
    if len(command.areas) != 1 or command.colour not in data.WORKIES:
        raise BadInput(
            "say the building's work area and the workie", legal="recall PLAYER BUILDING.AREA crafty|brainy"
        )
    building, _, number = command.areas[0].rpartition(".")
    card = _building_name(out.state, command.player, building)
    if card == frame.card:
        raise IllegalMove(f"not from {card} itself", rule=R_PARTICULAR)
    built = next(b for b in out.state.players[command.player].buildings if b.name == card)
    area = int(number) - 1 if number.isdigit() else -1
    if not 0 <= area < len(built.placed) or command.colour not in built.placed[area]:
        raise IllegalMove(f"no {command.colour} on {card} work area {number}", rule=R_PARTICULAR)
    use(out, *spot, 1)
    out.add(WorkiesRecalled(command.player, card, area, (command.colour,)))
    limit(out, command.player, "VACCINATION")
    settle(out)
