"""Moves: a command decided on the state the mover saw, and its facts appended atomically."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from ledger.codec import encode, new_salt, salted, tag_of
from ledger.decider import Game, sentence
from ledger.errors import BadInput, Forbidden, RefereeError, WriteConflict
from ledger.history import MOVE, TABLE, Move, MoveEntry, fold, group_entries
from ledger.service.catalogue import game_verbs
from ledger.service.hidden import _mover, _told_before
from ledger.service.repository import Repository, _status_of
from ledger.service.results import Loaded, Preview, Recorded
from ledger.store import NewRow, StaleHead

MAX_ATTEMPTS = 5  # re-decides after another writer got there first


class Moves:
    """Deciding and appending moves (``submit``), and telling one before it is made (``preview``)."""

    def __init__(self, repo: Repository) -> None:
        self.repo = repo

    def submit_text(self, game_id: int, words: Sequence[str], *, seen: int | None = None) -> Recorded:
        """Parse a move typed in the game's grammar and submit it (``seen``: see ``submit``)."""
        loaded = self.seen(game_id, seen)
        return self.submit(game_id, _parsed(loaded, words), _loaded=loaded)

    def command(
        self,
        game_id: int,
        role: str,
        *,
        json: str | None = None,
        text: str | None = None,
        seen: int | None = None,
    ) -> Any:
        """The typed command of a move a page posts for ``role`` (a player, or the table): the
        game's command as JSON (the picker's), or words typed in its grammar (``text``); refused
        unless it is ``role``'s to make. ``seen``: the head the page showed (see ``seen``)."""
        loaded = self.seen(game_id, seen)
        game = loaded.game
        if json is not None:
            try:
                command = msgspec.json.decode(json, type=game.Command)
            except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                raise BadInput(f"not a {game.title} move: {exc}") from None
            except RecursionError:  # msgspec's own limit on nesting
                raise BadInput(f"not a {game.title} move: its JSON is nested too deeply") from None
        else:
            import shlex  # a page's typed words only: a move at the terminal comes split

            text = (text or "").strip()
            try:
                words = shlex.split(text)
            except ValueError as exc:
                raise BadInput(f"cannot read {text!r}: {exc}") from None
            command = _parsed(loaded, words)
        actor = game.actor(command)
        if role != TABLE and actor.lower() != role.lower():
            whose = "the table's" if actor == TABLE else f"{actor}'s"
            raise Forbidden(f"this is {role}'s page: {game.text(command)} is {whose} move, not {role}'s")
        return command

    def seen(self, game_id: int, head: int | None) -> Loaded:
        """The game as a front end last showed it, at log head ``head`` (None: now).

        A move submitted on it is decided there first; if the log has moved on since, it
        meets the same optimistic concurrency as two terminals (``submit``): decided again on
        the new state, and refused, naming what was recorded first, if it no longer holds."""
        loaded = self.repo.load(game_id)
        if head is None or head == loaded.head:
            return loaded
        at = self.repo.move_end(game_id, head)
        if at is None or at == loaded.head:
            return loaded
        return msgspec.structs.replace(self.repo.load(game_id, at), head=at)

    def submit(
        self,
        game_id: int,
        command: Any,
        actor: str | None = None,
        *,
        redo_of: int | None = None,
        seen: int | None = None,
        _loaded: Loaded | None = None,
    ) -> Recorded:
        """Decide ``command`` on the current state and append its facts, or raise and append nothing.

        If another writer appends first, the command is decided again on the new state and
        appended if still legal; otherwise a ``WriteConflict`` says what got there first.
        ``seen`` is the head the mover was shown (a page drawn earlier): the moves since count
        as appended first.
        """
        loaded = _loaded or self.seen(game_id, seen)
        self.repo.refuse_closed(loaded)
        first_head = loaded.head
        for attempt in range(MAX_ATTEMPTS):
            game = loaded.game
            who = actor or game.actor(command)
            try:
                rows, events, state = decide_rows(game, loaded.state, command, who, redo_of)
                from ledger import library  # a move may declare a face the library holds

                if library.faces_of(game, events):
                    library.check(library.read(self.repo.store, game), game, events)
            except RefereeError as error:
                if attempt == 0:
                    raise
                # The rule cited once, as the prefix: ``str(error)`` would repeat it.
                raise WriteConflict(
                    f"{self._since(loaded, first_head)} was recorded first, and now {error.message}",
                    rule=error.rule,
                    legal=error.legal,
                    candidates=error.candidates,
                ) from None
            status = _status_of(game, state)
            try:
                stored = self.repo.store.append(
                    game_id,
                    loaded.head,
                    rows,
                    self.repo.clock(),
                    None if status == loaded.info.status else status,
                )
            except StaleHead:
                loaded = self.repo.load(game_id)
                continue
            self.repo.wrote(loaded, stored, state)
            over = game.is_over(state)
            return Recorded(
                game_id,
                stored[0].seq,
                stored[-1].seq,
                game.text(command),
                [game.describe(e) for e in events],
                state,
                [game.redact(e, None, over) for e in events],
            )
        raise WriteConflict("the log kept changing under this move", legal="try again")

    def _since(self, loaded: Loaded, first_head: int) -> str:
        """Name the moves another writer appended after ``first_head``."""
        names = [
            f"#{e.seq} ({loaded.game.text(e.command)})"
            if isinstance(e, MoveEntry)
            else f"#{e.seq} (a revert)"
            for e in group_entries(loaded.game, self.repo.store.rows(loaded.info.id, first_head, loaded.head))
        ]
        return "another writer's move " + ", ".join(names) if names else "another writer's move"

    def unchanged(self, loaded: Loaded, seen: int | None, action: str) -> None:
        """Refuse a table action (undo, redo, void) asked on the log as a page showed it, at head
        ``seen``, if anything was recorded since: it would act on a table nobody has looked at
        (an undo would take back the move recorded since, not the one shown). None (the command
        line, which shows no head first): not checked."""
        at = self.repo.move_end(loaded.info.id, seen)
        if at is None or at >= loaded.head:
            return
        raise WriteConflict(
            f"{self._since(loaded, at)} was recorded after #{seen}, the head the page showed:"
            f" the {action} was not recorded",
            legal=f"look at the table as it is now, then {action} again if it still should be",
        )

    def preview(self, game_id: int, command: Any, *, seen: int | None = None) -> Preview:
        """``command`` decided as ``submit`` would, told as its mover may see it, and not recorded.

        With virtual decks the referee deals by chance, and a move told before it is made must
        not let its mover peek at a deck: only its first fact is told, and not even that if it
        holds a card hidden from others (a card drawn); the rest is told once recorded."""
        loaded = self.seen(game_id, seen)
        game = loaded.game
        events = list(game.decide(loaded.state, command))
        as_player = _mover(game, loaded.setup, command)
        shown = _told_before(game, events) if loaded.setup.seed is not None else events
        facts = [game.describe(game.redact(e, as_player)) for e in shown]
        # the move in the rulebook's words; one the game does not say (a card's face declared)
        # by its first fact
        said = sentence(game, loaded.state, command) or next((f for f in facts if f), "")
        return Preview(game.text(command), facts, len(shown) < len(events), said)


def decide_rows(
    game: Game, state: Any, command: Any, actor: str, redo_of: int | None = None
) -> tuple[list[NewRow], list[Any], Any]:
    """The rows of one move: the command, then the facts ``decide`` gives; and the state after.
    A fact ``redact`` hides from the table (and so from anyone who may not see it: nobody sees
    less) is stored salted (``codec.salted``): a page sent its hash without its body cannot
    find it by hashing the few values it may hold (docs/auditing.md, the hashing rule)."""
    events = list(game.decide(state, command))
    move = Move(command=msgspec.Raw(encode(command).encode()), redo_of=redo_of)
    rows = [NewRow(MOVE, encode(move), actor)]
    rows.extend(
        NewRow(tag_of(e), encode(e) if game.redact(e, None) == e else salted(e, new_salt()), actor)
        for e in events
    )
    return rows, events, fold(game, state, events)


def _parsed(loaded: Loaded, words: Sequence[str]) -> Any:
    """A move typed in the game's grammar, read on ``loaded``'s state (the verbs listed if none)."""
    if not words:
        raise BadInput(
            "no move given", legal=", ".join(v.usage for v in game_verbs(loaded.game, loaded.setup))
        )
    return loaded.game.parse(loaded.state, list(words))
