"""What a reference bot's decision and a whole rollout cost: ``python benchmarks/reference_bots.py``.

For each table, the decisions of ``--hands`` whole games (or Mille Bornes hands) played by the bot
at every seat are replayed, and the bot's ``choose`` is timed on each of them (CPU time of this
process, ``time.process_time``, the best of ``--rounds`` passes so that a busy moment on a shared
machine counts as little as it can). Printed: the mean microseconds a decision, and the milliseconds
of one rollout from the deal to the end (``cardrules.bots.flat.roll_out`` with the bot at every seat,
what a search pays for each of its rollouts).
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import cardrules
from cardrules.bots.flat import roll_out
from cardrules.games import mille_bornes, the_game
from cardrules.games.mille_bornes.bots import HeuristicBot
from cardrules.games.mille_bornes.expert_bot import ExpertBot
from cardrules.games.the_game.bots import GreedyBot

_HAND = mille_bornes.Rules(target_score=None)
_TABLES: tuple[tuple[str, str, Any, Any], ...] = (
    ("mille-bornes 2p hand", "ExpertBot", _HAND, ExpertBot()),
    ("mille-bornes 3p hand", "ExpertBot", mille_bornes.Rules(players=3, target_score=None), ExpertBot()),
    ("mille-bornes 2x2 hand", "ExpertBot", mille_bornes.Rules(players=4, team_size=2, target_score=None),
     ExpertBot()),
    ("mille-bornes 2p hand", "HeuristicBot", _HAND, HeuristicBot()),
    ("the-game 1p", "GreedyBot", the_game.Rules(players=1), GreedyBot()),
    ("the-game 3p", "GreedyBot", the_game.Rules(players=3), GreedyBot()),
)


def _decisions(game: Any, rules: Any, bot: Any, hands: int) -> tuple[list[tuple[Any, Any]], list[Any]]:
    """Every decision (observation, legal moves) of ``hands`` games with ``bot`` at every seat, and
    the games' first states."""
    decisions: list[tuple[Any, Any]] = []
    starts: list[Any] = []
    for seed in range(hands):
        state = game.new_game(rules, seed=seed)
        starts.append(state)
        legal = game.legal_moves(state)
        while legal:
            seat = game.current_player(state)
            observation = game.observe(state, seat)
            decisions.append((observation, legal))
            state = game.apply(state, bot.choose(observation, legal))
            legal = game.legal_moves(state)
    return decisions, starts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="games (hands) a table (default: 200)")
    parser.add_argument("--rounds", type=int, default=3, help="passes, the best kept (default: 3)")
    args = parser.parse_args()
    print(f"{'table':24} {'bot':13} {'decision µs':>12} {'rollout ms':>11}")
    for label, name, rules, bot in _TABLES:
        game = cardrules.games.get(label.split()[0])
        decisions, starts = _decisions(game, rules, bot, args.hands)
        choose = bot.choose
        best_decision = best_rollout = float("inf")
        for _ in range(args.rounds):
            start = time.process_time()
            for observation, legal in decisions:
                choose(observation, legal)
            best_decision = min(best_decision, (time.process_time() - start) / len(decisions))
            rng = random.Random(1)
            start = time.process_time()
            for state in starts:
                roll_out(game, state, bot, rng)
            best_rollout = min(best_rollout, (time.process_time() - start) / len(starts))
        print(f"{label:24} {name:13} {best_decision * 1e6:12.1f} {best_rollout * 1e3:11.2f}")


if __name__ == "__main__":
    main()
