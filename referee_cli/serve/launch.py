"""``referee serve`` started: the links printed (made, renewed or revoked as asked), then the
routes served with uvicorn until Ctrl-C.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from ledger.errors import BadInput
from ledger.service import TABLE, Referee
from referee_cli.base import named
from referee_cli.serve.links import lan_address, links_text
from referee_cli.serve.routes import ledger_digest, make_app


def running_server(port: int, db: str | Path) -> str | None:
    """The address the referee already serving ``port`` on this computer shows its links with,
    if it serves the ledger at ``db`` (``/serving.json``), whose every game it serves (a link
    made here for any of them works there at once); None if nothing answers there, or
    something else does."""
    import json
    import urllib.request

    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/serving.json", timeout=3) as answer:
            said = json.loads(answer.read(4096))
    except (OSError, ValueError):
        return None
    if not isinstance(said, dict) or said.get("ledger") != ledger_digest(db):
        return None
    base = said.get("base")
    return base if isinstance(base, str) and base.startswith("http") else None


def _links(
    referee: Referee,
    game_id: int,
    base: str,
    new_links: bool,
    link: tuple[str, ...],
    revoke: tuple[str, ...],
    *,
    qr: bool,
) -> list[str]:
    """The links made, renewed or revoked as asked, in lines (for ``base``, the server's address)."""
    lines = []
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
    return lines


NO_LINKS = "no game to make links for: the table's link starts one"


def run_server(
    referee: Referee,
    db: str | Path,
    game_id: int | None,
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
    codes only for an address a phone can reach (``--lan``) unless ``qr`` asks for them.
    ``game_id`` None (a database with no game): the table's link opens the form of a new game."""
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
    if game_id is None and (new_links or link or revoke):
        raise BadInput(NO_LINKS, legal="referee serve (then open the table's link)")
    info = None if game_id is None else referee.game(game_id)  # one that does not check out: refused
    host = "0.0.0.0" if lan else "127.0.0.1"
    shown = lan_address() if lan else "127.0.0.1"
    try:  # say so at once if the port is taken, before any link is made
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as exc:
        running = None if info is None else running_server(port, db)
        if running is None or info is None:
            raise BadInput(
                f"cannot listen on {host}:{port}: {exc.strerror}",
                legal=f"--port N (port {port} is another program's, or serves another ledger)",
            ) from None
        if not (new_links or link or revoke):
            raise BadInput(
                f"port {port} already serves game {game_id} of {named(db)} ({running}): its links still work",
                legal="--link NAME shows one player's link again (the running server honours it at once),"
                " --revoke NAME stops one, --new-links replaces them all; or --port N",
            ) from None
        # The running server reads the links from the ledger on every request: a link made
        # here works there at once, and one replaced or revoked stops (its open pages closed).
        lines = [
            f"port {port} already serves game {info.id} ({info.kind}) of {named(db)}: the links are for it"
        ]
        lines.extend(_links(referee, info.id, running, new_links, link, revoke, qr=lan if qr is None else qr))
        sys.stdout.write("\n".join(lines) + "\n")
        sys.stdout.flush()
        return
    base = f"http://{shown}:{port}"
    start_token = None
    if info is None:
        lines = [f"no game yet in {named(db)}: the table's link starts one (a form of every game)"]
    else:
        lines = [f"serving game {game_id} ({info.kind}) of {named(db)}"]
    if lan:
        lines.append(
            f"on the local network ({shown}), on purpose: anyone on it can open the board;"
            " a move needs a player's or the table's link"
        )
    else:
        lines.append("on this computer only (127.0.0.1); --lan serves the table's network")
    qr = lan if qr is None else qr
    if game_id is None:
        import secrets

        # The server's own link for the table while there is no game: kept in this process only.
        start_token = secrets.token_urlsafe(18)
        lines.extend(links_text(base, {TABLE: start_token}, qr, table="start a game here"))
    else:
        lines.extend(_links(referee, game_id, base, new_links, link, revoke, qr=qr))
    lines.append("Ctrl-C stops the server; the ledger keeps every move")
    sys.stdout.write("\n".join(lines) + "\n")
    sys.stdout.flush()
    app = make_app(db, game_id, base=base, start_token=start_token)
    # Open event streams would hold a graceful shutdown for ever: give them a second.
    config = uvicorn.Config(
        app, host=host, port=port, log_level="warning", access_log=False, timeout_graceful_shutdown=1
    )
    with contextlib.suppress(KeyboardInterrupt):
        uvicorn.Server(config).run()
