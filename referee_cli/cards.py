"""``referee cards``: the card faces a table declared, and the group's card library."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ledger import games
from referee_cli.base import echo, game_json, out
from referee_cli.lazy import WholeHelpGroup
from referee_cli.options import CONTEXT, JsonFlag, Kind, OutputFile, _read, complete_kind, session, write_out

if TYPE_CHECKING:
    from referee_cli import render
else:
    from referee_cli.base import render  # imported on first use: `--help` loads no renderings


def cards_group() -> typer.Typer:
    """``referee cards``: a game's declared faces, and the group's card library of each kind."""
    group = typer.Typer(
        name="cards",
        help="The card faces a table declared: this game's, or the group's library of a kind.",
        invoke_without_command=True,
        context_settings=CONTEXT,
        cls=WholeHelpGroup,
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
            import tomllib  # `cards --json` only

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
