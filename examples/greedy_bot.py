"""Write a bot for The Game against what its seat sees, and let it play.

``SmallestGap`` looks only at its observation (its hand and the pile tops): it lays, card by card,
the card that moves a pile the least and ends its turn as soon as it may. The rules
(docs/rules/the-game.md) expect such a bot to win about 1% of solo games with ~21-22 cards left;
the library's ``GreedyBot`` plans whole turns and does much better.

    python examples/greedy_bot.py
"""

from __future__ import annotations

from statistics import mean

from cardrules.bots import Bot, RandomBot, play_out
from cardrules.games import the_game
from cardrules.games.the_game.bots import GreedyBot


class SmallestGap:
    """Card by card: the smallest pile change; only the minimum."""

    def choose(self, observation: the_game.Observation, legal: tuple[the_game.Move, ...]) -> the_game.Move:
        if the_game.EndTurn() in legal:
            return the_game.EndTurn()
        plays = [move for move in legal if isinstance(move, the_game.Play)]
        return min(plays, key=lambda play: gap(play, observation.table.tops[play.pile]))


def gap(play: the_game.Play, top: int) -> int:
    """How far a legal play moves its pile (the backwards trick comes out as -10)."""
    return play.card - top if play.pile < 2 else top - play.card


def main() -> None:
    rules = the_game.Rules(players=1)
    for seed in range(5):
        result = the_game.result(play_out(the_game.new_game(rules, seed=seed), SmallestGap()))
        assert result is not None
        print(f"seed {seed}: {'won' if result.won else f'{result.cards_left} cards left'}")

    bots: dict[str, Bot[the_game.Observation, the_game.Move]] = {
        "random": RandomBot(1), "smallest gap": SmallestGap(), "GreedyBot": GreedyBot(),
    }
    for name, bot in bots.items():
        results = [the_game.result(play_out(the_game.new_game(rules, seed=seed), bot)) for seed in range(200)]
        left = [result.cards_left for result in results if result is not None]
        won = sum(n == 0 for n in left)
        print(f"{name:>12}: {won / len(left):6.1%} won, {mean(left):5.1f} cards left on average (200 games)")


if __name__ == "__main__":
    main()
