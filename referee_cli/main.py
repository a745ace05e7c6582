"""The ``referee`` program (pyproject's console script): base's runner, handed the Typer app's
command line. The app is imported only when a line needs it, so that ``status``, ``undo`` and a
move start without typer (``referee_cli.base.quick``); base itself imports nothing above it.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from referee_cli import base


def build_command() -> Any:
    """The click command of the whole command line (``referee_cli.app.build_command``)."""
    from referee_cli.app import build_command  # typer and the app: a third of a start, not for quick lines

    return build_command()


def run(args: Sequence[str] | None = None, command: Any = None) -> int:
    """Run the command line on ``args`` (the process's arguments if None) as ``referee`` does and
    return its exit code, never a traceback; ``command`` is a click command built once, which
    reads every line (none starts quick)."""
    return base.start(args, build_command) if command is None else base.run(args, command)


def main() -> None:
    sys.exit(run())
