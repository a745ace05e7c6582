"""A log that does not check out: the refusals its checks raise, and the marks they leave."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from ledger.codec import (
    row_hash,
)
from ledger.decider import Game, Setup
from ledger.errors import (
    LogDamaged,
    MoveRefused,
    RefereeError,
    VerificationFailed,
)
from ledger.history import (
    find_head,
)
from ledger.store import Row, Tip

RESTORE = "restore an export (`referee import FILE --copy`) or put the rows back as they were"


def _untrusted(error: VerificationFailed) -> LogDamaged:
    """A check failed on the way to a state: no command goes on from a log that does not hold.
    The refusal names the first bad row and what the table can do about it."""
    if isinstance(error, MoveRefused) and error.seq is not None:
        legal = (
            f"the table can void it: `referee void {error.seq} --reason TEXT` (add --cascade for the"
            f" moves it broke); or {RESTORE}; `referee verify` keeps working"
        )
    else:
        legal = f"{RESTORE}; `referee verify` keeps working"
    return LogDamaged(f"the log does not check out: {error.message}", legal=legal, seq=error.seq)


def _changed_head(head: int) -> VerificationFailed:
    return VerificationFailed(f"row #{head} is not the head that was checked: the log changed", seq=head)


def _setup_rewritten() -> VerificationFailed:
    return VerificationFailed("row #1 (the setup) is not the one checked before: it was rewritten", seq=1)


def _check_own_hash(row: Row) -> None:
    """A row read on its own (a revert, the move it names) still matches its hash."""
    if row_hash(row.prev_hash, row.seq, row.type, row.body, row.actor, row.recorded_at) != row.hash:
        raise VerificationFailed(
            f"row #{row.seq} was altered: its contents do not match its hash", seq=row.seq
        )


class _Unproven(VerificationFailed):
    """What ``verify`` cannot prove is damage: said (exit 1), never recorded as a mark."""


def _head_in(rows: Sequence[Row], prefix: str) -> Row:
    """The row whose hash starts with ``prefix`` (a head hash kept elsewhere); ``_Unproven`` if
    no row has it (mistyped, from another database, or the log was cut or rewritten after it)."""
    found = find_head(rows, prefix)
    if found is None:
        raise _Unproven(
            f"no row of this log (#1 to #{len(rows)}) has the head hash {prefix[:12]}...: it was mistyped,"
            " or comes from another database, or the rows after it were cut or rewritten",
            legal="check the hash against where it was kept (an export's line, a phone's page); nothing"
            " was marked",
            seq=len(rows) + 1,
        )
    return found


class _MarkLost(LogDamaged):
    """``_mark_lost``: derived from the database on every command, never recorded as a mark."""


def _mark_lost(game_id: int, head: int) -> LogDamaged:
    """A game whose verified mark is missing, or does not hold its seal, though the referee made
    one with its rows (``Tip.lost``): deleted or forged by hand, and with it what would show
    rows cut from the end of its log (from ``head + 1`` on, the row it names)."""
    return _MarkLost(
        f"game #{game_id}'s verified mark was deleted or altered by hand: rows may have been cut"
        " from the end of its log, which nothing left in the database can show",
        legal="`referee verify --head HASH` with a head hash kept elsewhere (an export's, a phone's)"
        " checks that the log still holds it; `referee verify --accept` takes the log as it stands",
        seq=head + 1,
    )


def _recorded_damage(tip: Tip) -> LogDamaged:
    """The refusal a check recorded for this game (sealed with its mark), said again."""
    try:
        bad = msgspec.json.decode(tip.bad or "", type=dict[str, str | None])
    except msgspec.DecodeError:
        bad = {}
    return LogDamaged(
        bad.get("message") or "the log does not check out", legal=bad.get("legal"), seq=tip.bad_seq
    )


def _initial(game: Game, setup: Setup) -> Any:
    try:
        return game.initial(setup)
    except RefereeError as error:
        raise _untrusted(VerificationFailed(f"the setup row is refused: {error}", seq=1)) from None
