"""OpenSpiel's own ISMCTS bot playing The Game, through cardrules' OpenSpiel adapter.

Every seat is played by OpenSpiel's ``ISMCTSBot`` with random rollouts: it searches over states
resampled from what the seat knows (``resample_from_infostate``, our ``determinize``), and the draw
pile is chance, so the search never sees the next card. A uniformly random player plays the same
deals for comparison. Random rollouts judge The Game poorly (random play is stuck within a few
turns), so the search gains a few cards over random play only; ``GreedyBot`` (see
``examples/greedy_bot.py``) does far better. Needs the extra ``openspiel``.

    python examples/openspiel_ismcts.py --players 2 --games 3 --simulations 60
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from statistics import mean
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

from cardrules.games import the_game
from cardrules.integrations.openspiel import engine_state, game_name


def play(game: Any, choose: Callable[[Any], int], seed: int) -> int:
    """Play one game: chance from ``random.Random(seed)`` (so the same seed deals the same hands),
    the seats from ``choose(state)``; return the cards left at the end."""
    chance = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(chance.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(choose(state))
    result = the_game.result(engine_state(state))
    assert result is not None
    return result.cards_left


class RandomChoice:
    """A seat that picks a legal action uniformly, from its own ``random.Random(seed)``."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def __call__(self, state: Any) -> int:
        actions: list[int] = state.legal_actions()
        return self._rng.choice(actions)


def main(argv: Sequence[str] | None = None) -> dict[str, float]:
    """Play the games, print a line per game and a summary; return the mean cards left per player."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=2, help="seats at the table (1 to 5)")
    parser.add_argument("--games", type=int, default=3, help="games to play")
    parser.add_argument("--simulations", type=int, default=60, help="ISMCTS simulations per move")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    args = parser.parse_args(argv)

    game = pyspiel.load_game(game_name("the-game"), {"players": args.players})
    left: dict[str, list[int]] = {"ISMCTS": [], "random": []}
    start = time.perf_counter()
    for seed in range(args.seed, args.seed + args.games):
        search = np.random.RandomState(seed)
        # The returns lie in [0, 1] (cards laid / 98): a small exploration constant suits them.
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, search), uct_c=0.5,
                               max_simulations=args.simulations, random_state=search)
        left["ISMCTS"].append(play(game, bot.step, seed))
        left["random"].append(play(game, RandomChoice(seed), seed))
        print(f"game {seed}: ISMCTS {left['ISMCTS'][-1]} cards left, random {left['random'][-1]}")
    means = {name: mean(cards) for name, cards in left.items()}
    print(f"{args.players} players, {args.games} games, {args.simulations} simulations a move: "
          f"ISMCTS {means['ISMCTS']:.1f} cards left on average, random {means['random']:.1f} "
          f"({time.perf_counter() - start:.1f} s)")
    return means


if __name__ == "__main__":
    main()
