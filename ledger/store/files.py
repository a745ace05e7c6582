"""The files a database consists of on disk (the file, SQLite's ``-wal`` and ``-shm``, the key
beside it): a backup of them, and removing a database just made."""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path

from ledger.errors import BadInput, StorageFailed
from ledger.store.connection import Connection
from ledger.store.keys import key_beside


class Files(Connection):
    """The database's files: which they are, a copy of them, and removing what an opening made."""

    # What this opening made on disk besides the database's own files (``Store.__init__``).
    _made_key: bool
    _made_folders: list[Path]

    def backup(self, target: Path) -> Path | None:
        """Copy the database, as it stands at one instant, to the new file ``target``, and its key
        beside it as ``<target>.key`` (mode 0600): the two files a complete backup consists of
        (``--db target`` opens it as it is). Returns the key's copy, None if this database has no
        key to copy (nothing sealed: the copy checks each game whole). Nothing is overwritten."""
        key = key_beside(target)
        for path in (target, key):
            if path.exists() or path.is_symlink():
                raise BadInput(f"{path} exists already: a backup never overwrites a file", legal="a new FILE")
        try:
            copy = sqlite3.connect(target)
            try:
                self.conn.backup(copy)
            finally:
                copy.close()
        except sqlite3.Error as exc:
            with contextlib.suppress(OSError):
                target.unlink()
            raise self._failure(exc, "back up") from None
        if not self.keyed or self.path == ":memory:":
            return None
        try:
            descriptor = os.open(key, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "wb") as file:
                file.write(self.key)
                file.flush()
                os.fsync(file.fileno())
        except OSError as exc:
            raise StorageFailed(
                f"copied the database to {target}, but not its key to {key} ({exc.strerror}):"
                " the copy alone cannot open the sealed seeds",
                legal=f"copy {self.key_path} to {key} by hand",
            ) from None
        return key

    def files(self) -> list[Path]:
        """The files this database consists of on disk: the file itself, SQLite's ``-wal`` and
        ``-shm`` beside it, and its sealing key (``key_path``); none for ``:memory:``."""
        if self.path == ":memory:":
            return []
        return [Path(self.path), Path(self.path + "-wal"), Path(self.path + "-shm"), self.key_path]

    def remove(self) -> None:
        """Close the database and delete it from disk, with what this opening made for it: its
        key if there was none before, and the folders made for the file (innermost first). For a
        new database a refused command leaves with no game in it: a refusal leaves no file behind."""
        self.close()
        for path in self.files():
            if path != self.key_path or self._made_key:  # a key found there is not this opening's to take
                path.unlink(missing_ok=True)
        for folder in self._made_folders:
            with contextlib.suppress(OSError):
                folder.rmdir()
