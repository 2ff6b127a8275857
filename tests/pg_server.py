"""A PostgreSQL server of the tests' own: initdb in a temporary folder, listening on a socket there.

Debian's ``postgresql`` package provides the programs (``/usr/lib/postgresql/N/bin``; ``.ci/run``
installs it when missing). The server listens on no TCP address at all, only on a unix socket
in its folder, so no test can reach (or be reached by) anything it did not start. PostgreSQL
refuses to run as root: when the tests run as root, the server runs as ``nobody`` (through
``runuser``; a system user is made when there is no ``nobody``), which owns the folder.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

SUPERUSER = "ironsworn"
PORT = 5432  # only names the socket file: there is no TCP listener


def find_bindir() -> Path | None:
    """The newest installed PostgreSQL's programs, or None."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0,
    )
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def unavailable() -> str | None:
    """Why no server can be started here (None: one can)."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed (pip install -e '.[test]')"
    if find_bindir() is None:
        return "PostgreSQL is not installed (initdb not found; apt-get install postgresql)"
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "running as root without runuser, so PostgreSQL cannot be started"
    return None


class PgServer:
    """A running server; :meth:`stop` stops it and removes its folder."""

    def __init__(self, bindir: Path, folder: Path, user: str | None) -> None:
        self.bindir = bindir
        self.folder = folder
        self.data = folder / "data"
        self.user = user
        self._names = itertools.count(1)

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", self.user, "--"] if self.user else []
        done = subprocess.run(
            [*prefix, *command], capture_output=True, text=True, timeout=120, cwd=self.folder
        )
        if done.returncode != 0:
            log = self.folder / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"{command[0]} failed: {done.stderr or done.stdout}\n{tail}")

    def start(self) -> None:
        self._run(
            str(self.bindir / "initdb"),
            "-D",
            str(self.data),
            "-U",
            SUPERUSER,
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-sync",
        )
        # No TCP at all, a socket in our own folder; fsync off because the tests kill clients,
        # never this server, and it keeps the suite fast on a shared machine.
        options = f"-k {self.folder} -p {PORT} -c listen_addresses='' -c fsync=off"
        self._run(
            str(self.bindir / "pg_ctl"),
            "-D",
            str(self.data),
            "-l",
            str(self.folder / "server.log"),
            "-w",
            "-o",
            options,
            "start",
        )

    def stop(self) -> None:
        try:
            self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "fast", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@/{dbname}?host={self.folder}&port={PORT}"

    def create_database(self, prefix: str = "test") -> str:
        """A new, empty database; its URL."""
        import psycopg

        name = f"{prefix}_{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


def _unprivileged_user() -> str:
    """``nobody``, or (on a system without it) a system user made for the purpose."""
    for name in ("nobody", "ironsworn-pg"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return name
    subprocess.run(
        ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", "ironsworn-pg"],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return "ironsworn-pg"


def start() -> PgServer:
    """Start a server in a new temporary folder (as ``nobody`` when we are root)."""
    bindir = find_bindir()
    assert bindir is not None
    folder = Path(tempfile.mkdtemp(prefix="ironsworn-pg-"))
    user = None
    if os.geteuid() == 0:
        user = _unprivileged_user()
        entry = pwd.getpwnam(user)
        os.chown(folder, entry.pw_uid, entry.pw_gid)
        # Every folder above the socket must let the server (and us) through.
        os.chmod(folder, 0o755)
    server = PgServer(bindir, folder, user)
    try:
        server.start()
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return server


def round_trips(monkeypatch: Any) -> list[str]:
    """The round trips this process makes to the server from now on: each statement sent
    alone, and each pipeline (statements sent together, answered together); ``monkeypatch``:
    pytest's, whose ``undo()`` stops the count."""
    from collections.abc import Iterator
    from contextlib import contextmanager

    import psycopg

    trips: list[str] = []
    execute, pipeline = psycopg.Connection.execute, psycopg.Connection.pipeline

    def counted_execute(self: psycopg.Connection[Any], query: Any, *args: Any, **kw: Any) -> Any:
        if self._pipeline is None:
            trips.append(str(query))
        else:
            trips[-1] += f" | {query}"
        return execute(self, query, *args, **kw)

    @contextmanager
    def counted_pipeline(self: psycopg.Connection[Any]) -> Iterator[Any]:
        trips.append("pipeline")
        with pipeline(self) as sent:
            yield sent

    monkeypatch.setattr(psycopg.Connection, "execute", counted_execute)
    monkeypatch.setattr(psycopg.Connection, "pipeline", counted_pipeline)
    return trips
