"""The limits of the command line's options (``--games``, ``--seed``, ``bench --seconds``).

The numbers themselves are read by :func:`cardrules.run.options.whole` and
:func:`~cardrules.run.options.number`, which the games' command-line facets use too.
"""

from __future__ import annotations

from cardrules.run.options import whole

__all__ = ["MAX_BENCH_SECONDS", "MAX_GAMES", "SEED", "SEED_RANGE"]

MAX_GAMES = 1_000_000
"""The most games one ``simulate`` or ``arena`` run plays (hours of play for the slowest bots)."""

SEED_RANGE = (-(2**63), 2**63 - 1)
"""The seeds ``--seed`` takes: a signed 64-bit whole number."""

MAX_BENCH_SECONDS = 3600.0
"""The longest ``bench --seconds`` per variant."""

SEED = whole(*SEED_RANGE)
"""The argparse type of ``--seed``."""
