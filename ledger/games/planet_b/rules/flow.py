"""After a turn (Your Turn: A Summary): redraw buildings to 3, reveal the news taken, an
exchange if a tile was filled, an election if the marker reached the last space; then the
next player clockwise, or the end of the game (Game End).

``proceed`` does what follows by itself and stops where the table must act: a player
redraws, the table reveals a card, the exchange's resources, an election's returns or draws.
"""

from __future__ import annotations

from ledger.errors import BadInput, IllegalMove, NotYourTurn
from ledger.games.planet_b import data
from ledger.games.planet_b.effects import parse_box
from ledger.games.planet_b.faces import areas_of
from ledger.games.planet_b.model import (
    BuildingDrawn,
    DrawAll,
    Drawn,
    DrawsStarted,
    DrawVotes,
    ElectionEnded,
    ElectionStarted,
    End,
    ExchangeEnded,
    ExchangeStarted,
    FinalRound,
    GameEnded,
    NewsRevealed,
    OfficesGiven,
    Recall,
    RecallDone,
    Redraw,
    Reveal,
    State,
    Swap,
    TileTurned,
    TurnEnded,
    TurnStarted,
    Votes,
    WorkiesRecalled,
)
from ledger.games.planet_b.rules import boxes, buildings, chance, core, particular, setup, turn
from ledger.games.planet_b.rules.core import Out
from ledger.games.planet_b.sections import (
    R_COSTS,
    R_DEAL,
    R_DRAWS,
    R_EXCHANGE,
    R_NEWS,
    R_OFFICES,
    R_RECALL,
    R_REDRAW,
)
from ledger.piles import candidates, draw, require_all
from ledger.words import card_word

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


def drawer(state: State) -> str:
    election = state.election
    if state.phase != "election" or election is None or election.step != "draw":
        return ""
    return election.order[election.drawer]


def plus_tiles(state: State, name: str) -> int:
    return state.players[name].swindles.count("+1") if name in state.players else 0


def draw_size(state: State, name: str, left: int | None = None) -> int:
    """3. Carry Out the Election: 3 votes, 1 more a "+1" tile, as many as the bag holds
    (``left``: as many as it will hold then)."""
    size = data.DRAW + plus_tiles(state, name)
    if state.options.get(core.OPTION_MINUS_TILE) == "draw" and name in state.players:
        size -= state.players[name].swindles.count("-1")
    return max(1, min(size, sum(state.bag.values()) if left is None else left))


def draws_left(state: State) -> dict[str, int]:
    """3. Carry Out the Election: the votes each drawer still draws, in all: "Keep drawing
    votes from the bag, in turn order, until the bag is empty" (the next drawer first)."""
    election = state.election
    if not drawer(state) or election is None:
        return {}
    left, turn = sum(state.bag.values()), election.drawer
    totals: dict[str, int] = {}
    while left:
        name = election.order[turn]
        size = draw_size(state, name, left)
        totals[name] = totals.get(name, 0) + size
        left, turn = left - size, (turn + 1) % len(election.order)
    return totals


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
            f"{command.player} draws {needed} building(s) to have 3 in hand, not {len(command.cards)}",
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
                raise BadInput(
                    f"the referee does not know building {word} yet: declare it first",
                    legal=f"declare building {card_word(word)} {setup.BUILDING_EXAMPLE}",
                )
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
        setup.check_tile(state, name, "B", R_EXCHANGE)
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


# ---------------------------------------------------------------------------- elections


def start_election(out: Out) -> None:
    """Elections: the dummy's 9 votes, then 1. Return Workies: full work areas by
    themselves; each player with partly filled areas says which return."""
    state = out.state
    trigger = state.active
    if state.dummy:
        core.add_votes(out, data.DUMMY, data.DUMMY_VOTES, "the dummy's votes before the election")
    partly = [name for name in core.clockwise(state, trigger) if partly_filled(state, name)]
    order = (*core.clockwise(state, trigger), *((data.DUMMY,) if state.dummy else ()))
    out.add(ElectionStarted(trigger, tuple(partly), order))
    for name in core.clockwise(state, trigger):
        for site in state.players[name].buildings:
            face = core.building(state, site.name)
            for a, placed in enumerate(site.placed):
                if placed and len(placed) == len(areas_of(face.areas[a])):
                    out.add(WorkiesRecalled(name, site.name, a, placed))
        buildings.limit(out, name, "workies back from full work areas")


def partly_filled(state: State, name: str) -> list[str]:
    """The player's work areas with some workies but not full, as BUILDING.AREA."""
    found = []
    for site in state.players[name].buildings:
        face = core.building(state, site.name)
        for a, placed in enumerate(site.placed):
            if placed and len(placed) < len(areas_of(face.areas[a])):
                found.append(f"{card_word(site.name)}.{a + 1}")
    return found


def recall(out: Out, command: Recall) -> None:
    """1. Return Workies: the partly filled work areas the player returns (maybe none)."""
    state = out.state
    if state.phase != "election":
        particular.vaccinate(out, command)
        return
    election = state.election
    assert election is not None
    core.player_of(state, command.player)
    if election.step != "recall" or not election.recall:
        raise IllegalMove("workies are returned in step 1 of an election", rule=R_RECALL)
    if command.player != election.recall[0]:
        raise NotYourTurn(f"{election.recall[0]} says which work areas return first", rule=R_RECALL)
    allowed = partly_filled(state, command.player)
    for word in command.areas:
        if word not in allowed:
            raise IllegalMove(
                f"{word} is not a partly filled work area of {command.player}",
                rule=R_RECALL,
                legal=f"partly filled: {', '.join(allowed)}",
            )
    for word in dict.fromkeys(command.areas):
        building, _, number = word.rpartition(".")
        card = next(s.name for s in state.players[command.player].buildings if card_word(s.name) == building)
        area = int(number) - 1
        placed = next(s.placed[area] for s in out.state.players[command.player].buildings if s.name == card)
        out.add(WorkiesRecalled(command.player, card, area, placed))
    buildings.limit(out, command.player, "workies back from partly filled work areas")
    out.add(RecallDone(command.player))
    out.flow.proceed(out)


def score_mood(out: Out) -> None:
    """2. Score Mood Tracks: each player's space, then the marker back to neutral."""
    state = out.state
    assert state.election is not None
    face = core.mood_face(state)
    for name in core.clockwise(state, state.election.trigger):
        player = out.state.players[name]
        text = face.spaces[face.neutral + player.mood]
        box = parse_box(text)
        why = f"mood {player.mood:+d} at the election"
        for item in box.costs:
            core.pay_votes(out, name, item.n, why)
        for slot in box.slots:
            item = slot.items[0]
            if item.symbol == "money":
                core.money(out, name, item.n, why)
            elif item.scope == "others":
                for other in core.others(out.state, name, "vote"):
                    core.add_votes(out, other, item.n, f"{why} of {name}")
            else:
                core.add_votes(out, name, item.n, why)
        core.change(out, name, "mood back to neutral after the election", mood=-out.state.players[name].mood)


def start_draws(out: Out) -> None:
    """3. Carry Out the Election: each "+1" tile puts a vote from the supply in front of its
    owner, counted even with none left in the supply."""
    state = out.state
    out.add(DrawsStarted(dict(state.bag)))
    for name in state.seats:
        plus = plus_tiles(state, name)
        real = min(plus, out.state.supply.get(name, 0))
        if real:
            out.add(Votes(name, real, "supply", "front", holder=name, why='"+1" swindle tile'))
        if plus > real:
            out.add(
                Votes(name, plus - real, "none", "phantom", holder=name, why='"+1" tile, none left in supply')
            )


def draw_votes(out: Out, command: DrawVotes) -> None:
    state = out.state
    if state.phase != "election":
        particular.draw_votes(out, command)
        return
    name = drawer(state)
    if not name:
        raise IllegalMove("votes are drawn in step 3 of an election", rule=R_DRAWS)
    if command.player != name:
        raise NotYourTurn(
            f"{name} draws next", rule=R_DRAWS, legal="the bag goes round clockwise, the dummy last"
        )
    if state.virtual:
        raise IllegalMove("the referee draws from its virtual bag itself", rule=R_DRAWS)
    size = draw_size(state, name)
    chance.check_draw(state, command.colours, size, R_DRAWS)
    out.add(Drawn(name, tuple(sorted(command.colours)), "front"))
    out.flow.proceed(out)


def draw_all(out: Out, command: DrawAll) -> None:
    """3. Carry Out the Election at a real table, the whole draw at once: each drawer's
    colours in all are split into their draws in turn order (which draw a vote came out in
    changes nothing: every drawn vote goes in front of its drawer)."""
    state = out.state
    totals = draws_left(state)
    if not totals:
        raise IllegalMove("votes are drawn in step 3 of an election", rule=R_DRAWS)
    if state.virtual:
        raise IllegalMove("the referee draws from its virtual bag itself", rule=R_DRAWS)
    shown = "in all: " + ", ".join(f"{name} {n}" for name, n in totals.items())
    typed = {name: list(colours) for name, colours in command.draws.items()}
    for name, colours in typed.items():
        if name not in totals:
            raise IllegalMove(f"{name} draws no more votes in this election", rule=R_DRAWS, legal=shown)
        if len(colours) != totals[name]:
            raise IllegalMove(
                f"{name} draws {totals[name]} vote(s) in all, not {len(colours)}", rule=R_DRAWS, legal=shown
            )
    bag = [colour for colour, n in state.bag.items() for _ in range(n)]
    drawn = [colour for colours in typed.values() for colour in colours]
    require_all(bag, drawn, "bag", R_DRAWS)
    untyped = [name for name in totals if name not in typed]
    if len(untyped) > 1:
        raise IllegalMove(
            f"say what {', '.join(untyped[:-1])} drew (one drawer left out draws the rest)",
            rule=R_DRAWS,
            legal=shown,
        )
    if untyped:
        rest = list(bag)
        for colour in drawn:
            rest.remove(colour)
        typed[untyped[0]] = sorted(rest)
    while sum(out.state.bag.values()):
        name = drawer(out.state)
        size = draw_size(out.state, name)
        mine = typed[name]
        out.add(Drawn(name, tuple(sorted(mine[:size])), "front"))
        del mine[:size]
    out.flow.proceed(out)


def counts(state: State) -> dict[str, int]:
    """4A. Count Votes: own-colour votes in front of each ("+1" votes included)."""
    election = state.election
    assert election is not None
    found = {}
    for name in core.participants(state):
        n = election.front.get(name, {}).get(name, 0) + election.phantom.get(name, 0)
        if state.options.get(core.OPTION_MINUS_TILE) == "count" and name in state.players:
            n -= state.players[name].swindles.count("-1")
        found[name] = max(0, n)
    return found


def ranking(state: State, votes: dict[str, int]) -> list[str]:
    """Most votes first; ties: the first election the higher board number (the dummy loses
    every tie), later the lower office (Rules for Ties)."""

    def tiebreak(name: str) -> int:
        if state.elections == 0:
            return 0 if name == data.DUMMY else state.players[name].board
        held = core.office_of(state, name)
        return data.OFFICES.index(held) if held else -1

    return sorted(votes, key=lambda name: (votes[name], tiebreak(name)), reverse=True)


def offices_for(state: State) -> tuple[str, ...]:
    """The office cards in play: no D.O.D.O. with 2 or 3 players."""
    return data.OFFICES if len(state.seats) == 4 else data.OFFICES[:3]


def give_offices(out: Out) -> None:
    """4B. Distribute Offices and 5. Finish the Election."""
    state = out.state
    election = state.election
    assert election is not None
    votes = counts(state)
    order = ranking(state, votes)
    given = dict(zip(order, offices_for(state), strict=False))
    out.add(OfficesGiven(given, votes))
    president = order[0]
    for name in order:
        office = given.get(name, "")
        if office:
            core.money(out, name, data.OFFICE_MONEY[office], data.OFFICE_NAMES[office])
        front = out.state.election.front.get(name, {}) if out.state.election else {}
        back = [president] if office in ("president", "lama", "dodo") else []
        if office == "vice-president":
            back = [name, president]
        for colour in back:
            n = front.get(colour, 0)
            if n:
                out.add(
                    Votes(
                        colour, n, "front", "supply", holder=name, why=f"{data.OFFICE_NAMES[office]} returns"
                    )
                )
    rest = out.state.election
    assert rest is not None
    for holder, colours in sorted(rest.front.items()):
        for colour, n in sorted(colours.items()):
            out.add(Votes(colour, n, "front", "bag", holder=holder, why="the rest back to the bag"))
    for holder, n in sorted(rest.phantom.items()):
        out.add(Votes(holder, n, "phantom", "none", holder=holder))
    out.add(ElectionEnded(core.side(state).start))
    out.flow.next_turn(out)
