"""What every LOOP rule uses: the rule citations, the queries the rules and the views share, and
the scratch fold (``_Out``) a move builds its facts through.

The rules are a DAG: this module at the bottom, ``checks`` (whether a move's player may move
now, and the card a move names) above it, the sections (``blue``, ``buy``, ``careers``,
``consume``, ``credit``, ``events``, ``favour``, ``goal``, ``reveals``, ``setup``, ``work``)
above them, the turn's flow (``end``) above the sections, ``decide`` on top. A section whose
move goes on to the next step of the turn or ends it, draws a FAVOUR or sets off DEPLETION
asks the move's accumulator (``_Out.flow``, the operations ``Flow`` lists) rather than
importing the flow, which imports the sections: as boardgame.io's moves call
``events.endTurn()``. ``decide`` builds each move's ``_Out`` with the ``end`` module as its
flow.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Protocol

from ledger.decider import Facts
from ledger.games.loop import data, shuffles
from ledger.games.loop.evolve import AREA, evolve
from ledger.games.loop.model import (
    UNKNOWN,
    AbilityUsed,
    CareerChosen,
    Changed,
    Event,
    EventDrawn,
    EventsReshuffled,
    FinalRound,
    GoalFace,
    Mat,
    Offer,
    Owed,
    Owing,
    Paid,
    Player,
    State,
)
from ledger.games.loop.modes import MODES, Mode

R_SETUP = "LOOP 1.0 Setup"
R_AREA = "LOOP 1.1 Player AREA"
R_ORDER = "LOOP 2.1 Start Game"
R_TURN = "LOOP 2.2 Start Turn"
R_WORK = "LOOP 2.2 a) WORK"
R_BUY = "LOOP 2.2 b) BUY"
R_CONSUME = "LOOP 2.2 c) CONSUME"
R_GOAL = "LOOP 2.3 Achieving GOAL"
R_FAVOUR = "LOOP 2.4 Playing FAVOUR"
R_REJECT = "LOOP 2.4 b) REJECT"
R_REP_WORK = "LOOP 2.5 a) WORK"
R_REP_BUY = "LOOP 2.5 b) BUY"
R_REP_CONSUME = "LOOP 2.5 c) CONSUME"
R_END_TURN = "LOOP 2.7 End Turn"
R_END_GAME = "LOOP 2.8 End Game"
R_GOALS = "LOOP 3.2 GOAL"
R_MODES = "LOOP 4.0 Mode Comparison"
R_CAREER = "LOOP 5.1 Setup & CAREER"
R_EVENT = "LOOP 5.3 EVENT"
R_CREDIT = "LOOP 5.4 CREDIT CARD"
R_COOP = "LOOP 6.2 Gameplay Variation"
R_BURN = "LOOP 6.2 Burning MATERIAL card"
R_SOLO = "LOOP 7.0 Solo Mode"
R_CAREERS = "LOOP 8.0 CAREER Overview"
R_EVENTS = "LOOP 9.0 EVENT Overview"


# Options a table may set (``--option name=value``); see ``modes`` for each reading.
OPTION_ZONES = "zones"  # 5.3: the 3 HAPPINESS zones, "4,8" (0-4, 5-8, 9-12) or "4,9"
OPTION_DISPOSABLE = "disposable-culture"  # 9.0: "plastic-at-1" or "only-plastic"


def r_career(career: str) -> str:
    """8.0, by the CAREER's printed name: "LOOP 8.0 Craftsman"."""
    return f"LOOP 8.0 {data.CAREER[career].name}"


def r_event(event: str) -> str:
    """9.0, by the EVENT's printed name: "LOOP 9.0 Landfill Tax"."""
    return f"LOOP 9.0 {data.EVENT[event].name}"


# The rules version of the first recorded games. Its logs still verify: a game recorded under
# it keeps its rules (``State.legacy``): one BUY move a turn, no ``rep-happiness`` move, a
# ``consume --rep-happiness`` that gains nothing is accepted, tie-break 4 counts every ACTIVITY
# completed, and a reveal names one card.
LEGACY = "basic-1"
REFEREE = "referee"  # MaterialRevealed.by: flipped by the referee itself, the card being known


def r_favour(kind: str) -> str:
    return f"LOOP 3.1 {kind.upper()}"


# ---------------------------------------------------------------------------- text helpers


def up(name: str) -> str:
    return name.upper()


def mat_text(mat: Mat) -> str:
    return f"{mat[0]}@{mat[1]}"


def mats_text(mats: Iterable[Mat]) -> str:
    return ", ".join(mat_text(m) for m in mats) or "none"


# ---------------------------------------------------------------------------- queries


def is_over(state: State) -> bool:
    return state.phase == "over"


def mode_of(state: State) -> Mode:
    return MODES[state.mode]


def career_of(player: Player) -> str:
    """The CAREER a player plays: INTERN in Basic Mode (1.1)."""
    return player.career or data.INTERN_KEY


def in_effect(state: State, event: str) -> bool:
    """The CONTINUOUS EVENT ``event`` is in effect (5.3: from the turn after it is flipped)."""
    return state.event_active == event


def zones(state: State) -> tuple[int, int]:
    """5.3: the top HAPPINESS of the lowest and of the middle zone (option ``zones``)."""
    first, second = (int(part) for part in state.options.get(OPTION_ZONES, "4,8").split(","))
    return first, second


def zone(state: State, happiness: int) -> int:
    """5.3 Drawing EVENT: the HAPPINESS zone, 0 to 2 (option ``zones``; 0 is in the lowest)."""
    first, second = zones(state)
    return (happiness > first) + (happiness > second)


def refilling_now(state: State) -> bool:
    """The slots are refilled now: at a turn end (2.7), or mid-turn under SKINNER BOX."""
    return (state.phase == "refill" and not state.ending) or state.refilling


def material_wanted(state: State) -> int:
    """BUY AREA slots the table must still fill from the deck (LOOP 2.7)."""
    if not refilling_now(state) or state.owed:
        return 0
    return min(data.SLOTS - len(state.buy_area), state.materials_left)


def activity_wanted(state: State) -> int:
    """CONSUME AREA slots the table must still fill from the deck (LOOP 1.0, 2.7)."""
    if (state.phase != "setup" and not refilling_now(state)) or state.owed:
        return 0
    held = len(state.activity_deck) + state.activity_unseen
    return min(data.SLOTS - len(state.consume_area), held)


def burn_wanted(state: State) -> int:
    """6.2, 7.0: MATERIAL to burn from the deck now."""
    if state.phase != "refill" or state.ending != "burn":
        return 0
    return min(state.burn_owed, len(state.material_deck))


def flip_wanted(state: State) -> int:
    """5.3: face-down EVENT to flip now (a real table types them)."""
    if state.phase != "refill" or state.ending != "flip" or not state.flipper:
        return 0
    return len(state.players[state.flipper].events)


def careers_wanted(state: State) -> list[str]:
    """5.1: players the table has not dealt 2 CAREER yet (a real table)."""
    if state.phase != "setup" or not mode_of(state).careers:
        return []
    return [p for p in state.seats if not state.players[p].career and not state.players[p].careers]


def career_choices(state: State, player: Player) -> tuple[str, ...]:
    """The CAREER a player may choose (5.1): one of the 2 dealt, or the INTERN; where the seed that
    dealt them is lost (a log from before rules 7: "?"), any the deck held that nobody is known
    to hold or play."""
    known = tuple(c for c in player.careers if c != UNKNOWN)
    if UNKNOWN not in player.careers:
        return (*known, data.INTERN_KEY)
    taken = {c for p in state.players.values() for c in (p.career, *p.careers)}
    left = sorted(
        k for k, c in data.CAREER.items() if mode_of(state).name not in c.excluded and k not in taken
    )
    return (*known, *(c for c in left if c != data.INTERN_KEY), data.INTERN_KEY)


def choosing(state: State) -> list[str]:
    """5.1: players who hold 2 CAREER and choose one (or INTERN)."""
    if state.phase != "setup":
        return []
    return [p for p in state.seats if state.players[p].careers and not state.players[p].career]


def exhibited_wanted(state: State) -> bool:
    """7.0 Solo: the Exhibited QUALITY of the setup's BUY AREA, typed by a real table."""
    return state.phase == "setup" and mode_of(state).favours == "blue" and not state.exhibited


def table_owes(state: State) -> bool:
    """The table must reveal something before anyone plays on."""
    return bool(
        careers_wanted(state)
        or exhibited_wanted(state)
        or state.awaiting_start
        or material_wanted(state)
        or activity_wanted(state)
        or burn_wanted(state)
        or flip_wanted(state)
        or (state.removing and not state.owed)
    )


def lawyers(state: State) -> list[str]:
    """LAWYER's Objection: who may REJECT the FAVOUR awaiting an answer, besides its target."""
    offer = state.pending
    if offer is None:
        return []
    return [
        name
        for name in state.seats
        if name not in (offer.player, offer.target)
        and state.players[name].career == "LAWYER"
        and state.players[name].hand
    ]


def objectors(state: State) -> list[str]:
    """LAWYER's Objection (8.0): who may discard any 1 FAVOUR to REJECT the FAVOUR awaiting an
    answer, "even if that FAVOUR is not targeting you": its target if a LAWYER holding one (the
    Objection "overrules OFFICER's ABILITY"), and the other LAWYERs of ``lawyers``."""
    offer = state.pending
    if offer is None:
        return []
    target = state.players[offer.target]
    own = [offer.target] if target.career == "LAWYER" and target.hand else []
    return [*own, *lawyers(state)]


def to_act(state: State) -> list[str]:
    """Who must act now: the active player, a FAVOUR's target (and a LAWYER), a player resolving
    an IMMEDIATE EVENT or owing COIN, or the table."""
    if state.phase == "over":
        return []
    if state.owed:
        return [state.owed[0].player]
    if state.phase in ("cards", "setup", "refill") or state.refilling:
        if state.phase == "setup" and not careers_wanted(state) and choosing(state):
            return choosing(state)
        if state.resolving and not table_owes(state):
            return [state.resolving[0]]
        return ["table"]
    if state.pending is not None:
        return [state.pending.target, *lawyers(state)]
    return [state.active]


def faces_complete(state: State) -> bool:
    """Every ACTIVITY and GOAL face is known: virtual decks can be dealt."""
    return (
        len(state.activity_faces) == data.ACTIVITY_NAMES
        and all(face.complete for face in state.activity_faces.values())
        and len(state.goal_faces) == data.GOAL_TOTAL
        and all(face.complete for face in state.goal_faces.values())
    )


def unseen_favours(state: State, kind: str) -> int:
    """FAVOUR of ``kind`` whose place the referee does not know (deck or unseen hand cards)."""
    known = state.favour_discard.count(kind) + state.favour_deck.count(kind)
    known += sum(player.hand.count(kind) + player.played.count(kind) for player in state.players.values())
    known += state.favours_removed.count(kind)
    if state.pending is not None and (state.pending.card or state.pending.kind) == kind:
        known += 1
    copies = 1 if mode_of(state).favours == "blue" else data.FAVOUR_COPIES
    return copies - known


def holds_favour(state: State, player: Player, kind: str) -> bool:
    """The player holds a ``kind``: a known card, or an unseen one that may be it."""
    if kind in player.hand:
        return True
    return UNKNOWN in player.hand and unseen_favours(state, kind) > 0


def achieved_by(state: State, goal: str) -> str | None:
    for player in state.players.values():
        if goal in player.achieved:
            return player.name
    return None


def goal_met(state: State, player: Player, face: GoalFace) -> bool:
    """LOOP 2.3 and 3.2: the kept ACTIVITY meet the GOAL."""
    if face.special == "HOBBY":
        names = [k.name for k in player.kept]
        return len(set(names)) < len(names)
    if face.special == "CURIOSITY":
        used = {t for k in player.kept for t in k.types}
        return used >= set(data.MATERIALS)
    props = Counter(p for k in player.kept for p in state.activity_faces[k.name].props or ())
    return not Counter(face.needs or ()) - props


def spend_cards(state: State, me: str) -> list[tuple[str, Mat, frozenset[str]]]:
    """Every card the player may spend in a CONSUME now, one entry per card: their own, and
    SHAREd cards (as many of an owner's identical cards as there are grants on them), each with
    the colours it may pay for (MICRO-PLASTIC: FOOD as PLASTIC; a forged card: its forged one)."""
    held = {name: list(player.materials) for name, player in state.players.items()}
    held[AREA] = list(state.exhibited)
    cards = [(me, mat) for mat in held[me]]
    grants = Counter((g.owner, g.material) for g in state.shares)
    for (owner, mat), n in sorted(grants.items()):
        cards += [(owner, mat)] * min(n, held[owner].count(mat))
    micro = in_effect(state, "MICRO PLASTIC")
    forge = state.forge
    forged = False
    found = []
    for owner, mat in cards:
        colours = frozenset({"plastic" if micro and mat[0] == "food" else mat[0]})
        if mat[0] == UNKNOWN:  # a starting MATERIAL only a lost seed told: it may be any
            colours = frozenset(data.MATERIALS)
        if forge is not None and not forged and (owner, mat) == (forge.owner, forge.mat):
            colours, forged = frozenset({forge.as_type}), True
        found.append((owner, mat, colours))
    return found


def consume_possible(state: State, player: Player) -> bool:
    """Some ACTIVITY in the CONSUME AREA can be paid for now (LOOP 2.2 c, 3.1 SHARE), within the
    turn's limit (ECONOMIC SLOWDOWN: 1) and with VULGARIAN's 4 COIN."""
    limit = 1 if in_effect(state, "ECONOMIC SLOWDOWN") else data.MAX_PER_TURN
    if state.consumed >= limit:
        return False
    if in_effect(state, "VULGARIAN") and player.coin < 4:
        return False
    cards = spend_cards(state, player.name)  # MICRO-PLASTIC: no card pays for FOOD then
    for name in set(state.consume_area):
        needs = state.activity_faces[name].needs or ()
        if len(needs) != 2:
            continue
        first, second = needs
        for i, (_, _, paints) in enumerate(cards):
            if first in paints and any(second in other for j, (_, _, other) in enumerate(cards) if j != i):
                return True
    return False


def may_end(state: State, player: Player) -> bool:
    """The player may end the turn (LOOP 2.7: after WORK, BUY or CONSUME). A GOAL achieved
    before any CONSUME made it a CONSUME turn (2.3), so 1 ACTIVITY is owed first, unless no
    CONSUME is possible any more (MATERIAL given away since): never a dead end."""
    if state.main == "consume" and not state.consumed:
        return not consume_possible(state, player)
    return bool(state.main)


def unpaid(player: Player) -> list[int]:
    """The player's CREDIT CARD with no COIN placed this turn (1 is the oldest)."""
    return [i + 1 for i, (_, now) in enumerate(player.credit) if now == 0]


def next_seat(state: State) -> tuple[str, int]:
    """The next player and round: turn goes to the left (LOOP 2.7)."""
    nxt = (state.turn + 1) % len(state.seats)
    return state.seats[nxt], state.round + (1 if nxt == 0 else 0)


def starting_text(players: Sequence[str]) -> str:
    """The one command that reveals every starting MATERIAL still owed, in the players' order
    (a player owed several, in Careers, is named once per card unless they are the only one)."""
    to = players if len(set(players)) > 1 else players[:1]
    return f"reveal material {' '.join(['TYPE'] * len(players))} --to {','.join(to)}"


def awaited_text(state: State) -> str:
    """What the table must reveal now, in the command grammar."""
    wants = []
    for player in careers_wanted(state):
        wants.append(f"reveal career {player} CAREER CAREER")
    if exhibited_wanted(state):
        wants.append("reveal exhibited TYPE@QUALITY (x5)")
    if state.awaiting_start:
        wants.append(starting_text(state.awaiting_start))
    shown = "TYPE@QUALITY" if mode_of(state).favours == "blue" else "TYPE"
    if material_wanted(state):
        wants.append(f"reveal material {shown} (x{material_wanted(state)})")
    if activity_wanted(state):
        wants.append(f"reveal activity NAME [NAME ...] (x{activity_wanted(state)})")
    if burn_wanted(state):
        wants.append(f"reveal material TYPE (x{burn_wanted(state)}, burnt)")
    if state.removing and not state.owed:
        wants.append(f"reveal material TYPE (x{min(state.removing, len(state.material_deck))}, removed)")
    if flip_wanted(state):
        wants.append(f"reveal event NAME (x{flip_wanted(state)}, {state.flipper}'s, all at once)")
    return "; ".join(wants)


# ---------------------------------------------------------------------------- decide


class Flow(Protocol):
    """What a section asks of the turn's flow (``rules.end`` is one), as the sections call it
    (no defaults: a mutation run would give these bodiless methods mutants of their own)."""

    def _proceed(self, out: _Out) -> None: ...
    def _end_turn(self, out: _Out, player: str, automatic: bool) -> None: ...
    def draw_favour(self, out: _Out, player: str) -> None: ...
    def depletion(self, out: _Out, player: str, cause: str) -> None: ...


class _Out(Facts[State, Event]):
    """The facts of one LOOP move (``ledger.decider.Facts``), and the flow its sections ask for
    what comes next.

    Outside Basic Mode each fact is followed by what it sets off wherever it comes from: an
    EVENT drawn per HAPPINESS zone crossed (5.3), LANDFILL TAX on every card sent to its owner's
    LANDFILL (9.0), and BUY MORE EARN MORE and MAKE IT RAIN on COIN spent (9.0)."""

    def __init__(self, state: State, flow: Flow) -> None:
        super().__init__(state, evolve)
        self.flow = flow

    def add(self, event: Event) -> None:
        before = self.state
        super().add(event)
        after = self.state
        if after.mode == "basic" or after.phase == "over" or isinstance(event, CareerChosen):
            return
        for name in after.seats:
            old, new = before.players[name], after.players[name]
            if mode_of(after).events and old.happiness != new.happiness:
                for _ in range(abs(zone(after, new.happiness) - zone(after, old.happiness))):
                    draw_event(self, name)
            sent = len(new.landfill) - len(old.landfill)
            if sent > 0 and in_effect(after, "LANDFILL TAX"):
                charge(self, name, sent, "", "LANDFILL TAX")
        if after.spent > before.spent and after.phase == "turn":
            _spending(self, before.spent, after.spent)


def draw_event(out: _Out, player: str) -> None:
    """5.3: an EVENT drawn face down next to the CAREER. An empty deck is refilled from the
    discard pile, less the CONTINUOUS EVENT in effect or about to be; with nothing, no draw."""
    state = out.state
    if not state.event_deck:
        back = shuffles.events_back(state)
        if not back:
            return
        if state.virtual:
            out.add(EventsReshuffled(() if state.sealed else shuffles.events(state)))
        else:
            out.add(EventsReshuffled((UNKNOWN,) * len(back)))
    out.add(EventDrawn(player, out.state.event_deck[0]))


def charge(out: _Out, player: str, coin: int, to: str, why: str) -> None:
    """COIN a player must pay now: paid, or owed until they APPLY for a CREDIT CARD (5.4: "You
    must APPLY for a CREDIT CARD when you have no COIN to pay for an IMMEDIATE EVENT")."""
    if out.state.players[player].coin >= coin:
        out.add(Paid(player, coin, why, to))
    else:
        out.add(Owing(Owed(player, coin, to, why)))


def _spending(out: _Out, before: int, after: int) -> None:
    """9.0 BUY MORE EARN MORE and MAKE IT RAIN, on the COIN the active player spent this turn."""
    state = out.state
    player = state.active
    if in_effect(state, "BUY MORE EARN MORE"):
        back = after // 3 - before // 3
        if back:
            out.add(Changed(player, "BUY MORE EARN MORE", coin=back))
    if in_effect(state, "MAKE IT RAIN") and after >= 4 and "MAKE IT RAIN" not in state.used:
        out.add(AbilityUsed(player, "MAKE IT RAIN"))
        gained = _gain(state.players[player], 1)
        if gained:
            out.add(Changed(player, "MAKE IT RAIN", happiness=gained))
            _after_happiness(out, player)


def _salesman(out: _Out, offer: Offer) -> None:
    """SALESMAN: "Whenever you ACCEPT an ACQUIRE or RESELL, or when others ACCEPT your played
    ACQUIRE or RESELL, you gain 1 COIN" (where nothing is ACCEPTed, when it takes effect)."""
    if offer.kind not in ("acquire", "resell"):
        return
    for name in (offer.player, offer.target):
        if name and career_of(out.state.players[name]) == "SALESMAN":
            out.add(Changed(name, "Salesman", coin=1))


def _after_happiness(out: _Out, player: str) -> None:
    """LOOP 2.8 b): reaching HAPPINESS 12 starts the final round."""
    if out.state.players[player].happiness >= data.MAX_HAPPINESS and not out.state.final_round:
        out.add(FinalRound("happiness", player))


def _lose(player: Player, amount: int) -> int:
    """HAPPINESS lost, down to 0 at most (the track starts at 0)."""
    return min(player.happiness, amount)


def _gain(player: Player, amount: int) -> int:
    return min(data.MAX_HAPPINESS, player.happiness + amount) - player.happiness
