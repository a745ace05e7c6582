"""A group's card faces as a TOML file (``ledger.cardfile``), read and written back the same
for every game: each mistake a person can fix the file from is one line naming it."""

from __future__ import annotations

import tomllib
from typing import Any

import msgspec
import pytest

from ledger import cardfile
from ledger.errors import BadInput


def refusal(call: Any, *args: Any) -> BadInput:
    with pytest.raises(BadInput) as caught:
        call(*args)
    return caught.value


def test_only_the_sections_a_game_knows() -> None:
    doc = cardfile.parse('[[activity]]\nname = "DANCE"\n', ("activity", "goal"))
    assert doc == {"activity": [{"name": "DANCE"}]}
    bad = refusal(cardfile.parse, '[[actvity]]\nname = "x"\n[[zzz]]\nname = "y"\n', ("activity", "goal"))
    assert (bad.message, bad.legal) == ("cards file: unknown section 'actvity'", "activity, goal")
    assert refusal(cardfile.parse, "name = ", ("activity",)).message.startswith("cards file is not TOML: ")


def test_entries_are_tables_each_named() -> None:
    doc = {"goal": [{"name": "HOBBY"}, {"name": "ART", "reward": 2}]}
    assert cardfile.entries(doc, "goal") == doc["goal"]
    assert cardfile.entries({}, "goal") == []
    assert (
        refusal(cardfile.entries, {"goal": {"name": "x"}}, "goal").message
        == "cards file: [[goal]] must be tables"
    )
    assert refusal(cardfile.entries, {"goal": [{"name": "x"}, 3]}, "goal").message == (
        "cards file: [[goal]] must be tables"
    )
    for entry in ({}, {"name": " "}, {"name": 3}, {"name": ["x"]}):
        assert (
            refusal(cardfile.entries, {"goal": [entry]}, "goal").message
            == "cards file: every [[goal]] needs a name"
        )
    # a field other than the name may be a number (Pursuit's level cards: ``level = 2``)
    assert cardfile.entries({"card": [{"level": 2}]}, "card", "level") == [{"level": 2}]
    assert cardfile.entries({"card": [{"level": "2"}]}, "card", "level") == [{"level": "2"}]
    bad = refusal(cardfile.entries, {"card": [{"level": ""}]}, "card", "level")
    assert bad.message == "cards file: every [[card]] needs a level"


def test_keys_an_entry_may_have() -> None:
    cardfile.keys({"name": "x", "needs": []}, {"name", "needs", "props"}, "activity DANCE")
    bad = refusal(cardfile.keys, {"name": "x", "zz": 1, "aa": 2}, {"name"}, "activity DANCE")
    assert bad.message == "cards file: activity DANCE: unknown key 'aa'"


def test_a_list_of_names_from_those_allowed() -> None:
    allowed = ("glass", "food")
    assert cardfile.strings({"needs": ["Glass", "food"]}, "needs", allowed, "w") == ("glass", "food")
    assert cardfile.strings({}, "needs", allowed, "w") is None
    assert cardfile.strings({"needs": []}, "needs", allowed, "w") == ()
    for value in ("glass", ["glass", 2]):
        bad = refusal(cardfile.strings, {"needs": value}, "needs", allowed, "activity DANCE")
        assert bad.message == "cards file: activity DANCE: needs must be a list of names"
    bad = refusal(cardfile.strings, {"needs": ["glass", "gold"]}, "needs", allowed, "activity DANCE")
    assert (bad.message, bad.legal) == ("cards file: activity DANCE: unknown needs 'gold'", "glass, food")


class Face(msgspec.Struct, tag=True):
    name: str
    needs: tuple[str, ...]
    reward: int
    harder: bool
    parts: dict[str, Any]


class Untagged(msgspec.Struct):
    name: str


def test_a_face_written_back_reads_back_the_same() -> None:
    face = Face('MR. "T"\\', ("glass", "food"), 3, False, {"cost": [1, 2], "ok": True})
    lines = cardfile.toml_entry("goal", face, True)
    assert lines == [
        "[[goal]]",
        'name = "MR. \\"T\\"\\\\"',
        'needs = ["glass", "food"]',
        "reward = 3",
        "harder = false",
        "parts = {cost = [1, 2], ok = true}",
        "",
    ]
    back = tomllib.loads("\n".join(lines))["goal"][0]
    assert back == {
        "name": 'MR. "T"\\',
        "needs": ["glass", "food"],
        "reward": 3,
        "harder": False,
        "parts": {"cost": [1, 2], "ok": True},
    }
    assert cardfile.toml_entry("settings", face, False)[0] == "[settings]"
    assert cardfile.toml_array(["a", 'b"']) == '["a", "b\\""]'
    # a face of no tag is written as it is
    assert cardfile.toml_entry("goal", Untagged("HOBBY"), True) == ["[[goal]]", 'name = "HOBBY"', ""]
    with pytest.raises(TypeError):
        cardfile.toml_value(1.5)
