"""GreedyBot against the published table: ``python benchmarks/greedy_reference.py [--games N]``.

Plays ``--games`` games (seeds 1..N) at each table size with one ``GreedyBot`` in every seat and the
strongest hand starting, exactly as ``cardrules simulate the-game --players P --games N --seed 1
--first-player strongest`` does, and prints, next to the figures of the rules contract's "Known
results" (10,000 games each, by an open-source C++ analyser):

- the win rate with its 95% Wilson interval, and the published rate's own 95% interval had it come
  from 10,000 games;
- the mean cards left with its 95% normal interval (mean ± 1.96 standard errors), and the published
  mean's own interval for 10,000 games (with our standard deviation);
- the mean cards left as the analyser counts a lost game: in the turn that gets stuck it lays its
  one playable card only if that card is within reach, where our rules oblige the player to lay it,
  so those cards are counted as left.

``--json FILE`` also writes every game's cards left.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics

from cardrules.bots import play_game
from cardrules.games import the_game
from cardrules.games.the_game.bots import GreedyBot, change

# Players -> (won %, mean cards left) as the contract quotes them (solo: "≈11–12%", taken as 11.5).
PUBLISHED = {1: (11.5, 12.4), 2: (18.6, 7.0), 3: (7.5, 10.9), 4: (11.0, 7.5), 5: (12.0, 6.5)}
PUBLISHED_GAMES = 10_000
Z = 1.959964


def wilson(won: int, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate, in percent."""
    rate = won / games
    centre = (rate + Z * Z / (2 * games)) / (1 + Z * Z / games)
    half = Z * math.sqrt(rate * (1 - rate) / games + Z * Z / (4 * games * games)) / (1 + Z * Z / games)
    return 100 * (centre - half), 100 * (centre + half)


class Counting:
    """GreedyBot, noting how far each card of the turn in progress moved its pile, and the reach."""

    def __init__(self) -> None:
        self.bot = GreedyBot()
        self.turn: list[int] = []
        self.reach = 0
        self.owed = 0

    def opening_strength(self, observation: the_game.Observation) -> float:
        return self.bot.opening_strength(observation)

    def choose(self, observation: the_game.Observation, legal: tuple[the_game.Move, ...]) -> the_game.Move:
        move = self.bot.choose(observation, legal)
        table = observation.table
        if table.laid == 0:
            self.turn, self.reach, self.owed = [], self.bot.reach_for(observation), observation.minimum
        if isinstance(move, the_game.Play):
            step = change(move.card, move.pile, table.tops[move.pile])
            assert step is not None
            self.turn.append(step)
        return move

    def left_as_the_analyser_counts(self, outcome: the_game.Result) -> int:
        """Cards left, counting the stuck turn's cards as left unless it was one card within reach."""
        stuck = not outcome.won and len(self.turn) < self.owed
        if stuck and not (len(self.turn) == 1 and self.turn[0] <= self.reach):
            return outcome.cards_left + len(self.turn)
        return outcome.cards_left


def interval(values: list[int]) -> tuple[float, float]:
    """The mean of ``values`` and half its 95% normal interval."""
    return statistics.fmean(values), Z * statistics.stdev(values) / math.sqrt(len(values))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--players", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    print("| players | published won [its 95%] | GreedyBot won [95% Wilson] | inside? "
          "| published left [its 95%] | GreedyBot left [95%] | inside? | left as the analyser counts [95%] "
          "| inside? |")
    print("|---|---|---|---|---|---|---|---|---|")
    record: dict[int, list[int]] = {}
    for players in args.players:
        rules = the_game.Rules(players=players)
        left, counted = [], []
        for seed in range(1, args.games + 1):
            bot = Counting()
            outcome = the_game.result(play_game(rules, bot, seed=seed, first_player="strongest"))  # type: ignore[arg-type]
            assert outcome is not None
            left.append(outcome.cards_left)
            counted.append(bot.left_as_the_analyser_counts(outcome))
        record[players] = left
        won = left.count(0)
        low, high = wilson(won, args.games)
        published_won, published_left = PUBLISHED[players]
        their_low, their_high = wilson(round(published_won * PUBLISHED_GAMES / 100), PUBLISHED_GAMES)
        mean, half = interval(left)
        their_half = half * math.sqrt(args.games / PUBLISHED_GAMES)
        count_mean, count_half = interval(counted)

        def inside(value: float, low: float, high: float) -> str:
            return "yes" if low <= value <= high else "no"

        print(f"| {players} | {published_won}% [{their_low:.1f}, {their_high:.1f}] "
              f"| {100 * won / args.games:.1f}% [{low:.1f}, {high:.1f}] ({won} won) "
              f"| {inside(published_won, low, high)} "
              f"| {published_left} [{published_left - their_half:.2f}, {published_left + their_half:.2f}] "
              f"| {mean:.2f} [{mean - half:.2f}, {mean + half:.2f}] "
              f"| {inside(published_left, mean - half, mean + half)} "
              f"| {count_mean:.2f} [{count_mean - count_half:.2f}, {count_mean + count_half:.2f}] "
              f"| {inside(published_left, count_mean - count_half, count_mean + count_half)} |", flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({str(players): left for players, left in record.items()}, out)


if __name__ == "__main__":
    main()
