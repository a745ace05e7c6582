"""The words each LOOP move takes (docs/loop.md's table, ``grammar.USAGE``): every form, alias
and option a move reads, the refusal of too many or too few words with the verb's usage, what a
refusal names when a number, a name or a MATERIAL cannot be read, and the text of each command
reading back to it."""

from __future__ import annotations

import shlex

import pytest

import ledger.games.loop as loop
from ledger.decider import Setup
from ledger.errors import BadInput
from ledger.games.loop.grammar import USAGE
from ledger.games.loop.model import (
    Ability,
    Accept,
    Apply,
    Buy,
    Call,
    ChooseCareer,
    Command,
    Consume,
    DeclareActivity,
    DeclareGoal,
    End,
    Favour,
    Goal,
    MatRef,
    Object,
    Payoff,
    Reject,
    RepHappiness,
    Respond,
    RevealActivity,
    RevealCareers,
    RevealEvents,
    RevealExhibited,
    RevealMaterial,
    Scrap,
    Spend,
    State,
    Work,
)
from tests.loop.modes_table import Competitive, Solo

# Competitive Mode has every verb of the red FAVOUR (CAREER, EVENT, CREDIT CARD); Solo the blue.
TABLE: State = Competitive(("alice", "bob", "carol"), cards=False).state
SOLO: State = Solo(("alice",), cards=False).state


def parse(line: str, state: State = TABLE) -> Command:
    return loop.parse(state, shlex.split(line))


def refusal(line: str, state: State = TABLE) -> BadInput:
    with pytest.raises(BadInput) as info:
        parse(line, state)
    return info.value


FORMS: list[tuple[str, Command]] = [
    # declare: a card face the rulebook does not print
    ("declare activity dance", DeclareActivity("DANCE")),
    (
        "declare act ice skating --needs Glass,metal --props House",
        DeclareActivity("ICE SKATING", ("glass", "metal"), ("house",)),
    ),
    ("declare ACTIVITY dance --props heart,group", DeclareActivity("DANCE", None, ("heart", "group"))),
    ("declare goal hobby --reward 2", DeclareGoal("HOBBY", None, 2)),
    ("declare goal hobby --reward 0", DeclareGoal("HOBBY", None, 0)),
    (
        "declare goal sense of belonging --needs house,group --reward=3",
        DeclareGoal("SENSE OF BELONGING", ("house", "group"), 3),
    ),
    ("declare goal hobby", DeclareGoal("HOBBY")),
    # work
    ("work alice", Work("alice")),
    ("work ALICE --rep 2", Work("alice", 2)),
    ("work alice --reputation=1 --salary 4 --create Glass", Work("alice", 1, 4, "glass")),
    ("work alice --salary 7", Work("alice", 0, 7)),
    ("work alice --create metal", Work("alice", create="metal")),
    # buy
    ("buy alice glass:1", Buy("alice", (("glass", 1),))),
    (
        "buy alice Glass@1 metal:2 --rep 1 --free glass,Food",
        Buy("alice", (("glass", 1), ("metal", 2)), 1, ("glass", "food")),
    ),
    (
        "buy alice glass:1 bob:metal@2",
        Buy("alice", (("glass", 1), ("metal", 2)), scrap=Scrap("bob", "metal")),
    ),
    ("buy alice Bob:metal:2", Buy("alice", (("metal", 2),), scrap=Scrap("bob", "metal"))),
    ("buy alice CENTRAL:food:3", Buy("alice", (("food", 3),), scrap=Scrap("central", "food"))),
    # consume
    (
        "consume alice dance=glass@1,plastic",
        Consume("alice", (Spend("DANCE", (MatRef("glass", 1), MatRef("plastic"))),)),
    ),
    (
        "consume alice dance=bob:Glass@2 board-games=plastic,plastic --drop yoga,cooking --drop picnic"
        " --rep-happiness",
        Consume(
            "alice",
            (
                Spend("DANCE", (MatRef("glass", 2, "bob"),)),
                Spend("BOARD GAMES", (MatRef("plastic"), MatRef("plastic"))),
            ),
            ("YOGA", "COOKING", "PICNIC"),
            True,
        ),
    ),
    (
        "consume alice dance=glass --rep_happiness",
        Consume("alice", (Spend("DANCE", (MatRef("glass"),)),), (), True),
    ),
    # rep-happiness
    ("rep-happiness alice", RepHappiness("alice")),
    ("rep-happiness alice --force", RepHappiness("alice", True)),
    # goal
    ("goal alice hobby", Goal("alice", "HOBBY")),
    ("goal alice hobby --reward 0", Goal("alice", "HOBBY", None, 0)),
    (
        "achieve alice sense of belonging --needs House,group --reward 3",
        Goal("alice", "SENSE OF BELONGING", ("house", "group"), 3),
    ),
    # favour (red) and its aliases
    ("favour alice acquire bob glass@2", Favour("alice", "acquire", "bob", theirs=MatRef("glass", 2))),
    ("favor Alice ACQUIRE Bob glass", Favour("alice", "acquire", "bob", theirs=MatRef("glass"))),
    (
        "favour alice barter bob glass metal@1",
        Favour("alice", "barter", "bob", mine=MatRef("glass"), theirs=MatRef("metal", 1)),
    ),
    (
        "favour alice recycle bob Food --pay 3",
        Favour("alice", "recycle", "bob", theirs=MatRef("food"), pay=3),
    ),
    ("favour alice resell carol utility@4", Favour("alice", "resell", "carol", mine=MatRef("utility", 4))),
    ("favour alice share carol plastic", Favour("alice", "share", "carol", theirs=MatRef("plastic"))),
    (
        "favour alice share bob glass --face-down --card ACQUIRE",
        Favour("alice", "share", "bob", theirs=MatRef("glass"), card="acquire", face_down=True),
    ),
    (
        "favour alice share bob glass --card ?",
        Favour("alice", "share", "bob", theirs=MatRef("glass"), card="?"),
    ),
    (
        "favour alice share bob glass --card Renew",
        Favour("alice", "share", "bob", theirs=MatRef("glass"), card="renew"),
    ),
    ("acquire alice bob glass@2", Favour("alice", "acquire", "bob", theirs=MatRef("glass", 2))),
    # typed by its kind, the options may come first: the kind still goes after the player
    (
        "share --card barter alice bob glass",
        Favour("alice", "share", "bob", theirs=MatRef("glass"), card="barter"),
    ),
    (
        "acquire --face-down alice bob glass@2",
        Favour("alice", "acquire", "bob", theirs=MatRef("glass", 2), face_down=True),
    ),
    (
        "barter alice bob glass metal@1",
        Favour("alice", "barter", "bob", mine=MatRef("glass"), theirs=MatRef("metal", 1)),
    ),
    ("recycle alice bob food --pay 2", Favour("alice", "recycle", "bob", theirs=MatRef("food"), pay=2)),
    ("resell alice carol utility@4", Favour("alice", "resell", "carol", mine=MatRef("utility", 4))),
    (
        "share alice carol plastic --card barter",
        Favour("alice", "share", "carol", theirs=MatRef("plastic"), card="barter"),
    ),
    # accept, reject, end
    ("accept Bob", Accept("bob")),
    ("reject bob --discard", Reject("bob", "discard")),
    ("reject bob --rep", Reject("bob", "rep")),
    ("reject bob --reputation", Reject("bob", "rep")),
    ("end alice", End("alice")),
    ("end alice --target Bob", End("alice", "bob")),
    ("end-turn alice --target=carol", End("alice", "carol")),
    # career (8.0), CREDIT CARD (5.4)
    ("career alice intern", ChooseCareer("alice", "INTERN")),
    ("career alice office lady", ChooseCareer("alice", "OFFICE LADY")),
    ("career alice Office-Lady", ChooseCareer("alice", "OFFICE LADY")),
    ("career alice clerk", ChooseCareer("alice", "OFFICE LADY")),
    ("apply alice", Apply("alice")),
    ("apply alice Glass", Apply("alice", "glass")),
    ("payoff alice 1", Payoff("alice", 1)),
    ("payoff alice 2 --card 3", Payoff("alice", 2, 3)),
    # ability (8.0)
    ("ability alice rep bob", Ability("alice", "rep", target="bob")),
    ("ability alice COIN carol", Ability("alice", "coin", target="carol")),
    ("ability alice forge glass@2 metal", Ability("alice", "forge", mat=MatRef("glass", 2), kind="metal")),
    (
        "ability alice forge bob:glass@2 Metal",
        Ability("alice", "forge", mat=MatRef("glass", 2, "bob"), kind="metal"),
    ),
    ("ability alice repair bob:utility@1", Ability("alice", "repair", mat=MatRef("utility", 1, "bob"))),
    ("ability alice repair utility", Ability("alice", "repair", mat=MatRef("utility"))),
    ("ability alice swap Share", Ability("alice", "swap", kind="share")),
    ("ability alice minimalist", Ability("alice", "minimalist")),
    ("ability alice invest", Ability("alice", "invest")),
    ("ability alice invest Dollar blank", Ability("alice", "invest", outcome=("dollar", "blank"))),
    ("ability alice care bob barter", Ability("alice", "care", target="bob", kind="barter")),
    ("ability alice scavenge bob Glass", Ability("alice", "scavenge", target="bob", kind="glass")),
    ("ability alice peek Material", Ability("alice", "peek", kind="material")),
    ("ability alice take bob", Ability("alice", "take", target="bob")),
    ("ability alice take bob Unseen", Ability("alice", "take", target="bob", outcome=("unseen",))),
    ("ability alice take bob Acquire", Ability("alice", "take", target="bob", outcome=("acquire",))),
    # event (9.0)
    ("event alice toss", Respond("alice", "toss")),
    ("event alice TOSS Dollar", Respond("alice", "toss", outcome="dollar")),
    ("event alice toss blank", Respond("alice", "toss", outcome="blank")),
    ("event alice lose", Respond("alice", "lose")),
    ("event alice None", Respond("alice", "none")),
    ("event alice B Glass", Respond("alice", "b", kind="glass")),
    ("event alice glass@2", Respond("alice", mat=MatRef("glass", 2))),
    ("event alice bob", Respond("alice", target="bob")),
    ("event alice bob glass@1", Respond("alice", target="bob", mat=MatRef("glass", 1))),
    ("event alice bob Metal", Respond("alice", target="bob", kind="metal")),
    ("event alice bob unseen", Respond("alice", target="bob", outcome="unseen")),
    ("event alice bob UNSEEN", Respond("alice", target="bob", outcome="unseen")),
    ("event alice bob Acquire", Respond("alice", target="bob", outcome="acquire")),
    # call, object (POLITICIAN, 8.0)
    ("call bob", Call("bob")),
    ("call bob --card Share", Call("bob", "share")),
    ("object alice Barter", Object("alice", "barter")),
    # reveal: the cards the table flipped (1.0, 2.7, 5.1, 9.0)
    ("reveal material glass", RevealMaterial("glass")),
    ("flip mat Glass metal --to alice", RevealMaterial("glass", "alice", ("metal",))),
    (
        "reveal material glass metal --to alice,bob",
        RevealMaterial("glass", "alice", ("metal",), to_each=("alice", "bob")),
    ),
    ("reveal material glass@2 metal@1", RevealMaterial("glass", None, ("metal",), (2, 1))),
    ("reveal career alice intern Office-Lady", RevealCareers("alice", ("INTERN", "OFFICE LADY"))),
    ("reveal event heatwave lost-wallet", RevealEvents(("HEATWAVE", "LOST WALLET"))),
    ("reveal activity dance picnic", RevealActivity("DANCE", more=("PICNIC",))),
    (
        "reveal act ice skating --needs glass,metal --props house",
        RevealActivity("ICE SKATING", ("glass", "metal"), ("house",)),
    ),
    ("reveal activity ice skating --props house", RevealActivity("ICE SKATING", None, ("house",))),
    ("reveal activity board games --needs plastic", RevealActivity("BOARD GAMES", ("plastic",))),
    # reveal exhibited (Solo's Exhibited QUALITY, read in any mode)
    ("reveal exhibited glass@3 Metal@1", RevealExhibited((("glass", 3), ("metal", 1)))),
]

# Solo (7.0): the blue FAVOUR act on the BUY AREA, no target
SOLO_FORMS: list[tuple[str, Command]] = [
    ("favour alice acquire glass@1", Favour("alice", "acquire", "", theirs=MatRef("glass", 1))),
    ("favour alice share Glass", Favour("alice", "share", "", theirs=MatRef("glass"))),
    (
        "favour alice barter glass@1 metal@2 --card barter",
        Favour("alice", "barter", "", mine=MatRef("glass", 1), theirs=MatRef("metal", 2), card="barter"),
    ),
    (
        "favour alice resell utility@3 --card RESELL",
        Favour("alice", "resell", "", mine=MatRef("utility", 3), card="resell"),
    ),
    ("favour alice renew food@2", Favour("alice", "renew", "", theirs=MatRef("food", 2))),
    ("renew alice food@2", Favour("alice", "renew", "", theirs=MatRef("food", 2))),
    ("renew --card ? alice food@2", Favour("alice", "renew", "", theirs=MatRef("food", 2), card="?")),
    ("acquire alice glass@1 --card ?", Favour("alice", "acquire", "", theirs=MatRef("glass", 1), card="?")),
    ("barter alice glass metal", Favour("alice", "barter", "", mine=MatRef("glass"), theirs=MatRef("metal"))),
    ("ability alice scavenge Central glass", Ability("alice", "scavenge", target="central", kind="glass")),
    ("ability alice scavenge alice glass", Ability("alice", "scavenge", target="alice", kind="glass")),
    ("consume alice dance=area:glass@2", Consume("alice", (Spend("DANCE", (MatRef("glass", 2, "area"),)),))),
]


@pytest.mark.parametrize(("line", "command"), FORMS)
def test_the_words_each_move_takes(line: str, command: Command) -> None:
    assert parse(line) == command


@pytest.mark.parametrize(("line", "command"), SOLO_FORMS)
def test_the_words_of_a_solo_move(line: str, command: Command) -> None:
    assert parse(line, SOLO) == command


@pytest.mark.parametrize(("line", "command"), FORMS)
def test_the_text_of_each_command_reads_back(line: str, command: Command) -> None:
    assert parse(loop.text(command)) == command


@pytest.mark.parametrize(("line", "command"), SOLO_FORMS)
def test_the_text_of_each_solo_command_reads_back(line: str, command: Command) -> None:
    assert parse(loop.text(command), SOLO) == command


COUNTS: list[tuple[str, str]] = [
    ("declare activity", "declare"),
    ("declare", "declare"),
    ("work", "work"),
    ("work alice bob", "work"),
    ("buy alice", "buy"),
    ("consume alice", "consume"),
    ("rep-happiness", "rep-happiness"),
    ("rep-happiness alice bob", "rep-happiness"),
    ("goal alice", "goal"),
    ("achieve alice --reward 1", "goal"),
    ("favour alice acquire", "favour"),
    ("favour alice barter bob glass metal food", "favour"),
    ("acquire alice bob glass metal food", "favour"),
    ("accept", "accept"),
    ("accept bob carol", "accept"),
    ("reject bob carol --rep", "reject"),
    ("end", "end"),
    ("end alice bob", "end"),
    ("end-turn alice bob", "end"),
    ("career alice", "career"),
    ("apply", "apply"),
    ("apply alice glass metal", "apply"),
    ("payoff alice", "payoff"),
    ("payoff alice 1 2", "payoff"),
    ("ability alice", "ability"),
    ("ability alice rep", "ability"),
    ("ability alice rep bob carol", "ability"),
    ("ability alice coin bob carol", "ability"),
    ("ability alice forge glass@1", "ability"),
    ("ability alice forge glass@1 metal food", "ability"),
    ("ability alice repair", "ability"),
    ("ability alice repair glass@1 metal", "ability"),
    ("ability alice swap", "ability"),
    ("ability alice swap acquire barter", "ability"),
    ("ability alice minimalist bob", "ability"),
    ("ability alice care bob", "ability"),
    ("ability alice care bob share barter", "ability"),
    ("ability alice scavenge bob", "ability"),
    ("ability alice scavenge bob glass metal", "ability"),
    ("ability alice peek", "ability"),
    ("ability alice peek material event", "ability"),
    ("ability alice take", "ability"),
    ("ability alice take bob acquire barter", "ability"),
    ("event alice", "event"),
    ("event alice bob glass metal", "event"),
    ("event alice toss dollar blank", "event"),
    ("event alice a", "event"),
    ("event alice c", "event"),
    ("event alice lose glass", "event"),
    ("event alice none bob", "event"),
    ("event alice glass@1 bob", "event"),
    ("call", "call"),
    ("call bob carol", "call"),
    ("object alice", "object"),
    ("object alice barter share", "object"),
]


@pytest.mark.parametrize(("line", "verb"), COUNTS)
def test_too_many_or_too_few_words_are_refused_with_the_usage(line: str, verb: str) -> None:
    error = refusal(line)
    assert (error.message, error.legal) == ("wrong number of words", USAGE[verb])


@pytest.mark.parametrize(
    "line",
    [
        "favour alice barter",
        "favour alice barter glass@1 metal@2 food@1",
        "renew alice glass@1 metal@2 food@1",
    ],
)
def test_a_blue_favour_of_too_many_or_too_few_words_is_refused(line: str) -> None:
    error = refusal(line, SOLO)
    assert (error.message, error.legal) == ("wrong number of words", "favour PLAYER KIND ...")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("favour alice acquire bob", "wrong number of words for ACQUIRE"),
        ("favour alice acquire bob glass metal", "wrong number of words for ACQUIRE"),
        ("favour alice barter bob glass", "wrong number of words for BARTER"),
        ("recycle alice bob --pay 1", "wrong number of words for RECYCLE"),
    ],
)
def test_a_favour_of_the_wrong_words_for_its_kind_is_refused(line: str, message: str) -> None:
    error = refusal(line)
    assert (error.message, error.legal) == (message, USAGE["favour"])


def test_a_blue_favour_of_the_wrong_words_for_its_kind_is_refused() -> None:
    error = refusal("favour alice barter glass@1", SOLO)
    assert (error.message, error.legal) == ("wrong number of words for BARTER", "favour alice barter ...")


TWICE: list[tuple[str, str]] = [
    ("declare activity dance --needs glass --needs metal", "needs"),
    ("declare activity dance --props house --props heart", "props"),
    ("declare goal hobby --reward 1 --reward 2", "reward"),
    ("work alice --salary 7 --salary 4", "salary"),
    ("work alice --create glass --create metal", "create"),
    ("work alice --rep 1 --reputation 1", "rep"),
    ("buy alice glass:1 --free glass --free food", "free"),
    ("goal alice hobby --needs house --needs heart", "needs"),
    ("goal alice hobby --reward 1 --reward 2", "reward"),
    ("favour alice recycle bob food --pay 1 --pay 2", "pay"),
    ("favour alice share bob glass --card barter --card share", "card"),
    ("end alice --target bob --target carol", "target"),
    ("payoff alice 1 --card 1 --card 2", "card"),
    ("call bob --card share --card barter", "card"),
]


@pytest.mark.parametrize(("line", "option"), TWICE)
def test_an_option_of_one_value_given_twice_is_refused(line: str, option: str) -> None:
    assert refusal(line).message == f"option --{option} given twice"


def test_a_solo_option_of_one_value_given_twice_is_refused() -> None:
    assert refusal("favour alice acquire glass@1 --card barter --card share", SOLO).message == (
        "option --card given twice"
    )


@pytest.mark.parametrize(
    "line",
    [
        "declare goal hobby --reward 2 again",
        "declare activity --needs glass,metal dance",
        "declare activity --props house dance",
        "declare goal --needs house hobby --reward 1",
        "goal alice --needs house hobby",
        "favour alice share --card barter bob glass",
        "work --salary 7 alice",
        "work --create glass alice",
        "buy alice --free glass food:1",
        "goal alice --reward 2 hobby",
        "favour alice recycle bob --pay 2 food",
        "end --target bob alice",
        "payoff alice --card 2 1",
        "call --card share bob",
    ],
)
def test_an_option_takes_one_word_the_next_is_positional(line: str) -> None:
    """``--rep 2 more``: only ``2`` is the option's; ``more`` is a word of the move."""
    words = shlex.split(line)
    at = next(i for i, word in enumerate(words) if word.startswith("--"))
    moved = [*words[:at], *words[at + 2 :], *words[at : at + 2]]  # the option last instead
    assert parse(line) == parse(" ".join(moved))


UNREAD: list[tuple[str, str]] = [
    # numbers: what could not be read
    ("favour alice acquire bob glass@x", "QUALITY must be a number, not 'x'"),
    ("consume alice dance=bob:glass@x", "QUALITY must be a number, not 'x'"),
    ("reveal exhibited glass@x", "QUALITY must be a number, not 'x'"),
    ("reveal exhibited glass@1@2", "QUALITY must be a number, not '1@2'"),
    ("buy alice glass:x", "QUALITY must be a number, not 'x'"),
    ("buy alice glass@x", "QUALITY must be a number, not 'x'"),
    ("declare goal hobby --reward x", "--reward must be a number, not 'x'"),
    ("work alice --rep x", "--rep must be a number, not 'x'"),
    ("work alice --salary x", "--salary must be a number, not 'x'"),
    ("buy alice glass:1 --rep x", "--rep must be a number, not 'x'"),
    ("goal alice hobby --reward x", "--reward must be a number, not 'x'"),
    ("favour alice recycle bob food --pay x", "--pay must be a number, not 'x'"),
    ("payoff alice x", "COIN must be a number, not 'x'"),
    ("payoff alice 1 --card x", "--card must be a number, not 'x'"),
    # card names
    ("declare activity dance!", "cannot read ACTIVITY name 'dance!'"),
    ("declare goal hobby!", "cannot read GOAL name 'hobby!'"),
    ("goal alice hobby!", "cannot read GOAL name 'hobby!'"),
    ("consume alice dance!=glass", "cannot read ACTIVITY name 'dance!'"),
    ("consume alice dance=glass=1", "unknown MATERIAL 'glass=1'"),
    ("consume alice dance=glass --drop yoga!", "cannot read ACTIVITY name 'yoga!'"),
    ("career alice intern!", "cannot read CAREER name 'intern!'"),
    # listed MATERIAL and PROPERTY
    ("declare activity dance --needs wood", "unknown MATERIAL 'wood': did you mean food?"),
    ("declare activity dance --props roof", "unknown PROPERTY 'roof'"),
    ("declare goal hobby --needs roof", "unknown PROPERTY 'roof'"),
    ("goal alice hobby --needs house,roof", "unknown PROPERTY 'roof'"),
    ("buy alice glass:1 --free wood", "unknown MATERIAL 'wood': did you mean food?"),
    # MATERIAL words
    ("consume alice dance=bob:carol:glass", "unknown MATERIAL 'carol:glass'"),
    ("buy alice bob:glass:1:2", "unknown MATERIAL 'bob'"),
    ("favour alice acquire bob bob:glass", "cannot read MATERIAL 'bob:glass'"),
    ("favour alice barter bob bob:glass metal", "cannot read MATERIAL 'bob:glass'"),
    ("favour alice barter bob glass bob:metal", "cannot read MATERIAL 'bob:metal'"),
    ("favour alice resell bob bob:glass", "cannot read MATERIAL 'bob:glass'"),
    ("favour alice share bob bob:glass", "cannot read MATERIAL 'bob:glass'"),
    ("event alice bob:glass@1", "cannot read MATERIAL 'bob:glass@1'"),
    ("event alice bob bob:glass@1", "cannot read MATERIAL 'bob:glass@1'"),
    ("ability alice scavenge central glass", "unknown player 'central'"),
    # FAVOUR words
    ("favour alice share bob glass --card hug", "unknown FAVOUR 'hug'"),
    ("favour alice hug bob glass", "unknown FAVOUR 'hug'"),
    ("event alice bob hug", "unknown FAVOUR 'hug'"),
    ("ability alice take bob hug", "unknown FAVOUR 'hug'"),
    ("call bob --card hug", "unknown FAVOUR 'hug'"),
    ("object alice hug", "unknown FAVOUR 'hug'"),
    ("favour alice share bob glass --pay 1", "--pay N goes with RECYCLE only"),
    ("event alice toss heads", "a COIN lands 'heads'?"),
    ("ability alice invest dollar heads", "a COIN lands 'heads'?"),
    ("career alice pilot", "unknown CAREER 'pilot'"),
    ("payoff alice 3", "a PAYOFF is 1 or 2 COIN, not 3"),
    ("payoff alice 0", "a PAYOFF is 1 or 2 COIN, not 0"),
    ("reject bob", "reject by discarding a same FAVOUR or with 1 REPUTATION"),
    ("ability alice fly", "unknown ABILITY 'fly'"),
    (
        "reveal material glass metal food --to alice,bob",
        "--to names 2 players for 3 cards: one player for all, or one per card",
    ),
    ("declare card dance", "declare what? 'card'"),
]


@pytest.mark.parametrize(("line", "message"), UNREAD)
def test_what_a_refusal_names(line: str, message: str) -> None:
    assert refusal(line).message == message


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("favour alice acquire bob:glass@1", "cannot read MATERIAL 'bob:glass@1'"),
        ("favour alice barter area:glass@1 metal@1", "cannot read MATERIAL 'area:glass@1'"),
        ("favour alice barter glass@1 area:metal@1", "cannot read MATERIAL 'area:metal@1'"),
        ("favour alice resell alice:glass@1", "cannot read MATERIAL 'alice:glass@1'"),
        ("favour alice hug glass", "unknown blue FAVOUR 'hug'"),
        ("favour alice share glass --card hug", "unknown FAVOUR 'hug'"),
    ],
)
def test_what_a_solo_refusal_names(line: str, message: str) -> None:
    assert refusal(line, SOLO).message == message


@pytest.mark.parametrize(
    "line",
    [
        "accept bob --now",
        "career alice intern --now",
        "apply alice --now",
        "ability alice minimalist --now",
        "event alice lose --now",
        "object alice barter --now",
        "reject bob --now",
        "rep-happiness alice --now",
    ],
)
def test_a_move_without_options_refuses_one(line: str) -> None:
    error = refusal(line)
    assert error.message == "unknown option '--now'"


# The canonical text of each kind of command: ``text`` writes it, and reads it back as itself.
CANONICAL = [
    "reveal material glass",
    "reveal material glass metal --to alice",
    "reveal material glass metal --to alice,bob",
    "reveal material glass@2 metal@1",
    "reveal career alice intern office-lady",
    "reveal event heatwave lost-wallet",
    "reveal activity dance picnic",
    "reveal activity ice-skating --needs glass,metal --props house",
    "declare activity dance",
    "declare activity ice-skating --needs glass,metal --props house",
    "declare activity dance --props heart,group",
    "declare goal hobby --reward 2",
    "declare goal hobby --reward 0",
    "declare goal sense-of-belonging --needs house,group --reward 3",
    "declare goal hobby",
    "work alice",
    "work alice --rep 2",
    "work alice --rep 1 --salary 4 --create glass",
    "work alice --salary 7",
    "work alice --create metal",
    "buy alice glass:1",
    "buy alice glass:1 metal:2 --rep 1 --free glass,food",
    "buy alice glass:1 bob:metal:2",
    "buy alice bob:metal:2",
    "buy alice central:food:3",
    "consume alice dance=glass@1,plastic",
    "consume alice dance=bob:glass@2 board-games=plastic,plastic"
    " --drop yoga --drop cooking --drop picnic --rep-happiness",
    "consume alice dance=glass --rep-happiness",
    "rep-happiness alice",
    "rep-happiness alice --force",
    "goal alice hobby",
    "goal alice hobby --reward 0",
    "goal alice sense-of-belonging --needs house,group --reward 3",
    "favour alice acquire bob glass@2",
    "favour alice acquire bob glass",
    "favour alice barter bob glass metal@1",
    "favour alice recycle bob food --pay 3",
    "favour alice resell carol utility@4",
    "favour alice share carol plastic",
    "favour alice share bob glass --card acquire --face-down",
    "favour alice share bob glass --card ?",
    "favour alice share bob glass --card renew",
    "favour alice recycle bob food --pay 2",
    "favour alice share carol plastic --card barter",
    "accept bob",
    "reject bob --discard",
    "reject bob --rep",
    "end alice",
    "end alice --target bob",
    "end alice --target carol",
    "career alice intern",
    "career alice office-lady",
    "apply alice",
    "apply alice glass",
    "payoff alice 1",
    "payoff alice 2 --card 3",
    "ability alice rep bob",
    "ability alice coin carol",
    "ability alice forge glass@2 metal",
    "ability alice forge bob:glass@2 metal",
    "ability alice repair bob:utility@1",
    "ability alice repair utility",
    "ability alice swap share",
    "ability alice minimalist",
    "ability alice invest",
    "ability alice invest dollar blank",
    "ability alice care bob barter",
    "ability alice scavenge bob glass",
    "ability alice peek material",
    "ability alice take bob",
    "ability alice take bob unseen",
    "ability alice take bob acquire",
    "event alice toss",
    "event alice toss dollar",
    "event alice toss blank",
    "event alice lose",
    "event alice none",
    "event alice b glass",
    "event alice glass@2",
    "event alice bob",
    "event alice bob glass@1",
    "event alice bob metal",
    "event alice bob unseen",
    "event alice bob acquire",
    "call bob",
    "call bob --card share",
    "object alice barter",
    "reveal exhibited glass@3 metal@1",
]
SOLO_CANONICAL = [
    "favour alice acquire glass@1",
    "favour alice share glass",
    "favour alice barter glass@1 metal@2 --card barter",
    "favour alice resell utility@3 --card resell",
    "favour alice renew food@2",
    "favour alice acquire glass@1 --card ?",
    "favour alice barter glass metal",
    "ability alice scavenge central glass",
    "ability alice scavenge alice glass",
    "consume alice dance=area:glass@2",
]


@pytest.mark.parametrize("line", CANONICAL)
def test_the_canonical_text_of_a_command(line: str) -> None:
    assert loop.text(parse(line)) == line


@pytest.mark.parametrize("line", SOLO_CANONICAL)
def test_the_canonical_text_of_a_solo_command(line: str) -> None:
    assert loop.text(parse(line, SOLO)) == line


@pytest.mark.parametrize(
    ("line", "same"),
    [
        ("reveal material glass --to alice plastic", "reveal material glass plastic --to alice"),
        (
            "reveal activity --needs glass,plastic dance --props group,heart",
            "reveal activity dance --needs glass,plastic --props group,heart",
        ),
        (
            "reveal activity --props group,heart dance --needs glass,plastic",
            "reveal activity dance --needs glass,plastic --props group,heart",
        ),
    ],
)
def test_a_reveals_option_takes_one_value_and_the_words_after_it_are_the_cards(line: str, same: str) -> None:
    assert parse(line) == parse(same)


ACTIVITY_ONLY = "--needs and --props describe an ACTIVITY"
CAREERS_USAGE = "reveal career PLAYER CAREER CAREER"


@pytest.mark.parametrize(
    ("line", "message", "legal"),
    [
        ("reveal material", "wrong number of words", USAGE["reveal"]),
        ("reveal material glass --needs glass,plastic", ACTIVITY_ONLY, USAGE["reveal"]),
        ("reveal material glass --props group,heart", ACTIVITY_ONLY, USAGE["reveal"]),
        (
            "reveal material glass plastic food --to alice,bob",
            "--to names 2 players for 3 cards: one player for all, or one per card",
            "--to alice, or --to with 3 players in the cards' order",
        ),
        ("reveal career alice intern", "wrong number of words", CAREERS_USAGE),
        ("reveal career alice intern chef banker", "wrong number of words", CAREERS_USAGE),
        ("reveal event heatwave he@t", "cannot read EVENT name 'he@t'", None),
        ("reveal activity d@nce", "cannot read ACTIVITY name 'd@nce'", None),
        ("reveal activity dance p!cnic", "cannot read ACTIVITY name 'p!cnic'", None),
        (
            "reveal activity dance --needs glass,wood",
            "unknown MATERIAL 'wood': did you mean food?",
            "food, glass, metal, plastic, utility",
        ),
        ("reveal activity dance --props group,cat", "unknown PROPERTY 'cat'", None),
    ],
)
def test_a_reveal_that_cannot_be_read_says_why(line: str, message: str, legal: str | None) -> None:
    error = refusal(line)
    assert error.message == message
    if legal is not None:
        assert error.legal == legal


EVENT_CHOICES = ("toss", "lose", "none", "a", "b", "c")  # 9.0's EVENT choices, as `event` reads them


@pytest.mark.parametrize(
    ("mode", "players", "words"),
    [
        ("basic", ("ann", "ben"), ()),  # 4.0: no EVENT, CAREER or blue FAVOUR
        ("competitive", ("ann", "ben"), (*EVENT_CHOICES, "central")),  # 5.0: EVENT; a SCIENTIST's central:
        ("cooperative", ("ann", "ben"), (*EVENT_CHOICES, "central")),  # 6.0 is Competitive's EVENT and CAREER
        ("solo", ("ann",), (*EVENT_CHOICES, "central", "area")),  # 7.0: the central LANDFILL and BUY AREA
    ],
)
def test_no_player_may_be_named_a_word_the_modes_grammar_reads_there(
    mode: str, players: tuple[str, ...], words: tuple[str, ...]
) -> None:
    """Where a player's name may stand, `event` reads an EVENT choice in the modes with EVENT,
    `central:` the central LANDFILL wherever a SCIENTIST (8.0) or the blue FAVOUR (7.0) act on
    it, and `area:` Solo's BUY AREA (7.0 SHARE): `new` refuses those as names, saying why."""
    setup = Setup(game="loop", rules_version=loop.rules_version, players=players, mode=mode)
    reserved = loop.reserved_words(setup)
    assert sorted(reserved) == sorted(words)
    for choice in set(EVENT_CHOICES) & set(reserved):
        assert reserved[choice] == (
            f"an EVENT choice in `event PLAYER {choice} ...` (9.0), where a TARGET may stand"
        )
    if "central" in reserved:
        assert reserved["central"] == "the central LANDFILL (7.0, SCIENTIST 8.0), where an OWNER may stand"
    if "area" in reserved:
        assert reserved["area"] == "the BUY AREA in `area:TYPE@Q` (7.0 SHARE), where an OWNER may stand"
