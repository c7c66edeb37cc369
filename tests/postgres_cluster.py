"""A throwaway PostgreSQL server for the tests and the benchmarks: initdb in a temporary folder, then pg_ctl.

Nothing needs to run beforehand: the binaries are found with ``pg_config --bindir`` (or the usual Debian
folders), the cluster lives in a temporary folder with its socket inside (no TCP port, so parallel runs never
collide), and ``stop()`` removes it all. The server refuses to run as root, so as root every step runs as an
unprivileged user (``postgres``, or ``nobody``) through ``runuser``, and the folder is handed to that user.
Durability is switched off (fsync, synchronous commit): this server holds nothing worth keeping.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

__all__ = ["PostgresCluster", "PostgresUnavailable", "find_bindir"]

_PORT = 5432  # only names the socket file; there is no TCP listener
_SETTINGS = {
    "listen_addresses": "''",
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "max_connections": "200",
}


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL binaries here, or no way to run them; the message says which. (A server that is there but
    fails to start raises a plain ``RuntimeError`` with its log: that is a failure, not a reason to skip.)"""


def find_bindir() -> Path:
    """The folder holding initdb and pg_ctl; raise ``PostgresUnavailable`` naming what was looked for."""
    candidates: list[Path] = []
    pg_config = shutil.which("pg_config")
    if pg_config:
        with contextlib.suppress(OSError, subprocess.CalledProcessError):
            candidates.append(Path(subprocess.run([pg_config, "--bindir"], capture_output=True, text=True,
                                                  check=True).stdout.strip()))
    candidates += [Path(p) for p in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)]
    initdb = shutil.which("initdb")
    if initdb:
        candidates.append(Path(initdb).resolve().parent)
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    raise PostgresUnavailable("PostgreSQL binaries not found (looked for initdb and pg_ctl in `pg_config --bindir`, "
                              "/usr/lib/postgresql/*/bin and PATH); install the postgresql package to run this part")


def _server_user() -> str | None:
    """Who runs the server: None for the current user, or an unprivileged account when we are root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            pwd.getpwnam(name)
            if shutil.which("runuser"):
                return name
    raise PostgresUnavailable("running as root, and there is no `postgres` or `nobody` user with runuser to start "
                              "the server as (PostgreSQL refuses to run as root)")


class PostgresCluster:
    """One temporary server; ``dsn(schema)`` gives each test or run its own schema in it."""

    def __init__(self) -> None:
        self.bindir = find_bindir()
        self.user = _server_user()
        self.folder: Path | None = None
        self._schemas = itertools.count(1)

    @property
    def socket_dir(self) -> Path:
        if self.folder is None:
            raise RuntimeError("the cluster is not started")
        return self.folder

    def _run(self, *args: str) -> None:
        command = [str(self.bindir / args[0]), *args[1:]]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed ({done.returncode}): {done.stderr.strip()[-2000:]}")

    def start(self) -> PostgresCluster:
        """initdb and start the server; on any failure nothing is left behind."""
        base = "/tmp" if os.path.isdir("/tmp") else None  # short: a socket path has at most 107 bytes
        self.folder = Path(tempfile.mkdtemp(prefix="skirmish-pg-", dir=base))
        try:
            if self.user is not None:
                account = pwd.getpwnam(self.user)
                os.chown(self.folder, account.pw_uid, account.pw_gid)
            data = self.folder / "data"
            self._run("initdb", "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync",
                      "--no-instructions")
            options = " ".join([f"-k {self.folder}", f"-p {_PORT}", *(f"-c {k}={v}" for k, v in _SETTINGS.items())])
            self._run("pg_ctl", "-D", str(data), "-w", "-t", "60", "-l", str(self.folder / "server.log"),
                      "-o", options, "start")
        except BaseException:
            self.stop()
            raise
        return self

    def dsn(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@/{database}?host={self.socket_dir}&port={_PORT}"

    def new_schema_dsn(self) -> str:
        """A DSN whose connections work in a fresh, empty schema: one test's private database, made in ~1 ms."""
        name = f"t{next(self._schemas)}"
        self._psql(f"CREATE SCHEMA {name}")
        return f"{self.dsn()}&search_path={name}"

    def _psql(self, sql: str) -> None:
        command = [str(self.bindir / "psql"), "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", self.dsn(), "-c", sql]
        subprocess.run(command, capture_output=True, text=True, check=True)

    def stop(self) -> None:
        """Stop the server at once and remove its folder (safe to call twice)."""
        if self.folder is None:
            return
        data = self.folder / "data"
        if (data / "postmaster.pid").exists():
            with contextlib.suppress(RuntimeError):
                self._run("pg_ctl", "-D", str(data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder = None

    def __enter__(self) -> PostgresCluster:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()
