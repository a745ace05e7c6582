"""Game Components and Setup, Setting Up Your Player Board, Starting Buildings; and the
table's declarations of the faces the rulebook does not print.

The game waits in phase "cards" until the board faces are declared (and, for virtual piles,
every card). Then the setup: a real table reveals the 3 A tiles, the B tile removed with 2
players and the top card of each news pile; a virtual game shuffles and deals itself. Then
the building draft: A from the last player to the right, B from the start player to the
left, C like A.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from msgspec.structs import replace

from ledger.decider import Setup
from ledger.errors import BadInput, IllegalMove, NotYourTurn
from ledger.games.planet_b import data, faces
from ledger.games.planet_b.declare import PIECES, face_needed
from ledger.games.planet_b.evolve import seeded_piles
from ledger.games.planet_b.model import (
    SPACES,
    Constructed,
    Declare,
    Declared,
    DraftCard,
    Drafted,
    NewsRevealed,
    PacketDealt,
    Player,
    Reveal,
    SetUp,
    Shuffled,
    State,
    TileLaidOut,
    TileRemoved,
    TilesPlaced,
)
from ledger.games.planet_b.rules import core
from ledger.games.planet_b.rules.core import Out
from ledger.games.planet_b.sections import R_COMPONENTS, R_DRAFT, R_NEWS, R_SETUP, R_SMALL
from ledger.piles import face_brought_out

OPTIONS = {
    core.OPTION_MOOD_VOTES: ("out", "supply"),
    core.OPTION_OTHERS_CHOICE: ("ask", "most"),
    core.OPTION_MINUS_TILE: ("none", "draw", "count"),
    core.OPTION_RENOVATIONS: ("vp", "cost"),
}

# What the table is asked while setting up: the card in front of it, declared as it shows.
AS_SHOWN = "declare it as the card shows it first"


def _check_players(players: tuple[str, ...]) -> None:
    if not 2 <= len(players) <= 4:
        raise BadInput(f"Planet B is for 2 to 4 players, not {len(players)}", legal="2, 3 or 4 players")
    for name in players:
        if name.lower() in (data.DUMMY, "table"):
            raise BadInput(f"player name {name!r} is taken", legal="any name but dummy or table")


def initial(setup: Setup) -> State:
    """The table before setup: every player's pieces (Setting Up Your Player Board)."""
    if setup.mode != "standard":
        raise BadInput(f"unknown Planet B mode {setup.mode!r}", legal="standard")
    seats = tuple(setup.players)
    _check_players(seats)
    options = {name: values[0] for name, values in OPTIONS.items()}
    legacy = setup.rules_version == "1"
    if legacy:
        options[core.OPTION_OTHERS_CHOICE] = "most"  # version 1 never asked
    for name, value in setup.options.items():
        if name == core.OPTION_COLOURS:
            if not value:
                continue
            colours = [c.strip().lower() for c in value.split(",")]
            if len(colours) != len(seats) + (len(seats) == 2) or len(set(colours)) != len(colours):
                raise BadInput(
                    f"colours {value!r}: one colour per player in seat order (and the dummy's with 2)",
                    legal="e.g. yellow,blue,red",
                )
        elif name not in OPTIONS:
            raise BadInput(
                f"unknown Planet B option {name!r}", legal=", ".join([*OPTIONS, core.OPTION_COLOURS])
            )
        elif value not in OPTIONS[name]:
            raise BadInput(f"option {name} cannot be {value!r}", legal=" | ".join(OPTIONS[name]))
        options[name] = value
    players = {
        name: Player(
            name=name,
            board=i + 1,
            money=data.START_MONEY,
            factions=dict.fromkeys(data.TRACKS, 0),
            crafties=data.START_WORKIES,
            brainies=data.START_WORKIES,
            # "your headquarters ... is at your disposal from the start of the game"
            buildings=(Constructed(data.HEADQUARTERS, ((),) * len(data.HEADQUARTERS_AREAS)),),
        )
        for i, name in enumerate(seats)
    }
    supply = dict.fromkeys(seats, data.VOTES - data.START_BAG)
    dummy = len(seats) == 2
    if dummy:
        supply[data.DUMMY] = data.VOTES  # "place all votes in that color next to the game board"
    return State(
        seats=seats,
        options=options,
        seed=setup.seed,
        sealed=setup.commitment is not msgspec.UNSET,
        phase="cards",
        players=players,
        dummy=dummy,
        supply=dict(sorted(supply.items())),
        bag=dict(sorted(dict.fromkeys(seats, data.START_BAG).items())),
        legacy=legacy,
    )


def side_name(state: State) -> str:
    return data.FULL_SIDE if len(state.seats) == 4 else data.SMALL_SIDE


def waiting_for(state: State) -> list[str]:
    """The faces still to declare before the setup can start."""
    wanted = faces.board_missing(state.faces, len(state.seats))
    if state.virtual or state.sealed:  # a seed, even one since lost: its log waited for them all
        wanted += faces.cards_missing(state.faces)
    return wanted


def by_piece(wanted: list[str]) -> list[str]:
    """The faces still to declare, named by the piece that prints them where one command
    declares several (``declare.PIECES``): the faction track's 3 tracks; the mood track and
    swindle spaces with the next player board (each board prints them)."""
    tracks = list(dict.fromkeys(part for part, _ in PIECES["faction-track"].values()))
    if all(t in wanted for t in tracks):
        wanted = [w for w in wanted if w not in tracks[1:]]
        wanted = [("faction-track" if w == tracks[0] else w) for w in wanted]
    board = next((w for w in wanted if w.startswith("board ")), None)
    on_board = PIECES["board"]  # a board's keys -> (the part each declares, its key there)
    carried = [w for w in dict.fromkeys(part for part, _ in on_board.values()) if w in wanted]
    if board and carried:
        keys = " ".join(f"{key}=" for w in carried for key, (part, _) in on_board.items() if part == w)
        wanted = [(f"{board} with {keys}" if w == board else w) for w in wanted if w not in carried]
    return wanted


def declarations_awaited(state: State) -> list[str]:
    """What the table declares before the setup starts, a command a piece (the prompt's words)."""
    return [f"declare {what}" for what in by_piece(waiting_for(state))]


def boards_first(state: State) -> IllegalMove:
    """A reveal or draft typed while the boards are still to declare: it names them (Game
    Components and Setup: the boards are laid out before the tiles, the news and the draft)."""
    wanted = declarations_awaited(state)
    return IllegalMove(f"the boards come first: {'; '.join(wanted)}", rule=R_SETUP, legal=wanted[0])


def awaited(state: State) -> list[str]:
    """What a real table still reveals at setup, in the command grammar."""
    if state.phase != "setup":
        return []
    wants = []
    empty = empty_spaces(state)
    if empty:
        wants.append("reveal tiles " + " ".join(SPACES[i].upper() for i in empty))
    news = [pile for pile in data.NEWS_PILES if pile not in state.news_up]
    removing = state.dummy and not state.removed
    if removing and not news:
        wants.append("reveal removed TILE")
    return wants + ([news_reveal(news) + (" --removed TILE" if removing else "")] if news else [])


def empty_spaces(state: State) -> list[int]:
    """The conglomerate spaces no A tile is on yet, at setup (0 left, 1 middle, 2 right)."""
    return [i for i, space in enumerate(state.spaces) if space.tile is None]


def bring_out(out: Out, face: faces.Face | None, names: Sequence[str], kind: str, via: str) -> None:
    """The face typed in the move that brings its card out (``reveal tiles NAME set=A ...``,
    ``draft PLAYER NAME cost=...``), declared on the way as ``declare`` would (issue 41): one
    card's, of the kind the move brings out; the same face again is no new fact."""
    if face is None:
        return
    face_brought_out(faces.key_of(face), faces.kind_of(face), names, kind, via, R_COMPONENTS)
    stored = faces.check(out.state.faces, face)
    if faces.known(out.state.faces, stored) != stored:
        declare(out, Declare(face))


def news_reveal(piles: Sequence[str]) -> str:
    """The one command revealing a card on each of ``piles``."""
    return "reveal news " + " ".join(f"{pile} CARD" for pile in piles)


def declare(out: Out, command: Declare) -> None:
    """Each part of the piece a fact of its own; a part declared the same before (a player
    board's mood track, printed on every board) is no new fact; nothing new at all is refused."""
    added = 0
    for part in (command.face, *command.also):
        state = out.state  # decide refuses every move once the game is over
        face = faces.check(state.faces, part)
        before = faces.known(state.faces, face)
        if before is None:
            out.add(Declared(face))
            added += 1
        elif before != face:
            raise IllegalMove(
                f"{faces.kind_of(face)} {faces.key_of(face)}".strip()
                + " was declared otherwise; a face is declared once",
                rule=R_COMPONENTS,
            )
    if not added:
        face = command.face
        what = f"{faces.kind_of(face)} {faces.key_of(face)}".strip()
        raise IllegalMove(f"{what} is declared already", rule=R_COMPONENTS)
    if out.state.phase == "cards" and not waiting_for(out.state):
        begin(out)


def begin(out: Out) -> None:
    """Game Components and Setup: the board side, the election marker on its start, the
    piles; a virtual game shuffles and lays out everything itself."""
    state = out.state
    name = side_name(state)
    out.add(SetUp(name, state.dummy, state.faces.sides[name].start))
    if not state.virtual:
        return
    piles = seeded_piles(state)
    out.add(Shuffled({}, seeded=True) if state.sealed else Shuffled(piles))
    if state.dummy:
        out.add(TileRemoved(piles["tiles-B"][0]))
    out.add(TilesPlaced(piles["tiles-A"]))
    for pile in data.NEWS_PILES:
        out.add(NewsRevealed(pile, piles[pile][0]))
    deal_packet(out, "A")


def check_tile(state: State, name: str, group: str, rule: str, *, via: str) -> None:
    """A tile of ``group`` (A, B), declared; ``via``: the reveal that brings it out, which takes
    its face (issue 41: the setup's ``reveal tiles`` and ``reveal removed``, the exchange's
    ``reveal tile``), so a new tile's hint is that reveal with the face, never ``declare``."""
    face = state.faces.tiles.get(name)
    if face is None:
        raise face_needed("tile", name, state.faces.tiles, said=AS_SHOWN, via=via)
    if face.set != group:
        raise IllegalMove(
            f"{name} is a{'n' if face.set == 'A' else ''} {face.set} tile, not {group}", rule=rule
        )


_REVEALED_KIND = {"tiles": "tile", "removed": "tile", "tile": "tile", "news": "news"}


def reveal(out: Out, command: Reveal) -> None:
    if command.face is not None:
        if command.removed or command.piles:
            raise BadInput(
                "a face belongs to one card: reveal it alone",
                legal="reveal removed TILE ... then reveal news",
            )
        via = f"reveal {command.what}" + (f" {command.pile}" if command.pile else "")
        kind = _REVEALED_KIND.get(command.what)
        if kind is None:  # not typed: a service caller's command
            raise BadInput(
                f"{via} takes no face", legal="a face goes with reveal tiles, removed, tile or news"
            )
        bring_out(out, command.face, command.cards, kind, via)
    if command.removed:
        # 2 players: the B tile removed, typed with the news; each as if typed alone
        if out.state.phase != "setup":
            raise IllegalMove("a B tile is removed at the setup only", rule=R_SMALL)
        reveal(out, Reveal("removed", (command.removed,)))
        reveal(out, replace(command, removed=""))
        return
    if command.piles:
        # several news cards in one command: each revealed as if typed alone, in order
        if len(command.piles) != len(command.cards):  # not typed: a service caller's command
            raise BadInput("name one news card for each pile", legal=news_reveal(command.piles))
        for pile, card in zip(command.piles, command.cards, strict=True):
            reveal(out, Reveal("news", (card,), pile))
        return
    state = out.state
    if state.virtual:
        raise IllegalMove("the referee deals the virtual piles itself: nothing to reveal", rule=R_SETUP)
    if state.phase == "cards":
        raise boards_first(state)
    if command.what in ("news", "tile") and state.phase != "setup":
        out.flow.reveal(out, command)  # the end of a turn and the exchange reveal too
        return
    if state.phase != "setup":
        raise IllegalMove("the setup is over", rule=R_SETUP)
    if command.what == "tiles":
        empty = empty_spaces(state)
        if not empty:
            raise IllegalMove("the 3 A tiles are on the board already", rule=R_SETUP)
        placed = [space.tile for space in state.spaces if space.tile]
        if len(command.cards) not in (1, len(empty)) or len(set(command.cards)) != len(command.cards):
            raise BadInput(
                f"name the {len(empty)} A tiles still to place, left to right, or the next one alone",
                legal=awaited(state)[0],
            )
        for name in command.cards:
            if name in placed:
                raise IllegalMove(f"{name} is on the board already", rule=R_SETUP)
            check_tile(state, name, "A", R_SETUP, via="reveal tiles")
        if len(empty) == 3 == len(command.cards):
            out.add(TilesPlaced(command.cards))
        else:  # one at a time (each with its face), from the left
            for name, space in zip(command.cards, empty, strict=False):
                out.add(TileLaidOut(name, space))
    elif command.what == "removed":
        if not state.dummy:
            raise IllegalMove("a B tile is removed with 2 players only", rule=R_SMALL)
        if state.removed:
            raise IllegalMove(f"{state.removed} is removed already", rule=R_SMALL)
        [name] = command.cards
        check_tile(state, name, "B", R_SMALL, via="reveal removed")
        out.add(TileRemoved(name))
    elif command.what == "news":
        if command.pile in state.news_up:
            raise IllegalMove(f"the top card of pile {command.pile} is face up already", rule=R_SETUP)
        [name] = command.cards
        news_card(state, command.pile, name)
        out.add(NewsRevealed(command.pile, name))
    else:
        raise BadInput(f"nothing to reveal as {command.what!r} at the setup", legal="; ".join(awaited(state)))
    if not awaited(out.state):
        deal_packet(out, "A")


def news_card(state: State, pile: str, name: str) -> None:
    """A real table's card off news pile ``pile``: declared, of that pile, not seen yet."""
    face = state.faces.news.get(name)
    if face is None:
        raise face_needed("news", name, state.faces.news, said=AS_SHOWN, via=f"reveal news {pile}")
    if face.pile != pile:
        raise IllegalMove(f"{name} is a pile {face.pile} card, not pile {pile}", rule=R_NEWS)
    if name in state.piles[pile].seen:
        raise IllegalMove(f"{name} came off pile {pile} already", rule=R_NEWS)


def deal_packet(out: Out, pile: str) -> None:
    """Starting Buildings: as many cards as players to the first in the picking order."""
    state = out.state
    order = state.seats[::-1] if pile in ("A", "C") else state.seats
    size = len(state.seats)
    cards = state.piles[pile].known[:size] if state.virtual else ()
    out.add(PacketDealt(pile, order, cards, size))


def draft(out: Out, command: DraftCard) -> None:
    if out.state.phase == "cards":
        raise boards_first(out.state)
    bring_out(out, command.face, (command.card,), "building", f"draft {command.player}")
    state = out.state
    plan = state.draft
    if state.phase != "draft" or plan is None:
        raise IllegalMove("the starting buildings are chosen at the setup", rule=R_DRAFT)
    picker = plan.order[plan.index]
    core.player_of(state, command.player)
    if command.player != picker:
        raise NotYourTurn(
            f"{picker} chooses from the {plan.pile} buildings now, not {command.player}",
            rule=R_DRAFT,
            legal=f"the {plan.pile} buildings go {' -> '.join(plan.order)}",
        )
    name = command.card
    if state.virtual or plan.packet:  # a packet the referee dealt (and knows, its seed lost or not)
        if name not in plan.packet:
            raise IllegalMove(
                f"{picker} holds no {name}", rule=R_DRAFT, legal=f"one of {', '.join(sorted(plan.packet))}"
            )
    else:
        face = state.faces.buildings.get(name)
        if face is None:
            raise face_needed("building", name, state.faces.buildings, said=AS_SHOWN, via=f"draft {picker}")
        if face.pile != plan.pile:
            raise IllegalMove(f"{name} is from the {face.pile} pile, not the {plan.pile} pile", rule=R_DRAFT)
        if name in state.piles[plan.pile].seen:
            raise IllegalMove(f"{name} came off the {plan.pile} pile already", rule=R_DRAFT)
    out.add(Drafted(picker, name))
    if out.state.draft is not None and out.state.draft.size == 0:
        following = {"A": "B", "B": "C"}.get(plan.pile)
        if following:
            deal_packet(out, following)
        else:
            out.flow.start_turn(out, state.seats[0])
