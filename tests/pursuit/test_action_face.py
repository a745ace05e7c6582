"""A board action new to the referee is typed with its first move onto it (issue 41: "with the
face in the [move] that brings the card out ..., never a separate `declare` first"): ``action
PLAYER NAME reward=BOX [requirement=BOX]`` declares what the board prints and performs it in
one command; its hint is that move, its page form a field a box. The board's values here are
the tests' invented ones (the texts print none of the base game's board actions)."""

from __future__ import annotations

from msgspec.structs import replace

import ledger.games.pursuit as pursuit
from ledger.errors import BadInput, IllegalMove
from ledger.games.pursuit.faces import Action
from ledger.games.pursuit.model import Act, Declared
from ledger.games.pursuit.moves import unlisted
from tests.pursuit.table import Table, lay_out


def first_turn_unknown() -> Table:
    """The first Teen turn of a real table whose board actions nobody declared yet."""
    table = lay_out(Table(2))
    table.set(faces=replace(table.state.faces, actions={}))
    assert table.state.phase == "action" and table.state.active == "ann"
    return table


def test_the_first_move_onto_a_board_action_carries_its_box() -> None:
    table = first_turn_unknown()
    hint = table.refuse("action ann study", BadInput).legal or ""
    assert (
        hint.startswith("action ann study reward=REWARD [requirement=REQUIREMENT]") and "declare" not in hint
    )
    example = hint.split("; e.g. ")[1]
    knowledge = table.p("ann").knowledge
    events = table.play(example)  # action ann study reward=3knowledge
    assert events[0] == Declared(Action(name="study", reward="3knowledge"))
    assert table.state.faces.actions["study"] == Action(name="study", reward="3knowledge")
    assert table.p("ann").knowledge == knowledge + 3  # its reward, as typed


def test_the_box_typed_again_is_no_new_fact_and_another_is_refused() -> None:
    table = first_turn_unknown()
    table.play("action ann study reward=3knowledge")
    who = table.state.active
    events = table.play(f"action {who} study reward=3knowledge")  # the same box: the move only
    assert events and not any(isinstance(e, Declared) for e in events)
    who = table.state.active
    error = table.refuse(f"action {who} study reward=2knowledge", IllegalMove)
    assert "declared otherwise" in str(error)  # a face is declared once


def test_the_move_reads_back_as_typed() -> None:
    table = first_turn_unknown()
    line = "action ann temp-job reward=2money,1stress requirement=job"
    command = pursuit.parse(table.state, line.split())
    assert command == Act(
        "ann", "temp-job", face=Action(name="temp-job", reward="2money 1stress", requirement="job")
    )
    assert pursuit.text(command) == line


def test_the_page_asks_it_as_one_form_on_the_players_page() -> None:
    table = first_turn_unknown()
    [form] = [u for u in unlisted(table.state) if u.text == "action ann"]
    assert form.form and form.actor == "ann"
    assert [a.flag for a in form.asks] == ["", "reward=", "requirement="]
    assert form.asks[2].optional and all(a.example for a in form.asks)
