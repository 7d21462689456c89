"""The time and memory bounds of one fuzz input, and what an exception leaves behind once caught.

A call is run by :func:`guarded`: it is timed, optionally traced with :mod:`tracemalloc`, and
interrupted (by ``SIGALRM``, where the platform has it) once it runs past the hard limit, so one
endless input cannot stall a whole fuzz run. What it raised is kept as an :class:`ErrorInfo` — plain
strings — and the exception itself is let go at once: its traceback holds the frames of the failing
call, and after a ``MemoryError`` those frames may hold gigabytes.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
import traceback
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path

import attrs

import cardrules
from cardrules.errors import CardrulesError

__all__ = [
    "DEFAULT_BOUNDS",
    "Bounds",
    "ContractBreachError",
    "ErrorInfo",
    "Interrupted",
    "Outcome",
    "guarded",
    "limit_address_space",
]

MIB = 1024 * 1024

# An error is located in the library code the harness called: the innermost frame in these files.
_PACKAGE = str(Path(cardrules.__file__).resolve().parent)


@attrs.frozen(kw_only=True)
class Bounds:
    """What one input may cost before it counts as a failure.

    - ``seconds``: one call (a ``from_json``, one step of a soak) taking longer fails; an input of
      over a megabyte gets ``seconds_per_mb`` more per megabyte (reading is linear work at best).
    - ``hard_seconds``: a call still running after this long is interrupted and fails.
    - ``memory_base`` + ``memory_per_char`` × the input's length in characters: the most memory
      (the :mod:`tracemalloc` peak) one ``from_json`` may allocate.
    - ``growth``: the most that time may grow, relative to the input's size, from the 10× input to
      the 100× input of a scaling experiment (linear work grows by 1; quadratic work by about 10).
    - ``growth_floor``: below this many seconds at 100× the growth is not judged (timer noise).
    - ``game_seconds``: a whole soak game (checks included) still running after this long is
      interrupted and fails; its steps are held to ``seconds`` each.
    """

    seconds: float = 1.0
    seconds_per_mb: float = 1.0
    hard_seconds: float = 10.0
    memory_base: int = 32 * MIB
    memory_per_char: int = 64
    growth: float = 4.0
    growth_floor: float = 0.02
    game_seconds: float = 600.0

    def time_limit(self, chars: int) -> float:
        """The most seconds one call on an input of ``chars`` characters may take."""
        return self.seconds + self.seconds_per_mb * chars / 1_000_000

    def memory_limit(self, chars: int) -> int:
        """The most bytes one call on an input of ``chars`` characters may allocate."""
        return self.memory_base + self.memory_per_char * chars


DEFAULT_BOUNDS = Bounds()
"""The bounds of a run unless told otherwise."""


class ContractBreachError(AssertionError):
    """A value the library accepted (or made) broke the contract at ``step``.

    ``step`` names the kind of call (``"apply of a legal move"``) and ``detail`` the very call; the
    library's own exception, if there was one, is the ``__cause__``.
    """

    def __init__(self, step: str, detail: str = "") -> None:
        super().__init__(f"{step}: {detail}" if detail else step)
        self.step = step
        self.detail = detail


class Interrupted(BaseException):
    """Raised inside a call that ran past :attr:`Bounds.hard_seconds`.

    A ``BaseException``, so that the library's own ``except Exception`` cannot swallow it.
    """


@attrs.frozen(kw_only=True)
class ErrorInfo:
    """What is kept of an exception: its type, its last traceback line and where it was raised.

    ``where`` is the innermost frame in cardrules' own code (the installed package) as
    ``path:line (function)``, or the innermost frame at all when cardrules has none (an error
    raised inside ``json``, say). ``library`` says whether the type is a ``CardrulesError``.
    """

    type_name: str
    message: str
    where: str
    library: bool
    traceback: str
    step: str = ""
    detail: str = ""

    @property
    def last_line(self) -> str:
        """``KeyError: 'x'``: the last line Python prints for the error."""
        text = f"{self.type_name}: {self.message}" if self.message else self.type_name
        return text if len(text) <= 300 else text[:297] + "..."

    @classmethod
    def of(cls, exc: BaseException) -> ErrorInfo:
        """Capture ``exc`` (and, through ``__cause__``, what it wraps) as plain strings."""
        text = "".join(traceback.format_exception(exc))
        if len(text) > 8000:
            text = text[:2000] + "\n...\n" + text[-6000:]
        step = detail = ""
        if isinstance(exc, ContractBreachError):
            step, detail = exc.step, exc.detail
            if exc.__cause__ is not None:
                exc = exc.__cause__
        frames = traceback.extract_tb(exc.__traceback__)
        where = _locate(frames)
        if where is None:
            where = _show_frame(frames[-1]) if frames else "(no frame)"
        message = str(exc).splitlines()[0] if str(exc).strip() else ""
        return cls(
            type_name=type(exc).__qualname__,
            message=message,
            where=where,
            library=isinstance(exc, CardrulesError),
            traceback=text,
            step=step,
            detail=detail,
        )


def _locate(frames: traceback.StackSummary) -> str | None:
    for frame in reversed(frames):
        filename = str(Path(frame.filename).resolve()) if frame.filename[:1] != "<" else frame.filename
        if filename.startswith(_PACKAGE):
            return _show_frame(frame)
    return None


def _show_frame(frame: traceback.FrameSummary) -> str:
    path = frame.filename
    if path.startswith(_PACKAGE):
        path = "cardrules" + path[len(_PACKAGE):]
    else:
        path = "/".join(Path(path).parts[-2:])
    return f"{path}:{frame.lineno} ({frame.name})"


@attrs.frozen(kw_only=True)
class Outcome:
    """How one guarded call went: its value or its error, its time, its memory peak if traced."""

    value: object = None
    error: ErrorInfo | None = None
    interrupted: bool = False
    seconds: float = 0.0
    peak: int | None = None


def guarded(call: Callable[[], object], bounds: Bounds, *, traced: bool = False) -> Outcome:
    """Run ``call`` within ``bounds.hard_seconds``; catch and capture whatever it raises.

    ``KeyboardInterrupt`` and ``SystemExit`` pass through: the person running the fuzzer stops it.
    """
    if traced:
        tracemalloc.start()
    # CPU time of this process, not the wall clock: the growth and time bounds judge our code, and
    # on a shared machine other processes' load would otherwise read as a slow reader. The hard
    # deadline (`_deadline`) still runs on the wall clock.
    start = time.process_time()
    try:
        with _deadline(bounds.hard_seconds):
            value = call()
    except Interrupted as exc:
        seconds = time.process_time() - start
        info = ErrorInfo.of(exc)
        return Outcome(error=info, interrupted=True, seconds=seconds, peak=_stop(traced))
    except (KeyboardInterrupt, SystemExit):
        _stop(traced)
        raise
    except BaseException as exc:  # every error that escapes is what the fuzzer looks for
        seconds = time.process_time() - start
        info = ErrorInfo.of(exc)
        exc.__traceback__ = None
        return Outcome(error=info, seconds=seconds, peak=_stop(traced))
    seconds = time.process_time() - start
    return Outcome(value=value, seconds=seconds, peak=_stop(traced))


def _stop(traced: bool) -> int | None:
    if not traced:
        return None
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


@contextlib.contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return

    def interrupt(signum: int, frame: object) -> None:
        raise Interrupted(f"still running after {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def limit_address_space(megabytes: int) -> bool:
    """Cap this process's address space ``megabytes`` above what it uses now (Linux only).

    A memory bomb then raises ``MemoryError`` inside the call that allocates — a failure the
    fuzzer reports — instead of exhausting the machine. Returns whether a limit was set.
    """
    try:
        import resource
    except ImportError:
        return False
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            used = int(statm.read().split()[0]) * resource.getpagesize()
    except OSError:
        return False
    limit = used + megabytes * MIB
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    return True
