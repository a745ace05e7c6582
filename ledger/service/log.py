"""The log as the table reads it (``log``) and as a page witnesses it (``witness``): the rows
checked as they are read, hidden cards masked for whoever may not see them.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

import msgspec

from ledger.codec import GENESIS
from ledger.decider import Game
from ledger.errors import BadInput, NotFound, VerificationFailed
from ledger.history import (
    ABANDONED,
    MOVE,
    SEED,
    SETUP,
    MoveEntry,
    Reverted,
    SeedRevealed,
    decode_command,
    decode_revert,
    decode_setup,
    iter_entries,
    taken_out,
)
from ledger.service.checks import _describe_setup, _player
from ledger.service.damage import _check_own_hash, _untrusted
from ledger.service.hidden import _witnessed
from ledger.service.repository import Repository, decode_abandoned
from ledger.service.results import WITNESS_ROWS, Loaded, LogEntry, Witnessed, WitnessRow
from ledger.store import MAX_ID, Row


class Log:
    """The log's entries for the table, and the rows a page witnesses."""

    def __init__(self, repo: Repository) -> None:
        self.repo = repo

    def log(
        self,
        game_id: int,
        *,
        since: int | None = None,
        last: int | None = None,
        as_player: str | None = None,
        reveal: bool = False,
    ) -> Iterator[LogEntry]:
        """The log's entries in order, read as they are needed (a long log streams in flat memory).

        ``since`` starts at the entry holding row ``since``; ``last`` keeps only the last
        entries. Hidden cards in the typed facts are masked unless ``as_player`` owns them,
        ``reveal`` is asked for, or the game is over.
        """
        loaded = self.repo.load(game_id)  # refuses a log that does not check out
        info, game = loaded.info, loaded.game
        # (each read once per state kept, however many pages draw from it: ``per_state``)
        first = self.repo.per_state(loaded, "setup row", lambda: self.repo.store.rows(game_id, 0, 1)[0])
        setup = decode_setup(first.body)
        if as_player is not None:
            as_player = _player(setup, as_player)
        reveal = reveal or info.status == "over"
        start = 1
        if since is not None:
            head, _ = self.repo.store.head(game_id)
            if not 1 <= since <= head:
                raise NotFound(f"game #{game_id} has no row #{since}", legal=f"1 to {head}")
            start = self.repo.store.meta_at(game_id, since)[0]
        if last is not None:
            if not 1 <= last <= MAX_ID:
                raise BadInput(f"-n takes a number of entries, 1 to {MAX_ID}, not {last}")
            nth = self.repo.per_state(
                loaded, ("entries", last), lambda: self.repo.store.nth_last_meta(game_id, last)
            )
            start = max(start, nth)
        # Reverts are few and indexed: read them first so each move can say what became of it.
        with self.repo.damage_marked(game_id):
            fate = self.repo.per_state(loaded, "fate", lambda: self._fate(game_id, loaded.head))
        # Everything above is checked now, before a line is printed; the entries are read as
        # they are asked for.
        first_entry = LogEntry(1, SETUP, first.actor, first.recorded_at, _describe_setup(setup), body=setup)
        rows = self.repo.checked_stream(loaded, max(start, 2) - 1)  # the links and a first batch checked now
        return self._log_entries(game, loaded, rows, start, first_entry, fate, as_player, reveal)

    def _fate(self, game_id: int, head: int) -> dict[int, tuple[int, str, str]]:
        """What became of each move taken back by row ``head`` (the revert's seq, how, why), each
        revert row checked against its own hash."""
        fate: dict[int, tuple[int, str, str]] = {}
        reverts = []
        for row in self.repo.store.reverts(game_id, head):
            _check_own_hash(row)
            reverts.append((row.seq, decode_revert(row.body)))
        in_force = dict(reverts)
        for target, seq in taken_out(reverts).out.items():  # a void taken back: its moves are live
            revert = in_force[seq]
            fate[target] = (seq, revert.how if target == revert.target else "cascade", revert.reason)
        return fate

    def witness(
        self,
        game_id: int,
        after: int,
        known: str | None = None,
        *,
        as_player: str | None = None,
        limit: int = WITNESS_ROWS,
    ) -> Witnessed:
        """What a page needs to check, by itself, that the log extends what it saw up to row
        ``after`` (whose hash it holds as ``known``): the hash of row ``after`` now, every hash up
        to it if that is not ``known``, and the rows after it, checked as ``log`` reads them, each
        with the bytes its hash covers where they tell ``as_player`` nothing hidden (masked as
        ``log`` masks them: facts ``redact`` would change, and a plain seed in the setup, are
        sent as None)."""
        loaded = self.repo.load(game_id)  # refuses a log that does not check out
        if not 0 <= after <= MAX_ID:
            raise BadInput(f"a page witnesses rows from #0 on, not #{after}")
        game, head = loaded.game, loaded.head
        if as_player is not None:
            as_player = _player(loaded.setup, as_player)
        reveal = loaded.info.status == "over"
        links = self.repo.store.chain_links(game_id, after - 1, after) if 0 < after <= head else []
        at = GENESIS if after == 0 else links[0][2] if links else None
        hashes = None
        if known is not None and known != at:
            hashes = [digest for _, _, digest in self.repo.store.chain_links(game_id, 0, min(after, head))]
        rows = []
        if after < head:
            for row in itertools.islice(self.repo.checked_stream(loaded, after), limit):
                told = _witnessed(game, row, as_player, reveal)
                rows.append(WitnessRow(row.seq, row.prev_hash, row.hash, told))
        more = after + len(rows) < head
        return Witnessed(head, loaded.head_hash, at, rows, more, hashes)

    def _log_entries(
        self,
        game: Game,
        loaded: Loaded,
        rows: Iterator[Row],
        start: int,
        first: LogEntry,
        fate: dict[int, tuple[int, str, str]],
        as_player: str | None,
        reveal: bool,
    ) -> Iterator[LogEntry]:
        game_id = loaded.info.id
        if start == 1:
            yield first
        revealed: list[Row] = []  # the seed row (the last, if any): no entry of its own in a fold

        def watched(rows: Iterator[Row]) -> Iterator[Row]:
            for row in rows:
                if row.type in (SEED, ABANDONED):
                    revealed.append(row)
                yield row

        yield from self._move_entries(game, game_id, watched(rows), fate, as_player, reveal)
        for row in revealed:
            if row.type == ABANDONED:
                given = decode_abandoned(row)
                text = "abandon: the game is given up (it stays in the log; `games --all` lists it)"
                yield LogEntry(
                    row.seq, ABANDONED, row.actor, row.recorded_at, text, reason=given.reason, body=given
                )
                continue
            try:
                seed = msgspec.json.decode(row.body, type=SeedRevealed)
            except msgspec.DecodeError as exc:
                raise _untrusted(
                    VerificationFailed(f"row #{row.seq} does not decode: {exc}", seq=row.seq)
                ) from None
            text = f"reveal-seed: seed {seed.seed}, salt {seed.salt} (`verify` checks them against the setup)"
            yield LogEntry(row.seq, SEED, row.actor, row.recorded_at, text, body=seed)

    def _move_entries(
        self,
        game: Game,
        game_id: int,
        rows: Iterator[Row],
        fate: dict[int, tuple[int, str, str]],
        as_player: str | None,
        reveal: bool,
    ) -> Iterator[LogEntry]:
        for entry in iter_entries(game, rows):
            if isinstance(entry, MoveEntry):
                by, how, reason = fate.get(entry.seq, (None, None, ""))
                redo = f"  (redo of #{entry.redo_of})" if entry.redo_of else ""
                # Each fact is told from its event as this viewer may see it (hidden cards
                # masked): the text says no more than the typed facts beside it.
                seen = [game.redact(e, as_player, reveal) for e in entry.events]
                yield LogEntry(
                    entry.seq,
                    "redo" if entry.redo_of else MOVE,
                    entry.actor,
                    entry.recorded_at,
                    game.text(entry.command) + redo,
                    [game.describe(e) for e in seen],
                    reverted_by=by,
                    reverted_how=how,
                    reason=reason or None,
                    body=entry.command,
                    events=seen,
                )
            else:
                revert = entry.revert
                yield LogEntry(
                    entry.seq,
                    revert.how,
                    entry.actor,
                    entry.recorded_at,
                    self.revert_text(game, game_id, revert),
                    reason=revert.reason or None,
                    body=revert,
                )

    def revert_text(self, game: Game, game_id: int, revert: Reverted) -> str:
        """``undo #25 (buy ann plastic:1)``: a revert names the moves it takes out; a restore,
        those it brings back (``restore #84 (...), #86 (...): void #104 taken back``)."""
        targets = revert.targets
        if revert.how == "restore":
            row = self.repo.store.rows(game_id, revert.target - 1, revert.target)
            with self.repo.damage_marked(game_id):
                for each in row:
                    _check_own_hash(each)
                targets = decode_revert(row[0].body, revert.target).targets if row else ()
        names = self.move_names(game, game_id, targets)
        if revert.how == "restore":
            return f"restore {', '.join(names)}: void #{revert.target} taken back"
        text = f"{revert.how} {names[0]}"
        if len(names) > 1:
            text += " and, by cascade, " + ", ".join(names[1:])
        return text

    def move_names(self, game: Game, game_id: int, seqs: Iterable[int]) -> list[str]:
        """``#25 (buy ann plastic:1)`` for each move row ``seqs`` (its own hash checked)."""
        names = []
        for seq in seqs:
            rows = self.repo.store.rows(game_id, seq - 1, seq)
            with self.repo.damage_marked(game_id):
                for row in rows:
                    _check_own_hash(row)
            command = decode_command(game, rows[0].body) if rows and rows[0].type == MOVE else None
            names.append(f"#{seq} ({game.text(command)})" if command is not None else f"#{seq}")
        return names
