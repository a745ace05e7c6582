"""LOOP's four modes (4.0 Mode Comparison): each a setup and a few switches.

Basic (1.0 to 3.2) plays INTERN only. Competitive (5.0 to 5.5) is Basic plus CAREER, EVENT,
CREDIT CARD and the LANDFILL Penalty. Cooperative (6.0 to 6.3) is Competitive without the
Not-For-Coop cards, with 1 of each red FAVOUR in hand, FAVOUR played face up, a MATERIAL
burnt each round and a team result. Solo (7.0 to 7.3) is Competitive for 1 player without
the Not-For-Solo cards, with the 5 blue FAVOUR, 4 GOAL, a MATERIAL burnt each turn and a
threshold. The rules read the switches below (``mode_of(state).events``); no rule asks which
mode it is.

Where the rules live: ``rules/careers.py`` (8.0, every CAREER as data and one effect each),
``rules/events.py`` (5.3 and 9.0, every EVENT as data and one effect each), ``rules/credit.py``
(5.4), ``rules/blue.py`` (7.0's blue FAVOUR), ``rules/end.py`` (2.7, 2.8, the burning of 6.2
and 7.0), ``score.py`` (2.8, 5.4's Debt Penalty, 5.5, 6.3, 7.3).

The CAREER (8.0), in the order printed; ``ability PLAYER ...`` where the player chooses:

- ARTIST (Create): WORK gives the SALARY's +1 COIN, then 1 more COIN and a face-up MATERIAL
  of the BUY AREA at QUALITY 4 (``work PLAYER --create TYPE``).
- BANKER (Influence): ``ability PLAYER rep TARGET`` gives 1 REPUTATION for 1 COIN;
  ``ability PLAYER coin TARGET`` gives 1 COIN for 1 REPUTATION. Once a turn.
- CHEF (Supersize): a FOOD bought or RECYCLEd (RENEWed) has twice the QUALITY its COIN pays.
- CRAFTSMAN (Forge): ``ability PLAYER forge [OWNER:]TYPE@Q TYPE``, once a turn.
- ENGINEER (Repair): ``ability PLAYER repair [OWNER:]TYPE@Q``, once a turn.
- FREELANCER (Freedom): ``work PLAYER --salary 7|4|2``; ``ability PLAYER swap KIND``, once a turn.
- HOMEMAKER (Minimalist): ``ability PLAYER minimalist``, once a turn.
- INTERN: no ABILITY; starts at HAPPINESS 4.
- INVESTOR (Invest): ``ability PLAYER invest [dollar|blank dollar|blank]``, once a turn.
- LAWYER (Objection): ``object PLAYER KIND`` while a FAVOUR awaits an answer.
- NURSE (Care): ``ability PLAYER care TARGET KIND``, once a turn.
- OFFICE LADY / CLERK (Slack Off): a BUY of 1 MATERIAL in a WORK turn.
- OFFICER (Enforce): the first FAVOUR played in a turn cannot be REJECTed.
- POLITICIAN: ``favour ... --face-down [CARD]``; the target may ``call TARGET [--card KIND]``.
- SALESMAN: 1 COIN when an ACQUIRE or RESELL is ACCEPTed, played by or to him.
- SCAVENGER: ``ability PLAYER scavenge OWNER TYPE``, once a turn; ``favour ... resell ... --card
  recycle`` (``--card renew`` in Solo).
- SCHOLAR: ``ability PLAYER peek material|activity|favour|event``, once a turn.
- SCIENTIST: ``buy PLAYER OWNER:TYPE:Q`` (``central:TYPE:Q`` in Solo), 1 a turn.
- SOLDIER: ``ability PLAYER take TARGET [KIND|unseen]``, once a turn.
- TYCOON: WORK doubles the COIN held and costs 1 more HAPPINESS per CREDIT CARD.
- WAITRESS: draws 2 FAVOUR at the start of her turn (below 5 in hand).

The EVENT (9.0 prints all 30 that 5.3 counts, 19 CONTINUOUS and 11 IMMEDIATE; every face is
known, none is declared by the table). CONTINUOUS: A DIAMOND IS FOR
BUSINESS, BAD DEBT, BOGOF, BUY MORE EARN MORE, COLLECTOR, DISPOSABLE CULTURE, ECONOMIC
SLOWDOWN, EVERYTHING IS ONLINE, HYPEBEAST, LANDFILL TAX, MAKE IT RAIN, MANNERS MAKYTH MAN,
MICRO-PLASTIC, OVERTIME, RED GOWN, SKINNER BOX, THE 2ND SEMI MID-SEASON SALES, TREAT YO SELF,
VULGARIAN. IMMEDIATE (``event PLAYER ...`` where each player chooses): COMBUSTION ENERGY,
HIDDEN CLAUSE, INSURANCE, OVERPRODUCTION, PLANNED OBSOLESCENCE, REDEEM BONUS, REPURCHASE,
SATAN SANTA, SOCIAL RESPONSIBILITY, STATUS CLIMB, THE GAP.

Readings (each also in docs/loop.md's rules notes; ``--option`` where a table may differ):

Events. The 3 zones are option ``zones``: ``4,8`` (0-4, 5-8, 9-12; the default: 12 HAPPINESS
in 3 equal zones) or ``4,9`` (0-4, 5-9, 10-12); HAPPINESS 0 is in the lowest zone. A change
of HAPPINESS draws 1 EVENT per zone boundary it crosses, up or down, in or out of turn, face
down. An empty EVENT deck is refilled from the discard pile less the CONTINUOUS EVENT in
effect or about to be (as 2.2 refills the FAVOUR deck); with nothing to shuffle, no EVENT is
drawn. A turn ends in this order: the forge ends; the DEPLETION Penalty (2.8 a) if the
turn's refill takes the last MATERIAL; the end-of-turn CONTINUOUS checks (A DIAMOND IS FOR
BUSINESS, COLLECTOR, HYPEBEAST); the game ends here after the last turn of the final round
(no EVENT flips then, and face-down EVENT stay face down); the refills; the burning (after
the last seat in Cooperative, every turn in Solo: a DEPLETION it causes has no penalty,
starts the final round, and ends the game at once after the last seat); then the player's
face-down EVENT flip at once, those drawn earlier in this sequence included, and resolve one
by one in the order drawn (at a real table, as typed in one ``reveal event`` line). A
CONTINUOUS EVENT goes on top of the discard pile and is in effect from the next turn's start
(the last one flipped wins); an IMMEDIATE EVENT is resolved by each player in turn from the
triggerer, then goes under the discard pile. EVENT drawn while resolving stay face down until
their owner's next turn end.

A DIAMOND IS FOR BUSINESS, COLLECTOR and HYPEBEAST are checked once, at the turn end, on the
printed MATERIAL (a forge has ended); HYPEBEAST's target is named on ``end PLAYER --target
OTHER``. BAD DEBT forbids every BUY (SCIENTIST's and OFFICE LADY's too) to a player with a
CREDIT CARD. BOGOF's free cards are QUALITY 1 cards left in the BUY AREA after the bought
ones, 1 per card bought in the move, named with ``--free TYPE,...``; they cost nothing and do
not count toward the 3. BUY MORE EARN MORE and MAKE IT RAIN count the turn's COIN spent on
ACQUIRE, BUY and RECYCLE (RENEW): every 3rd COIN pays 1 back at once; 4 COIN gain 1
HAPPINESS, once a turn. COMBUSTION ENERGY takes every player tied for the least HAPPINESS;
cards back in an empty deck are refilled from as usual (DEPLETION and its penalty happen once
a game). DISPOSABLE CULTURE is option ``disposable-culture``: ``plastic-at-1`` (a PLASTIC
bought or RECYCLEd is at QUALITY 1; the default) or ``only-plastic`` (only PLASTIC, at 1).
ECONOMIC SLOWDOWN: 1 MATERIAL a turn, 1 ACTIVITY a turn, the SALARY 1 COIN less (not below
0). EVERYTHING IS ONLINE forbids spending COIN (BUY, ACQUIRE, RECYCLE, RENEW, BANKER giving
COIN, INVESTOR) without a CREDIT CARD; paying what one owes is not spending. HIDDEN CLAUSE
takes 1 COIN off each card with COIN on it. INSURANCE, REPURCHASE and LANDFILL TAX charge
COIN a player may not have: they APPLY at once (the only move open to them), then pay.
LANDFILL TAX taxes every player whose MATERIAL goes to their own LANDFILL while it is in
effect, in or out of turn. MANNERS MAKYTH MAN leaves LAWYER's Objection (an ABILITY).
MICRO-PLASTIC: a FOOD card (typed as food) pays for a PLASTIC colour; no ACTIVITY needing
FOOD. OVERPRODUCTION: the table types the 2 cards removed (``reveal material TYPE TYPE``); a
DEPLETION it causes penalises the triggerer. PLANNED OBSOLESCENCE, REPURCHASE (while another
LANDFILL holds a non-UTILITY card), SATAN SANTA, SOCIAL RESPONSIBILITY and STATUS CLIMB are
mandatory where possible; REDEEM BONUS is not. RED GOWN: each card at least the highest
QUALITY held when the BUY is typed. SKINNER BOX refills after each move of the active player
(the table reveals first); a DEPLETION then penalises them. THE 2ND SEMI MID-SEASON SALES
halves, rounded up, the COIN of the card with the largest saving in the turn's first BUY.
TREAT YO SELF: 1 HAPPINESS at the first APPLY of one's own turn. VULGARIAN: 4 COIN at each
CONSUME move (and at a GOAL or REPUTATION spend that makes a CONSUME turn).

Careers. ARTIST's "and 1 COIN" is on top of the SALARY, and Create is not optional while the
BUY AREA holds a card ("take", where other ABILITY say "may"). BANKER needs no consent (no
ACCEPT or REJECT is named); an exchange whose receiver is at REPUTATION 2 is refused. CHEF:
QUALITY is 2 per COIN plus 1 per REPUTATION, at most 4 (a card shows 4 at most), as is
ENGINEER's Repair: a QUALITY 4 card cannot be repaired. CRAFTSMAN: the forged card is typed
by its printed type and pays for the chosen colour in the Craftsman's CONSUMEs; the forge
follows the card as it loses QUALITY and ends when it breaks (the LANDFILL gets the printed
card), leaves its owner's AREA or the turn ends. HOMEMAKER's "at any given time": at some
moment of the turn so far, its start included; the claim is refused at REPUTATION 2. LAWYER
objects to any FAVOUR awaiting an answer but one he played, OFFICER's first included; the
target loses nothing. NURSE's gift takes no effect; REPUTATION stops at 2. OFFICE LADY's BUY
comes after the WORK. POLITICIAN: a blind ACCEPT takes the claimed effect and REPUTATION, the
real card goes to the hand; "same FAVOUR" for REJECT is the claimed one; a bluff called true
gives 1 REPUTATION and the target answers again; a lie is discarded, no effect. SALESMAN and
SCAVENGER in Cooperative and Solo, where nothing is ACCEPTed: a FAVOUR taking effect counts
as ACCEPTed. SCAVENGER's once a turn is the LANDFILL take; RECYCLE as RESELL is not limited.
SCHOLAR: with virtual decks the card is shown in the Scholar's view until the turn ends; at
a real table the look is recorded, not the card. SCIENTIST's card counts toward the 3.
SOLDIER and SOCIAL RESPONSIBILITY: a random card; at a real table the table types it when
the hand holds seen cards. TYCOON doubles the COIN held, then adds REPUTATION's COIN,
OVERTIME's 4 and ECONOMIC SLOWDOWN's -1, none doubled.

Credit (5.4). APPLY: any time in one's turn, while resolving one's part of an IMMEDIATE
EVENT, or when forced; the referee does not limit the CREDIT CARD. The gift is a QUALITY 1
card from the BUY AREA (``apply PLAYER TYPE``), none when the BUY AREA is empty; its slot
refills at the turn end (at once under SKINNER BOX). PAYOFF (``payoff PLAYER N [--card K]``):
1 or 2 COIN on every card in every turn, a card taken in that turn included, never past 5;
``end`` waits for it; a player without the COIN APPLYs again. Forced into Debt: WORK is
refused while HAPPINESS cannot cover the SALARY's loss and a BUY or CONSUME is possible now
or after an APPLY; if none is, 2.2 a's WORK. At game end 2 HAPPINESS per unpaid card and 1
per 3 MATERIAL in one's LANDFILL (5.5), HAPPINESS not below 0. The DEPLETION Penalty is
taken once a game, by whoever's refill takes the last card (a turn end, or SKINNER BOX) or
the triggerer of the OVERPRODUCTION that does.

Found in play: a turn that 2.2 a's WORK ends at once names no HYPEBEAST target (nothing
happens); OFFICE LADY's BUY leaves it a WORK turn; while COIN is owed every move but the
debtor's APPLY waits.

Cooperative and Solo. A FAVOUR's target gains no REPUTATION (nothing is ACCEPTed); played
FAVOUR lie face up and all come back to the hand on any WORK. Cooperative and Solo hands are
open (the view shows them). In
Solo the BUY AREA's Exhibited QUALITY is typed with each card flipped (``reveal material
glass@3``; ``reveal exhibited ...`` at setup); a SHAREd BUY AREA card is ``area:TYPE@Q`` in a
CONSUME and goes to the central LANDFILL when BROKEN; RENEW is ``favour PLAYER renew
TYPE@Q`` for 2 COIN per QUALITY; RESELL puts the card under the MATERIAL deck.
"""

from __future__ import annotations

from typing import NamedTuple


class Mode(NamedTuple):
    """What one mode switches on (LOOP 4.0 Mode Comparison)."""

    name: str
    title: str
    players: tuple[int, int]  # fewest and most players
    careers: bool  # 5.1: 2 CAREER dealt, one or INTERN chosen
    events: bool  # 5.3: EVENT drawn by HAPPINESS zone
    credit: bool  # 5.4: CREDIT CARD and the Debt Penalty
    landfill_penalty: bool  # 5.5
    favours: str  # "red" or "blue" (7.0)
    deal: str  # FAVOUR in hand at setup: "seat" (1.0), "set" (6.1: 1 of each), "blue" (7.1)
    draw: bool  # 2.2: a FAVOUR drawn at the start of each turn
    answer: bool  # 2.4: the target ACCEPTs or REJECTs; else played face up, effect at once (6.2, 7.0)
    burn: str  # "" | "round" (6.2: after the last seat) | "turn" (7.0)
    goals: int  # GOAL dealt to each player (4.0)
    result: str  # "rank" (2.8), "team" (6.3) or "threshold" (7.3)
    threshold: int = 0  # HAPPINESS every player needs at the end (6.3, 7.3)


_BASIC = Mode(
    name="basic",
    title="Basic Mode",
    players=(2, 6),
    careers=False,
    events=False,
    credit=False,
    landfill_penalty=False,
    favours="red",
    deal="seat",
    draw=True,
    answer=True,
    burn="",
    goals=3,
    result="rank",
)
# 5.0: "Competitive Mode is Basic Mode with CAREER, EVENT, CREDIT CARD, and the LANDFILL Penalty."
_COMPETITIVE = _BASIC._replace(
    name="competitive",
    title="Competitive Mode",
    careers=True,
    events=True,
    credit=True,
    landfill_penalty=True,
)
# 6.1, 6.2, 6.3
_COOPERATIVE = _COMPETITIVE._replace(
    name="cooperative",
    title="Cooperative Mode",
    deal="set",
    draw=False,
    answer=False,
    burn="round",
    result="team",
    threshold=11,
)
# 7.0 to 7.3
_SOLO = _COOPERATIVE._replace(
    name="solo", title="Solo Mode", players=(1, 1), favours="blue", deal="blue", burn="turn", goals=4,
    result="threshold",
)  # fmt: skip

MODES: dict[str, Mode] = {mode.name: mode for mode in (_BASIC, _COMPETITIVE, _COOPERATIVE, _SOLO)}
