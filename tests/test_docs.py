"""The README and the pages of docs/ cannot drift: their console examples run, in order, and
what they print is compared with what the page shows (as python-chess keeps its docs honest
with doctests); their Python examples run; their links lead somewhere; the README's two
commands are the install and the test command, and CI runs that test command.

Where a page's examples run: each page on a fresh database of its own, except
  - README.md, whose examples come after the ``referee`` part of its install command (the
    two commands of "Two commands" already made game 1 there), and
  - a page holding ``<!-- docs-test: continues PAGE -->``, which runs after PAGE's examples,
    on the same database (PAGE's own directive first).

The format of a ```console block: a line ``$ referee ...`` is a command (a ``# comment``
after it is ignored), the lines after it until the next ``$`` are what it prints, stdout and
stderr as a terminal shows them. A line ``...`` stands for any number of lines.
``$ referee play <<EOF`` feeds the lines up to ``EOF`` to the shell. Times, dates and hashes
are normalised on both sides (a hash differs on every run: it covers the times). A hex word of
8 or more digits in a command must be the start of a hash the page showed earlier, and stands
for the start of the hash the run printed there. A block right after a line
``<!-- docs-test: not run -->`` is not run (say so in the page's text too).

A block right after a line ``<!-- docs-test: run from PAGE -->`` runs among PAGE's examples
(on PAGE's database), where PAGE holds ``<!-- docs-test: run THIS-PAGE#SECTION -->``: the
section's blocks so marked run there, in order. It is how an example that belongs on one page
takes its place in another page's game (say so in both pages' text too).
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import io
import re
import shlex
import sys
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from ledger import games
from referee_cli.main import run

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
CI = ROOT / ".ci" / "run"

HASH = re.compile(r"\b[0-9a-f]{64}\b")
HEX_WORD = re.compile(r"\b([0-9a-f]{8,64})(\.\.\.)?(?![0-9a-zA-Z])")
_NORMAL = [
    (HASH, "<hash>"),
    (re.compile(r"\b[0-9a-f]{8,63}\.\.\."), "<hash>..."),
    (re.compile(r"\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00"), "<time>"),
    (re.compile(r"\b\d{4}-\d\d-\d\d(T\d\d:\d\d)?\b"), "<date>"),
    (re.compile(r"\b\d\d:\d\d:\d\d\b"), "<hh:mm:ss>"),
]
FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```[ \t]*$", flags=re.S | re.M)
NOT_RUN = "<!-- docs-test: not run -->"
CONTINUES = re.compile(r"<!-- docs-test: continues (\S+) -->")
RUN_FROM = re.compile(r"<!-- docs-test: run from (\S+) -->")
RUN_SECTION = re.compile(r"<!-- docs-test: run (\S+?)#(\S+) -->")
HEADING = re.compile(r"^(#{1,6}) (.+?)#*$", flags=re.M)


def rel(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def normal(line: str) -> str:
    for pattern, replacement in _NORMAL:
        line = pattern.sub(replacement, line)
    return line.rstrip()


@dataclass
class Block:
    kind: str  # the fence's info string: console, python, sh, ...
    text: str
    run: bool  # False after a "not run" or a "run from" line: not with its own page's examples
    start: int = 0  # where it starts in its page's text
    run_from: Path | None = None  # the page among whose examples it runs, after a "run from" line


def blocks(page: Path, kind: str) -> list[Block]:
    text = page.read_text()
    found = []
    for match in FENCE.finditer(text):
        before = text[: match.start()].rstrip().splitlines()
        last = before[-1].strip() if before else ""
        run_from = RUN_FROM.fullmatch(last)
        found.append(
            Block(
                match.group(1).strip(),
                match.group(2),
                last != NOT_RUN and run_from is None,
                match.start(),
                (page.parent / run_from.group(1)).resolve() if run_from else None,
            )
        )
    return [block for block in found if block.kind == kind]


def section(page: Path, anchor: str) -> tuple[int, int]:
    """Where the section under the heading ``anchor`` starts and ends in ``page``'s text."""
    found = headings(page)
    for i, (start, level, name) in enumerate(found):
        if name == anchor:
            end = next((s for s, lv, _ in found[i + 1 :] if lv <= level), len(page.read_text()))
            return start, end
    raise AssertionError(f"{rel(page)} has no heading #{anchor}")


def borrowed(page: Path) -> list[tuple[int, Path, Block]]:
    """The blocks of other pages that run among ``page``'s examples: (where in ``page``, the
    page they are shown on, the block), for each ``run PAGE#SECTION`` line of ``page``."""
    found = []
    for match in RUN_SECTION.finditer(page.read_text()):
        other = (page.parent / match.group(1)).resolve()
        start, end = section(other, match.group(2))
        lent = [b for b in blocks(other, "console") if start <= b.start < end and b.run_from == page]
        assert lent, f"{rel(page)} runs {match.group(1)}#{match.group(2)}: no block there is run from it"
        found += [(match.start(), other, block) for block in lent]
    return found


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


def align(expected: list[str], actual: list[str], e: int = 0, a: int = 0) -> list[tuple[int, int]] | None:
    """The pairs (expected line, actual line) that match, ``...`` standing for any lines in
    ``actual``; None if ``expected`` does not match ``actual``."""
    if e == len(expected):
        return [] if a == len(actual) else None
    if expected[e] == "...":
        for skip in range(a, len(actual) + 1):
            rest = align(expected, actual, e + 1, skip)
            if rest is not None:
                return rest
        return None
    if a < len(actual) and normal(expected[e]) == normal(actual[a]):
        rest = align(expected, actual, e + 1, a + 1)
        return None if rest is None else [(e, a), *rest]
    return None


def execute(words: list[str], stdin: list[str]) -> str:
    assert words[0] == "referee", words
    printed = io.StringIO()  # stdout and stderr as a terminal shows them, in order
    old_stdin = sys.stdin
    sys.stdin = io.StringIO("".join(f"{line}\n" for line in stdin))
    try:
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
            run(words[1:])
    finally:
        sys.stdin = old_stdin
    return printed.getvalue()


@dataclass
class Run:
    """One page's examples run on one database: the hashes shown and printed so far."""

    hashes: dict[str, str] = field(default_factory=dict)  # shown in the page -> printed by the run
    ran: int = 0

    def substitute(self, page: Path, command: str) -> str:
        def real(match: re.Match[str]) -> str:
            shown = match.group(1)
            assert not match.group(2), f"{rel(page)}: `{command}`: a reader cannot type {match.group(0)}"
            printed = [self.hashes[h] for h in self.hashes if h.startswith(shown)]
            assert printed, (
                f"{rel(page)}: `{command}` types {shown}, which is no hash the page showed before:"
                " show the one the run prints, or mark the block not run"
            )
            return printed[-1][: len(shown)]

        return HEX_WORD.sub(real, command)

    def page(self, page: Path) -> None:
        own = [(block.start, page, block) for block in blocks(page, "console") if block.run]
        for _, shown_on, block in sorted([*own, *borrowed(page)], key=lambda step: step[0]):
            for command, stdin, expected in commands(block.text):
                self.command(shown_on, command, stdin, expected)

    def command(self, page: Path, command: str, stdin: list[str], expected: list[str]) -> None:
        printed = execute(shlex.split(self.substitute(page, command), comments=True), stdin)
        actual = printed.splitlines()
        pairs = align(expected, actual)
        assert pairs is not None, (
            f"{rel(page)}: `{command}` printed\n"
            + "\n".join(actual)
            + f"\n\nbut {rel(page)} shows\n"
            + "\n".join(expected)
        )
        for e, a in pairs:
            for shown, real in zip(HASH.findall(expected[e]), HASH.findall(actual[a]), strict=True):
                self.hashes[shown] = real
        self.ran += 1


def setup_commands() -> list[list[str]]:
    """The ``referee`` commands of the README's install command (the first of "Two commands")."""
    install = two_commands()[0]
    return [
        shlex.split(part.strip().removeprefix(".venv/bin/"))
        for part in install.split("&&")
        if part.strip().startswith(".venv/bin/referee ")
    ]


def two_commands() -> list[str]:
    section = README.read_text().split("\n## Two commands\n", 1)[1].split("\n## ", 1)[0]
    return [match.group(2).strip() for match in FENCE.finditer(section)]


def prerequisites(page: Path) -> list[Path]:
    """The pages whose examples run before ``page``'s on its database, the first first."""
    match = CONTINUES.search(page.read_text())
    if match is None:
        return []
    before = (page.parent / match.group(1)).resolve()
    assert before.exists() and before != page, f"{rel(page)} continues {match.group(1)}: no such page"
    return [*prerequisites(before), before]


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A scratch directory with the fixtures, as a clone's root; a fresh database in it."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "fixtures").symlink_to(ROOT / "fixtures")
    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "ledger.db"))
    monkeypatch.delenv("REFEREE_GAME", raising=False)
    return tmp_path


@pytest.mark.parametrize(
    "page", [page for page in PAGES if any(b.run for b in blocks(page, "console"))], ids=rel
)
def test_every_console_example_prints_what_the_page_shows(page: Path, table: Path) -> None:
    for before in prerequisites(page):
        run_page(before)
    assert run_page(page).ran >= 1


def run_page(page: Path) -> Run:
    """``page``'s examples on the current database (the README's after its install command's)."""
    if page == README:
        for words in setup_commands():
            execute(words, [])
    run_ = Run()
    run_.page(page)
    return run_


def test_the_readme_stays_a_five_minute_read() -> None:
    """Issue 20: about 250 lines; what a reader looks up belongs on a page of docs/."""
    assert len(README.read_text().splitlines()) <= 275


def test_the_readme_plays_a_whole_game() -> None:
    """From `new` to the final score sheet, with a refusal, an undo and a void."""
    text = "\n".join(block.text for block in blocks(README, "console") if block.run)
    for shown in ("$ referee new ", "referee: ", "$ referee undo", "$ referee void", "score sheet, final"):
        assert shown in text, shown


@pytest.mark.parametrize("page", [page for page in PAGES if blocks(page, "python")], ids=rel)
def test_the_python_examples_run(page: Path, table: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # An example may register or unregister a game: the tests' registry is put back after it.
    monkeypatch.setattr(games, "_REGISTRY", dict(games._REGISTRY))
    for block in blocks(page, "python"):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(block.text, rel(page), "exec"), {})
        # An example says what it prints in comments starting "# prints": check those lines.
        lines = [line for line in block.text.splitlines() if line.startswith("# prints ")]
        expected = [line.removeprefix("# prints ").strip() for line in lines]
        assert expected and out.getvalue().splitlines() == expected


def test_the_readme_commands_are_the_install_and_the_test_command_ci_runs() -> None:
    install, test = two_commands()
    assert install.startswith("python3.11 -m venv .venv && .venv/bin/pip install -q -e '.[test]'")
    assert test == ".venv/bin/python -m pytest -n auto"
    ci = [line.strip() for line in CI.read_text().splitlines()]
    assert test in ci, ".ci/run must run the README's test command as it is written"


# Links between the README and docs/: relative targets exist, anchors name a heading there.


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: its text lowercased, punctuation dropped, spaces as -."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link: its text
    text = text.strip().lower()
    kept = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LN")
    return kept.replace(" ", "-")


def headings(page: Path) -> list[tuple[int, int, str]]:
    """(where it starts, its level, its anchor) for each heading of ``page``, in order."""
    masked = FENCE.sub(lambda match: re.sub(r"[^\n]", " ", match.group(0)), page.read_text())
    found: list[tuple[int, int, str]] = []
    for heading in HEADING.finditer(masked):
        base = slug(heading.group(2))
        anchor, n = base, 0
        while anchor in {name for _, _, name in found}:
            n += 1
            anchor = f"{base}-{n}"
        found.append((heading.start(), len(heading.group(1)), anchor))
    return found


def anchors(page: Path) -> set[str]:
    return {anchor for _, _, anchor in headings(page)}


def links(text: str) -> list[str]:
    prose = re.sub(r"`[^`\n]*`", "", FENCE.sub("", text))
    return re.findall(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", prose)


def broken(page: Path, text: str | None = None) -> list[str]:
    bad = []
    for target in links(page.read_text() if text is None else text):
        if re.match(r"[a-z]+:", target):
            continue  # http:, https:, mailto:
        path, _, anchor = target.partition("#")
        where = (page.parent / path).resolve() if path else page
        if not where.exists() or ROOT not in where.parents:
            bad.append(f"{target}: no such file")
        elif anchor and where.suffix == ".md" and anchor not in anchors(where):
            bad.append(f"{target}: no heading #{anchor} in {rel(where)}")
    return bad


@pytest.mark.parametrize("page", PAGES, ids=rel)
def test_every_link_leads_somewhere(page: Path) -> None:
    assert broken(page) == []


def test_the_link_check_catches_a_broken_link() -> None:
    text = "[x](reference.md#no-such-heading), [y](gone.md), `[not](a-link.md)`, [z](#contents)"
    assert broken(ROOT / "docs" / "loop.md", text) == [
        "reference.md#no-such-heading: no heading #no-such-heading in docs/reference.md",
        "gone.md: no such file",
    ]


def test_slugs_are_githubs() -> None:
    assert (
        slug("LOOP's Competitive, Cooperative and Solo modes")
        == "loops-competitive-cooperative-and-solo-modes"
    )
    assert slug("The shell: `referee play`") == "the-shell-referee-play"
    assert slug("Rules notes (LOOP)") == "rules-notes-loop"


def test_the_walkthrough_quotes_pebbles_as_it_is() -> None:
    """docs/python.md's "How to add a game" walks through tests/pebbles.py: every function, class
    and fact of pebbles its examples define is the file's own, word for word."""
    page = ROOT / "docs" / "python.md"
    source = (ROOT / "tests" / "pebbles.py").read_text()
    pebbles_names = set(vars(importlib.import_module("tests.pebbles")))
    start, end = section(page, "how-to-add-a-game")
    quoted = []
    for block in blocks(page, "python"):
        if not start <= block.start < end:
            continue
        for node in ast.parse(block.text).body:
            if isinstance(node, ast.FunctionDef | ast.ClassDef):
                name = node.name
            elif isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                name = next((t.id for t in targets if isinstance(t, ast.Name)), "")
            else:
                continue
            if name in pebbles_names:
                segment = ast.get_source_segment(block.text, node)
                assert segment is not None and segment in source, f"{name} is not pebbles' own"
                quoted.append(name)
    assert {"State", "Take", "decide", "evolve", "legal", "parse", "text"} <= set(quoted), quoted


@pytest.mark.parametrize("page", PAGES, ids=rel)
def test_every_page_has_a_contents_list_of_its_sections(page: Path) -> None:
    text = FENCE.sub("", page.read_text())
    sections = [slug(line[3:]) for line in text.splitlines() if line.startswith("## ")]
    contents = text.split("## Contents", 1)
    assert len(contents) == 2, f"{rel(page)} has no '## Contents'"
    listed = set(re.findall(r"\]\(#([^)]+)\)", contents[1].split("\n## ", 1)[0]))
    assert [s for s in sections if s != "contents" and s not in listed] == []


def test_a_block_run_from_another_page_is_run_there() -> None:
    ran = {(rel(shown_on), block.start) for page in PAGES for _, shown_on, block in borrowed(page)}
    lent = [(rel(page), b.start) for page in PAGES for b in blocks(page, "console") if b.run_from]
    assert [where for where in lent if where not in ran] == []


def test_every_docs_page_is_linked_from_the_readme() -> None:
    linked = {target.partition("#")[0] for target in links(README.read_text())}
    assert [rel(page) for page in PAGES[1:] if rel(page) not in linked] == []


def test_a_hash_typed_must_be_one_the_page_showed() -> None:
    shown, printed = "753a78b5" + "0" * 56, "1a2b3c4d" + "f" * 56
    run_ = Run(hashes={shown: printed})
    assert run_.substitute(README, "referee verify --head 753a78b5") == "referee verify --head 1a2b3c4d"
    with pytest.raises(AssertionError, match="no hash the page showed"):
        run_.substitute(README, "referee verify --head 1a2b3c4d")
    with pytest.raises(AssertionError, match=r"a reader cannot type 753a78b5\.\.\."):
        run_.substitute(README, "referee verify --head 753a78b5...")
