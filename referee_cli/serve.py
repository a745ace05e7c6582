"""``referee serve``: the table's pages, over the table's own network, on the same ledger.

Three kinds of page, each a rendering of the service's ``board()`` (the game's own
``present(view)``), ``log()``, ``score()`` and ``legal()``; no rules here:

- the board (``/``, no token): the public view, whose turn it is, the last moves, the score
  sheet and the chart of each round's end at the end (``/chart.svg``: the chart alone); for a
  shared screen.
- a player's page (``/t/TOKEN``): the board as that player may see it (their hand and secret
  goals) and their legal moves now, as buttons that post the typed command.
- the table's page (``/t/TOKEN`` of the table's link): the table's moves (reveals,
  declarations), any move typed as at the command line, undo, redo, void and verify.

Tokens are per game and stored hashed (``Referee.new_links``); a wrong or missing token gets
the public board only. Every page listens to ``/events`` (server-sent events): the server
polls the log's head, so a move recorded by the command line, ``play`` or a phone shows on
every page within ``POLL`` seconds (at once for a move made on a page).

Every page is also a witness of the record (``witness.js``): it shows the head as ``#SEQ`` and
a short hash, keeps the hash of every row it saw in its browser, and at each update checks the
log by itself against them from ``/witness.json`` (``/t/TOKEN/witness.json``: ``Referee.witness``
for that page's viewer).

A game whose log stops checking out (a row edited by hand while serving: the referee checks the
rows again whenever another process wrote, as a fresh command would) stops every page: each
shows what is wrong and what the table can do, and no page takes a move until it is resolved.
A link replaced or revoked (here, or by another process) ends its open event streams. Event
streams and posted bodies are bounded (``STREAMS``, ``STREAMS_PER_ADDRESS``, ``MAX_BODY``).

The service is synchronous SQLite: it is called from the event loop's one thread only (a
move takes milliseconds), which also keeps its connection in the thread that opened it.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import re
import shlex
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

import jinja2
import msgspec
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from ledger import picker
from ledger.decider import Verb
from ledger.errors import (
    AmbiguousMove,
    BadInput,
    IllegalMove,
    NotFound,
    RefereeError,
    StorageFailed,
    StoreUnreadable,
    VerificationFailed,
    WriteConflict,
)
from ledger.picker import Picker
from ledger.service import TABLE, Preview, Recorded, Referee, game_verbs
from referee_cli import render
from referee_cli.chart import svg as draw_chart

POLL = 0.25  # seconds between looks at the log's head (another process's appends)
KEEPALIVE = 15.0  # seconds between comments on an idle event stream
LAST_MOVES = 8  # log entries a page shows
MAX_BODY = 16_384  # bytes a posted move may take (read no further: a longer body is refused)
# Event streams open at once. Each holds a socket (a file descriptor) for as long as its page is
# open: unbounded, a few hundred from anyone on the network would leave none for the pages. A
# table is a dozen pages; 128 is every phone in a room and the benchmark's 50 board pages, and
# stays under the usual descriptor limit (1,024; lowered to fit a smaller one: ``stream_cap``).
# A quarter of them is kept for pages opened with a link: the board's (which need no secret)
# alone never take the players' and the table's live updates.
STREAMS = 128
STREAMS_PER_ADDRESS = 16  # from one address (a phone with many tabs); this computer's: no limit
DESCRIPTORS_KEPT = 64  # descriptors never given to streams: the database, the listener, pages
RETRY_STREAM = 30  # seconds a refused stream's page is asked to wait before it tries again
SUBMISSIONS = 256  # answers to recent submissions remembered, for a page's double tap or retry
MAX_SUBMISSION = 64  # characters of a submission's id
HERE = Path(__file__).parent / "web"
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
}


class Forbidden(RefereeError):
    """A link that may not do what was asked (a player moving for another, a wrong token)."""

    exit_code = 2
    kind = "forbidden"


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


class EventStream(StreamingResponse):
    """A page's event stream, which gives its place back however it ends (the page closed, the
    network gone, the server stopping), even before its first line."""

    def __init__(self, content: AsyncIterator[str], release: Callable[[], None]) -> None:
        headers = {**HEADERS, "X-Accel-Buffering": "no"}
        super().__init__(content, media_type="text/event-stream", headers=headers)
        self.release = release

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.release()


class Table:
    """The served game: the referee, the log head last seen, and who listens for changes."""

    def __init__(self, db: Path, game_id: int, poll: float = POLL, streams: int | None = None) -> None:
        self.db = db
        self.game_id = game_id
        self.poll = poll
        self.streams = stream_cap() if streams is None else streams  # open event streams at most
        self._referee: Referee | None = None
        self.head = 0
        # with the seq: a log rewritten behind the pages' back, as long as it was, is news too
        # (each page's witness checks it)
        self.head_hash = ""
        # The database's version (``Store.version``) at the last look: another process wrote
        # since if it differs (a move, a link revoked, a row edited by hand).
        self.version: int | None = None
        # Why the game cannot be shown, as the service said (a log that does not check out):
        # every page then says so and takes no move.
        self.trouble: RefereeError | None = None
        self.listeners: set[Listener] = set()
        self._cache: dict[tuple[str | None, int, str, str], str] = {}
        # (role, submission id) -> (status, answer): a page's double tap or retry of one
        # submission is recorded once and answered as the first time. In this process only,
        # the latest SUBMISSIONS: a restart forgets them.
        self.answers: OrderedDict[tuple[str, str], tuple[int, dict[str, Any]]] = OrderedDict()
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(HERE),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )

    @property
    def referee(self) -> Referee:
        if self._referee is None:  # opened in the event loop's thread, which alone uses it
            self._referee = Referee.open(self.db, create=False)
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
        version = self.referee.version()
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

    async def watch(self) -> None:
        while True:
            await asyncio.sleep(self.poll)
            with contextlib.suppress(RefereeError):
                self.look()

    # --- what a page shows ------------------------------------------------------------

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
        chooser = referee.picker(game_id, role) if role is not None else Picker()
        # A player's own latest move: theirs to take back while nobody has moved since.
        takeback = referee.take_back_offer(game_id, as_player, LAST_MOVES) if as_player else None
        return {
            "game_title": game.title,
            "info": loaded.info,
            "head": loaded.head,
            "head_hash": loaded.head_hash,
            "board": board,
            "screen": screen,
            "entries": entries,
            "sheet": sheet,
            "groups": _groups(chooser),
            "picker": msgspec.json.encode(chooser).decode(),
            "takeback": takeback,
            "usage": _usage(game_verbs(game, loaded.setup), chooser, as_player),
            "role": role,
            "as_player": as_player,
            "view": board.view,
            # A game's own board, drawn from its typed view, where it has one: above the
            # generic tables of its present().
            "designed": designed_template(game.name),
            "chart": self.chart(as_player) if board.over else None,
        }

    def chart(self, mine: str | None = None, *, standalone: bool = False) -> str:
        """The score chart of each player's score at each round's end, as SVG."""
        return draw_chart(self.referee.score_by_round(self.game_id)[1], mine=mine, standalone=standalone)

    def fragment(self, role: str | None) -> str:
        """The live part of a page (rendered once per role and head, however many listen); what
        stops the game instead, while it cannot be shown."""
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
        }
        return self._page(context, role, token, notice)

    def _page(self, context: dict[str, Any], role: str | None, token: str | None, notice: str) -> str:
        return self.env.get_template("page.html").render(
            **context,
            token=token if role else None,
            events=f"/t/{token}/events" if token and role else "/events",
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
        """A move posted from a page: the typed command the picker chose, or words typed in."""
        seen = _int(body.get("head"), "head")
        return self.referee.submit(self.game_id, self._command(role, body, seen), seen=seen)

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
        """The typed command of a posted move, if it is ``role``'s to make."""
        loaded = self.referee.seen(self.game_id, seen)
        game = loaded.game
        if isinstance(body.get("command"), str):
            try:
                command = msgspec.json.decode(body["command"], type=game.Command)
            except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                raise BadInput(f"not a {game.title} move: {exc}") from None
            except RecursionError:  # msgspec's own limit on nesting
                raise BadInput(f"not a {game.title} move: its JSON is nested too deeply") from None
        elif isinstance(body.get("text"), str):
            text = body["text"].strip()
            try:
                words = shlex.split(text)
            except ValueError as exc:
                raise BadInput(f"cannot read {text!r}: {exc}") from None
            if not words:
                raise BadInput(
                    "no move given", legal=", ".join(v.usage for v in game_verbs(game, loaded.setup))
                )
            command = game.parse(loaded.state, words)
        else:
            raise BadInput("post a move as {command: JSON} or {text: WORDS}")
        actor = game.actor(command)
        if role != TABLE and actor.lower() != role.lower():
            whose = "the table's" if actor == TABLE else f"{actor}'s"
            raise Forbidden(f"this is {role}'s page: {game.text(command)} is {whose} move, not {role}'s")
        return command

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
            seq = _int(body.get("seq"), "seq")
            if seq is None:
                raise BadInput("void needs the seq of the disputed move", legal="see the last moves")
            cascade = bool(body.get("cascade"))
            return referee.void(game_id, seq, by=by or TABLE, reason=reason, cascade=cascade, seen=seen)
        if action == "verify":
            return render.verified(referee.verify(game_id))
        raise BadInput(f"no table action {action!r}", legal="undo, redo, void, verify")


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


def _submission(value: Any) -> str | None:
    """The id a page gives one submission (kept for its retries), if it gives one."""
    if value is None or value == "":
        return None
    if not isinstance(value, str) or len(value) > MAX_SUBMISSION:
        raise BadInput(f"a submission's id is text of at most {MAX_SUBMISSION} characters")
    return value


def _text(value: Any, name: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise BadInput(f"{name} must be text")
    return value.strip()


def make_app(
    db: Path, game_id: int, *, poll: float = POLL, base: str | None = None, streams: int | None = None
) -> Starlette:
    """The web application serving game ``game_id`` of the database at ``db`` (``base``: the
    address the links are shown with; the table page's own address if not said; ``streams``:
    event streams open at most, ``stream_cap()`` if not said)."""
    table = Table(db, game_id, poll, streams)

    def role_of(request: Request) -> tuple[str | None, str]:
        token = str(request.path_params.get("token", ""))
        return table.referee.link_role(game_id, token), token

    def refusal(error: RefereeError) -> tuple[int, dict[str, Any]]:
        return status_of(error), {"ok": False, "error": error.kind, "line": str(error)}

    def refused(error: RefereeError) -> JSONResponse:
        status, answer = refusal(error)
        return JSONResponse(answer, status_code=status, headers=HEADERS)

    def html(text: str, status: int = 200) -> HTMLResponse:
        return HTMLResponse(text, status_code=status, headers=HEADERS)

    async def board(request: Request) -> Response:
        return html(*table.page(None, None))

    async def player_page(request: Request) -> Response:
        role, token = role_of(request)
        if role is None:
            notice = "This link opens no page of a player (mistyped, or replaced by new links): the board."
            text, status = table.page(None, None, notice)
            return html(text, 403 if status == 200 else status)
        return html(*table.page(role, token))

    async def chart_svg(request: Request) -> Response:
        """The score chart as a file (the board's, with nothing hidden once the game is over)."""
        return Response(table.chart(standalone=True), media_type="image/svg+xml", headers=HEADERS)

    async def state(request: Request) -> Response:
        return JSONResponse(msgspec.to_builtins(table.state_json(None)), headers=HEADERS)

    async def player_state(request: Request) -> Response:
        role, _ = role_of(request)
        if role is None:
            return refused(Forbidden("this link opens no player's page"))
        return JSONResponse(msgspec.to_builtins(table.state_json(role)), headers=HEADERS)

    async def witness(request: Request) -> Response:
        """The board's rows to witness (what the board may see)."""
        try:
            return JSONResponse(table.witness(None, request.query_params), headers=HEADERS)
        except RefereeError as error:
            return refused(error)

    async def player_witness(request: Request) -> Response:
        """A player's (or the table's) rows to witness: never a fact hidden from its viewer."""
        role, _ = role_of(request)
        try:
            if role is None:
                raise Forbidden("this link opens no player's page")
            return JSONResponse(table.witness(role, request.query_params), headers=HEADERS)
        except RefereeError as error:
            return refused(error)

    async def read_body(request: Request) -> dict[str, Any]:
        """The posted JSON object, read as it arrives and no further than ``MAX_BODY`` bytes (a
        longer one is refused without being read whole: nothing holds it in memory)."""
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            raise BadInput("post JSON (content-type: application/json)")
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > MAX_BODY:
            raise BadInput(
                f"a posted body of {int(declared)} bytes is too long (at most {MAX_BODY}): not read"
            )
        raw = bytearray()
        async with contextlib.aclosing(request.stream()) as chunks:
            async for chunk in chunks:
                raw += chunk
                if len(raw) > MAX_BODY:
                    raise BadInput(f"a posted body over {MAX_BODY} bytes is too long: not read further")
        try:
            body = msgspec.json.decode(raw)
        except msgspec.DecodeError:
            raise BadInput("the posted body is not JSON") from None
        except RecursionError:  # msgspec's own limit on nesting: a move is a few plain fields
            raise BadInput(
                "the posted body is nested too deeply: post a move as {command: JSON} or {text: WORDS}"
            ) from None
        if not isinstance(body, dict):
            raise BadInput("post a JSON object")
        return body

    async def act(request: Request, do: Callable[[str, dict[str, Any]], Recorded | str]) -> Response:
        role, _ = role_of(request)
        try:
            if role is None:
                raise Forbidden("this link may not move: it opens no player's page")
            body = await read_body(request)
            submission = _submission(body.get("submission"))
        except RefereeError as error:
            return refused(error)
        key = (role, submission) if submission else None
        if key and key in table.answers:  # the same submission again (a double tap, a retry)
            status, answer = table.answers[key]  # answered as the first time, nothing recorded
            return JSONResponse(answer, status_code=status, headers=HEADERS)
        # No await from here to the answer's remembering: one submission at a time.
        try:
            result = do(role, body)
        except RefereeError as error:
            status, answer = refusal(error)
        else:
            if isinstance(result, Recorded):
                span = f"#{result.seq}" if result.seq == result.head else f"#{result.seq}-{result.head}"
                line = f"recorded {span}: {result.text}"
            else:
                line = result
            fragment = table.fragment(role)  # looks at the head: every listener is told once this answers
            status, answer = 200, {"ok": True, "line": line, "head": table.head, "html": fragment}
        if key and status < 500:  # a store that failed may be asked again
            table.remember(key, status, answer)
        return JSONResponse(answer, status_code=status, headers=HEADERS)

    async def move(request: Request) -> Response:
        return await act(request, table.move)

    async def new_link(request: Request) -> Response:
        """The table's page shows one player's link (and QR code) again: a new one for that
        role only."""
        role, _ = role_of(request)
        try:
            if role != TABLE:
                raise Forbidden("only the table's page shows a player's link again")
            whose = _text((await read_body(request)).get("role"), "role")
            if not whose:
                raise BadInput("whose link?", legal=", ".join(table.referee.load(game_id).setup.players))
            token = table.referee.new_link(game_id, whose)
        except RefereeError as error:
            return refused(error)
        table.close_revoked()  # the earlier link's open pages: at once
        url = f"{base or str(request.base_url).rstrip('/')}/t/{token}"
        line = f"{whose}'s new link (their earlier one no longer works; every other link still does): {url}"
        return JSONResponse({"ok": True, "line": line, "url": url, "qr": qr_svg(url)}, headers=HEADERS)

    async def take_back(request: Request) -> Response:
        return await act(request, table.take_back)

    async def preview(request: Request) -> Response:
        role, _ = role_of(request)
        try:
            if role is None:
                raise Forbidden("this link may not move: it opens no player's page")
            told = table.preview(role, await read_body(request))
        except RefereeError as error:
            return refused(error)
        body = {"ok": True, "text": told.text, "facts": told.facts, "more": told.more}
        return JSONResponse(body, headers=HEADERS)

    async def table_do(request: Request) -> Response:
        action = str(request.path_params["action"])

        def do(role: str, body: dict[str, Any]) -> Recorded | str:
            if role != TABLE:
                raise Forbidden(f"this is {role}'s page: {action} is for the table's page")
            return table.table_action(action, body)

        return await act(request, do)

    async def stream(listener: Listener) -> AsyncIterator[str]:
        yield "retry: 1000\n\n"
        while True:
            listener.wake.clear()  # news from here on wakes it (several at once: the latest shown)
            try:
                html = table.fragment(listener.role)  # (looks first: a link revoked is marked)
            except RefereeError as error:  # the database itself failing: said, not shown
                html = table.stopped(error)
            if listener.revoked:  # nothing more of its viewer's view, not even this update
                line = "this link was replaced or revoked: it opens no page now (the table makes new ones)"
                html = f'<p class="notice" role="alert">{escape(line)}</p>'
                yield f"event: closed\ndata: {msgspec.json.encode({'line': line, 'html': html}).decode()}\n\n"
                return
            data = msgspec.json.encode({"head": table.head, "html": html}).decode()
            yield f"event: board\ndata: {data}\n\n"
            try:
                # (not wait_for, whose extra task would wake this page a turn of the loop later)
                async with asyncio.timeout(KEEPALIVE):
                    await listener.wake.wait()
            except TimeoutError:
                yield ": still here\n\n"

    def events_response(request: Request, role: str | None, token: str | None) -> Response:
        address = request.client.host if request.client else ""
        try:
            # Taken here, with no await before the stream holds it: two pages cannot both take
            # the last place.
            listener = table.listen(role, token, address)
        except RefereeError as error:
            answer = refused(error)
            answer.headers["Retry-After"] = str(RETRY_STREAM)
            answer.headers["Connection"] = "close"  # nor is its socket kept for another request
            return answer
        return EventStream(stream(listener), lambda: table.listeners.discard(listener))

    async def events(request: Request) -> Response:
        return events_response(request, None, None)

    async def player_events(request: Request) -> Response:
        role, token = role_of(request)
        if role is None:
            return refused(Forbidden("this link opens no player's page"))
        return events_response(request, role, token)

    def static(name: str, media: str) -> Callable[[Request], Any]:
        text = (HERE / name).read_text()

        async def serve_file(request: Request) -> Response:
            return Response(text, media_type=media, headers={"Cache-Control": "max-age=60"})

        return serve_file

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        table.look()  # opens the referee in this thread; a missing game fails here, not on a page
        # What a stream and a stopped page load on first use (anyio imports its task groups
        # lazily): loaded now, not in a burst of connections that left no descriptor to read them.
        import anyio

        async with anyio.create_task_group():
            pass
        table.env.get_template("stopped.html")
        watcher = asyncio.create_task(table.watch())
        try:
            yield
        finally:
            watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watcher

    routes = [
        Route("/", board),
        Route("/state.json", state),
        Route("/chart.svg", chart_svg),
        Route("/events", events),
        Route("/witness.json", witness),
        Route("/referee.js", static("referee.js", "text/javascript")),
        Route("/witness.js", static("witness.js", "text/javascript")),
        Route("/referee.css", static("referee.css", "text/css")),
        Route("/t/{token}", player_page),
        Route("/t/{token}/state.json", player_state),
        Route("/t/{token}/events", player_events),
        Route("/t/{token}/witness.json", player_witness),
        Route("/t/{token}/move", move, methods=["POST"]),
        Route("/t/{token}/preview", preview, methods=["POST"]),
        Route("/t/{token}/takeback", take_back, methods=["POST"]),
        Route("/t/{token}/link", new_link, methods=["POST"]),
        Route("/t/{token}/table/{action}", table_do, methods=["POST"]),
    ]

    async def on_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, RefereeError)
        if request.url.path.endswith(".json"):
            return refused(exc)
        return html(table.stopped_page(None, exc), status_of(exc))  # the board's, saying why

    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={RefereeError: on_error})
    app.state.table = table
    return app


def lan_address() -> str:
    """This machine's address on the local network (the one a route out would use; nothing is
    sent), or 127.0.0.1 if it has none."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def links_text(base: str, tokens: dict[str, str], qr: bool) -> list[str]:
    """One line per link, all of them first; then, if asked, each one's QR code for a phone's
    camera, under its name."""
    import segno

    named = [("the board", "board (the shared screen, no secret)", f"{base}/")]
    for role, token in tokens.items():
        whose = "the table (reveals, undo, void, verify)" if role == TABLE else role
        named.append(("the table" if role == TABLE else role, whose, f"{base}/t/{token}"))
    out = [f"{whose}: {url}" for _, whose, url in named]
    if qr:
        for short, _, url in named:
            out.extend([f"QR code of {short}:", _qr(segno, url)])
    return out


def qr_svg(url: str) -> str:
    """A link's QR code as an SVG data URI, for the table's page."""
    import segno

    return str(segno.make(url, error="l").svg_data_uri(scale=5, border=2))


def _qr(segno: Any, url: str) -> str:
    import io

    text = io.StringIO()
    segno.make(url, error="l").terminal(out=text, compact=True)
    return text.getvalue().rstrip("\n")


def run_server(
    referee: Referee,
    db: Path,
    game_id: int,
    *,
    port: int,
    lan: bool,
    new_links: bool,
    qr: bool | None,
    link: tuple[str, ...] = (),
    revoke: tuple[str, ...] = (),
) -> None:
    """Print the links (new ones if asked or if the game has none; ``link``: one player's again,
    the others kept; ``revoke``: one player's stopped, none made), then serve until Ctrl-C. QR
    codes only for an address a phone can reach (``--lan``) unless ``qr`` asks for them."""
    import socket
    import sys

    import uvicorn

    if new_links and (link or revoke):
        raise BadInput(
            "--new-links replaces every link: it goes alone",
            legal="--new-links, or --link NAME / --revoke NAME for one player",
        )
    if not 0 < port < 65536:
        raise BadInput(f"port {port} is not a port", legal="1 to 65535")
    info = referee.game(game_id)  # a game that does not check out is refused before serving
    host = "0.0.0.0" if lan else "127.0.0.1"
    shown = lan_address() if lan else "127.0.0.1"
    try:  # say so at once if the port is taken, before any link is made
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as exc:
        raise BadInput(f"cannot listen on {host}:{port}: {exc.strerror}", legal="--port N") from None
    base = f"http://{shown}:{port}"
    lines = [f"serving game {game_id} ({info.kind}) of {db}"]
    if lan:
        lines.append(
            f"on the local network ({shown}), on purpose: anyone on it can open the board;"
            " a move needs a player's or the table's link"
        )
    else:
        lines.append("on this computer only (127.0.0.1); --lan serves the table's network")
    qr = lan if qr is None else qr
    if revoke:
        names = " and ".join(referee.revoke_link(game_id, role) for role in revoke)
        lines.append(
            f"{names}: link revoked, and none made in its place (every other link still works;"
            " --link NAME makes a new one)"
        )
    if new_links or not (revoke or referee.has_links(game_id)):
        tokens = referee.new_links(game_id)
        if new_links:
            lines.append("new links: the game's earlier links no longer work")
        lines.extend(links_text(base, tokens, qr))
    elif link:
        # Only the links' hashes are kept: a lost link is shown again as a new one, and only
        # that one stops working.
        tokens = {role: referee.new_link(game_id, role) for role in link}
        names = " and ".join(tokens)
        lines.append(f"{names}: a new link (their earlier one no longer works; every other link still does)")
        lines.extend(links_text(base, tokens, qr))
    else:
        lines.append(f"board (the shared screen, no secret): {base}/")
        lines.append(
            "the players' and the table's links made earlier still work (only their hashes are kept,"
            " so they cannot be shown again): --link NAME makes one player's again, --new-links all"
        )
    lines.append("Ctrl-C stops the server; the ledger keeps every move")
    sys.stdout.write("\n".join(lines) + "\n")
    sys.stdout.flush()
    app = make_app(db, game_id, base=base)
    # Open event streams would hold a graceful shutdown for ever: give them a second.
    config = uvicorn.Config(
        app, host=host, port=port, log_level="warning", access_log=False, timeout_graceful_shutdown=1
    )
    with contextlib.suppress(KeyboardInterrupt):
        uvicorn.Server(config).run()
