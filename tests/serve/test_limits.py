"""Issue 40, holes 9 and 8 (a posted body): what `serve` holds for anyone on the network.

Event streams: each holds a socket as long as its page is open. Unbounded, 300 of them (no link
needed: the board's) left no file descriptor for any page under a limit of 256. Now at most
``STREAMS_PER_ADDRESS`` from one address (this computer's aside) and ``stream_cap()`` in all,
the last quarter of those for pages opened with a link; one more is refused with one line (429
or 503), and every page is still served.

Posted bodies: read as they arrive and no further than ``MAX_BODY``, so that a 200 MB post is
refused having read 16 KB, not 200 MB; a body nested 5,000 deep is bad input (400, one line),
not a traceback.

The application is driven here as the server drives it (ASGI), so that the bytes a post makes
it read and the streams it holds are counted exactly; and once for real, `serve` in its own
process under a limit of 256 open files, 300 streams at it."""

from __future__ import annotations

import asyncio
import json
import resource
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from starlette.applications import Starlette

from referee_cli.serve import MAX_BODY, STREAMS, STREAMS_PER_ADDRESS, make_app, stream_cap
from tests.serve.conftest import Served, served_game
from tests.serve.live import serving


@dataclass
class Exchange:
    """One request as the server hands it to the application, and what it answered."""

    status: int = 0
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""
    started: asyncio.Event = field(default_factory=asyncio.Event)
    gone: asyncio.Event = field(default_factory=asyncio.Event)  # set: the client goes away
    task: asyncio.Task[None] | None = None

    def json(self) -> Any:
        return json.loads(self.body)


async def request(
    app: Starlette,
    path: str,
    *,
    client: str = "192.168.1.20",
    method: str = "GET",
    headers: dict[str, str] | None = None,
    chunks: Iterator[bytes] | None = None,
) -> Exchange:
    """Start a request (``chunks``: its body, pulled one message at a time as the application
    asks); returns once the answer has started."""
    exchange = Exchange()
    body = chunks or iter(())

    async def receive() -> dict[str, Any]:
        chunk = next(body, None)
        if chunk is not None:
            return {"type": "http.request", "body": chunk, "more_body": True}
        if chunks is not None:
            chunks_done.set()
            return {"type": "http.request", "body": b"", "more_body": False}
        await exchange.gone.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            exchange.status = message["status"]
            exchange.headers = {k.decode().lower(): v.decode() for k, v in message.get("headers", [])}
            exchange.started.set()
        elif message["type"] == "http.response.body":
            exchange.body += message.get("body", b"")

    chunks_done = asyncio.Event()
    scope = {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()],
        "client": (client, 50000),
        "server": ("127.0.0.1", 8000),
        "state": {},
    }
    exchange.task = asyncio.create_task(app(scope, receive, send))
    await asyncio.wait(
        {exchange.task, asyncio.create_task(exchange.started.wait())}, return_when="FIRST_COMPLETED"
    )
    return exchange


async def close(exchanges: list[Exchange]) -> None:
    """The clients go away: their streams end (and give their places back)."""
    for exchange in exchanges:
        exchange.gone.set()
    await asyncio.gather(*(e.task for e in exchanges if e.task))


def app_of(served: Served, **options: Any) -> Starlette:
    return make_app(Path(served.referee.store.path), served.game, **options)


def run(coroutine: Callable[[], Any]) -> Any:
    return asyncio.run(coroutine())


# --- event streams ----------------------------------------------------------------------


def test_one_address_opens_so_many_streams_and_no_more(served: Served) -> None:
    app = app_of(served)

    async def go() -> None:
        held = [await request(app, "/events") for _ in range(STREAMS_PER_ADDRESS)]
        assert [e.status for e in held] == [200] * STREAMS_PER_ADDRESS
        refused = await request(app, "/events")
        await refused.task  # answered at once, not held open
        assert refused.status == 429 and refused.headers["retry-after"].isdigit()
        assert refused.json()["error"] == "busy" and "live pages open" in refused.json()["line"]
        assert "\n" not in refused.json()["line"]
        assert (await request(app, served.url("ann", "/events"))).status == 429  # a link is no way round
        other = await request(app, "/events", client="192.168.1.21")  # another phone: served
        page = await request(app, "/")  # and every page
        await page.task
        assert other.status == 200 and page.status == 200 and b"Round 1" in page.body
        await close(held[:1])  # a page closed: its place is free again
        again = await request(app, "/events")
        assert again.status == 200
        await close([*held[1:], other, again])

    run(go)


def test_all_streams_together_are_bounded_and_the_links_keep_their_quarter(served: Served) -> None:
    app = app_of(served, streams=8)

    async def go() -> None:
        boards = [await request(app, "/events", client=f"10.0.0.{n}") for n in range(7)]
        assert [e.status for e in boards] == [200] * 6 + [503]  # the board's: 3/4 of the 8
        assert "reload it later" in boards[-1].json()["line"]
        players = [
            await request(app, served.url(role, "/events"), client="10.0.1.1")
            for role in ("ann", "ben", "cat")
        ]
        assert [e.status for e in players] == [200, 200, 503]  # with a link: the last quarter
        page = await request(app, served.url("ann"), client="10.0.1.1")
        await page.task
        assert page.status == 200
        await close([*boards[:6], *players[:2]])

    run(go)


def test_this_computer_has_no_per_address_limit_but_the_total_holds(served: Served) -> None:
    app = app_of(served, streams=40)

    async def go() -> None:
        held = [await request(app, "/events", client="127.0.0.1") for _ in range(30)]
        assert [e.status for e in held] == [200] * 30  # the benchmark's 50 board pages are local
        refused = await request(app, "/events", client="::1")
        assert refused.status == 503
        await close(held)

    run(go)


def test_the_cap_leaves_descriptors_for_the_pages() -> None:
    assert stream_cap(1024) == STREAMS == 128
    assert stream_cap(256) == 96  # the limit: 96 streams, 160 descriptors for the rest
    assert stream_cap(100) == 18 and stream_cap(10) == 1


def test_three_hundred_streams_under_256_descriptors_lock_out_no_page(tmp_path: Path) -> None:
    """The issue's attack, for real: `serve` in its own process under a limit of 256 open files;
    300 board streams (no link needed) opened at it; every page is still served."""
    db = tmp_path / "ledger.db"
    referee, game, _ = served_game(db)
    referee.store.close()

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))

    async def attack(base: str) -> tuple[list[int], int, int]:
        limits = httpx.Limits(max_connections=400, max_keepalive_connections=0)
        async with httpx.AsyncClient(limits=limits, timeout=httpx.Timeout(20.0)) as client:
            opened: list[Any] = []

            async def one() -> int:
                try:
                    response = await client.send(client.build_request("GET", base + "/events"), stream=True)
                except httpx.TransportError:
                    return 0
                opened.append(response)
                if response.status_code != 200:
                    await response.aclose()
                return response.status_code

            statuses = await asyncio.gather(*(one() for _ in range(300)))
            page = await client.get(base + "/")
            state = await client.get(base + "/state.json")
            for response in opened:
                await response.aclose()
            return statuses, page.status_code, state.status_code

    with serving(db, game, preexec=limit) as server:
        statuses, page, state = asyncio.run(attack(server.base))
        after = httpx.get(server.base + "/", timeout=10).status_code
    board_streams = stream_cap(256) - stream_cap(256) // 4  # the links' quarter is kept
    assert statuses.count(200) == board_streams == 72
    assert statuses.count(503) == 300 - board_streams
    assert page == state == after == 200


# --- posted bodies -----------------------------------------------------------------------


def test_a_huge_body_is_refused_having_read_no_more_than_the_limit(served: Served) -> None:
    app = app_of(served)
    pulled = [0]
    chunk = b"[" * 65_536

    def endless() -> Iterator[bytes]:
        for _ in range(200 * 16):  # 200 MB, if it were all read
            pulled[0] += len(chunk)
            yield chunk

    async def go() -> tuple[Exchange, Exchange]:
        head = {"content-type": "application/json"}
        chunked = await request(
            app, served.url("ann", "/move"), method="POST", headers=head, chunks=endless()
        )
        await chunked.task
        declared = {**head, "content-length": str(200 * 2**20)}
        told = await request(
            app, served.url("ann", "/move"), method="POST", headers=declared, chunks=iter([b"{"])
        )
        await told.task
        return chunked, told

    head = served.head()
    chunked, told = run(go)
    assert chunked.status == 400 and "too long" in chunked.json()["line"]
    assert pulled[0] <= MAX_BODY + len(chunk)  # one message past the limit at most, not 200 MB
    assert told.status == 400 and "209715200 bytes is too long" in told.json()["line"]
    assert served.head() == head


@pytest.mark.parametrize("depth", [1_000, 5_000])
def test_a_body_nested_deep_is_bad_input_not_a_crash(served: Served, depth: int) -> None:
    head = served.head()
    nested = "[" * depth + "]" * depth
    for path, body in (
        ("/move", nested),
        ("/move", '{"text": "work ann", "head": ' + nested + "}"),
        ("/move", json.dumps({"command": '{"type": "loop.work", "x": ' + nested + "}"})),
        ("/preview", json.dumps({"command": '{"x": ' + nested + ', "type": "loop.work"}'})),
        ("/table/undo", '{"reason": ' + nested + "}"),
    ):
        role = "table" if path.startswith("/table") else "ann"
        reply = served.client.post(
            served.url(role, path), content=body, headers={"content-type": "application/json"}
        )
        assert reply.status_code == 400, (path, reply.text[:200])
        line = reply.json()["line"]
        assert "nested too deeply" in line and "\n" not in line
    assert served.head() == head
