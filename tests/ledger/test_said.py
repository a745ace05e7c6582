"""Each game's ``said``: a move's words as its rulebook says them (issue 42), built from the typed
command, one for each word of its grammar's text; the expected words are the rulebooks'
(/work/shared/rules/), cited beside each."""

from __future__ import annotations

import random
import shlex
from pathlib import Path
from typing import Any

import pytest

from ledger import games
from ledger.decider import said, sentence
from ledger.games.loop.model import Buy, Consume, MatRef, Reject, Spend, Work
from ledger.games.planet_b.said import box_words
from ledger.games.pursuit.model import Engage, Outcome, Trait, Upkeep
from ledger.service import Referee
from ledger.store import Store
from tests import finished
from tests.conftest import fixed_clock
from tests.serve.conftest import PLAYERS, served_game


def _state(tmp_path: Path, kind: str) -> Any:
    if kind == "loop":
        referee, game, _ = served_game(tmp_path / "loop.db", seed=7)
    else:
        referee = Referee(Store(tmp_path / f"{kind}.db"), clock=fixed_clock())
        game = finished.new(referee, kind, PLAYERS)
    return referee.load(game).state


def _words(kind: str, state: Any, command: Any) -> list[str]:
    found = said(games.get(kind), state, command)
    assert found is not None, command
    return found


def test_loop_chips_say_the_rulebook(tmp_path: Path) -> None:
    state = _state(tmp_path, "loop")
    # 2.5 a) "Only when WORK Spend a REPUTATION to gain an extra COIN."
    assert "spend 1 REPUTATION (+1 COIN)" in _words("loop", state, Work("ann", rep=1))
    # 2.2 c) CONSUME: an ACTIVITY and the MATERIAL that pay for it, as the issue asks
    spend = Spend("DANCE", (MatRef("glass", 1), MatRef("plastic", 2)))
    assert "DANCE: GLASS@1 + PLASTIC@2" in _words("loop", state, Consume("ann", (spend,)))
    # 2.5 b) "to BUY 1 METAL at QUALITY 1 and 1 UTILITY at QUALITY 3"
    bought = _words("loop", state, Buy("ann", (("metal", 1), ("utility", 3))))
    assert bought[2:] == ["METAL at QUALITY 1", "+ UTILITY at QUALITY 3"]
    # 2.4 b) "REJECT a FAVOUR ... by discarding another same FAVOUR from your hand; or by
    # deducting 1 REPUTATION"
    assert _words("loop", state, Reject("cat", "discard"))[-1] == "by discarding another same FAVOUR"
    assert _words("loop", state, Reject("cat", "rep"))[-1] == "by spending 1 REPUTATION"
    assert sentence(games.get("loop"), state, Work("ann", rep=1)) == "ann: WORK spend 1 REPUTATION (+1 COIN)"


def test_pursuit_chips_say_the_rulebook(tmp_path: Path) -> None:
    state = _state(tmp_path, "pursuit")
    # "The Community token can only be used to perform the Engage in Community Card Action"
    assert _words("pursuit", state, Engage("ben", "TEST HAPPENING 14", token=True))[-1] == (
        "with the Community token"
    )
    assert _words("pursuit", state, Engage("ben", "TEST HAPPENING 14"))[-1] == "with an Hourglass token"
    # Discarding a Card - Penalty: "you get 1 Stress and lose 1 STH"
    dropped = _words("pursuit", state, Upkeep("ann", drop=("TEST SINGER",)))
    assert dropped[2:] == ["drop…", "drop TEST SINGER: +1 Stress, \u22121 STH"]
    assert sentence(games.get("pursuit"), state, Upkeep("ann", drop=("TEST SINGER",))) == (
        "ann: pay upkeep drop TEST SINGER: +1 Stress, \u22121 STH"
    )
    # the card as the board prints it, not the grammar's test-career-minded
    assert _words("pursuit", state, Trait("ann", "TEST CAREER MINDED"))[-1] == "TEST CAREER MINDED"
    # an Outcome with what the card prints: "pay any Outcome Cost depicted, gain any
    # corresponding Outcome Reward" (TEST HAPPENING 8's 2nd: 1 knowledge for 1 LTH, 1 popularity)
    assert _words("pursuit", state, Outcome("ben", "TEST HAPPENING 8", 2))[-1] == (
        "Outcome 2: pay 1 knowledge; gain 1 LTH, 1 popularity"
    )


def test_planet_b_boxes_say_the_rulebook() -> None:
    # Symbol Summary; "Move the election marker ... either to the right or to the left"; a red
    # symbol is a cost, paid first
    assert box_words("-plastic 2workie right 3money") == (
        "pay 1 plastic, 2 workies, election marker right, 3 money"
    )
    # "If the symbol has a checkmark shown, you can choose to ... score the corresponding track"
    assert box_words("2iridium faction-check") == (
        "2 iridium, a faction of your choice: a step or its score (checkmark)"
    )
    assert box_words("news/build") == "a news card or a build action"


@pytest.mark.parametrize("kind", ["loop", "planet-b", "pursuit"])
def test_every_legal_move_is_said_word_for_word(tmp_path: Path, kind: str) -> None:
    """Along a random game, every legal move of whoever must act is said, one label for each of
    its text's words (a card's face declared excepted: its facts say it)."""
    rules = games.get(kind)
    if kind == "loop":
        referee, game, _ = served_game(tmp_path / "g.db", seed=3)
    else:
        referee = Referee(Store(tmp_path / "g.db"), clock=fixed_clock())
        game = finished.new(referee, kind, PLAYERS)
    rng, kinds = random.Random(2), set()
    for _ in range(250):
        state = referee.load(game).state
        if rules.is_over(state):
            break
        legal = list(rules.legal(state))
        for command in legal:
            if type(command).__name__ == "Declare":
                continue
            labels = said(rules, state, command)
            assert labels is not None and len(labels) == len(shlex.split(rules.text(command))), command
            kinds.add(type(command).__name__)
        referee.submit(game, finished.CHOOSE[kind](rng, legal))
    assert len(kinds) >= 5, kinds  # (the game went far enough to offer several kinds of move)
