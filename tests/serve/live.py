"""`referee serve` as a table runs it: a child process on a loopback port, board pages listening
to its event stream while moves are posted from a player's page. Used by the load test and by
``benchmarks/serve_bench.py``."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx2 as httpx

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Server:
    base: str
    links: dict[str, str]  # role -> the URL of its page
    process: subprocess.Popen[str]
    printed: str  # what `serve` printed before serving
    logged: list[str] = field(default_factory=list)  # what it printed since (read as it comes)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def serving(
    db: Path | str,
    game: int | None,
    *,
    options: tuple[str, ...] = ("--new-links", "--no-qr"),
    timeout: float = 30.0,
    preexec: Callable[[], None] | None = None,
    cli: tuple[str, ...] = ("-m", "tests.run_cli"),
) -> Iterator[Server]:
    """``referee serve --new-links`` in a child process, until the block ends (then Ctrl-C);
    ``preexec`` runs in the child before it starts (to lower a limit, say); ``cli``: how the
    child runs the command line (the tests' tiny game registered, unless said otherwise)."""
    port = free_port()
    args = [sys.executable, *cli, "--db", str(db)]
    args += [] if game is None else ["--game", str(game)]  # (None: a database with no game yet)
    args += ["serve", "--port", str(port), *options]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        args,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        preexec_fn=preexec,
    )
    try:
        assert process.stdout is not None
        links: dict[str, str] = {}
        printed = []
        for line in process.stdout:
            printed.append(line)
            name, sep, url = line.strip().partition(": http://")
            if sep and "/t/" in url:
                links["table" if name.startswith("the table") else name] = "http://" + url
            if line.startswith("Ctrl-C"):
                break
        else:
            raise AssertionError("referee serve stopped: " + "".join(printed))
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + timeout
        while True:
            try:
                if httpx.get(base + "/", timeout=1.0).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline or process.poll() is not None:
                raise AssertionError("referee serve did not answer: " + "".join(printed))
            time.sleep(0.05)
        server = Server(base, links, process, "".join(printed))
        # Read as it comes: a server that logs much (refused connections) must never wait on a
        # full pipe.
        threading.Thread(target=lambda: server.logged.extend(process.stdout or ()), daemon=True).start()
        yield server
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@dataclass
class Listener:
    """One board page's event stream: each head it was shown, and when."""

    seen: list[tuple[int, float]] = field(default_factory=list)

    def heads(self) -> set[int]:
        return {head for head, _ in self.seen}

    def when(self, head: int) -> float | None:
        return next((at for seen, at in self.seen if seen >= head), None)


async def _listen(client: httpx.AsyncClient, url: str, listener: Listener) -> None:
    async with client.stream("GET", url) as response:
        assert response.status_code == 200
        async for line in response.aiter_lines():
            if line.startswith("data: "):
                listener.seen.append((json.loads(line[6:])["head"], time.perf_counter()))


@dataclass
class Run:
    listeners: list[Listener]
    heads: list[int]  # the head after each move
    latencies: list[float]  # seconds from posting a move to each page showing it
    answers: list[float]  # seconds from posting a move to its page's answer (recorded)


async def _run(server: Server, pages: int, moves: int, seed: int, timeout: float) -> Run:
    rng = random.Random(seed)
    limits = httpx.Limits(max_connections=pages + 10, max_keepalive_connections=pages + 10)
    async with httpx.AsyncClient(limits=limits, timeout=httpx.Timeout(timeout)) as client:
        listeners = [Listener() for _ in range(pages)]
        tasks = [asyncio.create_task(_listen(client, server.base + "/events", lis)) for lis in listeners]
        try:
            while not all(lis.seen for lis in listeners):  # every page has drawn the board
                await asyncio.sleep(0.01)
            heads: list[int] = []
            latencies: list[float] = []
            answers: list[float] = []
            for _ in range(moves):
                board = (await client.get(server.base + "/state.json")).json()
                if board["status"]["over"]:
                    break
                role = board["status"]["to_act"][0]
                page = (await client.get(server.links[role] + "/state.json")).json()
                offered = [command for group in page["moves"] for _, command in group["moves"]]
                body = {"command": rng.choice(offered), "head": board["head"]}
                start = time.perf_counter()
                reply = await client.post(server.links[role] + "/move", json=body)
                answers.append(time.perf_counter() - start)
                assert reply.status_code == 200, reply.text
                head = reply.json()["head"]
                heads.append(head)
                deadline = time.monotonic() + timeout
                while not all(lis.when(head) for lis in listeners):
                    assert time.monotonic() < deadline, "a board page did not show the move"
                    await asyncio.sleep(0.002)
                latencies.extend(at - start for lis in listeners if (at := lis.when(head)) is not None)
            return Run(listeners, heads, latencies, answers)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)


def load(server: Server, *, pages: int = 50, moves: int = 20, seed: int = 1, timeout: float = 10.0) -> Run:
    """``pages`` board pages listening while ``moves`` moves are made on the players' pages."""
    return asyncio.run(_run(server, pages, moves, seed, timeout))
