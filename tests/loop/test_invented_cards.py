"""Issue 41: "An invented card is recorded silently." A reveal that carries a face (2 MATERIAL
colours and 2 different PROPERTY, LOOP 2.2 c and 2.3) describes one ACTIVITY; words that read as
several cards are refused, naming them and how to reveal them one at a time, while a new face
read off one card still records in one command (its name as one word when it is long)."""

from __future__ import annotations

import shlex
from collections.abc import Callable

from ledger.errors import BadInput
from ledger.games.loop import parse
from ledger.games.loop.model import ActivityDeclared, ActivityRevealed, Goal, RevealActivity
from tests.conftest import Result
from tests.loop.table import Table

Cli = Callable[..., Result]
ISSUE = "reveal activity yoga picnic baking painting concert --needs glass,metal --props group,leaf"


def test_the_issues_five_names_with_one_face_are_refused_naming_each(cli: Cli) -> None:
    """The issue's own command: one exit, nothing recorded in the game or the library."""
    assert cli("new", "loop", "--players", "ann,ben,cat").code == 0
    before = cli("log").out
    result = cli("loop", *shlex.split(ISSUE))
    assert result.code == 2 and result.out == ""
    line = result.err.strip()
    assert "\n" not in line and "Traceback" not in line
    assert (
        "a face belongs to one card, and this reveal names 5: YOGA, PICNIC, BAKING, PAINTING, CONCERT" in line
    )
    # how to reveal them one at a time (none is known: each with its own face)...
    for name in ("yoga", "picnic", "baking", "painting", "concert"):
        assert f"reveal activity {name} --needs T,T --props P,P" in line
    # ...or, the explicit form of one card really showing that name
    assert (
        "reveal activity yoga-picnic-baking-painting-concert --needs glass,metal --props group,leaf" in line
    )
    assert cli("log").out == before
    assert "YOGA" not in cli("cards", "--kind", "loop").out
    assert "YOGA" not in cli("cards").out


def test_the_explicit_forms_the_refusal_names_record(cli: Cli) -> None:
    """Each form the refusal prints works: one card at a time with its face, and a name of
    several words typed as one word is one new card."""
    assert cli("new", "loop", "--players", "ann,ben").code == 0
    assert cli("loop", *shlex.split("reveal activity yoga --needs glass,metal --props group,leaf")).code == 0
    one = cli(
        "loop", *shlex.split("reveal activity open-air-concert --needs food,plastic --props heart,leaf")
    )
    assert one.code == 0, one.err
    assert "ACTIVITY OPEN AIR CONCERT declared: FOOD and PLASTIC; HEART, LEAF" in one.out
    library = cli("cards", "--kind", "loop").out
    assert "YOGA" in library and "OPEN AIR CONCERT" in library


def test_a_known_card_among_the_names_makes_them_several() -> None:
    """DANCE is printed (2.2 c: GLASS and PLASTIC), so ``dance yoga`` is two cards, not a new
    DANCE YOGA: refused, DANCE asked only for what the rulebook does not print."""
    table = Table(2, cards=False)
    error = table.refuse("reveal activity dance yoga --props group,leaf", BadInput)
    assert error.message == "a face belongs to one card, and this reveal names 2: DANCE, YOGA"
    assert error.legal == (
        "one card at a time: reveal activity dance --props P,P; reveal activity yoga --needs T,T --props P,P;"
        " or, if one card shows DANCE YOGA, its name as one word:"
        " reveal activity dance-yoga --needs T,T --props group,leaf"
    )
    assert "DANCE YOGA" not in table.state.activity_faces


def test_known_cards_are_named_together_new_ones_alone() -> None:
    """The verb reveals several cards whose faces are known in one move (1.0 flips 5)."""
    table = Table(2)  # the test cards: PICNIC, BOARD GAMES and COOKING are known, KAYAKING not
    error = table.refuse("reveal activity picnic board-games kayaking cooking --needs glass,glass", BadInput)
    assert error.legal is not None and error.legal.startswith(
        "one card at a time: reveal activity picnic board-games;"
        " reveal activity kayaking --needs T,T --props P,P; reveal activity cooking;"
    )
    error = table.refuse("reveal activity picnic board-games yoga cooking --needs glass,glass", BadInput)
    assert error.legal == "their faces are known: reveal activity picnic board-games yoga cooking"


def test_a_new_face_read_off_one_card_records_in_one_command() -> None:
    """A name never seen, one word, its whole face: one command, declared and flipped."""
    table = Table(2, cards=False)
    events = table.play("reveal activity yoga --needs glass,metal --props group,leaf")
    assert events == [
        ActivityDeclared("YOGA", ("glass", "metal"), ("group", "leaf")),
        ActivityRevealed("YOGA"),
    ]


def test_a_new_name_of_two_or_three_words_is_still_one_card() -> None:
    """The rulebook's own names run to 3 words (SENSE OF BELONGING): ``ice skating`` with a face
    is one new card, as before; a fourth word makes it several."""
    table = Table(2, cards=False)
    words = shlex.split("reveal activity ice skating --needs metal,glass --props heart,group")
    assert parse(table.state, words) == RevealActivity("ICE SKATING", ("metal", "glass"), ("heart", "group"))
    error = table.refuse(
        "reveal activity winter ice skating gala --needs metal,glass --props heart,group", BadInput
    )
    assert error.message.endswith("names 4: WINTER, ICE, SKATING, GALA")


def test_several_names_without_a_face_name_every_unknown_one() -> None:
    """``reveal activity yoga picnic``: neither is known, and a face belongs to one card."""
    table = Table(2, cards=False)
    error = table.refuse("reveal activity yoga picnic", BadInput)
    assert error.message == (
        "the referee does not know what YOGA and PICNIC show yet, and a face belongs to one card"
    )
    assert error.legal == (
        "one card at a time: reveal activity yoga --needs T,T --props P,P;"
        " reveal activity picnic --needs T,T --props P,P;"
        " or, if one card shows YOGA PICNIC, its name as one word:"
        " reveal activity yoga-picnic --needs T,T --props P,P"
    )


def test_a_typo_among_several_names_is_named_first() -> None:
    table = Table(2, cards=False)
    error = table.refuse("reveal activity dnace yoga", BadInput)
    assert "did you mean dance?" in error.message


def test_a_goal_move_names_one_goal() -> None:
    """2.3: a GOAL is achieved one card at a time; HOBBY and CURIOSITY are printed (3.2), so
    ``hobby curiosity`` is two GOAL, and 4 new words with a face are not one made-up GOAL."""
    table = Table(2, cards=False)
    ann = table.state.seats[0]
    error = table.refuse(f"goal {ann} hobby curiosity", BadInput)
    assert error.message == "a move achieves one GOAL, and these words name 2: HOBBY, CURIOSITY"
    assert error.legal is not None and error.legal.startswith(
        f"one at a time: goal {ann} hobby; goal {ann} curiosity;"
    )
    line = f"goal {ann} nice day out again --needs house,group,leaf --reward 3"
    error = table.refuse(line, BadInput)
    assert error.message.endswith("name 4: NICE, DAY, OUT, AGAIN")
    assert error.legal is not None
    assert error.legal.endswith(f"goal {ann} nice-day-out-again --needs house,group,leaf --reward 3")
    # the rulebook's own names of several words are one GOAL (2.3 SENSE OF BELONGING)
    words = shlex.split(f"goal {ann} sense of belonging")
    assert parse(table.state, words) == Goal(ann, "SENSE OF BELONGING")


def test_a_new_name_of_three_words_the_rulebooks_longest_is_one_card() -> None:
    """The limit itself: 3 words, as many as SENSE OF BELONGING (2.3), are still one new card,
    an ACTIVITY with its face or a GOAL with its PROPERTY and reward."""
    table = Table(2, cards=False)
    ann = table.state.seats[0]
    words = shlex.split("reveal activity open air concert --needs food,plastic --props heart,leaf")
    assert parse(table.state, words) == RevealActivity(
        "OPEN AIR CONCERT", ("food", "plastic"), ("heart", "leaf")
    )
    words = shlex.split(f"goal {ann} nice day out --needs house,group,leaf --reward 3")
    assert parse(table.state, words) == Goal(ann, "NICE DAY OUT", ("house", "group", "leaf"), 3)


def test_a_goal_declared_with_a_long_name_is_named_by_its_words() -> None:
    """``declare goal`` keeps a name of any length (the escape for a card near a known name): once
    known, ``goal PLAYER`` typing its words names that one card, not several."""
    table = Table(2, cards=False)
    ann = table.state.seats[0]
    table.play("declare goal big city life again --needs house,group,leaf --reward 3")
    words = shlex.split(f"goal {ann} big city life again")
    assert parse(table.state, words) == Goal(ann, "BIG CITY LIFE AGAIN")
