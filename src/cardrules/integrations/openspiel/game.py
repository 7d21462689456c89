"""The OpenSpiel games: their types, facts and observers, and states started from a position."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from cardrules.arguments import shown
from cardrules.errors import ArgumentError
from cardrules.integrations.openspiel.draws import MilleBornesSpec, Spec, TheGameSpec, spec_for
from cardrules.integrations.openspiel.parameters import (
    MILLE_BORNES,
    MILLE_BORNES_PARAMETERS,
    THE_GAME,
    THE_GAME_PARAMETERS,
    mille_bornes_rules,
    parameters,
    the_game_rules,
)
from cardrules.integrations.openspiel.saved import read_state
from cardrules.integrations.openspiel.state import OpenSpielState, describe, settled

__all__ = ["MILLE_BORNES_TYPE", "THE_GAME_TYPE", "OpenSpielGame", "OpenSpielMilleBornes", "OpenSpielTheGame",
           "from_engine_state"]


def _game_type(short_name: str, long_name: str, utility: Any, players: tuple[int, int],
               parameter_specification: Mapping[str, object]) -> Any:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        min_num_players=players[0],
        max_num_players=players[1],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(parameter_specification),
    )


THE_GAME_TYPE: Final = _game_type(THE_GAME, "The Game (cardrules)", pyspiel.GameType.Utility.IDENTICAL,
                                  (1, 5), THE_GAME_PARAMETERS)
"""The ``pyspiel.GameType`` of ``cardrules_the_game``."""
MILLE_BORNES_TYPE: Final = _game_type(MILLE_BORNES, "Mille Bornes (cardrules)",
                                      pyspiel.GameType.Utility.ZERO_SUM, (2, 9), MILLE_BORNES_PARAMETERS)
"""The ``pyspiel.GameType`` of ``cardrules_mille_bornes``."""


class _Observer:
    """OpenSpiel's Python observer: ``tensor`` (``dict`` names its slices) and strings, for one
    seat; the default observation and the information state alike."""

    def __init__(self, spec: Spec[Any, Any], iig_obs_type: Any, params: Mapping[str, object] | None) -> None:
        if params:
            raise ArgumentError(f"the observations of {spec.short_name} take no parameters, not "
                                f"{dict(params)}")
        if iig_obs_type is not None and (
                not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ArgumentError(f"{spec.short_name} observes for one seat: its own hand and the public "
                                "table (public_info=True, private_info=SINGLE_PLAYER)")
        self._spec = spec
        self.tensor = np.zeros(spec.encoder.shape, np.float32)
        self.dict = {segment.name: self.tensor[segment.start:segment.stop]
                     for segment in spec.encoder.layout if segment.size}

    def set_from(self, state: OpenSpielState, player: int) -> None:
        core = state._core
        if core.state is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self._spec.encoder.encode(self._spec.observe(core.state, player))

    def string_from(self, state: OpenSpielState, player: int) -> str:
        core = state._core
        if core.state is not None:
            self._spec.observe(core.state, player)  # checks the seat
        return describe(core, player)


class OpenSpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """What both OpenSpiel games share; ``rules`` are the cardrules ``Rules`` of the game."""

    spec: Spec[Any, Any]

    def __init__(self, game_type: Any, spec: Spec[Any, Any], params: Mapping[str, object]) -> None:
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
        super().__init__(game_type, info, dict(params))

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


class OpenSpielTheGame(OpenSpielGame):
    """The Game in OpenSpiel (``cardrules_the_game``): parameters ``players``, ``expert``,
    ``reduced_hand``, ``on_fire``; cooperative, every seat gets ``(98 - cards left) / 98``.

    >>> import pyspiel
    >>> game = pyspiel.load_game("cardrules_the_game(players=3,expert=True)")
    >>> game.rules, game.num_distinct_actions(), game.max_chance_outcomes()
    (Rules(players=3, expert=True, reduced_hand=False, on_fire=False), 393, 100)
    """

    def __init__(self, params: Mapping[str, object] | None = None) -> None:
        spec = spec_for(TheGameSpec, the_game_rules(params))
        super().__init__(THE_GAME_TYPE, spec, parameters(params, THE_GAME_PARAMETERS, THE_GAME))


class OpenSpielMilleBornes(OpenSpielGame):
    """Mille Bornes in OpenSpiel (``cardrules_mille_bornes``): see
    :func:`~cardrules.integrations.openspiel.mille_bornes_rules` for the parameters; zero-sum, by
    side.

    >>> import pyspiel
    >>> game = pyspiel.load_game("cardrules_mille_bornes(players=4,team_size=2)")
    >>> game.rules.race, game.num_players(), game.min_utility(), game.max_utility()
    (1000, 4, -1.0, 1.0)
    """

    def __init__(self, params: Mapping[str, object] | None = None) -> None:
        spec = spec_for(MilleBornesSpec, mille_bornes_rules(params))
        super().__init__(MILLE_BORNES_TYPE, spec, parameters(params, MILLE_BORNES_PARAMETERS, MILLE_BORNES))


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
    if type(state) is not spec.module.State or state.rules != spec.rules:  # type: ignore[attr-defined]
        raise ArgumentError(f"from_engine_state() takes a state of {spec.module.TITLE} under {spec.rules!r}")
    spiel: OpenSpielState = game.new_initial_state()
    spiel._core = spiel._start = settled(spec, spec.canonical(state))
    return spiel
