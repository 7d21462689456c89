"""Integer action spaces, observation encodings and returns, for reinforcement learning and search
bots (the extra ``rl``: ``pip install "cardrules[rl]"``, which brings numpy).

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

See ``docs/rl.md`` for the layouts. Importing ``cardrules`` alone never imports numpy; this
package does, and without numpy importing it raises an ``ImportError`` that says what to install.
"""

from __future__ import annotations

try:
    import numpy  # noqa: F401 -- only to fail early, with the install line
except ImportError as exc:  # pragma: no cover -- CI installs every extra
    raise ImportError('cardrules.rl needs numpy: pip install "cardrules[rl]"') from exc

from cardrules.bots.search import outcome_returns
from cardrules.rl import mille_bornes as _mille_bornes
from cardrules.rl import the_game as _the_game
from cardrules.rl.encoders import (
    EncoderFactory,
    ObservationEncoder,
    Segment,
    Vector,
    layout_of,
    observation_encoder,
    register_encoder,
)
from cardrules.rl.returns import ReturnsFunction, register_returns, returns
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
    "register_encoder",
    "register_returns",
    "returns",
]

register_encoder("the-game", _the_game.TheGameEncoder)  # type: ignore[arg-type]
register_encoder("mille-bornes", _mille_bornes.MilleBornesEncoder)  # type: ignore[arg-type]
# The returns of both games are read from their results by one function that needs no numpy, so
# that ISMCTSBot (which must not import numpy) and the adapters report the same numbers.
register_returns("the-game", outcome_returns)
register_returns("mille-bornes", outcome_returns)
