"""The JSON Schema of each game's typed view, commands and events is a golden file: a change
that would break a front end fails here, on purpose. After an intended change, regenerate it
with `referee schema GAME > fixtures/schema/GAME.json` and say what changed for front ends."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest

from ledger import games
from ledger.service import game_schema
from tests.conftest import Result

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "fixtures" / "schema"
BUILT_IN = [name for name in games.names() if name != "pebbles"]


@pytest.mark.parametrize("kind", BUILT_IN)
def test_the_schema_is_the_golden_one(kind: str) -> None:
    golden = json.loads((GOLDEN / f"{kind}.json").read_text())
    assert json.loads(json.dumps(game_schema(kind))) == golden, (
        f"regenerate: referee schema {kind} > fixtures/schema/{kind}.json"
    )


@pytest.mark.parametrize("kind", BUILT_IN)
def test_the_schema_names_the_view_commands_and_events(kind: str) -> None:
    schema = game_schema(kind)
    game = games.get(kind)
    defs = schema["$defs"]
    assert schema["view"] == {"$ref": f"#/$defs/{game.View.__name__}"}
    tags = {
        defs[ref["$ref"].split("/")[-1]]["properties"]["type"]["enum"][0] for ref in schema["event"]["anyOf"]
    }
    assert tags == {msgspec.inspect.type_info(t).tag for t in game.Event.__args__}  # type: ignore[attr-defined]
    commands = schema["command"]["anyOf"]
    assert len(commands) == len(game.Command.__args__)


def test_referee_schema_prints_it(cli: Callable[..., Result]) -> None:
    result = cli("schema", "LOOP")
    assert result.code == 0 and json.loads(result.out) == json.loads(json.dumps(game_schema("loop")))
    unknown = cli("schema", "chess")
    assert unknown.code == 2 and "unknown game 'chess'" in unknown.err
