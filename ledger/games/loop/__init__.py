"""LOOP: Life of Ordinary People: Basic (rulebook 1.0 to 3.2), Competitive (5.0 to 5.5),
Cooperative (6.0 to 6.3) and Solo (7.0 to 7.3), with the CAREER (8.0) and EVENT (9.0).

The package satisfies ``ledger.decider.Game``:

- ``modes``: the 4 modes as switches, and the design note of Competitive, Cooperative and Solo
  (every CAREER, EVENT and reading);
- ``data``: what the rulebook prints (MATERIAL, FAVOUR, CAREER, EVENT, the few named cards);
- ``model``: ``State``, the commands and the events (msgspec Structs, tagged "loop.*");
- ``rules``: ``initial``, ``decide`` and the queries both the rules and the views use;
- ``evolve``: one fact at a time; ``moves``: ``legal``;
- ``grammar``: ``parse`` and ``text``; ``view``: the typed ``view`` a person may see, and
  ``present`` its text; ``describe`` and ``redact``: the log; ``score``: the score sheet;
- ``cards``: a table's own ACTIVITY and GOAL faces as TOML.

Without a seed the table plays real cards and types each card flipped (``reveal``); with a
seed the referee shuffles and deals virtual decks, which needs every ACTIVITY and GOAL face
declared first (a cards file: ``load_cards``).
"""

from __future__ import annotations

from ledger.decider import Option, Verb
from ledger.games.loop.cards import dump_cards, library_face, load_cards
from ledger.games.loop.describe import chance, describe, redact
from ledger.games.loop.evolve import evolve, identify
from ledger.games.loop.grammar import ALIASES, USAGE, absent_verbs, parse, reserved_words, usage
from ledger.games.loop.model import Command, Event, State
from ledger.games.loop.moves import asks, legal, unlisted
from ledger.games.loop.notation import text
from ledger.games.loop.present import present
from ledger.games.loop.rules import (
    OPTION_ACTIVITY_TIEBREAK,
    OPTION_DISPOSABLE,
    OPTION_FAVOUR_DEAL,
    OPTION_ZONES,
    actor,
    decide,
    initial,
    is_over,
    to_act,
)
from ledger.games.loop.said import said
from ledger.games.loop.score import score, standing
from ledger.games.loop.view import View, view

name = "loop"
title = "LOOP: Life of Ordinary People"
# "2": BUY in several moves, the ``rep-happiness`` move, a reveal of several cards, tie-break 4
# as an option. "3" (issue 17): at a real table, a refill whose MATERIAL is known (one type
# left in the deck) is flipped by the referee. "4": that flip is recorded as the referee's, and a
# reveal the table types for it is refused saying so. "5": a SHARE of a forged card leaves it
# forged. "6": SKINNER BOX refills a slot emptied between turns as the next turn starts. "7"
# (issue 40): a sealed game's deal is recorded (``Dealt``: the GOAL, FAVOUR, CAREER and starting
# MATERIAL dealt, never a deck's order), so a lost seed loses no card a player holds. Logs of
# every earlier version still verify, under their own rules.
rules_version = "7"
rules_versions: tuple[str, ...] = ("basic-1", "2", "3", "4", "5", "6", "7")
# 4.0: Solo Mode is for 1 player; each mode checks its own count (``rules.setup``).
modes: tuple[str, ...] = ("basic", "competitive", "cooperative", "solo")
min_players = 1
max_players = 6
options: tuple[Option, ...] = (
    Option(
        OPTION_FAVOUR_DEAL,
        "rulebook",
        (),
        "red FAVOUR dealt per seat: 'rulebook' (2p 2,3; 3p 1,2,3; 4p 1,2,2,3; 5p 1,1,2,2,3; "
        "6p 1,1,2,2,3,3 — the printed table stops after the 3rd seat, so seats 4 to 6 follow "
        "its pattern) or a count per seat, e.g. 1,2,2,3",
    ),
    Option(
        OPTION_ACTIVITY_TIEBREAK,
        "kept",
        ("kept", "completed"),
        "LOOP 2.8 tie-break 4, 'More ACTIVITY completed': 'kept' counts the ACTIVITY on each mat "
        "(1.1 calls them the completed ACTIVITY); 'completed' counts every one completed, dropped "
        "ones included",
    ),
    Option(
        OPTION_ZONES,
        "4,8",
        ("4,8", "4,9"),
        "LOOP 5.3's 3 HAPPINESS zones (Competitive, Cooperative, Solo): '4,8' is 0-4, 5-8, 9-12; "
        "'4,9' is 0-4, 5-9, 10-12",
    ),
    Option(
        OPTION_DISPOSABLE,
        "plastic-at-1",
        ("plastic-at-1", "only-plastic"),
        "LOOP 9.0 DISPOSABLE CULTURE: 'plastic-at-1' (a PLASTIC bought or RECYCLEd is at QUALITY 1) or "
        "'only-plastic' (only PLASTIC may be bought or RECYCLEd, at QUALITY 1)",
    ),
)
verbs: tuple[Verb, ...] = (
    Verb("reveal", USAGE["reveal"], "the table flips a card: starting MATERIAL, refills", ALIASES["reveal"]),
    Verb("declare", USAGE["declare"], "the table declares a card face the rulebook does not print"),
    Verb("work", USAGE["work"], "WORK: +3 COIN, -1 HAPPINESS; +1 COIN per REPUTATION spent (2.2 a)"),
    Verb("buy", USAGE["buy"], "BUY up to 3 MATERIAL; QUALITY is the COIN and REPUTATION paid (2.2 b)"),
    Verb("consume", USAGE["consume"], "CONSUME up to 3 ACTIVITY, 1 QUALITY per colour (2.2 c)"),
    Verb(
        "rep-happiness",
        USAGE["rep-happiness"],
        "2 REPUTATION for 1 HAPPINESS in a CONSUME turn (2.5 c)",
    ),
    Verb("goal", USAGE["goal"], "achieve a GOAL in your CONSUME turn (2.3)", ALIASES["goal"]),
    Verb("favour", USAGE["favour"], "play a FAVOUR to another player (2.4, 3.1)", ALIASES["favour"]),
    Verb("accept", USAGE["accept"], "ACCEPT the FAVOUR played to you (2.4 a)"),
    Verb("reject", USAGE["reject"], "REJECT it with a same FAVOUR or 1 REPUTATION (2.4 b)"),
    Verb("end", USAGE["end"], "end your turn after WORK, BUY or CONSUME (2.7)", ALIASES["end"]),
    Verb("career", USAGE["career"], "choose 1 of the 2 CAREER dealt, or INTERN (5.1)"),
    Verb("apply", USAGE["apply"], "APPLY for a CREDIT CARD: 4 COIN and a QUALITY 1 MATERIAL (5.4)"),
    Verb("payoff", USAGE["payoff"], "PAYOFF 1 or 2 COIN on a CREDIT CARD, each turn (5.4)"),
    Verb("ability", USAGE["ability"], "use your CAREER's ABILITY where you choose (8.0)"),
    Verb("event", USAGE["event"], "your part of an IMMEDIATE EVENT (5.3, 9.0)"),
    Verb("call", USAGE["call"], "call a POLITICIAN's face-down FAVOUR a bluff (8.0)"),
    Verb("object", USAGE["object"], "LAWYER's Objection: discard a FAVOUR to REJECT one (8.0)"),
)

__all__ = [
    "Command",
    "Event",
    "State",
    "View",
    "absent_verbs",
    "actor",
    "asks",
    "chance",
    "decide",
    "describe",
    "dump_cards",
    "evolve",
    "identify",
    "initial",
    "is_over",
    "legal",
    "library_face",
    "load_cards",
    "max_players",
    "min_players",
    "modes",
    "name",
    "options",
    "parse",
    "present",
    "redact",
    "reserved_words",
    "rules_version",
    "rules_versions",
    "said",
    "score",
    "standing",
    "text",
    "title",
    "to_act",
    "unlisted",
    "usage",
    "verbs",
    "view",
]
