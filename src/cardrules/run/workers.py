"""Games played in chunks, here or on local worker processes, with the results in the same order.

Every game of a run depends only on its own seed (its deal and its bots' seeds), so a run cut into
chunks and played on any number of processes gives the same games, and the same summary, as one
played here game by game.

A run can stop early, and keeps what it played: a game that raises a
:class:`~cardrules.errors.CardrulesError` (a bot that fails, see
:class:`~cardrules.run.playing.BotError`) stops the run, and so does Ctrl-C (SIGINT) or SIGTERM. Either
way the games that finished are returned in a :class:`Run` that says why it stopped, the worker
processes are ended before :func:`run_chunks` returns, and a second signal while they are being
ended ends everything at once.
"""

from __future__ import annotations

import importlib
import importlib.util
import multiprocessing
import os
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from cardrules.arguments import shown
from cardrules.errors import ArgumentError, CardrulesError
from cardrules.run.chunks import (
    Collected,
    Interrupted,
    Run,
    Stop,
    check_ray_address,
    chunks,
    play_each,
    stopped_by_signals,
)

J = TypeVar("J")
T = TypeVar("T")

__all__ = ["MAX_WORKERS_PER_CPU", "max_workers", "run_chunks"]


MAX_WORKERS_PER_CPU = 4
"""``--workers`` is at most this many processes per CPU of the machine (:func:`max_workers`)."""

STOP_GRACE_SECONDS = 1.0
"""How long a worker asked to stop (SIGTERM) has before it is killed (SIGKILL)."""


def max_workers() -> int:
    """The most local worker processes a run may ask for: :data:`MAX_WORKERS_PER_CPU` per CPU."""
    return MAX_WORKERS_PER_CPU * (os.cpu_count() or 1)


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
            from cardrules.run.ray_backend import run_on_ray
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
