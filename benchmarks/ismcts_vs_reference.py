"""ISMCTSBot against the reference bots: paired deals for The Game, seat-swapped hands for Mille Bornes.

    python benchmarks/ismcts_vs_reference.py the-game --players 1 2 3 4 5 --games 50 --iterations 100
    python benchmarks/ismcts_vs_reference.py the-game --players 2 4 --games 50 --iterations 60 --flat --seed 5
    python benchmarks/ismcts_vs_reference.py mille-bornes --games 50 --seconds 0.5

The Game: every deal is played once by GreedyBot at every seat and once by ISMCTSBot (GreedyBot
rollouts) at every seat; prints the mean cards left of each, the paired mean difference with its
95% interval, the win rates and the paired win difference, the seconds per searched decision
(wall clock and CPU), and the searched decisions and CPU seconds of a search's game. ``--flat``
searches flat Monte Carlo over the root moves on common deals (``ISMCTSBot(flat=True)``).
Mille Bornes: one 2-player hand (target_score=None) per deal with ISMCTSBot (HeuristicBot
rollouts) at seat 0 and HeuristicBot at seat 1, and the same deal with the seats swapped.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from typing import Any

from cardrules.bots import play_out
from cardrules.bots.search import ISMCTSBot
from cardrules.games import mille_bornes, the_game
from cardrules.games.mille_bornes.bots import HeuristicBot
from cardrules.games.the_game.bots import GreedyBot


class Timed:
    """Counts the decisions of a bot and the time they took."""

    def __init__(self, bot: ISMCTSBot) -> None:
        self.bot, self.calls, self.seconds, self.worst, self.cpu = bot, 0, 0.0, 0.0, 0.0

    def choose(self, observation, legal):  # type: ignore[no-untyped-def]
        start, cpu = time.perf_counter(), time.process_time()
        move = self.bot.choose(observation, legal)
        took = time.perf_counter() - start
        self.cpu += time.process_time() - cpu
        self.calls += 1
        self.seconds += took
        self.worst = max(self.worst, took)
        return move


def interval(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, half


def the_game_run(args: argparse.Namespace) -> None:
    for players in args.players:
        rules = the_game.Rules(players=players)
        greedy_left, search_left, greedy_won, search_won = [], [], [], []
        timed = Timed(ISMCTSBot(iterations=args.iterations, seconds=args.seconds, rollout=GreedyBot(),
                                exploration=args.exploration, widening=args.widening, guard=args.guard,
                                flat=args.flat, seed=args.seed))
        start = time.perf_counter()
        for game in range(args.games):
            seed = args.seed * 100_000 + game
            g = the_game.result(play_out(the_game.new_game(rules, seed=seed), GreedyBot()))
            s = the_game.result(play_out(the_game.new_game(rules, seed=seed), timed))
            assert g is not None
            assert s is not None
            greedy_left.append(g.cards_left)
            search_left.append(s.cards_left)
            greedy_won.append(g.won)
            search_won.append(s.won)
        diff, half = interval([g - s for g, s in zip(greedy_left, search_left, strict=False)])
        wins, whalf = interval([float(s) - float(g) for g, s in zip(greedy_won, search_won, strict=False)])
        print(f"players={players} n={args.games} greedy left {statistics.fmean(greedy_left):.2f} "
              f"won {statistics.fmean(greedy_won):.3f} | ismcts left {statistics.fmean(search_left):.2f} "
              f"won {statistics.fmean(search_won):.3f} | greedy-ismcts {diff:+.2f} ±{half:.2f} cards, "
              f"win diff {wins:+.3f} ±{whalf:.3f} | {timed.seconds / max(timed.calls, 1):.3f} s/decision "
              f"(max {timed.worst:.2f}, CPU {timed.cpu / max(timed.calls, 1):.3f}) | "
              f"{timed.calls / args.games:.0f} searched decisions and {timed.cpu / args.games:.1f} s of CPU "
              f"a game | {time.perf_counter() - start:.0f} s", flush=True)


def mille_bornes_run(args: argparse.Namespace) -> None:
    rules = mille_bornes.Rules(players=2, target_score=None)
    timed = Timed(ISMCTSBot(iterations=args.iterations, seconds=args.seconds, rollout=HeuristicBot(),
                            exploration=args.exploration, widening=args.widening, guard=args.guard,
                            seed=args.seed))
    points = []
    start = time.perf_counter()
    for game in range(args.games):
        seed = args.seed * 100_000 + game
        for seat in (0, 1):
            bots: list[Any] = [timed, HeuristicBot()] if seat == 0 else [HeuristicBot(), timed]
            outcome = mille_bornes.result(play_out(mille_bornes.new_game(rules, seed=seed), bots))
            assert outcome is not None
            points.append(1.0 / len(outcome.winners) if seat in outcome.winners else 0.0)
    mean, half = interval(points)
    print(f"mille-bornes 2p hands={len(points)} ismcts won {mean:.3f} ±{half:.3f} | "
          f"{timed.seconds / max(timed.calls, 1):.3f} s/decision (max {timed.worst:.2f}) | "
          f"{time.perf_counter() - start:.0f} s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["the-game", "mille-bornes"])
    parser.add_argument("--players", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--exploration", type=float, default=0.7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--widening", type=float, default=1.0)
    parser.add_argument("--flat", action="store_true",
                        help="flat Monte Carlo over the root moves on common deals instead of the tree")
    parser.add_argument("--guard", type=lambda text: None if text == "none" else float(text), default=2.0,
                        help="standard errors by which a move must beat the policy's ('none': most visited)")
    args = parser.parse_args()
    (the_game_run if args.game == "the-game" else mille_bornes_run)(args)


if __name__ == "__main__":
    main()
