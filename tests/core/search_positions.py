"""Positions and one-decision helpers shared by the search bots' tests."""

from __future__ import annotations

from typing import Any

import cardrules
from cardrules.bots import RandomBot
from cardrules.bots.search import outcome_returns
from cardrules.games import mille_bornes
from cardrules.registry import game_of

MILLE_BORNES_HAND = mille_bornes.Rules(players=2, target_score=None)


def midgame(rules: Any, seed: int, moves: int) -> Any:
    """A position a few random moves into a game, with a decision of more than one move."""
    game = game_of(rules)
    state = game.new_game(rules, seed=seed)
    bot = RandomBot(seed)
    for _ in range(moves):
        seat = game.current_player(state)
        assert seat is not None
        state = game.apply(state, bot.choose(game.observe(state, seat), game.legal_moves(state)))
    while len(game.legal_moves(state)) < 2:
        state = game.apply(state, game.legal_moves(state)[0])
    return state


def decide(bot: Any, state: Any) -> object:
    """What ``bot`` chooses for the seat on turn in ``state``."""
    seat = cardrules.current_player(state)
    assert seat is not None
    return bot.choose(cardrules.observe(state, seat), cardrules.legal_moves(state))


class Counting:
    """A value function that counts the simulated games it scores."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, state: object) -> tuple[float, ...]:
        self.calls += 1
        return outcome_returns(state)
