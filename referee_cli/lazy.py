"""Click groups whose commands are converted from their typer functions only when typed: a
start converts the one command it runs, and `--help` lists them from their help texts. The root
(``referee_cli.app.LazyRoot``) and each game's group (``referee_cli.verbs.MovesGroup``) are such
groups."""

from __future__ import annotations

import inspect
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup
from typer.models import TyperInfo


class WholeHelpGroup(TyperGroup):
    """A group whose `--help` lists each command's first sentence whole, wrapped under it
    (click's own cuts it at the line's end with "...")."""

    def listed(self, cmd_name: str) -> Any:
        """What `--help` reads of a command."""
        return self.get_command(None, cmd_name)  # type: ignore[arg-type]  # click's reads no ctx

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """TyperGroup's list of commands, from ``listed``, none cut short."""
        listed = [(name, self.listed(name)) for name in self.list_commands(ctx)]
        rows = [(name, command) for name, command in listed if command is not None and not command.hidden]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl([(name, command.get_short_help_str(WHOLE)) for name, command in rows])


WHOLE = 10_000  # a short help's limit that cuts nothing: the first sentence, however long


class LazyGroup(WholeHelpGroup):
    """A group whose commands are made from their functions only when typed: a start converts
    the one command it runs, and `--help` lists them from their help texts, converting none but
    a group of commands (`referee cards`), whose help typer solves as it converts it."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        # command name -> typer's CommandInfo (or a group's TyperInfo), not yet converted
        self.lazy: dict[str, Any] = {}

    def list_commands(self, ctx: Any) -> list[str]:
        return list(dict.fromkeys([*self.lazy, *self.commands]))  # the order they were declared

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = self.commands.get(cmd_name)
        info = self.lazy.get(cmd_name)
        if command is None and isinstance(info, TyperInfo):
            # as typer converts a group's groups: `referee cards` was a sixth of `referee loop --help`
            command = typer.main.get_group_from_info(
                info,
                pretty_exceptions_short=True,
                rich_markup_mode=None,
                suggest_commands=self.suggest_commands,
            )
            self.commands[cmd_name] = command
        elif command is None and info is not None:
            command = typer.main.get_command_from_info(
                info, pretty_exceptions_short=True, rich_markup_mode=None
            )
            self.commands[cmd_name] = command
        return command

    def listed(self, cmd_name: str) -> Any:
        """What `--help` reads of a command (its help, hidden or not), without converting it."""
        info = self.lazy.get(cmd_name)
        if info is None or cmd_name in self.commands or isinstance(info, TyperInfo):
            return self.get_command(None, cmd_name)
        doc = info.help if info.help is not None else inspect.getdoc(info.callback)
        return TyperCommand(
            cmd_name, help=doc, short_help=info.short_help, hidden=info.hidden, deprecated=info.deprecated
        )


def lazy_group(app: typer.Typer) -> Any:
    """The click group of ``app`` (made with ``cls=LazyGroup``), its commands and groups of
    commands converted on first use."""
    infos: dict[str, Any] = {
        info.name or typer.main.get_command_name(info.callback.__name__): info
        for info in app.registered_commands
        if info.callback is not None
    }
    infos.update((info.name, info) for info in app.registered_groups if info.name)
    app.registered_commands = []
    app.registered_groups = []
    group = typer.main.get_command(app)
    assert isinstance(group, LazyGroup)
    group.lazy = infos
    return group
