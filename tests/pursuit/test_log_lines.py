"""The log's line for a fact and what a fact dealt by chance (issue 21). ``chance``: a move
whose facts turned up a card from a virtual pile, or shuffled one, is not taken back from a
phone (its mover has seen the deal); a card the referee flips because it was known (rules
version 2) is no chance, nor the Life Goals the table reveals."""

from __future__ import annotations

import pytest

import ledger.games.pursuit as pursuit
from ledger.games.pursuit.model import (
    UNKNOWN,
    Changed,
    Drawn,
    Event,
    GoalsRevealed,
    PhaseStarted,
    RoundStarted,
    Shuffled,
    SlotFilled,
)

CHANCE = [
    (Shuffled({"projects": ("A", "B")}), "the piles shuffled"),
    (SlotFilled("community", 0, "BLIND DATE"), "a Community card turned up from its pile"),
    (SlotFilled("friends", 1, "KEVIN"), "a Friend card turned up from its pile"),
    (Drawn("community", "BLIND DATE", "Solo Game"), "a Community card turned up from its pile"),
    (SlotFilled("community", 0, "BLIND DATE", by="referee"), ""),
    (Drawn("community", "BLIND DATE", "Solo Game", by="referee"), ""),
    (GoalsRevealed(("TEST RICHEST",)), ""),
]


@pytest.mark.parametrize(("event", "dealt"), CHANCE)
def test_what_a_fact_dealt_by_chance(event: Event, dealt: str) -> None:
    assert pursuit.chance(event) == dealt


LINES = [
    (RoundStarted(0), "the Teen round: Preparation Phase"),
    (RoundStarted(3), "Adult round 3: Preparation Phase"),
    (PhaseStarted("upkeep", ("ann", "ben")), "Upkeep Phase: ann, ben to pay upkeep"),
    (PhaseStarted("upkeep"), "Upkeep Phase"),
    (PhaseStarted("action", ("ben", "ann")), "Action Phase: ben, ann"),
    (PhaseStarted("resolution"), "Resolution Phase"),
    (
        Changed("ann", "TEST NOVEL", {"knowledge": -2, "sth": 1, "lth": 3, "owned": 1}),
        "ann: -2 knowledge, +1 STH, +3 LTH, +1 hourglass token (TEST NOVEL)",
    ),
]


@pytest.mark.parametrize(("event", "line"), LINES)
def test_the_log_line_of_a_fact(event: Event, line: str) -> None:
    assert pursuit.describe(event) == line


def test_a_virtual_piles_order_is_hidden_unless_revealed() -> None:
    shuffle = Shuffled({"projects": ("A", "B", "C")})
    assert pursuit.redact(shuffle) == Shuffled({"projects": (UNKNOWN,) * 3})
    assert pursuit.redact(shuffle, as_player="ann") == Shuffled({"projects": (UNKNOWN,) * 3})
    assert pursuit.redact(shuffle, reveal=True) == shuffle
