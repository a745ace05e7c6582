"""After a turn (Your Turn: A Summary): redraw buildings to 3, reveal the news taken, an
exchange if a tile was filled, an election if the marker reached the last space; then the
next player clockwise, or the end of the game (Game End). The election's steps are
``elections``, below the flow: this module starts an election and runs its steps that need
no one.

``proceed`` does what follows by itself and stops where the table must act: a player
redraws, the table reveals a card, the exchange's resources, an election's returns or draws.
"""

from __future__ import annotations

from ledger.errors import BadInput, IllegalMove, NotYourTurn
from ledger.games.planet_b import data
from ledger.games.planet_b.declare import face_needed
from ledger.games.planet_b.model import (
    BuildingDrawn,
    Drawn,
    End,
    ExchangeEnded,
    ExchangeStarted,
    FinalRound,
    GameEnded,
    NewsRevealed,
    Redraw,
    Reveal,
    State,
    Swap,
    TileTurned,
    TurnEnded,
    TurnStarted,
)
from ledger.games.planet_b.rules import boxes, chance, core, setup, turn
from ledger.games.planet_b.rules.core import Out
from ledger.games.planet_b.rules.elections import (
    draw_size,
    drawer,
    give_offices,
    score_mood,
    start_draws,
    start_election,
)
from ledger.games.planet_b.sections import R_COSTS, R_DEAL, R_EXCHANGE, R_NEWS, R_OFFICES, R_REDRAW
from ledger.piles import candidates, draw
from ledger.words import counted

# ---------------------------------------------------------------------------- queries


def redraw_needed(state: State) -> int:
    """Buildings the player draws after the turn: up to 3 in hand, as the piles allow."""
    if state.phase != "refill":
        return 0
    held = len(state.players[state.active].hand)
    left = sum(len(state.piles[p]) for p in data.BUILDING_PILES)
    return max(0, min(data.HAND - held, left))


def news_awaited(state: State) -> list[str]:
    """News piles taken from this turn whose next card is still to reveal."""
    if state.phase != "refill":
        return []
    return [p for p in dict.fromkeys(state.taken) if not state.news_up.get(p) and len(state.piles[p])]


def exchange_step(state: State) -> str:
    """ "resources" (the trigger takes them), "tile" (the table reveals the next B tile)."""
    exchange = state.exchange
    if state.phase != "exchange" or exchange is None:
        return ""
    space = state.spaces[exchange.space]
    if space.suitcases:
        return "resources"
    if space.tile is None and len(state.tiles):
        return "tile"
    return ""


def exchange_size(state: State, name: str) -> int:
    moral, immoral = data.EXCHANGE_RESOURCES
    return immoral if core.immoral(state, name) else moral


def office_owed(state: State) -> str:
    """The office whose action the active player still owes this turn ("" if none)."""
    if state.phase != "turn" or state.office_done:
        return ""
    return state.players[state.active].office


def may_end(state: State) -> bool:
    return (
        state.phase == "turn"
        and not state.stack
        and (state.dealt or not turn.open_spaces(state))
        and not office_owed(state)
    )


# ---------------------------------------------------------------------------- the turn ends


def start_turn(out: Out, name: str) -> None:
    out.add(TurnStarted(name))


def end(out: Out, command: End) -> None:
    state = out.state
    turn.turn_player(state, command.player)
    frame = core.top(state)
    if frame is not None:
        raise IllegalMove(
            f"{frame.source} is not done: every action is performed as fully as it can be",
            rule=R_COSTS,
            legal=f"left: {core.offered(frame)} (skip {frame.owner} drops what cannot be performed)",
        )
    if not state.dealt and turn.open_spaces(state):
        raise IllegalMove(
            "each turn you place a suitcase next to a conglomerate tile",
            rule=R_DEAL,
            legal=f"deal {command.player} {' | '.join(turn.open_spaces(state))}",
        )
    owed = office_owed(state)
    if owed:
        hint = f"office {command.player}" + (" TRACK" if owed == "vice-president" else "")
        raise IllegalMove(
            f"the {data.OFFICE_NAMES[owed]} must perform the office's action 1 time each turn",
            rule=R_OFFICES,
            legal=hint,
        )
    out.add(TurnEnded(command.player))
    proceed(out)


def known_next(state: State, pile: str) -> str | None:
    """At a real table, the next card of news pile ``pile`` or of the B tiles (``B``) when it
    can be only one (every face of the pile declared, one not seen yet): the referee turns it
    up itself, as a recorded fact (rules version 2 on)."""
    if state.legacy:
        return None
    if pile == "B":
        names = [t.name for t in state.faces.tiles.values() if t.set == "B"]
        held, total = state.tiles, data.TILE_SETS["B"]
    else:
        names = [n.name for n in state.faces.news.values() if n.pile == pile]
        held, total = state.piles[pile], data.NEWS_PILES[pile]
    left = candidates(held, names)
    return left[0] if len(names) == total and len(left) == 1 else None


def proceed(out: Out) -> None:
    """Everything that follows by itself, until the table or a player must act."""
    while True:
        state = out.state
        if state.phase == "refill":
            if redraw_needed(state):
                return
            waiting = news_awaited(state)
            if waiting:
                pile = waiting[0]
                top = state.piles[pile].top() if state.virtual else known_next(state, pile)
                if top is None:
                    return
                out.add(NewsRevealed(pile, top))
                continue
            if state.filled >= 0:
                out.add(ExchangeStarted(state.active, state.filled))
                continue
            if state.called:
                start_election(out)
                continue
            next_turn(out)
            return
        if state.phase == "exchange":
            if exchange_step(state) == "resources":
                return
            if exchange_step(state) == "tile":
                top = state.tiles.top() if state.virtual else known_next(state, "B")
                if top is None:
                    return
                add_tile(out, top)
                continue
            finish_exchange(out)
            continue
        if state.phase == "election":
            election = state.election
            assert election is not None
            if election.step == "recall":
                if election.recall:
                    return
                score_mood(out)
                start_draws(out)
                continue
            if sum(state.bag.values()):
                if not state.virtual:
                    return
                name = drawer(state)
                colours = chance.virtual_draw(state, draw_size(state, name))
                out.add(Drawn(name, colours, "front"))
                continue
            give_offices(out)
            continue
        return


def next_turn(out: Out) -> None:
    """Game End: once the final turns are played, the game ends; else the next player."""
    state = out.state
    if state.final == 0:
        out.add(GameEnded())
        return
    seat = (state.turn + 1) % len(state.seats)
    start_turn(out, state.seats[seat])


def redraw(out: Out, command: Redraw) -> None:
    """Redrawing Buildings: up to 3 in hand from piles of one's choice; a real table types
    the buildings drawn, a virtual game the piles."""
    state = out.state
    core.player_of(state, command.player)
    if state.phase != "refill" or command.player != state.active:
        raise NotYourTurn("buildings are redrawn after one's own turn", rule=R_REDRAW)
    needed = redraw_needed(state)
    if not needed:
        raise IllegalMove(
            f"{command.player} has {len(state.players[command.player].hand)} buildings in hand", rule=R_REDRAW
        )
    if len(command.cards) != needed:
        raise IllegalMove(
            f"{command.player} draws {counted(needed, 'building')} to have 3 in hand,"
            f" not {len(command.cards)}",
            rule=R_REDRAW,
        )
    for word in command.cards:
        state = out.state
        if word in data.BUILDING_PILES:
            if not state.virtual:
                raise BadInput(
                    f"say which building came off pile {word}: the table types the card drawn",
                    legal=f"redraw {command.player} BUILDING",
                )
            pile, typed = word, None
        else:
            if state.virtual:
                raise IllegalMove("the referee draws from its virtual piles: say the piles", rule=R_REDRAW,
                                  legal=f"redraw {command.player} A|B|C")  # fmt: skip
            face = state.faces.buildings.get(word)
            if face is None:
                raise face_needed("building", word, state.faces.buildings)
            pile, typed = face.pile, word
        if not len(state.piles[pile]):
            raise IllegalMove(f"the {pile} pile has run out", rule=R_REDRAW)
        names = [b.name for b in state.faces.buildings.values() if b.pile == pile]
        card = draw(state.piles[pile], typed, names, f"{pile} pile", R_REDRAW)
        out.add(BuildingDrawn(command.player, pile, card))
    proceed(out)


def reveal(out: Out, command: Reveal) -> None:
    """A real table reveals the next news card of a pile taken from, or the next B tile."""
    state = out.state
    if command.what == "news":
        if command.pile not in news_awaited(state):
            raise IllegalMove(
                f"no news card to reveal on pile {command.pile} now",
                rule=R_NEWS,
                legal="; ".join(awaited(state)) or None,
            )
        [name] = command.cards
        setup.news_card(state, command.pile, name)
        out.add(NewsRevealed(command.pile, name))
    else:
        if exchange_step(state) != "tile":
            raise IllegalMove("no conglomerate tile to add now", rule=R_EXCHANGE)
        [name] = command.cards
        setup.check_tile(state, name, "B", R_EXCHANGE, via="reveal tile")
        names = [t.name for t in state.faces.tiles.values() if t.set == "B"]
        draw(state.tiles, name, names, "B tile pile", R_EXCHANGE)
        add_tile(out, name)
    proceed(out)


def awaited(state: State) -> list[str]:
    """What the table must reveal now, in the command grammar."""
    if state.phase == "setup":
        return setup.awaited(state)
    news = news_awaited(state)
    wants = [setup.news_reveal(news)] if news else []
    if not redraw_needed(state) and wants and not state.virtual:
        return wants
    if exchange_step(state) == "tile" and not state.virtual:
        return ["reveal tile TILE"]
    return []


# ---------------------------------------------------------------------------- exchanges


def swap(out: Out, command: Swap) -> None:
    """Exchanges: 2 resources of your choice, or 5 if you are immoral."""
    state = out.state
    core.player_of(state, command.player)
    exchange = state.exchange
    if exchange_step(state) != "resources" or exchange is None:
        raise IllegalMove("no exchange is waiting for its resources", rule=R_EXCHANGE)
    if command.player != exchange.player:
        raise NotYourTurn(f"{exchange.player} filled the tile and takes the resources", rule=R_EXCHANGE)
    size = exchange_size(state, command.player)
    if len(command.resources) != size:
        raise IllegalMove(
            f"{command.player} takes {size} resources of their choice"
            + (" (immoral)" if size == data.EXCHANGE_RESOURCES[1] else ""),
            rule=R_EXCHANGE,
        )
    for resource in command.resources:
        if resource not in data.RESOURCES:
            raise BadInput(f"unknown resource {resource!r}", legal=", ".join(data.RESOURCES))
    got: dict[str, int] = {}
    for resource in command.resources:
        got[resource] = got.get(resource, 0) + 1
    core.resources(out, command.player, dict(sorted(got.items())), "exchange")
    turn_tile(out)
    proceed(out)


def turn_tile(out: Out) -> None:
    """Suitcases back; the tile flipped or removed as its face-up side says."""
    state = out.state
    assert state.exchange is not None
    index = state.exchange.space
    space = state.spaces[index]
    assert space.tile is not None
    face = state.faces.tiles[space.tile]
    how = face.red_then if space.red else face.grey_then
    out.add(TileTurned(index, how))


def add_tile(out: Out, tile: str) -> None:
    """A removed tile is replaced by the next B tile: the middle space red side up, the left
    and right grey. The last one added starts the final turns (Game End)."""
    state = out.state
    assert state.exchange is not None
    out.add(TileTurned(state.exchange.space, "add", tile))
    if not len(out.state.tiles) and out.state.final < 0:
        out.add(FinalRound(state.exchange.player, len(state.seats)))


def finish_exchange(out: Out) -> None:
    """The election marker 2 spaces forward; the market disc to the tile's side."""
    state = out.state
    assert state.exchange is not None
    boxes.move_marker(out, data.EXCHANGE_MARKER)
    out.add(ExchangeEnded(state.exchange.space))
    if out.state.called:
        start_election(out)
    else:
        next_turn(out)
