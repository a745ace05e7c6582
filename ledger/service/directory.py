"""The database's games: starting one (its setup and the faces it is dealt with), choosing
the current one, and listing them with their results and the players' standings.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from ledger import games
from ledger.codec import encode, new_salt
from ledger.decider import Setup
from ledger.errors import RefereeError, VerificationFailed
from ledger.history import SETUP, TABLE, decode_setup, seed_commitment
from ledger.names import checked_title
from ledger.service.checks import _check_mode, _check_options, _check_players, _new_names
from ledger.service.queries import Queries
from ledger.service.repository import Repository, _info, _status_of
from ledger.service.results import PlayerStats, Result, Started
from ledger.store import GameRow, NewRow


class Directory:
    """The games of the database: start one, choose the current one, list them."""

    def __init__(self, repo: Repository, queries: Queries) -> None:
        self.repo = repo
        self.queries = queries

    def new_game(
        self,
        kind: str,
        players: Sequence[str],
        *,
        mode: str | None = None,
        options: dict[str, str] | None = None,
        seed: int | None = None,
        title: str = "",
        cards: str | None = None,
        fresh: bool = False,
    ) -> int:
        """Start a game: the setup is its first row. Returns the new game's id."""
        return self.start_game(
            kind, players, mode=mode, options=options, seed=seed, title=title, cards=cards, fresh=fresh
        ).game_id

    def start_game(
        self,
        kind: str,
        players: Sequence[str],
        *,
        mode: str | None = None,
        options: dict[str, str] | None = None,
        seed: int | None = None,
        title: str = "",
        cards: str | None = None,
        fresh: bool = False,
    ) -> Started:
        """Start a game from the group's card library (unless ``fresh``) and a cards file, which
        is checked against the library; every face it takes is declared in its own log, after
        the setup row, so that its export replays anywhere."""
        from ledger import library
        from ledger.service.moves import decide_rows  # lazy: a status never starts a game

        game = games.get(kind)
        setup = Setup(
            game=game.name,
            rules_version=game.rules_version,
            players=tuple(players),  # as given, until read (the grammar's words depend on the setup)
            mode=_check_mode(game, mode),
            options=_check_options(game, options or {}),
            seed=seed,
            title=checked_title(title),
        )
        setup = msgspec.structs.replace(setup, players=_check_players(game, _new_names(game, setup)))
        salt = new_salt()
        if seed is not None:
            # The log commits to the seed and the referee keeps it sealed: nobody reads the
            # decks from the log while the game runs (``reveal_seed`` appends it at the end).
            setup = msgspec.structs.replace(setup, commitment=seed_commitment(seed, salt))
        state = game.initial(setup)
        rows: list[NewRow] = []  # the setup row goes first, once it knows how many moves follow
        moves = 0
        shelf = library.read(self.repo.store, game)
        own = game.load_cards(setup, cards) if cards else []
        # The file's faces meet the library first: one that says otherwise is refused, one that
        # says the same is taken from the library (which cites where it was first declared).
        kept = []
        for command, events in library.declared(game, game.initial(setup), own):
            library.check(shelf, game, events)
            faces = library.faces_of(game, events)
            if fresh or not faces or any(key not in shelf.entries for key, _, _ in faces):
                kept.append(command)
        started = Started(0, from_file=0, from_library=0, left_out=0, games=[], rows=[])
        for command in kept:
            new, events, state = decide_rows(game, state, command, TABLE)
            rows.extend(new)
            moves += 1
            started.from_file += len(library.faces_of(game, events))
        taken: set[str] = set()
        for command in [] if fresh else library.commands(shelf, game, setup):
            try:
                new, events, state = decide_rows(game, state, command, TABLE)
            except RefereeError:
                started.left_out += 1  # not for this setup (a Planet B side for more players, ...)
                continue
            rows.extend(new)
            moves += 1
            taken.update(key for key, _, _ in library.faces_of(game, events))
        if moves:  # the setup says how many moves it takes: nothing else tells where it ends
            setup = msgspec.structs.replace(setup, setup_moves=moves)
        if seed is not None:
            self.repo.store.put_seed(seed_commitment(seed, salt), seed, salt)
        rows.insert(0, NewRow(SETUP, encode(msgspec.structs.replace(setup, seed=None)), TABLE))
        started.from_library = len(taken)
        sources = [shelf.entries[key] for key in taken if key in shelf.entries]
        started.games = sorted({e.game_id for e in sources if e.game_id is not None})
        started.rows = sorted({e.source for e in sources if e.game_id is None})
        started.game_id = self.repo.store.create_game(
            kind=game.name,
            rules_version=game.rules_version,
            title=title,
            players=setup.players,
            options=setup.options,
            created_at=self.repo.clock(),
            rows=rows,
            status=_status_of(game, state),
            current=True,
        )
        self.repo.store.ensure_library()  # the index that finds the declarations of the next games
        return started

    def games(self) -> list[GameRow]:
        """Every game as its setup row tells it (see ``overview``)."""
        return [info for info, _ in self.overview()]

    def overview(self) -> list[tuple[GameRow, Result]]:
        """Every game as its setup row tells it, with its result; the status is that of its
        checked state (the ``games`` table's is only a cache, never shown), or ``damaged``
        for a log that does not check out (its result's headline names the first bad row)."""
        out = []
        for game_id, created_at, _, body in self.repo.store.setups():
            try:
                setup = decode_setup(body)
            except VerificationFailed:
                setup = Setup(game="?", rules_version="?", players=(), mode="?", title="(unreadable setup)")
            try:
                result = self.queries.result(game_id)
                status = "over" if result.over else "active"
                given = self.repo.abandoned(game_id)  # its log checked by ``result``
                if given is not None:
                    status = "abandoned"
                    result = msgspec.structs.replace(result, headline=f"abandoned: {given.reason}")
            except RefereeError as error:
                status = "damaged"
                result = Result(game_id, setup.game, False, f"{status}: {error}", [], "", {}, "")
            out.append((_info(game_id, setup, setup.game, created_at, status), result))
        return out

    def stats(self, kind: str | None = None, *, abandoned: bool = False) -> list[PlayerStats]:
        """Per player and kind of game: games finished, won, won shared, average and best score;
        a game abandoned (``abandon``) counts only if ``abandoned`` is asked for."""
        wanted = games.get(kind).name if kind else None
        table: dict[tuple[str, str], PlayerStats] = {}
        for info, result in self.overview():  # the status of each checked log, never the cache's
            if not result.over or (wanted and info.kind != wanted):
                continue
            if info.status == "abandoned" and not abandoned:
                continue
            for player, points in result.scores.items():
                row = table.setdefault(
                    (info.kind, player.lower()), PlayerStats(player, info.kind, 0, 0, 0, 0.0, points, "")
                )
                won = player in result.winners
                row.average = (row.average * row.played + points) / (row.played + 1)
                row.played += 1
                row.won += won and len(result.winners) == 1
                row.shared += won and len(result.winners) > 1
                row.best = max(row.best, points)
                row.last_played = max(row.last_played, result.last_played)
        return sorted(table.values(), key=lambda r: (r.kind, -r.won - r.shared, -r.average, r.player.lower()))
