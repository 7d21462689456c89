"""The typed contract every game module satisfies, and the base classes that tie a game's types together.

A game is a module (``cardrules.games.the_game``, ``cardrules.games.mille_bornes``, or a user's own)
that defines its value types — ``Rules``, ``State``, ``Move`` (a union of move classes),
``Observation``, ``Result`` and a card type — and the verbs over them. :class:`GameModule` spells
that out as a generic :class:`~typing.Protocol`, so the type checker proves a module conforms:

>>> from cardrules.games import the_game
>>> module: GameModule[the_game.Rules, the_game.State, the_game.Move, the_game.Observation,
...                    the_game.Result, int] = the_game

Each game's ``State`` derives from :class:`GameState`, parameterized by its own state, move,
observation and result types, and each ``Observation`` from :class:`GameObservation`. The bases hold
no data; they let code that serves every game (``cardrules.apply``, ``cardrules.play_out``, a bot)
be typed precisely: ``cardrules.apply(state, move)`` takes a move of the state's game and returns a
state of that game. The bases give every state and observation one behaviour: ``str()`` is the
game's ``render`` in English (the registry tells the bases which function renders which type).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any, Generic, Protocol, TypeVar

import cattrs

from cardrules.i18n import Lang

__all__ = ["AnyState", "GameModule", "GameObservation", "GameState", "RulesLike", "set_renderer"]

# Covariant: the parameters only describe, so every game's State is a GameState[object, ...].
S = TypeVar("S", covariant=True)
M = TypeVar("M", covariant=True)
O = TypeVar("O", covariant=True)  # noqa: E741 -- the observation type, as in the contract's documentation
X = TypeVar("X", covariant=True)


# The game's ``render`` of each registered state and observation type. Filled by the registry, so
# that this low module names no game and ``str()`` costs nothing until it is called.
_RENDERERS: dict[type, Callable[[Any], str]] = {}


def set_renderer(kind: type, render: Callable[[Any], str]) -> None:
    """Make ``str(value)`` of every ``kind`` value return ``render(value)``.

    The registry calls it for each game's ``State`` and ``Observation`` with the game's ``render``
    (which writes English by default); a game module need not call it itself.
    """
    _RENDERERS[kind] = render


def _text(value: object) -> str:
    render = _RENDERERS.get(type(value))
    if render is None:  # a type no game registered (a subclass made in a test, say)
        return repr(value)
    try:
        return render(value)
    except Exception:
        # str() must not fail: a record that render cannot read (built by hand with a field of the
        # wrong kind) prints as its repr, which shows what is wrong with it.
        return repr(value)


class GameState(Generic[S, M, O, X]):
    """The base of every game's ``State``: ``S`` is that ``State`` itself, ``M`` its move type, ``O``
    its observation type and ``X`` its result type. No data; ``str(state)`` is the game's
    ``render(state)`` (``repr`` stays the attrs record).
    """

    __slots__ = ()

    def __str__(self) -> str:
        return _text(self)


class GameObservation(Generic[S]):
    """The base of every game's ``Observation``; ``S`` is the game's ``State`` (what ``determinize``
    returns). ``str(observation)`` is the game's ``render(observation)``."""

    __slots__ = ()

    def __str__(self) -> str:
        return _text(self)


AnyState = GameState[object, object, object, object]
"""A state of some game, when which game is known only at run time."""


class RulesLike(Protocol):
    """What the shared machinery reads from any game's rules: the number of seats."""

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        ...


R_ = TypeVar("R_", bound=RulesLike)
S_ = TypeVar("S_")
M_ = TypeVar("M_")
O_ = TypeVar("O_")
X_ = TypeVar("X_")
C_ = TypeVar("C_")


class GameModule(Protocol[R_, S_, M_, O_, X_, C_]):
    """A game module: its names, its value types and its verbs.

    Type parameters: ``R_`` the rules, ``S_`` the state, ``M_`` the move union, ``O_`` the
    observation, ``X_`` the result and ``C_`` the card type. ``cardrules.registry.Game.from_module``
    turns a module that satisfies this protocol into the descriptor the registry keeps.
    """

    @property
    def NAME(self) -> str:  # noqa: N802 -- a module constant
        """The registry name (``"the-game"``): lowercase words joined by hyphens."""
        ...

    @property
    def TITLE(self) -> str:  # noqa: N802 -- a module constant
        """The game's name for people (``"The Game"``)."""
        ...

    @property
    def RULES_VERSION(self) -> int:  # noqa: N802 -- a module constant
        """Bumped whenever a rule's implementation changes what a recorded game would do."""
        ...

    @property
    def MOVE_CLASSES(self) -> tuple[type, ...]:  # noqa: N802 -- a module constant
        """The classes of the move union, in a fixed order (they name the JSON tags)."""
        ...

    @property
    def Rules(self) -> type[R_]:  # noqa: N802 -- the module's class of that name
        """The rules type."""
        ...

    @property
    def State(self) -> type[S_]:  # noqa: N802 -- the module's class of that name
        """The state type."""
        ...

    @property
    def Observation(self) -> type[O_]:  # noqa: N802 -- the module's class of that name
        """The observation type."""
        ...

    @property
    def Result(self) -> type[X_]:  # noqa: N802 -- the module's class of that name
        """The result type."""
        ...

    def new_game(
        self,
        rules: R_ | None = None,
        *,
        seed: int | None = None,
        deck: Iterable[C_] | None = None,
        first_player: int = 0,
    ) -> S_:
        """Deal a game: from ``seed``, or in the order ``deck``; at random with neither."""
        ...

    def legal_moves(self, state: S_) -> tuple[M_, ...]:
        """Every legal move, each once, in a stable order; ``()`` iff the game is over."""
        ...

    def legal_moves_of(self, observation: O_) -> tuple[M_, ...]:
        """The observer's legal moves when it decides now (``legal_moves`` of any state it
        observes), else ``()``."""
        ...

    def apply(self, state: S_, move: M_) -> S_:
        """The state after ``move``; an illegal move raises ``IllegalMoveError`` saying why."""
        ...

    def current_player(self, state: S_) -> int | None:
        """The seat that decides now; ``None`` iff the game is over."""
        ...

    def is_terminal(self, state: S_) -> bool:
        """Whether the game is over."""
        ...

    def result(self, state: S_) -> X_ | None:
        """The result of a finished game; ``None`` while it goes on."""
        ...

    def observe(self, state: S_, seat: int) -> O_:
        """What ``seat`` may know of ``state``."""
        ...

    def determinize(self, observation: O_, rng: random.Random | int) -> S_:
        """A full state the observer cannot tell from the real one, hidden cards drawn from ``rng``."""
        ...

    def parse_move(self, state: S_, text: str) -> M_:
        """The legal move written as ``text``."""
        ...

    def why_illegal(self, state: S_, move: M_) -> str | None:
        """Why ``move`` is not legal in ``state``, in a player's words; ``None`` if it is."""
        ...

    def render(self, x: S_ | O_, *, lang: Lang = "en") -> str:
        """``x`` (a state, or an observation) as text for people, in ``lang``; what a state shows
        of every hand, an observation shows only of the observer's."""
        ...

    def describe_move(self, move: M_, *, lang: Lang = "en") -> str:
        """``move`` as a short phrase for people, in ``lang`` (``"plays 45 on ascending pile 1"``)."""
        ...

    def validate_state(self, state: S_) -> None:
        """Raise ``InvalidStateError`` unless ``state`` could arise in play."""
        ...

    def validate_observation(self, observation: O_) -> None:
        """Raise ``InvalidStateError`` unless ``observation`` could be seen in play."""
        ...

    def validate_result(self, result: X_) -> None:
        """Raise ``InvalidStateError`` unless ``result`` could end a game."""
        ...

    def option_grid(self) -> tuple[R_, ...]:
        """The rules values the conformance suite covers."""
        ...

    def all_moves(self, rules: R_) -> tuple[M_, ...]:
        """The whole action space under ``rules``, in a fixed order."""
        ...

    def deck(self, rules: R_) -> tuple[C_, ...]:
        """Every card of the deck under ``rules``, sorted."""
        ...

    def cards(self, state: S_) -> Iterable[C_]:
        """Every card ``state`` holds, anywhere (always ``deck(rules)`` rearranged)."""
        ...

    def rules_of(self, state: S_) -> R_:
        """The rules ``state`` is played under."""
        ...

    def configure_converter(self, converter: cattrs.Converter) -> None:
        """Teach ``converter`` the game's values (its move union, its cards, ...)."""
        ...
