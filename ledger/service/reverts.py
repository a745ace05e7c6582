"""Reverts: undo, a player's take-back, void and redo, each appended as a row of its own
(nothing is ever deleted), and the checks that the moves after a void still hold.
"""

from __future__ import annotations

import itertools
from typing import Any

import msgspec

from ledger.codec import encode
from ledger.decider import Game
from ledger.errors import (
    BadInput,
    BreaksLater,
    IllegalMove,
    MoveRefused,
    NotFound,
    VerificationFailed,
    WriteConflict,
)
from ledger.history import (
    ABANDONED,
    META_TYPES,
    MOVE,
    REVERTED,
    SETUP,
    TABLE,
    Abandoned,
    Broken,
    MoveEntry,
    Replay,
    Reverted,
    TakenOut,
    check_chain,
    decode_setup,
    group_entries,
    iter_entries,
    replay_checked,
    revalidate,
)
from ledger.names import checked_reason
from ledger.service.audit import Audit
from ledger.service.catalogue import _game_of
from ledger.service.checks import _actor, _player
from ledger.service.damage import _check_own_hash, _recorded_damage
from ledger.service.hidden import _dealt
from ledger.service.log import Log
from ledger.service.moves import MAX_ATTEMPTS, Moves
from ledger.service.repository import Repository, _status_of
from ledger.service.results import TAKE_BACK_WITHIN, Loaded, Recorded, TakeBack, VoidPreview
from ledger.store import NewRow, Row, StaleHead, Tip


def _void_reason(reason: str) -> str:
    if not reason.strip():
        raise BadInput("a void needs a reason", legal="--reason TEXT")
    checked_reason(reason)
    return reason


class Reverts:
    """Undo, take-back, void and redo."""

    def __init__(self, repo: Repository, moves: Moves, log: Log, audit: Audit) -> None:
        self.repo = repo
        self.moves = moves
        self.log = log
        self.audit = audit

    def undo(
        self, game_id: int, *, by: str | None = None, reason: str = "", seen: int | None = None
    ) -> Recorded:
        """Revert the latest live move; ``by`` (who asked) is its actor unless said; ``seen``: the
        head the asker was shown (refused if anything was recorded since)."""
        return self._undo(game_id, by, checked_reason(reason), None, seen)

    def _undo(
        self, game_id: int, by: str | None, reason: str, player: str | None, seen: int | None = None
    ) -> Recorded:
        """``undo``; with ``player``, only if the latest live move is that player's own."""
        for _ in range(MAX_ATTEMPTS):
            loaded = self.repo.load(game_id)
            self.moves.unchanged(loaded, seen, "undo")
            target = self._last_live_move(game_id)
            voids = self.repo.taken_out(game_id).voids
            void = max(voids, default=None)
            if void is not None and (target is None or void > target):
                # The latest action is a void: undo takes it back (its moves live again).
                if player is not None:
                    raise IllegalMove(
                        f"{player} has no move to take back: the latest action is void #{void}",
                        legal="the table's page (or `referee undo`) takes the void back, if the table agrees",
                    )
                who = _actor(loaded.setup, by) if by else voids[void].by
                result = self._checked_revert(
                    loaded, Reverted(target=void, how="restore", reason=reason, by=who)
                )
                if result is not None:
                    return result
                continue
            if target is None:
                raise IllegalMove("nothing to undo: no move has been made")
            if target <= self._setup_span(loaded):
                raise IllegalMove(
                    "nothing to undo: no move has been made since `new`, whose card faces"
                    f" (#{target} and before) are part of the setup that deals the game",
                    legal="start a new game to set it up differently",
                )
            actor = self.repo.checked_rows(loaded, target - 1)[0].actor
            if player is not None and actor != player:
                raise self._not_yours(game_id, player)
            who = _actor(loaded.setup, by) if by else actor
            result = self._revert(loaded, Reverted(target=target, how="undo", reason=reason, by=who))
            if result is not None:
                return result
        raise WriteConflict("the log kept changing under this undo", legal="try again")

    def take_back(self, game_id: int, player: str, seq: int | None = None) -> Recorded:
        """``player`` takes back their own latest move (``seq``: the one their page showed),
        while it is still the latest live move: an undo by them, logged as such. Once anyone
        has moved since, only the table may undo or void it, with their agreement."""
        loaded = self.repo.load(game_id)
        player = _player(loaded.setup, player)
        if loaded.game.is_over(loaded.state):
            raise IllegalMove(
                f"{player} cannot take back a move from the phone: the game is over",
                legal="the table's page undoes the game's last move (logged), if the table agrees",
            )
        target = self._last_live_move(game_id)
        if seq is not None and seq != target:
            raise self._not_yours(game_id, player, seq)
        if target is not None and target > self.repo.store.setup_span(game_id):
            move = self._move_entry(loaded.game, game_id, target)
            dealt = _dealt(loaded, move) if move.actor == player else ""
            if dealt:
                raise IllegalMove(
                    f"{player} cannot take back #{target} ({loaded.game.text(move.command)}) from the phone:"
                    f" the referee dealt it cards by chance (virtual decks: {dealt}), which its page"
                    " has shown, and taken back it would be dealt again to a mover who knows them",
                    legal="the table's page undoes it (logged), if the table agrees",
                )
        return self._undo(game_id, player, "taken back", player)

    def _move_entry(self, game: Game, game_id: int, seq: int) -> MoveEntry:
        """Move ``seq`` with the facts recorded with it (those rows, as the log holds them)."""
        entry = next(iter_entries(game, self.repo.store.rows(game_id, seq - 1)))
        assert isinstance(entry, MoveEntry) and entry.seq == seq
        return entry

    def take_back_offer(self, game_id: int, player: str, within: int = TAKE_BACK_WITHIN) -> TakeBack | None:
        """``player``'s latest live move among the last ``within`` moves, and who moved since;
        none once the game is over (its end is the table's to undo, not a mis-tap's)."""
        loaded = self.repo.load(game_id)
        game, player = loaded.game, _player(loaded.setup, player)
        if game.is_over(loaded.state):
            return None
        # What is read for it is the same for every player: read once per state kept (``per_state``).
        reading, setup_span, seqs, rows = self.repo.per_state(
            loaded, ("take back", within), lambda: self._latest_moves(game_id, loaded.head, within)
        )
        reverted = set(reading.out)
        since: list[str] = []
        void = max(reading.voids, default=0)  # a void in force: the table acted after the moves before it
        at = {row.seq: n for n, row in enumerate(rows)}
        for seq in seqs:
            if seq <= setup_span:
                return None
            if seq in reverted:
                continue
            if seq < void and TABLE not in since:
                since.append(TABLE)
            if seq not in at:  # (removed since it was loaded: the next load says so)
                return None
            row = rows[at[seq]]
            if row.actor == player:
                move = next(iter_entries(game, rows[at[seq] :]))
                assert isinstance(move, MoveEntry) and move.seq == seq
                return TakeBack(seq, game.text(move.command), since, "" if since else _dealt(loaded, move))
            if row.actor not in since:
                since.append(row.actor)
        return None

    def _latest_moves(
        self, game_id: int, head: int, within: int
    ) -> tuple[TakenOut, int, list[int], list[Row]]:
        """What a take-back offer reads: the moves taken out, the setup's span, the seqs of the
        last ``within`` moves by row ``head`` (latest first), and the rows from the earliest of
        them to ``head`` in one read (each move's mover, and the facts of the one offered)."""
        moves = (seq for seq in self.repo.store.seqs_of_type(game_id, MOVE, descending=True) if seq <= head)
        seqs = list(itertools.islice(moves, within))
        rows = self.repo.store.rows(game_id, seqs[-1] - 1, head) if seqs else []
        return self.repo.taken_out(game_id), self.repo.store.setup_span(game_id), seqs, rows

    def _not_yours(self, game_id: int, player: str, seq: int | None = None) -> IllegalMove:
        offer = self.take_back_offer(game_id, player)
        if offer is None or not offer.since:
            what = f"#{seq}" if seq is not None and offer is None else "it"
            return IllegalMove(
                f"{player} has no move to take back: {what} is no longer the latest move",
                legal="a player takes back their own latest move, while nobody has moved since",
            )
        return IllegalMove(
            f"{player} cannot take back #{offer.seq} ({offer.text}) alone: "
            f"{' and '.join(offer.since)} moved since",
            legal=f"the table's page undoes or voids it, if {' and '.join(offer.since)} agree",
        )

    def void(
        self,
        game_id: int,
        seq: int,
        *,
        by: str = TABLE,
        reason: str,
        cascade: bool = False,
        seen: int | None = None,
    ) -> Recorded:
        """Revert an earlier disputed move; every later live move must still hold (or, with
        ``cascade``, is voided too). ``seen``: the head the asker was shown (refused if anything
        was recorded since; a damaged log's page shows none)."""
        reason = _void_reason(reason)
        tip = self.repo.store.tip(game_id)
        if tip.bad is not None:
            return self._void_refused(game_id, seq, tip, by=by, reason=reason, cascade=cascade)
        for _ in range(MAX_ATTEMPTS):
            loaded = self.repo.load(game_id)
            self.moves.unchanged(loaded, seen, "void")
            result = self._revert(loaded, self._void_plan(loaded, seq, by=by, reason=reason, cascade=cascade))
            if result is not None:
                return result
        raise WriteConflict("the log kept changing under this void", legal="try again")

    def void_preview(
        self, game_id: int, seq: int, *, by: str = TABLE, reason: str, cascade: bool = False
    ) -> VoidPreview:
        """What ``void`` would take back, checked as ``void`` checks it, recording nothing: the
        move row ``seq`` belongs to and, with ``cascade``, the later moves it would break. Pass
        its ``head`` to ``void`` as ``seen``: the void recorded is then the one shown."""
        reason = _void_reason(reason)
        tip = self.repo.store.tip(game_id)
        if tip.bad is not None:
            revert, game, _, _ = self._refused_plan(game_id, seq, tip, by=by, reason=reason, cascade=cascade)
            head = tip.head
        else:
            loaded = self.repo.load(game_id)
            revert, game, head = (
                self._void_plan(loaded, seq, by=by, reason=reason, cascade=cascade),
                loaded.game,
                loaded.head,
            )
        names = self.log.move_names(game, game_id, revert.targets)
        text = self.log.revert_text(game, game_id, revert)
        return VoidPreview(game_id, seq, revert.target, list(revert.cascade), names, text, head)

    def _void_plan(self, loaded: Loaded, seq: int, *, by: str, reason: str, cascade: bool) -> Reverted:
        """The void of the move row ``seq`` belongs to, its later moves re-checked without it."""
        game_id = loaded.info.id
        by = _actor(loaded.setup, by)
        target = self._move_of(game_id, seq)
        before = self.repo.load(game_id, target - 1, all_reverts=True).state
        reverted = self.repo.reverted(game_id)
        later = [
            e
            for e in group_entries(loaded.game, self.repo.checked_rows(loaded, target - 1))
            if isinstance(e, MoveEntry) and e.seq != target and e.seq not in reverted
        ]
        try:
            _, dropped = revalidate(loaded.game, before, later, cascade=cascade)
        except Broken as broken:
            raise BreaksLater(
                f"voiding #{target} would make move #{broken.move.seq} "
                f"({loaded.game.text(broken.move.command)}) illegal: {broken.error}",
                legal="add --cascade to void it too",
                seq=broken.move.seq,
            ) from None
        return Reverted(target=target, how="void", reason=reason, by=by, cascade=tuple(dropped))

    def _refused_plan(
        self, game_id: int, seq: int, tip: Tip, *, by: str, reason: str, cascade: bool
    ) -> tuple[Reverted, Game, Replay, list[Row]]:
        """``_void_refused``'s void, checked (the whole log replays with it), not recorded."""
        damage = _recorded_damage(tip)
        rows = self.repo.store.rows(game_id)
        try:
            check_chain(rows)
            if tip.mark is not None and (tip.mark > len(rows) or rows[tip.mark - 1].hash != tip.mark_hash):
                raise VerificationFailed("the log was cut or rewritten since it was checked")
        except VerificationFailed:
            raise damage from None
        setup = decode_setup(rows[0].body)
        game = _game_of(game_id, setup)
        by = _actor(setup, by)  # as every void takes it: a player or the table
        meta = [r for r in rows[1:seq] if r.type in META_TYPES] if 1 <= seq <= len(rows) else []
        if not meta or meta[-1].type != MOVE:
            raise damage
        target = meta[-1].seq
        voided = [target]
        while True:
            try:
                replay = replay_checked(game, rows, voided=voided, seed=self.repo.kept(rows))
                break
            except MoveRefused as error:
                if error.seq is None or error.seq <= target or error.seq in voided:
                    raise damage from None
                if not cascade:
                    raise BreaksLater(
                        f"voiding #{target} leaves {error.message}",
                        legal="add --cascade to void it too",
                        seq=error.seq,
                    ) from None
                voided.append(error.seq)
            except VerificationFailed:
                raise damage from None
        if any(move.seq == target for move in replay.live):
            # The rules take that move: the mark is for other damage (a head hash not in the
            # log, say), which no void answers, and voiding a live move here would skip
            # ``void``'s check of the moves after it.
            raise damage
        revert = Reverted(target=target, how="void", reason=reason, by=by, cascade=tuple(voided[1:]))
        return revert, game, replay, rows

    def _void_refused(
        self, game_id: int, seq: int, tip: Tip, *, by: str, reason: str, cascade: bool
    ) -> Recorded:
        """The table's answer to a game marked damaged by a move the rules refuse: void it (and,
        with ``cascade``, the later moves that only held on it). Allowed only when that is all
        that is wrong: the chain holds, nothing was cut, and the whole log replays once the
        void is recorded; then the game is checked again and the mark lifted."""
        revert, game, replay, rows = self._refused_plan(
            game_id, seq, tip, by=by, reason=reason, cascade=cascade
        )
        status = _status_of(game, replay.state)
        head = rows[-1]
        try:
            stored = self.repo.store.append(
                game_id, head.seq, [NewRow(REVERTED, encode(revert), revert.by)], self.repo.clock(), status
            )
        except StaleHead:
            raise WriteConflict("the log changed under this void", legal="try again") from None
        self.repo.forget(game_id)
        self.audit.verify(game_id)  # the whole log again: it lifts the mark
        text = f"void #{revert.target}" + (
            f" and, by cascade, {', '.join(f'#{s}' for s in revert.cascade)}" if revert.cascade else ""
        )
        return Recorded(game_id, stored[0].seq, stored[-1].seq, text, [], replay.state)

    def redo(self, game_id: int, *, by: str | None = None, seen: int | None = None) -> Recorded:
        """Make the last undone move again, as long as no other move came since; ``by`` (who
        asked) is the move's actor unless said; ``seen``: the head the asker was shown (refused
        if anything was recorded since)."""
        loaded = self.repo.load(game_id)
        self.moves.unchanged(loaded, seen, "redo")
        game = loaded.game
        if by:
            by = _actor(loaded.setup, by)
        # What was undone, the latest last: a move (redone as a new move repeating it), or a
        # void taken back (redone as the same void again).
        stack: list[tuple[str, int]] = []
        commands: dict[int, Any] = {}
        voids: dict[int, Reverted] = {}
        meta = self.repo.store.rows_of_meta(game_id)
        with self.repo.damage_marked(game_id):  # the command redone is the one recorded
            for row in meta:
                _check_own_hash(row)
        for entry in group_entries(game, meta):
            if isinstance(entry, MoveEntry):
                commands[entry.seq] = entry.command
                if entry.redo_of is not None and stack and stack[-1] == (MOVE, entry.redo_of):
                    stack.pop()
                else:
                    stack.clear()  # a new move: nothing left to redo
                continue
            revert = entry.revert
            if revert.how == "undo":
                stack.append((MOVE, revert.target))
            elif revert.how == "restore":
                stack.append(("void", revert.target))
            else:
                voids[entry.seq] = revert
                top = voids.get(stack[-1][1]) if stack and stack[-1][0] == "void" else None
                if top is not None and top.targets == revert.targets:
                    stack.pop()  # the void taken back, made again
                else:
                    stack.clear()
        if not stack:
            raise IllegalMove(
                "nothing to redo",
                legal="redo repeats the last undone move (or void), until another move is made",
            )
        kind, target = stack[-1]
        if kind == MOVE:
            return self.moves.submit(game_id, commands[target], by, redo_of=target)
        void = voids[target]
        again = msgspec.structs.replace(void, by=by or void.by)
        for _ in range(MAX_ATTEMPTS):
            result = self._checked_revert(self.repo.load(game_id), again)
            if result is not None:
                return result
        raise WriteConflict("the log kept changing under this redo", legal="try again")

    def _revert(self, loaded: Loaded, revert: Reverted) -> Recorded | None:
        self.repo.refuse_closed(loaded)
        game_id = loaded.info.id
        after = self.repo.load(game_id, without=revert.targets)
        row = NewRow(REVERTED, encode(revert), revert.by)
        status = _status_of(loaded.game, after.state)
        try:
            stored = self.repo.store.append(game_id, loaded.head, [row], self.repo.clock(), status)
        except StaleHead:
            return None
        self.repo.wrote(loaded, stored, after.state)
        text = self.log.revert_text(loaded.game, game_id, revert)
        return Recorded(game_id, stored[0].seq, stored[-1].seq, text, [], after.state)

    def abandon(self, game_id: int, *, by: str = TABLE, reason: str, seen: int | None = None) -> Recorded:
        """Give up on a game (a mistaken one, a try-out): a row appended, nothing deleted. Its log
        still verifies, exports and imports; no move, undo or void follows it, and ``games`` and
        ``stats`` leave it out unless asked."""
        if not reason.strip():
            raise BadInput("an abandon needs a reason", legal="--reason TEXT")
        checked_reason(reason)
        loaded = self.repo.load(game_id)
        self.moves.unchanged(loaded, seen, "abandon")
        self.repo.refuse_closed(loaded)
        given = Abandoned(reason=reason, by=_actor(loaded.setup, by))
        try:
            stored = self.repo.store.append(
                game_id,
                loaded.head,
                [NewRow(ABANDONED, encode(given), given.by)],
                self.repo.clock(),
                _status_of(loaded.game, loaded.state),
            )
        except StaleHead:
            raise WriteConflict("the log changed under this abandon", legal="try again") from None
        self.repo.forget(game_id)
        return Recorded(game_id, stored[0].seq, stored[-1].seq, f"abandon game {game_id}", [], loaded.state)

    def _checked_revert(self, loaded: Loaded, revert: Reverted) -> Recorded | None:
        """Append ``revert`` once the whole log replays with it through the rules, as ``verify``
        will read it (a restore brings moves back, each re-checked; a void made again after its
        restore must find its moves live, and the moves after them holding). None: the log
        changed meanwhile."""
        self.repo.refuse_closed(loaded)
        game_id, game = loaded.info.id, loaded.game
        rows = self.repo.checked_rows(loaded, 0)
        body = encode(revert)
        trial = Row(loaded.head + 1, REVERTED, body, revert.by, "", rows[-1].hash, "")
        try:
            replay = replay_checked(game, [*rows, trial], seed=loaded.setup.seed)
        except VerificationFailed as error:
            what = f"taking back void #{revert.target}" if revert.how == "restore" else "this redo"
            raise IllegalMove(f"{what} is refused: {error.message}", seq=error.seq) from None
        status = _status_of(game, replay.state)
        try:
            stored = self.repo.store.append(
                game_id, loaded.head, [NewRow(REVERTED, body, revert.by)], self.repo.clock(), status
            )
        except StaleHead:
            return None
        self.repo.forget(game_id)
        after = self.repo.load(game_id)
        text = self.log.revert_text(game, game_id, revert)
        return Recorded(game_id, stored[0].seq, stored[-1].seq, text, [], after.state)

    def _setup_span(self, loaded: Loaded) -> int:
        """The last seq of the setup: its row and the moves ``new`` decided with it, as many as
        the setup row says (a log from before it said so: those that share its time)."""
        count = loaded.setup.setup_moves
        game_id = loaded.info.id
        if count is msgspec.UNSET:
            return self.repo.store.setup_span(game_id)
        following = self.repo.store.nth_meta(game_id, count + 1)
        return loaded.head if following is None else following - 1

    def _last_live_move(self, game_id: int) -> int | None:
        reverted = self.repo.reverted(game_id)
        for seq in self.repo.store.seqs_of_type(game_id, MOVE, descending=True):
            if seq not in reverted:
                return seq
        return None

    def _move_of(self, game_id: int, seq: int) -> int:
        """The live move that row ``seq`` belongs to."""
        head, _ = self.repo.store.head(game_id)
        if not 1 <= seq <= head:
            raise NotFound(f"game #{game_id} has no row #{seq}", legal=f"1 to {head}")
        rows = self.repo.store.rows(game_id, 0, seq)
        move = next((r for r in reversed(rows) if r.type in (MOVE, REVERTED, SETUP)), rows[0])
        if move.type != MOVE:
            what = "the setup" if move.type == SETUP else "a revert"
            raise IllegalMove(
                f"#{seq} is {what}, not a move", legal="void the seq of a move (see `referee log`)"
            )
        reverted = self.repo.reverted(game_id)
        if move.seq in reverted:
            raise IllegalMove(f"move #{move.seq} is already reverted", legal="see `referee log`")
        if move.seq <= self._setup_span(self.repo.load(game_id)):
            raise IllegalMove(
                f"#{seq} is part of the setup `new` recorded (the card faces that deal the game), not a move",
                legal="start a new game to set it up differently",
            )
        return move.seq
