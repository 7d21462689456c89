"""A socket's side of a room, and what the store keeps of a seat's token.

A :class:`Client` is a socket's seat, its language, what it has been told, and what waits to be
sent to it.
"""

from __future__ import annotations

import asyncio
import hashlib

from cardrules.i18n import Lang

__all__ = ["OUTBOX", "Client", "token_hash"]

OUTBOX = 256
"""Frames waiting for a socket: past this the client is too slow to follow its room, and is closed."""


def token_hash(token: str) -> str:
    """What the store keeps of a seat's token: its SHA-256, in hex.

    >>> len(token_hash("x"))
    64
    """
    return hashlib.sha256(token.encode()).hexdigest()


class Client:
    """One socket of a room in this process: its seat (``None`` watches), its language, the plies
    it has been told of, and what waits to be sent to it (frames, then maybe a close code).

    >>> client = Client("room", None, "en")
    >>> client.push("frame"); client.push_close(None)
    >>> client.outbox.get_nowait(), client.outbox.get_nowait()
    ('frame', 1000)
    """

    def __init__(self, room_id: str, seat: int | None, lang: Lang) -> None:
        self.room_id = room_id
        self.seat = seat
        self.lang: Lang = lang
        self.seen = 0
        self.outbox: asyncio.Queue[str | int] = asyncio.Queue(OUTBOX)
        self.closing = False

    def push(self, text: str) -> None:
        """Queue ``text`` for the socket; a socket that lets :data:`OUTBOX` frames pile up is too
        slow to follow its room, and is closed (1013)."""
        if self.closing:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            while not self.outbox.empty():
                self.outbox.get_nowait()
            self.push_close(1013)

    def push_close(self, code: int | None) -> None:
        """Close the socket with ``code`` (``None``: 1000, normal) once the frames queued are sent."""
        if self.closing:
            return
        self.closing = True
        if self.outbox.full():
            self.outbox.get_nowait()
        self.outbox.put_nowait(1000 if code is None else code)
