"""Every cardrules game that declares an ``openspiel`` facet, as an OpenSpiel game.

It needs the extra ``openspiel``.

Importing this package registers with pyspiel each game that can be played and declares the facet,
under ``cardrules_`` and its name (``cardrules_the_game``, ``cardrules_mille_bornes``); the
options of its ``Rules`` are game parameters (:func:`parameters_of`). Actions are
:func:`cardrules.rl.action_space` numbers, tensors are :func:`cardrules.rl.observation_encoder`
vectors (for a game that has an encoder) and returns are the game's returns.

>>> import pyspiel
>>> from cardrules.integrations import openspiel
>>> openspiel.game_name("the-game")
'cardrules_the_game'
>>> game = pyspiel.load_game("cardrules_the_game(players=2)")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())    # the deal: one card at a time
(True, 98)

Chance is explicit, one chance node per card taken from a hidden pile (the deal included), so the
future draws are not in the state until chance decides them: a search that clones states cannot
read them. The engines fix the whole draw order when they deal; this adapter keeps every hidden
pile sorted instead and, when a move makes the engine draw, asks chance for the cards, puts them
where the engine takes them from (the game's facet says where: :class:`Facts`) and lets the engine
make the move. See ``docs/openspiel.md``.

The modules: ``draws`` (what a game's facet says and what the adapter makes of it), ``parameters``
(game parameters to ``Rules``), ``state`` (the OpenSpiel state), ``saved`` (a state read back from
text) and ``game`` (the OpenSpiel games and their observers).
"""

from __future__ import annotations

try:
    import pyspiel  # type: ignore[import-not-found]  # noqa: F401 -- only to fail early, with the install line
except ImportError as exc:  # pragma: no cover -- CI installs every extra
    raise ImportError('cardrules.integrations.openspiel needs OpenSpiel: pip install "cardrules[openspiel]"'
                      ) from exc

from cardrules.integrations.openspiel.draws import Facts
from cardrules.integrations.openspiel.game import OpenSpielGame, from_engine_state, game_name, register_all
from cardrules.integrations.openspiel.parameters import parameters_of, rules_from_parameters
from cardrules.integrations.openspiel.state import OpenSpielState, engine_state

__all__ = [
    "Facts",
    "OpenSpielGame",
    "OpenSpielState",
    "engine_state",
    "from_engine_state",
    "game_name",
    "parameters_of",
    "register_all",
    "rules_from_parameters",
]

register_all()
