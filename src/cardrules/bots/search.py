"""Information-set Monte Carlo tree search: a bot for any registered game, hidden cards and all.

:class:`ISMCTSBot` is single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): one tree over
the information sets of the seat that decides, grown over many determinizations of its observation.
It reaches the game only through the contract (``determinize``, ``legal_moves``, ``apply``,
``current_player``, ``result``), so it plays The Game, Mille Bornes and any game a user registers.
``cardrules.bots`` re-exports it; ``flat=True`` swaps the tree for flat Monte Carlo over the root
moves on common deals (:mod:`cardrules.bots.flat`). :class:`SearchBot` is the same search with a
game's reference bot for rollouts and a budget a command line can afford.

>>> from cardrules.bots import play_game
>>> from cardrules.games import the_game
>>> final = play_game(the_game.Rules(players=2), ISMCTSBot(iterations=20, seed=1), seed=4)
>>> the_game.is_terminal(final)
True
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol, TypeVar, cast

from cardrules.arguments import check_legal, shown
from cardrules.bots.flat import flat_choice, roll_out
from cardrules.errors import ArgumentError, CardrulesError
from cardrules.registry import SomeGame, game_of_observation, game_of_state

__all__ = ["MAX_ITERATIONS", "MAX_SECONDS", "ISMCTSBot", "RolloutPolicy", "SearchBot", "ValueFunction",
           "outcome_returns"]

_MAX_FLOAT = sys.float_info.max
"""A number past it cannot become a float (a whole number of 309 digits or more, or infinity)."""

M = TypeVar("M")
O_contra = TypeVar("O_contra", contravariant=True)
M_ = TypeVar("M_")

ValueFunction = Callable[[object], Sequence[float]]
"""What a finished game is worth to each seat: a final state in, one number per seat out."""


class RolloutPolicy(Protocol[O_contra, M_]):
    """A bot that finishes the simulated games: anything with ``choose(observation, legal)``, like
    ``cardrules.bots.RandomBot``, The Game's ``GreedyBot`` or Mille Bornes' ``HeuristicBot`` (the
    same shape as ``cardrules.bots.Bot``, which this module cannot import: the package imports it)."""

    def choose(self, observation: O_contra, legal: tuple[M_, ...]) -> M_:
        """The move to make, one of ``legal``."""
        ...


def outcome_returns(state: object) -> tuple[float, ...]:
    """One number per seat for ``state``, of any game: the game's ``returns`` facet if it declares
    one, else read from its result; no numpy.

    A game's ``returns`` facet says what its seats are paid (both shipped games declare one: The
    Game pays every seat the share of the deck laid, Mille Bornes each seat its side's share of the
    win). A game without one is paid by its result: zeros while it goes on, then, if the result
    names the winning seats in ``winners``, ``1 / len(winners)`` to each of them and 0 to the
    others. Any other game needs a ``returns`` facet (or, for ISMCTSBot, a ``value`` function).
    These are the figures of ``cardrules.rl.returns``.

    >>> from cardrules.bots import play_game, RandomBot
    >>> from cardrules.games import the_game
    >>> final = play_game(the_game.Rules(players=2), RandomBot(1), seed=1)
    >>> outcome_returns(final) == ((98 - the_game.result(final).cards_left) / 98,) * 2
    True
    """
    try:
        game = game_of_state(state)
    except CardrulesError:
        raise ArgumentError(f"outcome_returns() takes a state of a game, not {type(state).__name__}") \
            from None
    declared = game.facet("returns")
    if declared is not None:
        return cast("Callable[[object], tuple[float, ...]]", declared)(state)
    outcome = game.result(state)
    players = game.players(game.rules_of(state))
    if outcome is None:
        return (0.0,) * players
    winners = getattr(outcome, "winners", None)
    if isinstance(winners, tuple) and winners:
        share = 1 / len(winners)
        return tuple(share if seat in winners else 0.0 for seat in range(players))
    raise ArgumentError(f"{game.title}'s result names no winners and the game declares no returns facet: "
                        "give ISMCTSBot a value function")


class _Node:
    """A node of the tree: the information set reached by a sequence of moves from the root.

    ``seat`` moved into it; ``total`` adds up that seat's returns over the ``visits`` (``square``
    their squares, for the guard's standard errors), and ``available`` counts the iterations in
    which its move was legal at its parent (ISMCTS's availability count, which replaces the
    parent's visits in UCB1).
    """

    __slots__ = ("available", "children", "seat", "square", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.total = 0.0
        self.square = 0.0
        self.visits = 0
        self.available = 0
        self.children: dict[object, _Node] = {}


def _variance(node: _Node) -> float:
    """The sample variance of a node's returns (at least 2 visits)."""
    mean = node.total / node.visits
    return max(0.0, (node.square - node.visits * mean * mean) / (node.visits - 1))


class ISMCTSBot:
    """Single-observer information-set MCTS over ``determinize``, with rollouts by a fast policy.

    Each decision grows one tree from the deciding seat's observation. An iteration deals a
    determinization (a full state consistent with the observation, hidden cards at random), walks
    the tree with the moves legal in that determinization — UCB1 on
    ``mean + exploration * sqrt(ln(available) / visits)``, where ``available`` counts the
    iterations in which the move was legal — adds one node, finishes the game with ``rollout``
    (uniformly random moves when ``None``) and backs up ``value`` of the final state. Each node
    keeps the return of the seat that moved into it, so every seat's nodes pick by that seat's own
    returns: in The Game every seat maximises the shared return, in Mille Bornes each seat its
    side's. The move played is the root's most visited — or, with a rollout policy and a
    ``guard``, the policy's own move unless another root move did better by ``guard`` standard
    errors.

    Parameters:

    - ``iterations`` (default 1000) or ``seconds``: the budget per decision; give one of them.
      With ``iterations`` and a ``seed`` the bot is deterministic.
    - ``exploration``: the UCB1 constant, on the scale of the returns (default 0.7).
    - ``rollout``: a bot that plays every seat of the simulated games (``GreedyBot()`` for The Game,
      ``HeuristicBot()`` for Mille Bornes); its move must follow from the observation it is given,
      as the reference bots' do (GreedyBot remembers only the plan of the turn in progress, for
      the observations that plan leads to), since it is asked about many unrelated positions.
    - ``value``: one number per seat for a final state; :func:`outcome_returns` by default (the
      figures of ``cardrules.rl.returns`` for the shipped games, without numpy).
    - ``guard`` (default 2.0; needs a ``rollout``): the root plays the rollout policy's move unless
      another root move's mean return beats that move's by more than ``guard`` standard errors of
      the difference; the most visited of those that do. With few iterations the means are noise,
      and picking by noise among a dozen moves is worse than trusting the policy, so the search
      keeps the policy's strength and departs from it only on evidence. ``None`` plays the most
      visited move, as plain ISMCTS does.
    - ``flat`` (default ``False``): no tree, but flat Monte Carlo over the root moves on common
      deals (:func:`cardrules.bots.flat.flat_choice`): every move on the same determinizations,
      the budget spread by sequential halving, the policy's move kept unless a challenger passes
      the ``guard`` on fresh deals; ``exploration`` and ``widening`` are then unused. With
      ``GreedyBot`` rollouts it is The Game's search (``docs/bots.md``).
    - ``seed``: the bot's own randomness (determinizations, expansion, random rollouts).

    The bot sees only its observation, like every bot: the tree's hidden cards are guesses.

    >>> from cardrules.games import the_game
    >>> state = the_game.new_game(the_game.Rules(players=2), seed=3)
    >>> bot = ISMCTSBot(iterations=30, seed=7)
    >>> move = bot.choose(the_game.observe(state, 0), the_game.legal_moves(state))
    >>> move in the_game.legal_moves(state), ISMCTSBot(iterations=30, seed=7).choose(
    ...     the_game.observe(state, 0), the_game.legal_moves(state)) == move
    (True, True)
    """

    def __init__(
        self,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 0.7,
        widening: float | None = 1.0,
        # Any: a rollout bot of whichever game the observations will come from; which game that is
        # is known only at run time, through the registry, so no type variable can link them.
        rollout: RolloutPolicy[Any, Any] | None = None,
        value: ValueFunction | None = None,
        guard: float | None = 2.0,
        flat: bool = False,
        seed: int | None = None,
    ) -> None:
        if iterations is not None and seconds is not None:
            raise ArgumentError("give ISMCTSBot a budget in iterations or in seconds, not both")
        if iterations is None and seconds is None:
            iterations = 1000
        if iterations is not None and (type(iterations) is not int or iterations < 1):
            raise ArgumentError(f"iterations is a whole number from 1 up, not {shown(iterations)}")
        if seconds is not None and (type(seconds) not in (int, float) or not 0 < seconds <= _MAX_FLOAT):
            raise ArgumentError(f"seconds is a positive number, not {shown(seconds)}")
        if type(exploration) not in (int, float) or not 0 <= exploration <= _MAX_FLOAT:
            raise ArgumentError(f"exploration is a number from 0 up, not {shown(exploration)}")
        if widening is not None and (type(widening) not in (int, float) or not 0 < widening <= _MAX_FLOAT):
            raise ArgumentError(f"widening is a positive number or None, not {shown(widening)}")
        if rollout is not None and not callable(getattr(rollout, "choose", None)):
            raise ArgumentError("rollout is a bot (anything with a choose method) or None")
        if value is not None and not callable(value):
            raise ArgumentError(f"value is a function of a final state, not {type(value).__name__}")
        if guard is not None and (type(guard) not in (int, float) or not 0 <= guard <= _MAX_FLOAT):
            raise ArgumentError("guard is a number of standard errors from 0 up, or None, "
                                f"not {shown(guard)}")
        if type(flat) is not bool:
            raise ArgumentError(f"flat is true or false, not {shown(flat)}")
        if seed is not None and type(seed) is not int:
            raise ArgumentError(f"a bot's seed is a whole number or None, not {type(seed).__name__}")
        self.flat = flat
        self.iterations = iterations
        self.seconds = None if seconds is None else float(seconds)
        self.exploration = float(exploration)
        self.widening = None if widening is None else float(widening)
        self.rollout = rollout
        self.value: ValueFunction = outcome_returns if value is None else value
        self.guard = None if guard is None else float(guard)
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        budget = f"iterations={self.iterations}" if self.seconds is None else f"seconds={self.seconds}"
        return (f"ISMCTSBot({budget}, exploration={self.exploration}, rollout={self.rollout!r}, "
                f"guard={self.guard}, flat={self.flat})")

    def choose(self, observation: object, legal: tuple[M, ...]) -> M:
        """The move chosen after the budget's iterations from ``observation``: the root's most
        visited, or the rollout policy's move unless the ``guard`` finds a better one (with
        ``flat``, the flat search's choice)."""
        check_legal(legal)
        try:
            game = game_of_observation(observation)
        except CardrulesError:
            raise ArgumentError(f"ISMCTSBot plays from an observation of a registered game, not "
                                f"{type(observation).__name__}") from None
        if len(legal) == 1:
            return legal[0]
        if self.flat:
            return flat_choice(game, observation, legal, policy=self.rollout, value=self.value,
                               iterations=self.iterations, seconds=self.seconds, guard=self.guard,
                               rng=self.rng)
        root = _Node(-1)
        if self.seconds is None:
            for _ in range(self.iterations or 0):
                self._iterate(game, observation, root)
        else:
            deadline = time.perf_counter() + self.seconds
            self._iterate(game, observation, root)
            while time.perf_counter() < deadline:
                self._iterate(game, observation, root)
        if self.rollout is not None and self.guard is not None:
            return self._guarded(observation, legal, root, self.rollout, self.guard)
        return self._most_visited(legal, root.children)

    @staticmethod
    def _most_visited(legal: tuple[M, ...], children: dict[object, _Node]) -> M:
        best = legal[0]
        most = -1
        for move in legal:
            child = children.get(move)
            if child is not None and child.visits > most:
                best, most = move, child.visits
        return best

    @staticmethod
    def _guarded(observation: object, legal: tuple[M, ...], root: _Node,
                 policy: RolloutPolicy[Any, Any], guard: float) -> M:
        """The policy's move, unless root moves beat it by ``guard`` standard errors: then the
        most visited of those."""
        own: M = policy.choose(observation, legal)
        base = root.children.get(own)
        if base is None or base.visits < 2:
            return own
        base_mean = base.total / base.visits
        base_spread = _variance(base) / base.visits
        better: dict[object, _Node] = {}
        for move, child in root.children.items():
            if move == own or child.visits < 2:
                continue
            gain = child.total / child.visits - base_mean
            if gain > guard * math.sqrt(_variance(child) / child.visits + base_spread):
                better[move] = child
        if not better:
            return own
        return ISMCTSBot._most_visited(legal, better)

    def _iterate(self, game: SomeGame, observation: object, root: _Node) -> None:
        """One iteration: determinize, select and expand, roll out, back up."""
        rng = self.rng
        legal_moves, apply, current_player = game.legal_moves, game.apply, game.current_player
        state = game.determinize(observation, rng)
        node = root
        path = []
        exploration = self.exploration
        policy = self.rollout
        widening = self.widening
        while True:
            legal = legal_moves(state)
            if not legal:
                break
            children = node.children
            node.visits += node is root
            if widening is None or len(children) < widening * math.sqrt(node.visits):
                move = self._new_move(game, state, legal, children, policy)
            else:
                move = None
            if move is not None:
                seat = current_player(state)
                child = _Node(-1 if seat is None else seat)
                children[move] = child
                for other in legal:
                    known = children.get(other)
                    if known is not None:
                        known.available += 1
                state = apply(state, move)
                path.append(child)
                break
            best_move: object = None
            best_score = -math.inf
            for move in legal:
                known = children.get(move)
                if known is None:
                    continue
                known.available += 1
                score = known.total / known.visits + exploration * math.sqrt(
                    math.log(known.available) / known.visits)
                if score > best_score:
                    best_move, best_score = move, score
            if best_move is None:  # widening allows no child, and none of the known is legal here
                move = self._new_move(game, state, legal, children, policy)
                if move is None:  # every legal move has a child: cannot happen, children got none
                    break
                best_move = move
                seat = current_player(state)
                children[move] = _Node(-1 if seat is None else seat)
                children[move].available += 1
                state = apply(state, move)
                path.append(children[move])
                break
            node = children[best_move]
            state = apply(state, best_move)
            path.append(node)
        state = self._roll_out(game, state)
        values = self.value(state)
        for node in path:
            node.visits += 1
            gained = values[node.seat]
            node.total += gained
            node.square += gained * gained

    def _new_move(self, game: SomeGame, state: object, legal: tuple[M, ...], children: dict[object, _Node],
                  policy: RolloutPolicy[Any, Any] | None) -> M | None:
        """The move to add below a node: the rollout policy's choice if it has no child yet, else
        a random legal move without one; ``None`` when every legal move has a child."""
        if policy is not None:
            seat = game.current_player(state)
            if seat is not None:
                choice: M = policy.choose(game.observe(state, seat), legal)
                if choice not in children:
                    return choice
        untried = [move for move in legal if move not in children]
        if not untried:
            return None
        return untried[self.rng.randrange(len(untried))] if len(untried) > 1 else untried[0]

    def _roll_out(self, game: SomeGame, state: object) -> object:
        return roll_out(game, state, self.rollout, self.rng)


MAX_ITERATIONS = 100_000
"""The most ``iterations`` a :class:`SearchBot` takes per decision."""

MAX_SECONDS = 60.0
"""The most ``seconds`` a :class:`SearchBot` takes per decision."""


class SearchBot(ISMCTSBot):
    """:class:`ISMCTSBot` rolling out with a game's strongest reference bot, ``rollout_bot``, which
    each game's subclass names (the command line's ``ismcts``).

    A search bot needs a good rollout policy: random rollouts make it far weaker than the
    reference bot. The options are ``ISMCTSBot``'s, less ``rollout`` and ``value``, with a budget
    of at most :data:`MAX_ITERATIONS` iterations or :data:`MAX_SECONDS` seconds per decision.
    A subclass is a class of a module (not one made at run time), so that worker processes can
    unpickle it.
    """

    # Any: the rollout bot of whichever game the subclass serves.
    rollout_bot: ClassVar[type[Any]]

    def __init__(self, *, iterations: int | None = None, seconds: float | None = None,
                 exploration: float = 0.7, widening: float | None = 1.0, guard: float | None = 2.0,
                 flat: bool = False, seed: int | None = None) -> None:
        # A budget per decision: past these a game of a hundred decisions takes days, not a run.
        if type(iterations) is int and iterations > MAX_ITERATIONS:
            raise ArgumentError(f"iterations is a whole number from 1 to {MAX_ITERATIONS}, "
                                f"not {shown(iterations)}")
        if type(seconds) in (int, float) and cast(float, seconds) > MAX_SECONDS:
            raise ArgumentError(f"seconds is a positive number up to {MAX_SECONDS:g}, not {shown(seconds)}")
        super().__init__(iterations=iterations, seconds=seconds, exploration=exploration,
                         widening=widening, rollout=self.rollout_bot(), guard=guard, flat=flat, seed=seed)
