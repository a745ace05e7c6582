"""Every page speaks the game's words, never the command line's (issue 42, "The chips speak the
command line"): on the rendered HTML of every page kind (the board, each player's, the table's) of
each game at several states of a seeded random game, no visible label holds ``--``, ``=``, a
colon before a digit (``food:1``) or a card name in the grammar's spelling (``test-singer``);
nor does any chip the picker draws (its tree is in the page, ``data-picker``), nor a move's
preview. Attribute values (the typed commands, ``title``) are not shown and may hold anything.

Then a few chips of each game, with words from its rulebook (/work/shared/rules/).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from ledger.picker import moves
from ledger.service import Referee
from ledger.store import Store
from referee_cli.serve import make_app
from tests import finished
from tests.conftest import fixed_clock
from tests.serve.conftest import PLAYERS, served_game

# What the command line writes and a page must not: a flag, a key=value, a count or QUALITY after
# a colon (``food:1``, ``plastic:2``), a card named as typed (lower case, hyphens).
GRAMMAR = re.compile(r"--|=|:\d|(?<![\w’'-])(?=[0-9-]*[a-z])[a-z0-9]+(?:-[a-z0-9]+)+(?![\w-])")
# Plain English compounds a page may well say (none is a card's typed name).
ENGLISH = {"face-up", "face-down", "base-game", "stand-alone", "co-op", "take-back", "re-shown"}
STATES = {"loop": (0, 6, 30, 90), "planet-b": (0, 8, 40, 150, 400), "pursuit": (0, 12, 60, 200)}


class Visible(HTMLParser):
    """The text a page shows, element by element; and the picker trees it holds (drawn as chips).
    The command line's own tables (``details.tables``, "as at the command line") are left out."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.pickers: list[Any] = []
        self._hidden = 0  # inside script, style, or the command line's tables
        self._stack: list[bool] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if attributes.get("data-picker"):
            self.pickers.append(json.loads(attributes["data-picker"] or "{}"))
        if tag in ("meta", "link", "input", "br", "img"):
            return
        hidden = tag in ("script", "style") or (
            tag == "details" and "tables" in (attributes.get("class") or "")
        )
        self._stack.append(hidden)
        self._hidden += hidden

    def handle_endtag(self, tag: str) -> None:
        if tag in ("meta", "link", "input", "br", "img") or not self._stack:
            return
        self._hidden -= self._stack.pop()

    def handle_data(self, data: str) -> None:
        if not self._hidden and data.strip():
            self.texts.append(" ".join(data.split()))


def grammar_in(text: str) -> list[str]:
    return [m for m in GRAMMAR.findall(text) if m not in ENGLISH]


def chips(picker: Any) -> Iterator[str]:
    """Every label the page's picker draws: each verb's chip, each choice, each move in words."""
    for group in picker["verbs"]:
        yield group["label"] or group["said"] or group["verb"]
        yield group["help"]
        yield from _step_labels(group["step"])


def _step_labels(step: Any) -> Iterator[str]:
    if step["move"]:
        yield step["move"]["said"] or step["move"]["label"]
    for choice in step["choices"]:
        yield choice["label"]
        yield from _step_labels(choice["step"])


def _game(db: Path, kind: str, made: int) -> tuple[Referee, int, dict[str, str]]:
    if kind == "loop":
        referee, game, tokens = served_game(db, seed=7)
    else:
        referee = Referee(Store(db), clock=fixed_clock())
        game = finished.new(referee, kind, PLAYERS)
        tokens = referee.new_links(game)
    if made:
        finished.play(referee, game, kind, until_over=False, moves=made)
    return referee, game, tokens


def _said(client: TestClient, tokens: dict[str, str], role: str, picker: Any, head: int) -> list[str]:
    """The preview of each verb's first move on ``role``'s page: its words and its facts."""
    out = []
    for group in picker["verbs"]:
        first = next((m for m in moves(_step(group["step"])) if m.command), None)
        if first is None:
            continue
        reply = client.post(
            f"/t/{tokens[role]}/preview", json={"command": first.command, "head": head}
        ).json()
        if reply["ok"]:
            out += [reply["said"], *reply["facts"]]
    return out


def _step(raw: Any) -> Any:
    from msgspec import convert

    from ledger.picker import Step

    return convert(raw, Step)


@pytest.mark.parametrize("kind", sorted(STATES))
def test_no_page_speaks_the_command_line(tmp_path: Path, kind: str) -> None:
    found: dict[str, set[str]] = {}
    for made in STATES[kind]:
        db = tmp_path / f"{kind}-{made}.db"
        referee, game, tokens = _game(db, kind, made)
        head = referee.store.head(game)[0]
        with TestClient(make_app(db, game, poll=0.05)) as client:
            for role in (None, *tokens):
                page = client.get("/" if role is None else f"/t/{tokens[role]}")
                assert page.status_code == 200, page.text
                seen = Visible()
                seen.feed(page.text)
                labels = seen.texts + [label for picker in seen.pickers for label in chips(picker)]
                if role is not None:
                    labels += [
                        said for picker in seen.pickers for said in _said(client, tokens, role, picker, head)
                    ]
                for label in labels:
                    for bad in grammar_in(label):
                        found.setdefault(f"{bad!r} in {label!r}", set()).add(f"{role or 'board'} at {made}")
        referee.store.close()
    assert not found, "\n".join(f"{what} ({', '.join(sorted(where))})" for what, where in found.items())


def test_the_pattern_catches_the_command_line() -> None:
    """What the issue saw on the pages is caught; the rulebook's words are not."""
    for grammar in (
        "--rep",
        "dance=glass@1,plastic@2",
        "food:1",
        "reject cat --discard",
        "test-happening-14",
    ):
        assert grammar_in(grammar), grammar
    for words in (
        "spend 1 REPUTATION (+1 COIN)",
        "DANCE: GLASS@1 + PLASTIC@2",
        "TEST CAREER MINDED",
        "ben: FAVOUR",
    ):
        assert not grammar_in(words), words


def test_a_favours_answerer_sees_its_terms(served: Any) -> None:
    """ben, asked to answer ann's BARTER, reads on his own page which cards move and what ACCEPT
    and REJECT each do (LOOP 3.1 BARTER: "Exchange 1 MATERIAL with another player ... Player who
    ACCEPT gain 1 REPUTATION"; 2.4 a) the ACCEPTed FAVOUR goes to the hand; 2.4 b) "REJECT-ed
    FAVOURs always go to the Discard Pile"), beside his answers, not only in the last moves."""
    assert served.move("ann", "favour ann barter ben utility@2 plastic@2").json()["ok"]
    page = served.client.get(served.url("ben")).text
    at = page.index('class="pending terms"')
    terms = " ".join(re.sub(r"<[^>]+>", "", page[at : page.index("</div>", at)]).split())
    assert "ann plays BARTER to ben: ben’s PLASTIC@2 for ann’s UTILITY@2. ben to answer." in terms
    assert "ACCEPT: that happens; the BARTER goes to ben’s hand, +1 REPUTATION." in terms
    # ben holds no other BARTER and no REPUTATION to spend: he is told he must ACCEPT
    assert "no REJECT now: ben must ACCEPT." in terms
    # right under his answers, which are chips in the rulebook's words
    assert page.index('id="picker"') < at < page.index("BUY AREA")
    seen = Visible()
    seen.feed(page)
    (picker,) = seen.pickers
    assert [group["said"] for group in picker["verbs"]] == ["ACCEPT"]


def test_a_favour_that_may_be_rejected_says_how(served: Any) -> None:
    """ben, with 1 REPUTATION from ACCEPTing a BARTER, is asked for a SHARE: his page says what
    each answer does (LOOP 3.1 SHARE: "Spend 1 QUALITY of a player's MATERIAL ... Player who
    ACCEPT gain 2 REPUTATION"; 2.5 d) "Spend 1 REPUTATION to REJECT any 1 FAVOUR. Move the
    REJECT-ed FAVOUR to Discard Pile"), and his REJECT chip says how."""
    for words in (
        "favour ann barter ben utility@2 plastic@2",
        "accept ben",
        "favour ann share ben utility@2",
    ):
        assert served.move("ann" if words.startswith("favour") else "ben", words).json()["ok"], words
    page = served.client.get(served.url("ben")).text
    at = page.index('class="pending terms"')
    terms = " ".join(re.sub(r"<[^>]+>", "", page[at : page.index("</div>", at)]).split())
    assert "ann plays SHARE to ben: ann spends 1 QUALITY of ben’s UTILITY@2." in terms
    # (2 for a SHARE, but REPUTATION is kept up to 2 and ben has 1: +1, as the move's fact says)
    assert "ACCEPT: that happens; the SHARE goes to ben’s hand, +1 REPUTATION." in terms
    assert "REJECT by spending 1 REPUTATION: nothing moves; the SHARE goes to the Discard Pile." in terms
    seen = Visible()
    seen.feed(page)
    (picker,) = seen.pickers
    assert [group["said"] for group in picker["verbs"]] == ["ACCEPT", "REJECT"]
    reject = next(g for g in picker["verbs"] if g["said"] == "REJECT")
    assert [m.said for m in moves(_step(reject["step"]))] == ["ben: REJECT by spending 1 REPUTATION"]
