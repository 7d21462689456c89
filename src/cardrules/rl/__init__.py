"""Integer action spaces, observation encodings and returns, for reinforcement learning and search bots.

They need the extra ``rl`` (``pip install "cardrules[rl]"``), which brings numpy.

>>> from cardrules import rl
>>> from cardrules.games import the_game
>>> rules = the_game.Rules(players=2)
>>> state = the_game.new_game(rules, seed=3)
>>> space, encoder = rl.action_space(rules), rl.observation_encoder(rules)
>>> observation = the_game.observe(state, the_game.current_player(state))
>>> vector, mask = encoder.encode(observation), space.mask(observation)
>>> vector.shape, mask.shape
((718,), (393,))
>>> state = the_game.apply(state, space.move(space.legal_actions(observation)[0]))
>>> rl.returns(state)
(0.0, 0.0)

The action space is every game's ``all_moves(rules)``; the encoder is the game's ``encoder`` facet
and the returns its ``returns`` facet (or the figures its result gives), each declared in its
:class:`~cardrules.contract.Game` and loaded when first asked for: this package names no game.
See ``docs/rl.md`` for the layouts. Importing ``cardrules`` alone never imports numpy; this package
does, and without numpy importing it raises an ``ImportError`` that says what to install.
"""

from __future__ import annotations

try:
    import numpy  # noqa: F401 -- only to fail early, with the install line
except ImportError as exc:  # pragma: no cover -- CI installs every extra
    raise ImportError('cardrules.rl needs numpy: pip install "cardrules[rl]"') from exc

from cardrules.rl.encoders import (
    EncoderFactory,
    ObservationEncoder,
    Segment,
    Vector,
    layout_of,
    observation_encoder,
)
from cardrules.rl.returns import ReturnsFunction, returns
from cardrules.rl.spaces import ActionSpace, Mask, action_space

__all__ = [
    "ActionSpace",
    "EncoderFactory",
    "Mask",
    "ObservationEncoder",
    "ReturnsFunction",
    "Segment",
    "Vector",
    "action_space",
    "layout_of",
    "observation_encoder",
    "returns",
]
