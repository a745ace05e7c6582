"""The database's games: starting one (its setup and the faces it is dealt with), choosing
the current one, and listing them with their results and the players' standings.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

import msgspec

from ledger import games
from ledger.codec import encode, new_salt
from ledger.decider import Setup
from ledger.errors import BadInput, RefereeError, VerificationFailed
from ledger.history import SETUP, TABLE, decode_setup, seed_commitment
from ledger.names import checked_title
from ledger.service.checks import _check_mode, _check_options, _check_players, _new_names
from ledger.service.queries import Queries
from ledger.service.repository import Repository, _info, _status_of
from ledger.service.results import (
    GameLength,
    HeadToHead,
    History,
    Played,
    PlayerStats,
    Result,
    Started,
    Wanted,
)
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

    def results(self, wanted: Wanted | None = None) -> list[Played]:
        """One row per player per finished game (``stats --csv``), in the order the games
        ended; ``wanted`` filters them (a game abandoned counts only if it asks)."""
        wanted = wanted or Wanted()
        kind = games.get(wanted.kind).name if wanted.kind else None
        rows: list[Played] = []
        for info, result in self.overview():  # the status of each checked log, never the cache's
            if not result.over or (kind and info.kind != kind) or not wanted.fits(info, result):
                continue
            if info.status == "abandoned" and not wanted.abandoned:
                continue
            loaded, sheet = self.queries.score(info.id)
            _, chart = self.queries.score_by_round(info.id)
            minutes = round((_instant(result.last_played) - _instant(info.created_at)).total_seconds() / 60)
            for line in sheet.lines:
                rows.append(
                    Played(
                        date=result.last_played[:10],
                        game_id=info.id,
                        game=info.kind,
                        title=info.title,
                        mode=loaded.setup.mode,
                        players=len(sheet.lines),
                        player=line.player,
                        score=result.scores.get(line.player, 0),
                        points=result.points,
                        rank=line.rank,
                        winner=line.player in result.winners,
                        shared=line.player in result.winners and len(result.winners) > 1,
                        rounds=len(chart.rounds),
                        minutes=minutes,
                        started=info.created_at,
                        ended=result.last_played,
                    )
                )
        rows.sort(key=lambda r: (r.ended, r.game_id, r.rank, r.player.lower()))
        if wanted.player:
            name = wanted.player.casefold()
            games_of = {r.game_id for r in rows if r.player.casefold() == name}
            rows = [r for r in rows if r.game_id in games_of]
        return rows

    def stats(self, wanted: Wanted | None = None) -> list[PlayerStats]:
        """Per player and kind of game, over ``results`` (see ``stats_of``)."""
        wanted = wanted or Wanted()
        return stats_of(self.results(wanted), wanted.player)

    def history(self, wanted: Wanted | None = None) -> History:
        """A group's history of finished games: each player's result in each, per player and
        kind, the games' length per kind and player count, and with ``wanted.player`` that
        player head to head against each opponent."""
        wanted = wanted or Wanted()
        rows = self.results(wanted)
        return History(
            results=rows,
            stats=stats_of(rows, wanted.player),
            lengths=lengths_of(rows),
            head_to_head=head_to_head_of(rows, wanted.player) if wanted.player else [],
        )


def stats_of(rows: Sequence[Played], player: str | None = None) -> list[PlayerStats]:
    """Per player and kind of game: games finished, won, won shared, average, best and latest
    score, the usual finishing rank (the most frequent, the better of a tie), the rounds and
    minutes a game; with ``player``, that player's lines only. ``rows`` in the order the games
    ended, as ``results`` gives them."""
    table: dict[tuple[str, str], PlayerStats] = {}
    ranks: dict[tuple[str, str], list[int]] = {}
    for r in rows:
        if player and r.player.casefold() != player.casefold():
            continue
        key = (r.game, r.player.lower())
        row = table.setdefault(key, PlayerStats(r.player, r.game, 0, 0, 0, 0.0, r.score, ""))
        n = row.played
        row.average = (row.average * n + r.score) / (n + 1)
        row.rounds = (row.rounds * n + r.rounds) / (n + 1)
        row.minutes = (row.minutes * n + r.minutes) / (n + 1)
        row.played += 1
        row.won += r.winner and not r.shared
        row.shared += r.shared
        row.best = max(row.best, r.score)
        if r.ended >= row.last_played:
            row.last_played, row.latest = r.ended, r.score
        ranks.setdefault(key, []).append(r.rank)
    for key, row in table.items():
        row.rank = min(ranks[key], key=lambda rank: (-ranks[key].count(rank), rank))
    return sorted(table.values(), key=lambda r: (r.kind, -r.won - r.shared, -r.average, r.player.lower()))


def lengths_of(rows: Sequence[Played]) -> list[GameLength]:
    """Per kind of game and player count: the finished games, their rounds and minutes on
    average, and the longest in minutes."""
    games_seen: dict[tuple[str, int], dict[int, Played]] = {}
    for r in rows:
        games_seen.setdefault((r.game, r.players), {})[r.game_id] = r
    out = []
    for (kind, count), played in sorted(games_seen.items()):
        each = list(played.values())
        out.append(
            GameLength(
                kind=kind,
                players=count,
                played=len(each),
                rounds=sum(r.rounds for r in each) / len(each),
                minutes=sum(r.minutes for r in each) / len(each),
                longest=max(r.minutes for r in each),
            )
        )
    return out


def head_to_head_of(rows: Sequence[Played], player: str | None) -> list[HeadToHead]:
    """``player`` against each opponent, per kind of game, over the finished games both played:
    how often the player finished ahead (a better rank), behind, level."""
    if not player:
        raise BadInput("head to head needs a player", legal="stats --player NAME")
    name = player.casefold()
    by_game: dict[int, list[Played]] = {}
    for r in rows:
        by_game.setdefault(r.game_id, []).append(r)
    table: dict[tuple[str, str], HeadToHead] = {}
    for together in by_game.values():
        mine = next((r for r in together if r.player.casefold() == name), None)
        if mine is None:
            continue
        for other in together:
            if other is mine:
                continue
            key = (mine.game, other.player.casefold())
            was = table.get(key, HeadToHead(mine.player, other.player, mine.game, 0, 0, 0, 0))
            table[key] = HeadToHead(
                was.player,
                was.opponent,
                was.kind,
                was.together + 1,
                was.ahead + (mine.rank < other.rank),
                was.behind + (mine.rank > other.rank),
                was.level + (mine.rank == other.rank),
            )
    return sorted(table.values(), key=lambda h: (h.kind, -h.together, h.opponent.casefold()))


def _instant(stamp: str) -> datetime.datetime:
    """A row's time (ISO 8601, UTC)."""
    return datetime.datetime.fromisoformat(stamp)
