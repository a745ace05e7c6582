"""Face-down piles, decks and bags as far as a table can know them, for every game.

A real table's shuffled pile is the random-number generator: the referee knows what it
holds, not in which order, and refuses a reveal the pile cannot hold (``require_in``). With
a seed the referee shuffles (``rng``) and knows the order. Piles are plain tuples of card
names, or a ``Pile`` where cards come back under it and identities are learnt one by one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from ledger.errors import BadInput, IllegalMove

if TYPE_CHECKING:  # imported by ``rng``, the draws of a virtual game: a real table's status never loads it
    import random


def without(items: tuple[Any, ...], item: Any) -> tuple[Any, ...]:
    """``items`` less its first ``item``."""
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def counts(items: Iterable[str]) -> dict[str, int]:
    """A pile as {card: copies}, sorted by card: its composition, never its order."""
    return dict(sorted(Counter(items).items()))


def counts_text(items: Iterable[str]) -> str:
    """``food x3, glass`` (sorted), or ``none``."""
    return ", ".join(f"{k} x{n}" if n > 1 else k for k, n in counts(items).items()) or "none"


def rng(seed: int | None, *keys: object) -> random.Random:
    """The generator for one shuffle or draw of a virtual game: the seed and what is shuffled
    (and how many times before), so replaying the same moves shuffles the same way."""
    import random  # 3.5M instructions on every start (benchmarks/cli_bench.py): seeded games only

    return random.Random(":".join(str(part) for part in (seed, *keys)))


def require_in(
    pool: Sequence[str], card: str, label: str, rule: str, *, shown: str = "", short: str = ""
) -> None:
    """``IllegalMove`` unless the face-down ``pool`` (its composition) can hold ``card``."""
    if card not in pool:
        raise IllegalMove(
            f"the {label} holds no {shown or card}",
            rule=rule,
            legal=f"the {short or label} holds {counts_text(pool)}",
        )


def require_all(pool: Sequence[str], cards: Sequence[str], label: str, rule: str) -> None:
    """``IllegalMove`` unless ``pool`` holds every one of ``cards`` (repeats counted)."""
    missing = Counter(cards) - Counter(pool)
    if missing:
        raise IllegalMove(
            f"the {label} cannot hold {counts_text(missing.elements())} more",
            rule=rule,
            legal=f"the {label} holds {counts_text(pool)}",
        )


class Pile(msgspec.Struct, frozen=True, omit_defaults=True):
    """A face-down pile of distinct cards, top first: ``known`` (cards whose order the referee
    knows: a virtual pile, whole), then ``unseen`` cards in an order nobody knows (a real
    table's shuffled pile), then ``under``: cards put under it, in order. ``seen`` names the
    cards already identified out of the unseen part, so a card can only come out once."""

    known: tuple[str, ...] = ()
    unseen: int = 0
    under: tuple[str, ...] = ()
    seen: tuple[str, ...] = ()

    def __len__(self) -> int:
        return len(self.known) + self.unseen + len(self.under)

    def top(self) -> str | None:
        """The top card if the referee knows it (None: unknown, or the pile is empty)."""
        if self.known:
            return self.known[0]
        if self.unseen:
            return None
        return self.under[0] if self.under else None


def shuffled(cards: Iterable[str], generator: random.Random) -> tuple[str, ...]:
    """The cards in the order ``generator`` shuffles them into (from their sorted order)."""
    order = sorted(cards)
    generator.shuffle(order)
    return tuple(order)


def candidates(pile: Pile, composition: Iterable[str]) -> list[str]:
    """The cards that may be on top of ``pile``: the one the referee knows, or, from the
    unseen part, every card of its ``composition`` not identified yet."""
    top = pile.top()
    if top is not None:
        return [top]
    if not pile.unseen:
        return []
    return sorted(set(composition) - set(pile.seen))


def take_top(pile: Pile, card: str) -> Pile:
    """The pile after its top card, ``card``, is taken (``draw`` has checked it)."""
    if pile.known:
        return msgspec.structs.replace(pile, known=pile.known[1:])
    if pile.unseen:
        seen = tuple(sorted((*pile.seen, card)))
        return msgspec.structs.replace(pile, unseen=pile.unseen - 1, seen=seen)
    return msgspec.structs.replace(pile, under=pile.under[1:])


def put_under(pile: Pile, card: str) -> Pile:
    return msgspec.structs.replace(pile, under=(*pile.under, card))


def draw(pile: Pile, typed: str | None, composition: Iterable[str], label: str, rule: str) -> str:
    """The card drawn from the top of ``pile``: the one the referee knows (``typed`` may name
    it), or at a real table the one ``typed``, if the pile can hold it."""
    if not len(pile):
        raise IllegalMove(f"the {label} is empty", rule=rule)
    top = pile.top()
    if top is not None:
        if typed is not None and typed != top:
            raise IllegalMove(f"the top of the {label} is {top}, not {typed}", rule=rule, legal=top)
        return top
    if typed is None:
        raise BadInput(f"say which card came off the {label}", legal="the card's name")
    allowed = candidates(pile, composition)
    if typed not in allowed:
        seen = typed in pile.seen
        raise IllegalMove(
            f"the {label} cannot hold {typed}" + (" (it came out of it already)" if seen else ""),
            rule=rule,
            legal=f"one of {', '.join(allowed)}"
            if len(allowed) <= 8
            else f"{len(allowed)} cards could be on top",
        )
    return typed


def several_cards(names: Sequence[str], via: str) -> BadInput:
    """The refusal of a face typed in ``via`` (the move bringing cards out) that is not the face
    of the one card it names (issue 41: a face belongs to one card), naming them as shown: the
    grammars' as a move is read, and ``face_brought_out``'s for a command no grammar typed."""
    return BadInput(
        f"a face belongs to one card: {via} names {', '.join(names)}",
        legal=f"{via} CARD with its face, one card a command",
    )


def face_brought_out(name: str, typed: str, names: Sequence[str], kind: str, via: str, rule: str) -> None:
    """Refuse a face typed in the move that brings its card out (``reveal ... NAME l1=...``,
    ``draft PLAYER NAME cost=...``) unless it is the face of the one card ``names`` holds
    (``name``) and of the ``kind`` that move brings out (its kind as typed: ``typed``)."""
    if len(names) != 1 or names[0] != name:
        raise several_cards(names, via)
    if typed != kind:
        raise IllegalMove(f"{name} typed as a {typed}: {via} brings out a {kind}", rule=rule)
