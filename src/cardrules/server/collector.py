"""The garbage collector's settings for a process that serves rooms: fewer, cheaper collections.

A server holds every room it serves in memory (each a session with its record), and the moves it
takes create many short-lived objects. With Python's default thresholds the collector runs a full
collection over all of them every so often, and each one stalls every room of the process at once:
on this project's 2-core machine, at 500 rooms, those stalls were most of the slowest moves (99th
percentile 160-200 ms from a move sent to its last broadcast, 80 ms with the settings below; see
``benchmarks/server_load.py`` and docs/server-deploy.md). ``cardrules serve`` calls
:func:`tune_collector`; an app that mounts :func:`~cardrules.server.create_app` in its own process
may call it too, since the settings are the process's, not the app's.
"""

from __future__ import annotations

import gc

__all__ = ["GC_THRESHOLDS", "tune_collector"]

GC_THRESHOLDS = (100_000, 50, 100)
"""The thresholds :func:`tune_collector` sets (:func:`gc.set_threshold`): the youngest generation
is collected after 100,000 new objects rather than 700, so the older ones far less often. The
memory a room holds rises by about a quarter (cycles wait longer to be freed)."""


def tune_collector() -> None:
    """Set :data:`GC_THRESHOLDS` and move every object alive now (the modules, the app) out of the
    collector's reach (:func:`gc.freeze`), so no collection walks them again.

    >>> import gc
    >>> before = gc.get_threshold()
    >>> tune_collector()
    >>> gc.get_threshold() == GC_THRESHOLDS
    True
    >>> gc.unfreeze(); gc.set_threshold(*before)
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
