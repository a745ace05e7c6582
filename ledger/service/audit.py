"""The audit: ``verify`` (the whole log again, and the caches against it), what opening
the database found (``notices``), and the sealed seed revealed once a game is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from ledger.codec import encode
from ledger.decider import Setup
from ledger.errors import IllegalMove, VerificationFailed, WriteConflict
from ledger.history import (
    SEED,
    SETUP,
    TABLE,
    MoveEntry,
    Replay,
    SeedRevealed,
    check_chain,
    decode_setup,
    head_prefix,
    replay_checked,
)
from ledger.service.catalogue import _game_of
from ledger.service.damage import _head_in, _mark_lost, _setup_rewritten, _Unproven, _untrusted
from ledger.service.repository import Repository, _info, _status_of
from ledger.service.results import VerifyReport
from ledger.service.snapshots import _cacheable, _same_state, snapshot_key
from ledger.store import GameRow, NewRow, Row, Snapshot, StaleHead, Tip

LOG_HOLDS = "the log itself checks out"  # ``verify``'s word on a problem in a cache only


class Audit:
    """``verify``, the notices of an opening, and a finished game's seed revealed."""

    def __init__(self, repo: Repository) -> None:
        self.repo = repo

    def notices(self) -> list[str]:
        """What opening the database found that the table must be told, once (the next opening
        finds it settled): the key is not the one that sealed it (lost or replaced, or the
        database copied without it), or it had no record of its key (made by an older referee,
        or the record deleted by hand); and what that costs. Empty as a rule."""
        news, store = self.repo.store.key_news, self.repo.store
        if news is None:
            return []
        if news == "changed":
            said = (
                f"{store.key_path} is not the key that sealed {store.path} (the key was lost or replaced,"
                " or the database was copied without it): from now on a new key seals it; every game is"
                " checked whole, once"
            )
        else:
            why = (
                "was altered by hand"
                if news == "altered"
                else "is missing (an older referee's database, or deleted by hand)"
            )
            unmarked = ", ".join(str(g) for g in sorted(store.unmarked)) or "none"
            said = (
                f"the record of the key that seals {store.path} {why}: it is made again, and the games"
                f" with no verified mark ({unmarked}) are checked whole, once"
            )
        said += (
            "; a cut at the end of a game's log, or a rewrite within the rules, made before now can no"
            " longer be shown but by a head hash kept elsewhere (`referee verify --head HASH`)"
        )
        lost = self._seeds_lost()
        if lost:
            said += (
                f"; the sealed seeds of game{'s' if len(lost) > 1 else ''} {', '.join(map(str, lost))}"
                " (virtual decks) cannot be opened without the key they were sealed with: the order of"
                " their decks to come is lost; each reads, scores and exports from its log, goes on as"
                " at a real table (the table reveals what it draws), and `referee verify` names the"
                " moves only the seed could confirm"
            )
        return [said]

    def _seeds_lost(self) -> list[int]:
        """The games whose setup commits to a seed that this installation cannot open, and whose
        log does not reveal it."""
        lost = []
        for game_id, _, _, body in self.repo.store.setups():
            try:
                setup = decode_setup(body)
            except VerificationFailed:
                continue
            if setup.commitment is not msgspec.UNSET and self.repo.seeded(setup, game_id).seed is None:
                lost.append(game_id)
        return lost

    def reveal_seed(self, game_id: int) -> tuple[int, int]:
        """Append a finished virtual game's sealed seed (and salt) to its log, so that anyone
        can check it against the setup's commitment and re-deal the decks (``verify``). Returns
        the row's seq and the seed. Refused while the game runs, and for a game without one."""
        loaded = self.repo.load(game_id)
        if loaded.setup.commitment is msgspec.UNSET:
            why = (
                "its seed is in its setup row already" if loaded.setup.seed is not None else "it has no seed"
            )
            raise IllegalMove(f"game #{game_id} has no sealed seed to reveal: {why}")
        self.repo.refuse_closed(loaded)
        if not loaded.game.is_over(loaded.state):
            raise IllegalMove(
                f"game #{game_id} is not over: its seed stays sealed while it runs (it tells every"
                " deck's order)",
                legal="finish the game first",
            )
        kept = self.repo.store.kept_seed(loaded.setup.commitment)
        if kept is None or loaded.setup.seed is None:
            raise IllegalMove(
                f"game #{game_id}'s seed is lost: {self.repo.store.path} keeps none that"
                f" {self.repo.store.key_path} opens (the key it was sealed with is gone), so nobody can"
                " reveal it; the log reads and verifies as it stands",
                legal="reveal it where the key it was sealed with is kept",
            )
        row = NewRow(SEED, encode(SeedRevealed(seed=kept[0], salt=kept[1])), TABLE)
        try:
            stored = self.repo.store.append(game_id, loaded.head, [row], self.repo.clock(), None)
        except StaleHead:
            raise WriteConflict("the log changed meanwhile", legal="try again") from None
        self.repo.forget(game_id)
        return stored[0].seq, kept[0]

    def verify(self, game_id: int, head_hash: str | None = None, *, accept: bool = False) -> VerifyReport:
        """Recompute the hash chain and re-validate every move (its actor included); name the
        first bad row. Then the caches: every snapshot is compared with the fold at its seq and
        the ``games`` row with the setup row; one that differs is named and dropped (a
        snapshot) or rewritten (the row). A log cut or rewritten since it was last checked is
        named too (the verified mark remembers its hash), before any move is replayed.

        A log that does not check out is marked damaged (every other command then refuses it);
        one that does is marked checked again, which lifts an earlier mark.

        What a check cannot prove is damage is said and marks nothing: a ``head_hash`` that
        matches no row (mistyped, from another database, or rows cut or rewritten after it), and
        a verified mark found missing (``Tip.lost``), which a head hash the log holds, or
        ``accept`` (the table takes the log as it stands), answers: the game is marked again."""
        tip = self.repo.store.tip(game_id)
        try:
            return self._verify(game_id, head_hash, tip, accept)
        except VerificationFailed as error:
            if error.legal != LOG_HOLDS and not isinstance(error, _Unproven):
                damage = _untrusted(error)
                self.repo.mark_bad(game_id, damage, tip)
                if not error.legal:
                    error.legal = damage.legal
            raise

    def _verify(self, game_id: int, head_hash: str | None, tip: Tip, accept: bool) -> VerifyReport:
        cached = self.repo.store.game(game_id)
        rows = self.repo.store.rows(game_id)
        if not rows:
            raise VerificationFailed(f"game #{game_id} has no rows: its log is gone", seq=1)
        prefix = head_prefix(head_hash) if head_hash is not None else None  # a typo is bad input
        check_chain(rows)
        # A cut tail is named as such before any move is replayed (a move cut in half would
        # otherwise be blamed for recording different facts).
        if tip.mark is not None and tip.mark > len(rows):
            raise VerificationFailed(
                f"the log ends at #{len(rows)}, but rows up to #{tip.mark} were recorded and"
                " checked: rows were removed",
                seq=len(rows) + 1,
            )
        if rows[0].type != SETUP:
            raise VerificationFailed("the log does not start with a setup row", seq=1)
        if tip.setup_hash is not None and rows[0].hash != tip.setup_hash:
            raise _setup_rewritten()
        setup = decode_setup(rows[0].body)
        game = _game_of(game_id, setup)
        key = snapshot_key(game)
        snapshots = self.repo.store.all_snapshots(game_id)
        waiting = {s.seq: s for s in snapshots if s.key == key and s.hash == _hash_at(rows, s.seq)}
        bad: list[tuple[Snapshot, str]] = [
            (s, "is bound to a row that is not in the log as it is now")
            for s in snapshots
            if s.key == key and s.hash is not None and s.seq not in waiting
        ]
        # From before bound snapshots, or not sealed by this installation (another key, or a
        # lost one): never used, dropped without a word unless it also differs from the fold.
        old = [s for s in snapshots if s.key == key and s.hash is None]
        unsealed = {s.seq for s in waiting.values() if not self.repo.store.snapshot_sealed(game_id, s)}
        seed = self.repo.kept(rows)
        if not _cacheable(setup):
            # No snapshot of a sealed game is kept (it holds the decks' order to come, and one
            # dealt from a lost seed is never folded on, ``_cached``): one an older referee left
            # is dropped without a word.
            old.extend(waiting.values())
            waiting.clear()

        def at(seq: int, state: Any) -> None:
            snapshot = waiting.pop(seq, None)
            if snapshot is None:
                return
            if not _same_state(game, snapshot.body, state):
                bad.append((snapshot, "does not match the fold of the log there"))
            elif seq in unsealed:
                old.append(snapshot)

        try:
            replay = replay_checked(game, rows, at=at, seed=seed)
        except VerificationFailed as error:
            if not bad:  # each snapshot in it was checked where the fold got to: before the failure
                raise
            self.repo.store.drop_snapshots(game_id, [s for s, _ in bad])
            snapshot, why = bad[0]
            raise type(error)(
                f"the snapshot at #{snapshot.seq} {why} (a forged or stale cache: dropped); the moves"
                f" after it were decided on it, and now {error.message}",
                seq=error.seq,
            ) from None
        # A rewrite the rules accept, its hashes recomputed: only the mark remembers.
        if tip.mark is not None and (
            rows[tip.mark - 1].hash != tip.mark_hash or rows[0].hash != tip.setup_hash
        ):
            raise VerificationFailed(
                f"the log up to #{tip.mark} is not the one checked before: it was rewritten"
                " and its hashes recomputed",
                seq=tip.mark,
            )
        if prefix is not None:
            _head_in(rows, prefix)
        problems: list[str] = []
        if bad:
            self.repo.store.drop_snapshots(game_id, [s for s, _ in bad])
            problems.extend(
                f"the snapshot at #{s.seq} {why} (a forged or stale cache: dropped)" for s, why in bad
            )
        old.extend(waiting[seq] for seq in unsealed if seq in waiting)  # never reached by the replay
        if old:
            self.repo.store.drop_snapshots(game_id, old)  # never used: no word about them
        truth = _info(game_id, setup, game.name, rows[0].recorded_at, _status_of(game, replay.state))
        differ = [name for name in GameRow.__struct_fields__ if getattr(cached, name) != getattr(truth, name)]
        if differ:
            self.repo.store.repair_game(truth)
            problems.append(
                "the games table differs from the log in "
                + ", ".join(
                    f"{name} ({getattr(cached, name)!r}, not {getattr(truth, name)!r})" for name in differ
                )
                + " (a cache: rewritten from the setup row)"
            )
        if tip.lost and prefix is None and not accept:
            lost = _mark_lost(game_id, len(rows))
            also = "".join(f"; and {problem}" for problem in problems)
            raise _Unproven(f"the log checks out, but {lost.message}{also}", legal=lost.legal, seq=lost.seq)
        self.repo.store.set_verified(game_id, len(rows), rows[-1].hash, rows[0].hash, since=tip)
        self.repo.forget(game_id)
        if problems:
            first = min((s.seq for s, _ in bad), default=1)
            raise VerificationFailed("; ".join(problems), legal=LOG_HOLDS, seq=first)
        return _report(game_id, rows, replay)


def _report(game_id: int, rows: list[Row], replay: Replay) -> VerifyReport:
    return VerifyReport(
        game_id=game_id,
        rows=len(rows),
        moves=sum(isinstance(e, MoveEntry) for e in replay.entries),
        live_moves=len(replay.live),
        head_seq=rows[-1].seq,
        head_hash=rows[-1].hash,
        seed=_seed_state(rows, replay.setup),
        unconfirmed=len(replay.unconfirmed),
    )


def _seed_state(rows: Sequence[Row], dealt: Setup) -> str:
    """``VerifyReport.seed``: what became of a committed seed (checked by the replay, which
    dealt from the setup ``dealt``)."""
    if decode_setup(rows[0].body).commitment is msgspec.UNSET:
        return ""
    if rows[-1].type == SEED:
        return "revealed"
    return "lost" if dealt.seed is None else "sealed"


def _hash_at(rows: Sequence[Row], seq: int) -> str | None:
    return rows[seq - 1].hash if 1 <= seq <= len(rows) else None
