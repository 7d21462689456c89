"""Toy Mau on the command line (its ``command_line`` facet): the generic simulator, plus what the
arena needs to rate bots, since Toy Mau is played seat against seat.

Built from :func:`cardrules.run.generic_simulator`, so that ``simulate``, ``play`` and ``bench``
show what they show for any game; only ``sides`` and ``scoring`` are Toy Mau's own.
"""

from __future__ import annotations

from typing import cast

import attrs

from cardrules.run import Tally, generic_simulator
from tests.toy_game import GAME, Result

__all__ = ["TOY_MAU"]


def _scores(result: object) -> tuple[float, ...]:
    return tuple(map(float, cast(Result, result).cards_left))


def _wins(result: object) -> tuple[float, ...]:
    winners, seats = cast(Result, result).winners, len(cast(Result, result).cards_left)
    return tuple(1 / len(winners) if seat in winners else 0.0 for seat in range(seats))


TOY_MAU = attrs.evolve(
    generic_simulator(GAME),
    sides=lambda rules: tuple(range(rules.players)),
    scoring=Tally(score_name="cards left", higher_is_better=False, scores=_scores, wins=_wins),
)
"""Toy Mau's command line: every seat its own side; the arena counts cards left, and the seats
with the fewest share the win."""
