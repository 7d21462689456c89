"""The contract every game satisfies (its :class:`Game` descriptor), and the bases of its values.

A game is a package (``cardrules.games.the_game``, ``cardrules.games.mille_bornes``, or a user's
own) that defines its value types — ``Rules``, ``State``, ``Move`` (a union of move classes),
``Observation``, ``Result`` and a card type — and the verbs over them, and declares them in one
:class:`Game` value: its names, its types, its verbs and its facets. The descriptor's fields are
the whole contract, written here once; the type checker proves a game conforms when it builds its
descriptor (each verb is checked against the game's own types):

>>> from cardrules.games import the_game
>>> game: Game[the_game.Rules, the_game.State, the_game.Move, the_game.Observation,
...            the_game.Result, int] = the_game.GAME

A **facet** is what a layer may ask of a game beyond its rules: a picture, an observation encoder,
a command line, reference bots, ... Each is named by a ``"package.module:attribute"`` text and
imported only when a layer asks for it (:meth:`Game.facet`), so importing a game stays light. A
game that leaves a facet out simply does not get that layer's service (or gets its generic one).

Each game's ``State`` derives from :class:`GameState`, parameterized by its own state, move,
observation and result types, and each ``Observation`` from :class:`GameObservation`. The bases hold
no data (their methods give every state and observation two behaviours: ``str()`` is the game's
``render`` in English, and ``_repr_svg_`` shows the value as a picture in Jupyter); they let code
that serves every game (``cardrules.apply``, ``cardrules.play_out``, a bot) be typed precisely:
``cardrules.apply(state, move)`` takes a move of the state's game and returns a state of that game.
The registry tells the bases which function renders which type, and :mod:`cardrules.svg` hands
them its drawer.
"""

from __future__ import annotations

import importlib
import random
import re
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, Generic, Protocol, TypeAlias, TypeVar, cast

import attrs
import cattrs

from cardrules.arguments import shown
from cardrules.errors import ArgumentError, RegistrationError

__all__ = ["FACETS", "AnyState", "Game", "GameObservation", "GameState", "RulesLike", "SomeGame",
           "set_picture_drawer", "set_renderer"]

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


def _no_picture(value: object) -> str | None:
    return None


# The one drawer of pictures, set by cardrules.svg when it is imported (the package root imports
# it). The contract sits below every game and cannot import the layer that draws them, so that
# layer hands its drawer down here instead: the bases below only call it.
_picture_drawer: list[Callable[[object], str | None]] = [_no_picture]


def set_picture_drawer(drawer: Callable[[object], str | None]) -> None:
    """Make ``drawer`` draw every state and observation for Jupyter (their ``_repr_svg_``).

    ``drawer`` returns an SVG document, or ``None`` for a value it has no picture of.
    :mod:`cardrules.svg` sets it when imported; nothing else needs to.
    """
    _picture_drawer[0] = drawer


class GameState(Generic[S, M, O, X]):
    """The base of every game's ``State``: ``S`` is that ``State`` itself, ``M`` its move type, ``O``
    its observation type and ``X`` its result type. No data; ``str(state)`` is the game's
    ``render(state)`` (``repr`` stays the attrs record), and Jupyter shows the picture
    :mod:`cardrules.svg` draws.
    """

    __slots__ = ()

    def __str__(self) -> str:
        return _text(self)

    def _repr_svg_(self) -> str | None:
        """The state as an SVG picture (``cardrules.svg.draw``), or ``None`` for a game that has no
        picture: IPython then shows the text form."""
        return _picture_drawer[0](self)


class GameObservation(Generic[S]):
    """The base of every game's ``Observation``; ``S`` is the game's ``State`` (what ``determinize``
    returns). ``str(observation)`` is the game's ``render(observation)``; Jupyter shows an
    observation as a picture, as it shows a state."""

    __slots__ = ()

    def __str__(self) -> str:
        return _text(self)

    def _repr_svg_(self) -> str | None:
        """The observation as an SVG picture, or ``None`` for a game that has no picture."""
        return _picture_drawer[0](self)


AnyState = GameState[object, object, object, object]
"""A state of some game, when which game is known only at run time."""


class RulesLike(Protocol):
    """What the shared machinery reads from any game's rules: the number of seats."""

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        ...


# The descriptor is immutable, so it may be covariant: a Game[Rules, State, ...] is a SomeGame.
R_ = TypeVar("R_", bound=RulesLike, covariant=True)
S_ = TypeVar("S_", covariant=True)
M_ = TypeVar("M_", covariant=True)
O_ = TypeVar("O_", covariant=True)
X_ = TypeVar("X_", covariant=True)
C_ = TypeVar("C_", covariant=True)

_NAME = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
_REFERENCE = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$")

FACETS = ("picture", "encoder", "returns", "rewards", "command_line", "openspiel")
"""The facets a game may declare, each a ``"package.module:attribute"`` text (see :class:`Game`)."""


def _reference(what: str) -> Callable[[object, attrs.Attribute[Any], object], None]:
    def check(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is not None and not (isinstance(value, str) and _REFERENCE.match(value)):
            raise RegistrationError(f"a game's {attribute.name} is None or a 'package.module:name' text "
                                    f"naming {what}, not {shown(value)}")
    return check


def _of(kind: type) -> Callable[[object, attrs.Attribute[Any], object], None]:
    def check(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not kind:
            what = "a text" if kind is str else "a whole number"
            raise RegistrationError(f"a game's {attribute.name} is {what}, not {shown(value)}")
    return check


def _verb(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not callable(value):
        raise RegistrationError(f"a game's {attribute.name} is a function, not {type(value).__name__}")


def _kind(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, type):
        raise RegistrationError(f"a game's {attribute.name} is a class, not {shown(value)}")


def _bots(value: Mapping[str, str]) -> Mapping[str, str]:
    if not isinstance(value, Mapping) or not all(
            isinstance(name, str) and isinstance(where, str) and _REFERENCE.match(where)
            for name, where in value.items()):
        raise RegistrationError(f"a game's bots map names to 'package.module:Class' texts, "
                                f"not {shown(value)}")
    return MappingProxyType(dict(value))


@attrs.frozen(kw_only=True, eq=False)
class Game(Generic[R_, S_, M_, O_, X_, C_]):
    """A game as every layer sees it: its names, its types, its verbs and its facets.

    Type parameters: ``R_`` the rules, ``S_`` the state, ``M_`` the move union, ``O_`` the
    observation, ``X_`` the result and ``C_`` the card type. A game builds its descriptor once, in
    its package's ``__init__``, and registers it (:func:`cardrules.registry.register`); every layer
    then finds the game through the registry and calls these fields (bound here, so that generic
    loops pay no lookup). Descriptors compare by identity.

    >>> from cardrules.games import the_game
    >>> the_game.GAME.name, the_game.GAME.state_type is the_game.State
    ('the-game', True)
    >>> the_game.GAME.facet("picture") is not None
    True
    """

    # --- names -----------------------------------------------------------------------------------
    name: str = attrs.field()
    """The registry name (``"the-game"``): lowercase words joined by hyphens."""
    title: str = attrs.field(validator=_of(str))
    """The game's name for people (``"The Game"``)."""
    rules_version: int = attrs.field(validator=_of(int))
    """Bumped whenever a rule's implementation changes what a recorded game would do."""

    # --- types -----------------------------------------------------------------------------------
    rules_type: type[R_] = attrs.field(validator=_kind)
    """The rules type (frozen, ``kw_only`` options, ``players`` among them)."""
    state_type: type[S_] = attrs.field(validator=_kind)
    """The state type (a :class:`GameState`)."""
    move_type: object
    """The move union (``Play | EndTurn``), or the one move class of a game that has only one."""
    move_classes: tuple[type, ...] = attrs.field()
    """The classes of the move union, in a fixed order (their snake-case names tag JSON moves)."""
    observation_type: type[O_] = attrs.field(validator=_kind)
    """The observation type (a :class:`GameObservation`)."""
    result_type: type[X_] = attrs.field(validator=_kind)
    """The result type."""

    # --- verbs -----------------------------------------------------------------------------------
    new_game: Callable[..., S_] = attrs.field(validator=_verb)
    """``new_game(rules=None, *, seed=None, deck=None, first_player=0)``: deal a game, from ``seed``
    or in the order ``deck`` (at random with neither)."""
    legal_moves: Callable[[S_], tuple[M_, ...]] = attrs.field(validator=_verb)
    """Every legal move, each once, in a stable order; ``()`` iff the game is over."""
    legal_moves_of: Callable[[O_], tuple[M_, ...]] = attrs.field(validator=_verb)
    """The observer's legal moves when it decides now (``legal_moves`` of any state it observes),
    else ``()``."""
    apply: Callable[[S_, M_], S_] = attrs.field(validator=_verb)
    """The state after a move; an illegal move raises ``IllegalMoveError`` saying why."""
    current_player: Callable[[S_], int | None] = attrs.field(validator=_verb)
    """The seat that decides now; ``None`` iff the game is over."""
    is_terminal: Callable[[S_], bool] = attrs.field(validator=_verb)
    """Whether the game is over."""
    result: Callable[[S_], X_ | None] = attrs.field(validator=_verb)
    """The result of a finished game; ``None`` while it goes on."""
    observe: Callable[[S_, int], O_] = attrs.field(validator=_verb)
    """What a seat may know of a state."""
    determinize: Callable[[O_, random.Random | int], S_] = attrs.field(validator=_verb)
    """A full state the observer cannot tell from the real one, hidden cards drawn from ``rng``."""
    parse_move: Callable[[S_, str], M_] = attrs.field(validator=_verb)
    """The legal move written as a text."""
    why_illegal: Callable[[S_, M_], str | None] = attrs.field(validator=_verb)
    """Why a move is not legal in a state, in a player's words; ``None`` if it is."""
    render: Callable[..., str] = attrs.field(validator=_verb)
    """``render(state_or_observation, *, lang="en")``: text for people; what a state shows of every
    hand, an observation shows only of the observer's."""
    describe_move: Callable[..., str] = attrs.field(validator=_verb)
    """``describe_move(move, *, lang="en")``: a move as a short phrase for people."""
    validate_state: Callable[[S_], None] = attrs.field(validator=_verb)
    """Raise ``InvalidStateError`` unless a state could arise in play."""
    validate_observation: Callable[[O_], None] = attrs.field(validator=_verb)
    """Raise ``InvalidStateError`` unless an observation could be seen in play."""
    validate_result: Callable[[X_], None] = attrs.field(validator=_verb)
    """Raise ``InvalidStateError`` unless a result could end a game."""
    option_grid: Callable[[], tuple[R_, ...]] = attrs.field(validator=_verb)
    """The rules values the conformance suite covers."""
    all_moves: Callable[[R_], tuple[M_, ...]] = attrs.field(validator=_verb)
    """The whole action space under a rules value, in a fixed order."""
    deck: Callable[[R_], tuple[C_, ...]] = attrs.field(validator=_verb)
    """Every card of the deck under a rules value, sorted."""
    cards: Callable[[S_], Iterable[C_]] = attrs.field(validator=_verb)
    """Every card a state holds, anywhere (always ``deck(rules)`` rearranged)."""
    rules_of: Callable[[S_], R_] = attrs.field(validator=_verb)
    """The rules a state is played under."""
    configure_converter: Callable[[cattrs.Converter], None] = attrs.field(validator=_verb)
    """Teach the JSON converter the game's own values (its cards, its rules' special fields); the
    serialization calls it the first time the game's values are written or read."""

    # --- facets: loaded when a layer asks ----------------------------------------------------------
    picture: str | None = attrs.field(default=None, validator=_reference("a picture function"))
    """``picture(value, lang) -> (Canvas, title)``: a state or an observation laid out on the canvas
    of :mod:`cardrules.svg` (an observation's hidden cards face down), and the picture's title;
    without it :func:`cardrules.svg.draw` refuses the game's values and Jupyter shows their text."""
    encoder: str | None = attrs.field(default=None, validator=_reference("an encoder factory"))
    """``encoder(rules) -> ObservationEncoder``: builds the game's observation encoder for a rules
    value (:func:`cardrules.rl.observation_encoder`); without it the game has no encoding, and so no
    PettingZoo or Gymnasium environment."""
    returns: str | None = attrs.field(default=None, validator=_reference("a returns function"))
    """``returns(state) -> tuple[float, ...]``, one number per seat, what search bots and the
    adapters pay (:func:`cardrules.bots.search.outcome_returns`, :func:`cardrules.rl.returns`);
    without it the seats the result names as its ``winners`` share 1."""
    rewards: str | None = attrs.field(default=None, validator=_reference("a rewards function"))
    """``rewards(moves) -> tuple[float, ...]``: a reward per move, paid as it is made (the
    adapters' intermediate rewards); without it every move pays 0."""
    command_line: str | None = attrs.field(default=None, validator=_reference("a command line"))
    """The game's options, bots and summary for ``cardrules`` commands (a
    :class:`cardrules.run.Simulator`); without it the command line offers its generic one."""
    openspiel: str | None = attrs.field(default=None, validator=_reference("OpenSpiel facts"))
    """What OpenSpiel must know beyond the verbs, as plain data and functions over the game's types
    (the members of :class:`cardrules.integrations.openspiel.Facts`: the seats, how the returns add
    up and their bounds, the longest game, the pile the engine draws hidden cards from, a state in
    words); with it the game is the OpenSpiel game ``cardrules_<name>``."""
    bots: Mapping[str, str] = attrs.field(factory=dict, converter=_bots)
    """The game's reference bots by command-line name (``{"greedy": "pkg.bots:GreedyBot"}``), each
    a class whose constructor takes ``seed``; :meth:`bot` imports one."""

    @name.validator
    def _check_name(self, _: attrs.Attribute[str], value: object) -> None:
        if not isinstance(value, str) or not _NAME.match(value):
            raise RegistrationError(f"a game's name is lowercase words joined by hyphens, not {shown(value)}")

    @move_classes.validator
    def _check_move_classes(self, _: attrs.Attribute[tuple[type, ...]], value: object) -> None:
        if type(value) is not tuple or not value or not all(isinstance(kind, type) for kind in value):
            raise RegistrationError(f"a game's move_classes is a tuple of classes, not {shown(value)}")

    def facet(self, name: str) -> object | None:
        """The facet ``name`` (one of :data:`FACETS`), imported on first use; ``None`` if the game
        does not declare it.

        A facet that names something that cannot be imported raises
        :class:`~cardrules.errors.RegistrationError`.
        """
        if name not in FACETS:
            raise ArgumentError(f"a facet is one of {', '.join(FACETS)}, not {shown(name)}")
        return _load(cast(str | None, getattr(self, name)), f"{self.name}'s {name}")

    def bot(self, name: str) -> type:
        """The class of the game's reference bot ``name`` (a key of :attr:`bots`)."""
        where = self.bots.get(name) if isinstance(name, str) else None
        if where is None:
            raise ArgumentError(f"{self.title} has no bot called {shown(name)}; it has "
                                f"{', '.join(self.bots) or 'none'}")
        found = _load(where, f"{self.name}'s bot {name!r}")
        if not isinstance(found, type):
            raise RegistrationError(f"{self.name}'s bot {name!r} ({where}) is not a class")
        return found

    def players(self, rules: object) -> int:
        """The number of seats under ``rules`` (this game's rules)."""
        if type(rules) is not self.rules_type:
            raise ArgumentError(f"expected the Rules of {self.title}, not {type(rules).__name__}")
        return cast(RulesLike, rules).players

    def __repr__(self) -> str:
        return f"<Game {self.name!r}: {self.title}>"


_LOADED: dict[str, object] = {}
"""Each facet loaded, by its ``"package.module:name"`` text: a search asks for a game's returns at
the end of every playout."""


def _load(where: str | None, what: str) -> object | None:
    if where is None:
        return None
    found: object = _LOADED.get(where, _LOADED)
    if found is not _LOADED:
        return found
    module, _, attribute = where.partition(":")
    try:
        found = getattr(importlib.import_module(module), attribute)
    except (ImportError, AttributeError) as exc:
        raise RegistrationError(f"{what} ({where}) cannot be loaded: {exc}") from None
    _LOADED[where] = found
    return found


SomeGame: TypeAlias = "Game[RulesLike, object, object, object, object, object]"
"""A game whose types are known only at run time (looked up by name or by a value's type)."""
