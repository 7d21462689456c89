"""The PostgreSQL store: one database shared by several server processes.

Each change is a conditional ``UPDATE`` whose statement also calls ``pg_notify`` on the channel
``cardrules_rooms`` with the room's id, so the notification is sent if and only if the change is
committed. Moves are committed in groups: every move asked for while a group is being written goes
in the next one, one statement and one transaction for all of them. Every :class:`PostgresStore`
keeps one connection of its own that ``LISTEN``\\ s on that channel, and hands each notification to
its callbacks: a move accepted by one process reaches the clients of every other.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import urllib.parse
from collections.abc import AsyncIterator, Iterable
from typing import Any, TypeAlias

import asyncpg

from cardrules.arguments import check_instance, printable, shown
from cardrules.server.store import Listener, StoredRoom, StoredSeat, StoreError, shown_dsn, tell

__all__ = ["CHANNEL", "PostgresStore"]

CHANNEL = "cardrules_rooms"
"""The channel every change is announced on; the payload is the room's id."""

_log = logging.getLogger("cardrules.server")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id text PRIMARY KEY,
    game text NOT NULL,
    created double precision NOT NULL,
    config text NOT NULL,
    record text NOT NULL,
    plies integer NOT NULL,
    over boolean NOT NULL
);
CREATE INDEX IF NOT EXISTS rooms_by_created ON rooms (created, id);
CREATE TABLE IF NOT EXISTS seats (
    room_id text NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
    seat integer NOT NULL,
    name text,
    token_hash text,
    bot text,
    PRIMARY KEY (room_id, seat)
);
"""

# Any number: it only has to be the same in every process that creates the tables at once
# (CREATE TABLE IF NOT EXISTS is not safe against a concurrent twin).
_SCHEMA_LOCK = 0x63617264

_ROOM_COLUMNS = "id, game, created, config, record, plies, over"

_TAKE_SEAT = f"""
WITH taken AS (
    UPDATE seats SET name = $3, token_hash = $4
    WHERE room_id = $1 AND seat = $2 AND name IS NULL AND bot IS NULL
    RETURNING room_id
)
SELECT pg_notify('{CHANNEL}', room_id) FROM taken
"""

_COMMIT = f"""
WITH moved AS (
    UPDATE rooms SET record = $2, plies = $3, over = $4
    WHERE id = $1 AND plies = $5
    RETURNING id
)
SELECT pg_notify('{CHANNEL}', id || ' ' || $3::text) FROM moved
"""

# Many rooms' moves in one statement (group commit): each row is updated only if it still has the
# plies its move extends. The rows are locked in the order of their ids first, so that two processes
# committing groups that share rooms never wait on each other in a cycle (which PostgreSQL would end
# by failing one of them after deadlock_timeout).
_COMMIT_GROUP = f"""
WITH wanted AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::integer[], $4::boolean[], $5::integer[])
        AS wanted (id, record, plies, over, expected)
), locked AS (
    SELECT rooms.id FROM rooms JOIN wanted USING (id)
    WHERE rooms.plies = wanted.expected
    ORDER BY rooms.id FOR UPDATE OF rooms
), moved AS (
    UPDATE rooms SET record = wanted.record, plies = wanted.plies, over = wanted.over
    FROM wanted JOIN locked USING (id)
    WHERE rooms.id = wanted.id AND rooms.plies = wanted.expected
    RETURNING rooms.id, rooms.plies
)
SELECT id, pg_notify('{CHANNEL}', id || ' ' || plies::text) FROM moved
"""

_Move: TypeAlias = tuple[str, str, int, bool, int, "asyncio.Future[bool]"]
"""A move waiting for its group: ``(room_id, record, plies, over, expected_plies, answer)``."""

# What a group's statement may fail with because of one move's values (a number out of range) or
# a race with another process (a deadlock, should one ever arise): its moves are then written one
# by one. A lost connection fails the whole group, as it would fail each of its moves.
_ONE_MOVES_FAULT = (asyncpg.DataError, asyncpg.PostgresError, OverflowError, TypeError, ValueError)
_LOST = (asyncpg.PostgresConnectionError, asyncpg.InsufficientResourcesError)

# What a driver raises when the database cannot be reached or refuses us.
_UNREACHABLE = (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError)


async def _keep_session(connection: object) -> None:
    """What a connection going back to the pool needs beyond asyncpg's own clean-up (which rolls
    back a transaction left open and drops listeners): nothing. The store's connections change
    no session state (no ``SET``, ``LISTEN``, session advisory lock or cursor outside a
    transaction; the listener has a connection of its own), so asyncpg's default reset query
    (``UNLISTEN *; RESET ALL; ...``) would be one more statement and round trip for each of
    theirs, a move's commit included."""


class PostgresStore:
    """A :class:`~cardrules.server.store.Store` in the PostgreSQL database named by ``dsn`` (a
    ``postgresql://user:password@host:port/database`` URL; asyncpg reads no ``key=value`` string),
    with a pool of at most ``pool_size`` connections and one more that listens.

    :meth:`open` creates the tables if they are missing, and raises
    :class:`~cardrules.server.store.StoreError` naming the database (without its password) if
    it cannot be reached. The listening connection is checked every ``check_every`` seconds and
    opened again if it was lost; since notifications sent meanwhile are lost with it, the
    callbacks are then called once for every room this store has read or written since it was
    opened, so a server compares each with what it holds.

    A commit is in the database when it returns, safe from the server process being killed. By
    default the store's transactions do not wait for the database to flush its journal
    (``synchronous_commit=off`` for its own connections): a crash of PostgreSQL itself or of its
    machine may lose the last moments' moves, never the database's consistency. With
    ``power_safe=True`` they keep the database's own setting (``on`` unless its administrator
    changed it), and each commit waits for the flush.
    """

    def __init__(self, dsn: str, *, pool_size: int = 10, connect_timeout: float = 10.0,
                 check_every: float = 10.0, power_safe: bool = False) -> None:
        check_instance(power_safe, bool, "power_safe as True or False")
        self.dsn = dsn
        self.power_safe = power_safe
        self._pool_size = pool_size
        self._connect_timeout = connect_timeout
        self._check_every = check_every
        self._pool: Any = None
        self._listener: asyncio.Task[None] | None = None
        self._callbacks: list[Listener] = []
        self._known: set[str] = set()
        self._moves: list[_Move] = []
        self._committer: asyncio.Task[None] | None = None

    def __repr__(self) -> str:
        return f"PostgresStore({shown_dsn(self.dsn)})"

    async def open(self) -> None:
        """Connect, create the tables if they are missing, and start listening."""
        if self._pool is not None:
            return
        try:
            # Not power-safe: the store's own transactions commit without waiting for the
            # database's flush (synchronous_commit=off), as the SQLite store's do by default.
            settings = {} if self.power_safe else {"synchronous_commit": "off"}
            pool = await asyncpg.create_pool(self.dsn, min_size=1, max_size=self._pool_size,
                                             timeout=self._connect_timeout, server_settings=settings,
                                             reset=_keep_session)
        except _UNREACHABLE as error:
            raise self._unreachable(error) from None
        try:
            async with pool.acquire() as connection, connection.transaction():
                await connection.execute("SELECT pg_advisory_xact_lock($1)", _SCHEMA_LOCK)
                await connection.execute(_SCHEMA)
            listening: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            listener = asyncio.create_task(self._keep_listening(listening), name="cardrules-listen")
            try:
                await listening
            except BaseException:
                listener.cancel()
                raise
        except _UNREACHABLE as error:
            pool.terminate()
            raise self._unreachable(error) from None
        except BaseException:
            pool.terminate()
            raise
        self._pool, self._listener = pool, listener

    async def close(self) -> None:
        """Stop listening and close the connections; the store may be opened again."""
        pool, listener = self._pool, self._listener
        self._pool = self._listener = None
        self._known.clear()
        if listener is not None:
            listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await listener
        if pool is not None:
            try:
                await asyncio.wait_for(pool.close(), self._connect_timeout)
            except TimeoutError:
                pool.terminate()

    async def create(self, room: StoredRoom) -> None:
        """Add ``room`` and its seats in one transaction; :class:`StoreError` if its id is taken."""
        async with self._connection() as connection, connection.transaction():
            try:
                await connection.execute(
                    f"INSERT INTO rooms ({_ROOM_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                    room.id, room.game, room.created, room.config, room.record, room.plies, room.over)
            except asyncpg.UniqueViolationError:
                raise StoreError(f"a room with id {shown(room.id)} already exists") from None
            except _ONE_MOVES_FAULT as error:
                if isinstance(error, _LOST):
                    raise
                raise self._refuses(room.id, error) from None
            await connection.executemany(
                "INSERT INTO seats (room_id, seat, name, token_hash, bot) VALUES ($1, $2, $3, $4, $5)",
                [(room.id, seat.seat, seat.name, seat.token_hash, seat.bot) for seat in room.seats])
        self._known.add(room.id)

    async def get(self, room_id: str) -> StoredRoom | None:
        """The room ``room_id`` as last committed, ``None`` if there is none."""
        found = await self._select(f"SELECT {_ROOM_COLUMNS} FROM rooms WHERE id = $1", room_id)
        if found:
            self._known.add(room_id)
        return found[0] if found else None

    async def rooms(self, *, limit: int = 200) -> tuple[StoredRoom, ...]:
        """At most ``limit`` rooms, the newest first."""
        return await self._select(
            f"SELECT {_ROOM_COLUMNS} FROM rooms ORDER BY created DESC, id DESC LIMIT $1", max(limit, 0))

    async def unfinished(self) -> tuple[StoredRoom, ...]:
        """Every room whose game is not over, the oldest first."""
        return await self._select(f"SELECT {_ROOM_COLUMNS} FROM rooms WHERE NOT over ORDER BY created, id")

    async def count_unfinished(self) -> int:
        """How many rooms' games are not over, counted by the database."""
        async with self._connection() as connection:
            count: int = await connection.fetchval("SELECT count(*) FROM rooms WHERE NOT over")
        return count

    async def take_seat(self, room_id: str, seat: int, name: str, token_hash: str) -> bool:
        """Seat ``name`` at ``seat`` iff it is free, in one conditional write that notifies."""
        async with self._connection() as connection:
            taken = len(await connection.fetch(_TAKE_SEAT, room_id, seat, name, token_hash)) == 1
        if taken:
            self._known.add(room_id)
        return taken

    async def commit(self, room_id: str, *, expected_plies: int, record: str, plies: int, over: bool) -> bool:
        """Store ``record`` iff the stored game has ``expected_plies`` moves, in a conditional write
        that notifies; committed (and durable, as the server's settings make it) when True.

        Moves are written in groups (group commit): every move asked for while a group is being
        written goes in the next one, so a burst of moves in many rooms costs one statement, one
        round trip and one transaction of the database, not one each. A group holds one move per
        room (a second move of the same room waits for the next group), and a move whose values
        the database refuses is written again alone, so it fails alone.
        """
        if self._pool is None:
            raise StoreError(f"the PostgreSQL store {shown_dsn(self.dsn)} is not open")
        answer: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._moves.append((room_id, record, plies, over, expected_plies, answer))
        if self._committer is None:
            self._committer = asyncio.create_task(self._commit_groups(), name="cardrules-postgres-commits")
        committed = await answer
        if committed:
            self._known.add(room_id)
        return committed

    async def _commit_groups(self) -> None:
        try:
            while self._moves:
                group: list[_Move] = []
                later: list[_Move] = []
                rooms: set[str] = set()
                for move in self._moves:
                    (later if move[0] in rooms else group).append(move)
                    rooms.add(move[0])
                self._moves = later
                try:
                    outcomes = await self._commit_group(group)
                except Exception as error:  # told to each mover below
                    outcomes = [error] * len(group)
                for (*_, answer), outcome in zip(group, outcomes, strict=True):
                    if answer.done():  # its caller was cancelled; the write stands all the same
                        continue
                    if isinstance(outcome, BaseException):
                        answer.set_exception(outcome)
                    else:
                        answer.set_result(outcome)
        finally:
            self._committer = None

    async def _commit_group(self, group: list[_Move]) -> list[bool | BaseException]:
        """Each move's outcome: whether it was committed, or what refused it."""
        if len(group) == 1:
            room_id, record, plies, over, expected, _answer = group[0]
            async with self._connection() as connection:
                try:
                    moved = await connection.fetch(_COMMIT, room_id, record, plies, over, expected)
                except _ONE_MOVES_FAULT as error:
                    if isinstance(error, _LOST):
                        raise
                    return [self._refuses(room_id, error)]
            return [len(moved) == 1]
        async with self._connection() as connection:
            try:
                rows = await connection.fetch(
                    _COMMIT_GROUP, *([move[column] for move in group] for column in range(5)))
            except _ONE_MOVES_FAULT as error:
                if isinstance(error, _LOST):
                    raise
                rows = None
        if rows is None:  # one move's values refused, or a race lost: each move is tried alone
            outcomes: list[bool | BaseException] = []
            for move in group:
                try:
                    outcomes.extend(await self._commit_group([move]))
                except Exception as error:  # that move's own outcome
                    outcomes.append(error)
            return outcomes
        moved = {row["id"] for row in rows}
        return [move[0] in moved for move in group]

    def listen(self, callback: Listener) -> None:
        """Call ``callback(room_id, plies)`` on each notification: every committed move (with the
        room's moves after it) and taken seat (``None``) of any process using this database, this
        one's included; after the listening connection was lost, once with ``None`` for every room
        this store has read or written."""
        self._callbacks.append(callback)

    async def _select(self, query: str, *arguments: object) -> tuple[StoredRoom, ...]:
        async with self._connection() as connection, connection.transaction(
                isolation="repeatable_read", readonly=True):  # the rooms and their seats as of one moment
            rows = await connection.fetch(query, *arguments)
            if not rows:
                return ()
            seats: dict[str, list[StoredSeat]] = {row["id"]: [] for row in rows}
            for seat in await connection.fetch(
                    "SELECT room_id, seat, name, token_hash, bot FROM seats WHERE room_id = ANY($1::text[]) "
                    "ORDER BY room_id, seat", list(seats)):
                seats[seat["room_id"]].append(
                    StoredSeat(seat["seat"], seat["name"], seat["token_hash"], seat["bot"]))
        return tuple(StoredRoom(id=row["id"], game=row["game"], created=row["created"], config=row["config"],
                                seats=tuple(seats[row["id"]]), record=row["record"], plies=row["plies"],
                                over=row["over"])
                     for row in rows)

    @contextlib.asynccontextmanager
    async def _connection(self) -> AsyncIterator[Any]:
        pool = self._pool
        if pool is None:
            raise StoreError(f"the PostgreSQL store {shown_dsn(self.dsn)} is not open")
        try:
            async with pool.acquire(timeout=self._connect_timeout) as connection:
                yield connection
        except StoreError:
            raise
        except (OSError, TimeoutError, asyncpg.InterfaceError,
                asyncpg.PostgresConnectionError, asyncpg.InsufficientResourcesError) as error:
            raise self._unreachable(error) from None

    async def _keep_listening(self, listening: asyncio.Future[None]) -> None:
        """Hold a connection that listens on :data:`CHANNEL`, opening it again whenever it is lost."""
        wait = 0.5
        while True:
            try:
                connection = await asyncpg.connect(
                    self.dsn, timeout=self._connect_timeout,
                    server_settings={"application_name": "cardrules-listen"})
            except _UNREACHABLE as error:
                if not listening.done():
                    listening.set_exception(error)
                    return
                _log.warning("cannot listen to %s again (%s); trying in %.1f s",
                             shown_dsn(self.dsn), self._scrubbed(error), wait)
                await asyncio.sleep(wait)
                wait = min(wait * 2, 30.0)
                continue
            lost = asyncio.Event()
            connection.add_termination_listener(lambda _connection, lost=lost: lost.set())
            try:
                await connection.add_listener(CHANNEL, self._heard)
                if listening.done():
                    _log.warning("listening to %s again", shown_dsn(self.dsn))
                    self._tell((room_id, None) for room_id in tuple(self._known))
                else:
                    listening.set_result(None)
                wait = 0.5
                while not lost.is_set():
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(lost.wait(), self._check_every)
                    if not lost.is_set():
                        await connection.fetchval("SELECT 1", timeout=self._check_every)
            except _UNREACHABLE as error:
                if not listening.done():
                    listening.set_exception(error)
                    return
            finally:
                connection.terminate()
            _log.warning("lost the connection listening to %s; opening it again", shown_dsn(self.dsn))

    def _heard(self, _connection: object, _pid: int, _channel: str, payload: str) -> None:
        # A move's notification is "room_id plies", a taken seat's the room's id alone (an id has
        # no space: it is URL-safe base64).
        room_id, _, plies = payload.partition(" ")
        self._tell([(room_id, int(plies) if plies.isdigit() else None)])

    def _tell(self, changes: Iterable[tuple[str, int | None]]) -> None:
        for room_id, plies in changes:
            tell(self._callbacks, room_id, plies)

    def _refuses(self, room_id: str, error: BaseException) -> StoreError:
        """The error for a write of room ``room_id`` whose values the database refuses."""
        return StoreError(f"the PostgreSQL database {shown_dsn(self.dsn)} refuses the write of room "
                          f"{shown(room_id)}: {self._scrubbed(error)}")

    def _unreachable(self, error: BaseException) -> StoreError:
        return StoreError(f"cannot use the PostgreSQL database {shown_dsn(self.dsn)}: "
                          f"{self._scrubbed(error)}")

    def _scrubbed(self, error: BaseException) -> str:
        """The driver's message for ``error``, without the password (a driver may quote the DSN)."""
        text = str(error) or type(error).__name__
        for secret in _passwords(self.dsn):
            text = text.replace(secret, "***")
        return printable(text, 300)


def _passwords(dsn: str) -> set[str]:
    """Every way the password of ``dsn`` may be written in a message."""
    found = {match.strip("'") for match in re.findall(r"password\s*=\s*('(?:[^'\\]|\\.)*'|[^\s&]*)", dsn,
                                                     flags=re.IGNORECASE)}
    with contextlib.suppress(ValueError):
        raw = urllib.parse.urlsplit(dsn).netloc.rpartition("@")[0].partition(":")[2]
        found |= {raw, urllib.parse.unquote(raw)}
    return {secret for secret in found if secret}
