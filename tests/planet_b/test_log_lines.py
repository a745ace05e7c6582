"""The log's line for a fact, what a fact dealt by chance, and a fact as one viewer may see it
(issue 21). The log is read at the table: a change of a VP pocket says only which way the VP
went (Victory Points: "Stick your victory points in your pocket"), a vote's line where it came
from and where it went (Elections: "in front of yourself", "back into the bag", "to the
supply"); ``chance``: a move whose facts dealt a card or votes from a virtual pile or bag is
not taken back from a phone; ``redact``: a building kept or drawn, a packet and a pile's order
are hidden from everyone but their holder, a pocket's change from everyone but its owner."""

from __future__ import annotations

import pytest

import ledger.games.planet_b as planet_b
from ledger.games.planet_b.model import (
    UNKNOWN,
    BuildingDrawn,
    Built,
    Changed,
    Drafted,
    Drawn,
    Event,
    LawDrawn,
    NewsRevealed,
    OfficesGiven,
    PacketDealt,
    Shuffled,
    TileRemoved,
    TilesPlaced,
    TileTurned,
    TurnStarted,
    Votes,
)

LINES = [
    (
        Changed(
            "ann",
            "SOLAR ENERGY",
            money=3,
            vp=2,
            mood=-1,
            resources={"water": 2, "plastic": -1},
            crafties=1,
            brainies=-1,
            factions={"futurist": 1, "capitalist": -2},
        ),
        "ann: +3 money, VP to the pocket, mood -1, +2 water, -1 plastic, +1 crafty, -1 brainy, "
        "futurist +1, capitalist -2 (SOLAR ENERGY)",
    ),
    (Changed("ben", "build", vp=1), "ben: VP to the pocket (build)"),
    (Changed("ben", "mood", vp=-2, mood=-1), "ben: VP from the pocket, mood -1 (mood)"),
    (Changed("cat", "sell", money=6, resources={"meat": -1}), "cat: +6 money, -1 meat (sell)"),
    (Changed("cat", "TEST", brainies=2, factions={"futurist": 1}), "cat: +2 brainy, futurist +1 (TEST)"),
    (Votes("ann", 2, "supply", "bag", why="vote"), "2 ann votes: supply -> the bag (vote)"),
    (Votes("ben", 1, "bag", "out", why="mood"), "1 ben vote: the bag -> out of play (mood)"),
    (Votes("ben", 1, "bag", "supply", why="mood"), "1 ben vote: the bag -> supply (mood)"),
    (
        Votes("ann", 1, "supply", "front", holder="ann", why='"+1" swindle tile'),
        '1 ann vote: supply -> in front of ann ("+1" swindle tile)',
    ),
    (
        Votes("ann", 1, "none", "phantom", holder="ann", why='"+1" tile, none left in supply'),
        '1 ann vote: nowhere -> counted ("+1" tile, none left in supply)',
    ),
    (
        Votes("cat", 3, "front", "supply", holder="ben", why="President returns"),
        "3 cat votes: in front of ben -> supply (President returns)",
    ),
    (
        Votes("cat", 2, "front", "bag", holder="dan", why="the rest back to the bag"),
        "2 cat votes: in front of dan -> the bag (the rest back to the bag)",
    ),
    (Votes("ann", 1, "phantom", "none", holder="ann"), "1 ann vote: counted -> nowhere"),
    (
        OfficesGiven(
            {"ann": "president", "ben": "vice-president", "cat": "lama", "dan": "dodo"},
            {"ann": 5, "ben": 3, "cat": 2, "dan": 0},
        ),
        "own votes counted: ann 5, ben 3, cat 2, dan 0 · "
        "President ann, Vice-President ben, L.A.M.A. cat, D.O.D.O. dan",
    ),
]


@pytest.mark.parametrize(("event", "line"), LINES)
def test_the_log_line_of_a_fact(event: Event, line: str) -> None:
    assert planet_b.describe(event) == line


CHANCE = [
    (Shuffled({"A": ("TAILOR",)}), "the piles shuffled"),
    (TilesPlaced(("X", "Y", "Z")), "the conglomerate tiles turned up"),
    (TileRemoved("X"), "a B tile removed at random"),
    (NewsRevealed("I", "FUSION"), "a news card turned up"),
    (PacketDealt("A", ("ann", "ben"), ("TAILOR",), 1), "a packet of buildings dealt"),
    (BuildingDrawn("ann", "A", "TAILOR"), "a building drawn"),
    # a news card's free build: the top of a virtual pile (where the seed is lost, the table's)
    (Built("ann", "TAILOR", "A"), "a building drawn from its pile and built"),
    (Built("ann", "TAILOR"), ""),
    (LawDrawn("ann", "blue", "TEST LAW"), "a law drawn"),
    (Drawn("ann", ("ann", "ben"), "front"), "votes drawn from the bag"),
    (TileTurned(0, "add", tile="TEST B"), "a new B tile turned up"),
    (TileTurned(0, "flip"), ""),
    (TileTurned(0, "remove"), ""),
    (TurnStarted("ann"), ""),
]


@pytest.mark.parametrize(("event", "dealt"), CHANCE)
def test_what_a_fact_dealt_by_chance(event: Event, dealt: str) -> None:
    assert planet_b.chance(event) == dealt


def test_a_building_kept_or_drawn_is_seen_by_its_holder_only() -> None:
    """Hidden: buildings in hand (names in any case: the viewer is "Ann", the player "ann")."""
    for fact in (Drafted("ann", "TAILOR"), BuildingDrawn("ann", "B", "TAILOR")):
        hidden = planet_b.redact(fact)
        assert hidden.card == UNKNOWN and hidden == planet_b.redact(fact, "ben")
        assert planet_b.redact(fact, "Ann") == fact
        assert planet_b.redact(fact, "ben", reveal=True) == fact
    assert planet_b.redact(Drafted("Ann", "TAILOR"), "ann") == Drafted("Ann", "TAILOR")
    # a table seen by nobody in particular sees no one's hand, whatever the players are called
    assert planet_b.redact(Drafted("xxxx", "TAILOR")).card == UNKNOWN


def test_a_packet_is_seen_by_the_player_it_is_dealt_to_only() -> None:
    packet = PacketDealt("A", ("ann", "ben", "cat"), ("TAILOR", "BAKERY"), 2)
    hidden = PacketDealt("A", ("ann", "ben", "cat"), (UNKNOWN, UNKNOWN), 2)
    assert planet_b.redact(packet) == hidden
    assert planet_b.redact(packet, "ben") == hidden
    assert planet_b.redact(packet, "ANN") == packet
    assert planet_b.redact(packet, reveal=True) == packet
    real = PacketDealt("A", ("ann", "ben"), (), 7)  # a real table: no cards in the fact
    assert planet_b.redact(real, "ben") == real


def test_a_virtual_piles_order_is_hidden_unless_revealed() -> None:
    shuffle = Shuffled({"A": ("TAILOR", "BAKERY"), "I": ("FUSION",)})
    hidden = Shuffled({"A": (UNKNOWN, UNKNOWN), "I": (UNKNOWN,)})
    assert planet_b.redact(shuffle) == hidden
    assert planet_b.redact(shuffle, "ann") == hidden
    assert planet_b.redact(shuffle, reveal=True) == shuffle


def test_a_pocket_is_seen_by_its_owner_only() -> None:
    """Victory Points: the pocket is hidden; money and the rest of a change are public."""
    change = Changed("ann", "build", money=-4, vp=3)
    assert planet_b.redact(change) == Changed("ann", "build", money=-4)
    assert planet_b.redact(change, "ben") == Changed("ann", "build", money=-4)
    assert planet_b.redact(change, "Ann") == change
    assert planet_b.redact(change, "ben", reveal=True) == change
    assert planet_b.describe(planet_b.redact(change, "ben")) == "ann: -4 money (build)"
