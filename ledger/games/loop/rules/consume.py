"""LOOP 2.2 c) CONSUME, with SHAREd MATERIAL (3.1) and 2.5 c) REPUTATION for HAPPINESS."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ledger.errors import IllegalMove
from ledger.games.loop import data
from ledger.games.loop.evolve import settle, take
from ledger.games.loop.model import (
    Completion,
    Consume,
    Consumed,
    Grant,
    Mat,
    MatRef,
    RepHappiness,
    ReputationSpent,
    Use,
)
from ledger.games.loop.rules.core import (
    LEGACY,
    R_CONSUME,
    R_REP_CONSUME,
    _active,
    _after_happiness,
    _gain,
    _known_player,
    _main_free,
    _Out,
    consume_possible,
    mat_text,
    r_favour,
    resolve,
    up,
)
from ledger.piles import counts_text


def _pair(holdings: dict[str, list[Mat]], player: str, refs: Sequence[MatRef]) -> list[Mat] | None:
    """``glass,glass`` when the player owns exactly 2 GLASS: both, whatever their QUALITY."""
    if len(refs) != 2 or refs[0] != refs[1] or refs[0].quality is not None or refs[0].owner:
        return None
    pool = [m for m in holdings[player] if m[0] == refs[0].type]
    return sorted(pool) if len(pool) == 2 else None


def _shared_text(grants: Iterable[Grant], holdings: dict[str, list[Mat]], kind: str, owner: str = "") -> str:
    """The SHAREd cards of ``kind`` that may be spent, as typed: ``bob:glass@2, carol:glass@1``."""
    cards = sorted(
        {
            (g.owner, g.material)
            for g in grants
            if g.material[0] == kind and g.material in holdings[g.owner] and g.owner != owner
        }
    )
    return ", ".join(f"{who}:{mat_text(mat)}" for who, mat in cards)


def _own_colour(holdings: dict[str, list[Mat]], grants: list[Grant], me: str, ref: MatRef, also: str) -> None:
    """A colour the player lacks but a SHARE holds: say how to name the SHAREd card."""
    if any(t == ref.type for t, _ in holdings[me]):
        return
    shared = _shared_text(grants, holdings, ref.type, me)
    if shared:
        raise IllegalMove(
            f"{me} has no {up(ref.type)}{also}",
            rule=R_CONSUME,
            legal=f"a SHAREd one is written OWNER:TYPE@QUALITY: {shared}",
        )


def _shared(
    holdings: dict[str, list[Mat]], grants: list[Grant], me: str, owner: str, ref: MatRef, also: str
) -> Mat:
    """The SHAREd card ``owner:ref`` names (LOOP 3.1 SHARE)."""
    rule = r_favour("share")
    mine = [g.material for g in grants if g.owner == owner and g.material[0] == ref.type]
    shared = [m for m in mine if m in holdings[owner]]
    if not shared:
        others = _shared_text(grants, holdings, ref.type)
        if mine and also:
            why = f"{owner}'s SHAREd {up(ref.type)} is taken for this ACTIVITY; none{also}"
        elif mine:
            why = f"{owner} no longer has the SHAREd {', '.join(sorted(map(mat_text, set(mine))))}"
        else:
            why = f"no accepted SHARE of {owner}'s {up(ref.type)} is left to spend this turn{also}"
        raise IllegalMove(
            why,
            rule=rule,
            legal=f"SHAREd {up(ref.type)} left: {others}"
            if others
            else f"favour {me} share {owner} {ref.type}, and {owner} accepts it",
        )
    return resolve(shared, ref, f"the SHARE from {owner}", rule, also, f"{owner}:")


def _consume(out: _Out, command: Consume) -> None:
    state = out.state
    player = _active(state, command.player)
    if state.main and state.main != "consume":
        _main_free(state, player)
    spends = command.spends
    # LOOP 2.2 c) "up to 3 ACTIVITY in 1 turn": over all the turn's consume moves, so a GOAL
    # may be achieved between them (2.3 "anytime during your CONSUME turn").
    room = data.MAX_PER_TURN - state.consumed
    if not 1 <= len(spends) <= room:
        done = f"; {player.name} has consumed {state.consumed} this turn" if state.consumed else ""
        raise IllegalMove(
            f"you may CONSUME up to {data.MAX_PER_TURN} ACTIVITY in 1 turn, not "
            f"{state.consumed + len(spends)}{done}",
            rule=R_CONSUME,
            legal=f"{room} more ACTIVITY at most"
            if room
            else f"achieve a GOAL, play FAVOUR or end {player.name}",
        )
    area = list(state.consume_area)
    holdings = {name: list(p.materials) for name, p in state.players.items()}
    grants = list(state.shares)
    completions = []
    for spend in spends:
        name = spend.activity
        if name not in area:
            raise IllegalMove(
                f"{name} is not in the CONSUME AREA",
                rule=R_CONSUME,
                legal=f"the CONSUME AREA holds {counts_text(area)}",
            )
        area.remove(name)
        needs = state.activity_faces[name].needs or ()
        refs = spend.materials
        typed = tuple(sorted(ref.type for ref in refs))
        if typed != needs:
            raise IllegalMove(
                f"{name} needs {' and '.join(map(up, needs))}, "
                f"not {' and '.join(map(up, typed)) or 'nothing'}",
                rule=R_CONSUME,
                legal="1 QUALITY from each of 2 separate MATERIAL of the colours shown",
            )
        for ref in refs:
            if ref.owner is not None:
                _known_player(state, ref.owner)
        paired = _pair(holdings, player.name, refs)
        taken: list[tuple[str, Mat]] = []
        for i, ref in enumerate(refs):
            owner = ref.owner or player.name
            also = " left for a 2nd, separate one" if i and refs[0].type == ref.type else ""
            if paired is not None:
                mat = paired[i]
            elif owner == player.name:
                _own_colour(holdings, grants, player.name, ref, also)
                mine = [m for who, m in taken if who == owner]
                mat = resolve(holdings[owner], ref, owner, R_CONSUME, also, taken=mine, taken_for=name)
            else:
                mat = _shared(holdings, grants, player.name, owner, ref, also)
            take(holdings, grants, player.name, owner, mat)
            taken.append((owner, mat))
        grants = settle(holdings, grants, player.name, taken)
        uses = tuple(Use(owner, kind, quality) for owner, (kind, quality) in taken)
        completions.append(Completion(name, uses))
    kept = [k.name for k in player.kept]
    new = [spend.activity for spend in spends]
    excess = len(kept) + len(new) - data.MAX_KEPT
    if excess <= 0 and command.drop:
        raise IllegalMove(
            f"you keep up to {data.MAX_KEPT} ACTIVITY; nothing to drop yet",
            rule=R_CONSUME,
            legal=f"leave out --drop: {player.name} would keep {len(kept) + len(new)}",
        )
    if excess > 0:
        older = kept + new[:-1]
        if len(command.drop) != excess:
            raise IllegalMove(
                f"{player.name} would keep {len(kept) + len(new)} ACTIVITY: "
                f"discard {excess} older one{'s' if excess > 1 else ''}",
                rule=R_CONSUME,
                legal=f"--drop one of {counts_text(older)}",
            )
        for name in command.drop:
            if name not in older:
                raise IllegalMove(
                    f"{name} is not an older ACTIVITY of {player.name}'s",
                    rule=R_CONSUME,
                    legal=f"--drop one of {counts_text(older)}",
                )
            older.remove(name)
    spent = 0
    if command.rep_happiness:
        if player.reputation < data.REPUTATION_FOR_HAPPINESS:
            raise IllegalMove(
                f"{player.name} has {player.reputation} REPUTATION; 1 HAPPINESS costs 2",
                rule=R_REP_CONSUME,
                legal="leave out --rep-happiness",
            )
        if not state.legacy and _gain(player, len(completions) + 1) == _gain(player, len(completions)):
            raise IllegalMove(
                f"{player.name} reaches HAPPINESS {data.MAX_HAPPINESS} with these ACTIVITY: the 2 "
                "REPUTATION would buy nothing",
                rule=R_REP_CONSUME,
                legal="leave out --rep-happiness",
            )
        spent = data.REPUTATION_FOR_HAPPINESS
    gained = _gain(player, len(completions) + (1 if spent else 0))
    out.add(Consumed(player.name, tuple(completions), command.drop, gained, spent))
    _after_happiness(out, player.name)


def _rep_happiness(out: _Out, command: RepHappiness) -> None:
    """LOOP 2.5 c): "Only when CONSUME Spend 2 REPUTATION to get 1 HAPPINESS", as a move of its
    own, any time in the CONSUME turn. Before the first CONSUME it makes the turn one, as a
    GOAL does (2.3), so a CONSUME must be possible then."""
    state = out.state
    player = _active(state, command.player)
    if state.legacy:
        raise IllegalMove(
            f"this game follows rules version {LEGACY}: spend it with consume ... --rep-happiness",
            rule=R_REP_CONSUME,
        )
    if state.main and state.main != "consume":
        raise IllegalMove(
            f"REPUTATION buys HAPPINESS only in a CONSUME turn, and this is a {up(state.main)} turn",
            rule=R_REP_CONSUME,
            legal=f"play FAVOUR or end {player.name}",
        )
    if not state.main and not consume_possible(state, player):
        raise IllegalMove(
            f"REPUTATION buys HAPPINESS only in a CONSUME turn, and {player.name} cannot CONSUME "
            "any ACTIVITY in the CONSUME AREA now",
            rule=R_REP_CONSUME,
            legal=f"work {player.name} | buy {player.name} ...",
        )
    if player.reputation < data.REPUTATION_FOR_HAPPINESS:
        raise IllegalMove(
            f"{player.name} has {player.reputation} REPUTATION; 1 HAPPINESS costs "
            f"{data.REPUTATION_FOR_HAPPINESS}, spent at the same time",
            rule=R_REP_CONSUME,
        )
    gained = _gain(player, 1)
    if not gained and not command.force:
        raise IllegalMove(
            f"{player.name} is at HAPPINESS {data.MAX_HAPPINESS}: the 2 REPUTATION would buy nothing",
            rule=R_REP_CONSUME,
            legal=f"keep them, or rep-happiness {player.name} --force to spend them anyway",
        )
    out.add(ReputationSpent(player.name, data.REPUTATION_FOR_HAPPINESS, gained))
    _after_happiness(out, player.name)
