"""Public testing helpers: reachable-state strategies and the conformance check.

Rule checkers use these on the built-in games and on their own variants::

    from cardrules.testing import check_conformance, reachable_states

``check_conformance`` needs nothing beyond cardrules; ``reachable_states`` and ``rules_values``
are hypothesis strategies and need hypothesis, which the extra ``testing`` installs without any
development tool (``pip install "cardrules[testing]"``); it is imported only when they are first
used. Nothing here imports pytest: any test runner, or none, can call these.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardrules.testing.conformance import (
    ConformanceError,
    ConformanceReport,
    check_conformance,
    check_state,
)

if TYPE_CHECKING:
    from cardrules.testing.strategies import reachable_states, rules_values

__all__ = [
    "ConformanceError",
    "ConformanceReport",
    "check_conformance",
    "check_state",
    "reachable_states",
    "rules_values",
]

_STRATEGIES = ("reachable_states", "rules_values")


def __getattr__(name: str) -> object:
    if name in _STRATEGIES:
        from cardrules.testing import strategies

        return getattr(strategies, name)
    raise AttributeError(f"module 'cardrules.testing' has no attribute {name!r}")
