"""Issue 41, Planet B's declarations: every hint the grammar prints is a form it accepts. Each
``declare KIND`` typed with no fields shows an example, which is recorded as shown; a missing
part names every missing part at once, in the move's own keys; the plural spellings read.

What the issue saw refused: ``left=BOX/BOX`` (a law's parts are split by ``.``),
``areas=crafty+crafty``, ``markets=``, and "cards file: ... missing required field" one field
per try."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Iterator

import pytest

from ledger.decider import Ask
from ledger.games.planet_b.declare import EXAMPLES, face_needed
from ledger.picker import Move, Step
from ledger.service import Referee
from tests.conftest import Result

Cli = Callable[..., Result]
KINDS = (
    "side",
    "board",
    "production",
    "headquarters",
    "mood",
    "track",
    "swindle",
    "tile",
    "building",
    "news",
    "law",
)


@pytest.fixture
def table(cli: Cli) -> None:
    assert cli("new", "planet-b", "--players", "maya,omar,lin").code == 0


def hint(cli: Cli, *words: str) -> str:
    """The example the one-line refusal of ``planet-b WORDS`` shows (nothing appended)."""
    before = cli("log", "--json").out
    result = cli("planet-b", *words)
    assert result.code == 2 and len(result.err.strip().splitlines()) == 1, result
    assert "cards file" not in result.err and cli("log", "--json").out == before
    found = re.search(r"e\.g\. ([^()]*)\)$", result.err.strip())
    assert found, result.err
    return found.group(1)


def test_every_kind_has_an_example() -> None:
    assert set(EXAMPLES) == set(KINDS)


@pytest.mark.parametrize("kind", KINDS)
def test_the_example_declare_kind_shows_is_recorded(cli: Cli, table: None, kind: str) -> None:
    example = hint(cli, "declare", kind).replace(" NAME ", f" test-{kind} ")
    assert example.startswith(f"declare {kind} ")
    result = cli("planet-b", *example.split())
    assert result.code == 0, (example, result)


def test_a_missing_part_names_every_missing_part_in_the_moves_keys(cli: Cli, table: None) -> None:
    result = cli("planet-b", "declare", "side", "2-3")
    assert result.code == 2
    assert "declare side 2-3 is missing suitcases= track= start= market=" in result.err
    result = cli("planet-b", "declare", "law", "bribe", "colour=blue")
    assert "declare law bribe is missing left= right=" in result.err
    assert "BOX/BOX" not in result.err


def test_the_plural_spellings_read(cli: Cli, table: None) -> None:
    """``markets=``, ``areas=``, ``boxes=``, ``spaces=`` read as the key once per value."""
    side = "declare side 2-3 suitcases=3 track=7 start=2 markets=plastic:3/4,iridium:3/5"
    side += " markets=water:2/3,plant:2/4 markets=hydrogen:3/5,chip:4/6"
    assert cli("planet-b", *side.split()).code == 0
    building = "declare building garage pile=A cost=6 vp=2 areas=crafty+crafty boxes=produce boxes=2workie"
    assert cli("planet-b", *building.split()).code == 0, cli("planet-b", *building.split())
    swindle = (
        "declare swindle spaces=-3money.2vote spaces=-5money.3vote spaces=-8money.4vote spaces=-12money.6vote"
    )
    assert cli("planet-b", *swindle.split()).code == 0


@pytest.mark.parametrize("kind", ["tile", "news", "building"])
def test_a_card_the_rules_ask_for_shows_an_example_that_is_recorded(cli: Cli, table: None, kind: str) -> None:
    """The rules' own request for a face (a tile, news card or building named before it is
    declared) shows the same form, with the card's name in its example."""
    legal = face_needed(kind, "ORBITAL FARMS", ()).legal or ""
    example = legal.split("; e.g. ")[1]
    assert example.startswith(f"declare {kind} orbital-farms ")
    assert cli("planet-b", *example.split()).code == 0, example


def _forms(step: Step) -> Iterator[Move]:
    if step.move is not None and step.move.form:
        yield step.move
    for choice in step.choices:
        yield from _forms(choice.step)


def _example(ask: Ask, n: int) -> list[str]:
    """A field as its form shows it: printed, a choice, or typed as its example says."""
    if len(ask.choices) == 1 and not ask.optional and not ask.tap:
        return [ask.flag + ask.choices[0]]
    value = ask.choices[0] if ask.choices and not ask.tap else ask.example
    assert value, ask  # a field typed freely shows how
    if not ask.flag:
        return [f"{value}-{n}"]  # a card's name: each card its own
    return [ask.flag + value] * (ask.least or ask.count)


def test_every_setup_form_examples_are_a_command_the_grammar_records(cli: Cli, referee: Referee) -> None:
    """Each form the setup asks (issue 41: the side, the boards, the production tiles, the
    headquarters, the mood track, the swindle spaces, the faction tracks, the A tiles, the B
    tile removed with 2 players, the news cards, the draft), each field filled with its own
    example, typed at the command line: recorded, until the first move."""
    assert cli("new", "planet-b", "--players", "maya,omar").code == 0
    game = referee.resolve(None)
    typed = []
    for n in range(40):
        found = [
            move
            for role in ("table", "maya", "omar")
            for verb in referee.picker(game, role).verbs
            for move in _forms(verb.step)
        ]
        if not found:
            break
        [move] = found  # one card at a time
        words = [*shlex.split(move.text), *(w for ask in move.asks for w in _example(ask, n))]
        result = cli("planet-b", *words)
        assert result.code == 0, (words, result)
        typed.append(words[:2])
    kinds = [" ".join(w) for w in typed]
    assert kinds[:10] == [
        "declare side",
        "declare board",
        "declare board",
        "declare production",
        "declare headquarters",
        "declare mood",
        "declare swindle",
        "declare track",
        "declare track",
        "declare track",
    ]
    # 3 A tiles, the B tile removed (2 players), 3 news piles; then (Starting Buildings) A from
    # the last player, B from the start player, C like A
    reveals = ["reveal tiles"] * 3 + ["reveal removed"] + ["reveal news"] * 3
    drafts = ["draft omar", "draft maya", "draft maya", "draft omar", "draft omar", "draft maya"]
    assert kinds[10:] == reveals + drafts
