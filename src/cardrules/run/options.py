"""The numbers a command line reads: argparse types with documented limits.

They serve the command line and the games' command-line facets.

Every numeric option goes through :func:`whole` or :func:`number`, so that a huge, negative, zero,
``nan`` or ``inf`` value gets the same kind of one-line usage error whatever the option, and a
value thousands of digits long is never echoed back in full.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from cardrules.arguments import shown

__all__ = ["MAX_NUMBER_CHARS", "number", "whole"]

MAX_NUMBER_CHARS = 40
"""The longest text read as a number: longer is refused unread (every limit here is far shorter)."""


def _text(text: str) -> str:
    return shown(text.strip())


def whole(low: int | None = None, high: int | None = None, *,
          what: str = "a whole number") -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (either end open when ``None``).

    >>> whole(1, 10)("3")
    3
    >>> whole(1, 10)("11")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: a whole number from 1 to 10, not 11
    """
    if low is not None and high is not None:
        span = f"from {low} to {high}"
    elif low is not None:
        span = f"from {low} up"
    else:
        span = ""
    wanted = f"{what} {span}".strip()

    def parse(text: str) -> int:
        if len(text) > MAX_NUMBER_CHARS:
            raise argparse.ArgumentTypeError(f"{wanted}, not a number of {len(text)} characters")
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{wanted}, not {_text(text)}") from None
        if (low is not None and value < low) or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{wanted}, not {value}")
        return value

    parse.__name__ = "whole number"
    return parse


def number(low: float, high: float) -> Callable[[str], float]:
    """An argparse type: a finite number more than ``low`` and at most ``high``; ``nan`` and ``inf``
    are refused.

    >>> number(0, 60)("1.5")
    1.5
    >>> number(0, 60)("inf")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: a number more than 0 and at most 60, not 'inf'
    """
    wanted = f"a number more than {low:g} and at most {high:g}"

    def parse(text: str) -> float:
        if len(text) > MAX_NUMBER_CHARS:
            raise argparse.ArgumentTypeError(f"{wanted}, not a number of {len(text)} characters")
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{wanted}, not {_text(text)}") from None
        if not math.isfinite(value) or not low < value <= high:
            raise argparse.ArgumentTypeError(f"{wanted}, not {_text(text)}")
        return value

    parse.__name__ = "number"
    return parse
