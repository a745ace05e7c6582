"""`--help` lists every command and game without converting a command or importing a game,
and a game's `--help` lists every verb of that game, each with its whole one-line help."""

from __future__ import annotations

import pytest

from ledger import games
from referee_cli.app import build_app
from referee_cli.main import run


def test_root_help_lists_every_command_and_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--help"]) == 0
    listed = capsys.readouterr().out.split("Commands:")[1]
    names = {line.split()[0] for line in listed.splitlines() if line.startswith("  ") and line[2] != " "}
    app = build_app()
    commands = {info.name or info.callback.__name__ for info in app.registered_commands if info.callback}
    commands |= {info.name for info in app.registered_groups if info.name}  # `cards`
    assert names == {*commands - {"list_games", "import_"}, "games", "import", *games.names()}
    for name in ("loop", "planet-b", "pursuit"):
        assert f"Moves of {games.get(name).title}." in listed


@pytest.mark.parametrize("name", ["loop", "planet-b", "pursuit"])
def test_a_games_help_lists_every_verb_whole(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run([name, "--help"]) == 0
    listed = " ".join(capsys.readouterr().out.split("Commands:")[1].split())
    for verb in games.get(name).verbs:
        assert f"{verb.name} {' '.join(verb.help.split())}" in listed
    assert "moves The legal moves now" in listed


def test_the_registry_knows_each_built_in_title_without_importing_it() -> None:
    for name in ("loop", "planet-b", "pursuit"):
        assert games.title(name) == games.get(name).title
