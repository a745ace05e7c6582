"""``referee play``: a shell on one game. Moves are typed without the ``referee GAME`` prefix;
every line runs through the same command line as ``referee ...`` does, so the shell has the
same grammar, output and one-line errors.

The command tree is built once and the shell keeps one open referee, whose cached state
makes a move cost what the service needs (decide, append, view), not a fresh start.

Keys: Tab completes from the game's legal moves; Ctrl-C clears the line; Ctrl-D (or
``quit``) leaves. Piped input goes on after a refused line and exits, at the end, with the
first failure's exit code.
"""

from __future__ import annotations

import contextlib
import shlex
import sys
from pathlib import Path
from typing import Any

import typer

from referee_cli.base import HELP_FLAGS, Session, default_db, game_words, run, run_move
from referee_cli.complete import complete_move, verb_words

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
HELP = ("help", "?")


def history_path() -> Path:
    """The shell's history file, in the user data directory beside the default database."""
    return default_db().parent / "history"


class Shell:
    def __init__(self, session: Session, game_id: int, command: Any) -> None:
        """``command`` is the command line's click command (``referee_cli.app.build_command``),
        built once for every line the shell runs."""
        self.session = session
        self.game_id = game_id
        self.referee = session.referee
        self.command = command
        loaded = self.referee.load(game_id)
        self.kind = loaded.info.kind
        self.game = loaded.game
        self.players = list(loaded.setup.players)
        self.verbs = verb_words(self.referee, game_id)  # this mode's: help and Tab offer them
        self.verb_list = self.referee.verbs(game_id)
        self.game_words = game_words(self.game)  # any mode's: the grammar says why not this one
        self.prompt = f"{self.kind} #{game_id}> "

    def words(self) -> list[str]:
        return sorted({*SHELL_COMMANDS, *QUIT, *HELP, *self.verbs})

    def candidates(self, line: str, text: str) -> list[str]:
        """What Tab offers for ``text``, the word being typed at the end of ``line``."""
        before = line[: len(line) - len(text)]
        try:
            done = shlex.split(before)
        except ValueError:
            return []
        if done and done[0].lower() == self.kind:
            done = done[1:]
        if not done:
            return [w for w in self.words() if w.startswith(text.lower())]
        if done[0].lower() in self.verbs:
            return complete_move(self.referee, self.game_id, done, text)
        if done[0].lower() in HELP:
            return [w for w in sorted({*SHELL_COMMANDS, *self.verbs}) if w.startswith(text.lower())]
        return [w for w in self.follows(done) if w.lower().startswith(text.lower())]

    def follows(self, done: list[str]) -> list[str]:
        """What may follow a table command's words: a player after ``--as`` (and ``moves``), a
        player or the table after ``--by``, nothing after another option's value (``--reason``),
        else the command's options: never a player where none fits (``undo``, ``void``, ``log``)."""
        command = done[0].lower()
        if done[-1].lower() == "--as" or (command == "moves" and len(done) == 1):
            return self.players
        if done[-1].lower() == "--by":
            return [*self.players, "table"]
        params = getattr(self.command.get_command(None, command), "params", [])
        taking = {o for p in params if not getattr(p, "is_flag", True) for o in getattr(p, "opts", ())}
        if done[-1].lower() in taking:
            return []  # a reason, a count, a file: typed, not chosen
        options = {o for p in params for o in getattr(p, "opts", ()) if o.startswith("--")}
        return sorted(options - {"--help"})

    def complete(self, text: str, state: int) -> str | None:
        import readline

        if state == 0:
            self._matches = [w + " " for w in self.candidates(readline.get_line_buffer(), text)]
        return self._matches[state] if state < len(self._matches) else None

    def help(self, topic: str = "") -> str:
        """``help``: what can be typed; ``help VERB``: one move's grammar; ``help COMMAND``: its use."""
        topic = topic.lower()
        if topic in self.verbs:
            verb = next(v for v in self.verb_list if v.name == self.verbs[topic])
            aliases = f" (also: {', '.join(verb.aliases)})" if verb.aliases else ""
            return f"{verb.usage}\n  {verb.help}{aliases}"
        if topic in SHELL_COMMANDS:
            run([topic, "--help"], self.command, self.session)
            return ""
        if topic:
            return f"no help on {topic!r}: try `help` for the list"
        lines = [
            "moves (the game's grammar; `help VERB` for one, Tab completes):",
            *(f"  {verb.usage}" for verb in self.verb_list),
            "table commands: " + ", ".join(SHELL_COMMANDS),
            "  e.g. `undo --reason misread`, `void 12 --reason wrong card --cascade`,"
            f" `status --as {self.players[0]}`",
            "help or ?, quit or Ctrl-D to leave; Ctrl-C clears the line",
        ]
        return "\n".join(lines)

    def run_line(self, line: str) -> int:
        try:
            words = shlex.split(line)
        except ValueError as exc:
            sys.stderr.write(f"referee: cannot read that line: {exc}\n")
            return 2
        if not words:
            return 0
        if words[0].lower() in HELP:
            text = self.help(" ".join(words[1:]))
            if text:
                print(text)
            return 0
        if words[0].lower() in SHELL_COMMANDS:
            return run(words, self.command, self.session)
        if words[0].lower() == self.kind:
            words = words[1:]
        if not words or (words[0].lower() not in self.game_words and words[0].lower() != "moves"):
            what = repr(words[0]) if words else "nothing"
            sys.stderr.write(
                f"referee: {what} is not a move or a table command"
                f" (moves: {', '.join(v.name for v in self.verb_list)}; table: {', '.join(SHELL_COMMANDS)};"
                " or help)\n"
            )
            return 2
        if words[0].lower() != "moves" and not any(w.lower() in HELP_FLAGS for w in words[1:]):
            return run_move(self.session, self.kind, words[0].lower(), words[1:])  # no parsing: a move
        return run([self.kind, *words], self.command, self.session)

    def read(self, interactive: bool) -> str | None:
        """The next line, or None at the end of input (Ctrl-D)."""
        while True:
            try:
                if interactive:
                    return input(self.prompt)
                line = sys.stdin.readline()
                if not line:
                    return None
                print(self.prompt + line.rstrip("\n"))
                return line
            except EOFError:
                if interactive:
                    print()
                return None
            except KeyboardInterrupt:
                print("^C" if interactive else "")
                if not interactive:
                    return None

    def run(self) -> None:
        interactive = sys.stdin.isatty()
        history = history_path()
        if interactive:
            import readline

            readline.set_completer(self.complete)
            readline.set_completer_delims(" \t")
            readline.parse_and_bind("tab: complete")
            with contextlib.suppress(OSError):
                readline.read_history_file(history)
        loaded, board, _ = self.referee.board(self.game_id)
        print(f"{loaded.game.title} · game {self.game_id} · `help` for the commands, Ctrl-D to leave")
        print(board.headline + (f" · {board.prompt}" if board.prompt else ""))
        failed = 0
        while (line := self.read(interactive)) is not None:
            line = line.strip()
            if line.lower() in QUIT:
                break
            sys.stdout.flush()
            code = self.run_line(line)
            sys.stdout.flush()
            sys.stderr.flush()
            if code and not failed:
                failed = code
        if interactive:
            with contextlib.suppress(OSError):
                history.parent.mkdir(parents=True, exist_ok=True)
                readline.set_history_length(1000)
                readline.write_history_file(history)
        if not interactive and failed:
            raise typer.Exit(failed)
