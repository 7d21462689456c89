"""Public testing helpers: reachable-state strategies and the conformance check.

Rule checkers use these on the built-in games and on their own variants::

    from cardrules.testing import check_conformance, reachable_states

``reachable_states`` needs hypothesis (``pip install "cardrules[test]"``).
"""

from cardrules.testing.conformance import (
    ConformanceError,
    ConformanceReport,
    check_conformance,
    check_state,
)
from cardrules.testing.strategies import reachable_states, rules_values

__all__ = [
    "ConformanceError",
    "ConformanceReport",
    "check_conformance",
    "check_state",
    "reachable_states",
    "rules_values",
]
