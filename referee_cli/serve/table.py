"""The served table (``referee serve``): the game a server shows, the log head it last saw, the
event streams listening for news, and each page's rendering; the limits on streams.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import ipaddress
import re
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
import msgspec

from ledger import games, picker
from ledger.decider import Verb, optional, sentence
from ledger.errors import (
    AmbiguousMove,
    BadInput,
    BreaksLater,
    Forbidden,
    IllegalMove,
    NotFound,
    RefereeError,
    StorageFailed,
    StoreUnreadable,
    VerificationFailed,
    WriteConflict,
)
from ledger.picker import Picker
from ledger.service import TABLE, LogEntry, Preview, Recorded, Referee, VoidPreview, game_verbs
from referee_cli import render
from referee_cli.chart import svg as draw_chart

POLL = 0.25  # seconds between looks at the log's head (another process's appends), on SQLite
LAST_MOVES = 8  # log entries a page shows
MOVES = ("move", "redo")  # the log's entries that are moves (said in the game's words)
# Event streams open at once. Each holds a socket (a file descriptor) for as long as its page is
# open: unbounded, a few hundred from anyone on the network would leave none for the pages. A
# table is a dozen pages; 128 is every phone in a room and the benchmark's 50 board pages, and
# stays under the usual descriptor limit (1,024; lowered to fit a smaller one: ``stream_cap``).
# A quarter of them is kept for pages opened with a link: the board's (which need no secret)
# alone never take the players' and the table's live updates.
STREAMS = 128
STREAMS_PER_ADDRESS = 16  # from one address (a phone with many tabs); this computer's: no limit
DESCRIPTORS_KEPT = 64  # descriptors never given to streams: the database, the listener, pages
SUBMISSIONS = 256  # answers to recent submissions remembered, for a page's double tap or retry
HERE = Path(__file__).parents[1] / "web"


@functools.cache
def pages() -> jinja2.Environment:
    """The pages' templates (``web/``): one environment for every game a server serves."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(HERE),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["game_title"] = games.title  # a kind as its box names it: "LOOP: Life of ..."
    return env


class TooManyStreams(RefereeError):
    """No event stream more from this address: it has ``STREAMS_PER_ADDRESS`` open."""

    kind = "busy"


class ServerBusy(RefereeError):
    """No event stream more from anyone: the referee has as many open as it serves."""

    kind = "busy"


def status_of(error: RefereeError) -> int:
    """The HTTP status of a refusal: the command line's exit codes, in HTTP's words."""
    if isinstance(error, Forbidden):
        return 403
    if isinstance(error, TooManyStreams):
        return 429
    if isinstance(error, ServerBusy):
        return 503
    if isinstance(error, NotFound | BadInput | AmbiguousMove):
        return 400
    if isinstance(error, WriteConflict):
        return 409
    if isinstance(error, IllegalMove):
        return 422
    if isinstance(error, VerificationFailed):
        return 409
    if isinstance(error, StorageFailed | StoreUnreadable):
        return 503
    return 400


@dataclass(frozen=True)
class Group:
    """Legal moves under one verb, for a row of buttons."""

    verb: str
    moves: list[tuple[str, str]]  # (text, the typed command as JSON)


@dataclass(eq=False)
class Listener:
    """One open event stream: whose page (``role``: None for the board), by which link (its
    ``token``), from which address; ``wake`` is set at news, ``revoked`` once its link is not."""

    role: str | None
    token: str | None
    address: str
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    revoked: bool = False


def stream_cap(limit: int | None = None) -> int:
    """How many event streams this process may hold open: ``STREAMS``, or fewer under a lower
    limit of open files (``limit``: this process's soft limit if not said), so that half of
    what the streams leave of it (after ``DESCRIPTORS_KEPT``) stays for the pages themselves."""
    if limit is None:
        try:
            import resource
        except ImportError:  # (not on Windows, whose sockets are not counted this way)
            return STREAMS
        limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        if limit == resource.RLIM_INFINITY:
            return STREAMS
    return max(1, min(STREAMS, (limit - DESCRIPTORS_KEPT) // 2))


def _this_computer(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


class Table:
    """The served game: the referee, the log head last seen, and who listens for changes."""

    def __init__(
        self,
        db: str | Path,
        game_id: int,
        poll: float = POLL,
        streams: int | None = None,
        shared: Callable[[], Referee] | None = None,
    ) -> None:
        self.db = db
        # The server's one referee (``Tables``: one connection for every game it serves, used
        # from the event loop's one thread), else one of its own; either opened on first use.
        self._shared = shared
        self.game_id = game_id
        self.poll = poll
        self.streams = stream_cap() if streams is None else streams  # open event streams at most
        self._referee: Referee | None = None
        self.head = 0
        # with the seq: a log rewritten behind the pages' back, as long as it was, is news too
        # (each page's witness checks it)
        self.head_hash = ""
        # The game's version (``Referee.version_of``: the database's, or what was heard of this
        # game where every write is heard) at the last look: another process wrote since if it
        # differs (a move, a link revoked, a row edited by hand).
        self.version: tuple[int, ...] | None = None
        # Why the game cannot be shown, as the service said (a log that does not check out):
        # every page then says so and takes no move.
        self.trouble: RefereeError | None = None
        self.listeners: set[Listener] = set()
        self._cache: dict[tuple[str | None, int, str, str], str] = {}
        # What a page's drawing needs that does not change between moves, kept while it holds:
        # each role's picker at one head (by the head's hash: the fold it was built from; a page
        # of another role asks it again for its prompt), and each move of the log in the
        # rulebook's words (a row is never rewritten while the game shows: one that was stops
        # every page).
        self._pickers: dict[tuple[str, str], Picker] = {}
        self._words: dict[tuple[int, str, str], str] = {}
        # (role, submission id) -> (status, answer): a page's double tap or retry of one
        # submission is recorded once and answered as the first time. In this process only,
        # the latest SUBMISSIONS: a restart forgets them.
        self.answers: OrderedDict[tuple[str, str], tuple[int, dict[str, Any]]] = OrderedDict()
        self.env = pages()

    @property
    def referee(self) -> Referee:
        if self._referee is None:  # opened in the event loop's thread, which alone uses it
            self._referee = self._shared() if self._shared else Referee.open(self.db, create=False)
            self.head, self.head_hash = self._read_head()
        return self._referee

    def _read_head(self) -> tuple[int, str]:
        return self.referee.head(self.game_id)

    def remember(self, key: tuple[str, str], status: int, answer: dict[str, Any]) -> None:
        self.answers[key] = (status, answer)
        while len(self.answers) > SUBMISSIONS:
            self.answers.popitem(last=False)

    # --- watching the log -----------------------------------------------------------

    def look(self) -> None:
        """Tell every listener if the log's head moved (a move, undo or void, from anywhere), its
        hash changed, or the log stopped (or started again) checking out; and end the streams of
        links revoked since. Whenever another process wrote, the game is loaded as the command
        line loads it, which checks the rows again: a row edited in place moves no head. While
        the game is stopped, at every look (the table's page may have checked it again)."""
        head, head_hash = self._read_head()
        version = self.referee.version_of(self.game_id)
        if (head, head_hash, version) == (self.head, self.head_hash, self.version) and self.trouble is None:
            return
        self.version = version
        trouble = self._trouble()
        self.close_revoked()
        if (head, head_hash, _said(trouble)) != (self.head, self.head_hash, _said(self.trouble)):
            self.head, self.head_hash, self.trouble = head, head_hash, trouble
            now = (head, head_hash, _said(trouble))
            self._cache = {k: v for k, v in self._cache.items() if k[1:] == now}
            for listener in self.listeners:
                listener.wake.set()

    def _trouble(self) -> RefereeError | None:
        """Why the game cannot be shown now (its log does not check out), or None."""
        try:
            self.referee.load(self.game_id)
        except RefereeError as error:
            return error
        return None

    def close_revoked(self) -> None:
        """Mark the streams of links replaced or revoked since they opened (here, or by another
        process): their pages are sent nothing more of their viewer's view."""
        roles: dict[str, str | None] = {}
        for listener in self.listeners:
            token = listener.token
            if token is None or listener.revoked:
                continue
            if token not in roles:
                roles[token] = self.referee.link_role(self.game_id, token)
            if roles[token] != listener.role:
                listener.revoked = True
                listener.wake.set()

    def listen(self, role: str | None, token: str | None, address: str) -> Listener:
        """A place for a new event stream, or the refusal if there is none: ``self.streams`` at
        most in all, the last quarter of them for pages opened with a link only, and
        ``STREAMS_PER_ADDRESS`` from one address (but this computer's)."""
        held = len(self.listeners)
        board_streams = self.streams - self.streams // 4
        if held >= self.streams or (token is None and held >= board_streams):
            raise ServerBusy(
                f"the referee has {held} live pages open, as many as it serves: this page shows the"
                " game as it was when loaded, and tries again in a while",
                legal="reload it later, or close pages open elsewhere",
            )
        if not _this_computer(address):
            mine = sum(listener.address == address for listener in self.listeners)
            if mine >= STREAMS_PER_ADDRESS:
                raise TooManyStreams(
                    f"{address} has {mine} live pages open, the most one address may: this page shows"
                    " the game as it was when loaded, and tries again in a while",
                    legal="close a page of this game on that phone or computer",
                )
        listener = Listener(role, token, address)
        self.listeners.add(listener)
        return listener

    # --- what a page shows ------------------------------------------------------------

    @property
    def board_at(self) -> str:
        """Where this game's public board is (its event stream, rows to witness, chart): its own
        address whatever game ``/`` shows, so that an open board stays on its game."""
        return f"/g/{self.game_id}"

    def player(self, role: str | None) -> str | None:
        return None if role in (None, TABLE) else role

    def context(self, role: str | None) -> dict[str, Any]:
        referee, game_id = self.referee, self.game_id
        as_player = self.player(role)
        loaded, board, screen = referee.board(game_id, as_player=as_player)
        game = loaded.game
        # The service tells each fact as this viewer may see it: a page says no more than
        # its viewer's log.
        entries = list(referee.log(game_id, last=LAST_MOVES, as_player=as_player))
        sheet = referee.score(game_id)[1] if board.over else None
        chooser = self._picker(role, loaded.head_hash) if role is not None else Picker()
        # Who must act and what they may do, in the rulebook's words: the verbs of their legal
        # moves as the pickers say them (the command line's prompt names the typed verbs).
        pickers = {who: self._picker(who, loaded.head_hash) for who in board.to_act}
        # A player's own latest move: theirs to take back while nobody has moved since; who moved
        # since, while one has (the moment a mis-tap is noticed). Once a second has, the table
        # has moved on: the page says nothing of it (the table's page still undoes or voids it).
        takeback = referee.take_back_offer(game_id, as_player, LAST_MOVES) if as_player else None
        if takeback is not None and len(takeback.since) > 1:
            takeback = None
        return {
            "game_title": game.title,
            "info": loaded.info,
            "head": loaded.head,
            "head_hash": loaded.head_hash,
            "board": board,
            "screen": screen,
            "entries": entries,
            # each move in the rulebook's words (its typed command, said as its picker said it)
            "said": {e.seq: self._said_entry(game, loaded.state, e) for e in entries if e.kind in MOVES},
            "sheet": sheet,
            "groups": _groups(chooser),
            "prompt": _prompt(pickers),
            "picker": msgspec.json.encode(chooser).decode(),
            "takeback": takeback,
            "usage": _usage(game_verbs(game, loaded.setup), chooser, as_player),
            "role": role,
            "as_player": as_player,
            # Something is asked of this page's player (or the table) now: its your-turn cue.
            "your_turn": role is not None and (as_player or TABLE) in board.to_act and not board.over,
            "view": board.view,
            # A game's own board, drawn from its typed view, where it has one: above the
            # generic tables of its present().
            "designed": designed_template(game.name),
            # A player's page: below their moves and their own area, the rest folded (fold.html).
            "folded": as_player is not None,
            # a box of the game's card notation, as its rulebook prints it (Planet B's boxes)
            "box": optional(game, "box_words") or str,
            **(self._drawn(as_player) if board.over else {"chart": None, "chart_caption": ""}),
            "board_at": self.board_at,
        }

    def past(self, role: str | None, seq: int) -> dict[str, Any]:
        """The board as it stood right after the log's entry holding row ``seq`` (``referee at
        SEQ``, as this page's viewer: the service's view then, so a hand hidden from them stays
        hidden), read-only: no picker. ``seq`` and the seqs a page steps through (each entry of
        the log this viewer may read), and the past part of the page."""
        referee, game_id = self.referee, self.game_id
        as_player = self.player(role)
        loaded, board, screen = referee.board(game_id, as_player=as_player, upto=seq)
        entries = list(referee.log(game_id, as_player=as_player))
        seqs = [e.seq for e in entries]
        index = max((i for i, at in enumerate(seqs) if at <= seq), default=0)  # the entry holding row seq
        entry = entries[index]
        # The moves that led there, as they stood then: a revert recorded later is not shown.
        before = [
            e
            if e.reverted_by is None or e.reverted_by <= loaded.upto
            else msgspec.structs.replace(e, reverted_by=None, reverted_how=None)
            for e in entries[max(0, index + 1 - LAST_MOVES) : index + 1]
        ]
        game = loaded.game
        said = {e.seq: _said_entry(game, loaded.state, e) for e in before if e.kind in MOVES}
        led = said.get(entry.seq) or _said_other(game, loaded.state, entry, entries)
        # By round: the start of this round (or, at its start, of the one before) and of the next,
        # where the game's own count of rounds says each begins (``round_starts``).
        starts = referee.round_starts(game_id)
        round_back = next((r for r in reversed(starts) if r.seq < entry.seq), None)
        round_on = next((r for r in starts if r.seq > entry.seq), None)
        context = {
            "info": loaded.info,
            "at": entry.seq,
            "upto": loaded.upto,
            "entry": entry,
            "led": led,
            "seqs": seqs,
            "index": index,
            "round_back": round_back,
            "round_on": round_on,
            "board": board,
            "screen": screen,
            "entries": before,
            "said": said,
            "sheet": game.score(loaded.state) if board.over else None,
            "chart": None,
            "chart_caption": "",
            "role": role,
            "as_player": as_player,
            "view": board.view,
            "designed": designed_template(game.name),
            "folded": False,  # (the board then, all of it open: what a dispute looks for)
            "box": optional(game, "box_words") or str,
        }
        html = self.env.get_template("past.html").render(**context)
        return {"ok": True, "seq": entry.seq, "seqs": seqs, "head": loaded.head, "html": html}

    def _picker(self, who: str, head_hash: str) -> Picker:
        """The moves of ``who`` (a page's role, or one the board says must act) at the head
        ``head_hash``, or none if it is nobody's page (Planet B's dummy draws by the table's
        hand): built once a head, however many pages show it."""
        key = (who, head_hash)
        chooser = self._pickers.get(key)
        if chooser is None:
            try:
                chooser = self.referee.picker(self.game_id, who)
            except BadInput:  # (not a player of the game)
                chooser = Picker()
            self._pickers = {k: v for k, v in self._pickers.items() if k[1] == head_hash}
            self._pickers[key] = chooser
        return chooser

    def _said_entry(self, game: Any, state: Any, entry: LogEntry) -> str:
        """``_said_entry``, said once a row: the words of a move stay as they were."""
        key = (entry.seq, entry.kind, entry.text)
        words = self._words.get(key)
        if words is None:
            if len(self._words) >= 4 * LAST_MOVES:
                self._words.clear()
            words = self._words[key] = _said_entry(game, state, entry)
        return words

    def _drawn(self, mine: str | None) -> dict[str, str]:
        """The end page's score chart and what it shows: a game whose score stands only at its end
        (Planet B's Game End) is drawn as that end would count it at each round's end, and says so
        (the history page shows its final sheet instead)."""
        chart = self.referee.score_by_round(self.game_id)[1]
        caption = (
            "each player’s score as the Game End would count it at each round’s end (none stands before it)"
            if chart.only_at_end
            else "each player’s score at each round’s end, from the log"
        )
        return {"chart": draw_chart(chart, mine=mine), "chart_caption": caption}

    def chart(self, mine: str | None = None, *, standalone: bool = False) -> str:
        """The score chart of each player's score at each round's end, as SVG."""
        return draw_chart(self.referee.score_by_round(self.game_id)[1], mine=mine, standalone=standalone)

    def fragment(self, role: str | None) -> str:
        """The live part of a page (rendered once per role and head, however many listen); what
        stops the game instead, while it cannot be shown. Drawn from one state, checked once
        (``Referee.at_once``): the head it shows is the one each of its parts was read at."""
        with self.referee.at_once():
            return self._fragment(role)

    def _fragment(self, role: str | None) -> str:
        self.look()
        key = (role, self.head, self.head_hash, _said(self.trouble))
        html = self._cache.get(key)
        if html is None:
            try:
                if self.trouble is not None:
                    return self.stopped(self.trouble)
                html = self.env.get_template("live.html").render(**self.context(role))
            except RefereeError as error:  # it stopped checking out since the look: said at once
                return self.stopped(error)
            self._cache[key] = html
        return html

    def stopped(self, error: RefereeError) -> str:
        """The live part of every page while the game cannot be shown: what is wrong (the row
        named) and what the table can do, and no move to make."""
        template = self.env.get_template("stopped.html")
        return template.render(
            error=error, damaged=isinstance(error, VerificationFailed), game_id=self.game_id
        )

    def page(self, role: str | None, token: str | None, notice: str = "") -> tuple[str, int]:
        """A whole page and its HTTP status: 200, or the refusal's while the game is stopped (a
        log that does not check out), whose page says why and offers no move."""
        try:
            with self.referee.at_once():  # (its live part and the rest from one state)
                live = self.fragment(role)
                trouble = self.trouble
                if trouble is None:
                    context = {**self.context(role), "live": live, "stopped": None}
                    return self._page(context, role, token, notice), 200
        except RefereeError as error:
            trouble = error
        return self.stopped_page(role, trouble, token, notice), status_of(trouble)

    def stopped_page(
        self, role: str | None, error: RefereeError, token: str | None = None, notice: str = ""
    ) -> str:
        """The page of a game that cannot be shown (any page: the board, a player's, the
        table's): titled by its game's number, its live part ``stopped``, no move offered."""
        context = {
            "game_title": f"Game {self.game_id}",
            "as_player": self.player(role),
            "role": role,
            "usage": "",
            "info": None,
            "live": self.stopped(error),
            "stopped": error,
            "board_at": self.board_at,
        }
        return self._page(context, role, token, notice)

    def error_page(self, status: int, line: str) -> str:
        """A page for an HTTP error that is not the game's (no such page, a crash): styled as
        every page, readable on a phone, pointing to the board."""
        return self.env.get_template("error.html").render(status=status, line=line, game_id=self.game_id)

    def history(self, token: str) -> str:
        """The group's history (``referee stats``), for the table's page: each finished game of
        the database, latest first, with its players' final scores and ranks and its score chart,
        and each player's record per kind of game; read-only (an abandoned game is left out, as
        ``stats`` does)."""
        told = self.referee.history()
        games: dict[int, list[Any]] = {}
        for played in reversed(told.results):  # (in the order the games ended: latest first here)
            games.setdefault(played.game_id, []).append(played)
        for rows in games.values():
            rows.sort(key=lambda r: (r.rank, r.player.casefold()))
        # Each game's score chart, its score sheet replayed at each round's end; where a game's
        # score is counted only at its end (``only_at_end``), that rule and the final sheet's
        # every category instead: no score is drawn that the table never had.
        charts: dict[int, tuple[str, str]] = {}  # the SVG, what it counts (LOOP's HAPPINESS)
        finals: dict[int, tuple[str, dict[str, list[tuple[str, int]]]]] = {}
        for game_id in games:
            chart = self.referee.score_by_round(game_id)[1]
            if chart.only_at_end:
                sheet = self.referee.score(game_id)[1]
                cats = [c for c in sheet.categories if c != sheet.points]
                lines = {line.player: [(c, line.categories.get(c, 0)) for c in cats] for line in sheet.lines}
                finals[game_id] = (chart.only_at_end, lines)
            else:
                charts[game_id] = (draw_chart(chart), chart.measure)
        return self.env.get_template("history.html").render(
            games=games,
            charts=charts,
            finals=finals,
            stats=told.stats,
            lengths=told.lengths,
            token=token,
            game_id=self.game_id,
        )

    def _page(self, context: dict[str, Any], role: str | None, token: str | None, notice: str) -> str:
        return self.env.get_template("page.html").render(
            **context,
            token=token if role else None,
            events=f"/t/{token}/events" if token and role else f"{self.board_at}/events",
            notice=notice,
            game_id=self.game_id,
        )

    def state_json(self, role: str | None) -> dict[str, Any]:
        loaded, board, _ = self.referee.board(self.game_id, as_player=self.player(role))
        out: dict[str, Any] = {"game": self.game_id, "head": loaded.head, "role": role, "status": board}
        if role is not None:
            context = self.context(role)
            out["moves"] = context["groups"]
            out["picker"] = msgspec.json.decode(context["picker"])
        return out

    def witness(self, role: str | None, query: Mapping[str, str]) -> dict[str, Any]:
        """The rows a page checks by itself on each update (``Referee.witness``), as its viewer
        may see them: ``after`` the last row it saw, ``hash`` the hash it holds for that row."""
        after = _int(query.get("after"), "after") or 0
        known = query.get("hash") or None
        if known is not None and not re.fullmatch(r"[0-9a-f]{64}", known):
            raise BadInput("hash must be a row's hash: 64 hex digits")
        witnessed = self.referee.witness(self.game_id, after, known, as_player=self.player(role))
        out: dict[str, Any] = msgspec.to_builtins(witnessed)
        return out

    # --- acting -----------------------------------------------------------------------

    def move(self, role: str, body: dict[str, Any]) -> Recorded:
        """A move posted from a page: the typed command the picker chose, or words typed in;
        recorded, it is told in the rulebook's words (as its preview was), where the game says
        them."""
        seen = _int(body.get("head"), "head")
        command = self._command(role, body, seen)
        loaded = self.referee.load(self.game_id)
        said = sentence(loaded.game, loaded.state, command)  # (the state it was decided on)
        recorded = self.referee.submit(self.game_id, command, seen=seen)
        said = said or next((fact for fact in recorded.facts if fact), "")  # (a card's face declared)
        return msgspec.structs.replace(recorded, text=said) if said else recorded

    def preview(self, role: str, body: dict[str, Any]) -> Preview:
        """The move a page is about to post, in words, as it would be recorded (nothing is)."""
        seen = _int(body.get("head"), "head")
        return self.referee.preview(self.game_id, self._command(role, body, seen), seen=seen)

    def take_back(self, role: str, body: dict[str, Any]) -> Recorded:
        """A player takes back their own latest move (the service says whether they still may)."""
        if role == TABLE:
            raise Forbidden("the table's page takes moves back with undo or void")
        return self.referee.take_back(self.game_id, role, _int(body.get("seq"), "seq"))

    def _command(self, role: str, body: dict[str, Any], seen: int | None) -> Any:
        """The typed command of a posted move, if it is ``role``'s to make (the service reads it)."""
        posted, typed = body.get("command"), body.get("text")
        if isinstance(posted, str):
            return self.referee.command(self.game_id, role, json=posted, seen=seen)
        if isinstance(typed, str):
            return self.referee.command(self.game_id, role, text=typed, seen=seen)
        raise BadInput("post a move as {command: JSON} or {text: WORDS}")

    def void_preview(self, body: dict[str, Any]) -> VoidPreview:
        """What a void asked from the table's page would take back (the move named and, by
        cascade, each later move it breaks), recording nothing: the page shows it to confirm,
        then posts the void with its ``head`` as the head seen, so that anything recorded in
        between refuses it (the void recorded is the one shown, or none)."""
        seq, cascade = _void_asked(body)
        reason = _text(body.get("reason"), "reason")
        by = _text(body.get("by"), "by") or TABLE
        with self._void_in_page_words():
            told = self.referee.void_preview(self.game_id, seq, by=by, reason=reason, cascade=cascade)
        # Each move taken back in the rulebook's words, as the last moves say it (not the command
        # line's text): ``#84 (ben: ACQUIRE ...)``.
        return msgspec.structs.replace(told, moves=[self._in_words(move) for move in told.moves])

    def _in_words(self, text: str) -> str:
        """``text`` with each move it names as ``#SEQ (its log text)`` said in the rulebook's
        words instead, with its mover (``#84 (ben: ...)``), as the page's last moves say it."""
        named = {int(seq) for seq in re.findall(r"#(\d+) \(", text)}
        if not named:
            return text
        loaded = self.referee.load(self.game_id)
        for e in self.referee.log(self.game_id):
            if e.seq in named and e.kind in MOVES:
                said = _said_entry(loaded.game, loaded.state, e)
                text = text.replace(f"#{e.seq} ({e.text})", f"#{e.seq} ({e.actor}: {said})")
        return text

    @contextlib.contextmanager
    def _void_in_page_words(self) -> Iterator[None]:
        """A void refused for the later moves it breaks, told in the page's words: its cascade is
        a box to tick there, not the command line's ``--cascade``; the move it breaks in the
        rulebook's words."""
        try:
            yield
        except BreaksLater as error:
            raise IllegalMove(
                self._in_words(error.message),
                rule=error.rule,
                legal="tick cascade to void it too",
                seq=error.seq,
            ) from None

    def table_action(self, action: str, body: dict[str, Any]) -> Recorded | str:
        referee, game_id = self.referee, self.game_id
        reason = _text(body.get("reason"), "reason")
        by = _text(body.get("by"), "by") or None  # who asked, as `--by` at the command line
        # The head the page showed: an undo, redo or void asked on it is refused if anything was
        # recorded since (it would act on what nobody at the table has looked at).
        seen = _int(body.get("head"), "head")
        if action == "undo":
            return referee.undo(game_id, by=by, reason=reason, seen=seen)
        if action == "redo":
            return referee.redo(game_id, by=by, seen=seen)
        if action == "void":
            # (the page posts the head its void was shown at: ``void_preview``'s)
            seq, cascade = _void_asked(body)
            with self._void_in_page_words():
                voided = referee.void(game_id, seq, by=by or TABLE, reason=reason, cascade=cascade, seen=seen)
            return msgspec.structs.replace(voided, text=self._in_words(voided.text))  # as it was shown
        if action == "verify":
            return render.verified(referee.verify(game_id))
        raise BadInput(f"no table action {action!r}", legal="undo, redo, void, verify")


def _void_asked(body: dict[str, Any]) -> tuple[int, bool]:
    """The seq of the move a void posted from a page names, and whether it cascades."""
    seq = _int(body.get("seq"), "seq")
    if seq is None:
        raise BadInput("void needs the seq of the disputed move", legal="see the last moves")
    return seq, bool(body.get("cascade"))


def _said(error: RefereeError | None) -> str:
    return "" if error is None else str(error)


def designed_template(game: str) -> str | None:
    """The template of a game's own board (``planet_b.html`` for planet-b), if it has one."""
    name = game.replace("-", "_") + ".html"
    return name if (HERE / name).is_file() else None


def _groups(chooser: Picker) -> list[Group]:
    """The picker's typed moves under each verb, as a flat list (``state.json``'s ``moves``)."""
    by_verb: dict[str, list[tuple[str, str]]] = {}  # a verb's kinds (``favour barter``) as one
    for v in chooser.verbs:
        by_verb.setdefault(v.verb, []).extend((m.text, m.command) for m in picker.moves(v.step) if m.command)
    return [Group(verb, moves) for verb, moves in by_verb.items() if moves]


def _said_entry(game: Any, state: Any, entry: LogEntry) -> str:
    """A move of the log in the rulebook's words (its mover apart); one the game does not say (a
    card's face declared) by its first fact. Said with the state now: what a move's words need
    of the state (a card's face, an option) stays as it was."""
    said = (
        sentence(game, state, entry.body).partition(": ")[2] if isinstance(entry.body, game.Command) else ""
    )
    return said or next((fact for fact in entry.facts if fact), entry.kind)


def _said_other(game: Any, state: Any, entry: LogEntry, entries: Sequence[LogEntry]) -> str:
    """An entry of the log that is no move, said for a page: the setup, or a revert with the move
    it takes back in the rulebook's words (a restore, a seed revealed: the log's words)."""
    if entry.kind == "setup":
        players = getattr(entry.body, "players", ())
        return "the setup: " + ", ".join(players) if players else "the setup"
    target = getattr(entry.body, "target", None)
    if entry.kind in ("undo", "void") and isinstance(target, int):
        taken = next((e for e in entries if e.seq == target and e.kind in MOVES), None)
        if taken is not None:
            return f"{entry.kind} #{target} ({taken.actor}: {_said_entry(game, state, taken)})"
    return entry.text


def _prompt(pickers: Mapping[str, Picker]) -> str:
    """``ann: WORK, BUY or FAVOUR``: each who must act, and the verbs their moves are."""
    said = []
    for who, chooser in pickers.items():
        verbs = list(dict.fromkeys(group.said or group.verb for group in chooser.verbs))
        if verbs:
            listed = ", ".join(verbs[:-1]) + " or " + verbs[-1] if len(verbs) > 1 else verbs[0]
            said.append(f"{'the table' if who == TABLE else who}: {listed}")
    return " · ".join(said)


def _usage(verbs: Sequence[Verb], chooser: Picker, as_player: str | None) -> str:
    """The text box's placeholder: the grammar of a move this page may make (one it may make
    now, else a player's verb, whose first word is PLAYER, or the table's), in its name."""
    usage = chooser.verbs[0].usage if chooser.verbs else ""
    if not usage:
        usage = next((v.usage for v in verbs if (v.usage.split()[1:2] == ["PLAYER"]) == bool(as_player)), "")
    return usage.replace("PLAYER", as_player, 1) if as_player else usage


def _int(value: Any, name: str) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise BadInput(f"{name} must be a number")
    try:
        return int(value)
    except ValueError:
        raise BadInput(f"{name} must be a number, not {str(value)[:20]!r}") from None


def _text(value: Any, name: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise BadInput(f"{name} must be text")
    return value.strip()
