"""PettingZoo: every game with an observation encoder as an AEC environment.

It needs the extra ``pettingzoo``: ``pip install "cardrules[pettingzoo]"``.

>>> from cardrules.integrations import pettingzoo as cardrules_pz
>>> env = cardrules_pz.env("the-game", players=3, expert=True)
>>> env.reset(seed=7)
>>> env.agent_selection, env.possible_agents
('player_0', ['player_0', 'player_1', 'player_2'])
>>> observation, reward, termination, truncation, info = env.last()
>>> observation["observation"].dtype, observation["action_mask"].dtype
(dtype('float32'), dtype('int8'))
>>> env.step(int(observation["action_mask"].nonzero()[0][0]))   # the first legal action
>>> env.rewards["player_2"]                                     # everyone gets 1/98 per card laid
0.01020408163265306

Agents are ``player_0`` ... ``player_{n-1}``, seat ``i`` being ``player_i``; ``agent_selection``
is the seat that must decide now (in Mille Bornes that may be a seat answering a hazard out of
turn, by coup fourré). Observations are ``{"observation": float32 vector, "action_mask": int8
vector}``, from :func:`cardrules.rl.observation_encoder` and :func:`cardrules.rl.action_space`;
rewards add up to :func:`cardrules.rl.returns`; ``docs/pettingzoo.md`` says the rest.
"""

from __future__ import annotations

import numbers
import random
import warnings
from typing import Any

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from pettingzoo import AECEnv  # type: ignore[import-untyped]  # PettingZoo ships no type information
    from pettingzoo.utils.env import AECIterable, AECIterator  # type: ignore[import-untyped]
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # type: ignore[import-untyped]
except ImportError as exc:  # pragma: no cover -- CI installs every extra
    raise ImportError(f'cardrules.integrations.pettingzoo needs PettingZoo: pip install '
                      f'"cardrules[pettingzoo]" (the import failed: {exc})') from exc

from cardrules import rl
from cardrules.arguments import shown
from cardrules.errors import ArgumentError, CardrulesError
from cardrules.integrations._common import (
    position_text,
    reset_options,
    reset_seed,
    rewards_per_action,
    rules_from_options,
    some_names,
)
from cardrules.registry import SomeGame, available, game_of, get

__all__ = ["RENDER_MODES", "env", "raw_env"]

RENDER_MODES = ("ansi",)
"""The render modes: ``"ansi"``, the position as text from the deciding seat's view."""

AgentObservation = dict[str, npt.NDArray[Any]]
"""What ``observe`` returns: ``{"observation": float32 vector, "action_mask": int8 vector}``."""


def env(game: str | object, *, render_mode: str | None = None, **options: Any) -> Any:
    """An AEC environment of ``game`` with PettingZoo's usual order checks: :class:`raw_env` inside
    PettingZoo's ``OrderEnforcingWrapper`` (which refuses ``step``, ``observe``, ``last``,
    ``render`` or ``agent_iter`` before ``reset``, here with :class:`~cardrules.errors.ArgumentError`).

    ``game`` is a registered game's name (``"the-game"``, ``"mille-bornes"``, any game of
    ``cardrules.games.available()``) or a rules value;
    ``options`` are the keyword arguments of the game's ``Rules``, or with ``preset="room"`` (any
    classmethod preset of the rules) that preset's. The return type is PettingZoo's (untyped).

    >>> env("mille-bornes", preset="room", players=4, team_size=2, target_score=None).possible_agents
    ['player_0', 'player_1', 'player_2', 'player_3']
    """
    return _OrderEnforcing(raw_env(game, render_mode=render_mode, **options))


class _OrderEnforcing(OrderEnforcingWrapper):  # type: ignore[misc]  # PettingZoo is untyped
    """PettingZoo's ``OrderEnforcingWrapper``, refusing with :class:`ArgumentError` (its own refusals
    are bare ``AssertionError`` and, for ``last`` before ``reset``, ``AttributeError``). ``state()``
    after ``reset`` is PettingZoo's ``NotImplementedError``: these games have no global observation."""

    def _started(self, call: str) -> None:
        if not self._has_reset:
            raise ArgumentError(f"{call}() needs a game: call reset() first")

    def step(self, action: int | None) -> None:
        self._started("step")
        super().step(action)

    def observe(self, agent: str) -> AgentObservation:
        self._started("observe")
        return super().observe(agent)  # type: ignore[no-any-return]

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        self._started("last")
        return self.env.last(observe)  # type: ignore[no-any-return]

    def render(self) -> str | None:
        self._started("render")
        return super().render()  # type: ignore[no-any-return]

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        self._started("agent_iter")
        return _Turns(self, _max_iter(max_iter))

    def state(self) -> Any:
        self._started("state")
        return super().state()

    def __str__(self) -> str:
        return str(self.env)


class _Turns(AECIterable):  # type: ignore[misc]
    """``agent_iter()`` of :func:`env`: each agent it yields must step before the next."""

    def __iter__(self) -> _TurnIterator:
        return _TurnIterator(self.env, self.max_iter)


class _TurnIterator(AECIterator):  # type: ignore[misc]
    def __next__(self) -> str:
        agent: str = super().__next__()
        if not self.env._has_updated:
            raise ArgumentError("agent_iter() yields an agent once it has stepped: call step() (or "
                                "reset()) each time round the loop")
        self.env._has_updated = False
        return agent


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801 -- PettingZoo's name; AECEnv is untyped
    """A game as a PettingZoo AEC environment, without wrappers (see :func:`env`).

    Beyond PettingZoo's API it exposes ``rules``, ``actions`` (the :class:`cardrules.rl.ActionSpace`:
    ``actions.move(i)`` is the move of action ``i``), ``encoder`` (the observation encoder, whose
    ``layout`` names the slices of the vector) and ``game_state``, the engine's current state.

    >>> raw = raw_env("the-game", players=2)
    >>> raw.reset(seed=3)
    >>> raw.action_space("player_0"), raw.rules
    (Discrete(393), Rules(players=2, expert=False, reduced_hand=False, on_fire=False))
    """

    # PettingZoo declares metadata per instance (each environment here names its game in it).
    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": list(RENDER_MODES), "name": "cardrules_v0", "is_parallelizable": False,
    }

    def __init__(self, game: str | object, *, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        descriptor, rules = _game_and_rules(game, options)
        # Compared only once it is a str: an array would answer ``in`` with an array.
        if render_mode is not None and (not isinstance(render_mode, str) or render_mode not in RENDER_MODES):
            raise ArgumentError(f"render_mode is None or one of {', '.join(map(repr, RENDER_MODES))}, "
                                f"not {shown(render_mode)}")
        self.render_mode = render_mode
        self.metadata = {**raw_env.metadata, "name": f"cardrules_{descriptor.name.replace('-', '_')}_v0"}
        self.rules = rules
        self.actions = rl.action_space(rules)
        self.encoder = rl.observation_encoder(rules)
        self._game = descriptor
        self._title = descriptor.title
        self._apply = descriptor.apply
        self._current_player = descriptor.current_player
        self._observe = descriptor.observe
        self._legal_actions = self.actions.legal_actions
        self._mask = self.actions.mask
        self._encode = self.encoder.encode
        self._move = self.actions.move
        self._size = self.actions.size
        self._rewards_per_action = rewards_per_action(descriptor, self.actions.moves)
        players = descriptor.players(rules)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._agent_of_seat = tuple(self.possible_agents)
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        # One space object per agent, made once: PettingZoo seeds each agent's spaces separately
        # and checks that the same object comes back every time.
        self.observation_spaces = {agent: self._observation_space() for agent in self.possible_agents}
        self.action_spaces = {agent: gymnasium.spaces.Discrete(self._size) for agent in self.possible_agents}
        self._seeds = random.Random()
        self._state: object = None
        self.agents: list[str] = []
        self._paying = False

    def _observation_space(self) -> gymnasium.spaces.Dict:
        return gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0.0, 1.0, self.encoder.shape, dtype=np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (self._size,), dtype=np.int8),
        })

    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        """The observation space of ``agent``: ``Dict(observation=Box(0, 1, float32),
        action_mask=Box(0, 1, int8))``, the same object on every call."""
        return self.observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        """The action space of ``agent``: ``Discrete(actions.size)``, the same object on every call."""
        return self.action_spaces[self._agent(agent)]

    @property
    def game_state(self) -> object:
        """The engine's current state (hidden cards included: for tests and analysis, not for an
        agent, which sees only :meth:`observe`)."""
        if self._state is None:
            raise ArgumentError("the environment has no game before reset()")
        return self._state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: ``new_game(rules, seed=seed)`` when ``seed`` is given, which also seeds
        the deals of the following ``reset()`` calls without a seed; without one ever given, a
        random deal. ``options`` is accepted and ignored (the table is set when the environment is
        made).

        ``seed`` is ``None`` or a whole number (a numpy integer too), ``options`` a dict or
        ``None``; anything else raises :class:`~cardrules.errors.ArgumentError` and changes
        nothing, not even the deals of the following resets."""
        seed = reset_seed(seed, negative=True)
        reset_options(options)
        if seed is not None:
            seeds = random.Random(seed)
            deal = seed
        else:
            seeds = self._seeds
            deal = seeds.getrandbits(63)
        self._state = self._game.new_game(self.rules, seed=deal)
        self._seeds = seeds
        agents = self.possible_agents[:]
        self.agents = agents
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in agents}
        self._paying = False
        player = self._current_player(self._state)
        assert player is not None, "a new game has a seat on turn"
        self.agent_selection = self._agent_of_seat[player]

    def step(self, action: int | None) -> None:
        """Play ``action`` for ``agent_selection``.

        An action that is not a number from 0 to ``size - 1`` raises
        :class:`~cardrules.errors.ArgumentError`; an action whose move is not legal now raises
        :class:`~cardrules.IllegalMoveError` saying why, and the environment is left as it was (the
        mask says which actions are legal). Once the game is over each agent steps ``None``, as
        PettingZoo has it, and leaves; any other action of a done agent raises
        :class:`~cardrules.errors.ArgumentError` (a ``ValueError``, as PettingZoo's own refusal
        is) and changes nothing. So does a step before :meth:`reset` or once every agent has left.
        """
        self._started("step")
        agent = self.agent_selection
        if self.terminations[agent]:
            if action is not None:
                raise ArgumentError(f"{agent} is done: it steps None (the game is over), not {shown(action)}")
            self._was_dead_step(action)
            return
        move = self._move(action)  # type: ignore[arg-type]  # an int or numpy integer; else ArgumentError
        state = self._apply(self._state, move)
        self._state = state
        cumulative = self._cumulative_rewards
        cumulative[agent] = 0.0
        per_action = self._rewards_per_action
        reward = per_action[action if action.__class__ is int else int(action)] if per_action else 0.0  # type: ignore[arg-type]
        player = self._current_player(state)
        if player is None:
            self._finish(reward)
            return
        # Most steps of The Game pay and the others pay nothing; the dicts are left alone when a
        # step pays nothing after a step that paid nothing.
        if reward or self._paying:
            rewards = self.rewards
            for other in rewards:
                rewards[other] = reward
                cumulative[other] += reward
            self._paying = bool(reward)
        self.agent_selection = self._agent_of_seat[player]

    def _finish(self, last_reward: float) -> None:
        """The game is over: every agent's reward of this step is what the last move paid plus its
        return (for a game that pays only at the end), and every agent is terminated."""
        paid_at_end = self._rewards_per_action is None
        returns = rl.returns(self._state)
        for agent in self.agents:
            reward = returns[self._seat_of[agent]] if paid_at_end else last_reward
            self.rewards[agent] = reward
            self._cumulative_rewards[agent] += reward
            self.terminations[agent] = True
        self._deads_step_first()

    def observe(self, agent: str) -> AgentObservation:
        """What ``agent`` sees: the encoding of its observation (never a hidden card) and the mask
        of its legal actions (all zeros unless it must decide now)."""
        seat = self._seat_of[self._agent(agent)]
        state = self._state
        if state is None:
            raise ArgumentError("observe() needs a game: call reset() first")
        observation = self._observe(state, seat)
        # A fresh bool array, read as the 0/1 bytes it is: PettingZoo's masks are int8.
        mask = self._mask(observation).view(np.int8)
        return {"observation": self._encode(observation), "action_mask": mask}

    def render(self) -> str | None:
        """With ``render_mode="ansi"``, the position as text from ``agent_selection``'s view: the
        game's ``render`` of that agent's observation (the table, its own hand, the other hands'
        sizes), its legal moves and, once the game is over, the result and returns; ``None``
        without a render mode."""
        if self.render_mode is None:
            warnings.warn("render() called on an environment made without render_mode", stacklevel=2)
            return None
        state = self._state
        if state is None:
            raise ArgumentError("render() needs a game: call reset() first")
        agent = self.agent_selection
        seat = self._seat_of[agent]
        observation = self._observe(state, seat)
        player = self._current_player(state)
        moves = [self.actions.moves[i] for i in self._legal_actions(observation)]
        if player is None:
            header, footer = "game over", (f"result: {self._game.result(state)}\n"
                                           f"returns: {', '.join(f'{r:.3f}' for r in rl.returns(state))}")
        elif player == seat:
            header, footer = f"{agent} to act", ""
        else:
            header, footer = f"{agent} watching, {self._agent_of_seat[player]} to act", ""
        return position_text(self._title, header, observation, moves, footer,
                             body=self._game.render(observation))

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last``: ``agent_selection``'s observation (if ``observe``), cumulative
        reward, termination, truncation and info; :class:`~cardrules.errors.ArgumentError` before
        :meth:`reset` or once every agent has left."""
        self._started("last")
        return super().last(observe)  # type: ignore[no-any-return]

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        """PettingZoo's ``agent_iter``; :class:`~cardrules.errors.ArgumentError` before :meth:`reset`."""
        if self._state is None:
            raise ArgumentError("agent_iter() needs a game: call reset() first")
        return super().agent_iter(_max_iter(max_iter))

    def close(self) -> None:
        """Nothing to release."""

    def _started(self, call: str) -> None:
        """Refuse ``call`` before the first reset and once every agent has left the finished game."""
        if self._state is None:
            raise ArgumentError(f"{call}() needs a game: call reset() first")
        if not self.agents:
            raise ArgumentError(f"{call}(): the game is over and every agent has left: call reset()")

    def _agent(self, agent: object) -> str:
        if not isinstance(agent, str) or agent not in self._seat_of:
            raise ArgumentError(f"no agent {shown(agent)}; the agents are {', '.join(self.possible_agents)}")
        return agent


def _max_iter(max_iter: object) -> int:
    """``agent_iter``'s ``max_iter`` as an ``int`` (a numpy integer too; none at all from 0 down, as
    PettingZoo has it); :class:`ArgumentError` for anything else, which PettingZoo's iterator
    compared with 0 (a bare ``TypeError``) or counted down by ones (``1.5``)."""
    if isinstance(max_iter, numbers.Integral) and not isinstance(max_iter, bool):
        return int(max_iter)
    raise ArgumentError(f"max_iter is a whole number, not {shown(max_iter)}")


def _game_and_rules(game: str | object, options: dict[str, Any]) -> tuple[SomeGame, object]:
    """The game and rules an environment is made for: a name and keyword options, or a rules value."""
    if isinstance(game, str):
        descriptor = get(game)
        return descriptor, rules_from_options(descriptor, options)
    try:
        found: SomeGame | None = game_of(game)
    except (TypeError, CardrulesError):  # unhashable, or no game's value
        found = None
    if found is None or type(game) is not found.rules_type:
        raise ArgumentError(f"a game's name ({', '.join(map(repr, available()))}) or its rules, not "
                            f"{type(game).__name__}")
    if options:
        raise ArgumentError(f"options ({some_names(list(options))}) go with a game's name, not with a rules "
                            f"value")
    return found, game
