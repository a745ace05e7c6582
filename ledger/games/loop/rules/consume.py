"""LOOP 2.2 c) CONSUME, with SHAREd MATERIAL (3.1) and 2.5 c) REPUTATION for HAPPINESS."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product

from ledger.errors import IllegalMove
from ledger.games.loop import data
from ledger.games.loop.evolve import AREA, settle, take
from ledger.games.loop.model import (
    Completion,
    Consume,
    Consumed,
    Grant,
    Mat,
    MatRef,
    RepHappiness,
    ReputationSpent,
    State,
    Use,
)
from ledger.games.loop.rules.checks import _active, _known_player, _main_free, resolve
from ledger.games.loop.rules.core import (
    LEGACY,
    R_CONSUME,
    R_REP_CONSUME,
    _after_happiness,
    _gain,
    _Out,
    consume_possible,
    in_effect,
    mat_text,
    r_career,
    r_event,
    r_favour,
    up,
)
from ledger.piles import counts_text, without


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


def _forged(
    holdings: dict[str, list[Mat]], grants: list[Grant], me: str, owner: str, mat: Mat, also: str
) -> Mat:
    """CRAFTSMAN's forged card, paying for its forged colour: the player's own, or SHAREd."""
    rule = r_career("CRAFTSMAN")
    if mat not in holdings[owner]:
        raise IllegalMove(f"the forged {mat_text(mat)} is taken already{also}", rule=rule)
    if owner != me and Grant(owner, mat) not in grants:
        raise IllegalMove(
            f"{owner}'s forged {mat_text(mat)} is not SHAREd to {me}",
            rule=rule,
            legal=f"favour {me} share {owner} {mat_text(mat)}, and {owner} accepts it",
        )
    return mat


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


def colours(state: State, owner: str, ref: MatRef) -> list[str]:
    """The colours a typed card may pay for, its printed one first: MICRO-PLASTIC makes a FOOD
    a PLASTIC (and never a FOOD); a forged card pays for its forged colour (8.0 CRAFTSMAN)."""
    printed = "plastic" if ref.type == "food" and in_effect(state, "MICRO PLASTIC") else ref.type
    found = [printed]
    forge = state.forge
    if (
        forge is not None
        and forge.owner == owner
        and forge.mat[0] == ref.type
        and ref.quality in (None, forge.mat[1])
        and forge.as_type != printed
    ):
        found.append(forge.as_type)
    return found


def _paint(
    state: State, holdings: dict[str, list[Mat]], me: str, refs: Sequence[MatRef], needs: tuple[str, ...]
) -> list[str] | None:
    """The colour each typed card pays for, printed colours first; None if they cannot. A card
    typed with the forged card's QUALITY pays for its printed colour only if its owner holds
    another like it: else it names the forged card (``food@2,food`` as ``food,food@2``)."""
    options = [colours(state, ref.owner or me, ref) for ref in refs]
    forge = state.forge
    best: list[str] | None = None
    fewest = len(refs) + 1
    for picked in product(*options):
        if tuple(sorted(picked)) != needs:
            continue
        if forge is not None and any(
            len(found) > 1
            and c == found[0]
            and ref.quality is not None
            and holdings[ref.owner or me].count(forge.mat) < 2
            for c, found, ref in zip(picked, options, refs, strict=True)
        ):
            continue
        forged = sum(c != found[0] for c, found in zip(picked, options, strict=True))
        if forged < fewest:
            best, fewest = list(picked), forged
    return best


def _consume(out: _Out, command: Consume) -> None:
    state = out.state
    player = _active(state, command.player)
    if state.main and state.main != "consume":
        _main_free(state, player)
    spends = command.spends
    if in_effect(state, "VULGARIAN") and player.coin < 4:
        raise IllegalMove(
            f"{player.name} has {player.coin} COIN: no CONSUME below 4", rule=r_event("VULGARIAN")
        )
    # LOOP 2.2 c) "up to 3 ACTIVITY in 1 turn": over all the turn's consume moves, so a GOAL
    # may be achieved between them (2.3 "anytime during your CONSUME turn").
    limit = 1 if in_effect(state, "ECONOMIC SLOWDOWN") else data.MAX_PER_TURN
    room = limit - state.consumed
    if not 1 <= len(spends) <= room:
        done = f"; {player.name} has consumed {state.consumed} this turn" if state.consumed else ""
        raise IllegalMove(
            f"you may CONSUME up to {limit} ACTIVITY in 1 turn, not {state.consumed + len(spends)}{done}",
            rule=R_CONSUME if limit == data.MAX_PER_TURN else r_event("ECONOMIC SLOWDOWN"),
            legal=f"{room} more ACTIVITY at most"
            if room > 0
            else f"achieve a GOAL, play FAVOUR or end {player.name}",
        )
    area = list(state.consume_area)
    holdings = {name: list(p.materials) for name, p in state.players.items()}
    holdings[AREA] = list(state.exhibited)  # Solo: SHAREd BUY AREA cards (7.0)
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
        if "food" in needs and in_effect(state, "MICRO PLASTIC"):
            raise IllegalMove(
                f"FOOD is regarded as PLASTIC: {name} needs FOOD and cannot be consumed",
                rule=r_event("MICRO PLASTIC"),
            )
        paint = _paint(state, holdings, player.name, refs, needs)
        if paint is None:
            typed = tuple(sorted(ref.type for ref in refs))
            raise IllegalMove(
                f"{name} needs {' and '.join(map(up, needs))}, "
                f"not {' and '.join(map(up, typed)) or 'nothing'}",
                rule=R_CONSUME,
                legal="1 QUALITY from each of 2 separate MATERIAL of the colours shown",
            )
        for ref in refs:
            if ref.owner is not None and not (ref.owner == AREA and state.exhibited):
                _known_player(state, ref.owner)
        plain = paint == [ref.type for ref in refs]
        paired = _pair(holdings, player.name, refs) if plain and state.forge is None else None
        taken: list[tuple[str, Mat]] = []
        for i, ref in enumerate(refs):
            owner = ref.owner or player.name
            also = " left for a 2nd, separate one" if i and refs[0].type == ref.type else ""
            forge = state.forge
            forged = forge is not None and paint[i] == forge.as_type and paint[i] != ref.type
            if paired is not None:
                mat = paired[i]
            elif forged:
                assert forge is not None
                mat = _forged(holdings, grants, player.name, owner, forge.mat, also)
            else:
                pool = holdings
                if forge is not None and forge.owner == owner and forge.mat in holdings[owner]:
                    # the forged card pays for its forged colour only
                    pool = {**holdings, owner: list(without(tuple(holdings[owner]), forge.mat))}
                if owner == player.name:
                    _own_colour(pool, grants, player.name, ref, also)
                    mine = [m for who, m in taken if who == owner]
                    mat = resolve(pool[owner], ref, owner, R_CONSUME, also, taken=mine, taken_for=name)
                else:
                    mat = _shared(pool, grants, player.name, owner, ref, also)
            take(holdings, grants, player.name, owner, mat)
            taken.append((owner, mat))
        grants = settle(holdings, grants, player.name, taken)
        uses = tuple(
            Use(owner, kind, quality, paint[i] if paint[i] != kind else "")
            for i, (owner, (kind, quality)) in enumerate(taken)
        )
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
