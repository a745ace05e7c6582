"""What a phone's move picker shows, step by step (``ledger.picker``), on toy grammars whose
every word is its own: the words along a path are the move being made (the page's crumbs),
a chip reads its word or ends in "…" (a group or a page), a step fits a dozen chips and
groups by the start of the words before it pages, and the taps a move takes are counted
the way a page takes them. ``well_formed`` is checked on the real games' pickers in seeded
play too (tests/ledger/test_picker.py)."""

from __future__ import annotations

import shlex
from types import SimpleNamespace
from typing import Any

from ledger import picker
from ledger.decider import Ask, Unlisted, Verb

DOZEN = picker.MAX_CHOICES


def game(*verbs: Verb) -> Any:
    """A game whose commands are their own words (``text`` is the identity)."""
    return SimpleNamespace(verbs=verbs or (Verb("buy", "buy ...", "the buy move"),), text=lambda c: c)


def chips(step: picker.Step) -> list[str]:
    return [choice.label for choice in step.choices]


def only(tree: picker.Picker) -> picker.Step:
    """The step after the one verb and the player's name (taken for them)."""
    (group,) = tree.verbs
    (name,) = group.step.choices
    return name.step


def well_formed(tree: picker.Picker) -> None:
    """Every chip with a grammar word says it (the game's words: ``said``, else the word), or
    has none and ends in "…" (a group of words, or the next page); every chip leads somewhere;
    no step is wider than a dozen (and "this move"); each group counts its moves, and a kind's
    chip starts with its verb's; and the words along the path to each move are the move's words
    after its verb."""
    for group in tree.verbs:
        assert group.count == len(picker.moves(group.step)), group.label
        assert not group.label or group.label.startswith(f"{group.said or group.verb} "), group.label

        def walk(step: picker.Step, words: list[str]) -> None:
            assert len(step.choices) <= DOZEN, words
            if step.move is not None:
                assert " ".join(words) == " ".join(shlex.split(step.move.text)[1:]), step.move.text
            for choice in step.choices:
                if choice.word:
                    assert choice.label, choice
                else:
                    assert choice.label.endswith("…"), choice
                assert choice.step.move is not None or choice.step.choices, choice
                walk(choice.step, [*words, choice.word] if choice.word else words)

        walk(group.step, [])
    assert picker.widest(tree) <= DOZEN + 1


def test_a_dozen_choices_are_shown_as_they_are_and_a_thirteenth_groups_them() -> None:
    twelve = [f"buy ann {kind}:1" for kind in "abcdefghijkl"]
    tree = picker.build(game(), None, twelve)
    well_formed(tree)
    assert chips(only(tree)) == [c.split()[-1] for c in twelve]
    thirteen = (
        [f"buy ann a:{n}" for n in range(1, 8)] + [f"buy ann b:{n}" for n in range(1, 6)] + ["buy ann c:1"]
    )
    tree = picker.build(game(), None, thirteen)
    well_formed(tree)
    # two heads of several words and one alone: the one alone is its own chip
    assert chips(only(tree)) == ["a:…", "b:…", "c:1"]
    assert chips(only(tree).choices[0].step) == [f"a:{n}" for n in range(1, 8)]
    assert picker.taps(tree, "buy ann a:3") == 4  # the verb, a:…, a:3, the confirm
    assert picker.taps(tree, "buy ann c:1") == 3


def test_words_that_all_start_alike_are_grouped_by_what_follows() -> None:
    # x:a:1 ... x:a:7 and x:b:1 ... x:b:7: all start "x:", so the chips are by the next part
    commands = [f"buy ann x:{part}:{n}" for part in "ab" for n in range(1, 8)]
    tree = picker.build(game(), None, commands)
    well_formed(tree)
    assert chips(only(tree)) == ["x:a:…", "x:b:…"]
    assert chips(only(tree).choices[1].step) == [f"x:b:{n}" for n in range(1, 8)]
    # fourteen under one head among others: that head's chip is grouped again inside
    commands = [f"buy ann a:{part}:{n}" for part in "12" for n in range(1, 8)] + ["buy ann b:1"]
    tree = picker.build(game(), None, commands)
    well_formed(tree)
    assert chips(only(tree)) == ["a:…", "b:1"]
    assert chips(only(tree).choices[0].step) == ["a:1:…", "a:2:…"]
    assert picker.taps(tree, "buy ann a:2:5") == 5


def test_more_heads_than_a_dozen_are_paged() -> None:
    # thirteen heads of two words each: thirteen group chips would not fit, so they are paged
    commands = [f"buy ann {kind}:{n}" for kind in "abcdefghijklm" for n in (1, 2)]
    tree = picker.build(game(), None, commands)
    well_formed(tree)
    step = only(tree)
    assert chips(step) == [f"{kind}:…" for kind in "abcdefghijk"] + ["more (2)…"]
    assert chips(step.choices[-1].step) == ["l:…", "m:…"]
    assert sorted(m.text for m in picker.moves(step)) == sorted(commands)


def test_two_small_steps_merge_only_while_they_fit_a_dozen() -> None:
    twelve = [f"buy ann {a} {b}" for a in "pqr" for b in "wxyz"]
    tree = picker.build(game(), None, twelve)
    well_formed(tree)
    assert chips(only(tree)) == [f"{a} {b}" for a in "pqr" for b in "wxyz"]
    thirteen = [*twelve, "buy ann s w"]
    tree = picker.build(game(), None, thirteen)
    well_formed(tree)
    assert chips(only(tree)) == ["p", "q", "r", "s"]


FAVOUR = Verb("favour", "favour PLAYER acquire|share TARGET MAT | pass", "a favour", ("favor",))


def test_a_kind_spelled_in_a_list_of_the_usage_is_a_chip_with_the_verb() -> None:
    # (LOOP Solo: "favour PLAYER acquire|share TYPE@Q"); a verb before it that has no kinds
    # is left as it is
    commands = ["buy ann glass:1", "buy ann food:1"] + [
        f"favour ann {kind} {target} {mat}"
        for kind in ("acquire", "share")
        for target in "bc"
        for mat in "xyz"
    ]
    tree = picker.build(game(Verb("buy", "buy ...", ""), FAVOUR), None, commands)
    well_formed(tree)
    assert [(v.verb, v.label, v.count) for v in tree.verbs] == [
        ("buy", "", 2),
        ("favour", "favour acquire", 6),
        ("favour", "favour share", 6),
    ]
    # the player's name and the kind are taken with the chip: its one way on
    acquire = tree.verbs[1].step
    assert chips(acquire) == ["ann acquire"]
    assert chips(acquire.choices[0].step) == ["b x", "b y", "b z", "c x", "c y", "c z"]
    assert picker.taps(tree, "favour ann share c y") == 3  # the chip, "c y", the confirm


def test_kinds_only_where_there_are_two_and_the_verbs_still_fit() -> None:
    one_kind = [f"favour ann acquire {t} x" for t in "bc"]
    tree = picker.build(game(FAVOUR), None, one_kind)
    well_formed(tree)
    assert [v.label for v in tree.verbs] == [""]
    two_kinds = [*one_kind, "favour ann share b x"]
    # "favour ann" a move of its own: it is offered, so the kinds stay a step after it
    tree = picker.build(game(FAVOUR), None, ["favour ann", *two_kinds])
    well_formed(tree)
    assert [v.label for v in tree.verbs] == [""]
    assert sorted(m.text for m in picker.moves(tree.verbs[0].step)) == sorted(["favour ann", *two_kinds])
    others = [Verb(f"v{n}", f"v{n} ...", "") for n in range(10)]
    # ten other verbs and the two kinds: a dozen chips, so the kinds are chips
    tree = picker.build(game(FAVOUR, *others), None, [*two_kinds, *(f"v{n} ann" for n in range(10))])
    well_formed(tree)
    assert len(tree.verbs) == DOZEN and [v.label for v in tree.verbs][:2] == [
        "favour acquire",
        "favour share",
    ]
    # one verb more and they would not fit
    others.append(Verb("v10", "v10 ...", ""))
    tree = picker.build(game(FAVOUR, *others), None, [*two_kinds, *(f"v{n} ann" for n in range(11))])
    assert [v.label for v in tree.verbs] == [""] * DOZEN


def test_a_kind_that_is_a_move_one_that_goes_on_and_one_that_does_both() -> None:
    # "pass" is the whole move; "acquire" always goes on (its next steps merged); "share" is
    # a move and also goes on
    commands = [
        "favour ann pass",
        *(f"favour ann acquire {t} {m} {x}" for t in "bc" for m in "pq" for x in "uv"),
        "favour ann share",
        "favour ann share b",
        "favour ann share c",
    ]
    tree = picker.build(game(FAVOUR), None, commands)
    well_formed(tree)
    assert [(v.label, v.count) for v in tree.verbs] == [
        ("favour pass", 1),
        ("favour acquire", 8),
        ("favour share", 3),
    ]
    pass_, acquire, share = (v.step for v in tree.verbs)
    assert chips(pass_) == ["ann pass"] and pass_.choices[0].step.move is not None
    assert chips(acquire) == ["ann acquire"]
    # (three small steps merged into one: b p u, ...)
    assert chips(acquire.choices[0].step) == [f"{t} {m} {x}" for t in "bc" for m in "pq" for x in "uv"]
    assert chips(share) == ["ann share"]
    inner = share.choices[0].step
    assert inner.move is not None and inner.move.text == "favour ann share" and chips(inner) == ["b", "c"]
    assert picker.taps(tree, "favour ann share c") == 3  # the chip, c, the confirm
    assert picker.taps(tree, "favour ann pass") == 2  # the chip, the confirm
    assert picker.taps(tree, "favour ann acquire c q v") == 3


def test_a_kinds_targets_are_chips_only_when_each_is_a_plain_word_that_goes_on() -> None:
    barter = Verb("favour", "favour PLAYER acquire TARGET MAT | barter TARGET MINE THEIRS", "", ())
    acquire = [f"favour ann acquire {t} x" for t in "bc"]
    # targets that are plain words, each going on: one chip per target
    # (seven cards given, three taken: too many to merge into the target's step)
    plain = [f"favour ann barter {t} {m} {x}" for t in ("ben", "cat") for m in "defghij" for x in "xyz"]
    tree = picker.build(game(barter), None, [*acquire, *plain])
    well_formed(tree)
    assert [v.label for v in tree.verbs] == ["favour acquire", "favour barter ben", "favour barter cat"]
    assert chips(tree.verbs[2].step) == ["ann barter cat"]
    # a next word that holds a separator is not a target: the kind stays one chip
    marked = [f"favour ann barter {t} {m} {x}" for t in ("b:1", "c:1") for m in "defghij" for x in "xyz"]
    tree = picker.build(game(barter), None, [*acquire, *marked])
    well_formed(tree)
    assert [v.label for v in tree.verbs] == ["favour acquire", "favour barter"]
    # a target that is the whole move: the kind stays one chip
    short = [*plain, "favour ann barter dan"]
    tree = picker.build(game(barter), None, [*acquire, *short])
    well_formed(tree)
    assert [v.label for v in tree.verbs] == ["favour acquire", "favour barter"]
    # the kind is also a move of its own: it stays one chip
    tree = picker.build(game(barter), None, [*acquire, *plain, "favour ann barter"])
    well_formed(tree)
    assert [v.label for v in tree.verbs] == ["favour acquire", "favour barter"]


def test_targets_only_while_the_verbs_still_fit() -> None:
    barter = Verb("favour", "favour PLAYER acquire TARGET MAT | barter TARGET MINE THEIRS", "", ())
    two = ["favour ann acquire b x"] + [
        f"favour ann barter {t} {m} {x}" for t in ("ben", "cat") for m in "defghij" for x in "xyz"
    ]
    others = [Verb(f"v{n}", f"v{n} ...", "") for n in range(9)]
    # nine other verbs, acquire and two targets: a dozen chips
    tree = picker.build(game(barter, *others), None, [*two, *(f"v{n} ann" for n in range(9))])
    well_formed(tree)
    assert [v.label for v in tree.verbs][:3] == ["favour acquire", "favour barter ben", "favour barter cat"]
    others.append(Verb("v9", "v9 ...", ""))
    tree = picker.build(game(barter, *others), None, [*two, *(f"v{n} ann" for n in range(10))])
    well_formed(tree)
    assert [v.label for v in tree.verbs][:2] == ["favour acquire", "favour barter"]


def test_a_verbs_alias_and_a_word_the_grammar_does_not_list() -> None:
    tree = picker.build(game(FAVOUR), None, ["favor ann pass", "favour ann share b", "skip ann"])
    well_formed(tree)
    assert [(v.verb, v.label, v.help, v.usage) for v in tree.verbs] == [
        ("favour", "favour pass", "a favour", FAVOUR.usage),
        ("favour", "favour share", "a favour", FAVOUR.usage),
        ("skip", "", "", ""),
    ]


def test_a_new_cards_move_posts_its_words_and_answers_not_a_command() -> None:
    asks = (Ask("--reward", "its reward", ()),)
    new = Unlisted("ann", "buy ann hobby", asks, "HOBBY (new card)")
    tree = picker.build(game(), None, ["buy ann glass:1"], [new])
    well_formed(tree)
    (move,) = [m for m in picker.moves(tree.verbs[0].step) if m.text == "buy ann hobby"]
    assert move == picker.Move("buy ann hobby", "", asks, "HOBBY (new card)")


def test_the_taps_a_move_takes_with_the_questions_it_asks() -> None:
    def asked(*asks: Ask) -> int | None:
        new = Unlisted("ann", "buy ann hobby", asks, "HOBBY")
        return picker.taps(picker.build(game(), None, ["buy ann glass:1"], [new]), "buy ann hobby")

    # the verb, hobby (beside glass:1), then the answers, then the confirm
    assert asked() == 3
    assert asked(Ask("--reward", "its reward", ())) == 4  # one value
    assert asked(Ask("--needs", "what it needs", ("a", "b"), count=3)) == 6  # three values
    assert asked(Ask("--needs", "what it needs", ("a", "b"), count=4, least=2)) == 6  # two, "that is all"
    assert asked(Ask("--props", "its props", ("p",), count=2, optional=True)) == 4  # "not on the card"
    two = (Ask("--reward", "r", ()), Ask("--needs", "n", (), count=2))
    assert asked(*two) == 6


def test_the_widest_step_counts_this_move_beside_its_choices() -> None:
    # glass:1 is a move and goes on with four more: five chips on that step
    commands = ["buy ann glass:1", *(f"buy ann glass:1 {m}:1" for m in "abcd"), "buy ann food:1"]
    tree = picker.build(game(), None, commands)
    well_formed(tree)
    assert picker.widest(tree) == 5
    assert picker.widest(picker.build(game(), None, [f"buy ann {m}:1" for m in "abc"])) == 3
