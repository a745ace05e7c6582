"""Completion of a half-typed move from the game's ``legal()``: the shell's tab key and the
shells' own completion (``referee --install-completion``) both ask here.

The next word is read off the legal moves' canonical text: after ``favour ann`` the FAVOUR
kinds ann holds, after ``consume ann`` the ACTIVITY in the CONSUME AREA she can pay for, after
``buy ann`` the MATERIAL in the BUY AREA, and so on. Where no legal move matches (a move the
rules would refuse now, like ``end`` before the main action, or one ``legal()`` does not
list, like a reveal), nothing is offered: a player's name there would be a guess.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # `--help` and `--version` build the command line (and so import this) only
    from ledger.service import Referee


def verb_words(referee: Referee, game_id: int) -> dict[str, str]:
    """Every word that starts a move in this game's mode, each mapped to its verb (aliases
    included): LOOP's Basic Mode has no ``career``."""
    verbs = referee.verbs(game_id)
    words = {verb.name: verb.name for verb in verbs}
    for verb in verbs:
        words.update(dict.fromkeys(verb.aliases, verb.name))
    return words


def complete_move(referee: Referee, game_id: int, words: Sequence[str], incomplete: str) -> list[str]:
    """The words that may come next after ``words`` (a verb first), starting with ``incomplete``."""
    prefix = incomplete.lower()
    if not words:
        return sorted(w for w in verb_words(referee, game_id) if w.startswith(prefix))
    typed = [w.lower() for w in words]
    verbs = verb_words(referee, game_id)
    typed[0] = verbs.get(typed[0], typed[0])
    found: set[str] = set()
    for move in referee.legal(game_id):
        parts = move.text.split()
        if len(parts) > len(typed) and [p.lower() for p in parts[: len(typed)]] == typed:
            following = parts[len(typed)]
            if following.lower().startswith(prefix):
                found.add(following)
    return sorted(found)


# bash: typer's script registers ``complete -o default``, so bash lists file names wherever
# the referee offers nothing (after ``use``, ``--game``, ``void``, a move's words). This one
# lists files only where a file is asked for (``import FILE``, ``--cards``, ``-o``, ``--db``):
# click's protocol, each word as ``type,value``.
BASH_SCRIPT = """
%(complete_func)s() {
    local IFS=$'\\n'
    local response
    response=$(env COMP_WORDS="${COMP_WORDS[*]}" COMP_CWORD=$COMP_CWORD \\
%(autocomplete_var)s=complete_bash $1)
    COMPREPLY=()
    for completion in $response; do
        IFS=',' read type value <<< "$completion"
        if [[ $type == 'dir' ]]; then
            compopt -o dirnames
        elif [[ $type == 'file' ]]; then
            compopt -o default
        elif [[ $type == 'plain' ]]; then
            COMPREPLY+=($value)
        fi
    done
    return 0
}

complete -F %(complete_func)s %(prog_name)s
"""


def use_bash_script() -> None:
    """Make ``--install-completion``, ``--show-completion`` and the completion itself speak
    ``BASH_SCRIPT``'s protocol (call it after typer has registered its own)."""
    from typer import _completion_shared
    from typer._click.shell_completion import (
        CompletionItem,
        _resolve_context,
        _resolve_incomplete,
        add_completion_class,
    )
    from typer._completion_classes import BashComplete
    from typer.models import TyperPath

    class Bash(BashComplete):
        source_template = BASH_SCRIPT

        def get_completions(self, args: list[str], incomplete: str) -> list[CompletionItem]:
            # typer offers nothing for a path, counting on bash's file names everywhere:
            # here a path (and only a path) asks bash for them.
            ctx = _resolve_context(self.cli, self.ctx_args, self.prog_name, args)
            param, incomplete = _resolve_incomplete(ctx, args, incomplete)
            if isinstance(getattr(param, "type", None), TyperPath):
                return [CompletionItem(incomplete, type="file")]
            return param.shell_complete(ctx, incomplete)

        def format_completion(self, item: CompletionItem) -> str:
            return f"{item.type},{item.value}"

    _completion_shared._completion_scripts["bash"] = BASH_SCRIPT
    add_completion_class(Bash, "bash")
