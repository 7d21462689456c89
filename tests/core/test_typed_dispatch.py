"""The package root is typed through the game contract: mypy (which runs over the tests) checks that
each verb gives the state's own types, and these tests check the same values at run time."""

from __future__ import annotations

import random

import cardrules
from cardrules.bots import RandomBot, play_out
from cardrules.games import mille_bornes, the_game


def test_the_root_verbs_give_the_types_of_the_states_game() -> None:
    state: the_game.State = the_game.new_game(the_game.Rules(players=2), seed=1)
    moves: tuple[the_game.Move, ...] = cardrules.legal_moves(state)
    after: the_game.State = cardrules.apply(state, moves[0])
    seen: the_game.Observation = cardrules.observe(after, 0)
    guess: the_game.State = cardrules.determinize(seen, random.Random(1))
    outcome: the_game.Result | None = cardrules.result(guess)
    assert (type(after), type(seen), type(guess), outcome) == (the_game.State, the_game.Observation,
                                                               the_game.State, None)


def test_play_out_gives_the_games_own_state() -> None:
    start = mille_bornes.new_game(mille_bornes.Rules(target_score=None), seed=2)
    final: mille_bornes.State = play_out(start, RandomBot(2))
    outcome: mille_bornes.Result | None = cardrules.result(final)
    assert outcome is not None
    assert len(outcome.totals) == 2
