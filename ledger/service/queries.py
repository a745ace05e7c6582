"""What a front end shows of one game: its board, score, score chart, verbs, legal moves,
the page's move picker and its result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from ledger.decider import Board, Score, Screen, Standing, Verb, optional
from ledger.history import TABLE, MoveEntry, iter_entries
from ledger.service.catalogue import game_verbs
from ledger.service.checks import _player
from ledger.service.damage import _check_own_hash, _initial, _mark_lost, _recorded_damage
from ledger.service.repository import Repository
from ledger.service.results import LegalMove, Loaded, Result, RoundStart, ScoreChart
from ledger.store import GameRow
from ledger.words import same_name

if TYPE_CHECKING:  # the served table's move picker only
    from ledger.picker import Picker


class Queries:
    """What one game shows: board, score, chart, verbs, legal moves, the picker, the result."""

    def __init__(self, repo: Repository) -> None:
        self.repo = repo

    def game(self, game_id: int) -> GameRow:
        """One game as its setup row tells it, with the status of its current state."""
        return self.repo.load(game_id).info

    def board(
        self,
        game_id: int,
        *,
        as_player: str | None = None,
        reveal: bool = False,
        upto: int | None = None,
    ) -> tuple[Loaded, Board, Screen]:
        """The table as ``as_player`` may see it (now, or right after row ``upto``): the typed
        view with whose turn it is and what is awaited, and its text rendering."""
        loaded = self.repo.load(game_id, self.repo.move_end(game_id, upto))
        return (loaded, *self.show(loaded, as_player=as_player, reveal=reveal))

    def show(
        self, loaded: Loaded, *, as_player: str | None = None, reveal: bool = False
    ) -> tuple[Board, Screen]:
        """``loaded``'s state as a board and its text (see ``board``)."""
        if as_player is not None:
            as_player = _player(loaded.setup, as_player)
        game, state = loaded.game, loaded.state
        view = game.view(state, as_player, reveal)
        screen = game.present(view)
        board = Board(screen.headline, list(game.to_act(state)), screen.prompt, game.is_over(state), view)
        given = (
            self.repo.per_state(loaded, "abandoned", lambda: self.repo.abandoned(loaded.info.id, loaded.head))
            if loaded.upto == loaded.head
            else None
        )
        if given is not None:  # the table gave it up: nobody is asked for anything more
            said = f"abandoned at #{loaded.head} ({given.reason}): nothing more is recorded in it"
            screen = msgspec.structs.replace(screen, headline=said, prompt="")
            board = msgspec.structs.replace(board, headline=said, to_act=[], prompt="")
        return board, screen

    def score(self, game_id: int) -> tuple[Loaded, Score]:
        loaded = self.repo.load(game_id)
        return loaded, loaded.game.score(loaded.state)

    def score_by_round(self, game_id: int) -> tuple[Loaded, ScoreChart]:
        """The score chart: the live history folded fact by fact, the state taken just before
        the fact that starts the next round (the state ``at`` that round's end), and at the head;
        at each, the game's own score sheet (``score``) gives each player's points, as
        ``referee score`` would have then. A game whose score is counted only at its end
        (``score_only_at_end``) has no such sheet: its chart says so (``only_at_end``) and takes
        where the Game End would put each player so far (``standing``; a hidden score, Planet
        B's pockets, counts only once the game is over)."""
        loaded = self.repo.load(game_id)  # refuses a log that does not check out
        game = loaded.game
        reveal = game.is_over(loaded.state)
        only_at_end = optional(game, "score_only_at_end")
        reverted = self.repo.reverted(game_id)
        state = _initial(game, loaded.setup)
        ends: list[tuple[Standing, Any]] = []
        last, before = game.standing(state, reveal), state
        for entry in iter_entries(game, self.repo.store.iter_rows(game_id, 1)):
            if not isinstance(entry, MoveEntry) or entry.seq in reverted:
                continue
            for event in entry.events:
                state = game.evolve(state, event)
                now = game.standing(state, reveal)
                if now.round != last.round and last.round is not None:
                    ends.append((last, before))
                last, before = now, state
        if last.round is not None:
            ends.append((last, before))
        players = loaded.setup.players
        if only_at_end:
            scores = {name: [s.scores[name] for s, _ in ends] for name in players}
        else:
            sheets = [game.score(at) for _, at in ends]
            points = [{line.player: line.categories[s.points] for line in s.lines} for s in sheets]
            scores = {name: [p[name] for p in points] for name in players}
        chart = ScoreChart(
            measure=last.measure,
            rounds=[s.label for s, _ in ends],
            scores=scores,
            final=reveal,
            only_at_end=only_at_end,
        )
        return loaded, chart

    def round_starts(self, game_id: int) -> list[RoundStart]:
        """Where each round begins in the live history, from the log's facts: the move after
        which the game's standing (its own count of rounds, as the score chart reads it) is in
        a round it was not in before (the setup, for the round a game starts in). For the board
        at any move's "previous round" and "next round"; a move taken back starts none."""
        loaded = self.repo.load(game_id)  # refuses a log that does not check out
        game = loaded.game
        reverted = self.repo.reverted(game_id)
        state = _initial(game, loaded.setup)
        first = game.standing(state)
        starts = [] if first.round is None else [RoundStart(1, first.round, first.label)]
        current = first.round
        for entry in iter_entries(game, self.repo.store.iter_rows(game_id, 1)):
            if not isinstance(entry, MoveEntry) or entry.seq in reverted:
                continue
            for event in entry.events:
                state = game.evolve(state, event)
            now = game.standing(state)
            if now.round is not None and now.round != current:
                starts.append(RoundStart(entry.seq, now.round, now.label))
            current = now.round
        return starts

    def verbs(self, game_id: int) -> list[Verb]:
        """The verbs of this game's grammar in its setup: a mode's own (LOOP's Basic Mode has no
        CAREER), for help, completion and the unknown-verb error. Read off the setup row alone
        (checked against its hash and the verified mark): `referee loop --help` folds nothing."""
        tip = self.repo.store.tip(game_id)
        if tip.bad is not None:
            raise _recorded_damage(tip)
        opened = self.repo.open(game_id, tip)
        if tip.lost:
            raise _mark_lost(game_id, tip.head)
        _check_own_hash(opened.first)
        return game_verbs(opened.game, opened.setup)

    def legal(self, game_id: int, player: str | None = None) -> list[LegalMove]:
        """The legal moves now (for ``player``, else for whoever may act), typed and as text;
        ``player`` "table": the table's steps (its reveals, declarations, bookkeeping)."""
        loaded = self.repo.load(game_id)
        game = loaded.game
        if player is not None and same_name(TABLE, player):
            return [LegalMove(game.text(c), c) for c in game.legal(loaded.state) if game.actor(c) == TABLE]
        if player is not None:
            player = _player(loaded.setup, player)
        return [LegalMove(game.text(c), c) for c in game.legal(loaded.state, player)]

    def unlisted(self, game_id: int, role: str) -> list[str]:
        """The moves of ``role`` (a player, or the table) whose card is new to the referee, as
        lines to type with placeholders (``legal`` cannot list them)."""
        loaded = self.repo.load(game_id)
        role = TABLE if same_name(TABLE, role) else _player(loaded.setup, role)
        unlisted = optional(loaded.game, "unlisted")
        moves = unlisted(loaded.state) if unlisted is not None else []
        return [u.template() for u in moves if u.actor == role]

    def picker(self, game_id: int, role: str) -> Picker:
        """The legal moves of ``role`` (a player, or the table) as a page's tree of choices."""
        from ledger.picker import build

        loaded = self.repo.load(game_id)
        game, state = loaded.game, loaded.state
        if role == TABLE:
            commands = [c for c in game.legal(state) if game.actor(c) == TABLE]
        else:
            role = _player(loaded.setup, role)
            commands = list(game.legal(state, role))
        unlisted = optional(game, "unlisted")  # moves whose card is new
        new = [u for u in unlisted(state) if u.actor == role] if unlisted is not None else []
        return build(game, state, commands, new)

    def result(self, game_id: int) -> Result:
        """The game's result (final once it is over)."""
        loaded = self.repo.load(game_id)
        game, state = loaded.game, loaded.state
        sheet = game.score(state)
        board, _ = self.show(loaded)
        when = self.repo.checked_rows(loaded, loaded.head - 1)[0].recorded_at
        return Result(
            game_id=game_id,
            kind=loaded.info.kind,
            over=board.over,
            headline=board.headline,
            winners=sheet.winners if board.over else [],
            points=sheet.points,
            scores={line.player: line.categories.get(sheet.points, 0) for line in sheet.lines},
            last_played=when,
        )

    def cards(self, game_id: int) -> str:
        loaded = self.repo.load(game_id)
        return loaded.game.dump_cards(loaded.state)
