"""The random-play engine behind every game's fuzzer (``ledger.randomplay``): a toy game played
whole and cleanly, then the same toy with one fault at a time, which ``play`` must catch with its
checks on (AssertionError) and let pass with them off; and ``shell_safe``, ``may_act`` and
``choose`` as pure units. Expected values come from the module's docstrings and the toy's rules.

The toy: two players take turns adding 1 or 2 to a shared total until it reaches ``target``; before
each player's step the table tidies for them (the game's ``BOOKKEEPING``), so every turn is a
tidy (one fact) then a step (two facts: the count, then the turn passed on).
"""

from __future__ import annotations

import itertools
import random
import unicodedata
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import msgspec
import pytest

from ledger import randomplay
from ledger.decider import Score, Screen, Setup
from ledger.randomplay import Played, choose, may_act, play, shell_safe


class Step(msgspec.Struct, frozen=True, tag="step"):
    player: str
    n: int


class Tidy(msgspec.Struct, frozen=True, tag="tidy"):
    player: str  # whom the table tidies for


class Note(msgspec.Struct, frozen=True, tag="note"):
    words: str  # a prelude's line, as a cards file would give


class Stepped(msgspec.Struct, frozen=True, tag="stepped"):
    player: str
    n: int
    extra: Any = None  # set by a fault: a tuple, which JSON gives back as a list
    nonce: int = 0  # set by a fault: a decide that differs each time


class Turned(msgspec.Struct, frozen=True, tag="turned"):
    player: str  # who acts next


class Tidied(msgspec.Struct, frozen=True, tag="tidied"):
    player: str


class Noted(msgspec.Struct, frozen=True, tag="noted"):
    words: str


class State(msgspec.Struct):
    players: tuple[str, ...]
    target: int
    total: int = 0
    turn: str = ""
    tidied: bool = False
    history: list[str] = []
    notes: list[str] = []
    serial: int = 0  # set by a fault: an initial that differs each time
    extra: Any = None  # set by a fault: a tuple, which JSON gives back as a list


class LookalikeStep(msgspec.Struct, frozen=True, tag="step"):
    """Reads a step's JSON back, as another type."""

    player: str
    n: int


SETUP = Setup(game="toy", rules_version="1", players=("Zoë", "Bo"), mode="plain")
WEIGHTS: dict[type, float] = {Step: 1.0, Tidy: 1.0}


def nfc(word: str) -> str:
    return unicodedata.normalize("NFC", word)


class Toy:
    """The clean toy; each fault below overrides one thing of it."""

    name = "toy"
    title = "Toy"
    State = State
    Event = Stepped | Turned | Tidied | Noted
    Command = Step | Tidy | Note
    BOOKKEEPING: tuple[type, ...] = (Tidy,)

    def __init__(self, target: int = 5, steps: tuple[int, ...] = (1, 2), tidy: bool = True) -> None:
        self.target, self.steps, self.tidy = target, steps, tidy

    def initial(self, setup: Setup) -> State:
        return State(players=setup.players, target=self.target, turn=setup.players[0], tidied=not self.tidy)

    def is_over(self, state: State) -> bool:
        return state.total >= state.target

    def to_act(self, state: State) -> list[str]:
        return [] if self.is_over(state) else [state.turn]

    def legal(self, state: State, player: str | None = None) -> list[Any]:
        if self.is_over(state):
            return []
        if not state.tidied:
            return [Tidy(state.turn)]
        return [Step(state.turn, n) for n in self.steps]

    def actor(self, command: Any) -> str:
        return command.player if isinstance(command, Step) else "table"

    def decide(self, state: State, command: Any) -> list[Any]:
        if isinstance(command, Step):
            following = state.players[(state.players.index(command.player) + 1) % len(state.players)]
            return [Stepped(command.player, command.n), Turned(following)]
        if isinstance(command, Tidy):
            return [Tidied(command.player)]
        return [Noted(command.words)]

    def evolve(self, state: State, event: Any) -> State:
        if isinstance(event, Stepped):
            return msgspec.structs.replace(state, total=state.total + event.n)
        if isinstance(event, Turned):
            return msgspec.structs.replace(state, turn=event.player, tidied=not self.tidy)
        if isinstance(event, Tidied):
            return msgspec.structs.replace(state, tidied=True, history=[*state.history, event.player])
        return msgspec.structs.replace(state, notes=[*state.notes, event.words])

    def text(self, command: Any) -> str:
        if isinstance(command, Step):
            return f"step {command.player} {command.n}"
        if isinstance(command, Tidy):
            return f"tidy {command.player}"
        return f"note {command.words}"

    def parse(self, state: State, words: Sequence[str]) -> Any:
        verb, *rest = [nfc(word) for word in words]
        if verb in ("step", "tidy") and rest[0] not in state.players:  # the names of this game
            raise ValueError(f"no player {rest[0]}")
        if verb == "step":
            return Step(rest[0], int(rest[1]))
        if verb == "tidy":
            return Tidy(rest[0])
        return Note(" ".join(rest))

    def score(self, state: State) -> Score:
        return Score(final=self.is_over(state), categories=["total"], lines=[], winners=[])

    def view(self, state: State, as_player: str | None = None, reveal: bool = False) -> State:
        return state

    def present(self, view: State) -> Screen:
        return Screen(headline=f"total {view.total}, {view.turn} to step", prompt="")


def fine(state: Any) -> None:
    """Invariants that always hold."""


def run(game: Any, *, seed: int = 1, check: bool = True, **kwargs: Any) -> Played:
    kwargs.setdefault("invariants", fine)
    return play(game, SETUP, seed=seed, weights=WEIGHTS, check=check, **kwargs)


# A whole game, cleanly


def test_a_clean_game_is_played_to_its_end_and_every_part_of_it_returned() -> None:
    game = Toy(steps=(1,))  # each turn: a tidy, then a step of 1, till the total is 5
    prelude = [Note("hello there"), Note("Zoë sits first")]
    played = run(game, prelude=prelude)
    assert played.moves == 10  # 5 turns of 2 moves; the prelude's are not counted
    assert played.commands == [Tidy("Zoë"), Step("Zoë", 1), Tidy("Bo"), Step("Bo", 1)] * 2 + [
        Tidy("Zoë"),
        Step("Zoë", 1),
    ]
    assert played.events == len(played.log) == 2 + 5 * 3  # the prelude's facts are in the log
    assert played.log[:2] == [Noted("hello there"), Noted("Zoë sits first")]
    assert played.log[2:5] == [Tidied("Zoë"), Stepped("Zoë", 1), Turned("Bo")]
    assert played.setup == SETUP
    assert played.state.total == 5 and game.is_over(played.state)
    assert played.state.notes == ["hello there", "Zoë sits first"]
    assert played.state.history == ["Zoë", "Bo", "Zoë", "Bo", "Zoë"]


def test_a_prelude_of_moves_is_decided_on_the_state_it_has_made() -> None:
    played = run(Toy(steps=(1,)), prelude=[Tidy("Zoë"), Step("Zoë", 1), Note("then Bo")])
    assert played.log[:4] == [Tidied("Zoë"), Stepped("Zoë", 1), Turned("Bo"), Noted("then Bo")]
    assert played.commands[0] == Tidy("Bo")  # random play goes on from Bo's turn
    assert played.moves == 8 and played.state.total == 5


def test_the_checks_are_on_unless_turned_off() -> None:
    with pytest.raises(AssertionError):
        play(ParsedOneMore(), SETUP, seed=1, weights=WEIGHTS, invariants=fine)


def test_the_moves_are_the_seeds_choices_among_the_legal_ones() -> None:
    game = Toy(target=40)
    played = run(game, seed=11)
    rng, state = random.Random(11), game.initial(SETUP)
    for command in played.commands:
        assert choose(rng, game.legal(state), WEIGHTS) == command
        for event in game.decide(state, command):
            state = game.evolve(state, event)
    assert state == played.state and game.is_over(state)
    assert {command.n for command in played.commands if isinstance(command, Step)} == {1, 2}
    assert run(game, seed=11).commands == played.commands  # the same seed, the same game


def test_each_sees_every_state_and_its_legal_moves_before_the_move() -> None:
    game = Toy()
    seen: list[tuple[Any, list[Any]]] = []
    played = run(game, seed=3, prelude=[Note("hi")], each=lambda state, legal: seen.append((state, legal)))
    assert len(seen) == played.moves
    state = game.evolve(game.initial(SETUP), Noted("hi"))
    for (before, legal), command in zip(seen, played.commands, strict=True):
        assert before == state and legal == game.legal(state)
        for event in game.decide(state, command):
            state = game.evolve(state, event)


def test_watch_sees_every_fact_of_the_moves_with_the_state_it_leads_to() -> None:
    game = Toy()
    watched: list[tuple[Any, Any]] = []
    played = run(
        game, seed=4, prelude=[Note("hi")], watch=lambda state, event: watched.append((state, event))
    )
    assert [event for _, event in watched] == played.log[1:]  # not the prelude's
    state = game.evolve(game.initial(SETUP), Noted("hi"))
    for after, event in watched:
        state = game.evolve(state, event)
        assert after == state


def test_the_invariants_are_checked_after_every_move() -> None:
    game = Toy()
    states: list[Any] = []
    played = run(game, seed=5, invariants=states.append)
    assert len(states) == played.moves
    state = game.initial(SETUP)
    for after, command in zip(states, played.commands, strict=True):
        for event in game.decide(state, command):
            state = game.evolve(state, event)
        assert after == state  # after all the move's facts


def test_max_moves_is_the_most_moves_a_game_may_take() -> None:
    assert run(Toy(steps=(1,)), max_moves=10).moves == 10
    with pytest.raises(AssertionError, match="seed 1: no end after 9 moves"):
        run(Toy(steps=(1,)), max_moves=9)
    long = Toy(target=4000, steps=(1,), tidy=False)  # one move a point
    assert run(long, check=False).moves == 4000  # the default
    with pytest.raises(AssertionError, match="no end after 4000 moves"):
        run(Toy(target=4001, steps=(1,), tidy=False), check=False)


# One fault at a time: caught with the checks on, let pass with them off


class ParsedOneMore(Toy):
    def parse(self, state: State, words: Sequence[str]) -> Any:
        command = super().parse(state, words)
        return Step(command.player, command.n + 1) if isinstance(command, Step) else command


class ParsedComposedOnly(Toy):
    def parse(self, state: State, words: Sequence[str]) -> Any:
        if any(word != nfc(word) for word in words):
            return Note("?")  # zoë typed decomposed is not read as zoë
        return super().parse(state, words)


class ShellWord(Toy):
    def text(self, command: Any) -> str:
        return super().text(command) + ("!" if isinstance(command, Step) else "")

    def parse(self, state: State, words: Sequence[str]) -> Any:
        return super().parse(state, [word.rstrip("!") for word in words])


class LookalikeCommand(Toy):
    Command = LookalikeStep | Tidy | Note


class TupleInEvent(Toy):
    def decide(self, state: State, command: Any) -> list[Any]:
        return [
            msgspec.structs.replace(event, extra=(event.n,)) if isinstance(event, Stepped) else event
            for event in super().decide(state, command)
        ]


class TupleInState(Toy):
    def initial(self, setup: Setup) -> State:
        return msgspec.structs.replace(super().initial(setup), extra=("a", "b"))


class NonDeterministic(Toy):
    def __init__(self) -> None:
        super().__init__()
        self.nonces = itertools.count()

    def decide(self, state: State, command: Any) -> list[Any]:
        return [
            msgspec.structs.replace(event, nonce=next(self.nonces)) if isinstance(event, Stepped) else event
            for event in super().decide(state, command)
        ]


class WrongActor(Toy):
    def actor(self, command: Any) -> str:
        return "Bo" if isinstance(command, Step) else "table"  # Bo steps for Zoë too


class NoBookkeeping(Toy):
    BOOKKEEPING = ()  # the table tidies, but nobody let it


class MutatingEvolve(Toy):
    def evolve(self, state: State, event: Any) -> State:
        if isinstance(event, Tidied):
            state.history.append(event.player)
            return msgspec.structs.replace(state, tidied=True, history=list(state.history))
        return super().evolve(state, event)


class SerialInitial(Toy):
    def __init__(self) -> None:
        super().__init__()
        self.serials = itertools.count()

    def initial(self, setup: Setup) -> State:
        return msgspec.structs.replace(super().initial(setup), serial=next(self.serials))


class NotFinal(Toy):
    def score(self, state: State) -> Score:
        return msgspec.structs.replace(super().score(state), final=False)


def past_three(state: Any) -> None:
    assert state.total < 3, "the total reached 3"


def bad_tidy(state: Any, event: Any) -> None:
    assert not isinstance(event, Tidied) or state.tidied is False, "tidied"


FAULTS: dict[str, tuple[Any, dict[str, Any]]] = {
    "a text that does not parse back": (ParsedOneMore(), {}),
    "a text that parses back only composed": (ParsedComposedOnly(), {}),
    "a word a shell would expand": (ShellWord(), {}),
    "a prelude's word a shell would expand": (Toy(), {"prelude": [Note("why?")]}),
    "a command that does not survive JSON": (LookalikeCommand(), {}),
    "a non-deterministic decide": (NonDeterministic(), {}),
    "an actor who may not act": (WrongActor(), {}),
    "the table acting with no bookkeeping": (NoBookkeeping(), {}),
    "an evolve that changes the old state": (MutatingEvolve(), {}),
    "a broken invariant": (Toy(), {"invariants": past_three}),
    "a broken invariant over a move's facts": (Toy(), {"watch": bad_tidy}),
    "a replay that differs": (SerialInitial(), {}),
    "a log that does not survive JSON": (TupleInEvent(), {}),
    "a state that does not survive JSON": (TupleInState(), {}),
    "a score not final at the end": (NotFinal(), {}),
}


@pytest.mark.parametrize("fault", FAULTS)
def test_a_fault_is_caught_with_the_checks_on(fault: str) -> None:
    game, kwargs = FAULTS[fault]
    with pytest.raises(AssertionError):
        run(game, **kwargs)


@pytest.mark.parametrize("fault", FAULTS)
def test_a_fault_is_let_pass_with_the_checks_off(fault: str) -> None:
    game, kwargs = FAULTS[fault]
    played = run(game, check=False, **kwargs)
    assert game.is_over(played.state)


def test_a_replay_that_differs_names_the_seed() -> None:
    with pytest.raises(AssertionError, match=r"^seed 7: replay differs$"):
        run(SerialInitial(), seed=7)


def test_an_evolve_that_changes_the_old_state_is_named() -> None:
    with pytest.raises(AssertionError, match=r"^evolve changed the previous state$"):
        run(MutatingEvolve())


class Endless(Toy):
    def __init__(self) -> None:
        super().__init__()
        self.listed = 0

    def is_over(self, state: State) -> bool:
        return False

    def legal(self, state: State, player: str | None = None) -> list[Any]:
        self.listed += 1
        if self.listed > 1000:  # a fail, not a hang, if play does not stop it
            pytest.fail("play went on past max_moves")
        return super().legal(state, player)


class DeadEnd(Toy):
    def legal(self, state: State, player: str | None = None) -> list[Any]:
        return [] if state.total >= 3 else super().legal(state, player)


@pytest.mark.parametrize("check", [True, False])
def test_a_game_with_no_end_or_a_dead_end_is_caught_checks_or_not(check: bool) -> None:
    with pytest.raises(AssertionError, match=r"^seed 2: no end after 30 moves$"):
        run(Endless(), seed=2, check=check, max_moves=30)
    with pytest.raises(AssertionError, match=r"^seed 2: dead end at total [34], (Zoë|Bo) to step$"):
        run(DeadEnd(), seed=2, check=check)


# shell_safe


@pytest.mark.parametrize("char", list(";&|<>()$`\\\"'*?[]{}#~!"))
def test_a_word_bash_would_end_expand_or_quote_at_is_not_shell_safe(char: str) -> None:
    assert not shell_safe(f"buy ann glass{char}1")
    assert not shell_safe(char)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "step Zoë 2",
        "buy ann glass:1 food:2",
        "new work C_c b-b 2nd Борис",
        "pile=I a,b x+y/z. 50%",
        "XII X-ray",
    ],
)
def test_plain_words_are_shell_safe(text: str) -> None:
    assert shell_safe(text)


# may_act


class Pay(msgspec.Struct, frozen=True):
    by: str


class Shuffle(msgspec.Struct, frozen=True):
    by: str


class Deal(msgspec.Struct, frozen=True):
    by: str


def table_game(bookkeeping: tuple[type, ...] | None) -> Any:
    game = SimpleNamespace(actor=lambda command: command.by, to_act=lambda state: list(state))
    if bookkeeping is not None:
        game.BOOKKEEPING = bookkeeping
    return game


def test_one_who_must_act_may_act_and_no_one_else() -> None:
    game = table_game((Shuffle,))
    assert may_act(game, ["ann", "ben"], Pay("ben"))
    assert not may_act(game, ["ann"], Pay("ben"))
    assert not may_act(game, [], Pay("ann"))
    assert not may_act(game, ["ann"], Shuffle("ben"))  # bookkeeping is the table's, not a player's


def test_the_table_makes_its_bookkeeping_for_those_who_must_act() -> None:
    game = table_game((Shuffle, Deal))
    assert may_act(game, ["ann"], Shuffle("table"))
    assert may_act(game, ["ann", "ben"], Deal("table"))
    assert not may_act(game, [], Shuffle("table"))  # nobody must act: nothing to keep for
    assert not may_act(game, ["ann"], Pay("table"))  # not bookkeeping
    assert not may_act(table_game(None), ["ann"], Shuffle("table"))  # a game with no BOOKKEEPING
    assert not may_act(table_game(()), ["ann"], Shuffle("table"))


def test_the_table_may_act_when_it_must() -> None:
    assert may_act(table_game(None), ["table"], Pay("table"))
    assert may_act(table_game((Shuffle,)), ["ann", "table"], Pay("table"))


# choose


class Recorder:
    """A stand-in for random.Random: takes the last kind offered and the first of its moves."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def choices(self, population: Sequence[Any], weights: Sequence[float]) -> list[Any]:
        self.calls.append(("choices", list(population), list(weights)))
        return [population[-1]]

    def choice(self, seq: Sequence[Any]) -> Any:
        self.calls.append(("choice", list(seq)))
        return seq[0]


def test_choose_draws_a_kind_by_its_weight_in_name_order_then_one_of_that_kind() -> None:
    rng = Recorder()
    moves = [Shuffle("ben"), Pay("ben"), Deal("ben"), Shuffle("cat"), Pay("cat")]
    weights = {Deal: 1.0, Pay: 2.0, Shuffle: 3.0, Step: 9.0}
    assert choose(rng, moves, weights) == Shuffle("ben")  # type: ignore[arg-type]
    assert rng.calls == [
        ("choices", [Deal, Pay, Shuffle], [1.0, 2.0, 3.0]),  # only the kinds offered
        ("choice", [Shuffle("ben"), Shuffle("cat")]),  # that kind's moves, in their order
    ]


NAMES = ("ann", "ben", "cat", "dan")


def test_choose_with_a_seed_does_not_depend_on_the_order_of_the_kinds() -> None:
    deals, pays = [Deal(name) for name in NAMES], [Pay(name) for name in NAMES]
    weights = {Deal: 1.0, Pay: 1.0}
    for seed in range(20):
        first = choose(random.Random(seed), deals + pays, weights)
        assert choose(random.Random(seed), pays + deals, weights) == first


def test_choose_never_draws_a_kind_weighed_nothing_and_reaches_every_move_of_the_others() -> None:
    rng = random.Random(5)
    moves = [Deal("ann"), Deal("ben"), Deal("cat"), Pay("ann"), Shuffle("ann")]
    drawn = [choose(rng, moves, {Deal: 3.0, Pay: 1.0, Shuffle: 0.0}) for _ in range(400)]
    assert set(drawn) == {Deal("ann"), Deal("ben"), Deal("cat"), Pay("ann")}
    assert 250 < sum(isinstance(move, Deal) for move in drawn) < 350  # 3 in 4 by weight: 300


def test_lookalike_names_are_accepted_names_that_look_like_something_else() -> None:
    assert all(shell_safe(name) and name.split() == [name] for name in randomplay.LOOKALIKE_NAMES)


# accepted, and where random play started


def test_random_play_starts_from_the_state_the_prelude_made() -> None:
    game = Toy(steps=(1,))
    played = run(game, prelude=[Note("hi"), Tidy("Zoë")])
    assert played.start == game.evolve(game.evolve(game.initial(SETUP), Noted("hi")), Tidied("Zoë"))
    assert played.commands[0] == Step("Zoë", 1)  # the first move random play made, from there


def test_accepted_is_every_offered_move_once_decide_accepts_each_from_one_who_may_act() -> None:
    state = Toy().initial(SETUP)
    assert randomplay.accepted(Toy(), state) == [Tidy("Zoë")]
    tidied = msgspec.structs.replace(state, tidied=True)
    assert randomplay.accepted(Toy(), tidied) == [Step("Zoë", 1), Step("Zoë", 2)]
    with pytest.raises(AssertionError, match="Tidy"):
        randomplay.accepted(NoBookkeeping(), state)  # the table tidies, and may not


class NoFacts(Toy):
    def decide(self, state: State, command: Any) -> list[Any]:
        return [] if isinstance(command, Step) and command.n == 2 else super().decide(state, command)


def test_accepted_refuses_a_move_that_gives_no_fact() -> None:
    tidied = msgspec.structs.replace(Toy().initial(SETUP), tidied=True)
    with pytest.raises(AssertionError, match="n=2"):
        randomplay.accepted(NoFacts(), tidied)
