"""Export and import: a game as JSON Lines (a header, then one line a row, as the log holds
them), and such a file loaded again after every row is checked.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from ledger import games
from ledger.codec import MAX_NESTING, encode, stored_body, too_deep
from ledger.errors import BadInput, NotFound, StoreUnreadable, VerificationFailed
from ledger.history import (
    SEED,
    check_chain,
    decode_setup,
    read_entries,
    replay_checked,
    revealed_seed,
    seed_commitment,
)
from ledger.service.catalogue import _game_of, _other_game
from ledger.service.checks import _check_header, _check_setup
from ledger.service.repository import Repository, _status_of
from ledger.service.results import ExportHeader, ExportLine
from ledger.store import GameRow, Row

EXPORT_FORMAT = "referee-log/1"


class Transfer:
    """A game out as JSON Lines, and such a file in again."""

    def __init__(self, repo: Repository) -> None:
        self.repo = repo

    def export(self, game_id: int, *, with_seed: bool = False) -> tuple[list[str], str]:
        """The game as JSON Lines (a header, then one line a row) and its head hash. The rows
        go out as they are, checked or not: an export is also how a damaged log is kept.

        A sealed seed goes out only once revealed (in its row), or with ``with_seed`` (in the
        header, with its salt): then whoever reads the file can compute every deck's order. A
        lost seed (its key lost) is refused for ``with_seed`` rather than left out: a file asked
        for with it is one that deals the game again, and this one cannot."""
        opened = self.repo.open(game_id)
        info, setup = opened.info, opened.setup
        rows = self.repo.store.rows(game_id)
        written = decode_setup(rows[0].body)
        salt: str | msgspec.UnsetType = msgspec.UNSET
        if with_seed and written.commitment is not msgspec.UNSET:
            kept = self.repo.store.kept_seed(written.commitment)
            reveal = revealed_seed(written, rows[-1:]) if rows[-1].type == SEED else None
            if kept is not None and seed_commitment(*kept) == written.commitment:
                salt = kept[1]
            elif reveal is not None:
                salt = reveal.salt
            else:
                raise NotFound(
                    f"game #{game_id}'s seed is lost: {self.repo.store.path} keeps none that"
                    f" {self.repo.store.key_path} opens (the key it was sealed with is gone), so no file"
                    " can carry it",
                    legal="`referee export` without --with-seed: every row the log holds",
                )
        else:
            setup = written
        header = ExportHeader(
            format=EXPORT_FORMAT,
            game=info.kind,
            rules_version=info.rules_version,
            title=info.title,
            players=list(setup.players),
            mode=setup.mode,
            options=setup.options,
            seed=setup.seed,
            salt=salt,
            created_at=info.created_at,
            status=info.status,
        )
        lines = [encode(header)]
        lines.extend(
            encode(
                ExportLine(
                    seq=r.seq,
                    type=r.type,
                    actor=r.actor,
                    recorded_at=r.recorded_at,
                    prev_hash=r.prev_hash,
                    hash=r.hash,
                    body=stored_body(r.body),
                )
            )
            for r in rows
        )
        return lines, rows[-1].hash

    def import_lines(self, lines: Iterable[str], *, copy: bool = False) -> tuple[int, bool]:
        """Load an exported game after re-validating every row; refuse a tampered or illegal file.
        The game becomes the current one.

        Returns the game's id and whether it is new: a log already in the database (the same
        setup row and head hash) is not loaded twice unless ``copy`` asks for it.
        """
        text = [line for line in lines if line.strip()]
        if not text:
            raise BadInput("the file is empty", legal="a file written by `referee export`")
        deep = too_deep("\n".join(text))  # before any line is parsed: a parser recurses once a level
        if deep is not None:
            raise BadInput(
                f"line {deep + 1} of the file nests arrays and objects more than {MAX_NESTING} deep",
                legal="a file written by `referee export`, whose lines nest a few levels",
            )
        try:
            header = msgspec.json.decode(text[0], type=ExportHeader)
        except msgspec.DecodeError as exc:
            raise BadInput(f"line 1 is not an export header: {exc}") from None
        if header.format != EXPORT_FORMAT:
            raise BadInput(f"unknown export format {header.format!r}", legal=EXPORT_FORMAT)
        game = games.get(header.game)
        rows = []
        for number, line in enumerate(text[1:], start=2):
            try:
                item = msgspec.json.decode(line, type=ExportLine)
            except msgspec.DecodeError as exc:
                raise VerificationFailed(f"line {number} does not read: {exc}") from None
            body = bytes(item.body).decode()
            rows.append(
                Row(
                    item.seq,
                    item.type,
                    body,
                    item.actor,
                    item.recorded_at,
                    item.prev_hash,
                    item.hash,
                )
            )
        check_chain(rows)
        setup = read_entries(game, rows[:1])[0]
        game = _game_of(0, setup, importing=True)
        _check_setup(game, setup)
        _check_header(header, setup, rows[0])
        seed = None
        if setup.commitment is not msgspec.UNSET:
            reveal = revealed_seed(setup, rows)
            if reveal is not None:
                seed, salt = reveal.seed, reveal.salt
            elif header.seed is not None and header.salt is not msgspec.UNSET:
                seed, salt = header.seed, header.salt  # the commitment's (``_check_header``)
            else:  # exported from here, or imported before: the seed kept sealed here
                kept = self.repo.store.kept_seed(setup.commitment)
                if kept is not None and seed_commitment(*kept) == setup.commitment:
                    seed, salt = kept
            # With no seed (the file exported without it, or where its key was lost), the game
            # is read as its log holds it, as where the seed is lost (``history.seed_lost``).
        try:
            replay = replay_checked(game, rows, seed=seed)
        except StoreUnreadable as error:
            raise _other_game(game, rows, error) from None
        if seed is not None and setup.commitment is not msgspec.UNSET:
            self.repo.store.put_seed(setup.commitment, seed, salt)
        if not copy:
            # The head hash covers the whole chain: the same head is the same log.
            head = (rows[-1].seq, rows[-1].hash)
            for known in self.repo.store.games():
                if self.repo.store.head(known.id) == head:
                    self.repo.use(known.id)
                    return known.id, False
        from ledger import library

        if library.has_library(game):
            # Its faces meet the group's library as a declaration would (a game of another group;
            # a log already here, found above, was played by this group before any correction).
            library.check(
                library.read(self.repo.store, game), game, (e for m in replay.live for e in m.events)
            )
        game_id = self.repo.store.import_game(
            GameRow(
                0,
                game.name,
                setup.rules_version,
                setup.title,
                list(setup.players),
                setup.options,
                rows[0].recorded_at,
                _status_of(game, replay.state),
            ),
            rows,
            current=True,
        )
        return game_id, True
