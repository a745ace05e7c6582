"""The games in the database: ``new``, ``games``, ``use`` and ``stats``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import msgspec
import typer

from ledger import games
from ledger.errors import BadInput
from referee_cli.base import echo, game_json, out, show_recorded
from referee_cli.options import (
    JsonFlag,
    Kind,
    OutputFile,
    _read,
    complete_actor,
    complete_kind,
    session,
    write_out,
)

if TYPE_CHECKING:
    from referee_cli import render
else:
    from referee_cli.base import render  # imported on first use: `--help` loads no renderings


def register(app: typer.Typer) -> None:
    """Declare the catalogue's commands on the root ``app``."""

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

    @app.command()
    def abandon(
        ctx: typer.Context,
        game_id: Annotated[
            int | None, typer.Argument(metavar="[GAME]", help="The game's id (default: the current game).")
        ] = None,
        reason: Annotated[str, typer.Option("--reason", help="Why the table gives it up.")] = "",
        by: Annotated[
            str, typer.Option("--by", help="Who asked (recorded in the log).", autocompletion=complete_actor)
        ] = "table",
        json: JsonFlag = False,
    ) -> None:
        """Give up on a game (a mistake, a try-out): recorded, never deleted; `games` and `stats`
        leave it out unless --all."""
        s = session(ctx)
        target = game_id if game_id is not None else s.game_id()
        show_recorded(s, s.referee.abandon(target, by=by, reason=reason), json)

    @app.command("games")
    def list_games(
        ctx: typer.Context,
        all_: Annotated[bool, typer.Option("--all", help="List abandoned games too.")] = False,
        json: JsonFlag = False,
    ) -> None:
        """List the games in the database with each one's result; * marks the current one."""
        s = session(ctx)
        current = s.referee.current()
        listed_games = [
            (g, r if g.status != "abandoned" else msgspec.structs.replace(r, over=False))
            for g, r in s.referee.overview()
            if all_ or g.status != "abandoned"
        ]
        hidden = len(s.referee.overview()) - len(listed_games) if not listed_games else 0
        if hidden and not json:
            echo(f"no games listed: {hidden} abandoned (`referee games --all` lists them)")
            return
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
    def stats(
        ctx: typer.Context,
        kind: Annotated[
            str | None,
            typer.Option("--game-kind", help="Only this game, e.g. loop.", autocompletion=complete_kind),
        ] = None,
        player: Annotated[
            str | None,
            typer.Option(
                "--player", help="Only the games NAME played, and NAME head to head.", metavar="NAME"
            ),
        ] = None,
        players: Annotated[
            int | None, typer.Option("--players", help="Only the games of N players.", metavar="N")
        ] = None,
        since: Annotated[
            str | None, typer.Option("--since", help="Only games ended on DAY or after.", metavar="DAY")
        ] = None,
        until: Annotated[
            str | None, typer.Option("--until", help="Only games ended on DAY or before.", metavar="DAY")
        ] = None,
        all_: Annotated[bool, typer.Option("--all", help="Count abandoned games too.")] = False,
        csv: Annotated[
            bool,
            typer.Option(
                "--csv", help="Write each player's result in each finished game, a row each, as CSV."
            ),
        ] = False,
        output: OutputFile = None,
        json: JsonFlag = False,
    ) -> None:
        """Per player: finished games played, won, shared wins, win %, average, best and latest
        score, usual rank; the games' length; with --player, head to head. Days are YYYY-MM-DD, UTC."""
        s = session(ctx)
        if csv and json:
            raise BadInput("--csv and --json are two shapes of it: choose one", legal="stats --csv | --json")
        history = s.referee.history(
            kind=kind, player=player, players=players, since=since, until=until, abandoned=all_
        )
        games_in = len({r.game_id for r in history.results})
        summary = f"{len(history.results)} results of {games_in} finished games"
        if csv:
            write_out(render.results_csv(history.results), output, summary)
        elif json and output is None:
            out(history)
        elif json:
            write_out(msgspec.json.encode(history).decode() + "\n", output, summary)
        elif output is None:
            echo(render.history(history, player))
        else:
            write_out(render.history(history, player) + "\n", output, summary)
