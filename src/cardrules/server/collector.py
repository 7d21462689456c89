"""The garbage collector in a process that serves many rooms: short collections, a full one now and then.

CPython's collector now and then makes a *full* collection, which walks every object it tracks,
and the process does nothing else meanwhile. A server holding hundreds of rooms tracks some 300
objects a room, most of them its two sockets' ASGI and WebSocket machinery (coroutines, closures,
transports, headers), the rest the room's session, seats and queues: at 500 rooms some 210,000
objects with the modules', and each full collection cost 130-250 ms of CPU on this project's
2-core machine, every room waiting behind it. Those stalls were most of the slowest moves under
load (docs/server-deploy.md).

:func:`freeze_survivors` keeps the collections short: after each collection of the collector's
middle generation, everything that survived it is frozen (:func:`gc.freeze`), out of the reach of
later collections, so each collection walks only what was made since. A frozen object that is no
longer used is still freed at once when nothing refers to it; one that dies in a reference cycle
(asyncio's socket transport on Python 3.11 is one, for every connection that closes) waits for the
next thaw: every ``thaw_every`` seconds the frozen objects are given back to the collector, and its
next full collection walks everything once, frees those cycles and freezes the rest again. That
one is as long as every full collection was before (a little longer), once in ``thaw_every``
seconds rather than every 10 to 15; and the cycles waiting for it hold memory meanwhile (at 500
rooms, 430-450 KiB a room rather than about 250, level over a 400-second run).

The settings belong to the process, not to an app: ``cardrules serve`` calls
:func:`freeze_survivors`; a process of yours that mounts :func:`~cardrules.server.create_app` and
serves many rooms may call it too.
"""

from __future__ import annotations

import gc
import math
from time import monotonic
from typing import Any

from cardrules.arguments import shown
from cardrules.errors import ArgumentError

__all__ = ["THAW_EVERY", "freeze_survivors", "stop_freezing", "thaw"]

THAW_EVERY = 60.0
"""Seconds between two thaws of :func:`freeze_survivors` by default: one full collection over
everything a minute, which bounds what waits frozen in reference cycles to a minute's worth (at
500 rooms, memory per room stayed level over a 400-second run; docs/server-deploy.md)."""


class _Policy:
    """The callback :func:`freeze_survivors` gives the collector (:data:`gc.callbacks`)."""

    def __init__(self, thaw_every: float) -> None:
        self.thaw_every = thaw_every
        self.thawed_at = monotonic()
        self.thawing = False

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase != "stop":
            return
        # gc.collect() cannot be called from here (the collector is running): a thaw only hands
        # the frozen objects back, and the next full collection, which comes soon once the oldest
        # generation holds them, walks them.
        if self.thawing:
            if info["generation"] == 2:
                self.thawing = False
                self.thawed_at = monotonic()
                gc.freeze()
        elif monotonic() - self.thawed_at >= self.thaw_every:
            self.thawing = True
            gc.unfreeze()
        elif info["generation"] >= 1:
            gc.freeze()

    def thaw(self) -> None:
        self.thawing = True
        gc.unfreeze()


_policy: _Policy | None = None


def freeze_survivors(*, thaw_every: float = THAW_EVERY) -> None:
    """From now on, freeze what survives each collection of the collector's middle generation, and
    thaw everything every ``thaw_every`` seconds (see the module's text). Calling it again changes
    ``thaw_every``; :func:`stop_freezing` undoes it.

    >>> import gc
    >>> freeze_survivors()
    >>> _ = gc.collect(1)
    >>> gc.get_freeze_count() > 0
    True
    >>> stop_freezing()
    >>> gc.get_freeze_count()
    0
    """
    global _policy
    if type(thaw_every) not in (int, float) or not 0 < thaw_every < math.inf:
        raise ArgumentError(f"thaw_every is a positive number of seconds, not {shown(thaw_every)}")
    if _policy is None:
        _policy = _Policy(float(thaw_every))
        gc.callbacks.append(_policy)
    else:
        _policy.thaw_every = float(thaw_every)


def thaw() -> None:
    """Give every frozen object back to the collector now: its next full collection walks them
    all once (and frees those that died in reference cycles), then freezes the survivors again."""
    if _policy is None:
        gc.unfreeze()
    else:
        _policy.thaw()


def stop_freezing() -> None:
    """Stop what :func:`freeze_survivors` started and give every frozen object back to the collector."""
    global _policy
    if _policy is not None:
        if _policy in gc.callbacks:
            gc.callbacks.remove(_policy)
        _policy = None
    gc.unfreeze()
