"""A real PostgreSQL for the server's tests: ``postgres_dsn`` (the server, for the whole session)
and ``postgres_database`` (a fresh empty database per test).

The server is the one named by ``CARDRULES_TEST_POSTGRES`` (a ``postgresql://`` URL whose user may
create databases) when it is set; else a throwaway cluster started from Debian's server binaries
(``/usr/lib/postgresql/<version>/bin``) in a temporary folder, on a free port of 127.0.0.1, as the
``postgres`` user when the tests run as root, and removed at the end. Without either, the tests
that need it skip and say why (fail, under ``CARDRULES_REQUIRE_ALL=1``).
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import os
import pwd
import re
import secrets
import shutil
import socket
import subprocess
import tempfile
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import service_missing

TEST_POSTGRES = "CARDRULES_TEST_POSTGRES"
INITDB = "/usr/lib/postgresql/*/bin/initdb"


@pytest.fixture(scope="session")
def postgres_dsn() -> Iterator[str]:
    """The URL of a PostgreSQL server whose user may create databases (see the module's docstring)."""
    given = os.environ.get(TEST_POSTGRES)
    if given:
        yield given
        return
    with _throwaway_cluster(postgres_binaries()) as dsn:
        yield dsn


def postgres_binaries(pattern: str = INITDB) -> Path:
    """The folder of the newest PostgreSQL server binaries matching ``pattern``; if there are none,
    the test skips saying so (or fails, under ``CARDRULES_REQUIRE_ALL=1``)."""
    initdbs = glob.glob(pattern)
    if not initdbs:
        service_missing(f"PostgreSQL is not installed: no {pattern} (Debian's postgresql package), "
                        f"and {TEST_POSTGRES} names no server")
    newest = max(initdbs, key=lambda path: [int(part) for part in re.findall(r"\d+", path)])
    return Path(newest).parent


@pytest.fixture
def postgres_database(postgres_dsn: str) -> Iterator[str]:
    """The URL of a new empty database on the ``postgres_dsn`` server, dropped after the test."""
    name = f"cardrules_test_{secrets.token_hex(6)}"
    asyncio.run(_admin(postgres_dsn, f"CREATE DATABASE {name}"))
    try:
        yield urllib.parse.urlsplit(postgres_dsn)._replace(path=f"/{name}").geturl()
    finally:
        asyncio.run(_admin(postgres_dsn, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))


async def _admin(dsn: str, statement: str) -> None:
    import asyncpg

    connection = await asyncpg.connect(dsn, timeout=30)
    try:
        await connection.execute(statement)
    finally:
        await connection.close()


@contextlib.contextmanager
def _throwaway_cluster(binaries: Path) -> Iterator[str]:
    """A PostgreSQL cluster of its own in a temporary folder: its URL while it runs; then stopped
    and removed."""
    folder = Path(tempfile.mkdtemp(prefix="cardrules-pg-"))
    data = folder / "data"
    as_owner: list[str] = []

    def run(program: str, *arguments: str) -> None:
        done = subprocess.run([*as_owner, str(binaries / program), *arguments],
                              capture_output=True, text=True, timeout=120)
        if done.returncode:
            log = folder / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            pytest.fail(f"{program} failed ({done.returncode}) while starting a throwaway PostgreSQL:\n"
                        f"{done.stdout}{done.stderr}{tail}", pytrace=False)

    try:
        if os.geteuid() == 0:
            # PostgreSQL refuses to run as root: the cluster belongs to the postgres user.
            try:
                owner = pwd.getpwnam("postgres")
            except KeyError:
                service_missing("PostgreSQL cannot run as root, and there is no 'postgres' user to run it as")
            os.chown(folder, owner.pw_uid, owner.pw_gid)
            as_owner = ["runuser", "-u", "postgres", "--"]
        run("initdb", "--pgdata", str(data), "--username", "postgres", "--auth", "trust",
            "--encoding", "UTF8", "--no-sync")
        port = _free_port()
        # fsync off: the tests never crash the server, and it spares the shared disk.
        options = (f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={folder} "
                   "-c fsync=off -c full_page_writes=off -c max_connections=200")
        run("pg_ctl", "--pgdata", str(data), "--log", str(folder / "server.log"),
            "--wait", "--timeout", "60", "--options", options, "start")
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        if (data / "postmaster.pid").exists():
            subprocess.run([*as_owner, str(binaries / "pg_ctl"), "--pgdata", str(data),
                            "--mode", "immediate", "--wait", "stop"], capture_output=True, timeout=60)
        shutil.rmtree(folder, ignore_errors=True)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port
