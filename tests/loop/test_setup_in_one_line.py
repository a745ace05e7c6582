"""Issue 17, follow-up: a real table's LOOP setup reveals in one command each, and a reveal
typed for a card the referee flipped itself refused saying so."""

from __future__ import annotations

import shlex

import pytest

import ledger.games.loop as loop
from ledger.errors import BadInput, IllegalMove
from ledger.games.loop.model import ActivityRevealed, MaterialRevealed, RevealActivity, RevealMaterial
from tests.loop.table import Table, started


def test_every_starting_material_in_one_command_each_to_its_player() -> None:
    """LOOP 1.0: "Take 2 COIN and 1 random MATERIAL at QUALITY 2 to your AREA": the cards go
    to the players named, in order."""
    table = Table(3)
    ann, ben, cat = table.state.seats
    assert (
        f"reveal material TYPE TYPE TYPE --to {ann},{ben},{cat}"
        in loop.present(loop.view(table.state)).prompt
    )
    events = table.play(f"reveal material glass food metal --to {ann},{ben},{cat}")
    assert [e for e in events if isinstance(e, MaterialRevealed)] == [
        MaterialRevealed("glass", ann),
        MaterialRevealed("food", ben),
        MaterialRevealed("metal", cat),
    ]
    assert [table.state.players[name].materials for name in (ann, ben, cat)] == [
        (("glass", 2),),
        (("food", 2),),
        (("metal", 2),),
    ]
    assert table.state.awaiting_start == ()


def test_a_player_named_twice_for_one_starting_material_is_refused_whole() -> None:
    table = Table(3)
    ann, ben, _ = table.state.seats
    table.refuse(f"reveal material glass food --to {ann},{ann}", IllegalMove, "LOOP 1.0 Setup")
    table.refuse(f"reveal material glass food metal --to {ann},{ben}", BadInput)  # 3 cards, 2 players


def test_the_consume_area_in_one_command_then_the_first_turn() -> None:
    """LOOP 1.0: the CONSUME AREA's 5 ACTIVITY; with them the setup is over (2.1)."""
    table = Table(2)
    ann, ben = table.state.seats
    table.play(f"reveal material glass food --to {ann},{ben}")
    assert "reveal activity NAME [NAME ...] (x5)" in loop.present(loop.view(table.state)).prompt
    events = table.play("reveal activity dance picnic picnic library cooking")
    revealed = [e.name for e in events if isinstance(e, ActivityRevealed)]
    assert revealed == ["DANCE", "PICNIC", "PICNIC", "LIBRARY", "COOKING"]
    assert table.state.phase == "turn" and table.state.active == ann


def test_a_sixth_activity_refuses_the_whole_command() -> None:
    table = Table(2)
    ann, ben = table.state.seats
    table.play(f"reveal material glass food --to {ann},{ben}")
    # the 6th finds the setup over: no slot awaits it (2.7 fills slots at the end of a turn)
    table.refuse(
        "reveal activity dance picnic picnic library cooking dance", IllegalMove, "LOOP 2.7 End Turn"
    )
    assert table.state.consume_area == ()


def test_a_new_face_is_described_alone() -> None:
    table = Table(2)
    ann, ben = table.state.seats
    table.play(f"reveal material glass food --to {ann},{ben}")
    typed = loop.parse(
        table.state, shlex.split("reveal activity ice skating --needs metal,glass --props heart,group")
    )
    assert typed == RevealActivity("ICE SKATING", ("metal", "glass"), ("heart", "group"))  # one card
    several = RevealActivity("YOGA", ("metal", "glass"), ("heart", "group"), ("DANCE",))
    table.refuse_command(several, BadInput)


def test_a_known_name_typed_in_several_words_is_still_one_card() -> None:
    state = Table(2).state
    assert "BOARD GAMES" in state.activity_faces
    assert loop.parse(state, shlex.split("reveal activity board games")) == RevealActivity("BOARD GAMES")
    assert loop.parse(state, shlex.split("reveal activity dance yoga")) == RevealActivity(
        "DANCE", more=("YOGA",)
    )


@pytest.mark.parametrize(
    "command",
    [
        RevealMaterial("glass", "bob", ("food",), to_each=("bob", "carol")),
        RevealMaterial("glass", "bob", ("food",)),
        RevealActivity("DANCE", more=("PICNIC", "BOARD GAMES")),
    ],
    ids=loop.text,
)
def test_the_one_command_forms_parse_back(command: RevealMaterial | RevealActivity) -> None:
    state = Table(("alice", "bob", "carol")).state
    assert loop.parse(state, shlex.split(loop.text(command))) == command


def test_one_player_named_for_every_card_reads_as_one() -> None:
    state = Table(("alice", "bob", "carol")).state
    typed = loop.parse(state, shlex.split("reveal material glass food --to bob,bob"))
    assert typed == RevealMaterial("glass", "bob", ("food",))


def test_a_reveal_typed_for_the_card_the_referee_flipped_says_it_was_flipped() -> None:
    """LOOP 2.7 refills the BUY AREA from the deck; with 2 METAL left the card is known, the
    referee flips it (issue 17), and a reveal the table types for it is told so."""
    table = started()
    table.set(material_deck=("metal", "metal"))
    table.play("buy alice glass:1")
    assert MaterialRevealed("metal", by="referee") in table.play("end alice")
    error = table.refuse("reveal material metal", IllegalMove, "LOOP 2.7 End Turn")
    assert "METAL) was performed already, by the referee" in str(error)
    table.play("work bob", "end bob")  # the next turn end: nothing of it is left to type
    table.refuse("reveal material metal", IllegalMove, "LOOP 2.7 End Turn")


def test_a_game_recorded_under_rules_version_3_keeps_its_unmarked_flip() -> None:
    table = started(rules_version="3")
    table.set(material_deck=("metal", "metal"))
    table.play("buy alice glass:1")
    assert MaterialRevealed("metal") in table.play("end alice")
    error = table.refuse("reveal material metal", IllegalMove, "LOOP 2.7 End Turn")
    assert "no empty BUY AREA slot" in str(error)
