"""LOOP 8.0 and 9.0: a conditional ABILITY or a CONTINUOUS EVENT changes another rule, so it
acts inside that rule. The indexes ``careers.ACTS_IN`` and ``events.CONTINUOUS`` say where, by
name; these tests read the code and hold the indexes to it both ways, so a reader who looks a
card up finds every place it acts and no other."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import ledger.games.loop as loop
from ledger.games.loop import data
from ledger.games.loop.rules.careers import ACTS_IN, POWERS
from ledger.games.loop.rules.events import CONTINUOUS, IMMEDIATE

ROOT = Path(loop.__file__).parent
# benchmarks/mutation.py runs the tests on a copy that mutmut has rewritten (each function a
# trampoline to its mutants): there is no source as written to read.
pytestmark = pytest.mark.skipif(
    any("mutmut" in path.read_text() for path in ROOT.rglob("*.py")),
    reason="mutmut has rewritten the source these tests read",
)


def _functions() -> list[tuple[str, dict[str, object], ast.FunctionDef]]:
    """Each function of the LOOP package but its card data: (where, module constants, node)."""
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        where = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        if where == "data":
            continue
        tree = ast.parse(path.read_text())
        constants = {
            target.id: node.value.value
            for node in tree.body
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                found.append((where, constants, node))
    return found


def _events_consulted() -> dict[str, set[str]]:
    """Each EVENT name given to ``in_effect``, and the functions that give it."""
    consulted: dict[str, set[str]] = {}
    for where, constants, function in _functions():
        for node in ast.walk(function):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "in_effect":
                arg = node.args[1]
                name = arg.value if isinstance(arg, ast.Constant) else constants[getattr(arg, "id", "")]
                assert isinstance(name, str), f"{where}.{function.name}: in_effect of a name not written out"
                consulted.setdefault(name, set()).add(f"{where}.{function.name}")
    return consulted


def _careers_compared() -> dict[str, set[str]]:
    """Each CAREER name a comparison tests, and the functions that test it."""
    compared: dict[str, set[str]] = {}
    for where, _, function in _functions():
        for node in ast.walk(function):
            if isinstance(node, ast.Compare):
                for leaf in ast.walk(node):
                    if isinstance(leaf, ast.Constant) and leaf.value in data.CAREER:
                        compared.setdefault(leaf.value, set()).add(f"{where}.{function.name}")
    return compared


def test_every_continuous_event_acts_where_the_index_says() -> None:
    continuous = {name for name, event in data.EVENT.items() if event.kind == "continuous"}
    assert set(CONTINUOUS) == continuous
    assert {name: set(where) for name, where in CONTINUOUS.items()} == _events_consulted()


def test_every_immediate_event_is_one_entry_of_its_table() -> None:
    assert set(IMMEDIATE) == {name for name, event in data.EVENT.items() if event.kind == "immediate"}


def test_every_career_acts_where_the_index_says() -> None:
    assert {name: set(where) for name, where in ACTS_IN.items()} == _careers_compared()
    # INTERN has no ABILITY; every other CAREER has a Power or acts in a rule it changes
    assert set(ACTS_IN) | {power.career for power in POWERS.values()} == set(data.CAREER) - {"INTERN"}
