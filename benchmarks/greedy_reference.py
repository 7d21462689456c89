"""GreedyBot against the published table: ``python benchmarks/greedy_reference.py [--games N]``.

Plays ``--games`` games (seeds 1..N) at each table size with one ``GreedyBot`` in every seat and the
strongest hand starting, exactly as ``cardrules simulate the-game --players P --games N --seed 1
--first-player strongest`` does, and prints the win rate with its 95% Wilson interval and the mean
cards left with its 95% normal interval, next to the figures of the rules contract's "Known
results" (10,000 games each, by an open-source C++ analyser). ``--json FILE`` also writes every
game's cards left.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics

from cardrules.bots import play_game
from cardrules.games import the_game
from cardrules.games.the_game.bots import GreedyBot

# Players -> (won %, mean cards left) as the contract quotes them (solo: "≈11–12%", taken as 11.5).
PUBLISHED = {1: (11.5, 12.4), 2: (18.6, 7.0), 3: (7.5, 10.9), 4: (11.0, 7.5), 5: (12.0, 6.5)}
Z = 1.959964


def wilson(won: int, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate, in percent."""
    rate = won / games
    centre = (rate + Z * Z / (2 * games)) / (1 + Z * Z / games)
    half = Z * math.sqrt(rate * (1 - rate) / games + Z * Z / (4 * games * games)) / (1 + Z * Z / games)
    return 100 * (centre - half), 100 * (centre + half)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--players", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    print("| players | published: won, mean left | GreedyBot: won [95% Wilson] | GreedyBot: mean left [95%] "
          "| published inside? (won, left) |")
    print("|---|---|---|---|---|")
    record: dict[int, list[int]] = {}
    for players in args.players:
        rules = the_game.Rules(players=players)
        left = []
        for seed in range(1, args.games + 1):
            outcome = the_game.result(play_game(rules, GreedyBot(), seed=seed, first_player="strongest"))  # type: ignore[arg-type]
            assert outcome is not None
            left.append(outcome.cards_left)
        record[players] = left
        won = left.count(0)
        low, high = wilson(won, args.games)
        mean = statistics.fmean(left)
        half = Z * statistics.stdev(left) / math.sqrt(args.games)
        published_won, published_left = PUBLISHED[players]
        inside = ("yes" if low <= published_won <= high else "no",
                  "yes" if mean - half <= published_left <= mean + half else "no")
        print(f"| {players} | {published_won}%, {published_left} | {100 * won / args.games:.1f}% "
              f"[{low:.1f}, {high:.1f}] ({won} won) | {mean:.2f} [{mean - half:.2f}, {mean + half:.2f}] "
              f"| {inside[0]}, {inside[1]} |", flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({str(players): left for players, left in record.items()}, out)


if __name__ == "__main__":
    main()
