"""The log's line for a fact (the log is read at the table) and what a fact dealt by chance.

A FAVOUR played says who plays which to whom and what it does with which MATERIAL (2.4, 7.0
for Solo's blue FAVOUR on the BUY AREA); a SCAVENGER's card played as another is named (8.0),
a POLITICIAN's face-down card is not, only its claim (8.0); a CONSUME names each ACTIVITY
with the MATERIAL spent, whose when not the player's own (a SHARE, 3.1); a change of COIN,
HAPPINESS or REPUTATION names its rule. ``chance``: a move whose facts the referee dealt by
chance from a virtual deck is not taken back from a phone."""

from __future__ import annotations

import pytest

import ledger.games.loop as loop
from ledger.games.loop.describe import offer_text
from ledger.games.loop.model import (
    UNKNOWN,
    AbilityUsed,
    ActivitiesReshuffled,
    Bought,
    CareersDealt,
    Changed,
    Completion,
    Consumed,
    Dealt,
    Event,
    EventDrawn,
    EventsReshuffled,
    FavourDrawn,
    FavourMoved,
    FavourPlayed,
    FavoursReshuffled,
    MaterialBurned,
    MaterialRevealed,
    MaterialsRemoved,
    MaterialsReturned,
    MaterialWorn,
    Offer,
    Peeked,
    Scrap,
    Tossed,
    TurnStarted,
    Use,
)


def played(kind: str, target: str = "", **fields: object) -> FavourPlayed:
    return FavourPlayed(Offer(kind=kind, player="alice", target=target, **fields))  # type: ignore[arg-type]


LINES: list[tuple[Event, str]] = [
    # 7.0: Solo's blue FAVOUR, played on the BUY AREA
    (
        played("acquire", theirs=("metal", 2)),
        "alice plays ACQUIRE: alice takes metal@2 from the BUY AREA for 2 COIN",
    ),
    (
        played("barter", mine=("glass", 3), theirs=("food", 1)),
        "alice plays BARTER: alice gives glass@3 for the BUY AREA's food@1",
    ),
    (
        played("renew", theirs=("plastic", 2), landfill="plastic", pay=4),
        "alice plays RENEW: alice takes plastic from the central LANDFILL at QUALITY 2 for 4 COIN",
    ),
    (
        played("resell", mine=("utility", 3)),
        "alice plays RESELL: alice puts utility@3 under the MATERIAL deck for 3 COIN",
    ),
    (
        played("resell", mine=("utility", 3), card="renew"),  # 8.0 SCAVENGER: RENEW as RESELL
        "alice plays RESELL (a RENEW): alice puts utility@3 under the MATERIAL deck for 3 COIN",
    ),
    (
        played("share", theirs=("food", 1)),
        "alice plays SHARE: alice may spend 1 QUALITY of the BUY AREA's food@1",
    ),
    # 2.4: a FAVOUR played to another player
    (
        played("acquire", "bob", theirs=("metal", 2)),
        "alice plays ACQUIRE to bob: alice takes metal@2 for 2 COIN",
    ),
    (
        played("barter", "bob", mine=("glass", 3), theirs=("food", 1)),
        "alice plays BARTER to bob: alice gives glass@3 for food@1",
    ),
    (
        played("recycle", "bob", landfill="metal", pay=3),
        "alice plays RECYCLE to bob: alice takes metal from the LANDFILL at QUALITY 3",
    ),
    (
        played("resell", "bob", mine=("utility", 3)),
        "alice plays RESELL to bob: alice gives utility@3 for 3 COIN",
    ),
    (
        played("resell", "bob", mine=("utility", 3), card="recycle"),  # 8.0 SCAVENGER
        "alice plays RESELL (a RECYCLE) to bob: alice gives utility@3 for 3 COIN",
    ),
    (
        played("share", "bob", theirs=("food", 1)),
        "alice plays SHARE to bob: alice may spend 1 QUALITY of food@1",
    ),
    # 8.0 POLITICIAN: the card face down is not said, only the claim
    (
        played("share", "bob", theirs=("food", 1), card="barter", face_down=True),
        "alice plays face down, claiming SHARE to bob: alice may spend 1 QUALITY of food@1",
    ),
    (
        played("acquire", "bob", theirs=("metal", 1), card=UNKNOWN, face_down=True),
        "alice plays face down, claiming ACQUIRE to bob: alice takes metal@1 for 1 COIN",
    ),
    (
        played("barter", "bob", mine=("glass", 3), theirs=("food", 1), card="barter", face_down=True),
        "alice plays face down, claiming BARTER to bob: alice gives glass@3 for food@1",
    ),
    # a CONSUME: each ACTIVITY with what paid for it
    (
        Consumed(
            "alice",
            (
                Completion("DANCE", (Use("alice", "glass", 2), Use("bob", "plastic", 1))),
                Completion("PICNIC", (Use("alice", "food", 3), Use("alice", "utility", 1))),
            ),
            ("YOGA", "COOKING"),
            4,
            1,
        ),
        "alice consumes DANCE with glass@2, bob's plastic@1; PICNIC with food@3, utility@1, "
        "drops YOGA, COOKING, spends 1 REPUTATION: +4 HAPPINESS; "
        # 2.2 c): at QUALITY 0 "it is BROKEN and must be moved to its owner LANDFILL"
        "PLASTIC@1 BROKEN: to bob's LANDFILL; UTILITY@1 BROKEN: to alice's LANDFILL",
    ),
    (
        Consumed("bob", (Completion("COOKING", (Use("bob", "food", 2), Use("bob", "food", 1))),), (), 2, 0),
        "bob consumes COOKING with food@2, food@1: +2 HAPPINESS; FOOD@1 BROKEN: to bob's LANDFILL",
    ),
    (
        Consumed("bob", (Completion("COOKING", (Use("bob", "food", 2), Use("carol", "food", 1))),), (), 2, 2),
        "bob consumes COOKING with food@2, carol's food@1, spends 2 REPUTATION: +2 HAPPINESS; "
        "FOOD@1 BROKEN: to carol's LANDFILL",  # "her MATERIAL is BROKEN and is moved to her LANDFILL"
    ),
    (  # 2.2 c)'s example: "Deduct GLASS's QUALITY from 1 to 0. Move it to LANDFILL. Deduct PLASTIC's
        # QUALITY from 2 to 1."
        Consumed("bob", (Completion("DANCE", (Use("bob", "glass", 1), Use("bob", "plastic", 2))),), (), 1, 0),
        "bob consumes DANCE with glass@1, plastic@2: +1 HAPPINESS; GLASS@1 BROKEN: to bob's LANDFILL",
    ),
    (  # nothing at QUALITY 1: nothing breaks
        Consumed("bob", (Completion("DANCE", (Use("bob", "glass", 3), Use("bob", "plastic", 2))),), (), 1, 0),
        "bob consumes DANCE with glass@3, plastic@2: +1 HAPPINESS",
    ),
    (  # 7.0 SHARE (Solo): a BUY AREA card "Move it to central LANDFILL if it is BROKEN"
        Consumed(
            "bob", (Completion("DANCE", (Use("area", "glass", 1), Use("bob", "plastic", 2))),), (), 1, 0
        ),
        "bob consumes DANCE with the BUY AREA's glass@1, plastic@2: +1 HAPPINESS; "
        "the BUY AREA's GLASS@1 BROKEN: to the central LANDFILL",
    ),
    (  # 9.0 Planned Obsolescence: "lose 1 QUALITY. If BROKEN, move it to your LANDFILL."
        MaterialWorn("bob", ("metal", 1), "PLANNED OBSOLESCENCE"),
        "bob's metal@1 loses 1 QUALITY (PLANNED OBSOLESCENCE); METAL@1 BROKEN: to bob's LANDFILL",
    ),
    (
        MaterialWorn("bob", ("metal", 2), "PLANNED OBSOLESCENCE"),
        "bob's metal@2 loses 1 QUALITY (PLANNED OBSOLESCENCE)",
    ),
    # a BUY: 8.0 SCIENTIST's last card from a LANDFILL, 9.0 BOGOF's QUALITY 1 cards taken free
    (
        Bought("bob", (("glass", 2), ("metal", 1)), 3, 0, scrap=Scrap("carol", "metal")),
        "bob buys glass@2, metal@1 for 3 COIN (metal@1 from carol's LANDFILL)",
    ),
    (  # the last of 3 cards, from Solo's central LANDFILL (7.0)
        Bought("bob", (("glass", 2), ("food", 3), ("metal", 1)), 4, 0, scrap=Scrap("central", "metal")),
        "bob buys glass@2, food@3, metal@1 for 4 COIN (metal@1 from the central LANDFILL)",
    ),
    (
        Bought("bob", (("glass", 2),), 2, 0, free=("food",)),
        "bob buys glass@2 for 2 COIN, and takes food@1 from the BUY AREA free (BOGOF)",
    ),
    # a change by a rule
    (
        Changed("bob", "THE GAP", coin=3, happiness=-1, reputation=1),
        "bob: +3 COIN, -1 HAPPINESS, +1 REPUTATION (THE GAP)",
    ),
    (Changed("bob", "Artist", happiness=2), "bob: +2 HAPPINESS (Artist)"),
    (Changed("bob", "INSURANCE"), "bob: nothing (INSURANCE)"),
    # a FAVOUR from hand to hand: moved by its giver, or taken by its receiver (8.0, 9.0)
    (FavourMoved("alice", "", "share", "OBJECTION"), "alice discards SHARE (OBJECTION)"),
    (FavourMoved("alice", "bob", "share", "Nurse"), "alice gives a FAVOUR to bob (Nurse)"),
    (FavourMoved("alice", "bob", "share", "Soldier"), "bob takes a FAVOUR from alice (Soldier)"),
    (
        FavourMoved("alice", "bob", UNKNOWN, "SOCIAL RESPONSIBILITY"),
        "bob takes a FAVOUR from alice (SOCIAL RESPONSIBILITY)",
    ),
    # a once-a-turn ABILITY (8.0) or an EVENT's bonus
    (AbilityUsed("alice", "CHEF"), "alice uses the Chef's ABILITY"),
    (AbilityUsed("alice", "TREAT YO SELF"), "alice: TREAT YO SELF (once this turn)"),
]


@pytest.mark.parametrize(("event", "line"), LINES)
def test_a_facts_line(event: Event, line: str) -> None:
    assert loop.describe(event) == line


def test_the_status_and_the_log_say_a_favour_alike() -> None:
    """``offer_text`` without the card played: the FAVOUR as its kind, face up."""
    assert offer_text("share", "alice", "bob", None, ("food", 1), None, 0) == (
        "alice plays SHARE to bob: alice may spend 1 QUALITY of food@1"
    )
    assert offer_text("acquire", "alice", "", None, ("metal", 2), None, 0) == (
        "alice plays ACQUIRE: alice takes metal@2 from the BUY AREA for 2 COIN"
    )


CHANCE: list[tuple[Event, str]] = [
    (MaterialRevealed("glass"), "a MATERIAL turned up from the deck"),
    (MaterialRevealed("glass", to="bob", quality=1), "a MATERIAL turned up from the deck"),
    # rules 4: the deck's one known card, flipped by the referee: known to all
    (MaterialRevealed("glass", by="referee"), ""),
    # 8.0 SOLDIER's Enlist, 9.0 SOCIAL RESPONSIBILITY: a random FAVOUR out of a hand
    (FavourMoved("alice", "bob", "share", "Soldier"), "a random FAVOUR taken from a hand"),
    (FavourMoved("alice", "bob", "share", "SOCIAL RESPONSIBILITY"), "a random FAVOUR taken from a hand"),
    (FavourMoved("alice", "bob", "share", "Nurse"), ""),  # the giver picks the card
    (FavourMoved("alice", "", "share", "OBJECTION"), ""),
    (Dealt(("DANCE",), {"alice": ("HOBBY",)}), "the ACTIVITY deck and the GOAL dealt"),
    (Tossed("alice", ("dollar",)), "a coin tossed"),
    # 6.2, 7.0 a burn, 9.0 OVERPRODUCTION and COMBUSTION ENERGY: the top of a virtual deck, or its
    # shuffle (where the seed is lost, the rules then wait for the table: issue 40)
    (MaterialBurned("glass"), "a MATERIAL burnt from the top of the deck"),
    (MaterialsRemoved(("glass", "food")), "MATERIAL removed from the top of the deck"),
    (MaterialsReturned("alice", ("glass",), ()), "the MATERIAL deck reshuffled"),
    (TurnStarted("alice", 1), ""),
    (Changed("alice", "Soldier", coin=1), ""),
]


@pytest.mark.parametrize(("event", "dealt"), CHANCE)
def test_what_the_referee_dealt_by_chance(event: Event, dealt: str) -> None:
    assert loop.chance(event) == dealt


def test_the_log_hides_what_a_viewer_may_not_see() -> None:
    """The log is public at the table: a FAVOUR drawn (1.0, 2.1), the GOAL dealt (1.0), the
    CAREER dealt (5.1) and a SCHOLAR's look (8.0) are their owner's alone; an EVENT drawn face
    down (5.3) and a shuffled deck's order are nobody's until the game is over (``reveal``)."""
    drawn = FavourDrawn("alice", "share")
    assert loop.redact(drawn) == FavourDrawn("alice", UNKNOWN)
    assert loop.redact(drawn, "bob") == FavourDrawn("alice", UNKNOWN)
    assert loop.redact(drawn, "Alice") == drawn
    assert loop.redact(drawn, "bob", reveal=True) == drawn
    dealt = Dealt(("DANCE", "YOGA"), {"alice": ("HOBBY", "BOOKWORM"), "bob": ("CURIOSITY", "HOMEBODY")})
    assert loop.redact(dealt, "ALICE") == Dealt(
        (UNKNOWN, UNKNOWN), {"alice": ("HOBBY", "BOOKWORM"), "bob": (UNKNOWN, UNKNOWN)}
    )
    assert loop.redact(dealt) == Dealt(
        (UNKNOWN, UNKNOWN), {"alice": (UNKNOWN, UNKNOWN), "bob": (UNKNOWN, UNKNOWN)}
    )
    assert loop.redact(dealt, reveal=True) == dealt
    for shuffled in (ActivitiesReshuffled(("DANCE", "YOGA")), FavoursReshuffled(("share", "barter"))):
        assert loop.redact(shuffled, "alice") == type(shuffled)((UNKNOWN, UNKNOWN))
    assert loop.redact(EventsReshuffled(("OVERTIME",)), "alice") == EventsReshuffled((UNKNOWN,))
    assert loop.redact(EventDrawn("alice", "OVERTIME"), "alice") == EventDrawn("alice", UNKNOWN)
    careers = CareersDealt("alice", ("CHEF", "TYCOON"))
    assert loop.redact(careers, "bob") == CareersDealt("alice", (UNKNOWN, UNKNOWN))
    assert loop.redact(careers, "alice") == careers
    peek = Peeked("alice", "material", "glass")
    assert (loop.redact(peek, "bob"), loop.redact(peek, "alice")) == (
        Peeked("alice", "material", UNKNOWN),
        peek,
    )
    returned = MaterialsReturned("alice", ("metal", "food"), ("metal", "glass", "food"))
    assert loop.redact(returned, "alice") == MaterialsReturned(
        "alice", ("metal", "food"), ("food", "glass", "metal")
    )
    assert loop.redact(returned, reveal=True) == returned
    public = TurnStarted("alice", 2)
    assert loop.redact(public, "bob") is public
