"""A throwaway PostgreSQL cluster for the tests and the torture benchmark (issue 44).

``start`` runs ``initdb`` in a new temporary folder and ``pg_ctl start`` on it, listening on a
unix socket in that folder only (no TCP port), and returns its address; ``stop`` stops it and
removes the folder. As root (CI, this machine) the cluster belongs to the ``postgres`` user,
since ``initdb`` and ``pg_ctl`` refuse to run as root. ``find`` says why there is none, for the
one line a test run prints when it skips the PostgreSQL tests.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

REQUIRE = "REFEREE_REQUIRE_POSTGRES"  # set by .ci/run: a missing PostgreSQL fails the tests
GIVEN = "REFEREE_TEST_POSTGRES"  # a URL of a server to use instead of a throwaway cluster


def binaries() -> Path | None:
    """The folder with ``initdb`` and ``pg_ctl``, if PostgreSQL's server is installed."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(os.path.realpath(found)).parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if Path(folder, "initdb").exists() and Path(folder, "pg_ctl").exists():
            return Path(folder)
    return None


def missing() -> str | None:
    """Why no PostgreSQL can be had for the tests (None if one can)."""
    if os.environ.get(GIVEN):
        return None
    if binaries() is None:
        return f"no PostgreSQL server installed (initdb not found) and {GIVEN} unset"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no postgres user to run initdb as"
    return None


@dataclass
class Cluster:
    folder: Path
    url: str  # the `referee` database's address, as the superuser, over the socket
    bin: Path
    user: str | None  # who runs pg_ctl (postgres as root, else None: oneself)


def _run(cluster_user: str | None, *command: str) -> subprocess.CompletedProcess[str]:
    argv = ["runuser", "-u", cluster_user, "--", *command] if cluster_user else list(command)
    return subprocess.run(argv, capture_output=True, text=True, timeout=120, check=False)


def start(*, durable: bool = False) -> Cluster:
    """A new cluster with a database ``referee``; ``durable`` keeps fsync on (the torture
    benchmark), else the tests' cluster skips it (nothing there must survive a power cut)."""
    folder_bin = binaries()
    if folder_bin is None:
        raise RuntimeError(missing() or "no PostgreSQL")
    user = "postgres" if os.geteuid() == 0 else None
    folder = Path(tempfile.mkdtemp(prefix="refpg"))
    if user:
        entry = pwd.getpwnam(user)
        os.chown(folder, entry.pw_uid, entry.pw_gid)
    data = folder / "data"
    initdb = str(folder_bin / "initdb")
    done = _run(user, initdb, "-D", str(data), "-U", "referee", "--auth=trust", "-E", "UTF8")
    if done.returncode:
        shutil.rmtree(folder, ignore_errors=True)
        raise RuntimeError(f"initdb failed: {done.stderr.strip() or done.stdout.strip()}")
    settings = f"-k {folder} -c listen_addresses='' -c max_connections=200"
    if not durable:
        settings += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    pg_ctl = str(folder_bin / "pg_ctl")
    done = _run(user, pg_ctl, "-D", str(data), "-l", str(folder / "log"), "-o", settings, "-w", "start")
    if done.returncode:
        log = (folder / "log").read_text(errors="replace") if (folder / "log").exists() else ""
        shutil.rmtree(folder, ignore_errors=True)
        raise RuntimeError(f"pg_ctl start failed: {done.stderr.strip()} {log[-500:]}")
    import psycopg

    with psycopg.connect(f"postgresql://referee@/postgres?host={folder}", autocommit=True) as conn:
        conn.execute("CREATE DATABASE referee")
    return Cluster(folder, f"postgresql://referee@/referee?host={folder}", folder_bin, user)


def stop(cluster: Cluster) -> None:
    with contextlib.suppress(subprocess.TimeoutExpired):
        data = str(cluster.folder / "data")
        _run(cluster.user, str(cluster.bin / "pg_ctl"), "-D", data, "-m", "immediate", "stop")
    shutil.rmtree(cluster.folder, ignore_errors=True)


def in_schema(url: str, schema: str) -> str:
    """``url`` with its tables in ``schema`` (made if missing): one test's own database."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA IF NOT EXISTS {schema}")  # type: ignore[arg-type]
    return f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"
