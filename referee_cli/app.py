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
"""

from __future__ import annotations

import errno
import inspect
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import msgspec
import typer
from typer.core import TyperCommand, TyperGroup

from ledger import games
from ledger.errors import BadInput, RefereeError, StorageFailed
from ledger.history import seed_lost
from referee_cli.base import (
    HELP_FLAGS,
    MOVE_FLAGS,
    Session,
    default_db,
    echo,
    game_json,
    out,
    run_move,
    show_recorded,
    show_status,
    submit_move,
    write,
)

if TYPE_CHECKING:
    from ledger.service import Referee
    from referee_cli import render
else:
    from referee_cli.base import Referee, render

__all__ = ["HELP_FLAGS", "Session", "build_app", "build_command", "default_db", "run_move"]


VERSION = "0.1.0"

JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON (see docs/reference.md for its shape).")]


def complete_player(ctx: typer.Context, incomplete: str) -> list[str]:
    """Shell completion of a player's name in the current game."""
    root = ctx.find_root()
    try:
        referee = Referee.open(Path(root.params.get("db") or default_db()), create=False)
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


class MoveCommand(TyperCommand):
    """A move verb: its words go to the game's grammar untouched. click would read ``-1lth`` as
    the short options ``-1 -l -t -h`` (and so print the help); only ``--json`` and ``--help``
    (``-h``) typed as whole words are the command line's, everything else comes after ``--``."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        flags = [a for a in args if a.lower() in MOVE_FLAGS]
        words = [a for a in args if a.lower() not in MOVE_FLAGS]
        return super().parse_args(ctx, [*flags, "--", *words] if words else flags)


class LazyGroup(TyperGroup):
    """A group whose commands are made from their functions only when typed: a start converts
    the one command it runs, and `--help` lists them from their help texts, converting none."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self.lazy: dict[str, Any] = {}  # command name -> typer's CommandInfo, not yet converted

    def list_commands(self, ctx: Any) -> list[str]:
        return list(dict.fromkeys([*self.lazy, *self.commands]))  # the order they were declared

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = self.commands.get(cmd_name)
        if command is None and cmd_name in self.lazy:
            command = typer.main.get_command_from_info(
                self.lazy[cmd_name], pretty_exceptions_short=True, rich_markup_mode=None
            )
            self.commands[cmd_name] = command
        return command

    def listed(self, cmd_name: str) -> Any:
        """What `--help` reads of a command (its help, hidden or not), without converting it."""
        info = self.lazy.get(cmd_name)
        if info is None or cmd_name in self.commands:
            return self.get_command(None, cmd_name)
        doc = info.help if info.help is not None else inspect.getdoc(info.callback)
        return TyperCommand(
            cmd_name, help=doc, short_help=info.short_help, hidden=info.hidden, deprecated=info.deprecated
        )

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """TyperGroup's list of commands, from ``listed``."""
        listed = [(name, self.listed(name)) for name in self.list_commands(ctx)]
        rows = [(name, command) for name, command in listed if command is not None and not command.hidden]
        if rows:
            limit = formatter.width - 6 - max(len(name) for name, _ in rows)
            with formatter.section("Commands"):
                formatter.write_dl([(name, command.get_short_help_str(limit)) for name, command in rows])


class LazyRoot(LazyGroup):
    """The root group: its commands, and a move group per registered game, built on first use."""

    def list_commands(self, ctx: Any) -> list[str]:
        return sorted({*self.commands, *self.lazy, *games.names()})

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is None and cmd_name in games.names():
            command = self.commands[cmd_name] = lazy_group(game_group(cmd_name))
        return command

    def listed(self, cmd_name: str) -> Any:
        if cmd_name in games.names() and cmd_name not in self.commands:
            return TyperCommand(cmd_name, help=game_help(cmd_name))
        return super().listed(cmd_name)


def lazy_group(app: typer.Typer) -> Any:
    """The click group of ``app`` (made with ``cls=LazyGroup``), its commands converted on first use."""
    infos = {
        info.name or typer.main.get_command_name(info.callback.__name__): info
        for info in app.registered_commands
        if info.callback is not None
    }
    app.registered_commands = []
    group = typer.main.get_command(app)
    assert isinstance(group, LazyGroup)
    group.lazy = infos
    return group


def build_command() -> LazyRoot:
    """The click command of the whole command line, its subcommands converted on first use."""
    root = lazy_group(build_app())
    assert isinstance(root, LazyRoot)
    from referee_cli.complete import use_bash_script

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
            Path | None,
            typer.Option(
                "--db", envvar="REFEREE_DB", help="The SQLite file (default: ledger.db in your data dir)."
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
            ctx.obj = Session(db or default_db(), game)

    @app.command()
    def new(
        ctx: typer.Context,
        kind: Kind,
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
        modules: Annotated[
            str | None, typer.Option("--modules", help="The same as --option modules=... (Pursuit).")
        ] = None,
        fresh: Annotated[
            bool, typer.Option("--fresh", help="Take nothing from the group's card library.")
        ] = False,
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
        if modules is not None:
            options["modules"] = modules
        games.get(kind)  # an unknown game is refused before any database is made
        cards_text = _read(cards) if cards else None
        with s.creating() as referee:
            started = referee.start_game(
                kind,
                players.split(","),
                mode=mode,
                options=options,
                seed=seed,
                title=title,
                cards=cards_text,
                fresh=fresh,
            )
            game_id = started.game_id
        loaded, board, _ = referee.board(game_id)
        if json:
            out({"game": game_json(referee, game_id), "cards": started, "status": board})
            return
        echo(
            f"game {game_id}: {loaded.game.title} for {', '.join(loaded.setup.players)} ({loaded.setup.mode})"
        )
        taken = render.started(started, cards.name if cards else None)
        if taken:
            echo(taken)
        echo(render.line(board))

    @app.command("games")
    def list_games(ctx: typer.Context, json: JsonFlag = False) -> None:
        """List the games in the database with each one's result; * marks the current one."""
        s = session(ctx)
        current = s.referee.current()
        listed_games = s.referee.overview()
        rows = [g for g, _ in listed_games]
        results = [r for _, r in listed_games]
        if json:
            listed = [{**msgspec.to_builtins(g), "result": r} for g, r in zip(rows, results, strict=True)]
            out({"current": current, "games": listed})
        else:
            echo(render.games(rows, results, current))

    @app.command()
    def use(ctx: typer.Context, game_id: Annotated[int, typer.Argument(metavar="ID")]) -> None:
        """Make game ID the current game."""
        s = session(ctx)
        s.referee.use(game_id)
        echo(f"game {game_id} is now the current game")

    @app.command()
    def status(ctx: typer.Context, as_: As = None, reveal: Reveal = False, json: JsonFlag = False) -> None:
        """Whose turn it is, what they may do, and the table."""
        show_status(session(ctx), None, as_, reveal, json)

    @app.command()
    def at(
        ctx: typer.Context,
        seq: Annotated[int, typer.Argument(metavar="SEQ")],
        as_: As = None,
        reveal: Reveal = False,
        json: JsonFlag = False,
    ) -> None:
        """The table as it stood right after row SEQ of the log."""
        show_status(session(ctx), seq, as_, reveal, json)

    @app.command()
    def log(
        ctx: typer.Context,
        last: Annotated[int | None, typer.Option("-n", help="Only the last N entries.")] = None,
        since: Annotated[
            int | None, typer.Option("--since", help="From the entry holding row SEQ on.", metavar="SEQ")
        ] = None,
        as_: As = None,
        reveal: Reveal = False,
        json: JsonFlag = False,
    ) -> None:
        """Every move, undo and void in order; reverted moves are marked. It streams."""
        s = session(ctx)
        game_id = s.game_id()
        entries = s.referee.log(game_id, since=since, last=last, as_player=as_, reveal=reveal)
        if json:
            _stream_json(game_json(s.referee, game_id), entries)
        else:
            info = s.referee.peek(game_id)
            head, _ = s.referee.head(game_id)
            for line in render.log(entries, head, [*info.players, "table"]):
                echo(line)

    @app.command()
    def score(
        ctx: typer.Context,
        chart: Annotated[
            Path | None,
            typer.Option(
                "--chart",
                metavar="FILE.svg",
                help="Also write the chart of each player's score at each round's end, as SVG.",
            ),
        ] = None,
        json: JsonFlag = False,
    ) -> None:
        """The score sheet: categories, ranks and how ties were broken."""
        s = session(ctx)
        game_id = s.game_id()
        loaded, sheet = s.referee.score(game_id)
        said = ""
        if chart is not None:  # written first: a path that cannot be written prints no sheet
            rounds = s.referee.score_by_round(game_id)[1]
            try:
                from referee_cli.chart import svg as draw_chart

                chart.write_text(draw_chart(rounds, standalone=True) + "\n")
            except OSError as exc:
                raise BadInput(f"cannot write {chart}: {exc.strerror}") from None
            said = (
                f"wrote {chart}: {rounds.measure}, {len(rounds.rounds)} rounds, {len(rounds.scores)} players"
            )
        if json:
            out({"game": game_json(s.referee, game_id), "score": sheet})
        else:
            echo(render.score(loaded, sheet))
        if said:  # (with --json, stdout stays JSON)
            (sys.stderr if json else sys.stdout).write(said + "\n")

    @app.command()
    def stats(
        ctx: typer.Context,
        kind: Annotated[
            str | None,
            typer.Option("--game-kind", help="Only this game, e.g. loop.", autocompletion=complete_kind),
        ] = None,
        json: JsonFlag = False,
    ) -> None:
        """Per player: finished games played, won, shared wins, average and best score, last played."""
        s = session(ctx)
        rows = s.referee.stats(kind)
        if json:
            out({"stats": rows})
        else:
            echo(render.stats(rows))

    @app.command()
    def undo(
        ctx: typer.Context,
        reason: Annotated[str, typer.Option("--reason")] = "",
        by: By = None,
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
        by: Annotated[
            str, typer.Option("--by", help="Who asked (recorded in the log).", autocompletion=complete_actor)
        ] = "table",
        json: JsonFlag = False,
    ) -> None:
        """Revert an earlier disputed move; later moves are re-checked without it."""
        s = session(ctx)
        show_recorded(s, s.referee.void(s.game_id(), seq, by=by, reason=reason, cascade=cascade), json)

    @app.command()
    def redo(ctx: typer.Context, by: By = None, json: JsonFlag = False) -> None:
        """Make the last undone move again (until another move is made)."""
        s = session(ctx)
        show_recorded(s, s.referee.redo(s.game_id(), by=by), json)

    @app.command()
    def moves(
        ctx: typer.Context,
        player: Player = None,
        json: JsonFlag = False,
    ) -> None:
        """The legal moves now, in the game's grammar."""
        show_moves(ctx, player, json)

    @app.command()
    def verify(
        ctx: typer.Context,
        head: Annotated[
            str | None,
            typer.Option("--head", help="A head hash kept from an earlier export (8 or more hex digits)."),
        ] = None,
        accept: Annotated[
            bool,
            typer.Option(
                "--accept",
                help="Take the log as it stands when its verified mark was lost (a cut at its end"
                " cannot be ruled out then).",
            ),
        ] = False,
        json: JsonFlag = False,
    ) -> None:
        """Recompute the hash chain and re-check every move through the rules."""
        s = session(ctx)
        report = s.referee.verify(s.game_id(), head, accept=accept)
        if json:
            fields = msgspec.structs.asdict(report)
            if not report.seed:
                del fields["seed"]  # a game without a sealed seed: nothing to say
            if not report.unconfirmed:
                del fields["unconfirmed"]  # every move checked through the rules
            out({"ok": True, **fields})
        else:
            echo(render.verified(report))

    @app.command()
    def export(
        ctx: typer.Context,
        output: OutputFile = None,
        with_seed: Annotated[
            bool,
            typer.Option(
                "--with-seed",
                help="Put a running virtual game's sealed seed in the file: whoever reads it can"
                " compute every deck's order.",
            ),
        ] = False,
    ) -> None:
        """The game as JSON Lines: a header, then every row with its hash."""
        s = session(ctx)
        lines, head = s.referee.export(s.game_id(), with_seed=with_seed)
        write_out("\n".join(lines) + "\n", output, f"{len(lines) - 1} rows · head #{len(lines) - 1} {head}")

    @app.command()
    def backup(ctx: typer.Context, file: Annotated[Path, typer.Argument(metavar="FILE")]) -> None:
        """Copy the database and its key (FILE and FILE.key): a complete backup, `--db FILE` reads it."""
        s = session(ctx)
        key = s.referee.backup(file)
        if key is None:
            echo(f"backed up {s.db} to {file} (this database has no key: the copy checks each game whole)")
        else:
            echo(
                f"backed up {s.db} to {file} and its key to {key}: keep the two together (the key seals"
                f" the caches and the seeds of virtual decks); `referee --db {file} games` reads the copy"
            )

    @app.command("reveal-seed")
    def reveal_seed(ctx: typer.Context) -> None:
        """Append a finished virtual game's sealed seed, so that anyone can check the deals."""
        s = session(ctx)
        seq, seed = s.referee.reveal_seed(s.game_id())
        echo(f"#{seq} seed {seed} revealed: `referee verify` checks it against the setup's commitment")

    @app.command("import")
    def import_(
        ctx: typer.Context,
        file: Annotated[Path, typer.Argument(metavar="FILE")],
        copy: Annotated[
            bool, typer.Option("--copy", help="Load it as a new game even if it is already here.")
        ] = False,
        json: JsonFlag = False,
    ) -> None:
        """Load an exported game after re-checking every row; it becomes the current game."""
        s = session(ctx)
        text = _read(file)
        with s.creating() as referee:
            game_id, new = referee.import_lines(text.splitlines(), copy=copy)
            if seed_lost(referee.load(game_id).state):
                sys.stderr.write(
                    f"{file} does not carry the seed its virtual decks were dealt from: the game reads as"
                    " its log holds it, and goes on as at a real table (the order of its decks is lost)\n"
                )
        if json:
            out({"game": game_json(referee, game_id), "new": new})
        elif new:
            echo(f"imported {file} as game {game_id}; it is now the current game")
        else:
            echo(
                f"{file} is game {game_id} already (the same log, up to its head); it is now the current"
                " game (--copy loads it again)"
            )

    app.add_typer(cards_group(), name="cards")

    @app.command()
    def schema(kind: Kind) -> None:
        """The JSON Schema of a game's typed view, commands and events (for front ends)."""
        import json

        from ledger.service import game_schema

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
        """Serve the current game to the table's browsers: the board, each player's page, the table's."""
        from referee_cli.serve import run_server  # starlette, uvicorn, jinja2: for this command only

        s = session(ctx)
        run_server(
            s.referee,
            s.db,
            s.game_id(),
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


def cards_group() -> typer.Typer:
    """``referee cards``: a game's declared faces, and the group's card library of each kind."""
    group = typer.Typer(
        name="cards",
        help="The card faces a table declared: this game's, or the group's library of a kind.",
        invoke_without_command=True,
        context_settings=CONTEXT,
    )

    @group.callback()
    def cards(
        ctx: typer.Context,
        kind: Annotated[
            str | None,
            typer.Option(
                "--kind", help="The library of this game kind, e.g. loop.", autocompletion=complete_kind
            ),
        ] = None,
        output: OutputFile = None,
        json: JsonFlag = False,
    ) -> None:
        """The faces this game's table declared, or (--kind) the library of every game of that
        kind in this database, as TOML (reuse with `new --cards` or `cards import`)."""
        if ctx.invoked_subcommand is not None:
            return
        s = session(ctx)
        if kind is not None:
            text = s.referee.library_toml(kind)
            shelf = s.referee.card_library(kind)
            summary = f"the {shelf.kind} card library: {len(shelf.entries)} faces and settings"
            what: dict[str, Any] = {
                "kind": shelf.kind,
                "sources": {key: entry.cite() for key, entry in sorted(shelf.entries.items())},
            }
        else:
            game_id = s.game_id()
            text = s.referee.cards(game_id)
            summary = "the declared card faces"
            what = {"game": game_json(s.referee, game_id)}
        if json:
            import tomllib

            out({**what, "cards": tomllib.loads(text)})
        else:
            write_out(text, output, summary)

    @group.command("import")
    def import_cards(
        ctx: typer.Context,
        file: Annotated[Path, typer.Argument(metavar="FILE")],
        kind: Annotated[
            str, typer.Option("--kind", help="The game kind the file is for.", autocompletion=complete_kind)
        ],
        correct: Annotated[
            str | None,
            typer.Option(
                "--correct", metavar="REASON", help="Take the file's word where it differs, as corrections."
            ),
        ] = None,
    ) -> None:
        """Add a cards file (TOML) to the group's library, checked as a declaration is."""
        s = session(ctx)
        text = _read(file)
        games.get(kind)
        with s.creating() as referee:
            done = referee.import_library(kind, text, file.name, correct=correct)
        echo(
            f"imported {done.added} faces and settings from {file} into the {kind} library"
            f" ({done.known} known already, {len(done.corrected)} corrected)"
        )
        for fixed in done.corrected:
            echo(render.corrected(kind, fixed))

    # the declaration's own options (``--needs``) are the game's words, not this command's
    @group.command("correct", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
    def correct(
        ctx: typer.Context,
        kind: Kind,
        reason: Annotated[str, typer.Option("--reason", help="What the table misdeclared.")],
        words: Annotated[list[str] | None, typer.Argument(metavar="DECLARATION")] = None,
    ) -> None:
        """Correct a face of the library with a declaration in the game's grammar (`declare ...`);
        logged, naming the games whose logs keep the earlier word."""
        s = session(ctx)
        fixed = s.referee.correct_card(kind, [*(words or []), *ctx.args], reason)
        echo(render.corrected(kind, fixed))

    return group


class MovesGroup(LazyGroup):
    """``referee GAME``: its help, the shells' completion of a verb and the unknown-verb error
    list the verbs of the current game's mode (LOOP's Basic Mode has no ``career``); a verb
    of another mode still reaches the game, which says why it is not here."""

    def mode_verbs(self, ctx: Any) -> list[str] | None:
        root = ctx.find_root()
        try:
            referee = Referee.open(Path(root.params.get("db") or default_db()), create=False)
        except RefereeError:
            return None
        try:
            game_id = referee.resolve(root.params.get("game"))
            if referee.peek(game_id).kind != self.name:
                return None
            return [verb.name for verb in referee.verbs(game_id)]
        except RefereeError:
            return None
        finally:
            referee.close()

    def list_commands(self, ctx: Any) -> list[str]:
        listed = super().list_commands(ctx)
        verbs = self.mode_verbs(ctx)
        every = {verb.name for verb in games.get(self.name or "").verbs}
        return listed if verbs is None else [c for c in listed if c not in every or c in verbs]

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        if args and self.get_command(ctx, args[0].lower()) is None and not args[0].startswith("-"):
            verbs = self.mode_verbs(ctx) or [verb.name for verb in games.get(self.name or "").verbs]
            raise BadInput(f"unknown {self.name} move {args[0]!r}", legal=" | ".join([*verbs, "moves"]))
        return super().resolve_command(ctx, args)


def game_group(name: str) -> typer.Typer:
    """``referee GAME VERB ...``: each verb's words go to the game's own parser."""
    game = games.get(name)
    group = typer.Typer(
        name=name,
        help=game_help(name),
        no_args_is_help=True,
        context_settings=CONTEXT,
        rich_markup_mode=None,
        add_completion=False,  # completion is installed for `referee` itself, at the root
        cls=MovesGroup,
    )
    group.callback()(_no_options)  # a group, whose verbs lazy_group converts when named

    def verb_command(verb: str) -> Callable[..., None]:
        def command(
            ctx: typer.Context,
            words: Annotated[
                list[str] | None, typer.Argument(metavar="WORDS", autocompletion=complete_words)
            ] = None,
            json: JsonFlag = False,
        ) -> None:
            submit_move(session(ctx), name, verb, words or [], json)

        return command

    for verb in game.verbs:
        for word in (verb.name, *verb.aliases):
            group.command(
                word,
                help=f"{verb.help}\n\nUsage: {verb.usage}",
                short_help=verb.help,  # listed whole, rule section and all
                cls=MoveCommand,
                hidden=word != verb.name,
            )(verb_command(word))

    @group.command("moves")
    def moves(
        ctx: typer.Context,
        player: Player = None,
        json: JsonFlag = False,
    ) -> None:
        """The legal moves now (for PLAYER, or whoever must act)."""
        show_moves(ctx, player, json)

    return group


def _no_options() -> None:
    pass


def game_help(name: str) -> str:
    return f"Moves of {games.title(name)}."


def show_moves(ctx: typer.Context, player: str | None, json: bool) -> None:
    s = session(ctx)
    game_id = s.game_id()
    legal = s.referee.legal(game_id, player)
    if json:
        out({"game": game_json(s.referee, game_id), "player": player, "moves": legal})
    elif legal:
        echo("\n".join(m.text for m in legal))
    else:
        _, board, _ = s.referee.board(game_id)
        waiting = [name for name in board.to_act if name.lower() != (player or "").lower()]
        if player and waiting and board.prompt:
            # Someone else acts first (the table's reveals, a FAVOUR's answer): say who and
            # what, and list their moves, rather than "no legal moves".
            echo(f"{player} has no move now; {board.prompt}")
            others = s.referee.legal(game_id)
            if others:
                echo("\n".join(m.text for m in others))
            return
        if board.prompt:
            # Open-ended moves only (a declaration of any card face): the prompt says which.
            echo(f"no move to list now; {board.prompt}")
            return
        echo(f"no legal moves now for {player}" if player else "no legal moves now")
        echo(render.line(board))


def complete_words(ctx: typer.Context, incomplete: str) -> list[str]:
    """Shell completion of a move's next word, from the current game's legal moves."""
    from referee_cli.complete import complete_move

    root = ctx.find_root()
    db = root.params.get("db") or default_db()
    verb = ctx.info_name or ""
    kind = ctx.parent.info_name if ctx.parent else ""
    words = [verb, *(ctx.params.get("words") or [])]
    try:
        referee = Referee.open(Path(db), create=False)
        game_id = referee.resolve(root.params.get("game"))
        if referee.peek(game_id).kind != kind:
            return []
        return complete_move(referee, game_id, words, incomplete)
    except RefereeError:
        return []


def _stream_json(game: dict[str, Any], entries: Iterator[Any]) -> None:
    """``{"game": ..., "entries": [...]}`` written an entry at a time."""
    encode = msgspec.json.Encoder().encode
    write('{"game":' + encode(game).decode() + ',"entries":[')
    for n, entry in enumerate(entries):
        write(("," if n else "") + encode(entry).decode())
    write("]}\n")


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
