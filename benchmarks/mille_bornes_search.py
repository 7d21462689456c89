"""ISMCTSBot with ExpertBot rollouts, as a bot the arena can load by name (docs/bots.md).

The built-in ``ismcts`` of ``cardrules arena`` rolls out with random moves; this module gives the
search the strongest Mille Bornes policy to roll out with. Run it from the repository's root::

    PYTHONPATH=benchmarks nice -n 10 python -m cardrules arena mille-bornes --single-hand \\
        --bots mille_bornes_search:ExpertSearch:seconds=0.5,expert --games 20 --seed 1
"""

from __future__ import annotations

from cardrules.games.mille_bornes.expert_bot import ExpertBot
from cardrules.search import ISMCTSBot


class ExpertSearch(ISMCTSBot):
    """``ISMCTSBot(rollout=ExpertBot())`` with a budget of ``seconds`` per decision (0.5 by default)
    or ``iterations``; the other search parameters are ``ISMCTSBot``'s defaults."""

    def __init__(self, *, seconds: float | None = 0.5, iterations: int | None = None,
                 seed: int | None = None) -> None:
        super().__init__(seconds=None if iterations is not None else seconds, iterations=iterations,
                         rollout=ExpertBot(), seed=seed)
