"""What every command shares, without typer: the session (the database and the game), the
output, the one-line errors and exit codes, and the start of a process.

The commands a table types most (``status``, ``undo`` and a move, with at most the global
``--db`` and ``--game``) run from here as their typer commands would (the same output,
errors and exit code) without importing typer or click, which cost every start about a third
of its time: see ``quick``. Everything else goes to the command line the entry point hands
``start`` (``referee_cli.main``, which builds ``referee_cli.app``'s).
"""

from __future__ import annotations

import contextlib
import importlib
import io
import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from ledger import games
from ledger.errors import BadInput, OutputFailed, RefereeError
from ledger.names import shown
from ledger.storage import is_server, without_password

if TYPE_CHECKING:
    from ledger.decider import Game
    from ledger.service import Recorded, Referee
    from referee_cli import render


class _Later:
    """A module, or a name in it, imported on first use: `--help`, `--version` and a shell's
    completion never load the service, the store or the renderings."""

    def __init__(self, module: str, name: str | None = None) -> None:
        self._module, self._name = module, name

    def __getattr__(self, attr: str) -> Any:
        target = importlib.import_module(self._module)
        return getattr(getattr(target, self._name) if self._name else target, attr)


if not TYPE_CHECKING:
    Referee = _Later("ledger.service", "Referee")
    render = _Later("referee_cli.render")


HELP_FLAGS = ("--help", "-h")
# The only words of a move line the command line reads itself; every other word is the game's.
MOVE_FLAGS = frozenset({"--json", *HELP_FLAGS})


def default_db() -> Path:
    import platformdirs

    return platformdirs.user_data_path("referee", appauthor=False) / "ledger.db"


def database(named: str | Path | None) -> str | Path:
    """What ``--db`` (or ``REFEREE_DB``) names: a PostgreSQL server's address as it is, an SQLite
    file as a path, the default file if nothing."""
    if not named:
        return default_db()
    return str(named) if is_server(named) else Path(named)


class Session:
    """What the global options chose: the database and the game. The shell keeps one Session
    (and so one open Referee, with its cached state) for every line it runs. (A plain class: a
    dataclass costs every start a few milliseconds to declare.)"""

    def __init__(self, db: str | Path, game: int | None, referee: Referee | None = None) -> None:
        self.db, self.game, self._referee = db, game, referee

    def __repr__(self) -> str:
        return f"Session(db={self.db!r}, game={self.game!r})"

    @property
    def referee(self) -> Referee:
        """The referee on an existing database: reading never creates one."""
        return self.open(create=False)

    def open(self, *, create: bool) -> Referee:
        if self._referee is None:
            self._referee = Referee.open(self.db, create=create)
            for notice in self._referee.notices():  # told once: the next opening finds it settled
                sys.stderr.write(f"referee: note: {shown(notice)}\n")
        return self._referee

    def game_id(self) -> int:
        return self.referee.resolve(self.game)

    @contextlib.contextmanager
    def creating(self) -> Iterator[Referee]:
        """The referee for a command that may make the database (``new``, ``import``). A
        database it makes is announced on stderr (where it is) once the command has done its
        work, and removed again if the command is refused: a refusal leaves no file behind."""
        opened = self._referee is not None
        referee = self.open(create=True)
        fresh = referee.created and not opened and str(self.db) != ":memory:"
        try:
            yield referee
        except BaseException:
            if fresh:
                self._referee = None  # before its files go: a failure there leaves it to open again
                if not referee.discard():  # it holds a game: still open, still this session's
                    self._referee = referee
            raise
        if fresh:
            sys.stderr.write(f"created the referee database {where(self.db)}\n")


# What this run recorded (a move, undo, void or redo), so that an output failure after it can
# still say that it was recorded.
RECORDED: list[Recorded] = []


def write(text: str, *, flush: bool = False) -> None:
    """``text`` on stdout; a closed pipe or a full disk is an ``OutputFailed``, not a crash."""
    try:
        stdout = sys.stdout
        raw = getattr(stdout, "buffer", None)
        if isinstance(raw, io.RawIOBase):
            _write_all(stdout, raw, text)
        else:
            stdout.write(text)
        if flush:
            stdout.flush()
    except OSError as exc:
        raise _output_failed(exc) from None


def _write_all(stdout: Any, raw: io.RawIOBase, text: str) -> None:
    """``text`` written whole to an unbuffered stdout (``python -u``, ``PYTHONUNBUFFERED``), whose
    text layer hands it to one ``os.write`` and drops what that did not take: a reader that
    closes the pipe midway (``| head -1``) cuts a write short without an error. Each rest is
    written again, and so meets the closed pipe (or the full disk) as an ``OSError``."""
    stdout.flush()
    data = memoryview(text.encode(stdout.encoding, stdout.errors or "strict"))
    while data:
        written = raw.write(data)
        if written is None:  # a non-blocking stdout that is full: wait until it takes more
            import select

            select.select([], [raw], [])
            continue
        data = data[written:]


def out(data: Any) -> None:
    write(msgspec.json.encode(data).decode() + "\n")


def echo(text: str) -> None:
    """A line (or lines) of text on stdout; control characters a table typed into a reason, a
    title or a move (an escape sequence, a bidi override) are shown escaped, never sent raw."""
    if not text.isprintable():
        text = "\n".join(shown(line) for line in text.split("\n"))
    write(text + "\n")


def _output_failed(exc: OSError) -> OutputFailed:
    """The output could not be written: say so, and whether a move was recorded before. The
    rest of stdout goes nowhere, so that nothing fails again as the process ends."""
    what = (
        "the output was closed" if isinstance(exc, BrokenPipeError) else f"the output failed ({exc.strerror})"
    )
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no file descriptor (a captured stdout)
        pass
    if RECORDED:
        done = RECORDED[-1]
        return OutputFailed(
            f"recorded #{done.seq}: {done.text}, but {what} before it was all shown",
            legal="`referee status` shows the table",
        )
    return OutputFailed(f"{what}: not all of it was written")


def game_json(referee: Referee, game_id: int) -> dict[str, Any]:
    info = referee.game(game_id)
    return {
        "id": info.id,
        "kind": info.kind,
        "title": info.title,
        "players": info.players,
        "status": info.status,
    }


def show_recorded(s: Session, result: Recorded, json: bool) -> None:
    """What a move, undo, void or redo appended, then whose turn it is now."""
    RECORDED.append(result)
    _, board, _ = s.referee.board(result.game_id)
    if json:
        out(
            {
                "game": game_json(s.referee, result.game_id),
                "seq": result.seq,
                "head": result.head,
                "text": result.text,
                "facts": result.facts,
                "events": result.events,
                "status": board,
            }
        )
    else:
        echo(render.recorded(result, board))


def submit_move(s: Session, name: str, verb: str, words: Sequence[str], json: bool) -> None:
    """``referee NAME VERB WORDS...``: the move, to the current game if it is a NAME game."""
    game_id = s.game_id()
    kind = s.referee.game(game_id).kind
    if kind != name:
        raise BadInput(f"game {game_id} is {kind}, not {name}", legal=f"referee {kind} ... or --game ID")
    show_recorded(s, s.referee.submit_text(game_id, [verb, *words]), json)


def run_move(s: Session, name: str, verb: str, words: Sequence[str]) -> int:
    """A move line of the shell, run as ``run([name, verb, *words])`` runs it (the same output,
    errors and exit code), without the command line's parsing."""
    return guarded([name, verb, *words], move_step(s, name, verb, words), environ=False)


def move_step(s: Session, name: str, verb: str, words: Sequence[str]) -> Callable[[], None]:
    """``NAME VERB WORDS...`` as ``MoveCommand`` reads it: only ``--json`` (and ``--help``,
    which the callers leave to typer) of a move's words is the command line's."""
    json = any(word.lower() == "--json" for word in words)
    rest = [word for word in words if word.lower() not in MOVE_FLAGS]
    return lambda: submit_move(s, name, verb, rest, json)


def named(database: str | Path) -> str:
    """A database as ``--db`` named it, a server's address without its password."""
    return str(database) if isinstance(database, Path) else without_password(database)


def where(path: str | Path) -> str:
    """A path as a person finds it: relative to the working folder if it is inside it; a
    server's address without its password."""
    if not isinstance(path, Path):
        return without_password(path)
    try:
        return str(path.absolute().relative_to(Path.cwd()))
    except ValueError:
        return str(path.absolute())


def _not_utf8(argv: Sequence[str], environ: bool = True) -> BadInput | None:
    """An argument (or, with ``environ``, a REFEREE_* variable) that is not UTF-8 text: its
    bytes reach Python as lone surrogates, which nothing downstream can store or print. A NUL
    character (which only a line of `referee play` can hold) names no file and is no text either."""
    named = [(f"argument {n} ({_shown(a)})", a) for n, a in enumerate(argv, start=1)]
    if environ:
        named += [(f"${k}", v) for k, v in os.environ.items() if k.startswith("REFEREE_")]
    for what, text in named:
        if "\x00" in text:
            offset = len(text[: text.index("\x00")].encode("utf-8", "surrogatepass"))
            return BadInput(f"{what} holds a NUL character at offset {offset}")
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            before = text[: exc.start].encode("utf-8", "surrogatepass")
            bad = text[exc.start]
            byte = f"byte 0x{ord(bad) - 0xDC00:02x}" if 0xDC80 <= ord(bad) <= 0xDCFF else f"U+{ord(bad):04X}"
            return BadInput(
                f"{what} is not UTF-8 text: {byte} at offset {len(before)} does not read",
                legal="type names, titles and reasons as UTF-8 text",
            )
    return None


def _shown(arg: str) -> str:
    return repr(arg.encode("utf-8", "backslashreplace").decode("ascii", "backslashreplace")[:40])


def start(args: Sequence[str] | None, build: Callable[[], Any]) -> int:
    """Start the command line on ``args`` (the process's arguments if None) and return its exit
    code: ``quick`` runs the commands a table types most, and ``build`` (the entry point's,
    ``referee_cli.main``: base imports nothing above it) makes the click command for the rest."""
    argv = list(sys.argv[1:] if args is None else args)

    def step() -> Any:
        started = quick(argv)
        return started() if started is not None else typed(build(), argv, None)

    return guarded(argv, step, environ=True)


def run(args: Sequence[str] | None, command: Any, obj: Session | None = None) -> int:
    """Run the click command ``command`` (built once: the shell's) on ``args`` and return its
    exit code; every error is one line on stderr (or a JSON object on stdout with --json),
    never a traceback. ``obj`` is a Session to reuse."""
    argv = list(sys.argv[1:] if args is None else args)
    # The environment once a process: a shell's lines (which pass their Session) share it.
    return guarded(argv, lambda: typed(command, argv, obj), environ=obj is None)


def typed(command: Any, argv: list[str], obj: Session | None) -> Any:
    """``argv`` read by click's ``command``, as the ``referee`` program."""
    return command.main(argv, prog_name="referee", standalone_mode=False, obj=obj)


def quick(argv: Sequence[str]) -> Callable[[], Any] | None:
    """The command ``argv`` as a step run without typer, if it is one of those a table types
    most, in the form its typer command reads the same way: ``status``, ``undo`` or
    ``GAME VERB WORDS...`` (a verb of that game, no help flag), after at most ``--db PATH``
    and ``--game ID``; otherwise None, and typer reads it (a help, a completion, an option,
    a mistake typer words)."""
    if "_REFEREE_COMPLETE" in os.environ:  # a shell's Tab completion: click's
        return None
    chosen: dict[str, str] = {}
    at = 0
    while at < len(argv) and argv[at].startswith("-"):
        name, equals, value = argv[at].partition("=")
        if not equals:
            at += 1
            value = argv[at] if at < len(argv) else ""
        if name not in ("--db", "--game") or name in chosen or not value or value.startswith("-"):
            return None
        chosen[name] = value
        at += 1
    db = chosen.get("--db") or os.environ.get("REFEREE_DB")  # click reads an empty variable as unset
    game = chosen.get("--game") or os.environ.get("REFEREE_GAME") or None
    if game is not None and not (game.isascii() and game.isdigit()):
        return None  # click's own words for a game id that is no number
    s = Session(database(db), int(game) if game else None)
    words = [word.lower() for word in argv[at:]]
    if words == ["status"]:
        return lambda: show_status(s, None, None, False, False)
    if words == ["undo"]:
        return lambda: show_recorded(s, s.referee.undo(s.game_id(), by=None, reason=""), False)
    if len(words) < 2 or words[0] not in games.names() or any(w in HELP_FLAGS for w in words[2:]):
        return None
    name, verb = words[0], words[1]
    if verb not in game_words(games.get(name)):
        return None  # `moves`, or no verb: typer's (and the game's mode's) words for it
    return move_step(s, name, verb, argv[at + 2 :])


def game_words(game: Game) -> set[str]:
    """Every verb of ``game``, of any mode, and every alias: what goes to the game's grammar,
    which says why another mode's verb is not here ("there is no CAREER in Basic Mode")."""
    return {word for verb in game.verbs for word in (verb.name, *verb.aliases)}


def show_status(s: Session, upto: int | None, as_player: str | None, reveal: bool, json: bool) -> None:
    """``referee status`` (and ``at SEQ``): whose turn it is, what they may do, the table."""
    game_id = s.game_id()
    loaded, board, screen = s.referee.board(game_id, as_player=as_player, reveal=reveal, upto=upto)
    if json:
        out(
            {
                "game": game_json(s.referee, game_id),
                "seq": loaded.upto,
                "head": loaded.head,
                "headline": board.headline,
                "to_act": board.to_act,
                "prompt": board.prompt,
                "over": board.over,
                "view": board.view,
            }
        )
    else:
        echo(render.status(loaded, screen))


def guarded(argv: Sequence[str], step: Callable[[], Any], *, environ: bool) -> int:
    """Run ``step`` for the command line ``argv`` and return its exit code; every error is one
    line on stderr (or a JSON object on stdout with --json), never a traceback."""
    RECORDED.clear()
    try:
        refused = _not_utf8(argv, environ=environ)
        if refused is not None:
            raise refused
        result = step()
        write("", flush=True)  # a full disk or a closed pipe shows at the flush: say so here
        return result if isinstance(result, int) else 0
    except OutputFailed as error:
        _tell(error, [])  # on stderr: stdout is what failed
        return error.exit_code
    except RefereeError as error:
        _tell(error, argv)
        return error.exit_code
    except Exception as error:
        typer = sys.modules.get("typer")  # loaded only if typer read the command
        if typer is not None and isinstance(error, typer.Exit):
            return int(error.exit_code)
        if typer is not None and isinstance(error, typer.Abort):
            sys.stderr.write("referee: aborted\n")
            return 1
        if type(error).__name__ == "NoArgsIsHelpError":  # `referee loop` with no verb: its usage
            # is many lines (the help), told as lines, not squeezed into one error line.
            usage: Any = error  # click's UsageError (base imports no click)
            text = "\n".join(shown(line) for line in usage.format_message().split("\n"))
            sys.stderr.write(text.rstrip("\n") + "\n")
            return int(usage.exit_code)
        # click's usage errors (bad option, missing argument) carry format_message and exit_code.
        if hasattr(error, "format_message") and hasattr(error, "exit_code"):
            ctx = getattr(error, "ctx", None)
            where = getattr(ctx, "command_path", "referee")
            message = f"{error.format_message()} (see `{where} --help`)"
            _tell(BadInput(message), argv)
            return int(error.exit_code)
        if os.environ.get("REFEREE_DEBUG"):
            raise
        sys.stderr.write(f"referee: internal error: {type(error).__name__}: {error} (please report it)\n")
        return 4


ECHOED = 40  # characters of an overlong typed word an error quotes back, then "…"
LONGEST_ECHOED = 200  # a typed word (a name, a path) up to this long is quoted back whole
_LONG_RUN = re.compile(rf"\S{{{LONGEST_ECHOED + 1},}}")  # a word no message has of its own


def capped(text: str, argv: Sequence[str]) -> str:
    """``text`` (an error's) with every word of ``argv`` over ``LONGEST_ECHOED`` characters it
    quotes cut to its first ``ECHOED`` and "…": a 100,000-character name is named, not echoed
    whole. A long run the message made of such a word (a repr, a lower-cased one) is cut too."""
    for arg in sorted({a for a in argv if len(a) > LONGEST_ECHOED}, key=len, reverse=True):
        text = text.replace(arg, arg[:ECHOED] + "…")
    return _LONG_RUN.sub(lambda m: m.group()[:ECHOED] + "…", text)


def _tell(error: RefereeError, argv: Sequence[str]) -> None:
    """The one line of an error: on stderr, or as JSON on stdout with --json. Text that cannot
    be printed as UTF-8 (a file name in another encoding) is shown escaped; what it quotes of
    the command line is cut short (``capped``)."""
    try:
        if "--json" in argv:
            try:
                told = error.to_json()
                out({k: capped(v, argv) if isinstance(v, str) else v for k, v in told.items()})
            except OutputFailed:
                _tell(error, [])
        else:
            # One line, whatever the input it quotes: control characters are shown escaped.
            sys.stderr.write(f"referee: {shown(capped(str(error), argv))}\n")
    except UnicodeEncodeError:
        safe = BadInput(str(error).encode("utf-8", "backslashreplace").decode("utf-8"))
        safe.kind, safe.exit_code = error.kind, error.exit_code
        _tell(safe, argv)
