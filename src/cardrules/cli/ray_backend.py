"""Chunks of games as Ray tasks, on a local Ray or a cluster (``--ray [ADDRESS]``).

Imports ray (the ``ray`` extra). Each chunk is one task; the results come back in the order of the
chunks, so a run gives the same games as one played in a single process.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

import ray

__all__ = ["run_on_ray"]

J = TypeVar("J")
T = TypeVar("T")


def _play_chunk(play: Callable[[list[J]], list[T]], modules: Sequence[str], chunk: list[J]) -> list[T]:
    """One task: import the ``--import`` modules (a Ray worker is a fresh process), then play."""
    for name in modules:
        importlib.import_module(name)
    return play(chunk)


def _connect(address: str) -> bool:
    """Join the Ray of this process if there is one, else ``ray.init(address=...)``; whether this
    call started it (and so shuts it down after the run)."""
    if ray.is_initialized():
        return False
    ray.init(address=address, include_dashboard=False, log_to_driver=False)
    return True


def run_on_ray(play: Callable[[list[J]], list[T]], jobs: Sequence[J], *, address: str,
               cut: Callable[[Sequence[J], int], list[list[J]]], modules: Sequence[str],
               advance: Callable[[int], None]) -> list[T]:
    """Play ``jobs`` as Ray tasks, cut into chunks by ``cut(jobs, cpus)`` for the cluster's CPUs;
    all results in the order of ``jobs``."""
    started = _connect(address)
    try:
        resources = ray.cluster_resources()  # type: ignore[no-untyped-call]  # ray: untyped
        cpus = max(1, int(resources.get("CPU", 1)))
        pieces = cut(jobs, cpus)
        # Any: ray's remote-function types do not follow a generic function through .remote().
        task: Any = ray.remote(_play_chunk)
        refs = [task.remote(play, tuple(modules), chunk) for chunk in pieces]
        results: list[T] = []
        for chunk, ref in zip(pieces, refs, strict=True):
            results.extend(cast(list[T], ray.get(ref)))
            advance(len(chunk))
        return results
    finally:
        if started:
            ray.shutdown()
