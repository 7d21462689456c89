"""TEMPORARY stand-in for cardrules.server.store (design19.md), to run
the server's tests before s19-session and s19-store land. Deleted at their merge."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol

import attrs

import cardrules


@attrs.frozen
class StoredSeat:
    seat: int
    name: str | None
    token_hash: str | None
    bot: str | None


@attrs.frozen
class StoredRoom:
    id: str
    game: str
    created: float
    config: str
    seats: tuple[StoredSeat, ...]
    record: str
    plies: int
    over: bool


class Store(Protocol):
    async def open(self) -> None: ...
    async def close(self) -> None: ...
    async def create(self, room: StoredRoom) -> None: ...
    async def get(self, room_id: str) -> StoredRoom | None: ...
    async def rooms(self, *, limit: int = 200) -> tuple[StoredRoom, ...]: ...
    async def unfinished(self) -> tuple[StoredRoom, ...]: ...
    async def take_seat(self, room_id: str, seat: int, name: str, token_hash: str) -> bool: ...
    async def commit(self, room_id: str, *, expected_plies: int, record: str, plies: int,
                     over: bool) -> bool: ...
    def listen(self, callback: Callable[[str], None]) -> None: ...


class MemoryStore:
    def __init__(self) -> None:
        self._rooms: dict[str, StoredRoom] = {}
        self._listeners: list[Callable[[str], None]] = []

    async def open(self) -> None:
        pass

    async def close(self) -> None:
        pass

    async def create(self, room: StoredRoom) -> None:
        self._rooms[room.id] = room

    async def get(self, room_id: str) -> StoredRoom | None:
        await asyncio.sleep(0)
        return self._rooms.get(room_id)

    async def rooms(self, *, limit: int = 200) -> tuple[StoredRoom, ...]:
        return tuple(sorted(self._rooms.values(), key=lambda r: -r.created))[:limit]

    async def unfinished(self) -> tuple[StoredRoom, ...]:
        return tuple(r for r in self._rooms.values() if not r.over)

    async def take_seat(self, room_id: str, seat: int, name: str, token_hash: str) -> bool:
        room = self._rooms.get(room_id)
        if room is None or not 0 <= seat < len(room.seats):
            return False
        old = room.seats[seat]
        if old.bot is not None or old.name is not None:
            return False
        seats = list(room.seats)
        seats[seat] = StoredSeat(seat, name, token_hash, None)
        self._rooms[room_id] = attrs.evolve(room, seats=tuple(seats))
        self._notify(room_id)
        return True

    async def commit(self, room_id: str, *, expected_plies: int, record: str, plies: int,
                     over: bool) -> bool:
        room = self._rooms.get(room_id)
        if room is None or room.plies != expected_plies:
            return False
        self._rooms[room_id] = attrs.evolve(room, record=record, plies=plies, over=over)
        self._notify(room_id)
        return True

    def listen(self, callback: Callable[[str], None]) -> None:
        self._listeners.append(callback)

    def _notify(self, room_id: str) -> None:
        for listener in self._listeners:
            listener(room_id)


_ = cardrules
