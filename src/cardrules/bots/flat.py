"""Flat Monte Carlo over the root moves on common deals: the search bot's ``flat`` mode.

Every legal move of the decision is tried on the *same* determinizations and finished by the
rollout policy, so two moves are compared deal by deal (common random numbers): the order of the
draw pile and the other hands, which decide most of a game's outcome, weigh the same on both
sides of the comparison. The budget is spread by sequential halving (Karnin, Koren and Somekh,
*Almost Optimal Exploration in Multi-Armed Bandits*, 2013): a round rolls out every surviving move
on a few new deals, then the worse half is dropped (the rollout policy's own move always stays),
until the policy's move and one challenger are left, which share what is left of the budget.
The challenger is played only if its paired gain over the policy's move, on the deals of that last
round alone (the earlier ones chose it, so they favour it), passes the guard.
It reaches the game only through the contract, like the tree search of :mod:`cardrules.bots.search`.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from cardrules.errors import ArgumentError
from cardrules.registry import SomeGame

__all__ = ["flat_choice", "roll_out"]

M = TypeVar("M")


class _Policy(Protocol):
    """A rollout bot (``cardrules.bots.search.RolloutPolicy``, which imports this module)."""

    def choose(self, observation: Any, legal: tuple[Any, ...]) -> Any: ...


def roll_out(game: SomeGame, state: object, policy: _Policy | None, rng: random.Random) -> object:
    """Finish ``state`` with ``policy`` at every seat (uniformly random moves when ``None``)."""
    legal_moves, apply = game.legal_moves, game.apply
    legal = legal_moves(state)
    if policy is None:
        randrange = rng.randrange
        while legal:
            state = apply(state, legal[randrange(len(legal))])
            legal = legal_moves(state)
        return state
    observe, current_player, choose = game.observe, game.current_player, policy.choose
    while legal:
        seat = current_player(state)
        if seat is None:  # a game whose legal moves and current player disagree breaks the contract
            raise ArgumentError(f"{game.title} lists legal moves in a state where nobody is on turn")
        state = apply(state, choose(observe(state, seat), legal))
        legal = legal_moves(state)
    return state


def _sizes(count: int, keep_own: bool) -> list[int]:
    """How many moves each round of the halving rolls out: ``count`` first, then half as many
    (rounded up), down to the policy's move and one challenger (or one move without a policy)."""
    floor = 2 if keep_own else 1
    sizes = [count]
    while sizes[-1] > floor:
        sizes.append(max(floor, (sizes[-1] + 1) // 2))
    if len(sizes) > 1 and not keep_own:
        sizes.pop()  # the last round of one move would compare nothing
    return sizes


def flat_choice(game: SomeGame, observation: object, legal: tuple[M, ...], *, policy: _Policy | None,
                value: Callable[[object], Sequence[float]], iterations: int | None, seconds: float | None,
                guard: float | None, rng: random.Random) -> M:
    """The move that flat Monte Carlo on common deals picks among ``legal`` (see the module).

    ``iterations`` is the number of rollouts (at least one per legal move in the first round),
    ``seconds`` a time budget instead: each round then takes the rollouts the time left allows at
    the speed measured so far. With a ``policy`` and a ``guard``, the policy's move is played
    unless the last challenger's mean paired gain over it on the last round's deals exceeds
    ``guard`` standard errors (and is positive); otherwise the move with the best mean over the
    deals it was tried on.
    """
    if len(legal) == 1:
        return legal[0]
    own: M | None = policy.choose(observation, legal) if policy is not None else None
    moves = list(legal)
    if own is not None:
        moves.remove(own)
        moves.insert(0, own)
    sizes = _sizes(len(moves), own is not None)
    scores: dict[object, list[float]] = {move: [] for move in moves}
    apply, determinize = game.apply, game.determinize
    seat: int | None = None
    start = time.perf_counter()
    done = judged = 0
    for round_, size in enumerate(sizes):
        rounds_left = len(sizes) - round_
        if seconds is None:
            left = max(0, (iterations or 0) - done)
        else:
            spent = time.perf_counter() - start
            left = int((seconds - spent) / (spent / done)) if done else 0
        deals = max(1, left // (size * rounds_left))
        for _ in range(deals):
            if seconds is not None and done and time.perf_counter() - start >= seconds:
                break
            deal = determinize(observation, rng)
            if seat is None:
                seat = game.current_player(deal)
                if seat is None:
                    raise ArgumentError(f"{game.title}'s determinization has nobody on turn")
            for move in moves:
                scores[move].append(value(roll_out(game, apply(deal, move), policy, rng))[seat])
            done += len(moves)
        if round_ + 1 < len(sizes):
            moves = _halved(moves, scores, sizes[round_ + 1], own)
            judged = len(scores[moves[0]])
    if own is None or guard is None:
        return max(moves, key=lambda move: _mean(scores[move]))  # the first of equal means
    # Only the last round's deals judge the challenger: the deals that chose it favour it.
    challenger = moves[1]
    gains = [a - b for a, b in zip(scores[challenger][judged:], scores[own][judged:], strict=True)]
    if len(gains) < 2:
        return own
    gain = _mean(gains)
    spread = math.sqrt(sum((g - gain) ** 2 for g in gains) / (len(gains) - 1) / len(gains))
    return challenger if gain > 0 and gain > guard * spread else own


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _halved(moves: list[M], scores: dict[object, list[float]], size: int, own: M | None) -> list[M]:
    """The ``size`` best moves by mean score, the policy's move ``own`` always first among them."""
    if own is None:
        return sorted(moves, key=lambda move: -_mean(scores[move]))[:size]
    others = sorted(moves[1:], key=lambda move: -_mean(scores[move]))
    return [own, *others[:size - 1]]
