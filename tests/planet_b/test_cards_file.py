"""A table's own Planet B boards and cards as a TOML file (``planet_b.load_cards``): each
section read whatever others the file has, each mistake named by the entry it is in, and
the card library's key of each face declared (its kind and name)."""

from __future__ import annotations

import pytest

import ledger.games.planet_b as planet_b
from ledger.decider import Setup
from ledger.errors import BadInput
from ledger.games.planet_b.faces import Board, Building, Mood
from ledger.games.planet_b.model import Declare, Declared

SETUP = Setup(game="planet-b", rules_version="1", players=("ann", "ben"), mode="standard")


def declared(text: str) -> list[object]:
    return [c.face for c in planet_b.load_cards(SETUP, text) if isinstance(c, Declare)]


def refused(text: str) -> str:
    with pytest.raises(BadInput) as caught:
        planet_b.load_cards(SETUP, text)
    return str(caught.value)


BUILDING = 'name = "TEST TAILOR"\npile = "B"\ncost = 16\nvp = 5\nareas = ["crafty"]\nboxes = ["news"]\n'


def test_a_file_of_only_some_sections_declares_each_of_them() -> None:
    # No [[side]], the first section: the later ones are read all the same.
    faces = declared(f"[[building]]\n{BUILDING}\n[mood]\nspaces = ['-vote', '', 'vote']\nneutral = 2\n")
    assert [type(f) for f in faces] == [Mood, Building]


def test_each_mistake_names_the_entry_it_is_in() -> None:
    # A repeated section's entry by its name, or its number, or else its place in the file.
    second = BUILDING.replace("16", "'x'")
    assert refused(f"[[building]]\n{BUILDING}\n[[building]]\n{second}").startswith(
        "cards file: building TEST TAILOR: "
    )
    board = '[[board]]\nnumber = 1\nupper = ["plastic"]\nlower = ["water"]\n'
    assert refused(f"{board}[[board]]\nnumber = 7\nupper = 3\n").startswith("cards file: board 7: ")
    assert refused(f"{board}[[board]]\nupper = 3\n").startswith("cards file: board 2: ")
    assert refused("[mood]\nspaces = 3\n").startswith("cards file: mood: ")


def test_a_section_of_the_wrong_shape_is_refused() -> None:
    assert refused("building = [1, 2]\n") == "cards file: [[building]] must be tables"
    assert refused('building = "TAILOR"\n') == "cards file: [[building]] must be tables"
    assert refused('mood = "x"\n') == "cards file: [mood] must be a table"


def test_the_library_keys_a_face_by_its_kind_and_name() -> None:
    (building,) = declared(f"[[building]]\n{BUILDING}")
    assert isinstance(building, Building)
    assert planet_b.library_face(Declared(building)) == ("building TEST TAILOR", building)
    board = Board(number=2, upper=("plastic",), lower=("water",))
    assert planet_b.library_face(Declared(board)) == ("board 2", board)
    mood = Mood(spaces=("-vote", "", "vote"), neutral=2)
    assert planet_b.library_face(Declared(mood)) == ("mood", mood)  # declared once: no name
    assert planet_b.library_face(object()) is None
