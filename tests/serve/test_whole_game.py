"""Whole games played from the pages alone (LOOP's twice, each other game's once), every
player from their own page: the ledger is the one the command line records, and no page
shows a hidden card that is not its own."""

from __future__ import annotations

import random
import re
import shlex
from pathlib import Path
from typing import Any

import msgspec
import pytest
from starlette.testclient import TestClient

import ledger.games.loop as loop
from ledger import games
from ledger.service import Referee
from ledger.store import Store
from referee_cli.serve import make_app
from tests import finished
from tests.conftest import fixed_clock
from tests.loop.fuzz import choose
from tests.loop.table import CARDS
from tests.serve.conftest import PLAYERS, ledger_rows, offered, served_game

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "fixtures" / "loop-basic-3p.jsonl"
MAX_MOVES = 3000


def favour_cell(html: str, name: str) -> str:
    """The FAVOUR cell of ``name``'s row in the page's players table."""
    table = next(t for t in re.findall(r"<table>(.*?)</table>", html, re.S) if "<th>FAVOUR</th>" in t)
    column = re.findall(r"<th>(.*?)</th>", table).index("FAVOUR")
    for row in re.findall(r"<tr>(.*?)</tr>", table, re.S):
        cells = re.findall(r"<td>(.*?)</td>", row)
        if cells and cells[0].rstrip("*") == name:
            return str(cells[column])
    raise AssertionError(f"no row of {name}")


def player_card(html: str, name: str) -> str:
    """The text of ``name``'s card on LOOP's designed board."""
    found = re.search(
        rf'<div class="player[^"]*">\s*<h3>{name}\b(.*?)</div>\s*(?:<div class="player|</div>)', html, re.S
    )
    assert found, f"no card of {name}"
    return re.sub(r"<[^>]+>", "", found.group(1))


def _counted(hand: list[str]) -> list[str]:
    """A hand as the board counts it, each FAVOUR as the rulebook prints it: ``BARTER x2, SHARE``."""
    if not hand:
        return ["0"]
    return [
        card.upper() if hand.count(card) == 1 else f"{card.upper()} x{hand.count(card)}"
        for card in sorted(set(hand))
    ]


def _moves(step: dict[str, Any]) -> list[dict[str, Any]]:
    """Every move of a picker's step, as the page receives it."""
    found = [step["move"]] if step.get("move") else []
    return found + [m for choice in step["choices"] for m in _moves(choice["step"])]


def check_hidden(client: TestClient, referee: Referee, game: int, tokens: dict[str, str]) -> int:
    """Each player's secret GOAL and FAVOUR hand, read from the full state, appear on their own
    page (HTML and JSON) and on no other page (the board's, another player's, the table's) until
    the game is over."""
    state = referee.load(game).state
    over = loop.is_over(state)  # then every card is shown to everyone
    pages = {None: ("/", "/state.json")} | {r: (f"/t/{t}", f"/t/{t}/state.json") for r, t in tokens.items()}
    shown = {role: (client.get(html).text, client.get(js).json()) for role, (html, js) in pages.items()}
    checked = 0
    # The picker offers each page its own legal moves and nothing else; its data is in the
    # page's JSON above, which the leak checks below read.
    for role, (_, data) in shown.items():
        if role is not None:
            picked = sorted(move["text"] for verb in data["picker"]["verbs"] for move in _moves(verb["step"]))
            legal = referee.legal(game, None if role == "table" else role)
            mine = [m.text for m in legal if role != "table" or loop.actor(m.command) == "table"]
            assert picked == sorted(mine), role
    for name in PLAYERS:
        player = state.players[name]
        secret_goals = [g for g in player.goals if g not in player.achieved]
        hand = sorted(player.hand)
        for role, (html, data) in shown.items():
            seen = data["status"]["view"]["players"][name]
            # The faces of the GOAL cards, declared from the group's card file at setup, are public.
            public = re.sub(r"<li>(?:(?!</li>).)*declare goal(?:(?!</li>).)*</li>", "", html, flags=re.S)
            text = public + msgspec.json.encode(data).decode()
            if role == name or over:
                assert seen["goals"] == secret_goals and seen["favours"] == hand, (role, name)
                assert all(goal in html for goal in secret_goals), (role, name)
                assert favour_cell(html, name).split(": ")[-1].split(", ") == _counted(hand)
                if hand:
                    # (each FAVOUR by its name as printed: RESELL, SHARE)
                    named = ", ".join(kind.upper() for kind in hand)
                    assert f"FAVOUR {len(hand)}: {named}" in player_card(html, name)
            else:
                assert seen["goals"] is None and seen["favours"] is None, (role, name)
                leaked = [goal for goal in secret_goals if goal in text]
                assert not leaked, f"{name}'s secret GOAL {leaked} on the page of {role or 'the board'}"
                assert favour_cell(html, name) == str(len(hand))
                card = player_card(html, name)
                assert f"FAVOUR {len(hand)}\n" in card and f"GOAL {len(secret_goals)} secret" in card, card
            checked += 1
    return checked


def test_a_seeded_game_played_from_the_pages_is_the_ledger_typed_at_the_command_line(tmp_path: Path) -> None:
    referee, game, tokens = served_game(tmp_path / "pages.db", seed=3)
    typed = Referee(Store(tmp_path / "typed.db"), clock=fixed_clock())
    twin = typed.new_game("loop", PLAYERS, seed=3, cards=CARDS)
    rng = random.Random(8)
    checks = 0
    with TestClient(make_app(tmp_path / "pages.db", game)) as client:
        for number in range(MAX_MOVES):
            if client.get("/state.json").json()["status"]["over"]:
                break
            if number % 4 == 0:
                checks += check_hidden(client, referee, game, tokens)
            moves = offered(client, tokens, loop.Command)
            command = choose(rng, [command for _, _, command in moves])
            role, text, _ = next(m for m in moves if m[2] is command)
            head = client.get("/state.json").json()["head"]
            body = {"command": msgspec.json.encode(command).decode(), "head": head}
            reply = client.post(f"/t/{tokens[role]}/move", json=body)
            assert reply.status_code == 200, reply.text
            # The same move typed at the command line: `referee loop VERB WORDS`.
            typed.submit_text(twin, shlex.split(text))
        else:
            raise AssertionError(f"no end after {MAX_MOVES} moves")
        checks += check_hidden(client, referee, game, tokens)
        final = client.get("/").text
        # The game is over: no player's page offers a take-back, nor says who must agree to one.
        for name in PLAYERS:
            assert 'class="takeback"' not in client.get(f"/t/{tokens[name]}").text, name
    assert "score sheet, final" in final
    assert checks > 300
    assert ledger_rows(referee, game) == ledger_rows(typed, twin)
    referee.verify(game)


def test_the_recorded_table_game_replayed_from_the_pages_is_the_same_ledger(tmp_path: Path) -> None:
    """The recorded real-card game (reveals by the table, an undo and a redo, a void with its
    cascade) made again from the players' and the table's pages gives the same log."""
    record = Referee(Store(tmp_path / "record.db"))
    recorded, _ = record.import_lines(FIXTURE.read_text().splitlines())
    referee = Referee(Store(tmp_path / "pages.db"), clock=fixed_clock())
    game = referee.new_game("loop", PLAYERS, title="Friday night", cards=CARDS)
    tokens = referee.new_links(game)
    span = referee.store.setup_span(game)
    with TestClient(make_app(tmp_path / "pages.db", game)) as client:
        for entry in record.log(recorded):
            if entry.seq <= span:
                continue  # the setup `new` recorded
            head = client.get("/state.json").json()["head"]
            table = f"/t/{tokens['table']}"
            if entry.kind == "move":
                path = f"/t/{tokens[entry.actor]}/move"
                body = {"command": msgspec.json.encode(entry.body).decode(), "head": head}
            elif entry.kind == "redo":
                path, body = f"{table}/table/redo", {"by": entry.actor}
            elif entry.kind == "undo":
                path, body = f"{table}/table/undo", {"by": entry.body.by, "reason": entry.body.reason}
            else:
                path = f"{table}/table/void"
                revert = entry.body
                body = {"seq": revert.target, "by": revert.by, "reason": revert.reason, "cascade": 1}
            reply = client.post(path, json=body)
            assert reply.status_code == 200, (entry.seq, entry.text, reply.text)
    # The fixture was recorded under Basic's first rules version, whose setup row names fewer
    # options and whose event bodies lack the fields added since (read back as their
    # defaults): after the setup, the same moves, facts and reverts, typed, in the same rows.
    assert record.store.setup_span(recorded) == span

    def typed(ref: Referee, game_id: int) -> list[tuple[Any, ...]]:
        return [
            (e.seq, e.kind, e.actor, e.body, e.events, e.reverted_by, e.reverted_how, e.reason)
            for e in ref.log(game_id, reveal=True)
            if e.seq > span
        ]

    assert typed(referee, game) == typed(record, recorded)
    assert loop.is_over(referee.load(game).state)


@pytest.mark.parametrize("kind", ["planet-b", "pursuit"])
def test_a_whole_game_of_the_other_games_played_from_the_pages_is_the_ledger_typed(
    tmp_path: Path, kind: str
) -> None:
    # Issue 18: "one whole game of each other game played from the pages gives the same ledger
    # as the CLI". Every move is one a page offered (the table's page too, with its
    # bookkeeping: a whole draw, every upkeep at once), posted as the page posts it; the same
    # move typed at the command line in a twin game.
    rules = games.get(kind)
    referee = Referee(Store(tmp_path / "pages.db"), clock=fixed_clock())
    game = finished.new(referee, kind, PLAYERS)
    tokens = referee.new_links(game)
    typed = Referee(Store(tmp_path / "typed.db"), clock=fixed_clock())
    twin = finished.new(typed, kind, PLAYERS)
    rng = random.Random(2)
    with TestClient(make_app(tmp_path / "pages.db", game)) as client:
        for _ in range(finished.MAX_MOVES):
            status = client.get("/state.json").json()
            if status["status"]["over"]:
                break
            moves = []
            for role in {*status["status"]["to_act"], "table"}:
                for group in client.get(f"/t/{tokens[role]}/state.json").json()["moves"]:
                    moves += [
                        (role, text, msgspec.json.decode(c, type=rules.Command)) for text, c in group["moves"]
                    ]
            moves.sort(key=lambda move: (move[0], move[1]))  # whatever order the pickers show them in
            command = finished.CHOOSE[kind](rng, [command for _, _, command in moves])
            role, text, _ = next(m for m in moves if m[2] is command)
            body = {"command": msgspec.json.encode(command).decode(), "head": status["head"]}
            reply = client.post(f"/t/{tokens[role]}/move", json=body)
            assert reply.status_code == 200, reply.text
            typed.submit_text(twin, shlex.split(text))
        else:
            raise AssertionError(f"no end after {finished.MAX_MOVES} moves")
        assert "score sheet, final" in client.get("/").text
    assert ledger_rows(referee, game) == ledger_rows(typed, twin)
    referee.verify(game)
