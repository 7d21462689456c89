"""Finding the game of a rules value, and the checks the encoders share."""

from __future__ import annotations

from cardrules.contract import RulesLike
from cardrules.errors import ArgumentError, CardrulesError
from cardrules.registry import SomeGame, game_of

__all__ = ["check_observation", "game_of_rules"]


def game_of_rules(rules: object) -> tuple[SomeGame, RulesLike]:
    """The game whose rules ``rules`` are, and ``rules`` typed as such; anything else raises
    :class:`~cardrules.errors.ArgumentError`."""
    try:
        hash(rules)
        game = game_of(rules)
    except (TypeError, CardrulesError):
        game = None
    if game is None or type(rules) is not game.rules_type:
        raise ArgumentError(f"expected the rules of a game (the_game.Rules(), ...), not "
                            f"{type(rules).__name__}")
    return game, rules


def check_observation(observation: object, kind: type, rules: object, title: str) -> None:
    """Raise :class:`~cardrules.errors.ArgumentError` unless ``observation`` is a ``kind`` under
    ``rules`` (the encoders' shared check)."""
    if observation.__class__ is not kind:
        raise ArgumentError(f"expected an observation of {title}, not {type(observation).__name__}")
    theirs = getattr(observation, "rules", None)
    if theirs is not rules and theirs != rules:
        raise ArgumentError(f"this encoder is for {rules!r}, not for an observation under {theirs!r}")
