"""A whole ledger moved from one database to another (issue 44): every table copied as it stands
at one instant, game ids, hashes, marks, caches and seals all kept, with the key that seals them.

``referee backup FILE`` on PostgreSQL writes an SQLite file (and ``FILE.key``) this way, and
``referee backup postgresql://...`` on either database fills a club's server that holds no game
yet (the key goes to the file ``REFEREE_KEY_FILE`` names): a group's laptop ledger moves to the
club's server and back with every game verifying to the same head.
"""

from __future__ import annotations

import hmac
import os
from pathlib import Path
from typing import Any

from ledger.errors import BadInput, StorageFailed
from ledger.storage import is_server
from ledger.store import Store
from ledger.store.tables import Tables


def copy_ledger(source: Tables, target: str | Path) -> Path | None:
    """Copy every table of ``source`` into a new ledger at ``target`` (an SQLite file that does
    not exist yet, or a PostgreSQL address whose database holds no game) with ``source``'s key
    beside it or in ``REFEREE_KEY_FILE``. Returns the key's copy (None without a key: the copy
    then checks each game whole). Nothing is overwritten."""
    tables = source.snapshot_of()
    if is_server(target):
        from ledger.store.postgres import KEY_FILE, PostgresStore

        named = os.environ.get(KEY_FILE)
        key = Path(named).expanduser() if named else None
        if key is not None and source.keyed:
            _give_key(key, source.key, KEY_FILE)
        into: Any = PostgresStore(str(target))
        if into.games():
            into.close()
            raise BadInput(
                f"{into.path} holds games already: a ledger moves only into a database that holds none",
                legal="a new database (createdb NAME), or `referee import` a game at a time",
            )
    else:
        target = Path(target)
        key = Path(f"{target}.key")
        for path in (target, key):
            if path.exists() or path.is_symlink():
                raise BadInput(f"{path} exists already: a backup never overwrites a file", legal="a new FILE")
        if source.keyed:
            _give_key(key, source.key, "")
        into = Store(target)
        if into.games():  # pragma: no cover - a file just made holds none
            raise BadInput(f"{target} holds games already")
    into.ensure_library()
    into.ensure_links()
    with into._immediate() as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS seeds (commitment TEXT PRIMARY KEY, box TEXT NOT NULL)")
    into.load(tables)
    into.close()
    return key if source.keyed else None


def _give_key(path: Path, key: bytes, variable: str) -> None:
    """Write ``key`` to the new file ``path`` (mode 0600); a file there already must hold it."""
    try:
        found = path.read_bytes()
    except FileNotFoundError:
        found = None
    except OSError as exc:
        raise StorageFailed(f"cannot read the key {path}: {exc.strerror}") from None
    if found is not None:
        if hmac.compare_digest(found, key):
            return
        named = f" ({variable} names it)" if variable else ""
        raise BadInput(
            f"{path}{named} is the key of another ledger: the copy would open none of its seals",
            legal=f"set {variable} to a new file" if variable else "a new FILE",
        )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as file:
            file.write(key)
            file.flush()
            os.fsync(file.fileno())
    except OSError as exc:
        raise StorageFailed(
            f"cannot write the key {path}: {exc.strerror}", legal="a writable folder"
        ) from None
