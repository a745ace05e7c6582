"""Issue 40, hole 6: undo, redo and void from the table's page meet the same concurrency check as
a move. The page posts the head it showed; if anything was recorded since (a move typed at the
command line, another phone's undo), the action is refused as another writer's move (HTTP 409),
naming what was recorded, and nothing is appended: it would act on a table nobody has looked at
(an undo would take back the move recorded since, and a second tap the one before)."""

from __future__ import annotations

from ledger.service import Referee
from ledger.store import Store
from tests.conftest import fixed_clock
from tests.serve.conftest import Served


def cli(served: Served) -> Referee:
    """The command line: another writer on the same database."""
    return Referee(Store(served.referee.store.path), clock=fixed_clock())


def test_an_undo_asked_on_an_older_head_is_refused_naming_what_came_since(served: Served) -> None:
    assert served.move("ann", "work ann").status_code == 200
    shown = served.head()  # what the table's page shows (#86 in the issue)
    since = cli(served).submit_text(served.game, ["end", "ann"])  # #87, typed at the laptop
    head = served.head()
    for _ in range(2):  # the tap, and a second tap on the same page
        reply = served.post("table", "/table/undo", {"head": shown, "reason": "oops"})
        assert reply.status_code == 409, reply.text
        answer = reply.json()
        assert answer["error"] == "conflict"
        assert answer["line"].startswith(
            f"another writer's move #{since.seq} (end ann) was recorded after #{shown}"
        )
        assert "the undo was not recorded" in answer["line"] and "\n" not in answer["line"]
        assert served.head() == head  # nothing undone: not #87, and not #85 either
    # On the page as it is now, the undo takes back the move it shows.
    reply = served.post("table", "/table/undo", {"head": head, "reason": "oops"})
    assert reply.status_code == 200 and reply.json()["line"].endswith("(end ann)")


def test_a_double_tap_of_undo_undoes_once(served: Served) -> None:
    assert served.move("ann", "work ann").status_code == 200
    assert served.move("ann", "end ann").status_code == 200
    shown = served.head()
    first = served.post("table", "/table/undo", {"head": shown})  # two submissions, two ids
    second = served.post("table", "/table/undo", {"head": shown})  # (not work ann's undo too)
    assert first.status_code == 200 and first.json()["line"].endswith("(end ann)")
    assert second.status_code == 409
    assert f"#{shown + 1} (a revert) was recorded after #{shown}" in second.json()["line"]
    assert served.head() == shown + 1
    assert [e.text for e in served.referee.log(served.game, last=1)] == [
        first.json()["line"].split(": ", 1)[1]
    ]


def test_redo_and_void_asked_on_an_older_head_are_refused_too(served: Served) -> None:
    assert served.move("ann", "work ann").status_code == 200
    work = served.last().seq
    assert served.post("table", "/table/undo", {"head": served.head()}).status_code == 200
    shown = served.head()
    since = cli(served).submit_text(served.game, ["work", "ann"])  # the move again, from the laptop
    head = served.head()
    redo = served.post("table", "/table/redo", {"head": shown})
    assert (
        redo.status_code == 409
        and f"#{since.seq} (work ann) was recorded after #{shown}" in redo.json()["line"]
    )
    assert "the redo was not recorded" in redo.json()["line"]
    void = served.post("table", "/table/void", {"head": shown, "seq": since.seq, "reason": "disputed"})
    assert void.status_code == 409 and "the void was not recorded" in void.json()["line"]
    assert served.head() == head
    # The same void asked on the head the page shows now is recorded; and without a head (a
    # page of before, or curl) as at the command line, unchecked.
    void = served.post("table", "/table/void", {"head": head, "seq": since.seq, "reason": "disputed"})
    assert void.status_code == 200, void.text
    # Issue 42: undo takes back the latest action, the void, then the move it voided.
    assert served.post("table", "/table/undo", {}).status_code == 200
    assert served.post("table", "/table/undo", {}).status_code == 200
    assert served.post("table", "/table/undo", {}).status_code == 422  # nothing left to undo
    assert work < since.seq


def test_the_command_line_undo_redo_and_void_are_unchanged(served: Served) -> None:
    laptop = cli(served)
    first = laptop.submit_text(served.game, ["work", "ann"])
    laptop.submit_text(served.game, ["end", "ann"])
    assert laptop.undo(served.game).text == f"undo #{first.head + 1} (end ann)"
    assert laptop.redo(served.game).text == "end ann"
    assert laptop.void(served.game, first.seq, reason="disputed", cascade=True).seq == served.head()
