"""OpenSpiel game parameters: what ``pyspiel.load_game`` takes, as each game's ``Rules``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs

from cardrules.arguments import shown
from cardrules.errors import ArgumentError
from cardrules.games import mille_bornes, the_game

__all__ = [
    "MILLE_BORNES",
    "MILLE_BORNES_PARAMETERS",
    "THE_GAME",
    "THE_GAME_PARAMETERS",
    "mille_bornes_rules",
    "parameters",
    "the_game_rules",
]

THE_GAME: Final = "cardrules_the_game"
"""The short name of The Game in pyspiel."""
MILLE_BORNES: Final = "cardrules_mille_bornes"
"""The short name of Mille Bornes in pyspiel."""

THE_GAME_PARAMETERS: Final[Mapping[str, object]] = {
    "players": 1, "expert": False, "reduced_hand": False, "on_fire": False,
}
"""The parameters of ``cardrules_the_game`` and their defaults: the options of The Game's ``Rules``."""

_PRESETS: Final[Mapping[str, Callable[..., mille_bornes.Rules]]] = {
    "parker": mille_bornes.Rules.parker,
    "french": mille_bornes.Rules.french,
    "wikipedia": mille_bornes.Rules.wikipedia,
    "room": mille_bornes.Rules.room,
}
# The options whose default depends on the preset: "" keeps the preset's.
_CHOICES: Final = ("safety_extra_turn", "hazard_stacking", "coup_fourre", "safety_cancel", "discard",
                   "hand_end")
# The options every preset defaults alike.
_PLAIN: Final = ("hand_size", "max_200s", "reshuffle_discards", "reshuffle_limit", "wrong_way")

MILLE_BORNES_PARAMETERS: Final[Mapping[str, object]] = {
    "preset": "parker", "players": 2, "team_size": 1, "target_score": 0, "race": 0, "extension_to": 0,
    "hand_size": 6, "max_200s": 2, "small_table_deck": "", "reshuffle_discards": False,
    "reshuffle_limit": 3, "wrong_way": False, **dict.fromkeys(_CHOICES, ""),
}
"""The parameters of ``cardrules_mille_bornes`` and their defaults (see :func:`mille_bornes_rules`)."""


def the_game_rules(params: Mapping[str, object] | None = None) -> the_game.Rules:
    """The Game's rules for OpenSpiel game parameters (those not given take their defaults).

    >>> the_game_rules({"players": 3, "expert": True})
    Rules(players=3, expert=True, reduced_hand=False, on_fire=False)
    """
    values = parameters(params, THE_GAME_PARAMETERS, THE_GAME)
    return the_game.Rules(**values)  # type: ignore[arg-type]  # Rules checks every value


def mille_bornes_rules(params: Mapping[str, object] | None = None) -> mille_bornes.Rules:
    """Mille Bornes' rules for OpenSpiel game parameters (those not given take their defaults).

    ``preset`` is ``parker``, ``french``, ``wikipedia`` or ``room``; ``target_score`` 0 is a single
    hand; ``race`` and ``extension_to`` 0 and the choices ``""`` keep the preset's (``extension_to``
    -1: no extension); ``small_table_deck`` is ``""``, ``"yes"`` or ``"no"``.

    >>> rules = mille_bornes_rules({"preset": "room", "players": 4, "team_size": 2})
    >>> rules.race, rules.target_score, rules.discard
    (1000, None, 'unplayable_only')
    >>> mille_bornes_rules({"preset": "bridge"})
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: preset is one of parker, french, wikipedia, room, not 'bridge'
    """
    values = parameters(params, MILLE_BORNES_PARAMETERS, MILLE_BORNES)
    preset = values["preset"]
    if preset not in _PRESETS:
        raise ArgumentError(f"preset is one of {', '.join(_PRESETS)}, not {shown(preset)}")
    target = values["target_score"]
    rules = _PRESETS[str(preset)](players=values["players"], team_size=values["team_size"],
                                  target_score=None if target == 0 else target)
    changes: dict[str, Any] = {name: values[name] for name in _PLAIN}
    changes.update((name, values[name]) for name in _CHOICES if values[name] != "")
    if values["race"] != 0:
        changes["race"] = values["race"]
    extension = values["extension_to"]
    if extension == -1:
        changes["extension_to"] = None
    elif extension != 0:
        changes["extension_to"] = extension
    small = values["small_table_deck"]
    if small not in ("", "yes", "no"):
        raise ArgumentError(f'small_table_deck is "", "yes" or "no", not {shown(small)}')
    if small:
        changes["small_table_deck"] = small == "yes"
    return attrs.evolve(rules, **changes)  # Rules checks every value


def parameters(params: Mapping[str, object] | None, defaults: Mapping[str, object], game: str
               ) -> dict[str, object]:
    """``defaults`` updated with ``params``, each checked to be a parameter of the right type."""
    values = dict(defaults)
    for name, value in (params or {}).items():
        if name not in defaults:
            raise ArgumentError(f"{game} has no parameter {name!r}; its parameters are {', '.join(defaults)}")
        # OpenSpiel parameters are typed, and a bool is an int to Python: refuse True for a number.
        if type(value) is not type(defaults[name]):
            raise ArgumentError(f"{game}'s parameter {name} is a {type(defaults[name]).__name__}, "
                                f"not {shown(value)}")
        values[name] = value
    return values
