"""Elections, its 5 steps: 1. Return Workies (full work areas by themselves, the partly filled
ones each player names), 2. Score Mood Tracks, 3. Carry Out the Election (the "+1" tiles, the
draws from the bag: a virtual bag's the flow draws itself), 4A. Count Votes and 4B. Distribute
Offices (the Rules for Ties), 5. Finish the Election; with the dummy's votes (Election Changes
with 2 Players). The flow starts an election and runs its steps that need no one; the moves
here ask the move's accumulator for what follows (``out.flow``).
"""

from __future__ import annotations

from ledger.errors import IllegalMove, NotYourTurn
from ledger.games.planet_b import data
from ledger.games.planet_b.effects import parse_box
from ledger.games.planet_b.faces import areas_of
from ledger.games.planet_b.model import (
    DrawAll,
    Drawn,
    DrawsStarted,
    DrawVotes,
    ElectionEnded,
    ElectionStarted,
    OfficesGiven,
    Recall,
    RecallDone,
    State,
    Votes,
    WorkiesRecalled,
)
from ledger.games.planet_b.rules import buildings, chance, core, costs, particular
from ledger.games.planet_b.rules.core import Out
from ledger.games.planet_b.sections import R_DRAWS, R_RECALL
from ledger.piles import require_all
from ledger.words import card_word, counted


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
                for other in costs.others(out.state, name, "vote"):
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
                f"{name} draws {counted(totals[name], 'vote')} in all, not {len(colours)}",
                rule=R_DRAWS,
                legal=shown,
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
