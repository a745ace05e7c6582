"""``legal``: concrete moves for whoever may act now, every one accepted by ``decide``.

It is the random-play fuzzer's move source, so it covers every kind of move; each candidate
is checked by ``decide`` itself, so a listed move is never refused. Cards a real table has
never declared cannot be listed (their faces are unknown); ``declare`` and ``adjust`` never
are.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ledger.decider import Ask, Unlisted
from ledger.errors import RefereeError
from ledger.games.pursuit import data, faces
from ledger.games.pursuit.faces import Card
from ledger.games.pursuit.model import (
    Act,
    CardAction,
    Command,
    Discard,
    Engage,
    Outcome,
    Pass,
    Refresh,
    Reveal,
    State,
    Take,
    Trait,
    Upkeep,
    UpkeepAll,
)
from ledger.games.pursuit.rules import community, core, decide, flow, setup, to_act
from ledger.piles import candidates
from ledger.words import card_word

PARTNERS = 3  # Blind Date's Partners listed
BLACK_FRIDAY_PAIRS = 4  # Item pairs listed for a Black Friday Spend


def _ok(state: State, command: Command) -> bool:
    try:
        decide(state, command)
    except RefereeError:
        return False
    return True


def legal(state: State, player: str | None = None) -> Iterator[Command]:
    """Legal moves now, for everyone who may act (or only for ``player``)."""
    who = to_act(state)
    if player is not None:
        who = [name for name in who if name.lower() == player.lower()]
    for move in _candidates(state, who):
        if _ok(state, move):
            yield move
    # The table's bookkeeping (``BOOKKEEPING``): every owed upkeep at once, for the players who owe it.
    if state.phase == "upkeep" and (player is None or player.lower() == "table") and _ok(state, UpkeepAll()):
        yield UpkeepAll()


def _candidates(state: State, who: list[str]) -> Iterator[Command]:
    if not who:
        return
    phase = state.phase
    if "table" in who:
        yield from _reveals(state)
        who = [name for name in who if name != "table"]
    if not who:
        return
    if phase == "setup":
        for name in who:
            for card in _available(state, ("child-trait",)):
                yield Trait(name, card.name)
    elif phase == "upkeep":
        for name in who:
            yield from _upkeep(state, name)
    elif phase == "action":
        yield from _turn(state, who[0])
    elif phase == "resolution":
        yield from _outcomes(state, who[0])


def _available(state: State, kinds: tuple[str, ...]) -> list[Card]:
    return [
        c
        for name, c in sorted(state.faces.cards.items())
        if c.kind in kinds and core.in_game(state, c) and not core.gone(state, name)
    ]


def _reveals(state: State) -> Iterator[Command]:
    if state.phase == "setup" and core.goals_wanted(state) > len(state.goals):
        for goal in _available(state, ("life-goal",)):
            yield Reveal("goals", (goal.name,))
    if core.empty_slots(state, "community"):
        for name in candidates(state.community_pile, state.faces.community):
            yield Reveal("community", (name,))
    if core.empty_slots(state, "friends"):
        friends = [c.name for c in state.faces.cards.values() if c.kind == "friend"]
        for name in candidates(state.friend_pile, friends):
            yield Reveal("friends", (name,))


def _upkeep(state: State, name: str) -> Iterator[Command]:
    cards = [h.name for h in flow.upkeep_cards(state, name)]
    yield Upkeep(name)
    for card in cards:
        yield Upkeep(name, (card,))
    if len(cards) > 1:
        yield Upkeep(name, tuple(cards))
    for card in cards:
        if state.faces.cards[card].kind == "stand-alone-job":
            for n in range(1, data.WORK_HARDER + 1):
                yield Upkeep(name, (), (f"{card}:{n}",))


def _turn(state: State, name: str) -> Iterator[Command]:
    player = state.players[name]
    for action in sorted(state.faces.actions):
        yield Act(name, action)
    for how, kinds in data.TAKES.items():
        if how == "start-friendship":
            found = [c for c in state.friends if c]
        else:
            found = [c.name for c in _available(state, kinds)]
        for card in found:
            yield Take(name, how, (card,))
            if state.faces.cards[card].kind == "stand-alone-job":
                for n in range(1, data.WORK_HARDER + 1):
                    yield Take(name, how, (card,), n)
        if how == "spend" and player.black_friday:
            items = [c.name for c in _available(state, ("item",))]
            for pair in list(combinations(items, 2))[:BLACK_FRIDAY_PAIRS]:
                yield Take(name, how, pair)
    for held in player.cards:
        for how in ("advance", "promote", "develop", "dedicate"):
            yield CardAction(name, how, held.name)
    for i in community.open_cards(state, name):
        card = state.community[i].card
        yield Engage(name, card, True)
        yield Engage(name, card, False)
    if "refresh" in state.faces.settings:
        for row in (*data.BOARD_ROWS, "friends"):
            yield Refresh(name, row)
    for held in player.cards:
        yield Discard(name, held.name)
    yield Pass(name)


def _outcomes(state: State, name: str) -> Iterator[Command]:
    found = community.resolving(state)
    if found is None:
        return
    slot, _ = found
    card = state.community[slot].card
    face = state.faces.community[card]
    for n in range(1, len(face.outcomes) + 1):
        if community.takes_partner(face, n):
            for partner in _available(state, ("partner",))[:PARTNERS]:
                yield Outcome(name, card, n, partner.name)
        else:
            yield Outcome(name, card, n)


# ---------------------------------------------------------------------------- new cards

LEVEL = "as printed: REQUIREMENT.COST.REWARD.UPKEEP.INCOME, each part's words joined by commas"
PART = "as printed: REQUIREMENT.COST.REWARD, each part's words joined by commas"
LEVELS_ASKED = 4  # levels a page asks for at most; a card printing more is typed
# The levels each kind prints (KS Promos 4: a Friend 3, an Educational Project 2, a Stand-Alone
# Job none but its hiring; a Career Job and a Pet at least 2; a Life Goal, a Child Trait one).
_LEVELS = {"friend": (3, 3), "educational-project": (2, 2), "stand-alone-job": (1, 1)}
_LEVELS |= {"career-job": (2, LEVELS_ASKED), "pet": (2, LEVELS_ASKED)}
_LEVELS |= {"life-goal": (1, 1), "child-trait": (1, 1)}
_EXTRA: dict[str, tuple[Ask, ...]] = {
    "career-job": (Ask("retirement=", "its Retirement reward, as printed", ()),),
    "stand-alone-job": (
        Ask("harder=", "its Work Harder at hiring, as printed: COST.REWARD", (), optional=True),
        Ask("harder-upkeep=", "its Work Harder at upkeep, as printed: COST.REWARD", (), optional=True),
    ),
    "educational-project": (Ask("ability=", "its Degree's ability, as printed", (), optional=True),),
    "child-trait": (Ask("ability=", "its ability, as printed", (), optional=True),),
}


def unlisted(state: State) -> Iterator[Unlisted]:
    """Moves ``legal`` cannot list at a real table, the card being new to the referee: a card
    of a pile in this game, or a Community card, whose face nobody has declared. The table
    types what the card shows; ``legal`` then lists the moves it allows."""
    form = settings_form(state)
    if form is not None:
        yield form
    if state.virtual or state.phase == "over":
        return
    name = Ask("", "its name, as printed on the card", ())
    players = [who for who in to_act(state) if who != "table"]
    yield from reveal_forms(state)
    if state.phase == "setup":  # a Child Trait nobody declared: its face typed with the trait (issue 41)
        trait = (*boxes("child-trait"), *_EXTRA["child-trait"], *additional(state, "child-trait"))
        for player in players:
            label = "a Child Trait new to the referee"
            yield Unlisted(player, f"trait {player}", (name, *trait), label, form=True)
    if core.actions_unknown(state):  # the base game's board actions: its box typed with the move
        board = (
            Ask("", "the board action's name, as printed on the board", (), example="study"),
            Ask("reward=", "what it gives, as printed (a box: 3knowledge)", (), example="3knowledge"),
            Ask("requirement=", "what it requires, if printed", (), optional=True, example="job"),
        )
        for player in players:
            label = "a board action new to the referee"
            yield Unlisted(player, f"action {player}", board, label, form=True)
    for kind in data.KINDS:
        module = data.MODULE_OF.get(kind)
        if module is not None and not core.module(state, module):
            continue
        least, most = _LEVELS.get(kind, (1, LEVELS_ASKED))
        levels = tuple(
            Ask(f"l{n}=", f"its level {n}, {LEVEL}", (), optional=n > least) for n in range(1, most + 1)
        )
        extra = (*_EXTRA.get(kind, ()), *additional(state, kind))
        words = kind.replace("-", " ")
        yield Unlisted("table", f"declare {kind}", (name, *levels, *extra), f"a new {words} card")
    if core.module(state, "community") and len(state.faces.community) < data.COMMUNITY_CARDS:
        yield Unlisted(
            "table",
            "declare community",
            (
                name,
                Ask("multiple=", "the Multiple Players indicator", ("yes", "no")),
                Ask("engage=", f"its Engage, {PART}", ()),
                Ask("outcome=", f"each Outcome in order, {PART}", (), LEVELS_ASKED, least=1),
            ),
            "a new Community card",
        )


def settings_form(state: State) -> Unlisted | None:
    """Every base-game setting the setup still waits for, asked as one form (issue 41): a field
    a setting, in ``declare settings``'s keys, its shape and an example of it in its words; the
    Community, Friends, School and solo settings only where the game has them (``required``).
    No rulebook here prints the base game's values: none is filled in."""
    if state.phase != "settings":
        return None
    waiting = [name for name in setup.required(state) if name not in state.faces.settings]
    if not waiting:
        return None
    words = data.SETTING_WORDS
    asks = tuple(
        Ask(f"{name}=", f"{name}: {words[name]}", _SETTING_CHOICES[name])
        if name in _SETTING_CHOICES
        else Ask(
            f"{name}=",
            f"{name}: {words[name]}, as {data.SETTINGS[name]} (e.g. {data.SETTING_EXAMPLES[name]})",
            (),
        )
        for name in waiting
    )
    return Unlisted("table", "declare settings", asks, "the base game's settings", form=True)


_SETTING_CHOICES = {"order": ("seats", "rotate", "sth"), "relax": ("section", "space")}


# A level's named boxes, in the texts' words (KS Promos 4: "L1 Requirement", "L1 Reward",
# "Level Cost", "Upkeep Cost"; the base game's Income).
BOX_WORDS = {
    "requirement": "Requirement",
    "cost": "Cost",
    "reward": "Reward",
    "upkeep": "Upkeep Cost",
    "income": "Income",
}
BOX = "as printed, e.g. 1creativity,2influence; empty: none"


def boxes(kind: str, name: str = "") -> tuple[Ask, ...]:
    """Each box a ``kind`` of card shows on each level (``faces.parts_shown``: what its text's
    procedure reads), a field each in the move's keys (``l1.reward=``); of a card a text prints
    in part (``name``: KEVIN), only the boxes it does not print (``faces.unprinted``)."""
    levels = _LEVELS[kind][0]  # (a kind printing a fixed number of levels)
    missing = faces.unprinted(name) if name else None
    return tuple(
        Ask(f"l{n}.{part}=", f"L{n} {BOX_WORDS[part]} ({BOX})", (), optional=True)
        for n in range(1, levels + 1)
        for part in faces.parts_shown(kind, n, levels)
        if missing is None or f"l{n}.{part}" in missing
    )


def printed_boxes(name: str) -> tuple[tuple[str, str], ...]:
    """What a text prints of a named card, box by box, as a form shows it (not editable)."""
    printed = data.PRINTED_CARDS[name]
    return tuple(
        (f"L{key[1:].split('.')[0]} {BOX_WORDS[key.split('.')[1]]} (printed)", str(value) or "none")
        for key, value in printed.items()
        if key.startswith("l") and "." in key
    )


def additional(state: State, kind: str) -> tuple[Ask, ...]:
    """With the Community module, a card of ``kind`` may be one of its Additional Cards
    (Community: "Additional Cards" shuffled into the base piles): a ``set=community`` to choose."""
    if core.module(state, "community") and data.ADDITIONAL_PILE.get(kind, kind) in data.ADDITIONAL:
        return (Ask("set=", "one of Community's Additional Cards", ("community",), optional=True),)
    return ()


def reveal_forms(state: State) -> Iterator[Unlisted]:
    """The setup's reveals of a card new to the referee, asked as one form a card, laid out like
    it (issue 41): its name and each box of its levels a field, posted as the reveal with its face
    (``reveal goals NAME l1.requirement=... l1.reward=...``). A Friend the Friends text prints in
    part (KEVIN) has its own form: the boxes printed shown, filled in, the rest asked."""
    name = Ask("", "its name, as printed on the card", ())
    if state.phase == "setup" and core.goals_wanted(state) > len(state.goals):
        goal = (name, *boxes("life-goal"), *additional(state, "life-goal"))
        yield Unlisted("table", "reveal goals", goal, "a Life Goal turned up", form=True)
    friends = [c for c in state.faces.cards.values() if c.kind == "friend"]
    pile = int(state.faces.settings.get("friend-cards", "0"))
    if core.empty_slots(state, "friends") and len(friends) < pile:
        yield Unlisted("table", "reveal friends", (name, *boxes("friend")), "a Friend turned up", form=True)
        for printed, card in data.PRINTED_CARDS.items():
            if card["kind"] == "friend" and printed not in state.faces.cards:
                text = f"reveal friends {card_word(printed)}"
                asks = boxes("friend", printed)
                fixed = printed_boxes(printed)
                label = f"{printed} (the Friends text prints part of it)"
                yield Unlisted("table", text, asks, label, form=True, fixed=fixed)
