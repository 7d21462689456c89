"""The game modules: ``cardrules.games.the_game`` and, listed by :func:`available`, the others."""

from cardrules.registry import Game, available, get, register

__all__ = ["Game", "available", "get", "register"]
