"""The Pursuit of Happiness with Community and KS Promos 4: a referee for the table.

Rules: ``../shared/rules/pursuit-of-happiness-community.txt`` and
``../shared/rules/pursuit-of-happiness-ks-promos-4.txt``. Both are expansions; the base
game's rulebook is not among our rules. Refusals cite the section as the texts title it
(``sections``): "PURSUIT Community: Engage in Community", "PURSUIT KS Promos 4: 3. School".
A rule of the base game the referee learns from the table cites "PURSUIT base game" and the
setting it comes from. *Reading* marks where the texts are silent or unclear (an
``--option`` where a table could disagree; docs/pursuit.md's rules notes list them all).

Modules (``--option modules=community,friends,pets,school,stand-alone-jobs``, any of them,
none for the base game alone): 1 to 4 players, 5 with Community ("Community contains all
the necessary components to add a 5th player"); one player is a solo game.

The base game, as far as the referee can know it
------------------------------------------------
The texts name, and the referee tracks: Knowledge, Creativity, Influence, Money (the
resources, never negative); Stress, Short-Term Happiness (STH), Long-Term Happiness (LTH,
with its sources); Relax; Hourglass tokens (owned, and this round's, placed on board
actions and on cards); each player's play area and its slots; the Teen round and the Adult
rounds, each with a Preparation, Upkeep, Action and Resolution Phase; Board Actions and
Card Actions; the Refresh Cards free action; Projects, Items & Activities, Jobs, Partners,
Life Goals and Child Traits with levels, requirements, costs, rewards and upkeep; the base
game's "Discarding a Card - Penalty" (1 Stress and -1 STH, as the School text cites it)
for a card discarded for a cost not paid; a player whose life has ended still scores and,
with Community, still gains Popularity LTH while others play.

Every other base-game number is a *table setting* (``faces.Setting``), shown at ``new`` as
awaited, declared there (a cards file's ``[settings]``) or by ``declare setting NAME
VALUE``, recorded as an event and enforced from then on:

- ``hourglasses START,MAX``: hourglass tokens at the start, and at most;
- ``stress SPACES:CHANGE,...``: the Stress track's sections from no Stress up; a player's
  hourglasses each round are their own plus the change of their section (0 to MAX); Stress
  beyond the last space ends the life (Stress starts at 0);
- ``sth MIN,MAX``: the STH track (starts at 0; a change past an end stops there);
- ``rounds S,S,...``: one number per Adult round: the Stress each living player gets at
  that round's Upkeep Phase (old age); after the last, every life ends;
- ``order seats|rotate|sth``: the Action Phase's turn order (seat order every round; the
  first seat moving on each round; the highest STH first, ties in seat order);
- ``slots N:KIND,...``: how many cards of which kinds a play area holds (Career Jobs and
  Educational Projects take one until their final level, Friends none: the texts say so);
- ``relax section|space``: a Relax moves Stress 1 space left within its section, or 1
  space left;
- ``life-goals N|players`` and ``child-traits N``: Life Goals face up at setup, Child Traits
  each player keeps;
- ``teen-closed ACTION,...``: the board actions an Unavailable token closes in the Teen
  round (the School tile closes Get Job, Start Relationship and Overtime instead);
- ``popularity A,B,C,D,E,F`` (Community): the spaces of the six sections, scores 0 to 5;
- ``solo-target N`` (one player): the base game's solo LTH target;
- ``friend-cards N`` (Friends): how many Friend cards the pile holds;
- ``refresh COST``: what Refresh Cards costs, the first time it is used;
- a board action the base game prints (``declare action NAME reward=... [requirement=...]``,
  Study, Play, Interact, Overtime, ...), the first time it is used.

``--option preset=public`` declares what public descriptions of the base game agree on: 6
starting hourglasses, at most 9; Study, Play and Interact each give 3 of their resource;
Unavailable tokens on Get Job, Start Relationship and Overtime in the Teen round. It is
never a silent default.

Base actions: a board action places 1 hourglass on its space: a declared action (its
reward; Teen-closed ones refused in the Teen round), Get Job (a Job), Start Relationship (a
Partner), Start a Project (a Project; the referee's name), Spend (an Item, Activity or Pet):
the card's L1 requirement, L1 cost (its hourglasses on the card) and L1 reward. *Reading*:
the base game's card rows are not tracked: a card taken from the Game board is named, and
the referee checks its pile could hold it (declared, of that pile, not already taken or
discarded). A Card Action moves a card to its next level (Advance a Project, Get a
Promotion, and the referee's "advance" for Partners, Items and Activities): the level's
requirement, cost, reward; *Reading*: it places as many hourglasses on the card as the
cost shows, at least 1. Each Upkeep Phase a card with upkeep at its level is paid (its
upkeep cost, then its income) or discarded with the penalty. Life Goals face up score
their LTH at the end for every player who meets them (*Reading*: after the last round's
Popularity decay; option ``goals-scored=before-decay`` scores them before it); a Child Trait gives its
reward when kept. ``adjust PLAYER +2knowledge -1stress ... --why TEXT`` records what the
base game does that the referee does not model (a Child Trait's or an Item's ability, STH's
effect on costs): the referee cannot check it, and its LTH is its own source on the score.

Rounds and phases
-----------------
Setup (the table reveals the Life Goals, with Friends the 4 Friend cards; each player keeps
their Child Traits), then the Teen round and the Adult rounds. Preparation: the modules'
steps below, then each living player's hourglasses for the round. Upkeep: old-age Stress
(``rounds``); Retirement rewards; each player pays or drops each card with upkeep
(``upkeep PLAYER [--drop CARD ...] [--harder CARD:N ...]``). Action: in turn order, one
action a turn (a board or card action) or ``pass`` (final for the round); Refresh Cards and
``discard`` are free actions in one's turn; a player who cannot act (no hourglass, and no
Community token with a card to Engage) is passed over. Resolution: the Community cards,
Popularity LTH, Popularity decay, then every hourglass and token returns. The game ends
after the last round's Resolution or once every life has ended.

Community (all of it)
---------------------
- Setup: the Community board (5 slots), a Popularity indicator per player on the leftmost
  space (score 0), the 48 Community cards shuffled face down, a Community token per player.
  The Additional Cards (9 Projects, 10 Items & Activities, 9 Jobs, 3 Partners, 2 Life
  Goals, 2 Child Traits: ``set=community`` on a card) are in their base piles only with
  Community, and no more than printed may be declared.
- No Community cards in the Teen round. Preparation of the 1st Adult round: 5 drawn face
  up; from the 2nd: the card on the 5th (rightmost) slot discarded, the rest slid right,
  the empty slots filled from the left (``reveal community CARD ...`` at a real table).
  *Reading*: an empty pile leaves slots empty; the discards are not reshuffled.
- Engage in Community (Card Action, ``engage PLAYER CARD [--token]``): an available card,
  its Engage requirement met, its Engage cost paid, its reward at once. The Community token
  serves only this action (``--token`` on any other action is refused); hourglasses may
  Engage at most the current Popularity Score times a round, besides the token. One player
  per card unless it shows the Multiple Players indicator; each player once per card. No
  Refresh Cards on the Community board. STH does not change Engage or Outcome costs (the
  referee applies no STH effect to any cost). *Reading*: a Community card's costs hold no
  hourglasses (it is engaged with one token).
- Resolution, before hourglasses return: from the leftmost card, each engaged player (in
  the order they engaged) chooses one Outcome (``outcome PLAYER CARD N``): requirement,
  cost, reward; even if the Engage requirement no longer holds, even one another player
  chose. The token returns; a card is discarded once all its engaged players resolved it.
  *Reading*: a player with no Outcome they can take resolves it with none (the referee
  does it); a player whose life ended takes no Outcome. Then each player gains LTH equal to
  their Popularity Score (after their life ended too, while another player lives); then
  every indicator moves one space left (never off the track).
- Popularity track: six sections (their sizes a table setting), scores 0 to 5; never off
  either end; each Popularity gained past the rightmost space is 1 LTH instead.
- Named cards as the text prints them (``data.PRINTED_COMMUNITY``): Organize a Party,
  Renaissance Fair (Multiple Players, Outcomes 2 and 3), Safety Seminar, Romantic Getaway,
  Big Project at Work; Black Friday: after Engaging it, a Spend that buys an Item may buy
  more Items in the same action (``spend PLAYER ITEM ITEM ...``; *Reading*: the base rows
  are not tracked, so the card drawn into the empty slot is not typed); its Outcomes count
  every Item bought this round, before Engaging too (``Nbought`` requirements, ``/item``
  rewards); Pets are not Items. Blind Date Outcome 3 (``partner``): a Partner from the
  board at L1 (*Reading*: "the Relationship Level" is the level Start Relationship places
  it on), its requirement ignored, no reward; a second Partner is possible. New Family Next
  Door and Pumpkin Contest: "most" among all players whose life goes on; ties get it.
  *Reading*: "most Popularity" compares Popularity Scores (the section, "determines your
  Popularity Score"), not track spaces.
- Solo: the base solo rules, and the win needs the solo target + 10 LTH; a drawn "most"
  card (any ``most-...`` requirement) is discarded and replaced.

KS Promos 4
-----------
1. Friends: the Friends board with 4 face-up cards from setup; at each Preparation from the
   1st Adult round all remaining cards are discarded and 4 drawn. Start Friendship (Board
   Action): the L1 requirement, the card to the play area, the L1 reward, level 1, the slot
   refilled. Friends use no slot and have no limit. Develop a Friendship (Card Action): the
   next level, its cost and reward. Upkeep at L1 and L2, none at L3 (Jim's Kevin). Unpaid
   upkeep is not in the text: option ``unpaid-upkeep=penalty|free`` (discarded with the
   base penalty, or without; one reading for Friends, Pets and Stand-Alone Jobs).
   Dedicate Time to Your Friend (Card Action) only at L3, repeatable: L3's cost and reward
   again. *Reading*: Refresh Cards on the Friends board is not in the text: option
   ``friends-refresh=no|yes``.
2. Pets: in the Items & Activities pile; taken by Spend (L1 cost and reward); at each later
   Upkeep the upkeep of its level is paid to advance a level (that level's cost and
   reward), else the pet is discarded (*Reading*: with the penalty, as option
   ``unpaid-upkeep`` says). No Card Action on a Pet; a Pet is no Item or Activity for
   anything. *Reading*: at its final level it stays, with nothing more to pay.
3. School: the tile covers Get Job, Start Relationship and Overtime in the Teen round; Make
   a Career Choice (Board Action, Teen round only; ``career PLAYER CARD``): any Career Job
   or Educational Project of the two piles, its L1 cost and reward; one slot each until the
   final level. Career Jobs: no Card Action advances them; at each later Upkeep they
   advance (the level's cost for its reward) or are discarded with the penalty; at the
   final level the card leaves its slot and stays as Retirement: its Retirement reward at
   each later Upkeep, until its owner takes another Job (then discarded, no penalty). An
   Educational Project completes with one Advance a Project, leaves its slot and stays as
   a Degree. Tile and piles leave at the 1st Adult round's Preparation.
4. Stand-Alone Jobs: in the Job pile; no levels (Get a Promotion refused); Work Harder only
   as the Hiring or the Upkeep cost is paid, up to twice, each time its own cost and reward
   (``--harder N``); the Upkeep cost must be paid to keep the job (*Reading*: else it is
   discarded with the penalty, as option ``unpaid-upkeep`` says).

Score
-----
LTH with its sources (cards, Popularity, Life Goals, track overflow, table adjustments),
STH, resources, who is alive. The most LTH wins; *Reading*: ties share the win (a base
game tie-break is not known to the referee). Solo: a win with LTH at least the target.

Worked examples (each a test, with its numbers)
-----------------------------------------------
Maria's Organize a Party (token; 1 Money, 2 Creativity for 1 STH, 1 Popularity); Nick in
the Renaissance Fair beside John (Multiple Players; 1 Money); Maria's hourglass on the
Safety Seminar at Popularity Score 1; John's Outcome 2 and Nick's Outcome 3; resolution
from the left; the next Preparation (Romantic Getaway discarded, Big Project at Work to the
rightmost slot, 4 new cards); the 3rd Adult round's LTH 3/2/0 and John's indicator staying.
Jim and Kevin; Noel's Koi; Nick's Rugby Player; Anna's Graphic Designer.

Chance and hidden things
------------------------
Without a seed the table types every card it turns up (``reveal``); each pile is checked
against its composition (``ledger.piles``). With ``--seed`` the referee shuffles the
Community and Friend piles itself (every face declared first). Nothing is hidden in a
hand; only a virtual pile's order is.
"""

from __future__ import annotations

from ledger.decider import Option, Verb
from ledger.games.pursuit import data
from ledger.games.pursuit.cards import LIBRARY_OPTIONS, dump_cards, library_face, load_cards
from ledger.games.pursuit.describe import chance, describe, redact
from ledger.games.pursuit.evolve import evolve
from ledger.games.pursuit.grammar import ALIASES, USAGE, absent_verbs, parse, text
from ledger.games.pursuit.model import Command, Event, State
from ledger.games.pursuit.moves import legal, unlisted
from ledger.games.pursuit.present import present
from ledger.games.pursuit.rules import BOOKKEEPING, actor, decide, initial, is_over, to_act
from ledger.games.pursuit.said import said
from ledger.games.pursuit.score import score, standing
from ledger.games.pursuit.view import View, view

name = "pursuit"
title = "The Pursuit of Happiness"
# "2" (issue 17): at a real table, a refill whose card is known (every face of its pile declared
# and one card left unseen, or its top known) is flipped by the referee and recorded as its own;
# a reveal the table types for it is refused saying so. Logs of "1" still verify, as recorded.
# "3": a Stand-Alone Job takes a play-area slot wherever the ``slots`` setting lists ``job``
# (before: only where it listed ``stand-alone-job``). Logs of "1" and "2" verify as recorded.
# "4" (issue 41): a card a text prints whole (RUGBY PLAYER) is known from the setup, never
# declared; logs of "1" to "3" declared it, and verify as recorded.
rules_version = "4"
rules_versions: tuple[str, ...] = ("1", "2", "3", "4")
modes: tuple[str, ...] = ("standard",)
min_players = 1
max_players = 5
options: tuple[Option, ...] = (
    Option(
        "modules",
        "",
        (),
        f"the modules played, comma-separated: {', '.join(data.MODULES)} (none: the base game alone)",
        several=data.MODULES,
    ),
    Option(
        "preset",
        "none",
        ("none", "public"),
        "'public' declares what public descriptions of the base game agree on: 6 starting hourglasses, at "
        "most 9; Study, Play and Interact give 3; Unavailable tokens on Get Job, Start Relationship and "
        "Overtime in the Teen round",
    ),
    Option(
        "unpaid-upkeep",
        "penalty",
        ("penalty", "free"),
        "a Friend, Pet or Stand-Alone Job whose upkeep is not paid is discarded with the base game's "
        "penalty, as the School text has a Career Job take it, or without (their texts name none)",
    ),
    Option(
        "goals-scored",
        "after-decay",
        ("after-decay", "before-decay"),
        "Life Goals are scored after the last round's Popularity decay (the end of its Resolution Phase), "
        "or before it (the texts do not say)",
    ),
    Option(
        "friends-refresh",
        "no",
        ("no", "yes"),
        "whether Refresh Cards may discard and redraw the Friends board (the text does not say)",
    ),
)


# Each verb's help; its usage and aliases are the grammar's. A plain table, not a function
# called at import: a mutation run forks its mutants after the import, so such a call is
# never mutated (grammar.py says the same of its parsers).
_HELP = {
    "declare": "the table declares a card, a board action or a base-game setting",
    "reveal": "the table reveals the Life Goals at setup, or the cards drawn onto a board",
    "trait": "setup: a player keeps a Child Trait (its reward)",
    "action": "a board action the table declared (Study, Overtime, ...): 1 hourglass, its reward",
    "get-job": "Get Job (Board Action): a Job; a Stand-Alone Job with Work Harder 0 to 2 times",
    "start-relationship": "Start Relationship (Board Action): a Partner",
    "start-project": "Start a Project (Board Action): a Project",
    "spend": "Spend (Board Action): an Item, Activity or Pet; after Black Friday more Items",
    "start-friendship": "Start Friendship (Board Action): a Friend from the Friends board",
    "career": "Make a Career Choice (Board Action, Teen round): a Career Job or Educational Project",
    "advance": "Advance a Project (Card Action), or a Partner's, Item's or Activity's next level",
    "promote": "Get a Promotion (Card Action): a Job's next level",
    "develop": "Develop a Friendship (Card Action): a Friend's next level",
    "dedicate": "Dedicate Time to Your Friend (Card Action): L3 again",
    "engage": "Engage in Community (Card Action): with the Community token, or an hourglass up to the"
    " Popularity Score",
    "refresh": "Refresh Cards (free action): a row of the Game board",
    "discard": "discard a card of your play area (free action, with the penalty)",
    "pass": "no more actions this round",
    "upkeep": "Upkeep Phase: pay every upkeep but the cards dropped; Work Harder CARD:N",
    "outcome": "Resolution Phase: an Outcome of the Community card you engaged in",
    "adjust": "record what the base game does that the referee does not model (and why)",
}
verbs: tuple[Verb, ...] = tuple(
    Verb(word, USAGE[word], help_, ALIASES.get(word, ())) for word, help_ in _HELP.items()
)

__all__ = [
    "BOOKKEEPING",
    "LIBRARY_OPTIONS",
    "Command",
    "Event",
    "State",
    "View",
    "absent_verbs",
    "actor",
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
    "rules_version",
    "rules_versions",
    "said",
    "score",
    "standing",
    "text",
    "title",
    "to_act",
    "unlisted",
    "verbs",
    "view",
]
