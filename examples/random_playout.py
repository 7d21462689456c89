"""A random game of The Game for two players: every move as it is made, then the result.

    python examples/random_playout.py [SEED]
"""

from __future__ import annotations

import random
import sys

from cardrules.games import the_game


def main(seed: int) -> None:
    state = the_game.new_game(the_game.Rules(players=2), seed=seed)
    chooser = random.Random(seed)  # the moves' own randomness, separate from the deal
    while not the_game.is_terminal(state):
        seat = the_game.current_player(state)
        hand = " ".join(map(str, state.hands[state.table.current]))
        move = chooser.choice(the_game.legal_moves(state))
        print(f"turn {state.table.turn:>2}  piles {state.table.tops}  seat {seat} holds {hand:<21} -> {move}")
        state = the_game.apply(state, move)
    result = the_game.result(state)
    assert result is not None  # the game is over
    verdict = "won!" if result.won else f"lost ({result.outcome}) with {result.cards_left} cards left"
    print(f"After {state.table.turn + 1} turns the game is {verdict}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
