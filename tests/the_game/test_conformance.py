"""The library-wide conformance check, run over every combination of The Game's options."""

from __future__ import annotations

import pytest
from hypothesis import settings

from cardrules import ArgumentError
from cardrules.games.the_game import Rules, new_game, option_grid
from cardrules.testing import check_conformance

# A few games per rules value locally, more under the thorough (ci) hypothesis profile.
GAMES = max(3, settings().max_examples // 20)

GRID = option_grid()


def test_option_grid_covers_every_combination_of_options() -> None:
    assert len(GRID) == 5 * 2 * 2 * 2
    assert len(set(GRID)) == len(GRID)
    assert {rules.players for rules in GRID} == {1, 2, 3, 4, 5}


@pytest.mark.parametrize("rules", GRID, ids=repr)
def test_conformance(rules: Rules) -> None:
    seed = 1000 * GRID.index(rules)
    report = check_conformance(rules, games=GAMES, seed=seed)
    assert report.games == GAMES
    assert report.terminal_states == GAMES
    assert report.steps > 0
    assert report.illegal_moves_checked > 0


def test_conformance_refuses_a_state_given_for_the_rules() -> None:
    # A wrong argument is the caller's mistake, not the game's: ArgumentError, not ConformanceError.
    with pytest.raises(ArgumentError, match="not a rules value"):
        check_conformance(new_game(Rules(players=2), seed=1), games=1)  # type: ignore[arg-type]
