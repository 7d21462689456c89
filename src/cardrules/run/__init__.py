"""The run layer: one way to play many games of any registered game, and what a run records.

- :mod:`~cardrules.run.simulator`: :class:`Simulator` (what the command line knows of a game: a
  game's ``command_line`` facet), :class:`Tally` (how the arena reads a result), :class:`Played`,
  :func:`bot_seed`, :func:`generic_simulator`, :func:`simulators`;
- :mod:`~cardrules.run.playing`: one game with checked bots (:func:`play_counted`,
  :class:`BotError`) and random playouts (:func:`random_playouts`);
- :mod:`~cardrules.run.workers`: the games cut into chunks and played here, on local processes or
  (:mod:`~cardrules.run.ray_backend`, the ``ray`` extra) as Ray tasks, all on the terms of
  :mod:`~cardrules.run.chunks`;
- :mod:`~cardrules.run.statistics`: the arena's intervals and ratings;
- :mod:`~cardrules.run.options`: the argparse types of numbers that a game's facet may use.

It sits under the command line and beside the games' facets, which build their simulators from it;
it names no game.

>>> from cardrules.games import the_game
>>> from cardrules.bots import RandomBot
>>> played = play_counted(the_game.Rules(), [RandomBot(1)], seed=bot_seed(1, 0))
>>> played.decisions > 0
True
"""

from __future__ import annotations

from cardrules.run.playing import BotError, play_counted, random_playouts
from cardrules.run.simulator import Played, Simulator, Tally, bot_seed, generic_simulator, percent, simulators

__all__ = [
    "BotError",
    "Played",
    "Simulator",
    "Tally",
    "bot_seed",
    "generic_simulator",
    "percent",
    "play_counted",
    "random_playouts",
    "simulators",
]
