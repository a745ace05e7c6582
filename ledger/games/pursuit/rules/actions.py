"""The Action Phase's moves: board actions (declared ones, and those that take a card: Get
Job, Start Relationship, Start a Project, Spend, Start Friendship, Make a Career Choice),
Card Actions (Advance a Project, Get a Promotion, Develop a Friendship, Dedicate Time to Your
Friend), the free actions (Refresh Cards, discarding a card), and the table's adjustments.
Engage in Community is in ``community``.
"""

from __future__ import annotations

from ledger import words
from ledger.errors import BadInput, IllegalMove
from ledger.games.pursuit import data, effects
from ledger.games.pursuit.faces import Card
from ledger.games.pursuit.model import (
    COUNTERS,
    Act,
    Adjust,
    CardAction,
    Discard,
    Discarded,
    Leveled,
    Placed,
    Refresh,
    Refreshed,
    SlotEmptied,
    State,
    StatusChanged,
    Take,
    Taken,
)
from ledger.games.pursuit.rules import core, setup
from ledger.games.pursuit.rules.core import Out
from ledger.games.pursuit.sections import (
    R_ACTION,
    R_BASE,
    R_BLACK_FRIDAY,
    R_ENGAGE,
    R_FRIENDS,
    R_PENALTY,
    R_PETS,
    R_PILES,
    R_REFRESH,
    R_SCHOOL,
    R_SETTINGS,
    R_SLOTS,
    R_STAND_ALONE,
)
from ledger.words import card_word

TOKEN_ONLY = (
    "the Community token can only be used to perform the Engage in Community Card Action, by placing it on "
    "the card instead of an Hourglass token"
)


def _start(state: State, name: str, token: bool, rule: str) -> None:
    core.turn_player(state, name, rule)
    if token:
        raise IllegalMove(TOKEN_ONLY, rule=R_ENGAGE, legal=f"engage {name} CARD --token")


def _hourglass_left(state: State, name: str, rule: str) -> None:
    """A board action places 1 hourglass on its space: refused when none is left, before the
    referee asks for a card face or an action it does not know (what is known comes first)."""
    player = state.players[name]
    if player.hourglasses < 1:
        raise IllegalMove(
            f"a board action places 1 hourglass on its space, and {name} has none left this round",
            rule=rule,
            legal=f"engage {name} CARD --token, or pass {name}" if player.token else f"pass {name}",
        )


def _closed(state: State, action: str) -> None:
    """Teen round: School's tile, or the Unavailable tokens (setting ``teen-closed``)."""
    if state.round == 0 and action in core.teen_closed(state):
        title = data.ACTION_NAMES.get(action, action)
        if "school" in state.modules:
            raise IllegalMove(f"the School tile covers {title} in the Teen round", rule=R_SCHOOL)
        raise IllegalMove(
            f"an Unavailable token covers {title} in the Teen round", rule=f"{R_BASE}: teen-closed"
        )


def act(out: Out, command: Act) -> None:
    """A board action the table declared: 1 hourglass on its space, its requirement, its reward;
    its face typed with it the first time (``action PLAYER NAME reward=...``), declared on the way."""
    setup.bring_out(out, command.face, (command.action,), "action", f"action {command.player}")
    state = out.state
    _start(state, command.player, command.token, R_ACTION)
    _hourglass_left(state, command.player, R_ACTION)
    if command.action in data.TAKES:
        raise BadInput(
            f"{data.ACTION_NAMES[command.action]} takes a card", legal=f"{command.action} PLAYER CARD"
        )
    face = state.faces.actions.get(command.action)
    if face is None:
        known = [
            *state.faces.actions,
            *data.ACTION_NAMES,
            *(n for p in data.PRESET_ACTIONS.values() for n in p),
        ]
        typed = f"action {command.player} {command.action} reward=REWARD"
        words.not_a_typo(command.action, known, "board action", typed)
        raise BadInput(
            f"the referee does not know what the board action {command.action} gives yet: "
            "type what the board shows with it",
            legal=f"{typed} [requirement=REQUIREMENT]; e.g. action {command.player} {command.action}"
            " reward=3knowledge",
        )
    _closed(state, face.name)
    what = f"the board action {face.name}"
    core.require(state, command.player, face.requirement, R_ACTION, what)
    core.afford(state, command.player, "", R_ACTION, what, extra=1)
    out.add(Placed(command.player, 1, face.name))
    core.gain(out, command.player, face.reward, face.name)
    out.flow.next_turn(out)


def _available(state: State, name: str, how: str) -> Card:
    """A card the board action ``how`` may take."""
    kinds = data.TAKES[how]
    face = core.card(state, name, kinds[0])
    title = data.ACTION_NAMES[how]
    if face.kind not in kinds:
        verbs = [verb for verb, taken in data.TAKES.items() if face.kind in taken]
        raise BadInput(
            f"{name} is a {face.kind}: {title} takes a {' or '.join(kinds)}", legal=" | ".join(verbs)
        )
    if how == "start-friendship":
        if name not in state.friends:
            listed = ", ".join(c for c in state.friends if c) or "none"
            raise IllegalMove(f"{name} is not on the Friends board", rule=R_FRIENDS, legal=f"on it: {listed}")
    elif how == "career":
        core.pile_holds(state, face, R_SCHOOL)
    else:
        core.pile_holds(state, face, R_PILES)
    return face


def take(out: Out, command: Take) -> None:
    """A board action that takes a card: its L1 requirement, its L1 cost (its hourglasses on
    the card), then its L1 reward."""
    state = out.state
    name = command.player
    how = command.how
    if how not in data.TAKES:
        raise BadInput(f"unknown board action {how!r}", legal=", ".join(data.TAKES))
    rule = {"career": R_SCHOOL, "start-friendship": R_FRIENDS}.get(how, R_ACTION)
    _start(state, name, command.token, rule)
    _hourglass_left(state, name, rule)
    _closed(state, how)
    if how == "career" and not (state.round == 0 and state.school):
        raise IllegalMove(
            "Make a Career Choice is available only during the Action Phase of the Teen round", rule=R_SCHOOL
        )
    if how == "start-friendship" and "friends" not in state.modules:
        raise IllegalMove("Friends is not played in this game", rule=R_FRIENDS)
    if not command.cards or len(set(command.cards)) != len(command.cards):
        raise BadInput(f"{data.ACTION_NAMES[how]} takes a card", legal=f"{how} {name} CARD")
    faces = [_available(state, card, how) for card in command.cards]
    if len(faces) > 1:
        _black_friday(state, name, how, faces)
    if command.harder and faces[0].kind != "stand-alone-job":
        raise IllegalMove("Work Harder is a Stand-Alone Job's option", rule=R_STAND_ALONE)
    if command.harder > data.WORK_HARDER:
        raise IllegalMove(
            "at the moment that you pay the Hiring Cost, you may additionally pay up to 2 times the "
            "Work Harder Cost",
            rule=R_STAND_ALONE,
        )
    core.room(state, name, [f.kind for f in faces], R_SCHOOL if how == "career" else R_SLOTS)
    hourglass = 1
    for face in faces:
        first = face.levels[0]
        what = f"{face.name}'s L1"
        core.require(out.state, name, first.requirement, rule, what)
        harder = " ".join([face.harder[0]] * command.harder)
        core.afford(out.state, name, f"{first.cost} {harder}", rule, what, extra=hourglass)
        if hourglass:
            out.add(Placed(name, 1, how))
            hourglass = 0
        out.add(Taken(name, face.name, how, 1))
        core.pay(out, name, first.cost, f"{face.name} L1", face.name)
        core.gain(out, name, first.reward, f"{face.name} L1")
        if command.harder:
            cost, reward = face.harder
            core.pay(
                out, name, cost, f"{face.name}: Work Harder x{command.harder}", face.name, command.harder
            )
            core.gain(out, name, reward, f"{face.name}: Work Harder x{command.harder}", command.harder)
        if face.kind in data.JOBS:
            _out_of_retirement(out, name, face.name)
    out.flow.next_turn(out)
    out.flow.proceed(out)


def _black_friday(state: State, name: str, how: str, faces: list[Card]) -> None:
    """FAQ: Black Friday: "After you Engage, if on the same round you perform the Spend Board
    Action and you opt to buy an Item, ... you may immediately buy another Item"."""
    if how != "spend":
        raise BadInput(f"{data.ACTION_NAMES[how]} takes one card")
    if not state.players[name].black_friday:
        raise IllegalMove(
            "a Spend buys one card, more Items only after Engaging in Black Friday", rule=R_BLACK_FRIDAY
        )
    for face in faces:
        if face.kind != "item":
            what = "Pets are not Items" if face.kind == "pet" else f"{face.name} is an Activity"
            raise IllegalMove(f"Black Friday buys Items one after another: {what}", rule=R_BLACK_FRIDAY)


def _out_of_retirement(out: Out, name: str, job: str) -> None:
    """School: "unless you decide to get another Job. In that case, you must Come Out of
    Retirement and the Career Job card will be discarded with no Penalty"."""
    for held in out.state.players[name].cards:
        if held.status == "retired" and held.name != job:
            out.add(
                Discarded(name, held.name, f"comes out of retirement: discarded with no penalty ({R_SCHOOL})")
            )


_VERBS = {
    "project": "advance",
    "educational-project": "advance",
    "partner": "advance",
    "item": "advance",
    "activity": "advance",
    "job": "promote",
    "friend": "develop",
}
_TITLES = {
    "advance": "Advance a Project",
    "promote": "Get a Promotion",
    "develop": "Develop a Friendship",
    "dedicate": "Dedicate Time to Your Friend",
}


def card_action(out: Out, command: CardAction) -> None:
    """A Card Action: the card's next level (its requirement, cost and reward), or Dedicate
    Time to Your Friend at L3. It places as many hourglasses on the card as the cost shows, at
    least 1 (*Reading*)."""
    state = out.state
    name = command.player
    _start(state, name, command.token, R_ACTION)
    player = state.players[name]
    held = core.held(player, command.card)
    if held is None:
        raise IllegalMove(f"{command.card} is not in {name}'s play area", rule=R_ACTION)
    face = state.faces.cards[held.name]
    kind = face.kind
    if kind == "pet":
        raise IllegalMove("you cannot perform any Card Actions on Pet cards", rule=R_PETS)
    if kind == "career-job":
        raise IllegalMove(
            "Career Jobs cannot be advanced to a different Level by using a Card Action", rule=R_SCHOOL
        )
    if kind == "stand-alone-job":
        raise IllegalMove(
            "Stand-Alone Jobs do not feature Levels; thus, they do not give you the option to Get a "
            "Promotion",
            rule=R_STAND_ALONE,
        )
    verb = _VERBS.get(kind)
    if command.how == "dedicate" and kind == "friend":
        verb = "dedicate"
    if verb != command.how:
        raise BadInput(
            f"{held.name} is a {kind}: {command.how} is not its Card Action",
            legal=f"{verb} {name} {card_word(held.name)}",
        )
    if held.status:
        raise IllegalMove(f"{held.name} is set aside as a {held.status.title()}", rule=R_SCHOOL)
    title = _TITLES[verb]
    rule = R_FRIENDS if kind == "friend" else R_ACTION
    if verb == "dedicate":
        if held.level < data.FRIEND_LEVELS:
            raise IllegalMove(
                f"Dedicate Time to Your Friend is for a Best Friend (L3); {held.name} is at L{held.level}",
                rule=R_FRIENDS,
                legal=f"develop {name} {card_word(held.name)}",
            )
        level, number = face.levels[-1], held.level
    else:
        if held.level >= len(face.levels):
            raise IllegalMove(f"{held.name} is at its final level (L{held.level})", rule=rule)
        level, number = face.levels[held.level], held.level + 1
    what = f"{title} {held.name} (L{number})"
    core.require(state, name, level.requirement, rule, what)
    extra = 0 if effects.hourglasses(level.cost) else 1
    core.afford(state, name, level.cost, rule, what, extra=extra)
    if verb != "dedicate":
        out.add(Leveled(name, held.name, number))
    if extra:
        out.add(Placed(name, extra, title, held.name))
    core.pay(out, name, level.cost, f"{held.name} L{number}", held.name)
    core.gain(out, name, level.reward, f"{held.name} L{number}" + (" again" if verb == "dedicate" else ""))
    if kind == "educational-project" and number == len(face.levels):
        # School: "a single Advance a Project Card Action is required for the card to be
        # considered completed; thereafter, you permanently unlock the card's ongoing Ability".
        out.add(StatusChanged(name, held.name, "degree"))
    out.flow.next_turn(out)


def refresh(out: Out, command: Refresh) -> None:
    """Refresh Cards, a free action in one's turn; never on the Community board."""
    state = out.state
    core.turn_player(state, command.player, R_REFRESH)
    row = command.row
    if row == "community":
        raise IllegalMove(
            "you cannot perform the Refresh Cards Free Action to discard and replenish the cards on the "
            "Community board",
            rule=R_ENGAGE,
        )
    if row == "friends":
        if "friends" not in state.modules or state.options.get(core.OPTION_FRIENDS_REFRESH) != "yes":
            raise IllegalMove(
                "the Friends board's cards change at each Preparation Phase "
                "(option friends-refresh=yes allows Refresh Cards on it)",
                rule=R_FRIENDS,
            )
    elif row not in data.BOARD_ROWS:
        raise BadInput(f"unknown row {row!r}", legal=" | ".join((*data.BOARD_ROWS, "friends")))
    cost = core.setting(state, "refresh")
    core.afford(state, command.player, cost, R_REFRESH, "Refresh Cards")
    core.pay(out, command.player, cost, "Refresh Cards")
    out.add(Refreshed(command.player, row))
    if row == "friends":
        for i, card in enumerate(out.state.friends):
            if card:
                out.add(SlotEmptied("friends", i, card, "Refresh Cards"))
        out.flow.proceed(out)


def discard(out: Out, command: Discard) -> None:
    """A free action in one's turn: a card from the play area, with the penalty (*Reading*:
    the base game's "Discarding a Card - Penalty", as the School text cites it)."""
    state = out.state
    player = core.turn_player(state, command.player, R_PENALTY)
    held = core.held(player, command.card)
    if held is None or held.status:
        raise IllegalMove(f"{command.card} is not a card in {player.name}'s play area", rule=R_PENALTY)
    out.add(Discarded(player.name, held.name, f"discarded by {player.name}"))
    core.penalty(out, player.name, held.name)


ADJUSTABLE = {**{c: c for c in COUNTERS if c != "owned"}, "hourglass": "owned"}


def adjust(out: Out, command: Adjust) -> None:
    """What the base game does that the referee does not model, recorded with its reason."""
    state = out.state
    player = core.player_of(state, command.player)
    if state.phase == "settings":
        raise IllegalMove("adjustments are for the game, once its settings are declared", rule=R_SETTINGS)
    if not command.why.strip():
        raise BadInput("say why (--why TEXT)", legal="adjust PLAYER +2knowledge --why 'Child Trait NERD'")
    changes: dict[str, int] = {}
    for word in command.changes:
        sign, body = word[:1], word[1:]
        digits = "".join(ch for ch in body if ch.isdigit())
        symbol = body[len(digits) :]
        if sign not in "+-" or not digits or symbol not in ADJUSTABLE:
            raise BadInput(f"cannot read {word!r}", legal="+2knowledge -1stress +1lth +1hourglass")
        key = ADJUSTABLE[symbol]
        changes[key] = changes.get(key, 0) + int(digits) * (1 if sign == "+" else -1)
    for resource in data.RESOURCES:
        if getattr(player, resource) + changes.get(resource, 0) < 0:
            raise IllegalMove(f"{player.name} has {getattr(player, resource)} {resource}", rule=R_BASE)
    core.change(out, player.name, f"table: {command.why.strip()}", changes, "table")
