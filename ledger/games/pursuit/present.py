"""``present``: the typed view rendered as the text ``status`` and ``at`` print.

It reads nothing but the view, so the text cannot show what the view does not hold.
"""

from __future__ import annotations

from ledger.decider import Screen, Table
from ledger.games.pursuit.view import CardView, PlayerView, View


def round_name(view: View) -> str:
    if view.round is None:
        return "Setup"
    return "Teen round" if view.round == 0 else f"Adult round {view.round}"


def headline(view: View) -> str:
    if view.phase == "settings":
        return "Setup · the table declares the base game's settings"
    if view.phase == "setup":
        if view.to_act == ["table"]:
            return "Setup · the table lays out its cards"
        return f"Setup · Child Traits: {', '.join(view.to_act)} to keep theirs"
    if view.phase == "over":
        if view.solo_target is not None:
            name = view.seats[0]
            lth = view.players[name].lth
            result = "wins" if view.winners else "loses"
            return f"Game over · {name} {result} the solo game (LTH {lth}, target {view.solo_target})"
        best = max(p.lth for p in view.players.values())
        names = " and ".join(view.winners)
        return f"Game over · {names} win{'s' if len(view.winners) == 1 else ''} (LTH {best})"
    parts = [round_name(view)]
    if view.phase == "preparation":
        parts.append("Preparation · the table reveals the cards drawn")
    elif view.phase == "upkeep":
        parts.append(f"Upkeep · {', '.join(view.owed)} to pay upkeep")
    elif view.phase == "action":
        parts.append(f"Action · {view.active}'s turn")
        if any(step.startswith("reveal friends") for step in view.awaited):
            parts.append("the table refills the Friends board")
    elif view.phase == "resolution":
        who = view.to_act[0] if view.to_act else "nobody"
        parts.append(f"Resolution · {who} resolves {view.resolving}")
        # Outcome: in the order the players engaged; the table is told it, not left to recall
        order = next((list(s.engaged) for s in view.community if s.card == view.resolving), [])
        if len(order) > 1:
            parts.append(f"engaged first: {', then '.join(order)}")
    return " · ".join(parts)


def prompt(view: View) -> str:
    if not view.to_act:
        return ""
    players = [name for name in view.to_act if name != "table"]
    if not players and view.awaited:
        return "table: " + "; ".join(view.awaited)
    said = f"{', '.join(players)}: {' | '.join(view.verbs)}"
    if view.phase == "upkeep" and len(view.owed) > 1:
        said += " · table: upkeep --all (each pays all of it)"
    if view.awaited:  # the table's step beside the players' (a refill, a face to declare)
        said += " · table: " + "; ".join(view.awaited)
    return said


def _card(card: CardView) -> str:
    level = f"L{card.level}/{card.levels}" if card.levels > 1 else ""
    status = "" if card.status == "in play" else card.status
    where = " ".join(part for part in (level, status) if part)
    placed = f" ({card.hourglasses}h)" if card.hourglasses else ""
    return f"{card.name}{' ' + where if where else ''}{placed}"


def _tracks(p: PlayerView) -> list[str]:
    return [
        p.name + ("" if p.alive else " (life ended)"),
        f"{p.knowledge}/{p.creativity}/{p.influence}/{p.money}",
        str(p.stress),
        f"{p.sth:+d}",
        str(p.lth),
        str(p.relax),
        f"{p.hourglasses} (own {p.owned})",
    ]


def present(view: View) -> Screen:
    """The boards, the players and what may be done now, as text."""
    facts: list[tuple[str, str]] = []
    if view.modules:
        facts.append(("modules", ", ".join(view.modules)))
    if view.rounds is not None and view.round is not None:
        of = "then" if view.round == 0 else "of"
        facts.append(("round", f"{round_name(view)} ({of} {view.rounds} Adult rounds)"))
    if view.order and view.phase == "action":
        facts.append(("turn order", ", ".join(view.order)))
    if view.community:
        slots = []
        for i, slot in enumerate(view.community, 1):
            if slot.card is None:
                slots.append(f"{i} -")
                continue
            who = ", ".join(f"{p} ({how})" for p, how in slot.engaged.items())
            multiple = " [multiple]" if slot.multiple else ""
            slots.append(f"{i} {slot.card}{multiple}" + (f": {who}" if who else ""))
        facts.append(("community", " · ".join(slots)))
        facts.append(
            ("community pile", f"{view.community_pile} left, {len(view.community_discard)} discarded")
        )
    if view.friends:
        facts.append(("friends", " · ".join(card or "-" for card in view.friends)))
        facts.append(("friend pile", f"{view.friend_pile} left"))
    if view.school:
        facts.append(("school", "the School tile: Make a Career Choice (Teen round)"))
    if view.goals:
        facts.append(("life goals", ", ".join(view.goals)))
    players = [view.players[name] for name in view.seats]
    tables = []
    if view.phase != "settings":
        columns = ["player", "K/C/I/$", "stress", "STH", "LTH", "relax", "hourglasses"]
        rows = [_tracks(p) for p in players]
        if view.community:
            columns += ["popularity", "token"]
            for row, p in zip(rows, players, strict=True):
                row.extend([f"{p.popularity_score} (space {p.popularity})", "yes" if p.token else "placed"])
        tables.append(Table("players (K/C/I/$: Knowledge, Creativity, Influence, Money)", columns, rows))
        of = f" of {view.slots}" if view.slots is not None else ""
        tables.append(
            Table(
                "play areas",
                ["player", "slots", "cards", "child traits"],
                [
                    [
                        p.name,
                        f"{p.slots}{of}",
                        ", ".join(_card(c) for c in p.cards) or "-",
                        ", ".join(p.traits) or "-",
                    ]
                    for p in players
                ],
            )
        )
    return Screen(headline(view), prompt(view), facts, tables)
