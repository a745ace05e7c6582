"""Text rendering of what the service returns: tables a table of players can read.

No rules here: everything shown comes from the service's data.
"""

from __future__ import annotations

from collections.abc import Sequence

from ledger.decider import Score, Status
from ledger.service import Loaded, LogEntry, Recorded, VerifyReport
from ledger.store import GameRow


def grid(columns: Sequence[str], rows: Sequence[Sequence[str]], *, right: Sequence[int] = ()) -> str:
    """Columns padded to their widest cell, a rule under the header, no trailing spaces."""
    cells = [list(columns), *[[str(c) for c in row] for row in rows]]
    widths = [max(len(row[i]) if i < len(row) else 0 for row in cells) for i in range(len(columns))]

    def line(row: Sequence[str]) -> str:
        parts = [cell.rjust(widths[i]) if i in right else cell.ljust(widths[i]) for i, cell in enumerate(row)]
        return "  ".join(parts).rstrip()

    out = [line(cells[0]), line(["-" * w for w in widths])]
    out.extend(line(row) for row in cells[1:])
    return "\n".join(out)


def heading(info: GameRow, loaded: Loaded) -> str:
    title = f' "{info.title}"' if info.title else ""
    when = (
        f"as of #{loaded.upto} (the log runs to #{loaded.head})"
        if loaded.upto != loaded.head
        else f"#{loaded.head}"
    )
    return f"{loaded.game.title} · game {info.id}{title} · {when}"


def status(loaded: Loaded, view: Status) -> str:
    out = [heading(loaded.info, loaded), view.headline]
    if view.prompt:
        out.append(view.prompt)
    if view.facts:
        width = max(len(k) for k, _ in view.facts)
        out.append("")
        out.extend(f"{k.ljust(width)}  {v}" for k, v in view.facts)
    for table in view.tables:
        out.extend(["", table.title, grid(table.columns, table.rows)])
    return "\n".join(out)


def recorded(result: Recorded, view: Status) -> str:
    span = f"#{result.seq}" if result.seq == result.head else f"#{result.seq}-{result.head}"
    out = [f"recorded {span}: {result.text}"]
    out.extend(f"  {fact}" for fact in result.facts)
    out.append(view.headline + (f" · {view.prompt}" if view.prompt else ""))
    return "\n".join(out)


def log(entries: Sequence[LogEntry]) -> str:
    rows = []
    for entry in entries:
        mark = ""
        if entry.reverted_by is not None:
            how = {"undo": "undone", "void": "voided", "cascade": "voided (cascade)"}[
                entry.reverted_how or "undo"
            ]
            mark = f"  [{how} by #{entry.reverted_by}{': ' + entry.reason if entry.reason else ''}]"
        elif entry.reason:
            mark = f"  ({entry.reason})"
        rows.append([str(entry.seq), entry.recorded_at[11:19], entry.actor, entry.text + mark])
        rows.extend(["", "", "", f"  {fact}"] for fact in entry.facts)
    return grid(["seq", "time", "by", "move"], rows, right=[0])


def score(loaded: Loaded, sheet: Score) -> str:
    columns = ["rank", "player", *sheet.categories, "tie-break"]
    rows = [
        [
            str(line.rank),
            line.player,
            *[str(line.categories.get(c, "")) for c in sheet.categories],
            line.tiebreak or "",
        ]
        for line in sheet.lines
    ]
    state = "final" if sheet.final else "provisional (the game is not over)"
    out = [heading(loaded.info, loaded), f"score sheet, {state}", "", grid(columns, rows, right=[0])]
    if sheet.winners:
        word = ("winner" if sheet.final else "leading") + ("s" if len(sheet.winners) > 1 else "")
        out.extend(["", f"{word}: " + ", ".join(sheet.winners)])
    out.extend(sheet.notes)
    return "\n".join(out)


def games(rows: Sequence[GameRow], current: int | None) -> str:
    if not rows:
        return "no games yet: start one with `referee new GAME --players A,B`"
    table = [
        [
            ("* " if g.id == current else "  ") + str(g.id),
            g.kind,
            g.title,
            ",".join(g.players),
            g.status,
            g.created_at[:16],
        ]
        for g in rows
    ]
    return grid(["  id", "game", "title", "players", "status", "created"], table)


def verified(report: VerifyReport) -> str:
    return (
        f"game {report.game_id}: OK · {report.rows} rows, {report.moves} moves"
        f" ({report.live_moves} live) · head #{report.head_seq} {report.head_hash}"
    )
