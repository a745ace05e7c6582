"""`referee serve` at the command line: what it prints, and its refusals (one line, nothing
served)."""

from __future__ import annotations

import socket
from collections.abc import Callable
from pathlib import Path

import httpx2 as httpx
import pytest

from tests.conftest import Result
from tests.loop.table import CARDS
from tests.serve.conftest import served_game
from tests.serve.live import serving


def test_serve_refuses_in_one_line(cli: Callable[..., Result], db_path: Path) -> None:
    # With no game yet there are no links to make: the table's link starts a game (issue 41).
    for asked in (("--new-links",), ("--link", "ann"), ("--revoke", "ann")):
        refused = cli("serve", *asked)
        assert refused.code == 2 and refused.err == (
            "referee: no game to make links for: the table's link starts one"
            " (referee serve (then open the table's link))\n"
        )
        assert not db_path.exists()  # refused: no database made for it
    assert cli("new", "loop", "--players", "ann,ben", "--seed", "1").code == 0
    bad = cli("serve", "--port", "0")
    assert bad.code == 2 and bad.err == "referee: port 0 is not a port (1 to 65535)\n"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        busy = cli("serve", "--port", str(port))
    assert busy.code == 2 and busy.err.startswith(f"referee: cannot listen on 127.0.0.1:{port}: ")
    assert busy.out == "" and len(busy.err.splitlines()) == 1
    assert cli("--game", "9", "serve").code == 2


def test_serve_on_a_new_database_prints_the_link_that_starts_a_game(tmp_path: Path) -> None:
    """`referee serve` where there is no database yet: made, and the table's link opens the form
    of a new game (the README's path to the table: install, `referee serve --lan`, that link)."""
    db = tmp_path / "fresh" / "ledger.db"
    db.parent.mkdir()
    with serving(db, None, options=("--no-qr",)) as server:
        made, said = server.printed.splitlines()[:2]  # (stderr, then stdout)
        assert made == f"created the referee database {db}"
        assert said.startswith(f"no game yet in {db}: the table's link starts one")
        assert sorted(server.links) == ["table"]
        assert f"the table (start a game here): {server.links['table']}" in server.printed
        form = httpx.get(server.links["table"], follow_redirects=True)
        assert form.status_code == 200 and "<h1>A new game</h1>" in form.text
        assert "No game yet" in httpx.get(server.base + "/").text
    assert db.exists()


def test_serve_prints_qr_codes_and_says_links_are_kept(tmp_path: Path) -> None:
    db = tmp_path / "ledger.db"
    referee, game, tokens = served_game(db)
    referee.store.close()
    with serving(db, game, options=()) as server:
        assert "on this computer only (127.0.0.1)" in server.printed
        assert "links made earlier still work" in server.printed and "/t/" not in server.printed
        assert httpx.get(f"{server.base}/t/{tokens['cat']}").status_code == 200
    with serving(db, game, options=("--new-links",)) as server:
        assert "new links: the game's earlier links no longer work" in server.printed
        assert "▄" not in server.printed  # no QR code of 127.0.0.1: a phone cannot reach it
        assert sorted(server.links) == ["ann", "ben", "cat", "table"]
    with serving(db, game, options=("--new-links", "--qr")) as server:
        assert server.printed.count("▄") > 100  # asked for
        # The compact list of links first, then the QR codes, each under its name.
        lines = server.printed.splitlines()
        assert [line.split(":")[0] for line in lines[2:7]] == [
            "new links",
            "board (the shared screen, no secret)",
            "ann",
            "ben",
            "cat",
        ]
        assert lines.index("QR code of ann:") > lines.index(
            next(line for line in lines if line.startswith("the table"))
        )


def test_serve_link_shows_one_player_link_again_and_the_others_keep_working(tmp_path: Path) -> None:
    db = tmp_path / "ledger.db"
    referee, game, tokens = served_game(db)
    referee.store.close()
    with serving(db, game, options=("--link", "ben", "--no-qr")) as server:
        assert list(server.links) == ["ben"] and "every other link still does" in server.printed
        assert httpx.get(server.links["ben"]).status_code == 200
        assert httpx.get(f"{server.base}/t/{tokens['ben']}").status_code == 403  # ben's lost link
        for role in ("ann", "cat", "table"):
            assert httpx.get(f"{server.base}/t/{tokens[role]}").status_code == 200


def test_serve_lan_says_so(tmp_path: Path) -> None:
    db = tmp_path / "ledger.db"
    referee, game, _ = served_game(db)
    referee.store.close()
    with serving(db, game, options=("--lan", "--no-qr")) as server:
        assert "on the local network" in server.printed and "on purpose" in server.printed
        assert httpx.get(server.base + "/").status_code == 200


def test_serve_revoke_stops_one_player_link_and_the_others_keep_working(tmp_path: Path) -> None:
    db = tmp_path / "ledger.db"
    referee, game, tokens = served_game(db)
    referee.store.close()
    with serving(db, game, options=("--revoke", "Ben", "--no-qr")) as server:
        assert server.links == {} and "ben: link revoked" in server.printed
        assert httpx.get(f"{server.base}/t/{tokens['ben']}").status_code == 403  # refused
        for role in ("ann", "cat", "table"):
            assert httpx.get(f"{server.base}/t/{tokens[role]}").status_code == 200
    with serving(db, game, options=("--no-qr",)) as server:  # revoked for good, not for one run
        assert httpx.get(f"{server.base}/t/{tokens['ben']}").status_code == 403
        assert httpx.get(f"{server.base}/t/{tokens['ann']}").status_code == 200


def test_serve_new_links_goes_alone(cli: Callable[..., Result]) -> None:
    assert cli("new", "loop", "--players", "ann,ben", "--seed", "1").code == 0
    both = cli("serve", "--new-links", "--revoke", "ben")
    assert both.code == 2 and both.out == ""
    assert both.err == (
        "referee: --new-links replaces every link: it goes alone"
        " (--new-links, or --link NAME / --revoke NAME for one player)\n"
    )
    assert cli("serve", "--revoke", "dan").code == 2  # no such player: refused, nothing served


def test_a_link_is_shown_again_against_the_server_already_running(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 42: `referee serve --link cat` on the port a server of the same game already serves
    makes cat's new link in the ledger and prints it for that server, which honours it at once
    (and no longer cat's earlier one); nothing else is served. Another game on that port, or no
    link asked, is refused in one line."""
    from referee_cli.main import run

    db = tmp_path / "ledger.db"
    referee, game, _ = served_game(db)
    other = referee.new_game("loop", ["ann", "ben"], seed=3, cards=CARDS)
    referee.store.close()

    def cli(*args: str) -> Result:
        capsys.readouterr()
        code = run(["--db", str(db), *args])
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    with serving(db, game) as server:
        port = server.base.rsplit(":", 1)[1]
        old = server.links["cat"]
        shown = cli("--game", str(game), "serve", "--port", port, "--link", "cat", "--no-qr")
        assert shown.code == 0, shown.err
        assert shown.out.startswith(f"port {port} already serves game {game} (loop) of {db}")
        assert "Address already in use" not in shown.out + shown.err
        url = next(line.split(": ", 1)[1] for line in shown.out.splitlines() if line.startswith("cat: http"))
        assert url.startswith(server.base + "/t/")
        assert httpx.get(url).status_code == 200 and "cat’s page" in httpx.get(url).text
        assert httpx.get(old).status_code == 403  # cat's earlier link stopped, on the running server
        for role in ("ann", "ben", "table"):
            assert httpx.get(server.links[role]).status_code == 200  # the others kept
        revoked = cli("--game", str(game), "serve", "--port", port, "--revoke", "cat")
        assert revoked.code == 0 and "cat: link revoked" in revoked.out
        assert httpx.get(url).status_code == 403
        nothing = cli("--game", str(game), "serve", "--port", port)
        assert nothing.code == 2 and len(nothing.err.splitlines()) == 1
        assert nothing.err.startswith(f"referee: port {port} already serves game {game} of {db}")
        assert "--link NAME shows one player's link again" in nothing.err
        # The server serves every game of its ledger (issue 41): another game's link, made here,
        # works there at once, and opens that game's page only (issue 44: a club's server).
        elsewhere = cli("--game", str(other), "serve", "--port", port, "--link", "ann", "--no-qr")
        assert elsewhere.code == 0, elsewhere.err
        assert elsewhere.out.startswith(f"port {port} already serves game {other} (loop) of {db}")
        link = next(
            line.split(": ", 1)[1] for line in elsewhere.out.splitlines() if line.startswith("ann: http")
        )
        page = httpx.get(link)
        assert page.status_code == 200 and f"game {other} ·" in page.text and "ann’s page" in page.text
        assert httpx.get(server.links["ann"]).status_code == 200  # game {game}'s ann: her own link still
