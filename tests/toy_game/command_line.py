"""Toy Mau on the command line (its ``command_line`` facet): the generic simulator, plus what the
arena needs to rate bots, since Toy Mau is played seat against seat.

Built from :func:`cardrules.run.generic_simulator`, so that ``simulate``, ``play`` and ``bench``
show what they show for any game; only ``sides`` and ``scoring`` are Toy Mau's own.
"""

from __future__ import annotations

import attrs

from cardrules.run import Tally, generic_simulator
from tests.toy_game import GAME, Result, Rules

__all__ = ["TOY_MAU"]


def _wins(result: Result) -> tuple[float, ...]:
    share = 1 / len(result.winners)
    return tuple(share if seat in result.winners else 0.0 for seat in range(len(result.cards_left)))


TOY_MAU = attrs.evolve(
    generic_simulator(GAME),
    sides=lambda rules: tuple(range(rules.players)) if isinstance(rules, Rules) else (),
    scoring=Tally(score_name="cards left", higher_is_better=False,
                  scores=lambda result: tuple(map(float, result.cards_left)), wins=_wins),
)
"""Toy Mau's command line: every seat its own side; the arena counts cards left, and the seats
with the fewest share the win."""
