"""The garbage collector's full collections on a timer, so that a busy server pauses rarely.

CPython starts a full collection (one that walks every object it tracks) whenever enough objects
have survived the younger ones: under 500 rooms that was every 10 to 15 seconds, each pausing every
room for 130 to 270 ms. :func:`full_collections_every` takes those over for as long as it is
entered: Python then never starts one itself, and one is made every ``seconds`` by the event
loop. The young generations are collected as before, and a cycle of garbage that reached the
oldest one waits at most ``seconds`` (``docs/server-deploy.md`` has the measurements).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import math
from collections.abc import AsyncIterator

from cardrules.arguments import shown
from cardrules.errors import ArgumentError

__all__ = ["full_collections_every"]

_NEVER = 1 << 30
"""An oldest-generation threshold Python never reaches: one more for each collection of the middle
generation (a few a second under load), it would take years."""

_held: list[int] = []
"""The oldest generation's threshold before the first schedule still running began, once per
schedule running: the last one to end puts it back, so schedules may overlap (two apps in one
process, or tests)."""


@contextlib.asynccontextmanager
async def full_collections_every(seconds: float) -> AsyncIterator[None]:
    """While entered, no full collection starts by itself, and one is made every ``seconds``.

    The thresholds are put back as they were when the last schedule running ends.

    >>> import asyncio, gc
    >>> async def main() -> int:
    ...     async with full_collections_every(60):
    ...         return gc.get_threshold()[2]
    >>> asyncio.run(main()) > 1_000_000, gc.get_threshold()[2] < 1_000_000
    (True, True)
    """
    if type(seconds) not in (int, float) or not 0 < seconds < math.inf:
        raise ArgumentError(f"full collections come every positive number of seconds, not {shown(seconds)}")
    young, middle, oldest = gc.get_threshold()
    _held.append(_held[0] if _held else oldest)
    gc.set_threshold(young, middle, _NEVER)
    timer = asyncio.get_running_loop().create_task(_collect(seconds), name="cardrules full collections")
    try:
        yield
    finally:
        timer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await timer
        before = _held.pop()
        if not _held:
            young, middle, _ = gc.get_threshold()
            gc.set_threshold(young, middle, before)


async def _collect(seconds: float) -> None:
    while True:
        await asyncio.sleep(seconds)
        gc.collect()
