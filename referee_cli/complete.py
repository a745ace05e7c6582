"""Completion of a half-typed move from the game's ``legal()``: the shell's tab key and the
shells' own completion (``referee --install-completion``) both ask here.

The next word is read off the legal moves' canonical text: after ``favour ann`` the FAVOUR
kinds ann holds, after ``consume ann`` the ACTIVITY in the CONSUME AREA she can pay for, after
``buy ann`` the MATERIAL in the BUY AREA, and so on. Where no legal move matches (a move the
rules would refuse, or one ``legal()`` does not list in full), the players' names are offered.
"""

from __future__ import annotations

from collections.abc import Sequence

from ledger.service import Referee


def verb_words(referee: Referee, game_id: int) -> dict[str, str]:
    """Every word that starts a move, each mapped to its verb (aliases included)."""
    game = referee.load(game_id).game
    words = {verb.name: verb.name for verb in game.verbs}
    for verb in game.verbs:
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
    if found:
        return sorted(found)
    players = referee.load(game_id).setup.players
    return [p for p in players if p.lower().startswith(prefix)]
