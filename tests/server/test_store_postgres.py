"""The PostgreSQL store: another process's commits reach this one's listeners (NOTIFY), the
listener comes back when its connection is lost, and a database that cannot be reached is a
clear StoreError that never shows the password."""

from __future__ import annotations

import asyncio
import logging
import socket
import sys
import urllib.parse

import asyncpg
import pytest

from cardrules.errors import ArgumentError
from cardrules.server.postgres import PostgresStore
from cardrules.server.store import StoreError
from tests.server.stores import HANG, Ears, a_room, run

COMMIT_IN_ANOTHER_PROCESS = """
import asyncio, sys
from cardrules.errors import ArgumentError
from cardrules.server.postgres import PostgresStore

async def commit():
    store = PostgresStore(sys.argv[1])
    await store.open()
    print(await store.take_seat(sys.argv[2], 0, "Bob", "b" * 64),
          await store.commit(sys.argv[2], expected_plies=0, record='{"moves": 1}', plies=1, over=False))
    await store.close()

asyncio.run(commit())
"""


def test_a_commit_in_another_process_reaches_this_ones_listeners(postgres_database: str) -> None:
    async def work() -> None:
        store = PostgresStore(postgres_database)
        await store.open()
        ears = Ears()
        store.listen(ears)
        await store.create(a_room("r"))
        child = await asyncio.create_subprocess_exec(
            sys.executable, "-c", COMMIT_IN_ANOTHER_PROCESS, postgres_database, "r",
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        out, err = await asyncio.wait_for(child.communicate(), HANG)
        assert (child.returncode, out, err) == (0, b"True True\n", b"")
        assert await ears.until("r", times=2) == ["r", "r"]  # the seat, then the move
        assert ears.told == [("r", None), ("r", 1)]  # the move's notification carries its count
        stored = await store.get("r")
        assert stored is not None
        assert (stored.plies, stored.seats[0].name) == (1, "Bob")
        await store.close()

    run(work)


@pytest.mark.parametrize(("options", "setting"), [({}, "off"), ({"power_safe": True}, "on")])
def test_a_commit_waits_for_the_databases_flush_only_when_power_safe(
        postgres_database: str, options: dict[str, bool], setting: str) -> None:
    # "on" is the test database's own setting, which a power-safe store keeps.
    async def work() -> str:
        store = PostgresStore(postgres_database, **options)
        await store.open()
        try:
            async with store._pool.acquire() as connection:
                value: str = await connection.fetchval("SHOW synchronous_commit")
        finally:
            await store.close()
        return value

    assert run(work) == setting


def test_a_connection_goes_back_to_the_pool_without_a_statement_of_its_own(
        postgres_database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # asyncpg's default reset sends UNLISTEN *, RESET ALL and more at every release: a statement
    # and a round trip for each of the store's, a move's commit included; the store changes no
    # session state, so it sends none.
    sent: list[str] = []
    execute = asyncpg.connection.Connection.execute

    async def recorded(self: asyncpg.connection.Connection, query: str, *args: object,
                       **options: object) -> str:
        sent.append(query)
        result: str = await execute(self, query, *args, **options)
        return result

    async def work() -> None:
        store = PostgresStore(postgres_database)
        await store.open()
        await store.create(a_room("r"))
        monkeypatch.setattr(asyncpg.connection.Connection, "execute", recorded)
        assert await store.commit("r", expected_plies=0, record='{"moves": 1}', plies=1, over=False)
        assert (await store.get("r")) is not None
        monkeypatch.undo()
        await store.close()

    run(work)
    assert not [query for query in sent if "RESET" in query.upper() or "UNLISTEN" in query.upper()]


@pytest.mark.parametrize("power_safe", ["yes", 1, None])
def test_a_store_is_refused_a_power_safe_that_is_not_a_bool(power_safe: object) -> None:
    with pytest.raises(ArgumentError):
        PostgresStore("postgresql://nobody@127.0.0.1:1/none", power_safe=power_safe)  # type: ignore[arg-type]


def test_the_listener_comes_back_when_its_connection_is_cut(
        postgres_database: str, caplog: pytest.LogCaptureFixture) -> None:
    async def work() -> None:
        store = PostgresStore(postgres_database, check_every=0.2)
        other = PostgresStore(postgres_database)
        await store.open()
        await other.open()
        ears = Ears()
        store.listen(ears)
        await store.create(a_room("r"))
        admin = await asyncpg.connect(postgres_database)
        cut = await admin.fetchval(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE application_name = 'cardrules-listen' AND datname = current_database()")
        assert cut == 2  # one listener per store
        await admin.close()
        # Made while the listener may still be away: heard by NOTIFY, or by the catch-up that
        # follows a new connection, but heard.
        assert await other.commit("r", expected_plies=0, record="{}", plies=1, over=False)
        await ears.until("r")
        ears.heard.clear()
        assert await other.commit("r", expected_plies=1, record="{}", plies=2, over=False)
        await ears.until("r")
        await other.close()
        await store.close()

    with caplog.at_level(logging.WARNING, logger="cardrules.server"):
        run(work)
    assert "listening to" in caplog.text


def test_the_store_carries_on_when_the_database_drops_every_connection(postgres_database: str) -> None:
    async def work() -> None:
        store = PostgresStore(postgres_database, check_every=0.2)
        await store.open()
        ears = Ears()
        store.listen(ears)
        await store.create(a_room("r"))
        admin = await asyncpg.connect(postgres_database)
        # As a restart of the database does to them: every connection but the admin's is cut.
        cut = await admin.fetch("SELECT pg_terminate_backend(pid), pid FROM pg_stat_activity "
                                "WHERE datname = current_database() AND pid <> pg_backend_pid()")
        assert len(cut) >= 2  # the pool's and the listener's
        while await admin.fetchval("SELECT count(*) FROM pg_stat_activity WHERE pid = ANY($1::int[])",
                                   [row["pid"] for row in cut]):
            await asyncio.sleep(0.05)  # until their server processes are gone
        await admin.close()
        await asyncio.sleep(0.05)  # and their sockets' ends are read
        assert await store.commit("r", expected_plies=0, record="{}", plies=1, over=False)
        stored = await store.get("r")
        assert stored is not None
        assert stored.plies == 1
        await ears.until("r")
        await store.close()

    run(work)


def a_closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def test_an_unreachable_database_is_a_clear_error_that_hides_the_password() -> None:
    port = a_closed_port()
    dsn = f"postgresql://ann:Sup3r-Secret@127.0.0.1:{port}/rooms"

    async def work() -> None:
        await PostgresStore(dsn, connect_timeout=HANG).open()

    with pytest.raises(StoreError) as raised:
        run(work)
    message = str(raised.value)
    assert message.startswith(
        f"cannot use the PostgreSQL database 'postgresql://ann:***@127.0.0.1:{port}/rooms': ")
    assert "Sup3r-Secret" not in message
    assert "Sup3r-Secret" not in repr(PostgresStore(dsn))


def test_a_missing_database_is_a_clear_error_that_hides_the_password(postgres_dsn: str) -> None:
    parts = urllib.parse.urlsplit(postgres_dsn)
    user, host = parts.username or "postgres", parts.netloc.rpartition("@")[2]
    dsn = parts._replace(netloc=f"{user}:Sup3r-Secret@{host}", path="/no_such_database").geturl()

    async def work() -> None:
        await PostgresStore(dsn).open()

    with pytest.raises(StoreError) as raised:
        run(work)
    message = str(raised.value)
    assert message.startswith(
        f"cannot use the PostgreSQL database 'postgresql://{user}:***@{host}/no_such_database': ")
    # A server that trusts us says the database is missing; one that checks passwords refuses this one.
    assert 'database "no_such_database" does not exist' in message or "password" in message
    assert "Sup3r-Secret" not in message
