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

import msgspec
import pytest

from ledger.decider import Ask
from ledger.games.planet_b.declare import EXAMPLES, face_needed
from ledger.games.planet_b.faces import Mood
from ledger.games.planet_b.model import Declare
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


# Game Components: "1 faction track" is one piece of 3 tracks; "the mood track on your player
# board" and the swindle spaces ("the topmost empty space on your player board") are printed on
# each player board. What one piece prints is declared in one command, a fact a part.
PIECES = ("faction-track", "board 1 upper=plastic,iridium,plant neutral=2")


@pytest.mark.parametrize("piece", PIECES)
def test_the_example_a_piece_shows_is_recorded_as_one_fact_a_part(cli: Cli, table: None, piece: str) -> None:
    example = hint(cli, "declare", *piece.split())
    result = cli("planet-b", *example.split())
    assert result.code == 0, (example, result)
    declared = [line.strip() for line in result.out.splitlines() if line.strip().endswith(" declared")]
    if piece == "faction-track":
        assert declared == [f"track {t} declared" for t in ("capitalist", "futurist", "traditionalist")]
    else:
        assert declared == ["board 1 declared", "mood declared", "swindle declared"]
    status = cli("status").out
    assert ("declare faction-track" if piece == "faction-track" else "mood=") not in status


def test_a_missing_part_of_a_piece_names_every_missing_part_at_once(cli: Cli, table: None) -> None:
    result = cli("planet-b", "declare", "faction-track", "capitalist=3money.vote")
    assert result.code == 2 and "declare faction-track is missing futurist= traditionalist=" in result.err
    result = cli(
        "planet-b", "declare", "board", "2", "upper=plastic,iridium,plant", "neutral=2", "swindle=x.y"
    )
    assert result.code == 2 and "declare board 2 is missing lower= mood=" in result.err


def test_the_status_names_each_piece_and_the_parts_left_alone(cli: Cli, table: None) -> None:
    """The setup prompt names the piece while all its parts are to declare: the faction track
    whole; the mood and swindle keys with the first board still to declare."""
    prompt = cli("status").out
    assert "declare board 1 with mood= neutral= swindle=; declare board 2; declare board 3;" in prompt
    assert "declare faction-track" in prompt and "declare track" not in prompt
    capitalist = "declare track capitalist space=3money.vote space=7money.brainy space=20money.build"
    assert cli("planet-b", *capitalist.split()).code == 0
    prompt = cli("status").out
    assert "declare track futurist; declare track traditionalist" in prompt


def test_each_part_alone_and_a_part_known_the_same(cli: Cli, table: None) -> None:
    """Each part's own ``declare`` stays a move (the page's forms post them); a piece that
    repeats a part declared the same adds only its new parts, and one that says it otherwise
    is refused, appending nothing."""
    mood = "declare mood space=-2vote space=-vote space= space=2money,vote space=4money,2vote neutral=2"
    assert cli("planet-b", *mood.split()).code == 0
    board = "declare board 2 upper=plastic,iridium,plant lower=water,meat,chip"
    same = f"{board} mood=-2vote mood=-vote mood= mood=2money,vote mood=4money,2vote neutral=2"
    before = cli("log", "--json").out
    other = cli("planet-b", *same.replace("mood=4money", "mood=5money").split())
    assert other.code == 1 and "mood was declared otherwise" in other.err
    assert cli("log", "--json").out == before
    result = cli("planet-b", *same.split())
    assert result.code == 0 and "board 2 declared" in result.out and "mood declared" not in result.out
    again = cli("planet-b", *same.split())
    assert again.code == 1 and "board 2 is declared already" in again.err


def test_a_declaration_of_one_part_is_stored_as_before() -> None:
    """An old log's ``declare`` reads and replays as it was: no new key in its stored form."""
    face = Mood(spaces=("-vote", "", "vote"), neutral=1)
    stored = msgspec.json.encode(Declare(face))
    assert b"also" not in stored
    assert msgspec.json.decode(stored, type=Declare) == Declare(face, also=())


def test_a_reveal_or_draft_before_the_boards_names_the_boards_still_to_declare(cli: Cli, table: None) -> None:
    """Game Components and Setup: the boards are laid out before the tiles, the news and the
    draft. A reveal or a draft typed first is refused naming what the setup waits for (it
    once said "the setup is over", "no news card to reveal on pile I now", or asked for a
    building's pile), nothing appended."""
    before = cli("log", "--json").out
    for words in (
        ("reveal", "tiles", "orbital-farms"),
        ("reveal", "news", "I", "plastic-bags", "box=2plastic", "immoral=no"),
        ("draft", "maya", "bakery", "cost=5", "vp=1", "area=crafty", "box=2plant"),
    ):
        result = cli("planet-b", *words)
        assert result.code == 1 and "the boards come first: declare side 2-3; declare board 1" in result.err
        assert "setup is over" not in result.err and "pile=" not in result.err
        # the rule cited (Game Components and Setup) and the first to declare, as the hint
        assert "PLANET B Game Components and Setup" in result.err
        assert result.err.rstrip().endswith("(declare side 2-3)"), result.err
    assert cli("log", "--json").out == before


def test_the_mood_track_and_swindle_spaces_are_asked_alone_once_every_board_is_declared(
    cli: Cli, table: None
) -> None:
    """Setting Up Your Player Board: each player board prints the mood track and the swindle
    spaces; the prompt asks them with the next board still to declare, then on their own."""
    side = EXAMPLES["side"].split()
    assert cli("planet-b", *side).code == 0
    for n, lines in enumerate(("plastic,iridium,plant water,meat,chip",) * 3, start=1):
        upper, lower = lines.split()
        assert cli("planet-b", "declare", "board", str(n), f"upper={upper}", f"lower={lower}").code == 0
        status = cli("status").out
        if n < 3:
            assert f"declare board {n + 1} with mood= neutral= swindle=" in status
    assert "declare mood; declare swindle" in status and "with mood=" not in status


MOOD = "declare mood space=-2vote space=-vote space= space=2money,vote neutral="


def test_a_mood_track_without_its_empty_neutral_space_says_how_neutral_counts(cli: Cli, table: None) -> None:
    """Elections, 2. Score Mood Tracks: "for neutral mood, nothing happens": the neutral space
    shows nothing; ``neutral=`` counts the spaces from 0, the bottom one."""
    result = cli("planet-b", *(MOOD + "1").split(" "))
    assert result.code == 1
    assert "neutral=1 shows" in result.err and "counts the spaces from 0" in result.err
    assert "neutral=2, the space showing nothing" in result.err
    assert cli("planet-b", *(MOOD + "2").split(" ")).code == 0


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
