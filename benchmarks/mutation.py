"""Mutation testing: which small rule bugs do the tests catch? A score per module, and the survivors.

    python benchmarks/mutation.py                                # the default: see DEFAULT_MODULES
    python benchmarks/mutation.py --modules store history        # short names, paths or globs
    python benchmarks/mutation.py --modules all --tests all      # everything: slow (hours here)
    python benchmarks/mutation.py --list                         # the short names and test selections

mutmut 3 (the ``test`` extra) makes one small change at a time inside a function (a ``<``
for a ``<=``, a number off by one, a call's argument dropped, a condition negated) and runs
the tests that reach that function; a mutant the tests do not fail on *survived*. The run
happens in a scratch copy of the work tree (tracked and untracked files, not ignored ones),
whose ``pyproject.toml`` gets the ``[tool.mutmut]`` section written below, so the checkout
is never touched. Keep the copy with ``--workdir DIR`` to rerun incrementally (mutmut
re-tests only what changed) or to look at a mutant with ``mutmut show NAME`` there.

Outcomes outlive the workdir: ``--save`` keeps them in ``benchmarks/mutation-results.json``
(by function, with the function's hash and the test selection), and a new workdir starts from
them, so mutmut tests only the mutants of functions with no outcome stored for their code of
now. ``--table`` prints the docs' table from that file, ``--report`` without a workdir its
survivors, and ``--recheck`` on a new workdir retests what it left undetected.

    python benchmarks/mutation.py --modules service --tests ledger --workdir DIR --save
    python benchmarks/mutation.py --table --modules all

The default test selection, ``rulebook``, leaves out random play (the fuzzer and the tests
built on it) and snapshot tests: a mutant that only those catch counts as a survivor here,
because the rule it breaks has no test derived from the rulebook. ``--tests all`` runs the
whole suite. mutmut 3 mutates code inside functions only: module-level data (the numbers in
``ledger/games/loop/data.py``) is not mutated.

The score is detected / mutants, where detected is killed, timed out or crashed. A mutant no
selected test reaches ("no tests") is not detected. Survivors judged equivalent (no program
behaviour can tell them from the original) are listed in ``EQUIVALENT`` with the reason, and
reported apart from the others. It is too slow for every CI run; run it before resolving an
issue that adds rules, and quote the score.
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

from mutmut.stats import status_by_exit_code  # the test extra's

ROOT = Path(__file__).resolve().parents[1]

MODULES: dict[str, str] = {
    # LOOP: the rules as a Decider, and what is built on them
    "rules": "ledger/games/loop/rules/*.py",
    "evolve": "ledger/games/loop/evolve.py",
    "moves": "ledger/games/loop/moves.py",
    "candidates": "ledger/games/loop/candidates.py",
    "model": "ledger/games/loop/model.py",
    "view": "ledger/games/loop/view.py",
    "grammar": "ledger/games/loop/grammar.py",
    "notation": "ledger/games/loop/notation.py",
    "cards": "ledger/games/loop/cards.py",
    "loop-init": "ledger/games/loop/__init__.py",
    # The Pursuit of Happiness: its rules by section, and its declared faces
    "pursuit-core": "ledger/games/pursuit/rules/core.py",
    "pursuit-flow": "ledger/games/pursuit/rules/flow.py",
    "pursuit-actions": "ledger/games/pursuit/rules/actions.py",
    "pursuit-community": "ledger/games/pursuit/rules/community.py",
    "pursuit-setup": "ledger/games/pursuit/rules/setup.py",
    "pursuit-faces": "ledger/games/pursuit/faces.py",
    "pursuit-evolve": "ledger/games/pursuit/evolve.py",
    # Planet B: its rules by section
    "planet-b-core": "ledger/games/planet_b/rules/core.py",
    "planet-b-costs": "ledger/games/planet_b/rules/costs.py",
    "planet-b-chance": "ledger/games/planet_b/rules/chance.py",
    "planet-b-boxes": "ledger/games/planet_b/rules/boxes.py",
    "planet-b-turn": "ledger/games/planet_b/rules/turn.py",
    "planet-b-actions": "ledger/games/planet_b/rules/actions.py",
    "planet-b-buildings": "ledger/games/planet_b/rules/buildings.py",
    "planet-b-particular": "ledger/games/planet_b/rules/particular.py",
    "planet-b-elections": "ledger/games/planet_b/rules/elections.py",
    "planet-b-flow": "ledger/games/planet_b/rules/flow.py",
    "planet-b-setup": "ledger/games/planet_b/rules/setup.py",
    # the ledger
    "store": "ledger/store/*.py",  # the package: the SQLite store, a module per table
    "history": "ledger/history.py",
    "logformat": "ledger/logformat.py",
    "codec": "ledger/codec.py",
    "service": "ledger/service/*.py",  # the package: the Referee facade and its modules
    "decider": "ledger/decider.py",
    "errors": "ledger/errors.py",
    "registry": "ledger/games/__init__.py",
}
GROUPS: dict[str, list[str]] = {
    "default": ["rules", "evolve", "store", "history", "logformat"],
    "loop": [
        "rules",
        "evolve",
        "moves",
        "candidates",
        "model",
        "view",
        "grammar",
        "notation",
        "cards",
        "loop-init",
    ],
    "ledger": ["store", "history", "logformat", "codec", "service", "decider", "errors", "registry"],
    "pursuit": [
        "pursuit-core",
        "pursuit-flow",
        "pursuit-actions",
        "pursuit-community",
        "pursuit-setup",
        "pursuit-faces",
        "pursuit-evolve",
    ],
    "planet-b": [
        "planet-b-core",
        "planet-b-costs",
        "planet-b-chance",
        "planet-b-boxes",
        "planet-b-turn",
        "planet-b-actions",
        "planet-b-buildings",
        "planet-b-particular",
        "planet-b-elections",
        "planet-b-flow",
        "planet-b-setup",
    ],
    "all": ["ledger/*.py", "ledger/**/*.py"],
}
DEFAULT_MODULES = GROUPS["default"]

# Random play and snapshots: they catch change (or a crash), not a rule broken against the book.
# And the shell driven through a pipe in a subprocess: seconds each, and about the terminal.
NOT_RULEBOOK = [
    "--ignore=tests/loop/test_fuzz.py",
    "--ignore=tests/pursuit/test_fuzz.py",
    "--ignore=tests/planet_b/test_fuzz.py",
    "--ignore=tests/test_random_games.py",
    "--deselect=tests/pursuit/test_cli.py::test_a_whole_virtual_game_typed_into_the_shell",
    "--deselect=tests/planet_b/test_cli.py::test_a_whole_virtual_game_typed_into_the_shell",
    "--deselect=tests/pursuit/test_view.py::test_every_fact_is_described_and_the_shuffle_hidden",
    "--deselect=tests/loop/test_cli.py::test_play_a_loop_game_through_a_pipe",
    "--deselect=tests/ledger/test_cli.py::test_play_through_a_pipe",
    "--deselect=tests/loop/test_cli.py::test_a_whole_virtual_game_from_the_command_line",
    "--deselect=tests/loop/test_cli.py::test_the_recorded_game",
    "--deselect=tests/loop/test_view.py::test_a_recorded_game_status_log_and_score",
    "--deselect=tests/loop/test_view.py::test_describe_every_kind_of_event",
    "--deselect=tests/loop/test_view.py::test_the_public_log_hides_favours_drawn",
    "--deselect=tests/ledger/test_cli.py::test_json_errors",
    "--deselect=tests/ledger/test_cli.py::test_json_shapes",
    "--deselect=tests/ledger/test_cli.py::test_the_tables_people_read",
    "--deselect=tests/ledger/test_codec.py::test_meta_events_encode_as_before",
    "--deselect=tests/ledger/test_codec.py::test_game_events_and_commands_encode_as_before",
    "--deselect=tests/ledger/test_codec.py::test_the_row_hash_is_stable",
]
# The ledger's own tests, for its modules (service, store, history): without the random
# property test (about 10 s a mutant) and three process races and fuzzers of tens of seconds
# each (benchmarks/torture.py races and kills writers at length).
LEDGER = [
    "tests/ledger",
    *(arg for arg in NOT_RULEBOOK if arg.startswith("--deselect=tests/ledger/")),
    "--deselect=tests/ledger/test_service.py::test_snapshot_plus_tail_equals_full_replay",
    "--deselect=tests/ledger/test_storage.py::test_eight_tables_starting_games_on_a_new_database_at_once",
    "--deselect=tests/ledger/test_store.py::test_two_processes_racing_on_the_same_seq",
    "--deselect=tests/ledger/test_bad_input.py::test_fuzz_argv_never_crashes_and_a_refusal_appends_nothing",
    # the route the phones check the log with (Referee.witness), tested through serve
    "tests/serve/test_witness.py",
]


def _game(folder: str) -> list[str]:
    """One game's own tests, without what ``NOT_RULEBOOK`` leaves out of them."""
    return [f"tests/{folder}", *(arg for arg in NOT_RULEBOOK if f"=tests/{folder}/" in arg)]


SELECTIONS: dict[str, list[str]] = {
    "rulebook": ["tests", *NOT_RULEBOOK],
    "ledger": LEDGER,
    "loop": _game("loop"),
    "planet-b": _game("planet_b"),
    "pursuit": _game("pursuit"),
    "all": ["tests"],
}

# Survivors explained rather than killed: equivalent mutants, with the reason, and lines that
# only feed what a refusal says. See the file's own header.
EXPLAINED = Path(__file__).with_name("mutation-explained.toml")


def _explained() -> tuple[dict[tuple[str, str], str], set[tuple[str, str]]]:
    data = tomllib.loads(EXPLAINED.read_text())
    equivalent = {
        (e["function"], line): e["reason"] for e in data.get("equivalent", []) for line in e["lines"]
    }
    text = {(e["function"], line) for e in data.get("text", []) for line in e["lines"]}
    return equivalent, text


EQUIVALENT, TEXT_LINES = _explained()

DETECTED = {"killed", "timeout", "segfault", "caught by type check"}
UNDETECTED = {"survived", "no tests", "suspicious"}


def mutmut_section(modules: list[str], tests: list[str]) -> str:
    """The ``[tool.mutmut]`` section for the scratch copy."""
    config = {
        "source_paths": ["ledger"],
        "only_mutate": modules,
        "also_copy": ["fixtures", "referee_cli", "README.md", "docs", ".ci"],
        "pytest_add_cli_args": ["-p", "no:cacheprovider", "--snapshot-warn-unused"],
        "pytest_add_cli_args_test_selection": tests,
    }
    lines = ["", "[tool.mutmut]"]
    lines += [f"{key} = {json.dumps(value)}" for key, value in config.items()]
    return "\n".join(lines) + "\n"


def resolve_modules(names: list[str]) -> list[str]:
    patterns: list[str] = []
    for name in names:
        for item in GROUPS.get(name, [name]):
            patterns.append(MODULES.get(item, item))
    files = [str(p.relative_to(ROOT)) for p in sorted(ROOT.glob("ledger/**/*.py"))]
    for pattern in patterns:
        if not any(fnmatch.fnmatch(f, pattern) for f in files):
            sys.exit(f"no module matches {pattern!r}; see --list")
    return patterns


def copy_tree(dest: Path) -> None:
    """The work tree as git sees it (tracked and untracked, not ignored files) into ``dest``."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if not source.is_file():
            continue  # deleted but not yet committed
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists() or target.read_bytes() != source.read_bytes():
            shutil.copy2(source, target)


def configure(work: Path, modules: list[str], tests: list[str]) -> None:
    text = (ROOT / "pyproject.toml").read_text()
    if any(line.strip() == "[tool.mutmut]" for line in text.splitlines()):
        sys.exit("pyproject.toml has its own [tool.mutmut]: this script writes that section itself")
    (work / "pyproject.toml").write_text(text + mutmut_section(modules, tests))


# A pytest plugin for the scratch copy: the tests a mutant reaches run fastest first (by the
# durations mutmut measured), so a caught mutant fails at its quickest test instead of wherever
# its file comes in the list (mutmut runs them with -x, in no set order). It is loaded through
# PYTEST_PLUGINS, not mutmut's pytest arguments: a change there would reset a workdir's results.
FASTEST_FIRST = """
import json
from pathlib import Path

_durations = None


def pytest_collection_modifyitems(session, config, items):
    global _durations
    if _durations is None:
        stats = Path("mutmut-stats.json")  # mutmut runs the tests inside mutants/
        if not stats.exists():
            return
        _durations = json.loads(stats.read_text())["duration_by_test"]
    items.sort(key=lambda item: _durations.get(item.nodeid, float("inf")))
"""


def run_mutmut(work: Path, children: int, limit_minutes: float, names: list[str]) -> tuple[float, bool]:
    """Run ``mutmut run`` in ``work`` (only ``names``, if given); its progress goes to
    ``work/mutmut.log``. Returns (seconds, finished)."""
    (work / "mutants").mkdir(exist_ok=True)  # mutmut runs pytest there, with it on sys.path
    (work / "mutants" / "mutmut_fastest_first.py").write_text(FASTEST_FIRST)
    env = {**os.environ, "PYTEST_PLUGINS": "mutmut_fastest_first"}
    # mutants/ holds each module with all its mutants (ledger/service/: 170,000 lines), and a
    # test that starts the referee in a process compiles them again unless the bytecode is kept:
    # 7 s a start instead of 0.5 s where PYTHONDONTWRITEBYTECODE is set. The sources there do not
    # change during a run (the mutant is chosen by MUTANT_UNDER_TEST), so one compile serves all.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    log = (work / "mutmut.log").open("w")
    start = time.monotonic()
    process = subprocess.Popen(
        [sys.executable, "-m", "mutmut", "run", "--max-children", str(children), *names],
        cwd=work,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        process.wait(timeout=limit_minutes * 60)
        finished = process.returncode == 0
        if not finished:
            tail = (work / "mutmut.log").read_text()[-2000:].replace("\r", "\n")
            print(f"mutmut exited with {process.returncode}:\n{tail}", file=sys.stderr)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait()
        print(f"stopped after {limit_minutes:g} minutes: the figures below are partial", file=sys.stderr)
        finished = False
    log.close()
    return time.monotonic() - start, finished


READ = """
import fnmatch, json, sys
from pathlib import Path
from mutmut.mutation.diff_apply import get_diff_for_mutant
from mutmut.stats import status_by_exit_code
found = {}
for meta in sorted(Path("mutants").glob("ledger/**/*.py.meta")):
    path = str(meta.relative_to("mutants")).removesuffix(".meta")
    if not any(fnmatch.fnmatch(path, pattern) for pattern in sys.argv[1:]):
        continue
    codes = json.loads(meta.read_text())["exit_code_by_key"]
    found[path] = {name: [status_by_exit_code[code], ""] for name, code in codes.items()}
    for name, status in found[path].items():
        if status[0] in ("survived", "no tests", "suspicious"):  # UNDETECTED
            try:
                status[1] = get_diff_for_mutant(name, path=path)
            except Exception as error:
                status[1] = f"(no diff: {error})"
json.dump(found, sys.stdout)
"""


def results(work: Path, modules: list[str]) -> dict[str, dict[str, tuple[str, str]]]:
    """{module path: {mutant name: (status, diff)}}, a diff for the undetected ones only,
    read by mutmut itself in the scratch copy."""
    out = subprocess.run(
        [sys.executable, "-c", READ, *modules], cwd=work, capture_output=True, text=True, check=True
    ).stdout
    return {
        path: {name: (status, diff) for name, (status, diff) in mutants.items()}
        for path, mutants in json.loads(out).items()
    }


# Every mutant's outcome, kept in the repository so that a run can go on where an earlier
# one (on another machine, its workdir gone) stopped: {module path: {function (mutmut's
# name, "x_f" or "xǁClassǁf"): {"hash": the function's, "tests": the selection it ran
# against, "codes": mutmut's exit code for each of its mutants, mutant 1 first, null for
# unchecked}}}. A function whose code changed (its hash, mutmut's, of its syntax tree) has
# no results: its mutants count as unchecked until a run tests them again.
RESULTS = Path(__file__).with_name("mutation-results.json")
# the exit codes kept: a kill, a survivor, a timeout; not an interrupted or suspicious run
KEPT = {code for code, status in status_by_exit_code.items() if status in DETECTED | UNDETECTED}


def stored_results() -> dict[str, dict[str, dict[str, Any]]]:
    return json.loads(RESULTS.read_text()) if RESULTS.exists() else {}


def _mutant_number(mutant: str) -> int:
    return int(mutant.rpartition("__mutmut_")[2])


def _mangled(mutant: str) -> str:
    return function_of(mutant).rpartition(".")[2]


def seed(work: Path, modules: list[str], selection: str) -> int:
    """Before a new workdir's first run: mutmut's record of each module (its ``.meta``) with the
    stored outcomes of the functions tested against ``selection``, so mutmut tests only the
    rest (it drops the outcomes of a function whose hash changed). Returns how many."""
    seeded = 0
    for path, functions in stored_results().items():
        meta = work / "mutants" / f"{path}.meta"
        if meta.exists() or not any(fnmatch.fnmatch(path, pattern) for pattern in modules):
            continue
        module = path.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
        codes: dict[str, int | None] = {}
        hashes: dict[str, str] = {}
        for name, kept in functions.items():
            if kept["tests"] != selection:
                continue
            hashes[name] = kept["hash"]
            for number, code in enumerate(kept["codes"], start=1):
                codes[f"{module}.{name}__mutmut_{number}"] = code
                seeded += code is not None
        meta.parent.mkdir(parents=True, exist_ok=True)
        meta.write_text(
            json.dumps(
                {
                    "exit_code_by_key": codes,
                    "hash_by_function_name": hashes,
                    "type_check_error_by_key": {},
                    "durations_by_key": {},
                    "estimated_durations_by_key": {},
                }
            )
        )
    return seeded


def save(work: Path, modules: list[str], selection: str) -> int:
    """The outcomes in ``work`` into ``RESULTS``, each function's merged with what is stored for
    the same code and selection (a mutant this run did not check keeps its stored outcome).
    Returns how many outcomes the file holds for these modules."""
    stored = stored_results()
    kept_here = 0
    for meta in sorted((work / "mutants").glob("ledger/**/*.py.meta")):
        path = str(meta.relative_to(work / "mutants")).removesuffix(".meta")
        if not any(fnmatch.fnmatch(path, pattern) for pattern in modules):
            continue
        data = json.loads(meta.read_text())
        by_function: dict[str, dict[int, int | None]] = {}
        for mutant, code in data["exit_code_by_key"].items():
            by_function.setdefault(_mangled(mutant), {})[_mutant_number(mutant)] = (
                code if code in KEPT else None
            )
        functions = stored.setdefault(path, {})
        for name, codes in by_function.items():
            if sorted(codes) != list(range(1, len(codes) + 1)):
                sys.exit(f"{path} {name}: mutmut's mutants are not numbered 1 to {len(codes)}")
            new = [codes[number] for number in sorted(codes)]
            old = functions.get(name)
            digest = data["hash_by_function_name"][name]
            if old and old["hash"] == digest and old["tests"] == selection and len(old["codes"]) == len(new):
                new = [code if code is not None else was for code, was in zip(new, old["codes"], strict=True)]
            if any(code is not None for code in new) or not old or old["hash"] != digest:
                functions[name] = {"hash": digest, "tests": selection, "codes": new}
        for name in set(functions) - set(by_function):  # functions gone from the code
            del functions[name]
        kept_here += sum(code is not None for f in functions.values() for code in f["codes"])
    write_results(stored)
    return kept_here


def write_results(stored: dict[str, dict[str, dict[str, Any]]]) -> None:
    """``stored`` as ``mutation-results.json`` keeps it: a function a line, sorted (a diff shows
    what a run changed); also for re-keying the outcomes of functions moved to another module."""
    lines = ["{"]
    for i, (path, functions) in enumerate(sorted(stored.items())):
        lines.append(f"  {json.dumps(path)}: {{")
        for j, (name, kept) in enumerate(sorted(functions.items())):
            comma = "," if j < len(functions) - 1 else ""
            lines.append(f"    {json.dumps(name, ensure_ascii=False)}: {json.dumps(kept)}{comma}")
        lines.append("  }," if i < len(stored) - 1 else "  }")
    lines.append("}")
    RESULTS.write_text("\n".join(lines) + "\n")


# The mutants of the code as it is now, with the stored outcome of each (as ``READ`` gives a
# workdir's): mutmut generates them in memory, in a directory whose pyproject.toml names the
# code (mutmut reads its settings from there) and whose ``ledger`` is the checkout's. The
# generated module is parsed once per file for the survivors' diffs: mutmut's
# get_diff_for_mutant, given a source, parses all of it again for each one (minutes a module).
CURRENT = """
import json, sys
from difflib import unified_diff
from pathlib import Path
import libcst as cst
from mutmut.mutation.file_mutation import mutate_file_contents
from mutmut.mutation.diff_apply import read_mutant_function, read_original_function
from mutmut.stats import status_by_exit_code
from mutmut.utils.format_utils import get_mutant_name
stored = json.load(sys.stdin)
found = {}
for path in sys.argv[1:]:
    mutated = mutate_file_contents(path, Path(path).read_text())
    kept = stored.get(path, {})
    found[path] = {}
    module = None
    for short in mutated.mutant_names:
        name = get_mutant_name(Path(path), short)
        function, _, number = short.rpartition("__mutmut_")
        entry = kept.get(function)
        current = entry and entry["hash"] == mutated.hash_by_function_name.get(function)
        code = entry["codes"][int(number) - 1] if current and int(number) <= len(entry["codes"]) else None
        status = [status_by_exit_code[code], ""]
        if status[0] in ("survived", "no tests", "suspicious"):  # UNDETECTED
            module = module or cst.parse_module(mutated.code)
            pair = (read_original_function(module, name), read_mutant_function(module, name))
            old, new = (cst.Module([function]).code.strip().split("\\n") for function in pair)
            status[1] = "\\n".join(unified_diff(old, new, fromfile=path, tofile=path, lineterm=""))
        found[path][name] = status
json.dump(found, sys.stdout)
"""


def current_results(modules: list[str]) -> dict[str, dict[str, tuple[str, str]]]:
    """{module path: {mutant name: (status, diff)}} for the code of now, from ``RESULTS``: a
    mutant of a function changed since its run is "not checked"."""
    files = [str(p.relative_to(ROOT)) for p in sorted(ROOT.glob("ledger/**/*.py"))]
    paths = [f for f in files if any(fnmatch.fnmatch(f, pattern) for pattern in modules)]
    with tempfile.TemporaryDirectory(prefix="referee-mutants-") as scratch:
        (Path(scratch) / "ledger").symlink_to(ROOT / "ledger")
        (Path(scratch) / "pyproject.toml").write_text(mutmut_section(modules, []))
        out = subprocess.run(
            [sys.executable, "-c", CURRENT, *paths],
            cwd=scratch,
            input=RESULTS.read_text() if RESULTS.exists() else "{}",
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    return {path: {n: (st, diff) for n, (st, diff) in m.items()} for path, m in json.loads(out).items()}


def table(found: dict[str, dict[str, tuple[str, str]]], folders: bool = False) -> None:
    """The docs' table: per module (or, with ``folders``, per folder: its modules' sums), mutants,
    caught, explained, unexplained, unchecked."""
    kind = classify(ROOT, found)
    rows: dict[str, Counter[str]] = {}
    for path, mutants in found.items():
        undetected = [name for name, (status, _) in mutants.items() if status in UNDETECTED]
        explained = sum(1 for name in undetected if kind[name])
        statuses = Counter(status for status, _ in mutants.values())
        row = rows.setdefault(f"{Path(path).parent}/*.py" if folders else path, Counter())
        row.update(
            mutants=len(mutants),
            caught=sum(statuses[s] for s in DETECTED),
            explained=explained,
            unexplained=len(undetected) - explained,
            unchecked=statuses["not checked"],
        )
    columns = ("caught", "explained", "unexplained", "unchecked")
    print(f"| module | mutants | {' | '.join(columns)} |")
    print("|---|---|---|---|---|---|")
    for name, row in rows.items():
        cells = [f"{row[c]:,}" if row["mutants"] else "" for c in columns]
        print(f"| `{name}` | {row['mutants']:,} | {' | '.join(cells)} |")


def changed_lines(diff: str) -> list[str]:
    return [
        line
        for line in diff.splitlines()
        if line[:1] in "+-" and not line.startswith(("+++", "---")) and line[1:].strip()
    ]


def _function_node(tree: ast.Module, mutant: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The function ``mutant`` mutates: mutmut names it ``x_NAME`` or ``xǁCLASSǁNAME``."""
    last = function_of(mutant).rpartition(".")[2]
    scope: list[ast.stmt] = tree.body
    if "ǁ" in last:
        _, cls, name = last.split("ǁ")
        owner = next((n for n in scope if isinstance(n, ast.ClassDef) and n.name == cls), None)
        scope = owner.body if owner else []
    else:
        name = last.removeprefix("x_")
    return next(
        (n for n in scope if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.name == name),
        None,
    )


# Functions that only build what a refusal says: their mutants change its text, not the outcome.
TEXT_FUNCTIONS: dict[str, str] = {
    "ledger.games.loop.rules.consume.x__shared_text": "the SHAREd cards listed in a refusal's hint",
    "ledger.games.loop.rules.consume.x__own_colour": "which of 2 refusals of one CONSUME (2.2 c) is given",
    "ledger.games.loop.rules.checks.x__cards_needed": "the refusal given before virtual decks are dealt",
    "ledger.piles.x_counts_text": "cards listed in a refusal's hint or a prompt",
    "ledger.games.loop.rules.core.x_mats_text": "MATERIAL listed in a refusal's hint",
    "ledger.games.loop.rules.core.x_awaited_text": "the reveals a refusal or prompt asks the table for",
    "ledger.logformat.xǁRevertedǁdescribe": "the log's words for a revert",
    "ledger.history.xǁBrokenǁ__init__": "the message of a void refused because it breaks a later move",
    "ledger.store.rows.xǁStaleHeadǁ__init__": "a lost race: the service reads neither its text nor fields",
    "ledger.service.moves.xǁMovesǁ_since": "the moves another writer made, named in a lost race's refusal",
    "ledger.games.planet_b.declare.x_form": "how a declaration is typed, shown in a refusal's hint",
    "ledger.games.planet_b.declare.x_face_needed": "the refusal asking for a card's declaration (or a typo)",
    "ledger.games.planet_b.rules.core.x_missing": "the refusal its callers raise: no such action in the box",
    "ledger.games.planet_b.rules.core.x_offered": "the actions left, listed in a refusal's hint",
    # its callers refuse the move whatever it returns (acting: not theirs or no box open)
    "ledger.games.planet_b.rules.core.x_performed_already": "which refusal an action typed again gets",
    "ledger.games.planet_b.rules.turn.x__warehouse": "the warehouse listed in a selling refusal's hint",
}


def in_refusal_text(source: str, mutant: str, diff: str) -> bool:
    """Whether the mutant changes only what a refusal says (its message, ``legal`` hint or
    ``rule``), not whether the move is refused: every line it changes is inside a ``raise``,
    or assigns a variable read only inside a ``raise``, or it is in ``TEXT_FUNCTIONS``.
    The changed lines are found by their text among the function's lines."""
    if function_of(mutant) in TEXT_FUNCTIONS:
        return True
    removed = [line[1:].strip() for line in changed_lines(diff) if line.startswith("-")]
    if removed and all((function_of(mutant), text) in TEXT_LINES for text in removed):
        return True
    function = _function_node(ast.parse(source), mutant)
    if function is None:
        return False
    lines = source.splitlines()
    spans = [(n.lineno, n.end_lineno or n.lineno) for n in ast.walk(function) if isinstance(n, ast.Raise)]

    def in_raise(number: int) -> bool:
        return any(a <= number <= b for a, b in spans)

    for node in ast.walk(function):  # a variable only a refusal reads: its assignment counts too
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            reads = [
                n.lineno
                for n in ast.walk(function)
                if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)
            ]
            if reads and all(in_raise(n) for n in reads):
                spans.append((node.lineno, node.end_lineno or node.lineno))
    removed = [line[1:].strip() for line in changed_lines(diff) if line.startswith("-")]
    if not removed:
        return False
    for text in removed:
        where = [
            number
            for number in range(function.lineno, (function.end_lineno or function.lineno) + 1)
            if lines[number - 1].strip() == text
        ]
        if not where or not all(in_raise(n) for n in where):
            return False
    return True


def function_of(mutant: str) -> str:
    return mutant.partition("__mutmut_")[0]


SQL_MODULES = ("ledger.store.",)


def _sql_case_only(mutant: str, lines: list[str]) -> bool:
    """In the store's SQL, a mutant that only changes letter case (and no quoted value)."""
    if not mutant.startswith(SQL_MODULES):
        return False
    removed = [line[1:] for line in lines if line.startswith("-")]
    added = [line[1:] for line in lines if line.startswith("+")]
    return (
        len(removed) == len(added) > 0
        and all(a.lower() == b.lower() for a, b in zip(removed, added, strict=True))
        and all(
            re.findall(r"'[^']*'", a) == re.findall(r"'[^']*'", b)
            for a, b in zip(removed, added, strict=True)
        )
    )


def equivalent_reason(mutant: str, diff: str) -> str | None:
    """The reason in ``EQUIVALENT`` for this mutant: keyed by its '+' lines, or by its '-' lines
    when it only deletes; or, in the store, an SQL statement in other letter case."""
    lines = changed_lines(diff)
    if _sql_case_only(mutant, lines):
        return "SQL keywords, names and pragma values are case-insensitive in SQLite"
    signed = [line for line in lines if line.startswith("+")] or lines
    for line in signed:
        reason = EQUIVALENT.get((function_of(mutant), line[0] + line[1:].strip()))
        if reason:
            return reason
    return None


def score(counts: Counter[str], left_out: int = 0) -> float:
    total = sum(counts.values()) - counts["skipped"] - counts["not checked"] - left_out
    detected = sum(counts[s] for s in DETECTED)
    return 100.0 * detected / total if total else 0.0


def classify(work: Path, found: dict[str, dict[str, tuple[str, str]]]) -> dict[str, str]:
    """Each undetected mutant's kind: "equivalent: why", "text" (only what a refusal says) or ""."""
    kind: dict[str, str] = {}
    for path, mutants in found.items():
        source = (work / path).read_text()
        for name, (status, diff) in mutants.items():
            if status in UNDETECTED:
                reason = equivalent_reason(name, diff)
                in_text = not reason and in_refusal_text(source, name, diff)
                kind[name] = f"equivalent: {reason}" if reason else "text" if in_text else ""
    return kind


def report(work: Path, found: dict[str, dict[str, tuple[str, str]]], show_diffs: bool) -> None:
    """The table of scores per module, then every undetected mutant by kind."""
    kind = classify(work, found)

    print(
        f"{'module':<30} {'mutants':>7} {'killed':>6} {'survived':>8} {'no tests':>8} {'other':>5} "
        f"{'equiv.':>6} {'text':>5} {'score':>6} {'rules':>6}"
    )
    everything: Counter[str] = Counter()
    left_out_all = 0
    for path, mutants in found.items():
        counts = Counter(status for status, _ in mutants.values())
        everything.update(counts)
        other = sum(counts.values()) - counts["killed"] - counts["survived"] - counts["no tests"]
        equivalent = sum(1 for name in mutants if kind.get(name, "").startswith("equivalent"))
        text = sum(1 for name in mutants if kind.get(name) == "text")
        left_out_all += equivalent + text
        print(
            f"{path:<30} {sum(counts.values()):>7} {counts['killed']:>6} {counts['survived']:>8} "
            f"{counts['no tests']:>8} {other:>5} {equivalent:>6} {text:>5} {score(counts):>5.1f}% "
            f"{score(counts, equivalent + text):>5.1f}%"
        )
    print(
        f"{'all':<30} {sum(everything.values()):>7} {'':>43} "
        f"{score(everything):>5.1f}% {score(everything, left_out_all):>5.1f}%"
    )
    print(
        "score: detected / mutants. rules: the same without the equivalent mutants and those that"
        "\nonly change what a refusal says (inside a raise: its message, legal hint or rule)."
    )
    outcomes = {s: n for s, n in everything.items() if s not in ("killed", "survived", "no tests")}
    if outcomes:
        print("other outcomes:", ", ".join(f"{n} {s}" for s, n in sorted(outcomes.items())))

    undetected = {
        name: (status, diff)
        for mutants in found.values()
        for name, (status, diff) in mutants.items()
        if status in UNDETECTED
    }
    for title, names in (
        ("undetected", [n for n in undetected if not kind[n]]),
        ("undetected, only in what a refusal says", [n for n in undetected if kind[n] == "text"]),
        ("undetected, judged equivalent", [n for n in undetected if kind[n].startswith("equivalent")]),
    ):
        if not names:
            continue
        print(f"\n{title}: {len(names)}")
        for name in names:
            status, diff = undetected[name]
            why = kind[name].removeprefix("equivalent")
            print(f"  {name} ({status}){why if why != 'text' else ''}")
            for line in diff.splitlines() if show_diffs else changed_lines(diff):
                print(f"      {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--modules",
        nargs="+",
        default=DEFAULT_MODULES,
        help=f"short names, groups, paths or globs (default: {' '.join(DEFAULT_MODULES)})",
    )
    parser.add_argument(
        "--tests",
        default="rulebook",
        help="a selection (rulebook, all) or pytest arguments in one string (default: rulebook)",
    )
    parser.add_argument("--children", type=int, default=1, help="mutants tested at once (default 1)")
    parser.add_argument("--minutes", type=float, default=120, help="stop the run after this long")
    parser.add_argument("--workdir", type=Path, help="keep the scratch copy here (reused if it exists)")
    parser.add_argument(
        "--recheck",
        action="store_true",
        help="with the --workdir of an earlier run: copy the work tree in again and retest only "
        "the mutants that run left undetected or unchecked (after tests were added)",
    )
    parser.add_argument(
        "--unexplained",
        action="store_true",
        help="with --recheck: retest only the undetected mutants not judged equivalent or refusal text",
    )
    parser.add_argument(
        "--survivors",
        action="store_true",
        help="with --recheck: leave the mutants that run left unchecked for a later run",
    )
    parser.add_argument(
        "--names",
        nargs="+",
        default=[],
        help="test only the mutants whose names match these patterns (fnmatch: "
        "'ledger.games.planet_b.evolve.x__set_up__mutmut_*'), e.g. the functions a run left "
        "unchecked or that changed since; with --recheck, only those of its mutants",
    )
    parser.add_argument(
        "--report",
        action="store_true",
        help="print results only: a --workdir's, or without one those stored in mutation-results.json",
    )
    parser.add_argument(
        "--table",
        action="store_true",
        help="print the docs' table of the stored results for the code of now (use --modules all)",
    )
    parser.add_argument(
        "--folders", action="store_true", help="with --table: a row per folder, its modules summed"
    )
    parser.add_argument(
        "--save",
        action="store_true",
        help="with --workdir: keep its outcomes in benchmarks/mutation-results.json, where a new "
        "workdir's run starts from (it tests only the mutants of functions with none stored)",
    )
    parser.add_argument("--diffs", action="store_true", help="print whole diffs of survivors")
    parser.add_argument("--list", action="store_true", help="list the module names, groups and selections")
    args = parser.parse_args()
    if args.list:
        for name, path in MODULES.items():
            print(f"{name:<10} {path}")
        for name, items in GROUPS.items():
            print(f"{name:<10} group: {' '.join(items)}")
        for name, tests in SELECTIONS.items():
            print(f"{name:<10} tests: {' '.join(tests)}")
        return

    modules = resolve_modules(args.modules)
    tests = SELECTIONS.get(args.tests) or args.tests.split()
    if args.table:
        table(current_results(modules), args.folders)
        return
    if args.save and not args.workdir:
        sys.exit("--save needs a --workdir")
    if args.report and not args.workdir:
        report(ROOT, current_results(modules), args.diffs)
        return
    work = args.workdir.resolve() if args.workdir else Path(tempfile.mkdtemp(prefix="referee-mutation-"))
    if args.report:
        if not (work / "mutants").is_dir():
            sys.exit("--report needs the --workdir of an earlier run")
        report(work, results(work, modules), args.diffs)
        if args.save:
            print(f"\n{save(work, modules, args.tests):,} outcomes kept in {RESULTS.name}")
        return
    names: list[str] = []
    if args.recheck:
        # an earlier run's workdir, or a new one: the outcomes stored for the code of now
        earlier = (work / "mutants").is_dir()
        before = results(work, modules) if earlier else current_results(modules)
        names = [n for m in before.values() for n, (status, _) in m.items() if status in UNDETECTED]
        if args.unexplained:  # judged on the code the outcomes are of (a new workdir's is the tree's)
            kind = classify(work if earlier else ROOT, before)
            names = [n for n in names if not kind[n]]
        if not args.survivors:  # and those a partial run left unchecked
            names += [n for m in before.values() for n, (status, _) in m.items() if status == "not checked"]
        if args.names:
            names = [n for n in names if any(fnmatch.fnmatch(n, p) for p in args.names)]
        if not names:
            sys.exit("that run left no undetected mutant")
        # Which tests reach which function is collected afresh: changed tests may reach more.
        (work / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)
    elif args.names:
        names = list(args.names)
    try:
        copy_tree(work)
        configure(work, modules, tests)
        seeded = seed(work, modules, args.tests)
        if seeded:
            print(f"{seeded:,} outcomes from {RESULTS.name}: mutmut tests the rest", flush=True)
        if args.recheck:
            what = f"the {len(names)} undetected mutants of "
        else:
            what = f"the mutants matching {' '.join(names)} of " if names else ""
        print(f"mutating {what}{' '.join(modules)}\ntests: {' '.join(tests)}\nin {work}", flush=True)
        seconds, finished = run_mutmut(work, args.children, args.minutes, names)
        found = results(work, modules)
        print(f"\n{'run' if finished else 'partial run'}: {seconds / 60:.1f} min, {args.children} at once\n")
        report(work, found, args.diffs)
        if args.save:
            print(f"\n{save(work, modules, args.tests):,} outcomes kept in {RESULTS.name}")
    finally:
        if not args.workdir:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
