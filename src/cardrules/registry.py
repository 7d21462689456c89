"""The registry of games: one ``Game`` descriptor per game module, and dispatch on states.

Every game module builds a :class:`Game` that names its types and its verbs and registers it at
import. The package root (``cardrules.legal_moves(state)`` and friends), serialization, game records
and the testing helpers all reach a game only through its descriptor, so a user-written game that
registers one gets all of them for free.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any, ClassVar

import attrs

from cardrules.errors import UnknownGameError

__all__ = ["Game", "available", "game_of", "game_of_state", "get", "register"]

# Built-in games are imported lazily, on first use by name, so that ``import cardrules`` stays cheap.
_BUILTIN: dict[str, str] = {
    "mille-bornes": "cardrules.games.mille_bornes",
    "the-game": "cardrules.games.the_game",
}

_BY_NAME: dict[str, Game] = {}
_BY_TYPE: dict[type, Game] = {}
_BY_STATE_TYPE: dict[type, Game] = {}


@attrs.frozen(kw_only=True)
class Game:
    """Everything the shared machinery needs to know about one game.

    The verbs are the game module's own functions; the types are used to serialize and to dispatch.
    ``all_moves(rules)`` is the game's whole action space in a fixed order (the index of a move in it
    is its integer action); ``cards(state)`` lists every card a state holds, which must always be
    ``deck(rules)`` rearranged; ``option_grid()`` lists the rules values the conformance suite covers.
    """

    name: str
    title: str
    rules_version: int
    rules_type: type
    state_type: type
    move_type: Any
    move_classes: tuple[type, ...]
    observation_type: type
    result_type: type
    card_type: Any
    new_game: Callable[..., Any]
    legal_moves: Callable[[Any], tuple[Any, ...]]
    apply: Callable[[Any, Any], Any]
    current_player: Callable[[Any], int | None]
    is_terminal: Callable[[Any], bool]
    result: Callable[[Any], Any]
    observe: Callable[[Any, int], Any]
    determinize: Callable[[Any, Any], Any]
    parse_move: Callable[[Any, str], Any]
    players: Callable[[Any], int]
    rules_of: Callable[[Any], Any]
    all_moves: Callable[[Any], tuple[Any, ...]]
    cards: Callable[[Any], Iterable[Any]]
    deck: Callable[[Any], tuple[Any, ...]]
    validate_state: Callable[[Any], None]
    validate_observation: Callable[[Any], None]
    validate_result: Callable[[Any], None]
    option_grid: Callable[[], tuple[Any, ...]]

    _VERBS: ClassVar[tuple[str, ...]] = (
        "new_game", "legal_moves", "apply", "current_player", "is_terminal", "result", "observe",
        "determinize", "parse_move", "validate_state", "validate_observation", "validate_result",
        "option_grid",
    )

    @classmethod
    def from_module(
        cls,
        module: ModuleType,
        *,
        name: str,
        title: str,
        move_classes: tuple[type, ...],
        card_type: Any,
        all_moves: Callable[[Any], tuple[Any, ...]],
        cards: Callable[[Any], Iterable[Any]],
        deck: Callable[[Any], tuple[Any, ...]],
    ) -> Game:
        """The descriptor of a game module that follows the naming contract: it defines
        ``RULES_VERSION``, ``Rules`` (with a ``players`` field), ``State`` (with a ``rules`` field),
        ``Move``, ``Observation``, ``Result`` and the verbs by their usual names."""
        verbs = {verb: getattr(module, verb) for verb in cls._VERBS}
        return cls(
            name=name,
            title=title,
            rules_version=module.RULES_VERSION,
            rules_type=module.Rules,
            state_type=module.State,
            move_type=module.Move,
            move_classes=move_classes,
            observation_type=module.Observation,
            result_type=module.Result,
            card_type=card_type,
            players=lambda rules: rules.players,
            rules_of=lambda state: state.rules,
            all_moves=all_moves,
            cards=cards,
            deck=deck,
            **verbs,
        )


def register(game: Game) -> Game:
    """Register ``game`` (idempotent for the same descriptor) and return it.

    Registering also teaches the shared JSON converter the game's move union.
    """
    known = _BY_NAME.get(game.name)
    if known is not None and known is not game:
        raise UnknownGameError(f"a different game is already registered as {game.name!r}")
    _BY_NAME[game.name] = game
    for cls in (game.rules_type, game.state_type, game.observation_type, game.result_type,
                *game.move_classes):
        _BY_TYPE[cls] = game
    _BY_STATE_TYPE[game.state_type] = game
    from cardrules.serialization import register_moves

    register_moves(game.move_type, game.move_classes)
    return game


def available() -> tuple[str, ...]:
    """The names of every game that can be played, sorted.

    >>> available()
    ('mille-bornes', 'the-game')
    """
    return tuple(sorted(set(_BUILTIN) | set(_BY_NAME)))


def get(name: str) -> Game:
    """The descriptor of the game called ``name`` (importing a built-in game on first use).

    >>> get("the-game").title
    'The Game'
    """
    game = _BY_NAME.get(name)
    if game is not None:
        return game
    module = _BUILTIN.get(name) if isinstance(name, str) else None
    if module is None:
        raise UnknownGameError(f"no game called {name!r}; available: {', '.join(available())}")
    importlib.import_module(module)
    return _BY_NAME[name]


def game_of(obj: object) -> Game:
    """The game that a state, move, rules, observation or result value belongs to."""
    game = _BY_TYPE.get(type(obj))
    if game is None:
        raise UnknownGameError(
            f"{type(obj).__name__} is not a state, move, rules, observation or result of any game"
        )
    return game


def game_of_state(state: object) -> Game:
    """The game that ``state`` is a state of; anything else raises :class:`UnknownGameError`."""
    game = _BY_STATE_TYPE.get(type(state))
    if game is None:
        raise UnknownGameError(f"{type(state).__name__} is not the state of any registered game")
    return game
