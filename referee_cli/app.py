"""The ``referee`` command line: parsing words, printing tables, exit codes. No rules here.

Exit codes: 0 ok; 1 refused by the rules or by verification, not your turn, game over;
2 bad syntax, unknown name, ambiguous; 3 write conflict, unreadable database, a log that does
not check out; 4 an internal error (a bug: please report it); 5 the output could not be
written (a closed pipe, a full disk): a move was still recorded, and the message says so.

Start-up is kept short: a command is converted to click's only when typed, a game's group
(and then only the verb typed) only when that game's name is, `--help` lists them from their
help texts (``LazyGroup``), and the service is imported on first use (``_Later``). The shell
keeps one command tree, converted as its lines need. ``status``, ``undo`` and a move do not
come here at all (``referee_cli.base.quick``): typer's import alone costs a third of a start.

The root is here (its options, ``schema``, ``serve`` and ``play``, and the games' groups, built on
first use); the commands sit beside it by job: the games in the database (``catalogue``), what
the table reads (``reading``), the record (``record``), ``referee cards`` (``cards``) and
``referee GAME VERB`` (``verbs``), on the options they share (``options``) and the lazy groups
(``lazy``).
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
from typer.core import TyperCommand
from typer.models import TyperPath

from ledger import games
from ledger.errors import BadInput
from ledger.words import unknown
from referee_cli import catalogue, reading, record
from referee_cli.base import HELP_FLAGS, Session, database, default_db, echo, run_move
from referee_cli.cards import cards_group
from referee_cli.lazy import LazyGroup, lazy_group
from referee_cli.options import CONTEXT, Kind, session
from referee_cli.verbs import game_group, game_help

__all__ = ["HELP_FLAGS", "Session", "build_app", "build_command", "default_db", "run_move"]


VERSION = "0.1.0"


class LazyRoot(LazyGroup):
    """The root group: its commands, and a move group per registered game, built on first use."""

    def list_commands(self, ctx: Any) -> list[str]:
        return sorted({*self.commands, *self.lazy, *games.names()})

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is None and cmd_name in games.names():
            command = self.commands[cmd_name] = lazy_group(game_group(cmd_name))
        return command

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """click's, but a command nobody has is refused in one line naming the closest ones."""
        name = (
            ctx.token_normalize_func(args[0])
            if args and ctx.token_normalize_func
            else args[0]
            if args
            else ""
        )
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            known = [
                name for name in self.list_commands(ctx) if not getattr(self.listed(name), "hidden", False)
            ]
            raise BadInput(unknown("command", args[0], known), legal="see `referee --help`")
        return super().resolve_command(ctx, args)

    def listed(self, cmd_name: str) -> Any:
        if cmd_name in games.names() and cmd_name not in self.commands:
            return TyperCommand(cmd_name, help=game_help(cmd_name))
        return super().listed(cmd_name)


def build_command() -> LazyRoot:
    """The click command of the whole command line, its subcommands converted on first use."""
    root = lazy_group(build_app())
    assert isinstance(root, LazyRoot)
    from referee_cli.complete import use_bash_script  # the shells' completion (tests/test_layers.py's LAZY)

    use_bash_script()
    return root


def _version(value: bool) -> None:
    if value:
        echo(f"referee {VERSION}")
        raise typer.Exit()


def build_app() -> typer.Typer:
    """The Typer application; each registered game's move group is added on first use."""
    app = typer.Typer(
        name="referee",
        help="Referee and scorekeeper for a physical board-game table: moves checked, logged, auditable.",
        add_completion=True,
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        cls=LazyRoot,
        context_settings=CONTEXT,
    )

    @app.callback()
    def root(
        ctx: typer.Context,
        db: Annotated[
            str | None,
            typer.Option(
                "--db",
                envvar="REFEREE_DB",
                click_type=TyperPath(),  # a file, as a shell completes it; or a server's address
                help="The SQLite file (default: ledger.db in your data dir), or a club's server:"
                " postgresql://USER@HOST/DB (its key: the file REFEREE_KEY_FILE names).",
            ),
        ] = None,
        game: Annotated[
            int | None,
            typer.Option("--game", envvar="REFEREE_GAME", help="Game id (default: the current game)."),
        ] = None,
        version: Annotated[
            bool,
            typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit."),
        ] = False,
    ) -> None:
        if not isinstance(ctx.obj, Session):  # the shell passes its own
            ctx.obj = Session(database(db), game)

    catalogue.register(app)
    reading.register(app)
    record.register(app)

    app.add_typer(cards_group(), name="cards")

    @app.command()
    def schema(kind: Kind) -> None:
        """The JSON Schema of a game's typed view, commands and events (for front ends)."""
        import json  # `schema` only (the name `json` is every other command's --json flag)

        from ledger.service import game_schema  # the service's schemas: `schema` only

        echo(json.dumps(game_schema(kind), indent=2, sort_keys=True))

    @app.command()
    def serve(
        ctx: typer.Context,
        port: Annotated[int, typer.Option("--port", help="The TCP port.")] = 8000,
        lan: Annotated[
            bool, typer.Option("--lan", help="Serve the local network, not only this computer.")
        ] = False,
        new_links: Annotated[
            bool,
            typer.Option(
                "--new-links",
                help="Make new secret links for everyone; the earlier ones stop working."
                " For one player: --link NAME (a new link) or --revoke NAME (none).",
            ),
        ] = False,
        qr: Annotated[
            bool | None,
            typer.Option(
                "--qr/--no-qr",
                help="Print each link as a QR code too (default: with --lan; no phone reaches 127.0.0.1).",
            ),
        ] = None,
        link: Annotated[
            list[str] | None,
            typer.Option(
                "--link",
                metavar="NAME",
                help="Show NAME's link again, as a new one: only NAME's earlier link stops working.",
            ),
        ] = None,
        revoke: Annotated[
            list[str] | None,
            typer.Option(
                "--revoke",
                metavar="NAME",
                help="Stop NAME's link (a lost or lent phone) and make none; every other link keeps"
                " working. (Not `--new-links NAME`: --new-links alone, with no name, means everyone's.)",
            ),
        ] = None,
    ) -> None:
        """Serve the current game to the table's browsers: the board, each player's page, the table's;
        with no game yet, the table's link starts one (a form of every game)."""
        from referee_cli.serve import run_server  # starlette, uvicorn, jinja2: for this command only
        from referee_cli.serve.launch import NO_LINKS

        s = session(ctx)
        # A database with no game yet (or none made yet): the table's link starts one.
        with s.creating() as referee:  # (a refusal here leaves no database made for it)
            game_id = s.game_id() if s.game is not None or referee.current() is not None else None
            if game_id is None and (new_links or link or revoke):
                raise BadInput(NO_LINKS, legal="referee serve (then open the table's link)")
        run_server(
            referee,
            s.db,
            game_id,
            port=port,
            lan=lan,
            new_links=new_links,
            qr=qr,
            link=tuple(link or ()),
            revoke=tuple(revoke or ()),
        )

    @app.command()
    def play(ctx: typer.Context) -> None:
        """An interactive shell on the current game: type moves without the `referee GAME` prefix."""
        from referee_cli.shell import Shell  # readline and completion: `play` only

        s = session(ctx)
        Shell(s, s.game_id(), build_command()).run()

    return app
