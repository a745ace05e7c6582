"""``referee moves table`` lists the table's steps (issue 41: it answered "unknown player
'table'"). The table is the actor of the moves no player makes (README: reveals, declarations);
LOOP's setup: "Each player draws 1 MATERIAL card" (the table reveals each one, ``--to``)."""

from __future__ import annotations

import json
from collections.abc import Callable

from tests.conftest import Result

Cli = Callable[..., Result]


def test_moves_table_lists_the_tables_steps(cli: Cli) -> None:
    assert cli("new", "loop", "--players", "ann,ben,cat").code == 0
    result = cli("moves", "table")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert "reveal material glass --to ann" in lines and "reveal material food --to cat" in lines
    assert all(line.startswith("reveal material ") for line in lines)  # a player's move is none of them
    as_json = json.loads(cli("moves", "TABLE", "--json").out)
    assert as_json["player"] == "table" and as_json["moves"]
    assert cli("moves", "ann").out.startswith("ann has no move now; table: reveal material")


def test_moves_table_with_nothing_listable_says_the_tables_step(cli: Cli) -> None:
    # with a seed the referee deals the MATERIAL itself; the table is left the declarations
    assert cli("new", "loop", "--players", "ann,ben", "--seed", "3").code == 0
    result = cli("moves", "table")
    assert result.code == 0 and "unknown player" not in result.err
    assert result.out.startswith("no move to list now; table: declare activity")


def test_an_unknown_name_is_still_refused(cli: Cli) -> None:
    assert cli("new", "loop", "--players", "ann,ben").code == 0
    result = cli("moves", "tabel")
    assert result.code == 2 and "unknown player 'tabel'" in result.err
