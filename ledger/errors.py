"""The referee's small, typed family of errors.

Every refusal is one line a person at the table can act on. The command line maps each
class to an exit code (``exit_code``) and prints ``str(error)``; ``--json`` prints
``error.to_json()``. A refused move appends nothing.
"""

from __future__ import annotations

from typing import Any


class RefereeError(Exception):
    """Base of every error the referee reports to a person."""

    exit_code = 1
    kind = "error"

    def __init__(
        self,
        message: str,
        *,
        rule: str | None = None,
        legal: str | None = None,
        seq: int | None = None,
        candidates: list[str] | None = None,
    ) -> None:
        self.message = message
        self.rule = rule
        self.legal = legal
        self.seq = seq
        self.candidates = candidates or []
        super().__init__(str(self))

    def __str__(self) -> str:
        text = f"{self.rule}: {self.message}" if self.rule else self.message
        if self.legal:
            text = f"{text} ({self.legal})"
        if self.candidates:
            text = f"{text}: {', '.join(self.candidates)}"
        return text

    def to_json(self) -> dict[str, Any]:
        return {
            "error": self.kind,
            "message": str(self),
            "rule": self.rule,
            "legal": self.legal,
            "seq": self.seq,
            "candidates": self.candidates,
            "exit_code": self.exit_code,
        }


class BadInput(RefereeError):
    """A move or argument that does not parse, or names something unknown."""

    exit_code = 2
    kind = "bad_input"


class AmbiguousMove(RefereeError):
    """Input that could mean more than one move; ``candidates`` lists them."""

    exit_code = 2
    kind = "ambiguous"


class IllegalMove(RefereeError):
    """A well-formed move that the rules refuse; ``rule`` cites the rulebook section."""

    exit_code = 1
    kind = "illegal"


class BreaksLater(IllegalMove):
    """A void refused because later moves hold only on the move it takes back: asked again with
    its cascade, it voids them too (each front end says how: ``--cascade``, a box to tick)."""


class NotYourTurn(IllegalMove):
    """A move by a player who may not act now."""

    kind = "not_your_turn"


class GameOver(IllegalMove):
    """A move after the game has ended."""

    kind = "game_over"


class Forbidden(RefereeError):
    """A role that may not do what was asked: a player moving for another, a served link that
    opens no player's page, a wrong token."""

    exit_code = 2
    kind = "forbidden"


class VerificationFailed(RefereeError):
    """A log whose hash chain or moves do not check out; ``seq`` names the first bad row."""

    exit_code = 1
    kind = "verification"


class MoveRefused(VerificationFailed):
    """A recorded move that the rules refuse when the log is checked: the table may void it."""


class LogDamaged(VerificationFailed):
    """A game whose log does not check out (a row altered, removed, or refused by the rules):
    nothing is shown or appended until the table resolves it; ``seq`` names the first bad row
    and ``legal`` what the table can do. Only ``verify`` and ``export`` still read it."""

    exit_code = 3
    kind = "damaged"


class OutputFailed(RefereeError):
    """What a command had to print could not be written (a closed pipe, a full disk); a move
    it recorded stays recorded, and the message says so."""

    exit_code = 5
    kind = "output"


class NotFound(RefereeError):
    """An unknown game id or sequence number."""

    exit_code = 2
    kind = "not_found"


class WriteConflict(RefereeError):
    """Another writer appended first and the move could not be re-applied."""

    exit_code = 3
    kind = "conflict"


class StoreUnreadable(RefereeError):
    """The database cannot be opened or read."""

    exit_code = 3
    kind = "unreadable"


class StorageFailed(RefereeError):
    """The database could not be written (full disk, read-only media, an I/O error): nothing
    was recorded."""

    exit_code = 3
    kind = "storage"
