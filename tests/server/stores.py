"""What the store tests share: rooms to store, and a way to wait for a listener to hear of one."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

from cardrules.server.store import StoredRoom, StoredSeat

T = TypeVar("T")

HANG = 30.0
"""Seconds after which a test that waits on a store or a process counts it as hung."""


def a_room(room_id: str = "room-1", *, created: float = 1_000.0, seats: int = 2,
           bots: dict[int, str] | None = None, plies: int = 0, over: bool = False) -> StoredRoom:
    """A room of ``seats`` free seats (but those in ``bots``) whose record is ``plies`` moves long."""
    bots = bots or {}
    return StoredRoom(id=room_id, game="the-game", created=created, config=f'{{"players": {seats}}}',
                      seats=tuple(StoredSeat(seat, None, None, bots.get(seat)) for seat in range(seats)),
                      record=f'{{"moves": {plies}}}', plies=plies, over=over)


def run(work: Callable[[], Awaitable[T]]) -> T:
    """Run ``work()`` on a new event loop, failing it if it hangs."""
    async def bounded() -> T:
        return await asyncio.wait_for(work(), HANG * 2)

    return asyncio.run(bounded())


class Ears:
    """A store listener that remembers what it heard, in order, and can be awaited for a room."""

    def __init__(self) -> None:
        self.heard: list[str] = []
        self.told: list[tuple[str, int | None]] = []
        """Each notification as heard: the room and its moves after a move, ``None`` after a seat."""
        self._changed = asyncio.Event()

    def __call__(self, room_id: str, plies: int | None) -> None:
        self.heard.append(room_id)
        self.told.append((room_id, plies))
        self._changed.set()

    async def until(self, room_id: str, times: int = 1) -> list[str]:
        """Wait until ``room_id`` was heard ``times`` times; everything heard so far."""
        async def wait() -> None:
            while self.heard.count(room_id) < times:
                self._changed.clear()
                await self._changed.wait()

        await asyncio.wait_for(wait(), HANG)
        return list(self.heard)
