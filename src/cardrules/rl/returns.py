"""Per-seat returns of a game, for every game: its ``returns`` facet, or the figures its result gives."""

from __future__ import annotations

from collections.abc import Callable

from cardrules.bots.search import outcome_returns
from cardrules.errors import ArgumentError, CardrulesError, RegistrationError
from cardrules.registry import game_of_state

__all__ = ["ReturnsFunction", "returns"]

ReturnsFunction = Callable[[object], tuple[float, ...]]
"""A game's returns: a state in, one float per seat out."""

def returns(state: object) -> tuple[float, ...]:
    """One return per seat: the game's ``returns`` facet if it declares one (both shipped games do:
    The Game pays every seat ``(98 - cards_left) / 98``, Mille Bornes each seat of a side with share
    ``s`` of the win among ``n`` sides ``(n * s - 1) / (n - 1)``), else ``1 / len(winners)`` to each
    seat its result names among the ``winners`` and 0 to the others; zeros while the game goes on.
    The same figures as :func:`cardrules.bots.search.outcome_returns`, ISMCTSBot's values.

    >>> from cardrules import rl
    >>> from cardrules.games import the_game
    >>> rl.returns(the_game.new_game(the_game.Rules(players=2), seed=1))
    (0.0, 0.0)
    """
    try:
        game = game_of_state(state)
    except CardrulesError:
        raise ArgumentError(f"returns() takes a state of a game, not {type(state).__name__}") from None
    declared = game.facet("returns")
    if declared is not None and not callable(declared):
        raise RegistrationError(f"{game.title}'s returns facet ({game.returns}) is not a function of a "
                                f"state: it is {type(declared).__name__}")
    try:
        return outcome_returns(state)
    except ArgumentError:
        # The one refusal left once the state is known to be a game's: a result outcome_returns
        # cannot read. Its own message advises ISMCTSBot's users; this one, the game's author.
        raise ArgumentError(f"{game.title}'s result names no winners, and the game declares no returns "
                            f"facet (returns='package.module:function' in its Game)") from None
