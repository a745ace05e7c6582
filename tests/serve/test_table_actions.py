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


def _ann_ended_and_ben_worked(served: Served) -> tuple[int, int]:
    """ann WORKs and ends her turn, ben WORKs: (the seq of ann's end, of ben's WORK)."""
    assert served.move("ann", "work ann").status_code == 200
    assert served.move("ann", "end ann").status_code == 200
    ended = served.last().seq
    assert served.move("ben", "work ben").status_code == 200
    return ended, served.last().seq


def test_a_void_from_the_table_page_shows_its_cascade_and_records_exactly_it(served: Served) -> None:
    """Issue 42: the table's page shows what a void would take back before it is recorded. Voiding
    ann's end of turn leaves it her turn (2.1, 2.2: one action, then the turn goes clockwise),
    so ben's WORK after it no longer holds: with cascade, both go, and nothing else."""
    ended, worked = _ann_ended_and_ben_worked(served)
    head = served.head()
    asked = {"seq": ended, "reason": "ann had not finished", "cascade": "1"}
    preview = served.post("table", "/table/void/preview", asked)
    assert preview.status_code == 200, preview.text
    told = preview.json()
    assert told["line"] == f"void #{ended} would take back 2 moves:"
    # Each move in the game's words with its mover, as the last moves say it (2.2 a WORK; the
    # turn's end), never the command line's ``end ann``.
    assert told["lines"] == [
        f"#{ended} (ann: end the turn)",
        f"#{worked} (ben: WORK)  by cascade: it does not hold without #{ended}",
    ]
    assert (told["target"], told["cascade"], told["head"]) == (ended, [worked], head)
    assert served.head() == head  # shown, not recorded
    # Without cascade, the void is refused in the page's words (a box to tick, not --cascade).
    alone = served.post("table", "/table/void/preview", {**asked, "cascade": ""})
    assert alone.status_code == 422
    assert alone.json()["line"].endswith("(tick cascade to void it too)")
    assert f"make move #{worked} (ben: WORK) illegal" in alone.json()["line"]
    # A player's page has no void to preview; nothing is recorded by any of it.
    assert served.post("ann", "/table/void/preview", asked).status_code == 403
    assert served.head() == head
    # Confirmed (posted with the preview's head): exactly the moves shown go.
    reply = served.post("table", "/table/void", {**asked, "head": told["head"]})
    assert reply.status_code == 200, reply.text
    assert reply.json()["line"] == (
        f"recorded #{head + 1}: void #{ended} (ann: end the turn) and, by cascade, #{worked} (ben: WORK)"
    )
    gone = {e.seq: e.reverted_how for e in served.referee.log(served.game) if e.reverted_how}
    assert gone == {ended: "void", worked: "cascade"}
    assert served.referee.board(served.game)[1].to_act == ["ann"]  # her turn again


def test_a_move_made_after_the_void_was_shown_refuses_the_confirmed_void(served: Served) -> None:
    ended, worked = _ann_ended_and_ben_worked(served)
    asked = {"seq": ended, "reason": "ann had not finished", "cascade": "1"}
    told = served.post("table", "/table/void/preview", asked).json()
    since = cli(served).submit_text(served.game, ["end", "ben"])  # at the laptop, meanwhile
    head = served.head()
    reply = served.post("table", "/table/void", {**asked, "head": told["head"]})
    assert reply.status_code == 409, reply.text
    line = reply.json()["line"]
    assert line.startswith(f"another writer's move #{since.seq} (end ben) was recorded after #{told['head']}")
    assert "the void was not recorded" in line
    assert served.head() == head  # ben's end of turn not taken back unseen
    # Shown again, the void now takes back ben's end of turn too.
    again = served.post("table", "/table/void/preview", asked).json()
    assert again["cascade"] == [worked, since.seq] and again["head"] == head
