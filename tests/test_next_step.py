"""Always a next step (issue 41): in every state of every game, at a real table and with
virtual decks, the headline names who must act and the prompt at least one verb or table
step; ``moves PLAYER`` for a player who must act lists at least one move (a legal one, or a
line to type for a card new to the referee); a step waiting on the table (a refill, a reveal)
never hides the active player's verbs.

Random states: every state of random games of each registered game, mode and kind of table
(``tests/test_random_games.py``'s drivers). A real table's first game, with no card known:
the states the random games never reach (their cards files declare every face first), walked
from ``new`` by typing what the prompt asks, as a group would.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from ledger import games
from ledger.decider import Game, optional
from ledger.service import Referee
from ledger.store import Store
from tests.test_random_games import CASES, DRIVERS, counts, names_of, registered

SEEDS = 3  # per game, mode and kind of table (each state of each game checked)
EMPTY_STEP = re.compile(r":\s*(·|$)")  # "maya, omar: " with nothing after it


def moves_of(game: Game, state: Any, who: str) -> list[str]:
    """What ``moves WHO`` lists: the legal moves, else the lines to type for a new card."""
    listed = [game.text(c) for c in game.legal(state, who) if game.actor(c) == who]
    unlisted = optional(game, "unlisted")
    new = [u.template() for u in unlisted(state) if u.actor == who] if unlisted is not None else []
    return listed or new


def next_step(game: Game, state: Any) -> None:
    """AssertionError naming what is missing, if ``state`` leaves the table without a next step."""
    if game.is_over(state):
        return
    screen = game.present(game.view(state))
    said = f"{screen.headline} · {screen.prompt}"
    who = list(game.to_act(state))
    assert who, f"nobody to act: {said}"
    assert screen.headline and screen.prompt, f"no headline or prompt: {said}"
    assert not EMPTY_STEP.search(screen.prompt), f"a step without a verb: {said}"
    active = getattr(game.view(state), "active", None)
    # a refill, a reveal during someone's turn: they act on beside it (once a turn has ended,
    # as LOOP's and Planet B's refills come between turns, nobody's verbs are hidden)
    if active and "table" in who and f"{active}'s turn" in screen.headline:
        assert active in who, f"{active}'s verbs hidden by the table's step: {said}"
    for name in who:
        assert name in said, f"{name} must act, not named: {said}"
        if name == "table":  # a table step is named in the prompt (its moves may need a face)
            assert "table:" in screen.prompt or moves_of(game, state, name), f"no table step: {said}"
            continue
        assert moves_of(game, state, name), f"`moves {name}` lists nothing: {said}"


@pytest.mark.parametrize(("name", "mode", "physical"), CASES)
def test_every_state_of_random_games_has_a_next_step(name: str, mode: str, physical: bool) -> None:
    game, driver = registered()[name], DRIVERS[name]
    taken = counts(game, driver, mode)
    for seed in range(SEEDS):
        names = names_of(driver, seed, taken[seed % len(taken)])
        played = driver.play_from(driver.setup(2000 + seed, names, mode, physical), 2000 + seed, check=False)
        state = played.start
        next_step(game, state)
        for command in played.commands:
            for event in game.decide(state, command):
                state = game.evolve(state, event)
            next_step(game, state)


def first_game(kind: str, players: list[str], options: dict[str, str], typed: list[str]) -> list[str]:
    """A real table's first game from ``new`` (no card known), each line of ``typed`` played in
    turn; the next step checked before and after each. The prompts seen, in order."""
    referee = Referee(Store(":memory:"))
    game_id = referee.new_game(kind, players, options=options)
    game = games.get(kind)
    seen = []
    for line in [*typed, ""]:
        state = referee.load(game_id).state
        next_step(game, state)
        seen.append(game.present(game.view(state)).prompt)
        if line:
            referee.submit_text(game_id, line.split())
    return seen


MODULES = "community,friends,pets,school,stand-alone-jobs"
# The base game's numbers, as a group reads them off its own box (not among our rules).
SETTINGS = [
    "declare setting hourglasses 6,9",
    "declare setting stress 3:+1,3:0,3:-1,3:-2",
    "declare setting sth -5,5",
    "declare setting rounds 0,0,0,1,2,4",
    "declare setting order seats",
    "declare setting slots 6:project,item,activity,job,partner,pet",
    "declare setting relax section",
    "declare setting life-goals players",
    "declare setting child-traits 1",
    "declare setting popularity 1,2,2,2,2,2",
    "declare setting friend-cards 16",
]
GOALS = ["well-read", "career-minded", "richest"]
FRIENDS = ["kevin", "anna", "bob", "carl", "dora"]


def test_a_real_pursuit_table_always_shows_its_next_step() -> None:
    # Faces a group would type from its own cards (invented here: the texts print none of them).
    typed = [
        *SETTINGS,
        # each card's face typed in the reveal that brings it out, one card a command (issue 41)
        *(f"reveal goals {goal} l1=1knowledge..2lth" for goal in GOALS),
        "reveal friends kevin l1=...1money l2=.1money.1lth.1money",  # KS Promos 4 prints the rest
        *(
            f"reveal friends {friend} l1=..1creativity.1money l2=.1money.1lth.1money l3=.4knowledge.2lth"
            for friend in FRIENDS[1:4]
        ),
        "trait maya artist l1=..2knowledge,1creativity",  # Child Traits: the face with the trait
        "trait omar charmer l1=..2creativity,1influence",
        "trait lin dreamer l1=..2money",
        "start-friendship maya anna",  # the first Teen turn, no board action declared yet
        "pass omar",  # the Friends board waits for its refill: omar's verbs stay
        "reveal friends dora l1=..1creativity.1money l2=.1money.1lth.1money l3=.4knowledge.2lth",
    ]
    seen = first_game("pursuit", ["maya", "omar", "lin"], {"modules": MODULES}, typed)
    traits = seen[typed.index("trait maya artist l1=..2knowledge,1creativity")]
    assert traits.startswith("maya, omar, lin: trait · table: trait PLAYER CARD l1=")
    first_turn = seen[typed.index("start-friendship maya anna")]
    assert first_turn.startswith("maya: ") and "start-friendship" in first_turn
    assert "table: action maya NAME reward=REWARD (the board's actions are new to the referee" in first_turn
    refill = seen[typed.index("pass omar")]
    assert refill.startswith("omar: ") and "pass" in refill and "table: reveal friends CARD (x1)" in refill


@pytest.mark.parametrize(
    ("kind", "players"),
    [("loop", ["ann", "ben", "cat"]), ("planet-b", ["ann", "ben"])],
    ids=["loop", "planet-b"],
)
def test_a_real_table_with_no_card_known_starts_with_a_next_step(kind: str, players: list[str]) -> None:
    seen = first_game(kind, players, {}, [])
    assert seen[0].startswith("table: ")
