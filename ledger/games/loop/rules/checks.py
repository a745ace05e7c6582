"""What a LOOP move is checked for before it adds a fact: that its player may move now
(``_active``: the table owes no reveal, no FAVOUR awaits an answer, no COIN is owed, it is
their turn), that the turn's one main action is still free (``_main_free``), and which card
it names (``resolve``). Each refusal cites the rule and says what would make the move legal.

Above ``core`` (its citations and queries), below the sections that check their moves here.
"""

from __future__ import annotations

from collections.abc import Sequence

from ledger.errors import AmbiguousMove, BadInput, IllegalMove, NotYourTurn
from ledger.games.loop import data
from ledger.games.loop.model import Mat, MatRef, Player, State
from ledger.games.loop.rules.core import (
    R_CREDIT,
    R_END_TURN,
    R_FAVOUR,
    R_GOAL,
    R_ORDER,
    R_SETUP,
    R_TURN,
    awaited_text,
    consume_possible,
    mat_text,
    mats_text,
    r_event,
    up,
)


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
    if state.owed:
        # 5.4: COIN owed (an IMMEDIATE EVENT, LANDFILL TAX) is paid first, with a CREDIT CARD
        owed = state.owed[0]
        raise NotYourTurn(
            f"{owed.player} owes {owed.coin} COIN ({owed.why}) and must APPLY for a CREDIT CARD first",
            rule=R_CREDIT,
            legal=f"apply {owed.player} TYPE",
        )
    if state.refilling:
        # SKINNER BOX: "Refill empty MATERIAL and ACTIVITY slot immediately": before the
        # player's next move, their turn end included (the refill's step would be lost there).
        raise NotYourTurn(
            f"the table must first refill the empty slots: {awaited_text(state)}",
            rule=r_event("SKINNER BOX"),
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
