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


class Statements:
    """Every query the store's connections fetch, recorded while the store works."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.sent: list[str] = []
        fetch = asyncpg.connection.Connection.fetch

        async def recorded(connection: asyncpg.connection.Connection, query: str, *args: object,
                           **options: object) -> list[asyncpg.Record]:
            self.sent.append(query)
            rows: list[asyncpg.Record] = await fetch(connection, query, *args, **options)
            return rows

        monkeypatch.setattr(asyncpg.connection.Connection, "fetch", recorded)

    def commits(self) -> list[str]:
        """The statements that wrote moves: "group" for many rooms' at once, "one" for a single."""
        return ["group" if "unnest" in query else "one" for query in self.sent if "UPDATE rooms" in query]


def test_moves_asked_for_at_once_are_committed_in_one_statement(
        postgres_database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    statements = Statements(monkeypatch)

    async def work() -> None:
        store = PostgresStore(postgres_database)
        await store.open()
        ears = Ears()
        store.listen(ears)
        for number in range(30):
            await store.create(a_room(f"r{number}", created=number))
        won = await asyncio.gather(*(
            store.commit(f"r{number}", expected_plies=0, record=f"move of {number}", plies=1,
                         over=number == 7)
            for number in range(30)))
        assert won == [True] * 30
        assert statements.commits() == ["group"]
        # Every room heard of, with its count of moves, as one by one.
        await ears.until("r29")
        assert sorted(ears.told) == sorted((f"r{number}", 1) for number in range(30))
        rooms = {room.id: room for room in await store.rooms()}
        assert [(rooms[f"r{n}"].record, rooms[f"r{n}"].plies, rooms[f"r{n}"].over) for n in range(30)] == \
            [(f"move of {n}", 1, n == 7) for n in range(30)]
        await store.close()

    run(work)


def test_a_rooms_second_move_waits_for_the_next_group_and_a_stale_one_loses(
        postgres_database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    statements = Statements(monkeypatch)

    async def work() -> None:
        store = PostgresStore(postgres_database)
        await store.open()
        for room_id in ("r", "s"):
            await store.create(a_room(room_id))
        won = await asyncio.gather(
            store.commit("r", expected_plies=0, record="r 1", plies=1, over=False),
            store.commit("s", expected_plies=0, record="s 1", plies=1, over=False),
            store.commit("r", expected_plies=1, record="r 2", plies=2, over=False),
            store.commit("r", expected_plies=0, record="stale", plies=1, over=False))
        assert list(won) == [True, True, True, False]
        # r's second and third moves each wait for a group of their own.
        assert statements.commits() == ["group", "one", "one"]
        stored = await store.get("r")
        assert stored is not None
        assert (stored.record, stored.plies) == ("r 2", 2)
        await store.close()

    run(work)


def test_a_move_the_database_refuses_fails_alone_and_its_group_is_committed(
        postgres_database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    statements = Statements(monkeypatch)

    async def work() -> None:
        store = PostgresStore(postgres_database)
        await store.open()
        for number in range(5):
            await store.create(a_room(f"r{number}", created=number))
        outcomes = await asyncio.gather(*(
            store.commit(f"r{number}", expected_plies=0, record="moved",
                         plies=2**40 if number == 2 else 1, over=False)  # beyond the column's integer
            for number in range(5)), return_exceptions=True)
        assert outcomes[:2] == outcomes[3:] == [True, True]
        assert isinstance(outcomes[2], StoreError)
        # The group is refused as a whole, then its moves are written one by one.
        assert statements.commits() == ["group"] + ["one"] * 5
        rooms = {room.id: room for room in await store.rooms()}
        assert [rooms[f"r{number}"].plies for number in range(5)] == [1, 1, 0, 1, 1]
        await store.close()

    run(work)


def test_two_processes_committing_the_same_rooms_in_opposite_orders_do_not_deadlock(
        postgres_database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Rows locked in the order the moves were asked for would deadlock here: the first store holds
    # a and waits for c (held below), the second holds b and waits for a; once c is free the
    # first needs b. PostgreSQL would then fail one group after deadlock_timeout, and its moves
    # would be written again one by one.
    statements = Statements(monkeypatch)

    async def waiting_on_locks(admin: asyncpg.Connection, count: int) -> None:
        while await admin.fetchval(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND wait_event_type = 'Lock'") < count:
            await asyncio.sleep(0.01)

    async def work() -> None:
        first, second = PostgresStore(postgres_database), PostgresStore(postgres_database)
        await first.open()
        await second.open()
        for room_id in ("a", "b", "c"):
            await first.create(a_room(room_id))
        admin = await asyncpg.connect(postgres_database)
        # Rooms enough that the database looks the moves' rooms up by their index, in the order
        # the moves come, as in a server's database (a handful of rows is read in their own order).
        await admin.execute(
            "INSERT INTO rooms SELECT 'x' || n, game, created, config, record, plies, over "
            "FROM rooms, generate_series(1, 2000) AS n WHERE id = 'a'")
        await admin.execute("ANALYZE rooms")
        holder = await asyncpg.connect(postgres_database)
        hold = holder.transaction()
        await hold.start()
        await holder.execute("SELECT 1 FROM rooms WHERE id = 'c' FOR UPDATE")
        firsts = asyncio.gather(*(first.commit(room_id, expected_plies=0, record=f"first {room_id}", plies=1,
                                               over=False) for room_id in ("a", "c", "b")))
        await asyncio.wait_for(waiting_on_locks(admin, 1), HANG)
        seconds = asyncio.gather(*(second.commit(room_id, expected_plies=0, record=f"second {room_id}",
                                                 plies=1, over=False) for room_id in ("b", "a")))
        await asyncio.wait_for(waiting_on_locks(admin, 2), HANG)
        await hold.commit()
        assert await firsts == [True, True, True]
        assert await seconds == [False, False]
        assert statements.commits() == ["group", "group"]
        for connection in (admin, holder):
            await connection.close()
        await first.close()
        await second.close()

    run(work)


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
