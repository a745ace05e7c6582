"""Face-down piles as a table can know them (``ledger.piles``): a pile's composition, a card
taken or put under, the top known or not, a draw typed at a real table refused when the pile
cannot hold it, and a virtual shuffle that replays the same way."""

from __future__ import annotations

import random

import pytest

from ledger import piles
from ledger.errors import BadInput, IllegalMove
from ledger.piles import Pile


def test_a_card_taken_out_and_the_composition_counted() -> None:
    assert piles.without(("a", "b", "a", "c"), "a") == ("b", "a", "c")
    assert piles.without(("a", "b", "a"), "b") == ("a", "a")
    assert piles.counts(["glass", "food", "glass"]) == {"food": 1, "glass": 2}
    assert list(piles.counts(["b", "a", "c"])) == ["a", "b", "c"]
    assert piles.counts_text(["glass", "food", "glass", "glass"]) == "food, glass x3"
    assert piles.counts_text([]) == "none"


def test_a_virtual_shuffle_is_the_same_for_the_same_seed_and_keys_only() -> None:
    cards = [f"c{n}" for n in range(20)]
    first = piles.shuffled(cards, piles.rng(7, "deck", 0))
    assert first == piles.shuffled(reversed(cards), piles.rng(7, "deck", 0))  # from the sorted order
    assert sorted(first) == sorted(cards)
    others = {
        piles.shuffled(cards, piles.rng(*keys)) for keys in ((8, "deck", 0), (7, "deck", 1), (7, "bag", 0))
    }
    assert first not in others and len(others) == 3
    # the seed and the keys, each told apart: (1, 23) is not (12, 3)
    assert piles.rng(1, 23).random() != piles.rng(12, 3).random()
    assert piles.rng(7, "deck").random() == random.Random("7:deck").random()


def test_a_pile_that_cannot_hold_a_card_refuses_it_with_what_it_holds() -> None:
    piles.require_in(["glass", "food"], "food", "bag", "2.1")
    with pytest.raises(IllegalMove) as caught:
        piles.require_in(["glass", "food", "glass"], "gold", "material bag", "2.1")
    bad = caught.value
    assert (bad.message, bad.rule, bad.legal) == (
        "the material bag holds no gold",
        "2.1",
        "the material bag holds food, glass x2",
    )
    with pytest.raises(IllegalMove) as caught:
        piles.require_in(["glass"], "gold", "material bag", "2.1", shown="GOLD@2", short="bag")
    assert (caught.value.message, caught.value.legal) == (
        "the material bag holds no GOLD@2",
        "the bag holds glass",
    )


def test_a_pile_must_hold_every_card_named_repeats_counted() -> None:
    piles.require_all(["a", "a", "b"], ["a", "a"], "deck", "3")
    with pytest.raises(IllegalMove) as caught:
        piles.require_all(["a", "b"], ["a", "a", "c"], "deck", "3")
    bad = caught.value
    assert (bad.message, bad.rule, bad.legal) == (
        "the deck cannot hold a, c more",
        "3",
        "the deck holds a, b",
    )


def test_a_piles_length_and_top_known_unknown_or_under() -> None:
    assert len(Pile(known=("a", "b"), unseen=3, under=("z",))) == 6
    assert Pile(known=("a", "b"), unseen=3).top() == "a"
    assert Pile(unseen=3, under=("z",)).top() is None
    assert Pile(under=("z", "y")).top() == "z"
    assert Pile().top() is None and len(Pile()) == 0


def test_the_cards_that_may_be_on_top() -> None:
    composition = ["a", "b", "c", "b"]
    assert piles.candidates(Pile(known=("b",), unseen=2), composition) == ["b"]
    assert piles.candidates(Pile(unseen=2, seen=("a",)), composition) == ["b", "c"]
    assert piles.candidates(Pile(under=("z",)), composition) == ["z"]
    assert piles.candidates(Pile(), composition) == []


def test_a_card_taken_from_the_top_and_one_put_under() -> None:
    assert piles.take_top(Pile(known=("a", "b"), unseen=1), "a") == Pile(known=("b",), unseen=1)
    assert piles.take_top(Pile(unseen=2, seen=("d",), under=("z",)), "c") == Pile(
        unseen=1, seen=("c", "d"), under=("z",)
    )
    assert piles.take_top(Pile(under=("z", "y")), "z") == Pile(under=("y",))
    assert piles.put_under(Pile(known=("a",), under=("z",)), "y") == Pile(known=("a",), under=("z", "y"))


def test_a_draw_is_the_known_top_or_the_card_typed_if_the_pile_can_hold_it() -> None:
    known = Pile(known=("a", "b"))
    assert piles.draw(known, None, [], "deck", "3") == "a"
    assert piles.draw(known, "a", [], "deck", "3") == "a"
    with pytest.raises(IllegalMove) as caught:
        piles.draw(known, "b", [], "deck", "3")
    assert (caught.value.message, caught.value.rule, caught.value.legal) == (
        "the top of the deck is a, not b",
        "3",
        "a",
    )
    with pytest.raises(IllegalMove) as caught:
        piles.draw(Pile(), "a", ["a"], "deck", "3")
    assert (caught.value.message, caught.value.rule) == ("the deck is empty", "3")
    real = Pile(unseen=2, seen=("a",))
    assert piles.draw(real, "b", ["a", "b", "c"], "deck", "3") == "b"
    with pytest.raises(BadInput) as said:
        piles.draw(real, None, ["a", "b", "c"], "deck", "3")
    assert (said.value.message, said.value.legal) == ("say which card came off the deck", "the card's name")
    with pytest.raises(IllegalMove) as caught:
        piles.draw(real, "a", ["a", "b", "c"], "deck", "3")
    bad = caught.value
    assert (bad.message, bad.rule, bad.legal) == (
        "the deck cannot hold a (it came out of it already)",
        "3",
        "one of b, c",
    )
    with pytest.raises(IllegalMove) as caught:
        piles.draw(real, "x", ["a", "b", "c"], "deck", "3")
    assert caught.value.message == "the deck cannot hold x"
    many = [f"c{n}" for n in range(9)]
    with pytest.raises(IllegalMove) as caught:
        piles.draw(Pile(unseen=9), "x", many, "deck", "3")
    assert caught.value.legal == "9 cards could be on top"
    with pytest.raises(IllegalMove) as caught:
        piles.draw(Pile(unseen=8), "x", many[:8], "deck", "3")
    assert caught.value.legal == "one of " + ", ".join(many[:8])
