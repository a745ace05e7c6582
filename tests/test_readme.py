"""The README cannot drift: its console examples run, in order, on a fresh database, and what
they print is compared with what the README shows (as python-chess keeps its docs honest with
doctests). Its Python example runs too.

The format of a ```console block: a line ``$ referee ...`` is a command (a ``# comment``
after it is ignored), the lines after it until the next ``$`` are what it prints, stdout and
stderr as a terminal shows them. A line ``...`` stands for any number of lines.
``$ referee play <<EOF`` feeds the lines up to ``EOF`` to the shell. Hashes, times and dates
are normalised on both sides; in a command, ``HEXDIGITS...`` (8 or more) stands for the head
hash the last ``export`` printed.
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import sys
from pathlib import Path

import pytest

from referee_cli.app import run

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()

_NORMAL = [
    (re.compile(r"\b[0-9a-f]{64}\b"), "<hash>"),
    (re.compile(r"\b[0-9a-f]{8,63}\.\.\."), "<hash>..."),
    (re.compile(r"\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00"), "<time>"),
    (re.compile(r"\b\d{4}-\d\d-\d\d(T\d\d:\d\d)?\b"), "<date>"),
    (re.compile(r"\b\d\d:\d\d:\d\d\b"), "<hh:mm:ss>"),
]


def normal(line: str) -> str:
    for pattern, replacement in _NORMAL:
        line = pattern.sub(replacement, line)
    return line.rstrip()


def blocks(kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", README, flags=re.S)


def commands(block: str) -> list[tuple[str, list[str], list[str]]]:
    """(command, stdin lines, expected output lines) for each ``$`` line of a console block."""
    out: list[tuple[str, list[str], list[str]]] = []
    lines = block.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if not line.startswith("$ "):
            raise AssertionError(f"a console block must start with a command, not {line!r}")
        command, stdin = line[2:], []
        if command.rstrip().endswith("<<EOF"):
            command = command.rstrip().removesuffix("<<EOF")
            while lines[i] != "EOF":
                stdin.append(lines[i])
                i += 1
            i += 1
        expected = []
        while i < len(lines) and not lines[i].startswith("$ "):
            expected.append(lines[i])
            i += 1
        out.append((command, stdin, expected))
    return out


def matches(expected: list[str], actual: list[str]) -> bool:
    """``expected`` (with ``...`` for any lines) against ``actual``, both normalised."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(expected[1:], actual[n:]) for n in range(len(actual) + 1))
    return bool(actual) and normal(expected[0]) == normal(actual[0]) and matches(expected[1:], actual[1:])


def execute(command: str, stdin: list[str], head: str) -> str:
    words = shlex.split(re.sub(r"\b[0-9a-f]{8,63}\.\.\.", head, command), comments=True)
    assert words[0] == "referee", command
    printed = io.StringIO()  # stdout and stderr as a terminal shows them, in order
    old_stdin = sys.stdin
    sys.stdin = io.StringIO("".join(f"{line}\n" for line in stdin))
    try:
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
            run(words[1:])
    finally:
        sys.stdin = old_stdin
    return printed.getvalue()


def test_every_console_example_prints_what_the_readme_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "fixtures").symlink_to(ROOT / "fixtures")
    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "ledger.db"))
    monkeypatch.delenv("REFEREE_GAME", raising=False)
    head = ""
    ran = 0
    for block in blocks("console"):
        for command, stdin, expected in commands(block):
            printed = execute(command, stdin, head)
            found = re.findall(r"\b[0-9a-f]{64}\b", printed)
            if found and "export" in command:
                head = found[-1]
            actual = printed.splitlines()
            assert matches(expected, actual), (
                f"README: `{command}` printed\n"
                + "\n".join(actual)
                + "\n\nbut the README shows\n"
                + "\n".join(expected)
            )
            ran += 1
    assert ran >= 30  # the walkthrough, the shell, the audit, the stats


def test_the_python_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "fixtures").symlink_to(ROOT / "fixtures")
    [example] = blocks("python")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(example, "README.md", "exec"), {})
    printed = [line for line in example.splitlines() if line.startswith("# ")]
    # The example says what it prints in comments starting "# prints": check those lines.
    expected = [line.removeprefix("# prints ").strip() for line in printed if line.startswith("# prints ")]
    assert expected and out.getvalue().splitlines() == expected
