"""The arena's plot: the ratings with their intervals, and each bot's score distribution.

Imports matplotlib (the ``plot`` extra), headless: the ``Agg`` backend draws to files only.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import BinaryIO

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt

from cardrules.cli.arena_games import ArenaGame, ArenaSummary

__all__ = ["plot_arena"]


def plot_arena(path: Path | BinaryIO, summary: ArenaSummary, played: Sequence[ArenaGame]) -> None:
    """Write a PNG of two panels: Elo ratings with 95% intervals, and score histograms per bot."""
    figure, (ratings, scores) = plt.subplots(1, 2, figsize=(11, 4.5))
    try:
        labels = [line.bot for line in summary.bots]
        rated = [line for line in summary.bots if line.rating is not None]
        positions = list(range(len(rated)))
        estimates = [line.rating.estimate for line in rated if line.rating is not None]
        errors = [[max(0.0, line.rating.estimate - (line.rating.low or line.rating.estimate))
                   for line in rated if line.rating is not None],
                  [max(0.0, (line.rating.high or line.rating.estimate) - line.rating.estimate)
                   for line in rated if line.rating is not None]]
        ratings.errorbar(estimates, positions, xerr=errors, fmt="o", capsize=4)
        ratings.set_yticks(positions, [line.bot for line in rated])
        ratings.set_ylim(len(rated) - 0.5, -0.5)  # top to bottom in the order they were named
        ratings.axvline(0, color="grey", linewidth=0.8)
        ratings.set_xlabel("Elo (Bradley–Terry), 95% interval")
        ratings.set_title("ratings" if rated else "ratings (need 2 bots)")
        per_bot = {label: [score for game in played for side, score in enumerate(game.scores)
                           if game.bots[side] == label] for label in labels}
        scores.hist([per_bot[label] for label in labels], bins=20, label=labels)
        scores.set_xlabel(summary.score_name if summary.mode == "cooperative"
                          else f"{summary.score_name} per side and game")
        scores.set_ylabel("games" if summary.mode == "cooperative" else "sides")
        scores.set_title("score distribution")
        scores.legend()
        figure.suptitle(f"{summary.game}: {summary.rules}; {summary.deals} deals", fontsize=10)
        figure.tight_layout()
        figure.savefig(path, format="png", dpi=100)
    finally:
        plt.close(figure)
