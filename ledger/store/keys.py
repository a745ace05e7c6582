"""The installation's sealing key: the file beside a database (``<db>.key``, mode 0600) that
seals its caches and its seeds, kept outside the database so that the file alone seals nothing."""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

from ledger.errors import StoreUnreadable

KEY_BYTES = 32


def installation_key(path: Path, *, create: bool) -> bytes | None:
    """The sealing key kept at ``path``, made there (mode 0600) if missing and ``create``; None
    if it is missing and cannot be made (then nothing is sealed, and no cache is believed).

    A file there that is no key the referee made is refused (``StoreUnreadable``), saying what is
    wrong with it: anything but a regular file (a FIFO would hang the read, a device never end
    it), one that cannot be read, one of another size than a key's. At most a key's size and
    one byte more is read. A key is written to a private temporary file and linked into place,
    so that two processes making it at once agree on one key and none reads a half-written one."""
    try:
        return _read_key(path)
    except FileNotFoundError:
        if not create:
            return None
    temporary = path.with_name(f"{path.name}.{os.getpid()}.{os.urandom(4).hex()}")
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as file:
            file.write(os.urandom(KEY_BYTES))
            file.flush()
            os.fsync(file.fileno())
        with contextlib.suppress(FileExistsError):
            os.link(temporary, path)
    except OSError:
        return None
    finally:
        with contextlib.suppress(OSError):
            temporary.unlink()
    try:
        return _read_key(path)
    except FileNotFoundError:  # a link there to a file that does not exist
        raise StoreUnreadable(
            f"the key {path} is a link to a file that does not exist",
            legal="remove the link, or make it point at the database's own key, then run the referee again",
        ) from None


def key_beside(database: str | Path) -> Path:
    """Where the database at ``database`` keeps its sealing key: beside it, as ``<db>.key``
    (a backup's copy too, so that ``--db`` opens the copy with its key)."""
    return Path(f"{database}.key")


def _read_key(path: Path) -> bytes:
    """The key in the file at ``path`` (FileNotFoundError if there is none), read without waiting
    on a FIFO and never more than a key and a byte; ``StoreUnreadable`` for a file that is no key:
    its kind is looked at before it is opened (a socket cannot be opened at all), and again once
    it is (the one read is the one looked at)."""
    fix = (
        f"move it away and run the referee again (it makes a new key, says what that costs, and"
        f" checks each game once), or put the database's own key back at {path}"
    )
    try:
        _regular(path, os.stat(path).st_mode, fix)
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise StoreUnreadable(f"cannot read the key {path}: {exc.strerror}", legal=fix) from None
    try:
        _regular(path, os.fstat(descriptor).st_mode, fix)
        key = os.read(descriptor, KEY_BYTES + 1)
    except OSError as exc:
        raise StoreUnreadable(f"cannot read the key {path}: {exc.strerror}", legal=fix) from None
    finally:
        os.close(descriptor)
    if len(key) != KEY_BYTES:
        size = f"{len(key)} bytes" if len(key) <= KEY_BYTES else "longer"
        raise StoreUnreadable(
            f"the key {path} is {size}, not a key of {KEY_BYTES} bytes: it was cut short or is another file",
            legal=fix,
        )
    return key


def _regular(path: Path, mode: int, fix: str) -> None:
    if not stat.S_ISREG(mode):
        raise StoreUnreadable(f"the key {path} is {_file_kind(mode)}, not a file the referee made", legal=fix)


def _file_kind(mode: int) -> str:
    for test, name in (
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return name
    return "not a regular file"
