"""A socket's side of a room, and what the store keeps of a seat's token.

A :class:`Client` is a socket's seat, its language, what it has been told, and what waits to be
sent to it.
"""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Callable

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
    >>> list(client.outbox)
    ['frame', 1000]
    """

    def __init__(self, room_id: str, seat: int | None, lang: Lang) -> None:
        self.room_id = room_id
        self.seat = seat
        self.lang: Lang = lang
        self.seen = 0
        # A plain deque and a callback rather than an asyncio.Queue and a task waiting on it: a
        # server holds two sockets a room, and every object they keep is one more for each of the
        # collector's full collections to walk (docs/server-deploy.md).
        self.outbox: deque[str | int] = deque()
        self.closing = False
        self._wake: Callable[[], None] | None = None

    def attach(self, wake: Callable[[], None]) -> None:
        """Call ``wake()`` whenever something is queued (the socket's writer, which sends it), and
        now if something waits already."""
        self._wake = wake
        if self.outbox:
            wake()

    def push(self, text: str) -> None:
        """Queue ``text`` for the socket; a socket that lets :data:`OUTBOX` frames pile up is too
        slow to follow its room, and is closed (1013)."""
        if self.closing:
            return
        if len(self.outbox) >= OUTBOX:
            self.outbox.clear()
            self.push_close(1013)
            return
        self.outbox.append(text)
        if self._wake is not None:
            self._wake()

    def push_close(self, code: int | None) -> None:
        """Close the socket with ``code`` (``None``: 1000, normal) once the frames queued are sent."""
        if self.closing:
            return
        self.closing = True
        if len(self.outbox) >= OUTBOX:
            self.outbox.popleft()
        self.outbox.append(1000 if code is None else code)
        if self._wake is not None:
            self._wake()
