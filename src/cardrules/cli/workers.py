"""Games played in chunks, here or on local worker processes, with the results in the same order.

Every game of a run depends only on its own seed (its deal and its bots' seeds), so a run cut into
chunks and played on any number of processes gives the same games, and the same summary, as one
played here game by game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

from cardrules.arguments import shown
from cardrules.errors import ArgumentError

__all__ = ["chunks", "run_chunks"]

J = TypeVar("J")
T = TypeVar("T")

CHUNKS_PER_WORKER = 8
"""Chunks handed to each worker over a run: enough for an even finish, few enough to cost little."""

MAX_CHUNK = 250
"""The most games in a chunk, so that the progress bar moves on long runs."""


def chunks(jobs: Sequence[J], workers: int) -> list[list[J]]:
    """``jobs`` cut into consecutive chunks for ``workers`` processes.

    >>> [len(chunk) for chunk in chunks(list(range(100)), 2)]
    [7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 2]
    """
    size = max(1, min(MAX_CHUNK, -(-len(jobs) // (workers * CHUNKS_PER_WORKER))))
    return chunks_of(jobs, size)


def chunks_of(jobs: Sequence[J], size: int) -> list[list[J]]:
    """``jobs`` in consecutive chunks of ``size`` (the last one shorter)."""
    return [list(jobs[start:start + size]) for start in range(0, len(jobs), size)]


def _import_modules(modules: Sequence[str]) -> None:
    """A worker's first step: import the modules of ``--import``, so that the games they register
    exist in the worker however it was started."""
    for name in modules:
        importlib.import_module(name)


def run_chunks(play: Callable[[list[J]], list[T]], jobs: Sequence[J], *, workers: int = 1,
               ray_address: str | None = None, modules: Sequence[str] = (),
               advance: Callable[[int], None] = lambda done: None) -> list[T]:
    """``play`` every chunk of ``jobs`` and return all results in the order of ``jobs``.

    ``workers=1`` plays here, one job at a time; more plays on that many local processes, ``play`` being a
    module-level function (it is pickled by name) whose chunks and results pickle. With
    ``ray_address`` the chunks are Ray tasks instead (``"local"`` starts a Ray here, ``"auto"`` joins
    this machine's cluster, ``ray://host:10001`` a remote one; a Ray already started in this process
    is used as it is). ``advance(n)``
    is called as each chunk of ``n`` jobs is done, in order.

    >>> run_chunks(lambda chunk: [job * 10 for job in chunk], [3, 1, 2], workers=1)
    [30, 10, 20]
    """
    if type(workers) is not int or workers < 1:
        raise ArgumentError(f"workers is a whole number of at least 1, not {shown(workers)}")
    if ray_address is not None:
        try:
            from cardrules.cli.ray_backend import run_on_ray
        except ImportError:
            raise ArgumentError('--ray needs ray: pip install "cardrules[ray]"') from None
        return run_on_ray(play, jobs, address=ray_address, cut=chunks, modules=modules, advance=advance)
    results: list[T] = []
    if workers == 1:
        for job in jobs:
            results.extend(play([job]))
            advance(1)
        return results
    pieces = chunks(jobs, workers)
    with ProcessPoolExecutor(max_workers=workers, initializer=_import_modules,
                             initargs=(tuple(modules),)) as pool:
        for chunk, done in zip(pieces, pool.map(play, pieces), strict=True):
            results.extend(done)
            advance(len(chunk))
    return results
