"""The arrows point one way (STYLE.md, "The shape"; issue 43), read from the source with ``ast``.

The import graph of every module under ``ledger/`` and ``referee_cli/``, nothing imported:

- a module-level import is one that runs when the module is imported (a class body's too);
  one under ``if TYPE_CHECKING:`` is for the type checker only (it closes no circle at run
  time, but still counts for the arrows of 3 and 4), and a function-level one runs when its
  function is called;
- ``from pkg import name`` is an edge to ``pkg.name`` where that is a module, else to ``pkg``.

What fails:

1. a circle among module-level imports;
2. a function-level import of a module of the same package (a sibling; a package's
   ``__init__`` is a module of its own package and of the one it sits in), or one that closes a
   circle through any other runtime imports, unless that exact edge is in ``FUNCTION_IMPORTS``;
3. a game (anything under ``ledger/games/``) importing the service, the store, SQLite or the
   command line, and anything in ``ledger/`` importing the command line (type-only imports too);
4. a front end (``referee_cli/``) reading ``.store`` or importing ``ledger.store``: it calls
   the service.

The allow-list is a ratchet: an entry the code no longer has fails too, so the commit that
removes an import or a read removes its entry, and nothing can come back unnoticed.
``FUNCTION_IMPORTS`` lists only ``LAZY`` imports: kept inside the function that needs them so
that other commands start faster (benchmarks/cli_bench.py measures them), each closing no
circle. The circles the rules packages and the command line once hid this way are gone (issue
43): a rules section asks the move's accumulator for the turn's next step instead of importing
the flow, and the console script hands the command line's runner the app.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("ledger", "referee_cli")

LAZY = "start-up time (lazy)"

# (importing module, imported module): why the import sits inside a function.
FUNCTION_IMPORTS: dict[tuple[str, str], str] = {
    ("ledger.service", "ledger.service.audit"): LAZY,  # a job made when first asked for
    ("ledger.service", "ledger.service.cards"): LAZY,  # a job made when first asked for
    ("ledger.service", "ledger.service.directory"): LAZY,  # a job made when first asked for
    ("ledger.service", "ledger.service.links"): LAZY,  # a job made when first asked for
    ("ledger.service", "ledger.service.log"): LAZY,  # a job made when first asked for
    ("ledger.service", "ledger.service.moves"): LAZY,  # a job made when first asked for
    ("ledger.service", "ledger.service.queries"): LAZY,  # a job made when first asked for
    ("ledger.service", "ledger.service.reverts"): LAZY,  # a job made when first asked for
    ("ledger.service", "ledger.service.transfer"): LAZY,  # a job made when first asked for
    ("ledger.service.directory", "ledger.service.moves"): LAZY,  # a new game's rows: a status starts none
    ("referee_cli.app", "referee_cli.complete"): LAZY,  # a shell's completion only
    ("referee_cli.app", "referee_cli.serve"): LAZY,  # starlette, uvicorn, jinja2: `serve` only
    ("referee_cli.app", "referee_cli.shell"): LAZY,  # readline and completion: `play` only
    ("referee_cli.main", "referee_cli.app"): LAZY,  # typer: `status`, `undo` and a move start without it
    ("referee_cli.reading", "referee_cli.chart"): LAZY,  # `score --chart` only
    ("referee_cli.verbs", "referee_cli.complete"): LAZY,  # a shell's completion only
}

# What no game imports (STYLE.md: "A game package never imports the CLI, the store or SQLite").
GAMES_NEVER = ("ledger.service", "ledger.store", "referee_cli", "sqlite3", "sqlite_utils")

Kind = Literal["module", "function", "typing"]


@dataclass(frozen=True)
class Import:
    source: str
    target: str
    kind: Kind
    line: int
    function: str  # the enclosing function's qualified name, "" at module level

    def __str__(self) -> str:
        where = f" in {self.function}()" if self.function else ""
        return (
            f"{self.source} -> {self.target} ({self.kind}-level, {path_of(self.source)}:{self.line}{where})"
        )


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


FILES = {module_name(p): p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))}


def path_of(module: str) -> str:
    return str(FILES[module].relative_to(ROOT))


def package_of(module: str) -> str:
    """The package whose namespace ``module`` lives in: a package's ``__init__`` is its own."""
    return module if FILES[module].name == "__init__.py" else module.rpartition(".")[0]


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def targets(source: str, node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    """The modules ``node`` names: third-party ones too (the checks below filter)."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    base = node.module or ""
    if node.level:
        anchor = package_of(source).split(".")
        anchor = anchor[: len(anchor) - (node.level - 1)]
        base = ".".join([*anchor, *([base] if base else [])])
    named = (f"{base}.{alias.name}" for alias in node.names)
    yield from dict.fromkeys(module if module in FILES else base for module in named)


class Reader(ast.NodeVisitor):
    """One module's imports and its reads of ``.store``, each with where it stands."""

    def __init__(self, module: str) -> None:
        self.module = module
        self.imports: list[Import] = []
        self.store_reads: list[tuple[int, str]] = []  # (line, function)
        self.names: list[str] = []  # the qualified name of where we stand
        self.functions = 0  # how many of them are functions (not class bodies, which run at import)
        self.typing = False

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.names.append(node.name)
        self.functions += 1
        self.generic_visit(node)
        self.functions -= 1
        self.names.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.names.append(node.name)
        self.generic_visit(node)
        self.names.pop()

    def visit_If(self, node: ast.If) -> None:
        negated = isinstance(node.test, ast.UnaryOp) and isinstance(node.test.op, ast.Not)
        if not is_type_checking(
            node.test.operand if isinstance(node.test, ast.UnaryOp) and negated else node.test
        ):
            self.generic_visit(node)
            return
        typed, run = (node.orelse, node.body) if negated else (node.body, node.orelse)
        was, self.typing = self.typing, True
        for child in typed:
            self.visit(child)
        self.typing = was
        for child in run:
            self.visit(child)

    def visit_Import(self, node: ast.Import | ast.ImportFrom) -> None:
        kind: Kind = "typing" if self.typing else "function" if self.functions else "module"
        for target in targets(self.module, node):
            self.imports.append(Import(self.module, target, kind, node.lineno, ".".join(self.names)))

    visit_ImportFrom = visit_Import

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if node.attr == "store":
            self.store_reads.append((node.lineno, ".".join(self.names)))
        self.generic_visit(node)


def read(module: str) -> Reader:
    reader = Reader(module)
    reader.visit(ast.parse(FILES[module].read_text(), str(FILES[module])))
    return reader


READERS = {module: read(module) for module in FILES}
IMPORTS = [i for reader in READERS.values() for i in reader.imports]
OURS = [i for i in IMPORTS if i.target in FILES]  # imports of the project's own modules


def graph(*kinds: Kind) -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {module: set() for module in FILES}
    for i in OURS:
        if i.kind in kinds and i.target != i.source:
            edges[i.source].add(i.target)
    return edges


def path(edges: dict[str, set[str]], start: str, goal: str) -> list[str] | None:
    """A shortest path of imports from ``start`` to ``goal`` (both included), if any."""
    came: dict[str, str] = {start: start}
    queue = [start]
    for module in queue:
        if module == goal:
            steps = [goal]
            while steps[-1] != start:
                steps.append(came[steps[-1]])
            return steps[::-1]
        for after in sorted(edges[module]):
            if after not in came:
                came[after] = module
                queue.append(after)
    return None


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """One circle through each module that is on one, each circle named once."""
    found: list[list[str]] = []
    seen: set[str] = set()
    for module in sorted(edges):
        back = min((p for after in edges[module] if (p := path(edges, after, module))), key=len, default=None)
        if back and module not in seen:
            seen.update(back)
            found.append([module, *back])
    return found


RUNTIME = graph("module", "function")


def flagged() -> dict[tuple[str, str], tuple[Import, list[str] | None]]:
    """Each function-level import of a sibling or closing a circle: its first place and the circle."""
    edges: dict[tuple[str, str], tuple[Import, list[str] | None]] = {}
    for i in OURS:
        if i.kind != "function" or (i.source, i.target) in edges:
            continue
        back = path(RUNTIME, i.target, i.source)
        parent = i.target.rpartition(".")[0]
        if back or parent in (package_of(i.source), i.source.rpartition(".")[0]):
            edges[i.source, i.target] = (i, [i.source, *back] if back else None)
    return edges


def describe(i: Import, circle: list[str] | None) -> str:
    return f"{i}" + (f", closing the circle {' -> '.join(circle)}" if circle else ", a sibling")


def test_no_circle_among_module_level_imports() -> None:
    found = circles(graph("module"))
    assert not found, "circles among module-level imports:\n" + "\n".join(" -> ".join(c) for c in found)


def test_no_function_level_import_of_a_sibling_or_closing_a_circle_unless_listed() -> None:
    edges = flagged()
    unlisted = [describe(i, circle) for key, (i, circle) in edges.items() if key not in FUNCTION_IMPORTS]
    assert not unlisted, (
        "function-level imports of a sibling or closing a circle: import at the top, or move the shared "
        "code down a floor (or, for start-up time only, list it in FUNCTION_IMPORTS):\n" + "\n".join(unlisted)
    )


def test_the_function_import_allow_list_holds_only_what_the_code_still_has() -> None:
    edges = flagged()
    stale = [f"{s} -> {t}" for s, t in FUNCTION_IMPORTS if (s, t) not in edges]
    assert not stale, (
        "no longer a function-level import to list: remove from FUNCTION_IMPORTS:\n" + "\n".join(stale)
    )
    hiding = [
        describe(i, circle)
        for key, (i, circle) in edges.items()
        if circle and FUNCTION_IMPORTS.get(key) == LAZY
    ]
    assert not hiding, "a lazy import hides a circle: move the shared code down a floor:\n" + "\n".join(
        hiding
    )
    assert set(FUNCTION_IMPORTS.values()) <= {LAZY}


def test_a_game_imports_neither_the_service_the_store_sqlite_nor_the_command_line() -> None:
    wrong = [
        f"{i}"
        for i in IMPORTS
        if i.source.startswith("ledger.games") and any(under(i.target, top) for top in GAMES_NEVER)
    ]
    assert not wrong, "a game stays pure (STYLE.md): no service, store, SQLite or CLI:\n" + "\n".join(wrong)


def test_the_ledger_never_imports_the_command_line() -> None:
    wrong = [f"{i}" for i in IMPORTS if under(i.source, "ledger") and under(i.target, "referee_cli")]
    assert not wrong, "the arrows point from referee_cli to ledger, never back:\n" + "\n".join(wrong)


def store_reads() -> dict[tuple[str, str], list[str]]:
    """Each place of referee_cli reading ``.store`` or importing ledger.store, by (module, function)."""
    places: dict[tuple[str, str], list[str]] = {}
    for module, reader in READERS.items():
        if under(module, "referee_cli"):
            for line, function in reader.store_reads:
                places.setdefault((module, function), []).append(f"{path_of(module)}:{line} reads .store")
            for i in reader.imports:
                if under(i.target, "ledger.store"):
                    places.setdefault((module, i.function), []).append(f"{i}")
    return places


def test_front_ends_never_reach_the_store() -> None:
    found = [where for places in store_reads().values() for where in places]
    assert not found, "front ends call the service, never the store:\n" + "\n".join(found)


def under(module: str, top: str) -> bool:
    return module == top or module.startswith(f"{top}.")
