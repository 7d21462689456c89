"""What a run of games in chunks is, on any backend (here, local processes, Ray).

It holds the chunks, the results collected in order, why a run stopped (a failure, or a signal caught
while it ran), and the forms of a Ray address.

Kept apart from the backends (:mod:`~cardrules.run.workers`, :mod:`~cardrules.run.ray_backend`),
which both build on it.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import os
import re
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import FrameType
from typing import Generic, TypeAlias, TypeVar

import attrs

from cardrules.arguments import shown
from cardrules.errors import ArgumentError, CardrulesError

__all__ = [
    "CHUNKS_PER_WORKER",
    "MAX_CHUNK",
    "Collected",
    "Interrupted",
    "RayConnectionError",
    "Run",
    "Stop",
    "check_ray_address",
    "chunks",
    "chunks_of",
    "play_each",
    "stopped_by_signals",
]

J = TypeVar("J")


T = TypeVar("T")


CHUNKS_PER_WORKER = 8
"""Chunks handed to each worker over a run: enough for an even finish, few enough to cost little."""


MAX_CHUNK = 250
"""The most games in a chunk, so that the progress bar moves on long runs."""


_RAY_ADDRESS = re.compile(r"(?P<client>ray://)?(?P<host>[A-Za-z0-9][A-Za-z0-9.\-]*|\[[0-9A-Fa-f:.]+\])"
                          r":(?P<port>\d{1,5})")


class RayConnectionError(CardrulesError, ConnectionError):
    """Ray could not be reached, joined or started at the address of ``--ray`` (exit status 1)."""


def check_ray_address(address: str) -> tuple[str, int] | None:
    """The host and port of a remote ``--ray`` ``address`` (``None`` for ``local`` and ``auto``); an
    address of no form Ray reads raises :class:`~cardrules.errors.ArgumentError`.

    >>> check_ray_address("10.0.0.5:6379"), check_ray_address("auto")
    (('10.0.0.5', 6379), None)
    >>> check_ray_address("notanaddress")
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: --ray 'notanaddress': an address is local, auto, HOST:PORT or ray://HOST:PORT
    """
    if address in ("local", "auto"):
        return None
    match = _RAY_ADDRESS.fullmatch(address)
    if match is None:
        raise ArgumentError(f"--ray {shown(address)}: an address is local, auto, HOST:PORT or ray://HOST:PORT")
    port = int(match.group("port"))
    if not 1 <= port <= 65535:
        raise ArgumentError(f"--ray {shown(address)}: a port is a number from 1 to 65535")
    if match.group("client") and importlib.util.find_spec("grpc") is None:
        raise ArgumentError(f"--ray {shown(address)}: the Ray Client (ray://) needs its extra: "
                            'pip install "ray[client]"')
    return match.group("host").strip("[]"), port


class Interrupted(BaseException):
    """A run stopped by a signal: Ctrl-C (SIGINT) or SIGTERM. Like :class:`KeyboardInterrupt`, not
    an :class:`Exception`, so that no ``except Exception`` of a bot swallows it.

    >>> Interrupted(signal.SIGTERM).status
    143
    """

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum

    @property
    def status(self) -> int:
        """The exit status a shell gives a command ended by this signal: 128 + its number."""
        return 128 + self.signum


Stop: TypeAlias = CardrulesError | Interrupted


@attrs.frozen
class Run(Generic[T]):
    """What a run played: the ``results`` of the jobs that finished, in the order of the jobs, and
    why it ``stopped`` before the end (``None`` when every job finished)."""

    results: list[T]
    stopped: Stop | None = None

    @property
    def complete(self) -> bool:
        """Whether every job of the run finished."""
        return self.stopped is None


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


def play_each(play: Callable[[list[J]], list[T]], chunk: list[J]) -> tuple[list[T], CardrulesError | None]:
    """Play the jobs of ``chunk`` one by one: the results of those that finished, and the error that
    stopped the chunk (``None`` if none did), so that a failing game loses no game before it.

    >>> play_each(lambda jobs: [10 // job for job in jobs], [5, 2])
    ([2, 5], None)
    """
    results: list[T] = []
    for job in chunk:
        try:
            results.extend(play([job]))
        except CardrulesError as exc:
            return results, exc
    return results, None


class Collected(Generic[T]):
    """The chunks of a run as they finish, in any order, and the first failure in the order of jobs."""

    def __init__(self, advance: Callable[[int], None]) -> None:
        self.advance = advance
        self.done: dict[int, list[T]] = {}
        self.failure: tuple[int, CardrulesError] | None = None

    def add(self, index: int, outcome: tuple[list[T], CardrulesError | None]) -> None:
        """Keep chunk ``index``'s ``outcome``."""
        results, error = outcome
        self.done[index] = results
        self.advance(len(results))
        if error is not None and (self.failure is None or index < self.failure[0]):
            self.failure = (index, error)

    def needs(self, index: int) -> bool:
        """Whether chunk ``index`` still counts: no chunk before it has failed. After a failure the
        chunks before it are still played out, so that the run keeps every game before the failing
        one, as a run on one process does, whatever the number of workers."""
        return self.failure is None or index < self.failure[0]

    def run(self, interrupted: Interrupted | None = None) -> Run[T]:
        """The run so far; ``interrupted`` when a signal stopped it (then every chunk that finished
        is kept; after a failure, those before it)."""
        last = None if interrupted is not None or self.failure is None else self.failure[0]
        kept = sorted(index for index in self.done if last is None or index <= last)
        results = [result for index in kept for result in self.done[index]]
        stopped: Stop | None = interrupted
        if stopped is None and self.failure is not None:
            stopped = self.failure[1]
        return Run(results, stopped)


@contextmanager
def stopped_by_signals(on_second: Callable[[], None] = lambda: None, *,
                       at_once: bool = True) -> Iterator[list[Interrupted]]:
    """SIGINT and SIGTERM raise :class:`Interrupted` in the block (``at_once=False``: are put in
    the list it yields, for a loop to look at between waits, where raising inside a library's C
    code would garble the exception); a second one, while the first is being handled, calls
    ``on_second``, says so on standard error and ends the process at once (exit 128 + the signal).

    Only the main thread can set signal handlers; elsewhere the block runs as it is.
    """
    received: list[Interrupted] = []
    if threading.current_thread() is not threading.main_thread():
        yield received
        return

    def second(signum: int, frame: FrameType | None) -> None:
        on_second()
        # Written straight to the descriptor: a print here could re-enter the stream's own write.
        with contextlib.suppress(OSError):
            os.write(2, b"cardrules: interrupted again: stopped at once, before saying what finished\n")
        os._exit(128 + signum)

    def first(signum: int, frame: FrameType | None) -> None:
        for number in (signal.SIGINT, signal.SIGTERM):
            signal.signal(number, second)
        received.append(Interrupted(signum))
        if at_once:
            raise received[0]

    previous = {number: signal.signal(number, first) for number in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield received
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
