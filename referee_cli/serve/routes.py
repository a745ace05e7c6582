"""The routes of ``referee serve``: the Starlette application over one served table, its pages,
JSON, posted moves and event streams, and the bounds on what is posted.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from html import escape
from pathlib import Path
from typing import Any

import msgspec
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from ledger.errors import BadInput, Forbidden, NotFound, RefereeError
from ledger.service import TABLE, Recorded
from referee_cli import render
from referee_cli.serve.links import qr_svg
from referee_cli.serve.start import Tables
from referee_cli.serve.table import HERE, POLL, Listener, Table, _text, status_of

KEEPALIVE = 15.0  # seconds between comments on an idle event stream
MAX_BODY = 16_384  # bytes a posted move may take (read no further: a longer body is refused)
RETRY_STREAM = 30  # seconds a refused stream's page is asked to wait before it tries again
MAX_SUBMISSION = 64  # characters of a submission's id
# What a page says of an HTTP error that is no refusal of the referee's (those say their own line).
ERROR_LINES = {
    404: "There is no such page here: open the board, or the link the table gave you.",
    405: "This address takes no such request: open the board, or the link the table gave you.",
    500: "The referee failed on this page (nothing was recorded by it): reload, or open the board.",
}
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
}


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


def ledger_digest(db: str | Path) -> str:
    """A ledger named without its path: the start of the digest of its resolved path (of a
    server's address, as given)."""
    import hashlib

    named = str(db.resolve()) if isinstance(db, Path) else db
    return hashlib.sha256(named.encode()).hexdigest()[:16]


def _submission(value: Any) -> str | None:
    """The id a page gives one submission (kept for its retries), if it gives one."""
    if value is None or value == "":
        return None
    if not isinstance(value, str) or len(value) > MAX_SUBMISSION:
        raise BadInput(f"a submission's id is text of at most {MAX_SUBMISSION} characters")
    return value


def make_app(
    db: str | Path,
    game_id: int | None,
    *,
    poll: float = POLL,
    base: str | None = None,
    streams: int | None = None,
    start_token: str | None = None,
) -> Starlette:
    """The web application serving the games of the database at ``db``, the board showing game
    ``game_id`` (None: none yet; ``start_token``: the table's link that starts one; ``base``:
    the address the links are shown with; the table page's own address if not said;
    ``streams``: event streams open at most per game, ``stream_cap()`` if not said)."""
    tables = Tables(db, game_id, poll, streams, start_token)

    def found(request: Request) -> tuple[Table | None, str | None]:
        """The game and role a page's link opens (its token's: looked up once a request)."""
        if "found" not in request.scope:
            request.scope["found"] = tables.find(str(request.path_params.get("token", "")))
        answer: tuple[Table | None, str | None] = request.scope["found"]
        return answer

    def role_of(request: Request) -> tuple[str | None, str]:
        """The role of a page's link in its game (None: no game's link)."""
        table, role = found(request)
        return (role if table is not None else None), str(request.path_params.get("token", ""))

    def table_of(request: Request) -> Table | None:
        """The game a page's link opens (its token's), else the board's."""
        table, _ = found(request)
        return table if table is not None else tables.board

    def viewer(request: Request) -> tuple[Table, str]:
        """The game and role a player's (or the table's) link opens; refused for any other link."""
        role, _ = role_of(request)
        table = table_of(request)
        if role is None or table is None:
            raise Forbidden("this link opens no player's page")
        return table, role

    def board_table() -> Table:
        table = tables.board
        if table is None:
            raise NotFound("no game yet", legal="the table's link starts one")
        return table

    def origin(request: Request) -> str:
        return base or str(request.base_url).rstrip("/")

    def refusal(error: RefereeError) -> tuple[int, dict[str, Any]]:
        return status_of(error), {"ok": False, "error": error.kind, "line": str(error)}

    def refused(error: RefereeError) -> JSONResponse:
        status, answer = refusal(error)
        return JSONResponse(answer, status_code=status, headers=HEADERS)

    def html(text: str, status: int = 200) -> HTMLResponse:
        return HTMLResponse(text, status_code=status, headers=HEADERS)

    async def board(request: Request) -> Response:
        if tables.board is None:
            return html(tables.nothing())
        return html(*tables.board.page(None, None))

    async def player_page(request: Request) -> Response:
        role, token = role_of(request)
        if found(request) == (None, TABLE):  # the server's own table link: a new game
            return RedirectResponse(f"/t/{token}/new", status_code=303, headers=HEADERS)
        table = table_of(request)
        if table is None:
            return html(tables.nothing(), 403)
        if role is None:
            notice = "This link opens no page of a player (mistyped, or replaced by new links): the board."
            text, status = table.page(None, None, notice)
            return html(text, 403 if status == 200 else status)
        return html(*table.page(role, token))

    async def chart_svg(request: Request) -> Response:
        """The score chart as a file (the board's, with nothing hidden once the game is over)."""
        chart = board_table().chart(standalone=True)
        return Response(chart, media_type="image/svg+xml", headers=HEADERS)

    async def state(request: Request) -> Response:
        return JSONResponse(msgspec.to_builtins(board_table().state_json(None)), headers=HEADERS)

    async def player_state(request: Request) -> Response:
        role, _ = role_of(request)
        table = table_of(request)
        if role is None or table is None:
            return refused(Forbidden("this link opens no player's page"))
        return JSONResponse(msgspec.to_builtins(table.state_json(role)), headers=HEADERS)

    async def past(request: Request) -> Response:
        """The board as it stood after a row of the log (``referee at SEQ``), read-only."""
        try:
            return JSONResponse(board_table().past(None, int(request.path_params["seq"])), headers=HEADERS)
        except RefereeError as error:
            return refused(error)

    async def player_past(request: Request) -> Response:
        """A player's (or the table's) page as it stood after a row: what that viewer saw then."""
        try:
            table, role = viewer(request)
            return JSONResponse(table.past(role, int(request.path_params["seq"])), headers=HEADERS)
        except RefereeError as error:
            return refused(error)

    async def witness(request: Request) -> Response:
        """The board's rows to witness (what the board may see)."""
        try:
            return JSONResponse(board_table().witness(None, request.query_params), headers=HEADERS)
        except RefereeError as error:
            return refused(error)

    async def player_witness(request: Request) -> Response:
        """A player's (or the table's) rows to witness: never a fact hidden from its viewer."""
        try:
            table, role = viewer(request)
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

    async def act(request: Request, do: Callable[[Table, str, dict[str, Any]], Recorded | str]) -> Response:
        role, _ = role_of(request)
        table = table_of(request)
        try:
            if role is None or table is None:
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
            result = do(table, role, body)
        except RefereeError as error:
            status, answer = refusal(error)
            # A refused move brings the page the table as it stands now (a stale phone's board and
            # picker, which offered what was refused, are replaced): as an answer's, but refused.
            with contextlib.suppress(RefereeError):
                answer = {**answer, "head": table.head, "html": table.fragment(role)}
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
        return await act(request, lambda table, role, body: table.move(role, body))

    async def new_link(request: Request) -> Response:
        """The table's page shows one player's link (and QR code) again: a new one for that
        role only."""
        role, _ = role_of(request)
        table = table_of(request)
        try:
            if role != TABLE or table is None:
                raise Forbidden("only the table's page shows a player's link again")
            whose = _text((await read_body(request)).get("role"), "role")
            if not whose:
                players = table.referee.load(table.game_id).setup.players
                raise BadInput("whose link?", legal=", ".join(players))
            token = table.referee.new_link(table.game_id, whose)
        except RefereeError as error:
            return refused(error)
        table.close_revoked()  # the earlier link's open pages: at once
        url = f"{origin(request)}/t/{token}"
        line = f"{whose}'s new link (their earlier one no longer works; every other link still does): {url}"
        return JSONResponse({"ok": True, "line": line, "url": url, "qr": qr_svg(url)}, headers=HEADERS)

    async def serving(request: Request) -> Response:
        """Which game of which ledger this server serves, and the address its links are shown
        with: ``referee serve --link NAME`` on a port already served asks, and makes the link in
        the ledger for this server to honour (it reads the links from the store on each request).
        The ledger is named by a digest of its path, not the path."""
        answer = {
            "game": tables.served,  # the board's (a link of any game of the ledger works here)
            "ledger": ledger_digest(db),
            "base": base or str(request.base_url).rstrip("/"),
        }
        return JSONResponse(answer, headers=HEADERS)

    async def history(request: Request) -> Response:
        """The group's history of finished games (the table's page's "history"), read-only."""
        role, token = role_of(request)
        table = table_of(request)
        try:
            if role != TABLE or table is None:
                raise Forbidden("the group's history is shown from the table's link only")
            return html(table.history(token))
        except RefereeError as error:
            return error_page(request, status_of(error), str(error))

    async def take_back(request: Request) -> Response:
        return await act(request, lambda table, role, body: table.take_back(role, body))

    async def preview(request: Request) -> Response:
        role, _ = role_of(request)
        table = table_of(request)
        try:
            if role is None or table is None:
                raise Forbidden("this link may not move: it opens no player's page")
            told = table.preview(role, await read_body(request))
        except RefereeError as error:
            return refused(error)
        # ``said``: the move in the rulebook's words, which the page shows; ``text`` as recorded
        body = {"ok": True, "text": told.text, "said": told.said, "facts": told.facts, "more": told.more}
        return JSONResponse(body, headers=HEADERS)

    async def void_preview(request: Request) -> Response:
        """What a void would take back, for the table's page to show and ask before it posts the
        void (with this answer's ``head``); nothing is recorded."""
        role, _ = role_of(request)
        table = table_of(request)
        try:
            if role is None or table is None:
                raise Forbidden("this link may not move: it opens no player's page")
            if role != TABLE:
                raise Forbidden(f"this is {role}'s page: void is for the table's page")
            told = table.void_preview(await read_body(request))
        except RefereeError as error:
            return refused(error)
        line, lines = render.void_preview(told)
        answer = {"ok": True, "line": line, "lines": lines, **msgspec.structs.asdict(told)}
        return JSONResponse(answer, headers=HEADERS)

    async def table_do(request: Request) -> Response:
        action = str(request.path_params["action"])

        def do(table: Table, role: str, body: dict[str, Any]) -> Recorded | str:
            if role != TABLE:
                raise Forbidden(f"this is {role}'s page: {action} is for the table's page")
            return table.table_action(action, body)

        return await act(request, do)

    def table_link(request: Request) -> tuple[str, int | None]:
        """The token of a table's link (the server's own, or a game's table link) and its game
        (None for the server's own), or Forbidden."""
        token = str(request.path_params.get("token", ""))
        found, role = tables.find(token)
        if role != TABLE:
            raise Forbidden("a new game is started from the table's link only")
        return token, None if found is None else found.game_id

    async def new_game_form(request: Request) -> Response:
        """The form of a new game, and the database's games to open another."""
        try:
            token, here = table_link(request)
        except RefereeError as error:
            return html(f'<p class="notice" role="alert">{escape(str(error))}</p>', status_of(error))
        return html(tables.form(token, here))

    async def new_game(request: Request) -> Response:
        """Start the game the form posts (``referee new``'s checks: a refusal records nothing);
        answered with its links, each with its QR code."""
        try:
            token, _ = table_link(request)
            body = await read_body(request)
            submission = _submission(body.get("submission"))
        except RefereeError as error:
            return refused(error)
        key = (token, submission) if submission else None
        if key and key in tables.answers:  # the same submission again (a double tap, a retry)
            status, answer = tables.answers[key]  # answered as the first time: no second game
            return JSONResponse(answer, status_code=status, headers=HEADERS)
        # No await from here to the answer's remembering: one submission at a time.
        try:
            game, line, links = tables.start(body, origin(request))
        except RefereeError as error:
            status, answer = refusal(error)
        else:
            status = 200
            answer = {"ok": True, "line": line, "game": game, "html": tables.started(line, links)}
        if key and status < 500:  # a store that failed may be asked again
            tables.remember(key, status, answer)
        return JSONResponse(answer, status_code=status, headers=HEADERS)

    def game_of(request: Request) -> Table:
        """The game whose public board ``/g/N`` shows: NotFound if there is none."""
        return tables.public(int(request.path_params["game"]))

    async def game_board(request: Request) -> Response:
        """Any game's public board (what ``/`` shows of the game served last), the page the
        list of the database's games links to: no link needed, none given."""
        try:
            table = game_of(request)
        except NotFound as error:
            return error_page(request, 404, str(error))
        return html(*table.page(None, None))

    async def game_events(request: Request) -> Response:
        try:
            table = game_of(request)
        except NotFound as error:
            return refused(error)
        return events_response(request, table, None, None)

    async def game_witness(request: Request) -> Response:
        try:
            return JSONResponse(game_of(request).witness(None, request.query_params), headers=HEADERS)
        except RefereeError as error:
            return refused(error)

    async def game_chart(request: Request) -> Response:
        chart = game_of(request).chart(standalone=True)
        return Response(chart, media_type="image/svg+xml", headers=HEADERS)

    async def stream(table: Table, listener: Listener) -> AsyncIterator[str]:
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

    def events_response(
        request: Request, table: Table | None, role: str | None, token: str | None
    ) -> Response:
        address = request.client.host if request.client else ""
        try:
            if table is None:
                raise NotFound("no game yet", legal="the table's link starts one")
            # Taken here, with no await before the stream holds it: two pages cannot both take
            # the last place.
            listener = table.listen(role, token, address)
        except RefereeError as error:
            answer = refused(error)
            answer.headers["Retry-After"] = str(RETRY_STREAM)
            answer.headers["Connection"] = "close"  # nor is its socket kept for another request
            return answer
        return EventStream(stream(table, listener), lambda: table.listeners.discard(listener))

    async def events(request: Request) -> Response:
        return events_response(request, table_of(request), None, None)

    async def player_events(request: Request) -> Response:
        role, token = role_of(request)
        if role is None:
            return refused(Forbidden("this link opens no player's page"))
        return events_response(request, table_of(request), role, token)

    def static(name: str, media: str) -> Callable[[Request], Any]:
        text = (HERE / name).read_text()

        async def serve_file(request: Request) -> Response:
            return Response(text, media_type=media, headers={"Cache-Control": "max-age=60"})

        return serve_file

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        tables.referee  # noqa: B018 (opened in this thread, before any burst of connections)
        table = tables.board
        if table is not None:
            table.look()  # opens the referee in this thread; a missing game fails here, not on a page
        # What a stream and a stopped page load on first use (anyio imports its task groups
        # lazily): loaded now, not in a burst of connections that left no descriptor to read them.
        import anyio

        async with anyio.create_task_group():
            pass
        tables.env.get_template("stopped.html")
        watcher = asyncio.create_task(tables.watch())
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
        Route("/serving.json", serving),
        Route("/events", events),
        Route("/witness.json", witness),
        Route("/at/{seq:int}.json", past),
        Route("/referee.js", static("referee.js", "text/javascript")),
        Route("/witness.js", static("witness.js", "text/javascript")),
        Route("/referee.css", static("referee.css", "text/css")),
        Route("/t/{token}", player_page),
        Route("/t/{token}/state.json", player_state),
        Route("/t/{token}/events", player_events),
        Route("/t/{token}/witness.json", player_witness),
        Route("/t/{token}/at/{seq:int}.json", player_past),
        Route("/t/{token}/move", move, methods=["POST"]),
        Route("/t/{token}/preview", preview, methods=["POST"]),
        Route("/t/{token}/takeback", take_back, methods=["POST"]),
        Route("/t/{token}/link", new_link, methods=["POST"]),
        Route("/t/{token}/table/void/preview", void_preview, methods=["POST"]),
        Route("/t/{token}/history", history),
        Route("/t/{token}/new", new_game_form),
        Route("/t/{token}/new", new_game, methods=["POST"]),
        Route("/g/{game:int}", game_board),
        Route("/g/{game:int}/events", game_events),
        Route("/g/{game:int}/witness.json", game_witness),
        Route("/g/{game:int}/chart.svg", game_chart),
        Route("/start.js", static("start.js", "text/javascript")),
        Route("/start.css", static("start.css", "text/css")),
        Route("/t/{token}/table/{action}", table_do, methods=["POST"]),
    ]

    async def on_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, RefereeError)
        if request.url.path.endswith(".json"):
            return refused(exc)
        table = tables.board
        if table is None:
            return html(f'<p class="notice" role="alert">{escape(str(exc))}</p>', status_of(exc))
        return html(table.stopped_page(None, exc), status_of(exc))  # the board's, saying why

    def error_page(request: Request, status: int, line: str) -> Response:
        """Any other error a page can meet, as a page a phone reads (JSON for what asks JSON)."""
        if request.url.path.endswith(".json") or request.method != "GET":
            return JSONResponse(
                {"ok": False, "error": "http", "line": line}, status_code=status, headers=HEADERS
            )
        table = tables.board
        if table is None:  # (no game yet: the same page, naming none)
            page = tables.env.get_template("error.html").render(status=status, line=line, game_id="none yet")
            return html(page, status)
        return html(table.error_page(status, line), status)

    async def on_http(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        line = ERROR_LINES.get(exc.status_code, exc.detail)
        return error_page(request, exc.status_code, line)

    async def on_crash(request: Request, exc: Exception) -> Response:
        return error_page(request, 500, ERROR_LINES[500])

    handlers = {RefereeError: on_error, HTTPException: on_http, Exception: on_crash}
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers=handlers)
    app.state.tables = tables
    app.state.table = tables.board  # the game served first
    return app
