"""``referee play``: a shell on one game. Moves are typed without the ``referee GAME`` prefix;
every line runs through the same command line as ``referee ...`` does, so the shell has
the same grammar, output and one-line errors."""

from __future__ import annotations

import contextlib
import shlex
import sys
from pathlib import Path

import typer

from ledger.service import Referee

# Commands of the command line that make sense inside one game's shell.
SHELL_COMMANDS = (
    "status",
    "log",
    "score",
    "moves",
    "undo",
    "redo",
    "void",
    "at",
    "verify",
    "cards",
    "export",
)
QUIT = ("quit", "exit")


class Shell:
    def __init__(self, db: Path, game_id: int, referee: Referee) -> None:
        from referee_cli.app import build_app

        self.db = db
        self.game_id = game_id
        self.referee = referee
        self.app = build_app()
        loaded = referee.load(game_id)
        self.kind = loaded.info.kind
        self.players = list(loaded.setup.players)
        self.verbs = [v.name for v in loaded.game.verbs]
        self.usages = [v.usage for v in loaded.game.verbs]
        self.prompt = f"{self.kind} #{game_id}> "

    def words(self) -> list[str]:
        return sorted({*SHELL_COMMANDS, *QUIT, "help", *self.verbs})

    def complete(self, text: str, state: int) -> str | None:
        import readline

        line = readline.get_line_buffer()
        first = not line[: readline.get_begidx()].strip()
        pool = self.words() if first else [*self.players, *self.verbs]
        matches = [w + " " for w in pool if w.lower().startswith(text.lower())]
        return matches[state] if state < len(matches) else None

    def help(self) -> str:
        lines = [
            "moves (the game's grammar):",
            *(f"  {usage}" for usage in self.usages),
            "table commands: " + ", ".join(SHELL_COMMANDS),
            "  e.g. `undo --reason misread`, `void 12 --reason wrong card --cascade`, `status --as alice`",
            "help, quit (or end of input) to leave",
        ]
        return "\n".join(lines)

    def run_line(self, line: str) -> int:
        from referee_cli.app import run

        try:
            words = shlex.split(line)
        except ValueError as exc:
            sys.stderr.write(f"referee: cannot read that line: {exc}\n")
            return 2
        if not words:
            return 0
        head = [f"--db={self.db}", f"--game={self.game_id}"]
        if words[0] in SHELL_COMMANDS:
            return run([*head, *words], self.app)
        if words[0] == self.kind:
            words = words[1:]
        if not words or words[0] not in [*self.verbs, "moves"]:
            what = repr(words[0]) if words else "nothing"
            sys.stderr.write(
                f"referee: {what} is not a move or a table command"
                f" (moves: {', '.join(self.verbs)}; table: {', '.join(SHELL_COMMANDS)}; or help)\n"
            )
            return 2
        return run([*head, self.kind, *words], self.app)

    def run(self) -> None:
        interactive = sys.stdin.isatty()
        history = self.db.parent / ".referee_history"
        if interactive:
            import readline

            readline.set_completer(self.complete)
            readline.set_completer_delims(" ")
            readline.parse_and_bind("tab: complete")
            with contextlib.suppress(OSError):
                readline.read_history_file(history)
        loaded, view = self.referee.status(self.game_id)
        print(f"{loaded.game.title} · game {self.game_id} · type `help` for the commands, `quit` to leave")
        print(view.headline + (f" · {view.prompt}" if view.prompt else ""))
        failed = 0
        while True:
            try:
                line = input(self.prompt) if interactive else sys.stdin.readline()
            except EOFError:
                break
            except KeyboardInterrupt:
                print()
                continue
            if not interactive:
                if not line:
                    break
                print(self.prompt + line.rstrip("\n"))
            line = line.strip()
            if line in QUIT:
                break
            if line == "help":
                print(self.help())
                continue
            sys.stdout.flush()
            code = self.run_line(line)
            sys.stderr.flush()
            if code and not failed:
                failed = code
        if interactive:
            with contextlib.suppress(OSError):
                readline.set_history_length(1000)
                readline.write_history_file(history)
        if not interactive and failed:
            raise typer.Exit(failed)
