"""What the commands of the command line share: their options and arguments (with the shells'
completion of a player's or a game's name), the session the root's options chose, and reading and
writing a file named on the command line."""

from __future__ import annotations

import errno
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ledger import games
from ledger.errors import BadInput, RefereeError, StorageFailed
from referee_cli.base import HELP_FLAGS, Session, database, echo, write

if TYPE_CHECKING:
    from ledger.service import Referee
else:
    from referee_cli.base import Referee  # imported on first use: `--help` loads no service


JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON (see docs/reference.md for its shape).")]


def complete_player(ctx: typer.Context, incomplete: str) -> list[str]:
    """Shell completion of a player's name in the current game."""
    root = ctx.find_root()
    try:
        referee = Referee.open(database(root.params.get("db")), create=False)
        players = referee.load(referee.resolve(root.params.get("game"))).setup.players
    except RefereeError:
        return []
    return [p for p in players if p.lower().startswith(incomplete.lower())]


def complete_kind(incomplete: str) -> list[str]:
    """Shell completion of a game's name."""
    return [name for name in games.names() if name.startswith(incomplete.lower())]


As = Annotated[
    str | None, typer.Option("--as", help="Show this player's hidden cards.", autocompletion=complete_player)
]
Player = Annotated[str | None, typer.Argument(metavar="[PLAYER]", autocompletion=complete_player)]
Kind = Annotated[
    str, typer.Argument(metavar="GAME", help="The game, e.g. loop.", autocompletion=complete_kind)
]
Reveal = Annotated[bool, typer.Option("--reveal", help="Show every hidden card.")]


def complete_actor(ctx: typer.Context, incomplete: str) -> list[str]:
    """Shell completion of ``--by``: a player of the current game, or the table."""
    return [*complete_player(ctx, incomplete), *(["table"] if "table".startswith(incomplete.lower()) else [])]


By = Annotated[
    str | None,
    typer.Option(
        "--by",
        help="Who asked (recorded in the log; default: the move's player).",
        autocompletion=complete_actor,
    ),
]
OutputFile = Annotated[Path | None, typer.Option("--output", "-o", help="Write to FILE, not stdout.")]
CONTEXT = {"help_option_names": list(HELP_FLAGS), "token_normalize_func": str.lower}
# A command whose argument is a row's seq (`at`, `void`): `-1` is that argument (refused by the
# service, "game #1 has no row #-1 (1 to 78)"), not an option click has never heard of.
NEGATIVE_SEQ = {"ignore_unknown_options": True}


def session(ctx: typer.Context) -> Session:
    obj = ctx.find_root().obj
    assert isinstance(obj, Session)
    return obj


def write_out(text: str, output: Path | None, summary: str) -> None:
    """``text`` to ``output`` (saying what was written), or to stdout with the summary on stderr
    once every byte has gone out (a reader that stops early, like ``head``, gets no summary)."""
    if output is None:
        write(text, flush=True)
        sys.stderr.write(summary + "\n")
    else:
        try:
            output.write_text(text)
        except OSError as exc:
            if exc.errno in (errno.ENOSPC, errno.EIO, errno.EROFS, errno.EDQUOT):
                raise StorageFailed(
                    f"cannot write {output}: {exc.strerror}: it is incomplete",
                    legal="free some space, then try again",
                ) from None
            raise BadInput(f"cannot write {output}: {exc.strerror}") from None
        echo(f"wrote {output}: {summary}")


def _read(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise BadInput(f"cannot read {path}: {exc.strerror}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadInput(
            f"{path} is not UTF-8 text: byte 0x{data[exc.start]:02x} at offset {exc.start} does not read",
            legal="save it as UTF-8",
        ) from None
