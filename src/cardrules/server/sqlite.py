"""The SQLite store: one file on this machine, for a server of one process.

Every call runs on one thread of the store's own, one at a time, so the event loop never waits on
the disk and the connection is never shared between threads. The file is in WAL mode. When
:meth:`SQLiteStore.commit` returns, the move is in the file's journal: a server process killed right
after (SIGKILL, a crash) has not lost it. By default (``synchronous=NORMAL``) the journal is flushed
to the disk at each checkpoint, not at each commit, so a power cut or a crash of the operating
system may lose the last moves (never the file's consistency); ``power_safe=True``
(``synchronous=FULL``) makes each commit wait until it is on the disk, which also survives those, at
the cost of every move waiting on the disk (``docs/server-deploy.md`` has the measurements).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import functools
import os
import sqlite3
import stat
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar, cast

from cardrules.arguments import check_instance, printable, shown
from cardrules.errors import ArgumentError
from cardrules.server.store import Listener, StoredRoom, StoredSeat, StoreError, tell

__all__ = ["SQLiteStore"]

T = TypeVar("T")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    created REAL NOT NULL,
    config TEXT NOT NULL,
    record TEXT NOT NULL,
    plies INTEGER NOT NULL,
    over INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS rooms_by_created ON rooms (created, id);
CREATE TABLE IF NOT EXISTS seats (
    room_id TEXT NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT,
    token_hash TEXT,
    bot TEXT,
    PRIMARY KEY (room_id, seat)
);
"""

_ROOM_COLUMNS = "id, game, created, config, record, plies, over"

_COMPANIONS = ("-wal", "-shm", "-journal")
"""The files SQLite keeps beside a database, by suffix: the write-ahead log, its index, the rollback
journal."""

# Anything but a regular file is refused before SQLite opens it: SQLite follows a link (a planted
# link would make the server write where it points) and would block on a FIFO or write to a device.
_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISLNK, "a symbolic link"), (stat.S_ISFIFO, "a FIFO"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))


class SQLiteStore:
    """A :class:`~cardrules.server.store.Store` in the SQLite file at ``path``, created (readable
    and writable by its owner only) if it does not exist.

    The path must name a regular file or nothing: a symbolic link, a folder, a FIFO or a device
    is refused with :class:`~cardrules.server.store.StoreError` when the store is opened, and so
    are the files SQLite keeps beside it (``-wal``, ``-shm``, ``-journal``) unless they are
    regular files or missing. One process should use the file at a time (several would be
    correct, each change being a single conditional write, but they would not hear of each other's
    moves: that is what :class:`~cardrules.server.postgres.PostgresStore` is for).

    A commit survives the server process being killed; with ``power_safe=True`` it also survives
    a power cut, each commit waiting until it is on the disk (see the module's text).

    >>> import asyncio, tempfile, os
    >>> from cardrules.server.store import StoredRoom, StoredSeat
    >>> folder = tempfile.mkdtemp()
    >>> store = SQLiteStore(os.path.join(folder, "rooms.sqlite3"))
    >>> room = StoredRoom(id="r1", game="the-game", created=0.0, config="{}",
    ...                   seats=(StoredSeat(0, None, None, None),), record="{}", plies=0, over=False)
    >>> async def one_move():
    ...     await store.open()
    ...     await store.create(room)
    ...     won = await store.commit("r1", expected_plies=0, record="{...}", plies=1, over=False)
    ...     stale = await store.commit("r1", expected_plies=0, record="{...}", plies=1, over=False)
    ...     stored = await store.get("r1")
    ...     await store.close()
    ...     return won, stale, stored.plies
    >>> asyncio.run(one_move())
    (True, False, 1)
    """

    def __init__(self, path: str | os.PathLike[str], *, power_safe: bool = False) -> None:
        if not isinstance(path, (str, os.PathLike)):
            raise ArgumentError(f"a SQLite store's path is a str or a path, not {shown(path)}")
        check_instance(power_safe, bool, "power_safe as True or False")
        self.path = os.fspath(path)
        self.power_safe = power_safe
        self._connection: sqlite3.Connection | None = None
        self._thread: ThreadPoolExecutor | None = None
        self._callbacks: list[Listener] = []
        self._writes: list[tuple[Callable[[sqlite3.Connection], Any], asyncio.Future[Any]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def open(self) -> None:
        """Open (or create) the file and its tables; :class:`StoreError` if it cannot be used."""
        if self._thread is not None:
            return
        thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardrules-sqlite")
        try:
            self._connection = await asyncio.get_running_loop().run_in_executor(thread, self._connect)
        except BaseException:
            thread.shutdown(wait=False)
            raise
        self._thread = thread

    async def close(self) -> None:
        """Close the file; the store may be opened again."""
        thread, connection = self._thread, self._connection
        if thread is None or connection is None:
            return
        if self._writer is not None:
            await self._writer  # the writes already asked for are answered first
        self._thread = self._connection = None
        try:
            await asyncio.get_running_loop().run_in_executor(thread, connection.close)
        finally:
            thread.shutdown(wait=False)

    async def create(self, room: StoredRoom) -> None:
        """Add ``room`` and its seats in one transaction; :class:`StoreError` if its id is taken."""
        def insert(connection: sqlite3.Connection) -> None:
            connection.execute(f"INSERT INTO rooms ({_ROOM_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
                               (room.id, room.game, room.created, room.config, room.record,
                                room.plies, int(room.over)))
            connection.executemany(
                "INSERT INTO seats (room_id, seat, name, token_hash, bot) VALUES (?, ?, ?, ?, ?)",
                [(room.id, seat.seat, seat.name, seat.token_hash, seat.bot) for seat in room.seats])

        try:
            await self._write(insert)
        except sqlite3.IntegrityError:
            raise StoreError(f"a room with id {shown(room.id)} already exists") from None
        except _ONE_WRITES_FAULT as error:
            raise self._refuses(room.id, error) from None

    async def get(self, room_id: str) -> StoredRoom | None:
        """The room ``room_id`` as last committed, ``None`` if there is none."""
        found = await self._run(lambda connection: _select(
            connection, f"SELECT {_ROOM_COLUMNS} FROM rooms WHERE id = ?", (room_id,)))
        return found[0] if found else None

    async def rooms(self, *, limit: int = 200) -> tuple[StoredRoom, ...]:
        """At most ``limit`` rooms, the newest first."""
        return await self._run(lambda connection: _select(
            connection, f"SELECT {_ROOM_COLUMNS} FROM rooms ORDER BY created DESC, id DESC LIMIT ?",
            (max(limit, 0),)))

    async def unfinished(self) -> tuple[StoredRoom, ...]:
        """Every room whose game is not over, the oldest first."""
        return await self._run(lambda connection: _select(
            connection, f"SELECT {_ROOM_COLUMNS} FROM rooms WHERE over = 0 ORDER BY created, id", ()))

    async def count_unfinished(self) -> int:
        """How many rooms' games are not over, counted by the database."""
        count: int = await self._run(lambda connection: connection.execute(
            "SELECT count(*) FROM rooms WHERE over = 0").fetchone()[0])
        return count

    async def take_seat(self, room_id: str, seat: int, name: str, token_hash: str) -> bool:
        """Seat ``name`` at ``seat`` iff it is free, in one conditional write."""
        taken = await self._write(lambda connection: connection.execute(
            "UPDATE seats SET name = ?, token_hash = ? "
            "WHERE room_id = ? AND seat = ? AND name IS NULL AND bot IS NULL",
            (name, token_hash, room_id, seat)).rowcount == 1)
        if taken:
            self._tell(room_id, None)
        return taken

    async def commit(self, room_id: str, *, expected_plies: int, record: str, plies: int, over: bool) -> bool:
        """Store ``record`` iff the stored game has ``expected_plies`` moves; on the disk when True."""
        try:
            committed = await self._write(lambda connection: connection.execute(
                "UPDATE rooms SET record = ?, plies = ?, over = ? WHERE id = ? AND plies = ?",
                (record, plies, int(over), room_id, expected_plies)).rowcount == 1)
        except _ONE_WRITES_FAULT as error:
            raise self._refuses(room_id, error) from None
        if committed:
            self._tell(room_id, plies)
        return committed

    def listen(self, callback: Listener) -> None:
        """Call ``callback(room_id, plies)`` after each of this store's commits and taken seats."""
        self._callbacks.append(callback)

    def _tell(self, room_id: str, plies: int | None) -> None:
        tell(self._callbacks, room_id, plies)

    def _refuses(self, room_id: str, error: BaseException) -> StoreError:
        """The error for a write of room ``room_id`` whose values SQLite cannot hold."""
        return StoreError(f"the SQLite file {shown(self.path, 200)} refuses the write of room "
                          f"{shown(room_id)}: {printable(str(error) or type(error).__name__, 300)}")

    async def _write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` in the next batch of writes, and answer once that batch is committed.

        Every write asked for while a batch is being written goes in the next one, all in one
        transaction (group commit): a burst of moves costs one write of the journal (and, with
        ``power_safe``, one flush), not one each, and a slow one delays the moves behind it once
        rather than once each.
        Each write is a savepoint of its own, so one that is refused leaves the others whole.
        """
        if self._thread is None:
            raise StoreError(f"the SQLite store {shown(self.path, 200)} is not open")
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[T] = loop.create_future()
        self._writes.append((work, answer))
        if self._writer is None:
            self._writer = loop.create_task(self._write_batches(), name="cardrules-sqlite-writes")
        return await answer

    async def _write_batches(self) -> None:
        try:
            while self._writes:
                batch, self._writes = self._writes, []
                try:
                    outcomes = await self._run(
                        functools.partial(_write_batch, works=[work for work, _answer in batch]))
                except Exception as error:  # the transaction failed as a whole (a full disk, ...)
                    outcomes = [(False, error)] * len(batch)
                for (_work, answer), (done, outcome) in zip(batch, outcomes, strict=True):
                    if answer.done():  # its caller was cancelled; the write stands all the same
                        continue
                    if done:
                        answer.set_result(outcome)
                    else:
                        answer.set_exception(cast(BaseException, outcome))
        finally:
            self._writer = None

    async def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        thread, connection = self._thread, self._connection
        if thread is None or connection is None:
            raise StoreError(f"the SQLite store {shown(self.path, 200)} is not open")

        def guarded() -> T:
            try:
                return work(connection)
            except sqlite3.IntegrityError:
                raise
            except sqlite3.Error as error:
                raise StoreError(f"cannot use the SQLite file {shown(self.path, 200)}: {error}") from None

        # A cancelled caller does not stop the thread: a commit under way still completes (and
        # the caller, not knowing, reloads the room when it next looks).
        return await asyncio.get_running_loop().run_in_executor(thread, guarded)

    def _connect(self) -> sqlite3.Connection:
        _ensure_regular_file(self.path)
        for companion in _COMPANIONS:  # SQLite opens these beside the file, following links
            _refuse_unless_regular_or_missing(self.path, companion)
        try:
            connection = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            raise StoreError(f"cannot open the SQLite file {shown(self.path, 200)}: {error}") from None
        try:
            _ensure_regular_file(self.path)  # the name was not swapped for a link while SQLite opened it
            connection.execute("PRAGMA busy_timeout = 10000")
            mode = connection.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if mode != "wal":
                raise StoreError(f"the SQLite file {shown(self.path, 200)} cannot be put in WAL mode "
                                 f"(the file system allows only {mode!r})")
            # NORMAL: a commit is in the journal (safe from a killed process), flushed to the disk
            # at each checkpoint. Flushing at each commit (FULL) made every move wait on the disk:
            # on a shared machine's disk, a flush now and then took 0.1 to 0.5 s, and every room's
            # moves waited behind it (docs/server-deploy.md).
            connection.execute(f"PRAGMA synchronous = {'FULL' if self.power_safe else 'NORMAL'}")
            connection.execute("PRAGMA foreign_keys = ON")
            connection.executescript(_SCHEMA)
        except sqlite3.Error as error:
            connection.close()
            raise StoreError(f"cannot use the SQLite file {shown(self.path, 200)}: {error}") from None
        except BaseException:
            connection.close()
            raise
        return connection


# What a write's own values can make SQLite refuse (a room id that is taken, a number too large):
# that write is undone alone. Any other error (a full disk, a damaged file) fails the whole batch.
_ONE_WRITES_FAULT = (sqlite3.IntegrityError, sqlite3.ProgrammingError, sqlite3.InterfaceError,
                     OverflowError, TypeError, ValueError)


def _write_batch(connection: sqlite3.Connection,
                 works: Sequence[Callable[[sqlite3.Connection], object]]) -> list[tuple[bool, object]]:
    """Run ``works`` in one transaction, each in a savepoint: (True, its value) or (False, the
    error that undid it) for each; committed on return."""
    outcomes: list[tuple[bool, object]] = []
    # IMMEDIATE: take the write lock at once, so the batch never fails half-way on a lock.
    connection.execute("BEGIN IMMEDIATE")
    try:
        for work in works:
            connection.execute("SAVEPOINT one_write")
            try:
                outcomes.append((True, work(connection)))
            except _ONE_WRITES_FAULT as error:
                connection.execute("ROLLBACK TO one_write")
                outcomes.append((False, error))
            connection.execute("RELEASE one_write")
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    return outcomes


@contextlib.contextmanager
def _read_transaction(connection: sqlite3.Connection) -> Iterator[None]:
    """``BEGIN`` … ``COMMIT``: reads that see the file as of one moment (the connection is in
    autocommit mode)."""
    connection.execute("BEGIN")
    try:
        yield
    finally:
        connection.execute("COMMIT")


def _select(connection: sqlite3.Connection, query: str,
            parameters: Sequence[object]) -> tuple[StoredRoom, ...]:
    with _read_transaction(connection):  # the rooms and their seats as of one moment
        rows = connection.execute(query, parameters).fetchall()
        if not rows:
            return ()
        ids = [row[0] for row in rows]
        seats: dict[str, list[StoredSeat]] = {room_id: [] for room_id in ids}
        # In chunks: SQLite allows a limited number of parameters per statement.
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            for room_id, seat, name, token_hash, bot in connection.execute(
                    "SELECT room_id, seat, name, token_hash, bot FROM seats "
                    f"WHERE room_id IN ({', '.join('?' * len(chunk))}) ORDER BY room_id, seat", chunk):
                seats[room_id].append(StoredSeat(seat, name, token_hash, bot))
    return tuple(StoredRoom(id=room_id, game=game, created=created, config=config,
                            seats=tuple(seats[room_id]), record=record, plies=plies, over=bool(over))
                 for room_id, game, created, config, record, plies, over in rows)


def _refuse_unless_regular_or_missing(path: str, companion: str) -> None:
    """Refuse the file SQLite keeps beside ``path`` (``companion``: its suffix) if it exists and is
    not a regular file."""
    try:
        mode = os.lstat(path + companion).st_mode
    except FileNotFoundError:
        return
    except OSError as error:
        raise StoreError(f"cannot use the SQLite file {shown(path, 200)}: its {companion} file: "
                         f"{error.strerror}") from None
    if not stat.S_ISREG(mode):
        raise StoreError(f"cannot use the SQLite file {shown(path, 200)}: its {companion} file is "
                         f"{_kind(mode)}, not a regular file")


def _kind(mode: int) -> str:
    return next((kind for test, kind in _KINDS if test(mode)), "a special file")


def _ensure_regular_file(path: str) -> None:
    """Refuse ``path`` unless it is a regular file, creating it (mode 0600) if it does not exist."""
    if not path or "\0" in path:
        raise StoreError(f"{shown(path, 200)} is not a file name")
    for _attempt in range(2):
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            pass
        except OSError as error:
            raise StoreError(f"cannot use {shown(path, 200)} as a SQLite file: {error.strerror}") from None
        else:
            if stat.S_ISREG(mode):
                return
            raise StoreError(f"cannot use {shown(path, 200)} as a SQLite file: it is {_kind(mode)}, "
                             "not a regular file")
        try:
            # O_EXCL and O_NOFOLLOW: a link planted after the check above is refused, not followed.
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                                 0o600)
        except FileExistsError:
            continue  # someone made it meanwhile: look at what it is
        except OSError as error:
            reason = ("its folder does not exist" if error.errno == errno.ENOENT
                      else error.strerror or str(error))
            raise StoreError(f"cannot create the SQLite file {shown(path, 200)}: {reason}") from None
        os.close(descriptor)
        return
    raise StoreError(f"cannot create the SQLite file {shown(path, 200)}: it keeps changing")
