"""The move picker (``ledger.picker``): every legal move once, nothing else, at most about a
dozen chips a step, a few taps to a move; built from the typed commands and the grammar's
words, for a plain grammar and for the three games in seeded play."""

from __future__ import annotations

import random
import shlex
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import msgspec
import pytest

from ledger import games, picker
from ledger.decider import Verb
from ledger.service import Referee
from ledger.store import Store
from tests.ledger.test_picker_shapes import well_formed
from tests.loop.table import CARDS as LOOP_CARDS
from tests.loop.table import hobby_game
from tests.planet_b.table import CARDS as PLANET_B_CARDS
from tests.pursuit.table import CARDS as PURSUIT_CARDS
from tests.pursuit.table import SETTINGS as PURSUIT_SETTINGS

GAMES = {"loop": LOOP_CARDS, "planet-b": PLANET_B_CARDS, "pursuit": PURSUIT_SETTINGS + "\n" + PURSUIT_CARDS}


def toy(commands: list[str]) -> Any:
    """A game whose commands are their own words (``text`` is the identity)."""
    verbs = tuple(Verb(word, f"{word} ...", f"the {word} move") for word in ("buy", "favour", "work"))
    return SimpleNamespace(verbs=verbs, text=lambda command: command), commands


def chips(step: picker.Step) -> list[str]:
    return [choice.label for choice in step.choices]


def test_the_verb_then_each_word_still_open_and_one_choice_taken_for_the_player() -> None:
    game, commands = toy(["work ann", "buy ann glass:1", "buy ann glass:1 food:1", "buy ann food:2"])
    tree = picker.build(game, None, commands)
    assert [(v.verb, v.count) for v in tree.verbs] == [("work", 1), ("buy", 3)]
    assert tree.verbs[1].help == "the buy move" and tree.verbs[1].usage == "buy ..."
    (ann,) = tree.verbs[1].step.choices  # the player's own name: the only way on
    assert chips(ann.step) == ["glass:1", "food:2"]
    glass = ann.step.choices[0].step
    assert glass.move is not None and glass.move.text == "buy ann glass:1" and chips(glass) == ["food:1"]
    assert picker.taps(tree, "work ann") == 2  # the verb, the confirm
    assert picker.taps(tree, "buy ann glass:1") == 4  # the verb, glass:1, "this move", the confirm
    assert picker.taps(tree, "buy ann food:2") == 3
    assert picker.taps(tree, "buy ann gold:1") is None
    assert msgspec.json.decode(glass.move.command) == "buy ann glass:1"  # the typed command itself


def test_small_steps_merge_and_large_ones_are_grouped_by_the_start_of_their_words() -> None:
    favours = [f"favour ann {kind} {target} x" for kind in ("acquire", "share") for target in ("ben", "cat")]
    game, commands = toy(favours)
    step = picker.build(game, None, commands).verbs[0].step.choices[0].step
    assert chips(step) == ["acquire ben x", "acquire cat x", "share ben x", "share cat x"]
    cards = [f"buy ann {kind}:{q}" for kind in ("food", "glass", "metal", "plastic") for q in (1, 2, 3, 4)]
    game, commands = toy(cards)
    tree = picker.build(game, None, commands)
    step = tree.verbs[0].step.choices[0].step
    assert chips(step) == ["food:…", "glass:…", "metal:…", "plastic:…"]
    assert chips(step.choices[1].step) == ["glass:1", "glass:2", "glass:3", "glass:4"]
    assert picker.taps(tree, "buy ann glass:3") == 4
    many = [f"work ann n{n:02}" for n in range(30)]  # nothing to group by: pages of 11 and "more"
    game, commands = toy(many)
    step = picker.build(game, None, commands).verbs[0].step.choices[0].step
    assert len(step.choices) == 12 and step.choices[-1].label == "more (19)…"
    assert sorted(m.text for m in picker.moves(step)) == sorted(many)


def test_a_kind_the_grammar_spells_is_chosen_with_the_verb_and_a_barters_target_too() -> None:
    # Issue 18: LOOP's most common move, a FAVOUR, in at most 3 taps after the verb. A BARTER
    # (target, the card given, the card taken) is 3 choices: its kind and target go on the chip.
    verbs = (Verb("favour", "favour PLAYER acquire TARGET MAT | barter TARGET MINE THEIRS", "a favour"),)
    acquire = [f"favour ann acquire {t} {m}" for t in ("ben", "cat") for m in ("glass@1", "food@2")]
    barter = [f"favour ann barter {t} {m} {x}" for t in ("ben", "cat") for m in "abcdefg" for x in "xyz"]
    game = SimpleNamespace(verbs=verbs, text=lambda command: command)
    tree = picker.build(game, None, acquire + barter)
    assert [(v.verb, v.label, v.count) for v in tree.verbs] == [
        ("favour", "favour acquire", 4),
        ("favour", "favour barter ben", 21),
        ("favour", "favour barter cat", 21),
    ]
    assert sorted(m.text for v in tree.verbs for m in picker.moves(v.step)) == sorted(acquire + barter)
    assert picker.taps(tree, "favour ann barter cat d y") == 4  # the chip, d, y, the confirm
    assert picker.taps(tree, "favour ann acquire ben food@2") == 3
    # Where the verbs would not fit a dozen chips, the kinds stay a step of their own.
    crowded = (*verbs, *(Verb(f"v{n}", f"v{n} ...", "") for n in range(11)))
    tree = picker.build(
        SimpleNamespace(verbs=crowded, text=lambda c: c),
        None,
        [*acquire, *barter, *(f"v{n} ann" for n in range(11))],
    )
    assert len(tree.verbs) == 12 and [v.label for v in tree.verbs][:1] == [""]


@pytest.mark.parametrize("kind", list(GAMES))
def test_every_legal_move_once_and_no_step_wider_than_a_dozen_in_seeded_play(
    tmp_path: Any, kind: str
) -> None:
    referee = Referee(Store(tmp_path / "picker.db"))
    game = referee.new_game(kind, ["ann", "ben", "cat"], seed=4, cards=GAMES[kind])
    rules = games.get(kind)
    rng = random.Random(4)
    for _ in range(120):
        loaded = referee.load(game)
        if rules.is_over(loaded.state):
            break
        for role in rules.to_act(loaded.state):
            tree = referee.picker(game, role)
            offered = sorted(m.text for v in tree.verbs for m in picker.moves(v.step))
            legal = referee.legal(game, None if role == "table" else role)
            mine = [m.text for m in legal if role != "table" or rules.actor(m.command) == "table"]
            assert offered == sorted(mine), role
            well_formed(tree)  # a dozen chips a step at most, and "this move"
        role = rules.to_act(loaded.state)[0]
        moves = [m for v in referee.picker(game, role).verbs for m in picker.moves(v.step)]
        referee.submit_text(game, shlex.split(rng.choice(moves).text))
    referee.store.close()


def test_a_players_picker_asks_the_reward_of_a_goal_nobody_typed(tmp_path: Path) -> None:
    """LOOP 2.3 at a physical table: ann meets HOBBY, whose reward no rulebook prints and nobody
    has typed: her page offers the GOAL with its reward asked, in the refusal's words."""
    referee, game = hobby_game(tmp_path / "ledger.db")
    moves = [m for group in referee.picker(game, "ann").verbs for m in picker.moves(group.step)]
    (hobby,) = [m for m in moves if m.text == "goal ann hobby"]
    assert [(a.flag, a.words) for a in hobby.asks] == [
        ("--reward", "HOBBY's reward: the HAPPINESS printed on the card")
    ]
