"""Games played in chunks, here or on local worker processes, with the results in the same order.

Every game of a run depends only on its own seed (its deal and its bots' seeds), so a run cut into
chunks and played on any number of processes gives the same games, and the same summary, as one
played here game by game.

A run can stop early, and keeps what it played: a game that raises a
:class:`~cardrules.errors.CardrulesError` (a bot that fails, see
:class:`~cardrules.cli.botspec.BotError`) stops the run, and so does Ctrl-C (SIGINT) or SIGTERM. Either
way the games that finished are returned in a :class:`Run` that says why it stopped, the worker
processes are ended before :func:`run_chunks` returns, and a second signal while they are being
ended ends everything at once.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import multiprocessing
import os
import re
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from types import FrameType
from typing import Generic, TypeAlias, TypeVar

import attrs

from cardrules.arguments import shown
from cardrules.errors import ArgumentError, CardrulesError

__all__ = [
    "MAX_WORKERS_PER_CPU",
    "Interrupted",
    "RayConnectionError",
    "Run",
    "check_ray_address",
    "chunks",
    "max_workers",
    "run_chunks",
]

J = TypeVar("J")
T = TypeVar("T")

CHUNKS_PER_WORKER = 8
"""Chunks handed to each worker over a run: enough for an even finish, few enough to cost little."""

MAX_CHUNK = 250
"""The most games in a chunk, so that the progress bar moves on long runs."""

MAX_WORKERS_PER_CPU = 4
"""``--workers`` is at most this many processes per CPU of the machine (:func:`max_workers`)."""

STOP_GRACE_SECONDS = 1.0
"""How long a worker asked to stop (SIGTERM) has before it is killed (SIGKILL)."""


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


def max_workers() -> int:
    """The most local worker processes a run may ask for: :data:`MAX_WORKERS_PER_CPU` per CPU."""
    return MAX_WORKERS_PER_CPU * (os.cpu_count() or 1)


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


def _start_worker(modules: Sequence[str]) -> None:
    """A worker's first step: leave Ctrl-C to the main process (which ends the workers itself), and
    import the modules of ``--import``, so that the games they register exist in the worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    for name in modules:
        importlib.import_module(name)


def _end(processes: Sequence[multiprocessing.process.BaseProcess]) -> None:
    """Stop ``processes``: SIGTERM, then SIGKILL for any still alive after the grace time."""
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(STOP_GRACE_SECONDS)
        if process.is_alive():
            process.kill()
            process.join(STOP_GRACE_SECONDS)


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


def run_chunks(play: Callable[[list[J]], list[T]], jobs: Sequence[J], *, workers: int = 1,
               ray_address: str | None = None, modules: Sequence[str] = (),
               advance: Callable[[int], None] = lambda done: None) -> Run[T]:
    """``play`` every chunk of ``jobs``: the :class:`Run` of all results in the order of ``jobs``, or
    of those that finished when a game raised a :class:`~cardrules.errors.CardrulesError` or a
    signal stopped the run.

    ``workers=1`` plays here, one job at a time; more plays on that many local processes (at most
    :func:`max_workers`, and never more than there are chunks), ``play`` being a module-level
    function (it is pickled by name) whose chunks and results pickle. With ``ray_address`` the
    chunks are Ray tasks instead (``"local"`` starts a Ray here, ``"auto"`` joins this machine's
    cluster, ``ray://host:10001`` or ``host:6379`` a remote one; a Ray already started in this
    process is used as it is). ``advance(n)`` is called as ``n`` more jobs are done.

    >>> run_chunks(lambda chunk: [job * 10 for job in chunk], [3, 1, 2], workers=1).results
    [30, 10, 20]
    """
    if type(workers) is not int or not 1 <= workers <= max_workers():
        raise ArgumentError(f"workers is a whole number from 1 to {max_workers()} "
                            f"({MAX_WORKERS_PER_CPU} per CPU), not {shown(workers)}")
    if ray_address is not None:
        check_ray_address(ray_address)
        try:
            from cardrules.cli.ray_backend import run_on_ray
        except ImportError:
            raise ArgumentError('--ray needs ray: pip install "cardrules[ray]"') from None
        return run_on_ray(play, jobs, address=ray_address, cut=chunks, modules=modules, advance=advance)
    if workers == 1:
        return _run_here(play, jobs, advance)
    return _run_on_processes(play, jobs, workers, modules, advance)


def _run_here(play: Callable[[list[J]], list[T]], jobs: Sequence[J],
              advance: Callable[[int], None]) -> Run[T]:
    pieces = [[job] for job in jobs]
    collected: Collected[T] = Collected(advance)
    try:
        with stopped_by_signals():
            for index, piece in enumerate(pieces):
                collected.add(index, play_each(play, piece))
                if collected.failure is not None:
                    break
    except Interrupted as stop:
        return collected.run(stop)
    except KeyboardInterrupt:  # off the main thread, or before the handlers were set
        return collected.run(Interrupted(signal.SIGINT))
    return collected.run()


def _run_on_processes(play: Callable[[list[J]], list[T]], jobs: Sequence[J], workers: int,
                      modules: Sequence[str], advance: Callable[[int], None]) -> Run[T]:
    pieces = chunks(jobs, workers)
    collected: Collected[T] = Collected(advance)
    before = set(multiprocessing.active_children())
    pool = ProcessPoolExecutor(max_workers=min(workers, len(pieces)), initializer=_start_worker,
                               initargs=(tuple(modules),))
    started: list[multiprocessing.process.BaseProcess] = []

    def ours() -> list[multiprocessing.process.BaseProcess]:
        started.extend(child for child in multiprocessing.active_children()
                       if child not in before and child not in started)
        return started

    def kill_all() -> None:
        for process in ours():
            if process.is_alive():
                process.kill()

    pending: dict[Future[tuple[list[T], CardrulesError | None]], int] = {}
    stopped: Stop | None = None
    # The signal is noted, not raised: raised inside the executor's locks it could leave one held,
    # and its manager thread (joined at exit) blocked on it for ever.
    with stopped_by_signals(on_second=kill_all, at_once=False) as received:
        try:
            pending = {pool.submit(play_each, play, piece): index for index, piece in enumerate(pieces)}
            ours()
            while not received and any(collected.needs(index) for index in pending.values()):
                # A bounded wait, so that a signal is seen promptly.
                done, _ = wait(pending, timeout=0.25, return_when=FIRST_COMPLETED)
                for future in done:
                    collected.add(pending.pop(future), future.result())
        except BrokenProcessPool:
            stopped = CardrulesError("a worker process died in the middle of a game (killed, out of "
                                     "memory, or a bot that ended its process)")
        finally:
            # Unfinished chunks are dropped and the workers ended, whatever stopped the run. The
            # workers go first: then the pool's manager thread sees them gone and ends at once, and
            # waiting for it keeps Python 3.11's exit hook from waking it through a pipe it is closing.
            if pending:
                _end(ours())
            pool.shutdown(wait=True, cancel_futures=True)
            if received:  # a signal to the whole group also ends the workers: the signal is the reason
                stopped = received[0]
    run = collected.run()
    return run if stopped is None else Run(run.results, stopped)
