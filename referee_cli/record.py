"""The record: what the table takes back (``undo``, ``void``, ``redo``), and the log checked
and carried elsewhere (``verify``, ``export``, ``backup``, ``reveal-seed``, ``import``)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import msgspec
import typer

from ledger.errors import BadInput
from referee_cli.base import echo, game_json, named, out, show_recorded
from referee_cli.options import (
    NEGATIVE_SEQ,
    By,
    JsonFlag,
    OutputFile,
    _read,
    complete_actor,
    session,
    write_out,
)

if TYPE_CHECKING:
    from ledger.service import VoidPreview
    from referee_cli import render
else:
    from referee_cli.base import render  # imported on first use: `--help` loads no renderings


def interactive() -> bool:
    """Whether a person at a terminal can answer a question (a void's cascade, to confirm)."""
    return sys.stdin.isatty()


def preview_text(preview: VoidPreview) -> str:
    """What a void would take back, a move a line (``render.void_preview``), for the terminal."""
    heading, lines = render.void_preview(preview)
    return "\n".join([heading, *(f"  {line}" for line in lines)])  # ``echo`` escapes control characters


def register(app: typer.Typer) -> None:
    """Declare the record's commands on the root ``app``."""

    @app.command()
    def undo(
        ctx: typer.Context,
        reason: Annotated[str, typer.Option("--reason")] = "",
        by: By = None,
        json: JsonFlag = False,
    ) -> None:
        """Take back the latest action: the latest live move, or a void (its moves come back)."""
        s = session(ctx)
        show_recorded(s, s.referee.undo(s.game_id(), by=by, reason=reason), json)

    @app.command(context_settings=NEGATIVE_SEQ)
    def void(
        ctx: typer.Context,
        seq: Annotated[
            int, typer.Argument(metavar="SEQ", help="The disputed move's seq (see `referee log`).")
        ],
        reason: Annotated[str, typer.Option("--reason", help="Why the table voids it.")],
        cascade: Annotated[
            bool,
            typer.Option(
                "--cascade", help="Also void later moves it makes illegal (shown first, to confirm)."
            ),
        ] = False,
        by: Annotated[
            str, typer.Option("--by", help="Who asked (recorded in the log).", autocompletion=complete_actor)
        ] = "table",
        yes: Annotated[
            bool, typer.Option("--yes", "-y", help="Record a cascade without asking first.")
        ] = False,
        dry_run: Annotated[
            bool, typer.Option("--dry-run", help="Show what it would take back; record nothing.")
        ] = False,
        json: JsonFlag = False,
    ) -> None:
        """Revert an earlier disputed move; later moves are re-checked without it."""
        s = session(ctx)
        game_id = s.game_id()
        preview = s.referee.void_preview(game_id, seq, by=by, reason=reason, cascade=cascade)
        if dry_run:
            if json:
                out({"dry_run": True, **msgspec.structs.asdict(preview)})
            else:
                echo(preview_text(preview) + "\n(--dry-run: nothing recorded)")
            return
        if preview.cascade and not yes:
            # A cascade takes back moves nobody named: the table sees them before they go.
            if not interactive():
                raise BadInput(
                    f"void #{seq} would also take back {len(preview.cascade)} later"
                    f" move{'s' if len(preview.cascade) > 1 else ''}"
                    f" ({', '.join(f'#{n}' for n in preview.cascade)}) by cascade; nothing recorded",
                    legal="add --yes to record it; --dry-run shows it",
                )
            echo(preview_text(preview))
            if not typer.confirm("Record this void?", default=False):
                echo("nothing recorded")
                raise typer.Exit(1)
        recorded = s.referee.void(game_id, seq, by=by, reason=reason, cascade=cascade, seen=preview.head)
        show_recorded(s, recorded, json)

    @app.command()
    def redo(ctx: typer.Context, by: By = None, json: JsonFlag = False) -> None:
        """Make the last undone move (or void taken back) again, until another move is made."""
        s = session(ctx)
        show_recorded(s, s.referee.redo(s.game_id(), by=by), json)

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
    def backup(ctx: typer.Context, file: Annotated[str, typer.Argument(metavar="FILE")]) -> None:
        """Copy the database and its key (FILE and FILE.key): a complete backup, `--db FILE` reads it.
        FILE may be a club's server (postgresql://USER@HOST/DB, holding no game yet): the whole
        ledger moves there, its key to the file REFEREE_KEY_FILE names."""
        s = session(ctx)
        key = s.referee.backup(file)
        if key is None:
            echo(
                f"backed up {named(s.db)} to {named(file)} (this database has no key: the copy checks each"
                " game whole)"
            )
        else:
            echo(
                f"backed up {named(s.db)} to {named(file)} and its key to {key}: keep the two together (the"
                f" key seals the caches and the seeds of virtual decks); `referee --db {named(file)} games`"
                " reads the copy"
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
        from ledger.history import seed_lost  # the store and SQLite: `--help` loads neither

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
