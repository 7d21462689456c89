"""The arena's statistics, in pure Python: Wilson intervals, mean intervals and Bradley–Terry ratings.

The ratings are on the Elo scale, with Fisher-information intervals.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import attrs

__all__ = ["Interval", "PairUnit", "bradley_terry", "elo_ratings", "mean_interval", "wilson"]

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""

@attrs.frozen
class Interval:
    """An estimate with its 95% interval; ``low``/``high`` are ``None`` when there is too little
    data for one (a single sample).

    >>> Interval(0.5, 0.25, 0.75).plus_minus()
    '0.50 [0.25, 0.75]'
    """

    estimate: float
    low: float | None
    high: float | None

    def plus_minus(self, digits: int = 2) -> str:
        """The estimate and its interval as text."""
        if self.low is None or self.high is None:
            return f"{self.estimate:.{digits}f}"
        return f"{self.estimate:.{digits}f} [{self.low:.{digits}f}, {self.high:.{digits}f}]"


def wilson(successes: float, trials: int) -> Interval:
    """The success rate and its 95% Wilson score interval (a tie counts as half a success).

    >>> wilson(8, 10).plus_minus(3)
    '0.800 [0.490, 0.943]'
    """
    p = successes / trials
    spread = Z95 * Z95 / trials
    centre = (p + spread / 2) / (1 + spread)
    half = Z95 * math.sqrt(p * (1 - p) / trials + spread / (4 * trials)) / (1 + spread)
    # At p = 0 or 1 a bound is exactly 0 or 1; the formula only comes within rounding of it.
    low = 0.0 if p <= 0 else max(0.0, centre - half)
    high = 1.0 if p >= 1 else min(1.0, centre + half)
    return Interval(p, low, high)


def mean_interval(values: Sequence[float]) -> Interval:
    """The mean and its normal 95% interval, ``mean ± 1.96 · s / √n`` (``s`` the sample standard
    deviation).

    >>> mean_interval([1.0, 2.0, 3.0]).plus_minus()
    '2.00 [0.87, 3.13]'
    """
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return Interval(mean, None, None)
    variance = sum((value - mean) ** 2 for value in values) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return Interval(mean, mean - half, mean + half)


@attrs.frozen
class PairUnit:
    """One independent unit of a pairing (a deal, played once per bot or twice with sides
    swapped): the first bot's ``wins`` (ties count half) out of ``games``."""

    wins: float
    games: int


def bradley_terry(wins: Mapping[tuple[int, int], float], games: Mapping[tuple[int, int], float],
                  players: int) -> list[float]:
    """Bradley–Terry strengths ``p`` (geometric mean 1), fitted by Hunter's MM iteration
    ``p_i ← W_i / Σ_j n_ij / (p_i + p_j)``.

    ``wins[i, j]`` is how many of their ``games[i, j]`` games ``i`` won against ``j`` (keys with
    ``i < j``). Every pair gets one virtual drawn game (half a win each), so that a bot that won
    every game still has a finite strength.

    >>> [round(p, 3) for p in bradley_terry({(0, 1): 3.0}, {(0, 1): 4.0}, 2)]
    [1.528, 0.655]
    """
    won = [0.0] * players
    played: dict[tuple[int, int], float] = {}
    for (i, j), n in games.items():
        w = wins.get((i, j), 0.0)
        won[i] += w + 0.5
        won[j] += n - w + 0.5
        played[i, j] = played[j, i] = n + 1
    strength = [1.0] * players
    for _ in range(10_000):
        updated = []
        for i in range(players):
            denominator = sum(n / (strength[i] + strength[j]) for (a, j), n in played.items() if a == i)
            updated.append(won[i] / denominator if denominator else strength[i])
        scale = math.exp(sum(math.log(p) for p in updated) / players)
        updated = [p / scale for p in updated]
        done = max(abs(new - old) for new, old in zip(updated, strength, strict=True)) < 1e-12
        strength = updated
        if done:
            break
    return strength


def elo_ratings(wins: Mapping[tuple[int, int], float], games: Mapping[tuple[int, int], float],
                players: int) -> list[Interval]:
    """Each bot's Bradley–Terry rating on the Elo scale, ``400 · log10 p`` centred so the ratings
    average 0, with a 95% interval from the Fisher information of the fit (games counted as
    independent; the virtual draw of :func:`bradley_terry` included, so it is finite even for a
    bot that won every game).

    >>> [rating.plus_minus(0) for rating in elo_ratings({(0, 1): 20.0}, {(0, 1): 20.0}, 2)]
    ['323 [79, 566]', '-323 [-566, -79]']
    """
    strength = bradley_terry(wins, games, players)
    scale = 400 / math.log(10)
    # Information of the log-strengths; the last one is held at 0 to make it invertible.
    information = [[0.0] * players for _ in range(players)]
    for (i, j), n in games.items():
        q = strength[i] / (strength[i] + strength[j])
        weight = (n + 1) * q * (1 - q)
        information[i][i] += weight
        information[j][j] += weight
        information[i][j] -= weight
        information[j][i] -= weight
    free = players - 1
    inverse = _inverse([row[:free] for row in information[:free]])
    covariance = [[inverse[i][j] if i < free and j < free else 0.0 for j in range(players)]
                  for i in range(players)]
    total = sum(map(sum, covariance))
    logs = [math.log(p) for p in strength]
    mean = sum(logs) / players
    ratings = []
    for i in range(players):
        variance = covariance[i][i] - 2 * sum(covariance[i]) / players + total / players**2
        half = Z95 * math.sqrt(max(variance, 0.0))
        centred = logs[i] - mean
        ratings.append(Interval(scale * centred, scale * (centred - half), scale * (centred + half)))
    return ratings


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small positive definite matrix, by Gauss–Jordan elimination."""
    size = len(matrix)
    work = [[*row, *(1.0 if i == j else 0.0 for j in range(size))] for i, row in enumerate(matrix)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda row: abs(work[row][column]))
        work[column], work[pivot] = work[pivot], work[column]
        lead = work[column][column]
        work[column] = [value / lead for value in work[column]]
        for row in range(size):
            if row != column:
                factor = work[row][column]
                work[row] = [value - factor * top for value, top in zip(work[row], work[column], strict=True)]
    return [row[size:] for row in work]
