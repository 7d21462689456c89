"""Reachable states for the rl tests: random play under sampled rules of each game, and careful
play of The Game (random play loses it within a few turns, careful play reaches the late game)."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from cardrules.games import mille_bornes, the_game
from cardrules.testing import reachable_states
from tests.the_game.strategies import careful_states

THE_GAME_RULES = (
    the_game.Rules(), the_game.Rules(players=3), the_game.Rules(players=5, expert=True, on_fire=True),
    the_game.Rules(players=2, reduced_hand=True, on_fire=True),
)
MILLE_BORNES_RULES = (
    mille_bornes.Rules(target_score=None),
    mille_bornes.Rules(players=4, team_size=2),
    mille_bornes.Rules.room(players=3, accumulate=True, reshuffle=True, wrong_way=True, target_score=None),
    mille_bornes.Rules.wikipedia(players=6, team_size=2, target_score=None),
    mille_bornes.Rules(players=3, target_score=None),
)

the_game_states = st.one_of(
    reachable_states(st.sampled_from(THE_GAME_RULES)),
    reachable_states(game="the-game"),
    careful_states(),
)
mille_bornes_states = st.one_of(
    reachable_states(st.sampled_from(MILLE_BORNES_RULES), max_steps=600),
    reachable_states(game="mille-bornes", max_steps=600),
)
states = st.one_of(the_game_states, mille_bornes_states)
"""A reachable state of either game."""

rngs = st.integers(min_value=0, max_value=2**32 - 1).map(random.Random)


def module_of(state: object) -> object:
    """The game module of ``state``."""
    return the_game if isinstance(state, the_game.State) else mille_bornes
