"""PEBBLES: a tiny game that lives only in the tests, to exercise the ledger.

Rules (section numbers are cited in refusals like a real rulebook's):
  1. Setup: a pile of ``pile`` pebbles (option, default 21); every player holds 0.
  2. Turn: the player to act takes 1 to 3 pebbles from the pile; the turn passes left.
  3. Gift: at any time, a player may give pebbles they hold to another player.
  4. End: the game ends when the pile is empty; most pebbles wins, ties share the rank.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import msgspec

from ledger.decider import Option, Score, ScoreLine, Screen, Setup, Standing, Table, Verb
from ledger.errors import BadInput, GameOver, IllegalMove, NotYourTurn

name = "pebbles"
title = "Pebbles (test game)"
rules_version = "1"
modes: tuple[str, ...] = ("basic",)
min_players = 2
max_players = 4
options: tuple[Option, ...] = (Option("pile", "21", (), "pebbles in the pile at setup"),)
verbs: tuple[Verb, ...] = (
    Verb("take", "take PLAYER N", "take 1 to 3 pebbles from the pile on your turn"),
    Verb("give", "give PLAYER TO N", "give N of your pebbles to another player"),
)


class State(msgspec.Struct, frozen=True):
    players: tuple[str, ...]
    pile: int
    held: dict[str, int]
    turn: int = 0


class Take(msgspec.Struct, frozen=True, tag="take"):
    player: str
    n: int


class Give(msgspec.Struct, frozen=True, tag="give"):
    player: str
    to: str
    n: int


Command = Take | Give


class Taken(msgspec.Struct, frozen=True, tag="pebbles.taken"):
    player: str
    n: int


class Given(msgspec.Struct, frozen=True, tag="pebbles.given"):
    player: str
    to: str
    n: int


Event = Taken | Given


def initial(setup: Setup) -> State:
    pile = int(setup.options.get("pile", "21"))
    return State(setup.players, pile, dict.fromkeys(setup.players, 0))


def is_over(state: State) -> bool:
    return state.pile == 0


def to_act(state: State) -> list[str]:
    return [] if is_over(state) else [state.players[state.turn]]


def decide(state: State, command: Command) -> list[Event]:
    if is_over(state):
        raise GameOver("the pile is empty: the game is over", rule="PEBBLES 4")
    if command.player not in state.held:
        raise BadInput(f"unknown player {command.player!r}", legal=", ".join(state.players))
    if isinstance(command, Take):
        if command.player != state.players[state.turn]:
            raise NotYourTurn(
                f"it is {state.players[state.turn]}'s turn, not {command.player}'s",
                rule="PEBBLES 2",
            )
        most = min(3, state.pile)
        if not 1 <= command.n <= most:
            raise IllegalMove(f"cannot take {command.n}", rule="PEBBLES 2", legal=f"1 to {most}")
        return [Taken(command.player, command.n)]
    if command.to not in state.held or command.to == command.player:
        raise BadInput(f"cannot give to {command.to!r}", legal="another player")
    if not 1 <= command.n <= state.held[command.player]:
        raise IllegalMove(
            f"{command.player} holds {state.held[command.player]}, cannot give {command.n}",
            rule="PEBBLES 3",
        )
    return [Given(command.player, command.to, command.n)]


def evolve(state: State, event: Event) -> State:
    held = dict(state.held)
    if isinstance(event, Taken):
        held[event.player] += event.n
        turn = (state.turn + 1) % len(state.players)
        return msgspec.structs.replace(state, pile=state.pile - event.n, held=held, turn=turn)
    held[event.player] -= event.n
    held[event.to] += event.n
    return msgspec.structs.replace(state, held=held)


def legal(state: State, player: str | None = None) -> Iterator[Command]:
    if is_over(state):
        return
    active = state.players[state.turn]
    if player in (None, active):
        for n in range(1, min(3, state.pile) + 1):
            yield Take(active, n)
    for giver in [player] if player else state.players:
        for to in state.players:
            if to != giver and state.held[giver]:
                yield Give(giver, to, 1)


def parse(state: State, words: Sequence[str]) -> Command:
    match list(words):
        case ["take", player, n] if n.isdigit():
            return Take(player, int(n))
        case ["give", player, to, n] if n.isdigit():
            return Give(player, to, int(n))
    raise BadInput(f"cannot read {' '.join(words)!r}", legal="take PLAYER N | give PLAYER TO N")


def text(command: Command) -> str:
    if isinstance(command, Take):
        return f"take {command.player} {command.n}"
    return f"give {command.player} {command.to} {command.n}"


def actor(command: Command) -> str:
    return command.player


def describe(event: Event) -> str:
    if isinstance(event, Taken):
        return f"{event.player} takes {event.n}"
    return f"{event.player} gives {event.n} to {event.to}"


class View(msgspec.Struct, frozen=True):
    """The table: the pile, each player's pebbles, whose turn."""

    pile: int
    held: dict[str, int]
    to_act: list[str]
    over: bool


def view(state: State, as_player: str | None = None, reveal: bool = False) -> View:
    return View(state.pile, dict(state.held), to_act(state), is_over(state))


def present(view: View) -> Screen:
    who = view.to_act
    return Screen(
        headline="game over" if view.over else f"{who[0]}'s turn",
        prompt=f"{who[0]} may take 1 to {min(3, view.pile)}" if who else "",
        facts=[("pile", str(view.pile))],
        tables=[Table("players", ["player", "pebbles"], [[p, str(n)] for p, n in view.held.items()])],
    )


def redact(event: Event, as_player: str | None = None, reveal: bool = False) -> Event:
    return event  # nothing is hidden in PEBBLES


def score(state: State) -> Score:
    order = sorted(state.players, key=lambda p: -state.held[p])
    lines = [
        ScoreLine(p, 1 + sum(state.held[q] > state.held[p] for q in order), {"pebbles": state.held[p]})
        for p in order
    ]
    best = lines[0].categories["pebbles"]
    return Score(
        final=is_over(state),
        categories=["pebbles"],
        lines=lines,
        winners=[line.player for line in lines if line.categories["pebbles"] == best],
        points="pebbles",
    )


def standing(state: State, reveal: bool = False) -> Standing:
    """Pebbles has no rounds: the whole game is one."""
    return Standing(round=1, label="1", measure="pebbles", scores=dict(state.held))


def load_cards(setup: Setup, text: str) -> list[Command]:
    return []


def dump_cards(state: State) -> str:
    return ""


__all__ = [
    "Command",
    "Event",
    "State",
    "View",
    "actor",
    "decide",
    "describe",
    "dump_cards",
    "evolve",
    "initial",
    "is_over",
    "legal",
    "load_cards",
    "max_players",
    "min_players",
    "modes",
    "name",
    "options",
    "parse",
    "present",
    "redact",
    "rules_version",
    "score",
    "standing",
    "text",
    "title",
    "to_act",
    "verbs",
    "view",
]
