"""Gymnasium: one seat of any registered game, the other seats played by bots.

A game's id is ``cardrules/<Name>-v0`` (``cardrules/TheGame-v0``, ``cardrules/MilleBornes-v0``, ...:
see :func:`env_id`). It needs the extra ``gymnasium``: ``pip install "cardrules[gymnasium]"``.
Importing this module registers an id for every game available then (:func:`register_envs`).

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
sb3-contrib's MaskablePPO asks). The other seats' bots are the game's reference bots (its ``bots``
in its :class:`~cardrules.contract.Game`) or random ones. ``docs/gymnasium.md`` says the rest.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
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
from cardrules.registry import SomeGame, available, get

__all__ = ["ILLEGAL_ACTIONS", "CardrulesEnv", "env_id", "register_envs"]

ILLEGAL_ACTIONS = ("end", "raise")
"""What an illegal action does: ``"end"`` the episode (the default) or ``"raise"``
:class:`~cardrules.errors.IllegalMoveError`."""

RANDOM = "random"
"""The name of the bot every game has: any legal move, from a seed drawn from ``np_random``."""

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


def env_id(game: str) -> str:
    """The Gymnasium id of the game called ``game``: its name's words capitalized and joined.

    >>> env_id("the-game"), env_id("mille-bornes")
    ('cardrules/TheGame-v0', 'cardrules/MilleBornes-v0')
    """
    return f"cardrules/{''.join(word.capitalize() for word in game.split('-'))}-v0"


def register_envs() -> tuple[str, ...]:
    """Register with Gymnasium an id (:func:`env_id`) for every game available now that has none
    yet, and return the ids of them all. Importing this module calls it; call it again after
    registering a game of your own (``gymnasium.make`` then finds that game's id too).

    >>> "cardrules/MilleBornes-v0" in register_envs()
    True
    """
    ids = []
    for name in available():
        found = env_id(name)
        if found not in gymnasium.registry:
            gymnasium.register(found, entry_point=_made_env, kwargs={"game": name})
        ids.append(found)
    return tuple(ids)


class CardrulesEnv(gymnasium.Env[Vector, np.int64]):
    """Seat 0 of a game as a Gymnasium environment; bots play the other seats (partners included)
    until seat 0 must decide, and the rewards add up to ``cardrules.rl.returns`` of seat 0.

    ``game`` is a registered game's name (``gymnasium.make`` passes it for each game's id).
    Options (keywords, also through ``gymnasium.make``): the keywords of the game's ``Rules`` or,
    with ``preset="room"`` (any preset of the rules), that preset's; ``opponents``, the bot of
    every other seat: the name of one of the game's reference bots or ``"random"``, a bot
    (anything with a ``choose`` method), or a sequence of those, one per seat from seat 1 on (by
    default the game's first reference bot, or random play for a game that has none);
    ``illegal_action``, see :data:`ILLEGAL_ACTIONS`; ``render_mode="ansi"`` for :meth:`render`.
    A move that the game pays as it is made (its ``rewards`` facet) pays seat 0 whoever makes it;
    otherwise the reward is 0 until the game is over, then seat 0's :func:`cardrules.rl.returns`.

    >>> env = CardrulesEnv("the-game", on_fire=True)
    >>> env.rules, env.action_space
    (Rules(players=1, expert=False, reduced_hand=False, on_fire=True), Discrete(393))
    >>> env = CardrulesEnv("mille-bornes", players=4, team_size=2, target_score=None, opponents="heuristic")
    >>> env.rules.race, env.action_space, env.observation_space.shape
    (1000, Discrete(51), (166,))
    >>> CardrulesEnv("mille-bornes", opponents="perfect")
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: opponents: no bot 'perfect'; the bots are expert, heuristic, random
    """

    # Gymnasium asks every renderable environment for a frame rate; text has none to speak of.
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 -- as Env declares it

    def __init__(
        self, game: str, *, render_mode: str | None = None, illegal_action: Literal["end", "raise"] = "end",
        opponents: str | Bot[Any, Any] | Sequence[str | Bot[Any, Any]] | None = None, **options: Any,
    ) -> None:
        if not isinstance(game, str):
            raise ArgumentError(f"game is a registered game's name, not {type(game).__name__}")
        descriptor = get(game)
        rules = rules_from_options(descriptor, options)
        # A caller's value is compared only once it is a str (an array would answer ``in`` with an array).
        if render_mode is not None and (not isinstance(render_mode, str)
                                        or render_mode not in self.metadata["render_modes"]):
            raise ArgumentError(f"render_mode is None or 'ansi', not {shown(render_mode)}")
        if not isinstance(illegal_action, str) or illegal_action not in ILLEGAL_ACTIONS:
            raise ArgumentError(f"illegal_action is 'end' or 'raise', not {shown(illegal_action)}")
        names = (*descriptor.bots, RANDOM)
        self._opponents = _opponents(names[0] if opponents is None else opponents, names,
                                     descriptor.players(rules) - 1)
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.rules = rules
        self.actions = rl.action_space(rules)
        """The :class:`cardrules.rl.ActionSpace`: ``actions.move(i)`` is the move of action ``i``."""
        self.encoder = rl.observation_encoder(rules)
        """The observation encoder; its ``layout`` names the slices of the observation."""
        self.observation_space = gymnasium.spaces.Box(0.0, 1.0, self.encoder.shape, dtype=np.float32)
        self.action_space = gymnasium.spaces.Discrete(self.actions.size)
        self._game = descriptor
        # What each action pays as it is played (The Game), or None: the return is paid at the end.
        self._rewards = rewards_per_action(descriptor, self.actions.moves)
        self._bots: tuple[Bot[Any, Any] | None, ...] = ()
        self._state: object = None
        self._over = False
        # What the bots' moves paid before seat 0's first decision (reset pays nothing): paid by the
        # next step, so that an episode's rewards still add up to the return.
        self._owed = 0.0

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
        self._state, self._owed = self._bots_play(self._game.new_game(self.rules, seed=deal))
        self._over = self._game.is_terminal(self._state)
        return self._observation()

    def _seat_bots(self) -> tuple[Bot[Any, Any] | None, ...]:
        """The bot of each seat for a new deal (``None`` for seat 0, the agent's)."""
        if not self._opponents:
            return (None,)
        # A seed for every other seat, whatever its bot, so the deals that follow do not depend on
        # which bots sit at the table.
        seeds = [int(seed) for seed in self.np_random.integers(2**63, size=len(self._opponents))]
        return (None, *(_made(self._game, bot, seed) if isinstance(bot, str) else bot
                        for bot, seed in zip(self._opponents, seeds, strict=True)))

    def _bots_play(self, state: object) -> tuple[object, float]:
        """``state`` once the bots have played until seat 0 must decide or the game is over, and what
        their moves paid seat 0; a bot's illegal move raises :class:`~cardrules.IllegalMoveError`
        naming its seat (the bot's own exceptions go through as they are), and the caller keeps the
        state it had."""
        game, bots, rewards = self._game, self._bots, self._rewards
        paid = 0.0
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
            if rewards is not None:
                paid += rewards[self.actions.index(move)]
            seat = game.current_player(state)
        return state, paid

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
        state, paid = self._bots_play(self._game.apply(self._state, move))
        self._state = state
        self._over = self._game.is_terminal(state)
        reward = 0.0 if self._rewards is None else self._rewards[int(action)] + paid + self._owed
        self._owed = 0.0
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


def _made_env(**options: Any) -> CardrulesEnv:
    """What ``gymnasium.make`` calls for a game's id: a :class:`CardrulesEnv` (whose ``game`` comes
    first, where Gymnasium's entry points take keywords only)."""
    return CardrulesEnv(**options)


def _made(game: SomeGame, name: str, seed: int) -> Bot[Any, Any]:
    """The bot called ``name`` (one of ``game``'s reference bots, or random), with its default
    options and ``seed`` if it takes one."""
    if name == RANDOM:
        return RandomBot(seed)
    kind = game.bot(name)
    made: Bot[Any, Any] = kind(seed=seed) if "seed" in inspect.signature(kind).parameters else kind()
    return made


def _opponents(opponents: object, names: tuple[str, ...], seats: int) -> tuple[str | Bot[Any, Any], ...]:
    """``opponents`` as one name (of ``names``) or bot per other seat; :class:`ArgumentError` if it
    is not that."""
    listed = ", ".join(sorted(names))

    def one(bot: object) -> str | Bot[Any, Any]:
        if isinstance(bot, str):
            if bot not in names:
                raise ArgumentError(f"opponents: no bot {shown(bot)}; the bots are {listed}")
            return bot
        if isinstance(bot, Bot):
            return bot
        raise ArgumentError(f"opponents: a bot's name ({listed}) or a bot, not {shown(bot)}")

    if isinstance(opponents, (str, Bot)):
        return (one(opponents),) * seats
    if not isinstance(opponents, Sequence):
        raise ArgumentError(f"opponents is a bot's name, a bot or a sequence of them, not {shown(opponents)}")
    if len(opponents) != seats:
        plural = "" if seats == 1 else "s"
        raise ArgumentError(f"opponents: {len(opponents)} bots given for {seats} other seat{plural}; give "
                            f"one per seat from seat 1 on")
    return tuple(one(bot) for bot in opponents)


register_envs()
