"""Chunks of games as Ray tasks, on a local Ray or a cluster (``--ray [ADDRESS]``).

Imports ray (the ``ray`` extra). Each chunk is one task; the results come back in the order of the
chunks, so a run gives the same games as one played in a single process.

``ADDRESS`` is checked before Ray sees it: ``local``, ``auto``, ``HOST:PORT`` (a cluster's GCS) or
``ray://HOST:PORT`` (the Ray Client, which needs ``ray[client]``); anything else is a usage error.
A remote address is first reached with a plain TCP connection (:data:`REACH_SECONDS`), then Ray is
given :data:`CONNECT_SECONDS` to connect: Ray itself may retry for minutes, so its attempt runs on
a thread of its own that is abandoned when the time is up.
"""

from __future__ import annotations

import importlib
import logging
import os
import signal
import socket
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar, cast

import ray

from cardrules.errors import CardrulesError
from cardrules.run.chunks import (
    Collected,
    Interrupted,
    RayConnectionError,
    Run,
    check_ray_address,
    play_each,
    stopped_by_signals,
)

__all__ = ["CONNECT_SECONDS", "REACH_SECONDS", "run_on_ray"]

J = TypeVar("J")
T = TypeVar("T")

REACH_SECONDS = 5.0
"""How long a remote address has to accept a TCP connection."""

CONNECT_SECONDS = 20.0
"""How long Ray has to connect to a remote cluster once its address answers."""

def _reach(address: str, host: str, port: int) -> None:
    """Raise :class:`RayConnectionError` unless ``host:port`` accepts a TCP connection in time."""
    try:
        with socket.create_connection((host, port), timeout=REACH_SECONDS):
            pass
    except TimeoutError:
        raise RayConnectionError(f"--ray {address}: no answer within {REACH_SECONDS:g} s") from None
    except OSError as exc:
        raise RayConnectionError(f"--ray {address}: cannot connect ({exc.strerror or exc})") from None


def _init(address: str) -> None:
    ray.init(address=address, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)


@contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Standard error (the file descriptor, where Ray's core logs its retries) sent to the null
    device, so that a failure to connect ends in the one line that says so."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _connect(address: str) -> bool:
    """Join the Ray of this process if there is one, else ``ray.init(address=...)``; whether this
    call started it (and so shuts it down after the run)."""
    if ray.is_initialized():
        return False
    remote = check_ray_address(address)
    if remote is None:
        try:
            _init(address)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise RayConnectionError(f"--ray {address}: {exc}") from None
        return True
    _reach(address, *remote)
    failure: list[BaseException] = []

    def attempt() -> None:
        try:
            _init(address)
        except BaseException as exc:  # handed to the waiting thread, which words it
            failure.append(exc)

    # A daemon thread: when Ray is still retrying after CONNECT_SECONDS, it is left behind.
    trying = threading.Thread(target=attempt, name="ray-connect", daemon=True)
    with _quiet_stderr():
        trying.start()
        trying.join(CONNECT_SECONDS)
    if trying.is_alive():
        raise RayConnectionError(f"--ray {address}: it answers, but no Ray cluster there connected "
                                 f"within {CONNECT_SECONDS:g} s")
    if failure:
        raise RayConnectionError(f"--ray {address}: {' '.join(str(failure[0]).split())[:300]}")
    return True


def _play_chunk(play: Callable[[list[J]], list[T]], modules: Sequence[str],
                chunk: list[J]) -> tuple[list[T], CardrulesError | None]:
    """One task: import the ``--import`` modules (a Ray worker is a fresh process), then play."""
    for name in modules:
        importlib.import_module(name)
    return play_each(play, chunk)


def run_on_ray(play: Callable[[list[J]], list[T]], jobs: Sequence[J], *, address: str,
               cut: Callable[[Sequence[J], int], list[list[J]]], modules: Sequence[str],
               advance: Callable[[int], None]) -> Run[T]:
    """Play ``jobs`` as Ray tasks, cut into chunks by ``cut(jobs, cpus)`` for the cluster's CPUs:
    the :class:`~cardrules.run.chunks.Run` of the results in the order of ``jobs``. A failing game
    or a signal stops the run as on local workers: the tasks left are cancelled."""
    started = _connect(address)
    collected: Collected[T] = Collected(advance)
    pending: dict[Any, int] = {}
    stopped: Interrupted | None = None
    with stopped_by_signals(at_once=False) as received:
        try:
            resources = ray.cluster_resources()  # type: ignore[no-untyped-call]  # ray: untyped
            cpus = max(1, int(resources.get("CPU", 1)))
            pieces = cut(jobs, cpus)
            # Any: ray's remote-function types do not follow a generic function through .remote().
            task: Any = ray.remote(_play_chunk)
            pending = {task.remote(play, tuple(modules), chunk): index for index, chunk in enumerate(pieces)}
            while not received and any(collected.needs(index) for index in pending.values()):
                # A bounded wait, so that a signal is seen promptly.
                done, _ = ray.wait(list(pending), num_returns=1, timeout=0.25)
                for ref in done:
                    outcome = cast(tuple[list[T], CardrulesError | None], ray.get(ref))
                    collected.add(pending.pop(ref), outcome)
        except Interrupted as stop:
            stopped = stop
        except KeyboardInterrupt:
            stopped = Interrupted(signal.SIGINT)
        finally:
            if received and stopped is None:
                stopped = received[0]
            # The tasks left are dropped, and a Ray this run started is shut down, whatever stopped it.
            if started:  # shutting down ends the tasks too, sooner than cancelling them one by one
                ray.shutdown()
            else:
                for ref in pending:
                    ray.cancel(ref, force=True)
    return collected.run(stopped)
