"""What Actions Are There?, the actions of a box that are not Build or the Workie Action
(``buildings``): Production, Faction Action (steps, and scoring a track), News Card, Buy a
Swindle Tile, and The Election Track's marker moved by choice.
"""

from __future__ import annotations

from collections import Counter

from ledger.errors import BadInput, IllegalMove
from ledger.games.planet_b import data
from ledger.games.planet_b.effects import parse_box
from ledger.games.planet_b.model import (
    BoxOpened,
    BuySwindle,
    Faction,
    Marker,
    NewsTaken,
    PlayNews,
    Produce,
    SwindlePlaced,
)
from ledger.games.planet_b.rules import core, costs
from ledger.games.planet_b.rules.boxes import move_marker, settle
from ledger.games.planet_b.rules.core import Out, acting, find, missing, use
from ledger.games.planet_b.rules.costs import open_box
from ledger.games.planet_b.sections import R_FACTION, R_MARKER, R_NEWS, R_PRODUCTION, R_SCORING, R_SWINDLE


def produce(out: Out, command: Produce) -> None:
    """Production: the upper or lower line; over 4 of a resource sold at once."""
    frame = acting(out.state, command.player)
    if command.line not in data.LINES:
        raise BadInput(f"a production line is upper or lower, not {command.line!r}", legal="upper | lower")
    spot = find(frame, ["produce"])
    if spot is None:
        raise missing(frame, "production", R_PRODUCTION)
    use(out, *spot, 1)
    line = core.line_resources(out.state, out.state.players[command.player], command.line)
    core.resources(
        out, command.player, dict(sorted(Counter(line).items())), f"production ({command.line} line)"
    )
    settle(out)


def _faction_unit(word: str) -> tuple[str, tuple[int, int] | None]:
    track, colon, where = word.lower().partition(":")
    if track not in data.TRACKS:
        raise BadInput(f"unknown faction track {track!r}", legal=", ".join(data.TRACKS))
    if not colon:
        return track, None
    number, letter = where[:-1], where[-1:]
    if not number.isdigit() or letter not in ("a", "b"):
        raise BadInput(f"score a space's box as TRACK:SPACE+a|b, like {track}:3a, not {word!r}")
    return track, (int(number), "ab".index(letter))


def faction(out: Out, command: Faction) -> None:
    """Faction Action, per the Symbol Summary: a step on the track of one's choice or the
    indicated one; only a symbol with the checkmark scores (a box at or left of the disc,
    then the disc back to the start)."""
    if not command.units:
        raise BadInput("say each step: TRACK, or TRACK:SPACEa|b to score", legal="faction PLAYER futurist")
    for k, word in enumerate(command.units):
        state = out.state
        frame = acting(state, command.player)
        track, score = _faction_unit(word)
        if score is None:
            spot = find(frame, [track, "faction", f"{track}-check", "faction-check", "neglect"])
            if spot is None:
                raise missing(frame, f"step on the {track} track", R_FACTION)
            use(out, *spot, 1)
            core.steps(out, command.player, track, 1, frame.source)
            continue
        spot = find(frame, [f"{track}-check", "faction-check", "neglect"])
        if spot is None:
            raise IllegalMove(
                "only a faction symbol with the checkmark scores a track",
                rule=R_SCORING,
                legal=f"step instead: faction {command.player} {track}",
            )
        if k < len(command.units) - 1:
            raise IllegalMove("scoring opens a box: score last", rule=R_SCORING)
        position = state.players[command.player].factions[track]
        space, which = score
        if not 1 <= space <= position:
            where = f"on space {position}" if position else "on the start space"
            raise IllegalMove(
                f"{command.player}'s {track} disc is {where}: only a box at or left of the disc scores",
                rule=R_SCORING,
                legal=f"a box of spaces 1 to {position}"
                if position
                else f"step instead: faction {command.player} {track}",
            )
        box = parse_box(core.track(state, track).spaces[space - 1][which])
        costs.plan(state, command.player, box.costs, command.pay)
        neglect = frame.slots[spot[0]].items[spot[1]].symbol == "neglect"
        use(out, *spot, 1)
        if not neglect:
            core.change(out, command.player, f"scores the {track} track: the disc back to the start",
                        factions={track: -position})  # fmt: skip
        source = f"{track} space {space}{'ab'[which]}"
        open_box(out, command.player, source, box, pay_words=command.pay)
    settle(out)


def play_news(out: Out, command: PlayNews) -> None:
    """News Card: the face-up top card of a pile, costs first; on top of one's news stack
    once its actions are done; the pile shows no card until the turn ends."""
    state = out.state
    frame = acting(state, command.player)
    spot = find(frame, ["news"])
    if spot is None:
        raise missing(frame, "news card", R_NEWS)
    if command.pile not in data.NEWS_PILES:
        raise BadInput(f"news piles are I, II and III, not {command.pile!r}", legal="I | II | III")
    card = state.news_up.get(command.pile, "")
    if not card:
        up = [p for p in data.NEWS_PILES if state.news_up.get(p)]
        raise IllegalMove(
            f"pile {command.pile} has no face-up news card"
            + (" until the turn ends" if command.pile in state.taken else ""),
            rule=R_NEWS,
            legal=f"face up: {', '.join(f'{p} {state.news_up[p]}' for p in up) or 'none'}",
        )
    box = parse_box(state.faces.news[card].box)
    costs.plan(state, command.player, box.costs, command.pay)
    use(out, *spot, 1)
    out.add(NewsTaken(command.player, command.pile, card))
    open_box(out, command.player, f"news {card}", box, pay_words=command.pay, card=card, then="stack")
    settle(out)


def swindle(out: Out, command: BuySwindle) -> None:
    """Buy a Swindle Tile: the topmost empty space, its cost (none if "free") and reward."""
    state = out.state
    frame = acting(state, command.player)
    free_spot = find(frame, ["swindle-free"])
    spot = free_spot or find(frame, ["swindle"])
    if spot is None:
        raise missing(frame, "swindle tile", R_SWINDLE)
    player = state.players[command.player]
    left = core.swindles_left(player)
    if command.tile not in left:
        raise IllegalMove(
            f"{command.player} has no {command.tile} swindle tile left",
            rule=R_SWINDLE,
            legal=f"left: {', '.join(left) or 'none'}",
        )
    face = state.faces.swindle
    assert face is not None
    cost, reward = face.spaces[len(player.swindles)]
    if free_spot is None:
        costs.plan(state, command.player, parse_box(cost).costs, ())
    use(out, *spot, 1)
    if free_spot is None:
        for asked in reversed(costs.pay(out, command.player, parse_box(cost).costs, (), "a swindle tile")):
            out.add(BoxOpened(asked))
    out.add(SwindlePlaced(command.player, command.tile))
    open_box(out, command.player, f"swindle space {len(player.swindles) + 1}", parse_box(reward))
    settle(out)


def marker(out: Out, command: Marker) -> None:
    frame = acting(out.state, command.player)
    if command.direction not in ("left", "right"):
        raise BadInput("the election marker moves left or right", legal="left | right")
    spot = find(frame, ["marker", command.direction])
    if spot is None:
        raise missing(frame, f"election marker move to the {command.direction}", R_MARKER)
    n = frame.slots[spot[0]].items[spot[1]].n
    use(out, *spot, n)
    move_marker(out, n if command.direction == "right" else -n)
    settle(out)
