"""The ``referee`` command line: parsing words, printing tables, exit codes. No rules here.

Exit codes: 0 ok; 1 refused by the rules or by verification, not your turn, game over;
2 bad syntax, unknown name, ambiguous; 3 write conflict or unreadable database; 4 an
internal error (a bug: please report it).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import msgspec
import typer

from ledger import games
from ledger.errors import BadInput, RefereeError
from ledger.service import Recorded, Referee
from referee_cli import render

JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON (see the README for its shape).")]
As = Annotated[str | None, typer.Option("--as", help="Show this player's hidden cards.")]
Reveal = Annotated[bool, typer.Option("--reveal", help="Show every hidden card.")]
By = Annotated[str, typer.Option("--by", help="Who asked (recorded in the log).")]
OutputFile = Annotated[Path | None, typer.Option("--output", "-o", help="Write to FILE, not stdout.")]
MOVE_SETTINGS = {"allow_extra_args": True, "ignore_unknown_options": True, "help_option_names": ["--help"]}


def default_db() -> Path:
    import platformdirs

    return platformdirs.user_data_path("referee", appauthor=False) / "ledger.db"


@dataclass
class Session:
    """What the global options chose: the database and the game."""

    db: Path
    game: int | None
    _referee: Referee | None = field(default=None, repr=False)

    @property
    def referee(self) -> Referee:
        if self._referee is None:
            self._referee = Referee.open(self.db)
        return self._referee

    def game_id(self) -> int:
        return self.referee.resolve(self.game)


def session(ctx: typer.Context) -> Session:
    obj = ctx.find_root().obj
    assert isinstance(obj, Session)
    return obj


def out(data: Any) -> None:
    sys.stdout.write(msgspec.json.encode(data).decode() + "\n")


def echo(text: str) -> None:
    sys.stdout.write(text + "\n")


def write_out(text: str, output: Path | None, summary: str) -> None:
    """``text`` to ``output`` (saying what was written), or to stdout with the summary on stderr."""
    if output is None:
        sys.stdout.write(text)
        sys.stderr.write(summary + "\n")
    else:
        try:
            output.write_text(text)
        except OSError as exc:
            raise BadInput(f"cannot write {output}: {exc.strerror}") from None
        echo(f"wrote {output}: {summary}")


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
    _, view = s.referee.status(result.game_id)
    if json:
        out(
            {
                "game": game_json(s.referee, result.game_id),
                "seq": result.seq,
                "head": result.head,
                "text": result.text,
                "facts": result.facts,
                "status": view,
            }
        )
    else:
        echo(render.recorded(result, view))


def build_app() -> typer.Typer:
    """The Typer application, with one move group per registered game."""
    app = typer.Typer(
        name="referee",
        help="Referee and scorekeeper for a physical board-game table: moves checked, logged, auditable.",
        add_completion=False,
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
    )

    @app.callback()
    def root(
        ctx: typer.Context,
        db: Annotated[
            Path | None,
            typer.Option(
                "--db", envvar="REFEREE_DB", help="The SQLite file (default: ledger.db in your data dir)."
            ),
        ] = None,
        game: Annotated[
            int | None,
            typer.Option("--game", envvar="REFEREE_GAME", help="Game id (default: the current game)."),
        ] = None,
    ) -> None:
        ctx.obj = Session(db or default_db(), game)

    @app.command()
    def new(
        ctx: typer.Context,
        kind: Annotated[str, typer.Argument(metavar="GAME", help=f"One of: {', '.join(games.names())}.")],
        players: Annotated[
            str, typer.Option("--players", help="Comma-separated, in seat order from the starting player.")
        ],
        mode: Annotated[
            str | None, typer.Option("--mode", help="Game mode (default: the game's first).")
        ] = None,
        seed: Annotated[
            int | None, typer.Option("--seed", help="Shuffle and deal virtual decks from this seed.")
        ] = None,
        title: Annotated[str, typer.Option("--title")] = "",
        option: Annotated[
            list[str] | None, typer.Option("--option", help="A setup option, name=value.")
        ] = None,
        cards: Annotated[
            Path | None, typer.Option("--cards", help="A TOML file of this group's declared cards.")
        ] = None,
        json: JsonFlag = False,
    ) -> None:
        """Start a game; it becomes the current game."""
        s = session(ctx)
        options = {}
        for item in option or []:
            name, sep, value = item.partition("=")
            if not sep:
                raise BadInput(f"option {item!r} is not name=value", legal="--option name=value")
            options[name.strip()] = value.strip()
        cards_text = _read(cards) if cards else None
        game_id = s.referee.new_game(
            kind, players.split(","), mode=mode, options=options, seed=seed, title=title, cards=cards_text
        )
        loaded, view = s.referee.status(game_id)
        if json:
            out({"game": game_json(s.referee, game_id), "status": view})
            return
        echo(
            f"game {game_id}: {loaded.game.title} for {', '.join(loaded.setup.players)} ({loaded.setup.mode})"
        )
        echo(view.headline + (f" · {view.prompt}" if view.prompt else ""))

    @app.command("games")
    def list_games(ctx: typer.Context, json: JsonFlag = False) -> None:
        """List the games in the database; * marks the current one."""
        s = session(ctx)
        current = s.referee.current()
        rows = s.referee.games()
        if json:
            out({"current": current, "games": rows})
        else:
            echo(render.games(rows, current))

    @app.command()
    def use(ctx: typer.Context, game_id: Annotated[int, typer.Argument(metavar="ID")]) -> None:
        """Make game ID the current game."""
        s = session(ctx)
        s.referee.use(game_id)
        echo(f"game {game_id} is now the current game")

    def show_status(
        ctx: typer.Context, upto: int | None, as_player: str | None, reveal: bool, json: bool
    ) -> None:
        s = session(ctx)
        game_id = s.game_id()
        loaded, view = s.referee.status(game_id, as_player=as_player, reveal=reveal, upto=upto)
        if json:
            out(
                {
                    "game": game_json(s.referee, game_id),
                    "seq": loaded.upto,
                    "head": loaded.head,
                    "status": view,
                }
            )
        else:
            echo(render.status(loaded, view))

    @app.command()
    def status(ctx: typer.Context, as_: As = None, reveal: Reveal = False, json: JsonFlag = False) -> None:
        """Whose turn it is, what they may do, and the table."""
        show_status(ctx, None, as_, reveal, json)

    @app.command()
    def at(
        ctx: typer.Context,
        seq: Annotated[int, typer.Argument(metavar="SEQ")],
        as_: As = None,
        reveal: Reveal = False,
        json: JsonFlag = False,
    ) -> None:
        """The table as it stood right after row SEQ of the log."""
        show_status(ctx, seq, as_, reveal, json)

    @app.command()
    def log(ctx: typer.Context, json: JsonFlag = False) -> None:
        """Every move, undo and void in order; reverted moves are marked."""
        s = session(ctx)
        game_id = s.game_id()
        entries = s.referee.log(game_id)
        if json:
            out({"game": game_json(s.referee, game_id), "entries": entries})
        else:
            echo(render.log(entries))

    @app.command()
    def score(ctx: typer.Context, json: JsonFlag = False) -> None:
        """The score sheet: categories, ranks and how ties were broken."""
        s = session(ctx)
        game_id = s.game_id()
        loaded, sheet = s.referee.score(game_id)
        if json:
            out({"game": game_json(s.referee, game_id), "score": sheet})
        else:
            echo(render.score(loaded, sheet))

    @app.command()
    def undo(
        ctx: typer.Context,
        reason: Annotated[str, typer.Option("--reason")] = "",
        by: By = "table",
        json: JsonFlag = False,
    ) -> None:
        """Revert the latest move that is not already reverted."""
        s = session(ctx)
        show_recorded(s, s.referee.undo(s.game_id(), by=by, reason=reason), json)

    @app.command()
    def void(
        ctx: typer.Context,
        seq: Annotated[
            int, typer.Argument(metavar="SEQ", help="The disputed move's seq (see `referee log`).")
        ],
        reason: Annotated[str, typer.Option("--reason", help="Why the table voids it.")],
        cascade: Annotated[
            bool, typer.Option("--cascade", help="Also void later moves it makes illegal.")
        ] = False,
        by: By = "table",
        json: JsonFlag = False,
    ) -> None:
        """Revert an earlier disputed move; later moves are re-checked without it."""
        s = session(ctx)
        show_recorded(s, s.referee.void(s.game_id(), seq, by=by, reason=reason, cascade=cascade), json)

    @app.command()
    def redo(ctx: typer.Context, by: By = "table", json: JsonFlag = False) -> None:
        """Make the last undone move again (until another move is made)."""
        s = session(ctx)
        show_recorded(s, s.referee.redo(s.game_id(), by=by), json)

    @app.command()
    def moves(
        ctx: typer.Context,
        player: Annotated[str | None, typer.Argument(metavar="[PLAYER]")] = None,
        json: JsonFlag = False,
    ) -> None:
        """The legal moves now, in the game's grammar."""
        show_moves(ctx, player, json)

    @app.command()
    def verify(
        ctx: typer.Context,
        head: Annotated[
            str | None, typer.Option("--head", help="A head hash kept from an earlier export.")
        ] = None,
        json: JsonFlag = False,
    ) -> None:
        """Recompute the hash chain and re-check every move through the rules."""
        s = session(ctx)
        report = s.referee.verify(s.game_id(), head)
        if json:
            out({"ok": True, **msgspec.structs.asdict(report)})
        else:
            echo(render.verified(report))

    @app.command()
    def export(
        ctx: typer.Context,
        output: OutputFile = None,
    ) -> None:
        """The game as JSON Lines: a header, then every row with its hash."""
        s = session(ctx)
        lines, head = s.referee.export(s.game_id())
        write_out("\n".join(lines) + "\n", output, f"{len(lines) - 1} rows · head #{len(lines) - 1} {head}")

    @app.command("import")
    def import_(
        ctx: typer.Context, file: Annotated[Path, typer.Argument(metavar="FILE")], json: JsonFlag = False
    ) -> None:
        """Load an exported game after re-checking every row; it becomes the current game."""
        s = session(ctx)
        game_id = s.referee.import_lines(_read(file).splitlines())
        if json:
            out({"game": game_json(s.referee, game_id)})
        else:
            echo(f"imported {file} as game {game_id}; it is now the current game")

    @app.command()
    def cards(
        ctx: typer.Context,
        output: OutputFile = None,
    ) -> None:
        """The card faces this game's table has declared, as TOML (reuse with `new --cards`)."""
        s = session(ctx)
        write_out(s.referee.cards(s.game_id()), output, "the declared card faces")

    @app.command()
    def play(ctx: typer.Context) -> None:
        """An interactive shell on the current game: type moves without the `referee GAME` prefix."""
        from referee_cli.shell import Shell

        s = session(ctx)
        Shell(s.db, s.game_id(), s.referee).run()

    def show_moves(ctx: typer.Context, player: str | None, json: bool) -> None:
        s = session(ctx)
        game_id = s.game_id()
        texts = s.referee.legal(game_id, player)
        if json:
            out({"game": game_json(s.referee, game_id), "player": player, "moves": texts})
        elif texts:
            echo("\n".join(texts))
        else:
            echo("no legal moves now")

    for name in games.names():
        app.add_typer(game_group(name, show_moves), name=name)
    return app


def game_group(name: str, show_moves: Callable[[typer.Context, str | None, bool], None]) -> typer.Typer:
    """``referee GAME VERB ...``: each verb's words go to the game's own parser."""
    game = games.get(name)
    group = typer.Typer(name=name, help=f"Moves of {game.title}.", no_args_is_help=True)

    def verb_command(verb: str) -> Callable[..., None]:
        def command(ctx: typer.Context, json: JsonFlag = False) -> None:
            s = session(ctx)
            game_id = s.game_id()
            kind = s.referee.game(game_id).kind
            if kind != name:
                raise BadInput(
                    f"game {game_id} is {kind}, not {name}", legal=f"referee {kind} ... or --game ID"
                )
            show_recorded(s, s.referee.submit_text(game_id, [verb, *ctx.args]), json)

        return command

    for verb in game.verbs:
        group.command(verb.name, help=f"{verb.help}\n\nUsage: {verb.usage}", context_settings=MOVE_SETTINGS)(
            verb_command(verb.name)
        )

    @group.command("moves")
    def moves(
        ctx: typer.Context,
        player: Annotated[str | None, typer.Argument(metavar="[PLAYER]")] = None,
        json: JsonFlag = False,
    ) -> None:
        """The legal moves now (for PLAYER, or whoever must act)."""
        show_moves(ctx, player, json)

    return group


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


def _not_utf8(argv: Sequence[str]) -> BadInput | None:
    """An argument (or REFEREE_* variable) that is not UTF-8 text: its bytes reach Python as
    lone surrogates, which nothing downstream can store or print. A NUL character (which only
    a line of `referee play` can hold) names no file and is no text either."""
    named = [(f"argument {n} ({_shown(a)})", a) for n, a in enumerate(argv, start=1)]
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


def run(args: Sequence[str] | None = None, app: typer.Typer | None = None) -> int:
    """Run the command line and return its exit code; every error is one line on stderr
    (or a JSON object on stdout with --json), never a traceback."""
    argv = list(sys.argv[1:] if args is None else args)
    try:
        refused = _not_utf8(argv)
        if refused is not None:
            raise refused
        command = typer.main.get_command(app or build_app())
        result = command.main(argv, prog_name="referee", standalone_mode=False)
        return result if isinstance(result, int) else 0
    except RefereeError as error:
        _tell(error, argv)
        return error.exit_code
    except typer.Exit as exit_:
        return exit_.exit_code
    except typer.Abort:
        sys.stderr.write("referee: aborted\n")
        return 1
    except Exception as error:
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


def _tell(error: RefereeError, argv: Sequence[str]) -> None:
    """The one line of an error: on stderr, or as JSON on stdout with --json. Text that cannot
    be printed as UTF-8 (a file name in another encoding) is shown escaped."""
    try:
        if "--json" in argv:
            out(error.to_json())
        else:
            # One line, whatever the input it quotes: control characters are shown escaped.
            text = "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in str(error))
            sys.stderr.write(f"referee: {text}\n")
    except UnicodeEncodeError:
        safe = BadInput(str(error).encode("utf-8", "backslashreplace").decode("utf-8"))
        safe.kind, safe.exit_code = error.kind, error.exit_code
        _tell(safe, argv)


def main() -> None:
    sys.exit(run())
