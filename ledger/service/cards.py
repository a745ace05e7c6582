"""The group's card library (``ledger.library``) through the service: read, shared as a cards
file, imported and corrected.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ledger import games
from ledger.codec import encode
from ledger.decider import Game
from ledger.errors import BadInput, IllegalMove
from ledger.service.repository import Repository
from ledger.service.results import Corrected, Imported

if TYPE_CHECKING:  # each imported where it is used: the library only when cards are asked for
    from ledger import library


class Cards:
    """The card library of each kind of game, through the service."""

    def __init__(self, repo: Repository) -> None:
        self.repo = repo

    def card_library(self, kind: str) -> library.Library:
        """The faces and settings the tables of this database declared in ``kind``'s games."""
        from ledger import library

        return library.read(self.repo.store, games.get(kind))

    def library_toml(self, kind: str) -> str:
        """The library of ``kind`` as a cards file a group can share (``new --cards`` reads it)."""
        from ledger import library

        game = games.get(kind)
        return library.as_toml(library.read(self.repo.store, game), game)

    def import_library(self, kind: str, text: str, source: str, *, correct: str | None = None) -> Imported:
        """Add a cards file's faces to the library of ``kind``, checked as a declaration is: one
        that contradicts the library is refused (and nothing is added), unless ``correct`` gives
        the reason to take the file's word as a correction (naming the games it affects)."""
        from ledger import library

        game = games.get(kind)
        if correct is not None and not correct.strip():
            raise BadInput("a correction needs a reason", legal="--correct REASON")
        shelf = library.read(self.repo.store, game)
        setup = library.scratch(game)
        rows, known, fixed = [], 0, []
        for _, events in library.declared(game, game.initial(setup), game.load_cards(setup, text)):
            for key, face, event in library.faces_of(game, events):
                was = shelf.entries.get(key)
                if was is None:
                    rows.append(library.row(key, event, library.IMPORT, source))
                elif was.body == encode(event):
                    known += 1
                elif correct is None:
                    raise library.contradiction(game, key, face, was)
                else:
                    fixed.append(self._correction(game, key, face, event, was))
                    rows.append(library.row(key, event, library.CORRECT, correct, fixed[-1].affects))
        if rows:
            self.repo.store.add_library(game.name, rows, self.repo.clock())
        return Imported(len(rows) - len(fixed), known, fixed)

    def correct_card(self, kind: str, words: Sequence[str], reason: str) -> Corrected:
        """Replace a face of the library of ``kind`` with the one a declaration in the game's
        grammar (``declare ...``) gives, logged with ``reason`` and the games whose logs say
        otherwise (they keep what they were played with; new games take the correction)."""
        from ledger import library

        if not reason.strip():
            raise BadInput("a correction needs a reason", legal="--reason TEXT")
        game = games.get(kind)
        if not library.has_library(game):
            raise BadInput(f"{game.title} keeps no card library")
        shelf = library.read(self.repo.store, game)
        state = game.initial(library.scratch(game))
        command = game.parse(state, list(words))
        faces = library.faces_of(game, game.decide(state, command))
        if len(faces) != 1:
            raise BadInput(
                "a correction declares one face", legal="declare ... (see the game's `declare` help)"
            )
        key, face, event = faces[0]
        known = shelf.entries.get(key)
        if known is None:
            raise IllegalMove(
                f"the {game.name} library has no {key} to correct",
                rule=library.RULE,
                legal="declare it in a game, or `referee cards import`",
            )
        if known.body == encode(event):
            raise IllegalMove(f"the library says that of {key} already ({known.cite()})", rule=library.RULE)
        fixed = self._correction(game, key, face, event, known)
        self.repo.store.add_library(
            game.name, [library.row(key, event, library.CORRECT, reason, fixed.affects)], self.repo.clock()
        )
        return fixed

    def _correction(self, game: Game, key: str, face: Any, event: Any, was: library.Entry) -> Corrected:
        """What correcting ``key`` to ``face`` changes: the face as it read, and the games whose
        logs keep that earlier word."""
        from ledger import library

        before = library.faces_of(game, [was.event])[0][1]
        affects = library.affected(self.repo.store, game, key, encode(event))
        return Corrected(key, library.said(face), was.cite(), library.said(before), affects)
