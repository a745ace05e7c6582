"""Issue 17: a Planet B declaration is typed in a shell as it is: a law's, a swindle space's and
a track space's two parts are split by '.', not by ';' (where bash ends the command)."""

from __future__ import annotations

import pytest

import ledger.games.planet_b as planet_b
from ledger.errors import BadInput
from ledger.randomplay import shell_safe
from tests.planet_b.table import started


def test_every_declaration_of_the_test_cards_types_in_a_shell() -> None:
    table = started()
    texts = [planet_b.text(command) for command in planet_b.load_cards(table.setup, table.cards)]
    assert any(" left=" in text for text in texts) and any("declare swindle" in text for text in texts)
    assert all(shell_safe(text) for text in texts), [t for t in texts if not shell_safe(t)]


@pytest.mark.parametrize(
    ("words", "parts"),
    [
        ("declare law plastic-bags colour=yellow left=-water.law right=money.vp", ("-water", "law")),
        ("declare swindle space=-3money.2vote", ("-3money", "2vote")),
    ],
)
def test_two_parts_are_split_by_a_dot_not_a_semicolon(words: str, parts: tuple[str, str]) -> None:
    table = started()
    face = planet_b.parse(table.state, words.split()).face
    assert parts in [tuple(p) for p in (getattr(face, "spaces", None) or [face.left])]
    with pytest.raises(BadInput, match=r"split by '\.', not ';'"):
        planet_b.parse(table.state, words.replace(".", ";").split())
