"""Returns: cooperative for The Game, per side and zero-sum for Mille Bornes, zeros before the end."""

from __future__ import annotations

import pytest
from hypothesis import given

from cardrules import ArgumentError, rl
from cardrules.bots import RandomBot, play_out
from cardrules.bots.search import outcome_returns
from cardrules.games import mille_bornes, the_game
from tests import toy_game
from tests.toy_game.redeclared import redeclare

from .states import states


def expected_returns(state: object) -> tuple[float, ...]:
    """The returns as docs/rl.md states them, from the game's own result."""
    if isinstance(state, the_game.State):
        outcome = the_game.result(state)
        players = state.rules.players
        return (0.0,) * players if outcome is None else ((98 - outcome.cards_left) / 98,) * players
    assert isinstance(state, mille_bornes.State)
    rules = state.rules
    finished = mille_bornes.result(state)
    if finished is None:
        return (0.0,) * rules.players
    n, winners = rules.sides, finished.winners
    shares = [1 / len(winners) if side in winners else 0.0 for side in range(n)]
    return tuple((n * shares[rules.side_of(seat)] - 1) / (n - 1) for seat in range(rules.players))


@given(states)
def test_returns_are_zero_until_the_game_is_over_then_as_documented(state: object) -> None:
    values = rl.returns(state)
    assert values == pytest.approx(expected_returns(state))
    if isinstance(state, mille_bornes.State):
        assert sum(values[side] for side in range(state.rules.sides)) == pytest.approx(0)


def play_to_the_end(module: object, rules: object, seed: int) -> object:
    state = module.new_game(rules, seed=seed)  # type: ignore[attr-defined]
    while not module.is_terminal(state):  # type: ignore[attr-defined]
        state = module.apply(state, module.legal_moves(state)[0])  # type: ignore[attr-defined]
    return state


def test_every_player_of_the_game_gets_the_share_of_cards_laid() -> None:
    state = play_to_the_end(the_game, the_game.Rules(players=3), 4)
    assert isinstance(state, the_game.State)
    outcome = the_game.result(state)
    assert outcome is not None
    left = outcome.cards_left
    assert rl.returns(state) == ((98 - left) / 98,) * 3


@pytest.mark.parametrize("rules", [
    mille_bornes.Rules(target_score=None),
    mille_bornes.Rules(players=4, team_size=2),
    mille_bornes.Rules(players=3, target_score=None),
])
def test_mille_bornes_winners_get_one_and_losers_minus_one_over_sides(rules: mille_bornes.Rules) -> None:
    for seed in range(6):
        state = play_to_the_end(mille_bornes, rules, seed)
        outcome = mille_bornes.result(state)  # type: ignore[arg-type]
        values = rl.returns(state)
        n, k = rules.sides, len(outcome.winners)  # type: ignore[union-attr]
        for seat, value in enumerate(values):
            share = 1 / k if rules.side_of(seat) in outcome.winners else 0  # type: ignore[union-attr]
            assert value == pytest.approx((n * share - 1) / (n - 1))
        by_side = [values[side] for side in range(n)]
        assert sum(by_side) == pytest.approx(0)


def test_a_game_without_a_returns_facet_has_the_returns_its_result_gives() -> None:
    state = toy_game.new_game(toy_game.Rules(players=3), seed=1)
    while not toy_game.is_terminal(state):
        state = toy_game.apply(state, toy_game.legal_moves(state)[0])
    outcome = toy_game.result(state)
    assert outcome is not None
    assert rl.returns(state) == tuple(1 / len(outcome.winners) if seat in outcome.winners else 0.0
                                      for seat in range(3))


class Unreadable:
    """A result that says neither cards_left nor winners."""


def test_a_game_whose_result_says_no_winners_and_declares_no_returns_says_how_to_declare_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    redeclare(monkeypatch, result=lambda state: Unreadable())
    message = (r"Toy Mau's result names no winners, and the game declares no returns "
               r"facet \(returns='package\.module:function' in its Game\)")
    with pytest.raises(ArgumentError, match=message):
        rl.returns(toy_game.new_game(seed=1))


def test_a_games_returns_facet_gives_its_returns(monkeypatch: pytest.MonkeyPatch) -> None:
    redeclare(monkeypatch, returns="tests.rl.test_returns:all_half")
    assert rl.returns(toy_game.new_game(toy_game.Rules(players=3), seed=1)) == (0.5, 0.5, 0.5)


def all_half(state: toy_game.State) -> tuple[float, ...]:
    """A returns facet: a half for every seat, whatever happens."""
    return (0.5,) * state.rules.players


@pytest.mark.parametrize("bad", [None, the_game.Rules(), "state"])
def test_something_that_is_not_a_state_has_no_returns(bad: object) -> None:
    with pytest.raises(ArgumentError):
        rl.returns(bad)


def test_the_search_bots_values_are_the_games_returns_facet(monkeypatch: pytest.MonkeyPatch) -> None:
    # ISMCTSBot's default values and rl.returns read the same facet: no layer knows a game's result.
    redeclare(monkeypatch, returns="tests.rl.test_returns:all_half")
    state = toy_game.new_game(toy_game.Rules(players=3), seed=1)
    assert outcome_returns(state) == rl.returns(state) == (0.5, 0.5, 0.5)


def test_without_a_returns_facet_the_results_winners_share_one() -> None:
    final = play_out(toy_game.new_game(toy_game.Rules(players=3), seed=2), RandomBot(2))
    result = toy_game.result(final)
    assert result is not None
    share = 1 / len(result.winners)
    assert outcome_returns(final) == tuple(share if seat in result.winners else 0.0 for seat in range(3))
