"""Where the server keeps its rooms: the stored values, the Store protocol and the in-memory store.

:class:`Store` is what every store implements; :class:`StoreError` is the one error a store raises
when it cannot be used.

A store holds each room as the library's ``GameRecord`` JSON and a few columns the server reads
without replaying (plies, over). Every change is a single conditional write, so two server
processes sharing one database never both win: :meth:`Store.take_seat` succeeds only on a free
seat, :meth:`Store.commit` only on the record its caller last saw.
"""

from __future__ import annotations

import logging
import re
import urllib.parse
from collections.abc import Callable, Iterable
from typing import Protocol, TypeAlias

import attrs

from cardrules.arguments import shown
from cardrules.errors import CardrulesError

__all__ = [
    "Listener",
    "MemoryStore",
    "Store",
    "StoreError",
    "StoredRoom",
    "StoredSeat",
    "shown_dsn",
    "tell",
]

Listener: TypeAlias = Callable[[str, int | None], None]
"""What :meth:`Store.listen` calls: ``listener(room_id, plies)``, ``plies`` being the room's count
of moves after a committed move, or ``None`` after a taken seat (or when the store cannot say)."""

_log = logging.getLogger("cardrules.server")


class StoreError(CardrulesError):
    """A store that cannot be opened or reached (a path that is not a regular file, a database that
    does not answer), or a write it refuses (a room id that is taken). The message names the path
    or the database, never a password."""


@attrs.frozen
class StoredSeat:
    """One seat of a stored room: who sits there (``name``), the SHA-256 hex of their seat token
    (never the token itself), or the spec of the bot that plays it."""

    seat: int
    name: str | None
    token_hash: str | None
    bot: str | None

    @property
    def free(self) -> bool:
        """True if a person may still take this seat (no one sits there and it is not a bot's)."""
        return self.name is None and self.bot is None


@attrs.frozen
class StoredRoom:
    """A room as the store keeps it: its set-up (``config``, JSON written by the server), its seats
    and its game so far (``record``, the library's ``GameRecord`` JSON, of ``plies`` moves)."""

    id: str
    game: str
    created: float
    config: str
    seats: tuple[StoredSeat, ...]
    record: str
    plies: int
    over: bool


class Store(Protocol):
    """What the server asks of a store. Every method is atomic: it changes everything it says or
    nothing. A store may be shared by several processes
    (:class:`~cardrules.server.postgres.PostgresStore`)."""

    async def open(self) -> None:
        """Connect, and create the tables if they are missing; :class:`StoreError` if it cannot."""
        ...

    async def close(self) -> None:
        """Let go of connections and threads; the store may be opened again."""
        ...

    async def create(self, room: StoredRoom) -> None:
        """Add ``room`` and its seats; :class:`StoreError` if its id is taken."""
        ...

    async def get(self, room_id: str) -> StoredRoom | None:
        """The room ``room_id`` as last committed, ``None`` if there is none."""
        ...

    async def rooms(self, *, limit: int = 200) -> tuple[StoredRoom, ...]:
        """At most ``limit`` rooms, the newest first (by ``created``, then by id)."""
        ...

    async def unfinished(self) -> tuple[StoredRoom, ...]:
        """Every room whose game is not over, the oldest first (the server resumes their bots)."""
        ...

    async def count_unfinished(self) -> int:
        """How many rooms' games are not over (the server's cap on rooms in play), without reading
        them."""
        ...

    async def take_seat(self, room_id: str, seat: int, name: str, token_hash: str) -> bool:
        """Seat ``name`` at ``seat``: True iff the seat was free (no name, not a bot's) and is now
        theirs; False if it was taken (or there is no such room or seat)."""
        ...

    async def commit(self, room_id: str, *, expected_plies: int, record: str, plies: int, over: bool) -> bool:
        """Store ``record`` as the room's game: True iff the stored game had ``expected_plies``
        moves, and then the new record is durable when this returns; False (nothing changed) if
        someone else committed first, or there is no such room: the caller reloads the room."""
        ...

    def listen(self, callback: Listener) -> None:
        """Call ``callback(room_id, plies)`` after every committed move or taken seat of a room, on
        the event loop: ``plies`` is the room's count of moves after a committed move, ``None``
        after a taken seat or when the store cannot say what changed (a shared store that lost its
        notifications for a while). An in-process store calls it for its own changes only; a shared
        store also for other processes' changes, and for its own: a server that already holds a
        room at ``plies`` moves need not read it again."""
        ...


class MemoryStore:
    """A :class:`Store` in this process's memory: rooms last as long as the process (for tests, and
    for a server that need not survive a restart).

    >>> import asyncio
    >>> store = MemoryStore()
    >>> room = StoredRoom(id="r1", game="the-game", created=0.0, config="{}",
    ...                   seats=(StoredSeat(0, None, None, None),), record="{}", plies=0, over=False)
    >>> async def seat_twice():
    ...     await store.open()
    ...     await store.create(room)
    ...     return [await store.take_seat("r1", 0, name, "ab" * 32) for name in ("Ann", "Bob")]
    >>> asyncio.run(seat_twice())
    [True, False]
    """

    def __init__(self) -> None:
        self._rooms: dict[str, StoredRoom] = {}
        self._callbacks: list[Listener] = []

    async def open(self) -> None:
        """Nothing to open: the rooms live in this object."""

    async def close(self) -> None:
        """Nothing to close: the rooms stay in this object until it is dropped."""

    async def create(self, room: StoredRoom) -> None:
        """Add ``room``; :class:`StoreError` if its id is taken."""
        if room.id in self._rooms:
            raise StoreError(f"a room with id {shown(room.id)} already exists")
        self._rooms[room.id] = room

    async def get(self, room_id: str) -> StoredRoom | None:
        """The room ``room_id``, ``None`` if there is none."""
        return self._rooms.get(room_id)

    async def rooms(self, *, limit: int = 200) -> tuple[StoredRoom, ...]:
        """At most ``limit`` rooms, the newest first."""
        newest = sorted(self._rooms.values(), key=lambda room: (room.created, room.id), reverse=True)
        return tuple(newest[:max(limit, 0)])

    async def unfinished(self) -> tuple[StoredRoom, ...]:
        """Every room whose game is not over, the oldest first."""
        return tuple(sorted((room for room in self._rooms.values() if not room.over),
                            key=lambda room: (room.created, room.id)))

    async def count_unfinished(self) -> int:
        """How many rooms' games are not over."""
        return sum(not room.over for room in self._rooms.values())

    async def take_seat(self, room_id: str, seat: int, name: str, token_hash: str) -> bool:
        """Seat ``name`` at ``seat`` iff it is free."""
        # No await between the check and the write: on one event loop this is atomic.
        room = self._rooms.get(room_id)
        if room is None or not 0 <= seat < len(room.seats) or not room.seats[seat].free:
            return False
        seats = list(room.seats)
        seats[seat] = attrs.evolve(seats[seat], name=name, token_hash=token_hash)
        self._rooms[room_id] = attrs.evolve(room, seats=tuple(seats))
        self._tell(room_id, None)
        return True

    async def commit(self, room_id: str, *, expected_plies: int, record: str, plies: int, over: bool) -> bool:
        """Store ``record`` iff the room's game has ``expected_plies`` moves."""
        room = self._rooms.get(room_id)
        if room is None or room.plies != expected_plies:
            return False
        self._rooms[room_id] = attrs.evolve(room, record=record, plies=plies, over=over)
        self._tell(room_id, plies)
        return True

    def listen(self, callback: Listener) -> None:
        """Call ``callback(room_id, plies)`` after each of this store's commits and taken seats."""
        self._callbacks.append(callback)

    def _tell(self, room_id: str, plies: int | None) -> None:
        tell(self._callbacks, room_id, plies)


def tell(callbacks: Iterable[Listener], room_id: str, plies: int | None) -> None:
    """Call each of a store's ``callbacks`` with ``room_id`` and ``plies``: one that fails is
    logged, and the others are still called (the change it was told of is committed all the same)."""
    for callback in tuple(callbacks):
        try:
            callback(room_id, plies)
        except Exception:
            _log.exception("a listener of the store failed on room %s", shown(room_id))


# key=value DSNs ("host=db password=secret") and URL query parameters ("?password=secret").
_PASSWORD_SETTING = re.compile(r"(password\s*=\s*)('(?:[^'\\]|\\.)*'|[^\s&]*)", re.IGNORECASE)


def shown_dsn(dsn: str) -> str:
    """A PostgreSQL connection string as a message may show it: its password replaced by ``***``,
    wherever it is written (``user:password@``, ``?password=``, ``password=`` of a key=value string).

    >>> shown_dsn("postgresql://ann:s3cret@db.example:5432/rooms?sslmode=require&password=x")
    "'postgresql://ann:***@db.example:5432/rooms?sslmode=require&password=***'"
    >>> shown_dsn("host=db user=ann password='it is secret' dbname=rooms")
    "'host=db user=ann password=*** dbname=rooms'"
    """
    text = _PASSWORD_SETTING.sub(r"\1***", dsn)
    try:
        parts = urllib.parse.urlsplit(text)
    except ValueError:
        return shown(text, 200)
    if parts.password is not None:
        user = parts.username or ""
        host = parts.netloc.rpartition("@")[2]
        text = urllib.parse.urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))
    return shown(text, 200)

