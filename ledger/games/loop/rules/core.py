"""What every LOOP rule uses: the rule citations, the queries the rules and the views share, and
the scratch fold (``_Out``) a move builds its facts through."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from ledger.decider import Facts
from ledger.errors import AmbiguousMove, BadInput, IllegalMove, NotYourTurn
from ledger.games.loop import data
from ledger.games.loop.evolve import evolve
from ledger.games.loop.model import (
    UNKNOWN,
    Event,
    FinalRound,
    GoalFace,
    Mat,
    MatRef,
    Player,
    State,
)
from ledger.piles import rng

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


# The rules version of the first recorded games. Its logs still verify: a game recorded under
# it keeps its rules (``State.legacy``): one BUY move a turn, no ``rep-happiness`` move, a
# ``consume --rep-happiness`` that gains nothing is accepted, tie-break 4 counts every ACTIVITY
# completed, and a reveal names one card.
LEGACY = "basic-1"


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


def material_wanted(state: State) -> int:
    """BUY AREA slots the table must still fill from the deck (LOOP 2.7)."""
    if state.phase != "refill":
        return 0
    return min(data.SLOTS - len(state.buy_area), len(state.material_deck))


def activity_wanted(state: State) -> int:
    """CONSUME AREA slots the table must still fill from the deck (LOOP 1.0, 2.7)."""
    if state.phase not in ("setup", "refill"):
        return 0
    held = len(state.activity_deck) + state.activity_unseen
    return min(data.SLOTS - len(state.consume_area), held)


def to_act(state: State) -> list[str]:
    """Who must act now: the active player, a FAVOUR's target, or the table."""
    if state.phase == "over":
        return []
    if state.phase in ("cards", "setup", "refill"):
        return ["table"]
    if state.pending is not None:
        return [state.pending.target]
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
    known += sum(player.hand.count(kind) for player in state.players.values())
    if state.pending is not None and state.pending.kind == kind:
        known += 1
    return data.FAVOUR_COPIES - known


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


def goal_met(state: State, player: Player, goal: str, face: GoalFace) -> bool:
    """LOOP 2.3 and 3.2: the kept ACTIVITY meet the GOAL."""
    if face.special == "HOBBY":
        names = [k.name for k in player.kept]
        return len(set(names)) < len(names)
    if face.special == "CURIOSITY":
        used = {t for k in player.kept for t in k.types}
        return used >= set(data.MATERIALS)
    props = Counter(p for k in player.kept for p in state.activity_faces[k.name].props or ())
    return not Counter(face.needs or ()) - props


def spendable(state: State, me: str, kind: str) -> int:
    """Separate MATERIAL of ``kind`` the player may spend now: their own, and SHAREd cards
    (as many of an owner's identical cards as there are grants on them)."""
    count = sum(1 for t, _ in state.players[me].materials if t == kind)
    grants = Counter((g.owner, g.material) for g in state.shares if g.material[0] == kind)
    for (owner, mat), n in grants.items():
        count += min(n, state.players[owner].materials.count(mat))
    return count


def consume_possible(state: State, player: Player) -> bool:
    """Some ACTIVITY in the CONSUME AREA can be paid for now (LOOP 2.2 c, 3.1 SHARE)."""
    if state.consumed >= data.MAX_PER_TURN:
        return False
    for name in set(state.consume_area):
        needs = state.activity_faces[name].needs or ()
        if len(needs) != 2:
            continue
        first, second = needs
        if first == second:
            if spendable(state, player.name, first) >= 2:
                return True
        elif spendable(state, player.name, first) and spendable(state, player.name, second):
            return True
    return False


def may_end(state: State, player: Player) -> bool:
    """The player may end the turn (LOOP 2.7: after WORK, BUY or CONSUME). A GOAL achieved
    before any CONSUME made it a CONSUME turn (2.3), so 1 ACTIVITY is owed first, unless no
    CONSUME is possible any more (MATERIAL given away since): never a dead end."""
    if state.main == "consume" and not state.consumed:
        return not consume_possible(state, player)
    return bool(state.main)


def next_seat(state: State) -> tuple[str, int]:
    """The next player and round: turn goes to the left (LOOP 2.7)."""
    nxt = (state.turn + 1) % len(state.seats)
    return state.seats[nxt], state.round + (1 if nxt == 0 else 0)


def awaited_text(state: State) -> str:
    """What the table must reveal now, in the command grammar."""
    wants = []
    for player in state.awaiting_start:
        wants.append(f"reveal material TYPE --to {player}")
    if material_wanted(state):
        wants.append(f"reveal material TYPE (x{material_wanted(state)})")
    if activity_wanted(state):
        wants.append(f"reveal activity NAME (x{activity_wanted(state)})")
    return "; ".join(wants)


# ---------------------------------------------------------------------------- decide


class _Out(Facts[State, Event]):
    """The facts of one LOOP move (``ledger.decider.Facts``)."""

    def __init__(self, state: State) -> None:
        super().__init__(state, evolve)


def _rng(state: State, deck: str) -> random.Random:
    return rng(state.seed, deck, state.reshuffles)


def _known_player(state: State, name: str) -> Player:
    player = state.players.get(name)
    if player is None:
        raise BadInput(f"unknown player {name!r}", legal=", ".join(state.seats))
    return player


def _cards_needed(state: State) -> IllegalMove:
    acts = sum(face.complete for face in state.activity_faces.values())
    goals = sum(face.complete for face in state.goal_faces.values())
    return IllegalMove(
        f"virtual decks need every ACTIVITY and GOAL face: {acts} of {data.ACTIVITY_NAMES} "
        f"ACTIVITY and {goals} of {data.GOAL_TOTAL} GOAL are declared",
        rule=R_SETUP,
        legal="declare the rest (a --cards file), or play without a seed with real cards",
    )


def _active(state: State, name: str) -> Player:
    """The player, if it is their turn to play (and no FAVOUR awaits an answer)."""
    player = _known_player(state, name)
    if state.phase == "cards":
        raise _cards_needed(state)
    if state.phase in ("setup", "refill"):
        rule = R_SETUP if state.phase == "setup" else R_END_TURN
        raise NotYourTurn(f"the table must first reveal cards: {awaited_text(state)}", rule=rule)
    if state.pending is not None:
        offer = state.pending
        raise NotYourTurn(
            f"{offer.target} must first accept or reject {offer.player}'s {up(offer.kind)}",
            rule=R_FAVOUR,
            legal=f"accept {offer.target} | reject {offer.target} --discard|--rep",
        )
    if state.active != name:
        raise NotYourTurn(
            f"it is {state.active}'s turn, not {name}'s",
            rule=R_ORDER,
            legal=f"only {state.active} moves now; turn goes to the left after {state.active} ends",
        )
    return player


def _main_free(state: State, player: Player) -> None:
    """No WORK, BUY or CONSUME yet this turn (for WORK and BUY)."""
    if state.main == "consume" and not state.consumed:
        raise IllegalMove(
            f"{player.name} achieved a GOAL, which makes this a CONSUME turn; "
            "LOOP 2.2: 1 and only 1 of WORK, BUY or CONSUME per turn",
            rule=R_GOAL,
            legal=f"consume {player.name} ACTIVITY=MAT,MAT, then end {player.name}"
            if consume_possible(state, player)
            else f"play FAVOUR or end {player.name}",
        )
    if state.main:
        more = data.MAX_PER_TURN - state.bought if state.main == "buy" and not state.legacy else 0
        raise IllegalMove(
            f"{player.name} already did {up(state.main)} this turn",
            rule=R_TURN,
            legal="1 and only 1 of WORK, BUY or CONSUME per turn; now "
            + (f"BUY up to {more} more, " if more else "")
            + f"play FAVOUR or end {player.name}",
        )


def resolve(
    mats: Sequence[Mat],
    ref: MatRef,
    whose: str,
    rule: str,
    also: str = "",
    prefix: str = "",
    taken: Sequence[Mat] = (),
    taken_for: str = "",
) -> Mat:
    """The card ``ref`` names among ``mats``; AmbiguousMove if its QUALITY is needed. ``taken``
    are the owner's cards this move has already assigned (``taken_for``), named in the hint."""
    qualities = sorted({q for t, q in mats if t == ref.type})
    if not qualities:
        held = mats_text(mats)
        if taken:  # name the cards this move already took, not just "none"
            held = f"{held if mats else 'nothing else'}; {mats_text(taken)} taken for {taken_for}"
        raise IllegalMove(f"{whose} has no {up(ref.type)}{also}", rule=rule, legal=f"{whose} has {held}")
    if ref.quality is None:
        if len(qualities) > 1:
            raise AmbiguousMove(
                f"{whose} has {up(ref.type)} at QUALITY {', '.join(map(str, qualities))}; say which",
                candidates=[f"{prefix}{ref.type}@{q}" for q in qualities],
            )
        return (ref.type, qualities[0])
    if ref.quality not in qualities:
        same = sorted(m for m in mats if m[0] == ref.type)
        if prefix:  # SHAREs: one line per card, however many grants it has
            same = sorted(set(same))
        raise IllegalMove(
            f"{whose} has no {ref.type}@{ref.quality}{also}",
            rule=rule,
            legal=f"{whose} has {', '.join(prefix + mat_text(m) for m in same)}",
        )
    return (ref.type, ref.quality)


def _after_happiness(out: _Out, player: str) -> None:
    """LOOP 2.8 b): reaching HAPPINESS 12 starts the final round."""
    if out.state.players[player].happiness >= data.MAX_HAPPINESS and not out.state.final_round:
        out.add(FinalRound("happiness", player))


def _gain(player: Player, amount: int) -> int:
    return min(data.MAX_HAPPINESS, player.happiness + amount) - player.happiness
