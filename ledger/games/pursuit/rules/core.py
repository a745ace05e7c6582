"""What every Pursuit rule uses: the move's accumulator, the table settings read as numbers,
the queries (requirements, what can be paid, slots, piles, Popularity, what the table still
reveals) and the counters of a player (a change is clamped to its track, Popularity past the
last space is LTH, Stress past the last space ends the life).

The rules are a DAG: this module at the bottom, the sections (``setup``, ``actions``,
``community``) above it, the turn's flow (``flow``) above them, ``decide`` on top. A section
whose move ends a turn, or lets what follows by itself happen, asks the move's accumulator
(``Out.flow``, the operations ``Flow`` lists) rather than importing the flow, which imports
the sections: as boardgame.io's moves call ``events.endTurn()``. ``decide`` builds each
move's ``Out`` with the ``flow`` module as its flow.
"""

from __future__ import annotations

from typing import Protocol

from ledger import words
from ledger.decider import Facts
from ledger.errors import BadInput, IllegalMove, NotYourTurn
from ledger.games.pursuit import data, effects, faces
from ledger.games.pursuit.evolve import evolve
from ledger.games.pursuit.faces import Card, Community
from ledger.games.pursuit.model import Changed, Event, Held, LifeEnded, Placed, Player, State
from ledger.games.pursuit.sections import R_CARDS, R_COSTS, R_FRIENDS, R_PENALTY, R_PILES
from ledger.words import card_word

OPTION_MODULES = "modules"
OPTION_PRESET = "preset"
# *Reading*: a card discarded because its upkeep is not paid (a Friend, a Pet, a Stand-Alone
# Job) takes the penalty, as the School text has a Career Job take it, or none.
OPTION_UNPAID_UPKEEP = "unpaid-upkeep"
# *Reading*: Life Goals are scored after the last round's Popularity decay, or before it.
OPTION_GOALS_SCORED = "goals-scored"
OPTION_FRIENDS_REFRESH = "friends-refresh"


class Flow(Protocol):
    """What a section asks of the turn's flow (``rules.flow`` is one)."""

    def proceed(self, out: Out) -> None: ...
    def next_turn(self, out: Out) -> None: ...
    def resolve(self, out: Out) -> None: ...


class Out(Facts[State, Event]):
    """The facts of one Pursuit move (``ledger.decider.Facts``), and the flow its sections ask
    for what comes next."""

    def __init__(self, state: State, flow: Flow) -> None:
        super().__init__(state, evolve)
        self.flow = flow


# ---------------------------------------------------------------------------- settings


def setting(state: State, name: str) -> str:
    """A table setting's value; ``BadInput`` saying how to declare it if it is not yet."""
    value = state.faces.settings.get(name)
    if value is None:
        raise BadInput(
            f"the referee does not know the base game's {name} yet: the table declares it",
            legal=f"declare setting {name} {data.SETTINGS[name]}",
        )
    return value


def _pair(state: State, name: str) -> tuple[int, int]:
    low, high = setting(state, name).split(",")
    return int(low), int(high)


def hourglass_limits(state: State) -> tuple[int, int]:
    return _pair(state, "hourglasses")


def sth_range(state: State) -> tuple[int, int]:
    return _pair(state, "sth")


def stress_sections(state: State) -> list[tuple[int, int]]:
    """(spaces, hourglass change) of each section of the Stress track, from no Stress up."""
    out = []
    for part in setting(state, "stress").split(","):
        size, change = part.split(":")
        out.append((int(size), int(change)))
    return out


def stress_spaces(state: State) -> int:
    return sum(size for size, _ in stress_sections(state))


def stress_section(state: State, stress: int) -> tuple[int, int]:
    """The first space of the section ``stress`` is in, and its hourglass change."""
    start = 0
    for size, change in stress_sections(state):
        if stress < start + size:
            return start, change
        start += size
    return start, 0


def old_age(state: State) -> tuple[int, ...]:
    """The Stress each living player gets at the Upkeep Phase of each Adult round."""
    return tuple(int(n) for n in setting(state, "rounds").split(","))


def last_round(state: State) -> int:
    return len(old_age(state))


def popularity_spaces(state: State) -> tuple[int, ...]:
    return tuple(int(n) for n in setting(state, "popularity").split(","))


def popularity_score(state: State, space: int) -> int:
    """Popularity Track: "The section on which your Popularity Track indicator is positioned,
    determines your Popularity Score"."""
    start = 0
    for score, size in enumerate(popularity_spaces(state)):
        if space < start + size:
            return score
        start += size
    return data.POPULARITY_SECTIONS - 1


def score(state: State, name: str) -> int:
    """A player's Popularity Score (0 without Community)."""
    if "community" not in state.modules or "popularity" not in state.faces.settings:
        return 0
    return popularity_score(state, state.players[name].popularity)


SCHOOL_KINDS = data.TAKES["career"]  # School's two kinds (a Career Choice takes either): a slot each


def slot_rule(state: State) -> tuple[int, frozenset[str]]:
    """The play area's slots (setting ``slots``) and the kinds of card that take one: those the
    setting lists, a Stand-Alone Job as a Job ("Stand-Alone Jobs is a module that introduces a
    new type of Job card"; rules version 3); never a Friend (KS Promos 4: "A Friend does not
    occupy any slot in your play area"); always a Career Job and an Educational Project
    (School: each "occupies one slot in your play area up until it has been advanced to its
    final Level": ``occupies``)."""
    count, _, kinds = setting(state, "slots").partition(":")
    listed = {k for k in kinds.split(",") if k}
    if state.jobs_share_slots and "job" in listed:
        listed.add("stand-alone-job")
    return int(count), frozenset((listed - {"friend"}) | set(SCHOOL_KINDS))


def teen_closed(state: State) -> tuple[str, ...]:
    """School: the tile covers Get Job, Start Relationship and Overtime "instead of placing
    the 3 Unavailable Action tokens"; otherwise the table's setting."""
    if "school" in state.modules:
        return data.SCHOOL_COVERS
    return tuple(a for a in setting(state, "teen-closed").split(",") if a)


def module(state: State, name: str) -> bool:
    return name in state.modules


# ---------------------------------------------------------------------------- queries


def player_of(state: State, name: str) -> Player:
    return state.players[words.player_of(state.seats, name)]


def living(state: State) -> list[str]:
    return [name for name in state.seats if state.players[name].alive]


def _via(hint: str, kind: str, via: str) -> str:
    """A declaration's hint typed instead in the move that brings the card out (``via``, as
    ``reveal goals`` or ``trait maya``): the face goes with that move (issue 41)."""
    return hint.replace(f"declare {kind} ", f"{via} ", 1) if via else hint


def card(state: State, name: str, kind: str = "card", via: str = "") -> Card:
    """A declared card's face; ``BadInput`` saying how to declare it if it is not yet (or
    naming the known card it is a typo of). ``via``: the move that brings the card out, which
    takes its face (the hint is that move, not a ``declare`` before it)."""
    face = state.faces.cards.get(name)
    if face is None:
        how = "type what the card shows with it" if via else "declare it as the card shows it first"
        words.not_a_typo(
            name,
            [*state.faces.cards, *data.PRINTED_CARDS],
            "card",
            _via(f"declare {kind} {card_word(name)} ...", kind, via),
        )
        if name in data.PRINTED_CARDS:  # the text prints part of it: only the rest is asked
            printed = str(data.PRINTED_CARDS[name]["kind"])
            raise BadInput(
                f"the referee knows only part of {name} (the text prints the rest): "
                + (
                    "type what the card shows of the rest with it"
                    if via
                    else "declare what the card shows of the rest first"
                ),
                legal=_via(faces.hint(name, printed), printed, via),
            )
        example = "l1=REQUIREMENT.COST.REWARD.UPKEEP.INCOME"
        raise BadInput(
            f"the referee does not know {name} yet: {how}",
            legal=_via(f"declare {kind} {card_word(name)} {example}", kind, via),
        )
    return face


def community(state: State, name: str, via: str = "") -> Community:
    face = state.faces.community.get(name)
    if face is None:
        known = [*state.faces.community, *data.PRINTED_COMMUNITY]
        words.not_a_typo(
            name, known, "Community card", _via(f"declare community {card_word(name)} ...", "community", via)
        )
        if name in data.PRINTED_COMMUNITY:  # the Community text prints part of it
            raise BadInput(
                f"the referee knows only part of the Community card {name} (the text prints the rest): "
                + (
                    "type what the card shows of the rest with it"
                    if via
                    else "declare what the card shows of the rest first"
                ),
                legal=_via(faces.hint(name, "community"), "community", via),
            )
        how = "type what it shows with it" if via else "declare it as it shows first"
        raise BadInput(
            f"the referee does not know the Community card {name} yet: {how}",
            legal=_via(
                f"declare community {card_word(name)} engage=REQUIREMENT.COST.REWARD outcome=...",
                "community",
                via,
            ),
        )
    return face


def actions_unknown(state: State) -> bool:
    """At a real table's Action Phase, no board action declared yet while the player to act
    could place an hourglass on one: the table declares the base game's actions (the texts
    print none of them)."""
    return (
        not state.virtual
        and state.phase == "action"
        and not state.faces.actions
        and state.players[state.active].hourglasses > 0
    )


def held(player: Player, name: str) -> Held | None:
    return next((h for h in player.cards if h.name == name), None)


def kind_of(state: State, held_card: Held) -> str:
    return state.faces.cards[held_card.name].kind


def in_play(state: State) -> set[str]:
    return {h.name for p in state.players.values() for h in p.cards} | {
        t for p in state.players.values() for t in p.traits
    }


def gone(state: State, name: str) -> bool:
    """Out of its pile: in a play area, kept as a trait, face up as a goal, or discarded."""
    return name in in_play(state) or name in state.discarded or name in state.goals


def in_game(state: State, face: Card) -> bool:
    """A card of a module not played, or an Additional Card without Community, is not in its
    pile."""
    needed = data.MODULE_OF.get(face.kind)
    if needed is not None and needed not in state.modules:
        return False
    return face.set != "community" or "community" in state.modules


def pile_holds(state: State, face: Card, rule: str) -> None:
    """``IllegalMove`` unless the card's pile could still hold it (a real table names the card
    it takes; the base rows are not tracked)."""
    if not in_game(state, face):
        what = data.MODULE_OF.get(face.kind, "community")
        raise IllegalMove(f"{face.name} is not in this game ({what} is not played)", rule=rule)
    if gone(state, face.name):
        raise IllegalMove(f"{face.name} is not in its pile any more (it is taken or discarded)", rule=R_PILES)


def occupies(state: State, held_card: Held) -> bool:
    """Does a card in play take a slot (``slot_rule``): a Career Job or an Educational Project
    only until its final level, when it is set aside (its status: Retirement, Degree)."""
    return kind_of(state, held_card) in slot_rule(state)[1] and not held_card.status


def room(state: State, name: str, kinds: list[str], rule: str) -> None:
    """``IllegalMove`` unless the play area has a free slot for each card of ``kinds``."""
    count, taking = slot_rule(state)
    needed = sum(k in taking for k in kinds)
    used = sum(occupies(state, h) for h in state.players[name].cards)
    if needed and used + needed > count:
        raise IllegalMove(
            f"{name}'s play area has {count} slots and {used} are taken",
            rule=rule,
            legal=f"discard {name} CARD frees one (with the penalty)",
        )


def has(state: State, player: Player, what: str) -> bool:
    """A requirement of a card of a kind in play (``effects.HAVE``)."""
    for h in player.cards:
        kind = kind_of(state, h)
        if what == "job" and kind in data.JOBS and not h.status:
            return True
        if what == "project" and kind in ("project", "educational-project"):
            return True
        if what == "degree" and h.status == "degree":
            return True
        if what == "retired" and h.status == "retired":
            return True
        if what == kind:
            return True
    return False


def amount(state: State, player: Player, symbol: str) -> int:
    """What a requirement compares: a resource, a track, the Popularity Score, Items bought."""
    if symbol == "resources":
        return sum(getattr(player, r) for r in data.RESOURCES)
    if symbol == "popularity":
        return score(state, player.name)
    if symbol == "bought":
        return player.bought
    value: int = getattr(player, symbol)
    return value


def unmet(state: State, name: str, requirement: str) -> str:
    """What of ``requirement`` the player does not meet ("" if they meet it all)."""
    player = state.players[name]
    for item in effects.parse(requirement, "requirement"):
        symbol = item.symbol
        if symbol in effects.HAVE:
            if not has(state, player, symbol):
                return f"{name} has no {symbol.replace('retired', 'retirement')}"
        elif symbol.startswith("most-"):
            what = symbol.removeprefix("most-")
            mine = amount(state, player, what)
            others = [amount(state, state.players[o], what) for o in living(state) if o != name]
            if others and mine < max(others):
                return f"{name} has {mine} {what}, not the most ({max(others)})"
        else:
            have = amount(state, player, symbol)
            if have < item.n:
                what = "Popularity Score" if symbol == "popularity" else symbol
                what = "Items bought this round" if symbol == "bought" else what
                return f"{name} has {have} {what}, not {item.n}"
    return ""


def require(state: State, name: str, requirement: str, rule: str, what: str) -> None:
    missing = unmet(state, name, requirement)
    if missing:
        raise IllegalMove(f"{what} requires {effects.shown(requirement)}: {missing}", rule=rule)


def short(state: State, name: str, cost: str, extra: int = 0) -> str:
    """What the player lacks to pay ``cost`` and ``extra`` hourglasses ("" none)."""
    player = state.players[name]
    need = effects.amounts(cost, "cost")
    hourglasses = need.pop("hourglass", 0) + extra
    for resource in data.RESOURCES:
        have = getattr(player, resource)
        if need.get(resource, 0) > have:
            return f"{name} has {have} {resource}, not {need[resource]}"
    if hourglasses > player.hourglasses:
        return f"{name} has {words.counted(player.hourglasses, 'hourglass')} left, not {hourglasses}"
    return ""


def afford(state: State, name: str, cost: str, rule: str, what: str, extra: int = 0) -> None:
    missing = short(state, name, cost, extra)
    if missing:
        # The action's own hourglass counted in with the cost's: "2 hourglasses", not "1 hourglass
        # and 1 hourglass to place".
        raise IllegalMove(f"{what} costs {effects.shown(cost, extra)}: {missing}", rule=rule or R_COSTS)


def turn_player(state: State, name: str, rule: str) -> Player:
    """The player must be the one to act in the Action Phase."""
    player = player_of(state, name)
    if state.phase != "action":
        raise IllegalMove(f"it is the {state.phase} phase, not the Action Phase", rule=rule)
    if state.active != name:
        raise NotYourTurn(
            f"it is {state.active}'s turn, not {name}'s", rule=rule, legal=f"{state.active} acts"
        )
    return player


# ---------------------------------------------------------------------------- what the table reveals


def goals_wanted(state: State) -> int:
    value = setting(state, "life-goals")
    return len(state.seats) if value == "players" else int(value)


def empty_slots(state: State, board: str) -> list[int]:
    """The empty slots the table fills now, from the left (none when the pile is empty): the
    Community board at the Preparation of an Adult round; the Friends board whenever a slot
    is empty (setup, Preparation, after Start Friendship)."""
    if board == "community":
        if state.phase != "preparation" or state.round < 1 or not len(state.community_pile):
            return []
        return [i for i, slot in enumerate(state.community) if not slot.card]
    if state.phase not in ("setup", "preparation", "action") or not len(state.friend_pile):
        return []
    return [i for i, card in enumerate(state.friends) if not card]


def board_rule(board: str) -> str:
    return R_CARDS if board == "community" else R_FRIENDS


def setup_reveals(state: State) -> list[str]:
    """What the table still reveals at setup."""
    wanted = []
    goals = goals_wanted(state) - len(state.goals)
    if goals > 0:
        wanted.append(f"reveal goals CARD (x{goals})")
    friends = len(empty_slots(state, "friends"))
    if friends:
        wanted.append(f"reveal friends CARD (x{friends})")
    return wanted


# ---------------------------------------------------------------------------- counters


def change(out: Out, name: str, why: str, changes: dict[str, int], source: str = "cards") -> None:
    """A ``Changed`` fact, each counter kept on its track: STH within its range, Popularity on
    its track (past the rightmost space 1 LTH each), hourglass tokens up to MAX; Stress past
    the last space ends the life."""
    state = out.state
    player = state.players[name]
    kept: dict[str, int] = {}
    overflow = 0
    for key, n in changes.items():
        if not n:
            continue
        have = getattr(player, key)
        if key == "sth":
            low, high = sth_range(state)
            n = min(high, max(low, have + n)) - have
        elif key == "popularity":
            if "community" not in state.modules:
                continue  # no Popularity track without Community
            last = sum(popularity_spaces(state)) - 1
            overflow += max(0, have + n - last)
            n = min(last, max(0, have + n)) - have
        elif key == "owned":
            n = min(hourglass_limits(state)[1], have + n) - have
        elif key == "stress":
            n = min(stress_spaces(state), max(0, have + n)) - have
        if n:
            kept[key] = kept.get(key, 0) + n
    if kept:
        out.add(Changed(name, why, kept, source if "lth" in kept else ""))
    if overflow:
        # Popularity Track: "for each excess one, gain 1 LTH instead".
        out.add(Changed(name, "Popularity past the rightmost space", {"lth": overflow}, "overflow"))
    if player.alive and out.state.players[name].stress >= stress_spaces(out.state):
        out.add(LifeEnded(name, "Stress past the last space of the Stress track"))


def relax(state: State, name: str, n: int) -> int:
    """How far ``n`` Relax moves the player's Stress left (setting ``relax``)."""
    stress = state.players[name].stress
    if setting(state, "relax") == "space":
        return min(n, stress)
    start, _ = stress_section(state, stress)
    return min(n, stress - start)


def gain(out: Out, name: str, reward: str, why: str, times: int = 1, source: str = "cards") -> None:
    """A reward: resources, STH, LTH, Relax, Popularity, hourglass tokens."""
    player = out.state.players[name]
    changes: dict[str, int] = {}
    for item in effects.parse(reward, "reward"):
        if item.symbol in effects.SPECIAL:
            continue
        n = item.n * times * (player.bought if item.per_item else 1)
        key = "owned" if item.symbol == "hourglass" else item.symbol
        changes[key] = changes.get(key, 0) + n
    relaxed = changes.get("relax", 0)
    if relaxed:
        changes["stress"] = -relax(out.state, name, relaxed)
    change(out, name, why, changes, source)


def pay(out: Out, name: str, cost: str, why: str, card: str = "", times: int = 1) -> None:
    """A cost: resources paid, Stress taken, STH and Popularity lost, hourglasses placed on
    ``card`` (or on the board action)."""
    changes: dict[str, int] = {}
    hourglasses = 0
    for item in effects.parse(cost, "cost"):
        n = item.n * times
        if item.symbol == "hourglass":
            hourglasses += n
        else:
            changes[item.symbol] = n if item.symbol == "stress" else -n
    if hourglasses:
        out.add(Placed(name, hourglasses, card or why, card))
    change(out, name, why, changes)


def penalty(out: Out, name: str, card: str) -> None:
    """Discarding a Card - Penalty: "you get 1 Stress and lose 1 STH" (School, citing the base
    game's rulebook)."""
    pay(out, name, data.PENALTY, f"{card} discarded: the penalty ({R_PENALTY})")
