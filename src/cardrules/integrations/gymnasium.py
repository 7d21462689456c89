"""Gymnasium: solo The Game as ``cardrules/TheGame-v0``, and one seat of Mille Bornes against the
library's bots as ``cardrules/MilleBornes-v0`` (the extra ``gymnasium``:
``pip install "cardrules[gymnasium]"``). Importing this module registers both.

>>> import gymnasium
>>> import cardrules.integrations.gymnasium
>>> env = gymnasium.make("cardrules/TheGame-v0", expert=True)
>>> observation, info = env.reset(seed=1)
>>> observation in env.observation_space, observation.dtype, info["action_mask"].dtype
(True, dtype('float32'), dtype('int8'))
>>> action = int(info["action_mask"].nonzero()[0][0])          # the first legal action
>>> observation, reward, terminated, truncated, info = env.step(action)
>>> reward, terminated, truncated                               # 1/98 per card laid
(0.01020408163265306, False, False)

The observation is the vector of :func:`cardrules.rl.observation_encoder` (a ``Box``); the mask of
legal actions is ``info["action_mask"]`` (int8) and ``env.unwrapped.action_masks()`` (bool, as
sb3-contrib's MaskablePPO asks). ``docs/gymnasium.md`` says the rest.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
except ImportError as exc:  # pragma: no cover -- CI installs every extra
    raise ImportError(f'cardrules.integrations.gymnasium needs Gymnasium: pip install "cardrules[gymnasium]" '
                      f'(the import failed: {exc})') from exc

from cardrules import rl
from cardrules.arguments import printable, shown
from cardrules.bots import Bot, RandomBot
from cardrules.errors import ArgumentError, IllegalMoveError
from cardrules.integrations._common import (
    position_text,
    reset_options,
    reset_seed,
    rewards_per_action,
    rules_from_options,
)
from cardrules.registry import SomeGame, get

__all__ = ["ENV_ID", "ILLEGAL_ACTIONS", "MILLE_BORNES_ID", "OPPONENTS", "MilleBornesEnv", "TheGameEnv"]

ENV_ID = "cardrules/TheGame-v0"
"""The id this module registers with Gymnasium."""

ILLEGAL_ACTIONS = ("end", "raise")
"""What an illegal action does: ``"end"`` the episode (the default) or ``"raise"``
:class:`~cardrules.errors.IllegalMoveError`."""

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]

MILLE_BORNES_ID = "cardrules/MilleBornes-v0"
"""The id of one seat of Mille Bornes against the library's bots."""

OPPONENTS: Mapping[str, Callable[[int], Bot[Any, Any]]] = {
    "expert": lambda seed: _mille_bornes_bot("expert_bot", "ExpertBot"),
    "heuristic": lambda seed: _mille_bornes_bot("bots", "HeuristicBot"),
    "random": RandomBot,
}
"""The bots ``cardrules/MilleBornes-v0`` seats by name: ``"expert"`` (``ExpertBot``, by the odds;
the default), ``"heuristic"`` (``HeuristicBot``, rules of thumb) and ``"random"`` (any legal move,
from a seed drawn from the environment's ``np_random``). Each is made from that seed."""


def _mille_bornes_bot(module: str, name: str) -> Bot[Any, Any]:
    """A bot of Mille Bornes' own, with its default options (its module is loaded when it is asked for)."""
    found: Callable[[], Bot[Any, Any]] = getattr(
        importlib.import_module(f"cardrules.games.mille_bornes.{module}"), name)
    return found()


class _OneSeat(gymnasium.Env[Vector, np.int64]):
    """What both environments share: seat 0 is the agent, the other seats (if any) are bots that
    play until seat 0 must decide; rewards add up to ``cardrules.rl.returns`` of seat 0."""

    # Gymnasium asks every renderable environment for a frame rate; text has none to speak of.
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 -- as Env declares it

    def _set_up(self, game: SomeGame, rules: object, render_mode: object, illegal_action: object) -> None:
        # A caller's value is compared only once it is a str (an array would answer ``in`` with an array).
        if render_mode is not None and (not isinstance(render_mode, str)
                                        or render_mode not in self.metadata["render_modes"]):
            raise ArgumentError(f"render_mode is None or 'ansi', not {shown(render_mode)}")
        if not isinstance(illegal_action, str) or illegal_action not in ILLEGAL_ACTIONS:
            raise ArgumentError(f"illegal_action is 'end' or 'raise', not {shown(illegal_action)}")
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.rules = rules
        self.actions = rl.action_space(rules)
        """The :class:`cardrules.rl.ActionSpace`: ``actions.move(i)`` is the move of action ``i``."""
        self.encoder = rl.observation_encoder(rules)
        """The observation encoder; its ``layout`` names the slices of the observation."""
        self.observation_space = gymnasium.spaces.Box(0.0, 1.0, self.encoder.shape, dtype=np.float32)
        self.action_space = gymnasium.spaces.Discrete(self.actions.size)
        self._game = game
        # What each action pays as it is played (The Game), or None: the return is paid at the end.
        self._rewards = rewards_per_action(game, self.actions.moves)
        self._bots: tuple[Bot[Any, Any] | None, ...] = ()
        self._state: object = None
        self._over = False

    @property
    def game_state(self) -> object:
        """The engine's current state (for tests and analysis; the agent sees the observation)."""
        if self._state is None:
            raise ArgumentError("the environment has no game before reset()")
        return self._state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, dict[str, Any]]:
        """Deal a game: ``new_game(rules, seed=seed)`` when ``seed`` is given (which also seeds
        ``np_random``, from which the later deals without a seed are drawn, and the bots' seeds),
        then let the bots play until seat 0 must decide. ``options`` is accepted and ignored.

        ``seed`` is ``None`` or a whole number from 0 up (a numpy integer too), as ``np_random``
        takes it; ``options`` a dict or ``None``. Anything else raises
        :class:`~cardrules.errors.ArgumentError` and changes nothing.
        """
        seed = reset_seed(seed, negative=False)
        reset_options(options)
        super().reset(seed=seed)
        deal = seed if seed is not None else int(self.np_random.integers(2**63))
        self._bots = self._seat_bots()
        self._state = self._bots_play(self._game.new_game(self.rules, seed=deal))
        self._over = self._game.is_terminal(self._state)
        return self._observation()

    def _seat_bots(self) -> tuple[Bot[Any, Any] | None, ...]:
        """The bot of each seat for a new deal (``None`` for seat 0, the agent's)."""
        return (None,)

    def _bots_play(self, state: object) -> object:
        """``state`` once the bots have played until seat 0 must decide or the game is over; a bot's
        illegal move raises :class:`~cardrules.IllegalMoveError` naming its seat (the bot's own
        exceptions go through as they are), and the caller keeps the state it had."""
        game, bots = self._game, self._bots
        seat = game.current_player(state)
        while seat is not None and seat != 0:
            bot = bots[seat]
            assert bot is not None, "every seat but the agent's has a bot"
            move = bot.choose(game.observe(state, seat), game.legal_moves(state))
            try:
                state = game.apply(state, move)
            except IllegalMoveError as error:
                # Said as the bot's, not the agent's: a caller's bot object may choose anything.
                name = printable(type(bot).__name__, 60)
                raise IllegalMoveError(error.move, f"the opponents' bot at seat {seat} ({name}) chose it: "
                                                   f"{error.reason}") from None
            seat = game.current_player(state)
        return state

    def step(self, action: int | np.integer[Any]) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        """Play ``action`` for seat 0, then let the bots play until seat 0 must decide again:
        the rewards of an episode add up to :func:`cardrules.rl.returns` of seat 0, ``terminated``
        is true once the game is over, ``truncated`` is never true (every game ends).

        An action that is not a number from 0 to ``size - 1`` raises
        :class:`~cardrules.errors.ArgumentError`. An illegal one, by default, ends the episode
        (reward 0, ``info["illegal_action"]`` says why, the game left as it was); with
        ``illegal_action="raise"`` it raises :class:`~cardrules.IllegalMoveError`.
        """
        if self._state is None or self._over:
            raise ArgumentError("step() needs a game in play: call reset() first")
        move = self.actions.move(action)
        why = self._game.why_illegal(self._state, move)
        if why is not None:
            if self.illegal_action == "raise":
                self._state = self._game.apply(self._state, move)  # raises IllegalMoveError saying why
            self._over = True
            observation, info = self._observation()
            info["illegal_action"] = f"{move}: {why}"
            return observation, 0.0, True, False, info
        state = self._bots_play(self._game.apply(self._state, move))
        self._state = state
        self._over = self._game.is_terminal(state)
        reward = 0.0 if self._rewards is None else self._rewards[int(action)]
        if self._over and self._rewards is None:
            reward += rl.returns(state)[0]
        observation, info = self._observation()
        return observation, reward, self._over, False, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions as a bool array (sb3-contrib's ``MaskablePPO`` reads this method);
        all false once the episode is over."""
        if self._state is None or self._over:
            return np.zeros(self.actions.size, dtype=np.bool_)
        return self.actions.mask(self._game.observe(self._state, 0))

    def render(self) -> str | None:
        """With ``render_mode="ansi"``, the position as seat 0 sees it: the table, its hand, the
        legal moves (and the result once the game is over); ``None`` without a render mode."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called on an environment made without render_mode")
            return None
        if self._state is None:
            raise ArgumentError("render() needs a game: call reset() first")
        state = self._state
        moves = () if self._over else self._game.legal_moves(state)
        outcome = self._game.result(state)
        footer = "" if outcome is None else f"result: {outcome}\nreturn: {rl.returns(state)[0]:.3f}"
        if outcome is not None:
            header = "game over"
        elif self._over:
            header = "the episode ended on an illegal action"
        else:
            header = "to act"
        observation = self._game.observe(state, 0)
        return position_text(self._game.title, header, observation, moves, footer,
                             body=self._game.render(observation))

    def _observation(self) -> tuple[Vector, dict[str, Any]]:
        """The encoded observation and the info (a fresh mask: Gymnasium's users may keep both)."""
        observation = self._game.observe(self._state, 0)
        if self._over:  # over by an illegal action too, in a state that still has legal moves
            mask = np.zeros(self.actions.size, dtype=np.int8)
        else:
            mask = self.actions.mask(observation).view(np.int8)  # a fresh array, its bools as 0/1 bytes
        return self.encoder.encode(observation), {"action_mask": mask}


class TheGameEnv(_OneSeat):
    """Solo The Game as a Gymnasium environment.

    Options (keywords, also through ``gymnasium.make``): ``expert``, ``reduced_hand`` and
    ``on_fire`` as in ``the_game.Rules``; ``players`` may only be 1 (a table of several seats is a
    multi-agent game: use :func:`cardrules.integrations.pettingzoo.env`); ``illegal_action``, see
    :data:`ILLEGAL_ACTIONS`; ``render_mode="ansi"`` for :meth:`render`. The reward is 1/98 per card
    laid.

    >>> env = TheGameEnv(on_fire=True)
    >>> env.rules, env.action_space
    (Rules(players=1, expert=False, reduced_hand=False, on_fire=True), Discrete(393))
    >>> TheGameEnv(players=2)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: cardrules/TheGame-v0 is solo The Game, not players=2: for a table, use ...
    """

    def __init__(
        self, *, render_mode: str | None = None, illegal_action: Literal["end", "raise"] = "end",
        **options: Any,
    ) -> None:
        game = get("the-game")
        rules = rules_from_options(game, options)
        players = game.players(rules)
        if players != 1:
            raise ArgumentError(f"{ENV_ID} is solo The Game, not players={players}: for a table, use "
                                f"cardrules.integrations.pettingzoo.env('the-game', players={players})")
        self._set_up(game, rules, render_mode, illegal_action)


class MilleBornesEnv(_OneSeat):
    """Mille Bornes for seat 0 against the library's bots, as a Gymnasium environment.

    Options (keywords, also through ``gymnasium.make``): the keywords of ``mille_bornes.Rules``
    (``players``, ``team_size``, ``target_score``, ...) or, with ``preset="room"`` (any preset of
    the rules), that preset's; ``opponents``, the bot of every other seat (partners included): a
    name of :data:`OPPONENTS` (``"expert"`` by default), a bot (anything with a ``choose`` method),
    or a sequence of those, one per seat from seat 1 on; ``illegal_action``, see
    :data:`ILLEGAL_ACTIONS`; ``render_mode="ansi"`` for :meth:`render`. The reward is 0 until the
    game is over, then seat 0's :func:`cardrules.rl.returns` (+1 won, -1 lost at two sides).

    >>> env = MilleBornesEnv(players=4, team_size=2, target_score=None, opponents="heuristic")
    >>> env.rules.race, env.action_space, env.observation_space.shape
    (1000, Discrete(51), (166,))
    >>> MilleBornesEnv(opponents="perfect")
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: opponents: no bot 'perfect'; the bots are expert, heuristic, random
    """

    def __init__(
        self, *, render_mode: str | None = None, illegal_action: Literal["end", "raise"] = "end",
        opponents: str | Bot[Any, Any] | Sequence[str | Bot[Any, Any]] = "expert", **options: Any,
    ) -> None:
        game = get("mille-bornes")
        rules = rules_from_options(game, options)
        self._opponents = _opponents(opponents, game.players(rules) - 1)
        self._set_up(game, rules, render_mode, illegal_action)

    def _seat_bots(self) -> tuple[Bot[Any, Any] | None, ...]:
        # A seed for every other seat, whatever its bot, so the deals that follow do not depend on
        # which bots sit at the table.
        seeds = [int(seed) for seed in self.np_random.integers(2**63, size=len(self._opponents))]
        return (None, *(OPPONENTS[bot](seed) if isinstance(bot, str) else bot
                        for bot, seed in zip(self._opponents, seeds, strict=True)))


def _opponents(opponents: object, seats: int) -> tuple[str | Bot[Any, Any], ...]:
    """``opponents`` as one name or bot per other seat; :class:`ArgumentError` if it is not that."""
    def one(bot: object) -> str | Bot[Any, Any]:
        if isinstance(bot, str):
            if bot not in OPPONENTS:
                raise ArgumentError(f"opponents: no bot {shown(bot)}; the bots are {', '.join(OPPONENTS)}")
            return bot
        if isinstance(bot, Bot):
            return bot
        raise ArgumentError(f"opponents: a bot's name ({', '.join(OPPONENTS)}) or a bot, not {shown(bot)}")

    if isinstance(opponents, (str, Bot)):
        return (one(opponents),) * seats
    if not isinstance(opponents, Sequence):
        raise ArgumentError(f"opponents is a bot's name, a bot or a sequence of them, not {shown(opponents)}")
    if len(opponents) != seats:
        plural = "" if seats == 1 else "s"
        raise ArgumentError(f"opponents: {len(opponents)} bots given for {seats} other seat{plural}; give "
                            f"one per seat from seat 1 on")
    return tuple(one(bot) for bot in opponents)


if ENV_ID not in gymnasium.registry:
    gymnasium.register(ENV_ID, entry_point=TheGameEnv)
if MILLE_BORNES_ID not in gymnasium.registry:
    gymnasium.register(MILLE_BORNES_ID, entry_point=MilleBornesEnv)
