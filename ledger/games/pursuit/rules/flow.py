"""Rounds and phases: the Preparation (the modules' steps, then the round's hourglasses),
the Upkeep, the Action Phase's turns, the Resolution (Community: Outcome, Popularity Track),
the end of the game.

``proceed`` does what follows by itself and stops where someone must act: the table reveals
a card, a player keeps a Child Trait, pays upkeep, takes a turn or chooses an Outcome.
"""

from __future__ import annotations

from ledger.errors import BadInput, IllegalMove, NotYourTurn
from ledger.games.pursuit import data, effects
from ledger.games.pursuit.model import (
    Discarded,
    GameEnded,
    Held,
    Hourglasses,
    Leveled,
    Pass,
    Passed,
    PhaseStarted,
    Resolved,
    Returned,
    RoundStarted,
    SchoolLeft,
    SlotEmptied,
    State,
    StatusChanged,
    TurnStarted,
    Upkeep,
    UpkeepAll,
    UpkeepPaid,
)
from ledger.games.pursuit.rules import community, core
from ledger.games.pursuit.rules.core import Out
from ledger.games.pursuit.rules.setup import draw_one, known_card
from ledger.games.pursuit.sections import (
    R_ACTION,
    R_FRIENDS,
    R_PETS,
    R_SCHOOL,
    R_STAND_ALONE,
    R_UPKEEP,
)

REFEREE = "referee"  # SlotFilled.by, Drawn.by: flipped by the referee itself, the card being known

# ---------------------------------------------------------------------------- what is awaited


def traits_owed(state: State) -> list[str]:
    kept = int(core.setting(state, "child-traits"))
    return [name for name in state.seats if len(state.players[name].traits) < kept]


def awaited(state: State) -> list[str]:
    """What the table must type now, in the grammar."""
    if state.phase == "setup":
        return core.setup_reveals(state)
    wanted = []
    for board in ("community", "friends"):  # the Community board's only at a Preparation
        n = len(core.empty_slots(state, board))
        if n:
            wanted.append(f"reveal {board} CARD (x{n})")
    return wanted


def to_act(state: State) -> list[str]:
    phase = state.phase
    if phase in ("settings", "preparation"):
        return ["table"]
    if phase == "setup":
        return ["table"] if core.setup_reveals(state) else traits_owed(state)
    if phase == "upkeep":
        return list(state.owed)
    if phase == "action":
        # A refill the table owes (Start Friendship's new Friend card) never holds the turn up:
        # the player acts on while the table flips it (issue 41).
        return [state.active, "table"] if awaited(state) else [state.active]
    found = community.resolving(state)  # the Resolution's next player; nobody once the game is over
    return [found[1]] if found else []


# ---------------------------------------------------------------------------- proceed


def proceed(out: Out) -> None:
    """Everything that follows by itself, up to where someone must act."""
    state = out.state
    if state.phase == "setup":
        fill(out)
        if not core.setup_reveals(out.state) and not traits_owed(out.state):
            start_round(out, 0)
    elif state.phase == "preparation":
        fill(out)
        if not awaited(out.state):
            prepared(out)
    elif state.phase == "action":
        fill(out)


def fill(out: Out) -> None:
    """A virtual game draws its own cards onto the empty slots; at a real table (rules 2 on)
    the referee flips a card that is known, as its own recorded fact (``SlotFilled.by``)."""
    for board in ("community", "friends"):
        while core.empty_slots(out.state, board):
            if out.state.virtual:
                draw_one(out, board, None)
                continue
            known = known_card(out.state, board) if out.state.marks_flips else None
            if known is None:
                break
            draw_one(out, board, known, REFEREE)


def start_round(out: Out, number: int) -> None:
    """The Preparation Phase: School leaves at the 1st Adult round; the Friends board is
    discarded and drawn again from the 1st; the Community board is drawn at the 1st, and from
    the 2nd its 5th card is discarded and the rest slide right."""
    out.add(RoundStarted(number))
    state = out.state
    if number == 1 and state.school:
        out.add(SchoolLeft())
    if number >= 1 and "friends" in state.modules:
        for i, card in enumerate(state.friends):
            if card:
                out.add(SlotEmptied("friends", i, card, "Preparation: all the cards remaining are discarded"))
    if number >= 2 and "community" in state.modules:
        community.prepare(out)
    proceed(out)


def hourglasses_for(state: State, name: str) -> int:
    """A player's hourglasses this round: their own, changed by their Stress section."""
    player = state.players[name]
    _, most = core.hourglass_limits(state)
    _, change = core.stress_section(state, player.stress)
    return max(0, min(most, player.owned + change))


def prepared(out: Out) -> None:
    """The Preparation's last step, then the Upkeep Phase: old-age Stress, Retirement rewards,
    and each player with upkeep to decide."""
    state = out.state
    for name in core.living(state):
        out.add(Hourglasses(name, hourglasses_for(state, name)))
    owed = tuple(name for name in core.living(out.state) if upkeep_cards(out.state, name))
    out.add(PhaseStarted("upkeep", owed))
    if state.round >= 1:
        stress = core.old_age(state)[state.round - 1]
        for name in core.living(out.state):
            core.change(out, name, f"Adult round {state.round}: old age", {"stress": stress})
    for name in core.living(out.state):
        for held in out.state.players[name].cards:
            if held.status == "retired":
                face = out.state.faces.cards[held.name]
                core.gain(out, name, face.retirement, f"{held.name}: Retirement ({R_SCHOOL})")
    if not core.living(out.state):
        end_game(out)
    elif not out.state.owed:
        start_action(out)


# ---------------------------------------------------------------------------- upkeep


def upkeep_cards(state: State, name: str) -> list[Held]:
    """The cards with upkeep to decide: a Career Job or a Pet not at its final level (it
    advances), a Stand-Alone Job, any card whose level shows an upkeep cost or income."""
    out = []
    for held in state.players[name].cards:
        if held.status:
            continue
        face = state.faces.cards[held.name]
        if face.kind in ("career-job", "pet"):
            if held.level < len(face.levels):
                out.append(held)
        elif face.kind == "stand-alone-job":
            out.append(held)
        else:
            level = face.levels[held.level - 1]
            if level.upkeep or level.income:
                out.append(held)
    return out


def _harder(command: Upkeep, cards: list[str]) -> dict[str, int]:
    times: dict[str, int] = {}
    for word in command.harder:
        name, _, n = word.rpartition(":")
        if name not in cards:
            raise IllegalMove(
                f"{name} is not a Stand-Alone Job of {command.player}'s with upkeep", rule=R_STAND_ALONE
            )
        if not n.isdigit():
            raise BadInput(f"Work Harder {word!r}: CARD:N", legal="--harder graphic-designer:2")
        if int(n) > data.WORK_HARDER:
            raise IllegalMove(
                "you may additionally pay up to 2 times the Work Harder Upkeep Cost", rule=R_STAND_ALONE
            )
        times[name] = int(n)
    return times


def upkeep(out: Out, command: Upkeep) -> None:
    state = out.state
    player = core.player_of(state, command.player)
    if state.phase != "upkeep":
        raise IllegalMove(f"it is the {state.phase} phase, not the Upkeep Phase", rule=R_UPKEEP)
    if player.name not in state.owed:
        raise NotYourTurn(
            f"{player.name} has no upkeep to pay now", rule=R_UPKEEP, legal=", ".join(state.owed)
        )
    cards = upkeep_cards(state, player.name)
    names = [h.name for h in cards]
    for name in command.drop:
        if name not in names:
            raise IllegalMove(f"{name} is not a card of {player.name}'s with upkeep now", rule=R_UPKEEP)
    stand_alone = [
        n for n in names if state.faces.cards[n].kind == "stand-alone-job" and n not in command.drop
    ]
    harder = _harder(command, stand_alone)
    for held in cards:
        if held.name in command.drop:
            drop(out, player.name, held.name)
        else:
            pay_upkeep(out, player.name, held, harder.get(held.name, 0))
    if out.state.players[player.name].alive:
        out.add(UpkeepPaid(player.name))
    if not out.state.owed and out.state.phase == "upkeep":
        if core.living(out.state):
            start_action(out)
        else:
            end_game(out)


def upkeep_all(out: Out, command: UpkeepAll) -> None:
    """The Upkeep Phase in one command: each player who owes upkeep pays all of it, in turn
    order; one who cannot (or would drop a card, or Work Harder) types theirs first."""
    state = out.state
    if state.phase != "upkeep":
        raise IllegalMove(f"it is the {state.phase} phase, not the Upkeep Phase", rule=R_UPKEEP)
    for name in state.owed:
        try:
            upkeep(out, Upkeep(name))
        except IllegalMove as error:
            raise IllegalMove(
                f"{name} cannot pay all of their upkeep: {error.message}",
                rule=error.rule,
                legal=f"{name} types theirs first ({error.legal}), then upkeep --all",
            ) from None


def drop(out: Out, name: str, card: str) -> None:
    """A card whose upkeep is not paid is discarded, with the penalty (School: a Career Job's
    "you must discard it and, as a result, you get 1 Stress and lose 1 STH"); *Reading*: a
    Friend, a Pet ("If you do not, the card must be discarded") and a Stand-Alone Job alike,
    none of whose texts names a penalty, take it too, or none with option unpaid-upkeep=free."""
    kind = out.state.faces.cards[card].kind
    free = kind != "career-job" and out.state.options.get(core.OPTION_UNPAID_UPKEEP) == "free"
    rule = {"pet": R_PETS, "friend": R_FRIENDS, "career-job": R_SCHOOL, "stand-alone-job": R_STAND_ALONE}
    out.add(Discarded(name, card, f"its upkeep is not paid ({rule.get(kind, R_UPKEEP)})"))
    if not free:
        core.penalty(out, name, card)


def pay_upkeep(out: Out, name: str, held: Held, harder: int) -> None:
    state = out.state
    face = state.faces.cards[held.name]
    level = face.levels[held.level - 1]
    what = f"{held.name}'s upkeep"
    hint = f"upkeep {name} --drop {held.name.lower().replace(' ', '-')}"
    if face.kind == "career-job":
        # School: "your Career Job automatically advances to the next Level: ... pay the
        # depicted Level Cost to gain the corresponding Level Reward".
        following = face.levels[held.level]
        _afford(state, name, following.cost, R_SCHOOL, f"{held.name}'s L{held.level + 1}", hint)
        out.add(Leveled(name, held.name, held.level + 1))
        core.pay(out, name, following.cost, f"{held.name} L{held.level + 1}", held.name)
        core.gain(out, name, following.reward, f"{held.name} L{held.level + 1}")
        if held.level + 1 == len(face.levels):
            out.add(StatusChanged(name, held.name, "retired"))
        return
    if face.kind == "pet":
        # Pets: "Pets advance to the next Level, provided that you pay the required Upkeep
        # Cost. If you do so, ... pay any Level Cost depicted, and gain the ... Level Reward."
        following = face.levels[held.level]
        both = f"{level.upkeep} {following.cost}"
        _afford(state, name, both, R_PETS, f"{what} and its L{held.level + 1}", hint)
        core.pay(out, name, level.upkeep, what, held.name)
        out.add(Leveled(name, held.name, held.level + 1))
        core.pay(out, name, following.cost, f"{held.name} L{held.level + 1}", held.name)
        core.gain(out, name, following.reward, f"{held.name} L{held.level + 1}")
        return
    rule = R_STAND_ALONE if face.kind == "stand-alone-job" else R_UPKEEP
    more = " ".join([face.harder_upkeep[0]] * harder)
    _afford(
        state,
        name,
        f"{level.upkeep} {more}",
        rule,
        what + (f" and Work Harder x{harder}" if harder else ""),
        hint,
    )
    core.pay(out, name, level.upkeep, what, held.name)
    core.gain(out, name, level.income, what)
    if harder:
        cost, reward = face.harder_upkeep
        core.pay(out, name, cost, f"{held.name}: Work Harder x{harder}", held.name, times=harder)
        core.gain(out, name, reward, f"{held.name}: Work Harder x{harder}", times=harder)


def _afford(state: State, name: str, cost: str, rule: str, what: str, hint: str) -> None:
    missing = core.short(state, name, cost)
    if missing:
        raise IllegalMove(
            f"{what} costs {effects.shown(cost)}: {missing}", rule=rule, legal=f"{hint} discards it"
        )


# ---------------------------------------------------------------------------- the Action Phase


def order_of(state: State) -> tuple[str, ...]:
    """This round's turn order (setting ``order``), the players whose life goes on."""
    how = core.setting(state, "order")
    seats = list(state.seats)
    if how == "rotate":
        shift = max(0, state.round) % len(seats)
        seats = seats[shift:] + seats[:shift]
    elif how == "sth":
        seats.sort(key=lambda name: -state.players[name].sth)
    return tuple(name for name in seats if state.players[name].alive)


def can_act(state: State, name: str) -> bool:
    """A player acts while they have an hourglass, or their Community token and a card it can
    Engage in; a pass is for the rest of the round."""
    player = state.players[name]
    if not player.alive or player.passed:
        return False
    return player.hourglasses > 0 or (player.token and bool(community.open_cards(state, name)))


def start_action(out: Out) -> None:
    order = order_of(out.state)
    out.add(PhaseStarted("action", order))
    for name in order:
        if can_act(out.state, name):
            out.add(TurnStarted(name))
            return
    start_resolution(out)


def next_turn(out: Out) -> None:
    """The next player in turn order who can act (the same one if nobody else can)."""
    state = out.state
    if state.phase != "action":
        return
    n = len(state.order)
    for step in range(1, n + 1):
        name = state.order[(state.turn + step) % n]
        if can_act(state, name):
            out.add(TurnStarted(name))
            return
    start_resolution(out)


def pass_turn(out: Out, command: Pass) -> None:
    core.turn_player(out.state, command.player, R_ACTION)
    out.add(Passed(command.player))
    next_turn(out)


# ---------------------------------------------------------------------------- the Resolution


def start_resolution(out: Out) -> None:
    out.add(PhaseStarted("resolution"))
    resolve(out)


def resolve(out: Out) -> None:
    """Outcome: from the leftmost card, each engaged player resolves it; a card is discarded
    once all its engaged players have; then Popularity LTH, the indicators one space left,
    every hourglass and token back, and the next round (or the end)."""
    while True:
        found = community.resolving(out.state)
        if found is None:
            break
        slot, name = found
        if not out.state.players[name].alive:
            out.add(Resolved(name, slot, out.state.community[slot].card, 0, "their life has ended"))
        elif not community.possible_outcomes(out.state, slot, name):
            out.add(Resolved(name, slot, out.state.community[slot].card, 0, "no Outcome they can take"))
        else:
            return
        community.discard_resolved(out)
    community.discard_resolved(out)
    end_round(out)


def end_round(out: Out) -> None:
    state = out.state
    last = state.round >= core.last_round(state)
    before = state.options.get(core.OPTION_GOALS_SCORED) == "before-decay"
    goals_first = last and before and "community" in state.modules
    if "community" in state.modules:
        community.popularity_lth(out)
        if goals_first:
            score_goals(out)
        community.popularity_decay(out)
    out.add(Returned())
    if last or not core.living(out.state):
        end_game(out, goals=not goals_first)
    else:
        start_round(out, state.round + 1)


def end_game(out: Out, goals: bool = True) -> None:
    """The end: each face-up Life Goal's LTH to every player who meets it (*Reading*; unless
    ``goals`` were scored already), then the most LTH wins (ties share; solo: the target)."""
    if out.state.phase == "over":
        return
    if goals:
        score_goals(out)
    out.add(GameEnded(winners(out.state)))


def score_goals(out: Out) -> None:
    """Each face-up Life Goal's LTH to every player who meets it (*Reading*: after the last
    round's Popularity decay, which comes "At the end of the Resolution Phase", so a Popularity
    requirement reads the score after it; option goals-scored=before-decay scores them first)."""
    state = out.state
    for goal in state.goals:
        face = state.faces.cards[goal]
        for name in state.seats:
            if not core.unmet(state, name, face.levels[0].requirement):
                core.gain(out, name, face.levels[0].reward, f"Life Goal {goal}", source="goals")


def solo_target(state: State) -> int:
    """Solo Game: with Community "you must now have +10 LTH when finishing the game"."""
    target = int(core.setting(state, "solo-target"))
    return target + (data.SOLO_EXTRA if "community" in state.modules else 0)


def winners(state: State) -> tuple[str, ...]:
    if len(state.seats) == 1:
        name = state.seats[0]
        return (name,) if state.players[name].lth >= solo_target(state) else ()
    best = max(p.lth for p in state.players.values())
    return tuple(name for name in state.seats if state.players[name].lth == best)
