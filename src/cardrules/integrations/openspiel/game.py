"""The OpenSpiel games: one per game that declares an ``openspiel`` facet.

Each comes with its type, facts and observers; :func:`from_engine_state` starts a state from a position.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from cardrules.arguments import shown
from cardrules.errors import ArgumentError
from cardrules.integrations.openspiel.draws import Spec, descriptor_of, facts_of, spec_for, spiel_name
from cardrules.integrations.openspiel.parameters import parameters, parameters_of, rules_from_parameters
from cardrules.integrations.openspiel.saved import read_state
from cardrules.integrations.openspiel.state import OpenSpielState, describe, settled
from cardrules.registry import SomeGame, available, get, registered

__all__ = ["OpenSpielGame", "from_engine_state", "game_name", "register_all"]

_UTILITY: Final = {
    "identical": pyspiel.GameType.Utility.IDENTICAL,
    "zero_sum": pyspiel.GameType.Utility.ZERO_SUM,
    "constant_sum": pyspiel.GameType.Utility.CONSTANT_SUM,
    "general_sum": pyspiel.GameType.Utility.GENERAL_SUM,
}

# The types of the games registered with pyspiel (which refuses a name registered twice).
_TYPES: dict[SomeGame, Any] = {}


def _game_type(game: SomeGame) -> Any:
    facts = facts_of(game)
    fewest, most = facts.players
    # A game without an observation encoder offers OpenSpiel strings only.
    tensors = game.encoder is not None
    return pyspiel.GameType(
        short_name=spiel_name(game),
        long_name=f"{game.title} (cardrules)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=_UTILITY[facts.utility],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        min_num_players=fewest,
        max_num_players=most,
        provides_information_state_string=True,
        provides_information_state_tensor=tensors,
        provides_observation_string=True,
        provides_observation_tensor=tensors,
        parameter_specification=parameters_of(game),
    )


class _Observer:
    """OpenSpiel's Python observer: ``tensor`` (``dict`` names its slices; empty for a game without
    an encoder) and strings, for one seat; the default observation and the information state alike."""

    def __init__(self, spec: Spec, iig_obs_type: Any, params: Mapping[str, object] | None) -> None:
        if params:
            raise ArgumentError(f"the observations of {spec.short_name} take no parameters, not "
                                f"{dict(params)}")
        if iig_obs_type is not None and (
                not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ArgumentError(f"{spec.short_name} observes for one seat: its own hand and the public "
                                "table (public_info=True, private_info=SINGLE_PLAYER)")
        self._spec = spec
        encoder = spec.encoder
        self.tensor = np.zeros(encoder.shape if encoder else (0,), np.float32)
        self.dict = {} if encoder is None else {segment.name: self.tensor[segment.start:segment.stop]
                                                for segment in encoder.layout if segment.size}

    def set_from(self, state: OpenSpielState, player: int) -> None:
        core = state._core
        encoder = self._spec.encoder
        if encoder is None:
            return
        if core.state is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = encoder.encode(self._spec.observe(core.state, player))

    def string_from(self, state: OpenSpielState, player: int) -> str:
        core = state._core
        if core.state is not None:
            self._spec.observe(core.state, player)  # checks the seat
        return describe(core, player)


class OpenSpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """A cardrules game in OpenSpiel, under the rules its parameters give (:attr:`rules`).

    pyspiel builds one from a game's name (``pyspiel.load_game("cardrules_the_game(players=3)")``);
    building one in Python takes the cardrules game (its descriptor or its name) and the parameters.

    >>> import pyspiel
    >>> game = pyspiel.load_game("cardrules_the_game(players=3,expert=True)")
    >>> game.rules, game.num_distinct_actions(), game.max_chance_outcomes()
    (Rules(players=3, expert=True, reduced_hand=False, on_fire=False), 393, 100)
    >>> teams = pyspiel.load_game("cardrules_mille_bornes(players=4,team_size=2)")
    >>> teams.rules.race, teams.num_players(), teams.min_utility(), teams.max_utility()
    (1000, 4, -1.0, 1.0)
    """

    spec: Spec

    def __init__(self, game: SomeGame | str, params: Mapping[str, object] | None = None) -> None:
        descriptor = descriptor_of(game)
        game_name(descriptor)
        spec = spec_for(descriptor, rules_from_parameters(descriptor, params))
        self.spec = spec
        low, high, total = spec.utilities()
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.space.size,
            max_chance_outcomes=spec.max_chance_outcomes,
            num_players=spec.players,
            min_utility=low,
            max_utility=high,
            utility_sum=total,
            max_game_length=spec.max_game_length(),
        )
        super().__init__(_TYPES[descriptor], info, parameters(params, descriptor))

    @property
    def rules(self) -> Any:
        """The cardrules ``Rules`` this game is played under."""
        return self.spec.rules

    def new_initial_state(self, start: object = None) -> OpenSpielState:
        """The state before the deal (a chance node). OpenSpiel's other starts (a string or JSON
        naming a position) raise :class:`~cardrules.errors.ArgumentError`: a state of these games
        starts from the deal; :func:`from_engine_state` and :meth:`deserialize_state` start one
        from a position."""
        if start is not None:
            raise ArgumentError(f"a state of {self.spec.short_name} starts from the deal, not from "
                                f"{shown(start)}: see from_engine_state() and deserialize_state()")
        return OpenSpielState(self)

    def deserialize_state(self, text: str) -> OpenSpielState:
        """The state ``state.serialize()`` wrote as ``text``, rebuilt from its history (every action
        and chance outcome checked) and its cardrules JSON, never from a pickle;
        :class:`~cardrules.errors.SerializationError` says why a text describes no state of this game.
        See :func:`~cardrules.integrations.openspiel.saved.read_state`."""
        return read_state(self, text)

    def make_py_observer(self, iig_obs_type: Any = None, params: Mapping[str, object] | None = None
                         ) -> _Observer:
        """The observer OpenSpiel asks for: the observation encoder's vector for one seat, for the
        default observation and the information state alike (see ``docs/openspiel.md``)."""
        return _Observer(self.spec, iig_obs_type, params)

    def __reduce__(self) -> tuple[Callable[[str], Any], tuple[str]]:
        # pyspiel's own pickling of a Python game skips __init__ and loses the spec: load it by
        # its name and parameters instead.
        return pyspiel.load_game, (str(self),)


def _game_class(game: SomeGame) -> type[OpenSpielGame]:
    """The class pyspiel builds ``game``'s OpenSpiel games with, from their parameters alone.

    A class rather than a function: pyspiel keeps its factories until the process ends, and a
    function it alone still held would be freed after the interpreter is gone (which aborts).
    """

    def init(self: OpenSpielGame, params: Mapping[str, object] | None = None) -> None:
        OpenSpielGame.__init__(self, game, params)

    name = f"OpenSpielGame_{game.name.replace('-', '_')}"
    return type(name, (OpenSpielGame,), {"__init__": init, "__module__": __name__, "__qualname__": name,
                                         "__doc__": f"{game.title} in OpenSpiel ({spiel_name(game)})."})


def game_name(game: SomeGame | str) -> str:
    """The name in pyspiel of ``game`` (a descriptor, or a game's name in the registry):
    ``cardrules_`` and its name with ``-`` written ``_``. The first call registers the game with
    pyspiel; a game that declares no ``openspiel`` facet raises
    :class:`~cardrules.errors.ArgumentError`.

    >>> game_name("mille-bornes")
    'cardrules_mille_bornes'
    """
    descriptor = descriptor_of(game)
    if descriptor not in _TYPES:
        if descriptor.openspiel is None:
            raise ArgumentError(f"{shown(game)} is not a game that offers itself to OpenSpiel (its "
                                f"descriptor declares no openspiel facet)")
        game_type = _game_type(descriptor)
        pyspiel.register_game(game_type, _game_class(descriptor))
        _TYPES[descriptor] = game_type
    return spiel_name(descriptor)


def register_all() -> tuple[str, ...]:
    """Register with pyspiel every game that can be played (:func:`cardrules.registry.available`,
    importing each) and declares an ``openspiel`` facet, and every game registered since; return
    their names in pyspiel. Importing this package calls it; call it again for a game registered
    later (or call :func:`game_name`)."""
    games = {get(name): None for name in available()} | dict.fromkeys(registered())
    return tuple(game_name(game) for game in games if game.openspiel is not None)


def from_engine_state(game: OpenSpielGame, state: object) -> OpenSpielState:
    """An OpenSpiel state of ``game`` at the cardrules state ``state`` (a position of a real game,
    say), played under the game's rules. Its hidden piles are sorted first: what is drawn next is
    up to chance, whatever order ``state`` held. Its ``history()`` is empty.

    >>> import pyspiel
    >>> from cardrules.games import the_game
    >>> game = pyspiel.load_game("cardrules_the_game(players=2)")
    >>> state = from_engine_state(game, the_game.new_game(game.rules, seed=4))
    >>> state.current_player(), [state.action_to_string(action) for action in state.legal_actions()[:2]]
    (0, ['3 on up1', '3 on up2'])
    """
    if not isinstance(game, OpenSpielGame):
        raise ArgumentError(f"from_engine_state() takes a cardrules OpenSpiel game, not "
                            f"{type(game).__name__}")
    spec = game.spec
    if type(state) is not spec.game.state_type or spec.game.rules_of(state) != spec.rules:
        raise ArgumentError(f"from_engine_state() takes a state of {spec.game.title} under {spec.rules!r}")
    spiel: OpenSpielState = game.new_initial_state()
    spiel._core = spiel._start = settled(spec, spec.canonical(state))
    return spiel
