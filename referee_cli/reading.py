"""What the table reads of a game: ``status``, ``at``, ``log``, ``score`` and ``moves`` (the
legal moves, which ``referee GAME moves`` lists too)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import msgspec
import typer

from ledger.errors import BadInput
from referee_cli.base import echo, game_json, out, show_status, write
from referee_cli.options import NEGATIVE_SEQ, As, JsonFlag, Player, Reveal, session

if TYPE_CHECKING:
    from referee_cli import render
else:
    from referee_cli.base import render  # imported on first use: `--help` loads no renderings


def register(app: typer.Typer) -> None:
    """Declare the reading commands on the root ``app``."""

    @app.command()
    def status(ctx: typer.Context, as_: As = None, reveal: Reveal = False, json: JsonFlag = False) -> None:
        """Whose turn it is, what they may do, and the table."""
        show_status(session(ctx), None, as_, reveal, json)

    @app.command(context_settings=NEGATIVE_SEQ)
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
                from referee_cli.chart import svg as draw_chart  # `score --chart` only

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
    def moves(
        ctx: typer.Context,
        player: Player = None,
        json: JsonFlag = False,
    ) -> None:
        """The legal moves now, in the game's grammar."""
        show_moves(ctx, player, json)


def show_moves(ctx: typer.Context, player: str | None, json: bool) -> None:
    s = session(ctx)
    game_id = s.game_id()
    if player is not None and player.casefold() == "table":  # the table's steps, named as the prompt does
        player = "table"
    legal = s.referee.legal(game_id, player)
    if json:
        out({"game": game_json(s.referee, game_id), "player": player, "moves": legal})
    elif legal:
        echo("\n".join(m.text for m in legal))
    else:
        _, board, _ = s.referee.board(game_id)
        waiting = [name for name in board.to_act if name.lower() != (player or "").lower()]
        new = s.referee.unlisted(game_id, player) if player and player in board.to_act else []
        if new:
            # Its card is new to the referee: the move to type, the face declared first.
            echo("\n".join(new))
            if board.prompt:
                echo(f"({board.prompt})")
            return
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


def _stream_json(game: dict[str, Any], entries: Iterator[Any]) -> None:
    """``{"game": ..., "entries": [...]}`` written an entry at a time."""
    encode = msgspec.json.Encoder().encode
    write('{"game":' + encode(game).decode() + ',"entries":[')
    for n, entry in enumerate(entries):
        write(("," if n else "") + encode(entry).decode())
    write("]}\n")
