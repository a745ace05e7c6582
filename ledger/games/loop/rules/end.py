"""LOOP 2.2 Start Turn (the FAVOUR draw), 2.7 End Turn and 2.8 End Game; in the other modes the
turn end's steps after the refills: the burning (6.2, 7.0) and the face-down EVENT (5.3).

A turn ends in this order (``modes`` gives the reasons): the forge ends (evolve); the
DEPLETION Penalty if this turn's refill takes the last MATERIAL; the end-of-turn CONTINUOUS
EVENT checks; the game ends here after the last turn of the final round; the refills; the
burning; the player's face-down EVENT flip and resolve (``events``); the next turn starts.
"""

from __future__ import annotations

from ledger.errors import IllegalMove
from ledger.games.loop import data, shuffles
from ledger.games.loop.model import (
    UNKNOWN,
    ActivitiesReshuffled,
    ActivityRevealed,
    Changed,
    Depleted,
    End,
    EventsFlipped,
    FavourDrawn,
    FavoursReshuffled,
    FinalRound,
    GameEnded,
    MaterialBurned,
    MaterialRevealed,
    State,
    Step,
    TurnEnded,
    TurnStarted,
)
from ledger.games.loop.rules.checks import _active, _known_player
from ledger.games.loop.rules.core import (
    R_CREDIT,
    R_END_TURN,
    REFEREE,
    _after_happiness,
    _gain,
    _lose,
    _Out,
    activity_wanted,
    career_of,
    choosing,
    in_effect,
    material_wanted,
    may_end,
    mode_of,
    next_seat,
    r_event,
    table_owes,
    unpaid,
)
from ledger.games.loop.rules.events import resolve_events


def draw_favour(out: _Out, player: str) -> None:
    """A FAVOUR from the deck; an empty deck is refilled from the discard pile (2.2)."""
    state = out.state
    if not state.favour_deck and state.favour_discard:
        if state.virtual:
            order = () if state.sealed else shuffles.favours(state)
        else:
            order = (UNKNOWN,) * len(state.favour_discard)
        out.add(FavoursReshuffled(order))
    if out.state.favour_deck:
        out.add(FavourDrawn(player, out.state.favour_deck[0]))


def _start_turn(out: _Out, player: str, round_: int) -> None:
    """LOOP 2.2 Start Turn: draw 1 FAVOUR if fewer than 5 in hand (reshuffle if needed); WAITRESS
    draws 2 (8.0); none in Cooperative and Solo Mode (6.2, 7.0)."""
    out.add(TurnStarted(player, round_))
    state = out.state
    if not mode_of(state).draw or len(state.players[player].hand) >= data.HAND_DRAW_LIMIT:
        return
    for _ in range(2 if career_of(state.players[player]) == "WAITRESS" else 1):
        draw_favour(out, player)


def depletion(out: _Out, player: str, cause: str = "") -> None:
    """LOOP 2.8 a): DEPLETION occurs (once a game); its penalty, 1 HAPPINESS, falls on whoever's
    refill took the last card, or the triggerer of the OVERPRODUCTION that did; a burn has none
    (6.2, 7.0). It starts the final round."""
    if out.state.depleted:
        return
    lost = 0 if cause == "burn" else _lose(out.state.players[player], 1)
    out.add(Depleted(player, lost, cause))
    if not out.state.final_round:
        out.add(FinalRound("depletion", player))


def refill_now(out: _Out) -> None:
    """SKINNER BOX (9.0): "Refill empty MATERIAL and ACTIVITY slot immediately", after each move
    of the active player, and from rules version 6 on after any move that leaves a turn with an
    empty slot, such as the last answer to an IMMEDIATE EVENT between turns (the table reveals
    first; ``rules.decide`` calls it)."""
    state = out.state
    if state.phase != "turn" or not in_effect(state, "SKINNER BOX") or state.refilling:
        return
    if (len(state.buy_area) < data.SLOTS and state.material_deck) or (
        len(state.consume_area) < data.SLOTS
        and (state.activity_deck or state.activity_unseen or state.activity_discard)
    ):
        if 0 < len(state.material_deck) <= data.SLOTS - len(state.buy_area):
            depletion(out, state.active, "skinner box")
        out.add(Step("skinner"))
        _proceed(out)


def known_material(state: State) -> bool:
    """A real table's MATERIAL refill with one card it can be: every card left of one type."""
    return (
        state.known_refill
        and not state.virtual
        and mode_of(state).favours != "blue"
        and bool(material_wanted(state))
        and len(set(state.material_deck)) == 1
    )


def _proceed(out: _Out) -> None:
    """After a reveal, a move or an end of turn: deal what the referee deals, then go on to the
    next step of the turn end, or start the turn."""
    while True:
        state = out.state
        if state.phase not in ("setup", "refill") and not state.refilling:
            return
        if state.owed:
            return  # a player APPLYs for a CREDIT CARD first (5.4)
        empty = data.SLOTS - len(state.consume_area)
        if empty and not state.activity_deck and not state.activity_unseen and state.activity_discard:
            # LOOP 2.7: "If ACTIVITY deck is empty, shuffle and refill from the Discard Pile."
            if state.virtual:
                order = () if state.sealed else shuffles.activities(state)
            else:
                order = tuple(sorted(state.activity_discard))
            out.add(ActivitiesReshuffled(order))
            continue
        if state.virtual and state.awaiting_start and state.mode != "basic":
            who = state.awaiting_start[0]
            career = data.CAREER[career_of(state.players[who])]
            given = len(career.materials) - state.awaiting_start.count(who)
            out.add(MaterialRevealed(state.material_deck[0], who, career.materials[given]))
            continue
        if state.virtual and material_wanted(state):
            generator = shuffles.deck_rng(state, f"exhibit {len(state.material_deck)}")
            shown = generator.randint(1, data.MAX_QUALITY)
            quality = shown if mode_of(state).favours == "blue" else 0
            out.add(MaterialRevealed(state.material_deck[0], quality=quality))
            continue
        if state.virtual and activity_wanted(state):
            out.add(ActivityRevealed(state.activity_deck[0]))
            continue
        if known_material(state):
            # LOOP 2.7 at a real table: the deck holds one type only, so the card flipped is
            # known: the referee records it (Solo's Exhibited QUALITY is still typed).
            out.add(MaterialRevealed(state.material_deck[0], by=REFEREE if state.marks_flips else ""))
            continue
        if table_owes(state) and not state.virtual:
            return  # the table reveals the rest
        if state.phase == "setup":
            if state.awaiting_start or choosing(state) or table_owes(state):
                return
            _start_turn(out, state.seats[0], 1)
            return
        if state.refilling:
            out.add(Step("skinner-done"))
            return
        if not _turn_end_steps(out):
            return


def _turn_end_steps(out: _Out) -> bool:
    """One step of the turn end after the refills; False when it waits for someone, or the next
    turn has started."""
    state = out.state
    mode = mode_of(state)
    if not mode.events and not mode.burn:
        _start_turn(out, *next_seat(state))  # Basic Mode: straight on (2.7)
        return False
    ending = state.ending or "refill"
    player = state.seats[state.turn]
    if ending == "refill":
        out.add(Step("burn" if state.burn_owed and state.material_deck else "flip"))
        return True
    if ending == "burn":
        if state.burn_owed and state.material_deck:
            if not state.virtual:
                return False  # the table flips the burnt card
            out.add(MaterialBurned(state.material_deck[0]))
            return True
        if not state.material_deck:
            depletion(out, player, "burn")  # 6.2, 7.0: "the DEPLETION Penalty does not apply"
        if out.state.final_round and player == state.seats[-1]:
            out.add(GameEnded())  # the round is complete: no EVENT flips after it (2.8)
            return False
        out.add(Step("flip"))
        return True
    if ending == "flip":
        flipper = state.flipper
        if flipper and state.players[flipper].events:
            if not state.virtual:
                return False  # the table types them (``reveal event``)
            out.add(EventsFlipped(flipper, state.players[flipper].events))
            return True
        out.add(Step("events"))
        return True
    if resolve_events(out):
        return True
    if out.state.triggered or out.state.current:
        return False
    _start_turn(out, *next_seat(out.state))
    return False


def _turn_end_checks(out: _Out, player: str, target: str) -> None:
    """The CONTINUOUS EVENT checked at the turn end (9.0): A DIAMOND IS FOR BUSINESS, COLLECTOR,
    HYPEBEAST; once each, on the printed MATERIAL (the forge has ended)."""
    state = out.state
    me = state.players[player]
    held = {kind for kind, _ in me.materials}
    if in_effect(state, "A DIAMOND IS FOR BUSINESS") and "metal" not in held:
        lost = _lose(me, 1)
        if lost:
            out.add(Changed(player, "A DIAMOND IS FOR BUSINESS", happiness=-lost))
    if in_effect(state, "COLLECTOR") and held >= set(data.MATERIALS):
        gained = _gain(me, 1)
        if gained:
            out.add(Changed(player, "COLLECTOR", happiness=gained))
            _after_happiness(out, player)
    # A turn that 2.2 a's WORK ends at once (no HAPPINESS to deduct) names no target: nothing
    # happens (reading, docs/loop.md).
    if in_effect(state, "HYPEBEAST") and target:
        other = out.state.players[target]
        if not {kind for kind, _ in other.materials} <= held:
            lost = _lose(out.state.players[player], 1)
            if lost:
                out.add(Changed(player, "HYPEBEAST", happiness=-lost))


def _end_turn(out: _Out, player: str, automatic: bool, target: str = "") -> None:
    """LOOP 2.7 End Turn, with 2.8's DEPLETION and the final round."""
    out.add(TurnEnded(player, automatic))
    state = out.state
    empty = data.SLOTS - len(state.buy_area)
    if 0 < state.materials_left <= empty and not state.depleted:
        # LOOP 2.8 a): this refill empties the MATERIAL deck: DEPLETION Penalty.
        out.add(Depleted(player, min(1, state.players[player].happiness)))
        if not out.state.final_round:
            out.add(FinalRound("depletion", player))
    if mode_of(state).events:
        _turn_end_checks(out, player, target)
    if out.state.final_round and player == state.seats[-1]:
        out.add(GameEnded())
        return
    _proceed(out)


def _end(out: _Out, command: End) -> None:
    state = out.state
    player = _active(state, command.player)
    if not state.main:
        raise IllegalMove(
            "you must WORK, BUY or CONSUME before you end your turn; passing is not allowed",
            rule=R_END_TURN,
            legal=f"work {player.name} | buy {player.name} ... | consume {player.name} ...",
        )
    if not may_end(state, player):
        raise IllegalMove(
            f"{player.name} achieved a GOAL, so this is a CONSUME turn: CONSUME before you end it",
            rule=R_END_TURN,
            legal=f"consume {player.name} ACTIVITY=MAT,MAT, then end {player.name}",
        )
    cards = unpaid(player)
    if cards:
        raise IllegalMove(
            f"{player.name} has not paid CREDIT CARD {', '.join(map(str, cards))} this turn: "
            "you must PAYOFF each and every one of your CREDIT CARD during your turn",
            rule=R_CREDIT,
            legal=f"payoff {player.name} 1 --card {cards[0]}"
            if player.coin
            else f"no COIN: APPLY for another CREDIT CARD to PAYOFF (apply {player.name} TYPE)",
        )
    target = command.target
    if in_effect(state, "HYPEBEAST"):
        if not target:
            raise IllegalMove(
                "choose a target player at your turn end",
                rule=r_event("HYPEBEAST"),
                legal=f"end {player.name} --target PLAYER",
            )
        if _known_player(state, target).name == player.name:
            raise IllegalMove("the target is another player", rule=r_event("HYPEBEAST"))
    elif target:
        raise IllegalMove("a target is named at the turn end under HYPEBEAST only", rule=r_event("HYPEBEAST"))
    _end_turn(out, player.name, automatic=False, target=target)
