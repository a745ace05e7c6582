"""Your Turn: A Summary: the moves a player makes in their own turn around the boxes: Your
Turn: Make a Deal (a suitcase, then the tile's box), Selling Resources, Production Tiles, and
Offices (the office action once a turn; the President's law, whose "All Others" side the
dummy takes its votes from, Election Changes with 2 Players).
"""

from __future__ import annotations

from collections import Counter

from ledger.errors import BadInput, IllegalMove, NotYourTurn
from ledger.games.planet_b import data
from ledger.games.planet_b.effects import Box, parse_box
from ledger.games.planet_b.model import (
    SPACES,
    BuyTile,
    Deal,
    LawMove,
    Office,
    OfficeDone,
    Sell,
    State,
    SuitcasePlaced,
    TilePlaced,
)
from ledger.games.planet_b.rules import core, costs
from ledger.games.planet_b.rules.boxes import settle
from ledger.games.planet_b.rules.chance import draw_law
from ledger.games.planet_b.rules.core import Out, acting, find, missing, use
from ledger.games.planet_b.rules.costs import open_box
from ledger.games.planet_b.sections import R_COSTS, R_DEAL, R_OFFICES, R_PRESIDENT, R_SELL, R_SUMMARY, R_TILES
from ledger.piles import counts_text


def turn_player(state: State, name: str, rule: str = R_SUMMARY) -> None:
    """It is ``name``'s turn and no one else's box is open (selling, tiles, deal, office)."""
    core.player_of(state, name)
    if state.phase != "turn":
        raise NotYourTurn("this is done in one's own turn", rule=rule)
    if state.active != name:
        raise NotYourTurn(f"it is {state.active}'s turn, not {name}'s", rule=rule)
    frame = core.top(state)
    if frame is not None and frame.owner != name:
        raise NotYourTurn(f"{frame.owner} performs {frame.source} now", rule=R_COSTS)


def _no_box(state: State, name: str, what: str) -> None:
    frame = core.top(state)
    if frame is not None:
        raise IllegalMove(
            f"{what} only once the open box is done: one action is finished before the next",
            rule=R_COSTS,
            legal=f"left in {frame.source}: {core.offered(frame)}",
        )


def deal(out: Out, command: Deal) -> None:
    """Your Turn: Make a Deal: a suitcase on the topmost empty space, a red side costs 1
    mood, then the tile's box."""
    state = out.state
    turn_player(state, command.player, R_DEAL)
    _no_box(state, command.player, "a deal")
    if state.dealt:
        raise IllegalMove(f"{command.player} has made a deal this turn", rule=R_DEAL, legal="end the turn")
    index = core.space_index(command.space)
    space = state.spaces[index]
    room = core.side(state).suitcases
    if space.tile is None or space.suitcases >= room:
        raise IllegalMove(
            f"no conglomerate tile with an empty suitcase space on the {command.space}",
            rule=R_DEAL,
            legal=f"deal to {' | '.join(open_spaces(state))}",
        )
    box: Box | None = deal_box(state, index)
    assert box is not None
    if not costs.can_pay(state, command.player, box.costs):
        payable = [
            SPACES[i]
            for i in open_space_indices(state)
            if costs.can_pay(state, command.player, deal_box(state, i).costs)
        ]
        if payable:
            raise IllegalMove(
                f"{command.player} cannot pay the costs of {space.tile}'s box",
                rule=R_COSTS,
                legal=f"deal to {' | '.join(payable)}",
            )
        box = None
    elif box.costs:
        costs.plan(state, command.player, box.costs, command.pay)
    out.add(SuitcasePlaced(command.player, index, space.suitcases + 1 == room))
    if space.red:
        core.mood(out, command.player, -1, "an illegal deal costs 1 mood")
    source = f"{command.space} {space.tile}"
    if box is not None:
        open_box(out, command.player, source, box, pay_words=command.pay)
        settle(out)


def deal_box(state: State, index: int) -> Box:
    space = state.spaces[index]
    assert space.tile is not None
    face = state.faces.tiles[space.tile]
    return parse_box(face.red if space.red else face.grey)


def open_space_indices(state: State) -> list[int]:
    room = core.side(state).suitcases if state.side else 0
    return [i for i, s in enumerate(state.spaces) if s.tile is not None and s.suitcases < room]


def open_spaces(state: State) -> list[str]:
    return [SPACES[i] for i in open_space_indices(state)]


def sell(out: Out, command: Sell) -> None:
    """Selling Resources: at the current price, in one's own turn."""
    state = out.state
    turn_player(state, command.player, R_SELL)
    player = state.players[command.player]
    wanted = Counter(command.resources)
    for resource, n in wanted.items():
        if resource not in data.RESOURCES:
            raise BadInput(f"unknown resource {resource!r}", legal=", ".join(data.RESOURCES))
        if player.warehouse.get(resource, 0) < n:
            raise IllegalMove(
                f"{command.player} has {player.warehouse.get(resource, 0)} {resource}, not {n}",
                rule=R_SELL,
                legal=f"the warehouse holds {_warehouse(player.warehouse)}",
            )
    earned = sum(core.price(state, r) * n for r, n in wanted.items())
    core.change(
        out, command.player, "sells", resources={r: -n for r, n in sorted(wanted.items())}, money=earned
    )


def _warehouse(warehouse: dict[str, int]) -> str:
    return ", ".join(f"{n} {r}" for r, n in warehouse.items()) or "nothing"


def production_space(word: str) -> int:
    for i, line in enumerate(data.LINES):
        for n in range(1, data.LINE_SPACES + 1):
            if word.lower() == f"{line}{n}":
                return i * data.LINE_SPACES + n - 1
    raise BadInput(f"unknown production space {word!r}", legal="upper1 .. upper3, lower1 .. lower3")


def buy_tile(out: Out, command: BuyTile) -> None:
    """Production Tiles: 10 money for one of one's own tiles, onto a production space; or one
    returned to the supply at any time, without a refund."""
    state = out.state
    player = core.player_of(state, command.player)
    index = production_space(command.space)
    if command.resource not in data.RESOURCES:
        raise BadInput(f"unknown resource {command.resource!r}", legal=", ".join(data.RESOURCES))
    if command.back:
        if command.resource not in player.production[index]:
            raise IllegalMove(f"no {command.resource} tile on {command.space}", rule=R_TILES)
        out.add(TilePlaced(command.player, command.resource, index, back=True))
        return
    turn_player(state, command.player, R_TILES)
    left = core.tiles_left(state, player)
    if command.resource not in left:
        raise IllegalMove(
            f"{command.player} has no {command.resource} production tile left",
            rule=R_TILES,
            legal=f"left: {counts_text(left)}",
        )
    core.check_money(state, command.player, data.TILE_PRICE, "a production tile", R_TILES)
    frame = core.top(state)
    spot = find(frame, ["tile"]) if frame is not None else None
    if spot is not None:
        use(out, *spot, 1)
    core.money(out, command.player, -data.TILE_PRICE, "buys a production tile")
    out.add(TilePlaced(command.player, command.resource, index))
    if spot is not None:
        settle(out)


def office(out: Out, command: Office) -> None:
    """Offices: the holder's action once every turn, before or after the deal."""
    state = out.state
    turn_player(state, command.player, R_OFFICES)
    _no_box(state, command.player, "the office action")
    player = state.players[command.player]
    if not player.office:
        raise IllegalMove(f"{command.player} holds no office", rule=R_OFFICES)
    if state.office_done:
        raise IllegalMove(
            f"{command.player} has done the {data.OFFICE_NAMES[player.office]}'s action this turn",
            rule=R_OFFICES,
            legal="it is done once every turn",
        )
    immoral = core.immoral(state, command.player)
    why = data.OFFICE_NAMES[player.office]
    if player.office == "president":
        out.add(OfficeDone(command.player))
        draw_law(out, command.player, "blue" if immoral else "yellow", command.choice or None, why)
        settle(out)
        return
    moral_only = player.office == "vice-president" and not immoral
    if command.choice and not moral_only:
        # a rule, not the grammar: an immoral Vice-President takes money, and no track
        raise IllegalMove(
            f"the {why}'s action has nothing to choose now"
            + (" (immoral: the money, no faction step)" if immoral else ""),
            rule=R_OFFICES,
            legal=f"office {command.player}",
        )
    out.add(OfficeDone(command.player))
    money_text, action = data.OFFICE_ACTION[player.office]
    if immoral:
        core.money(out, command.player, parse_box(money_text).slots[0].items[0].n, why)
    elif action == "faction":
        if command.choice not in data.TRACKS:
            raise BadInput(
                "the Vice-President moves 1 step on the faction track of their choice",
                legal=" | ".join(f"office {command.player} {t}" for t in data.TRACKS),
            )
        core.steps(out, command.player, command.choice, 1, why)
    elif action == "mood":
        core.mood(out, command.player, 1, why)
    else:
        core.add_votes(out, command.player, 1, why)


def dummy_votes(out: Out, box: Box, why: str) -> None:
    """Election Changes with 2 Players: the dummy "can gain or lose votes from effects that
    affect all players": of a law's "All Others" part, its votes (a cost only if it can pay it
    in full, as the others), and nothing else."""
    for item in box.costs:
        if item.symbol == "vote" and out.state.bag.get(data.DUMMY, 0) >= item.n:
            core.pay_votes(out, data.DUMMY, item.n, f"{why} (all others)")
    for slot in box.slots:
        if len(slot.items) == 1 and slot.items[0].symbol == "vote":
            core.add_votes(out, data.DUMMY, slot.items[0].n, why)


def law(out: Out, command: LawMove) -> None:
    state = out.state
    frame = acting(state, command.player)
    if command.side:
        spot = find(frame, [f"law-{command.side}"])
        if spot is None:
            raise missing(frame, "law to decide", R_PRESIDENT)
        face = state.faces.laws[frame.card]
        president, others = face.left if command.side == "left" else face.right
        own = parse_box(president)
        costs.plan(state, command.player, own.costs, command.pay)
        use(out, *spot, 1)
        if state.dummy:
            dummy_votes(out, parse_box(others), f"law {face.name}: All Others")
        for name in reversed(core.clockwise(state, command.player)[1:]):
            open_box(out, name, f"law {face.name}: All Others", parse_box(others), forced=True)
        open_box(out, command.player, f"law {face.name}: President", own, pay_words=command.pay)
        settle(out)
        return
    spot = find(frame, ["law", "pick-law"])
    if spot is None:
        raise missing(frame, "law to draw", R_PRESIDENT)
    symbol = frame.slots[spot[0]].items[spot[1]].symbol
    if symbol == "pick-law":
        if command.pile not in data.LAW_PILES:
            raise BadInput(
                "I PICK NUMBER 3: the top card of either law pile", legal="law PLAYER yellow | blue"
            )
        colour = command.pile
    else:
        colour = "blue" if core.immoral(state, command.player) else "yellow"
        if command.pile and command.pile != colour:
            raise IllegalMove(
                f"{command.player} draws a {colour} law: blue when immoral, else yellow", rule=R_PRESIDENT
            )
    use(out, *spot, 1)
    draw_law(out, command.player, colour, command.card or None, frame.source)
    settle(out)
