"""LOOP 1.0 Setup, or 5.1, 6.1 and 7.1 in the other modes: ``initial``, the options it takes,
and 5.1's CAREER chosen. The table's reveals and the card faces it declares are ``reveals``."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from msgspec.structs import replace

from ledger.decider import Setup
from ledger.errors import BadInput, IllegalMove
from ledger.games.loop import data
from ledger.games.loop.model import (
    UNKNOWN,
    ActivityFace,
    CareerChosen,
    ChooseCareer,
    GoalFace,
    Player,
    State,
)
from ledger.games.loop.modes import MODES, Mode
from ledger.games.loop.rules.checks import _cards_needed, _known_player
from ledger.games.loop.rules.core import (
    LEGACY,
    OPTION_DISPOSABLE,
    OPTION_ZONES,
    R_CAREER,
    _Out,
    awaited_text,
    career_choices,
    choosing,
)
from ledger.words import card_word

OPTION_FAVOUR_DEAL = "favour-deal"
# LOOP 2.8 tie-break 4, "More ACTIVITY completed wins": the ACTIVITY kept on the mat (1.1 calls
# them "completed ACTIVITY", and they are what a table can count at the end), or every
# ACTIVITY completed this game, dropped ones included.
OPTION_ACTIVITY_TIEBREAK = "activity-tiebreak"
ACTIVITY_TIEBREAKS = ("kept", "completed")
# LOOP 1.0 prints the FAVOUR deal for seats 1 to 3 only; later seats follow the printed
# pattern (each seat gets as many or more than the one before, the last seat gets 3).
RULEBOOK_DEAL: dict[int, tuple[int, ...]] = {
    2: (2, 3),
    3: (1, 2, 3),
    4: (1, 2, 2, 3),
    5: (1, 1, 2, 2, 3),
    6: (1, 1, 2, 2, 3, 3),
}


def favour_deal(value: str, count: int) -> tuple[int, ...]:
    """The ``favour-deal`` option: "rulebook" or FAVOUR counts per seat, e.g. "1,2,2,3"."""
    if value.strip().lower() == "rulebook":
        return RULEBOOK_DEAL[count]
    try:
        deal = tuple(int(part) for part in value.split(","))
    except ValueError:
        raise BadInput(
            f"favour-deal {value!r} is not a list of numbers",
            legal="rulebook, or one count per seat like 1,2,2,3",
        ) from None
    if len(deal) != count or min(deal) < 0 or sum(deal) > data.FAVOUR_TOTAL:
        raise BadInput(
            f"favour-deal {value!r} must give one count per seat ({count} seats), "
            f"none negative, {data.FAVOUR_TOTAL} FAVOUR at most",
            legal=f"rulebook ({','.join(map(str, RULEBOOK_DEAL[count]))})",
        )
    return deal


def _check_players(players: Sequence[str], mode: Mode) -> None:
    low, high = mode.players
    if not low <= len(players) <= high:
        raise BadInput(
            f"LOOP {mode.title} is for {low} to {high} players, not {len(players)}"
            if low != high
            else f"LOOP {mode.title} is for {low} player, not {len(players)}",
            legal="2 to 6 players (1 player is Solo Mode)" if low > 1 else "--mode competitive for 2 to 6",
        )
    seen: set[str] = set()
    for name in players:
        if not name or any(c in name for c in " \t:=,@") or name.startswith("-"):
            raise BadInput(
                f"player name {name!r} cannot be typed in moves",
                legal="a name without spaces, ':', '=', ',' or '@'",
            )
        if name.lower() in seen or name.lower() == "table":
            raise BadInput(f"player name {name!r} is taken", legal="distinct names, not 'table'")
        seen.add(name.lower())


OPTION_VALUES: dict[str, tuple[str, ...]] = {
    OPTION_ACTIVITY_TIEBREAK: ACTIVITY_TIEBREAKS,
    OPTION_ZONES: ("4,8", "4,9"),
    OPTION_DISPOSABLE: ("plastic-at-1", "only-plastic"),
}


def _options(setup: Setup, legacy: bool) -> dict[str, str]:
    """Every option with its value: the setup's, or the default."""
    known = (OPTION_FAVOUR_DEAL, *OPTION_VALUES)
    for option in setup.options:
        if option not in known:
            raise BadInput(f"unknown LOOP option {option!r}", legal=", ".join(known))
    options = {
        OPTION_FAVOUR_DEAL: setup.options.get(OPTION_FAVOUR_DEAL, "rulebook"),
        # basic-1 counted every ACTIVITY completed; its games keep that count
        OPTION_ACTIVITY_TIEBREAK: setup.options.get(
            OPTION_ACTIVITY_TIEBREAK, "completed" if legacy else "kept"
        ),
    }
    if setup.mode != "basic":
        options[OPTION_ZONES] = setup.options.get(OPTION_ZONES, "4,8")
        options[OPTION_DISPOSABLE] = setup.options.get(OPTION_DISPOSABLE, "plastic-at-1")
    for option, values in OPTION_VALUES.items():
        if option in options and options[option] not in values:
            raise BadInput(f"{option} cannot be {options[option]!r}", legal=" | ".join(values))
    return options


def initial(setup: Setup) -> State:
    """The table after LOOP 1.0 Setup (Basic Mode), or 5.1, 6.1, 7.1 in the other modes."""
    mode = MODES.get(setup.mode)
    if mode is None:
        raise BadInput(f"unknown LOOP mode {setup.mode!r}", legal=", ".join(MODES))
    legacy = setup.rules_version == LEGACY
    options = _options(setup, legacy)
    seats = tuple(setup.players)
    _check_players(seats, mode)
    if mode.name != "basic":
        return _initial_modes(setup, mode, options, seats)
    count = len(seats)
    deal = favour_deal(options[OPTION_FAVOUR_DEAL], count)
    sets_removed = data.SETS_REMOVED[count]
    removed = tuple(sorted(data.MATERIALS * sets_removed))
    # 1 set face-up in the BUY AREA; the rest is the deck.
    deck = sorted(data.MATERIALS * (data.MATERIAL_COPIES - sets_removed - 1))
    base = _base(setup, seats, removed, legacy, options)
    if setup.seed is None:
        # A real table: hands and the starting MATERIAL are unseen until revealed.
        players = {
            name: Player(
                name=name,
                happiness=data.INTERN_HAPPINESS,
                coin=data.INTERN_COIN,
                hand=(UNKNOWN,) * deal[i],
            )
            for i, name in enumerate(seats)
        }
        return replace(
            base,
            players=players,
            awaiting_start=seats,
            material_deck=tuple(deck),
            activity_unseen=data.ACTIVITY_TOTAL,
            favour_deck=(UNKNOWN,) * (data.FAVOUR_TOTAL - sum(deal)),
        )
    # Virtual decks: shuffle and deal MATERIAL and FAVOUR now; ACTIVITY and GOAL once every
    # face is declared (see ``_deal``).
    import random  # seeded games only (see ``piles.rng``)

    generator = random.Random(setup.seed)
    generator.shuffle(deck)
    favours = sorted(data.FAVOURS * data.FAVOUR_COPIES)
    generator.shuffle(favours)
    players = {}
    for i, name in enumerate(seats):
        hand, favours = favours[: deal[i]], favours[deal[i] :]
        players[name] = Player(
            name=name,
            happiness=data.INTERN_HAPPINESS,
            coin=data.INTERN_COIN,
            materials=((deck[i], data.INTERN_MATERIAL_QUALITY),),
            hand=tuple(sorted(hand)),
        )
    return replace(
        base,
        players=players,
        phase="cards",
        material_deck=tuple(deck[count:]),
        favour_deck=tuple(favours),
    )


def _base(
    setup: Setup, seats: tuple[str, ...], removed: tuple[str, ...], legacy: bool, options: dict[str, str]
) -> State:
    activity_faces = {
        name: ActivityFace(tuple(sorted(needs)), None) for name, needs in data.PRINTED_ACTIVITY_NEEDS.items()
    }
    goal_faces = {name: GoalFace(tuple(sorted(n)), None) for name, n in data.PRINTED_GOAL_NEEDS.items()}
    goal_faces.update({name: GoalFace(None, None, name) for name in data.SPECIAL_GOALS})
    goal_faces.update({name: GoalFace() for name in data.NAMED_GOALS})
    return State(
        seats=seats,
        players={},
        seed=setup.seed,
        sealed=setup.commitment is not msgspec.UNSET,
        phase="setup",
        removed=removed,
        buy_area=data.MATERIALS,
        activity_faces=activity_faces,
        goal_faces=goal_faces,
        legacy=legacy,
        known_refill=setup.rules_version not in (LEGACY, "2"),
        marks_flips=setup.rules_version not in (LEGACY, "2", "3"),
        share_keeps_forge=setup.rules_version not in (LEGACY, "2", "3", "4"),
        skinner_every_move=setup.rules_version not in (LEGACY, "2", "3", "4", "5"),
        records_deals=setup.rules_version not in (LEGACY, "2", "3", "4", "5", "6"),
        options=options,
        mode=setup.mode,
    )


def _initial_modes(setup: Setup, mode: Mode, options: dict[str, str], seats: tuple[str, ...]) -> State:
    """5.1 Setup & CAREER (and 6.1, 7.1): Basic Mode's board, then the EVENT deck, 2 CAREER to
    each player, and the FAVOUR of the mode. Each player's HAPPINESS, COIN, REPUTATION and
    MATERIAL come with the CAREER chosen (``career``)."""
    count = len(seats)
    sets_removed = data.SETS_REMOVED[count]
    removed = tuple(sorted(data.MATERIALS * sets_removed))
    deck = sorted(data.MATERIALS * (data.MATERIAL_COPIES - sets_removed - 1))
    base = _base(setup, seats, removed, False, options)
    # 5.0: "Exclude Not-For-Coop in Cooperative Mode and exclude Not-For-Solo in Solo Mode"; INTERN
    # is the back of every CAREER card
    careers = sorted(k for k, c in data.CAREER.items() if mode.name not in c.excluded)
    careers.remove(data.INTERN_KEY)
    events = sorted(k for k, e in data.EVENT.items() if mode.name not in e.excluded)
    out_of_mode = tuple(sorted(k for k in data.EVENT if k not in events))
    # FAVOUR: by seat (1.0), 1 of each red (6.1), or the 5 blue (7.1)
    red = sorted(data.FAVOURS * data.FAVOUR_COPIES)
    if mode.deal == "seat":
        deal = favour_deal(options[OPTION_FAVOUR_DEAL], count)
        hands: list[tuple[str, ...]] = [()] * count
        favour_out: tuple[str, ...] = ()
    elif mode.deal == "set":
        deal = (0,) * count
        hands = [data.FAVOURS] * count
        left = list(red)
        for kind in data.FAVOURS * count:
            left.remove(kind)
        favour_out = tuple(left)
    else:
        deal = (0,) * count
        hands = [data.BLUE_FAVOURS]
        favour_out = tuple(red)
    base = replace(base, events_removed=out_of_mode, favours_removed=favour_out, mode=mode.name)
    if setup.seed is None:
        players = {
            name: Player(name=name, happiness=0, hand=hands[i] or (UNKNOWN,) * deal[i])
            for i, name in enumerate(seats)
        }
        return replace(
            base,
            players=players,
            material_deck=tuple(deck),
            activity_unseen=data.ACTIVITY_TOTAL,
            favour_deck=(UNKNOWN,) * (data.FAVOUR_TOTAL - sum(deal)) if mode.deal == "seat" else (),
            career_deck=tuple(careers),
            event_deck=(UNKNOWN,) * len(events),
            event_pool=tuple(events),
        )
    import random  # seeded games only (see ``piles.rng``)

    generator = random.Random(setup.seed)
    generator.shuffle(deck)
    favours = list(red) if mode.deal == "seat" else []
    generator.shuffle(favours)
    generator.shuffle(careers)
    generator.shuffle(events)
    players = {}
    for i, name in enumerate(seats):
        hand = hands[i]
        if mode.deal == "seat":
            hand, favours = tuple(favours[: deal[i]]), favours[deal[i] :]
        dealt = tuple(sorted(careers[: data.CAREERS_DEALT]))
        careers = careers[data.CAREERS_DEALT :]
        players[name] = Player(name=name, happiness=0, hand=tuple(sorted(hand)), careers=dealt)
    exhibited: tuple[tuple[str, int], ...] = ()
    if mode.favours == "blue":  # 7.0: each BUY AREA card lies with an Exhibited QUALITY
        exhibited = tuple(sorted((kind, generator.randint(1, data.MAX_QUALITY)) for kind in data.MATERIALS))
    return replace(
        base,
        players=players,
        phase="cards",
        material_deck=tuple(deck),
        favour_deck=tuple(favours),
        career_deck=tuple(careers),
        event_deck=tuple(events),
        exhibited=exhibited,
    )


def _choose_career(out: _Out, command: ChooseCareer) -> None:
    """5.1: "Choose either one or the INTERN (back) to play", then the Initial Setup."""
    state = out.state
    player = _known_player(state, command.player)
    if state.phase == "cards":
        raise _cards_needed(state)
    if player.name not in choosing(state):
        raise IllegalMove(
            f"{player.name} plays {data.CAREER[player.career].name} already"
            if player.career
            else f"{player.name} has not been dealt 2 CAREER yet",
            rule=R_CAREER,
            legal=awaited_text(state) or None,
        )
    career = data.CAREER_ALIASES.get(command.career, command.career)
    choices = career_choices(state, player)
    if career not in choices:
        held = " and ".join(data.CAREER[c].name for c in player.careers if c in data.CAREER)
        raise IllegalMove(
            f"{player.name} holds {held}, not {command.career}",
            rule=R_CAREER,
            legal=" | ".join(f"career {player.name} {card_word(c)}" for c in choices),
        )
    card = data.CAREER[career]
    out.add(CareerChosen(player.name, career, card.happiness, card.coin, card.reputation, card.materials))
    out.flow._proceed(out)
