"""The game contract declares every optional part once (``ledger.decider.OPTIONAL``), and a game
spells only what the contract knows (issue 43): a hook spelt otherwise would be silently off,
its default taken, with no test of that game's rules failing for it."""

from __future__ import annotations

import difflib
import importlib
from types import ModuleType

import pytest

from ledger import decider, games
from ledger.decider import OPTIONAL, Game, optional

# What every game must define: the Protocol's attributes and methods (not the copies of its
# methods a mutation run adds to the class, benchmarks/mutation.py's mutmut names them x...ǁ...).
REQUIRED = set(Game.__annotations__) | {
    name
    for name, value in vars(Game).items()
    if callable(value) and not name.startswith("_") and "__mutmut_" not in name
}
CONTRACT = REQUIRED | set(OPTIONAL)
MODULES = ["ledger.games.loop", "ledger.games.planet_b", "ledger.games.pursuit", "tests.pebbles"]


def own_functions(module: ModuleType) -> set[str]:
    """The public functions of a game's package in its module's namespace (its own, or imported
    from its submodules): where a misspelt hook would be."""
    package = module.__name__.rsplit(".", 1)[0] if module.__name__ == "tests.pebbles" else module.__name__
    return {
        name
        for name, value in vars(module).items()
        if not name.startswith("_")
        and callable(value)
        and not isinstance(value, type)
        and str(getattr(value, "__module__", "")).startswith(package)
    }


def test_the_contract_is_the_protocol_and_the_optional_parts() -> None:
    assert {"initial", "decide", "evolve", "legal", "score", "name", "State"} <= REQUIRED
    assert not REQUIRED & set(OPTIONAL)
    assert {"BOOKKEEPING", "chance", "identify", "reserved_words", "absent_verbs"} <= set(OPTIONAL)


@pytest.mark.parametrize("path", MODULES)
def test_a_game_defines_the_contract_and_spells_only_what_it_knows(path: str) -> None:
    module = importlib.import_module(path)
    missing = sorted(name for name in REQUIRED if not hasattr(module, name))
    assert not missing, f"{path} lacks {missing}"
    exported = set(module.__all__)
    unknown = {
        name: difflib.get_close_matches(name, CONTRACT, n=1, cutoff=0.6)
        for name in exported | own_functions(module)
        if name not in CONTRACT
    }
    assert not {name: close for name, close in unknown.items() if name in exported or close}, (
        f"{path} spells parts of the game contract that ledger.decider does not know "
        "(name: the nearest it does): declare a new optional part in OPTIONAL"
    )
    # What it exports is exactly what it defines of the contract.
    assert exported == {name for name in CONTRACT if hasattr(module, name)}, path


def reserved_word(setup: object) -> dict[str, str]:
    return {"pebble": "a pebble"}


@pytest.mark.parametrize("where", ["exported", "defined"])
def test_a_misspelt_hook_is_named(where: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above, on a game that spells ``reserved_word``: named, with the part it meant."""
    module = importlib.import_module("tests.pebbles")
    assert difflib.get_close_matches("reserved_word", CONTRACT, n=1, cutoff=0.6) == ["reserved_words"]
    if where == "exported":
        monkeypatch.setattr(module, "__all__", [*module.__all__, "reserved_word"])
    monkeypatch.setattr(module, "reserved_word", reserved_word, raising=False)
    with pytest.raises(AssertionError, match="'reserved_word': \\['reserved_words'\\]"):
        test_a_game_defines_the_contract_and_spells_only_what_it_knows("tests.pebbles")


def test_an_optional_part_is_looked_up_by_its_declared_name_only() -> None:
    pebbles = games.get("pebbles") if "pebbles" in games.names() else importlib.import_module("tests.pebbles")
    assert optional(pebbles, "BOOKKEEPING") == ()  # pebbles defines none: the default
    assert optional(games.get("loop"), "chance") is importlib.import_module("ledger.games.loop").chance
    with pytest.raises(KeyError):
        optional(pebbles, "reserved_word")
    assert decider.OPTIONAL["rules_versions"] is None  # None: only rules_version
