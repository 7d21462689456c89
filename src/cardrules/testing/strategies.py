"""Hypothesis strategies for reachable states of any registered game (needs ``hypothesis``)."""

from __future__ import annotations

import random

try:
    from hypothesis import strategies as st
except ImportError as exc:
    raise ImportError('cardrules.testing.reachable_states and rules_values need hypothesis: '
                      'pip install "cardrules[testing]"') from exc

from cardrules.contract import AnyState, RulesLike
from cardrules.errors import ArgumentError
from cardrules.registry import game_of, get

__all__ = ["reachable_states", "rules_values"]


def rules_values(game: str) -> st.SearchStrategy[RulesLike]:
    """Every rules value of the game's option grid (the combinations the conformance suite covers)."""
    return st.sampled_from(get(game).option_grid())


@st.composite
def reachable_states(
    draw: st.DrawFn,
    rules: RulesLike | st.SearchStrategy[RulesLike] | None = None,
    *,
    game: str | None = None,
    max_steps: int = 400,
) -> AnyState:
    """A state reached by random legal play from a random deal.

    Give ``rules`` (a rules value, or a strategy of them) or ``game`` (a game name: its option grid
    is sampled). The deal seed, the number of moves and the choices are drawn, so failures shrink
    towards short games from small seeds. Terminal states are included when a game ends early.

    >>> from hypothesis import given
    >>> from cardrules.games import the_game
    >>> @given(reachable_states(the_game.Rules(players=2)))
    ... def test_hands_never_grow(state):
    ...     assert all(len(hand) <= 7 for hand in state.hands)
    >>> test_hands_never_grow()
    """
    if rules is None:
        if game is None:
            raise ArgumentError("reachable_states() needs rules= or game=")
        rules = draw(rules_values(game))
    elif isinstance(rules, st.SearchStrategy):
        rules = draw(rules)
    descriptor = game_of(rules)
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    steps = draw(st.integers(min_value=0, max_value=max_steps))
    chooser = random.Random(draw(st.integers(min_value=0, max_value=2**32 - 1)))
    state = descriptor.new_game(rules, seed=seed)
    for _ in range(steps):
        legal = descriptor.legal_moves(state)
        if not legal:
            break
        state = descriptor.apply(state, chooser.choice(legal))
    return state  # type: ignore[return-value]  # every game's state is a GameState
