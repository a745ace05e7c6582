"""What people see: status (with hidden information), prompts, the log and the score sheet."""

from __future__ import annotations

from typing import Any

import ledger.games.loop as loop
from ledger.decider import Status
from tests.loop.fuzz import play
from tests.loop.table import Table, started


def render(status: Status) -> str:
    lines = [status.headline, f"to act: {', '.join(status.to_act)}", f"prompt: {status.prompt}"]
    lines += [f"{key}: {value}" for key, value in status.facts]
    for table in status.tables:
        lines.append(f"[{table.title}]")
        lines.append(" | ".join(table.columns))
        lines += [" | ".join(row) for row in table.rows]
    return "\n".join(lines)


def column(status: Status, name: str) -> dict[str, str]:
    """One column of the per-player tables (players, AREA, GOAL), by player."""
    for table in status.tables:
        if table.columns[0] == "player" and name in table.columns:
            index = table.columns.index(name)
            return {row[0].rstrip("*"): row[index] for row in table.rows}
    raise KeyError(name)


def test_virtual_hands_and_goals_are_shown_only_to_their_owner() -> None:
    table = Table(2, seed=2)
    alice = table.p("alice")
    hidden = loop.status(table.state)
    assert column(hidden, "FAVOUR")["alice"] == str(len(alice.hand))
    assert column(hidden, "left")["alice"] == "3 secret"
    mine = loop.status(table.state, as_player="Alice")
    assert alice.goals[0] in column(mine, "left")["alice"]
    assert column(mine, "left")["bob"] == "3 secret"
    assert column(mine, "FAVOUR")["bob"] == str(len(table.p("bob").hand))
    shown = loop.status(table.state, reveal=True)
    assert table.p("bob").goals[0] in column(shown, "left")["bob"]


def test_at_a_real_table_accepted_favours_are_public() -> None:
    table = started()
    table.play("favour alice share bob plastic", "accept bob")
    assert column(loop.status(table.state), "FAVOUR")["bob"] == "4: share, 3 unseen"


def test_prompts_speak_the_grammar() -> None:
    table = Table(2)
    assert "reveal material TYPE --to alice" in loop.status(table.state).prompt
    table = started()
    status = loop.status(table.state)
    assert status.to_act == ["alice"] and "work alice [--rep N]" in status.prompt
    table.give("bob", reputation=1)
    table.play("favour alice share bob plastic")
    status = loop.status(table.state)
    assert status.to_act == ["bob"]
    assert status.prompt == "bob: accept bob | reject bob --discard | reject bob --rep"
    assert "bob to answer alice's SHARE" in status.headline


def test_every_event_reads_as_one_line() -> None:
    played = play(77, 4)
    assert loop.is_over(played.state)
    lines = [loop.describe(event) for event in played.log]
    assert len(lines) == len(played.log) > 100
    assert all(line.strip() and "\n" not in line for line in lines)
    assert len(set(lines)) > 50  # each says what happened, not one fixed text
    assert loop.status(played.state).over
    assert loop.status(played.state).headline.startswith("Game over")


def test_describe_every_kind_of_event() -> None:
    seen: dict[str, str] = {}
    for seed in range(30):
        for physical in (False, True):
            for event in play(seed, 2 + seed % 5, physical=physical, check=False).log:
                line = loop.describe(event)
                assert line and "\n" not in line
                seen.setdefault(type(event).__name__, line)
    assert len(seen) >= 18, sorted(seen)


SCRIPT = [
    "reveal material glass --to alice",
    "reveal material plastic --to bob",
    "reveal material food --to carol",
    "reveal activity dance",
    "reveal activity picnic",
    "reveal activity picnic",
    "reveal activity library",
    "reveal activity cooking",
    "buy alice plastic:2",
    "end alice",
    "reveal material metal",
    "favour bob share alice glass",
    "accept alice",
    "consume bob dance=alice:glass@2,plastic",
    "end bob",
    "reveal activity yoga",
    "favour carol acquire bob plastic@1",
    "reject bob --discard",
    "work carol --rep 0",
    "end carol",
    "work alice --rep 2",
    "favour alice resell carol plastic",
    "accept carol",
    "end alice",
]


def test_a_recorded_game_status_log_and_score(snapshot: Any) -> None:
    table = Table(3)
    for line in SCRIPT:
        table.play(line)
    log = [
        f"> {loop.text(command)}\n" + "\n".join(f"  {loop.describe(e)}" for e in events)
        for command, events in table.log[33:]
    ]
    assert table.replayed() == table.state
    assert render(loop.status(table.state, as_player="alice")) == snapshot(name="status")
    assert "\n".join(log) == snapshot(name="log")
    assert loop.score(table.state) == snapshot(name="score")


def test_the_public_log_hides_favours_drawn() -> None:
    """The log is read at the table: a FAVOUR drawn and the GOAL dealt stay secret; a FAVOUR
    played, or discarded by a REJECT, is public."""
    from ledger.games.loop.model import Dealt, FavourDrawn, FavourRejected

    assert loop.describe(FavourDrawn("ann", "share")) == "ann draws a FAVOUR"
    played = play(3, 3)
    lines = [(event, loop.describe(event)) for event in played.log]
    drawn = [line for event, line in lines if isinstance(event, FavourDrawn)]
    assert drawn and all(line.endswith("draws a FAVOUR") for line in drawn)
    dealt = next(line for event, line in lines if isinstance(event, Dealt))
    goals = {goal for player in played.state.players.values() for goal in player.goals}
    assert not any(goal in dealt for goal in goals)
    rejected = [(event, line) for event, line in lines if isinstance(event, FavourRejected)]
    assert rejected and all(event.offer.kind.upper() in line for event, line in rejected)
