"""``present``: the typed view rendered as the text ``status`` and ``at`` print.

It reads nothing but the view, so the text cannot show what the view does not hold.
"""

from __future__ import annotations

from ledger.decider import Screen, Table
from ledger.games.planet_b import data
from ledger.games.planet_b.said import box_words
from ledger.games.planet_b.view import BuildingView, PlayerView, SpaceView, View


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {k}" for k, n in counts.items()) or "none"


def headline(view: View) -> str:
    if view.phase == "cards":
        return "Setup · waiting for the boards and cards the rulebook does not print"
    if view.phase == "setup":
        return "Setup · the table reveals the conglomerate tiles and the news"
    if view.phase == "draft" and view.draft is not None:
        d = view.draft
        return f"Starting buildings · {d.pile} buildings · {d.picker} keeps one of {d.size}"
    if view.phase == "over":
        return f"Game over · {' and '.join(view.winners)} win{'s' if len(view.winners) == 1 else ''}"
    parts = []
    if view.phase == "turn":
        parts.append(f"{view.active}'s turn")
        if not view.dealt:
            parts.append("deal to do")
        if view.office_owed:
            parts.append(f"{data.OFFICE_NAMES[view.office_owed]}'s action owed")
        if view.stack:
            top = view.stack[-1]
            parts.append(f"{top.owner}: {top.source}: {', '.join(map(box_words, top.left)) or 'done'}")
    elif view.phase == "refill":
        waiting = "redraw to 3 buildings" if "redraw" in view.verbs else "the table reveals news"
        parts.append(f"{view.active} ended the turn · {waiting}")
    elif view.phase == "exchange":
        if view.exchange_resources and "exchange" in view.verbs:
            parts.append(f"Exchange · {view.exchange} takes {view.exchange_resources} resources")
        else:
            parts.append("Exchange · the table reveals the next B tile")
    elif view.phase == "election" and view.election is not None:
        e = view.election
        if e.step == "recall":
            parts.append(
                f"Election · 1. Return Workies · {e.recall[0]} says which partly filled areas return"
            )
        else:
            parts.append(f"Election · 3. draws · {e.drawer} draws {e.draw}")
            if len(e.left) > 1:
                # the whole draw in one command: each drawer's votes in all (a drawer alone
                # left draws the bag's last votes in this draw: the drawing order goes round)
                parts.append("in all " + ", ".join(f"{name} {n}" for name, n in e.left.items()))
    if view.called and view.phase in ("turn", "refill", "exchange"):
        parts.append("an election follows")
    if view.final is not None:
        parts.append(f"final turns: {view.final} left")
    return " · ".join(parts)


def prompt(view: View) -> str:
    if not view.to_act:
        return ""
    if view.to_act == ["table"] and view.awaited:
        return "table: " + "; ".join(view.awaited)
    return f"{view.to_act[0]}: {' | '.join(view.verbs)}"


def _space(space: SpaceView) -> tuple[str, str]:
    prices = ", ".join(f"{r} {p}" for r, p in space.prices.items())
    if space.tile is None:
        return space.name, f"empty · market {space.market}: {prices}"
    return (
        space.name,
        f"{space.tile} ({space.side}, {space.suitcases}/{space.room} suitcases, then {space.then}): "
        f"{box_words(space.box) if space.box else 'nothing'} · market {space.market}: {prices}",
    )


def _site(b: BuildingView) -> str:
    areas = " ".join(f"{len(p)}/{len(a)}" for a, p in zip(b.areas, b.placed, strict=True))
    return f"{b.name} [{areas}]"


def _label(p: PlayerView) -> str:
    office = {"president": "P", "vice-president": "VP", "lama": "LAMA", "dodo": "DODO"}.get(
        p.office or "", ""
    )
    return f"{p.name}{'*' if p.board == 1 else ''}" + (f" ({office})" if office else "")


def present(view: View) -> Screen:
    """The board, the players and what may be done now, as text."""
    facts: list[tuple[str, str]] = []
    if view.side:
        facts.append(("board", f"side {view.side} · election marker {view.marker} of {view.track}"))
        facts += [_space(space) for space in view.spaces]
        removed = f" ({view.removed} removed)" if view.removed else ""
        facts.append(("B tiles", f"{view.tiles_left} to come{removed}"))
        facts.append(("news", " · ".join(f"{pile} {card or '-'}" for pile, card in view.news_up.items())))
        buildings = ", ".join(f"{p} {view.piles.get(p, 0)}" for p in data.BUILDING_PILES)
        laws = ", ".join(f"{c} {view.piles.get(c, 0)}" for c in data.LAW_PILES)
        news = ", ".join(f"{p} {view.piles.get(p, 0)}" for p in data.NEWS_PILES)
        facts.append(("piles", f"buildings {buildings} · news {news} · laws {laws}"))
        bag = _counts(view.bag)
        facts.append(("bag", f"{sum(view.bag.values())}: {bag}"))
        if view.dummy is not None:
            office = f", {data.OFFICE_NAMES[view.dummy_office]}" if view.dummy_office else ""
            facts.append(("dummy", f"votes: {view.dummy.supply} supply, {view.dummy.bag} bag{office}"))
    for frame in view.stack:
        left = ", ".join(map(box_words, frame.left)) or "done"
        facts.append(("open box", f"{frame.owner}: {frame.source}: {left}"))
    if view.draft is not None and view.draft.packet is not None:
        facts.append(("packet", ", ".join(view.draft.packet)))
    if view.election is not None:
        e = view.election
        front = "; ".join(f"{holder}: {_counts(votes)}" for holder, votes in e.front.items()) or "none"
        facts.append(("election", f"triggered by {e.trigger} · drawing order {', '.join(e.order)}"))
        facts.append(("in front", front + (f" · +1 counted: {_counts(e.phantom)}" if e.phantom else "")))
    players = [view.players[name] for name in view.seats]
    tables = [
        Table(
            "players (* start player; P, VP, LAMA, DODO: offices)",
            ["player", "money", "VP", "mood", "cap", "fut", "trad", "crafty", "brainy", "votes s/b", "news"],
            [
                [
                    _label(p),
                    str(p.money),
                    "?" if p.vp is None else str(p.vp),
                    f"{p.mood:+d}",
                    *(str(p.factions[t]) for t in data.TRACKS),
                    str(p.crafties),
                    str(p.brainies),
                    f"{p.votes.supply}/{p.votes.bag}" + (f" ({p.votes.out} out)" if p.votes.out else ""),
                    (p.news[-1] + (" (immoral)" if p.immoral else "")) if p.news else "-",
                ]
                for p in players
            ],
        ),
        Table(
            "warehouse and production",
            ["player", "warehouse", "upper", "lower", "swindle"],
            [
                [
                    p.name,
                    _counts(p.warehouse),
                    ", ".join(p.lines.get("upper", [])),
                    ", ".join(p.lines.get("lower", [])),
                    " ".join(p.swindles) or "-",
                ]
                for p in players
            ],
        ),
        Table(
            "buildings (workies on each work area)",
            ["player", "in hand", "constructed"],
            [
                [
                    p.name,
                    f"{p.hand}" + (f": {', '.join(p.in_hand)}" if p.in_hand else ""),
                    "; ".join(_site(b) for b in p.buildings) or "-",
                ]
                for p in players
            ],
        ),
    ]
    return Screen(headline(view), prompt(view), facts, tables)
