"""Front ends call the service, never the store (issue 43): nothing under ``referee_cli/`` reads
a ``.store`` attribute or imports ``ledger.store``. The store alone knows the database's files
and its key; a front end that needs something of it asks ``Referee`` for it by what it means."""

from __future__ import annotations

import ast
from pathlib import Path

FRONT_ENDS = Path(__file__).resolve().parents[2] / "referee_cli"


def _reaches(tree: ast.AST) -> list[tuple[int, str]]:
    """Where a module reads ``.store`` or imports the store module, with what it wrote there."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "store":
            found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, f"import {a.name}") for a in node.names if a.name == "ledger.store"]
        elif isinstance(node, ast.ImportFrom):
            names = [a.name for a in node.names]
            if node.module == "ledger.store" or (node.module == "ledger" and "store" in names):
                found.append((node.lineno, f"from {node.module} import {', '.join(names)}"))
    return found


def test_the_rule_sees_what_it_forbids() -> None:
    code = ["import ledger.store", "from ledger import store", "from ledger.store import Row", "r.store.x"]
    assert [line for line, _ in _reaches(ast.parse("\n".join(code)))] == [1, 2, 3, 4]
    assert _reaches(ast.parse("from ledger.service import Referee\nr.head(1)\nstored = 1\n")) == []


def test_no_front_end_touches_the_store() -> None:
    modules = sorted(FRONT_ENDS.rglob("*.py"))
    assert modules, FRONT_ENDS
    reached = [
        f"{path.relative_to(FRONT_ENDS.parent)}:{line}: {what}"
        for path in modules
        for line, what in _reaches(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    ]
    assert reached == [], "front ends call the service (ledger.service.Referee), never the store"
