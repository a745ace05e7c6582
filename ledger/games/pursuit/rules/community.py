"""Community: the Community board at each Preparation, Engage in Community, the Outcomes at
the Resolution, the Popularity track; the named cards Black Friday and Blind Date.
"""

from __future__ import annotations

from ledger.errors import AmbiguousMove, BadInput, IllegalMove, NotYourTurn
from ledger.games.pursuit import effects
from ledger.games.pursuit.faces import Community, Level
from ledger.games.pursuit.model import (
    Changed,
    Engage,
    Engaged,
    Outcome,
    Resolved,
    Slid,
    SlotEmptied,
    State,
    Taken,
)
from ledger.games.pursuit.rules import core
from ledger.games.pursuit.rules.core import Out
from ledger.games.pursuit.sections import (
    R_BLIND_DATE,
    R_CARDS,
    R_ENGAGE,
    R_OUTCOME,
)
from ledger.words import card_word

# ---------------------------------------------------------------------------- the board


def prepare(out: Out) -> None:
    """From the 2nd Adult round: "discard the card on the 5th slot of the Community board (if
    any), slide any remaining cards to the right" (the draws that fill the empty slots follow)."""
    slots = out.state.community
    last = len(slots) - 1
    if slots[last].card:
        out.add(SlotEmptied("community", last, slots[last].card, "the card on the 5th slot is discarded"))
    cards = [slot.card for slot in out.state.community if slot.card]
    slid = ("",) * (len(slots) - len(cards)) + tuple(cards)
    if slid != tuple(slot.card for slot in out.state.community):
        out.add(Slid(slid))


def open_cards(state: State, name: str) -> list[int]:
    """The slots whose card ``name`` may still Engage in: not engaged in by them, and by
    nobody else unless it shows the Multiple Players indicator."""
    found = []
    for i, slot in enumerate(state.community):
        if not slot.card or any(g.player == name for g in slot.engaged):
            continue
        if slot.engaged and not state.faces.community[slot.card].multiple:
            continue
        found.append(i)
    return found


def slot_of(state: State, card: str) -> int:
    for i, slot in enumerate(state.community):
        if slot.card == card:
            return i
    on_board = ", ".join(s.card for s in state.community if s.card) or "none"
    raise IllegalMove(f"{card} is not on the Community board", rule=R_ENGAGE, legal=f"on it: {on_board}")


# ---------------------------------------------------------------------------- Engage


def engage(out: Out, command: Engage) -> None:
    """Engage in Community (Card Action)."""
    state = out.state
    player = core.turn_player(state, command.player, R_ENGAGE)
    if "community" not in state.modules:
        raise IllegalMove("Community is not played in this game", rule=R_ENGAGE)
    if state.round < 1:
        raise IllegalMove(
            "there are no Community cards in the Teen round: 5 come at the 1st Adult round's Preparation",
            rule=R_CARDS,
        )
    i = slot_of(state, command.card)
    slot = state.community[i]
    face = state.faces.community[slot.card]
    if any(g.player == player.name for g in slot.engaged):
        raise IllegalMove("each player can Engage only once in each Community card", rule=R_ENGAGE)
    if slot.engaged and not face.multiple:
        raise IllegalMove(
            f"{slot.engaged[0].player} engaged in {face.name} already: without the Multiple Players "
            "indicator only one player is allowed to Engage in it",
            rule=R_ENGAGE,
        )
    popularity = core.score(state, player.name)
    hourglass = player.engaged < popularity and player.hourglasses >= 1
    # Neither way typed: the one that is possible (asked below when both are).
    token = player.token if command.either else command.token
    if token:
        if not player.token:
            raise IllegalMove(f"{player.name}'s Community token is on another card this round", rule=R_ENGAGE)
    else:
        if player.engaged >= popularity:
            raise IllegalMove(
                f"you cannot use more Hourglass tokens than your current Popularity Score ({popularity}); "
                f"{player.name} used {player.engaged} this round",
                rule=R_ENGAGE,
                legal="the Community token (--token)" if player.token else None,
            )
        if player.hourglasses < 1:
            raise IllegalMove(f"{player.name} has no hourglass left", rule=R_ENGAGE)
    core.require(state, player.name, face.engage.requirement, R_ENGAGE, f"Engaging in {face.name}")
    core.afford(state, player.name, face.engage.cost, R_ENGAGE, f"Engaging in {face.name}")
    if command.either and player.token and hourglass:
        # what is known is checked first; then the choice the player has is asked for
        typed = f"engage {player.name} {card_word(face.name)}"
        raise AmbiguousMove(
            f"{player.name} may Engage in {face.name} with the Community token or an hourglass "
            f"(Popularity Score {popularity}, {player.engaged} used this round): say which",
            rule=R_ENGAGE,
            candidates=[f"{typed} --token", f"{typed} --hourglass"],
        )
    out.add(Engaged(player.name, i, slot.card, token))
    core.pay(out, player.name, face.engage.cost, f"Engage in {face.name}")
    core.gain(out, player.name, face.engage.reward, f"Engage in {face.name}")
    out.flow.next_turn(out)


# ---------------------------------------------------------------------------- Outcome


def _blind_date(state: State, name: str, partner: str) -> str:
    """FAQ: Blind Date: "You take one of the Partners on the Game board"."""
    if not partner:
        raise BadInput("Blind Date's Outcome 3 takes a Partner: name it", legal="--partner NAME")
    face = core.card(state, partner, "partner")
    if face.kind != "partner":
        raise IllegalMove(f"{partner} is a {face.kind}, not a Partner", rule=R_BLIND_DATE)
    core.pile_holds(state, face, R_BLIND_DATE)
    core.room(state, name, ["partner"], R_BLIND_DATE)
    return face.name


def takes_partner(face: Community, n: int) -> bool:
    return effects.has(face.outcomes[n - 1].reward, "partner", "reward")


def possible_outcomes(state: State, slot: int, name: str) -> list[int]:
    """The Outcomes the player can take now: requirement met, cost paid, a Partner to take."""
    face = state.faces.community[state.community[slot].card]
    found = []
    for n, level in enumerate(face.outcomes, 1):
        if core.unmet(state, name, level.requirement) or core.short(state, name, level.cost):
            continue
        if takes_partner(face, n) and not _partners(state, name):
            continue
        found.append(n)
    return found


def _partners(state: State, name: str) -> list[str]:
    """The Partners Blind Date could take (the base rows are not tracked: any in the pile)."""
    try:
        core.room(state, name, ["partner"], R_BLIND_DATE)
    except IllegalMove:
        return []
    return sorted(
        c.name
        for c in state.faces.cards.values()
        if c.kind == "partner" and core.in_game(state, c) and not core.gone(state, c.name)
    )


def resolving(state: State) -> tuple[int, str] | None:
    """The slot and the player whose Outcome comes next (Outcome: from the leftmost card)."""
    if state.phase != "resolution":
        return None
    for i, slot in enumerate(state.community):
        for engagement in slot.engaged:
            if engagement.player not in slot.resolved:
                return i, engagement.player
    return None


def outcome(out: Out, command: Outcome) -> None:
    state = out.state
    name = core.player_of(state, command.player).name
    found = resolving(state)
    if found is None:
        raise IllegalMove("Outcomes are chosen at the Resolution Phase", rule=R_OUTCOME)
    slot, who = found
    card = state.community[slot].card
    if who != name:
        raise NotYourTurn(f"{who} resolves {card} now", rule=R_OUTCOME, legal="from the leftmost card")
    if command.card != card:
        raise IllegalMove(
            f"{card} is resolved first: starting with the leftmost card and continuing to the right",
            rule=R_OUTCOME,
        )
    face = state.faces.community[card]
    if not 1 <= command.outcome <= len(face.outcomes):
        raise IllegalMove(f"{card} has Outcomes 1 to {len(face.outcomes)}", rule=R_OUTCOME)
    level: Level = face.outcomes[command.outcome - 1]
    partner = ""
    if takes_partner(face, command.outcome):
        partner = _blind_date(state, name, command.partner)
    elif command.partner:
        raise BadInput(f"only Blind Date's Outcome 3 takes a Partner, not {card}'s Outcome {command.outcome}")
    what = f"{card}'s Outcome {command.outcome}"
    # "you get to choose one of the Outcomes as normal, even if you no longer meet the Engage
    # Requirement": only the Outcome's own requirement is checked.
    core.require(state, name, level.requirement, R_OUTCOME, what)
    core.afford(state, name, level.cost, R_OUTCOME, what)
    out.add(Resolved(name, slot, card, command.outcome))
    core.pay(out, name, level.cost, f"{card}: Outcome {command.outcome}")
    core.gain(out, name, level.reward, f"{card}: Outcome {command.outcome}")
    if partner:
        # "placing a Level indicator on the Relationship Level. You ignore the Requirement and
        # you do not receive any Reward listed."
        out.add(Taken(name, partner, "blind-date", 1))
    discard_resolved(out)
    out.flow.resolve(out)


def discard_resolved(out: Out) -> None:
    """ "As soon as a Community card has been resolved by all the players that engaged in it,
    it is discarded."""
    for i, slot in enumerate(out.state.community):
        if slot.card and slot.engaged and len(slot.resolved) == len(slot.engaged):
            out.add(SlotEmptied("community", i, slot.card, "resolved by every player who engaged in it"))


# ---------------------------------------------------------------------------- Popularity


def popularity_lth(out: Out) -> None:
    """ "You gain LTH equal to your Popularity Score. This also applies even after your in-game
    life has come to an end, as long as there are other players still in the game.\""""
    state = out.state
    anyone = bool(core.living(state))
    for name in state.seats:
        popularity = core.score(state, name)
        if popularity and (state.players[name].alive or anyone):
            core.change(
                out,
                name,
                f"Popularity Score {popularity}",
                {"lth": popularity},
                "popularity",
            )


def popularity_decay(out: Out) -> None:
    """ "At the end of the Resolution Phase, move all Popularity Track indicators one space to
    the left" (never off the track)."""
    for name in out.state.seats:
        if out.state.players[name].popularity:
            out.add(Changed(name, "the end of the Resolution Phase", {"popularity": -1}))
