"""The other modes through the referee service, as a table plays them: a whole game of each
mode recorded move by move (one undone and redone), exported, imported and verified."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import ledger.games.loop as loop
from ledger.service import Referee
from ledger.store import Store
from referee_cli import render
from tests.conftest import fixed_clock
from tests.loop.fuzz import choose
from tests.loop.table import CARDS


@pytest.mark.parametrize(
    ("mode", "players", "seed"),
    [("competitive", 3, None), ("cooperative", 2, 5), ("solo", 1, None), ("solo", 1, 8)],
)
def test_a_whole_game_records_exports_imports_and_verifies(
    tmp_path: Path, mode: str, players: int, seed: int | None
) -> None:
    referee = Referee(Store(tmp_path / "modes.db"), clock=fixed_clock())
    names = ["ann", "ben", "cat"][:players]
    game = referee.new_game("loop", names, mode=mode, seed=seed, cards=CARDS)
    rng = random.Random(3)
    moves = 0
    while not loop.is_over(referee.load(game).state) and moves < 3000:
        state = referee.load(game).state
        referee.submit(game, choose(rng, list(loop.legal(state))))
        moves += 1
        if moves == 25:
            referee.undo(game, reason="typed the wrong move")
            referee.redo(game)
    assert loop.is_over(referee.load(game).state)
    _, sheet = referee.score(game)
    assert sheet.final and [line.player for line in sheet.lines]
    # the games list says the result, a lost team or solo game included (no winner)
    shown = render._result(referee.result(game))
    if mode == "cooperative":
        assert shown.startswith("the team wins" if sheet.winners else "the team loses")
    elif mode == "solo":
        assert shown.startswith("ann wins" if sheet.winners else "ann loses")
    lines, head = referee.export(game)
    copy, _ = referee.import_lines(lines, copy=True)
    for game_id in (game, copy):
        report = referee.verify(game_id)  # raises naming the first bad row
        assert report.head_hash == head and report.live_moves > 0
    assert referee.load(copy).state == referee.load(game).state
    referee.store.close()
