"""The setup: the modules and options, the table's declarations (card faces, board actions,
settings), then Community's and KS Promos 4's setup steps and the base game's Life Goals and
Child Traits, as the table reveals and keeps them.
"""

from __future__ import annotations

import msgspec

from ledger.decider import Setup
from ledger.errors import BadInput, IllegalMove
from ledger.games.pursuit import data, faces
from ledger.games.pursuit.evolve import seeded_piles
from ledger.games.pursuit.faces import Card
from ledger.games.pursuit.model import (
    Began,
    Declare,
    Declared,
    DeclareSettings,
    Drawn,
    GoalsRevealed,
    Player,
    Reveal,
    Shuffled,
    SlotFilled,
    State,
    Trait,
    TraitKept,
)
from ledger.games.pursuit.rules import core
from ledger.games.pursuit.rules.core import Out
from ledger.games.pursuit.sections import (
    R_COMPONENTS,
    R_FIVE,
    R_FRIENDS,
    R_PILES,
    R_SETTINGS,
    R_SETUP,
    R_SOLO,
)
from ledger.piles import Pile, candidates, draw, face_brought_out
from ledger.words import unknown

OPTIONS = {
    core.OPTION_PRESET: ("none", *data.PRESETS),
    core.OPTION_UNPAID_UPKEEP: ("penalty", "free"),
    core.OPTION_GOALS_SCORED: ("after-decay", "before-decay"),
    core.OPTION_FRIENDS_REFRESH: ("no", "yes"),
}


def modules_of(value: str) -> tuple[str, ...]:
    """The modules an option value names, in the texts' order."""
    named = [part.strip().lower() for part in value.split(",") if part.strip()]
    for name in named:
        if name not in data.MODULES:
            raise BadInput(f"unknown module {name!r}", legal=", ".join(data.MODULES))
    return tuple(m for m in data.MODULES if m in named)


def initial(setup: Setup) -> State:
    """The table before its settings are declared: the players, the modules, the preset."""
    if setup.mode != "standard":
        raise BadInput(f"unknown Pursuit mode {setup.mode!r}", legal="standard")
    seats = tuple(setup.players)
    options = {core.OPTION_MODULES: "", **{name: values[0] for name, values in OPTIONS.items()}}
    for name, value in setup.options.items():
        if name == core.OPTION_MODULES:
            options[name] = ",".join(modules_of(value))
        elif name not in OPTIONS:
            raise BadInput(
                f"unknown Pursuit option {name!r}", legal=", ".join([core.OPTION_MODULES, *OPTIONS])
            )
        elif value not in OPTIONS[name]:
            raise BadInput(f"option {name} cannot be {value!r}", legal=" | ".join(OPTIONS[name]))
        else:
            options[name] = value
    modules = modules_of(options[core.OPTION_MODULES])
    low, high = data.PLAYERS
    if not low <= len(seats) <= high:
        raise BadInput(f"The Pursuit of Happiness is for 1 to 5 players, not {len(seats)}")
    if len(seats) > data.BASE_PLAYERS and "community" not in modules:
        raise BadInput(
            f"{R_FIVE}: Community contains all the necessary components to add a 5th player",
            legal="--option modules=community,...",
        )
    for name in seats:
        if name.lower() == "table":
            raise BadInput("player name 'table' is taken", legal="any other name")
    known = faces.Faces()
    preset = options[core.OPTION_PRESET]
    for name, value in data.PRESETS.get(preset, {}).items():
        known = faces.added(known, faces.Setting(name, faces.setting(name, value)))
    for name, reward in data.PRESET_ACTIONS.get(preset, {}).items():
        known = faces.added(known, faces.Action(name=name, reward=reward))
    # What a text prints whole is known from the start, never asked (KS Promos 4, 3. School:
    # RUGBY PLAYER, its example's every level and its Retirement).
    for card in faces.built_in(modules, setup.rules_version):
        known = faces.added(known, card)
    return State(
        seats=seats,
        options=options,
        modules=modules,
        seed=setup.seed,
        sealed=setup.commitment is not msgspec.UNSET,
        marks_flips=setup.rules_version != "1",
        jobs_share_slots=setup.rules_version not in ("1", "2"),
        faces=known,
        players={name: Player(name=name) for name in seats},
    )


def required(state: State) -> list[str]:
    """The settings the setup needs, in the order the table is asked for them."""
    names = [
        "hourglasses",
        "stress",
        "sth",
        "rounds",
        "order",
        "slots",
        "relax",
        "life-goals",
        "child-traits",
    ]
    if "school" not in state.modules:
        names.append("teen-closed")
    if "community" in state.modules:
        names.append("popularity")
    if len(state.seats) == 1:
        names.append("solo-target")
    if "friends" in state.modules:
        names.append("friend-cards")
    return names


def _friends(state: State) -> list[Card]:
    return [c for c in state.faces.cards.values() if c.kind == "friend"]


def waiting_for(state: State) -> list[str]:
    """What the table still declares before the setup, in the grammar."""
    wanted = [
        f"setting {name} {data.SETTINGS[name]}"
        for name in required(state)
        if name not in state.faces.settings
    ]
    if state.virtual or state.sealed:  # a seed, even one since lost: its log waited for them all
        # Chance: with a seed the referee shuffles the Community and Friend piles itself.
        if "community" in state.modules and len(state.faces.community) < data.COMMUNITY_CARDS:
            wanted.append(
                f"community ... ({data.COMMUNITY_CARDS - len(state.faces.community)} more to shuffle)"
            )
        cards = state.faces.settings.get("friend-cards")
        if "friends" in state.modules and cards is not None and len(_friends(state)) < int(cards):
            wanted.append(f"friend ... ({int(cards) - len(_friends(state))} more to shuffle)")
    return wanted


def declare(out: Out, command: Declare) -> None:
    state = out.state
    face = faces.check(state.faces, command.face)
    before = faces.known(state.faces, face)
    what = f"{faces.kind_of(face)} {getattr(face, 'name', '')}"
    if before is not None:
        if before == face:
            raise IllegalMove(f"{what} is declared already", rule=R_SETTINGS)
        raise IllegalMove(
            f"{what} was declared otherwise; a face or setting is declared once", rule=R_SETTINGS
        )
    _friend_count(state, face)
    out.add(Declared(face))
    if out.state.phase == "settings" and not waiting_for(out.state):
        begin(out)


def settings_example(names: list[str]) -> str:
    """``declare settings`` with ``names`` typed in their shape: a working example."""
    return "declare settings " + " ".join(f"{n}={data.SETTING_EXAMPLES[n]}" for n in names)


def declare_settings(out: Out, command: DeclareSettings) -> None:
    """Every setting the setup still waits for at once (issue 41): each checked as ``declare
    setting`` checks it, and every key missing, unknown, unreadable or declared already named
    in one refusal, each with an example; then one ``Declared`` a setting, as typed, exactly
    the facts of a ``declare setting`` each (and the setup, once nothing else is awaited)."""
    state = out.state
    problems: list[str] = []
    hinted: list[str] = []
    typed: list[faces.Setting] = []
    seen: set[str] = set()
    illegal = True  # every problem a rule's (no track could be so), none a typing one
    for raw, value in command.settings:
        name = raw.lower()
        if name not in data.SETTINGS:
            problems.append(unknown("setting", raw, data.SETTINGS))
            illegal = False
            continue
        if name in seen:
            problems.append(f"{name} is typed twice")
            illegal = False
            continue
        seen.add(name)
        if name in state.faces.settings:
            problems.append(f"{name} is declared already ({state.faces.settings[name]}), once")
            continue
        try:
            face = faces.Setting(name, faces.setting(name, value))
            _friend_count(state, face)
        except (BadInput, IllegalMove) as refused:
            shape = data.SETTINGS[name]
            why = f"is not {shape}" if isinstance(refused, BadInput) else f"({refused.message})"
            problems.append(f"{name}={value} {why}")
            illegal = illegal and isinstance(refused, IllegalMove)
            hinted.append(name)
            continue
        typed.append(face)
    missing = [n for n in required(state) if n not in state.faces.settings and n not in seen]
    if missing:
        problems.insert(0, "missing " + ", ".join(missing))
        illegal = False
    if problems:
        error = IllegalMove if illegal else BadInput
        hints = sorted({*missing, *hinted}, key=list(data.SETTINGS).index)
        example = settings_example(hints) if hints else None
        raise error("declare settings: " + "; ".join(problems), rule=R_SETTINGS, legal=example)
    for face in typed:
        declare(out, Declare(face))


def _friend_count(state: State, face: faces.Face) -> None:
    """The Friend pile holds the ``friend-cards`` the table declared, no more."""
    friends = len(_friends(state))
    if isinstance(face, faces.Setting) and face.name == "friend-cards" and int(face.value) < friends:
        raise IllegalMove(f"{friends} Friend cards are declared already", rule=R_PILES)
    size = state.faces.settings.get("friend-cards")
    if isinstance(face, Card) and face.kind == "friend" and size is not None and friends + 1 > int(size):
        raise IllegalMove(f"the Friend pile holds {size} cards (setting friend-cards)", rule=R_FRIENDS)


def begin(out: Out) -> None:
    """Every setting is in: the base game's setup with the modules' steps (Community: Setup;
    KS Promos 4: 1. Friends): hourglass tokens, the boards, the piles shuffled."""
    state = out.state
    start, _ = core.hourglass_limits(state)
    community = data.COMMUNITY_CARDS if "community" in state.modules else 0
    friends = int(state.faces.settings.get("friend-cards", "0")) if "friends" in state.modules else 0
    out.add(Began(start, community, friends))
    if state.virtual:
        names = (*(("community",) if community else ()), *(("friends",) if friends else ()))
        out.add(Shuffled({}, seeded=names) if state.sealed else Shuffled(seeded_piles(state, names)))
    out.flow.proceed(out)


# ---------------------------------------------------------------------------- reveals


def _goal(state: State, name: str) -> Card:
    face = core.card(state, name, "life-goal", "reveal goals")
    if face.kind != "life-goal":
        raise IllegalMove(f"{name} is a {face.kind}, not a Life Goal", rule=R_PILES)
    core.pile_holds(state, face, R_PILES)
    return face


# The kind of card each reveal brings out, as a face typed with it declares it.
REVEALED_KIND = {"goals": "life-goal", "friends": "friend", "community": "community"}


def bring_out(out: Out, face: faces.Face | None, names: tuple[str, ...], kind: str, via: str) -> None:
    """The face typed in the move that brings its card out (``reveal goals NAME l1=...``,
    ``trait PLAYER NAME l1=...``), declared on the way as ``declare`` would (issue 41): one
    card's, of the kind the move brings out; the same face again is no new fact."""
    if face is None:
        return
    face_brought_out(getattr(face, "name", ""), faces.kind_of(face), names, kind, via, R_PILES)
    stored = faces.check(out.state.faces, face)
    if faces.known(out.state.faces, stored) != stored:
        declare(out, Declare(face))


def reveal(out: Out, command: Reveal) -> None:
    bring_out(out, command.face, command.cards, REVEALED_KIND.get(command.what, ""), f"reveal {command.what}")
    state = out.state
    if command.what == "goals":
        wanted = core.goals_wanted(state) - len(state.goals)
        if state.phase != "setup" or wanted <= 0:
            raise IllegalMove("the Life Goals are face up already", rule=R_SETTINGS)
        if len(command.cards) > wanted or len(set(command.cards)) != len(command.cards):
            raise IllegalMove(f"{wanted} more Life Goals go face up (setting life-goals)", rule=R_SETTINGS)
        for name in command.cards:
            _goal(state, name)
        out.add(GoalsRevealed(command.cards))
        out.flow.proceed(out)
        return
    if command.what not in ("community", "friends"):
        raise BadInput(f"reveal what? {command.what!r}", legal="goals | community | friends")
    board = command.what
    if state.virtual:
        raise IllegalMove("with a seed the referee draws the piles itself", rule=R_SETUP)
    for name in command.cards:
        if not core.empty_slots(out.state, board):
            flipped = [card for card in out.state.flipped if card in _pile(out.state, board)[1]]
            if flipped:
                raise IllegalMove(
                    f"the refill ({', '.join(flipped)}) was performed already, by the"
                    " referee: the card was known (the only one its pile could hold)",
                    rule=core.board_rule(board),
                    legal="nothing to type for it; `referee log` shows it",
                )
            raise IllegalMove(f"no empty slot on the {board} board to fill now", rule=core.board_rule(board))
        draw_one(out, board, name)
    out.flow.proceed(out)


def _pile(state: State, board: str) -> tuple[Pile, list[str]]:
    """The ``board``'s face-down pile and the faces it is made of (as declared)."""
    if board == "community":
        return state.community_pile, list(state.faces.community)
    return state.friend_pile, [c.name for c in _friends(state)]


def known_card(state: State, board: str) -> str | None:
    """At a real table, the card the ``board``'s pile must give next, if only one is possible:
    its top known, or one card unseen and one declared face of the pile not seen yet."""
    pile, composition = _pile(state, board)
    top = pile.top()
    if top is not None:
        return top
    possible = candidates(pile, composition)
    return possible[0] if pile.unseen == 1 and len(possible) == 1 else None


def draw_one(out: Out, board: str, typed: str | None, by: str = "") -> None:
    """One card off the ``board``'s pile onto its leftmost empty slot; with Community solo, a
    card asking for the most of something is discarded instead (Solo Game). ``by``: "referee"
    when it flipped a known card by itself."""
    state = out.state
    pile, composition = _pile(state, board)
    if board == "community":
        rule = R_SETUP
        if typed is not None:
            core.community(state, typed, "reveal community")
    else:
        rule = R_FRIENDS
        if typed is not None:
            face = core.card(state, typed, "friend", "reveal friends")
            if face.kind != "friend":
                raise IllegalMove(f"{typed} is a {face.kind}, not a Friend", rule=R_FRIENDS)
    label = "Community pile" if board == "community" else "Friend pile"
    card = draw(pile, typed, composition, label, rule)
    if board == "community" and len(state.seats) == 1 and faces.most(state.faces.community[card]):
        # Solo Game: "if you draw a card that requires you to have the most of something ...
        # discard it and draw a new one in its place."
        out.add(Drawn(board, card, f"solo: {card} asks for the most of something ({R_SOLO})", by))
        return
    out.add(SlotFilled(board, core.empty_slots(state, board)[0], card, by))


def trait(out: Out, command: Trait) -> None:
    bring_out(out, command.face, (command.card,), "child-trait", f"trait {command.player}")
    state = out.state
    player = core.player_of(state, command.player)
    kept = int(core.setting(state, "child-traits"))
    if state.phase != "setup" or core.setup_reveals(state):
        raise IllegalMove(
            "Child Traits are kept at setup, once the table has laid out its cards", rule=R_SETTINGS
        )
    if len(player.traits) >= kept:
        raise IllegalMove(f"{player.name} keeps {kept} Child Traits (setting child-traits)", rule=R_SETTINGS)
    face = core.card(state, command.card, "child-trait", f"trait {player.name}")
    if face.kind != "child-trait":
        raise IllegalMove(f"{face.name} is a {face.kind}, not a Child Trait", rule=R_PILES)
    core.pile_holds(state, face, R_COMPONENTS)
    out.add(TraitKept(player.name, face.name))
    core.gain(out, player.name, face.levels[0].reward, f"Child Trait {face.name}")
    out.flow.proceed(out)
