"""What every Planet B rule uses: the scratch fold, queries, the counters of a player
(money, VP, mood, resources, workies, faction steps, votes) and the stack of open boxes.

Costs and Action Boxes: a box's costs are paid fully first (``costs``) or it cannot be
chosen; then its actions are performed one at a time, each fully, in the order the player
chooses. An open box is a ``Frame`` on ``State.stack`` (``costs.open_box`` pays and puts it
there); a move performs units of one of its slots (``use``); ``boxes.settle`` performs what
is left with nothing to choose once only that is left, and closes finished boxes (there, as
it performs items: core imports no rules module).

The rules are a DAG: this module at the bottom, the sections above it (``costs``; ``chance``;
``setup`` and ``boxes``; ``turn``, ``actions`` and ``buildings``; ``particular``;
``elections``: each imports only those before it), the turn's flow (``flow``) above them,
``decide`` on top. A section whose move ends in the flow (the last starting building chosen
starts the first turn; a reveal after the setup is the flow's; an election's step done goes
on) asks the move's accumulator (``Out.flow``, the operations ``Flow`` lists) rather than importing the
flow, which imports the sections: as boardgame.io's moves call ``events.endTurn()``.
``decide`` builds each move's ``Out`` with the ``flow`` module as its flow.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from ledger.decider import Facts
from ledger.errors import BadInput, IllegalMove, NotYourTurn
from ledger.games.planet_b import data, effects
from ledger.games.planet_b.effects import Item, Slot
from ledger.games.planet_b.evolve import evolve
from ledger.games.planet_b.faces import Building, Mood, Side, Track
from ledger.games.planet_b.model import (
    SPACES,
    BoxClosed,
    Changed,
    Dropped,
    Event,
    Frame,
    LawReturned,
    NewsStacked,
    Player,
    Reveal,
    State,
    Used,
    Votes,
)
from ledger.games.planet_b.sections import R_COSTS, R_MONEY, R_SUMMARY
from ledger.words import counted

OPTION_MOOD_VOTES = "mood-votes"
OPTION_MINUS_TILE = "minus-tile"
OPTION_RENOVATIONS = "renovations"
OPTION_COLOURS = "colours"
OPTION_OTHERS_CHOICE = "others-choice"
# Actions a virtual game performs itself: the referee draws from its own piles and bag.
VIRTUAL_FREE = frozenset({"draw-build-a", "draw-build-b", "chance", "bet", "law"})


class Flow(Protocol):
    """What a section asks of the turn's flow (``rules.flow`` is one)."""

    def start_turn(self, out: Out, name: str) -> None: ...
    def reveal(self, out: Out, command: Reveal) -> None: ...
    def proceed(self, out: Out) -> None: ...
    def next_turn(self, out: Out) -> None: ...


class Out(Facts[State, Event]):
    """The facts of one Planet B move (``ledger.decider.Facts``), and the flow its sections
    ask for what comes next."""

    def __init__(self, state: State, flow: Flow) -> None:
        super().__init__(state, evolve)
        self.flow = flow


# ---------------------------------------------------------------------------- queries


def player_of(state: State, name: str) -> Player:
    player = state.players.get(name)
    if player is None:
        raise BadInput(f"unknown player {name!r}", legal=", ".join(state.seats))
    return player


def participants(state: State) -> list[str]:
    """Everyone whose votes take part in elections: the players, then the dummy."""
    return [*state.seats, data.DUMMY] if state.dummy else list(state.seats)


def clockwise(state: State, first: str) -> list[str]:
    """The players in turn order starting with ``first``."""
    i = state.seats.index(first)
    return [*state.seats[i:], *state.seats[:i]]


def side(state: State) -> Side:
    return state.faces.sides[state.side]


def mood_face(state: State) -> Mood:
    face = state.faces.mood
    assert face is not None
    return face


def mood_range(state: State) -> tuple[int, int]:
    """The lowest and highest mood, in spaces from neutral."""
    face = mood_face(state)
    return -face.neutral, len(face.spaces) - 1 - face.neutral


def track(state: State, name: str) -> Track:
    return state.faces.tracks[name]


def building(state: State, name: str) -> Building:
    """A building's face; Headquarters is printed in part and declared in part."""
    if name == data.HEADQUARTERS:
        hq = state.faces.headquarters
        boxes = hq.boxes if hq is not None else ()  # not declared yet: its work area is printed
        return Building(name=name, pile="", cost=0, vp=0, areas=data.HEADQUARTERS_AREAS, boxes=boxes)
    return state.faces.buildings[name]


def immoral(state: State, name: str) -> bool:
    """Immoral News Cards: the top card of the player's news stack shows the symbol."""
    stack = state.players[name].news
    return bool(stack) and state.faces.news[stack[-1]].immoral


def price(state: State, resource: str) -> int:
    """Selling Resources: the disc below the tile whose market lists it; meat always 6."""
    if resource == "meat":
        return data.MEAT_PRICE
    for i, market in enumerate(side(state).markets):
        if resource in market:
            grey, red = market[resource]
            return red if state.markets[i] else grey
    raise AssertionError(resource)


def office_of(state: State, colour: str) -> str:
    """The office a player (or the dummy) holds, "" if none."""
    if colour == data.DUMMY:
        return state.dummy_office
    return state.players[colour].office


def line_resources(state: State, player: Player, line: str) -> tuple[str, ...]:
    """What a production line shows: each space's top tile, else the board's resource."""
    face = state.faces.boards[str(player.board)]
    printed = face.upper if line == "upper" else face.lower
    start = 0 if line == "upper" else data.LINE_SPACES
    return tuple(
        (player.production[start + i][-1] if player.production[start + i] else printed[i])
        for i in range(data.LINE_SPACES)
    )


def tiles_left(state: State, player: Player) -> list[str]:
    """The player's production tiles still in their supply."""
    face = state.faces.production
    assert face is not None
    left = list(face.tiles)
    for space in player.production:
        for tile in space:
            left.remove(tile)
    return left


def swindles_left(player: Player) -> list[str]:
    left = list(data.SWINDLE_TILES)
    for tile in player.swindles:
        left.remove(tile)
    return left


def space_index(word: str) -> int:
    if word not in SPACES:
        raise BadInput(
            f"the conglomerate spaces are {', '.join(SPACES)}, not {word!r}", legal=" | ".join(SPACES)
        )
    return SPACES.index(word)


# ---------------------------------------------------------------------------- counters


def change(out: Out, name: str, why: str, **fields: object) -> None:
    """A ``Changed`` fact, unless nothing changes."""
    kept = {k: v for k, v in fields.items() if v}
    if kept:
        out.add(Changed(name, why, **kept))  # type: ignore[arg-type]


def money(out: Out, name: str, n: int, why: str) -> None:
    if name != data.DUMMY:
        change(out, name, why, money=n)


def mood(out: Out, name: str, n: int, why: str) -> None:
    """Mood: up or down ``n`` spaces; past the top 2 VP a step, past the bottom -2 VP a step
    (as much as the pocket holds: an empty pocket counts as paid)."""
    player = out.state.players[name]
    low, high = mood_range(out.state)
    if n >= 0:
        moved = min(n, high - player.mood)
        change(out, name, why, mood=moved, vp=data.MOOD_VP * (n - moved))
    else:
        moved = min(-n, player.mood - low)
        lost = min(player.vp, data.MOOD_VP * (-n - moved))
        change(out, name, why, mood=-moved, vp=-lost)


def resources(out: Out, name: str, got: dict[str, int], why: str) -> None:
    """Containers into the warehouse; any over 4 of a resource sold at once at the current
    price (Production)."""
    if name == data.DUMMY:
        return
    player = out.state.players[name]
    kept: dict[str, int] = {}
    sold = 0
    for resource, n in got.items():
        room = data.WAREHOUSE - player.warehouse.get(resource, 0)
        kept[resource] = min(n, max(0, room))
        sold += (n - kept[resource]) * price(out.state, resource)
    change(out, name, why, resources={k: v for k, v in kept.items() if v})
    if sold:
        change(out, name, "the warehouse holds 4 of a resource: the rest sold at once", money=sold)


def workies(out: Out, name: str, crafties: int, brainies: int, why: str) -> None:
    """Workies onto the board; more than 8 of a kind go back at once (Workie Action)."""
    if name == data.DUMMY:
        return
    player = out.state.players[name]
    c = min(crafties, data.WORKIE_LIMIT - player.crafties) if crafties > 0 else crafties
    b = min(brainies, data.WORKIE_LIMIT - player.brainies) if brainies > 0 else brainies
    extra = (crafties - c) + (brainies - b)
    note = f" ({extra} over 8 back to the supply)" if extra else ""
    change(out, name, why + note, crafties=c, brainies=b)


def steps(out: Out, name: str, track_name: str, n: int, why: str) -> None:
    """Faction steps to the right; past the last space 4 money a step (Faction Action)."""
    if name == data.DUMMY:
        return
    position = out.state.players[name].factions[track_name]
    moved = min(n, len(track(out.state, track_name).spaces) - position)
    change(out, name, why, factions={track_name: moved}, money=data.STEP_MONEY * (n - moved))


def add_votes(out: Out, colour: str, n: int, why: str) -> None:
    """Adding Votes to the Bag: from the supply; 1 money for each vote missing."""
    have = out.state.supply.get(colour, 0)
    moved = min(n, have)
    if moved:
        out.add(Votes(colour, moved, "supply", "bag", why=why))
    if n > moved:
        missing = counted(n - moved, "vote")
        money(out, colour, n - moved, f"{why}: {missing} missing from the supply, 1 money each")


def pay_votes(out: Out, colour: str, n: int, why: str) -> None:
    """Votes paid out of the bag: out of play (or to the supply, option ``mood-votes``)."""
    moved = min(n, out.state.bag.get(colour, 0))
    target = "supply" if out.state.options.get(OPTION_MOOD_VOTES) == "supply" else "out"
    if moved:
        out.add(Votes(colour, moved, "bag", target, why=why))


# ---------------------------------------------------------------------------- the stack


def top(state: State) -> Frame | None:
    return state.stack[-1] if state.stack else None


_WAITING = {
    "cards": "the boards and cards the rulebook does not print are still to declare",
    "setup": "the table is setting up",
    "draft": "the starting buildings are being chosen",
    "refill": "the turn is over: buildings are redrawn and news revealed",
    "exchange": "an exchange is under way",
    "election": "an election is under way",
    "over": "the game is over",
}


REFEREE = "referee"  # Used.by: performed by itself, nothing was left to choose


def performed_already(state: State, name: str, symbols: Sequence[str]) -> IllegalMove | None:
    """The refusal of an action typed again that was performed this turn for ``name`` (any
    of ``symbols``; none: any the referee performed by itself): it says by whom."""
    for done in reversed(state.performed):
        mine = done.owner == name if not done.scope else done.scope == "all" or done.owner != name
        if not mine or (symbols and done.symbol not in symbols) or (not symbols and done.by != REFEREE):
            continue
        whose = done.source if done.owner == name else f"{done.owner}'s {done.source}"
        scope = f", {done.scope}" if done.scope else ""
        by = (
            "by the referee, as nothing was left to choose"
            if done.by == REFEREE
            else f"by {done.owner}'s move"
        )
        return IllegalMove(
            f"{name}'s {done.symbol} ({whose}{scope}) was performed already, {by}",
            rule=R_COSTS,
            legal="nothing to type for it; `referee log` shows it",
        )
    return None


def acting(state: State, name: str, symbols: Sequence[str] | None = None) -> Frame:
    """The open box ``name`` performs now; the right error if it is not theirs to act (and,
    for ``symbols`` typed, if the referee or a move performed them already this turn)."""
    frame = top(state)
    if state.phase != "turn":
        raise NotYourTurn(f"no turn is under way: {_WAITING[state.phase]}", rule=R_SUMMARY)
    if symbols is not None and (frame is None or frame.owner != name):
        done = performed_already(state, name, symbols)
        if done is not None:
            raise done
    if frame is None:
        raise IllegalMove(
            "there is no action box open to perform",
            rule=R_SUMMARY,
            legal=f"{state.active}: deal to a conglomerate" if not state.dealt else None,
        )
    if frame.owner != name:
        raise NotYourTurn(f"{frame.owner} performs {frame.source} now, not {name}", rule=R_COSTS)
    return frame


def slot_offers(slot: Slot, symbols: Iterable[str]) -> int | None:
    """The index of the slot's item that is one of ``symbols`` (None: none is)."""
    wanted = set(symbols)
    for i, item in enumerate(slot.items):
        if item.symbol in wanted and not item.cost:  # a payer's cost is paid, not gained
            return i
    return None


def find(frame: Frame, symbols: Sequence[str], n: int = 1) -> tuple[int, int] | None:
    """A slot of ``frame`` offering one of ``symbols`` (in the order given: the first symbol
    the most specific), with ``n`` units left: plain slots first, then mixes, then choices."""
    for symbol in symbols:
        for kind in ("plain", "mix", "choice"):
            for s, slot in enumerate(frame.slots):
                shape = "mix" if slot.mix else "choice" if slot.choice else "plain"
                if shape != kind:
                    continue
                i = slot_offers(slot, [symbol])
                if i is None:
                    continue
                left = slot.n if slot.mix else slot.items[i].n
                if left >= n:
                    return s, i
    return None


def offered(frame: Frame) -> str:
    return " ".join(effects.slot_text(slot) for slot in frame.slots) or "nothing"


def missing(frame: Frame, what: str, rule: str) -> IllegalMove:
    return IllegalMove(
        f"{frame.source} offers no {what} now",
        rule=rule,
        legal=f"left to perform in {frame.source}: {offered(frame)}",
    )


def use(out: Out, slot: int, item: int, n: int, by: str = "") -> None:
    out.add(Used(slot, item, n, by))


def free(state: State, item: Item) -> bool:
    """Performed with nothing to choose: a gain, a scoped action (each player chooses their
    own), or what a virtual game draws itself."""
    return item.free or bool(item.scope) or (state.virtual and item.symbol in VIRTUAL_FREE)


def slot_free(state: State, slot: Slot) -> bool:
    return len(slot.items) == 1 and not slot.mix and free(state, slot.items[0])


def close(out: Out) -> None:
    frame = top(out.state)
    assert frame is not None
    out.add(BoxClosed())
    if frame.then == "stack":
        out.add(NewsStacked(frame.owner, frame.card))
    elif frame.then == "law":
        colour = out.state.faces.laws[frame.card].colour
        out.add(LawReturned(colour, frame.card))


def drop(out: Out, slots: Iterable[int]) -> None:
    for slot in sorted(slots, reverse=True):
        out.add(Dropped(slot))


def check_money(state: State, name: str, n: int, what: str, rule: str = R_MONEY) -> None:
    have = state.players[name].money
    if have < n:
        raise IllegalMove(
            f"{name} has {have} money, not the {n} {what} costs",
            rule=rule,
            legal="sell resources first (VP never pays a cost)",
        )
