"""Bots of a user's own that fail, for the command-line tests: named as ``tests.cli.failing_bots:Name``."""

from __future__ import annotations

import signal
import sys
import time
from typing import Any


class Raises:
    """Its ``choose`` raises at once."""

    def choose(self, observation: object, legal: tuple[Any, ...]) -> Any:
        raise ZeroDivisionError("the bot divided by zero")


class AnswersNone:
    """Answers ``None`` instead of a move."""

    def choose(self, observation: object, legal: tuple[Any, ...]) -> Any:
        return None


class AnswersJunk:
    """Answers something that is not a move at all."""

    def choose(self, observation: object, legal: tuple[Any, ...]) -> Any:
        return {"not": "a move"}


class CannotBeBuilt:
    """Its constructor raises."""

    def __init__(self) -> None:
        raise RuntimeError("the bot has no strategy")


class FailsSometimes:
    """Plays the first legal move, but raises in the games where its seed is a multiple of
    ``every``: a bot that fails in the middle of a run, after other games have finished."""

    def __init__(self, *, seed: int = 0, every: int = 4) -> None:
        self.fails = seed % every == 0

    def choose(self, observation: object, legal: tuple[Any, ...]) -> Any:
        if self.fails:
            raise RuntimeError("tired")
        return legal[0]


class Slow:
    """Plays the first legal move after a pause: a run that is still busy when it is interrupted."""

    def __init__(self, *, seed: int = 0, pause: float = 0.02) -> None:
        self.pause = pause

    def choose(self, observation: object, legal: tuple[Any, ...]) -> Any:
        time.sleep(self.pause)
        return legal[0]


class CallsExit:
    """Its ``choose`` calls ``sys.exit(3)``, as a script's habit would."""

    def choose(self, observation: object, legal: tuple[Any, ...]) -> Any:
        sys.exit(3)


class ExitsWhenBuilt:
    """Its constructor calls ``sys.exit(4)``."""

    def __init__(self) -> None:
        sys.exit(4)


class RaisesBaseException:
    """Its ``choose`` raises an exception that is not an :class:`Exception`."""

    def choose(self, observation: object, legal: tuple[Any, ...]) -> Any:
        raise _Odd("not an Exception")


class _Odd(BaseException):
    pass


class RatesBadly:
    """Plays the first legal move, but its ``opening_strength`` (asked by ``--first-player
    strongest``) raises when ``answer`` is ``"raise"``, else answers ``answer`` instead of a number."""

    def __init__(self, *, answer: str = "raise") -> None:
        self.answer = answer

    def choose(self, observation: object, legal: tuple[Any, ...]) -> Any:
        return legal[0]

    def opening_strength(self, observation: object) -> Any:
        if self.answer == "raise":
            raise LookupError("no idea")
        return self.answer


class Stubborn(Slow):
    """A slow bot whose process ignores SIGTERM: a worker that takes its whole grace time to end."""

    def __init__(self, *, seed: int = 0, pause: float = 0.02) -> None:
        super().__init__(seed=seed, pause=pause)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
