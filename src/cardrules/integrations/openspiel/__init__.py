"""The Game and Mille Bornes as OpenSpiel games (the extra ``openspiel``).

Importing this package registers ``cardrules_the_game`` and ``cardrules_mille_bornes`` with
pyspiel; their options are game parameters. Actions are :func:`cardrules.rl.action_space` numbers,
tensors are :func:`cardrules.rl.observation_encoder` vectors and returns are
:func:`cardrules.rl.returns`.

>>> import pyspiel
>>> import cardrules.integrations.openspiel
>>> game = pyspiel.load_game("cardrules_the_game(players=2)")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())    # the deal: one card at a time
(True, 98)

Chance is explicit, one chance node per card taken from a hidden pile (the deal included), so the
future draws are not in the state until chance decides them: a search that clones states cannot
read them. The engines fix the whole draw order when they deal; this adapter keeps every hidden
pile sorted instead and, when a move makes the engine draw, asks chance for the cards, puts them
where the engine takes them from and lets the engine make the move. See ``docs/openspiel.md``.

The modules: ``parameters`` (game parameters to ``Rules``), ``text`` (observations in words),
``draws`` (each game's verbs and where its engine takes hidden cards from), ``state`` (the
OpenSpiel state) and ``game`` (the OpenSpiel games and their observers).
"""

from __future__ import annotations

try:
    import pyspiel  # type: ignore[import-not-found]
except ImportError as exc:  # pragma: no cover -- CI installs every extra
    raise ImportError('cardrules.integrations.openspiel needs OpenSpiel: pip install "cardrules[openspiel]"'
                      ) from exc

from cardrules.integrations.openspiel.game import (
    MILLE_BORNES_TYPE,
    THE_GAME_TYPE,
    OpenSpielGame,
    OpenSpielMilleBornes,
    OpenSpielTheGame,
    from_engine_state,
)
from cardrules.integrations.openspiel.parameters import (
    MILLE_BORNES,
    MILLE_BORNES_PARAMETERS,
    THE_GAME,
    THE_GAME_PARAMETERS,
    mille_bornes_rules,
    the_game_rules,
)
from cardrules.integrations.openspiel.state import OpenSpielState, engine_state

__all__ = [
    "MILLE_BORNES",
    "MILLE_BORNES_PARAMETERS",
    "THE_GAME",
    "THE_GAME_PARAMETERS",
    "OpenSpielGame",
    "OpenSpielMilleBornes",
    "OpenSpielState",
    "OpenSpielTheGame",
    "engine_state",
    "from_engine_state",
    "mille_bornes_rules",
    "the_game_rules",
]

pyspiel.register_game(THE_GAME_TYPE, OpenSpielTheGame)
pyspiel.register_game(MILLE_BORNES_TYPE, OpenSpielMilleBornes)
