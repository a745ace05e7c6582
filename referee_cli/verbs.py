"""``referee GAME VERB ...``: a group per registered game, whose verbs hand their words to the
game's own parser, and the shells' completion of those words."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperCommand

from ledger import games
from ledger.errors import BadInput, RefereeError
from ledger.words import unknown
from referee_cli.base import MOVE_FLAGS, database, submit_move
from referee_cli.lazy import LazyGroup
from referee_cli.options import CONTEXT, JsonFlag, Player, session
from referee_cli.reading import show_moves

if TYPE_CHECKING:
    from ledger.decider import Verb
    from ledger.service import Referee
else:
    from referee_cli.base import Referee  # imported on first use: `--help` loads no service


class MoveCommand(TyperCommand):
    """A move verb: its words go to the game's grammar untouched. click would read ``-1lth`` as
    the short options ``-1 -l -t -h`` (and so print the help); only ``--json`` and ``--help``
    (``-h``) typed as whole words are the command line's, everything else comes after ``--``."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        flags = [a for a in args if a.lower() in MOVE_FLAGS]
        words = [a for a in args if a.lower() not in MOVE_FLAGS]
        return super().parse_args(ctx, [*flags, "--", *words] if words else flags)

    def get_help(self, ctx: Any) -> str:
        """The verb's help, its usage in the current game's mode (no CAREER's option in a
        Basic game of LOOP) if the current game is of this group's."""
        group = ctx.parent.command if ctx.parent is not None else None
        verbs = group.mode_verbs(ctx) if isinstance(group, MovesGroup) else None
        verb = next((v for v in verbs or [] if self.name in (v.name, *v.aliases)), None)
        if verb is not None:
            self.help = f"{verb.help}\n\nUsage: {verb.usage}"
        return str(super().get_help(ctx))


class MovesGroup(LazyGroup):
    """``referee GAME``: its help, the shells' completion of a verb and the unknown-verb error
    list the verbs of the current game's mode (LOOP's Basic Mode has no ``career``); a verb
    of another mode still reaches the game, which says why it is not here."""

    def mode_verbs(self, ctx: Any) -> list[Verb] | None:
        """The verbs of the current game's mode, with their words in it, if it is this group's game."""
        root = ctx.find_root()
        try:
            referee = Referee.open(database(root.params.get("db")), create=False)
        except RefereeError:
            return None
        try:
            game_id = referee.resolve(root.params.get("game"))
            if referee.peek(game_id).kind != self.name:
                return None
            return referee.verbs(game_id)
        except RefereeError:
            return None
        finally:
            referee.close()

    def list_commands(self, ctx: Any) -> list[str]:
        listed = super().list_commands(ctx)
        verbs = self.mode_verbs(ctx)
        every = {verb.name for verb in games.get(self.name or "").verbs}
        names = {verb.name for verb in verbs or []}
        return listed if verbs is None else [c for c in listed if c not in every or c in names]

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        if args and self.get_command(ctx, args[0].lower()) is None and not args[0].startswith("-"):
            verbs = [verb.name for verb in self.mode_verbs(ctx) or games.get(self.name or "").verbs]
            known = [*verbs, "moves"]
            raise BadInput(unknown(f"{self.name} move", args[0], known), legal=" | ".join(known))
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


def complete_words(ctx: typer.Context, incomplete: str) -> list[str]:
    """Shell completion of a move's next word, from the current game's legal moves."""
    from referee_cli.complete import complete_move  # a shell's completion only

    root = ctx.find_root()
    db = database(root.params.get("db"))
    verb = ctx.info_name or ""
    kind = ctx.parent.info_name if ctx.parent else ""
    words = [verb, *(ctx.params.get("words") or [])]
    try:
        referee = Referee.open(db, create=False)
        game_id = referee.resolve(root.params.get("game"))
        if referee.peek(game_id).kind != kind:
            return []
        return complete_move(referee, game_id, words, incomplete)
    except RefereeError:
        return []
