"""A game started from the table's page: ``referee serve`` on a database with no game, or the
table page's "new game". The form offers every registered game with its modes, modules and
options as the registry declares them (``ledger.games``), and the players' names; posted, it
starts the game as ``referee new`` does (``Referee.start_game``, the same checks) and shows its
links. The server then serves every game of its database at once (``Tables``): a link's token
finds its game and opens that game's pages only; the board (``/``) shows the game served last,
and ``/g/N`` the board of game N, which the form lists (a public page: taking another game's
table needs that game's own table link, or ``referee serve --link table`` at the command line).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import re
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ledger import games
from ledger.decider import Game
from ledger.errors import BadInput, RefereeError
from ledger.service import TABLE, Referee
from referee_cli.serve.links import qr_svg
from referee_cli.serve.table import POLL, SUBMISSIONS, Table, _int, _text, pages

MAX_SEED = 2**63 - 1


@dataclass(frozen=True)
class Link:
    """One link of a game just started, as its page shows it: whose, where, its QR code."""

    whose: str
    url: str
    qr: str


class Tables:
    """The games one server serves: a ``Table`` per game, made as a link to it is first opened;
    ``served``, the game of the board (``/``), None while the database has none to show; and
    the server's own token for the table's link while there is no game (``start_token``)."""

    def __init__(
        self,
        db: str | Path,
        game_id: int | None,
        poll: float = POLL,
        streams: int | None = None,
        start_token: str | None = None,
    ) -> None:
        self.db = db
        self.poll = poll
        self.streams = streams
        self.served = game_id
        self.start_token = start_token
        self.by_game: dict[int, Table] = {}
        self._referee: Referee | None = None
        self.told = False  # the referee hears every write game by game (``watch``)
        self.env = pages()
        # (table link's token, submission id) -> (status, answer): the form posted twice (a
        # double tap, a retry after the referee could not be reached) starts one game, and the
        # second post is answered as the first (as a move's, ``Table.answers``; this process only).
        self.answers: OrderedDict[tuple[str, str], tuple[int, dict[str, Any]]] = OrderedDict()

    def remember(self, key: tuple[str, str], status: int, answer: dict[str, Any]) -> None:
        self.answers[key] = (status, answer)
        while len(self.answers) > SUBMISSIONS:
            self.answers.popitem(last=False)

    @property
    def referee(self) -> Referee:
        """The referee that starts games and finds links (opened in the event loop's thread)."""
        if self._referee is None:
            self._referee = Referee.open(self.db, create=False)
        return self._referee

    def table(self, game_id: int) -> Table:
        table = self.by_game.get(game_id)
        if table is None:
            table = Table(self.db, game_id, self.poll, self.streams, shared=lambda: self.referee)
            self.by_game[game_id] = table
        return table

    @property
    def board(self) -> Table | None:
        return None if self.served is None else self.table(self.served)

    def find(self, token: str) -> tuple[Table | None, str | None]:
        """The table and role a link's token opens: the server's own table link (no game yet:
        ``None, "table"``), a game's link, or none (``None, None``)."""
        if not token:  # the board's pages (no link): nothing to look up
            return None, None
        if self.start_token and hmac.compare_digest(
            token.encode("utf-8", "surrogatepass"), self.start_token.encode()
        ):
            return None, TABLE
        found = self.referee.find_link(token)
        if found is None:
            return None, None
        game_id, role = found
        return self.table(game_id), role

    async def watch(self) -> None:
        """Tell the pages of each served game what other processes wrote to it (another
        ``serve``, the command line, ``play``, a hand edit): at once where the database sends
        news (PostgreSQL's NOTIFY, ``Referee.listen``), the game named looked at as a page's
        own move is; else (SQLite, or while the news is cut off) every game looked at each
        ``poll`` seconds. While the news comes, the referee is ``told`` of each write by its
        game: another game's write leaves a game's state as it was folded and checked (a write
        to it, a row edited by hand too, is news of it: the database's trigger names its game)."""
        listening = self.referee.listen()
        while True:
            if listening is not None:
                try:
                    with contextlib.suppress(RefereeError):  # (cut off: polled until heard again)
                        async for game in listening.news():  # (None first, once listening)
                            if game is None and not self.told:
                                self.referee.told(True)
                                self.told = True
                            self.referee.heard(game)
                            self.look(game)
                finally:
                    if self.told:  # (what is written until it listens again is not heard)
                        self.referee.told(False)
                        self.told = False
            await asyncio.sleep(self.poll)
            self.look(None)

    def look(self, game_id: int | None) -> None:
        """Look at game ``game_id``'s log if this server serves it (None: at every game's)."""
        if game_id is None:
            tables = list(self.by_game.values())
        else:
            table = self.by_game.get(game_id)
            tables = [] if table is None else [table]
        for table in tables:
            with contextlib.suppress(RefereeError):
                table.look()

    def public(self, game_id: int) -> Table:
        """The table of game ``game_id`` for its board (``/g/N``): NotFound if there is none."""
        if game_id not in self.by_game:
            self.referee.peek(game_id)  # (no Table made for a number that is no game)
        return self.table(game_id)

    # --- the form ------------------------------------------------------------------------

    def form(self, token: str, here: int | None, notice: str = "") -> str:
        """The page of a new game (and of the database's games, to open another): ``here``,
        the game whose table link opened it (None: the server's own link)."""
        listed = [(info, result) for info, result in self.referee.overview() if info.status != "abandoned"]
        offered = [games.get(name) for name in games.names()]
        return self.env.get_template("start.html").render(
            games=offered,
            seats=max(game.max_players for game in offered),  # a name field per seat
            token=token,
            here=here,
            listed=listed,
            notice=notice,
        )

    def nothing(self) -> str:
        """The board while the database has no game: where a game is started."""
        return self.env.get_template("start.html").render(
            games=[], seats=0, token=None, here=None, listed=[], notice=""
        )

    def start(self, body: dict[str, Any], base: str) -> tuple[int, str, list[Link]]:
        """Start the game the form posted, as ``referee new`` would (the same checks: a refusal
        records nothing), make its links and serve it: its id, a line saying so, its links."""
        kind = _text(body.get("game"), "game")
        if not kind:
            raise BadInput("which game?", legal=", ".join(games.names()))
        game = games.get(kind)
        players = body.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise BadInput("players must be a list of names")
        players = [name for name in players if name.strip()]  # a seat left empty is no player
        options = body.get("options") or {}
        if not isinstance(options, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in options.items()
        ):
            raise BadInput("options must be names and values")
        # An option left at its default is not said: the setup records it as `new` would.
        declared = {o.name: o.default for o in game.options}
        said = {k: v.strip() for k, v in options.items() if k not in declared or v.strip() != declared[k]}
        seed = _int(body.get("seed"), "seed")
        if seed is not None and not 0 <= seed <= MAX_SEED:
            raise BadInput(f"a seed is a whole number from 0 to {MAX_SEED}")
        mode = _text(body.get("mode"), "mode") or None
        try:
            started = self.referee.start_game(
                game.name,
                players,
                mode=mode,
                options=said,
                seed=seed,
                title=_text(body.get("title"), "title"),
            )
        except BadInput as error:
            raise _in_page_words(error, game) from None
        game_id = started.game_id
        tokens = self.referee.new_links(game_id)
        self.served = game_id
        table = self.table(game_id)
        table.look()
        setup = table.referee.load(game_id).setup
        line = f"game {game_id} started: {game.title} for {', '.join(setup.players)} ({setup.mode})"
        links = [Link("the board (the shared screen, no secret)", f"{base}/", qr_svg(f"{base}/"))]
        for role, secret in tokens.items():
            whose = "the table (reveals, undo, void, verify)" if role == TABLE else role
            links.append(Link(whose, f"{base}/t/{secret}", qr_svg(f"{base}/t/{secret}")))
        return game_id, line, links

    def started(self, line: str, links: list[Link]) -> str:
        return self.env.get_template("started.html").render(line=line, links=links)


def _in_page_words(error: BadInput, game: Game) -> BadInput:
    """A refusal of the setup in the form's words where ``new`` names its own flags."""
    legal = error.legal or ""
    if legal.startswith("--players"):
        legal = f"a name in each seat: {game.min_players} to {game.max_players} of them"
    elif legal.startswith("--option "):
        name, _, value = legal.removeprefix("--option ").partition("=")
        legal = f"{name}: {value.rstrip('.,')}" if value else name
    elif legal.startswith("--"):
        legal = re.sub(r"--(\w+)", r"\1", legal)
    else:
        return error
    return BadInput(error.message, rule=error.rule, legal=legal, seq=error.seq)
