"""Text rendering of what the service returns: tables a table of players can read.

No rules here: everything shown comes from the service's data.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator, Sequence

import msgspec

from ledger.decider import Board, Score, Screen
from ledger.names import shown
from ledger.service import (
    Corrected,
    GameRow,
    History,
    Loaded,
    LogEntry,
    Played,
    PlayerStats,
    Recorded,
    Result,
    Started,
    VerifyReport,
    VoidPreview,
)


def width(text: str) -> int:
    """The columns ``text`` takes on a terminal: a wide or full-width character (李, Ｚ) takes
    two, a combining mark (the accent of a decomposed ë) none (Unicode's East Asian Width)."""
    if text.isascii():
        return len(text)
    return sum(
        0
        if unicodedata.combining(c) or unicodedata.category(c) == "Cf"
        else 2
        if unicodedata.east_asian_width(c) in "WF"
        else 1
        for c in text
    )


def _pad(cell: str, columns: int, right: bool) -> str:
    fill = " " * max(0, columns - width(cell))
    return fill + cell if right else cell + fill


def grid(columns: Sequence[str], rows: Sequence[Sequence[str]], *, right: Sequence[int] = ()) -> str:
    """Columns padded to their widest cell (by the columns it takes on a terminal, see
    ``width``), a rule under the header, no trailing spaces."""
    cells = [list(columns), *[[str(c) for c in row] for row in rows]]
    widths = [max(width(row[i]) if i < len(row) else 0 for row in cells) for i in range(len(columns))]

    def line(row: Sequence[str]) -> str:
        parts = [_pad(cell, widths[i], i in right) for i, cell in enumerate(row)]
        return "  ".join(parts).rstrip()

    out = [line(cells[0]), line(["-" * w for w in widths])]
    out.extend(line(row) for row in cells[1:])
    return "\n".join(out)


def heading(info: GameRow, loaded: Loaded) -> str:
    title = f' "{shown(info.title)}"' if info.title else ""
    when = (
        f"as of #{loaded.upto} (the log runs to #{loaded.head})"
        if loaded.upto != loaded.head
        else f"#{loaded.head}"
    )
    return f"{loaded.game.title} · game {info.id}{title} · {when}"


def started(started: Started, file: str | None) -> str:
    """The one line of ``new`` on the faces it declared: how many, and from where."""
    parts = []
    if started.from_library:
        rows = {"import": "an import", "correct": "a correction"}
        where = [f"#{g}" for g in started.games] + [rows.get(r, r) for r in started.rows]
        parts.append(f"{started.from_library} from the library ({', '.join(where)})")
    if file is not None and parts:  # a file alone: `new` says nothing more than it used to
        parts.append(f"{started.from_file} new from {file}")
    if started.left_out:
        parts.append(f"{started.left_out} library declarations not for this setup")
    return f"cards: {'; '.join(parts)}" if parts else ""


def corrected(kind: str, fixed: Corrected) -> str:
    games = ", ".join(f"#{g}" for g in fixed.affects) or "none"
    return (
        f"corrected {fixed.key} in the {kind} library: {fixed.now} (was {fixed.was}, {fixed.was_cited});"
        f" games whose logs keep the earlier word: {games}"
    )


def line(board: Board) -> str:
    """The headline and the prompt on one line: what a move or ``new`` prints after it."""
    return board.headline + (f" · {board.prompt}" if board.prompt else "")


def status(loaded: Loaded, screen: Screen) -> str:
    out = [heading(loaded.info, loaded), screen.headline]
    if screen.prompt:
        out.append(screen.prompt)
    if screen.facts:
        width = max(len(k) for k, _ in screen.facts)
        out.append("")
        out.extend(f"{k.ljust(width)}  {v}" for k, v in screen.facts)
    for table in screen.tables:
        out.extend(["", table.title, grid(table.columns, table.rows)])
    return "\n".join(out)


def recorded(result: Recorded, board: Board) -> str:
    span = f"#{result.seq}" if result.seq == result.head else f"#{result.seq}-{result.head}"
    out = [f"recorded {span}: {shown(result.text)}"]
    out.extend(f"  {shown(fact)}" for fact in result.facts if fact)  # "" is a fact with nothing to say
    out.append(line(board))
    return "\n".join(out)


def log(entries: Iterable[LogEntry], head: int, actors: Sequence[str]) -> Iterator[str]:
    """The log as a table, a line at a time: the widths are known before the first entry (the
    seq of the head, the longest actor), so a long log prints as it is read."""
    widths = [max(3, len(str(head))), 8, max(2, *(width(a) for a in actors))]

    def row(seq: str, time: str, by: str, text: str) -> str:
        by = _pad(by, widths[2], False)
        return f"{seq.rjust(widths[0])}  {time.ljust(widths[1])}  {by}  {text}".rstrip()

    # The log's clock is UTC (each row's recorded_at): the heading says so, not the table's zone.
    yield row("seq", "time UTC", "by", "move")
    yield row("-" * widths[0], "-" * widths[1], "-" * widths[2], "----")
    for entry in entries:
        mark = ""
        if entry.reverted_by is not None:
            how = {"undo": "undone", "void": "voided", "cascade": "voided (cascade)"}[
                entry.reverted_how or "undo"
            ]
            mark = f"  [{how} by #{entry.reverted_by}{': ' + entry.reason if entry.reason else ''}]"
        elif entry.reason:
            mark = f"  ({entry.reason})"
        # What the table typed (a reason, an adjustment's --why) is one line, escapes shown.
        yield row(str(entry.seq), entry.recorded_at[11:19], shown(entry.actor), shown(entry.text + mark))
        for fact in entry.facts:
            if fact:
                yield row("", "", "", f"  {shown(fact)}")


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
        names = " and ".join(sheet.winners)
        if sheet.final:
            verb = "wins" if len(sheet.winners) == 1 else "share the win"
        else:
            verb = "leads" if len(sheet.winners) == 1 else "share the lead"
        out.extend(["", f"{names} {verb}"])
    out.extend(sheet.notes)
    return "\n".join(out)


def games(rows: Sequence[GameRow], results: Sequence[Result], current: int | None) -> str:
    if not rows:
        return "no games yet: start one with `referee new GAME --players A,B`"
    table = [
        [
            ("* " if g.id == current else "  ") + str(g.id),
            g.kind,
            shown(g.title),
            shown(",".join(g.players)),
            _result(r),
            g.created_at[:16],
        ]
        for g, r in zip(rows, results, strict=True)
    ]
    return grid(["  id", "game", "title", "players", "result", "created UTC"], table)


def _result(result: Result) -> str:
    if not result.over:
        return result.headline
    if not result.winners:  # a team or a solo player that lost (LOOP 6.3, 7.3): the game says so
        return result.headline.removeprefix("Game over · ")
    verb = "wins" if len(result.winners) == 1 else "share the win"
    top = result.scores[result.winners[0]]
    return f"{' and '.join(result.winners)} {verb} ({result.points.upper()} {top})"


def stats(rows: Sequence[PlayerStats]) -> str:
    if not rows:
        return "no finished games yet"
    table = [
        [
            r.kind,
            r.player,
            str(r.played),
            str(r.won),
            str(r.shared),
            f"{100 * (r.won + r.shared) / r.played:.0f}",
            f"{r.average:.1f}",
            str(r.best),
            str(r.latest),
            str(r.rank),
            r.last_played[:10],
        ]
        for r in rows
    ]
    columns = [
        "game",
        "player",
        "played",
        "won",
        "shared",
        "win %",
        "average",
        "best",
        "latest",
        "usual rank",
        "last played",
    ]
    return "finished games, by game\n\n" + grid(columns, table, right=[2, 3, 4, 5, 6, 7, 8, 9])


def history(told: History, player: str | None) -> str:
    """``stats``: per player and game, the games' length, and a player's head to head."""
    out = [stats(told.stats)]
    if told.lengths:
        table = [
            [g.kind, str(g.players), str(g.played), f"{g.rounds:.1f}", f"{g.minutes:.0f}", str(g.longest)]
            for g in told.lengths
        ]
        columns = ["game", "players", "played", "rounds", "minutes", "longest"]
        out += ["", "game length, by game and player count (minutes by the log's clock)", ""]
        out.append(grid(columns, table, right=[1, 2, 3, 4, 5]))
    if player and told.head_to_head:
        table = [
            [h.kind, h.opponent, str(h.together), str(h.ahead), str(h.behind), str(h.level)]
            for h in told.head_to_head
        ]
        columns = ["game", "opponent", "together", "ahead", "behind", "level"]
        out += ["", f"{told.head_to_head[0].player} head to head (ahead: finished better ranked)", ""]
        out.append(grid(columns, table, right=[2, 3, 4, 5]))
    return "\n".join(out)


RESULT_COLUMNS = (
    "date",
    "game",
    "game_id",
    "title",
    "mode",
    "players",
    "player",
    "score",
    "points",
    "rank",
    "winner",
    "shared",
    "rounds",
    "minutes",
    "started",
    "ended",
)


def results_csv(rows: Sequence[Played]) -> str:
    """``stats --csv``: a header, then each player's result in each finished game, a row each."""
    import csv
    import io

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(RESULT_COLUMNS)
    for r in rows:
        cells = msgspec.structs.asdict(r)
        writer.writerow([_cell(cells[name]) for name in RESULT_COLUMNS])
    return buffer.getvalue()


def _cell(value: object) -> str:
    """A CSV cell: yes/no for a flag; a text a spreadsheet would run as a formula (``=``, ``+``,
    ``-``, ``@`` first: a title is free text) kept as text by a leading ``'``."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    text = str(value)
    return f"'{text}" if isinstance(value, str) and text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def verified(report: VerifyReport) -> str:
    return (
        f"game {report.game_id}: OK · {report.rows} rows, {report.moves} moves"
        f" ({report.live_moves} live) · head #{report.head_seq} {report.head_hash}"
        + {
            "": "",
            "sealed": "\nthe seed is still sealed: the deals were checked with the seed this referee"
            " keeps; its check against the setup's commitment waits for `referee reveal-seed`"
            " (once the game is over)",
            "revealed": "\nthe revealed seed matches the setup's commitment, and the decks were"
            " dealt again from it",
            "lost": "\nthe seed is lost (sealed with a key this database does not hold): "
            + (
                f"{_moves(report.unconfirmed)} that dealt by chance taken as recorded, unconfirmed (only"
                " the seed could confirm them); every other move checked through the rules"
                if report.unconfirmed
                else "every move checked through the rules (none dealt by chance)"
            ),
        }[report.seed]
    )


def _moves(count: int) -> str:
    return f"{count} move{'' if count == 1 else 's'}"


def void_preview(preview: VoidPreview) -> tuple[str, list[str]]:
    """What a void would take back (``void --dry-run``, the table page's confirm): its first line,
    then a move a line, the one named first, then its cascade."""
    named = f"#{preview.seq}" + (
        f" (a row of move #{preview.target})" if preview.seq != preview.target else ""
    )
    count = len(preview.moves)
    heading = f"void {named} would take back {count} move{'s' if count > 1 else ''}:"
    cascade = [
        f"{name}  by cascade: it does not hold without #{preview.target}" for name in preview.moves[1:]
    ]
    return heading, [preview.moves[0], *cascade]
