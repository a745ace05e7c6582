"""Planet B: a referee for 2, 3 and 4 players (rulebook: ``../shared/rules/planet-b.txt``).

Each rule below is cited in refusals as the rulebook titles its section (``sections``), e.g.
"PLANET B Elections"; where the rulebook is silent or contradicts itself, the reading taken
is marked *Reading* (and is an ``--option`` where a table could disagree; docs/planet-b.md's rules
notes list them all).

The package satisfies ``ledger.decider.Game`` like LOOP: ``data`` (what the rulebook
prints), ``effects`` (the effect language), ``faces`` (what the table declares, and its
checks), ``cards`` (faces as TOML), ``model``, ``rules/`` (``core``: counters, costs and
the stack of open boxes; ``chance``: the draws from piles and the bag; ``setup``: setup and
draft; ``boxes``: performing an open box; ``turn``: the deal, selling, tiles, the offices;
``actions``, ``buildings``: the actions of a box; ``particular``: the particular cards;
``elections``: an election's steps; ``flow``: what follows a turn, exchanges, the end), ``evolve``, ``moves``
(``legal``), ``grammar``, ``view``, ``present``, ``describe``, ``score``.

Chance and hidden things
------------------------
- Without a seed the table plays its own components and types what it reveals and draws:
  the 3 A conglomerate tiles, each B tile as it comes, each face-up news card, each
  building drawn, each law, each vote drawn from the bag (by colour). Every pile is checked
  against its composition (``ledger.piles``): a card already seen elsewhere, or from another
  pile, is refused; a law returned under its pile comes back in order.
- With ``--seed`` the referee shuffles every pile and draws from the bag itself.
- Hidden: each player's VP pocket, buildings in hand and the draft packet they hold (shown
  with ``--as PLAYER``, ``--reveal`` or once the game is over); virtual pile orders.
  Public: money, warehouses, votes in supply, bag counts per colour, everything on boards.

Card faces (Data the rulebook does not print)
---------------------------------------------
The rulebook prints rules, a few numbers and some named boxes, not the boards and cards.
The table declares the rest, the first time it matters, in the effect language below;
declarations are events, checked against the rulebook from then on, saved with
``referee cards`` and loaded with ``--cards FILE`` (TOML). Board data (side, markets,
election track, mood track, faction tracks, swindle spaces, production lines and tiles,
Headquarters) is needed before setup; a card (conglomerate tile, building, news, law) when
it is first revealed. Virtual piles need every face. Checks: A buildings cost 4-10 and use
crafties only, B 14-20 and both, C 24-30 and brainies only (Redrawing Buildings); every II
news card is immoral, 7 of the 14 III cards (Immoral News Cards); pile sizes (Game
Components: 14 A, 14 B, 14 C, 16 I, 16 II, 14 III, 10 yellow, 10 blue laws, 3 A and 4 B
tiles); Headquarters has 1 work area of 1 crafty and 1 brainy (Placing a Workie); the last
capitalist space offers 20 money or a build (Scoring example); the named boxes of
"Explanation of Particular Cards" are the rulebook's and a card of that name must show them.

Effect language: a box is words separated by spaces; ``-`` marks a cost (red), a number
the count (1 if none), ``all:`` / ``others:`` the scope, ``/`` a choice of one action
(diagonal line), ``+`` a free mix of symbols (line between symbols). Symbols: money, vp,
mood; plastic, iridium, water, plant, hydrogen, chip, meat, resource (of your choice);
crafty, brainy (take only), workie (take either), work (take and/or place); produce, tile,
build, news, vote, swindle, swindle-free, right, left, marker (either way), law; faction
tracks ``capitalist``, ``futurist``, ``traditionalist`` or ``faction`` (of your choice),
each with ``-check`` for the checkmark (score or step). The named boxes are words too
(``illegal-build``, ``goods-export``, ...).

Rules every action follows (Costs and Action Boxes, Mood, Money and Victory Points)
---------------------------------------------------------------------------------
- A box's costs are paid fully first or the box cannot be chosen. "all" includes the
  actor, "all others" does not; others who cannot pay a cost in full do not pay it
  (*Reading*: all or nothing per cost) and it does not stop the box.
- Every action is performed as fully as possible, one finished before the next, in the
  order the player chooses: the referee keeps the open boxes as a stack; the player
  performs one action at a time by its verb; actions with nothing to choose (gains) are
  performed on ``gain``, or at once when nothing else is left in the box. ``skip`` drops an
  action that cannot be performed now (refused while it can; *Reading*: "can" is judged on
  what the player holds, nobody is made to sell first).
- Mood: the neutral space counts as a step; steps past the top give 2 VP each, past the
  bottom cost 2 VP each, as much of it as the pocket holds (an empty pocket counts as paid).
- Money is public; VP is exact and hidden; VP never pays a cost.

A turn (Your Turn: Make a Deal, Your Turn: A Summary)
-----------------------------------------------------
- ``deal`` places a suitcase on the topmost empty space of a tile; a red side costs 1 mood;
  then its box. *Reading*: a tile whose box costs the player cannot pay may be dealt with
  only when no tile's box can be paid; the suitcase is placed and the box not performed.
- Selling (meat always 6) and buying production tiles (10 each, from one's own 10, onto any
  of the 6 production spaces, covering what is there; returnable any time, no refund) in
  one's own turn, between actions too.
- The office action once every turn while held, before or after the deal (not inside a
  box); ``moves`` reminds the holder while it is owed; ``end`` is refused until it is done.
- After ``end``: the player redraws buildings to 3 from piles of their choice (piles can
  run out); the news piles taken from this turn reveal their next card; then an exchange
  if the turn's suitcase filled a tile (the 3rd with 2 or 3 players); then an election if
  the marker reached the last space during the turn or the exchange.

Actions (What Actions Are There?)
---------------------------------
- Production: upper or lower line; at most 4 containers per resource, the excess sold at
  once at the current price (outside one's turn too).
- Build: pay the cost, take the VP; or return a building to the bottom of its pile for 5.
- Workies: take and/or place as the symbol allows; at most 8 crafties and 8 brainies on the
  board, the excess returned at once; one workie per matching work space; a work area just
  filled triggers one of the building's boxes at once (the rest of the workie action
  waits); a building is used once per work area; workies are paid from the board only.
- Factions: the symbol summary is followed (the text of "Faction Action" swaps "steps" and
  "choice"): a track of choice or the indicated one, with or without the checkmark; only
  the checkmark scores (a box at or left of the disc, then the disc back to start); 4 money
  per step past the end; paying steps moves left, impossible from the start space.
- News: the face-up top card of a pile, costs first, then on top of one's news stack when
  its actions are done (the top card decides immorality; none means not immoral); that pile
  has no face-up card until the turn ends; piles can run out.
- Votes: from one's supply into the bag, 1 money per missing vote.
- Swindle: the topmost empty space, its cost and its reward; "free" skips the cost.
- Election marker: left or right as shown; ``marker`` lets the player choose; moving past
  an end still counts; reaching the last space calls an election after the turn (*Reading*:
  once reached it stays called even if the marker moves left again that turn).
- ``tile`` in a box (symbol summary: "Buy a production tile for 10 money") buys one for 10.
- Particular cards: each named box as the rulebook explains it. *Readings*: SOLAR ENERGY,
  VACCINATION carry the futurist step printed under them; NANNY BOTS does not;
  RENOVATIONS gives back the building's VP (option ``renovations=vp|cost``).

Offices
-------
President: a law (blue when immoral, else yellow; the table types which), its left or right
box, "President" for the holder and "All Others" for every other player (*Reading*: and
its votes, gained or paid, for the dummy, as every effect on all others), the law to the
bottom of its pile. Vice President: 6 money immoral, else 1 faction step of choice.
L.A.M.A.: 3 money immoral, else 1 mood up. D.O.D.O.: 1 money immoral, else 1 vote (no
D.O.D.O. with 2 or 3 players).

Elections
---------
1 Full work areas return; each player with partly filled ones says which return; the
  8-limit applies. 2 Mood: the space's box (positive: money and votes; negative: votes from
  the bag; very negative: also all others, the dummy included, add votes); markers back to
  neutral. *Reading*: votes paid for mood leave the bag for the general supply, out of play
  (option ``mood-votes=out|supply``). 3 Each "+1" tile puts 1 vote from supply in front of
  its owner (counted even when the supply is empty); from the triggering player, in turn
  order (the dummy last in each round), each draw is exactly min(3 + "+1" tiles, votes left)
  until the bag is empty; the table types the colours. The example's Yellow draws 3 with a
  "+1" tile: the rule wins. The "-1" tile's election effect is not printed: option
  ``minus-tile=none|draw|count`` (none by default). 4 Offices by own-colour votes in front;
  ties: the first election the higher board number (the dummy loses), later the lower
  office. 25/10/3/1 money; the President's votes all go to their supply; the Vice
  President's own and the President's in front of them too; L.A.M.A. and D.O.D.O. return
  the President's. 5 The rest back to the bag, marker to its start, next player after the
  trigger. Checked: the President has no votes in the bag; L.A.M.A. and D.O.D.O. lost none.

Exchanges
---------
The trigger takes 2 resources of choice (5 when immoral); suitcases back; the tile flipped
or removed as its face-up side's indicator says; a removed one is replaced by the next B
tile with the side the space requires (middle red, sides grey) or leaves the space empty;
the marker +2 (which can call an election, held after the exchange); the market disc to
the tile's face-up side.

2 and 3 players
---------------
The 2-3 side; no D.O.D.O.; 2 players: one B tile removed at random (the table types which),
the dummy: none of its votes in the bag at setup, 9 added before each election while its
supply has them, draws last, can win offices and bag places, loses every tie in the first
election, no VP; the votes of every "all" or "all others" effect, gains and costs
(*Reading*: a law's All Others part too); as President its votes go to its supply and no
law is played; as L.A.M.A. back to the bag.

End and score (Game End)
------------------------
The last conglomerate tile added gives each player exactly one more turn, the trigger last;
exchanges and elections those turns call still happen (*Reading*). Score: resources sold,
money 3:1 (the rest lost), 2 VP per faction step, mood +-2 per step from neutral, President
20, bag 15 and 8 with the election tie rule (*Reading*: before any election, the first
election's rule), not awarded when nobody or only one has votes in the bag, pocket VP;
ties share the win.
"""

from __future__ import annotations

from ledger.decider import Option, Verb
from ledger.games.planet_b.cards import dump_cards, library_face, load_cards
from ledger.games.planet_b.describe import chance, describe, redact
from ledger.games.planet_b.evolve import evolve
from ledger.games.planet_b.grammar import ALIASES, USAGE, parse, reserved_words, text
from ledger.games.planet_b.model import Command, Event, State
from ledger.games.planet_b.moves import legal, unlisted
from ledger.games.planet_b.present import present
from ledger.games.planet_b.rules import BOOKKEEPING, actor, decide, initial, is_over, to_act
from ledger.games.planet_b.said import box_words, said
from ledger.games.planet_b.score import SCORE_ONLY_AT_END, score, standing
from ledger.games.planet_b.view import View, view

name = "planet-b"
title = "Planet B"
# Version 2 (issue 17): a cost of choice "All Others" pay is asked of each payer (option
# others-choice), and what the referee performs by itself is marked so. Logs of version 1
# still verify, under their own rules (each payer's share taken from what they hold most of).
rules_version = "2"
rules_versions: tuple[str, ...] = ("1", "2")
modes: tuple[str, ...] = ("standard",)
min_players = 2
max_players = 4
options: tuple[Option, ...] = (
    Option(
        "mood-votes",
        "out",
        ("out", "supply"),
        "votes paid for a negative mood at an election leave the bag for the general supply, out of "
        "play ('out'), or go back to their owner's supply ('supply')",
    ),
    Option(
        "minus-tile",
        "none",
        ("none", "draw", "count"),
        "what a '-1' swindle tile does at an election, which the rulebook never says: nothing, "
        "1 vote fewer drawn, or 1 own vote fewer counted",
    ),
    Option(
        "renovations",
        "vp",
        ("vp", "cost"),
        "RENOVATIONS gives back 'the victory points you paid for the building': its VP ('vp') or "
        "its cost as VP ('cost')",
    ),
    Option(
        "others-choice",
        "ask",
        ("ask", "most"),
        "a cost of choice that All Others pay (a resource, a workie, a faction step of their choice): each "
        "payer says what they pay ('ask'), or it is taken from what each holds most of ('most')",
    ),
    Option(
        "colours", "", (), "words for the colours in `draw`, in seat order (and the dummy's with 2 players)"
    ),
)


_HELP: dict[str, str] = {
    "declare": "the table declares a board or card face the rulebook does not print",
    "reveal": "the table reveals the A tiles, a removed B tile, a news card, the next B tile",
    "draft": "Starting Buildings: keep a building of the packet you hold",
    "deal": "Your Turn: a suitcase on a conglomerate tile, then its box (a red side costs 1 mood)",
    "sell": "Selling Resources: at the current price, in your turn",
    "tile": "Production Tiles: buy one for 10 (or one back to the supply, no refund)",
    "office": "Offices: the holder's action, once every turn",
    "gain": "perform the actions with nothing to choose, or take the resources of your choice",
    "produce": "Production: the upper or lower line",
    "build": "Build: a building from hand (or under its pile for 5 money)",
    "workie": "Workie Action: take crafties/brainies, or place one on a building",
    "faction": "Faction Action: a step, or score TRACK:SPACEa|b with a checkmark",
    "news": "News Card: the face-up card of pile I, II or III",
    "swindle": "Buy a Swindle Tile: +1 or -1 on the topmost empty space",
    "marker": "The Election Track: move the marker left or right",
    "law": "draw a law, then decide it: left or right",
    "box": "a work area just filled: choose the building's box 1 or 2",
    "skip": "leave out the actions that cannot be performed",
    "pay": 'your share of an "All Others" cost of your choice: what you pay',
    "draw": "votes drawn from the bag, by colour (elections, GAME OF CHANCE, SPORTS BET)",
    "recall": "workies back: partly filled areas at an election, or VACCINATION",
    "discard": "INVITATION TO BID: 0 to 3 buildings under their piles",
    "destroy": "RENOVATIONS, BUILDING EXPORT: destroy a constructed building",
    "copy": "SOLAR ENERGY: a box of another building",
    "replay": "CELL REGENERATION: a played news card again",
    "give": "GREEN SMOOTHIE: plants to other players",
    "goods-export": "GOODS EXPORT: up to 2 resources at triple the price",
    "exchange": "Exchanges: 2 resources of your choice (5 if immoral)",
    "end": "end your turn",
    "redraw": "after your turn: draw buildings to 3 in hand",
}
verbs: tuple[Verb, ...] = tuple(
    Verb(word, USAGE[word], help_, ALIASES.get(word, ())) for word, help_ in _HELP.items()
)
score_only_at_end = SCORE_ONLY_AT_END  # no score stands before the Game End: no chart of it

__all__ = [
    "BOOKKEEPING",
    "Command",
    "Event",
    "State",
    "View",
    "actor",
    "box_words",
    "chance",
    "decide",
    "describe",
    "dump_cards",
    "evolve",
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
    "score_only_at_end",
    "standing",
    "text",
    "title",
    "to_act",
    "unlisted",
    "verbs",
    "view",
]
